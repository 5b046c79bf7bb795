//! Offload bundles and AMDGPU code objects as clang emits them into `.hip_fatbin`
//! (plain `__CLANG_OFFLOAD_BUNDLE__` and compressed `CCOB`), and what a code object says
//! about its kernels: target from `e_flags`, kernel descriptors (`descriptor`), the
//! metadata note (`metadata`), kernel arguments as the kernel reads them (`kernarg`).

pub mod descriptor;
pub mod elf;
pub mod image;
pub mod kernarg;
pub mod limits;
pub mod metadata;
pub mod untrusted;

use crate::error::{HipError, Result};
use elf::{Elf, u16_at, u32_at, u64_at};

const BUNDLE_MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
const CCOB_MAGIC: &[u8] = b"CCOB";
const ELF_MAGIC: &[u8] = b"\x7fELF";
const EM_AMDGPU: u16 = 224;

/// One device code object of a bundle.
#[derive(Clone, Debug)]
pub struct CodeObject {
    /// Bundle entry id, e.g. `hipv4-amdgcn-amd-amdhsa--gfx1030`.
    pub id: String,
    /// Processor with features, e.g. `gfx1030` or `gfx90a:xnack-`.
    pub target: String,
    pub image: Vec<u8>,
    /// The defined symbols by name, built on first use: code objects of libraries hold
    /// thousands of kernels, and every registration and launch looks some up.
    pub symbol_index: std::sync::OnceLock<std::collections::HashMap<String, elf::Symbol>>,
}

impl CodeObject {
    /// The processor name without target features (`gfx90a:xnack-` → `gfx90a`).
    pub fn processor(&self) -> &str {
        self.target.split(':').next().unwrap_or("")
    }

    fn index(&self) -> &std::collections::HashMap<String, elf::Symbol> {
        self.symbol_index.get_or_init(|| {
            let Some(elf) = Elf::new(&self.image) else { return Default::default() };
            let mut map = std::collections::HashMap::new();
            for s in elf.symbols().into_iter().filter(|s| s.defined() && !s.name.is_empty()) {
                // The first definition wins, as a linear search would find it.
                map.entry(s.name.clone()).or_insert(s);
            }
            map
        })
    }

    /// The defined symbol `name`.
    pub fn symbol(&self, name: &str) -> Option<&elf::Symbol> {
        self.index().get(name)
    }

    /// Kernel names: symbols `<name>.kd` of the ELF image.
    pub fn kernel_names(&self) -> Vec<String> {
        self.index().keys().filter_map(|s| s.strip_suffix(".kd").map(str::to_string)).collect()
    }

    /// Whether `name` is a kernel of this code object (has a `<name>.kd` descriptor).
    pub fn has_kernel(&self, name: &str) -> bool {
        self.symbol(&format!("{name}.kd")).is_some()
    }

    /// All defined symbol names of the ELF image (kernels, `.kd`, device variables).
    pub fn symbols(&self) -> Vec<String> {
        self.index().keys().cloned().collect()
    }

    /// A global variable's initial bytes (its size; zeros for `.bss`), by symbol name.
    pub fn global(&self, name: &str) -> Option<Vec<u8>> {
        let elf = Elf::new(&self.image)?;
        let sym = self.symbol(name).filter(|s| s.kind == 1)?;
        elf.bytes_at(sym.value, sym.size as usize)
    }

    /// The metadata note: code object version, target, and every kernel's description.
    pub fn metadata(&self) -> Result<metadata::CodeObjectMeta> {
        let elf = Elf::new(&self.image).ok_or(HipError::INVALID_IMAGE)?;
        metadata::CodeObjectMeta::from_elf(&elf)
    }

    /// Address (in the code object's virtual address space) of kernel `name`'s first
    /// instruction: its descriptor's address plus the descriptor's entry offset.
    pub fn entry(&self, name: &str) -> Option<u64> {
        let (addr, kd) = self.descriptor(name)?;
        addr.checked_add_signed(kd.entry_offset)
    }

