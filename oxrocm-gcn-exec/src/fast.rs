//! Instructions resolved once, when a program is laid out: the common vector ALU ops
//! (32-bit integer and f32 ops without modifiers) run as one tight loop over the lanes
//! with their per-lane function found ahead of time, instead of looking the mnemonic up
//! for every lane; compares, `v_cndmask_b32`, branches and the no-ops of an in-order
//! machine (waits, hints) likewise. Anything else takes the interpreter's general path.

use crate::access::rd32;
use crate::ir::{Inst, LaneSel, Mods, Opnd};
use crate::vector_float;
use crate::vector_int::{self, WaveOp};
use crate::wave::Wave;

/// How an instruction runs.
#[derive(Clone, Copy, Default)]
pub enum Fast {
    /// The general path.
    #[default]
    General,
    Int(WaveOp),
    /// f32 ops: only while the wave keeps denormals.
    F32(WaveOp),
    Cmp(crate::fast_cmp::Compare),
    /// `v_cndmask_b32`: src1 where the mask (VCC or src2) has the lane's bit, else src0.
    Cndmask,
    /// Waits, hints, cache controls: nothing to do on an in-order interpreter.
    Nop,
    /// A relative branch (offset in words from the next instruction) and its condition.
    Branch(BranchIf),
    /// Other program flow (end, barrier, calls, messages): `Interp::control` runs it.
    Flow,
    /// Add/sub with carry-out (and carry-in): the exact result of (a, b, carry-in), whose
    /// low 32 bits are the value and whose leaving the u32 range is the carry.
    Carry(CarryWave),
    /// 64-bit shifts (`v_lshlrev_b64` and the like).
    Shift64(Shift64),
    /// Whole-dword global loads and stores: `memops::global_dwords` runs them.
    Global { load: bool, dwords: u8 },
    /// SOP1/SOP2/SOPC ALU ops with their function looked up once.
    Scalar(ScalarOp),
    /// Whole-dword single-address LDS loads and stores: `memops::lds_dwords` runs them.
    Lds { load: bool, dwords: u8 },
    /// Whole-dword scratch loads and stores: `memfast::scratch_dwords`.
    Scratch { load: bool, dwords: u8 },
    /// `v_mad_u64_u32` / `v_mad_i64_i32`: a 64-bit multiply-add per lane and its carry
    /// (overflow) mask.
    Mad64 { signed: bool },
    /// `ds_bpermute_b32`: each active lane reads the lane its byte address names.
    Bpermute,
    /// Byte and short global loads and stores: `memfast::global_small`.
    GlobalSmall(crate::memfast::Small),
    /// Byte and short LDS loads and stores: `memfast::lds_small`.
    LdsSmall(crate::memfast::Small),
    /// LDS two-address loads and stores: `memfast::lds_two`.
    LdsTwo(crate::memfast::Two),
}

/// A scalar ALU op resolved at load: its function and operand widths (as
/// `Interp::scalar` derives them from the mnemonic).
#[derive(Clone, Copy)]
pub struct ScalarOp {
    f: ScalarFn,
    /// src0 (and a compare's src1) read as 64 bits.
    a64: bool,
    /// src1 of a two-operand op read as 64 bits (not for shift amounts and field specs).
    b64: bool,
    /// The result written as 64 bits (not for bit counts and searches).
    d64: bool,
}

#[derive(Clone, Copy)]
enum ScalarFn {
    One(crate::scalar::Sop1Fn),
    Two(crate::scalar::Sop2Fn),
    Cmp(crate::scalar::SopcFn),
}

/// The resolved form of a scalar ALU instruction, if `scalar.rs` defines it.
fn scalar_op(i: &Inst) -> Option<ScalarOp> {
    use crate::access::wide;
    use crate::scalar::{sop1_fn, sop2_fn, sopc_fn};
    let n = i.name;
    let w64 = wide(n);
    if let Some(f) = sopc_fn(n) {
        return Some(ScalarOp { f: ScalarFn::Cmp(f), a64: w64, b64: w64, d64: false });
    }
    let f = match i.src[1] {
        Opnd::None => ScalarFn::One(sop1_fn(n)?),
        _ => ScalarFn::Two(sop2_fn(n)?),
    };
    let b64 = w64 && !n.contains("lsh") && !n.contains("ashr") && !n.contains("bfe");
    let narrow_result = ["s_bcnt", "s_ff", "s_flbit", "s_ctz", "s_clz", "s_cls"].iter().any(|p| n.starts_with(p));
    Some(ScalarOp { f, a64: w64, b64, d64: w64 && !narrow_result })
}

