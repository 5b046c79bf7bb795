//! gfx11 WMMA (`v_wmma_*_16x16x16_*`) against a float64 / i64 reference matmul. The test
//! states the RDNA3 register layout itself: it draws matrices A (16×16, M×K), B (K×N) and
//! C (M×N), writes them into a random wave (32 or 64 lanes) where the ISA says they live,
//! runs the instruction, and checks that every VGPR of the wave is what the layout says D =
//! A·B + C leaves there: D's elements in their places (for the 16-bit results the half OPSEL
//! picks, the other half kept), every other register and lane untouched.
//!
//! Layout, as written here (RDNA3 ISA guide, "Wave Matrix Multiply Accumulate"):
//! - A row m / B column n: every lane l with l % 16 == m (n), element k at bit
//!   `k·w mod 32` of VGPR `base + k·w / 32`, w the element width (16, 8 or 4).
//! - C/D element (m, n): VGPR `base + m / R`, lane `16·(m mod R) + n`, R = lanes / 16.
//!
//! The inputs are drawn so that the exact A·B + C fits f64 (f16/bf16 of exponents within
//! ±5, C within 2^-4..2^9): the reference is exact, and rounds once to the result type
//! (its own round-to-nearest-even search over the 16-bit formats), so any difference from
//! the instruction is an error. A separate test feeds zeros, infinities, NaNs and
//! denormals. Each case runs interpreted and compiled (a region holding the WMMA, which
//! the compiler leaves to the interpreter).

use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::Opnd::{self, Imm, V};
use oxrocm_gcn_exec::ir::{Inst, Mods};
use oxrocm_gcn_exec::jit::Policy;
use oxrocm_gcn_exec::memory::Memory;
use oxrocm_gcn_exec::wave::Wave;
use oxrocm_gcn_exec::workgroup::WaveCtx;

mod common;
use common::Rng;

/// VGPRs of the test waves.
const VGPRS: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq)]
enum In {
    F16,
    Bf16,
    I8,
    I4,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Out {
    F32,
    F16,
    Bf16,
    I32,
}

struct Form {
    name: &'static str,
    input: In,
    out: Out,
}

static FORMS: [Form; 6] = [
    Form { name: "v_wmma_f32_16x16x16_f16", input: In::F16, out: Out::F32 },
    Form { name: "v_wmma_f32_16x16x16_bf16", input: In::Bf16, out: Out::F32 },
    Form { name: "v_wmma_f16_16x16x16_f16", input: In::F16, out: Out::F16 },
    Form { name: "v_wmma_bf16_16x16x16_bf16", input: In::Bf16, out: Out::Bf16 },
    Form { name: "v_wmma_i32_16x16x16_iu8", input: In::I8, out: Out::I32 },
    Form { name: "v_wmma_i32_16x16x16_iu4", input: In::I4, out: Out::I32 },
];

fn width(t: In) -> usize {
    match t {
        In::F16 | In::Bf16 => 16,
        In::I8 => 8,
        In::I4 => 4,
    }
}

/// VGPRs of an A or B operand.
fn ab_regs(t: In) -> usize {
    16 * width(t) / 32
}

/// VGPRs of C/D in a wave of `lanes`.
fn cd_regs(lanes: usize) -> usize {
    16 / (lanes / 16)
}

/// Where C/D element (m, n) lives: (VGPR offset, lane).
fn cd_at(lanes: usize, m: usize, n: usize) -> (usize, usize) {
    let r = lanes / 16;
    (m / r, 16 * (m % r) + n)
}

/// Writes element k of row/column `idx` of an A/B operand at `base` (every lane that
/// replicates it).
fn put_ab(w: &mut Wave, base: usize, t: In, idx: usize, k: usize, bits: u32) {
    let wd = width(t);
    let (reg, shift) = (base + k * wd / 32, (k * wd % 32) as u32);
    let mask = (((1u64 << wd) - 1) as u32) << shift;
    for l in (idx..w.lanes).step_by(16) {
        let v = &mut w.v_mut(reg)[l];
        *v = (*v & !mask) | (bits << shift & mask);
    }
}

/// The value of f16 bits, decoded by hand.
fn f16_value(b: u32) -> f64 {
    let (s, e, m) = (b >> 15 & 1, (b >> 10 & 31) as i32, (b & 1023) as f64);
    let mag = match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    };
    if s == 1 { -mag } else { mag }
}

