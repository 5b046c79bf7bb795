#!/usr/bin/env bash
# Runs on the lent GPU machine: GEMM speed per transpose pair with operand repacking
# (OXROCM_ROCBLAS_GEMM_PACK, librocblas/src/blas3/gemm_pack.rs) on and off, against cuBLAS
# (PyTorch) in the same run. First every type and transpose pair is checked against the f64
# reference with repacking forced (`always`, 1024^3, beta 0.5); then 8192^3 (and sgemm
# 4096^3) timed after a 1 s warm-up, `never` and `auto` alternating. Needs
# .devcarry/rocblas_bench and gemm_cuda_reference.py (bench/make-devcarry.sh) and the Vulkan
# loader packages in .gl/. Output: $OUT/pack.txt.
set -u
C=$PWD/.devcarry
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
B=$C/rocblas_bench
R=$OUT/pack.txt
timed() { # label, size, then rocblas_bench arguments
    local label=$1 n=$2; shift 2
    timeout 120 "$B" -m "$n" -n "$n" -k "$n" -i 10 -j 2 --warmup_ms 1000 "$@" 2>&1 | tail -1 |
        awk -F, -v l="$label" '{print "timed " l ": " $(NF-1) " GFLOP/s"}'
}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "== checks, repacking forced"
    for t in "N N" "T N" "T T" "N T"; do
        set -- $t
        for r in "-f gemm -r s" "-f gemm -r h" "-f gemm_ex -r bf16_r"; do
            echo -n "$r $1$2: "
            OXROCM_ROCBLAS_GEMM_PACK=always timeout 60 "$B" $r --transposeA "$1" --transposeB "$2" -m 1024 -n 1024 -k 1024 --beta 0.5 -i 1 -j 1 -v 1 2>&1 | grep -E 'verif|error|panick'
        done
    done
    echo "== timed"
    for round in 1; do
        for t in "N N" "T N" "T T" "N T"; do
            set -- $t
            for r in s h; do
                for mode in never auto; do
                    OXROCM_ROCBLAS_GEMM_PACK=$mode timed "$r $1$2 8192 $mode" 8192 -f gemm -r $r --transposeA "$1" --transposeB "$2"
                done
            done
        done
        for mode in never auto; do
            OXROCM_ROCBLAS_GEMM_PACK=$mode timed "bf16 NN 8192 $mode" 8192 -f gemm_ex -r bf16_r
            OXROCM_ROCBLAS_GEMM_PACK=$mode timed "s NN 4096 $mode" 4096 -f gemm -r s
            OXROCM_ROCBLAS_GEMM_PACK=$mode timed "s TN 4096 $mode" 4096 -f gemm -r s --transposeA T
        done
        for t in f32 f16 bf16; do timeout 120 python3 "$C/gemm_cuda_reference.py" $t 8192 8192 8192 10 1000; done
        timeout 120 python3 "$C/gemm_cuda_reference.py" f32 4096 4096 4096 10 1000
    done
} > "$R" 2>&1
cat "$R"