fn run_scalar(i: &Inst, op: ScalarOp, w: &mut Wave) {
    use crate::access::{rd64, wr32, wr64};
    let rd = |w: &Wave, o: Opnd, wide: bool| if wide { rd64(w, o) } else { rd32(w, o) as u64 };
    let (v, scc) = match op.f {
        ScalarFn::Cmp(f) => {
            w.scc = f(rd(w, i.src[0], op.a64), rd(w, i.src[1], op.a64));
            return;
        }
        ScalarFn::One(f) => f(rd(w, i.src[0], op.a64)),
        ScalarFn::Two(f) => f(i.name, rd(w, i.src[0], op.a64), rd(w, i.src[1], op.b64), w.scc),
    };
    if op.d64 {
        wr64(w, i.dst, v);
    } else {
        wr32(w, i.dst, v as u32);
    }
    if let Some(c) = scc {
        w.scc = c;
    }
}

/// Flow instructions `Interp::control` handles besides branches and no-ops.
const FLOW: &[&str] = &["s_endpgm", "s_barrier", "s_getpc_b64", "s_setpc_b64", "s_swappc_b64", "s_sendmsg", "s_sleep", "ds_gws_barrier", "ds_gws_init"];

/// Conditions of `s_branch` / `s_cbranch_*`.
#[derive(Clone, Copy, Debug)]
pub enum BranchIf {
    Always,
    Scc0,
    Scc1,
    Vccz,
    Vccnz,
    Execz,
    Execnz,
}

/// Mnemonics with no effect here (the general path's list, `Interp::control`, agrees).
pub const NO_OPS: &[&str] = &[
    "s_waitcnt", "s_waitcnt_vscnt", "s_waitcnt_vmcnt", "s_waitcnt_expcnt", "s_waitcnt_lgkmcnt", "s_nop", "s_delay_alu",
    "s_clause", "s_setprio", "s_inst_prefetch", "s_code_end", "s_dcache_inv", "s_icache_inv", "s_gl1_inv",
    "buffer_gl0_inv", "buffer_gl1_inv", "s_trap", "s_ttracedata", "s_waitcnt_depctr", "s_set_inst_prefetch_distance",
    "s_sendmsghalt", "s_dcache_wb", "s_version", "v_nop", "v_pipeflush", "v_clrexcp",
];

impl PartialEq for Fast {
    /// A cache of the mnemonic's meaning, so it never makes two instructions differ.
    fn eq(&self, _: &Fast) -> bool {
        true
    }
}

impl std::fmt::Debug for Fast {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Fast::General => "General",
            Fast::Int(_) => "Int",
            Fast::F32(_) => "F32",
            Fast::Cmp(_) => "Cmp",
            Fast::Cndmask => "Cndmask",
            Fast::Nop => "Nop",
            Fast::Branch(_) => "Branch",
            Fast::Flow => "Flow",
            Fast::Carry(_) => "Carry",
            Fast::Shift64(_) => "Shift64",
            Fast::Global { .. } => "Global",
            Fast::Scratch { .. } => "Scratch",
            Fast::Scalar(_) => "Scalar",
            Fast::Lds { .. } => "Lds",
            Fast::Mad64 { .. } => "Mad64",
            Fast::Bpermute => "Bpermute",
            Fast::GlobalSmall(_) => "GlobalSmall",
            Fast::LdsSmall(_) => "LdsSmall",
            Fast::LdsTwo(_) => "LdsTwo",
        })
    }
}

/// `OXROCM_GCN_FAST=0`: every instruction takes the general path (flow through
/// `Interp::control`), a check that a fast form agrees with it.
fn fast_paths_on() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("OXROCM_GCN_FAST").map(|v| v != "0").unwrap_or(true))
}

/// The fast form of `i`, if it has one.
pub fn resolve(i: &Inst) -> Fast {
    match resolve_fast(i) {
        Fast::Branch(_) | Fast::Nop if !fast_paths_on() => Fast::Flow,
        f if !fast_paths_on() && !matches!(f, Fast::Flow) => Fast::General,
        f => f,
    }
}

