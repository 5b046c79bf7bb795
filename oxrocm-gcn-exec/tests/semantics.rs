//! Per-instruction execution tests: each instruction runs on waves of random size (32 or
//! 64 lanes), with random sources (VGPRs, SGPRs, inline constants), random EXEC masks
//! and "interesting" values (zeros, signs, extremes, NaNs, infinities, denormals) mixed
//! into random ones; every lane's result is checked against a reference written here
//! from the ISA manuals' definitions, independently of the interpreter's code. Inactive
//! lanes must keep their old value.
//!
//! Most checks run each instruction twice, interpreted and compiled ([`Paths`]): the
//! reference checks both results. Every mnemonic the compiler translates inline
//! (`jit::inlined_mnemonics`) has a reference here, and its check fails unless at least
//! one of its runs was inline code (`every_inlined_mnemonic_has_an_isa_reference`).
//!
//! What each group checks:
//! - 32-bit integer VALU: wrapping arithmetic, 24-bit multiplies, high halves, shifts
//!   (amount in the first source, low 5 bits), bit-field extract/insert, align, min/max,
//!   three-operand forms (min3/max3/med3 included), bit counts and searches (-1 when
//!   there is no bit).
//! - 16-bit integer VALU: the sources' low halves, the result to the destination's low
//!   half, its high half kept (RDNA).
//! - f32 VALU with denormals kept: IEEE-rounded add/sub/mul/fma (and their accumulating
//!   and literal forms), the unfused v_mad_f32 family, IEEE min/max (a quiet NaN loses to
//!   a number, -0 < +0), rounding ops, conversions (saturating, NaN to 0), sqrt within
//!   1 ulp.
//! - Compares: every relation of i16/u16/i32/u32/i64/u64/f32/f64, incl. the unordered
//!   ones with NaNs; the mask goes to VCC or an SGPR pair (v_cmp) or EXEC (v_cmpx),
//!   inactive lanes read 0.
//! - Carries and 64-bit ops: add/sub with carry/borrow out and in (VCC or SGPRs),
//!   inactive lanes' carry bits 0, 64-bit shifts, v_mad_u64_u32, f64 add/mul/fma.
//! - Cross-lane: readfirstlane (lane 0 when EXEC is 0), readlane, writelane, mbcnt
//!   (lo and hi), ds_bpermute (inactive source lanes read 0), v_cndmask.
//! - Scalar ALU: results and SCC (carry, borrow, signed overflow, non-zero, compare),
//!   s_cselect, bit-field extract, 64-bit logic and shifts, bit searches, saveexec.

use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::Opnd::{self, Imm, S, V, Vcc};
use oxrocm_gcn_exec::ir::{Inst, Mods};
use oxrocm_gcn_exec::jit::{Policy, inlined_mnemonics};
use oxrocm_gcn_exec::memory::Memory;
use oxrocm_gcn_exec::wave::Wave;
use oxrocm_gcn_exec::workgroup::WaveCtx;

const TRIALS: usize = 60;

mod common;
use common::Rng;

/// Value distributions of these tests over the shared xorshift64* source.
impl Rng {
    /// Mostly random bits; one in three an edge value of integers or floats.
    fn value(&mut self) -> u32 {
        const EDGES: [u32; 24] = [
            0, 1, 2, 31, 32, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff, 0xffff, 0x1_0000, 0xff, 0x80,
            0x3f80_0000, 0xbfc0_0000, 0x7f80_0000, 0xff80_0000, 0x7fc0_0000, 0x7fa0_0000, 0x0000_0001, 0x807f_ffff,
            0x4f80_0000, 0x477f_e000, 0x0080_0000, 0x4b00_0001,
        ];
        match self.below(3) {
            0 => EDGES[self.below(EDGES.len() as u64) as usize],
            // Floats of moderate magnitude, so float ops see ordinary operands too.
            1 => (self.below(2) as u32) << 31 | (100 + self.below(55) as u32) << 23 | self.below(1 << 23) as u32,
            _ => self.next() as u32,
        }
    }
    fn value64(&mut self) -> u64 {
        const EDGES: [u64; 8] = [0, 1, u64::MAX, 1 << 63, 0x7ff0_0000_0000_0000, 0x7ff8_0000_0000_0000, 0x3ff0_0000_0000_0000, 1];
        match self.below(3) {
            0 => EDGES[self.below(8) as usize],
            1 => (self.below(2)) << 63 | (900 + self.below(250)) << 52 | self.below(1 << 52),
            _ => self.next(),
        }
    }
    fn exec(&mut self, lanes: usize) -> u64 {
        let full = if lanes == 64 { u64::MAX } else { (1 << lanes) - 1 };
        match self.below(5) {
            0 => full,
            1 => 0,
            _ => self.next() & full,
        }
    }
}


/// `inst` then `s_endpgm`, run with `policy`.
fn program(inst: Inst, policy: Policy) -> Interp {
    Interp::new(0, vec![inst, Inst::new("s_endpgm", Opnd::None, &[])]).with_jit_policy(policy)
}

/// Runs `p` (an instruction of `len` bytes, then `s_endpgm`) on `w`.
fn run_on(p: &Interp, len: u8, w: &mut Wave) {
    let memory = Memory::checked(vec![]);
    let (mut lds, mut scratch) = ([0u8; 64], [0u8; 0]);
    let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
    w.pc = 0;
    p.step_all(w, &mut ctx).unwrap_or_else(|t| panic!("trap {t:?}"));
    assert_eq!(w.pc, len as u64 + 4, "ran to the end");
}

/// Runs `inst` once on `w`, interpreted.
fn run(inst: Inst, w: &mut Wave) {
    let len = inst.len;
    run_on(&program(inst, Policy::Off), len, w);
}

/// One mnemonic's runs, interpreted and compiled (`Policy::Always`: the instruction and
/// `s_endpgm` are one region at the first entry). A compiled program is kept per
/// instruction form (a compile costs tens of milliseconds here); forms past the first
/// `forms` run interpreted only.
struct Paths {
    name: &'static str,
    forms: usize,
    compiled: Vec<(Inst, Interp)>,
    /// Whether some compiled run had the instruction as inline code (not a call into the
    /// interpreter).
    inlined: bool,
}

impl Paths {
    fn new(name: &'static str, forms: usize) -> Paths {
        Paths { name, forms, compiled: Vec::new(), inlined: false }
    }

    /// The waves after `inst` ran on copies of `before`: interpreted, then compiled (if
    /// this form is), each with the way it ran.
    fn run(&mut self, inst: Inst, before: &Wave) -> Vec<(&'static str, Wave)> {
        assert_eq!(inst.name, self.name);
        let mut w = before.clone();
        run(inst.clone(), &mut w);
        let mut out = vec![("interpreted", w)];
        let k = match self.compiled.iter().position(|(i, _)| *i == inst) {
            Some(k) => k,
            None if self.compiled.len() < self.forms => {
                self.compiled.push((inst.clone(), program(inst.clone(), Policy::Always)));
                self.compiled.len() - 1
            }
            None => return out,
        };
        let p = &self.compiled[k].1;
        let mut w = before.clone();
        run_on(p, inst.len, &mut w);
        let jit = p.jit(w.lanes);
        assert_eq!(jit.compiled_instructions(), 2, "{}: the instruction and s_endpgm compiled", self.name);
        self.inlined |= jit.inlined_instructions() == 1;
        out.push(("compiled", w));
        out
    }

    /// Fails unless an inlined mnemonic ran as inline code at least once (else its
    /// reference never saw the compiler's translation).
    fn finish(self) {
        if inlined_mnemonics().contains(&self.name) {
            assert!(self.inlined, "{}: no run was inline code ({} forms compiled)", self.name, self.compiled.len());
        }
    }
}

fn wave(r: &mut Rng) -> Wave {
    let lanes = if r.below(4) == 0 { 64 } else { 32 };
    wave_of(r, lanes)
}

fn wave_of(r: &mut Rng, lanes: usize) -> Wave {
    let mut w = Wave::new(lanes, 16);
    w.mode = 0xf0 | 1 << 9 | 1 << 8; // denormals kept, IEEE, DX10 clamp: HIP's defaults
    for v in w.vgpr.iter_mut() {
        *v = r.value();
    }
    for s in w.sgpr.iter_mut() {
        *s = r.value();
    }
    w.vcc = r.next() & w.full_mask();
    w.exec = r.exec(lanes);
    w
}

/// A random source: a VGPR (v1..v3, per-lane values), an SGPR, or an inline constant.
fn source(r: &mut Rng, k: usize, allow_const: bool) -> Opnd {
    match if allow_const { r.below(4) } else { 0 } {
        0 | 1 => V(1 + k as u16 * 2),
        2 => S(10 + k as u16 * 2),
        _ => Imm([0, 1, 64, 0xffff_fff0, 0x3f80_0000, 0xc000_0000][r.below(6) as usize]),
    }
}

