//! The Level-2 C entry points, generated from declaration lists: one line per function names
//! its 32-bit and ILP64 symbols (`fn name / name_64()`, which the build script's stub
//! generator recognizes), and each precision's group of single, `_batched` and
//! `_strided_batched` lines its element type; the family macro knows the C signature of
//! each form (rocBLAS's `rocblas-functions.h`; `I` is `rocblas_int` or `int64_t`, see `export!`).

use super::ops::{self, SymKind, TriKind, Upd};
use crate::blas1::exec::Src;
use crate::blas1::num::{C32, C64};
use crate::export::{arr, export, one, st};
use crate::types::*;

type E = i32; // rocblas_operation, rocblas_fill, rocblas_diagonal (C enums)
type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! gemv_api {
    ($(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, trans: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::gemv::<$T>(handle, trans, m.into(), n.into(), alpha, one(a), lda.into(), one(x), incx.into(), beta, one(y),
                incy.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, trans: E, m: I, n: I, alpha: *const $T, a: *const *const $T, lda: I,
            x: *const *const $T, incx: I, beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::gemv::<$T>(handle, trans, m.into(), n.into(), alpha, arr(a), lda.into(), arr(x), incx.into(), beta, arr(y),
                incy.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, trans: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St,
            x: *const $T, incx: I, stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::gemv::<$T>(handle, trans, m.into(), n.into(), alpha, st(a, stride_a), lda.into(), st(x, stride_x),
                incx.into(), beta, st(y, stride_y), incy.into(), batch_count.into())
        });
    )*};
}

macro_rules! gbmv_api {
    ($(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, trans: E, m: I, n: I, kl: I, ku: I, alpha: *const $T, a: *const $T, lda: I,
            x: *const $T, incx: I, beta: *const $T, y: *mut $T, incy: I) {
            ops::gbmv::<$T>(handle, trans, m.into(), n.into(), kl.into(), ku.into(), alpha, one(a), lda.into(), one(x),
                incx.into(), beta, one(y), incy.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, trans: E, m: I, n: I, kl: I, ku: I, alpha: *const $T, a: *const *const $T, lda: I,
            x: *const *const $T, incx: I, beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::gbmv::<$T>(handle, trans, m.into(), n.into(), kl.into(), ku.into(), alpha, arr(a), lda.into(), arr(x),
                incx.into(), beta, arr(y), incy.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, trans: E, m: I, n: I, kl: I, ku: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, x: *const $T, incx: I, stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St,
            batch_count: I) {
            ops::gbmv::<$T>(handle, trans, m.into(), n.into(), kl.into(), ku.into(), alpha, st(a, stride_a), lda.into(),
                st(x, stride_x), incx.into(), beta, st(y, stride_y), incy.into(), batch_count.into())
        });
    )*};
}

/// hemv / symv (full storage).
macro_rules! symv_api {
    ($herm:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, n: I, alpha: *const $T, a: *const $T, lda: I, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Full, $herm, alpha, one(a), lda.into(), one(x), incx.into(),
                beta, one(y), incy.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, n: I, alpha: *const $T, a: *const *const $T, lda: I, x: *const *const $T,
            incx: I, beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Full, $herm, alpha, arr(a), lda.into(), arr(x), incx.into(),
                beta, arr(y), incy.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, n: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St, x: *const $T,
            incx: I, stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Full, $herm, alpha, st(a, stride_a), lda.into(),
                st(x, stride_x), incx.into(), beta, st(y, stride_y), incy.into(), batch_count.into())
        });
    )*};
}

/// hbmv / sbmv (band storage).
macro_rules! sbmv_api {
    ($herm:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, n: I, k: I, alpha: *const $T, a: *const $T, lda: I, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Band(k.into()), $herm, alpha, one(a), lda.into(), one(x),
                incx.into(), beta, one(y), incy.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, n: I, k: I, alpha: *const $T, a: *const *const $T, lda: I,
            x: *const *const $T, incx: I, beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Band(k.into()), $herm, alpha, arr(a), lda.into(), arr(x),
                incx.into(), beta, arr(y), incy.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, n: I, k: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St,
            x: *const $T, incx: I, stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Band(k.into()), $herm, alpha, st(a, stride_a), lda.into(),
                st(x, stride_x), incx.into(), beta, st(y, stride_y), incy.into(), batch_count.into())
        });
    )*};
}

