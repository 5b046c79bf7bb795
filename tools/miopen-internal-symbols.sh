#!/usr/bin/env bash
# miopen-internal-symbols.sh [--dest DEST] [--keep DIR] [--out FILE]
#
# Writes libmiopen/abi/miopen-internal.symbols: the libMIOpen.so.1 symbols that Debian's
# MIOpenDriver and miopen_gtest (package libmiopen1-tests of sid, MIOpen 6.4, and of
# experimental, MIOpen 7.2; trees of tools/fetch-rocm-peers-later.sh in DEST) import and that
# are not in the C API list libmiopen/abi/miopen.symbols: MIOpen's C++ internals (functions,
# data, vtables, typeinfo) and C++-mangled twins of C functions. Sizes and the shape of each
# vtable and typeinfo come from the real libMIOpen.so.1 of Debian's libmiopen1 (sid and
# experimental): the two .debs are downloaded with the private apt configuration of
# tools/fetch-rocm-peers-later.sh (DEST/later/apt) into a temporary directory outside the
# tree, read (.dynsym, .rela.dyn, the bytes of the vtables) and deleted again (--keep DIR
# keeps them there instead). Nothing of the real library goes into the tree but names and sizes.
#
# Line format (TAB-separated; oxrocm_ffi::symbols reads name and node, the rest are tags):
#   NAME  MIOPEN_HIP_1  FUNC                          a C++ function
#   NAME  MIOPEN_HIP_1  FUNC    status                one of MIOpen's C++-linkage miopen* helpers
#         (miopenGet4dTensorDescriptorLengths ... of tensor_extra.hpp), returning miopenStatus_t
#   NAME  MIOPEN_HIP_1  OBJECT  SIZE  ALIGN           data
#   NAME  MIOPEN_HIP_1  OBJECT  SIZE  ALIGN  typeinfo class            (__class_type_info)
#   NAME  MIOPEN_HIP_1  OBJECT  SIZE  ALIGN  typeinfo si BASE          (__si_class_type_info)
#   NAME  MIOPEN_HIP_1  OBJECT  SIZE  ALIGN  typeinfo vmi FLAGS BASE:OFFSET_FLAGS...
#         (__vmi_class_type_info: its flags word, then each base's typeinfo and offset/flags)
#   NAME  MIOPEN_HIP_1  OBJECT  SIZE  ALIGN  vtable SHAPE              offset-to-top 0, the
#         class's typeinfo (of SHAPE, one of the three above), then SIZE/8-2 virtual functions
# The script stops if a vtable or typeinfo has another layout (secondary vtables, virtual
# bases): the generator in libmiopen/build.rs knows only these.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEST=${ROCM_PEERS:-$HOME/.cache/rocm-peers}
OUT=$ROOT/libmiopen/abi/miopen-internal.symbols
KEEP=
while [[ $# -gt 0 ]]; do
    case $1 in
        --dest) DEST=$2; shift ;;
        --out) OUT=$2; shift ;;
        --keep) KEEP=$2; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
APT=$DEST/later/apt
[[ -f $APT/apt.conf ]] || { echo "no $APT/apt.conf: run tools/fetch-rocm-peers-later.sh first" >&2; exit 1; }
for s in sid experimental; do
    [[ -f $DEST/$s/root/usr/libexec/rocm/libmiopen1-tests/miopen_gtest ]] ||
        { echo "no $s libmiopen1-tests in $DEST/$s (tools/fetch-rocm-peers-later.sh)" >&2; exit 1; }
