//! 16-bit vector ops: f16 and i16/u16 arithmetic on the low half of a register (the high
//! half kept: gfx10 and later preserve it for every 16-bit op), packed ops on both halves
//! (VOP3P `v_pk_*`, with op_sel/op_sel_hi choosing each source's half and neg_lo/neg_hi),
//! and the mixed-precision FMAs (`v_fma_mix_f32`, `v_fma_mixlo_f16`, `v_fma_mixhi_f16`).
//! f16 arithmetic is computed in f32 (or f64 for fused ops) and rounded once to f16,
//! which gives the correctly rounded result because the wider formats hold at least
//! 2 × 11 + 2 bits.

use half::f16;

fn h(v: u16) -> f32 {
    f16::from_bits(v).to_f32()
}
fn to_h(v: f32) -> u16 {
    f16::from_f32(v).to_bits()
}
fn fma_h(a: u16, b: u16, c: u16) -> u16 {
    f16::from_f64((h(a) as f64).mul_add(h(b) as f64, h(c) as f64)).to_bits()
}

/// IEEE minNum/maxNum on f16 (a NaN operand yields the other).
fn min_h(a: u16, b: u16) -> u16 {
    let (x, y) = (h(a), h(b));
    if x.is_nan() { b } else if y.is_nan() || x <= y { a } else { b }
}
fn max_h(a: u16, b: u16) -> u16 {
    let (x, y) = (h(a), h(b));
    if x.is_nan() { b } else if y.is_nan() || x >= y { a } else { b }
}

fn med3<T: PartialOrd + Copy>(a: T, b: T, c: T) -> T {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if c <= lo { lo } else if c >= hi { hi } else { c }
}

/// One 16-bit op on 16-bit operands (as u16 bits), for the scalar (low-half) forms and,
/// with the prefix `v_pk_` dropped, for each half of the packed forms.
pub fn op16(name: &str, a: u16, b: u16, c: u16) -> Option<u16> {
    let (sa, sb, sc) = (a as i16, b as i16, c as i16);
    Some(match name {
        "v_add_f16" => to_h(h(a) + h(b)),
        "v_sub_f16" => to_h(h(a) - h(b)),
        "v_subrev_f16" => to_h(h(b) - h(a)),
        "v_mul_f16" => to_h(h(a) * h(b)),
        "v_fma_f16" | "v_fmac_f16" | "v_fmamk_f16" | "v_fmaak_f16" => fma_h(a, b, c),
        "v_mad_f16" | "v_mac_f16" | "v_madmk_f16" | "v_madak_f16" => to_h(h(to_h(h(a) * h(b))) + h(c)),
        "v_max_f16" => max_h(a, b),
        "v_min_f16" => min_h(a, b),
        "v_max3_f16" => max_h(max_h(a, b), c),
        "v_min3_f16" => min_h(min_h(a, b), c),
        "v_med3_f16" => {
            if h(a).is_nan() || h(b).is_nan() || h(c).is_nan() {
                min_h(min_h(a, b), c)
            } else {
                to_h(med3(h(a), h(b), h(c)))
            }
        }
        "v_sqrt_f16" => to_h(h(a).sqrt()),
        "v_rcp_f16" => to_h(1.0 / h(a)),
        "v_rsq_f16" => to_h(1.0 / h(a).sqrt()),
        "v_exp_f16" => to_h(h(a).exp2()),
        "v_log_f16" => to_h(h(a).log2()),
        "v_floor_f16" => to_h(h(a).floor()),
        "v_ceil_f16" => to_h(h(a).ceil()),
        "v_trunc_f16" => to_h(h(a).trunc()),
        "v_rndne_f16" => to_h(h(a).round_ties_even()),
        "v_fract_f16" => to_h(h(a) - h(a).floor()),
        "v_ldexp_f16" => to_h((h(a) as f64 * 2f64.powi((b as i16).clamp(-64, 64) as i32)) as f32),
        "v_cvt_f16_u16" => to_h(a as f32),
        "v_cvt_f16_i16" => to_h(sa as f32),
        "v_cvt_u16_f16" => h(a) as u16,
        "v_cvt_i16_f16" => h(a) as i16 as u16,
        "v_mov_b16" => a,
        "v_not_b16" => !a,
        "v_and_b16" => a & b,
        "v_or_b16" => a | b,
        "v_xor_b16" => a ^ b,
        "v_add_u16" | "v_add_nc_u16" => a.wrapping_add(b),
        "v_sub_u16" | "v_sub_nc_u16" => a.wrapping_sub(b),
        "v_subrev_u16" => b.wrapping_sub(a),
        "v_add_i16" | "v_add_nc_i16" => sa.wrapping_add(sb) as u16,
        "v_sub_i16" | "v_sub_nc_i16" => sa.wrapping_sub(sb) as u16,
        "v_mul_lo_u16" => a.wrapping_mul(b),
        "v_mad_u16" => a.wrapping_mul(b).wrapping_add(c),
        "v_mad_i16" => sa.wrapping_mul(sb).wrapping_add(sc) as u16,
        "v_lshlrev_b16" => b << (a & 15),
        "v_lshrrev_b16" => b >> (a & 15),
        "v_ashrrev_i16" => (sb >> (a & 15)) as u16,
        "v_max_u16" => a.max(b),
        "v_min_u16" => a.min(b),
        "v_max_i16" => sa.max(sb) as u16,
        "v_min_i16" => sa.min(sb) as u16,
        "v_max3_u16" => a.max(b).max(c),
        "v_min3_u16" => a.min(b).min(c),
        "v_med3_u16" => med3(a, b, c),
        "v_max3_i16" => sa.max(sb).max(sc) as u16,
        "v_min3_i16" => sa.min(sb).min(sc) as u16,
        "v_med3_i16" => med3(sa, sb, sc) as u16,
        _ => return None,
    })
}

