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
            let x = if i == j && t.unit {
                T::W::one()
            } else {
                rd(a, i + j * t.lda)
            };
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

/// Block size of the blocked solves: diagonal blocks by substitution, the rest by `gemm`.
const NB: usize = 32;

/// dst (m x n) += beta * lhs (m x k) * rhs (k x n) for wide column-major matrices given by
/// pointer and leading dimension, through the `gemm` crate (f64, or complex f64 with the
/// same two-double layout).
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_acc<W: Wide>(
    m: usize,
    n: usize,
    k: usize,
    dst: *mut W,
    ldd: usize,
    lhs: *const W,
    ldl: usize,
    rhs: *const W,
    ldr: usize,
    beta: f64,
) {
    if m == 0 || n == 0 || k == 0 {
        return;
    }
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let par = if m * n * k < 1 << 18 {
        gemm::Parallelism::None
    } else {
        gemm::Parallelism::Rayon(threads)
    };
    let (ldd, ldl, ldr) = (ldd as isize, ldl as isize, ldr as isize);
    unsafe {
        if <W as Field>::COMPLEX {
            let one = gemm::c64::new(1.0, 0.0);
            let b = gemm::c64::new(beta, 0.0);
            gemm::gemm(
                m,
                n,
                k,
                dst.cast::<gemm::c64>(),
                ldd,
                1,
                true,
                lhs.cast::<gemm::c64>(),
                ldl,
                1,
                rhs.cast::<gemm::c64>(),
                ldr,
                1,
                one,
                b,
                false,
                false,
                false,
                par,
            );
        } else {
            gemm::gemm(
                m,
                n,
                k,
                dst.cast::<f64>(),
                ldd,
                1,
                true,
                lhs.cast::<f64>(),
                ldl,
                1,
                rhs.cast::<f64>(),
                ldr,
                1,
                1.0,
                beta,
                false,
                false,
                false,
                par,
            );
        }
    }
}

/// op(A) B (left) or B op(A) (right) for B m x n; the caller scales by alpha.
pub fn trmm<W: Wide>(e: &Dense<W>, b: &Dense<W>, n: usize, left: bool) -> Dense<W> {
    let m = b.rows;
    let k = e.rows;
    let mut c = vec![W::zero(); m * n];
    let (lhs, ldl, rhs, ldr) = if left {
        (e.v.as_ptr(), k, b.v.as_ptr(), m)
    } else {
        (b.v.as_ptr(), m, e.v.as_ptr(), k)
    };
    unsafe { gemm_acc(m, n, k, c.as_mut_ptr(), m, lhs, ldl, rhs, ldr, 1.0) };
    Dense { rows: m, v: c }
}

/// The diagonal blocks of a solve, in the order the substitution needs them.
fn blocks(k: usize, forward: bool) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = (0..k)
        .step_by(NB)
        .map(|lo| (lo, (lo + NB).min(k)))
        .collect();
    if !forward {
        v.reverse();
    }
    v
}

/// Solves op(A) X = B (left) or X op(A) = B (right) in place of `b` (m x n): each
/// diagonal block by substitution, then the rows / columns not yet solved updated by `gemm`.
pub fn trsm<W: Wide>(e: &Dense<W>, upper: bool, b: &mut Dense<W>, n: usize, left: bool) {
    let m = b.rows;
    let k = e.rows;
    let ep = e.v.as_ptr();
    if left {
        // E X = B: lower E runs forward over the rows, upper E backward
        for (lo, hi) in blocks(k, !upper) {
            for j in 0..n {
                let x = &mut b.v[j * m..(j + 1) * m];
                let order: Box<dyn Iterator<Item = usize>> = if upper {
                    Box::new((lo..hi).rev())
                } else {
                    Box::new(lo..hi)
                };
                for l in order {
                    if x[l].is_zero() {
                        continue;
                    }
                    x[l] = x[l].div(e.at(l, l));
                    let xl = x[l];
                    let ecol = e.col(l);
                    let rows = if upper { lo..l } else { l + 1..hi };
                    for i in rows {
                        x[i] = x[i] - ecol[i] * xl;
                    }
                }
            }
            // rows still to solve: B(rest, :) -= E(rest, lo..hi) X(lo..hi, :)
            let (r0, r1) = if upper { (0, lo) } else { (hi, k) };
            let bp = b.v.as_mut_ptr();
            unsafe {
                gemm_acc(
                    r1 - r0,
                    n,
                    hi - lo,
                    bp.add(r0),
                    m,
                    ep.add(r0 + lo * k),
                    k,
                    bp.add(lo),
                    m,
                    -1.0,
                )
            };
        }
    } else {
        // X E = B: upper E runs forward over the columns, lower E backward
        for (lo, hi) in blocks(k, upper) {
            let order: Vec<usize> = if upper {
                (lo..hi).collect()
            } else {
                (lo..hi).rev().collect()
            };
            for &j in &order {
                let before = if upper { lo..j } else { j + 1..hi };
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
            // columns still to solve: B(:, rest) -= X(:, lo..hi) E(lo..hi, rest)
            let (c0, c1) = if upper { (hi, k) } else { (0, lo) };
            let bp = b.v.as_mut_ptr();
            unsafe {
                gemm_acc(
                    m,
                    c1 - c0,
                    hi - lo,
                    bp.add(c0 * m),
                    m,
                    bp.add(lo * m),
                    m,
                    ep.add(lo + c0 * k),
                    k,
                    -1.0,
                )
            };
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
pub fn trtri<T: Num>(
    a: *const T,
    lda: usize,
    inv: *mut T,
    ldinv: usize,
    n: usize,
    upper: bool,
    unit: bool,
) {
    let t = TriA {
        k: n,
        lda,
        upper,
        op: Op::N,
        unit,
    };
    let e = expand::<T>(a, t);
    // E X = I
    let mut x = Dense {
        rows: n,
        v: vec![T::W::zero(); n * n],
    };
    for j in 0..n {
        x.v[j + j * n] = T::W::one();
    }
    trsm(&e, upper, &mut x, n, true);
    for j in 0..n {
        let r = if upper { 0..j + 1 } else { j..n };
        for i in r {
            wr(inv, i + j * ldinv, x.at(i, j));
        }
    }
}
