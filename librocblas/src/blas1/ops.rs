//! Level-1 operations, generic over element types and over the single / batched /
//! strided-batched forms (a single call is batch 1 with stride 0). Argument checks follow
//! rocBLAS 2.47's order and status codes; the work itself is queued on the handle's stream.
//! Sizes, increments and batch counts are `i64`: the 32-bit and ILP64 (`_64`) entry points
//! share every operation, as rocBLAS's templates over `API_INT` do.

use super::exec::*;
use super::kernel::{self as k, Op as KOp, Reduction};
use super::num::*;
use crate::handle::{Ctx, ctx, report_workspace};
use crate::types::*;
use std::ffi::c_void;

const SUCCESS: Status = Ok(());
const BAD_PTR: Status = Err(rocblas_status_invalid_pointer);

/// Non-reductions under a device memory size query: no workspace needed.
fn no_workspace(c: &Ctx) -> Status {
    if c.query {
        Err(rocblas_status_size_unchanged)
    } else {
        SUCCESS
    }
}

/// rocBLAS's reduction workspace: `(blocks + 1) * batch` partial results of `elem` bytes.
fn reduction_workspace(h: rocblas_handle, n: i64, batch: i64, nb: i64, elem: usize) -> Status {
    let blocks = (n.max(1) - 1) / nb + 1;
    let bytes = elem * (blocks as usize + 1) * batch.max(1) as usize;
    Err(report_workspace(h, bytes))
}

fn declare<T>(acc: &mut Access, bases: &Bases, s: Strided, write: bool) {
    bases.declare(acc, s.span(size_of::<T>()), write);
}

// ---------------------------------------------------------------------------------------
// axpy, copy, swap, scal

