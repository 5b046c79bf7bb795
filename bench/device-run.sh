#!/usr/bin/env bash
# Runs on the lent GPU machine (see README "Measured"): the HIP test programs and the API
# tests on the Vulkan backend, then the bandwidth/launch benchmark for oxrocm and for CUDA
# (PyTorch). Expects prebuilt binaries and stripped libraries in .devcarry/ and the Vulkan
# loader packages in .gl/ (carried), and writes $OUT/results.txt.
set -u
C=${1:-.devcarry}
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
[ -e /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export LD_LIBRARY_PATH=$PWD/$C/lib OXROCM_BACKEND=vulkan
R=$OUT/results.txt
{
    echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    echo "== hipcc-built program (Vulkan backend)"; "$C/hipcc_host"
    echo "== abi_versions"; "$C/abi_versions" 5 | tail -1
    echo "== multistream, two logical devices"; OXROCM_VULKAN_DEVICE_REPEAT=2 "$C/multistream" 2>&1 | grep -v '^PASS'; echo "exit ${PIPESTATUS[0]}"
    echo "== HIP API tests, Vulkan"; OXROCM_VULKAN_DEVICE_REPEAT=2 "$C/api_tests" --test-threads=4 2>&1 | grep -E 'test result|FAILED|panicked|error' | head -20; echo "exit ${PIPESTATUS[0]}"
    if [ -d "$C/samples" ]; then
        echo "== HIP samples with AMDGCN kernels (expect a clear 'not supported yet' and exit 2)"
        for p in vector_add device_features module_launch; do
            (cd "$C/samples" && AMD_LOG_LEVEL=1 "./$p" 2>&1 | grep -m1 'not supported yet'; echo "$p exit ${PIPESTATUS[0]}")
        done
    fi
    echo "== oxrocm bandwidth (Vulkan)"; BENCH_MIB=1024 BENCH_ITERS=20 "$C/bandwidth"
    echo "== CUDA bandwidth (PyTorch)"; BENCH_MIB=1024 BENCH_ITERS=20 python3 "$C/cuda_reference.py"
} > "$R" 2>&1
cat "$R"
