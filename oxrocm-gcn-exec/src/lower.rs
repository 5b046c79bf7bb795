//! From decoded machine instructions (`oxrocm-amdgcn`) to the interpreter's [`Inst`]:
//! the opcode named by its LLVM mnemonic without the encoding suffix, destinations and
//! sources in fixed slots, constants already widened the way the ISA widens them for the
//! operand's size, and a code section turned into a laid-out program.

use crate::dispatch::{PRIVATE_APERTURE, SHARED_APERTURE};
use crate::interp::Interp;
use crate::ir::{Inst, LaneSel, MemBits, Mods, Opnd};
use oxrocm_amdgcn::{Class, Field, Instruction, Operand, OpndSpec, Special, Style, Target, VopForm};
use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// Name of an instruction that did not decode; executing it traps with its address.
pub const UNDECODABLE: &str = "<undecodable>";

/// A `&'static` copy of `s`, shared by every caller with the same text (mnemonics are a
/// small closed set, so this holds at most a few hundred short strings).
pub(crate) fn intern(s: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut set = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(n) = set.get(s) {
        return n;
    }
    let n: &'static str = Box::leak(s.to_owned().into_boxed_str());
    set.insert(n);
    n
}

/// Values of the inline float constants 240..=248 (0.5, -0.5, 1, -1, 2, -2, 4, -4, 1/(2π)).
fn inline_float(code: u8, spec: Option<&OpndSpec>, wide: bool) -> Opnd {
    const F64: [f64; 8] = [0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0];
    let k = code.wrapping_sub(240) as usize;
    if wide {
        return Opnd::Imm64(F64.get(k).map_or(0x3fc4_5f30_6dc9_c882, |v| v.to_bits()));
    }
    if matches!(spec.map(|s| s.style), Some(Style::F16 | Style::I16)) {
        let bits = F64.get(k).map_or(0x3118, |&v| half::f16::from_f64(v).to_bits());
        return Opnd::Imm(bits as u32);
    }
    Opnd::Imm(F64.get(k).map_or(0x3e22_f983, |&v| (v as f32).to_bits()))
}

/// One operand as a source or destination of an instruction named `name`.
fn operand(o: &Operand, spec: Option<&OpndSpec>, name: &str) -> Opnd {
    let wide = spec.is_some_and(|s| s.width == 2);
    let float64 = wide && name.contains("_f64");
    match *o {
        Operand::Sgpr { reg, .. } => Opnd::S(reg),
        Operand::Vgpr { reg, .. } => Opnd::V(reg),
        // Trap temporaries belong to trap handlers, which never run here.
        Operand::Ttmp { .. } => Opnd::Null,
        Operand::Special { which, .. } => match which {
            Special::VccLo | Special::Vcc => Opnd::Vcc,
            Special::ExecLo | Special::Exec => Opnd::Exec,
            Special::M0 => Opnd::M0,
            Special::Scc => Opnd::Scc,
            // The upper halves of wave32's masks read as 0.
            Special::VccHi | Special::ExecHi | Special::Null => Opnd::Null,
            Special::SharedBase | Special::SharedLimit | Special::PrivateBase | Special::PrivateLimit => {
                let base = if matches!(which, Special::SharedBase | Special::SharedLimit) { SHARED_APERTURE } else { PRIVATE_APERTURE };
                let v = if matches!(which, Special::SharedLimit | Special::PrivateLimit) { base + 0xffff_ffff } else { base };
                if wide { Opnd::Imm64(v) } else { Opnd::Imm((v >> 32) as u32) }
            }
            _ => Opnd::Null,
        },
        Operand::InlineInt(v) => {
            if wide {
                Opnd::Imm64(v as i64 as u64)
            } else {
                Opnd::Imm(v as i32 as u32)
            }
        }
        Operand::InlineFloat(code) => inline_float(code, spec, wide),
        // A 32-bit literal for a 64-bit operand: the high half of an f64, else zero-extended.
        Operand::Literal(v) if float64 => Opnd::Imm64((v as u64) << 32),
        Operand::Literal(v) if wide => Opnd::Imm64(v as u64),
        Operand::Literal(v) => Opnd::Imm(v),
        Operand::Imm(v) => Opnd::Imm(v as u32),
        Operand::Text("vcc_lo" | "vcc") => Opnd::Vcc,
        Operand::Text("exec_lo" | "exec") => Opnd::Exec,
        Operand::Text(_) | Operand::Label(_) => Opnd::None,
    }
}

