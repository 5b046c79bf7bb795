//! Offload bundles and AMDGPU code objects as clang emits them into `.hip_fatbin`
//! (plain `__CLANG_OFFLOAD_BUNDLE__` and compressed `CCOB`), and the little of the ELF
//! we need now: target from `e_flags` and kernel names from the `.kd` symbols.

use crate::error::{HipError, Result};

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
}

impl CodeObject {
    /// The processor name without target features (`gfx90a:xnack-` → `gfx90a`).
    pub fn processor(&self) -> &str {
        self.target.split(':').next().unwrap_or("")
    }

    /// Kernel names: symbols `<name>.kd` of the ELF image.
    pub fn kernel_names(&self) -> Vec<String> {
        elf_symbols(&self.image)
            .into_iter()
            .filter_map(|s| s.strip_suffix(".kd").map(str::to_string))
            .collect()
    }

    /// All defined symbol names of the ELF image (kernels, `.kd`, device variables).
    pub fn symbols(&self) -> Vec<String> {
        elf_symbols(&self.image)
    }

    /// A global variable's initial bytes (its size; zeros for `.bss`), by symbol name.
    pub fn global(&self, name: &str) -> Option<Vec<u8>> {
        let (value, size) = elf_symbol(&self.image, name)?;
        elf_bytes_at(&self.image, value, size as usize)
    }
}

/// (value, size) of the defined data symbol `name` in `.symtab`/`.dynsym`.
fn elf_symbol(b: &[u8], name: &str) -> Option<(u64, u64)> {
    let (shoff, shentsize, shnum) = (u64_at(b, 0x28)? as usize, u16_at(b, 0x3A)? as usize, u16_at(b, 0x3C)? as usize);
    let sh = |i: usize| -> Option<(u32, usize, usize, u32)> {
        let o = shoff + i * shentsize;
        Some((u32_at(b, o + 4)?, u64_at(b, o + 0x18)? as usize, u64_at(b, o + 0x20)? as usize, u32_at(b, o + 0x28)?))
    };
    for i in 0..shnum {
        let (ty, off, size, link) = sh(i)?;
        if ty != 2 && ty != 11 {
            continue;
        }
        let (_, stroff, strsize, _) = sh(link as usize)?;
        let strtab = b.get(stroff..stroff + strsize)?;
        for s in (off..off + size).step_by(24).skip(1) {
            let (nm, info, shndx) = (u32_at(b, s)? as usize, *b.get(s + 4)?, u16_at(b, s + 6)?);
            let n = strtab.get(nm..)?;
            let n = &n[..n.iter().position(|&c| c == 0).unwrap_or(n.len())];
            // STT_OBJECT (1), defined
            if n == name.as_bytes() && info & 0xf == 1 && shndx != 0 {
                return Some((u64_at(b, s + 8)?, u64_at(b, s + 16)?));
            }
        }
    }
    None
}

/// `len` bytes at virtual address `vaddr` of a section (zeros for SHT_NOBITS).
fn elf_bytes_at(b: &[u8], vaddr: u64, len: usize) -> Option<Vec<u8>> {
    let (shoff, shentsize, shnum) = (u64_at(b, 0x28)? as usize, u16_at(b, 0x3A)? as usize, u16_at(b, 0x3C)? as usize);
    for i in 0..shnum {
        let o = shoff + i * shentsize;
        let (ty, addr, off, size) = (u32_at(b, o + 4)?, u64_at(b, o + 0x10)?, u64_at(b, o + 0x18)? as usize, u64_at(b, o + 0x20)?);
        if ty == 0 || addr == 0 || vaddr < addr || vaddr + len as u64 > addr + size {
            continue;
        }
        return match ty {
            8 => Some(vec![0; len]),
            _ => b.get(off + (vaddr - addr) as usize..off + (vaddr - addr) as usize + len).map(|s| s.to_vec()),
        };
    }
    None
}

fn u16_at(b: &[u8], o: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(o..o + 2)?.try_into().ok()?))
}
fn u32_at(b: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?))
}
fn u64_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?))
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
        return Ok(vec![CodeObject { id: format!("amdgcn-amd-amdhsa--{target}"), target, image: bytes.to_vec() }]);
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
        out.push(CodeObject { id, target, image });
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
    if u16_at(b, 0x12)? != EM_AMDGPU {
        return None;
    }
    let flags = u32_at(b, 0x30)?;
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

/// Names of the defined symbols in `.symtab` (or `.dynsym`) of an ELF64 image.
fn elf_symbols(b: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let (Some(shoff), Some(shentsize), Some(shnum)) = (u64_at(b, 0x28), u16_at(b, 0x3A), u16_at(b, 0x3C)) else {
        return out;
    };
    let sh = |i: usize| -> Option<(u32, usize, usize, u32)> {
        let o = shoff as usize + i * shentsize as usize;
        Some((u32_at(b, o + 4)?, u64_at(b, o + 0x18)? as usize, u64_at(b, o + 0x20)? as usize, u32_at(b, o + 0x28)?))
    };
    for want in [2u32, 11] {
        for i in 0..shnum as usize {
            let Some((ty, off, size, link)) = sh(i) else { continue };
            if ty != want {
                continue;
            }
            let Some((_, stroff, strsize, _)) = sh(link as usize) else { continue };
            let strtab = b.get(stroff..stroff + strsize).unwrap_or(&[]);
            for s in (off..off + size).step_by(24).skip(1) {
                let (Some(name), Some(shndx)) = (u32_at(b, s), u16_at(b, s + 6)) else { break };
                if shndx == 0 {
                    continue;
                }
                let n = &strtab[(name as usize).min(strtab.len())..];
                let n = &n[..n.iter().position(|&c| c == 0).unwrap_or(n.len())];
                if !n.is_empty() {
                    out.push(String::from_utf8_lossy(n).into_owned());
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
    }
    out
}

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
