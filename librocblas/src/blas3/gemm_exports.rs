//! The GEMM family's C entry points, generated from declaration lists: `?gemm` with its
//! batched and strided-batched forms per precision, and the three `gemm_ex` forms
//! (rocBLAS 2.47's `rocblas-functions.h` signatures).

use super::gemm::{self, Args, Want};
use crate::blas1::exec::Src;
use crate::blas1::num::{C32, C64};
use crate::export::{arr, export, one, st};
use crate::types::*;
use half::f16;
use std::ffi::c_void;

type I = rocblas_int;
type H = rocblas_handle;
type St = rocblas_stride;
type D = rocblas_datatype;

#[allow(clippy::too_many_arguments)]
fn args(
    trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const c_void, a: Src, lda: I, b: Src, ldb: I, beta: *const c_void,
    c: Src, ldc: I, d: Src, ldd: I, batch: I,
) -> Args {
    Args { trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, d, ldd, batch }
}

macro_rules! gemm_api {
    ($(fn $s:ident() fn $b:ident() fn $sb:ident() : $T:ty);* $(;)?) => {$(
        export!($s(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I,
            b: *const $T, ldb: I, beta: *const $T, c: *mut $T, ldc: I) {
            gemm::gemm::<$T>(handle, args(trans_a, trans_b, m, n, k, alpha.cast(), one(a), lda, one(b), ldb, beta.cast(),
                one(c), ldc, one(c), ldc, 1))
        });
        export!($b(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const $T, a: *const *const $T, lda: I,
            b: *const *const $T, ldb: I, beta: *const $T, c: *const *mut $T, ldc: I, batch_count: I) {
            gemm::gemm::<$T>(handle, args(trans_a, trans_b, m, n, k, alpha.cast(), arr(a), lda, arr(b), ldb, beta.cast(),
                arr(c), ldc, arr(c), ldc, batch_count))
        });
        export!($sb(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *const $T, ldb: I, stride_b: St, beta: *const $T, c: *mut $T, ldc: I, stride_c: St,
            batch_count: I) {
            gemm::gemm::<$T>(handle, args(trans_a, trans_b, m, n, k, alpha.cast(), st(a, stride_a), lda, st(b, stride_b),
                ldb, beta.cast(), st(c, stride_c), ldc, st(c, stride_c), ldc, batch_count))
        });
    )*};
}

gemm_api! {
    fn rocblas_hgemm() fn rocblas_hgemm_batched() fn rocblas_hgemm_strided_batched(): f16;
    fn rocblas_sgemm() fn rocblas_sgemm_batched() fn rocblas_sgemm_strided_batched(): f32;
    fn rocblas_dgemm() fn rocblas_dgemm_batched() fn rocblas_dgemm_strided_batched(): f64;
    fn rocblas_cgemm() fn rocblas_cgemm_batched() fn rocblas_cgemm_strided_batched(): C32;
    fn rocblas_zgemm() fn rocblas_zgemm_batched() fn rocblas_zgemm_strided_batched(): C64;
}

export!(fn rocblas_gemm_ex(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const c_void, a: *const c_void,
    a_type: D, lda: I, b: *const c_void, b_type: D, ldb: I, beta: *const c_void, c: *const c_void, c_type: D, ldc: I,
    d: *mut c_void, d_type: D, ldd: I, compute_type: D, algo: I, solution_index: i32, flags: u32) {
    let x = args(trans_a, trans_b, m, n, k, alpha, one(a), lda, one(b), ldb, beta, one(c), ldc, one(d), ldd, 1);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Product(algo, solution_index))
});

export!(fn rocblas_gemm_batched_ex(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const c_void,
    a: *const c_void, a_type: D, lda: I, b: *const c_void, b_type: D, ldb: I, beta: *const c_void, c: *const c_void,
    c_type: D, ldc: I, d: *mut c_void, d_type: D, ldd: I, batch_count: I, compute_type: D, algo: I, solution_index: i32,
    flags: u32) {
    let x = args(trans_a, trans_b, m, n, k, alpha, arr(a), lda, arr(b), ldb, beta, arr(c), ldc, arr(d), ldd, batch_count);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Product(algo, solution_index))
});

export!(fn rocblas_gemm_strided_batched_ex(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const c_void,
    a: *const c_void, a_type: D, lda: I, stride_a: St, b: *const c_void, b_type: D, ldb: I, stride_b: St,
    beta: *const c_void, c: *const c_void, c_type: D, ldc: I, stride_c: St, d: *mut c_void, d_type: D, ldd: I,
    stride_d: St, batch_count: I, compute_type: D, algo: I, solution_index: i32, flags: u32) {
    let x = args(trans_a, trans_b, m, n, k, alpha, st(a, stride_a), lda, st(b, stride_b), ldb, beta, st(c, stride_c), ldc,
        st(d, stride_d), ldd, batch_count);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Product(algo, solution_index))
});

export!(fn rocblas_gemm_ex_get_solutions(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I, alpha: *const c_void,
    a: *const c_void, a_type: D, lda: I, b: *const c_void, b_type: D, ldb: I, beta: *const c_void, c: *const c_void,
    c_type: D, ldc: I, d: *mut c_void, d_type: D, ldd: I, compute_type: D, algo: I, flags: u32, list_array: *mut I,
    list_size: *mut I) {
    let _ = algo;
    let x = args(trans_a, trans_b, m, n, k, alpha, one(a), lda, one(b), ldb, beta, one(c), ldc, one(d), ldd, 1);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Solutions(list_array, list_size))
});

export!(fn rocblas_gemm_batched_ex_get_solutions(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I,
    alpha: *const c_void, a: *const c_void, a_type: D, lda: I, b: *const c_void, b_type: D, ldb: I, beta: *const c_void,
    c: *const c_void, c_type: D, ldc: I, d: *mut c_void, d_type: D, ldd: I, batch_count: I, compute_type: D, algo: I,
    flags: u32, list_array: *mut I, list_size: *mut I) {
    let _ = algo;
    let x = args(trans_a, trans_b, m, n, k, alpha, arr(a), lda, arr(b), ldb, beta, arr(c), ldc, arr(d), ldd, batch_count);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Solutions(list_array, list_size))
});

export!(fn rocblas_gemm_strided_batched_ex_get_solutions(handle: H, trans_a: I, trans_b: I, m: I, n: I, k: I,
    alpha: *const c_void, a: *const c_void, a_type: D, lda: I, stride_a: St, b: *const c_void, b_type: D, ldb: I,
    stride_b: St, beta: *const c_void, c: *const c_void, c_type: D, ldc: I, stride_c: St, d: *mut c_void, d_type: D,
    ldd: I, stride_d: St, batch_count: I, compute_type: D, algo: I, flags: u32, list_array: *mut I, list_size: *mut I) {
    let _ = algo;
    let x = args(trans_a, trans_b, m, n, k, alpha, st(a, stride_a), lda, st(b, stride_b), ldb, beta, st(c, stride_c), ldc,
        st(d, stride_d), ldd, batch_count);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Solutions(list_array, list_size))
});