/// y := alpha * x + y.
#[allow(clippy::too_many_arguments)]
pub unsafe fn axpy<A: Elem, X: Elem, Y: Elem>(
    h: rocblas_handle,
    n: i64,
    alpha: *const A,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status
where
    A::F: Promote<Y::F>,
    X::F: Promote<Y::F>,
{
    let c = ctx(h)?;
    no_workspace(&c)?;
    if n <= 0 || batch <= 0 {
        return SUCCESS;
    }
    if alpha.is_null() {
        return BAD_PTR;
    }
    if c.mode == rocblas_pointer_mode_host {
        if unsafe { alpha.read_unaligned() }.load() == A::F::zero() {
            return SUCCESS;
        }
        if x.is_null() || y.is_null() {
            return BAD_PTR;
        }
    } else if x.is_null() || y.is_null() {
        // rocBLAS does not check vectors under a device alpha (its kernel returns at once when
        // alpha is 0, which its tests rely on); without vectors there is nothing to do.
        return SUCCESS;
    }
    if k::same::<A, X>()
        && k::same::<X, Y>()
        && let Some(a) = unsafe { k::scalar::<X>(alpha as *const c_void, c.mode, false) }
        && let Some(r) = k::elementwise::<X>(
            &c,
            KOp::Axpy,
            n,
            x,
            incx,
            Some((y, incy)),
            Some(a),
            false,
            None,
            false,
            batch,
        )
    {
        return r;
    }
    let mut acc = Access::default();
    let a = unsafe { Scalar::new(alpha, c.mode, &mut acc) };
    let (sx, sy, nb) = (Strided::new(n, incx), Strided::new(n, incy), batch as usize);
    let xb = x.bases(size_of::<X>(), nb, c.stream)?;
    let yb = y.bases(size_of::<Y>(), nb, c.stream)?;
    declare::<X>(&mut acc, &xb, sx, false);
    declare::<Y>(&mut acc, &yb, sy, true);
    enqueue(c.stream, acc, move |v| {
        let a: Y::F = a.get(v).load().promote();
        if a == Y::F::zero() {
            return;
        }
        for b in 0..nb {
            let (xv, yv) = (
                HVec::<X>::new(v, v.base(&xb, b), sx),
                HVec::<Y>::new(v, v.base(&yb, b), sy),
            );
            for i in 0..sx.n {
                let xi: Y::F = xv.get(i).load().promote();
                yv.set(i, Y::store(a * xi + yv.get(i).load()));
            }
        }
    })
}

/// y := x.
pub unsafe fn copy<T: Elem>(
    h: rocblas_handle,
    n: i64,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    no_workspace(&c)?;
    if n <= 0 || batch <= 0 {
        return SUCCESS;
    }
    if x.is_null() || y.is_null() {
        return BAD_PTR;
    }
    if let Some(r) = k::elementwise::<T>(
        &c,
        KOp::Copy,
        n,
        x,
        incx,
        Some((y, incy)),
        None,
        false,
        None,
        false,
        batch,
    ) {
        return r;
    }
    let (sx, sy, nb) = (Strided::new(n, incx), Strided::new(n, incy), batch as usize);
    let xb = x.bases(size_of::<T>(), nb, c.stream)?;
    let yb = y.bases(size_of::<T>(), nb, c.stream)?;
    let mut acc = Access::default();
    declare::<T>(&mut acc, &xb, sx, false);
    declare::<T>(&mut acc, &yb, sy, true);
    enqueue(c.stream, acc, move |v| {
        for b in 0..nb {
            let (xv, yv) = (
                HVec::<T>::new(v, v.base(&xb, b), sx),
                HVec::<T>::new(v, v.base(&yb, b), sy),
            );
            for i in 0..sx.n {
                yv.set(i, xv.get(i));
            }
        }
    })
}

/// x <-> y.
pub unsafe fn swap<T: Elem>(
    h: rocblas_handle,
    n: i64,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    no_workspace(&c)?;
    if n <= 0 || batch <= 0 {
        return SUCCESS;
    }
    if x.is_null() || y.is_null() {
        return BAD_PTR;
    }
    if let Some(r) = k::elementwise::<T>(
        &c,
        KOp::Swap,
        n,
        x,
        incx,
        Some((y, incy)),
        None,
        false,
        None,
        false,
        batch,
    ) {
        return r;
    }
    let (sx, sy, nb) = (Strided::new(n, incx), Strided::new(n, incy), batch as usize);
    let xb = x.bases(size_of::<T>(), nb, c.stream)?;
    let yb = y.bases(size_of::<T>(), nb, c.stream)?;
    let mut acc = Access::default();
    declare::<T>(&mut acc, &xb, sx, true);
    declare::<T>(&mut acc, &yb, sy, true);
    enqueue(c.stream, acc, move |v| {
        for b in 0..nb {
            let (xv, yv) = (
                HVec::<T>::new(v, v.base(&xb, b), sx),
                HVec::<T>::new(v, v.base(&yb, b), sy),
            );
            for i in 0..sx.n {
                let t = xv.get(i);
                xv.set(i, yv.get(i));
                yv.set(i, t);
            }
        }
    })
}

/// x := alpha * x. `single`: the non-batched entry point, which alone answers size queries
/// (after its pointer checks, as in rocBLAS 2.47).
#[allow(clippy::too_many_arguments)]
pub unsafe fn scal<A: Elem, X: Elem>(
    h: rocblas_handle,
    n: i64,
    alpha: *const A,
    x: Src,
    incx: i64,
    batch: i64,
    single: bool,
) -> Status
where
    A::F: Promote<X::F>,
{
    let c = ctx(h)?;
    if n <= 0 || incx <= 0 || batch <= 0 {
        return SUCCESS;
    }
    if x.is_null() || alpha.is_null() {
        return BAD_PTR;
    }
    if single {
        no_workspace(&c)?;
    }
    let real_alpha = k::real_of::<A, X>();
    if (real_alpha || k::same::<A, X>())
        && let Some(a) = unsafe { k::scalar::<X>(alpha as *const c_void, c.mode, real_alpha) }
        && let Some(r) = k::elementwise::<X>(
            &c,
            KOp::Scal,
            n,
            x,
            incx,
            None,
            Some(a),
            real_alpha,
            None,
            false,
            batch,
        )
    {
        return r;
    }
    let mut acc = Access::default();
    let a = unsafe { Scalar::new(alpha, c.mode, &mut acc) };
    let (sx, nb) = (Strided::new(n, incx), batch as usize);
    let xb = x.bases(size_of::<X>(), nb, c.stream)?;
    declare::<X>(&mut acc, &xb, sx, true);
    enqueue(c.stream, acc, move |v| {
        let a: X::F = a.get(v).load().promote();
        for b in 0..nb {
            let base = v.base(&xb, b);
            let xv = HVec::<X>::new(v, base, sx);
            for i in 0..sx.n {
                xv.set(i, X::store(a * xv.get(i).load()));
            }
        }
    })
}

// ---------------------------------------------------------------------------------------
// reductions: dot, asum, nrm2, iamax, iamin

/// result := sum(x_i * y_i) (conjugating x for dotc); R holds the result, and the products
/// and their sum are computed in R's field (f32 vectors into an f64 result: in f64).
#[allow(clippy::too_many_arguments)]
pub unsafe fn dot<X: Elem, Y: Elem, R: Elem + Default>(
    h: rocblas_handle,
    n: i64,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    batch: i64,
    result: *mut R,
    conj: bool,
) -> Status
where
    X::F: Promote<R::F>,
    Y::F: Promote<R::F>,
{
    let c = ctx(h)?;
    if c.query {
        if n <= 0 || batch <= 0 {
            return Err(rocblas_status_size_unchanged);
        }
        let win = match size_of::<X>() {
            8.. => 2,
            4.. => 4,
            _ => 8,
        };
        return reduction_workspace(h, n, batch, 512 * win, size_of::<X::F>());
    }
    if batch <= 0 {
        return SUCCESS;
    }
    if n <= 0 {
        if result.is_null() {
            return BAD_PTR;
        }
        return zero_results(result, batch as usize, c.mode, c.stream);
    }
    if x.is_null() || y.is_null() || result.is_null() {
        return BAD_PTR;
    }
    if k::same::<X, Y>()
        && k::same::<X, R>()
        && let Some(r) = k::reduce::<X>(
            &c,
            Reduction::Dot(conj),
            n,
            x,
            incx,
            Some((y, incy)),
            batch,
            result as u64,
        )
    {
        return r;
    }
    let (sx, sy, nb) = (Strided::new(n, incx), Strided::new(n, incy), batch as usize);
    let xb = x.bases(size_of::<X>(), nb, c.stream)?;
    let yb = y.bases(size_of::<Y>(), nb, c.stream)?;
    let mut acc = Access::default();
    declare::<X>(&mut acc, &xb, sx, false);
    declare::<Y>(&mut acc, &yb, sy, false);
    let out = Results::new(result, nb, c.mode, &mut acc);
    let sink = out.sink();
    enqueue(c.stream, acc, move |v| {
        for b in 0..nb {
            let (xv, yv) = (
                HVec::<X>::new(v, v.base(&xb, b), sx),
                HVec::<Y>::new(v, v.base(&yb, b), sy),
            );
            let mut s = R::F::zero();
            for i in 0..sx.n {
                let xi: R::F = xv.get(i).load().promote();
                let yi: R::F = yv.get(i).load().promote();
                s = s + if conj { xi.conj() } else { xi } * yi;
            }
            sink.put(v, b, R::store(s));
        }
    })?;
    out.finish(c.stream)
}

/// What a real-valued reduction computes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reduce {
    Asum,
    Nrm2,
}

