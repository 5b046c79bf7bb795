//! Compiled code against the interpreter: random programs (straight-line runs of the
//! instructions the compiler translates inline, mixed with ones it leaves to the
//! interpreter, and loops) run on random waves of 32 and 64 lanes, once interpreted and
//! once compiled from the first entry. Every register of the two waves must agree:
//! VGPRs (inactive lanes included), SGPRs, EXEC, VCC, SCC, M0 and the final PC. Each test
//! also checks that the compiled run was compiled code: every instruction in a compiled
//! region, and as many of them inline as expected (a compiler that compiles nothing, or
//! translates nothing inline, fails them).
//!
//! The interpreter is the reference here; `semantics.rs` checks it against the ISA.

use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::Opnd::{self, Exec, Imm, M0, S, Scc, V, Vcc};
use oxrocm_gcn_exec::ir::{Inst, Mods};
use oxrocm_gcn_exec::jit::Policy;
use oxrocm_gcn_exec::memory::Memory;
use oxrocm_gcn_exec::wave::Wave;
use oxrocm_gcn_exec::workgroup::WaveCtx;

mod common;
use common::Rng;

/// Value distributions of these tests over the shared xorshift64* source.
impl Rng {
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
    fn value(&mut self) -> u32 {
        const EDGES: [u32; 14] = [0, 1, 2, 31, 32, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff, 0xffff, 0x3f80_0000, 0x7fc0_0000, 0xff80_0000, 0x0000_0001, 0x80ff_ffff];
        match self.below(3) {
            0 => *self.pick(&EDGES),
            1 => self.below(64) as u32,
            _ => self.next() as u32,
        }
    }
}