done
TMP=${KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/miopen-debs.XXXXXX")}
mkdir -p "$TMP"
[[ -n $KEEP ]] || trap 'rm -rf "$TMP"' EXIT

export APT_CONFIG=$APT/apt.conf
# The options tools/fetch-rocm-peers-later.sh runs apt with, one per line.
[[ -f $APT/apt-options ]] || { echo "no $APT/apt-options: re-run tools/fetch-rocm-peers-later.sh" >&2; exit 1; }
mapfile -t APTOPT < "$APT/apt-options"
# the libmiopen1 version matching each tree's libmiopen1-tests
declare -A VER
for s in sid experimental; do
    VER[$s]=$(awk -F'\t' '$1 == "libmiopen1-tests" {print $2}' "$DEST/$s/packages.tsv")
    [[ -n ${VER[$s]} ]] || { echo "$DEST/$s/packages.tsv: no libmiopen1-tests" >&2; exit 1; }
    if ! ls "$TMP"/libmiopen1_"${VER[$s]//:/%3a}"_amd64.deb >/dev/null 2>&1; then
        (cd "$TMP" && apt-get "${APTOPT[@]}" -q download "libmiopen1=${VER[$s]}" >/dev/null)
    fi
    mkdir -p "$TMP/$s"
    dpkg-deb -x "$TMP"/libmiopen1_"${VER[$s]//:/%3a}"_amd64.deb "$TMP/$s"
done

python3 - "$DEST" "$TMP" "$OUT" "$ROOT/libmiopen/abi/miopen.symbols" "${VER[sid]}" "${VER[experimental]}" <<'PYEOF'
import bisect, struct, subprocess, sys, re
dest, tmp, out, c_list, ver_sid, ver_exp = sys.argv[1:]
SUITES = {'sid': ver_sid, 'experimental': ver_exp}

def readelf(*args):
    return subprocess.run(['readelf', '-W', *args], capture_output=True, text=True, check=True).stdout

def dynsyms(path):
    """(name, version, type, size, value, defined) of each .dynsym entry."""
    for line in readelf('--dyn-syms', path).splitlines():
        f = line.split()
        if len(f) < 8 or not f[0].endswith(':') or not f[0][:-1].isdigit():
            continue
        name, _, ver = f[7].partition('@')
        yield name, ver.lstrip('@'), f[3], int(f[2], 0), int(f[1], 16), f[6] != 'UND'

class Lib:
    def __init__(self, path):
        self.data = open(path, 'rb').read()
        self.syms = {}
        for name, ver, typ, size, value, defined in dynsyms(path):
            if defined:
                self.syms[name] = (typ, size, value, ver)
        by_addr = sorted((v[2], n) for n, v in self.syms.items() if v[0] == 'OBJECT')
        self.addrs = [a for a, _ in by_addr]
        self.names = [n for _, n in by_addr]
        self.sections = []
        for line in readelf('-S', path).splitlines():
            m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)', line)
            if m:
                self.sections.append((m[1], m[2], int(m[3], 16), int(m[4], 16), int(m[5], 16)))
        # relocations of the words of data objects: address -> ('sym', name) or ('rel', target)
        self.relocs = {}
        for line in readelf('-r', path).splitlines():
            f = line.split()
            if len(f) >= 4 and f[2] == 'R_X86_64_RELATIVE':
                self.relocs[int(f[0], 16)] = ('rel', int(f[3], 16))
            elif len(f) >= 5 and f[2] == 'R_X86_64_64':
                self.relocs[int(f[0], 16)] = ('sym', f[4].split('@')[0])

    def object_at(self, addr):
        i = bisect.bisect_left(self.addrs, addr)
        return self.names[i] if i < len(self.addrs) and self.addrs[i] == addr else None

    def word(self, addr):
        """A pointer-sized word: ('sym', name), ('rel', target) or ('int', value)."""
        if addr in self.relocs:
            return self.relocs[addr]
        for _, typ, vaddr, off, size in self.sections:
            if vaddr and vaddr <= addr < vaddr + size and typ != 'NOBITS':
                return ('int', struct.unpack_from('<q', self.data, off + addr - vaddr)[0])
        return ('int', 0)

    def pointee(self, addr):
        """The exported object a pointer word at addr points to (or None)."""
        w = self.word(addr)
        if w[0] == 'sym':
            return w[1]
        if w[0] == 'rel':
            return self.object_at(w[1])
        return None

    def typeinfo_shape(self, ti):
        """'class' or 'si BASE' for typeinfo object ti."""
        _, size, addr, _ = self.syms[ti]
        vptr = self.pointee(addr)
        if vptr == '_ZTVN10__cxxabiv117__class_type_infoE' and size == 16:
            return 'class'
        if vptr == '_ZTVN10__cxxabiv120__si_class_type_infoE' and size == 24:
            base = self.pointee(addr + 16)
            if base and base.startswith('_ZTI'):
                return 'si ' + base
        if vptr == '_ZTVN10__cxxabiv121__vmi_class_type_infoE':
            w = self.word(addr + 16)
            flags, count = w[1] & 0xffffffff, (w[1] >> 32) & 0xffffffff
            bases = [(self.pointee(addr + 24 + 16 * i), self.word(addr + 32 + 16 * i)) for i in range(count)]
            if w[0] == 'int' and size == 24 + 16 * count and all(
                    b and b.startswith('_ZTI') and o[0] == 'int' for b, o in bases):
                return ' '.join(['vmi', str(flags)] + [f'{b}:{o[1]}' for b, o in bases])
        sys.exit(f'{ti}: typeinfo of an unknown shape (vptr {vptr}, {size} bytes)')

    def vtable_shape(self, vt):
        _, size, addr, _ = self.syms[vt]
        ti = '_ZTI' + vt[4:]
        if size % 8 or size < 24 or self.word(addr) != ('int', 0) or self.pointee(addr + 8) != ti:
            sys.exit(f'{vt}: not a primary vtable of offset 0 and its own typeinfo')
        for k in range(16, size, 8):
            w = self.word(addr + k)
            # a function of the library, of libstdc++ (__cxa_pure_virtual) or of another library
            target = self.object_at(w[1]) if w[0] == 'rel' else w[1] if w[0] == 'sym' else None
            if w[0] == 'int' or (target is not None and self.syms.get(target, ('FUNC',))[0] == 'OBJECT'):
                sys.exit(f'{vt}: slot {k // 8} is not a function pointer ({w})')
        return self.typeinfo_shape(ti)

