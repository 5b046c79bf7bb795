//! Vector memory instructions: FLAT/GLOBAL/SCRATCH, MUBUF and LDS, loads, stores and
//! atomics. A lane's address resolves to a [`Place`]: device memory (checked against the
//! launch's allocations), the workgroup's LDS, or the lane's own private memory.

use crate::access::*;
use crate::dispatch::{PRIVATE_APERTURE, PRIVATE_BUFFER_BASE, SHARED_APERTURE};
use crate::ir::{Inst, Opnd};
use crate::memory::Fault;
use crate::wave::Wave;
use crate::workgroup::{Trap, WaveCtx};

/// Where one lane's access goes.
#[derive(Clone, Copy, Debug)]
enum Place {
    Global(u64),
    /// Byte offset in the workgroup's LDS.
    Lds(u64),
    /// Byte offset in the lane's private memory.
    Private(u64),
    /// Out of a buffer's range: loads read 0, stores and atomics do nothing.
    Nowhere,
}

/// A flat address: the LDS and private windows, else device memory.
fn flat_place(addr: u64) -> Place {
    if (SHARED_APERTURE..SHARED_APERTURE + (1 << 32)).contains(&addr) {
        Place::Lds(addr - SHARED_APERTURE)
    } else if (PRIVATE_APERTURE..PRIVATE_APERTURE + (1 << 32)).contains(&addr) {
        Place::Private(addr - PRIVATE_APERTURE)
    } else {
        Place::Global(addr)
    }
}

pub(crate) fn private_range(ctx: &WaveCtx, lane: usize, off: u64, len: usize, write: bool) -> Result<std::ops::Range<usize>, Trap> {
    let ps = ctx.private_size as u64;
    if off + len as u64 > ps {
        return Err(Fault { addr: PRIVATE_APERTURE + off, len, write, space: "scratch" }.into());
    }
    let start = lane * ctx.private_size + off as usize;
    Ok(start..start + len)
}

fn read(ctx: &WaveCtx, lane: usize, p: Place, out: &mut [u8]) -> Result<(), Trap> {
    match p {
        Place::Global(a) => ctx.memory.read(a, out)?,
        // LDS reads outside the allocation return 0, as on the hardware.
        Place::Lds(o) => match ctx.lds.get(o as usize..o as usize + out.len()) {
            Some(s) => out.copy_from_slice(s),
            None => out.fill(0),
        },
        Place::Private(o) => {
            let r = private_range(ctx, lane, o, out.len(), false)?;
            out.copy_from_slice(&ctx.scratch[r]);
        }
        Place::Nowhere => out.fill(0),
    }
    Ok(())
}

fn write(ctx: &mut WaveCtx, lane: usize, p: Place, data: &[u8]) -> Result<(), Trap> {
    match p {
        Place::Global(a) => ctx.memory.write(a, data)?,
        Place::Lds(o) => {
            if let Some(d) = ctx.lds.get_mut(o as usize..o as usize + data.len()) {
                d.copy_from_slice(data);
            }
        }
        Place::Private(o) => {
            let r = private_range(ctx, lane, o, data.len(), true)?;
            ctx.scratch[r].copy_from_slice(data);
        }
        Place::Nowhere => {}
    }
    Ok(())
}

/// Read-modify-write of `bytes` (4 or 8): returns the old value.
fn atomic(ctx: &mut WaveCtx, lane: usize, p: Place, bytes: usize, f: &dyn Fn(u64) -> u64) -> Result<u64, Trap> {
    if let Place::Global(a) = p {
        return Ok(if bytes == 8 { ctx.memory.atomic_u64(a, f)? } else { ctx.memory.atomic_u32(a, |v| f(v as u64) as u32)? as u64 });
    }
    // LDS and private memory belong to this workgroup's thread: a plain read and write.
    let mut b = [0u8; 8];
    read(ctx, lane, p, &mut b[..bytes])?;
    let old = u64::from_le_bytes(b);
    let new = f(old).to_le_bytes();
    write(ctx, lane, p, &new[..bytes])?;
    Ok(old)
}

/// The shape of a load or store, from its mnemonic.
#[derive(Clone, Copy, Debug)]
struct Access {
    bytes: usize,
    sign: bool,
    /// d16 forms: the value goes to (comes from) the low or (`true`) high half.
    d16: Option<bool>,
}

