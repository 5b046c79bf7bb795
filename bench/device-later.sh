#!/usr/bin/env bash
# Runs on the lent GPU machine: Debian's real ROCm 6.4 (sid) and 7.2 (experimental)
# rocblas-bench on oxrocm's Vulkan backend (a GEMM per suite, against cuBLAS through PyTorch in
# the same run), rocminfo listing the GPU, and the one-runtime program on the GPU.
# Expects bench/make-devcarry-later.sh's .devcarry-later.tar.xz and the Vulkan loader
# packages in .gl/ (both carried); writes $OUT/later.txt.
set -u
source "$(dirname "$0")/device-vulkan-env.sh"
C=/tmp/devcarry-later
rm -rf "$C"; mkdir -p "$C"; tar -C "$C" -xJf .devcarry-later.tar.xz
L=$C/lib
for f in "$L"/*.so.*; do
    so=$(readelf -d "$f" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
    [ -n "$so" ] && [ ! -e "$L/$so" ] && ln -s "$(basename "$f")" "$L/$so"
done
export OXROCM_BACKEND=vulkan
R=$OUT/later.txt
# $C/run SUITE TOOL ARGS...: a carried binary through its suite's loader, our libraries first
# (a script, not a function, so that timeout can start it)
cat > "$C/run" <<RUN
#!/bin/sh
s=\$1 t=\$2; shift 2
exec "$C/\$s/lib/ld-linux-x86-64.so.2" --library-path "$L:$C/\$s/lib" "$C/\$s/\$t" "\$@"
RUN
chmod +x "$C/run"
run() { "$C/run" "$@"; }
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    for s in sid experimental; do
        echo "== rocminfo ($s) on the Vulkan backend"
        HSA_ENABLE_DTIF=1 timeout 60 "$C/run" "$s" rocminfo 2>&1 | grep -E 'Marketing Name|^  Name:|Compute Unit|Size:|Done' | head -20
        echo "rocminfo exit: ${PIPESTATUS[0]}"
        for spec in "f32_r 4096" "f32_r 8192" "f64_r 4096"; do
            set -- $spec
            echo "== rocblas-bench ($s) gemm $1 m=n=k=$2, Vulkan"
            timeout 300 "$C/run" "$s" rocblas-bench -f gemm -r "$1" -m "$2" -n "$2" -k "$2" --transposeA N --transposeB N -i 10 -j 2 2>&1 | tail -2
        done
        echo "== rocblas-bench ($s) gemm f32_r 1024 with result check (-v 1)"
        timeout 300 "$C/run" "$s" rocblas-bench -f gemm -r f32_r -m 1024 -n 1024 -k 1024 -i 2 -v 1 2>&1 | tail -2
    done
    echo "== cuBLAS through PyTorch, same shapes"
    for spec in "f32 4096 4096 4096" "f32 8192 8192 8192" "f64 4096 4096 4096"; do
        timeout 120 python3 "$C/gemm_cuda_reference.py" $spec 10 2>&1 | tail -1
    done
    echo "== one runtime per process on the GPU (dlopen RTLD_LOCAL)"
    for pair in "6 4" "7 5"; do timeout 120 "$C/one_runtime" "$L" $pair | tail -1; done
} > "$R" 2>&1
cat "$R"