/// A 16-bit integer op with VOP3's clamp bit: saturated at the type's limits instead of
/// wrapping; `None` for ops without a saturating form (clamp changes nothing there).
pub fn op16_clamped(name: &str, a: u16, b: u16) -> Option<u16> {
    let (sa, sb) = (a as i16, b as i16);
    Some(match name {
        "v_add_u16" | "v_add_nc_u16" => a.saturating_add(b),
        "v_sub_u16" | "v_sub_nc_u16" => a.saturating_sub(b),
        "v_subrev_u16" => b.saturating_sub(a),
        "v_add_i16" | "v_add_nc_i16" => sa.saturating_add(sb) as u16,
        "v_sub_i16" | "v_sub_nc_i16" => sa.saturating_sub(sb) as u16,
        _ => return None,
    })
}

/// Whether `op16` knows `name` (or its packed form's per-half op).
pub fn knows(name: &str) -> bool {
    let base = packed_base(name);
    op16(base.as_deref().unwrap_or(name), 0, 0, 0).is_some()
}

/// `v_pk_add_f16` → `v_add_f16`: the per-half op of a packed instruction.
pub fn packed_base(name: &str) -> Option<String> {
    let rest = name.strip_prefix("v_pk_")?;
    Some(format!("v_{rest}"))
}

/// Whether a 16-bit op is a float op (so neg/abs flip or clear bit 15).
pub fn is_float(name: &str) -> bool {
    name.ends_with("_f16")
}

/// The halves of a packed op: `src` the three 32-bit sources; `op_sel`/`op_sel_hi` pick
/// each source's half for the low/high result; `neg_lo`/`neg_hi` negate float sources.
pub fn packed(base: &str, src: [u32; 3], op_sel: u8, op_sel_hi: u8, neg_lo: u8, neg_hi: u8, clamp: bool) -> Option<u32> {
    let float = is_float(base);
    let half = |k: usize, hi_result: bool| -> u16 {
        let sel = if hi_result { op_sel_hi } else { op_sel } >> k & 1 != 0;
        let v = if sel { (src[k] >> 16) as u16 } else { src[k] as u16 };
        let neg = if hi_result { neg_hi } else { neg_lo } >> k & 1 != 0;
        if float && neg { v ^ 0x8000 } else { v }
    };
    let op = |a: u16, b: u16, c: u16| match clamp.then(|| op16_clamped(base, a, b)).flatten() {
        Some(v) => Some(v),
        None => op16(base, a, b, c),
    };
    let lo = op(half(0, false), half(1, false), half(2, false))?;
    let hi = op(half(0, true), half(1, true), half(2, true))?;
    Some(lo as u32 | (hi as u32) << 16)
}

