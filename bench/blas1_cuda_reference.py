"""cuBLAS Level-1 throughput, the reference for librocblas's Level-1 benchmarks: the same calls
as `rocblas_bench -f F -r R -n N` (device pointer mode, unit increments), made on cuBLAS
itself through ctypes (PyTorch's bundled libcublas), on PyTorch's CUDA tensors, timed with
the same accounting of bytes (every vector read once, every written vector written once).

  python3 blas1_cuda_reference.py F:R:N[,F:R:N...] [iters] [warmup_ms]

Prints for each: cuBLAS F R N: GB/s, us per call."""
import ctypes, sys, time
import torch
from cublas_handle import cublas

specs = [tuple(x.split(":")) for x in sys.argv[1].split(",")]
iters = int(sys.argv[2]) if len(sys.argv) > 2 else 50
warmup = (float(sys.argv[3]) if len(sys.argv) > 3 else 300.0) / 1e3


lib, handle = cublas()
assert lib.cublasSetPointerMode_v2(handle, 1) == 0  # CUBLAS_POINTER_MODE_DEVICE

def bench(f, r, n):
    cplx = r in ("c", "z")
    real = torch.float32 if r in ("s", "c") else torch.float64
    dt = {"s": torch.float32, "d": torch.float64, "c": torch.complex64, "z": torch.complex128}[r]
    es = torch.tensor([], dtype=dt).element_size()
    x = torch.randn(n, dtype=dt, device="cuda") / 4
    y = torch.randn(n, dtype=dt, device="cuda") / 4
    alpha = torch.tensor([0.75 - 0.25j if cplx else 0.75], dtype=dt, device="cuda")
    cs = torch.tensor([0.6], dtype=real, device="cuda")
    ss = torch.tensor([0.8], dtype=dt, device="cuda")
    param = torch.tensor([-1.0, 0.5, -0.25, 0.75, 1.25], dtype=real, device="cuda")
    res = torch.zeros(2, dtype=dt, device="cuda")
    ires = torch.zeros(1, dtype=torch.int32, device="cuda")
    P = lambda t: ctypes.c_void_p(t.data_ptr())
    N = ctypes.c_int(n)
    one = ctypes.c_int(1)
    L = {"s": "S", "d": "D", "c": "C", "z": "Z"}[r]
    R1 = {"s": "S", "d": "D", "c": "Sc", "z": "Dz"}[r]  # nrm2/asum of complex vectors
    I = {"s": "s", "d": "d", "c": "c", "z": "z"}[r]
    calls = {
        "axpy": (f"cublas{L}axpy_v2", lambda fn: fn(handle, N, P(alpha), P(x), one, P(y), one), 3),
        "scal": (f"cublas{L}scal_v2", lambda fn: fn(handle, N, P(alpha), P(x), one), 2),
        "copy": (f"cublas{L}copy_v2", lambda fn: fn(handle, N, P(x), one, P(y), one), 2),
        "swap": (f"cublas{L}swap_v2", lambda fn: fn(handle, N, P(x), one, P(y), one), 4),
        "dot": (f"cublas{L}dot{'u' if cplx else ''}_v2", lambda fn: fn(handle, N, P(x), one, P(y), one, P(res)), 2),
        "dotc": (f"cublas{L}dotc_v2", lambda fn: fn(handle, N, P(x), one, P(y), one, P(res)), 2),
        "nrm2": (f"cublas{R1}nrm2_v2", lambda fn: fn(handle, N, P(x), one, P(res)), 1),
        "asum": (f"cublas{R1}asum_v2", lambda fn: fn(handle, N, P(x), one, P(res)), 1),
        "iamax": (f"cublasI{I}amax_v2", lambda fn: fn(handle, N, P(x), one, P(ires)), 1),
        "iamin": (f"cublasI{I}amin_v2", lambda fn: fn(handle, N, P(x), one, P(ires)), 1),
        "rot": (f"cublas{L}rot_v2", lambda fn: fn(handle, N, P(x), one, P(y), one, P(cs), P(ss)), 4),
        "rotm": (f"cublas{L}rotm_v2", lambda fn: fn(handle, N, P(x), one, P(y), one, P(param)), 4),
    }
    name, call, vectors = calls[f]
    fn = getattr(lib, name)


    def once():
        rc = call(fn)
        if rc != 0:
            raise SystemExit(f"{name} returned {rc}")


    once()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warmup:
        once()
        torch.cuda.synchronize()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        once()
    stop.record()
    torch.cuda.synchronize()
    us = start.elapsed_time(stop) * 1e3 / iters
    print(f"cuBLAS {f} {r} {n}: {vectors * n * es / us / 1e3:.1f} GB/s, {us:.2f} us per call")


for f, r, n in specs:
    bench(f, r, int(n))
