//! The Level-2 C entry points, generated from declaration lists: one line per precision
//! names its single, `_batched` and `_strided_batched` symbols (as `fn name()`, which the
//! build script's stub generator recognizes) and element type; the family
//! macro knows the C signature of each form (rocBLAS 2.47's `rocblas-functions.h`).

use super::ops::{self, SymKind, TriKind, Upd};
use crate::blas1::num::{C32, C64};
use crate::blas1::exec::Src;
use crate::export::{arr, export, one, st};
use crate::types::*;

type I = rocblas_int;
type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! gemv_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, trans: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::gemv::<$T>(handle, trans, m, n, alpha, one(a), lda, one(x), incx, beta, one(y), incy, 1)
        });
        export!($b(handle: H, trans: I, m: I, n: I, alpha: *const $T, a: *const *const $T, lda: I, x: *const *const $T, incx: I,
            beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::gemv::<$T>(handle, trans, m, n, alpha, arr(a), lda, arr(x), incx, beta, arr(y), incy, batch_count)
        });
        export!($sb(handle: H, trans: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St, x: *const $T, incx: I,
            stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::gemv::<$T>(handle, trans, m, n, alpha, st(a, stride_a), lda, st(x, stride_x), incx, beta, st(y, stride_y), incy, batch_count)
        });
    )*};
}

macro_rules! gbmv_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, trans: I, m: I, n: I, kl: I, ku: I, alpha: *const $T, a: *const $T, lda: I, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::gbmv::<$T>(handle, trans, m, n, kl, ku, alpha, one(a), lda, one(x), incx, beta, one(y), incy, 1)
        });
        export!($b(handle: H, trans: I, m: I, n: I, kl: I, ku: I, alpha: *const $T, a: *const *const $T, lda: I,
            x: *const *const $T, incx: I, beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::gbmv::<$T>(handle, trans, m, n, kl, ku, alpha, arr(a), lda, arr(x), incx, beta, arr(y), incy, batch_count)
        });
        export!($sb(handle: H, trans: I, m: I, n: I, kl: I, ku: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St,
            x: *const $T, incx: I, stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::gbmv::<$T>(handle, trans, m, n, kl, ku, alpha, st(a, stride_a), lda, st(x, stride_x), incx, beta,
                st(y, stride_y), incy, batch_count)
        });
    )*};
}

/// hemv / symv (full storage).
macro_rules! symv_api {
    ($herm:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, n: I, alpha: *const $T, a: *const $T, lda: I, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Full, $herm, alpha, one(a), lda, one(x), incx, beta, one(y), incy, 1)
        });
        export!($b(handle: H, uplo: I, n: I, alpha: *const $T, a: *const *const $T, lda: I, x: *const *const $T, incx: I,
            beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Full, $herm, alpha, arr(a), lda, arr(x), incx, beta, arr(y), incy, batch_count)
        });
        export!($sb(handle: H, uplo: I, n: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St, x: *const $T, incx: I,
            stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Full, $herm, alpha, st(a, stride_a), lda, st(x, stride_x), incx, beta,
                st(y, stride_y), incy, batch_count)
        });
    )*};
}

/// hbmv / sbmv (band storage).
macro_rules! sbmv_api {
    ($herm:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Band(k), $herm, alpha, one(a), lda, one(x), incx, beta, one(y), incy, 1)
        });
        export!($b(handle: H, uplo: I, n: I, k: I, alpha: *const $T, a: *const *const $T, lda: I, x: *const *const $T, incx: I,
            beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Band(k), $herm, alpha, arr(a), lda, arr(x), incx, beta, arr(y), incy,
                batch_count)
        });
        export!($sb(handle: H, uplo: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St, x: *const $T,
            incx: I, stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Band(k), $herm, alpha, st(a, stride_a), lda, st(x, stride_x), incx, beta,
                st(y, stride_y), incy, batch_count)
        });
    )*};
}

