#!/usr/bin/env bash
# oxrocm ABI tests. Each test is a function named test_*; list it in TESTS below.
# A test returns 0 (PASS), 1 (FAIL) or 77 (SKIP, with the reason on stdout).
#
#   ROCM_PEERS   peer tree from tools/fetch-rocm-peers.sh (default ~/.cache/rocm-peers)
#   ROCM_INCLUDE ROCm's include dir (default $ROCM_PEERS/dev/usr/include)
#   CC / CXX     C and C++ compilers (default gcc / g++)
#   KEEP=1       keep the work directory
#   OXROCM_LIB_DIR  staged libraries (cargo xtask stage); the program tests SKIP without it
#
#   OXROCM_TEST_BACKEND  cpu (default) | vulkan | vulkan-staging: which device backend the
#                   program tests run on (Vulkan: lavapipe or a GPU, two logical devices,
#                   validation layer on; -staging forces the GPU transfer paths)
#
#   ONLY=name    run only the test of that name (e.g. ONLY=hip_samples_run_their_kernels)
#   OXROCM_REQUIRE_ALL=1  a test that cannot run because a component is missing (ROCm peers,
#                   Vulkan device, hipcc, valgrind, pkg-config, cmake, dpkg-deb) FAILS instead of
#                   skipping (cargo xtask test sets it in CI); skips by design stay skips
#   HIP_PROGRAMS_DIR  the HIP programs already built by abi-tests/build-kernels.sh (else the
#                   test builds them into its work directory)
#
#   run.sh            every test
#   run.sh --example  only the example program (the README's main job), with its output
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROCM_PEERS=${ROCM_PEERS:-$HOME/.cache/rocm-peers}
ROCM_INCLUDE=${ROCM_INCLUDE:-$ROCM_PEERS/dev/usr/include}
CC=${CC:-gcc}
CXX=${CXX:-g++}
OURS_INC=$ROOT/include
WORK=$(mktemp -d "${TMPDIR:-/tmp}/oxrocm-abi.XXXXXX")
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$WORK"' EXIT

LAYOUT_SRC=$ROOT/abi-tests/layout/print_layout.c

BACKEND=${OXROCM_TEST_BACKEND:-cpu}
case $BACKEND in
    # (the example runs on the default backend: auto)
    cpu) [[ ${1:-} == --example ]] || export OXROCM_BACKEND=cpu ;;
    vulkan|vulkan-staging)
        export OXROCM_BACKEND=vulkan OXROCM_VULKAN_DEVICE_REPEAT=2 OXROCM_VULKAN_VALIDATION=1
        export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
        [[ $BACKEND == vulkan-staging ]] && export OXROCM_VULKAN_STAGING=1 ;;
    *) echo "unknown OXROCM_TEST_BACKEND=$BACKEND" >&2; exit 2 ;;
esac
# Tests that check something the backend does not change run once, on the CPU pass.
cpu_pass_only() { [[ $BACKEND == cpu ]] || { echo "backend-independent: checked on the CPU pass"; return 77; }; }
# Tests of CPU-backend specifics (virtual device numbering, IPC, valgrind) on the CPU pass.
cpu_backend_only() { [[ $BACKEND == cpu ]] || { echo "CPU backend only"; return 77; }; }
# absent REASON: a component the test needs is not here: SKIP, or FAIL under OXROCM_REQUIRE_ALL=1.
# Use as `|| { absent "why"; return; }`.
absent() {
    echo "$*"
    if [[ ${OXROCM_REQUIRE_ALL:-0} == 1 ]]; then echo "(required: OXROCM_REQUIRE_ALL=1)"; return 1; fi
    return 77
}

# build_layout LANG INCDIR OUT [extra flags]: print_layout.c as C (c) or C++ (c++)
build_layout() {
    local lang=$1 inc=$2 out=$3; shift 3
    if [[ $lang == c ]]; then
        "$CC" -x c -std=c11 -Wall -Werror "$@" -I "$inc" "$LAYOUT_SRC" -o "$out"
    else
        "$CXX" -x c++ -std=c++17 -Wall -Werror "$@" -I "$inc" "$LAYOUT_SRC" -o "$out"
    fi
}

have_rocm_headers() { [[ -f $ROCM_INCLUDE/hip/hip_runtime_api.h ]]; }

# ---- layout of our headers vs ROCm 5.7's, as C and as C++ ----
layout_vs_rocm() {
    local lang=$1
    cpu_pass_only || return $?
    if ! have_rocm_headers; then
        absent "no ROCm headers at $ROCM_INCLUDE (set ROCM_PEERS or ROCM_INCLUDE)"; return
    fi
    build_layout "$lang" "$OURS_INC" "$WORK/ours-$lang" -DABI_OXROCM_ONLY=0 || return 1
    build_layout "$lang" "$ROCM_INCLUDE" "$WORK/rocm-$lang" -D__HIP_PLATFORM_AMD__ || return 1
    "$WORK/ours-$lang" > "$WORK/ours-$lang.txt" || return 1
    "$WORK/rocm-$lang" > "$WORK/rocm-$lang.txt" || return 1
    echo "$(wc -l < "$WORK/rocm-$lang.txt") lines compared"
    diff -u "$WORK/rocm-$lang.txt" "$WORK/ours-$lang.txt" | head -40 || true
    cmp -s "$WORK/rocm-$lang.txt" "$WORK/ours-$lang.txt"
}
test_layout_c_vs_rocm() { layout_vs_rocm c; }
test_layout_cxx_vs_rocm() { layout_vs_rocm c++; }

# ---- later-ROCm layouts declared only by our headers vs the real ROCm 6.x / 7.x headers ----
test_layout_later_rocm_facts() {
    cpu_pass_only || return $?
    # Our per-ABI declarations (hipDeviceProp_tR0000/R0600, HIP_MEMCPY3D_v6, hipMemsetParams_v7,
    # hipMemoryType*_v6: items.h after ABI_OXROCM_ONLY, plus items_later.h) against the real
    # headers of ROCm 6.x and 7.x (fetch-rocm-peers.sh puts Debian sid's and experimental's
    # libamdhip64-dev in $ROCM_PEERS/dev6 and dev7; ROCM6_INCLUDE / ROCM7_INCLUDE override),
    # by print_later.c, which prints both under our names; as C and as C++.
    local src=$ROOT/abi-tests/layout/print_later.c v lang inc ver out cc std rc=0 missing=""
    for v in 6 7; do
        inc=$ROCM_PEERS/dev$v/usr/include
        [[ $v == 6 ]] && inc=${ROCM6_INCLUDE:-$inc}
        [[ $v == 7 ]] && inc=${ROCM7_INCLUDE:-$inc}
        [[ -f $inc/hip/hip_runtime_api.h ]] || missing+=" $inc"
    done
    if [[ -n $missing ]]; then
        absent "no ROCm 6.x/7.x headers at$missing (run tools/fetch-rocm-peers.sh, or set ROCM6_INCLUDE/ROCM7_INCLUDE)"
        return
    fi
    for v in 6 7; do
        inc=$ROCM_PEERS/dev$v/usr/include
        [[ $v == 6 ]] && inc=${ROCM6_INCLUDE:-$inc}
        [[ $v == 7 ]] && inc=${ROCM7_INCLUDE:-$inc}
        ver=$(awk '/#define HIP_VERSION_(MAJOR|MINOR|PATCH) /{printf "%s%s", (n++ ? "." : ""), $3}' "$inc/hip/hip_version.h")
        for lang in c c++; do
            out=$WORK/later$v-$lang cc=$CC std=-std=c11
            [[ $lang == c++ ]] && cc=$CXX std=-std=c++17
            "$cc" -x "$lang" "$std" -Wall -Werror -DABI_ROCM_MAJOR=$v -I "$OURS_INC" "$src" -o "$out-ours" || return 1
            "$cc" -x "$lang" "$std" -Wall -Werror -DABI_ROCM_MAJOR=$v -D__HIP_PLATFORM_AMD__ -I "$inc" "$src" \
                -o "$out-rocm" || return 1
            "$out-ours" > "$out-ours.txt" && "$out-rocm" > "$out-rocm.txt" || return 1
            echo "ROCm $ver ($lang): $(wc -l < "$out-rocm.txt") lines compared"
            if ! cmp -s "$out-rocm.txt" "$out-ours.txt"; then
                diff -u --label "ROCm $ver" --label ours "$out-rocm.txt" "$out-ours.txt" | head -40
                rc=1
            fi
        done
    done
    return $rc
}

