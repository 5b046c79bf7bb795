//! AMDGCN instruction decoder for gfx1030 (RDNA2) and gfx1100 (RDNA3, including VOPD
//! dual-issue and WMMA).
//!
//! [`decode`] turns machine words into a typed [`Instruction`]: its encoding class, its
//! opcode (an entry of the per-target [`OpInfo`] table), resolved operands and modifiers.
//! `Instruction`'s `Display` prints exactly what `llvm-objdump-15 -d --mcpu=<target>`
//! prints for it, which is how the decoder is checked (see `examples/diffsweep.rs`).
//!
//! The opcode tables come from `facts/<target>.txt`, written by `tools/probe.py`.

pub mod corpus;
mod ds;
pub mod encoding;
mod mem;
pub mod opcodes;
pub mod operand;
mod print;
mod sop;
mod vop;

pub use encoding::Class;
pub use opcodes::{Field, OpInfo, OpndSpec, Style};
pub use operand::{Operand, Special};

/// The processor a code object was built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// RDNA2.
    Gfx1030,
    /// RDNA3.
    Gfx1100,
}

impl Target {
    pub fn is_gfx11(self) -> bool {
        self == Target::Gfx1100
    }
    /// The `--mcpu` name.
    pub fn name(self) -> &'static str {
        match self {
            Target::Gfx1030 => "gfx1030",
            Target::Gfx1100 => "gfx1100",
        }
    }
}

/// Why words did not decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Fewer words than the encoding needs.
    Truncated,
    /// The encoding class is one this decoder does not handle (MIMG, EXP, ...).
    UnsupportedClass(Class),
    /// No such opcode in this class on this target.
    UnknownOpcode(Class, u16),
    /// A field holds a value the encoding does not allow.
    Invalid(&'static str),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Truncated => write!(f, "instruction runs past the end of the code"),
            DecodeError::UnsupportedClass(c) => write!(f, "unsupported encoding class {c:?}"),
            DecodeError::UnknownOpcode(c, op) => write!(f, "unknown {c:?} opcode {op:#x}"),
            DecodeError::Invalid(why) => write!(f, "invalid encoding: {why}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Variant of the encoding a VOP1/VOP2/VOPC/VOP3 instruction used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum VopForm {
    #[default]
    Plain,
    /// DPP16: the second word holds the lane control.
    Dpp,
    /// DPP8 (`dpp8:[...]`), with `fi` from the src0 code.
    Dpp8,
    /// SDWA (gfx1030 only).
    Sdwa,
}

/// DPP controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Dpp {
    /// DPP16 `dpp_ctrl` (quad_perm, row shifts, ...).
    pub ctrl: u16,
    pub row_mask: u8,
    pub bank_mask: u8,
    pub bound_ctrl: bool,
    pub fi: bool,
    /// DPP8 lane selects, 3 bits each.
    pub sel8: u32,
}

/// SDWA selects (gfx1030).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sdwa {
    pub dst_sel: u8,
    pub dst_unused: u8,
    pub src0_sel: u8,
    pub src1_sel: u8,
    pub src0_sext: bool,
    pub src1_sext: bool,
    /// VOPC SDWA: explicit SGPR destination present.
    pub sd: bool,
}

/// Modifiers; which are meaningful depends on the class and opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Modifiers {
    /// Per source bit masks (bit i = source i). VOP3P: `neg` = neg_lo.
    pub neg: u8,
    /// VOP3: abs; VOP3P: neg_hi.
    pub abs: u8,
    pub clamp: bool,
    /// 0 none, 1 ×2, 2 ×4, 3 ÷2.
    pub omod: u8,
    /// VOP3 op_sel (bits 0-2 sources, bit 3 destination); VOP3P op_sel.
    pub op_sel: u8,
    /// VOP3P op_sel_hi.
    pub op_sel_hi: u8,
    pub form: VopForm,
    pub dpp: Dpp,
    pub sdwa: Sdwa,
    /// Memory: byte offset (DS: offset0 | offset1 << 8 for the two-address forms).
    pub offset: i32,
    pub glc: bool,
    pub slc: bool,
    pub dlc: bool,
    pub gds: bool,
    pub offen: bool,
    pub idxen: bool,
    pub lds: bool,
    pub tfe: bool,
    /// SOPP/SOPK 16-bit immediate (branch offsets in words, waitcnt fields, ...).
    pub simm16: u16,
}