/// hpmv / spmv (packed storage).
macro_rules! spmv_api {
    ($herm:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, n: I, alpha: *const $T, ap: *const $T, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Packed, $herm, alpha, one(ap), 1, one(x), incx.into(), beta,
                one(y), incy.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, n: I, alpha: *const $T, ap: *const *const $T, x: *const *const $T, incx: I,
            beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Packed, $herm, alpha, arr(ap), 1, arr(x), incx.into(), beta,
                arr(y), incy.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, n: I, alpha: *const $T, ap: *const $T, stride_a: St, x: *const $T,
            incx: I, stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n.into(), SymKind::Packed, $herm, alpha, st(ap, stride_a), 1, st(x, stride_x),
                incx.into(), beta, st(y, stride_y), incy.into(), batch_count.into())
        });
    )*};
}

/// ger / geru / gerc.
macro_rules! ger_api {
    ($conj:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, m: I, n: I, alpha: *const $T, x: *const $T, incx: I, y: *const $T, incy: I,
            a: *mut $T, lda: I) {
            ops::ger::<$T>(handle, m.into(), n.into(), alpha, one(x), incx.into(), one(y), incy.into(), one(a), lda.into(),
                1, $conj)
        });
        export!(fn $b / $b64 (handle: H, m: I, n: I, alpha: *const $T, x: *const *const $T, incx: I, y: *const *const $T,
            incy: I, a: *const *mut $T, lda: I, batch_count: I) {
            ops::ger::<$T>(handle, m.into(), n.into(), alpha, arr(x), incx.into(), arr(y), incy.into(), arr(a), lda.into(),
                batch_count.into(), $conj)
        });
        export!(fn $sb / $sb64 (handle: H, m: I, n: I, alpha: *const $T, x: *const $T, incx: I, stride_x: St, y: *const $T,
            incy: I, stride_y: St, a: *mut $T, lda: I, stride_a: St, batch_count: I) {
            ops::ger::<$T>(handle, m.into(), n.into(), alpha, st(x, stride_x), incx.into(), st(y, stride_y), incy.into(),
                st(a, stride_a), lda.into(), batch_count.into(), $conj)
        });
    )*};
}

/// syr / her (alpha type A: real for her).
macro_rules! syr_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty, $A:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, n: I, alpha: *const $A, x: *const $T, incx: I, a: *mut $T, lda: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n.into(), alpha, one(x), incx.into(), Src::Strided(0, 0), 1, one(a),
                Some(lda.into()), 1, $kind)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, n: I, alpha: *const $A, x: *const *const $T, incx: I, a: *const *mut $T,
            lda: I, batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n.into(), alpha, arr(x), incx.into(), Src::Strided(0, 0), 1, arr(a),
                Some(lda.into()), batch_count.into(), $kind)
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, n: I, alpha: *const $A, x: *const $T, incx: I, stride_x: St, a: *mut $T,
            lda: I, stride_a: St, batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n.into(), alpha, st(x, stride_x), incx.into(), Src::Strided(0, 0), 1,
                st(a, stride_a), Some(lda.into()), batch_count.into(), $kind)
        });
    )*};
}

/// syr2 / her2.
macro_rules! syr2_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, n: I, alpha: *const $T, x: *const $T, incx: I, y: *const $T, incy: I,
            a: *mut $T, lda: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n.into(), alpha, one(x), incx.into(), one(y), incy.into(), one(a),
                Some(lda.into()), 1, $kind)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, n: I, alpha: *const $T, x: *const *const $T, incx: I, y: *const *const $T,
            incy: I, a: *const *mut $T, lda: I, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n.into(), alpha, arr(x), incx.into(), arr(y), incy.into(), arr(a),
                Some(lda.into()), batch_count.into(), $kind)
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, n: I, alpha: *const $T, x: *const $T, incx: I, stride_x: St,
            y: *const $T, incy: I, stride_y: St, a: *mut $T, lda: I, stride_a: St, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n.into(), alpha, st(x, stride_x), incx.into(), st(y, stride_y),
                incy.into(), st(a, stride_a), Some(lda.into()), batch_count.into(), $kind)
        });
    )*};
}