fn resolve_fast(i: &Inst) -> Fast {
    if i.pair.is_none() {
        if NO_OPS.contains(&i.name) {
            return Fast::Nop;
        }
        let branch = match i.name {
            "s_branch" => Some(BranchIf::Always),
            "s_cbranch_scc0" => Some(BranchIf::Scc0),
            "s_cbranch_scc1" => Some(BranchIf::Scc1),
            "s_cbranch_vccz" => Some(BranchIf::Vccz),
            "s_cbranch_vccnz" => Some(BranchIf::Vccnz),
            "s_cbranch_execz" => Some(BranchIf::Execz),
            "s_cbranch_execnz" => Some(BranchIf::Execnz),
            _ => None,
        };
        if let Some(b) = branch {
            return Fast::Branch(b);
        }
        if FLOW.contains(&i.name) {
            return Fast::Flow;
        }
        if i.name.starts_with("s_") {
            return scalar_op(i).map_or(Fast::General, Fast::Scalar);
        }
        if i.lanes == LaneSel::Plain && i.name.starts_with("v_cmp") {
            return crate::fast_cmp::resolve(i).map_or(Fast::General, Fast::Cmp);
        }
    }
    if i.pair.is_none() {
        let global = match i.name {
            "global_load_b32" | "global_load_dword" => Some((true, 1)),
            "global_load_b64" | "global_load_dwordx2" => Some((true, 2)),
            "global_load_b96" | "global_load_dwordx3" => Some((true, 3)),
            "global_load_b128" | "global_load_dwordx4" => Some((true, 4)),
            "global_store_b32" | "global_store_dword" => Some((false, 1)),
            "global_store_b64" | "global_store_dwordx2" => Some((false, 2)),
            "global_store_b96" | "global_store_dwordx3" => Some((false, 3)),
            "global_store_b128" | "global_store_dwordx4" => Some((false, 4)),
            _ => None,
        };
        if let Some((load, dwords)) = global {
            return Fast::Global { load, dwords };
        }
        let lds = match i.name {
            "ds_load_b32" | "ds_read_b32" => Some((true, 1)),
            "ds_load_b64" | "ds_read_b64" => Some((true, 2)),
            "ds_load_b128" | "ds_read_b128" => Some((true, 4)),
            "ds_store_b32" | "ds_write_b32" => Some((false, 1)),
            "ds_store_b64" | "ds_write_b64" => Some((false, 2)),
            "ds_store_b128" | "ds_write_b128" => Some((false, 4)),
            _ => None,
        };
        if let Some((load, dwords)) = lds {
            return Fast::Lds { load, dwords };
        }
        // Scratch with a VGPR (or no) lane offset and an SGPR (or no) wave offset.
        if let (Some((load, dwords)), Opnd::V(_) | Opnd::None, Opnd::S(_) | Opnd::None) = (crate::memfast::scratch(i.name), i.src[0], i.src[2]) {
            return Fast::Scratch { load, dwords };
        }
        if let Some(sm) = i.name.strip_prefix("global_").and_then(crate::memfast::small) {
            return Fast::GlobalSmall(sm);
        }
        if let Some(op) = i.name.strip_prefix("ds_") {
            if let Some(sm) = crate::memfast::small(op) {
                return Fast::LdsSmall(sm);
            }
            if let Some(t) = crate::memfast::two(op) {
                return Fast::LdsTwo(t);
            }
        }
        if i.name == "ds_bpermute_b32" && matches!(i.dst, Opnd::V(_)) {
            return Fast::Bpermute;
        }
        if matches!(i.name, "v_mad_u64_u32" | "v_mad_i64_i32") && i.mods == Mods::default() && i.lanes == LaneSel::Plain && matches!(i.dst, Opnd::V(_)) {
            return Fast::Mad64 { signed: i.name == "v_mad_i64_i32" };
        }
    }
    let carry: Option<CarryWave> = match i.name {
        "v_add_co_u32" => Some(carry_wave::<ADD>),
        "v_sub_co_u32" => Some(carry_wave::<SUB>),
        "v_subrev_co_u32" => Some(carry_wave::<SUBREV>),
        "v_add_co_ci_u32" | "v_addc_co_u32" => Some(carry_wave::<ADD_CI>),
        "v_sub_co_ci_u32" | "v_subb_co_u32" => Some(carry_wave::<SUB_CI>),
        "v_subrev_co_ci_u32" | "v_subbrev_co_u32" => Some(carry_wave::<SUBREV_CI>),
        _ => None,
    };
    let lane_ok = i.lanes == LaneSel::Plain && i.pair.is_none() && i.mods == Mods::default() && matches!(i.dst, Opnd::V(_));
    if let (Some(f), true) = (carry, lane_ok) {
        return Fast::Carry(f);
    }
    let shift: Option<Shift64> = match i.name {
        "v_lshlrev_b64" => Some(shift64::<SHL>),
        "v_lshrrev_b64" => Some(shift64::<SHR>),
        "v_ashrrev_i64" => Some(shift64::<SAR>),
        _ => None,
    };
    if let (Some(f), true) = (shift, lane_ok && i.dst2 == Opnd::None) {
        return Fast::Shift64(f);
    }
    let plain = i.lanes == LaneSel::Plain && i.pair.is_none() && i.dst2 == Opnd::None && matches!(i.dst, Opnd::V(_));
    if !plain || i.mods != Mods::default() {
        return Fast::General;
    }
    if i.name == "v_cndmask_b32" && i.mods == Mods::default() {
        return Fast::Cndmask;
    }
    if let Some(f) = vector_int::wave_fn(i.name) {
        return Fast::Int(f);
    }
    match vector_float::wave_f32_fn(i.name) {
        Some(f) => Fast::F32(f),
        None => Fast::General,
    }
}