/// hpmv / spmv (packed storage).
macro_rules! spmv_api {
    ($herm:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, n: I, alpha: *const $T, ap: *const $T, x: *const $T, incx: I,
            beta: *const $T, y: *mut $T, incy: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Packed, $herm, alpha, one(ap), 1, one(x), incx, beta, one(y), incy, 1)
        });
        export!($b(handle: H, uplo: I, n: I, alpha: *const $T, ap: *const *const $T, x: *const *const $T, incx: I,
            beta: *const $T, y: *const *mut $T, incy: I, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Packed, $herm, alpha, arr(ap), 1, arr(x), incx, beta, arr(y), incy,
                batch_count)
        });
        export!($sb(handle: H, uplo: I, n: I, alpha: *const $T, ap: *const $T, stride_a: St, x: *const $T, incx: I,
            stride_x: St, beta: *const $T, y: *mut $T, incy: I, stride_y: St, batch_count: I) {
            ops::symv::<$T>(handle, uplo, n, SymKind::Packed, $herm, alpha, st(ap, stride_a), 1, st(x, stride_x), incx, beta,
                st(y, stride_y), incy, batch_count)
        });
    )*};
}

/// ger / geru / gerc.
macro_rules! ger_api {
    ($conj:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, m: I, n: I, alpha: *const $T, x: *const $T, incx: I, y: *const $T, incy: I, a: *mut $T, lda: I) {
            ops::ger::<$T>(handle, m, n, alpha, one(x), incx, one(y), incy, one(a), lda, 1, $conj)
        });
        export!($b(handle: H, m: I, n: I, alpha: *const $T, x: *const *const $T, incx: I, y: *const *const $T, incy: I,
            a: *const *mut $T, lda: I, batch_count: I) {
            ops::ger::<$T>(handle, m, n, alpha, arr(x), incx, arr(y), incy, arr(a), lda, batch_count, $conj)
        });
        export!($sb(handle: H, m: I, n: I, alpha: *const $T, x: *const $T, incx: I, stride_x: St, y: *const $T, incy: I,
            stride_y: St, a: *mut $T, lda: I, stride_a: St, batch_count: I) {
            ops::ger::<$T>(handle, m, n, alpha, st(x, stride_x), incx, st(y, stride_y), incy, st(a, stride_a), lda, batch_count, $conj)
        });
    )*};
}

/// syr / her (alpha type A: real for her).
macro_rules! syr_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty, $A:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, n: I, alpha: *const $A, x: *const $T, incx: I, a: *mut $T, lda: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n, alpha, one(x), incx, Src::Strided(0, 0), 1, one(a), Some(lda), 1, $kind)
        });
        export!($b(handle: H, uplo: I, n: I, alpha: *const $A, x: *const *const $T, incx: I, a: *const *mut $T, lda: I,
            batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n, alpha, arr(x), incx, Src::Strided(0, 0), 1, arr(a), Some(lda), batch_count, $kind)
        });
        export!($sb(handle: H, uplo: I, n: I, alpha: *const $A, x: *const $T, incx: I, stride_x: St, a: *mut $T, lda: I,
            stride_a: St, batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n, alpha, st(x, stride_x), incx, Src::Strided(0, 0), 1, st(a, stride_a),
                Some(lda), batch_count, $kind)
        });
    )*};
}

/// syr2 / her2.
macro_rules! syr2_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, n: I, alpha: *const $T, x: *const $T, incx: I, y: *const $T, incy: I, a: *mut $T, lda: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n, alpha, one(x), incx, one(y), incy, one(a), Some(lda), 1, $kind)
        });
        export!($b(handle: H, uplo: I, n: I, alpha: *const $T, x: *const *const $T, incx: I, y: *const *const $T, incy: I,
            a: *const *mut $T, lda: I, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n, alpha, arr(x), incx, arr(y), incy, arr(a), Some(lda), batch_count, $kind)
        });
        export!($sb(handle: H, uplo: I, n: I, alpha: *const $T, x: *const $T, incx: I, stride_x: St, y: *const $T, incy: I,
            stride_y: St, a: *mut $T, lda: I, stride_a: St, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n, alpha, st(x, stride_x), incx, st(y, stride_y), incy, st(a, stride_a),
                Some(lda), batch_count, $kind)
        });
    )*};
}

