//! The arithmetic of Level-2 operations on host memory, in a wide type (`f64` for real,
//! complex `f64` for complex data): sums accumulate there and each result is rounded once.
//!
//! Matrices are column major. Triangular, symmetric and Hermitian matrices are reached
//! through `Tri`, which knows where element (i, j) of the stored triangle sits in full,
//! banded or packed storage; every operation walks the stored entries column by column.

use super::super::blas1::exec::HVec;
use super::super::blas1::num::{C32, C64, Complex, Field, Real};
use std::fmt::Debug;
use std::ops::Range;

/// Arithmetic of the wide type, beyond `Field`.
pub trait Wide: Field {
    fn div(self, o: Self) -> Self;
    /// The value with its imaginary part dropped (Hermitian diagonals).
    fn real_part(self) -> Self;
    fn is_zero(self) -> bool {
        self == Self::zero()
    }
    fn one() -> Self;
}

impl Wide for f64 {
    fn div(self, o: f64) -> f64 {
        self / o
    }
    fn real_part(self) -> f64 {
        self
    }
    fn one() -> f64 {
        1.0
    }
}

impl Wide for C64 {
    fn div(self, o: C64) -> C64 {
        smith(self, o)
    }
    fn real_part(self) -> C64 {
        Complex {
            re: self.re,
            im: 0.0,
        }
    }
    fn one() -> C64 {
        Complex { re: 1.0, im: 0.0 }
    }
}

/// Smith's division (no overflow in |b|^2): the host path's, the kernels' twins' and the
/// shader's.
pub fn smith<R: Real>(a: Complex<R>, b: Complex<R>) -> Complex<R> {
    if b.re.abs() >= b.im.abs() {
        let r = b.im / b.re;
        let d = b.re + b.im * r;
        Complex {
            re: (a.re + a.im * r) / d,
            im: (a.im - a.re * r) / d,
        }
    } else {
        let r = b.re / b.im;
        let d = b.re * r + b.im;
        Complex {
            re: (a.re * r + a.im) / d,
            im: (a.im * r - a.re) / d,
        }
    }
}
/// An element type of Level-2 data and its wide arithmetic type.
pub trait Num: Copy + Send + Sync + 'static + Default + Debug {
    type W: Wide;
    fn w(self) -> Self::W;
    fn n(w: Self::W) -> Self;
}

impl Num for f32 {
    type W = f64;
    fn w(self) -> f64 {
        self as f64
    }
    fn n(w: f64) -> f32 {
        w as f32
    }
}
impl Num for f64 {
    type W = f64;
    fn w(self) -> f64 {
        self
    }
    fn n(w: f64) -> f64 {
        w
    }
}
impl Num for C32 {
    type W = C64;
    fn w(self) -> C64 {
        Complex {
            re: self.re as f64,
            im: self.im as f64,
        }
    }
    fn n(w: C64) -> C32 {
        Complex {
            re: w.re as f32,
            im: w.im as f32,
        }
    }
}
impl Num for C64 {
    type W = C64;
    fn w(self) -> C64 {
        self
    }
    fn n(w: C64) -> C64 {
        w
    }
}

/// `rocblas_operation`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Op {
    N,
    T,
    C,
}

impl Op {
    #[inline]
    pub fn apply<W: Wide>(self, v: W) -> W {
        if self == Op::C { v.conj() } else { v }
    }
}

/// Where the stored triangle (or band) of an n x n matrix lives.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    Full { ld: usize },
    Band { ld: usize, k: usize },
    Packed,
}

#[derive(Clone, Copy, Debug)]
pub struct Tri {
    pub n: usize,
    pub upper: bool,
    pub shape: Shape,
}

