//! A first interpreter over [`Inst`]: scalar ALU and memory, branches and calls, EXEC
//! manipulation, vector integer and f32 ALU, compares, lane reads/writes, global/flat
//! loads and stores, LDS and cross-lane LDS ops. What it does not know it reports as
//! [`Trap::Unsupported`], naming the instruction and its address.

use crate::access::*;
use crate::ir::{Inst, Opnd};
use crate::wave::Wave;
use crate::workgroup::{Program, Stop, Trap, WaveCtx};
use crate::ir::LaneSel;
use crate::{lanes, lanesel, memops, scalar, vector16, vector_ext, vector_float, vector_int};

/// What one interpreted instruction did to the wave's course.
enum Step {
    Next,
    Stopped(Stop),
    /// An indirect jump (`s_setpc_b64`, `s_swappc_b64`).
    Jumped,
}

/// Decoded code: instructions by address.
pub struct Interp {
    base: u64,
    /// Indexed by (pc - base) / 4; `None` inside multi-word instructions.
    code: Vec<Option<Inst>>,
    /// Per code word: bytes from that instruction to the next one that does something,
    /// past the no-ops that follow it (`s_delay_alu`, `s_waitcnt`, ...: a quarter of a
    /// typical loop's instructions), so the wave does not dispatch them.
    advance: Vec<u32>,
    /// Compiled code of hot regions, per wave size (32, 64), made on first use.
    jit: [std::sync::OnceLock<crate::jit::Jit>; 2],
    /// When regions compile (`OXROCM_GCN_JIT` unless set here).
    jit_policy: crate::jit::Policy,
}

impl Interp {
    /// Lays `insts` out from address `base`, each after the previous by its length.
    pub fn new(base: u64, insts: Vec<Inst>) -> Interp {
        let mut code = Vec::new();
        for mut i in insts {
            i.fast = crate::fast::resolve(&i);
            i.shared_store = crate::catchup::is_shared_store(i.name);
            if let Some(p) = i.pair.as_mut() {
                p.fast = crate::fast::resolve(p);
            }
            let words = (i.len as usize / 4).max(1);
            code.push(Some(i));
            code.extend(std::iter::repeat_n(None, words - 1));
        }
        // From the end: an instruction advances by its length, plus the advance of the
        // next one when that is a no-op.
        let mut advance = vec![0u32; code.len()];
        for w in (0..code.len()).rev() {
            let Some(i) = &code[w] else { continue };
            let next = w + (i.len as usize / 4).max(1);
            let skip = match code.get(next) {
                Some(Some(n)) if matches!(n.fast, crate::fast::Fast::Nop) => advance[next],
                _ => 0,
            };
            advance[w] = (i.len as u32).max(4) + skip;
        }
        Interp { base, code, advance, jit: Default::default(), jit_policy: crate::jit::policy() }
    }

    /// This program with its own compile policy (tests compare compiled and interpreted
    /// runs in one process).
    pub fn with_jit_policy(mut self, p: crate::jit::Policy) -> Interp {
        self.jit_policy = p;
        self
    }

    /// The instruction at `pc` and its index, if one starts there.
    pub(crate) fn inst_at(&self, pc: u64) -> Option<(usize, &Inst)> {
        self.fetch(pc).ok()
    }

    /// The instruction at index `at` (one [`Interp::inst_at`] returned).
    pub(crate) fn inst(&self, at: usize) -> &Inst {
        self.code[at].as_ref().expect("an instruction starts here")
    }

    /// The compiled code for waves of `lanes` lanes.
    pub fn jit(&self, lanes: usize) -> &crate::jit::Jit {
        self.jit[(lanes == 64) as usize].get_or_init(|| crate::jit::Jit::new(lanes, self.jit_policy))
    }

    /// Runs `i` (at `pc`) once, the wave's PC already at the next instruction, as the
    /// step loop does: compiled code's way into the interpreter.
    pub(crate) fn exec_at(&self, i: &Inst, pc: u64, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Option<Stop>, Trap> {
        self.exec(i, pc, w, ctx)
    }

    /// The instruction at `pc` and its index. (The trap is built lazily: an eager one is
    /// dropped on every fetch, a call since `Trap` owns strings.)
    #[allow(clippy::unnecessary_lazy_evaluations)]
    fn fetch(&self, pc: u64) -> Result<(usize, &Inst), Trap> {
        let i = pc.checked_sub(self.base).filter(|d| d % 4 == 0).map(|d| (d / 4) as usize);
        i.and_then(|i| self.code.get(i).and_then(Option::as_ref).map(|inst| (i, inst))).ok_or_else(|| Trap::BadPc(pc))
    }
}

/// Hardware register ids of `s_getreg`/`s_setreg` (gfx10/gfx11).
const HW_REG_MODE: u32 = 1;
const HW_REG_TRAPSTS: u32 = 3;
const HW_REG_SH_MEM_BASES: u32 = 15;

/// (id, bit offset, field mask) of a `hwreg(...)` selector.
fn hwreg_field(sel: u32) -> (u32, u32, u32) {
    let size = (sel >> 11 & 31) + 1;
    (sel & 63, sel >> 6 & 31, if size == 32 { u32::MAX } else { (1 << size) - 1 })
}

fn hwreg_read(w: &Wave, sel: u32) -> u32 {
    let (id, off, mask) = hwreg_field(sel);
    let whole = match id {
        HW_REG_MODE => w.mode,
        HW_REG_TRAPSTS => w.trapsts,
        // The apertures' bits 63:48 (private in the low half, shared in the high).
        HW_REG_SH_MEM_BASES => ((crate::dispatch::SHARED_APERTURE >> 48) as u32 & 0xffff) << 16 | ((crate::dispatch::PRIVATE_APERTURE >> 48) as u32 & 0xffff),
        _ => 0,
    };
    whole >> off & mask
}

fn hwreg_write(w: &mut Wave, sel: u32, v: u32) {
    let (id, off, mask) = hwreg_field(sel);
    let m = mask << off;
    match id {
        HW_REG_MODE => w.mode = (w.mode & !m) | (v << off & m),
        HW_REG_TRAPSTS => w.trapsts = (w.trapsts & !m) | (v << off & m),
        // Flat scratch setup, scheduling hints and the like have no effect here.
        _ => {}
    }
}

/// `OXROCM_GCN_TRACE=1`: every instruction wave 0 of workgroup 0 executes goes to
/// stderr with the destination's value afterwards (lane 0 for VGPRs).
fn trace_on() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("OXROCM_GCN_TRACE").is_some_and(|v| v != "0"))
}

