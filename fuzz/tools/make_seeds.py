#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora from the project's own code objects.

    python3 fuzz/tools/make_seeds.py OUT_DIR [--max N] [--extra DIR ...]

Sources: oxrocm-runtime/tests/fixtures/*.co, target/oxrocm/hip-programs/{gfx1030,gfx1100,all}
(built by `cargo xtask test --only kernels`: code objects and host programs whose
.hip_fatbin section is an offload bundle), and any --extra directories of code objects or
programs (e.g. ../shared/hip-samples builds, a local copy of ~/.cache/rocm-peers code
objects for fuzz/corpus). Writes OUT_DIR/<target>/<name> for every target; files are named
by content hash so runs can be merged. --max N keeps at most N files per target, spread
over the sizes (fuzz/seeds is made with --max 6).
"""
import hashlib, os, shutil, struct, subprocess, sys, tempfile, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def sections(elf):
    if elf[:4] != b"\x7fELF" or len(elf) < 64:
        return []
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    out = []
    for i in range(shnum):
        o = shoff + i * shentsize
        name, ty, flags, addr, off, size, link, info, align, entsize = struct.unpack_from("<IIQQQQIIQQ", elf, o)
        out.append(dict(name_off=name, ty=ty, addr=addr, off=off, size=size, link=link, entsize=entsize))
    if shstrndx < len(out):
        st = out[shstrndx]
        tab = elf[st["off"]:st["off"] + st["size"]]
        for s in out:
            s["name"] = tab[s["name_off"]:tab.index(b"\0", s["name_off"])].decode()
    return out


def section(elf, name):
    for s in sections(elf):
        if s.get("name") == name:
            return elf[s["off"]:s["off"] + s["size"]]
    return None


def notes(elf):
    for s in sections(elf):
        if s["ty"] != 7:
            continue
        d = elf[s["off"]:s["off"] + s["size"]]
        o = 0
        while o + 12 <= len(d):
            namesz, descsz, ty = struct.unpack_from("<III", d, o)
            name = d[o + 12:o + 12 + namesz]
            da = o + 12 + (namesz + 3) // 4 * 4
            yield name.rstrip(b"\0"), ty, d[da:da + descsz]
            o = da + (descsz + 3) // 4 * 4


def descriptors(elf):
    secs = sections(elf)
    for s in secs:
        if s["ty"] not in (2, 11):  # SYMTAB, DYNSYM
            continue
        strs = secs[s["link"]]
        strtab = elf[strs["off"]:strs["off"] + strs["size"]]
        for o in range(s["off"], s["off"] + s["size"], 24):
            name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", elf, o)
            n = strtab[name:strtab.index(b"\0", name)]
            if n.endswith(b".kd") and 0 < shndx < len(secs):
                sec = secs[shndx]
                at = sec["off"] + value - sec["addr"]
                yield n.decode(), elf[at:at + 64]


def bundle_entries(b):
    if not b.startswith(b"__CLANG_OFFLOAD_BUNDLE__"):
        return
    count, = struct.unpack_from("<Q", b, 24)
    o = 32
    for _ in range(count):
        off, size, idlen = struct.unpack_from("<QQQ", b, o)
        ident = b[o + 24:o + 24 + idlen].decode()
        o += 24 + idlen
        if size:
            yield ident, b[off:off + size]


def fatbin(path):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "fb")
        r = subprocess.run(["objcopy", "-O", "binary", "--only-section=.hip_fatbin", path, out], capture_output=True)
        if r.returncode or not os.path.exists(out) or os.path.getsize(out) == 0:
            return None
        data = open(out, "rb").read()
    # The section may be padded beyond the bundle.
    return data


def zstd(data):
    return subprocess.run(["zstd", "-q", "-c", "-19"], input=data, capture_output=True, check=True).stdout


def ccobs(inner):
    z, zs = zlib.compress(inner, 9), zstd(inner)
    h = hashlib.md5(inner).digest()[:8]
    yield "v1-zlib", b"CCOB" + struct.pack("<HHI", 1, 0, len(inner)) + h + z
    yield "v2-zlib", b"CCOB" + struct.pack("<HHII", 2, 0, 24 + len(z), len(inner)) + h + z
    yield "v2-zstd", b"CCOB" + struct.pack("<HHII", 2, 1, 24 + len(zs), len(inner)) + h + zs
    yield "v3-zstd", b"CCOB" + struct.pack("<HHQQ", 3, 1, 32 + len(zs), len(inner)) + h + zs
    yield "v3-zlib", b"CCOB" + struct.pack("<HHQQ", 3, 0, 32 + len(z), len(inner)) + h + z


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    out, extra, most = args[0], [], None
    if "--extra" in args:
        extra = args[args.index("--extra") + 1:]
        args = args[:args.index("--extra")]
    if "--max" in args:
        most = int(args[args.index("--max") + 1])
    files = []
    fx = os.path.join(ROOT, "oxrocm-runtime/tests/fixtures")
    files += [os.path.join(fx, f) for f in sorted(os.listdir(fx)) if f.endswith(".co")]
    hp = os.path.join(ROOT, "target/oxrocm/hip-programs")
    for d in ["gfx1030", "gfx1100", "all"] + extra:
        d = d if os.path.isabs(d) else os.path.join(hp, d)
        if os.path.isdir(d):
            files += [os.path.join(d, f) for f in sorted(os.listdir(d)) if os.path.isfile(os.path.join(d, f))]

    cos, bundles = {}, {}
    for f in files:
        data = open(f, "rb").read()
        if data.startswith(b"__CLANG_OFFLOAD_BUNDLE__"):
            bundles[f] = data
        elif data.startswith(b"\x7fELF") and struct.unpack_from("<H", data, 0x12)[0] == 224:
            cos[f] = data
        elif data.startswith(b"\x7fELF"):
            fb = fatbin(f)
            if fb:
                bundles[f + ":.hip_fatbin"] = fb
    for b in list(bundles.values()):
        for ident, co in bundle_entries(b):
            if co.startswith(b"\x7fELF"):
                cos.setdefault(hashlib.sha1(co).hexdigest(), co)

    chosen = {}

    def put(target, data, limit=None):
        if not (limit and len(data) > limit):
            chosen.setdefault(target, {})[hashlib.sha1(data).hexdigest()[:16]] = data

    for b in bundles.values():
        put("bundle", b)
        put("hip_module_load", b)
        for _, c in ccobs(b):
            put("ccob", c)
            put("hip_module_load", c)
    for co in cos.values():
        put("elf_load", co)
        put("hip_module_load", co)
        for name, ty, desc in notes(co):
            if name == b"AMDGPU" and ty == 32:
                put("metadata", desc)
        for _, kd in descriptors(co):
            put("descriptor", kd)
        text = section(co, ".text")
        if text:
            put("decode_lower", text, limit=256 << 10)

    for target, items in sorted(chosen.items()):
        names = sorted(items, key=lambda n: (len(items[n]), n))
        if most and len(names) > most:
            names = [names[round(i * (len(names) - 1) / (most - 1))] for i in range(most)] if most > 1 else names[:1]
        d = os.path.join(out, target)
        os.makedirs(d, exist_ok=True)
        for n in names:
            with open(os.path.join(d, n), "wb") as fh:
                fh.write(items[n])


if __name__ == "__main__":
    main()