/// rocBLAS's reduction prologue (`rocblas_reduction_setup`): size query, result pointer,
/// empty-input zeroing, x pointer. `Ok(true)`: go on and compute.
fn reduction_setup<R>(
    h: rocblas_handle,
    c: &Ctx,
    n: i64,
    incx: i64,
    batch: i64,
    x: Src,
    result: *mut R,
    nb: i64,
    work_elem: usize,
) -> Status<bool> {
    if c.query {
        if n <= 0 || incx <= 0 || batch <= 0 {
            return Err(rocblas_status_size_unchanged);
        }
        reduction_workspace(h, n, batch, nb, work_elem)?;
    }
    if result.is_null() {
        return Err(rocblas_status_invalid_pointer);
    }
    if n <= 0 || incx <= 0 || batch <= 0 {
        zero_results(result, batch.max(0) as usize, c.mode, c.stream)?;
        return Ok(false);
    }
    if x.is_null() {
        return Err(rocblas_status_invalid_pointer);
    }
    Ok(true)
}

/// asum (sum of |re| + |im|) or nrm2 (overflow-safe Euclidean norm) into R.
pub unsafe fn real_reduce<X: Elem, R: Elem + Default>(
    h: rocblas_handle,
    n: i64,
    x: Src,
    incx: i64,
    batch: i64,
    result: *mut R,
    what: Reduce,
) -> Status
where
    R::F: Real,
{
    let c = ctx(h)?;
    if !reduction_setup(h, &c, n, incx, batch, x, result, 512, size_of::<R::F>())? {
        return SUCCESS;
    }
    let kind = if what == Reduce::Asum {
        Reduction::Asum
    } else {
        Reduction::Nrm2
    };
    if k::real_result::<X, R>()
        && let Some(r) = k::reduce::<X>(&c, kind, n, x, incx, None, batch, result as u64)
    {
        return r;
    }
    let (sx, nb) = (Strided::new(n, incx), batch as usize);
    let xb = x.bases(size_of::<X>(), nb, c.stream)?;
    let mut acc = Access::default();
    declare::<X>(&mut acc, &xb, sx, false);
    let out = Results::new(result, nb, c.mode, &mut acc);
    let sink = out.sink();
    enqueue(c.stream, acc, move |v| {
        for b in 0..nb {
            let base = v.base(&xb, b);
            let xv = HVec::<X>::new(v, base, sx);
            let r = match what {
                Reduce::Asum => (0..sx.n)
                    .map(|i| xv.get(i).load().abs1().to_f64())
                    .sum::<f64>(),
                Reduce::Nrm2 => {
                    let mut acc = Blue::<f64>::default();
                    for i in 0..sx.n {
                        let e = xv.get(i).load();
                        acc.add(e.re().to_f64());
                        if <X::F as Field>::COMPLEX {
                            acc.add(e.im().to_f64());
                        }
                    }
                    acc.norm()
                }
            };
            sink.put(v, b, R::store(R::F::from_f64(r)));
        }
    })?;
    out.finish(c.stream)
}