    /// The 64-byte kernel descriptor of kernel `name` (symbol `<name>.kd`) and its address.
    pub fn descriptor(&self, name: &str) -> Option<(u64, descriptor::KernelDescriptor)> {
        let elf = Elf::new(&self.image)?;
        let sym = self.symbol(&format!("{name}.kd"))?;
        let bytes = elf.bytes_at(sym.value, 64)?;
        Some((sym.value, descriptor::KernelDescriptor::parse(&bytes)?))
    }
}

/// The most bytes one image (bundle, compressed bundle or code object) may span, and the
/// most a compressed bundle may inflate to: lengths read from an image beyond this are
/// damage, not data.
pub const MAX_IMAGE_LEN: usize = 1 << 32;
/// A `CCOB` payload inflates to at most this many times its compressed size (deflate's
/// limit is about 1032; zstd can go further only for input no compiler emits).
const MAX_INFLATE_RATIO: usize = 1024;
/// Entries of one offload bundle (clang writes one per target plus the host's).
const MAX_BUNDLE_ENTRIES: u64 = 4096;

/// Length in bytes of the bundle/CCOB/ELF image starting at `p`, read from its headers.
/// `None` where the headers are damaged or name bytes the process cannot read: only
/// memory mapped readable is looked at (`/proc/self/maps`), so a damaged length gives an
/// error instead of a fault.
///
/// # Safety
/// `p` must be non-null, and no other thread may unmap memory around it meanwhile.
pub unsafe fn image_len(p: *const u8) -> Option<usize> {
    let readable = readable_from(p as usize).unwrap_or(MAX_IMAGE_LEN).min(MAX_IMAGE_LEN);
    if readable == 0 {
        return None;
    }
    // SAFETY: the process maps these bytes readable (or, without /proc, the caller
    // vouches for the image as before).
    let bytes = unsafe { std::slice::from_raw_parts(p, readable) };
    image_extent(bytes)
}

/// The bytes of the bundle/CCOB/ELF image at `p` (`hipModuleLoadData`,
/// `__hipRegisterFatBinary`), copied as far as its headers say it extends. The copy goes
/// through the kernel ([`untrusted::copy_readable`]): a damaged length that runs into
/// unmapped or unreadable memory, or past the end of a mapped file, gives `None` instead of
/// a fault; so does memory unmapped meanwhile. Where the kernel refuses that (seccomp),
/// the image is bounded by [`image_len`] and read directly.
///
/// # Safety
/// `p` must be non-null. Only where the fallback runs must no other thread unmap memory
/// around it meanwhile.
pub unsafe fn image_copy(p: *const u8) -> Option<Vec<u8>> {
    let at = p as usize;
    let direct = || {
        // SAFETY: as image_len's contract (the caller's).
        let n = unsafe { image_len(p) }?;
        // SAFETY: image_len found these bytes mapped readable.
        Some(unsafe { std::slice::from_raw_parts(p, n) }.to_vec())
    };
    // Headers first, in growing prefixes (a bundle's entry table may be long), then the
    // whole image.
    let mut want = 4096usize;
    let Some(mut prefix) = untrusted::copy_readable(at, want) else { return direct() };
    loop {
        match declared(&prefix) {
            Declared::Bad => return None,
            Declared::Len(n) => {
                if n > prefix.len() {
                    prefix = untrusted::copy_readable(at, n)?;
                }
                prefix.truncate(n);
                return (prefix.len() == n).then_some(prefix);
            }
            Declared::ToEnd(most) => {
                let mut all = untrusted::copy_readable(at, most)?;
                let n = image_extent(&all)?;
                all.truncate(n);
                return Some(all);
            }
            Declared::NeedMore => {
                if prefix.len() < want || want >= MAX_IMAGE_LEN {
                    return None;
                }
                want = want.saturating_mul(16).min(MAX_IMAGE_LEN);
                prefix = untrusted::copy_readable(at, want)?;
            }
        }
    }
}

