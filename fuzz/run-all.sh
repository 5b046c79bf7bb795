#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each, one after another, one process (-jobs=1
# -workers=1), and prints a summary: executions, libFuzzer's last cov:/ft: figures and the
# crashes (crash-/oom-/timeout-/leak- files written this run).
#
#   fuzz/run-all.sh SECONDS [TARGET...]
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
printf '%-16s %7s %12s %8s %8s %8s  %s\n' target seconds execs cov ft crashes artifacts
status=0
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t" "logs/$t.d"
    before=$(ls "artifacts/$t" | sort)
    start=$(date +%s)
    # -jobs=1 runs the fuzzer as one child whose output goes to fuzz-0.log in the cwd.
    extra=()
    [ "$t" = decode_lower ] && extra=(-max_len=4096)
    # shellcheck disable=SC2086
    (cd "logs/$t.d" && rm -f fuzz-*.log && "$bin/$t" -jobs=1 -workers=1 "${extra[@]}" ${FUZZ_ARGS:-} \
        -max_total_time="$secs" -print_final_stats=1 \
        -rss_limit_mb="${FUZZ_RSS_MB:-3072}" -timeout="${FUZZ_TIMEOUT:-20}" \
        -artifact_prefix="$here/artifacts/$t/" \
        "$here/corpus/$t" "$here/seeds/$t" >/dev/null 2>&1) || true
    took=$(( $(date +%s) - start ))
    log=logs/$t.log
    cat "logs/$t.d"/fuzz-*.log > "$log" 2>/dev/null || true
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
    printf '%-16s %7s %12s %8s %8s %8s  %s\n' "$t" "$took" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$n" "$(echo $new)"
done
exit $status
