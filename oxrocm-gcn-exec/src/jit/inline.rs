//! Instructions translated to inline host code instead of a call: the common 32-bit
//! integer vector ops, `v_cndmask_b32`, 32-bit compares, adds and subtracts with carries,
//! and the common scalar ALU ops ([`NAMED`] and the compares: [`mnemonics`]). Each follows
//! the interpreter's definition (the differential test in `tests/jit.rs` runs both on
//! random waves) and the ISA's (`tests/semantics.rs` checks every one of them, compiled,
//! against a reference written from the manuals).
//!
//! Vector ops work on the wave's lanes four at a time (i32x4). Results reach only the
//! lanes EXEC enables: a select against per-lane masks expanded from EXEC, made once and
//! reused until something may change EXEC.

use super::emit::{Emitter, mem, off};
use crate::ir::{Inst, LaneSel, Mods, Opnd};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value, types};
use cranelift_frontend::FunctionBuilder;

const V4: types::Type = types::I32X4;

/// All-ones lanes for each 4-bit mask: row m has lane l set when bit l of m is.
#[repr(C, align(16))]
struct LaneMasks([[u32; 4]; 16]);
static LANE_MASKS: LaneMasks = {
    let mut t = [[0u32; 4]; 16];
    let mut m = 0;
    while m < 16 {
        let mut l = 0;
        while l < 4 {
            if m >> l & 1 != 0 {
                t[m][l] = u32::MAX;
            }
            l += 1;
        }
        m += 1;
    }
    LaneMasks(t)
};

/// The mnemonics this module may translate inline (each in some operand form), but for
/// the vector compares, which [`mnemonics`] adds from [`CMP_TYPES`] and the relations.
/// [`inst`] leaves every other mnemonic to the interpreter, so the list is complete by
/// construction: a translation added below without its name here is never used.
const NAMED: &[&str] = &[
    // Scalar ALU (`scalar`, `arith32`, `compare_scalar`, `saveexec`).
    "s_mov_b32", "s_mov_b64", "s_cselect_b32", "s_cselect_b64",
    "s_and_b32", "s_or_b32", "s_xor_b32", "s_andn2_b32", "s_and_not1_b32", "s_orn2_b32", "s_or_not1_b32",
    "s_and_b64", "s_or_b64", "s_xor_b64", "s_andn2_b64", "s_and_not1_b64", "s_orn2_b64", "s_or_not1_b64",
    "s_add_u32", "s_sub_u32", "s_addc_u32", "s_subb_u32", "s_add_i32", "s_sub_i32", "s_mul_i32",
    "s_lshl_b32", "s_lshr_b32", "s_ashr_i32", "s_lshl1_add_u32", "s_lshl2_add_u32", "s_lshl3_add_u32", "s_lshl4_add_u32",
    "s_min_u32", "s_max_u32", "s_min_i32", "s_max_i32", "s_lshl_b64", "s_lshr_b64",
    "s_cmp_eq_i32", "s_cmp_lg_i32", "s_cmp_lt_i32", "s_cmp_le_i32", "s_cmp_gt_i32", "s_cmp_ge_i32",
    "s_cmp_eq_u32", "s_cmp_lg_u32", "s_cmp_lt_u32", "s_cmp_le_u32", "s_cmp_gt_u32", "s_cmp_ge_u32",
    "s_cmp_eq_u64", "s_cmp_lg_u64",
    "s_and_saveexec_b32", "s_or_saveexec_b32", "s_xor_saveexec_b32", "s_andn2_saveexec_b32", "s_and_not1_saveexec_b32",
    "s_orn2_saveexec_b32", "s_or_not1_saveexec_b32",
    "s_and_saveexec_b64", "s_or_saveexec_b64", "s_xor_saveexec_b64", "s_andn2_saveexec_b64", "s_and_not1_saveexec_b64",
    "s_orn2_saveexec_b64", "s_or_not1_saveexec_b64",
    // Lane-wise 32-bit integer ops (`op3`).
    "v_mov_b32", "v_not_b32", "v_add_u32", "v_add_nc_u32", "v_add_nc_i32", "v_sub_u32", "v_sub_nc_u32", "v_sub_nc_i32",
    "v_subrev_u32", "v_subrev_nc_u32", "v_mul_lo_u32", "v_mul_u32_u24", "v_mad_u32_u24", "v_and_b32", "v_or_b32", "v_xor_b32",
    "v_xnor_b32", "v_and_or_b32", "v_or3_b32", "v_xor3_b32", "v_add3_u32", "v_xad_u32", "v_bfi_b32",
    "v_min_u32", "v_max_u32", "v_min_i32", "v_max_i32", "v_min3_u32", "v_max3_u32", "v_min3_i32", "v_max3_i32",
    "v_med3_u32", "v_med3_i32", "v_cvt_u32_u16",
    // Shifts by a scalar amount, constant bit fields (`shifted`, `bfe`), 64-bit shifts by
    // a constant (`shift64`).
    "v_lshlrev_b32", "v_lshrrev_b32", "v_ashrrev_i32", "v_lshl_add_u32", "v_lshl_or_b32", "v_bfe_u32", "v_bfe_i32",
    "v_lshlrev_b64", "v_lshrrev_b64", "v_ashrrev_i64",
    // Bit counts (`bit_counts`), byte moves with constant selectors (`bytes`).
    "v_bcnt_u32_b32", "v_mbcnt_lo_u32_b32", "v_mbcnt_hi_u32_b32", "v_perm_b32", "v_alignbit_b32", "v_add_lshl_u32",
    // 16-bit integer ops (`ops16`).
    "v_add_u16", "v_add_nc_u16", "v_sub_u16", "v_sub_nc_u16", "v_mul_lo_u16", "v_max_u16", "v_min_u16", "v_max_i16",
    "v_min_i16", "v_med3_u16", "v_med3_i16",
    // f32 arithmetic (`float`; the fused forms only where the host has FMA).
    "v_add_f32", "v_sub_f32", "v_subrev_f32", "v_mul_f32", "v_fma_f32", "v_fmac_f32", "v_fmamk_f32", "v_fmaak_f32",
    "v_mad_f32", "v_mac_f32", "v_madmk_f32", "v_madak_f32",
    // Selects and carries (`cndmask`, `carry`).
    "v_cndmask_b32", "v_add_co_u32", "v_sub_co_u32", "v_subrev_co_u32", "v_add_co_ci_u32", "v_addc_co_u32",
    "v_sub_co_ci_u32", "v_subb_co_u32", "v_subrev_co_ci_u32", "v_subbrev_co_u32",
];

/// Operand types of the vector compares (`v_cmp_<rel>_<ty>`, `v_cmpx_…`) translated inline.
const CMP_TYPES: &[&str] = &["i32", "u32", "f32", "i16", "u16", "i64", "u64"];
/// Their relations: of integers, and of f32.
const CMP_INT_RELATIONS: &[&str] = &["f", "lt", "eq", "le", "gt", "ne", "lg", "ge", "t", "tru"];
const CMP_F32_RELATIONS: &[&str] = &["f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "t", "tru"];

/// Every mnemonic [`inst`] may translate inline, sorted.
pub(crate) fn mnemonics() -> &'static [&'static str] {
    static ALL: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = NAMED.to_vec();
        for x in ["v_cmp", "v_cmpx"] {
            for ty in CMP_TYPES {
                let rels = if *ty == "f32" { CMP_F32_RELATIONS } else { CMP_INT_RELATIONS };
                for rel in rels {
                    all.push(Box::leak(format!("{x}_{rel}_{ty}").into_boxed_str()));
                }
            }
        }
        all.sort_unstable();
        all.dedup();
        all
    })
}

