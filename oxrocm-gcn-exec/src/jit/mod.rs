//! Compiled execution: code a kernel's waves run often is translated to host machine code
//! (Cranelift), a function per region of reachable code ([`region`]). An instruction the
//! translator knows becomes inline vector code over the wave's registers ([`inline`]);
//! any other becomes a direct call into the interpreter for that one instruction, its
//! operands resolved at compile time ([`calls`]). Branches become host branches, so the
//! interpreter's fetch and dispatch (about 10 ns an instruction, much of it
//! mispredicted indirect jumps) are gone.
//!
//! The interpreter stays the reference and runs what is cold: the code from an address
//! is compiled once the interpreter has run about as many wave instructions from there as
//! compiling would cost (3,000 per instruction of the region; see [`Policy::Profiled`]).
//!
//! `OXROCM_GCN_JIT=0` turns compilation off; `OXROCM_GCN_JIT=always` compiles at the
//! first entry (the differential tests use it).

mod calls;
mod emit;
mod inline;
mod region;

use crate::interp::Interp;
use crate::wave::Wave;
use crate::workgroup::{Stop, Trap, WaveCtx};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, RwLock};

/// What a compiled function returns to the driver.
pub(crate) mod status {
    /// (Handlers only) go on with the next instruction.
    pub const NEXT: u32 = 0;
    /// The wave goes on at `Wave::pc`, wherever that is.
    pub const JUMP: u32 = 1;
    /// The wave stopped: `Frame::stop`.
    pub const STOP: u32 = 2;
    /// `Frame::trap`.
    pub const TRAP: u32 = 3;
    /// A handler panicked: `Frame::panic`, resumed by the driver (no unwinding through
    /// compiled frames).
    pub const PANIC: u32 = 4;
    /// The compiled code cannot run the instruction at `Wave::pc` in the wave's mode: the
    /// interpreter takes over there.
    pub const INTERPRET: u32 = 5;
    /// The wave reached `s_barrier` (compiled inline): it resumes at `Wave::pc`.
    pub const BARRIER: u32 = 6;
    /// The wave ended (`s_endpgm`, compiled inline).
    pub const ENDED: u32 = 7;
    /// The wave yields to the workgroup's other waves (`catchup`): it resumes at
    /// `Wave::pc`, at entry `Frame::resume` if that is set.
    pub const YIELD: u32 = 8;
}

/// What compiled code and its handlers reach: the wave, its context, the program.
#[repr(C)]
pub(crate) struct Frame {
    /// Read by compiled code at these offsets: keep them first.
    pub wave: *mut Wave,
    pub vgpr: *mut u32,
    pub interp: *const Interp,
    pub ctx: *mut WaveCtx<'static>,
    /// Set by compiled code before an instruction that may stop the wave: the entry
    /// index of the instruction after it, where the wave resumes.
    pub resume: u32,
    pub stop: Option<Stop>,
    pub trap: Option<Trap>,
    pub panic: Option<Box<dyn std::any::Any + Send>>,
}

pub(crate) const FRAME_WAVE: i32 = 0;
pub(crate) const FRAME_VGPR: i32 = 8;
pub(crate) const FRAME_RESUME: i32 = 32;
const _: () = assert!(std::mem::offset_of!(Frame, wave) == FRAME_WAVE as usize);
const _: () = assert!(std::mem::offset_of!(Frame, vgpr) == FRAME_VGPR as usize);
const _: () = assert!(std::mem::offset_of!(Frame, resume) == FRAME_RESUME as usize);

/// A hasher for code addresses (the standard SipHash showed in profiles of barrier-heavy
/// kernels, which look an entry up at every barrier).
#[derive(Default, Clone, Copy)]
pub(crate) struct PcHasher(u64);

impl std::hash::Hasher for PcHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v ^ v >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
}

type PcMap<V> = HashMap<u64, V, std::hash::BuildHasherDefault<PcHasher>>;

/// A compiled function: `(frame, entry index) -> status`.
type Compiled = unsafe extern "C" fn(*mut Frame, u32) -> u32;

/// Where a wave can enter compiled code.
#[derive(Clone, Copy)]
struct Entry {
    f: Compiled,
    index: u32,
    /// VGPRs the code touches (a wave with fewer is interpreted, which reports the
    /// out-of-range register instead of touching memory past the wave's).
    vgprs: usize,
}

/// When regions compile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Policy {
    Off,
    /// At the first entry (tests).
    Always,
    /// Once the interpreter has spent about as long on code from an address as compiling
    /// the region there would take ([`Heat`]).
    Profiled,
}

/// The policy `OXROCM_GCN_JIT` names: `0` off, `always`, else profiled.
pub fn policy() -> Policy {
    static P: std::sync::OnceLock<Policy> = std::sync::OnceLock::new();
    *P.get_or_init(|| match std::env::var("OXROCM_GCN_JIT").as_deref() {
        Ok("0") => Policy::Off,
        Ok("always") => Policy::Always,
        _ => Policy::Profiled,
    })
}

