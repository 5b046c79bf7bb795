//! The C entry points of the Level-3 extension families, generated from declaration lists:
//! one line per precision names its single, `_batched` and `_strided_batched` symbols (as
//! `fn name()`, which the build script's stub generator recognizes) and element types; the
//! family macro knows the C signature of each form (rocBLAS 2.47's `rocblas-functions.h`).

use super::kern::RankK;
use super::ops;
use crate::blas1::num::{C32, C64};
use crate::export::{arr, export, one, st};
use crate::types::*;
use std::ffi::c_void;

type I = rocblas_int;
type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! geam_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, transa: I, transb: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, beta: *const $T,
            b: *const $T, ldb: I, c: *mut $T, ldc: I) {
            ops::geam::<$T>(handle, transa, transb, m, n, alpha, one(a), lda, beta, one(b), ldb, one(c), ldc, 1)
        });
        export!($b(handle: H, transa: I, transb: I, m: I, n: I, alpha: *const $T, a: *const *const $T, lda: I,
            beta: *const $T, b: *const *const $T, ldb: I, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::geam::<$T>(handle, transa, transb, m, n, alpha, arr(a), lda, beta, arr(b), ldb, arr(c), ldc, batch_count)
        });
        export!($sb(handle: H, transa: I, transb: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St,
            beta: *const $T, b: *const $T, ldb: I, stride_b: St, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::geam::<$T>(handle, transa, transb, m, n, alpha, st(a, stride_a), lda, beta, st(b, stride_b), ldb,
                st(c, stride_c), ldc, batch_count)
        });
    )*};
}

macro_rules! dgmm_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, side: I, m: I, n: I, a: *const $T, lda: I, x: *const $T, incx: I, c: *mut $T, ldc: I) {
            ops::dgmm::<$T>(handle, side, m, n, one(a), lda, one(x), incx, one(c), ldc, 1)
        });
        export!($b(handle: H, side: I, m: I, n: I, a: *const *const $T, lda: I, x: *const *const $T, incx: I,
            c: *const *mut $T, ldc: I, batch_count: I) {
            ops::dgmm::<$T>(handle, side, m, n, arr(a), lda, arr(x), incx, arr(c), ldc, batch_count)
        });
        export!($sb(handle: H, side: I, m: I, n: I, a: *const $T, lda: I, stride_a: St, x: *const $T, incx: I,
            stride_x: St, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::dgmm::<$T>(handle, side, m, n, st(a, stride_a), lda, st(x, stride_x), incx, st(c, stride_c), ldc, batch_count)
        });
    )*};
}

/// symm / hemm.
macro_rules! symm_api {
    ($herm:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, side: I, uplo: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, b: *const $T, ldb: I,
            beta: *const $T, c: *mut $T, ldc: I) {
            ops::symm::<$T>(handle, side, uplo, m, n, alpha, one(a), lda, one(b), ldb, beta, one(c), ldc, 1, $herm)
        });
        export!($b(handle: H, side: I, uplo: I, m: I, n: I, alpha: *const $T, a: *const *const $T, lda: I,
            b: *const *const $T, ldb: I, beta: *const $T, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::symm::<$T>(handle, side, uplo, m, n, alpha, arr(a), lda, arr(b), ldb, beta, arr(c), ldc, batch_count, $herm)
        });
        export!($sb(handle: H, side: I, uplo: I, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St,
            b: *const $T, ldb: I, stride_b: St, beta: *const $T, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::symm::<$T>(handle, side, uplo, m, n, alpha, st(a, stride_a), lda, st(b, stride_b), ldb, beta,
                st(c, stride_c), ldc, batch_count, $herm)
        });
    )*};
}

