#!/usr/bin/env bash
# Builds a Debian package of the staged libraries (cargo xtask stage) that stands in for
# Debian's ROCm runtime packages: the real file names, SONAMEs and symlinks in the multiarch
# library directory, with Provides/Conflicts/Replaces on the packages it replaces.
#
#   packaging/build-deb.sh [STAGED_PREFIX] [OUT_DIR]
#     STAGED_PREFIX  default target/oxrocm/release (from `cargo xtask stage`)
#     OUT_DIR        default target/oxrocm
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${1:-$ROOT/target/oxrocm/release}
OUT=${2:-$ROOT/target/oxrocm}
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/Cargo.toml" | head -1)
ARCH=$(dpkg --print-architecture 2>/dev/null || echo amd64)
MULTIARCH=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
[[ -e $PREFIX/lib/libamdhip64.so.5 ]] || { echo "nothing staged in $PREFIX (run cargo xtask stage)" >&2; exit 1; }

TREE=$(mktemp -d)
trap 'rm -rf "$TREE"' EXIT
LIB=$TREE/usr/lib/$MULTIARCH
mkdir -p "$LIB" "$TREE/DEBIAN" "$TREE/usr/share/doc/oxrocm"
echo "[package] copying libraries"
# Real files stripped of debug info, symlinks as staged (the development links excepted:
# those belong to -dev packages).
for f in "$PREFIX"/lib/*.so.*; do
    name=$(basename "$f")
    if [[ -L $f ]]; then
        cp -P "$f" "$LIB/$name"
    else
        strip --strip-debug -o "$LIB/$name" "$f"
    fi
done
cp "$ROOT/README.md" "$TREE/usr/share/doc/oxrocm/README.md"
# The README links docs/*.md: they travel with it.
mkdir -p "$TREE/usr/share/doc/oxrocm/docs"
cp "$ROOT"/docs/*.md "$TREE/usr/share/doc/oxrocm/docs/"
replaced="libamdhip64-5, librocblas0, librocfft0, librccl1, libhsa-runtime64-1, librocm-smi64-1"
cat > "$TREE/DEBIAN/control" <<CONTROL
Package: oxrocm
Version: $VERSION
Architecture: $ARCH
Maintainer: oxrocm developers <oxrocm@invalid>
Section: libs
Priority: optional
Depends: libc6, libgcc-s1, libstdc++6
Recommends: libvulkan1
Provides: $replaced
Conflicts: $replaced
Replaces: $replaced
Description: ROCm core libraries in Rust, without an AMD GPU
 Drop-in libamdhip64 (HIP runtime, ROCm 5.7/6.x/7.x ABIs), librocblas (ROCm
 5.5/6.x/7.x ABIs), librocfft, libMIOpen, librccl and libhsa-runtime64 that run ROCm
 programs unchanged on the CPU or on any Vulkan GPU.
CONTROL
echo "[package] building"
mkdir -p "$OUT"
DEB=$OUT/oxrocm_${VERSION}_${ARCH}.deb
dpkg-deb --root-owner-group --build "$TREE" "$DEB" >/dev/null
echo "[package] $DEB ($(du -h "$DEB" | cut -f1))"
