//! The GEMM family through the C API (`?gemm*`, `gemm_ex*`), on the backend the test runs
//! on, against f64 references computed here; and rocBLAS's statuses for bad arguments.
//! Tests that reach a GEMM kernel assert which path each module took (`common::KernelPaths`:
//! SPIR-V on Vulkan devices but for the modules lavapipe cannot run, the host twin on the
//! CPU backend).

mod common;

use amdhip64 as _;
use common::{dev, handle, host, vals};
use half::{bf16, f16};
use rocblas::blas1::num::C64;
use rocblas::handle::rocblas_set_pointer_mode;
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

const N: i32 = 111;
const T: i32 = 112;
const C: i32 = 113;

unsafe extern "C" {
    fn rocblas_sgemm(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        b: *const f32,
        ldb: i32,
        be: *const f32,
        c: *mut f32,
        ldc: i32,
    ) -> i32;
    fn rocblas_hgemm(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f16,
        a: *const f16,
        lda: i32,
        b: *const f16,
        ldb: i32,
        be: *const f16,
        c: *mut f16,
        ldc: i32,
    ) -> i32;
    fn rocblas_dgemm_strided_batched(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        sa: i64,
        b: *const f64,
        ldb: i32,
        sb: i64,
        be: *const f64,
        c: *mut f64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_zgemm_batched(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const C64,
        a: *const *const C64,
        lda: i32,
        b: *const *const C64,
        ldb: i32,
        be: *const C64,
        c: *const *mut C64,
        ldc: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_gemm_ex(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const c_void,
        a: *const c_void,
        at: i32,
        lda: i32,
        b: *const c_void,
        bt: i32,
        ldb: i32,
        be: *const c_void,
        c: *const c_void,
        ct: i32,
        ldc: i32,
        d: *mut c_void,
        dt: i32,
        ldd: i32,
        compute: i32,
        algo: i32,
        sol: i32,
        flags: u32,
    ) -> i32;
    fn rocblas_gemm_batched_ex(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const c_void,
        a: *const c_void,
        at: i32,
        lda: i32,
        b: *const c_void,
        bt: i32,
        ldb: i32,
        be: *const c_void,
        c: *const c_void,
        ct: i32,
        ldc: i32,
        d: *mut c_void,
        dt: i32,
        ldd: i32,
        batch: i32,
        compute: i32,
        algo: i32,
        sol: i32,
        flags: u32,
    ) -> i32;
    fn rocblas_gemm_ex_get_solutions(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const c_void,
        a: *const c_void,
        at: i32,
        lda: i32,
        b: *const c_void,
        bt: i32,
        ldb: i32,
        be: *const c_void,
        c: *const c_void,
        ct: i32,
        ldc: i32,
        d: *mut c_void,
        dt: i32,
        ldd: i32,
        compute: i32,
        algo: i32,
        flags: u32,
        list: *mut i32,
        size: *mut i32,
    ) -> i32;
}

const F16: i32 = rocblas_datatype_f16_r;
const BF16: i32 = rocblas_datatype_bf16_r;
const F32: i32 = rocblas_datatype_f32_r;
const I8: i32 = 160;
const I32: i32 = 162;

/// A column-major matrix as the test builds it: values, rows, columns, leading dimension.
struct Mat {
    v: Vec<f64>,
    ld: usize,
}

impl Mat {
    fn new(rows: usize, cols: usize, ld: usize, seed: f64) -> Mat {
        Mat {
            v: vals(ld * cols, seed)
                .into_iter()
                .enumerate()
                .map(|(i, x)| if i % ld < rows { x } else { 0.5 })
                .collect(),
            ld,
        }
    }
    fn at(&self, r: usize, c: usize) -> f64 {
        self.v[r + c * self.ld]
    }
}

/// op(X)[r, c] for a stored X.
fn op(x: &Mat, t: i32, r: usize, c: usize) -> f64 {
    if t == N { x.at(r, c) } else { x.at(c, r) }
}

/// alpha op(A) op(B) + beta C in f64, as a column-major m x n matrix with leading dim ldc.
#[allow(clippy::too_many_arguments)]
fn reference(
    ta: i32,
    tb: i32,
    m: usize,
    n: usize,
    k: usize,
    alpha: f64,
    a: &Mat,
    b: &Mat,
    beta: f64,
    c: &Mat,
) -> Vec<f64> {
    let mut out = c.v.clone();
    for j in 0..n {
        for i in 0..m {
            let s: f64 = (0..k).map(|l| op(a, ta, i, l) * op(b, tb, l, j)).sum();
            out[i + j * c.ld] = alpha * s + if beta == 0.0 { 0.0 } else { beta * c.at(i, j) };
        }
    }
    out
}

fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "{what}: element {i}: {g} != {w}"
        );
    }
}

