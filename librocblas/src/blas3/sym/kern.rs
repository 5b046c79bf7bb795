//! The arithmetic of the Level-3 extension families on host memory. Products accumulate in
//! the wide type (`Num::W`) and each stored result is rounded once; a zero alpha never reads
//! A or B and a zero beta never reads C (either may hold NaN then).

use crate::blas1::num::Field;
use crate::blas2::kern::{Num, Op, Wide, rd, wr};

/// A column-major matrix in host memory.
#[derive(Clone, Copy)]
pub struct Mat<T> {
    pub p: *mut T,
    pub ld: usize,
}

impl<T: Num> Mat<T> {
    #[inline]
    pub fn get(&self, i: usize, j: usize) -> T::W {
        rd(self.p as *const T, i + j * self.ld)
    }
    #[inline]
    pub fn set(&self, i: usize, j: usize, v: T::W) {
        wr(self.p, i + j * self.ld, v)
    }
    /// op(self) as `rows` x `cols`, loaded row by row (element (i, l) at `i * cols + l`).
    pub fn rows_of(&self, op: Op, rows: usize, cols: usize) -> Vec<T::W> {
        let mut out = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for l in 0..cols {
                out.push(if op == Op::N {
                    self.get(i, l)
                } else {
                    op.apply(self.get(l, i))
                });
            }
        }
        out
    }
}

/// beta * c with c unread when beta is 0.
#[inline]
fn scaled<W: Wide>(beta: W, c: impl FnOnce() -> W) -> W {
    if beta.is_zero() {
        W::zero()
    } else {
        beta * c()
    }
}

/// C := alpha * op(A) + beta * op(B) for an m x n C (op(A) unread when alpha is 0,
/// op(B) when beta is 0). The result is formed before C is written, so C may alias A or B.
#[allow(clippy::too_many_arguments)]
pub fn geam<T: Num>(
    m: usize,
    n: usize,
    alpha: T::W,
    opa: Op,
    a: Option<Mat<T>>,
    beta: T::W,
    opb: Op,
    b: Option<Mat<T>>,
    c: Mat<T>,
) {
    let elem = |x: &Option<Mat<T>>, op: Op, s: T::W, i: usize, j: usize| match x {
        Some(x) if !s.is_zero() => {
            s * if op == Op::N {
                x.get(i, j)
            } else {
                op.apply(x.get(j, i))
            }
        }
        _ => T::W::zero(),
    };
    let mut out = Vec::with_capacity(m * n);
    for j in 0..n {
        for i in 0..m {
            out.push(elem(&a, opa, alpha, i, j) + elem(&b, opb, beta, i, j));
        }
    }
    for j in 0..n {
        for i in 0..m {
            c.set(i, j, out[i + j * m]);
        }
    }
}

/// C := A diag(x) (right) or diag(x) A (left); `x(i)` is element i of x.
pub fn dgmm<T: Num>(
    m: usize,
    n: usize,
    right: bool,
    a: Mat<T>,
    x: impl Fn(usize) -> T::W,
    c: Mat<T>,
) {
    let xs: Vec<T::W> = (0..if right { n } else { m }).map(x).collect();
    let mut out = Vec::with_capacity(m * n);
    for j in 0..n {
        for i in 0..m {
            out.push(a.get(i, j) * xs[if right { j } else { i }]);
        }
    }
    for j in 0..n {
        for i in 0..m {
            c.set(i, j, out[i + j * m]);
        }
    }
}

/// Which rank-k update of a triangle of C (n x n) from op(A), op(B) (n x k).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RankK {
    /// alpha op(A) op(A)^T
    Syrk,
    /// alpha op(A) op(A)^H, real diagonal
    Herk,
    /// alpha op(A) op(B)^T
    Syrkx,
    /// alpha op(A) op(B)^H, real diagonal
    Herkx,
    /// alpha (op(A) op(B)^T + op(B) op(A)^T)
    Syr2k,
    /// alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H, real diagonal
    Her2k,
}

impl RankK {
    pub fn herm(self) -> bool {
        matches!(self, RankK::Herk | RankK::Herkx | RankK::Her2k)
    }
    pub fn uses_b(self) -> bool {
        !matches!(self, RankK::Syrk | RankK::Herk)
    }
}

