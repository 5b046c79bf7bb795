//! trsm, trmm (in place and out of place) and trtri: argument checks in rocBLAS 2.47's order
//! with its status codes, quick returns and device memory size query answers; the work is
//! queued on the handle's stream over the exact ranges it touches. Every form is generic
//! over the element type and over single / batched / strided-batched (batch 1, stride 0).

use super::kern::{self, TriA};
use super::ws;
use crate::blas1::exec::*;
use crate::blas1::num::Field;
use crate::blas1::num::Real;
use crate::blas2::kern::{Num, Op, Wide};
use crate::blas2::ops::{Prep, host_val, op_of, report, unit_of, upper_of, zero_query};
use crate::blas3::level3_gpu::{Tri, for_kernels, has_kernels, scalar_value};
use crate::handle::{Ctx, ctx};
use crate::types::*;

const SUCCESS: Status = Ok(());
const BAD_PTR: Status = Err(rocblas_status_invalid_pointer);
const BAD_SIZE: Status = Err(rocblas_status_invalid_size);

pub const rocblas_side_left: i32 = 141;
pub const rocblas_side_right: i32 = 142;

/// A host scalar as f64 (the kernel path's element types are real).
fn hv<T: Num>(p: *const T) -> (f64, f64) {
    let v = host_val(p);
    (v.re().to_f64(), v.im().to_f64())
}

/// Is the triangular operand on the left?
fn left_of(s: i32) -> Status<bool> {
    match s {
        rocblas_side_left => Ok(true),
        rocblas_side_right => Ok(false),
        _ => Err(rocblas_status_invalid_value),
    }
}

/// The enums of trsm / trmm, checked in rocBLAS's order: side, uplo, trans, diag.
fn enums(side: i32, uplo: i32, trans: i32, diag: i32) -> Status<(bool, bool, Op, bool)> {
    let left = left_of(side)?;
    let upper = upper_of(uplo)?;
    let op = op_of(trans)?;
    let unit = unit_of(diag)?;
    Ok((left, upper, op, unit))
}

/// Elements from the first to past the last one of a rows x cols matrix.
fn span(rows: usize, cols: usize, ld: usize) -> usize {
    if rows == 0 || cols == 0 {
        0
    } else {
        (cols - 1) * ld + rows
    }
}

/// What the queued work computes for each batch entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Job {
    /// B := alpha op(A)^-1 B (left) or alpha B op(A)^-1 (right)
    Solve,
    /// C := alpha op(A) B (left) or alpha B op(A) (right); C is B in place
    Mul,
}

/// One queued triangular product or solve: the shape, the operands and where the result
/// goes (`c` None: in place of B).
struct Call {
    job: Job,
    t: TriA,
    left: bool,
    m: usize,
    n: usize,
    a: Src,
    b: Src,
    ldb: usize,
    c: Option<(Src, usize)>,
}

/// Queues `call` for `batch` entries; `alpha` is read under `mode` when the work runs.
/// A null A (allowed when alpha is a device scalar) reads as alpha == 0.
unsafe fn run<T: Num>(
    cx: &Ctx,
    batch: i64,
    alpha: *const T,
    mode: rocblas_pointer_mode,
    call: Call,
) -> Status {
    let mut p = Prep::new(cx, batch);
    let al = unsafe { p.scalar(alpha, mode) };
    let Call {
        job,
        t,
        left,
        m,
        n,
        a,
        b,
        ldb,
        c,
    } = call;
    let ab = p.area::<T>(a, span(t.k, t.k, t.lda), false, true)?;
    let bb = p.area::<T>(b, span(m, n, ldb), c.is_none(), true)?;
    let cb = match c {
        Some((cs, ldc)) => Some((p.area::<T>(cs, span(m, n, ldc), true, true)?, ldc)),
        None => None,
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        let alpha = al.get(v).w();
        for i in 0..nb {
            let (dst, ldd) = match &cb {
                Some((Some(cb), ldc)) => (v.ptr::<T>(v.base(cb, i)), *ldc),
                Some((None, _)) => return,
                None => match &bb {
                    Some(bb) => (v.ptr::<T>(v.base(bb, i)), ldb),
                    None => return,
                },
            };
            let (Some(ab), Some(bb), false) = (&ab, &bb, alpha.is_zero()) else {
                kern::zero::<T>(dst, m, n, ldd);
                continue;
            };
            let a = v.ptr::<T>(v.base(ab, i)) as *const T;
            let src = v.ptr::<T>(v.base(bb, i)) as *const T;
            let e = kern::expand::<T>(a, t);
            let mut x = kern::load::<T>(src, m, n, ldb);
            match job {
                Job::Solve => kern::trsm(&e, t.e_upper(), &mut x, n, left),
                Job::Mul => x = kern::trmm(&e, &x, n, left),
            }
            kern::store::<T>(dst, &x, n, ldd, alpha);
        }
    })
}

