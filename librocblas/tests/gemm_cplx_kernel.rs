//! Complex GEMM (rocblas_cgemm / zgemm and their batched forms) through its SPIR-V kernel
//! (`shaders/gemm_cplx.glsl`): every pair of N, T and C, strided-batched and through
//! pointer arrays, beta 0 over a NaN-filled C, against an f64 reference computed here. On a
//! Vulkan device (lavapipe in CI) the modules must run as SPIR-V with nothing staged; on
//! the CPU backend their host twins run.

mod common;

use amdhip64 as _;
use common::{Frame, dev, free, host, in_child, on_vulkan, ptr_array, rerun_in_child, vals};
use rocblas::blas1::num::{C32, C64, Complex};
use rocblas::types::rocblas_handle;
use std::ffi::c_void;

type H = rocblas_handle;
type P = *const c_void;

unsafe extern "C" {
    fn rocblas_cgemm_strided_batched(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: P,
        a: P,
        lda: i32,
        sa: i64,
        b: P,
        ldb: i32,
        sb: i64,
        beta: P,
        c: *mut c_void,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_zgemm_strided_batched(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: P,
        a: P,
        lda: i32,
        sa: i64,
        b: P,
        ldb: i32,
        sb: i64,
        beta: P,
        c: *mut c_void,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_cgemm_batched(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: P,
        a: P,
        lda: i32,
        b: P,
        ldb: i32,
        beta: P,
        c: P,
        ldc: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_zgemm_batched(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: P,
        a: P,
        lda: i32,
        b: P,
        ldb: i32,
        beta: P,
        c: P,
        ldc: i32,
        batch: i32,
    ) -> i32;
}

trait E: Copy + Default + 'static {
    const TOL: f64;
    fn from(re: f64, im: f64) -> Self;
    fn c(self) -> (f64, f64);
}
impl E for C32 {
    const TOL: f64 = 1e-5;
    fn from(re: f64, im: f64) -> Self {
        Complex {
            re: re as f32,
            im: im as f32,
        }
    }
    fn c(self) -> (f64, f64) {
        (self.re as f64, self.im as f64)
    }
}
impl E for C64 {
    const TOL: f64 = 1e-13;
    fn from(re: f64, im: f64) -> Self {
        Complex { re, im }
    }
    fn c(self) -> (f64, f64) {
        (self.re, self.im)
    }
}

fn data<T: E>(len: usize, seed: f64) -> Vec<T> {
    let (re, im) = (vals(len, seed), vals(len, seed + 3.5));
    (0..len).map(|i| T::from(re[i], im[i])).collect()
}

fn mul(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

/// `pad_a`: lda past op(A)'s stored rows (1: odd, so c32's A takes single loads; 2: even).
fn run<T: E>(h: H, double: bool, pad_a: usize) {
    let (m, n, k, batch) = (130usize, 70usize, 90usize, 2usize);
    let (alpha, beta) = (T::from(0.75, -0.5), T::from(-1.25, 0.25));
    for ta in [111, 112, 113] {
        for tb in [111, 112, 113] {
            let (ra, ca) = if ta == 111 { (m, k) } else { (k, m) };
            let (rb, cb) = if tb == 111 { (k, n) } else { (n, k) };
            let (lda, ldb, ldc) = (ra + pad_a, rb + 2, m + 3);
            let (sa, sb, sc) = (lda * ca, ldb * cb, ldc * n);
            let a = data::<T>(sa * batch, 1.0);
            let b = data::<T>(sb * batch, 2.0);
            let c = data::<T>(sc * batch, 3.0);
            let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
            let args = (
                &alpha as *const T as P,
                da as P,
                db as P,
                &beta as *const T as P,
                dc as *mut c_void,
            );
            let r = unsafe {
                if double {
                    rocblas_zgemm_strided_batched(
                        h,
                        ta,
                        tb,
                        m as i32,
                        n as i32,
                        k as i32,
                        args.0,
                        args.1,
                        lda as i32,
                        sa as i64,
                        args.2,
                        ldb as i32,
                        sb as i64,
                        args.3,
                        args.4,
                        ldc as i32,
                        sc as i64,
                        batch as i32,
                    )
                } else {
                    rocblas_cgemm_strided_batched(
                        h,
                        ta,
                        tb,
                        m as i32,
                        n as i32,
                        k as i32,
                        args.0,
                        args.1,
                        lda as i32,
                        sa as i64,
                        args.2,
                        ldb as i32,
                        sb as i64,
                        args.3,
                        args.4,
                        ldc as i32,
                        sc as i64,
                        batch as i32,
                    )
                }
            };
            assert_eq!(r, 0, "gemm {ta} {tb}");
            let got = host(dc, sc * batch);
            for bi in 0..batch {
                let opa = |i: usize, l: usize| {
                    let x = a[bi * sa + if ta == 111 { i + l * lda } else { l + i * lda }].c();
                    if ta == 113 { (x.0, -x.1) } else { x }
                };
                let opb = |l: usize, j: usize| {
                    let x = b[bi * sb + if tb == 111 { l + j * ldb } else { j + l * ldb }].c();
                    if tb == 113 { (x.0, -x.1) } else { x }
                };
                for j in 0..n {
                    for i in 0..m {
                        let (mut s, mut mag) = ((0.0, 0.0), 0.0);
                        for l in 0..k {
                            let p = mul(opa(i, l), opb(l, j));
                            s = (s.0 + p.0, s.1 + p.1);
                            mag += p.0.abs() + p.1.abs();
                        }
                        let cv = c[bi * sc + i + j * ldc].c();
                        let w = mul(alpha.c(), s);
                        let bc = mul(beta.c(), cv);
                        let want = (w.0 + bc.0, w.1 + bc.1);
                        let g = got[bi * sc + i + j * ldc].c();
                        let err = (g.0 - want.0).abs() + (g.1 - want.1).abs();
                        assert!(
                            err <= T::TOL * (mag + cv.0.abs() + cv.1.abs()).max(1.0),
                            "gemm {ta} {tb} [{bi}] ({i}, {j}): got {g:?}, want {want:?}"
                        );
                    }
                }
            }
            for p in [da, db, dc] {
                free(p);
            }
        }
    }
    // Pointer arrays, beta 0: C's NaNs are not read.
    let a = data::<T>(m * k * batch, 4.0);
    let b = data::<T>(k * n * batch, 5.0);
    let zero = T::from(0.0, 0.0);
    let (da, db, dc) = (
        dev(&a),
        dev(&b),
        dev(&vec![T::from(f64::NAN, f64::NAN); m * n * batch]),
    );
    let (pa, pb, pc) = (
        ptr_array(da, m * k, batch),
        ptr_array(db, k * n, batch),
        ptr_array(dc, m * n, batch),
    );
    let r = unsafe {
        let f = if double {
            rocblas_zgemm_batched
        } else {
            rocblas_cgemm_batched
        };
        f(
            h,
            111,
            111,
            m as i32,
            n as i32,
            k as i32,
            &alpha as *const T as P,
            pa as P,
            m as i32,
            pb as P,
            k as i32,
            &zero as *const T as P,
            pc as P,
            m as i32,
            batch as i32,
        )
    };
    assert_eq!(r, 0, "gemm_batched");
    let got = host(dc, m * n * batch);
    for bi in 0..batch {
        for j in 0..n {
            for i in 0..m {
                let (mut s, mut mag) = ((0.0, 0.0), 0.0);
                for l in 0..k {
                    let p = mul(a[bi * m * k + i + l * m].c(), b[bi * k * n + l + j * k].c());
                    s = (s.0 + p.0, s.1 + p.1);
                    mag += p.0.abs() + p.1.abs();
                }
                let want = mul(alpha.c(), s);
                let g = got[bi * m * n + i + j * m].c();
                assert!(
                    (g.0 - want.0).abs() + (g.1 - want.1).abs() <= T::TOL * mag.max(1.0),
                    "gemm_batched [{bi}] ({i}, {j}): got {g:?}, want {want:?}"
                );
            }
        }
    }
    for p in [
        pa.cast::<u8>(),
        pb.cast(),
        pc.cast(),
        da.cast(),
        db.cast(),
        dc.cast(),
    ] {
        free(p);
    }
}

#[test]
fn complex_gemm_runs_as_kernels() {
    let fr = Frame::start();
    // Odd and even leading dimensions of A: c32 pairs as 16-byte loads where they are even
    // (B's always are), 8-byte loads where not.
    run::<C32>(fr.h, false, 1);
    run::<C32>(fr.h, false, 2);
    run::<C64>(fr.h, true, 1);
    fr.finish(&["gemm_c32", "gemm_c64"]);
}

/// c32 with `OXROCM_ROCBLAS_CGEMM_WIDE=0` (8-byte loads only, even where the operands would
/// allow pairs), in a child process since the setting is read once.
#[test]
fn eight_byte_loads_in_a_child() {
    if in_child() {
        let fr = Frame::start();
        run::<C32>(fr.h, false, 2);
        fr.finish(&["gemm_c32"]);
        return;
    }
    if !on_vulkan() {
        return; // a shader option: the Vulkan pass runs this test
    }
    rerun_in_child(
        "eight_byte_loads_in_a_child",
        &[("OXROCM_ROCBLAS_CGEMM_WIDE", "0")],
    );
}
