//! rocBLAS's numerics checks (`rocblas_internal_check_numerics_{vector,matrix}_template`, the
//! C++ entry points rocblas-test and rocSOLVER call) on the CPU backend: which values count
//! as abnormal, which elements are looked at, and the status each mode returns.

mod common;

use amdhip64 as _;
use common::{dev, handle};
use half::{bf16, f16};
use rocblas::blas1::num::C64;
use rocblas::types::*;
use std::ffi::{c_char, c_void};

const FAIL: i32 = 0x4;
const WARN: i32 = 0x2;
const GENERAL: i32 = 0;
const TRIANGULAR: i32 = 3;
const NONE: i32 = 111;
const TRANS: i32 = 112;
const UPPER: i32 = 121;
const LOWER: i32 = 122;
const NAME: *const c_char = c"check_numerics test".as_ptr();

type H = rocblas_handle;
type Vec_ = unsafe extern "C" fn(
    *const c_char,
    H,
    i32,
    *const c_void,
    i64,
    i32,
    i64,
    i32,
    i32,
    bool,
) -> rocblas_status;
type Mat = unsafe extern "C" fn(
    *const c_char,
    H,
    i32,
    i32,
    i32,
    i32,
    i32,
    *const c_void,
    i64,
    i32,
    i64,
    i32,
    i32,
    bool,
) -> rocblas_status;

unsafe extern "C" {
    #[link_name = "_Z47rocblas_internal_check_numerics_vector_templateIPfE15rocblas_status_PKcP15_rocblas_handleiT_liliib"]
    fn vector_f32(
        f: *const c_char,
        h: H,
        n: i32,
        x: *const c_void,
        off: i64,
        inc: i32,
        stride: i64,
        batch: i32,
        mode: i32,
        input: bool,
    ) -> rocblas_status;
    #[link_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKDF16_E15rocblas_status_PKcP15_rocblas_handleiT_liliib"]
    fn vector_f16(
        f: *const c_char,
        h: H,
        n: i32,
        x: *const c_void,
        off: i64,
        inc: i32,
        stride: i64,
        batch: i32,
        mode: i32,
        input: bool,
    ) -> rocblas_status;
    #[link_name = "_Z47rocblas_internal_check_numerics_vector_templateIP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handleiT_liliib"]
    fn vector_bf16(
        f: *const c_char,
        h: H,
        n: i32,
        x: *const c_void,
        off: i64,
        inc: i32,
        stride: i64,
        batch: i32,
        mode: i32,
        input: bool,
    ) -> rocblas_status;
    #[link_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPdE15rocblas_status_PKcP15_rocblas_handleiT_liliib"]
    fn vector_f64_array(
        f: *const c_char,
        h: H,
        n: i32,
        x: *const c_void,
        off: i64,
        inc: i32,
        stride: i64,
        batch: i32,
        mode: i32,
        input: bool,
    ) -> rocblas_status;
    #[link_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib"]
    fn matrix_f64(
        f: *const c_char,
        h: H,
        trans: i32,
        uplo: i32,
        kind: i32,
        m: i32,
        n: i32,
        a: *const c_void,
        off: i64,
        lda: i32,
        stride: i64,
        batch: i32,
        mode: i32,
        input: bool,
    ) -> rocblas_status;
    #[link_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib"]
    fn matrix_c64(
        f: *const c_char,
        h: H,
        trans: i32,
        uplo: i32,
        kind: i32,
        m: i32,
        n: i32,
        a: *const c_void,
        off: i64,
        lda: i32,
        stride: i64,
        batch: i32,
        mode: i32,
        input: bool,
    ) -> rocblas_status;
}

/// Checks `x` (one vector, increment 2) after setting element `at` to `v`.
fn vector_with<T: Copy>(check: Vec_, base: T, at: usize, v: T, mode: i32) -> rocblas_status {
    let mut x = vec![base; 16];
    x[2 * at] = v;
    unsafe { check(NAME, handle(), 8, dev(&x).cast(), 0, 2, 0, 1, mode, true) }
}

