#!/usr/bin/env bash
# Runs on the lent GPU machine: rocBLAS GEMM through the C API (librocblas's rocblas_bench
# example, Vulkan backend) against cuBLAS through PyTorch, with a sampled check of each
# kernel's results first. Expects .devcarry/rocblas_bench and gemm_cuda_reference.py
# (bash bench/make-devcarry.sh) and the Vulkan loader packages in .gl/; writes
# $OUT/gemm.txt (also the ceilings: the f16 tiling's products alone and CUDA's mma.sync peak,
# bench/mma_peak.cu). SIZES overrides the timed sizes (default 8192 and 4096), TILES the f16
# kernel tilings compared (OXROCM_ROCBLAS_F16_TILE names). Both sides first run the GEMM for
# WARMUP_MS (default 1000): a fresh Vulkan process's first ~100 ms of GPU work run at
# about a fifth of the clock (bench/device-f16-cliff.sh), which CUDA does not show.
set -u
C=$PWD/${1:-.devcarry}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
B=$C/rocblas_bench
R=$OUT/gemm.txt
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "== sampled checks against an f64 reference (1024^3, beta 0.5)"
    for v in ${TILES:-w4_128x128}; do
        for t in "N N" "N T" "T N" "T T"; do
            set -- $t
            printf 'h %s %s%s: ' "$v" "$1" "$2"
            OXROCM_ROCBLAS_F16_TILE=$v timeout 60 "$B" -f gemm -r h -m 1024 -n 1024 -k 1024 --transposeA "$1" --transposeB "$2" --beta 0.5 -i 1 -j 1 -v 1 2>&1 | grep -E 'verify|status|panick' | tr '\n' ' '
            echo
        done
    done
    for r in s; do
        for t in "N N" "N T" "T N" "T T"; do
            set -- $t
            printf '%s %s%s: ' "$r" "$1" "$2"
            timeout 60 "$B" -f gemm -r "$r" -m 1024 -n 1024 -k 1024 --transposeA "$1" --transposeB "$2" --beta 0.5 -i 1 -j 1 -v 1 2>&1 | grep -E 'verify|status|panick' | tr '\n' ' '
            echo
        done
    done
    for r in f16_r bf16_r; do
        printf 'gemm_ex %s (f32 compute): ' "$r"
        timeout 60 "$B" -f gemm_ex -r $r -m 1024 -n 1024 -k 1024 --transposeB T -v 1 -i 1 -j 1 2>&1 | grep -E 'verify|status' | tr '\n' ' '; echo
    done
    echo "== timed: oxrocm (Vulkan) rocblas_bench, then cuBLAS (PyTorch)"
    for n in ${SIZES:-8192 4096}; do
        for v in ${TILES:-w4_128x128}; do
            OXROCM_ROCBLAS_F16_TILE=$v timeout 120 "$B" -f gemm -r h -m "$n" -n "$n" -k "$n" -i 10 -j 2 --warmup_ms ${WARMUP_MS:-1000} | tail -1 | awk -F, -v v="$v" '{print "oxrocm hgemm " v " " $3 "x" $4 "x" $5 ": " $(NF-1) " GFLOP/s"}'
        done
        timeout 120 "$B" -f gemm -r s -m "$n" -n "$n" -k "$n" -i 10 -j 2 --warmup_ms ${WARMUP_MS:-1000} | tail -1 | awk -F, '{print "oxrocm sgemm " $3 "x" $4 "x" $5 ": " $(NF-1) " GFLOP/s"}'
        for r in f16 bf16; do
            timeout 120 "$B" -f gemm_ex -r ${r}_r -m "$n" -n "$n" -k "$n" -i 10 -j 2 --warmup_ms ${WARMUP_MS:-1000} | tail -1 | awk -F, -v r=$r '{print "oxrocm gemm_ex " r "/f32-compute " $3 "x" $4 "x" $5 ": " $(NF-1) " GFLOP/s"}'
        done
        for t in f16 bf16 f32; do timeout 120 python3 "$C/gemm_cuda_reference.py" $t "$n" "$n" "$n" 10 ${WARMUP_MS:-1000}; done
    done
    echo "== ceilings: our f16 tiling's products alone (wrong results by design), CUDA mma.sync"
    OXROCM_ROCBLAS_F16_TILE=peak timeout 120 "$B" -f gemm -r h -m 8192 -n 8192 -k 8192 -i 10 -j 2 --warmup_ms ${WARMUP_MS:-1000} | tail -1 | awk -F, '{print "oxrocm f16 products only 8192^3: " $(NF-1) " GFLOP/s"}'
    if command -v nvcc >/dev/null; then
        nvcc -O3 -gencode=arch=compute_90,code=sm_90 "$C/mma_peak.cu" -o /tmp/mma_peak && /tmp/mma_peak
    fi
} > "$R" 2>&1
cat "$R"
