//! gfx11's 16-bit register halves ("true16", what ROCm 7.2's compiler emits for gfx1100):
//! machine words through the decoder, the lowering and the interpreter (and the compiler),
//! checked against values worked out here from the operands' bits.
//!
//! The encodings: a VOP1/VOP2/VOPC 16-bit VGPR field with bit 7 set is the high half of
//! the register the low 7 bits name (`v_add_f16_e32 v5.h, v3.h, v1.l` is 0x650a0383, as
//! llvm-mc-19 -mattr=+real-true16 encodes it); VOP3 selects halves with op_sel. Words for
//! opcodes llvm-mc-19 cannot yet write in true16 form follow the same field rule.

use half::f16;
use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::{Inst, Opnd};
use oxrocm_gcn_exec::jit::Policy;
use oxrocm_gcn_exec::memory::Memory;
use oxrocm_gcn_exec::wave::Wave;
use oxrocm_gcn_exec::workgroup::WaveCtx;
use oxrocm_amdgcn::Target;

const LANES: usize = 32;

fn h(x: f64) -> u16 {
    f16::from_f64(x).to_bits()
}
fn val(b: u32) -> f64 {
    f16::from_bits(b as u16).to_f64()
}

/// A wave whose v1, v3, v5, v6, v7 hold distinct f16 pairs per lane (lo, hi) and v7 an f32.
fn start() -> Wave {
    let mut w = Wave::new(LANES, 8);
    for l in 0..LANES {
        let x = l as f64;
        w.v_mut(1)[l] = h(0.25 * x - 3.0) as u32 | (h(1.5 + x) as u32) << 16;
        w.v_mut(3)[l] = h(2.0 - 0.5 * x) as u32 | (h(-1.0 + 0.125 * x) as u32) << 16;
        w.v_mut(5)[l] = 0xdead_beef;
        w.v_mut(6)[l] = 0x1234_5678;
        w.v_mut(7)[l] = ((0.75 * x - 4.0) as f32).to_bits();
    }
    w.exec = (1u64 << LANES) - 1;
    w
}

fn lo(v: u32) -> u32 {
    v & 0xffff
}
fn hi(v: u32) -> u32 {
    v >> 16
}

/// Decodes `words` (one instruction), lowers it and runs it (then `s_endpgm`) on a copy
/// of `before`, interpreted and compiled; both waves must agree.
fn run(words: &[u32], before: &Wave) -> Wave {
    let (d, n) = oxrocm_amdgcn::decode(words, Target::Gfx1100).unwrap_or_else(|e| panic!("{words:x?}: {e}"));
    assert_eq!(n, words.len(), "{words:x?}: words used");
    let inst = oxrocm_gcn_exec::lower::lower(&d);
    let mut out: Vec<Wave> = Vec::new();
    for policy in [Policy::Off, Policy::Always] {
        let prog = Interp::new(0, vec![inst.clone(), Inst::new("s_endpgm", Opnd::None, &[])]).with_jit_policy(policy);
        let memory = Memory::checked(vec![]);
        let (mut lds, mut scratch) = ([0u8; 64], [0u8; 0]);
        let mut ctx = WaveCtx { memory: &memory, lds: &mut lds, scratch: &mut scratch, private_size: 0, workgroup_id: [0; 3] };
        let mut w = before.clone();
        w.pc = 0;
        prog.step_all(&mut w, &mut ctx).unwrap_or_else(|t| panic!("{}: trap {t}", inst.name));
        out.push(w);
    }
    assert_eq!(out[0].vgpr, out[1].vgpr, "{}: interpreted and compiled differ", inst.name);
    assert_eq!(out[0].vcc, out[1].vcc, "{}: interpreted and compiled differ (vcc)", inst.name);
    out.swap_remove(0)
}

/// Every lane's v5 after an op writing one half of it: `want(lane)` in that half, the
/// other half of 0xdeadbeef kept.
fn check_half(w: &Wave, high: bool, what: &str, want: impl Fn(usize) -> u32) {
    for l in 0..LANES {
        let v = w.v(5)[l];
        let (got, other, kept) = if high { (hi(v), lo(v), 0xbeef) } else { (lo(v), hi(v), 0xdead) };
        assert_eq!(got, want(l), "{what}: lane {l}");
        assert_eq!(other, kept, "{what}: lane {l}: the other half changed");
    }
}

#[test]
fn vop2_add_f16_reads_and_writes_high_halves() {
    // v_add_f16_e32 v5.h, v3.h, v1.l
    let b = start();
    let w = run(&[0x650a_0383], &b);
    check_half(&w, true, "v_add_f16 v5.h, v3.h, v1.l", |l| h(val(hi(b.v(3)[l])) + val(lo(b.v(1)[l]))) as u32);
    // v_mul_f16_e32 v5.l, v3.h, v1.h
    let w = run(&[0x6a0b_0383], &b);
    check_half(&w, false, "v_mul_f16 v5.l, v3.h, v1.h", |l| h(val(hi(b.v(3)[l])) * val(hi(b.v(1)[l]))) as u32);
}

