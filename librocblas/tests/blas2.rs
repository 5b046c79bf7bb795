//! Level-2 BLAS through the C API on the CPU backend, against f64 references computed here.

mod common;

use common::{dev, handle, host, vals};

use amdhip64 as _;
use rocblas::blas1::num::{C32, C64};
use rocblas::handle::*;
use rocblas::types::*;
use std::ptr::{null, null_mut};

const N: i32 = 111;
const T: i32 = 112;
const C: i32 = 113;
const UPPER: i32 = 121;
const LOWER: i32 = 122;
const NON_UNIT: i32 = 131;
const UNIT: i32 = 132;

unsafe extern "C" {
    fn rocblas_sgemv(
        h: rocblas_handle,
        t: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        x: *const f32,
        incx: i32,
        be: *const f32,
        y: *mut f32,
        incy: i32,
    ) -> i32;
    fn rocblas_zgemv_strided_batched(
        h: rocblas_handle,
        t: i32,
        m: i32,
        n: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        sa: i64,
        x: *const C64,
        incx: i32,
        sx: i64,
        be: *const C64,
        y: *mut C64,
        incy: i32,
        sy: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_dtrsv(
        h: rocblas_handle,
        uplo: i32,
        t: i32,
        diag: i32,
        m: i32,
        a: *const f64,
        lda: i32,
        x: *mut f64,
        incx: i32,
    ) -> i32;
    fn rocblas_ctpsv(
        h: rocblas_handle,
        uplo: i32,
        t: i32,
        diag: i32,
        n: i32,
        ap: *const C32,
        x: *mut C32,
        incx: i32,
    ) -> i32;
    fn rocblas_dtbmv(
        h: rocblas_handle,
        uplo: i32,
        t: i32,
        diag: i32,
        n: i32,
        k: i32,
        a: *const f64,
        lda: i32,
        x: *mut f64,
        incx: i32,
    ) -> i32;
    fn rocblas_cgerc_batched(
        h: rocblas_handle,
        m: i32,
        n: i32,
        al: *const C32,
        x: *const *const C32,
        incx: i32,
        y: *const *const C32,
        incy: i32,
        a: *const *mut C32,
        lda: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_zhemv(
        h: rocblas_handle,
        uplo: i32,
        n: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        x: *const C64,
        incx: i32,
        be: *const C64,
        y: *mut C64,
        incy: i32,
    ) -> i32;
    fn rocblas_dsbmv(
        h: rocblas_handle,
        uplo: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        x: *const f64,
        incx: i32,
        be: *const f64,
        y: *mut f64,
        incy: i32,
    ) -> i32;
    fn rocblas_cher(
        h: rocblas_handle,
        uplo: i32,
        n: i32,
        al: *const f32,
        x: *const C32,
        incx: i32,
        a: *mut C32,
        lda: i32,
    ) -> i32;
    fn rocblas_dspr2(
        h: rocblas_handle,
        uplo: i32,
        n: i32,
        al: *const f64,
        x: *const f64,
        incx: i32,
        y: *const f64,
        incy: i32,
        ap: *mut f64,
    ) -> i32;
    fn rocblas_sgbmv(
        h: rocblas_handle,
        t: i32,
        m: i32,
        n: i32,
        kl: i32,
        ku: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        x: *const f32,
        incx: i32,
        be: *const f32,
        y: *mut f32,
        incy: i32,
    ) -> i32;
}

/// Memory offset of logical element i of a BLAS vector (negative inc: from the end).
fn at(i: usize, n: usize, inc: i32) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * (-inc) as usize
    }
}
fn cvals(len: usize, seed: f64) -> Vec<(f64, f64)> {
    vals(len, seed)
        .into_iter()
        .zip(vals(len, seed + 7.0))
        .collect()
}
fn c32(v: (f64, f64)) -> C32 {
    C32 {
        re: v.0 as f32,
        im: v.1 as f32,
    }
}
fn c64(v: (f64, f64)) -> C64 {
    C64 { re: v.0, im: v.1 }
}
fn cmul(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}
fn cadd(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0 + b.0, a.1 + b.1)
}
fn conj(a: (f64, f64)) -> (f64, f64) {
    (a.0, -a.1)
}
fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol * (1.0 + want.abs()),
        "got {got}, want {want}"
    );
}

