//! The Level-3 families beyond GEMM as kernel launches, as rocBLAS builds them: GEMMs
//! (`gemm_kernel`, with its triangle and K-range flags) around the memory-bound kernels of
//! `matrix_kernel`, every operand staying on the device.
//!
//! - syrk, syrkx, syr2k and gemmt: GEMMs that write one triangle of C.
//! - symm: A's full symmetric matrix in scratch, then a GEMM.
//! - trmm: op(A) as a dense triangle in scratch (zeros elsewhere), then a GEMM that skips
//!   the zero half.
//! - trsm: op(A) dense in scratch, its diagonal blocks inverted by one launch, then per
//!   block a GEMM by the inverse and a GEMM updating the rest of B.
//! - trtri: the diagonal blocks inverted, then per block row two GEMMs.
//! - geam, dgmm: one launch each.
//!
//! The callers (`sym::ops`, `tri::ops`) validate every call as rocBLAS does and then offer
//! it here with host scalars; `None` means not a kernel case (an element type without
//! modules, shifted pointer arrays, a pointer array while a graph is captured, sizes past
//! 32 bits, batches past the grid), and the host path runs.

use super::gemm_cplx_kernel::GemmC;
use super::gemm_kernel::{Gemm, Mats, shape};
use super::gemm_pack::Scratch;
use super::matrix_kernel::{self as mk, MLaunch, MOp, Mat, f};
use crate::auxiliary::status_from_hip;
use crate::blas1::exec::{Bases, Src, Status, capturing, read_device};
use crate::blas1::num::{C32, C64, Field, Real};
use crate::blas2::kern::{Num, Op};
use crate::blas2::kernel::K2;
use crate::blas3::sym::kern::RankK;
use crate::handle::Ctx;
use crate::hip::{oxrocm_range, oxrocm_spirv_kernel};
use crate::types::rocblas_pointer_mode_device;

/// A scalar argument's value, (re, im) (im 0 for the real types).
pub type Sc = (f64, f64);
const ZERO: Sc = (0.0, 0.0);
const ONE: Sc = (1.0, 0.0);
const MINUS_ONE: Sc = (-1.0, 0.0);

fn is_zero(v: Sc) -> bool {
    v == ZERO
}

/// Element types with GEMM and matrix modules: f32, f64 (`gemm_kernel`), c32, c64
/// (`gemm_cplx_kernel`).
pub trait L3: K2 {
    /// Bytes of one real part.
    const REAL: usize;
    /// Queues the GEMM `g` (the complex kernel's description; the real types take its real
    /// parts and ignore conjugation).
    fn gemm_launch(stream: *mut std::ffi::c_void, g: &GemmC, bases: [&[u64]; 3]) -> i32;
}

macro_rules! real_l3 {
    ($t:ty) => {
        impl L3 for $t {
            const REAL: usize = size_of::<$t>();
            fn gemm_launch(stream: *mut std::ffi::c_void, g: &GemmC, bases: [&[u64]; 3]) -> i32 {
                let r = Gemm::<$t> {
                    trans_a: g.trans_a,
                    trans_b: g.trans_b,
                    m: g.m,
                    n: g.n,
                    k: g.k,
                    a: g.a,
                    lda: g.lda,
                    b: g.b,
                    ldb: g.ldb,
                    c: g.c,
                    ldc: g.ldc,
                    alpha: g.alpha.0 as $t,
                    beta: g.beta.0 as $t,
                    batch: g.batch,
                    shape: g.shape & !shape::REAL_DIAG,
                };
                r.launch(stream, bases)
            }
        }
    };
}
real_l3!(f32);
real_l3!(f64);

macro_rules! complex_l3 {
    ($t:ty, $real:expr) => {
        impl L3 for $t {
            const REAL: usize = $real;
            fn gemm_launch(stream: *mut std::ffi::c_void, g: &GemmC, bases: [&[u64]; 3]) -> i32 {
                g.launch::<$t>(stream, bases)
            }
        }
    };
}
complex_l3!(C32, 4);
complex_l3!(C64, 8);

/// Whether element type `T` has kernels (f32, f64, c32, c64).
pub fn has_kernels<T: 'static>() -> bool {
    mk::module_of::<T>().is_some()
}

/// A scalar argument's value for the kernels: a host value in host pointer mode; in device
/// pointer mode the device value, read now in stream order (rocBLAS's
/// `copy_alpha_beta_to_host_if_on_device`, as the GEMM path does). `None` while the stream
/// is being captured into a graph (the host path then reads it when the work runs), or for
/// a null pointer.
pub fn scalar_value<T: Num>(c: &Ctx, p: *const T) -> Option<Sc> {
    if p.is_null() {
        return None;
    }
    let v: T = if c.mode == rocblas_pointer_mode_device {
        if capturing(c.stream) {
            return None;
        }
        *read_device::<T>(c.stream, p as u64, 1).ok()?.first()?
    } else {
        unsafe { p.read_unaligned() }
    };
    let w = v.w();
    Some((w.re().to_f64(), w.im().to_f64()))
}

/// Rows of the diagonal blocks trsm and trtri invert (a GEMM tile: the per-block GEMMs are
/// one tile high).
const NB: usize = 128;

/// A matrix argument on the device: how the kernels address it and each batch entry's start.
#[derive(Clone, Debug)]
pub struct Opd {
    pub mat: Mat,
    pub bases: Vec<u64>,
}

