#!/usr/bin/env bash
# Runs on the lent GPU machine: the Level-3 families beyond GEMM through librocblas's C API on
# the Vulkan backend (rocblas_bench -f F -r R, host scalars; R in s d c z, the Hermitian
# families in c and z) against the same cuBLAS call
# (blas3_cuda_reference.py, ctypes on PyTorch's libcublas), after a check of each function
# and precision against an f64 reference (-v 1, sizes past one diagonal block).
# Expects .devcarry-blas1 (bash bench/make-devcarry-blas1.sh) and .gl; writes $OUT/blas3.txt.
set -u
C=$PWD/${1:-.devcarry-blas1}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
B=$C/rocblas_bench
R=$OUT/blas3.txt
ITERS=${ITERS:-20}
WARMUP_MS=${WARMUP_MS:-1000}
N=${N:-4096}
# FUNCS / CHECKS: the functions timed / checked (default: all of them).
ALL="trsm trmm trtri symm hemm syrk herk syrkx herkx syr2k her2k geam dgmm"
FUNCS=${FUNCS:-$ALL}
CHECKS=${CHECKS:-$ALL}
# PRECS: the precisions (default all four).
PRECS=${PRECS:-s d c z}
# function -> the variants timed: "side uplo op"
variants() {
    case $1 in
        trsm|trmm) echo "L:L:N L:U:T R:U:N" ;;
        symm|hemm) echo "L:U:N R:L:N" ;;
        syrk|syrkx|syr2k|geam) echo "L:U:N L:L:T" ;;
        herk|herkx|her2k) echo "L:U:N L:L:C" ;;
        *) echo "L:U:N" ;;
    esac
}
hermitian() { case $1 in hemm|herk|herkx|her2k) return 0 ;; esac; return 1; }
real_prec() { [ "$1" = s ] || [ "$1" = d ]; }
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "== checks against an f64 reference (m 700, n 555, k 300)"
    for f in $CHECKS; do
        for r in $PRECS; do
            hermitian $f && real_prec $r && continue
            for v in $(variants $f); do
                IFS=: read -r side uplo op <<<"$v"
                printf '%s %s %s: ' $f $r $v
                timeout 120 "$B" -f $f -r $r -m 700 -n 555 -k 300 --side $side --uplo $uplo --transposeA $op --beta 0.5 -v 1 -i 1 -j 0 2>&1 | grep -E 'verify|status|panick' | tr '\n' ' '
                echo
            done
        done
    done
    echo "== timed: oxrocm (Vulkan), then cuBLAS, same calls (m = n = k = $N; $ITERS calls after $WARMUP_MS ms of calls)"
    for f in $FUNCS; do
        specs=""
        for r in $PRECS; do
            hermitian $f && real_prec $r && continue
            for v in $(variants $f); do
                IFS=: read -r side uplo op <<<"$v"
                timeout 200 "$B" -f $f -r $r -m $N -n $N -k $N --side $side --uplo $uplo --transposeA $op --beta 0.5 -i $ITERS -j 1 --warmup_ms $WARMUP_MS | tail -1 \
                    | awk -F, '{print "oxrocm " $1 " " $2 " side " $3 " uplo " $4 " op " $5 ": " $13 ", " $14 " us per call"}'
                specs="$specs${specs:+,}$f:$r:$N:$N:$N:$side:$uplo:$op"
            done
        done
        [ -n "$specs" ] && timeout 300 python3 "$C/blas3_cuda_reference.py" "$specs" $ITERS $WARMUP_MS
    done
} > "$R" 2>&1
cat "$R"
