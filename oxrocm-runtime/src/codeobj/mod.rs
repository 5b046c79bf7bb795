//! Offload bundles and AMDGPU code objects as clang emits them into `.hip_fatbin`
//! (plain `__CLANG_OFFLOAD_BUNDLE__` and compressed `CCOB`), and what a code object says
//! about its kernels: target from `e_flags`, kernel descriptors (`descriptor`), the
//! metadata note (`metadata`), kernel arguments as the kernel reads them (`kernarg`).

pub mod descriptor;
pub mod elf;
pub mod image;
pub mod kernarg;
pub mod metadata;

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

/// Length in bytes of the bundle/CCOB/ELF image starting at `p`, read from its headers.
///
/// # Safety
/// `p` must point to a readable image of one of the three formats.
pub unsafe fn image_len(p: *const u8) -> Option<usize> {
    let head = unsafe { std::slice::from_raw_parts(p, 24) };
    if head.starts_with(BUNDLE_MAGIC) {
        let count = u64_at(unsafe { std::slice::from_raw_parts(p, 32) }, 24)? as usize;
        if count > 4096 {
            return None;
        }
        let mut off = 32usize;
        let mut end = off;
        for _ in 0..count {
            let e = unsafe { std::slice::from_raw_parts(p.add(off), 24) };
            let (o, s, l) = (u64_at(e, 0)? as usize, u64_at(e, 8)? as usize, u64_at(e, 16)? as usize);
            off += 24 + l;
            end = end.max(off).max(o + s);
        }
        Some(end)
    } else if head.starts_with(CCOB_MAGIC) {
        let version = u16_at(head, 4)?;
        match version {
            2 => Some(u32_at(head, 8)? as usize),
            3 => Some(u64_at(unsafe { std::slice::from_raw_parts(p, 32) }, 8)? as usize),
            // v1 does not record its size: the decompressor stops at the end of its frame.
            _ => Some(64 << 20),
        }
    } else if head.starts_with(ELF_MAGIC) {
        let h = unsafe { std::slice::from_raw_parts(p, 64) };
        let shoff = u64_at(h, 0x28)? as usize;
        let shentsize = u16_at(h, 0x3A)? as usize;
        let shnum = u16_at(h, 0x3C)? as usize;
        Some(shoff + shentsize * shnum)
    } else {
        None
    }
}

/// Every code object of a bundle, compressed bundle, or a bare ELF code object.
pub fn parse_image(bytes: &[u8]) -> Result<Vec<CodeObject>> {
    if bytes.starts_with(CCOB_MAGIC) {
        return parse_image(&decompress(bytes)?);
    }
    if bytes.starts_with(ELF_MAGIC) {
        let target = elf_target(bytes).ok_or(HipError::INVALID_IMAGE)?;
        return Ok(vec![CodeObject { id: format!("amdgcn-amd-amdhsa--{target}"), target, image: bytes.to_vec(), symbol_index: Default::default() }]);
    }
    if !bytes.starts_with(BUNDLE_MAGIC) {
        return Err(HipError::INVALID_IMAGE);
    }
    let count = u64_at(bytes, 24).ok_or(HipError::INVALID_IMAGE)? as usize;
    let mut off = 32;
    let mut out = Vec::new();
    for _ in 0..count {
        let (o, s, l) = (
            u64_at(bytes, off).ok_or(HipError::INVALID_IMAGE)? as usize,
            u64_at(bytes, off + 8).ok_or(HipError::INVALID_IMAGE)? as usize,
            u64_at(bytes, off + 16).ok_or(HipError::INVALID_IMAGE)? as usize,
        );
        let id = bytes.get(off + 24..off + 24 + l).ok_or(HipError::INVALID_IMAGE)?;
        let id = String::from_utf8_lossy(id).into_owned();
        off += 24 + l;
        if id.starts_with("host-") || s == 0 {
            continue;
        }
        let image = bytes.get(o..o + s).ok_or(HipError::INVALID_IMAGE)?.to_vec();
        // Target ID = the text after the triple's last "--" (`…amdhsa--gfx90a:xnack-`).
        let target = id.rsplit("--").next().unwrap_or("").to_string();
        out.push(CodeObject { id, target, image, symbol_index: Default::default() });
    }
    Ok(out)
}

/// Inflates a `CCOB` compressed bundle (v1-v3; zlib or zstd payload).
fn decompress(bytes: &[u8]) -> Result<Vec<u8>> {
    let version = u16_at(bytes, 4).ok_or(HipError::INVALID_IMAGE)?;
    let method = u16_at(bytes, 6).ok_or(HipError::INVALID_IMAGE)?;
    let (header, total) = match version {
        1 => (20, bytes.len()),
        2 => (24, u32_at(bytes, 8).ok_or(HipError::INVALID_IMAGE)? as usize),
        3 => (32, u64_at(bytes, 8).ok_or(HipError::INVALID_IMAGE)? as usize),
        _ => return Err(HipError::INVALID_IMAGE),
    };
    let payload = bytes.get(header..total.min(bytes.len())).ok_or(HipError::INVALID_IMAGE)?;
    match method {
        0 => miniz_oxide::inflate::decompress_to_vec_zlib(payload).map_err(|_| HipError::INVALID_IMAGE),
        1 => {
            let mut dec = ruzstd::decoding::StreamingDecoder::new(payload).map_err(|_| HipError::INVALID_IMAGE)?;
            let mut out = Vec::new();
            std::io::Read::read_to_end(&mut dec, &mut out).map_err(|_| HipError::INVALID_IMAGE)?;
            Ok(out)
        }
        _ => Err(HipError::INVALID_IMAGE),
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

    fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut head = BUNDLE_MAGIC.to_vec();
        head.extend((entries.len() as u64).to_le_bytes());
        let table: usize = entries.iter().map(|(id, _)| 24 + id.len()).sum();
        let mut off = 32 + table;
        let mut payload: Vec<u8> = Vec::new();
        for (id, data) in entries {
            head.extend((off as u64).to_le_bytes());
            head.extend((data.len() as u64).to_le_bytes());
            head.extend((id.len() as u64).to_le_bytes());
            head.extend(id.as_bytes());
            payload.extend(*data);
            off += data.len();
        }
        head.extend(payload);
        head
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
