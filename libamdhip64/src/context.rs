//! The driver-style context API. ROCm keeps one primary context per device; a context
//! handle here names that device (ordinal + 1, so no handle is NULL).

use crate::api::out;
use crate::types::*;
use oxrocm_runtime::{HipError, Result, runtime};

fn ctx_device(c: hipCtx_t) -> Result<i32> {
    let d = (c as usize).checked_sub(1).ok_or(HipError::INVALID_CONTEXT)?;
    if d >= runtime().device_count() { Err(HipError::INVALID_CONTEXT) } else { Ok(d as i32) }
}

fn ctx_of(d: usize) -> hipCtx_t {
    (d + 1) as hipCtx_t
}

thread_local! {
    static CTX_STACK: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

hip_api! {
    fn hipCtxCreate(c: *mut hipCtx_t, flags: u32, d: hipDevice_t) {
        let _ = flags;
        crate::device::device(d)?;
        runtime().set_current(d)?;
        CTX_STACK.with(|s| s.borrow_mut().push(d as usize));
        out(c, ctx_of(d as usize))
    }

    fn hipCtxDestroy(c: hipCtx_t) {
        let d = ctx_device(c)?;
        runtime().synchronize_device(runtime().device(d)?)
    }

    fn hipCtxGetCurrent(c: *mut hipCtx_t) {
        out(c, ctx_of(runtime().current()?.ordinal))
    }

    fn hipCtxSetCurrent(c: hipCtx_t) {
        if c.is_null() {
            return Ok(());
        }
        runtime().set_current(ctx_device(c)?)
    }

    fn hipCtxPushCurrent(c: hipCtx_t) {
        let d = ctx_device(c)?;
        CTX_STACK.with(|s| s.borrow_mut().push(runtime().current_ordinal()));
        runtime().set_current(d)
    }

    fn hipCtxPopCurrent(c: *mut hipCtx_t) {
        let cur = runtime().current()?.ordinal;
        let prev = CTX_STACK.with(|s| s.borrow_mut().pop()).ok_or(HipError::INVALID_CONTEXT)?;
        runtime().set_current(prev as i32)?;
        if !c.is_null() {
            *c = ctx_of(cur);
        }
        Ok(())
    }

    fn hipCtxGetDevice(d: *mut hipDevice_t) {
        out(d, runtime().current()?.ordinal as i32)
    }

    fn hipCtxSynchronize() {
        let rt = runtime();
        rt.synchronize_device(rt.current()?)
    }

    fn hipCtxGetApiVersion(c: hipCtx_t, v: *mut u32) {
        ctx_device(c)?;
        out(v, 4000)
    }

    fn hipCtxGetFlags(flags: *mut u32) {
        out(flags, *runtime().current()?.flags.lock())
    }

}