/// Source `k` of `name`: mostly the kind the compiler translates inline where it needs
/// one (a scalar shift amount, a constant field or selector), always the literal of the
/// `*mk`/`*ak` forms; else [`source`].
fn operand(r: &mut Rng, name: &str, k: usize) -> Opnd {
    let scalar = |r: &mut Rng| if r.below(2) == 0 { S(10 + k as u16 * 2) } else { Imm(r.below(40) as u32) };
    let often = r.below(4) != 0;
    match (name, k) {
        ("v_lshlrev_b32" | "v_lshrrev_b32" | "v_ashrrev_i32", 0) | ("v_lshl_add_u32" | "v_lshl_or_b32", 1) | ("v_add_lshl_u32", 2) if often => scalar(r),
        ("v_bfe_u32" | "v_bfe_i32", 1 | 2) | ("v_alignbit_b32", 2) if often => Imm(r.below(40) as u32),
        ("v_perm_b32", 2) if often => Imm((0..4).map(|b| (r.below(16) as u32) << (8 * b)).sum()),
        ("v_fmamk_f32" | "v_madmk_f32", 1) | ("v_fmaak_f32" | "v_madak_f32", 2) => Imm(r.value()),
        _ => source(r, k, true),
    }
}

/// A source's 32-bit value in lane `l`.
fn val(w: &Wave, o: Opnd, l: usize) -> u32 {
    match o {
        V(n) => w.v(n as usize)[l],
        S(n) => w.sgpr[n as usize],
        Imm(v) => v,
        Vcc => w.vcc as u32,
        _ => 0,
    }
}
fn val64(w: &Wave, o: Opnd, l: usize) -> u64 {
    match o {
        V(n) => w.v(n as usize)[l] as u64 | (w.v(n as usize + 1)[l] as u64) << 32,
        S(n) => w.sgpr[n as usize] as u64 | (w.sgpr[n as usize + 1] as u64) << 32,
        Imm(v) => v as i32 as i64 as u64,
        _ => 0,
    }
}

fn same_f32(a: u32, b: u32) -> bool {
    a == b || (f32::from_bits(a).is_nan() && f32::from_bits(b).is_nan())
}

/// Whether `name` reads its destination as the addend (`v_fmac_f32`: D = S0·S1 + D).
fn accumulates(name: &str) -> bool {
    name.starts_with("v_fmac_") || name.starts_with("v_mac_")
}

/// Checks a 32-bit VALU op with `n` sources (the accumulating forms: the destination as a
/// third) against `f` on every lane, interpreted and compiled. `f` gets the three
/// sources' values and the destination's old value; `None` leaves the lane unchecked.
fn vop32(name: &'static str, n: usize, eq: fn(u32, u32) -> bool, f: impl Fn([u32; 4]) -> Option<u32>) {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64 ^ (name.as_bytes()[3] as u64) << 32 ^ (name.as_bytes()[name.len() - 5] as u64) << 40);
    let mut paths = Paths::new(name, 6);
    for _ in 0..TRIALS {
        let w = wave(&mut r);
        let mut srcs: Vec<Opnd> = (0..n).map(|k| operand(&mut r, name, k)).collect();
        if accumulates(name) {
            srcs.push(V(8));
        }
        for (how, got) in paths.run(Inst::new(name, V(8), &srcs), &w) {
            for l in 0..w.lanes {
                let mut a = [0u32; 4];
                for (k, o) in srcs.iter().enumerate() {
                    a[k] = val(&w, *o, l);
                }
                a[3] = w.v(8)[l];
                let want = if w.active(l) { f(a) } else { Some(w.v(8)[l]) };
                let Some(want) = want else { continue };
                let got = got.v(8)[l];
                assert!(eq(got, want), "{name} ({how}) lane {l} of {} inputs {a:08x?} ({:?}): got {got:#010x} want {want:#010x}", w.lanes, a.iter().map(|x| f32::from_bits(*x)).collect::<Vec<_>>());
            }
        }
    }
    paths.finish();
}

type Int3 = fn(u32, u32, u32) -> u32;

fn field(v: u32, off: u32, width: u32) -> u32 {
    if width == 0 { 0 } else { ((v as u64 >> off) & ((1u64 << width) - 1)) as u32 }
}

fn median<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    let mut v = [a, b, c];
    v.sort();
    v[1]
}

/// 32-bit integer VALU ops: (mnemonic, sources, D from S0, S1, S2).
const INT_VALU: &[(&str, usize, Int3)] = &[
    ("v_add_nc_u32", 2, |a, b, _| a.wrapping_add(b)),
    ("v_add_u32", 2, |a, b, _| a.wrapping_add(b)),
    ("v_add_nc_i32", 2, |a, b, _| (a as i32).wrapping_add(b as i32) as u32),
    ("v_sub_nc_u32", 2, |a, b, _| a.wrapping_sub(b)),
    ("v_sub_u32", 2, |a, b, _| a.wrapping_sub(b)),
    ("v_sub_nc_i32", 2, |a, b, _| (a as i32).wrapping_sub(b as i32) as u32),
    ("v_subrev_nc_u32", 2, |a, b, _| b.wrapping_sub(a)),
    ("v_subrev_u32", 2, |a, b, _| b.wrapping_sub(a)),
    ("v_mul_lo_u32", 2, |a, b, _| a.wrapping_mul(b)),
    ("v_mul_hi_u32", 2, |a, b, _| ((a as u64 * b as u64) >> 32) as u32),
    ("v_mul_hi_i32", 2, |a, b, _| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32),
    ("v_mul_u32_u24", 2, |a, b, _| (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff)),
    ("v_mul_i32_i24", 2, |a, b, _| (((a << 8) as i32 >> 8).wrapping_mul((b << 8) as i32 >> 8)) as u32),
    ("v_and_b32", 2, |a, b, _| a & b),
    ("v_or_b32", 2, |a, b, _| a | b),
    ("v_xor_b32", 2, |a, b, _| a ^ b),
    ("v_xnor_b32", 2, |a, b, _| !(a ^ b)),
    ("v_not_b32", 1, |a, _, _| !a),
    ("v_lshlrev_b32", 2, |a, b, _| b << (a & 31)),
    ("v_lshrrev_b32", 2, |a, b, _| b >> (a & 31)),
    ("v_ashrrev_i32", 2, |a, b, _| ((b as i32) >> (a & 31)) as u32),
    ("v_min_u32", 2, |a, b, _| a.min(b)),
    ("v_max_u32", 2, |a, b, _| a.max(b)),
    ("v_min_i32", 2, |a, b, _| (a as i32).min(b as i32) as u32),
    ("v_max_i32", 2, |a, b, _| (a as i32).max(b as i32) as u32),
    ("v_min3_u32", 3, |a, b, c| a.min(b).min(c)),
    ("v_max3_u32", 3, |a, b, c| a.max(b).max(c)),
    ("v_min3_i32", 3, |a, b, c| (a as i32).min(b as i32).min(c as i32) as u32),
    ("v_max3_i32", 3, |a, b, c| (a as i32).max(b as i32).max(c as i32) as u32),
    ("v_med3_u32", 3, |a, b, c| median(a, b, c)),
    ("v_med3_i32", 3, |a, b, c| median(a as i32, b as i32, c as i32) as u32),
    ("v_bfe_u32", 3, |a, b, c| field(a, b & 31, c & 31)),
    ("v_bfe_i32", 3, |a, b, c| {
        // The field sign-extended from its top bit (bits past bit 31 read as 0).
        let (off, width) = (b & 31, c & 31);
        if width == 0 { 0 } else { ((field(a, off, width) << (32 - width)) as i32 >> (32 - width)) as u32 }
    }),
    ("v_bfi_b32", 3, |a, b, c| (a & b) | (!a & c)),
    ("v_alignbit_b32", 3, |a, b, c| (((a as u64) << 32 | b as u64) >> (c & 31)) as u32),
    ("v_add3_u32", 3, |a, b, c| a.wrapping_add(b).wrapping_add(c)),
    ("v_lshl_add_u32", 3, |a, b, c| (a << (b & 31)).wrapping_add(c)),
    ("v_lshl_or_b32", 3, |a, b, c| (a << (b & 31)) | c),
    ("v_add_lshl_u32", 3, |a, b, c| a.wrapping_add(b) << (c & 31)),
    ("v_and_or_b32", 3, |a, b, c| (a & b) | c),
    ("v_or3_b32", 3, |a, b, c| a | b | c),
    ("v_xor3_b32", 3, |a, b, c| a ^ b ^ c),
    ("v_xad_u32", 3, |a, b, c| (a ^ b).wrapping_add(c)),
    ("v_mad_u32_u24", 3, |a, b, c| (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff).wrapping_add(c)),
    ("v_cvt_u32_u16", 1, |a, _, _| a & 0xffff),
    ("v_bfrev_b32", 1, |a, _, _| a.reverse_bits()),
    ("v_ffbh_u32", 1, |a, _, _| if a == 0 { u32::MAX } else { a.leading_zeros() }),
    ("v_ffbl_b32", 1, |a, _, _| if a == 0 { u32::MAX } else { a.trailing_zeros() }),
    ("v_ffbh_i32", 1, |a, _, _| {
        let s = a as i32;
        if s == 0 || s == -1 { u32::MAX } else if s < 0 { (!a).leading_zeros() } else { a.leading_zeros() }
    }),
    ("v_bcnt_u32_b32", 2, |a, b, _| a.count_ones().wrapping_add(b)),
    ("v_mov_b32", 1, |a, _, _| a),
    ("v_cvt_f32_u32", 1, |a, _, _| (a as f64 as f32).to_bits()),
    ("v_cvt_f32_i32", 1, |a, _, _| (a as i32 as f64 as f32).to_bits()),
    ("v_cvt_u32_f32", 1, |a, _, _| { let x = f32::from_bits(a); if x.is_nan() { 0 } else { x.clamp(0.0, 4294967295.0) as u32 } }),
    ("v_cvt_i32_f32", 1, |a, _, _| { let x = f32::from_bits(a); if x.is_nan() { 0 } else { x.clamp(-2147483648.0, 2147483647.0) as i32 as u32 } }),
    ("v_perm_b32", 3, |a, b, c| {
        // Byte selectors over {a, b} as one 8-byte value (b the low half); 12 is 0x00,
        // 13 and up 0xff, 8..11 replicate sign bits of b/a's halves.
        let bytes = ((a as u64) << 32 | b as u64).to_le_bytes();
        let pick = |s: u32| -> u32 {
            match s {
                0..=7 => bytes[s as usize] as u32,
                8 => if b & 0x8000 != 0 { 0xff } else { 0 },
                9 => if b & 0x8000_0000 != 0 { 0xff } else { 0 },
                10 => if a & 0x8000 != 0 { 0xff } else { 0 },
                11 => if a & 0x8000_0000 != 0 { 0xff } else { 0 },
                12 => 0,
                _ => 0xff,
            }
        };
        (0..4).map(|k| pick(c >> (8 * k) & 0xff) << (8 * k)).sum()
    }),
];

