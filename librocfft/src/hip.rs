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
pub type oxrocm_spirv_host_fn =
    unsafe extern "C" fn(push: *const c_void, push_size: usize, groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn) -> i32;

/// A library SPIR-V kernel with its host twin (private interface).
#[repr(C)]
pub struct oxrocm_spirv_kernel {
    pub name: *const std::ffi::c_char,
    pub spirv: *const c_void,
    pub spirv_size: usize,
    pub host: Option<oxrocm_spirv_host_fn>,
}
// Static descriptors point at static data only.
unsafe impl Sync for oxrocm_spirv_kernel {}

unsafe extern "C" {
    pub fn oxrocm_private_v1_enqueue_compute(
        stream: *mut c_void, f: Option<oxrocm_compute_fn>, user: *mut c_void, release: Option<oxrocm_release_fn>,
        reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize,
    ) -> i32;
    pub fn oxrocm_private_v1_launch_spirv(
        stream: *mut c_void, kernel: *const oxrocm_spirv_kernel, push: *const c_void, push_size: usize, groups: *const u32,
        reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize,
    ) -> i32;
    pub fn oxrocm_private_v1_backend_name() -> *const std::ffi::c_char;
    pub fn oxrocm_private_v1_call_device_function(
        function: u64, n_lanes: usize, args: *const u32, arg_words: u32, results: *mut u32, result_words: u32,
    ) -> i32;
    pub fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> i32;
    pub fn hipFree(ptr: *mut c_void) -> i32;
    pub fn hipMemcpy(dst: *mut c_void, src: *const c_void, size: usize, kind: i32) -> i32;
}

/// `hipMemcpyHostToDevice`.
pub const HOST_TO_DEVICE: i32 = 1;
