//! What compiled code calls for an instruction it does not translate: the interpreter,
//! for that one instruction. Each call site passes the instruction and its address as
//! constants, so a call costs no fetch and no decode, and each site always reaches the
//! same function (a well-predicted call, unlike the interpreter's shared dispatch).

use super::{Frame, status};
use crate::ir::Inst;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The signature compiled code calls handlers with.
pub type Handler = extern "C" fn(*mut Frame, *const Inst, u64) -> u32;

/// Runs `i` (at `pc`) through the interpreter. The wave's PC already holds the next
/// instruction's address, as the interpreter's step loop leaves it.
pub extern "C" fn exec(frame: *mut Frame, i: *const Inst, pc: u64) -> u32 {
    // SAFETY: compiled code passes the frame the driver made and an instruction of the
    // program it was compiled from, which outlives its code.
    let (f, i) = unsafe { (&mut *frame, &*i) };
    let next = pc + i.len as u64;
    // Unwinding must not cross compiled frames: a panic is carried to the driver.
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the frame's pointers are live and exclusive while the wave runs.
        let (p, w, ctx) = unsafe { (&*f.interp, &mut *f.wave, &mut *f.ctx) };
        p.exec_at(i, pc, w, ctx).map(|stop| (stop, w.pc))
    }));
    match r {
        Ok(Ok((None, at))) if at == next => status::NEXT,
        Ok(Ok((None, _))) => status::JUMP,
        Ok(Ok((Some(stop), _))) => {
            f.stop = Some(stop);
            status::STOP
        }
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