fn u32_of(v: usize) -> Option<u32> {
    (v <= i32::MAX as usize).then_some(v as u32)
}

/// The matrix kernels' grids fit: their y dimension counts columns in runs of 16 (at most
/// 65,535 runs).
fn cols_ok(n: usize) -> Option<u32> {
    (n <= 16 * mk::MAX_GRID).then_some(n as u32)
}

impl Opd {
    /// A call's matrix argument (leading dimension `ld`).
    pub fn of(c: &Ctx, s: Src, ld: usize, elem: usize, nb: usize) -> Option<Opd> {
        let mat = Self::mat_of(s, u32_of(ld.max(1))?, elem)?;
        match s.bases(elem, nb, c.stream).ok()? {
            Bases::Known(bases) => Some(Opd { mat, bases }),
            Bases::Late(..) => None,
        }
    }
    /// How the kernels address `s` (`None`: shifted pointer arrays, which they do not take).
    fn mat_of(s: Src, ld: u32, elem: usize) -> Option<Mat> {
        Some(match s {
            Src::Strided(p, stride) => Mat {
                ptr: p,
                bs: stride.checked_mul(elem as i64)?,
                array: false,
                ld,
            },
            Src::Array(p) => Mat {
                ptr: p,
                bs: 0,
                array: true,
                ld,
            },
            Src::ArrayAt(..) => return None,
        })
    }
    /// rows x cols matrices in scratch at `base`, one after another (ld = rows).
    fn scratch(base: u64, rows: usize, cols: usize, elem: usize, nb: usize) -> Opd {
        let stride = (rows * cols * elem).next_multiple_of(256);
        let bases = (0..nb).map(|b| base + (b * stride) as u64).collect();
        Opd {
            mat: Mat {
                ptr: base,
                bs: stride as i64,
                array: false,
                ld: rows.max(1) as u32,
            },
            bases,
        }
    }
    /// The sub-matrix from element (i, j) (strided operands).
    fn at(&self, i: usize, j: usize, elem: usize) -> Opd {
        let off = ((i + j * self.mat.ld as usize) * elem) as u64;
        Opd {
            mat: self.mat.sub(i, j, elem),
            bases: self.bases.iter().map(|b| b + off).collect(),
        }
    }
    fn mats(&self, elem: usize) -> Mats {
        if self.mat.array {
            Mats::Array(self.mat.ptr)
        } else {
            Mats::Strided {
                base: self.mat.ptr,
                stride: self.mat.bs / elem as i64,
            }
        }
    }
    fn ranges(&self, rows: usize, cols: usize, elem: usize) -> Vec<oxrocm_range> {
        mk::ranges(&self.mat, &self.bases, rows, cols, elem)
    }
}

/// The batch fits the grid.
pub fn batch_ok(batch: i64) -> bool {
    (1..=mk::MAX_GRID as i64).contains(&batch)
}

/// The main module and element size of `T`, where `T` has kernels.
fn module<T: L3>() -> Option<(&'static oxrocm_spirv_kernel, usize)> {
    mk::module_of::<T>().map(|m| (m.main, m.elem))
}

/// How a GEMM reads an operand: transposed, conjugated (an `Op`, or a transposed copy that
/// is read untransposed and still conjugated).
#[derive(Clone, Copy)]
struct Read {
    trans: bool,
    conj: bool,
}
impl From<Op> for Read {
    fn from(o: Op) -> Read {
        Read {
            trans: o != Op::N,
            conj: o == Op::C,
        }
    }
}

/// Queues C := alpha op(A) op(B) + beta C (m x n, inner k) with `shape` flags.
#[allow(clippy::too_many_arguments)]
fn gemm<T: L3>(
    c: &Ctx,
    ta: impl Into<Read>,
    tb: impl Into<Read>,
    m: usize,
    n: usize,
    k: usize,
    a: &Opd,
    b: &Opd,
    cm: &Opd,
    alpha: Sc,
    beta: Sc,
    shape: u32,
) -> Status {
    if m == 0 || n == 0 {
        return Ok(());
    }
    let elem = size_of::<T>();
    let (ta, tb): (Read, Read) = (ta.into(), tb.into());
    let g = GemmC {
        trans_a: ta.trans,
        conj_a: ta.conj,
        trans_b: tb.trans,
        conj_b: tb.conj,
        m: m as u32,
        n: n as u32,
        k: k as u32,
        a: a.mats(elem),
        lda: a.mat.ld,
        b: b.mats(elem),
        ldb: b.mat.ld,
        c: cm.mats(elem),
        ldc: cm.mat.ld,
        alpha,
        beta,
        batch: cm.bases.len() as u32,
        shape,
    };
    match T::gemm_launch(c.stream, &g, [&a.bases, &b.bases, &cm.bases]) {
        0 => Ok(()),
        e => Err(status_from_hip(e)),
    }
}

