#!/usr/bin/env bash
# fetch-rocm-peers-later.sh [DEST] [--suite sid|experimental[,...]] [--with-large] [--large-mib N] [--mirror URL]
#
# The ROCm 6.4 (Debian sid) and ROCm 7.2 (Debian experimental) counterpart of
# fetch-rocm-peers.sh (which fetches trixie's ROCm 5.7-era suites into DEST/root):
# downloads, through a private apt configuration, the real test and benchmark
# packages of those suites, the real wrapper libraries between them and the
# libraries this project replaces, and each suite's own runtime closure (glibc,
# libstdc++, BLAS, FFTW, boost, python3 ...); extracts them with `dpkg-deb -x`,
# one tree per suite, and rewrites the ELF interpreter and RPATH/RUNPATH of
# every binary there (patchelf from that suite, run through that suite's loader)
# so that they run on this (older) host against *our* libraries.
#
#   DEST/sid/root           sid packages (ROCm 6.4; librocblas.so.4, libamdhip64.so.6 ...)
#   DEST/experimental/root  experimental packages (ROCm 7.2; librocblas.so.5, libamdhip64.so.7 ...),
#                           resolved against experimental + sid: packages of the Debian ROCm
#                           team come from experimental when it has them, everything else
#                           (glibc, libstdc++, python3 ...) from sid unless a versioned
#                           dependency needs experimental's
#   DEST/<suite>/bin/run-peer-test   runner (DEST/bin/run-peer-test --suite <suite> calls it)
#   DEST/<suite>/bin/env.sh          ROCM_PEERS_<SUITE>_ROOT / _LOADER / _RPATH
#   DEST/<suite>/tests.tsv           every runnable name: NAME  PATH-IN-ROOT  KIND(elf|python)  PACKAGE
#                                    DATA-DIR (descriptor 9 for its test data, see datadirs.tsv)
#   DEST/<suite>/packages.tsv        PACKAGE VERSION FROM-SUITE ROLE DEB-SIZE INSTALLED-KIB NEEDED-BY
#                                    (ROLE: test = test/bench/tool package asked for, rocm = a ROCm
#                                    library between those and ours, runtime = everything else)
#   DEST/<suite>/files/PACKAGE.list  what each package put into the tree (tools/check-peer-imports.sh
#                                    reads these)
#   DEST/<suite>/MANIFEST.txt, SIZES.txt
#   DEST/later/apt          the private apt configuration (sid + experimental lists)
#   DEST/later/debs         the .debs of both suites (a package both trees take is fetched once)
#
# Besides interpreter and RPATH, two changes to Debian's files: python3.14 (not PIE; patchelf
# breaks it) stays as it is and the runner starts python tools through the tree's loader; and
# the three test binaries that read their data from a fixed /usr directory (sid rocblas-test,
# experimental rocblas-test and hipblas-test) get that string's head rewritten, same length,
# to /dev/fd/9//... (DEST/<suite>/datadirs.tsv; the runner opens descriptor 9 on the tree's
# /usr/share or /usr/libexec).
#
# Sizes (2026-11): sid 64 packages, 284 MiB of .debs, 2.1 GiB unpacked; experimental 76, 463 MiB,
# 3.6 GiB (726 MiB of .debs in all, shared ones once); a fresh fetch took 3.5 min here.
# With --with-large: 800 MiB + 1077 MiB of .debs, 4.0 + 4.4 GiB unpacked.
#
# NOT fetched, ever (ours replace them), and left out of every dependency closure:
#   libamdhip64-* (libamdhip64.so.5/6/7), librocblas0/4/5, librocfft0, libmiopen1 (libMIOpen.so.1),
#   librccl1, libhsa-runtime64-1, librocm-smi64-1/-7 (librocm_smi64.so.1/.7).
#   The script stops if any extracted file is one of those libraries.
# Not fetched either: -dev and -doc packages a test package names (libhipfft0-tests in
#   experimental depends on libhipfft-dev, which would pull libamdhip64-dev and a clang);
#   tests need no headers at run time.
# Opt-in (--with-large): packages whose .deb exceeds --large-mib (default 500) MiB: today
#   librocsolver0 (sid 505 MiB / 1.8 GiB unpacked, experimental 600 MiB), which the hipBLAS
#   library and rocSOLVER's own tests need; --with-large also adds librocsolver0-tests and
#   librocsolver0-bench. Without it hipblas-test/hipblas-bench are fetched but cannot load
#   (librocsolver.so.0 missing); the closure report says so.
#
# Test/bench/tool packages asked for (names checked per suite; missing ones are reported):
#   sid:          librocblas4-tests librocblas4-bench librocrand1-tests libhiprand1-tests
#                 libhipblaslt1-tests libhipblaslt1-bench librocfft0-tests libhipfft0-tests
#                 libmiopen1-tests (miopen_gtest, MIOpenDriver) librccl1-tests rocminfo rocm-smi
#                 (sid has no hipBLAS test package; its librccl1-tests is still 5.4.3, linked
#                 against libamdhip64.so.5)
#   experimental: librocblas5-tests librocblas5-bench libhipblas3-tests libhipblas3-bench and
#                 the same rocRAND/hipRAND/hipBLASLt/rocFFT/hipFFT/MIOpen/RCCL test packages,
#                 rocminfo (from sid) rocm-smi
#   env ROCM_PEERS_LATER_EXTRA="pkg ..." adds packages to every suite asked for.
#
# Options (before or after DEST; DEST defaults to ~/.cache/rocm-peers, the trixie tree's DEST):
#   --suite LIST     comma-separated, default "sid,experimental"; may be repeated
#   --with-large     also fetch packages over the size limit (see above)
#   --large-mib N    the size limit, MiB per .deb (default 500)
#   --dry-run        resolve and list the packages (version, suite, role, size), fetch nothing
#   --mirror URL     Debian mirror (default: the Debian archive URI this machine's apt sources
#                    use, as fetch-rocm-peers.sh; env ROCM_PEERS_MIRROR overrides)
# sid's and experimental's Release files can be past their Valid-Until on a mirror: the
# private configuration sets Acquire::Check-Valid-Until=false (signatures are still checked).
#
# Running (DEST/<suite>/bin/run-peer-test --help):
#   ROCM_PEERS_LIBS=/path/to/our/libs DEST/bin/run-peer-test --suite sid rocblas-test --gtest_filter='*axpy*'
#   DEST/bin/run-peer-test --suite experimental --list
#   rocm-smi and other python tools run under the suite's own python3 (ROCM_SMI_LIB_PATH is set
#   to our librocm_smi64 in ROCM_PEERS_LIBS unless given).
#
# Never touches the system's apt sources or DEST/root (it writes DEST/bin/run-peer-test only where
# there is none: a stand-in for --suite that fetch-rocm-peers.sh replaces); idempotent; safe to re-run.
set -euo pipefail
T0=$(date +%s)

