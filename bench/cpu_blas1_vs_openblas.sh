#!/usr/bin/env bash
# Level-1 BLAS on the CPU backend (librocblas's rocblas_bench, the kernels' host twins,
# threaded) against OpenBLAS (scipy's bundled scipy-openblas, in a venv created on first
# use) on this machine: every family and precision at N elements (default 2^24), best of
# RUNS (default 3) runs of ITERS calls each, all cores on both sides, the same byte
# accounting (every vector read once, every written vector written once).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/bench-venv
[[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
"$VENV/bin/python" -c 'import scipy' 2>/dev/null || "$VENV/bin/pip" install -q numpy scipy
cargo build --release -q -p librocblas --example rocblas_bench
B=target/release/examples/rocblas_bench
N=${N:-16777216} RUNS=${RUNS:-3} ITERS=${ITERS:-20}
forms() { case $1 in rotm) echo "s d" ;; dotc) echo "c z" ;; iamin) echo "s d c z" ;; *) echo "s d c z" ;; esac; }
printf '%-6s %-2s %12s %12s %7s\n' function r "oxrocm GB/s" "OpenBLAS" ratio
for f in axpy scal copy swap dot dotc nrm2 asum iamax iamin rot rotm; do
    for r in $(forms $f); do
        ours=0
        for _ in $(seq "$RUNS"); do
            g=$(OXROCM_BACKEND=cpu "$B" -f $f -r $r -n "$N" -i "$ITERS" -j 1 --warmup_ms 100 | tail -1 | cut -d, -f6)
            ours=$(python3 -c "print(max($ours, $g))")
        done
        ref=$("$VENV/bin/python" - "$f" "$r" "$N" "$RUNS" "$ITERS" <<'PY'
import sys, time, numpy as np
from scipy.linalg import blas
f, r, n, runs, iters = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
dt = {"s": np.float32, "d": np.float64, "c": np.complex64, "z": np.complex128}[r]
rng = np.random.default_rng(1)
def vec():
    v = rng.standard_normal(n) / 4
    if r in "cz":
        v = v + 1j * rng.standard_normal(n) / 4
    return v.astype(dt)
x, y = vec(), vec()
real = "s" if r in "sc" else "d"
nm = {"c": "sc", "z": "dz"}.get(r, r)
a = dt(0.75 - 0.25j) if r in "cz" else dt(0.75)
param = np.array([-1.0, 0.5, -0.25, 0.75, 1.25], dtype=x.real.dtype)
calls = {
    "axpy": (lambda: getattr(blas, r + "axpy")(x, y, a=a), 3),
    "scal": (lambda: getattr(blas, r + "scal")(a, x), 2),
    "copy": (lambda: getattr(blas, r + "copy")(x, y), 2),
    "swap": (lambda: getattr(blas, r + "swap")(x, y), 4),
    "dot": (lambda: getattr(blas, r + ("dotu" if r in "cz" else "dot"))(x, y), 2),
    "dotc": (lambda: getattr(blas, r + "dotc")(x, y), 2),
    "nrm2": (lambda: getattr(blas, nm + "nrm2")(x), 1),
    "asum": (lambda: getattr(blas, nm + "asum")(x), 1),
    "iamax": (lambda: getattr(blas, "i" + r + "amax")(x), 1),
    # scipy exposes no i?amin: numpy's argmin of |re| + |im| (not a BLAS call) stands in.
    "iamin": (lambda: np.argmin(np.abs(x.real) + np.abs(x.imag) if r in "cz" else np.abs(x)), 1),
    "rot": (lambda: getattr(blas, r + ("rot" if r in "sd" else ("srot" if r == "c" else "drot")))(x, y, 0.6, 0.8, overwrite_x=1, overwrite_y=1), 4),
    "rotm": (lambda: getattr(blas, r + "rotm")(x, y, param, overwrite_x=1, overwrite_y=1), 4),
}
call, vectors = calls[f]
call()
best = 0.0
for _ in range(runs):
    t = time.perf_counter()
    for _ in range(iters):
        call()
    s = (time.perf_counter() - t) / iters
    best = max(best, vectors * n * x.itemsize / s / 1e9)
print(f"{best:.1f}")
PY
)
        printf '%-6s %-2s %12s %12s %7s\n' $f $r "$ours" "$ref" "$(python3 -c "print(f'{$ours / $ref:.2f}')")"
    done
done
