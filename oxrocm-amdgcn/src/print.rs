//! Text as `llvm-objdump-15 -d` prints it (mnemonic and operands, no address comment).

use std::fmt::{self, Write};

use crate::encoding::Class;
use crate::opcodes::{Field, Style, tables};
use crate::operand::{Operand, print_operand};
use crate::{Instruction, Target, VopForm};

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        render(self, &mut s);
        if let Some(y) = &self.vopd_y {
            s.push_str(" :: ");
            render(y, &mut s);
        }
        f.write_str(&s)
    }
}

pub(crate) fn mnemonic(i: &Instruction) -> String {
    let base = i.info.base_name();
    match i.mods.form {
        VopForm::Dpp | VopForm::Dpp8 if i.class == Class::Vop3 => format!("{}_dpp", i.info.name),
        // LLVM 15 prints gfx11 VOPC DPP without a suffix
        VopForm::Dpp | VopForm::Dpp8 if i.class == Class::Vopc && i.target.is_gfx11() => base.to_string(),
        VopForm::Dpp | VopForm::Dpp8 => format!("{base}_dpp"),
        VopForm::Sdwa => format!("{base}_sdwa"),
        VopForm::Plain => i.info.name.to_string(),
    }
}

fn render(i: &Instruction, s: &mut String) {
    s.push_str(&mnemonic(i));
    match i.class {
        Class::Sopp => sopp(i, s),
        Class::Sopk => sopk(i, s),
        _ => {
            operands(i, s);
            suffix(i, s);
        }
    }
}

fn style_of(i: &Instruction, k: usize) -> Style {
    i.info.operands.get(k).map(|o| o.style).unwrap_or(Style::B32)
}

fn src_index(field: Field, class: Class) -> Option<usize> {
    match field {
        Field::Src0 => Some(0),
        Field::Src1 | Field::Vsrc1 if class != Class::Vopd => Some(1),
        Field::Src2 => Some(2),
        _ => None,
    }
}

fn operands(i: &Instruction, s: &mut String) {
    let mut first = true;
    for (k, op) in i.operands.iter().enumerate() {
        s.push_str(if first { " " } else { ", " });
        first = false;
        let spec = i.info.operands.get(k);
        let field = spec.map(|o| o.field).unwrap_or(Field::Fixed);
        let style = style_of(i, k);
        let src = src_index(field, i.class);
        let (neg, abs, sext) = match (src, i.class, i.mods.form) {
            (Some(n), Class::Vop3, _) => (
                i.mods.neg >> n & 1 != 0 && i.info.has(&format!("neg{n}")),
                i.mods.abs >> n & 1 != 0 && i.info.has(&format!("abs{n}")),
                false,
            ),
            // mix ops take float input modifiers: neg_lo = neg, neg_hi = abs
            (Some(n), Class::Vop3p, _) if is_mix(i) => (i.mods.neg >> n & 1 != 0, i.mods.abs >> n & 1 != 0, false),
            (Some(n), _, VopForm::Dpp | VopForm::Sdwa) if n < 2 => {
                let sx = if n == 0 { i.mods.sdwa.src0_sext } else { i.mods.sdwa.src1_sext };
                (i.mods.neg >> n & 1 != 0, i.mods.abs >> n & 1 != 0, sx && i.mods.form == VopForm::Sdwa)
            }
            _ => (false, false, false),
        };
        if i.class == Class::Smem && matches!(op, Operand::Imm(_)) {
            if let Operand::Imm(v) = op {
                if *v < 0 {
                    let _ = write!(s, "-0x{:x}", -*v);
                } else {
                    let _ = write!(s, "0x{v:x}");
                }
            }
            continue;
        }
        let imm = matches!(op, Operand::InlineInt(_) | Operand::InlineFloat(_) | Operand::Literal(_));
        let neg_fn = neg && !abs && imm;
        if neg_fn {
            s.push_str("neg(");
        } else if neg {
            s.push('-');
        }
        if abs {
            s.push('|');
        }
        if sext {
            s.push_str("sext(");
        }
        print_operand(op, style, i.target, s);
        if sext {
            s.push(')');
        }
        if abs {
            s.push('|');
        }
        if neg_fn {
            s.push(')');
        }
    }
}

fn is_mix(i: &Instruction) -> bool {
    i.info.name.contains("_mix")
}

/// Whether a DS opcode has two offsets (offset0/offset1): `write2`, `read2st64`,
/// `wrxchg2`, gfx11 `_2addr`.
fn ds_two_offsets(name: &str) -> bool {
    if name.contains("_2addr") {
        return true;
    }
    let b = name.as_bytes();
    (1..b.len()).any(|k| b[k] == b'2' && b[k - 1].is_ascii_alphabetic() && matches!(b.get(k + 1), Some(b'_') | Some(b's')))
}

