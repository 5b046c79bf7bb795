#!/usr/bin/env bash
# Builds what bench/device-later.sh needs on the lent GPU machine into .devcarry-later/: our
# staged libraries (stripped), and for Debian sid (ROCm 6.4) and experimental (ROCm 7.2) the
# real rocblas-bench and rocminfo with the exact files their loader resolves from the suite's
# tree (tools/fetch-rocm-peers-later.sh), never the libraries we replace; plus the
# one-runtime program. Small enough to carry (the device tool's limit is 64 MiB).
# Usage: bash bench/make-devcarry-later.sh   (after cargo xtask stage and the later fetch)
set -euo pipefail
cd "$(dirname "$0")/.."
C=.devcarry-later
PEERS=${ROCM_PEERS:-$HOME/.cache/rocm-peers}
L=target/oxrocm/release/lib
[[ -e $L/liboxrocm-runtime.so.1 ]] || { echo "nothing staged in $L (cargo xtask stage)" >&2; exit 1; }
rm -rf "$C"; mkdir -p "$C/lib"
echo "[devcarry-later] our libraries" >&2
for f in "$L"/*.so.*; do
    [[ -L $f ]] && continue
    strip --strip-debug -o "$C/lib/$(basename "$f")" "$f"
done
# What we replace: these names never come from a suite's tree.
ours='^(libamdhip64|liboxrocm-runtime|librocblas|librocfft|libMIOpen|librccl|libhsa-runtime64|librocm_smi64)\.so'
for suite in sid experimental; do
    root=$PEERS/$suite/root
    [[ -d $root ]] || { echo "no $suite tree in $PEERS (tools/fetch-rocm-peers-later.sh)" >&2; exit 1; }
    mkdir -p "$C/$suite/lib"
    for t in rocblas-bench rocminfo; do
        rel=$(awk -F'\t' -v t="$t" '$1==t {print $2; exit}' "$PEERS/$suite/tests.tsv")
        [[ -n $rel ]] || { echo "no $t in $suite" >&2; exit 1; }
        cp "$root/$rel" "$C/$suite/$t"
        # The files the suite's loader resolves for it, our libraries first in the path.
        LD_LIBRARY_PATH=$PWD/$L LD_TRACE_LOADED_OBJECTS=1 "$root/$rel" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' |
            while read -r so path; do
                [[ $so =~ $ours ]] && continue
                [[ -e $C/$suite/lib/$so ]] || cp -L "$path" "$C/$suite/lib/$so"
            done
    done
    cp -L "$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" "$C/$suite/lib/"
    echo "[devcarry-later] $suite: $(ls "$C/$suite/lib" | wc -l) runtime files" >&2
done
cc -std=gnu11 -O1 abi-tests/programs/one_runtime.c -o "$C/one_runtime" -ldl -lm
cp abi-tests/programs/one_runtime.py bench/gemm_cuda_reference.py "$C/"
tar -C "$C" -cJf "$C.tar.xz" .
du -sh "$C" "$C.tar.xz" >&2
