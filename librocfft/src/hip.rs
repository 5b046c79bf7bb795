//! The HIP runtime entry points this library calls (from libamdhip64), and the private
//! interface's host computation in stream order (`include/oxrocm/oxrocm_private.h`).
#![allow(non_snake_case, non_camel_case_types, dead_code)]

use std::ffi::c_void;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct oxrocm_range {
    pub addr: u64,
    pub len: usize,
}
pub type oxrocm_host_ptr_fn = unsafe extern "C" fn(view: *const c_void, device_addr: u64) -> *mut c_void;
pub type oxrocm_compute_fn = unsafe extern "C" fn(user: *mut c_void, view: *const c_void, host_ptr: oxrocm_host_ptr_fn) -> i32;
pub type oxrocm_release_fn = unsafe extern "C" fn(user: *mut c_void);

unsafe extern "C" {
    pub fn oxrocm_private_v1_enqueue_compute(
        stream: *mut c_void, f: Option<oxrocm_compute_fn>, user: *mut c_void, release: Option<oxrocm_release_fn>,
        reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize,
    ) -> i32;
}