fn bitlist(name: &str, bits: u8, n: usize, s: &mut String) {
    let _ = write!(s, " {name}:[");
    for k in 0..n {
        if k > 0 {
            s.push(',');
        }
        s.push(if bits >> k & 1 != 0 { '1' } else { '0' });
    }
    s.push(']');
}

fn num_srcs(i: &Instruction) -> usize {
    i.info.operands.iter().filter(|o| matches!(o.field, Field::Src0 | Field::Src1 | Field::Src2)).count()
}

fn suffix(i: &Instruction, s: &mut String) {
    let m = &i.mods;
    match i.class {
        Class::Vop3 => {
            let os: Vec<usize> = (0..4).filter(|k| i.info.has(&format!("os{k}"))).collect();
            if m.op_sel != 0 && !os.is_empty() {
                let mut bits = 0u8;
                for (j, &k) in os.iter().enumerate() {
                    bits |= ((m.op_sel >> k) & 1) << j;
                }
                // the destination bit is the last entry
                if os.len() < 4 && i.info.has("os3") {
                    bits |= (m.op_sel >> 3 & 1) << (os.len() - 1);
                }
                bitlist("op_sel", bits, os.len(), s);
            }
            if m.clamp && i.info.has("clamp") {
                s.push_str(" clamp");
            }
            if m.omod != 0 && i.info.has("omod") {
                s.push_str([" ", " mul:2", " mul:4", " div:2"][m.omod as usize]);
            }
            dpp_suffix(i, s);
        }
        Class::Vop3p => {
            let n = num_srcs(i);
            let packed = !i.info.name.contains("_mix");
            let has_os = (0..3).any(|k| i.info.has(&format!("os{k}")));
            let has_oh = (0..3).any(|k| i.info.has(&format!("oh{k}")));
            if m.op_sel & ((1 << n) - 1) != 0 && has_os {
                bitlist("op_sel", m.op_sel, n, s);
            }
            let hi = m.op_sel_hi & ((1 << n) - 1);
            let default = if packed { (1 << n) - 1 } else { 0 };
            if hi != default && has_oh {
                bitlist("op_sel_hi", hi, n, s);
            }
            if m.neg & ((1 << n) - 1) != 0 && !is_mix(i) {
                bitlist("neg_lo", m.neg, n, s);
            }
            if m.abs & ((1 << n) - 1) != 0 && !is_mix(i) {
                bitlist("neg_hi", m.abs, n, s);
            }
            if m.clamp && i.info.has("clamp") {
                s.push_str(" clamp");
            }
        }
        Class::Vop1 | Class::Vop2 | Class::Vopc => match m.form {
            VopForm::Dpp | VopForm::Dpp8 => dpp_suffix(i, s),
            VopForm::Sdwa => sdwa_suffix(i, s),
            VopForm::Plain => {}
        },
        Class::Smem if i.info.operand(Field::Sbase).is_none() => {}
        Class::Smem => {
            if m.offset > 0 {
                let _ = write!(s, " offset:0x{:x}", m.offset);
            } else if m.offset < 0 {
                let _ = write!(s, " offset:-0x{:x}", -m.offset);
            }
            cache(i, s);
        }
        Class::Ds => {
            let two = ds_two_offsets(i.info.name);
            if i.info.name == "ds_swizzle_b32" {
                if m.offset != 0 {
                    s.push_str(" offset:");
                    swizzle(m.offset as u16, s);
                }
            } else if two {
                let (o0, o1) = (m.offset & 0xFF, m.offset >> 8);
                if o0 != 0 {
                    let _ = write!(s, " offset0:{o0}");
                }
                if o1 != 0 {
                    let _ = write!(s, " offset1:{o1}");
                }
            } else if m.offset != 0 {
                let _ = write!(s, " offset:{}", m.offset);
            }
            if m.gds {
                s.push_str(" gds");
            }
        }
        Class::Flat => {
            if m.offset != 0 {
                let _ = write!(s, " offset:{}", m.offset);
            }
            cache(i, s);
            if m.lds {
                s.push_str(" lds");
            }
        }
        Class::Mubuf if i.operands.is_empty() => {}
        Class::Mubuf => {
            if m.idxen {
                s.push_str(" idxen");
            }
            if m.offen {
                s.push_str(" offen");
            }
            if m.offset != 0 {
                let _ = write!(s, " offset:{}", m.offset);
            }
            cache(i, s);
            if m.lds {
                s.push_str(" lds");
            } else if m.tfe && !i.info.name.contains("atomic") {
                s.push_str(" tfe");
            }
        }
        _ => {}
    }
}

