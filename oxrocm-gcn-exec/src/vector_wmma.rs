//! gfx11 (RDNA3) wave matrix multiply-accumulate, `v_wmma_<D>_16x16x16_<AB>`: D = A·B + C
//! for 16×16 matrices (A M×K, B K×N, C and D M×N, M = N = K = 16) held across the wave's
//! lanes. One instruction is a matrix op, not a lane-wise one: every lane's A, B and C are
//! read before any D register is written (the compiler overlaps D with C, and a
//! hand-written program may overlap it with A or B).
//!
//! Register layouts (RDNA3 ISA guide, "Wave Matrix Multiply Accumulate"; the same as AMD's
//! matrix instruction calculator prints for gfx11):
//! - A and B: lane `i` (of 0-15) holds row `i` of A and column `i` of B, K running from the
//!   first source VGPR's low bits up: f16/bf16 two per VGPR (k = 2r in the low half of VGPR
//!   r, 2r+1 in the high half; 8 VGPRs), iu8 four (byte k % 4 of VGPR k / 4; 4 VGPRs), iu4
//!   eight (nibble k % 8 of VGPR k / 8; 2 VGPRs). The same in wave32 and wave64. The other
//!   lanes (16-31, and 32-63 in wave64) must hold copies of lanes 0-15; they are read from
//!   lanes 0-15 only.
//! - C and D: element (i, j) is lane `16·(i mod R) + j` of VGPR `i / R`, R = lanes / 16
//!   (wave32: rows 2v and 2v+1 in VGPR v, 8 VGPRs; wave64: rows 4v..4v+3, 4 VGPRs). f32 and
//!   i32 fill the VGPR; the f16/bf16 results use its low half, or its high half with
//!   OPSEL[2], for C as for D, and D's other half is kept (two results packed in one set
//!   of registers is what LLVM's packed-accumulator WMMA relies on).
//!
//! Modifiers: float forms negate the low halves of A's (B's) VGPRs, that is the even k,
//! with NEG_LO[0] ([1]) and the high halves (odd k) with NEG_HI[0] ([1]); NEG_HI[2] takes
//! |C| and NEG_LO[2] negates C (after the absolute value). The integer forms read NEG_LO[0]
//! ([1]) as "A (B) is signed" (else unsigned) and saturate the i32 result with the clamp
//! bit (else it wraps). The assembler accepts no clamp on the float forms; it is ignored.
//!
//! EXEC: WMMA requires EXEC to be all ones; every lane is computed and written whatever EXEC
//! holds, as the instruction treats the wave as one unit.
//!
//! Accumulation: every f16·f16 or bf16·bf16 product is exact in f64 (at most 22
//! significant bits, exponents well inside f64's range), and the 16 products are added to
//! C in f64, in k order, then rounded once (to nearest even) to the result type. The ISA
//! does not pin down the order or the width of the intermediate sums; with products this
//! narrow the f64 sum is exact unless the terms span more than about 30 binades, so the
//! result is the correctly rounded A·B + C, which is what the hardware's wide internal
//! adder approximates, and no order is favoured. Denormals are kept (inputs and results);
//! a NaN result is the default quiet NaN of the result type.

use crate::access::rd32;
use crate::ir::{Inst, Opnd};
use crate::wave::Wave;

/// The six gfx11 forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    F32F16,
    F32Bf16,
    F16F16,
    Bf16Bf16,
    I32Iu8,
    I32Iu4,
}

impl Form {
    fn of(name: &str) -> Option<Form> {
        Some(match name {
            "v_wmma_f32_16x16x16_f16" => Form::F32F16,
            "v_wmma_f32_16x16x16_bf16" => Form::F32Bf16,
            "v_wmma_f16_16x16x16_f16" => Form::F16F16,
            "v_wmma_bf16_16x16x16_bf16" => Form::Bf16Bf16,
            "v_wmma_i32_16x16x16_iu8" => Form::I32Iu8,
            "v_wmma_i32_16x16x16_iu4" => Form::I32Iu4,
            _ => return None,
        })
    }

    /// Bits of one A/B element.
    fn in_bits(self) -> usize {
        match self {
            Form::I32Iu8 => 8,
            Form::I32Iu4 => 4,
            _ => 16,
        }
    }

    /// Whether A and B hold bf16 (else f16, or integers).
    fn bf16_in(self) -> bool {
        matches!(self, Form::F32Bf16 | Form::Bf16Bf16)
    }

    fn integer(self) -> bool {
        matches!(self, Form::I32Iu8 | Form::I32Iu4)
    }

    /// Whether C and D are 16-bit (one half of each VGPR).
    fn half_out(self) -> bool {
        matches!(self, Form::F16F16 | Form::Bf16Bf16)
    }
}

