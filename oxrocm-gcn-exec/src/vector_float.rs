//! Per-lane f32 semantics of VALU instructions, keyed by LLVM mnemonic (encoding suffix
//! stripped): arithmetic, min/max in IEEE mode, rounding, conversions with the ISA's
//! clamping, and the class test. Denormal handling follows the wave's MODE register:
//! `denorm` false flushes f32 denormal inputs and outputs to signed zero (HIP kernels run
//! with denormals kept: FLOAT_DENORM_MODE_32 = 3). Transcendentals (v_rcp, v_sqrt, v_exp,
//! v_log, v_sin …) compute the correctly rounded value: the hardware's are within 1 ULP
//! of it, which is all its documentation promises.

/// f32 results from up to three f32 sources (as bits).
pub fn vop_f32(name: &str, a: u32, b: u32, c: u32, denorm: bool) -> Option<u32> {
    let flush = |v: f32| if !denorm && v.is_subnormal() { f32::from_bits(v.to_bits() & 0x8000_0000) } else { v };
    let (x, y, z) = (flush(f32::from_bits(a)), flush(f32::from_bits(b)), flush(f32::from_bits(c)));
    let r = match vop_f32_fn(name) {
        Some(_) if name.starts_with("v_ma") && !denorm => flush(x * y) + z,
        Some(f) => f(x, y, z),
        None => match name {
        "v_ldexp_f32" => ldexp(x, b as i32),
        "v_frexp_mant_f32" => {
            if !x.is_finite() || x == 0.0 { x } else { frexp(x).0 }
        }
        "v_cvt_f32_i32" => (a as i32) as f32,
        "v_cvt_f32_u32" => a as f32,
        "v_cvt_f32_ubyte0" => (a & 0xff) as f32,
        "v_cvt_f32_ubyte1" => (a >> 8 & 0xff) as f32,
        "v_cvt_f32_ubyte2" => (a >> 16 & 0xff) as f32,
        "v_cvt_f32_ubyte3" => (a >> 24) as f32,
        "v_cvt_f32_f16" => half_to_f32(a as u16),
        _ => return vop_f32_to_int(name, x).or_else(|| vop_f32_bits(name, x, y)),
        },
    };
    Some(flush(r).to_bits())
}

/// Per-lane function of an op on f32 values (denormals kept).
pub type LaneF = fn(f32, f32, f32) -> f32;

/// Defines, from one table of `mnemonics => |x, y, z| f32 expression`, the per-lane
/// function of each op ([`vop_f32_fn`]) and its whole-wave loop over lane bits
/// ([`wave_f32_fn`], denormals kept).
macro_rules! f32_ops {
    ($( $($name:literal)|+ => |$x:ident, $y:ident, $z:ident| $e:expr ),* $(,)?) => {
        /// The per-lane function of a pure f32 op `name`.
        pub fn vop_f32_fn(name: &str) -> Option<LaneF> {
            Some(match name {
                $( $($name)|+ => |$x, $y, $z| $e, )*
                _ => return None,
            })
        }

        /// The whole-wave loop of a pure f32 op `name`, on the lanes' bits.
        fn wave_f32_table(name: &str) -> Option<crate::vector_int::WaveOp> {
            Some(match name {
                $( $($name)|+ => {
                    fn wave(a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
                        let n = out.len();
                        let (a, b, c) = (&a[..n], &b[..n], &c[..n]);
                        for l in 0..n {
                            #[allow(unused_variables)]
                            let ($x, $y, $z) = (f32::from_bits(a[l]), f32::from_bits(b[l]), f32::from_bits(c[l]));
                            out[l] = ($e).to_bits();
                        }
                    }
                    wave
                } )*
                _ => return None,
            })
        }
    };
}

/// The whole-wave loop of a pure f32 op `name`, on the lanes' bits; fused multiply-adds
/// use the CPU's FMA instructions where it has them.
pub fn wave_f32_fn(name: &str) -> Option<crate::vector_int::WaveOp> {
    match name {
        "v_fma_f32" | "v_fmac_f32" | "v_fmamk_f32" | "v_fmaak_f32" => Some(fma_wave),
        _ => wave_f32_table(name),
    }
}