impl Tri {
    /// Offset of stored element (i, j) (i <= j for upper, i >= j for lower).
    #[inline]
    pub fn idx(&self, i: usize, j: usize) -> usize {
        match self.shape {
            Shape::Full { ld } => i + j * ld,
            Shape::Band { ld, k } => {
                if self.upper {
                    k + i - j + j * ld
                } else {
                    i - j + j * ld
                }
            }
            Shape::Packed => {
                if self.upper {
                    i + j * (j + 1) / 2
                } else {
                    i + j * (2 * self.n - j - 1) / 2
                }
            }
        }
    }
    /// Rows of column j that are stored.
    #[inline]
    pub fn rows(&self, j: usize) -> Range<usize> {
        let k = match self.shape {
            Shape::Band { k, .. } => k,
            _ => self.n,
        };
        if self.upper {
            j.saturating_sub(k)..j + 1
        } else {
            j..self.n.min(j + k + 1)
        }
    }
    /// Elements from the first to past the last one stored.
    pub fn span(&self) -> usize {
        let n = self.n;
        if n == 0 {
            return 0;
        }
        match self.shape {
            Shape::Full { ld } => (n - 1) * ld + n,
            Shape::Band { ld, k } => (n - 1) * ld + k + 1,
            Shape::Packed => n * (n + 1) / 2,
        }
    }
}

#[inline]
pub fn rd<T: Num>(p: *const T, i: usize) -> T::W {
    unsafe { p.add(i).read_unaligned() }.w()
}
#[inline]
pub fn wr<T: Num>(p: *mut T, i: usize, v: T::W) {
    unsafe { p.add(i).write_unaligned(T::n(v)) }
}

/// y := alpha * acc + beta * y (y not read when beta is 0).
pub fn finish_y<T: Num>(y: &HVec<T>, acc: &[T::W], alpha: T::W, beta: T::W) {
    for (i, &a) in acc.iter().enumerate() {
        let v = if beta.is_zero() {
            alpha * a
        } else {
            alpha * a + beta * y.get(i).w()
        };
        y.set(i, T::n(v));
    }
}

/// y := beta * y (alpha == 0 or nothing to multiply).
pub fn scale_y<T: Num>(y: &HVec<T>, len: usize, beta: T::W) {
    if beta == T::W::one() {
        return;
    }
    for i in 0..len {
        let v = if beta.is_zero() {
            T::W::zero()
        } else {
            beta * y.get(i).w()
        };
        y.set(i, T::n(v));
    }
}

/// acc := op(A) x for a general m x n matrix.
pub fn gemv<T: Num>(
    op: Op,
    m: usize,
    n: usize,
    a: *const T,
    lda: usize,
    x: &HVec<T>,
    acc: &mut [T::W],
) {
    if op == Op::N {
        for j in 0..n {
            let xj = x.get(j).w();
            let col = unsafe { a.add(j * lda) };
            for (i, s) in acc.iter_mut().enumerate().take(m) {
                *s = *s + rd(col, i) * xj;
            }
        }
    } else {
        let xs: Vec<T::W> = (0..m).map(|i| x.get(i).w()).collect();
        for (j, s) in acc.iter_mut().enumerate().take(n) {
            let col = unsafe { a.add(j * lda) };
            let mut t = T::W::zero();
            for (i, &xi) in xs.iter().enumerate() {
                t = t + op.apply(rd(col, i)) * xi;
            }
            *s = t;
        }
    }
}

/// acc := op(A) x for an m x n band matrix with kl sub- and ku super-diagonals.
#[allow(clippy::too_many_arguments)]
pub fn gbmv<T: Num>(
    op: Op,
    m: usize,
    n: usize,
    kl: usize,
    ku: usize,
    a: *const T,
    lda: usize,
    x: &HVec<T>,
    acc: &mut [T::W],
) {
    for j in 0..n {
        let col = unsafe { a.add(j * lda) };
        let rows = j.saturating_sub(ku)..m.min(j + kl + 1);
        if op == Op::N {
            let xj = x.get(j).w();
            for i in rows {
                acc[i] = acc[i] + rd(col, ku + i - j) * xj;
            }
        } else {
            let mut t = T::W::zero();
            for i in rows {
                t = t + op.apply(rd(col, ku + i - j)) * x.get(i).w();
            }
            acc[j] = t;
        }
    }
}

