#!/usr/bin/env bash
# Builds the project's HIP programs with real AMDGCN kernels (abi-tests/programs/*.hip) with
# Debian's hipcc (clang-15 on Debian 12), so the AMDGCN end-to-end tests and the decoder's corpus need
# nothing outside this checkout.
#
#   abi-tests/build-kernels.sh OUT
#
# OUT/devlibs        ROCm's device libraries (Debian's rocm-device-libs) plus the one-constant
#                    oclc_isa_version_11000.bc Debian 12's 5.2 release lacks (gfx1100)
# OUT/<t>/<program>  the self-checking samples for t = gfx1030, gfx1100, and all (one fat
#                    binary with both); module_kernels.co beside them (raw ELF per target,
#                    an offload bundle in all/)
# OUT/gcn/<program>  gcn_math, textures, wave_overlap, grid_sync, launch_timeout, trig_large as gfx1030+gfx1100 fat
#                    binaries, and grid_sync.co (gfx1100 code object); wmma for gfx1100 alone
#                    (WMMA is gfx11's)
# OUT/manifest.txt   one line per file built
# Prints "built N files" at the end; exits non-zero when any build fails.
set -euo pipefail

OUT=${1:?usage: build-kernels.sh OUT}
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/programs" && pwd)
TARGETS=(gfx1030 gfx1100)
SAMPLES=(vector_add block_reduce transpose histogram device_printf device_features module_launch)
GCN=(gcn_math textures wave_overlap grid_sync launch_timeout trig_large)
GCN11=(wmma)

command -v hipcc >/dev/null || { echo "build-kernels.sh: hipcc not installed (apt-get install hipcc)" >&2; exit 1; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# Up to date when the sources, this script and the compiler are those of the last build.
stamp=$(cat "$SRC"/*.hip "$SRC"/*.h "${BASH_SOURCE[0]}" <(hipcc --version 2>/dev/null) | sha256sum | cut -d' ' -f1)
# The LLVM tools of the clang hipcc drives (Debian 12: 15).
llvm=$(hipcc --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
[[ -n $llvm ]] || { echo "build-kernels.sh: hipcc --version names no clang version" >&2; exit 1; }
if [[ -f $OUT/stamp && $(cat "$OUT/stamp") == "$stamp" && -f $OUT/manifest.txt ]]; then
    echo "built $(wc -l < "$OUT/manifest.txt") files in $OUT (up to date)"
    exit 0
fi
# Build beside the old output and replace it only when everything built, so a failed
# build (a broken compiler) leaves the last good one in place.
DEST=$OUT
OUT=$DEST.new
rm -rf "$OUT"
mkdir -p "$OUT"

# ---- device libraries: Debian's bitcode plus the ISA-version constants it lacks ----
bitcode=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
[[ -f $bitcode/ocml.bc ]] || bitcode=$(dirname "$(find /usr/lib -path '*amdgcn*' -name ocml.bc 2>/dev/null | head -1)")
[[ -f $bitcode/ocml.bc ]] || { echo "build-kernels.sh: no ROCm device libraries (ocml.bc; rocm-device-libs)" >&2; exit 1; }
devlibs=$OUT/devlibs
rm -rf "$devlibs"
mkdir -p "$devlibs"
ln -s "$bitcode"/*.bc "$devlibs"/
# __oclc_ISA_version holds major*1000 + minor*100 + stepping (gfx1100 -> 11000).
layout=$(llvm-dis-"$llvm" -o - "$bitcode/oclc_isa_version_1030.bc" | sed -n 's/^target datalayout = "\(.*\)"$/\1/p')
for t in "${TARGETS[@]}"; do
    f=$devlibs/oclc_isa_version_${t#gfx}.bc
    [[ -e $f ]] && continue
    digits=${t#gfx}
    version=$(( ${digits:0:${#digits}-2} * 1000 + 16#${digits: -2:1} * 100 + 16#${digits: -1} ))
    printf '%s\n' "target datalayout = \"$layout\"" 'target triple = "amdgcn-amd-amdhsa"' \
        "@__oclc_ISA_version = linkonce_odr protected local_unnamed_addr addrspace(4) constant i32 $version, align 4" |
        llvm-as-"$llvm" -o "$f"
done

: > "$OUT/manifest.txt"
built=0
# hipcc's driver adds host-side outputs a device-only build cannot have; those go to clang.
hip_version=$(awk '/define HIP_VERSION_MAJOR/{a=$3} /define HIP_VERSION_MINOR/{b=$3} /define HIP_VERSION_PATCH/{c=$3} END{print a"."b"."c}' /usr/include/hip/hip_version.h)
# compile OUTFILE SRC TARGET... [-- extra flags]
compile() {
    local out=$1 src=$2; shift 2
    local flags=() cc=(hipcc)
    while [[ $# -gt 0 && $1 != -- ]]; do flags+=("--offload-arch=$1"); shift; done
    [[ ${1:-} == -- ]] && shift
    [[ " $* " == *" --cuda-device-only "* ]] && cc=(clang++-"$llvm" -x hip --rocm-path=/usr --hip-version="$hip_version")
    "${cc[@]}" "${flags[@]}" --rocm-device-lib-path="$devlibs" -O2 "$@" "$src" -o "$out" \
        || { echo "build-kernels.sh: $src failed (${flags[*]})" >&2; exit 1; }
    echo "${out#"$OUT"/} ${flags[*]} $*" >> "$OUT/manifest.txt"
    built=$((built + 1))
}

for dir in "${TARGETS[@]}" all; do
    mkdir -p "$OUT/$dir"
    targets=("${TARGETS[@]}")
    [[ $dir == all ]] || targets=("$dir")
    for p in "${SAMPLES[@]}"; do
        compile "$OUT/$dir/$p" "$SRC/$p.hip" "${targets[@]}"
    done
    # A device-only code object for hipModuleLoad: raw ELF for one target, a bundle for two.
    mode=--no-gpu-bundle-output
    [[ ${#targets[@]} -gt 1 ]] && mode=--gpu-bundle-output
    compile "$OUT/$dir/module_kernels.co" "$SRC/module_kernels.hip" "${targets[@]}" -- --cuda-device-only "$mode"
    echo "built $dir: ${SAMPLES[*]} module_kernels.co"
done

mkdir -p "$OUT/gcn"
for p in "${GCN[@]}"; do
    compile "$OUT/gcn/$p" "$SRC/$p.hip" "${TARGETS[@]}"
done
compile "$OUT/gcn/grid_sync.co" "$SRC/grid_sync.hip" gfx1100 -- --genco
for p in "${GCN11[@]}"; do
    compile "$OUT/gcn/$p" "$SRC/$p.hip" gfx1100
done
echo "built gcn: ${GCN[*]} grid_sync.co ${GCN11[*]}"
echo "$stamp" > "$OUT/stamp"
rm -rf "$DEST"
mv "$OUT" "$DEST"
echo "built $built files in $DEST"