fn bf16_value(b: u32) -> f64 {
    let (s, e, m) = (b >> 15 & 1, (b >> 7 & 255) as i32, (b & 127) as f64);
    let mag = match e {
        0 => m * 2f64.powi(-133),
        255 if m == 0.0 => f64::INFINITY,
        255 => f64::NAN,
        e => (1.0 + m / 128.0) * 2f64.powi(e - 127),
    };
    if s == 1 { -mag } else { mag }
}

/// Rounds `x` to the 16-bit format `value` decodes (nearest, ties to the even encoding):
/// the nearest of the format's non-negative finite values, infinity standing in as the
/// next power of two past the largest (so overflow rounds as IEEE says).
fn round16(x: f64, value: fn(u32) -> f64, inf: u32) -> u32 {
    if x.is_nan() {
        return 0x7fff; // any NaN; compared as "is NaN"
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    let past_max = 2.0 * value(inf - 1) - value(inf - 2);
    let at = |b: u32| if b == inf { past_max } else { value(b) };
    if a >= past_max {
        return sign | inf;
    }
    // Encodings of non-negative values increase with the value: binary search.
    let (mut lo, mut hi) = (0u32, inf);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if at(mid) <= a { lo = mid } else { hi = mid }
    }
    let (dl, dh) = (a - at(lo), at(hi) - a);
    let pick = if dl < dh || (dl == dh && lo % 2 == 0) { lo } else { hi };
    sign | pick
}

fn round_f16(x: f64) -> u32 {
    round16(x, f16_value, 0x7c00)
}

fn round_bf16(x: f64) -> u32 {
    round16(x, bf16_value, 0x7f80)
}

fn is_nan_bits(out: Out, b: u32) -> bool {
    match out {
        Out::F32 => f32::from_bits(b).is_nan(),
        Out::F16 => b & 0x7c00 == 0x7c00 && b & 0x3ff != 0,
        Out::Bf16 => b & 0x7f80 == 0x7f80 && b & 0x7f != 0,
        Out::I32 => false,
    }
}

/// A random f16/bf16 with an exponent within ±5 (so every product and sum is exact in f64).
fn moderate(r: &mut Rng, t: In) -> u32 {
    let s = (r.below(2) as u32) << 15;
    let e = r.below(11) as i32 - 5;
    match t {
        In::F16 => s | ((e + 15) as u32) << 10 | r.below(1024) as u32,
        _ => s | ((e + 127) as u32) << 7 | r.below(128) as u32,
    }
}

/// A random C element of the result type, of moderate size (floats within 2^-4..2^9).
fn c_value(r: &mut Rng, out: Out) -> u32 {
    let s = (r.below(2) as u32) << 31;
    let e = r.below(13) as i32 - 4;
    match out {
        Out::F32 => s | ((e + 127) as u32) << 23 | r.below(1 << 23) as u32,
        Out::F16 => s >> 16 | ((e.min(5) + 15) as u32) << 10 | r.below(1024) as u32,
        Out::Bf16 => s >> 16 | ((e + 127) as u32) << 7 | r.below(128) as u32,
        Out::I32 => {
            const EDGES: [u32; 6] = [0, 1, 0x7fff_ffff, 0x8000_0000, 0x7fff_0000, 0x8000_ffff];
            if r.below(3) == 0 { EDGES[r.below(6) as usize] } else { r.next() as u32 }
        }
    }
}

/// One case: the instruction and its operands' matrices.
struct Case {
    inst: Inst,
    lanes: usize,
    /// Raw element bits: a[m][k], b[n][k] (B by column), c[m][n].
    a: [[u32; 16]; 16],
    b: [[u32; 16]; 16],
    c: [[u32; 16]; 16],
}