/// Emits `i` inline if this module translates it; false otherwise (nothing emitted).
pub(crate) fn inst(e: &mut Emitter, i: &Inst, pc: u64) -> bool {
    let n = i.name;
    if mnemonics().binary_search(&n).is_err() {
        return false;
    }
    if n.starts_with("s_") {
        return scalar(e, i);
    }
    // Plain lanes and no modifiers; a vector destination except for compares.
    if i.lanes != LaneSel::Plain || i.mods != Mods::default() {
        return false;
    }
    if n.starts_with("v_cmp") {
        return compare(e, i);
    }
    if !matches!(i.dst, Opnd::V(_)) {
        return false;
    }
    if n == "v_cndmask_b32" {
        return cndmask(e, i);
    }
    if carry(e, i) || shift64(e, i) {
        return true;
    }
    if i.dst2 != Opnd::None {
        return false;
    }
    shifted(e, i) || lanewise(e, i) || bit_counts(e, i) || float(e, i, pc) || bytes(e, i) || ops16(e, i)
}

/// `v_perm_b32` with a constant selector, `v_alignbit_b32` with a constant shift and
/// `v_add_lshl_u32` with a scalar one: byte and bit moves known at compile time.
fn bytes(e: &mut Emitter, i: &Inst) -> bool {
    let Opnd::V(d) = i.dst else { return false };
    match (i.name, i.src[2]) {
        ("v_perm_b32", Opnd::Imm(sel)) => {
            let (Some(a), Some(b)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1])) else { return false };
            let vals: Vec<Value> = (0..e.lanes / 4)
                .map(|k| {
                    let (x, y) = (chunk(e, a, k), chunk(e, b, k));
                    perm_const(&mut e.b, x, y, sel)
                })
                .collect();
            store_vgpr(e, d, &vals);
            true
        }
        ("v_alignbit_b32", Opnd::Imm(c)) => {
            let (Some(a), Some(b)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1])) else { return false };
            let s = (c & 31) as i64;
            let vals: Vec<Value> = (0..e.lanes / 4)
                .map(|k| {
                    let (x, y) = (chunk(e, a, k), chunk(e, b, k));
                    if s == 0 {
                        return y;
                    }
                    // ({a, b} >> s) low half: b's high bits, then a's low ones.
                    let lo = e.b.ins().ushr_imm_u(y, s);
                    let hi = e.b.ins().ishl_imm_u(x, 32 - s);
                    e.b.ins().bor(lo, hi)
                })
                .collect();
            store_vgpr(e, d, &vals);
            true
        }
        ("v_add_lshl_u32", c) if !matches!(c, Opnd::V(_)) => {
            let (Some(a), Some(b), Some(amount)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1]), scalar32(e, c)) else { return false };
            let amount = e.b.ins().band_imm_s(amount, 31);
            let vals: Vec<Value> = (0..e.lanes / 4)
                .map(|k| {
                    let (x, y) = (chunk(e, a, k), chunk(e, b, k));
                    let sum = e.b.ins().iadd(x, y);
                    e.b.ins().ishl(sum, amount)
                })
                .collect();
            store_vgpr(e, d, &vals);
            true
        }
        _ => false,
    }
}

/// `v_perm_b32` with selector `sel`, as `vector_int::perm`: byte k of the result is byte
/// sel_k of {a, b} (0-3 from b, 4-7 from a), the sign of byte 1 or 3 of b or a (8-11),
/// zero (12) or all ones (13 and up).
fn perm_const(b: &mut FunctionBuilder, a: Value, bv: Value, sel: u32) -> Value {
    let mut acc = splat_const(b, 0);
    for k in 0..4 {
        let s = sel >> (8 * k) & 0xff;
        let byte = match s {
            0..=7 => {
                let (src, at) = if s < 4 { (bv, s) } else { (a, s - 4) };
                let v = if at == 0 { src } else { b.ins().ushr_imm_u(src, 8 * at as i64) };
                let m = splat_const(b, 0xff);
                b.ins().band(v, m)
            }
            8..=11 => {
                // Byte 1 or 3 of b (8, 9) or a (10, 11): its sign bit to all eight bits.
                let (src, at) = match s {
                    8 => (bv, 1),
                    9 => (bv, 3),
                    10 => (a, 1),
                    _ => (a, 3),
                };
                let up = b.ins().ishl_imm_u(src, 24 - 8 * at);
                let sign = b.ins().sshr_imm_u(up, 31);
                let m = splat_const(b, 0xff);
                b.ins().band(sign, m)
            }
            12 => continue,
            _ => splat_const(b, 0xff),
        };
        let placed = if k == 0 { byte } else { b.ins().ishl_imm_u(byte, 8 * k as i64) };
        acc = b.ins().bor(acc, placed);
    }
    acc
}

/// 16-bit integer ops without modifiers (`vector16::op16`): the sources' low halves, the
/// result to the destination's low half, its high half kept.
fn ops16(e: &mut Emitter, i: &Inst) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Op {
        Add,
        Sub,
        Mul,
        Max,
        Min,
        Med3,
    }
    let (op, signed) = match i.name {
        "v_add_u16" | "v_add_nc_u16" => (Op::Add, false),
        "v_sub_u16" | "v_sub_nc_u16" => (Op::Sub, false),
        "v_mul_lo_u16" => (Op::Mul, false),
        "v_max_u16" => (Op::Max, false),
        "v_min_u16" => (Op::Min, false),
        "v_max_i16" => (Op::Max, true),
        "v_min_i16" => (Op::Min, true),
        "v_med3_u16" => (Op::Med3, false),
        "v_med3_i16" => (Op::Med3, true),
        _ => return false,
    };
    let Opnd::V(d) = i.dst else { return false };
    let Some([a, b, c]) = sources(e, i) else { return false };
    e.note_vgpr(d);
    let half = |bi: &mut FunctionBuilder, x: Value| {
        let up = bi.ins().ishl_imm_u(x, 16);
        if signed { bi.ins().sshr_imm_u(up, 16) } else { bi.ins().ushr_imm_u(up, 16) }
    };
    let vals: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (x, y, z) = (chunk(e, a, k), chunk(e, b, k), chunk(e, c, k));
            let old = chunk(e, Src::V(d), k);
            let bi = &mut e.b;
            let (x, y) = (half(bi, x), half(bi, y));
            type Pick = fn(&mut FunctionBuilder, Value, Value) -> Value;
            let (min, max): (Pick, Pick) = if signed {
                (|b, p, q| b.ins().smin(p, q), |b, p, q| b.ins().smax(p, q))
            } else {
                (|b, p, q| b.ins().umin(p, q), |b, p, q| b.ins().umax(p, q))
            };
            let r = match op {
                Op::Add => bi.ins().iadd(x, y),
                Op::Sub => bi.ins().isub(x, y),
                Op::Mul => bi.ins().imul(x, y),
                Op::Max => max(bi, x, y),
                Op::Min => min(bi, x, y),
                Op::Med3 => {
                    let z = half(bi, z);
                    let (hi, lo) = (max(bi, x, y), min(bi, x, y));
                    let lo = max(bi, lo, z);
                    min(bi, hi, lo)
                }
            };
            let low = splat_const(bi, 0xffff);
            let r = bi.ins().band(r, low);
            let high = bi.ins().band_not(old, low);
            bi.ins().bor(high, r)
        })
        .collect();
    store_vgpr(e, d, &vals);
    true
}

// ---- operands -------------------------------------------------------------------------

/// A vector source: a VGPR read four lanes at a time, or one value for every lane.
#[derive(Clone, Copy)]
enum Src {
    V(u16),
    Splat(Value),
}

/// A 32-bit scalar operand as the interpreter's `rd32` reads it; `None` for a VGPR.
fn scalar32(e: &mut Emitter, o: Opnd) -> Option<Value> {
    let b = &mut e.b;
    Some(match o {
        Opnd::S(n) if (n as usize) < crate::wave::SGPRS => b.ins().load(types::I32, mem(), e.wave, off::SGPR + 4 * n as i32),
        Opnd::S(_) => return None,
        Opnd::Vcc => b.ins().load(types::I32, mem(), e.wave, off::VCC),
        Opnd::Exec => b.ins().load(types::I32, mem(), e.wave, off::EXEC),
        Opnd::M0 => b.ins().load(types::I32, mem(), e.wave, off::M0),
        Opnd::Scc => {
            let s = b.ins().load(types::I8, mem(), e.wave, off::SCC);
            b.ins().uextend(types::I32, s)
        }
        Opnd::Imm(v) => b.ins().iconst(types::I32, v as i32 as i64),
        Opnd::Imm64(v) => b.ins().iconst(types::I32, v as u32 as i32 as i64),
        Opnd::None | Opnd::Null => b.ins().iconst(types::I32, 0),
        Opnd::V(_) => return None,
    })
}

