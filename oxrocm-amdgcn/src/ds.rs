//! LDS/GDS instructions (DS, two words).

use crate::encoding::Class;
use crate::opcodes::{Field, Table, lookup};
use crate::operand::Operand;
use crate::{DecodeError, Instruction, Modifiers, Target, bits, word};

pub(crate) fn decode(words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w0 = words[0];
    let w1 = word(words, 1)?;
    let op = bits(w0, 25, 18) as u16;
    let info = lookup(target, Table::Ds, op).ok_or(DecodeError::UnknownOpcode(Class::Ds, op))?;
    let mut operands = Vec::with_capacity(info.operands.len());
    for spec in &info.operands {
        let reg = match spec.field {
            Field::Addr => bits(w1, 7, 0),
            Field::Data0 => bits(w1, 15, 8),
            Field::Data1 => bits(w1, 23, 16),
            Field::Vdst => bits(w1, 31, 24),
            _ => {
                operands.push(Operand::Text(spec.text));
                continue;
            }
        };
        operands.push(Operand::Vgpr { reg: reg as u16, width: spec.width });
    }
    let mods = Modifiers {
        offset: (w0 & 0xFFFF) as i32,
        gds: bits(w0, 17, 17) != 0,
        ..Default::default()
    };
    Ok(Instruction { class: Class::Ds, target, info, operands, mods, words: 2, vopd_y: None })
}