/// The exact D of `case`: each element's bits (i32, or the float rounded once).
fn reference(case: &Case, f: &Form) -> [[u32; 16]; 16] {
    let m = case.inst.mods;
    let mut d = [[0u32; 16]; 16];
    for (i, drow) in d.iter_mut().enumerate() {
        for (j, dv) in drow.iter_mut().enumerate() {
            if f.out == Out::I32 {
                let int = |bits: u32, signed: bool| -> i64 {
                    let w = width(f.input) as u32;
                    if signed && bits >> (w - 1) & 1 != 0 { bits as i64 - (1i64 << w) } else { bits as i64 }
                };
                let mut s = case.c[i][j] as i32 as i64;
                for k in 0..16 {
                    s += int(case.a[i][k], m.neg & 1 != 0) * int(case.b[j][k], m.neg & 2 != 0);
                }
                *dv = if m.clamp { s.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32 } else { s as i32 as u32 };
                continue;
            }
            let value = if f.input == In::F16 { f16_value } else { bf16_value };
            // NEG_LO/NEG_HI bit 0 (A), 1 (B): the elements of the low (even k) / high halves.
            let signed = |bits: u32, src: u32, k: usize| {
                let neg = if k % 2 == 0 { m.neg } else { m.neg_hi } >> src & 1 != 0;
                let v = value(bits);
                if neg { -v } else { v }
            };
            let mut c = match f.out {
                Out::F32 => f32::from_bits(case.c[i][j]) as f64,
                Out::F16 => f16_value(case.c[i][j]),
                _ => bf16_value(case.c[i][j]),
            };
            if m.neg_hi & 4 != 0 {
                c = c.abs();
            }
            if m.neg & 4 != 0 {
                c = -c;
            }
            let products: Vec<f64> = (0..16).map(|k| signed(case.a[i][k], 0, k) * signed(case.b[j][k], 1, k)).collect();
            // Exact for the moderate inputs; a signed zero only when every term is one of
            // that sign (IEEE's rule for exact zero sums in round-to-nearest).
            let sum = products.iter().fold(c, |s, p| s + p);
            *dv = match f.out {
                Out::F32 => (sum as f32).to_bits(),
                Out::F16 => round_f16(sum),
                _ => round_bf16(sum),
            };
        }
    }
    d
}

/// The wave after `case`, as the layout says: `before` with D's elements in place.
fn expected(case: &Case, f: &Form, before: &Wave) -> Wave {
    let d = reference(case, f);
    let mut w = before.clone();
    let Opnd::V(base) = case.inst.dst else { unreachable!() };
    let hi = case.inst.mods.op_sel & 4 != 0;
    for (i, drow) in d.iter().enumerate() {
        for (j, &v) in drow.iter().enumerate() {
            let (r, l) = cd_at(case.lanes, i, j);
            let slot = &mut w.v_mut(base as usize + r)[l];
            *slot = match (f.out, hi) {
                (Out::F32 | Out::I32, _) => v,
                (_, false) => (*slot & 0xffff_0000) | v,
                (_, true) => (*slot & 0xffff) | v << 16,
            };
        }
    }
    w
}

/// Runs `prog` on `w` until it ends.
fn run_on(prog: &Interp, w: &mut Wave) {
    let memory = Memory::checked(vec![]);
    let (mut lds, mut scratch) = ([0u8; 64], [0u8; 0]);
    let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
    w.pc = 0;
    prog.step_all(w, &mut ctx).unwrap_or_else(|t| panic!("trap {t}"));
}

/// `insts` then `s_endpgm`.
fn program(insts: &[Inst], policy: Policy) -> Interp {
    let mut v = insts.to_vec();
    v.push(Inst::new("s_endpgm", Opnd::None, &[]));
    Interp::new(0, v).with_jit_policy(policy)
}