/// C := alpha op(A) (+ beta op(B)) over m x n, only C's `tri` triangle where given: GEAM.
#[allow(clippy::too_many_arguments)]
fn geam_launch<T: L3>(
    c: &Ctx,
    m: usize,
    n: usize,
    a: Option<(&Opd, Op, Sc)>,
    b: Option<(&Opd, Op, Sc)>,
    cm: &Opd,
    tri: u32,
) -> Status {
    let (kernel, elem) = module::<T>().ok_or(crate::types::rocblas_status_internal_error)?;
    let mut l = MLaunch::new(MOp::Geam, m, n, cm.bases.len());
    l.c = cm.mat;
    l.flags = tri;
    let mut reads = Vec::new();
    let dims = |t: Op| if t != Op::N { (n, m) } else { (m, n) };
    match a {
        Some((o, t, s)) => {
            l.a = o.mat;
            l.alpha = mk::bits(s.0, s.1, T::REAL);
            if t != Op::N {
                l.flags |= f::TRANS_A;
            }
            if t == Op::C {
                l.flags |= f::CONJ;
            }
            let (r, cc) = dims(t);
            reads.extend(o.ranges(r, cc, elem));
        }
        None => l.flags |= f::SKIP_A,
    }
    match b {
        Some((o, t, s)) => {
            l.b = o.mat;
            l.beta = mk::bits(s.0, s.1, T::REAL);
            if t != Op::N {
                l.flags |= f::TRANS_B;
            }
            if t == Op::C {
                l.flags |= f::HERM;
            }
            let (r, cc) = dims(t);
            reads.extend(o.ranges(r, cc, elem));
        }
        None => l.flags |= f::SKIP_B,
    }
    let writes = cm.ranges(m, n, elem);
    l.run(c, kernel, &reads, &writes)
}

/// E := op(A) as a dense k x k matrix in `e` (`flags`: UPPER, TRANS_A, UNIT, SYM, ...).
fn expand<T: L3>(c: &Ctx, k: usize, a: &Opd, e: &Opd, flags: u32) -> Status {
    let (kernel, elem) = module::<T>().ok_or(crate::types::rocblas_status_internal_error)?;
    let mut l = MLaunch::new(MOp::Expand, k, k, e.bases.len());
    (l.a, l.c, l.flags) = (a.mat, e.mat, flags);
    l.run(c, kernel, &a.ranges(k, k, elem), &e.ranges(k, k, elem))
}

/// The inverses of E's diagonal blocks (E: k x k dense, upper or lower) into `out` (block q
/// at rows q NB.., columns 0.., or at (q NB, q NB) with `diag_at`).
fn inv_diag<T: L3>(c: &Ctx, k: usize, e: &Opd, upper: bool, out: &Opd, diag_at: bool) -> Status {
    let mods = mk::module_of::<T>().ok_or(crate::types::rocblas_status_internal_error)?;
    let (kernel, elem) = (mods.inv, mods.elem);
    let mut l = MLaunch::new(MOp::InvDiag, k, k, e.bases.len());
    (l.a, l.c, l.aux) = (e.mat, out.mat, NB as u32);
    l.flags = if upper { f::UPPER } else { 0 } | if diag_at { f::DIAG_AT } else { 0 };
    let cols = if diag_at { k } else { NB.min(k) };
    l.run(c, kernel, &e.ranges(k, k, elem), &out.ranges(k, cols, elem))
}

/// Scratch for `parts` (rows, cols) matrices per batch entry: their `Opd`s, in order.
fn scratch_parts(
    s: &mut Scratch,
    elem: usize,
    nb: usize,
    parts: &[(usize, usize)],
) -> Option<Vec<Opd>> {
    let sizes: Vec<usize> = parts
        .iter()
        .map(|&(r, c)| {
            Some(
                (r.checked_mul(c)?.checked_mul(elem)?)
                    .next_multiple_of(256)
                    .checked_mul(nb)?,
            )
        })
        .collect::<Option<_>>()?;
    let total: usize = sizes.iter().sum();
    let base = s.memory(total.max(256))?;
    let mut at = base;
    let mut out = Vec::new();
    for (&(r, c), size) in parts.iter().zip(sizes) {
        out.push(Opd::scratch(at, r, c, elem, nb));
        at += size as u64;
    }
    Some(out)
}

// ---------------------------------------------------------------------------------------
// geam, dgmm

/// C := alpha op(A) + beta op(B); `None` for an operand its zero host scalar skips.
#[allow(clippy::too_many_arguments)]
pub fn geam<T: L3>(
    c: &Ctx,
    m: usize,
    n: usize,
    a: Option<(Src, usize, Op, Sc)>,
    b: Option<(Src, usize, Op, Sc)>,
    cs: Src,
    ldc: usize,
    batch: i64,
) -> Option<Status> {
    let (_, elem) = module::<T>()?;
    if !batch_ok(batch) || u32_of(m).is_none() || cols_ok(n).is_none() || cols_ok(m).is_none() {
        return None;
    }
    let nb = batch as usize;
    let opd = |x: Option<(Src, usize, Op, Sc)>| -> Option<Option<(Opd, Op, Sc)>> {
        match x {
            None => Some(None),
            Some((s, ld, op, v)) => Some(Some((Opd::of(c, s, ld, elem, nb)?, op, v))),
        }
    };
    let (a, b) = (opd(a)?, opd(b)?);
    let cm = Opd::of(c, cs, ldc, elem, nb)?;
    Some(geam_launch::<T>(
        c,
        m,
        n,
        a.as_ref().map(|(o, t, v)| (o, *t, *v)),
        b.as_ref().map(|(o, t, v)| (o, *t, *v)),
        &cm,
        0,
    ))
}

