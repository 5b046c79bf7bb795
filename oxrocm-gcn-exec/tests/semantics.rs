//! Per-instruction execution tests: each instruction runs on waves of random size (32 or
//! 64 lanes), with random sources (VGPRs, SGPRs, inline constants), random EXEC masks
//! and "interesting" values (zeros, signs, extremes, NaNs, infinities, denormals) mixed
//! into random ones; every lane's result is checked against a reference written here
//! from the ISA manuals' definitions, independently of the interpreter's code. Inactive
//! lanes must keep their old value.
//!
//! What each group checks:
//! - 32-bit integer VALU: wrapping arithmetic, 24-bit multiplies, high halves, shifts
//!   (amount in the first source, low 5 bits), bit-field extract/insert, align, min/max,
//!   three-operand forms, bit counts and searches (-1 when there is no bit).
//! - f32 VALU with denormals kept: IEEE-rounded add/sub/mul/fma, IEEE min/max (a quiet NaN
//!   loses to a number, -0 < +0), rounding ops, conversions (saturating, NaN to 0),
//!   sqrt within 1 ulp.
//! - Compares: every relation of i32/u32/i64/u64/f32/f64, incl. the unordered ones with
//!   NaNs; the mask goes to VCC (v_cmp) or EXEC (v_cmpx), inactive lanes read 0.
//! - Carries and 64-bit ops: add/sub with carry out and in through VCC, 64-bit shifts,
//!   v_mad_u64_u32, f64 add/mul/fma.
//! - Cross-lane: readfirstlane (lane 0 when EXEC is 0), readlane, writelane, mbcnt,
//!   ds_bpermute (inactive source lanes read 0), v_cndmask.
//! - Scalar ALU: results and SCC (carry, borrow, signed overflow, non-zero, compare),
//!   s_cselect, bit-field extract, 64-bit logic and shifts, bit searches, saveexec.

use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::Opnd::{self, Imm, S, V, Vcc};
use oxrocm_gcn_exec::ir::{Inst, Mods};
use oxrocm_gcn_exec::memory::Memory;
use oxrocm_gcn_exec::wave::Wave;
use oxrocm_gcn_exec::workgroup::WaveCtx;

const TRIALS: usize = 60;

mod common;
use common::Rng;

/// Value distributions of these tests over the shared xorshift64* source.
impl Rng {
    /// Mostly random bits; one in three an edge value of integers or floats.
    fn value(&mut self) -> u32 {
        const EDGES: [u32; 24] = [
            0, 1, 2, 31, 32, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff, 0xffff, 0x1_0000, 0xff, 0x80,
            0x3f80_0000, 0xbfc0_0000, 0x7f80_0000, 0xff80_0000, 0x7fc0_0000, 0x7fa0_0000, 0x0000_0001, 0x807f_ffff,
            0x4f80_0000, 0x477f_e000, 0x0080_0000, 0x4b00_0001,
        ];
        match self.below(3) {
            0 => EDGES[self.below(EDGES.len() as u64) as usize],
            // Floats of moderate magnitude, so float ops see ordinary operands too.
            1 => (self.below(2) as u32) << 31 | (100 + self.below(55) as u32) << 23 | self.below(1 << 23) as u32,
            _ => self.next() as u32,
        }
    }
    fn value64(&mut self) -> u64 {
        const EDGES: [u64; 8] = [0, 1, u64::MAX, 1 << 63, 0x7ff0_0000_0000_0000, 0x7ff8_0000_0000_0000, 0x3ff0_0000_0000_0000, 1];
        match self.below(3) {
            0 => EDGES[self.below(8) as usize],
            1 => (self.below(2)) << 63 | (900 + self.below(250)) << 52 | self.below(1 << 52),
            _ => self.next(),
        }
    }
    fn exec(&mut self, lanes: usize) -> u64 {
        let full = if lanes == 64 { u64::MAX } else { (1 << lanes) - 1 };
        match self.below(5) {
            0 => full,
            1 => 0,
            _ => self.next() & full,
        }
    }
}

/// Runs `inst` once on `w`.
fn run(inst: Inst, w: &mut Wave) {
    let memory = Memory::checked(vec![]);
    let (mut lds, mut scratch) = ([0u8; 64], [0u8; 0]);
    let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
    let end = Inst::new("s_endpgm", Opnd::None, &[]);
    let len = inst.len as u64;
    let p = Interp::new(0, vec![inst, end]);
    w.pc = 0;
    p.step_all(w, &mut ctx).unwrap_or_else(|t| panic!("trap {t:?}"));
    assert_eq!(w.pc, len + 4, "ran to the end");
}

fn wave(r: &mut Rng) -> Wave {
    let lanes = if r.below(4) == 0 { 64 } else { 32 };
    let mut w = Wave::new(lanes, 16);
    w.mode = 0xf0 | 1 << 9 | 1 << 8; // denormals kept, IEEE, DX10 clamp: HIP's defaults
    for v in w.vgpr.iter_mut() {
        *v = r.value();
    }
    for s in w.sgpr.iter_mut() {
        *s = r.value();
    }
    w.vcc = r.next() & w.full_mask();
    w.exec = r.exec(lanes);
    w
}

/// A random source: a VGPR (v1..v3, per-lane values), an SGPR, or an inline constant.
fn source(r: &mut Rng, k: usize, allow_const: bool) -> Opnd {
    match if allow_const { r.below(4) } else { 0 } {
        0 | 1 => V(1 + k as u16 * 2),
        2 => S(10 + k as u16 * 2),
        _ => Imm([0, 1, 64, 0xffff_fff0, 0x3f80_0000, 0xc000_0000][r.below(6) as usize]),
    }
}