# ---- our headers compile typical host code ----
test_headers_cxx_host_code() {
    cpu_pass_only || return $?
    cat > "$WORK/host.cpp" <<'CPP'
#include <hip/hip_runtime.h>
#include <vector>
static void kernel_stub(float *, int) {}
int main() {
    int n = 0; hipGetDeviceCount(&n); hipSetDevice(0);
    hipDeviceProp_t prop; hipGetDeviceProperties(&prop, 0);
    hipDeviceProp_tR0600 prop6; hipGetDevicePropertiesR0600(&prop6, 0);
    float *d = nullptr; std::vector<float> h(256);
    hipMalloc(&d, h.size() * sizeof(float));
    hipMemcpy(d, h.data(), h.size() * sizeof(float), hipMemcpyHostToDevice);
    hipStream_t s; hipStreamCreateWithFlags(&s, hipStreamNonBlocking);
    hipEvent_t a, b; hipEventCreate(&a); hipEventCreateWithFlags(&b, hipEventDisableTiming);
    hipEventRecord(a); hipEventRecord(b, s);
    hipMemcpyAsync(h.data(), d, 16, hipMemcpyDeviceToHost, s);
    hipMemsetAsync(d, 0, 16, s);
    dim3 grid(4), block(64, 2);
    int arg = 3; void *args[] = {&d, &arg};
    hipLaunchKernel(reinterpret_cast<const void *>(&kernel_stub), grid, block, args, 0, s);
    hipLaunchKernel(kernel_stub, grid, block, args);
    hipGraph_t g; hipGraphExec_t ge;
    hipStreamBeginCapture(s, hipStreamCaptureModeGlobal);
    hipStreamEndCapture(s, &g);
    hipGraphInstantiate(&ge, g, nullptr, nullptr, 0);
    hipGraphLaunch(ge, s);
    hipStreamSynchronize(s);
    float ms = 0; hipEventElapsedTime(&ms, a, b);
    hipPointerAttribute_t attr; hipPointerGetAttributes(&attr, d);
    float *hp; hipHostMalloc(&hp, 64); hipHostMalloc(&hp, 64, hipHostMallocMapped); hipHostFree(hp);
    int *m; hipMallocManaged(&m, 64);
    hipError_t e = hipGetLastError();
    std::printf("%s %s %d\n", hipGetErrorName(e), hipGetErrorString(e), HIP_VERSION_MAJOR);
    hipGraphExecDestroy(ge); hipGraphDestroy(g); hipStreamDestroy(s); hipFree(d);
    hipDeviceSynchronize();
    return HIP_VERSION_MAJOR == 5 && HIP_VERSION_MINOR == 7 ? 0 : 1;
}
CPP
    "$CXX" -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I "$OURS_INC" "$WORK/host.cpp"
}
test_headers_c_host_code() {
    cpu_pass_only || return $?
    cat > "$WORK/host.c" <<'C'
#include <hip/hip_runtime_api.h>
#include <stdio.h>
int main(void) {
    float *d = NULL; hipStream_t s; hipEvent_t e; hipDeviceProp_t p;
    hipGetDeviceProperties(&p, 0);
    hipMalloc((void **)&d, 64);
    hipStreamCreate(&s); hipEventCreate(&e); hipEventRecord(e, s);
    hipMemcpyAsync(d, d, 4, hipMemcpyDefault, s);
    dim3 g = {1, 1, 1}; (void)g;
    hipExtent ext = make_hipExtent(4, 4, 1); (void)ext;
    printf("%s\n", hipGetErrorString(hipStreamSynchronize(s)));
    return hipFree(d) == hipSuccess ? 0 : 1;
}
C
    "$CC" -std=c11 -fsyntax-only -Wall -Wextra -Werror -I "$OURS_INC" "$WORK/host.c" &&
        "$CC" -std=c11 -fsyntax-only -Wall -Werror -I "$OURS_INC" -x c - <<< '#include <hip/hip_runtime.h>'
}

# ---- programs linked to our staged libraries ----
LIB_DIR=${OXROCM_LIB_DIR:-}
need_libs() {
    [[ -n $LIB_DIR && -e $LIB_DIR/libamdhip64.so.5 ]] || { absent "OXROCM_LIB_DIR not set or not staged (cargo xtask stage)"; return; }
    if [[ $BACKEND != cpu && -z ${VULKAN_OK:-} ]]; then
        absent "no Vulkan device for the $BACKEND pass (install mesa-vulkan-drivers for lavapipe)"; return
    fi
}
# build_program SRC OUT: a C program against our headers and libamdhip64.so.5
build_program() {
    "$CC" -std=gnu11 -Wall -Wextra -Werror -O1 -g -I "$OURS_INC" "$1" -o "$2" -L "$LIB_DIR" -l:libamdhip64.so.5 -lm
}
# run_program NAME: builds abi-tests/programs/NAME.c and runs it on our libraries
run_program() {
    build_program "$ROOT/abi-tests/programs/$1.c" "$WORK/$1" || return 1
    LD_LIBRARY_PATH=$LIB_DIR timeout 60 "$WORK/$1"
}
# On the Vulkan passes, probe once whether the backend finds devices.
if [[ $BACKEND != cpu && -n $LIB_DIR && -e $LIB_DIR/libamdhip64.so.5 ]]; then
    if "$CC" -std=c11 -I "$OURS_INC" "$ROOT/abi-tests/programs/env_settings.c" -o "$WORK/probe" -L "$LIB_DIR" -l:libamdhip64.so.5 2>/dev/null &&
        LD_LIBRARY_PATH=$LIB_DIR "$WORK/probe" 2>/dev/null | grep -q '^count [1-9].* hipSuccess'; then
        VULKAN_OK=1
    fi
fi

# Fails a program's run when the Vulkan validation layer reported anything.
no_validation_errors() {
    ! grep -q 'Vulkan validation' "$1" || { grep 'Vulkan validation' "$1" | head -5; return 1; }
}