/// A 64-bit scalar operand as `rd64` reads it (32-bit constants sign-extend).
fn scalar64(e: &mut Emitter, o: Opnd) -> Option<Value> {
    Some(match o {
        Opnd::S(n) if (n as usize) + 1 < crate::wave::SGPRS => e.b.ins().load(types::I64, mem(), e.wave, off::SGPR + 4 * n as i32),
        Opnd::S(_) | Opnd::V(_) => return None,
        Opnd::Vcc => e.b.ins().load(types::I64, mem(), e.wave, off::VCC),
        Opnd::Exec => e.b.ins().load(types::I64, mem(), e.wave, off::EXEC),
        Opnd::Imm(v) => e.b.ins().iconst(types::I64, v as i32 as i64),
        Opnd::Imm64(v) => e.b.ins().iconst(types::I64, v as i64),
        o => {
            let v = scalar32(e, o)?;
            e.b.ins().uextend(types::I64, v)
        }
    })
}

/// A lane mask operand at the wave's size, as `rd_mask` reads it, in 64 bits.
fn mask_operand(e: &mut Emitter, o: Opnd) -> Option<Value> {
    if e.lanes == 64 {
        return scalar64(e, o);
    }
    let v = scalar32(e, o)?;
    Some(e.b.ins().uextend(types::I64, v))
}

/// Writes a 32-bit scalar result as `wr32` does (VCC/EXEC: the low half).
fn write32(e: &mut Emitter, o: Opnd, v: Value) -> bool {
    let at = match o {
        Opnd::S(n) if (n as usize) < crate::wave::SGPRS => off::SGPR + 4 * n as i32,
        Opnd::Vcc => off::VCC,
        Opnd::Exec => {
            e.lane_masks = None;
            off::EXEC
        }
        Opnd::M0 => off::M0,
        Opnd::Null | Opnd::None => return true,
        _ => return false,
    };
    e.b.ins().store(mem(), v, e.wave, at);
    true
}

/// Writes a 64-bit scalar result as `wr64` does.
fn write64(e: &mut Emitter, o: Opnd, v: Value) -> bool {
    let at = match o {
        Opnd::S(n) if (n as usize) + 1 < crate::wave::SGPRS => off::SGPR + 4 * n as i32,
        Opnd::Vcc => off::VCC,
        Opnd::Exec => {
            e.lane_masks = None;
            off::EXEC
        }
        Opnd::M0 | Opnd::Null | Opnd::None => {
            let lo = e.b.ins().ireduce(types::I32, v);
            return write32(e, o, lo);
        }
        _ => return false,
    };
    e.b.ins().store(mem(), v, e.wave, at);
    true
}

/// Writes a lane mask (in 64 bits) as `wr_mask` does.
fn write_mask(e: &mut Emitter, o: Opnd, m: Value) -> bool {
    if e.lanes == 64 {
        return write64(e, o, m);
    }
    let lo = e.b.ins().ireduce(types::I32, m);
    write32(e, o, lo)
}

/// Whether a destination can be written inline.
fn writable(o: Opnd, wide: bool) -> bool {
    match o {
        Opnd::S(n) => (n as usize) + (wide as usize) < crate::wave::SGPRS,
        Opnd::Vcc | Opnd::Exec | Opnd::M0 | Opnd::Null | Opnd::None => true,
        _ => false,
    }
}

fn vector_src(e: &mut Emitter, o: Opnd) -> Option<Src> {
    if let Opnd::V(r) = o {
        e.note_vgpr(r);
        return Some(Src::V(r));
    }
    let v = scalar32(e, o)?;
    Some(Src::Splat(e.b.ins().splat(V4, v)))
}

/// Byte offset of lanes 4k..4k+3 of VGPR r.
fn vgpr_at(e: &Emitter, r: u16, k: usize) -> i32 {
    ((r as usize * e.lanes + 4 * k) * 4) as i32
}

fn chunk(e: &mut Emitter, s: Src, k: usize) -> Value {
    match s {
        Src::V(r) => {
            let at = vgpr_at(e, r, k);
            e.b.ins().load(V4, mem(), e.vgpr, at)
        }
        Src::Splat(v) => v,
    }
}

/// Per-lane all-ones/zero masks, four lanes a value, from the low bits of `m` (i64).
fn expand(e: &mut Emitter, m: Value) -> Vec<Value> {
    let table = e.b.ins().iconst(types::I64, LANE_MASKS.0.as_ptr() as i64);
    let aligned = MemFlagsData::trusted().with_readonly();
    (0..e.lanes / 4)
        .map(|k| {
            let nib = e.b.ins().ushr_imm_u(m, 4 * k as i64);
            let nib = e.b.ins().band_imm_s(nib, 15);
            let at = e.b.ins().ishl_imm_u(nib, 4);
            let at = e.b.ins().iadd(table, at);
            e.b.ins().load(V4, aligned, at, 0)
        })
        .collect()
}

/// EXEC's lanes, expanded once per stretch of inline code.
fn exec_lanes(e: &mut Emitter) -> Vec<Value> {
    if let Some(m) = &e.lane_masks {
        return m.clone();
    }
    let exec = e.b.ins().load(types::I64, mem(), e.wave, off::EXEC);
    let m = expand(e, exec);
    e.lane_masks = Some(m.clone());
    m
}

/// Stores `vals` (a value per four lanes) into VGPR d where EXEC enables the lane (or
/// keeps them for later, inside a VOPD pair).
pub(crate) fn store_vgpr(e: &mut Emitter, d: u16, vals: &[Value]) {
    e.note_vgpr(d);
    if let Some(w) = e.deferred.as_mut() {
        w.push((d, vals.to_vec()));
        return;
    }
    let masks = exec_lanes(e);
    for (k, (&v, &m)) in vals.iter().zip(&masks).enumerate() {
        let at = vgpr_at(e, d, k);
        let old = e.b.ins().load(V4, mem(), e.vgpr, at);
        let new = e.b.ins().bitselect(m, v, old);
        e.b.ins().store(mem(), new, e.vgpr, at);
    }
}

/// A lane mask (i64) from four-lane compare results (all-ones/zero lanes).
fn pack(e: &mut Emitter, flags: &[Value]) -> Value {
    let mut acc = e.b.ins().iconst(types::I64, 0);
    for (k, &f) in flags.iter().enumerate() {
        let bits = e.b.ins().vhigh_bits(types::I32, f);
        let bits = e.b.ins().uextend(types::I64, bits);
        let bits = e.b.ins().ishl_imm_u(bits, 4 * k as i64);
        acc = e.b.ins().bor(acc, bits);
    }
    acc
}

fn full_mask(e: &Emitter) -> i64 {
    if e.lanes == 64 { -1 } else { (1i64 << e.lanes) - 1 }
}

// ---- lane-wise integer ops ------------------------------------------------------------

type Op3 = fn(&mut FunctionBuilder, Value, Value, Value) -> Value;

fn splat_const(b: &mut FunctionBuilder, v: u32) -> Value {
    let c = b.ins().iconst(types::I32, v as i32 as i64);
    b.ins().splat(V4, c)
}

