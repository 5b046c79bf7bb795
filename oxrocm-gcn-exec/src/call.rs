//! Calls of a device function (not a kernel): a client's `__device__` function whose
//! address it hands to a library, as rocFFT's load and store callbacks are, run for many
//! lanes a wave at a time.
//!
//! The registers follow the AMDGPU calling convention of LLVM's `amdgpu_gfx`/default
//! device functions (AMDGPUUsage, "Call Convention"): each lane's arguments arrive in v0,
//! v1, ... as 32-bit words (a pointer or `size_t` in two consecutive VGPRs, low word first;
//! `float` or `half` in one, `half2` packed into one, `float2` and `double` in two), and its
//! result leaves in v0, v1, ... the same way. s[0:3] is the private segment buffer resource,
//! s32 the stack pointer (each wave's scratch starts at 0 here, as for kernels in
//! [`crate::dispatch`]) and s[30:31] the return address: [`RETURN_SENTINEL`], where no code
//! lies, so the function's `s_setpc_b64 s[30:31]` ends the wave.

use crate::memory::Memory;
use crate::wave::Wave;
use crate::workgroup::{Program, Stop, Trap, WaveCtx};
use rayon::prelude::*;

/// The return address of a called wave: past the 48-bit space any code is loaded in and
/// 4-byte aligned, so the fetch there fails with exactly this address.
pub const RETURN_SENTINEL: u64 = 0xffff_ffff_ffff_fff0;

/// VGPRs a called wave has: as many as the ISA can address (the function's own count is
/// not recorded anywhere a caller could read).
pub const CALL_VGPRS: usize = 256;

/// One call: where the function starts and the wave it runs in.
#[derive(Clone, Debug)]
pub struct Call {
    /// Address of the function's first instruction.
    pub entry: u64,
    /// 32 or 64: the wave size the code was compiled for.
    pub lanes: usize,
    /// Private (stack) bytes each lane has.
    pub private_size: usize,
    /// Initial MODE register (float round and denorm modes, IEEE, DX10 clamp).
    pub mode: u32,
    /// When the call must have ended (`None`: no limit).
    pub deadline: Option<std::time::Instant>,
}

/// Waves a task of the pool runs one after another (a wave is cheap; a task per wave would
/// cost more in scheduling than the function's few dozen instructions).
const WAVES_PER_TASK: usize = 16;

/// Calls the function for `n` lanes: lane `i`'s arguments are
/// `args[i * arg_words..(i + 1) * arg_words]`, and its result words (v0, v1, ... when it
/// returns) go to `results[i * result_words..]`. Waves run in parallel on the launch pool;
/// the first trap stops the call.
#[allow(clippy::too_many_arguments)]
pub fn call(program: &dyn Program, c: &Call, memory: &Memory, n: usize, args: &[u32], arg_words: usize, results: &mut [u32], result_words: usize) -> Result<(), Trap> {
    assert!(args.len() == n * arg_words && results.len() == n * result_words, "argument and result arrays match the lane count");
    assert!(arg_words <= CALL_VGPRS && result_words <= CALL_VGPRS, "arguments fit the VGPRs");
    if n == 0 {
        return Ok(());
    }
    let per_task = c.lanes * WAVES_PER_TASK;
    // Each task owns its stretch of results; `result_words` may be 0 (a store callback).
    let run_task = |t: usize, out: &mut [u32]| -> Result<(), Trap> {
        let first = t * per_task;
        let count = per_task.min(n - first);
        let mut scratch = vec![0u8; c.lanes * c.private_size];
        // One wave for the task's waves in turn: a fresh one per wave would clear its 33 KiB
        // of VGPRs for a few dozen instructions' work.
        let mut w = Wave::new(c.lanes, CALL_VGPRS);
        for w0 in (0..count).step_by(c.lanes) {
            let lanes = c.lanes.min(count - w0);
            let a = &args[(first + w0) * arg_words..(first + w0 + lanes) * arg_words];
            let r = &mut out[w0 * result_words..(w0 + lanes) * result_words];
            call_wave(program, c, memory, &mut w, &mut scratch, lanes, a, arg_words, r, result_words)?;
        }
        Ok(())
    };
    let tasks = n.div_ceil(per_task);
    if tasks == 1 {
        return run_task(0, results);
    }
    let chunk = (per_task * result_words).max(1);
    if result_words == 0 {
        return crate::dispatch::pool().install(|| (0..tasks).into_par_iter().try_for_each(|t| run_task(t, &mut [])));
    }
    crate::dispatch::pool().install(|| results.par_chunks_mut(chunk).enumerate().try_for_each(|(t, out)| run_task(t, out)))
}

