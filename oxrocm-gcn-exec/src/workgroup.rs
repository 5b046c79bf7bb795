//! A workgroup on one host thread: its waves take turns, each running until it ends or
//! reaches a barrier; when every wave still running waits at the barrier, all go on. A
//! workgroup therefore never blocks its thread, and workgroups run side by side on a
//! pool without deadlock.

use crate::memory::{Fault, Memory};
use crate::wave::Wave;

/// Why a wave stopped running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `s_endpgm`.
    Ended,
    /// `s_barrier`: the wave resumes at `pc` once the workgroup's other waves arrive.
    Barrier,
}

/// What a running wave reaches besides its registers.
pub struct WaveCtx<'a> {
    pub memory: &'a Memory,
    /// The workgroup's LDS.
    pub lds: &'a mut [u8],
    /// This wave's private (scratch) memory, lane-major: lane l's bytes are
    /// `scratch[l * private_size..(l + 1) * private_size]`.
    pub scratch: &'a mut [u8],
    pub private_size: usize,
    pub workgroup_id: [u32; 3],
}

/// Why a wave could not go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trap {
    Memory(Fault),
    /// An instruction the interpreter does not implement, and its address.
    Unsupported(String, u64),
    /// A jump to an address holding no instruction.
    BadPc(u64),
    /// A trap raised by the instruction at `pc`.
    At(Box<Trap>, u64),
}

impl Trap {
    /// This trap, noting the address of the instruction that raised it.
    pub fn at(self, pc: u64) -> Trap {
        match self {
            t @ (Trap::Unsupported(..) | Trap::BadPc(_) | Trap::At(..)) => t,
            t => Trap::At(Box::new(t), pc),
        }
    }

    /// The address of the instruction involved, where known.
    pub fn pc(&self) -> Option<u64> {
        match self {
            Trap::Unsupported(_, pc) | Trap::At(_, pc) => Some(*pc),
            _ => None,
        }
    }
}

impl From<Fault> for Trap {
    fn from(f: Fault) -> Trap {
        Trap::Memory(f)
    }
}

impl std::fmt::Display for Trap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Trap::Memory(m) => write!(f, "{m}"),
            Trap::Unsupported(n, pc) => write!(f, "unsupported instruction {n} at {pc:#x}"),
            Trap::BadPc(pc) => write!(f, "jump to {pc:#x}, where there is no instruction"),
            Trap::At(t, pc) => write!(f, "{t} (instruction at {pc:#x})"),
        }
    }
}

/// Instruction semantics: runs a wave from its `pc`.
pub trait Program: Sync {
    fn run(&self, wave: &mut Wave, ctx: &mut WaveCtx) -> Result<Stop, Trap>;
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Ready,
    AtBarrier,
    Ended,
}

/// Runs one workgroup's waves to completion.
pub fn run_workgroup(program: &dyn Program, waves: &mut [Wave], memory: &Memory, lds_bytes: usize, private_size: usize, workgroup_id: [u32; 3]) -> Result<(), Trap> {
    // LDS and scratch come from this thread's last workgroup, cleared: large fresh buffers
    // cost page faults for every workgroup of a launch.
    thread_local! {
        static BUFFERS: std::cell::RefCell<(Vec<u8>, Vec<Vec<u8>>)> = Default::default();
    }
    let (mut lds, mut scratch) = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
    lds.clear();
    lds.resize(lds_bytes, 0);
    scratch.resize_with(waves.len(), Vec::new);
    for (s, w) in scratch.iter_mut().zip(waves.iter()) {
        s.clear();
        s.resize(w.lanes * private_size, 0);
    }
    let r = run_waves(program, waves, memory, &mut lds, &mut scratch, private_size, workgroup_id);
    BUFFERS.with(|b| *b.borrow_mut() = (lds, scratch));
    r
}

fn run_waves(program: &dyn Program, waves: &mut [Wave], memory: &Memory, lds: &mut [u8], scratch: &mut [Vec<u8>], private_size: usize, workgroup_id: [u32; 3]) -> Result<(), Trap> {
    let mut state = vec![State::Ready; waves.len()];
    loop {
        for (i, wave) in waves.iter_mut().enumerate() {
            if state[i] != State::Ready {
                continue;
            }
            let mut ctx = WaveCtx { memory, lds: &mut *lds, scratch: &mut scratch[i], private_size, workgroup_id };
            state[i] = match program.run(wave, &mut ctx)? {
                Stop::Ended => State::Ended,
                Stop::Barrier => State::AtBarrier,
            };
        }
        // Every wave has either ended or arrived: release the barrier (waves that ended
        // no longer count, as in hardware).
        if state.iter().all(|s| *s == State::Ended) {
            return Ok(());
        }
        for s in state.iter_mut().filter(|s| **s == State::AtBarrier) {
            *s = State::Ready;
        }
    }
}
