//! Scalar ALU encodings: SOP1, SOP2, SOPC, SOPK, SOPP (one 32-bit word, plus a literal).

use crate::encoding::Class;
use crate::opcodes::{Field, Table, lookup};
use crate::operand::{Operand, scalar_reg, source};
use crate::{DecodeError, Instruction, Modifiers, Target, bits, word};

pub(crate) fn decode(class: Class, words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w = words[0];
    let (table, op) = match class {
        Class::Sop2 => (Table::Sop2, bits(w, 29, 23)),
        Class::Sop1 => (Table::Sop1, bits(w, 15, 8)),
        Class::Sopc => (Table::Sopc, bits(w, 22, 16)),
        Class::Sopk => (Table::Sopk, bits(w, 27, 23)),
        _ => (Table::Sopp, bits(w, 22, 16)),
    };
    let info = lookup(target, table, op as u16).ok_or(DecodeError::UnknownOpcode(class, op as u16))?;
    let mut n = 1;
    let mut operands = Vec::with_capacity(info.operands.len());
    // SOPK s_setreg_imm32_b32 always carries a literal.
    let mut literal = None;
    if info.words == 2 && matches!(class, Class::Sopk) {
        literal = Some(word(words, 1)?);
        n = 2;
    }
    let ssrc = [bits(w, 7, 0), bits(w, 15, 8)];
    if ssrc.iter().enumerate().any(|(i, &c)| {
        c == 255 && info.operand(if i == 0 { Field::Ssrc0 } else { Field::Ssrc1 }).is_some()
    }) {
        literal = Some(word(words, 1)?);
        n = 2;
    }
    for spec in &info.operands {
        let o = match spec.field {
            Field::Sdst => scalar_reg(bits(w, 22, 16) as u16, spec.width, target, true),
            Field::Ssrc0 => source(ssrc[0] as u16, spec.width, target, literal),
            Field::Ssrc1 => source(ssrc[1] as u16, spec.width, target, literal),
            Field::K => Operand::Literal(literal.unwrap_or(0)),
            // the 16-bit immediate of SOPP/SOPK
            _ => {
                let simm = (w & 0xFFFF) as u16;
                let n = info.name;
                if n == "s_branch" || n.starts_with("s_cbranch_") || n == "s_call_b64" {
                    Operand::Label(simm as i16)
                } else {
                    Operand::Imm(simm as i64)
                }
            }
        };
        operands.push(o);
    }
    let mods = Modifiers { simm16: (w & 0xFFFF) as u16, ..Default::default() };
    Ok(Instruction { class, target, info, operands, mods, words: n, vopd_y: None })
}
