//! The ILP64 (`_64`) entry points of rocBLAS 4.1+ and the out-of-place trmm of rocBLAS 4.0+
//! through the C API, against f64 references computed here: one representative of each
//! family, sizes that do not fit 32 bits where that needs no memory, and rocBLAS's statuses
//! for bad arguments (in its order; each `_64` status equals its 32-bit twin's where the
//! arguments fit both). The GEMM tests assert which path their modules took
//! (`common::KernelPaths`).

mod common;

use amdhip64 as _;
use common::{LEFT, LOWER, NON_UNIT, RIGHT, UNIT, UPPER, dev, handle, host, vals};
use rocblas::blas1::num::C32;
use rocblas::handle::rocblas_set_pointer_mode;
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

type H = rocblas_handle;
const N: i32 = 111;
const T: i32 = 112;
const F64: i32 = rocblas_datatype_f64_r;
/// A size no 32-bit argument can hold.
const BIG: i64 = 1 << 32;

unsafe extern "C" {
    // Level 1
    fn rocblas_saxpy_64(
        h: H,
        n: i64,
        al: *const f32,
        x: *const f32,
        incx: i64,
        y: *mut f32,
        incy: i64,
    ) -> i32;
    fn rocblas_daxpy_64(
        h: H,
        n: i64,
        al: *const f64,
        x: *const f64,
        incx: i64,
        y: *mut f64,
        incy: i64,
    ) -> i32;
    fn rocblas_daxpy(
        h: H,
        n: i32,
        al: *const f64,
        x: *const f64,
        incx: i32,
        y: *mut f64,
        incy: i32,
    ) -> i32;
    fn rocblas_daxpy_strided_batched_64(
        h: H,
        n: i64,
        al: *const f64,
        x: *const f64,
        incx: i64,
        sx: i64,
        y: *mut f64,
        incy: i64,
        sy: i64,
        batch: i64,
    ) -> i32;
    fn rocblas_ddot_64(
        h: H,
        n: i64,
        x: *const f64,
        incx: i64,
        y: *const f64,
        incy: i64,
        r: *mut f64,
    ) -> i32;
    fn rocblas_cdotc_64(
        h: H,
        n: i64,
        x: *const C32,
        incx: i64,
        y: *const C32,
        incy: i64,
        r: *mut C32,
    ) -> i32;
    fn rocblas_dnrm2_64(h: H, n: i64, x: *const f64, incx: i64, r: *mut f64) -> i32;
    fn rocblas_dnrm2(h: H, n: i32, x: *const f64, incx: i32, r: *mut f64) -> i32;
    fn rocblas_idamax_64(h: H, n: i64, x: *const f64, incx: i64, r: *mut i64) -> i32;
    fn rocblas_dot_ex_64(
        h: H,
        n: i64,
        x: *const c_void,
        xt: i32,
        incx: i64,
        y: *const c_void,
        yt: i32,
        incy: i64,
        r: *mut c_void,
        rt: i32,
        et: i32,
    ) -> i32;
    // Level 2
    fn rocblas_dgemv_64(
        h: H,
        t: i32,
        m: i64,
        n: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        x: *const f64,
        incx: i64,
        be: *const f64,
        y: *mut f64,
        incy: i64,
    ) -> i32;
    fn rocblas_dgemv(
        h: H,
        t: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        x: *const f64,
        incx: i32,
        be: *const f64,
        y: *mut f64,
        incy: i32,
    ) -> i32;
    fn rocblas_sgemv_strided_batched_64(
        h: H,
        t: i32,
        m: i64,
        n: i64,
        al: *const f32,
        a: *const f32,
        lda: i64,
        sa: i64,
        x: *const f32,
        incx: i64,
        sx: i64,
        be: *const f32,
        y: *mut f32,
        incy: i64,
        sy: i64,
        batch: i64,
    ) -> i32;
    fn rocblas_dger_64(
        h: H,
        m: i64,
        n: i64,
        al: *const f64,
        x: *const f64,
        incx: i64,
        y: *const f64,
        incy: i64,
        a: *mut f64,
        lda: i64,
    ) -> i32;
    fn rocblas_dger(
        h: H,
        m: i32,
        n: i32,
        al: *const f64,
        x: *const f64,
        incx: i32,
        y: *const f64,
        incy: i32,
        a: *mut f64,
        lda: i32,
    ) -> i32;
    fn rocblas_dtrsv_64(
        h: H,
        u: i32,
        t: i32,
        d: i32,
        n: i64,
        a: *const f64,
        lda: i64,
        x: *mut f64,
        incx: i64,
    ) -> i32;
    fn rocblas_dtrsv(
        h: H,
        u: i32,
        t: i32,
        d: i32,
        n: i32,
        a: *const f64,
        lda: i32,
        x: *mut f64,
        incx: i32,
    ) -> i32;
    // Level 3
    fn rocblas_dgemm_64(
        h: H,
        ta: i32,
        tb: i32,
        m: i64,
        n: i64,
        k: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        b: *const f64,
        ldb: i64,
        be: *const f64,
        c: *mut f64,
        ldc: i64,
    ) -> i32;
    fn rocblas_dgemm(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        b: *const f64,
        ldb: i32,
        be: *const f64,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    fn rocblas_sgemm_64(
        h: H,
        ta: i32,
        tb: i32,
        m: i64,
        n: i64,
        k: i64,
        al: *const f32,
        a: *const f32,
        lda: i64,
        b: *const f32,
        ldb: i64,
        be: *const f32,
        c: *mut f32,
        ldc: i64,
    ) -> i32;
    fn rocblas_gemm_ex_64(
        h: H,
        ta: i32,
        tb: i32,
        m: i64,
        n: i64,
        k: i64,
        al: *const c_void,
        a: *const c_void,
        at: i32,
        lda: i64,
        b: *const c_void,
        bt: i32,
        ldb: i64,
        be: *const c_void,
        c: *const c_void,
        ct: i32,
        ldc: i64,
        d: *mut c_void,
        dt: i32,
        ldd: i64,
        compute: i32,
        algo: i32,
        sol: i32,
        flags: u32,
    ) -> i32;
    fn rocblas_dtrsm_64(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i64,
        n: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        b: *mut f64,
        ldb: i64,
    ) -> i32;
    fn rocblas_dtrsm(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        b: *mut f64,
        ldb: i32,
    ) -> i32;
    fn rocblas_dsyrk_64(
        h: H,
        u: i32,
        t: i32,
        n: i64,
        k: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        be: *const f64,
        c: *mut f64,
        ldc: i64,
    ) -> i32;
    fn rocblas_dsyrk(
        h: H,
        u: i32,
        t: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        be: *const f64,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    fn rocblas_dgeam_64(
        h: H,
        ta: i32,
        tb: i32,
        m: i64,
        n: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        be: *const f64,
        b: *const f64,
        ldb: i64,
        c: *mut f64,
        ldc: i64,
    ) -> i32;
    fn rocblas_dgeam(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        be: *const f64,
        b: *const f64,
        ldb: i32,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    // trmm of rocBLAS 4.0+ (C := alpha op(A) B): `rocblas_?trmm` of librocblas.so.4/.so.5 is
    // `oxrocm_abi4_rocblas_?trmm` in the archive
    fn oxrocm_abi4_rocblas_dtrmm(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        b: *const f64,
        ldb: i32,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    fn rocblas_dtrmm_64(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i64,
        n: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        b: *const f64,
        ldb: i64,
        c: *mut f64,
        ldc: i64,
    ) -> i32;
    fn oxrocm_abi4_rocblas_strmm_strided_batched(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        sa: i64,
        b: *const f32,
        ldb: i32,
        sb: i64,
        c: *mut f32,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_dtrmm_outofplace(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        b: *const f64,
        ldb: i32,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    // auxiliary
    fn rocblas_set_vector_64(
        n: i64,
        es: i64,
        x: *const c_void,
        incx: i64,
        y: *mut c_void,
        incy: i64,
    ) -> i32;
    fn rocblas_get_matrix_64(
        r: i64,
        c: i64,
        es: i64,
        a: *const c_void,
        lda: i64,
        b: *mut c_void,
        ldb: i64,
    ) -> i32;
}

/// Every element within `tol` (relative, at least absolute for small values).
fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "{what}: element {i}: {g} != {w}"
        );
    }
}

fn f32s(v: &[f64]) -> Vec<f32> {
    v.iter().map(|&x| x as f32).collect()
}
fn f64s(v: &[f32]) -> Vec<f64> {
    v.iter().map(|&x| x as f64).collect()
}

/// Logical element i of a BLAS vector of n elements with increment inc.
fn at(i: usize, n: usize, inc: i64) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs() as usize
    }
}

/// The k x k dense matrix a triangular A stands for (zeros outside the triangle, ones on a
/// unit diagonal), column major with leading dimension k.
fn tri_dense(a: &[f64], k: usize, lda: usize, upper: bool, unit: bool) -> Vec<f64> {
    let mut d = vec![0.0; k * k];
    for j in 0..k {
        for i in 0..k {
            let stored = if upper { i <= j } else { i >= j };
            d[i + j * k] = if i == j && unit {
                1.0
            } else if stored {
                a[i + j * lda]
            } else {
                0.0
            };
        }
    }
    d
}

/// A well-conditioned triangular operand: small off-diagonal values (exact eighths), a
/// dominant diagonal.
fn triangle(k: usize, lda: usize, seed: f64) -> Vec<f64> {
    let mut a: Vec<f64> = vals(lda * k, seed).iter().map(|v| v / 8.0).collect();
    for i in 0..k {
        a[i + i * lda] = 2.0 + i as f64 / 8.0;
    }
    a
}

/// op(X)(r, c) of a column-major X with leading dimension ld.
fn op_at(x: &[f64], ld: usize, t: i32, r: usize, c: usize) -> f64 {
    if t == N { x[r + c * ld] } else { x[c + r * ld] }
}

/// alpha op(A) op(B) as an m x n matrix with leading dimension ldc, elements of `c0` outside it kept.
#[allow(clippy::too_many_arguments)]
fn product(
    m: usize,
    n: usize,
    k: usize,
    alpha: f64,
    a: &[f64],
    lda: usize,
    ta: i32,
    b: &[f64],
    ldb: usize,
    tb: i32,
    beta: f64,
    c0: &[f64],
    ldc: usize,
) -> Vec<f64> {
    let mut c = c0.to_vec();
    for j in 0..n {
        for i in 0..m {
            let s: f64 = (0..k)
                .map(|l| op_at(a, lda, ta, i, l) * op_at(b, ldb, tb, l, j))
                .sum();
            c[i + j * ldc] = alpha * s
                + if beta == 0.0 {
                    0.0
                } else {
                    beta * c0[i + j * ldc]
                };
        }
    }
    c
}

// ---------------------------------------------------------------------------------------
// Level 1

#[test]
fn axpy_dot_nrm2_iamax_64_match_the_f64_reference() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    let h = handle();
    let (n, incx, incy) = (53usize, -3i64, 2i64);
    let x = vals(n * 3, 1.0);
    let y0 = vals(n * 2, 2.0);
    unsafe {
        // saxpy_64 with a negative increment
        let (dx, dy) = (dev(&f32s(&x)), dev(&f32s(&y0)));
        assert_eq!(
            rocblas_saxpy_64(h, n as i64, &2.5f32, dx, incx, dy, incy),
            rocblas_status_success
        );
        let mut want = y0.clone();
        for i in 0..n {
            want[at(i, n, incy)] += 2.5 * x[at(i, n, incx)];
        }
        assert_close(&f64s(&host(dy, y0.len())), &want, 1e-6, "saxpy_64");

        // daxpy_strided_batched_64
        let (sx, sy, batch) = (n as i64 + 3, n as i64 + 1, 3usize);
        let xb = vals(sx as usize * batch, 3.0);
        let yb = vals(sy as usize * batch, 4.0);
        let (dxb, dyb) = (dev(&xb), dev(&yb));
        assert_eq!(
            rocblas_daxpy_strided_batched_64(
                h,
                n as i64,
                &-0.75,
                dxb,
                1,
                sx,
                dyb,
                1,
                sy,
                batch as i64
            ),
            0
        );
        let mut want = yb.clone();
        for b in 0..batch {
            for i in 0..n {
                want[b * sy as usize + i] += -0.75 * xb[b * sx as usize + i];
            }
        }
        assert_close(
            &host(dyb, yb.len()),
            &want,
            1e-15,
            "daxpy_strided_batched_64",
        );

        // ddot_64, dot_ex_64 (f64)
        let (dx, dy) = (dev(&x), dev(&y0));
        let want: f64 = (0..n).map(|i| x[at(i, n, incx)] * y0[at(i, n, incy)]).sum();
        let mut r = 0.0f64;
        assert_eq!(rocblas_ddot_64(h, n as i64, dx, incx, dy, incy, &mut r), 0);
        assert_close(&[r], &[want], 1e-13, "ddot_64");
        let mut r2 = 0.0f64;
        assert_eq!(
            rocblas_dot_ex_64(
                h,
                n as i64,
                dx.cast(),
                F64,
                incx,
                dy.cast(),
                F64,
                incy,
                (&mut r2 as *mut f64).cast(),
                F64,
                F64
            ),
            0
        );
        assert_close(&[r2], &[want], 1e-13, "dot_ex_64");

        // cdotc_64: sum conj(x_i) y_i
        let cx: Vec<C32> = (0..n)
            .map(|i| C32 {
                re: x[i] as f32,
                im: y0[i] as f32,
            })
            .collect();
        let cy: Vec<C32> = (0..n)
            .map(|i| C32 {
                re: y0[n + i] as f32,
                im: x[n + i] as f32,
            })
            .collect();
        let (dcx, dcy) = (dev(&cx), dev(&cy));
        let mut rc = C32 { re: 0.0, im: 0.0 };
        assert_eq!(rocblas_cdotc_64(h, n as i64, dcx, 1, dcy, 1, &mut rc), 0);
        let (mut re, mut im) = (0.0f64, 0.0f64);
        for i in 0..n {
            let (a, b, c, d) = (
                cx[i].re as f64,
                -(cx[i].im as f64),
                cy[i].re as f64,
                cy[i].im as f64,
            );
            re += a * c - b * d;
            im += a * d + b * c;
        }
        assert_close(&[rc.re as f64, rc.im as f64], &[re, im], 1e-5, "cdotc_64");

        // dnrm2_64 and idamax_64 (an int64_t result: its upper half written too)
        let mut nrm = 0.0f64;
        assert_eq!(rocblas_dnrm2_64(h, n as i64, dx, 3, &mut nrm), 0);
        let want = (0..n).map(|i| x[3 * i] * x[3 * i]).sum::<f64>().sqrt();
        assert_close(&[nrm], &[want], 1e-14, "dnrm2_64");
        let mut big = x.clone();
        big[3 * 41] = -100.0;
        let dbig = dev(&big);
        let mut idx = -1i64;
        assert_eq!(rocblas_idamax_64(h, n as i64, dbig, 3, &mut idx), 0);
        assert_eq!(idx, 42, "idamax_64 is 1-based");
    }
}

