//! Instructions resolved once, when a program is laid out: the common vector ALU ops
//! (32-bit integer and f32 ops without modifiers) run as one tight loop over the lanes
//! with their per-lane function found ahead of time, instead of looking the mnemonic up
//! for every lane. Anything else takes the interpreter's general path.

use crate::access::rd32;
use crate::ir::{Inst, LaneSel, Mods, Opnd};
use crate::vector_float;
use crate::vector_int::{self, WaveOp};
use crate::wave::Wave;

/// How an instruction runs.
#[derive(Clone, Copy, Default)]
pub enum Fast {
    /// The general path.
    #[default]
    General,
    Int(WaveOp),
    /// f32 ops: only while the wave keeps denormals.
    F32(WaveOp),
}

impl PartialEq for Fast {
    /// A cache of the mnemonic's meaning, so it never makes two instructions differ.
    fn eq(&self, _: &Fast) -> bool {
        true
    }
}

impl std::fmt::Debug for Fast {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Fast::General => "General",
            Fast::Int(_) => "Int",
            Fast::F32(_) => "F32",
        })
    }
}

/// The fast form of `i`, if it has one.
pub fn resolve(i: &Inst) -> Fast {
    let plain = i.lanes == LaneSel::Plain && i.pair.is_none() && i.dst2 == Opnd::None && matches!(i.dst, Opnd::V(_));
    if !plain || i.mods != Mods::default() {
        return Fast::General;
    }
    if let Some(f) = vector_int::wave_fn(i.name) {
        return Fast::Int(f);
    }
    match vector_float::wave_f32_fn(i.name) {
        Some(f) => Fast::F32(f),
        None => Fast::General,
    }
}

/// A source's lanes: a VGPR's, or one value for all.
fn gather(w: &Wave, o: Opnd, out: &mut [u32; 64]) {
    let n = w.lanes;
    match o {
        Opnd::V(r) => out[..n].copy_from_slice(w.v(r as usize)),
        o => out[..n].fill(rd32(w, o)),
    }
}

/// Runs `i` if it has a fast form and the wave's modes allow it; false otherwise.
pub fn run(i: &Inst, w: &mut Wave) -> bool {
    let f = match i.fast {
        Fast::General => return false,
        Fast::Int(f) => f,
        // Denormals kept (MODE FP_DENORM for f32 = 3), as HIP kernels run; else the
        // general path flushes.
        Fast::F32(f) if w.mode >> 4 & 3 == 3 => f,
        Fast::F32(_) => return false,
    };
    let Opnd::V(d) = i.dst else { return false };
    let n = w.lanes;
    let (mut a, mut b, mut c, mut out) = ([0u32; 64], [0u32; 64], [0u32; 64], [0u32; 64]);
    gather(w, i.src[0], &mut a);
    gather(w, i.src[1], &mut b);
    gather(w, i.src[2], &mut c);
    f(&a, &b, &c, &mut out, n);
    let exec = w.exec;
    let full = w.full_mask();
    let dst = w.v_mut(d as usize);
    if exec & full == full {
        dst.copy_from_slice(&out[..n]);
    } else {
        for (l, v) in dst.iter_mut().enumerate() {
            if exec >> l & 1 != 0 {
                *v = out[l];
            }
        }
    }
    true
}