/// A source's 32-bit value in lane `l`.
fn val(w: &Wave, o: Opnd, l: usize) -> u32 {
    match o {
        V(n) => w.v(n as usize)[l],
        S(n) => w.sgpr[n as usize],
        Imm(v) => v,
        Vcc => w.vcc as u32,
        _ => 0,
    }
}
fn val64(w: &Wave, o: Opnd, l: usize) -> u64 {
    match o {
        V(n) => w.v(n as usize)[l] as u64 | (w.v(n as usize + 1)[l] as u64) << 32,
        S(n) => w.sgpr[n as usize] as u64 | (w.sgpr[n as usize + 1] as u64) << 32,
        Imm(v) => v as i32 as i64 as u64,
        _ => 0,
    }
}

fn same_f32(a: u32, b: u32) -> bool {
    a == b || (f32::from_bits(a).is_nan() && f32::from_bits(b).is_nan())
}

/// Checks a 32-bit VALU op with `n` sources against `f` on every lane.
fn vop32(name: &'static str, n: usize, eq: fn(u32, u32) -> bool, f: impl Fn(u32, u32, u32) -> u32) {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64 ^ (name.as_bytes()[3] as u64) << 32);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        let srcs: Vec<Opnd> = (0..n).map(|k| source(&mut r, k, true)).collect();
        let before = w.clone();
        run(Inst::new(name, V(8), &srcs), &mut w);
        for l in 0..w.lanes {
            let a: Vec<u32> = (0..3).map(|k| srcs.get(k).map_or(0, |o| val(&before, *o, l))).collect();
            let want = if before.active(l) { f(a[0], a[1], a[2]) } else { before.v(8)[l] };
            let got = w.v(8)[l];
            assert!(eq(got, want), "{name} lane {l} of {} inputs {a:08x?} ({:?}): got {got:#010x} want {want:#010x}", w.lanes, a.iter().map(|x| f32::from_bits(*x)).collect::<Vec<_>>());
        }
    }
}

fn int(name: &'static str, n: usize, f: impl Fn(u32, u32, u32) -> u32) {
    vop32(name, n, |a, b| a == b, f)
}
fn float(name: &'static str, n: usize, f: impl Fn(f32, f32, f32) -> f32) {
    vop32(name, n, same_f32, move |a, b, c| f(f32::from_bits(a), f32::from_bits(b), f32::from_bits(c)).to_bits())
}

#[test]
fn integer_valu() {
    int("v_add_nc_u32", 2, |a, b, _| a.wrapping_add(b));
    int("v_sub_nc_u32", 2, |a, b, _| a.wrapping_sub(b));
    int("v_subrev_nc_u32", 2, |a, b, _| b.wrapping_sub(a));
    int("v_mul_lo_u32", 2, |a, b, _| a.wrapping_mul(b));
    int("v_mul_hi_u32", 2, |a, b, _| ((a as u64 * b as u64) >> 32) as u32);
    int("v_mul_hi_i32", 2, |a, b, _| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32);
    int("v_mul_u32_u24", 2, |a, b, _| (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff));
    int("v_mul_i32_i24", 2, |a, b, _| (((a << 8) as i32 >> 8).wrapping_mul((b << 8) as i32 >> 8)) as u32);
    int("v_and_b32", 2, |a, b, _| a & b);
    int("v_or_b32", 2, |a, b, _| a | b);
    int("v_xor_b32", 2, |a, b, _| a ^ b);
    int("v_not_b32", 1, |a, _, _| !a);
    int("v_lshlrev_b32", 2, |a, b, _| b << (a & 31));
    int("v_lshrrev_b32", 2, |a, b, _| b >> (a & 31));
    int("v_ashrrev_i32", 2, |a, b, _| ((b as i32) >> (a & 31)) as u32);
    int("v_min_u32", 2, |a, b, _| a.min(b));
    int("v_max_u32", 2, |a, b, _| a.max(b));
    int("v_min_i32", 2, |a, b, _| (a as i32).min(b as i32) as u32);
    int("v_max_i32", 2, |a, b, _| (a as i32).max(b as i32) as u32);
    let field = |v: u64, off: u32, width: u32| if width == 0 { 0 } else { (v >> off) & ((1u64 << width) - 1) };
    int("v_bfe_u32", 3, move |a, b, c| field(a as u64, b & 31, c & 31) as u32);
    int("v_bfe_i32", 3, move |a, b, c| {
        let (off, width) = (b & 31, c & 31);
        if width == 0 { 0 } else { let v = field(a as u64, off, width) as u32; ((v << (32 - width)) as i32 >> (32 - width)) as u32 }
    });
    int("v_bfi_b32", 3, |a, b, c| (a & b) | (!a & c));
    int("v_alignbit_b32", 3, |a, b, c| (((a as u64) << 32 | b as u64) >> (c & 31)) as u32);
    int("v_add3_u32", 3, |a, b, c| a.wrapping_add(b).wrapping_add(c));
    int("v_lshl_add_u32", 3, |a, b, c| (a << (b & 31)).wrapping_add(c));
    int("v_add_lshl_u32", 3, |a, b, c| a.wrapping_add(b) << (c & 31));
    int("v_and_or_b32", 3, |a, b, c| (a & b) | c);
    int("v_or3_b32", 3, |a, b, c| a | b | c);
    int("v_xad_u32", 3, |a, b, c| (a ^ b).wrapping_add(c));
    int("v_mad_u32_u24", 3, |a, b, c| (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff).wrapping_add(c));
    int("v_bfrev_b32", 1, |a, _, _| a.reverse_bits());
    int("v_ffbh_u32", 1, |a, _, _| if a == 0 { u32::MAX } else { a.leading_zeros() });
    int("v_ffbl_b32", 1, |a, _, _| if a == 0 { u32::MAX } else { a.trailing_zeros() });
    int("v_ffbh_i32", 1, |a, _, _| {
        let s = a as i32;
        if s == 0 || s == -1 { u32::MAX } else if s < 0 { (!a).leading_zeros() } else { a.leading_zeros() }
    });
    int("v_bcnt_u32_b32", 2, |a, b, _| a.count_ones().wrapping_add(b));
    int("v_mov_b32", 1, |a, _, _| a);
    int("v_cvt_f32_u32", 1, |a, _, _| (a as f64 as f32).to_bits());
    int("v_cvt_f32_i32", 1, |a, _, _| (a as i32 as f64 as f32).to_bits());
    int("v_cvt_u32_f32", 1, |a, _, _| { let x = f32::from_bits(a); if x.is_nan() { 0 } else { x.clamp(0.0, 4294967295.0) as u32 } });
    int("v_cvt_i32_f32", 1, |a, _, _| { let x = f32::from_bits(a); if x.is_nan() { 0 } else { x.clamp(-2147483648.0, 2147483647.0) as i32 as u32 } });
    int("v_perm_b32", 3, |a, b, c| {
        // Byte selectors over {a, b} as one 8-byte value (b the low half); 12 is 0x00,
        // 13 and up 0xff, 8..11 replicate sign bits of b/a's halves.
        let bytes = ((a as u64) << 32 | b as u64).to_le_bytes();
        let pick = |s: u32| -> u32 {
            match s {
                0..=7 => bytes[s as usize] as u32,
                8 => if b & 0x8000 != 0 { 0xff } else { 0 },
                9 => if b & 0x8000_0000 != 0 { 0xff } else { 0 },
                10 => if a & 0x8000 != 0 { 0xff } else { 0 },
                11 => if a & 0x8000_0000 != 0 { 0xff } else { 0 },
                12 => 0,
                _ => 0xff,
            }
        };
        (0..4).map(|k| pick(c >> (8 * k) & 0xff) << (8 * k)).sum()
    });
}

