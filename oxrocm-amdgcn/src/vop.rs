//! Vector ALU encodings: VOP1, VOP2, VOPC (with DPP16, DPP8 and SDWA variants), VOP3
//! (incl. VOP3B with a scalar carry/mask destination), VOP3P (packed math, mix, dot, WMMA)
//! and gfx11 VOPD (two ops in one instruction).

use crate::encoding::Class;
use crate::opcodes::{Field, OpInfo, Table, lookup};
use crate::operand::{Operand, scalar_reg, source};
use crate::{DecodeError, Dpp, Instruction, Modifiers, Sdwa, Target, VopForm, bits, word};

pub(crate) fn decode(class: Class, words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    match class {
        Class::Vop3 => decode_vop3(words, target),
        Class::Vop3p => decode_vop3p(words, target),
        Class::Vopd => decode_vopd(words, target),
        _ => decode_e32(class, words, target),
    }
}

fn decode_e32(class: Class, words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w = words[0];
    let (table, op) = match class {
        Class::Vop1 => (Table::Vop1, bits(w, 16, 9)),
        Class::Vop2 => (Table::Vop2, bits(w, 30, 25)),
        _ => (Table::Vopc, bits(w, 24, 17)),
    };
    let info = lookup(target, table, op as u16).ok_or(DecodeError::UnknownOpcode(class, op as u16))?;
    let mut src0 = bits(w, 8, 0) as u16;
    let mut mods = Modifiers::default();
    let mut n = 1;
    let mut literal = None;
    let has_k = info.operand(Field::K).is_some();
    let mut sdwa_sgpr = [false, false];
    match src0 {
        0xFA => {
            let w1 = word(words, 1)?;
            n = 2;
            mods.form = VopForm::Dpp;
            mods.dpp = Dpp {
                ctrl: bits(w1, 16, 8) as u16,
                fi: bits(w1, 18, 18) != 0,
                bound_ctrl: bits(w1, 19, 19) != 0,
                bank_mask: bits(w1, 27, 24) as u8,
                row_mask: bits(w1, 31, 28) as u8,
                sel8: 0,
            };
            mods.neg = (bits(w1, 20, 20) | (bits(w1, 22, 22) << 1)) as u8;
            mods.abs = (bits(w1, 21, 21) | (bits(w1, 23, 23) << 1)) as u8;
            src0 = 256 + bits(w1, 7, 0) as u16;
        }
        0xE9 | 0xEA => {
            let w1 = word(words, 1)?;
            n = 2;
            mods.form = VopForm::Dpp8;
            mods.dpp = Dpp { fi: src0 == 0xEA, sel8: w1 >> 8, ..Default::default() };
            src0 = 256 + bits(w1, 7, 0) as u16;
        }
        0xF9 if !target.is_gfx11() => {
            let w1 = word(words, 1)?;
            n = 2;
            mods.form = VopForm::Sdwa;
            let vopc = class == Class::Vopc;
            mods.sdwa = Sdwa {
                dst_sel: if vopc { 6 } else { bits(w1, 10, 8) as u8 },
                dst_unused: if vopc { 0 } else { bits(w1, 12, 11) as u8 },
                src0_sel: bits(w1, 18, 16) as u8,
                src1_sel: bits(w1, 26, 24) as u8,
                src0_sext: bits(w1, 19, 19) != 0,
                src1_sext: bits(w1, 27, 27) != 0,
                sd: vopc && bits(w1, 15, 15) != 0,
            };
            if !vopc {
                mods.clamp = bits(w1, 13, 13) != 0;
                mods.omod = bits(w1, 15, 14) as u8;
            }
            mods.neg = (bits(w1, 20, 20) | (bits(w1, 28, 28) << 1)) as u8;
            mods.abs = (bits(w1, 21, 21) | (bits(w1, 29, 29) << 1)) as u8;
            sdwa_sgpr = [bits(w1, 23, 23) != 0, bits(w1, 31, 31) != 0];
            let s0 = bits(w1, 7, 0) as u16;
            src0 = if sdwa_sgpr[0] { s0 } else { 256 + s0 };
            // VOPC SDWA explicit destination
            mods.simm16 = bits(w1, 14, 8) as u16;
        }
        255 => {
            literal = Some(word(words, 1)?);
            n = 2;
        }
        _ => {}
    }
    if has_k && literal.is_none() {
        literal = Some(word(words, n)?);
        n += 1;
    }
    let mut operands = Vec::with_capacity(info.operands.len());
    for spec in &info.operands {
        let o = match spec.field {
            Field::Vdst => {
                let r = bits(w, 24, 17) as u16;
                if spec.kind == 's' {
                    scalar_reg(r, spec.width, target, true)
                } else {
                    Operand::Vgpr { reg: r, width: spec.width }
                }
            }
            Field::Src0 => source(src0, spec.width, target, literal),
            Field::Vsrc1 => {
                let r = bits(w, 16, 9) as u16;
                if mods.form == VopForm::Sdwa && sdwa_sgpr[1] {
                    scalar_reg(r, spec.width, target, false)
                } else {
                    Operand::Vgpr { reg: r, width: spec.width }
                }
            }
            Field::K => Operand::Literal(literal.unwrap_or(0)),
            _ => {
                if mods.form == VopForm::Sdwa && mods.sdwa.sd && spec.text == "vcc_lo" && operands.is_empty() {
                    scalar_reg(mods.simm16, 1, target, true)
                } else {
                    Operand::Text(spec.text)
                }
            }
        };
        operands.push(o);
    }
    Ok(Instruction { class, target, info, operands, mods, words: n, vopd_y: None })
}

