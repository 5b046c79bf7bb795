//! The triangular Level-3 C entry points, generated from declaration lists: one line per
//! function names its symbol, or its 32-bit and ILP64 symbols (`fn name / name_64()`), which
//! the build script's stub generator recognizes; each precision's group of single, `_batched`
//! and `_strided_batched` lines names its element type, and each family macro knows the C
//! signatures of its three forms (rocBLAS's `rocblas-functions.h`; `I` is `rocblas_int` or
//! `int64_t`, see `export!`). trsm has ILP64 twins; trtri, trsm_ex and 2.47's in-place trmm
//! and trmm_outofplace are 32-bit only; the out-of-place trmm of rocBLAS 4.0+ has both. The
//! `trsm*_ex` entry points dispatch on their compute type.

use super::ops::{self, ExType, TrtriForm};
use crate::blas1::num::{C32, C64};
use crate::export::{arr, export, one, st};
use crate::types::*;
use std::ffi::c_void;

type I = rocblas_int;
type E = i32; // rocblas_side, rocblas_fill, rocblas_operation, rocblas_diagonal (C enums)
type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! trsm_api {
    ($(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T, a: *const $T,
            lda: I, b: *mut $T, ldb: I) {
            ops::trsm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, one(a), lda.into(), one(b),
                ldb.into(), 1, 0)
        });
        export!(fn $b / $b64 (handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T,
            a: *const *const $T, lda: I, b: *const *mut $T, ldb: I, batch_count: I) {
            ops::trsm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, arr(a), lda.into(), arr(b),
                ldb.into(), batch_count.into(), 0)
        });
        export!(fn $sb / $sb64 (handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T, a: *const $T,
            lda: I, stride_a: St, b: *mut $T, ldb: I, stride_b: St, batch_count: I) {
            ops::trsm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, st(a, stride_a), lda.into(),
                st(b, stride_b), ldb.into(), batch_count.into(), 0)
        });
    )*};
}

/// trmm in place (rocBLAS 2.47: B := alpha op(A) B).
macro_rules! trmm_api {
    ($(
        fn $s:ident()
        fn $b:ident()
        fn $sb:ident() : $T:ty
    );* $(;)?) => {$(
        export!($s(handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            b: *mut $T, ldb: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, one(a), lda.into(), one(b),
                ldb.into(), None, 1, rocblas_status_invalid_size)
        });
        export!($b(handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T, a: *const *const $T,
            lda: I, b: *const *mut $T, ldb: I, batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, arr(a), lda.into(), arr(b),
                ldb.into(), None, batch_count.into(), rocblas_status_invalid_size)
        });
        export!($sb(handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *mut $T, ldb: I, stride_b: St, batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, st(a, stride_a), lda.into(),
                st(b, stride_b), ldb.into(), None, batch_count.into(), rocblas_status_invalid_size)
        });
    )*};
}

/// trmm out of place (C := alpha op(A) B), with the status of a C that is B under another
/// leading dimension; 32-bit only (2.47's trmm_outofplace) or with an ILP64 twin.
macro_rules! trmm_oop_api {
    ($alias:expr; $(
        fn $s:ident $(/ $s64:ident)? ()
        fn $b:ident $(/ $b64:ident)? ()
        fn $sb:ident $(/ $sb64:ident)? () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s $(/ $s64)? (handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T,
            a: *const $T, lda: I, b: *const $T, ldb: I, c: *mut $T, ldc: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, one(a), lda.into(), one(b),
                ldb.into(), Some((one(c), ldc.into())), 1, $alias)
        });
        export!(fn $b $(/ $b64)? (handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T,
            a: *const *const $T, lda: I, b: *const *const $T, ldb: I, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, arr(a), lda.into(), arr(b),
                ldb.into(), Some((arr(c), ldc.into())), batch_count.into(), $alias)
        });
        export!(fn $sb $(/ $sb64)? (handle: H, side: E, uplo: E, trans_a: E, diag: E, m: I, n: I, alpha: *const $T,
            a: *const $T, lda: I, stride_a: St, b: *const $T, ldb: I, stride_b: St, c: *mut $T, ldc: I, stride_c: St,
            batch_count: I) {
            ops::trmm::<$T>(handle, side, uplo, trans_a, diag, m.into(), n.into(), alpha, st(a, stride_a), lda.into(),
                st(b, stride_b), ldb.into(), Some((st(c, stride_c), ldc.into())), batch_count.into(), $alias)
        });
    )*};
}