/// spr / hpr (alpha type A: real for hpr).
macro_rules! spr_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty, $A:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, n: I, alpha: *const $A, x: *const $T, incx: I, ap: *mut $T) {
            ops::sym_update::<$T, $A>(handle, uplo, n, alpha, one(x), incx, Src::Strided(0, 0), 1, one(ap), None, 1, $kind)
        });
        export!($b(handle: H, uplo: I, n: I, alpha: *const $A, x: *const *const $T, incx: I, ap: *const *mut $T, batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n, alpha, arr(x), incx, Src::Strided(0, 0), 1, arr(ap), None, batch_count, $kind)
        });
        export!($sb(handle: H, uplo: I, n: I, alpha: *const $A, x: *const $T, incx: I, stride_x: St, ap: *mut $T, stride_a: St,
            batch_count: I) {
            ops::sym_update::<$T, $A>(handle, uplo, n, alpha, st(x, stride_x), incx, Src::Strided(0, 0), 1, st(ap, stride_a), None,
                batch_count, $kind)
        });
    )*};
}

/// spr2 / hpr2.
macro_rules! spr2_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, n: I, alpha: *const $T, x: *const $T, incx: I, y: *const $T, incy: I, ap: *mut $T) {
            ops::sym_update::<$T, $T>(handle, uplo, n, alpha, one(x), incx, one(y), incy, one(ap), None, 1, $kind)
        });
        export!($b(handle: H, uplo: I, n: I, alpha: *const $T, x: *const *const $T, incx: I, y: *const *const $T, incy: I,
            ap: *const *mut $T, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n, alpha, arr(x), incx, arr(y), incy, arr(ap), None, batch_count, $kind)
        });
        export!($sb(handle: H, uplo: I, n: I, alpha: *const $T, x: *const $T, incx: I, stride_x: St, y: *const $T, incy: I,
            stride_y: St, ap: *mut $T, stride_a: St, batch_count: I) {
            ops::sym_update::<$T, $T>(handle, uplo, n, alpha, st(x, stride_x), incx, st(y, stride_y), incy, st(ap, stride_a), None,
                batch_count, $kind)
        });
    )*};
}

/// trmv / trsv (full storage).
macro_rules! trmv_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, trans: I, diag: I, m: I, a: *const $T, lda: I, x: *mut $T, incx: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, m, $kind, one(a), lda, one(x), incx, 1)
        });
        export!($b(handle: H, uplo: I, trans: I, diag: I, m: I, a: *const *const $T, lda: I, x: *const *mut $T, incx: I,
            batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, m, $kind, arr(a), lda, arr(x), incx, batch_count)
        });
        export!($sb(handle: H, uplo: I, trans: I, diag: I, m: I, a: *const $T, lda: I, stride_a: St, x: *mut $T, incx: I,
            stride_x: St, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, m, $kind, st(a, stride_a), lda, st(x, stride_x), incx, batch_count)
        });
    )*};
}

/// tbmv / tbsv (band storage).
macro_rules! tbmv_api {
    ($kind:ident; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, trans: I, diag: I, n: I, k: I, a: *const $T, lda: I, x: *mut $T, incx: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n, TriKind::$kind(k), one(a), lda, one(x), incx, 1)
        });
        export!($b(handle: H, uplo: I, trans: I, diag: I, n: I, k: I, a: *const *const $T, lda: I, x: *const *mut $T, incx: I,
            batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n, TriKind::$kind(k), arr(a), lda, arr(x), incx, batch_count)
        });
        export!($sb(handle: H, uplo: I, trans: I, diag: I, n: I, k: I, a: *const $T, lda: I, stride_a: St, x: *mut $T, incx: I,
            stride_x: St, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n, TriKind::$kind(k), st(a, stride_a), lda, st(x, stride_x), incx, batch_count)
        });
    )*};
}