fn access(name: &str) -> Option<Access> {
    let mut a = Access { bytes: 0, sign: false, d16: None };
    let mut hi = false;
    let mut d16 = false;
    for t in name.split('_') {
        match t {
            "dword" | "b32" => a.bytes = 4,
            "dwordx2" | "b64" => a.bytes = 8,
            "dwordx3" | "b96" => a.bytes = 12,
            "dwordx4" | "b128" => a.bytes = 16,
            "dwordx8" | "b256" => a.bytes = 32,
            "dwordx16" | "b512" => a.bytes = 64,
            "ubyte" | "u8" | "byte" | "b8" => a.bytes = 1,
            "sbyte" | "i8" => (a.bytes, a.sign) = (1, true),
            "ushort" | "u16" | "short" | "b16" => a.bytes = 2,
            "sshort" | "i16" => (a.bytes, a.sign) = (2, true),
            "d16" => d16 = true,
            "hi" => hi = true,
            _ => {}
        }
    }
    if d16 {
        a.d16 = Some(hi);
        if a.bytes == 0 || a.bytes == 4 {
            a.bytes = 2;
        }
    }
    (a.bytes > 0).then_some(a)
}

/// Puts loaded bytes into the destination registers of one lane.
/// A sub-dword loaded value of `bytes` bytes, extended to 32 bits (sign-extended when
/// `signed`): byte/short loads and the narrow channels of formatted buffer loads.
pub(crate) fn widen(raw: u32, bytes: usize, signed: bool) -> u32 {
    let bits = 8 * bytes as u32;
    if signed && raw >> (bits - 1) & 1 != 0 { raw | !((1u32 << bits) - 1) } else { raw }
}

fn put_loaded(w: &mut Wave, dst: Opnd, lane: usize, a: Access, buf: &[u8]) {
    let Opnd::V(d) = dst else { return };
    let d = d as usize;
    if a.bytes >= 4 {
        for k in 0..a.bytes / 4 {
            w.v_mut(d + k)[lane] = u32::from_le_bytes([buf[4 * k], buf[4 * k + 1], buf[4 * k + 2], buf[4 * k + 3]]);
        }
        return;
    }
    let raw = if a.bytes == 1 { buf[0] as u32 } else { u16::from_le_bytes([buf[0], buf[1]]) as u32 };
    let v = widen(raw, a.bytes, a.sign);
    let old = w.v(d)[lane];
    w.v_mut(d)[lane] = match a.d16 {
        None => v,
        Some(false) => (old & 0xffff_0000) | (v & 0xffff),
        Some(true) => (old & 0xffff) | (v << 16),
    };
}

/// The bytes one lane stores.
fn take_stored(w: &Wave, src: Opnd, lane: usize, a: Access, buf: &mut [u8; 64]) {
    let Opnd::V(s) = src else { return };
    let s = s as usize;
    for k in 0..a.bytes.div_ceil(4) {
        let mut v = w.v(s + k)[lane];
        if a.d16 == Some(true) {
            v >>= 16;
        }
        buf[4 * k..4 * k + 4].copy_from_slice(&v.to_le_bytes());
    }
}

/// The read-modify-write an atomic mnemonic names.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Rmw {
    Add,
    Sub,
    Rsub,
    Swap,
    /// Compare-and-swap; `true`: the new value comes first in the data (global/flat,
    /// gfx11 LDS), else the compare value first (gfx10 `ds_cmpst`).
    CmpSwap(bool),
    MinI,
    MaxI,
    MinU,
    MaxU,
    MinF,
    MaxF,
    And,
    Or,
    Xor,
    Inc,
    Dec,
    AddF,
}

/// (operation, 64-bit) of an atomic mnemonic, after its prefix.
fn rmw(op: &str) -> Option<(Rmw, bool)> {
    let mut toks = op.split('_').filter(|t| *t != "rtn");
    let first = toks.next();
    let ty = toks.next().unwrap_or("");
    let wide = matches!(ty, "x2" | "u64" | "i64" | "b64" | "f64");
    let float = ty.starts_with('f');
    let signed = ty.starts_with('i');
    let r = match first? {
        "add" if float => Rmw::AddF,
        "add" => Rmw::Add,
        "sub" => Rmw::Sub,
        "rsub" => Rmw::Rsub,
        "swap" | "wrxchg" => Rmw::Swap,
        "cmpswap" | "cmpstore" => Rmw::CmpSwap(true),
        "cmpst" => Rmw::CmpSwap(false),
        "smin" => Rmw::MinI,
        "smax" => Rmw::MaxI,
        "umin" => Rmw::MinU,
        "umax" => Rmw::MaxU,
        "fmin" => Rmw::MinF,
        "fmax" => Rmw::MaxF,
        "min" if float => Rmw::MinF,
        "max" if float => Rmw::MaxF,
        "min" if signed => Rmw::MinI,
        "max" if signed => Rmw::MaxI,
        "min" => Rmw::MinU,
        "max" => Rmw::MaxU,
        "and" => Rmw::And,
        "or" => Rmw::Or,
        "xor" => Rmw::Xor,
        "inc" => Rmw::Inc,
        "dec" => Rmw::Dec,
        _ => return None,
    };
    Some((r, wide))
}

