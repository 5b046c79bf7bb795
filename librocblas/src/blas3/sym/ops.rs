//! Argument checks (rocBLAS 2.47's `*_arg_check` order and status codes) and queuing of
//! geam, dgmm, symm/hemm, the rank-k updates (syrk, herk, syr2k, her2k, syrkx, herkx) and
//! gemmt (rocBLAS 4.x: its own checks, from rocBLAS's `rocblas_gemmt_arg_check`),
//! generic over element types and over the single / batched / strided-batched forms (a
//! single call is batch 1 with stride 0). None of them uses a workspace: under a device
//! memory size query they answer `rocblas_status_size_unchanged` first, as rocBLAS does.

use super::kern::{self, Mat, RankK};
use crate::blas1::exec::*;
use crate::blas1::num::{Field, Promote};
use crate::blas2::kern::{Num, Op, Wide};
use crate::blas2::ops::{BAD_PTR, BAD_SIZE, Prep, SUCCESS, host_val, op_of, upper_of, zero_query};
use crate::blas3::level3_gpu::{Sc, for_kernels, has_kernels, scalar_value};
use crate::handle::ctx;
use crate::types::*;

/// A zero scalar (as `scalar_value` gives it).
const ZERO: Sc = (0.0, 0.0);

pub const rocblas_side_left: i32 = 141;
pub const rocblas_side_right: i32 = 142;

/// Elements from the first to past the last of a rows x cols matrix with leading dimension ld.
fn span(rows: usize, cols: usize, ld: usize) -> usize {
    if rows == 0 || cols == 0 {
        0
    } else {
        (cols - 1) * ld + rows
    }
}

fn mat<T>(v: &View, b: &Bases, i: usize, ld: usize) -> Mat<T> {
    Mat {
        p: v.ptr::<T>(v.base(b, i)),
        ld,
    }
}

fn side_left(side: i32) -> Status<bool> {
    match side {
        rocblas_side_left => Ok(true),
        rocblas_side_right => Ok(false),
        _ => Err(rocblas_status_invalid_value),
    }
}

// ---------------------------------------------------------------------------------------
// geam: C := alpha op(A) + beta op(B)

#[allow(clippy::too_many_arguments)]
pub unsafe fn geam<T: Num>(
    h: rocblas_handle,
    transa: i32,
    transb: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Src,
    lda: i64,
    beta: *const T,
    b: Src,
    ldb: i64,
    c: Src,
    ldc: i64,
    batch: i64,
) -> Status {
    let cx = ctx(h)?;
    zero_query(&cx)?;
    let opa = op_of(transa)?;
    let opb = op_of(transb)?;
    let need = |op: Op| if op == Op::N { m } else { n };
    if batch < 0 || m < 0 || n < 0 || ldc < m || lda < need(opa) || ldb < need(opb) {
        return BAD_SIZE;
    }
    let same = |x: Src, y: Src| match (x, y) {
        (Src::Strided(p, _), Src::Strided(q, _)) | (Src::Array(p), Src::Array(q)) => p == q,
        _ => false,
    };
    if (same(c, a) && (lda != ldc || opa != Op::N)) || (same(c, b) && (ldb != ldc || opb != Op::N))
    {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 || batch == 0 {
        return SUCCESS;
    }
    if c.is_null() || alpha.is_null() || beta.is_null() {
        return BAD_PTR;
    }
    let host = cx.mode == rocblas_pointer_mode_host;
    let (skip_a, skip_b) = if host {
        (host_val(alpha).is_zero(), host_val(beta).is_zero())
    } else {
        (false, false)
    };
    if host && ((!skip_a && a.is_null()) || (!skip_b && b.is_null())) {
        return BAD_PTR;
    }
    let (mu, nu) = (m as usize, n as usize);
    let dims = |op: Op| if op == Op::N { (mu, nu) } else { (nu, mu) };
    let (ra, ca) = dims(opa);
    let (rb, cb) = dims(opb);
    let (lda, ldb, ldc) = (lda as usize, ldb as usize, ldc as usize);
    // The kernels, with host scalars or device ones read now (a zero term's matrix is not
    // read; a null one under a nonzero device scalar is left to the host path).
    if has_kernels::<T>()
        && let (Some(al), Some(be)) = (scalar_value(&cx, alpha), scalar_value(&cx, beta))
        && (al == ZERO || !a.is_null())
        && (be == ZERO || !b.is_null())
    {
        let term = |s: Src, ld: usize, op: Op, v: Sc| {
            if v == ZERO {
                None
            } else {
                Some((s, ld, op, v))
            }
        };
        if let Some(r) = for_kernels!(
            T,
            geam(
                &cx,
                mu,
                nu,
                term(a, lda, opa, al),
                term(b, ldb, opb, be),
                c,
                ldc,
                batch
            )
        ) {
            return r;
        }
    }
    let mut p = Prep::new(&cx, batch);
    let al = unsafe { p.scalar(alpha, cx.mode) };
    let be = unsafe { p.scalar(beta, cx.mode) };
    let ab = p.area::<T>(a, span(ra, ca, lda), false, !skip_a)?;
    let bb = p.area::<T>(b, span(rb, cb, ldb), false, !skip_b)?;
    let Some(cb_) = p.area::<T>(c, span(mu, nu, ldc), true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        let (alpha, beta) = (al.get(v).w(), be.get(v).w());
        for i in 0..nb {
            let am = ab.as_ref().map(|x| mat::<T>(v, x, i, lda));
            let bm = bb.as_ref().map(|x| mat::<T>(v, x, i, ldb));
            kern::geam(mu, nu, alpha, opa, am, beta, opb, bm, mat(v, &cb_, i, ldc));
        }
    })
}

