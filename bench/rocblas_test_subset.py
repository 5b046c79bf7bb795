#!/usr/bin/env python3
"""Writes a cross-section of rocblas-test 2.47's quick tests as a smaller rocblas_gtest.data.

rocblas_gtest.data is "rocBLAS\\0", one 480-byte layout-check record, "ROCblas\\0", then
480-byte Arguments records (function name at byte 0, category at byte 128, NUL-padded, 64
bytes each; layout as rocBLAS 2.47 writes it, checked here by the file size). The whole file
(740 MB, 1.5 M records) cannot be carried to the lent GPU machine; this keeps every quick
record of a function with at most PER_FUNCTION of them, else every k-th, so that every
family stays in the sample.

usage: rocblas_test_subset.py SRC DST [PER_FUNCTION]
"""
import collections
import math
import sys

RECORD = 480
HEADER = 8 + RECORD + 8


def field(rec, at):
    return rec[at:at + 64].split(b"\0")[0].decode()


def main():
    src, dst = sys.argv[1], sys.argv[2]
    per_function = int(sys.argv[3]) if len(sys.argv) > 3 else 250
    data = open(src, "rb").read()
    if data[:8] != b"rocBLAS\0" or data[HEADER - 8:HEADER] != b"ROCblas\0" or (len(data) - HEADER) % RECORD:
        sys.exit(f"{src}: not rocBLAS 2.47's layout (header or a record size other than {RECORD})")
    records = [data[o:o + RECORD] for o in range(HEADER, len(data), RECORD)]
    quick = [r for r in records if field(r, 128) == "quick"]
    by_function = collections.defaultdict(list)
    for r in quick:
        by_function[field(r, 0)].append(r)
    kept = []
    for fn, rs in sorted(by_function.items()):
        step = max(1, math.ceil(len(rs) / per_function))
        kept += rs[::step]
    with open(dst, "wb") as out:
        out.write(data[:HEADER])
        out.writelines(kept)
    print(f"{dst}: {len(kept)} of {len(quick)} quick records, {len(by_function)} functions", file=sys.stderr)


main()
