"""cuBLAS GEMM throughput through PyTorch, the reference for librocblas's GEMM benchmarks:
python3 gemm_cuda_reference.py [f32|f64|f16|bf16] M N K [iters] [warmup_ms]. FP32 without TF32 (the
full-precision sgemm that rocblas_sgemm computes)."""
import sys, time, torch

torch.backends.cuda.matmul.allow_tf32 = False
ty = sys.argv[1] if len(sys.argv) > 1 else "f32"
m, n, k = (int(sys.argv[i]) if len(sys.argv) > i else 8192 for i in (2, 3, 4))
iters = int(sys.argv[5]) if len(sys.argv) > 5 else 10
dt = {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16, "bf16": torch.bfloat16}[ty]
a = torch.rand(k, m, dtype=dt, device="cuda").t()  # column-major m x k
b = torch.rand(n, k, dtype=dt, device="cuda").t()
warmup = (float(sys.argv[6]) if len(sys.argv) > 6 else 0.0) / 1e3
c = a @ b
torch.cuda.synchronize()
t0 = time.perf_counter()
while time.perf_counter() - t0 < warmup:
    c = a @ b
    torch.cuda.synchronize()
t = time.perf_counter()
for _ in range(iters):
    c = a @ b
torch.cuda.synchronize()
s = (time.perf_counter() - t) / iters
print(f"cuBLAS gemm {ty} {m}x{n}x{k}: {2 * m * n * k / s / 1e9:.1f} GFLOP/s")
