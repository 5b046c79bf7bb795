//! Vector ops beyond 32-bit integers and floats: f64 arithmetic and conversions, the
//! division helpers (`v_div_scale`, `v_div_fmas`, `v_div_fixup`) for f32 and f64. Pure functions of the lane's operand bits; the interpreter reads
//! the operands at the widths [`width`] gives and applies source modifiers first.

/// Operand widths of an op this module knows: (destination, sources) in bits; `None` for
/// others.
pub fn width(name: &str) -> Option<(u32, [u32; 3])> {
    Some(match name {
        "v_add_f64" | "v_mul_f64" | "v_min_f64" | "v_max_f64" => (64, [64, 64, 0]),
        "v_fma_f64" | "v_div_fixup_f64" | "v_div_fmas_f64" | "v_div_scale_f64" => (64, [64, 64, 64]),
        "v_rcp_f64" | "v_rsq_f64" | "v_sqrt_f64" | "v_fract_f64" | "v_trunc_f64" | "v_ceil_f64" | "v_floor_f64"
        | "v_rndne_f64" | "v_frexp_mant_f64" | "v_mov_b64" => (64, [64, 0, 0]),
        "v_ldexp_f64" | "v_trig_preop_f64" => (64, [64, 32, 0]),
        "v_cvt_f64_f32" | "v_cvt_f64_i32" | "v_cvt_f64_u32" => (64, [32, 0, 0]),
        "v_cvt_f32_f64" | "v_cvt_i32_f64" | "v_cvt_u32_f64" | "v_frexp_exp_i32_f64" => (32, [64, 0, 0]),
        "v_div_fixup_f32" | "v_div_fmas_f32" | "v_div_scale_f32" => (32, [32, 32, 32]),
        "v_rcp_iflag_f32" => (32, [32, 0, 0]),
        _ => return None,
    })
}

/// The first 1280 fraction bits of 2/π, most significant first (the hardware's table holds
/// 1201 of them; `trig_preop` reads no further). Computed with Machin's formula in integer
/// arithmetic; they agree with the published hexadecimal expansion (a2f9836e 4e441529 ...).
const TWO_OVER_PI: [u64; 20] = [
    0xa2f9836e4e441529, 0xfc2757d1f534ddc0, 0xdb6295993c439041, 0xfe5163abdebbc561, 0xb7246e3a424dd2e0,
    0x06492eea09d1921c, 0xfe1deb1cb129a73e, 0xe88235f52ebb4484, 0xe99c7026b45f7e41, 0x3991d639835339f4,
    0x9c845f8bbdf9283b, 0x1ff897ffde05980f, 0xef2f118b5a0a6d1f, 0x6d367ecf27cb09b7, 0x4f463f669e5fea2d,
    0x7527bac7ebe5f17b, 0x3d0739f78a5292ea, 0x6bfb5fb11f8d5d08, 0x56033046fc7b6bab, 0xf0cfbc209af4361d,
];

/// `v_trig_preop_f64 D = S0, S1`: 53 bits of 2/π for a Payne-Hanek reduction of S0, the
/// segment S1 (0, 1, 2, ...) at 53 bits each, skipping the leading bits that only add
/// whole periods when |S0| ≥ 2^54, as a double scaled to its place (times 2^128 when S0's
/// exponent is 1968 or more, so that it does not underflow).
fn trig_preop(x: f64, segment: u32) -> f64 {
    let e = exp64(x) as u32;
    let mut shift = (segment & 31) * 53;
    if e > 1077 {
        shift += e - 1077;
    }
    // Fraction bits shift+1 ..= shift+53 (1-based), zero past the table's 1201.
    let mut bits = 0u64;
    for p in shift + 1..=shift + 53 {
        let b = if p <= 1201 { TWO_OVER_PI[(p - 1) as usize / 64] >> (63 - (p - 1) % 64) & 1 } else { 0 };
        bits = bits << 1 | b;
    }
    let mut scale = -53 - shift as i32;
    if e >= 1968 {
        scale += 128;
    }
    ldexp(bits as f64, scale)
}

/// Biased exponent field.
fn exp32(x: f32) -> i32 {
    (x.to_bits() >> 23 & 0xff) as i32
}
fn exp64(x: f64) -> i32 {
    (x.to_bits() >> 52 & 0x7ff) as i32
}