/// spr / hpr (alpha type A: real for hpr).
macro_rules! spr_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty, $A:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, n: I, alpha: *const $A, x: *const $T, incx: I, ap: *mut $T) {
            ops::sym_update::<$T, $A>(handle, uplo, n.into(), alpha, one(x), incx.into(), Src::Strided(0, 0), 1, one(ap),
                None, 1, $kind)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, n: I, alpha: *const $A, x: *const *const $T, incx: I, ap: *const *mut $T,
            batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n.into(), alpha, arr(x), incx.into(), Src::Strided(0, 0), 1, arr(ap),
                None, batch_count.into(), $kind)
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, n: I, alpha: *const $A, x: *const $T, incx: I, stride_x: St, ap: *mut $T,
            stride_a: St, batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n.into(), alpha, st(x, stride_x), incx.into(), Src::Strided(0, 0), 1,
                st(ap, stride_a), None, batch_count.into(), $kind)
        });
    )*};
}

/// spr2 / hpr2.
macro_rules! spr2_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, n: I, alpha: *const $T, x: *const $T, incx: I, y: *const $T, incy: I,
            ap: *mut $T) {
            ops::sym_update::<$T, $T>(handle, uplo, n.into(), alpha, one(x), incx.into(), one(y), incy.into(), one(ap), None,
                1, $kind)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, n: I, alpha: *const $T, x: *const *const $T, incx: I, y: *const *const $T,
            incy: I, ap: *const *mut $T, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n.into(), alpha, arr(x), incx.into(), arr(y), incy.into(), arr(ap), None,
                batch_count.into(), $kind)
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, n: I, alpha: *const $T, x: *const $T, incx: I, stride_x: St,
            y: *const $T, incy: I, stride_y: St, ap: *mut $T, stride_a: St, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n.into(), alpha, st(x, stride_x), incx.into(), st(y, stride_y),
                incy.into(), st(ap, stride_a), None, batch_count.into(), $kind)
        });
    )*};
}

/// trmv / trsv (full storage).
macro_rules! trmv_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, trans: E, diag: E, m: I, a: *const $T, lda: I, x: *mut $T, incx: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, m.into(), $kind, one(a), lda.into(), one(x), incx.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, trans: E, diag: E, m: I, a: *const *const $T, lda: I, x: *const *mut $T,
            incx: I, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, m.into(), $kind, arr(a), lda.into(), arr(x), incx.into(),
                batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, trans: E, diag: E, m: I, a: *const $T, lda: I, stride_a: St, x: *mut $T,
            incx: I, stride_x: St, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, m.into(), $kind, st(a, stride_a), lda.into(), st(x, stride_x),
                incx.into(), batch_count.into())
        });
    )*};
}

/// tbmv / tbsv (band storage).
macro_rules! tbmv_api {
    ($kind:ident; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, trans: E, diag: E, n: I, k: I, a: *const $T, lda: I, x: *mut $T, incx: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n.into(), TriKind::$kind(k.into()), one(a), lda.into(), one(x),
                incx.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, trans: E, diag: E, n: I, k: I, a: *const *const $T, lda: I,
            x: *const *mut $T, incx: I, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n.into(), TriKind::$kind(k.into()), arr(a), lda.into(), arr(x),
                incx.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, trans: E, diag: E, n: I, k: I, a: *const $T, lda: I, stride_a: St,
            x: *mut $T, incx: I, stride_x: St, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n.into(), TriKind::$kind(k.into()), st(a, stride_a), lda.into(),
                st(x, stride_x), incx.into(), batch_count.into())
        });
    )*};
}

/// tpmv / tpsv (packed storage).
macro_rules! tpmv_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, trans: E, diag: E, n: I, ap: *const $T, x: *mut $T, incx: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n.into(), $kind, one(ap), 1, one(x), incx.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, trans: E, diag: E, n: I, ap: *const *const $T, x: *const *mut $T, incx: I,
            batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n.into(), $kind, arr(ap), 1, arr(x), incx.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, trans: E, diag: E, n: I, ap: *const $T, stride_a: St, x: *mut $T,
            incx: I, stride_x: St, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n.into(), $kind, st(ap, stride_a), 1, st(x, stride_x), incx.into(),
                batch_count.into())
        });
    )*};
}

