//! Resolved forms of the common memory accesses beyond whole dwords at one address:
//! byte and short global loads and stores, byte and short LDS accesses, and the LDS
//! two-address forms (`ds_load_2addr_*`, `ds_read2*`). Each does what the general path
//! (`memops::flat`, `memops::lds`) does, without its per-lane mnemonic parsing and byte
//! buffers: loads zero- or sign-extend into the whole VGPR, stores write the low bytes, LDS
//! accesses outside the workgroup's LDS read zeros or are dropped, and global accesses are
//! checked against the allocation map.

use crate::access::{rd64, set_lanes, vsrc, vsrc64};
use crate::ir::{Inst, Opnd};
use crate::wave::Wave;
use crate::workgroup::{Trap, WaveCtx};

/// A sub-dword access: 1 or 2 bytes, loads sign-extended or not.
#[derive(Clone, Copy, Debug)]
pub struct Small {
    pub load: bool,
    pub bytes: u8,
    pub signed: bool,
}

/// The sub-dword shape a mnemonic names (the part after `global_`/`ds_`), if it is one of
/// the plain (not d16) forms.
pub fn small(op: &str) -> Option<Small> {
    let (load, bytes, signed) = match op {
        "load_u8" | "load_ubyte" | "read_u8" => (true, 1, false),
        "load_i8" | "load_sbyte" | "read_i8" => (true, 1, true),
        "load_u16" | "load_ushort" | "read_u16" => (true, 2, false),
        "load_i16" | "load_sshort" | "read_i16" => (true, 2, true),
        "store_b8" | "store_byte" | "write_b8" => (false, 1, false),
        "store_b16" | "store_short" | "write_b16" => (false, 2, false),
        _ => return None,
    };
    Some(Small { load, bytes, signed })
}

/// An LDS two-address access: two dwords or two qwords, offsets scaled by the element
/// size (and by 64 for the stride-64 forms).
#[derive(Clone, Copy, Debug)]
pub struct Two {
    pub load: bool,
    pub dwords: u8,
    pub stride64: bool,
}

pub fn two(op: &str) -> Option<Two> {
    let (load, dwords, stride64) = match op {
        "load_2addr_b32" | "read2_b32" => (true, 1, false),
        "load_2addr_b64" | "read2_b64" => (true, 2, false),
        "load_2addr_stride64_b32" | "read2st64_b32" => (true, 1, true),
        "load_2addr_stride64_b64" | "read2st64_b64" => (true, 2, true),
        "store_2addr_b32" | "write2_b32" => (false, 1, false),
        "store_2addr_b64" | "write2_b64" => (false, 2, false),
        "store_2addr_stride64_b32" | "write2st64_b32" => (false, 1, true),
        "store_2addr_stride64_b64" | "write2st64_b64" => (false, 2, true),
        _ => return None,
    };
    Some(Two { load, dwords, stride64 })
}

/// The loaded value of a sub-dword access, extended to 32 bits.
fn extend(raw: u32, s: Small) -> u32 {
    crate::memops::widen(raw, s.bytes as usize, s.signed)
}

