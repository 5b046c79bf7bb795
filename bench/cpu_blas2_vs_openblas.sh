#!/usr/bin/env bash
# Level-2 BLAS on the CPU backend (librocblas's rocblas_bench, the kernels' host twins,
# threaded) against OpenBLAS (scipy's bundled scipy-openblas, in the venv of
# cpu_blas1_vs_openblas.sh) on this machine: a large call of each family scipy exposes,
# best of RUNS (default 3) runs of ITERS calls each (ours after WARMUP_MS of calls, as the
# best of OpenBLAS's runs in one process is warm), all cores on both sides, the same byte
# accounting (stored entries read once, written ones written once, x read, y read and
# written). N (default 4096) for full and packed storage, 2^20 columns of band width 32.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/bench-venv
[[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
"$VENV/bin/python" -c 'import scipy' 2>/dev/null || "$VENV/bin/pip" install -q numpy scipy
cargo build --release -q -p librocblas --example rocblas_bench
B=target/release/examples/rocblas_bench
N=${N:-4096} NB=${NB:-1048576} K=32 RUNS=${RUNS:-3} ITERS=${ITERS:-10} WARMUP_MS=${WARMUP_MS:-300}
# function:precisions:op
CASES=${CASES:-"gemv:sdcz:N gemv:sdcz:T ger:sd:N geru:cz:N gerc:cz:N symv:sd:N hemv:cz:N sbmv:sd:N hbmv:cz:N spmv:sd:N hpmv:cz:N syr:sd:N her:cz:N spr:sd:N hpr:cz:N syr2:sd:N her2:cz:N spr2:sd:N hpr2:cz:N trmv:sdcz:N trmv:sd:T tbmv:sz:N tpmv:sz:N trsv:sdcz:N trsv:sd:T tbsv:sz:N tpsv:sz:N"}
printf '%-5s %-2s %-2s %12s %12s %7s\n' func r op "oxrocm GB/s" "OpenBLAS" ratio
for c in $CASES; do
    IFS=: read -r f rs op <<<"$c"
    case $f in gbmv|sbmv|hbmv|tbmv|tbsv) n=$NB ;; *) n=$N ;; esac
    # A solve overwrites x with A^-1 x, about x / 2 here: hundreds of warm-up calls take an
    # f32 x into subnormal numbers, whose arithmetic is many times slower. Solves: no warm-up.
    warm=$WARMUP_MS
    case $f in trsv|tbsv|tpsv) warm=0 ;; esac
    for r in $(echo $rs | grep -o .); do
        ours=0
        for _ in $(seq "$RUNS"); do
            g=$(OXROCM_BACKEND=cpu "$B" -f $f -r $r -m $n -n $n -k $K --uplo U --transposeA $op -i "$ITERS" -j 1 --warmup_ms "$warm" | tail -1 | cut -d, -f8)
            ours=$(python3 -c "print(max($ours, $g))")
        done
        ref=$("$VENV/bin/python" - "$f" "$r" "$n" "$K" "$op" "$RUNS" "$ITERS" <<'PY'
import sys, time, numpy as np
from scipy.linalg import blas
f, r, n, k, op, runs, iters = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], int(sys.argv[6]), int(sys.argv[7])
dt = {"s": np.float32, "d": np.float64, "c": np.complex64, "z": np.complex128}[r]
rng = np.random.default_rng(1)
def arr(*shape):
    v = rng.standard_normal(shape) / 4
    if r in "cz":
        v = v + 1j * rng.standard_normal(shape) / 4
    return np.asfortranarray(v.astype(dt))