gemv_api! {
    fn rocblas_sgemv / rocblas_sgemv_64()
    fn rocblas_sgemv_batched / rocblas_sgemv_batched_64()
    fn rocblas_sgemv_strided_batched / rocblas_sgemv_strided_batched_64(): f32;
    fn rocblas_dgemv / rocblas_dgemv_64()
    fn rocblas_dgemv_batched / rocblas_dgemv_batched_64()
    fn rocblas_dgemv_strided_batched / rocblas_dgemv_strided_batched_64(): f64;
    fn rocblas_cgemv / rocblas_cgemv_64()
    fn rocblas_cgemv_batched / rocblas_cgemv_batched_64()
    fn rocblas_cgemv_strided_batched / rocblas_cgemv_strided_batched_64(): C32;
    fn rocblas_zgemv / rocblas_zgemv_64()
    fn rocblas_zgemv_batched / rocblas_zgemv_batched_64()
    fn rocblas_zgemv_strided_batched / rocblas_zgemv_strided_batched_64(): C64;
}
gbmv_api! {
    fn rocblas_sgbmv / rocblas_sgbmv_64()
    fn rocblas_sgbmv_batched / rocblas_sgbmv_batched_64()
    fn rocblas_sgbmv_strided_batched / rocblas_sgbmv_strided_batched_64(): f32;
    fn rocblas_dgbmv / rocblas_dgbmv_64()
    fn rocblas_dgbmv_batched / rocblas_dgbmv_batched_64()
    fn rocblas_dgbmv_strided_batched / rocblas_dgbmv_strided_batched_64(): f64;
    fn rocblas_cgbmv / rocblas_cgbmv_64()
    fn rocblas_cgbmv_batched / rocblas_cgbmv_batched_64()
    fn rocblas_cgbmv_strided_batched / rocblas_cgbmv_strided_batched_64(): C32;
    fn rocblas_zgbmv / rocblas_zgbmv_64()
    fn rocblas_zgbmv_batched / rocblas_zgbmv_batched_64()
    fn rocblas_zgbmv_strided_batched / rocblas_zgbmv_strided_batched_64(): C64;
}
symv_api! { false;
    fn rocblas_ssymv / rocblas_ssymv_64()
    fn rocblas_ssymv_batched / rocblas_ssymv_batched_64()
    fn rocblas_ssymv_strided_batched / rocblas_ssymv_strided_batched_64(): f32;
    fn rocblas_dsymv / rocblas_dsymv_64()
    fn rocblas_dsymv_batched / rocblas_dsymv_batched_64()
    fn rocblas_dsymv_strided_batched / rocblas_dsymv_strided_batched_64(): f64;
    fn rocblas_csymv / rocblas_csymv_64()
    fn rocblas_csymv_batched / rocblas_csymv_batched_64()
    fn rocblas_csymv_strided_batched / rocblas_csymv_strided_batched_64(): C32;
    fn rocblas_zsymv / rocblas_zsymv_64()
    fn rocblas_zsymv_batched / rocblas_zsymv_batched_64()
    fn rocblas_zsymv_strided_batched / rocblas_zsymv_strided_batched_64(): C64;
}
symv_api! { true;
    fn rocblas_chemv / rocblas_chemv_64()
    fn rocblas_chemv_batched / rocblas_chemv_batched_64()
    fn rocblas_chemv_strided_batched / rocblas_chemv_strided_batched_64(): C32;
    fn rocblas_zhemv / rocblas_zhemv_64()
    fn rocblas_zhemv_batched / rocblas_zhemv_batched_64()
    fn rocblas_zhemv_strided_batched / rocblas_zhemv_strided_batched_64(): C64;
}
sbmv_api! { false;
    fn rocblas_ssbmv / rocblas_ssbmv_64()
    fn rocblas_ssbmv_batched / rocblas_ssbmv_batched_64()
    fn rocblas_ssbmv_strided_batched / rocblas_ssbmv_strided_batched_64(): f32;
    fn rocblas_dsbmv / rocblas_dsbmv_64()
    fn rocblas_dsbmv_batched / rocblas_dsbmv_batched_64()
    fn rocblas_dsbmv_strided_batched / rocblas_dsbmv_strided_batched_64(): f64;
}
sbmv_api! { true;
    fn rocblas_chbmv / rocblas_chbmv_64()
    fn rocblas_chbmv_batched / rocblas_chbmv_batched_64()
    fn rocblas_chbmv_strided_batched / rocblas_chbmv_strided_batched_64(): C32;
    fn rocblas_zhbmv / rocblas_zhbmv_64()
    fn rocblas_zhbmv_batched / rocblas_zhbmv_batched_64()
    fn rocblas_zhbmv_strided_batched / rocblas_zhbmv_strided_batched_64(): C64;
}
spmv_api! { false;
    fn rocblas_sspmv / rocblas_sspmv_64()
    fn rocblas_sspmv_batched / rocblas_sspmv_batched_64()
    fn rocblas_sspmv_strided_batched / rocblas_sspmv_strided_batched_64(): f32;
    fn rocblas_dspmv / rocblas_dspmv_64()
    fn rocblas_dspmv_batched / rocblas_dspmv_batched_64()
    fn rocblas_dspmv_strided_batched / rocblas_dspmv_strided_batched_64(): f64;
}
spmv_api! { true;
    fn rocblas_chpmv / rocblas_chpmv_64()
    fn rocblas_chpmv_batched / rocblas_chpmv_batched_64()
    fn rocblas_chpmv_strided_batched / rocblas_chpmv_strided_batched_64(): C32;
    fn rocblas_zhpmv / rocblas_zhpmv_64()
    fn rocblas_zhpmv_batched / rocblas_zhpmv_batched_64()
    fn rocblas_zhpmv_strided_batched / rocblas_zhpmv_strided_batched_64(): C64;
}
ger_api! { false;
    fn rocblas_sger / rocblas_sger_64()
    fn rocblas_sger_batched / rocblas_sger_batched_64()
    fn rocblas_sger_strided_batched / rocblas_sger_strided_batched_64(): f32;
    fn rocblas_dger / rocblas_dger_64()
    fn rocblas_dger_batched / rocblas_dger_batched_64()
    fn rocblas_dger_strided_batched / rocblas_dger_strided_batched_64(): f64;
}
ger_api! { false;
    fn rocblas_cgeru / rocblas_cgeru_64()
    fn rocblas_cgeru_batched / rocblas_cgeru_batched_64()
    fn rocblas_cgeru_strided_batched / rocblas_cgeru_strided_batched_64(): C32;
    fn rocblas_zgeru / rocblas_zgeru_64()
    fn rocblas_zgeru_batched / rocblas_zgeru_batched_64()
    fn rocblas_zgeru_strided_batched / rocblas_zgeru_strided_batched_64(): C64;
}
ger_api! { true;
    fn rocblas_cgerc / rocblas_cgerc_64()
    fn rocblas_cgerc_batched / rocblas_cgerc_batched_64()
    fn rocblas_cgerc_strided_batched / rocblas_cgerc_strided_batched_64(): C32;
    fn rocblas_zgerc / rocblas_zgerc_64()
    fn rocblas_zgerc_batched / rocblas_zgerc_batched_64()
    fn rocblas_zgerc_strided_batched / rocblas_zgerc_strided_batched_64(): C64;
}
syr_api! { Upd::Syr;
    fn rocblas_ssyr / rocblas_ssyr_64()
    fn rocblas_ssyr_batched / rocblas_ssyr_batched_64()
    fn rocblas_ssyr_strided_batched / rocblas_ssyr_strided_batched_64(): f32, f32;
    fn rocblas_dsyr / rocblas_dsyr_64()
    fn rocblas_dsyr_batched / rocblas_dsyr_batched_64()
    fn rocblas_dsyr_strided_batched / rocblas_dsyr_strided_batched_64(): f64, f64;
    fn rocblas_csyr / rocblas_csyr_64()
    fn rocblas_csyr_batched / rocblas_csyr_batched_64()
    fn rocblas_csyr_strided_batched / rocblas_csyr_strided_batched_64(): C32, C32;
    fn rocblas_zsyr / rocblas_zsyr_64()
    fn rocblas_zsyr_batched / rocblas_zsyr_batched_64()
    fn rocblas_zsyr_strided_batched / rocblas_zsyr_strided_batched_64(): C64, C64;
}
syr_api! { Upd::Her;
    fn rocblas_cher / rocblas_cher_64()
    fn rocblas_cher_batched / rocblas_cher_batched_64()
    fn rocblas_cher_strided_batched / rocblas_cher_strided_batched_64(): C32, f32;
    fn rocblas_zher / rocblas_zher_64()
    fn rocblas_zher_batched / rocblas_zher_batched_64()
    fn rocblas_zher_strided_batched / rocblas_zher_strided_batched_64(): C64, f64;
}
syr2_api! { Upd::Syr2;
    fn rocblas_ssyr2 / rocblas_ssyr2_64()
    fn rocblas_ssyr2_batched / rocblas_ssyr2_batched_64()
    fn rocblas_ssyr2_strided_batched / rocblas_ssyr2_strided_batched_64(): f32;
    fn rocblas_dsyr2 / rocblas_dsyr2_64()
    fn rocblas_dsyr2_batched / rocblas_dsyr2_batched_64()
    fn rocblas_dsyr2_strided_batched / rocblas_dsyr2_strided_batched_64(): f64;
    fn rocblas_csyr2 / rocblas_csyr2_64()
    fn rocblas_csyr2_batched / rocblas_csyr2_batched_64()
    fn rocblas_csyr2_strided_batched / rocblas_csyr2_strided_batched_64(): C32;
    fn rocblas_zsyr2 / rocblas_zsyr2_64()
    fn rocblas_zsyr2_batched / rocblas_zsyr2_batched_64()
    fn rocblas_zsyr2_strided_batched / rocblas_zsyr2_strided_batched_64(): C64;
}
syr2_api! { Upd::Her2;
    fn rocblas_cher2 / rocblas_cher2_64()
    fn rocblas_cher2_batched / rocblas_cher2_batched_64()
    fn rocblas_cher2_strided_batched / rocblas_cher2_strided_batched_64(): C32;
    fn rocblas_zher2 / rocblas_zher2_64()
    fn rocblas_zher2_batched / rocblas_zher2_batched_64()
    fn rocblas_zher2_strided_batched / rocblas_zher2_strided_batched_64(): C64;
}
spr_api! { Upd::Syr;
    fn rocblas_sspr / rocblas_sspr_64()
    fn rocblas_sspr_batched / rocblas_sspr_batched_64()
    fn rocblas_sspr_strided_batched / rocblas_sspr_strided_batched_64(): f32, f32;
    fn rocblas_dspr / rocblas_dspr_64()
    fn rocblas_dspr_batched / rocblas_dspr_batched_64()
    fn rocblas_dspr_strided_batched / rocblas_dspr_strided_batched_64(): f64, f64;
    fn rocblas_cspr / rocblas_cspr_64()
    fn rocblas_cspr_batched / rocblas_cspr_batched_64()
    fn rocblas_cspr_strided_batched / rocblas_cspr_strided_batched_64(): C32, C32;
    fn rocblas_zspr / rocblas_zspr_64()
    fn rocblas_zspr_batched / rocblas_zspr_batched_64()
    fn rocblas_zspr_strided_batched / rocblas_zspr_strided_batched_64(): C64, C64;
}
spr_api! { Upd::Her;
    fn rocblas_chpr / rocblas_chpr_64()
    fn rocblas_chpr_batched / rocblas_chpr_batched_64()
    fn rocblas_chpr_strided_batched / rocblas_chpr_strided_batched_64(): C32, f32;
    fn rocblas_zhpr / rocblas_zhpr_64()
    fn rocblas_zhpr_batched / rocblas_zhpr_batched_64()
    fn rocblas_zhpr_strided_batched / rocblas_zhpr_strided_batched_64(): C64, f64;
}
spr2_api! { Upd::Syr2;
    fn rocblas_sspr2 / rocblas_sspr2_64()
    fn rocblas_sspr2_batched / rocblas_sspr2_batched_64()
    fn rocblas_sspr2_strided_batched / rocblas_sspr2_strided_batched_64(): f32;
    fn rocblas_dspr2 / rocblas_dspr2_64()
    fn rocblas_dspr2_batched / rocblas_dspr2_batched_64()
    fn rocblas_dspr2_strided_batched / rocblas_dspr2_strided_batched_64(): f64;
}
spr2_api! { Upd::Her2;
    fn rocblas_chpr2 / rocblas_chpr2_64()
    fn rocblas_chpr2_batched / rocblas_chpr2_batched_64()
    fn rocblas_chpr2_strided_batched / rocblas_chpr2_strided_batched_64(): C32;
    fn rocblas_zhpr2 / rocblas_zhpr2_64()
    fn rocblas_zhpr2_batched / rocblas_zhpr2_batched_64()
    fn rocblas_zhpr2_strided_batched / rocblas_zhpr2_strided_batched_64(): C64;
}
trmv_api! { TriKind::Trmv;
    fn rocblas_strmv / rocblas_strmv_64()
    fn rocblas_strmv_batched / rocblas_strmv_batched_64()
    fn rocblas_strmv_strided_batched / rocblas_strmv_strided_batched_64(): f32;
    fn rocblas_dtrmv / rocblas_dtrmv_64()
    fn rocblas_dtrmv_batched / rocblas_dtrmv_batched_64()
    fn rocblas_dtrmv_strided_batched / rocblas_dtrmv_strided_batched_64(): f64;
    fn rocblas_ctrmv / rocblas_ctrmv_64()
    fn rocblas_ctrmv_batched / rocblas_ctrmv_batched_64()
    fn rocblas_ctrmv_strided_batched / rocblas_ctrmv_strided_batched_64(): C32;
    fn rocblas_ztrmv / rocblas_ztrmv_64()
    fn rocblas_ztrmv_batched / rocblas_ztrmv_batched_64()
    fn rocblas_ztrmv_strided_batched / rocblas_ztrmv_strided_batched_64(): C64;
}
tbmv_api! { Tbmv;
    fn rocblas_stbmv / rocblas_stbmv_64()
    fn rocblas_stbmv_batched / rocblas_stbmv_batched_64()
    fn rocblas_stbmv_strided_batched / rocblas_stbmv_strided_batched_64(): f32;
    fn rocblas_dtbmv / rocblas_dtbmv_64()
    fn rocblas_dtbmv_batched / rocblas_dtbmv_batched_64()
    fn rocblas_dtbmv_strided_batched / rocblas_dtbmv_strided_batched_64(): f64;
    fn rocblas_ctbmv / rocblas_ctbmv_64()
    fn rocblas_ctbmv_batched / rocblas_ctbmv_batched_64()
    fn rocblas_ctbmv_strided_batched / rocblas_ctbmv_strided_batched_64(): C32;
    fn rocblas_ztbmv / rocblas_ztbmv_64()
    fn rocblas_ztbmv_batched / rocblas_ztbmv_batched_64()
    fn rocblas_ztbmv_strided_batched / rocblas_ztbmv_strided_batched_64(): C64;
}
tpmv_api! { TriKind::Tpmv;
    fn rocblas_stpmv / rocblas_stpmv_64()
    fn rocblas_stpmv_batched / rocblas_stpmv_batched_64()
    fn rocblas_stpmv_strided_batched / rocblas_stpmv_strided_batched_64(): f32;
    fn rocblas_dtpmv / rocblas_dtpmv_64()
    fn rocblas_dtpmv_batched / rocblas_dtpmv_batched_64()
    fn rocblas_dtpmv_strided_batched / rocblas_dtpmv_strided_batched_64(): f64;
    fn rocblas_ctpmv / rocblas_ctpmv_64()
    fn rocblas_ctpmv_batched / rocblas_ctpmv_batched_64()
    fn rocblas_ctpmv_strided_batched / rocblas_ctpmv_strided_batched_64(): C32;
    fn rocblas_ztpmv / rocblas_ztpmv_64()
    fn rocblas_ztpmv_batched / rocblas_ztpmv_batched_64()
    fn rocblas_ztpmv_strided_batched / rocblas_ztpmv_strided_batched_64(): C64;
}
trmv_api! { TriKind::Trsv;
    fn rocblas_strsv / rocblas_strsv_64()
    fn rocblas_strsv_batched / rocblas_strsv_batched_64()
    fn rocblas_strsv_strided_batched / rocblas_strsv_strided_batched_64(): f32;
    fn rocblas_dtrsv / rocblas_dtrsv_64()
    fn rocblas_dtrsv_batched / rocblas_dtrsv_batched_64()
    fn rocblas_dtrsv_strided_batched / rocblas_dtrsv_strided_batched_64(): f64;
    fn rocblas_ctrsv / rocblas_ctrsv_64()
    fn rocblas_ctrsv_batched / rocblas_ctrsv_batched_64()
    fn rocblas_ctrsv_strided_batched / rocblas_ctrsv_strided_batched_64(): C32;
    fn rocblas_ztrsv / rocblas_ztrsv_64()
    fn rocblas_ztrsv_batched / rocblas_ztrsv_batched_64()
    fn rocblas_ztrsv_strided_batched / rocblas_ztrsv_strided_batched_64(): C64;
}
tbmv_api! { Tbsv;
    fn rocblas_stbsv / rocblas_stbsv_64()
    fn rocblas_stbsv_batched / rocblas_stbsv_batched_64()
    fn rocblas_stbsv_strided_batched / rocblas_stbsv_strided_batched_64(): f32;
    fn rocblas_dtbsv / rocblas_dtbsv_64()
    fn rocblas_dtbsv_batched / rocblas_dtbsv_batched_64()
    fn rocblas_dtbsv_strided_batched / rocblas_dtbsv_strided_batched_64(): f64;
    fn rocblas_ctbsv / rocblas_ctbsv_64()
    fn rocblas_ctbsv_batched / rocblas_ctbsv_batched_64()
    fn rocblas_ctbsv_strided_batched / rocblas_ctbsv_strided_batched_64(): C32;
    fn rocblas_ztbsv / rocblas_ztbsv_64()
    fn rocblas_ztbsv_batched / rocblas_ztbsv_batched_64()
    fn rocblas_ztbsv_strided_batched / rocblas_ztbsv_strided_batched_64(): C64;
}
tpmv_api! { TriKind::Tpsv;
    fn rocblas_stpsv / rocblas_stpsv_64()
    fn rocblas_stpsv_batched / rocblas_stpsv_batched_64()
    fn rocblas_stpsv_strided_batched / rocblas_stpsv_strided_batched_64(): f32;
    fn rocblas_dtpsv / rocblas_dtpsv_64()
    fn rocblas_dtpsv_batched / rocblas_dtpsv_batched_64()
    fn rocblas_dtpsv_strided_batched / rocblas_dtpsv_strided_batched_64(): f64;
    fn rocblas_ctpsv / rocblas_ctpsv_64()
    fn rocblas_ctpsv_batched / rocblas_ctpsv_batched_64()
    fn rocblas_ctpsv_strided_batched / rocblas_ctpsv_strided_batched_64(): C32;
    fn rocblas_ztpsv / rocblas_ztpsv_64()
    fn rocblas_ztpsv_batched / rocblas_ztpsv_batched_64()
    fn rocblas_ztpsv_strided_batched / rocblas_ztpsv_strided_batched_64(): C64;
}

