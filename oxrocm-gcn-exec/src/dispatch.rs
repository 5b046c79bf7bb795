//! A launch: the initial register state of each wave (as the kernel descriptor asks), and
//! the grid's workgroups run across threads.

use crate::memory::Memory;
use crate::wave::Wave;
use crate::workgroup::{Program, Trap, run_workgroup};
use rayon::prelude::*;

/// Which SGPRs the kernel expects filled at entry (first register of each), and how its
/// work-item ids arrive. Mirrors the kernel descriptor (`oxrocm-runtime`'s
/// `codeobj::descriptor::SgprLayout`).
#[derive(Clone, Copy, Debug, Default)]
pub struct EntryState {
    pub private_segment_buffer: Option<u8>,
    pub dispatch_ptr: Option<u8>,
    pub queue_ptr: Option<u8>,
    pub kernarg_ptr: Option<u8>,
    pub dispatch_id: Option<u8>,
    pub flat_scratch_init: Option<u8>,
    pub private_segment_size: Option<u8>,
    pub workgroup_id: [Option<u8>; 3],
    pub workgroup_info: Option<u8>,
    pub private_segment_wave_offset: Option<u8>,
    /// Work-item ids packed into v0 (x | y << 10 | z << 20) rather than v0, v1, v2.
    pub packed_ids: bool,
    /// Work-item id dimensions delivered (1 to 3).
    pub id_dims: u32,
}

/// Base of the window of flat addresses that reach LDS, and of the one that reaches a
/// lane's private memory: above the 47-bit user address space of x86-64 and AArch64 (so no
/// host allocation can be mistaken for them), 4 GiB each, and multiples of 2^48 as the
/// hardware's aperture registers (`SH_MEM_BASES`) require; the same values ROCm uses.
pub const SHARED_APERTURE: u64 = 1 << 48;
pub const PRIVATE_APERTURE: u64 = 2 << 48;
/// Base address of the private segment buffer resource (a V# holds 48 address bits, so
/// this cannot be the flat window): MUBUF accesses through it reach the lanes' scratch.
pub const PRIVATE_BUFFER_BASE: u64 = 0xc000_0000_0000;

/// Everything a launch needs besides the program and memory.
#[derive(Clone, Debug)]
pub struct Launch {
    /// Address of the kernel's first instruction.
    pub entry: u64,
    pub lanes: usize,
    pub vgprs: usize,
    pub state: EntryState,
    pub kernarg: u64,
    pub dispatch_packet: u64,
    pub groups: [u32; 3],
    pub block: [u32; 3],
    /// Static plus dynamic LDS bytes per workgroup.
    pub lds_bytes: usize,
    /// Private bytes per work-item.
    pub private_size: usize,
    /// Initial MODE register (float modes from the descriptor).
    pub mode: u32,
    /// When the launch must have ended; a wave still running then stops it with
    /// [`Trap::TimedOut`]. `None`: no limit.
    pub deadline: Option<std::time::Instant>,
}

impl Launch {
    fn threads_per_group(&self) -> usize {
        self.block.iter().map(|&b| b as usize).product()
    }

    fn total_groups(&self) -> u64 {
        self.groups.iter().map(|&g| g as u64).product()
    }

    /// The id of the launch's `i`-th workgroup (x fastest).
    fn workgroup(&self, i: u64) -> [u32; 3] {
        let [gx, gy, _] = self.groups.map(|g| g as u64);
        [(i % gx) as u32, ((i / gx) % gy) as u32, (i / (gx * gy)) as u32]
    }

