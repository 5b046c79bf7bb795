//! Operands: registers, special registers, inline constants and literals, and how each
//! prints.

use crate::opcodes::{Style, tables};
use crate::Target;

/// Special scalar registers and read-only sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    VccLo,
    VccHi,
    Vcc,
    ExecLo,
    ExecHi,
    Exec,
    M0,
    Null,
    Scc,
    Vccz,
    Execz,
    LdsDirect,
    SharedBase,
    SharedLimit,
    PrivateBase,
    PrivateLimit,
    PopsExitingWaveId,
    /// Any other named code (printed by name).
    Other,
}

/// One operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    /// SGPRs `s[reg .. reg+width)`.
    Sgpr { reg: u16, width: u8 },
    /// Trap temporaries `ttmp[reg .. reg+width)`.
    Ttmp { reg: u16, width: u8 },
    /// VGPRs `v[reg .. reg+width)`.
    Vgpr { reg: u16, width: u8 },
    /// A special register; `code` is its 8-bit operand code, `width` in dwords.
    Special { which: Special, code: u16, width: u8 },
    /// Inline integer constant -16..=64.
    InlineInt(i8),
    /// Inline float constant by code 240..=248 (0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0,
    /// 1/(2π)), interpreted at the operand's size.
    InlineFloat(u8),
    /// 32-bit literal constant (the word after the instruction).
    Literal(u32),
    /// An immediate field (offsets, SOPK simm16, ...).
    Imm(i64),
    /// Branch target: signed offset in words from the next instruction.
    Label(i16),
    /// Fixed text (`off`, implicit `vcc_lo`, ...).
    Text(&'static str),
}

impl Operand {
    pub fn is_literal(&self) -> bool {
        matches!(self, Operand::Literal(_))
    }
}

fn special_of(name: &str) -> Special {
    match name {
        "vcc_lo" => Special::VccLo,
        "vcc_hi" => Special::VccHi,
        "vcc" => Special::Vcc,
        "exec_lo" => Special::ExecLo,
        "exec_hi" => Special::ExecHi,
        "exec" => Special::Exec,
        "m0" => Special::M0,
        "null" => Special::Null,
        "src_scc" => Special::Scc,
        "src_vccz" => Special::Vccz,
        "src_execz" => Special::Execz,
        "src_lds_direct" => Special::LdsDirect,
        "src_shared_base" => Special::SharedBase,
        "src_shared_limit" => Special::SharedLimit,
        "src_private_base" => Special::PrivateBase,
        "src_private_limit" => Special::PrivateLimit,
        "src_pops_exiting_wave_id" => Special::PopsExitingWaveId,
        _ => Special::Other,
    }
}

/// Alignment LLVM applies to SGPR tuples of `width` dwords.
fn sgpr_align(width: u8) -> u16 {
    match width {
        1 => 1,
        2 => 2,
        _ => 4,
    }
}

/// A scalar register code (0..=127) as an operand of `width` dwords.
pub fn scalar_reg(code: u16, width: u8, target: Target, dst: bool) -> Operand {
    if code < 106 {
        let reg = code & !(sgpr_align(width) - 1);
        return Operand::Sgpr { reg, width };
    }
    if (108..124).contains(&code) {
        let reg = (code - 108) & !(sgpr_align(width) - 1);
        return Operand::Ttmp { reg, width };
    }
    let t = tables(target);
    let names = if dst { &t.dst_names } else { &t.src_names };
    let name = names[(width.min(2) - 1) as usize].get(&code).copied().unwrap_or("");
    Operand::Special { which: special_of(name), code, width }
}