/// Queues B := 0 for each batch entry (alpha == 0 in host pointer mode).
fn zero_all<T: Num>(cx: &Ctx, batch: i64, b: Src, m: usize, n: usize, ldb: usize) -> Status {
    let mut p = Prep::new(cx, batch);
    let Some(bb) = p.area::<T>(b, span(m, n, ldb), true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        for i in 0..nb {
            kern::zero::<T>(v.ptr::<T>(v.base(&bb, i)), m, n, ldb);
        }
    })
}

// ---------------------------------------------------------------------------------------
// trsm

/// The pointer-array form (rocBLAS sizes its workspace differently for it).
fn is_array(s: Src) -> bool {
    matches!(s, Src::Array(_))
}

/// trsm in all forms (`inv_a_size`: the `_ex` forms' supplied inverse, 0 for none; its
/// contents are not needed by this implementation, which solves by substitution).
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm<T: Num>(
    h: rocblas_handle,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Src,
    lda: i64,
    b: Src,
    ldb: i64,
    batch: i64,
    inv_a_size: i64,
) -> Status {
    let cx = ctx(h)?;
    let (left, upper, op, unit) = enums(side, uplo, trans, diag)?;
    let k = if left { m } else { n };
    if batch < 0 || m < 0 || n < 0 || lda < k || ldb < m {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 || batch == 0 {
        return zero_query(&cx);
    }
    let host = cx.mode == rocblas_pointer_mode_host;
    if b.is_null() || alpha.is_null() || (host && !host_val(alpha).is_zero() && a.is_null()) {
        return BAD_PTR;
    }
    let (mu, nu, ldbu) = (m as usize, n as usize, ldb as usize);
    if host && host_val(alpha).is_zero() {
        // rocBLAS zeroes B here, before (and instead of) sizing its workspace
        return if cx.query {
            SUCCESS
        } else {
            zero_all::<T>(&cx, batch, b, mu, nu, ldbu)
        };
    }
    if cx.query {
        let complex = <T::W as Field>::COMPLEX;
        let need = ws::trsm(
            size_of::<T>(),
            complex,
            is_array(a),
            left,
            op == Op::N,
            m,
            n,
            batch,
            inv_a_size,
        );
        return match need {
            None => Err(rocblas_status_size_unchanged),
            Some(w) => report(h, &cx, w.bytes),
        };
    }
    // The kernels, with a host alpha or a device one read now (a null A under a device
    // alpha that is not 0 is left to the host path).
    if has_kernels::<T>()
        && let Some(al) = scalar_value(&cx, alpha)
        && (al != (0.0, 0.0) || !a.is_null())
    {
        let tri = Tri { upper, op, unit };
        if let Some(r) = for_kernels!(
            T,
            trsm(&cx, left, tri, mu, nu, al, a, lda as usize, b, ldbu, batch)
        ) {
            return r;
        }
    }
    let t = TriA {
        k: k as usize,
        lda: lda as usize,
        upper,
        op,
        unit,
    };
    let call = Call {
        job: Job::Solve,
        t,
        left,
        m: mu,
        n: nu,
        a,
        b,
        ldb: ldbu,
        c: None,
    };
    unsafe { run::<T>(&cx, batch, alpha, cx.mode, call) }
}

/// The element type a `_ex` call's `compute_type` names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExType {
    S,
    D,
    C,
    Z,
}

/// `rocblas_trsm*_ex`'s dispatch on the compute type (before any other check).
pub fn ex_type(compute_type: rocblas_datatype) -> Status<ExType> {
    match compute_type {
        rocblas_datatype_f32_r => Ok(ExType::S),
        rocblas_datatype_f64_r => Ok(ExType::D),
        rocblas_datatype_f32_c => Ok(ExType::C),
        rocblas_datatype_f64_c => Ok(ExType::Z),
        _ => Err(rocblas_status_not_implemented),
    }
}

// ---------------------------------------------------------------------------------------
// trmm

/// The alpha trmm works with: rocBLAS copies a device alpha to the host first (waiting for
/// the stream) and then checks and runs as in host pointer mode. Null stays null.
fn trmm_alpha<T: Num>(cx: &Ctx, alpha: *const T, nonempty: bool, slot: &mut T) -> Status<*const T> {
    if cx.mode != rocblas_pointer_mode_device || alpha.is_null() {
        return Ok(alpha);
    }
    *slot = if nonempty {
        read_device::<T>(cx.stream, alpha as u64, 1)?[0]
    } else {
        T::n(T::W::zero())
    };
    Ok(slot as *const T)
}

