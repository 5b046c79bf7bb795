//! axpy, scal and dot as rocBLAS's internal templates: strided scalars (axpy, scal), results
//! written under the handle's pointer mode (dot; the caller's workspace is not needed).

use super::part::{Part, split};
use crate::blas1::exec::{Src, Status};
use crate::blas1::ops;
use crate::blas1::num::{Elem, Promote};
use crate::types::*;

/// y := alpha x + y for each entry; `stride_alpha` between the entries' device scalars.
#[allow(clippy::too_many_arguments)]
pub unsafe fn axpy<T: Elem>(
    h: rocblas_handle, n: i32, alpha: *const T, stride_alpha: i64, x: Src, incx: i32, y: Src, incy: i32, batch: i32,
) -> Status
where
    T::F: Promote<T::F>,
{
    split(h, batch, &[stride_alpha], |p: Part| unsafe {
        ops::axpy::<T, T, T>(h, n.into(), p.scalar(alpha, stride_alpha), p.of::<T>(x), incx.into(), p.of::<T>(y), incy.into(),
            p.batch(batch.into()))
    })
}

/// x := alpha x for each entry; `stride_alpha` between the entries' device scalars.
pub unsafe fn scal<T: Elem>(h: rocblas_handle, n: i32, alpha: *const T, stride_alpha: i64, x: Src, incx: i32, batch: i32) -> Status
where
    T::F: Promote<T::F>,
{
    split(h, batch, &[stride_alpha], |p: Part| unsafe {
        ops::scal::<T, T>(h, n.into(), p.scalar(alpha, stride_alpha), p.of::<T>(x), incx.into(), p.batch(batch.into()), false)
    })
}

/// results[b] := x_b . y_b (x conjugated for `conj`).
#[allow(clippy::too_many_arguments)]
pub unsafe fn dot<T: Elem + Default>(
    h: rocblas_handle, n: i32, x: Src, incx: i32, y: Src, incy: i32, batch: i32, results: *mut T, conj: bool,
) -> Status
where
    T::F: Promote<T::F>,
{
    unsafe { ops::dot::<T, T, T>(h, n.into(), x, incx.into(), y, incy.into(), batch.into(), results, conj) }
}
