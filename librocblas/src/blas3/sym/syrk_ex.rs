//! rocBLAS 5.x's `rocblas_syrk_ex` (librocblas.so.5 only): the `uplo` triangle of the n x n
//! C := alpha op(A) op(A)^T + beta C with A, C and the computation in their own types.
//!
//! Type combinations (a, c, compute), as rocBLAS 5.x dispatches them: (bf16, bf16, f32),
//! (bf16, f32, f32), (f16, f16, f32), (f16, f32, f32), (f32, f32, f64), (f32, f64, f64);
//! alpha and beta have the compute type. Any other combination is
//! `rocblas_status_not_implemented`, answered after the `n == 0` quick return and before the
//! argument checks, where rocBLAS dispatches on the types.
//!
//! rocBLAS 5.x copies device-memory alpha and beta to the host before its last quick
//! return and pointer checks (`rocblas_copy_alpha_beta_to_host_if_on_device`); so do we,
//! on the handle's stream. Products and sums run in f64; each result is rounded to the
//! compute type and then stored in C's type. No workspace is used (size queries answer
//! `rocblas_status_size_unchanged`).

use super::ops::ExElem;
use crate::blas1::exec::*;
use crate::blas2::kern::Op;
use crate::blas2::ops::{BAD_PTR, BAD_SIZE, Prep, SUCCESS, op_of, upper_of, zero_query};
use crate::export::{export, one};
use crate::handle::ctx;
use crate::hip;
use crate::types::*;
use half::{bf16, f16};
use std::ffi::c_void;

impl ExElem for bf16 {
    fn f(self) -> f64 {
        self.to_f64()
    }
    fn t(v: f64) -> bf16 {
        bf16::from_f64(v)
    }
}

const F16: i32 = rocblas_datatype_f16_r;
const BF16: i32 = rocblas_datatype_bf16_r;
const F32: i32 = rocblas_datatype_f32_r;
const F64: i32 = rocblas_datatype_f64_r;

/// A scalar of the compute type as f64, read from the host or (synchronously, on `stream`)
/// from device memory.
unsafe fn scalar_value(
    p: *const c_void,
    compute: i32,
    device: bool,
    stream: hipStream_t,
) -> Status<f64> {
    let bytes = if compute == F64 { 8 } else { 4 };
    let mut buf = [0u8; 8];
    if device {
        let rc = unsafe {
            hip::hipMemcpyAsync(
                buf.as_mut_ptr().cast(),
                p,
                bytes,
                hip::hipMemcpyDeviceToHost,
                stream,
            )
        };
        if rc != 0 || unsafe { hip::hipStreamSynchronize(stream) } != 0 {
            return Err(rocblas_status_internal_error);
        }
    } else {
        unsafe { std::ptr::copy_nonoverlapping(p as *const u8, buf.as_mut_ptr(), bytes) };
    }
    Ok(if compute == F64 {
        f64::from_le_bytes(buf)
    } else {
        f32::from_le_bytes(buf[..4].try_into().unwrap_or_default()) as f64
    })
}

