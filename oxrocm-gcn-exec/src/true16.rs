//! gfx11's 16-bit register halves in the 32-bit encodings (VOP1, VOP2, VOPC and their DPP
//! forms). There a 16-bit operand's VGPR field names a half register: values 0-127 are
//! the low halves of v0-v127 and bit 7 selects the high half (`v128 + n` is `vN.h`).
//! LLVM 15 ("fake16") never used bit 7 for such operands (it kept them in v0-v127); the
//! compiler of ROCm 7.2 ("real true16") does, e.g. `v_add_f16 v5.h, v3.h, v1.l`.
//!
//! The lowering turns such an operand into its 32-bit register with VOP3's `op_sel` bit
//! (bits 0-2 the sources, bit 3 the destination), the form the interpreter already
//! executes for VOP3's 16-bit ops. Which operands are 16 bits wide follows from the
//! mnemonic's type suffixes: `v_cvt_f32_f16` writes 32 bits from a 16-bit source,
//! `v_cvt_f16_f32` the reverse, `v_add_f16` is 16-bit throughout; packed and dot ops
//! (`v_pk_*`, `v_cvt_pk_*`, `v_dot2*`) take whole registers.

use crate::ir::{Inst, Opnd};
use oxrocm_amdgcn::{Class, Instruction};

/// Whether a type suffix (`f16`, `i32`, `b16`, `u8`...) is one.
fn type_token(t: &str) -> Option<u32> {
    let mut c = t.chars();
    match c.next() {
        Some('f' | 'i' | 'u' | 'b') => c.as_str().parse().ok(),
        _ => None,
    }
}

/// (destination is 16-bit, sources are 16-bit) for the opcode `name` (encoding suffix
/// dropped), or `None` when no operand is.
pub fn widths(name: &str) -> Option<(bool, bool)> {
    if name == "v_sat_pk_u8_i16" {
        // Two saturated bytes from a packed pair of i16: 16 bits out of 32.
        return Some((true, false));
    }
    if name.starts_with("v_pk_") || name.contains("_pk_") || name.starts_with("v_dot") {
        return None;
    }
    let types: Vec<u32> = name.split('_').filter_map(type_token).collect();
    let (&dst, &src) = (types.first()?, types.last()?);
    // A compare writes a lane mask, never a half register.
    let r = (dst == 16 && !name.starts_with("v_cmp"), src == 16);
    (r.0 || r.1).then_some(r)
}

/// Rewrites `inst` (lowered from `d`) so its half-register operands read and write through
/// `op_sel`. A no-op outside gfx11's VOP1/VOP2/VOPC encodings and for 32-bit operands.
pub fn apply(d: &Instruction, inst: &mut Inst) {
    if !d.target.is_gfx11() || !matches!(d.class, Class::Vop1 | Class::Vop2 | Class::Vopc) {
        return;
    }
    let Some((dst16, src16)) = widths(inst.name) else { return };
    if dst16 && let Opnd::V(r @ 128..) = inst.dst {
        inst.dst = Opnd::V(r - 128);
        inst.mods.op_sel |= 8;
    }
    if src16 {
        for (k, s) in inst.src.iter_mut().enumerate().take(3) {
            if let Opnd::V(r @ 128..) = *s {
                *s = Opnd::V(r - 128);
                inst.mods.op_sel |= 1 << k;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operand_widths_follow_the_type_suffixes() {
        assert_eq!(widths("v_add_f16"), Some((true, true)));
        assert_eq!(widths("v_mov_b16"), Some((true, true)));
        assert_eq!(widths("v_cvt_f32_f16"), Some((false, true)));
        assert_eq!(widths("v_cvt_f16_f32"), Some((true, false)));
        assert_eq!(widths("v_cvt_i32_i16"), Some((false, true)));
        assert_eq!(widths("v_cmp_lt_f16"), Some((false, true)));
        assert_eq!(widths("v_sat_pk_u8_i16"), Some((true, false)));
        assert_eq!(widths("v_add_f32"), None);
        assert_eq!(widths("v_mul_u32_u24"), None);
        assert_eq!(widths("v_pk_fmac_f16"), None);
        assert_eq!(widths("v_cvt_pk_rtz_f16_f32"), None);
        assert_eq!(widths("v_dot2acc_f32_f16"), None);
    }
}
