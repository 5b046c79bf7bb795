//! The instruction form the interpreter executes: one decoded instruction, named by its
//! LLVM mnemonic (encoding suffix stripped), with resolved operands. A decoder produces
//! it from machine words; tests write it by hand. It is also the form a later SPIR-V
//! lowering consumes: registers explicit, EXEC-predicated vector ops, wave-uniform
//! branches with byte offsets.

/// An operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Opnd {
    #[default]
    None,
    /// SGPR s[n] (the first of a pair/quad for wider operands).
    S(u16),
    /// VGPR v[n].
    V(u16),
    Vcc,
    Exec,
    M0,
    Scc,
    /// The null destination (results discarded) / zero source.
    Null,
    /// An inline constant or literal, as 32 bits (64-bit ops extend it as the ISA does).
    Imm(u32),
    /// A 64-bit inline constant (f64 inline floats).
    Imm64(u64),
}

/// Source modifiers of VOP3 forms (per source bit masks) and the output modifiers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    pub neg: u8,
    pub abs: u8,
    pub clamp: bool,
    /// 0 none, 1 ×2, 2 ×4, 3 ÷2.
    pub omod: u8,
    /// VOP3 op_sel (bits 0-2 sources, bit 3 destination) / VOP3P op_sel.
    pub op_sel: u8,
    /// VOP3P op_sel_hi.
    pub op_sel_hi: u8,
    /// VOP3P neg_hi (VOP3P's `neg` is neg_lo).
    pub neg_hi: u8,
}

/// Addressing and cache bits of buffer and flat memory instructions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemBits {
    /// MUBUF: a VGPR offset is present.
    pub offen: bool,
    /// MUBUF: a VGPR index is present.
    pub idxen: bool,
    /// Atomics: return the pre-op value.
    pub glc: bool,
}

/// How a vector instruction's lanes see their first source and write their result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LaneSel {
    #[default]
    Plain,
    /// DPP16: src0 from the lane `ctrl` names; writes limited by the row and bank masks.
    Dpp16 { ctrl: u16, row_mask: u8, bank_mask: u8, bound_ctrl: bool, fi: bool },
    /// DPP8: src0 from lane `sel[l % 8]` of each group of 8 (3 bits per lane).
    Dpp8 { sel: u32, fi: bool },
    /// SDWA (gfx10): byte/word selects of the sources and the destination.
    Sdwa { dst_sel: u8, dst_unused: u8, src0_sel: u8, src1_sel: u8, src0_sext: bool, src1_sext: bool },
}

/// One instruction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inst {
    pub name: &'static str,
    pub dst: Opnd,
    /// Second destination: carry-out / compare mask (VOP3b `sdst`), or a saved EXEC.
    pub dst2: Opnd,
    /// Sources in assembly order (MUBUF: vaddr, data, srsrc, soffset; FLAT/GLOBAL/
    /// SCRATCH: addr, data, saddr).
    pub src: [Opnd; 4],
    /// Memory offset (bytes; DS two-address forms: offset0 | offset1 << 8), branch offset
    /// (in 4-byte words, from the next instruction), or a SOPP/SOPK immediate.
    pub offset: i32,
    pub mods: Mods,
    pub mem: MemBits,
    pub lanes: LaneSel,
    /// VOPD: the second half, issued with this one (the halves are independent).
    pub pair: Option<Box<Inst>>,
    /// Resolved when the program is laid out ([`crate::interp::Interp::new`]).
    pub fast: crate::fast::Fast,
    /// Resolved likewise: a store other waves read, where a wave may park for its
    /// workgroup's other waves ([`crate::catchup`]).
    pub shared_store: bool,
    /// Instruction length in bytes.
    pub len: u8,
}

impl Inst {
    /// A convenience for hand-written programs: name, destination, sources; 4 bytes long
    /// (8 when a literal is among the sources).
    pub fn new(name: &'static str, dst: Opnd, src: &[Opnd]) -> Inst {
        let mut s = [Opnd::None; 4];
        s[..src.len()].copy_from_slice(src);
        Inst { name, dst, src: s, len: 4, ..Default::default() }
    }
    pub fn dst2(mut self, d: Opnd) -> Inst {
        self.dst2 = d;
        self
    }
    pub fn offset(mut self, o: i32) -> Inst {
        self.offset = o;
        self
    }
    pub fn len(mut self, n: u8) -> Inst {
        self.len = n;
        self
    }
}