#[test]
fn sgemv_both_ops_negative_increments_and_device_scalars() {
    let h = handle();
    let (m, n, lda) = (23usize, 17usize, 25usize);
    let a: Vec<f32> = vals(lda * n, 1.0).iter().map(|&v| v as f32).collect();
    for (op, incx, incy) in [(N, -2i32, 3i32), (T, 1, -1)] {
        let (xl, yl) = if op == N { (n, m) } else { (m, n) };
        let x: Vec<f32> = vals(xl * incx.unsigned_abs() as usize, 2.0)
            .iter()
            .map(|&v| v as f32)
            .collect();
        let y0: Vec<f32> = vals(yl * incy.unsigned_abs() as usize, 3.0)
            .iter()
            .map(|&v| v as f32)
            .collect();
        let (alpha, beta) = (1.5f32, -0.5f32);
        let mut want: Vec<f64> = y0.iter().map(|&v| v as f64).collect();
        for i in 0..yl {
            let mut s = 0.0;
            for j in 0..xl {
                let aij = if op == N {
                    a[i + j * lda]
                } else {
                    a[j + i * lda]
                } as f64;
                s += aij * x[at(j, xl, incx)] as f64;
            }
            let k = at(i, yl, incy);
            want[k] = alpha as f64 * s + beta as f64 * y0[k] as f64;
        }
        let (da, dx, dy) = (dev(&a), dev(&x), dev(&y0));
        unsafe {
            let st = rocblas_sgemv(
                h, op, m as i32, n as i32, &alpha, da, lda as i32, dx, incx, &beta, dy, incy,
            );
            assert_eq!(st, 0);
            for (g, w) in host(dy, y0.len()).iter().zip(&want) {
                close(*g as f64, *w, 1e-6);
            }
            // device pointer mode
            let dy2 = dev(&y0);
            let (dal, dbe) = (dev(&[alpha]), dev(&[beta]));
            assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
            assert_eq!(
                rocblas_sgemv(
                    h, op, m as i32, n as i32, dal, da, lda as i32, dx, incx, dbe, dy2, incy
                ),
                0
            );
            assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
            assert_eq!(host(dy2, y0.len()), host(dy, y0.len()));
        }
    }
    unsafe {
        let one = 1f32;
        // argument checks in rocBLAS's order
        assert_eq!(
            rocblas_sgemv(h, 7, 2, 2, &one, null(), 2, null(), 1, &one, null_mut(), 1),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_sgemv(h, N, 3, 2, &one, null(), 2, null(), 1, &one, null_mut(), 1),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_sgemv(
                h,
                N,
                0,
                2,
                null(),
                null(),
                2,
                null(),
                1,
                null(),
                null_mut(),
                1
            ),
            0
        );
        assert_eq!(
            rocblas_sgemv(
                h,
                N,
                2,
                2,
                null(),
                null(),
                2,
                null(),
                1,
                &one,
                null_mut(),
                1
            ),
            rocblas_status_invalid_pointer
        );
        // alpha 0, beta 1: nothing is read, every pointer may be null
        let zero = 0f32;
        assert_eq!(
            rocblas_sgemv(h, N, 2, 2, &zero, null(), 2, null(), 1, &one, null_mut(), 1),
            0
        );
        // beta 0 does not read y (NaN stays out)
        let dy = dev(&[f32::NAN, f32::NAN]);
        let (da, dx) = (dev(&[1f32, 2.0, 3.0, 4.0]), dev(&[1f32, 1.0]));
        assert_eq!(
            rocblas_sgemv(h, N, 2, 2, &one, da, 2, dx, 1, &zero, dy, 1),
            0
        );
        assert_eq!(host(dy, 2), vec![4.0, 6.0]);
    }
}

