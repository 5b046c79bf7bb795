#!/usr/bin/env bash
# Runs on the lent GPU machine: trsv over full storage (n 8192, upper, op N and T, s and d)
# on the Vulkan backend for several panel heights (OXROCM_ROCBLAS_TRSV_PANEL: the rows the
# single-workgroup kernel solves before a gemv updates the rest), to choose the default.
# Expects .devcarry-blas1 (bash bench/make-devcarry-blas1.sh) and .gl; writes $OUT/trsv-panels.txt.
set -u
C=$PWD/${1:-.devcarry-blas1}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
{
    for r in s d; do
        for op in N T; do
            for panel in ${PANELS:-128 256 512 1024 2048}; do
                printf 'panel %5d %s op %s: ' $panel $r $op
                OXROCM_ROCBLAS_TRSV_PANEL=$panel timeout 60 "$C/rocblas_bench" -f trsv -r $r -m 8192 -n 8192 \
                    --uplo U --transposeA $op -i ${ITERS:-50} -j 2 --warmup_ms 300 | tail -1 | awk -F, '{print $8 " GB/s, " $9 " us per call"}'
            done
        done
    done
} > "$OUT/trsv-panels.txt" 2>&1
cat "$OUT/trsv-panels.txt"