fn is_snan(x: f32) -> bool {
    x.is_nan() && x.to_bits() & 0x40_0000 == 0
}

/// IEEE-754 minNum/maxNum as the ISA's IEEE mode has them: a signaling NaN gives NaN, a
/// quiet NaN gives the other operand, and -0 orders below +0.
fn ieee_pick(a: f32, b: f32, max: bool) -> f32 {
    if is_snan(a) || is_snan(b) {
        return f32::NAN;
    }
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    let key = |x: f32| (x, x.is_sign_positive());
    let (ka, kb) = (key(a), key(b));
    let a_less = ka.0 < kb.0 || (ka.0 == kb.0 && !ka.1 && kb.1);
    if a_less == max { b } else { a }
}

#[test]
fn float_valu() {
    float("v_add_f32", 2, |a, b, _| (a as f64 + b as f64) as f32);
    float("v_sub_f32", 2, |a, b, _| (a as f64 - b as f64) as f32);
    float("v_subrev_f32", 2, |a, b, _| (b as f64 - a as f64) as f32);
    float("v_mul_f32", 2, |a, b, _| (a as f64 * b as f64) as f32);
    // The product is exact in f64, so one rounding to f64 then f32 differs from a fused
    // f32 result only with probability ~2^-29 per case; the inputs here do not hit it.
    float("v_fma_f32", 3, |a, b, c| (a as f64 * b as f64 + c as f64) as f32);
    float("v_min_f32", 2, |a, b, _| ieee_pick(a, b, false));
    float("v_max_f32", 2, |a, b, _| ieee_pick(a, b, true));
    float("v_floor_f32", 1, |a, _, _| a.floor());
    float("v_ceil_f32", 1, |a, _, _| a.ceil());
    float("v_trunc_f32", 1, |a, _, _| a.trunc());
    float("v_rndne_f32", 1, |a, _, _| a.round_ties_even());
    float("v_cvt_f32_ubyte0", 1, |a, _, _| (a.to_bits() & 0xff) as f32);
    float("v_cvt_f32_ubyte2", 1, |a, _, _| (a.to_bits() >> 16 & 0xff) as f32);
    float("v_ldexp_f32", 2, |a, b, _| {
        // a · 2^b, b a signed integer, one rounding (f64 holds every f32 · 2^k exactly
        // over the range that matters; beyond it the result is 0 or infinity either way).
        let k = (b.to_bits() as i32).clamp(-400, 400);
        (a as f64 * 2f64.powi(k)) as f32
    });
    // Within 1 ulp, as the ISA promises (a correctly rounded reference).
    vop32("v_sqrt_f32", 1, |g, w| same_f32(g, w) || g.abs_diff(w) <= 1, |a, _, _| ((f32::from_bits(a) as f64).sqrt() as f32).to_bits());
    vop32("v_rcp_f32", 1, |g, w| same_f32(g, w) || g.abs_diff(w) <= 1, |a, _, _| ((1.0 / f32::from_bits(a) as f64) as f32).to_bits());
}

/// Whether `a rel b` holds for the relation named `cond` (None: unordered).
fn relation(cond: &str, o: Option<std::cmp::Ordering>) -> bool {
    use std::cmp::Ordering::*;
    match cond {
        "f" => false,
        "lt" => o == Some(Less),
        "eq" => o == Some(Equal),
        "le" => matches!(o, Some(Less | Equal)),
        "gt" => o == Some(Greater),
        "lg" | "ne" => matches!(o, Some(Less | Greater)),
        "ge" => matches!(o, Some(Greater | Equal)),
        "o" => o.is_some(),
        "u" => o.is_none(),
        "nge" => !matches!(o, Some(Greater | Equal)),
        "nlg" => !matches!(o, Some(Less | Greater)),
        "ngt" => o != Some(Greater),
        "nle" => !matches!(o, Some(Less | Equal)),
        "neq" => o != Some(Equal),
        "nlt" => o != Some(Less),
        "t" | "tru" => true,
        c => panic!("relation {c}"),
    }
}

