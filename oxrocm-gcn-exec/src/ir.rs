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
}

/// One instruction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inst {
    pub name: &'static str,
    pub dst: Opnd,
    /// Second destination: carry-out / compare mask (VOP3b `sdst`), or a saved EXEC.
    pub dst2: Opnd,
    pub src: [Opnd; 3],
    /// Memory offset (bytes) or branch offset (in 4-byte words, from the next instruction).
    pub offset: i32,
    pub mods: Mods,
    /// Instruction length in bytes.
    pub len: u8,
}

impl Inst {
    /// A convenience for hand-written programs: name, destination, sources; 4 bytes long
    /// (8 when a literal is among the sources).
    pub fn new(name: &'static str, dst: Opnd, src: &[Opnd]) -> Inst {
        let mut s = [Opnd::None; 3];
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
