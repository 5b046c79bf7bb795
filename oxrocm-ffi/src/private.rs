//! The libraries' side of oxrocm's private interface (`include/oxrocm/oxrocm_private.h`,
//! ELF version node `OXROCM_PRIVATE_1` of libamdhip64): its types, the entry points the
//! libraries call, and the one way they queue host work in stream order ([`enqueue`]).
//! libamdhip64 defines the entry points with these same types.

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A device memory range an operation reads or writes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oxrocm_range {
    pub addr: u64,
    pub len: usize,
}

/// Maps a device address inside a declared range to host memory, valid during the call.
pub type oxrocm_host_ptr_fn = unsafe extern "C" fn(view: *const c_void, device_addr: u64) -> *mut c_void;
/// A host computation; returns 0 or a `hipError_t` the stream reports at its next sync.
pub type oxrocm_compute_fn = unsafe extern "C" fn(user: *mut c_void, view: *const c_void, host_ptr: oxrocm_host_ptr_fn) -> i32;
/// Called once the operation can no longer run (after it ran, or when its graph is gone).
pub type oxrocm_release_fn = unsafe extern "C" fn(user: *mut c_void);
/// Host implementation of a library's SPIR-V kernel: its parameter block and grid.
pub type oxrocm_spirv_host_fn =
    unsafe extern "C" fn(push: *const c_void, push_size: usize, groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn) -> i32;

/// A compute kernel a library brings: SPIR-V for Vulkan devices and its host twin.
#[repr(C)]
pub struct oxrocm_spirv_kernel {
    pub name: *const c_char,
    pub spirv: *const c_void,
    pub spirv_size: usize,
    pub host: Option<oxrocm_spirv_host_fn>,
}
// Static descriptors point at static data only.
unsafe impl Sync for oxrocm_spirv_kernel {}

unsafe extern "C" {
    pub fn oxrocm_private_v1_backend_name() -> *const c_char;
    pub fn oxrocm_private_v1_enqueue_compute(
        stream: *mut c_void, f: Option<oxrocm_compute_fn>, user: *mut c_void, release: Option<oxrocm_release_fn>,
        reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize,
    ) -> i32;
    pub fn oxrocm_private_v1_launch_spirv(
        stream: *mut c_void, kernel: *const oxrocm_spirv_kernel, push: *const c_void, push_size: usize, groups: *const u32,
        reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize,
    ) -> i32;
    pub fn oxrocm_private_v1_call_device_function(
        function: u64, n_lanes: usize, args: *const u32, arg_words: u32, results: *mut u32, result_words: u32,
    ) -> i32;
}

/// Overlapping ranges `(address, length, written)` merged into one (a write if any part is
/// written), so that every address maps to one host copy on backends that stage; empty
/// ranges dropped. Returns (reads, writes).
pub fn merge_ranges(mut ranges: Vec<(u64, usize, bool)>) -> (Vec<oxrocm_range>, Vec<oxrocm_range>) {
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

/// Host access to the declared ranges while queued work runs.
#[derive(Clone, Copy)]
pub struct View {
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
}

impl View {
    /// Host address of device address `addr` (inside a declared range; a range is
    /// contiguous on the host, so element pointers may be offset from it).
    pub fn ptr<T>(&self, addr: u64) -> *mut T {
        unsafe { (self.host_ptr)(self.view, addr) as *mut T }
    }
}

/// Queued work: returns 0 or the `hipError_t` the stream reports.
type Work = Box<dyn Fn(&View) -> i32 + Send + Sync>;

/// What runs the work: the library's name for the log line of a panic.
struct Queued {
    lib: &'static str,
    work: Work,
}

unsafe extern "C" fn run_queued(user: *mut c_void, view: *const c_void, host_ptr: oxrocm_host_ptr_fn) -> i32 {
    let q = unsafe { &*(user as *const Queued) };
    let v = View { view, host_ptr };
    match catch_unwind(AssertUnwindSafe(|| (q.work)(&v))) {
        Ok(rc) => rc,
        Err(_) => {
            crate::log::write(q.lib, 1, format_args!("internal error in a queued operation (reported by the stream)"));
            999 // hipErrorUnknown
        }
    }
}

unsafe extern "C" fn release_queued(user: *mut c_void) {
    drop(unsafe { Box::from_raw(user as *mut Queued) });
}

/// Queues `work` on `stream` after everything queued before it, declaring the device
/// `ranges` `(address, length, written)` it touches (merged here). A panic in `work`
/// becomes hipErrorUnknown on the stream, logged under `lib`. Returns the runtime's
/// `hipError_t` for the queueing itself. (`stream` is only handed to the runtime, which
/// validates it.)
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn enqueue(stream: *mut c_void, lib: &'static str, ranges: Vec<(u64, usize, bool)>, work: impl Fn(&View) -> i32 + Send + Sync + 'static) -> i32 {
    let (reads, writes) = merge_ranges(ranges);
    let user = Box::into_raw(Box::new(Queued { lib, work: Box::new(work) })) as *mut c_void;
    // SAFETY: the ranges live for the call; the runtime owns `user` from here and hands it
    // to release_queued exactly once.
    unsafe {
        oxrocm_private_v1_enqueue_compute(stream, Some(run_queued), user, Some(release_queued), reads.as_ptr(), reads.len(), writes.as_ptr(), writes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_ranges_merge_and_writes_win() {
        let (reads, writes) = merge_ranges(vec![(100, 50, false), (0, 10, false), (140, 20, true), (10, 0, true), (300, 8, false), (5, 10, false)]);
        assert_eq!(reads, vec![oxrocm_range { addr: 0, len: 15 }, oxrocm_range { addr: 300, len: 8 }]);
        assert_eq!(writes, vec![oxrocm_range { addr: 100, len: 60 }]);
    }
}