/// syrk / herk (alpha type Al, beta type Be: real for herk).
macro_rules! syrk_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty, $Al:ty, $Be:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, trans: I, n: I, k: I, alpha: *const $Al, a: *const $T, lda: I, beta: *const $Be,
            c: *mut $T, ldc: I) {
            ops::rank_k::<$T, $Al, $Be>(handle, $kind, uplo, trans, n, k, alpha, one(a), lda, one(a), lda, beta, one(c), ldc, 1)
        });
        export!($b(handle: H, uplo: I, trans: I, n: I, k: I, alpha: *const $Al, a: *const *const $T, lda: I,
            beta: *const $Be, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::rank_k::<$T, $Al, $Be>(handle, $kind, uplo, trans, n, k, alpha, arr(a), lda, arr(a), lda, beta, arr(c), ldc,
                batch_count)
        });
        export!($sb(handle: H, uplo: I, trans: I, n: I, k: I, alpha: *const $Al, a: *const $T, lda: I, stride_a: St,
            beta: *const $Be, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::rank_k::<$T, $Al, $Be>(handle, $kind, uplo, trans, n, k, alpha, st(a, stride_a), lda, st(a, stride_a), lda, beta,
                st(c, stride_c), ldc, batch_count)
        });
    )*};
}

/// syr2k / her2k / syrkx / herkx (beta type Be: real for the Hermitian ones).
macro_rules! syr2k_api {
    ($kind:expr; $(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty, $Be:ty);* $(;)?) => {$(
        export!($s(handle: H, uplo: I, trans: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I, b: *const $T, ldb: I,
            beta: *const $Be, c: *mut $T, ldc: I) {
            ops::rank_k::<$T, $T, $Be>(handle, $kind, uplo, trans, n, k, alpha, one(a), lda, one(b), ldb, beta, one(c), ldc, 1)
        });
        export!($b(handle: H, uplo: I, trans: I, n: I, k: I, alpha: *const $T, a: *const *const $T, lda: I,
            b: *const *const $T, ldb: I, beta: *const $Be, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::rank_k::<$T, $T, $Be>(handle, $kind, uplo, trans, n, k, alpha, arr(a), lda, arr(b), ldb, beta, arr(c), ldc,
                batch_count)
        });
        export!($sb(handle: H, uplo: I, trans: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I, stride_a: St,
            b: *const $T, ldb: I, stride_b: St, beta: *const $Be, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::rank_k::<$T, $T, $Be>(handle, $kind, uplo, trans, n, k, alpha, st(a, stride_a), lda, st(b, stride_b), ldb, beta,
                st(c, stride_c), ldc, batch_count)
        });
    )*};
}

