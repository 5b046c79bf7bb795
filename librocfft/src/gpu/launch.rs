//! One execution of a plan's passes: buffer addresses filled into each parameter block,
//! the device ranges each launch reads and writes declared, launched in stream order.

use super::GpuPlan;
use super::passes::{Buf, Push};
use super::tables::DeviceMemory;
use crate::hip;
use crate::plan::PlanCore;
use crate::types::*;
use std::ffi::c_void;

/// Queues the plan's passes on `stream`; `work` is the caller's work buffer (address and
/// bytes), used where it is large enough, else the plan's own.
///
/// # Safety
/// `stream` is null or a stream of the runtime; the buffers cover the plan's spans.
pub unsafe fn execute(gpu: &GpuPlan, core: &PlanCore, input: [u64; 2], output: [u64; 2], stream: *mut c_void, work: Option<(u64, usize)>) -> rocfft_status {
    let work_addr = match work {
        _ if gpu.work_bytes == 0 => 0,
        Some((addr, bytes)) if bytes >= gpu.work_bytes => addr,
        _ => {
            let mut own = gpu.own_work.lock().unwrap_or_else(|e| e.into_inner());
            if own.is_none() {
                *own = DeviceMemory::new(gpu.work_bytes);
            }
            match own.as_ref() {
                Some(m) => m.addr,
                None => {
                    crate::log::error(format_args!("rocfft_execute: no device memory for a {}-byte work buffer", gpu.work_bytes));
                    return rocfft_status_failure;
                }
            }
        }
    };
    let tables = gpu.tables.memory.as_ref().map_or(0, |m| m.addr);
    let place = |b: Buf| -> (u64, usize) {
        match b {
            Buf::In(i) => (input[i], core.in_spans[i]),
            Buf::Out(i) => (output[i], core.out_spans[i]),
            Buf::Work => (work_addr, gpu.work_bytes),
            Buf::Tables => (tables, gpu.tables.len()),
        }
    };
    for pass in &gpu.passes {
        let mut push = pass.push.clone();
        for &(slot, buf) in &pass.addrs {
            let base = place(buf).0;
            match &mut push {
                Push::Line(p) => *[&mut p.src, &mut p.dst, &mut p.tw, &mut p.big_lo, &mut p.big_hi][slot] += base,
                Push::Copy(p) => {
                    let [s0, s1] = &mut p.src;
                    let [d0, d1] = &mut p.dst;
                    *[s0, s1, d0, d1, &mut p.table][slot] += base
                }
                Push::Real(p) => *[&mut p.data, &mut p.lo, &mut p.hi, &mut p.out][slot] += base,
            }
        }
        let bytes = match &push {
            Push::Line(p) => p.bytes(pass.double),
            Push::Copy(p) => p.bytes(pass.double),
            Push::Real(p) => p.bytes(pass.double),
        };
        let ranges = pass.reads.iter().map(|&b| (b, false)).chain(pass.writes.iter().map(|&b| (b, true))).map(|(b, w)| {
            let (a, len) = place(b);
            (a, len, w)
        });
        let (reads, writes) = hip::merge_ranges(ranges.collect());
        // SAFETY: every pointer comes from a live slice or reference for the call's
        // duration; the runtime copies what it keeps.
        let rc = unsafe {
            hip::oxrocm_private_v1_launch_spirv(stream, super::kernels::resolve(pass.kernel), bytes.as_ptr() as *const c_void, bytes.len(), pass.groups.as_ptr(),
                reads.as_ptr(), reads.len(), writes.as_ptr(), writes.len())
        };
        if rc != 0 {
            crate::log::error(format_args!("rocfft_execute: the runtime refused a kernel launch (hipError {rc})"));
            return rocfft_status_failure;
        }
    }
    rocfft_status_success
}
