//! Per-target opcode tables, read from `facts/<target>.txt` (written by `tools/probe.py`).
//!
//! A facts line is `CLASS 0xOP mnemonic words operands... [| flags...]`; an operand is
//! `field:kind:width[:style]` (a register field, `kind` v or s) or `=token` (fixed text:
//! an implicit `vcc_lo`, the literal `K` of fmamk/fmaak, ...). Flags name the modifiers
//! the opcode prints (`abs0`, `neg1`, `clamp`, `omod`, `os0`..`os3`, VOP3P `nlo*`, `nhi*`,
//! `oh*`); a flag ending in `=x` means setting that bit makes the word undecodable.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::Target;

/// Which opcode table (finer than the encoding class: FLAT's segments, VOPD's halves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    Sop1,
    Sop2,
    Sopc,
    Sopk,
    Sopp,
    Smem,
    Vop1,
    Vop2,
    Vopc,
    Vop3,
    Vop3p,
    Ds,
    Flat,
    Scratch,
    Global,
    Mubuf,
    VopdX,
    VopdY,
}

/// The encoding field an operand comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Sdst,
    Ssrc0,
    Ssrc1,
    Sdata,
    Sbase,
    Soffset,
    Vdst,
    Src0,
    Vsrc1,
    Src1,
    Src2,
    Addr,
    Data0,
    Data1,
    Data,
    Saddr,
    Vaddr,
    Vdata,
    Srsrc,
    /// Fixed text printed as is (`vcc_lo`, `off`, ...), or an immediate printed by the class.
    Fixed,
    /// The 32-bit literal constant of fmamk/fmaak-style opcodes.
    K,
}

/// How an inline constant or literal in this operand prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// 32-bit (integer or float: LLVM prints both alike).
    #[default]
    B32,
    /// 64-bit.
    B64,
    /// 16-bit float.
    F16,
    /// 16-bit integer (inline floats print as their half bits in hex).
    I16,
    /// Takes no constant.
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpndSpec {
    pub field: Field,
    /// 'v', 's' (or 't' for ttmp), or '=' for fixed text.
    pub kind: char,
    /// Width in dwords.
    pub width: u8,
    pub style: Style,
    /// The fixed text (Field::Fixed).
    pub text: &'static str,
}

/// One opcode of one table.
#[derive(Debug, PartialEq, Eq)]
pub struct OpInfo {
    pub table: Table,
    pub op: u16,
    /// Mnemonic as LLVM prints it for this table's encoding.
    pub name: &'static str,
    /// Words of the encoding as probed (literal included where the opcode has `K`).
    pub words: u8,
    pub operands: Vec<OpndSpec>,
    /// Modifier flags (see the module text).
    pub flags: Vec<&'static str>,
}

impl OpInfo {
    pub fn has(&self, flag: &str) -> bool {
        self.flags.contains(&flag)
    }
    pub fn operand(&self, f: Field) -> Option<&OpndSpec> {
        self.operands.iter().find(|o| o.field == f)
    }
    /// Name of the same opcode in another table with an `_e32` → `_e64` style suffix swap.
    pub fn base_name(&self) -> &'static str {
        self.name
            .strip_suffix("_e32")
            .or_else(|| self.name.strip_suffix("_e64"))
            .unwrap_or(self.name)
    }
}

/// All tables of one target.
pub struct Tables {
    pub ops: HashMap<(Table, u16), OpInfo>,
    /// Printed names of 8-bit scalar operand codes, 32-bit and 64-bit (source side).
    pub src_names: [HashMap<u16, &'static str>; 2],
    /// Same for destinations (7-bit codes).
    pub dst_names: [HashMap<u16, &'static str>; 2],
    /// `hwreg(...)` names by register id.
    pub hwreg: HashMap<u16, &'static str>,
    /// `s_sendmsg` operand text by immediate (commas without spaces).
    pub sendmsg: HashMap<u16, &'static str>,
}

static GFX1030: OnceLock<Tables> = OnceLock::new();
static GFX1100: OnceLock<Tables> = OnceLock::new();

/// The tables of `target`.
pub fn tables(target: Target) -> &'static Tables {
    match target {
        Target::Gfx1030 => GFX1030.get_or_init(|| parse(include_str!("../facts/gfx1030.txt"))),
        // LLVM 15's table, then the true16 opcodes it lacks (see that file's header).
        Target::Gfx1100 => GFX1100.get_or_init(|| parse(concat!(include_str!("../facts/gfx1100.txt"), include_str!("../facts/gfx1100-true16.txt")))),
    }
}

/// Looks up one opcode.
pub fn lookup(target: Target, table: Table, op: u16) -> Option<&'static OpInfo> {
    tables(target).ops.get(&(table, op))
}