geam_api! {
    fn rocblas_sgeam() fn rocblas_sgeam_batched() fn rocblas_sgeam_strided_batched(): f32;
    fn rocblas_dgeam() fn rocblas_dgeam_batched() fn rocblas_dgeam_strided_batched(): f64;
    fn rocblas_cgeam() fn rocblas_cgeam_batched() fn rocblas_cgeam_strided_batched(): C32;
    fn rocblas_zgeam() fn rocblas_zgeam_batched() fn rocblas_zgeam_strided_batched(): C64;
}
dgmm_api! {
    fn rocblas_sdgmm() fn rocblas_sdgmm_batched() fn rocblas_sdgmm_strided_batched(): f32;
    fn rocblas_ddgmm() fn rocblas_ddgmm_batched() fn rocblas_ddgmm_strided_batched(): f64;
    fn rocblas_cdgmm() fn rocblas_cdgmm_batched() fn rocblas_cdgmm_strided_batched(): C32;
    fn rocblas_zdgmm() fn rocblas_zdgmm_batched() fn rocblas_zdgmm_strided_batched(): C64;
}
symm_api! { false;
    fn rocblas_ssymm() fn rocblas_ssymm_batched() fn rocblas_ssymm_strided_batched(): f32;
    fn rocblas_dsymm() fn rocblas_dsymm_batched() fn rocblas_dsymm_strided_batched(): f64;
    fn rocblas_csymm() fn rocblas_csymm_batched() fn rocblas_csymm_strided_batched(): C32;
    fn rocblas_zsymm() fn rocblas_zsymm_batched() fn rocblas_zsymm_strided_batched(): C64;
}
symm_api! { true;
    fn rocblas_chemm() fn rocblas_chemm_batched() fn rocblas_chemm_strided_batched(): C32;
    fn rocblas_zhemm() fn rocblas_zhemm_batched() fn rocblas_zhemm_strided_batched(): C64;
}
syrk_api! { RankK::Syrk;
    fn rocblas_ssyrk() fn rocblas_ssyrk_batched() fn rocblas_ssyrk_strided_batched(): f32, f32, f32;
    fn rocblas_dsyrk() fn rocblas_dsyrk_batched() fn rocblas_dsyrk_strided_batched(): f64, f64, f64;
    fn rocblas_csyrk() fn rocblas_csyrk_batched() fn rocblas_csyrk_strided_batched(): C32, C32, C32;
    fn rocblas_zsyrk() fn rocblas_zsyrk_batched() fn rocblas_zsyrk_strided_batched(): C64, C64, C64;
}
syrk_api! { RankK::Herk;
    fn rocblas_cherk() fn rocblas_cherk_batched() fn rocblas_cherk_strided_batched(): C32, f32, f32;
    fn rocblas_zherk() fn rocblas_zherk_batched() fn rocblas_zherk_strided_batched(): C64, f64, f64;
}
syr2k_api! { RankK::Syr2k;
    fn rocblas_ssyr2k() fn rocblas_ssyr2k_batched() fn rocblas_ssyr2k_strided_batched(): f32, f32;
    fn rocblas_dsyr2k() fn rocblas_dsyr2k_batched() fn rocblas_dsyr2k_strided_batched(): f64, f64;
    fn rocblas_csyr2k() fn rocblas_csyr2k_batched() fn rocblas_csyr2k_strided_batched(): C32, C32;
    fn rocblas_zsyr2k() fn rocblas_zsyr2k_batched() fn rocblas_zsyr2k_strided_batched(): C64, C64;
}
syr2k_api! { RankK::Her2k;
    fn rocblas_cher2k() fn rocblas_cher2k_batched() fn rocblas_cher2k_strided_batched(): C32, f32;
    fn rocblas_zher2k() fn rocblas_zher2k_batched() fn rocblas_zher2k_strided_batched(): C64, f64;
}
syr2k_api! { RankK::Syrkx;
    fn rocblas_ssyrkx() fn rocblas_ssyrkx_batched() fn rocblas_ssyrkx_strided_batched(): f32, f32;
    fn rocblas_dsyrkx() fn rocblas_dsyrkx_batched() fn rocblas_dsyrkx_strided_batched(): f64, f64;
    fn rocblas_csyrkx() fn rocblas_csyrkx_batched() fn rocblas_csyrkx_strided_batched(): C32, C32;
    fn rocblas_zsyrkx() fn rocblas_zsyrkx_batched() fn rocblas_zsyrkx_strided_batched(): C64, C64;
}
syr2k_api! { RankK::Herkx;
    fn rocblas_cherkx() fn rocblas_cherkx_batched() fn rocblas_cherkx_strided_batched(): C32, f32;
    fn rocblas_zherkx() fn rocblas_zherkx_batched() fn rocblas_zherkx_strided_batched(): C64, f64;
}

export!(fn rocblas_geam_ex(handle: H, transa: I, transb: I, m: I, n: I, k: I, alpha: *const c_void, a: *const c_void,
    a_type: I, lda: I, b: *const c_void, b_type: I, ldb: I, beta: *const c_void, c: *const c_void, c_type: I, ldc: I,
    d: *mut c_void, d_type: I, ldd: I, compute_type: I, geam_ex_op: I) {
    ops::geam_ex(handle, transa, transb, m, n, k, alpha.cast(), one(a), a_type, lda, one(b), b_type, ldb, beta.cast(), one(c),
        c_type, ldc, one(d), d_type, ldd, compute_type, geam_ex_op)
});
