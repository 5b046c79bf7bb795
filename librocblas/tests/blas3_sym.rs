//! Level-3 extension families (geam, geam_ex, dgmm, symm, hemm, syrk, herk, syr2k, her2k,
//! syrkx, herkx) through the C API on the CPU backend, against f64 references computed here.

mod common;

use common::{dev, handle, host, vals};

use amdhip64 as _;
use rocblas::blas1::num::{C32, C64};
use rocblas::handle::*;
use rocblas::types::*;
use std::ffi::c_void;
use std::ops::{Add, Mul};
use std::ptr::{null, null_mut};

const N: i32 = 111;
const T: i32 = 112;
const C: i32 = 113;
const UPPER: i32 = 121;
const LOWER: i32 = 122;
const LEFT: i32 = 141;
const RIGHT: i32 = 142;

type H = rocblas_handle;

unsafe extern "C" {
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
    fn rocblas_zgeam_strided_batched(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        sa: i64,
        be: *const C64,
        b: *const C64,
        ldb: i32,
        sb: i64,
        c: *mut C64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_ddgmm(
        h: H,
        side: i32,
        m: i32,
        n: i32,
        a: *const f64,
        lda: i32,
        x: *const f64,
        incx: i32,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    fn rocblas_cdgmm_batched(
        h: H,
        side: i32,
        m: i32,
        n: i32,
        a: *const *const C32,
        lda: i32,
        x: *const *const C32,
        incx: i32,
        c: *const *mut C32,
        ldc: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_dsymm(
        h: H,
        side: i32,
        uplo: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        b: *const f64,
        ldb: i32,
        be: *const f64,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    fn rocblas_zhemm(
        h: H,
        side: i32,
        uplo: i32,
        m: i32,
        n: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        b: *const C64,
        ldb: i32,
        be: *const C64,
        c: *mut C64,
        ldc: i32,
    ) -> i32;
    fn rocblas_dsyrk(
        h: H,
        uplo: i32,
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
    fn rocblas_zherk(
        h: H,
        uplo: i32,
        t: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: *const C64,
        lda: i32,
        be: *const f64,
        c: *mut C64,
        ldc: i32,
    ) -> i32;
    fn rocblas_zsyr2k(
        h: H,
        uplo: i32,
        t: i32,
        n: i32,
        k: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        b: *const C64,
        ldb: i32,
        be: *const C64,
        c: *mut C64,
        ldc: i32,
    ) -> i32;
    fn rocblas_zher2k_strided_batched(
        h: H,
        uplo: i32,
        t: i32,
        n: i32,
        k: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        sa: i64,
        b: *const C64,
        ldb: i32,
        sb: i64,
        be: *const f64,
        c: *mut C64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_dsyrkx(
        h: H,
        uplo: i32,
        t: i32,
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
    fn rocblas_zherkx(
        h: H,
        uplo: i32,
        t: i32,
        n: i32,
        k: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        b: *const C64,
        ldb: i32,
        be: *const f64,
        c: *mut C64,
        ldc: i32,
    ) -> i32;
    fn rocblas_geam_ex(
        h: H,
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
        op: i32,
    ) -> i32;
}

/// The reference's complex number (real data: im 0).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Z(f64, f64);
impl Add for Z {
    type Output = Z;
    fn add(self, o: Z) -> Z {
        Z(self.0 + o.0, self.1 + o.1)
    }
}
impl Mul for Z {
    type Output = Z;
    fn mul(self, o: Z) -> Z {
        Z(self.0 * o.0 - self.1 * o.1, self.0 * o.1 + self.1 * o.0)
    }
}
impl Z {
    fn cj(self) -> Z {
        Z(self.0, -self.1)
    }
    fn re(self) -> Z {
        Z(self.0, 0.0)
    }
}
fn zs(len: usize, seed: f64) -> Vec<Z> {
    vals(len, seed)
        .into_iter()
        .zip(vals(len, seed + 7.0))
        .map(|(a, b)| Z(a, b))
        .collect()
}
fn c64s(v: &[Z]) -> Vec<C64> {
    v.iter().map(|z| C64 { re: z.0, im: z.1 }).collect()
}
fn zof(v: &[C64]) -> Vec<Z> {
    v.iter().map(|c| Z(c.re, c.im)).collect()
}
fn close(got: Z, want: Z) {
    let tol = 1e-12 * (1.0 + want.0.abs() + want.1.abs());
    assert!(
        (got.0 - want.0).abs() <= tol && (got.1 - want.1).abs() <= tol,
        "got {got:?}, want {want:?}"
    );
}
fn all_close(got: &[Z], want: &[Z]) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        close(*g, *w);
    }
}
/// op(X)(i, l) of a column-major X with leading dimension ld.
fn op_at(x: &[Z], ld: usize, op: i32, i: usize, l: usize) -> Z {
    match op {
        N => x[i + l * ld],
        T => x[l + i * ld],
        _ => x[l + i * ld].cj(),
    }
}

#[test]
fn dgeam_ops_in_place_and_special_scalars() {
    let h = handle();
    let (m, n) = (13usize, 9usize);
    for (ta, tb) in [(N, N), (T, N), (N, T), (T, T)] {
        let lda = if ta == N { 15 } else { 11 };
        let ldb = if tb == N { 14 } else { 10 };
        let ldc = 16;
        let a = vals(lda * if ta == N { n } else { m }, 1.0);
        let b = vals(ldb * if tb == N { n } else { m }, 2.0);
        let c0 = vec![f64::NAN; ldc * n];
        let (alpha, beta) = (1.5, -0.75);
        let (da, db, dc) = (dev(&a), dev(&b), dev(&c0));
        let za: Vec<Z> = a.iter().map(|&v| Z(v, 0.0)).collect();
        let zb: Vec<Z> = b.iter().map(|&v| Z(v, 0.0)).collect();
        unsafe {
            assert_eq!(
                rocblas_dgeam(
                    h, ta, tb, m as i32, n as i32, &alpha, da, lda as i32, &beta, db, ldb as i32,
                    dc, ldc as i32
                ),
                0
            );
        }
        let got = host(dc, ldc * n);
        for j in 0..n {
            for i in 0..m {
                let w = Z(alpha, 0.0) * op_at(&za, lda, ta, i, j)
                    + Z(beta, 0.0) * op_at(&zb, ldb, tb, i, j);
                close(Z(got[i + j * ldc], 0.0), w);
            }
            // rows past m are not written
            assert!(got[m + j * ldc].is_nan());
        }
    }
    unsafe {
        // C == A in place (same ld, no transpose): C := 2 C + B
        let a = vals(4 * 3, 3.0);
        let b = vals(4 * 3, 4.0);
        let (da, db) = (dev(&a), dev(&b));
        let (two, one) = (2.0, 1.0);
        assert_eq!(
            rocblas_dgeam(h, N, N, 4, 3, &two, da, 4, &one, db, 4, da, 4),
            0
        );
        let got = host(da, 12);
        for i in 0..12 {
            assert_eq!(got[i], 2.0 * a[i] + b[i]);
        }
        // C == A with a transpose or another ld: invalid size
        assert_eq!(
            rocblas_dgeam(h, T, N, 4, 4, &two, da, 4, &one, db, 4, da, 4),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dgeam(h, N, N, 3, 3, &two, da, 4, &one, db, 4, da, 3),
            rocblas_status_invalid_size
        );
        // alpha 0 never reads A, beta 0 never reads B (NaN stays out)
        let nan = dev(&[f64::NAN; 12]);
        let dc = dev(&[0.0; 12]);
        let zero = 0.0;
        assert_eq!(
            rocblas_dgeam(h, N, N, 4, 3, &zero, nan, 4, &two, db, 4, dc, 4),
            0
        );
        assert_eq!(host(dc, 12), b.iter().map(|v| 2.0 * v).collect::<Vec<_>>());
        assert_eq!(
            rocblas_dgeam(h, N, N, 4, 3, &two, db, 4, &zero, nan, 4, dc, 4),
            0
        );
        assert_eq!(host(dc, 12), b.iter().map(|v| 2.0 * v).collect::<Vec<_>>());
        // argument checks in rocBLAS's order
        assert_eq!(
            rocblas_dgeam(h, 7, N, 4, 3, &one, da, 4, &one, db, 4, dc, 4),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dgeam(h, N, N, 4, 3, &one, da, 3, &one, db, 4, dc, 4),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dgeam(
                h,
                N,
                N,
                0,
                3,
                null(),
                null(),
                4,
                null(),
                null(),
                4,
                null_mut(),
                4
            ),
            0
        );
        assert_eq!(
            rocblas_dgeam(h, N, N, 4, 3, &one, da, 4, &one, db, 4, null_mut(), 4),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_dgeam(h, N, N, 4, 3, &one, null(), 4, &one, db, 4, dc, 4),
            rocblas_status_invalid_pointer
        );
    }
}

#[test]
fn zgeam_strided_batched_conjugate_and_device_scalars() {
    let h = handle();
    let (m, n, lda, ldb, ldc, batch) = (5usize, 7usize, 8usize, 6usize, 6usize, 3usize);
    let (sa, sb, sc) = (lda * m + 3, ldb * n + 1, ldc * n + 2);
    let a = zs(sa * batch, 1.0);
    let b = zs(sb * batch, 2.0);
    let c = zs(sc * batch, 3.0);
    let (alpha, beta) = (Z(0.5, -1.0), Z(2.0, 0.25));
    let want = |b_: usize, i: usize, j: usize| {
        alpha * op_at(&a[b_ * sa..], lda, C, i, j) + beta * op_at(&b[b_ * sb..], ldb, N, i, j)
    };
    let (da, db, dc) = (dev(&c64s(&a)), dev(&c64s(&b)), dev(&c64s(&c)));
    let (dal, dbe) = (dev(&c64s(&[alpha])), dev(&c64s(&[beta])));
    unsafe {
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        let st = rocblas_zgeam_strided_batched(
            h,
            C,
            N,
            m as i32,
            n as i32,
            dal,
            da,
            lda as i32,
            sa as i64,
            dbe,
            db,
            ldb as i32,
            sb as i64,
            dc,
            ldc as i32,
            sc as i64,
            batch as i32,
        );
        assert_eq!(st, 0);
    }
    let got = zof(&host(dc, sc * batch));
    for b_ in 0..batch {
        for j in 0..n {
            for i in 0..m {
                close(got[b_ * sc + i + j * ldc], want(b_, i, j));
            }
        }
    }
}

#[test]
fn dgmm_both_sides_negative_increment_and_batched() {
    let h = handle();
    let (m, n, lda, ldc) = (6usize, 4usize, 7usize, 8usize);
    let a = vals(lda * n, 1.0);
    for (side, incx) in [(LEFT, -2i32), (RIGHT, 3)] {
        let k = if side == LEFT { m } else { n };
        let x = vals(k * incx.unsigned_abs() as usize, 2.0);
        let xat = |i: usize| {
            if incx > 0 {
                x[i * incx as usize]
            } else {
                x[(k - 1 - i) * (-incx) as usize]
            }
        };
        let (da, dx, dc) = (dev(&a), dev(&x), dev(&vec![0.0; ldc * n]));
        unsafe {
            assert_eq!(
                rocblas_ddgmm(
                    h, side, m as i32, n as i32, da, lda as i32, dx, incx, dc, ldc as i32
                ),
                0
            )
        };
        let got = host(dc, ldc * n);
        for j in 0..n {
            for i in 0..m {
                assert_eq!(
                    got[i + j * ldc],
                    a[i + j * lda] * xat(if side == LEFT { i } else { j })
                );
            }
        }
    }
    // pointer arrays, complex
    let za = zs(m * n, 5.0);
    let zx = zs(n, 6.0);
    let ca: Vec<C32> = za
        .iter()
        .map(|z| C32 {
            re: z.0 as f32,
            im: z.1 as f32,
        })
        .collect();
    let cx: Vec<C32> = zx
        .iter()
        .map(|z| C32 {
            re: z.0 as f32,
            im: z.1 as f32,
        })
        .collect();
    let (pa, px) = (dev(&ca), dev(&cx));
    let pcs: Vec<*mut C32> = (0..2).map(|_| dev(&vec![C32::default(); m * n])).collect();
    let (aa, xa, cc) = (
        dev(&[pa as *const C32, pa]),
        dev(&[px as *const C32, px]),
        dev(&pcs),
    );
    unsafe {
        assert_eq!(
            rocblas_cdgmm_batched(
                h, RIGHT, m as i32, n as i32, aa, m as i32, xa, 1, cc, m as i32, 2
            ),
            0
        )
    };
    for &pc in &pcs {
        let got = host(pc, m * n);
        for j in 0..n {
            for i in 0..m {
                let w = za[i + j * m] * zx[j];
                let g = got[i + j * m];
                assert!(
                    (g.re as f64 - w.0).abs() < 1e-5 && (g.im as f64 - w.1).abs() < 1e-5,
                    "{g:?} {w:?}"
                );
            }
        }
    }
}

/// The full matrix of the stored triangle (Hermitian: conjugate mirror, real diagonal).
fn full(a: &[Z], ld: usize, n: usize, upper: bool, herm: bool) -> Vec<Z> {
    let mut f = vec![Z(0.0, 0.0); n * n];
    for j in 0..n {
        for i in 0..n {
            let stored = if upper { i <= j } else { i >= j };
            f[i + j * n] = if i == j && herm {
                a[i + i * ld].re()
            } else if stored {
                a[i + j * ld]
            } else if herm {
                a[j + i * ld].cj()
            } else {
                a[j + i * ld]
            };
        }
    }
    f
}

#[test]
fn dsymm_and_zhemm_sides_and_triangles() {
    let h = handle();
    let (m, n, ldb, ldc) = (5usize, 4usize, 6usize, 7usize);
    for herm in [false, true] {
        for side in [LEFT, RIGHT] {
            for uplo in [UPPER, LOWER] {
                let ka = if side == LEFT { m } else { n };
                let lda = ka + 2;
                let a: Vec<Z> = if herm {
                    zs(lda * ka, 1.0)
                } else {
                    vals(lda * ka, 1.0).into_iter().map(|v| Z(v, 0.0)).collect()
                };
                let b: Vec<Z> = if herm {
                    zs(ldb * n, 2.0)
                } else {
                    vals(ldb * n, 2.0).into_iter().map(|v| Z(v, 0.0)).collect()
                };
                let c: Vec<Z> = if herm {
                    zs(ldc * n, 3.0)
                } else {
                    vals(ldc * n, 3.0).into_iter().map(|v| Z(v, 0.0)).collect()
                };
                let (alpha, beta) = if herm {
                    (Z(1.5, -0.5), Z(-0.5, 2.0))
                } else {
                    (Z(1.5, 0.0), Z(-0.5, 0.0))
                };
                let s = full(&a, lda, ka, uplo == UPPER, herm);
                let got = unsafe {
                    if herm {
                        let dc = dev(&c64s(&c));
                        let st = rocblas_zhemm(
                            h,
                            side,
                            uplo,
                            m as i32,
                            n as i32,
                            &c64s(&[alpha])[0],
                            dev(&c64s(&a)),
                            lda as i32,
                            dev(&c64s(&b)),
                            ldb as i32,
                            &c64s(&[beta])[0],
                            dc,
                            ldc as i32,
                        );
                        assert_eq!(st, 0);
                        zof(&host(dc, ldc * n))
                    } else {
                        let re = |v: &[Z]| v.iter().map(|z| z.0).collect::<Vec<_>>();
                        let dc = dev(&re(&c));
                        let st = rocblas_dsymm(
                            h,
                            side,
                            uplo,
                            m as i32,
                            n as i32,
                            &alpha.0,
                            dev(&re(&a)),
                            lda as i32,
                            dev(&re(&b)),
                            ldb as i32,
                            &beta.0,
                            dc,
                            ldc as i32,
                        );
                        assert_eq!(st, 0);
                        host(dc, ldc * n).into_iter().map(|v| Z(v, 0.0)).collect()
                    }
                };
                for j in 0..n {
                    for i in 0..m {
                        let mut acc = Z(0.0, 0.0);
                        for l in 0..ka {
                            acc = acc
                                + if side == LEFT {
                                    s[i + l * ka] * b[l + j * ldb]
                                } else {
                                    b[i + l * ldb] * s[l + j * ka]
                                };
                        }
                        close(got[i + j * ldc], alpha * acc + beta * c[i + j * ldc]);
                    }
                }
            }
        }
    }
    unsafe {
        let one = 1.0;
        let zero = 0.0;
        assert_eq!(
            rocblas_dsymm(
                h,
                9,
                UPPER,
                2,
                2,
                &one,
                null(),
                2,
                null(),
                2,
                &one,
                null_mut(),
                2
            ),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dsymm(
                h,
                LEFT,
                UPPER,
                3,
                2,
                &one,
                null(),
                2,
                null(),
                3,
                &one,
                null_mut(),
                3
            ),
            rocblas_status_invalid_size
        );
        // alpha 0, beta 1: quick return before the pointer checks
        assert_eq!(
            rocblas_dsymm(
                h,
                LEFT,
                UPPER,
                2,
                2,
                &zero,
                null(),
                2,
                null(),
                2,
                &one,
                null_mut(),
                2
            ),
            0
        );
        assert_eq!(
            rocblas_dsymm(
                h,
                LEFT,
                UPPER,
                2,
                2,
                &one,
                null(),
                2,
                null(),
                2,
                &one,
                dev(&[0.0; 4]),
                2
            ),
            rocblas_status_invalid_pointer
        );
    }
}

/// The reference of every rank-k update on the stored triangle.
#[allow(clippy::too_many_arguments)]
fn rank_k_ref(
    kind: &str,
    uplo: i32,
    op: i32,
    n: usize,
    k: usize,
    alpha: Z,
    a: &[Z],
    lda: usize,
    b: &[Z],
    ldb: usize,
    beta: Z,
    c: &[Z],
    ldc: usize,
) -> Vec<Z> {
    let mut out = c.to_vec();
    let herm = kind.starts_with('h');
    for j in 0..n {
        for i in 0..n {
            if (uplo == UPPER) != (i <= j) && i != j {
                continue;
            }
            let mut s1 = Z(0.0, 0.0);
            let mut s2 = Z(0.0, 0.0);
            for l in 0..k {
                let (ai, aj) = (op_at(a, lda, op, i, l), op_at(a, lda, op, j, l));
                let (bi, bj) = (op_at(b, ldb, op, i, l), op_at(b, ldb, op, j, l));
                match kind {
                    "syrk" => s1 = s1 + ai * aj,
                    "herk" => s1 = s1 + ai * aj.cj(),
                    "syrkx" => s1 = s1 + ai * bj,
                    "herkx" => s1 = s1 + ai * bj.cj(),
                    "syr2k" => s1 = s1 + ai * bj + bi * aj,
                    _ => {
                        s1 = s1 + ai * bj.cj();
                        s2 = s2 + bi * aj.cj();
                    }
                }
            }
            let mut v = alpha * s1 + beta * c[i + j * ldc];
            if kind == "her2k" {
                v = v + alpha.cj() * s2;
            }
            out[i + j * ldc] = if herm && i == j { v.re() } else { v };
        }
    }
    out
}

#[test]
fn rank_k_updates_every_kind_triangle_and_operation() {
    let h = handle();
    let (n, k, ldc) = (6usize, 4usize, 8usize);
    for kind in ["syrk", "herk", "syrkx", "herkx", "syr2k", "her2k"] {
        let herm = kind.starts_with('h');
        let real = matches!(kind, "syrk" | "syrkx");
        for uplo in [UPPER, LOWER] {
            for op in [N, if herm { C } else { T }] {
                let (rows, cols) = if op == N { (n, k) } else { (k, n) };
                let (lda, ldb) = (rows + 1, rows + 3);
                let mk = |len: usize, seed: f64| -> Vec<Z> {
                    if real {
                        vals(len, seed).into_iter().map(|v| Z(v, 0.0)).collect()
                    } else {
                        zs(len, seed)
                    }
                };
                let (a, b, c) = (mk(lda * cols, 1.0), mk(ldb * cols, 2.0), mk(ldc * n, 3.0));
                let alpha = if real || kind == "herk" {
                    Z(1.25, 0.0)
                } else {
                    Z(1.25, -0.5)
                };
                let beta = Z(-0.5, 0.0);
                let bref = if kind == "herk" || kind == "syrk" {
                    (&a, lda)
                } else {
                    (&b, ldb)
                };
                let want = rank_k_ref(
                    kind, uplo, op, n, k, alpha, &a, lda, bref.0, bref.1, beta, &c, ldc,
                );
                let got: Vec<Z> = unsafe {
                    let (ni, ki) = (n as i32, k as i32);
                    if real {
                        let re = |v: &[Z]| v.iter().map(|z| z.0).collect::<Vec<_>>();
                        let (da, db, dc) = (dev(&re(&a)), dev(&re(&b)), dev(&re(&c)));
                        let st = if kind == "syrk" {
                            rocblas_dsyrk(
                                h, uplo, op, ni, ki, &alpha.0, da, lda as i32, &beta.0, dc,
                                ldc as i32,
                            )
                        } else {
                            rocblas_dsyrkx(
                                h, uplo, op, ni, ki, &alpha.0, da, lda as i32, db, ldb as i32,
                                &beta.0, dc, ldc as i32,
                            )
                        };
                        assert_eq!(st, 0, "{kind}");
                        host(dc, ldc * n).into_iter().map(|v| Z(v, 0.0)).collect()
                    } else {
                        let (da, db, dc) = (dev(&c64s(&a)), dev(&c64s(&b)), dev(&c64s(&c)));
                        let za = &c64s(&[alpha])[0];
                        let zb = &c64s(&[beta])[0];
                        let st = match kind {
                            "herk" => rocblas_zherk(
                                h, uplo, op, ni, ki, &alpha.0, da, lda as i32, &beta.0, dc,
                                ldc as i32,
                            ),
                            "herkx" => rocblas_zherkx(
                                h, uplo, op, ni, ki, za, da, lda as i32, db, ldb as i32, &beta.0,
                                dc, ldc as i32,
                            ),
                            "syr2k" => rocblas_zsyr2k(
                                h, uplo, op, ni, ki, za, da, lda as i32, db, ldb as i32, zb, dc,
                                ldc as i32,
                            ),
                            _ => rocblas_zher2k_strided_batched(
                                h, uplo, op, ni, ki, za, da, lda as i32, 0, db, ldb as i32, 0,
                                &beta.0, dc, ldc as i32, 0, 1,
                            ),
                        };
                        assert_eq!(st, 0, "{kind}");
                        zof(&host(dc, ldc * n))
                    }
                };
                all_close(&got, &want);
            }
        }
    }
    unsafe {
        let (one, zero) = (1.0, 0.0);
        // syrk: k 0 or alpha 0 with beta 1 is a no-op before pointer checks; beta 0 does not read C
        assert_eq!(
            rocblas_dsyrk(h, UPPER, N, 3, 0, null(), null(), 3, &one, null_mut(), 3),
            0
        );
        assert_eq!(
            rocblas_dsyrk(h, UPPER, N, 3, 2, &zero, null(), 3, &one, null_mut(), 3),
            0
        );
        assert_eq!(
            rocblas_dsyrk(h, UPPER, N, 3, 2, &one, null(), 3, &one, dev(&[0.0; 9]), 3),
            rocblas_status_invalid_pointer
        );
        let dc = dev(&[f64::NAN; 4]);
        assert_eq!(
            rocblas_dsyrk(h, LOWER, T, 2, 1, &one, dev(&[2.0, 3.0]), 1, &zero, dc, 2),
            0
        );
        let got = host(dc, 4);
        assert_eq!((got[0], got[1], got[3]), (4.0, 6.0, 9.0));
        assert!(got[2].is_nan(), "upper triangle untouched");
        // herk takes N or C only; complex syr2k N or T only
        let z1 = C64 { re: 1.0, im: 0.0 };
        assert_eq!(
            rocblas_zherk(h, UPPER, T, 2, 2, &one, null(), 2, &one, null_mut(), 2),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_zsyr2k(
                h,
                UPPER,
                C,
                2,
                2,
                &z1,
                null(),
                2,
                null(),
                2,
                &z1,
                null_mut(),
                2
            ),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_zsyr2k(
                h,
                UPPER,
                N,
                2,
                2,
                &z1,
                null(),
                2,
                null(),
                1,
                &z1,
                null_mut(),
                2
            ),
            rocblas_status_invalid_size
        );
    }
}

#[test]
fn geam_ex_min_plus_and_plus_min() {
    let h = handle();
    let (m, n, k) = (5usize, 4usize, 3usize);
    let a: Vec<f32> = vals(m * k, 1.0).iter().map(|&v| v as f32).collect();
    let b: Vec<f32> = vals(k * n, 2.0).iter().map(|&v| v as f32).collect();
    let c: Vec<f32> = vals(m * n, 3.0).iter().map(|&v| v as f32).collect();
    let (alpha, beta) = (2.0f32, 0.5f32);
    let f32t = rocblas_datatype_f32_r;
    for op in [0, 1] {
        let dd = dev(&vec![0f32; m * n]);
        let st = unsafe {
            rocblas_geam_ex(
                h,
                N,
                N,
                m as i32,
                n as i32,
                k as i32,
                (&alpha as *const f32).cast(),
                dev(&a).cast(),
                f32t,
                m as i32,
                dev(&b).cast(),
                f32t,
                k as i32,
                (&beta as *const f32).cast(),
                dev(&c).cast(),
                f32t,
                m as i32,
                dd.cast(),
                f32t,
                m as i32,
                f32t,
                op,
            )
        };
        assert_eq!(st, 0);
        let got = host(dd, m * n);
        for j in 0..n {
            for i in 0..m {
                let mut w = beta as f64 * c[i + j * m] as f64;
                for l in 0..k {
                    let (x, y) = (a[i + l * m] as f64, b[l + j * k] as f64);
                    if op == 0 {
                        w = w.min(alpha as f64 * (x + y));
                    } else {
                        w += (alpha as f64 * x).min(alpha as f64 * y);
                    }
                }
                assert_eq!(got[i + j * m] as f64, w, "op {op} ({i}, {j})");
            }
        }
    }
    unsafe {
        let one = 1f32;
        let p = (&one as *const f32).cast();
        let d = dev(&[0f32; 4]).cast();
        // unsupported compute type; mixed types; conjugate transpose; ldc != ldd with C == D
        assert_eq!(
            rocblas_geam_ex(
                h, N, N, 2, 2, 2, p, d, 155, 2, d, 155, 2, p, d, 155, 2, d, 155, 2, 155, 0
            ),
            rocblas_status_not_implemented
        );
        assert_eq!(
            rocblas_geam_ex(
                h, N, N, 2, 2, 1, p, d, f32t, 2, d, f32t, 2, p, d, f32t, 2, d, 152, 2, f32t, 0
            ),
            rocblas_status_not_implemented
        );
        assert_eq!(
            rocblas_geam_ex(
                h, C, N, 2, 2, 1, p, d, f32t, 2, d, f32t, 2, p, d, f32t, 2, d, f32t, 2, f32t, 0
            ),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_geam_ex(
                h, N, N, 2, 2, 1, p, d, f32t, 2, d, f32t, 2, p, d, f32t, 2, d, f32t, 3, f32t, 0
            ),
            rocblas_status_invalid_size
        );
    }
}

#[test]
fn size_queries_answer_size_unchanged_before_any_check() {
    let h = handle();
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
    let unchanged = (rocblas_status_size_unchanged, 0);
    // invalid enums and sizes, null pointers: none of them is checked under a query
    assert_eq!(
        query(&|| unsafe {
            rocblas_dgeam(
                h,
                7,
                7,
                -1,
                2,
                null(),
                null(),
                0,
                null(),
                null(),
                0,
                null_mut(),
                0,
            )
        }),
        unchanged
    );
    assert_eq!(
        query(&|| unsafe { rocblas_ddgmm(h, 9, 2, 2, null(), 2, null(), 1, null_mut(), 2) }),
        unchanged
    );
    assert_eq!(
        query(&|| unsafe {
            rocblas_dsymm(
                h,
                LEFT,
                UPPER,
                2,
                2,
                null(),
                null(),
                1,
                null(),
                2,
                null(),
                null_mut(),
                2,
            )
        }),
        unchanged
    );
    assert_eq!(
        query(&|| unsafe {
            rocblas_zherk(h, UPPER, T, 2, 2, null(), null(), 2, null(), null_mut(), 2)
        }),
        unchanged
    );
    assert_eq!(
        query(&|| unsafe {
            rocblas_dsyrkx(
                h,
                UPPER,
                N,
                2,
                2,
                null(),
                null(),
                2,
                null(),
                2,
                null(),
                null_mut(),
                2,
            )
        }),
        unchanged
    );
    let st = query(&|| unsafe {
        rocblas_geam_ex(
            h,
            N,
            N,
            2,
            2,
            2,
            null(),
            null(),
            155,
            2,
            null(),
            155,
            2,
            null(),
            null(),
            155,
            2,
            null_mut(),
            155,
            2,
            155,
            0,
        )
    });
    assert_eq!(st, unchanged);
}
