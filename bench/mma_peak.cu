// Peak rate of the warp-level tensor-core instruction (mma.sync m16n8k16, f16 inputs, f32
// sums) on an NVIDIA GPU: the instruction class a Vulkan cooperative-matrix shader compiles
// to. cuBLAS on Hopper uses warpgroup MMA (wgmma) instead, which Vulkan does not expose, so
// this is the ceiling our f16 GEMM kernel can approach, against cuBLAS's.
// Build: nvcc -O3 -gencode=arch=compute_90,code=sm_90 bench/mma_peak.cu -o mma_peak
#include <cstdio>
#include <cuda_runtime.h>

template <int ACC>
__global__ void mma_loop(float* sink, int iters) {
    // Operand registers hold f16 pairs; their values do not change the rate (finite, small).
    unsigned a0 = 0x3c003c00u ^ threadIdx.x, a1 = 0x38003800u, a2 = 0x34003400u, a3 = 0x30003000u;
    unsigned b0 = 0x3c003800u, b1 = 0x34003000u;
    float c[ACC][4];
#pragma unroll
    for (int j = 0; j < ACC; j++) c[j][0] = c[j][1] = c[j][2] = c[j][3] = 0.0f;
    for (int it = 0; it < iters; it++) {
#pragma unroll
        for (int j = 0; j < ACC; j++) {
            asm volatile(
                "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                : "+f"(c[j][0]), "+f"(c[j][1]), "+f"(c[j][2]), "+f"(c[j][3])
                : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        }
    }
    float s = 0.0f;
#pragma unroll
    for (int j = 0; j < ACC; j++) s += c[j][0] + c[j][1] + c[j][2] + c[j][3];
    if (s == 1234.5f) sink[threadIdx.x] = s;  // keeps the loop alive
}

template <int ACC>
static void run(int sms, int warps_per_block) {
    float* sink;
    cudaMalloc(&sink, 4096);
    const int iters = 20000, blocks = sms * 4;
    dim3 block(32 * warps_per_block);
    mma_loop<ACC><<<blocks, block>>>(sink, 1000);  // warm-up (clocks)
    cudaEvent_t t0, t1;
    cudaEventCreate(&t0);
    cudaEventCreate(&t1);
    float best = 0.0f;
    for (int rep = 0; rep < 5; rep++) {
        cudaEventRecord(t0);
        mma_loop<ACC><<<blocks, block>>>(sink, iters);
        cudaEventRecord(t1);
        cudaEventSynchronize(t1);
        float ms = 0.0f;
        cudaEventElapsedTime(&ms, t0, t1);
        double flops = 2.0 * 16 * 8 * 16 * double(ACC) * iters * blocks * warps_per_block;
        float tf = float(flops / (ms * 1e-3) / 1e12);
        if (tf > best) best = tf;
    }
    cudaError_t e = cudaGetLastError();
    printf("mma.sync m16n8k16 f16->f32: %d accumulators, %d warps/block, %d blocks: %.1f TFLOP/s%s%s\n", ACC,
           warps_per_block, blocks, best, e ? " error: " : "", e ? cudaGetErrorString(e) : "");
    cudaFree(sink);
}

int main() {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);
    run<4>(prop.multiProcessorCount, 4);
    run<8>(prop.multiProcessorCount, 4);
    run<8>(prop.multiProcessorCount, 8);
    run<16>(prop.multiProcessorCount, 4);
    return 0;
}