DEST=""
SUITES=""
WITH_LARGE=0
DRY_RUN=0
LARGE_MIB=500
host_mirror() {
  grep -hoE '(https?|file)://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v -- '-security' | head -1 | tr -d ' ' | sed 's#/$##' || true
}
MIRROR="${ROCM_PEERS_MIRROR:-$(host_mirror)}"
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) SUITES="$SUITES ${2//,/ }"; shift ;;
    --suite=*) v="${1#--suite=}"; SUITES="$SUITES ${v//,/ }" ;;
    --with-large) WITH_LARGE=1 ;;
    --dry-run) DRY_RUN=1 ;;
    --large-mib) LARGE_MIB="$2"; shift ;;
    --mirror) MIRROR="$2"; shift ;;
    -h|--help) awk 'NR==1{next} !/^#/{exit} {sub(/^# ?/,""); print}' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) DEST="$1" ;;
  esac
  shift
done
SUITES="$(echo ${SUITES:-sid experimental})"
for s in $SUITES; do case "$s" in sid|experimental) ;; *) echo "unknown suite $s (sid, experimental)" >&2; exit 2 ;; esac; done
DEST="${DEST:-$HOME/.cache/rocm-peers}"
mkdir -p "$DEST"
DEST="$(cd "$DEST" && pwd)"

# ---------------------------------------------------------------- packages --
TESTS_sid="librocblas4-tests librocblas4-bench librocrand1-tests libhiprand1-tests
 libhipblaslt1-tests libhipblaslt1-bench librocfft0-tests libhipfft0-tests libmiopen1-tests librccl1-tests"
TESTS_experimental="librocblas5-tests librocblas5-bench libhipblas3-tests libhipblas3-bench
 librocrand1-tests libhiprand1-tests libhipblaslt1-tests libhipblaslt1-bench librocfft0-tests
 libhipfft0-tests libmiopen1-tests librccl1-tests"
TOOLS="rocminfo rocm-smi"
LARGE_TESTS="librocsolver0-tests librocsolver0-bench"
HELPERS="patchelf"                      # used here, from the suite itself
# the packages of the libraries we replace, as a pattern over package names ...
REPLACED_PKG_RE='^(libamdhip64-[0-9]+|librocblas[0-9]+|librocfft[0-9]+|libmiopen[0-9]+|librccl[0-9]+|libhsa-runtime64-[0-9]+|librocm-smi64-[0-9]+)$'
# ... over file names (any version), and over sonames
REPLACED_FILE_RE='/(libamdhip64|librocblas|librocfft|libMIOpen|librccl|libhsa-runtime64|librocm_smi64)\.so([.]|$)'
REPLACED_SONAME_RE='^(libamdhip64|librocblas|librocfft|libMIOpen|librccl|libhsa-runtime64|librocm_smi64)\.so\.[0-9]+$'

say() { printf '[rocm-peers-later] %s\n' "$*"; }
die() { printf '[rocm-peers-later] ERROR: %s\n' "$*" >&2; exit 1; }
is_in() { case " $(echo $2) " in *" $1 "*) return 0;; esac; return 1; }
mib() { awk -v b="$1" 'BEGIN{printf "%.1f", b/1048576}'; }

for t in apt-get apt-cache dpkg-deb dpkg sha256sum readelf; do command -v "$t" >/dev/null || die "$t not found (Debian/Ubuntu host with binutils required)"; done
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$KEYRING" ] || die "$KEYRING missing (apt-get install debian-archive-keyring)"
[ -n "$MIRROR" ] || die "no Debian mirror found in this machine's apt sources: pass --mirror URL"

# ------------------------------------------------------- private apt config --
# One configuration for both trees: sid + experimental lists; each tree picks its versions.
L="$DEST/later"
APT="$L/apt"
mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial" "$APT/apt.conf.d" "$L/debs" "$APT/print-uris"
{ echo "deb [signed-by=$KEYRING] $MIRROR sid main"; echo "deb [signed-by=$KEYRING] $MIRROR experimental main"; } > "$APT/sources.list"
[ -e "$APT/status" ] || : > "$APT/status"          # empty dpkg status: ignore what the host has installed
{ echo "Dir::Etc::Parts \"$APT/apt.conf.d\";"      # skip the host's apt.conf.d hooks, keep its proxy
  env -u APT_CONFIG apt-config dump 2>/dev/null | grep -iE '^Acquire::(https?|ftp)::Proxy' || true
} > "$APT/apt.conf"
export APT_CONFIG="$APT/apt.conf"
APTOPT=(
  -o "Dir::Etc::SourceList=$APT/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
  -o "Dir::Etc::Preferences=/dev/null" -o "Dir::Etc::PreferencesParts=/dev/null"
  -o "Dir::State::Lists=$APT/lists" -o "Dir::State::status=$APT/status"
  -o "Dir::Cache=$APT/cache" -o "Dir::Cache::pkgcache=$APT/cache/pkgcache.bin"
  -o "Dir::Cache::srcpkgcache=$APT/cache/srcpkgcache.bin"
  -o "APT::Architecture=amd64" -o "APT::Get::List-Cleanup=0" -o "Debug::NoLocking=1"
  -o "Acquire::Check-Valid-Until=false" -o "Acquire::Languages=none" -o "Acquire::GzipIndexes=true"
)
[ "$(id -u)" = 0 ] && APTOPT+=(-o "APT::Sandbox::User=root")
# The same options for other tools over this config (tools/miopen-internal-symbols.sh).
printf '%s\n' "${APTOPT[@]}" > "$APT/apt-options"
say "apt-get update (sid + experimental, private config in $APT)"
rm -f "$APT/cache/pkgcache.bin" "$APT/cache/srcpkgcache.bin"
apt-get "${APTOPT[@]}" -qq update || die "apt-get update failed"
acache() { apt-cache "${APTOPT[@]}" "$@"; }