#[test]
fn zgemv_strided_batched_conjugate_transpose() {
    let h = handle();
    let (m, n, lda, batch) = (9usize, 6usize, 10usize, 3usize);
    let (sa, sx, sy) = (lda * n + 3, m + 2, n + 1);
    let a = cvals(sa * batch, 1.0);
    let x = cvals(sx * batch, 2.0);
    let y = cvals(sy * batch, 3.0);
    let (alpha, beta) = ((0.5, -1.0), (2.0, 0.25));
    let mut want = y.clone();
    for b in 0..batch {
        for j in 0..n {
            let mut s = (0.0, 0.0);
            for i in 0..m {
                s = cadd(s, cmul(conj(a[b * sa + i + j * lda]), x[b * sx + i]));
            }
            want[b * sy + j] = cadd(cmul(alpha, s), cmul(beta, y[b * sy + j]));
        }
    }
    let conv = |v: &[(f64, f64)]| v.iter().map(|&c| c64(c)).collect::<Vec<_>>();
    let (da, dx, dy) = (dev(&conv(&a)), dev(&conv(&x)), dev(&conv(&y)));
    unsafe {
        let st = rocblas_zgemv_strided_batched(
            h,
            C,
            m as i32,
            n as i32,
            &c64(alpha),
            da,
            lda as i32,
            sa as i64,
            dx,
            1,
            sx as i64,
            &c64(beta),
            dy,
            1,
            sy as i64,
            batch as i32,
        );
        assert_eq!(st, 0);
    }
    for (g, w) in host(dy, y.len()).iter().zip(&want) {
        close(g.re, w.0, 1e-13);
        close(g.im, w.1, 1e-13);
    }
}

#[test]
fn dtrsv_all_triangles_and_ops_recover_x() {
    let h = handle();
    let (n, lda) = (31usize, 33usize);
    let mut a = vals(lda * n, 5.0);
    for i in 0..n {
        a[i + i * lda] = 4.0 + i as f64 * 0.1;
    }
    for j in 0..n {
        for i in 0..n {
            if i != j {
                a[i + j * lda] *= 0.05;
            }
        }
    }
    let x = vals(n, 9.0);
    for uplo in [UPPER, LOWER] {
        for op in [N, T] {
            for diag in [NON_UNIT, UNIT] {
                let e = |i: usize, j: usize| -> f64 {
                    // op(A)(i, j) of the triangle
                    let (r, c) = if op == N { (i, j) } else { (j, i) };
                    let inside = if uplo == UPPER { r <= c } else { r >= c };
                    if !inside {
                        0.0
                    } else if r == c && diag == UNIT {
                        1.0
                    } else {
                        a[r + c * lda]
                    }
                };
                let b: Vec<f64> = (0..n)
                    .map(|i| (0..n).map(|j| e(i, j) * x[j]).sum())
                    .collect();
                let (da, db) = (dev(&a), dev(&b));
                assert_eq!(
                    unsafe { rocblas_dtrsv(h, uplo, op, diag, n as i32, da, lda as i32, db, 1) },
                    0
                );
                for (g, w) in host(db, n).iter().zip(&x) {
                    close(*g, *w, 1e-12);
                }
            }
        }
    }
    unsafe {
        assert_eq!(
            rocblas_dtrsv(h, 0, N, UNIT, 2, null(), 2, null_mut(), 1),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dtrsv(h, UPPER, N, 0, 2, null(), 2, null_mut(), 1),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dtrsv(h, UPPER, N, UNIT, 2, null(), 1, null_mut(), 1),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrsv(h, UPPER, N, UNIT, 2, null(), 2, null_mut(), 1),
            rocblas_status_invalid_pointer
        );
        // size query: trsv reports one int per batch entry
        assert_eq!(rocblas_start_device_memory_size_query(h), 0);
        let (da, db) = (dev(&a), dev(&x));
        assert_eq!(
            rocblas_dtrsv(h, UPPER, N, UNIT, 4, da, 4, db, 1),
            rocblas_status_size_increased
        );
        let mut size = 0usize;
        assert_eq!(rocblas_stop_device_memory_size_query(h, &mut size), 0);
        assert_eq!(size, 64);
    }
}

