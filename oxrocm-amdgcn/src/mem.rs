//! Memory encodings: SMEM (scalar loads), FLAT/GLOBAL/SCRATCH and MUBUF.
//!
//! Operands are stored in printed order: SMEM `sdata, sbase, soffset-or-offset`;
//! FLAT family `[vdst,] addr|off, [data,] [saddr|off]`; MUBUF `vdata, vaddr|off, srsrc,
//! soffset`. Offsets and cache bits live in the modifiers.

use crate::encoding::Class;
use crate::opcodes::{Field, Table, lookup};
use crate::operand::{Operand, scalar_reg, source};
use crate::{DecodeError, Instruction, Modifiers, Target, bits, word};

fn null_code(target: Target) -> u32 {
    if target.is_gfx11() { 124 } else { 125 }
}

pub(crate) fn decode_smem(words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w0 = words[0];
    let w1 = word(words, 1)?;
    let op = bits(w0, 25, 18) as u16;
    let info = lookup(target, Table::Smem, op).ok_or(DecodeError::UnknownOpcode(Class::Smem, op))?;
    let (glc, dlc) = if target.is_gfx11() {
        (bits(w0, 14, 14), bits(w0, 13, 13))
    } else {
        (bits(w0, 16, 16), bits(w0, 14, 14))
    };
    let mut offset = bits(w1, 20, 0) as i32;
    if offset & 0x10_0000 != 0 {
        offset -= 0x20_0000;
    }
    let soffset = bits(w1, 31, 25);
    let mut operands = Vec::new();
    for spec in &info.operands {
        match spec.field {
            Field::Sdata => operands.push(scalar_reg(bits(w0, 12, 6) as u16, spec.width, target, true)),
            Field::Sbase => operands.push(scalar_reg((bits(w0, 5, 0) << 1) as u16, spec.width, target, false)),
            _ => {
                // the offset position
                if soffset != null_code(target) || offset == 0 {
                    operands.push(scalar_reg(soffset as u16, 1, target, false));
                } else {
                    operands.push(Operand::Imm(offset as i64));
                }
            }
        }
    }
    let mods = Modifiers {
        offset: if soffset != null_code(target) { offset } else { 0 },
        glc: glc != 0,
        dlc: dlc != 0,
        ..Default::default()
    };
    Ok(Instruction { class: Class::Smem, target, info, operands, mods, words: 2, vopd_y: None })
}

fn sext(v: u32, nbits: u32) -> i32 {
    let sh = 32 - nbits;
    ((v << sh) as i32) >> sh
}

pub(crate) fn decode_vmem(class: Class, words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    match class {
        Class::Flat => decode_flat(words, target),
        _ => decode_mubuf(words, target),
    }
}

