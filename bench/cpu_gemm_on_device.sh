#!/usr/bin/env bash
# Runs on the lent GPU machine (carry .devcarry with gemm_kernel_bench built by bench/make-devcarry.sh):
# bench/cpu_gemm_vs_openblas.sh's comparison on that machine's CPU, on 2 cores and on all of them.
N=2048
for cpus in "0-1" "all"; do
  pre=""; [ "$cpus" != all ] && pre="taskset -c $cpus"
  for ty in f32 f64; do
    best=0
    for i in 1 2 3 4 5; do
      g=$(OXROCM_BACKEND=cpu $pre .devcarry/gemm_kernel_bench $ty $N $N $N 3 | awk '{print $(NF-1)}')
      best=$(python3 -c "print(max($best, $g))")
    done
    ref=$($pre python3 - "$ty" "$N" <<'PY'
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
    echo "cpus=$cpus $ty ${N}^3: oxrocm $best GFLOP/s, numpy BLAS $ref GFLOP/s, ratio $(python3 -c "print(f'{$best / $ref:.2f}')")"
  done
done
python3 -c "import numpy; numpy.show_config()" 2>&1 | grep -i -A3 "blas" | head -12
lscpu | grep "Model name"