/// One wave of `lanes` live lanes, from entry to return, in `w` (a wave of `c.lanes` lanes
/// that ran before or is new). The state a function may read is set afresh: its argument
/// VGPRs, EXEC, the SGPRs of the convention, VCC, SCC, M0, MODE. Its other VGPRs keep what
/// the last call left, as a callee finds whatever its caller had there.
#[allow(clippy::too_many_arguments)]
fn call_wave(program: &dyn Program, c: &Call, memory: &Memory, w: &mut Wave, scratch: &mut [u8], lanes: usize, args: &[u32], arg_words: usize, results: &mut [u32], result_words: usize) -> Result<(), Trap> {
    w.sgpr = [0; crate::wave::SGPRS];
    (w.vcc, w.scc, w.m0, w.trapsts) = (0, false, 0, 0);
    w.jit = Default::default();
    w.hold_stores = false;
    w.beyond_file.set(false);
    w.pc = c.entry;
    w.mode = c.mode;
    w.deadline = c.deadline;
    w.exec = if lanes == 64 { u64::MAX } else { (1u64 << lanes) - 1 };
    for lane in 0..lanes {
        for (r, &word) in args[lane * arg_words..(lane + 1) * arg_words].iter().enumerate() {
            w.v_mut(r)[lane] = word;
        }
    }
    // The private segment buffer resource, as a kernel's waves get it: accesses through it
    // reach the lanes' own scratch.
    let base = crate::dispatch::PRIVATE_BUFFER_BASE;
    w.sgpr[0] = base as u32;
    w.sgpr[1] = (base >> 32) as u32 & 0xffff;
    w.sgpr[2] = u32::MAX;
    w.sgpr[3] = 0;
    w.set_s64(30, RETURN_SENTINEL);
    w.sgpr[32] = 0;
    w.sgpr[33] = 0;
    let mut lds: [u8; 0] = [];
    loop {
        w.backedges_left = crate::catchup::slice(w.deadline.is_some());
        let mut ctx = WaveCtx { memory, lds: &mut lds, scratch: &mut *scratch, private_size: c.private_size, workgroup_id: [0; 3] };
        let stop = program.run(w, &mut ctx);
        if w.beyond_file.get() {
            return Err(Trap::RegisterRange(w.pc));
        }
        match stop {
            Err(Trap::BadPc(pc)) if pc == RETURN_SENTINEL => break,
            Err(t) => return Err(t),
            // A wave alone meets its own barrier; yields only let others run.
            Ok(Stop::Barrier | Stop::Yield | Stop::GridBarrier(1)) => {}
            Ok(Stop::GridBarrier(n)) => return Err(Trap::Hang(format!("a grid barrier for {n} waves in a called device function"))),
            Ok(Stop::Ended) => return Err(Trap::Unsupported("s_endpgm in a called device function (it must return)".into(), w.pc)),
        }
        if w.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err(Trap::TimedOut);
        }
    }
    for lane in 0..lanes {
        for r in 0..result_words {
            results[lane * result_words + r] = w.v(r)[lane];
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::Interp;
    use crate::ir::{Inst, Opnd};
    use crate::jit::Policy;

    /// `f(a: u64 pointer, i: u64) -> u32`: returns `a[i] + i` (32-bit words), as a
    /// callback reads its buffer at an offset, then returns through s[30:31].
    fn load_plus_offset() -> Vec<Inst> {
        vec![
            // v[4:5] = i << 2; v[0:1] = a + v[4:5]
            Inst::new("v_lshlrev_b64", Opnd::V(4), &[Opnd::Imm(2), Opnd::V(2)]),
            Inst::new("v_add_co_u32", Opnd::V(0), &[Opnd::V(0), Opnd::V(4)]).dst2(Opnd::Vcc),
            Inst::new("v_add_co_ci_u32", Opnd::V(1), &[Opnd::V(1), Opnd::V(5), Opnd::Vcc]).dst2(Opnd::Vcc),
            Inst::new("global_load_dword", Opnd::V(6), &[Opnd::V(0), Opnd::None]),
            Inst::new("v_add_nc_u32", Opnd::V(0), &[Opnd::V(6), Opnd::V(2)]),
            Inst::new("s_setpc_b64", Opnd::None, &[Opnd::S(30)]),
        ]
    }

    fn call_of(entry: u64, lanes: usize) -> Call {
        Call { entry, lanes, private_size: 64, mode: 0x3f0, deadline: None }
    }

    #[test]
    fn each_lane_gets_its_arguments_and_returns_its_result() {
        let data: Vec<u32> = (0..1000).map(|i| i * 7 + 3).collect();
        let mem = Memory::checked(vec![(data.as_ptr() as u64, data.len() * 4)]);
        // Lane l reads element (l * 37) % 1000; 1,000 lanes: several tasks, a partial wave.
        let n = 1000;
        let mut args = Vec::new();
        for l in 0..n as u64 {
            let i = (l * 37) % 1000;
            let p = data.as_ptr() as u64;
            args.extend_from_slice(&[p as u32, (p >> 32) as u32, i as u32, (i >> 32) as u32]);
        }
        for policy in [Policy::Off, Policy::Always] {
            for lanes in [32, 64] {
                let prog = Interp::new(0x1000, load_plus_offset()).with_jit_policy(policy);
                let mut out = vec![0u32; n];
                call(&prog, &call_of(0x1000, lanes), &mem, n, &args, 4, &mut out, 1).unwrap();
                for (l, &v) in out.iter().enumerate() {
                    let i = (l * 37) % 1000;
                    assert_eq!(v, data[i] + i as u32, "{policy:?}, wave{lanes}, lane {l}");
                }
            }
        }
    }

    #[test]
    fn a_fault_in_the_function_fails_the_call() {
        let prog = Interp::new(0x1000, load_plus_offset());
        // A pointer no region covers.
        let args = [0x10u32, 0, 0, 0];
        let mut out = [0u32; 1];
        let r = call(&prog, &call_of(0x1000, 32), &Memory::checked(vec![]), 1, &args, 4, &mut out, 1);
        assert!(matches!(r, Err(Trap::At(ref t, _)) if matches!(**t, Trap::Memory(_))), "{r:?}");
    }

    #[test]
    fn a_function_that_ends_the_wave_or_jumps_nowhere_fails() {
        let ends = Interp::new(0, vec![Inst::new("s_endpgm", Opnd::None, &[])]);
        let mut out = [0u32; 1];
        let r = call(&ends, &call_of(0, 32), &Memory::checked(vec![]), 1, &[0], 1, &mut out, 1);
        assert!(matches!(r, Err(Trap::Unsupported(..))), "{r:?}");
        // A return address other than the sentinel (the function overwrote s[30:31]).
        let stray = Interp::new(0, vec![Inst::new("s_mov_b32", Opnd::S(30), &[Opnd::Imm(0x40)]), Inst::new("s_setpc_b64", Opnd::None, &[Opnd::S(30)])]);
        let r = call(&stray, &call_of(0, 32), &Memory::checked(vec![]), 1, &[0], 1, &mut out, 1);
        assert!(matches!(r, Err(Trap::BadPc(_))), "{r:?}");
    }

    #[test]
    fn stores_run_without_results() {
        // f(p: u64, v: u32): *p = v, each lane its own word.
        let code = vec![
            Inst::new("global_store_dword", Opnd::None, &[Opnd::V(0), Opnd::V(2), Opnd::None]),
            Inst::new("s_setpc_b64", Opnd::None, &[Opnd::S(30)]),
        ];
        let prog = Interp::new(0x400, code);
        let out = vec![0u32; 700];
        let mem = Memory::checked(vec![(out.as_ptr() as u64, out.len() * 4)]);
        let mut args = Vec::new();
        for l in 0..700u64 {
            let p = out.as_ptr() as u64 + 4 * (699 - l);
            args.extend_from_slice(&[p as u32, (p >> 32) as u32, l as u32 * 3]);
        }
        call(&prog, &call_of(0x400, 32), &mem, 700, &args, 3, &mut [], 0).unwrap();
        for (i, &v) in out.iter().enumerate() {
            assert_eq!(v, (699 - i as u32) * 3, "word {i}");
        }
    }
}
