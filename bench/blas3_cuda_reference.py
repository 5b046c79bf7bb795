"""cuBLAS Level-3 (beyond GEMM) throughput, the reference for librocblas's Level-3 benchmarks:
the same calls as `rocblas_bench -f F -r R -m M -n N -k K --side S --uplo U --transposeA OP`
(host scalars, tight leading dimensions), made on cuBLAS itself through ctypes (PyTorch's
bundled libcublas) on PyTorch's CUDA tensors, timed with the same flop and byte counts.
trmm is cuBLAS's (out of place, as rocBLAS's trmm_outofplace); cuBLAS has no trtri, so
trtri is timed as trsm of the identity (n^3/3 flops counted as for trtri). Precisions s, d,
c, z (8 real flops per complex multiply-add); hemm, herk, herkx and her2k in c and z with
real scalars where cuBLAS takes them (herk's alpha, the rank-k betas); OP is N, T or C.

  python3 blas3_cuda_reference.py F:R:M:N:K:SIDE:UPLO:OP[,...] [iters] [warmup_ms]

Prints for each: cuBLAS F R M N K: GFLOP/s (geam, dgmm: GB/s), us per call."""
import ctypes, sys, time
import torch
from cublas_handle import cublas

specs = [x.split(":") for x in sys.argv[1].split(",")]
iters = int(sys.argv[2]) if len(sys.argv) > 2 else 20
warmup = (float(sys.argv[3]) if len(sys.argv) > 3 else 300.0) / 1e3


lib, handle = cublas()


