//! Streams: creation with flags and priorities, synchronization, queries, callbacks,
//! host functions, and stream capture.

use crate::api::out;
use oxrocm_runtime::ops::Op;
use oxrocm_runtime::registry::handle_of;
use oxrocm_runtime::stream::{NON_BLOCKING, Stream};
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::c_void;
use std::sync::Arc;
use crate::types::{hipStream_t, hipStreamCallback_t, hipHostFn_t};





/// Priority range: like ROCm, lower numbers are higher priority; 0 is the default.
pub const PRIORITY_LEAST: i32 = 0;
pub const PRIORITY_GREATEST: i32 = -1;

pub fn stream(h: hipStream_t) -> Result<Arc<Stream>> {
    runtime().stream(h as usize)
}

/// The handle C code sees for a stream (NULL for the legacy stream).
pub fn handle(s: &Arc<Stream>) -> hipStream_t {
    match s.role {
        oxrocm_runtime::stream::StreamRole::Null => std::ptr::null_mut(),
        oxrocm_runtime::stream::StreamRole::PerThread => oxrocm_runtime::runtime::STREAM_PER_THREAD as hipStream_t,
        _ => handle_of(s) as hipStream_t,
    }
}

fn create(out_stream: *mut hipStream_t, flags: u32, priority: i32) -> Result<()> {
    if out_stream.is_null() || flags & !NON_BLOCKING != 0 {
        return Err(HipError::INVALID_VALUE);
    }
    let rt = runtime();
    let dev = rt.current()?.ordinal;
    let prio = priority.clamp(PRIORITY_GREATEST, PRIORITY_LEAST);
    let s = rt.create_stream(dev, flags, prio);
    unsafe { out(out_stream, handle(&s)) }
}

/// Capture status values (`hipStreamCaptureStatus`).
const CAPTURE_NONE: i32 = 0;
const CAPTURE_ACTIVE: i32 = 1;

hip_api! {
    fn hipStreamCreate(s: *mut hipStream_t) {
        create(s, 0, 0)
    }

    fn hipStreamCreateWithFlags(s: *mut hipStream_t, flags: u32) {
        create(s, flags, 0)
    }

    fn hipStreamCreateWithPriority(s: *mut hipStream_t, flags: u32, priority: i32) {
        create(s, flags, priority)
    }

    fn hipDeviceGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) {
        if !least.is_null() { *least = PRIORITY_LEAST; }
        if !greatest.is_null() { *greatest = PRIORITY_GREATEST; }
        Ok(())
    }

    fn hipStreamDestroy(s: hipStream_t) {
        runtime().destroy_stream(s as usize)
    }

    fn hipStreamSynchronize(s: hipStream_t) {
        let st = stream(s)?;
        if st.capture().is_some() {
            st.invalidate_capture();
            return Err(HipError::STREAM_CAPTURE_UNSUPPORTED);
        }
        if st.role == oxrocm_runtime::stream::StreamRole::Null {
            // The legacy stream also waits for the blocking streams it is ordered after.
            let rt = runtime();
            rt.enqueue(&st, Op::simple(oxrocm_runtime::ops::OpKind::Nop))?;
        }
        st.synchronize()
    }

    fn hipStreamQuery(s: hipStream_t) {
        let st = stream(s)?;
        if st.capture().is_some() {
            return Err(HipError::STREAM_CAPTURE_UNSUPPORTED);
        }
        if st.query() { Ok(()) } else { Err(HipError::NOT_READY) }
    }

    fn hipStreamGetFlags(s: hipStream_t, flags: *mut u32) {
        let st = stream(s)?;
        out(flags, st.flags)
    }

    fn hipStreamGetPriority(s: hipStream_t, priority: *mut i32) {
        let st = stream(s)?;
        out(priority, st.priority)
    }

    fn hipStreamGetDevice(s: hipStream_t, device: *mut i32) {
        let st = stream(s)?;
        out(device, st.device as i32)
    }

    fn hipStreamWaitEvent(s: hipStream_t, event: *mut c_void, flags: u32) {
        if flags != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let e = runtime().events.get(event as usize)?;
        runtime().wait_event(&stream(s)?, &e)
    }

    fn hipStreamAddCallback(s: hipStream_t, cb: hipStreamCallback_t, user: *mut c_void, flags: u32) {
        let Some(cb) = cb else { return Err(HipError::INVALID_VALUE) };
        if flags != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let st = stream(s)?;
        let h = handle(&st) as usize;
        let user = user as usize;
        runtime().enqueue(&st, Op::host(Arc::new(move || unsafe { cb(h as hipStream_t, 0, user as *mut c_void) })))?;
        Ok(())
    }

    fn hipLaunchHostFunc(s: hipStream_t, f: hipHostFn_t, user: *mut c_void) {
        let Some(f) = f else { return Err(HipError::INVALID_VALUE) };
        let st = stream(s)?;
        let user = user as usize;
        runtime().enqueue(&st, Op::host(Arc::new(move || unsafe { f(user as *mut c_void) })))?;
        Ok(())
    }

    fn hipStreamBeginCapture(s: hipStream_t, mode: i32) {
        if !(0..=2).contains(&mode) {
            return Err(HipError::INVALID_VALUE);
        }
        if s.is_null() {
            return Err(HipError::STREAM_CAPTURE_UNSUPPORTED);
        }
        runtime().begin_capture(&stream(s)?, mode as u32)
    }

    fn hipStreamEndCapture(s: hipStream_t, graph: *mut *mut c_void) {
        if graph.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let g = runtime().end_capture(&stream(s)?)?;
        out(graph, handle_of(&g) as *mut c_void)
    }

    fn hipStreamIsCapturing(s: hipStream_t, status: *mut i32) {
        let st = stream(s)?;
        out(status, if st.capture().is_some() { CAPTURE_ACTIVE } else { CAPTURE_NONE })
    }

    fn hipStreamGetCaptureInfo(s: hipStream_t, status: *mut i32, id: *mut u64) {
        let st = stream(s)?;
        let c = st.capture();
        out(status, if c.is_some() { CAPTURE_ACTIVE } else { CAPTURE_NONE })?;
        if !id.is_null() {
            *id = c.map(|c| c.id).unwrap_or(0);
        }
        Ok(())
    }

    fn hipStreamGetCaptureInfo_v2(s: hipStream_t, status: *mut i32, id: *mut u64, graph: *mut *mut c_void,
                                  deps: *mut *const *mut c_void, ndeps: *mut usize) {
        let st = stream(s)?;
        let c = st.capture();
        out(status, if c.is_some() { CAPTURE_ACTIVE } else { CAPTURE_NONE })?;
        if let Some(c) = c {
            if !id.is_null() { *id = c.id; }
            if !graph.is_null() { *graph = handle_of(&c.graph) as *mut c_void; }
            crate::graph::publish_deps(&c.deps, deps, ndeps);
        } else if !ndeps.is_null() {
            *ndeps = 0;
        }
        Ok(())
    }

    fn hipThreadExchangeStreamCaptureMode(mode: *mut i32) {
        if mode.is_null() || !(0..=2).contains(&*mode) {
            return Err(HipError::INVALID_VALUE);
        }
        thread_local! { static MODE: std::cell::Cell<i32> = const { std::cell::Cell::new(0) }; }
        let old = MODE.with(|m| m.replace(*mode));
        *mode = old;
        Ok(())
    }
}

