//! HIP entry points this library calls, resolved from libamdhip64.so.5.
#![allow(non_snake_case)]

unsafe extern "C" {
    pub fn hipGetDevice(device: *mut i32) -> i32;
    pub fn hipGetDeviceCount(count: *mut i32) -> i32;
}
