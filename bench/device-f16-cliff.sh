#!/usr/bin/env bash
# Runs on the lent GPU machine: experiments on the f16 GEMM kernel's slow sizes (8192^3 runs
# at a fifth of 4096^3's rate): which dimension, layout, data, allocation or workgroup order
# matters, with the GPU's clocks and power sampled alongside. Needs .devcarry (bench/make-devcarry.sh)
# and .gl; writes $OUT/f16-cliff.txt and $OUT/smi.csv.
set -u
C=$PWD/.devcarry
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
B=$C/rocblas_bench
R=$OUT/f16-cliff.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 100 > "$OUT/smi.csv" 2>&1 &
SMI=$!
run() { # label, env..., -- args
    local label=$1; shift
    local envs=()
    while [[ $1 != -- ]]; do envs+=("$1"); shift; done
    shift
    printf '%-40s ' "$label"
    date +%T.%N | cut -c1-12 | tr '\n' ' '
    env "${envs[@]}" timeout 120 "$B" -f gemm -r h "$@" -i ${ITERS:-8} -j 2 2>/tmp/err | tail -1 | awk -F, '{print $(NF-1) " GFLOP/s " $NF " us"}'
    grep -v '^call' /tmp/err | head -3
}
# PERCALL_ONLY=1: only the per-call traces below.
[[ -n ${PERCALL_ONLY:-} ]] || {
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    which nsys ncu 2>&1 | head -2
    run "4096^3" -- -m 4096 -n 4096 -k 4096
    run "8192^3" -- -m 8192 -n 8192 -k 8192 --per_call 1
    grep '^call' /tmp/err | tr '\n' ' '; echo
    for d in "8192 4096 4096" "4096 8192 4096" "4096 4096 8192" "8192 8192 4096" "8192 4096 8192" "4096 8192 8192"; do
        set -- $d
        run "m n k = $d" -- -m $1 -n $2 -k $3
    done
    for t in "N T" "T N" "T T"; do set -- $t; run "8192^3 $1$2" -- -m 8192 -n 8192 -k 8192 --transposeA $1 --transposeB $2; done
    run "8192^3 init zero" -- -m 8192 -n 8192 -k 8192 --init zero
    run "8192^3 init rand" -- -m 8192 -n 8192 -k 8192 --init rand
    run "8192^3 one_alloc" -- -m 8192 -n 8192 -k 8192 --one_alloc 1
    run "8192^3 IPC=0" OXROCM_VULKAN_IPC=0 -- -m 8192 -n 8192 -k 8192
    run "8192^3 IPC=0 one_alloc" OXROCM_VULKAN_IPC=0 -- -m 8192 -n 8192 -k 8192 --one_alloc 1
    for g in 1 2 4 16 32 64; do run "8192^3 group $g" OXROCM_ROCBLAS_F16_GROUP=$g -- -m 8192 -n 8192 -k 8192; done
    for g in 1 4 16; do run "4096^3 group $g" OXROCM_ROCBLAS_F16_GROUP=$g -- -m 4096 -n 4096 -k 4096; done
    run "8192^3 lda=ldb=ldc 8192+64" -- -m 8192 -n 8192 -k 8192 --lda 8256 --ldb 8256 --ldc 8256
    for n in 6144 7168 10240 12288; do run "$n^3" -- -m $n -n $n -k $n; done
    run "6144^3 IPC=0" OXROCM_VULKAN_IPC=0 -- -m 6144 -n 6144 -k 6144
    for v in flags w8_256x128; do run "8192^3 tile $v" OXROCM_ROCBLAS_F16_TILE=$v -- -m 8192 -n 8192 -k 8192; done
    run "8192^3 again" -- -m 8192 -n 8192 -k 8192
} > "$R" 2>&1


# Per-call times over a longer run: when does a fresh process reach full speed?
{
    echo "== per-call times, fresh processes (us)"
    for n in 8192 4096; do
        printf 'h %s: ' $n; timeout 120 "$B" -f gemm -r h -m $n -n $n -k $n -i 40 -j 0 --per_call 1 2>&1 | grep '^call' | awk '{printf "%d ", $2}'; echo
    done
    printf 's 4096: '; timeout 120 "$B" -f gemm -r s -m 4096 -n 4096 -k 4096 -i 30 -j 0 --per_call 1 2>&1 | grep '^call' | awk '{printf "%d ", $2}'; echo
    printf 'h 8192 after 1000 ms warm-up: '; timeout 120 "$B" -f gemm -r h -m 8192 -n 8192 -k 8192 -i 10 -j 0 --warmup_ms 1000 --per_call 1 2>&1 | grep '^call' | awk '{printf "%d ", $2}'; echo
    printf 'h 8192 after 300 ms warm-up: '; timeout 120 "$B" -f gemm -r h -m 8192 -n 8192 -k 8192 -i 10 -j 0 --warmup_ms 300 --per_call 1 2>&1 | grep '^call' | awk '{printf "%d ", $2}'; echo
} >> "$R" 2>&1
kill $SMI
cat "$R"
