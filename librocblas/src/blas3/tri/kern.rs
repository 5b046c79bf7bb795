//! The arithmetic of the triangular Level-3 operations on host memory, in the wide type
//! (`f64` / complex `f64`): operands are loaded once, every sum and substitution runs wide
//! and each result is rounded once when stored.
//!
//! A triangular operand is first expanded into the dense k x k matrix E = op(A) (the
//! referenced triangle only, unit diagonal applied, zeros elsewhere); the products and
//! solves then walk E and the right-hand sides column by column.

use crate::blas1::num::Field;
use crate::blas2::kern::{Num, Op, Wide, rd, wr};

/// How a triangular operand is stored and applied.
#[derive(Clone, Copy, Debug)]
pub struct TriA {
    pub k: usize,
    pub lda: usize,
    pub upper: bool,
    pub op: Op,
    pub unit: bool,
}

impl TriA {
    /// Is E = op(A) upper triangular (the direction of a solve)?
    pub fn e_upper(&self) -> bool {
        self.upper == (self.op == Op::N)
    }
}

/// A dense column-major matrix in the wide type.
pub struct Dense<W> {
    pub rows: usize,
    pub v: Vec<W>,
}

impl<W: Wide> Dense<W> {
    #[inline]
    fn at(&self, i: usize, j: usize) -> W {
        self.v[i + j * self.rows]
    }
    #[inline]
    fn col(&self, j: usize) -> &[W] {
        &self.v[j * self.rows..(j + 1) * self.rows]
    }
}

/// E = op(A) as a dense k x k matrix.
pub fn expand<T: Num>(a: *const T, t: TriA) -> Dense<T::W> {
    let k = t.k;
    let mut v = vec![T::W::zero(); k * k];
    for j in 0..k {
        let rows = if t.upper { 0..j + 1 } else { j..k };
        for i in rows {
            let x = if i == j && t.unit { T::W::one() } else { rd(a, i + j * t.lda) };
            // A(i, j) lands at E(i, j) (none) or E(j, i) (transposes)
            match t.op {
                Op::N => v[i + j * k] = x,
                Op::T => v[j + i * k] = x,
                Op::C => v[j + i * k] = x.conj(),
            }
        }
    }
    Dense { rows: k, v }
}

/// An m x n matrix read from host memory.
pub fn load<T: Num>(p: *const T, m: usize, n: usize, ld: usize) -> Dense<T::W> {
    let mut v = Vec::with_capacity(m * n);
    for j in 0..n {
        for i in 0..m {
            v.push(rd(p, i + j * ld));
        }
    }
    Dense { rows: m, v }
}

/// Stores alpha * X (alpha applied here, rounded once).
pub fn store<T: Num>(p: *mut T, x: &Dense<T::W>, n: usize, ld: usize, alpha: T::W) {
    let one = alpha == T::W::one();
    for j in 0..n {
        for (i, &v) in x.col(j).iter().enumerate() {
            wr(p, i + j * ld, if one { v } else { alpha * v });
        }
    }
}

/// Zeroes an m x n matrix.
pub fn zero<T: Num>(p: *mut T, m: usize, n: usize, ld: usize) {
    for j in 0..n {
        for i in 0..m {
            wr(p, i + j * ld, T::W::zero());
        }
    }
}

/// op(A) B (left) or B op(A) (right) for B m x n; the caller scales by alpha.
pub fn trmm<W: Wide>(e: &Dense<W>, b: &Dense<W>, n: usize, left: bool) -> Dense<W> {
    let m = b.rows;
    let k = e.rows;
    let mut c = vec![W::zero(); m * n];
    for j in 0..n {
        let cj = &mut c[j * m..(j + 1) * m];
        for l in 0..k {
            // left: C(:, j) += E(:, l) B(l, j); right: C(:, j) += B(:, l) E(l, j)
            let (s, col) = if left { (b.at(l, j), e.col(l)) } else { (e.at(l, j), b.col(l)) };
            if s.is_zero() {
                continue;
            }
            for (ci, &x) in cj.iter_mut().zip(col) {
                *ci = *ci + x * s;
            }
        }
    }
    Dense { rows: m, v: c }
}

/// Solves op(A) X = B (left) or X op(A) = B (right) in place of `b` (m x n).
pub fn trsm<W: Wide>(e: &Dense<W>, upper: bool, b: &mut Dense<W>, n: usize, left: bool) {
    let m = b.rows;
    let k = e.rows;
    if left {
        // each column of B on its own: substitution in axpy form along the columns of E
        for j in 0..n {
            let x = &mut b.v[j * m..(j + 1) * m];
            let order: Box<dyn Iterator<Item = usize>> = if upper { Box::new((0..k).rev()) } else { Box::new(0..k) };
            for l in order {
                if x[l].is_zero() {
                    continue;
                }
                x[l] = x[l].div(e.at(l, l));
                let xl = x[l];
                let ecol = e.col(l);
                let rows = if upper { 0..l } else { l + 1..k };
                for i in rows {
                    x[i] = x[i] - ecol[i] * xl;
                }
            }
        }
    } else {
        // X E = B: column j of X from the columns solved before it (upper E: ascending)
        let order: Vec<usize> = if upper { (0..k).collect() } else { (0..k).rev().collect() };
        for &j in &order {
            let before = if upper { 0..j } else { j + 1..k };
            for l in before {
                let s = e.at(l, j);
                if s.is_zero() {
                    continue;
                }
                let (src, dst) = two_cols(&mut b.v, m, l, j);
                for (d, &x) in dst.iter_mut().zip(src) {
                    *d = *d - x * s;
                }
            }
            let d = e.at(j, j);
            for x in &mut b.v[j * m..(j + 1) * m] {
                *x = x.div(d);
            }
        }
    }
}

/// Column `src` (read) and column `dst` (written) of an m-row matrix, `src != dst`.
fn two_cols<W>(v: &mut [W], m: usize, src: usize, dst: usize) -> (&[W], &mut [W]) {
    if src < dst {
        let (lo, hi) = v.split_at_mut(dst * m);
        (&lo[src * m..(src + 1) * m], &mut hi[..m])
    } else {
        let (lo, hi) = v.split_at_mut(src * m);
        (&hi[..m], &mut lo[dst * m..(dst + 1) * m])
    }
}

/// The inverse of the triangular n x n A (stored triangle only; unit diagonal applied),
/// written to the same triangle of `inv`; the other strict triangle is left as it was.
pub fn trtri<T: Num>(a: *const T, lda: usize, inv: *mut T, ldinv: usize, n: usize, upper: bool, unit: bool) {
    let t = TriA { k: n, lda, upper, op: Op::N, unit };
    let e = expand::<T>(a, t);
    // solve E X = I column by column; column j of the inverse is zero outside the triangle
    for j in 0..n {
        let mut x = vec![T::W::zero(); n];
        x[j] = T::W::one();
        let rows: Box<dyn Iterator<Item = usize>> = if upper { Box::new((0..=j).rev()) } else { Box::new(j..n) };
        for l in rows {
            if x[l].is_zero() {
                continue;
            }
            x[l] = x[l].div(e.at(l, l));
            let xl = x[l];
            let ecol = e.col(l);
            let r = if upper { 0..l } else { l + 1..n };
            for i in r {
                x[i] = x[i] - ecol[i] * xl;
            }
        }
        let r = if upper { 0..j + 1 } else { j..n };
        for i in r {
            wr(inv, i + j * ldinv, x[i]);
        }
    }
}