/// rocBLAS 4.x's mixed-precision gemv (librocblas.so.4/.so.5): A and x of type `$T`, y of
/// type `$Ty`, f32 alpha and beta; batched and strided-batched forms only.
macro_rules! gemv_mixed_api {
    ($(
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty, $Ty:ty
    );* $(;)?) => {$(
        export!(fn $b / $b64 (handle: H, trans: E, m: I, n: I, alpha: *const f32, a: *const *const $T, lda: I,
            x: *const *const $T, incx: I, beta: *const f32, y: *const *mut $Ty, incy: I, batch_count: I) {
            ops::gemv_mixed::<$T, $Ty>(handle, trans, m.into(), n.into(), alpha, arr(a), lda.into(), arr(x), incx.into(), beta,
                arr(y), incy.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, trans: E, m: I, n: I, alpha: *const f32, a: *const $T, lda: I, stride_a: St,
            x: *const $T, incx: I, stride_x: St, beta: *const f32, y: *mut $Ty, incy: I, stride_y: St, batch_count: I) {
            ops::gemv_mixed::<$T, $Ty>(handle, trans, m.into(), n.into(), alpha, st(a, stride_a), lda.into(), st(x, stride_x),
                incx.into(), beta, st(y, stride_y), incy.into(), batch_count.into())
        });
    )*};
}
gemv_mixed_api! {
    fn rocblas_hshgemv_batched / rocblas_hshgemv_batched_64()
    fn rocblas_hshgemv_strided_batched / rocblas_hshgemv_strided_batched_64(): half::f16, half::f16;
    fn rocblas_hssgemv_batched / rocblas_hssgemv_batched_64()
    fn rocblas_hssgemv_strided_batched / rocblas_hssgemv_strided_batched_64(): half::f16, f32;
    fn rocblas_tstgemv_batched / rocblas_tstgemv_batched_64()
    fn rocblas_tstgemv_strided_batched / rocblas_tstgemv_strided_batched_64(): half::bf16, half::bf16;
    fn rocblas_tssgemv_batched / rocblas_tssgemv_batched_64()
    fn rocblas_tssgemv_strided_batched / rocblas_tssgemv_strided_batched_64(): half::bf16, f32;
}