/// Stream memory operations (`hipStreamWaitValue*`/`hipStreamWriteValue*`): a wait is a
/// host function in stream order that polls the location until the condition holds.
fn wait_value(s: hipStream_t, ptr: *mut c_void, value: u64, flags: u32, mask: u64, wide: bool) -> Result<()> {
    if ptr.is_null() || flags > 3 {
        return Err(HipError::INVALID_VALUE);
    }
    let len = if wide { 8 } else { 4 };
    runtime().memory.check_range(ptr as u64, len)?;
    let st = stream(s)?;
    let addr = ptr as u64;
    // Reads go through the runtime: the location may be device memory the host cannot map.
    let poll = move || loop {
        let mut bytes = [0u8; 8];
        if runtime().read_memory(addr, &mut bytes[..len]).is_err() {
            break;
        }
        let cur = u64::from_le_bytes(bytes);
        // hipStreamWaitValueGte / Eq / And / Nor
        let done = match flags {
            0 => if wide { (cur & mask) as i64 >= (value & mask) as i64 } else { (cur & mask) as u32 as i32 >= (value & mask) as u32 as i32 },
            1 => cur & mask == value & mask,
            2 => cur & mask & value != 0,
            _ => !(cur | value) & mask != 0,
        };
        if done {
            break;
        }
        std::thread::yield_now();
    };
    runtime().enqueue(&st, Op::host(Arc::new(poll)))?;
    Ok(())
}

fn write_value(s: hipStream_t, ptr: *mut c_void, value: u64, flags: u32, wide: bool) -> Result<()> {
    if ptr.is_null() || flags != 0 {
        return Err(HipError::INVALID_VALUE);
    }
    let elem = if wide { 8 } else { 4 };
    let f = oxrocm_runtime::ops::Fill3D::linear(ptr as u64, value, elem, 1);
    let op = crate::memcpy::fill_op(f)?.ok_or(HipError::INVALID_VALUE)?;
    runtime().enqueue(&stream(s)?, op).map(drop)
}

/// Stream ids are unique over the process; the legacy stream is 0.
fn stream_id(s: &Arc<Stream>) -> u64 {
    match s.role {
        oxrocm_runtime::stream::StreamRole::Null => 0,
        _ => handle_of(s) as u64,
    }
}

hip_api! {
    fn hipStreamWaitValue32(s: hipStream_t, ptr: *mut c_void, value: u32, flags: u32, mask: u32) {
        wait_value(s, ptr, value as u64, flags, mask as u64, false)
    }

    fn hipStreamWaitValue64(s: hipStream_t, ptr: *mut c_void, value: u64, flags: u32, mask: u64) {
        wait_value(s, ptr, value, flags, mask, true)
    }

    fn hipStreamWriteValue32(s: hipStream_t, ptr: *mut c_void, value: u32, flags: u32) {
        write_value(s, ptr, value as u64, flags, false)
    }

    fn hipStreamWriteValue64(s: hipStream_t, ptr: *mut c_void, value: u64, flags: u32) {
        write_value(s, ptr, value, flags, true)
    }

    fn hipStreamGetId(s: hipStream_t, id: *mut u64) {
        let st = stream(s)?;
        out(id, stream_id(&st))
    }

    fn hipExtStreamCreateWithCUMask(s: *mut hipStream_t, n: u32, mask: *const u32) {
        // Every mask selects host threads of the same pool; it is validated and accepted.
        if n == 0 || mask.is_null() || (0..n as usize).all(|i| *mask.add(i) == 0) {
            return Err(HipError::INVALID_VALUE);
        }
        create(s, 0, 0)
    }

    fn hipExtStreamGetCUMask(s: hipStream_t, n: u32, mask: *mut u32) {
        if n == 0 || mask.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let st = stream(s)?;
        let cus = runtime().devices[st.device].props.multi_processor_count as usize;
        for i in 0..n as usize {
            let lo = i * 32;
            let bits = cus.saturating_sub(lo).min(32);
            *mask.add(i) = if bits == 32 { u32::MAX } else { (1u32 << bits) - 1 };
        }
        Ok(())
    }
}
