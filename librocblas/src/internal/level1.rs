//! axpy, scal and dot as rocBLAS's internal templates: strided scalars (axpy, scal), results
//! written under the handle's pointer mode (dot; the caller's workspace is not needed).
//! `I`: the template's integer type (`rocblas_int`, or `int64_t` for the `_64` forms).

use super::part::{Idx, Part, split};
use crate::blas1::exec::{Src, Status};
use crate::blas1::num::{Elem, Promote};
use crate::blas1::ops;
use crate::types::*;

/// y := alpha x + y for each entry; `stride_alpha` between the entries' device scalars.
#[allow(clippy::too_many_arguments)]
pub unsafe fn axpy<T: Elem, I: Idx>(
    h: rocblas_handle,
    n: I,
    alpha: *const T,
    stride_alpha: i64,
    x: Src,
    incx: I,
    y: Src,
    incy: I,
    batch: I,
) -> Status
where
    T::F: Promote<T::F>,
{
    split(h, batch, &[stride_alpha], |p: Part| unsafe {
        ops::axpy::<T, T, T>(
            h,
            n.into(),
            p.scalar(alpha, stride_alpha),
            p.of::<T>(x),
            incx.into(),
            p.of::<T>(y),
            incy.into(),
            p.batch(batch),
        )
    })
}

/// x := alpha x for each entry; `stride_alpha` between the entries' device scalars. `A`:
/// alpha's type (real for a complex x: csscal, zdscal).
#[allow(clippy::too_many_arguments)]
pub unsafe fn scal<T: Elem, A: Elem, I: Idx>(
    h: rocblas_handle,
    n: I,
    alpha: *const A,
    stride_alpha: i64,
    x: Src,
    incx: I,
    batch: I,
) -> Status
where
    A::F: Promote<T::F>,
{
    split(h, batch, &[stride_alpha], |p: Part| unsafe {
        ops::scal::<A, T>(
            h,
            n.into(),
            p.scalar(alpha, stride_alpha),
            p.of::<T>(x),
            incx.into(),
            p.batch(batch),
            false,
        )
    })
}

/// results[b] := x_b . y_b (x conjugated for `conj`).
#[allow(clippy::too_many_arguments)]
pub unsafe fn dot<T: Elem + Default, I: Idx>(
    h: rocblas_handle,
    n: I,
    x: Src,
    incx: I,
    y: Src,
    incy: I,
    batch: I,
    results: *mut T,
    conj: bool,
) -> Status
where
    T::F: Promote<T::F>,
{
    unsafe {
        ops::dot::<T, T, T>(
            h,
            n.into(),
            x,
            incx.into(),
            y,
            incy.into(),
            batch.into(),
            results,
            conj,
        )
    }
}
