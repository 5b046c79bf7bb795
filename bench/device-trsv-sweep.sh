#!/usr/bin/env bash
# Runs on the lent GPU machine: the blocked triangular solves on the Vulkan backend (n 8192,
# upper) over their tuning settings, to choose the defaults: trsv (full storage, op N and T,
# s d c z) for several units (OXROCM_ROCBLAS_TRSV_UNIT: rows one launch solves before it
# updates the rest of x), tpsv (packed, s and z) for several panels (OXROCM_ROCBLAS_TRSV_PANEL:
# rows one workgroup solves before the rows within reach are updated).
# Expects .devcarry-blas1 (bash bench/make-devcarry-blas1.sh) and .gl; writes $OUT/trsv-sweep.txt.
# UNITS / PANELS / ITERS override the lists and the calls timed.
set -u
C=$PWD/${1:-.devcarry-blas1}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
run() { # function precision op -> "GB/s, us per call"
    timeout 60 "$C/rocblas_bench" -f $1 -r $2 -m 8192 -n 8192 --uplo U --transposeA $3 \
        -i ${ITERS:-30} -j 2 --warmup_ms 300 | tail -1 | awk -F, '{print $8 " GB/s, " $9 " us per call"}'
}
{
    for r in s d c z; do
        for op in N T; do
            for unit in ${UNITS:-64 128 256 512}; do
                printf 'trsv unit %4d %s op %s: ' $unit $r $op
                OXROCM_ROCBLAS_TRSV_UNIT=$unit run trsv $r $op
            done
        done
    done
    for r in s z; do
        for panel in ${PANELS:-256 512 1024}; do
            printf 'tpsv panel %4d %s op N: ' $panel $r
            OXROCM_ROCBLAS_TRSV_PANEL=$panel run tpsv $r N
        done
    done
} > "$OUT/trsv-sweep.txt" 2>&1
cat "$OUT/trsv-sweep.txt"