// ---------------------------------------------------------------------------------------
// dgmm: C := A diag(x) or diag(x) A

#[allow(clippy::too_many_arguments)]
pub unsafe fn dgmm<T: Num>(
    h: rocblas_handle,
    side: i32,
    m: i64,
    n: i64,
    a: Src,
    lda: i64,
    x: Src,
    incx: i64,
    c: Src,
    ldc: i64,
    batch: i64,
) -> Status {
    let cx = ctx(h)?;
    zero_query(&cx)?;
    let left = side_left(side)?;
    if m < 0 || n < 0 || ldc < m || lda < m || batch < 0 {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 || batch == 0 {
        return SUCCESS;
    }
    if a.is_null() || x.is_null() || c.is_null() {
        return BAD_PTR;
    }
    let (mu, nu, lda, ldc) = (m as usize, n as usize, lda as usize, ldc as usize);
    if let Some(r) = for_kernels!(T, dgmm(&cx, left, mu, nu, a, lda, x, incx, c, ldc, batch)) {
        return r;
    }
    let sx = Strided {
        n: if left { mu } else { nu },
        inc: incx,
    };
    let mut p = Prep::new(&cx, batch);
    let Some(ab) = p.area::<T>(a, span(mu, nu, lda), false, true)? else {
        return SUCCESS;
    };
    let Some(xb) = p.vec::<T>(x, sx, false, true)? else {
        return SUCCESS;
    };
    let Some(cb) = p.area::<T>(c, span(mu, nu, ldc), true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        for i in 0..nb {
            let xv = HVec::<T>::new(v, v.base(&xb, i), sx);
            kern::dgmm(
                mu,
                nu,
                !left,
                mat::<T>(v, &ab, i, lda),
                |k| xv.get(k).w(),
                mat(v, &cb, i, ldc),
            );
        }
    })
}

// ---------------------------------------------------------------------------------------
// symm / hemm: C := alpha A B + beta C (left) or alpha B A + beta C (right), A symmetric