#[test]
fn compares() {
    let ints = ["f", "lt", "eq", "le", "gt", "ne", "ge", "t"];
    let floats = ["f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"];
    let mut r = Rng(77);
    for ty in ["i32", "u32", "f32", "i64", "u64", "f64"] {
        let conds: &[&str] = if ty.starts_with('f') { &floats } else { &ints };
        for cond in conds {
            for x in [false, true] {
                let name: &'static str = Box::leak(format!("v_cmp{}_{cond}_{ty}", if x { "x" } else { "" }).into_boxed_str());
                for _ in 0..TRIALS / 4 {
                    let mut w = wave(&mut r);
                    let wide = ty.ends_with("64");
                    if wide {
                        // 64-bit values in the pairs v1:v2 and v3:v4 (and s10:s11, s12:s13).
                        for l in 0..w.lanes {
                            for reg in [1, 3] {
                                let v = r.value64();
                                w.v_mut(reg)[l] = v as u32;
                                w.v_mut(reg + 1)[l] = (v >> 32) as u32;
                            }
                        }
                    }
                    // Equal operands now and then, so eq/ne see both outcomes.
                    if r.below(4) == 0 {
                        let copy: Vec<u32> = w.v(1).to_vec();
                        w.v_mut(3).copy_from_slice(&copy);
                    }
                    let srcs = [source(&mut r, 0, !wide), V(3)];
                    let before = w.clone();
                    let dst = if x { Opnd::None } else if r.below(2) == 0 { Vcc } else { S(20) };
                    run(Inst::new(name, dst, &srcs), &mut w);
                    let mut want = 0u64;
                    for l in 0..w.lanes {
                        let o = match ty {
                            "i32" => Some((val(&before, srcs[0], l) as i32).cmp(&(val(&before, srcs[1], l) as i32))),
                            "u32" => Some(val(&before, srcs[0], l).cmp(&val(&before, srcs[1], l))),
                            "f32" => f32::from_bits(val(&before, srcs[0], l)).partial_cmp(&f32::from_bits(val(&before, srcs[1], l))),
                            "i64" => Some((val64(&before, srcs[0], l) as i64).cmp(&(val64(&before, srcs[1], l) as i64))),
                            "u64" => Some(val64(&before, srcs[0], l).cmp(&val64(&before, srcs[1], l))),
                            _ => f64::from_bits(val64(&before, srcs[0], l)).partial_cmp(&f64::from_bits(val64(&before, srcs[1], l))),
                        };
                        if before.active(l) && relation(cond, o) {
                            want |= 1 << l;
                        }
                    }
                    let got = if x {
                        w.exec
                    } else if dst == Vcc {
                        w.vcc & w.full_mask()
                    } else if w.lanes == 32 {
                        w.sgpr[20] as u64
                    } else {
                        w.s64(20)
                    };
                    assert_eq!(got, want, "{name} on {} lanes, exec {:#x}", w.lanes, before.exec);
                }
            }
        }
    }
}

#[test]
fn carries_and_64_bit_ops() {
    let mut r = Rng(5);
    for _ in 0..TRIALS {
        // v_add_co_u32 then v_add_co_ci_u32: a 64-bit add through VCC.
        let mut w = wave(&mut r);
        let before = w.clone();
        run(Inst::new("v_add_co_u32", V(8), &[V(1), V(3)]).dst2(Vcc), &mut w);
        run(Inst::new("v_add_co_ci_u32", V(9), &[V(2), V(4), Vcc]).dst2(Vcc), &mut w);
        for l in 0..w.lanes {
            if before.active(l) {
                let sum = val64(&before, V(1), l).wrapping_add(val64(&before, V(3), l));
                assert_eq!(val64(&w, V(8), l), sum, "64-bit add via carries, lane {l}");
            } else {
                assert_eq!((w.v(8)[l], w.v(9)[l]), (before.v(8)[l], before.v(9)[l]));
            }
        }
        // v_sub_co_u32: borrow out.
        let mut w = before.clone();
        run(Inst::new("v_sub_co_u32", V(8), &[V(1), V(3)]).dst2(S(30)), &mut w);
        for l in (0..w.lanes).filter(|l| before.active(*l)) {
            let (a, b) = (before.v(1)[l], before.v(3)[l]);
            assert_eq!(w.v(8)[l], a.wrapping_sub(b));
            let mask = if w.lanes == 32 { w.sgpr[30] as u64 } else { w.s64(30) };
            assert_eq!(mask >> l & 1 == 1, b > a, "borrow of lane {l}");
        }
        // Inactive lanes' carry bits are 0, whatever the destination held: compiled code
        // tests a uniform carry with `s_cmp_lg_u32 sdst, 0` under a partial EXEC.
        let mask = if w.lanes == 32 { w.sgpr[30] as u64 } else { w.s64(30) };
        assert_eq!(mask & !before.exec, 0, "v_sub_co_u32 carry bits of inactive lanes, exec {:#x}", before.exec);
        let mut w = before.clone();
        w.vcc = !0;
        run(Inst::new("v_add_co_u32", V(8), &[V(1), V(3)]).dst2(Vcc), &mut w);
        assert_eq!(w.vcc & !before.exec & w.full_mask(), 0, "v_add_co_u32 carry bits of inactive lanes");
        // 64-bit shifts: amount (low 6 bits) first, value pair second.
        for (name, f) in [
            ("v_lshlrev_b64", (|v: u64, s: u32| v << (s & 63)) as fn(u64, u32) -> u64),
            ("v_lshrrev_b64", |v, s| v >> (s & 63)),
            ("v_ashrrev_i64", |v, s| ((v as i64) >> (s & 63)) as u64),
        ] {
            let mut w = before.clone();
            run(Inst::new(name, V(8), &[V(5), V(1)]), &mut w);
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                assert_eq!(val64(&w, V(8), l), f(val64(&before, V(1), l), before.v(5)[l]), "{name} lane {l}");
            }
        }
        let mut w = before.clone();
        run(Inst::new("v_mad_u64_u32", V(8), &[V(1), V(3), V(5)]).dst2(S(30)), &mut w);
        for l in (0..w.lanes).filter(|l| before.active(*l)) {
            let exact = before.v(1)[l] as u128 * before.v(3)[l] as u128 + val64(&before, V(5), l) as u128;
            assert_eq!(val64(&w, V(8), l), exact as u64, "v_mad_u64_u32 lane {l}");
        }
        for (name, f) in [
            ("v_add_f64", (|a: f64, b: f64| a + b) as fn(f64, f64) -> f64),
            ("v_mul_f64", |a, b| a * b),
        ] {
            let mut w = before.clone();
            for l in 0..w.lanes {
                for reg in [1, 3] {
                    let v = r.value64();
                    w.v_mut(reg)[l] = v as u32;
                    w.v_mut(reg + 1)[l] = (v >> 32) as u32;
                }
            }
            let start = w.clone();
            run(Inst::new(name, V(8), &[V(1), V(3)]), &mut w);
            for l in (0..w.lanes).filter(|l| start.active(*l)) {
                let want = f(f64::from_bits(val64(&start, V(1), l)), f64::from_bits(val64(&start, V(3), l)));
                let got = f64::from_bits(val64(&w, V(8), l));
                assert!(got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()), "{name} lane {l}: {got} vs {want}");
            }
        }
    }
}