/// What an image's headers say about its length.
enum Declared {
    /// It spans this many bytes.
    Len(usize),
    /// It records no length (`CCOB` v1): everything readable, up to this many bytes.
    ToEnd(usize),
    /// The headers continue beyond the bytes given.
    NeedMore,
    /// Not an image, or headers out of range.
    Bad,
}

/// The length the headers at the start of `bytes` declare (overflow-checked, within
/// [`MAX_IMAGE_LEN`]).
fn declared(bytes: &[u8]) -> Declared {
    let len = |v: u64| usize::try_from(v).ok().filter(|&n| n <= MAX_IMAGE_LEN);
    let have = |n: usize| bytes.len() >= n;
    let starts = |magic: &[u8]| bytes.starts_with(magic) || (!have(magic.len()) && magic.starts_with(bytes) && !bytes.is_empty());
    let end = if starts(BUNDLE_MAGIC) {
        if !have(32) {
            return Declared::NeedMore;
        }
        let count = u64_at(bytes, 24).unwrap_or(u64::MAX);
        if count > MAX_BUNDLE_ENTRIES {
            return Declared::Bad;
        }
        let mut off = 32usize;
        let mut end = off;
        for _ in 0..count {
            let Some(fields) = off.checked_add(24) else { return Declared::Bad };
            if !have(fields) {
                return Declared::NeedMore;
            }
            let field = |k: usize| u64_at(bytes, off + 8 * k).and_then(len);
            let (Some(o), Some(s), Some(l)) = (field(0), field(1), field(2)) else { return Declared::Bad };
            let Some(next) = fields.checked_add(l) else { return Declared::Bad };
            let Some(data_end) = o.checked_add(s) else { return Declared::Bad };
            off = next;
            end = end.max(off).max(data_end);
        }
        // The last id must be there too.
        if !have(off) {
            return Declared::NeedMore;
        }
        end
    } else if starts(CCOB_MAGIC) {
        if !have(16) {
            return Declared::NeedMore;
        }
        match u16_at(bytes, 4).unwrap_or(0) {
            // Total sizes that do not cover the header are damage.
            2 => match len(u32_at(bytes, 8).unwrap_or(0) as u64).filter(|&n| n >= 24) {
                Some(n) => n,
                None => return Declared::Bad,
            },
            3 => match len(u64_at(bytes, 8).unwrap_or(0)).filter(|&n| n >= 32) {
                Some(n) => n,
                None => return Declared::Bad,
            },
            // v1 does not record its size: the decompressor stops at the end of its frame.
            1 => return Declared::ToEnd(64 << 20),
            _ => return Declared::Bad,
        }
    } else if starts(ELF_MAGIC) {
        if !have(64) {
            return Declared::NeedMore;
        }
        // The file spans its header, program headers and section headers (clang puts
        // the section header table last).
        let table = |off: usize, entsize: usize, want: usize, num: usize| -> Option<usize> {
            if num == 0 {
                return Some(0);
            }
            if entsize != want {
                return None;
            }
            len(u64_at(bytes, off)?)?.checked_add(entsize.checked_mul(num)?)
        };
        let sh = table(0x28, u16_at(bytes, 0x3A).unwrap_or(0) as usize, 64, u16_at(bytes, 0x3C).unwrap_or(0) as usize);
        let ph = table(0x20, u16_at(bytes, 0x36).unwrap_or(0) as usize, 56, u16_at(bytes, 0x38).unwrap_or(0) as usize);
        match (sh, ph) {
            (Some(sh), Some(ph)) => sh.max(ph).max(64),
            _ => return Declared::Bad,
        }
    } else {
        return Declared::Bad;
    };
    if end > MAX_IMAGE_LEN { Declared::Bad } else { Declared::Len(end) }
}

