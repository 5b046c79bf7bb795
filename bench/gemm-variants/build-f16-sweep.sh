#!/usr/bin/env bash
# Builds the f16 GEMM variants of the 2026-11-26 H100 runs (bench/results/h100-gemm-2026-11-26.txt)
# into sweep folders for bench/device-gemm-sweep.sh: each V/<name>/ gets gemm_f16_nt.spv (the NT
# module, which also serves NN through operand repacking at 8192), `args` and, where the
# tiling differs, `tile`.
#
#   bash bench/gemm-variants/build-f16-sweep.sh [V] [set ...]    (V default .sweep/v)
#
# Sets: diag (parts of the K loop left out: wrong results, timings only), buffers (two shared
# tiles, one barrier), touch (the tile two or three steps ahead touched early), early (the
# next tile's loads before the second barrier), ahead (loads two steps ahead, in twice the
# staging registers), readonly, wide (256 x 128 and 128 x 256
# tiles), narrow (4 subgroups of 64 x 32, 32 x 64 or 32 x 32: fewer registers, more
# workgroups per SM), cm2 (workgroup-scope VK_NV_cooperative_matrix2 with the transposes compiled in; needs
# OXROCM_GLSLANG15, e.g. tools/glslang15.sh). The subgroup-scope variants are the committed
# gemm_f16_coopmat.glsl with gemm_f16_diag.patch applied: its switches are the defines below.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
V=$(realpath -m "${1:-.sweep/v}"); shift || true
SETS=${*:-diag buffers touch early ahead readonly wide narrow}
VENV=${OXROCM_SHADER_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/shader-tools}
[[ -x $VENV/bin/python ]] || { echo "run tools/build-shaders.sh once first (it installs the shader tools)" >&2; exit 1; }
P=$("$VENV/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")/cmeel.prefix
export LD_LIBRARY_PATH=$P/lib
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
patch -s -o "$TMP/diag.glsl" "$ROOT/librocblas/shaders/gemm_f16_coopmat.glsl" < "$ROOT/bench/gemm-variants/gemm_f16_diag.patch"
cp "$ROOT/librocblas/shaders/gemm_f16_cm2.glsl" "$TMP/cm2.glsl"
NT="-r h --transposeA N --transposeB T"
NN="-r h --transposeA N --transposeB N"

# variant NAME ARGS TILE WARPS_M WARPS_N BK DEFINES...
variant() {
    local name=$1 args=$2 tile=$3 wm=$4 wn=$5 bk=$6; shift 6
    mkdir -p "$V/$name"
    {
        echo '#version 460'; echo '#extension GL_GOOGLE_include_directive : require'
        echo "#define WARPS_M ${wm}u"; echo "#define WARPS_N ${wn}u"; echo "#define TM ${TM:-4}u"; echo "#define TN ${TN:-4}u"
        echo "#define BK ${bk}u"; echo '#define TRANS_A false'; echo '#define TRANS_B true'
        for d in "$@"; do echo "#define $d"; done
        echo '#include "diag.glsl"'
    } > "$TMP/$name.comp"
    "$P/bin/glslangValidator" -V --target-env vulkan1.2 -o "$TMP/$name.raw.spv" "$TMP/$name.comp" > "$TMP/log" || { cat "$TMP/log"; exit 1; }
    "$P/bin/spirv-opt" --target-env=vulkan1.2 -O "$TMP/$name.raw.spv" -o "$V/$name/gemm_f16_nt.spv"
    "$P/bin/spirv-val" --target-env vulkan1.2 "$V/$name/gemm_f16_nt.spv"
    echo "$args" > "$V/$name/args"
    [[ -z $tile ]] || echo "$tile" > "$V/$name/tile"
    echo "[sweep] $name" >&2
}
# cm2 NAME BM BN BK THREADS
cm2() {
    local name=$1 bm=$2 bn=$3 bk=$4 th=$5
    mkdir -p "$V/$name"
    {
        echo '#version 460'; echo '#extension GL_GOOGLE_include_directive : require'
        echo "const uint BM = ${bm}u, BN = ${bn}u, BK = ${bk}u;"; echo "#define THREADS $th"
        echo '#define TRANS_A false'; echo '#define TRANS_B true'; echo '#include "cm2.glsl"'
    } > "$TMP/$name.comp"
    $OXROCM_GLSLANG15 -V --target-env vulkan1.3 -o "$TMP/$name.raw.spv" "$TMP/$name.comp" > "$TMP/log" || { cat "$TMP/log"; exit 1; }
    "$P/bin/spirv-opt" --target-env=vulkan1.3 -O "$TMP/$name.raw.spv" -o "$V/$name/gemm_f16_nt.spv"
    "$P/bin/spirv-val" --target-env vulkan1.3 "$V/$name/gemm_f16_nt.spv"
    echo "$NT" > "$V/$name/args"; echo "custom:${bm}x${bn}x${bk}" > "$V/$name/tile"
    echo "[sweep] $name" >&2
}