/// The waves after `inst` ran on copies of `before`, interpreted and compiled.
fn runs(inst: &Inst, before: &Wave) -> Vec<(&'static str, Wave)> {
    let mut out = Vec::new();
    for (how, policy) in [("interpreted", Policy::Off), ("compiled", Policy::Always)] {
        let p = program(std::slice::from_ref(inst), policy);
        let mut w = before.clone();
        run_on(&p, &mut w);
        if policy == Policy::Always {
            assert_eq!(p.jit(w.lanes).compiled_instructions(), 2, "{}: the WMMA and s_endpgm compiled", inst.name);
        }
        out.push((how, w));
    }
    out
}

/// Compares every VGPR of `got` with `want` (NaN results: any NaN).
fn check(case: &Case, f: &Form, how: &str, got: &Wave, want: &Wave, what: &str) {
    let regs = got.vgpr.len() / got.lanes;
    let Opnd::V(d) = case.inst.dst else { unreachable!() };
    let hi = case.inst.mods.op_sel & 4 != 0;
    for r in 0..regs {
        for l in 0..got.lanes {
            let (g, x) = (got.v(r)[l], want.v(r)[l]);
            if g == x {
                continue;
            }
            let in_d = (d as usize..d as usize + cd_regs(got.lanes)).contains(&r);
            let nan_ok = in_d && match f.out {
                Out::F32 => is_nan_bits(f.out, g) && is_nan_bits(f.out, x),
                Out::I32 => false,
                _ => {
                    let (gh, xh) = if hi { (g >> 16, x >> 16) } else { (g & 0xffff, x & 0xffff) };
                    let (go, xo) = if hi { (g & 0xffff, x & 0xffff) } else { (g >> 16, x >> 16) };
                    go == xo && is_nan_bits(f.out, gh) && is_nan_bits(f.out, xh)
                }
            };
            assert!(nan_ok, "{} {what} ({how}, wave{}, {:?}): v{r} lane {l}: got {g:#010x} want {x:#010x}", f.name, got.lanes, case.inst);
        }
    }
}

/// Registers for A, B, C and D: A, B and C apart; D the same as C, overlapping A or B
/// (D is read-after-all), or apart.
fn placement(r: &mut Rng, f: &Form, lanes: usize) -> [usize; 4] {
    let (ab, cd) = (ab_regs(f.input), cd_regs(lanes));
    let a = r.below(4) as usize;
    let b = a + ab + r.below(3) as usize;
    let c = b + ab + r.below(3) as usize;
    let apart = c + cd + r.below(3) as usize;
    let d = match r.below(5) {
        0 | 1 => c,
        2 => a + r.below(ab as u64) as usize,
        3 => b + r.below(ab as u64) as usize,
        _ => apart,
    };
    assert!(d + cd <= VGPRS && c + cd <= VGPRS);
    [a, b, c, d]
}

/// Random modifiers: for floats any NEG_LO/NEG_HI bits and (16-bit results) OPSEL[2]; for
/// integers the signedness of A and B and clamp.
fn mods(r: &mut Rng, f: &Form) -> Mods {
    let mut m = Mods::default();
    if f.out == Out::I32 {
        m.neg = r.below(4) as u8;
        m.clamp = r.below(2) == 0;
    } else {
        if r.below(3) != 0 {
            m.neg = r.below(8) as u8;
            m.neg_hi = r.below(8) as u8;
        }
        if matches!(f.out, Out::F16 | Out::Bf16) && r.below(2) == 0 {
            m.op_sel = 4;
        }
    }
    m
}

