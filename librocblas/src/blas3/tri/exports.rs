//! The triangular Level-3 C entry points, generated from declaration lists: one line per
//! precision names its single, `_batched` and `_strided_batched` symbols (as `fn name()`,
//! which the build script's stub generator recognizes) and element type; each family macro
//! knows the C signatures of its three forms (rocBLAS 2.47's `rocblas-functions.h`). The
//! `trsm*_ex` entry points dispatch on their compute type.

use super::ops::{self, ExType, TrtriForm};
use crate::blas1::num::{C32, C64};
use crate::export::{arr, export, one, st};
use crate::types::*;
use std::ffi::c_void;

type I = rocblas_int;
type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! trsm_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            b: *mut $T, ldb: I) {
            ops::trsm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, one(a), lda, one(b), ldb, 1, 0)
        });
        export!($b(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const *const $T,
            lda: I, b: *const *mut $T, ldb: I, batch_count: I) {
            ops::trsm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, arr(a), lda, arr(b), ldb, batch_count, 0)
        });
        export!($sb(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *mut $T, ldb: I, stride_b: St, batch_count: I) {
            ops::trsm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, st(a, stride_a), lda, st(b, stride_b), ldb,
                batch_count, 0)
        });
    )*};
}

/// trmm in place (rocBLAS 2.47: B := alpha op(A) B).
macro_rules! trmm_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            b: *mut $T, ldb: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, one(a), lda, one(b), ldb, None, 1)
        });
        export!($b(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const *const $T,
            lda: I, b: *const *mut $T, ldb: I, batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, arr(a), lda, arr(b), ldb, None, batch_count)
        });
        export!($sb(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *mut $T, ldb: I, stride_b: St, batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, st(a, stride_a), lda, st(b, stride_b), ldb, None,
                batch_count)
        });
    )*};
}

/// trmm out of place (C := alpha op(A) B).
macro_rules! trmm_oop_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            b: *const $T, ldb: I, c: *mut $T, ldc: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, one(a), lda, one(b), ldb, Some((one(c), ldc)), 1)
        });
        export!($b(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const *const $T,
            lda: I, b: *const *const $T, ldb: I, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, arr(a), lda, arr(b), ldb, Some((arr(c), ldc)),
                batch_count)
        });
        export!($sb(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *const $T, ldb: I, stride_b: St, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m, n, alpha, st(a, stride_a), lda, st(b, stride_b), ldb,
                Some((st(c, stride_c), ldc)), batch_count)
        });
    )*};
}

macro_rules! trtri_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, diag: I, n: I, a: *const $T, lda: I, inv_a: *mut $T, ldinv_a: I) {
            ops::trtri::<$T>(handle, uplo, diag, n, one(a), lda, one(inv_a), ldinv_a, 1, TrtriForm::Single)
        });
        export!($b(handle: H, uplo: I, diag: I, n: I, a: *const *const $T, lda: I, inv_a: *const *mut $T, ldinv_a: I,
            batch_count: I) {
            ops::trtri::<$T>(handle, uplo, diag, n, arr(a), lda, arr(inv_a), ldinv_a, batch_count, TrtriForm::Batched)
        });
        export!($sb(handle: H, uplo: I, diag: I, n: I, a: *const $T, lda: I, stride_a: St, inv_a: *mut $T, ldinv_a: I,
            stride_inv_a: St, batch_count: I) {
            ops::trtri::<$T>(handle, uplo, diag, n, st(a, stride_a), lda, st(inv_a, stride_inv_a), ldinv_a, batch_count,
                TrtriForm::Strided)
        });
    )*};
}