#[test]
fn integer_valu() {
    for &(name, n, f) in INT_VALU {
        vop32(name, n, |a, b| a == b, move |a| Some(f(a[0], a[1], a[2])));
    }
}

type Int16 = fn(u16, u16, u16) -> u16;

/// 16-bit integer VALU ops on the sources' low halves: (mnemonic, sources, result).
const INT16_VALU: &[(&str, usize, Int16)] = &[
    ("v_add_nc_u16", 2, |a, b, _| a.wrapping_add(b)),
    ("v_add_u16", 2, |a, b, _| a.wrapping_add(b)),
    ("v_sub_nc_u16", 2, |a, b, _| a.wrapping_sub(b)),
    ("v_sub_u16", 2, |a, b, _| a.wrapping_sub(b)),
    ("v_mul_lo_u16", 2, |a, b, _| a.wrapping_mul(b)),
    ("v_max_u16", 2, |a, b, _| a.max(b)),
    ("v_min_u16", 2, |a, b, _| a.min(b)),
    ("v_max_i16", 2, |a, b, _| (a as i16).max(b as i16) as u16),
    ("v_min_i16", 2, |a, b, _| (a as i16).min(b as i16) as u16),
    ("v_med3_u16", 3, |a, b, c| median(a, b, c)),
    ("v_med3_i16", 3, |a, b, c| median(a as i16, b as i16, c as i16) as u16),
];

/// The result goes to the destination's low half; RDNA keeps the high half (no op_sel).
#[test]
fn integer_16_bit_valu() {
    for &(name, n, f) in INT16_VALU {
        vop32(name, n, |a, b| a == b, move |a| Some(a[3] & 0xffff_0000 | f(a[0] as u16, a[1] as u16, a[2] as u16) as u32));
    }
}

fn is_snan(x: f32) -> bool {
    x.is_nan() && x.to_bits() & 0x40_0000 == 0
}

/// IEEE-754 minNum/maxNum as the ISA's IEEE mode has them: a signaling NaN gives NaN, a
/// quiet NaN gives the other operand, and -0 orders below +0.
fn ieee_pick(a: f32, b: f32, max: bool) -> f32 {
    if is_snan(a) || is_snan(b) {
        return f32::NAN;
    }
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    let key = |x: f32| (x, x.is_sign_positive());
    let (ka, kb) = (key(a), key(b));
    let a_less = ka.0 < kb.0 || (ka.0 == kb.0 && !ka.1 && kb.1);
    if a_less == max { b } else { a }
}


type Float3 = fn(f32, f32, f32) -> f32;

/// f32 VALU ops with one IEEE rounding: (mnemonic, sources, D from S0, S1, S2). The
/// accumulating forms' third value is the destination; the literal forms have the
/// literal where the assembler writes it (`v_fmamk_f32 d, s0, K, s1`: D = S0·K + S1).
const FLOAT_VALU: &[(&str, usize, Float3)] = &[
    ("v_add_f32", 2, |a, b, _| (a as f64 + b as f64) as f32),
    ("v_sub_f32", 2, |a, b, _| (a as f64 - b as f64) as f32),
    ("v_subrev_f32", 2, |a, b, _| (b as f64 - a as f64) as f32),
    ("v_mul_f32", 2, |a, b, _| (a as f64 * b as f64) as f32),
    // The product is exact in f64, so one rounding to f64 then f32 differs from a fused
    // f32 result only with probability ~2^-29 per case; the inputs here do not hit it.
    ("v_fma_f32", 3, |a, b, c| (a as f64 * b as f64 + c as f64) as f32),
    ("v_fmac_f32", 2, |a, b, d| (a as f64 * b as f64 + d as f64) as f32),
    ("v_fmamk_f32", 3, |a, k, b| (a as f64 * k as f64 + b as f64) as f32),
    ("v_fmaak_f32", 3, |a, b, k| (a as f64 * b as f64 + k as f64) as f32),
    ("v_min_f32", 2, |a, b, _| ieee_pick(a, b, false)),
    ("v_max_f32", 2, |a, b, _| ieee_pick(a, b, true)),
    ("v_floor_f32", 1, |a, _, _| a.floor()),
    ("v_ceil_f32", 1, |a, _, _| a.ceil()),
    ("v_trunc_f32", 1, |a, _, _| a.trunc()),
    ("v_rndne_f32", 1, |a, _, _| a.round_ties_even()),
    ("v_cvt_f32_ubyte0", 1, |a, _, _| (a.to_bits() & 0xff) as f32),
    ("v_cvt_f32_ubyte2", 1, |a, _, _| (a.to_bits() >> 16 & 0xff) as f32),
    ("v_ldexp_f32", 2, |a, b, _| {
        // a · 2^b, b a signed integer, one rounding (f64 holds every f32 · 2^k exactly
        // over the range that matters; beyond it the result is 0 or infinity either way).
        let k = (b.to_bits() as i32).clamp(-400, 400);
        (a as f64 * 2f64.powi(k)) as f32
    }),
];

/// The unfused multiply-adds (D = S0·S1 + S2, the product rounded to f32 first), in the
/// same operand layouts as [`FLOAT_VALU`]'s fused forms.
const MAD_VALU: &[(&str, usize)] = &[("v_mad_f32", 3), ("v_mac_f32", 2), ("v_madmk_f32", 3), ("v_madak_f32", 3)];

#[test]
fn float_valu() {
    for &(name, n, f) in FLOAT_VALU {
        vop32(name, n, same_f32, move |a| Some(f(f32::from_bits(a[0]), f32::from_bits(a[1]), f32::from_bits(a[2])).to_bits()));
    }
    // v_mad_f32 flushes f32 denormals (inputs and result) whatever MODE asks for, which
    // is why LLVM selects it only when the kernel flushes them; lanes where a denormal
    // is read or made are left unchecked (the interpreter keeps them, as it does in
    // every f32 op under HIP's MODE).
    for &(name, n) in MAD_VALU {
        vop32(name, n, same_f32, move |a| {
            let x = |k: usize| f32::from_bits(a[k]);
            let (p, q, c) = (x(0), x(1), x(2));
            let product = (p as f64 * q as f64) as f32;
            let sum = (product as f64 + c as f64) as f32;
            let denormal = [p, q, c, product, sum].iter().any(|v| v.is_subnormal());
            (!denormal).then_some(sum.to_bits())
        });
    }
    // Within 1 ulp, as the ISA promises (a correctly rounded reference).
    vop32("v_sqrt_f32", 1, |g, w| same_f32(g, w) || g.abs_diff(w) <= 1, |a| Some(((f32::from_bits(a[0]) as f64).sqrt() as f32).to_bits()));
    vop32("v_rcp_f32", 1, |g, w| same_f32(g, w) || g.abs_diff(w) <= 1, |a| Some(((1.0 / f32::from_bits(a[0]) as f64) as f32).to_bits()));
}