#[test]
fn ctpsv_and_dtbmv_band_and_packed() {
    let h = handle();
    // ctpsv lower, conjugate transpose: x := A^-H b
    let n = 7usize;
    let full: Vec<(f64, f64)> = cvals(n * n, 4.0)
        .into_iter()
        .enumerate()
        .map(|(k, v)| {
            if k % n == k / n {
                (3.0 + v.0, v.1)
            } else {
                (v.0 * 0.1, v.1 * 0.1)
            }
        })
        .collect();
    let mut ap = Vec::new();
    for j in 0..n {
        for i in j..n {
            ap.push(full[i + j * n]);
        }
    }
    let x = cvals(n, 1.0);
    // b = A^H x with A lower
    let b: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            (i..n).fold((0.0, 0.0), |s, r| {
                cadd(s, cmul(conj(full[r + i * n]), x[r]))
            })
        })
        .collect();
    let (dap, db) = (
        dev(&ap.iter().map(|&v| c32(v)).collect::<Vec<_>>()),
        dev(&b.iter().map(|&v| c32(v)).collect::<Vec<_>>()),
    );
    assert_eq!(
        unsafe { rocblas_ctpsv(h, LOWER, C, NON_UNIT, n as i32, dap, db, 1) },
        0
    );
    for (g, w) in host(db, n).iter().zip(&x) {
        close(g.re as f64, w.0, 1e-5);
        close(g.im as f64, w.1, 1e-5);
    }
    // dtbmv upper with 2 super-diagonals, transposed, negative increment
    let (n, k, lda, inc) = (9usize, 2usize, 4usize, -2i32);
    let band = vals(lda * n, 3.0);
    let x = vals(n * 2, 6.0);
    let el = |r: usize, c: usize| {
        if r <= c && c - r <= k {
            band[k + r - c + c * lda]
        } else {
            0.0
        }
    };
    let mut want = x.clone();
    for i in 0..n {
        want[at(i, n, inc)] = (0..n).map(|j| el(j, i) * x[at(j, n, inc)]).sum();
    }
    let (da, dx) = (dev(&band), dev(&x));
    assert_eq!(
        unsafe {
            rocblas_dtbmv(
                h, UPPER, T, NON_UNIT, n as i32, k as i32, da, lda as i32, dx, inc,
            )
        },
        0
    );
    for (g, w) in host(dx, x.len()).iter().zip(&want) {
        close(*g, *w, 1e-14);
    }
}

#[test]
fn cgerc_batched_pointer_arrays() {
    let h = handle();
    let (m, n, lda, batch) = (5usize, 4usize, 6usize, 3usize);
    let alpha = (1.0, 0.5);
    let mut ptrs = (Vec::new(), Vec::new(), Vec::new());
    let mut wants = Vec::new();
    for b in 0..batch {
        let (x, y, a) = (
            cvals(m, b as f64),
            cvals(n, 10.0 + b as f64),
            cvals(lda * n, 20.0 + b as f64),
        );
        let mut want = a.clone();
        for j in 0..n {
            for i in 0..m {
                want[i + j * lda] = cadd(a[i + j * lda], cmul(alpha, cmul(x[i], conj(y[j]))));
            }
        }
        wants.push(want);
        let c = |v: &[(f64, f64)]| dev(&v.iter().map(|&e| c32(e)).collect::<Vec<_>>());
        ptrs.0.push(c(&x) as *const C32);
        ptrs.1.push(c(&y) as *const C32);
        ptrs.2.push(c(&a));
    }
    let (px, py, pa) = (dev(&ptrs.0), dev(&ptrs.1), dev(&ptrs.2));
    let st = unsafe {
        rocblas_cgerc_batched(
            h,
            m as i32,
            n as i32,
            &c32(alpha),
            px,
            1,
            py,
            1,
            pa,
            lda as i32,
            batch as i32,
        )
    };
    assert_eq!(st, 0);
    for b in 0..batch {
        for (g, w) in host(ptrs.2[b], lda * n).iter().zip(&wants[b]) {
            close(g.re as f64, w.0, 1e-6);
            close(g.im as f64, w.1, 1e-6);
        }
    }
}

