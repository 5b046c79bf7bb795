#!/usr/bin/env bash
# rounds.sh KERNELS CPUREF [ROUNDS]: runs bench/gcn's kernels on the staged oxrocm libraries,
# interpreted (OXROCM_GCN_JIT=0) and compiled (the default), and the C++/OpenMP reference,
# alternating in each round so that the VM's drift hits all three alike.
#   KERNELS: hipcc -O2 --offload-arch=gfx1100 bench/gcn/kernels.hip -o KERNELS
#   CPUREF:  g++ -O2 -fopenmp bench/gcn/cpu_reference.cpp -o CPUREF
set -euo pipefail
kernels=${1:?usage: rounds.sh KERNELS CPUREF [ROUNDS]}; cpuref=${2:?}; rounds=${3:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
export LD_LIBRARY_PATH=$root/target/oxrocm/release/lib
for r in $(seq "$rounds"); do
    echo "-- round $r"
    echo "[interpreted]"; OXROCM_GCN_JIT=0 "$kernels"
    echo "[compiled]"; "$kernels"
    echo "[C++]"; OMP_NUM_THREADS=2 "$cpuref"
done
