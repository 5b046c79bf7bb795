//! A wave's architectural state.

/// SGPRs a wave can address as s0..s105 (gfx10/gfx11); VCC, M0 and EXEC live apart.
pub const SGPRS: usize = 106;

/// VGPRs a wave has beyond the kernel's own, for the executor's temporaries (DPP and SDWA
/// operands), at indices `vgprs..vgprs + TEMP_VGPRS`.
pub const TEMP_VGPRS: usize = 3;

/// One wave: lanes × VGPRs, SGPRs, and the special registers.
#[derive(Clone, Debug)]
pub struct Wave {
    /// 32 or 64 lanes.
    pub lanes: usize,
    pub sgpr: [u32; SGPRS],
    /// `vgpr[r * lanes + lane]`: register r of each lane, contiguous per register so an
    /// operation over the lanes walks one slice.
    pub vgpr: Vec<u32>,
    pub vgprs: usize,
    pub exec: u64,
    pub vcc: u64,
    pub scc: bool,
    pub m0: u32,
    /// Byte address (in the loaded image's address space) of the next instruction.
    pub pc: u64,
    /// MODE register (round and denorm modes, IEEE, DX10 clamp).
    pub mode: u32,
    /// Index of the wave in its workgroup.
    pub id: u32,
    /// Trap status and the like, kept for s_getreg reads.
    pub trapsts: u32,
    /// Where this wave's recent global loads started, per load instruction (direct-mapped
    /// by the instruction's address): the stride between its executions predicts the next
    /// one's addresses, which are then prefetched (`memops::prefetch_next`).
    pub last_loads: [(usize, u64); 4],
    /// Compiled code's note on where this wave resumes (after a barrier or a call), and
    /// the address the wave started at (see `jit`).
    pub jit: JitNote,
    /// Set by the workgroup while other waves run beside this one: its next store that
    /// other waves can read parks it first ([`crate::catchup`]); cleared when it has.
    pub hold_stores: bool,
    /// Backward jumps left before the wave yields to the others of its workgroup, set by
    /// the workgroup before each run ([`crate::catchup`]).
    pub backedges_left: u32,
    /// When the launch must have ended (`OXROCM_LAUNCH_TIMEOUT_MS`): the workgroup checks it
    /// each time the wave stops or yields, and the wave yields every slice of backward
    /// jumps while there is one ([`crate::catchup::slice`]).
    pub deadline: Option<std::time::Instant>,
    /// Set when an instruction named a VGPR past the wave's file (damaged code, or a
    /// kernel whose descriptor under-counts its registers): such a read gives zeros, such a
    /// write lands in `sink`, and the workgroup fails the launch when the wave stops
    /// (`Trap::RegisterRange`) rather than indexing out of bounds.
    pub beyond_file: std::cell::Cell<bool>,
    sink: [u32; 64],
}

/// What a read of a VGPR past the wave's file gives.
static NO_REGISTER: [u32; 64] = [0; 64];

/// Where a wave that left compiled code goes back in, and where it began.
#[derive(Clone, Copy, Debug, Default)]
pub struct JitNote {
    /// The address the wave resumes at, and the compiled function and entry index that
    /// continue there (function 0: none).
    pub resume_pc: u64,
    pub resume_f: usize,
    pub resume_index: u32,
    /// The wave's first address (its kernel's entry), 0 until it first runs.
    pub origin: u64,
}

impl Wave {
    pub fn new(lanes: usize, vgprs: usize) -> Wave {
        debug_assert!(lanes == 32 || lanes == 64);
        Wave {
            lanes,
            sgpr: [0; SGPRS],
            vgpr: vec![0; lanes * (vgprs + TEMP_VGPRS)],
            vgprs,
            exec: 0,
            vcc: 0,
            scc: false,
            m0: 0,
            pc: 0,
            mode: 0,
            id: 0,
            trapsts: 0,
            last_loads: [(0, 0); 4],
            jit: JitNote::default(),
            hold_stores: false,
            backedges_left: u32::MAX,
            deadline: None,
            beyond_file: std::cell::Cell::new(false),
            sink: [0; 64],
        }
    }

    /// Register r over the lanes.
    pub fn v(&self, r: usize) -> &[u32] {
        match self.vgpr.get(r * self.lanes..(r + 1) * self.lanes) {
            Some(v) => v,
            None => {
                self.beyond_file.set(true);
                &NO_REGISTER[..self.lanes]
            }
        }
    }
    pub fn v_mut(&mut self, r: usize) -> &mut [u32] {
        let n = self.lanes;
        if (r + 1) * n <= self.vgpr.len() {
            &mut self.vgpr[r * n..(r + 1) * n]
        } else {
            self.beyond_file.set(true);
            &mut self.sink[..n]
        }
    }
    /// Whether registers `r..r + count` lie within the file; notes it when they do not.
    pub fn vgprs_within(&self, r: usize, count: usize) -> bool {
        let fits = (r + count) * self.lanes <= self.vgpr.len();
        if !fits {
            self.beyond_file.set(true);
        }
        fits
    }

    /// Mask of all lanes of this wave.
    pub fn full_mask(&self) -> u64 {
        if self.lanes == 64 { u64::MAX } else { (1u64 << self.lanes) - 1 }
    }

    /// Whether `lane` is active (its EXEC bit set).
    pub fn active(&self, lane: usize) -> bool {
        self.exec >> lane & 1 != 0
    }

    /// A 64-bit value from the SGPR pair s[r], s[r+1].
    pub fn s64(&self, r: usize) -> u64 {
        self.sgpr[r] as u64 | (self.sgpr[r + 1] as u64) << 32
    }
    pub fn set_s64(&mut self, r: usize, v: u64) {
        self.sgpr[r] = v as u32;
        self.sgpr[r + 1] = (v >> 32) as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_are_per_lane_slices() {
        let mut w = Wave::new(32, 4);
        w.v_mut(2)[5] = 7;
        assert_eq!(w.v(2)[5], 7);
        assert_eq!(w.v(1)[5], 0);
        w.set_s64(4, 0x1122_3344_5566_7788);
        assert_eq!((w.sgpr[4], w.sgpr[5]), (0x5566_7788, 0x1122_3344));
        assert_eq!(w.s64(4), 0x1122_3344_5566_7788);
        assert_eq!(w.full_mask(), 0xffff_ffff);
        w.exec = 0b101;
        assert!(w.active(0) && !w.active(1) && w.active(2));
        assert_eq!(Wave::new(64, 1).full_mask(), u64::MAX);
    }
}
