//! gemv, ger, symv/hemv, syr2/her2, trmv and trsv by substitution as rocBLAS's internal
//! templates. gemv, ger and symv/hemv take strided device scalars; trmv's workspace (where
//! rocBLAS's kernel puts op(A) x before copying it to x) is not needed; the substitution
//! trsv scales by an optional alpha (null: 1) and needs no completion counters. `I`: the
//! template's integer type (`rocblas_int`, or `int64_t` for the `_64` forms).

use super::part::{Idx, Part, split};
use crate::blas1::exec::{Src, Status};
use crate::blas1::num::{Elem, Promote};
use crate::blas1::ops as ops1;
use crate::blas2::kern::Num;
use crate::blas2::ops::{self, SymKind, TriKind, Upd};
use crate::types::*;

/// y := alpha op(A) x + beta y.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemv<T: Num, I: Idx>(
    h: rocblas_handle,
    trans: i32,
    m: I,
    n: I,
    alpha: *const T,
    stride_alpha: i64,
    a: Src,
    lda: I,
    x: Src,
    incx: I,
    beta: *const T,
    stride_beta: i64,
    y: Src,
    incy: I,
    batch: I,
) -> Status {
    split(h, batch, &[stride_alpha, stride_beta], |p: Part| unsafe {
        ops::gemv::<T>(
            h,
            trans,
            m.into(),
            n.into(),
            p.scalar(alpha, stride_alpha),
            p.of::<T>(a),
            lda.into(),
            p.of::<T>(x),
            incx.into(),
            p.scalar(beta, stride_beta),
            p.of::<T>(y),
            incy.into(),
            p.batch(batch),
        )
    })
}

/// A := alpha x y^T (y^H for `conj`) + A.
#[allow(clippy::too_many_arguments)]
pub unsafe fn ger<T: Num, I: Idx>(
    h: rocblas_handle,
    m: I,
    n: I,
    alpha: *const T,
    stride_alpha: i64,
    x: Src,
    incx: I,
    y: Src,
    incy: I,
    a: Src,
    lda: I,
    batch: I,
    conj: bool,
) -> Status {
    split(h, batch, &[stride_alpha], |p: Part| unsafe {
        ops::ger::<T>(
            h,
            m.into(),
            n.into(),
            p.scalar(alpha, stride_alpha),
            p.of::<T>(x),
            incx.into(),
            p.of::<T>(y),
            incy.into(),
            p.of::<T>(a),
            lda.into(),
            p.batch(batch),
            conj,
        )
    })
}

/// y := alpha A x + beta y, A symmetric (Hermitian for `herm`) in its `uplo` triangle.
#[allow(clippy::too_many_arguments)]
pub unsafe fn symv<T: Num, I: Idx>(
    h: rocblas_handle,
    herm: bool,
    uplo: i32,
    n: I,
    alpha: *const T,
    stride_alpha: i64,
    a: Src,
    lda: I,
    x: Src,
    incx: I,
    beta: *const T,
    stride_beta: i64,
    y: Src,
    incy: I,
    batch: I,
) -> Status {
    split(h, batch, &[stride_alpha, stride_beta], |p: Part| unsafe {
        ops::symv::<T>(
            h,
            uplo,
            n.into(),
            SymKind::Full,
            herm,
            p.scalar(alpha, stride_alpha),
            p.of::<T>(a),
            lda.into(),
            p.of::<T>(x),
            incx.into(),
            p.scalar(beta, stride_beta),
            p.of::<T>(y),
            incy.into(),
            p.batch(batch),
        )
    })
}

/// A := alpha x y^T + alpha y x^T + A (syr2), or alpha x y^H + conj(alpha) y x^H + A (her2),
/// on the `uplo` triangle.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr2<T: Num, I: Idx>(
    h: rocblas_handle,
    herm: bool,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: Src,
    incx: I,
    y: Src,
    incy: I,
    a: Src,
    lda: I,
    batch: I,
) -> Status {
    let kind = if herm { Upd::Her2 } else { Upd::Syr2 };
    unsafe {
        ops::sym_update::<T, T>(
            h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            y,
            incy.into(),
            a,
            Some(lda.into()),
            batch.into(),
            kind,
        )
    }
}

/// x := op(A) x, A triangular.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmv<T: Num, I: Idx>(
    h: rocblas_handle,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    a: Src,
    lda: I,
    x: Src,
    incx: I,
    batch: I,
) -> Status {
    unsafe {
        ops::tri::<T>(
            h,
            uplo,
            trans,
            diag,
            m.into(),
            TriKind::Trmv,
            a,
            lda.into(),
            x,
            incx.into(),
            batch.into(),
        )
    }
}

/// x := alpha op(A)^-1 x, A triangular; a null alpha is 1.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsv<T: Num + Elem, I: Idx>(
    h: rocblas_handle,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    a: Src,
    lda: I,
    alpha: *const T,
    x: Src,
    incx: I,
    batch: I,
) -> Status
where
    T::F: Promote<T::F>,
{
    let (m, incx, batch): (i64, i64, i64) = (m.into(), incx.into(), batch.into());
    if batch == 0 || m <= 0 {
        return Ok(());
    }
    if !alpha.is_null() {
        // Scaling first solves for alpha x. The elements are the same set whichever way the
        // increment runs, so the scaling walks them forwards (scal skips increments <= 0).
        unsafe { ops1::scal::<T, T>(h, m, alpha, x, incx.abs(), batch, false)? };
    }
    unsafe {
        ops::tri::<T>(
            h,
            uplo,
            trans,
            diag,
            m,
            TriKind::Trsv,
            a,
            lda.into(),
            x,
            incx,
            batch,
        )
    }
}
