//! A workgroup on one host thread: its waves take turns, each running until it ends,
//! reaches a barrier or yields to the others ([`crate::catchup`]: before its first global
//! store after a barrier, and every few thousand backward jumps); when every wave still
//! running waits at the barrier, all go on. A workgroup therefore never blocks its thread,
//! and workgroups run side by side on a pool without deadlock.

use crate::memory::{Fault, Memory};
use crate::wave::Wave;

/// Why a wave stopped running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `s_endpgm`.
    Ended,
    /// `s_barrier`: the wave resumes at `pc` once the workgroup's other waves arrive.
    Barrier,
    /// `ds_gws_barrier` (cooperative groups' grid sync): the wave resumes once this many
    /// waves of the whole grid have arrived.
    GridBarrier(u32),
    /// The wave lets the workgroup's other waves have their turn ([`crate::catchup`]) and
    /// resumes at `pc` after them.
    Yield,
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
    /// Waves wait for each other with no way forward (a grid barrier that cannot be met).
    Hang(String),
    /// The launch ran past its time limit (`OXROCM_LAUNCH_TIMEOUT_MS`).
    TimedOut,
    /// The wave, stopped at this address, used a VGPR past its file ([`Wave::beyond_file`]).
    RegisterRange(u64),
}

impl Trap {
    /// This trap, noting the address of the instruction that raised it.
    pub fn at(self, pc: u64) -> Trap {
        match self {
            t @ (Trap::Unsupported(..) | Trap::BadPc(_) | Trap::At(..) | Trap::Hang(_) | Trap::TimedOut | Trap::RegisterRange(_)) => t,
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
            Trap::Hang(why) => write!(f, "the waves would wait forever: {why}"),
            Trap::TimedOut => write!(f, "the launch ran past its time limit (OXROCM_LAUNCH_TIMEOUT_MS)"),
            Trap::RegisterRange(pc) => write!(f, "a VGPR beyond the wave's register file was used (the wave stopped at {pc:#x})"),
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
    /// At a grid barrier that wants this many waves.
    AtGrid(u32),
    Ended,
}

impl State {
    fn after(stop: Stop) -> State {
        match stop {
            Stop::Ended => State::Ended,
            Stop::Barrier => State::AtBarrier,
            Stop::Yield => State::Ready,
            Stop::GridBarrier(n) => State::AtGrid(n),
        }
    }
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
    hold_stores(waves, &state);
    loop {
        turn(program, waves, &mut state, memory, lds, scratch, private_size, workgroup_id)?;
        for s in state.iter_mut() {
            match *s {
                // A grid of this one wave meets its own grid barrier; a larger one needs a
                // cooperative launch, where every workgroup is resident (`run_cooperative`).
                State::AtGrid(n) if n <= 1 => *s = State::Ready,
                State::AtGrid(n) => {
                    return Err(Trap::Hang(format!("a grid barrier for {n} waves in a launch that is not cooperative (hipLaunchCooperativeKernel)")));
                }
                _ => {}
            }
        }
        if state.iter().all(|s| *s == State::Ended) {
            return Ok(());
        }
    }
}

/// One turn of a workgroup: each ready wave runs until it stops (with a slice of backward
/// jumps while others are ready too, [`crate::catchup::slice`]); then, if every wave still
/// running waits at the workgroup barrier, the barrier opens (waves that ended no longer
/// count, as in hardware).
#[allow(clippy::too_many_arguments)]
fn turn(program: &dyn Program, waves: &mut [Wave], state: &mut [State], memory: &Memory, lds: &mut [u8], scratch: &mut [Vec<u8>], private_size: usize, workgroup_id: [u32; 3]) -> Result<(), Trap> {
    let mut ready = state.iter().filter(|s| **s == State::Ready).count();
    for (i, wave) in waves.iter_mut().enumerate() {
        if state[i] != State::Ready {
            continue;
        }
        // With a time limit a lone wave yields too, so a loop that never ends comes back here.
        wave.backedges_left = crate::catchup::slice(ready > 1 || wave.deadline.is_some());
        let mut ctx = WaveCtx { memory, lds: &mut *lds, scratch: &mut scratch[i], private_size, workgroup_id };
        state[i] = State::after(program.run(wave, &mut ctx)?);
        if wave.beyond_file.get() {
            return Err(Trap::RegisterRange(wave.pc));
        }
        if wave.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err(Trap::TimedOut);
        }
        if state[i] != State::Ready {
            ready -= 1;
        }
    }
    if state.iter().all(|s| matches!(s, State::AtBarrier | State::Ended)) {
        for s in state.iter_mut().filter(|s| **s == State::AtBarrier) {
            *s = State::Ready;
        }
        hold_stores(waves, state);
    }
    Ok(())
}

/// At the start and after each barrier: where several waves go on together, each one's
/// first store lets the others catch up ([`crate::catchup`]).
fn hold_stores(waves: &mut [Wave], state: &[State]) {
    let running = state.iter().filter(|s| **s == State::Ready).count();
    for (w, s) in waves.iter_mut().zip(state) {
        w.hold_stores = running > 1 && *s == State::Ready;
    }
}

/// One workgroup of a cooperative launch: its waves, their states and its own memories.
struct Resident {
    id: [u32; 3],
    waves: Vec<Wave>,
    state: Vec<State>,
    lds: Vec<u8>,
    scratch: Vec<Vec<u8>>,
}

/// Runs a cooperative launch: every workgroup is resident at once (as
/// `hipLaunchCooperativeKernel` guarantees), so grid barriers (`ds_gws_barrier`, which
/// cooperative groups' `grid.sync()` compiles to) can be met. The waves of all workgroups
/// take turns on this thread: each runs until it ends or reaches a barrier; a workgroup's
/// barrier opens when its running waves all wait there, the grid barrier when as many waves
/// as it names wait at it.
pub fn run_cooperative(program: &dyn Program, groups: Vec<([u32; 3], Vec<Wave>)>, memory: &Memory, lds_bytes: usize, private_size: usize) -> Result<(), Trap> {
    let mut groups: Vec<Resident> = groups
        .into_iter()
        .map(|(id, waves)| Resident {
            id,
            state: vec![State::Ready; waves.len()],
            scratch: waves.iter().map(|w| vec![0; w.lanes * private_size]).collect(),
            waves,
            lds: vec![0; lds_bytes],
        })
        .collect();
    for g in groups.iter_mut() {
        hold_stores(&mut g.waves, &g.state);
    }
    loop {
        for g in groups.iter_mut() {
            turn(program, &mut g.waves, &mut g.state, memory, &mut g.lds, &mut g.scratch, private_size, g.id)?;
        }
        let states = || groups.iter().flat_map(|g| g.state.iter());
        if states().all(|s| *s == State::Ended) {
            return Ok(());
        }
        if states().any(|s| *s == State::Ready) {
            continue;
        }
        // Nothing can run: only the grid barrier may open.
        let waiting = states().filter(|s| matches!(s, State::AtGrid(_))).count();
        let wanted = states().filter_map(|s| if let State::AtGrid(n) = s { Some(*n as usize) } else { None }).max().unwrap_or(0);
        if waiting == 0 || waiting < wanted {
            return Err(Trap::Hang(format!("{waiting} waves wait at a grid barrier for {wanted}, and no other wave can run")));
        }
        for s in groups.iter_mut().flat_map(|g| g.state.iter_mut()).filter(|s| matches!(s, State::AtGrid(_))) {
            *s = State::Ready;
        }
    }
}
