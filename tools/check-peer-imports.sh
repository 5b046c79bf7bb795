#!/usr/bin/env bash
# check-peer-imports.sh LIBDIR [SUITE...] [--dest DEST] [--markdown FILE] [--tsv FILE] [--static-only] [-j N]
#
# Which symbols Debian's real ROCm test/benchmark binaries (the peer trees of
# tools/fetch-rocm-peers.sh and tools/fetch-rocm-peers-later.sh) import from the
# libraries this project replaces, and which of those OUR libraries in LIBDIR lack.
#
#   SUITE   sid, experimental (trees DEST/sid, DEST/experimental) and/or trixie (DEST/root);
#           default: every later suite fetched into DEST (sid experimental)
#   DEST    default $ROCM_PEERS or ~/.cache/rocm-peers
#
# The ELF files checked, per suite: every executable and shared library of the test, bench
# and tool packages asked for (DEST/<suite>/packages.tsv role "test", file lists in
# DEST/<suite>/files/), every shared library of the ROCm packages between them and us (role
# "rocm": libhipblas, libhipblaslt, librocrand, libhipfft ...), and (all suites, trixie
# included) any library in the tree that links one of the replaced sonames directly.
#
# Two checks per file:
#   dynamic  the suite's own loader in trace mode with LD_BIND_NOW=1 LD_WARN=1 (what `ldd -r`
#            does: every relocation resolved, nothing of the program run), with
#            LD_LIBRARY_PATH=LIBDIR:<the tree's library dirs>: "loads" or the loader's errors
#            (libraries not found, versions not found, undefined symbols)
#   static   readelf/nm: each undefined dynamic symbol (with its version) of the file is looked
#            up in the file's DT_NEEDED closure (the tree's libraries, then ours in LIBDIR);
#            those no library defines are attributed to a replaced soname (the verneed file of
#            a versioned symbol, else the replaced library the name points to: rocblas_*,
#            hip*, hsa_*, rsmi_*, miopen*, nccl*, rocfft_*, else the replaced soname the file
#            links directly), and so are missing DT_NEEDED sonames and versions
# Output: per suite and file, "loads" or what is missing; then per replaced soname the
# deduplicated missing symbols (mangled name@version, demangled, how many files need it).
# --markdown FILE writes the same as a report (docs/later-rocm-imports.md); --tsv FILE one
# line per (suite, file, soname, symbol, version).
#
# Needs binutils (readelf, nm, c++filt) and python3 on the host.
set -euo pipefail
exec python3 - "$@" <<'PYEOF'
import os, re, subprocess, sys, collections, concurrent.futures, time

REPLACED = re.compile(r'^(libamdhip64|librocblas|librocfft|libMIOpen|librccl|libhsa-runtime64|librocm_smi64)\.so\.[0-9]+$')
# the function-name part of a demangled symbol contains -> the library family it comes from
# (None: a library of the tree, not one of ours; checked in this order)
FAMILY_KEYWORDS = [
    ('rocsolver', None), ('hipblaslt', None), ('hipblas', None), ('rocsparse', None), ('hipsparse', None),
    ('hipfft', None), ('hiprand', None), ('rocrand', None), ('amd_comgr', None), ('hiprtc', None),
    ('rocblas', 'librocblas'), ('rocfft', 'librocfft'), ('miopen', 'libMIOpen'),
    ('nccl', 'librccl'), ('rccl', 'librccl'), ('rsmi', 'librocm_smi64'), ('amdsmi', 'librocm_smi64'),
    ('hsa', 'libhsa-runtime64'), ('hip', 'libamdhip64'),
]
# a test package's name contains -> the library family it tests (the fallback owner)
PACKAGE_FAMILY = [('rocblas', 'librocblas'), ('rocfft', 'librocfft'), ('miopen', 'libMIOpen'),
                  ('rccl', 'librccl'), ('rocminfo', 'libhsa-runtime64'), ('rocm-smi', 'librocm_smi64')]

HELP = """usage: check-peer-imports.sh LIBDIR [SUITE...] [--dest DEST] [--markdown FILE] [--tsv FILE] [--static-only] [-j N]
  SUITE: sid experimental trixie (default: the later suites fetched into DEST)"""