/// Whether `a rel b` holds for the relation named `cond` (None: unordered).
fn relation(cond: &str, o: Option<std::cmp::Ordering>) -> bool {
    use std::cmp::Ordering::*;
    match cond {
        "f" => false,
        "lt" => o == Some(Less),
        "eq" => o == Some(Equal),
        "le" => matches!(o, Some(Less | Equal)),
        "gt" => o == Some(Greater),
        "lg" | "ne" => matches!(o, Some(Less | Greater)),
        "ge" => matches!(o, Some(Greater | Equal)),
        "o" => o.is_some(),
        "u" => o.is_none(),
        "nge" => !matches!(o, Some(Greater | Equal)),
        "nlg" => !matches!(o, Some(Less | Greater)),
        "ngt" => o != Some(Greater),
        "nle" => !matches!(o, Some(Less | Equal)),
        "neq" => o != Some(Equal),
        "nlt" => o != Some(Less),
        "t" | "tru" => true,
        c => panic!("relation {c}"),
    }
}


/// Operand types of the vector compares, and the relations of integers (`ne`/`lg` and
/// `t`/`tru` the same relation under two names) and of floats.
const CMP_TYPES: &[&str] = &["i16", "u16", "i32", "u32", "f32", "i64", "u64", "f64"];
const INT_RELATIONS: &[&str] = &["f", "lt", "eq", "le", "gt", "ne", "lg", "ge", "t", "tru"];
const FLOAT_RELATIONS: &[&str] = &["f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "t", "tru"];

fn relations(ty: &str) -> &'static [&'static str] {
    if ty.starts_with('f') { FLOAT_RELATIONS } else { INT_RELATIONS }
}

/// Whether `compares` checks `name`.
fn is_checked_compare(name: &str) -> bool {
    let rest = name.strip_prefix("v_cmpx_").or_else(|| name.strip_prefix("v_cmp_"));
    let Some((cond, ty)) = rest.and_then(|r| r.rsplit_once('_')) else { return false };
    CMP_TYPES.contains(&ty) && relations(ty).contains(&cond)
}

#[test]
fn compares() {
    let mut r = Rng(77);
    for ty in CMP_TYPES {
        for cond in relations(ty) {
            for x in [false, true] {
                let name: &'static str = Box::leak(format!("v_cmp{}_{cond}_{ty}", if x { "x" } else { "" }).into_boxed_str());
                let mut paths = Paths::new(name, 3);
                for _ in 0..TRIALS / 4 {
                    let mut w = wave(&mut r);
                    let wide = ty.ends_with("64");
                    if wide {
                        // 64-bit values in the pairs v1:v2 and v3:v4 (and s10:s11, s12:s13).
                        for l in 0..w.lanes {
                            for reg in [1, 3] {
                                let v = r.value64();
                                w.v_mut(reg)[l] = v as u32;
                                w.v_mut(reg + 1)[l] = (v >> 32) as u32;
                            }
                        }
                    }
                    // Equal operands now and then, so eq/ne see both outcomes.
                    if r.below(4) == 0 {
                        let copy: Vec<u32> = w.v(1).to_vec();
                        w.v_mut(3).copy_from_slice(&copy);
                    }
                    let srcs = [source(&mut r, 0, !wide), V(3)];
                    let before = w;
                    let dst = if x { Opnd::None } else if r.below(2) == 0 { Vcc } else { S(20) };
                    let mut want = 0u64;
                    for l in 0..before.lanes {
                        let (a, b) = (val(&before, srcs[0], l), val(&before, srcs[1], l));
                        let o = match *ty {
                            "i16" => Some((a as u16 as i16).cmp(&(b as u16 as i16))),
                            "u16" => Some((a as u16).cmp(&(b as u16))),
                            "i32" => Some((a as i32).cmp(&(b as i32))),
                            "u32" => Some(a.cmp(&b)),
                            "f32" => f32::from_bits(a).partial_cmp(&f32::from_bits(b)),
                            "i64" => Some((val64(&before, srcs[0], l) as i64).cmp(&(val64(&before, srcs[1], l) as i64))),
                            "u64" => Some(val64(&before, srcs[0], l).cmp(&val64(&before, srcs[1], l))),
                            _ => f64::from_bits(val64(&before, srcs[0], l)).partial_cmp(&f64::from_bits(val64(&before, srcs[1], l))),
                        };
                        if before.active(l) && relation(cond, o) {
                            want |= 1 << l;
                        }
                    }
                    for (how, w) in paths.run(Inst::new(name, dst, &srcs), &before) {
                        let got = if x {
                            w.exec
                        } else if dst == Vcc {
                            w.vcc & w.full_mask()
                        } else if w.lanes == 32 {
                            w.sgpr[20] as u64
                        } else {
                            w.s64(20)
                        };
                        assert_eq!(got, want, "{name} ({how}) on {} lanes, exec {:#x}", w.lanes, before.exec);
                    }
                }
                paths.finish();
            }
        }
    }
}

#[test]
fn carries_and_64_bit_ops() {
    let mut r = Rng(5);
    for _ in 0..TRIALS {
        // v_add_co_u32 then v_add_co_ci_u32: a 64-bit add through VCC.
        let mut w = wave(&mut r);
        let before = w.clone();
        run(Inst::new("v_add_co_u32", V(8), &[V(1), V(3)]).dst2(Vcc), &mut w);
        run(Inst::new("v_add_co_ci_u32", V(9), &[V(2), V(4), Vcc]).dst2(Vcc), &mut w);
        for l in 0..w.lanes {
            if before.active(l) {
                let sum = val64(&before, V(1), l).wrapping_add(val64(&before, V(3), l));
                assert_eq!(val64(&w, V(8), l), sum, "64-bit add via carries, lane {l}");
            } else {
                assert_eq!((w.v(8)[l], w.v(9)[l]), (before.v(8)[l], before.v(9)[l]));
            }
        }
        // v_sub_co_u32: borrow out.
        let mut w = before.clone();
        run(Inst::new("v_sub_co_u32", V(8), &[V(1), V(3)]).dst2(S(30)), &mut w);
        for l in (0..w.lanes).filter(|l| before.active(*l)) {
            let (a, b) = (before.v(1)[l], before.v(3)[l]);
            assert_eq!(w.v(8)[l], a.wrapping_sub(b));
            let mask = if w.lanes == 32 { w.sgpr[30] as u64 } else { w.s64(30) };
            assert_eq!(mask >> l & 1 == 1, b > a, "borrow of lane {l}");
        }
        // Inactive lanes' carry bits are 0, whatever the destination held: compiled code
        // tests a uniform carry with `s_cmp_lg_u32 sdst, 0` under a partial EXEC.
        let mask = if w.lanes == 32 { w.sgpr[30] as u64 } else { w.s64(30) };
        assert_eq!(mask & !before.exec, 0, "v_sub_co_u32 carry bits of inactive lanes, exec {:#x}", before.exec);
        let mut w = before.clone();
        w.vcc = !0;
        run(Inst::new("v_add_co_u32", V(8), &[V(1), V(3)]).dst2(Vcc), &mut w);
        assert_eq!(w.vcc & !before.exec & w.full_mask(), 0, "v_add_co_u32 carry bits of inactive lanes");
        // 64-bit shifts: amount (low 6 bits) first, value pair second.
        for (name, f) in [
            ("v_lshlrev_b64", (|v: u64, s: u32| v << (s & 63)) as fn(u64, u32) -> u64),
            ("v_lshrrev_b64", |v, s| v >> (s & 63)),
            ("v_ashrrev_i64", |v, s| ((v as i64) >> (s & 63)) as u64),
        ] {
            let mut w = before.clone();
            run(Inst::new(name, V(8), &[V(5), V(1)]), &mut w);
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                assert_eq!(val64(&w, V(8), l), f(val64(&before, V(1), l), before.v(5)[l]), "{name} lane {l}");
            }
        }
        let mut w = before.clone();
        run(Inst::new("v_mad_u64_u32", V(8), &[V(1), V(3), V(5)]).dst2(S(30)), &mut w);
        for l in (0..w.lanes).filter(|l| before.active(*l)) {
            let exact = before.v(1)[l] as u128 * before.v(3)[l] as u128 + val64(&before, V(5), l) as u128;
            assert_eq!(val64(&w, V(8), l), exact as u64, "v_mad_u64_u32 lane {l}");
        }
        for (name, f) in [
            ("v_add_f64", (|a: f64, b: f64| a + b) as fn(f64, f64) -> f64),
            ("v_mul_f64", |a, b| a * b),
        ] {
            let mut w = before.clone();
            for l in 0..w.lanes {
                for reg in [1, 3] {
                    let v = r.value64();
                    w.v_mut(reg)[l] = v as u32;
                    w.v_mut(reg + 1)[l] = (v >> 32) as u32;
                }
            }
            let start = w.clone();
            run(Inst::new(name, V(8), &[V(1), V(3)]), &mut w);
            for l in (0..w.lanes).filter(|l| start.active(*l)) {
                let want = f(f64::from_bits(val64(&start, V(1), l)), f64::from_bits(val64(&start, V(3), l)));
                let got = f64::from_bits(val64(&w, V(8), l));
                assert!(got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()), "{name} lane {l}: {got} vs {want}");
            }
        }
    }
}


