//! The C entry points of the Level-3 extension families, generated from declaration lists:
//! one line per function names its 32-bit and ILP64 symbols (`fn name / name_64()`, which
//! the build script's stub generator recognizes), and each precision's group of single,
//! `_batched` and `_strided_batched` lines its element types; the family macro knows the C
//! signature of each form (rocBLAS's `rocblas-functions.h`; `I` is `rocblas_int` or
//! `int64_t`, see `export!`). `geam_ex` has no ILP64 form.

use super::kern::RankK;
use super::ops;
use crate::blas1::num::{C32, C64};
use crate::export::{arr, export, one, st};
use crate::types::*;
use std::ffi::c_void;

type I = rocblas_int;
type D = rocblas_datatype;
type E = i32; // rocblas_operation, rocblas_fill, rocblas_side, rocblas_geam_ex_operation (C enums)
type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! geam_api {
    ($(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, transa: E, transb: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            beta: *const $T, b: *const $T, ldb: I, c: *mut $T, ldc: I) {
            ops::geam::<$T>(handle, transa, transb, m.into(), n.into(), alpha, one(a), lda.into(), beta, one(b), ldb.into(),
                one(c), ldc.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, transa: E, transb: E, m: I, n: I, alpha: *const $T, a: *const *const $T, lda: I,
            beta: *const $T, b: *const *const $T, ldb: I, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::geam::<$T>(handle, transa, transb, m.into(), n.into(), alpha, arr(a), lda.into(), beta, arr(b), ldb.into(),
                arr(c), ldc.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, transa: E, transb: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, beta: *const $T, b: *const $T, ldb: I, stride_b: St, c: *mut $T, ldc: I, stride_c: St,
            batch_count: I) {
            ops::geam::<$T>(handle, transa, transb, m.into(), n.into(), alpha, st(a, stride_a), lda.into(), beta,
                st(b, stride_b), ldb.into(), st(c, stride_c), ldc.into(), batch_count.into())
        });
    )*};
}

macro_rules! dgmm_api {
    ($(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, side: E, m: I, n: I, a: *const $T, lda: I, x: *const $T, incx: I, c: *mut $T,
            ldc: I) {
            ops::dgmm::<$T>(handle, side, m.into(), n.into(), one(a), lda.into(), one(x), incx.into(), one(c), ldc.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, side: E, m: I, n: I, a: *const *const $T, lda: I, x: *const *const $T, incx: I,
            c: *const *mut $T, ldc: I, batch_count: I) {
            ops::dgmm::<$T>(handle, side, m.into(), n.into(), arr(a), lda.into(), arr(x), incx.into(), arr(c), ldc.into(),
                batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, side: E, m: I, n: I, a: *const $T, lda: I, stride_a: St, x: *const $T, incx: I,
            stride_x: St, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::dgmm::<$T>(handle, side, m.into(), n.into(), st(a, stride_a), lda.into(), st(x, stride_x), incx.into(),
                st(c, stride_c), ldc.into(), batch_count.into())
        });
    )*};
}

/// symm / hemm.
macro_rules! symm_api {
    ($herm:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, side: E, uplo: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I, b: *const $T,
            ldb: I, beta: *const $T, c: *mut $T, ldc: I) {
            ops::symm::<$T>(handle, side, uplo, m.into(), n.into(), alpha, one(a), lda.into(), one(b), ldb.into(), beta,
                one(c), ldc.into(), 1, $herm)
        });
        export!(fn $b / $b64 (handle: H, side: E, uplo: E, m: I, n: I, alpha: *const $T, a: *const *const $T, lda: I,
            b: *const *const $T, ldb: I, beta: *const $T, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::symm::<$T>(handle, side, uplo, m.into(), n.into(), alpha, arr(a), lda.into(), arr(b), ldb.into(), beta,
                arr(c), ldc.into(), batch_count.into(), $herm)
        });
        export!(fn $sb / $sb64 (handle: H, side: E, uplo: E, m: I, n: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *const $T, ldb: I, stride_b: St, beta: *const $T, c: *mut $T, ldc: I, stride_c: St,
            batch_count: I) {
            ops::symm::<$T>(handle, side, uplo, m.into(), n.into(), alpha, st(a, stride_a), lda.into(), st(b, stride_b),
                ldb.into(), beta, st(c, stride_c), ldc.into(), batch_count.into(), $herm)
        });
    )*};
}

