//! `rocfft_execute`: checks the buffers and the execution info, declares the device ranges
//! the transform reads and writes, and queues it on the info's stream (the null stream when
//! none is given) through the runtime's private interface. The runtime hands the ranges to
//! the host while it runs (in place on the CPU backend, staged on Vulkan). A side with a
//! load or store callback is reached by the callback alone (`callback`), so its ranges are
//! not declared (the callback's element type may differ from the plan's, as rocFFT allows).

use crate::callback::{self, Callbacks};
use crate::handles::{self, Kind};
use crate::hip::{self, oxrocm_host_ptr_fn, oxrocm_range};
use crate::host::{self, Buffers};
use crate::objects::ExecutionInfo;
use crate::plan::{Plan, PlanCore};
use crate::types::*;
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

/// A queued transform: the plan, the device addresses of its buffers and its callbacks.
struct Job {
    plan: Arc<PlanCore>,
    input: [u64; 2],
    output: [u64; 2],
    callbacks: Callbacks,
}

unsafe extern "C" fn run_job(user: *mut c_void, view: *const c_void, host_ptr: oxrocm_host_ptr_fn) -> i32 {
    let job = unsafe { &*(user as *const Job) };
    let map = |addrs: [u64; 2]| Buffers(addrs.map(|a| if a == 0 { std::ptr::null_mut() } else { unsafe { host_ptr(view, a) as *mut u8 } }));
    // A side with a callback was not declared: the callback reaches it, not the host.
    let input = if job.callbacks.load.is_some() { Buffers([std::ptr::null_mut(); 2]) } else { map(job.input) };
    let output = if job.callbacks.store.is_some() { Buffers([std::ptr::null_mut(); 2]) } else { map(job.output) };
    match catch_unwind(AssertUnwindSafe(|| unsafe { host::execute(&job.plan, input, output, &job.callbacks) })) {
        Ok(Ok(())) => 0,
        Ok(Err(callback::Failed(rc))) => {
            crate::log::error(format_args!("a rocFFT callback failed (hipError {rc}, reported by the stream)"));
            rc
        }
        Err(_) => {
            crate::log::error(format_args!("internal error in a rocFFT transform (reported by the stream)"));
            999 // hipErrorUnknown
        }
    }
}

unsafe extern "C" fn release_job(user: *mut c_void) {
    drop(unsafe { Box::from_raw(user as *mut Job) });
}

/// Reads the `count` buffer pointers of one side.
unsafe fn buffer_addresses(buffers: *mut *mut c_void, count: usize) -> Option<[u64; 2]> {
    if buffers.is_null() {
        return None;
    }
    let mut out = [0u64; 2];
    for (i, slot) in out.iter_mut().enumerate().take(count) {
        let p = unsafe { *buffers.add(i) };
        if p.is_null() {
            return None;
        }
        *slot = p as u64;
    }
    Some(out)
}

/// Overlapping ranges merged (a write if any part is written), so that each address has one
/// host copy on backends that stage.
fn merged(mut ranges: Vec<(u64, usize, bool)>) -> (Vec<oxrocm_range>, Vec<oxrocm_range>) {
    ranges.retain(|r| r.1 > 0);
    ranges.sort_by_key(|r| r.0);
    let mut out: Vec<(u64, u64, bool)> = Vec::new();
    for (a, len, w) in ranges {
        let end = a.saturating_add(len as u64);
        match out.last_mut() {
            Some(last) if a < last.1 => {
                last.1 = last.1.max(end);
                last.2 |= w;
            }
            _ => out.push((a, end, w)),
        }
    }
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    for (a, e, w) in out {
        let r = oxrocm_range { addr: a, len: (e - a) as usize };
        if w { writes.push(r) } else { reads.push(r) }
    }
    (reads, writes)
}

oxrocm_ffi::c_api! { lib = "rocfft", ret = rocfft_status, on_panic = rocfft_status_failure;

    fn rocfft_execute(plan: *mut Plan, in_buffer: *mut *mut c_void, out_buffer: *mut *mut c_void, info: *mut ExecutionInfo) {
        crate::log::trace("rocfft_execute", &[("plan", &crate::log::Ptr(plan)), ("in_buffer", &crate::log::Ptr(in_buffer)),
            ("out_buffer", &crate::log::Ptr(out_buffer)), ("info", &crate::log::Ptr(info))]);
        let Some(p) = handles::get_mut(Kind::Plan, plan) else { return rocfft_status_failure };
        let core = p.core.clone();
        let (stream, work, given) = if info.is_null() {
            (std::ptr::null_mut(), None, (None, None))
        } else {
            let Some(i) = handles::get_mut(Kind::ExecutionInfo, info) else { return rocfft_status_invalid_arg_value };
            (i.stream, (!i.work_buffer.is_null()).then_some(i.work_buffer_size), (i.load_callback, i.store_callback))
        };
        // A work buffer the plan needs: too small is an error; none at all is allowed (rocFFT
        // then allocates one; the host transform needs none).
        if core.work_bytes > 0 && work.is_some_and(|size| size < core.work_bytes) {
            crate::log::error(format_args!("rocfft_execute: work buffer of {} bytes, the plan needs {}", work.unwrap_or(0), core.work_bytes));
            return rocfft_status_invalid_work_buffer;
        }
        let Some(input) = buffer_addresses(in_buffer, core.input.array.buffers()) else { return rocfft_status_invalid_arg_value };
        let output = if core.inplace {
            input
        } else {
            let Some(o) = buffer_addresses(out_buffer, core.output.array.buffers()) else { return rocfft_status_invalid_arg_value };
            o
        };
        let callbacks = match callback::prepare(&core, given.0, given.1, input[0], output[0]) {
            Ok(c) => c,
            Err(status) => return status,
        };
        // Callbacks run on the host path (the CPU backend runs their AMDGCN code).
        if let Some(gpu) = core.gpu.as_ref().filter(|_| callbacks.is_empty()) {
            // (info was checked above; its work buffer, where one was set.)
            let work = handles::get_mut(Kind::ExecutionInfo, info).filter(|i| !i.work_buffer.is_null()).map(|i| (i.work_buffer as u64, i.work_buffer_size));
            return crate::gpu::launch::execute(gpu, &core, input, output, stream, work);
        }
        let mut ranges = Vec::new();
        let declared = |has_callback: bool, side: &crate::layout::Side| if has_callback { 0 } else { side.array.buffers() };
        for (&addr, &span) in input.iter().zip(&core.in_spans).take(declared(callbacks.load.is_some(), &core.input)) {
            ranges.push((addr, span, core.inplace));
        }
        for (&addr, &span) in output.iter().zip(&core.out_spans).take(declared(callbacks.store.is_some(), &core.output)) {
            ranges.push((addr, span, true));
        }
        let (reads, writes) = merged(ranges);
        let user = Box::into_raw(Box::new(Job { plan: core, input, output, callbacks })) as *mut c_void;
        let rc = hip::oxrocm_private_v1_enqueue_compute(stream, Some(run_job), user, Some(release_job),
            reads.as_ptr(), reads.len(), writes.as_ptr(), writes.len());
        if rc != 0 {
            crate::log::error(format_args!("rocfft_execute: the runtime refused the transform (hipError {rc})"));
            return rocfft_status_failure;
        }
        rocfft_status_success
    }
}