/// `v_fma_mix*`: each source an f32 (op_sel_hi bit clear) or the f16 half op_sel names;
/// `abs` (the neg_hi field) then `neg` apply per source. Returns the f32 result.
pub fn fma_mix(src: [u32; 3], op_sel: u8, op_sel_hi: u8, neg: u8, abs: u8) -> f32 {
    let val = |k: usize| -> f32 {
        let v = if op_sel_hi >> k & 1 == 0 {
            f32::from_bits(src[k])
        } else {
            let bits = if op_sel >> k & 1 != 0 { (src[k] >> 16) as u16 } else { src[k] as u16 };
            h(bits)
        };
        let v = if abs >> k & 1 != 0 { v.abs() } else { v };
        if neg >> k & 1 != 0 { -v } else { v }
    };
    val(0).mul_add(val(1), val(2))
}

/// `f` rounded to f16 bits (for the mixlo/mixhi results).
pub fn f32_to_f16_bits(f: f32) -> u16 {
    to_h(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hb(v: f32) -> u16 {
        f16::from_f32(v).to_bits()
    }

    #[test]
    fn scalar_16_bit_ops() {
        assert_eq!(op16("v_add_f16", hb(1.5), hb(2.25), 0), Some(hb(3.75)));
        assert_eq!(op16("v_fma_f16", hb(2.0), hb(3.0), hb(0.5)), Some(hb(6.5)));
        assert_eq!(op16("v_max3_i16", (-5i16) as u16, 3, (-1i16) as u16), Some(3));
        assert_eq!(op16("v_max3_u16", 0xfffb, 3, 7), Some(0xfffb));
        assert_eq!(op16("v_med3_i16", 5, (-2i16) as u16, 9), Some(5));
        assert_eq!(op16("v_ashrrev_i16", 2, 0x8000, 0), Some(0xe000));
        // 65504 + 65504 overflows f16.
        assert_eq!(op16("v_add_f16", hb(65504.0), hb(65504.0), 0), Some(0x7c00));
    }

    #[test]
    fn packed_halves_and_selects() {
        let a = hb(1.0) as u32 | (hb(2.0) as u32) << 16;
        let b = hb(10.0) as u32 | (hb(20.0) as u32) << 16;
        // Plain: lo = 1 + 10, hi = 2 + 20 (op_sel_hi selects the high halves).
        assert_eq!(packed("v_add_f16", [a, b, 0], 0, 0b11, 0, 0, false), Some(hb(11.0) as u32 | (hb(22.0) as u32) << 16));
        // op_sel on source 0: its high half feeds the low result too; neg_hi on source 1.
        assert_eq!(packed("v_add_f16", [a, b, 0], 0b01, 0b11, 0, 0b10, false), Some(hb(12.0) as u32 | (hb(-18.0) as u32) << 16));
        assert_eq!(packed("v_ashrrev_i16", [0x0001_0004, 0x8000_0100, 0], 0, 0b11, 0, 0, false), Some(0xc000_0010));
    }

    #[test]
    fn mixed_precision_fma() {
        let a = hb(3.0) as u32 | (hb(-1.0) as u32) << 16;
        // f16 high half of a (-1) × f32 2.5 + f16 low half of a (3).
        let r = fma_mix([a, 2.5f32.to_bits(), a], 0b001, 0b101, 0, 0);
        assert_eq!(r, 0.5);
        let r = fma_mix([a, 2.5f32.to_bits(), a], 0b001, 0b101, 0b010, 0b001);
        assert_eq!(r, 1.0 * -2.5 + 3.0);
    }
}
