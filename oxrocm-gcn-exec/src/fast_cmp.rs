//! Vector compares (`v_cmp_*`, `v_cmpx_*`) resolved at load: the condition becomes a set
//! of outcomes and the type a whole-wave loop, so a compare costs one pass over the lanes
//! instead of a mnemonic lookup per lane.
//!
//! Every relation the ISA names is a set of the four outcomes of comparing two values:
//! less, equal, greater, unordered (a NaN). `lt` is {less}, `nge` is {less, unordered},
//! `tru` is all four, `f` none. Integers are never unordered.

use crate::access::{rd32, rd64, wr_mask};
use crate::ir::{Inst, Opnd};
use crate::wave::Wave;

/// Bits of the outcome set.
const LESS: u8 = 1;
const EQUAL: u8 = 2;
const GREATER: u8 = 4;
const UNORDERED: u8 = 8;

/// Operand types (`T` of [`wave`]).
const I32: u8 = 0;
const U32: u8 = 1;
const F32: u8 = 2;
const I64: u8 = 3;
const U64: u8 = 4;
const F64: u8 = 5;
const I16: u8 = 6;
const U16: u8 = 7;
const F16: u8 = 8;

/// The lanes' outcome mask of a compare of type `T`: bit l set when lane l's outcome is
/// in `set`. Sources hold each lane's value in the low bits (sign and width per `T`).
pub type CmpWave = fn(&[u64; 64], &[u64; 64], usize, u8) -> u64;

/// A compare resolved at load.
#[derive(Clone, Copy)]
pub struct Compare {
    wave: CmpWave,
    set: u8,
    bits: u8,
    float: bool,
    /// `v_cmpx_*`: the result is the new EXEC.
    to_exec: bool,
    /// 32-bit relations: the same over the sources' registers in place (no widening copy).
    narrow: Option<CmpNarrow>,
}

/// A 32-bit compare's outcome mask over the lanes of two sources.
type CmpNarrow = fn(&[u32], &[u32], u8) -> u64;

/// Outcome index (0 less, 1 equal, 2 greater, 3 unordered) of one lane.
#[inline(always)]
fn outcome<const T: u8>(a: u64, b: u64) -> u32 {
    use std::cmp::Ordering;
    let o = match T {
        I32 => Some((a as i32).cmp(&(b as i32))),
        U32 => Some((a as u32).cmp(&(b as u32))),
        I64 => Some((a as i64).cmp(&(b as i64))),
        U64 => Some(a.cmp(&b)),
        I16 => Some((a as i16).cmp(&(b as i16))),
        U16 => Some((a as u16).cmp(&(b as u16))),
        F32 => f32::from_bits(a as u32).partial_cmp(&f32::from_bits(b as u32)),
        F64 => f64::from_bits(a).partial_cmp(&f64::from_bits(b)),
        _ => half::f16::from_bits(a as u16).partial_cmp(&half::f16::from_bits(b as u16)),
    };
    match o {
        Some(Ordering::Less) => 0,
        Some(Ordering::Equal) => 1,
        Some(Ordering::Greater) => 2,
        None => 3,
    }
}

fn wave<const T: u8>(a: &[u64; 64], b: &[u64; 64], n: usize, set: u8) -> u64 {
    let mut mask = 0u64;
    for l in 0..n.min(64) {
        mask |= (((set >> outcome::<T>(a[l], b[l])) & 1) as u64) << l;
    }
    mask
}

fn narrow<const T: u8>(a: &[u32], b: &[u32], set: u8) -> u64 {
    match a.len().min(b.len()) {
        32 => narrow_lanes::<T, 32>(a, b, set),
        _ => narrow_lanes::<T, 64>(a, b, set),
    }
}

#[inline(always)]
fn narrow_lanes<const T: u8, const N: usize>(a: &[u32], b: &[u32], set: u8) -> u64 {
    use crate::masks::{flag, pack};
    let (a, b): (&[u32; N], &[u32; N]) = (a[..N].try_into().unwrap(), b[..N].try_into().unwrap());
    // One flag per lane in a branch-free loop (vector compares): the outcome's bit of the
    // set, the outcomes chosen by all-ones masks made once.
    let want = |bit: u8| flag(set & bit != 0);
    let (lt, eq, gt, un) = (want(LESS), want(EQUAL), want(GREATER), want(UNORDERED));
    let mut hits = [0u32; N];
    for l in 0..N {
        let (x, y) = (a[l], b[l]);
        let (below, same, above) = match T {
            I32 => ((x as i32) < (y as i32), x == y, (x as i32) > (y as i32)),
            U32 => (x < y, x == y, x > y),
            _ => {
                let (x, y) = (f32::from_bits(x), f32::from_bits(y));
                (x < y, x == y, x > y)
            }
        };
        let unordered = !(below | same | above);
        hits[l] = (flag(below) & lt) | (flag(same) & eq) | (flag(above) & gt) | (flag(unordered) & un);
    }
    pack(&hits)
}

/// `v_cmp_class_*`: the lanes whose value (src0, type `T`) is in the class mask (src1's
/// low 32 bits); the outcome set is unused.
fn class_wave<const T: u8>(a: &[u64; 64], b: &[u64; 64], n: usize, _set: u8) -> u64 {
    use crate::vector_float::{class_f32, class_f64};
    let mut mask = 0u64;
    for l in 0..n.min(64) {
        let hit = match T {
            F64 => class_f64(f64::from_bits(a[l]), b[l] as u32),
            F16 => class_f32(half::f16::from_bits(a[l] as u16).to_f32().to_bits(), b[l] as u32),
            _ => class_f32(a[l] as u32, b[l] as u32),
        };
        mask |= (hit as u64) << l;
    }
    mask
}