#[test]
fn fmac_f16_accumulates_into_the_high_half() {
    // v_fmac_f16_e32 v5.h, v3.l, v1.h: VOP2 0x36, vdst 0x85, src0 v3 (0x103), vsrc1 v1.h (0x81).
    let mut b = start();
    for l in 0..LANES {
        b.v_mut(5)[l] = (h(0.5 * l as f64) as u32) << 16 | 0xbeef;
    }
    let word = (0x36 << 25) | (0x85 << 17) | (0x81 << 9) | 0x103;
    let w = run(&[word], &b);
    for l in 0..LANES {
        let want = h(val(lo(b.v(3)[l])) * val(hi(b.v(1)[l])) + 0.5 * l as f64) as u32;
        assert_eq!(hi(w.v(5)[l]), want, "lane {l}");
        assert_eq!(lo(w.v(5)[l]), 0xbeef, "lane {l}: low half kept");
    }
}

#[test]
fn mov_b16_in_both_encodings() {
    let b = start();
    // v_mov_b16_e32 v5.l, v3.h
    let w = run(&[0x7e0a_3983], &b);
    check_half(&w, false, "v_mov_b16_e32 v5.l, v3.h", |l| hi(b.v(3)[l]));
    // v_mov_b16_e64 v5.h, v3.l (op_sel:[0,1])
    let w = run(&[0xd59c_4005, 0x0000_0103], &b);
    check_half(&w, true, "v_mov_b16_e64 v5.h, v3.l", |l| lo(b.v(3)[l]));
    // v_mov_b16_e32 v5.h, 0x3c00 (a literal into the high half)
    let w = run(&[0x7f0a_38ff, 0x0000_3c00], &b);
    check_half(&w, true, "v_mov_b16_e32 v5.h, 0x3c00", |_| 0x3c00);
}

#[test]
fn conversions_between_halves_and_whole_registers() {
    let b = start();
    // v_cvt_f32_f16_e32 v6, v3.h: VOP1 0xb, src0 0x183.
    let w = run(&[(0x3f << 25) | (6 << 17) | (0xb << 9) | 0x183], &b);
    for l in 0..LANES {
        assert_eq!(f32::from_bits(w.v(6)[l]) as f64, val(hi(b.v(3)[l])), "v_cvt_f32_f16 lane {l}");
    }
    // v_cvt_f16_f32_e32 v5.h, v7: VOP1 0xa, vdst 0x85, src0 v7 (0x107).
    let w = run(&[(0x3f << 25) | (0x85 << 17) | (0xa << 9) | 0x107], &b);
    check_half(&w, true, "v_cvt_f16_f32 v5.h, v7", |l| h(f32::from_bits(b.v(7)[l]) as f64) as u32);
    // v_cvt_i32_i16_e32 v6, v3.h (VOP1 0x6a) and v_cvt_u32_u16_e32 v6, v3.h (0x6b).
    let w = run(&[(0x3f << 25) | (6 << 17) | (0x6a << 9) | 0x183], &b);
    for l in 0..LANES {
        assert_eq!(w.v(6)[l], hi(b.v(3)[l]) as u16 as i16 as i32 as u32, "v_cvt_i32_i16 lane {l}");
    }
    let w = run(&[(0x3f << 25) | (6 << 17) | (0x6b << 9) | 0x183], &b);
    for l in 0..LANES {
        assert_eq!(w.v(6)[l], hi(b.v(3)[l]), "v_cvt_u32_u16 lane {l}");
    }
}

#[test]
fn vopc_compares_high_halves() {
    // v_cmp_lt_f16_e32 vcc_lo, v3.h, v1.l: VOPC 0x1, src0 0x183, vsrc1 0x01.
    let b = start();
    let w = run(&[(0x3e << 25) | (0x1 << 17) | (0x01 << 9) | 0x183], &b);
    let mut want = 0u64;
    for l in 0..LANES {
        if val(hi(b.v(3)[l])) < val(lo(b.v(1)[l])) {
            want |= 1 << l;
        }
    }
    assert!(want != 0 && want != (1u64 << LANES) - 1, "the case separates lanes");
    assert_eq!(w.vcc & ((1u64 << LANES) - 1), want);
}

#[test]
fn gfx1030_keeps_whole_registers() {
    // On gfx10 the same VOP2 field value 0x83 is v131 (no halves): the lowering must not
    // touch it.
    let (d, _) = oxrocm_amdgcn::decode(&[0x640a_0383], Target::Gfx1030).expect("decodes");
    let inst = oxrocm_gcn_exec::lower::lower(&d);
    assert_eq!(inst.src[0], Opnd::V(131));
    assert_eq!(inst.mods.op_sel, 0);
}
