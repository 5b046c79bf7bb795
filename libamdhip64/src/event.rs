//! Events: record, synchronize, query, elapsed time.

use crate::api::out;
use crate::stream::stream;
use crate::types::hipStream_t;
use oxrocm_runtime::event::Event;
use oxrocm_runtime::{HipError, Result, runtime};
use std::sync::Arc;

pub use crate::types::hipEvent_t;

/// hipEventDefault | BlockingSync | DisableTiming | Interprocess, and the AMD extensions
/// hipEventDisableSystemFence / hipEventReleaseToDevice / hipEventReleaseToSystem.
const VALID_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x2000_0000 | 0x4000_0000 | 0x8000_0000;
const INTERPROCESS: u32 = 0x4;
const DISABLE_TIMING: u32 = 0x2;

pub fn event(h: hipEvent_t) -> Result<Arc<Event>> {
    runtime().events.get(h as usize)
}

fn create(e: *mut hipEvent_t, flags: u32) -> Result<()> {
    if e.is_null() || flags & !VALID_FLAGS != 0 {
        return Err(HipError::INVALID_VALUE);
    }
    // Interprocess events must disable timing (as in CUDA/HIP).
    if flags & INTERPROCESS != 0 && flags & DISABLE_TIMING == 0 {
        return Err(HipError::INVALID_VALUE);
    }
    let rt = runtime();
    let dev = rt.current()?.ordinal;
    let h = rt.events.insert(Event::new(dev, flags));
    unsafe { out(e, h as hipEvent_t) }
}

hip_api! {
    fn hipEventCreate(e: *mut hipEvent_t) {
        create(e, 0)
    }

    fn hipEventCreateWithFlags(e: *mut hipEvent_t, flags: u32) {
        create(e, flags)
    }

    fn hipEventDestroy(e: hipEvent_t) {
        runtime().events.remove(e as usize).map(drop)
    }

    fn hipEventRecord(e: hipEvent_t, s: hipStream_t) {
        let ev = event(e)?;
        runtime().record_event(&ev, &stream(s)?)
    }

    fn hipEventRecordWithFlags(e: hipEvent_t, s: hipStream_t, flags: u32) {
        if flags & !1 != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let ev = event(e)?;
        runtime().record_event(&ev, &stream(s)?)
    }

    fn hipEventSynchronize(e: hipEvent_t) {
        event(e)?.synchronize();
        Ok(())
    }

    fn hipEventQuery(e: hipEvent_t) {
        event(e)?.query()
    }

    fn hipEventElapsedTime(ms: *mut f32, start: hipEvent_t, stop: hipEvent_t) {
        if ms.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let (a, b) = (event(start)?, event(stop)?);
        *ms = Event::elapsed_ms(&a, &b)?;
        Ok(())
    }
}
