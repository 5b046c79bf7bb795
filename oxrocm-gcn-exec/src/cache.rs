//! The on-disk cache of lowered code: a code section's instructions in a compact binary
//! form, so a second process that loads the same code object skips decoding and lowering.
//!
//! Key: a 128-bit hash of the section's bytes and target, the crate version and this
//! format's version (never device properties). Files are written whole to a temporary
//! name and renamed, so readers see a complete file or none; a file that does not parse
//! or whose header disagrees is ignored and rewritten.

use crate::ir::{Inst, LaneSel, MemBits, Mods, Opnd};
use std::path::{Path, PathBuf};

/// Bumped whenever the encoding or the lowering's output changes meaning (2: the decoder
/// learned the ds_gws_* instructions, which version 1 stored as undecodable; 3: gfx11's
/// true16 half registers and `v_mov_b16`, which version 2 lowered as whole registers or
/// stored as undecodable; 4: VOP1 `v_nop`, `v_pipeflush` and `v_clrexcp`, which earlier
/// versions stored as undecodable; 5: a checksum of the entry after its header, so a
/// tampered or torn entry is refused and rebuilt instead of executed).
const FORMAT: u32 = 5;
const MAGIC: &[u8; 8] = b"OXGCNIR\0";
/// Seed of the entry checksum (FNV-1a over everything after it): it catches a damaged or
/// edited entry; it is no defence against someone who rewrites the checksum too.
const CHECKSUM_SEED: u64 = 0x6f78_726f_636d_6361;

/// What a code section lowers to, position-independent: instructions in order and the
/// byte offsets (with reasons) of words that did not decode.
#[derive(Debug, PartialEq)]
pub struct Lowered {
    pub insts: Vec<Inst>,
    pub undecodable: Vec<(u64, String)>,
}