fn table_of(s: &str) -> Option<Table> {
    Some(match s {
        "SOP1" => Table::Sop1,
        "SOP2" => Table::Sop2,
        "SOPC" => Table::Sopc,
        "SOPK" => Table::Sopk,
        "SOPP" => Table::Sopp,
        "SMEM" => Table::Smem,
        "VOP1" => Table::Vop1,
        "VOP2" => Table::Vop2,
        "VOPC" => Table::Vopc,
        "VOP3" => Table::Vop3,
        "VOP3P" => Table::Vop3p,
        "DS" => Table::Ds,
        "FLAT" => Table::Flat,
        "SCRATCH" => Table::Scratch,
        "GLOBAL" => Table::Global,
        "MUBUF" => Table::Mubuf,
        "VOPDX" => Table::VopdX,
        "VOPDY" => Table::VopdY,
        _ => return None,
    })
}

fn field_of(s: &str) -> Field {
    match s {
        "sdst" => Field::Sdst,
        "ssrc0" => Field::Ssrc0,
        "ssrc1" => Field::Ssrc1,
        "sdata" => Field::Sdata,
        "sbase" => Field::Sbase,
        "soffset" => Field::Soffset,
        "vdst" | "vdstx" | "vdsty" => Field::Vdst,
        "src0" | "src0x" | "src0y" => Field::Src0,
        "vsrc1" | "vsrc1x" | "vsrc1y" => Field::Vsrc1,
        "src1" => Field::Src1,
        "src2" => Field::Src2,
        "addr" => Field::Addr,
        "data0" => Field::Data0,
        "data1" => Field::Data1,
        "data" => Field::Data,
        "saddr" => Field::Saddr,
        "vaddr" => Field::Vaddr,
        "vdata" => Field::Vdata,
        "srsrc" => Field::Srsrc,
        _ => Field::Fixed,
    }
}

fn style_of(s: &str) -> Style {
    match s {
        "b32" => Style::B32,
        "b64" => Style::B64,
        "f16" => Style::F16,
        "i16" => Style::I16,
        _ => Style::None,
    }
}

fn parse_operand(tok: &'static str) -> OpndSpec {
    if let Some(text) = tok.strip_prefix('=') {
        let field = if text == "K" { Field::K } else { Field::Fixed };
        return OpndSpec { field, kind: '=', width: 1, style: Style::B32, text };
    }
    let mut it = tok.split(':');
    let field = field_of(it.next().unwrap_or(""));
    let kind = match it.next().unwrap_or("v") {
        "s" => 's',
        "ttmp" => 't',
        _ => 'v',
    };
    let width = it.next().and_then(|w| w.parse().ok()).unwrap_or(1);
    let style = it.next().map(style_of).unwrap_or(Style::B32);
    OpndSpec { field, kind, width, style, text: "" }
}

fn parse(text: &'static str) -> Tables {
    let mut t = Tables {
        ops: HashMap::new(),
        src_names: [HashMap::new(), HashMap::new()],
        dst_names: [HashMap::new(), HashMap::new()],
        hwreg: HashMap::new(),
        sendmsg: HashMap::new(),
    };
    for line in text.lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let (main, flags) = match line.split_once(" | ") {
            Some((m, f)) => (m, f),
            None => (line, ""),
        };
        let mut it = main.split(' ');
        let head = it.next().unwrap_or("");
        let names = match head {
            "REG1" => Some(&mut t.src_names[0]),
            "REG2" => Some(&mut t.src_names[1]),
            "DST1" => Some(&mut t.dst_names[0]),
            "DST2" => Some(&mut t.dst_names[1]),
            "HWREG" => Some(&mut t.hwreg),
            "SENDMSG" => Some(&mut t.sendmsg),
            _ => None,
        };
        if let Some(map) = names {
            let code: u16 = it.next().and_then(|c| c.parse().ok()).unwrap_or(0);
            if let Some(name) = it.next() {
                map.insert(code, name);
            }
            continue;
        }
        let Some(table) = table_of(head) else { continue };
        let op = it
            .next()
            .and_then(|o| u16::from_str_radix(o.trim_start_matches("0x"), 16).ok())
            .unwrap_or(0);
        let name = it.next().unwrap_or("");
        let words = it.next().and_then(|w| w.parse().ok()).unwrap_or(1);
        let operands = it.filter(|o| *o != "-").map(parse_operand).collect();
        let flags = flags.split(' ').filter(|f| !f.is_empty()).collect();
        t.ops.insert((table, op), OpInfo { table, op, name, words, operands, flags });
    }
    t
}