trsm_api! {
    fn rocblas_strsm() fn rocblas_strsm_batched() fn rocblas_strsm_strided_batched(): f32;
    fn rocblas_dtrsm() fn rocblas_dtrsm_batched() fn rocblas_dtrsm_strided_batched(): f64;
    fn rocblas_ctrsm() fn rocblas_ctrsm_batched() fn rocblas_ctrsm_strided_batched(): C32;
    fn rocblas_ztrsm() fn rocblas_ztrsm_batched() fn rocblas_ztrsm_strided_batched(): C64;
}
trmm_api! {
    fn rocblas_strmm() fn rocblas_strmm_batched() fn rocblas_strmm_strided_batched(): f32;
    fn rocblas_dtrmm() fn rocblas_dtrmm_batched() fn rocblas_dtrmm_strided_batched(): f64;
    fn rocblas_ctrmm() fn rocblas_ctrmm_batched() fn rocblas_ctrmm_strided_batched(): C32;
    fn rocblas_ztrmm() fn rocblas_ztrmm_batched() fn rocblas_ztrmm_strided_batched(): C64;
}
trmm_oop_api! {
    fn rocblas_strmm_outofplace() fn rocblas_strmm_outofplace_batched() fn rocblas_strmm_outofplace_strided_batched(): f32;
    fn rocblas_dtrmm_outofplace() fn rocblas_dtrmm_outofplace_batched() fn rocblas_dtrmm_outofplace_strided_batched(): f64;
    fn rocblas_ctrmm_outofplace() fn rocblas_ctrmm_outofplace_batched() fn rocblas_ctrmm_outofplace_strided_batched(): C32;
    fn rocblas_ztrmm_outofplace() fn rocblas_ztrmm_outofplace_batched() fn rocblas_ztrmm_outofplace_strided_batched(): C64;
}
trtri_api! {
    fn rocblas_strtri() fn rocblas_strtri_batched() fn rocblas_strtri_strided_batched(): f32;
    fn rocblas_dtrtri() fn rocblas_dtrtri_batched() fn rocblas_dtrtri_strided_batched(): f64;
    fn rocblas_ctrtri() fn rocblas_ctrtri_batched() fn rocblas_ctrtri_strided_batched(): C32;
    fn rocblas_ztrtri() fn rocblas_ztrtri_batched() fn rocblas_ztrtri_strided_batched(): C64;
}

/// Runs `$body` with `$T` bound to the element type `$ty` names (one instantiation each).
macro_rules! by_type {
    ($ty:expr, $T:ident => $body:expr) => {
        match $ty {
            Err(e) => Err(e),
            Ok(ExType::S) => {
                type $T = f32;
                $body
            }
            Ok(ExType::D) => {
                type $T = f64;
                $body
            }
            Ok(ExType::C) => {
                type $T = C32;
                $body
            }
            Ok(ExType::Z) => {
                type $T = C64;
                $body
            }
        }
    };
}

export!(fn rocblas_trsm_ex(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const c_void,
    a: *const c_void, lda: I, b: *mut c_void, ldb: I, inv_a: *const c_void, inv_a_size: I, compute_type: rocblas_datatype) {
    let _ = inv_a;
    by_type!(ops::ex_type(compute_type), T => ops::trsm::<T>(handle, side, uplo, trans_a, diag, m, n, alpha.cast(),
        one(a as *const T), lda, one(b as *const T), ldb, 1, inv_a_size))
});

export!(fn rocblas_trsm_batched_ex(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I, alpha: *const c_void,
    a: *const c_void, lda: I, b: *mut c_void, ldb: I, batch_count: I, inv_a: *const c_void, inv_a_size: I,
    compute_type: rocblas_datatype) {
    let _ = inv_a;
    by_type!(ops::ex_type(compute_type), T => ops::trsm::<T>(handle, side, uplo, trans_a, diag, m, n, alpha.cast(),
        arr(a as *const *const T), lda, arr(b as *const *mut T), ldb, batch_count, inv_a_size))
});

export!(fn rocblas_trsm_strided_batched_ex(handle: H, side: I, uplo: I, trans_a: I, diag: I, m: I, n: I,
    alpha: *const c_void, a: *const c_void, lda: I, stride_a: St, b: *mut c_void, ldb: I, stride_b: St, batch_count: I,
    inv_a: *const c_void, inv_a_size: I, stride_inv_a: St, compute_type: rocblas_datatype) {
    let _ = (inv_a, stride_inv_a);
    by_type!(ops::ex_type(compute_type), T => ops::trsm::<T>(handle, side, uplo, trans_a, diag, m, n, alpha.cast(),
        st(a as *const T, stride_a), lda, st(b as *const T, stride_b), ldb, batch_count, inv_a_size))
});
