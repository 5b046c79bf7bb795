//! The private, versioned interface through which the other oxrocm libraries (rocBLAS,
//! rocFFT, MIOpen, RCCL, HSA) reach the one runtime in this library. Exported in ELF
//! version node `OXROCM_PRIVATE_1`; declared for C in `include/oxrocm/oxrocm_private.h`.
//! Changing a signature means a new `_v2` symbol, never an edit of a `_v1` one.

use crate::stream::stream;
use crate::types::hipStream_t;
use oxrocm_runtime::kernel::HostKernelFn;
use oxrocm_runtime::ops::{HostView, MemRange, Op, OpKind};
use oxrocm_runtime::{HipError, runtime};
use std::ffi::{c_char, c_void};
use std::sync::Arc;

/// Interface version reported by [`oxrocm_private_v1_version`].
pub const PRIVATE_VERSION: u32 = 1;

/// A device memory range an enqueued host computation reads or writes.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct oxrocm_range {
    pub addr: u64,
    pub len: usize,
}

/// Maps a device address inside a declared range to host memory for the computation.
pub type oxrocm_host_ptr_fn = unsafe extern "C" fn(view: *const c_void, device_addr: u64) -> *mut c_void;
/// The computation: returns 0 on success, else a `hipError_t` reported by the stream.
pub type oxrocm_compute_fn = unsafe extern "C" fn(user: *mut c_void, view: *const c_void, host_ptr: oxrocm_host_ptr_fn) -> i32;
/// Releases `user` once the operation can no longer run (graph destroyed, op done).
pub type oxrocm_release_fn = Option<unsafe extern "C" fn(user: *mut c_void)>;

struct UserData {
    user: usize,
    release: oxrocm_release_fn,
}

impl Drop for UserData {
    fn drop(&mut self) {
        if let Some(r) = self.release {
            unsafe { r(self.user as *mut c_void) }
        }
    }
}

unsafe extern "C" fn view_host_ptr(view: *const c_void, addr: u64) -> *mut c_void {
    let v = unsafe { &*(view as *const &dyn HostView) };
    v.host_ptr(addr) as *mut c_void
}

fn ranges(p: *const oxrocm_range, n: usize) -> Vec<MemRange> {
    if p.is_null() {
        return Vec::new();
    }
    unsafe { std::slice::from_raw_parts(p, n) }.iter().map(|r| MemRange { addr: r.addr, len: r.len }).collect()
}

#[unsafe(no_mangle)]
pub extern "C" fn oxrocm_private_v1_version() -> u32 {
    PRIVATE_VERSION
}

/// Name of the active backend ("cpu", "vulkan").
#[unsafe(no_mangle)]
pub extern "C" fn oxrocm_private_v1_backend_name() -> *const c_char {
    match runtime().backend_name() {
        "cpu" => c"cpu".as_ptr(),
        _ => c"vulkan".as_ptr(),
    }
}

hip_api! {
    /// Queues a host computation over declared device ranges on `s`, in stream order.
    fn oxrocm_private_v1_enqueue_compute(s: hipStream_t, f: Option<oxrocm_compute_fn>, user: *mut c_void,
                                         release: oxrocm_release_fn, reads: *const oxrocm_range, n_reads: usize,
                                         writes: *const oxrocm_range, n_writes: usize) {
        let data = Arc::new(UserData { user: user as usize, release });
        let Some(f) = f else { return Err(HipError::INVALID_VALUE) };
        let st = stream(s)?;
        let (reads, writes) = (ranges(reads, n_reads), ranges(writes, n_writes));
        for r in reads.iter().chain(&writes) {
            if r.len > 0 {
                runtime().memory.check_range(r.addr, r.len)?;
            }
        }
        let compute = Arc::new(move |view: &dyn HostView| {
            let v: &dyn HostView = view;
            let rc = unsafe { f(data.user as *mut c_void, &v as *const &dyn HostView as *const c_void, view_host_ptr) };
            if rc == 0 { Ok(()) } else { Err(HipError(rc)) }
        });
        runtime().enqueue(&st, Op { kind: OpKind::Compute(compute), reads, writes }).map(drop)
    }

    /// Launches built-in kernel `name` (SPIR-V on Vulkan, its CPU twin on the CPU backend)
    /// with `push` as its parameter block and `groups` workgroups, in stream order.
    fn oxrocm_private_v1_launch_builtin(s: hipStream_t, name: *const c_char, push: *const c_void, push_size: usize, groups: u32,
                                        reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize) {
        let kernel = oxrocm_runtime::builtin::by_name(crate::api::c_str(name)?).ok_or(HipError::INVALID_DEVICE_FUNCTION)?;
        if push_size > 128 || (push_size > 0 && push.is_null()) || groups == 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let st = stream(s)?;
        let (reads, writes) = (ranges(reads, n_reads), ranges(writes, n_writes));
        for r in reads.iter().chain(&writes) {
            if r.len > 0 {
                runtime().memory.check_range(r.addr, r.len)?;
            }
        }
        let push = if push_size == 0 { Vec::new() } else { std::slice::from_raw_parts(push as *const u8, push_size).to_vec() };
        let launch = oxrocm_runtime::builtin::BuiltinLaunch { kernel, push, groups };
        runtime().enqueue(&st, Op { kind: OpKind::Builtin(launch), reads, writes }).map(drop)
    }

    /// Registers a host implementation for the kernel handle `handle` (as passed to
    /// `hipLaunchKernel`), with the byte size of each argument.
    fn oxrocm_private_v1_register_host_kernel(handle: *const c_void, name: *const c_char, f: Option<HostKernelFn>,
                                              arg_sizes: *const usize, n_args: usize) {
        let Some(f) = f else { return Err(HipError::INVALID_VALUE) };
        if handle.is_null() || (n_args > 0 && arg_sizes.is_null()) {
            return Err(HipError::INVALID_VALUE);
        }
        let name = crate::api::c_str(name)?;
        let sizes = if n_args == 0 { Vec::new() } else { std::slice::from_raw_parts(arg_sizes, n_args).to_vec() };
        runtime().register_host_kernel(handle as usize, name, f, sizes);
        Ok(())
    }
}