def bench(f, r, m, n, k, side, uplo, op):
    dt = {"s": torch.float32, "d": torch.float64, "c": torch.complex64, "z": torch.complex128}[r]
    es = {"s": 4, "d": 8, "c": 8, "z": 16}[r]
    per_fma = 4 if r in "cz" else 1
    L = r.upper()
    left = side == "L"
    S = 0 if left else 1  # CUBLAS_SIDE_LEFT / RIGHT
    U = 1 if uplo == "U" else 0  # CUBLAS_FILL_MODE_UPPER / LOWER
    O = {"N": 0, "T": 1, "C": 2}[op]
    ka = m if left else n
    real = ctypes.c_float if r in "sc" else ctypes.c_double
    # Complex scalars as cuComplex / cuDoubleComplex: two reals.
    scalar = (lambda v: (real * 2)(v, 0.0)) if r in "cz" else real
    alpha, beta = scalar(1.0), scalar(0.5)
    ralpha, rbeta = real(1.0), real(0.5)
    al, be = ctypes.byref(alpha), ctypes.byref(beta)
    ral, rbe = ctypes.byref(ralpha), ctypes.byref(rbeta)
    P = lambda t: ctypes.c_void_p(t.data_ptr())
    I = ctypes.c_int

    def tri(k_):
        a = torch.randn(k_, k_, dtype=dt, device="cuda") / k_
        a += 2 * torch.eye(k_, dtype=dt, device="cuda")
        return a.t().contiguous().t()  # column-major view: data laid out by columns

    if f in ("trsm", "trmm", "symm", "hemm"):
        a = tri(ka)
        b = torch.randn(n, m, dtype=dt, device="cuda").t()  # m x n, column-major
        c = torch.empty(n, m, dtype=dt, device="cuda").t()
    elif f == "trtri":
        a = tri(n)
        b = torch.eye(n, dtype=dt, device="cuda").t().contiguous().t()
        c = None
    elif f in ("syrk", "syrkx", "syr2k", "herk", "herkx", "her2k"):
        ra, ca = (k, n) if op != "N" else (n, k)
        a = torch.randn(ca, ra, dtype=dt, device="cuda").t()
        b = torch.randn(ca, ra, dtype=dt, device="cuda").t()
        c = torch.randn(n, n, dtype=dt, device="cuda").t()
    elif f == "geam":
        a = torch.randn(n, m, dtype=dt, device="cuda").t()
        b = torch.randn(n, m, dtype=dt, device="cuda").t()
        c = torch.empty(n, m, dtype=dt, device="cuda").t()
    else:  # dgmm
        a = torch.randn(n, m, dtype=dt, device="cuda").t()
        b = torch.randn(m if left else n, dtype=dt, device="cuda")
        c = torch.empty(n, m, dtype=dt, device="cuda").t()
    ld = lambda t: I(t.stride(1))
    M, N, K = I(m), I(n), I(k)
    b0 = b.clone()
    calls = {
        "trsm": (f"cublas{L}trsm_v2", lambda: (S, U, O, 0, M, N, al, P(a), ld(a), P(b), ld(b))),
        "trmm": (f"cublas{L}trmm_v2", lambda: (S, U, O, 0, M, N, al, P(a), ld(a), P(b), ld(b), P(c), ld(c))),
        "trtri": (f"cublas{L}trsm_v2", lambda: (0, U, 0, 0, N, N, al, P(a), ld(a), P(b), ld(b))),
        "symm": (f"cublas{L}symm_v2", lambda: (S, U, M, N, al, P(a), ld(a), P(b), ld(b), be, P(c), ld(c))),
        "hemm": (f"cublas{L}hemm_v2", lambda: (S, U, M, N, al, P(a), ld(a), P(b), ld(b), be, P(c), ld(c))),
        "herk": (f"cublas{L}herk_v2", lambda: (U, O, N, K, ral, P(a), ld(a), rbe, P(c), ld(c))),
        "herkx": (f"cublas{L}herkx", lambda: (U, O, N, K, al, P(a), ld(a), P(b), ld(b), rbe, P(c), ld(c))),
        "her2k": (f"cublas{L}her2k_v2", lambda: (U, O, N, K, al, P(a), ld(a), P(b), ld(b), rbe, P(c), ld(c))),
        "syrk": (f"cublas{L}syrk_v2", lambda: (U, O, N, K, al, P(a), ld(a), be, P(c), ld(c))),
        "syrkx": (f"cublas{L}syrkx", lambda: (U, O, N, K, al, P(a), ld(a), P(b), ld(b), be, P(c), ld(c))),
        "syr2k": (f"cublas{L}syr2k_v2", lambda: (U, O, N, K, al, P(a), ld(a), P(b), ld(b), be, P(c), ld(c))),
        "geam": (f"cublas{L}geam", lambda: (O, 0, M, N, al, P(a), ld(a), be, P(b), ld(b), P(c), ld(c))),
        "dgmm": (f"cublas{L}dgmm", lambda: (S, M, N, P(a), ld(a), P(b), I(1), P(c), ld(c))),
    }
    name, args = calls[f]
    fn = getattr(lib, name)
    argv = args()

    def once():
        rc = fn(handle, *argv)
        if rc != 0:
            raise SystemExit(f"{name} returned {rc}")

    once()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warmup:
        for _ in range(4):
            once()
        torch.cuda.synchronize()
        if f in ("trsm", "trtri"):
            b.copy_(b0)
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        once()
    stop.record()
    torch.cuda.synchronize()
    us = start.elapsed_time(stop) * 1e3 / iters
    flops = {
        "trsm": (m * m * n if left else m * n * n), "trmm": (m * m * n if left else m * n * n), "trtri": n ** 3 / 3,
        "symm": 2 * (m * m * n if left else m * n * n), "syrk": n * n * k, "syrkx": n * n * k, "syr2k": 2 * n * n * k,
    }.get(f.replace("hemm", "symm").replace("her", "syr"))
    flops = flops and flops * per_fma
    if flops:
        print(f"cuBLAS {f} {r} {m} {n} {k}: {flops / us / 1e3:.1f} GFLOP/s, {us:.1f} us per call")
    else:
        bytes_ = (3 if f == "geam" else 2) * m * n * es
        print(f"cuBLAS {f} {r} {m} {n} {k}: {bytes_ / us / 1e3:.1f} GB/s, {us:.1f} us per call")


for f, r, m, n, k, side, uplo, op in specs:
    bench(f, r, int(m), int(n), int(k), side, uplo, op)