const VECTOR_OPS: &[&str] = &[
    "v_mov_b32", "v_not_b32", "v_add_u32", "v_add_nc_u32", "v_sub_nc_u32", "v_subrev_nc_u32", "v_mul_lo_u32", "v_mul_u32_u24",
    "v_mad_u32_u24", "v_and_b32", "v_or_b32", "v_xor_b32", "v_xnor_b32", "v_and_or_b32", "v_or3_b32", "v_xor3_b32", "v_add3_u32",
    "v_xad_u32", "v_bfi_b32", "v_min_u32", "v_max_u32", "v_min_i32", "v_max_i32", "v_min3_u32", "v_max3_i32", "v_med3_u32",
    "v_med3_i32", "v_cvt_u32_u16", "v_lshlrev_b32", "v_lshrrev_b32", "v_ashrrev_i32", "v_lshl_add_u32", "v_lshl_or_b32",
    "v_bfe_u32", "v_bfe_i32", "v_cndmask_b32", "v_add_f32", "v_mul_f32", "v_sub_f32", "v_subrev_f32", "v_fma_f32",
    "v_fmac_f32", "v_mad_f32",
    "v_perm_b32", "v_alignbit_b32", "v_add_lshl_u32", "v_add_nc_u16", "v_sub_nc_u16", "v_mul_lo_u16", "v_max_u16", "v_min_i16",
    "v_med3_u16", "v_med3_i16", "v_bcnt_u32_b32", "v_mbcnt_lo_u32_b32", "v_mbcnt_hi_u32_b32",
    // Left to the interpreter: calls between inline code.
    "v_mul_hi_u32", "v_max_f32",
];
/// VOPD halves (as the lowering names them).
const DUAL_OPS: &[&str] = &["v_mov_b32", "v_add_nc_u32", "v_lshlrev_b32", "v_and_b32", "v_cndmask_b32", "v_add_f32", "v_sub_f32", "v_mul_f32", "v_fmac_f32", "v_fmaak_f32", "v_max_f32"];
const CARRY_OPS: &[&str] = &["v_add_co_u32", "v_sub_co_u32", "v_subrev_co_u32", "v_add_co_ci_u32", "v_sub_co_ci_u32", "v_subrev_co_ci_u32"];
const CMP_TYPES: &[&str] = &["i32", "u32", "f32", "i16", "u16", "i64", "u64"];
const INT_CONDS: &[&str] = &["eq", "ne", "lt", "le", "gt", "ge", "f", "t"];
const FLOAT_CONDS: &[&str] = &["lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "f", "tru"];
const SCALAR2: &[&str] = &[
    "s_and_b32", "s_or_b32", "s_xor_b32", "s_andn2_b32", "s_orn2_b32", "s_and_b64", "s_or_b64", "s_xor_b64", "s_and_not1_b64",
    "s_or_not1_b64", "s_add_u32", "s_sub_u32", "s_addc_u32", "s_subb_u32", "s_add_i32", "s_sub_i32", "s_mul_i32", "s_lshl_b32",
    "s_lshr_b32", "s_ashr_i32", "s_lshl2_add_u32", "s_min_u32", "s_max_i32", "s_lshl_b64", "s_lshr_b64", "s_cselect_b32",
    "s_cselect_b64", "s_bfe_u32",
];
const SCALAR_CMP: &[&str] = &["s_cmp_eq_u32", "s_cmp_lg_i32", "s_cmp_lt_i32", "s_cmp_ge_u32", "s_cmp_gt_u32", "s_cmp_le_i32", "s_cmp_eq_u64", "s_cmp_lg_u64"];
const SAVEEXEC: &[&str] = &["s_and_saveexec", "s_or_saveexec", "s_xor_saveexec", "s_andn2_saveexec", "s_orn2_saveexec"];

/// Float results go to v6 and v7 only, and only float ops read those: which input NaN
/// a float op passes on depends on the host instruction's operand order (IEEE 754 leaves
/// it open, and so does the ISA), so integer ops and compares must not see NaN payloads
/// that the two runs may legitimately choose differently.
const FLOAT_REGS: u64 = 6;

fn is_float(name: &str) -> bool {
    name.ends_with("_f32")
}

fn vsrc(r: &mut Rng) -> Opnd {
    vsrc_in(r, FLOAT_REGS)
}

fn fsrc(r: &mut Rng) -> Opnd {
    vsrc_in(r, 8)
}

fn vsrc_in(r: &mut Rng, vgprs: u64) -> Opnd {
    match r.below(6) {
        0..=2 => V(r.below(vgprs) as u16),
        3 => S(r.below(24) as u16),
        4 => Imm(*r.pick(&[0, 1, 4, 8, 16, 31, 0xffff_fff0, 0x3f80_0000, 0x1234_5678])),
        _ => *r.pick(&[Vcc, Exec, M0, Scc]),
    }
}

fn ssrc(r: &mut Rng) -> Opnd {
    match r.below(5) {
        0..=2 => S(r.below(24) as u16 & !1),
        3 => Imm(*r.pick(&[0, 1, 5, 31, 0xffff_ffff, 0x8000_0000, 0x4000_0000])),
        _ => *r.pick(&[Vcc, Exec, M0, Scc]),
    }
}

/// A scalar destination: mostly SGPRs, sometimes VCC, M0 or (rarely) EXEC.
fn sdst(r: &mut Rng) -> Opnd {
    match r.below(12) {
        0 => Vcc,
        1 => M0,
        2 => Exec,
        _ => S(r.below(24) as u16 & !1),
    }
}

fn mask_dst(r: &mut Rng) -> Opnd {
    if r.below(2) == 0 { Vcc } else { S(r.below(24) as u16 & !1) }
}

fn random_inst(r: &mut Rng) -> Inst {
    match r.below(11) {
        10 => {
            // A VOPD pair: X and Y write different VGPRs (float halves v6 and v7).
            let (xn, yn) = (*r.pick(DUAL_OPS), *r.pick(DUAL_OPS));
            let x = vector_inst(r, xn, 6);
            let mut y = vector_inst(r, yn, 7).len(0);
            if y.dst == x.dst {
                y.dst = V((r.below(5) as u16 + 1 + if let V(d) = x.dst { d } else { 0 }) % 6);
            }
            let mut x = x.len(8);
            x.pair = Some(Box::new(y));
            x
        }
        0..=3 => {
            let name = *r.pick(VECTOR_OPS);
            let fd = 6 + r.below(2) as u16;
            let mut i = vector_inst(r, name, fd);
            if name.starts_with("v_bfe") && r.below(3) != 0 {
                i.src[1] = Imm(r.below(40) as u32);
                i.src[2] = Imm(r.below(40) as u32);
            }
            if name == "v_cndmask_b32" && r.below(2) == 0 {
                i.src[2] = Opnd::None;
            }
            // Constant selectors and shifts (compiled), sometimes registers (interpreted).
            if matches!(name, "v_perm_b32" | "v_alignbit_b32") && r.below(4) != 0 {
                i.src[2] = Imm(if name == "v_perm_b32" {
                    (0..4).map(|k| (r.below(16) as u32) << (8 * k)).sum()
                } else {
                    r.below(40) as u32
                });
            }
            i
        }
        4 if r.below(3) == 0 => {
            // 64-bit shifts: constant amounts (compiled) and register ones (interpreted).
            let name = *r.pick(&["v_lshlrev_b64", "v_lshrrev_b64", "v_ashrrev_i64"]);
            let amount = if r.below(4) == 0 { vsrc(r) } else { Imm(*r.pick(&[0, 1, 5, 31, 32, 33, 63, 64, 70])) };
            Inst::new(name, V(r.below(FLOAT_REGS - 1) as u16), &[amount, V(r.below(FLOAT_REGS - 1) as u16)])
        }
        4 => {
            let name = *r.pick(CARRY_OPS);
            let ci = if name.contains("_ci_") && r.below(2) == 0 { mask_dst(r) } else { Opnd::None };
            let ci = if name.contains("_ci_") && ci == Opnd::None { Vcc } else { ci };
            let d2 = if r.below(3) == 0 { Opnd::None } else { mask_dst(r) };
            Inst::new(name, V(r.below(FLOAT_REGS) as u16), &[vsrc(r), vsrc(r), ci]).dst2(d2)
        }
        5 => {
            let ty = *r.pick(CMP_TYPES);
            let cond = if ty == "f32" { *r.pick(FLOAT_CONDS) } else { *r.pick(INT_CONDS) };
            let x = if r.below(6) == 0 { "x" } else { "" };
            let name: &'static str = Box::leak(format!("v_cmp{x}_{cond}_{ty}").into_boxed_str());
            let d = if x.is_empty() { mask_dst(r) } else { Opnd::None };
            // Compares are exact on any input, NaN payloads included. 64-bit sources are
            // register pairs below the float registers, or scalars.
            let src = |r: &mut Rng| match (ty.ends_with("64"), vsrc(r)) {
                (true, V(_)) => V(r.below(FLOAT_REGS - 1) as u16),
                (true, S(n)) => S(n & !1),
                (_, o) => o,
            };
            Inst::new(name, d, &[src(r), src(r)])
        }
        6 | 7 => {
            let name = *r.pick(SCALAR2);
            Inst::new(name, sdst(r), &[ssrc(r), ssrc(r)])
        }
        8 => {
            if r.below(2) == 0 {
                Inst::new(*r.pick(SCALAR_CMP), Opnd::None, &[ssrc(r), ssrc(r)])
            } else {
                let name = if r.below(2) == 0 { "s_mov_b32" } else { "s_mov_b64" };
                Inst::new(name, sdst(r), &[ssrc(r)])
            }
        }
        _ => {
            let op = *r.pick(SAVEEXEC);
            let name: &'static str = Box::leak(format!("{op}_b{}", if r.below(2) == 0 { 32 } else { 64 }).into_boxed_str());
            Inst::new(name, S(r.below(24) as u16 & !1), &[ssrc(r)])
        }
    }
}

/// A vector op: float ones write `float_dst` and may read any VGPR; the others stay off
/// the float registers.
fn vector_inst(r: &mut Rng, name: &'static str, float_dst: u16) -> Inst {
    if is_float(name) {
        Inst::new(name, V(float_dst), &[fsrc(r), fsrc(r), fsrc(r)])
    } else {
        Inst::new(name, V(r.below(FLOAT_REGS) as u16), &[vsrc(r), vsrc(r), vsrc(r)])
    }
}

fn random_wave(r: &mut Rng, lanes: usize) -> Wave {
    let mut w = Wave::new(lanes, 8);
    // Mostly HIP's modes (denormals kept, IEEE, DX10 clamp); sometimes f32 denormals
    // flushed, which compiled f32 code leaves to the interpreter.
    w.mode = if r.below(8) == 0 { 0xc0 } else { 0xf0 } | 1 << 9 | 1 << 8;
    for v in w.vgpr.iter_mut() {
        *v = r.value();
    }
    for s in w.sgpr.iter_mut() {
        *s = r.value();
    }
    let full = w.full_mask();
    w.vcc = r.next() & full;
    w.exec = match r.below(4) {
        0 => full,
        _ => r.next() & full,
    };
    w.m0 = r.value();
    w.scc = r.below(2) == 1;
    w
}

fn run(p: &Interp, w: &mut Wave) {
    let memory = Memory::checked(vec![]);
    let (mut lds, mut scratch) = ([0u8; 64], [0u8; 0]);
    let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
    w.pc = 0;
    p.step_all(w, &mut ctx).unwrap_or_else(|t| panic!("trap {t}"));
}

fn same(a: &Wave, b: &Wave, prog: &[Inst]) {
    let show = || prog.iter().map(|i| format!("  {} {:?} {:?} {:?} dst2 {:?}", i.name, i.dst, &i.src[..3], i.mods, i.dst2)).collect::<Vec<_>>().join("\n");
    // Lanes agree bit for bit, except that two f32 NaNs may differ in payload: which
    // input NaN an operation passes on depends on the host instruction's operand order,
    // which the code generator chooses (IEEE 754 leaves it open too).
    let nan = |v: u32| v & 0x7f80_0000 == 0x7f80_0000 && v & 0x007f_ffff != 0;
    for r in 0..a.vgpr.len() / a.lanes {
        let agree = a.v(r).iter().zip(b.v(r)).all(|(&x, &y)| x == y || (nan(x) && nan(y)));
        assert!(agree, "v{r} differs ({} lanes): {:x?} vs {:x?} after\n{}", a.lanes, a.v(r), b.v(r), show());
    }
    assert_eq!(a.sgpr, b.sgpr, "SGPRs differ after\n{}", show());
    assert_eq!((a.exec, a.vcc, a.scc, a.m0, a.pc), (b.exec, b.vcc, b.scc, b.m0, b.pc), "EXEC, VCC, SCC, M0, PC differ after\n{}", show());
}

fn lay_out(insts: Vec<Inst>) -> Vec<Inst> {
    insts.into_iter().map(|i| if i.len == 0 { i.len(4) } else { i }).collect()
}

/// Checks that `p` ran as compiled code: every one of its `insts` instructions went into a
/// compiled region (at the first entry, `Policy::Always`). Returns how many of them became
/// inline code, for the caller to check.
fn compiled(p: &Interp, lanes: usize, insts: usize) -> u32 {
    let jit = p.jit(lanes);
    assert_eq!(jit.compiled_instructions() as usize, insts, "every instruction of the program compiled");
    jit.inlined_instructions()
}

#[test]
fn straight_line_programs_agree_with_the_interpreter() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut total, mut inlined) = (0, 0);
    for trial in 0..600 {
        let lanes = if trial % 4 == 3 { 64 } else { 32 };
        let mut prog: Vec<Inst> = (0..1 + r.below(12)).map(|_| random_inst(&mut r)).collect();
        prog.push(Inst::new("s_endpgm", Opnd::None, &[]));
        let prog = lay_out(prog);
        let w0 = random_wave(&mut r, lanes);
        let (mut a, mut b) = (w0.clone(), w0);
        run(&Interp::new(0, prog.clone()).with_jit_policy(Policy::Off), &mut a);
        let jit = Interp::new(0, prog.clone()).with_jit_policy(Policy::Always);
        run(&jit, &mut b);
        total += prog.len() as u32;
        inlined += compiled(&jit, lanes, prog.len());
        same(&a, &b, &prog);
    }
    // Most of the mix is what the compiler translates inline (the rest: calls, s_endpgm).
    assert!(inlined * 2 > total, "{inlined} of {total} instructions inline");
}