F = lambda name: getattr(blas, r + name)
al = dt(0.75 - 0.25j) if r in "cz" else dt(0.75)
be = dt(0.5 + 0.25j) if r in "cz" else dt(0.5)
tri = n * (n + 1) // 2
band_entries = sum(j + 1 - max(j - k, 0) for j in range(n)) if f in ("sbmv", "hbmv", "tbmv", "tbsv") else 0
x, y = arr(n), arr(n)
trans = {"N": 0, "T": 1, "C": 2}[op]
if f.startswith("t"):
    # diagonally dominant, as rocblas_bench makes its triangles
    if f in ("tbmv", "tbsv"):
        A = arr(k + 1, n) / n; A[k, :] += 2
    elif f in ("tpmv", "tpsv"):
        A = arr(tri) / n; A[[j * (j + 1) // 2 + j for j in range(n)]] += 2
    else:
        A = arr(n, n) / n; A[np.arange(n), np.arange(n)] += 2
elif f in ("sbmv", "hbmv"):
    A = arr(k + 1, n)
elif f in ("spmv", "hpmv", "spr", "hpr", "spr2", "hpr2"):
    A = arr(tri)
else:
    A = arr(n, n)
calls = {
    "gemv": (lambda: F("gemv")(al, A, x, be, y, trans=trans, overwrite_y=1), n * n + 3 * n),
    "ger": (lambda: F("ger")(al, x, y, a=A, overwrite_a=1), 2 * n * n + 2 * n),
    "geru": (lambda: F("geru")(al, x, y, a=A, overwrite_a=1), 2 * n * n + 2 * n),
    "gerc": (lambda: F("gerc")(al, x, y, a=A, overwrite_a=1), 2 * n * n + 2 * n),
    "symv": (lambda: F("symv")(al, A, x, be, y, overwrite_y=1), tri + 3 * n),
    "hemv": (lambda: F("hemv")(al, A, x, be, y, overwrite_y=1), tri + 3 * n),
    "sbmv": (lambda: F("sbmv")(k, al, A, x, beta=be, y=y, overwrite_y=1), band_entries + 3 * n),
    "hbmv": (lambda: F("hbmv")(k, al, A, x, beta=be, y=y, overwrite_y=1), band_entries + 3 * n),
    "spmv": (lambda: F("spmv")(n, al, A, x, beta=be, y=y, overwrite_y=1), tri + 3 * n),
    "hpmv": (lambda: F("hpmv")(n, al, A, x, beta=be, y=y, overwrite_y=1), tri + 3 * n),
    "syr": (lambda: F("syr")(al, x, a=A, overwrite_a=1), 2 * tri + n),
    "her": (lambda: F("her")(al.real, x, a=A, overwrite_a=1), 2 * tri + n),
    "spr": (lambda: F("spr")(n, al, x, A, overwrite_ap=1), 2 * tri + n),
    "hpr": (lambda: F("hpr")(n, al.real, x, A, overwrite_ap=1), 2 * tri + n),
    "syr2": (lambda: F("syr2")(al, x, y, a=A, overwrite_a=1), 2 * tri + 2 * n),
    "her2": (lambda: F("her2")(al, x, y, a=A, overwrite_a=1), 2 * tri + 2 * n),
    "spr2": (lambda: F("spr2")(n, al, x, y, A, overwrite_ap=1), 2 * tri + 2 * n),
    "hpr2": (lambda: F("hpr2")(n, al, x, y, A, overwrite_ap=1), 2 * tri + 2 * n),
    "trmv": (lambda: F("trmv")(A, x, trans=trans, overwrite_x=1), tri + 2 * n),
    "trsv": (lambda: F("trsv")(A, x, trans=trans, overwrite_x=1), tri + 2 * n),
    "tbmv": (lambda: F("tbmv")(k, A, x, trans=trans, overwrite_x=1), band_entries + 2 * n),
    "tbsv": (lambda: F("tbsv")(k, A, x, trans=trans, overwrite_x=1), band_entries + 2 * n),
    "tpmv": (lambda: F("tpmv")(n, A, x, trans=trans, overwrite_x=1), tri + 2 * n),
    "tpsv": (lambda: F("tpsv")(n, A, x, trans=trans, overwrite_x=1), tri + 2 * n),
}
call, elems = calls[f]
call()
best = 0.0
for _ in range(runs):
    t = time.perf_counter()
    for _ in range(iters):
        call()
    s = (time.perf_counter() - t) / iters
    best = max(best, elems * x.itemsize / s / 1e9)
print(f"{best:.1f}")
PY
)
        printf '%-5s %-2s %-2s %12s %12s %7s\n' $f $r $op "$ours" "$ref" "$(python3 -c "print(f'{$ours / $ref:.2f}')")"
    done
done