#[allow(clippy::too_many_arguments)]
pub unsafe fn symm<T: Num>(
    h: rocblas_handle,
    side: i32,
    uplo: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Src,
    lda: i64,
    b: Src,
    ldb: i64,
    beta: *const T,
    c: Src,
    ldc: i64,
    batch: i64,
    herm: bool,
) -> Status {
    let cx = ctx(h)?;
    zero_query(&cx)?;
    let left = side_left(side)?;
    let upper = upper_of(uplo)?;
    if batch < 0 || m < 0 || n < 0 || ldc < m || ldb < m || (left && lda < m) || (!left && lda < n)
    {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 || batch == 0 {
        return SUCCESS;
    }
    if beta.is_null() || alpha.is_null() {
        return BAD_PTR;
    }
    let host = cx.mode == rocblas_pointer_mode_host;
    let skip = host && host_val(alpha).is_zero();
    if host {
        if skip && host_val(beta) == T::W::one() {
            return SUCCESS;
        }
        if c.is_null() || (!skip && (a.is_null() || b.is_null())) {
            return BAD_PTR;
        }
    }
    let (mu, nu, lda, ldb, ldc) = (
        m as usize,
        n as usize,
        lda as usize,
        ldb as usize,
        ldc as usize,
    );
    let ka = if left { mu } else { nu };
    if has_kernels::<T>()
        && !c.is_null()
        && let (Some(al), Some(be)) = (scalar_value(&cx, alpha), scalar_value(&cx, beta))
        && (al == ZERO || (!a.is_null() && !b.is_null()))
        && let Some(r) = for_kernels!(
            T,
            symm(
                &cx, herm, left, upper, mu, nu, al, a, lda, b, ldb, be, c, ldc, batch
            )
        )
    {
        return r;
    }
    let mut p = Prep::new(&cx, batch);
    let al = unsafe { p.scalar(alpha, cx.mode) };
    let be = unsafe { p.scalar(beta, cx.mode) };
    let ab = p.area::<T>(a, span(ka, ka, lda), false, !skip)?;
    let bb = p.area::<T>(b, span(mu, nu, ldb), false, !skip)?;
    let Some(cb) = p.area::<T>(c, span(mu, nu, ldc), true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        let (alpha, beta) = (al.get(v).w(), be.get(v).w());
        if alpha.is_zero() && beta == T::W::one() {
            return;
        }
        for i in 0..nb {
            let cm = mat::<T>(v, &cb, i, ldc);
            match (&ab, &bb) {
                (Some(ab), Some(bb)) if !alpha.is_zero() => {
                    let s = kern::full_sym(mat::<T>(v, ab, i, lda), ka, upper, herm);
                    kern::symm(
                        mu,
                        nu,
                        left,
                        alpha,
                        Some((&s, mat(v, bb, i, ldb))),
                        beta,
                        cm,
                    );
                }
                _ => kern::symm(mu, nu, left, T::W::zero(), None, beta, cm),
            }
        }
    })
}

// ---------------------------------------------------------------------------------------
// rank-k updates of a triangle: syrk, herk, syr2k, her2k, syrkx, herkx