/// Instructions a wave runs interpreted before it comes back to the driver, which then
/// counts them (a long loop is hot however few waves enter it): a few milliseconds.
pub const INTERPRETED_BUDGET: u64 = 200_000;

/// Interpreted instructions from an address before the region there is even measured.
const MIN_WORK: u64 = 1_000_000;

/// Interpreted instructions per instruction of the region that pay for compiling it: a
/// region compiles at about 30-100 µs an instruction, interpretation runs at 10-20 ns a
/// wave instruction.
const WORK_PER_INST: u64 = 3_000;

/// Instructions one region takes in at most (compile time grows with it).
const REGION_CAP: usize = 40_000;

/// What the interpreter has run from an address with no compiled code.
#[derive(Default)]
struct Heat {
    /// Wave instructions interpreted in runs that started there.
    work: u64,
    /// The size of the region there, once measured.
    region: Option<usize>,
}

/// The compiled code of one program at one wave size.
pub struct Jit {
    lanes: usize,
    policy: Policy,
    /// Entry address → the function, the entry's index, and the VGPRs a wave needs.
    entries: RwLock<PcMap<Entry>>,
    heat: Mutex<PcMap<Heat>>,
    module: Mutex<Option<emit::Module>>,
    /// Regions that failed to compile (their starts stay interpreted).
    failed: Mutex<Vec<u64>>,
    compiled_insts: AtomicU32,
    inlined_insts: AtomicU32,
}

impl Jit {
    /// `OXROCM_GCN_JIT=0` turns compilation off whatever `policy` asks for: the setting is
    /// the user's switch, and it lets a test run prove that the jit tests notice a jit that
    /// compiles nothing (tools/check-test-driver.sh).
    pub fn new(lanes: usize, policy: Policy) -> Jit {
        let policy = if self::policy() == Policy::Off { Policy::Off } else { policy };
        Jit {
            lanes,
            policy,
            entries: RwLock::new(PcMap::default()),
            heat: Mutex::new(PcMap::default()),
            module: Mutex::new(None),
            failed: Mutex::new(Vec::new()),
            compiled_insts: AtomicU32::new(0),
            inlined_insts: AtomicU32::new(0),
        }
    }

    /// Notes that a wave that began at `origin` ran `work` instructions interpreted from
    /// `pc`. The work counts for the region at the wave's origin while that has no code
    /// (a kernel's waves stop at every barrier and go on from a different address each
    /// time: all of it is the kernel's work), else for where the run started (a called
    /// function, a loop).
    pub fn record(&self, origin: u64, pc: u64, work: u64) {
        if self.policy != Policy::Profiled {
            return;
        }
        let at = if self.entries.read().unwrap().contains_key(&origin) { pc } else { origin };
        self.heat.lock().unwrap().entry(at).or_default().work += work;
    }

    /// Whether the region at `pc` has earned its compile.
    fn hot(&self, program: &Interp, pc: u64) -> bool {
        match self.policy {
            Policy::Off => false,
            Policy::Always => true,
            Policy::Profiled => {
                let mut heat = self.heat.lock().unwrap();
                let Some(h) = heat.get_mut(&pc) else { return false };
                if h.work < MIN_WORK {
                    return false;
                }
                let size = *h.region.get_or_insert_with(|| region::discover(program, pc, REGION_CAP).insts.len());
                h.work >= size as u64 * WORK_PER_INST
            }
        }
    }

    /// Compiled code to enter at `pc`, compiling the region that starts there once it is
    /// hot enough.
    fn entry(&self, program: &Interp, pc: u64) -> Option<Entry> {
        if let Some(e) = self.entries.read().unwrap().get(&pc) {
            return Some(*e);
        }
        // No instruction there (a jump out of the code, such as a called function's return
        // to its caller's sentinel): the interpreter reports it. (A region of nothing would
        // hand the wave back at the same address forever.)
        if program.inst_at(pc).is_none() || !self.hot(program, pc) {
            return None;
        }
        // One compiler at a time; a thread that finds it busy interprets meanwhile.
        let Ok(mut module) = self.module.try_lock() else { return None };
        if let Some(e) = self.entries.read().unwrap().get(&pc) {
            return Some(*e);
        }
        if self.failed.lock().unwrap().contains(&pc) {
            return None;
        }
        let t0 = std::time::Instant::now();
        let region = region::discover(program, pc, REGION_CAP);
        let m = match module.as_mut() {
            Some(m) => m,
            None => match emit::Module::new() {
                Ok(m) => module.insert(m),
                Err(e) => {
                    crate::jit::log_failure(&format!("no host code generator: {e}"));
                    self.failed.lock().unwrap().push(pc);
                    return None;
                }
            },
        };
        match m.compile(program, &region, self.lanes) {
            Ok((f, vgprs, inlined)) => {
                self.compiled_insts.fetch_add(region.insts.len() as u32, Ordering::Relaxed);
                self.inlined_insts.fetch_add(inlined, Ordering::Relaxed);
                if log_level() >= 3 {
                    eprintln!("oxrocm: AMDGCN compiler: region at {pc:#x}, {} instructions, {} entries, compiled in {:.2} ms", region.insts.len(), region.entries.len(), t0.elapsed().as_secs_f64() * 1e3);
                }
                let mut entries = self.entries.write().unwrap();
                for (k, &at) in region.entries.iter().enumerate() {
                    entries.entry(at).or_insert(Entry { f, index: k as u32, vgprs });
                }
                self.heat.lock().unwrap().remove(&pc);
                entries.get(&pc).copied()
            }
            Err(e) => {
                log_failure(&format!("region at {pc:#x}: {e}"));
                self.failed.lock().unwrap().push(pc);
                None
            }
        }
    }

