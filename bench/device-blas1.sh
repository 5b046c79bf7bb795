#!/usr/bin/env bash
# Runs on the lent GPU machine: every Level-1 family through librocblas's C API on the Vulkan
# backend (rocblas_bench -f F -r R, device pointer mode) against the same cuBLAS call
# (blas1_cuda_reference.py, ctypes on PyTorch's libcublas), after a check of each function
# and precision against an f64 reference (-v 1, 1M elements, increments 2 and -3).
# Expects .devcarry-blas1 (bash bench/make-devcarry-blas1.sh) and .gl; writes $OUT/blas1.txt.
# N_REAL / N_CPLX: elements of the timed calls (default 2^26 / 2^25).
set -u
C=$PWD/${1:-.devcarry-blas1}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
B=$C/rocblas_bench
R=$OUT/blas1.txt
# FUNCS: the functions checked and timed (default: all of them).
FUNCS=${FUNCS:-"axpy scal copy swap dot dotc nrm2 asum iamax iamin rot rotm"}
forms() { # function -> precisions it has
    case $1 in rotm) echo "s d" ;; dotc) echo "c z" ;; *) echo "s d c z" ;; esac
}
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "== checks against an f64 reference (n = 1,000,003; reductions with incx 2)"
    for f in $FUNCS; do
        for r in $(forms $f); do
            case $f in axpy|copy|swap|rot|rotm|dot|dotc) inc="--incx 2 --incy -3" ;; *) inc="--incx 2" ;; esac
            printf '%s %s: ' $f $r
            timeout 60 "$B" -f $f -r $r -n 1000003 $inc -v 1 -i 1 -j 0 2>&1 | grep -E 'verify|status|panick' | tr '\n' ' '
            echo
        done
    done
    echo "== timed: oxrocm (Vulkan), then cuBLAS, same calls and sizes (${ITERS:-200} calls after ${WARMUP_MS:-1000} ms of calls)"
    for f in $FUNCS; do
        specs=""
        for r in $(forms $f); do
            case $r in s|d) n=${N_REAL:-67108864} ;; *) n=${N_CPLX:-33554432} ;; esac
            timeout 120 "$B" -f $f -r $r -n $n -i ${ITERS:-200} -j 2 --warmup_ms ${WARMUP_MS:-1000} | tail -1 | awk -F, '{print "oxrocm " $1 " " $2 " " $3 ": " $6 " GB/s, " $7 " us per call"}'
            specs="$specs${specs:+,}$f:$r:$n"
        done
        timeout 300 python3 "$C/blas1_cuda_reference.py" "$specs" ${ITERS:-200} ${WARMUP_MS:-1000}
    done
} > "$R" 2>&1
cat "$R"
