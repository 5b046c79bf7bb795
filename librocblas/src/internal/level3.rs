//! gemm, symm/hemm, syrk/herk, syr2k/her2k, trmm, trsm and trtri as rocBLAS's internal
//! templates. trmm takes strided device alphas and writes C (B in place when C is B); trsm
//! solves by substitution and needs neither its workspace nor a supplied inverse; trtri
//! inverts `sub_batch` matrices `sub_stride` elements apart within each batch entry. `I`: the
//! template's integer type (`rocblas_int`, or `int64_t` for the `_64` forms).

use super::part::{Idx, Part, split};
use crate::blas1::exec::{Src, Status};
use crate::blas1::num::Promote;
use crate::blas2::kern::Num;
use crate::blas3::gemm::{self, Args, Kernel};
use crate::blas3::sym::kern::RankK;
use crate::blas3::sym::ops as sym;
use crate::blas3::tri::ops::{self as tri, TrtriForm};
use crate::types::*;

/// C := alpha op(A) op(B) + beta C.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm<T: Num + Kernel, I: Idx>(
    h: rocblas_handle,
    trans_a: i32,
    trans_b: i32,
    m: I,
    n: I,
    k: I,
    alpha: *const T,
    a: Src,
    lda: I,
    b: Src,
    ldb: I,
    beta: *const T,
    c: Src,
    ldc: I,
    batch: I,
) -> Status {
    let x = Args {
        trans_a,
        trans_b,
        m: m.into(),
        n: n.into(),
        k: k.into(),
        alpha: alpha.cast(),
        a,
        lda: lda.into(),
        b,
        ldb: ldb.into(),
        beta: beta.cast(),
        c,
        ldc: ldc.into(),
        d: c,
        ldd: ldc.into(),
        batch: batch.into(),
    };
    unsafe { gemm::gemm::<T>(h, x) }
}

/// C := alpha A B + beta C (left) or alpha B A + beta C (right), A symmetric (Hermitian
/// for `herm`).
#[allow(clippy::too_many_arguments)]
pub unsafe fn symm<T: Num, I: Idx>(
    h: rocblas_handle,
    herm: bool,
    side: i32,
    uplo: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: Src,
    lda: I,
    b: Src,
    ldb: I,
    beta: *const T,
    c: Src,
    ldc: I,
    batch: I,
) -> Status {
    unsafe {
        sym::symm::<T>(
            h,
            side,
            uplo,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            batch.into(),
            herm,
        )
    }
}

/// The rank-k updates of C's `uplo` triangle: syrk and herk (`b` unused), syr2k and her2k.
/// `S`: alpha's type, `R`: beta's (real for herk and her2k, alpha too for herk).
#[allow(clippy::too_many_arguments)]
pub unsafe fn rank_k<T: Num, S: Num, R: Num, I: Idx>(
    h: rocblas_handle,
    kind: RankK,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const S,
    a: Src,
    lda: I,
    b: Src,
    ldb: I,
    beta: *const R,
    c: Src,
    ldc: I,
    batch: I,
) -> Status
where
    S::W: Promote<T::W>,
    R::W: Promote<T::W>,
{
    unsafe {
        sym::rank_k::<T, S, R>(
            h,
            kind,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            batch.into(),
        )
    }
}

/// C := alpha op(A) B (left) or alpha B op(A) (right), A triangular.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm<T: Num, I: Idx>(
    h: rocblas_handle,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    stride_alpha: i64,
    a: Src,
    lda: I,
    b: Src,
    ldb: I,
    c: Src,
    ldc: I,
    batch: I,
) -> Status {
    split(h, batch, &[stride_alpha], |p: Part| unsafe {
        tri::trmm::<T>(
            h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            p.scalar(alpha, stride_alpha),
            p.of::<T>(a),
            lda.into(),
            p.of::<T>(b),
            ldb.into(),
            Some((p.of::<T>(c), ldc.into())),
            p.batch(batch),
            rocblas_status_invalid_size,
        )
    })
}

/// B := alpha op(A)^-1 B (left) or alpha B op(A)^-1 (right), A triangular.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm<T: Num, I: Idx>(
    h: rocblas_handle,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: Src,
    lda: I,
    b: Src,
    ldb: I,
    batch: I,
) -> Status {
    if Into::<i64>::into(batch) == 0 {
        return Ok(());
    }
    unsafe {
        tri::trsm::<T>(
            h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            batch.into(),
            0,
        )
    }
}

/// inv := A^-1 for each of `sub_batch` triangular matrices in each batch entry, entry `s`
/// of them `s * sub_stride` elements after the entry's first (A's and inv's own strides).
#[allow(clippy::too_many_arguments)]
pub unsafe fn trtri<T: Num, I: Idx>(
    h: rocblas_handle,
    uplo: i32,
    diag: i32,
    n: I,
    a: Src,
    lda: I,
    sub_stride_a: i64,
    inv: Src,
    ldinv: I,
    sub_stride_inv: i64,
    batch: I,
    sub_batch: I,
) -> Status {
    let (n, sub_batch): (i64, i64) = (n.into(), sub_batch.into());
    if n == 0 || sub_batch <= 0 {
        return Ok(());
    }
    let elem = size_of::<T>();
    (0..sub_batch).try_for_each(|s| unsafe {
        tri::trtri::<T>(
            h,
            uplo,
            diag,
            n,
            a.offset(s * sub_stride_a, elem),
            lda.into(),
            inv.offset(s * sub_stride_inv, elem),
            ldinv.into(),
            batch.into(),
            TrtriForm::Strided,
        )
    })
}