/// `ds_swizzle_b32` offset in LLVM's symbolic form.
fn swizzle(v: u16, s: &mut String) {
    if v & 0xC000 == 0x8000 {
        let _ = write!(s, "swizzle(QUAD_PERM,{},{},{},{})", v & 3, v >> 2 & 3, v >> 4 & 3, v >> 6 & 3);
        return;
    }
    if v & 0x8000 != 0 {
        let _ = write!(s, "{v}");
        return;
    }
    let and = v & 0x1F;
    let or = v >> 5 & 0x1F;
    let xor = v >> 10 & 0x1F;
    if and == 0x1F && or == 0 && xor.count_ones() == 1 {
        let _ = write!(s, "swizzle(SWAP,{xor})");
    } else if and == 0x1F && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        let _ = write!(s, "swizzle(REVERSE,{})", xor + 1);
    } else {
        let group = 0x1F - and + 1;
        if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
            let _ = write!(s, "swizzle(BROADCAST,{group},{or})");
        } else {
            let p0 = or ^ xor;
            let p1 = (and | or) ^ xor;
            s.push_str("swizzle(BITMASK_PERM,\"");
            for b in (0..5).rev() {
                let (a, c) = (p0 >> b & 1, p1 >> b & 1);
                s.push(match (a, c) {
                    (1, 1) => '1',
                    (0, 0) => '0',
                    (0, 1) => 'p',
                    _ => 'i',
                });
            }
            s.push_str("\")");
        }
    }
}

fn cache(i: &Instruction, s: &mut String) {
    if i.mods.glc {
        s.push_str(" glc");
    }
    if i.mods.slc {
        s.push_str(" slc");
    }
    if i.mods.dlc {
        s.push_str(" dlc");
    }
}

fn dpp_suffix(i: &Instruction, s: &mut String) {
    let d = &i.mods.dpp;
    match i.mods.form {
        VopForm::Dpp8 => {
            s.push_str(" dpp8:[");
            for k in 0..8 {
                if k > 0 {
                    s.push(',');
                }
                let _ = write!(s, "{}", d.sel8 >> (3 * k) & 7);
            }
            s.push(']');
            if d.fi {
                s.push_str(" fi:1");
            }
        }
        VopForm::Dpp => {
            let c = d.ctrl;
            let _ = match c {
                0..=0xFF => write!(s, " quad_perm:[{},{},{},{}]", c & 3, c >> 2 & 3, c >> 4 & 3, c >> 6 & 3),
                0x101..=0x10F => write!(s, " row_shl:{}", c & 0xF),
                0x111..=0x11F => write!(s, " row_shr:{}", c & 0xF),
                0x121..=0x12F => write!(s, " row_ror:{}", c & 0xF),
                0x140 => write!(s, " row_mirror"),
                0x141 => write!(s, " row_half_mirror"),
                0x150..=0x15F => write!(s, " row_share:{}", c & 0xF),
                0x160..=0x16F => write!(s, " row_xmask:{}", c & 0xF),
                _ => write!(s, " /* Invalid dpp_ctrl value */"),
            };
            let _ = write!(s, " row_mask:0x{:x} bank_mask:0x{:x}", d.row_mask, d.bank_mask);
            if d.bound_ctrl {
                s.push_str(" bound_ctrl:1");
            }
            if d.fi {
                s.push_str(" fi:1");
            }
        }
        _ => {}
    }
}

