//! The GEMM family's C entry points, generated from declaration lists: `?gemm` with its
//! batched and strided-batched forms per precision, and the three `gemm_ex` forms, each with
//! its ILP64 `_64` twin (`I`: `rocblas_int` or `int64_t`, see `export!`); the
//! `*_get_solutions` forms are 32-bit only (rocBLAS's `rocblas-functions.h` signatures).

use super::gemm::{self, Args, Want};
use crate::blas1::exec::Src;
use crate::blas1::num::{C32, C64};
use crate::export::{arr, export, one, st};
use crate::types::*;
use half::f16;
use std::ffi::c_void;

type I = rocblas_int;
type E = i32; // rocblas_operation, rocblas_gemm_algo (C enums)
type H = rocblas_handle;
type St = rocblas_stride;
type D = rocblas_datatype;

/// One call's arguments, sizes widened to `i64` (from `rocblas_int` or `int64_t`).
#[allow(clippy::too_many_arguments)]
fn args(
    trans_a: E,
    trans_b: E,
    m: impl Into<i64>,
    n: impl Into<i64>,
    k: impl Into<i64>,
    alpha: *const c_void,
    a: Src,
    lda: impl Into<i64>,
    b: Src,
    ldb: impl Into<i64>,
    beta: *const c_void,
    c: Src,
    ldc: impl Into<i64>,
    d: Src,
    ldd: impl Into<i64>,
    batch: impl Into<i64>,
) -> Args {
    let (m, n, k, batch) = (m.into(), n.into(), k.into(), batch.into());
    let (lda, ldb, ldc, ldd) = (lda.into(), ldb.into(), ldc.into(), ldd.into());
    Args {
        trans_a,
        trans_b,
        m,
        n,
        k,
        alpha,
        a,
        lda,
        b,
        ldb,
        beta,
        c,
        ldc,
        d,
        ldd,
        batch,
    }
}

macro_rules! gemm_api {
    ($(
        fn $s:ident / $s64:ident ()
        fn $b:ident / $b64:ident ()
        fn $sb:ident / $sb64:ident () : $T:ty
    );* $(;)?) => {$(
        export!(fn $s / $s64 (handle: H, trans_a: E, trans_b: E, m: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I,
            b: *const $T, ldb: I, beta: *const $T, c: *mut $T, ldc: I) {
            gemm::gemm::<$T>(handle,
                args(trans_a, trans_b, m, n, k, alpha.cast(), one(a), lda, one(b), ldb, beta.cast(), one(c), ldc, one(c),
                ldc, 1))
        });
        export!(fn $b / $b64 (handle: H, trans_a: E, trans_b: E, m: I, n: I, k: I, alpha: *const $T, a: *const *const $T,
            lda: I, b: *const *const $T, ldb: I, beta: *const $T, c: *const *mut $T, ldc: I, batch_count: I) {
            gemm::gemm::<$T>(handle,
                args(trans_a, trans_b, m, n, k, alpha.cast(), arr(a), lda, arr(b), ldb, beta.cast(), arr(c), ldc, arr(c),
                ldc, batch_count))
        });
        export!(fn $sb / $sb64 (handle: H, trans_a: E, trans_b: E, m: I, n: I, k: I, alpha: *const $T, a: *const $T, lda: I,
            stride_a: St, b: *const $T, ldb: I, stride_b: St, beta: *const $T, c: *mut $T, ldc: I, stride_c: St,
            batch_count: I) {
            gemm::gemm::<$T>(handle,
                args(trans_a, trans_b, m, n, k, alpha.cast(), st(a, stride_a), lda, st(b, stride_b), ldb, beta.cast(),
                st(c, stride_c), ldc, st(c, stride_c), ldc, batch_count))
        });
    )*};
}

gemm_api! {
    fn rocblas_hgemm / rocblas_hgemm_64()
    fn rocblas_hgemm_batched / rocblas_hgemm_batched_64()
    fn rocblas_hgemm_strided_batched / rocblas_hgemm_strided_batched_64(): f16;
    fn rocblas_sgemm / rocblas_sgemm_64()
    fn rocblas_sgemm_batched / rocblas_sgemm_batched_64()
    fn rocblas_sgemm_strided_batched / rocblas_sgemm_strided_batched_64(): f32;
    fn rocblas_dgemm / rocblas_dgemm_64()
    fn rocblas_dgemm_batched / rocblas_dgemm_batched_64()
    fn rocblas_dgemm_strided_batched / rocblas_dgemm_strided_batched_64(): f64;
    fn rocblas_cgemm / rocblas_cgemm_64()
    fn rocblas_cgemm_batched / rocblas_cgemm_batched_64()
    fn rocblas_cgemm_strided_batched / rocblas_cgemm_strided_batched_64(): C32;
    fn rocblas_zgemm / rocblas_zgemm_64()
    fn rocblas_zgemm_batched / rocblas_zgemm_batched_64()
    fn rocblas_zgemm_strided_batched / rocblas_zgemm_strided_batched_64(): C64;
}