/// Byte and short global loads and stores (`memops::flat`'s addressing: a VGPR pair, or
/// SGPR pair + 32-bit VGPR offset, plus the instruction's offset).
pub(crate) fn global_small(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx, s: Small) -> Result<(), Trap> {
    let active = w.exec & w.full_mask();
    let saddr = match i.src[2] {
        Opnd::S(_) => Some(rd64(w, i.src[2])),
        _ => None,
    };
    let off = i.offset as i64;
    let reg = if s.load { i.dst } else { i.src[1] };
    let Opnd::V(reg) = reg else { return Ok(()) };
    let n = s.bytes as usize;
    // Every active lane's address; when they all fall in one allocation (the common case)
    // one range check covers the wave, as in `memops::global_dwords`.
    let mut addrs = [0u64; 64];
    let (mut lo, mut hi) = (u64::MAX, 0u64);
    for l in set_lanes(active) {
        let a = match saddr {
            Some(b) => b.wrapping_add(vsrc(w, i.src[0], l) as u64),
            None => vsrc64(w, i.src[0], l),
        }
        .wrapping_add_signed(off);
        addrs[l] = a;
        lo = lo.min(a);
        hi = hi.max(a);
    }
    if active == 0 {
        return Ok(());
    }
    let span = hi.checked_add(n as u64).and_then(|end| ctx.memory.host_span(lo, (end - lo) as usize));
    let regs = w.v_mut(reg as usize);
    for l in set_lanes(active) {
        let a = addrs[l];
        match span {
            // SAFETY: [lo, hi + n) lies in one checked region (or the caller of
            // `Memory::unchecked` vouched for every address).
            Some(host) => unsafe {
                let q = host + (a - lo);
                if s.load {
                    let raw = if n == 1 { *(q as *const u8) as u32 } else { (q as *const u16).read_unaligned() as u32 };
                    regs[l] = extend(raw, s);
                } else if n == 1 {
                    *(q as *mut u8) = regs[l] as u8;
                } else {
                    (q as *mut u16).write_unaligned(regs[l] as u16);
                }
            },
            None => {
                if s.load {
                    let mut b = [0u8; 4];
                    ctx.memory.read(a, &mut b[..n])?;
                    regs[l] = extend(u32::from_le_bytes(b), s);
                } else {
                    let b = regs[l].to_le_bytes();
                    ctx.memory.write(a, &b[..n])?;
                }
            }
        }
    }
    Ok(())
}

/// Byte and short LDS loads and stores at the lane's address plus the 16-bit offset.
pub(crate) fn lds_small(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx, s: Small) {
    let (Opnd::V(addr), off) = (i.src[0], i.offset as u32 & 0xffff) else { return };
    let reg = if s.load { i.dst } else { i.src[1] };
    let Opnd::V(reg) = reg else { return };
    let n = s.bytes as usize;
    for l in set_lanes(w.exec & w.full_mask()) {
        let at = w.v(addr as usize)[l].wrapping_add(off) as usize;
        if s.load {
            let raw = ctx.lds.get(at..at + n).map_or(0, |b| if n == 1 { b[0] as u32 } else { u16::from_le_bytes([b[0], b[1]]) as u32 });
            w.v_mut(reg as usize)[l] = extend(raw, s);
        } else {
            let v = w.v(reg as usize)[l].to_le_bytes();
            if let Some(d) = ctx.lds.get_mut(at..at + n) {
                d.copy_from_slice(&v[..n]);
            }
        }
    }
}

/// LDS two-address loads and stores: offset0 and offset1 (the offset's two bytes) in
/// elements; loads fill dst and the registers after it, stores take data0 (src[1]) and
/// data1 (src[2]).
pub(crate) fn lds_two(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx, t: Two) {
    let Opnd::V(addr) = i.src[0] else { return };
    let dwords = t.dwords as usize;
    let bytes = 4 * dwords;
    let scale = bytes as u32 * if t.stride64 { 64 } else { 1 };
    let offs = [(i.offset as u32 & 0xff) * scale, (i.offset as u32 >> 8 & 0xff) * scale];
    for l in set_lanes(w.exec & w.full_mask()) {
        let base = w.v(addr as usize)[l];
        for (k, &o) in offs.iter().enumerate() {
            let at = base.wrapping_add(o) as usize;
            if t.load {
                let Opnd::V(d) = i.dst else { return };
                let words = ctx.lds.get(at..at + bytes);
                for j in 0..dwords {
                    let v = words.map_or(0, |b| u32::from_le_bytes([b[4 * j], b[4 * j + 1], b[4 * j + 2], b[4 * j + 3]]));
                    w.v_mut(d as usize + k * dwords + j)[l] = v;
                }
            } else {
                let Opnd::V(s) = i.src[1 + k] else { return };
                if let Some(b) = ctx.lds.get_mut(at..at + bytes) {
                    for j in 0..dwords {
                        b[4 * j..4 * j + 4].copy_from_slice(&w.v(s as usize + j)[l].to_le_bytes());
                    }
                }
            }
        }
    }
}