/// An 8- or 9-bit source code (`>= 256`: VGPR). `literal` is the literal word, if any.
pub fn source(code: u16, width: u8, target: Target, literal: Option<u32>) -> Operand {
    match code {
        256..=511 => Operand::Vgpr { reg: code - 256, width },
        0..=127 => scalar_reg(code, width, target, false),
        128..=192 => Operand::InlineInt((code - 128) as i8),
        193..=208 => Operand::InlineInt(-((code - 192) as i8)),
        240..=248 => Operand::InlineFloat(code as u8),
        255 => Operand::Literal(literal.unwrap_or(0)),
        _ => {
            let t = tables(target);
            let name = t.src_names[(width.clamp(1, 2) - 1) as usize].get(&code).copied().unwrap_or("");
            Operand::Special { which: special_of(name), code, width }
        }
    }
}

/// Register name for a width and base, `s5` / `s[4:5]`.
fn range(prefix: &str, reg: u16, width: u8, out: &mut String) {
    use std::fmt::Write;
    if width <= 1 {
        let _ = write!(out, "{prefix}{reg}");
    } else {
        let _ = write!(out, "{prefix}[{reg}:{}]", reg + width as u16 - 1);
    }
}

const F32_INLINE: [&str; 9] = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"];
const F16_BITS: [u16; 9] = [0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118];
const F32_BITS: [u32; 9] = [
    0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
];

/// Appends the operand as LLVM prints it, for an operand printed in `style`.
pub fn print_operand(op: &Operand, style: Style, target: Target, out: &mut String) {
    use std::fmt::Write;
    match *op {
        Operand::Sgpr { reg, width } => range("s", reg, width, out),
        Operand::Ttmp { reg, width } => range("ttmp", reg, width, out),
        Operand::Vgpr { reg, width } => range("v", reg, width, out),
        Operand::Special { code, width, .. } => {
            let t = tables(target);
            let name = t.src_names[(width.clamp(1, 2) - 1) as usize]
                .get(&code)
                .or_else(|| t.dst_names[(width.clamp(1, 2) - 1) as usize].get(&code))
                .copied()
                .unwrap_or("?");
            out.push_str(name);
        }
        Operand::InlineInt(v) => {
            let _ = write!(out, "{v}");
        }
        Operand::InlineFloat(code) => {
            let i = (code - 240) as usize;
            match style {
                Style::I16 => {
                    let _ = write!(out, "0x{:x}", F16_BITS[i]);
                }
                Style::B64 if code == 248 => out.push_str("0.15915494309189532"),
                _ => out.push_str(F32_INLINE[i]),
            }
        }
        Operand::Literal(v) => print_literal(v, style, out),
        Operand::Imm(v) => {
            let _ = write!(out, "{v}");
        }
        Operand::Label(v) => {
            let _ = write!(out, "{}", v as u16);
        }
        Operand::Text(t) => out.push_str(t),
    }
}

fn print_literal(v: u32, style: Style, out: &mut String) {
    use std::fmt::Write;
    match style {
        Style::F16 => {
            let s = v as u16 as i16;
            if v <= 0xffff && (-16..=64).contains(&s) {
                let _ = write!(out, "{s}");
            } else if let Some(i) = F16_BITS.iter().position(|&b| b as u32 == v) {
                out.push_str(F32_INLINE[i]);
            } else {
                let _ = write!(out, "0x{:x}", v & 0xFFFF);
            }
        }
        Style::I16 => {
            let s = v as u16 as i16;
            if (-16..=64).contains(&s) {
                let _ = write!(out, "{s}");
            } else {
                let _ = write!(out, "0x{:x}", v & 0xFFFF);
            }
        }
        Style::B64 => {
            if v <= 64 {
                let _ = write!(out, "{v}");
            } else {
                let _ = write!(out, "0x{v:x}");
            }
        }
        _ => {
            let s = v as i32;
            if (-16..=64).contains(&s) {
                let _ = write!(out, "{s}");
            } else if let Some(i) = F32_BITS.iter().position(|&b| b == v) {
                out.push_str(F32_INLINE[i]);
            } else {
                let _ = write!(out, "0x{v:x}");
            }
        }
    }
}
