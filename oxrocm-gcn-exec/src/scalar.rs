//! Scalar ALU semantics (SOP1/SOP2/SOPC) of gfx10 and gfx11, keyed by the mnemonic LLVM
//! prints (gfx11's renames included: `s_and_not1` for `s_andn2`, `s_ctz_i32_b32` for
//! `s_ff1_i32_b32`, …), as the RDNA2/RDNA3 ISA guides define them. Operands and results
//! are raw bits in u64 (32-bit ops use the low half). The SCC result is `None` where the
//! instruction leaves SCC alone. Ops that read or write EXEC, VCC or the PC, and
//! `s_cmov_*` (which may leave its destination alone), are the interpreter's.

/// Result bits and the new SCC (if written).
pub type Out = (u64, Option<bool>);

fn nz(v: u64) -> Option<bool> {
    Some(v != 0)
}

/// A two-operand scalar op's function: (mnemonic, s0, s1, incoming SCC).
pub type Sop2Fn = fn(&str, u64, u64, bool) -> Out;

/// Defines from one table of `mnemonics => result` both the lookup of an op's function
/// ([`sop2_fn`], done once when a program is laid out) and [`sop2`]. The binder list names
/// what every arm may use: the mnemonic, the raw operands, SCC, their u32/i32 views and
/// the "32-bit result, SCC = non-zero" helper.
macro_rules! sop2_ops {
    (|$name:ident, $s0:ident, $s1:ident, $scc:ident, $a:ident, $b:ident, $ai:ident, $bi:ident, $w32:ident|
     $( $($op:literal)|+ => $e:expr ),* $(,)?) => {
        /// The function of two-operand op `name`.
        pub fn sop2_fn(name: &str) -> Option<Sop2Fn> {
            Some(match name {
                $( $($op)|+ => {
                    #[allow(unused_variables)]
                    fn op($name: &str, $s0: u64, $s1: u64, $scc: bool) -> Out {
                        let ($a, $b) = ($s0 as u32, $s1 as u32);
                        let ($ai, $bi) = ($a as i32, $b as i32);
                        let $w32 = |v: u32| (v as u64, nz(v as u64));
                        $e
                    }
                    op
                } )*
                _ => return None,
            })
        }
    };
}

/// A two-operand scalar op: `s0`, `s1` and the incoming SCC.
pub fn sop2(name: &str, s0: u64, s1: u64, scc: bool) -> Option<Out> {
    sop2_fn(name).map(|f| f(name, s0, s1, scc))
}