/// Whole-dword scratch (private) loads and stores, `scratch_load_b32` … `_b128` and their
/// stores: the lane's private offset is the instruction offset plus the SGPR and VGPR
/// offsets (wrapping at 32 bits), as in `memops::flat`; its bytes are the lane's slice of
/// the wave's scratch. rocPRIM's merge sort of 16-byte keys spends most of its time here.
pub(crate) fn scratch_dwords(i: &Inst, w: &mut Wave, ctx: &mut WaveCtx, load: bool, dwords: usize) -> Result<(), Trap> {
    let reg = if load { i.dst } else { i.src[1] };
    let Opnd::V(reg) = reg else { return Ok(()) };
    let base = i.offset as i64 + if let Opnd::S(_) = i.src[2] { crate::access::rd32(w, i.src[2]) as i64 } else { 0 };
    let (n, reg) = (w.lanes, reg as usize);
    if !w.vgprs_within(reg, dwords) {
        return Ok(());
    }
    for l in set_lanes(w.exec & w.full_mask()) {
        let lane_off = if let Opnd::V(_) = i.src[0] { vsrc(w, i.src[0], l) as i64 } else { 0 };
        let off = (base + lane_off) as u32 as u64;
        let at = crate::memops::private_range(ctx, l, off, 4 * dwords, !load)?.start;
        for k in 0..dwords {
            let slot = &mut ctx.scratch[at + 4 * k..at + 4 * k + 4];
            let r = &mut w.vgpr[(reg + k) * n + l];
            if load {
                *r = u32::from_le_bytes([slot[0], slot[1], slot[2], slot[3]]);
            } else {
                slot.copy_from_slice(&r.to_le_bytes());
            }
        }
    }
    Ok(())
}