#[test]
fn cross_lane_ops() {
    let mut r = Rng(11);
    for _ in 0..TRIALS {
        let w0 = wave(&mut r);
        let first = if w0.exec == 0 { 0 } else { w0.exec.trailing_zeros() as usize };
        let mut w = w0.clone();
        run(Inst::new("v_readfirstlane_b32", S(30), &[V(1)]), &mut w);
        assert_eq!(w.sgpr[30], w0.v(1)[first], "readfirstlane with exec {:#x}", w0.exec);

        let lane = r.below(w0.lanes as u64) as u32;
        let mut w = w0.clone();
        run(Inst::new("v_readlane_b32", S(30), &[V(1), Imm(lane)]), &mut w);
        assert_eq!(w.sgpr[30], w0.v(1)[lane as usize]);

        let mut w = w0.clone();
        run(Inst::new("v_writelane_b32", V(8), &[S(10), Imm(lane)]), &mut w);
        for l in 0..w.lanes {
            assert_eq!(w.v(8)[l], if l == lane as usize { w0.sgpr[10] } else { w0.v(8)[l] }, "writelane ignores EXEC, touches one lane");
        }

        let mut w = w0.clone();
        run(Inst::new("v_mbcnt_lo_u32_b32", V(8), &[S(10), V(3)]), &mut w);
        for l in (0..w.lanes).filter(|l| w0.active(*l)) {
            let below = if l >= 32 { u32::MAX } else { (1u32 << l) - 1 };
            assert_eq!(w.v(8)[l], (w0.sgpr[10] & below).count_ones().wrapping_add(w0.v(3)[l]), "mbcnt_lo lane {l}");
        }

        // Addresses are lane·4 (wrapping at the wave size); inactive sources read 0.
        let mut w = w0.clone();
        for l in 0..w.lanes {
            w.v_mut(2)[l] = (r.below(256) as u32) * 4;
        }
        let start = w.clone();
        run(Inst::new("ds_bpermute_b32", V(8), &[V(2), V(1)]), &mut w);
        for l in (0..w.lanes).filter(|l| start.active(*l)) {
            let from = (start.v(2)[l] / 4) as usize % start.lanes;
            let want = if start.active(from) { start.v(1)[from] } else { 0 };
            assert_eq!(w.v(8)[l], want, "bpermute lane {l} from {from}");
        }

        let mut w = w0.clone();
        let mask = if r.below(2) == 0 { Opnd::None } else { S(20) };
        let mut srcs = vec![V(1), V(3)];
        if mask != Opnd::None {
            srcs.push(mask);
        }
        run(Inst::new("v_cndmask_b32", V(8), &srcs), &mut w);
        let m = if mask == Opnd::None { w0.vcc } else if w0.lanes == 32 { w0.sgpr[20] as u64 } else { w0.s64(20) };
        for l in 0..w.lanes {
            let want = if !w0.active(l) { w0.v(8)[l] } else if m >> l & 1 == 1 { w0.v(3)[l] } else { w0.v(1)[l] };
            assert_eq!(w.v(8)[l], want, "cndmask lane {l}");
        }
    }
}

/// Checks a scalar op: `f(a, b, scc_in)` gives (result, scc_out), scc_out None when the
/// op leaves SCC alone.
fn sop(name: &'static str, wide: bool, f: impl Fn(u64, u64, bool) -> (u64, Option<bool>)) {
    let mut r = Rng(0x5c ^ name.len() as u64 * 7919 ^ name.as_bytes()[4] as u64);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        w.scc = r.below(2) == 1;
        if r.below(4) == 0 {
            w.sgpr[12] = w.sgpr[10];
            w.sgpr[13] = w.sgpr[11];
        }
        let before = w.clone();
        let unary = name.starts_with("s_not") || name.starts_with("s_brev") || name.starts_with("s_bcnt") || name.starts_with("s_ff") || name.starts_with("s_flbit") || name.starts_with("s_sext") || name.starts_with("s_abs") || name.starts_with("s_mov");
        let srcs: &[Opnd] = if unary { &[S(10)] } else { &[S(10), S(12)] };
        run(Inst::new(name, S(30), srcs), &mut w);
        let rd = |w: &Wave, n: usize| if wide { w.s64(n) } else { w.sgpr[n] as u64 };
        let (want, scc) = f(rd(&before, 10), rd(&before, 12), before.scc);
        let result_wide = wide && !name.starts_with("s_bcnt") && !name.starts_with("s_ff") && !name.starts_with("s_flbit");
        let got = if result_wide { w.s64(30) } else { w.sgpr[30] as u64 };
        assert_eq!(got, want, "{name} of {:#x}, {:#x} (scc {})", rd(&before, 10), rd(&before, 12), before.scc);
        assert_eq!(w.scc, scc.unwrap_or(before.scc), "{name} SCC of {:#x}, {:#x}", rd(&before, 10), rd(&before, 12));
    }
}