/// The outcome set a condition names (`ne`/`lg` of integers: not equal).
fn outcomes(cond: &str) -> Option<u8> {
    Some(match cond {
        "f" => 0,
        "lt" => LESS,
        "eq" => EQUAL,
        "le" => LESS | EQUAL,
        "gt" => GREATER,
        "lg" | "ne" => LESS | GREATER,
        "ge" => GREATER | EQUAL,
        "o" => LESS | EQUAL | GREATER,
        "u" => UNORDERED,
        "nge" => LESS | UNORDERED,
        "nlg" => EQUAL | UNORDERED,
        "ngt" => LESS | EQUAL | UNORDERED,
        "nle" => GREATER | UNORDERED,
        "neq" => LESS | GREATER | UNORDERED,
        "nlt" => EQUAL | GREATER | UNORDERED,
        "t" | "tru" => LESS | EQUAL | GREATER | UNORDERED,
        _ => return None,
    })
}

/// The resolved form of a compare (DPP/SDWA operands already selected by the caller);
/// `None` for a mnemonic that is no compare.
pub fn resolve(i: &Inst) -> Option<Compare> {
    let (rest, to_exec) = match i.name.strip_prefix("v_cmpx_") {
        Some(r) => (r, true),
        None => (i.name.strip_prefix("v_cmp_")?, false),
    };
    let (cond, ty) = rest.rsplit_once('_')?;
    let (wave, bits, float): (CmpWave, u8, bool) = match ty {
        "i32" => (wave::<I32>, 32, false),
        "u32" => (wave::<U32>, 32, false),
        "f32" => (wave::<F32>, 32, true),
        "i64" => (wave::<I64>, 64, false),
        "u64" => (wave::<U64>, 64, false),
        "f64" => (wave::<F64>, 64, true),
        "i16" => (wave::<I16>, 16, false),
        "u16" => (wave::<U16>, 16, false),
        "f16" => (wave::<F16>, 16, true),
        _ => return None,
    };
    if cond == "class" {
        let wave: CmpWave = match ty {
            "f32" => class_wave::<F32>,
            "f64" => class_wave::<F64>,
            "f16" => class_wave::<F16>,
            _ => return None,
        };
        return Some(Compare { wave, set: 0, bits, float, to_exec, narrow: None });
    }
    // Integer compares know no "unordered" relations.
    let set = outcomes(cond).filter(|s| float || s & UNORDERED == 0 || *s == 15)?;
    let narrow: Option<CmpNarrow> = match ty {
        "i32" => Some(narrow::<I32>),
        "u32" => Some(narrow::<U32>),
        "f32" => Some(narrow::<F32>),
        _ => None,
    };
    Some(Compare { wave, set, bits, float, to_exec, narrow })
}

/// A 32-bit compare over the sources' registers in place (scalars splat).
fn run_narrow<const N: usize>(i: &Inst, w: &Wave, f: CmpNarrow, set: u8) -> u64 {
    let (ka, kb);
    let a = lanes!(w, i.src[0], ka, N);
    let b = lanes!(w, i.src[1], kb, N);
    f(a, b, set)
}

/// Source `k` of `i` for every lane, with VOP3 abs/neg (floats) and op_sel (16-bit).
fn gather(w: &Wave, i: &Inst, k: usize, c: &Compare, out: &mut [u64; 64]) {
    let n = w.lanes;
    let o = i.src[k];
    match (o, c.bits) {
        (Opnd::V(r), 64) => {
            let (lo, hi) = (w.v(r as usize), w.v(r as usize + 1));
            for l in 0..n {
                out[l] = lo[l] as u64 | (hi[l] as u64) << 32;
            }
        }
        (Opnd::V(r), _) => {
            for (d, s) in out.iter_mut().zip(w.v(r as usize)) {
                *d = *s as u64;
            }
        }
        (o, 64) => out[..n].fill(rd64(w, o)),
        (o, _) => out[..n].fill(rd32(w, o) as u64),
    }
    if c.bits == 16 && i.mods.op_sel >> k & 1 != 0 {
        out[..n].iter_mut().for_each(|v| *v = (*v as u32 >> 16) as u64);
    }
    if c.float && (i.mods.abs | i.mods.neg) >> k & 1 != 0 {
        let sign = 1u64 << (c.bits - 1);
        let (abs, neg) = (i.mods.abs >> k & 1 != 0, i.mods.neg >> k & 1 != 0);
        for v in &mut out[..n] {
            if abs {
                *v &= !sign;
            }
            if neg {
                *v ^= sign;
            }
        }
    }
}

/// Runs a resolved compare: the mask of active lanes whose outcome is in the set goes to
/// VCC / the scalar destination, or to EXEC for `v_cmpx`.
pub fn run(i: &Inst, c: &Compare, w: &mut Wave) {
    let mask = match c.narrow {
        // 32-bit sources without abs/neg (the common case): compared in place.
        Some(f) if (i.mods.abs | i.mods.neg) & 3 == 0 => by_wave_size!(w, run_narrow(i, w, f, c.set)),
        _ => {
            let (mut a, mut b) = ([0u64; 64], [0u64; 64]);
            gather(w, i, 0, c, &mut a);
            gather(w, i, 1, c, &mut b);
            (c.wave)(&a, &b, w.lanes, c.set)
        }
    } & w.exec & w.full_mask();
    if c.to_exec {
        w.exec = mask;
        if i.dst != Opnd::None && i.dst != Opnd::Exec {
            wr_mask(w, i.dst, mask);
        }
    } else {
        let d = if i.dst == Opnd::None { Opnd::Vcc } else { i.dst };
        wr_mask(w, d, mask);
    }
}
