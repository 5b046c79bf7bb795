//! The HIP runtime entry points this library calls (from libamdhip64), and the private
//! interface (`include/oxrocm/oxrocm_private.h`, bound once in `oxrocm_ffi::private`).
#![allow(non_snake_case, non_camel_case_types, dead_code)]

pub use oxrocm_ffi::private::*;
use std::ffi::c_void;

unsafe extern "C" {
    pub fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> i32;
    pub fn hipFree(ptr: *mut c_void) -> i32;
    pub fn hipMemcpy(dst: *mut c_void, src: *const c_void, size: usize, kind: i32) -> i32;
    pub fn hipGetDeviceCount(count: *mut i32) -> i32;
}

/// Devices the runtime has (0 when it cannot say).
pub fn device_count() -> i32 {
    let mut n = 0;
    if unsafe { hipGetDeviceCount(&mut n) } != 0 { 0 } else { n }
}

/// `hipMemcpyHostToDevice`.
pub const HOST_TO_DEVICE: i32 = 1;
