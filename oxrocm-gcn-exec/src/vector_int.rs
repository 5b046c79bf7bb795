//! Per-lane integer semantics of VALU instructions (VOP1/VOP2/VOP3 of gfx10/gfx11), keyed
//! by the mnemonic LLVM prints without its encoding suffix (`_e32`, `_e64`, `_dpp`, `_sdwa`
//! are the interpreter's to strip). Three 32-bit sources, one 32-bit result; carry ops
//! and 64-bit results have their own functions. Shift amounts use the low 5 (or 6) bits,
//! as the ISA guides say; `*rev` forms take the shift amount first.

use crate::scalar::bfe32;

/// Per-lane function of a 32-bit op with up to three 32-bit sources.
pub type Lane3 = fn(u32, u32, u32) -> u32;

fn u24(v: u32) -> u32 {
    v & 0xff_ffff
}

/// The low 24 bits, sign-extended from bit 23.
fn i24(v: u32) -> i32 {
    ((v << 8) as i32) >> 8
}

/// A whole wave of one op: sources and result as lane slices of equal length.
pub type WaveOp = fn(&[u32], &[u32], &[u32], &mut [u32]);

/// Defines, from one table of `mnemonics => |a, b, c| per-lane expression`, both the
/// per-lane function of each op ([`vop_fn`]) and its whole-wave loop ([`wave_fn`]), which
/// the compiler can vectorize because the op is known inside it.
macro_rules! int_ops {
    ($( $($name:literal)|+ => |$a:ident, $b:ident, $c:ident| $e:expr ),* $(,)?) => {
        /// The per-lane function of op `name`.
        pub fn vop_fn(name: &str) -> Option<Lane3> {
            Some(match name {
                $( $($name)|+ => |$a, $b, $c| $e, )*
                _ => return None,
            })
        }

        /// The whole-wave loop of op `name`.
        pub fn wave_fn(name: &str) -> Option<WaveOp> {
            Some(match name {
                $( $($name)|+ => {
                    fn wave(a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
                        // Equal lengths up front let the loop run without bounds checks.
                        let n = out.len();
                        let (a, b, c) = (&a[..n], &b[..n], &c[..n]);
                        for l in 0..n {
                            #[allow(unused_variables)]
                            let ($a, $b, $c) = (a[l], b[l], c[l]);
                            out[l] = $e;
                        }
                    }
                    wave
                } )*
                _ => return None,
            })
        }
    };
}

