#!/usr/bin/env bash
# Runs on the lent GPU machine (see docs/performance.md, "Copies and launches on the H100"):
# the whole HIP test suite (abi-tests/run.sh and the Rust API tests) on the Vulkan backend, the
# Vulkan driver's own round-trip floor, then the bandwidth/launch benchmark for oxrocm and for
# CUDA (PyTorch).
# Expects bench/make-devcarry.sh's output in .devcarry/ and the Vulkan loader packages in
# .gl/ (both carried); writes $OUT/results.txt.  MODE=bench skips the test suite.
set -u
C=$PWD/${1:-.devcarry}
source "$(dirname "$0")/device-vulkan-env.sh"
# The staged library folder: the carried real files plus their SONAME names.
L=/tmp/oxrocm-lib
rm -rf "$L"; mkdir -p "$L"; cp -r "$C"/lib/* "$L"/
for f in "$L"/*.so.*.*; do
    so=$(readelf -d "$f" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
    [ -n "$so" ] && [ ! -e "$L/$so" ] && ln -s "$(basename "$f")" "$L/$so"
    ln -sf "$(basename "$f")" "$L/${so%%.so*}.so"
done
R=$OUT/results.txt
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    echo "== compilers: $(command -v cc gcc g++ | tr '\n' ' ')"
    if [ "${MODE:-all}" = all ]; then
        echo "== abi-tests on the Vulkan backend (run.sh, OXROCM_TEST_BACKEND=vulkan)"
        OXROCM_LIB_DIR=$L OXROCM_TEST_BACKEND=vulkan HIP_SAMPLES_DIR=$C/samples timeout 400 bash abi-tests/run.sh 2>&1 | tail -25
        echo "== HIP API tests (libamdhip64/tests/api.rs), Vulkan, two logical devices"
        OXROCM_BACKEND=vulkan OXROCM_VULKAN_DEVICE_REPEAT=2 LD_LIBRARY_PATH=$L timeout 300 "$C/api_tests" --test-threads=4 2>&1 | grep -E 'test result|FAILED|panicked' | head -20
    fi
    if [ "${MODE:-all}" = all ]; then
        echo "== GEMM kernel (Vulkan) vs cuBLAS (PyTorch)"
        for spec in "f32 8192 8192 8192" "f32 4096 4096 4096" "f64 4096 4096 4096"; do
            OXROCM_BACKEND=vulkan timeout 120 "$C/gemm_kernel_bench" $spec 10
            timeout 120 python3 "$C/gemm_cuda_reference.py" $spec 10
        done
    fi
    echo "== Vulkan driver round-trip floor (vk_floor)"; timeout 60 "$C/vk_floor"
    echo "== oxrocm bandwidth (Vulkan), profiled"
    OXROCM_BACKEND=vulkan OXROCM_VULKAN_PROFILE=1 BENCH_MIB=1024 BENCH_ITERS=20 LD_LIBRARY_PATH=$L timeout 120 "$C/bandwidth" 2>&1
    # PCIe bandwidth on a shared machine moves by 10-20% between runs, for CUDA as for us:
    # three alternating rounds of each, and the median of each figure.
    for i in 1 2 3; do
        OXROCM_BACKEND=vulkan BENCH_MIB=1024 BENCH_ITERS=20 LD_LIBRARY_PATH=$L timeout 120 "$C/bandwidth" > "$OUT/oxrocm.$i.txt" 2>&1
        BENCH_MIB=1024 BENCH_ITERS=20 timeout 120 python3 "$C/cuda_reference.py" > "$OUT/cuda.$i.txt" 2>&1
    done
    echo "== oxrocm (Vulkan) vs CUDA (PyTorch), median of three alternating rounds"
    python3 - "$OUT" <<'PY'
import sys, statistics, glob
def figures(side):
    runs = []
    for f in sorted(glob.glob(f"{sys.argv[1]}/{side}.*.txt")):
        d = {}
        for line in open(f):
            w = line.split()
            if len(w) >= 2 and w[0] in ("d2d_copy", "h2d_pinned", "d2h_pinned", "launch_back_to_back", "launch_and_sync"):
                d[w[0]] = float(w[1])
        runs.append(d)
    return {k: statistics.median(r[k] for r in runs if k in r) for k in runs[0]}
ours, cuda = figures("oxrocm"), figures("cuda")
for k, unit in (("d2d_copy", "GB/s"), ("h2d_pinned", "GB/s"), ("d2h_pinned", "GB/s"), ("launch_back_to_back", "us"), ("launch_and_sync", "us")):
    ratio = ours[k] / cuda[k]
    print(f"{k:20s} oxrocm {ours[k]:8.2f} {unit:5s} CUDA {cuda[k]:8.2f} {unit:5s} ratio {ratio:.2f}")
PY
} > "$R" 2>&1
cat "$R"
