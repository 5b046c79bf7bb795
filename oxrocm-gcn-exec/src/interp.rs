//! A first interpreter over [`Inst`]: scalar ALU and memory, branches and calls, EXEC
//! manipulation, vector integer and f32 ALU, compares, lane reads/writes, global/flat
//! loads and stores, LDS and cross-lane LDS ops. What it does not know it reports as
//! [`Trap::Unsupported`], naming the instruction and its address.

use crate::ir::{Inst, Opnd};
use crate::wave::Wave;
use crate::workgroup::{Program, Stop, Trap, WaveCtx};
use crate::{lanes, scalar, vector_float, vector_int};

/// Decoded code: instructions by address.
pub struct Interp {
    base: u64,
    /// Indexed by (pc - base) / 4; `None` inside multi-word instructions.
    code: Vec<Option<Inst>>,
}

impl Interp {
    /// Lays `insts` out from address `base`, each after the previous by its length.
    pub fn new(base: u64, insts: Vec<Inst>) -> Interp {
        let mut code = Vec::new();
        for i in insts {
            let words = (i.len as usize / 4).max(1);
            code.push(Some(i));
            code.extend(std::iter::repeat_n(None, words - 1));
        }
        Interp { base, code }
    }

    fn fetch(&self, pc: u64) -> Result<&Inst, Trap> {
        let i = pc.checked_sub(self.base).filter(|d| d % 4 == 0).map(|d| (d / 4) as usize);
        i.and_then(|i| self.code.get(i)).and_then(Option::as_ref).ok_or(Trap::BadPc(pc))
    }
}

/// Registers a 64-bit op reads and writes as pairs.
fn wide(name: &str) -> bool {
    name.ends_with("_b64") || name.ends_with("_u64") || name.ends_with("_i64") || name.contains("_b64_") || name.ends_with("saveexec_b64")
}