sop2_ops! { |name, s0, s1, scc, a, b, ai, bi, w32|
        "s_add_u32" => {
            let (v, c) = a.overflowing_add(b);
            (v as u64, Some(c))
        },
        "s_sub_u32" => {
            let (v, c) = a.overflowing_sub(b);
            (v as u64, Some(c))
        },
        "s_addc_u32" => {
            let v = a as u64 + b as u64 + scc as u64;
            (v as u32 as u64, Some(v >> 32 != 0))
        },
        "s_subb_u32" => {
            let v = (a as u64).wrapping_sub(b as u64).wrapping_sub(scc as u64);
            (v as u32 as u64, Some(v >> 32 != 0))
        },
        "s_add_i32" => {
            let (v, o) = ai.overflowing_add(bi);
            (v as u32 as u64, Some(o))
        },
        "s_sub_i32" => {
            let (v, o) = ai.overflowing_sub(bi);
            (v as u32 as u64, Some(o))
        },
        // SCC: whether s0 was chosen.
        "s_min_i32" => (if ai < bi { a } else { b } as u64, Some(ai < bi)),
        "s_min_u32" => (a.min(b) as u64, Some(a < b)),
        "s_max_i32" => (if ai > bi { a } else { b } as u64, Some(ai > bi)),
        "s_max_u32" => (a.max(b) as u64, Some(a > b)),
        "s_cselect_b32" => ((if scc { a } else { b }) as u64, None),
        "s_cselect_b64" => (if scc { s0 } else { s1 }, None),
        "s_and_b32" => w32(a & b),
        "s_or_b32" => w32(a | b),
        "s_xor_b32" => w32(a ^ b),
        "s_andn2_b32" | "s_and_not1_b32" => w32(a & !b),
        "s_orn2_b32" | "s_or_not1_b32" => w32(a | !b),
        "s_nand_b32" => w32(!(a & b)),
        "s_nor_b32" => w32(!(a | b)),
        "s_xnor_b32" => w32(!(a ^ b)),
        "s_and_b64" => (s0 & s1, nz(s0 & s1)),
        "s_or_b64" => (s0 | s1, nz(s0 | s1)),
        "s_xor_b64" => (s0 ^ s1, nz(s0 ^ s1)),
        "s_andn2_b64" | "s_and_not1_b64" => (s0 & !s1, nz(s0 & !s1)),
        "s_orn2_b64" | "s_or_not1_b64" => (s0 | !s1, nz(s0 | !s1)),
        "s_nand_b64" => (!(s0 & s1), nz(!(s0 & s1))),
        "s_nor_b64" => (!(s0 | s1), nz(!(s0 | s1))),
        "s_xnor_b64" => (!(s0 ^ s1), nz(!(s0 ^ s1))),
        "s_lshl_b32" => w32(a << (b & 31)),
        "s_lshr_b32" => w32(a >> (b & 31)),
        "s_ashr_i32" => w32((ai >> (b & 31)) as u32),
        "s_lshl_b64" => (s0 << (b & 63), nz(s0 << (b & 63))),
        "s_lshr_b64" => (s0 >> (b & 63), nz(s0 >> (b & 63))),
        "s_ashr_i64" => {
            let v = ((s0 as i64) >> (b & 63)) as u64;
            (v, nz(v))
        },
        "s_lshl1_add_u32" | "s_lshl2_add_u32" | "s_lshl3_add_u32" | "s_lshl4_add_u32" => {
            let n = (name.as_bytes()[6] - b'0') as u32;
            let v = ((a as u64) << n) + b as u64;
            (v as u32 as u64, Some(v >> 32 != 0))
        },
        "s_bfm_b32" => (((((1u64 << (a & 31)) - 1) << (b & 31)) as u32) as u64, None),
        "s_bfm_b64" => ((((1u128 << (a & 63)) - 1) as u64).wrapping_shl(b & 63), None),
        "s_mul_i32" => (ai.wrapping_mul(bi) as u32 as u64, None),
        "s_mul_hi_u32" => (((a as u64 * b as u64) >> 32), None),
        "s_mul_hi_i32" => ((((ai as i64 * bi as i64) >> 32) as u32) as u64, None),
        // Offset in bits 4:0 (5:0 for 64-bit), width in bits 22:16.
        "s_bfe_u32" => w32(bfe32(a, b & 31, (b >> 16) & 0x7f, false)),
        "s_bfe_i32" => w32(bfe32(a, b & 31, (b >> 16) & 0x7f, true)),
        "s_bfe_u64" => {
            let v = bfe64(s0, b & 63, (b >> 16) & 0x7f, false);
            (v, nz(v))
        },
        "s_bfe_i64" => {
            let v = bfe64(s0, b & 63, (b >> 16) & 0x7f, true);
            (v, nz(v))
        },
        "s_absdiff_i32" => w32((ai.wrapping_sub(bi)).unsigned_abs()),
        "s_pack_ll_b32_b16" => ((a & 0xffff | b << 16) as u64, None),
        "s_pack_lh_b32_b16" => ((a & 0xffff | b & 0xffff_0000) as u64, None),
        "s_pack_hh_b32_b16" => ((a >> 16 | b & 0xffff_0000) as u64, None),
}

