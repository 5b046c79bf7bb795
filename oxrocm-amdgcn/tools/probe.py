#!/usr/bin/env python3
"""Derive the opcode facts files (facts/<target>.txt) by asking the installed LLVM 15
disassembler about every opcode number of every encoding class.

For each opcode a probe word is built with every register field set to a distinct
register number; the printed operand list then says which field each operand comes
from and how wide it is. Further probes put an inline constant / a literal into each
source (-> how constants print) and set each modifier bit (-> which modifiers exist).

Usage: python3 tools/probe.py gfx1030 gfx1100   (writes facts/<target>.txt)
"""
import re
import sys
import os

sys.path.insert(0, os.path.dirname(__file__))
import oracle  # noqa: E402

REG = re.compile(r"^(v|s|ttmp)(?:(\d+)|\[(\d+):(\d+)\])$")
LIT = 0x00003c00


def split_ops(text):
    """mnemonic, operand tokens, trailing modifiers."""
    if " " not in text:
        return text, [], []
    mn, rest = text.split(" ", 1)
    depth, buf = 0, []
    for ch in rest:
        depth += ch == "("
        depth -= ch == ")"
        buf.append("\x00" if depth and ch == " " else ch)
    rest = "".join(buf)
    parts = [p.replace("\x00", "") for p in rest.split(", ")]
    last = parts[-1].split(" ")
    parts[-1] = last[0]
    return mn, parts, last[1:]


def reg_of(tok):
    m = REG.match(tok)
    if not m:
        return None
    if m.group(2) is not None:
        return m.group(1), int(m.group(2)), 1
    lo, hi = int(m.group(3)), int(m.group(4))
    return m.group(1), lo, hi - lo + 1


def signature(text, fields):
    """fields: {reg number: field name}. -> list of 'field:kind:width' or '=token'."""
    mn, ops, mods = split_ops(text)
    sig = []
    for t in ops:
        r = reg_of(t)
        if r and r[1] in fields:
            sig.append("%s:%s:%d" % (fields[r[1]], r[0], r[2]))
        else:
            sig.append("=" + t)
    return mn, sig, mods


def style(tok_inv2pi, tok_lit):
    if tok_inv2pi == "0.15915494" and tok_lit == "1.0":
        return "f16"
    if tok_inv2pi == "0.15915494309189532" and tok_lit == "0x3c00":
        return "b64"
    if tok_inv2pi == "0x3118" and tok_lit == "0x3c00":
        return "i16"
    if tok_inv2pi == "0.15915494" and tok_lit == "0x3c00":
        return "b32"
    return ("?%s/%s" % (tok_inv2pi, tok_lit)).replace(" ", "")


