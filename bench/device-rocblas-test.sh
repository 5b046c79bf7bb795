#!/usr/bin/env bash
# Runs on the lent GPU machine: Debian trixie's rocblas-test (rocBLAS 2.47) on oxrocm's Vulkan
# backend, over the cross-section of its quick tests that bench/make-devcarry-rocblas-test.sh
# carries (every family), known bugs excluded; then passed/failed per function.
# Expects .devcarry-rocblas-test.tar.xz and .gl (the Vulkan loader packages); writes
# $OUT/rocblas-test.log (the suite's output) and $OUT/rocblas-test-summary.txt.
# SHARD=i/n runs GoogleTest shard i of n (to split a run over calls of the device tool);
# LIMIT_S caps the suite's time (default 500 s); FILTER narrows the tests (a GoogleTest filter,
# default every quick test less the known bugs).
set -u
source "$(dirname "$0")/device-vulkan-env.sh"
C=/tmp/devcarry-rocblas-test
rm -rf "$C"; mkdir -p "$C"; tar -C "$C" -xJf .devcarry-rocblas-test.tar.xz
# Run through the carried loader, the suite looks for its data beside /proc/self/exe: the loader.
ln -sf ../rocblas_gtest.data "$C/lib/rocblas_gtest.data"
export OXROCM_BACKEND=vulkan
if [ -n "${SHARD:-}" ]; then export GTEST_SHARD_INDEX=${SHARD%/*} GTEST_TOTAL_SHARDS=${SHARD#*/}; fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/rocblas-test-summary.txt"
start=$(date +%s)
timeout "${LIMIT_S:-500}" "$C/lib/ld-linux-x86-64.so.2" --library-path "$C/lib" "$C/rocblas-test" \
    --gtest_filter="${FILTER:-*quick*-*known_bug*}" > "$OUT/rocblas-test.log" 2>&1
echo "rocblas-test exit $? after $(( $(date +%s) - start )) s (shard ${SHARD:-all})" >> "$OUT/rocblas-test-summary.txt"
python3 - "$OUT/rocblas-test.log" >> "$OUT/rocblas-test-summary.txt" <<'PY'
import collections, re, sys
names = {"OK": set(), "FAILED": set()}
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"\[\s+(OK|FAILED)\s+\] (_/[A-Za-z0-9_]+\.[^ ,]+)", line)
    if m:
        names[m.group(1)].add(m.group(2))
fam = lambda name: name[2:].split(".")[0]
ok = collections.Counter(fam(n) for n in names["OK"] - names["FAILED"])
bad = collections.Counter(fam(n) for n in names["FAILED"])
failed = sorted(names["FAILED"])
fns = sorted(set(ok) | set(bad))
p, f = sum(ok.values()), sum(bad.values())
print(f"{p} passed, {f} failed, {len(fns)} functions ({100.0 * p / max(1, p + f):.3f}% pass)")
for fn in fns:
    print(f"  {fn}: {ok[fn]} passed" + (f", {bad[fn]} FAILED" if bad[fn] else ""))
for l in failed[:40]:
    print("  " + l)
PY
tail -5 "$OUT/rocblas-test.log" >> "$OUT/rocblas-test-summary.txt"
cat "$OUT/rocblas-test-summary.txt"