#[test]
fn scalar_alu() {
    let nz = |v: u64| Some(v != 0);
    sop("s_add_u32", false, |a, b, _| { let s = a + b; (s as u32 as u64, Some(s >> 32 != 0)) });
    sop("s_addc_u32", false, |a, b, c| { let s = a + b + c as u64; (s as u32 as u64, Some(s >> 32 != 0)) });
    sop("s_sub_u32", false, |a, b, _| (a.wrapping_sub(b) as u32 as u64, Some(b > a)));
    sop("s_subb_u32", false, |a, b, c| (a.wrapping_sub(b).wrapping_sub(c as u64) as u32 as u64, Some(b + c as u64 > a)));
    sop("s_add_i32", false, |a, b, _| {
        let s = a as i32 as i64 + b as i32 as i64;
        (s as u32 as u64, Some(s != s as i32 as i64))
    });
    sop("s_sub_i32", false, |a, b, _| {
        let s = a as i32 as i64 - b as i32 as i64;
        (s as u32 as u64, Some(s != s as i32 as i64))
    });
    sop("s_mul_i32", false, |a, b, _| ((a as u32).wrapping_mul(b as u32) as u64, None));
    sop("s_lshl_b32", false, move |a, b, _| { let v = (a as u32) << (b & 31); (v as u64, nz(v as u64)) });
    sop("s_lshr_b32", false, move |a, b, _| { let v = (a as u32) >> (b & 31); (v as u64, nz(v as u64)) });
    sop("s_ashr_i32", false, move |a, b, _| { let v = (a as i32 >> (b & 31)) as u32; (v as u64, nz(v as u64)) });
    sop("s_and_b32", false, move |a, b, _| (a & b, nz(a & b)));
    sop("s_or_b32", false, move |a, b, _| (a | b, nz(a | b)));
    sop("s_xor_b32", false, move |a, b, _| (a ^ b, nz(a ^ b)));
    sop("s_andn2_b32", false, move |a, b, _| { let v = a & !b & 0xffff_ffff; (v, nz(v)) });
    sop("s_and_b64", true, move |a, b, _| (a & b, nz(a & b)));
    sop("s_or_b64", true, move |a, b, _| (a | b, nz(a | b)));
    sop("s_andn2_b64", true, move |a, b, _| (a & !b, nz(a & !b)));
    sop("s_lshl_b64", true, move |a, b, _| { let v = a << (b & 63); (v, nz(v)) });
    sop("s_lshr_b64", true, move |a, b, _| { let v = a >> (b & 63); (v, nz(v)) });
    sop("s_min_i32", false, |a, b, _| ((a as i32).min(b as i32) as u32 as u64, Some((a as i32) < (b as i32))));
    sop("s_max_u32", false, |a, b, _| (a.max(b), Some(a > b)));
    sop("s_cselect_b32", false, |a, b, c| (if c { a } else { b }, None));
    sop("s_cselect_b64", true, |a, b, c| (if c { a } else { b }, None));
    sop("s_bfe_u32", false, move |a, b, _| {
        let (off, width) = (b & 31, (b >> 16) & 0x7f);
        let v = if width == 0 { 0 } else { (a >> off) & ((1u64 << width.min(32)) - 1) } as u32;
        (v as u64, nz(v as u64))
    });
    sop("s_lshl1_add_u32", false, |a, b, _| { let s = (a << 1) + b; (s as u32 as u64, Some(s >> 32 != 0)) });
    sop("s_lshl2_add_u32", false, |a, b, _| { let s = (a << 2) + b; (s as u32 as u64, Some(s >> 32 != 0)) });
    sop("s_not_b32", false, move |a, _, _| { let v = !a & 0xffff_ffff; (v, nz(v)) });
    sop("s_brev_b32", false, |a, _, _| ((a as u32).reverse_bits() as u64, None));
    sop("s_bcnt1_i32_b32", false, move |a, _, _| { let v = (a as u32).count_ones() as u64; (v, nz(v)) });
    sop("s_bcnt1_i32_b64", true, move |a, _, _| { let v = a.count_ones() as u64; (v, nz(v)) });
    sop("s_ff1_i32_b32", false, |a, _, _| (if a == 0 { 0xffff_ffff } else { a.trailing_zeros() as u64 }, None));
    sop("s_ff1_i32_b64", true, |a, _, _| (if a == 0 { 0xffff_ffff } else { a.trailing_zeros() as u64 }, None));
    sop("s_flbit_i32_b32", false, |a, _, _| (if a == 0 { 0xffff_ffff } else { (a as u32).leading_zeros() as u64 }, None));
    sop("s_sext_i32_i8", false, |a, _, _| (a as i8 as i32 as u32 as u64, None));
    sop("s_sext_i32_i16", false, |a, _, _| (a as i16 as i32 as u32 as u64, None));
    sop("s_abs_i32", false, move |a, _, _| { let v = (a as i32).unsigned_abs() as u64; (v, nz(v)) });
    sop("s_mov_b64", true, |a, _, _| (a, None));
    for (cond, f) in [
        ("s_cmp_lt_i32", (|a: u64, b: u64| (a as i32) < (b as i32)) as fn(u64, u64) -> bool),
        ("s_cmp_ge_u32", |a, b| a >= b),
        ("s_cmp_eq_u32", |a, b| a == b),
        ("s_cmp_lg_u32", |a, b| a != b),
        ("s_cmp_eq_u64", |a, b| a == b),
        ("s_cmp_lg_u64", |a, b| a != b),
    ] {
        let mut r = Rng(cond.len() as u64 + 3);
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            if r.below(3) == 0 {
                w.sgpr[12] = w.sgpr[10];
                w.sgpr[13] = w.sgpr[11];
            }
            let before = w.clone();
            run(Inst::new(cond, Opnd::None, &[S(10), S(12)]), &mut w);
            let wide = cond.ends_with("64");
            let rd = |n: usize| if wide { before.s64(n) } else { before.sgpr[n] as u64 };
            assert_eq!(w.scc, f(rd(10), rd(12)), "{cond}");
        }
    }
    // s_and_saveexec_b32: old EXEC to the destination, EXEC &= source, SCC = EXEC != 0.
    let mut r = Rng(99);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        let before = w.clone();
        let name = if w.lanes == 32 { "s_and_saveexec_b32" } else { "s_and_saveexec_b64" };
        run(Inst::new(name, S(30), &[S(10)]), &mut w);
        let src = if w.lanes == 32 { before.sgpr[10] as u64 } else { before.s64(10) };
        let saved = if w.lanes == 32 { w.sgpr[30] as u64 } else { w.s64(30) };
        assert_eq!(saved, before.exec);
        assert_eq!(w.exec, before.exec & src);
        assert_eq!(w.scc, w.exec != 0);
    }
}