macro_rules! trtri_api {
    ($(
        fn $s:ident()
        fn $b:ident()
        fn $sb:ident() : $T:ty
    );* $(;)?) => {$(
        export!($s(handle: H, uplo: E, diag: E, n: I, a: *const $T, lda: I, inv_a: *mut $T, ldinv_a: I) {
            ops::trtri::<$T>(handle, uplo, diag, n.into(), one(a), lda.into(), one(inv_a), ldinv_a.into(), 1,
                TrtriForm::Single)
        });
        export!($b(handle: H, uplo: E, diag: E, n: I, a: *const *const $T, lda: I, inv_a: *const *mut $T, ldinv_a: I,
            batch_count: I) {
            ops::trtri::<$T>(handle, uplo, diag, n.into(), arr(a), lda.into(), arr(inv_a), ldinv_a.into(),
                batch_count.into(), TrtriForm::Batched)
        });
        export!($sb(handle: H, uplo: E, diag: E, n: I, a: *const $T, lda: I, stride_a: St, inv_a: *mut $T, ldinv_a: I,
            stride_inv_a: St, batch_count: I) {
            ops::trtri::<$T>(handle, uplo, diag, n.into(), st(a, stride_a), lda.into(), st(inv_a, stride_inv_a),
                ldinv_a.into(), batch_count.into(), TrtriForm::Strided)
        });
    )*};
}