fn ldexp(x: f64, e: i32) -> f64 {
    // Scale in steps that stay in range, so a large |e| still rounds once at the end.
    let mut v = x;
    let mut e = e;
    while e > 1000 {
        v *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        v *= 2f64.powi(-1000);
        e += 1000;
    }
    v * 2f64.powi(e)
}

fn ldexp32(x: f32, e: i32) -> f32 {
    ldexp(x as f64, e) as f32
}

/// `v_div_scale_f32 D, VCC = S0, S1 (denominator), S2 (numerator)`: S0 scaled to keep
/// the Newton-Raphson division in range; VCC says the quotient needs rescaling.
pub fn div_scale_f32(s0: f32, s1: f32, s2: f32) -> (f32, bool) {
    let tiny = |v: f32| v != 0.0 && v.is_subnormal();
    if s2 == 0.0 || s1 == 0.0 {
        return (f32::NAN, false);
    }
    if exp32(s2) - exp32(s1) >= 96 {
        return (if s0 == s1 { ldexp32(s0, 64) } else { s0 }, true);
    }
    if tiny(s1) {
        return (ldexp32(s0, 64), false);
    }
    if tiny((1.0 / s1 as f64) as f32) && tiny(s2 / s1) {
        // A huge denominator: scaled down, so the quotient comes out 2^64 too large.
        return (if s0 == s1 { ldexp32(s0, -64) } else { s0 }, true);
    }
    if tiny(1.0 / s1) {
        return (ldexp32(s0, -64), false);
    }
    if tiny(s2 / s1) {
        return (if s0 == s2 { ldexp32(s0, 64) } else { s0 }, true);
    }
    if exp32(s2) <= 23 {
        return (ldexp32(s0, 64), false);
    }
    (s0, false)
}

pub fn div_scale_f64(s0: f64, s1: f64, s2: f64) -> (f64, bool) {
    let tiny = |v: f64| v != 0.0 && v.is_subnormal();
    if s2 == 0.0 || s1 == 0.0 {
        return (f64::NAN, false);
    }
    if exp64(s2) - exp64(s1) >= 768 {
        return (if s0 == s1 { ldexp(s0, 128) } else { s0 }, true);
    }
    if tiny(s1) {
        return (ldexp(s0, 128), false);
    }
    if tiny(1.0 / s1) && tiny(s2 / s1) {
        return (if s0 == s1 { ldexp(s0, -128) } else { s0 }, true);
    }
    if tiny(1.0 / s1) {
        return (ldexp(s0, -128), false);
    }
    if tiny(s2 / s1) {
        return (if s0 == s2 { ldexp(s0, 128) } else { s0 }, true);
    }
    if exp64(s2) <= 53 {
        return (ldexp(s0, 128), false);
    }
    (s0, false)
}

/// `v_div_fixup`: special cases of quotient S0 = S2 / S1 (NaN, infinities, zeros,
/// overflow and underflow), else S0 with the quotient's sign.
fn div_fixup(q: f64, den: f64, num: f64, exp_num: i32, exp_den: i32, exp_q: i32, max_exp: i32, underflow: i32) -> f64 {
    let neg = den.is_sign_negative() != num.is_sign_negative();
    let signed = |v: f64| if neg { -v } else { v };
    if num.is_nan() {
        return num;
    }
    if den.is_nan() {
        return den;
    }
    if (den == 0.0 && num == 0.0) || (den.is_infinite() && num.is_infinite()) {
        return f64::NAN;
    }
    if den == 0.0 || num.is_infinite() {
        return signed(f64::INFINITY);
    }
    if den.is_infinite() || num == 0.0 {
        return signed(0.0);
    }
    if exp_num - exp_den < underflow {
        return signed(0.0);
    }
    // A quotient estimate that overflowed (infinite, or NaN from inf - inf) is an overflow.
    if exp_q == max_exp {
        return signed(f64::INFINITY);
    }
    signed(q.abs())
}

