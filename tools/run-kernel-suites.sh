#!/usr/bin/env bash
# run-kernel-suites.sh OUTDIR [SUITE...]   (SUITE: rocprim rocrand rocsparse, or a binary the
# runner lists without a suite prefix: rocfft-test hipfft-test ...; default the first three)
# Runs Debian's rocPRIM/rocRAND/rocSPARSE test binaries (fetch-rocm-peers.sh
# --with-kernel-suites), or rocFFT's and hipFFT's, on our staged libraries and writes
# OUTDIR/<suite>/<binary>.log
# plus OUTDIR/summary.tsv: binary, tests listed, started, passed, failed, exit status of
# the last run, seconds, stopped (tests killed by the per-test limit or ended by a crash),
# skipped (by the suite itself, GTEST_SKIP: e.g. wave64 variants on a wave32 device).
#
# Limits: a test that runs longer than TEST_TIMEOUT seconds (default 300) is killed and
# counted as stopped; the binary then starts again with every test it already began
# filtered out, so one endless test does not take the rest of its binary with it (a crash
# is handled the same way). SUITE_TIMEOUT (default 600) bounds each binary's total time;
# tests not begun by then are "never started".
#
# Env: ROCM_PEERS (default ~/.cache/rocm-peers), OXROCM_LIB_DIR (default
# target/oxrocm/release/lib), ONLY (an extended regex: only the binaries whose
# SUITE/BINARY name matches), GTEST_FILTER (passed through), SAMPLE=N (run every Nth
# listed test, starting at the SAMPLE_FROM-th, default 0: for rocsparse-test's 118,000
# quick tests; DISABLED_ tests left out; the names go to the binary in chunks of at most 100,000 bytes), PEER_SUITE (sid or
# experimental: the ROCm 6.4 / 7.2 trees of fetch-rocm-peers-later.sh; default trixie).
set -uo pipefail
out=${1:?usage: run-kernel-suites.sh OUTDIR [SUITE...]}; shift
suites=("$@"); [ ${#suites[@]} -gt 0 ] || suites=(rocprim rocrand rocsparse)
peers=${ROCM_PEERS:-$HOME/.cache/rocm-peers}
root=$(cd "$(dirname "$0")/.." && pwd)
export ROCM_PEERS_LIBS=${OXROCM_LIB_DIR:-$root/target/oxrocm/release/lib}
limit=${SUITE_TIMEOUT:-600}
test_limit=${TEST_TIMEOUT:-300}
mkdir -p "$out"
summary=$out/summary.tsv
printf 'binary\tlisted\trun\tpassed\tfailed\texit\tseconds\tstopped\tskipped\n' > "$summary"
# The runner, in the chosen Debian tree.
peer() { "$peers/bin/run-peer-test" ${PEER_SUITE:+--suite "$PEER_SUITE"} "$@"; }
names=$(peer --list) || exit 2

# watched LOG DEADLINE CMD...: runs CMD (output appended to LOG) in its own session and
# kills that session when no new test has begun for test_limit seconds or when the clock
# passes DEADLINE (epoch seconds). Returns CMD's status, or 124 when it was killed.
watched() {
    local log=$1 deadline=$2; shift 2
    setsid "$@" >> "$log" 2>&1 &
    local pid=$! seen=-1 since now n
    since=$(date +%s)
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        n=$(grep -c '^\[ RUN      \]' "$log")
        now=$(date +%s)
        [ "$n" != "$seen" ] && { seen=$n; since=$now; }
        if (( now - since >= test_limit || now >= deadline )); then
            kill -TERM -- "-$pid" 2>/dev/null; sleep 2; kill -KILL -- "-$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
            return 124
        fi
    done
    wait "$pid"
}

# run_resuming LOG DEADLINE POSITIVE BINARY: runs BINARY's tests matching the gtest filter
# POSITIVE; after a kill or crash, starts again without the tests already begun. Sets rc
# (the last run's status) and stopped (tests that were begun and never finished).
run_resuming() {
    local log=$1 deadline=$2 positive=$3 t=$4 part=$log.part begun
    local excluded="" filter
    rc=0; stopped=0
    while :; do
        filter=$positive
        if [ -n "$excluded" ]; then
            case "$positive" in *-*) filter="$positive:$excluded" ;; *) filter="$positive-$excluded" ;; esac
        fi
        : > "$part"
        AMD_LOG_LEVEL=${AMD_LOG_LEVEL:-1} watched "$part" "$deadline" \
            "$peers/bin/run-peer-test" ${PEER_SUITE:+--suite "$PEER_SUITE"} "$t" --gtest_filter="$filter"
        rc=$?
        cat "$part" >> "$log"
        begun=$(sed -n 's/^\[ RUN      \] //p' "$part")
        # 0: all passed, 1: some failed; anything else (killed, crashed) with tests begun
        # and time left means there may be more to run.
        case $rc in 0|1) break ;; esac
        [ -n "$begun" ] || break
        stopped=$((stopped + 1))
        echo "[suites]   $t: stopped in $(tail -n1 <<< "$begun") (status $rc); resuming" >&2
        (( $(date +%s) < deadline )) || break
        excluded=${excluded:+$excluded:}$(paste -sd: <<< "$begun")
    done
    rm -f "$part"
}