/// What iamax / iamin return: `rocblas_int`, or `int64_t` in the `_64` forms.
pub trait Index: Copy + Default + Send + 'static {
    /// The 1-based BLAS index of element `i`.
    fn one_based(i: usize) -> Self;
}
impl Index for i32 {
    fn one_based(i: usize) -> i32 {
        (i + 1) as i32
    }
}
impl Index for i64 {
    fn one_based(i: usize) -> i64 {
        (i + 1) as i64
    }
}

/// 1-based index of the first element of largest (`max`) or smallest |re| + |im|.
pub unsafe fn iamax<X: Elem, R: Index>(
    h: rocblas_handle,
    n: i64,
    x: Src,
    incx: i64,
    batch: i64,
    result: *mut R,
    max: bool,
) -> Status {
    let c = ctx(h)?;
    if !reduction_setup(
        h,
        &c,
        n,
        incx,
        batch,
        x,
        result,
        1024,
        size_of::<<X::F as Field>::R>() * 2,
    )? {
        return SUCCESS;
    }
    if let Some(r) = k::reduce::<X>(
        &c,
        Reduction::Iamax(!max, size_of::<R>() == 8),
        n,
        x,
        incx,
        None,
        batch,
        result as u64,
    ) {
        return r;
    }
    let (sx, nb) = (Strided::new(n, incx), batch as usize);
    let xb = x.bases(size_of::<X>(), nb, c.stream)?;
    let mut acc = Access::default();
    declare::<X>(&mut acc, &xb, sx, false);
    let out = Results::new(result, nb, c.mode, &mut acc);
    let sink = out.sink();
    enqueue(c.stream, acc, move |v| {
        for b in 0..nb {
            let base = v.base(&xb, b);
            let xv = HVec::<X>::new(v, base, sx);
            let mut best = xv.get(0).load().abs1();
            let mut at = 0usize;
            for i in 1..sx.n {
                let a = xv.get(i).load().abs1();
                if (max && a > best) || (!max && a < best) {
                    best = a;
                    at = i;
                }
            }
            sink.put(v, b, R::one_based(at));
        }
    })?;
    out.finish(c.stream)
}

// ---------------------------------------------------------------------------------------
// rot, rotm