/// One lane of an op of this module: operands at their widths (zero-extended into u64),
/// `vcc` the lane's VCC bit. Returns the result and, for `v_div_scale`, the VCC bit.
pub fn eval(name: &str, s: [u64; 3], vcc: bool) -> Option<(u64, Option<bool>)> {
    let f = |k: usize| f64::from_bits(s[k]);
    let g = |k: usize| f32::from_bits(s[k] as u32);
    let d = |v: f64| Some((v.to_bits(), None));
    let w = |v: f32| Some((v.to_bits() as u64, None));
    match name {
        "v_add_f64" => d(f(0) + f(1)),
        "v_mul_f64" => d(f(0) * f(1)),
        "v_fma_f64" => d(f(0).mul_add(f(1), f(2))),
        "v_min_f64" => d(if f(0).is_nan() { f(1) } else if f(1).is_nan() { f(0) } else { f(0).min(f(1)) }),
        "v_max_f64" => d(if f(0).is_nan() { f(1) } else if f(1).is_nan() { f(0) } else { f(0).max(f(1)) }),
        "v_rcp_f64" => d(1.0 / f(0)),
        "v_rsq_f64" => d(1.0 / f(0).sqrt()),
        "v_sqrt_f64" => d(f(0).sqrt()),
        "v_fract_f64" => d(if f(0).is_infinite() { f64::NAN } else { (f(0) - f(0).floor()).min(f64::from_bits(0x3fef_ffff_ffff_ffff)) }),
        "v_trunc_f64" => d(f(0).trunc()),
        "v_ceil_f64" => d(f(0).ceil()),
        "v_floor_f64" => d(f(0).floor()),
        "v_rndne_f64" => d(f(0).round_ties_even()),
        "v_mov_b64" => Some((s[0], None)),
        "v_ldexp_f64" => d(ldexp(f(0), s[1] as u32 as i32)),
        "v_trig_preop_f64" => d(trig_preop(f(0), s[1] as u32)),
        "v_frexp_mant_f64" => {
            let x = f(0);
            if x == 0.0 || !x.is_finite() {
                return d(x);
            }
            let e = exp64(x);
            let m = if e == 0 { ldexp(x, 64) } else { x };
            d(f64::from_bits(m.to_bits() & !(0x7ff << 52) | (1022 << 52)))
        }
        "v_frexp_exp_i32_f64" => {
            let x = f(0);
            if x == 0.0 || !x.is_finite() {
                return Some((0, None));
            }
            let (m, e) = if exp64(x) == 0 { (ldexp(x, 64), -64) } else { (x, 0) };
            Some(((exp64(m) - 1022 + e) as u32 as u64, None))
        }
        "v_cvt_f64_f32" => d(g(0) as f64),
        "v_cvt_f64_i32" => d(s[0] as u32 as i32 as f64),
        "v_cvt_f64_u32" => d(s[0] as u32 as f64),
        "v_cvt_f32_f64" => w(f(0) as f32),
        // Saturating conversions; NaN converts to 0 (Rust's `as` does both).
        "v_cvt_i32_f64" => Some((f(0) as i32 as u32 as u64, None)),
        "v_cvt_u32_f64" => Some((f(0) as u32 as u64, None)),
        "v_rcp_iflag_f32" => w(1.0 / g(0)),
        "v_div_scale_f32" => {
            let (v, c) = div_scale_f32(g(0), g(1), g(2));
            Some((v.to_bits() as u64, Some(c)))
        }
        "v_div_scale_f64" => {
            let (v, c) = div_scale_f64(f(0), f(1), f(2));
            Some((v.to_bits(), Some(c)))
        }
        // With VCC set, div_scale left the quotient (S2) scaled: by 2^-64 when it is
        // huge, by 2^64 when it is tiny; its exponent says which way to undo.
        "v_div_fmas_f32" => {
            if !vcc {
                return w(g(0).mul_add(g(1), g(2)));
            }
            // One rounding for the scaled result: the product is exact in f64.
            let r = (g(0) as f64).mul_add(g(1) as f64, g(2) as f64);
            w(ldexp(r, if exp32(g(2)) > 127 { 64 } else { -64 }) as f32)
        }
        "v_div_fmas_f64" => {
            let r = f(0).mul_add(f(1), f(2));
            d(if vcc { ldexp(r, if exp64(f(2)) > 1023 { 128 } else { -128 }) } else { r })
        }
        "v_div_fixup_f32" => {
            let (q, den, num) = (g(0), g(1), g(2));
            w(div_fixup(q as f64, den as f64, num as f64, exp32(num), exp32(den), exp32(q), 255, -150) as f32)
        }
        "v_div_fixup_f64" => d(div_fixup(f(0), f(1), f(2), exp64(f(2)), exp64(f(1)), exp64(f(0)), 2047, -1075)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trig_preop_segments_sum_to_two_over_pi() {
        // Segments 0, 1, 2 of a small argument: 2/π's first 159 bits in three doubles.
        let seg = |k: u32| trig_preop(1.0, k);
        // 2/π rounds up to 0x3fe45f306dc9c883 as a double; the segment is truncated.
        assert_eq!(seg(0).to_bits(), 0x3fe4_5f30_6dc9_c882, "53 bits, truncated");
        assert_eq!((2.0 / std::f64::consts::PI).to_bits(), 0x3fe4_5f30_6dc9_c883);
        assert!(seg(1) < seg(0) * 2f64.powi(-52) && seg(1) > 0.0);
        assert!(seg(2) < seg(1) * 2f64.powi(-52) && seg(2) > 0.0);
        // A huge argument skips bits: its first segment starts exponent - 1077 bits in.
        let big = 2f64.powi(100);
        let shifted = trig_preop(big, 0) * 2f64.powi(100 + 1023 - 1077);
        assert!(shifted < 1.0 && shifted > 2f64.powi(-60), "{shifted}");
        // Past the table: zero.
        assert_eq!(trig_preop(1.0, 23), 0.0);
    }

    fn op(name: &str, a: f32, b: f32, c: f32, vcc: bool) -> (f32, Option<bool>) {
        let (r, v) = eval(name, [a.to_bits() as u64, b.to_bits() as u64, c.to_bits() as u64], vcc).unwrap();
        (f32::from_bits(r as u32), v)
    }

    /// The compiler's f32 division sequence, as clang emits it for `a / b` in IEEE mode,
    /// through this module's div_scale, div_fmas and div_fixup.
    fn divide(a: f32, b: f32) -> f32 {
        let (den, _) = op("v_div_scale_f32", b, b, a, false);
        let (num, vcc) = op("v_div_scale_f32", a, b, a, false);
        let vcc = vcc.unwrap();
        let r = 1.0 / den;
        let e = (-den).mul_add(r, 1.0);
        let r = e.mul_add(r, r);
        let q = num * r;
        let e = (-den).mul_add(q, num);
        let q = e.mul_add(r, q);
        let e = (-den).mul_add(q, num);
        let (fmas, _) = op("v_div_fmas_f32", e, r, q, vcc);
        op("v_div_fixup_f32", fmas, b, a, false).0
    }

    #[test]
    fn division_sequence_is_correctly_rounded() {
        let mut seed = 0x1234_5678u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        for _ in 0..20000 {
            let a = f32::from_bits(next() & 0x7fff_ffff | (next() & 0x8000_0000));
            let b = f32::from_bits(next());
            if !a.is_finite() || !b.is_finite() {
                continue;
            }
            let want = ((a as f64) / (b as f64)) as f32;
            let got = divide(a, b);
            assert!(got == want || (got.is_nan() && want.is_nan()), "{a:e} / {b:e}: got {got:e}, want {want:e}");
        }
        assert_eq!(divide(1.0, 0.0), f32::INFINITY);
        assert_eq!(divide(-1.0, 0.0), f32::NEG_INFINITY);
        assert!(divide(0.0, 0.0).is_nan());
        assert_eq!(divide(3.0, f32::INFINITY), 0.0);
    }

    #[test]
    fn f64_ops_and_conversions() {
        let b = |v: f64| v.to_bits();
        assert_eq!(eval("v_fma_f64", [b(1.5), b(2.0), b(0.25)], false).unwrap().0, b(3.25));
        assert_eq!(eval("v_cvt_f64_i32", [(-7i32) as u32 as u64, 0, 0], false).unwrap().0, b(-7.0));
        assert_eq!(eval("v_cvt_i32_f64", [b(-2.9), 0, 0], false).unwrap().0, (-2i32) as u32 as u64);
        assert_eq!(eval("v_ldexp_f64", [b(3.0), 4, 0], false).unwrap().0, b(48.0));
        assert_eq!(eval("v_frexp_exp_i32_f64", [b(48.0), 0, 0], false).unwrap().0, 6);
        assert_eq!(eval("v_frexp_mant_f64", [b(48.0), 0, 0], false).unwrap().0, b(0.75));
        assert_eq!(width("v_cmp_eq_u16"), None);
    }
}
