#!/usr/bin/env python3
"""Random-encoding differential check: random words with each class's prefix, decoded
by llvm-objdump-15 (tools/oracle.py) and by the `decodewords` example; prints the
agreement per class and examples of mismatches. Words LLVM rejects are skipped.

Usage: python3 tools/fuzz.py TARGET [N per class] [seed]
"""
import collections
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import oracle  # noqa: E402

PREFIX = {  # class: (mask, value, words)
    "SOP2": (0xC0000000, 0x80000000, 1), "SOPK": (0xF0000000, 0xB0000000, 1),
    "SOP1": (0xFF800000, 0xBE800000, 1), "SOPC": (0xFF800000, 0xBF000000, 1),
    "SOPP": (0xFF800000, 0xBF800000, 1), "VOP1": (0xFE000000, 0x7E000000, 1),
    "VOP2": (0x80000000, 0x00000000, 1), "VOPC": (0xFE000000, 0x7C000000, 1),
    "SMEM": (0xFC000000, 0xF4000000, 2), "VOP3": (0xFC000000, 0xD4000000, 2),
    "VOP3P": (0xFF000000, 0xCC000000, 2), "DS": (0xFC000000, 0xD8000000, 2),
    "FLAT": (0xFC000000, 0xDC000000, 2), "MUBUF": (0xFC000000, 0xE0000000, 2),
    "VOPD": (0xFC000000, 0xC8000000, 2),
}


def main():
    target = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    here = os.path.dirname(os.path.abspath(__file__))
    probes, classes = [], []
    for cls, (mask, val, nw) in PREFIX.items():
        if cls == "VOPD" and not target.startswith("gfx11"):
            continue
        for _ in range(n):
            w = [(rnd.getrandbits(32) & ~mask) | val] + [rnd.getrandbits(32) for _ in range(2)]
            # keep register fields small-ish so more words are valid
            probes.append(w)
            classes.append(cls)
    want = oracle.disasm(target, probes)
    inp = "".join("%s %s\n" % (target, " ".join("%08x" % x for x in p)) for p in probes)
    out = subprocess.run(["cargo", "run", "-q", "--release", "--example", "decodewords"], input=inp,
                         capture_output=True, text=True, cwd=os.path.join(here, "..")).stdout.splitlines()
    stats = collections.defaultdict(lambda: [0, 0])
    bad = collections.defaultdict(list)
    for cls, w, got in zip(classes, want, out):
        if w is None:
            continue
        nw, text = got.split("\t", 1)
        st = stats[cls]
        st[0] += 1
        if text == w[0] and (int(nw) == w[1] or w[1] > 3):
            st[1] += 1
        else:
            bad[cls].append((w[0], w[1], text, nw))
    for cls, (tot, ok) in stats.items():
        print("%-6s %5d/%5d agree" % (cls, ok, tot))
        for e in bad[cls][:4]:
            print("    want: %s [%d]\n    got:  %s [%s]" % e)


if __name__ == "__main__":
    main()