/// A random wave with `case`'s matrices written in place; EXEC random (WMMA computes
/// every lane whatever it holds).
fn setup(r: &mut Rng, f: &Form, lanes: usize, at: [usize; 4], m: Mods, element: &mut dyn FnMut(&mut Rng, char) -> u32) -> (Case, Wave) {
    let mut w = Wave::new(lanes, VGPRS);
    for v in w.vgpr.iter_mut() {
        *v = r.next() as u32;
    }
    w.exec = match r.below(3) {
        0 => w.full_mask(),
        1 => 0,
        _ => r.next() & w.full_mask(),
    };
    w.mode = 0xf0 | 1 << 9 | 1 << 8;
    let mut case = Case {
        inst: Inst { mods: m, ..Inst::new(f.name, V(at[3] as u16), &[V(at[0] as u16), V(at[1] as u16), V(at[2] as u16)]).len(8) },
        lanes,
        a: [[0; 16]; 16],
        b: [[0; 16]; 16],
        c: [[0; 16]; 16],
    };
    for i in 0..16 {
        for k in 0..16 {
            case.a[i][k] = element(r, 'a');
            put_ab(&mut w, at[0], f.input, i, k, case.a[i][k]);
            case.b[i][k] = element(r, 'b');
            put_ab(&mut w, at[1], f.input, i, k, case.b[i][k]);
        }
    }
    let hi = m.op_sel & 4 != 0;
    for i in 0..16 {
        for j in 0..16 {
            case.c[i][j] = element(r, 'c');
            let (reg, l) = cd_at(lanes, i, j);
            let slot = &mut w.v_mut(at[2] + reg)[l];
            *slot = match (f.out, hi) {
                (Out::F32 | Out::I32, _) => case.c[i][j],
                (_, false) => (*slot & 0xffff_0000) | case.c[i][j],
                (_, true) => (*slot & 0xffff) | case.c[i][j] << 16,
            };
        }
    }
    (case, w)
}

fn moderate_element(f: &'static Form) -> impl FnMut(&mut Rng, char) -> u32 {
    move |r: &mut Rng, which: char| match (which, f.input) {
        ('c', _) => c_value(r, f.out),
        (_, In::I8) => r.below(256) as u32,
        (_, In::I4) => r.below(16) as u32,
        (_, t) => moderate(r, t),
    }
}

#[test]
fn every_form_matches_the_reference_matmul() {
    let mut r = Rng(0x5eed_0f_3a7_1c);
    for f in FORMS.iter() {
        for trial in 0..24 {
            let lanes = if trial % 4 == 3 { 64 } else { 32 };
            let at = placement(&mut r, f, lanes);
            let m = mods(&mut r, f);
            let (case, before) = setup(&mut r, f, lanes, at, m, &mut moderate_element(f));
            let want = expected(&case, f, &before);
            for (how, got) in runs(&case.inst, &before) {
                check(&case, f, how, &got, &want, &format!("trial {trial} at {at:?}"));
            }
        }
    }
}

/// The cases the random test may miss, each in both wave sizes: D on C and OPSEL's high
/// half for the 16-bit results, D over A, unsigned and signed iu8/iu4 at their extremes
/// with and without clamp.
#[test]
fn named_cases() {
    let mut r = Rng(0x0dd_ba11);
    for lanes in [32, 64] {
        let cd = cd_regs(lanes);
        for f in FORMS.iter() {
            let ab = ab_regs(f.input);
            let (a, b, c) = (0, ab, 2 * ab);
            let mut cases: Vec<([usize; 4], Mods, &str)> = vec![
                ([a, b, c, c], Mods::default(), "D on C"),
                ([a, b, c, a + 1], Mods::default(), "D over A"),
                ([a, b, c, c + cd], Mods::default(), "D apart"),
            ];
            if matches!(f.out, Out::F16 | Out::Bf16) {
                cases.push(([a, b, c, c], Mods { op_sel: 4, ..Default::default() }, "D on C, OPSEL high half"));
                cases.push(([a, b, c, c + cd], Mods { op_sel: 4, ..Default::default() }, "OPSEL high half apart"));
            }
            if f.out == Out::I32 {
                // NEG_LO[2] means nothing for integers (hipBLASLt's gfx1100 kernels set it:
                // neg_lo:[1,1,1]); C stays as it is.
                for (neg, what) in [(0, "unsigned A and B"), (1, "signed A"), (2, "signed B"), (3, "signed A and B"), (7, "signed A and B, NEG_LO[2]")] {
                    cases.push(([a, b, c, c], Mods { neg, ..Default::default() }, what));
                    cases.push(([a, b, c, c], Mods { neg, clamp: true, ..Default::default() }, what));
                }
            } else {
                cases.push(([a, b, c, c], Mods { neg: 1, neg_hi: 2, ..Default::default() }, "-A low halves, -B high halves"));
                cases.push(([a, b, c, c], Mods { neg: 4, neg_hi: 4, ..Default::default() }, "-|C|"));
            }
            for (at, m, what) in cases {
                // Integer extremes: every element the largest (or most negative) value, C
                // near the limits, so that clamp and wrap-around both show.
                let mut element = |r: &mut Rng, which: char| match (which, f.input) {
                    ('c', In::I8 | In::I4) => [0x7fff_ff00, 0x8000_0100, 5][r.below(3) as usize],
                    (_, In::I8) => [0x80, 0x7f, 0xff][r.below(3) as usize],
                    (_, In::I4) => [0x8, 0x7, 0xf][r.below(3) as usize],
                    (w, _) => moderate_element(f)(r, w),
                };
                let (case, before) = setup(&mut r, f, lanes, at, m, &mut element);
                let want = expected(&case, f, &before);
                for (how, got) in runs(&case.inst, &before) {
                    check(&case, f, how, &got, &want, what);
                }
            }
        }
    }
}