type CarryRef = fn(u32, u32, bool) -> (u32, bool);

fn add_carry(a: u32, b: u32, c: bool) -> (u32, bool) {
    let s = a as u64 + b as u64 + c as u64;
    (s as u32, s >> 32 != 0)
}

/// a - b - c, and whether it borrowed (b + c exceeds a).
fn sub_borrow(a: u32, b: u32, c: bool) -> (u32, bool) {
    (a.wrapping_sub(b).wrapping_sub(c as u32), b as u64 + c as u64 > a as u64)
}

/// Adds and subtracts with a carry (borrow) out, and in for the `_ci` forms (gfx9 names
/// too): (mnemonic, takes a carry in, D and the carry out from S0, S1, the carry in).
const CARRIES: &[(&str, bool, CarryRef)] = &[
    ("v_add_co_u32", false, |a, b, _| add_carry(a, b, false)),
    ("v_sub_co_u32", false, |a, b, _| sub_borrow(a, b, false)),
    ("v_subrev_co_u32", false, |a, b, _| sub_borrow(b, a, false)),
    ("v_add_co_ci_u32", true, add_carry),
    ("v_addc_co_u32", true, add_carry),
    ("v_sub_co_ci_u32", true, sub_borrow),
    ("v_subb_co_u32", true, sub_borrow),
    ("v_subrev_co_ci_u32", true, |a, b, c| sub_borrow(b, a, c)),
    ("v_subbrev_co_u32", true, |a, b, c| sub_borrow(b, a, c)),
];

/// A lane mask operand at the wave's size.
fn mask_of(w: &Wave, o: Opnd) -> u64 {
    match o {
        Vcc => w.vcc & w.full_mask(),
        S(n) if w.lanes == 32 => w.sgpr[n as usize] as u64,
        S(n) => w.s64(n as usize),
        _ => 0,
    }
}

/// Every carry form, the carry in from VCC or SGPRs, the carry out to VCC (by default or
/// named) or SGPRs: active lanes' results and carries, inactive lanes' results kept and
/// carry bits 0.
#[test]
fn carries() {
    let mut r = Rng(17);
    for &(name, with_in, f) in CARRIES {
        let mut paths = Paths::new(name, 6);
        for _ in 0..TRIALS {
            let w = wave(&mut r);
            let (a, b) = (source(&mut r, 0, true), source(&mut r, 1, true));
            let cin = if !with_in { Opnd::None } else if r.below(2) == 0 { Vcc } else { S(20) };
            let cout = [Opnd::None, Vcc, S(30)][r.below(3) as usize];
            let carry_in = mask_of(&w, cin);
            let srcs = if with_in { vec![a, b, cin] } else { vec![a, b] };
            for (how, got) in paths.run(Inst::new(name, V(8), &srcs).dst2(cout), &w) {
                let mut carries = 0u64;
                for l in 0..w.lanes {
                    let (x, y) = (val(&w, a, l), val(&w, b, l));
                    let (d, c) = f(x, y, carry_in >> l & 1 == 1);
                    let want = if w.active(l) { d } else { w.v(8)[l] };
                    assert_eq!(got.v(8)[l], want, "{name} ({how}) lane {l}: {x:#x}, {y:#x}, carry in {}", carry_in >> l & 1);
                    carries |= ((c && w.active(l)) as u64) << l;
                }
                let out = if cout == Opnd::None { Vcc } else { cout };
                assert_eq!(mask_of(&got, out), carries, "{name} ({how}) carries to {out:?}, exec {:#x}", w.exec);
            }
        }
        paths.finish();
    }
}

type Shift64 = fn(u64, u32) -> u64;

/// 64-bit shifts: the amount (its low 6 bits) first, the value (a pair) second.
const SHIFTS64: &[(&str, Shift64)] = &[
    ("v_lshlrev_b64", |v, s| v << (s & 63)),
    ("v_lshrrev_b64", |v, s| v >> (s & 63)),
    ("v_ashrrev_i64", |v, s| ((v as i64) >> (s & 63)) as u64),
];

#[test]
fn shifts_64_bit() {
    let mut r = Rng(64);
    for &(name, f) in SHIFTS64 {
        let mut paths = Paths::new(name, 12);
        for _ in 0..TRIALS {
            let w = wave(&mut r);
            // Constant amounts (on both sides of 32, past 63) and per-lane ones.
            let amount = if r.below(5) == 0 { V(5) } else { Imm([0, 1, 5, 31, 32, 33, 63, 64, 70][r.below(9) as usize]) };
            let value = if r.below(4) == 0 { S(10) } else { V(1) };
            for (how, got) in paths.run(Inst::new(name, V(8), &[amount, value]), &w) {
                for l in 0..w.lanes {
                    let want = if w.active(l) { f(val64(&w, value, l), val(&w, amount, l)) } else { val64(&w, V(8), l) };
                    assert_eq!(val64(&got, V(8), l), want, "{name} ({how}) lane {l} by {amount:?}");
                }
            }
        }
        paths.finish();
    }
}

/// Lane-position ops: `v_mbcnt_lo/hi_u32_b32` (D = S1 + the set bits of S0 among the
/// lanes below this one, S0 standing for lanes 0-31 or 32-63) and `v_cndmask_b32` (S1
/// where the mask, VCC or an SGPR operand, has the lane's bit, else S0).
const LANE_OPS: &[&str] = &["v_mbcnt_lo_u32_b32", "v_mbcnt_hi_u32_b32", "v_cndmask_b32"];

#[test]
fn lane_counts_and_selects() {
    let mut r = Rng(23);
    for &name in LANE_OPS {
        let mut paths = Paths::new(name, 6);
        for _ in 0..TRIALS {
            let w = wave(&mut r);
            let (a, b) = (source(&mut r, 0, true), source(&mut r, 1, true));
            let mut srcs = vec![a, b];
            if name == "v_cndmask_b32" && r.below(2) == 0 {
                srcs.push(S(20));
            }
            let sel = if srcs.len() == 3 { mask_of(&w, S(20)) } else { w.vcc };
            for (how, got) in paths.run(Inst::new(name, V(8), &srcs), &w) {
                for l in 0..w.lanes {
                    let (x, y) = (val(&w, a, l), val(&w, b, l));
                    // The lanes below l, as a 64-bit thread mask.
                    let below = (1u64 << l) - 1;
                    let want = match name {
                        _ if !w.active(l) => w.v(8)[l],
                        "v_mbcnt_lo_u32_b32" => (x & below as u32).count_ones().wrapping_add(y),
                        "v_mbcnt_hi_u32_b32" => (x & (below >> 32) as u32).count_ones().wrapping_add(y),
                        _ => if sel >> l & 1 == 1 { y } else { x },
                    };
                    assert_eq!(got.v(8)[l], want, "{name} ({how}) lane {l} of {}: {x:#x}, {y:#x}", w.lanes);
                }
            }
        }
        paths.finish();
    }
}