/// C := A diag(x) (right) or diag(x) A (left); x: `xs` with increment incx.
#[allow(clippy::too_many_arguments)]
pub fn dgmm<T: L3>(
    c: &Ctx,
    left: bool,
    m: usize,
    n: usize,
    a: Src,
    lda: usize,
    xs: Src,
    incx: i64,
    cs: Src,
    ldc: usize,
    batch: i64,
) -> Option<Status> {
    let (kernel, elem) = module::<T>()?;
    if !batch_ok(batch)
        || u32_of(m).is_none()
        || cols_ok(n).is_none()
        || cols_ok(m).is_none()
        || incx.unsigned_abs() > i32::MAX as u64
    {
        return None;
    }
    let nb = batch as usize;
    let (am, cm) = (
        Opd::of(c, a, lda, elem, nb)?,
        Opd::of(c, cs, ldc, elem, nb)?,
    );
    let xm = Opd::of(c, xs, 1, elem, nb)?;
    let len = if left { m } else { n };
    let xspan = (len - 1) * incx.unsigned_abs() as usize + 1;
    let mut l = MLaunch::new(MOp::Dgmm, m, n, nb);
    (l.a, l.b, l.c, l.incx) = (am.mat, xm.mat, cm.mat, incx as i32);
    l.flags = if left { f::LEFT } else { 0 };
    let mut reads = am.ranges(m, n, elem);
    reads.extend(xm.ranges(xspan, 1, elem));
    Some(l.run(c, kernel, &reads, &cm.ranges(m, n, elem)))
}

// ---------------------------------------------------------------------------------------
// symm, rank-k updates, gemmt

/// C := alpha A B + beta C (left) or alpha B A + beta C (right), A symmetric (Hermitian with
/// `herm`) from its `upper` or lower triangle.
#[allow(clippy::too_many_arguments)]
pub fn symm<T: L3>(
    c: &Ctx,
    herm: bool,
    left: bool,
    upper: bool,
    m: usize,
    n: usize,
    alpha: Sc,
    a: Src,
    lda: usize,
    b: Src,
    ldb: usize,
    beta: Sc,
    cs: Src,
    ldc: usize,
    batch: i64,
) -> Option<Status> {
    let (_, elem) = module::<T>()?;
    if !batch_ok(batch) || u32_of(m).is_none() || cols_ok(n).is_none() || cols_ok(m).is_none() {
        return None;
    }
    let nb = batch as usize;
    let k = if left { m } else { n };
    let cm = Opd::of(c, cs, ldc, elem, nb)?;
    if is_zero(alpha) {
        // C := beta C: a GEMM without products.
        return Some(gemm::<T>(
            c,
            Op::N,
            Op::N,
            m,
            n,
            0,
            &cm,
            &cm,
            &cm,
            ZERO,
            beta,
            0,
        ));
    }
    let (am, bm) = (Opd::of(c, a, lda, elem, nb)?, Opd::of(c, b, ldb, elem, nb)?);
    let mut s = Scratch::new(c);
    let e = scratch_parts(&mut s, elem, nb, &[(k, k)])?.remove(0);
    let flags = f::SYM | if upper { f::UPPER } else { 0 } | if herm { f::HERM } else { 0 };
    Some((|| {
        expand::<T>(c, k, &am, &e, flags)?;
        if left {
            gemm::<T>(c, Op::N, Op::N, m, n, k, &e, &bm, &cm, alpha, beta, 0)
        } else {
            gemm::<T>(c, Op::N, Op::N, m, n, k, &bm, &e, &cm, alpha, beta, 0)
        }
    })())
}

/// One product term of a triangle update: alpha-scaled op(A) op(B) (`conj_alpha`: by
/// conj(alpha), her2k's second term).
#[derive(Clone, Copy)]
struct Term {
    ta: Op,
    tb: Op,
    a: (Src, usize),
    b: (Src, usize),
    conj_alpha: bool,
}

/// The `uplo` triangle of the n x n C := (sum of alpha `terms`, each n x n with inner k) +
/// beta C: one triangle-writing GEMM per term, the first applying beta; `real_diag`: C's
/// diagonal keeps only its real part (the Hermitian updates).
#[allow(clippy::too_many_arguments)]
fn triangle_update<T: L3>(
    c: &Ctx,
    upper: bool,
    real_diag: bool,
    n: usize,
    k: usize,
    alpha: Sc,
    terms: &[Term],
    beta: Sc,
    cs: Src,
    ldc: usize,
    batch: i64,
) -> Option<Status> {
    let (_, elem) = module::<T>()?;
    if !batch_ok(batch) || cols_ok(n).is_none() || u32_of(k).is_none() {
        return None;
    }
    let nb = batch as usize;
    let cm = Opd::of(c, cs, ldc, elem, nb)?;
    let tri = if upper {
        shape::C_UPPER
    } else {
        shape::C_LOWER
    } | if real_diag { shape::REAL_DIAG } else { 0 };
    if is_zero(alpha) || k == 0 {
        // Nothing to add and beta 1: C is left as it is, its diagonal's imaginary parts
        // too (rocBLAS's quick return, also in device pointer mode; the BLAS reference).
        if beta == ONE {
            return Some(Ok(()));
        }
        return Some(gemm::<T>(
            c,
            Op::N,
            Op::N,
            n,
            n,
            0,
            &cm,
            &cm,
            &cm,
            ZERO,
            beta,
            tri,
        ));
    }
    let mut ops: Vec<(Term, (Opd, Read), (Opd, Read))> = terms
        .iter()
        .map(|t| {
            Some((
                *t,
                (Opd::of(c, t.a.0, t.a.1, elem, nb)?, t.ta.into()),
                (Opd::of(c, t.b.0, t.b.1, elem, nb)?, t.tb.into()),
            ))
        })
        .collect::<Option<_>>()?;
    // Kept until the GEMMs are queued: transposed copies live in it.
    let mut scratch = Scratch::new(c);
    if T::REAL < elem {
        along_n::<T>(&mut scratch, n, k, &mut ops);
    }
    Some(
        ops.iter()
            .enumerate()
            .try_for_each(|(i, (t, (am, ra), (bm, rb)))| {
                let al = if t.conj_alpha {
                    (alpha.0, -alpha.1)
                } else {
                    alpha
                };
                gemm::<T>(
                    c,
                    *ra,
                    *rb,
                    n,
                    n,
                    k,
                    am,
                    bm,
                    &cm,
                    al,
                    if i == 0 { beta } else { ONE },
                    tri,
                )
            }),
    )
}

