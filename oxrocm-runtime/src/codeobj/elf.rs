//! The little of ELF64 (little-endian) that AMDGPU code objects need: section headers,
//! symbols, notes, dynamic relocations and bytes at a virtual address. Every read is
//! bounds-checked: a truncated or hostile image yields `None`, never a panic.

/// One section header.
#[derive(Clone, Copy, Debug)]
pub struct Section {
    pub name_off: u32,
    pub ty: u32,
    pub addr: u64,
    pub offset: usize,
    pub size: usize,
    pub link: u32,
    pub entsize: usize,
}

pub const SHT_SYMTAB: u32 = 2;
pub const SHT_NOTE: u32 = 7;
pub const SHT_NOBITS: u32 = 8;
pub const SHT_RELA: u32 = 4;
pub const SHT_DYNSYM: u32 = 11;
pub const PT_LOAD: u32 = 1;

/// One symbol of `.symtab` or `.dynsym`.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub value: u64,
    pub size: u64,
    /// STT_* (0 none, 1 object, 2 func, …).
    pub kind: u8,
    /// STB_* (0 local, 1 global, 2 weak).
    pub bind: u8,
    pub shndx: u16,
}

impl Symbol {
    pub fn defined(&self) -> bool {
        self.shndx != 0
    }
}

/// One ELF note: name, type, descriptor bytes.
pub struct Note<'a> {
    pub name: &'a [u8],
    pub ty: u32,
    pub desc: &'a [u8],
}

/// One RELA relocation.
#[derive(Clone, Copy, Debug)]
pub struct Rela {
    pub offset: u64,
    pub ty: u32,
    pub sym: u32,
    pub addend: i64,
}

/// One program header of type PT_LOAD.
#[derive(Clone, Copy, Debug)]
pub struct Segment {
    pub offset: usize,
    pub vaddr: u64,
    pub filesz: usize,
    pub memsz: usize,
}

pub fn u16_at(b: &[u8], o: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(o..o.checked_add(2)?)?.try_into().ok()?))
}
pub fn u32_at(b: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(o..o.checked_add(4)?)?.try_into().ok()?))
}
pub fn u64_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(o..o.checked_add(8)?)?.try_into().ok()?))
}

/// A read-only view of an ELF64 image.
pub struct Elf<'a> {
    pub bytes: &'a [u8],
}

impl<'a> Elf<'a> {
    pub fn new(bytes: &'a [u8]) -> Option<Elf<'a>> {
        // ELF magic, 64-bit class, little-endian.
        if bytes.len() < 64 || &bytes[..4] != b"\x7fELF" || bytes[4] != 2 || bytes[5] != 1 {
            return None;
        }
        Some(Elf { bytes })
    }

    pub fn machine(&self) -> u16 {
        u16_at(self.bytes, 0x12).unwrap_or(0)
    }
    pub fn flags(&self) -> u32 {
        u32_at(self.bytes, 0x30).unwrap_or(0)
    }
    /// EI_ABIVERSION: 1 = code object v3, 2 = v4, 3 = v5, 4 = v6.
    pub fn abi_version(&self) -> u8 {
        self.bytes[8]
    }

    pub fn sections(&self) -> Vec<Section> {
        let b = self.bytes;
        let (Some(shoff), Some(shentsize), Some(shnum)) = (u64_at(b, 0x28), u16_at(b, 0x3A), u16_at(b, 0x3C)) else {
            return Vec::new();
        };
        (0..shnum as usize)
            .filter_map(|i| {
                let o = (shoff as usize).checked_add(i.checked_mul(shentsize as usize)?)?;
                Some(Section {
                    name_off: u32_at(b, o)?,
                    ty: u32_at(b, o + 4)?,
                    addr: u64_at(b, o + 0x10)?,
                    offset: u64_at(b, o + 0x18)? as usize,
                    size: u64_at(b, o + 0x20)? as usize,
                    link: u32_at(b, o + 0x28)?,
                    entsize: u64_at(b, o + 0x38)? as usize,
                })
            })
            .collect()
    }

    fn data(&self, s: &Section) -> &'a [u8] {
        if s.ty == SHT_NOBITS {
            return &[];
        }
        s.offset.checked_add(s.size).and_then(|end| self.bytes.get(s.offset..end)).unwrap_or(&[])
    }