/// acc := A x for a symmetric (or Hermitian) matrix given by its stored triangle.
pub fn symv<T: Num>(t: Tri, herm: bool, a: *const T, x: &HVec<T>, acc: &mut [T::W]) {
    let xs: Vec<T::W> = (0..t.n).map(|i| x.get(i).w()).collect();
    for j in 0..t.n {
        for i in t.rows(j) {
            let v = rd(a, t.idx(i, j));
            if i == j {
                let d = if herm { v.real_part() } else { v };
                acc[i] = acc[i] + d * xs[j];
            } else {
                acc[i] = acc[i] + v * xs[j];
                let m = if herm { v.conj() } else { v };
                acc[j] = acc[j] + m * xs[i];
            }
        }
    }
}

/// Rank-1 / rank-2 update of a stored triangle: A(i, j) += upd(i, j); Hermitian updates
/// keep the diagonal real.
pub fn tri_update<T: Num>(t: Tri, herm: bool, a: *mut T, upd: impl Fn(usize, usize) -> T::W) {
    for j in 0..t.n {
        for i in t.rows(j) {
            let at = t.idx(i, j);
            let v = rd(a, at) + upd(i, j);
            wr(a, at, if herm && i == j { v.real_part() } else { v });
        }
    }
}

/// x := op(A) x for a triangular matrix.
pub fn trmv<T: Num>(t: Tri, op: Op, unit: bool, a: *const T, x: &HVec<T>) {
    let xs: Vec<T::W> = (0..t.n).map(|i| x.get(i).w()).collect();
    let mut out = vec![T::W::zero(); t.n];
    for j in 0..t.n {
        for i in t.rows(j) {
            if i == j {
                let d = if unit {
                    T::W::one()
                } else {
                    op.apply(rd(a, t.idx(i, j)))
                };
                out[i] = out[i] + d * xs[i];
            } else {
                let v = op.apply(rd(a, t.idx(i, j)));
                if op == Op::N {
                    out[i] = out[i] + v * xs[j];
                } else {
                    out[j] = out[j] + v * xs[i];
                }
            }
        }
    }
    for (i, v) in out.into_iter().enumerate() {
        x.set(i, T::n(v));
    }
}

/// x := op(A)^-1 x for a triangular matrix (substitution).
pub fn trsv<T: Num>(t: Tri, op: Op, unit: bool, a: *const T, x: &HVec<T>) {
    let n = t.n;
    let mut xs: Vec<T::W> = (0..n).map(|i| x.get(i).w()).collect();
    let diag = |j: usize, xs: &mut Vec<T::W>| {
        if !unit {
            xs[j] = xs[j].div(op.apply(rd(a, t.idx(j, j))));
        }
    };
    if op == Op::N {
        // column oriented: finish x_j, then remove it from the rest of the column
        let order: Box<dyn Iterator<Item = usize>> = if t.upper {
            Box::new((0..n).rev())
        } else {
            Box::new(0..n)
        };
        for j in order {
            diag(j, &mut xs);
            let xj = xs[j];
            if xj.is_zero() {
                continue;
            }
            for i in t.rows(j) {
                if i != j {
                    xs[i] = xs[i] - xj * rd(a, t.idx(i, j));
                }
            }
        }
    } else {
        // op(A) = A^T / A^H: row i of op(A) is column i of A
        let order: Box<dyn Iterator<Item = usize>> = if t.upper {
            Box::new(0..n)
        } else {
            Box::new((0..n).rev())
        };
        for i in order {
            let mut s = xs[i];
            for r in t.rows(i) {
                if r != i {
                    s = s - op.apply(rd(a, t.idx(r, i))) * xs[r];
                }
            }
            xs[i] = s;
            diag(i, &mut xs);
        }
    }
    for (i, v) in xs.into_iter().enumerate() {
        x.set(i, T::n(v));
    }
}