/// The complex kernel reads an operand stored along K (op(A) transposed, op(B) not: the
/// rank-k updates with op T or C) 20-45% slower than one stored along N
/// (`gemm_pack::CPLX`). Where that pays, each such stored k x n matrix is transposed once
/// into scratch (syrk's A serves both sides) and the terms read the copies: op(A) = X^T
/// (X^H) as the copy untransposed (conjugated), op(B) = X as the copy transposed.
fn along_n<T: L3>(
    scratch: &mut Scratch,
    n: usize,
    k: usize,
    ops: &mut [(Term, (Opd, Read), (Opd, Read))],
) {
    use super::gemm_pack::{CPLX, Stored, pays};
    let elem = size_of::<T>();
    if !pays(n, k, &CPLX) {
        return;
    }
    // Each distinct stored matrix read along K, once.
    let mut stored: Vec<(Src, usize, Vec<u64>)> = vec![];
    for (t, (am, ra), (bm, rb)) in ops.iter() {
        for (src, ld, m, along_k) in [(t.a.0, t.a.1, am, ra.trans), (t.b.0, t.b.1, bm, !rb.trans)] {
            if along_k && !stored.iter().any(|(s, l, _)| *s == src && *l == ld) {
                stored.push((src, ld, m.bases.clone()));
            }
        }
    }
    let wanted: Vec<Stored> = stored
        .iter()
        .map(|(src, ld, bases)| Stored {
            src: *src,
            bases,
            rows: k,
            cols: n,
            ld: *ld,
        })
        .collect();
    let nb = ops.first().map_or(0, |o| o.1.0.bases.len());
    let Some(copies) = scratch.transposed(elem, nb, &wanted) else {
        return;
    };
    // The copies as operands (their starts are known: the pointer arrays are being written).
    let Some(opds) = copies
        .into_iter()
        .map(|r| {
            Some(Opd {
                mat: Opd::mat_of(r.src, r.ld, elem)?,
                bases: r.bases,
            })
        })
        .collect::<Option<Vec<Opd>>>()
    else {
        return;
    };
    let copy_of = |src: Src, ld: usize| {
        let at = stored.iter().position(|(s, l, _)| *s == src && *l == ld)?;
        opds.get(at).cloned()
    };
    for (t, a, b) in ops.iter_mut() {
        if a.1.trans
            && let Some(x) = copy_of(t.a.0, t.a.1)
        {
            *a = (
                x,
                Read {
                    trans: false,
                    conj: a.1.conj,
                },
            );
        }
        if !b.1.trans
            && let Some(x) = copy_of(t.b.0, t.b.1)
        {
            *b = (
                x,
                Read {
                    trans: true,
                    conj: b.1.conj,
                },
            );
        }
    }
}

/// The rank-k updates of the `uplo` triangle of the n x n C (op(A), op(B) n x k; `op` T or
/// C: stored k x n), each + beta C:
/// - syrk: alpha op(A) op(A)^T; herk: alpha op(A) op(A)^H;
/// - syrkx: alpha op(A) op(B)^T; herkx: alpha op(A) op(B)^H;
/// - syr2k: alpha (op(A) op(B)^T + op(B) op(A)^T); her2k: alpha op(A) op(B)^H +
///   conj(alpha) op(B) op(A)^H.
///
/// The Hermitian ones keep C's diagonal real. syrk and herk pass A as B.
#[allow(clippy::too_many_arguments)]
pub fn rank_k<T: L3>(
    c: &Ctx,
    kind: RankK,
    upper: bool,
    op: Op,
    n: usize,
    k: usize,
    alpha: Sc,
    a: Src,
    lda: usize,
    b: Src,
    ldb: usize,
    beta: Sc,
    cs: Src,
    ldc: usize,
    batch: i64,
) -> Option<Status> {
    let herm = kind.herm();
    // op(X)^T (op^H) of a stored X: transposed back when op transposes, else T (C).
    let back = if op != Op::N {
        Op::N
    } else if herm {
        Op::C
    } else {
        Op::T
    };
    let first = Term {
        ta: op,
        tb: back,
        a: (a, lda),
        b: (b, ldb),
        conj_alpha: false,
    };
    let second = Term {
        ta: op,
        tb: back,
        a: (b, ldb),
        b: (a, lda),
        conj_alpha: herm,
    };
    let terms: &[Term] = if matches!(kind, RankK::Syr2k | RankK::Her2k) {
        &[first, second]
    } else {
        &[first]
    };
    triangle_update::<T>(c, upper, herm, n, k, alpha, terms, beta, cs, ldc, batch)
}

