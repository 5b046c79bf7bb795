//! What one wave instruction costs the interpreter and compiled code: a loop of eight
//! copies of one instruction (plus the loop's own three scalar instructions) run by one
//! wave32, timed, divided by the instructions executed. The numbers docs/performance.md
//! ("Kernel speed against C++") quotes.
//!
//! `cargo run --release -p oxrocm-gcn-exec --example per_instruction`

use oxrocm_gcn_exec::dispatch::{run_grid, EntryState, Launch};
use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::ir::Inst;
use oxrocm_gcn_exec::ir::Opnd::{self, Imm, Vcc, S, V};
use oxrocm_gcn_exec::jit::Policy;
use oxrocm_gcn_exec::memory::Memory;

const ITERATIONS: u32 = 200_000;

/// Nanoseconds per executed instruction of a loop over `body`, interpreted or compiled.
fn cost(body: Vec<Inst>, policy: Policy) -> f64 {
    let k = body.len() as i32;
    let mut program = vec![Inst::new("s_mov_b32", S(20), &[Imm(ITERATIONS)]).len(8)];
    program.extend(body);
    program.push(Inst::new("s_sub_u32", S(20), &[S(20), Imm(1)]));
    program.push(Inst::new("s_cmp_lg_u32", Opnd::None, &[S(20), Imm(0)]));
    program.push(Inst::new("s_cbranch_scc1", Opnd::None, &[]).offset(-(k + 3)));
    program.push(Inst::new("s_endpgm", Opnd::None, &[]));
    let launch = Launch {
        entry: 0x1000,
        lanes: 32,
        vgprs: 8,
        state: EntryState { id_dims: 1, ..Default::default() },
        kernarg: 0,
        dispatch_packet: 0,
        groups: [1, 1, 1],
        block: [32, 1, 1],
        lds_bytes: 0,
        private_size: 0,
        // f32 denormals kept, as HIP kernels run.
        mode: 0xf0,
        deadline: None,
    };
    let interp = Interp::new(0x1000, program).with_jit_policy(policy);
    // SAFETY: the programs above access no memory.
    let memory = unsafe { Memory::unchecked() };
    // Best of three: the VM's neighbours add noise, never speed.
    (0..3)
        .map(|_| {
            let t = std::time::Instant::now();
            run_grid(&interp, &launch, &memory, false).expect("the loop runs");
            t.elapsed().as_nanos() as f64 / (ITERATIONS as f64 * (k + 3) as f64)
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let cases: Vec<(&str, Inst)> = vec![
        ("v_add_nc_u32 v, v", Inst::new("v_add_nc_u32", V(1), &[V(1), V(0)])),
        ("v_add_nc_u32 s, v", Inst::new("v_add_nc_u32", V(1), &[S(3), V(0)])),
        ("v_add_co_u32", Inst::new("v_add_co_u32", V(1), &[S(3), V(0)]).dst2(Vcc)),
        ("v_add_co_ci_u32", Inst::new("v_add_co_ci_u32", V(1), &[S(3), V(0), Vcc]).dst2(Vcc)),
        ("v_cmp_le_i32", Inst::new("v_cmp_le_i32", Vcc, &[S(3), V(1)])),
        ("v_lshlrev_b64", Inst::new("v_lshlrev_b64", V(2), &[Imm(2), V(4)])),
        ("v_fma_f32", Inst::new("v_fma_f32", V(2), &[V(1), V(0), V(3)])),
        ("s_or_b32", Inst::new("s_or_b32", S(5), &[Vcc, S(5)])),
        ("s_nop (skipped)", Inst::new("s_nop", Opnd::None, &[])),
    ];
    println!("ns per executed wave32 instruction (loop overhead included)");
    println!("{:<20} {:>12} {:>9}", "instruction", "interpreted", "compiled");
    for (label, inst) in cases {
        let (a, b) = (cost(vec![inst.clone(); 8], Policy::Off), cost(vec![inst; 8], Policy::Always));
        println!("{label:<20} {a:>12.1} {b:>9.1}");
    }
}