/// Plane rotation: x := c x + s y, y := c y - conj(s) x.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rot<X: Elem, C: Elem, S: Elem>(
    h: rocblas_handle,
    n: i64,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    cp: *const C,
    sp: *const S,
    batch: i64,
) -> Status
where
    C::F: Promote<X::F>,
    S::F: Promote<X::F>,
{
    let c = ctx(h)?;
    no_workspace(&c)?;
    if n <= 0 || batch <= 0 {
        return SUCCESS;
    }
    if x.is_null() || y.is_null() || cp.is_null() || sp.is_null() {
        return BAD_PTR;
    }
    // c is real; s is of the vectors' type or (csrot, zdrot) real.
    let c_ok = k::same::<C, X>() && !<X::F as Field>::COMPLEX || k::real_of::<C, X>();
    let s_real = k::real_of::<S, X>();
    if c_ok
        && (s_real || k::same::<S, X>())
        && let (Some(cs), Some(ss)) = unsafe {
            (
                k::scalar::<X>(cp as *const c_void, c.mode, true),
                k::scalar::<X>(sp as *const c_void, c.mode, s_real),
            )
        }
        && let Some(r) = k::elementwise::<X>(
            &c,
            KOp::Rot,
            n,
            x,
            incx,
            Some((y, incy)),
            Some(cs),
            true,
            Some(ss),
            s_real,
            batch,
        )
    {
        return r;
    }
    let mut acc = Access::default();
    let (cs, ss) = unsafe {
        (
            Scalar::new(cp, c.mode, &mut acc),
            Scalar::new(sp, c.mode, &mut acc),
        )
    };
    let (sx, sy, nb) = (Strided::new(n, incx), Strided::new(n, incy), batch as usize);
    let xb = x.bases(size_of::<X>(), nb, c.stream)?;
    let yb = y.bases(size_of::<X>(), nb, c.stream)?;
    declare::<X>(&mut acc, &xb, sx, true);
    declare::<X>(&mut acc, &yb, sy, true);
    enqueue(c.stream, acc, move |v| {
        let cv: X::F = cs.get(v).load().promote();
        let sv: X::F = ss.get(v).load().promote();
        for b in 0..nb {
            let (xv, yv) = (
                HVec::<X>::new(v, v.base(&xb, b), sx),
                HVec::<X>::new(v, v.base(&yb, b), sy),
            );
            for i in 0..sx.n {
                let (xi, yi) = (xv.get(i).load(), yv.get(i).load());
                xv.set(i, X::store(cv * xi + sv * yi));
                yv.set(i, X::store(cv * yi - sv.conj() * xi));
            }
        }
    })
}

/// Applies a modified Givens transformation `param` (flag, h11, h21, h12, h22).
fn apply_rotm<T: Real>(xv: &HVec<T>, yv: &HVec<T>, n: usize, p: [T; 5]) {
    let flag = p[0].to_f64();
    if flag == -2.0 {
        return;
    }
    let one = T::from_f64(1.0);
    let (h11, h21, h12, h22) = if flag < 0.0 {
        (p[1], p[2], p[3], p[4])
    } else if flag == 0.0 {
        (one, p[2], p[3], one)
    } else {
        (p[1], -one, one, p[4])
    };
    for i in 0..n {
        let (w, z) = (xv.get(i), yv.get(i));
        xv.set(i, w * h11 + z * h12);
        yv.set(i, w * h21 + z * h22);
    }
}

/// rotm; `param` is one pointer (single, or strided with `stride_param`) or a device
/// pointer array (batched).
#[allow(clippy::too_many_arguments)]
pub unsafe fn rotm<T: Elem<F = T> + Real>(
    h: rocblas_handle,
    n: i64,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    param: Src,
    batch: i64,
    single: bool,
) -> Status {
    let c = ctx(h)?;
    no_workspace(&c)?;
    if n <= 0 || batch <= 0 {
        return SUCCESS;
    }
    if param.is_null() {
        return BAD_PTR;
    }
    let host = c.mode == rocblas_pointer_mode_host;
    if let (true, Src::Strided(p, 0)) = (host, param)
        && unsafe { (p as *const T).read_unaligned() }.to_f64() == -2.0
    {
        return SUCCESS;
    }
    if x.is_null() || y.is_null() {
        return BAD_PTR;
    }
    if host && !single {
        // rocBLAS 2.47: host pointer mode is not implemented for (strided_)batched rotm
        return Err(rocblas_status_not_implemented);
    }
    let kparams = match (host, param) {
        (true, Src::Strided(p, _)) => Some(k::RotmParams::Host(std::array::from_fn(|i| {
            unsafe { (p as *const T).add(i).read_unaligned() }.to_f64()
        }))),
        (true, _) => None,
        (false, src) => Some(k::RotmParams::Dev(src)),
    };
    if let Some(params) = kparams
        && let Some(r) = k::rotm::<T>(&c, n, x, incx, y, incy, params, batch)
    {
        return r;
    }
    let (sx, sy, nb) = (Strided::new(n, incx), Strided::new(n, incy), batch as usize);
    let xb = x.bases(size_of::<T>(), nb, c.stream)?;
    let yb = y.bases(size_of::<T>(), nb, c.stream)?;
    let mut acc = Access::default();
    declare::<T>(&mut acc, &xb, sx, true);
    declare::<T>(&mut acc, &yb, sy, true);
    // host mode (single only): the 5 values now; device mode: each batch's param when it runs
    let params: Result<[T; 5], Bases> = if host {
        let Src::Strided(p, _) = param else {
            return BAD_PTR;
        };
        Ok(unsafe { (p as *const [T; 5]).read_unaligned() })
    } else {
        let pb = param.bases(size_of::<T>(), nb, c.stream)?;
        declare::<T>(&mut acc, &pb, Strided { n: 5, inc: 1 }, false);
        Err(pb)
    };
    enqueue(c.stream, acc, move |v| {
        for b in 0..nb {
            let p = match &params {
                Ok(p) => *p,
                Err(pb) => unsafe { v.ptr::<[T; 5]>(v.base(pb, b)).read_unaligned() },
            };
            apply_rotm(
                &HVec::<T>::new(v, v.base(&xb, b), sx),
                &HVec::<T>::new(v, v.base(&yb, b), sy),
                sx.n,
                p,
            );
        }
    })
}