/// syrk / herk (alpha type Al, beta type Be: real for herk).
macro_rules! syrk_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty, $Al:ty, $Be:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, trans: E, n: I, k: I, alpha: *const $Al, a: *const $T, lda: I,
            beta: *const $Be, c: *mut $T, ldc: I) {
            ops::rank_k::<$T, $Al, $Be>(handle, $kind, uplo, trans, n.into(), k.into(), alpha, one(a), lda.into(), one(a),
                lda.into(), beta, one(c), ldc.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, trans: E, n: I, k: I, alpha: *const $Al, a: *const *const $T, lda: I,
            beta: *const $Be, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::rank_k::<$T, $Al, $Be>(handle, $kind, uplo, trans, n.into(), k.into(), alpha, arr(a), lda.into(), arr(a),
                lda.into(), beta, arr(c), ldc.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, trans: E, n: I, k: I, alpha: *const $Al, a: *const $T, lda: I,
            stride_a: St, beta: *const $Be, c: *mut $T, ldc: I, stride_c: St, batch_count: I) {
            ops::rank_k::<$T, $Al, $Be>(handle, $kind, uplo, trans, n.into(), k.into(), alpha, st(a, stride_a), lda.into(),
                st(a, stride_a), lda.into(), beta, st(c, stride_c), ldc.into(), batch_count.into())
        });
    )*};
}

/// syr2k / her2k / syrkx / herkx (beta type Be: real for the Hermitian ones).
macro_rules! syr2k_api {
    ($kind:expr; $(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty, $Be:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, trans: E, n: I, k: I, alpha: *const $T, a: *const $T, lda: I, b: *const $T,
            ldb: I, beta: *const $Be, c: *mut $T, ldc: I) {
            ops::rank_k::<$T, $T, $Be>(handle, $kind, uplo, trans, n.into(), k.into(), alpha, one(a), lda.into(), one(b),
                ldb.into(), beta, one(c), ldc.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, trans: E, n: I, k: I, alpha: *const $T, a: *const *const $T, lda: I,
            b: *const *const $T, ldb: I, beta: *const $Be, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::rank_k::<$T, $T, $Be>(handle, $kind, uplo, trans, n.into(), k.into(), alpha, arr(a), lda.into(), arr(b),
                ldb.into(), beta, arr(c), ldc.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, trans: E, n: I, k: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *const $T, ldb: I, stride_b: St, beta: *const $Be, c: *mut $T, ldc: I, stride_c: St,
            batch_count: I) {
            ops::rank_k::<$T, $T, $Be>(handle, $kind, uplo, trans, n.into(), k.into(), alpha, st(a, stride_a), lda.into(),
                st(b, stride_b), ldb.into(), beta, st(c, stride_c), ldc.into(), batch_count.into())
        });
    )*};
}

