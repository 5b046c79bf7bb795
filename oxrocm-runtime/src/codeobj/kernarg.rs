//! A launch's kernarg segment laid out as the kernel's metadata says: the explicit
//! arguments at their offsets, then the hidden arguments the runtime owns (code object v4:
//! global offsets, hostcall/printf buffer, …; v5: the 256-byte block with block counts,
//! group sizes, remainders, grid dimensions, dynamic LDS size, heap, queue pointer), plus
//! the AQL dispatch packet that v4 code reads its workgroup and grid sizes from.

use super::metadata::{KernelMeta, ValueKind};
use crate::error::{HipError, Result};

/// A launch's shape: workgroups per dimension, work-items per workgroup, dynamic LDS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dispatch {
    pub groups: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_lds: u32,
}

impl Dispatch {
    /// Work-items per dimension (grid size in HSA's sense).
    pub fn grid_size(&self) -> [u64; 3] {
        [0, 1, 2].map(|i| self.groups[i] as u64 * self.block[i] as u64)
    }
    /// 1, 2 or 3: the highest dimension with more than one work-item.
    pub fn dims(&self) -> u16 {
        if self.groups[2] * self.block[2] > 1 {
            3
        } else if self.groups[1] * self.block[1] > 1 {
            2
        } else {
            1
        }
    }
}

/// Addresses the runtime provides to hidden arguments (0 where it has none).
#[derive(Clone, Copy, Debug, Default)]
pub struct HiddenValues {
    pub printf_buffer: u64,
    pub hostcall_buffer: u64,
    pub heap: u64,
    pub queue_ptr: u64,
    pub private_base: u64,
    pub shared_base: u64,
}

