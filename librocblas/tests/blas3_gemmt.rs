//! gemmt (rocBLAS 4.x, librocblas.so.4/.so.5) and the math mode, through the C API on the
//! CPU backend: the `uplo` triangle of C := alpha op(A) op(B) + beta C against an f64
//! reference computed here, the other triangle untouched, and rocBLAS's argument checks.

mod common;

use amdhip64 as _;
use common::{dev, handle, host, vals};
use rocblas::blas1::num::C64;
use rocblas::types::*;
use std::ptr::{null, null_mut};

const N: i32 = 111;
const T: i32 = 112;
const C: i32 = 113;
const UPPER: i32 = 121;
const LOWER: i32 = 122;
type H = rocblas_handle;

unsafe extern "C" {
    fn rocblas_dgemmt(
        h: H,
        uplo: i32,
        ta: i32,
        tb: i32,
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
    fn rocblas_zgemmt_strided_batched_64(
        h: H,
        uplo: i32,
        ta: i32,
        tb: i32,
        n: i64,
        k: i64,
        al: *const C64,
        a: *const C64,
        lda: i64,
        sa: i64,
        b: *const C64,
        ldb: i64,
        sb: i64,
        be: *const C64,
        c: *mut C64,
        ldc: i64,
        sc: i64,
        batch: i64,
    ) -> i32;
    fn rocblas_sgemmt_batched(
        h: H,
        uplo: i32,
        ta: i32,
        tb: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: *const *const f32,
        lda: i32,
        b: *const *const f32,
        ldb: i32,
        be: *const f32,
        c: *const *mut f32,
        ldc: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_set_math_mode(h: H, mode: i32) -> i32;
    fn rocblas_get_math_mode(h: H, mode: *mut i32) -> i32;
}

/// (re, im) element of op(X) at (i, j), X column-major with leading dimension ld.
fn op_at(x: &[(f64, f64)], ld: usize, op: i32, i: usize, j: usize) -> (f64, f64) {
    match op {
        N => x[i + j * ld],
        T => x[j + i * ld],
        _ => {
            let (re, im) = x[j + i * ld];
            (re, -im)
        }
    }
}

/// The expected C: the triangle updated, the rest as it was.
#[allow(clippy::too_many_arguments)]
fn reference(
    upper: bool,
    ta: i32,
    tb: i32,
    n: usize,
    k: usize,
    alpha: (f64, f64),
    a: &[(f64, f64)],
    lda: usize,
    b: &[(f64, f64)],
    ldb: usize,
    beta: (f64, f64),
    c: &[(f64, f64)],
    ldc: usize,
) -> Vec<(f64, f64)> {
    let mul = |x: (f64, f64), y: (f64, f64)| (x.0 * y.0 - x.1 * y.1, x.0 * y.1 + x.1 * y.0);
    let mut out = c.to_vec();
    for j in 0..n {
        for i in 0..n {
            if (upper && i > j) || (!upper && i < j) {
                continue;
            }
            let mut s = (0.0, 0.0);
            for l in 0..k {
                let p = mul(op_at(a, lda, ta, i, l), op_at(b, ldb, tb, l, j));
                s = (s.0 + p.0, s.1 + p.1);
            }
            let (x, y) = (mul(alpha, s), mul(beta, c[i + j * ldc]));
            out[i + j * ldc] = (x.0 + y.0, x.1 + y.1);
        }
    }
    out
}

fn close(got: &[(f64, f64)], want: &[(f64, f64)], tol: f64, what: &str) {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let err = ((g.0 - w.0).abs() + (g.1 - w.1).abs()) / (w.0.abs() + w.1.abs()).max(1.0);
        assert!(err <= tol, "{what}: element {i}: {g:?}, expected {w:?}");
    }
}

#[test]
fn dgemmt_every_transpose_and_triangle() {
    let h = handle();
    let (n, k) = (13usize, 7usize);
    for upper in [true, false] {
        for (ta, tb) in [(N, N), (T, N), (N, T), (T, T)] {
            let (ra, ca) = if ta == N { (n, k) } else { (k, n) };
            let (rb, cb) = if tb == N { (k, n) } else { (n, k) };
            let (lda, ldb, ldc) = (ra + 2, rb + 1, n + 3);
            let a = vals(lda * ca, 1.0);
            let b = vals(ldb * cb, 2.0);
            let c = vals(ldc * n, 3.0);
            let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
            let (alpha, beta) = (1.5f64, -0.75f64);
            let uplo = if upper { UPPER } else { LOWER };
            let s = unsafe {
                rocblas_dgemmt(
                    h, uplo, ta, tb, n as i32, k as i32, &alpha, da, lda as i32, db, ldb as i32,
                    &beta, dc, ldc as i32,
                )
            };
            assert_eq!(s, rocblas_status_success);
            let z = |v: &[f64]| v.iter().map(|&x| (x, 0.0)).collect::<Vec<_>>();
            let want = reference(
                upper,
                ta,
                tb,
                n,
                k,
                (alpha, 0.0),
                &z(&a),
                lda,
                &z(&b),
                ldb,
                (beta, 0.0),
                &z(&c),
                ldc,
            );
            close(
                &z(&host(dc, c.len())),
                &want,
                1e-12,
                &format!("dgemmt upper={upper} {ta}{tb}"),
            );
        }
    }
}

#[test]
fn zgemmt_strided_batched_64_conjugates() {
    let h = handle();
    let (n, k, batch) = (9usize, 5usize, 3usize);
    let (ta, tb) = (C, N);
    let (lda, ldb, ldc) = (k + 1, k, n);
    let (sa, sb, sc) = (lda * n + 4, ldb * n, ldc * n + 2);
    let z = |len: usize, seed: f64| {
        vals(len, seed)
            .into_iter()
            .zip(vals(len, seed + 9.0))
            .collect::<Vec<(f64, f64)>>()
    };
    let (a, b, c) = (z(sa * batch, 1.0), z(sb * batch, 2.0), z(sc * batch, 3.0));
    let c64 = |v: &[(f64, f64)]| v.iter().map(|&(re, im)| C64 { re, im }).collect::<Vec<_>>();
    let (da, db, dc) = (dev(&c64(&a)), dev(&c64(&b)), dev(&c64(&c)));
    let (alpha, beta) = (C64 { re: 0.5, im: -1.25 }, C64 { re: 2.0, im: 0.5 });
    let s = unsafe {
        rocblas_zgemmt_strided_batched_64(
            h,
            LOWER,
            ta,
            tb,
            n as i64,
            k as i64,
            &alpha,
            da,
            lda as i64,
            sa as i64,
            db,
            ldb as i64,
            sb as i64,
            &beta,
            dc,
            ldc as i64,
            sc as i64,
            batch as i64,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let got: Vec<(f64, f64)> = host(dc, c.len())
        .into_iter()
        .map(|v: C64| (v.re, v.im))
        .collect();
    for i in 0..batch {
        let want = reference(
            false,
            ta,
            tb,
            n,
            k,
            (alpha.re, alpha.im),
            &a[i * sa..],
            lda,
            &b[i * sb..],
            ldb,
            (beta.re, beta.im),
            &c[i * sc..i * sc + ldc * n],
            ldc,
        );
        close(
            &got[i * sc..i * sc + ldc * n],
            &want,
            1e-12,
            &format!("zgemmt batch {i}"),
        );
    }
}

#[test]
fn sgemmt_batched_pointer_arrays() {
    let h = handle();
    let (n, k) = (6usize, 4usize);
    let mats: Vec<(Vec<f64>, Vec<f64>, Vec<f64>)> = (0..2)
        .map(|i| {
            (
                vals(n * k, i as f64),
                vals(k * n, 5.0 + i as f64),
                vals(n * n, 9.0 + i as f64),
            )
        })
        .collect();
    let f = |v: &[f64]| v.iter().map(|&x| x as f32).collect::<Vec<f32>>();
    let devs: Vec<(*mut f32, *mut f32, *mut f32)> = mats
        .iter()
        .map(|(a, b, c)| (dev(&f(a)), dev(&f(b)), dev(&f(c))))
        .collect();
    let ap: Vec<*const f32> = devs.iter().map(|d| d.0 as *const f32).collect();
    let bp: Vec<*const f32> = devs.iter().map(|d| d.1 as *const f32).collect();
    let cp: Vec<*mut f32> = devs.iter().map(|d| d.2).collect();
    let (alpha, beta) = (2.0f32, 0.5f32);
    let s = unsafe {
        rocblas_sgemmt_batched(
            h,
            UPPER,
            N,
            T,
            n as i32,
            k as i32,
            &alpha,
            dev(&ap),
            n as i32,
            dev(&bp),
            n as i32,
            &beta,
            dev(&cp),
            n as i32,
            2,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let z = |v: &[f64]| v.iter().map(|&x| (x, 0.0)).collect::<Vec<_>>();
    for (i, (a, b, c)) in mats.iter().enumerate() {
        let got: Vec<(f64, f64)> = host(devs[i].2, n * n)
            .into_iter()
            .map(|v: f32| (v as f64, 0.0))
            .collect();
        let want = reference(
            true,
            N,
            T,
            n,
            k,
            (2.0, 0.0),
            &z(a),
            n,
            &z(b),
            n,
            (0.5, 0.0),
            &z(c),
            n,
        );
        close(&got, &want, 1e-5, &format!("sgemmt_batched {i}"));
    }
}

#[test]
fn gemmt_argument_checks_in_rocblas_order() {
    let h = handle();
    let x = dev(&vals(64, 1.0));
    let (one, zero) = (1.0f64, 0.0f64);
    let call = |uplo: i32,
                ta: i32,
                n: i32,
                k: i32,
                al: *const f64,
                a: *const f64,
                lda: i32,
                c: *mut f64| unsafe {
        rocblas_dgemmt(h, uplo, ta, N, n, k, al, a, lda, x, 8, &one, c, 8)
    };
    assert_eq!(
        unsafe { rocblas_dgemmt(null_mut(), UPPER, N, N, 4, 4, &one, x, 8, x, 8, &one, x, 8) },
        rocblas_status_invalid_handle
    );
    assert_eq!(
        call(UPPER, 99, 4, 4, &one, x, 8, x),
        rocblas_status_invalid_value
    ); // transA first
    assert_eq!(
        call(123, N, 4, 4, &one, x, 8, x),
        rocblas_status_invalid_value
    ); // fill full
    assert_eq!(
        call(UPPER, N, -1, 4, &one, x, 8, x),
        rocblas_status_invalid_size
    );
    assert_eq!(
        call(UPPER, N, 9, 4, &one, x, 8, x),
        rocblas_status_invalid_size
    ); // lda < n
    assert_eq!(
        call(UPPER, T, 4, 9, &one, x, 8, x),
        rocblas_status_invalid_size
    ); // lda < k transposed
    assert_eq!(
        call(UPPER, N, 0, 4, null(), null(), 8, null_mut()),
        rocblas_status_success
    ); // n == 0
    assert_eq!(
        call(UPPER, N, 4, 4, null(), x, 8, x),
        rocblas_status_invalid_pointer
    ); // alpha
    // alpha 0 and beta 1: nothing to do, even without matrices.
    assert_eq!(
        call(UPPER, N, 4, 4, &zero, null(), 8, null_mut()),
        rocblas_status_success
    );
    assert_eq!(
        call(UPPER, N, 4, 4, &one, null(), 8, x),
        rocblas_status_invalid_pointer
    ); // A
    assert_eq!(
        call(UPPER, N, 4, 4, &one, x, 8, null_mut()),
        rocblas_status_invalid_pointer
    ); // C
}

#[test]
fn math_mode_round_trip() {
    let h = handle();
    let mut m = -1;
    assert_eq!(
        unsafe { rocblas_get_math_mode(h, &mut m) },
        rocblas_status_success
    );
    assert_eq!(m, 0);
    assert_eq!(
        unsafe { rocblas_set_math_mode(h, 1) },
        rocblas_status_success
    );
    assert_eq!(
        unsafe { rocblas_get_math_mode(h, &mut m) },
        rocblas_status_success
    );
    assert_eq!(m, 1);
    assert_eq!(
        unsafe { rocblas_set_math_mode(h, 7) },
        rocblas_status_invalid_value
    );
    assert_eq!(
        unsafe { rocblas_get_math_mode(h, null_mut()) },
        rocblas_status_invalid_pointer
    );
    assert_eq!(
        unsafe { rocblas_set_math_mode(null_mut(), 0) },
        rocblas_status_invalid_handle
    );
}

// ---- rocBLAS 4.x mixed-precision gemv (kept beside gemmt: both are 4.x-only additions) ----

unsafe extern "C" {
    fn rocblas_hshgemv_strided_batched(
        h: H,
        t: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const half::f16,
        lda: i32,
        sa: i64,
        x: *const half::f16,
        incx: i32,
        sx: i64,
        be: *const f32,
        y: *mut half::f16,
        incy: i32,
        sy: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_tssgemv_batched_64(
        h: H,
        t: i32,
        m: i64,
        n: i64,
        al: *const f32,
        a: *const *const half::bf16,
        lda: i64,
        x: *const *const half::bf16,
        incx: i64,
        be: *const f32,
        y: *const *mut f32,
        incy: i64,
        batch: i64,
    ) -> i32;
}

/// y := alpha op(A) x + beta y in f64, for an m x n A.
#[allow(clippy::too_many_arguments)]
fn gemv_ref(
    trans: bool,
    m: usize,
    n: usize,
    alpha: f64,
    a: &[f64],
    lda: usize,
    x: &[f64],
    incx: usize,
    beta: f64,
    y: &[f64],
    incy: usize,
) -> Vec<f64> {
    let (xl, yl) = if trans { (m, n) } else { (n, m) };
    let mut out = y.to_vec();
    for i in 0..yl {
        let s: f64 = (0..xl).map(|l| if trans { a[l + i * lda] } else { a[i + l * lda] } * x[l * incx]).sum();
        out[i * incy] = alpha * s + beta * y[i * incy];
    }
    out
}

#[test]
fn hshgemv_strided_batched_and_tssgemv_batched_64() {
    let h = handle();
    // Quarter-valued inputs are exact in f16/bf16; sums of 7 products stay exact in f64.
    let (m, n, lda, batch) = (9usize, 7usize, 10usize, 2usize);
    let (sa, sx, sy) = (lda * n + 3, 2 * n + 1, m + 2);
    let q = |len: usize, seed: f64| {
        vals(len, seed)
            .into_iter()
            .map(|v| (v * 4.0).round() / 4.0)
            .collect::<Vec<f64>>()
    };
    let (a, x, y) = (q(sa * batch, 1.0), q(sx * batch, 2.0), q(sy * batch, 3.0));
    let h16 = |v: &[f64]| {
        v.iter()
            .map(|&f| half::f16::from_f64(f))
            .collect::<Vec<_>>()
    };
    let dy = dev(&h16(&y));
    let (alpha, beta) = (0.5f32, -2.0f32);
    let s = unsafe {
        rocblas_hshgemv_strided_batched(
            h,
            N,
            m as i32,
            n as i32,
            &alpha,
            dev(&h16(&a)),
            lda as i32,
            sa as i64,
            dev(&h16(&x)),
            2,
            sx as i64,
            &beta,
            dy,
            1,
            sy as i64,
            batch as i32,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let got: Vec<f64> = host(dy, y.len())
        .into_iter()
        .map(|v: half::f16| v.to_f64())
        .collect();
    for b in 0..batch {
        let want = gemv_ref(
            false,
            m,
            n,
            0.5,
            &a[b * sa..],
            lda,
            &x[b * sx..],
            2,
            -2.0,
            &y[b * sy..b * sy + m],
            1,
        );
        for (i, w) in want.iter().enumerate() {
            let g = got[b * sy + i];
            assert!(
                (g - w).abs() <= 1e-3 * w.abs().max(1.0),
                "hshgemv batch {b} y[{i}] = {g}, expected {w}"
            );
        }
    }
    // Transposed, bf16 in, f32 out, pointer arrays, ILP64.
    let b16 = |v: &[f64]| {
        v.iter()
            .map(|&f| half::bf16::from_f64(f))
            .collect::<Vec<_>>()
    };
    let (a1, x1, y1) = (q(lda * n, 4.0), q(m, 5.0), q(n, 6.0));
    let ap = [dev(&b16(&a1)) as *const half::bf16];
    let xp = [dev(&b16(&x1)) as *const half::bf16];
    let dy1 = dev(&y1.iter().map(|&v| v as f32).collect::<Vec<f32>>());
    let yp = [dy1];
    let s = unsafe {
        rocblas_tssgemv_batched_64(
            h,
            T,
            m as i64,
            n as i64,
            &alpha,
            dev(&ap),
            lda as i64,
            dev(&xp),
            1,
            &beta,
            dev(&yp),
            1,
            1,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let want = gemv_ref(true, m, n, 0.5, &a1, lda, &x1, 1, -2.0, &y1, 1);
    let got: Vec<f32> = host(dy1, n);
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert!(
            (*g as f64 - w).abs() <= 1e-5 * w.abs().max(1.0),
            "tssgemv y[{i}] = {g}, expected {w}"
        );
    }
    // gemv's checks: incx 0 is an invalid size.
    let s = unsafe {
        rocblas_tssgemv_batched_64(
            h,
            T,
            m as i64,
            n as i64,
            &alpha,
            dev(&ap),
            lda as i64,
            dev(&xp),
            0,
            &beta,
            dev(&yp),
            1,
            1,
        )
    };
    assert_eq!(s, rocblas_status_invalid_size);
}

unsafe extern "C" {
    fn rocblas_gemm_ex_get_solutions_by_type(
        h: H,
        input: i32,
        output: i32,
        compute: i32,
        flags: u32,
        list: *mut i32,
        size: *mut i32,
    ) -> i32;
    fn rocblas_gemm_ex(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const std::ffi::c_void,
        a: *const std::ffi::c_void,
        at: i32,
        lda: i32,
        b: *const std::ffi::c_void,
        bt: i32,
        ldb: i32,
        be: *const std::ffi::c_void,
        c: *const std::ffi::c_void,
        ct: i32,
        ldc: i32,
        d: *mut std::ffi::c_void,
        dt: i32,
        ldd: i32,
        compute: i32,
        algo: i32,
        sol: i32,
        flags: u32,
    ) -> i32;
}

#[test]
fn solutions_by_type_are_accepted_by_gemm_ex() {
    let h = handle();
    let (f16, f32) = (rocblas_datatype_f16_r, rocblas_datatype_f32_r);
    let mut size = 0;
    assert_eq!(
        unsafe {
            rocblas_gemm_ex_get_solutions_by_type(h, f16, f16, f32, 0, null_mut(), &mut size)
        },
        rocblas_status_success
    );
    assert!(size >= 1);
    let mut list = vec![0i32; size as usize];
    assert_eq!(
        unsafe {
            rocblas_gemm_ex_get_solutions_by_type(h, f16, f16, f32, 0, list.as_mut_ptr(), &mut size)
        },
        rocblas_status_success
    );
    // The listed solution computes an f32 GEMM when asked for by index (algo solution_index).
    let a = vec![1.5f32; 4];
    let b = vec![2.0f32; 4];
    let d = dev(&[0f32; 4]);
    let (one, zero) = (1.0f32, 0.0f32);
    let mut s32 = 0;
    assert_eq!(
        unsafe { rocblas_gemm_ex_get_solutions_by_type(h, f32, f32, f32, 0, null_mut(), &mut s32) },
        rocblas_status_success
    );
    let mut l32 = vec![0i32; s32 as usize];
    assert_eq!(
        unsafe {
            rocblas_gemm_ex_get_solutions_by_type(h, f32, f32, f32, 0, l32.as_mut_ptr(), &mut s32)
        },
        rocblas_status_success
    );
    let s = unsafe {
        rocblas_gemm_ex(
            h,
            N,
            N,
            2,
            2,
            2,
            (&one as *const f32).cast(),
            dev(&a).cast(),
            f32,
            2,
            dev(&b).cast(),
            f32,
            2,
            (&zero as *const f32).cast(),
            d.cast(),
            f32,
            2,
            d.cast(),
            f32,
            2,
            f32,
            1,
            l32[0],
            0,
        )
    };
    assert_eq!(s, rocblas_status_success);
    assert_eq!(host(d, 4), vec![6.0f32; 4]);
    // Unsupported combinations and a missing size pointer.
    assert_eq!(
        unsafe {
            rocblas_gemm_ex_get_solutions_by_type(h, f32, f16, f32, 0, null_mut(), &mut size)
        },
        rocblas_status_not_implemented
    );
    assert_eq!(
        unsafe {
            rocblas_gemm_ex_get_solutions_by_type(h, f16, f16, f32, 0, null_mut(), null_mut())
        },
        rocblas_status_invalid_pointer
    );
}

// ---- device-memory helpers libraries built on rocBLAS use (rocSOLVER imports them) ----

unsafe extern "C" {
    // C-variadic as rocBLAS declares them: the test calls them the way C callers do.
    fn rocblas_device_malloc_alloc(h: H, res: *mut *mut std::ffi::c_void, count: usize, ...)
    -> i32;
    fn rocblas_set_optimal_device_memory_size_impl(h: H, count: usize, ...) -> i32;
    fn rocblas_device_malloc_get(
        p: *mut std::ffi::c_void,
        index: usize,
        res: *mut *mut std::ffi::c_void,
    ) -> i32;
    fn rocblas_device_malloc_ptr(p: *mut std::ffi::c_void, res: *mut *mut std::ffi::c_void) -> i32;
    fn rocblas_device_malloc_success(p: *mut std::ffi::c_void) -> bool;
    fn rocblas_device_malloc_free(p: *mut std::ffi::c_void) -> i32;
    fn rocblas_start_device_memory_size_query(h: H) -> i32;
    fn rocblas_stop_device_memory_size_query(h: H, size: *mut usize) -> i32;
}

#[test]
fn device_malloc_pieces_and_size_queries() {
    let h = handle();
    let mut m: *mut std::ffi::c_void = null_mut();
    assert_eq!(
        unsafe { rocblas_device_malloc_alloc(h, &mut m, 3, 100usize, 0usize, 64usize) },
        rocblas_status_success
    );
    assert!(unsafe { rocblas_device_malloc_success(m) });
    let piece = |i: usize| {
        let mut p: *mut std::ffi::c_void = null_mut();
        assert_eq!(
            unsafe { rocblas_device_malloc_get(m, i, &mut p) },
            rocblas_status_success
        );
        p
    };
    let (p0, p1, p2) = (piece(0), piece(1), piece(2));
    assert!(!p0.is_null() && p1.is_null());
    assert_eq!(p2 as usize - p0 as usize, 128, "sizes round up to 64 bytes");
    // The pieces are device memory: a round trip through each.
    let data: Vec<u32> = (0..16).collect();
    for p in [p0, p2] {
        assert_eq!(
            unsafe {
                rocblas::hip::hipMemcpy(
                    p,
                    data.as_ptr().cast(),
                    64,
                    rocblas::hip::hipMemcpyHostToDevice,
                )
            },
            0
        );
        assert_eq!(host(p as *const u32, 16), data);
    }
    let mut one: *mut std::ffi::c_void = null_mut();
    assert_eq!(
        unsafe { rocblas_device_malloc_ptr(m, &mut one) },
        rocblas_status_invalid_pointer
    ); // three pieces
    assert_eq!(
        unsafe { rocblas_device_malloc_get(m, 3, &mut one) },
        rocblas_status_invalid_pointer
    );
    assert_eq!(
        unsafe { rocblas_device_malloc_free(m) },
        rocblas_status_success
    );
    let mut single: *mut std::ffi::c_void = null_mut();
    assert_eq!(
        unsafe { rocblas_device_malloc_alloc(h, &mut single, 1, 4096usize) },
        rocblas_status_success
    );
    assert_eq!(
        unsafe { rocblas_device_malloc_ptr(single, &mut one) },
        rocblas_status_success
    );
    assert!(!one.is_null());
    assert_eq!(
        unsafe { rocblas_device_malloc_free(single) },
        rocblas_status_success
    );
    assert!(!unsafe { rocblas_device_malloc_success(null_mut()) });
    assert_eq!(
        unsafe { rocblas_device_malloc_alloc(h, &mut m, 0) },
        rocblas_status_invalid_size
    );
    assert_eq!(
        unsafe { rocblas_device_malloc_alloc(null_mut(), &mut m, 1, 8usize) },
        rocblas_status_invalid_handle
    );
    // Size queries: outside one the report is a mismatch; inside, the rounded total counts.
    assert_eq!(
        unsafe { rocblas_set_optimal_device_memory_size_impl(h, 1, 10usize) },
        rocblas_status_size_query_mismatch
    );
    assert_eq!(
        unsafe { rocblas_start_device_memory_size_query(h) },
        rocblas_status_success
    );
    assert_eq!(
        unsafe { rocblas_set_optimal_device_memory_size_impl(h, 2, 100usize, 1000usize) },
        rocblas_status_size_increased
    );
    assert_eq!(
        unsafe { rocblas_set_optimal_device_memory_size_impl(h, 1, 64usize) },
        rocblas_status_size_unchanged
    );
    let mut size = 0usize;
    assert_eq!(
        unsafe { rocblas_stop_device_memory_size_query(h, &mut size) },
        rocblas_status_success
    );
    assert_eq!(size, 128 + 1024);
}

unsafe extern "C" {
    fn rocblas_gemm_ex3(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: *const f32,
        at: i32,
        lda: i32,
        b: *const f32,
        bt: i32,
        ldb: i32,
        be: *const f32,
        c: *const f32,
        ct: i32,
        ldc: i32,
        d: *mut f32,
        dt: i32,
        ldd: i32,
        compute: i32,
        algo: i32,
        sol: i32,
        flags: u32,
    ) -> i32;
    fn rocblas_gemm_strided_batched_ex3(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: *const f32,
        at: i32,
        lda: i32,
        sa: i64,
        b: *const f32,
        bt: i32,
        ldb: i32,
        sb: i64,
        be: *const f32,
        c: *const f32,
        ct: i32,
        ldc: i32,
        sc: i64,
        d: *mut f32,
        dt: i32,
        ldd: i32,
        sd: i64,
        batch: i32,
        compute: i32,
        algo: i32,
        sol: i32,
        flags: u32,
    ) -> i32;
}

/// rocBLAS 4.x's float8 gemm_ex3 runs only on gfx940-class devices: on the gfx11 target our
/// devices report it answers rocblas_status_arch_mismatch (15), as rocBLAS does there.
#[test]
fn float8_gemm_ex3_reports_the_architecture() {
    let h = handle();
    let one = 1.0f32;
    let d = [0f32; 4];
    unsafe {
        let r = rocblas_gemm_ex3(
            h,
            N,
            N,
            2,
            2,
            2,
            &one,
            d.as_ptr(),
            0,
            2,
            d.as_ptr(),
            0,
            2,
            &one,
            d.as_ptr(),
            0,
            2,
            d.as_ptr() as *mut f32,
            0,
            2,
            0,
            0,
            0,
            0,
        );
        assert_eq!(r, rocblas_status_arch_mismatch);
        let r = rocblas_gemm_strided_batched_ex3(
            null_mut(),
            N,
            N,
            2,
            2,
            2,
            &one,
            d.as_ptr(),
            0,
            2,
            4,
            d.as_ptr(),
            0,
            2,
            4,
            &one,
            d.as_ptr(),
            0,
            2,
            4,
            d.as_ptr() as *mut f32,
            0,
            2,
            4,
            1,
            0,
            0,
            0,
            0,
        );
        assert_eq!(r, rocblas_status_invalid_handle);
    }
}
