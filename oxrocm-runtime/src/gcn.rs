//! One launch of an AMDGCN kernel, prepared for the CPU executor (`oxrocm-gcn-exec`): the
//! kernarg segment and AQL dispatch packet in memory the kernel can read, the initial
//! register state its descriptor asks for, the workgroup's LDS and scratch sizes, and the
//! entry address in the loaded image. What runs it is the instruction interpreter.

use crate::codeobj::descriptor::packed_workitem_ids;
use crate::codeobj::kernarg::{self, Dispatch, Explicit, HiddenValues};
use crate::error::{HipError, Result};
use crate::kernel::{GcnKernel, LaunchInfo};
use oxrocm_gcn_exec::dispatch::{EntryState, Launch};

/// A prepared launch; owns the kernarg and packet bytes `launch` points to.
pub struct GcnLaunch {
    pub launch: Launch,
    pub kernarg: Box<[u8]>,
    pub packet: Box<[u8; 64]>,
}

impl GcnLaunch {
    /// The byte ranges this launch adds to the kernel's readable memory.
    pub fn own_ranges(&self) -> [(u64, usize); 2] {
        [(self.kernarg.as_ptr() as u64, self.kernarg.len()), (self.packet.as_ptr() as u64, 64)]
    }
}

/// Prepares kernel `k` (loaded at `image_base`) for `info`, with the explicit argument
/// values `args` (one buffer per argument, as captured at launch).
pub fn prepare(k: &GcnKernel, image_base: u64, info: &LaunchInfo, args: &[Vec<u8>], hidden: &HiddenValues) -> Result<GcnLaunch> {
    let kd = &k.descriptor;
    let lanes = if kd.wave32() { 32 } else { 64 };
    let lds = k.meta.group_segment_fixed_size as usize + info.shared_mem_bytes;
    let d = Dispatch { groups: info.grid, block: info.block, dynamic_lds: info.shared_mem_bytes as u32 };
    let ptrs: Vec<*const u8> = args.iter().map(|a| a.as_ptr()).collect();
    if args.iter().zip(k.meta.explicit_args()).any(|(a, m)| a.len() != m.size) {
        return Err(HipError::INVALID_VALUE);
    }
    // SAFETY: each pointer is a captured buffer of exactly its argument's size.
    let kernarg = unsafe { kernarg::build(&k.meta, Explicit::Pointers(&ptrs), &d, hidden)? }.into_boxed_slice();
    let kd_addr = image_base + k.entry.wrapping_add_signed(-kd.entry_offset);
    let packet = Box::new(kernarg::dispatch_packet(&d, k.meta.private_segment_fixed_size, lds as u32, kd_addr, kernarg.as_ptr() as u64));
    let l = kd.sgpr_layout();
    let processor = k.target.split(':').next().unwrap_or("");
    let state = EntryState {
        private_segment_buffer: l.private_segment_buffer,
        dispatch_ptr: l.dispatch_ptr,
        queue_ptr: l.queue_ptr,
        kernarg_ptr: l.kernarg_ptr,
        dispatch_id: l.dispatch_id,
        flat_scratch_init: l.flat_scratch_init,
        private_segment_size: l.private_segment_size,
        workgroup_id: l.workgroup_id,
        workgroup_info: l.workgroup_info,
        private_segment_wave_offset: l.private_segment_wave_offset,
        packed_ids: packed_workitem_ids(processor),
        id_dims: kd.workitem_id_dims(),
    };
    let launch = Launch {
        entry: image_base + k.entry,
        lanes,
        vgprs: (k.meta.vgpr_count as usize).max(kd.vgpr_count(kd.wave32(), processor == "gfx90a") as usize),
        state,
        kernarg: kernarg.as_ptr() as u64,
        dispatch_packet: packet.as_ptr() as u64,
        groups: info.grid,
        block: info.block,
        lds_bytes: lds,
        private_size: k.meta.private_segment_fixed_size as usize,
        // MODE's float fields as the descriptor sets them (RSRC1 bits 12-19 hold round and
        // denorm modes; MODE keeps them in bits 0-7), with IEEE and DX10 clamp above.
        mode: (kd.rsrc1 >> 12) & 0xff | (kd.ieee_mode() as u32) << 9 | (kd.dx10_clamp() as u32) << 8,
    };
    Ok(GcnLaunch { launch, kernarg, packet })
}