/// The dword count and direction of a whole-dword scratch access by mnemonic.
pub(crate) fn scratch(name: &str) -> Option<(bool, u8)> {
    Some(match name {
        "scratch_load_b32" | "scratch_load_dword" => (true, 1),
        "scratch_load_b64" | "scratch_load_dwordx2" => (true, 2),
        "scratch_load_b96" | "scratch_load_dwordx3" => (true, 3),
        "scratch_load_b128" | "scratch_load_dwordx4" => (true, 4),
        "scratch_store_b32" | "scratch_store_dword" => (false, 1),
        "scratch_store_b64" | "scratch_store_dwordx2" => (false, 2),
        "scratch_store_b96" | "scratch_store_dwordx3" => (false, 3),
        "scratch_store_b128" | "scratch_store_dwordx4" => (false, 4),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    //! Each resolved form (and `memops::lds_dwords`) against the general path (`memops::lds`, `memops::flat`) on
    //! random waves: random addresses (some outside the LDS), offsets, EXEC masks and data;
    //! registers, LDS and global memory must come out the same.
    use super::*;
    use crate::ir::Opnd::{S, V};
    use crate::memory::Memory;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }

    const LDS: usize = 1024;

    fn wave(r: &mut Rng, lanes: usize) -> Wave {
        let mut w = Wave::new(lanes, 12);
        for v in w.vgpr.iter_mut() {
            *v = r.next() as u32;
        }
        // v0: LDS addresses, mostly inside (some past the end).
        for l in 0..lanes {
            w.v_mut(0)[l] = (r.next() % (LDS as u64 + 64)) as u32 & !1;
        }
        w.exec = r.next() & w.full_mask();
        w
    }

    fn lds_case(name: &'static str, r: &mut Rng, lanes: usize) {
        let mut a = wave(r, lanes);
        let mut b = a.clone();
        let mut inst = Inst::new(name, V(4), &[V(0), V(2), V(6)]);
        inst.offset = (r.next() % 0x10000) as i32 & if name.contains("2addr") || name.contains("read2") || name.contains("write2") { 0x0f0f } else { 0x3f };
        if !name.contains("load") && !name.contains("read") {
            inst.dst = Opnd::None;
        }
        let init: Vec<u8> = (0..LDS).map(|_| r.next() as u8).collect();
        let (mut la, mut lb) = (init.clone(), init);
        let memory = Memory::checked(vec![]);
        let (mut sa, mut sb) = ([0u8; 0], [0u8; 0]);
        let mut ca = WaveCtx { memory: &memory, lds: &mut la, scratch: &mut sa, private_size: 0, workgroup_id: [0; 3] };
        crate::memops::lds(&inst, &mut a, &mut ca).expect("general path knows it").expect("no trap");
        let mut cb = WaveCtx { memory: &memory, lds: &mut lb, scratch: &mut sb, private_size: 0, workgroup_id: [0; 3] };
        let op = name.strip_prefix("ds_").unwrap();
        let dwords = |op: &str| match op.rsplit_once('_').map(|p| p.1) {
            Some("b32") => Some(1),
            Some("b64") => Some(2),
            Some("b128") => Some(4),
            _ => None,
        };
        match (small(op), two(op)) {
            (Some(s), _) => lds_small(&inst, &mut b, &mut cb, s),
            (_, Some(t)) => lds_two(&inst, &mut b, &mut cb, t),
            _ => match dwords(op) {
                Some(d) => crate::memops::lds_dwords(&inst, &mut b, &mut cb, op.starts_with("load"), d),
                None => panic!("{name} has no resolved form"),
            },
        }
        assert_eq!(a.vgpr, b.vgpr, "{name}: registers differ");
        assert_eq!(la, lb, "{name}: LDS differs");
    }

    #[test]
    fn lds_forms_match_the_general_path() {
        let mut r = Rng(0x5eed_1234_abcd_0001);
        let names = [
            "ds_load_u8", "ds_load_i8", "ds_load_u16", "ds_load_i16", "ds_store_b8", "ds_store_b16", "ds_read_u8", "ds_write_b16",
            "ds_load_2addr_b32", "ds_load_2addr_b64", "ds_load_2addr_stride64_b32", "ds_load_2addr_stride64_b64", "ds_store_2addr_b32",
            "ds_store_2addr_b64", "ds_store_2addr_stride64_b32", "ds_store_2addr_stride64_b64", "ds_read2_b32", "ds_write2st64_b64",
            "ds_load_b32", "ds_load_b64", "ds_load_b128", "ds_store_b32", "ds_store_b64", "ds_store_b128",
        ];
        for trial in 0..40 {
            for n in names {
                lds_case(n, &mut r, if trial % 4 == 3 { 64 } else { 32 });
            }
        }
    }

    #[test]
    fn global_forms_match_the_general_path() {
        let mut r = Rng(0x5eed_9876_0000_0002);
        for trial in 0..60 {
            for name in [
                "global_load_u8", "global_load_i8", "global_load_u16", "global_load_i16", "global_store_b8", "global_store_b16", "global_load_sbyte",
                "global_store_short", "global_load_b32", "global_load_b64", "global_load_b96", "global_load_b128", "global_store_b32",
                "global_store_b64", "global_store_b96", "global_store_b128",
            ] {
                let lanes = if trial % 4 == 3 { 64 } else { 32 };
                let init: Vec<u8> = (0..4096).map(|_| r.next() as u8).collect();
                let (mut ga, mut gb) = (init.clone(), init);
                let mut a = wave(&mut r, lanes);
                // Offsets within the buffer, as a 32-bit VGPR offset from an SGPR base or a
                // VGPR-pair address.
                for l in 0..lanes {
                    a.v_mut(0)[l] = (r.next() % 4000) as u32 & !3;
                }
                let mut b = a.clone();
                let with_saddr = trial % 2 == 0;
                let mut inst = Inst::new(name, V(4), &[V(0), V(2), if with_saddr { S(8) } else { Opnd::None }]);
                inst.offset = (r.next() % 64) as i32;
                if name.contains("store") {
                    inst.dst = Opnd::None;
                }
                for (w, g) in [(&mut a, &ga), (&mut b, &gb)] {
                    let base = g.as_ptr() as u64;
                    w.set_s64(8, base);
                    if !with_saddr {
                        // v[0:1] = base + offset
                        for l in 0..lanes {
                            let addr = base + w.v(0)[l] as u64;
                            w.v_mut(0)[l] = addr as u32;
                            w.v_mut(1)[l] = (addr >> 32) as u32;
                        }
                    }
                }
                let (mut sa, mut sb) = ([0u8; 0], [0u8; 0]);
                let (mut la, mut lb) = ([0u8; 0], [0u8; 0]);
                let ma = Memory::checked(vec![(ga.as_mut_ptr() as u64, ga.len())]);
                let mut ca = WaveCtx { memory: &ma, lds: &mut la, scratch: &mut sa, private_size: 0, workgroup_id: [0; 3] };
                crate::memops::flat(&inst, &mut a, &mut ca).expect("general path knows it").expect("no trap");
                let mb = Memory::checked(vec![(gb.as_mut_ptr() as u64, gb.len())]);
                let mut cb = WaveCtx { memory: &mb, lds: &mut lb, scratch: &mut sb, private_size: 0, workgroup_id: [0; 3] };
                let op = name.strip_prefix("global_").unwrap();
                match small(op) {
                    Some(sm) => global_small(&inst, &mut b, &mut cb, sm).expect("no trap"),
                    None => {
                        let dwords = match op.rsplit_once('_').unwrap().1 {
                            "b32" => 1,
                            "b64" => 2,
                            "b96" => 3,
                            _ => 4,
                        };
                        crate::memops::global_dwords(&inst, &mut b, &mut cb, op.starts_with("load"), dwords).expect("no trap");
                    }
                }
                // v0 and v1 hold each buffer's own addresses; the rest must agree.
                assert_eq!(a.vgpr[2 * lanes..], b.vgpr[2 * lanes..], "{name}: registers differ");
                assert_eq!(ga, gb, "{name}: memory differs");
            }
        }
    }

    #[test]
    fn scratch_forms_match_the_general_path() {
        let mut r = Rng(0x5eed_5c4a_7c40_0003);
        const PRIVATE: usize = 256;
        for trial in 0..80 {
            for name in ["scratch_load_b32", "scratch_load_b64", "scratch_load_b96", "scratch_load_b128", "scratch_store_b32", "scratch_store_b64", "scratch_store_b96", "scratch_store_b128"] {
                let lanes = if trial % 4 == 3 { 64 } else { 32 };
                let mut a = wave(&mut r, lanes);
                // Per-lane offsets, an SGPR offset and an immediate, all inside each
                // lane's private bytes.
                for l in 0..lanes {
                    a.v_mut(0)[l] = (r.next() % 96) as u32;
                }
                a.sgpr[8] = (r.next() % 64) as u32;
                let mut b = a.clone();
                let form = trial % 3;
                let vaddr = if form == 1 { Opnd::None } else { V(0) };
                let saddr = if form == 2 { Opnd::None } else { S(8) };
                let mut inst = Inst::new(name, V(4), &[vaddr, V(2), saddr]);
                inst.offset = (r.next() % 64) as i32;
                if name.contains("store") {
                    inst.dst = Opnd::None;
                }
                let init: Vec<u8> = (0..PRIVATE * lanes).map(|_| r.next() as u8).collect();
                let (mut sa, mut sb) = (init.clone(), init);
                let (mut la, mut lb) = ([0u8; 0], [0u8; 0]);
                let memory = Memory::checked(vec![]);
                let mut ca = WaveCtx { memory: &memory, lds: &mut la, scratch: &mut sa, private_size: PRIVATE, workgroup_id: [0; 3] };
                crate::memops::flat(&inst, &mut a, &mut ca).expect("general path knows it").expect("no trap");
                let mut cb = WaveCtx { memory: &memory, lds: &mut lb, scratch: &mut sb, private_size: PRIVATE, workgroup_id: [0; 3] };
                let (load, dwords) = scratch(name).expect("resolved");
                scratch_dwords(&inst, &mut b, &mut cb, load, dwords as usize).expect("no trap");
                assert_eq!(a.vgpr, b.vgpr, "{name}: registers differ");
                assert_eq!(sa, sb, "{name}: scratch differs");
            }
        }
        // Past the private size: a fault naming the scratch, as the general path gives.
        let mut w = wave(&mut r, 32);
        w.exec = 1;
        w.v_mut(0)[0] = 250;
        let inst = Inst::new("scratch_load_b64", V(4), &[V(0), V(2), Opnd::None]);
        let mut s = vec![0u8; PRIVATE * 32];
        let mut lds = [0u8; 0];
        let memory = Memory::checked(vec![]);
        let mut c = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut s, private_size: PRIVATE, workgroup_id: [0; 3] };
        assert!(scratch_dwords(&inst, &mut w, &mut c, true, 2).is_err());
    }
}