args = sys.argv[1:]
libdir = None; suites = []; dest = os.environ.get('ROCM_PEERS') or os.path.expanduser('~/.cache/rocm-peers')
md = None; tsv = None; static_only = False; jobs = os.cpu_count() or 2
i = 0
while i < len(args):
    a = args[i]
    if a in ('-h', '--help'): print(HELP); sys.exit(0)
    elif a == '--dest': dest = args[i + 1]; i += 1
    elif a == '--markdown': md = args[i + 1]; i += 1
    elif a == '--tsv': tsv = args[i + 1]; i += 1
    elif a == '--static-only': static_only = True
    elif a == '-j': jobs = int(args[i + 1]); i += 1
    elif a.startswith('-'): print('unknown option ' + a, file=sys.stderr); sys.exit(2)
    elif libdir is None: libdir = a
    else: suites.append(a)
    i += 1
if libdir is None: print(HELP, file=sys.stderr); sys.exit(2)
libdir = os.path.realpath(libdir)
if not os.path.isdir(libdir): sys.exit('no such directory: ' + libdir)
dest = os.path.realpath(dest)
if not suites:
    suites = [s for s in ('sid', 'experimental') if os.path.isfile(os.path.join(dest, s, 'packages.tsv'))]
    if not suites: sys.exit('no later suites in %s (tools/fetch-rocm-peers-later.sh)' % dest)

def run(cmd, env=None, timeout=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=timeout)
    return p.returncode, p.stdout.decode('utf-8', 'replace')

def is_elf(path):
    """an x86-64 ELF file (not the AMDGPU code objects, .hsaco / .co, that are ELF too)"""
    try:
        with open(path, 'rb') as f: h = f.read(20)
    except OSError: return False
    return len(h) == 20 and h[:4] == b'\x7fELF' and h[18:20] == b'\x3e\x00'  # e_machine EM_X86_64

class Elf:
    """the dynamic-linking facts of one ELF file"""
    cache = {}
    @classmethod
    def get(cls, path):
        path = os.path.realpath(path)
        if path not in cls.cache: cls.cache[path] = cls(path)
        return cls.cache[path]
    def __init__(self, path):
        self.path = path
        _, d = run(['readelf', '-dW', path])
        self.needed = re.findall(r'\(NEEDED\)\s+Shared library: \[(.*?)\]', d)
        m = re.search(r'\(SONAME\)\s+Library soname: \[(.*?)\]', d); self.soname = m.group(1) if m else None
        m = re.search(r'\(RPATH\)\s+Library rpath: \[(.*?)\]', d); self.rpath = m.group(1).split(':') if m else []
        m = re.search(r'\(RUNPATH\)\s+Library runpath: \[(.*?)\]', d); self.runpath = m.group(1).split(':') if m else []
        _, v = run(['readelf', '-VW', path])
        self.verneed = collections.defaultdict(dict)   # file -> {version: weak}
        self.verdef = set()
        sec = None; cur = None
        for line in v.splitlines():
            if line.startswith('Version needs section'): sec = 'need'; continue
            if line.startswith('Version definition section'): sec = 'def'; continue
            if line.startswith('Version symbols section'): sec = None; continue
            if sec == 'need':
                m = re.search(r'File: (\S+)', line)
                if m: cur = m.group(1); continue
                m = re.search(r'Name: (\S+)\s+Flags: (\S+)', line)
                if m and cur: self.verneed[cur][m.group(1)] = 'WEAK' in m.group(2)
            elif sec == 'def':
                m = re.search(r'Flags: (\S+)\s+Index: \d+\s+Cnt: \d+\s+Name: (\S+)', line)
                if m and 'BASE' not in m.group(1): self.verdef.add(m.group(2))
        self._undef = None; self._defs = None
    def ver_file(self):
        """version -> the file its verneed entry names"""
        out = {}
        for f, vs in self.verneed.items():
            for ver in vs: out[ver] = f
        return out
    def undef(self):
        """[(name, version or None)] of the strong undefined dynamic symbols"""
        if self._undef is None:
            _, o = run(['nm', '-D', '--undefined-only', '--with-symbol-versions', self.path])
            res = []
            for line in o.splitlines():
                parts = line.split()
                if len(parts) < 2 or parts[0] not in ('U',): continue   # w/v: weak, may stay undefined
                sym = parts[1]
                name, _, ver = sym.partition('@')
                res.append((name, ver.lstrip('@') or None))
            self._undef = res
        return self._undef
    def defs(self):
        """name -> set of versions it is defined with ('' = unversioned/base, 'V' default or hidden)"""
        if self._defs is None:
            _, o = run(['nm', '-D', '--defined-only', '--with-symbol-versions', self.path])
            d = collections.defaultdict(set)
            for line in o.splitlines():
                parts = line.split()
                if len(parts) < 3 or parts[1] == 'A': continue
                name, sep, ver = parts[2].partition('@')
                hidden = not ver.startswith('@') and sep != ''
                ver = ver.lstrip('@')
                if ver == (self.soname or ''): ver = ''
                d[name].add(('!' if hidden else '') + ver)
            self._defs = d
        return self._defs

