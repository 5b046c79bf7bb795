//! Level-2 operations, generic over element types and over the single / batched /
//! strided-batched forms (a single call is batch 1 with stride 0). Argument checks follow
//! rocBLAS 2.47's `*_arg_check` order and status codes, including where each family answers
//! device memory size queries; the work is queued on the handle's stream over the exact
//! ranges it touches. Sizes, leading dimensions, increments and batch counts are `i64` (the
//! 32-bit and `_64` entry points share the operations); enums stay 32-bit.

use super::kern::{self, Num, Op, Shape, Tri, Wide};
use super::kernel::{self as gpu, Geom, Mv};
use crate::blas1::exec::*;
use crate::blas1::kernel::{Scal, same, scalar};
use crate::blas1::num::{Field, Promote};
use crate::handle::{Ctx, ctx, report_workspace};
use crate::types::*;

pub(crate) const SUCCESS: Status = Ok(());
pub(crate) const BAD_PTR: Status = Err(rocblas_status_invalid_pointer);
pub(crate) const BAD_SIZE: Status = Err(rocblas_status_invalid_size);

pub const rocblas_operation_none: i32 = 111;
pub const rocblas_operation_transpose: i32 = 112;
pub const rocblas_operation_conjugate_transpose: i32 = 113;
pub const rocblas_fill_upper: i32 = 121;
pub const rocblas_fill_lower: i32 = 122;
pub const rocblas_diagonal_non_unit: i32 = 131;
pub const rocblas_diagonal_unit: i32 = 132;

pub(crate) fn op_of(t: i32) -> Status<Op> {
    match t {
        rocblas_operation_none => Ok(Op::N),
        rocblas_operation_transpose => Ok(Op::T),
        rocblas_operation_conjugate_transpose => Ok(Op::C),
        _ => Err(rocblas_status_invalid_value),
    }
}
pub(crate) fn upper_of(u: i32) -> Status<bool> {
    match u {
        rocblas_fill_upper => Ok(true),
        rocblas_fill_lower => Ok(false),
        _ => Err(rocblas_status_invalid_value),
    }
}
pub(crate) fn unit_of(d: i32) -> Status<bool> {
    match d {
        rocblas_diagonal_unit => Ok(true),
        rocblas_diagonal_non_unit => Ok(false),
        _ => Err(rocblas_status_invalid_value),
    }
}

/// `RETURN_ZERO_DEVICE_MEMORY_SIZE_IF_QUERIED`.
pub(crate) fn zero_query(c: &Ctx) -> Status {
    if c.query {
        Err(rocblas_status_size_unchanged)
    } else {
        SUCCESS
    }
}
/// `set_optimal_device_memory_size` under a size query.
pub(crate) fn report(h: rocblas_handle, c: &Ctx, bytes: usize) -> Status {
    if c.query {
        Err(report_workspace(h, bytes))
    } else {
        SUCCESS
    }
}
fn r64(b: usize) -> usize {
    b.div_ceil(64) * 64
}
/// rocBLAS 4.x's ILP64 launchers of the banded, packed, symmetric and triangular Level-2
/// functions take orders (and band widths) up to `int32_t`'s maximum only, answering
/// `rocblas_status_invalid_size` after the argument checks for anything larger.
pub(crate) fn beyond_i32(sizes: &[i64]) -> Status {
    if sizes.iter().any(|&v| v > i32::MAX as i64) {
        BAD_SIZE
    } else {
        SUCCESS
    }
}

/// A scalar argument as the kernels take it (`real_typed`: a real scalar of complex data);
/// `None` for types without kernels.
fn scal<T: 'static>(c: &Ctx, p: *const T, real_typed: bool) -> Option<Scal> {
    unsafe { scalar::<T>(p as *const std::ffi::c_void, c.mode, real_typed) }
}

pub(crate) fn host_val<T: Num>(p: *const T) -> T::W {
    unsafe { p.read_unaligned() }.w()
}

/// Declared inputs and outputs of one call, and the batch's vector starts.
pub(crate) struct Prep {
    pub(crate) acc: Access,
    pub(crate) nb: usize,
    stream: hipStream_t,
}