/// `a * b + c` with one rounding per lane. Without FMA in the compile-time target (x86-64's
/// baseline has none) `mul_add` is a call to the C library's software `fmaf`, about 2 ns a
/// lane; with the CPU's instruction it is one vector op per 8 lanes.
fn fma_wave(a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has FMA (checked just above).
        return unsafe { fma_wave_hw(a, b, c, out) };
    }
    fma_lanes(a, b, c, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
unsafe fn fma_wave_hw(a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
    fma_lanes(a, b, c, out)
}

#[inline(always)]
fn fma_lanes(a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
    let n = out.len();
    let (a, b, c) = (&a[..n], &b[..n], &c[..n]);
    for l in 0..n {
        out[l] = f32::from_bits(a[l]).mul_add(f32::from_bits(b[l]), f32::from_bits(c[l])).to_bits();
    }
}

f32_ops! {
        "v_add_f32" => |x, y, _z| x + y,
        "v_sub_f32" => |x, y, _z| x - y,
        "v_subrev_f32" => |x, y, _z| y - x,
        "v_mul_f32" => |x, y, _z| x * y,
        // Fused: one rounding (v_fmac/v_fma); v_mac/v_mad round twice.
        "v_fma_f32" | "v_fmac_f32" | "v_fmamk_f32" | "v_fmaak_f32" => |x, y, z| x.mul_add(y, z),
        "v_mad_f32" | "v_mac_f32" | "v_madmk_f32" | "v_madak_f32" => |x, y, z| x * y + z,
        "v_min_f32" => |x, y, _z| min_ieee(x, y),
        "v_max_f32" => |x, y, _z| max_ieee(x, y),
        "v_min3_f32" => |x, y, z| min_ieee(min_ieee(x, y), z),
        "v_max3_f32" => |x, y, z| max_ieee(max_ieee(x, y), z),
        "v_med3_f32" => |x, y, z| med3(x, y, z),
        "v_trunc_f32" => |x, _y, _z| x.trunc(),
        "v_ceil_f32" => |x, _y, _z| x.ceil(),
        "v_floor_f32" => |x, _y, _z| x.floor(),
        "v_rndne_f32" => |x, _y, _z| x.round_ties_even(),
        "v_fract_f32" => |x, _y, _z| if x.is_infinite() { f32::NAN } else { (x - x.floor()).min(f32::from_bits(0x3f7f_ffff)) },
        "v_rcp_f32" => |x, _y, _z| 1.0 / x,
        "v_rsq_f32" => |x, _y, _z| 1.0 / x.sqrt(),
        "v_sqrt_f32" => |x, _y, _z| x.sqrt(),
        "v_exp_f32" => |x, _y, _z| x.exp2(),
        "v_log_f32" => |x, _y, _z| x.log2(),
        // Angles in revolutions.
        "v_sin_f32" => |x, _y, _z| (x as f64 * std::f64::consts::TAU).sin() as f32,
        "v_cos_f32" => |x, _y, _z| (x as f64 * std::f64::consts::TAU).cos() as f32,
}

/// Conversions to integers: round toward zero (or as named), NaN to 0, clamped.
fn vop_f32_to_int(name: &str, x: f32) -> Option<u32> {
    Some(match name {
        // Rust's float-to-int `as` saturates and maps NaN to 0, as the ISA does.
        "v_cvt_i32_f32" => x as i32 as u32,
        "v_cvt_u32_f32" => x as u32,
        "v_cvt_flr_i32_f32" => x.floor() as i32 as u32,
        "v_cvt_rpi_i32_f32" => (x + 0.5).floor() as i32 as u32,
        "v_frexp_exp_i32_f32" => if !x.is_finite() || x == 0.0 { 0 } else { frexp(x).1 as u32 },
        _ => return None,
    })
}

/// Ops whose result is not an f32: packs and conversions to f16.
fn vop_f32_bits(name: &str, x: f32, y: f32) -> Option<u32> {
    Some(match name {
        "v_cvt_f16_f32" => f32_to_half(x) as u32,
        "v_cvt_pkrtz_f16_f32" => f32_to_half_rtz(x) as u32 | (f32_to_half_rtz(y) as u32) << 16,
        _ => return None,
    })
}

/// IEEE-mode min: a signalling NaN gives a quiet NaN, one quiet NaN gives the other
/// operand; -0 is below +0.
pub fn min_ieee(a: f32, b: f32) -> f32 {
    if is_snan(a) || is_snan(b) {
        return f32::NAN;
    }
    match (a.is_nan(), b.is_nan()) {
        (true, _) => b,
        (_, true) => a,
        _ if a == b => if a.is_sign_negative() { a } else { b },
        _ => a.min(b),
    }
}

pub fn max_ieee(a: f32, b: f32) -> f32 {
    if is_snan(a) || is_snan(b) {
        return f32::NAN;
    }
    match (a.is_nan(), b.is_nan()) {
        (true, _) => b,
        (_, true) => a,
        _ if a == b => if a.is_sign_positive() { a } else { b },
        _ => a.max(b),
    }
}

fn is_snan(v: f32) -> bool {
    v.is_nan() && v.to_bits() & 0x0040_0000 == 0
}

/// v_med3_f32: the median; with a NaN among them, the min of the other two (the ISA's
/// rule for IEEE mode).
fn med3(a: f32, b: f32, c: f32) -> f32 {
    if a.is_nan() || b.is_nan() || c.is_nan() {
        return min_ieee(min_ieee(a, b), c);
    }
    max_ieee(min_ieee(a, b), min_ieee(max_ieee(a, b), c))
}

fn ldexp(x: f32, e: i32) -> f32 {
    // In f64 every f32 times 2^e for |e| <= 400 is exact and finite, so the result rounds
    // once (and 0 · 2^e stays 0); beyond ±400 every finite f32 overflows or underflows.
    (x as f64 * 2f64.powi(e.clamp(-400, 400))) as f32
}

/// Mantissa in [0.5, 1) and exponent, for finite non-zero x.
fn frexp(x: f32) -> (f32, i32) {
    let (m, e) = if x.is_subnormal() { (x * 2f32.powi(64), -64) } else { (x, 0) };
    let bits = m.to_bits();
    let exp = ((bits >> 23) & 0xff) as i32 - 126;
    (f32::from_bits(bits & 0x807f_ffff | 126 << 23), exp + e)
}

pub fn half_to_f32(h: u16) -> f32 {
    half::f16::from_bits(h).to_f32()
}

/// Round to nearest even (the default rounding mode).
pub fn f32_to_half(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}

/// Round toward zero (v_cvt_pkrtz).
pub fn f32_to_half_rtz(x: f32) -> u16 {
    let h = half::f16::from_f32(x);
    if x.is_nan() || x.is_infinite() || h.to_f32().abs() <= x.abs() {
        return h.to_bits();
    }
    // Rounded away from zero: step one unit back toward zero.
    let bits = h.to_bits();
    if bits & 0x7fff == 0 { bits } else { bits - 1 }
}

/// v_cmp_class_f32: whether `x` is in any class set in `mask` (bit 0 signalling NaN, 1
/// quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf).
pub fn class_f32(x: u32, mask: u32) -> bool {
    let v = f32::from_bits(x);
    let neg = x >> 31 != 0;
    let class = if v.is_nan() {
        if is_snan(v) { 0 } else { 1 }
    } else if v.is_infinite() {
        if neg { 2 } else { 9 }
    } else if v == 0.0 {
        if neg { 5 } else { 6 }
    } else if v.is_subnormal() {
        if neg { 4 } else { 7 }
    } else if neg {
        3
    } else {
        8
    };
    mask >> class & 1 != 0
}

/// `v_cmp_class_f64`: the same classes as [`class_f32`].
pub fn class_f64(v: f64, mask: u32) -> bool {
    let neg = v.is_sign_negative();
    let class = if v.is_nan() {
        // Quiet NaNs have the top mantissa bit set.
        if v.to_bits() >> 51 & 1 == 0 { 0 } else { 1 }
    } else if v.is_infinite() {
        if neg { 2 } else { 9 }
    } else if v == 0.0 {
        if neg { 5 } else { 6 }
    } else if v.is_subnormal() {
        if neg { 4 } else { 7 }
    } else if neg {
        3
    } else {
        8
    };
    mask >> class & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(name: &str, a: f32, b: f32, c: f32) -> f32 {
        f32::from_bits(vop_f32(name, a.to_bits(), b.to_bits(), c.to_bits(), true).unwrap())
    }

    #[test]
    fn arithmetic_and_fusion() {
        assert_eq!(f("v_add_f32", 1.5, 2.25, 0.0), 3.75);
        assert_eq!(f("v_subrev_f32", 1.0, 4.0, 0.0), 3.0);
        // fma rounds once: (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly.
        let (p, q) = (1.0 + f32::EPSILON, 1.0 - f32::EPSILON);
        assert_eq!(f("v_fma_f32", p, q, -1.0), -(2f32.powi(-46)));
        assert_eq!(f("v_mad_f32", p, q, -1.0), 0.0);
        assert_eq!(f("v_sin_f32", 0.25, 0.0, 0.0), 1.0);
        assert_eq!(f("v_exp_f32", 3.0, 0.0, 0.0), 8.0);
        assert_eq!(f("v_fract_f32", -0.25, 0.0, 0.0), 0.75);
        assert_eq!(f("v_rndne_f32", 2.5, 0.0, 0.0), 2.0);
        assert_eq!(f32::from_bits(vop_f32("v_ldexp_f32", 1.5f32.to_bits(), 3, 0, true).unwrap()), 12.0);
        assert_eq!(f("v_frexp_mant_f32", 12.0, 0.0, 0.0), 0.75);
        assert_eq!(vop_f32("v_frexp_exp_i32_f32", 12.0f32.to_bits(), 0, 0, true), Some(4));
    }

    #[test]
    fn denormals_follow_the_mode() {
        let tiny = f32::from_bits(1); // smallest denormal
        assert_eq!(f32::from_bits(vop_f32("v_add_f32", tiny.to_bits(), 0, 0, true).unwrap()), tiny);
        assert_eq!(vop_f32("v_add_f32", tiny.to_bits(), 0, 0, false), Some(0));
        assert_eq!(vop_f32("v_mul_f32", (-tiny).to_bits(), 1f32.to_bits(), 0, false), Some(0x8000_0000));
    }

    #[test]
    fn nan_rules_of_min_max_and_med3() {
        let snan = f32::from_bits(0x7f80_0001);
        assert_eq!(f("v_min_f32", f32::NAN, 2.0, 0.0), 2.0);
        assert!(f("v_max_f32", snan, 2.0, 0.0).is_nan());
        assert_eq!(f("v_min_f32", 0.0, -0.0, 0.0).to_bits(), 0x8000_0000);
        assert_eq!(f("v_max_f32", -0.0, 0.0, 0.0).to_bits(), 0);
        assert_eq!(f("v_med3_f32", 3.0, 1.0, 2.0), 2.0);
        assert_eq!(f("v_med3_f32", 3.0, f32::NAN, 2.0), 2.0);
    }

    #[test]
    fn conversions_clamp_and_round() {
        assert_eq!(vop_f32("v_cvt_i32_f32", (-2.7f32).to_bits(), 0, 0, true), Some((-2i32) as u32));
        assert_eq!(vop_f32("v_cvt_i32_f32", 3e10f32.to_bits(), 0, 0, true), Some(i32::MAX as u32));
        assert_eq!(vop_f32("v_cvt_u32_f32", (-5.0f32).to_bits(), 0, 0, true), Some(0));
        assert_eq!(vop_f32("v_cvt_i32_f32", f32::NAN.to_bits(), 0, 0, true), Some(0));
        assert_eq!(vop_f32("v_cvt_flr_i32_f32", (-2.5f32).to_bits(), 0, 0, true), Some((-3i32) as u32));
        assert_eq!(vop_f32("v_cvt_f16_f32", 1.0009766f32.to_bits(), 0, 0, true), Some(0x3c01));
        // 1 + 3/2048 lies between two halves: nearest-even rounds up, toward-zero down.
        let x = 1.0 + 3.0 / 2048.0;
        assert_eq!(f32_to_half(x), 0x3c02);
        assert_eq!(f32_to_half_rtz(x), 0x3c01);
        assert_eq!(vop_f32("v_cvt_pkrtz_f16_f32", 1.0f32.to_bits(), (-2.0f32).to_bits(), 0, true), Some(0xc000_3c00));
        assert_eq!(f("v_cvt_f32_ubyte2", f32::from_bits(0x00ab_0000), 0.0, 0.0), 171.0);
        assert!(class_f32(f32::NEG_INFINITY.to_bits(), 1 << 2));
        assert!(class_f32(1u32, 1 << 7));
        assert!(!class_f32(1.0f32.to_bits(), 0x3ff & !(1 << 8)));
        assert!(class_f32(0x7fc0_0000, 1 << 1) && class_f32(0x7f80_0001, 1));
    }
}