// ---------------------------------------------------------------------------------------
// rotg, rotmg: scalars only; host pointer mode computes at once on host memory

/// Givens rotation of real (a, b): r, z into a, b; c, s out.
pub(crate) fn rotg_real<T: Real>(a: &mut T, b: &mut T, c: &mut T, s: &mut T) {
    let (zero, one) = (T::zero(), T::from_f64(1.0));
    let (aa, ab) = (a.abs(), b.abs());
    let scale = aa + ab;
    if scale == zero {
        *c = one;
        *s = zero;
        *a = zero;
        *b = zero;
        return;
    }
    let (sa, sb) = (*a / scale, *b / scale);
    let mut r = scale * (sa * sa + sb * sb).sqrt();
    let roe = if aa > ab { *a } else { *b };
    if roe < zero {
        r = -r;
    }
    *c = *a / r;
    *s = *b / r;
    let mut z = one;
    if aa > ab {
        z = *s;
    }
    if ab >= aa && *c != zero {
        z = one / *c;
    }
    *a = r;
    *b = z;
}

/// Complex Givens rotation (c real): r into a, c, s out, b unchanged.
pub(crate) fn rotg_complex<R: Real>(
    a: &mut Complex<R>,
    b: &mut Complex<R>,
    c: &mut R,
    s: &mut Complex<R>,
) {
    let abs = |z: Complex<R>| R::from_f64(z.re.to_f64().hypot(z.im.to_f64()));
    let div = |z: Complex<R>, d: R| Complex {
        re: z.re / d,
        im: z.im / d,
    };
    let aa = abs(*a);
    if aa == R::zero() {
        *c = R::zero();
        *s = Complex::from_re(R::from_f64(1.0));
        *a = *b;
        return;
    }
    let scale = aa + abs(*b);
    let (sa, sb) = (abs(div(*a, scale)), abs(div(*b, scale)));
    let norm = scale * (sa * sa + sb * sb).sqrt();
    let alpha = div(*a, aa);
    *c = aa / norm;
    *s = div(alpha * b.conj(), norm);
    *a = Complex {
        re: alpha.re * norm,
        im: alpha.im * norm,
    };
}

/// Element types rotg works on: real (c of the same type) or complex (c real).
pub trait Rotg: Elem + Default {
    type C: Elem + Default;
    fn rotg(a: &mut Self, b: &mut Self, c: &mut Self::C, s: &mut Self);
}
macro_rules! rotg_real {
    ($($t:ty),*) => {$(
        impl Rotg for $t {
            type C = $t;
            fn rotg(a: &mut Self, b: &mut Self, c: &mut Self, s: &mut Self) { rotg_real(a, b, c, s) }
        }
    )*};
}
rotg_real!(f32, f64);
macro_rules! rotg_cplx {
    ($($t:ty : $r:ty),*) => {$(
        impl Rotg for $t {
            type C = $r;
            fn rotg(a: &mut Self, b: &mut Self, c: &mut $r, s: &mut Self) { rotg_complex(a, b, c, s) }
        }
    )*};
}
rotg_cplx!(C32: f32, C64: f64);

/// Addresses of the `batch` scalars of one rotg/rotmg argument. Host pointer mode: the
/// pointer array (if any) is host memory; device mode: it is read from the device.
fn scalar_bases(src: Src, elem: usize, batch: usize, c: &Ctx) -> Status<Bases> {
    match src {
        Src::Array(p) if c.mode == rocblas_pointer_mode_host => Ok(Bases::Known(
            (0..batch)
                .map(|b| unsafe { (p as *const u64).add(b).read_unaligned() })
                .collect(),
        )),
        _ => src.bases(elem, batch, c.stream),
    }
}

