#!/usr/bin/env bash
# Builds what bench/device-blas1.sh, device-blas2.sh and device-blas3.sh need on the lent GPU machine into .devcarry-blas1/:
# librocblas's rocblas_bench example (statically linked: no staged libraries needed) and the
# cuBLAS reference scripts. Carry .devcarry-blas1 and .gl (the Vulkan loader packages).
set -euo pipefail
cd "$(dirname "$0")/.."
C=.devcarry-blas1
rm -rf "$C"; mkdir -p "$C"
cargo build --release -p librocblas --example rocblas_bench >&2
strip --strip-debug -o "$C/rocblas_bench" target/release/examples/rocblas_bench
cp bench/blas1_cuda_reference.py bench/blas2_cuda_reference.py bench/blas3_cuda_reference.py bench/cublas_handle.py "$C/"
du -sh "$C" >&2
