"""cuBLAS Level-2 throughput, the reference for librocblas's Level-2 benchmarks: the same calls
as `rocblas_bench -f F -r R -m M -n N [-k K | --kl KL --ku KU] --transposeA OP --uplo U`
(host scalars, tight leading dimensions, unit increments), made on cuBLAS itself through
ctypes (PyTorch's bundled libcublas) on PyTorch's CUDA tensors, timed with the same
accounting of bytes (every stored entry read once, written entries written once, x read, y
read and written).

  python3 blas2_cuda_reference.py F:R:M:N:K:OP[,F:R:M:N:K:OP...] [iters] [warmup_ms]

K is the band width (gbmv: kl = ku = K), OP N|T|C. Prints for each:
cuBLAS F R M N: GB/s, us per call."""
import ctypes, sys, time
import torch
from cublas_handle import cublas

specs = [x.split(":") for x in sys.argv[1].split(",")]
iters = int(sys.argv[2]) if len(sys.argv) > 2 else 50
warmup = (float(sys.argv[3]) if len(sys.argv) > 3 else 300.0) / 1e3


lib, handle = cublas()
UPPER, NONUNIT = 1, 0  # CUBLAS_FILL_MODE_UPPER, CUBLAS_DIAG_NON_UNIT


def bench(f, r, m, n, k, op):
    cplx = r in ("c", "z")
    dt = {"s": torch.float32, "d": torch.float64, "c": torch.complex64, "z": torch.complex128}[r]
    es = torch.tensor([], dtype=dt).element_size()
    L = {"s": "S", "d": "D", "c": "C", "z": "Z"}[r]
    opc = {"N": 0, "T": 1, "C": 2}[op]
    packed = f in ("spmv", "hpmv", "spr", "hpr", "spr2", "hpr2", "tpmv", "tpsv")
    band = f in ("sbmv", "hbmv", "tbmv", "tbsv")
    if f in ("gemv", "ger", "geru", "gerc"):
        lda, stored, entries = m, m * n, m * n
    elif f == "gbmv":
        lda = 2 * k + 1
        stored = lda * n
        entries = sum(min(j + k + 1, m) - max(j - k, 0) for j in range(n))
    elif band:
        lda, stored = k + 1, (k + 1) * n
        entries = sum(j + 1 - max(j - k, 0) for j in range(n))
    elif packed:
        lda, stored, entries = 1, n * (n + 1) // 2, n * (n + 1) // 2
    else:
        lda, stored, entries = n, n * n, n * (n + 1) // 2
    a = torch.randn(stored, dtype=dt, device="cuda") / 4
    if f.startswith("t"):
        # diagonally dominant: solves stay finite
        a = a / n
        if packed:
            idx = torch.tensor([j * (j + 1) // 2 + j for j in range(n)], device="cuda")
        elif band:
            idx = torch.arange(n, device="cuda") * lda + k
        else:
            idx = torch.arange(n, device="cuda") * (lda + 1)
        a[idx] += 2
    update = f in ("ger", "geru", "gerc", "syr", "her", "spr", "hpr", "syr2", "her2", "spr2", "hpr2")
    if f in ("gemv", "gbmv"):
        xl, yl = (n, m) if op == "N" else (m, n)
    elif update and f.startswith("ger"):
        xl, yl = m, n
    else:
        xl, yl = n, n
    x = torch.randn(xl, dtype=dt, device="cuda") / 4
    y = torch.randn(yl, dtype=dt, device="cuda") / 4
    real = ctypes.c_float if r in ("s", "c") else ctypes.c_double
    if cplx:
        alpha, beta = (real * 2)(0.75, -0.25), (real * 2)(0.5, 0.25)
    else:
        alpha, beta = real(0.75), real(0.5)
    ralpha = real(0.75)
    P = lambda t: ctypes.c_void_p(t.data_ptr())
    A, X, Y = P(a), P(x), P(y)
    one = ctypes.c_int(1)
    M, N, K, LDA = ctypes.c_int(m), ctypes.c_int(n), ctypes.c_int(k), ctypes.c_int(lda)
    al, be = ctypes.byref(alpha), ctypes.byref(beta)
    H = "Ch" if r == "c" else "Zh"
    calls = {
        "gemv": (f"cublas{L}gemv_v2", (opc, M, N, al, A, LDA, X, one, be, Y, one)),
        "gbmv": (f"cublas{L}gbmv_v2", (opc, M, N, K, K, al, A, LDA, X, one, be, Y, one)),
        "ger": (f"cublas{L}ger_v2", (M, N, al, X, one, Y, one, A, LDA)),
        "geru": (f"cublas{L}geru_v2", (M, N, al, X, one, Y, one, A, LDA)),
        "gerc": (f"cublas{L}gerc_v2", (M, N, al, X, one, Y, one, A, LDA)),
        "symv": (f"cublas{L}symv_v2", (UPPER, N, al, A, LDA, X, one, be, Y, one)),
        "hemv": (f"cublas{L}hemv_v2", (UPPER, N, al, A, LDA, X, one, be, Y, one)),
        "sbmv": (f"cublas{L}sbmv_v2", (UPPER, N, K, al, A, LDA, X, one, be, Y, one)),
        "hbmv": (f"cublas{L}hbmv_v2", (UPPER, N, K, al, A, LDA, X, one, be, Y, one)),
        "spmv": (f"cublas{L}spmv_v2", (UPPER, N, al, A, X, one, be, Y, one)),
        "hpmv": (f"cublas{L}hpmv_v2", (UPPER, N, al, A, X, one, be, Y, one)),
        "syr": (f"cublas{L}syr_v2", (UPPER, N, al, X, one, A, LDA)),
        "her": (f"cublas{L}her_v2", (UPPER, N, ctypes.byref(ralpha), X, one, A, LDA)),
        "spr": (f"cublas{L}spr_v2", (UPPER, N, al, X, one, A)),
        "hpr": (f"cublas{L}hpr_v2", (UPPER, N, ctypes.byref(ralpha), X, one, A)),
        "syr2": (f"cublas{L}syr2_v2", (UPPER, N, al, X, one, Y, one, A, LDA)),
        "her2": (f"cublas{L}her2_v2", (UPPER, N, al, X, one, Y, one, A, LDA)),
        "spr2": (f"cublas{L}spr2_v2", (UPPER, N, al, X, one, Y, one, A)),
        "hpr2": (f"cublas{L}hpr2_v2", (UPPER, N, al, X, one, Y, one, A)),
        "trmv": (f"cublas{L}trmv_v2", (UPPER, opc, NONUNIT, N, A, LDA, X, one)),
        "trsv": (f"cublas{L}trsv_v2", (UPPER, opc, NONUNIT, N, A, LDA, X, one)),
        "tbmv": (f"cublas{L}tbmv_v2", (UPPER, opc, NONUNIT, N, K, A, LDA, X, one)),
        "tbsv": (f"cublas{L}tbsv_v2", (UPPER, opc, NONUNIT, N, K, A, LDA, X, one)),
        "tpmv": (f"cublas{L}tpmv_v2", (UPPER, opc, NONUNIT, N, A, X, one)),
        "tpsv": (f"cublas{L}tpsv_v2", (UPPER, opc, NONUNIT, N, A, X, one)),
    }
    name, args = calls[f]
    fn = getattr(lib, name)
    x0 = x.clone()

    def once():
        rc = fn(handle, *args)
        if rc != 0:
            raise SystemExit(f"{name} returned {rc}")

    once()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warmup:
        for _ in range(16):
            once()
        torch.cuda.synchronize()
        if f.startswith("t"):
            x.copy_(x0)  # trmv grows x, trsv shrinks it: keep it finite
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        once()
    stop.record()
    torch.cuda.synchronize()
    us = start.elapsed_time(stop) * 1e3 / iters
    if update:
        elems = 2 * entries + xl + (yl if (f.endswith("2") or f.startswith("ger")) else 0)
    elif f.startswith("t"):
        elems = entries + 2 * n
    else:
        elems = entries + xl + 2 * yl
    print(f"cuBLAS {f} {r} {m} {n}: {elems * es / us / 1e3:.1f} GB/s, {us:.2f} us per call")


for f, r, m, n, k, op in specs:
    bench(f, r, int(m), int(n), int(k), op)