    /// A section by name (`.text`, `.rodata`, …).
    pub fn section(&self, name: &str) -> Option<Section> {
        let secs = self.sections();
        let shstrndx = u16_at(self.bytes, 0x3E)? as usize;
        let strtab = self.data(secs.get(shstrndx)?);
        secs.into_iter().find(|s| c_string(strtab, s.name_off as usize) == name.as_bytes())
    }

    pub fn section_bytes(&self, s: &Section) -> &'a [u8] {
        self.data(s)
    }

    /// Symbols of `.symtab`, or of `.dynsym` where the image has no `.symtab`.
    pub fn symbols(&self) -> Vec<Symbol> {
        let secs = self.sections();
        for want in [SHT_SYMTAB, SHT_DYNSYM] {
            let mut out = Vec::new();
            for s in secs.iter().filter(|s| s.ty == want) {
                let Some(strs) = secs.get(s.link as usize) else { continue };
                let (table, strtab) = (self.data(s), self.data(strs));
                // Names may share bytes (suffix merging), but a damaged table pointing every
                // symbol at one long string would copy it per symbol: a budget of name bytes.
                let mut budget = strtab.len().saturating_mul(16).saturating_add(1 << 20);
                for e in table.chunks_exact(24).skip(1) {
                    let (Some(name), Some(shndx), Some(value), Some(size)) = (u32_at(e, 0), u16_at(e, 6), u64_at(e, 8), u64_at(e, 16)) else {
                        break;
                    };
                    let name = c_string(strtab, name as usize);
                    let Some(left) = budget.checked_sub(name.len()) else { return Vec::new() };
                    budget = left;
                    out.push(Symbol {
                        name: String::from_utf8_lossy(name).into_owned(),
                        value,
                        size,
                        kind: e[4] & 0xf,
                        bind: e[4] >> 4,
                        shndx,
                    });
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        Vec::new()
    }

    /// The defined symbol `name`.
    pub fn symbol(&self, name: &str) -> Option<Symbol> {
        self.symbols().into_iter().find(|s| s.defined() && s.name == name)
    }

    /// Notes of every SHT_NOTE section.
    pub fn notes(&self) -> Vec<Note<'a>> {
        let mut out = Vec::new();
        for s in self.sections().iter().filter(|s| s.ty == SHT_NOTE) {
            let d = self.data(s);
            let mut o = 0usize;
            while let (Some(namesz), Some(descsz), Some(ty)) = (u32_at(d, o), u32_at(d, o + 4), u32_at(d, o + 8)) {
                let name_at = o + 12;
                let desc_at = name_at + (namesz as usize).next_multiple_of(4);
                let end = desc_at + (descsz as usize).next_multiple_of(4);
                let (Some(name), Some(desc)) = (d.get(name_at..name_at + namesz as usize), d.get(desc_at..desc_at + descsz as usize)) else {
                    break;
                };
                // The name includes its terminating NUL.
                let name = name.strip_suffix(&[0]).unwrap_or(name);
                out.push(Note { name, ty, desc });
                o = end;
            }
        }
        out
    }

    /// RELA entries of every SHT_RELA section.
    pub fn relocations(&self) -> Vec<Rela> {
        let mut out = Vec::new();
        for s in self.sections().iter().filter(|s| s.ty == SHT_RELA) {
            for e in self.data(s).chunks_exact(24) {
                let (Some(offset), Some(info), Some(addend)) = (u64_at(e, 0), u64_at(e, 8), u64_at(e, 16)) else { break };
                out.push(Rela { offset, ty: info as u32, sym: (info >> 32) as u32, addend: addend as i64 });
            }
        }
        out
    }

    /// PT_LOAD program headers.
    pub fn load_segments(&self) -> Vec<Segment> {
        let b = self.bytes;
        let (Some(phoff), Some(phentsize), Some(phnum)) = (u64_at(b, 0x20), u16_at(b, 0x36), u16_at(b, 0x38)) else {
            return Vec::new();
        };
        (0..phnum as usize)
            .filter_map(|i| {
                let o = (phoff as usize).checked_add(i.checked_mul(phentsize as usize)?)?;
                (u32_at(b, o)? == PT_LOAD).then_some(())?;
                Some(Segment {
                    offset: u64_at(b, o + 8)? as usize,
                    vaddr: u64_at(b, o + 0x10)?,
                    filesz: u64_at(b, o + 0x20)? as usize,
                    memsz: u64_at(b, o + 0x28)? as usize,
                })
            })
            .collect()
    }

    /// `len` bytes at virtual address `vaddr` of an allocated section (zeros for NOBITS).
    pub fn bytes_at(&self, vaddr: u64, len: usize) -> Option<Vec<u8>> {
        for s in self.sections() {
            let Some(sec_end) = s.addr.checked_add(s.size as u64) else { continue };
            if s.ty == 0 || s.addr == 0 || vaddr < s.addr || vaddr.checked_add(len as u64)? > sec_end {
                continue;
            }
            let start = usize::try_from(vaddr - s.addr).ok()?;
            return match s.ty {
                SHT_NOBITS => zeroed(len),
                _ => self.data(&s).get(start..start.checked_add(len)?).map(<[u8]>::to_vec),
            };
        }
        None
    }
}

/// `len` zero bytes, or `None` where that much memory is not to be had (sizes read from
/// an image: a damaged one must not abort the process) or `len` exceeds `MAX_IMAGE_LEN`.
pub fn zeroed(len: usize) -> Option<Vec<u8>> {
    if len == 0 {
        return Some(Vec::new());
    }
    if len > super::MAX_IMAGE_LEN {
        return None;
    }
    let layout = std::alloc::Layout::array::<u8>(len).ok()?;
    // SAFETY: `layout` has a non-zero size; the block comes from the global allocator
    // with `u8`'s layout, zeroed, so it is `len` initialised bytes a `Vec<u8>` may own.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout);
        (!p.is_null()).then(|| Vec::from_raw_parts(p, len, len))
    }
}