#[test]
fn cross_lane_ops() {
    let mut r = Rng(11);
    for _ in 0..TRIALS {
        let w0 = wave(&mut r);
        let first = if w0.exec == 0 { 0 } else { w0.exec.trailing_zeros() as usize };
        let mut w = w0.clone();
        run(Inst::new("v_readfirstlane_b32", S(30), &[V(1)]), &mut w);
        assert_eq!(w.sgpr[30], w0.v(1)[first], "readfirstlane with exec {:#x}", w0.exec);

        let lane = r.below(w0.lanes as u64) as u32;
        let mut w = w0.clone();
        run(Inst::new("v_readlane_b32", S(30), &[V(1), Imm(lane)]), &mut w);
        assert_eq!(w.sgpr[30], w0.v(1)[lane as usize]);

        let mut w = w0.clone();
        run(Inst::new("v_writelane_b32", V(8), &[S(10), Imm(lane)]), &mut w);
        for l in 0..w.lanes {
            assert_eq!(w.v(8)[l], if l == lane as usize { w0.sgpr[10] } else { w0.v(8)[l] }, "writelane ignores EXEC, touches one lane");
        }

        let mut w = w0.clone();
        run(Inst::new("v_mbcnt_lo_u32_b32", V(8), &[S(10), V(3)]), &mut w);
        for l in (0..w.lanes).filter(|l| w0.active(*l)) {
            let below = if l >= 32 { u32::MAX } else { (1u32 << l) - 1 };
            assert_eq!(w.v(8)[l], (w0.sgpr[10] & below).count_ones().wrapping_add(w0.v(3)[l]), "mbcnt_lo lane {l}");
        }

        // Addresses are lane·4 (wrapping at the wave size); inactive sources read 0.
        let mut w = w0.clone();
        for l in 0..w.lanes {
            w.v_mut(2)[l] = (r.below(256) as u32) * 4;
        }
        let start = w.clone();
        run(Inst::new("ds_bpermute_b32", V(8), &[V(2), V(1)]), &mut w);
        for l in (0..w.lanes).filter(|l| start.active(*l)) {
            let from = (start.v(2)[l] / 4) as usize % start.lanes;
            let want = if start.active(from) { start.v(1)[from] } else { 0 };
            assert_eq!(w.v(8)[l], want, "bpermute lane {l} from {from}");
        }

        let mut w = w0.clone();
        let mask = if r.below(2) == 0 { Opnd::None } else { S(20) };
        let mut srcs = vec![V(1), V(3)];
        if mask != Opnd::None {
            srcs.push(mask);
        }
        run(Inst::new("v_cndmask_b32", V(8), &srcs), &mut w);
        let m = if mask == Opnd::None { w0.vcc } else if w0.lanes == 32 { w0.sgpr[20] as u64 } else { w0.s64(20) };
        for l in 0..w.lanes {
            let want = if !w0.active(l) { w0.v(8)[l] } else if m >> l & 1 == 1 { w0.v(3)[l] } else { w0.v(1)[l] };
            assert_eq!(w.v(8)[l], want, "cndmask lane {l}");
        }
    }
}


/// A scalar op's reference: `f(a, b, scc_in)` gives (result, scc_out), scc_out None when
/// the op leaves SCC alone.
type ScalarRef = fn(u64, u64, bool) -> (u64, Option<bool>);

/// Checks a scalar op on S10 (and S12; pairs when `wide`) into S30, interpreted and
/// compiled.
fn sop(name: &'static str, wide: bool, f: ScalarRef) {
    let mut r = Rng(0x5c ^ name.len() as u64 * 7919 ^ name.as_bytes()[4] as u64 ^ (name.as_bytes()[name.len() - 4] as u64) << 20);
    let mut paths = Paths::new(name, 1);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        w.scc = r.below(2) == 1;
        if r.below(4) == 0 {
            w.sgpr[12] = w.sgpr[10];
            w.sgpr[13] = w.sgpr[11];
        }
        let before = w;
        let unary = name.starts_with("s_not") || name.starts_with("s_brev") || name.starts_with("s_bcnt") || name.starts_with("s_ff") || name.starts_with("s_flbit") || name.starts_with("s_sext") || name.starts_with("s_abs") || name.starts_with("s_mov");
        let srcs: &[Opnd] = if unary { &[S(10)] } else { &[S(10), S(12)] };
        let rd = |w: &Wave, n: usize| if wide { w.s64(n) } else { w.sgpr[n] as u64 };
        let (want, scc) = f(rd(&before, 10), rd(&before, 12), before.scc);
        let result_wide = wide && !name.starts_with("s_bcnt") && !name.starts_with("s_ff") && !name.starts_with("s_flbit");
        for (how, w) in paths.run(Inst::new(name, S(30), srcs), &before) {
            let got = if result_wide { w.s64(30) } else { w.sgpr[30] as u64 };
            assert_eq!(got, want, "{name} ({how}) of {:#x}, {:#x} (scc {})", rd(&before, 10), rd(&before, 12), before.scc);
            assert_eq!(w.scc, scc.unwrap_or(before.scc), "{name} ({how}) SCC of {:#x}, {:#x}", rd(&before, 10), rd(&before, 12));
        }
    }
    paths.finish();
}

/// SCC of the ops that set it when the result is non-zero.
fn nz(v: u64) -> Option<bool> {
    Some(v != 0)
}

/// s_lshl<k>_add_u32: (a << k) + b, SCC the carry out of bit 31.
fn lshl_add(a: u64, b: u64, k: u32) -> (u64, Option<bool>) {
    let s = (a << k) + b;
    (s as u32 as u64, Some(s >> 32 != 0))
}

/// Scalar ALU ops on 32-bit (or, `true`, 64-bit) operands.
const SCALAR: &[(&str, bool, ScalarRef)] = &[
    ("s_add_u32", false, |a, b, _| { let s = a + b; (s as u32 as u64, Some(s >> 32 != 0)) }),
    ("s_addc_u32", false, |a, b, c| { let s = a + b + c as u64; (s as u32 as u64, Some(s >> 32 != 0)) }),
    ("s_sub_u32", false, |a, b, _| (a.wrapping_sub(b) as u32 as u64, Some(b > a))),
    ("s_subb_u32", false, |a, b, c| (a.wrapping_sub(b).wrapping_sub(c as u64) as u32 as u64, Some(b + c as u64 > a))),
    ("s_add_i32", false, |a, b, _| {
        let s = a as i32 as i64 + b as i32 as i64;
        (s as u32 as u64, Some(s != s as i32 as i64))
    }),
    ("s_sub_i32", false, |a, b, _| {
        let s = a as i32 as i64 - b as i32 as i64;
        (s as u32 as u64, Some(s != s as i32 as i64))
    }),
    ("s_mul_i32", false, |a, b, _| ((a as u32).wrapping_mul(b as u32) as u64, None)),
    ("s_lshl_b32", false, |a, b, _| { let v = (a as u32) << (b & 31); (v as u64, nz(v as u64)) }),
    ("s_lshr_b32", false, |a, b, _| { let v = (a as u32) >> (b & 31); (v as u64, nz(v as u64)) }),
    ("s_ashr_i32", false, |a, b, _| { let v = (a as i32 >> (b & 31)) as u32; (v as u64, nz(v as u64)) }),
    ("s_and_b32", false, |a, b, _| (a & b, nz(a & b))),
    ("s_or_b32", false, |a, b, _| (a | b, nz(a | b))),
    ("s_xor_b32", false, |a, b, _| (a ^ b, nz(a ^ b))),
    ("s_andn2_b32", false, |a, b, _| { let v = a & !b & 0xffff_ffff; (v, nz(v)) }),
    ("s_and_not1_b32", false, |a, b, _| { let v = a & !b & 0xffff_ffff; (v, nz(v)) }),
    ("s_orn2_b32", false, |a, b, _| { let v = (a | !b) & 0xffff_ffff; (v, nz(v)) }),
    ("s_or_not1_b32", false, |a, b, _| { let v = (a | !b) & 0xffff_ffff; (v, nz(v)) }),
    ("s_and_b64", true, |a, b, _| (a & b, nz(a & b))),
    ("s_or_b64", true, |a, b, _| (a | b, nz(a | b))),
    ("s_xor_b64", true, |a, b, _| (a ^ b, nz(a ^ b))),
    ("s_andn2_b64", true, |a, b, _| (a & !b, nz(a & !b))),
    ("s_and_not1_b64", true, |a, b, _| (a & !b, nz(a & !b))),
    ("s_orn2_b64", true, |a, b, _| (a | !b, nz(a | !b))),
    ("s_or_not1_b64", true, |a, b, _| (a | !b, nz(a | !b))),
    ("s_lshl_b64", true, |a, b, _| { let v = a << (b & 63); (v, nz(v)) }),
    ("s_lshr_b64", true, |a, b, _| { let v = a >> (b & 63); (v, nz(v)) }),
    // min/max: SCC is whether S0 was chosen (S0 < S1 for min, S0 > S1 for max).
    ("s_min_u32", false, |a, b, _| (a.min(b), Some(a < b))),
    ("s_max_u32", false, |a, b, _| (a.max(b), Some(a > b))),
    ("s_min_i32", false, |a, b, _| ((a as i32).min(b as i32) as u32 as u64, Some((a as i32) < (b as i32)))),
    ("s_max_i32", false, |a, b, _| ((a as i32).max(b as i32) as u32 as u64, Some((a as i32) > (b as i32)))),
    ("s_cselect_b32", false, |a, b, c| (if c { a } else { b }, None)),
    ("s_cselect_b64", true, |a, b, c| (if c { a } else { b }, None)),
    ("s_bfe_u32", false, |a, b, _| {
        let (off, width) = (b & 31, (b >> 16) & 0x7f);
        let v = if width == 0 { 0 } else { (a >> off) & ((1u64 << width.min(32)) - 1) } as u32;
        (v as u64, nz(v as u64))
    }),
    ("s_lshl1_add_u32", false, |a, b, _| lshl_add(a, b, 1)),
    ("s_lshl2_add_u32", false, |a, b, _| lshl_add(a, b, 2)),
    ("s_lshl3_add_u32", false, |a, b, _| lshl_add(a, b, 3)),
    ("s_lshl4_add_u32", false, |a, b, _| lshl_add(a, b, 4)),
    ("s_not_b32", false, |a, _, _| { let v = !a & 0xffff_ffff; (v, nz(v)) }),
    ("s_brev_b32", false, |a, _, _| ((a as u32).reverse_bits() as u64, None)),
    ("s_bcnt1_i32_b32", false, |a, _, _| { let v = (a as u32).count_ones() as u64; (v, nz(v)) }),
    ("s_bcnt1_i32_b64", true, |a, _, _| { let v = a.count_ones() as u64; (v, nz(v)) }),
    ("s_ff1_i32_b32", false, |a, _, _| (if a == 0 { 0xffff_ffff } else { a.trailing_zeros() as u64 }, None)),
    ("s_ff1_i32_b64", true, |a, _, _| (if a == 0 { 0xffff_ffff } else { a.trailing_zeros() as u64 }, None)),
    ("s_flbit_i32_b32", false, |a, _, _| (if a == 0 { 0xffff_ffff } else { (a as u32).leading_zeros() as u64 }, None)),
    ("s_sext_i32_i8", false, |a, _, _| (a as i8 as i32 as u32 as u64, None)),
    ("s_sext_i32_i16", false, |a, _, _| (a as i16 as i32 as u32 as u64, None)),
    ("s_abs_i32", false, |a, _, _| { let v = (a as i32).unsigned_abs() as u64; (v, nz(v)) }),
    ("s_mov_b32", false, |a, _, _| (a, None)),
    ("s_mov_b64", true, |a, _, _| (a, None)),
];