impl Prep {
    pub(crate) fn new(c: &Ctx, batch: i64) -> Self {
        Prep {
            acc: Access::default(),
            nb: batch as usize,
            stream: c.stream,
        }
    }
    pub(crate) unsafe fn scalar<T: Copy>(
        &mut self,
        p: *const T,
        mode: rocblas_pointer_mode,
    ) -> Scalar<T> {
        unsafe { Scalar::new(p, mode, &mut self.acc) }
    }
    /// `elems` elements from each start (`want` false or a null pointer: not used).
    pub(crate) fn area<T>(
        &mut self,
        src: Src,
        elems: usize,
        write: bool,
        want: bool,
    ) -> Status<Option<Bases>> {
        if !want || src.is_null() {
            return Ok(None);
        }
        let b = src.bases(size_of::<T>(), self.nb, self.stream)?;
        b.declare(&mut self.acc, elems * size_of::<T>(), write);
        Ok(Some(b))
    }
    pub(crate) fn vec<T>(
        &mut self,
        src: Src,
        s: Strided,
        write: bool,
        want: bool,
    ) -> Status<Option<Bases>> {
        if !want || src.is_null() {
            return Ok(None);
        }
        let b = src.bases(size_of::<T>(), self.nb, self.stream)?;
        b.declare(&mut self.acc, s.span(size_of::<T>()), write);
        Ok(Some(b))
    }
}

fn load<T: Num>(v: &View, b: &Bases, i: usize, s: Strided) -> Vec<T::W> {
    let h = HVec::<T>::new(v, v.base(b, i), s);
    (0..s.n).map(|k| h.get(k).w()).collect()
}

// ---------------------------------------------------------------------------------------
// y := alpha * op(A) x + beta * y: gemv, gbmv, hemv/symv, hbmv/sbmv, hpmv/spmv

/// The pointer checks every matrix-vector product shares. `Ok(false)`: quick return.
unsafe fn mv_pointers<T: Num>(
    c: &Ctx,
    alpha: *const T,
    beta: *const T,
    a: Src,
    x: Src,
    y: Src,
) -> Status<bool> {
    if alpha.is_null() || beta.is_null() {
        return BAD_PTR.map(|_| false);
    }
    if c.mode == rocblas_pointer_mode_host {
        let (al, be) = (host_val(alpha), host_val(beta));
        if al.is_zero() && be == T::W::one() {
            return Ok(false);
        }
        if y.is_null() || (!al.is_zero() && (a.is_null() || x.is_null())) {
            return BAD_PTR.map(|_| false);
        }
    }
    Ok(true)
}

/// Queues y := alpha * acc + beta * y with acc = op(A) x computed by `k` for each batch entry.
/// Under a device alpha, a null A or x reads as alpha == 0 and a null y as nothing to do
/// (rocBLAS's own argument checks leave those pointers unchecked there).
#[allow(clippy::too_many_arguments)]
unsafe fn run_mv<T: Num>(
    c: &Ctx,
    batch: i64,
    alpha: *const T,
    beta: *const T,
    a: Src,
    a_elems: usize,
    x: Src,
    sx: Strided,
    y: Src,
    sy: Strided,
    k: impl Fn(*const T, &HVec<T>, &mut [T::W]) + Send + Sync + 'static,
) -> Status {
    unsafe { run_mv_mixed::<T, T, T>(c, batch, alpha, beta, a, a_elems, x, sx, y, sy, k) }
}

