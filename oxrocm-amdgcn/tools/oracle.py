"""Run llvm-objdump-15 over lists of raw instruction words (one 32-byte slot each).

Each probe is a list of 32-bit words placed at the start of its own 32-byte slot
(padded with s_nop 0), so an undecodable probe cannot shift the next one. Returns,
per probe, None (not decodable) or (text, number_of_words_consumed).
"""
import os
import re
import subprocess
import tempfile

SLOT = 32


def disasm(target, probes, chunk=20000):
    out = []
    for i in range(0, len(probes), chunk):
        out.extend(_disasm(target, probes[i:i + chunk]))
    return out


def _disasm(target, probes):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "p.s")
        obj = os.path.join(d, "p.o")
        with open(src, "w") as f:
            f.write(".text\n")
            for p in probes:
                assert len(p) <= 4
                f.write(".p2align 5\n.long " + ", ".join("0x%08x" % (w & 0xFFFFFFFF) for w in p) + "\n")
            f.write(".p2align 5\n")
        subprocess.run(["llvm-mc-15", "-triple=amdgcn-amd-amdhsa", "-mcpu=" + target,
                        "-filetype=obj", src, "-o", obj], check=True)
        run = subprocess.run(["llvm-objdump-15", "-d", "--mcpu=" + target, obj],
                             capture_output=True, text=True)
        if run.returncode != 0:
            # llvm-objdump-15 crashes on a few invalid encodings: split until the
            # crashing probe is alone, which then counts as undecodable
            if len(probes) == 1:
                return [None]
            h = len(probes) // 2
            return _disasm(target, probes[:h]) + _disasm(target, probes[h:])
        txt = run.stdout
    res = [None] * len(probes)
    for line in txt.splitlines():
        if "//" not in line or not line.startswith("\t"):
            continue
        m = re.match(r"^\t(.*?)\s*// ([0-9A-F]{12}):(.*)$", line)
        if not m:
            continue
        ins, addr, rest = m.group(1), int(m.group(2), 16), m.group(3)
        if addr % SLOT:
            continue
        ins = ins.strip()
        if ins.startswith(".long"):
            continue
        words = rest.split("<")[0].split()
        res[addr // SLOT] = (ins, len(words))
    return res