/// Fills `inst`'s slots from ALU operands in assembly order: destinations first, then
/// sources (an implicit `vcc_lo` before any source is a destination: VOPC's mask or VOP2's
/// carry-out; after one it is a source: carry-in or the cndmask select).
fn alu_operands(d: &Instruction, inst: &mut Inst) {
    let name = d.info.name;
    let mut nsrc = 0;
    let push_src = |inst: &mut Inst, nsrc: &mut usize, v: Opnd| {
        if *nsrc < 4 {
            inst.src[*nsrc] = v;
        }
        *nsrc += 1;
    };
    for (k, o) in d.operands.iter().enumerate() {
        let spec = d.info.operands.get(k);
        let field = spec.map_or(Field::Fixed, |s| s.field);
        let v = operand(o, spec, name);
        match field {
            Field::Vdst | Field::Sdst | Field::Sdata => {
                if inst.dst == Opnd::None {
                    inst.dst = v;
                } else {
                    inst.dst2 = v;
                }
            }
            Field::Fixed if matches!(o, Operand::Label(_)) => {
                if let Operand::Label(off) = o {
                    inst.offset = *off as i32;
                }
            }
            Field::Fixed if nsrc == 0 && matches!(v, Opnd::Vcc | Opnd::Exec) && d.class != Class::Sop2 && d.class != Class::Sop1 => {
                if inst.dst == Opnd::None {
                    inst.dst = v;
                } else {
                    inst.dst2 = v;
                }
            }
            _ => push_src(inst, &mut nsrc, v),
        }
    }
}

/// DS: vdst, addr, data0, data1.
fn ds_operands(d: &Instruction, inst: &mut Inst) {
    for (k, o) in d.operands.iter().enumerate() {
        let spec = d.info.operands.get(k);
        let v = operand(o, spec, d.info.name);
        match spec.map(|s| s.field) {
            Some(Field::Vdst) => inst.dst = v,
            Some(Field::Addr) => inst.src[0] = v,
            Some(Field::Data0) => inst.src[1] = v,
            Some(Field::Data1) => inst.src[2] = v,
            _ => {}
        }
    }
    inst.offset = d.mods.offset;
}

/// SMEM: sdata, sbase, then an SGPR offset (plus the immediate in the modifiers) or an
/// immediate offset.
fn smem_operands(d: &Instruction, inst: &mut Inst) {
    inst.offset = d.mods.offset;
    for (k, o) in d.operands.iter().enumerate() {
        let spec = d.info.operands.get(k);
        match spec.map(|s| s.field) {
            Some(Field::Sdata) => inst.dst = operand(o, spec, d.info.name),
            Some(Field::Sbase) => inst.src[0] = operand(o, spec, d.info.name),
            _ => match o {
                Operand::Imm(v) => inst.offset += *v as i32,
                o => inst.src[1] = operand(o, None, d.info.name),
            },
        }
    }
}