/// `OXROCM_GCN_TRACE_GROUP=x[,y,z[,wave]]`: the workgroup, and the wave in it, the trace
/// follows (default 0,0,0 and wave 0).
fn trace_group() -> [u32; 4] {
    static G: std::sync::OnceLock<[u32; 4]> = std::sync::OnceLock::new();
    *G.get_or_init(|| {
        let mut g = [0u32; 4];
        if let Ok(v) = std::env::var("OXROCM_GCN_TRACE_GROUP") {
            for (d, x) in g.iter_mut().zip(v.split(',')) {
                *d = x.trim().parse().unwrap_or(0);
            }
        }
        g
    })
}

/// Whether the trace follows this wave.
fn traced(w: &Wave, ctx: &WaveCtx) -> bool {
    trace_on() && {
        let g = trace_group();
        ctx.workgroup_id == [g[0], g[1], g[2]] && w.id == g[3]
    }
}

/// `OXROCM_GCN_TRACE=2`: VGPR destinations with every lane.
fn trace_all_lanes() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("OXROCM_GCN_TRACE").is_ok_and(|v| v == "2"))
}

fn trace(i: &Inst, pc: u64, w: &Wave) {
    let show = |o: Opnd| match o {
        Opnd::V(n) if trace_all_lanes() => format!("v{n}={:x?}", w.v(n as usize)),
        Opnd::V(n) => format!("v{n}={:#x}", w.v(n as usize)[0]),
        Opnd::S(n) => format!("s{n}={:#x}", w.sgpr[n as usize]),
        Opnd::Vcc => format!("vcc={:#x}", w.vcc),
        Opnd::Exec => format!("exec={:#x}", w.exec),
        o => format!("{o:?}"),
    };
    let srcs: Vec<String> = i.src.iter().filter(|o| **o != Opnd::None).map(|o| format!("{o:?}")).collect();
    eprintln!("{pc:#x} {} {} <- {} | {} scc={} exec={:#x}", i.name, show(i.dst), srcs.join(","), show(i.dst2), w.scc as u8, w.exec);
}

/// Whether the interpreter implements `i`: runs it once on one active lane of a scratch
/// wave with no memory (a memory fault counts as implemented; only an unsupported
/// instruction does not). For coverage reports over whole code objects.
pub fn implements(i: &Inst) -> bool {
    let mut w = Wave::new(32, 256);
    w.exec = 1;
    w.mode = 0xf0;
    let memory = crate::memory::Memory::checked(vec![]);
    let mut lds = [0u8; 64];
    let mut scratch = [0u8; 0];
    let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
    let mut i = i.clone();
    i.fast = crate::fast::resolve(&i);
    let p = Interp::new(0, vec![]);
    !matches!(p.exec(&i, 0, &mut w, &mut ctx), Err(Trap::Unsupported(..)))
}