export!(fn rocblas_gemm_ex / rocblas_gemm_ex_64(handle: H, trans_a: E, trans_b: E, m: I, n: I, k: I, alpha: *const c_void,
    a: *const c_void, a_type: D, lda: I, b: *const c_void, b_type: D, ldb: I, beta: *const c_void, c: *const c_void,
    c_type: D, ldc: I, d: *mut c_void, d_type: D, ldd: I, compute_type: D, algo: E, solution_index: i32, flags: u32) {
    let x = args(trans_a, trans_b, m, n, k, alpha, one(a), lda, one(b), ldb, beta, one(c), ldc, one(d), ldd, 1);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Product(algo, solution_index))
});

export!(fn rocblas_gemm_batched_ex / rocblas_gemm_batched_ex_64(handle: H, trans_a: E, trans_b: E, m: I, n: I, k: I,
    alpha: *const c_void, a: *const c_void, a_type: D, lda: I, b: *const c_void, b_type: D, ldb: I, beta: *const c_void,
    c: *const c_void, c_type: D, ldc: I, d: *mut c_void, d_type: D, ldd: I, batch_count: I, compute_type: D, algo: E,
    solution_index: i32, flags: u32) {
    let x = args(trans_a, trans_b, m, n, k, alpha, arr(a), lda, arr(b), ldb, beta, arr(c), ldc, arr(d), ldd, batch_count);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Product(algo, solution_index))
});

export!(fn rocblas_gemm_strided_batched_ex / rocblas_gemm_strided_batched_ex_64(handle: H, trans_a: E, trans_b: E, m: I,
    n: I, k: I, alpha: *const c_void, a: *const c_void, a_type: D, lda: I, stride_a: St, b: *const c_void, b_type: D, ldb: I,
    stride_b: St, beta: *const c_void, c: *const c_void, c_type: D, ldc: I, stride_c: St, d: *mut c_void, d_type: D, ldd: I,
    stride_d: St, batch_count: I, compute_type: D, algo: E, solution_index: i32, flags: u32) {
    let x = args(trans_a, trans_b, m, n, k, alpha, st(a, stride_a), lda, st(b, stride_b), ldb, beta, st(c, stride_c), ldc,
        st(d, stride_d), ldd, batch_count);
    gemm::gemm_ex(handle, x, a_type, b_type, c_type, d_type, compute_type, flags, Want::Product(algo, solution_index))
});

export!(
    fn rocblas_gemm_ex_get_solutions(
        handle: H,
        trans_a: E,
        trans_b: E,
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
        algo: E,
        flags: u32,
        list_array: *mut I,
        list_size: *mut I,
    ) {
        let _ = algo;
        let x = args(
            trans_a,
            trans_b,
            m,
            n,
            k,
            alpha,
            one(a),
            lda,
            one(b),
            ldb,
            beta,
            one(c),
            ldc,
            one(d),
            ldd,
            1,
        );
        gemm::gemm_ex(
            handle,
            x,
            a_type,
            b_type,
            c_type,
            d_type,
            compute_type,
            flags,
            Want::Solutions(list_array, list_size),
        )
    }
);

export!(
    fn rocblas_gemm_batched_ex_get_solutions(
        handle: H,
        trans_a: E,
        trans_b: E,
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
        batch_count: I,
        compute_type: D,
        algo: E,
        flags: u32,
        list_array: *mut I,
        list_size: *mut I,
    ) {
        let _ = algo;
        let x = args(
            trans_a,
            trans_b,
            m,
            n,
            k,
            alpha,
            arr(a),
            lda,
            arr(b),
            ldb,
            beta,
            arr(c),
            ldc,
            arr(d),
            ldd,
            batch_count,
        );
        gemm::gemm_ex(
            handle,
            x,
            a_type,
            b_type,
            c_type,
            d_type,
            compute_type,
            flags,
            Want::Solutions(list_array, list_size),
        )
    }
);