/// Writes `out` to the lanes of `dst` that EXEC enables: one copy when all are, else a
/// walk over the set bits only (cheaper than a per-lane select without wide vectors).
#[inline(always)]
fn blend<const N: usize>(dst: &mut [u32], out: &[u32; N], exec: u64) {
    let dst: &mut [u32; N] = dst.try_into().expect("wave of N lanes");
    let full = if N == 64 { u64::MAX } else { (1u64 << N) - 1 };
    if exec & full == full {
        *dst = *out;
        return;
    }
    for l in crate::access::set_lanes(exec & full) {
        dst[l] = out[l];
    }
}

/// Runs `i` if it has a fast form and the wave's modes allow it; false otherwise.
pub fn run(i: &Inst, w: &mut Wave) -> bool {
    let f = match i.fast {
        Fast::General => return false,
        Fast::Int(f) => f,
        // Denormals kept (MODE FP_DENORM for f32 = 3), as HIP kernels run; else the
        // general path flushes.
        Fast::F32(f) if w.mode >> 4 & 3 == 3 => f,
        Fast::F32(_) | Fast::Flow | Fast::Global { .. } | Fast::Scratch { .. } | Fast::Lds { .. } | Fast::GlobalSmall(_) | Fast::LdsSmall(_) | Fast::LdsTwo(_) => return false,
        Fast::Cmp(c) => {
            crate::fast_cmp::run(i, &c, w);
            return true;
        }
        Fast::Cndmask => {
            cndmask(i, w);
            return true;
        }
        Fast::Nop => return true,
        Fast::Scalar(op) => {
            run_scalar(i, op, w);
            return true;
        }
        Fast::Carry(f) => {
            carry(i, w, f);
            return true;
        }
        Fast::Shift64(f) => {
            f(i, w);
            return true;
        }
        Fast::Mad64 { signed } => {
            by_wave_size!(w, mad64(i, w, signed));
            return true;
        }
        Fast::Bpermute => {
            by_wave_size!(w, bpermute(i, w));
            return true;
        }
        Fast::Branch(b) => {
            let full = w.full_mask();
            let taken = match b {
                BranchIf::Always => true,
                BranchIf::Scc0 => !w.scc,
                BranchIf::Scc1 => w.scc,
                BranchIf::Vccz => w.vcc & full == 0,
                BranchIf::Vccnz => w.vcc & full != 0,
                BranchIf::Execz => w.exec & full == 0,
                BranchIf::Execnz => w.exec & full != 0,
            };
            if taken {
                w.pc = w.pc.wrapping_add_signed(i.offset as i64 * 4);
            }
            return true;
        }
    };
    let Opnd::V(d) = i.dst else { return false };
    by_wave_size!(w, alu(i, w, f, d as usize));
    true
}

