//! Library-level entry points: version, status strings, initialization, and the host ⇄
//! device vector/matrix copies (`rocblas_set/get_vector/matrix[_async]`).

use crate::hip;
use crate::types::*;
use std::ffi::{CStr, c_char, c_void};

/// What `rocblas_get_version_string` reports: the rocBLAS version of the ABI each output
/// serves (librocblas.so.0, .so.4, .so.5; `cargo xtask stage` renames `oxrocm_abi4_*` and
/// `oxrocm_abi5_*` in the latter two).
pub const VERSION_STRING: &CStr = c"2.47.0.oxrocm";
pub const VERSION_STRING_ABI4: &CStr = c"4.4.0.oxrocm";
pub const VERSION_STRING_ABI5: &CStr = c"5.3.0.oxrocm";

unsafe fn version_size(v: &CStr, len: *mut usize) -> rocblas_status {
    if len.is_null() {
        return rocblas_status_invalid_pointer;
    }
    unsafe { *len = v.to_bytes_with_nul().len() };
    rocblas_status_success
}

unsafe fn version(v: &CStr, buf: *mut c_char, len: usize) -> rocblas_status {
    let v = v.to_bytes_with_nul();
    if buf.is_null() {
        return rocblas_status_invalid_pointer;
    }
    if len < v.len() {
        return rocblas_status_invalid_size;
    }
    unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), buf as *mut u8, v.len()) };
    rocblas_status_success
}

/// rocBLAS's mapping of a HIP error to a rocblas_status (`get_rocblas_status_for_hip_status`,
/// the same in 2.47, 4.x and 5.x): hipErrorInvalidValue means the library used HIP wrongly,
/// an internal error (rocBLAS 5.x's set/get_matrix bad device pointer tests check this).
pub fn status_from_hip(e: i32) -> rocblas_status {
    match e {
        0 => rocblas_status_success,
        2 | 701 => rocblas_status_memory_error, // hipErrorOutOfMemory, hipErrorLaunchOutOfResources
        17 => rocblas_status_invalid_pointer,   // hipErrorInvalidDevicePointer
        101 | 400 => rocblas_status_invalid_handle, // hipErrorInvalidDevice, hipErrorInvalidHandle
        _ => rocblas_status_internal_error,     // hipErrorInvalidValue, hipErrorUnknown, ...
    }
}

/// One 2-D copy: `height` rows of `width` bytes at the given pitches.
#[allow(clippy::too_many_arguments)]
unsafe fn copy_strided(
    dst: *mut c_void,
    dst_pitch: usize,
    src: *const c_void,
    src_pitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    stream: Option<hip::HipStream>,
) -> rocblas_status {
    let rc = unsafe {
        match stream {
            None => hip::hipMemcpy2D(dst, dst_pitch, src, src_pitch, width, height, kind),
            Some(s) => {
                hip::hipMemcpy2DAsync(dst, dst_pitch, src, src_pitch, width, height, kind, s.0)
            }
        }
    };
    status_from_hip(rc)
}

/// A strided vector copy (`rocblas_int` sizes widened: the `_64` forms share it).
#[allow(clippy::too_many_arguments)]
unsafe fn vector(
    n: i64,
    elem_size: i64,
    x: *const c_void,
    incx: i64,
    y: *mut c_void,
    incy: i64,
    kind: i32,
    stream: Option<hip::HipStream>,
) -> rocblas_status {
    // rocBLAS returns for n == 0 before it checks the other sizes
    if n == 0 {
        return rocblas_status_success;
    }
    if n < 0 || elem_size <= 0 || incx <= 0 || incy <= 0 {
        return rocblas_status_invalid_size;
    }
    if x.is_null() || y.is_null() {
        return rocblas_status_invalid_pointer;
    }
    let es = elem_size as usize;
    if incx == 1 && incy == 1 {
        // contiguous: a single row
        return unsafe {
            copy_strided(
                y,
                n as usize * es,
                x,
                n as usize * es,
                n as usize * es,
                1,
                kind,
                stream,
            )
        };
    }
    unsafe {
        copy_strided(
            y,
            incy as usize * es,
            x,
            incx as usize * es,
            es,
            n as usize,
            kind,
            stream,
        )
    }
}