/// VOP3 source modifiers on f32: |x| and -x applied to the inputs.
#[test]
fn float_source_modifiers() {
    let mut r = Rng(3);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        let before = w.clone();
        let (abs, neg) = (r.below(4) as u8, r.below(4) as u8);
        let mut inst = Inst::new("v_mul_f32", V(8), &[V(1), V(3)]);
        inst.mods = Mods { abs, neg, ..Default::default() };
        run(inst, &mut w);
        for l in (0..w.lanes).filter(|l| before.active(*l)) {
            let m = |k: usize, x: f32| {
                let x = if abs >> k & 1 == 1 { x.abs() } else { x };
                if neg >> k & 1 == 1 { -x } else { x }
            };
            let (a, b) = (m(0, f32::from_bits(before.v(1)[l])), m(1, f32::from_bits(before.v(3)[l])));
            let want = (a as f64 * b as f64) as f32;
            assert!(same_f32(w.v(8)[l], want.to_bits()), "v_mul_f32 abs {abs} neg {neg} lane {l}");
        }
    }
}

/// VOP3 clamp on integer adds and subtracts saturates instead of wrapping (LLVM emits
/// `v_sub_nc_u32 … clamp` for `max(x, 1) - 1`).
#[test]
fn integer_clamp_saturates() {
    let mut r = Rng(21);
    let cases: [(&'static str, fn(u32, u32) -> u32); 5] = [
        ("v_add_nc_u32", |a, b| a.saturating_add(b)),
        ("v_sub_nc_u32", |a, b| a.saturating_sub(b)),
        ("v_subrev_nc_u32", |a, b| b.saturating_sub(a)),
        ("v_add_nc_i32", |a, b| (a as i32).saturating_add(b as i32) as u32),
        ("v_sub_nc_i32", |a, b| (a as i32).saturating_sub(b as i32) as u32),
    ];
    for (name, f) in cases {
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            let before = w.clone();
            let mut inst = Inst::new(name, V(8), &[V(1), V(3)]).len(8);
            inst.mods.clamp = true;
            run(inst, &mut w);
            for l in 0..w.lanes {
                let want = if before.active(l) { f(before.v(1)[l], before.v(3)[l]) } else { before.v(8)[l] };
                assert_eq!(w.v(8)[l], want, "{name} clamp lane {l}: {:#x}, {:#x}", before.v(1)[l], before.v(3)[l]);
            }
        }
    }
    // max(x, 1) - 1 as the compiler writes it: lane 0 (x = 0) stays 0.
    let mut w = Wave::new(32, 16);
    w.exec = u32::MAX as u64;
    for l in 0..32 {
        w.v_mut(0)[l] = l as u32;
    }
    let mut inst = Inst::new("v_sub_nc_u32", V(5), &[V(0), Imm(1)]).len(8);
    inst.mods.clamp = true;
    run(inst, &mut w);
    assert_eq!(w.v(5)[..4], [0, 0, 1, 2]);
}

/// VOP3 v_cndmask_b32 applies abs/neg to the value it selects.
#[test]
fn cndmask_source_modifiers() {
    let mut r = Rng(8);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        let before = w.clone();
        let (abs, neg) = (r.below(4) as u8, r.below(4) as u8);
        let mut inst = Inst::new("v_cndmask_b32", V(8), &[V(1), V(3), S(20)]).len(8);
        inst.mods = Mods { abs, neg, ..Default::default() };
        run(inst, &mut w);
        let mask = if before.lanes == 32 { before.sgpr[20] as u64 } else { before.s64(20) };
        for l in 0..w.lanes {
            let k = (mask >> l & 1) as usize;
            let mut v = [before.v(1)[l], before.v(3)[l]][k];
            if abs >> k & 1 == 1 {
                v &= 0x7fff_ffff;
            }
            if neg >> k & 1 == 1 {
                v ^= 0x8000_0000;
            }
            let want = if before.active(l) { v } else { before.v(8)[l] };
            assert_eq!(w.v(8)[l], want, "v_cndmask_b32 abs {abs} neg {neg} lane {l}");
        }
    }
}