def tree_of(suite):
    """(root, loader, library dirs, [(file, package, role)] to check)"""
    if suite == 'trixie':
        root = os.path.join(dest, 'root')
        libd = os.path.join(root, 'usr/lib/x86_64-linux-gnu')
        dirs = [libd, libd + '/blas', libd + '/lapack']
        files = []
        x = os.path.join(root, 'usr/libexec/rocm')
        for dp, _, fns in os.walk(x):
            for fn in sorted(fns):
                p = os.path.join(dp, fn)
                if os.path.isfile(p) and not os.path.islink(p) and is_elf(p):
                    files.append((p, os.path.basename(dp), 'test'))
        return root, libd + '/ld-linux-x86-64.so.2', dirs, files
    s = os.path.join(dest, suite)
    root = os.path.join(s, 'root')
    env = open(os.path.join(s, 'bin/env.sh')).read()
    m = re.search(r'_RPATH="(.*?)"', env)
    dirs = m.group(1).split(':')
    ldso = re.search(r'_LOADER="(.*?)"', env).group(1)
    files = []
    for line in open(os.path.join(s, 'packages.tsv')):
        pkg, ver, frm, role = line.rstrip('\n').split('\t')[:4]
        if role not in ('test', 'rocm'): continue
        lst = os.path.join(s, 'files', pkg + '.list')
        if not os.path.exists(lst): continue
        for p in open(lst).read().split('\n'):
            if not p or p.endswith('/') or p.startswith('/usr/share/'): continue
            fp = root + p
            if os.path.islink(fp) or not os.path.isfile(fp) or not is_elf(fp): continue
            if role == 'rocm' and '.so' not in os.path.basename(p): continue
            files.append((fp, pkg, role))
    return root, ldso, dirs, files

def resolve_soname(soname, obj, dirs):
    """where the loader finds SONAME for OBJ: its RPATH, LIBDIR (LD_LIBRARY_PATH), its RUNPATH, the tree"""
    org = os.path.dirname(obj.path)
    exp = lambda l: [e.replace('$ORIGIN', org).replace('${ORIGIN}', org) for e in l if e]
    order = (exp(obj.rpath) if not obj.runpath else []) + [libdir] + exp(obj.runpath) + dirs
    for d in order:
        p = os.path.join(d, soname)
        if os.path.exists(p): return os.path.realpath(p)
    return None

def closure(obj, dirs):
    """breadth-first DT_NEEDED closure: [(soname, Elf or None)] in load order"""
    seen = set(); out = []; queue = [obj]
    while queue:
        cur = queue.pop(0)
        for n in cur.needed:
            if n in seen: continue
            seen.add(n)
            p = resolve_soname(n, cur, dirs)
            e = Elf.get(p) if p else None
            out.append((n, e))
            if e: queue.append(e)
    return out

def family(soname): return soname.split('.so')[0]

demangled = {}
def demangle_all(names):
    names = [n for n in set(names) if n not in demangled]
    if not names: return
    p = subprocess.run(['c++filt'], input='\n'.join(names).encode(), stdout=subprocess.PIPE)
    for n, d in zip(names, p.stdout.decode('utf-8', 'replace').split('\n')): demangled[n] = d