/// C := alpha (products of op(A), op(B)) + beta C on the `uplo` triangle of the n x n C;
/// op(A), op(B) are n x k. `Al`, `Be`: the alpha and beta types (real for herk's and
/// her2k's / herkx's beta).
#[allow(clippy::too_many_arguments)]
pub unsafe fn rank_k<T: Num, Al: Num, Be: Num>(
    h: rocblas_handle,
    kind: RankK,
    uplo: i32,
    trans: i32,
    n: i64,
    k: i64,
    alpha: *const Al,
    a: Src,
    lda: i64,
    b: Src,
    ldb: i64,
    beta: *const Be,
    c: Src,
    ldc: i64,
    batch: i64,
) -> Status
where
    Al::W: Promote<T::W>,
    Be::W: Promote<T::W>,
{
    let cx = ctx(h)?;
    zero_query(&cx)?;
    let upper = upper_of(uplo)?;
    let complex = <T::W as Field>::COMPLEX;
    let op = match op_of(trans)? {
        Op::N => Op::N,
        Op::T if !kind.herm() => Op::T,
        Op::C if kind.herm() => Op::C,
        Op::C if !complex => Op::T,
        _ => return Err(rocblas_status_invalid_value),
    };
    let two = kind.uses_b();
    let need = if op == Op::N { n } else { k };
    if n < 0 || k < 0 || batch < 0 || ldc < n || lda < need || (two && ldb < need) {
        return BAD_SIZE;
    }
    if n == 0 || batch == 0 {
        return SUCCESS;
    }
    if (k > 0 && alpha.is_null()) || beta.is_null() {
        return BAD_PTR;
    }
    let host = cx.mode == rocblas_pointer_mode_host;
    let skip = host && (k == 0 || host_val(alpha).is_zero());
    if host {
        let beta_one = host_val(beta) == Be::W::one();
        if skip && beta_one {
            return SUCCESS;
        }
        if (!skip && (a.is_null() || (two && b.is_null()))) || c.is_null() {
            return BAD_PTR;
        }
    }
    let (nu, ku, lda, ldb, ldc) = (
        n as usize,
        k as usize,
        lda as usize,
        ldb as usize,
        ldc as usize,
    );
    let (ra, ca) = if op == Op::N { (nu, ku) } else { (ku, nu) };
    if has_kernels::<T>()
        && !c.is_null()
        && let (Some(al), Some(be)) = (
            if k == 0 {
                Some(ZERO)
            } else {
                scalar_value(&cx, alpha)
            },
            scalar_value(&cx, beta),
        )
        && (al == ZERO || (!a.is_null() && (!two || !b.is_null())))
    {
        let (bs, bl) = if two { (b, ldb) } else { (a, lda) };
        let r = for_kernels!(
            T,
            rank_k(
                &cx, kind, upper, op, nu, ku, al, a, lda, bs, bl, be, c, ldc, batch
            )
        );
        if let Some(r) = r {
            return r;
        }
    }
    let mut p = Prep::new(&cx, batch);
    let al = if k > 0 {
        Some(unsafe { p.scalar(alpha, cx.mode) })
    } else {
        None
    };
    let be = unsafe { p.scalar(beta, cx.mode) };
    let ab = p.area::<T>(a, span(ra, ca, lda), false, !skip)?;
    let bb = if two {
        p.area::<T>(b, span(ra, ca, ldb), false, !skip)?
    } else {
        None
    };
    let Some(cb) = p.area::<T>(c, span(nu, nu, ldc), true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        let alpha: T::W = al.map_or(T::W::zero(), |s| s.get(v).w().promote());
        let beta: T::W = be.get(v).w().promote();
        let calc = !alpha.is_zero() && ab.is_some() && (!two || bb.is_some());
        if !calc && beta == T::W::one() {
            return;
        }
        for i in 0..nb {
            let cm = mat::<T>(v, &cb, i, ldc);
            if calc {
                let xa = mat::<T>(v, ab.as_ref().unwrap(), i, lda).rows_of(op, nu, ku);
                let xb = match &bb {
                    Some(bb) => mat::<T>(v, bb, i, ldb).rows_of(op, nu, ku),
                    None => Vec::new(),
                };
                let xb = if two { &xb[..] } else { &xa[..] };
                kern::rank_k(kind, nu, ku, upper, alpha, Some((&xa, xb)), beta, cm);
            } else {
                kern::rank_k(kind, nu, ku, upper, alpha, None, beta, cm);
            }
        }
    })
}

// ---------------------------------------------------------------------------------------
// geam_ex: D := min-plus / plus-min of alpha op(A), alpha op(B), combined with beta C

/// A real element type of geam_ex, computed with one rounding per operation (as rocBLAS's
/// reference does in the element type itself).
pub trait ExElem: Copy + Send + Sync + 'static {
    fn f(self) -> f64;
    fn t(v: f64) -> Self;
}
impl ExElem for f32 {
    fn f(self) -> f64 {
        self as f64
    }
    fn t(v: f64) -> f32 {
        v as f32
    }
}
impl ExElem for f64 {
    fn f(self) -> f64 {
        self
    }
    fn t(v: f64) -> f64 {
        v
    }
}
impl ExElem for half::f16 {
    fn f(self) -> f64 {
        self.to_f64()
    }
    fn t(v: f64) -> half::f16 {
        half::f16::from_f64(v)
    }
}