fn decode_flat(words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w0 = words[0];
    let w1 = word(words, 1)?;
    let g11 = target.is_gfx11();
    let op = bits(w0, 24, 18) as u16;
    let (seg, offset_raw, dlc, glc, slc, lds) = if g11 {
        (bits(w0, 17, 16), bits(w0, 12, 0), bits(w0, 13, 13), bits(w0, 14, 14), bits(w0, 15, 15), 0)
    } else {
        (bits(w0, 15, 14), bits(w0, 11, 0), bits(w0, 12, 12), bits(w0, 16, 16), bits(w0, 17, 17), bits(w0, 13, 13))
    };
    let table = match seg {
        0 => Table::Flat,
        1 => Table::Scratch,
        2 => Table::Global,
        _ => return Err(DecodeError::Invalid("FLAT segment 3")),
    };
    let info = lookup(target, table, op).ok_or(DecodeError::UnknownOpcode(Class::Flat, op))?;
    let offset = match (table, g11) {
        (Table::Flat, false) => offset_raw as i32,
        (Table::Flat, true) => (offset_raw & 0xFFF) as i32,
        (_, false) => sext(offset_raw, 12),
        (_, true) => sext(offset_raw, 13),
    };
    let addr = bits(w1, 7, 0) as u16;
    let data = bits(w1, 15, 8) as u16;
    let saddr = bits(w1, 22, 16);
    let sve = bits(w1, 23, 23) != 0;
    let vdst = bits(w1, 31, 24) as u16;
    let saddr_on = saddr != null_code(target) && (g11 || saddr != 0x7F);
    let spec_of = |f: Field| info.operand(f);
    let mut operands = Vec::new();
    let is_atomic = info.name.contains("atomic");
    let data_w = spec_of(Field::Data).map(|s| s.width).unwrap_or(1);
    if lds != 0 {
        // LDS-destination loads have no VGPR destination
    } else if let Some(s) = spec_of(Field::Vdst) {
        operands.push(Operand::Vgpr { reg: vdst, width: s.width });
    } else if is_atomic && glc != 0 {
        let w = if info.name.contains("cmpswap") { data_w / 2 } else { data_w };
        operands.push(Operand::Vgpr { reg: vdst, width: w.max(1) });
    }
    let has_addr = spec_of(Field::Addr).is_some() || table == Table::Scratch;
    let has_addr = has_addr && match table {
        Table::Scratch => if g11 { sve } else { !saddr_on },
        _ => true,
    };
    if has_addr {
        let w = if table == Table::Scratch || saddr_on { 1 } else { 2 };
        operands.push(Operand::Vgpr { reg: addr, width: w });
    } else if table == Table::Scratch || spec_of(Field::Addr).is_some() {
        operands.push(Operand::Text("off"));
    }
    if let Some(s) = spec_of(Field::Data) {
        operands.push(Operand::Vgpr { reg: data, width: s.width });
    }
    if table != Table::Flat {
        if saddr_on {
            let w = if table == Table::Global { 2 } else { 1 };
            operands.push(scalar_reg(saddr as u16, w, target, false));
        } else {
            operands.push(Operand::Text("off"));
        }
    }
    let mods = Modifiers {
        offset,
        glc: glc != 0,
        slc: slc != 0,
        dlc: dlc != 0,
        lds: lds != 0,
        ..Default::default()
    };
    Ok(Instruction { class: Class::Flat, target, info, operands, mods, words: 2, vopd_y: None })
}

fn decode_mubuf(words: &[u32], target: Target) -> Result<Instruction, DecodeError> {
    let w0 = words[0];
    let w1 = word(words, 1)?;
    let g11 = target.is_gfx11();
    let op = if g11 { bits(w0, 25, 18) } else { bits(w0, 24, 18) | (bits(w0, 25, 25) << 7) } as u16;
    let info = lookup(target, Table::Mubuf, op).ok_or(DecodeError::UnknownOpcode(Class::Mubuf, op))?;
    let mut m = Modifiers { offset: bits(w0, 11, 0) as i32, ..Default::default() };
    if g11 {
        m.slc = bits(w0, 12, 12) != 0;
        m.dlc = bits(w0, 13, 13) != 0;
        m.glc = bits(w0, 14, 14) != 0;
        m.tfe = bits(w1, 21, 21) != 0;
        m.offen = bits(w1, 22, 22) != 0;
        m.idxen = bits(w1, 23, 23) != 0;
    } else {
        m.offen = bits(w0, 12, 12) != 0;
        m.idxen = bits(w0, 13, 13) != 0;
        m.glc = bits(w0, 14, 14) != 0;
        m.dlc = bits(w0, 15, 15) != 0;
        m.lds = bits(w0, 16, 16) != 0;
        m.slc = bits(w1, 22, 22) != 0;
        m.tfe = bits(w1, 23, 23) != 0;
    }
    if info.operands.is_empty() {
        return Ok(Instruction { class: Class::Mubuf, target, info, operands: vec![], mods: m, words: 2, vopd_y: None });
    }
    let vaddr = bits(w1, 7, 0) as u16;
    let vdata = bits(w1, 15, 8) as u16;
    let srsrc = (bits(w1, 20, 16) << 2) as u16;
    let soffset = bits(w1, 31, 24) as u16;
    let mut operands = Vec::new();
    if m.lds {
        // LDS-destination loads have no VGPR data operand
    } else if let Some(s) = info.operand(Field::Vdata) {
        operands.push(Operand::Vgpr { reg: vdata, width: s.width });
    }
    if m.offen || m.idxen {
        let w = if m.offen && m.idxen { 2 } else { 1 };
        operands.push(Operand::Vgpr { reg: vaddr, width: w });
    } else {
        operands.push(Operand::Text("off"));
    }
    operands.push(scalar_reg(srsrc, 4, target, false));
    let literal = if soffset == 255 { Some(word(words, 2)?) } else { None };
    operands.push(source(soffset, 1, target, literal));
    let n = if literal.is_some() { 3 } else { 2 };
    Ok(Instruction { class: Class::Mubuf, target, info, operands, mods: m, words: n, vopd_y: None })
}