export!(
    fn rocblas_gemm_strided_batched_ex_get_solutions(
        handle: H,
        trans_a: E,
        trans_b: E,
        m: I,
        n: I,
        k: I,
        alpha: *const c_void,
        a: *const c_void,
        a_type: D,
        lda: I,
        stride_a: St,
        b: *const c_void,
        b_type: D,
        ldb: I,
        stride_b: St,
        beta: *const c_void,
        c: *const c_void,
        c_type: D,
        ldc: I,
        stride_c: St,
        d: *mut c_void,
        d_type: D,
        ldd: I,
        stride_d: St,
        batch_count: I,
        compute_type: D,
        algo: E,
        flags: u32,
        list_array: *mut I,
        list_size: *mut I,
    ) {
        let _ = algo;
        let x = args(
            trans_a,
            trans_b,
            m,
            n,
            k,
            alpha,
            st(a, stride_a),
            lda,
            st(b, stride_b),
            ldb,
            beta,
            st(c, stride_c),
            ldc,
            st(d, stride_d),
            ldd,
            batch_count,
        );
        gemm::gemm_ex(
            handle,
            x,
            a_type,
            b_type,
            c_type,
            d_type,
            compute_type,
            flags,
            Want::Solutions(list_array, list_size),
        )
    }
);

// rocBLAS 4.x (librocblas.so.4/.so.5): the solutions for a type combination.
export!(
    fn rocblas_gemm_ex_get_solutions_by_type(
        handle: H,
        input_type: D,
        output_type: D,
        compute_type: D,
        flags: u32,
        list_array: *mut I,
        list_size: *mut I,
    ) {
        let _ = flags;
        gemm::solutions_by_type(
            handle,
            input_type,
            output_type,
            compute_type,
            list_array,
            list_size,
        )
    }
);

export!(
    fn rocblas_gemm_batched_ex_get_solutions_by_type(
        handle: H,
        input_type: D,
        output_type: D,
        compute_type: D,
        flags: u32,
        list_array: *mut I,
        list_size: *mut I,
    ) {
        let _ = flags;
        gemm::solutions_by_type(
            handle,
            input_type,
            output_type,
            compute_type,
            list_array,
            list_size,
        )
    }
);

// rocBLAS 4.x's float8 GEMMs (deprecated there, gone in 5.x). rocBLAS runs them only on
// gfx940-class devices and answers rocblas_status_arch_mismatch on every other device,
// after the handle check; our devices report a gfx10/gfx11 target (OXROCM_*_ARCH), so
// that is their answer. Were a gfx94x target configured, the float8 GEMM itself is not
// built: not_implemented.
fn float8_gemm(handle: H) -> Result<(), rocblas_status> {
    crate::handle::with_handle(handle, |_| ())?;
    let arch = crate::hip::current_arch_name().unwrap_or_default();
    Err(if arch.starts_with("gfx94") {
        rocblas_status_not_implemented
    } else {
        rocblas_status_arch_mismatch
    })
}

type Ct = i32; // rocblas_computetype (C enum)

export!(
    fn rocblas_gemm_ex3(
        handle: H,
        trans_a: E,
        trans_b: E,
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
        compute_type: Ct,
        algo: E,
        solution_index: i32,
        flags: u32,
    ) {
        float8_gemm(handle)
    }
);

export!(
    fn rocblas_gemm_batched_ex3(
        handle: H,
        trans_a: E,
        trans_b: E,
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
        batch_count: I,
        compute_type: Ct,
        algo: E,
        solution_index: i32,
        flags: u32,
    ) {
        float8_gemm(handle)
    }
);

export!(
    fn rocblas_gemm_strided_batched_ex3(
        handle: H,
        trans_a: E,
        trans_b: E,
        m: I,
        n: I,
        k: I,
        alpha: *const c_void,
        a: *const c_void,
        a_type: D,
        lda: I,
        stride_a: St,
        b: *const c_void,
        b_type: D,
        ldb: I,
        stride_b: St,
        beta: *const c_void,
        c: *const c_void,
        c_type: D,
        ldc: I,
        stride_c: St,
        d: *mut c_void,
        d_type: D,
        ldd: I,
        stride_d: St,
        batch_count: I,
        compute_type: Ct,
        algo: E,
        solution_index: i32,
        flags: u32,
    ) {
        float8_gemm(handle)
    }
);