# ---------------------------------------------------------------- resolver --
# Our own walk over Depends/Pre-Depends (apt's resolver cannot be told to leave out the
# libraries we replace, nor -dev packages): per dependency the first alternative that
# is ours (stop), already chosen, or has a version in the tree's suites that satisfies it.
declare -A MAD=() MAINT=()
madison() {   # NAME -> lines "VERSION SUITE" (all suites in the lists)
  [ -n "${MAD[$1]+x}" ] || MAD[$1]="$(acache madison "$1" 2>/dev/null | awk -F'|' -v p="$1" '
    { n=$1; gsub(/ /,"",n); if (n != p) next; v=$2; gsub(/ /,"",v); split($3, a, " "); split(a[2], b, "/"); print v, b[1] }')"
  printf '%s\n' "${MAD[$1]}"
}
rocm_team() { # NAME VERSION: maintained by the Debian ROCm team?
  local k="$1=$2"
  [ -n "${MAINT[$k]+x}" ] || MAINT[$k]="$(acache show "$k" 2>/dev/null | awk '/^Maintainer:/{print; exit}')"
  case "${MAINT[$k]}" in *ROCm*|*debian-ai@*) return 0;; esac; return 1
}
prime() {     # NAME: fill the caches in this shell (pick runs in $(...), where they would be lost)
  local ev; ev="$(madison "$1" | awk '$2=="experimental"{print $1; exit}')"
  [ -z "$ev" ] || rocm_team "$1" "$ev" || true
}
satisfies() { [ -z "$2" ] || dpkg --compare-versions "$1" "$2" "$3"; }
pick() {      # NAME [OP VER] -> "VERSION SUITE" or nothing
  local name="$1" op="${2:-}" want="${3:-}" lines first second v s
  lines="$(madison "$name")"; [ -n "$lines" ] || return 0
  first=""; second=""
  if [ "$TREE" = experimental ]; then
    local ev; ev="$(awk '$2=="experimental"{print $1; exit}' <<< "$lines")"
    if [ -n "$ev" ] && rocm_team "$name" "$ev"; then first=experimental; second=sid; else first=sid; second=experimental; fi
  else
    first=sid
  fi
  for s in $first $second; do
    while read -r v ss; do
      [ "$ss" = "$s" ] || continue
      if satisfies "$v" "$op" "$want"; then echo "$v $s"; return 0; fi
    done <<< "$lines"
  done
}
info() {      # NAME VERSION -> the fields we need, one "Field: value" per line
  acache show "$1=$2" 2>/dev/null | awk '/^$/{exit} /^(Depends|Pre-Depends|Size|Installed-Size|Maintainer):/{print}'
}
declare -A SEL=() ROLE=() SIZE=() ISIZE=() NEEDBY=()
QUEUE=()
NOTES=()
OURS=""       # "package<-needed-by" of the replaced libraries the closure leads to
select_pkg() {  # NAME VERSION SUITE ROLE NEEDED-BY
  local i sz
  i="$(info "$1" "$2")"
  sz="$(awk '/^Size:/{print $2}' <<< "$i")"
  if [ "$WITH_LARGE" != 1 ] && [ "${sz:-0}" -gt $((LARGE_MIB * 1048576)) ]; then
    NOTES+=("large, left out (--with-large fetches it): $1 $2 ($(mib "$sz") MiB .deb), needed by $5")
    return 1
  fi
  SEL[$1]="$2 $3"; SIZE[$1]="${sz:-0}"; ISIZE[$1]="$(awk '/^Installed-Size:/{print $2}' <<< "$i")"
  NEEDBY[$1]="$5"
  if [ "$4" = test ]; then ROLE[$1]=test
  elif rocm_team "$1" "$2"; then ROLE[$1]=rocm
  else ROLE[$1]=runtime; fi
  QUEUE+=("$1")
}
DEP_RE='^([^ :(]+)(:[a-z0-9]+)?[[:space:]]*(\(([<>=]+)[[:space:]]*([^)]+)\))?$'   # name[:arch] [(op ver)]
VER_RE='\(([<>=]+)[[:space:]]*([^)]+)\)'
dep_clause() {  # CLAUSE PARENT
  local clause="$1" parent="$2" alt name op want got tried=""
  local IFS_save="$IFS"
  IFS='|'; set -f; local alts=($clause); set +f; IFS="$IFS_save"
  for alt in "${alts[@]}"; do
    alt="$(echo $alt)"
    [[ $alt =~ $DEP_RE ]] || { NOTES+=("cannot parse dependency '$alt' of $parent"); continue; }
    name="${BASH_REMATCH[1]}"; op="${BASH_REMATCH[4]}"; want="${BASH_REMATCH[5]}"
    case "$op" in '<') op='<=' ;; '>') op='>=' ;; esac
    if [[ $name =~ $REPLACED_PKG_RE ]]; then OURS="$OURS $name<-$parent"; return 0; fi
    case "$name" in *-dev|*-doc) NOTES+=("not fetched (headers/docs): $name, named by $parent"); return 0 ;; esac
    if [ -n "${SEL[$name]+x}" ]; then
      satisfies "${SEL[$name]%% *}" "$op" "$want" && return 0
      NOTES+=("CONFLICT: $parent wants $name ($op $want), chosen ${SEL[$name]}"); return 0
    fi
    tried="$tried $name"
  done
  for name in $tried; do           # nothing chosen yet: first alternative with a fitting version
    for alt in "${alts[@]}"; do alt="$(echo $alt)"; [ "${alt%%[ :(]*}" = "$name" ] && break; done
    [[ $alt =~ $VER_RE ]] && { op="${BASH_REMATCH[1]}"; want="${BASH_REMATCH[2]}"; } || { op=""; want=""; }
    case "$op" in '<') op='<=' ;; '>') op='>=' ;; esac
    prime "$name"; got="$(pick "$name" "$op" "$want")"
    if [ -n "$got" ]; then select_pkg "$name" ${got% *} ${got#* } dep "$parent" && return 0; return 0; fi
  done
  for name in $tried; do           # a virtual package: its first provider (one already chosen wins)
    local provs p
    provs="$(acache showpkg "$name" 2>/dev/null | awk '/^Reverse Provides:/{f=1; next} f && NF{print $1}' | awk '!s[$0]++')"
    [ -n "$provs" ] || continue
    for p in $provs; do [ -n "${SEL[$p]+x}" ] && return 0; done
    for p in $provs; do
      [[ $p =~ $REPLACED_PKG_RE ]] && { OURS="$OURS $p<-$parent"; return 0; }
      got="$(pick "$p")"; [ -n "$got" ] && { select_pkg "$p" ${got% *} ${got#* } dep "$parent"; return 0; }
    done
  done
  NOTES+=("UNSATISFIED in $TREE: $parent needs '$clause'")
}
resolve() {     # TREE -> SEL/ROLE/... for the tree's packages
  SEL=(); ROLE=(); SIZE=(); ISIZE=(); NEEDBY=(); QUEUE=(); NOTES=(); OURS=""
  local want_var="TESTS_$TREE" p got
  local top="${!want_var} $TOOLS ${ROCM_PEERS_LATER_EXTRA:-}"
  [ "$WITH_LARGE" = 1 ] && top="$top $LARGE_TESTS"
  for p in $top $HELPERS; do
    [[ $p =~ $REPLACED_PKG_RE ]] && die "$p is one of the packages we replace"
    prime "$p"; got="$(pick "$p")"
    if [ -z "$got" ]; then NOTES+=("not in $TREE: $p"); continue; fi
    if is_in "$p" "$HELPERS"; then select_pkg "$p" ${got% *} ${got#* } dep "(this script)" || true
    else select_pkg "$p" ${got% *} ${got#* } test "(asked for)" || true; fi
  done
  local i=0 name ver deps
  while [ $i -lt ${#QUEUE[@]} ]; do
    name="${QUEUE[$i]}"; i=$((i + 1)); ver="${SEL[$name]%% *}"
    deps="$(info "$name" "$ver" | awk '/^(Pre-Depends|Depends):/{sub(/^[^:]*: */,""); print}' | paste -sd, -)"
    [ -n "$deps" ] || continue
    local IFS_save="$IFS" clause
    IFS=','; set -f; local clauses=($deps); set +f; IFS="$IFS_save"
    for clause in "${clauses[@]}"; do
      clause="$(echo $clause)"; [ -n "$clause" ] && dep_clause "$clause" "$name"
    done
  done
}

# ---------------------------------------------------------- per-tree steps --
PU="$APT/print-uris"
declare -A SUITE_DEB_BYTES=() SUITE_UNPACKED=() SUITE_NPKG=()
fetch_tree() {
  local S="$DEST/$TREE" t1; t1=$(date +%s)
  mkdir -p "$S/bin" "$S/files"
  say "== $TREE: resolving the closure"
  resolve
  local names; names="$(printf '%s\n' "${!SEL[@]}" | sort)"
  local n; n=$(grep -c . <<< "$names")
  local total=0 p
  for p in $names; do total=$((total + SIZE[$p])); done
  {
    for p in $names; do
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "${SEL[$p]% *}" "${SEL[$p]#* }" "${ROLE[$p]}" "${SIZE[$p]}" "${ISIZE[$p]:-0}" "${NEEDBY[$p]}"
    done
  } > "$S/packages.tsv"
  say "$TREE: $n packages, $(mib $total) MiB of .debs ($(awk -F'\t' '$4=="test"' "$S/packages.tsv" | wc -l) test/bench/tool, $(awk -F'\t' '$4=="rocm"' "$S/packages.tsv" | wc -l) ROCm libraries, $(awk -F'\t' '$4=="runtime"' "$S/packages.tsv" | wc -l) runtime)"
  say "$TREE: replaced libraries the closure leads to (ours, not fetched): $(printf '%s\n' $OURS | sed 's/<-.*//' | sort -u | paste -sd' ' -)"
  local note
  for note in "${NOTES[@]}"; do say "  note: $note"; done | sort -u
  printf '%s\n' "${NOTES[@]}" | sort -u > "$S/notes.txt"
  printf '%s\n' $OURS | sort -u > "$S/ours.txt"
  if [ "$DRY_RUN" = 1 ]; then
    sort -t$'\t' -k5,5nr "$S/packages.tsv" | awk -F'\t' '{printf "  %-40s %-26s %-12s %-7s %8.1f MiB  <- %s\n", $1, $2, $3, $4, $5/1048576, $7}'
    return 0
  fi

  # ---- download (the .debs of both trees share DEST/later/debs)
  local uris
  # shellcheck disable=SC2046
  uris="$(cd "$PU" && apt-get "${APTOPT[@]}" --print-uris -qq download $(for p in $names; do echo "$p=${SEL[$p]% *}"; done))" \
    || die "cannot resolve the download URIs"
  printf '%s\n' "$uris" | awk '{print $2}' > "$S/.wanted"
  [ "$(grep -c . "$S/.wanted")" = "$n" ] || die "apt gave $(grep -c . "$S/.wanted") URIs for $n packages"
  local missing="" msize=0 uri file size hash
  while read -r uri file size hash; do
    if [ -f "$L/debs/$file" ] && [ "$(stat -c %s "$L/debs/$file")" = "$size" ]; then continue; fi
    missing="$missing $file"; msize=$((msize + size))
  done <<< "$uris"
  say "$TREE: downloading $(wc -w <<< "$missing") of $n .debs ($(mib $msize) MiB; the rest are here already)"
  local i=0 big=""
  # small ones in one apt-get call (apt prints a Get: line per file), big ones one at a time
  local small=""
  while read -r uri file size hash; do
    is_in "$file" "$missing" || continue
    if [ "$size" -gt $((20 * 1048576)) ]; then big="$big $size:$file"; else small="$small ${file%%_*}=$(dpkg_ver_of_file "$file")"; fi
  done <<< "$uris"
  if [ -n "$small" ]; then
    # shellcheck disable=SC2086
    ( cd "$L/debs" && apt-get "${APTOPT[@]}" -q download $small ) 2>&1 | sed -un 's/^\(Get:[0-9]*\) [^ ]* \([a-z]*\)\/main amd64 \(.*\)/[rocm-peers-later]   \1 \3 (\2)/p; /^[EW]:/p'
  fi
  for b in $(printf '%s\n' $big | sort -n); do
    file="${b#*:}"; size="${b%%:*}"; i=$((i + 1))
    say "  fetching $file ($(mib $size) MiB) [big $i/$(wc -w <<< "$big")]"
    ( cd "$L/debs" && apt-get "${APTOPT[@]}" -q download "${file%%_*}=$(dpkg_ver_of_file "$file")" ) 2>&1 | grep -E '^(E:|W:)' || true
  done
  say "$TREE: checking sha256 of $n .debs"
  # DEST/later/debs/.verified: "file size mtime sha256" of files already checked
  touch "$L/debs/.verified"
  while read -r uri file size hash; do
    [ -f "$L/debs/$file" ] || die "missing after download: $file"
    local key; key="$file $(stat -c '%s %Y' "$L/debs/$file") ${hash#SHA256:}"
    grep -qxF "$key" "$L/debs/.verified" && continue
    [ "$(sha256sum "$L/debs/$file" | cut -d' ' -f1)" = "${hash#SHA256:}" ] || { rm -f "$L/debs/$file"; die "sha256 mismatch: $file (removed; run again)"; }
    echo "$key" >> "$L/debs/.verified"
  done <<< "$uris"
  SUITE_DEB_BYTES[$TREE]=$total; SUITE_NPKG[$TREE]=$n

  # ---- extract
  local R="$S/root" stamp
  stamp="layout-3 $(sort "$S/.wanted" | sha256sum | cut -d' ' -f1)"
  if [ "$(cat "$S/.extracted" 2>/dev/null)" != "$stamp" ]; then
    say "$TREE: extracting $n packages into $R"
    rm -rf "$R" "$S/files" "$S/.extracted"; mkdir -p "$R" "$S/files"
    i=0
    while read -r file; do
      i=$((i + 1)); p="${file%%_*}"
      local isz; isz="$(awk -F'\t' -v p="$p" '$1==p{print $6}' "$S/packages.tsv")"
      if [ $((i % 10)) = 0 ] || [ "${isz:-0}" -gt 20480 ]; then
        say "  [$i/$n] $p ($((${isz:-0} / 1024)) MiB unpacked)"
      fi
      dpkg-deb -X "$L/debs/$file" "$R" | sed 's#^\./#/#' > "$S/files/$p.list"
    done < <(sort "$S/.wanted")
    local bad; bad="$(grep -HE "$REPLACED_FILE_RE" "$S"/files/*.list | sed "s#^$S/files/##" || true)"
    if [ -n "$bad" ]; then
      rm -rf "$R" "$S/files"
      die "a package holds a library we replace (tree removed): $bad"
    fi
    NEED_PATCH=1
  else
    say "$TREE: already extracted (stamp matches)"
    NEED_PATCH=0
  fi

  # ---- patch interpreter + RPATH/RUNPATH
  local LIBD="$R/usr/lib/x86_64-linux-gnu" LDSO
  LDSO="$LIBD/ld-linux-x86-64.so.2"
  [ -x "$LDSO" ] || die "$TREE loader missing: $LDSO"
  # the multiarch dir and its subdirs that hold shared libraries (blas/, lapack/, openblas-*/:
  # Debian selects those through alternatives, which dpkg -x does not set up)
  local RP="$LIBD" d
  for d in $(find "$LIBD" -mindepth 2 -maxdepth 2 -name 'lib*.so.[0-9]*' -printf '%h\n' | sort -u); do
    case "$d" in */blas) RP="$RP:$d" ;; esac
  done
  for d in $(find "$LIBD" -mindepth 2 -maxdepth 2 -name 'lib*.so.[0-9]*' -printf '%h\n' | sort -u); do
    case ":$RP:" in *":$d:"*) ;; *) RP="$RP:$d" ;; esac
  done
  # a copy: the tree's own patchelf is one of the files patched (a file that is being run
  # must not be rewritten: that ends in SIGBUS)
  cp -f "$R/usr/bin/patchelf" "$S/.patchelf"
  local PATCHELF=("$LDSO" --inhibit-cache --library-path "$LIBD" "$S/.patchelf")
  "${PATCHELF[@]}" --version >/dev/null || die "$TREE patchelf does not run"
  if [ "$NEED_PATCH" = 1 ] || [ "$(cat "$S/.patched" 2>/dev/null)" != "$stamp" ]; then
    say "$TREE: patching interpreter and RPATH/RUNPATH of every ELF file in the tree"
    local f nexe=0 nlib=0 interp rp kind newrp e dyn
    while read -r f; do
      [ -f "$R$f" ] && [ ! -L "$R$f" ] || continue
      [ "$(head -c4 "$R$f" | od -An -tx1 | tr -d ' \n')" = 7f454c46 ] || continue
      interp="$(readelf -lW "$R$f" 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')"
      dyn="$(readelf -dW "$R$f" 2>/dev/null)"
      rp="$(sed -n 's/.*(\(RPATH\|RUNPATH\)) *Library r[a-z]*path: \[\(.*\)\]/\1 \2/p' <<< "$dyn" | head -1)"
      # a library that can also be run (libc.so.6 ...) keeps its interpreter: only programs change
      grep -q '(SONAME)' <<< "$dyn" && interp=""
      # non-PIE programs (python3.14) are left alone: patchelf's rewrite of their program
      # headers makes them crash; the runner starts them through the tree's loader instead
      if [ -n "$interp" ] && [ "$(readelf -hW "$R$f" | awk '/Type:/{print $2}')" = EXEC ]; then
        say "  not patched (non-PIE, run through the loader): $f"; continue
      fi
      kind="${rp%% *}"; rp="${rp#* }"
      [ -n "$interp" ] || [ -n "$kind" ] || continue
      [ "$f" = /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 ] && continue
      # keep $ORIGIN entries, move absolute ones into the tree, then the tree's library dirs
      newrp=""
      if [ -n "$kind" ]; then
        local IFS_save="$IFS"; IFS=':'
        for e in $rp; do
          case "$e" in '$ORIGIN'*|'${ORIGIN}'*) newrp="$newrp:$e" ;; /*) newrp="$newrp:$R$e" ;; esac
        done
        IFS="$IFS_save"
      fi
      newrp="${newrp#:}"; newrp="${newrp:+$newrp:}$RP"
      # patch a copy and rename it over the original: the loader and patchelf running this
      # have some of these files mapped (rewriting a mapped file in place ends in SIGBUS)
      cp -p "$R$f" "$R$f.patching"
      if [ -n "$interp" ]; then
        "${PATCHELF[@]}" --set-interpreter "$LDSO" --force-rpath --set-rpath "$newrp" "$R$f.patching"
        nexe=$((nexe + 1))
      elif [ "$kind" = RUNPATH ]; then
        "${PATCHELF[@]}" --set-rpath "$newrp" "$R$f.patching"; nlib=$((nlib + 1))
      else
        "${PATCHELF[@]}" --force-rpath --set-rpath "$newrp" "$R$f.patching"; nlib=$((nlib + 1))
      fi
      mv -f "$R$f.patching" "$R$f"
      if [ $(((nexe + nlib) % 50)) = 0 ]; then say "  patched $((nexe + nlib)) ELF files ..."; fi
    done < <(find "$R" -type f \( -perm -u+x -o -name '*.so*' \) -printf '/%P\n' | sort)
    say "$TREE: patched $nexe executables (interpreter + DT_RPATH) and $nlib libraries (their own RPATH/RUNPATH)"
    echo "$stamp" > "$S/.patched"
  fi

  # ---- test data (rocblas_gtest.data & co.)
  # The test packages' data files: in /usr/share/<package>/data, /usr/share/<project>/<ver>/test,
  # /usr/libexec/rocm/<package>/data. Some binaries look beside the executable (a link there
  # serves them), others only in the absolute directory Debian built in
  # (/usr/share/librocblas4-tests/data, /usr/libexec/rocm/libhipblas3-tests/data). In those the
  # string's head, "/usr/share/" or "/usr/libexec/", is rewritten in place to "/dev/fd/9//" or
  # "/dev/fd/9////" (same length; the tail of the string stays: compilers build such strings
  # partly from immediates), and the runner opens descriptor 9 on the tree's /usr/share or
  # /usr/libexec ($S/datadirs.tsv: binary, directory).
  local data tdir proj ddir
  local DATAFILES; DATAFILES="$(find "$R/usr/share" "$R/usr/libexec" -name '*.data' -path '*test*' 2>/dev/null | sort)"
  for data in $DATAFILES; do
    ddir="${data%/*}"
    proj="${data#"$R"/usr/*/}"; proj="${proj#rocm/}"; proj="${proj%%/*}"   # librocblas4-tests or rocblas
    for tdir in "$R/usr/libexec/rocm/$proj" "$R"/usr/libexec/rocm/lib"$proj"[0-9]*-tests; do
      if [ -d "$tdir" ] && [ "$ddir" != "$tdir" ] && [ ! -e "$tdir/${data##*/}" ]; then
        ln -sfn "$(realpath --relative-to="$tdir" "$data")" "$tdir/${data##*/}"
      fi
    done
  done
  if [ "$NEED_PATCH" = 1 ] || [ ! -f "$S/datadirs.tsv" ]; then
    : > "$S/datadirs.tsv"
    local b rel off new head n dd
    for b in $(find "$R/usr/libexec" -type f -perm -u+x -name '*test*' | sort); do
      [ "$(head -c4 "$b" | od -An -tx1 | tr -d ' \n')" = 7f454c46 ] || continue
      for dd in $(for data in $DATAFILES; do echo "${data%/*}"; done | sort -u); do
        rel="${dd#"$R"}"
        case "$rel" in /usr/share/*) head=/usr/share/ ;; /usr/libexec/*) head=/usr/libexec/ ;; *) continue ;; esac
        n=${#rel}
        new=/dev/fd/9; while [ ${#new} -lt ${#head} ]; do new="$new/"; done
        local offs=""
        for off in $(LC_ALL=C grep -obaF -- "$rel" "$b" | cut -d: -f1); do
          # only the whole C string (NUL after it)
          [ "$(dd if="$b" bs=1 skip=$((off + n)) count=1 status=none | od -An -tx1 | tr -d ' ')" = 00 ] && offs="$offs $off"
        done
        [ -n "$offs" ] || continue
        cp -p "$b" "$b.patching"
        for off in $offs; do printf '%s' "$new" | dd of="$b.patching" bs=1 seek="$off" conv=notrunc status=none; done
        mv -f "$b.patching" "$b"
        printf '%s\t%s\n' "${b#"$R"/}" "${head%/}" >> "$S/datadirs.tsv"
        say "  ${b#"$R"/}: test data from $rel -> $new${rel#"$head"} (descriptor 9 on the tree's ${head%/}, opened by the runner)"
      done
    done
  fi

  # ---- index of runnable names: executables of the test/bench/tool packages
  {
    local pkg path target k
    for pkg in $(awk -F'\t' '$4=="test"{print $1}' "$S/packages.tsv"); do
      [ -f "$S/files/$pkg.list" ] || continue
      while read -r path; do
        case "$path" in /usr/bin/*|/usr/libexec/*) ;; *) continue ;; esac
        target="$R$path"
        [ -L "$target" ] && target="$(realpath -m "$target")"
        case "$target" in "$R"/*) ;; *) continue ;; esac
        [ -f "$target" ] && [ -x "$target" ] || continue
        if [ "$(head -c4 "$target" | od -An -tx1 | tr -d ' \n')" = 7f454c46 ]; then k=elf
        elif head -1 "$target" | grep -q '^#!.*python'; then
          # python: the commands in usr/bin and the scripts beside the tests, not modules
          case "$path" in /usr/bin/*|/usr/libexec/rocm/*) k=python ;; *) continue ;; esac
        else continue; fi
        printf '%s\t%s\t%s\t%s\t%s\n' "$(basename "$path")" "${target#"$R"/}" "$k" "$pkg" \
          "$(awk -F'\t' -v b="${target#"$R"/}" '$1==b{print $2; exit}' "$S/datadirs.tsv")"
      done < "$S/files/$pkg.list"
    done
  } | sort -u > "$S/tests.tsv.tmp"
  # names must be unique: a clash is listed as PACKAGE/NAME only
  awk -F'\t' 'NR==FNR{c[$1]++; next} {if (c[$1] > 1) $1 = $4 "/" $1; print}' OFS='\t' "$S/tests.tsv.tmp" "$S/tests.tsv.tmp" > "$S/tests.tsv"
  rm -f "$S/tests.tsv.tmp"

  write_runner "$S" "$R" "$LDSO" "$RP"
  cat > "$S/bin/env.sh" <<EOF
# source me  (generated by fetch-rocm-peers-later.sh, suite $TREE)
export ROCM_PEERS_${TREE^^}_ROOT="$R"
export ROCM_PEERS_${TREE^^}_LOADER="$LDSO"
export ROCM_PEERS_${TREE^^}_RPATH="$RP"
EOF

  # ---- manifest, sizes
  {
    echo "# fetch-rocm-peers-later.sh manifest  tree=$TREE mirror=$MIRROR  generated $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "# package	version	from-suite	role	sha256"
    while read -r file; do
      p="${file%%_*}"
      printf '%s\t%s\n' "$(awk -F'\t' -v p="$p" '$1==p{print $1 "\t" $2 "\t" $3 "\t" $4}' "$S/packages.tsv")" \
        "$(awk -v f="$file" '$2==f{sub(/^SHA256:/, "", $4); print $4}' <<< "$uris")"   # checked above
    done < <(sort "$S/.wanted")
  } > "$S/MANIFEST.txt"
  local unp; unp="$(du -sb "$R" | cut -f1)"
  SUITE_UNPACKED[$TREE]=$unp
  {
    echo "tree=$TREE packages=$n debs_bytes=$total debs_mib=$(mib $total) unpacked_bytes=$unp unpacked_mib=$(mib $unp)"
    echo "# largest .debs (MiB):"
    sort -t$'\t' -k5,5nr "$S/packages.tsv" | head -8 | awk -F'\t' '{printf "#   %-32s %8.1f\n", $1, $5/1048576}'
  } > "$S/SIZES.txt"
  echo "$stamp" > "$S/.extracted"

  # ---- dependency check: sonames of each runnable ELF that the tree does not hold
  say "$TREE: sonames NOT found inside the tree (expected: only the ones we replace)"
  local name rel k pkg bad=0 unexpected
  declare -A NEEDED_CACHE=()
  find_lib() { local dd; for dd in ${RP//:/ }; do [ -e "$dd/$1" ] && { echo "$dd/$1"; return 0; }; done; return 1; }
  needed_of() { [ -n "${NEEDED_CACHE[$1]+x}" ] || NEEDED_CACHE[$1]="$(readelf -dW "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"; echo "${NEEDED_CACHE[$1]}"; }
  while IFS=$'\t' read -r name rel k pkg; do
    [ "$k" = elf ] || continue
    local seen=" " queue="$R/$rel" miss="" cur nn pth
    while [ -n "$queue" ]; do
      set -- $queue; cur="$1"; shift; queue="$*"
      for nn in $(needed_of "$cur"); do
        case "$seen" in *" $nn "*) continue;; esac
        seen="$seen$nn "
        if pth="$(find_lib "$nn")"; then queue="$queue $pth"; else miss="$miss $nn"; fi
      done
    done
    local ours=""; unexpected=""
    for nn in $miss; do if [[ $nn =~ $REPLACED_SONAME_RE ]]; then ours="$ours $nn"; else unexpected="$unexpected $nn"; fi; done
    printf '%s\t%s\t%s\n' "$pkg" "$(echo $ours)" "$(echo $unexpected)"
  done < "$S/tests.tsv" | sort | uniq -c | while read -r cnt rest; do
    IFS=$'\t' read -r pkg miss unexpected <<< "$rest"
    printf '  %-24s %3d binaries need from us: %s\n' "$pkg" "$cnt" "${miss:-none}"
    if [ -n "$unexpected" ]; then printf '  %-24s     NOT IN THE TREE, not ours: %s\n' "" "$unexpected"; fi
  done
  say "$TREE: done in $(( $(date +%s) - t1 )) s: $(mib $total) MiB of .debs, $(mib $unp) MiB unpacked in $R"
}
dpkg_ver_of_file() {  # pkg_VERSION_arch.deb -> VERSION (epoch restored from %3a)
  local v="${1#*_}"; v="${v%_*}"; echo "${v//%3a/:}"
}

# ------------------------------------------------------------------ runner --
write_runner() {  # S R LDSO RPATH
  local S="$1" R="$2" LDSO="$3" RP="$4"
  cat > "$S/bin/run-peer-test" <<EOF
#!/usr/bin/env bash
# run-peer-test [--suite $TREE] TEST [test args...]   (generated by fetch-rocm-peers-later.sh, suite $TREE)
# run-peer-test --list      every TEST name of this suite (NAME, or PACKAGE/NAME where names clash)
# TEST: a test, benchmark or tool executable of the $TREE packages, by name: rocblas-test,
#   rocblas-bench, hipblaslt-test, miopen_gtest, MIOpenDriver, rocminfo, rocm-smi, test_rocrand_basic ...
#   (DEST/$TREE/tests.tsv maps names to files). Python tools (rocm-smi, rocm_agent_enumerator ...)
#   run under the suite's own python3; rocm-smi gets ROCM_SMI_LIB_PATH=<our librocm_smi64.so.N>.
# Set ROCM_PEERS_LIBS to the directory (or ':'-list) holding OUR replacement libraries. Every
# ROCm library we replace (libamdhip64, librocblas, librocfft, libMIOpen, librccl, libhsa-runtime64,
# librocm_smi64; any version) that the chosen binary loads must resolve from ROCM_PEERS_LIBS
# (ROCM_PEERS_ALLOW_FOREIGN=1 skips that check).
set -euo pipefail
SUITE=$TREE
ROOT="$R"
INDEX="$S/tests.tsv"
LDSO="$LDSO"
RPATH="$RP"
usage() { awk 'NR==1{next} !/^#/{exit} {sub(/^# ?/,""); print}' "\$0"; }
if [ "\${1:-}" = --suite ] || [ "\${1#--suite=}" != "\${1:-}" ]; then
  if [ "\$1" = --suite ]; then s="\${2:-}"; shift 2 || shift; else s="\${1#--suite=}"; shift; fi
  [ "\$s" = "\$SUITE" ] || exec "$DEST/bin/run-peer-test" --suite "\$s" "\$@"
fi
case "\${1:-}" in
  ''|-h|--help) usage; exit 0 ;;
  --list) cut -f1 "\$INDEX"; exit 0 ;;
esac
t="\$1"; shift
row="\$(awk -F'\t' -v t="\$t" '\$1==t{print; exit}' "\$INDEX")"
[ -n "\$row" ] || row="\$(awk -F'\t' -v t="\$t" '\$4 "/" \$1==t{print; exit}' "\$INDEX")"
[ -n "\$row" ] || { echo "unknown test \$t in suite \$SUITE (run-peer-test --suite \$SUITE --list shows the names)" >&2; exit 2; }
IFS=\$'\t' read -r name rel kind pkg datadir <<< "\$row"
b="\$ROOT/\$rel"
[ -e "\$b" ] || { echo "not installed: \$b (re-run fetch-rocm-peers-later.sh --suite \$SUITE)" >&2; exit 2; }
: "\${ROCM_PEERS_LIBS:?set ROCM_PEERS_LIBS to the dir(s) with our replacement libraries (see run-peer-test --help)}"
LLP="\$ROCM_PEERS_LIBS\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
if [ "\$kind" = python ]; then
  if [ -z "\${ROCM_SMI_LIB_PATH:-}" ]; then
    IFS=: read -ra dirs <<< "\$ROCM_PEERS_LIBS"
    for d in "\${dirs[@]}"; do
      for f in "\$d"/librocm_smi64.so.[0-9]*; do [ -e "\$f" ] && [ -z "\${ROCM_SMI_LIB_PATH:-}" ] && export ROCM_SMI_LIB_PATH="\$f"; done
    done
  fi
  # python3.14 is not patched (non-PIE): started through the suite's loader
  LD_LIBRARY_PATH="\$LLP" PYTHONHOME="\$ROOT/usr" exec "\$LDSO" --library-path "\$LLP:\$RPATH" "\$(readlink -f "\$ROOT/usr/bin/python3")" "\$b" "\$@"
fi
if [ "\${ROCM_PEERS_ALLOW_FOREIGN:-0}" != 1 ]; then
  trace="\$(LD_LIBRARY_PATH="\$LLP" LD_TRACE_LOADED_OBJECTS=1 "\$b" 2>&1 || true)"
  case "\$trace" in *"=>"*) ;; *) echo "run-peer-test: cannot list the libraries of \$b:" >&2; printf '%s\n' "\$trace" >&2; exit 3 ;; esac
  while read -r so arrow path rest; do
    [[ \$so =~ $REPLACED_SONAME_RE ]] || continue
    if [ "\$path" = not ]; then
      echo "run-peer-test: \$name needs \$so, not found in ROCM_PEERS_LIBS=\$ROCM_PEERS_LIBS" >&2; exit 3
    fi
    ok=0; IFS=: read -ra dirs <<< "\$ROCM_PEERS_LIBS"
    for d in "\${dirs[@]}"; do case "\$path" in "\$(cd "\$d" 2>/dev/null && pwd)"/*|"\$d"/*) ok=1;; esac; done
    [ \$ok = 1 ] || { echo "run-peer-test: \$so resolves to '\$path', not into ROCM_PEERS_LIBS" >&2; exit 3; }
  done <<< "\$trace"
fi
# a binary that reads its test data from a fixed /usr path was rewritten to read /dev/fd/9
[ -z "\${datadir:-}" ] || exec 9< "\$ROOT\$datadir"
LD_LIBRARY_PATH="\$LLP" exec "\$b" "\$@"
EOF
  chmod +x "$S/bin/run-peer-test"
}

# -------------------------------------------------------------------- main --
for TREE in $SUITES; do fetch_tree; done
[ "$DRY_RUN" = 1 ] && exit 0

# drop .debs no tree wants any more (the trees not fetched this run keep theirs)
for f in "$L"/debs/*.deb; do
  [ -e "$f" ] || continue
  wanted=0
  for s in sid experimental; do [ -f "$DEST/$s/.wanted" ] && grep -qxF "$(basename "$f")" "$DEST/$s/.wanted" && wanted=1; done
  [ $wanted = 1 ] || { say "removing stale $(basename "$f")"; rm -f "$f"; }
done

# the top-level runner (fetch-rocm-peers.sh writes it) dispatches --suite to the trees' runners
if [ ! -e "$DEST/bin/run-peer-test" ]; then
  mkdir -p "$DEST/bin"
  cat > "$DEST/bin/run-peer-test" <<EOF
#!/usr/bin/env bash
# run-peer-test --suite SUITE TEST [args...]  (stand-in written by fetch-rocm-peers-later.sh;
# tools/fetch-rocm-peers.sh replaces it with the full runner, trixie tests included)
set -euo pipefail
[ "\${1:-}" = --suite ] && [ -n "\${2:-}" ] || { echo "only --suite SUITE ... here (trixie not fetched: tools/fetch-rocm-peers.sh $DEST)" >&2; exit 2; }
s="\$2"; shift 2
case "\$s" in ''|*/*|.*) echo "bad suite \$s" >&2; exit 2 ;; esac
[ -x "$DEST/\$s/bin/run-peer-test" ] || { echo "suite \$s not fetched (tools/fetch-rocm-peers-later.sh --suite \$s $DEST)" >&2; exit 2; }
exec "$DEST/\$s/bin/run-peer-test" "\$@"
EOF
  chmod +x "$DEST/bin/run-peer-test"
elif ! grep -q -- '--suite' "$DEST/bin/run-peer-test"; then
  say "NOTE: $DEST/bin/run-peer-test predates --suite: re-run tools/fetch-rocm-peers.sh (or call $DEST/<suite>/bin/run-peer-test)"
fi

say "summary ($(( $(date +%s) - T0 )) s):"
all=0
for TREE in $SUITES; do
  printf '  %-13s %4s packages  %8s MiB .debs  %8s MiB unpacked   %s\n' "$TREE" "${SUITE_NPKG[$TREE]}" \
    "$(mib "${SUITE_DEB_BYTES[$TREE]}")" "$(mib "${SUITE_UNPACKED[$TREE]}")" "$DEST/$TREE/root"
done
printf '  %-13s %s MiB of .debs in %s (both trees, shared)\n' "" "$(du -sm "$L/debs" | cut -f1)" "$L/debs"
cat <<EOF
  runner:   ROCM_PEERS_LIBS=/path/to/our/libs $DEST/bin/run-peer-test --suite ${SUITES%% *} rocblas-test --gtest_filter='*axpy*'
            $DEST/bin/run-peer-test --suite ${SUITES%% *} --list
  imports:  tools/check-peer-imports.sh /path/to/our/libs $SUITES
EOF
