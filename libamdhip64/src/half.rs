//! `__gnu_f2h_ieee` / `__gnu_h2f_ieee`: the IEEE half-precision conversions libamdhip64
//! exports for host code (round to nearest even, NaN and infinity preserved).

/// f32 → f16 bits, round to nearest even.
pub fn f32_to_f16(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        // Infinity or NaN (keep a quiet NaN payload bit).
        return sign | 0x7c00 | if man != 0 { 0x200 | (man >> 13) as u16 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        // Subnormal half: shift the implicit-1 mantissa into place with rounding.
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1u32 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut h = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && h & 1 == 1) {
        h += 1; // may carry into the exponent, which is the correct rounding
    }
    sign | h as u16
}

/// f16 bits → f32 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h & 0x8000) as u32) << 16;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = match exp {
        0 if man == 0 => sign,
        0 => {
            // Subnormal: normalise.
            let mut e = 127 - 15 + 1;
            let mut m = man;
            while m & 0x400 == 0 {
                m <<= 1;
                e -= 1;
            }
            sign | (e << 23) | ((m & 0x3ff) << 13)
        }
        0x1f => sign | 0x7f80_0000 | (man << 13),
        _ => sign | ((exp + 127 - 15) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

// Rust's compiler_builtins (linked into this library) defines both names as hidden; ELF
// merges visibility to the most restrictive, so a plain definition would never be
// exported. Ours carry the runtime's names for them directly (the ABI layers export
// `__gnu_f2h_ieee@@hip_4.2` and jump here; xtask localizes compiler_builtins' copies).
#[unsafe(export_name = "oxrocm_core___gnu_f2h_ieee")]
pub extern "C" fn gnu_f2h_ieee(f: f32) -> u16 {
    f32_to_f16(f)
}

#[unsafe(export_name = "oxrocm_core___gnu_h2f_ieee")]
pub extern "C" fn gnu_h2f_ieee(h: u16) -> f32 {
    f16_to_f32(h)
}

/// Names the build script must not stub (defined under the runtime's names above):
/// export_name = "__gnu_f2h_ieee", export_name = "__gnu_h2f_ieee"
const _: () = ();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_match_known_bit_patterns() {
        for (f, h) in [(1.0f32, 0x3c00u16), (-2.0, 0xc000), (65504.0, 0x7bff), (6.103_515_6e-5, 0x0400), (5.960_464_5e-8, 0x0001), (0.0, 0)] {
            assert_eq!(f32_to_f16(f), h, "{f}");
            assert_eq!(f16_to_f32(h), f, "{h:#x}");
        }
        assert_eq!(f32_to_f16(1e6), 0x7c00);
        assert!(f16_to_f32(f32_to_f16(f32::NAN)).is_nan());
        // 1 + 2^-11 is halfway between 1.0 and the next half: ties to even (1.0).
        assert_eq!(f32_to_f16(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(f32_to_f16(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
    }

    #[test]
    fn every_half_round_trips() {
        for h in 0..=u16::MAX {
            let f = f16_to_f32(h);
            if f.is_nan() {
                continue;
            }
            assert_eq!(f32_to_f16(f), h, "{h:#x}");
        }
    }
}
