#!/usr/bin/env bash
# Runs on the lent GPU machine: complex GEMM (cgemm, zgemm through rocblas_gemm_ex) on the
# Vulkan backend against PyTorch's complex matmul (cuBLAS cgemm/zgemm), N^3 with N = 4096,
# every transpose pair of N and C for A. Expects .devcarry-blas1 and .gl; writes $OUT/cgemm.txt.
set -u
C=$PWD/${1:-.devcarry-blas1}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
N=${N:-4096}
R=$OUT/cgemm.txt
{
    echo "== oxrocm (Vulkan), GFLOP/s (8 real flops per complex multiply-add), us per call"
    for r in c z; do
        for ta in N C; do
            printf 'oxrocm %s %s N: ' $r $ta
            timeout 200 "$C/rocblas_bench" -f gemm_ex -r $r -m $N -n $N -k $N --transposeA $ta -i 10 -j 2 --warmup_ms 500 | tail -1 | awk -F, '{print $11 " GFLOP/s, " $12 " us"}'
        done
    done
    echo "== cuBLAS through torch.matmul"
    python3 - "$N" <<'PY'
import sys, time, torch
n = int(sys.argv[1])
for dt, name in ((torch.complex64, "c"), (torch.complex128, "z")):
    for ta in ("N", "C"):
        a = torch.randn(n, n, dtype=dt, device="cuda"); b = torch.randn(n, n, dtype=dt, device="cuda")
        op = (lambda: a.conj().t() @ b) if ta == "C" else (lambda: a @ b)
        op(); torch.cuda.synchronize()
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 0.5:
            op(); torch.cuda.synchronize()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(10):
            op()
        e.record(); torch.cuda.synchronize()
        us = s.elapsed_time(e) * 1e3 / 10
        print(f"cuBLAS {name} {ta} N: {8 * n ** 3 / us / 1e3:.1f} GFLOP/s, {us:.1f} us")
PY
} > "$R" 2>&1
cat "$R"