/// rotg over a batch of (a, b, c, s).
pub unsafe fn rotg<T: Rotg>(
    h: rocblas_handle,
    a: Src,
    b: Src,
    cc: Src,
    s: Src,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    no_workspace(&c)?;
    if batch <= 0 {
        return SUCCESS;
    }
    if a.is_null() || b.is_null() || cc.is_null() || s.is_null() {
        return BAD_PTR;
    }
    if c.mode == rocblas_pointer_mode_device
        && let Some(r) = k::scalars::<T>(&c, KOp::Rotg, &[a, b, cc, s], batch)
    {
        return r;
    }
    let nb = batch as usize;
    let (te, ce) = (size_of::<T>(), size_of::<T::C>());
    let ab = scalar_bases(a, te, nb, &c)?;
    let bb = scalar_bases(b, te, nb, &c)?;
    let cb = scalar_bases(cc, ce, nb, &c)?;
    let sb = scalar_bases(s, te, nb, &c)?;
    let mut acc = Access::default();
    for (bases, size) in [(&ab, te), (&bb, te), (&cb, ce), (&sb, te)] {
        bases.declare(&mut acc, size, true);
    }
    let run = move |ptr: &dyn Fn(u64) -> *mut u8| {
        for i in 0..nb {
            let (pa, pb) = (ptr(ab.at(ptr, i)) as *mut T, ptr(bb.at(ptr, i)) as *mut T);
            let (pc, ps) = (
                ptr(cb.at(ptr, i)) as *mut T::C,
                ptr(sb.at(ptr, i)) as *mut T,
            );
            unsafe {
                let (mut va, mut vb, mut vc, mut vs) = (
                    pa.read_unaligned(),
                    pb.read_unaligned(),
                    pc.read_unaligned(),
                    ps.read_unaligned(),
                );
                T::rotg(&mut va, &mut vb, &mut vc, &mut vs);
                pa.write_unaligned(va);
                pb.write_unaligned(vb);
                pc.write_unaligned(vc);
                ps.write_unaligned(vs);
            }
        }
    };
    if c.mode == rocblas_pointer_mode_host {
        run(&|p| p as *mut u8);
        return SUCCESS;
    }
    enqueue(c.stream, acc, move |v| run(&|p| v.ptr::<u8>(p)))
}