/// Zeros of both signs, infinities, NaNs and denormals in A (B and C moderate): NaN where
/// IEEE says (∞·0, ∞ − ∞, a NaN input), infinities through, denormal products exact.
#[test]
fn special_values() {
    let mut r = Rng(0xfeed_f00d);
    for f in FORMS.iter().filter(|f| f.out != Out::I32) {
        for trial in 0..12 {
            let lanes = if trial % 3 == 2 { 64 } else { 32 };
            let at = placement(&mut r, f, lanes);
            let m = mods(&mut r, f);
            let specials: [u32; 8] = if f.input == In::F16 {
                [0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x83ff, 0x0200]
            } else {
                [0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x807f, 0x0040]
            };
            // Few specials per row, so that not every result is NaN.
            let mut element = |r: &mut Rng, which: char| match which {
                'a' if r.below(24) == 0 => specials[r.below(8) as usize],
                'b' if r.below(24) == 0 => [0x0000, 0x8000][r.below(2) as usize],
                w => moderate_element(f)(r, w),
            };
            let (case, before) = setup(&mut r, f, lanes, at, m, &mut element);
            let want = expected(&case, f, &before);
            for (how, got) in runs(&case.inst, &before) {
                check(&case, f, how, &got, &want, &format!("specials, trial {trial}"));
            }
        }
    }
    // All products zero: the sum keeps C's sign, -0 included.
    let f = &FORMS[0];
    let mut element = |_: &mut Rng, which: char| match which {
        'a' => 0x8000,
        'b' => 0x3c00,
        _ => 0x8000_0000,
    };
    let (case, before) = setup(&mut r, f, 32, [0, 8, 16, 16], Mods::default(), &mut element);
    for (how, got) in runs(&case.inst, &before) {
        for v in 16..24 {
            assert!(got.v(v).iter().all(|&x| x == 0x8000_0000), "({how}) -0·1 summed onto -0 is -0: v{v} {:x?}", got.v(v));
        }
    }
}