int_ops! {
        "v_mov_b32" => |a, _b, _c| a,
        "v_not_b32" => |a, _b, _c| !a,
        "v_bfrev_b32" => |a, _b, _c| a.reverse_bits(),
        "v_ffbh_u32" | "v_clz_i32_u32" => |a, _b, _c| if a == 0 { u32::MAX } else { a.leading_zeros() },
        "v_ffbl_b32" | "v_ctz_i32_b32" => |a, _b, _c| if a == 0 { u32::MAX } else { a.trailing_zeros() },
        "v_ffbh_i32" | "v_cls_i32" => |a, _b, _c| {
            let lead = if (a as i32) < 0 { a.leading_ones() } else { a.leading_zeros() };
            if lead == 32 { u32::MAX } else { lead }
        },
        "v_add_u32" | "v_add_nc_u32" => |a, b, _c| a.wrapping_add(b),
        "v_sub_u32" | "v_sub_nc_u32" => |a, b, _c| a.wrapping_sub(b),
        "v_subrev_u32" | "v_subrev_nc_u32" => |a, b, _c| b.wrapping_sub(a),
        "v_add_nc_i32" => |a, b, _c| (a as i32).wrapping_add(b as i32) as u32,
        "v_sub_nc_i32" => |a, b, _c| (a as i32).wrapping_sub(b as i32) as u32,
        "v_mul_lo_u32" => |a, b, _c| a.wrapping_mul(b),
        "v_mul_hi_u32" => |a, b, _c| ((a as u64 * b as u64) >> 32) as u32,
        "v_mul_hi_i32" => |a, b, _c| (((a as i32) as i64 * (b as i32) as i64) >> 32) as u32,
        "v_mul_u32_u24" => |a, b, _c| u24(a).wrapping_mul(u24(b)),
        "v_mul_hi_u32_u24" => |a, b, _c| ((u24(a) as u64 * u24(b) as u64) >> 32) as u32,
        "v_mul_i32_i24" => |a, b, _c| i24(a).wrapping_mul(i24(b)) as u32,
        "v_mul_hi_i32_i24" => |a, b, _c| ((i24(a) as i64 * i24(b) as i64) >> 32) as u32,
        "v_mad_u32_u24" => |a, b, c| u24(a).wrapping_mul(u24(b)).wrapping_add(c),
        "v_mad_i32_i24" => |a, b, c| i24(a).wrapping_mul(i24(b)).wrapping_add(c as i32) as u32,
        "v_mad_u32_u16" => |a, b, c| (a & 0xffff) * (b & 0xffff) + c,
        "v_lshlrev_b32" => |a, b, _c| b << (a & 31),
        "v_lshrrev_b32" => |a, b, _c| b >> (a & 31),
        "v_ashrrev_i32" => |a, b, _c| ((b as i32) >> (a & 31)) as u32,
        "v_lshl_add_u32" => |a, b, c| (a << (b & 31)).wrapping_add(c),
        "v_add_lshl_u32" => |a, b, c| a.wrapping_add(b) << (c & 31),
        "v_lshl_or_b32" => |a, b, c| (a << (b & 31)) | c,
        "v_and_or_b32" => |a, b, c| (a & b) | c,
        "v_or3_b32" => |a, b, c| a | b | c,
        "v_xor3_b32" => |a, b, c| a ^ b ^ c,
        "v_add3_u32" => |a, b, c| a.wrapping_add(b).wrapping_add(c),
        "v_xad_u32" => |a, b, c| (a ^ b).wrapping_add(c),
        "v_and_b32" => |a, b, _c| a & b,
        "v_or_b32" => |a, b, _c| a | b,
        "v_xor_b32" => |a, b, _c| a ^ b,
        "v_xnor_b32" => |a, b, _c| !(a ^ b),
        "v_min_u32" => |a, b, _c| a.min(b),
        "v_max_u32" => |a, b, _c| a.max(b),
        "v_min_i32" => |a, b, _c| (a as i32).min(b as i32) as u32,
        "v_max_i32" => |a, b, _c| (a as i32).max(b as i32) as u32,
        "v_min3_u32" => |a, b, c| a.min(b).min(c),
        "v_max3_u32" => |a, b, c| a.max(b).max(c),
        "v_min3_i32" => |a, b, c| (a as i32).min(b as i32).min(c as i32) as u32,
        "v_max3_i32" => |a, b, c| (a as i32).max(b as i32).max(c as i32) as u32,
        "v_med3_u32" => |a, b, c| a.max(b).min(a.min(b).max(c)),
        "v_med3_i32" => |a, b, c| (a as i32).max(b as i32).min((a as i32).min(b as i32).max(c as i32)) as u32,
        // Offset in the low 5 bits of b, width in the low 5 bits of c.
        "v_bfe_u32" => |a, b, c| bfe32(a, b & 31, c & 31, false),
        "v_bfe_i32" => |a, b, c| bfe32(a, b & 31, c & 31, true),
        "v_bfi_b32" => |a, b, c| (a & b) | (!a & c),
        "v_bfm_b32" => |a, b, _c| ((1u64 << (a & 31)) as u32).wrapping_sub(1) << (b & 31),
        "v_bcnt_u32_b32" => |a, b, _c| a.count_ones().wrapping_add(b),
        // ({a, b} >> (c & 31)) low half; alignbyte shifts by bytes.
        "v_alignbit_b32" => |a, b, c| (((a as u64) << 32 | b as u64) >> (c & 31)) as u32,
        "v_alignbyte_b32" => |a, b, c| (((a as u64) << 32 | b as u64) >> (8 * (c & 3))) as u32,
        "v_perm_b32" => |a, b, c| perm(a, b, c),
        "v_cvt_u32_u16" => |a, _b, _c| a & 0xffff,
        "v_cvt_i32_i16" => |a, _b, _c| a as u16 as i16 as i32 as u32,
}

/// A 32-bit result from up to three 32-bit sources.
pub fn vop(name: &str, a: u32, b: u32, c: u32) -> Option<u32> {
    vop_fn(name).map(|f| f(a, b, c))
}