geam_api! {
    fn rocblas_sgeam / rocblas_sgeam_64()
    fn rocblas_sgeam_batched / rocblas_sgeam_batched_64()
    fn rocblas_sgeam_strided_batched / rocblas_sgeam_strided_batched_64(): f32;
    fn rocblas_dgeam / rocblas_dgeam_64()
    fn rocblas_dgeam_batched / rocblas_dgeam_batched_64()
    fn rocblas_dgeam_strided_batched / rocblas_dgeam_strided_batched_64(): f64;
    fn rocblas_cgeam / rocblas_cgeam_64()
    fn rocblas_cgeam_batched / rocblas_cgeam_batched_64()
    fn rocblas_cgeam_strided_batched / rocblas_cgeam_strided_batched_64(): C32;
    fn rocblas_zgeam / rocblas_zgeam_64()
    fn rocblas_zgeam_batched / rocblas_zgeam_batched_64()
    fn rocblas_zgeam_strided_batched / rocblas_zgeam_strided_batched_64(): C64;
}
dgmm_api! {
    fn rocblas_sdgmm / rocblas_sdgmm_64()
    fn rocblas_sdgmm_batched / rocblas_sdgmm_batched_64()
    fn rocblas_sdgmm_strided_batched / rocblas_sdgmm_strided_batched_64(): f32;
    fn rocblas_ddgmm / rocblas_ddgmm_64()
    fn rocblas_ddgmm_batched / rocblas_ddgmm_batched_64()
    fn rocblas_ddgmm_strided_batched / rocblas_ddgmm_strided_batched_64(): f64;
    fn rocblas_cdgmm / rocblas_cdgmm_64()
    fn rocblas_cdgmm_batched / rocblas_cdgmm_batched_64()
    fn rocblas_cdgmm_strided_batched / rocblas_cdgmm_strided_batched_64(): C32;
    fn rocblas_zdgmm / rocblas_zdgmm_64()
    fn rocblas_zdgmm_batched / rocblas_zdgmm_batched_64()
    fn rocblas_zdgmm_strided_batched / rocblas_zdgmm_strided_batched_64(): C64;
}
symm_api! { false;
    fn rocblas_ssymm / rocblas_ssymm_64()
    fn rocblas_ssymm_batched / rocblas_ssymm_batched_64()
    fn rocblas_ssymm_strided_batched / rocblas_ssymm_strided_batched_64(): f32;
    fn rocblas_dsymm / rocblas_dsymm_64()
    fn rocblas_dsymm_batched / rocblas_dsymm_batched_64()
    fn rocblas_dsymm_strided_batched / rocblas_dsymm_strided_batched_64(): f64;
    fn rocblas_csymm / rocblas_csymm_64()
    fn rocblas_csymm_batched / rocblas_csymm_batched_64()
    fn rocblas_csymm_strided_batched / rocblas_csymm_strided_batched_64(): C32;
    fn rocblas_zsymm / rocblas_zsymm_64()
    fn rocblas_zsymm_batched / rocblas_zsymm_batched_64()
    fn rocblas_zsymm_strided_batched / rocblas_zsymm_strided_batched_64(): C64;
}
symm_api! { true;
    fn rocblas_chemm / rocblas_chemm_64()
    fn rocblas_chemm_batched / rocblas_chemm_batched_64()
    fn rocblas_chemm_strided_batched / rocblas_chemm_strided_batched_64(): C32;
    fn rocblas_zhemm / rocblas_zhemm_64()
    fn rocblas_zhemm_batched / rocblas_zhemm_batched_64()
    fn rocblas_zhemm_strided_batched / rocblas_zhemm_strided_batched_64(): C64;
}
syrk_api! { RankK::Syrk;
    fn rocblas_ssyrk / rocblas_ssyrk_64()
    fn rocblas_ssyrk_batched / rocblas_ssyrk_batched_64()
    fn rocblas_ssyrk_strided_batched / rocblas_ssyrk_strided_batched_64(): f32, f32, f32;
    fn rocblas_dsyrk / rocblas_dsyrk_64()
    fn rocblas_dsyrk_batched / rocblas_dsyrk_batched_64()
    fn rocblas_dsyrk_strided_batched / rocblas_dsyrk_strided_batched_64(): f64, f64, f64;
    fn rocblas_csyrk / rocblas_csyrk_64()
    fn rocblas_csyrk_batched / rocblas_csyrk_batched_64()
    fn rocblas_csyrk_strided_batched / rocblas_csyrk_strided_batched_64(): C32, C32, C32;
    fn rocblas_zsyrk / rocblas_zsyrk_64()
    fn rocblas_zsyrk_batched / rocblas_zsyrk_batched_64()
    fn rocblas_zsyrk_strided_batched / rocblas_zsyrk_strided_batched_64(): C64, C64, C64;
}
syrk_api! { RankK::Herk;
    fn rocblas_cherk / rocblas_cherk_64()
    fn rocblas_cherk_batched / rocblas_cherk_batched_64()
    fn rocblas_cherk_strided_batched / rocblas_cherk_strided_batched_64(): C32, f32, f32;
    fn rocblas_zherk / rocblas_zherk_64()
    fn rocblas_zherk_batched / rocblas_zherk_batched_64()
    fn rocblas_zherk_strided_batched / rocblas_zherk_strided_batched_64(): C64, f64, f64;
}
syr2k_api! { RankK::Syr2k;
    fn rocblas_ssyr2k / rocblas_ssyr2k_64()
    fn rocblas_ssyr2k_batched / rocblas_ssyr2k_batched_64()
    fn rocblas_ssyr2k_strided_batched / rocblas_ssyr2k_strided_batched_64(): f32, f32;
    fn rocblas_dsyr2k / rocblas_dsyr2k_64()
    fn rocblas_dsyr2k_batched / rocblas_dsyr2k_batched_64()
    fn rocblas_dsyr2k_strided_batched / rocblas_dsyr2k_strided_batched_64(): f64, f64;
    fn rocblas_csyr2k / rocblas_csyr2k_64()
    fn rocblas_csyr2k_batched / rocblas_csyr2k_batched_64()
    fn rocblas_csyr2k_strided_batched / rocblas_csyr2k_strided_batched_64(): C32, C32;
    fn rocblas_zsyr2k / rocblas_zsyr2k_64()
    fn rocblas_zsyr2k_batched / rocblas_zsyr2k_batched_64()
    fn rocblas_zsyr2k_strided_batched / rocblas_zsyr2k_strided_batched_64(): C64, C64;
}
syr2k_api! { RankK::Her2k;
    fn rocblas_cher2k / rocblas_cher2k_64()
    fn rocblas_cher2k_batched / rocblas_cher2k_batched_64()
    fn rocblas_cher2k_strided_batched / rocblas_cher2k_strided_batched_64(): C32, f32;
    fn rocblas_zher2k / rocblas_zher2k_64()
    fn rocblas_zher2k_batched / rocblas_zher2k_batched_64()
    fn rocblas_zher2k_strided_batched / rocblas_zher2k_strided_batched_64(): C64, f64;
}
syr2k_api! { RankK::Syrkx;
    fn rocblas_ssyrkx / rocblas_ssyrkx_64()
    fn rocblas_ssyrkx_batched / rocblas_ssyrkx_batched_64()
    fn rocblas_ssyrkx_strided_batched / rocblas_ssyrkx_strided_batched_64(): f32, f32;
    fn rocblas_dsyrkx / rocblas_dsyrkx_64()
    fn rocblas_dsyrkx_batched / rocblas_dsyrkx_batched_64()
    fn rocblas_dsyrkx_strided_batched / rocblas_dsyrkx_strided_batched_64(): f64, f64;
    fn rocblas_csyrkx / rocblas_csyrkx_64()
    fn rocblas_csyrkx_batched / rocblas_csyrkx_batched_64()
    fn rocblas_csyrkx_strided_batched / rocblas_csyrkx_strided_batched_64(): C32, C32;
    fn rocblas_zsyrkx / rocblas_zsyrkx_64()
    fn rocblas_zsyrkx_batched / rocblas_zsyrkx_batched_64()
    fn rocblas_zsyrkx_strided_batched / rocblas_zsyrkx_strided_batched_64(): C64, C64;
}
syr2k_api! { RankK::Herkx;
    fn rocblas_cherkx / rocblas_cherkx_64()
    fn rocblas_cherkx_batched / rocblas_cherkx_batched_64()
    fn rocblas_cherkx_strided_batched / rocblas_cherkx_strided_batched_64(): C32, f32;
    fn rocblas_zherkx / rocblas_zherkx_64()
    fn rocblas_zherkx_batched / rocblas_zherkx_batched_64()
    fn rocblas_zherkx_strided_batched / rocblas_zherkx_strided_batched_64(): C64, f64;
}