class Prober:
    def __init__(self, target):
        self.t = target
        self.g11 = target.startswith("gfx11")
        self.lines = []

    def run(self, probes):
        return oracle.disasm(self.t, probes)

    def emit(self, cls, op, mn, nwords, sig, extra=""):
        self.lines.append("%s 0x%x %s %d %s%s" % (cls, op, mn, nwords, " ".join(sig) if sig else "-",
                                                   (" | " + extra) if extra else ""))

    # ---- generic: list of (op, [variants of words]) -> first decodable
    def first(self, cands, zero=()):
        """zero: list of (word index, mask): also try each variant with subsets of these
        fields cleared (LLVM rejects encodings whose unused fields are not zero)."""
        flat = []
        subsets = sorted(range(1 << len(zero)), key=lambda m: bin(m).count("1"))
        for op, vs in cands:
            for m in subsets:
                for v in vs:
                    v = list(v)
                    for k, (wi, mask) in enumerate(zero):
                        if m >> k & 1:
                            v[wi] &= ~mask
                    flat.append((op, v))
        res = self.run([w for _, w in flat])
        best = {}
        for (op, w), r in zip(flat, res):
            if r is not None and op not in best:
                best[op] = (w, r)
        return best

    # ---------------- scalar
    def sop(self):
        F = {8: "sdst", 16: "ssrc0", 24: "ssrc1"}
        # SOP2
        c = [(op, [[(2 << 30) | (op << 23) | (8 << 16) | (24 << 8) | 16]]) for op in range(0x60)]
        self.scalar_cls("SOP2", c, F, [(0, 0, 7), (0, 8, 15)])
        c = [(op, [[(0x17D << 23) | (8 << 16) | (op << 8) | 16]]) for op in range(256)]
        self.scalar_cls("SOP1", c, F, [(0, 0, 7)])
        c = [(op, [[(0x17E << 23) | (op << 16) | (24 << 8) | 16]]) for op in range(128)]
        self.scalar_cls("SOPC", c, F, [(0, 0, 7), (0, 8, 15)])
        # SOPK / SOPP: mnemonic and printed form of imm 5 (custom printers in Rust)
        # SOPK opcodes 0x1d-0x1f would be SOP1/SOPC/SOPP prefixes
        c = [(op, [[(0xB << 28) | (op << 23) | (8 << 16) | 5, 0x1234]]) for op in range(0x1D)]
        for op, (w, (txt, n)) in sorted(self.first(c).items()):
            mn, sig, mods = signature(txt, F)
            sig = ["=K" if x == "=0x1234" else x for x in sig]
            self.emit("SOPK", op, mn, n, sig)
        c = [(op, [[(0x17F << 23) | (op << 16) | 5], [(0x17F << 23) | (op << 16)]]) for op in range(128)]
        for op, (w, (txt, n)) in sorted(self.first(c).items()):
            mn, sig, mods = signature(txt, F)
            self.emit("SOPP", op, mn, n, sig)

    def scalar_cls(self, cls, cands, F, srcs):
        best = self.first(cands)
        # constant styles: replace the 8-bit source field with 248 / literal
        probes = []
        keys = []
        for op, (w, r) in sorted(best.items()):
            for (wi, lo, hi) in srcs:
                for val in (248, 255):
                    ww = list(w)
                    ww[wi] = (ww[wi] & ~(0xFF << lo)) | (val << lo)
                    probes.append(ww + [LIT])
                    keys.append((op, lo))
        res = self.run(probes)
        toks = {}
        for k, r in zip(keys, res):
            toks.setdefault(k, []).append(r)
        for op, (w, (txt, n)) in sorted(best.items()):
            mn, sig, mods = signature(txt, F)
            sig2 = []
            for s in sig:
                if s.startswith("ssrc"):
                    lo = 0 if s.startswith("ssrc0") else 8
                    sig2.append(s + ":" + self.const_style(toks.get((op, lo)), sig.index(s)))
                else:
                    sig2.append(s)
            self.emit(cls, op, mn, n, sig2)

    def const_style(self, rs, pos):
        if not rs or rs[0] is None or rs[1] is None:
            return "none"
        a = split_ops(rs[0][0])[1]
        b = split_ops(rs[1][0])[1]
        if pos >= len(a) or pos >= len(b):
            return "?"
        return style(a[pos], b[pos])

    # ---------------- SMEM
    def smem(self):
        F = {8: "sdata", 4: "sbase", 16: "soffset"}
        null = 124 if self.g11 else 125
        c = []
        for op in range(256):
            w0 = (0x3D << 26) | (op << 18) | (8 << 6) | 2
            c.append((op, [[w0, (null << 25) | 0x10]]))
        best = self.first(c, [(0, 0x3FFF), (1, 0x1FFFFF)])
        for op, (w, (txt, n)) in sorted(best.items()):
            mn, sig, mods = signature(txt, F)
            self.emit("SMEM", op, mn, n, sig, " ".join(mods))

    # ---------------- VOP1/2/C (e32)
    def vop_e32(self):
        F = {10: "vdst", 20: "src0", 30: "vsrc1"}
        for cls, cands, n_ops in (
            ("VOP1", [(op, [[(0x3F << 25) | (10 << 17) | (op << 9) | 276, LIT],
                            [(0x3F << 25) | (10 << 17) | (op << 9) | 20, LIT]]) for op in range(256)], 0),
            ("VOP2", [(op, [[(op << 25) | (10 << 17) | (30 << 9) | 276, LIT],
                            [(op << 25) | (10 << 17) | (30 << 9) | 20, LIT]]) for op in range(62)], 0),
            ("VOPC", [(op, [[(0x3E << 25) | (op << 17) | (30 << 9) | 276, LIT],
                            [(0x3E << 25) | (op << 17) | (30 << 9) | 20, LIT]]) for op in range(256)], 0),
        ):
            # v_nop and the like decode only with their unused vdst/src0 fields zero.
            best = self.first(cands, [(0, 0x1FF | (0xFF << 17))] if cls == "VOP1" else ())
            probes, keys = [], []
            for op, (w, r) in sorted(best.items()):
                for val in (248, 255):
                    probes.append([(w[0] & ~0x1FF) | val, LIT])
                    keys.append(op)
            res = self.run(probes)
            toks = {}
            for k, r in zip(keys, res):
                toks.setdefault(k, []).append(r)
            for op, (w, (txt, n)) in sorted(best.items()):
                mn, sig, mods = signature(txt, F)
                sig = ["=K" if s == "=0x3c00" else s for s in sig]
                sig2 = []
                for i, s in enumerate(sig):
                    if s.startswith("src0"):
                        sig2.append(s + ":" + self.const_style(toks.get(op), i))
                    else:
                        sig2.append(s)
                self.emit(cls, op, mn, n, sig2)

    # ---------------- VOP3 / VOP3P
    def vop3(self):
        F = {10: "vdst", 20: "src0", 30: "src1", 40: "src2", 0: "sdst"}
        variants = []
        for kinds in ("vvv", "vvs", "vss", "sss", "svv", "ssv", "vsv", "svs"):
            s = [(256 if k == "v" else 0) + base for k, base in zip(kinds, (20, 30, 40))]
            variants.append(s)

        def w1(s):
            return (s[2] << 18) | (s[1] << 9) | s[0]
        c = [(op, [[(0x35 << 26) | (op << 16) | 10, w1(s), LIT] for s in variants]) for op in range(1024)]
        best = self.first(c, [(1, 0x1FF << 18), (1, 0x1FF << 9), (1, 0x1FF), (0, 0xFF)])
        self.vop3_mods("VOP3", best, F, [
            ("abs0", 0, 8), ("abs1", 0, 9), ("abs2", 0, 10), ("neg0", 1, 29), ("neg1", 1, 30), ("neg2", 1, 31),
            ("clamp", 0, 15), ("omod", 1, 27), ("os0", 0, 11), ("os1", 0, 12), ("os2", 0, 13), ("os3", 0, 14)])

    def vop3p(self):
        F = {10: "vdst", 20: "src0", 30: "src1", 40: "src2"}
        variants = []
        for kinds in ("vvv", "sss", "vvs", "vss"):
            variants.append([(256 if k == "v" else 0) + base for k, base in zip(kinds, (20, 30, 40))])
        base0 = (0xCC << 24) | (1 << 14) | 10
        c = [(op, [[base0 | (op << 16), (3 << 27) | (s[2] << 18) | (s[1] << 9) | s[0], LIT] for s in variants])
             for op in range(128)]
        best = self.first(c, [(1, 0x1FF << 18), (1, 0x1FF << 9)])
        self.vop3_mods("VOP3P", best, F, [
            ("nhi0", 0, 8), ("nhi1", 0, 9), ("nhi2", 0, 10), ("nlo0", 1, 29), ("nlo1", 1, 30), ("nlo2", 1, 31),
            ("clamp", 0, 15), ("os0", 0, 11), ("os1", 0, 12), ("os2", 0, 13), ("oh0", 1, 27), ("oh1", 1, 28),
            ("oh2", 0, 14)])

    def vop3_mods(self, cls, best, F, modbits):
        probes, keys = [], []
        for op, (w, r) in sorted(best.items()):
            for name, wi, bit in modbits:
                ww = list(w)
                ww[wi] ^= 1 << bit
                probes.append(ww)
                keys.append((op, name))
            for si, sh in ((0, 0), (1, 9), (2, 18)):
                for val in (248, 255):
                    ww = list(w)
                    ww[1] = (ww[1] & ~(0x1FF << sh)) | (val << sh)
                    probes.append(ww)
                    keys.append((op, "c%d" % si))
        res = self.run(probes)
        out = {}
        for k, r in zip(keys, res):
            out.setdefault(k, []).append(r)
        for op, (w, (txt, n)) in sorted(best.items()):
            mn, sig, mods = signature(txt, F)
            sig2 = []
            for i, s in enumerate(sig):
                if s.startswith("src"):
                    sig2.append(s + ":" + self.const_style(out.get((op, "c" + s[3])), i))
                else:
                    sig2.append(s)
            flags = []
            for name, wi, bit in modbits:
                r = out[(op, name)][0]
                if r is None:
                    flags.append(name + "=x")
                elif r[0] != txt:
                    flags.append(name)
            self.emit(cls, op, mn, n, sig2, " ".join(flags + (["basemods=" + ",".join(mods)] if mods else [])))

    # ---------------- DS
    def ds(self):
        F = {10: "addr", 20: "data0", 30: "data1", 40: "vdst"}
        c = [(op, [[(0x36 << 26) | (op << 18), (40 << 24) | (30 << 16) | (20 << 8) | 10]]) for op in range(256)]
        zero = [(1, 0xFF << 24), (1, 0xFF << 16), (1, 0xFF << 8), (1, 0xFF)]
        best = self.first(c, zero)
        # The global wave sync ops (ds_gws_*) decode only with the GDS bit (17) set: a second
        # pass for the opcodes the first left out.
        gds = [(op, [[w[0] | 1 << 17, w[1]] for w in vs]) for op, vs in c if op not in best]
        best.update(self.first(gds, zero))
        for op, (w, (txt, n)) in sorted(best.items()):
            mn, sig, mods = signature(txt, F)
            self.emit("DS", op, mn, n, sig, " ".join(mods))

    # ---------------- FLAT / SCRATCH / GLOBAL
    def flat(self):
        F = {10: "addr", 20: "data", 40: "vdst", 4: "saddr"}
        off = 124 if self.g11 else 125
        for seg, cls in ((0, "FLAT"), (1, "SCRATCH"), (2, "GLOBAL")):
            c = []
            for op in range(128):
                if self.g11:
                    w0 = (0x37 << 26) | (op << 18) | (seg << 16)
                else:
                    w0 = (0x37 << 26) | (op << 18) | (seg << 14)
                glc = 1 << (14 if self.g11 else 16)
                c.append((op, [[w0 | g, (40 << 24) | (sa << 16) | (20 << 8) | 10] for g in (0, glc) for sa in (off, 4)]))
            best = self.first(c, [(1, 0xFF << 24), (1, 0xFF << 8), (1, 0xFF)])
            for op, (w, (txt, n)) in sorted(best.items()):
                mn, sig, mods = signature(txt, F)
                self.emit(cls, op, mn, n, sig, " ".join(mods))

    # ---------------- MUBUF
    def mubuf(self):
        F = {10: "vaddr", 20: "vdata", 8: "srsrc", 16: "soffset"}
        c = []
        for op in range(256):
            w0 = (0x38 << 26) | (op << 18)
            if self.g11:
                w1 = (16 << 24) | (1 << 23) | (2 << 16) | (20 << 8) | 10
            else:
                w0 |= 1 << 12
                w1 = (16 << 24) | (2 << 16) | (20 << 8) | 10
            c.append((op, [[w0, w1], [w0 | (1 << 14), w1]]))
        best = self.first(c, [(1, 0xFFFFFFFF), (0, 0x3FFFF)])
        for op, (w, (txt, n)) in sorted(best.items()):
            mn, sig, mods = signature(txt, F)
            self.emit("MUBUF", op, mn, n, sig, " ".join(mods))

    # ---------------- VOPD (gfx11)
    def vopd(self):
        # X op with Y = v_dual_mov_b32 (8), Y op with X = v_dual_mov_b32 (8)
        F = {10: "vdstx", 11: "vdsty", 20: "src0x", 30: "vsrc1x", 22: "src0y", 32: "vsrc1y"}

        def word(opx, opy):
            w0 = (0x32 << 26) | (opx << 22) | (opy << 17) | (30 << 9) | (256 + 20)
            w1 = (10 << 24) | (5 << 17) | (32 << 9) | (256 + 22)
            return [w0, w1, LIT]
        for half, cands in (("X", [(op, [word(op, 8)]) for op in range(16)]),
                            ("Y", [(op, [word(8, op)]) for op in range(32)])):
            best = self.first(cands, [(1, 0xFF << 9), (0, 0xFF << 9)])
            for op, (w, (txt, n)) in sorted(best.items()):
                a, b = txt.split(" :: ")
                t = a if half == "X" else b
                mn, sig, mods = signature(t, F)
                sig = ["=K" if s == "=0x3c00" else s for s in sig]
                self.emit("VOPD" + half, op, mn, n, sig)

    def simm_names(self):
        """hwreg ids (s_getreg_b32, offset 0, size 32) and s_sendmsg immediates."""
        getreg = [k for k in self.lines if k.startswith("SOPK ") and " s_getreg_b32 " in k][0]
        op = int(getreg.split()[1], 16)
        probes = [[(0xB << 28) | (op << 23) | (8 << 16) | (31 << 11) | i] for i in range(64)]
        for i, r in enumerate(self.run(probes)):
            if r is not None:
                self.lines.append("HWREG %d %s" % (i, r[0].split("hwreg(")[1].rstrip(")")))
        sendmsg = [k for k in self.lines if k.startswith("SOPP ") and " s_sendmsg " in k][0]
        op = int(sendmsg.split()[1], 16)
        probes = [[(0x17F << 23) | (op << 16) | i] for i in range(1024)]
        for i, r in enumerate(self.run(probes)):
            if r is not None:
                self.lines.append("SENDMSG %d %s" % (i, r[0].split(" ", 1)[1].replace(" ", "")))

    def regnames(self):
        """Source operand names of every 8-bit scalar source value, 32- and 64-bit."""
        probes = []
        for v in range(256):
            probes.append([(0x17D << 23) | (0 << 16) | (0x03 << 8 if not self.g11 else 0) | v, 0x1234])
        # s_mov_b32 = SOP1 op 3 (gfx10) / 0 (gfx11); s_mov_b64 = 4 / 1
        movb32 = 3 if not self.g11 else 0
        movb64 = 4 if not self.g11 else 1
        out = []
        for wid, op in ((1, movb32), (2, movb64)):
            probes = [[(0x17D << 23) | (op << 8) | v, 0x12345678] for v in range(256)]
            res = self.run(probes)
            for v, r in enumerate(res):
                if r is not None:
                    tok = r[0].split(", ", 1)[1] if ", " in r[0] else "?"
                    out.append("REG%d %d %s" % (wid, v, tok))
            probes = [[(0x17D << 23) | (v << 16) | (op << 8) | 0x80] for v in range(128)]
            res = self.run(probes)
            for v, r in enumerate(res):
                if r is not None:
                    tok = r[0].split(" ", 1)[1].split(", ")[0]
                    out.append("DST%d %d %s" % (wid, v, tok))
        self.lines.extend(out)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for t in sys.argv[1:]:
        p = Prober(t)
        p.regnames()
        p.sop()
        p.simm_names()
        p.smem()
        p.vop_e32()
        p.vop3()
        p.vop3p()
        p.ds()
        p.flat()
        p.mubuf()
        if p.g11:
            p.vopd()
        path = os.path.join(here, "..", "facts", t + ".txt")
        with open(path, "w") as f:
            f.write("# generated by tools/probe.py from llvm-objdump-15 --mcpu=%s; do not edit\n" % t)
            f.write("\n".join(p.lines) + "\n")
        print(t, len(p.lines), "lines")


if __name__ == "__main__":
    main()