/// Bit-field extract: `width` bits of `v` from `offset`, sign-extended if `signed`.
pub fn bfe32(v: u32, offset: u32, width: u32, signed: bool) -> u32 {
    if width == 0 {
        return 0;
    }
    let width = width.min(32);
    let field = if offset + width >= 32 { v >> offset } else { (v >> offset) & ((1u32 << width) - 1) };
    if signed && width < 32 && offset + width <= 32 && field >> (width - 1) & 1 != 0 { field | !((1u32 << width) - 1) } else { field }
}

pub fn bfe64(v: u64, offset: u32, width: u32, signed: bool) -> u64 {
    if width == 0 {
        return 0;
    }
    let width = width.min(64);
    let field = if offset + width >= 64 { v >> offset } else { (v >> offset) & ((1u64 << width) - 1) };
    if signed && width < 64 && offset + width <= 64 && field >> (width - 1) & 1 != 0 { field | !((1u64 << width) - 1) } else { field }
}

/// A one-operand scalar op's function.
pub type Sop1Fn = fn(u64) -> Out;

/// As [`sop2_ops`], for one-operand ops; `none` is the "no bit found" result (-1).
macro_rules! sop1_ops {
    (|$s0:ident, $a:ident, $w32:ident, $none:ident| $( $($op:literal)|+ => $e:expr ),* $(,)?) => {
        /// The function of one-operand op `name`.
        pub fn sop1_fn(name: &str) -> Option<Sop1Fn> {
            Some(match name {
                $( $($op)|+ => {
                    #[allow(unused_variables)]
                    fn op($s0: u64) -> Out {
                        let $a = $s0 as u32;
                        let $w32 = |v: u32| (v as u64, nz(v as u64));
                        // "First bit" searches return -1 (all ones) when there is none.
                        let $none = u32::MAX as u64;
                        $e
                    }
                    op
                } )*
                _ => return None,
            })
        }
    };
}

/// A one-operand scalar op.
pub fn sop1(name: &str, s0: u64) -> Option<Out> {
    sop1_fn(name).map(|f| f(s0))
}

sop1_ops! { |s0, a, w32, none|
        "s_mov_b32" => (a as u64, None),
        "s_mov_b64" => (s0, None),
        "s_not_b32" => w32(!a),
        "s_not_b64" => (!s0, nz(!s0)),
        "s_brev_b32" => (a.reverse_bits() as u64, None),
        "s_brev_b64" => (s0.reverse_bits(), None),
        "s_bcnt0_i32_b32" => w32(a.count_zeros()),
        "s_bcnt0_i32_b64" => w32(s0.count_zeros()),
        "s_bcnt1_i32_b32" => w32(a.count_ones()),
        "s_bcnt1_i32_b64" => w32(s0.count_ones()),
        "s_ff0_i32_b32" => (if a == u32::MAX { none } else { a.trailing_ones() as u64 }, None),
        "s_ff0_i32_b64" => (if s0 == u64::MAX { none } else { s0.trailing_ones() as u64 }, None),
        "s_ff1_i32_b32" | "s_ctz_i32_b32" => (if a == 0 { none } else { a.trailing_zeros() as u64 }, None),
        "s_ff1_i32_b64" | "s_ctz_i32_b64" => (if s0 == 0 { none } else { s0.trailing_zeros() as u64 }, None),
        "s_flbit_i32_b32" | "s_clz_i32_u32" => (if a == 0 { none } else { a.leading_zeros() as u64 }, None),
        "s_flbit_i32_b64" | "s_clz_i32_u64" => (if s0 == 0 { none } else { s0.leading_zeros() as u64 }, None),
        // Leading bits equal to the sign bit, the sign bit included; -1 when all are.
        "s_flbit_i32" | "s_cls_i32" => {
            let lead = if (a as i32) < 0 { a.leading_ones() } else { a.leading_zeros() };
            (if lead == 32 { none } else { lead as u64 }, None)
        },
        "s_flbit_i32_i64" | "s_cls_i32_i64" => {
            let lead = if (s0 as i64) < 0 { s0.leading_ones() } else { s0.leading_zeros() };
            (if lead == 64 { none } else { lead as u64 }, None)
        },
        "s_sext_i32_i8" => (a as i8 as i32 as u32 as u64, None),
        "s_sext_i32_i16" => (a as i16 as i32 as u32 as u64, None),
        "s_abs_i32" => w32((a as i32).unsigned_abs()),
}