/// A counted loop (scalar counter, vector accumulation, a compare and a masked update
/// inside) with conditional branches on SCC, VCC and EXEC.
#[test]
fn loops_and_branches_agree_with_the_interpreter() {
    let mut r = Rng(0x1234_5678_9abc_def1);
    let (mut total, mut inlined) = (0, 0);
    for trial in 0..100 {
        let lanes = if trial % 3 == 2 { 64 } else { 32 };
        let mut body: Vec<Inst> = (0..1 + r.below(6)).map(|_| random_inst(&mut r)).filter(|i| !i.name.contains("saveexec") && i.dst != Exec).collect();
        // Branch offsets count words: a VOPD pair (8 bytes) counts two.
        let words = |insts: &[Inst]| insts.iter().map(|i| i.len as i32 / 4).sum::<i32>();
        // s30: the counter; v5 accumulates; the branch goes back over the body.
        let head = vec![Inst::new("s_mov_b32", S(30), &[Imm(1 + r.below(9) as u32)])];
        body.push(Inst::new("v_add_nc_u32", V(5), &[V(5), V(1)]));
        body.push(Inst::new("v_cmp_gt_u32", Vcc, &[V(5), V(2)]));
        body.push(Inst::new("s_cbranch_vccz", Opnd::None, &[]).offset(1));
        body.push(Inst::new("v_xor_b32", V(4), &[V(5), Imm(0x55)]));
        body.push(Inst::new("s_sub_u32", S(30), &[S(30), Imm(1)]));
        body.push(Inst::new("s_cmp_lg_u32", Opnd::None, &[S(30), Imm(0)]));
        let back = -words(&body) - 1;
        body.push(Inst::new("s_cbranch_scc1", Opnd::None, &[]).offset(back));
        let mut prog = head;
        prog.extend(body);
        prog.push(Inst::new("s_cbranch_execz", Opnd::None, &[]).offset(1));
        prog.push(Inst::new("v_mov_b32", V(3), &[Imm(7)]));
        prog.push(Inst::new("s_endpgm", Opnd::None, &[]));
        let prog = lay_out(prog);
        let w0 = random_wave(&mut r, lanes);
        let (mut a, mut b) = (w0.clone(), w0);
        run(&Interp::new(0, prog.clone()).with_jit_policy(Policy::Off), &mut a);
        let jit = Interp::new(0, prog.clone()).with_jit_policy(Policy::Always);
        run(&jit, &mut b);
        total += prog.len() as u32;
        inlined += compiled(&jit, lanes, prog.len());
        same(&a, &b, &prog);
    }
    assert!(inlined * 2 > total, "{inlined} of {total} instructions inline");
}