/// The new memory value for `old` under `r` with `data` (and `cmp` for compare-and-swap).
fn apply(r: Rmw, wide: bool, old: u64, data: u64, cmp: u64) -> u64 {
    let mask = if wide { u64::MAX } else { 0xffff_ffff };
    let (o, d) = (old & mask, data & mask);
    let sx = |v: u64| if wide { v as i64 } else { v as u32 as i32 as i64 };
    let fl = |v: u64| if wide { f64::from_bits(v) } else { f32::from_bits(v as u32) as f64 };
    let tofl = |v: f64| if wide { v.to_bits() } else { (v as f32).to_bits() as u64 };
    let v = match r {
        Rmw::Add => o.wrapping_add(d),
        Rmw::Sub => o.wrapping_sub(d),
        Rmw::Rsub => d.wrapping_sub(o),
        Rmw::Swap => d,
        Rmw::CmpSwap(_) => {
            if o == cmp & mask {
                d
            } else {
                o
            }
        }
        Rmw::MinI => if sx(d) < sx(o) { d } else { o },
        Rmw::MaxI => if sx(d) > sx(o) { d } else { o },
        Rmw::MinU => o.min(d),
        Rmw::MaxU => o.max(d),
        Rmw::MinF => tofl(fl(o).min(fl(d))),
        Rmw::MaxF => tofl(fl(o).max(fl(d))),
        Rmw::And => o & d,
        Rmw::Or => o | d,
        Rmw::Xor => o ^ d,
        Rmw::Inc => if o >= d { 0 } else { o + 1 },
        Rmw::Dec => if o == 0 || o > d { d } else { o - 1 },
        Rmw::AddF => {
            if wide {
                (f64::from_bits(o) + f64::from_bits(d)).to_bits()
            } else {
                (f32::from_bits(o as u32) + f32::from_bits(d as u32)).to_bits() as u64
            }
        }
    };
    v & mask
}

/// Reads a value of `wide` size from VGPR `o` (+ `k` registers) of a lane.
fn vreg(w: &Wave, o: Opnd, k: usize, wide: bool, lane: usize) -> u64 {
    match o {
        Opnd::V(n) => {
            let n = n as usize + k;
            let lo = w.v(n)[lane] as u64;
            if wide { lo | (w.v(n + 1)[lane] as u64) << 32 } else { lo }
        }
        _ => 0,
    }
}

/// One lane's atomic: `data` and `cmp` registers as the encoding lays them out.
fn lane_atomic(ctx: &mut WaveCtx, w: &mut Wave, lane: usize, p: Place, r: Rmw, wide: bool, data: Opnd, data2: Opnd, dst: Opnd) -> Result<(), Trap> {
    let step = if wide { 2 } else { 1 };
    let (d, c) = match r {
        // Global/flat: data = {new, cmp} in consecutive registers; LDS: data0, data1.
        Rmw::CmpSwap(new_first) => {
            let (a, b) = if data2 == Opnd::None { (vreg(w, data, 0, wide, lane), vreg(w, data, step, wide, lane)) } else { (vreg(w, data, 0, wide, lane), vreg(w, data2, 0, wide, lane)) };
            if new_first { (a, b) } else { (b, a) }
        }
        _ => (vreg(w, data, 0, wide, lane), 0),
    };
    let old = atomic(ctx, lane, p, if wide { 8 } else { 4 }, &|o| apply(r, wide, o, d, c))?;
    if wide {
        vdst64(w, dst, lane, old);
    } else {
        vdst(w, dst, lane, old as u32);
    }
    Ok(())
}

