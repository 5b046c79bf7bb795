#!/usr/bin/env bash
# Runs on the lent GPU machine: every Level-2 family through librocblas's C API on the Vulkan
# backend (rocblas_bench -f F -r R, host scalars) against the same cuBLAS call
# (blas2_cuda_reference.py, ctypes on PyTorch's libcublas), after a check of each function
# and precision against an f64 reference (-v 1: m 1000, n 777, band width 8, increments -2
# and 3, lower triangles, op T).
# Expects .devcarry-blas1 (bash bench/make-devcarry-blas1.sh) and .gl; writes $OUT/blas2.txt.
set -u
C=$PWD/${1:-.devcarry-blas1}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
B=$C/rocblas_bench
R=$OUT/blas2.txt
ITERS=${ITERS:-200}
WARMUP_MS=${WARMUP_MS:-1000}
forms() { # function -> precisions measured
    case $1 in
        gemv|symv|trmv|trsv) echo "s d c z" ;;
        geru|gerc|hemv|hbmv|hpmv|her|hpr|her2|hpr2) echo "c z" ;;
        ger|sbmv|spmv|spr|spr2) echo "s d" ;;
        *) echo "s z" ;;
    esac
}
# function -> "m n k" of the timed call (square 8192 for full and packed storage, 2^20
# columns of band width 32 for band storage; trsv-like solves smaller: one workgroup each).
size() {
    case $1 in
        gbmv|sbmv|hbmv|tbmv) echo "1048576 1048576 32" ;;
        tbsv) echo "65536 65536 32" ;;
        *) echo "8192 8192 0" ;;
    esac
}
# FUNCS / CHECKS: the functions timed / checked (default: all of them).
ALL="gemv gbmv ger geru gerc symv hemv sbmv hbmv spmv hpmv syr her spr hpr syr2 her2 spr2 hpr2 trmv tbmv tpmv trsv tbsv tpsv"
FUNCS=${FUNCS:-$ALL}
CHECKS=${CHECKS:-$ALL}
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "== checks against an f64 reference (m 1000, n 777, k 8, incx -2, incy 3, lower, op T)"
    for f in $CHECKS; do
        for r in $(forms $f); do
            printf '%s %s: ' $f $r
            timeout 120 "$B" -f $f -r $r -m 1000 -n 777 -k 8 --kl 8 --ku 5 --incx -2 --incy 3 --uplo L --transposeA T -v 1 -i 1 -j 0 2>&1 | grep -E 'verify|status|panick' | tr '\n' ' '
            echo
        done
    done
    echo "== timed: oxrocm (Vulkan), then cuBLAS, same calls and sizes ($ITERS calls after $WARMUP_MS ms of calls; upper, op N unless named)"
    for f in $FUNCS; do
        read -r m n k <<<"$(size $f)"
        specs=""
        for r in $(forms $f); do
            ops="N"
            [ "$f" = gemv ] && ops="N T"
            for op in $ops; do
                timeout 120 "$B" -f $f -r $r -m $m -n $n -k $k --kl $k --ku $k --uplo U --transposeA $op -i $ITERS -j 2 --warmup_ms $WARMUP_MS | tail -1 | awk -F, -v op=$op '{print "oxrocm " $1 " " $2 " " $3 " " $4 " op " op ": " $8 " GB/s, " $9 " us per call"}'
                specs="$specs${specs:+,}$f:$r:$m:$n:$k:$op"
            done
        done
        timeout 300 python3 "$C/blas2_cuda_reference.py" "$specs" $ITERS $WARMUP_MS
    done
} > "$R" 2>&1
cat "$R"