/// Whether `name` is a WMMA op this module executes.
pub fn is_wmma(name: &str) -> bool {
    Form::of(name).is_some()
}

/// VGPR `r` of the registers `o` starts, in `lane`; a non-VGPR operand (an inline constant)
/// reads its value in every register and lane.
fn reg(w: &Wave, o: Opnd, r: usize, lane: usize) -> u32 {
    match o {
        Opnd::V(n) => w.v(n as usize + r)[lane],
        o => rd32(w, o),
    }
}

/// Element `k` (0..16) of a row of A or a column of B, as raw bits, from lane `lane` of the
/// registers `o` starts.
fn element(w: &Wave, o: Opnd, form: Form, lane: usize, k: usize) -> u32 {
    let bits = form.in_bits();
    let per_reg = 32 / bits;
    let v = reg(w, o, k / per_reg, lane);
    (v >> (k % per_reg * bits)) & ((1u64 << bits) - 1) as u32
}

fn f16_to_f64(b: u32) -> f64 {
    half::f16::from_bits(b as u16).to_f64()
}

fn bf16_to_f64(b: u32) -> f64 {
    f32::from_bits(b << 16) as f64
}

/// A float element of A or B with the NEG_LO/NEG_HI bit `bit` (0 for A, 1 for B) applied:
/// NEG_LO for the elements in low halves (even k), NEG_HI for the high halves.
fn float_in(w: &Wave, i: &Inst, form: Form, src: usize, lane: usize, k: usize) -> f64 {
    let mut b = element(w, i.src[src], form, lane, k);
    let neg = if k.is_multiple_of(2) { i.mods.neg } else { i.mods.neg_hi };
    if neg >> src & 1 != 0 {
        b ^= 0x8000;
    }
    if form.bf16_in() { bf16_to_f64(b) } else { f16_to_f64(b) }
}

/// An integer element of A or B: signed when NEG_LO bit `src` says so.
fn int_in(w: &Wave, i: &Inst, form: Form, src: usize, lane: usize, k: usize) -> i64 {
    let bits = form.in_bits() as u32;
    let b = element(w, i.src[src], form, lane, k);
    if i.mods.neg >> src & 1 != 0 {
        // Sign-extend the field.
        ((b << (32 - bits)) as i32 >> (32 - bits)) as i64
    } else {
        b as i64
    }
}

/// Rounds `x` (not NaN) to an IEEE binary format of `man` fraction bits and `ew` exponent
/// bits: nearest, ties to even, overflow to infinity, denormals kept. Directly from f64:
/// `half`'s `from_f64` goes through f32 and so rounds twice (1 + 2^-11 + 2^-40 becomes
/// 1.0 rather than 1 + 2^-10).
fn round_f64(x: f64, man: i32, ew: i32) -> u32 {
    let sign = (x.is_sign_negative() as u32) << (man + ew);
    let a = x.abs();
    let bias = (1 << (ew - 1)) - 1;
    let inf = (((1 << ew) - 1) as u32) << man;
    if a.is_infinite() {
        return sign | inf;
    }
    // The binade of `a` (denormals share the lowest normal one's quantum).
    let e = ((a.to_bits() >> 52) as i32 - 1023).max(1 - bias);
    // A power-of-two scale: exact, and leaves the representable values as the integers.
    let quantum = 2f64.powi(e - man);
    let q = (a / quantum).round_ties_even() as u64;
    if q < 1 << man {
        // A denormal (or zero): only in the lowest binade.
        return sign | q as u32;
    }
    // Rounding up may carry into the next binade.
    let (e, q) = if q >> (man + 1) != 0 { (e + 1, q >> 1) } else { (e, q) };
    let field = e + bias;
    if field >= (1 << ew) - 1 {
        return sign | inf;
    }
    sign | (field as u32) << man | (q as u32 & ((1 << man) - 1))
}

/// `x` as f16 bits (a NaN as the quiet NaN).
fn f64_to_f16_bits(x: f64) -> u32 {
    if x.is_nan() { 0x7e00 } else { round_f64(x, 10, 5) }
}

fn f64_to_bf16_bits(x: f64) -> u32 {
    if x.is_nan() { 0x7fc0 } else { round_f64(x, 7, 8) }
}

/// `x` as f32 bits (Rust's conversion rounds to nearest even).
fn f64_to_f32_bits(x: f64) -> u32 {
    if x.is_nan() { 0x7fc0_0000 } else { (x as f32).to_bits() }
}

