#!/usr/bin/env bash
# run-kernel-suites.sh OUTDIR [SUITE...]   (SUITE: rocprim rocrand rocsparse; default all)
# Runs Debian's rocPRIM/rocRAND/rocSPARSE test binaries (fetch-rocm-peers.sh
# --with-kernel-suites) on our staged libamdhip64, each with a time limit, and writes
# OUTDIR/<suite>/<binary>.log plus OUTDIR/summary.tsv: binary, tests listed, tests run,
# passed, failed, exit status, seconds (a binary cut off by the limit runs fewer than it lists). Env: ROCM_PEERS (default ~/.cache/rocm-peers), OXROCM_LIB_DIR
# (default target/oxrocm/release/lib), SUITE_TIMEOUT (seconds per binary, default 600),
# GTEST_FILTER (passed through), SAMPLE=N (run every Nth listed test, starting at the
# SAMPLE_FROM-th, default 0: for rocsparse-test's 118,000 quick tests; the names go to the
# binary in chunks of 1,000, each chunk with the time limit, so an abort loses one chunk).
set -uo pipefail
out=${1:?usage: run-kernel-suites.sh OUTDIR [SUITE...]}; shift
suites=("$@"); [ ${#suites[@]} -gt 0 ] || suites=(rocprim rocrand rocsparse)
peers=${ROCM_PEERS:-$HOME/.cache/rocm-peers}
root=$(cd "$(dirname "$0")/.." && pwd)
export ROCM_PEERS_LIBS=${OXROCM_LIB_DIR:-$root/target/oxrocm/release/lib}
limit=${SUITE_TIMEOUT:-600}
mkdir -p "$out"
summary=$out/summary.tsv
printf 'binary\tlisted\trun\tpassed\tfailed\texit\tseconds\n' > "$summary"
names=$("$peers/bin/run-peer-test" --list) || exit 2
for s in "${suites[@]}"; do
    mkdir -p "$out/$s"
    for t in $(grep "^$s/" <<< "$names"); do
        b=${t#*/}
        log=$out/$s/$b.log
        listed=$("$peers/bin/run-peer-test" "$t" --gtest_list_tests ${GTEST_FILTER:+--gtest_filter="$GTEST_FILTER"} 2>/dev/null | grep -c '^  ')
        start=$(date +%s)
        echo "[suites] $t ..." >&2
        if [ -n "${SAMPLE:-}" ]; then
            # Full names (suite + test) of every SAMPLE-th listed test, in chunks.
            "$peers/bin/run-peer-test" "$t" --gtest_list_tests ${GTEST_FILTER:+--gtest_filter="$GTEST_FILTER"} 2>/dev/null |
                awk -v n="$SAMPLE" -v from="${SAMPLE_FROM:-0}" '/^[^ ]/ {suite=$1; next} /^  / {if (k++ % n == from) print suite $1}' > "$log.names"
            listed=$(wc -l < "$log.names")
            split -l 1000 -d "$log.names" "$log.chunk"
            : > "$log"
            rc=0
            for c in "$log".chunk*; do
                AMD_LOG_LEVEL=${AMD_LOG_LEVEL:-1} timeout "$limit" "$peers/bin/run-peer-test" "$t" --gtest_filter="$(paste -sd: "$c")" >> "$log" 2>&1 || rc=$?
                rm -f "$c"
            done
        else
            AMD_LOG_LEVEL=${AMD_LOG_LEVEL:-1} timeout "$limit" "$peers/bin/run-peer-test" "$t" ${GTEST_FILTER:+--gtest_filter="$GTEST_FILTER"} > "$log" 2>&1
            rc=$?
        fi
        secs=$(( $(date +%s) - start ))
        run=$(grep -c '^\[ RUN      \]' "$log")
        ok=$(grep -c '^\[       OK \]' "$log")
        # Distinct failing tests: gtest names each one twice (when it fails and in the
        # closing list), both lines alike for parameterized tests.
        bad=$(grep '^\[  FAILED  \] ' "$log" | grep -v 'listed below' | awk '{sub(/,$/, "", $4); print $4}' | sort -u | wc -l)
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$listed" "$run" "$ok" "$bad" "$rc" "$secs" | tee -a "$summary" >&2
    done
done
awk -F'\t' 'NR>1 {l+=$2; r+=$3; p+=$4} END {printf "[suites] %d tests listed, %d started, %d passed (%.1f%% of listed)\n", l, r, p, l ? 100*p/l : 0}' "$summary"