/// LDS stores and loads of 1, 2 and 4 dwords at per-lane addresses plus the instruction's
/// offset, against a byte-array model: inactive lanes neither store nor load, an access
/// that does not fit the LDS stores nothing and loads zeros.
#[test]
fn lds_dword_loads_and_stores() {
    let mut r = Rng(31);
    for (store, load, dwords) in [("ds_store_b32", "ds_load_b32", 1usize), ("ds_write_b64", "ds_read_b64", 2), ("ds_store_b128", "ds_load_b128", 4)] {
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            let mut lds = vec![0u8; 512];
            for b in lds.iter_mut() {
                *b = r.next() as u8;
            }
            let mut model = lds.clone();
            // Aligned addresses, some past the end (and one wrapping below zero).
            for l in 0..w.lanes {
                w.v_mut(1)[l] = match r.below(8) {
                    0 => 0xffff_fff0,
                    1 => 512 - 4,
                    _ => (r.below(128) * 4) as u32,
                };
            }
            let offset = (r.below(4) * 4) as i32;
            let before = w.clone();
            let memory = Memory::checked(vec![]);
            let mut scratch = [0u8; 0];
            let prog = Interp::new(0, vec![
                Inst::new(store, Opnd::None, &[V(1), V(4)]).offset(offset).len(8),
                Inst::new(load, V(10), &[V(1)]).offset(offset).len(8),
                Inst::new("s_endpgm", Opnd::None, &[]),
            ]);
            w.pc = 0;
            let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
            prog.step_all(&mut w, &mut ctx).unwrap();
            // Model: stores in lane order, then loads.
            let at = |l: usize| before.v(1)[l].wrapping_add(offset as u32) as usize;
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                if at(l) + 4 * dwords <= model.len() {
                    for k in 0..dwords {
                        model[at(l) + 4 * k..at(l) + 4 * k + 4].copy_from_slice(&before.v(4 + k)[l].to_le_bytes());
                    }
                }
            }
            assert_eq!(lds, model, "{store}: LDS contents");
            for l in 0..w.lanes {
                for k in 0..dwords {
                    let want = if !before.active(l) {
                        before.v(10 + k)[l]
                    } else if at(l) + 4 * dwords <= model.len() {
                        u32::from_le_bytes(model[at(l) + 4 * k..at(l) + 4 * k + 4].try_into().unwrap())
                    } else {
                        0
                    };
                    assert_eq!(w.v(10 + k)[l], want, "{load} lane {l} dword {k} at {:#x}", at(l));
                }
            }
        }
    }
}

/// 16-bit integer adds/subs with clamp saturate, in the low half (VOP3) and in both
/// halves of the packed forms; without clamp they wrap.
#[test]
fn integer_16_bit_clamp() {
    let mut r = Rng(44);
    let cases: [(&'static str, &'static str, fn(u16, u16) -> u16, fn(u16, u16) -> u16); 4] = [
        ("v_add_nc_u16", "v_pk_add_u16", |a, b| a.saturating_add(b), |a, b| a.wrapping_add(b)),
        ("v_sub_nc_u16", "v_pk_sub_u16", |a, b| a.saturating_sub(b), |a, b| a.wrapping_sub(b)),
        ("v_add_nc_i16", "v_pk_add_i16", |a, b| (a as i16).saturating_add(b as i16) as u16, |a, b| a.wrapping_add(b)),
        ("v_sub_nc_i16", "v_pk_sub_i16", |a, b| (a as i16).saturating_sub(b as i16) as u16, |a, b| a.wrapping_sub(b)),
    ];
    for (scalar, packed, sat, wrap) in cases {
        for clamp in [false, true] {
            let f = if clamp { sat } else { wrap };
            let mut w = wave(&mut r);
            let before = w.clone();
            let mut i = Inst::new(scalar, V(8), &[V(1), V(3)]).len(8);
            i.mods.clamp = clamp;
            run(i, &mut w);
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                let want = f(before.v(1)[l] as u16, before.v(3)[l] as u16);
                assert_eq!(w.v(8)[l] as u16, want, "{scalar} clamp {clamp} lane {l}");
            }
            let mut w = before.clone();
            let mut i = Inst::new(packed, V(8), &[V(1), V(3)]).len(8);
            i.mods.clamp = clamp;
            i.mods.op_sel_hi = 0b11;
            run(i, &mut w);
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                let (a, b) = (before.v(1)[l], before.v(3)[l]);
                let want = f(a as u16, b as u16) as u32 | (f((a >> 16) as u16, (b >> 16) as u16) as u32) << 16;
                assert_eq!(w.v(8)[l], want, "{packed} clamp {clamp} lane {l}");
            }
        }
    }
}

/// `v_cmp_class_f32`: a lane's bit is set when its value's class is in the mask (bits 0-9:
/// signaling NaN, quiet NaN, -inf, -normal, -denormal, -0, +0, +denormal, +normal, +inf).
#[test]
fn compare_class_f32() {
    let class_bit = |x: f32| -> u32 {
        use std::num::FpCategory::*;
        let neg = x.is_sign_negative();
        match x.classify() {
            Nan if x.to_bits() & 0x40_0000 == 0 => 0,
            Nan => 1,
            Infinite => if neg { 2 } else { 9 },
            Normal => if neg { 3 } else { 8 },
            Subnormal => if neg { 4 } else { 7 },
            Zero => if neg { 5 } else { 6 },
        }
    };
    let mut r = Rng(55);
    for x in [false, true] {
        let name = if x { "v_cmpx_class_f32" } else { "v_cmp_class_f32" };
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            for l in 0..w.lanes {
                w.v_mut(3)[l] = r.below(1 << 10) as u32;
            }
            let before = w.clone();
            run(Inst::new(name, if x { Opnd::None } else { Vcc }, &[V(1), V(3)]), &mut w);
            let mut want = 0u64;
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                if before.v(3)[l] >> class_bit(f32::from_bits(before.v(1)[l])) & 1 == 1 {
                    want |= 1 << l;
                }
            }
            let got = if x { w.exec } else { w.vcc & w.full_mask() };
            assert_eq!(got, want, "{name} on {} lanes", w.lanes);
        }
    }
}
