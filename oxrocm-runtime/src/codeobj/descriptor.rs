//! The 64-byte AMDHSA kernel descriptor (`<kernel>.kd`, LLVM AMDGPUUsage "Kernel
//! Descriptor") and the initial register state it asks for ("Initial Kernel Execution
//! State"): which SGPRs hold the kernarg pointer, the dispatch packet, the workgroup ids…,
//! and how work-item ids arrive in VGPRs.

use super::elf::{u16_at, u32_at, u64_at};

/// The fields of a kernel descriptor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelDescriptor {
    pub group_segment_fixed_size: u32,
    pub private_segment_fixed_size: u32,
    pub kernarg_size: u32,
    /// Entry point, relative to the descriptor's own address.
    pub entry_offset: i64,
    pub rsrc1: u32,
    pub rsrc2: u32,
    pub rsrc3: u32,
    pub properties: u16,
    /// Kernarg preload (gfx90a/gfx940+): length (bits 0-6) and offset (7-15) in dwords.
    pub kernarg_preload: u16,
}

// kernel_code_properties bits.
const PRIVATE_SEGMENT_BUFFER: u16 = 1 << 0;
const DISPATCH_PTR: u16 = 1 << 1;
const QUEUE_PTR: u16 = 1 << 2;
const KERNARG_SEGMENT_PTR: u16 = 1 << 3;
const DISPATCH_ID: u16 = 1 << 4;
const FLAT_SCRATCH_INIT: u16 = 1 << 5;
const PRIVATE_SEGMENT_SIZE: u16 = 1 << 6;
const WAVEFRONT_SIZE32: u16 = 1 << 10;
const USES_DYNAMIC_STACK: u16 = 1 << 11;

/// Where the hardware would have put each value in a wave's SGPRs at entry (first
/// register of each; `None` where the descriptor does not ask for it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SgprLayout {
    /// 4 SGPRs: the private segment buffer descriptor (scratch through MUBUF).
    pub private_segment_buffer: Option<u8>,
    /// 2 SGPRs: address of the AQL dispatch packet.
    pub dispatch_ptr: Option<u8>,
    pub queue_ptr: Option<u8>,
    /// 2 SGPRs: address of the kernarg segment.
    pub kernarg_ptr: Option<u8>,
    pub dispatch_id: Option<u8>,
    /// 2 SGPRs: flat scratch base/size for this wave (gfx10: its offset and size).
    pub flat_scratch_init: Option<u8>,
    /// Preloaded kernarg dwords (first register, count).
    pub preloaded_kernargs: Option<(u8, u8)>,
    pub private_segment_size: Option<u8>,
    pub workgroup_id: [Option<u8>; 3],
    pub workgroup_info: Option<u8>,
    /// The wave's byte offset into scratch.
    pub private_segment_wave_offset: Option<u8>,
    /// Registers reserved for user SGPRs (USER_SGPR_COUNT): system SGPRs start here.
    pub user_sgpr_count: u8,
}

impl KernelDescriptor {
    pub fn parse(b: &[u8]) -> Option<KernelDescriptor> {
        if b.len() < 64 {
            return None;
        }
        Some(KernelDescriptor {
            group_segment_fixed_size: u32_at(b, 0)?,
            private_segment_fixed_size: u32_at(b, 4)?,
            kernarg_size: u32_at(b, 8)?,
            entry_offset: u64_at(b, 16)? as i64,
            rsrc3: u32_at(b, 44)?,
            rsrc1: u32_at(b, 48)?,
            rsrc2: u32_at(b, 52)?,
            properties: u16_at(b, 56)?,
            kernarg_preload: u16_at(b, 58)?,
        })
    }

    /// Wave32 (gfx10+ with ENABLE_WAVEFRONT_SIZE32), else wave64.
    pub fn wave32(&self) -> bool {
        self.properties & WAVEFRONT_SIZE32 != 0
    }
    pub fn uses_dynamic_stack(&self) -> bool {
        self.properties & USES_DYNAMIC_STACK != 0
    }
    /// COMPUTE_PGM_RSRC2.USER_SGPR_COUNT.
    pub fn user_sgpr_count(&self) -> u8 {
        ((self.rsrc2 >> 1) & 0x1f) as u8
    }
    /// Work-item id dimensions delivered in VGPRs (1 to 3).
    pub fn workitem_id_dims(&self) -> u32 {
        ((self.rsrc2 >> 11) & 3) + 1
    }
    /// FLOAT_DENORM_MODE_32 (RSRC1 bits 16-17): 3 keeps f32 denormals in and out.
    pub fn denorm_mode_f32(&self) -> u32 {
        (self.rsrc1 >> 16) & 3
    }
    /// FLOAT_DENORM_MODE_16_64 (bits 18-19).
    pub fn denorm_mode_f16_f64(&self) -> u32 {
        (self.rsrc1 >> 18) & 3
    }
    /// ENABLE_IEEE_MODE (bit 23).
    pub fn ieee_mode(&self) -> bool {
        self.rsrc1 & (1 << 23) != 0
    }
    /// ENABLE_DX10_CLAMP (bit 21).
    pub fn dx10_clamp(&self) -> bool {
        self.rsrc1 & (1 << 21) != 0
    }
    /// VGPRs a wave allocates (granulated count in RSRC1 bits 0-5: blocks of 8 for wave32
    /// on gfx10+, of 4 otherwise; gfx90a's unified file counts in 8s as well).
    pub fn vgpr_count(&self, wave32: bool, gfx90a_like: bool) -> u32 {
        let g = (self.rsrc1 & 0x3f) + 1;
        if wave32 || gfx90a_like { g * 8 } else { g * 4 }
    }