/// Length of the bundle/CCOB/ELF image at the start of `bytes`, read from its headers
/// (overflow-checked); `None` where the headers are damaged or the image would extend
/// beyond `bytes`. A `CCOB` v1 records no size: all of `bytes` (up to 64 MiB).
pub fn image_extent(bytes: &[u8]) -> Option<usize> {
    match declared(bytes) {
        Declared::Len(n) => (n <= bytes.len()).then_some(n),
        Declared::ToEnd(most) => Some(bytes.len().min(most)),
        Declared::NeedMore | Declared::Bad => None,
    }
}

/// How many bytes from address `p` on this process can read (readable mappings of
/// `/proc/self/maps`, adjacent ones joined); `None` where the map cannot be read.
fn readable_from(p: usize) -> Option<usize> {
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    let mut end = None::<usize>;
    for line in maps.lines() {
        let mut fields = line.split_whitespace();
        let (Some(range), Some(perms)) = (fields.next(), fields.next()) else { continue };
        let Some((a, b)) = range.split_once('-') else { continue };
        let (Ok(a), Ok(b)) = (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16)) else { continue };
        let readable = perms.starts_with('r');
        match end {
            None if readable && a <= p && p < b => end = Some(b),
            Some(e) if readable && a == e => end = Some(b),
            Some(_) => break,
            None => {}
        }
    }
    Some(end.map_or(0, |e| e - p))
}

/// Every code object of a bundle, compressed bundle, or a bare ELF code object.
pub fn parse_image(bytes: &[u8]) -> Result<Vec<CodeObject>> {
    if bytes.starts_with(CCOB_MAGIC) {
        let inner = decompress(bytes)?;
        // A compressed bundle holds a plain one (or a code object), never another CCOB.
        if inner.starts_with(CCOB_MAGIC) {
            return Err(HipError::INVALID_IMAGE);
        }
        return parse_image(&inner);
    }
    if bytes.starts_with(ELF_MAGIC) {
        let target = elf_target(bytes).ok_or(HipError::INVALID_IMAGE)?;
        return Ok(vec![CodeObject { id: format!("amdgcn-amd-amdhsa--{target}"), target, image: bytes.to_vec(), symbol_index: Default::default() }]);
    }
    if !bytes.starts_with(BUNDLE_MAGIC) {
        return Err(HipError::INVALID_IMAGE);
    }
    let bad = || HipError::INVALID_IMAGE;
    let count = u64_at(bytes, 24).ok_or(bad())?;
    if count > MAX_BUNDLE_ENTRIES {
        return Err(bad());
    }
    let field = |off: usize| -> Result<usize> { u64_at(bytes, off).and_then(|v| usize::try_from(v).ok()).ok_or(bad()) };
    let mut off = 32usize;
    let mut out = Vec::new();
    for _ in 0..count {
        let (o, s, l) = (field(off)?, field(off.checked_add(8).ok_or(bad())?)?, field(off.checked_add(16).ok_or(bad())?)?);
        let id_at = off.checked_add(24).ok_or(bad())?;
        let id_end = id_at.checked_add(l).ok_or(bad())?;
        let id = String::from_utf8_lossy(bytes.get(id_at..id_end).ok_or(bad())?).into_owned();
        off = id_end;
        if id.starts_with("host-") || s == 0 {
            continue;
        }
        let image = bytes.get(o..o.checked_add(s).ok_or(bad())?).ok_or(bad())?.to_vec();
        // Target ID = the text after the triple's last "--" (`…amdhsa--gfx90a:xnack-`).
        let target = id.rsplit("--").next().unwrap_or("").to_string();
        out.push(CodeObject { id, target, image, symbol_index: Default::default() });
    }
    Ok(out)
}