run_multistream() {
    need_libs || return $?
    build_program "$ROOT/abi-tests/programs/multistream.c" "$WORK/multistream" || return 1
    OXROCM_CPU_DEVICES=2 OXROCM_VULKAN_DEVICE_REPEAT=${OXROCM_VULKAN_DEVICE_REPEAT:-2} LD_LIBRARY_PATH=$LIB_DIR "$@" "$WORK/multistream"
}
test_multistream_program() {
    local out; out=$(run_multistream 2>"$WORK/multistream.err") || { echo "$out" | grep -v '^PASS'; return 1; }
    no_validation_errors "$WORK/multistream.err" || return 1
    echo "$out" | tail -1
}
test_multistream_under_valgrind() {
    cpu_backend_only || return $?
    command -v valgrind >/dev/null || { absent "valgrind not installed"; return; }
    local out; out=$(run_multistream timeout 900 valgrind -q --error-exitcode=9 --leak-check=no 2>&1) ||
        { echo "$out" | grep -v '^PASS' | head -60; return 1; }
    echo "$out" | tail -1
}

# every symbol of the reference list is exported in its ROCm version node, from each file
test_hip_symbol_versions() {
    cpu_pass_only || return $?
    need_libs || return $?
    local f rc=0
    for f in libamdhip64.so.5 libamdhip64.so.6 libamdhip64.so.7; do
        nm -D --defined-only --with-symbol-versions "$LIB_DIR/$f" | awk '{print $NF}' | sed 's/@@*/\t/' | sort > "$WORK/$f.exp"
        grep -v '^#' "$ROOT/libamdhip64/abi/hip.symbols" | cut -f1,2 | sort > "$WORK/want"
        local missing; missing=$(comm -23 "$WORK/want" "$WORK/$f.exp")
        if [[ -n $missing ]]; then echo "$f lacks (symbol, node): $(head -5 <<< "$missing" | tr '\n\t' ' @')"; rc=1; fi
        echo "$f: $(comm -12 "$WORK/want" "$WORK/$f.exp" | wc -l) of $(wc -l < "$WORK/want") listed symbols in their nodes"
    done
    return $rc
}