for s in "${suites[@]}"; do
    mkdir -p "$out/$s"
    for t in $(grep -E "^$s(/|\$)" <<< "$names" | grep -E "${ONLY:-.}"); do
        b=${t#*/}
        log=$out/$s/$b.log
        : > "$log"
        listed=$(peer "$t" --gtest_list_tests ${GTEST_FILTER:+--gtest_filter="$GTEST_FILTER"} 2>/dev/null | grep -c '^  ')
        start=$(date +%s)
        deadline=$((start + limit))
        echo "[suites] $t ..." >&2
        total_stopped=0
        if [ -n "${SAMPLE:-}" ]; then
            # Full names (suite + test) of every SAMPLE-th listed test that GoogleTest runs
            # (DISABLED_ ones are listed but never run), in chunks of at most 100,000 bytes
            # (one argument may not exceed 128 KiB; hipFFT 7.2's names run to 400 bytes).
            peer "$t" --gtest_list_tests ${GTEST_FILTER:+--gtest_filter="$GTEST_FILTER"} 2>/dev/null |
                awk -v n="$SAMPLE" -v from="${SAMPLE_FROM:-0}" '/^[^ ]/ {suite=$1; next} /^  / && suite !~ /(^|\/)DISABLED_/ && $1 !~ /^DISABLED_/ {if (k++ % n == from) print suite $1}' > "$log.names"
            listed=$(wc -l < "$log.names")
            split -C 100000 -d -a 4 "$log.names" "$log.chunk"
            for c in "$log".chunk*; do
                run_resuming "$log" "$deadline" "$(paste -sd: "$c")" "$t"
                total_stopped=$((total_stopped + stopped))
                rm -f "$c"
            done
        else
            run_resuming "$log" "$deadline" "${GTEST_FILTER:-*}" "$t"
            total_stopped=$stopped
        fi
        secs=$(( $(date +%s) - start ))
        run=$(grep -c '^\[ RUN      \]' "$log")
        ok=$(grep -c '^\[       OK \]' "$log")
        # Distinct failing tests: gtest names each one twice (when it fails and in the
        # closing list), both lines alike for parameterized tests.
        bad=$(grep '^\[  FAILED  \] ' "$log" | grep -v 'listed below' | awk '{sub(/,$/, "", $4); print $4}' | sort -u | wc -l)
        # Skipped tests: gtest's per-test line carries the time, the closing list does not.
        skipped=$(grep -cE '^\[  SKIPPED \] .* \([0-9]+ ms\)$' "$log")
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$listed" "$run" "$ok" "$bad" "$rc" "$secs" "$total_stopped" "$skipped" | tee -a "$summary" >&2
    done
done
awk -F'\t' 'NR>1 {l+=$2; r+=$3; p+=$4; x+=$8; k+=$9} END {printf "[suites] %d tests listed, %d started, %d passed (%.1f%% of listed, %.1f%% of the %d the suites do not skip), %d skipped by the suites, %d stopped by the limits or a crash\n", l, r, p, l ? 100*p/l : 0, l-k ? 100*p/(l-k) : 0, l-k, k, x}' "$summary"
