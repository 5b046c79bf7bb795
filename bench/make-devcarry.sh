#!/usr/bin/env bash
# Builds what bench/device-run.sh needs on the lent GPU machine into .devcarry/ (release
# libraries, stripped, and prebuilt test/benchmark binaries), small enough to carry.
# Usage: bash bench/make-devcarry.sh   (then carry .devcarry and .gl, see docs/performance.md,
#   "Copies and launches on the H100")
set -euo pipefail
cd "$(dirname "$0")/.."
C=.devcarry
echo "[devcarry] staging release libraries" >&2
cargo xtask stage >&2
L=target/oxrocm/release/lib
rm -rf "$C"; mkdir -p "$C/lib"
# Real files only (the device script recreates the SONAME links).
for f in "$L"/*.so.*.*; do
    [[ -L $f ]] && continue
    strip --strip-debug -o "$C/lib/$(basename "$f")" "$f"
done
cp -r "$L/pkgconfig" "$L/cmake" "$C/lib/" 2>/dev/null || true
INC=include
cc -O2 -I "$INC" bench/bandwidth.c -o "$C/bandwidth" -L "$C/lib" -l:libamdhip64.so.5.7.31921 -lm
cp bench/cuda_reference.py "$C/"
echo "[devcarry] building the HIP API tests and vk_floor" >&2
api=$(cargo test --release -p libamdhip64 --test api --no-run --message-format=json 2>/dev/null |
    python3 -c 'import sys,json
for l in sys.stdin:
    m=json.loads(l)
    if m.get("reason")=="compiler-artifact" and m.get("target",{}).get("name")=="api" and m.get("executable"): print(m["executable"])' | tail -1)
strip --strip-debug -o "$C/api_tests" "$api"
cargo build --release -p oxrocm-runtime --example vk_floor >&2
strip --strip-debug -o "$C/vk_floor" target/release/examples/vk_floor
# The GEMM kernel benchmark links the runtime statically (an rlib test binary): it runs
# without the staged libraries.
cargo build --release -p librocblas --example gemm_kernel_bench >&2
strip --strip-debug -o "$C/gemm_kernel_bench" target/release/examples/gemm_kernel_bench
cp bench/gemm_cuda_reference.py bench/mma_peak.cu "$C/"
# rocBLAS's C API benchmark (rocblas-bench options), also statically linked.
cargo build --release -p librocblas --example rocblas_bench >&2
strip --strip-debug -o "$C/rocblas_bench" target/release/examples/rocblas_bench
if [[ -d /tmp/hip-samples/gfx1100 ]]; then
    mkdir -p "$C/samples"
    for p in vector_add block_reduce transpose histogram device_printf device_features module_launch; do
        [[ -e /tmp/hip-samples/gfx1100/$p ]] && cp /tmp/hip-samples/gfx1100/$p "$C/samples/"
    done
    cp /tmp/hip-samples/gfx1100/*.co "$C/samples/" 2>/dev/null || true
fi
du -sh "$C" >&2