/// Runs WMMA `i` on `w`; `None` when `i` is not one.
pub fn run(i: &Inst, w: &mut Wave) -> Option<()> {
    let form = Form::of(i.name)?;
    let lanes = w.lanes;
    // Rows of C/D per VGPR.
    let rows_per_reg = lanes / 16;
    let hi = form.half_out() && i.mods.op_sel & 4 != 0;
    // Where element (m, n) of C and D lives: lane, and VGPR from the first.
    let row_lane = |m: usize, n: usize| 16 * (m % rows_per_reg) + n;
    let reg_of = |m: usize| m / rows_per_reg;

    // Everything is read first: D may be any of A, B, C.
    let mut d = [[0u32; 16]; 16];
    if form.integer() {
        let mut a = [[0i64; 16]; 16];
        let mut b = [[0i64; 16]; 16];
        for (l, (ar, bc)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            for k in 0..16 {
                ar[k] = int_in(w, i, form, 0, l, k);
                bc[k] = int_in(w, i, form, 1, l, k);
            }
        }
        for (m, drow) in d.iter_mut().enumerate() {
            for (n, dv) in drow.iter_mut().enumerate() {
                let c = reg(w, i.src[2], reg_of(m), row_lane(m, n)) as i32 as i64;
                let s = c + (0..16).map(|k| a[m][k] * b[n][k]).sum::<i64>();
                *dv = if i.mods.clamp { s.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32 } else { s as i32 as u32 };
            }
        }
    } else {
        let mut a = [[0f64; 16]; 16];
        let mut b = [[0f64; 16]; 16];
        for (l, (ar, bc)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            for k in 0..16 {
                ar[k] = float_in(w, i, form, 0, l, k);
                bc[k] = float_in(w, i, form, 1, l, k);
            }
        }
        for (m, drow) in d.iter_mut().enumerate() {
            for (n, dv) in drow.iter_mut().enumerate() {
                let raw = reg(w, i.src[2], reg_of(m), row_lane(m, n));
                let mut c = match form {
                    Form::F16F16 => f16_to_f64(if hi { raw >> 16 } else { raw & 0xffff }),
                    Form::Bf16Bf16 => bf16_to_f64(if hi { raw >> 16 } else { raw & 0xffff }),
                    _ => f32::from_bits(raw) as f64,
                };
                if i.mods.neg_hi & 4 != 0 {
                    c = c.abs();
                }
                if i.mods.neg & 4 != 0 {
                    c = -c;
                }
                let mut s = c;
                for k in 0..16 {
                    s += a[m][k] * b[n][k];
                }
                *dv = match form {
                    Form::F16F16 => f64_to_f16_bits(s),
                    Form::Bf16Bf16 => f64_to_bf16_bits(s),
                    _ => f64_to_f32_bits(s),
                };
            }
        }
    }

    let Opnd::V(dst) = i.dst else { return Some(()) };
    for (m, drow) in d.iter().enumerate() {
        let r = dst as usize + reg_of(m);
        for (n, &v) in drow.iter().enumerate() {
            let l = row_lane(m, n);
            let slot = &mut w.v_mut(r)[l];
            *slot = match (form.half_out(), hi) {
                (false, _) => v,
                (true, false) => (*slot & 0xffff_0000) | v,
                (true, true) => (*slot & 0xffff) | v << 16,
            };
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_to_16_bit_formats_is_single() {
        let t = |x: f64| f64_to_f16_bits(x);
        assert_eq!(t(1.0 + 2f64.powi(-11) + 2f64.powi(-40)), 0x3c01, "above the tie: up");
        assert_eq!(t(1.0 + 2f64.powi(-11)), 0x3c00, "tie: to even");
        assert_eq!(t(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02, "tie: to even (up)");
        assert_eq!(t(65504.0), 0x7bff);
        assert_eq!(t(65519.99), 0x7bff);
        assert_eq!(t(65520.0), 0x7c00, "overflow at the tie");
        assert_eq!(t(-1e300), 0xfc00);
        assert_eq!(t(2f64.powi(-24)), 0x0001, "smallest denormal");
        assert_eq!(t(2f64.powi(-25)), 0x0000, "half of it: tie to even zero");
        assert_eq!(t(-2f64.powi(-25) * 1.5), 0x8001);
        assert_eq!(t(2f64.powi(-14) * (1.0 - 2f64.powi(-12))), 0x0400, "denormal rounds up to the smallest normal");
        assert_eq!(t(-0.0), 0x8000);
        assert_eq!(t(f64::NAN), 0x7e00);
        let b = |x: f64| f64_to_bf16_bits(x);
        assert_eq!(b(1.0 + 2f64.powi(-8) + 2f64.powi(-40)), 0x3f81);
        assert_eq!(b(1.0 + 2f64.powi(-8)), 0x3f80);
        assert_eq!(b(f32::MAX as f64 * 1.01), 0x7f80);
        assert_eq!(b(2f64.powi(-133)), 0x0001);
        assert_eq!(b(-3.0), 0xc040);
    }
}