def owner_of(name, ver, obj, cl, pkg):
    """the soname an undefined symbol of OBJ should come from (a replaced one, or a note)"""
    if ver:
        f = obj.ver_file().get(ver)
        if f: return f
    replaced_here = [n for n, _ in cl if REPLACED.match(n)]
    dn = demangled.get(name, name)
    head = dn.split('(')[0].lower()
    for kw, fam in FAMILY_KEYWORDS:
        if kw in head:
            if fam is None: return '(a library of the tree: %s)' % kw
            c = [n for n in replaced_here if family(n) == fam]
            if c: return c[0]
            break
    lost = [n for n, e in cl if e is None and not REPLACED.match(n)]
    if lost: return '(a library not found: %s)' % ', '.join(lost)
    for kw, fam in PACKAGE_FAMILY:
        if kw in pkg:
            c = [n for n in replaced_here if family(n) == fam]
            if c: return c[0]
    direct = [n for n in obj.needed if REPLACED.match(n)]
    if direct: return direct[0]
    if replaced_here: return replaced_here[0]
    return '(nobody)'

static_cache = {}
def static_check(obj, dirs, pkg=''):
    """missing: {soname: {(name, ver)}}, missing_libs [soname], missing_versions {soname: {ver}}, others"""
    if obj.path in static_cache: return static_cache[obj.path]
    cl = closure(obj, dirs)
    found = {n: e for n, e in cl if e}
    replaced_here = [n for n, _ in cl if REPLACED.match(n)]
    missing_libs = [n for n, e in cl if e is None]
    missing_versions = collections.defaultdict(set)
    # the verneed entries of this file that name a replaced soname we provide
    for f, vs in obj.verneed.items():
        if not REPLACED.match(f) or f not in found: continue
        prov = found[f]
        if not prov.verdef: continue            # unversioned library: any version goes
        for ver, weak in vs.items():
            if not weak and ver not in prov.verdef: missing_versions[f].add(ver)
    scope = [e for _, e in cl if e]
    missing = collections.defaultdict(set); others = set()
    demangle_all([n for n, _ in obj.undef()])
    for name, ver in obj.undef():
        ok = False
        for e in scope:
            vs = e.defs().get(name)
            if not vs: continue
            if ver is None:
                if any(not v.startswith('!') for v in vs): ok = True
            elif ver in vs or ('!' + ver) in vs or '' in vs:
                ok = True
            if ok: break
        if ok: continue
        owner = owner_of(name, ver, obj, cl, pkg)
        if REPLACED.match(owner): missing[owner].add((name, ver))
        else: others.add((name, ver, owner))
    # the tree's libraries in the closure that link ours: what they miss counts for this file too
    via = collections.OrderedDict()
    for n, e in cl:
        if e is None or REPLACED.match(n) or os.path.dirname(e.path) == libdir: continue
        if not any(REPLACED.match(x) for x in e.needed): continue
        m2, ml2, mv2, _, _, _ = static_check(e, dirs)
        if m2 or mv2: via[n] = (m2, mv2)
    static_cache[obj.path] = (missing, missing_libs, missing_versions, others, replaced_here, via)
    return static_cache[obj.path]

def dynamic_check(obj, ldso, dirs):
    env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'LD_LIBRARY_PATH': ':'.join([libdir] + dirs),
           'LD_BIND_NOW': '1', 'LD_WARN': '1', 'LD_TRACE_LOADED_OBJECTS': '1'}
    try:
        rc, out = run([ldso, '--inhibit-cache', obj.path], env=env, timeout=300)
    except subprocess.TimeoutExpired:
        return ['(timed out)'], []
    errs = []; libs = []
    for line in out.splitlines():
        l = line.strip()
        if '=> not found' in l: errs.append(l)
        elif "version `" in l and 'not found' in l: errs.append(l)
        elif l.startswith('undefined symbol:'): errs.append(l)
        elif 'error' in l.lower() and '=>' not in l: errs.append(l)
        elif '=>' in l: libs.append(l)
    return list(collections.OrderedDict.fromkeys(errs)), libs   # a symbol can fail in several relocations

# ---------------------------------------------------------------------------------------
t0 = time.time()
report = []           # markdown lines
tsv_rows = []
per_lib = collections.defaultdict(lambda: collections.defaultdict(set))   # suite -> soname -> {(name, ver)}
per_lib_users = collections.defaultdict(lambda: collections.defaultdict(set))  # (suite,soname) -> (name,ver) -> files
summary_rows = []
W = sys.stdout.write

def rel(path, root):
    return path[len(root):] if path.startswith(root + '/') else path