export!(
    fn rocblas_geam_ex(
        handle: H,
        transa: E,
        transb: E,
        m: I,
        n: I,
        k: I,
        alpha: *const c_void,
        a: *const c_void,
        a_type: D,
        lda: I,
        b: *const c_void,
        b_type: D,
        ldb: I,
        beta: *const c_void,
        c: *const c_void,
        c_type: D,
        ldc: I,
        d: *mut c_void,
        d_type: D,
        ldd: I,
        compute_type: D,
        geam_ex_op: E,
    ) {
        ops::geam_ex(
            handle,
            transa,
            transb,
            m.into(),
            n.into(),
            k.into(),
            alpha.cast(),
            one(a),
            a_type,
            lda.into(),
            one(b),
            b_type,
            ldb.into(),
            beta.cast(),
            one(c),
            c_type,
            ldc.into(),
            one(d),
            d_type,
            ldd.into(),
            compute_type,
            geam_ex_op,
        )
    }
);

/// gemmt (rocBLAS 4.x; in librocblas.so.4/.so.5 only): the `uplo` triangle of
/// C := alpha op(A) op(B) + beta C.
macro_rules! gemmt_api {
    ($(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, uplo: E, trans_a: E, trans_b: E, n: I, k: I, alpha: *const $T, a: *const $T, lda: I,
            b: *const $T, ldb: I, beta: *const $T, c: *mut $T, ldc: I) {
            ops::gemmt::<$T>(handle, uplo, trans_a, trans_b, n.into(), k.into(), alpha, one(a), lda.into(), one(b), ldb.into(),
                beta, one(c), ldc.into(), 1)
        });
        export!(fn $b / $b64 (handle: H, uplo: E, trans_a: E, trans_b: E, n: I, k: I, alpha: *const $T, a: *const *const $T,
            lda: I, b: *const *const $T, ldb: I, beta: *const $T, c: *const *mut $T, ldc: I, batch_count: I) {
            ops::gemmt::<$T>(handle, uplo, trans_a, trans_b, n.into(), k.into(), alpha, arr(a), lda.into(), arr(b), ldb.into(),
                beta, arr(c), ldc.into(), batch_count.into())
        });
        export!(fn $sb / $sb64 (handle: H, uplo: E, trans_a: E, trans_b: E, n: I, k: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *const $T, ldb: I, stride_b: St, beta: *const $T, c: *mut $T, ldc: I, stride_c: St,
            batch_count: I) {
            ops::gemmt::<$T>(handle, uplo, trans_a, trans_b, n.into(), k.into(), alpha, st(a, stride_a), lda.into(),
                st(b, stride_b), ldb.into(), beta, st(c, stride_c), ldc.into(), batch_count.into())
        });
    )*};
}
gemmt_api! {
    fn rocblas_sgemmt / rocblas_sgemmt_64()
    fn rocblas_sgemmt_batched / rocblas_sgemmt_batched_64()
    fn rocblas_sgemmt_strided_batched / rocblas_sgemmt_strided_batched_64(): f32;
    fn rocblas_dgemmt / rocblas_dgemmt_64()
    fn rocblas_dgemmt_batched / rocblas_dgemmt_batched_64()
    fn rocblas_dgemmt_strided_batched / rocblas_dgemmt_strided_batched_64(): f64;
    fn rocblas_cgemmt / rocblas_cgemmt_64()
    fn rocblas_cgemmt_batched / rocblas_cgemmt_batched_64()
    fn rocblas_cgemmt_strided_batched / rocblas_cgemmt_strided_batched_64(): C32;
    fn rocblas_zgemmt / rocblas_zgemmt_64()
    fn rocblas_zgemmt_batched / rocblas_zgemmt_batched_64()
    fn rocblas_zgemmt_strided_batched / rocblas_zgemmt_strided_batched_64(): C64;
}