/// A three-source lane-wise op over the whole wave.
#[inline(always)]
fn alu<const N: usize>(i: &Inst, w: &mut Wave, f: WaveOp, d: usize) {
    let mut out = [0u32; N];
    {
        let (ka, kb, kc);
        let a = lanes!(w, i.src[0], ka, N);
        let b = lanes!(w, i.src[1], kb, N);
        let c = lanes!(w, i.src[2], kc, N);
        f(a, b, c, &mut out);
    }
    let exec = w.exec;
    blend(w.v_mut(d), &out, exec);
}

fn cndmask(i: &Inst, w: &mut Wave) {
    by_wave_size!(w, cndmask_n(i, w))
}

fn cndmask_n<const N: usize>(i: &Inst, w: &mut Wave) {
    let Opnd::V(d) = i.dst else { return };
    let mask = match i.src[2] {
        Opnd::None => w.vcc,
        o => crate::access::rd_mask(w, o),
    } & w.exec;
    let mut out = [0u32; N];
    {
        let (ka, kb);
        let a = lanes!(w, i.src[0], ka, N);
        let b = lanes!(w, i.src[1], kb, N);
        for l in 0..N {
            out[l] = if mask >> l & 1 != 0 { b[l] } else { a[l] };
        }
    }
    let exec = w.exec;
    blend(w.v_mut(d as usize), &out, exec);
}

/// A whole wave of an add/sub with carries: sources, carry-in mask, results; returns the
/// carry-out mask.
pub type CarryWave = fn(&[u32], &[u32], u64, &mut [u32]) -> u64;

const ADD: u8 = 0;
const SUB: u8 = 1;
const SUBREV: u8 = 2;
const ADD_CI: u8 = 3;
const SUB_CI: u8 = 4;
const SUBREV_CI: u8 = 5;

/// Op `K` over the lanes: the 32-bit results, and the carry (or borrow) out of each lane
/// as a flag, packed into the returned mask. Written as wrapping ops and compares so the
/// loop vectorizes.
fn carry_wave<const K: u8>(a: &[u32], b: &[u32], cin: u64, out: &mut [u32]) -> u64 {
    match out.len() {
        32 => carry_lanes::<K, 32>(a, b, cin, out),
        _ => carry_lanes::<K, 64>(a, b, cin, out),
    }
}

#[inline(always)]
fn carry_lanes<const K: u8, const N: usize>(a: &[u32], b: &[u32], cin: u64, out: &mut [u32]) -> u64 {
    use crate::masks::{flag, pack, unpack};
    let (a, b, out): (&[u32; N], &[u32; N], &mut [u32; N]) = (a.try_into().unwrap(), b.try_into().unwrap(), out.try_into().unwrap());
    let c: [u32; N] = unpack(cin);
    let mut carries = [0u32; N];
    for l in 0..N {
        // Subtractions as (x - y): SUBREV swaps the sources.
        let (x, y) = if K == SUBREV || K == SUBREV_CI { (b[l], a[l]) } else { (a[l], b[l]) };
        let (v, carry) = match K {
            ADD => {
                let s = x.wrapping_add(y);
                (s, s < x)
            }
            ADD_CI => {
                let s = x.wrapping_add(y);
                let t = s.wrapping_add(c[l]);
                (t, (s < x) | (t < s))
            }
            SUB | SUBREV => (x.wrapping_sub(y), x < y),
            _ => {
                let d = x.wrapping_sub(y);
                (d.wrapping_sub(c[l]), (x < y) | (d < c[l]))
            }
        };
        out[l] = v;
        carries[l] = flag(carry);
    }
    pack(&carries)
}

fn carry(i: &Inst, w: &mut Wave, f: CarryWave) {
    by_wave_size!(w, carry_n(i, w, f))
}

fn carry_n<const N: usize>(i: &Inst, w: &mut Wave, f: CarryWave) {
    let Opnd::V(d) = i.dst else { return };
    let cin = match i.src[2] {
        Opnd::None => w.vcc,
        o => crate::access::rd_mask(w, o),
    };
    let mut out = [0u32; N];
    let cout;
    {
        let (ka, kb);
        let a = lanes!(w, i.src[0], ka, N);
        let b = lanes!(w, i.src[1], kb, N);
        cout = f(a, b, cin, &mut out);
    }
    let exec = w.exec;
    blend(w.v_mut(d as usize), &out, exec);
    // The carry mask: active lanes' carries, 0 for inactive lanes (see Interp's carry path).
    let d2 = if i.dst2 == Opnd::None { Opnd::Vcc } else { i.dst2 };
    crate::access::wr_mask(w, d2, cout & exec);
}

