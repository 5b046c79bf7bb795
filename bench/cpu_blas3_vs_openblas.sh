#!/usr/bin/env bash
# Level-3 BLAS beyond GEMM on the CPU backend (librocblas's rocblas_bench: the GEMM kernels'
# host twins on the `gemm` crate and the matrix kernels' twins, threaded) against OpenBLAS
# (scipy's bundled scipy-openblas, in the venv of cpu_blas1_vs_openblas.sh) on this machine:
# each family scipy exposes, best of RUNS (default 3) runs of ITERS calls, all cores on both
# sides, the same flop counts (trsm, trmm m^2 n; trtri n^3 / 3; symm, hemm 2 m^2 n; syrk,
# herk n^2 k; syr2k, her2k 2 n^2 k; times 4 for c and z: 8 real flops per complex
# multiply-add). N (default 2048) = m = n = k. CASES=complex: the c/z cases.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/bench-venv
[[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
"$VENV/bin/python" -c 'import scipy' 2>/dev/null || "$VENV/bin/pip" install -q numpy scipy
cargo build --release -q -p librocblas --example rocblas_bench
B=target/release/examples/rocblas_bench
N=${N:-2048} RUNS=${RUNS:-3} ITERS=${ITERS:-3}
# function:precisions:side:uplo:op
CASES=${CASES:-"trsm:sd:L:L:N trsm:s:R:U:N trmm:sd:L:L:N trtri:sd:L:U:N symm:sd:L:U:N syrk:sd:L:U:N syrk:s:L:L:T syr2k:sd:L:U:N"}
[[ $CASES == complex ]] && CASES="trsm:cz:L:L:N trmm:cz:L:L:N trtri:cz:L:U:N symm:cz:L:U:N hemm:cz:L:U:N syrk:cz:L:U:N herk:cz:L:U:N syr2k:cz:L:U:N her2k:cz:L:U:N"
printf '%-6s %-2s %-6s %12s %12s %7s\n' func r shape "oxrocm GF/s" "OpenBLAS" ratio
for c in $CASES; do
    IFS=: read -r f rs side uplo op <<<"$c"
    for r in $(echo $rs | grep -o .); do
        ours=0
        for _ in $(seq "$RUNS"); do
            g=$(OXROCM_BACKEND=cpu "$B" -f $f -r $r -m $N -n $N -k $N --side $side --uplo $uplo --transposeA $op -i "$ITERS" -j 1 | tail -1 | cut -d, -f13)
            ours=$(python3 -c "print(max($ours, $g))")
        done
        ref=$("$VENV/bin/python" - "$f" "$r" "$N" "$side" "$uplo" "$op" "$RUNS" "$ITERS" <<'PY'
import sys, time, numpy as np
from scipy.linalg import blas, lapack
f, r, n, side, uplo, op, runs, iters = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6], int(sys.argv[7]), int(sys.argv[8])
dt = {"s": np.float32, "d": np.float64, "c": np.complex64, "z": np.complex128}[r]
rng = np.random.default_rng(1)
def arr(*s):
    x = rng.standard_normal(s) / 4
    if r in "cz":
        x = x + 1j * rng.standard_normal(s) / 4
    return np.asfortranarray(x.astype(dt))
A = arr(n, n) / n
A[np.arange(n), np.arange(n)] += 2
B, C = arr(n, n), arr(n, n)
lower = 1 if uplo == "L" else 0
sd = 1 if side == "R" else 0
tr = 1 if op == "T" else 0
F = lambda name: getattr(blas, r + name)
calls = {
    "trsm": lambda: F("trsm")(1.0, A, B, side=sd, lower=lower, trans_a=tr),
    "trmm": lambda: F("trmm")(1.0, A, B, side=sd, lower=lower, trans_a=tr),
    "trtri": lambda: getattr(lapack, r + "trtri")(A, lower=lower),
    "symm": lambda: F("symm")(1.0, A, B, beta=0.5, c=C, side=sd, lower=lower),
    "syrk": lambda: F("syrk")(1.0, A, beta=0.5, c=C, trans=tr, lower=lower),
    "syr2k": lambda: F("syr2k")(1.0, A, B, beta=0.5, c=C, trans=tr, lower=lower),
    "hemm": lambda: F("hemm")(1.0, A, B, beta=0.5, c=C, side=sd, lower=lower),
    "herk": lambda: F("herk")(1.0, A, beta=0.5, c=C, trans=2 * tr, lower=lower),
    "her2k": lambda: F("her2k")(1.0, A, B, beta=0.5, c=C, trans=2 * tr, lower=lower),
}
flops = {"trsm": n ** 3, "trmm": n ** 3, "trtri": n ** 3 / 3, "symm": 2 * n ** 3, "syrk": n ** 3, "syr2k": 2 * n ** 3}[f.replace("hemm", "symm").replace("her", "syr")]
flops *= 4 if r in "cz" else 1
call = calls[f]
call()
best = 0.0
for _ in range(runs):
    t = time.perf_counter()
    for _ in range(iters):
        call()
    best = max(best, flops * iters / (time.perf_counter() - t) / 1e9)
print(f"{best:.1f}")
PY
)
        printf '%-6s %-2s %-6s %12.1f %12.1f %7.2f\n' $f $r "$side$uplo$op" "$ours" "$ref" "$(python3 -c "print($ours / $ref)")"
    done
done
