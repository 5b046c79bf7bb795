//! A code object as it sits in device memory when its kernels run: every PT_LOAD segment
//! at its virtual address from the load base (zeros beyond the file bytes), dynamic
//! relocations applied for that base. Kernels reach their globals PC-relatively
//! (`s_getpc_b64` + offset), so code and data keep their relative places; function
//! pointers in data (`R_AMDGPU_RELATIVE64`, e.g. rocFFT callbacks) become absolute.

use super::elf::{Elf, Segment};
use crate::error::{HipError, Result};
use crate::log_at;

const R_AMDGPU_NONE: u32 = 0;
const R_AMDGPU_ABS64: u32 = 3;
const R_AMDGPU_ABS32: u32 = 6;
const R_AMDGPU_RELATIVE64: u32 = 13;

/// Bytes from the load base to the end of the last segment (overflow-checked, at most
/// `MAX_IMAGE_LEN`: a damaged program header is an invalid image).
pub fn span(elf: &Elf) -> Result<usize> {
    let mut end = 0usize;
    for s in elf.load_segments() {
        let seg_end = usize::try_from(s.vaddr).ok().and_then(|v| v.checked_add(s.memsz)).ok_or(HipError::INVALID_IMAGE)?;
        end = end.max(seg_end);
    }
    if end > super::MAX_IMAGE_LEN {
        return Err(HipError::INVALID_IMAGE);
    }
    Ok(end)
}

/// Bytes from the load base to the end of what [`relocated`] writes: the segments' file
/// bytes and the relocated fields. Beyond it the loaded image is zeros (`.bss`), which a
/// device whose fresh memory reads as zeros need not be given.
pub fn initialised_len(elf: &Elf) -> usize {
    let segments = elf.load_segments().into_iter().filter_map(|s| usize::try_from(s.vaddr).ok()?.checked_add(s.filesz));
    let fields = elf.relocations().into_iter().filter_map(|r| usize::try_from(r.offset).ok()?.checked_add(8));
    segments.chain(fields).max().unwrap_or(0)
}

/// The loaded image for load address `base`: `span` bytes.
pub fn relocated(elf: &Elf, base: u64) -> Result<Vec<u8>> {
    let segments = elf.load_segments();
    if segments.is_empty() {
        return Err(HipError::INVALID_IMAGE);
    }
    let mut out = super::elf::zeroed(span(elf)?).ok_or(HipError::OUT_OF_MEMORY)?;
    for Segment { offset, vaddr, filesz, memsz } in segments {
        if filesz > memsz {
            return Err(HipError::INVALID_IMAGE);
        }
        let src = elf.bytes.get(offset..offset.checked_add(filesz).ok_or(HipError::INVALID_IMAGE)?).ok_or(HipError::INVALID_IMAGE)?;
        // Within the span: vaddr + memsz was checked there.
        out[vaddr as usize..vaddr as usize + filesz].copy_from_slice(src);
    }
    let symbols = elf.symbols();
    for r in elf.relocations() {
        let at = usize::try_from(r.offset).map_err(|_| HipError::INVALID_IMAGE)?;
        let symbol_addr = || -> Result<u64> {
            let s = symbols.get(r.sym.checked_sub(1).ok_or(HipError::INVALID_IMAGE)? as usize).ok_or(HipError::INVALID_IMAGE)?;
            if !s.defined() {
                log_at!(1, "code object: relocation against undefined symbol '{}'", s.name);
                return Err(HipError::INVALID_IMAGE);
            }
            Ok(base.wrapping_add(s.value))
        };
        let (value, width) = match r.ty {
            R_AMDGPU_NONE => continue,
            R_AMDGPU_RELATIVE64 => (base.wrapping_add_signed(r.addend), 8),
            R_AMDGPU_ABS64 => (symbol_addr()?.wrapping_add_signed(r.addend), 8),
            R_AMDGPU_ABS32 => (symbol_addr()?.wrapping_add_signed(r.addend), 4),
            other => {
                log_at!(1, "code object: relocation type {other} at {:#x} is not supported", r.offset);
                return Err(HipError::INVALID_IMAGE);
            }
        };
        let field = out.get_mut(at..at.checked_add(width).ok_or(HipError::INVALID_IMAGE)?).ok_or(HipError::INVALID_IMAGE)?;
        field.copy_from_slice(&value.to_le_bytes()[..width]);
    }
    Ok(out)
}