/// The modified Givens transformation (rotmg) of (d1, d2, x1, y1) into `param`.
pub(crate) fn rotmg_calc<T: Real>(d1: &mut T, d2: &mut T, x1: &mut T, y1: T, param: &mut [T; 5]) {
    let f = |v: f64| T::from_f64(v);
    let (gam, gamsq) = (4096.0f64, 4096.0f64 * 4096.0);
    let (rgamsq, zero, one) = (1.0 / gamsq, f(0.0), f(1.0));
    let mut flag = -1.0f64;
    let (mut h11, mut h21, mut h12, mut h22) = (zero, zero, zero, zero);
    if d1.to_f64() < 0.0 {
        *d1 = zero;
        *d2 = zero;
        *x1 = zero;
    } else {
        let p2 = *d2 * y1;
        if p2 == zero {
            param[0] = f(-2.0);
            return;
        }
        let p1 = *d1 * *x1;
        let q2 = p2 * y1;
        let q1 = p1 * *x1;
        if q1.abs() > q2.abs() {
            h21 = f(-y1.to_f64() / x1.to_f64());
            h12 = f(p2.to_f64() / p1.to_f64());
            let u = one - h12 * h21;
            if u > zero {
                flag = 0.0;
                *d1 = f(d1.to_f64() / u.to_f64());
                *d2 = f(d2.to_f64() / u.to_f64());
                *x1 = *x1 * u;
            } else {
                // Reference BLAS's safety path (rounding edge cases): everything zero.
                (h21, h12) = (zero, zero);
                *d1 = zero;
                *d2 = zero;
                *x1 = zero;
            }
        } else if q2 < zero {
            *d1 = zero;
            *d2 = zero;
            *x1 = zero;
        } else {
            flag = 1.0;
            h11 = f(p1.to_f64() / p2.to_f64());
            h22 = f(x1.to_f64() / y1.to_f64());
            let u = one + h11 * h22;
            let temp = f(d2.to_f64() / u.to_f64());
            *d2 = f(d1.to_f64() / u.to_f64());
            *d1 = temp;
            *x1 = y1 * u;
        }
        // The implied entries of flags 0 and 1 made explicit (a full matrix, flag -1,
        // keeps its own).
        let to_full = |flag: &mut f64, h11: &mut T, h21: &mut T, h12: &mut T, h22: &mut T| {
            if *flag == 0.0 {
                *h11 = one;
                *h22 = one;
            } else if *flag > 0.0 {
                *h21 = -one;
                *h12 = one;
            }
            *flag = -1.0;
        };
        if *d1 != zero {
            while d1.to_f64() <= rgamsq || d1.to_f64() >= gamsq {
                to_full(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22);
                if d1.to_f64() <= rgamsq {
                    *d1 = *d1 * f(gamsq);
                    *x1 = f(x1.to_f64() / gam);
                    h11 = f(h11.to_f64() / gam);
                    h12 = f(h12.to_f64() / gam);
                } else {
                    *d1 = f(d1.to_f64() / gamsq);
                    *x1 = *x1 * f(gam);
                    h11 = h11 * f(gam);
                    h12 = h12 * f(gam);
                }
            }
        }
        if *d2 != zero {
            while d2.abs().to_f64() <= rgamsq || d2.abs().to_f64() >= gamsq {
                to_full(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22);
                if d2.abs().to_f64() <= rgamsq {
                    *d2 = *d2 * f(gamsq);
                    h21 = f(h21.to_f64() / gam);
                    h22 = f(h22.to_f64() / gam);
                } else {
                    *d2 = f(d2.to_f64() / gamsq);
                    h21 = h21 * f(gam);
                    h22 = h22 * f(gam);
                }
            }
        }
    }
    if flag < 0.0 {
        param[1] = h11;
        param[2] = h21;
        param[3] = h12;
        param[4] = h22;
    } else if flag == 0.0 {
        param[2] = h21;
        param[3] = h12;
    } else {
        param[1] = h11;
        param[4] = h22;
    }
    param[0] = f(flag);
}

/// rotmg over a batch of (d1, d2, x1, y1, param).
#[allow(clippy::too_many_arguments)]
pub unsafe fn rotmg<T: Elem<F = T> + Real>(
    h: rocblas_handle,
    d1: Src,
    d2: Src,
    x1: Src,
    y1: Src,
    param: Src,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    no_workspace(&c)?;
    if batch <= 0 {
        return SUCCESS;
    }
    if d1.is_null() || d2.is_null() || x1.is_null() || y1.is_null() || param.is_null() {
        return BAD_PTR;
    }
    if c.mode == rocblas_pointer_mode_device
        && let Some(r) = k::scalars::<T>(&c, KOp::Rotmg, &[d1, d2, x1, y1, param], batch)
    {
        return r;
    }
    let (nb, te) = (batch as usize, size_of::<T>());
    let bases: Vec<Bases> = [d1, d2, x1, y1, param]
        .iter()
        .map(|s| scalar_bases(*s, te, nb, &c))
        .collect::<Status<_>>()?;
    let run = {
        let bases = bases.clone();
        move |ptr: &dyn Fn(u64) -> *mut u8| {
            for i in 0..nb {
                let p: Vec<*mut T> = bases.iter().map(|b| ptr(b.at(ptr, i)) as *mut T).collect();
                unsafe {
                    let (mut a, mut b, mut x) = (
                        p[0].read_unaligned(),
                        p[1].read_unaligned(),
                        p[2].read_unaligned(),
                    );
                    let y = p[3].read_unaligned();
                    let pp = p[4] as *mut [T; 5];
                    let mut prm = pp.read_unaligned();
                    rotmg_calc(&mut a, &mut b, &mut x, y, &mut prm);
                    p[0].write_unaligned(a);
                    p[1].write_unaligned(b);
                    p[2].write_unaligned(x);
                    pp.write_unaligned(prm);
                }
            }
        }
    };
    if c.mode == rocblas_pointer_mode_host {
        run(&|p| p as *mut u8);
        return SUCCESS;
    }
    let mut acc = Access::default();
    for (k, b) in bases.iter().enumerate() {
        match k {
            3 => b.declare(&mut acc, te, false),
            4 => b.declare(&mut acc, 5 * te, true),
            _ => b.declare(&mut acc, te, true),
        }
    }
    enqueue(c.stream, acc, move |v| run(&|p| v.ptr::<u8>(p)))
}
