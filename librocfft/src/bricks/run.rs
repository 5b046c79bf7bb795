//! `rocfft_execute` of a plan with fields, as three jobs on the execution's stream: the
//! input bricks gathered into the plan's device array in the field's index order, the
//! plan's ordinary transform of that array (host engine, SPIR-V kernels on Vulkan devices,
//! callbacks: whatever `execute::queue` runs for the core), and the output array scattered
//! into the output bricks. `in_buffer` and `out_buffer` hold one pointer per brick of a
//! field side, in the order the bricks were added (a side without a field: its usual one or
//! two pointers). Bricks may lie on any device: the gather and scatter jobs declare every
//! brick's span, and the runtime maps them to the host while the job runs (in place on the
//! CPU backend, staged on Vulkan devices). The jobs hold the field geometry and addresses,
//! not the plan, so that the plan's device arrays are freed only by `rocfft_plan_destroy`
//! (hipFree waits for queued work) and never from a stream's own thread.

use super::copy::{self, Addr};
use super::{FieldPlan, FieldSide};
use crate::hip;
use crate::objects::{Callback, ExecutionInfo};
use crate::plan::PlanCore;
use crate::types::*;
use std::ffi::c_void;
use std::sync::Arc;

/// The device addresses of one side: one per brick of its field, or `plain` buffers. A null
/// pointer is refused, except for an empty brick (it holds nothing to read or write).
unsafe fn side_addresses(buffers: *mut *mut c_void, field: Option<&FieldSide>, plain: usize) -> Option<Vec<u64>> {
    if buffers.is_null() {
        return None;
    }
    let count = field.map_or(plain, |f| f.bricks.len());
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let p = unsafe { *buffers.add(i) } as u64;
        let empty = field.is_some_and(|f| f.bricks[i].count() == 0);
        if p == 0 && !empty {
            return None;
        }
        out.push(p);
    }
    Some(out)
}

/// Queues one gather (`to_bricks` false: bricks into the array at `array`) or scatter job.
fn queue_copy(stream: *mut c_void, field: &Arc<FieldSide>, bricks: &[u64], array: u64, to_bricks: bool) -> i32 {
    let mut ranges: Vec<(u64, usize, bool)> = bricks.iter().zip(&field.bricks).map(|(&a, b)| (a, b.span_bytes, to_bricks)).collect();
    ranges.push((array, field.bytes(), !to_bricks));
    let (field, bricks) = (field.clone(), bricks.to_vec());
    hip::enqueue(stream, "rocfft", ranges, move |view| {
        let host = |a: u64| Addr(if a == 0 { std::ptr::null_mut() } else { view.ptr::<u8>(a) });
        let hosts: Vec<Addr> = bricks.iter().map(|&a| host(a)).collect();
        let whole = host(array);
        crate::threads::pool().install(|| unsafe {
            if to_bricks { copy::scatter(&field, whole, &hosts) } else { copy::gather(&field, &hosts, whole) }
        });
        0
    })
}

/// Queues the transform of a plan with fields (`given`: the info's load and store callbacks;
/// they see the plan's device arrays, as rocFFT's see its gather buffers).
///
/// # Safety
/// `in_buffer` and `out_buffer` are null or arrays of the pointers the plan's sides need;
/// `info` is null or an execution info the caller checked.
pub unsafe fn execute(core: &Arc<PlanCore>, fields: &FieldPlan, in_buffer: *mut *mut c_void, out_buffer: *mut *mut c_void,
                      info: *mut ExecutionInfo, stream: *mut c_void, given: (Option<Callback>, Option<Callback>)) -> rocfft_status {
    let refuse = |side: &str| {
        crate::log::error(format_args!("rocfft_execute: the {side} buffers of a plan with fields are missing or null (one pointer per brick of a field side)"));
        rocfft_status_invalid_arg_value
    };
    let Some(input) = (unsafe { side_addresses(in_buffer, fields.input.as_deref(), core.input.array.buffers()) }) else { return refuse("input") };
    // In place with both sides fields, a null out_buffer means the input's bricks (rocFFT's
    // in-place plans ignore the output pointers).
    let same_bricks = fields.input.as_ref().zip(fields.output.as_ref()).is_some_and(|(i, o)| i.bricks.len() == o.bricks.len());
    let out_source = if out_buffer.is_null() && fields.inplace && same_bricks { in_buffer } else { out_buffer };
    let Some(output) = (unsafe { side_addresses(out_source, fields.output.as_deref(), core.output.array.buffers()) }) else { return refuse("output") };
    let plain = |addrs: &[u64]| [addrs[0], addrs.get(1).copied().unwrap_or(0)];
    let failed = |rc: i32| {
        crate::log::error(format_args!("rocfft_execute: the runtime refused a brick copy (hipError {rc}; are the brick pointers device memory?)"));
        rocfft_status_failure
    };

    let core_input = match (&fields.input, &fields.in_array) {
        (Some(f), Some(array)) => {
            let rc = queue_copy(stream, f, &input, array.addr, false);
            if rc != 0 {
                return failed(rc);
            }
            [array.addr, 0]
        }
        _ => plain(&input),
    };
    let core_output = match (&fields.output, fields.out_array.as_ref().or(fields.in_array.as_ref())) {
        (Some(_), Some(array)) => [array.addr, 0],
        _ => plain(&output),
    };
    let status = unsafe { crate::execute::queue(core, core_input, core_output, info, stream, given) };
    if status != rocfft_status_success {
        return status;
    }
    if let Some(f) = &fields.output {
        let rc = queue_copy(stream, f, &output, core_output[0], true);
        if rc != 0 {
            return failed(rc);
        }
    }
    rocfft_status_success
}