#[test]
fn zhemv_dsbmv_cher_dspr2_and_sgbmv() {
    let h = handle();
    let n = 8usize;
    let lda = 9usize;
    // zhemv upper: the diagonal's imaginary part is ignored
    let a = cvals(lda * n, 2.0);
    let herm = |i: usize, j: usize| -> (f64, f64) {
        if i == j {
            (a[i + i * lda].0, 0.0)
        } else if i < j {
            a[i + j * lda]
        } else {
            conj(a[j + i * lda])
        }
    };
    let x = cvals(n, 3.0);
    let y = cvals(n, 4.0);
    let (alpha, beta) = ((1.0, -1.0), (0.0, 0.0));
    let want: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            cmul(
                alpha,
                (0..n).fold((0.0, 0.0), |s, j| cadd(s, cmul(herm(i, j), x[j]))),
            )
        })
        .collect();
    let c = |v: &[(f64, f64)]| dev(&v.iter().map(|&e| c64(e)).collect::<Vec<_>>());
    let dy = c(&y.iter().map(|_| (f64::NAN, f64::NAN)).collect::<Vec<_>>());
    assert_eq!(
        unsafe {
            rocblas_zhemv(
                h,
                UPPER,
                n as i32,
                &c64(alpha),
                c(&a),
                lda as i32,
                c(&x),
                1,
                &c64(beta),
                dy,
                1,
            )
        },
        0
    );
    for (g, w) in host(dy, n).iter().zip(&want) {
        close(g.re, w.0, 1e-13);
        close(g.im, w.1, 1e-13);
    }

    // dsbmv lower, k = 2
    let (k, lda) = (2usize, 3usize);
    let band = vals(lda * n, 5.0);
    let sym = |i: usize, j: usize| {
        let (r, c) = if i >= j { (i, j) } else { (j, i) };
        if r - c <= k {
            band[r - c + c * lda]
        } else {
            0.0
        }
    };
    let x = vals(n, 1.0);
    let y = vals(n, 2.0);
    let want: Vec<f64> = (0..n)
        .map(|i| 2.0 * (0..n).map(|j| sym(i, j) * x[j]).sum::<f64>() + 0.5 * y[i])
        .collect();
    let dy = dev(&y);
    assert_eq!(
        unsafe {
            rocblas_dsbmv(
                h,
                LOWER,
                n as i32,
                k as i32,
                &2.0,
                dev(&band),
                lda as i32,
                dev(&x),
                1,
                &0.5,
                dy,
                1,
            )
        },
        0
    );
    for (g, w) in host(dy, n).iter().zip(&want) {
        close(*g, *w, 1e-14);
    }

    // cher lower: A += alpha x x^H on the lower triangle, diagonal kept real
    let lda = n;
    let a = cvals(lda * n, 6.0);
    let x = cvals(n, 7.0);
    let alpha = 0.75;
    let d_a = dev(&a.iter().map(|&e| c32(e)).collect::<Vec<_>>());
    assert_eq!(
        unsafe {
            rocblas_cher(
                h,
                LOWER,
                n as i32,
                &(alpha as f32),
                dev(&x.iter().map(|&e| c32(e)).collect::<Vec<_>>()),
                1,
                d_a,
                lda as i32,
            )
        },
        0
    );
    let got = host(d_a, lda * n);
    for j in 0..n {
        for i in 0..n {
            let mut w = a[i + j * lda];
            if i >= j {
                let u = cmul(x[i], conj(x[j]));
                w = cadd(w, (alpha * u.0, alpha * u.1));
                if i == j {
                    w.1 = 0.0;
                }
            }
            close(got[i + j * lda].re as f64, w.0, 1e-6);
            close(got[i + j * lda].im as f64, w.1, 1e-6);
        }
    }

    // dspr2 upper packed
    let ap = vals(n * (n + 1) / 2, 8.0);
    let (x, y) = (vals(n, 9.0), vals(n, 10.0));
    let mut want = ap.clone();
    for j in 0..n {
        for i in 0..=j {
            want[i + j * (j + 1) / 2] += 1.25 * (x[i] * y[j] + y[i] * x[j]);
        }
    }
    let dap = dev(&ap);
    assert_eq!(
        unsafe { rocblas_dspr2(h, UPPER, n as i32, &1.25, dev(&x), 1, dev(&y), 1, dap) },
        0
    );
    for (g, w) in host(dap, ap.len()).iter().zip(&want) {
        close(*g, *w, 1e-14);
    }

    // sgbmv transposed, kl = 1, ku = 2
    let (m, nn, kl, ku, lda) = (6usize, 7usize, 1usize, 2usize, 5usize);
    let band: Vec<f32> = vals(lda * nn, 11.0).iter().map(|&v| v as f32).collect();
    let el = |i: usize, j: usize| {
        if i + ku >= j && i <= j + kl {
            band[ku + i - j + j * lda] as f64
        } else {
            0.0
        }
    };
    let x: Vec<f32> = vals(m, 12.0).iter().map(|&v| v as f32).collect();
    let y: Vec<f32> = vals(nn, 13.0).iter().map(|&v| v as f32).collect();
    let want: Vec<f64> = (0..nn)
        .map(|j| (0..m).map(|i| el(i, j) * x[i] as f64).sum::<f64>() - y[j] as f64)
        .collect();
    let dy = dev(&y);
    let st = unsafe {
        rocblas_sgbmv(
            h,
            T,
            m as i32,
            nn as i32,
            kl as i32,
            ku as i32,
            &1.0,
            dev(&band),
            lda as i32,
            dev(&x),
            1,
            &-1.0,
            dy,
            1,
        )
    };
    assert_eq!(st, 0);
    for (g, w) in host(dy, nn).iter().zip(&want) {
        close(*g as f64, *w, 1e-6);
    }
}

