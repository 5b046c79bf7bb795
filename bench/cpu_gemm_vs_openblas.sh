#!/usr/bin/env bash
# CPU GEMM of oxrocm (the gemm crate behind rocBLAS's host path, CPU backend) against
# OpenBLAS (numpy's bundled scipy-openblas, in a venv created on first use) on this machine:
# sgemm and dgemm at 2048^3, best of 5 runs each, all cores for both.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/bench-venv
[[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
"$VENV/bin/python" -c 'import numpy' 2>/dev/null || "$VENV/bin/pip" install -q numpy
cargo build --release -q -p librocblas --example gemm_kernel_bench
N=${N:-2048}
for ty in f32 f64; do
    best=0
    for _ in 1 2 3 4 5; do
        g=$(OXROCM_BACKEND=cpu target/release/examples/gemm_kernel_bench $ty $N $N $N 3 | awk '{print $(NF-1)}')
        best=$(python3 -c "print(max($best, $g))")
    done
    ref=$("$VENV/bin/python" - "$ty" "$N" <<'PY'
import sys, time, numpy as np
dt = np.float32 if sys.argv[1] == "f32" else np.float64
n = int(sys.argv[2])
a = np.asfortranarray(np.random.rand(n, n).astype(dt)); b = np.asfortranarray(np.random.rand(n, n).astype(dt))
a @ b
best = 0
for _ in range(5):
    t = time.perf_counter(); [a @ b for _ in range(3)]; s = (time.perf_counter() - t) / 3
    best = max(best, 2 * n**3 / s / 1e9)
print(f"{best:.1f}")
PY
)
    echo "$ty ${N}^3: oxrocm (gemm crate) $best GFLOP/s, OpenBLAS $ref GFLOP/s, ratio $(python3 -c "print(f'{$best / $ref:.2f}')")"
done
