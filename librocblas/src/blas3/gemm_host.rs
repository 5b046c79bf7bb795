//! GEMM on host memory for every rocBLAS element type: D = alpha * op(A) op(B) + beta * C,
//! with products summed in the wide type (`f64` or complex `f64`) and each result rounded
//! once into D's type. This is the path of the mixed and narrow types (f16, bf16, int8,
//! complex) and of f32/f64 wherever the SPIR-V kernel does not apply; the test references
//! (float BLAS on integer-valued data) are exact, and so is this.

use crate::blas2::kern::{Num, Op, Wide};
use half::{bf16, f16};
use rayon::prelude::*;

macro_rules! real_num {
    ($($t:ty: $to:expr, $from:expr);* $(;)?) => {$(
        impl Num for $t {
            type W = f64;
            fn w(self) -> f64 {
                $to(self)
            }
            fn n(w: f64) -> Self {
                $from(w)
            }
        }
    )*};
}
real_num! {
    f16: |v: f16| v.to_f64(), f16::from_f64;
    bf16: |v: bf16| v.to_f64(), bf16::from_f64;
    i8: |v: i8| v as f64, |w: f64| w as i8;
    i32: |v: i32| v as f64, |w: f64| w as i32;
}

/// One stored matrix on the host: where element (r, c) of the stored (not transposed)
/// matrix sits. `packed`: int8x4 layout (groups of four columns interleaved per row, as
/// `rocblas_gemm_flags_pack_int8x4` expects for A not transposed and B transposed).
#[derive(Clone, Copy)]
pub struct Stored<T> {
    pub p: *const T,
    pub ld: usize,
    pub packed: bool,
}

impl<T: Num> Stored<T> {
    #[inline]
    fn at(&self, r: usize, c: usize) -> T::W {
        let i = if self.packed {
            (c / 4) * 4 * self.ld + 4 * r + c % 4
        } else {
            r + c * self.ld
        };
        unsafe { self.p.add(i).read_unaligned() }.w()
    }

    /// op(X) as a dense `rows x cols` column-major matrix in the wide type.
    fn dense(&self, op: Op, rows: usize, cols: usize) -> Vec<T::W> {
        let mut out = Vec::with_capacity(rows * cols);
        for c in 0..cols {
            for r in 0..rows {
                out.push(if op == Op::N {
                    self.at(r, c)
                } else {
                    op.apply(self.at(c, r))
                });
            }
        }
        out
    }
}

/// Bytes a stored `rows x cols` matrix spans from its first element.
pub fn span<T>(rows: usize, cols: usize, ld: usize, packed: bool) -> usize {
    if rows == 0 || cols == 0 {
        return 0;
    }
    let elems = if packed {
        (cols - 1) / 4 * 4 * ld + 4 * rows
    } else {
        (cols - 1) * ld + rows
    };
    elems * size_of::<T>()
}

/// The shape and scalars of one GEMM of a batch.
#[derive(Clone, Copy)]
pub struct Problem<W> {
    pub op_a: Op,
    pub op_b: Op,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub alpha: W,
    pub beta: W,
}

/// D = alpha * op(A) op(B) + beta * C for one batch entry. A and B are not read when
/// alpha or k is zero, nor C when beta is zero (BLAS semantics: NaN there does not leak).
/// C and D may be the same matrix (same address and leading dimension).
#[allow(clippy::too_many_arguments)]
pub fn gemm<Ti: Num, To: Num<W = Ti::W>>(
    p: &Problem<Ti::W>,
    a: Stored<Ti>,
    b: Stored<Ti>,
    c: *const To,
    ldc: usize,
    d: *mut To,
    ldd: usize,
) {
    let zero = <Ti::W as crate::blas1::num::Field>::zero();
    let (m, n, k) = (p.m, p.n, p.k);
    let products = k > 0 && !p.alpha.is_zero();
    let (da, db) = if products {
        (a.dense(p.op_a, m, k), b.dense(p.op_b, k, n))
    } else {
        (Vec::new(), Vec::new())
    };
    let (c, d) = (SendPtr(c as *mut To), SendPtr(d));
    let column = |j: usize| {
        let mut acc = vec![zero; m];
        if products {
            for l in 0..k {
                let bv = db[l + j * k];
                let col = &da[l * m..(l + 1) * m];
                for (s, &av) in acc.iter_mut().zip(col) {
                    *s = *s + av * bv;
                }
            }
        }
        for (i, s) in acc.into_iter().enumerate() {
            let prod = if products { p.alpha * s } else { zero };
            let v = if p.beta.is_zero() {
                prod
            } else {
                prod + p.beta * unsafe { c.get().add(i + j * ldc).read_unaligned() }.w()
            };
            unsafe { d.get().add(i + j * ldd).write_unaligned(To::n(v)) };
        }
    };
    if m * n * k.max(1) >= 1 << 16 {
        (0..n).into_par_iter().for_each(column);
    } else {
        (0..n).for_each(column);
    }
}

/// A raw pointer the parallel columns share (each writes its own column).
#[derive(Clone, Copy)]
struct SendPtr<T>(*mut T);
unsafe impl<T> Send for SendPtr<T> {}
unsafe impl<T> Sync for SendPtr<T> {}
impl<T> SendPtr<T> {
    /// Through a method, so closures capture the whole (Send) wrapper.
    fn get(self) -> *mut T {
        self.0
    }
}