/// A scalar compare's function: the new SCC.
pub type SopcFn = fn(u64, u64) -> bool;

/// As [`sop2_ops`], for compares.
macro_rules! sopc_ops {
    (|$s0:ident, $s1:ident, $a:ident, $b:ident, $ai:ident, $bi:ident| $( $($op:literal)|+ => $e:expr ),* $(,)?) => {
        /// The function of compare `name`.
        pub fn sopc_fn(name: &str) -> Option<SopcFn> {
            Some(match name {
                $( $($op)|+ => {
                    #[allow(unused_variables)]
                    fn op($s0: u64, $s1: u64) -> bool {
                        let ($a, $b) = ($s0 as u32, $s1 as u32);
                        let ($ai, $bi) = ($a as i32, $b as i32);
                        $e
                    }
                    op
                } )*
                _ => return None,
            })
        }
    };
}

/// A scalar compare: the new SCC.
pub fn sopc(name: &str, s0: u64, s1: u64) -> Option<bool> {
    sopc_fn(name).map(|f| f(s0, s1))
}

sopc_ops! { |s0, s1, a, b, ai, bi|
        "s_cmp_eq_i32" | "s_cmp_eq_u32" => a == b,
        "s_cmp_lg_i32" | "s_cmp_lg_u32" => a != b,
        "s_cmp_gt_i32" => ai > bi,
        "s_cmp_ge_i32" => ai >= bi,
        "s_cmp_lt_i32" => ai < bi,
        "s_cmp_le_i32" => ai <= bi,
        "s_cmp_gt_u32" => a > b,
        "s_cmp_ge_u32" => a >= b,
        "s_cmp_lt_u32" => a < b,
        "s_cmp_le_u32" => a <= b,
        "s_cmp_eq_u64" => s0 == s1,
        "s_cmp_lg_u64" => s0 != s1,
        "s_bitcmp0_b32" => a >> (b & 31) & 1 == 0,
        "s_bitcmp1_b32" => a >> (b & 31) & 1 == 1,
        "s_bitcmp0_b64" => s0 >> (b & 63) & 1 == 0,
        "s_bitcmp1_b64" => s0 >> (b & 63) & 1 == 1,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_and_overflows_set_scc() {
        assert_eq!(sop2("s_add_u32", 0xffff_ffff, 2, false), Some((1, Some(true))));
        assert_eq!(sop2("s_addc_u32", 0xffff_fffe, 1, true), Some((0, Some(true))));
        assert_eq!(sop2("s_addc_u32", 5, 6, true), Some((12, Some(false))));
        assert_eq!(sop2("s_sub_u32", 1, 2, false), Some((0xffff_ffff, Some(true))));
        assert_eq!(sop2("s_subb_u32", 5, 5, true), Some((0xffff_ffff, Some(true))));
        assert_eq!(sop2("s_add_i32", 0x7fff_ffff, 1, false), Some((0x8000_0000, Some(true))));
        assert_eq!(sop2("s_sub_i32", 3, 5, false), Some((0xffff_fffe, Some(false))));
        // A 64-bit add as the compiler emits it: s_add_u32 then s_addc_u32.
        let (lo, c) = sop2("s_add_u32", 0xffff_fff0, 0x20, false).unwrap();
        let (hi, _) = sop2("s_addc_u32", 1, 0, c.unwrap()).unwrap();
        assert_eq!(hi << 32 | lo, 0x1_ffff_fff0 + 0x20);
        assert_eq!(sop2("s_lshl2_add_u32", 0x4000_0001, 3, false), Some((7, Some(true))));
    }

    #[test]
    fn logic_shifts_and_fields() {
        assert_eq!(sop2("s_and_not1_b64", 0xff, 0x0f, false), Some((0xf0, Some(true))));
        assert_eq!(sop2("s_andn2_b32", 0xf, 0xf, false), Some((0, Some(false))));
        assert_eq!(sop2("s_lshl_b32", 1, 33, false), Some((2, Some(true))));
        assert_eq!(sop2("s_ashr_i32", 0x8000_0000, 4, false), Some((0xf800_0000, Some(true))));
        assert_eq!(sop2("s_lshr_b64", 1 << 63, 63, false), Some((1, Some(true))));
        // s_bfe_u32 s0, 0x0008_0004: 8 bits from bit 4.
        assert_eq!(sop2("s_bfe_u32", 0xabcd, 0x0008_0004, false), Some((0xbc, Some(true))));
        assert_eq!(sop2("s_bfe_i32", 0xf0, 0x0004_0004, false), Some((0xffff_ffff, Some(true))));
        assert_eq!(sop2("s_bfe_i64", 0x8000_0000_0000_0000, 0x0001_003f, false), Some((u64::MAX, Some(true))));
        assert_eq!(sop2("s_bfm_b32", 4, 8, false), Some((0xf00, None)));
        assert_eq!(sop2("s_cselect_b64", 1, 2, true), Some((1, None)));
        assert_eq!(sop2("s_min_i32", (-3i32) as u32 as u64, 2, false), Some(((-3i32) as u32 as u64, Some(true))));
        assert_eq!(sop2("s_max_u32", 1, 9, false), Some((9, Some(false))));
        assert_eq!(sop2("s_mul_hi_i32", (-2i32) as u32 as u64, 0x8000_0000, false), Some((1, None)));
        assert_eq!(sop2("s_pack_lh_b32_b16", 0x1111_2222, 0x3333_4444, false), Some((0x3333_2222, None)));
        assert_eq!(sop2("s_no_such_op", 0, 0, false), None);
    }

    #[test]
    fn one_operand_ops_and_compares() {
        assert_eq!(sop1("s_ff1_i32_b32", 0b1000), Some((3, None)));
        assert_eq!(sop1("s_ctz_i32_b64", 0), Some((0xffff_ffff, None)));
        assert_eq!(sop1("s_flbit_i32_b32", 1), Some((31, None)));
        // Leading bits equal to the sign bit, the sign bit included (the ISA guide's examples).
        assert_eq!(sop1("s_cls_i32", 0xffff_0000), Some((16, None)));
        assert_eq!(sop1("s_flbit_i32", 0x4000_0000), Some((1, None)));
        assert_eq!(sop1("s_flbit_i32", 0x0fff_ffff), Some((4, None)));
        assert_eq!(sop1("s_flbit_i32", u32::MAX as u64), Some((0xffff_ffff, None)));
        assert_eq!(sop1("s_bcnt1_i32_b64", u64::MAX), Some((64, Some(true))));
        assert_eq!(sop1("s_not_b32", 0xffff_ffff), Some((0, Some(false))));
        assert_eq!(sop1("s_sext_i32_i16", 0x8001), Some((0xffff_8001, None)));
        assert_eq!(sop1("s_brev_b32", 1), Some((0x8000_0000, None)));
        assert_eq!(sopc("s_cmp_lt_i32", 0xffff_ffff, 0), Some(true));
        assert_eq!(sopc("s_cmp_lt_u32", 0xffff_ffff, 0), Some(false));
        assert_eq!(sopc("s_bitcmp1_b64", 1 << 40, 40), Some(true));
        assert_eq!(sopc("s_cmp_lg_u64", 1 << 40, 1 << 40), Some(false));
    }
}