/// tpmv / tpsv (packed storage).
macro_rules! tpmv_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, trans: I, diag: I, n: I, ap: *const $T, x: *mut $T, incx: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n, $kind, one(ap), 1, one(x), incx, 1)
        });
        export!($b(handle: H, uplo: I, trans: I, diag: I, n: I, ap: *const *const $T, x: *const *mut $T, incx: I, batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n, $kind, arr(ap), 1, arr(x), incx, batch_count)
        });
        export!($sb(handle: H, uplo: I, trans: I, diag: I, n: I, ap: *const $T, stride_a: St, x: *mut $T, incx: I, stride_x: St,
            batch_count: I) {
            ops::tri::<$T>(handle, uplo, trans, diag, n, $kind, st(ap, stride_a), 1, st(x, stride_x), incx, batch_count)
        });
    )*};
}

gemv_api! {
    fn rocblas_sgemv() fn rocblas_sgemv_batched() fn rocblas_sgemv_strided_batched(): f32;
    fn rocblas_dgemv() fn rocblas_dgemv_batched() fn rocblas_dgemv_strided_batched(): f64;
    fn rocblas_cgemv() fn rocblas_cgemv_batched() fn rocblas_cgemv_strided_batched(): C32;
    fn rocblas_zgemv() fn rocblas_zgemv_batched() fn rocblas_zgemv_strided_batched(): C64;
}
gbmv_api! {
    fn rocblas_sgbmv() fn rocblas_sgbmv_batched() fn rocblas_sgbmv_strided_batched(): f32;
    fn rocblas_dgbmv() fn rocblas_dgbmv_batched() fn rocblas_dgbmv_strided_batched(): f64;
    fn rocblas_cgbmv() fn rocblas_cgbmv_batched() fn rocblas_cgbmv_strided_batched(): C32;
    fn rocblas_zgbmv() fn rocblas_zgbmv_batched() fn rocblas_zgbmv_strided_batched(): C64;
}
symv_api! { false;
    fn rocblas_ssymv() fn rocblas_ssymv_batched() fn rocblas_ssymv_strided_batched(): f32;
    fn rocblas_dsymv() fn rocblas_dsymv_batched() fn rocblas_dsymv_strided_batched(): f64;
    fn rocblas_csymv() fn rocblas_csymv_batched() fn rocblas_csymv_strided_batched(): C32;
    fn rocblas_zsymv() fn rocblas_zsymv_batched() fn rocblas_zsymv_strided_batched(): C64;
}
symv_api! { true;
    fn rocblas_chemv() fn rocblas_chemv_batched() fn rocblas_chemv_strided_batched(): C32;
    fn rocblas_zhemv() fn rocblas_zhemv_batched() fn rocblas_zhemv_strided_batched(): C64;
}
sbmv_api! { false;
    fn rocblas_ssbmv() fn rocblas_ssbmv_batched() fn rocblas_ssbmv_strided_batched(): f32;
    fn rocblas_dsbmv() fn rocblas_dsbmv_batched() fn rocblas_dsbmv_strided_batched(): f64;
}
sbmv_api! { true;
    fn rocblas_chbmv() fn rocblas_chbmv_batched() fn rocblas_chbmv_strided_batched(): C32;
    fn rocblas_zhbmv() fn rocblas_zhbmv_batched() fn rocblas_zhbmv_strided_batched(): C64;
}
spmv_api! { false;
    fn rocblas_sspmv() fn rocblas_sspmv_batched() fn rocblas_sspmv_strided_batched(): f32;
    fn rocblas_dspmv() fn rocblas_dspmv_batched() fn rocblas_dspmv_strided_batched(): f64;
}
spmv_api! { true;
    fn rocblas_chpmv() fn rocblas_chpmv_batched() fn rocblas_chpmv_strided_batched(): C32;
    fn rocblas_zhpmv() fn rocblas_zhpmv_batched() fn rocblas_zhpmv_strided_batched(): C64;
}
ger_api! { false;
    fn rocblas_sger() fn rocblas_sger_batched() fn rocblas_sger_strided_batched(): f32;
    fn rocblas_dger() fn rocblas_dger_batched() fn rocblas_dger_strided_batched(): f64;
}
ger_api! { false;
    fn rocblas_cgeru() fn rocblas_cgeru_batched() fn rocblas_cgeru_strided_batched(): C32;
    fn rocblas_zgeru() fn rocblas_zgeru_batched() fn rocblas_zgeru_strided_batched(): C64;
}
ger_api! { true;
    fn rocblas_cgerc() fn rocblas_cgerc_batched() fn rocblas_cgerc_strided_batched(): C32;
    fn rocblas_zgerc() fn rocblas_zgerc_batched() fn rocblas_zgerc_strided_batched(): C64;
}
syr_api! { Upd::Syr;
    fn rocblas_ssyr() fn rocblas_ssyr_batched() fn rocblas_ssyr_strided_batched(): f32, f32;
    fn rocblas_dsyr() fn rocblas_dsyr_batched() fn rocblas_dsyr_strided_batched(): f64, f64;
    fn rocblas_csyr() fn rocblas_csyr_batched() fn rocblas_csyr_strided_batched(): C32, C32;
    fn rocblas_zsyr() fn rocblas_zsyr_batched() fn rocblas_zsyr_strided_batched(): C64, C64;
}
syr_api! { Upd::Her;
    fn rocblas_cher() fn rocblas_cher_batched() fn rocblas_cher_strided_batched(): C32, f32;
    fn rocblas_zher() fn rocblas_zher_batched() fn rocblas_zher_strided_batched(): C64, f64;
}
syr2_api! { Upd::Syr2;
    fn rocblas_ssyr2() fn rocblas_ssyr2_batched() fn rocblas_ssyr2_strided_batched(): f32;
    fn rocblas_dsyr2() fn rocblas_dsyr2_batched() fn rocblas_dsyr2_strided_batched(): f64;
    fn rocblas_csyr2() fn rocblas_csyr2_batched() fn rocblas_csyr2_strided_batched(): C32;
    fn rocblas_zsyr2() fn rocblas_zsyr2_batched() fn rocblas_zsyr2_strided_batched(): C64;
}
syr2_api! { Upd::Her2;
    fn rocblas_cher2() fn rocblas_cher2_batched() fn rocblas_cher2_strided_batched(): C32;
    fn rocblas_zher2() fn rocblas_zher2_batched() fn rocblas_zher2_strided_batched(): C64;
}
spr_api! { Upd::Syr;
    fn rocblas_sspr() fn rocblas_sspr_batched() fn rocblas_sspr_strided_batched(): f32, f32;
    fn rocblas_dspr() fn rocblas_dspr_batched() fn rocblas_dspr_strided_batched(): f64, f64;
    fn rocblas_cspr() fn rocblas_cspr_batched() fn rocblas_cspr_strided_batched(): C32, C32;
    fn rocblas_zspr() fn rocblas_zspr_batched() fn rocblas_zspr_strided_batched(): C64, C64;
}
spr_api! { Upd::Her;
    fn rocblas_chpr() fn rocblas_chpr_batched() fn rocblas_chpr_strided_batched(): C32, f32;
    fn rocblas_zhpr() fn rocblas_zhpr_batched() fn rocblas_zhpr_strided_batched(): C64, f64;
}
spr2_api! { Upd::Syr2;
    fn rocblas_sspr2() fn rocblas_sspr2_batched() fn rocblas_sspr2_strided_batched(): f32;
    fn rocblas_dspr2() fn rocblas_dspr2_batched() fn rocblas_dspr2_strided_batched(): f64;
}
spr2_api! { Upd::Her2;
    fn rocblas_chpr2() fn rocblas_chpr2_batched() fn rocblas_chpr2_strided_batched(): C32;
    fn rocblas_zhpr2() fn rocblas_zhpr2_batched() fn rocblas_zhpr2_strided_batched(): C64;
}
trmv_api! { TriKind::Trmv;
    fn rocblas_strmv() fn rocblas_strmv_batched() fn rocblas_strmv_strided_batched(): f32;
    fn rocblas_dtrmv() fn rocblas_dtrmv_batched() fn rocblas_dtrmv_strided_batched(): f64;
    fn rocblas_ctrmv() fn rocblas_ctrmv_batched() fn rocblas_ctrmv_strided_batched(): C32;
    fn rocblas_ztrmv() fn rocblas_ztrmv_batched() fn rocblas_ztrmv_strided_batched(): C64;
}
tbmv_api! { Tbmv;
    fn rocblas_stbmv() fn rocblas_stbmv_batched() fn rocblas_stbmv_strided_batched(): f32;
    fn rocblas_dtbmv() fn rocblas_dtbmv_batched() fn rocblas_dtbmv_strided_batched(): f64;
    fn rocblas_ctbmv() fn rocblas_ctbmv_batched() fn rocblas_ctbmv_strided_batched(): C32;
    fn rocblas_ztbmv() fn rocblas_ztbmv_batched() fn rocblas_ztbmv_strided_batched(): C64;
}
tpmv_api! { TriKind::Tpmv;
    fn rocblas_stpmv() fn rocblas_stpmv_batched() fn rocblas_stpmv_strided_batched(): f32;
    fn rocblas_dtpmv() fn rocblas_dtpmv_batched() fn rocblas_dtpmv_strided_batched(): f64;
    fn rocblas_ctpmv() fn rocblas_ctpmv_batched() fn rocblas_ctpmv_strided_batched(): C32;
    fn rocblas_ztpmv() fn rocblas_ztpmv_batched() fn rocblas_ztpmv_strided_batched(): C64;
}
trmv_api! { TriKind::Trsv;
    fn rocblas_strsv() fn rocblas_strsv_batched() fn rocblas_strsv_strided_batched(): f32;
    fn rocblas_dtrsv() fn rocblas_dtrsv_batched() fn rocblas_dtrsv_strided_batched(): f64;
    fn rocblas_ctrsv() fn rocblas_ctrsv_batched() fn rocblas_ctrsv_strided_batched(): C32;
    fn rocblas_ztrsv() fn rocblas_ztrsv_batched() fn rocblas_ztrsv_strided_batched(): C64;
}
tbmv_api! { Tbsv;
    fn rocblas_stbsv() fn rocblas_stbsv_batched() fn rocblas_stbsv_strided_batched(): f32;
    fn rocblas_dtbsv() fn rocblas_dtbsv_batched() fn rocblas_dtbsv_strided_batched(): f64;
    fn rocblas_ctbsv() fn rocblas_ctbsv_batched() fn rocblas_ctbsv_strided_batched(): C32;
    fn rocblas_ztbsv() fn rocblas_ztbsv_batched() fn rocblas_ztbsv_strided_batched(): C64;
}
tpmv_api! { TriKind::Tpsv;
    fn rocblas_stpsv() fn rocblas_stpsv_batched() fn rocblas_stpsv_strided_batched(): f32;
    fn rocblas_dtpsv() fn rocblas_dtpsv_batched() fn rocblas_dtpsv_strided_batched(): f64;
    fn rocblas_ctpsv() fn rocblas_ctpsv_batched() fn rocblas_ctpsv_strided_batched(): C32;
    fn rocblas_ztpsv() fn rocblas_ztpsv_batched() fn rocblas_ztpsv_strided_batched(): C64;
}