#[test]
fn vector_values_by_kind() {
    let (ok, fail) = (rocblas_status_success, rocblas_status_check_numerics_fail);
    // Zero is reported but is not abnormal; NaN, Inf and denormals fail in "fail" mode.
    assert_eq!(vector_with(vector_f32, 1.5f32, 3, 1.25, FAIL), ok);
    assert_eq!(vector_with(vector_f32, 1.5f32, 3, 0.0, FAIL), ok);
    assert_eq!(vector_with(vector_f32, 1.5f32, 3, f32::NAN, FAIL), fail);
    assert_eq!(
        vector_with(vector_f32, 1.5f32, 7, f32::NEG_INFINITY, FAIL),
        fail
    );
    assert_eq!(
        vector_with(vector_f32, 1.5f32, 0, f32::from_bits(1), FAIL),
        fail
    );
    // Only "fail" mode fails; "warn" reports and succeeds.
    assert_eq!(vector_with(vector_f32, 1.5f32, 3, f32::NAN, WARN), ok);
    // Elements between the increments are not looked at.
    let mut x = vec![1.0f32; 16];
    x[5] = f32::NAN;
    assert_eq!(
        unsafe { vector_f32(NAME, handle(), 8, dev(&x).cast(), 0, 2, 0, 1, FAIL, true) },
        ok
    );
    // The offset moves the start: element 5 is then vector element 0 (increment 1).
    assert_eq!(
        unsafe { vector_f32(NAME, handle(), 4, dev(&x).cast(), 5, 1, 0, 1, FAIL, true) },
        fail
    );
    // Quick returns: nothing to look at is success, even with a NaN at the start.
    assert_eq!(
        unsafe { vector_f32(NAME, handle(), 0, dev(&x).cast(), 5, 1, 0, 1, FAIL, true) },
        ok
    );
    assert_eq!(
        unsafe { vector_f32(NAME, handle(), 4, dev(&x).cast(), 5, -1, 0, 1, FAIL, true) },
        ok
    );
}

#[test]
fn half_precision_bits() {
    let (ok, fail) = (rocblas_status_success, rocblas_status_check_numerics_fail);
    let one = f16::from_f32(1.0);
    assert_eq!(
        vector_with(vector_f16, one, 2, f16::from_bits(0x0001), FAIL),
        fail
    ); // smallest subnormal
    assert_eq!(
        vector_with(vector_f16, one, 2, f16::from_bits(0x83ff), FAIL),
        fail
    ); // negative subnormal
    assert_eq!(
        vector_with(vector_f16, one, 2, f16::from_bits(0x0400), FAIL),
        ok
    ); // smallest normal
    assert_eq!(
        vector_with(vector_f16, one, 2, f16::from_bits(0x8000), FAIL),
        ok
    ); // -0
    assert_eq!(
        vector_with(vector_f16, one, 2, f16::from_bits(0x7c00), FAIL),
        fail
    ); // Inf
    assert_eq!(
        vector_with(vector_f16, one, 2, f16::from_bits(0x7e00), FAIL),
        fail
    ); // NaN
    let b1 = bf16::from_f32(1.0);
    assert_eq!(
        vector_with(vector_bf16, b1, 1, bf16::from_bits(0x007f), FAIL),
        fail
    ); // largest subnormal
    assert_eq!(
        vector_with(vector_bf16, b1, 1, bf16::from_bits(0x0080), FAIL),
        ok
    ); // smallest normal
    assert_eq!(
        vector_with(vector_bf16, b1, 1, bf16::from_bits(0xff80), FAIL),
        fail
    ); // -Inf
}

#[test]
fn pointer_array_batches() {
    let clean = vec![2.0f64; 6];
    let mut bad = vec![2.0f64; 6];
    bad[5] = f64::INFINITY;
    let two = [dev(&clean) as u64, dev(&bad) as u64];
    let one = [dev(&clean) as u64];
    let (ok, fail) = (rocblas_status_success, rocblas_status_check_numerics_fail);
    assert_eq!(
        unsafe { vector_f64_array(NAME, handle(), 6, dev(&one).cast(), 0, 1, 0, 1, FAIL, false) },
        ok
    );
    assert_eq!(
        unsafe { vector_f64_array(NAME, handle(), 6, dev(&two).cast(), 0, 1, 0, 2, FAIL, false) },
        fail
    );
    // With n = 5 the Inf (element 5) is outside every vector.
    assert_eq!(
        unsafe { vector_f64_array(NAME, handle(), 5, dev(&two).cast(), 0, 1, 0, 2, FAIL, false) },
        ok
    );
}