    /// The waves of workgroup `wg`, registers as at kernel entry.
    pub fn waves(&self, wg: [u32; 3]) -> Vec<Wave> {
        let threads = self.threads_per_group();
        let n = threads.div_ceil(self.lanes);
        let (bx, by) = (self.block[0] as usize, self.block[1] as usize);
        let s = &self.state;
        (0..n)
            .map(|w| {
                let mut wave = Wave::new(self.lanes, self.vgprs.max(3));
                wave.id = w as u32;
                wave.pc = self.entry;
                wave.mode = self.mode;
                wave.deadline = self.deadline;
                for lane in 0..self.lanes {
                    let flat = w * self.lanes + lane;
                    if flat >= threads {
                        break;
                    }
                    wave.exec |= 1 << lane;
                    let (x, y, z) = ((flat % bx) as u32, ((flat / bx) % by) as u32, (flat / (bx * by)) as u32);
                    if s.packed_ids {
                        wave.v_mut(0)[lane] = x | y << 10 | z << 20;
                    } else {
                        wave.v_mut(0)[lane] = x;
                        if s.id_dims > 1 {
                            wave.v_mut(1)[lane] = y;
                        }
                        if s.id_dims > 2 {
                            wave.v_mut(2)[lane] = z;
                        }
                    }
                }
                // Each wave has its own private memory (WaveCtx::scratch), so its offset into
                // scratch is 0: a private access's offset is then the lane's own.
                let scratch_offset = 0u32;
                if let Some(r) = s.private_segment_buffer {
                    // A buffer resource whose base is the private aperture: the program
                    // resolves accesses through it to the lanes' own scratch.
                    let base = PRIVATE_BUFFER_BASE;
                    wave.sgpr[r as usize] = base as u32;
                    wave.sgpr[r as usize + 1] = (base >> 32) as u32 & 0xffff;
                    wave.sgpr[r as usize + 2] = u32::MAX;
                    wave.sgpr[r as usize + 3] = 0;
                }
                if let Some(r) = s.dispatch_ptr {
                    wave.set_s64(r as usize, self.dispatch_packet);
                }
                if let Some(r) = s.kernarg_ptr {
                    wave.set_s64(r as usize, self.kernarg);
                }
                if let Some(r) = s.flat_scratch_init {
                    // gfx10: the wave's scratch offset and the per-lane size.
                    wave.sgpr[r as usize] = scratch_offset;
                    wave.sgpr[r as usize + 1] = self.private_size as u32;
                }
                if let Some(r) = s.private_segment_size {
                    wave.sgpr[r as usize] = self.private_size as u32;
                }
                for (d, r) in s.workgroup_id.iter().enumerate() {
                    if let Some(r) = r {
                        wave.sgpr[*r as usize] = wg[d];
                    }
                }
                if let Some(r) = s.workgroup_info {
                    wave.sgpr[r as usize] = n as u32;
                }
                if let Some(r) = s.private_segment_wave_offset {
                    wave.sgpr[r as usize] = scratch_offset;
                }
                wave
            })
            .collect()
    }
}

/// Runs every workgroup of `launch` (in parallel when `parallel`); the first fault stops
/// the launch's remaining workgroups from starting.
pub fn run_grid(program: &dyn Program, launch: &Launch, memory: &Memory, parallel: bool) -> Result<(), Trap> {
    let total = launch.total_groups();
    let failed = std::sync::atomic::AtomicBool::new(false);
    let one = |i: u64| -> Result<(), Trap> {
        if failed.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(());
        }
        let wg = launch.workgroup(i);
        let mut waves = launch.waves(wg);
        let r = run_workgroup(program, &mut waves, memory, launch.lds_bytes, launch.private_size, wg);
        if r.is_err() {
            failed.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        r
    };
    if parallel { pool().install(|| (0..total).into_par_iter().try_for_each(one)) } else { (0..total).try_for_each(one) }
}

/// Stack for threads that run waves: compiled kernel code keeps its spills in large
/// frames (a region of thousands of instructions), beyond the 2 MiB a thread gets by
/// default. Only the pages used are ever committed.
pub const WAVE_STACK: usize = 64 << 20;

/// The threads that run a launch's workgroups (and the waves of device-function calls,
/// [`crate::call`]): one per core, with [`WAVE_STACK`].
pub(crate) fn pool() -> &'static rayon::ThreadPool {
    static POOL: std::sync::OnceLock<rayon::ThreadPool> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(WAVE_STACK)
            .thread_name(|i| format!("oxrocm-waves-{i}"))
            .build()
            .expect("a thread pool for kernel launches")
    })
}

