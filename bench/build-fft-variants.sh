#!/usr/bin/env bash
# Builds fft_pow2 SPIR-V variants for bench/device-fft-variants.sh into .devcarry-fft/variants
# (run bench/make-devcarry-fft.sh first: it empties .devcarry-fft). Each argument is
#   NAME:F32_THREADS:F32_LGE:F64_THREADS:F64_LGE[:VAR,VAR...]
# e.g. t128e8:128:3:128:3  or  nocompute:128:4:128:3:NOCOMPUTE, VAR naming a VAR_* switch of
# librocfft/shaders/fft_pow2.glsl. A variant whose groups hold other than the built-in
# SMAX (2048 f32 / 1024 f64 values) gets a `smax` file (one value for both precisions, which
# must then agree), which the device script passes as OXROCM_ROCFFT_POW2_SMAX.
# With no arguments: the built-in modules, the other group sizes of 2026-11-28, loads only.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${OXROCM_SHADER_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/shader-tools}
B=$("$VENV/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")/cmeel.prefix
[[ -x $B/bin/glslangValidator ]] || { echo "run tools/build-shaders.sh once first (it installs glslang into $VENV)" >&2; exit 1; }
V=.devcarry-fft/variants
mkdir -p "$V"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
specs=("$@")
[[ ${#specs[@]} -gt 0 ]] || specs=(cur:128:4:128:3 t128e8:128:3:128:3 t64:64:4:128:3 nocompute:128:4:128:3:NOCOMPUTE)
for spec in "${specs[@]}"; do
    IFS=: read -r name t32 e32 t64 e64 vars <<<"$spec"
    d=$V/$name; rm -rf "$d"; mkdir -p "$d"
    s32=$(( t32 << e32 )); s64=$(( t64 << e64 ))
    if [[ $s32 != 2048 || $s64 != 1024 ]]; then
        [[ $s32 == "$s64" ]] || { echo "$name: f32 SMAX $s32 and f64 SMAX $s64 differ (one OXROCM_ROCFFT_POW2_SMAX serves both)" >&2; exit 1; }
        echo "$s32" > "$d/smax"
    fi
    for prec in f32 f64; do
        if [[ $prec == f32 ]]; then th=$t32 lge=$e32 real=float cplx=vec2; else th=$t64 lge=$e64 real=double cplx=dvec2; fi
        {
            printf '#version 460\n#extension GL_GOOGLE_include_directive : require\n'
            printf '#define REAL %s\n#define CPLX %s\n#define SCALE_T %s\n#define THREADS %su\n#define LGE %s\n' $real $cplx $real "$th" "$lge"
            for v in ${vars//,/ }; do printf '#define VAR_%s\n' "$v"; done
            printf '#include "fft_pow2.glsl"\n'
        } > "$TMP/v.comp"
        LD_LIBRARY_PATH=$B/lib "$B/bin/glslangValidator" -V --target-env vulkan1.2 -Os -Ilibrocfft/shaders -o "$d/fft_pow2_$prec.spv" "$TMP/v.comp" > "$TMP/log" || { cat "$TMP/log"; exit 1; }
    done
    echo "[variants] $name: f32 $t32 x $((1 << e32)), f64 $t64 x $((1 << e64))${vars:+, $vars}"
done