/// The NUL-terminated string at `at` of a string table.
fn c_string(table: &[u8], at: usize) -> &[u8] {
    let s = table.get(at..).unwrap_or(&[]);
    &s[..s.iter().position(|&c| c == 0).unwrap_or(s.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ELF64 image with a symbol table of `n` symbols, every one named by offset 0 of a
    /// string table holding one string of `len` bytes.
    fn one_name_for_all(n: usize, len: usize) -> Vec<u8> {
        let mut strtab = vec![b'a'; len];
        strtab.push(0);
        let symtab = vec![0u8; 24 * (n + 1)];
        let mut b = vec![0u8; 64];
        b[..8].copy_from_slice(b"\x7fELF\x02\x01\x01\x00");
        let sym_at = b.len();
        b.extend(&symtab);
        let str_at = b.len();
        b.extend(&strtab);
        let shoff = b.len();
        b[0x28..0x30].copy_from_slice(&(shoff as u64).to_le_bytes());
        b[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
        b[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
        let section = |ty: u32, off: usize, size: usize, link: u32, entsize: u64| {
            let mut s = vec![0u8; 64];
            s[4..8].copy_from_slice(&ty.to_le_bytes());
            s[0x18..0x20].copy_from_slice(&(off as u64).to_le_bytes());
            s[0x20..0x28].copy_from_slice(&(size as u64).to_le_bytes());
            s[0x28..0x2C].copy_from_slice(&link.to_le_bytes());
            s[0x38..0x40].copy_from_slice(&entsize.to_le_bytes());
            s
        };
        b.extend(section(0, 0, 0, 0, 0));
        b.extend(section(SHT_SYMTAB, sym_at, symtab.len(), 2, 24));
        b.extend(section(3, str_at, strtab.len(), 0, 0));
        b
    }

    #[test]
    fn symbol_names_are_copied_within_a_budget() {
        // 10 symbols: their names are read as usual.
        let small = one_name_for_all(10, 1000);
        let syms = Elf::new(&small).unwrap().symbols();
        assert_eq!(syms.len(), 10);
        assert_eq!(syms[0].name.len(), 1000);
        // 20,000 symbols on one 100 KB name would copy 2 GB: the table is refused.
        let big = one_name_for_all(20_000, 100_000);
        assert!(Elf::new(&big).unwrap().symbols().is_empty());
    }
}