/// The lane-wise ops of `vector_int` that map to i32x4 arithmetic.
fn op3(name: &str) -> Option<Op3> {
    Some(match name {
        "v_mov_b32" => |_, a, _, _| a,
        "v_not_b32" => |b, a, _, _| b.ins().bnot(a),
        "v_add_u32" | "v_add_nc_u32" | "v_add_nc_i32" => |b, a, x, _| b.ins().iadd(a, x),
        "v_sub_u32" | "v_sub_nc_u32" | "v_sub_nc_i32" => |b, a, x, _| b.ins().isub(a, x),
        "v_subrev_u32" | "v_subrev_nc_u32" => |b, a, x, _| b.ins().isub(x, a),
        "v_mul_lo_u32" => |b, a, x, _| b.ins().imul(a, x),
        "v_mul_u32_u24" => |b, a, x, _| {
            let m = splat_const(b, 0xff_ffff);
            let (a, x) = (b.ins().band(a, m), b.ins().band(x, m));
            b.ins().imul(a, x)
        },
        "v_mad_u32_u24" => |b, a, x, c| {
            let m = splat_const(b, 0xff_ffff);
            let (a, x) = (b.ins().band(a, m), b.ins().band(x, m));
            let p = b.ins().imul(a, x);
            b.ins().iadd(p, c)
        },
        "v_and_b32" => |b, a, x, _| b.ins().band(a, x),
        "v_or_b32" => |b, a, x, _| b.ins().bor(a, x),
        "v_xor_b32" => |b, a, x, _| b.ins().bxor(a, x),
        "v_xnor_b32" => |b, a, x, _| {
            let v = b.ins().bxor(a, x);
            b.ins().bnot(v)
        },
        "v_and_or_b32" => |b, a, x, c| {
            let v = b.ins().band(a, x);
            b.ins().bor(v, c)
        },
        "v_or3_b32" => |b, a, x, c| {
            let v = b.ins().bor(a, x);
            b.ins().bor(v, c)
        },
        "v_xor3_b32" => |b, a, x, c| {
            let v = b.ins().bxor(a, x);
            b.ins().bxor(v, c)
        },
        "v_add3_u32" => |b, a, x, c| {
            let v = b.ins().iadd(a, x);
            b.ins().iadd(v, c)
        },
        "v_xad_u32" => |b, a, x, c| {
            let v = b.ins().bxor(a, x);
            b.ins().iadd(v, c)
        },
        "v_bfi_b32" => |b, a, x, c| b.ins().bitselect(a, x, c),
        "v_min_u32" => |b, a, x, _| b.ins().umin(a, x),
        "v_max_u32" => |b, a, x, _| b.ins().umax(a, x),
        "v_min_i32" => |b, a, x, _| b.ins().smin(a, x),
        "v_max_i32" => |b, a, x, _| b.ins().smax(a, x),
        "v_min3_u32" => |b, a, x, c| {
            let v = b.ins().umin(a, x);
            b.ins().umin(v, c)
        },
        "v_max3_u32" => |b, a, x, c| {
            let v = b.ins().umax(a, x);
            b.ins().umax(v, c)
        },
        "v_min3_i32" => |b, a, x, c| {
            let v = b.ins().smin(a, x);
            b.ins().smin(v, c)
        },
        "v_max3_i32" => |b, a, x, c| {
            let v = b.ins().smax(a, x);
            b.ins().smax(v, c)
        },
        "v_med3_u32" => |b, a, x, c| {
            let (hi, lo) = (b.ins().umax(a, x), b.ins().umin(a, x));
            let lo = b.ins().umax(lo, c);
            b.ins().umin(hi, lo)
        },
        "v_med3_i32" => |b, a, x, c| {
            let (hi, lo) = (b.ins().smax(a, x), b.ins().smin(a, x));
            let lo = b.ins().smax(lo, c);
            b.ins().smin(hi, lo)
        },
        "v_cvt_u32_u16" => |b, a, _, _| {
            let m = splat_const(b, 0xffff);
            b.ins().band(a, m)
        },
        _ => return None,
    })
}

/// For `v_mbcnt_lo/hi_u32_b32`: lane l's mask of the lanes below it among the low 32
/// (`LO`) or the high 32 (`HI`), as `vector_int::mbcnt` defines them.
#[repr(C, align(16))]
struct BelowMasks([u32; 64]);
static MBCNT_LO: BelowMasks = below_masks(false);
static MBCNT_HI: BelowMasks = below_masks(true);

const fn below_masks(hi: bool) -> BelowMasks {
    let mut t = [0u32; 64];
    let mut l: usize = 0;
    while l < 64 {
        let below = if hi { l.saturating_sub(32) } else if l < 32 { l } else { 32 };
        t[l] = if below >= 32 { u32::MAX } else { (1u32 << below) - 1 };
        l += 1;
    }
    BelowMasks(t)
}

/// The set bits of each lane (SWAR: pairs, nibbles, bytes, then a multiply sums the bytes).
fn popcount4(b: &mut FunctionBuilder, v: Value) -> Value {
    let (m1, m2, m4, ones) = (splat_const(b, 0x5555_5555), splat_const(b, 0x3333_3333), splat_const(b, 0x0f0f_0f0f), splat_const(b, 0x0101_0101));
    let half = b.ins().ushr_imm_u(v, 1);
    let half = b.ins().band(half, m1);
    let pairs = b.ins().isub(v, half);
    let lo = b.ins().band(pairs, m2);
    let hi = b.ins().ushr_imm_u(pairs, 2);
    let hi = b.ins().band(hi, m2);
    let nibbles = b.ins().iadd(lo, hi);
    let up = b.ins().ushr_imm_u(nibbles, 4);
    let bytes = b.ins().iadd(nibbles, up);
    let bytes = b.ins().band(bytes, m4);
    let sum = b.ins().imul(bytes, ones);
    b.ins().ushr_imm_u(sum, 24)
}

/// `v_bcnt_u32_b32` (set bits of src0 plus src1) and `v_mbcnt_lo/hi_u32_b32` (set bits of
/// src0 in the lanes below each lane, plus src1): rocPRIM's lane ranks and histograms.
fn bit_counts(e: &mut Emitter, i: &Inst) -> bool {
    let below: Option<&'static BelowMasks> = match i.name {
        "v_bcnt_u32_b32" => None,
        "v_mbcnt_lo_u32_b32" => Some(&MBCNT_LO),
        "v_mbcnt_hi_u32_b32" => Some(&MBCNT_HI),
        _ => return false,
    };
    let Opnd::V(d) = i.dst else { return false };
    let (Some(a), Some(acc)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1])) else { return false };
    let table = below.map(|t| e.b.ins().iconst(types::I64, t.0.as_ptr() as i64));
    let aligned = MemFlagsData::trusted().with_readonly();
    let vals: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (x, y) = (chunk(e, a, k), chunk(e, acc, k));
            let x = match table {
                Some(t) => {
                    let m = e.b.ins().load(V4, aligned, t, 16 * k as i32);
                    e.b.ins().band(x, m)
                }
                None => x,
            };
            let n = popcount4(&mut e.b, x);
            e.b.ins().iadd(n, y)
        })
        .collect();
    store_vgpr(e, d, &vals);
    true
}

/// Sources of a lane-wise op (three, unused ones reading 0 as in the interpreter).
fn sources(e: &mut Emitter, i: &Inst) -> Option<[Src; 3]> {
    Some([vector_src(e, i.src[0])?, vector_src(e, i.src[1])?, vector_src(e, i.src[2])?])
}

fn lanewise(e: &mut Emitter, i: &Inst) -> bool {
    let (Some(f), Opnd::V(d)) = (op3(i.name), i.dst) else { return false };
    let Some([a, b, c]) = sources(e, i) else { return false };
    let vals: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (x, y, z) = (chunk(e, a, k), chunk(e, b, k), chunk(e, c, k));
            f(&mut e.b, x, y, z)
        })
        .collect();
    store_vgpr(e, d, &vals);
    true
}

