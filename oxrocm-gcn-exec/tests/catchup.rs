//! The waves of a workgroup take turns here; on a GPU they run side by side. Two waves
//! that each read a shared word and then, later in the same barrier interval, store its
//! next value must both read the old value, as on hardware (`catchup`): both store the
//! same next value, and after the barrier both read that.

use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::Inst;
use oxrocm_gcn_exec::ir::Opnd::{Imm, None as No, S, V};
use oxrocm_gcn_exec::jit::Policy;
use oxrocm_gcn_exec::memory::Memory;
use oxrocm_gcn_exec::wave::Wave;
use oxrocm_gcn_exec::workgroup::run_workgroup;

/// Per wave: read the counter (word 0), store counter + 1 with `bump`, note what it read
/// in the wave's slot (v3 is 4 + 8 × wave); barrier; the same again into the next slot.
fn program(bump: &'static str) -> Vec<Inst> {
    let interval = |slot: i32| {
        vec![
            Inst::new("global_load_b32", V(1), &[V(0), No, S(0)]),
            Inst::new("v_add_nc_u32", V(2), &[Imm(1), V(1)]),
            Inst::new(bump, No, &[V(0), V(2), S(0)]),
            Inst::new("global_store_b32", No, &[V(3), V(1), S(0)]).offset(slot),
        ]
    };
    let mut p = interval(0);
    p.push(Inst::new("s_barrier", No, &[]));
    p.extend(interval(4));
    p.push(Inst::new("s_endpgm", No, &[]));
    p
}

/// Runs `waves` waves of 32 lanes over the program; the words written.
fn run(policy: Policy, bump: &'static str, waves: usize) -> Vec<u32> {
    let mut words = vec![0u32; 1 + 2 * waves];
    let addr = words.as_mut_ptr() as u64;
    let memory = Memory::checked(vec![(addr, words.len() * 4)]);
    let prog = Interp::new(0, program(bump)).with_jit_policy(policy);
    let mut ws: Vec<Wave> = (0..waves)
        .map(|k| {
            let mut w = Wave::new(32, 4);
            w.exec = w.full_mask();
            w.id = k as u32;
            w.set_s64(0, addr);
            w.v_mut(3).fill(4 + 8 * k as u32);
            w
        })
        .collect();
    run_workgroup(&prog, &mut ws, &memory, 0, 0, [0; 3]).unwrap_or_else(|t| panic!("trap {t}"));
    words
}

#[test]
fn waves_read_shared_words_before_their_siblings_store_them() {
    for policy in [Policy::Off, Policy::Always] {
        // The first store of the interval in the two handlers compiled code has: whole
        // dwords (direct) and a short (through the interpreter).
        for bump in ["global_store_b32", "global_store_b16"] {
            let words = run(policy, bump, 4);
            assert_eq!(words[0], 2, "{policy:?} {bump}: one step per barrier interval");
            for k in 0..4 {
                assert_eq!(words[1 + 2 * k..3 + 2 * k], [0, 1], "{policy:?} {bump}: wave {k} read the counter as it stood when the interval began");
            }
        }
    }
}

#[test]
fn a_lone_wave_sees_its_own_stores() {
    for policy in [Policy::Off, Policy::Always] {
        assert_eq!(run(policy, "global_store_b32", 1), [2, 0, 1], "{policy:?}");
    }
}
