//! DPP and SDWA: a vector instruction whose first source comes from another lane (DPP16,
//! DPP8) or whose sources and destination are byte/word fields (SDWA) runs as its plain
//! form on temporary registers holding the selected values, with EXEC narrowed to the
//! lanes it may write; the result is then merged back.

use crate::access::vsrc;
use crate::ir::{Inst, LaneSel, Opnd};
use crate::lanes::{dpp16_source, dpp16_writes, dpp8_source};
use crate::wave::Wave;

/// SDWA select codes: BYTE_0..BYTE_3, WORD_0, WORD_1, DWORD.
fn select(v: u32, sel: u8, sext: bool) -> u32 {
    let (shift, bits) = match sel {
        0..=3 => (8 * sel as u32, 8),
        4 => (0, 16),
        5 => (16, 16),
        _ => return v,
    };
    let f = (v >> shift) & ((1 << bits) - 1);
    if sext && f >> (bits - 1) & 1 != 0 { f | !((1u32 << bits) - 1) } else { f }
}

/// Places `r` into the `sel` field of `old`; the other bits are zero (`unused` 0), the
/// field's sign (1) or kept (2).
fn place(old: u32, r: u32, sel: u8, unused: u8) -> u32 {
    let (shift, bits) = match sel {
        0..=3 => (8 * sel as u32, 8),
        4 => (0, 16),
        5 => (16, 16),
        _ => return r,
    };
    let field_mask = ((1u64 << bits) - 1) as u32;
    let f = (r & field_mask) << shift;
    let m = field_mask << shift;
    match unused {
        2 => (old & !m) | f,
        1 => {
            let signed = ((f << (32 - shift - bits)) as i32 >> (32 - shift - bits)) as u32;
            // Bits above the field repeat its sign; bits below stay zero.
            signed & !((1u32 << shift) - 1)
        }
        _ => f,
    }
}

/// Runs `i` (not plain) through `exec_plain`.
pub(crate) fn run(i: &Inst, w: &mut Wave, exec_plain: impl Fn(&Inst, &mut Wave) -> Option<()>) -> Option<()> {
    let t = w.vgprs as u16;
    let saved_exec = w.exec;
    let mut inner = i.clone();
    inner.lanes = LaneSel::Plain;
    let writes_exec = i.name.starts_with("v_cmpx");
    match i.lanes {
        LaneSel::Plain => exec_plain(&inner, w),
        LaneSel::Dpp16 { ctrl, row_mask, bank_mask, bound_ctrl, fi } => {
            let src: Vec<u32> = (0..w.lanes).map(|l| vsrc(w, i.src[0], l)).collect();
            let mut enable = 0u64;
            for l in 0..w.lanes {
                if !w.active(l) || !dpp16_writes(row_mask as u32, bank_mask as u32, l) {
                    continue;
                }
                let s = dpp16_source(ctrl as u32, l).filter(|&s| s < w.lanes && (fi || w.active(s)));
                let v = match s {
                    Some(s) => src[s],
                    None if bound_ctrl => 0,
                    None => continue,
                };
                w.v_mut(t as usize)[l] = v;
                enable |= 1 << l;
            }
            inner.src[0] = Opnd::V(t);
            w.exec = enable;
            let r = exec_plain(&inner, w);
            if !writes_exec {
                w.exec = saved_exec;
            }
            r
        }
        LaneSel::Dpp8 { sel, fi } => {
            let src: Vec<u32> = (0..w.lanes).map(|l| vsrc(w, i.src[0], l)).collect();
            for l in 0..w.lanes {
                let s = dpp8_source(sel, l);
                w.v_mut(t as usize)[l] = if fi || w.active(s) { src[s] } else { 0 };
            }
            inner.src[0] = Opnd::V(t);
            exec_plain(&inner, w)
        }
        LaneSel::Sdwa { dst_sel, dst_unused, src0_sel, src1_sel, src0_sext, src1_sext } => {
            for l in 0..w.lanes {
                let a = select(vsrc(w, i.src[0], l), src0_sel, src0_sext);
                let b = select(vsrc(w, i.src[1], l), src1_sel, src1_sext);
                w.v_mut(t as usize)[l] = a;
                w.v_mut(t as usize + 1)[l] = b;
            }
            inner.src[0] = Opnd::V(t);
            if i.src[1] != Opnd::None {
                inner.src[1] = Opnd::V(t + 1);
            }
            let Opnd::V(d) = i.dst else { return exec_plain(&inner, w) };
            inner.dst = Opnd::V(t + 2);
            exec_plain(&inner, w)?;
            for l in 0..w.lanes {
                if w.active(l) {
                    let r = w.v(t as usize + 2)[l];
                    let old = w.v(d as usize)[l];
                    w.v_mut(d as usize)[l] = place(old, r, dst_sel, dst_unused);
                }
            }
            Some(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sdwa_fields() {
        assert_eq!(select(0x8180_7f01, 1, false), 0x7f);
        assert_eq!(select(0x8180_7f01, 2, true), 0xffff_ff80);
        assert_eq!(select(0x8180_7f01, 5, false), 0x8180);
        assert_eq!(place(0xaabb_ccdd, 0x12, 1, 2), 0xaabb_12dd);
        assert_eq!(place(0xaabb_ccdd, 0x1234, 4, 0), 0x1234);
        assert_eq!(place(0, 0x80, 1, 1), 0xffff_8000);
        assert_eq!(place(0xaabb_ccdd, 0x1234_5678, 6, 2), 0x1234_5678);
    }
}