/// Shifts and bit-field extracts whose amounts are the same for every lane (a scalar
/// source): host vector shifts take one amount.
fn shifted(e: &mut Emitter, i: &Inst) -> bool {
    let Opnd::V(d) = i.dst else { return false };
    let is_vgpr = |o: Opnd| matches!(o, Opnd::V(_));
    #[derive(Clone, Copy)]
    enum K {
        Shl,
        Shr,
        Sar,
    }
    /// An op applied after the shift, with src2.
    type Then = Option<fn(&mut FunctionBuilder, Value, Value) -> Value>;
    // (which source is the amount, the shift, the value's source, what follows)
    let (amount_src, kind, value_src, then): (usize, K, usize, Then) = match i.name {
        "v_lshlrev_b32" => (0, K::Shl, 1, None),
        "v_lshrrev_b32" => (0, K::Shr, 1, None),
        "v_ashrrev_i32" => (0, K::Sar, 1, None),
        "v_lshl_add_u32" => (1, K::Shl, 0, Some(|b, v, c| b.ins().iadd(v, c))),
        "v_lshl_or_b32" => (1, K::Shl, 0, Some(|b, v, c| b.ins().bor(v, c))),
        "v_bfe_u32" | "v_bfe_i32" => return bfe(e, i, d),
        _ => return false,
    };
    if is_vgpr(i.src[amount_src]) {
        return false;
    }
    let Some(amount) = scalar32(e, i.src[amount_src]) else { return false };
    let amount = e.b.ins().band_imm_s(amount, 31);
    let Some(v) = vector_src(e, i.src[value_src]) else { return false };
    let c = match then {
        Some(_) => match vector_src(e, i.src[2]) {
            Some(c) => Some(c),
            None => return false,
        },
        None => None,
    };
    let vals: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let x = chunk(e, v, k);
            let s = match kind {
                K::Shl => e.b.ins().ishl(x, amount),
                K::Shr => e.b.ins().ushr(x, amount),
                K::Sar => e.b.ins().sshr(x, amount),
            };
            match (then, c) {
                (Some(f), Some(c)) => {
                    let c = chunk(e, c, k);
                    f(&mut e.b, s, c)
                }
                _ => s,
            }
        })
        .collect();
    store_vgpr(e, d, &vals);
    true
}

/// 64-bit shifts (`v_lshlrev_b64` and the like) by a constant amount, on the register
/// pair's halves: each half a shift of one or both source halves.
fn shift64(e: &mut Emitter, i: &Inst) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum K {
        Shl,
        Shr,
        Sar,
    }
    let kind = match i.name {
        "v_lshlrev_b64" => K::Shl,
        "v_lshrrev_b64" => K::Shr,
        "v_ashrrev_i64" => K::Sar,
        _ => return false,
    };
    let (Opnd::Imm(amount), Opnd::V(d), Opnd::V(src)) = (i.src[0], i.dst, i.src[1]) else { return false };
    if i.dst2 != Opnd::None {
        return false;
    }
    let s = (amount & 63) as i64;
    e.note_vgpr(src + 1);
    e.note_vgpr(d + 1);
    let (mut lo_out, mut hi_out) = (Vec::new(), Vec::new());
    for k in 0..e.lanes / 4 {
        let lo = chunk(e, Src::V(src), k);
        let hi = chunk(e, Src::V(src + 1), k);
        let b = &mut e.b;
        let (l, h) = match (kind, s) {
            (_, 0) => (lo, hi),
            (K::Shl, 1..=31) => {
                let h = b.ins().ishl_imm_u(hi, s);
                let carry = b.ins().ushr_imm_u(lo, 32 - s);
                (b.ins().ishl_imm_u(lo, s), b.ins().bor(h, carry))
            }
            (K::Shl, _) => (splat_const(b, 0), if s == 32 { lo } else { b.ins().ishl_imm_u(lo, s - 32) }),
            (_, 1..=31) => {
                let l = b.ins().ushr_imm_u(lo, s);
                let carry = b.ins().ishl_imm_u(hi, 32 - s);
                let h = if kind == K::Sar { b.ins().sshr_imm_u(hi, s) } else { b.ins().ushr_imm_u(hi, s) };
                (b.ins().bor(l, carry), h)
            }
            (K::Shr, _) => (if s == 32 { hi } else { b.ins().ushr_imm_u(hi, s - 32) }, splat_const(b, 0)),
            (K::Sar, _) => (if s == 32 { hi } else { b.ins().sshr_imm_u(hi, s - 32) }, b.ins().sshr_imm_u(hi, 31)),
        };
        lo_out.push(l);
        hi_out.push(h);
    }
    // Both halves read before either is written (the destination may be the source).
    store_vgpr(e, d, &lo_out);
    store_vgpr(e, d + 1, &hi_out);
    true
}

/// `v_bfe_u32`/`v_bfe_i32` with constant offset and width (as `scalar::bfe32`).
fn bfe(e: &mut Emitter, i: &Inst, d: u16) -> bool {
    let (Opnd::Imm(o), Opnd::Imm(w)) = (i.src[1], i.src[2]) else { return false };
    let (off, width, signed) = (o & 31, w & 31, i.name == "v_bfe_i32");
    let Some(v) = vector_src(e, i.src[0]) else { return false };
    let vals: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let x = chunk(e, v, k);
            if width == 0 {
                return splat_const(&mut e.b, 0);
            }
            if off + width >= 32 {
                // The field reaches the top: a plain shift (sign-extended only when it
                // ends exactly at bit 31, as bfe32 does).
                return if signed && off + width == 32 { e.b.ins().sshr_imm_u(x, off as i64) } else { e.b.ins().ushr_imm_u(x, off as i64) };
            }
            if signed {
                let up = e.b.ins().ishl_imm_u(x, (32 - off - width) as i64);
                e.b.ins().sshr_imm_u(up, (32 - width) as i64)
            } else {
                let s = e.b.ins().ushr_imm_u(x, off as i64);
                let m = splat_const(&mut e.b, (1u32 << width) - 1);
                e.b.ins().band(s, m)
            }
        })
        .collect();
    store_vgpr(e, d, &vals);
    true
}

fn cndmask(e: &mut Emitter, i: &Inst) -> bool {
    let Opnd::V(d) = i.dst else { return false };
    let sel = match i.src[2] {
        Opnd::None => e.b.ins().load(types::I64, mem(), e.wave, off::VCC),
        o => match mask_operand(e, o) {
            Some(m) => m,
            None => return false,
        },
    };
    let (Some(a), Some(b)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1])) else { return false };
    let sel = expand(e, sel);
    let vals: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (x, y) = (chunk(e, a, k), chunk(e, b, k));
            e.b.ins().bitselect(sel[k], y, x)
        })
        .collect();
    store_vgpr(e, d, &vals);
    true
}

/// f32 arithmetic of the interpreter's fast path (`vector_float::wave_f32_fn`): the host's
/// IEEE operations in round-to-nearest with denormals kept, as the interpreter's own; the
/// fused forms only where the host has FMA.
fn float(e: &mut Emitter, i: &Inst, pc: u64) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum F {
        Add,
        Sub,
        SubRev,
        Mul,
        Fma,
        MulAdd,
    }
    let op = match i.name {
        "v_add_f32" => F::Add,
        "v_sub_f32" => F::Sub,
        "v_subrev_f32" => F::SubRev,
        "v_mul_f32" => F::Mul,
        "v_fma_f32" | "v_fmac_f32" | "v_fmamk_f32" | "v_fmaak_f32" if host_fma() => F::Fma,
        "v_mad_f32" | "v_mac_f32" | "v_madmk_f32" | "v_madak_f32" => F::MulAdd,
        _ => return false,
    };
    let Opnd::V(d) = i.dst else { return false };
    let Some([a, b, c]) = sources(e, i) else { return false };
    e.require_f32_denormals(pc);
    let lanes = MemFlagsData::new().with_endianness(cranelift_codegen::ir::Endianness::Little);
    let vals: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (x, y) = (chunk(e, a, k), chunk(e, b, k));
            let bi = &mut e.b;
            let (x, y) = (bi.ins().bitcast(types::F32X4, lanes, x), bi.ins().bitcast(types::F32X4, lanes, y));
            let r = match op {
                F::Add => bi.ins().fadd(x, y),
                F::Sub => bi.ins().fsub(x, y),
                F::SubRev => bi.ins().fsub(y, x),
                F::Mul => bi.ins().fmul(x, y),
                F::Fma | F::MulAdd => {
                    let z = chunk(e, c, k);
                    let bi = &mut e.b;
                    let z = bi.ins().bitcast(types::F32X4, lanes, z);
                    if op == F::Fma {
                        bi.ins().fma(x, y, z)
                    } else {
                        let p = bi.ins().fmul(x, y);
                        bi.ins().fadd(p, z)
                    }
                }
            };
            e.b.ins().bitcast(V4, lanes, r)
        })
        .collect();
    store_vgpr(e, d, &vals);
    true
}

/// Whether the host has fused multiply-add (the code generator then emits it).
fn host_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("fma");
    #[cfg(not(target_arch = "x86_64"))]
    return true;
}

