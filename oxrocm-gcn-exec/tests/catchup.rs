//! The waves of a workgroup take turns here; on a GPU they run side by side (`catchup`).
//! Waves that each read a shared word and then, later in the same barrier interval, store
//! its next value must all read the old value, as on hardware: all store the same next
//! value, and after the barrier all read that. And a wave that spins until another wave's
//! store lands must see it, whether that wave ran before it (and parked before the store)
//! or runs after it.

use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::Inst;
use oxrocm_gcn_exec::ir::Opnd::{Imm, None as No, S, V, Vcc};
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

/// Wave k spins until word k is set, then sets word k + 1 with a plain
/// store; word 0 is set before the launch. `backwards`: wave k waits for word k + 1 and
/// sets word k, the last word set before the launch, so each wave waits for one that
/// runs after it. Returns the words, or None if the waves hang.
fn chain(policy: Policy, waves: usize, backwards: bool) -> Option<Vec<u32>> {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut words = vec![0u32; 1 + waves];
        words[if backwards { waves } else { 0 }] = 1;
        let addr = words.as_mut_ptr() as u64;
        let memory = Memory::checked(vec![(addr, words.len() * 4)]);
        let mut wait = Inst::new("global_load_b32", V(1), &[V(4), No, S(0)]);
        wait.mem.glc = true;
        let prog = vec![
            wait,
            Inst::new("v_cmp_eq_u32", Vcc, &[Imm(0), V(1)]),
            Inst::new("s_cbranch_vccnz", No, &[]).offset(-3),
            Inst::new("global_store_b32", No, &[V(0), V(5), S(0)]),
            Inst::new("s_endpgm", No, &[]),
        ];
        let prog = Interp::new(0, prog).with_jit_policy(policy);
        let mut ws: Vec<Wave> = (0..waves)
            .map(|k| {
                let mut w = Wave::new(32, 6);
                w.exec = w.full_mask();
                w.set_s64(0, addr);
                let (wait, set) = if backwards { (k + 1, k) } else { (k, k + 1) };
                w.v_mut(4).fill(4 * wait as u32);
                w.v_mut(0).fill(4 * set as u32);
                w.v_mut(5).fill(1);
                w
            })
            .collect();
        run_workgroup(&prog, &mut ws, &memory, 0, 0, [0; 3]).unwrap_or_else(|t| panic!("trap {t}"));
        let _ = done.send(words);
    });
    finished.recv_timeout(std::time::Duration::from_secs(20)).ok()
}

#[test]
fn a_wave_waiting_for_another_s_store_lets_it_land() {
    for policy in [Policy::Off, Policy::Always] {
        for backwards in [false, true] {
            let words = chain(policy, 6, backwards).unwrap_or_else(|| panic!("{policy:?} backwards {backwards}: the waves wait forever"));
            assert_eq!(words, [1; 7], "{policy:?} backwards {backwards}");
        }
    }
}

#[test]
fn a_lone_wave_sees_its_own_stores() {
    for policy in [Policy::Off, Policy::Always] {
        assert_eq!(run(policy, "global_store_b32", 1), [2, 0, 1], "{policy:?}");
    }
}