/// The checks and quick returns of rocBLAS 5.x's syrk_ex, then the update queued for the
/// element types A, C and compute type X.
#[allow(clippy::too_many_arguments)]
unsafe fn syrk_ex_typed<A: ExElem, C: ExElem, X: ExElem>(
    h: rocblas_handle,
    uplo: i32,
    trans: i32,
    n: i64,
    k: i64,
    alpha: *const c_void,
    a: Src,
    lda: i64,
    beta: *const c_void,
    c: Src,
    ldc: i64,
    compute: i32,
) -> Status {
    let cx = ctx(h)?;
    let upper = upper_of(uplo)?;
    // real types: op(A) is A or A^T (conjugate transpose reads as transpose)
    let op = op_of(trans)?;
    let need = if op == Op::N { n } else { k };
    if n < 0 || k < 0 || ldc < n || lda < need {
        return BAD_SIZE;
    }
    if n == 0 {
        return SUCCESS;
    }
    if (k > 0 && alpha.is_null()) || beta.is_null() {
        return BAD_PTR;
    }
    let device = cx.mode == rocblas_pointer_mode_device;
    let al = if k > 0 {
        unsafe { scalar_value(alpha, compute, device, cx.stream) }?
    } else {
        0.0
    };
    let be = unsafe { scalar_value(beta, compute, device, cx.stream) }?;
    let calc = k > 0 && al != 0.0;
    if !calc && be == 1.0 {
        return SUCCESS;
    }
    if c.is_null() || (calc && a.is_null()) {
        return BAD_PTR;
    }
    let (nu, ku, lda, ldc) = (n as usize, k as usize, lda as usize, ldc as usize);
    let (ra, ca) = if op == Op::N { (nu, ku) } else { (ku, nu) };
    let span = |r: usize, cols: usize, ld: usize| {
        if r == 0 || cols == 0 {
            0
        } else {
            (cols - 1) * ld + r
        }
    };
    let mut p = Prep::new(&cx, 1);
    let ab = p.area::<A>(a, span(ra, ca, lda), false, calc)?;
    let Some(cb) = p.area::<C>(c, span(nu, nu, ldc), true, true)? else {
        return SUCCESS;
    };
    enqueue(cx.stream, p.acc, move |v| {
        // op(A) row i (k values) for each i, in f64
        let rows: Vec<f64> = match &ab {
            Some(ab) => {
                let ap = v.ptr::<A>(v.base(ab, 0)) as *const A;
                let at =
                    |r: usize, col: usize| unsafe { ap.add(r + col * lda).read_unaligned() }.f();
                let mut out = Vec::with_capacity(nu * ku);
                for i in 0..nu {
                    for l in 0..ku {
                        out.push(if op == Op::N { at(i, l) } else { at(l, i) });
                    }
                }
                out
            }
            None => Vec::new(),
        };
        let cp = v.ptr::<C>(v.base(&cb, 0));
        for j in 0..nu {
            let range = if upper { 0..j + 1 } else { j..nu };
            for i in range {
                let at = i + j * ldc;
                // beta 0: C is not read (it may hold NaN)
                let mut val = if be == 0.0 {
                    0.0
                } else {
                    be * unsafe { cp.add(at).read_unaligned() }.f()
                };
                if calc && !rows.is_empty() {
                    let (ri, rj) = (&rows[i * ku..(i + 1) * ku], &rows[j * ku..(j + 1) * ku]);
                    let dot: f64 = ri.iter().zip(rj).map(|(x, y)| x * y).sum();
                    val += al * dot;
                }
                unsafe { cp.add(at).write_unaligned(C::t(X::t(val).f())) };
            }
        }
    })
}

#[allow(clippy::too_many_arguments)]
unsafe fn syrk_ex(
    h: rocblas_handle,
    uplo: i32,
    trans: i32,
    n: i64,
    k: i64,
    alpha: *const c_void,
    a: Src,
    a_type: i32,
    lda: i64,
    beta: *const c_void,
    c: Src,
    c_type: i32,
    ldc: i64,
    compute: i32,
) -> Status {
    let cx = ctx(h)?;
    if cx.query {
        return zero_query(&cx);
    }
    if n == 0 {
        return SUCCESS;
    }
    macro_rules! go {
        ($A:ty, $C:ty, $X:ty) => {
            unsafe {
                syrk_ex_typed::<$A, $C, $X>(
                    h, uplo, trans, n, k, alpha, a, lda, beta, c, ldc, compute,
                )
            }
        };
    }
    match (a_type, c_type, compute) {
        (BF16, BF16, F32) => go!(bf16, bf16, f32),
        (BF16, F32, F32) => go!(bf16, f32, f32),
        (F16, F16, F32) => go!(f16, f16, f32),
        (F16, F32, F32) => go!(f16, f32, f32),
        (F32, F32, F64) => go!(f32, f32, f64),
        (F32, F64, F64) => go!(f32, f64, f64),
        _ => Err(rocblas_status_not_implemented),
    }
}

export!(
    fn rocblas_syrk_ex(
        handle: rocblas_handle,
        uplo: i32,
        trans_a: i32,
        n: rocblas_int,
        k: rocblas_int,
        alpha: *const c_void,
        a: *const c_void,
        a_type: rocblas_datatype,
        lda: rocblas_int,
        beta: *const c_void,
        c: *mut c_void,
        c_type: rocblas_datatype,
        ldc: rocblas_int,
        compute_type: rocblas_datatype,
    ) {
        syrk_ex(
            handle,
            uplo,
            trans_a,
            n.into(),
            k.into(),
            alpha,
            one(a),
            a_type,
            lda.into(),
            beta,
            one(c),
            c_type,
            ldc.into(),
            compute_type,
        )
    }
);