/// A compiled region with WMMA between inline ops: the compiler calls the interpreter for
/// it, and the ops after it see its result.
#[test]
fn compiled_region_around_a_wmma() {
    let f = &FORMS[0];
    let mut r = Rng(0xc0de);
    let (case, mut before) = setup(&mut r, f, 32, [0, 8, 16, 24], Mods::default(), &mut moderate_element(f));
    before.exec = before.full_mask();
    let mut want = expected(&case, f, &before);
    // v40 = 1.0 before the WMMA; v41 = v24 (D's first VGPR) + v40 after it.
    want.v_mut(40).fill(1f32.to_bits());
    let v41: Vec<u32> = want.v(24).iter().map(|&x| (f32::from_bits(x) + 1.0).to_bits()).collect();
    want.v_mut(41).copy_from_slice(&v41);
    let insts = [
        Inst::new("v_mov_b32", V(40), &[Imm(1f32.to_bits())]),
        case.inst.clone(),
        Inst::new("v_add_f32", V(41), &[V(24), V(40)]),
    ];
    for policy in [Policy::Off, Policy::Always] {
        let p = program(&insts, policy);
        let mut w = before.clone();
        run_on(&p, &mut w);
        if policy == Policy::Always {
            let jit = p.jit(32);
            assert_eq!(jit.compiled_instructions(), 4, "the region compiled");
            assert_eq!(jit.inlined_instructions(), 2, "v_mov and v_add inline, the WMMA a call");
        }
        assert_eq!(w.vgpr, want.vgpr, "{policy:?}");
    }
}

/// Machine code through the decoder and the lowering (llvm-mc-15 encodings for gfx1100):
/// the modifiers arrive where the executor reads them, and the instruction runs.
#[test]
fn decoded_encodings_run() {
    use oxrocm_amdgcn::Target;
    let cases: [(&[u32], &str, u8, u8, u8, bool); 7] = [
        // v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
        (&[0xcc40_4000, 0x1c02_2108], "v_wmma_f32_16x16x16_f16", 0, 0, 0, false),
        // v_wmma_f16_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7] op_sel:[0,0,1]
        (&[0xcc42_6000, 0x1c02_2108], "v_wmma_f16_16x16x16_f16", 0, 0, 4, false),
        // v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[0:7] neg_lo:[1,0,1] neg_hi:[0,1,1]
        (&[0xcc40_4618, 0xbc02_2108], "v_wmma_f32_16x16x16_f16", 5, 6, 0, false),
        // v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], v[0:7] neg_lo:[1,0,0] clamp
        (&[0xcc44_c000, 0x3c02_1908], "v_wmma_i32_16x16x16_iu8", 1, 0, 0, true),
        // v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], v[0:7] neg_lo:[1,1,1] (hipBLASLt's form)
        (&[0xcc44_4000, 0xfc02_1908], "v_wmma_i32_16x16x16_iu8", 7, 0, 0, false),
        // v_wmma_i32_16x16x16_iu4 v[0:7], v[8:9], v[12:13], v[0:7] neg_lo:[0,1,0]
        (&[0xcc45_4000, 0x5c02_1908], "v_wmma_i32_16x16x16_iu4", 2, 0, 0, false),
        // v_wmma_bf16_16x16x16_bf16 v[0:7], v[8:15], v[16:23], v[0:7] op_sel:[0,0,1] neg_lo:[1,1,0]
        (&[0xcc43_6000, 0x7c02_2108], "v_wmma_bf16_16x16x16_bf16", 3, 0, 4, false),
    ];
    let mut r = Rng(0xdec0de);
    for (words, name, neg, neg_hi, op_sel, clamp) in cases {
        let (d, n) = oxrocm_amdgcn::decode(words, Target::Gfx1100).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(n, 2);
        let inst = oxrocm_gcn_exec::lower::lower(&d);
        assert_eq!(inst.name, name);
        assert_eq!((inst.mods.neg, inst.mods.neg_hi, inst.mods.op_sel & 4, inst.mods.clamp), (neg, neg_hi, op_sel, clamp), "{name} modifiers");
        let f = FORMS.iter().find(|f| f.name == name).unwrap();
        let reg = |o: Opnd| match o {
            V(n) => n as usize,
            o => panic!("{name}: {o:?}"),
        };
        let at = [reg(inst.src[0]), reg(inst.src[1]), reg(inst.src[2]), reg(inst.dst)];
        let (mut case, before) = setup(&mut r, f, 32, at, inst.mods, &mut moderate_element(f));
        case.inst = inst;
        let want = expected(&case, f, &before);
        for (how, got) in runs(&case.inst, &before) {
            check(&case, f, how, &got, &want, "decoded");
        }
    }
}
