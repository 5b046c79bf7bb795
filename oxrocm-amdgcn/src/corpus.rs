//! Finding code to decode: AMDGPU code objects inside host binaries (`.hip_fatbin`
//! offload bundles) or given directly, and their `.text`.

/// One AMDGPU code object found in a file.
#[derive(Clone, Debug)]
pub struct CodeObject {
    /// Bundle entry id (`hipv4-amdgcn-amd-amdhsa--gfx1030`) or "raw".
    pub id: String,
    pub bytes: Vec<u8>,
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

/// ELF64 sections: (name, file offset, size, address).
pub fn sections(elf: &[u8]) -> Option<Vec<(String, usize, usize, u64)>> {
    if elf.get(0..4)? != b"\x7fELF" || elf[4] != 2 {
        return None;
    }
    let shoff = u64_at(elf, 0x28)? as usize;
    let shentsize = u16_at(elf, 0x3A)? as usize;
    let shnum = u16_at(elf, 0x3C)? as usize;
    let shstrndx = u16_at(elf, 0x3E)? as usize;
    let sh = |i: usize| shoff.saturating_add(i.saturating_mul(shentsize));
    let stroff = u64_at(elf, sh(shstrndx) + 0x18)? as usize;
    let mut out = Vec::new();
    for i in 0..shnum {
        let name_off = u32_at(elf, sh(i))? as usize;
        let name_bytes = elf.get(stroff.checked_add(name_off)?..)?;
        let end = name_bytes.iter().position(|&c| c == 0)?;
        let name = String::from_utf8_lossy(&name_bytes[..end]).into_owned();
        let addr = u64_at(elf, sh(i) + 0x10)?;
        let off = u64_at(elf, sh(i) + 0x18)? as usize;
        let size = u64_at(elf, sh(i) + 0x20)? as usize;
        out.push((name, off, size, addr));
    }
    Some(out)
}

/// The AMDGPU processor of a code object (`e_flags` mach field): "gfx1030", ...
pub fn mach(elf: &[u8]) -> Option<&'static str> {
    if u16_at(elf, 0x12)? != 224 {
        return None;
    }
    Some(match u32_at(elf, 0x30)? & 0xFF {
        0x36 => "gfx1030",
        0x41 => "gfx1100",
        0x3F => "gfx90a",
        _ => "other",
    })
}

/// `.text` of an ELF: (bytes, address).
pub fn text(elf: &[u8]) -> Option<(&[u8], u64)> {
    let (_, off, size, addr) = sections(elf)?.into_iter().find(|s| s.0 == ".text")?;
    Some((elf.get(off..off.checked_add(size)?)?, addr))
}

const MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";

/// Every code object in a file: itself if it is an AMDGPU ELF, else the entries of all
/// offload bundles in its `.hip_fatbin` section (compressed bundles are skipped).
pub fn code_objects(file: &[u8]) -> Vec<CodeObject> {
    if mach(file).is_some() {
        return vec![CodeObject { id: "raw".into(), bytes: file.to_vec() }];
    }
    let mut out = Vec::new();
    let Some(secs) = sections(file) else { return out };
    for (name, off, size, _) in secs {
        if name != ".hip_fatbin" {
            continue;
        }
        let Some(sec) = off.checked_add(size).and_then(|end| file.get(off..end)) else { continue };
        let mut pos = 0;
        while let Some(k) = find(&sec[pos..], MAGIC) {
            let b = &sec[pos + k..];
            bundle(b, &mut out);
            pos += k + MAGIC.len();
        }
    }
    out
}

fn bundle(b: &[u8], out: &mut Vec<CodeObject>) -> Option<()> {
    let n = u64_at(b, 24)? as usize;
    let mut p = 32;
    for _ in 0..n {
        let off = u64_at(b, p)? as usize;
        let size = u64_at(b, p + 8)? as usize;
        let idlen = u64_at(b, p + 16)? as usize;
        let id = String::from_utf8_lossy(b.get(p + 24..p + 24 + idlen)?).into_owned();
        p += 24 + idlen;
        if size > 0 && id.contains("amdgcn") {
            out.push(CodeObject { id, bytes: b.get(off..off.checked_add(size)?)?.to_vec() });
        }
    }
    Some(())
}

fn find(h: &[u8], n: &[u8]) -> Option<usize> {
    h.windows(n.len()).position(|w| w == n)
}