for set in $SETS; do
    case $set in
    diag)
        variant base "$NT" "" 2 2 32
        variant no_barriers "$NT" "" 2 2 32 DIAG_NOBAR
        variant first_barrier_only_dropped "$NT" "" 2 2 32 ONE_BAR
        variant no_global_loads "$NT" "" 2 2 32 DIAG_NOFETCH
        variant loads_of_tile_0 "$NT" "" 2 2 32 DIAG_FIXK
        variant no_shared_stores "$NT" "" 2 2 32 DIAG_NOSTORE
        variant fragments_once "$NT" "" 2 2 32 DIAG_NOFRAG
        variant b_fragments_one_at_a_time "$NT" "" 2 2 32 BONE ;;
    buffers)
        variant two_tiles "$NT" "" 2 2 32 DB
        variant two_tiles_nn "$NN" "" 2 2 32 DB
        variant two_tiles_fenced "$NT" "" 2 2 32 DB DB_FENCE
        variant two_tiles_subgroup_barrier "$NT" "" 2 2 32 DB DB_SGBAR
        variant two_tiles_first_only "$NT" "" 2 2 32 DB DB_CUR0
        variant two_tiles_no_barrier "$NT" "" 2 2 32 DB DIAG_NOBAR
        variant two_tiles_k16 "$NT" custom:128x128x16 2 2 16 DB ;;
    touch)
        variant touch_1_ahead "$NT" "" 2 2 32 TOUCH_AHEAD=1u
        variant touch_2_ahead "$NT" "" 2 2 32 TOUCH_AHEAD=2u
        variant touch_3_ahead "$NT" "" 2 2 32 TOUCH_AHEAD=3u
        variant touch_2_ahead_nn "$NN" "" 2 2 32 TOUCH_AHEAD=2u ;;
    early)
        variant early_loads "$NT" "" 2 2 32 EARLY
        variant early_loads_nn "$NN" "" 2 2 32 EARLY ;;
    ahead)
        variant a_two_ahead "$NT" "" 2 2 32 PF2=1u
        variant b_two_ahead "$NT" "" 2 2 32 PF2=2u
        variant both_two_ahead "$NT" "" 2 2 32 PF2=3u
        variant a_two_ahead_nn "$NN" "" 2 2 32 PF2=1u
        variant none_two_ahead "$NT" "" 2 2 32 PF2=0u
        variant atomic_loads "$NT" "" 2 2 32 ATOMIC_LOADS
        variant atomic_loads_both_two_ahead "$NT" "" 2 2 32 PF2=3u ATOMIC_LOADS ;;
    readonly)
        variant readonly_loads "$NT" "" 2 2 32 RO
        variant readonly_touch_2_ahead "$NT" "" 2 2 32 RO TOUCH_AHEAD=2u ;;
    wide)
        variant w8_256x128 "$NT" custom:256x128x32 4 2 32
        variant w8_256x128_no_barriers "$NT" custom:256x128x32 4 2 32 DIAG_NOBAR
        variant w8_256x128_two_tiles_k16 "$NT" custom:256x128x16 4 2 16 DB ;;
    narrow)
        TM=4 TN=2 variant w4_128x64 "$NT" custom:128x64x32 2 2 32
        TM=2 TN=4 variant w4_64x128 "$NT" custom:64x128x32 2 2 32
        TM=2 TN=4 variant w4_64x128_k64 "$NT" custom:64x128x64 2 2 64
        TM=2 TN=2 variant w4_64x64 "$NT" custom:64x64x32 2 2 32 ;;
    cm2)
        : "${OXROCM_GLSLANG15:?set OXROCM_GLSLANG15 (e.g. tools/glslang15.sh)}"
        cm2 cm2_128x128x32 128 128 32 256
        cm2 cm2_128x128x64 128 128 64 256
        cm2 cm2_128x128x64_t128 128 128 64 128
        cm2 cm2_256x128x32 256 128 32 256
        cm2 cm2_128x256x32 128 256 32 256
        cm2 cm2_128x256x64 128 256 64 256 ;;
    *) echo "unknown set $set" >&2; exit 1 ;;
    esac
done