# the other libraries load our libamdhip64.so.5 (one runtime), nothing from elsewhere
test_libraries_link_our_hip() {
    cpu_pass_only || return $?
    need_libs || return $?
    local f rc=0 n=0
    for f in "$LIB_DIR"/librocblas.so.0 "$LIB_DIR"/librocblas.so.4 "$LIB_DIR"/librocblas.so.5 "$LIB_DIR"/librocfft.so.0 "$LIB_DIR"/libMIOpen.so.1 "$LIB_DIR"/librccl.so.1 "$LIB_DIR"/libhsa-runtime64.so.1 \
             "$LIB_DIR"/librocm_smi64.so.1 "$LIB_DIR"/librocm_smi64.so.7; do
        [[ -e $f ]] || continue
        n=$((n + 1))
        readelf -d "$f" | grep -q 'NEEDED.*\[libamdhip64.so.5\]' || { echo "$(basename "$f") does not need libamdhip64.so.5"; rc=1; }
        local where; where=$(LD_LIBRARY_PATH=$LIB_DIR ldd "$f" | awk '/libamdhip64/ {print $3}')
        [[ $where == "$LIB_DIR"/* ]] || { echo "$(basename "$f") resolves libamdhip64 to $where"; rc=1; }
    done
    [[ $n -gt 0 ]] || { echo "no other libraries staged"; return 1; }
    echo "$n libraries checked"
    return $rc
}

# Every staged library carries RUNPATH $ORIGIN, and a program that reaches librocblas through
# its own RUNPATH (no LD_LIBRARY_PATH) gets the libamdhip64.so.5 beside it even where another
# libamdhip64.so.5 sits in the system path (Debian's real one comes with hipcc).
test_libraries_find_their_hip_beside_them() {
    cpu_pass_only || return $?
    need_libs || return $?
    local f rc=0 n=0
    for f in "$LIB_DIR"/lib*.so.[0-9]; do
        n=$((n + 1))
        readelf -d "$f" | grep -q 'RUNPATH.*\[\$ORIGIN\]' || { echo "$(basename "$f") has no RUNPATH \$ORIGIN"; rc=1; }
    done
    [[ $n -ge 10 ]] || { echo "only $n libraries staged"; rc=1; }
    local system; system=$(/sbin/ldconfig -p | awk '/libamdhip64.so.5 / {print $NF; exit}')
    [[ -n $system ]] || { absent "no other libamdhip64.so.5 in the system path (apt-get install libamdhip64-5)"; return; }
    "$CC" -std=c11 -Wall -Wextra -Werror "$ROOT/abi-tests/programs/runpath.c" -o "$WORK/runpath" \
        -L "$LIB_DIR" -l:librocblas.so.4 -Wl,--enable-new-dtags,-rpath,"$LIB_DIR" -ldl || return 1
    local out; out=$(env -u LD_LIBRARY_PATH "$WORK/runpath" "$LIB_DIR" 2>&1) || { echo "$out" | tail -5; return 1; }
    echo "system path has $system; $(grep -c '^PASS' <<< "$out") check passed, $n libraries with RUNPATH \$ORIGIN"
    return $rc
}

# One runtime per process: libamdhip64.so.6/.7 and our librocblas.so.4/.5 (which brings
# libamdhip64.so.5) opened with dlopen(RTLD_LOCAL), or .so.6 linked: memory from hipMalloc through
# one HIP file is valid for rocBLAS through the other, sscal and sgemm match a float64
# reference, one liboxrocm-runtime.so.1 is loaded, and each HIP file keeps its ABI's
# hipGetLastError rule (programs/one_runtime.c).
test_one_runtime_per_process() {
    need_libs || return $?
    "$CC" -std=gnu11 -Wall -Wextra -Werror -O1 "$ROOT/abi-tests/programs/one_runtime.c" -o "$WORK/one_runtime" -ldl -lm || return 1
    "$CC" -std=gnu11 -Wall -Wextra -Werror -O1 -DLINKED_HIP "$ROOT/abi-tests/programs/one_runtime.c" -o "$WORK/one_runtime_linked" \
        -L "$LIB_DIR" -l:libamdhip64.so.6 -Wl,--enable-new-dtags,-rpath,"$LIB_DIR" -ldl -lm || return 1
    local pair out n=0 rc=0
    for pair in "6 4" "7 5" "5 0" "linked 6 4"; do
        local prog=one_runtime args=$pair
        [[ $pair == linked* ]] && { prog=one_runtime_linked; args=${pair#linked }; }
        # no LD_LIBRARY_PATH: the files find each other through RUNPATH $ORIGIN
        out=$(env -u LD_LIBRARY_PATH timeout 120 "$WORK/$prog" "$LIB_DIR" $args 2>&1) || { echo "[$pair] $(grep -v '^PASS' <<< "$out" | tail -8)"; rc=1; continue; }
        n=$((n + $(grep -c '^PASS' <<< "$out")))
    done
    echo "$n checks passed over HIP/rocBLAS pairs 6+4, 7+5, 5+0 (dlopen RTLD_LOCAL) and a program linking .so.6"
    return $rc
}

# The same from Python: ctypes.CDLL opens with RTLD_LOCAL (programs/one_runtime.py).
test_one_runtime_from_python_ctypes() {
    need_libs || return $?
    command -v python3 >/dev/null || { absent "python3 not installed"; return; }
    local pair out n=0 rc=0
    for pair in "6 4" "7 5"; do
        out=$(env -u LD_LIBRARY_PATH timeout 300 python3 "$ROOT/abi-tests/programs/one_runtime.py" "$LIB_DIR" $pair 2>&1) ||
            { echo "[$pair] $(grep -v '^PASS' <<< "$out" | tail -8)"; rc=1; continue; }
        n=$((n + $(grep -c '^PASS' <<< "$out")))
    done
    echo "$n checks passed from Python ctypes (HIP 6 + rocBLAS 4, HIP 7 + rocBLAS 5)"
    return $rc
}

# HIP_VISIBLE_DEVICES selects and orders devices; AMD_LOG_LEVEL=1 reports failing calls
# and logs an unimplemented entry point once
test_environment_variables() {
    need_libs || return $?
    build_program "$ROOT/abi-tests/programs/env_settings.c" "$WORK/env" || return 1
    local out err rc=0
    # Three backend devices (CPU: virtual devices, PCI buses c0..c2; Vulkan: one device
    # repeated, buses 00..02); HIP_VISIBLE_DEVICES=2,0 shows the third and the first.
    local bus0=c2 bus1=c0
    [[ $BACKEND == cpu ]] || { bus0=02; bus1=00; }
    out=$(OXROCM_CPU_DEVICES=3 OXROCM_VULKAN_DEVICE_REPEAT=3 HIP_VISIBLE_DEVICES=2,0 LD_LIBRARY_PATH=$LIB_DIR "$WORK/env" 2>/dev/null)
    grep -qx 'count 2 hipSuccess' <<< "$out" || { echo "visible count: $out"; rc=1; }
    grep -qx "device 0 0000:$bus0:00.0" <<< "$out" || { echo "device 0 is not backend device 2: $out"; rc=1; }
    grep -qx "device 1 0000:$bus1:00.0" <<< "$out" || { echo "device 1 is not backend device 0: $out"; rc=1; }
    out=$(HIP_VISIBLE_DEVICES= LD_LIBRARY_PATH=$LIB_DIR "$WORK/env" 2>/dev/null)
    grep -qx 'count 0 hipErrorNoDevice' <<< "$out" || { echo "empty HIP_VISIBLE_DEVICES: $out"; rc=1; }
    err=$(AMD_LOG_LEVEL=1 LD_LIBRARY_PATH=$LIB_DIR "$WORK/env" 2>&1 >/dev/null)
    grep -q 'hipSetDevice: returned hipErrorInvalidDevice' <<< "$err" || { echo "no error log line: $err"; rc=1; }
    [[ $(grep -c 'hipProfilerStart is not supported' <<< "$err") == 1 ]] || { echo "unsupported call not logged exactly once: $err"; rc=1; }
    err=$(LD_LIBRARY_PATH=$LIB_DIR "$WORK/env" 2>&1 >/dev/null)
    [[ -z $err ]] || { echo "logging without AMD_LOG_LEVEL: $err"; rc=1; }
    return $rc
}

# Damaged, hostile or out-of-range settings never take a program down (issue 22): each
# setting is read as ROCm reads it or ignored with its default, and programs still run.
test_hostile_environment_settings() {
    cpu_pass_only || return $?
    need_libs || return $?
    local dir=${HIP_PROGRAMS_DIR:-}
    [[ -n $dir && -x $dir/gfx1100/vector_add ]] || { absent "HIP_PROGRAMS_DIR with gfx1100/vector_add (abi-tests/build-kernels.sh)"; return; }
    build_program "$ROOT/abi-tests/programs/env_settings.c" "$WORK/env" || return 1
    local rc=0 out code setting long
    long=$(printf 'gfx%.0s1' $(seq 1 400))
    # setting => the device count line env_settings prints
    local -a probe=(
        "OXROCM_CPU_DEVICES=99999999999999999999999|count 1 hipSuccess"
        "OXROCM_CPU_DEVICES=-3|count 1 hipSuccess"
        "OXROCM_CPU_DEVICES=100000|count 64 hipSuccess"
        "OXROCM_CPU_ARCH=$long|count 1 hipSuccess"
        "HIP_VISIBLE_DEVICES=,-1,abc|count 0 hipErrorNoDevice"
        "HIP_VISIBLE_DEVICES=0,0,0|count 1 hipSuccess"
        "HIP_VISIBLE_DEVICES=99999999999999999999999|count 0 hipErrorNoDevice"
        "ROCR_VISIBLE_DEVICES=$long|count 0 hipErrorNoDevice"
        "AMD_LOG_LEVEL=99999999999999999999999|count 1 hipSuccess"
        "AMD_LOG_LEVEL=-1|count 1 hipSuccess"
        "OXROCM_BACKEND=$long|count 1 hipSuccess"
    )
    local p
    for p in "${probe[@]}"; do
        setting=${p%%|*}
        out=$(env "$setting" LD_LIBRARY_PATH=$LIB_DIR timeout 60 "$WORK/env" 2>/dev/null); code=$?
        [[ $code == 0 ]] && grep -qx "${p##*|}" <<< "$out" || { echo "${setting:0:60}: exit $code, $(head -1 <<< "$out") (want ${p##*|})"; rc=1; }
    done
    # A kernel program under each setting the executor reads: it must still pass.
    local -a kernel=(
        "OXROCM_LAUNCH_TIMEOUT_MS=18446744073709551615"
        "OXROCM_LAUNCH_TIMEOUT_MS=-5"
        "OXROCM_GCN_CACHE_DIR=/dev/null/cache"
        "OXROCM_GCN_CACHE_DIR=$long"
        "OXROCM_GCN_CHECKED=$long"
        "OXROCM_GCN_JIT=sometimes"
        "OXROCM_GCN_FAST=maybe"
        "OXROCM_GCN_TRACE_GROUP=a,b,-1,99999999999999999999"
        "XDG_CACHE_HOME=/proc/self"
    )
    for setting in "${kernel[@]}"; do
        out=$(cd "$dir/gfx1100" && env "$setting" LD_LIBRARY_PATH=$LIB_DIR timeout 120 ./vector_add 2>&1); code=$?
        [[ $code == 0 ]] && grep -q '^PASS vector_add' <<< "$out" || { echo "${setting:0:60}: vector_add exit $code: $(tail -2 <<< "$out")"; rc=1; }
    done
    # rocBLAS's logging layers with log paths it cannot open or write: calls still work.
    "$CC" -std=c11 -I "$OURS_INC" "$ROOT/abi-tests/programs/rocblas_abis.c" -o "$WORK/rocblas_env" \
        -L "$LIB_DIR" -l:librocblas.so.4 -l:libamdhip64.so.5 -ldl || return 1
    local -a blas=(
        "ROCBLAS_LAYER=0xffffffff ROCBLAS_LOG_TRACE_PATH=/nonexistent/dir/trace ROCBLAS_LOG_BENCH_PATH=/dev/full ROCBLAS_LOG_PROFILE_PATH=/proc/self/status"
        "ROCBLAS_LAYER=$long ROCBLAS_LOG_PATH=$long"
        "ROCBLAS_LAYER=-1 ROCBLAS_LOG_PATH= ROCBLAS_LOG_TRACE_PATH="
        "ROCBLAS_LAYER=99999999999999999999999 ROCBLAS_LOG_TRACE_PATH=/dev/null"
    )
    for setting in "${blas[@]}"; do
        # shellcheck disable=SC2086
        out=$(env $setting LD_LIBRARY_PATH=$LIB_DIR timeout 120 "$WORK/rocblas_env" 4 2>&1); code=$?
        [[ $code == 0 ]] && grep -q '^PASS' <<< "$out" || { echo "${setting:0:60}: rocblas_abis exit $code: $(grep -v '^rocBLAS' <<< "$out" | tail -2)"; rc=1; }
    done
    [[ $rc == 0 ]] && echo "$((${#probe[@]} + ${#kernel[@]} + ${#blas[@]})) hostile settings: programs ran"
    return $rc
}

# streams keep working in a child forked after the parent used them
test_fork_child_uses_streams() {
    need_libs || return $?
    run_program fork_child
}

# C/C++ builds find oxrocm through pkg-config and CMake, like a ROCm install
test_build_with_pkg_config() {
    cpu_pass_only || return $?
    need_libs || return $?
    command -v pkg-config >/dev/null || { absent "pkg-config not installed"; return; }
    local flags; flags=$(PKG_CONFIG_PATH=$LIB_DIR/pkgconfig pkg-config --cflags --libs hip) || return 1
    # shellcheck disable=SC2086
    "$CC" -std=c11 "$ROOT/abi-tests/programs/hipcc_host.c" -o "$WORK/pc_host" $flags || return 1
    LD_LIBRARY_PATH=$LIB_DIR "$WORK/pc_host" | tail -1
}
test_build_with_cmake() {
    cpu_pass_only || return $?
    need_libs || return $?
    command -v cmake >/dev/null || { absent "cmake not installed"; return; }
    mkdir -p "$WORK/cm"
    cp "$ROOT/abi-tests/programs/hipcc_host.c" "$WORK/cm/host.c"
    cat > "$WORK/cm/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.16)
project(oxrocm_cmake_check C)
find_package(hip 5.7 REQUIRED)
add_executable(host host.c)
target_link_libraries(host PRIVATE hip::host)
CM
    cmake -S "$WORK/cm" -B "$WORK/cm/build" -DCMAKE_PREFIX_PATH="$(dirname "$LIB_DIR")" >/dev/null || return 1
    cmake --build "$WORK/cm/build" >/dev/null || return 1
    LD_LIBRARY_PATH=$LIB_DIR "$WORK/cm/build/host" | tail -1
}

# hipDeviceReset releases the device's resources
test_device_reset() {
    need_libs || return $?
    run_program device_reset
}

# device memory shared with another process through IPC handles
test_ipc_memory_between_processes() {
    need_libs || return $?
    run_program ipc
}

# run_gcn_program DIR NAME: runs DIR/gcn/NAME (a gfx1030+gfx1100 fat binary) as each target;
# it checks its own results and prints "PASS NAME".
run_gcn_program() {
    local dir=$1 name=$2 t out rc=0
    for t in gfx1030 gfx1100; do
        out=$(OXROCM_CPU_ARCH=$t OXROCM_VULKAN_ARCH=$t AMD_LOG_LEVEL=1 LD_LIBRARY_PATH=$LIB_DIR timeout 300 "$dir/gcn/$name" 2>&1)
        grep -q "^PASS $name" <<< "$out" || { echo "$name ($t): $(tail -5 <<< "$out")"; rc=1; }
    done
    return $rc
}

# The project's HIP programs with real AMDGCN kernels (abi-tests/programs/*.hip, built by
# Debian's hipcc through abi-tests/build-kernels.sh, or taken from HIP_PROGRAMS_DIR): their
# static constructors register fat binaries and kernels, module loading finds the kernels,
# and their own kernels run on our runtime; each checks its results itself.
test_hip_samples_run_their_kernels() {
    need_libs || return $?
    local dir=${HIP_PROGRAMS_DIR:-}
    if [[ -z $dir ]]; then
        command -v hipcc >/dev/null || { absent "hipcc not installed (apt-get install hipcc)"; return; }
        bash "$ROOT/abi-tests/build-kernels.sh" "$WORK/hip-programs" >"$WORK/build-kernels.log" 2>&1 \
            || { tail -5 "$WORK/build-kernels.log"; return 1; }
        dir=$WORK/hip-programs
    fi
    # Each sample as built for gfx1030, for gfx1100 and as a fat binary with both.
    local t p rc=0 n=0
    for t in gfx1030 gfx1100 all; do
        for p in vector_add block_reduce transpose histogram device_printf device_features module_launch; do
            [[ -x $dir/$t/$p ]] || { echo "$t/$p was not built"; rc=1; continue; }
            n=$((n + 1))
            (cd "$dir/$t" && AMD_LOG_LEVEL=1 LD_LIBRARY_PATH=$LIB_DIR timeout 300 "./$p" >"$WORK/$t-$p.out" 2>&1)
            local code=$?
            if [[ $code != 0 ]] || ! grep -q "^PASS $p" "$WORK/$t-$p.out"; then
                echo "$t/$p: exit $code: $(tail -3 "$WORK/$t-$p.out")"; rc=1
            fi
        done
    done
    echo "$n sample programs ran their kernels"
    # Device math through ROCm's device libraries (OCML) against the host's libm.
    run_gcn_program "$dir" gcn_math || rc=1
    # tex1Dfetch through texture objects over linear memory (8/16/32-bit texels).
    run_gcn_program "$dir" textures || rc=1
    # Waves of a block that read before others overwrite, and that wait for each other's
    # flags in either order (oxrocm-gcn-exec/src/catchup.rs).
    run_gcn_program "$dir" wave_overlap || rc=1
    # Grid-wide barriers in a cooperative launch (ds_gws_barrier), both targets; then the
    # same kernel from a code object, through hipModuleLaunchCooperativeKernel.
    run_gcn_program "$dir" grid_sync || rc=1
    # A kernel that never ends, stopped by OXROCM_LAUNCH_TIMEOUT_MS (the program sets it) with
    # hipErrorLaunchTimeOut; the process goes on.
    run_gcn_program "$dir" launch_timeout || rc=1
    # f64 sin/cos of large arguments: OCML's reduction reads 2/π through v_trig_preop_f64.
    run_gcn_program "$dir" trig_large || rc=1
    local out; out=$(OXROCM_CPU_ARCH=gfx1100 OXROCM_VULKAN_ARCH=gfx1100 AMD_LOG_LEVEL=1 LD_LIBRARY_PATH=$LIB_DIR timeout 300 "$dir/gcn/grid_sync" "$dir/gcn/grid_sync.co" 2>&1)
    grep -q "^PASS grid_sync.*module launch" <<< "$out" || { echo "grid_sync (module): $(tail -5 <<< "$out")"; rc=1; }
    # gfx1100's matrix ops (v_wmma_*, every form) in small GEMMs against a float64 reference.
    out=$(OXROCM_CPU_ARCH=gfx1100 OXROCM_VULKAN_ARCH=gfx1100 AMD_LOG_LEVEL=1 LD_LIBRARY_PATH=$LIB_DIR timeout 300 "$dir/gcn/wmma" 2>&1)
    grep -q "^PASS wmma" <<< "$out" || { echo "wmma (gfx1100): $(tail -5 <<< "$out")"; rc=1; }
    [[ $rc == 0 ]] && echo "$((n + 14)) programs passed: 21 samples; gcn_math, textures, wave_overlap, grid_sync, launch_timeout, trig_large as gfx1030 and gfx1100; grid_sync's code object; wmma (gfx1100)" &&
        echo "$((n + 14))" > "$WORK/amdgcn-programs"
    return $rc
}

# the Debian package of the staged libraries installs the real names and runs a program
test_debian_package() {
    cpu_pass_only || return $?
    need_libs || return $?
    command -v dpkg-deb >/dev/null || { absent "dpkg-deb not installed"; return; }
    bash "$ROOT/packaging/build-deb.sh" "$(dirname "$LIB_DIR")" "$WORK/deb" >/dev/null || return 1
    local deb; deb=$(ls "$WORK"/deb/oxrocm_*.deb) || return 1
    dpkg-deb -x "$deb" "$WORK/debroot" || return 1
    local lib; lib=$(dirname "$(find "$WORK/debroot" -name libamdhip64.so.5 | head -1)")
    [[ -n $lib ]] || { echo "no libamdhip64.so.5 in the package"; return 1; }
    local so
    for so in liboxrocm-runtime.so.1 libamdhip64.so.5 libamdhip64.so.6 libamdhip64.so.7 librocblas.so.0 librocblas.so.4 librocblas.so.5 librocfft.so.0 libMIOpen.so.1 librccl.so.1 libhsa-runtime64.so.1 librocm_smi64.so.1 librocm_smi64.so.7; do
        [[ -e $lib/$so ]] || { echo "package lacks $so"; return 1; }
    done
    # every docs/ page the packaged README links is in the package
    local doc docs="$WORK/debroot/usr/share/doc/oxrocm"
    for doc in $(grep -oE '\(docs/[A-Za-z0-9_.-]+\.md' "$docs/README.md" | tr -d '(' | sort -u); do
        [[ -e $docs/$doc ]] || { echo "package README links $doc, not in the package"; return 1; }
    done
    dpkg-deb -f "$deb" Provides | grep -q 'libamdhip64-5' || { echo "package does not provide libamdhip64-5"; return 1; }
    build_program "$ROOT/abi-tests/programs/hipcc_host.c" "$WORK/deb_host" || return 1
    LD_LIBRARY_PATH=$lib "$WORK/deb_host" | tail -1
}

# the same binary against .so.5 and .so.7: each follows its ROCm version's semantics
test_abi_versions_5_and_7() {
    need_libs || return $?
    local v rc=0
    for v in 5 7; do
        "$CC" -std=c11 -Wall -Wextra -Werror -I "$OURS_INC" "$ROOT/abi-tests/programs/abi_versions.c" \
            -o "$WORK/abi_versions$v" -L "$LIB_DIR" -l:libamdhip64.so.$v || return 1
        LD_LIBRARY_PATH=$LIB_DIR "$WORK/abi_versions$v" $v | grep -v '^PASS' || rc=1
    done
    return $rc
}

# each librocblas file exports every name of its ABI's list under its SONAME, and no
# internal per-ABI name (oxrocm_abi*)
test_rocblas_symbol_lists() {
    cpu_pass_only || return $?
    need_libs || return $?
    local f list soname missing rc=0
    for f in librocblas.so.0:rocblas-2.47 librocblas.so.4:rocblas-4 librocblas.so.5:rocblas-5; do
        list=${f#*:}; f=${f%%:*}
        [[ -e $LIB_DIR/$f ]] || { echo "$f not staged"; rc=1; continue; }
        soname=$(readelf -d "$LIB_DIR/$f" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
        [[ $soname == "$f" ]] || { echo "$f: SONAME '$soname'"; rc=1; }
        nm -D --defined-only "$LIB_DIR/$f" | awk '{print $NF}' | sed 's/@.*//' | sort -u > "$WORK/$f.exp"
        grep -v '^#' "$ROOT/librocblas/abi/$list.symbols" | cut -f1 | sort -u > "$WORK/$list.want"
        missing=$(comm -23 "$WORK/$list.want" "$WORK/$f.exp")
        [[ -z $missing ]] || { echo "$f lacks $(wc -l <<< "$missing"): $(head -5 <<< "$missing" | tr '\n' ' ')"; rc=1; }
        ! grep -q '^oxrocm_' "$WORK/$f.exp" || { echo "$f exports internal names: $(grep '^oxrocm_' "$WORK/$f.exp" | head -3 | tr '\n' ' ')"; rc=1; }
        echo "$f: $(comm -12 "$WORK/$list.want" "$WORK/$f.exp" | wc -l) of $(wc -l < "$WORK/$list.want") listed symbols"
    done
    return $rc
}

# one C program against librocblas.so.0, .so.4 and .so.5: trmm's signature, the ILP64 forms,
# the version and the default atomics mode follow each file's rocBLAS ABI
test_rocblas_abis_0_4_5() {
    need_libs || return $?
    local v out rc=0
    for v in 0 4 5; do
        "$CC" -std=c11 -Wall -Wextra -Werror -I "$OURS_INC" "$ROOT/abi-tests/programs/rocblas_abis.c" -o "$WORK/rocblas_abis$v" \
            -L "$LIB_DIR" -l:librocblas.so.$v -l:libamdhip64.so.5 -ldl || return 1
        out=$(LD_LIBRARY_PATH=$LIB_DIR "$WORK/rocblas_abis$v" $v 2>&1) || rc=1
        grep -v '^PASS' <<< "$out" | sed "s/^/.so.$v: /" || true
    done
    return $rc
}

# a host-only C program built by Debian's hipcc against Debian's libamdhip64 runs on ours
test_hipcc_program_runs_unchanged() {
    need_libs || return $?
    command -v hipcc >/dev/null || { absent "hipcc not installed (apt-get install hipcc)"; return; }
    ( cd "$WORK" && HIP_PLATFORM=amd hipcc -D__HIP_PLATFORM_AMD__ --offload-arch=gfx1030 -x c \
        "$ROOT/abi-tests/programs/hipcc_host.c" -o "$WORK/hipcc_host" ) >/dev/null 2>&1 || { echo "hipcc build failed"; return 1; }
    readelf -d "$WORK/hipcc_host" | grep -q 'NEEDED.*\[libamdhip64.so.5\]' || { echo "not linked to libamdhip64.so.5"; return 1; }
    local where; where=$(LD_LIBRARY_PATH=$LIB_DIR ldd "$WORK/hipcc_host" | awk '/libamdhip64/ {print $3}')
    [[ $where == "$LIB_DIR"/* ]] || { echo "resolves libamdhip64 to $where"; return 1; }
    LD_LIBRARY_PATH=$LIB_DIR "$WORK/hipcc_host"
}

# Debian's real ROCm test suites load with only our libraries standing in for ROCm's and
# list their tests (counts as listed with real ROCm libraries, shared/notes/peers.md §4;
# rocblas-test filters by target: 1,368,282 for our default gfx1100, 1,369,031 for gfx90a)
test_rocm_suites_list_their_tests() {
    cpu_pass_only || return $?
    need_libs || return $?
    local runner=$ROCM_PEERS/bin/run-peer-test
    [[ -x $runner ]] || { absent "no ROCm test suites at $ROCM_PEERS (tools/fetch-rocm-peers.sh)"; return; }
    local rc=0 suite want got
    for suite in UnitTests:28 hipfft-test:139574 rocfft-test:186350 hipblas-test:296776 rocblas-test:1368282; do
        want=${suite#*:}; suite=${suite%%:*}
        if [[ $suite == UnitTests ]]; then
            # The suite's RPATH points at the real libhsa-runtime64 in the peer tree, which
            # run-peer-test does not replace: run it directly with ours preloaded, checking
            # that all three of its ROCm libraries are ours.
            local ut=$ROCM_PEERS/root/usr/libexec/rocm/librccl1-tests/UnitTests
            local libs; libs=$(LD_PRELOAD=$LIB_DIR/libhsa-runtime64.so.1 LD_LIBRARY_PATH=$LIB_DIR LD_DEBUG=libs \
                "$ut" --gtest_list_tests 2>&1 >/dev/null | grep -oE 'calling init: [^ ]*(libhsa-runtime64|libamdhip64|librccl)[^ ]*' | awk '{print $3}')
            grep -vq "^$LIB_DIR/" <<< "$libs" && { echo "UnitTests loaded ROCm libraries from elsewhere: $libs"; rc=1; }
            got=$(LD_PRELOAD=$LIB_DIR/libhsa-runtime64.so.1 LD_LIBRARY_PATH=$LIB_DIR timeout 600 "$ut" --gtest_list_tests 2>"$WORK/$suite.err" | grep -c '^  ' || true)
        else
            got=$(ROCM_PEERS_LIBS=$LIB_DIR timeout 600 "$runner" "$suite" --gtest_list_tests 2>"$WORK/$suite.err" | grep -c '^  ' || true)
        fi
        echo "$suite: $got tests listed (ROCm: $want)"
        [[ $got == "$want" ]] || { rc=1; tail -3 "$WORK/$suite.err"; }
    done
    return $rc
}

# "device I BUSID" per HIP device, as a program on our libraries sees them with two CPU devices
hip_devices() {
    build_program "$ROOT/abi-tests/programs/env_settings.c" "$WORK/hip_devices" || return 1
    OXROCM_CPU_DEVICES=2 LD_LIBRARY_PATH=$LIB_DIR "$WORK/hip_devices" 2>/dev/null | grep '^device '
}

# Every ELF file of Debian's ROCm 6.4 (sid) and 7.2 (experimental) test, benchmark and tool
# packages (tools/fetch-rocm-peers-later.sh) loads on our libraries with LD_BIND_NOW=1: the
# suite's loader resolves every relocation against them (tools/check-peer-imports.sh, which
# also looks each import up statically). MIOpenDriver and miopen_gtest included: they import
# MIOpen's C++ internals (libmiopen/abi/miopen-internal.symbols).
LATER_LOAD_MIN_FILES=200
test_later_packages_load() {
    cpu_pass_only || return $?
    need_libs || return $?
    [[ -d $ROCM_PEERS/sid/root && -d $ROCM_PEERS/experimental/root ]] ||
        { absent "no sid/experimental peers (tools/fetch-rocm-peers-later.sh)"; return; }
    command -v python3 >/dev/null || { absent "python3 not installed"; return; }
    local out; out=$(ROCM_PEERS=$ROCM_PEERS bash "$ROOT/tools/check-peer-imports.sh" "$LIB_DIR" sid experimental \
        --tsv "$WORK/later-missing.tsv" 2>&1) || true
    local files; files=$(grep -oE '^ *(sid|experimental) +[0-9]+ ELF files' <<< "$out" | awk '{n += $2} END {print n + 0}')
    [[ $files -ge $LATER_LOAD_MIN_FILES ]] || { echo "checked $files ELF files (minimum $LATER_LOAD_MIN_FILES)"; tail -5 <<< "$out"; return 1; }
    [[ -s $WORK/later-missing.tsv ]] || { echo "no report from check-peer-imports.sh"; tail -5 <<< "$out"; return 1; }
    local missing; missing=$(awk -F'\t' 'NR > 1 {print $1 " " $2 ": " $3 " " $6}' "$WORK/later-missing.tsv")
    if [[ -n $missing ]]; then
        echo "$(wc -l <<< "$missing") imports missing from our libraries:"; head -20 <<< "$missing"; return 1
    fi
    local loading; loading=$(grep -E '^ *(sid|experimental) +[0-9]+ ELF files' <<< "$out" | awk '{n += $5} END {print n + 0}')
    [[ $loading == "$files" ]] || { echo "$loading of $files ELF files load"; grep -E ' NO|undefined' <<< "$out" | head -10; return 1; }
    # MIOpenDriver and miopen_gtest of both suites, by name (the loader's "yes")
    local miopen; miopen=$(grep -cE 'libmiopen1-tests/(MIOpenDriver|miopen_gtest) +yes' <<< "$out" || true)
    [[ $miopen == 4 ]] || { echo "$miopen of 4 MIOpenDriver/miopen_gtest files load"; grep 'libmiopen1-tests/' <<< "$out"; return 1; }
    echo "$files ELF files checked, all load, MIOpenDriver and miopen_gtest of both suites among them; $(grep -E '^ *(sid|experimental) +[0-9]+ ELF files' <<< "$out" | tr -s ' ' | tr '\n' ';')"
}

# Debian's rocminfo (ROCm 7.2, sid and experimental, fetched by tools/fetch-rocm-peers-later.sh)
# on our libhsa-runtime64: the host agent and one GPU agent per HIP device, each GPU with its
# PCI address as BDFID, its ISA and its memory pools. HSA_ENABLE_DTIF=1 makes rocminfo skip its
# check for the amdgpu kernel module and /dev/kfd.
test_rocminfo_lists_our_devices() {
    need_libs || return $?
    local suite runner ran=0 rc=0 devices n want
    devices=$(hip_devices) || return 1
    n=$(grep -c . <<< "$devices")
    # BDFID = bus << 8 | device << 3 | function, of each "dddd:bb:dd.f"
    want=$(while read -r _ _ bus; do IFS=':.' read -r _ b d f <<< "$bus"; echo $((16#$b * 256 + 16#$d * 8 + 16#$f)); done <<< "$devices" | sort -n | tr '\n' ' ')
    for suite in sid experimental; do
        runner=$ROCM_PEERS/$suite/bin/run-peer-test
        [[ -x $runner ]] && "$runner" --list 2>/dev/null | grep -qx rocminfo || continue
        ran=$((ran + 1))
        local out; out=$(OXROCM_CPU_DEVICES=2 HSA_ENABLE_DTIF=1 ROCM_PEERS_LIBS=$LIB_DIR timeout 120 "$runner" rocminfo 2>"$WORK/rocminfo.err") \
            || { echo "$suite rocminfo: exit $?"; tail -5 <<< "$out"; tail -5 "$WORK/rocminfo.err"; rc=1; continue; }
        no_validation_errors "$WORK/rocminfo.err" || { rc=1; continue; }
        local gpus cpus isas pools bdfs
        gpus=$(grep -c 'Device Type: *GPU' <<< "$out")
        cpus=$(grep -c 'Device Type: *CPU' <<< "$out")
        isas=$(grep -c 'Name: *amdgcn-amd-amdhsa--gfx' <<< "$out")
        pools=$(grep -c '^ *Pool [0-9]' <<< "$out")
        # the GPU agents' BDFIDs (the CPU agent's is 0, first)
        bdfs=$(grep 'BDFID:' <<< "$out" | awk 'NR > 1 {print $2}' | sort -n | tr '\n' ' ')
        if [[ $gpus != "$n" || $cpus != 1 || $isas != "$n" || $bdfs != "$want" ]] || ! grep -q '^\*\*\* Done \*\*\*' <<< "$out"; then
            echo "$suite rocminfo: $cpus CPU and $gpus GPU agents, $isas ISAs, BDFIDs $bdfs (HIP: $n devices, $want)"; rc=1; continue
        fi
        echo "$suite rocminfo: 1 CPU and $gpus GPU agents ($(grep -m1 -o 'amdgcn-amd-amdhsa--gfx[^ ]*' <<< "$out")), $pools pools"
    done
    [[ $ran -gt 0 ]] || { absent "no Debian rocminfo at $ROCM_PEERS/sid (tools/fetch-rocm-peers-later.sh)"; return; }
    return $rc
}

# Debian's rocm-smi (sid: ROCm 6.4 on librocm_smi64.so.1; experimental: ROCm 7.2 on .so.7) on our
# librocm_smi64: one GPU per HIP device with HIP's PCI bus ID, AMD as vendor, a gfx target and
# its VRAM. rocm-smi looks for /sys/module/amdgpu (7.x also lists /sys/class/drm) before it loads
# the library; on a machine without amdgpu it runs under a wrapper that answers for those two.
SMI_WRAPPER='import os, sys, runpy
script = sys.argv[1]
exists, listdir = os.path.exists, os.listdir
os.path.exists = lambda p: p == "/sys/module/amdgpu" or exists(p)
os.listdir = lambda p=".": [] if p == "/sys/class/drm" and not exists(p) else listdir(p)
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.realpath(script)))
runpy.run_path(script, run_name="__main__")'
test_rocm_smi_lists_our_devices() {
    need_libs || return $?
    command -v python3 >/dev/null || { absent "python3 not installed"; return; }
    local suite so script ran=0 rc=0 devices n
    devices=$(hip_devices) || return 1
    n=$(grep -c . <<< "$devices")
    for suite in sid:1 experimental:7; do
        so=${suite#*:}; suite=${suite%%:*}
        script=$ROCM_PEERS/$suite/root/usr/libexec/rocm_smi/rocm_smi.py
        [[ -f $script ]] || continue
        ran=$((ran + 1))
        local out; out=$(OXROCM_CPU_DEVICES=2 ROCM_SMI_LIB_PATH=$LIB_DIR/librocm_smi64.so.$so timeout 120 \
            python3 -c "$SMI_WRAPPER" "$script" --showproductname --showmeminfo vram --showbus 2>"$WORK/smi.err") \
            || { echo "$suite rocm-smi: exit $?"; tail -5 <<< "$out"; tail -5 "$WORK/smi.err"; rc=1; continue; }
        no_validation_errors "$WORK/smi.err" || { rc=1; continue; }
        local i bus bad=""
        while read -r _ i bus; do
            grep -qi "^GPU\[$i\].*PCI Bus: $bus\$" <<< "$out" || bad+=" GPU[$i] bus (HIP: $bus)"
            grep -q "^GPU\[$i\].*Card Vendor:.*Advanced Micro Devices" <<< "$out" || bad+=" GPU[$i] vendor"
            grep -q "^GPU\[$i\].*GFX Version:.*gfx[0-9a-f]" <<< "$out" || bad+=" GPU[$i] target"
            grep -q "^GPU\[$i\].*VRAM Total Memory (B): [1-9]" <<< "$out" || bad+=" GPU[$i] VRAM"
        done <<< "$devices"
        grep -q "^GPU\[$n\]" <<< "$out" && bad+=" GPU[$n] (HIP has $n devices)"
        [[ -z $bad ]] || { echo "$suite rocm-smi (librocm_smi64.so.$so):$bad"; grep '^GPU' <<< "$out" | head -12; rc=1; continue; }
        echo "$suite rocm-smi on librocm_smi64.so.$so: $n GPUs, $(grep -m1 -o 'Card Series:.*' <<< "$out" | tr -s '\t ' ' '), $(grep -m1 -o 'VRAM Total Memory (B): [0-9]*' <<< "$out")"
    done
    [[ $ran -gt 0 ]] || { absent "no Debian rocm-smi at $ROCM_PEERS/sid (tools/fetch-rocm-peers-later.sh)"; return; }
    return $rc
}

# Debian's rocRAND kernel tests (their own AMDGCN kernels, fetched with
# `fetch-rocm-peers.sh --kernel-suites rocrand`): a quick set of whole binaries must pass.
test_kernel_suites_quick() {
    cpu_backend_only || return $?
    need_libs || return $?
    local runner=$ROCM_PEERS/bin/run-peer-test
    [[ -x $runner ]] && "$runner" --list 2>/dev/null | grep '^rocrand/' >/dev/null \
        || { absent "no rocRAND kernel suite at $ROCM_PEERS (tools/fetch-rocm-peers.sh --kernel-suites rocrand)"; return; }
    local b rc=0 total=0
    for b in test_rocrand_kernel_mtgp32 test_rocrand_kernel_sobol32 test_rocrand_kernel_sobol64 \
             test_rocrand_kernel_philox4x32_10 test_rocrand_kernel_lfsr113 test_rocrand_generator_type; do
        local out; out=$(ROCM_PEERS_LIBS=$LIB_DIR AMD_LOG_LEVEL=1 timeout 300 "$runner" "rocrand/$b" 2>&1)
        local n; n=$(grep -c '^\[       OK \]' <<< "$out")
        total=$((total + n))
        if ! grep -q '^\[  PASSED  \]' <<< "$out" || grep -q '^\[  FAILED  \]' <<< "$out"; then
            echo "rocrand/$b: $(grep -E 'FAILED|oxrocm' <<< "$out" | head -5)"; rc=1
        fi
    done
    echo "$total rocRAND kernel tests passed"
    # The six binaries hold 75 tests (bench/results/kernel-suites.txt); fewer ran nothing useful.
    [[ $total -ge 75 ]] || { echo "fewer than the 75 tests these binaries hold"; rc=1; }
    return $rc
}

if [[ ${1:-} == --example ]]; then
    run_multistream
    exit $?
fi

TESTS=(
    test_hip_symbol_versions
    test_libraries_link_our_hip
    test_libraries_find_their_hip_beside_them
    test_one_runtime_per_process
    test_one_runtime_from_python_ctypes
    test_multistream_program
    test_multistream_under_valgrind
    test_hipcc_program_runs_unchanged
    test_abi_versions_5_and_7
    test_rocblas_symbol_lists
    test_rocblas_abis_0_4_5
    test_environment_variables
    test_hostile_environment_settings
    test_build_with_pkg_config
    test_build_with_cmake
    test_debian_package
    test_fork_child_uses_streams
    test_ipc_memory_between_processes
    test_device_reset
    test_hip_samples_run_their_kernels
    test_rocm_suites_list_their_tests
    test_later_packages_load
    test_rocminfo_lists_our_devices
    test_rocm_smi_lists_our_devices
    test_kernel_suites_quick
    test_layout_c_vs_rocm
    test_layout_cxx_vs_rocm
    test_layout_later_rocm_facts
    test_headers_cxx_host_code
    test_headers_c_host_code
)

passed=0 failed=0 skipped=0
for t in "${TESTS[@]}"; do
    name=${t#test_}
    [[ -z ${ONLY:-} || $name == "$ONLY" ]] || continue
    set +e
    out=$("$t" 2>&1)
    rc=$?
    set -e
    case $rc in
        0) echo "PASS $name"; [[ -z ${VERBOSE:-} || -z $out ]] || sed 's/^/    /' <<< "$out"; passed=$((passed + 1)) ;;
        77) echo "SKIP $name: $out"; skipped=$((skipped + 1)) ;;
        *) echo "FAIL $name"; [[ -z $out ]] || sed 's/^/    /' <<< "$out"; failed=$((failed + 1)) ;;
    esac
done
programs=""
[[ -f $WORK/amdgcn-programs ]] && programs="; $(cat "$WORK/amdgcn-programs") AMDGCN programs passed"
echo "abi-tests [$BACKEND]: $passed passed, $failed failed, $skipped skipped$programs"
# A pass that ran nothing proves nothing.
[[ $passed -gt 0 ]] || { echo "abi-tests [$BACKEND]: no test passed"; exit 1; }
[[ $failed == 0 ]]