/// `v_perm_b32`: each result byte chosen by a selector byte of `sel` from the eight bytes
/// of {a, b} (b the low four), or a constant / sign byte for selectors 8 and up.
fn perm(a: u32, b: u32, sel: u32) -> u32 {
    let bytes = ((a as u64) << 32 | b as u64).to_le_bytes();
    let pick = |s: u32| -> u8 {
        match s {
            0..=7 => bytes[s as usize],
            // Sign of the high byte of each 16-bit half (selectors 8-11).
            8 => if bytes[1] & 0x80 != 0 { 0xff } else { 0 },
            9 => if bytes[3] & 0x80 != 0 { 0xff } else { 0 },
            10 => if bytes[5] & 0x80 != 0 { 0xff } else { 0 },
            11 => if bytes[7] & 0x80 != 0 { 0xff } else { 0 },
            12 => 0,
            _ => 0xff,
        }
    };
    (0..4).fold(0u32, |r, i| r | (pick((sel >> (8 * i)) & 0xff) as u32) << (8 * i))
}

/// Carry-out ops: result and carry (or borrow) per lane.
pub fn vop_carry(name: &str, a: u32, b: u32, carry_in: bool) -> Option<(u32, bool)> {
    let wide = |v: i64| (v as u32, !(0..=u32::MAX as i64).contains(&v));
    let (a, b, c) = (a as i64, b as i64, carry_in as i64);
    Some(match name {
        "v_add_co_u32" => wide(a + b),
        "v_sub_co_u32" => wide(a - b),
        "v_subrev_co_u32" => wide(b - a),
        "v_add_co_ci_u32" | "v_addc_co_u32" => wide(a + b + c),
        "v_sub_co_ci_u32" | "v_subb_co_u32" => wide(a - b - c),
        "v_subrev_co_ci_u32" | "v_subbrev_co_u32" => wide(b - a - c),
        _ => return None,
    })
}

/// The result of an integer op with VOP3's clamp bit: saturated at the type's limits
/// instead of wrapping (LLVM selects `usubsat`/`uaddsat` and friends to these: e.g.
/// `max(x, 1) - 1` becomes `v_sub_nc_u32 … clamp`). `None`: the op has no saturating form
/// here (clamp then changes nothing).
pub fn vop_clamped(name: &str, a: u32, b: u32, c: u32) -> Option<u32> {
    let sat_i = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32;
    let sat_u = |v: i64| v.clamp(0, u32::MAX as i64) as u32;
    let (ua, ub, uc) = (a as i64, b as i64, c as i64);
    let (ia, ib, ic) = (a as i32 as i64, b as i32 as i64, c as i32 as i64);
    Some(match name {
        "v_add_nc_u32" | "v_add_u32" => sat_u(ua + ub),
        "v_sub_nc_u32" | "v_sub_u32" => sat_u(ua - ub),
        "v_subrev_nc_u32" | "v_subrev_u32" => sat_u(ub - ua),
        "v_add_nc_i32" | "v_add_i32" => sat_i(ia + ib),
        "v_sub_nc_i32" | "v_sub_i32" => sat_i(ia - ib),
        "v_add3_u32" => sat_u(ua + ub + uc),
        "v_mad_u32_u24" => sat_u((ua & 0xff_ffff) * (ub & 0xff_ffff) + uc),
        "v_mad_i32_i24" => sat_i(i24(a) as i64 * i24(b) as i64 + ic),
        _ => return None,
    })
}

/// 64-bit multiply-adds: `v_mad_u64_u32` / `v_mad_i64_i32` (result and carry-out).
pub fn vop_mad64(name: &str, a: u32, b: u32, c: u64) -> Option<(u64, bool)> {
    Some(match name {
        "v_mad_u64_u32" => {
            let v = a as u128 * b as u128 + c as u128;
            (v as u64, v >> 64 != 0)
        }
        "v_mad_i64_i32" => {
            let v = a as i32 as i128 * b as i32 as i128 + c as i64 as i128;
            (v as u64, v != (v as i64) as i128)
        }
        _ => return None,
    })
}

/// 64-bit shifts (VOP3): shift amount first, as in the `*rev` forms.
pub fn vop_shift64(name: &str, amount: u32, v: u64) -> Option<u64> {
    let s = amount & 63;
    Some(match name {
        "v_lshlrev_b64" => v << s,
        "v_lshrrev_b64" => v >> s,
        "v_ashrrev_i64" => ((v as i64) >> s) as u64,
        _ => return None,
    })
}