const SEL: [&str; 7] = ["BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"];
const UNUSED: [&str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

fn sdwa_suffix(i: &Instruction, s: &mut String) {
    let d = &i.mods.sdwa;
    let sel = |v: u8| SEL.get(v as usize).copied().unwrap_or("?");
    if i.mods.clamp && i.class != Class::Vopc {
        s.push_str(" clamp");
    }
    if i.mods.omod != 0 {
        s.push_str([" ", " mul:2", " mul:4", " div:2"][i.mods.omod as usize]);
    }
    if i.class != Class::Vopc {
        let _ = write!(s, " dst_sel:{} dst_unused:{}", sel(d.dst_sel), UNUSED.get(d.dst_unused as usize).unwrap_or(&"?"));
    }
    let _ = write!(s, " src0_sel:{}", sel(d.src0_sel));
    if i.class != Class::Vop1 {
        let _ = write!(s, " src1_sel:{}", sel(d.src1_sel));
    }
}

// ---------------------------------------------------------------- SOPP / SOPK

fn waitcnt(v: u16, target: Target, s: &mut String) {
    let w = crate::Waitcnt::from_simm16(v, target);
    let mut parts = Vec::new();
    if w.vmcnt != 0x3F {
        parts.push(format!("vmcnt({})", w.vmcnt));
    }
    if w.expcnt != 7 {
        parts.push(format!("expcnt({})", w.expcnt));
    }
    if w.lgkmcnt != 0x3F {
        parts.push(format!("lgkmcnt({})", w.lgkmcnt));
    }
    if parts.is_empty() {
        parts.push(format!("vmcnt({}) expcnt({}) lgkmcnt({})", w.vmcnt, w.expcnt, w.lgkmcnt));
    }
    let _ = write!(s, " {}", parts.join(" "));
}

const INSTID: [&str; 12] = [
    "NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4", "TRANS32_DEP_1", "TRANS32_DEP_2",
    "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3",
];
const INSTSKIP: [&str; 6] = ["SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"];

fn delay_alu(v: u16, s: &mut String) {
    let id0 = (v & 0xF) as usize;
    let skip = (v >> 4 & 7) as usize;
    let id1 = (v >> 7 & 0xF) as usize;
    let mut parts = Vec::new();
    if id0 != 0 {
        parts.push(format!("instid0({})", INSTID.get(id0).unwrap_or(&"/* invalid instid value */")));
    }
    if skip != 0 {
        parts.push(format!("instskip({})", INSTSKIP.get(skip).unwrap_or(&"/* invalid instskip value */")));
    }
    if id1 != 0 {
        parts.push(format!("instid1({})", INSTID.get(id1).unwrap_or(&"/* invalid instid value */")));
    }
    if parts.is_empty() {
        let _ = write!(s, " 0x{v:x}");
    } else {
        let _ = write!(s, " {}", parts.join(" | "));
    }
}

fn depctr(v: u16, s: &mut String) {
    // (name, shift, width)
    const F: [(&str, u32, u32); 7] = [
        ("depctr_hold_cnt", 7, 1),
        ("depctr_sa_sdst", 0, 1),
        ("depctr_va_vdst", 12, 4),
        ("depctr_va_sdst", 9, 3),
        ("depctr_va_ssrc", 8, 1),
        ("depctr_va_vcc", 1, 1),
        ("depctr_vm_vsrc", 2, 3),
    ];
    let mut parts = Vec::new();
    // LLVM prints fields only when the unused bits 5-6 are clear (the value round-trips)
    if v & 0x60 != 0 {
        let _ = write!(s, " 0x{v:x}");
        return;
    }
    for (name, sh, w) in F {
        let val = (v as u32 >> sh) & ((1 << w) - 1);
        if val != (1 << w) - 1 {
            parts.push(format!("{name}({val})"));
        }
    }
    if parts.is_empty() {
        let _ = write!(s, " 0x{v:x}");
    } else {
        let _ = write!(s, " {}", parts.join(" "));
    }
}

fn hwreg(v: u16, target: Target, s: &mut String) {
    let id = v & 0x3F;
    let off = v >> 6 & 0x1F;
    let size = (v >> 11 & 0x1F) + 1;
    let name = tables(target).hwreg.get(&id).copied().unwrap_or("?");
    if off == 0 && size == 32 {
        let _ = write!(s, "hwreg({name})");
    } else {
        let _ = write!(s, "hwreg({name}, {off}, {size})");
    }
}

fn sopp(i: &Instruction, s: &mut String) {
    let v = i.mods.simm16;
    let name = i.info.name;
    if i.info.operands.is_empty() {
        return;
    }
    match name {
        "s_waitcnt" => waitcnt(v, i.target, s),
        "s_delay_alu" => delay_alu(v, s),
        "s_waitcnt_depctr" => depctr(v, s),
        "s_sendmsg" | "s_sendmsghalt" => {
            let t = tables(i.target).sendmsg.get(&v).copied();
            match t {
                Some(t) => {
                    let _ = write!(s, " {}", t.replace(',', ", "));
                }
                None => {
                    let _ = write!(s, " {v}");
                }
            }
        }
        "s_endpgm" if v == 0 => {}
        "s_endpgm" => {
            let _ = write!(s, " {v}");
        }
        _ => {
            let hex = i.info.operands[0].text.starts_with("0x");
            let branch = name == "s_branch" || name.starts_with("s_cbranch");
            if hex {
                let _ = write!(s, " 0x{v:x}");
            } else if branch {
                let _ = write!(s, " {v}");
            } else if (-16..=64).contains(&(v as i16)) {
                // LLVM prints these like 16-bit integer operands
                let _ = write!(s, " {}", v as i16);
            } else {
                let _ = write!(s, " 0x{v:x}");
            }
        }
    }
}

fn sopk(i: &Instruction, s: &mut String) {
    let v = i.mods.simm16;
    for (k, spec) in i.info.operands.iter().enumerate() {
        s.push_str(if k == 0 { " " } else { ", " });
        match spec.field {
            Field::Sdst | Field::K => print_operand(&i.operands[k], Style::B32, i.target, s),
            _ if spec.text.starts_with("hwreg") => hwreg(v, i.target, s),
            _ if spec.text.starts_with("0x") => {
                let _ = write!(s, "0x{v:x}");
            }
            _ => {
                let _ = write!(s, "{v}");
            }
        }
    }
}