/// trmm in place (`c` None: B := alpha op(A) B) and out of place (C := alpha op(A) B).
/// `alias`: the status when C is B under another leading dimension (rocBLAS 2.47's
/// trmm_outofplace: invalid_size; the out-of-place trmm of rocBLAS 4.x+: invalid_value).
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm<T: Num>(
    h: rocblas_handle,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Src,
    lda: i64,
    b: Src,
    ldb: i64,
    c: Option<(Src, i64)>,
    batch: i64,
    alias: rocblas_status,
) -> Status {
    let cx = ctx(h)?;
    zero_query(&cx)?;
    let mut slot = T::default();
    let alpha = trmm_alpha(&cx, alpha, m != 0 && n != 0, &mut slot)?;
    let (left, upper, op, unit) = enums(side, uplo, trans, diag)?;
    let ldc = c.map_or(ldb, |(_, l)| l);
    let k = if left { m } else { n };
    if batch < 0 || m < 0 || n < 0 || ldc < m || ldb < m || lda < k {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 || batch == 0 {
        return SUCCESS;
    }
    let dst = c.map_or(b, |(cs, _)| cs);
    if dst.is_null() || alpha.is_null() {
        return BAD_PTR;
    }
    let al = host_val(alpha);
    if !al.is_zero() && (a.is_null() || (c.is_some() && b.is_null())) {
        return BAD_PTR;
    }
    if let Some((cs, l)) = c
        && same(cs, b)
        && l != ldb
    {
        return Err(alias);
    }
    let (mu, nu) = (m as usize, n as usize);
    if al.is_zero() {
        return zero_all::<T>(&cx, batch, dst, mu, nu, ldc as usize);
    }
    let c = c.map(|(cs, l)| (cs, l as usize));
    let tri = Tri { upper, op, unit };
    if let Some(r) = for_kernels!(
        T,
        trmm(
            &cx,
            left,
            tri,
            mu,
            nu,
            hv(alpha),
            a,
            lda as usize,
            b,
            ldb as usize,
            c,
            batch
        )
    ) {
        return r;
    }
    let t = TriA {
        k: k as usize,
        lda: lda as usize,
        upper,
        op,
        unit,
    };
    let call = Call {
        job: Job::Mul,
        t,
        left,
        m: mu,
        n: nu,
        a,
        b,
        ldb: ldb as usize,
        c,
    };
    unsafe { run::<T>(&cx, batch, alpha, rocblas_pointer_mode_host, call) }
}

/// The same device pointer (rocBLAS compares B and C before reading any array).
fn same(x: Src, y: Src) -> bool {
    match (x, y) {
        (Src::Strided(p, _), Src::Strided(q, _)) | (Src::Array(p), Src::Array(q)) => p == q,
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------
// trtri

/// Which trtri form (they answer size queries differently).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TrtriForm {
    Single,
    Batched,
    Strided,
}

/// invA := A^-1 for triangular A, in all forms.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trtri<T: Num>(
    h: rocblas_handle,
    uplo: i32,
    diag: i32,
    n: i64,
    a: Src,
    lda: i64,
    inv: Src,
    ldinv: i64,
    batch: i64,
    form: TrtriForm,
) -> Status {
    let cx = ctx(h)?;
    if cx.query {
        let elem = size_of::<T>();
        let bytes = match form {
            TrtriForm::Single if n == 0 => return Err(rocblas_status_size_unchanged),
            TrtriForm::Single => ws::trtri_elems(n, 1) * elem,
            _ if !ws::trtri_large(n) || batch == 0 => return Err(rocblas_status_size_unchanged),
            TrtriForm::Batched => {
                // the temporaries and their pointer array, each in 64-byte chunks
                let b = batch.max(0) as usize;
                (ws::trtri_elems(n, 1) * b * elem).div_ceil(64) * 64 + (8 * b).div_ceil(64) * 64
            }
            TrtriForm::Strided => ws::trtri_elems(n, batch) * elem,
        };
        return report(h, &cx, bytes);
    }
    let upper = upper_of(uplo)?;
    let unit = unit_of(diag)?;
    if batch < 0 || n < 0 || lda < n || ldinv < n {
        return BAD_SIZE;
    }
    if n == 0 || batch == 0 {
        return SUCCESS;
    }
    if a.is_null() || inv.is_null() {
        return BAD_PTR;
    }
    let (nu, lda, ldinv) = (n as usize, lda as usize, ldinv as usize);
    if let Some(r) = for_kernels!(T, trtri(&cx, upper, unit, nu, a, lda, inv, ldinv, batch)) {
        return r;
    }
    let mut p = Prep::new(&cx, batch);
    let Some(ab) = p.area::<T>(a, span(nu, nu, lda), false, true)? else {
        return SUCCESS;
    };
    let Some(ib) = p.area::<T>(inv, span(nu, nu, ldinv), true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        for i in 0..nb {
            let a = v.ptr::<T>(v.base(&ab, i)) as *const T;
            let inv = v.ptr::<T>(v.base(&ib, i));
            kern::trtri::<T>(a, lda, inv, ldinv, nu, upper, unit);
        }
    })
}