/// `v_mbcnt_lo_u32_b32` / `v_mbcnt_hi_u32_b32`: the set bits of `mask` in the lanes below
/// `lane` (the low or high 32 lanes), plus `acc`.
pub fn mbcnt(hi: bool, lane: usize, mask: u32, acc: u32) -> u32 {
    let below = if hi { lane.saturating_sub(32) } else { lane.min(32) };
    let bits = if below >= 32 { mask } else { mask & ((1u32 << below) - 1) };
    bits.count_ones().wrapping_add(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_24_bit_ops() {
        assert_eq!(vop("v_add_nc_u32", u32::MAX, 2, 0), Some(1));
        assert_eq!(vop("v_subrev_nc_u32", 2, 10, 0), Some(8));
        assert_eq!(vop("v_mul_hi_u32", 0x8000_0000, 4, 0), Some(2));
        assert_eq!(vop("v_mul_hi_i32", (-2i32) as u32, 0x8000_0000, 0), Some(1));
        // 24-bit operands ignore the top byte; i24 sign-extends from bit 23.
        assert_eq!(vop("v_mul_u32_u24", 0xff00_0003, 5, 0), Some(15));
        assert_eq!(vop("v_mul_i32_i24", 0x00ff_ffff, 7, 0), Some((-7i32) as u32));
        assert_eq!(vop("v_mad_u32_u24", 3, 4, 100), Some(112));
        assert_eq!(vop_carry("v_add_co_u32", u32::MAX, 1, false), Some((0, true)));
        assert_eq!(vop_carry("v_add_co_ci_u32", u32::MAX, 0, true), Some((0, true)));
        assert_eq!(vop_carry("v_sub_co_u32", 1, 2, false), Some((u32::MAX, true)));
        assert_eq!(vop_carry("v_subrev_co_ci_u32", 1, 5, true), Some((3, false)));
        assert_eq!(vop_mad64("v_mad_u64_u32", u32::MAX, u32::MAX, u64::MAX), Some((0xffff_fffe_0000_0000, true)));
        assert_eq!(vop_mad64("v_mad_i64_i32", (-3i32) as u32, 5, 20), Some((5, false)));
    }

    #[test]
    fn shifts_fields_and_permutes() {
        assert_eq!(vop("v_lshlrev_b32", 33, 1, 0), Some(2));
        assert_eq!(vop("v_ashrrev_i32", 4, 0x8000_0000, 0), Some(0xf800_0000));
        assert_eq!(vop("v_lshl_add_u32", 1, 4, 3), Some(19));
        assert_eq!(vop_shift64("v_lshrrev_b64", 60, 0xf000_0000_0000_0000), Some(0xf));
        assert_eq!(vop_shift64("v_ashrrev_i64", 63, 1 << 63), Some(u64::MAX));
        assert_eq!(vop("v_bfe_u32", 0xabcd, 4, 8), Some(0xbc));
        assert_eq!(vop("v_bfe_i32", 0x80, 4, 4), Some(0xffff_fff8));
        assert_eq!(vop("v_bfi_b32", 0xff00, 0x1234, 0xabcd), Some(0x12cd));
        assert_eq!(vop("v_bfm_b32", 4, 4, 0), Some(0xf0));
        assert_eq!(vop("v_alignbit_b32", 0x1234_5678, 0x9abc_def0, 8), Some(0x789a_bcde));
        assert_eq!(vop("v_alignbyte_b32", 0x1234_5678, 0x9abc_def0, 1), Some(0x789a_bcde));
        // v_perm: bytes of {a=0x01020304, b=0x05060708} by selectors 7,0,12,13 (from the top).
        assert_eq!(vop("v_perm_b32", 0x0102_0304, 0x0506_0708, 0x0c0d_0007), Some(0x00ff_0801));
        assert_eq!(vop("v_med3_i32", 5, (-1i32) as u32, 3), Some(3));
        assert_eq!(vop("v_med3_u32", 9, 1, 4), Some(4));
        assert_eq!(vop("v_ffbh_u32", 0, 0, 0), Some(u32::MAX));
        assert_eq!(vop("v_ctz_i32_b32", 0x100, 0, 0), Some(8));
        assert_eq!(vop("v_bcnt_u32_b32", 0xff, 1, 0), Some(9));
        assert_eq!(vop("v_cvt_i32_i16", 0x1_8000, 0, 0), Some(0xffff_8000));
    }

    #[test]
    fn mbcnt_counts_lanes_below() {
        // The lane-id idiom: v_mbcnt_lo(-1, 0) then v_mbcnt_hi(-1, that) = the lane index.
        for lane in [0usize, 5, 31, 32, 63] {
            let lo = mbcnt(false, lane, u32::MAX, 0);
            assert_eq!(mbcnt(true, lane, u32::MAX, lo) as usize, lane);
        }
        assert_eq!(mbcnt(false, 4, 0b1011, 10), 13);
    }
}
