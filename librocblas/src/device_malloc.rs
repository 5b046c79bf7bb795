//! rocBLAS's C device-memory helpers for libraries built on it (rocSOLVER imports them):
//! `rocblas_device_malloc_*` borrow device memory for a call, and
//! `rocblas_set_optimal_device_memory_size_impl` reports a need during a size query.
//!
//! Two of them are C-variadic (`count, ...` sizes). Stable Rust cannot define variadic
//! functions, so they take a fixed run of `size_t` parameters after `count`: integer
//! variadic arguments travel exactly like named ones on x86-64 (System V) and AArch64
//! (AAPCS64), so the first `count` of them are the caller's sizes. More than `MAX_SIZES`
//! sizes is refused (rocSOLVER's getrf passes more than 8).

use crate::handle::{self, report_workspace};
use crate::hip;
use crate::types::*;
use std::cell::Cell;
use std::ffi::c_void;

const MAX_SIZES: usize = 16;

/// rocBLAS rounds every size up to 64-byte chunks.
fn roundup(size: usize) -> usize {
    size.div_ceil(64) * 64
}

thread_local! {
    /// `rocblas_device_malloc_set_default_memory_size` (per thread in rocBLAS too): the
    /// workspace size handles created on this thread start with (0: the library default).
    pub static DEFAULT_MEMORY_SIZE: Cell<usize> = const { Cell::new(0) };
}

/// What `rocblas_device_malloc_base*` points to: one allocation cut into the requested
/// pieces (NULL for zero-sized ones).
pub struct Borrowed {
    base: *mut c_void,
    pieces: Vec<*mut c_void>,
}

fn sizes(count: usize, given: [usize; MAX_SIZES]) -> Option<Vec<usize>> {
    (count <= MAX_SIZES).then(|| given[..count].to_vec())
}

/// `rocblas_device_malloc_alloc(handle, res, count, ...)`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rocblas_device_malloc_alloc(
    h: rocblas_handle,
    res: *mut *mut c_void,
    count: usize,
    s0: usize,
    s1: usize,
    s2: usize,
    s3: usize,
    s4: usize,
    s5: usize,
    s6: usize,
    s7: usize,
    s8: usize,
    s9: usize,
    s10: usize,
    s11: usize,
    s12: usize,
    s13: usize,
    s14: usize,
    s15: usize,
) -> rocblas_status {
    oxrocm_ffi::boundary::guard(
        "rocblas_device_malloc_alloc",
        rocblas_status_internal_error,
        || {
            if handle::check(h) != rocblas_status_success {
                return rocblas_status_invalid_handle;
            }
            if res.is_null() {
                return rocblas_status_invalid_pointer;
            }
            if count == 0 {
                return rocblas_status_invalid_size;
            }
            let Some(sizes) = sizes(
                count,
                [
                    s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15,
                ],
            ) else {
                crate::stubs::log_unsupported(
                    "rocblas_device_malloc_alloc with more than 16 sizes",
                );
                return rocblas_status_not_implemented;
            };
            let total: usize = sizes.iter().map(|&s| roundup(s)).sum();
            let mut base: *mut c_void = std::ptr::null_mut();
            if total > 0 && unsafe { hip::hipMalloc(&mut base, total) } != 0 {
                return rocblas_status_memory_error;
            }
            let mut at = base as usize;
            let pieces = sizes
                .iter()
                .map(|&s| {
                    let p = if s == 0 {
                        std::ptr::null_mut()
                    } else {
                        at as *mut c_void
                    };
                    at += roundup(s);
                    p
                })
                .collect();
            unsafe { *res = Box::into_raw(Box::new(Borrowed { base, pieces })).cast() };
            rocblas_status_success
        },
    )
}

/// `bool rocblas_device_malloc_success(ptr)`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocblas_device_malloc_success(ptr: *mut c_void) -> bool {
    !ptr.is_null()
}

/// `rocblas_device_malloc_ptr(ptr, res)`: the only piece of a one-size allocation.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocblas_device_malloc_ptr(
    ptr: *mut c_void,
    res: *mut *mut c_void,
) -> rocblas_status {
    if ptr.is_null() || res.is_null() {
        return rocblas_status_invalid_pointer;
    }
    let b = unsafe { &*(ptr as *const Borrowed) };
    if b.pieces.len() != 1 {
        return rocblas_status_invalid_pointer;
    }
    unsafe { *res = b.pieces[0] };
    rocblas_status_success
}

/// `rocblas_device_malloc_get(ptr, index, res)`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocblas_device_malloc_get(
    ptr: *mut c_void,
    index: usize,
    res: *mut *mut c_void,
) -> rocblas_status {
    if ptr.is_null() || res.is_null() {
        return rocblas_status_invalid_pointer;
    }
    let b = unsafe { &*(ptr as *const Borrowed) };
    match b.pieces.get(index) {
        Some(&p) => {
            unsafe { *res = p };
            rocblas_status_success
        }
        None => rocblas_status_invalid_pointer,
    }
}

/// `rocblas_device_malloc_free(ptr)`: returns the memory (NULL is fine, as `delete` is).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocblas_device_malloc_free(ptr: *mut c_void) -> rocblas_status {
    if !ptr.is_null() {
        let b = unsafe { Box::from_raw(ptr as *mut Borrowed) };
        if !b.base.is_null() {
            unsafe { hip::hipFree(b.base) };
        }
    }
    rocblas_status_success
}

/// `void rocblas_device_malloc_set_default_memory_size(size_t)` (rocBLAS 4.x).
#[unsafe(no_mangle)]
pub extern "C" fn rocblas_device_malloc_set_default_memory_size(size: usize) {
    DEFAULT_MEMORY_SIZE.with(|d| d.set(size));
}

/// `rocblas_set_optimal_device_memory_size_impl(handle, count, ...)`: during a size query,
/// the total of the rounded sizes raises the handle's need.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rocblas_set_optimal_device_memory_size_impl(
    h: rocblas_handle,
    count: usize,
    s0: usize,
    s1: usize,
    s2: usize,
    s3: usize,
    s4: usize,
    s5: usize,
    s6: usize,
    s7: usize,
    s8: usize,
    s9: usize,
    s10: usize,
    s11: usize,
    s12: usize,
    s13: usize,
    s14: usize,
    s15: usize,
) -> rocblas_status {
    if h.is_null() {
        return rocblas_status_invalid_handle;
    }
    let Some(sizes) = sizes(
        count,
        [
            s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15,
        ],
    ) else {
        crate::stubs::log_unsupported(
            "rocblas_set_optimal_device_memory_size_impl with more than 16 sizes",
        );
        return rocblas_status_not_implemented;
    };
    report_workspace(h, sizes.iter().map(|&s| roundup(s)).sum())
}