/// FLAT/GLOBAL/SCRATCH, as the decoder lays them out: [vdst] addr|off [data] [saddr|off].
fn flat_operands(d: &Instruction, inst: &mut Inst) {
    let info = d.info;
    let atomic = info.name.contains("atomic");
    let has_dst = !d.mods.lds && (info.operand(Field::Vdst).is_some() || (atomic && d.mods.glc));
    let mut ops = d.operands.iter();
    if has_dst {
        inst.dst = ops.next().map_or(Opnd::None, |o| operand(o, None, info.name));
    }
    inst.src[0] = ops.next().map_or(Opnd::None, |o| operand(o, None, info.name));
    if info.operand(Field::Data).is_some() {
        inst.src[1] = ops.next().map_or(Opnd::None, |o| operand(o, None, info.name));
    }
    inst.src[2] = ops.next().map_or(Opnd::None, |o| operand(o, None, info.name));
    inst.offset = d.mods.offset;
    inst.mem.glc = d.mods.glc;
}

/// MUBUF: [vdata] vaddr|off srsrc soffset → dst (loads, returning atomics), src[0] vaddr,
/// src[1] data (stores, atomics), src[2] srsrc, src[3] soffset.
fn mubuf_operands(d: &Instruction, inst: &mut Inst) {
    let info = d.info;
    let name = info.name;
    let mut ops = d.operands.iter();
    if !d.mods.lds && info.operand(Field::Vdata).is_some() {
        let v = ops.next().map_or(Opnd::None, |o| operand(o, None, name));
        if name.contains("_load_") {
            inst.dst = v;
        } else {
            inst.src[1] = v;
            if name.contains("atomic") && d.mods.glc {
                inst.dst = v;
            }
        }
    }
    inst.src[0] = ops.next().map_or(Opnd::None, |o| operand(o, None, name));
    inst.src[2] = ops.next().map_or(Opnd::None, |o| operand(o, None, name));
    inst.src[3] = ops.next().map_or(Opnd::None, |o| operand(o, None, name));
    inst.offset = d.mods.offset;
    inst.mem = MemBits { offen: d.mods.offen, idxen: d.mods.idxen, glc: d.mods.glc };
}

/// The interpreter's name for an opcode: the encoding suffix dropped, VOPD halves named
/// as their VOP2 forms.
fn base_name(d: &Instruction) -> &'static str {
    let n = d.info.base_name();
    match n.strip_prefix("v_dual_") {
        Some(rest) => intern(&format!("v_{rest}")),
        None => n,
    }
}

/// One decoded instruction in the interpreter's form.
pub fn lower(d: &Instruction) -> Inst {
    let m = &d.mods;
    let mut inst = Inst {
        name: base_name(d),
        len: (d.words * 4) as u8,
        mods: Mods { neg: m.neg, abs: m.abs, clamp: m.clamp, omod: m.omod, op_sel: m.op_sel, op_sel_hi: m.op_sel_hi, neg_hi: 0 },
        ..Default::default()
    };
    if d.class == Class::Vop3p {
        // VOP3P keeps neg_hi where VOP3 keeps abs.
        inst.mods.neg_hi = m.abs;
        inst.mods.abs = 0;
    }
    match d.class {
        Class::Ds => ds_operands(d, &mut inst),
        Class::Smem => smem_operands(d, &mut inst),
        Class::Flat => flat_operands(d, &mut inst),
        Class::Mubuf => mubuf_operands(d, &mut inst),
        Class::Sopp => {
            inst.offset = m.simm16 as i16 as i32;
            inst.src[0] = Opnd::Imm(m.simm16 as u32);
        }
        Class::Sopk if d.info.name.starts_with("s_setreg") => {
            // s_setreg_b32 hwreg, sN / s_setreg_imm32_b32 hwreg, K: the hwreg selector goes
            // to `offset`, the value to src[0].
            inst.offset = m.simm16 as i32;
            inst.src[0] = d.operands.iter().skip(1).map(|o| operand(o, None, d.info.name)).next().unwrap_or_default();
        }
        Class::Sopk => {
            alu_operands(d, &mut inst);
            if d.branch_offset().is_none() {
                inst.offset = m.simm16 as i32;
            }
        }
        _ => alu_operands(d, &mut inst),
    }
    inst.lanes = match m.form {
        VopForm::Plain => LaneSel::Plain,
        VopForm::Dpp => LaneSel::Dpp16 { ctrl: m.dpp.ctrl, row_mask: m.dpp.row_mask, bank_mask: m.dpp.bank_mask, bound_ctrl: m.dpp.bound_ctrl, fi: m.dpp.fi },
        VopForm::Dpp8 => LaneSel::Dpp8 { sel: m.dpp.sel8, fi: m.dpp.fi },
        VopForm::Sdwa => LaneSel::Sdwa {
            dst_sel: m.sdwa.dst_sel,
            dst_unused: m.sdwa.dst_unused,
            src0_sel: m.sdwa.src0_sel,
            src1_sel: m.sdwa.src1_sel,
            src0_sext: m.sdwa.src0_sext,
            src1_sext: m.sdwa.src1_sext,
        },
    };
    // The accumulating forms read their destination as the addend.
    let n = inst.name;
    if (n.starts_with("v_fmac_") || n.starts_with("v_mac_") || n.starts_with("v_dot2acc") || n.starts_with("v_fmac_legacy")) && inst.src[2] == Opnd::None {
        inst.src[2] = inst.dst;
    }
    crate::true16::apply(d, &mut inst);
    if let Some(y) = &d.vopd_y {
        let mut y = lower(y);
        y.len = 0;
        inst.pair = Some(Box::new(y));
    }
    inst
}

