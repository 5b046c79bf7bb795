//! The hardware's ranges for what a kernel's metadata and descriptor ask of a launch. A
//! launch sizes registers, LDS and scratch from these values, so a damaged or hostile code
//! object could otherwise ask for gigabytes per wave (or registers past the file's end).
//! No compiler emits values outside these ranges; a kernel that does is refused at launch
//! (`hipErrorInvalidDeviceFunction`), the rest of its code object still loads.

use super::descriptor::{KernelDescriptor, SgprLayout};
use super::metadata::KernelMeta;

/// SGPRs a wave addresses (s0-s105 on gfx10+; gfx9 has 102 plus its specials).
pub const SGPR_FILE: u32 = 106;
/// VGPRs one wave may allocate: 256 architectural, 512 with gfx90a's unified AGPRs.
pub const MAX_VGPRS: u32 = 512;
pub const MAX_AGPRS: u32 = 256;
/// `.sgpr_count` counts VCC, FLAT_SCRATCH and XNACK_MASK too; an SGPR operand field
/// encodes at most 128 registers.
pub const MAX_SGPR_COUNT: u32 = 128;
/// Work-items per workgroup on every AMDGCN target.
pub const MAX_WORKGROUP_SIZE: u32 = 1024;
/// Scratch one wave may have: COMPUTE_TMPRING_SIZE.WAVESIZE (13 bits of 1 KiB).
pub const MAX_WAVE_SCRATCH: u64 = 8191 * 1024;
/// Kernarg dwords preloaded into user SGPRs (gfx90a/gfx940: at most 16 user SGPRs).
pub const MAX_PRELOADED_KERNARGS: u16 = 16;

/// LDS one workgroup may allocate on `processor` (64 KiB; gfx950 has 160 KiB).
pub fn max_lds(processor: &str) -> u32 {
    if processor == "gfx950" { 160 << 10 } else { 64 << 10 }
}

/// Why kernel metadata `m` of a `processor` code object is outside the hardware's ranges.
pub fn check_meta(m: &KernelMeta, processor: &str) -> Result<(), String> {
    if !matches!(m.wavefront_size, 0 | 32 | 64) {
        return Err(format!("wavefront size {}", m.wavefront_size));
    }
    if m.vgpr_count > MAX_VGPRS || m.agpr_count > MAX_AGPRS || m.sgpr_count > MAX_SGPR_COUNT {
        return Err(format!("{} VGPRs, {} AGPRs, {} SGPRs", m.vgpr_count, m.agpr_count, m.sgpr_count));
    }
    if m.max_flat_workgroup_size > MAX_WORKGROUP_SIZE {
        return Err(format!("maximum workgroup size {}", m.max_flat_workgroup_size));
    }
    let lanes = if m.wavefront_size == 32 { 32 } else { 64 };
    check_segments(m.group_segment_fixed_size, m.private_segment_fixed_size, lanes, processor)
}

/// Why kernel descriptor `kd` of a `processor` code object is outside the hardware's
/// ranges: its segment sizes, or initial SGPRs that would lie past the register file.
pub fn check_descriptor(kd: &KernelDescriptor, processor: &str) -> Result<(), String> {
    let lanes = if kd.wave32() { 32 } else { 64 };
    check_segments(kd.group_segment_fixed_size, kd.private_segment_fixed_size, lanes, processor)?;
    if kd.kernarg_preload & 0x7f > MAX_PRELOADED_KERNARGS {
        return Err(format!("{} preloaded kernarg dwords", kd.kernarg_preload & 0x7f));
    }
    let end = sgpr_layout_end(&kd.sgpr_layout());
    if end > SGPR_FILE {
        return Err(format!("initial SGPRs up to s{} (the file ends at s{})", end - 1, SGPR_FILE - 1));
    }
    Ok(())
}

fn check_segments(lds: u32, private: u32, lanes: u64, processor: &str) -> Result<(), String> {
    if lds > max_lds(processor) {
        return Err(format!("{lds} bytes of LDS (at most {})", max_lds(processor)));
    }
    if private as u64 * lanes > MAX_WAVE_SCRATCH {
        return Err(format!("{private} bytes of scratch per work-item (at most {} for wave{lanes})", MAX_WAVE_SCRATCH / lanes));
    }
    Ok(())
}