/// Inflates a `CCOB` compressed bundle (v1-v3; zlib or zstd payload), to at most the size
/// its header declares (v2/v3), `MAX_INFLATE_RATIO` times the payload and `MAX_IMAGE_LEN`.
fn decompress(bytes: &[u8]) -> Result<Vec<u8>> {
    let bad = || HipError::INVALID_IMAGE;
    let version = u16_at(bytes, 4).ok_or(bad())?;
    let method = u16_at(bytes, 6).ok_or(bad())?;
    let (header, total, declared) = match version {
        1 => (20, bytes.len(), Some(u32_at(bytes, 8).ok_or(bad())? as u64)),
        2 => (24, u32_at(bytes, 8).ok_or(bad())? as usize, Some(u32_at(bytes, 12).ok_or(bad())? as u64)),
        3 => (32, usize::try_from(u64_at(bytes, 8).ok_or(bad())?).map_err(|_| bad())?, Some(u64_at(bytes, 16).ok_or(bad())?)),
        _ => return Err(bad()),
    };
    let payload = bytes.get(header..total.min(bytes.len())).ok_or(bad())?;
    let mut cap = payload.len().saturating_mul(MAX_INFLATE_RATIO).min(MAX_IMAGE_LEN);
    if let Some(d) = declared {
        cap = cap.min(usize::try_from(d).unwrap_or(usize::MAX));
    }
    match method {
        0 => miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(payload, cap).map_err(|_| bad()),
        1 => {
            let dec = ruzstd::decoding::StreamingDecoder::new(payload).map_err(|_| bad())?;
            let mut out = Vec::new();
            std::io::Read::read_to_end(&mut std::io::Read::take(dec, cap as u64 + 1), &mut out).map_err(|_| bad())?;
            if out.len() > cap {
                return Err(bad());
            }
            Ok(out)
        }
        _ => Err(bad()),
    }
}

/// `gfxNNNN[:feature±]` from an AMDGPU ELF's `e_flags` (code object v4+).
fn elf_target(b: &[u8]) -> Option<String> {
    let elf = Elf::new(b)?;
    if elf.machine() != EM_AMDGPU {
        return None;
    }
    let flags = elf.flags();
    let mach = flags & 0xff;
    let name = MACHS.iter().find(|(m, _)| *m == mach).map(|(_, n)| *n)?;
    let mut t = name.to_string();
    for (shift, feat) in [(8, "xnack"), (10, "sramecc")] {
        match (flags >> shift) & 3 {
            2 => t += &format!(":{feat}-"),
            3 => t += &format!(":{feat}+"),
            _ => {}
        }
    }
    Some(t)
}

/// EF_AMDGPU_MACH values (LLVM `ELF.h`) of the targets ROCm builds for.
const MACHS: &[(u32, &str)] = &[
    (0x2c, "gfx900"), (0x2f, "gfx906"), (0x30, "gfx908"), (0x3f, "gfx90a"), (0x40, "gfx940"),
    (0x4b, "gfx941"), (0x4c, "gfx942"), (0x33, "gfx1010"), (0x34, "gfx1011"), (0x35, "gfx1012"),
    (0x36, "gfx1030"), (0x37, "gfx1031"), (0x38, "gfx1032"), (0x39, "gfx1033"), (0x3e, "gfx1034"),
    (0x3d, "gfx1035"), (0x31, "gfx1036"), (0x41, "gfx1100"), (0x46, "gfx1101"), (0x47, "gfx1102"),
    (0x44, "gfx1103"), (0x4e, "gfx1150"), (0x4f, "gfx1151"), (0x48, "gfx1200"), (0x4a, "gfx1201"),
    (0x2d, "gfx902"), (0x2e, "gfx904"), (0x32, "gfx909"), (0x3a, "gfx90c"), (0x2b, "gfx810"),
    (0x2a, "gfx803"),
];

#[cfg(test)]
mod tests {
    use super::*;

    use oxrocm_testkit::bundle::bundle;

    /// `bytes` in a file mapped for `map_len` bytes (longer than the file: reading past its
    /// last page is SIGBUS), as a program may map a code object file and load it.
    fn mapped_file(bytes: &[u8], map_len: usize) -> (*mut u8, usize) {
        use std::os::fd::AsRawFd;
        let path = std::env::temp_dir().join(format!("oxrocm-image-{}-{}", std::process::id(), bytes.len()));
        std::fs::write(&path, bytes).unwrap();
        let f = std::fs::File::open(&path).unwrap();
        // SAFETY: a read-only private mapping of the file.
        let p = unsafe { libc::mmap(std::ptr::null_mut(), map_len, libc::PROT_READ, libc::MAP_PRIVATE, f.as_raw_fd(), 0) };
        assert_ne!(p, libc::MAP_FAILED);
        let _ = std::fs::remove_file(path);
        (p.cast(), map_len)
    }