/// Fills source operands 0..3 (and destinations) of a VOP3/VOP3P instruction.
fn vop3_operands(
    info: &'static OpInfo,
    w0: u32,
    w1: u32,
    target: Target,
    literal: Option<u32>,
    src0_override: Option<u16>,
) -> Vec<Operand> {
    let mut operands = Vec::with_capacity(info.operands.len());
    let src = [
        src0_override.unwrap_or(bits(w1, 8, 0) as u16),
        bits(w1, 17, 9) as u16,
        bits(w1, 26, 18) as u16,
    ];
    for spec in &info.operands {
        let o = match spec.field {
            Field::Vdst => {
                let r = bits(w0, 7, 0) as u16;
                if spec.kind == 's' {
                    scalar_reg(r, spec.width, target, true)
                } else {
                    Operand::Vgpr { reg: r, width: spec.width }
                }
            }
            Field::Sdst => scalar_reg(bits(w0, 14, 8) as u16, spec.width, target, true),
            Field::Src0 => source(src[0], spec.width, target, literal),
            Field::Src1 => source(src[1], spec.width, target, literal),
            Field::Src2 => source(src[2], spec.width, target, literal),
            Field::K => Operand::Literal(literal.unwrap_or(0)),
            _ => Operand::Text(spec.text),
        };
        operands.push(o);
    }
    operands
}

fn uses_literal(info: &OpInfo, w1: u32) -> bool {
    [(Field::Src0, bits(w1, 8, 0)), (Field::Src1, bits(w1, 17, 9)), (Field::Src2, bits(w1, 26, 18))]
        .iter()
        .any(|&(f, c)| c == 255 && info.operand(f).is_some())
}

fn decode_vop3(words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w0 = words[0];
    let w1 = word(words, 1)?;
    let op = bits(w0, 25, 16) as u16;
    let info = lookup(target, Table::Vop3, op).ok_or(DecodeError::UnknownOpcode(Class::Vop3, op))?;
    let vop3b = info.operand(Field::Sdst).is_some();
    let mut mods = Modifiers {
        neg: bits(w1, 31, 29) as u8,
        omod: bits(w1, 28, 27) as u8,
        clamp: bits(w0, 15, 15) != 0,
        ..Default::default()
    };
    if !vop3b {
        mods.abs = bits(w0, 10, 8) as u8;
        mods.op_sel = bits(w0, 14, 11) as u8;
    }
    let mut n = 2;
    let mut literal = None;
    let mut src0_override = None;
    let src0 = bits(w1, 8, 0);
    if target.is_gfx11() && (src0 == 0xFA || src0 == 0xE9 || src0 == 0xEA) && info.operand(Field::Src0).is_some() {
        let w2 = word(words, 2)?;
        n = 3;
        if src0 == 0xFA {
            mods.form = VopForm::Dpp;
            mods.dpp = Dpp {
                ctrl: bits(w2, 16, 8) as u16,
                fi: bits(w2, 18, 18) != 0,
                bound_ctrl: bits(w2, 19, 19) != 0,
                bank_mask: bits(w2, 27, 24) as u8,
                row_mask: bits(w2, 31, 28) as u8,
                sel8: 0,
            };
        } else {
            mods.form = VopForm::Dpp8;
            mods.dpp = Dpp { fi: src0 == 0xEA, sel8: w2 >> 8, ..Default::default() };
        }
        src0_override = Some(256 + bits(w2, 7, 0) as u16);
    } else if uses_literal(info, w1) {
        literal = Some(word(words, 2)?);
        n = 3;
    }
    let operands = vop3_operands(info, w0, w1, target, literal, src0_override);
    Ok(Instruction { class: Class::Vop3, target, info, operands, mods, words: n, vopd_y: None })
}