// ---- compares and carries -------------------------------------------------------------

/// 32-bit integer and f32 compares (`v_cmp_*`, `v_cmpx_*`), as `fast_cmp::run` does them.
fn compare(e: &mut Emitter, i: &Inst) -> bool {
    let (rest, to_exec) = match i.name.strip_prefix("v_cmpx_") {
        Some(r) => (r, true),
        None => match i.name.strip_prefix("v_cmp_") {
            Some(r) => (r, false),
            None => return false,
        },
    };
    let Some((cond, ty)) = rest.rsplit_once('_') else { return false };
    match ty {
        "i16" | "u16" => return compare16(e, i, to_exec, cond, ty == "i16"),
        "i64" | "u64" => return compare64(e, i, to_exec, cond, ty == "i64"),
        _ => {}
    }
    enum Cc {
        I(IntCC),
        F(&'static [FloatCC]),
    }
    let cc = match ty {
        "i32" | "u32" => {
            let s = ty == "i32";
            Cc::I(match cond {
                "eq" => IntCC::Equal,
                "ne" | "lg" => IntCC::NotEqual,
                "lt" if s => IntCC::SignedLessThan,
                "le" if s => IntCC::SignedLessThanOrEqual,
                "gt" if s => IntCC::SignedGreaterThan,
                "ge" if s => IntCC::SignedGreaterThanOrEqual,
                "lt" => IntCC::UnsignedLessThan,
                "le" => IntCC::UnsignedLessThanOrEqual,
                "gt" => IntCC::UnsignedGreaterThan,
                "ge" => IntCC::UnsignedGreaterThanOrEqual,
                "f" => return const_compare(e, i, to_exec, false),
                "t" | "tru" => return const_compare(e, i, to_exec, true),
                _ => return false,
            })
        }
        "f32" => {
            // The relation as a set of outcomes, each a host compare the code generator
            // has for vectors: less, equal, greater, unordered.
            let set: &[FloatCC] = match cond {
                "lt" => &[FloatCC::LessThan],
                "eq" => &[FloatCC::Equal],
                "le" => &[FloatCC::LessThan, FloatCC::Equal],
                "gt" => &[FloatCC::GreaterThan],
                "lg" => &[FloatCC::LessThan, FloatCC::GreaterThan],
                "ge" => &[FloatCC::GreaterThan, FloatCC::Equal],
                "o" => &[FloatCC::Ordered],
                "u" => &[FloatCC::Unordered],
                "nge" => &[FloatCC::LessThan, FloatCC::Unordered],
                "nlg" => &[FloatCC::Equal, FloatCC::Unordered],
                "ngt" => &[FloatCC::LessThan, FloatCC::Equal, FloatCC::Unordered],
                "nle" => &[FloatCC::GreaterThan, FloatCC::Unordered],
                "neq" => &[FloatCC::LessThan, FloatCC::GreaterThan, FloatCC::Unordered],
                "nlt" => &[FloatCC::GreaterThan, FloatCC::Equal, FloatCC::Unordered],
                "f" => return const_compare(e, i, to_exec, false),
                "t" | "tru" => return const_compare(e, i, to_exec, true),
                _ => return false,
            };
            Cc::F(set)
        }
        _ => return false,
    };
    if !compare_dst_ok(i, to_exec) {
        return false;
    }
    let (Some(a), Some(b)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1])) else { return false };
    let flags: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (x, y) = (chunk(e, a, k), chunk(e, b, k));
            match &cc {
                Cc::I(c) => e.b.ins().icmp(*c, x, y),
                Cc::F(set) => {
                    let lanes = MemFlagsData::new().with_endianness(cranelift_codegen::ir::Endianness::Little);
                    let fx = e.b.ins().bitcast(types::F32X4, lanes, x);
                    let fy = e.b.ins().bitcast(types::F32X4, lanes, y);
                    let mut hit = e.b.ins().fcmp(set[0], fx, fy);
                    for &c in &set[1..] {
                        let more = e.b.ins().fcmp(c, fx, fy);
                        hit = e.b.ins().bor(hit, more);
                    }
                    hit
                }
            }
        })
        .collect();
    let mask = pack(e, &flags);
    finish_compare(e, i, to_exec, mask);
    true
}

/// An integer relation: the host condition, or a constant result (`f`, `t`).
fn int_relation(cond: &str, signed: bool) -> Option<Result<IntCC, bool>> {
    Some(Ok(match cond {
        "eq" => IntCC::Equal,
        "ne" | "lg" => IntCC::NotEqual,
        "lt" if signed => IntCC::SignedLessThan,
        "le" if signed => IntCC::SignedLessThanOrEqual,
        "gt" if signed => IntCC::SignedGreaterThan,
        "ge" if signed => IntCC::SignedGreaterThanOrEqual,
        "lt" => IntCC::UnsignedLessThan,
        "le" => IntCC::UnsignedLessThanOrEqual,
        "gt" => IntCC::UnsignedGreaterThan,
        "ge" => IntCC::UnsignedGreaterThanOrEqual,
        "f" => return Some(Err(false)),
        "t" | "tru" => return Some(Err(true)),
        _ => return None,
    }))
}

/// 16-bit integer compares: the sources' low halves, extended, compared as 32-bit.
fn compare16(e: &mut Emitter, i: &Inst, to_exec: bool, cond: &str, signed: bool) -> bool {
    let cc = match int_relation(cond, signed) {
        Some(Ok(cc)) => cc,
        Some(Err(v)) => return const_compare(e, i, to_exec, v),
        None => return false,
    };
    if !compare_dst_ok(i, to_exec) {
        return false;
    }
    let (Some(a), Some(b)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1])) else { return false };
    let half = |bi: &mut FunctionBuilder, x: Value| {
        let up = bi.ins().ishl_imm_u(x, 16);
        if signed { bi.ins().sshr_imm_u(up, 16) } else { bi.ins().ushr_imm_u(up, 16) }
    };
    let flags: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (x, y) = (chunk(e, a, k), chunk(e, b, k));
            let (x, y) = (half(&mut e.b, x), half(&mut e.b, y));
            e.b.ins().icmp(cc, x, y)
        })
        .collect();
    let mask = pack(e, &flags);
    finish_compare(e, i, to_exec, mask);
    true
}

/// A 64-bit vector source as its two halves (a VGPR pair, or a scalar's halves splat).
fn vector_src64(e: &mut Emitter, o: Opnd) -> Option<(Src, Src)> {
    if let Opnd::V(r) = o {
        e.note_vgpr(r + 1);
        return Some((Src::V(r), Src::V(r + 1)));
    }
    let v = scalar64(e, o)?;
    let lo = e.b.ins().ireduce(types::I32, v);
    let hi = e.b.ins().ushr_imm_u(v, 32);
    let hi = e.b.ins().ireduce(types::I32, hi);
    Some((Src::Splat(e.b.ins().splat(V4, lo)), Src::Splat(e.b.ins().splat(V4, hi))))
}

