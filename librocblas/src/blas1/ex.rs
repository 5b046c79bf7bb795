//! The mixed-precision `_ex` Level-1 entry points (axpy, dot, dotc, nrm2, rot, scal, each
//! single, batched and strided-batched). The type combinations are rocBLAS 4.x's (2.47's
//! plus bf16 axpy/scal/nrm2 with f32 compute and f32 dot into an f64 result); any other
//! combination is `rocblas_status_not_implemented`, decided at the point of rocBLAS's
//! checks where it dispatches on the types.

use super::exec::{Src, Status, zero_results};
use super::num::{C32, C64, Elem, Field, Real};
use super::ops::{self, Reduce};
use crate::export::export;
use crate::handle::{ctx, report_workspace};
use crate::types::*;
use half::{bf16, f16};
use std::ffi::c_void;

type H = rocblas_handle;
type St = rocblas_stride;
type D = rocblas_datatype;

const F16: D = rocblas_datatype_f16_r;
const BF16: D = rocblas_datatype_bf16_r;
const F32: D = rocblas_datatype_f32_r;
const F64: D = rocblas_datatype_f64_r;
const F32C: D = rocblas_datatype_f32_c;
const F64C: D = rocblas_datatype_f64_c;

const NOT_IMPL: Status = Err(rocblas_status_not_implemented);

/// rocBLAS's `rocblas_sizeof_datatype` for the result types of reductions.
fn size_of_type(t: D) -> usize {
    match t {
        F16 | BF16 => 2,
        F32 => 4,
        F64 | F32C => 8,
        F64C => 16,
        rocblas_datatype_f16_c | rocblas_datatype_bf16_c => 4,
        160 | 161 => 1,
        162 | 163 | 164 | 165 => 4,
        166 | 167 => 8,
        _ => 0,
    }
}