/// Runs `i` if it has a form resolved at load (ALU ops, compares, branches, whole-dword
/// global and LDS accesses); false when it needs the general path.
#[inline]
fn run_resolved(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Result<bool, Trap> {
    match i.fast {
        crate::fast::Fast::Global { load, dwords } => memops::global_dwords(i, w, ctx, load, dwords as usize).map(|()| true),
        crate::fast::Fast::Lds { load, dwords } => {
            memops::lds_dwords(i, w, ctx, load, dwords as usize);
            Ok(true)
        }
        crate::fast::Fast::GlobalSmall(sm) => crate::memfast::global_small(i, w, ctx, sm).map(|()| true),
        crate::fast::Fast::Scratch { load, dwords } => crate::memfast::scratch_dwords(i, w, ctx, load, dwords as usize).map(|()| true),
        crate::fast::Fast::LdsSmall(sm) => {
            crate::memfast::lds_small(i, w, ctx, sm);
            Ok(true)
        }
        crate::fast::Fast::LdsTwo(t) => {
            crate::memfast::lds_two(i, w, ctx, t);
            Ok(true)
        }
        _ => Ok(crate::fast::run(i, w)),
    }
}

impl Program for Interp {
    fn run(&self, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
        self.step_all(w, ctx)
    }
}

impl Interp {
    /// Runs until the wave ends or reaches a barrier: in compiled code where the region
    /// is hot ([`crate::jit`]), else interpreted.
    pub fn step_all(&self, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
        let traced = traced(w, ctx);
        if traced || self.jit_policy == crate::jit::Policy::Off {
            return self.step_all_interpreted(w, ctx);
        }
        let jit = self.jit(w.lanes);
        loop {
            if let Some(r) = crate::jit::run(jit, self, w, ctx) {
                return r;
            }
            // No code here yet: interpret, counting the work against this address (a run
            // that goes on past the budget comes back, so a long loop is counted as it runs).
            let from = w.pc;
            if w.jit.origin == 0 {
                w.jit.origin = from;
            }
            let (stop, ran) = self.interpret(w, ctx, crate::jit::INTERPRETED_BUDGET);
            jit.record(w.jit.origin, from, ran);
            if let Some(stop) = stop? {
                return Ok(stop);
            }
        }
    }

    /// Runs until the wave ends or reaches a barrier, every instruction interpreted.
    pub fn step_all_interpreted(&self, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
        Ok(self.interpret(w, ctx, u64::MAX).0?.expect("an unlimited run ends in a stop"))
    }

    /// Interprets until the wave stops, or `None` after `budget` instructions (the PC then
    /// at the next one); and the number of instructions run.
    fn interpret(&self, w: &mut Wave, ctx: &mut WaveCtx, budget: u64) -> (Result<Option<Stop>, Trap>, u64) {
        let mut left = budget;
        let r = self.interpret_for(w, ctx, &mut left);
        (r, budget - left)
    }

    fn interpret_for(&self, w: &mut Wave, ctx: &mut WaveCtx, budget: &mut u64) -> Result<Option<Stop>, Trap> {
        let traced = traced(w, ctx);
        // A limited run comes back after an indirect jump (a call or return), where
        // compiled code may take over.
        let limited = *budget != u64::MAX;
        while *budget > 0 {
            *budget -= 1;
            match self.step(w, ctx, traced)? {
                Step::Next => {}
                Step::Stopped(stop) => return Ok(Some(stop)),
                Step::Jumped if limited => return Ok(None),
                Step::Jumped => {}
            }
        }
        // Out of budget: on to the next backward jump, so that the work is counted at a
        // loop's head (the same address each time) rather than wherever it ran out.
        loop {
            let pc = w.pc;
            match self.step(w, ctx, traced)? {
                Step::Stopped(stop) => return Ok(Some(stop)),
                Step::Jumped => return Ok(None),
                Step::Next if w.pc <= pc => return Ok(None),
                Step::Next => {}
            }
        }
    }

    /// Runs the instruction at the wave's PC.
    #[inline(always)]
    fn step(&self, w: &mut Wave, ctx: &mut WaveCtx, traced: bool) -> Result<Step, Trap> {
        let pc = w.pc;
        let (at, i) = self.fetch(pc)?;
        if crate::catchup::parks_before(i, w) {
            return Ok(Step::Stopped(Stop::Yield));
        }
        // Instructions see the address of the next one (branch offsets, s_getpc).
        let next = pc + i.len as u64;
        w.pc = next;
        // Resolved ALU ops, compares and branches first, without the general path's
        // result (a large enum returned through memory on every instruction).
        if !traced && i.pair.is_none() && run_resolved(i, w, ctx).map_err(|t| t.at(pc))? {
            if w.pc == next {
                w.pc = pc + self.advance[at] as u64;
            } else if w.pc <= pc && crate::catchup::backedge(w) {
                return Ok(Step::Stopped(Stop::Yield));
            }
            return Ok(Step::Next);
        }
        let stop = self.exec(i, pc, w, ctx).map_err(|t| t.at(pc))?;
        if traced {
            trace(i, pc, w);
        }
        // Not a taken branch: on past the no-ops that follow.
        if w.pc == next {
            w.pc = pc + self.advance[at] as u64;
        } else if stop.is_none() && w.pc <= pc && crate::catchup::backedge(w) {
            return Ok(Step::Stopped(Stop::Yield));
        }
        Ok(match stop {
            Some(stop) => Step::Stopped(stop),
            None if matches!(i.name, "s_setpc_b64" | "s_swappc_b64") => Step::Jumped,
            None => Step::Next,
        })
    }

    fn exec(&self, i: &Inst, pc: u64, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Option<Stop>, Trap> {
        let Some(y) = &i.pair else { return self.exec_one(i, pc, w, ctx) };
        // VOPD: both halves read their sources before either writes; the halves are
        // independent except that Y may read a register X overwrites, so then Y goes first.
        let y_reads_x = y.src.contains(&i.dst);
        let (first, second) = if y_reads_x { (&**y, i) } else { (i, &**y) };
        self.exec_one(first, pc, w, ctx)?;
        self.exec_one(second, pc, w, ctx)
    }

    fn exec_one(&self, i: &Inst, pc: u64, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Option<Stop>, Trap> {
        if run_resolved(i, w, ctx)? {
            return Ok(None);
        }
        let n = i.name;
        let unsupported = || Trap::Unsupported(n.to_string(), pc);
        // Flow instructions are known at load (the general path sees only the rest).
        if matches!(i.fast, crate::fast::Fast::Flow) {
            if let Some(stop) = self.control(i, w, ctx)? {
                return Ok(stop);
            }
        }
        if n.starts_with("s_") {
            self.scalar(i, w, ctx).ok_or_else(unsupported)??;
        } else if n.starts_with("v_") {
            if i.lanes == LaneSel::Plain {
                self.vector(i, w).ok_or_else(unsupported)?;
            } else {
                lanesel::run(i, w, |i, w| self.vector(i, w)).ok_or_else(unsupported)?;
            }
        } else if n.starts_with("global_") || n.starts_with("flat_") || n.starts_with("scratch_") {
            memops::flat(i, w, ctx).ok_or_else(unsupported)??;
        } else if n.starts_with("buffer_") {
            memops::buffer(i, w, ctx).ok_or_else(unsupported)??;
        } else if n.starts_with("ds_") {
            if !self.cross_lane(i, w) {
                memops::lds(i, w, ctx).ok_or_else(unsupported)??;
            }
        } else {
            return Err(unsupported());
        }
        Ok(None)
    }

    /// Program flow. `Ok(Some(Some(stop)))`: the wave stops; `Ok(Some(None))`: handled
    /// here (branch, call, no-op); `Ok(None)`: not a flow instruction.
    fn control(&self, i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Option<Option<Stop>>, Trap> {
        let jump = |w: &mut Wave| w.pc = w.pc.wrapping_add_signed(i.offset as i64 * 4);
        let taken = match i.name {
            "s_endpgm" => return Ok(Some(Some(Stop::Ended))),
            "s_barrier" => return Ok(Some(Some(Stop::Barrier))),
            // Global wave sync (cooperative groups' grid sync): data0 of the first active lane
            // is the number of waves to wait for, minus one. The resource is initialised by
            // the launch (the scheduler counts arrivals), so ds_gws_init has nothing to do.
            "ds_gws_barrier" => {
                let first = (w.exec & w.full_mask()).trailing_zeros() as usize;
                let count = if first < w.lanes { vsrc(w, i.src[0], first) } else { 0 };
                return Ok(Some(Some(Stop::GridBarrier(count.saturating_add(1)))));
            }
            "ds_gws_init" => return Ok(Some(None)),
            "s_branch" => true,
            "s_cbranch_scc0" => !w.scc,
            "s_cbranch_scc1" => w.scc,
            "s_cbranch_vccz" => w.vcc & w.full_mask() == 0,
            "s_cbranch_vccnz" => w.vcc & w.full_mask() != 0,
            "s_cbranch_execz" => w.exec & w.full_mask() == 0,
            "s_cbranch_execnz" => w.exec & w.full_mask() != 0,
            "s_getpc_b64" => {
                let next = w.pc;
                wr64(w, i.dst, next);
                return Ok(Some(None));
            }
            "s_setpc_b64" => {
                w.pc = rd64(w, i.src[0]);
                return Ok(Some(None));
            }
            "s_swappc_b64" => {
                let next = w.pc;
                w.pc = rd64(w, i.src[0]);
                wr64(w, i.dst, next);
                return Ok(Some(None));
            }
            // Waits, hints and scheduling: nothing to do on an in-order interpreter.
            "s_waitcnt" | "s_waitcnt_vscnt" | "s_waitcnt_vmcnt" | "s_waitcnt_expcnt" | "s_waitcnt_lgkmcnt" | "s_nop"
            | "s_delay_alu" | "s_clause" | "s_setprio" | "s_inst_prefetch" | "s_code_end" | "s_dcache_inv"
            | "s_icache_inv" | "s_gl1_inv" | "buffer_gl0_inv" | "buffer_gl1_inv" | "s_trap" | "s_ttracedata"
            | "s_waitcnt_depctr" | "s_set_inst_prefetch_distance" | "s_sendmsghalt" | "s_dcache_wb" | "s_version" | "v_nop" | "v_pipeflush" | "v_clrexcp" => {
                return Ok(Some(None));
            }
            // A wave that signals or sleeps may be waiting for the host: answer its hostcalls
            // here, on its own thread.
            "s_sendmsg" | "s_sleep" => {
                if let Some(h) = ctx.memory.hostcall() {
                    h.service(&mut crate::hostcall::print_to_c_stream);
                }
                return Ok(Some(None));
            }
            _ => return Ok(None),
        };
        if taken {
            jump(w);
        }
        Ok(Some(None))
    }

    /// The LDS-unit cross-lane ops, which touch no memory: `ds_bpermute_b32` (each lane
    /// reads the lane its address names), `ds_permute_b32` (each lane writes there) and
    /// `ds_swizzle_b32`. Returns false for any other instruction.
    fn cross_lane(&self, i: &Inst, w: &mut Wave) -> bool {
        let n = i.name;
        match n {
            "ds_bpermute_b32" | "ds_permute_b32" => {
                let (mut src, mut addr, mut out) = ([0u32; 64], [0usize; 64], [0u32; 64]);
                for l in 0..w.lanes {
                    src[l] = vsrc(w, i.src[1], l);
                    addr[l] = (vsrc(w, i.src[0], l) as usize).wrapping_add(i.offset as usize) / 4 % w.lanes;
                    out[l] = vsrc(w, i.dst, l);
                }
                if n == "ds_bpermute_b32" {
                    // Inactive source lanes read as 0.
                    for l in active(w) {
                        out[l] = if w.active(addr[l]) { src[addr[l]] } else { 0 };
                    }
                } else {
                    for l in active(w) {
                        out[addr[l]] = src[l];
                    }
                }
                for l in active(w) {
                    vdst(w, i.dst, l, out[l]);
                }
                true
            }
            "ds_swizzle_b32" => {
                let mut src = [0u32; 64];
                for (l, v) in src[..w.lanes].iter_mut().enumerate() {
                    *v = vsrc(w, i.src[0], l);
                }
                for l in active(w) {
                    let s = lanes::swizzle_source(i.offset as u32, l);
                    vdst(w, i.dst, l, if w.active(s) { src[s] } else { 0 });
                }
                true
            }
            _ => false,
        }
    }

    fn scalar(&self, i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Option<Result<(), Trap>> {
        let n = i.name;
        // Scalar loads from memory.
        if n.starts_with("s_load_") || n.starts_with("s_buffer_load_") {
            let count = dwords(n)?;
            let base = rd64(w, i.src[0]) & 0xffff_ffff_ffff;
            let off = match i.src[1] {
                Opnd::None => i.offset as i64,
                o => rd32(w, o) as i64 + i.offset as i64,
            };
            let Opnd::S(d) = i.dst else { return Some(Ok(())) };
            for k in 0..count {
                match ctx.memory.read_u32(base.wrapping_add_signed(off) + 4 * k as u64) {
                    Ok(v) => w.sgpr[d as usize + k] = v,
                    Err(f) => return Some(Err(f.into())),
                }
            }
            return Some(Ok(()));
        }
        // EXEC save-and-modify (wave32: _b32 on exec_lo).
        if let Some(op) = n.strip_suffix("_saveexec_b32").or_else(|| n.strip_suffix("_saveexec_b64")) {
            let s = rd_mask(w, i.src[0]);
            let e = w.exec & w.full_mask();
            wr_mask(w, i.dst, e);
            let new = match op {
                "s_and" => s & e,
                "s_or" => s | e,
                "s_xor" => s ^ e,
                "s_andn2" | "s_and_not1" => s & !e,
                "s_orn2" | "s_or_not1" => s | !e,
                "s_nand" => !(s & e),
                "s_nor" => !(s | e),
                "s_xnor" => !(s ^ e),
                "s_andn1" | "s_and_not0" => !s & e,
                "s_orn1" | "s_or_not0" => !s | e,
                _ => return None,
            } & w.full_mask();
            w.exec = new;
            w.scc = new != 0;
            return Some(Ok(()));
        }
        match n {
            "s_getreg_b32" => {
                let v = hwreg_read(w, i.offset as u32);
                wr32(w, i.dst, v);
                return Some(Ok(()));
            }
            "s_setreg_b32" | "s_setreg_imm32_b32" => {
                hwreg_write(w, i.offset as u32, rd32(w, i.src[0]));
                return Some(Ok(()));
            }
            "s_bitset0_b32" | "s_bitset1_b32" | "s_bitset0_b64" | "s_bitset1_b64" => {
                let bit = rd32(w, i.src[0]) & if n.ends_with("_b64") { 63 } else { 31 };
                let v = rd64(w, i.dst);
                let v = if n.starts_with("s_bitset1") { v | 1 << bit } else { v & !(1 << bit) };
                if n.ends_with("_b64") { wr64(w, i.dst, v) } else { wr32(w, i.dst, v as u32) }
                return Some(Ok(()));
            }
            "s_cmovk_i32" => {
                if w.scc {
                    wr32(w, i.dst, i.offset as u16 as i16 as i32 as u32);
                }
                return Some(Ok(()));
            }
            _ if n.starts_with("s_cmpk_") => {
                let k = i.offset as u16;
                let imm = if n.ends_with("_i32") { k as i16 as i32 as u32 } else { k as u32 };
                // s_cmpk_<rel>_<ty> compares as s_cmp_<rel>_<ty> does.
                let mut name = [0u8; 32];
                let tail = &n.as_bytes()["s_cmpk_".len()..];
                let len = "s_cmp_".len() + tail.len();
                name.get_mut(..6)?.copy_from_slice(b"s_cmp_");
                name.get_mut(6..len)?.copy_from_slice(tail);
                w.scc = scalar::sopc(std::str::from_utf8(&name[..len]).ok()?, rd32(w, i.dst) as u64, imm as u64)?;
                return Some(Ok(()));
            }
            "s_movk_i32" => {
                wr32(w, i.dst, rd32(w, i.src[0]) as u16 as i16 as i32 as u32);
                return Some(Ok(()));
            }
            "s_addk_i32" => {
                let (v, o) = (rd32(w, i.dst) as i32).overflowing_add(rd32(w, i.src[0]) as u16 as i16 as i32);
                wr32(w, i.dst, v as u32);
                w.scc = o;
                return Some(Ok(()));
            }
            "s_mulk_i32" => {
                let v = (rd32(w, i.dst) as i32).wrapping_mul(rd32(w, i.src[0]) as u16 as i16 as i32);
                wr32(w, i.dst, v as u32);
                return Some(Ok(()));
            }
            "s_cmov_b32" | "s_cmov_b64" => {
                if w.scc {
                    let v = rd64(w, i.src[0]);
                    if wide(n) { wr64(w, i.dst, v) } else { wr32(w, i.dst, v as u32) }
                }
                return Some(Ok(()));
            }
            _ => {}
        }
        let w64 = wide(n);
        let rd = |w: &Wave, o: Opnd| if w64 || n.starts_with("s_lshl_b64") || n.starts_with("s_lshr_b64") { rd64(w, o) } else { rd32(w, o) as u64 };
        if let Some(scc) = scalar::sopc(n, rd(w, i.src[0]), rd(w, i.src[1])) {
            w.scc = scc;
            return Some(Ok(()));
        }
        let (a, b) = (rd(w, i.src[0]), rd32(w, i.src[1]) as u64);
        // The second source of 64-bit logic ops is 64 bits; of 64-bit shifts and bfe, 32.
        let b = if w64 && !n.contains("lsh") && !n.contains("ashr") && !n.contains("bfe") { rd(w, i.src[1]) } else { b };
        let (v, scc) = match i.src[1] {
            Opnd::None => scalar::sop1(n, a)?,
            _ => scalar::sop2(n, a, b, w.scc)?,
        };
        if w64 && !n.starts_with("s_bcnt") && !n.starts_with("s_ff") && !n.starts_with("s_flbit") && !n.starts_with("s_ctz") && !n.starts_with("s_clz") && !n.starts_with("s_cls") {
            wr64(w, i.dst, v);
        } else {
            wr32(w, i.dst, v as u32);
        }
        if let Some(c) = scc {
            w.scc = c;
        }
        Some(Ok(()))
    }

    fn vector(&self, i: &Inst, w: &mut Wave) -> Option<()> {
        let n = i.name;
        // Matrix ops read every lane's sources before writing: their own module.
        if n.starts_with("v_wmma_") {
            return crate::vector_wmma::run(i, w);
        }
        let denorm = w.mode >> 4 & 3 == 3;
        match n {
            "v_readfirstlane_b32" => {
                let lane = if w.exec & w.full_mask() == 0 { 0 } else { w.exec.trailing_zeros() as usize };
                let v = vsrc(w, i.src[0], lane);
                wr32(w, i.dst, v);
                return Some(());
            }
            "v_readlane_b32" => {
                let lane = rd32(w, i.src[1]) as usize % w.lanes;
                let v = vsrc(w, i.src[0], lane);
                wr32(w, i.dst, v);
                return Some(());
            }
            "v_writelane_b32" => {
                let lane = rd32(w, i.src[1]) as usize % w.lanes;
                let v = rd32(w, i.src[0]);
                vdst(w, i.dst, lane, v);
                return Some(());
            }
            "v_swap_b32" => {
                // vdst and src0 are both VGPRs: exchange them in the active lanes.
                if let (Opnd::V(a), Opnd::V(b)) = (i.dst, i.src[0]) {
                    for l in active(w) {
                        let (x, y) = (w.v(a as usize)[l], w.v(b as usize)[l]);
                        w.v_mut(a as usize)[l] = y;
                        w.v_mut(b as usize)[l] = x;
                    }
                }
                return Some(());
            }
            // Relative VGPR addressing by M0: movrels reads v[src + M0], movreld writes
            // v[dst + M0], movrelsd both.
            "v_movrels_b32" | "v_movreld_b32" | "v_movrelsd_b32" | "v_movrelsd_2_b32" => {
                let off = w.m0 as u16;
                let limit = w.vgprs as u16;
                let rel = |o: Opnd, by: bool| match o {
                    Opnd::V(r) if by => Opnd::V(r.wrapping_add(off).min(limit.saturating_sub(1))),
                    o => o,
                };
                let src = rel(i.src[0], n != "v_movreld_b32");
                let dst = rel(i.dst, n != "v_movrels_b32");
                for l in active(w) {
                    let v = vsrc(w, src, l);
                    vdst(w, dst, l, v);
                }
                return Some(());
            }
            "v_mbcnt_lo_u32_b32" | "v_mbcnt_hi_u32_b32" => {
                for l in active(w) {
                    let r = vector_int::mbcnt(n.contains("_hi_"), l, vsrc(w, i.src[0], l), vsrc(w, i.src[1], l));
                    vdst(w, i.dst, l, r);
                }
                return Some(());
            }
            "v_cndmask_b32" => {
                let mask = match i.src[2] { Opnd::None => w.vcc, o => rd_mask(w, o) };
                // VOP3 form: abs/neg act on the selected value's sign bit (the compiler folds
                // a negation into the select, e.g. OCML's cos: `v_cndmask_b32 v3, -v3, v5`).
                let m = i.mods;
                let modify = |k: usize, v: u32| {
                    let v = if m.abs >> k & 1 != 0 { v & 0x7fff_ffff } else { v };
                    if m.neg >> k & 1 != 0 { v ^ 0x8000_0000 } else { v }
                };
                for l in active(w) {
                    let v = if mask >> l & 1 != 0 { modify(1, vsrc(w, i.src[1], l)) } else { modify(0, vsrc(w, i.src[0], l)) };
                    vdst(w, i.dst, l, v);
                }
                return Some(());
            }
            _ => {}
        }
        if n.starts_with("v_cmp_") || n.starts_with("v_cmpx_") {
            return self.compare(i, w);
        }
        if let Some(done) = self.vector_16(i, w) {
            return Some(done);
        }
        if let Some((dw, sw)) = vector_ext::width(n) {
            return self.vector_ext(i, w, dw, sw);
        }
        if vector_int::vop_carry(n, 0, 0, false).is_some() {
            let cin = match i.src[2] { Opnd::None => w.vcc, o => rd_mask(w, o) };
            let mut cout = 0u64;
            for l in active(w) {
                let (v, c) = vector_int::vop_carry(n, vsrc(w, i.src[0], l), vsrc(w, i.src[1], l), cin >> l & 1 != 0)?;
                // clamp: an add that carries saturates at all ones, a sub that borrows at 0.
                let v = match (i.mods.clamp && c, n.contains("_add")) {
                    (true, true) => u32::MAX,
                    (true, false) => 0,
                    _ => v,
                };
                vdst(w, i.dst, l, v);
                cout |= (c as u64) << l;
            }
            // Inactive lanes' carry bits are written 0, as for compares: the compiler moves
            // a uniform VALU carry into SCC with `s_cmp_lg_u32 sdst, 0` under any EXEC
            // (rocRAND's mrg31k3p skip-ahead does, from a single-lane branch).
            let d2 = if i.dst2 == Opnd::None { Opnd::Vcc } else { i.dst2 };
            wr_mask(w, d2, cout);
            return Some(());
        }
        if n == "v_mad_u64_u32" || n == "v_mad_i64_i32" {
            let mut cout = 0u64;
            for l in active(w) {
                let (v, c) = vector_int::vop_mad64(n, vsrc(w, i.src[0], l), vsrc(w, i.src[1], l), vsrc64(w, i.src[2], l))?;
                if let Opnd::V(d) = i.dst {
                    w.v_mut(d as usize)[l] = v as u32;
                    w.v_mut(d as usize + 1)[l] = (v >> 32) as u32;
                }
                cout |= (c as u64) << l;
            }
            if i.dst2 != Opnd::None {
                wr_mask(w, i.dst2, cout);
            }
            return Some(());
        }
        if vector_int::vop_shift64(n, 0, 0).is_some() {
            for l in active(w) {
                let v = vector_int::vop_shift64(n, vsrc(w, i.src[0], l), vsrc64(w, i.src[1], l))?;
                if let Opnd::V(d) = i.dst {
                    w.v_mut(d as usize)[l] = v as u32;
                    w.v_mut(d as usize + 1)[l] = (v >> 32) as u32;
                }
            }
            return Some(());
        }
        if vector_int::vop(n, 0, 0, 0).is_some() {
            let clamped = i.mods.clamp && vector_int::vop_clamped(n, 0, 0, 0).is_some();
            // A 16-bit source (`v_cvt_u32_u16`, `v_mad_u32_u16`) from the high half that
            // op_sel names (VOP3, or gfx11's `vN.h` in the short encodings).
            let half_sel = if n.contains("16") { i.mods.op_sel & 7 } else { 0 };
            let sel = |k: usize, v: u32| if half_sel >> k & 1 != 0 { v >> 16 } else { v };
            for l in active(w) {
                let (a, b, c) = (sel(0, vsrc(w, i.src[0], l)), sel(1, vsrc(w, i.src[1], l)), sel(2, vsrc(w, i.src[2], l)));
                let v = if clamped { vector_int::vop_clamped(n, a, b, c)? } else { vector_int::vop(n, a, b, c)? };
                vdst(w, i.dst, l, v);
            }
            return Some(());
        }
        vector_float::vop_f32(n, 0, 0, 0, true)?;
        let m = i.mods;
        let modify = |k: usize, v: u32| {
            let v = if m.abs >> k & 1 != 0 { v & 0x7fff_ffff } else { v };
            if m.neg >> k & 1 != 0 { v ^ 0x8000_0000 } else { v }
        };
        // Integer-result conversions take no float output modifiers.
        let float_out = !n.starts_with("v_cvt_i32") && !n.starts_with("v_cvt_u32") && !n.contains("_i32_f32") && !n.starts_with("v_cvt_f16") && !n.starts_with("v_cvt_pk");
        for l in active(w) {
            let (a, b, c) = (modify(0, vsrc(w, i.src[0], l)), modify(1, vsrc(w, i.src[1], l)), modify(2, vsrc(w, i.src[2], l)));
            let mut r = vector_float::vop_f32(n, a, b, c, denorm)?;
            if float_out && (m.omod != 0 || m.clamp) {
                let mut f = f32::from_bits(r);
                f *= [1.0, 2.0, 4.0, 0.5][m.omod as usize & 3];
                if m.clamp {
                    f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
                }
                r = f.to_bits();
            }
            vdst(w, i.dst, l, r);
        }
        Some(())
    }

    /// 16-bit, packed and mixed-precision ops ([`vector16`]), and the f16 conversions;
    /// `None` when `i` is none of them.
    fn vector_16(&self, i: &Inst, w: &mut Wave) -> Option<()> {
        let n = i.name;
        let m = i.mods;
        let srcs = |w: &Wave, l: usize| [vsrc(w, i.src[0], l), vsrc(w, i.src[1], l), vsrc(w, i.src[2], l)];
        // A 16-bit result goes to the low half, or the high half with op_sel's destination
        // bit; the other half is kept.
        let put16 = |w: &mut Wave, l: usize, r: u16, hi: bool| {
            let old = vsrc(w, i.dst, l);
            let v = if hi { (old & 0xffff) | (r as u32) << 16 } else { (old & 0xffff_0000) | r as u32 };
            vdst(w, i.dst, l, v);
        };
        if let Some(base) = vector16::packed_base(n) {
            if !vector16::knows(&base) {
                return None;
            }
            for l in active(w) {
                let r = vector16::packed(&base, srcs(w, l), m.op_sel, m.op_sel_hi, m.neg, m.neg_hi, m.clamp)?;
                vdst(w, i.dst, l, r);
            }
            return Some(());
        }
        match n {
            "v_fma_mix_f32" | "v_fma_mixlo_f16" | "v_fma_mixhi_f16" | "v_mad_mix_f32" | "v_mad_mixlo_f16" | "v_mad_mixhi_f16" => {
                for l in active(w) {
                    let mut r = vector16::fma_mix(srcs(w, l), m.op_sel, m.op_sel_hi, m.neg, m.neg_hi);
                    if m.clamp {
                        r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
                    }
                    if n.ends_with("_f32") {
                        vdst(w, i.dst, l, r.to_bits());
                    } else {
                        put16(w, l, vector16::f32_to_f16_bits(r), n.contains("mixhi"));
                    }
                }
                return Some(());
            }
            "v_pack_b32_f16" => {
                for l in active(w) {
                    let s = srcs(w, l);
                    let half = |k: usize| {
                        let v = if m.op_sel >> k & 1 != 0 { s[k] >> 16 } else { s[k] & 0xffff };
                        if m.neg >> k & 1 != 0 { v ^ 0x8000 } else { v }
                    };
                    vdst(w, i.dst, l, half(0) | half(1) << 16);
                }
                return Some(());
            }
            "v_cndmask_b16" => {
                // gfx11 VOP3: src2 the lane mask; abs/neg act on the chosen half's sign bit.
                let mask = match i.src[2] { Opnd::None => w.vcc, o => rd_mask(w, o) };
                for l in active(w) {
                    let k = (mask >> l & 1) as usize;
                    let v = vsrc(w, i.src[k], l);
                    let v = if m.op_sel >> k & 1 != 0 { (v >> 16) as u16 } else { v as u16 };
                    let v = if m.abs >> k & 1 != 0 { v & 0x7fff } else { v };
                    let v = if m.neg >> k & 1 != 0 { v ^ 0x8000 } else { v };
                    put16(w, l, v, m.op_sel & 8 != 0);
                }
                return Some(());
            }
            "v_cvt_f16_f32" => {
                for l in active(w) {
                    let mut x = f32::from_bits(vsrc(w, i.src[0], l));
                    if m.abs & 1 != 0 {
                        x = x.abs();
                    }
                    if m.neg & 1 != 0 {
                        x = -x;
                    }
                    put16(w, l, vector16::f32_to_f16_bits(x), m.op_sel & 8 != 0);
                }
                return Some(());
            }
            "v_cvt_f32_f16" => {
                for l in active(w) {
                    let v = vsrc(w, i.src[0], l);
                    let bits = if m.op_sel & 1 != 0 { v >> 16 } else { v & 0xffff } as u16;
                    let mut x = half::f16::from_bits(bits).to_f32();
                    if m.abs & 1 != 0 {
                        x = x.abs();
                    }
                    if m.neg & 1 != 0 {
                        x = -x;
                    }
                    vdst(w, i.dst, l, x.to_bits());
                }
                return Some(());
            }
            _ => {}
        }
        if !vector16::knows(n) {
            return None;
        }
        let float = vector16::is_float(n);
        for l in active(w) {
            let s = srcs(w, l);
            let arg = |k: usize| -> u16 {
                let v = if m.op_sel >> k & 1 != 0 { (s[k] >> 16) as u16 } else { s[k] as u16 };
                let v = if float && m.abs >> k & 1 != 0 { v & 0x7fff } else { v };
                if float && m.neg >> k & 1 != 0 { v ^ 0x8000 } else { v }
            };
            let clamped = if m.clamp { vector16::op16_clamped(n, arg(0), arg(1)) } else { None };
            let r = match clamped {
                Some(r) => r,
                None => vector16::op16(n, arg(0), arg(1), arg(2))?,
            };
            put16(w, l, r, m.op_sel & 8 != 0);
        }
        Some(())
    }

    /// The ops of [`vector_ext`]: operands read at their widths, source modifiers
    /// applied to floats, 16-bit results into the low half (the high half cleared, or
    /// the high half alone with op_sel's destination bit).
    fn vector_ext(&self, i: &Inst, w: &mut Wave, dw: u32, sw: [u32; 3]) -> Option<()> {
        let n = i.name;
        let m = i.mods;
        let float = n.contains("_f32") || n.contains("_f64");
        let mut vcc_out = 0u64;
        for l in active(w) {
            let mut s = [0u64; 3];
            for k in 0..3 {
                let sign = match sw[k] {
                    64 => {
                        s[k] = vsrc64(w, i.src[k], l);
                        63
                    }
                    32 => {
                        s[k] = vsrc(w, i.src[k], l) as u64;
                        31
                    }
                    16 => {
                        let v = vsrc(w, i.src[k], l);
                        s[k] = if m.op_sel >> k & 1 != 0 { v >> 16 } else { v & 0xffff } as u64;
                        15
                    }
                    _ => continue,
                };
                if float && m.abs >> k & 1 != 0 {
                    s[k] &= !(1u64 << sign);
                }
                if float && m.neg >> k & 1 != 0 {
                    s[k] ^= 1u64 << sign;
                }
            }
            let (r, c) = vector_ext::eval(n, s, w.vcc >> l & 1 != 0)?;
            match dw {
                64 => vdst64(w, i.dst, l, r),
                16 => {
                    let v = if m.op_sel & 8 != 0 { (vsrc(w, i.dst, l) & 0xffff) | (r as u32) << 16 } else { r as u32 & 0xffff };
                    vdst(w, i.dst, l, v);
                }
                _ => vdst(w, i.dst, l, r as u32),
            }
            if let Some(c) = c {
                vcc_out |= (c as u64) << l;
            }
        }
        if n.starts_with("v_div_scale") {
            let d2 = if i.dst2 == Opnd::None { Opnd::Vcc } else { i.dst2 };
            wr_mask(w, d2, vcc_out);
        }
        Some(())
    }

    /// v_cmp_<cond>_<type> / v_cmpx_…: a lane mask into the destination (VCC by default),
    /// or EXEC for cmpx ([`crate::fast_cmp`] holds the semantics; this is the path for
    /// DPP/SDWA forms, whose operands `lanesel` has already selected).
    fn compare(&self, i: &Inst, w: &mut Wave) -> Option<()> {
        let c = crate::fast_cmp::resolve(i)?;
        crate::fast_cmp::run(i, &c, w);
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dispatch::{EntryState, Launch, run_grid};
    use crate::ir::Opnd::{Exec, Imm, S, V, Vcc};
    use crate::memory::Memory;

    /// c[i] = a[i] + b[i] for i < n, written the way the compiler writes it: kernel
    /// arguments by scalar loads, the global id from the workgroup id and v0, the bound
    /// check as an EXEC mask with a skip branch, saddr-form global accesses.
    fn vector_add() -> Vec<Inst> {
        vec![
            Inst::new("s_load_dwordx4", S(4), &[S(0)]),
            Inst::new("s_load_dwordx2", S(8), &[S(0)]).offset(16),
            Inst::new("s_load_dword", S(10), &[S(0)]).offset(24),
            Inst::new("s_lshl_b32", S(11), &[S(2), Imm(6)]),
            Inst::new("v_add_nc_u32", V(1), &[S(11), V(0)]),
            Inst::new("v_cmp_gt_i32", Vcc, &[S(10), V(1)]),
            Inst::new("s_and_saveexec_b32", S(12), &[Vcc]),
            Inst::new("s_cbranch_execz", Opnd::None, &[]).offset(5),
            Inst::new("v_lshlrev_b32", V(2), &[Imm(2), V(1)]),
            Inst::new("global_load_dword", V(3), &[V(2), Opnd::None, S(4)]),
            Inst::new("global_load_dword", V(4), &[V(2), Opnd::None, S(6)]),
            Inst::new("v_add_f32", V(3), &[V(3), V(4)]),
            Inst::new("global_store_dword", Opnd::None, &[V(2), V(3), S(8)]),
            Inst::new("s_or_b32", Exec, &[Exec, S(12)]),
            Inst::new("s_endpgm", Opnd::None, &[]),
        ]
    }

    fn launch(groups: u32, block: u32, kernarg: u64, lds: usize) -> Launch {
        Launch {
            entry: 0x1000,
            lanes: 32,
            vgprs: 8,
            state: EntryState { kernarg_ptr: Some(0), workgroup_id: [Some(2), None, None], id_dims: 1, ..Default::default() },
            kernarg,
            dispatch_packet: 0,
            groups: [groups, 1, 1],
            block: [block, 1, 1],
            lds_bytes: lds,
            private_size: 0,
            mode: 0xf0,
            deadline: None,
        }
    }

    #[test]
    fn vector_add_with_a_partial_last_block() {
        let n = 100usize;
        let a: Vec<f32> = (0..128).map(|i| i as f32 * 0.5).collect();
        let b: Vec<f32> = (0..128).map(|i| 1000.0 - i as f32).collect();
        let mut c = vec![-1f32; 128];
        let mut args = Vec::new();
        for p in [a.as_ptr() as u64, b.as_ptr() as u64, c.as_mut_ptr() as u64] {
            args.extend_from_slice(&p.to_le_bytes());
        }
        args.extend_from_slice(&(n as u32).to_le_bytes());
        let mem = Memory::checked(vec![(args.as_ptr() as u64, args.len()), (a.as_ptr() as u64, 512), (b.as_ptr() as u64, 512), (c.as_ptr() as u64, 512)]);
        let prog = Interp::new(0x1000, vector_add());
        run_grid(&prog, &launch(2, 64, args.as_ptr() as u64, 0), &mem, true).unwrap();
        for i in 0..128 {
            let want = if i < n { a[i] + b[i] } else { -1.0 };
            assert_eq!(c[i], want, "element {i}");
        }
    }

    #[test]
    fn out_of_bounds_store_is_caught_with_its_address() {
        let a = vec![0f32; 64];
        let c = [0f32; 32]; // too short for 64 elements
        let mut args = Vec::new();
        for p in [a.as_ptr() as u64, a.as_ptr() as u64, c.as_ptr() as u64] {
            args.extend_from_slice(&p.to_le_bytes());
        }
        args.extend_from_slice(&64u32.to_le_bytes());
        let mem = Memory::checked(vec![(args.as_ptr() as u64, args.len()), (a.as_ptr() as u64, 256), (c.as_ptr() as u64, 128)]);
        let t = run_grid(&Interp::new(0x1000, vector_add()), &launch(1, 64, args.as_ptr() as u64, 0), &mem, false).unwrap_err();
        let Trap::At(inner, pc) = t else { panic!("{t}") };
        assert_eq!(pc, 0x1000 + 4 * 12, "the store's address");
        let Trap::Memory(f) = *inner else { panic!("{inner}") };
        assert!(f.write && f.addr >= c.as_ptr() as u64 + 128, "{f}");
    }

    #[test]
    fn lds_barrier_and_cross_lane_ops() {
        // Each lane writes its id to LDS, barrier, reads the id 32 lanes further (the other
        // wave), then rotates it by one lane with ds_bpermute and stores it.
        let mut out = vec![0u32; 64];
        let args = (out.as_mut_ptr() as u64).to_le_bytes();
        let prog = vec![
            Inst::new("s_load_dwordx2", S(4), &[S(0)]),
            Inst::new("v_lshlrev_b32", V(1), &[Imm(2), V(0)]),
            Inst::new("ds_write_b32", Opnd::None, &[V(1), V(0)]),
            Inst::new("s_barrier", Opnd::None, &[]),
            Inst::new("v_xor_b32", V(2), &[Imm(128), V(1)]),
            Inst::new("ds_read_b32", V(3), &[V(2)]),
            // lane l reads lane (l + 1) % 32: address 4 * (l + 1)
            Inst::new("v_mbcnt_lo_u32_b32", V(5), &[Imm(u32::MAX), Imm(0)]),
            Inst::new("v_add_nc_u32", V(5), &[Imm(1), V(5)]),
            Inst::new("v_lshlrev_b32", V(5), &[Imm(2), V(5)]),
            Inst::new("ds_bpermute_b32", V(6), &[V(5), V(3)]),
            Inst::new("global_store_dword", Opnd::None, &[V(1), V(6), S(4)]),
            Inst::new("s_endpgm", Opnd::None, &[]),
        ];
        let mem = Memory::checked(vec![(args.as_ptr() as u64, 8), (out.as_ptr() as u64, 256)]);
        run_grid(&Interp::new(0x1000, prog), &launch(1, 64, args.as_ptr() as u64, 256), &mem, false).unwrap();
        for t in 0..64u32 {
            let lane = t % 32;
            let neighbour = (t / 32) * 32 + (lane + 1) % 32;
            assert_eq!(out[t as usize], neighbour ^ 32, "thread {t}");
        }
    }

    #[test]
    fn float_compares_treat_nan_as_unordered() {
        let mut w = Wave::new(32, 2);
        w.exec = 0b111;
        w.v_mut(0)[..3].copy_from_slice(&[1f32.to_bits(), f32::NAN.to_bits(), 2f32.to_bits()]);
        w.v_mut(1)[..3].copy_from_slice(&[2f32.to_bits(), 1f32.to_bits(), 2f32.to_bits()]);
        let p = Interp::new(0, vec![]);
        for (name, want) in [("v_cmp_lg_f32", 0b001), ("v_cmp_neq_f32", 0b011), ("v_cmp_nge_f32", 0b011), ("v_cmp_u_f32", 0b010), ("v_cmp_le_f32", 0b101)] {
            p.compare(&Inst::new(name, Vcc, &[V(0), V(1)]), &mut w).unwrap();
            assert_eq!(w.vcc, want, "{name}");
        }
    }

    /// No-ops after an instruction are stepped over, and branch offsets still count them:
    /// a taken branch lands where it says (on a no-op here), an untaken one goes on past the
    /// no-ops that follow it.
    #[test]
    fn noops_are_skipped_and_branches_count_them() {
        for (branch, want) in [("s_cbranch_scc0", 3), ("s_cbranch_scc1", 9)] {
            let prog = Interp::new(
                0x1000,
                vec![
                    Inst::new("v_mov_b32", V(1), &[Imm(1)]),
                    Inst::new("s_nop", Opnd::None, &[]),
                    Inst::new("s_nop", Opnd::None, &[]),
                    Inst::new(branch, Opnd::None, &[]).offset(2),
                    Inst::new("s_nop", Opnd::None, &[]),
                    Inst::new("v_mov_b32", V(1), &[Imm(7)]),
                    Inst::new("s_waitcnt", Opnd::None, &[]),
                    Inst::new("v_add_nc_u32", V(1), &[V(1), Imm(2)]),
                    Inst::new("s_endpgm", Opnd::None, &[]),
                ],
            );
            assert_eq!(prog.advance[..4], [12, 8, 4, 8], "v_mov and the branch step over the no-ops after them");
            let mut w = Wave::new(32, 2);
            (w.exec, w.pc, w.mode) = (1, 0x1000, 0xf0);
            let mem = Memory::checked(vec![]);
            let mut ctx = WaveCtx { memory: &mem, lds: &mut [], scratch: &mut [], private_size: 0, workgroup_id: [0; 3] };
            assert_eq!(prog.step_all(&mut w, &mut ctx), Ok(Stop::Ended));
            assert_eq!(w.v(1)[0], want, "{branch}");
        }
    }

    #[test]
    fn unknown_instructions_are_named() {
        let prog = Interp::new(0x1000, vec![Inst::new("v_frobnicate_b32", V(0), &[V(0)])]);
        let t = run_grid(&prog, &launch(1, 32, 0, 0), &Memory::checked(vec![]), false).unwrap_err();
        assert_eq!(t, Trap::Unsupported("v_frobnicate_b32".into(), 0x1000));
        assert_eq!(t.to_string(), "unsupported instruction v_frobnicate_b32 at 0x1000");
    }
}