trsm_api! {
    fn rocblas_strsm / rocblas_strsm_64()
    fn rocblas_strsm_batched / rocblas_strsm_batched_64()
    fn rocblas_strsm_strided_batched / rocblas_strsm_strided_batched_64(): f32;
    fn rocblas_dtrsm / rocblas_dtrsm_64()
    fn rocblas_dtrsm_batched / rocblas_dtrsm_batched_64()
    fn rocblas_dtrsm_strided_batched / rocblas_dtrsm_strided_batched_64(): f64;
    fn rocblas_ctrsm / rocblas_ctrsm_64()
    fn rocblas_ctrsm_batched / rocblas_ctrsm_batched_64()
    fn rocblas_ctrsm_strided_batched / rocblas_ctrsm_strided_batched_64(): C32;
    fn rocblas_ztrsm / rocblas_ztrsm_64()
    fn rocblas_ztrsm_batched / rocblas_ztrsm_batched_64()
    fn rocblas_ztrsm_strided_batched / rocblas_ztrsm_strided_batched_64(): C64;
}
trmm_api! {
    fn rocblas_strmm()
    fn rocblas_strmm_batched()
    fn rocblas_strmm_strided_batched(): f32;
    fn rocblas_dtrmm()
    fn rocblas_dtrmm_batched()
    fn rocblas_dtrmm_strided_batched(): f64;
    fn rocblas_ctrmm()
    fn rocblas_ctrmm_batched()
    fn rocblas_ctrmm_strided_batched(): C32;
    fn rocblas_ztrmm()
    fn rocblas_ztrmm_batched()
    fn rocblas_ztrmm_strided_batched(): C64;
}
trmm_oop_api! { rocblas_status_invalid_size;
    fn rocblas_strmm_outofplace()
    fn rocblas_strmm_outofplace_batched()
    fn rocblas_strmm_outofplace_strided_batched(): f32;
    fn rocblas_dtrmm_outofplace()
    fn rocblas_dtrmm_outofplace_batched()
    fn rocblas_dtrmm_outofplace_strided_batched(): f64;
    fn rocblas_ctrmm_outofplace()
    fn rocblas_ctrmm_outofplace_batched()
    fn rocblas_ctrmm_outofplace_strided_batched(): C32;
    fn rocblas_ztrmm_outofplace()
    fn rocblas_ztrmm_outofplace_batched()
    fn rocblas_ztrmm_outofplace_strided_batched(): C64;
}
// rocBLAS 4.0+ replaced the in-place trmm by the out-of-place signature under the same
// names: defined here as `oxrocm_abi4_rocblas_?trmm*`, which `cargo xtask stage` renames to
// `rocblas_?trmm*` in the librocblas.so.4 / .so.5 outputs (the .so.0 keeps the in-place ones).
trmm_oop_api! { rocblas_status_invalid_value;
    fn oxrocm_abi4_rocblas_strmm / rocblas_strmm_64()
    fn oxrocm_abi4_rocblas_strmm_batched / rocblas_strmm_batched_64()
    fn oxrocm_abi4_rocblas_strmm_strided_batched / rocblas_strmm_strided_batched_64(): f32;
    fn oxrocm_abi4_rocblas_dtrmm / rocblas_dtrmm_64()
    fn oxrocm_abi4_rocblas_dtrmm_batched / rocblas_dtrmm_batched_64()
    fn oxrocm_abi4_rocblas_dtrmm_strided_batched / rocblas_dtrmm_strided_batched_64(): f64;
    fn oxrocm_abi4_rocblas_ctrmm / rocblas_ctrmm_64()
    fn oxrocm_abi4_rocblas_ctrmm_batched / rocblas_ctrmm_batched_64()
    fn oxrocm_abi4_rocblas_ctrmm_strided_batched / rocblas_ctrmm_strided_batched_64(): C32;
    fn oxrocm_abi4_rocblas_ztrmm / rocblas_ztrmm_64()
    fn oxrocm_abi4_rocblas_ztrmm_batched / rocblas_ztrmm_batched_64()
    fn oxrocm_abi4_rocblas_ztrmm_strided_batched / rocblas_ztrmm_strided_batched_64(): C64;
}
trtri_api! {
    fn rocblas_strtri()
    fn rocblas_strtri_batched()
    fn rocblas_strtri_strided_batched(): f32;
    fn rocblas_dtrtri()
    fn rocblas_dtrtri_batched()
    fn rocblas_dtrtri_strided_batched(): f64;
    fn rocblas_ctrtri()
    fn rocblas_ctrtri_batched()
    fn rocblas_ctrtri_strided_batched(): C32;
    fn rocblas_ztrtri()
    fn rocblas_ztrtri_batched()
    fn rocblas_ztrtri_strided_batched(): C64;
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

export!(
    fn rocblas_trsm_ex(
        handle: H,
        side: E,
        uplo: E,
        trans_a: E,
        diag: E,
        m: I,
        n: I,
        alpha: *const c_void,
        a: *const c_void,
        lda: I,
        b: *mut c_void,
        ldb: I,
        inv_a: *const c_void,
        inv_a_size: I,
        compute_type: rocblas_datatype,
    ) {
        let _ = inv_a;
        by_type!(ops::ex_type(compute_type), T => ops::trsm::<T>(handle, side, uplo, trans_a, diag, m.into(), n.into(),
        alpha.cast(), one(a as *const T), lda.into(), one(b as *const T), ldb.into(), 1, inv_a_size.into()))
    }
);

export!(
    fn rocblas_trsm_batched_ex(
        handle: H,
        side: E,
        uplo: E,
        trans_a: E,
        diag: E,
        m: I,
        n: I,
        alpha: *const c_void,
        a: *const c_void,
        lda: I,
        b: *mut c_void,
        ldb: I,
        batch_count: I,
        inv_a: *const c_void,
        inv_a_size: I,
        compute_type: rocblas_datatype,
    ) {
        let _ = inv_a;
        by_type!(ops::ex_type(compute_type), T => ops::trsm::<T>(handle, side, uplo, trans_a, diag, m.into(), n.into(),
        alpha.cast(), arr(a as *const *const T), lda.into(), arr(b as *const *mut T), ldb.into(), batch_count.into(),
        inv_a_size.into()))
    }
);

export!(
    fn rocblas_trsm_strided_batched_ex(
        handle: H,
        side: E,
        uplo: E,
        trans_a: E,
        diag: E,
        m: I,
        n: I,
        alpha: *const c_void,
        a: *const c_void,
        lda: I,
        stride_a: St,
        b: *mut c_void,
        ldb: I,
        stride_b: St,
        batch_count: I,
        inv_a: *const c_void,
        inv_a_size: I,
        stride_inv_a: St,
        compute_type: rocblas_datatype,
    ) {
        let _ = (inv_a, stride_inv_a);
        by_type!(ops::ex_type(compute_type), T => ops::trsm::<T>(handle, side, uplo, trans_a, diag, m.into(), n.into(),
        alpha.cast(), st(a as *const T, stride_a), lda.into(), st(b as *const T, stride_b), ldb.into(), batch_count.into(),
        inv_a_size.into()))
    }
);