fn decode_vop3p(words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w0 = words[0];
    let w1 = word(words, 1)?;
    let op = bits(w0, 22, 16) as u16;
    let info = lookup(target, Table::Vop3p, op).ok_or(DecodeError::UnknownOpcode(Class::Vop3p, op))?;
    let mods = Modifiers {
        neg: bits(w1, 31, 29) as u8,
        abs: bits(w0, 10, 8) as u8,
        op_sel: bits(w0, 13, 11) as u8,
        op_sel_hi: (bits(w1, 28, 27) | (bits(w0, 14, 14) << 2)) as u8,
        clamp: bits(w0, 15, 15) != 0,
        ..Default::default()
    };
    let (literal, n) = if uses_literal(info, w1) { (Some(word(words, 2)?), 3) } else { (None, 2) };
    let operands = vop3_operands(info, w0, w1, target, literal, None);
    Ok(Instruction { class: Class::Vop3p, target, info, operands, mods, words: n, vopd_y: None })
}

fn decode_vopd(words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w0 = words[0];
    let w1 = word(words, 1)?;
    let opx = bits(w0, 25, 22) as u16;
    let opy = bits(w0, 21, 17) as u16;
    let ix = lookup(target, Table::VopdX, opx).ok_or(DecodeError::UnknownOpcode(Class::Vopd, opx))?;
    let iy = lookup(target, Table::VopdY, opy).ok_or(DecodeError::UnknownOpcode(Class::Vopd, 0x100 | opy))?;
    let src0x = bits(w0, 8, 0) as u16;
    let src0y = bits(w1, 8, 0) as u16;
    let needs_lit = src0x == 255
        || src0y == 255
        || ix.operand(Field::K).is_some()
        || iy.operand(Field::K).is_some();
    let (literal, n) = if needs_lit { (Some(word(words, 2)?), 3) } else { (None, 2) };
    let vdstx = bits(w1, 31, 24) as u16;
    let vdsty = (bits(w1, 23, 17) << 1) as u16 | ((vdstx & 1) ^ 1);
    let half = |info: &'static OpInfo, vdst: u16, src0: u16, vsrc1: u16| -> Vec<Operand> {
        info.operands
            .iter()
            .map(|spec| match spec.field {
                Field::Vdst => Operand::Vgpr { reg: vdst, width: spec.width },
                Field::Src0 => source(src0, spec.width, target, literal),
                Field::Vsrc1 => Operand::Vgpr { reg: vsrc1, width: spec.width },
                Field::K => Operand::Literal(literal.unwrap_or(0)),
                _ => Operand::Text(spec.text),
            })
            .collect()
    };
    let y = Instruction {
        class: Class::Vopd,
        target,
        info: iy,
        operands: half(iy, vdsty, src0y, bits(w1, 16, 9) as u16),
        mods: Modifiers::default(),
        words: n,
        vopd_y: None,
    };
    Ok(Instruction {
        class: Class::Vopd,
        target,
        info: ix,
        operands: half(ix, vdstx, src0x, bits(w0, 16, 9) as u16),
        mods: Modifiers::default(),
        words: n,
        vopd_y: Some(Box::new(y)),
    })
}