/// Where the explicit arguments come from.
pub enum Explicit<'a> {
    /// `kernelParams` / `hipLaunchKernel`'s `args`: one pointer per explicit argument, to
    /// as many bytes as the argument's size.
    Pointers(&'a [*const u8]),
    /// `extra`'s HIP_LAUNCH_PARAM_BUFFER_POINTER: the explicit arguments already at their
    /// kernarg offsets.
    Packed(&'a [u8]),
}

/// The kernarg segment of one launch (`meta.kernarg_size` bytes, at least covering every
/// argument).
///
/// # Safety
/// With `Explicit::Pointers`, each pointer must be readable for its argument's size.
pub unsafe fn build(meta: &KernelMeta, explicit: Explicit, d: &Dispatch, h: &HiddenValues) -> Result<Vec<u8>> {
    let end = meta.args.iter().map(|a| a.offset + a.size).max().unwrap_or(0);
    let mut seg = vec![0u8; meta.kernarg_size.max(end)];
    match explicit {
        Explicit::Pointers(ptrs) => {
            let args: Vec<_> = meta.explicit_args().collect();
            if ptrs.len() < args.len() {
                return Err(HipError::INVALID_VALUE);
            }
            for (a, &p) in args.iter().zip(ptrs) {
                if p.is_null() {
                    return Err(HipError::INVALID_VALUE);
                }
                let src = unsafe { std::slice::from_raw_parts(p, a.size) };
                seg[a.offset..a.offset + a.size].copy_from_slice(src);
            }
        }
        Explicit::Packed(buf) => {
            for a in meta.explicit_args() {
                let src = buf.get(a.offset..a.offset + a.size).ok_or(HipError::INVALID_VALUE)?;
                seg[a.offset..a.offset + a.size].copy_from_slice(src);
            }
        }
    }
    for a in meta.args.iter().filter(|a| !a.kind.explicit()) {
        let field = &mut seg[a.offset..a.offset + a.size];
        if let Some(v) = hidden_value(&a.kind, d, h) {
            let bytes = v.to_le_bytes();
            let n = field.len().min(8);
            field[..n].copy_from_slice(&bytes[..n]);
        }
    }
    Ok(seg)
}

fn hidden_value(kind: &ValueKind, d: &Dispatch, h: &HiddenValues) -> Option<u64> {
    use ValueKind::*;
    let grid = d.grid_size();
    Some(match kind {
        HiddenBlockCountX => d.groups[0] as u64,
        HiddenBlockCountY => d.groups[1] as u64,
        HiddenBlockCountZ => d.groups[2] as u64,
        HiddenGroupSizeX => d.block[0] as u64,
        HiddenGroupSizeY => d.block[1] as u64,
        HiddenGroupSizeZ => d.block[2] as u64,
        // Work-items in the last, partial workgroup: HIP grids are whole workgroups.
        HiddenRemainderX => grid[0] % d.block[0].max(1) as u64,
        HiddenRemainderY => grid[1] % d.block[1].max(1) as u64,
        HiddenRemainderZ => grid[2] % d.block[2].max(1) as u64,
        HiddenGridDims => d.dims() as u64,
        HiddenDynamicLdsSize => d.dynamic_lds as u64,
        HiddenPrintfBuffer => h.printf_buffer,
        HiddenHostcallBuffer => h.hostcall_buffer,
        HiddenHeapV1 => h.heap,
        HiddenQueuePtr => h.queue_ptr,
        HiddenPrivateBase => h.private_base,
        HiddenSharedBase => h.shared_base,
        // Global offsets are 0 in HIP; no device-side enqueue, completion action or
        // multi-grid sync.
        _ => return None,
    })
}

/// HSA_PACKET_TYPE_KERNEL_DISPATCH with the barrier bit and system-scope fences.
const DISPATCH_HEADER: u16 = 2 | (1 << 8) | (2 << 9) | (2 << 11);

/// The 64-byte `hsa_kernel_dispatch_packet_t` of a launch.
pub fn dispatch_packet(d: &Dispatch, private_size: u32, group_size: u32, kernel_object: u64, kernarg: u64) -> [u8; 64] {
    let mut p = [0u8; 64];
    let grid = d.grid_size();
    p[0..2].copy_from_slice(&DISPATCH_HEADER.to_le_bytes());
    p[2..4].copy_from_slice(&d.dims().to_le_bytes());
    for i in 0..3 {
        p[4 + 2 * i..6 + 2 * i].copy_from_slice(&(d.block[i] as u16).to_le_bytes());
        p[12 + 4 * i..16 + 4 * i].copy_from_slice(&(grid[i].min(u32::MAX as u64) as u32).to_le_bytes());
    }
    p[24..28].copy_from_slice(&private_size.to_le_bytes());
    p[28..32].copy_from_slice(&group_size.to_le_bytes());
    p[32..40].copy_from_slice(&kernel_object.to_le_bytes());
    p[40..48].copy_from_slice(&kernarg.to_le_bytes());
    p
}

#[cfg(test)]
mod tests {
    use super::super::metadata::ArgMeta;
    use super::*;

    fn arg(offset: usize, size: usize, kind: ValueKind) -> ArgMeta {
        ArgMeta { name: None, offset, size, kind, address_space: None }
    }

    #[test]
    fn v5_hidden_block_follows_the_explicit_args() {
        // histogram (clang-19, v5): 24 explicit bytes, then the hidden block at 24.
        let meta = KernelMeta {
            kernarg_size: 280,
            args: vec![
                arg(0, 8, ValueKind::GlobalBuffer),
                arg(8, 8, ValueKind::GlobalBuffer),
                arg(16, 4, ValueKind::ByValue),
                arg(24, 4, ValueKind::HiddenBlockCountX),
                arg(36, 2, ValueKind::HiddenGroupSizeX),
                arg(42, 2, ValueKind::HiddenRemainderX),
                arg(88, 2, ValueKind::HiddenGridDims),
                arg(144, 4, ValueKind::HiddenDynamicLdsSize),
            ],
            ..Default::default()
        };
        let (a, b, n) = (0x1111_2222_3333_4444u64, 0x5555_6666_7777_8888u64, 1000u32);
        let ptrs = [&a as *const u64 as *const u8, &b as *const u64 as *const u8, &n as *const u32 as *const u8];
        let d = Dispatch { groups: [4, 1, 1], block: [256, 1, 1], dynamic_lds: 1024 };
        let seg = unsafe { build(&meta, Explicit::Pointers(&ptrs), &d, &HiddenValues::default()) }.unwrap();
        assert_eq!(seg.len(), 280);
        assert_eq!(u64::from_le_bytes(seg[0..8].try_into().unwrap()), a);
        assert_eq!(u64::from_le_bytes(seg[8..16].try_into().unwrap()), b);
        assert_eq!(u32::from_le_bytes(seg[16..20].try_into().unwrap()), 1000);
        assert_eq!(u32::from_le_bytes(seg[24..28].try_into().unwrap()), 4);
        assert_eq!(u16::from_le_bytes(seg[36..38].try_into().unwrap()), 256);
        assert_eq!(u16::from_le_bytes(seg[42..44].try_into().unwrap()), 0);
        assert_eq!(u16::from_le_bytes(seg[88..90].try_into().unwrap()), 1);
        assert_eq!(u32::from_le_bytes(seg[144..148].try_into().unwrap()), 1024);
    }

    #[test]
    fn missing_argument_pointer_is_invalid_value() {
        let meta = KernelMeta { kernarg_size: 8, args: vec![arg(0, 8, ValueKind::GlobalBuffer)], ..Default::default() };
        let d = Dispatch { groups: [1; 3], block: [1; 3], dynamic_lds: 0 };
        let r = unsafe { build(&meta, Explicit::Pointers(&[std::ptr::null()]), &d, &HiddenValues::default()) };
        assert_eq!(r.unwrap_err(), HipError::INVALID_VALUE);
        let r = unsafe { build(&meta, Explicit::Packed(&[0u8; 4]), &d, &HiddenValues::default()) };
        assert_eq!(r.unwrap_err(), HipError::INVALID_VALUE);
    }

    #[test]
    fn dispatch_packet_fields() {
        let d = Dispatch { groups: [10, 2, 1], block: [64, 4, 1], dynamic_lds: 0 };
        let p = dispatch_packet(&d, 272, 4096, 0xabc, 0xdef0);
        assert_eq!(u16::from_le_bytes([p[2], p[3]]), 2);
        assert_eq!(u16::from_le_bytes([p[4], p[5]]), 64);
        assert_eq!(u16::from_le_bytes([p[6], p[7]]), 4);
        assert_eq!(u32::from_le_bytes(p[12..16].try_into().unwrap()), 640);
        assert_eq!(u32::from_le_bytes(p[16..20].try_into().unwrap()), 8);
        assert_eq!(u32::from_le_bytes(p[24..28].try_into().unwrap()), 272);
        assert_eq!(u64::from_le_bytes(p[40..48].try_into().unwrap()), 0xdef0);
    }
}