type ScalarCmp = fn(u64, u64) -> bool;

/// `s_cmp_*`: SCC only.
const SCALAR_CMP: &[(&str, ScalarCmp)] = &[
    ("s_cmp_eq_i32", |a, b| a == b),
    ("s_cmp_lg_i32", |a, b| a != b),
    ("s_cmp_lt_i32", |a, b| (a as i32) < (b as i32)),
    ("s_cmp_le_i32", |a, b| (a as i32) <= (b as i32)),
    ("s_cmp_gt_i32", |a, b| (a as i32) > (b as i32)),
    ("s_cmp_ge_i32", |a, b| (a as i32) >= (b as i32)),
    ("s_cmp_eq_u32", |a, b| a == b),
    ("s_cmp_lg_u32", |a, b| a != b),
    ("s_cmp_lt_u32", |a, b| a < b),
    ("s_cmp_le_u32", |a, b| a <= b),
    ("s_cmp_gt_u32", |a, b| a > b),
    ("s_cmp_ge_u32", |a, b| a >= b),
    ("s_cmp_eq_u64", |a, b| a == b),
    ("s_cmp_lg_u64", |a, b| a != b),
];

/// `s_<op>_saveexec_b32/_b64`: D = EXEC; EXEC = op(S0, EXEC); SCC = EXEC != 0.
const SAVEEXEC: &[(&str, fn(u64, u64) -> u64)] = &[
    ("s_and", |s, e| s & e),
    ("s_or", |s, e| s | e),
    ("s_xor", |s, e| s ^ e),
    ("s_andn2", |s, e| s & !e),
    ("s_and_not1", |s, e| s & !e),
    ("s_orn2", |s, e| s | !e),
    ("s_or_not1", |s, e| s | !e),
];

fn saveexec_name(op: &str, lanes: usize) -> &'static str {
    Box::leak(format!("{op}_saveexec_b{lanes}").into_boxed_str())
}

#[test]
fn scalar_alu() {
    for &(name, wide, f) in SCALAR {
        sop(name, wide, f);
    }
    for &(cond, f) in SCALAR_CMP {
        let mut r = Rng(cond.len() as u64 + 3 + (cond.as_bytes()[6] as u64) << 8);
        let mut paths = Paths::new(cond, 1);
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            if r.below(3) == 0 {
                w.sgpr[12] = w.sgpr[10];
                w.sgpr[13] = w.sgpr[11];
            }
            w.scc = r.below(2) == 1;
            let before = w;
            let wide = cond.ends_with("64");
            let rd = |n: usize| if wide { before.s64(n) } else { before.sgpr[n] as u64 };
            for (how, w) in paths.run(Inst::new(cond, Opnd::None, &[S(10), S(12)]), &before) {
                assert_eq!(w.scc, f(rd(10), rd(12)), "{cond} ({how}) of {:#x}, {:#x}", rd(10), rd(12));
                assert_eq!(w.sgpr, before.sgpr, "{cond} ({how}) writes SCC only");
            }
        }
        paths.finish();
    }
    let mut r = Rng(99);
    for &(op, f) in SAVEEXEC {
        for lanes in [32, 64] {
            let name = saveexec_name(op, lanes);
            let mut paths = Paths::new(name, 2);
            for _ in 0..TRIALS / 2 {
                let before = wave_of(&mut r, lanes);
                let src = if r.below(3) == 0 { Vcc } else { S(10) };
                let s = mask_of(&before, src);
                for (how, w) in paths.run(Inst::new(name, S(30), &[src]), &before) {
                    let saved = if lanes == 32 { w.sgpr[30] as u64 } else { w.s64(30) };
                    assert_eq!(saved, before.exec, "{name} ({how}): the old EXEC saved");
                    assert_eq!(w.exec, f(s, before.exec) & before.full_mask(), "{name} ({how}) of {s:#x}, exec {:#x}", before.exec);
                    assert_eq!(w.scc, w.exec != 0, "{name} ({how}) SCC");
                }
            }
            paths.finish();
        }
    }
}

/// Whether a test here holds a reference for `name` (each table is checked whole by its
/// test, so a name found here is one whose reference runs).
fn has_reference(name: &str) -> bool {
    INT_VALU.iter().any(|e| e.0 == name)
        || INT16_VALU.iter().any(|e| e.0 == name)
        || FLOAT_VALU.iter().any(|e| e.0 == name)
        || MAD_VALU.iter().any(|e| e.0 == name)
        || CARRIES.iter().any(|e| e.0 == name)
        || SHIFTS64.iter().any(|e| e.0 == name)
        || LANE_OPS.contains(&name)
        || SCALAR.iter().any(|e| e.0 == name)
        || SCALAR_CMP.iter().any(|e| e.0 == name)
        || SAVEEXEC.iter().any(|e| [32, 64].iter().any(|&l| saveexec_name(e.0, l) == name))
        || is_checked_compare(name)
}

/// Every instruction the compiler translates inline has a reference above, written from
/// the ISA, that checks the compiled translation (`Paths::finish` fails a check none of
/// whose runs was inline code).
#[test]
fn every_inlined_mnemonic_has_an_isa_reference() {
    let all = inlined_mnemonics();
    assert!(all.len() > 100 && all.contains(&"v_med3_u32") && all.contains(&"v_cmpx_nlt_f32"), "the list: {all:?}");
    let missing: Vec<&str> = all.iter().copied().filter(|n| !has_reference(n)).collect();
    assert!(missing.is_empty(), "inlined without a reference in tests/semantics.rs: {missing:?}");
}

/// VOP3 source modifiers on f32: |x| and -x applied to the inputs.
#[test]
fn float_source_modifiers() {
    let mut r = Rng(3);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        let before = w.clone();
        let (abs, neg) = (r.below(4) as u8, r.below(4) as u8);
        let mut inst = Inst::new("v_mul_f32", V(8), &[V(1), V(3)]);
        inst.mods = Mods { abs, neg, ..Default::default() };
        run(inst, &mut w);
        for l in (0..w.lanes).filter(|l| before.active(*l)) {
            let m = |k: usize, x: f32| {
                let x = if abs >> k & 1 == 1 { x.abs() } else { x };
                if neg >> k & 1 == 1 { -x } else { x }
            };
            let (a, b) = (m(0, f32::from_bits(before.v(1)[l])), m(1, f32::from_bits(before.v(3)[l])));
            let want = (a as f64 * b as f64) as f32;
            assert!(same_f32(w.v(8)[l], want.to_bits()), "v_mul_f32 abs {abs} neg {neg} lane {l}");
        }
    }
}

