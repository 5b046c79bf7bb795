//! GEMMs whose operands are repacked into the (N, T) layout before the kernel runs
//! (`OXROCM_ROCBLAS_GEMM_PACK=always`, set here before the first call: the library reads it
//! once): strided and pointer-array batches, odd sizes and padded leading dimensions, f32
//! and f16, against an f64 reference computed here; the inputs must come back unchanged.
//! On the CPU backend the transposes run as their host twin; the Vulkan passes of
//! `cargo xtask test` run this file again on lavapipe, where they run as SPIR-V. Each test
//! asserts which path its modules took (`common::KernelPaths`).

mod common;

use amdhip64 as _;
use common::{dev, handle, host, ptr_array, vals};
use half::f16;
use rocblas::types::*;

const N: i32 = 111;
const T: i32 = 112;

unsafe extern "C" {
    fn rocblas_set_stream(h: rocblas_handle, s: *mut std::ffi::c_void) -> i32;
    fn rocblas_destroy_handle(h: rocblas_handle) -> i32;
    fn rocblas_sgemm_strided_batched(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        sa: i64,
        b: *const f32,
        ldb: i32,
        sb: i64,
        be: *const f32,
        c: *mut f32,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_sgemm_batched(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
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
    fn rocblas_hgemm_strided_batched(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f16,
        a: *const f16,
        lda: i32,
        sa: i64,
        b: *const f16,
        ldb: i32,
        sb: i64,
        be: *const f16,
        c: *mut f16,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
}

fn repack_always() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // Set before any rocBLAS call of this process (every test calls this first).
    ONCE.call_once(|| unsafe { std::env::set_var("OXROCM_ROCBLAS_GEMM_PACK", "always") });
}

/// A batch of column-major rows x cols matrices with leading dimension ld, `stride`
/// elements apart (8 more than the matrix: 16-byte starts for 16-bit elements); padding
/// holds 0.5 (a wrong leading dimension shows).
struct Batch {
    v: Vec<f64>,
    ld: usize,
    stride: usize,
}

impl Batch {
    fn new(rows: usize, cols: usize, ld: usize, batch: usize, seed: f64) -> Batch {
        let stride = ld * cols + 8;
        let v = vals(stride * batch, seed)
            .into_iter()
            .enumerate()
            .map(|(i, x)| {
                if (i % stride) % ld < rows && i % stride < ld * cols {
                    x
                } else {
                    0.5
                }
            })
            .collect();
        Batch { v, ld, stride }
    }
    /// op(X)[r, c] of entry b.
    fn op(&self, t: i32, b: usize, r: usize, c: usize) -> f64 {
        let (r, c) = if t == N { (r, c) } else { (c, r) };
        self.v[b * self.stride + r + c * self.ld]
    }
}

/// alpha op(A) op(B) + beta C for every entry, in f64; C's layout.
#[allow(clippy::too_many_arguments)]
fn reference(
    ta: i32,
    tb: i32,
    m: usize,
    n: usize,
    k: usize,
    alpha: f64,
    a: &Batch,
    b: &Batch,
    beta: f64,
    c: &Batch,
    batch: usize,
) -> Vec<f64> {
    let mut out = c.v.clone();
    for e in 0..batch {
        for j in 0..n {
            for i in 0..m {
                let s: f64 = (0..k).map(|l| a.op(ta, e, i, l) * b.op(tb, e, l, j)).sum();
                out[e * c.stride + i + j * c.ld] = alpha * s + beta * c.op(N, e, i, j);
            }
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

/// Stored shapes of op(A) (m x k) and op(B) (k x n).
fn shapes(ta: i32, tb: i32, m: usize, n: usize, k: usize) -> ((usize, usize), (usize, usize)) {
    (
        if ta == N { (m, k) } else { (k, m) },
        if tb == N { (k, n) } else { (n, k) },
    )
}

/// One strided-batched sgemm on the handle's stream, checked against the reference; the
/// inputs must come back unchanged.
fn check_sgemm_strided(
    h: rocblas_handle,
    ta: i32,
    tb: i32,
    m: usize,
    n: usize,
    k: usize,
    batch: usize,
) {
    let ((ra, ca), (rb, cb)) = shapes(ta, tb, m, n, k);
    let (a, b, c) = (
        Batch::new(ra, ca, ra + 3, batch, 1.0),
        Batch::new(rb, cb, rb + 1, batch, 2.0),
        Batch::new(m, n, m + 2, batch, 3.0),
    );
    let f = |x: &Batch| x.v.iter().map(|&v| v as f32).collect::<Vec<f32>>();
    let (da, db, dc) = (dev(&f(&a)), dev(&f(&b)), dev(&f(&c)));
    let (alpha, beta) = (1.5f32, -0.5f32);
    let s = unsafe {
        rocblas_sgemm_strided_batched(
            h,
            ta,
            tb,
            m as i32,
            n as i32,
            k as i32,
            &alpha,
            da,
            a.ld as i32,
            a.stride as i64,
            db,
            b.ld as i32,
            b.stride as i64,
            &beta,
            dc,
            c.ld as i32,
            c.stride as i64,
            batch as i32,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let got: Vec<f64> = host(dc, c.v.len())
        .into_iter()
        .map(|v: f32| v as f64)
        .collect();
    let what = format!("sgemm_strided_batched {ta}/{tb} {m}x{n}x{k}");
    assert_close(
        &got,
        &reference(ta, tb, m, n, k, 1.5, &a, &b, -0.5, &c, batch),
        1e-6,
        &what,
    );
    assert_eq!(host(da, a.v.len()), f(&a), "{what}: A changed");
    assert_eq!(host(db, b.v.len()), f(&b), "{what}: B changed");
}

#[test]
fn sgemm_strided_batched_repacked_operands() {
    let paths = common::KernelPaths::start();
    repack_always();
    let h = handle();
    for (ta, tb) in [(N, N), (T, N), (T, T), (N, T)] {
        check_sgemm_strided(h, ta, tb, 37, 29, 41, 3);
    }
    paths.check(&["gemm_f32_nt", "transpose_32"]);
}

/// The handle keeps its scratch between calls: it grows for a larger problem, and a call
/// on another stream first waits for the work of the stream that used it last.
#[test]
fn scratch_kept_grown_and_shared_across_streams() {
    let paths = common::KernelPaths::start();
    repack_always();
    let h = handle();
    check_sgemm_strided(h, T, N, 16, 16, 16, 1);
    check_sgemm_strided(h, T, N, 70, 50, 90, 2);
    let mut s: *mut std::ffi::c_void = std::ptr::null_mut();
    assert_eq!(unsafe { rocblas::hip::hipStreamCreate(&mut s) }, 0);
    assert_eq!(unsafe { rocblas_set_stream(h, s) }, rocblas_status_success);
    check_sgemm_strided(h, T, T, 33, 21, 45, 2);
    assert_eq!(unsafe { rocblas_destroy_handle(h) }, rocblas_status_success);
    assert_eq!(unsafe { rocblas::hip::hipStreamDestroy(s) }, 0);
    paths.check(&["gemm_f32_nt", "transpose_32"]);
}

#[test]
fn sgemm_batched_pointer_arrays_repacked() {
    let paths = common::KernelPaths::start();
    repack_always();
    let h = handle();
    let (m, n, k, batch) = (19usize, 23usize, 17usize, 2usize);
    let (ta, tb) = (T, N);
    let ((ra, ca), (rb, cb)) = shapes(ta, tb, m, n, k);
    let (a, b, c) = (
        Batch::new(ra, ca, ra, batch, 4.0),
        Batch::new(rb, cb, rb + 2, batch, 5.0),
        Batch::new(m, n, m, batch, 6.0),
    );
    let f = |x: &Batch| x.v.iter().map(|&v| v as f32).collect::<Vec<f32>>();
    let (da, db, dc) = (dev(&f(&a)), dev(&f(&b)), dev(&f(&c)));
    let ptrs = |d: *mut f32, stride: usize| {
        (0..batch)
            .map(|e| unsafe { d.add(e * stride) } as u64)
            .collect::<Vec<u64>>()
    };
    let (pa, pb, pc) = (
        dev(&ptrs(da, a.stride)),
        dev(&ptrs(db, b.stride)),
        dev(&ptrs(dc, c.stride)),
    );
    let (alpha, beta) = (0.75f32, 2.0f32);
    let s = unsafe {
        rocblas_sgemm_batched(
            h,
            ta,
            tb,
            m as i32,
            n as i32,
            k as i32,
            &alpha,
            pa as *const *const f32,
            a.ld as i32,
            pb as *const *const f32,
            b.ld as i32,
            &beta,
            pc as *const *mut f32,
            c.ld as i32,
            batch as i32,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let got: Vec<f64> = host(dc, c.v.len())
        .into_iter()
        .map(|v: f32| v as f64)
        .collect();
    assert_close(
        &got,
        &reference(ta, tb, m, n, k, 0.75, &a, &b, 2.0, &c, batch),
        1e-6,
        "sgemm_batched T/N",
    );
    paths.check(&["gemm_f32_nt", "transpose_32"]);
}

#[test]
fn hgemm_kernel_tiles_repacked() {
    let paths = common::KernelPaths::start();
    repack_always();
    let h = handle();
    // Whole kernel tiles (128 x 128 x 32), so the cooperative-matrix kernel runs where the
    // device has it; A and B with leading dimensions that are not multiples of 8 are
    // brought to ones that are by the repacking (only C and D must suit as they are).
    let (m, n, k, batch) = (256usize, 128usize, 64usize, 2usize);
    for (ta, tb, pad) in [(T, N, 3), (T, T, 0), (N, N, 8)] {
        let ((ra, ca), (rb, cb)) = shapes(ta, tb, m, n, k);
        let (a, b, c) = (
            Batch::new(ra, ca, ra + pad, batch, 1.0),
            Batch::new(rb, cb, rb + pad, batch, 2.0),
            Batch::new(m, n, m, batch, 3.0),
        );
        let f = |x: &Batch| x.v.iter().map(|&v| f16::from_f64(v)).collect::<Vec<f16>>();
        let (da, db, dc) = (dev(&f(&a)), dev(&f(&b)), dev(&f(&c)));
        let (alpha, beta) = (f16::from_f64(0.5), f16::from_f64(0.25));
        let s = unsafe {
            rocblas_hgemm_strided_batched(
                h,
                ta,
                tb,
                m as i32,
                n as i32,
                k as i32,
                &alpha,
                da,
                a.ld as i32,
                a.stride as i64,
                db,
                b.ld as i32,
                b.stride as i64,
                &beta,
                dc,
                c.ld as i32,
                c.stride as i64,
                batch as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let got: Vec<f64> = host(dc, c.v.len())
            .into_iter()
            .map(|v: f16| v.to_f64())
            .collect();
        let what = format!("hgemm_strided_batched {ta}/{tb}");
        assert_close(
            &got,
            &reference(ta, tb, m, n, k, 0.5, &a, &b, 0.25, &c, batch),
            1e-3,
            &what,
        );
        assert_eq!(host(da, a.v.len()), f(&a), "{what}: A changed");
    }
    paths.check(&["gemm_f16_nt", "transpose_16"]);
}

// ---------------------------------------------------------------------------------------
// Complex: cgemm/zgemm repack an operand stored along K as the real GEMMs do (conjugation
// stays with the kernel, applied to the copy), and the rank-k updates with op T or C read
// transposed copies of their stored k x n operands (one copy for syrk's A).

const C: i32 = 113;
const UPPER: i32 = 121;
const LOWER: i32 = 122;

type Cx = [f64; 2];
fn cmul(a: Cx, b: Cx) -> Cx {
    [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]]
}
fn cadd(a: Cx, b: Cx) -> Cx {
    [a[0] + b[0], a[1] + b[1]]
}
fn conj(a: Cx) -> Cx {
    [a[0], -a[1]]
}

/// A batch of column-major complex matrices (as `Batch`), padding 0.5 + 0.5i.
struct CBatch {
    v: Vec<Cx>,
    ld: usize,
    stride: usize,
}

impl CBatch {
    fn new(rows: usize, cols: usize, ld: usize, batch: usize, seed: f64) -> CBatch {
        let (re, im) = (
            Batch::new(rows, cols, ld, batch, seed),
            Batch::new(rows, cols, ld, batch, seed + 0.5),
        );
        let v = re.v.iter().zip(&im.v).map(|(&r, &i)| [r, i]).collect();
        CBatch {
            v,
            ld,
            stride: re.stride,
        }
    }
    /// op(X)[r, c] of entry b (op C conjugates).
    fn op(&self, t: i32, b: usize, r: usize, c: usize) -> Cx {
        let (r, c) = if t == N { (r, c) } else { (c, r) };
        let x = self.v[b * self.stride + r + c * self.ld];
        if t == C { conj(x) } else { x }
    }
    fn f32s(&self) -> Vec<[f32; 2]> {
        self.v.iter().map(|x| [x[0] as f32, x[1] as f32]).collect()
    }
}

fn assert_close_c(got: &[Cx], want: &[Cx], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let scale = w[0].abs().max(w[1].abs()).max(1.0);
        assert!(
            (g[0] - w[0]).abs() <= tol * scale && (g[1] - w[1]).abs() <= tol * scale,
            "{what}: element {i}: {g:?} != {w:?}"
        );
    }
}

/// Sum over `terms` (coefficient, op, X, Y) of coef op(X) Y-side products — each term is
/// coef * op_x(X) * op_y(Y) with op(X) m x k, op(Y) k x n — plus beta C, on C's `tri`
/// triangle (0: all of it), keeping the diagonal real where `real_diag`.
#[allow(clippy::too_many_arguments)]
fn creference(
    m: usize,
    n: usize,
    k: usize,
    terms: &[(Cx, i32, &CBatch, i32, &CBatch)],
    beta: Cx,
    c: &CBatch,
    batch: usize,
    tri: i32,
    real_diag: bool,
) -> Vec<Cx> {
    let mut out = c.v.clone();
    for e in 0..batch {
        for j in 0..n {
            for i in 0..m {
                if (tri == UPPER && i > j) || (tri == LOWER && i < j) {
                    continue;
                }
                let mut v = cmul(beta, c.op(N, e, i, j));
                for &(coef, tx, x, ty, y) in terms {
                    let s = (0..k).fold([0.0, 0.0], |s, l| {
                        cadd(s, cmul(x.op(tx, e, i, l), y.op(ty, e, l, j)))
                    });
                    v = cadd(v, cmul(coef, s));
                }
                if real_diag && i == j {
                    v[1] = 0.0;
                }
                out[e * c.stride + i + j * c.ld] = v;
            }
        }
    }
    out
}

unsafe extern "C" {
    fn rocblas_cgemm_strided_batched(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const [f32; 2],
        a: *const [f32; 2],
        lda: i32,
        sa: i64,
        b: *const [f32; 2],
        ldb: i32,
        sb: i64,
        be: *const [f32; 2],
        c: *mut [f32; 2],
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
        al: *const Cx,
        a: *const *const Cx,
        lda: i32,
        b: *const *const Cx,
        ldb: i32,
        be: *const Cx,
        c: *const *mut Cx,
        ldc: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_csyrk_strided_batched(
        h: rocblas_handle,
        uplo: i32,
        trans: i32,
        n: i32,
        k: i32,
        al: *const [f32; 2],
        a: *const [f32; 2],
        lda: i32,
        sa: i64,
        be: *const [f32; 2],
        c: *mut [f32; 2],
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_cherk_batched(
        h: rocblas_handle,
        uplo: i32,
        trans: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: *const *const [f32; 2],
        lda: i32,
        be: *const f32,
        c: *const *mut [f32; 2],
        ldc: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_zherk_strided_batched(
        h: rocblas_handle,
        uplo: i32,
        trans: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: *const Cx,
        lda: i32,
        sa: i64,
        be: *const f64,
        c: *mut Cx,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_csyr2k_strided_batched(
        h: rocblas_handle,
        uplo: i32,
        trans: i32,
        n: i32,
        k: i32,
        al: *const [f32; 2],
        a: *const [f32; 2],
        lda: i32,
        sa: i64,
        b: *const [f32; 2],
        ldb: i32,
        sb: i64,
        be: *const [f32; 2],
        c: *mut [f32; 2],
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_zher2k_strided_batched(
        h: rocblas_handle,
        uplo: i32,
        trans: i32,
        n: i32,
        k: i32,
        al: *const Cx,
        a: *const Cx,
        lda: i32,
        sa: i64,
        b: *const Cx,
        ldb: i32,
        sb: i64,
        be: *const f64,
        c: *mut Cx,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
}

fn c32_back(v: Vec<[f32; 2]>) -> Vec<Cx> {
    v.into_iter().map(|x| [x[0] as f64, x[1] as f64]).collect()
}

#[test]
fn complex_gemms_repacked_with_conjugation() {
    let paths = common::KernelPaths::start();
    repack_always();
    let h = handle();
    let (m, n, k, batch) = (37usize, 29usize, 41usize, 2usize);
    let (alpha, beta) = ([1.5, -0.25], [-0.5, 0.75]);
    for (ta, tb) in [(N, N), (C, N), (T, C), (C, T), (N, T)] {
        let ((ra, ca), (rb, cb)) = shapes(ta, tb, m, n, k);
        let (a, b, c) = (
            CBatch::new(ra, ca, ra + 3, batch, 1.0),
            CBatch::new(rb, cb, rb + 1, batch, 2.0),
            CBatch::new(m, n, m + 2, batch, 3.0),
        );
        let (da, db, dc) = (dev(&a.f32s()), dev(&b.f32s()), dev(&c.f32s()));
        let (al, be) = ([1.5f32, -0.25], [-0.5f32, 0.75]);
        let s = unsafe {
            rocblas_cgemm_strided_batched(
                h,
                ta,
                tb,
                m as i32,
                n as i32,
                k as i32,
                &al,
                da,
                a.ld as i32,
                a.stride as i64,
                db,
                b.ld as i32,
                b.stride as i64,
                &be,
                dc,
                c.ld as i32,
                c.stride as i64,
                batch as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let what = format!("cgemm_strided_batched {ta}/{tb}");
        let want = creference(
            m,
            n,
            k,
            &[(alpha, ta, &a, tb, &b)],
            beta,
            &c,
            batch,
            0,
            false,
        );
        assert_close_c(&c32_back(host(dc, c.v.len())), &want, 2e-5, &what);
        assert_eq!(host(da, a.v.len()), a.f32s(), "{what}: A changed");
        assert_eq!(host(db, b.v.len()), b.f32s(), "{what}: B changed");
    }
    // zgemm with pointer arrays: the copies come with pointer arrays of their own.
    let (ta, tb) = (C, N);
    let ((ra, ca), (rb, cb)) = shapes(ta, tb, m, n, k);
    let (a, b, c) = (
        CBatch::new(ra, ca, ra, batch, 4.0),
        CBatch::new(rb, cb, rb + 2, batch, 5.0),
        CBatch::new(m, n, m, batch, 6.0),
    );
    let (da, db, dc) = (dev(&a.v), dev(&b.v), dev(&c.v));
    let (pa, pb, pc) = (
        ptr_array(da, a.stride, batch),
        ptr_array(db, b.stride, batch),
        ptr_array(dc, c.stride, batch),
    );
    let s = unsafe {
        rocblas_zgemm_batched(
            h,
            ta,
            tb,
            m as i32,
            n as i32,
            k as i32,
            &alpha,
            pa as *const *const Cx,
            a.ld as i32,
            pb as *const *const Cx,
            b.ld as i32,
            &beta,
            pc as *const *mut Cx,
            c.ld as i32,
            batch as i32,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let want = creference(
        m,
        n,
        k,
        &[(alpha, ta, &a, tb, &b)],
        beta,
        &c,
        batch,
        0,
        false,
    );
    assert_close_c(&host(dc, c.v.len()), &want, 1e-12, "zgemm_batched C/N");
    paths.check(&["gemm_c32", "gemm_c64", "transpose_64", "transpose_128"]);
}

#[test]
fn rank_k_updates_read_transposed_copies() {
    let paths = common::KernelPaths::start();
    repack_always();
    let h = handle();
    let (n, k, batch) = (33usize, 45usize, 2usize);
    for uplo in [UPPER, LOWER] {
        // Stored k x n operands (op T or C), C with a padded leading dimension.
        let (a, b, c) = (
            CBatch::new(k, n, k + 1, batch, 1.0 + uplo as f64),
            CBatch::new(k, n, k + 3, batch, 2.0),
            CBatch::new(n, n, n + 2, batch, 3.0),
        );
        let (al, be) = ([0.75f32, 0.5], [-1.25f32, 0.25]);
        let (alpha, beta) = ([0.75, 0.5], [-1.25, 0.25]);
        let (da, db) = (dev(&a.f32s()), dev(&b.f32s()));
        let dc = dev(&c.f32s());
        let s = unsafe {
            rocblas_csyrk_strided_batched(
                h,
                uplo,
                T,
                n as i32,
                k as i32,
                &al,
                da,
                a.ld as i32,
                a.stride as i64,
                &be,
                dc,
                c.ld as i32,
                c.stride as i64,
                batch as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let want = creference(
            n,
            n,
            k,
            &[(alpha, T, &a, N, &a)],
            beta,
            &c,
            batch,
            uplo,
            false,
        );
        assert_close_c(
            &c32_back(host(dc, c.v.len())),
            &want,
            2e-5,
            &format!("csyrk {uplo} T"),
        );
        let dc = dev(&c.f32s());
        let s = unsafe {
            rocblas_csyr2k_strided_batched(
                h,
                uplo,
                T,
                n as i32,
                k as i32,
                &al,
                da,
                a.ld as i32,
                a.stride as i64,
                db,
                b.ld as i32,
                b.stride as i64,
                &be,
                dc,
                c.ld as i32,
                c.stride as i64,
                batch as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let terms = [(alpha, T, &a, N, &b), (alpha, T, &b, N, &a)];
        let want = creference(n, n, k, &terms, beta, &c, batch, uplo, false);
        assert_close_c(
            &c32_back(host(dc, c.v.len())),
            &want,
            2e-5,
            &format!("csyr2k {uplo} T"),
        );
        assert_eq!(host(da, a.v.len()), a.f32s(), "csyr2k: A changed");
        assert_eq!(host(db, b.v.len()), b.f32s(), "csyr2k: B changed");

        let (za, zb) = (dev(&a.v), dev(&b.v));
        let zc = dev(&c.v);
        let (ral, rbe) = (0.75f64, -1.25f64);
        let s = unsafe {
            rocblas_zherk_strided_batched(
                h,
                uplo,
                C,
                n as i32,
                k as i32,
                &ral,
                za,
                a.ld as i32,
                a.stride as i64,
                &rbe,
                zc,
                c.ld as i32,
                c.stride as i64,
                batch as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let terms = [([ral, 0.0], C, &a, N, &a)];
        let want = creference(n, n, k, &terms, [rbe, 0.0], &c, batch, uplo, true);
        assert_close_c(
            &host(zc, c.v.len()),
            &want,
            1e-12,
            &format!("zherk {uplo} C"),
        );
        let zc = dev(&c.v);
        let s = unsafe {
            rocblas_zher2k_strided_batched(
                h,
                uplo,
                C,
                n as i32,
                k as i32,
                &alpha,
                za,
                a.ld as i32,
                a.stride as i64,
                zb,
                b.ld as i32,
                b.stride as i64,
                &rbe,
                zc,
                c.ld as i32,
                c.stride as i64,
                batch as i32,
            )
        };
        assert_eq!(s, rocblas_status_success);
        let terms = [(alpha, C, &a, N, &b), (conj(alpha), C, &b, N, &a)];
        let want = creference(n, n, k, &terms, [rbe, 0.0], &c, batch, uplo, true);
        assert_close_c(
            &host(zc, c.v.len()),
            &want,
            1e-12,
            &format!("zher2k {uplo} C"),
        );
        assert_eq!(host(za, a.v.len()), a.v, "zher2k: A changed");
    }
    // cherk through pointer arrays: the copy comes with a pointer array of its own.
    let (a, c) = (
        CBatch::new(k, n, k + 2, batch, 7.0),
        CBatch::new(n, n, n, batch, 8.0),
    );
    let (da, dc) = (dev(&a.f32s()), dev(&c.f32s()));
    let (pa, pc) = (
        ptr_array(da, a.stride, batch),
        ptr_array(dc, c.stride, batch),
    );
    let (ral, rbe) = (1.25f32, 0.5f32);
    let s = unsafe {
        rocblas_cherk_batched(
            h,
            LOWER,
            C,
            n as i32,
            k as i32,
            &ral,
            pa as *const *const [f32; 2],
            a.ld as i32,
            &rbe,
            pc as *const *mut [f32; 2],
            c.ld as i32,
            batch as i32,
        )
    };
    assert_eq!(s, rocblas_status_success);
    let terms = [([1.25, 0.0], C, &a, N, &a)];
    let want = creference(n, n, k, &terms, [0.5, 0.0], &c, batch, LOWER, true);
    assert_close_c(
        &c32_back(host(dc, c.v.len())),
        &want,
        2e-5,
        "cherk_batched L C",
    );
    paths.check(&["gemm_c32", "gemm_c64", "transpose_64", "transpose_128"]);
}