#[test]
fn size_queries_report_rocblas_workspaces() {
    let h = handle();
    let one = 1f32;
    let query = |f: &dyn Fn() -> i32| -> (i32, usize) {
        let mut size = 0usize;
        assert_eq!(unsafe { rocblas_start_device_memory_size_query(h) }, 0);
        let st = f();
        assert_eq!(
            unsafe { rocblas_stop_device_memory_size_query(h, &mut size) },
            0
        );
        (st, size)
    };
    // gemv: the skinny transposed kernel's partial sums (4 blocks x 2 columns of f32), before any check
    let st = query(&|| unsafe {
        rocblas_sgemv(
            h,
            T,
            4096,
            2,
            null(),
            null(),
            4096,
            null(),
            1,
            null(),
            null_mut(),
            1,
        )
    });
    assert_eq!(st, (rocblas_status_size_increased, 64));
    let st = query(&|| unsafe {
        rocblas_sgemv(
            h,
            N,
            4096,
            2,
            &one,
            null(),
            4096,
            null(),
            1,
            &one,
            null_mut(),
            1,
        )
    });
    assert_eq!(st, (rocblas_status_size_unchanged, 0));
    // hemv: after the argument checks, blocks of 64 columns x n x sizeof(T)
    let (a, x, y) = (
        dev(&vec![C64::default(); 100 * 100]),
        dev(&vec![C64::default(); 100]),
        dev(&vec![C64::default(); 100]),
    );
    let alpha = C64 { re: 1.0, im: 0.0 };
    let st = query(&|| unsafe { rocblas_zhemv(h, UPPER, 100, &alpha, a, 100, x, 1, &alpha, y, 1) });
    assert_eq!(st, (rocblas_status_size_increased, 3200));
    let st = query(&|| unsafe { rocblas_zhemv(h, UPPER, 100, &alpha, a, 99, x, 1, &alpha, y, 1) });
    assert_eq!(st.0, rocblas_status_invalid_size);
    // functions without a workspace answer size_unchanged first
    let st =
        query(&|| unsafe { rocblas_dspr2(h, 0, -1, null(), null(), 0, null(), 0, null_mut()) });
    assert_eq!(st, (rocblas_status_size_unchanged, 0));
}
