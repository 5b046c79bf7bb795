#!/usr/bin/env bash
# Builds what bench/device-fft.sh needs on the lent GPU machine into .devcarry-fft/: the
# rocFFT C-API benchmark and accuracy sweep (librocfft's examples; statically linked with
# the runtime, so no staged libraries), the CPU comparison with FFTW (fftw_compare), and FFTW
# (the sweep's reference, and single precision with threads for fftw_compare) from the ROCm
# peers.
# Usage: bash bench/make-devcarry-fft.sh   (then carry .devcarry-fft and .gl)
set -euo pipefail
cd "$(dirname "$0")/.."
C=.devcarry-fft
rm -rf "$C"; mkdir -p "$C"
cargo build --release -p librocfft --example rocfft_bench --example accuracy_sweep --example fftw_compare >&2
for b in rocfft_bench accuracy_sweep fftw_compare; do strip --strip-debug -o "$C/$b" "target/release/examples/$b"; done
for l in libfftw3.so.3 libfftw3f.so.3 libfftw3f_threads.so.3; do
    cp -L "${ROCM_PEERS:-$HOME/.cache/rocm-peers}/root/usr/lib/x86_64-linux-gnu/$l" "$C/"
done
du -sh "$C" >&2