    /// Instructions compiled so far (for tests and logs): every instruction of the
    /// compiled regions, whether it became inline code or a call into the interpreter.
    pub fn compiled_instructions(&self) -> u32 {
        self.compiled_insts.load(Ordering::Relaxed)
    }

    /// Of [`Jit::compiled_instructions`], those translated to inline host code (one of
    /// [`inlined_mnemonics`]; a VOPD pair counts once). Branches, no-ops, `s_barrier` and
    /// `s_endpgm` are compiled too but not counted: the tests use this to know that the
    /// instruction they check ran as compiled code, not through the interpreter.
    pub fn inlined_instructions(&self) -> u32 {
        self.inlined_insts.load(Ordering::Relaxed)
    }
}

/// Every mnemonic the compiler may translate to inline host code (in some operand form;
/// sorted); any other instruction is a call into the interpreter. `tests/semantics.rs`
/// checks each against a reference written from the ISA manuals.
pub fn inlined_mnemonics() -> &'static [&'static str] {
    inline::mnemonics()
}

pub(crate) fn log_level() -> u32 {
    static L: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *L.get_or_init(|| std::env::var("AMD_LOG_LEVEL").ok().and_then(|l| l.parse().ok()).unwrap_or(0))
}

fn log_failure(what: &str) {
    if log_level() >= 2 {
        eprintln!("oxrocm: AMDGCN compiler: {what}; interpreting instead");
    }
}

/// Runs `w` until it ends or stops, through compiled code where there is some; `None`
/// when the wave reaches an address with none (the caller interprets from there).
pub(crate) fn run(jit: &Jit, program: &Interp, w: &mut Wave, ctx: &mut WaveCtx) -> Option<Result<Stop, Trap>> {
    let lanes = w.lanes;
    let vgprs = w.vgpr.len() / lanes;
    let n = w.jit;
    let mut e = if n.resume_f != 0 && n.resume_pc == w.pc {
        // SAFETY: a function of this program's compiled code, noted with its entry index
        // when this wave left it.
        Entry { f: unsafe { std::mem::transmute::<usize, Compiled>(n.resume_f) }, index: n.resume_index, vgprs }
    } else {
        jit.entry(program, w.pc).filter(|e| e.vgprs <= vgprs)?
    };
    let mut frame = Frame {
        wave: w as *mut Wave,
        vgpr: w.vgpr.as_mut_ptr(),
        interp: program,
        // The frame lives only for this call; the lifetime is erased for the handlers.
        ctx: (ctx as *mut WaveCtx).cast::<WaveCtx<'static>>(),
        resume: u32::MAX,
        stop: None,
        trap: None,
        panic: None,
    };
    loop {
        // SAFETY: the function was compiled for this program and wave size; the frame's
        // pointers are live and exclusive for the call.
        let s = unsafe { (e.f)(&mut frame, e.index) };
        match s {
            status::STOP | status::BARRIER | status::ENDED | status::YIELD => {
                // SAFETY: no compiled code is running; the wave is ours again.
                let w = unsafe { &mut *frame.wave };
                w.jit = crate::wave::JitNote { resume_pc: w.pc, resume_f: e.f as usize, resume_index: frame.resume, origin: w.jit.origin };
                if frame.resume == u32::MAX {
                    w.jit.resume_f = 0;
                }
                return Some(Ok(match s {
                    status::BARRIER => Stop::Barrier,
                    status::ENDED => Stop::Ended,
                    status::YIELD => Stop::Yield,
                    _ => frame.stop.take().expect("stop recorded"),
                }));
            }
            status::TRAP => return Some(Err(frame.trap.take().expect("trap recorded"))),
            status::PANIC => std::panic::resume_unwind(frame.panic.take().expect("panic recorded")),
            status::INTERPRET => return None,
            _ => {}
        }
        // A jump: on in compiled code if the target has some, else the interpreter
        // takes the wave from here.
        // SAFETY: no handler is running; the wave is ours again.
        let pc = unsafe { (*frame.wave).pc };
        e = jit.entry(program, pc).filter(|e| e.vgprs <= vgprs)?;
    }
}