/// VOP3 clamp on integer adds and subtracts saturates instead of wrapping (LLVM emits
/// `v_sub_nc_u32 … clamp` for `max(x, 1) - 1`).
#[test]
fn integer_clamp_saturates() {
    let mut r = Rng(21);
    let cases: [(&'static str, fn(u32, u32) -> u32); 5] = [
        ("v_add_nc_u32", |a, b| a.saturating_add(b)),
        ("v_sub_nc_u32", |a, b| a.saturating_sub(b)),
        ("v_subrev_nc_u32", |a, b| b.saturating_sub(a)),
        ("v_add_nc_i32", |a, b| (a as i32).saturating_add(b as i32) as u32),
        ("v_sub_nc_i32", |a, b| (a as i32).saturating_sub(b as i32) as u32),
    ];
    for (name, f) in cases {
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            let before = w.clone();
            let mut inst = Inst::new(name, V(8), &[V(1), V(3)]).len(8);
            inst.mods.clamp = true;
            run(inst, &mut w);
            for l in 0..w.lanes {
                let want = if before.active(l) { f(before.v(1)[l], before.v(3)[l]) } else { before.v(8)[l] };
                assert_eq!(w.v(8)[l], want, "{name} clamp lane {l}: {:#x}, {:#x}", before.v(1)[l], before.v(3)[l]);
            }
        }
    }
    // max(x, 1) - 1 as the compiler writes it: lane 0 (x = 0) stays 0.
    let mut w = Wave::new(32, 16);
    w.exec = u32::MAX as u64;
    for l in 0..32 {
        w.v_mut(0)[l] = l as u32;
    }
    let mut inst = Inst::new("v_sub_nc_u32", V(5), &[V(0), Imm(1)]).len(8);
    inst.mods.clamp = true;
    run(inst, &mut w);
    assert_eq!(w.v(5)[..4], [0, 0, 1, 2]);
}

/// VOP3 v_cndmask_b32 applies abs/neg to the value it selects.
#[test]
fn cndmask_source_modifiers() {
    let mut r = Rng(8);
    for _ in 0..TRIALS {
        let mut w = wave(&mut r);
        let before = w.clone();
        let (abs, neg) = (r.below(4) as u8, r.below(4) as u8);
        let mut inst = Inst::new("v_cndmask_b32", V(8), &[V(1), V(3), S(20)]).len(8);
        inst.mods = Mods { abs, neg, ..Default::default() };
        run(inst, &mut w);
        let mask = if before.lanes == 32 { before.sgpr[20] as u64 } else { before.s64(20) };
        for l in 0..w.lanes {
            let k = (mask >> l & 1) as usize;
            let mut v = [before.v(1)[l], before.v(3)[l]][k];
            if abs >> k & 1 == 1 {
                v &= 0x7fff_ffff;
            }
            if neg >> k & 1 == 1 {
                v ^= 0x8000_0000;
            }
            let want = if before.active(l) { v } else { before.v(8)[l] };
            assert_eq!(w.v(8)[l], want, "v_cndmask_b32 abs {abs} neg {neg} lane {l}");
        }
    }
}

/// LDS stores and loads of 1, 2 and 4 dwords at per-lane addresses plus the instruction's
/// offset, against a byte-array model: inactive lanes neither store nor load, an access
/// that does not fit the LDS stores nothing and loads zeros.
#[test]
fn lds_dword_loads_and_stores() {
    let mut r = Rng(31);
    for (store, load, dwords) in [("ds_store_b32", "ds_load_b32", 1usize), ("ds_write_b64", "ds_read_b64", 2), ("ds_store_b128", "ds_load_b128", 4)] {
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            let mut lds = vec![0u8; 512];
            for b in lds.iter_mut() {
                *b = r.next() as u8;
            }
            let mut model = lds.clone();
            // Aligned addresses, some past the end (and one wrapping below zero).
            for l in 0..w.lanes {
                w.v_mut(1)[l] = match r.below(8) {
                    0 => 0xffff_fff0,
                    1 => 512 - 4,
                    _ => (r.below(128) * 4) as u32,
                };
            }
            let offset = (r.below(4) * 4) as i32;
            let before = w.clone();
            let memory = Memory::checked(vec![]);
            let mut scratch = [0u8; 0];
            let prog = Interp::new(0, vec![
                Inst::new(store, Opnd::None, &[V(1), V(4)]).offset(offset).len(8),
                Inst::new(load, V(10), &[V(1)]).offset(offset).len(8),
                Inst::new("s_endpgm", Opnd::None, &[]),
            ]);
            w.pc = 0;
            let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
            prog.step_all(&mut w, &mut ctx).unwrap();
            // Model: stores in lane order, then loads.
            let at = |l: usize| before.v(1)[l].wrapping_add(offset as u32) as usize;
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                if at(l) + 4 * dwords <= model.len() {
                    for k in 0..dwords {
                        model[at(l) + 4 * k..at(l) + 4 * k + 4].copy_from_slice(&before.v(4 + k)[l].to_le_bytes());
                    }
                }
            }
            assert_eq!(lds, model, "{store}: LDS contents");
            for l in 0..w.lanes {
                for k in 0..dwords {
                    let want = if !before.active(l) {
                        before.v(10 + k)[l]
                    } else if at(l) + 4 * dwords <= model.len() {
                        u32::from_le_bytes(model[at(l) + 4 * k..at(l) + 4 * k + 4].try_into().unwrap())
                    } else {
                        0
                    };
                    assert_eq!(w.v(10 + k)[l], want, "{load} lane {l} dword {k} at {:#x}", at(l));
                }
            }
        }
    }
}

/// 16-bit integer adds/subs with clamp saturate, in the low half (VOP3) and in both
/// halves of the packed forms; without clamp they wrap.
#[test]
fn integer_16_bit_clamp() {
    let mut r = Rng(44);
    let cases: [(&'static str, &'static str, fn(u16, u16) -> u16, fn(u16, u16) -> u16); 4] = [
        ("v_add_nc_u16", "v_pk_add_u16", |a, b| a.saturating_add(b), |a, b| a.wrapping_add(b)),
        ("v_sub_nc_u16", "v_pk_sub_u16", |a, b| a.saturating_sub(b), |a, b| a.wrapping_sub(b)),
        ("v_add_nc_i16", "v_pk_add_i16", |a, b| (a as i16).saturating_add(b as i16) as u16, |a, b| a.wrapping_add(b)),
        ("v_sub_nc_i16", "v_pk_sub_i16", |a, b| (a as i16).saturating_sub(b as i16) as u16, |a, b| a.wrapping_sub(b)),
    ];
    for (scalar, packed, sat, wrap) in cases {
        for clamp in [false, true] {
            let f = if clamp { sat } else { wrap };
            let mut w = wave(&mut r);
            let before = w.clone();
            let mut i = Inst::new(scalar, V(8), &[V(1), V(3)]).len(8);
            i.mods.clamp = clamp;
            run(i, &mut w);
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                let want = f(before.v(1)[l] as u16, before.v(3)[l] as u16);
                assert_eq!(w.v(8)[l] as u16, want, "{scalar} clamp {clamp} lane {l}");
            }
            let mut w = before.clone();
            let mut i = Inst::new(packed, V(8), &[V(1), V(3)]).len(8);
            i.mods.clamp = clamp;
            i.mods.op_sel_hi = 0b11;
            run(i, &mut w);
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                let (a, b) = (before.v(1)[l], before.v(3)[l]);
                let want = f(a as u16, b as u16) as u32 | (f((a >> 16) as u16, (b >> 16) as u16) as u32) << 16;
                assert_eq!(w.v(8)[l], want, "{packed} clamp {clamp} lane {l}");
            }
        }
    }
}

/// `v_cmp_class_f32`: a lane's bit is set when its value's class is in the mask (bits 0-9:
/// signaling NaN, quiet NaN, -inf, -normal, -denormal, -0, +0, +denormal, +normal, +inf).
#[test]
fn compare_class_f32() {
    let class_bit = |x: f32| -> u32 {
        use std::num::FpCategory::*;
        let neg = x.is_sign_negative();
        match x.classify() {
            Nan if x.to_bits() & 0x40_0000 == 0 => 0,
            Nan => 1,
            Infinite => if neg { 2 } else { 9 },
            Normal => if neg { 3 } else { 8 },
            Subnormal => if neg { 4 } else { 7 },
            Zero => if neg { 5 } else { 6 },
        }
    };
    let mut r = Rng(55);
    for x in [false, true] {
        let name = if x { "v_cmpx_class_f32" } else { "v_cmp_class_f32" };
        for _ in 0..TRIALS {
            let mut w = wave(&mut r);
            for l in 0..w.lanes {
                w.v_mut(3)[l] = r.below(1 << 10) as u32;
            }
            let before = w.clone();
            run(Inst::new(name, if x { Opnd::None } else { Vcc }, &[V(1), V(3)]), &mut w);
            let mut want = 0u64;
            for l in (0..w.lanes).filter(|l| before.active(*l)) {
                if before.v(3)[l] >> class_bit(f32::from_bits(before.v(1)[l])) & 1 == 1 {
                    want |= 1 << l;
                }
            }
            let got = if x { w.exec } else { w.vcc & w.full_mask() };
            assert_eq!(got, want, "{name} on {} lanes", w.lanes);
        }
    }
}