fn rnd<E: ExElem>(v: f64) -> f64 {
    E::t(v).f()
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn geam_ex(
    h: rocblas_handle,
    transa: i32,
    transb: i32,
    m: i64,
    n: i64,
    k: i64,
    alpha: *const u8,
    a: Src,
    a_type: i32,
    lda: i64,
    b: Src,
    b_type: i32,
    ldb: i64,
    beta: *const u8,
    c: Src,
    c_type: i32,
    ldc: i64,
    d: Src,
    d_type: i32,
    ldd: i64,
    compute: i32,
    minplus_op: i32,
) -> Status {
    let cx = ctx(h)?;
    zero_query(&cx)?;
    let zero_at = |p: *const u8| -> bool {
        unsafe {
            match compute {
                rocblas_datatype_f16_r => (p as *const half::f16).read_unaligned().to_f64() == 0.0,
                rocblas_datatype_f32_r => (p as *const f32).read_unaligned() == 0.0,
                _ => (p as *const f64).read_unaligned() == 0.0,
            }
        }
    };
    if !matches!(
        compute,
        rocblas_datatype_f16_r | rocblas_datatype_f32_r | rocblas_datatype_f64_r
    ) {
        return Err(rocblas_status_not_implemented);
    }
    let opn = |t: i32| match t {
        112 => Ok(Op::T),
        111 => Ok(Op::N),
        _ => Err(rocblas_status_invalid_value),
    };
    let (opa, opb) = (opn(transa)?, opn(transb)?);
    if m < 0 || n < 0 || k < 0 {
        return BAD_SIZE;
    }
    if ldc < m
        || ldd < m
        || lda < (if opa == Op::N { m } else { k })
        || ldb < (if opb == Op::N { k } else { n })
    {
        return BAD_SIZE;
    }
    let same = match (c, d) {
        (Src::Strided(p, _), Src::Strided(q, _)) => p == q,
        _ => false,
    };
    if same && ldc != ldd {
        return BAD_SIZE;
    }
    if m == 0 || n == 0 {
        return SUCCESS;
    }
    if beta.is_null() || d.is_null() {
        return BAD_PTR;
    }
    let host = cx.mode == rocblas_pointer_mode_host;
    if k > 0 {
        if alpha.is_null() {
            return BAD_PTR;
        }
        if host && !zero_at(alpha) && (a.is_null() || b.is_null()) {
            return BAD_PTR;
        }
    }
    if host && !zero_at(beta) && c.is_null() {
        return BAD_PTR;
    }
    if a_type != b_type || b_type != c_type || c_type != d_type || d_type != compute {
        return Err(rocblas_status_not_implemented);
    }
    let minplus = minplus_op == 0;
    let args = ExArgs {
        opa,
        opb,
        m: m as usize,
        n: n as usize,
        k: k as usize,
        lda: lda as usize,
        ldb: ldb as usize,
        ldc: ldc as usize,
        ldd: ldd as usize,
        minplus,
    };
    unsafe {
        match compute {
            rocblas_datatype_f16_r => run_ex::<half::f16>(&cx, args, alpha, a, b, beta, c, d),
            rocblas_datatype_f32_r => run_ex::<f32>(&cx, args, alpha, a, b, beta, c, d),
            _ => run_ex::<f64>(&cx, args, alpha, a, b, beta, c, d),
        }
    }
}

#[derive(Clone, Copy)]
struct ExArgs {
    opa: Op,
    opb: Op,
    m: usize,
    n: usize,
    k: usize,
    lda: usize,
    ldb: usize,
    ldc: usize,
    ldd: usize,
    minplus: bool,
}

#[allow(clippy::too_many_arguments)]
unsafe fn run_ex<E: ExElem>(
    cx: &crate::handle::Ctx,
    g: ExArgs,
    alpha: *const u8,
    a: Src,
    b: Src,
    beta: *const u8,
    c: Src,
    d: Src,
) -> Status {
    let host = cx.mode == rocblas_pointer_mode_host;
    let mut p = Prep::new(cx, 1);
    let al = if g.k > 0 {
        Some(unsafe { p.scalar(alpha as *const E, cx.mode) })
    } else {
        None
    };
    let be = unsafe { p.scalar(beta as *const E, cx.mode) };
    let skip_ab = g.k == 0 || (host && unsafe { (alpha as *const E).read_unaligned() }.f() == 0.0);
    let skip_c = host && unsafe { (beta as *const E).read_unaligned() }.f() == 0.0;
    let dims = |op: Op, r: usize, cc: usize| if op == Op::N { (r, cc) } else { (cc, r) };
    let (ra, ca) = dims(g.opa, g.m, g.k);
    let (rb, cb) = dims(g.opb, g.k, g.n);
    let ab = p.area::<E>(a, span(ra, ca, g.lda), false, !skip_ab)?;
    let bb = p.area::<E>(b, span(rb, cb, g.ldb), false, !skip_ab)?;
    let cbs = p.area::<E>(c, span(g.m, g.n, g.ldc), false, !skip_c)?;
    let Some(dbs) = p.area::<E>(d, span(g.m, g.n, g.ldd), true, true)? else {
        return SUCCESS;
    };
    enqueue(cx.stream, p.acc, move |v| {
        let alpha = al.map_or(0.0, |s| s.get(v).f());
        let beta = be.get(v).f();
        // op(A) row by row and op(B) column by column (k values each), bases resolved once
        let load = |bs: &Option<Bases>, ld: usize, outer: usize, by_rows: bool| -> Vec<f64> {
            let Some(bs) = bs else { return Vec::new() };
            let p = v.ptr::<E>(v.base(bs, 0)) as *const E;
            let at = |r: usize, c: usize| unsafe { p.add(r + c * ld).read_unaligned() }.f();
            let mut out = Vec::with_capacity(outer * g.k);
            for o in 0..outer {
                for l in 0..g.k {
                    out.push(if by_rows { at(o, l) } else { at(l, o) });
                }
            }
            out
        };
        let use_ab = g.k > 0 && alpha != 0.0 && ab.is_some() && bb.is_some();
        let use_c = beta != 0.0 && cbs.is_some();
        let (mut xa, mut yb) = (Vec::new(), Vec::new());
        if use_ab {
            xa = load(&ab, g.lda, g.m, g.opa == Op::N);
            yb = load(&bb, g.ldb, g.n, g.opb != Op::N);
            if !g.minplus {
                xa.iter_mut()
                    .chain(yb.iter_mut())
                    .for_each(|x| *x = rnd::<E>(alpha * *x));
            }
        }
        let cp = cbs.as_ref().map(|c| v.ptr::<E>(v.base(c, 0)) as *const E);
        let mut out = vec![0.0f64; g.m * g.n];
        for j in 0..g.n {
            for i in 0..g.m {
                let mut acc = match cp {
                    Some(cp) if use_c => {
                        rnd::<E>(beta * unsafe { cp.add(i + j * g.ldc).read_unaligned() }.f())
                    }
                    _ => 0.0,
                };
                if !use_ab {
                    // every term is 0 (alpha 0) or there are none (k 0)
                    if g.k > 0 {
                        acc = if g.minplus {
                            if acc > 0.0 { 0.0 } else { acc }
                        } else {
                            rnd::<E>(acc + 0.0)
                        };
                    }
                } else {
                    let (x, y) = (&xa[i * g.k..(i + 1) * g.k], &yb[j * g.k..(j + 1) * g.k]);
                    if g.minplus {
                        for (&x, &y) in x.iter().zip(y) {
                            let s = rnd::<E>(x + y);
                            let t = if alpha == 1.0 { s } else { rnd::<E>(alpha * s) };
                            if t < acc {
                                acc = t;
                            }
                        }
                    } else {
                        for (&x, &y) in x.iter().zip(y) {
                            acc = rnd::<E>(acc + if y < x { y } else { x });
                        }
                    }
                }
                out[i + j * g.m] = acc;
            }
        }
        let dp = v.ptr::<E>(v.base(&dbs, 0));
        for j in 0..g.n {
            for i in 0..g.m {
                unsafe {
                    dp.add(i + j * g.ldd)
                        .write_unaligned(E::t(out[i + j * g.m]))
                };
            }
        }
    })
}

// ---------------------------------------------------------------------------------------
// gemmt: the uplo triangle of C := alpha op(A) op(B) + beta C (rocBLAS 4.x)

/// The rows of op(B)^T (n x k) for a k x n op(B): row j is column j of op(B).
fn cols_of<T: Num>(b: Mat<T>, op: Op, n: usize, k: usize) -> Vec<T::W> {
    let mut out = Vec::with_capacity(n * k);
    for j in 0..n {
        for l in 0..k {
            out.push(match op {
                Op::N => b.get(l, j),
                Op::T => b.get(j, l),
                Op::C => b.get(j, l).conj(),
            });
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn gemmt<T: Num>(
    h: rocblas_handle,
    uplo: i32,
    transa: i32,
    transb: i32,
    n: i64,
    k: i64,
    alpha: *const T,
    a: Src,
    lda: i64,
    b: Src,
    ldb: i64,
    beta: *const T,
    c: Src,
    ldc: i64,
    batch: i64,
) -> Status {
    let cx = ctx(h)?;
    zero_query(&cx)?;
    let opa = op_of(transa)?;
    let opb = op_of(transb)?;
    let upper = upper_of(uplo)?;
    if n < 0 || k < 0 || batch < 0 {
        return BAD_SIZE;
    }
    let rows_a = if opa == Op::N { n } else { k };
    let rows_b = if opb == Op::N { k } else { n };
    if rows_a > lda || rows_b > ldb || n > ldc {
        return BAD_SIZE;
    }
    // k == 0 still scales C by beta.
    if n == 0 || batch == 0 {
        return SUCCESS;
    }
    if (k > 0 && alpha.is_null()) || beta.is_null() {
        return BAD_PTR;
    }
    let host = cx.mode == rocblas_pointer_mode_host;
    let calc = !host || (k > 0 && !host_val(alpha).is_zero());
    if host {
        let beta_one = host_val(beta) == T::W::one();
        if !calc && beta_one {
            return SUCCESS;
        }
        if (calc && (a.is_null() || b.is_null())) || ((calc || !beta_one) && c.is_null()) {
            return BAD_PTR;
        }
    }
    let (nu, ku, lda, ldb, ldc) = (
        n as usize,
        k as usize,
        lda as usize,
        ldb as usize,
        ldc as usize,
    );
    let (ra, ca) = if opa == Op::N { (nu, ku) } else { (ku, nu) };
    let (rb, cb) = if opb == Op::N { (ku, nu) } else { (nu, ku) };
    if has_kernels::<T>()
        && !c.is_null()
        && let (Some(al), Some(be)) = (
            if k == 0 {
                Some(ZERO)
            } else {
                scalar_value(&cx, alpha)
            },
            scalar_value(&cx, beta),
        )
        && (al == ZERO || (!a.is_null() && !b.is_null()))
    {
        let r = for_kernels!(
            T,
            gemmt(
                &cx, upper, opa, opb, nu, ku, al, a, lda, b, ldb, be, c, ldc, batch
            )
        );
        if let Some(r) = r {
            return r;
        }
    }
    let mut p = Prep::new(&cx, batch);
    let al = if k > 0 {
        Some(unsafe { p.scalar(alpha, cx.mode) })
    } else {
        None
    };
    let be = unsafe { p.scalar(beta, cx.mode) };
    let ab = p.area::<T>(a, span(ra, ca, lda), false, calc && !a.is_null())?;
    let bb = p.area::<T>(b, span(rb, cb, ldb), false, calc && !b.is_null())?;
    let Some(cbuf) = p.area::<T>(c, span(nu, nu, ldc), true, true)? else {
        return SUCCESS;
    };
    let nb = p.nb;
    enqueue(cx.stream, p.acc, move |v| {
        let alpha: T::W = al.map_or(T::W::zero(), |s| s.get(v).w());
        let beta: T::W = be.get(v).w();
        let calc = !alpha.is_zero() && ab.is_some() && bb.is_some();
        if !calc && beta == T::W::one() {
            return;
        }
        for i in 0..nb {
            let cm = mat::<T>(v, &cbuf, i, ldc);
            if calc {
                // C[i][j] = dot(row i of op(A), column j of op(B)): syrkx's product.
                let xa = mat::<T>(v, ab.as_ref().unwrap(), i, lda).rows_of(opa, nu, ku);
                let xb = cols_of(mat::<T>(v, bb.as_ref().unwrap(), i, ldb), opb, nu, ku);
                kern::rank_k(
                    RankK::Syrkx,
                    nu,
                    ku,
                    upper,
                    alpha,
                    Some((&xa, &xb)),
                    beta,
                    cm,
                );
            } else {
                kern::rank_k(RankK::Syrkx, nu, ku, upper, alpha, None, beta, cm);
            }
        }
    })
}