/// gemmt: the `uplo` triangle of the n x n C := alpha op(A) op(B) + beta C.
#[allow(clippy::too_many_arguments)]
pub fn gemmt<T: L3>(
    c: &Ctx,
    upper: bool,
    ta: Op,
    tb: Op,
    n: usize,
    k: usize,
    alpha: Sc,
    a: Src,
    lda: usize,
    b: Src,
    ldb: usize,
    beta: Sc,
    cs: Src,
    ldc: usize,
    batch: i64,
) -> Option<Status> {
    let t = Term {
        ta,
        tb,
        a: (a, lda),
        b: (b, ldb),
        conj_alpha: false,
    };
    triangle_update::<T>(c, upper, false, n, k, alpha, &[t], beta, cs, ldc, batch)
}

// ---------------------------------------------------------------------------------------
// trmm, trsm, trtri

/// A triangular operand: A's stored triangle, op and diagonal.
#[derive(Clone, Copy, Debug)]
pub struct Tri {
    pub upper: bool,
    pub op: Op,
    pub unit: bool,
}

impl Tri {
    /// Expansion flags for E = op(A).
    fn flags(&self) -> u32 {
        let mut fl = if self.upper { f::UPPER } else { 0 };
        if self.op != Op::N {
            fl |= f::TRANS_A;
        }
        if self.op == Op::C {
            fl |= f::CONJ;
        }
        if self.unit {
            fl |= f::UNIT;
        }
        fl
    }
    /// Is E = op(A) upper triangular?
    fn e_upper(&self) -> bool {
        self.upper == (self.op == Op::N)
    }
}

/// C := alpha op(A) B (left) or alpha B op(A) (right); `cs` None: in place of B.
#[allow(clippy::too_many_arguments)]
pub fn trmm<T: L3>(
    c: &Ctx,
    left: bool,
    t: Tri,
    m: usize,
    n: usize,
    alpha: Sc,
    a: Src,
    lda: usize,
    b: Src,
    ldb: usize,
    cs: Option<(Src, usize)>,
    batch: i64,
) -> Option<Status> {
    let (_, elem) = module::<T>()?;
    if !batch_ok(batch) || u32_of(m).is_none() || cols_ok(n).is_none() || cols_ok(m).is_none() {
        return None;
    }
    let nb = batch as usize;
    let k = if left { m } else { n };
    let am = Opd::of(c, a, lda, elem, nb)?;
    let bm = Opd::of(c, b, ldb, elem, nb)?;
    let cm = match cs {
        Some((s, ldc)) => Opd::of(c, s, ldc, elem, nb)?,
        None => bm.clone(),
    };
    // B is copied aside when the result overwrites it.
    let aliased = cm.mat.ptr == bm.mat.ptr && cm.mat.array == bm.mat.array;
    let mut s = Scratch::new(c);
    let parts = if aliased {
        vec![(k, k), (m, n)]
    } else {
        vec![(k, k)]
    };
    let mut ws = scratch_parts(&mut s, elem, nb, &parts)?;
    let e = ws.remove(0);
    let src = if aliased { ws.remove(0) } else { bm.clone() };
    let upper = t.e_upper();
    let sh = match (left, upper) {
        (true, true) => shape::K_FROM_ROW,
        (true, false) => shape::K_TO_ROW,
        (false, true) => shape::K_TO_COL,
        (false, false) => shape::K_FROM_COL,
    };
    Some((|| {
        expand::<T>(c, k, &am, &e, t.flags())?;
        if aliased {
            geam_launch::<T>(c, m, n, Some((&bm, Op::N, ONE)), None, &src, 0)?;
        }
        if left {
            gemm::<T>(c, Op::N, Op::N, m, n, k, &e, &src, &cm, alpha, ZERO, sh)
        } else {
            gemm::<T>(c, Op::N, Op::N, m, n, k, &src, &e, &cm, alpha, ZERO, sh)
        }
    })())
}