    #[test]
    fn image_copy_reads_only_what_is_there() {
        let co = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/loader_kernels.gfx1100.co")).unwrap();
        let map_len = (co.len() + 8192).next_multiple_of(4096) + 4 * 4096;
        // The image in a file mapping longer than the file: copied exactly.
        let (p, n) = mapped_file(&co, map_len);
        assert_eq!(unsafe { image_copy(p) }.as_deref(), Some(&co[..]));
        unsafe { libc::munmap(p.cast(), n) };
        // Its section headers said to lie 8 KiB further on, past the file's end (a direct
        // read there is SIGBUS; /proc/self/maps shows the whole mapping readable).
        let mut damaged = co.clone();
        let shoff = u64::from_le_bytes(damaged[0x28..0x30].try_into().unwrap());
        damaged[0x28..0x30].copy_from_slice(&(shoff + 8192).to_le_bytes());
        let (p, n) = mapped_file(&damaged, map_len);
        assert_eq!(unsafe { image_copy(p) }, None);
        unsafe { libc::munmap(p.cast(), n) };
        // A bundle whose entry table is longer than the first read (200 entries, 12 KiB).
        let ids: Vec<String> = (0..200).map(|i| format!("hipv4-amdgcn-amd-amdhsa--gfx1100-padding-{i:04}")).collect();
        let mut entries: Vec<(&str, &[u8])> = ids.iter().map(|id| (id.as_str(), &b""[..])).collect();
        entries.push(("hipv4-amdgcn-amd-amdhsa--gfx1100", &co));
        let b = bundle(&entries);
        let (p, n) = mapped_file(&b, b.len().next_multiple_of(4096) + 4096);
        assert_eq!(unsafe { image_copy(p) }.as_deref(), Some(&b[..]));
        unsafe { libc::munmap(p.cast(), n) };
    }

    #[test]
    fn bundle_entries_are_split_by_target() {
        let b = bundle(&[("host-x86_64-unknown-linux--", b""), ("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", b"abc"), ("hipv4-amdgcn-amd-amdhsa--gfx1100", b"defg")]);
        let cos = parse_image(&b).unwrap();
        assert_eq!(cos.len(), 2);
        assert_eq!(cos[0].target, "gfx90a:xnack-");
        assert_eq!(cos[0].processor(), "gfx90a");
        assert_eq!(cos[0].image, b"abc");
        assert_eq!(cos[1].target, "gfx1100");
        assert_eq!(cos[1].image, b"defg");
        assert_eq!(unsafe { image_len(b.as_ptr()) }, Some(b.len()));
    }

    #[test]
    fn compressed_bundle_v2_zlib_round_trips() {
        let inner = bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx1030", b"kernel-bytes")]);
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&inner, 6);
        let mut c = CCOB_MAGIC.to_vec();
        c.extend(2u16.to_le_bytes());
        c.extend(0u16.to_le_bytes());
        c.extend(((24 + z.len()) as u32).to_le_bytes());
        c.extend((inner.len() as u32).to_le_bytes());
        c.extend(0u64.to_le_bytes());
        c.extend(&z);
        let cos = parse_image(&c).unwrap();
        assert_eq!(cos.len(), 1);
        assert_eq!(cos[0].image, b"kernel-bytes");
        assert_eq!(unsafe { image_len(c.as_ptr()) }, Some(c.len()));
    }

    #[test]
    fn garbage_is_an_invalid_image() {
        assert_eq!(parse_image(b"not a code object at all....").unwrap_err(), HipError::INVALID_IMAGE);
    }
}