#[test]
fn sgemm_every_transpose_matches_the_f64_reference() {
    let paths = common::KernelPaths::start();
    let h = handle();
    let (m, n, k) = (37usize, 29usize, 41usize);
    for (ta, tb) in [(N, N), (T, N), (N, T), (C, T)] {
        let (ra, ca) = if ta == N { (m, k) } else { (k, m) };
        let (rb, cb) = if tb == N { (k, n) } else { (n, k) };
        let (a, b, c) = (
            Mat::new(ra, ca, ra + 3, 1.0),
            Mat::new(rb, cb, rb + 1, 2.0),
            Mat::new(m, n, m + 2, 3.0),
        );
        let f = |x: &Mat| x.v.iter().map(|&v| v as f32).collect::<Vec<f32>>();
        let (da, db, dc) = (dev(&f(&a)), dev(&f(&b)), dev(&f(&c)));
        let (alpha, beta) = (1.5f32, -0.5f32);
        let s = unsafe {
            rocblas_sgemm(
                h,
                ta,
                tb,
                m as i32,
                n as i32,
                k as i32,
                &alpha,
                da,
                a.ld as i32,
                db,
                b.ld as i32,
                &beta,
                dc,
                c.ld as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let got: Vec<f64> = host(dc, c.v.len())
            .into_iter()
            .map(|v: f32| v as f64)
            .collect();
        assert_close(
            &got,
            &reference(ta, tb, m, n, k, 1.5, &a, &b, -0.5, &c),
            1e-6,
            "sgemm",
        );
    }
    paths.check(&["gemm_f32", "gemm_f32_nt", "gemm_f32_t"]);
}

#[test]
fn dgemm_strided_batched_and_device_scalars() {
    let paths = common::KernelPaths::start();
    let h = handle();
    let (m, n, k, batch) = (16usize, 9usize, 12usize, 3usize);
    let (sa, sb, sc) = (m * k + 5, k * n + 7, m * n + 1);
    // Each buffer holds the whole batch at its stride.
    let a = Mat::new(m, (sa * batch).div_ceil(m), m, 4.0);
    let b = Mat::new(k, (sb * batch).div_ceil(k), k, 5.0);
    let c = Mat::new(m, (sc * batch).div_ceil(m), m, 6.0);
    let (da, db, dc) = (dev(&a.v), dev(&b.v), dev(&c.v));
    let (dal, dbe) = (dev(&[2.0f64]), dev(&[0.25f64]));
    assert_eq!(
        unsafe { rocblas_set_pointer_mode(h, rocblas_pointer_mode_device) },
        0
    );
    let s = unsafe {
        rocblas_dgemm_strided_batched(
            h,
            N,
            N,
            m as i32,
            n as i32,
            k as i32,
            dal,
            da,
            m as i32,
            sa as i64,
            db,
            k as i32,
            sb as i64,
            dbe,
            dc,
            m as i32,
            sc as i64,
            batch as i32,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let got = host(dc, c.v.len());
    let mut want = c.v.clone();
    for q in 0..batch {
        let sub = |x: &Mat, off: usize, rows: usize, cols: usize| Mat {
            v: x.v[off..off + x.ld * (cols - 1) + rows].to_vec(),
            ld: x.ld,
        };
        let (aq, bq, cq) = (
            sub(&a, q * sa, m, k),
            sub(&b, q * sb, k, n),
            sub(&c, q * sc, m, n),
        );
        let r = reference(N, N, m, n, k, 2.0, &aq, &bq, 0.25, &cq);
        want[q * sc..q * sc + r.len()].copy_from_slice(&r);
    }
    assert_close(&got, &want, 1e-14, "dgemm_strided_batched");
    paths.check(&["gemm_f64"]);
}

#[test]
fn zgemm_batched_conjugate_transposes() {
    let paths = common::KernelPaths::start();
    let h = handle();
    let (m, n, k) = (5usize, 4usize, 6usize);
    let cv = |len: usize, seed: f64| -> Vec<C64> {
        vals(len, seed)
            .into_iter()
            .zip(vals(len, seed + 9.0))
            .map(|(re, im)| C64 { re, im })
            .collect()
    };
    let (a, b, c) = (cv(k * m, 1.0), cv(n * k, 2.0), cv(m * n, 3.0));
    let ptrs = |v: &[C64]| dev(&[dev(v) as u64, dev(v) as u64]);
    let (pa, pb, pc) = (ptrs(&a), ptrs(&b), ptrs(&c));
    let (alpha, beta) = (C64 { re: 1.0, im: -0.5 }, C64 { re: 0.5, im: 0.25 });
    let s = unsafe {
        rocblas_zgemm_batched(
            h,
            C,
            T,
            m as i32,
            n as i32,
            k as i32,
            &alpha,
            pa.cast(),
            k as i32,
            pb.cast(),
            n as i32,
            &beta,
            pc.cast(),
            m as i32,
            2,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let mul = |x: C64, y: C64| C64 {
        re: x.re * y.re - x.im * y.im,
        im: x.re * y.im + x.im * y.re,
    };
    let add = |x: C64, y: C64| C64 {
        re: x.re + y.re,
        im: x.im + y.im,
    };
    for q in 0..2 {
        let cq: u64 = host(pc.cast::<u64>(), 2)[q];
        let got = host(cq as *const C64, m * n);
        for j in 0..n {
            for i in 0..m {
                let mut s = C64 { re: 0.0, im: 0.0 };
                for l in 0..k {
                    let av = a[l + i * k];
                    s = add(
                        s,
                        mul(
                            C64 {
                                re: av.re,
                                im: -av.im,
                            },
                            b[j + l * n],
                        ),
                    );
                }
                let want = add(mul(alpha, s), mul(beta, c[i + j * m]));
                let g = got[i + j * m];
                assert!(
                    (g.re - want.re).abs() < 1e-12 && (g.im - want.im).abs() < 1e-12,
                    "zgemm_batched {q} ({i},{j}): {g:?} != {want:?}"
                );
            }
        }
    }
    paths.check(&["gemm_c64"]);
}

/// hgemm on a shape the cooperative-matrix kernel takes (whole 128 x 128 x 32 tiles) and
/// on one that takes the host path.
#[test]
fn hgemm_kernel_tiles_and_edges() {
    let paths = common::KernelPaths::start();
    let h = handle();
    for (m, n, k, tb) in [
        (256usize, 128usize, 64usize, N),
        (256, 128, 64, T),
        (33, 17, 9, N),
    ] {
        let (rb, cb) = if tb == N { (k, n) } else { (n, k) };
        let (a, b, c) = (
            Mat::new(m, k, m, 1.0),
            Mat::new(rb, cb, rb, 2.0),
            Mat::new(m, n, m, 3.0),
        );
        let f = |x: &Mat| x.v.iter().map(|&v| f16::from_f64(v)).collect::<Vec<f16>>();
        let (da, db, dc) = (dev(&f(&a)), dev(&f(&b)), dev(&f(&c)));
        let (alpha, beta) = (f16::from_f64(0.5), f16::from_f64(0.25));
        let s = unsafe {
            rocblas_hgemm(
                h, N, tb, m as i32, n as i32, k as i32, &alpha, da, m as i32, db, rb as i32, &beta,
                dc, m as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let got: Vec<f64> = host(dc, m * n)
            .into_iter()
            .map(|v: f16| v.to_f64())
            .collect();
        assert_close(
            &got,
            &reference(N, tb, m, n, k, 0.5, &a, &b, 0.25, &c),
            1e-3,
            "hgemm",
        );
    }
    paths.check(&["gemm_f16_nn", "gemm_f16_nt"]);
}

#[test]
fn gemm_ex_mixed_types() {
    let paths = common::KernelPaths::start();
    let h = handle();
    let (m, n, k) = (128usize, 128usize, 32usize);
    let (a, b, c) = (
        Mat::new(m, k, m, 1.0),
        Mat::new(k, n, k, 2.0),
        Mat::new(m, n, m, 3.0),
    );
    let want = reference(N, N, m, n, k, 1.0, &a, &b, 2.0, &c);
    let (alpha, beta) = (1.0f32, 2.0f32);
    // f16 in, f32 out (C and D different matrices).
    let h16 = |x: &Mat| x.v.iter().map(|&v| f16::from_f64(v)).collect::<Vec<f16>>();
    let c32: Vec<f32> = c.v.iter().map(|&v| v as f32).collect();
    let (da, db, dc, dd) = (
        dev(&h16(&a)),
        dev(&h16(&b)),
        dev(&c32),
        dev(&vec![f32::NAN; m * n]),
    );
    let s = unsafe {
        rocblas_gemm_ex(
            h,
            N,
            N,
            m as i32,
            n as i32,
            k as i32,
            (&alpha as *const f32).cast(),
            da.cast(),
            F16,
            m as i32,
            db.cast(),
            F16,
            k as i32,
            (&beta as *const f32).cast(),
            dc.cast(),
            F32,
            m as i32,
            dd.cast(),
            F32,
            m as i32,
            F32,
            0,
            0,
            0,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let got: Vec<f64> = host(dd, m * n).into_iter().map(|v: f32| v as f64).collect();
    assert_close(&got, &want, 1e-6, "gemm_ex f16 -> f32");
    // bf16 in and out, f32 compute, in place.
    let b16 = |x: &Mat| {
        x.v.iter()
            .map(|&v| bf16::from_f64(v))
            .collect::<Vec<bf16>>()
    };
    let (da, db, dc) = (dev(&b16(&a)), dev(&b16(&b)), dev(&b16(&c)));
    let s = unsafe {
        rocblas_gemm_ex(
            h,
            N,
            N,
            m as i32,
            n as i32,
            k as i32,
            (&alpha as *const f32).cast(),
            da.cast(),
            BF16,
            m as i32,
            db.cast(),
            BF16,
            k as i32,
            (&beta as *const f32).cast(),
            dc.cast(),
            BF16,
            m as i32,
            dc.cast(),
            BF16,
            m as i32,
            F32,
            0,
            0,
            0,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let got: Vec<f64> = host(dc, m * n)
        .into_iter()
        .map(|v: bf16| v.to_f64())
        .collect();
    assert_close(&got, &want, 1e-2, "gemm_ex bf16");
    paths.check(&["gemm_f16_nn", "gemm_bf16_nn"]);
}

/// int8 in, int32 out, plain and packed (int8x4: four consecutive k of a row together).
#[test]
fn gemm_ex_int8_plain_and_packed() {
    // No int8 kernel: both forms run on the host, and no committed module may launch.
    let paths = common::KernelPaths::start();
    let h = handle();
    let (m, n, k) = (6usize, 5usize, 8usize);
    let a: Vec<i8> = (0..m * k).map(|i| ((i * 7) % 11) as i8 - 5).collect();
    let b: Vec<i8> = (0..k * n).map(|i| ((i * 5) % 13) as i8 - 6).collect();
    let mut want = vec![0i32; m * n];
    for j in 0..n {
        for i in 0..m {
            want[i + j * m] = 3
                * (0..k)
                    .map(|l| a[i + l * m] as i32 * b[l + j * k] as i32)
                    .sum::<i32>();
        }
    }
    let mut packed = vec![0i8; m * k];
    for col in 0..k {
        for row in 0..m {
            packed[(col / 4) * 4 * m + 4 * row + col % 4] = a[row + col * m];
        }
    }
    for (data, flags) in [(&a, 0u32), (&packed, 1u32)] {
        let (da, db, dd) = (dev(data), dev(&b), dev(&vec![-1i32; m * n]));
        let (alpha, beta) = (3i32, 0i32);
        let s = unsafe {
            rocblas_gemm_ex(
                h,
                N,
                N,
                m as i32,
                n as i32,
                k as i32,
                (&alpha as *const i32).cast(),
                da.cast(),
                I8,
                m as i32,
                db.cast(),
                I8,
                k as i32,
                (&beta as *const i32).cast(),
                dd.cast(),
                I32,
                m as i32,
                dd.cast(),
                I32,
                m as i32,
                I32,
                0,
                0,
                flags,
            )
        };
        assert_eq!(s, rocblas_status_success);
        assert_eq!(host(dd, m * n), want, "int8 gemm_ex flags {flags}");
    }
    paths.check(&[]);
}

/// beta = 0 does not read C and alpha = 0 does not read A or B: NaN there stays out.
#[test]
fn zero_scalars_do_not_read_their_matrices() {
    let paths = common::KernelPaths::start();
    let h = handle();
    let (m, n, k) = (4i32, 3i32, 2i32);
    let nan = vec![f32::NAN; 64];
    let ones = vec![1.0f32; 64];
    let (dnan, dones) = (dev(&nan), dev(&ones));
    let dc = dev(&nan);
    let (one, zero) = (1.0f32, 0.0f32);
    assert_eq!(
        unsafe { rocblas_sgemm(h, N, N, m, n, k, &one, dones, m, dones, k, &zero, dc, m) },
        0
    );
    assert!(host(dc, 12).iter().all(|&v| v == 2.0), "beta = 0 leaked C");
    let dc = dev(&ones);
    let half = 0.5f32;
    assert_eq!(
        unsafe { rocblas_sgemm(h, N, N, m, n, k, &zero, dnan, m, dnan, k, &half, dc, m) },
        0
    );
    assert!(
        host(dc, 12).iter().all(|&v| v == 0.5),
        "alpha = 0 leaked A or B"
    );
    paths.check(&["gemm_f32"]);
}

#[test]
fn bad_arguments_get_rocblas_statuses() {
    let paths = common::KernelPaths::start();
    let h = handle();
    let (one, zero) = (1.0f32, 0.0f32);
    let d = dev(&[1.0f32; 64]);
    let call = |h: rocblas_handle, ta: i32, m: i32, lda: i32, beta: *const f32, c: *mut f32| unsafe {
        rocblas_sgemm(h, ta, N, m, 4, 4, &one, d, lda, d, 4, beta, c, 4)
    };
    assert_eq!(
        call(null_mut(), N, 4, 4, &one, d),
        rocblas_status_invalid_handle
    );
    assert_eq!(call(h, 42, 4, 4, &one, d), rocblas_status_invalid_value);
    assert_eq!(call(h, N, -1, 4, &one, d), rocblas_status_invalid_size);
    assert_eq!(call(h, N, 4, 3, &one, d), rocblas_status_invalid_size);
    assert_eq!(call(h, N, 0, 4, null(), null_mut()), rocblas_status_success);
    assert_eq!(call(h, N, 4, 4, null(), d), rocblas_status_invalid_pointer);
    assert_eq!(
        call(h, N, 4, 4, &zero, null_mut()),
        rocblas_status_invalid_pointer
    );
    // gemm_ex: an unsupported type combination, and C == D with different leading dims.
    let ex = |at: i32, ct: i32, ldd: i32| unsafe {
        rocblas_gemm_ex(
            h,
            N,
            N,
            4,
            4,
            4,
            (&one as *const f32).cast(),
            d.cast(),
            at,
            4,
            d.cast(),
            at,
            4,
            (&one as *const f32).cast(),
            d.cast(),
            ct,
            4,
            d.cast(),
            ct,
            ldd,
            F32,
            0,
            0,
            0,
        )
    };
    assert_eq!(ex(F32, F16, 4), rocblas_status_not_implemented);
    assert_eq!(ex(F32, F32, 8), rocblas_status_invalid_size);
    assert_eq!(ex(F32, F32, 4), rocblas_status_success);
    // Batched pointer arrays must be 8-byte aligned.
    let arr = dev(&[0u64; 4]) as usize;
    let s = unsafe {
        rocblas_gemm_batched_ex(
            h,
            N,
            N,
            4,
            4,
            4,
            (&one as *const f32).cast(),
            (arr + 4) as *const c_void,
            F32,
            4,
            arr as *const c_void,
            F32,
            4,
            (&one as *const f32).cast(),
            arr as *const c_void,
            F32,
            4,
            arr as *mut c_void,
            F32,
            4,
            1,
            F32,
            0,
            0,
            0,
        )
    };
    assert_eq!(s, rocblas_status_invalid_size);
    // One solution; asking for another is invalid_value.
    let (mut size, mut list) = (0i32, [-1i32; 2]);
    let sol = |list: *mut i32, size: *mut i32| unsafe {
        rocblas_gemm_ex_get_solutions(
            h,
            N,
            N,
            4,
            4,
            4,
            (&one as *const f32).cast(),
            d.cast(),
            F32,
            4,
            d.cast(),
            F32,
            4,
            (&one as *const f32).cast(),
            d.cast(),
            F32,
            4,
            d.cast(),
            F32,
            4,
            F32,
            1,
            0,
            list,
            size,
        )
    };
    assert_eq!(sol(null_mut(), &mut size), 0);
    assert_eq!(size, 1);
    assert_eq!(sol(list.as_mut_ptr(), &mut size), 0);
    assert_eq!(list, [1, -1]);
    let with = |index: i32| unsafe {
        rocblas_gemm_ex(
            h,
            N,
            N,
            4,
            4,
            4,
            (&one as *const f32).cast(),
            d.cast(),
            F32,
            4,
            d.cast(),
            F32,
            4,
            (&one as *const f32).cast(),
            d.cast(),
            F32,
            4,
            d.cast(),
            F32,
            4,
            F32,
            1,
            index,
            0,
        )
    };
    assert_eq!(with(1), rocblas_status_success);
    assert_eq!(with(2), rocblas_status_invalid_value);
    paths.check(&["gemm_f32"]);
}