#[test]
fn modifiers_are_left_to_the_interpreter() {
    // An abs modifier (a call into the interpreter) and a literal-sized instruction
    // (inline): compiled programs still agree.
    let mut i = Inst::new("v_cmp_lt_f32", Vcc, &[V(1), V(2)]);
    i.mods = Mods { abs: 1, ..Default::default() };
    let prog = lay_out(vec![i, Inst::new("v_add_nc_u32", V(3), &[V(1), Imm(0x1234_5678)]).len(8), Inst::new("s_endpgm", Opnd::None, &[])]);
    let mut r = Rng(7);
    for lanes in [32, 64] {
        let w0 = random_wave(&mut r, lanes);
        let (mut a, mut b) = (w0.clone(), w0);
        run(&Interp::new(0, prog.clone()).with_jit_policy(Policy::Off), &mut a);
        let jit = Interp::new(0, prog.clone()).with_jit_policy(Policy::Always);
        run(&jit, &mut b);
        // The compare with |x| is a call into the interpreter; the add is inline.
        assert_eq!(compiled(&jit, lanes, 3), 1, "instructions inline");
        same(&a, &b, &prog);
    }
}

/// A call and its return (`s_swappc_b64`, `s_setpc_b64`) between compiled regions: the
/// caller's code after the call is an entry the driver finds again.
#[test]
fn calls_and_returns_agree_with_the_interpreter() {
    let mut r = Rng(0xca11);
    for lanes in [32, 64, 32] {
        let prog = lay_out(vec![
            Inst::new("s_mov_b32", S(32), &[Imm(20)]),
            Inst::new("s_mov_b32", S(33), &[Imm(0)]),
            Inst::new("s_swappc_b64", S(30), &[S(32)]),
            Inst::new("v_add_nc_u32", V(1), &[V(1), V(3)]),
            Inst::new("s_endpgm", Opnd::None, &[]),
            // The function: reads v1, writes v3, returns.
            Inst::new("v_xor_b32", V(3), &[V(1), V(4)]),
            Inst::new("s_setpc_b64", Opnd::None, &[S(30)]),
        ]);
        let w0 = random_wave(&mut r, lanes);
        let (mut a, mut b) = (w0.clone(), w0);
        run(&Interp::new(0, prog.clone()).with_jit_policy(Policy::Off), &mut a);
        let jit = Interp::new(0, prog.clone()).with_jit_policy(Policy::Always);
        run(&jit, &mut b);
        same(&a, &b, &prog);
        // Caller and callee, each its own region; the moves, the add and the xor inline.
        assert_eq!(compiled(&jit, lanes, 7), 4, "instructions inline");
    }
}