/// [`run_mv`] with A and x of type `T`, y of type `Ty` and the scalars of type `S` (rocBLAS
/// 4.x's mixed-precision gemv: 16-bit A and x, f32 scalars, 16-bit or f32 y).
#[allow(clippy::too_many_arguments)]
unsafe fn run_mv_mixed<T: Num, Ty: Num<W = T::W>, S: Num<W = T::W>>(
    c: &Ctx,
    batch: i64,
    alpha: *const S,
    beta: *const S,
    a: Src,
    a_elems: usize,
    x: Src,
    sx: Strided,
    y: Src,
    sy: Strided,
    k: impl Fn(*const T, &HVec<T>, &mut [T::W]) + Send + Sync + 'static,
) -> Status {
    let mut p = Prep::new(c, batch);
    let skip_ax = c.mode == rocblas_pointer_mode_host && host_val(alpha).is_zero();
    let al = unsafe { p.scalar(alpha, c.mode) };
    let be = unsafe { p.scalar(beta, c.mode) };
    let ab = p.area::<T>(a, a_elems, false, !skip_ax)?;
    let xb = p.vec::<T>(x, sx, false, !skip_ax)?;
    let Some(yb) = p.vec::<Ty>(y, sy, true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(c.stream, p.acc, move |v| {
        let (alpha, beta) = (al.get(v).w(), be.get(v).w());
        if alpha.is_zero() && beta == T::W::one() {
            return;
        }
        for b in 0..nb {
            let yv = HVec::<Ty>::new(v, v.base(&yb, b), sy);
            match (&ab, &xb) {
                (Some(ab), Some(xb)) if !alpha.is_zero() => {
                    let mut acc = vec![T::W::zero(); sy.n];
                    k(
                        v.ptr::<T>(v.base(ab, b)),
                        &HVec::new(v, v.base(xb, b), sx),
                        &mut acc,
                    );
                    kern::finish_y(&yv, &acc, alpha, beta);
                }
                _ => kern::scale_y(&yv, sy.n, beta),
            }
        }
    })
}

/// rocBLAS's gemv workspace (only the skinny transposed kernel uses one).
fn gemv_workspace<T: Num>(op: Op, m: i64, n: i64, batch: i64) -> usize {
    if m <= 0 || n <= 0 || batch <= 0 || op == Op::N {
        return 0;
    }
    let crossover = match (size_of::<T>(), <T::W as Field>::COMPLEX) {
        (4, _) => 256,
        (8, false) => 128,
        (8, true) => 64,
        _ => 16,
    };
    if n >= crossover || m < 2048 * n {
        return 0;
    }
    let blocks = (m as usize - 1) / 1024 + 1;
    size_of::<T>() * blocks * n as usize * batch as usize
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn gemv<T: Num>(
    h: rocblas_handle,
    trans: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Src,
    lda: i64,
    x: Src,
    incx: i64,
    beta: *const T,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status {
    unsafe { gemv_typed::<T, T, T>(h, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, batch) }
}

/// rocBLAS 4.x's mixed-precision gemv (`hshgemv`, `hssgemv`, `tssgemv`, `tstgemv`, batched
/// and strided-batched only): A and x of type `T`, y of type `Ty`, f32 alpha and beta, sums
/// in f64; gemv's checks.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemv_mixed<T: Num<W = f64>, Ty: Num<W = f64>>(
    h: rocblas_handle,
    trans: i32,
    m: i64,
    n: i64,
    alpha: *const f32,
    a: Src,
    lda: i64,
    x: Src,
    incx: i64,
    beta: *const f32,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status {
    unsafe {
        gemv_typed::<T, Ty, f32>(h, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, batch)
    }
}

/// gemv with A and x of type `T`, y of type `Ty`, alpha and beta of type `S`.
#[allow(clippy::too_many_arguments)]
unsafe fn gemv_typed<T: Num, Ty: Num<W = T::W>, S: Num<W = T::W>>(
    h: rocblas_handle,
    trans: i32,
    m: i64,
    n: i64,
    alpha: *const S,
    a: Src,
    lda: i64,
    x: Src,
    incx: i64,
    beta: *const S,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    if c.query {
        // rocBLAS sizes the workspace before checking trans: anything but none is transposed
        let op = if trans == rocblas_operation_none {
            Op::N
        } else {
            Op::T
        };
        return report(h, &c, gemv_workspace::<T>(op, m, n, batch));
    }
    let op = op_of(trans)?;
    if m < 0 || n < 0 || lda < m || lda < 1 || incx == 0 || incy == 0 || batch < 0 {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 || batch == 0 || !unsafe { mv_pointers(&c, alpha, beta, a, x, y) }? {
        return SUCCESS;
    }
    let (m, n, lda) = (m as usize, n as usize, lda as usize);
    let (xl, yl) = if op == Op::N { (n, m) } else { (m, n) };
    let (sx, sy) = (Strided { n: xl, inc: incx }, Strided { n: yl, inc: incy });
    if same::<T, Ty>()
        && same::<T, S>()
        && let Some(r) = Geom::general(m, n, lda).and_then(|g| {
            gpu::mv::<T>(
                &c,
                Mv::General(op),
                a,
                g,
                scal(&c, alpha, false),
                scal(&c, beta, false),
                x,
                incx,
                y,
                incy,
                batch,
                None,
            )
        })
    {
        return r;
    }
    unsafe {
        run_mv_mixed::<T, Ty, S>(
            &c,
            batch,
            alpha,
            beta,
            a,
            (n - 1) * lda + m,
            x,
            sx,
            y,
            sy,
            move |a, x, acc| kern::gemv(op, m, n, a, lda, x, acc),
        )
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn gbmv<T: Num>(
    h: rocblas_handle,
    trans: i32,
    m: i64,
    n: i64,
    kl: i64,
    ku: i64,
    alpha: *const T,
    a: Src,
    lda: i64,
    x: Src,
    incx: i64,
    beta: *const T,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    zero_query(&c)?;
    let op = op_of(trans)?;
    if m < 0
        || n < 0
        || (lda as i128) < ku as i128 + kl as i128 + 1
        || incx == 0
        || incy == 0
        || kl < 0
        || ku < 0
        || batch < 0
    {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 || batch == 0 || !unsafe { mv_pointers(&c, alpha, beta, a, x, y) }? {
        return SUCCESS;
    }
    beyond_i32(&[m, n, kl, ku])?;
    let (m, n, kl, ku, lda) = (
        m as usize,
        n as usize,
        kl as usize,
        ku as usize,
        lda as usize,
    );
    let (xl, yl) = if op == Op::N { (n, m) } else { (m, n) };
    let (sx, sy) = (Strided { n: xl, inc: incx }, Strided { n: yl, inc: incy });
    let span = (n - 1) * lda + (kl + ku + 1);
    if let Some(r) = Geom::band(m, n, kl, ku, lda).and_then(|g| {
        gpu::mv::<T>(
            &c,
            Mv::General(op),
            a,
            g,
            scal(&c, alpha, false),
            scal(&c, beta, false),
            x,
            incx,
            y,
            incy,
            batch,
            None,
        )
    }) {
        return r;
    }
    unsafe {
        run_mv(
            &c,
            batch,
            alpha,
            beta,
            a,
            span,
            x,
            sx,
            y,
            sy,
            move |a, x, acc| kern::gbmv(op, m, n, kl, ku, a, lda, x, acc),
        )
    }
}

/// Which symmetric / Hermitian matrix-vector product.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SymKind {
    /// hemv / symv: full storage (rocBLAS checks after the size query point).
    Full,
    /// hbmv / sbmv with k super/sub-diagonals.
    Band(i64),
    /// hpmv / spmv.
    Packed,
}

/// hemv, symv, hbmv, sbmv, hpmv, spmv.
#[allow(clippy::too_many_arguments)]
pub unsafe fn symv<T: Num>(
    h: rocblas_handle,
    uplo: i32,
    n: i64,
    kind: SymKind,
    herm: bool,
    alpha: *const T,
    a: Src,
    lda: i64,
    x: Src,
    incx: i64,
    beta: *const T,
    y: Src,
    incy: i64,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    if kind != SymKind::Full {
        zero_query(&c)?;
    }
    let upper = upper_of(uplo)?;
    let bad = match kind {
        SymKind::Full => n < 0 || lda < n || lda < 1,
        SymKind::Band(k) => n < 0 || k < 0 || lda <= k || lda < 1,
        SymKind::Packed => n < 0,
    };
    if bad || incx == 0 || incy == 0 || batch < 0 {
        return BAD_SIZE;
    }
    if n == 0 || batch == 0 || !unsafe { mv_pointers(&c, alpha, beta, a, x, y) }? {
        return SUCCESS;
    }
    beyond_i32(&[n, if let SymKind::Band(k) = kind { k } else { 0 }])?;
    let nu = n as usize;
    if kind == SymKind::Full {
        let blocks = (nu - 1) / 64 + 1;
        report(h, &c, size_of::<T>() * blocks * nu * batch as usize)?;
    }
    let shape = match kind {
        SymKind::Full => Shape::Full { ld: lda as usize },
        SymKind::Band(k) => Shape::Band {
            ld: lda as usize,
            k: k as usize,
        },
        SymKind::Packed => Shape::Packed,
    };
    let t = Tri {
        n: nu,
        upper,
        shape,
    };
    if let Some(r) = Geom::tri(t).and_then(|g| {
        gpu::mv::<T>(
            &c,
            Mv::Sym { herm },
            a,
            g,
            scal(&c, alpha, false),
            scal(&c, beta, false),
            x,
            incx,
            y,
            incy,
            batch,
            None,
        )
    }) {
        return r;
    }
    let s = |inc: i64| Strided { n: nu, inc };
    unsafe {
        run_mv(
            &c,
            batch,
            alpha,
            beta,
            a,
            t.span(),
            x,
            s(incx),
            y,
            s(incy),
            move |a, x, acc| kern::symv(t, herm, a, x, acc),
        )
    }
}

// ---------------------------------------------------------------------------------------
// rank-1 and rank-2 updates: ger/geru/gerc, syr/her, syr2/her2, spr/hpr, spr2/hpr2

/// Queues A := A + f(alpha, x, y) for each batch entry (`y` absent for rank-1 updates).
#[allow(clippy::too_many_arguments)]
unsafe fn run_update<T: Num, A: Num>(
    c: &Ctx,
    batch: i64,
    alpha: *const A,
    x: Src,
    sx: Strided,
    y: Option<(Src, Strided)>,
    a: Src,
    a_elems: usize,
    k: impl Fn(T::W, *mut T, &[T::W], &[T::W]) + Send + Sync + 'static,
) -> Status
where
    A::W: Promote<T::W>,
{
    let mut p = Prep::new(c, batch);
    let al = unsafe { p.scalar(alpha, c.mode) };
    let xb = p.vec::<T>(x, sx, false, true)?;
    let yb = match y {
        Some((ys, sy)) => Some((p.vec::<T>(ys, sy, false, true)?, sy)),
        None => None,
    };
    let ab = p.area::<T>(a, a_elems, true, true)?;
    let (Some(xb), Some(ab)) = (xb, ab) else {
        return SUCCESS;
    };
    if let Some((None, _)) = yb {
        return SUCCESS;
    }
    let nb = p.nb;
    enqueue(c.stream, p.acc, move |v| {
        let alpha: T::W = al.get(v).w().promote();
        if alpha.is_zero() {
            return;
        }
        for b in 0..nb {
            let xs = load::<T>(v, &xb, b, sx);
            let ys = match &yb {
                Some((Some(yb), sy)) => load::<T>(v, yb, b, *sy),
                _ => Vec::new(),
            };
            k(alpha, v.ptr::<T>(v.base(&ab, b)), &xs, &ys);
        }
    })
}

/// The pointer checks of the updates. `Ok(false)`: quick return.
unsafe fn update_pointers<A: Num>(c: &Ctx, alpha: *const A, others: &[bool]) -> Status<bool> {
    if alpha.is_null() {
        return BAD_PTR.map(|_| false);
    }
    if c.mode == rocblas_pointer_mode_host {
        if host_val(alpha).is_zero() {
            return Ok(false);
        }
        if others.iter().any(|&null| null) {
            return BAD_PTR.map(|_| false);
        }
    }
    Ok(true)
}

/// A := A + alpha x y^T (geru, ger) or alpha x y^H (gerc).
#[allow(clippy::too_many_arguments)]
pub unsafe fn ger<T: Num>(
    h: rocblas_handle,
    m: i64,
    n: i64,
    alpha: *const T,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    a: Src,
    lda: i64,
    batch: i64,
    conj: bool,
) -> Status {
    let c = ctx(h)?;
    zero_query(&c)?;
    if m < 0 || n < 0 || incx == 0 || incy == 0 || lda < m || lda < 1 || batch < 0 {
        return BAD_SIZE;
    }
    if m == 0
        || n == 0
        || batch == 0
        || !unsafe { update_pointers(&c, alpha, &[a.is_null(), x.is_null(), y.is_null()]) }?
    {
        return SUCCESS;
    }
    let (m, n, lda) = (m as usize, n as usize, lda as usize);
    let upd = gpu::Upd {
        conj,
        rank2: false,
        herm: false,
        real_alpha: false,
    };
    if let Some(r) = Geom::general(m, n, lda)
        .zip(scal(&c, alpha, false))
        .and_then(|(g, al)| gpu::update::<T>(&c, upd, a, g, al, x, incx, y, incy, batch))
    {
        return r;
    }
    let (sx, sy) = (Strided { n: m, inc: incx }, Strided { n, inc: incy });
    unsafe {
        run_update::<T, T>(
            &c,
            batch,
            alpha,
            x,
            sx,
            Some((y, sy)),
            a,
            (n - 1) * lda + m,
            move |alpha, a, xs, ys| {
                for (j, &yj) in ys.iter().enumerate() {
                    let t = alpha * if conj { yj.conj() } else { yj };
                    for (i, &xi) in xs.iter().enumerate() {
                        let at = i + j * lda;
                        kern::wr(a, at, kern::rd(a, at) + xi * t);
                    }
                }
            },
        )
    }
}

/// Which symmetric / Hermitian update.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Upd {
    /// syr / spr: A += alpha x x^T
    Syr,
    /// her / hpr: A += alpha x x^H (alpha real)
    Her,
    /// syr2 / spr2: A += alpha (x y^T + y x^T)
    Syr2,
    /// her2 / hpr2: A += alpha x y^H + conj(alpha) y x^H
    Her2,
}

/// syr, her, syr2, her2 (`lda` Some) and spr, hpr, spr2, hpr2 (packed, `lda` None).
#[allow(clippy::too_many_arguments)]
pub unsafe fn sym_update<T: Num, A: Num>(
    h: rocblas_handle,
    uplo: i32,
    n: i64,
    alpha: *const A,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    a: Src,
    lda: Option<i64>,
    batch: i64,
    kind: Upd,
) -> Status
where
    A::W: Promote<T::W>,
{
    let c = ctx(h)?;
    zero_query(&c)?;
    let upper = upper_of(uplo)?;
    let two = matches!(kind, Upd::Syr2 | Upd::Her2);
    let bad_ld = lda.is_some_and(|l| l < n || l < 1);
    if n < 0 || incx == 0 || (two && incy == 0) || bad_ld || batch < 0 {
        return BAD_SIZE;
    }
    let nulls = if two {
        vec![a.is_null(), x.is_null(), y.is_null()]
    } else {
        vec![a.is_null(), x.is_null()]
    };
    if n == 0 || batch == 0 || !unsafe { update_pointers(&c, alpha, &nulls) }? {
        return SUCCESS;
    }
    beyond_i32(&[n])?;
    let nu = n as usize;
    let shape = match lda {
        Some(l) => Shape::Full { ld: l as usize },
        None => Shape::Packed,
    };
    let t = Tri {
        n: nu,
        upper,
        shape,
    };
    let s = |inc: i64| Strided { n: nu, inc };
    let yv = if two { Some((y, s(incy))) } else { None };
    let herm = matches!(kind, Upd::Her | Upd::Her2);
    let upd = gpu::Upd {
        conj: herm,
        rank2: two,
        herm,
        real_alpha: !same::<A, T>(),
    };
    // Rank-1 updates read x twice (x x' as x y').
    let (ys, incy2) = if two { (y, incy) } else { (x, incx) };
    if let Some(r) = Geom::tri(t)
        .zip(scal(&c, alpha, !same::<A, T>()))
        .and_then(|(g, al)| gpu::update::<T>(&c, upd, a, g, al, x, incx, ys, incy2, batch))
    {
        return r;
    }
    unsafe {
        run_update::<T, A>(
            &c,
            batch,
            alpha,
            x,
            s(incx),
            yv,
            a,
            t.span(),
            move |al, a, xs, ys| match kind {
                Upd::Syr => kern::tri_update(t, herm, a, |i, j| al * xs[i] * xs[j]),
                Upd::Her => kern::tri_update(t, herm, a, |i, j| al * xs[i] * xs[j].conj()),
                Upd::Syr2 => {
                    kern::tri_update(t, herm, a, |i, j| al * (xs[i] * ys[j] + ys[i] * xs[j]))
                }
                Upd::Her2 => kern::tri_update(t, herm, a, |i, j| {
                    al * xs[i] * ys[j].conj() + al.conj() * ys[i] * xs[j].conj()
                }),
            },
        )
    }
}

// ---------------------------------------------------------------------------------------
// triangular: trmv, tbmv, tpmv, trsv, tbsv, tpsv

/// Which triangular operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TriKind {
    Trmv,
    Tbmv(i64),
    Tpmv,
    Trsv,
    Tbsv(i64),
    Tpsv,
}

/// x := op(A) x or op(A)^-1 x for a triangular A (`lda` unused for packed storage).
#[allow(clippy::too_many_arguments)]
pub unsafe fn tri<T: Num>(
    h: rocblas_handle,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: i64,
    kind: TriKind,
    a: Src,
    lda: i64,
    x: Src,
    incx: i64,
    batch: i64,
) -> Status {
    let c = ctx(h)?;
    if matches!(kind, TriKind::Tbsv(_) | TriKind::Tpsv) {
        zero_query(&c)?;
    }
    let upper = upper_of(uplo)?;
    let op = op_of(trans)?;
    let unit = unit_of(diag)?;
    let bad = match kind {
        TriKind::Trmv | TriKind::Trsv => lda < n || lda < 1,
        TriKind::Tbmv(k) | TriKind::Tbsv(k) => k < 0 || lda <= k,
        TriKind::Tpmv | TriKind::Tpsv => false,
    };
    if n < 0 || bad || incx == 0 || batch < 0 {
        return BAD_SIZE;
    }
    if n == 0 || batch == 0 {
        zero_query(&c)?;
        return SUCCESS;
    }
    let nullp = a.is_null() || x.is_null();
    let ws = size_of::<T>() * n as usize * batch as usize;
    match kind {
        TriKind::Trmv | TriKind::Tpmv => {
            report(h, &c, ws)?;
            if nullp {
                return BAD_PTR;
            }
        }
        TriKind::Tbmv(_) | TriKind::Trsv => {
            if nullp {
                return BAD_PTR;
            }
            let bytes = match kind {
                TriKind::Trsv => 4 * batch as usize,
                _ if matches!(a, Src::Array(_)) => r64(ws) + r64(8 * batch as usize),
                _ => ws,
            };
            report(h, &c, bytes)?;
        }
        TriKind::Tbsv(_) | TriKind::Tpsv => {
            if nullp {
                return BAD_PTR;
            }
        }
    }
    beyond_i32(&[
        n,
        if let TriKind::Tbmv(k) | TriKind::Tbsv(k) = kind {
            k
        } else {
            0
        },
    ])?;
    let nu = n as usize;
    let shape = match kind {
        TriKind::Trmv | TriKind::Trsv => Shape::Full { ld: lda as usize },
        TriKind::Tbmv(k) | TriKind::Tbsv(k) => Shape::Band {
            ld: lda as usize,
            k: k as usize,
        },
        TriKind::Tpmv | TriKind::Tpsv => Shape::Packed,
    };
    let t = Tri {
        n: nu,
        upper,
        shape,
    };
    let solve = matches!(kind, TriKind::Trsv | TriKind::Tbsv(_) | TriKind::Tpsv);
    let on_gpu = Geom::tri(t).and_then(|g| {
        if solve {
            gpu::trsv::<T>(&c, a, g, op, unit, x, incx, batch)
        } else {
            gpu::mv::<T>(
                &c,
                Mv::Tri { op, unit },
                a,
                g,
                None,
                None,
                x,
                incx,
                x,
                incx,
                batch,
                None,
            )
        }
    });
    if let Some(r) = on_gpu {
        return r;
    }
    let sx = Strided { n: nu, inc: incx };
    let mut p = Prep::new(&c, batch);
    let Some(ab) = p.area::<T>(a, t.span(), false, true)? else {
        return SUCCESS;
    };
    let Some(xb) = p.vec::<T>(x, sx, true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(c.stream, p.acc, move |v| {
        for b in 0..nb {
            let a = v.ptr::<T>(v.base(&ab, b)) as *const T;
            let xv = HVec::<T>::new(v, v.base(&xb, b), sx);
            if solve {
                kern::trsv(t, op, unit, a, &xv)
            } else {
                kern::trmv(t, op, unit, a, &xv)
            }
        }
    })
}