/// A column-major matrix copy between leading dimensions (sizes widened as in `vector`).
#[allow(clippy::too_many_arguments)]
unsafe fn matrix(
    rows: i64,
    cols: i64,
    elem_size: i64,
    a: *const c_void,
    lda: i64,
    b: *mut c_void,
    ldb: i64,
    kind: i32,
    stream: Option<hip::HipStream>,
) -> rocblas_status {
    // rocBLAS returns for an empty matrix before it checks the other sizes
    if rows == 0 || cols == 0 {
        return rocblas_status_success;
    }
    if rows < 0 || cols < 0 || elem_size <= 0 || lda <= 0 || ldb <= 0 || lda < rows || ldb < rows {
        return rocblas_status_invalid_size;
    }
    if a.is_null() || b.is_null() {
        return rocblas_status_invalid_pointer;
    }
    let es = elem_size as usize;
    unsafe {
        copy_strided(
            b,
            ldb as usize * es,
            a,
            lda as usize * es,
            rows as usize * es,
            cols as usize,
            kind,
            stream,
        )
    }
}

use hip::{HipStream, hipMemcpyDeviceToHost as D2H, hipMemcpyHostToDevice as H2D};

oxrocm_ffi::c_api! { lib = "rocblas", ret = rocblas_status, on_panic = rocblas_status_internal_error;

    fn rocblas_set_vector(n: rocblas_int, elem_size: rocblas_int, x: *const c_void, incx: rocblas_int, y: *mut c_void, incy: rocblas_int) {
        vector(n.into(), elem_size.into(), x, incx.into(), y, incy.into(), H2D, None)
    }

    fn rocblas_get_vector(n: rocblas_int, elem_size: rocblas_int, x: *const c_void, incx: rocblas_int, y: *mut c_void, incy: rocblas_int) {
        vector(n.into(), elem_size.into(), x, incx.into(), y, incy.into(), D2H, None)
    }

    fn rocblas_set_vector_async(n: rocblas_int, elem_size: rocblas_int, x: *const c_void, incx: rocblas_int, y: *mut c_void, incy: rocblas_int, stream: hipStream_t) {
        vector(n.into(), elem_size.into(), x, incx.into(), y, incy.into(), H2D, Some(HipStream(stream)))
    }

    fn rocblas_get_vector_async(n: rocblas_int, elem_size: rocblas_int, x: *const c_void, incx: rocblas_int, y: *mut c_void, incy: rocblas_int, stream: hipStream_t) {
        vector(n.into(), elem_size.into(), x, incx.into(), y, incy.into(), D2H, Some(HipStream(stream)))
    }

    fn rocblas_set_matrix(rows: rocblas_int, cols: rocblas_int, elem_size: rocblas_int, a: *const c_void, lda: rocblas_int, b: *mut c_void, ldb: rocblas_int) {
        matrix(rows.into(), cols.into(), elem_size.into(), a, lda.into(), b, ldb.into(), H2D, None)
    }

    fn rocblas_get_matrix(rows: rocblas_int, cols: rocblas_int, elem_size: rocblas_int, a: *const c_void, lda: rocblas_int, b: *mut c_void, ldb: rocblas_int) {
        matrix(rows.into(), cols.into(), elem_size.into(), a, lda.into(), b, ldb.into(), D2H, None)
    }

    fn rocblas_set_matrix_async(rows: rocblas_int, cols: rocblas_int, elem_size: rocblas_int, a: *const c_void, lda: rocblas_int, b: *mut c_void, ldb: rocblas_int, stream: hipStream_t) {
        matrix(rows.into(), cols.into(), elem_size.into(), a, lda.into(), b, ldb.into(), H2D, Some(HipStream(stream)))
    }

    fn rocblas_get_matrix_async(rows: rocblas_int, cols: rocblas_int, elem_size: rocblas_int, a: *const c_void, lda: rocblas_int, b: *mut c_void, ldb: rocblas_int, stream: hipStream_t) {
        matrix(rows.into(), cols.into(), elem_size.into(), a, lda.into(), b, ldb.into(), D2H, Some(HipStream(stream)))
    }

    // ILP64 forms (rocBLAS 4.1+)

    fn rocblas_set_vector_64(n: i64, elem_size: i64, x: *const c_void, incx: i64, y: *mut c_void, incy: i64) {
        vector(n, elem_size, x, incx, y, incy, H2D, None)
    }

    fn rocblas_get_vector_64(n: i64, elem_size: i64, x: *const c_void, incx: i64, y: *mut c_void, incy: i64) {
        vector(n, elem_size, x, incx, y, incy, D2H, None)
    }

    fn rocblas_set_vector_async_64(n: i64, elem_size: i64, x: *const c_void, incx: i64, y: *mut c_void, incy: i64, stream: hipStream_t) {
        vector(n, elem_size, x, incx, y, incy, H2D, Some(HipStream(stream)))
    }

    fn rocblas_get_vector_async_64(n: i64, elem_size: i64, x: *const c_void, incx: i64, y: *mut c_void, incy: i64, stream: hipStream_t) {
        vector(n, elem_size, x, incx, y, incy, D2H, Some(HipStream(stream)))
    }

    fn rocblas_set_matrix_64(rows: i64, cols: i64, elem_size: i64, a: *const c_void, lda: i64, b: *mut c_void, ldb: i64) {
        matrix(rows, cols, elem_size, a, lda, b, ldb, H2D, None)
    }

    fn rocblas_get_matrix_64(rows: i64, cols: i64, elem_size: i64, a: *const c_void, lda: i64, b: *mut c_void, ldb: i64) {
        matrix(rows, cols, elem_size, a, lda, b, ldb, D2H, None)
    }

    fn rocblas_set_matrix_async_64(rows: i64, cols: i64, elem_size: i64, a: *const c_void, lda: i64, b: *mut c_void, ldb: i64, stream: hipStream_t) {
        matrix(rows, cols, elem_size, a, lda, b, ldb, H2D, Some(HipStream(stream)))
    }

    fn rocblas_get_matrix_async_64(rows: i64, cols: i64, elem_size: i64, a: *const c_void, lda: i64, b: *mut c_void, ldb: i64, stream: hipStream_t) {
        matrix(rows, cols, elem_size, a, lda, b, ldb, D2H, Some(HipStream(stream)))
    }

    fn rocblas_get_version_string_size(len: *mut usize) {
        version_size(VERSION_STRING, len)
    }

    fn rocblas_get_version_string(buf: *mut c_char, len: usize) {
        version(VERSION_STRING, buf, len)
    }

    fn oxrocm_abi4_rocblas_get_version_string_size(len: *mut usize) {
        version_size(VERSION_STRING_ABI4, len)
    }

    fn oxrocm_abi4_rocblas_get_version_string(buf: *mut c_char, len: usize) {
        version(VERSION_STRING_ABI4, buf, len)
    }

    fn oxrocm_abi5_rocblas_get_version_string_size(len: *mut usize) {
        version_size(VERSION_STRING_ABI5, len)
    }

    fn oxrocm_abi5_rocblas_get_version_string(buf: *mut c_char, len: usize) {
        version(VERSION_STRING_ABI5, buf, len)
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn rocblas_status_to_string(status: rocblas_status) -> *const c_char {
    STATUS_NAMES
        .iter()
        .find(|(v, _)| *v == status)
        .map(|(_, n)| n.as_ptr())
        .unwrap_or(c"Invalid status".as_ptr())
}

/// Eager initialization (Tensile in the real library): nothing to prepare yet, but the
/// GEMM back end counts as loaded from here on.
#[unsafe(no_mangle)]
pub extern "C" fn rocblas_initialize() {
    oxrocm_ffi::log::write("rocblas", 3, format_args!("rocblas_initialize ( )"));
    TENSILE_INITIALIZED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// rocBLAS's "Tensile is loaded" flag, set by `rocblas_initialize` and the first GEMM (where
/// the real library loads Tensile). rocblas-test's multiheaded test reads it to make sure it
/// runs before anything loaded it.
pub static TENSILE_INITIALIZED: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// C++ `std::atomic_bool& rocblas_internal_tensile_is_initialized()`: a reference, which the
/// ABI returns as a pointer (`std::atomic_bool` and `AtomicBool` are both one byte).
#[unsafe(export_name = "_Z39rocblas_internal_tensile_is_initializedv")]
pub extern "C" fn rocblas_internal_tensile_is_initialized() -> *const std::sync::atomic::AtomicBool
{
    &TENSILE_INITIALIZED
}

/// Undeclared in the header, exported by the real library: tears down logging.
#[unsafe(no_mangle)]
pub extern "C" fn rocblas_shutdown() {
    oxrocm_ffi::log::write("rocblas", 3, format_args!("rocblas_shutdown ( )"));
}

/// Flushes stdio and aborts.
#[unsafe(no_mangle)]
pub extern "C" fn rocblas_abort() -> ! {
    unsafe {
        libc::fflush(std::ptr::null_mut());
        libc::abort()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ptr::null_mut;

    #[test]
    fn version_and_status_strings() {
        unsafe {
            let mut n = 0usize;
            assert_eq!(
                rocblas_get_version_string_size(&mut n),
                rocblas_status_success
            );
            assert_eq!(
                rocblas_get_version_string_size(null_mut()),
                rocblas_status_invalid_pointer
            );
            let mut buf = vec![0 as c_char; n];
            assert_eq!(
                rocblas_get_version_string(buf.as_mut_ptr(), n - 1),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_get_version_string(buf.as_mut_ptr(), n),
                rocblas_status_success
            );
            let s = CStr::from_ptr(buf.as_ptr()).to_str().unwrap();
            assert!(s.starts_with("2.47."), "{s}");
            assert_eq!(
                CStr::from_ptr(rocblas_status_to_string(rocblas_status_invalid_handle))
                    .to_str()
                    .unwrap(),
                "rocblas_status_invalid_handle"
            );
            assert_eq!(
                CStr::from_ptr(rocblas_status_to_string(99))
                    .to_str()
                    .unwrap(),
                "Invalid status"
            );
        }
    }

    /// set_matrix → device (ld 7) → get_matrix into a different ld, against a host reference.
    #[test]
    fn matrix_round_trip_through_device() {
        unsafe {
            let (rows, cols, lda, ldd, ldb) = (5, 4, 6, 7, 9);
            let a: Vec<f64> = (0..lda * cols).map(|i| i as f64 * 1.5 - 3.0).collect();
            let mut d: *mut c_void = null_mut();
            assert_eq!(hip::hipMalloc(&mut d, (ldd * cols) as usize * 8), 0);
            assert_eq!(
                rocblas_set_matrix(rows, cols, 8, a.as_ptr().cast(), lda, d, ldd),
                rocblas_status_success
            );
            let mut b = vec![f64::NAN; (ldb * cols) as usize];
            assert_eq!(
                rocblas_get_matrix(rows, cols, 8, d, ldd, b.as_mut_ptr().cast(), ldb),
                rocblas_status_success
            );
            for j in 0..cols as usize {
                for i in 0..ldb as usize {
                    let got = b[j * ldb as usize + i];
                    if i < rows as usize {
                        assert_eq!(got, a[j * lda as usize + i], "({i},{j})");
                    } else {
                        assert!(got.is_nan(), "padding ({i},{j}) was written");
                    }
                }
            }
            // async variants on a stream
            let mut s: *mut c_void = null_mut();
            assert_eq!(hip::hipStreamCreate(&mut s), 0);
            let a2: Vec<f64> = a.iter().map(|v| -v).collect();
            assert_eq!(
                rocblas_set_matrix_async(rows, cols, 8, a2.as_ptr().cast(), lda, d, ldd, s),
                rocblas_status_success
            );
            let mut b2 = vec![0f64; (ldb * cols) as usize];
            assert_eq!(
                rocblas_get_matrix_async(rows, cols, 8, d, ldd, b2.as_mut_ptr().cast(), ldb, s),
                rocblas_status_success
            );
            assert_eq!(hip::hipStreamSynchronize(s), 0);
            assert_eq!(b2[ldb as usize + 2], a2[lda as usize + 2]);
            assert_eq!(hip::hipStreamDestroy(s), 0);

            // bad arguments
            assert_eq!(
                rocblas_set_matrix(rows, cols, 8, a.as_ptr().cast(), rows - 1, d, ldd),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_set_matrix(rows, cols, 0, a.as_ptr().cast(), lda, d, ldd),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_set_matrix(rows, cols, 8, std::ptr::null(), lda, d, ldd),
                rocblas_status_invalid_pointer
            );
            assert_eq!(
                rocblas_set_matrix(0, cols, 8, std::ptr::null(), lda, null_mut(), ldd),
                rocblas_status_success
            );
            assert_eq!(hip::hipFree(d), 0);
        }
    }

    #[test]
    fn strided_vector_round_trip() {
        unsafe {
            let n = 6;
            let x: Vec<i32> = (0..n * 3).collect();
            let mut d: *mut c_void = null_mut();
            assert_eq!(hip::hipMalloc(&mut d, (n * 2) as usize * 4), 0);
            assert_eq!(
                rocblas_set_vector(n, 4, x.as_ptr().cast(), 3, d, 2),
                rocblas_status_success
            );
            let mut y = vec![-1i32; n as usize];
            assert_eq!(
                rocblas_get_vector(n, 4, d, 2, y.as_mut_ptr().cast(), 1),
                rocblas_status_success
            );
            assert_eq!(y, (0..n).map(|i| i * 3).collect::<Vec<_>>());
            assert_eq!(
                rocblas_get_vector(n, 4, d, 0, y.as_mut_ptr().cast(), 1),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_get_vector(-1, 4, d, 1, y.as_mut_ptr().cast(), 1),
                rocblas_status_invalid_size
            );
            assert_eq!(hip::hipFree(d), 0);
        }
    }
}