/// One decoded instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    pub class: Class,
    pub target: Target,
    /// The opcode: name, operand layout, modifier capabilities.
    pub info: &'static OpInfo,
    /// Operands in printed (LLVM assembly) order; `operands[i]` belongs to `info.operands[i]`.
    pub operands: Vec<Operand>,
    pub mods: Modifiers,
    /// Words used, literal included.
    pub words: usize,
    /// VOPD: the Y half (the X half is this instruction).
    pub vopd_y: Option<Box<Instruction>>,
}

/// The counters of an `s_waitcnt` (each at its maximum when not waited for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waitcnt {
    pub vmcnt: u8,
    pub expcnt: u8,
    pub lgkmcnt: u8,
}

impl Waitcnt {
    /// Splits an `s_waitcnt` immediate (the field layout differs between gfx10 and gfx11).
    pub fn from_simm16(v: u16, target: Target) -> Waitcnt {
        if target.is_gfx11() {
            Waitcnt { vmcnt: (v >> 10 & 0x3F) as u8, expcnt: (v & 7) as u8, lgkmcnt: (v >> 4 & 0x3F) as u8 }
        } else {
            Waitcnt {
                vmcnt: ((v & 0xF) | (v >> 14 & 3) << 4) as u8,
                expcnt: (v >> 4 & 7) as u8,
                lgkmcnt: (v >> 8 & 0x3F) as u8,
            }
        }
    }
}

impl Instruction {
    /// `s_waitcnt`'s counters.
    pub fn waitcnt(&self) -> Option<Waitcnt> {
        (self.class == Class::Sopp && self.info.name == "s_waitcnt")
            .then(|| Waitcnt::from_simm16(self.mods.simm16, self.target))
    }

    /// Branch offset in words from the next instruction (`s_branch`, `s_cbranch_*`,
    /// `s_call_b64`).
    pub fn branch_offset(&self) -> Option<i16> {
        let n = self.info.name;
        let is_branch = (self.class == Class::Sopp && (n == "s_branch" || n.starts_with("s_cbranch_")))
            || (self.class == Class::Sopk && n == "s_call_b64");
        is_branch.then_some(self.mods.simm16 as i16)
    }

    /// The LLVM mnemonic as printed (with `_e32`/`_e64`/`_dpp`/`_sdwa` where LLVM adds it).
    pub fn mnemonic(&self) -> String {
        print::mnemonic(self)
    }
}

/// Decodes the instruction at `words[0]`; returns it and the number of words it used.
pub fn decode(words: &[u32], target: Target) -> Result<(Instruction, usize), DecodeError> {
    let w0 = *words.first().ok_or(DecodeError::Truncated)?;
    let class = encoding::classify(w0, target);
    let inst = match class {
        Class::Sop1 | Class::Sop2 | Class::Sopc | Class::Sopk | Class::Sopp => sop::decode(class, words, target)?,
        Class::Smem => mem::decode_smem(words, target)?,
        Class::Vop1 | Class::Vop2 | Class::Vopc | Class::Vop3 | Class::Vop3p | Class::Vopd => {
            vop::decode(class, words, target)?
        }
        Class::Ds => ds::decode(words, target)?,
        Class::Flat | Class::Mubuf => mem::decode_vmem(class, words, target)?,
        other => return Err(DecodeError::UnsupportedClass(other)),
    };
    let n = inst.words;
    Ok((inst, n))
}

/// Word `i` of `words`, or `Truncated`.
pub(crate) fn word(words: &[u32], i: usize) -> Result<u32, DecodeError> {
    words.get(i).copied().ok_or(DecodeError::Truncated)
}

/// Bits `hi..=lo` of `w`.
pub(crate) fn bits(w: u32, hi: u32, lo: u32) -> u32 {
    (w >> lo) & ((1u64 << (hi - lo + 1)) - 1) as u32
}
