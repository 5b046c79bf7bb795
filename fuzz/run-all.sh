#!/usr/bin/env bash
# Runs fuzz targets one after another, each as one libFuzzer process, and prints a summary:
# wall and CPU seconds, executions, libFuzzer's last cov:/ft: figures and the crashes
# (crash-/oom-/timeout-/leak- files written this run).
#
#   fuzz/run-all.sh SECONDS [TARGET...]
#
# SECONDS is wall-clock time per target, or with FUZZ_BUDGET=cpu the CPU time (user + system,
# read from /proc) the fuzzer process must have used before it is stopped with SIGINT. On a
# machine shared with builds the CPU budget is the honest measure: a target that only got half a
# core for an hour has fuzzed for half an hour. FUZZ_NICE (default 0) lowers the fuzzers'
# priority so that interactive work goes first.
#
# Builds first (cargo +nightly fuzz build: release as shipped, AddressSanitizer; no debug
# assertions or overflow checks, which `cargo fuzz build -a` would add).
# Corpus: fuzz/corpus/<target> (grows; gitignored), seeded from fuzz/seeds/<target>.
# Crashers: fuzz/artifacts/<target>/. Logs: fuzz/logs/<target>.log.
# Environment: FUZZ_RSS_MB (default 3072: rss and single-malloc limit), FUZZ_TIMEOUT
# (default 20: seconds one input may run before it counts as a hang), FUZZ_NO_BUILD=1,
# FUZZ_ARGS (more libFuzzer flags for every target). decode_lower runs with -max_len=4096:
# with the 32-256 KiB .text seeds it managed ~11 inputs a second.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
secs=${1:?usage: fuzz/run-all.sh SECONDS [TARGET...]}
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(bundle ccob elf_load metadata descriptor decode_lower hip_module_load)
fi
cd "$here"
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
    cargo +nightly fuzz build >&2
fi
bin=$here/target/x86_64-unknown-linux-gnu/release
mkdir -p logs
printf '%-16s %7s %7s %12s %8s %8s %8s  %s\n' target wall cpu execs cov ft crashes artifacts
status=0
ticks=$(getconf CLK_TCK)
# CPU seconds (user + system) of process $1 so far, or nothing once it has gone.
cpu_of() {
    local f
    f=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
    # Fields 14 and 15 after the ")" that ends the command name.
    awk -v t="$ticks" '{ print int(($12 + $13) / t) }' <<<"${f##*) }"
}
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    before=$(ls "artifacts/$t" | sort)
    log=logs/$t.log
    extra=()
    [ "$t" = decode_lower ] && extra=(-max_len=4096)
    wall=$secs
    [ "${FUZZ_BUDGET:-wall}" = cpu ] && wall=$((secs * 20))
    start=$(date +%s)
    # shellcheck disable=SC2086
    nice -n "${FUZZ_NICE:-0}" "$bin/$t" "${extra[@]}" ${FUZZ_ARGS:-} \
        -max_total_time="$wall" -print_final_stats=1 \
        -rss_limit_mb="${FUZZ_RSS_MB:-3072}" -timeout="${FUZZ_TIMEOUT:-20}" \
        -artifact_prefix="$here/artifacts/$t/" \
        "$here/corpus/$t" "$here/seeds/$t" >"$log" 2>&1 &
    pid=$!
    cpu=0
    while kill -0 "$pid" 2>/dev/null; do
        now=$(cpu_of "$pid")
        [ -n "$now" ] && cpu=$now
        if [ "${FUZZ_BUDGET:-wall}" = cpu ] && [ "$cpu" -ge "$secs" ]; then
            kill -INT "$pid"
            break
        fi
        sleep 5
    done
    wait "$pid" || true
    took=$(( $(date +%s) - start ))
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}')
    if [ -z "$execs" ]; then
        execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    fi
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
    cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    new=$(comm -13 <(echo "$before") <(ls "artifacts/$t" | sort) | grep -E '^(crash|oom|timeout|leak)-' || true)
    n=$(grep -c . <<<"$new" || true)
    [ "$n" -gt 0 ] && status=1
    printf '%-16s %7s %7s %12s %8s %8s %8s  %s\n' "$t" "$took" "$cpu" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$n" "$(echo $new)"
done
exit $status
