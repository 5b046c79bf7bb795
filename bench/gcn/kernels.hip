// Throughput of two sample kernels run through oxrocm's AMDGCN interpreter (CPU backend):
// vector_add (c = a + b, grid-stride) and block_reduce (per-block sums with wave shuffles
// and LDS). Built with hipcc for gfx1100; kernel time from hipEvents, median of 7 after a
// warm-up launch (which also pays for decoding the code object, reported separately).
// cpu_reference.cpp computes the same with g++ -O2 -fopenmp on the same cores.
#include <hip/hip_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(x) do { hipError_t e = (x); if (e != hipSuccess) { std::printf("FAIL %s: %s\n", #x, hipGetErrorString(e)); return 1; } } while (0)

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    c[i] = a[i] + b[i];
}

__device__ int warp_sum(int v) {
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down(v, off);
  return v;
}

__global__ void reduce_sum(const int* in, int* out, int n) {
  __shared__ int partial[256];
  int sum = 0;
  for (int i = blockIdx.x * 256 + threadIdx.x; i < n; i += 256 * gridDim.x) sum += in[i];
  sum = warp_sum(sum);
  int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
  if (lane == 0) partial[wid] = sum;
  __syncthreads();
  if (wid == 0) {
    sum = lane < 256 / warpSize ? partial[lane] : 0;
    sum = warp_sum(sum);
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

template <class F> static double median_ms(F launch) {
  std::vector<double> t;
  hipEvent_t a, b;
  hipEventCreate(&a); hipEventCreate(&b);
  for (int r = 0; r < 7; ++r) {
    hipEventRecord(a, 0); launch(); hipEventRecord(b, 0); hipEventSynchronize(b);
    float ms = 0; hipEventElapsedTime(&ms, a, b); t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[3];
}

int main(int argc, char** argv) {
  // An argument names the one kernel to run (for profiling): vector_add or block_reduce.
  const char* only = argc > 1 ? argv[1] : "";
  const int n = 1 << 22, blocks = 256;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) { a[i] = i * 0.5f; b[i] = (float)(n - i); }
  float *da, *db, *dc;
  CHECK(hipMalloc(&da, n * 4)); CHECK(hipMalloc(&db, n * 4)); CHECK(hipMalloc(&dc, n * 4));
  CHECK(hipMemcpy(da, a.data(), n * 4, hipMemcpyHostToDevice));
  CHECK(hipMemcpy(db, b.data(), n * 4, hipMemcpyHostToDevice));
  if (std::strcmp(only, "block_reduce") != 0) {
  auto t0 = std::chrono::steady_clock::now();
  vadd<<<blocks, 256>>>(da, db, dc, n);
  CHECK(hipDeviceSynchronize());
  double first = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  double ms = median_ms([&] { vadd<<<blocks, 256>>>(da, db, dc, n); });
  CHECK(hipMemcpy(c.data(), dc, n * 4, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) if (c[i] != a[i] + b[i]) { std::printf("FAIL vadd at %d\n", i); return 1; }
  std::printf("vector_add n=%d: %.3f ms, %.1f M elements/s (first launch incl. code decode %.1f ms)\n", n, ms, n / ms / 1e3, first);
  }
  if (std::strcmp(only, "vector_add") == 0) return 0;

  const int m = 3 * 1000 * 1000 + 7, rblocks = 120;
  std::vector<int> h(m);
  long long want = 0;
  for (int i = 0; i < m; ++i) { h[i] = (int)((i * 2654435761u) % 17) - 8; want += h[i]; }
  int *din, *dpart;
  CHECK(hipMalloc(&din, m * 4)); CHECK(hipMalloc(&dpart, rblocks * 4));
  CHECK(hipMemcpy(din, h.data(), m * 4, hipMemcpyHostToDevice));
  reduce_sum<<<rblocks, 256>>>(din, dpart, m);
  double ms = median_ms([&] { reduce_sum<<<rblocks, 256>>>(din, dpart, m); });
  std::vector<int> part(rblocks);
  CHECK(hipMemcpy(part.data(), dpart, rblocks * 4, hipMemcpyDeviceToHost));
  long long got = 0;
  for (int p : part) got += p;
  if (got != want) { std::printf("FAIL reduce %lld != %lld\n", got, want); return 1; }
  std::printf("block_reduce n=%d: %.3f ms, %.1f M elements/s\n", m, ms, m / ms / 1e3);
  return 0;
}