/// Inverts E's diagonal blocks into X (both k x k dense, X zero beforehand): blocks of NB
/// rows by one INV_DIAG launch, then pairs of blocks joined level by level up to blocks of
/// `s_max` rows (or all of E): for a lower pair, X21 = -X22 E21 X11; for an upper one,
/// X12 = -X11 E12 X22. The pairs of one level are one strided-batched GEMM pair (the
/// diagonal blocks sit a fixed stride apart); `w`: scratch of at least k s_max / 2 elements.
fn inv_blocks<T: L3>(
    c: &Ctx,
    k: usize,
    e: &Opd,
    x: &Opd,
    w: u64,
    upper: bool,
    s_max: usize,
) -> Status {
    let elem = size_of::<T>();
    inv_diag::<T>(c, k, e, upper, x, true)?;
    let ld = x.mat.ld as usize;
    debug_assert_eq!(ld, e.mat.ld as usize);
    let mut s = NB;
    while s < s_max.min(k) {
        let pair = 2 * s;
        let full = k / pair;
        let rest = k - full * pair;
        // (first row, pairs, bottom block rows)
        let mut runs = vec![];
        if full > 0 {
            runs.push((0, full, s));
        }
        if rest > s {
            runs.push((full * pair, 1, rest - s));
        }
        for (&eb, &xb) in e.bases.iter().zip(&x.bases) {
            for &(o, count, t) in &runs {
                // count pairs from row o, each `pair` rows and columns after the last.
                let step = (pair * (ld + 1) * elem) as i64;
                let at = |base: u64, i: usize, j: usize, ld_: usize| {
                    let p0 = base + ((i + j * ld_) * elem) as u64;
                    Opd {
                        mat: Mat {
                            ptr: p0,
                            bs: step,
                            array: false,
                            ld: ld_ as u32,
                        },
                        bases: (0..count).map(|q| p0 + q as u64 * step as u64).collect(),
                    }
                };
                let (wr, wc) = if upper { (s, t) } else { (t, s) };
                let wstep = (wr * wc * elem) as i64;
                let wm = Opd {
                    mat: Mat {
                        ptr: w,
                        bs: wstep,
                        array: false,
                        ld: wr as u32,
                    },
                    bases: (0..count).map(|q| w + q as u64 * wstep as u64).collect(),
                };
                if upper {
                    gemm::<T>(
                        c,
                        Op::N,
                        Op::N,
                        s,
                        t,
                        t,
                        &at(eb, o, o + s, ld),
                        &at(xb, o + s, o + s, ld),
                        &wm,
                        ONE,
                        ZERO,
                        shape::K_TO_COL,
                    )?;
                    gemm::<T>(
                        c,
                        Op::N,
                        Op::N,
                        s,
                        t,
                        s,
                        &at(xb, o, o, ld),
                        &wm,
                        &at(xb, o, o + s, ld),
                        MINUS_ONE,
                        ZERO,
                        shape::K_FROM_ROW,
                    )?;
                } else {
                    gemm::<T>(
                        c,
                        Op::N,
                        Op::N,
                        t,
                        s,
                        s,
                        &at(eb, o + s, o, ld),
                        &at(xb, o, o, ld),
                        &wm,
                        ONE,
                        ZERO,
                        shape::K_FROM_COL,
                    )?;
                    gemm::<T>(
                        c,
                        Op::N,
                        Op::N,
                        t,
                        s,
                        t,
                        &at(xb, o + s, o + s, ld),
                        &wm,
                        &at(xb, o + s, o, ld),
                        MINUS_ONE,
                        ZERO,
                        shape::K_TO_ROW,
                    )?;
                }
            }
        }
        s = pair;
    }
    Ok(())
}

/// Rows of trsm's diagonal blocks (inverted, then applied by GEMMs): larger blocks take
/// fewer, more efficient GEMMs at the price of the inverse's extra products.
fn trsm_block(k: usize) -> usize {
    match k {
        0..=256 => NB,
        257..=1024 => 2 * NB,
        _ => 4 * NB,
    }
}

