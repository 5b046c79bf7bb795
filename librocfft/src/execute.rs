//! `rocfft_execute`: checks the buffers and the execution info, declares the device ranges
//! the transform reads and writes, and queues it on the info's stream (the null stream when
//! none is given) through the runtime's private interface. The runtime hands the ranges to
//! the host while it runs (in place on the CPU backend, staged on Vulkan). A side with a
//! load or store callback is reached by the callback alone (`callback`), so its ranges are
//! not declared (the callback's element type may differ from the plan's, as rocFFT allows).

use crate::callback;
use crate::handles::{self, Kind};
use crate::hip;
use crate::host::{self, Buffers};
use crate::objects::ExecutionInfo;
use crate::objects::Callback;
use crate::plan::{Plan, PlanCore};
use std::sync::Arc;
use crate::types::*;
use std::ffi::c_void;

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
        if let Some(fields) = p.fields.as_ref() {
            return crate::bricks::run::execute(&core, fields, in_buffer, out_buffer, info, stream, given);
        }
        let Some(input) = buffer_addresses(in_buffer, core.input.array.buffers()) else { return rocfft_status_invalid_arg_value };
        let output = if core.inplace {
            input
        } else {
            let Some(o) = buffer_addresses(out_buffer, core.output.array.buffers()) else { return rocfft_status_invalid_arg_value };
            o
        };
        queue(&core, input, output, info, stream, given)
    }
}

/// Queues the plan's transform of `input` into `output` (device addresses of the one or two
/// buffers of each side) on `stream`, with the info's work buffer and the callbacks given.
///
/// # Safety
/// `info` is null or an execution info checked by the caller.
pub(crate) unsafe fn queue(core: &Arc<PlanCore>, input: [u64; 2], output: [u64; 2], info: *mut ExecutionInfo, stream: *mut c_void, given: (Option<Callback>, Option<Callback>)) -> rocfft_status {
    let core = core.clone();
    let callbacks = match callback::prepare(&core, given.0, given.1, input[0], output[0]) {
        Ok(c) => c,
        Err(status) => return status,
    };
    // Callbacks run on the host path (the CPU backend runs their AMDGCN code).
    if let Some(gpu) = core.gpu.as_ref().filter(|_| callbacks.is_empty()) {
        // (info was checked above; its work buffer, where one was set.)
        let work = unsafe { handles::get_mut(Kind::ExecutionInfo, info) }.filter(|i| !i.work_buffer.is_null()).map(|i| (i.work_buffer as u64, i.work_buffer_size));
        return unsafe { crate::gpu::launch::execute(gpu, &core, input, output, stream, work) };
    }
    let mut ranges = Vec::new();
    let declared = |has_callback: bool, side: &crate::layout::Side| if has_callback { 0 } else { side.array.buffers() };
    for (&addr, &span) in input.iter().zip(&core.in_spans).take(declared(callbacks.load.is_some(), &core.input)) {
        ranges.push((addr, span, core.inplace));
    }
    for (&addr, &span) in output.iter().zip(&core.out_spans).take(declared(callbacks.store.is_some(), &core.output)) {
        ranges.push((addr, span, true));
    }
    let rc = hip::enqueue(stream, "rocfft", ranges, move |view| {
        let map = |addrs: [u64; 2]| Buffers(addrs.map(|a| if a == 0 { std::ptr::null_mut() } else { view.ptr::<u8>(a) }));
        // A side with a callback was not declared: the callback reaches it, not the host.
        let inputs = if callbacks.load.is_some() { Buffers([std::ptr::null_mut(); 2]) } else { map(input) };
        let outputs = if callbacks.store.is_some() { Buffers([std::ptr::null_mut(); 2]) } else { map(output) };
        match crate::threads::pool().install(|| unsafe { host::execute(&core, inputs, outputs, &callbacks) }) {
            Ok(()) => 0,
            Err(callback::Failed(rc)) => {
                crate::log::error(format_args!("a rocFFT callback failed (hipError {rc}, reported by the stream)"));
                rc
            }
        }
    });
    if rc != 0 {
        crate::log::error(format_args!("rocfft_execute: the runtime refused the transform (hipError {rc})"));
        return rocfft_status_failure;
    }
    rocfft_status_success
}
