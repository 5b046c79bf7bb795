#!/usr/bin/env bash
# Runs on the lent GPU machine: each SPIR-V variant directory under .devcarry-fft/variants
# (modules that librocfft loads in place of its built-in ones through
# OXROCM_ROCFFT_SPIRV_DIR; a file `smax` there sets OXROCM_ROCFFT_POW2_SMAX) timed on issue 23's benchmark shapes plus a contiguous
# single-pass 256-point batch, queued back to back; then cuFFT on the same shapes.
# Writes $OUT/variants.txt. VARIANTS names a subset (default: all). The variants are built
# here by bench/build-fft-variants.sh (after bench/make-devcarry-fft.sh).
set -u
C=$PWD/${1:-.devcarry-fft}
source "$(dirname "$0")/device-vulkan-env.sh"
export OXROCM_BACKEND=vulkan
R=$OUT/variants.txt
SHAPES=(
    "c2c-2^24|--length 16777216"
    "c2c-1024x16384|--length 1024 -b 16384"
    "c2c-256x65536|--length 256 -b 65536"
    "c2c-256^3|--length 256 256 256"
    "r2c-2^24|--length 16777216 -t 2"
    "c2c-2^23|--length 8388608"
    "c2c-2^22-double|--length 4194304 --precision double"
)
{
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
    for v in ${VARIANTS:-$(ls "$C/variants")}; do
        # A variant's modules of another SMAX tell the host through OXROCM_ROCFFT_POW2_SMAX.
        smax=$(cat "$C/variants/$v/smax" 2>/dev/null); export OXROCM_ROCFFT_POW2_SMAX=${smax:-}
        [ -n "$smax" ] || unset OXROCM_ROCFFT_POW2_SMAX
        echo "== variant $v ${smax:+(SMAX $smax)}"
        OXROCM_VULKAN_PIPELINE_STATS=1 OXROCM_ROCFFT_SPIRV_DIR=$C/variants/$v timeout 60 "$C/rocfft_bench" --length 1024 -N 1 2>&1 | grep -o 'fft_pow2_f32 #0: Register Count=[0-9]*' | head -1
        for s in "${SHAPES[@]}"; do
            IFS='|' read -r name opts <<<"$s"
            t=$(OXROCM_ROCFFT_SPIRV_DIR=$C/variants/$v timeout 60 "$C/rocfft_bench" $opts -o -N 3 --queued 50 --warmup_ms 300 2>&1 | sed -n 's/^queued: \([0-9.]*\) ms.*/\1/p')
            printf '%-18s %s ms\n' "$name" "$t"
        done
    done
    if [[ ${CUFFT:-1} != 0 ]]; then
        echo "== cuFFT (torch.fft)"
        timeout 300 python3 "$(dirname "$0")/fft_cuda_reference.py" c2c-2^24:c2c:single:16777216:1 c2c-1024x16384:c2c:single:1024:16384 \
            c2c-256x65536:c2c:single:256:65536 c2c-256^3:c2c:single:256x256x256:1 r2c-2^24:r2c:single:16777216:1 c2c-2^22-double:c2c:double:4194304:1 2>&1
    fi
} 2>&1 | tee "$R"
