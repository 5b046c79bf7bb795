#!/usr/bin/env bash
# A glslang 15 for shaders that need GL_NV_cooperative_matrix2 (`// build: glslang15` in
# tools/build-shaders.sh), on a Debian 12 / Ubuntu machine whose own glslang is older and
# without root: downloads Debian trixie's glslang-tools with the C and C++ runtimes it
# needs into a cache directory on first use (apt-get download, no install) and runs it with
# that runtime's loader.
#
#   OXROCM_GLSLANG15=tools/glslang15.sh tools/build-shaders.sh
#   tools/glslang15.sh -V --target-env vulkan1.3 -o out.spv shader.comp
set -euo pipefail
DIR=${OXROCM_GLSLANG15_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/oxrocm/glslang15}
ROOT=$DIR/root
if [[ ! -x $ROOT/usr/bin/glslang ]]; then
    echo "[glslang15] fetching Debian trixie's glslang-tools into $DIR" >&2
    mkdir -p "$DIR/lists/partial" "$DIR/debs"
    echo "deb http://deb.debian.org/debian trixie main" > "$DIR/sources.list"
    apt_opts=(-oDir::Etc::SourceList="$DIR/sources.list" -oDir::Etc::SourceParts=/nonexistent
              -oDir::State::Lists="$DIR/lists" -oAPT::Architecture=amd64 -oDebug::NoLocking=1)
    apt-get "${apt_opts[@]}" update >&2
    (cd "$DIR/debs" && apt-get "${apt_opts[@]}" download glslang-tools libstdc++6 libc6 libgcc-s1 >&2)
    for deb in "$DIR"/debs/*.deb; do dpkg -x "$deb" "$ROOT"; done
fi
LIB=$ROOT/usr/lib/x86_64-linux-gnu
exec "$LIB/ld-linux-x86-64.so.2" --library-path "$LIB" "$ROOT/usr/bin/glslang" "$@"
