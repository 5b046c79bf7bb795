#!/usr/bin/env bash
# Runs on the lent GPU machine: librocfft's transforms through the C API on the Vulkan backend
# (examples/rocfft_bench.rs) against cuFFT through torch.fft for issue 23's five benchmark
# shapes, c2r 2^24 and r2c 4096², then the accuracy sweep against FFTW on the GPU. Expects .devcarry-fft
# (bash bench/make-devcarry-fft.sh) and the Vulkan loader packages in .gl/; writes
# $OUT/fft.txt. SWEEP_ARGS overrides the sweep's options (default: 1D 1..=512, the large
# lengths and the 2D/3D shapes); SWEEP=0 skips it. Both sides warm up for WARMUP_MS (1000).
set -u
C=$PWD/${1:-.devcarry-fft}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
R=$OUT/fft.txt
W=${WARMUP_MS:-1000}
# name, rocfft-bench options, torch shape (NAME:kind:precision:lengths:batch)
SHAPES=(
    "c2c-2^24|--length 16777216|c2c-2^24:c2c:single:16777216:1"
    "c2c-1024x16384|--length 1024 -b 16384|c2c-1024x16384:c2c:single:1024:16384"
    "c2c-256^3|--length 256 256 256|c2c-256^3:c2c:single:256x256x256:1"
    "r2c-2^24|--length 16777216 -t 2|r2c-2^24:r2c:single:16777216:1"
    "c2c-2^22-double|--length 4194304 --precision double|c2c-2^22-double:c2c:double:4194304:1"
    "c2r-2^24|--length 16777216 -t 3|c2r-2^24:c2r:single:16777216:1"
    "r2c-4096^2|--length 4096 4096 -t 2|r2c-4096^2:r2c:single:4096x4096:1"
)
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
    echo "== oxrocm (Vulkan): rocfft_bench, out of place; per execution with a sync each, and 50 queued"
    for s in "${SHAPES[@]}"; do
        IFS='|' read -r name opts _ <<<"$s"
        echo "-- $name: rocfft-bench $opts -o"
        timeout 120 "$C/rocfft_bench" $opts -o -N 10 --queued 50 --warmup_ms "$W" 2>&1 | tail -4
    done
    echo "== the kernels' compiler statistics (a 2D and a four-step transform)"
    OXROCM_VULKAN_PIPELINE_STATS=1 timeout 60 "$C/rocfft_bench" --length 64 64 -N 1 2>&1 | grep '\[oxrocm\] pipeline'
    OXROCM_VULKAN_PIPELINE_STATS=1 timeout 60 "$C/rocfft_bench" --length 65536 --precision double -N 1 2>&1 | grep '\[oxrocm\] pipeline'
    echo "== cuFFT (torch.fft), out of place, 50 back to back between CUDA events"
    specs=(); for s in "${SHAPES[@]}"; do IFS='|' read -r _ _ t <<<"$s"; specs+=("$t"); done
    timeout 300 python3 "$(dirname "$0")/fft_cuda_reference.py" "${specs[@]}" 2>&1
    if [[ ${SWEEP:-1} != 0 ]]; then
        echo "== accuracy sweep against FFTW (Vulkan): ${SWEEP_ARGS:---max-1d 512}"
        timeout 400 "$C/accuracy_sweep" --fftw "$C/libfftw3.so.3" ${SWEEP_ARGS:---max-1d 512} 2>&1 | grep -v '^\[sweep\]'
    fi
} 2>&1 | tee "$R"