/// A code section decoded from its first byte to its last, laid out at `addr`.
pub struct Decoded {
    pub program: Interp,
    /// Addresses that hold no instruction this decoder knows, and why (padding after
    /// `s_code_end` shows up here too; only executing one is an error).
    pub undecodable: Vec<(u64, String)>,
}

/// Decodes `text` (loaded at `addr`) for `target`.
pub fn decode_text(text: &[u8], addr: u64, target: Target) -> Decoded {
    laid_out(lower_text(text, target), addr)
}

/// As [`decode_text`], through the on-disk cache in `dir` (see [`crate::cache`]): a hit
/// skips decoding; a miss decodes and stores. Returns whether it was a hit.
pub fn decode_text_cached(text: &[u8], addr: u64, target: Target, dir: Option<&std::path::Path>) -> (Decoded, bool) {
    let name = target_name(target);
    if let Some(l) = dir.and_then(|d| crate::cache::load(d, text, name)) {
        return (laid_out(l, addr), true);
    }
    let l = lower_text(text, target);
    if let Some(d) = dir {
        // The cache only saves time: a read-only or full disk costs the next run a decode.
        let _ = crate::cache::store(d, text, name, &l);
    }
    (laid_out(l, addr), false)
}

fn target_name(t: Target) -> &'static str {
    match t {
        Target::Gfx1030 => "gfx1030",
        Target::Gfx1100 => "gfx1100",
    }
}

/// The position-independent lowering of a code section: instructions in order, and the
/// offsets of words that do not decode.
pub fn lower_text(text: &[u8], target: Target) -> crate::cache::Lowered {
    let words: Vec<u32> = text.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let mut insts = Vec::with_capacity(words.len() / 2);
    let mut undecodable = Vec::new();
    let mut i = 0;
    while i < words.len() {
        match oxrocm_amdgcn::decode(&words[i..], target) {
            Ok((d, n)) => {
                insts.push(lower(&d));
                i += n.max(1);
            }
            Err(e) => {
                undecodable.push((4 * i as u64, e.to_string()));
                insts.push(Inst { name: UNDECODABLE, len: 4, ..Default::default() });
                i += 1;
            }
        }
    }
    crate::cache::Lowered { insts, undecodable }
}

fn laid_out(l: crate::cache::Lowered, addr: u64) -> Decoded {
    let undecodable = l.undecodable.into_iter().map(|(off, why)| (addr + off, why)).collect();
    Decoded { program: Interp::new(addr, l.insts), undecodable }
}
