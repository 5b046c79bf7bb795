#!/usr/bin/env bash
# Proves the test driver cannot pass without testing: each check below breaks one thing the
# tests depend on and requires the affected part of the test run to FAIL in required mode
# (CI=true), then runs the same part unbroken and requires it to pass. `.ci/run` runs it before
# `cargo xtask test`.
#
#   tools/check-test-driver.sh            every check
#   ONLY=name tools/check-test-driver.sh  one check (names below)
#
# Needs what `cargo xtask test` needs (ROCm peers in $ROCM_PEERS, hipcc, lavapipe). Prints one
# line per check and "check-test-driver: N passed, N failed" at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LOG=$(mktemp -d "${TMPDIR:-/tmp}/check-driver.XXXXXX")
trap 'rm -rf "$LOG"' EXIT
export ROCM_PEERS=${ROCM_PEERS:-$HOME/.cache/rocm-peers}
LIB_DIR=$ROOT/target/oxrocm/release/lib
PROGRAMS=$ROOT/target/oxrocm/hip-programs

passed=0 failed=0
# check NAME WANT DESCRIPTION WHY -- COMMAND...: WANT is fail or pass; a failure must also
# print WHY (a fixed string: the reason the break should give, so a failure for another
# reason does not count). The command's output goes to a log, whose tail is shown when the
# outcome is not the wanted one.
check() {
    local name=$1 want=$2 what=$3 why=$4; shift 5
    [[ -z ${ONLY:-} || $name == "$ONLY" ]] || return 0
    "$@" >"$LOG/$name.$want.log" 2>&1
    local rc=$?
    local got=pass
    [[ $rc == 0 ]] || got=fail
    if [[ $got == fail && -n $why ]] && ! grep -qF -- "$why" "$LOG/$name.$want.log"; then
        got="fail without '$why'"
    fi
    if [[ $got == "$want" ]]; then
        echo "ok   $name: $what ($got, exit $rc)"; passed=$((passed + 1))
    else
        echo "BAD  $name: $what (wanted $want, got exit $rc)"; tail -15 "$LOG/$name.$want.log" | sed 's/^/     /'; failed=$((failed + 1))
    fi
}
# in_ci COMMAND...: the command in required-components mode, as CI runs it
in_ci() { env CI=true OXROCM_REQUIRE_ALL=1 "$@"; }

# The staged libraries and the HIP programs, once (the checks below reuse them).
cargo xtask stage >"$LOG/stage.log" 2>&1 || { tail -20 "$LOG/stage.log"; exit 1; }
bash abi-tests/build-kernels.sh "$PROGRAMS" >"$LOG/kernels.log" 2>&1 || { tail -20 "$LOG/kernels.log"; exit 1; }

# 1. A rocBLAS filter pattern that matches nothing (a transpose rocBLAS does not list).
check dead-filter fail "a rocblas-test pattern selecting no test fails the slice" "selects 0 tests" -- \
    in_ci cargo xtask test --only rocblas-cpu --extra-filter '_/gemm_batched.*quick*f64_r_TT*'
# 2. No ROCm peers: the rocBLAS slice, the suite listing and the header comparison fail.
check no-peers fail "no ROCm peers fails the rocBLAS slice" "required: no ROCm peers" -- \
    in_ci env ROCM_PEERS=/nonexistent cargo xtask test --only rocblas-cpu
check no-peers-abi fail "no ROCm peers fails the suite-listing abi-test" "(required: OXROCM_REQUIRE_ALL=1)" -- \
    in_ci env ROCM_PEERS=/nonexistent OXROCM_LIB_DIR="$LIB_DIR" ONLY=rocm_suites_list_their_tests bash abi-tests/run.sh
check no-peers-headers fail "no ROCm headers fails the layout comparison" "(required: OXROCM_REQUIRE_ALL=1)" -- \
    in_ci env ROCM_PEERS=/nonexistent ONLY=layout_c_vs_rocm bash abi-tests/run.sh
# 3. No Vulkan device (the loader finds no driver): the Vulkan passes fail instead of skipping.
check no-vulkan fail "no Vulkan device fails the Vulkan abi pass" "required: no Vulkan device" -- \
    in_ci env VK_ICD_FILENAMES=/nonexistent.json VK_DRIVER_FILES=/nonexistent.json cargo xtask test --only abi-vulkan
check no-vulkan-api fail "no Vulkan device fails the Vulkan API passes" "required: no Vulkan device" -- \
    in_ci env VK_ICD_FILENAMES=/nonexistent.json VK_DRIVER_FILES=/nonexistent.json cargo xtask test --only vulkan-api
# 4. No HIP programs (a folder where none were built) and no hipcc to build them.
mkdir -p "$LOG/no-programs"
check no-programs fail "missing HIP programs fail the AMDGCN program test" "was not built" -- \
    in_ci env HIP_PROGRAMS_DIR="$LOG/no-programs" OXROCM_LIB_DIR="$LIB_DIR" ONLY=hip_samples_run_their_kernels bash abi-tests/run.sh
mkdir -p "$LOG/bin"
printf '#!/bin/sh\necho "hipcc: broken on purpose" >&2\nexit 1\n' > "$LOG/bin/hipcc"
chmod +x "$LOG/bin/hipcc"
check no-hipcc fail "a hipcc that cannot build fails the kernels part" "hip programs: FAILED" -- \
    in_ci env PATH="$LOG/bin:$PATH" cargo xtask test --only kernels
# 5. An empty or missing AMDGCN corpus.
mkdir -p "$LOG/corpus/gfx1030" "$LOG/corpus/gfx1100" "$LOG/corpus/gcn"
check empty-corpus fail "an empty corpus fails the decoder's corpus test" "checked 0 instructions, fewer than" -- \
    in_ci env OXROCM_HIP_SAMPLES="$LOG/corpus" cargo test -p oxrocm-amdgcn --test hip_samples
check no-corpus fail "a missing corpus fails the decoder's corpus test in CI" "required (OXROCM_REQUIRE_ALL=1): no corpus" -- \
    in_ci env OXROCM_HIP_SAMPLES=/nonexistent cargo test -p oxrocm-amdgcn --test hip_samples
# 6. A jit that compiles nothing: the jit tests must notice.
check jit-off fail "a jit that compiles nothing fails the jit tests" "every instruction of the program compiled" -- \
    env OXROCM_GCN_JIT=0 cargo test -p oxrocm-gcn-exec --test jit
# 7. The unbroken parts pass (so the failures above are the breaks', not the parts').
check corpus-ok pass "the corpus test passes on the built corpus" "" -- \
    in_ci env OXROCM_HIP_SAMPLES="$PROGRAMS" cargo test -p oxrocm-amdgcn --test hip_samples
check jit-ok pass "the jit tests pass with the jit on" "" -- \
    cargo test -p oxrocm-gcn-exec --test jit
check programs-ok pass "the AMDGCN program test passes on the built programs" "" -- \
    in_ci env HIP_PROGRAMS_DIR="$PROGRAMS" OXROCM_LIB_DIR="$LIB_DIR" ONLY=hip_samples_run_their_kernels bash abi-tests/run.sh

echo "check-test-driver: $passed passed, $failed failed"
[[ $failed == 0 ]]
