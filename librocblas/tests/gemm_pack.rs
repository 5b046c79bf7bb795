//! GEMMs whose operands are repacked into the (N, T) layout before the kernel runs
//! (`OXROCM_ROCBLAS_GEMM_PACK=always`, set here before the first call: the library reads it
//! once): strided and pointer-array batches, odd sizes and padded leading dimensions, f32
//! and f16, against an f64 reference computed here; the inputs must come back unchanged.
//! On the CPU backend the transposes run as their host twin; the Vulkan passes of
//! `cargo xtask test` run this file again on lavapipe, where they run as SPIR-V. Each test
//! asserts which path its modules took (`common::KernelPaths`).

mod common;

use amdhip64 as _;
use common::{dev, handle, host, vals};
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