for suite in suites:
    root, ldso, dirs, files = tree_of(suite)
    # any library of the tree that links a replaced soname directly
    listed = {os.path.realpath(f) for f, _, _ in files}
    for d in dirs:
        if not os.path.isdir(d): continue
        for fn in sorted(os.listdir(d)):
            p = os.path.join(d, fn)
            if '.so' not in fn or os.path.islink(p) or not os.path.isfile(p) or os.path.realpath(p) in listed: continue
            if not is_elf(p): continue
            e = Elf.get(p)
            if any(REPLACED.match(n) for n in e.needed):
                files.append((p, '(tree library)', 'rocm')); listed.add(os.path.realpath(p))
    W('== %s: %d ELF files (%s)\n' % (suite, len(files), root))
    results = {}
    def work(item):
        path = item[0]
        obj = Elf.get(path)
        st = static_check(obj, dirs, item[1])
        dy = ([], []) if static_only else dynamic_check(obj, ldso, dirs)
        return path, st, dy
    # Elf objects are cached in a dict: fill the cache for the closure first, serially
    for f, pkg, _ in files: static_check(Elf.get(f), dirs, pkg)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for path, st, dy in ex.map(work, files):
            results[path] = (st, dy)
    report.append('## %s\n' % suite)
    report.append('Tree `%s`; our libraries `%s`.\n' % (('DEST' + rel(root, dest)) if root.startswith(dest + '/') else root, libdir))
    pk = os.path.join(dest, suite, 'packages.tsv')
    if os.path.exists(pk):
        rows = [l.rstrip('\n').split('\t') for l in open(pk)]
        report.append('Packages checked: ' + ', '.join('%s %s%s' % (r[0], r[1], '' if r[2] == suite else ' (' + r[2] + ')')
                                                   for r in rows if r[3] in ('test', 'rocm')) + '.\n')
    report.append('| package | files | loads (LD_BIND_NOW=1) | needs from us | missing from ours |')
    report.append('|---|---|---|---|---|')
    n_ok = 0; n_rows = 0
    groups = collections.OrderedDict()   # (pkg, loads-kind, needs, what) -> [(file, loads)]
    for path, pkg, role in files:
        (missing, mlibs, mvers, others, replaced_here, via), (errs, _) = results[path]
        if role == 'rocm' and not replaced_here and not errs and not others: continue   # links nothing of ours
        n_rows += 1
        direct = sorted({n for n in Elf.get(path).needed if REPLACED.match(n)})
        indirect = sorted(set(replaced_here) - set(direct))
        needs = ' '.join(x for x in (', '.join(direct), ('(through others: ' + ', '.join(indirect) + ')') if indirect else '') if x)
        parts = []
        for lib in mlibs:
            parts.append('%s not found%s' % (lib, '' if REPLACED.match(lib) else ' (not ours)'))
        for lib, vs in sorted(mvers.items()):
            parts.append('%s: version %s not found' % (lib, ', '.join(sorted(vs))))
        for lib, syms in sorted(missing.items()):
            parts.append('%s: %d symbol%s' % (lib, len(syms), '' if len(syms) == 1 else 's'))
            for s in syms:
                per_lib[suite][lib].add(s); per_lib_users[(suite, lib)][s].add(rel(path, root))
                tsv_rows.append((suite, rel(path, root), lib, s[0], s[1] or '', demangled.get(s[0], s[0])))
        if others:
            whose = sorted({o for _, _, o in others})
            parts.append('%d other undefined, not ours %s: %s' % (len(others), ' '.join(whose), ', '.join(sorted('%s%s' % (n, '@' + v if v else '') for n, v, _ in others)[:3]) + (' ...' if len(others) > 3 else '')))
        for n, (m2, mv2) in via.items():
            parts.append('through %s: %s' % (n, ', '.join(['%s %d symbol%s' % (l, len(x), '' if len(x) == 1 else 's') for l, x in sorted(m2.items())] +
                                                          ['%s version %s' % (l, ', '.join(sorted(v))) for l, v in sorted(mv2.items())])))
        first = ''
        if static_only: loads = '-'
        elif not errs: loads = 'yes'
        else:
            nu = sum(1 for e in errs if e.startswith('undefined symbol'))
            nl = sum(1 for e in errs if 'not found' in e and '=>' in e)
            nv = sum(1 for e in errs if "version `" in e)
            loads = 'NO: ' + ', '.join(x for x in (('%d libs not found' % nl) if nl else '', ('%d versions not found' % nv) if nv else '',
                                                     ('%d undefined symbols' % nu) if nu else '') if x)
            first = errs[0].replace('\t', ' ')
            first = re.sub(r'\((/[^)]*)\)', lambda m: '(' + rel(m.group(1), root) + ')', first).replace(libdir + '/', '')
        if not errs and not parts: n_ok += 1
        what = '; '.join(parts) if parts else 'nothing'
        W('  %-26s %-60s %s | %s\n' % (pkg, rel(path, root), loads + ((' (' + first + ')') if first else ''), what))
        groups.setdefault((pkg, loads, needs, what), []).append((rel(path, root), first))
    for (pkg, loads, needs, what), members in groups.items():
        if len(members) == 1: fl = '`%s`' % members[0][0]
        else:
            names = [os.path.basename(m[0]) for m in members]
            fl = '%d files in `%s/`: %s' % (len(members), os.path.dirname(members[0][0]), ', '.join(names[:4]) + (', ...' if len(names) > 4 else ''))
        ld = loads + ((' — first: `' + members[0][1].replace('`', "'") + '`') if members[0][1] else '')
        report.append('| %s | %s | %s | %s | %s |' % (pkg, fl, ld, needs or '-', what))
    report.append('')
    summary_rows.append((suite, n_rows, n_ok))