#[test]
fn level1_64_sizes_beyond_32_bits_are_not_truncated() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    let h = handle();
    unsafe {
        // n = 2^32 truncated to 32 bits would be 0 (a quick return): here it needs x and y
        let (dx, dy) = (dev(&[1.0f64]), dev(&[1.0f64]));
        assert_eq!(
            rocblas_daxpy_64(h, BIG, &1.0, null(), 1, dy, 1),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_daxpy_64(h, BIG + 1, &1.0, dx, 1, null_mut(), 1),
            rocblas_status_invalid_pointer
        );
        // one element: only x[0] is read whatever the increment (2^33 as 32 bits would be 0)
        let mut r = 0.0f64;
        assert_eq!(rocblas_dnrm2_64(h, 1, dev(&[-3.0f64]), 2 * BIG, &mut r), 0);
        assert_eq!(r, 3.0);
        // (the 32-bit form with the increment that 2^33 truncates to: nrm2 of increment 0 is 0)
        let mut r32 = -1.0f64;
        assert_eq!(rocblas_dnrm2(h, 1, dev(&[-3.0f64]), 0, &mut r32), 0);
        assert_eq!(r32, 0.0);
    }
}

// ---------------------------------------------------------------------------------------
// Level 2

#[test]
fn gemv_ger_trsv_64_match_the_f64_reference() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    let h = handle();
    let (m, n, lda) = (23usize, 17usize, 29usize);
    let a = vals(lda * n, 5.0);
    unsafe {
        // dgemv_64, transposed, negative incx
        let (x, y0) = (vals(2 * m, 6.0), vals(n, 7.0));
        let (da, dx, dy) = (dev(&a), dev(&x), dev(&y0));
        assert_eq!(
            rocblas_dgemv_64(
                h, T, m as i64, n as i64, &1.25, da, lda as i64, dx, -2, &-0.5, dy, 1
            ),
            0
        );
        let want: Vec<f64> = (0..n)
            .map(|j| {
                1.25 * (0..m)
                    .map(|i| a[i + j * lda] * x[at(i, m, -2)])
                    .sum::<f64>()
                    - 0.5 * y0[j]
            })
            .collect();
        assert_close(&host(dy, n), &want, 1e-13, "dgemv_64");

        // sgemv_strided_batched_64, not transposed
        let batch = 2usize;
        let (sa, sx, sy) = ((lda * n) as i64, n as i64, m as i64 + 2);
        let ab = vals(sa as usize * batch, 8.0);
        let xb = vals(sx as usize * batch, 9.0);
        let yb = vals(sy as usize * batch, 10.0);
        let (dab, dxb, dyb) = (dev(&f32s(&ab)), dev(&f32s(&xb)), dev(&f32s(&yb)));
        let s = rocblas_sgemv_strided_batched_64(
            h,
            N,
            m as i64,
            n as i64,
            &2.0,
            dab,
            lda as i64,
            sa,
            dxb,
            1,
            sx,
            &1.0,
            dyb,
            1,
            sy,
            batch as i64,
        );
        assert_eq!(s, 0);
        let mut want = yb.clone();
        for b in 0..batch {
            for i in 0..m {
                let s: f64 = (0..n)
                    .map(|j| ab[b * sa as usize + i + j * lda] * xb[b * sx as usize + j])
                    .sum();
                want[b * sy as usize + i] += 2.0 * s;
            }
        }
        assert_close(
            &f64s(&host(dyb, yb.len())),
            &want,
            1e-5,
            "sgemv_strided_batched_64",
        );

        // dger_64: A += alpha x y^T
        let (x, y) = (vals(m, 11.0), vals(3 * n, 12.0));
        let (da, dx, dy) = (dev(&a), dev(&x), dev(&y));
        assert_eq!(
            rocblas_dger_64(h, m as i64, n as i64, &0.5, dx, 1, dy, 3, da, lda as i64),
            0
        );
        let mut want = a.clone();
        for j in 0..n {
            for i in 0..m {
                want[i + j * lda] += 0.5 * x[i] * y[3 * j];
            }
        }
        assert_close(&host(da, a.len()), &want, 1e-14, "dger_64");

        // dtrsv_64: solve op(A) x = b for a well-conditioned triangle; check op(A) x == b
        let nn = 19usize;
        let t = triangle(nn, lda, 13.0);
        for (uplo, trans) in [(UPPER, N), (LOWER, T)] {
            let b = vals(nn, 14.0);
            let (dt, dbx) = (dev(&t), dev(&b));
            assert_eq!(
                rocblas_dtrsv_64(h, uplo, trans, NON_UNIT, nn as i64, dt, lda as i64, dbx, 1),
                0
            );
            let xs = host(dbx, nn);
            let full = tri_dense(&t, nn, lda, uplo == UPPER, false);
            let back: Vec<f64> = (0..nn)
                .map(|i| (0..nn).map(|l| op_at(&full, nn, trans, i, l) * xs[l]).sum())
                .collect();
            assert_close(&back, &b, 1e-12, "dtrsv_64");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Level 3

#[test]
fn gemm_64_and_gemm_ex_64_match_the_f64_reference() {
    let paths = common::KernelPaths::start();
    let h = handle();
    let (m, n, k) = (33usize, 21usize, 27usize);
    for (ta, tb) in [(N, N), (T, N), (N, T)] {
        let (ra, ca) = if ta == N { (m, k) } else { (k, m) };
        let (rb, cb) = if tb == N { (k, n) } else { (n, k) };
        let (lda, ldb, ldc) = (ra + 2, rb + 1, m + 3);
        let (a, b, c) = (
            vals(lda * ca, 15.0),
            vals(ldb * cb, 16.0),
            vals(ldc * n, 17.0),
        );
        let want = product(m, n, k, 1.5, &a, lda, ta, &b, ldb, tb, -0.25, &c, ldc);
        unsafe {
            let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
            let s = rocblas_dgemm_64(
                h, ta, tb, m as i64, n as i64, k as i64, &1.5, da, lda as i64, db, ldb as i64,
                &-0.25, dc, ldc as i64,
            );
            assert_eq!(s, 0);
            assert_close(&host(dc, c.len()), &want, 1e-13, "dgemm_64");

            let (sa, sb, sc) = (dev(&f32s(&a)), dev(&f32s(&b)), dev(&f32s(&c)));
            let s = rocblas_sgemm_64(
                h, ta, tb, m as i64, n as i64, k as i64, &1.5, sa, lda as i64, sb, ldb as i64,
                &-0.25, sc, ldc as i64,
            );
            assert_eq!(s, 0);
            assert_close(&f64s(&host(sc, c.len())), &want, 1e-5, "sgemm_64");

            // gemm_ex_64: D separate from C
            let (dc, dd) = (dev(&c), dev(&vec![0.0f64; ldc * n]));
            let s = rocblas_gemm_ex_64(
                h,
                ta,
                tb,
                m as i64,
                n as i64,
                k as i64,
                (&1.5f64 as *const f64).cast(),
                da.cast(),
                F64,
                lda as i64,
                db.cast(),
                F64,
                ldb as i64,
                (&-0.25f64 as *const f64).cast(),
                dc.cast(),
                F64,
                ldc as i64,
                dd.cast(),
                F64,
                ldc as i64,
                F64,
                0,
                0,
                0,
            );
            assert_eq!(s, 0);
            let got = host(dd, ldc * n);
            for j in 0..n {
                for i in 0..m {
                    let (g, w) = (got[i + j * ldc], want[i + j * ldc]);
                    assert!(
                        (g - w).abs() <= 1e-13 * w.abs().max(1.0),
                        "gemm_ex_64 ({i}, {j}): {g} != {w}"
                    );
                }
            }
        }
    }
    paths.check(&["gemm_f32", "gemm_f32_nt", "gemm_f32_t", "gemm_f64"]);
}

#[test]
fn gemm_64_leading_dimensions_beyond_32_bits() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    // One column of B and C: only their first rows are touched, so leading dimensions that
    // no 32-bit value holds need no memory. The kernels take 32-bit sizes, so this runs on
    // the host path on every backend.
    let h = handle();
    let (m, k) = (3usize, 2usize);
    let a = vals(m * k, 18.0);
    let b = vals(k, 19.0);
    let c = vals(m, 20.0);
    unsafe {
        let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
        let s = rocblas_dgemm_64(
            h,
            N,
            N,
            m as i64,
            1,
            k as i64,
            &2.0,
            da,
            m as i64,
            db,
            3 * BIG + 7,
            &1.0,
            dc,
            BIG + 1,
        );
        assert_eq!(s, 0);
        let want: Vec<f64> = (0..m)
            .map(|i| 2.0 * (0..k).map(|l| a[i + l * m] * b[l]).sum::<f64>() + c[i])
            .collect();
        assert_close(&host(dc, m), &want, 1e-14, "dgemm_64 with 64-bit ldb, ldc");
        let (sa, sb, sc) = (dev(&f32s(&a)), dev(&f32s(&b)), dev(&f32s(&c)));
        let s = rocblas_sgemm_64(
            h,
            N,
            N,
            m as i64,
            1,
            k as i64,
            &2.0,
            sa,
            m as i64,
            sb,
            3 * BIG + 7,
            &1.0,
            sc,
            BIG + 1,
        );
        assert_eq!(s, 0);
        assert_close(
            &f64s(&host(sc, m)),
            &want,
            1e-5,
            "sgemm_64 with 64-bit ldb, ldc",
        );
    }
}

#[test]
fn trsm_syrk_geam_64_match_the_f64_reference() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    let h = handle();
    let (m, n) = (14usize, 9usize);
    unsafe {
        // dtrsm_64, left and right: op(A) X = alpha B or X op(A) = alpha B; check by multiplying back
        for (side, uplo, trans, diag) in [(LEFT, LOWER, N, NON_UNIT), (RIGHT, UPPER, T, UNIT)] {
            let k = if side == LEFT { m } else { n };
            let lda = k + 2;
            let a = triangle(k, lda, 21.0);
            let ldb = m + 1;
            let b = vals(ldb * n, 22.0);
            let (da, db) = (dev(&a), dev(&b));
            assert_eq!(
                rocblas_dtrsm_64(
                    h, side, uplo, trans, diag, m as i64, n as i64, &2.0, da, lda as i64, db,
                    ldb as i64
                ),
                0
            );
            let x = host(db, b.len());
            let t = tri_dense(&a, k, lda, uplo == UPPER, diag == UNIT);
            let back = if side == LEFT {
                product(m, n, m, 1.0, &t, k, trans, &x, ldb, N, 0.0, &x, ldb)
            } else {
                product(m, n, n, 1.0, &x, ldb, N, &t, k, trans, 0.0, &x, ldb)
            };
            for j in 0..n {
                for i in 0..m {
                    let (g, w) = (back[i + j * ldb], 2.0 * b[i + j * ldb]);
                    assert!(
                        (g - w).abs() <= 1e-12 * w.abs().max(1.0),
                        "dtrsm_64 side {side} ({i}, {j}): {g} != {w}"
                    );
                }
            }
        }

        // dsyrk_64: C := alpha A A^T + beta C on the upper triangle (the other one unchanged)
        let (nn, k, lda, ldc) = (11usize, 7usize, 13usize, 12usize);
        let a = vals(lda * k, 23.0);
        let c = vals(ldc * nn, 24.0);
        let dc = dev(&c);
        assert_eq!(
            rocblas_dsyrk_64(
                h,
                UPPER,
                N,
                nn as i64,
                k as i64,
                &0.5,
                dev(&a),
                lda as i64,
                &2.0,
                dc,
                ldc as i64
            ),
            0
        );
        let full = product(nn, nn, k, 0.5, &a, lda, N, &a, lda, T, 2.0, &c, ldc);
        let got = host(dc, c.len());
        for j in 0..nn {
            for i in 0..nn {
                let w = if i <= j {
                    full[i + j * ldc]
                } else {
                    c[i + j * ldc]
                };
                let g = got[i + j * ldc];
                assert!(
                    (g - w).abs() <= 1e-13 * w.abs().max(1.0),
                    "dsyrk_64 ({i}, {j}): {g} != {w}"
                );
            }
        }

        // dgeam_64: C := alpha A^T + beta B
        let (lda, ldb, ldc) = (n + 1, m + 2, m + 3);
        let (a, b) = (vals(lda * m, 25.0), vals(ldb * n, 26.0));
        let dc = dev(&vec![0.0f64; ldc * n]);
        assert_eq!(
            rocblas_dgeam_64(
                h,
                T,
                N,
                m as i64,
                n as i64,
                &-1.5,
                dev(&a),
                lda as i64,
                &0.5,
                dev(&b),
                ldb as i64,
                dc,
                ldc as i64
            ),
            0
        );
        let got = host(dc, ldc * n);
        for j in 0..n {
            for i in 0..m {
                let w = -1.5 * a[j + i * lda] + 0.5 * b[i + j * ldb];
                assert!((got[i + j * ldc] - w).abs() <= 1e-14, "dgeam_64 ({i}, {j})");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// trmm of rocBLAS 4.0+: out of place under the old name

#[test]
fn abi4_trmm_writes_c_and_leaves_b_unchanged() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    let h = handle();
    let (m, n) = (12usize, 8usize);
    for (side, uplo, trans, diag) in [
        (LEFT, UPPER, N, NON_UNIT),
        (LEFT, LOWER, T, UNIT),
        (RIGHT, LOWER, N, NON_UNIT),
        (RIGHT, UPPER, T, UNIT),
    ] {
        let k = if side == LEFT { m } else { n };
        let (lda, ldb, ldc) = (k + 1, m + 2, m + 3);
        let a = vals(lda * k, 27.0);
        let b = vals(ldb * n, 28.0);
        let c0 = vals(ldc * n, 29.0);
        let t = tri_dense(&a, k, lda, uplo == UPPER, diag == UNIT);
        let want = if side == LEFT {
            product(m, n, m, -2.0, &t, k, trans, &b, ldb, N, 0.0, &c0, ldc)
        } else {
            product(m, n, n, -2.0, &b, ldb, N, &t, k, trans, 0.0, &c0, ldc)
        };
        unsafe {
            for ilp64 in [false, true] {
                let (da, db, dc) = (dev(&a), dev(&b), dev(&c0));
                let s = if ilp64 {
                    rocblas_dtrmm_64(
                        h, side, uplo, trans, diag, m as i64, n as i64, &-2.0, da, lda as i64, db,
                        ldb as i64, dc, ldc as i64,
                    )
                } else {
                    oxrocm_abi4_rocblas_dtrmm(
                        h, side, uplo, trans, diag, m as i32, n as i32, &-2.0, da, lda as i32, db,
                        ldb as i32, dc, ldc as i32,
                    )
                };
                assert_eq!(
                    s, 0,
                    "trmm side {side} uplo {uplo} trans {trans} (ILP64: {ilp64})"
                );
                assert_close(&host(dc, c0.len()), &want, 1e-13, "trmm C");
                assert_eq!(host(db, b.len()), b, "trmm must leave B unchanged");
            }
        }
    }
}

#[test]
fn abi4_trmm_strided_batched_and_in_place() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    let h = handle();
    let (m, n, batch) = (6usize, 5usize, 3usize);
    let (lda, ldb) = (m, m + 1);
    let (sa, sb) = ((lda * m) as i64, (ldb * n) as i64);
    let a = vals(sa as usize * batch, 30.0);
    let b = vals(sb as usize * batch, 31.0);
    unsafe {
        // C = B (same pointer and leading dimension): in place, as rocBLAS allows
        let (da, db) = (dev(&f32s(&a)), dev(&f32s(&b)));
        let s = oxrocm_abi4_rocblas_strmm_strided_batched(
            h,
            LEFT,
            UPPER,
            N,
            NON_UNIT,
            m as i32,
            n as i32,
            &1.0,
            da,
            lda as i32,
            sa,
            db,
            ldb as i32,
            sb,
            db,
            ldb as i32,
            sb,
            batch as i32,
        );
        assert_eq!(s, 0);
        let got = f64s(&host(db, b.len()));
        for q in 0..batch {
            let t = tri_dense(&a[q * sa as usize..], m, lda, true, false);
            let bq = &b[q * sb as usize..(q + 1) * sb as usize];
            let want = product(m, n, m, 1.0, &t, m, N, bq, ldb, N, 0.0, bq, ldb);
            assert_close(
                &got[q * sb as usize..(q + 1) * sb as usize],
                &want,
                1e-5,
                "strmm_strided_batched in place",
            );
        }
        // C = B under another leading dimension: rocBLAS 4.x answers invalid_value (2.47's
        // trmm_outofplace: invalid_size)
        let da = dev(&a);
        let db = dev(&b);
        let s = oxrocm_abi4_rocblas_dtrmm(
            h,
            LEFT,
            UPPER,
            N,
            NON_UNIT,
            m as i32,
            n as i32,
            &1.0,
            da,
            lda as i32,
            db,
            ldb as i32,
            db,
            ldb as i32 + 1,
        );
        assert_eq!(s, rocblas_status_invalid_value);
        let s = rocblas_dtrmm_outofplace(
            h,
            LEFT,
            UPPER,
            N,
            NON_UNIT,
            m as i32,
            n as i32,
            &1.0,
            da,
            lda as i32,
            db,
            ldb as i32,
            db,
            ldb as i32 + 1,
        );
        assert_eq!(s, rocblas_status_invalid_size);
    }
}

// ---------------------------------------------------------------------------------------
// bad arguments: rocBLAS's order, and the same status as the 32-bit form

#[test]
fn bad_arguments_of_64_forms_in_rocblas_order() {
    // Level-1 calls launch library kernels: one test at a time (see common::KernelPaths).
    let _one_at_a_time = common::KernelPaths::start();
    let h = handle();
    let (x, a) = (dev(&vals(64, 1.0)), dev(&vals(64, 2.0)));
    let y = dev(&vals(64, 3.0));
    let (one, zero) = (&1.0f64 as *const f64, &0.0f64 as *const f64);
    unsafe {
        // gemv: handle, then trans, then sizes (m, n, lda, incx, incy), then pointers
        type Gemv = (i32, i64, i64, i64, i64, i64, *const f64);
        let cases: [(Gemv, i32); 8] = [
            ((999, -1, 2, 2, 1, 1, one), rocblas_status_invalid_value),
            ((N, -1, 2, 2, 1, 1, one), rocblas_status_invalid_size),
            ((N, 2, -1, 2, 1, 1, one), rocblas_status_invalid_size),
            ((N, 3, 2, 2, 1, 1, one), rocblas_status_invalid_size),
            ((N, 2, 2, 2, 0, 1, one), rocblas_status_invalid_size),
            ((N, 2, 2, 2, 1, 0, one), rocblas_status_invalid_size),
            ((N, 2, 2, 2, 1, 1, null()), rocblas_status_invalid_pointer),
            ((N, 0, 2, 1, 1, 1, null()), rocblas_status_success),
        ];
        for ((t, m, n, lda, incx, incy, al), want) in cases {
            let s64 = rocblas_dgemv_64(h, t, m, n, al, a, lda, x, incx, one, y, incy);
            let s32 = rocblas_dgemv(
                h,
                t,
                m as i32,
                n as i32,
                al,
                a,
                lda as i32,
                x,
                incx as i32,
                one,
                y,
                incy as i32,
            );
            assert_eq!(
                (s64, s32),
                (want, want),
                "dgemv_64 {:?}",
                (t, m, n, lda, incx, incy)
            );
        }
        assert_eq!(
            rocblas_dgemv_64(null_mut(), 999, -1, 2, one, a, 2, x, 1, one, y, 1),
            rocblas_status_invalid_handle
        );

        // gemm: trans, then sizes, then leading dimensions, then pointers
        type Gemm = (i32, i64, i64, i64, i64, i64, i64, *const f64);
        let cases: [(Gemm, i32); 7] = [
            ((999, 2, 2, 2, 2, 2, 2, one), rocblas_status_invalid_value),
            ((N, -2, 2, 2, 2, 2, 2, one), rocblas_status_invalid_size),
            ((N, 2, 2, -1, 2, 2, 2, one), rocblas_status_invalid_size),
            ((N, 3, 2, 2, 2, 2, 3, one), rocblas_status_invalid_size),
            ((N, 2, 2, 3, 2, 2, 2, one), rocblas_status_invalid_size),
            ((N, 2, 2, 2, 2, 2, 1, one), rocblas_status_invalid_size),
            (
                (N, 2, 2, 2, 2, 2, 2, null()),
                rocblas_status_invalid_pointer,
            ),
        ];
        for ((ta, m, n, k, lda, ldb, ldc, al), want) in cases {
            let s64 = rocblas_dgemm_64(h, ta, N, m, n, k, al, a, lda, x, ldb, zero, y, ldc);
            let s32 = rocblas_dgemm(
                h, ta, N, m as i32, n as i32, k as i32, al, a, lda as i32, x, ldb as i32, zero, y,
                ldc as i32,
            );
            assert_eq!(
                (s64, s32),
                (want, want),
                "dgemm_64 {:?}",
                (ta, m, n, k, lda, ldb, ldc)
            );
        }

        // ger, trsv, trsm, syrk, geam: one size error each, enums first
        assert_eq!(
            rocblas_dger_64(h, 2, 2, one, x, 0, x, 1, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dger(h, 2, 2, one, x, 0, x, 1, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dger_64(h, 3, 2, one, x, 1, x, 1, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrsv_64(h, 999, N, NON_UNIT, -1, a, 1, y, 1),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dtrsv_64(h, UPPER, N, 999, -1, a, 1, y, 1),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dtrsv_64(h, UPPER, N, NON_UNIT, 3, a, 2, y, 1),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrsv(h, UPPER, N, NON_UNIT, 3, a, 2, y, 1),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrsv_64(h, UPPER, N, NON_UNIT, 3, a, 3, null_mut(), 1),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_dtrsm_64(h, 999, UPPER, N, NON_UNIT, -1, 2, one, a, 2, y, 2),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dtrsm_64(h, RIGHT, UPPER, N, NON_UNIT, 2, 3, one, a, 2, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrsm(h, RIGHT, UPPER, N, NON_UNIT, 2, 3, one, a, 2, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrsm_64(h, LEFT, UPPER, N, NON_UNIT, 2, 3, null(), a, 2, y, 2),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_dsyrk_64(h, UPPER, N, -1, 2, one, a, 2, one, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dsyrk_64(h, UPPER, N, 3, 2, one, a, 3, one, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dsyrk(h, UPPER, N, 3, 2, one, a, 3, one, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dsyrk_64(h, 999, N, 3, 2, one, a, 3, one, y, 3),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dgeam_64(h, N, N, 3, 2, one, a, 3, one, x, 3, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dgeam(h, N, N, 3, 2, one, a, 3, one, x, 3, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dgeam_64(h, N, N, 3, 2, one, a, 3, one, x, 3, null_mut(), 3),
            rocblas_status_invalid_pointer
        );
        // trmm (4.x): sizes before pointers
        assert_eq!(
            rocblas_dtrmm_64(h, LEFT, UPPER, N, NON_UNIT, 3, 2, one, a, 2, x, 3, y, 3),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrmm_64(h, LEFT, UPPER, N, NON_UNIT, 3, 2, one, a, 3, x, 3, y, 2),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrmm_64(
                h,
                LEFT,
                UPPER,
                N,
                NON_UNIT,
                3,
                2,
                one,
                a,
                3,
                x,
                3,
                null_mut(),
                3
            ),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_dtrmm_64(h, LEFT, UPPER, N, 999, -1, 2, one, a, 3, x, 3, y, 3),
            rocblas_status_invalid_value
        );
        // Level 1: a null result pointer of a reduction
        assert_eq!(
            rocblas_idamax_64(h, 3, x, 1, null_mut()),
            rocblas_status_invalid_pointer
        );
        let mut r = 0.0;
        assert_eq!(
            rocblas_dnrm2_64(h, 3, null(), 1, &mut r),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_daxpy(h, 3, one, null(), 1, y, 1),
            rocblas_status_invalid_pointer
        );
    }
}

#[test]
fn device_pointer_mode_and_auxiliary_64() {
    let paths = common::KernelPaths::start();
    let h = handle();
    unsafe {
        // alpha and beta in device memory under the _64 GEMM
        let (m, n, k) = (4usize, 3usize, 5usize);
        let (a, b, c) = (vals(m * k, 32.0), vals(k * n, 33.0), vals(m * n, 34.0));
        let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        let (dal, dbe) = (dev(&[0.5f64]), dev(&[1.5f64]));
        assert_eq!(
            rocblas_dgemm_64(
                h, N, N, m as i64, n as i64, k as i64, dal, da, m as i64, db, k as i64, dbe, dc,
                m as i64
            ),
            0
        );
        assert_close(
            &host(dc, m * n),
            &product(m, n, k, 0.5, &a, m, N, &b, k, N, 1.5, &c, m),
            1e-14,
            "dgemm_64 device scalars",
        );
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);

        // set_vector_64 / get_matrix_64 between strides and leading dimensions
        let v: Vec<f64> = (0..10).map(|i| i as f64).collect();
        let d = dev(&vec![0.0f64; 20]);
        assert_eq!(
            rocblas_set_vector_64(5, 8, v.as_ptr().cast(), 2, d.cast(), 4),
            0
        );
        let got = host(d, 20);
        for i in 0..5 {
            assert_eq!(got[4 * i], (2 * i) as f64);
        }
        let mut out = vec![-1.0f64; 6];
        assert_eq!(
            rocblas_get_matrix_64(2, 3, 8, d.cast(), 4, out.as_mut_ptr().cast(), 2),
            0
        );
        assert_eq!(out, vec![got[0], got[1], got[4], got[5], got[8], got[9]]);
        assert_eq!(
            rocblas_set_vector_64(-1, 8, v.as_ptr().cast(), 1, d.cast(), 1),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_get_matrix_64(2, 3, 8, d.cast(), 1, out.as_mut_ptr().cast(), 2),
            rocblas_status_invalid_size
        );
    }
    paths.check(&["gemm_f64"]);
}
