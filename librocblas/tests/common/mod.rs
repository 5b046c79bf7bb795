//! Helpers the rocBLAS integration tests share: device memory through libamdhip64, a
//! handle, and deterministic test values.
#![allow(dead_code)]

use rocblas::handle::rocblas_create_handle;
use rocblas::hip;
use rocblas::types::rocblas_handle;
use std::ffi::c_void;
use std::ptr::null_mut;

/// A device copy of `v`.
pub fn dev<U: Copy>(v: &[U]) -> *mut U {
    let mut d: *mut c_void = null_mut();
    assert_eq!(unsafe { hip::hipMalloc(&mut d, size_of_val(v).max(1)) }, 0);
    assert_eq!(unsafe { hip::hipMemcpy(d, v.as_ptr().cast(), size_of_val(v), hip::hipMemcpyHostToDevice) }, 0);
    d.cast()
}

/// `n` values of device memory at `d`.
pub fn host<U: Copy + Default>(d: *const U, n: usize) -> Vec<U> {
    let mut v = vec![U::default(); n];
    assert_eq!(unsafe { hip::hipMemcpy(v.as_mut_ptr().cast(), d.cast(), n * size_of::<U>(), hip::hipMemcpyDeviceToHost) }, 0);
    v
}

pub fn handle() -> rocblas_handle {
    let mut h = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut h) }, 0);
    h
}

/// Deterministic values in quarters (exact in every floating type), none of them zero.
pub fn vals(len: usize, seed: f64) -> Vec<f64> {
    (0..len).map(|i| ((i as f64 * 0.37 + seed).sin() * 4.0).round() / 4.0 + 0.125).collect()
}
