//! Operand access for the interpreter: scalar and vector reads and writes by operand,
//! lane masks at the wave's size, and memory widths by mnemonic.

use crate::ir::Opnd;
use crate::wave::Wave;

/// The lanes of source `$o` at the wave's size `$n`: a VGPR's slice in place, anything
/// else (unused sources read 0) its value splat into `$buf`, a variable of the caller
/// assigned only then (a zeroed buffer per source was a memset on every instruction).
/// Fixed sizes let the per-lane loops and copies compile to vector code.
macro_rules! lanes {
    ($w:expr, $o:expr, $buf:ident, $n:ident) => {
        match $o {
            $crate::ir::Opnd::V(r) => <&[u32; $n]>::try_from($w.v(r as usize)).expect("wave of N lanes"),
            o => {
                $buf = [$crate::access::rd32($w, o); $n];
                &$buf
            }
        }
    };
}

/// The lanes of 64-bit source `$o` at the wave's size `$n` as (low, high) halves: a VGPR
/// pair's two slices in place, anything else its 64-bit value (`rd64`) split and splat into
/// `$lo`/`$hi`, variables of the caller assigned only then.
macro_rules! lanes64 {
    ($w:expr, $o:expr, $lo:ident, $hi:ident, $n:ident) => {
        match $o {
            $crate::ir::Opnd::V(r) => (
                <&[u32; $n]>::try_from($w.v(r as usize)).expect("wave of N lanes"),
                <&[u32; $n]>::try_from($w.v(r as usize + 1)).expect("wave of N lanes"),
            ),
            o => {
                let v = $crate::access::rd64($w, o);
                $lo = [v as u32; $n];
                $hi = [(v >> 32) as u32; $n];
                (&$lo, &$hi)
            }
        }
    };
}

/// Calls `$f::<N>` with the wave's lane count N (32 or 64) as a constant.
macro_rules! by_wave_size {
    ($w:expr, $f:ident($($arg:expr),*)) => {
        if $w.lanes == 32 { $f::<32>($($arg),*) } else { $f::<64>($($arg),*) }
    };
}

/// Registers a 64-bit op reads and writes as pairs.
pub(crate) fn wide(name: &str) -> bool {
    name.ends_with("_b64") || name.ends_with("_u64") || name.ends_with("_i64") || name.contains("_b64_") || name.ends_with("saveexec_b64")
}

#[inline]
pub(crate) fn rd32(w: &Wave, o: Opnd) -> u32 {
    match o {
        Opnd::S(n) => w.sgpr[n as usize],
        Opnd::Vcc => w.vcc as u32,
        Opnd::Exec => w.exec as u32,
        Opnd::M0 => w.m0,
        Opnd::Scc => w.scc as u32,
        Opnd::Imm(v) => v,
        Opnd::Imm64(v) => v as u32,
        _ => 0,
    }
}

#[inline]
pub(crate) fn rd64(w: &Wave, o: Opnd) -> u64 {
    match o {
        Opnd::S(n) => w.s64(n as usize),
        Opnd::Vcc => w.vcc,
        Opnd::Exec => w.exec,
        // 32-bit constants sign-extend for 64-bit integer operands.
        Opnd::Imm(v) => v as i32 as i64 as u64,
        Opnd::Imm64(v) => v,
        o => rd32(w, o) as u64,
    }
}

#[inline]
pub(crate) fn wr32(w: &mut Wave, o: Opnd, v: u32) {
    match o {
        Opnd::S(n) => w.sgpr[n as usize] = v,
        Opnd::Vcc => w.vcc = (w.vcc & !0xffff_ffff) | v as u64,
        Opnd::Exec => w.exec = (w.exec & !0xffff_ffff) | v as u64,
        Opnd::M0 => w.m0 = v,
        _ => {}
    }
}

#[inline]
pub(crate) fn wr64(w: &mut Wave, o: Opnd, v: u64) {
    match o {
        Opnd::S(n) => w.set_s64(n as usize, v),
        Opnd::Vcc => w.vcc = v,
        Opnd::Exec => w.exec = v,
        o => wr32(w, o, v as u32),
    }
}

/// A lane mask from a scalar operand (wave-sized).
#[inline]
pub(crate) fn rd_mask(w: &Wave, o: Opnd) -> u64 {
    if w.lanes == 32 { rd32(w, o) as u64 } else { rd64(w, o) }
}
#[inline]
pub(crate) fn wr_mask(w: &mut Wave, o: Opnd, m: u64) {
    if w.lanes == 32 { wr32(w, o, m as u32) } else { wr64(w, o, m) }
}

/// A vector source for one lane.
#[inline]
pub(crate) fn vsrc(w: &Wave, o: Opnd, lane: usize) -> u32 {
    match o {
        Opnd::V(n) => w.v(n as usize)[lane],
        o => rd32(w, o),
    }
}
#[inline]
pub(crate) fn vsrc64(w: &Wave, o: Opnd, lane: usize) -> u64 {
    match o {
        Opnd::V(n) => w.v(n as usize)[lane] as u64 | (w.v(n as usize + 1)[lane] as u64) << 32,
        o => rd64(w, o),
    }
}
#[inline]
pub(crate) fn vdst(w: &mut Wave, o: Opnd, lane: usize, v: u32) {
    if let Opnd::V(n) = o {
        w.v_mut(n as usize)[lane] = v;
    }
}

/// The lanes whose bits are set in `mask`, lowest first (a walk over the set bits only).
#[inline]
pub(crate) fn set_lanes(mask: u64) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            l
        })
    })
}

/// The wave's active lanes (EXEC bits within its size).
#[inline]
pub(crate) fn active(w: &Wave) -> impl Iterator<Item = usize> + use<> {
    set_lanes(w.exec & w.full_mask())
}

/// Dwords moved by a memory op, from its name (`dword`, `dwordx2`…, gfx11 `b32`…`b512`).
pub(crate) fn dwords(name: &str) -> Option<usize> {
    let tail = name.rsplit('_').next()?;
    Some(match tail {
        "dword" | "b32" => 1,
        "dwordx2" | "b64" => 2,
        "dwordx3" | "b96" => 3,
        "dwordx4" | "b128" => 4,
        "dwordx8" | "b256" => 8,
        "dwordx16" | "b512" => 16,
        _ => return None,
    })
}



/// Writes a 64-bit result to the VGPR pair starting at `o`.
#[inline]
pub(crate) fn vdst64(w: &mut Wave, o: Opnd, lane: usize, v: u64) {
    if let Opnd::V(n) = o {
        w.v_mut(n as usize)[lane] = v as u32;
        w.v_mut(n as usize + 1)[lane] = (v >> 32) as u32;
    }
}