/// FNV-1a over `bytes` from `seed`: two seeds give the 128-bit key.
fn fnv(seed: u64, bytes: &[u8]) -> u64 {
    let mut h = seed;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The cache file name for `text` of `target`.
pub fn key(text: &[u8], target: &str) -> String {
    let tag = format!("{target}/{}/{FORMAT}", env!("CARGO_PKG_VERSION"));
    let a = fnv(fnv(0xcbf2_9ce4_8422_2325, tag.as_bytes()), text);
    let b = fnv(fnv(0x9e37_79b9_7f4a_7c15, text), tag.as_bytes());
    format!("{a:016x}{b:016x}-{}.gcnir", text.len())
}

/// The cache directory: `OXROCM_GCN_CACHE_DIR`, else `$XDG_CACHE_HOME/oxrocm/gcn`, else
/// `~/.cache/oxrocm/gcn`; none when `OXROCM_GCN_CACHE=0`.
pub fn default_dir() -> Option<PathBuf> {
    if std::env::var("OXROCM_GCN_CACHE").is_ok_and(|v| v == "0") {
        return None;
    }
    if let Some(d) = std::env::var_os("OXROCM_GCN_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    let base = std::env::var_os("XDG_CACHE_HOME").map(PathBuf::from).or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("oxrocm").join("gcn"))
}

/// Reads the lowered form of `text` from `dir`, if a valid entry is there.
pub fn load(dir: &Path, text: &[u8], target: &str) -> Option<Lowered> {
    let bytes = std::fs::read(dir.join(key(text, target))).ok()?;
    let mut r = Reader { b: &bytes, at: 0 };
    (r.take(8)? == MAGIC).then_some(())?;
    (r.u32()? == FORMAT && r.u64()? == text.len() as u64).then_some(())?;
    let sum = r.u64()?;
    (fnv(CHECKSUM_SEED, &bytes[r.at..]) == sum).then_some(())?;
    decode(&mut r)
}

/// Writes the lowered form of `text` to `dir` (errors are the caller's to log or ignore:
/// the cache is an optimization).
pub fn store(dir: &Path, text: &[u8], target: &str, lowered: &Lowered) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut out = Vec::with_capacity(lowered.insts.len() * 24 + 64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&(text.len() as u64).to_le_bytes());
    let mut body = Vec::with_capacity(lowered.insts.len() * 24 + 64);
    encode(lowered, &mut body);
    out.extend_from_slice(&fnv(CHECKSUM_SEED, &body).to_le_bytes());
    out.extend_from_slice(&body);
    let name = key(text, target);
    let tmp = dir.join(format!("{name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, &out)?;
    std::fs::rename(&tmp, dir.join(name))
}

/// The encoding: a table of mnemonics, then the instructions (names by table index),
/// then the undecodable words.
pub fn encode(l: &Lowered, out: &mut Vec<u8>) {
    let mut names: Vec<&'static str> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut collect = |i: &Inst| {
        index.entry(i.name).or_insert_with(|| {
            names.push(i.name);
            names.len() - 1
        });
    };
    for i in &l.insts {
        collect(i);
        if let Some(p) = &i.pair {
            collect(p);
        }
    }
    put_u32(out, names.len() as u32);
    for n in &names {
        put_str(out, n);
    }
    put_u32(out, l.insts.len() as u32);
    for i in &l.insts {
        put_inst(out, i, &index);
    }
    put_u32(out, l.undecodable.len() as u32);
    for (off, why) in &l.undecodable {
        out.extend_from_slice(&off.to_le_bytes());
        put_str(out, why);
    }
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u32(out, s.len() as u32);
    out.extend_from_slice(s.as_bytes());
}

fn put_opnd(out: &mut Vec<u8>, o: Opnd) {
    match o {
        Opnd::None => out.push(0),
        Opnd::S(n) => out.extend_from_slice(&[1, n as u8, (n >> 8) as u8]),
        Opnd::V(n) => out.extend_from_slice(&[2, n as u8, (n >> 8) as u8]),
        Opnd::Vcc => out.push(3),
        Opnd::Exec => out.push(4),
        Opnd::M0 => out.push(5),
        Opnd::Scc => out.push(6),
        Opnd::Null => out.push(7),
        Opnd::Imm(v) => {
            out.push(8);
            out.extend_from_slice(&v.to_le_bytes());
        }
        Opnd::Imm64(v) => {
            out.push(9);
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
}

fn put_inst(out: &mut Vec<u8>, i: &Inst, index: &std::collections::HashMap<&'static str, usize>) {
    out.extend_from_slice(&(index[i.name] as u16).to_le_bytes());
    out.push(i.len);
    for o in [i.dst, i.dst2, i.src[0], i.src[1], i.src[2], i.src[3]] {
        put_opnd(out, o);
    }
    out.extend_from_slice(&i.offset.to_le_bytes());
    let m = i.mods;
    out.extend_from_slice(&[m.neg, m.abs, m.clamp as u8, m.omod, m.op_sel, m.op_sel_hi, m.neg_hi]);
    out.push(i.mem.offen as u8 | (i.mem.idxen as u8) << 1 | (i.mem.glc as u8) << 2);
    match i.lanes {
        LaneSel::Plain => out.push(0),
        LaneSel::Dpp16 { ctrl, row_mask, bank_mask, bound_ctrl, fi } => {
            out.push(1);
            out.extend_from_slice(&ctrl.to_le_bytes());
            out.extend_from_slice(&[row_mask, bank_mask, bound_ctrl as u8, fi as u8]);
        }
        LaneSel::Dpp8 { sel, fi } => {
            out.push(2);
            out.extend_from_slice(&sel.to_le_bytes());
            out.push(fi as u8);
        }
        LaneSel::Sdwa { dst_sel, dst_unused, src0_sel, src1_sel, src0_sext, src1_sext } => {
            out.push(3);
            out.extend_from_slice(&[dst_sel, dst_unused, src0_sel, src1_sel, src0_sext as u8, src1_sext as u8]);
        }
    }
    match &i.pair {
        None => out.push(0),
        Some(p) => {
            out.push(1);
            put_inst(out, p, index);
        }
    }
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }
    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn str(&mut self) -> Option<&'a str> {
        let n = self.u32()? as usize;
        std::str::from_utf8(self.take(n)?).ok()
    }
    fn opnd(&mut self) -> Option<Opnd> {
        Some(match self.u8()? {
            0 => Opnd::None,
            1 => Opnd::S(self.u16()?),
            2 => Opnd::V(self.u16()?),
            3 => Opnd::Vcc,
            4 => Opnd::Exec,
            5 => Opnd::M0,
            6 => Opnd::Scc,
            7 => Opnd::Null,
            8 => Opnd::Imm(self.u32()?),
            9 => Opnd::Imm64(self.u64()?),
            _ => return None,
        })
    }
    fn inst(&mut self, names: &[&'static str]) -> Option<Inst> {
        let name = *names.get(self.u16()? as usize)?;
        let len = self.u8()?;
        let (dst, dst2) = (self.opnd()?, self.opnd()?);
        let src = [self.opnd()?, self.opnd()?, self.opnd()?, self.opnd()?];
        let offset = self.u32()? as i32;
        let m = self.take(7)?;
        let mods = Mods { neg: m[0], abs: m[1], clamp: m[2] != 0, omod: m[3], op_sel: m[4], op_sel_hi: m[5], neg_hi: m[6] };
        let f = self.u8()?;
        let mem = MemBits { offen: f & 1 != 0, idxen: f & 2 != 0, glc: f & 4 != 0 };
        let lanes = match self.u8()? {
            0 => LaneSel::Plain,
            1 => {
                let ctrl = self.u16()?;
                let b = self.take(4)?;
                LaneSel::Dpp16 { ctrl, row_mask: b[0], bank_mask: b[1], bound_ctrl: b[2] != 0, fi: b[3] != 0 }
            }
            2 => LaneSel::Dpp8 { sel: self.u32()?, fi: self.u8()? != 0 },
            3 => {
                let b = self.take(6)?;
                LaneSel::Sdwa { dst_sel: b[0], dst_unused: b[1], src0_sel: b[2], src1_sel: b[3], src0_sext: b[4] != 0, src1_sext: b[5] != 0 }
            }
            _ => return None,
        };
        let pair = match self.u8()? {
            0 => None,
            1 => Some(Box::new(self.inst(names)?)),
            _ => return None,
        };
        Some(Inst { name, dst, dst2, src, offset, mods, mem, lanes, pair, fast: Default::default(), shared_store: false, len })
    }
}

fn decode(r: &mut Reader) -> Option<Lowered> {
    let count = r.u32()? as usize;
    let mut names = Vec::with_capacity(count.min(4096));
    for _ in 0..count {
        names.push(crate::lower::intern(r.str()?));
    }
    let n = r.u32()? as usize;
    let mut insts = Vec::with_capacity(n.min(1 << 24));
    for _ in 0..n {
        insts.push(r.inst(&names)?);
    }
    let k = r.u32()? as usize;
    let mut undecodable = Vec::with_capacity(k.min(1 << 20));
    for _ in 0..k {
        let off = r.u64()?;
        undecodable.push((off, r.str()?.to_string()));
    }
    (r.at == r.b.len()).then_some(Lowered { insts, undecodable })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Opnd::*;

    fn sample() -> Lowered {
        let mut a = Inst::new("v_add_f32", V(3), &[S(4), Imm(0x3f80_0000), Imm64(u64::MAX), Null]).len(8);
        a.mods = Mods { neg: 1, abs: 2, clamp: true, omod: 3, op_sel: 5, op_sel_hi: 6, neg_hi: 7 };
        a.lanes = LaneSel::Dpp16 { ctrl: 0x141, row_mask: 0xf, bank_mask: 0xa, bound_ctrl: true, fi: false };
        let mut b = Inst::new("buffer_load_dword", V(1), &[V(0), None, S(8), Imm(16)]).offset(-12);
        b.mem = MemBits { offen: true, idxen: false, glc: true };
        b.lanes = LaneSel::Sdwa { dst_sel: 1, dst_unused: 2, src0_sel: 3, src1_sel: 4, src0_sext: true, src1_sext: false };
        let mut c = Inst::new("v_dual_mul_f32", V(5), &[V(3), V(3)]).len(8);
        c.pair = Some(Box::new(Inst::new("v_dual_and_b32", V(8), &[Imm(1), V(4)])));
        c.lanes = LaneSel::Dpp8 { sel: 0o76543210, fi: true };
        let d = Inst::new("s_cbranch_execz", Opnd::None, &[]).offset(-3).dst2(Vcc);
        let e = Inst::new("s_mov_b64", Exec, &[M0, Scc]);
        Lowered { insts: vec![a, b, c, d, e], undecodable: vec![(0x40, "no such opcode".into())] }
    }

    #[test]
    fn encoding_round_trips() {
        let l = sample();
        let mut out = Vec::new();
        encode(&l, &mut out);
        let back = decode(&mut Reader { b: &out, at: 0 }).unwrap();
        assert_eq!(back, l);
        // A truncated or extended file is rejected, not misread.
        assert!(decode(&mut Reader { b: &out[..out.len() - 1], at: 0 }).is_none());
        let mut longer = out.clone();
        longer.push(0);
        assert!(decode(&mut Reader { b: &longer, at: 0 }).is_none());
    }

    #[test]
    fn a_tampered_entry_is_rebuilt() {
        use oxrocm_amdgcn::Target;
        let dir = std::env::temp_dir().join(format!("oxrocm-gcn-cache-rebuild-{}", std::process::id()));
        // gfx1100: s_nop 0; s_endpgm.
        let text: Vec<u8> = [0xbf80_0000u32, 0xbfb0_0000].iter().flat_map(|w| w.to_le_bytes()).collect();
        let names = |d: &crate::lower::Decoded| [0x1000u64, 0x1004].map(|pc| d.program.inst_at(pc).map_or("", |(_, i)| i.name));
        let (first, hit) = crate::lower::decode_text_cached(&text, 0x1000, Target::Gfx1100, Some(&dir));
        assert!(!hit);
        let want = names(&first);
        assert_eq!(want, ["s_nop", "s_endpgm"]);
        assert!(crate::lower::decode_text_cached(&text, 0x1000, Target::Gfx1100, Some(&dir)).1);
        let path = dir.join(key(&text, "gfx1100"));
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x80;
        std::fs::write(&path, &bytes).unwrap();
        let (again, hit) = crate::lower::decode_text_cached(&text, 0x1000, Target::Gfx1100, Some(&dir));
        assert!(!hit, "the tampered entry was used");
        assert_eq!(names(&again), want);
        assert!(crate::lower::decode_text_cached(&text, 0x1000, Target::Gfx1100, Some(&dir)).1, "rebuilt entry");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn store_then_load_keys_on_content_and_target() {
        let dir = std::env::temp_dir().join(format!("oxrocm-gcn-cache-test-{}", std::process::id()));
        let text = [1u8, 2, 3, 4, 5, 6, 7, 8];
        let l = sample();
        store(&dir, &text, "gfx1100", &l).unwrap();
        assert_eq!(load(&dir, &text, "gfx1100").as_ref(), Some(&l));
        assert!(load(&dir, &text, "gfx1030").is_none());
        assert!(load(&dir, &[1, 2, 3, 4, 5, 6, 7, 9], "gfx1100").is_none());
        // A damaged entry is ignored.
        std::fs::write(dir.join(key(&text, "gfx1100")), b"OXGCNIR\0garbage").unwrap();
        assert!(load(&dir, &text, "gfx1100").is_none());
        // So is one with any single byte changed, or cut short: a flipped operand or
        // mnemonic index would otherwise decode into a different, valid-looking program.
        store(&dir, &text, "gfx1100", &l).unwrap();
        let path = dir.join(key(&text, "gfx1100"));
        let good = std::fs::read(&path).unwrap();
        for at in 0..good.len() {
            let mut bad = good.clone();
            bad[at] ^= 0x04;
            std::fs::write(&path, &bad).unwrap();
            assert!(load(&dir, &text, "gfx1100").is_none(), "byte {at} of {}", good.len());
        }
        std::fs::write(&path, &good[..good.len() - 3]).unwrap();
        assert!(load(&dir, &text, "gfx1100").is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