/// Runs a cooperative launch: all workgroups resident at once, their waves taking turns on
/// this thread, so that grid-wide barriers are met (see `workgroup::run_cooperative`).
pub fn run_grid_cooperative(program: &dyn Program, launch: &Launch, memory: &Memory) -> Result<(), Trap> {
    let groups = (0..launch.total_groups()).map(|i| launch.workgroup(i)).map(|wg| (wg, launch.waves(wg))).collect();
    crate::workgroup::run_cooperative(program, groups, memory, launch.lds_bytes, launch.private_size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workgroup::{Stop, WaveCtx};

    /// A one-dimensional launch of the toy programs below: kernarg pointer in s[4:5], the
    /// workgroup id in s6, wave 32.
    fn toy_launch(kernarg: u64, groups: u32, block: u32, lds_bytes: usize) -> Launch {
        Launch {
            entry: 0,
            lanes: 32,
            vgprs: 4,
            state: EntryState { kernarg_ptr: Some(4), workgroup_id: [Some(6), None, None], id_dims: 1, ..Default::default() },
            kernarg,
            dispatch_packet: 0,
            groups: [groups, 1, 1],
            block: [block, 1, 1],
            lds_bytes,
            private_size: 0,
            mode: 0,
            deadline: None,
        }
    }

    #[test]
    fn a_launch_past_its_deadline_stops_with_timed_out() {
        use crate::interp::Interp;
        use crate::ir::{Inst, Opnd};
        use crate::jit::Policy;
        // `s_branch` to itself: a wave that never ends, alone in its workgroup and with
        // other waves beside it, interpreted and compiled.
        let spin = || vec![Inst::new("s_branch", Opnd::None, &[]).offset(-1), Inst::new("s_endpgm", Opnd::None, &[])];
        let mem = Memory::checked(vec![]);
        for policy in [Policy::Off, Policy::Always] {
            for block in [32, 96] {
                let prog = Interp::new(0, spin()).with_jit_policy(policy);
                let mut launch = toy_launch(0, 2, block, 0);
                let start = std::time::Instant::now();
                launch.deadline = Some(start + std::time::Duration::from_millis(100));
                let r = run_grid(&prog, &launch, &mem, true);
                assert!(matches!(r, Err(Trap::TimedOut)), "{policy:?}, block {block}: {r:?}");
                assert!(start.elapsed() < std::time::Duration::from_secs(20), "{policy:?}: stopped late");
            }
        }
    }

    #[test]
    fn a_vgpr_past_the_file_fails_the_launch() {
        use crate::interp::Interp;
        use crate::ir::{Inst, Opnd};
        use crate::jit::Policy;
        // The toy launch gives 4 VGPRs (+ temporaries); the code writes v200, reads v100,
        // or loads 4 dwords of LDS into v250-v253: damaged code, or a descriptor that
        // under-counts. Each must fail the launch, not index out of bounds.
        let kinds: [Vec<Inst>; 3] = [
            vec![Inst::new("v_mov_b32", Opnd::V(200), &[Opnd::Imm(7)])],
            vec![Inst::new("v_mov_b32", Opnd::V(1), &[Opnd::V(100)])],
            vec![Inst::new("v_mov_b32", Opnd::V(0), &[Opnd::Imm(0)]), Inst::new("ds_read_b128", Opnd::V(250), &[Opnd::V(0)])],
        ];
        let mem = Memory::checked(vec![]);
        for (k, code) in kinds.into_iter().enumerate() {
            for policy in [Policy::Off, Policy::Always] {
                let mut code = code.clone();
                code.push(Inst::new("s_endpgm", Opnd::None, &[]));
                let prog = Interp::new(0, code).with_jit_policy(policy);
                let r = run_grid(&prog, &toy_launch(0, 2, 64, 1024), &mem, true);
                assert!(matches!(r, Err(Trap::RegisterRange(_))), "case {k}, {policy:?}: {r:?}");
            }
        }
    }

    /// A toy program, two phases split by a barrier: each wave writes its lanes' flat ids
    /// into LDS, then (after the barrier) copies its neighbour wave's LDS slots to global
    /// memory at kernarg[0] — right only if the barrier held every wave back.
    struct Rotate;
    impl Program for Rotate {
        fn run(&self, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
            let waves = (ctx.lds.len() / 4).div_ceil(w.lanes);
            match w.pc {
                0 => {
                    for lane in (0..w.lanes).filter(|&l| w.active(l)) {
                        let flat = w.id as usize * w.lanes + lane;
                        ctx.lds[4 * flat..4 * flat + 4].copy_from_slice(&(w.v(0)[lane]).to_le_bytes());
                    }
                    w.pc = 1;
                    Ok(Stop::Barrier)
                }
                _ => {
                    let out = ctx.memory.read_u64(w.s64(4))?;
                    let next = (w.id as usize + 1) % waves;
                    for lane in (0..w.lanes).filter(|&l| w.active(l)) {
                        let src = next * w.lanes + lane;
                        let v = u32::from_le_bytes(ctx.lds[4 * src..4 * src + 4].try_into().unwrap());
                        let flat = ctx.workgroup_id[0] as u64 * 128 + (w.id as u64 * w.lanes as u64 + lane as u64);
                        ctx.memory.write_u32(out + 4 * flat, v + 1000 * w.sgpr[6])?;
                    }
                    Ok(Stop::Ended)
                }
            }
        }
    }

    #[test]
    fn barriers_order_the_waves_of_a_workgroup() {
        let mut out = vec![0u32; 3 * 128];
        let kernarg = [out.as_mut_ptr() as u64];
        let launch = toy_launch(kernarg.as_ptr() as u64, 3, 128, 128 * 4);
        let mem = Memory::checked(vec![(kernarg.as_ptr() as u64, 8), (out.as_ptr() as u64, out.len() * 4)]);
        for parallel in [false, true] {
            out.iter_mut().for_each(|v| *v = 0);
            run_grid(&Rotate, &launch, &mem, parallel).unwrap();
            for g in 0..3 {
                for t in 0..128 {
                    // Thread t of group g holds the id of thread (t + 32) mod 128.
                    assert_eq!(out[g * 128 + t], ((t + 32) % 128) as u32 + 1000 * g as u32, "group {g} thread {t}");
                }
            }
        }
    }

    /// One wave per workgroup: writes its group id to slot g, waits at a grid barrier for
    /// `want` waves, then copies slot g + 1 (another workgroup's) to slot N + g.
    struct Neighbours {
        want: u32,
    }
    impl Program for Neighbours {
        fn run(&self, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
            let out = ctx.memory.read_u64(w.s64(4))?;
            let (g, n) = (ctx.workgroup_id[0] as u64, 4u64);
            if w.pc == 0 {
                ctx.memory.write_u32(out + 4 * g, 100 + g as u32)?;
                w.pc = 1;
                return Ok(Stop::GridBarrier(self.want));
            }
            let v = ctx.memory.read_u32(out + 4 * ((g + 1) % n))?;
            ctx.memory.write_u32(out + 4 * (n + g), v)?;
            Ok(Stop::Ended)
        }
    }

    #[test]
    fn cooperative_launches_meet_grid_barriers() {
        let mut out = vec![0u32; 8];
        let kernarg = [out.as_mut_ptr() as u64];
        let launch = toy_launch(kernarg.as_ptr() as u64, 4, 32, 0);
        let mem = Memory::checked(vec![(kernarg.as_ptr() as u64, 8), (out.as_ptr() as u64, out.len() * 4)]);
        run_grid_cooperative(&Neighbours { want: 4 }, &launch, &mem).unwrap();
        // Workgroup 3 read workgroup 0's slot, written before the barrier opened.
        assert_eq!(out[4..], [101, 102, 103, 100]);
        // A barrier no set of waves can meet, and one in an ordinary launch, fail the launch.
        assert!(matches!(run_grid_cooperative(&Neighbours { want: 5 }, &launch, &mem), Err(Trap::Hang(_))));
        assert!(matches!(run_grid(&Neighbours { want: 4 }, &launch, &mem, false), Err(Trap::Hang(_))));
    }

    #[test]
    fn initial_registers_follow_the_entry_state() {
        let launch = Launch {
            entry: 0x2000,
            lanes: 32,
            vgprs: 8,
            state: EntryState {
                private_segment_buffer: Some(0),
                dispatch_ptr: Some(4),
                kernarg_ptr: Some(6),
                workgroup_id: [Some(8), Some(9), None],
                private_segment_wave_offset: Some(10),
                id_dims: 2,
                ..Default::default()
            },
            kernarg: 0x1234_5678_9000,
            dispatch_packet: 0xabc0,
            groups: [4, 4, 1],
            block: [16, 5, 1],
            lds_bytes: 0,
            private_size: 16,
            mode: 0xf0,
            deadline: None,
        };
        let waves = launch.waves([2, 3, 0]);
        // 80 work-items: 3 waves, the last with 16 live lanes.
        assert_eq!(waves.len(), 3);
        assert_eq!(waves[2].exec, 0xffff);
        let w = &waves[1];
        assert_eq!((w.pc, w.mode, w.exec), (0x2000, 0xf0, 0xffff_ffff));
        assert_eq!((w.s64(4), w.s64(6)), (0xabc0, 0x1234_5678_9000));
        assert_eq!((w.sgpr[8], w.sgpr[9]), (2, 3));
        assert_eq!(w.sgpr[10], 0, "each wave's scratch starts at 0");
        assert_eq!(w.s64(0) & 0xffff_ffff_ffff, PRIVATE_BUFFER_BASE);
        // Lane 5 of wave 1 is work-item 37: x = 37 % 16 = 5, y = 37 / 16 = 2.
        assert_eq!((w.v(0)[5], w.v(1)[5]), (5, 2));
        let packed = Launch { state: EntryState { packed_ids: true, ..launch.state }, ..launch.clone() };
        assert_eq!(packed.waves([0, 0, 0])[1].v(0)[5], 5 | 2 << 10);
    }

    #[test]
    fn a_fault_stops_the_launch_with_its_address() {
        struct Stray;
        impl Program for Stray {
            fn run(&self, _w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
                ctx.memory.write_u32(0x10, 1)?;
                Ok(Stop::Ended)
            }
        }
        let launch = Launch {
            entry: 0,
            lanes: 32,
            vgprs: 1,
            state: EntryState::default(),
            kernarg: 0,
            dispatch_packet: 0,
            groups: [64, 1, 1],
            block: [32, 1, 1],
            lds_bytes: 0,
            private_size: 0,
            mode: 0,
            deadline: None,
        };
        let Trap::Memory(f) = run_grid(&Stray, &launch, &Memory::checked(vec![]), true).unwrap_err() else { panic!("not a memory fault") };
        assert_eq!((f.addr, f.write), (0x10, true));
    }
}
