#!/usr/bin/env bash
# Runs on the lent GPU machine: compares GEMM shader variants without rebuilding. Each
# folder V of $1 (default .sweep/v) holds replacement modules (<module>.spv, picked up through
# OXROCM_ROCBLAS_SPIRV_DIR), `args` (rocblas_bench's type and transposes, e.g. `-r h
# --transposeA N --transposeB N`) and optionally `tile` (OXROCM_ROCBLAS_F16_TILE, e.g.
# custom:256x128x32). For each: a check against the f64 reference at 1024^3 (beta 0.5) with the
# driver's pipeline statistics (OXROCM_VULKAN_PIPELINE_STATS), then 8192^3 timed after a 1 s
# warm-up. The committed modules and cuBLAS (PyTorch) run before and after the variants, so
# drift over the run shows (SWEEP_F16_ONLY=1: only the 16-bit baselines). Needs .devcarry/rocblas_bench and gemm_cuda_reference.py
# (bench/make-devcarry.sh) and the Vulkan loader packages in .gl/. Output: $OUT/sweep.txt.
set -u
V=${1:-.sweep/v}
C=$PWD/.devcarry
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
B=$C/rocblas_bench
N=${SIZE:-8192}
R=$OUT/sweep.txt
ROC_TYPES=(s h) CUDA_TYPES=(f32 f16 bf16)
[[ -n ${SWEEP_F16_ONLY:-} ]] && ROC_TYPES=(h) CUDA_TYPES=(f16 bf16)
timed() { # label, then rocblas_bench arguments
    local label=$1; shift
    timeout 120 "$B" -f gemm -m "$N" -n "$N" -k "$N" -i 10 -j 2 --warmup_ms 1000 "$@" 2>&1 | tail -1 |
        awk -F, -v l="$label" '{print "timed " l ": " $(NF-1) " GFLOP/s"}'
}
baselines() {
    [[ -n ${SWEEP_F16_ONLY:-} ]] ||
        for t in "N N" "N T" "T N"; do set -- $t; timed "committed s $1$2" -r s --transposeA "$1" --transposeB "$2"; done
    for t in "N N" "N T"; do set -- $t; timed "committed h $1$2" -r h --transposeA "$1" --transposeB "$2"; done
    timeout 120 "$B" -f gemm_ex -r bf16_r -m "$N" -n "$N" -k "$N" -i 10 -j 2 --warmup_ms 1000 2>&1 | tail -1 |
        awk -F, '{print "timed committed gemm_ex bf16 NN: " $(NF-1) " GFLOP/s"}'
    for t in "${CUDA_TYPES[@]}"; do timeout 120 python3 "$C/gemm_cuda_reference.py" $t "$N" "$N" "$N" 10 1000; done
}
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,power.draw --format=csv,noheader
    echo "== committed modules, pipeline statistics"
    for r in "${ROC_TYPES[@]}"; do
        OXROCM_VULKAN_PIPELINE_STATS=1 timeout 60 "$B" -f gemm -r $r -m 1024 -n 1024 -k 1024 -i 1 -j 1 2>&1 | grep -E '^\[oxrocm\] pipeline'
    done
    echo "== baselines (before)"; baselines
    for d in "$V"/*/; do
        name=$(basename "$d")
        read -r -a args < "$d/args"
        tile=$(cat "$d/tile" 2>/dev/null || echo w4_128x128)
        echo "== $name (${args[*]}, tile $tile)"
        export OXROCM_ROCBLAS_SPIRV_DIR=$d OXROCM_ROCBLAS_F16_TILE=$tile
        OXROCM_VULKAN_PIPELINE_STATS=1 timeout 30 "$B" -f gemm "${args[@]}" -m 1024 -n 1024 -k 1024 --beta 0.5 -i 1 -j 1 -v 1 2>&1 |
            grep -E 'verify|status|panick|^\[oxrocm\] pipeline|error'
        timed "$name" "${args[@]}"
        unset OXROCM_ROCBLAS_SPIRV_DIR OXROCM_ROCBLAS_F16_TILE
    done
    echo "== baselines (after)"; baselines
} > "$R" 2>&1
cat "$R"