/// B := alpha op(A)^-1 B (left) or alpha B op(A)^-1 (right).
#[allow(clippy::too_many_arguments)]
pub fn trsm<T: L3>(
    c: &Ctx,
    left: bool,
    t: Tri,
    m: usize,
    n: usize,
    alpha: Sc,
    a: Src,
    lda: usize,
    b: Src,
    ldb: usize,
    batch: i64,
) -> Option<Status> {
    let (_, elem) = module::<T>()?;
    if !batch_ok(batch) || u32_of(m).is_none() || cols_ok(n).is_none() || cols_ok(m).is_none() {
        return None;
    }
    let nb = batch as usize;
    let k = if left { m } else { n };
    let sb = trsm_block(k);
    let am = Opd::of(c, a, lda, elem, nb)?;
    let bm = Opd::of(c, b, ldb, elem, nb)?;
    // Scratch: E = op(A) dense, its inverted diagonal blocks (k x k, zeros elsewhere), the
    // solution, the pairs' products, and a strided copy of B where B comes as pointer
    // arrays (the updates address its sub-matrices).
    // (One scratch block holds them all: the pairs' products per batch entry too, though
    // the entries use them in turn.)
    let mut parts = vec![(k, k), (k, k), (m, n), (k, sb.min(k))];
    if bm.mat.array {
        parts.push((m, n));
    }
    let mut s = Scratch::new(c);
    let mut ws = scratch_parts(&mut s, elem, nb, &parts)?;
    let (e, inv, x, w) = (ws.remove(0), ws.remove(0), ws.remove(0), ws.remove(0));
    let work = if bm.mat.array {
        ws.remove(0)
    } else {
        bm.clone()
    };
    let upper = t.e_upper();
    let blocks = k.div_ceil(sb);
    if is_zero(alpha) {
        // B := 0 without reading A (a device alpha of 0 may come with a null A).
        return Some(geam_launch::<T>(c, m, n, None, None, &bm, 0));
    }
    Some((|| {
        expand::<T>(c, k, &am, &e, t.flags())?;
        geam_launch::<T>(c, k, k, None, None, &inv, 0)?;
        inv_blocks::<T>(c, k, &e, &inv, w.mat.ptr, upper, sb)?;
        if bm.mat.array {
            geam_launch::<T>(c, m, n, Some((&bm, Op::N, ONE)), None, &work, 0)?;
        }
        // Blocks in solve order: forward where X's first block depends on nothing else.
        let forward = left != upper;
        for step in 0..blocks {
            let q = if forward { step } else { blocks - 1 - step };
            let (r0, r1) = (q * sb, ((q + 1) * sb).min(k));
            let len = r1 - r0;
            // The first block's right-hand side is alpha B; the others were scaled by
            // the first update.
            let s0 = if step == 0 { alpha } else { ONE };
            let invq = inv.at(r0, r0, elem);
            let (lo, hi) = if forward { (r1, k) } else { (0, r0) };
            if left {
                // X_q := s0 inv(E_qq) B_q; then B's unsolved rows lose E(rows, q) X_q.
                let sh = if upper {
                    shape::K_FROM_ROW
                } else {
                    shape::K_TO_ROW
                };
                gemm::<T>(
                    c,
                    Op::N,
                    Op::N,
                    len,
                    n,
                    len,
                    &invq,
                    &work.at(r0, 0, elem),
                    &x.at(r0, 0, elem),
                    s0,
                    ZERO,
                    sh,
                )?;
                if hi > lo {
                    gemm::<T>(
                        c,
                        Op::N,
                        Op::N,
                        hi - lo,
                        n,
                        len,
                        &e.at(lo, r0, elem),
                        &x.at(r0, 0, elem),
                        &work.at(lo, 0, elem),
                        MINUS_ONE,
                        s0,
                        0,
                    )?;
                }
            } else {
                // X_q := s0 B_q inv(E_qq); then B's unsolved columns lose X_q E(q, cols).
                let sh = if upper {
                    shape::K_TO_COL
                } else {
                    shape::K_FROM_COL
                };
                gemm::<T>(
                    c,
                    Op::N,
                    Op::N,
                    m,
                    len,
                    len,
                    &work.at(0, r0, elem),
                    &invq,
                    &x.at(0, r0, elem),
                    s0,
                    ZERO,
                    sh,
                )?;
                if hi > lo {
                    gemm::<T>(
                        c,
                        Op::N,
                        Op::N,
                        m,
                        hi - lo,
                        len,
                        &x.at(0, r0, elem),
                        &e.at(r0, lo, elem),
                        &work.at(0, lo, elem),
                        MINUS_ONE,
                        s0,
                        0,
                    )?;
                }
            }
        }
        geam_launch::<T>(c, m, n, Some((&x, Op::N, ONE)), None, &bm, 0)
    })())
}

/// invA := A^-1 on A's stored triangle (the other triangle of invA is not written).
#[allow(clippy::too_many_arguments)]
pub fn trtri<T: L3>(
    c: &Ctx,
    upper: bool,
    unit: bool,
    n: usize,
    a: Src,
    lda: usize,
    inv: Src,
    ldinv: usize,
    batch: i64,
) -> Option<Status> {
    let (_, elem) = module::<T>()?;
    if !batch_ok(batch) || cols_ok(n).is_none() {
        return None;
    }
    let nb = batch as usize;
    let am = Opd::of(c, a, lda, elem, nb)?;
    let im = Opd::of(c, inv, ldinv, elem, nb)?;
    let mut s = Scratch::new(c);
    let mut ws = scratch_parts(&mut s, elem, nb, &[(n, n), (n, n), (n, n.div_ceil(2))])?;
    let (e, x, w) = (ws.remove(0), ws.remove(0), ws.remove(0));
    let t = Tri {
        upper,
        op: Op::N,
        unit,
    };
    Some((|| {
        expand::<T>(c, n, &am, &e, t.flags())?;
        // X starts zero: the GEMMs read its blocks on the far side of the diagonal.
        geam_launch::<T>(c, n, n, None, None, &x, 0)?;
        inv_blocks::<T>(c, n, &e, &x, w.mat.ptr, upper, n)?;
        let tri = if upper { f::C_UPPER } else { f::C_LOWER };
        geam_launch::<T>(c, n, n, Some((&x, Op::N, ONE)), None, &im, tri)
    })())
}

/// `f::<T>(args)` for the element type `$t` of a generic caller where it has kernels
/// (f32, f64, c32, c64), else `None`.
macro_rules! for_kernels {
    ($t:ty, $f:ident ( $($arg:expr),* $(,)? )) => {{
        use std::any::TypeId;
        if TypeId::of::<$t>() == TypeId::of::<f32>() {
            $crate::blas3::level3_gpu::$f::<f32>($($arg),*)
        } else if TypeId::of::<$t>() == TypeId::of::<f64>() {
            $crate::blas3::level3_gpu::$f::<f64>($($arg),*)
        } else if TypeId::of::<$t>() == TypeId::of::<$crate::blas1::num::C32>() {
            $crate::blas3::level3_gpu::$f::<$crate::blas1::num::C32>($($arg),*)
        } else if TypeId::of::<$t>() == TypeId::of::<$crate::blas1::num::C64>() {
            $crate::blas3::level3_gpu::$f::<$crate::blas1::num::C64>($($arg),*)
        } else {
            None
        }
    }};
}
pub(crate) use for_kernels;