# per-library lists
W('\n== missing symbols per library of ours (deduplicated)\n')
report.append('## Missing symbols per library\n')
counts = []
for suite in suites:
    for lib in sorted(per_lib[suite]):
        syms = sorted(per_lib[suite][lib], key=lambda s: (demangled.get(s[0], s[0]), s[1] or ''))
        demangle_all([s[0] for s in syms])
        ours = os.path.join(libdir, lib)
        state = 'ours present' if os.path.exists(ours) else 'NOT IN LIBDIR'
        counts.append((suite, lib, len(syms), state))
        W('-- %s %s (%s): %d missing\n' % (suite, lib, state, len(syms)))
        report.append('### %s: %s — %d missing (%s)\n' % (suite, lib, len(syms), 'our library is in LIBDIR' if state == 'ours present' else 'no such library of ours in LIBDIR: every import counts'))
        report.append('| symbol@version | demangled | files |')
        report.append('|---|---|---|')
        for s in syms:
            users = per_lib_users[(suite, lib)][s]
            u = sorted(users)
            ushow = (str(len(u)) + ': ' + ', '.join(os.path.basename(x) for x in u[:3]) + (' ...' if len(u) > 3 else ''))
            sv = s[0] + ('@' + s[1] if s[1] else '')
            W('   %-60s %s   [%d]\n' % (sv, demangled.get(s[0], s[0]) if demangled.get(s[0], s[0]) != s[0] else '', len(u)))
            dm = demangled.get(s[0], s[0])
            report.append('| `%s` | %s | %s |' % (sv, ('`' + dm.replace('|', '\\|') + '`') if dm != s[0] else '', ushow))
        report.append('')

W('\n== summary (%.0f s)\n' % (time.time() - t0))
for suite, n, ok in summary_rows: W('  %-13s %4d ELF files, %4d load with nothing missing\n' % (suite, n, ok))
for suite, lib, n, state in counts: W('  %-13s %-24s %5d missing symbols (%s)\n' % (suite, lib, n, state))

if md:
    head = ['## Summary', '', '| suite | our library | missing symbols | |', '|---|---|---|---|']
    head += ['| %s | %s | %d | %s |' % (s, l, n, st) for s, l, n, st in counts]
    head += ['']
    head += ['| suite | ELF files checked | load with nothing missing |', '|---|---|---|']
    head += ['| %s | %d | %d |' % r for r in summary_rows]
    with open(md + '.imports', 'w') as f:
        f.write('\n'.join(head + [''] + report) + '\n')
    os.replace(md + '.imports', md)
    W('markdown: %s\n' % md)
if tsv:
    with open(tsv, 'w') as f:
        f.write('suite\tfile\tlibrary\tsymbol\tversion\tdemangled\n')
        for r in tsv_rows: f.write('\t'.join(r) + '\n')
    W('tsv: %s\n' % tsv)
PYEOF