/// Whole-dword global loads and stores (the common case, resolved at load): per active
/// lane one address, then `dwords` dwords to or from consecutive VGPRs. The same
/// addressing and checks as [`flat`].
pub(crate) fn global_dwords(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx, load: bool, dwords: usize) -> Result<(), Trap> {
    let saddr = match i.src[2] {
        Opnd::S(_) => Some(rd64(w, i.src[2])),
        _ => None,
    };
    // Every active lane's address; when they all fall in one allocation (the common case)
    // one range check covers the wave and the lanes access host memory directly.
    let active_lanes = w.exec & w.full_mask();
    // Only active lanes' entries are written and read (zeroing all 64 was a memset call
    // per instruction).
    let mut addrs = [std::mem::MaybeUninit::<u64>::uninit(); 64];
    let (mut lo, mut hi) = (u64::MAX, 0u64);
    let off = i.offset as i64;
    let mut note = |l: usize, a: u64| {
        addrs[l].write(a);
        lo = lo.min(a);
        hi = hi.max(a);
    };
    match (saddr, i.src[0]) {
        // The common form: a 64-bit address in a VGPR pair, read straight from its two
        // register slices.
        (None, Opnd::V(r)) => {
            let (n, r) = (w.lanes, r as usize);
            if !w.vgprs_within(r, 2) {
                return Ok(());
            }
            let (low, high) = (&w.vgpr[r * n..(r + 1) * n], &w.vgpr[(r + 1) * n..(r + 2) * n]);
            for l in set_lanes(active_lanes) {
                note(l, (low[l] as u64 | (high[l] as u64) << 32).wrapping_add_signed(off));
            }
        }
        (Some(s), _) => {
            for l in set_lanes(active_lanes) {
                note(l, s.wrapping_add(vsrc(w, i.src[0], l) as u64).wrapping_add_signed(off));
            }
        }
        (None, _) => {
            for l in set_lanes(active_lanes) {
                note(l, vsrc64(w, i.src[0], l).wrapping_add_signed(off));
            }
        }
    }
    let bytes = 4 * dwords as u64;
    let span = hi.checked_add(bytes).filter(|_| active_lanes != 0).and_then(|end| ctx.memory.host_span(lo, (end - lo) as usize));
    if let Some(host) = span {
        if load {
            prefetch_next(i, w, lo, hi + bytes, host);
        }
        let reg = if load { i.dst } else { i.src[1] };
        let Opnd::V(reg) = reg else { return Ok(()) };
        let n = w.lanes;
        if !w.vgprs_within(reg as usize, dwords) {
            return Ok(());
        }
        let regs = &mut w.vgpr[reg as usize * n..(reg as usize + dwords) * n];
        // Lane by lane, a lane's dwords in as few host accesses as possible: a 64-bit
        // access is one host access (single-copy atomic when aligned, as on the GPU), so
        // another thread never sees half of it. rocPRIM's decoupled look-back packs a
        // flag and a value in one 64-bit word and polls it from other workgroups: written
        // a dword at a time, a reader could see the new flag with the old value.
        for l in set_lanes(active_lanes) {
            // SAFETY: `note` wrote the entry of every active lane.
            let a = unsafe { addrs[l].assume_init() };
            let q = (host + (a - lo)) as *mut u8;
            let mut k = 0;
            while k < dwords {
                // SAFETY: [lo, hi + bytes) lies in one checked region (or the caller of
                // `Memory::unchecked` vouched for every address); unaligned access is
                // allowed as on the GPU. Other waves may touch the same bytes concurrently,
                // as there.
                unsafe {
                    let p = q.add(4 * k);
                    if k + 1 < dwords {
                        let p = p as *mut u64;
                        if load {
                            let v = p.read_unaligned();
                            regs[k * n + l] = v as u32;
                            regs[(k + 1) * n + l] = (v >> 32) as u32;
                        } else {
                            p.write_unaligned(regs[k * n + l] as u64 | (regs[(k + 1) * n + l] as u64) << 32);
                        }
                        k += 2;
                    } else {
                        let p = p as *mut u32;
                        if load {
                            regs[k * n + l] = p.read_unaligned();
                        } else {
                            p.write_unaligned(regs[k * n + l]);
                        }
                        k += 1;
                    }
                }
            }
        }
        return Ok(());
    }
    // Lanes spread over allocations (or outside any): each access checked on its own.
    for l in set_lanes(active_lanes) {
        for k in 0..dwords {
            // SAFETY: `note` wrote the entry of every active lane.
            let at = unsafe { addrs[l].assume_init() }.wrapping_add(4 * k as u64);
            if load {
                let v = ctx.memory.read_u32(at)?;
                if let Opnd::V(d) = i.dst {
                    w.v_mut(d as usize + k)[l] = v;
                }
            } else if let Opnd::V(s) = i.src[1] {
                ctx.memory.write_u32(at, w.v(s as usize + k)[l])?;
            }
        }
    }
    Ok(())
}

/// The widest span of one wave's load that [`prefetch_next`] prefetches: 64 lanes × 16
/// bytes, with room for a misaligned start.
const PREFETCH_SPAN: u64 = 2048;

