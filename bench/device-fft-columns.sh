# Runs on the lent GPU machine: the four-step split of long 1D transforms as it is (columns of
# at most 256 points, three passes for 2^24) against OXROCM_ROCFFT_FOUR_STEP_COLUMNS=4096
# (4096 x 4096, two passes, one column per workgroup), then the accuracy of the latter.
# Expects .devcarry-fft (bash bench/make-devcarry-fft.sh) and .gl/. Prints to stdout.
set -u
source bench/device-vulkan-env.sh
export OXROCM_BACKEND=vulkan
C=$PWD/.devcarry-fft
nvidia-smi --query-gpu=name --format=csv,noheader
for cols in default 4096; do
  if [ $cols = default ]; then unset OXROCM_ROCFFT_FOUR_STEP_COLUMNS; else export OXROCM_ROCFFT_FOUR_STEP_COLUMNS=$cols; fi
  echo "== four-step columns: $cols"
  for opts in "--length 16777216" "--length 16777216 -t 2" "--length 4194304 --precision double" "--length 1048576 -b 16"; do
    t=$(timeout 60 $C/rocfft_bench $opts -o -N 3 --queued 50 --warmup_ms 300 2>&1 | sed -n 's/^queued: \([0-9.]*\) ms.*/\1/p'); echo "$opts: $t ms"
  done
done
unset OXROCM_ROCFFT_FOUR_STEP_COLUMNS
export OXROCM_ROCFFT_FOUR_STEP_COLUMNS=4096
timeout 120 $C/accuracy_sweep --fftw $C/libfftw3.so.3 --shapes 16777216,4194304,8388608,1048576,65536,16384x1024,1024x4096 2>&1 | grep -v '^\[sweep\]'