    /// The SGPRs the descriptor asks to be initialised, in the hardware's order.
    pub fn sgpr_layout(&self) -> SgprLayout {
        let mut l = SgprLayout { user_sgpr_count: self.user_sgpr_count(), ..Default::default() };
        let mut next = 0u8;
        let mut take = |flag: bool, n: u8| -> Option<u8> {
            flag.then(|| {
                let at = next;
                next += n;
                at
            })
        };
        let p = self.properties;
        l.private_segment_buffer = take(p & PRIVATE_SEGMENT_BUFFER != 0, 4);
        l.dispatch_ptr = take(p & DISPATCH_PTR != 0, 2);
        l.queue_ptr = take(p & QUEUE_PTR != 0, 2);
        l.kernarg_ptr = take(p & KERNARG_SEGMENT_PTR != 0, 2);
        l.dispatch_id = take(p & DISPATCH_ID != 0, 2);
        l.flat_scratch_init = take(p & FLAT_SCRATCH_INIT != 0, 2);
        let preload = (self.kernarg_preload & 0x7f) as u8;
        l.preloaded_kernargs = take(preload > 0, preload).map(|at| (at, preload));
        l.private_segment_size = take(p & PRIVATE_SEGMENT_SIZE != 0, 1);
        // System SGPRs follow the reserved user SGPRs (which may exceed the ones used:
        // gfx11 pads them).
        let mut sys = l.user_sgpr_count.max(next);
        let mut take_sys = |flag: bool| -> Option<u8> {
            flag.then(|| {
                sys += 1;
                sys - 1
            })
        };
        let r = self.rsrc2;
        for (i, id) in l.workgroup_id.iter_mut().enumerate() {
            *id = take_sys(r & (1 << (7 + i)) != 0);
        }
        l.workgroup_info = take_sys(r & (1 << 10) != 0);
        l.private_segment_wave_offset = take_sys(r & 1 != 0);
        l
    }
}

/// Whether a processor delivers the work-item ids packed into v0 (x | y << 10 | z << 20)
/// rather than in v0, v1, v2: gfx90a, gfx940-942 and gfx11+.
pub fn packed_workitem_ids(processor: &str) -> bool {
    let digits = processor.trim_start_matches("gfx");
    matches!(digits, "90a" | "940" | "941" | "942" | "950") || digits.len() == 4 && digits.as_bytes()[0] == b'1' && digits.as_bytes()[1] >= b'1'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kd(props: u16, rsrc2: u32) -> KernelDescriptor {
        KernelDescriptor { properties: props, rsrc2, ..Default::default() }
    }

    #[test]
    fn gfx1030_hipcc_layout() {
        // device_features (gfx1030, hipcc 5.2): props 0x42b (psb, dispatch, kernarg, flat
        // scratch, wave32), RSRC2 0x95 (private segment, 10 user SGPRs, workgroup id x).
        let l = kd(0x42b, 0x95).sgpr_layout();
        assert_eq!(l.private_segment_buffer, Some(0));
        assert_eq!(l.dispatch_ptr, Some(4));
        assert_eq!(l.kernarg_ptr, Some(6));
        assert_eq!(l.flat_scratch_init, Some(8));
        assert_eq!(l.user_sgpr_count, 10);
        assert_eq!(l.workgroup_id, [Some(10), None, None]);
        assert_eq!(l.private_segment_wave_offset, Some(11));
        assert!(kd(0x42b, 0x95).wave32());
    }

    #[test]
    fn gfx1100_pads_user_sgprs() {
        // device_features (gfx1100, clang-19): only the kernarg pointer (props 0x408), but
        // USER_SGPR_COUNT 15: the workgroup id x is s15.
        let l = kd(0x408, 0x9f).sgpr_layout();
        assert_eq!(l.kernarg_ptr, Some(0));
        assert_eq!(l.user_sgpr_count, 15);
        assert_eq!(l.workgroup_id[0], Some(15));
        assert_eq!(l.private_segment_wave_offset, Some(16));
    }

    #[test]
    fn packed_ids_by_processor() {
        assert!(!packed_workitem_ids("gfx1030"));
        assert!(!packed_workitem_ids("gfx906"));
        assert!(packed_workitem_ids("gfx90a"));
        assert!(packed_workitem_ids("gfx942"));
        assert!(packed_workitem_ids("gfx1100"));
        assert!(packed_workitem_ids("gfx1201"));
    }
}