/// 64-bit integer compares, from the halves: a < b when the high halves compare less
/// (signed or not), or are equal and the low halves compare less unsigned.
fn compare64(e: &mut Emitter, i: &Inst, to_exec: bool, cond: &str, signed: bool) -> bool {
    let rel = match int_relation(cond, signed) {
        Some(Ok(_)) => cond,
        Some(Err(v)) => return const_compare(e, i, to_exec, v),
        None => return false,
    };
    if !compare_dst_ok(i, to_exec) {
        return false;
    }
    let (Some(a), Some(b)) = (vector_src64(e, i.src[0]), vector_src64(e, i.src[1])) else { return false };
    let hi_less = if signed { IntCC::SignedLessThan } else { IntCC::UnsignedLessThan };
    let flags: Vec<Value> = (0..e.lanes / 4)
        .map(|k| {
            let (al, ah, bl, bh) = (chunk(e, a.0, k), chunk(e, a.1, k), chunk(e, b.0, k), chunk(e, b.1, k));
            let bi = &mut e.b;
            let less = |bi: &mut FunctionBuilder, xl: Value, xh: Value, yl: Value, yh: Value| {
                let h = bi.ins().icmp(hi_less, xh, yh);
                let he = bi.ins().icmp(IntCC::Equal, xh, yh);
                let l = bi.ins().icmp(IntCC::UnsignedLessThan, xl, yl);
                let tie = bi.ins().band(he, l);
                bi.ins().bor(h, tie)
            };
            let eq = |bi: &mut FunctionBuilder| {
                let l = bi.ins().icmp(IntCC::Equal, al, bl);
                let h = bi.ins().icmp(IntCC::Equal, ah, bh);
                bi.ins().band(l, h)
            };
            match rel {
                "eq" => eq(bi),
                "ne" | "lg" => {
                    let v = eq(bi);
                    bi.ins().bnot(v)
                }
                "lt" => less(bi, al, ah, bl, bh),
                "gt" => less(bi, bl, bh, al, ah),
                // a <= b: not b < a; a >= b: not a < b.
                "le" => {
                    let v = less(bi, bl, bh, al, ah);
                    bi.ins().bnot(v)
                }
                _ => {
                    let v = less(bi, al, ah, bl, bh);
                    bi.ins().bnot(v)
                }
            }
        })
        .collect();
    let mask = pack(e, &flags);
    finish_compare(e, i, to_exec, mask);
    true
}

fn compare_dst_ok(i: &Inst, to_exec: bool) -> bool {
    if to_exec {
        i.dst == Opnd::None || i.dst == Opnd::Exec || writable(i.dst, true)
    } else {
        writable(if i.dst == Opnd::None { Opnd::Vcc } else { i.dst }, true)
    }
}

fn const_compare(e: &mut Emitter, i: &Inst, to_exec: bool, v: bool) -> bool {
    if !compare_dst_ok(i, to_exec) {
        return false;
    }
    let m = e.b.ins().iconst(types::I64, if v { -1 } else { 0 });
    finish_compare(e, i, to_exec, m);
    true
}

/// The active lanes of `mask` to VCC / the destination, or to EXEC for `v_cmpx`.
fn finish_compare(e: &mut Emitter, i: &Inst, to_exec: bool, mask: Value) {
    let exec = e.b.ins().load(types::I64, mem(), e.wave, off::EXEC);
    let mask = e.b.ins().band(mask, exec);
    let full = full_mask(e);
    let mask = e.b.ins().band_imm_s(mask, full);
    if to_exec {
        e.b.ins().store(mem(), mask, e.wave, off::EXEC);
        e.lane_masks = None;
        if i.dst != Opnd::None && i.dst != Opnd::Exec {
            write_mask(e, i.dst, mask);
        }
    } else {
        let d = if i.dst == Opnd::None { Opnd::Vcc } else { i.dst };
        write_mask(e, d, mask);
    }
}

/// Adds and subtracts with carry-out (and carry-in), as `fast::carry_lanes`.
fn carry(e: &mut Emitter, i: &Inst) -> bool {
    let (swap, sub, with_in) = match i.name {
        "v_add_co_u32" => (false, false, false),
        "v_sub_co_u32" => (false, true, false),
        "v_subrev_co_u32" => (true, true, false),
        "v_add_co_ci_u32" | "v_addc_co_u32" => (false, false, true),
        "v_sub_co_ci_u32" | "v_subb_co_u32" => (false, true, true),
        "v_subrev_co_ci_u32" | "v_subbrev_co_u32" => (true, true, true),
        _ => return false,
    };
    let Opnd::V(d) = i.dst else { return false };
    let d2 = if i.dst2 == Opnd::None { Opnd::Vcc } else { i.dst2 };
    if !writable(d2, true) {
        return false;
    }
    let cin = if with_in {
        let m = match i.src[2] {
            Opnd::None => Some(e.b.ins().load(types::I64, mem(), e.wave, off::VCC)),
            o => mask_operand(e, o),
        };
        match m {
            Some(m) => Some(expand(e, m)),
            None => return false,
        }
    } else {
        None
    };
    let (Some(a), Some(b)) = (vector_src(e, i.src[0]), vector_src(e, i.src[1])) else { return false };
    let (mut vals, mut flags) = (Vec::new(), Vec::new());
    for k in 0..e.lanes / 4 {
        let (mut x, mut y) = (chunk(e, a, k), chunk(e, b, k));
        if swap {
            std::mem::swap(&mut x, &mut y);
        }
        let bi = &mut e.b;
        let (v, c) = match (sub, &cin) {
            (false, None) => {
                let s = bi.ins().iadd(x, y);
                (s, bi.ins().icmp(IntCC::UnsignedLessThan, s, x))
            }
            (false, Some(ci)) => {
                // Carry-in lanes are all-ones: subtracting one adds 1.
                let s = bi.ins().iadd(x, y);
                let t = bi.ins().isub(s, ci[k]);
                let c1 = bi.ins().icmp(IntCC::UnsignedLessThan, s, x);
                let c2 = bi.ins().icmp(IntCC::UnsignedLessThan, t, s);
                (t, bi.ins().bor(c1, c2))
            }
            (true, None) => {
                let s = bi.ins().isub(x, y);
                (s, bi.ins().icmp(IntCC::UnsignedLessThan, x, y))
            }
            (true, Some(ci)) => {
                let s = bi.ins().isub(x, y);
                let t = bi.ins().iadd(s, ci[k]);
                let b1 = bi.ins().icmp(IntCC::UnsignedLessThan, x, y);
                // s < carry-in (0 or 1): s is 0 and the carry is 1.
                let zero = splat_const(bi, 0);
                let z = bi.ins().icmp(IntCC::Equal, s, zero);
                let b2 = bi.ins().band(z, ci[k]);
                (t, bi.ins().bor(b1, b2))
            }
        };
        vals.push(v);
        flags.push(c);
    }
    store_vgpr(e, d, &vals);
    let cout = pack(e, &flags);
    // Active lanes' carries, 0 for inactive lanes (as the interpreter).
    let exec = e.b.ins().load(types::I64, mem(), e.wave, off::EXEC);
    let m = e.b.ins().band(cout, exec);
    write_mask(e, d2, m);
    true
}

// ---- scalar ALU -----------------------------------------------------------------------

/// The common scalar ops, with SCC as `scalar.rs` defines it.
fn scalar(e: &mut Emitter, i: &Inst) -> bool {
    let n = i.name;
    if let Some(op) = n.strip_suffix("_saveexec_b32").or_else(|| n.strip_suffix("_saveexec_b64")) {
        return saveexec(e, i, op);
    }
    let wide = n.ends_with("_b64");
    if !writable(i.dst, wide) {
        return false;
    }
    let scc_of = |e: &mut Emitter, v: Value| e.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0);
    // (result, new SCC)
    let (v, scc): (Value, Option<Value>) = match n {
        "s_mov_b32" => match scalar32(e, i.src[0]) {
            Some(a) => (a, None),
            None => return false,
        },
        "s_mov_b64" => match scalar64(e, i.src[0]) {
            Some(a) => (a, None),
            None => return false,
        },
        "s_cselect_b32" | "s_cselect_b64" => {
            let (a, b) = if wide { (scalar64(e, i.src[0]), scalar64(e, i.src[1])) } else { (scalar32(e, i.src[0]), scalar32(e, i.src[1])) };
            let (Some(a), Some(b)) = (a, b) else { return false };
            let s = e.b.ins().load(types::I8, mem(), e.wave, off::SCC);
            (e.b.ins().select(s, a, b), None)
        }
        "s_and_b32" | "s_or_b32" | "s_xor_b32" | "s_andn2_b32" | "s_and_not1_b32" | "s_orn2_b32" | "s_or_not1_b32" | "s_and_b64" | "s_or_b64"
        | "s_xor_b64" | "s_andn2_b64" | "s_and_not1_b64" | "s_orn2_b64" | "s_or_not1_b64" => {
            let (a, b) = if wide { (scalar64(e, i.src[0]), scalar64(e, i.src[1])) } else { (scalar32(e, i.src[0]), scalar32(e, i.src[1])) };
            let (Some(a), Some(b)) = (a, b) else { return false };
            let op = n.trim_end_matches("_b32").trim_end_matches("_b64");
            let v = match op {
                "s_and" => e.b.ins().band(a, b),
                "s_or" => e.b.ins().bor(a, b),
                "s_xor" => e.b.ins().bxor(a, b),
                "s_andn2" | "s_and_not1" => e.b.ins().band_not(a, b),
                _ => e.b.ins().bor_not(a, b),
            };
            (v, Some(scc_of(e, v)))
        }
        "s_add_u32" | "s_sub_u32" | "s_addc_u32" | "s_subb_u32" | "s_add_i32" | "s_sub_i32" | "s_mul_i32" | "s_lshl_b32" | "s_lshr_b32"
        | "s_ashr_i32" | "s_lshl1_add_u32" | "s_lshl2_add_u32" | "s_lshl3_add_u32" | "s_lshl4_add_u32" | "s_min_u32" | "s_max_u32"
        | "s_min_i32" | "s_max_i32" => {
            let (Some(a), Some(b)) = (scalar32(e, i.src[0]), scalar32(e, i.src[1])) else { return false };
            arith32(e, n, a, b)
        }
        "s_lshl_b64" | "s_lshr_b64" => {
            let (Some(a), Some(b)) = (scalar64(e, i.src[0]), scalar32(e, i.src[1])) else { return false };
            let b = e.b.ins().band_imm_s(b, 63);
            let v = if n == "s_lshl_b64" { e.b.ins().ishl(a, b) } else { e.b.ins().ushr(a, b) };
            (v, Some(scc_of(e, v)))
        }
        _ => return compare_scalar(e, i),
    };
    if let Some(s) = scc {
        e.b.ins().store(mem(), s, e.wave, off::SCC);
    }
    if wide { write64(e, i.dst, v) } else { write32(e, i.dst, v) }
}