libs = {s: Lib(f'{tmp}/{s}/usr/lib/x86_64-linux-gnu/libMIOpen.so.1.0') for s in SUITES}
c_names = set()
for line in open(c_list):
    if line.strip() and not line.startswith('#'):
        c_names.add(line.split('\t')[0].strip())

wanted = {}   # name -> suites importing it
for s in SUITES:
    for b in ('MIOpenDriver', 'miopen_gtest'):
        for name, ver, typ, size, value, defined in dynsyms(f'{dest}/{s}/root/usr/libexec/rocm/libmiopen1-tests/{b}'):
            if defined or name not in libs[s].syms:
                continue
            wanted.setdefault(name, set()).add(s)
missing_c = sorted(n for n in wanted if not n.startswith('_Z') and n not in c_names)
if missing_c:
    sys.exit('C functions not in libmiopen/abi/miopen.symbols (add them there first): ' + ' '.join(missing_c))

lines = []
counts = {}
unversioned = 0
for name in sorted(n for n in wanted if n.startswith('_Z') and n not in c_names):
    facts = {s: libs[s].syms[name] for s in sorted(wanted[name]) if name in libs[s].syms}
    typ, size, addr, ver = next(iter(facts.values()))
    if any(f[0] != typ or (typ == 'OBJECT' and f[1] != size) for f in facts.values()):
        sys.exit(f'{name}: differs between the two libraries: {facts}')
    unversioned += ver != 'MIOPEN_HIP_1'
    lib = libs[next(iter(facts))]
    if typ == 'FUNC':
        # a function of the global namespace named miopen*: MIOpen's C++-linkage helpers
        # (tensor_extra.hpp: miopenGet4dTensorDescriptorLengths ...), which return miopenStatus_t
        status = re.match(r'_Z\d+miopen', name) is not None
        tags = ['FUNC'] + (['status'] if status else [])
        kind = 'status function' if status else 'function'
    elif typ == 'OBJECT':
        if name.startswith('_ZTV'):
            extra, kind, align = ['vtable', *lib.vtable_shape(name).split()], 'vtable', 8
        elif name.startswith('_ZTI'):
            extra, kind, align = ['typeinfo', *lib.typeinfo_shape(name).split()], 'typeinfo', 8
        else:
            # the address's alignment, no more than the size's (a bool at a 16-aligned address is 1)
            natural = 1 << (min(size, 16).bit_length() - 1)
            extra, kind, align = [], 'data', min(addr & -addr, natural)
        tags = ['OBJECT', str(size), str(align), *extra]
    else:
        sys.exit(f'{name}: symbol type {typ}')
    counts[kind] = counts.get(kind, 0) + 1
    lines.append('\t'.join([name, 'MIOPEN_HIP_1', *tags]))

with open(out, 'w') as f:
    f.write(f"""# @generated by tools/miopen-internal-symbols.sh; do not edit.
# libMIOpen.so.1 symbols that Debian's libmiopen1-tests (MIOpenDriver, miopen_gtest) import, sid
# {ver_sid} and experimental {ver_exp}, other than the C API of miopen.symbols:
# {len(lines)} in all: {', '.join(f'{v} {k}' for k, v in sorted(counts.items()))}.
# Types, sizes and the vtable/typeinfo shapes are read from the .dynsym and relocations of the
# real libMIOpen.so.1.0 of Debian's libmiopen1 {ver_sid} (sid) and {ver_exp} (experimental).
# Alignment of plain data: its address's, at most its size's. {unversioned} of these are
# unversioned in the real library (its version script matches miopen::* and miopen*, not
# "vtable for miopen::..." or the mangled miopen* helpers); here every one is in MIOPEN_HIP_1, which
# the binaries' unversioned references bind to as well.
# Format: see tools/miopen-internal-symbols.sh.
""")
    f.write('\n'.join(lines) + '\n')
print(f'{out}: {len(lines)} symbols ({counts}); {unversioned} unversioned in the real library')
PYEOF