fn rd32(w: &Wave, o: Opnd) -> u32 {
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

fn rd64(w: &Wave, o: Opnd) -> u64 {
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

fn wr32(w: &mut Wave, o: Opnd, v: u32) {
    match o {
        Opnd::S(n) => w.sgpr[n as usize] = v,
        Opnd::Vcc => w.vcc = (w.vcc & !0xffff_ffff) | v as u64,
        Opnd::Exec => w.exec = (w.exec & !0xffff_ffff) | v as u64,
        Opnd::M0 => w.m0 = v,
        _ => {}
    }
}

fn wr64(w: &mut Wave, o: Opnd, v: u64) {
    match o {
        Opnd::S(n) => w.set_s64(n as usize, v),
        Opnd::Vcc => w.vcc = v,
        Opnd::Exec => w.exec = v,
        o => wr32(w, o, v as u32),
    }
}

/// A lane mask from a scalar operand (wave-sized).
fn rd_mask(w: &Wave, o: Opnd) -> u64 {
    if w.lanes == 32 { rd32(w, o) as u64 } else { rd64(w, o) }
}
fn wr_mask(w: &mut Wave, o: Opnd, m: u64) {
    if w.lanes == 32 { wr32(w, o, m as u32) } else { wr64(w, o, m) }
}

/// A vector source for one lane.
fn vsrc(w: &Wave, o: Opnd, lane: usize) -> u32 {
    match o {
        Opnd::V(n) => w.v(n as usize)[lane],
        o => rd32(w, o),
    }
}
fn vsrc64(w: &Wave, o: Opnd, lane: usize) -> u64 {
    match o {
        Opnd::V(n) => w.v(n as usize)[lane] as u64 | (w.v(n as usize + 1)[lane] as u64) << 32,
        o => rd64(w, o),
    }
}
fn vdst(w: &mut Wave, o: Opnd, lane: usize, v: u32) {
    if let Opnd::V(n) = o {
        w.v_mut(n as usize)[lane] = v;
    }
}

fn active(w: &Wave) -> impl Iterator<Item = usize> + use<> {
    let (exec, n) = (w.exec, w.lanes);
    (0..n).filter(move |l| exec >> l & 1 != 0)
}

/// Dwords moved by a memory op, from its name (`dword`, `dwordx2`…, gfx11 `b32`…`b512`).
fn dwords(name: &str) -> Option<usize> {
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

/// Sub-dword loads: (bytes, sign-extend).
fn narrow(name: &str) -> Option<(usize, bool)> {
    let tail = name.rsplit('_').next()?;
    Some(match tail {
        "ubyte" | "u8" => (1, false),
        "sbyte" | "i8" => (1, true),
        "ushort" | "u16" => (2, false),
        "sshort" | "i16" => (2, true),
        "byte" => (1, false),
        "short" => (2, false),
        _ => return None,
    })
}

impl Program for Interp {
    fn run(&self, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
        self.step_all(w, ctx)
    }
}

impl Interp {
    /// Runs until the wave ends or reaches a barrier.
    pub fn step_all(&self, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap> {
        loop {
            let pc = w.pc;
            let i = self.fetch(pc)?;
            w.pc = pc + i.len as u64;
            if let Some(stop) = self.exec(i, pc, w, ctx)? {
                return Ok(stop);
            }
        }
    }

    fn exec(&self, i: &Inst, pc: u64, w: &mut Wave, ctx: &mut WaveCtx) -> Result<Option<Stop>, Trap> {
        let n = i.name;
        let unsupported = || Trap::Unsupported(n.to_string(), pc);
        if let Some(stop) = self.control(i, w)? {
            return Ok(stop);
        }
        if n.starts_with("s_") {
            self.scalar(i, w, ctx).ok_or_else(unsupported)??;
        } else if n.starts_with("v_") {
            self.vector(i, w).ok_or_else(unsupported)?;
        } else if n.starts_with("global_") || n.starts_with("flat_") {
            self.global(i, w, ctx).ok_or_else(unsupported)??;
        } else if n.starts_with("ds_") {
            self.lds(i, w, ctx).ok_or_else(unsupported)?;
        } else {
            return Err(unsupported());
        }
        Ok(None)
    }

    /// Program flow. `Ok(Some(Some(stop)))`: the wave stops; `Ok(Some(None))`: handled
    /// here (branch, call, no-op); `Ok(None)`: not a flow instruction.
    fn control(&self, i: &Inst, w: &mut Wave) -> Result<Option<Option<Stop>>, Trap> {
        let jump = |w: &mut Wave| w.pc = w.pc.wrapping_add_signed(i.offset as i64 * 4);
        let taken = match i.name {
            "s_endpgm" => return Ok(Some(Some(Stop::Ended))),
            "s_barrier" => return Ok(Some(Some(Stop::Barrier))),
            "s_branch" => true,
            "s_cbranch_scc0" => !w.scc,
            "s_cbranch_scc1" => w.scc,
            "s_cbranch_vccz" => w.vcc & w.full_mask() == 0,
            "s_cbranch_vccnz" => w.vcc & w.full_mask() != 0,
            "s_cbranch_execz" => w.exec & w.full_mask() == 0,
            "s_cbranch_execnz" => w.exec & w.full_mask() != 0,
            "s_getpc_b64" => {
                let next = w.pc;
                wr64(w, i.dst, next);
                return Ok(Some(None));
            }
            "s_setpc_b64" => {
                w.pc = rd64(w, i.src[0]);
                return Ok(Some(None));
            }
            "s_swappc_b64" => {
                let next = w.pc;
                w.pc = rd64(w, i.src[0]);
                wr64(w, i.dst, next);
                return Ok(Some(None));
            }
            // Waits, hints and scheduling: nothing to do on an in-order interpreter.
            "s_waitcnt" | "s_waitcnt_vscnt" | "s_waitcnt_vmcnt" | "s_waitcnt_expcnt" | "s_waitcnt_lgkmcnt" | "s_nop"
            | "s_delay_alu" | "s_clause" | "s_setprio" | "s_inst_prefetch" | "s_code_end" | "s_dcache_inv"
            | "s_icache_inv" | "s_gl1_inv" | "buffer_gl0_inv" | "buffer_gl1_inv" | "s_sendmsg" | "s_sleep"
            | "s_trap" | "s_ttracedata" => return Ok(Some(None)),
            _ => return Ok(None),
        };
        if taken {
            jump(w);
        }
        Ok(Some(None))
    }

    fn scalar(&self, i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Option<Result<(), Trap>> {
        let n = i.name;
        // Scalar loads from memory.
        if n.starts_with("s_load_") || n.starts_with("s_buffer_load_") {
            let count = dwords(n)?;
            let base = rd64(w, i.src[0]) & 0xffff_ffff_ffff;
            let off = match i.src[1] {
                Opnd::None => i.offset as i64,
                o => rd32(w, o) as i64 + i.offset as i64,
            };
            let Opnd::S(d) = i.dst else { return Some(Ok(())) };
            for k in 0..count {
                match ctx.memory.read_u32(base.wrapping_add_signed(off) + 4 * k as u64) {
                    Ok(v) => w.sgpr[d as usize + k] = v,
                    Err(f) => return Some(Err(f.into())),
                }
            }
            return Some(Ok(()));
        }
        // EXEC save-and-modify (wave32: _b32 on exec_lo).
        if let Some(op) = n.strip_suffix("_saveexec_b32").or_else(|| n.strip_suffix("_saveexec_b64")) {
            let s = rd_mask(w, i.src[0]);
            let e = w.exec & w.full_mask();
            wr_mask(w, i.dst, e);
            let new = match op {
                "s_and" => s & e,
                "s_or" => s | e,
                "s_xor" => s ^ e,
                "s_andn2" | "s_and_not1" => s & !e,
                "s_orn2" | "s_or_not1" => s | !e,
                "s_nand" => !(s & e),
                "s_nor" => !(s | e),
                "s_xnor" => !(s ^ e),
                "s_andn1" | "s_and_not0" => !s & e,
                "s_orn1" | "s_or_not0" => !s | e,
                _ => return None,
            } & w.full_mask();
            w.exec = new;
            w.scc = new != 0;
            return Some(Ok(()));
        }
        match n {
            "s_movk_i32" => {
                wr32(w, i.dst, rd32(w, i.src[0]) as u16 as i16 as i32 as u32);
                return Some(Ok(()));
            }
            "s_addk_i32" => {
                let (v, o) = (rd32(w, i.dst) as i32).overflowing_add(rd32(w, i.src[0]) as u16 as i16 as i32);
                wr32(w, i.dst, v as u32);
                w.scc = o;
                return Some(Ok(()));
            }
            "s_mulk_i32" => {
                let v = (rd32(w, i.dst) as i32).wrapping_mul(rd32(w, i.src[0]) as u16 as i16 as i32);
                wr32(w, i.dst, v as u32);
                return Some(Ok(()));
            }
            "s_cmov_b32" | "s_cmov_b64" => {
                if w.scc {
                    let v = rd64(w, i.src[0]);
                    if wide(n) { wr64(w, i.dst, v) } else { wr32(w, i.dst, v as u32) }
                }
                return Some(Ok(()));
            }
            _ => {}
        }
        let w64 = wide(n);
        let rd = |w: &Wave, o: Opnd| if w64 || n.starts_with("s_lshl_b64") || n.starts_with("s_lshr_b64") { rd64(w, o) } else { rd32(w, o) as u64 };
        if let Some(scc) = scalar::sopc(n, rd(w, i.src[0]), rd(w, i.src[1])) {
            w.scc = scc;
            return Some(Ok(()));
        }
        let (a, b) = (rd(w, i.src[0]), rd32(w, i.src[1]) as u64);
        // The second source of 64-bit logic ops is 64 bits; of 64-bit shifts and bfe, 32.
        let b = if w64 && !n.contains("lsh") && !n.contains("ashr") && !n.contains("bfe") { rd(w, i.src[1]) } else { b };
        let (v, scc) = match i.src[1] {
            Opnd::None => scalar::sop1(n, a)?,
            _ => scalar::sop2(n, a, b, w.scc)?,
        };
        if w64 && !n.starts_with("s_bcnt") && !n.starts_with("s_ff") && !n.starts_with("s_flbit") && !n.starts_with("s_ctz") && !n.starts_with("s_clz") && !n.starts_with("s_cls") {
            wr64(w, i.dst, v);
        } else {
            wr32(w, i.dst, v as u32);
        }
        if let Some(c) = scc {
            w.scc = c;
        }
        Some(Ok(()))
    }

    fn vector(&self, i: &Inst, w: &mut Wave) -> Option<()> {
        let n = i.name;
        let denorm = w.mode >> 4 & 3 == 3;
        match n {
            "v_readfirstlane_b32" => {
                let lane = if w.exec & w.full_mask() == 0 { 0 } else { w.exec.trailing_zeros() as usize };
                let v = vsrc(w, i.src[0], lane);
                wr32(w, i.dst, v);
                return Some(());
            }
            "v_readlane_b32" => {
                let lane = rd32(w, i.src[1]) as usize % w.lanes;
                let v = vsrc(w, i.src[0], lane);
                wr32(w, i.dst, v);
                return Some(());
            }
            "v_writelane_b32" => {
                let lane = rd32(w, i.src[1]) as usize % w.lanes;
                let v = rd32(w, i.src[0]);
                vdst(w, i.dst, lane, v);
                return Some(());
            }
            "v_mbcnt_lo_u32_b32" | "v_mbcnt_hi_u32_b32" => {
                for l in active(w) {
                    let r = vector_int::mbcnt(n.contains("_hi_"), l, vsrc(w, i.src[0], l), vsrc(w, i.src[1], l));
                    vdst(w, i.dst, l, r);
                }
                return Some(());
            }
            "v_cndmask_b32" => {
                let mask = match i.src[2] { Opnd::None => w.vcc, o => rd_mask(w, o) };
                for l in active(w) {
                    let v = if mask >> l & 1 != 0 { vsrc(w, i.src[1], l) } else { vsrc(w, i.src[0], l) };
                    vdst(w, i.dst, l, v);
                }
                return Some(());
            }
            _ => {}
        }
        if n.starts_with("v_cmp_") || n.starts_with("v_cmpx_") {
            return self.compare(i, w);
        }
        if vector_int::vop_carry(n, 0, 0, false).is_some() {
            let cin = match i.src[2] { Opnd::None => w.vcc, o => rd_mask(w, o) };
            let mut cout = 0u64;
            for l in active(w) {
                let (v, c) = vector_int::vop_carry(n, vsrc(w, i.src[0], l), vsrc(w, i.src[1], l), cin >> l & 1 != 0)?;
                vdst(w, i.dst, l, v);
                cout |= (c as u64) << l;
            }
            let d2 = if i.dst2 == Opnd::None { Opnd::Vcc } else { i.dst2 };
            let keep = rd_mask(w, d2) & !w.exec;
            wr_mask(w, d2, keep | cout);
            return Some(());
        }
        if n == "v_mad_u64_u32" || n == "v_mad_i64_i32" {
            let mut cout = 0u64;
            for l in active(w) {
                let (v, c) = vector_int::vop_mad64(n, vsrc(w, i.src[0], l), vsrc(w, i.src[1], l), vsrc64(w, i.src[2], l))?;
                if let Opnd::V(d) = i.dst {
                    w.v_mut(d as usize)[l] = v as u32;
                    w.v_mut(d as usize + 1)[l] = (v >> 32) as u32;
                }
                cout |= (c as u64) << l;
            }
            if i.dst2 != Opnd::None {
                wr_mask(w, i.dst2, cout);
            }
            return Some(());
        }
        if vector_int::vop_shift64(n, 0, 0).is_some() {
            for l in active(w) {
                let v = vector_int::vop_shift64(n, vsrc(w, i.src[0], l), vsrc64(w, i.src[1], l))?;
                if let Opnd::V(d) = i.dst {
                    w.v_mut(d as usize)[l] = v as u32;
                    w.v_mut(d as usize + 1)[l] = (v >> 32) as u32;
                }
            }
            return Some(());
        }
        if vector_int::vop(n, 0, 0, 0).is_some() {
            for l in active(w) {
                let v = vector_int::vop(n, vsrc(w, i.src[0], l), vsrc(w, i.src[1], l), vsrc(w, i.src[2], l))?;
                vdst(w, i.dst, l, v);
            }
            return Some(());
        }
        vector_float::vop_f32(n, 0, 0, 0, true)?;
        let m = i.mods;
        let modify = |k: usize, v: u32| {
            let v = if m.abs >> k & 1 != 0 { v & 0x7fff_ffff } else { v };
            if m.neg >> k & 1 != 0 { v ^ 0x8000_0000 } else { v }
        };
        // Integer-result conversions take no float output modifiers.
        let float_out = !n.starts_with("v_cvt_i32") && !n.starts_with("v_cvt_u32") && !n.contains("_i32_f32") && !n.starts_with("v_cvt_f16") && !n.starts_with("v_cvt_pk");
        for l in active(w) {
            let (a, b, c) = (modify(0, vsrc(w, i.src[0], l)), modify(1, vsrc(w, i.src[1], l)), modify(2, vsrc(w, i.src[2], l)));
            let mut r = vector_float::vop_f32(n, a, b, c, denorm)?;
            if float_out && (m.omod != 0 || m.clamp) {
                let mut f = f32::from_bits(r);
                f *= [1.0, 2.0, 4.0, 0.5][m.omod as usize & 3];
                if m.clamp {
                    f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
                }
                r = f.to_bits();
            }
            vdst(w, i.dst, l, r);
        }
        Some(())
    }

    /// v_cmp_<cond>_<type> / v_cmpx_…: a lane mask into the destination (VCC by default),
    /// or EXEC for cmpx.
    fn compare(&self, i: &Inst, w: &mut Wave) -> Option<()> {
        let n = i.name;
        let rest = n.strip_prefix("v_cmpx_").or_else(|| n.strip_prefix("v_cmp_"))?;
        let (cond, ty) = rest.rsplit_once('_')?;
        let mut mask = 0u64;
        for l in active(w) {
            let (a, b) = (vsrc(w, i.src[0], l), vsrc(w, i.src[1], l));
            let r = match (ty, cond) {
                (_, "class") => vector_float::class_f32(a, b),
                ("f32", c) => {
                    use std::cmp::Ordering::{Equal, Greater, Less};
                    // Ordered relations are false with a NaN; their "n" forms are true.
                    let ord = f32::from_bits(a).partial_cmp(&f32::from_bits(b));
                    let is = |set: &[std::cmp::Ordering]| ord.is_some_and(|o| set.contains(&o));
                    match c {
                        "f" => false,
                        "lt" => is(&[Less]),
                        "eq" => is(&[Equal]),
                        "le" => is(&[Less, Equal]),
                        "gt" => is(&[Greater]),
                        "lg" => is(&[Less, Greater]),
                        "ge" => is(&[Greater, Equal]),
                        "o" => ord.is_some(),
                        "u" => ord.is_none(),
                        "nge" => !is(&[Greater, Equal]),
                        "nlg" => !is(&[Less, Greater]),
                        "ngt" => !is(&[Greater]),
                        "nle" => !is(&[Less, Equal]),
                        "neq" => !is(&[Equal]),
                        "nlt" => !is(&[Less]),
                        "tru" => true,
                        _ => return None,
                    }
                }
                ("i32" | "u32", c) => {
                    let (x, y) = if ty == "i32" { (a as i32 as i64, b as i32 as i64) } else { (a as i64, b as i64) };
                    match c {
                        "f" => false,
                        "lt" => x < y,
                        "eq" => x == y,
                        "le" => x <= y,
                        "gt" => x > y,
                        "ne" | "lg" => x != y,
                        "ge" => x >= y,
                        "t" | "tru" => true,
                        _ => return None,
                    }
                }
                _ => return None,
            };
            mask |= (r as u64) << l;
        }
        if n.starts_with("v_cmpx_") {
            w.exec = mask;
            if i.dst != Opnd::None && i.dst != Opnd::Exec {
                wr_mask(w, i.dst, mask);
            }
        } else {
            let d = if i.dst == Opnd::None { Opnd::Vcc } else { i.dst };
            wr_mask(w, d, mask);
        }
        Some(())
    }

    /// Global and flat memory: address from a VGPR pair, or a VGPR offset plus an SGPR
    /// pair base (`saddr`); flat addresses in the LDS window go to LDS.
    fn global(&self, i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Option<Result<(), Trap>> {
        let n = i.name;
        let load = n.contains("_load_");
        let store = n.contains("_store_");
        if !load && !store {
            return None;
        }
        let (addr_op, data_op, saddr) = if load { (i.src[0], Opnd::None, i.src[1]) } else { (i.src[0], i.src[1], i.src[2]) };
        let width = dwords(n).map(|d| d * 4).or_else(|| narrow(n).map(|(b, _)| b))?;
        let sign = narrow(n).is_some_and(|(_, s)| s);
        for l in active(w) {
            let addr = match saddr {
                Opnd::S(_) => rd64(w, saddr).wrapping_add(vsrc(w, addr_op, l) as u64),
                _ => vsrc64(w, addr_op, l),
            }
            .wrapping_add_signed(i.offset as i64);
            let in_lds = n.starts_with("flat_") && (crate::dispatch::SHARED_APERTURE..crate::dispatch::SHARED_APERTURE + (1 << 32)).contains(&addr);
            if load {
                let mut buf = [0u8; 64];
                let r = if in_lds {
                    let o = (addr - crate::dispatch::SHARED_APERTURE) as usize;
                    buf[..width].copy_from_slice(ctx.lds.get(o..o + width).unwrap_or(&[0; 64][..width]));
                    Ok(())
                } else {
                    ctx.memory.read(addr, &mut buf[..width])
                };
                if let Err(f) = r {
                    return Some(Err(f.into()));
                }
                let Opnd::V(d) = i.dst else { continue };
                if width < 4 {
                    let raw = u32::from_le_bytes(buf[..4].try_into().unwrap_or_default()) & ((1u64 << (8 * width)) - 1) as u32;
                    let v = if sign && raw >> (8 * width - 1) & 1 != 0 { raw | !((1u32 << (8 * width)) - 1) } else { raw };
                    w.v_mut(d as usize)[l] = v;
                } else {
                    for k in 0..width / 4 {
                        w.v_mut(d as usize + k)[l] = u32::from_le_bytes(buf[4 * k..4 * k + 4].try_into().unwrap_or_default());
                    }
                }
            } else {
                let Opnd::V(s) = data_op else { return None };
                let mut buf = [0u8; 64];
                for k in 0..width.div_ceil(4) {
                    buf[4 * k..4 * k + 4].copy_from_slice(&w.v(s as usize + k)[l].to_le_bytes());
                }
                let r = if in_lds {
                    let o = (addr - crate::dispatch::SHARED_APERTURE) as usize;
                    if let Some(dst) = ctx.lds.get_mut(o..o + width) {
                        dst.copy_from_slice(&buf[..width]);
                    }
                    Ok(())
                } else {
                    ctx.memory.write(addr, &buf[..width])
                };
                if let Err(f) = r {
                    return Some(Err(f.into()));
                }
            }
        }
        Some(Ok(()))
    }

    /// LDS reads, writes and the cross-lane LDS ops (no memory access).
    fn lds(&self, i: &Inst, w: &mut Wave, ctx: &mut WaveCtx) -> Option<()> {
        let n = i.name;
        match n {
            "ds_bpermute_b32" | "ds_permute_b32" => {
                let src: Vec<u32> = (0..w.lanes).map(|l| vsrc(w, i.src[1], l)).collect();
                let addr: Vec<usize> = (0..w.lanes).map(|l| (vsrc(w, i.src[0], l) as usize + i.offset as usize) / 4 % w.lanes).collect();
                let mut out: Vec<u32> = (0..w.lanes).map(|l| vsrc(w, i.dst, l)).collect();
                if n == "ds_bpermute_b32" {
                    // Each lane reads the lane its address names (inactive sources read 0).
                    for l in active(w) {
                        out[l] = if w.active(addr[l]) { src[addr[l]] } else { 0 };
                    }
                } else {
                    for l in active(w) {
                        out[addr[l]] = src[l];
                    }
                }
                for l in active(w) {
                    vdst(w, i.dst, l, out[l]);
                }
                return Some(());
            }
            "ds_swizzle_b32" => {
                let src: Vec<u32> = (0..w.lanes).map(|l| vsrc(w, i.src[0], l)).collect();
                for l in active(w) {
                    let s = lanes::swizzle_source(i.offset as u32, l);
                    vdst(w, i.dst, l, if w.active(s) { src[s] } else { 0 });
                }
                return Some(());
            }
            _ => {}
        }
        let read = n.starts_with("ds_read") || n.starts_with("ds_load");
        let write = n.starts_with("ds_write") || n.starts_with("ds_store");
        if !read && !write {
            return None;
        }
        let width = dwords(n).map(|d| d * 4).or_else(|| narrow(n).map(|(b, _)| b))?;
        let sign = narrow(n).is_some_and(|(_, s)| s);
        for l in active(w) {
            let o = vsrc(w, i.src[0], l) as usize + i.offset as usize;
            if read {
                let mut buf = [0u8; 16];
                // Out-of-range LDS reads return 0.
                if let Some(s) = ctx.lds.get(o..o + width) {
                    buf[..width].copy_from_slice(s);
                }
                let Opnd::V(d) = i.dst else { continue };
                if width < 4 {
                    let raw = u32::from_le_bytes(buf[..4].try_into().unwrap_or_default());
                    let v = if sign && raw >> (8 * width - 1) & 1 != 0 { raw | !((1u32 << (8 * width)) - 1) } else { raw };
                    w.v_mut(d as usize)[l] = v;
                } else {
                    for k in 0..width / 4 {
                        w.v_mut(d as usize + k)[l] = u32::from_le_bytes(buf[4 * k..4 * k + 4].try_into().unwrap_or_default());
                    }
                }
            } else {
                let Opnd::V(s) = i.src[1] else { return None };
                let mut buf = [0u8; 16];
                for k in 0..width.div_ceil(4) {
                    buf[4 * k..4 * k + 4].copy_from_slice(&w.v(s as usize + k)[l].to_le_bytes());
                }
                // Out-of-range LDS writes are dropped.
                if let Some(d) = ctx.lds.get_mut(o..o + width) {
                    d.copy_from_slice(&buf[..width]);
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dispatch::{EntryState, Launch, run_grid};
    use crate::ir::Opnd::{Exec, Imm, S, V, Vcc};
    use crate::memory::Memory;

    /// c[i] = a[i] + b[i] for i < n, written the way the compiler writes it: kernel
    /// arguments by scalar loads, the global id from the workgroup id and v0, the bound
    /// check as an EXEC mask with a skip branch, saddr-form global accesses.
    fn vector_add() -> Vec<Inst> {
        vec![
            Inst::new("s_load_dwordx4", S(4), &[S(0)]),
            Inst::new("s_load_dwordx2", S(8), &[S(0)]).offset(16),
            Inst::new("s_load_dword", S(10), &[S(0)]).offset(24),
            Inst::new("s_lshl_b32", S(11), &[S(2), Imm(6)]),
            Inst::new("v_add_nc_u32", V(1), &[S(11), V(0)]),
            Inst::new("v_cmp_gt_i32", Vcc, &[S(10), V(1)]),
            Inst::new("s_and_saveexec_b32", S(12), &[Vcc]),
            Inst::new("s_cbranch_execz", Opnd::None, &[]).offset(5),
            Inst::new("v_lshlrev_b32", V(2), &[Imm(2), V(1)]),
            Inst::new("global_load_dword", V(3), &[V(2), S(4)]),
            Inst::new("global_load_dword", V(4), &[V(2), S(6)]),
            Inst::new("v_add_f32", V(3), &[V(3), V(4)]),
            Inst::new("global_store_dword", Opnd::None, &[V(2), V(3), S(8)]),
            Inst::new("s_or_b32", Exec, &[Exec, S(12)]),
            Inst::new("s_endpgm", Opnd::None, &[]),
        ]
    }

    fn launch(groups: u32, block: u32, kernarg: u64, lds: usize) -> Launch {
        Launch {
            entry: 0x1000,
            lanes: 32,
            vgprs: 8,
            state: EntryState { kernarg_ptr: Some(0), workgroup_id: [Some(2), None, None], id_dims: 1, ..Default::default() },
            kernarg,
            dispatch_packet: 0,
            groups: [groups, 1, 1],
            block: [block, 1, 1],
            lds_bytes: lds,
            private_size: 0,
            mode: 0xf0,
        }
    }

    #[test]
    fn vector_add_with_a_partial_last_block() {
        let n = 100usize;
        let a: Vec<f32> = (0..128).map(|i| i as f32 * 0.5).collect();
        let b: Vec<f32> = (0..128).map(|i| 1000.0 - i as f32).collect();
        let mut c = vec![-1f32; 128];
        let mut args = Vec::new();
        for p in [a.as_ptr() as u64, b.as_ptr() as u64, c.as_mut_ptr() as u64] {
            args.extend_from_slice(&p.to_le_bytes());
        }
        args.extend_from_slice(&(n as u32).to_le_bytes());
        let mem = Memory::checked(vec![(args.as_ptr() as u64, args.len()), (a.as_ptr() as u64, 512), (b.as_ptr() as u64, 512), (c.as_ptr() as u64, 512)]);
        let prog = Interp::new(0x1000, vector_add());
        run_grid(&prog, &launch(2, 64, args.as_ptr() as u64, 0), &mem, true).unwrap();
        for i in 0..128 {
            let want = if i < n { a[i] + b[i] } else { -1.0 };
            assert_eq!(c[i], want, "element {i}");
        }
    }

    #[test]
    fn out_of_bounds_store_is_caught_with_its_address() {
        let a = vec![0f32; 64];
        let c = [0f32; 32]; // too short for 64 elements
        let mut args = Vec::new();
        for p in [a.as_ptr() as u64, a.as_ptr() as u64, c.as_ptr() as u64] {
            args.extend_from_slice(&p.to_le_bytes());
        }
        args.extend_from_slice(&64u32.to_le_bytes());
        let mem = Memory::checked(vec![(args.as_ptr() as u64, args.len()), (a.as_ptr() as u64, 256), (c.as_ptr() as u64, 128)]);
        let t = run_grid(&Interp::new(0x1000, vector_add()), &launch(1, 64, args.as_ptr() as u64, 0), &mem, false).unwrap_err();
        let Trap::Memory(f) = t else { panic!("{t}") };
        assert!(f.write && f.addr >= c.as_ptr() as u64 + 128, "{f}");
    }

    #[test]
    fn lds_barrier_and_cross_lane_ops() {
        // Each lane writes its id to LDS, barrier, reads the id 32 lanes further (the other
        // wave), then rotates it by one lane with ds_bpermute and stores it.
        let mut out = vec![0u32; 64];
        let args = (out.as_mut_ptr() as u64).to_le_bytes();
        let prog = vec![
            Inst::new("s_load_dwordx2", S(4), &[S(0)]),
            Inst::new("v_lshlrev_b32", V(1), &[Imm(2), V(0)]),
            Inst::new("ds_write_b32", Opnd::None, &[V(1), V(0)]),
            Inst::new("s_barrier", Opnd::None, &[]),
            Inst::new("v_xor_b32", V(2), &[Imm(128), V(1)]),
            Inst::new("ds_read_b32", V(3), &[V(2)]),
            // lane l reads lane (l + 1) % 32: address 4 * (l + 1)
            Inst::new("v_mbcnt_lo_u32_b32", V(5), &[Imm(u32::MAX), Imm(0)]),
            Inst::new("v_add_nc_u32", V(5), &[Imm(1), V(5)]),
            Inst::new("v_lshlrev_b32", V(5), &[Imm(2), V(5)]),
            Inst::new("ds_bpermute_b32", V(6), &[V(5), V(3)]),
            Inst::new("global_store_dword", Opnd::None, &[V(1), V(6), S(4)]),
            Inst::new("s_endpgm", Opnd::None, &[]),
        ];
        let mem = Memory::checked(vec![(args.as_ptr() as u64, 8), (out.as_ptr() as u64, 256)]);
        run_grid(&Interp::new(0x1000, prog), &launch(1, 64, args.as_ptr() as u64, 256), &mem, false).unwrap();
        for t in 0..64u32 {
            let lane = t % 32;
            let neighbour = (t / 32) * 32 + (lane + 1) % 32;
            assert_eq!(out[t as usize], neighbour ^ 32, "thread {t}");
        }
    }

    #[test]
    fn float_compares_treat_nan_as_unordered() {
        let mut w = Wave::new(32, 2);
        w.exec = 0b111;
        w.v_mut(0)[..3].copy_from_slice(&[1f32.to_bits(), f32::NAN.to_bits(), 2f32.to_bits()]);
        w.v_mut(1)[..3].copy_from_slice(&[2f32.to_bits(), 1f32.to_bits(), 2f32.to_bits()]);
        let p = Interp::new(0, vec![]);
        for (name, want) in [("v_cmp_lg_f32", 0b001), ("v_cmp_neq_f32", 0b011), ("v_cmp_nge_f32", 0b011), ("v_cmp_u_f32", 0b010), ("v_cmp_le_f32", 0b101)] {
            p.compare(&Inst::new(name, Vcc, &[V(0), V(1)]), &mut w).unwrap();
            assert_eq!(w.vcc, want, "{name}");
        }
    }

    #[test]
    fn unknown_instructions_are_named() {
        let prog = Interp::new(0x1000, vec![Inst::new("v_frobnicate_b32", V(0), &[V(0)])]);
        let t = run_grid(&prog, &launch(1, 32, 0, 0), &Memory::checked(vec![]), false).unwrap_err();
        assert_eq!(t, Trap::Unsupported("v_frobnicate_b32".into(), 0x1000));
        assert_eq!(t.to_string(), "unsupported instruction v_frobnicate_b32 at 0x1000");
    }
}