fn arith32(e: &mut Emitter, n: &str, a: Value, b: Value) -> (Value, Option<Value>) {
    let bi = &mut e.b;
    let wide = |bi: &mut FunctionBuilder, v: Value| bi.ins().uextend(types::I64, v);
    let high_nz = |bi: &mut FunctionBuilder, v: Value| {
        let h = bi.ins().ushr_imm_u(v, 32);
        bi.ins().icmp_imm_s(IntCC::NotEqual, h, 0)
    };
    let nz = |bi: &mut FunctionBuilder, v: Value| bi.ins().icmp_imm_s(IntCC::NotEqual, v, 0);
    match n {
        "s_add_u32" => {
            let v = bi.ins().iadd(a, b);
            (v, Some(bi.ins().icmp(IntCC::UnsignedLessThan, v, a)))
        }
        "s_sub_u32" => {
            let v = bi.ins().isub(a, b);
            (v, Some(bi.ins().icmp(IntCC::UnsignedLessThan, a, b)))
        }
        "s_addc_u32" | "s_subb_u32" => {
            let scc = bi.ins().load(types::I8, mem(), e.wave, off::SCC);
            let c = bi.ins().uextend(types::I64, scc);
            let (a, b) = (wide(bi, a), wide(bi, b));
            let v = if n == "s_addc_u32" {
                let s = bi.ins().iadd(a, b);
                bi.ins().iadd(s, c)
            } else {
                let s = bi.ins().isub(a, b);
                bi.ins().isub(s, c)
            };
            let c = high_nz(bi, v);
            (bi.ins().ireduce(types::I32, v), Some(c))
        }
        "s_add_i32" | "s_sub_i32" => {
            let (x, y) = (bi.ins().sextend(types::I64, a), bi.ins().sextend(types::I64, b));
            let v = if n == "s_add_i32" { bi.ins().iadd(x, y) } else { bi.ins().isub(x, y) };
            let lo = bi.ins().ireduce(types::I32, v);
            let back = bi.ins().sextend(types::I64, lo);
            (lo, Some(bi.ins().icmp(IntCC::NotEqual, back, v)))
        }
        "s_mul_i32" => (bi.ins().imul(a, b), None),
        "s_lshl_b32" | "s_lshr_b32" | "s_ashr_i32" => {
            let s = bi.ins().band_imm_s(b, 31);
            let v = match n {
                "s_lshl_b32" => bi.ins().ishl(a, s),
                "s_lshr_b32" => bi.ins().ushr(a, s),
                _ => bi.ins().sshr(a, s),
            };
            (v, Some(nz(bi, v)))
        }
        "s_min_u32" | "s_max_u32" | "s_min_i32" | "s_max_i32" => {
            // SCC: whether s0 was chosen.
            let cc = match n {
                "s_min_u32" => IntCC::UnsignedLessThan,
                "s_max_u32" => IntCC::UnsignedGreaterThan,
                "s_min_i32" => IntCC::SignedLessThan,
                _ => IntCC::SignedGreaterThan,
            };
            let pick = bi.ins().icmp(cc, a, b);
            (bi.ins().select(pick, a, b), Some(pick))
        }
        _ => {
            // s_lshlN_add_u32
            let k = (n.as_bytes()[6] - b'0') as i64;
            let (x, y) = (wide(bi, a), wide(bi, b));
            let x = bi.ins().ishl_imm_u(x, k);
            let v = bi.ins().iadd(x, y);
            let c = high_nz(bi, v);
            (bi.ins().ireduce(types::I32, v), Some(c))
        }
    }
}

/// `s_cmp_*` (SOPC): SCC only.
fn compare_scalar(e: &mut Emitter, i: &Inst) -> bool {
    let Some(rest) = i.name.strip_prefix("s_cmp_") else { return false };
    let Some((cond, ty)) = rest.rsplit_once('_') else { return false };
    let s = ty == "i32";
    let cc = match (cond, ty) {
        ("eq", _) => IntCC::Equal,
        ("lg", _) => IntCC::NotEqual,
        ("lt", "i32" | "u32") if s => IntCC::SignedLessThan,
        ("le", "i32" | "u32") if s => IntCC::SignedLessThanOrEqual,
        ("gt", "i32" | "u32") if s => IntCC::SignedGreaterThan,
        ("ge", "i32" | "u32") if s => IntCC::SignedGreaterThanOrEqual,
        ("lt", "u32") => IntCC::UnsignedLessThan,
        ("le", "u32") => IntCC::UnsignedLessThanOrEqual,
        ("gt", "u32") => IntCC::UnsignedGreaterThan,
        ("ge", "u32") => IntCC::UnsignedGreaterThanOrEqual,
        _ => return false,
    };
    let (a, b) = match ty {
        "i32" | "u32" => (scalar32(e, i.src[0]), scalar32(e, i.src[1])),
        "u64" => (scalar64(e, i.src[0]), scalar64(e, i.src[1])),
        _ => return false,
    };
    let (Some(a), Some(b)) = (a, b) else { return false };
    let v = e.b.ins().icmp(cc, a, b);
    e.b.ins().store(mem(), v, e.wave, off::SCC);
    true
}

/// `s_*_saveexec_*`: the old EXEC to the destination, EXEC from the source and itself.
fn saveexec(e: &mut Emitter, i: &Inst, op: &str) -> bool {
    if !writable(i.dst, e.lanes == 64) || i.dst == Opnd::Exec {
        return false;
    }
    let full = full_mask(e);
    let Some(s) = mask_operand(e, i.src[0]) else { return false };
    let exec = e.b.ins().load(types::I64, mem(), e.wave, off::EXEC);
    let old = e.b.ins().band_imm_s(exec, full);
    let b = &mut e.b;
    let new = match op {
        "s_and" => b.ins().band(s, old),
        "s_or" => b.ins().bor(s, old),
        "s_xor" => b.ins().bxor(s, old),
        "s_andn2" | "s_and_not1" => b.ins().band_not(s, old),
        "s_orn2" | "s_or_not1" => b.ins().bor_not(s, old),
        _ => return false,
    };
    write_mask(e, i.dst, old);
    let new = e.b.ins().band_imm_s(new, full);
    e.b.ins().store(mem(), new, e.wave, off::EXEC);
    let scc = e.b.ins().icmp_imm_s(IntCC::NotEqual, new, 0);
    e.b.ins().store(mem(), scc, e.wave, off::SCC);
    e.lane_masks = None;
    true
}