/// Prefetches what the wave's next execution of load `i` will read, [lo, end) moved by the
/// distance between this execution and the previous one. Waves run one at a time until a
/// barrier, so a grid-stride loop reads each wave's stream at a stride of the whole grid
/// (hundreds of KiB), which the CPU's own prefetchers do not follow: every load missed the
/// caches (block_reduce, bench/gcn). `host` is the host address of `lo`; a prefetch is a
/// hint that never faults, also outside the allocation.
fn prefetch_next(i: &Inst, w: &mut Wave, lo: u64, end: u64, host: u64) {
    let key = i as *const Inst as usize;
    let slot = &mut w.last_loads[key >> 4 & 3];
    let stride = if slot.0 == key { lo.wrapping_sub(slot.1) as i64 } else { 0 };
    *slot = (key, lo);
    // Only a wave reading one compact block (a few cache lines: consecutive lanes) is worth
    // it; lanes scattered over megabytes (a gather, a histogram's bins) would ask for every
    // line in between: that loop once took 40% of a rocPRIM histogram test.
    if stride == 0 || stride.unsigned_abs() > 1 << 30 || end - lo > PREFETCH_SPAN {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let first = host.wrapping_add_signed(stride);
        let mut line = first & !63;
        while line < first + (end - lo) {
            // SAFETY: prefetching has no architectural effect and does not fault.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(line as *const i8) };
            line += 64;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (host, end);
}

/// Whole-dword single-address LDS loads and stores (resolved at load): the address is the
/// lane's src[0] plus the 16-bit offset, wrapping at 32 bits; an access that does not fit
/// the workgroup's LDS reads zeros or is dropped, as in [`lds`].
pub(crate) fn lds_dwords(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx, load: bool, dwords: usize) {
    match (w.lanes, dwords) {
        (32, 1) => lds_lanes::<32, 1>(i, w, ctx, load),
        (32, 2) => lds_lanes::<32, 2>(i, w, ctx, load),
        (32, 4) => lds_lanes::<32, 4>(i, w, ctx, load),
        (64, 1) => lds_lanes::<64, 1>(i, w, ctx, load),
        (64, 2) => lds_lanes::<64, 2>(i, w, ctx, load),
        _ => lds_lanes::<64, 4>(i, w, ctx, load),
    }
}

/// [`lds_dwords`] for N lanes and D dwords, lane by lane (a lane's dwords together: where
/// lanes' stores overlap, the higher lane's lands last, as in the general path).
#[inline(always)]
fn lds_lanes<const N: usize, const D: usize>(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx, load: bool) {
    let (Opnd::V(addr), off) = (i.src[0], i.offset as u32 & 0xffff) else { return };
    let reg = if load { i.dst } else { i.src[1] };
    let Opnd::V(reg) = reg else { return };
    let (addr, reg) = (addr as usize, reg as usize);
    let exec = w.exec & w.full_mask();
    // Both registers in range of the wave's file (the raw accesses below rely on it).
    if !(w.vgprs_within(addr, 1) && w.vgprs_within(reg, D)) {
        return;
    }
    let vg = w.vgpr.as_mut_ptr();
    let (lds, len) = (ctx.lds.as_mut_ptr(), ctx.lds.len());
    for l in set_lanes(exec) {
        // SAFETY: l < N and the registers are in range (asserted); an access is made only
        // when it fits the LDS. The address is read before the lane's destination is
        // written, so a destination that is the address register is fine.
        unsafe {
            let p = (*vg.add(addr * N + l)).wrapping_add(off) as usize;
            let fits = p + 4 * D <= len;
            for k in 0..D {
                let r = vg.add((reg + k) * N + l);
                if load {
                    *r = if fits { (lds.add(p + 4 * k) as *const u32).read_unaligned() } else { 0 };
                } else if fits {
                    (lds.add(p + 4 * k) as *mut u32).write_unaligned(*r);
                }
            }
        }
    }
}

/// FLAT, GLOBAL and SCRATCH: src[0] address, src[1] data, src[2] saddr.
pub(crate) fn flat(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Option<Result<(), Trap>> {
    let n = i.name;
    let (seg, op) = if let Some(r) = n.strip_prefix("global_") {
        (1, r)
    } else if let Some(r) = n.strip_prefix("scratch_") {
        (2, r)
    } else {
        (0, n.strip_prefix("flat_")?)
    };
    let place = |w: &Wave, l: usize| -> Place {
        match seg {
            1 => {
                let a = match i.src[2] {
                    Opnd::S(_) => rd64(w, i.src[2]).wrapping_add(vsrc(w, i.src[0], l) as u64),
                    _ => vsrc64(w, i.src[0], l),
                };
                Place::Global(a.wrapping_add_signed(i.offset as i64))
            }
            2 => {
                let mut a = i.offset as i64;
                if let Opnd::S(_) = i.src[2] {
                    a += rd32(w, i.src[2]) as i64;
                }
                if let Opnd::V(_) = i.src[0] {
                    a += vsrc(w, i.src[0], l) as i64;
                }
                Place::Private(a as u32 as u64)
            }
            _ => flat_place(vsrc64(w, i.src[0], l).wrapping_add_signed(i.offset as i64)),
        }
    };
    if let Some(a) = op.strip_prefix("atomic_") {
        let (r, wide) = rmw(a)?;
        let dst = if i.mem.glc { i.dst } else { Opnd::None };
        for l in active(w) {
            let p = place(w, l);
            if let Err(t) = lane_atomic(ctx, w, l, p, r, wide, i.src[1], Opnd::None, dst) {
                return Some(Err(t));
            }
        }
        return Some(Ok(()));
    }
    let load = op.starts_with("load_");
    if !load && !op.starts_with("store_") {
        return None;
    }
    let a = access(op)?;
    let mut buf = [0u8; 64];
    for l in active(w) {
        let p = place(w, l);
        let r = if load {
            read(ctx, l, p, &mut buf[..a.bytes]).map(|()| put_loaded(w, i.dst, l, a, &buf))
        } else {
            take_stored(w, i.src[1], l, a, &mut buf);
            write(ctx, l, p, &buf[..a.bytes])
        };
        if let Err(t) = r {
            return Some(Err(t));
        }
    }
    Some(Ok(()))
}

/// MUBUF: src[0] vaddr, src[1] data, src[2] the buffer resource, src[3] soffset. A
/// resource whose base is the private segment marker addresses the lanes' scratch.
pub(crate) fn buffer(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Option<Result<(), Trap>> {
    let op = i.name.strip_prefix("buffer_")?;
    if op.starts_with("gl0_inv") || op.starts_with("gl1_inv") || op.starts_with("wbinvl1") {
        return Some(Ok(()));
    }
    let Opnd::S(r) = i.src[2] else { return None };
    let r = r as usize;
    let base = w.sgpr[r] as u64 | ((w.sgpr[r + 1] & 0xffff) as u64) << 32;
    let stride = (w.sgpr[r + 1] >> 16 & 0x3fff) as u64;
    let records = w.sgpr[r + 2] as u64;
    let soffset = rd32(w, i.src[3]) as u64;
    let private = (PRIVATE_BUFFER_BASE..PRIVATE_BUFFER_BASE + (1 << 32)).contains(&base);
    let place = |w: &Wave, l: usize| -> Place {
        let (idx, off) = match (i.mem.idxen, i.mem.offen, i.src[0]) {
            (true, true, Opnd::V(v)) => (w.v(v as usize)[l] as u64, w.v(v as usize + 1)[l] as u64),
            (true, false, Opnd::V(v)) => (w.v(v as usize)[l] as u64, 0),
            (false, true, Opnd::V(v)) => (0, w.v(v as usize)[l] as u64),
            _ => (0, 0),
        };
        let off = off + i.offset as u64;
        if private {
            return Place::Private((base - PRIVATE_BUFFER_BASE + soffset + off) & 0xffff_ffff);
        }
        let in_range = if stride == 0 { off < records } else { idx < records };
        if !in_range {
            return Place::Nowhere;
        }
        Place::Global(base + soffset + off + idx * stride)
    };
    if let Some(a) = op.strip_prefix("atomic_") {
        let (rm, wide) = rmw(a)?;
        let dst = if i.mem.glc { i.dst } else { Opnd::None };
        for l in active(w) {
            let p = place(w, l);
            if let Err(t) = lane_atomic(ctx, w, l, p, rm, wide, i.src[1], Opnd::None, dst) {
                return Some(Err(t));
            }
        }
        return Some(Ok(()));
    }
    let load = op.starts_with("load_");
    if !load && !op.starts_with("store_") {
        return None;
    }
    if let Some(comps) = op.strip_prefix("load_format_")
        && let Some(f) = SmallFormat::of(w.sgpr[r + 3] >> 12 & 0x7f)
    {
        if comps.starts_with("d16") {
            return None;
        }
        for l in active(w) {
            if let Err(t) = f.load(ctx, w, l, place(w, l), i.dst, comps.len()) {
                return Some(Err(t));
            }
        }
        return Some(Ok(()));
    }
    let a = match op.strip_prefix("load_format_").or_else(|| op.strip_prefix("store_format_")) {
        // Formatted accesses, taken as 32-bit components (the formats the compiler uses for
        // plain buffers); d16 forms are not handled.
        Some(comps) if !comps.starts_with("d16") => Access { bytes: 4 * comps.len(), sign: false, d16: None },
        Some(_) => return None,
        None => access(op)?,
    };
    let mut buf = [0u8; 64];
    for l in active(w) {
        let p = place(w, l);
        let res = if load {
            read(ctx, l, p, &mut buf[..a.bytes]).map(|()| put_loaded(w, i.dst, l, a, &buf))
        } else {
            take_stored(w, i.src[1], l, a, &mut buf);
            write(ctx, l, p, &buf[..a.bytes])
        };
        if let Err(t) = res {
            return Some(Err(t));
        }
    }
    Some(Ok(()))
}

/// A buffer resource's data format (dword 3, bits 18:12) whose channels are 8 or 16-bit
/// integers: a formatted load widens each channel to 32 bits. These unified-format codes
/// are the same on gfx10 and gfx11 (the tables part from code 30 on); every other format
/// is read as raw 32-bit components, the widths compilers use for plain buffers.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SmallFormat {
    bytes: usize,
    channels: usize,
    signed: bool,
}

impl SmallFormat {
    fn of(code: u32) -> Option<SmallFormat> {
        let (bytes, channels, signed) = match code {
            5 => (1, 1, false),  // 8_UINT
            6 => (1, 1, true),   // 8_SINT
            11 => (2, 1, false), // 16_UINT
            12 => (2, 1, true),  // 16_SINT
            18 => (1, 2, false), // 8_8_UINT
            19 => (1, 2, true),  // 8_8_SINT
            27 => (2, 2, false), // 16_16_UINT
            28 => (2, 2, true),  // 16_16_SINT
            _ => return None,
        };
        Some(SmallFormat { bytes, channels, signed })
    }

    /// Loads `comps` components of one lane's texel at `p` into `dst`, `dst + 1`, …:
    /// channels the format lacks read 0 (w: 1), as the default destination select does.
    fn load(self, ctx: &WaveCtx, w: &mut Wave, lane: usize, p: Place, dst: Opnd, comps: usize) -> Result<(), Trap> {
        let Opnd::V(d) = dst else { return Ok(()) };
        let mut texel = [0u8; 4];
        read(ctx, lane, p, &mut texel[..self.bytes * self.channels])?;
        for c in 0..comps {
            w.v_mut(d as usize + c)[lane] = self.component(&texel, c);
        }
        Ok(())
    }

    /// Component `c` of a texel, widened to 32 bits.
    fn component(self, texel: &[u8; 4], c: usize) -> u32 {
        if c >= self.channels {
            return (c == 3) as u32;
        }
        let at = c * self.bytes;
        let raw = if self.bytes == 1 { texel[at] as u32 } else { u16::from_le_bytes([texel[at], texel[at + 1]]) as u32 };
        widen(raw, self.bytes, self.signed)
    }
}

/// LDS reads, writes (incl. two-address forms) and atomics: src[0] address, src[1]
/// data0, src[2] data1.
pub(crate) fn lds(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Option<Result<(), Trap>> {
    let op = i.name.strip_prefix("ds_")?;
    let (load, store) = (op.starts_with("read") || op.starts_with("load"), op.starts_with("write") || op.starts_with("store"));
    let two = op.starts_with("read2") || op.starts_with("write2") || op.contains("2addr");
    if (load || store) && !op.starts_with("write_addtid") && !op.starts_with("read_addtid") && !op.starts_with("wrxchg") {
        let a = access(op)?;
        let mut buf = [0u8; 64];
        for l in active(w) {
            let base = vsrc(w, i.src[0], l) as u64;
            // LDS addresses are 32-bit: address + offset wraps.
            let at = |off: u64| (base as u32).wrapping_add(off as u32) as u64;
            let mut parts = [(at((i.offset as u32 & 0xffff) as u64), i.dst, i.src[1]); 2];
            let mut count = 1;
            if two {
                let scale = a.bytes as u64 * if op.contains("st64") || op.contains("stride64") { 64 } else { 1 };
                let (o0, o1) = ((i.offset & 0xff) as u64 * scale, (i.offset >> 8 & 0xff) as u64 * scale);
                let d2 = match i.dst {
                    Opnd::V(d) => Opnd::V(d + (a.bytes / 4) as u16),
                    o => o,
                };
                parts = [(at(o0), i.dst, i.src[1]), (at(o1), d2, i.src[2])];
                count = 2;
            }
            for &(addr, dst, data) in &parts[..count] {
                let p = Place::Lds(addr);
                let r = if load {
                    read(ctx, l, p, &mut buf[..a.bytes]).map(|()| put_loaded(w, dst, l, a, &buf))
                } else {
                    take_stored(w, data, l, a, &mut buf);
                    write(ctx, l, p, &buf[..a.bytes])
                };
                if let Err(t) = r {
                    return Some(Err(t));
                }
            }
        }
        return Some(Ok(()));
    }
    let (r, wide) = rmw(op)?;
    let dst = if op.contains("_rtn") || op.starts_with("wrxchg") { i.dst } else { Opnd::None };
    let r = if let Rmw::CmpSwap(_) = r { Rmw::CmpSwap(op.starts_with("cmpstore")) } else { r };
    for l in active(w) {
        let p = Place::Lds(vsrc(w, i.src[0], l).wrapping_add(i.offset as u32 & 0xffff) as u64);
        if let Err(t) = lane_atomic(ctx, w, l, p, r, wide, i.src[1], i.src[2], dst) {
            return Some(Err(t));
        }
    }
    Some(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_buffer_formats_widen_their_channels() {
        let texel = [0xfe, 0x80, 0x34, 0x12];
        let u8x2 = SmallFormat::of(18).unwrap();
        assert_eq!((u8x2.component(&texel, 0), u8x2.component(&texel, 1)), (0xfe, 0x80));
        let i8x1 = SmallFormat::of(6).unwrap();
        assert_eq!(i8x1.component(&texel, 0), (-2i32) as u32);
        // Channels past the format's: 0, and 1 for w.
        assert_eq!((i8x1.component(&texel, 1), i8x1.component(&texel, 2), i8x1.component(&texel, 3)), (0, 0, 1));
        let i16x2 = SmallFormat::of(28).unwrap();
        assert_eq!((i16x2.component(&texel, 0), i16x2.component(&texel, 1)), (0xffff_80fe, 0x1234));
        let u16x1 = SmallFormat::of(11).unwrap();
        assert_eq!(u16x1.component(&texel, 0), 0x80fe);
        // 32-bit formats (20-22, 48-50, 61-63 on gfx11) stay raw words.
        for raw in [0, 20, 21, 22, 48, 50, 63] {
            assert_eq!(SmallFormat::of(raw), None);
        }
    }

    #[test]
    fn access_shapes_from_mnemonics() {
        let a = access("load_ubyte_d16_hi").unwrap();
        assert_eq!((a.bytes, a.sign, a.d16), (1, false, Some(true)));
        let a = access("load_d16_hi_u8").unwrap();
        assert_eq!((a.bytes, a.d16), (1, Some(true)));
        let a = access("load_short_d16").unwrap();
        assert_eq!((a.bytes, a.d16), (2, Some(false)));
        assert_eq!(access("load_dwordx4").unwrap().bytes, 16);
        assert_eq!(access("load_b128").unwrap().bytes, 16);
        assert!(access("load_sshort").unwrap().sign);
        assert!(access("atomic_add").is_none());
    }

    #[test]
    fn atomic_semantics() {
        assert_eq!(rmw("add_u32"), Some((Rmw::Add, false)));
        assert_eq!(rmw("add_x2"), Some((Rmw::Add, true)));
        assert_eq!(rmw("max_rtn_i32"), Some((Rmw::MaxI, false)));
        assert_eq!(rmw("add_f32"), Some((Rmw::AddF, false)));
        assert_eq!(apply(Rmw::MaxI, false, (-5i32) as u32 as u64, 3, 0), 3);
        assert_eq!(apply(Rmw::MaxU, false, (-5i32) as u32 as u64, 3, 0), 0xffff_fffb);
        assert_eq!(apply(Rmw::Inc, false, 7, 7, 0), 0);
        assert_eq!(apply(Rmw::Dec, false, 0, 9, 0), 9);
        assert_eq!(apply(Rmw::CmpSwap(true), false, 4, 10, 4), 10);
        assert_eq!(apply(Rmw::CmpSwap(true), false, 5, 10, 4), 5);
        assert_eq!(f32::from_bits(apply(Rmw::AddF, false, 1.5f32.to_bits() as u64, 2.25f32.to_bits() as u64, 0) as u32), 3.75);
        assert_eq!(apply(Rmw::Add, true, u32::MAX as u64, 1, 0), 1 << 32);
    }
}
