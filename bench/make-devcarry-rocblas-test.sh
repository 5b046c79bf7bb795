#!/usr/bin/env bash
# Builds what bench/device-rocblas-test.sh needs on the lent GPU machine into
# .devcarry-rocblas-test.tar.xz: Debian trixie's rocblas-test (rocBLAS 2.47) with a cross-section
# of its quick tests (bench/rocblas_test_subset.py: every family, at most 250 tests each), the
# files its loader resolves from the suite's tree (never the libraries we replace), and our
# three libraries it loads (stripped). Usage: bash bench/make-devcarry-rocblas-test.sh (after
# cargo xtask stage and tools/fetch-rocm-peers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
C=.devcarry-rocblas-test
PEERS=${ROCM_PEERS:-$HOME/.cache/rocm-peers}
ROOT=$PEERS/root
L=target/oxrocm/release/lib
T=$ROOT/usr/libexec/rocm/librocblas0-tests/rocblas-test
[[ -x $T ]] || { echo "no rocblas-test in $ROOT (tools/fetch-rocm-peers.sh)" >&2; exit 1; }
[[ -e $L/liboxrocm-runtime.so.1 ]] || { echo "nothing staged in $L (cargo xtask stage)" >&2; exit 1; }
rm -rf "$C"; mkdir -p "$C/lib"
cp "$T" "$C/"
python3 bench/rocblas_test_subset.py "$ROOT/usr/share/rocblas/2.47.0/test/rocblas_gtest.data" "$C/rocblas_gtest.data" "${PER_FUNCTION:-250}"
ours='^(libamdhip64|liboxrocm-runtime|librocblas)\.so'
LD_LIBRARY_PATH=$PWD/$L LD_TRACE_LOADED_OBJECTS=1 "$T" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' |
    while read -r so path; do
        if [[ $so =~ $ours ]]; then strip --strip-debug -o "$C/lib/$so" "$(readlink -f "$path")"
        else cp -L "$path" "$C/lib/$so"; fi
    done
cp -L "$ROOT/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" "$C/lib/"
echo "[devcarry-rocblas-test] $(ls "$C/lib" | tr '\n' ' ')" >&2
tar -C "$C" -cf - . | xz -T2 -6 > "$C.tar.xz"
du -sh "$C" "$C.tar.xz" >&2