/// A 64-bit shift over the wave, its kind a constant so the per-lane loop has no call.
pub type Shift64 = fn(&Inst, &mut Wave);

const SHL: u8 = 0;
const SHR: u8 = 1;
const SAR: u8 = 2;

fn shift64<const K: u8>(i: &Inst, w: &mut Wave) {
    let f = |s: u32, v: u64| match K {
        SHL => v << (s & 63),
        SHR => v >> (s & 63),
        _ => ((v as i64) >> (s & 63)) as u64,
    };
    by_wave_size!(w, shift64_n(i, w, f))
}

/// 64-bit shifts: the amount (src0) and value (src1, a VGPR pair or a scalar) read as
/// whole registers, not lane by lane through the operand decoder.
#[inline(always)]
fn shift64_n<const N: usize>(i: &Inst, w: &mut Wave, f: impl Fn(u32, u64) -> u64) {
    let Opnd::V(d) = i.dst else { return };
    let (mut lo, mut hi) = ([0u32; N], [0u32; N]);
    {
        let ka;
        let amount = lanes!(w, i.src[0], ka, N);
        let (kl, kh);
        let (vlo, vhi) = lanes64!(w, i.src[1], kl, kh, N);
        for l in 0..N {
            let v = f(amount[l], vlo[l] as u64 | (vhi[l] as u64) << 32);
            lo[l] = v as u32;
            hi[l] = (v >> 32) as u32;
        }
    }
    let exec = w.exec;
    blend(w.v_mut(d as usize), &lo, exec);
    blend(w.v_mut(d as usize + 1), &hi, exec);
}

/// `v_mad_u64_u32` / `v_mad_i64_i32` over the wave, as `vector_int::vop_mad64`: the 64-bit
/// results of active lanes to the destination pair, their overflow bits to the second
/// destination (inactive lanes' bits cleared).
fn mad64<const N: usize>(i: &Inst, w: &mut Wave, signed: bool) {
    let Opnd::V(d) = i.dst else { return };
    let (mut lo, mut hi) = ([0u32; N], [0u32; N]);
    let mut carries = 0u64;
    {
        let (ka, kb, kl, kh);
        let a = lanes!(w, i.src[0], ka, N);
        let b = lanes!(w, i.src[1], kb, N);
        let (cl, ch) = lanes64!(w, i.src[2], kl, kh, N);
        for l in 0..N {
            let c = cl[l] as u64 | (ch[l] as u64) << 32;
            let (v, carry) = if signed {
                let v = a[l] as i32 as i128 * b[l] as i32 as i128 + c as i64 as i128;
                (v as u64, v != (v as i64) as i128)
            } else {
                let v = a[l] as u128 * b[l] as u128 + c as u128;
                (v as u64, v >> 64 != 0)
            };
            lo[l] = v as u32;
            hi[l] = (v >> 32) as u32;
            carries |= (carry as u64) << l;
        }
    }
    let exec = w.exec;
    blend(w.v_mut(d as usize), &lo, exec);
    blend(w.v_mut(d as usize + 1), &hi, exec);
    if i.dst2 != Opnd::None {
        let full = w.full_mask();
        crate::access::wr_mask(w, i.dst2, carries & exec & full);
    }
}

/// `ds_bpermute_b32` over the wave, as `Interp::cross_lane`: lane l reads source lane
/// ((address + offset) / 4) mod N, 0 where that lane is inactive.
fn bpermute<const N: usize>(i: &Inst, w: &mut Wave) {
    let Opnd::V(d) = i.dst else { return };
    let mut out = [0u32; N];
    {
        let (ka, ks);
        let addr = lanes!(w, i.src[0], ka, N);
        let src = lanes!(w, i.src[1], ks, N);
        let exec = w.exec;
        for l in 0..N {
            let from = (addr[l] as usize).wrapping_add(i.offset as usize) / 4 % N;
            out[l] = if exec >> from & 1 != 0 { src[from] } else { 0 };
        }
    }
    let exec = w.exec;
    blend(w.v_mut(d as usize), &out, exec);
}