/// One past the last SGPR the layout initialises.
fn sgpr_layout_end(l: &SgprLayout) -> u32 {
    let spans = [
        (l.private_segment_buffer, 4),
        (l.dispatch_ptr, 2),
        (l.queue_ptr, 2),
        (l.kernarg_ptr, 2),
        (l.dispatch_id, 2),
        (l.flat_scratch_init, 2),
        (l.preloaded_kernargs.map(|(at, _)| at), l.preloaded_kernargs.map_or(0, |(_, n)| n as u32)),
        (l.private_segment_size, 1),
        (l.workgroup_id[0], 1),
        (l.workgroup_id[1], 1),
        (l.workgroup_id[2], 1),
        (l.workgroup_info, 1),
        (l.private_segment_wave_offset, 1),
    ];
    spans.iter().filter_map(|&(at, n)| at.map(|a| a as u32 + n)).max().unwrap_or(0).max(l.user_sgpr_count as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta() -> KernelMeta {
        KernelMeta { wavefront_size: 32, vgpr_count: 64, sgpr_count: 40, max_flat_workgroup_size: 1024, group_segment_fixed_size: 4096, private_segment_fixed_size: 256, ..Default::default() }
    }

    #[test]
    fn compiler_values_pass() {
        assert_eq!(check_meta(&meta(), "gfx1100"), Ok(()));
        // hipcc's gfx1030 layout (descriptor.rs's test): props 0x42b, RSRC2 0x95.
        let kd = KernelDescriptor { properties: 0x42b, rsrc2: 0x95, group_segment_fixed_size: 65536, ..Default::default() };
        assert_eq!(check_descriptor(&kd, "gfx1030"), Ok(()));
    }

    #[test]
    fn each_range_is_enforced() {
        let bad: [fn(&mut KernelMeta); 7] = [
            |m| m.wavefront_size = 48,
            |m| m.vgpr_count = 513,
            |m| m.agpr_count = 257,
            |m| m.sgpr_count = 129,
            |m| m.max_flat_workgroup_size = 2048,
            |m| m.group_segment_fixed_size = 65537,
            // 262,113 bytes per lane is one more than a wave32's 8,387,584.
            |m| m.private_segment_fixed_size = 262_113,
        ];
        for (i, f) in bad.iter().enumerate() {
            let mut m = meta();
            f(&mut m);
            assert!(check_meta(&m, "gfx1100").is_err(), "case {i} passed");
        }
        let mut m = meta();
        m.private_segment_fixed_size = 262_112;
        assert_eq!(check_meta(&m, "gfx1100"), Ok(()));
        m.wavefront_size = 64;
        assert!(check_meta(&m, "gfx90a").is_err());
        m.group_segment_fixed_size = 160 << 10;
        m.private_segment_fixed_size = 0;
        assert!(check_meta(&m, "gfx90a").is_err());
        assert_eq!(check_meta(&m, "gfx950"), Ok(()));
    }

    #[test]
    fn sgprs_past_the_file_are_refused() {
        // USER_SGPR_COUNT 31 with every system SGPR: s31-s35, inside the file.
        let rsrc2 = 31 << 1 | 0xf << 7 | 1;
        let fine = KernelDescriptor { properties: 0x7f, rsrc2, ..Default::default() };
        assert_eq!(check_descriptor(&fine, "gfx1100"), Ok(()));
        // 16 preloaded kernarg dwords after the 14 enabled SGPRs, then the private segment size:
        // fine; 17 dwords are not.
        let preload = KernelDescriptor { properties: 0x7f, kernarg_preload: 16, ..Default::default() };
        assert_eq!(check_descriptor(&preload, "gfx90a"), Ok(()));
        let too_many = KernelDescriptor { kernarg_preload: 17, ..preload };
        assert!(check_descriptor(&too_many, "gfx90a").is_err());
        assert_eq!(sgpr_layout_end(&preload.sgpr_layout()), 4 + 5 * 2 + 16 + 1);
        // The layout's end counts the widest span: a private segment buffer at s0 is s0-s3.
        let psb = KernelDescriptor { properties: 1, ..Default::default() };
        assert_eq!(sgpr_layout_end(&psb.sgpr_layout()), 4);
    }
}