#[inline]
fn dot<W: Wide>(x: &[W], y: &[W], conj: bool) -> W {
    let mut s = W::zero();
    if conj {
        for (&a, &b) in x.iter().zip(y) {
            s = s + a * b.conj();
        }
    } else {
        for (&a, &b) in x.iter().zip(y) {
            s = s + a * b;
        }
    }
    s
}

/// op(A) and op(B) of a rank-k update, row by row.
pub type Rows<'a, W> = Option<(&'a [W], &'a [W])>;

/// The stored triangle of C := alpha * (products) + beta * C. `ab` holds op(A) and op(B)
/// row by row (n x k each; None when alpha or k is 0).
#[allow(clippy::too_many_arguments)]
pub fn rank_k<T: Num>(
    kind: RankK,
    n: usize,
    k: usize,
    upper: bool,
    alpha: T::W,
    ab: Rows<T::W>,
    beta: T::W,
    c: Mat<T>,
) {
    let herm = kind.herm();
    for j in 0..n {
        let rows = if upper { 0..j + 1 } else { j..n };
        for i in rows {
            let mut v = scaled(beta, || c.get(i, j));
            if let Some((xa, xb)) = ab {
                let (ai, aj) = (&xa[i * k..(i + 1) * k], &xa[j * k..(j + 1) * k]);
                let (bi, bj) = (&xb[i * k..(i + 1) * k], &xb[j * k..(j + 1) * k]);
                v = v + match kind {
                    RankK::Syrk => alpha * dot(ai, aj, false),
                    RankK::Herk => alpha * dot(ai, aj, true),
                    RankK::Syrkx => alpha * dot(ai, bj, false),
                    RankK::Herkx => alpha * dot(ai, bj, true),
                    RankK::Syr2k => alpha * (dot(ai, bj, false) + dot(bi, aj, false)),
                    RankK::Her2k => alpha * dot(ai, bj, true) + alpha.conj() * dot(bi, aj, true),
                };
            }
            c.set(i, j, if herm && i == j { v.real_part() } else { v });
        }
    }
}

/// The full symmetric (Hermitian) matrix of the stored triangle of an n x n A, column major
/// (Hermitian diagonals read as real).
pub fn full_sym<T: Num>(a: Mat<T>, n: usize, upper: bool, herm: bool) -> Vec<T::W> {
    let mut out = vec![T::W::zero(); n * n];
    for j in 0..n {
        for i in 0..n {
            let stored = if upper { i <= j } else { i >= j };
            out[i + j * n] = if i == j {
                let d = a.get(i, i);
                if herm { d.real_part() } else { d }
            } else if stored {
                a.get(i, j)
            } else {
                let v = a.get(j, i);
                if herm { v.conj() } else { v }
            };
        }
    }
    out
}

/// C := alpha * S B + beta * C (left) or alpha * B S + beta * C (right) for m x n C, B and
/// the full symmetric S (`s`, column major, m x m or n x n); `sb` None: alpha is 0.
#[allow(clippy::too_many_arguments)]
pub fn symm<T: Num>(
    m: usize,
    n: usize,
    left: bool,
    alpha: T::W,
    sb: Option<(&[T::W], Mat<T>)>,
    beta: T::W,
    c: Mat<T>,
) {
    let Some((s, b)) = sb else {
        for j in 0..n {
            for i in 0..m {
                c.set(i, j, scaled(beta, || c.get(i, j)));
            }
        }
        return;
    };
    let mut acc = vec![T::W::zero(); m];
    let mut bcol = vec![T::W::zero(); if left { m } else { n }];
    for j in 0..n {
        acc.iter_mut().for_each(|x| *x = T::W::zero());
        if left {
            // column j of S B = S * B(:, j)
            for (l, bl) in bcol.iter_mut().enumerate() {
                *bl = b.get(l, j);
            }
            for (l, &blj) in bcol.iter().enumerate() {
                let col = &s[l * m..(l + 1) * m];
                for (x, &sil) in acc.iter_mut().zip(col) {
                    *x = *x + sil * blj;
                }
            }
        } else {
            // column j of B S = sum_l B(:, l) S(l, j)
            let col = &s[j * n..(j + 1) * n];
            for (l, &slj) in col.iter().enumerate() {
                for (i, x) in acc.iter_mut().enumerate() {
                    *x = *x + b.get(i, l) * slj;
                }
            }
        }
        for (i, &x) in acc.iter().enumerate() {
            let v = alpha * x + scaled(beta, || c.get(i, j));
            c.set(i, j, v);
        }
    }
}
