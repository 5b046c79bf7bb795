//! What compiled code calls for an instruction it does not translate: the interpreter,
//! for that one instruction. Each call site passes the instruction and its address as
//! constants, so a call costs no fetch and no decode, and each site always reaches the
//! same function (a well-predicted call, unlike the interpreter's shared dispatch).

use super::{Frame, status};
use crate::ir::Inst;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The signature compiled code calls handlers with.
pub type Handler = extern "C" fn(*mut Frame, *const Inst, u64) -> u32;

/// Runs `body` on the frame with unwinding stopped here (it must not cross compiled
/// frames: a panic is carried to the driver), its outcome as a status; a trap is noted
/// with the instruction's address.
fn guarded(f: &mut Frame, pc: u64, body: impl FnOnce(&mut Frame) -> Result<u32, crate::workgroup::Trap>) -> u32 {
    match catch_unwind(AssertUnwindSafe(|| body(f))) {
        Ok(Ok(s)) => s,
        Ok(Err(t)) => {
            f.trap = Some(t.at(pc));
            status::TRAP
        }
        Err(p) => {
            f.panic = Some(p);
            status::PANIC
        }
    }
}

/// Runs `i` (at `pc`) through the interpreter. The wave's PC already holds the next
/// instruction's address, as the interpreter's step loop leaves it.
pub extern "C" fn exec(frame: *mut Frame, i: *const Inst, pc: u64) -> u32 {
    // SAFETY: compiled code passes the frame the driver made and an instruction of the
    // program it was compiled from, which outlives its code.
    let (f, i) = unsafe { (&mut *frame, &*i) };
    let next = pc + i.len as u64;
    guarded(f, pc, |f| {
        // SAFETY: the frame's pointers are live and exclusive while the wave runs.
        let (p, w, ctx) = unsafe { (&*f.interp, &mut *f.wave, &mut *f.ctx) };
        if crate::catchup::parks_before(i, w) {
            return Ok(park_at(f, pc));
        }
        Ok(match p.exec_at(i, pc, w, ctx)? {
            None if w.pc == next => status::NEXT,
            // A backward jump the interpreter took (a branch when fast forms are off): the
            // wave may yield at its target, an entry (`region::discover`).
            // (A branch to itself is one too: `target <= pc`, as `region::discover` counts.)
            None if w.pc <= pc && crate::catchup::backedge(w) => status::YIELD,
            None => status::JUMP,
            Some(stop) => {
                f.stop = Some(stop);
                status::STOP
            }
        })
    })
}

/// Whole-dword LDS loads and stores (`memops::lds_dwords`), called straight from compiled
/// code: the interpreter's dispatch to them (general entry, resolved-form match) cost as
/// much as the access in LDS-heavy kernels (block sorts).
pub extern "C" fn lds<const LOAD: bool, const DWORDS: usize>(frame: *mut Frame, i: *const Inst, pc: u64) -> u32 {
    // SAFETY: as in `exec`.
    let (f, i) = unsafe { (&mut *frame, &*i) };
    guarded(f, pc, |f| {
        // SAFETY: as in `exec`.
        let (w, ctx) = unsafe { (&mut *f.wave, &mut *f.ctx) };
        crate::memops::lds_dwords(i, w, ctx, LOAD, DWORDS);
        Ok(status::NEXT)
    })
}

/// Whole-dword global loads and stores (`memops::global_dwords`), likewise.
pub extern "C" fn global<const LOAD: bool, const DWORDS: usize>(frame: *mut Frame, i: *const Inst, pc: u64) -> u32 {
    // SAFETY: as in `exec`.
    let (f, i) = unsafe { (&mut *frame, &*i) };
    guarded(f, pc, |f| {
        // SAFETY: as in `exec`.
        let (w, ctx) = unsafe { (&mut *f.wave, &mut *f.ctx) };
        if !LOAD && crate::catchup::parks_before(i, w) {
            return Ok(park_at(f, pc));
        }
        crate::memops::global_dwords(i, w, ctx, LOAD, DWORDS).map(|()| status::NEXT)
    })
}

/// The wave parks before the store at `pc` ([`crate::catchup`]): it resumes there, at
/// the entry the region has for each such store (`region::discover`), not after it.
fn park_at(f: &mut Frame, pc: u64) -> u32 {
    // SAFETY: as in `exec`.
    unsafe { (*f.wave).pc = pc };
    f.resume = u32::MAX;
    status::YIELD
}

/// The direct handler for an instruction's resolved memory form, if it has one.
pub fn direct(fast: crate::fast::Fast) -> Option<Handler> {
    use crate::fast::Fast;
    Some(match fast {
        Fast::Lds { load: true, dwords: 1 } => lds::<true, 1>,
        Fast::Lds { load: true, dwords: 2 } => lds::<true, 2>,
        Fast::Lds { load: true, dwords: 4 } => lds::<true, 4>,
        Fast::Lds { load: false, dwords: 1 } => lds::<false, 1>,
        Fast::Lds { load: false, dwords: 2 } => lds::<false, 2>,
        Fast::Lds { load: false, dwords: 4 } => lds::<false, 4>,
        Fast::Global { load: true, dwords: 1 } => global::<true, 1>,
        Fast::Global { load: true, dwords: 2 } => global::<true, 2>,
        Fast::Global { load: true, dwords: 4 } => global::<true, 4>,
        Fast::Global { load: false, dwords: 1 } => global::<false, 1>,
        Fast::Global { load: false, dwords: 2 } => global::<false, 2>,
        Fast::Global { load: false, dwords: 4 } => global::<false, 4>,
        _ => return None,
    })
}