#[test]
fn matrix_regions() {
    let (ok, fail) = (rocblas_status_success, rocblas_status_check_numerics_fail);
    // 3 x 4 in lda 5 (column-major); a NaN in the padding rows is not looked at.
    let mut a = vec![0.5f64; 5 * 4];
    a[3 + 5 * 2] = f64::NAN;
    let d = dev(&a).cast();
    assert_eq!(
        unsafe {
            matrix_f64(
                NAME,
                handle(),
                NONE,
                UPPER,
                GENERAL,
                3,
                4,
                d,
                0,
                5,
                0,
                1,
                FAIL,
                true,
            )
        },
        ok
    );
    assert_eq!(
        unsafe {
            matrix_f64(
                NAME,
                handle(),
                NONE,
                UPPER,
                GENERAL,
                4,
                4,
                d,
                0,
                5,
                0,
                1,
                FAIL,
                true,
            )
        },
        fail
    );
    // Transposed: m x n = 4 x 3 describes a stored 3 x 4 matrix.
    assert_eq!(
        unsafe {
            matrix_f64(
                NAME,
                handle(),
                TRANS,
                UPPER,
                GENERAL,
                4,
                3,
                d,
                0,
                5,
                0,
                1,
                FAIL,
                true,
            )
        },
        ok
    );
    // Strided batch of two 3 x 4 matrices 20 apart: the second has a NaN inside.
    let mut two = vec![0.5f64; 40];
    two[20 + 1 + 5 * 3] = f64::NAN;
    let d2 = dev(&two).cast();
    assert_eq!(
        unsafe {
            matrix_f64(
                NAME,
                handle(),
                NONE,
                UPPER,
                GENERAL,
                3,
                4,
                d2,
                0,
                5,
                20,
                1,
                FAIL,
                true,
            )
        },
        ok
    );
    assert_eq!(
        unsafe {
            matrix_f64(
                NAME,
                handle(),
                NONE,
                UPPER,
                GENERAL,
                3,
                4,
                d2,
                0,
                5,
                20,
                2,
                FAIL,
                true,
            )
        },
        fail
    );
    // Triangular 4 x 4: a NaN below the diagonal counts only for the lower triangle.
    let mut t = vec![1.0f64; 16];
    t[3 + 4 * 1] = f64::NAN;
    let dt = dev(&t).cast();
    assert_eq!(
        unsafe {
            matrix_f64(
                NAME,
                handle(),
                NONE,
                UPPER,
                TRIANGULAR,
                4,
                4,
                dt,
                0,
                4,
                0,
                1,
                FAIL,
                true,
            )
        },
        ok
    );
    assert_eq!(
        unsafe {
            matrix_f64(
                NAME,
                handle(),
                NONE,
                LOWER,
                TRIANGULAR,
                4,
                4,
                dt,
                0,
                4,
                0,
                1,
                FAIL,
                true,
            )
        },
        fail
    );
}

#[test]
fn complex_parts() {
    let (ok, fail) = (rocblas_status_success, rocblas_status_check_numerics_fail);
    let v = |re: f64, im: f64| C64 { re, im };
    // A zero real part next to a finite imaginary part is neither zero nor abnormal.
    let a = vec![v(0.0, 1.0), v(2.0, 0.0), v(0.0, 0.0), v(1.0, 1.0)];
    assert_eq!(
        unsafe {
            matrix_c64(
                NAME,
                handle(),
                NONE,
                UPPER,
                GENERAL,
                2,
                2,
                dev(&a).cast(),
                0,
                2,
                0,
                1,
                FAIL,
                true,
            )
        },
        ok
    );
    let b = vec![v(1.0, 1.0), v(1.0, f64::NAN), v(1.0, 1.0), v(1.0, 1.0)];
    assert_eq!(
        unsafe {
            matrix_c64(
                NAME,
                handle(),
                NONE,
                UPPER,
                GENERAL,
                2,
                2,
                dev(&b).cast(),
                0,
                2,
                0,
                1,
                FAIL,
                true,
            )
        },
        fail
    );
    let c = vec![
        v(1.0, 1.0),
        v(f64::from_bits(1), 1.0),
        v(1.0, 1.0),
        v(1.0, 1.0),
    ];
    assert_eq!(
        unsafe {
            matrix_c64(
                NAME,
                handle(),
                NONE,
                UPPER,
                GENERAL,
                2,
                2,
                dev(&c).cast(),
                0,
                2,
                0,
                1,
                FAIL,
                true,
            )
        },
        fail
    );
}

#[test]
fn invalid_handle() {
    let x = vec![1.0f32; 4];
    assert_eq!(
        unsafe {
            vector_f32(
                NAME,
                std::ptr::null_mut(),
                4,
                dev(&x).cast(),
                0,
                1,
                0,
                1,
                FAIL,
                true,
            )
        },
        rocblas_status_invalid_handle
    );
    let _: (Vec_, Mat) = (vector_f32, matrix_f64);
}