/// Early part of a non-reduction `_ex` call: handle, then size query (no workspace).
fn prologue(h: H) -> Status {
    if ctx(h)?.query {
        Err(rocblas_status_size_unchanged)
    } else {
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// axpy_ex

#[allow(clippy::too_many_arguments)]
unsafe fn axpy_ex(
    h: H,
    n: i64,
    alpha: *const c_void,
    at: D,
    x: Src,
    xt: D,
    incx: i64,
    y: Src,
    yt: D,
    incy: i64,
    batch: i64,
    et: D,
) -> Status {
    prologue(h)?;
    if n <= 0 || batch <= 0 {
        return Ok(());
    }
    if alpha.is_null() {
        return Err(rocblas_status_invalid_pointer);
    }
    macro_rules! go {
        ($A:ty, $X:ty) => {
            unsafe { ops::axpy::<$A, $X, $X>(h, n, alpha.cast(), x, incx, y, incy, batch) }
        };
    }
    match (at, xt, yt, et) {
        (F16, F16, F16, F32) | (F16, F16, F16, F16) => go!(f16, f16),
        (F32, F16, F16, F32) => go!(f32, f16),
        (BF16, BF16, BF16, F32) => go!(bf16, bf16),
        (F32, BF16, BF16, F32) => go!(f32, bf16),
        (F32, F32, F32, F32) => go!(f32, f32),
        (F64, F64, F64, F64) => go!(f64, f64),
        (F32C, F32C, F32C, F32C) => go!(C32, C32),
        (F64C, F64C, F64C, F64C) => go!(C64, C64),
        _ => NOT_IMPL,
    }
}

export!(fn rocblas_axpy_ex / rocblas_axpy_ex_64(handle: H, n: I, alpha: *const c_void, alpha_type: D, x: *const c_void,
    x_type: D, incx: I, y: *mut c_void, y_type: D, incy: I, execution_type: D) {
    axpy_ex(handle, n.into(), alpha, alpha_type, Src::strided(x, 0), x_type, incx.into(), Src::strided(y, 0), y_type,
        incy.into(), 1, execution_type)
});
export!(fn rocblas_axpy_batched_ex / rocblas_axpy_batched_ex_64(handle: H, n: I, alpha: *const c_void, alpha_type: D,
    x: *const c_void, x_type: D, incx: I, y: *mut c_void, y_type: D, incy: I, batch_count: I, execution_type: D) {
    axpy_ex(handle, n.into(), alpha, alpha_type, Src::array(x), x_type, incx.into(), Src::array(y), y_type, incy.into(),
        batch_count.into(), execution_type)
});
export!(fn rocblas_axpy_strided_batched_ex / rocblas_axpy_strided_batched_ex_64(handle: H, n: I, alpha: *const c_void,
    alpha_type: D, x: *const c_void, x_type: D, incx: I, stridex: St, y: *mut c_void, y_type: D, incy: I, stridey: St,
    batch_count: I, execution_type: D) {
    axpy_ex(handle, n.into(), alpha, alpha_type, Src::strided(x, stridex), x_type, incx.into(), Src::strided(y, stridey),
        y_type, incy.into(), batch_count.into(), execution_type)
});

// ---------------------------------------------------------------------------------------
// dot_ex, dotc_ex

#[allow(clippy::too_many_arguments)]
unsafe fn dot_ex(
    h: H,
    n: i64,
    x: Src,
    xt: D,
    incx: i64,
    y: Src,
    yt: D,
    incy: i64,
    batch: i64,
    result: *mut c_void,
    rt: D,
    et: D,
    conj: bool,
) -> Status {
    let c = ctx(h)?;
    if c.query {
        if n <= 0 || batch <= 0 {
            return Err(rocblas_status_size_unchanged);
        }
        let bytes = size_of_type(et) * ((n as usize - 1) / 512 + 2) * batch as usize;
        return Err(report_workspace(h, bytes));
    }
    if batch <= 0 {
        return Ok(());
    }
    if n <= 0 {
        if result.is_null() {
            return Err(rocblas_status_invalid_pointer);
        }
        return zero_results(
            result as *mut u8,
            size_of_type(rt) * batch as usize,
            c.mode,
            c.stream,
        );
    }
    if x.is_null() || y.is_null() || result.is_null() {
        return Err(rocblas_status_invalid_pointer);
    }
    macro_rules! go {
        ($X:ty) => {
            go!($X, $X)
        };
        ($X:ty, $R:ty) => {
            unsafe { ops::dot::<$X, $X, $R>(h, n, x, incx, y, incy, batch, result.cast(), conj) }
        };
    }
    match (xt, yt, rt, et) {
        (F16, F16, F16, F16) | (F16, F16, F16, F32) => go!(f16),
        (BF16, BF16, BF16, F32) => go!(bf16),
        (F32, F32, F32, F32) => go!(f32),
        (F64, F64, F64, F64) => go!(f64),
        // products and sum in f64
        (F32, F32, F64, F64) => go!(f32, f64),
        (F32C, F32C, F32C, F32C) => go!(C32),
        (F64C, F64C, F64C, F64C) => go!(C64),
        _ => NOT_IMPL,
    }
}

macro_rules! dot_ex_api {
    ($conj:expr; fn $single:ident / $single64:ident (), fn $batched:ident / $batched64:ident (),
        fn $strided:ident / $strided64:ident ()) => {
        export!(fn $single / $single64 (handle: H, n: I, x: *const c_void, x_type: D, incx: I, y: *const c_void, y_type: D,
            incy: I, result: *mut c_void, result_type: D, execution_type: D) {
            dot_ex(handle, n.into(), Src::strided(x, 0), x_type, incx.into(), Src::strided(y, 0), y_type, incy.into(), 1,
                result, result_type, execution_type, $conj)
        });
        export!(fn $batched / $batched64 (handle: H, n: I, x: *const c_void, x_type: D, incx: I, y: *const c_void, y_type: D,
            incy: I, batch_count: I, result: *mut c_void, result_type: D, execution_type: D) {
            dot_ex(handle, n.into(), Src::array(x), x_type, incx.into(), Src::array(y), y_type, incy.into(),
                batch_count.into(), result, result_type, execution_type, $conj)
        });
        export!(fn $strided / $strided64 (handle: H, n: I, x: *const c_void, x_type: D, incx: I, stride_x: St,
            y: *const c_void, y_type: D, incy: I, stride_y: St, batch_count: I, result: *mut c_void, result_type: D,
            execution_type: D) {
            dot_ex(handle, n.into(), Src::strided(x, stride_x), x_type, incx.into(), Src::strided(y, stride_y), y_type,
                incy.into(), batch_count.into(), result, result_type, execution_type, $conj)
        });
    };
}
dot_ex_api!(false;
    fn rocblas_dot_ex / rocblas_dot_ex_64(),
    fn rocblas_dot_batched_ex / rocblas_dot_batched_ex_64(),
    fn rocblas_dot_strided_batched_ex / rocblas_dot_strided_batched_ex_64());
dot_ex_api!(true;
    fn rocblas_dotc_ex / rocblas_dotc_ex_64(),
    fn rocblas_dotc_batched_ex / rocblas_dotc_batched_ex_64(),
    fn rocblas_dotc_strided_batched_ex / rocblas_dotc_strided_batched_ex_64());

// ---------------------------------------------------------------------------------------
// nrm2_ex

#[allow(clippy::too_many_arguments)]
unsafe fn nrm2_ex(
    h: H,
    n: i64,
    x: Src,
    xt: D,
    incx: i64,
    batch: i64,
    result: *mut c_void,
    rt: D,
    et: D,
) -> Status {
    let c = ctx(h)?;
    if c.query {
        if n <= 0 || incx <= 0 || batch <= 0 {
            return Err(rocblas_status_size_unchanged);
        }
        let bytes = size_of_type(et) * ((n as usize - 1) / 512 + 2) * batch as usize;
        return Err(report_workspace(h, bytes));
    }
    if result.is_null() {
        return Err(rocblas_status_invalid_pointer);
    }
    if n <= 0 || incx <= 0 || batch <= 0 {
        return zero_results(
            result as *mut u8,
            size_of_type(rt) * batch.max(0) as usize,
            c.mode,
            c.stream,
        );
    }
    if x.is_null() {
        return Err(rocblas_status_invalid_pointer);
    }
    macro_rules! go {
        ($X:ty, $R:ty) => {
            unsafe { ops::real_reduce::<$X, $R>(h, n, x, incx, batch, result.cast(), Reduce::Nrm2) }
        };
    }
    match (xt, rt, et) {
        (F16, F16, F32) => go!(f16, f16),
        (BF16, BF16, F32) => go!(bf16, bf16),
        (F32, F32, F32) => go!(f32, f32),
        (F64, F64, F64) => go!(f64, f64),
        (F32C, F32, F32) => go!(C32, f32),
        (F64C, F64, F64) => go!(C64, f64),
        _ => NOT_IMPL,
    }
}

export!(fn rocblas_nrm2_ex / rocblas_nrm2_ex_64(handle: H, n: I, x: *const c_void, x_type: D, incx: I, results: *mut c_void,
    result_type: D, execution_type: D) {
    nrm2_ex(handle, n.into(), Src::strided(x, 0), x_type, incx.into(), 1, results, result_type, execution_type)
});
export!(fn rocblas_nrm2_batched_ex / rocblas_nrm2_batched_ex_64(handle: H, n: I, x: *const c_void, x_type: D, incx: I,
    batch_count: I, results: *mut c_void, result_type: D, execution_type: D) {
    nrm2_ex(handle, n.into(), Src::array(x), x_type, incx.into(), batch_count.into(), results, result_type, execution_type)
});
export!(fn rocblas_nrm2_strided_batched_ex / rocblas_nrm2_strided_batched_ex_64(handle: H, n: I, x: *const c_void, x_type: D,
    incx: I, stride_x: St, batch_count: I, results: *mut c_void, result_type: D, execution_type: D) {
    nrm2_ex(handle, n.into(), Src::strided(x, stride_x), x_type, incx.into(), batch_count.into(), results, result_type,
        execution_type)
});

// ---------------------------------------------------------------------------------------
// rot_ex

#[allow(clippy::too_many_arguments)]
unsafe fn rot_ex(
    h: H,
    n: i64,
    x: Src,
    xt: D,
    incx: i64,
    y: Src,
    yt: D,
    incy: i64,
    cp: *const c_void,
    sp: *const c_void,
    ct: D,
    batch: i64,
    et: D,
) -> Status {
    prologue(h)?;
    if n <= 0 || batch <= 0 {
        return Ok(());
    }
    if x.is_null() || y.is_null() || cp.is_null() || sp.is_null() {
        return Err(rocblas_status_invalid_pointer);
    }
    macro_rules! go {
        ($X:ty, $C:ty, $S:ty) => {
            unsafe { ops::rot::<$X, $C, $S>(h, n, x, incx, y, incy, cp.cast(), sp.cast(), batch) }
        };
    }
    match (xt, yt, ct, et) {
        (BF16, BF16, BF16, F32) => go!(bf16, bf16, bf16),
        (F16, F16, F16, F32) => go!(f16, f16, f16),
        (F32, F32, F32, F32) => go!(f32, f32, f32),
        (F64, F64, F64, F64) => go!(f64, f64, f64),
        // complex c and s: rocBLAS reads c as the real part of a complex value
        (F32C, F32C, F32C, F32C) => go!(C32, f32, C32),
        (F32C, F32C, F32, F32C) => go!(C32, f32, f32),
        (F64C, F64C, F64C, F64C) => go!(C64, f64, C64),
        (F64C, F64C, F64, F64C) => go!(C64, f64, f64),
        _ => NOT_IMPL,
    }
}

export!(fn rocblas_rot_ex / rocblas_rot_ex_64(handle: H, n: I, x: *mut c_void, x_type: D, incx: I, y: *mut c_void, y_type: D,
    incy: I, c: *const c_void, s: *const c_void, cs_type: D, execution_type: D) {
    rot_ex(handle, n.into(), Src::strided(x, 0), x_type, incx.into(), Src::strided(y, 0), y_type, incy.into(), c, s, cs_type,
        1, execution_type)
});
export!(fn rocblas_rot_batched_ex / rocblas_rot_batched_ex_64(handle: H, n: I, x: *mut c_void, x_type: D, incx: I,
    y: *mut c_void, y_type: D, incy: I, c: *const c_void, s: *const c_void, cs_type: D, batch_count: I, execution_type: D) {
    rot_ex(handle, n.into(), Src::array(x), x_type, incx.into(), Src::array(y), y_type, incy.into(), c, s, cs_type,
        batch_count.into(), execution_type)
});
export!(fn rocblas_rot_strided_batched_ex / rocblas_rot_strided_batched_ex_64(handle: H, n: I, x: *mut c_void, x_type: D,
    incx: I, stride_x: St, y: *mut c_void, y_type: D, incy: I, stride_y: St, c: *const c_void, s: *const c_void, cs_type: D,
    batch_count: I, execution_type: D) {
    rot_ex(handle, n.into(), Src::strided(x, stride_x), x_type, incx.into(), Src::strided(y, stride_y), y_type, incy.into(),
        c, s, cs_type, batch_count.into(), execution_type)
});

// ---------------------------------------------------------------------------------------
// scal_ex

fn is_one<A: Elem>(a: A) -> bool {
    a.load() == A::F::from_re(<<A::F as Field>::R as Real>::from_f64(1.0))
}

#[allow(clippy::too_many_arguments)]
unsafe fn scal_ex(
    h: H,
    n: i64,
    alpha: *const c_void,
    at: D,
    x: Src,
    xt: D,
    incx: i64,
    batch: i64,
    et: D,
) -> Status {
    let c = ctx(h)?;
    if c.query {
        return Err(rocblas_status_size_unchanged);
    }
    if n <= 0 || incx <= 0 || batch <= 0 {
        return Ok(());
    }
    macro_rules! go {
        ($A:ty, $X:ty) => {{
            if alpha.is_null() {
                return Err(rocblas_status_invalid_pointer);
            }
            if c.mode == rocblas_pointer_mode_host
                && is_one(unsafe { (alpha as *const $A).read_unaligned() })
            {
                return Ok(());
            }
            unsafe { ops::scal::<$A, $X>(h, n, alpha.cast(), x, incx, batch, false) }
        }};
    }
    match (at, xt, et) {
        (F16, F16, F32) | (F16, F16, F16) => go!(f16, f16),
        (F32, F16, F32) => go!(f32, f16),
        (BF16, BF16, F32) => go!(bf16, bf16),
        (F32, BF16, F32) => go!(f32, bf16),
        (F32, F32, F32) => go!(f32, f32),
        (F64, F64, F64) => go!(f64, f64),
        (F32C, F32C, F32C) => go!(C32, C32),
        (F64C, F64C, F64C) => go!(C64, C64),
        (F32, F32C, F32C) => go!(f32, C32),
        (F64, F64C, F64C) => go!(f64, C64),
        _ => NOT_IMPL,
    }
}

export!(fn rocblas_scal_ex / rocblas_scal_ex_64(handle: H, n: I, alpha: *const c_void, alpha_type: D, x: *mut c_void,
    x_type: D, incx: I, execution_type: D) {
    scal_ex(handle, n.into(), alpha, alpha_type, Src::strided(x, 0), x_type, incx.into(), 1, execution_type)
});
export!(fn rocblas_scal_batched_ex / rocblas_scal_batched_ex_64(handle: H, n: I, alpha: *const c_void, alpha_type: D,
    x: *mut c_void, x_type: D, incx: I, batch_count: I, execution_type: D) {
    scal_ex(handle, n.into(), alpha, alpha_type, Src::array(x), x_type, incx.into(), batch_count.into(), execution_type)
});
export!(fn rocblas_scal_strided_batched_ex / rocblas_scal_strided_batched_ex_64(handle: H, n: I, alpha: *const c_void,
    alpha_type: D, x: *mut c_void, x_type: D, incx: I, stridex: St, batch_count: I, execution_type: D) {
    scal_ex(handle, n.into(), alpha, alpha_type, Src::strided(x, stridex), x_type, incx.into(), batch_count.into(),
        execution_type)
});