/// Waves of one workgroup exchanging values through LDS across barriers in a loop (the
/// waves leave compiled code at every barrier and come back in where they stopped): the
/// compiled run stores what the interpreted run stores.
#[test]
fn barriers_between_waves_agree_with_the_interpreter() {
    use oxrocm_gcn_exec::dispatch::{EntryState, Launch, run_grid};
    let run_with = |policy: Policy, lanes: usize| -> Vec<u32> {
        let mut out = vec![0u32; 256];
        let args = (out.as_mut_ptr() as u64).to_le_bytes();
        let prog = lay_out(vec![
            Inst::new("s_load_dwordx2", S(4), &[S(0)]),
            Inst::new("s_mov_b32", S(8), &[Imm(5)]),
            Inst::new("v_lshlrev_b32", V(1), &[Imm(2), V(0)]),
            Inst::new("v_mov_b32", V(6), &[V(0)]),
            // loop: write, barrier, read the thread 32 further on (mod 128), barrier, mix.
            Inst::new("ds_write_b32", Opnd::None, &[V(1), V(6)]),
            Inst::new("s_barrier", Opnd::None, &[]),
            Inst::new("v_add_nc_u32", V(2), &[Imm(128), V(1)]),
            Inst::new("v_and_b32", V(2), &[Imm(511), V(2)]),
            Inst::new("ds_read_b32", V(3), &[V(2)]),
            Inst::new("s_barrier", Opnd::None, &[]),
            Inst::new("v_mul_lo_u32", V(6), &[V(6), Imm(3)]),
            Inst::new("v_xad_u32", V(6), &[V(6), V(3), Imm(7)]),
            Inst::new("s_sub_u32", S(8), &[S(8), Imm(1)]),
            Inst::new("s_cmp_lg_u32", Opnd::None, &[S(8), Imm(0)]),
            Inst::new("s_cbranch_scc1", Opnd::None, &[]).offset(-11),
            Inst::new("global_store_dword", Opnd::None, &[V(1), V(6), S(4)]),
            Inst::new("s_endpgm", Opnd::None, &[]),
        ]);
        let launch = Launch {
            entry: 0,
            lanes,
            vgprs: 8,
            state: EntryState { kernarg_ptr: Some(0), id_dims: 1, ..Default::default() },
            kernarg: args.as_ptr() as u64,
            dispatch_packet: 0,
            groups: [1, 1, 1],
            block: [128, 1, 1],
            lds_bytes: 512,
            private_size: 0,
            mode: 0xf0,
            deadline: None,
        };
        let mem = Memory::checked(vec![(args.as_ptr() as u64, 8), (out.as_ptr() as u64, 1024)]);
        let p = Interp::new(0, prog).with_jit_policy(policy);
        run_grid(&p, &launch, &mem, false).expect("the kernel runs");
        if policy == Policy::Always {
            // One region; inline: s_mov, v_lshlrev, v_mov, v_add, v_and, v_mul_lo, v_xad,
            // s_sub, s_cmp.
            assert_eq!(compiled(&p, lanes, 17), 9, "instructions inline");
        }
        out
    };
    for lanes in [32, 64] {
        let (a, b) = (run_with(Policy::Off, lanes), run_with(Policy::Always, lanes));
        assert!(a[..128].iter().any(|&v| v != 0), "the kernel stored");
        assert_eq!(a, b, "{lanes}-lane waves");
    }
}
