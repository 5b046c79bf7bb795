//! The Level-3 families beyond GEMM through their kernels (GEMMs around `shaders/blas3.glsl`)
//! in s and d: trsm, trmm (in and out of place), trtri, symm, syrk, syrkx, syr2k, geam and
//! dgmm; every side, triangle, transpose and diagonal; the plain, `_batched` (device pointer
//! arrays) and `_strided_batched` forms; sizes past one diagonal block (128) so the blocked
//! paths run; against f64 references computed here. On a Vulkan device (lavapipe in CI)
//! each test also asserts that the modules ran as SPIR-V and that no byte of device memory
//! came to the host (issue 24); on the CPU backend, that the host twins ran.

mod common;

use amdhip64 as _;
use common::{
    Frame, LEFT, LOWER, NON_UNIT, RIGHT, UNIT, UPPER, dev, free, host, mode, ptr_array, vals,
};
use rocblas::blas1::exec::Src;
use rocblas::blas2::kern::Num;
use rocblas::blas3::sym::kern::RankK;
use rocblas::blas3::sym::ops as sym;
use rocblas::blas3::tri::ops::{self as tri, TrtriForm};
use rocblas::types::*;

type H = rocblas_handle;

const N_OP: i32 = 111;
const T_OP: i32 = 112;

trait E: Num + PartialEq {
    const TOL: f64;
    const MODULES: &'static [&'static str];
    fn from(v: f64) -> Self;
    fn f(self) -> f64;
}
impl E for f32 {
    const TOL: f64 = 2e-5;
    const MODULES: &'static [&'static str] =
        &["blas3_f32", "gemm_f32", "gemm_f32_nt", "gemm_f32_t"];
    fn from(v: f64) -> Self {
        v as f32
    }
    fn f(self) -> f64 {
        self as f64
    }
}
impl E for f64 {
    const TOL: f64 = 1e-12;
    const MODULES: &'static [&'static str] = &["blas3_f64", "gemm_f64"];
    fn from(v: f64) -> Self {
        v
    }
    fn f(self) -> f64 {
        self
    }
}

fn data<T: E>(len: usize, seed: f64) -> Vec<T> {
    vals(len, seed).into_iter().map(T::from).collect()
}

fn strided<U>(p: *mut U, stride: usize) -> Src {
    Src::Strided(p as u64, stride as i64)
}

/// `got` against `want` (each with the magnitude of the terms that made it).
fn check<T: E>(got: &[T], want: &[(f64, f64)], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, (w, scale))) in got.iter().zip(want).enumerate() {
        let err = (g.f() - w).abs();
        assert!(
            err <= T::TOL * scale.max(1.0),
            "{what}[{i}]: got {}, want {w} (scale {scale})",
            g.f()
        );
    }
}

/// A dense column-major f64 matrix.
#[derive(Clone)]
struct M {
    r: usize,
    c: usize,
    v: Vec<f64>,
}
impl M {
    fn of<T: E>(s: &[T], r: usize, c: usize, ld: usize) -> M {
        let mut v = Vec::with_capacity(r * c);
        for j in 0..c {
            for i in 0..r {
                v.push(s[i + j * ld].f());
            }
        }
        M { r, c, v }
    }
    fn at(&self, i: usize, j: usize) -> f64 {
        self.v[i + j * self.r]
    }
    fn t(&self) -> M {
        let mut v = Vec::with_capacity(self.v.len());
        for j in 0..self.r {
            for i in 0..self.c {
                v.push(self.at(j, i));
            }
        }
        M {
            r: self.c,
            c: self.r,
            v,
        }
    }
    /// self * o, with each entry's |terms| sum.
    fn mul(&self, o: &M) -> (M, M) {
        let (mut p, mut s) = (vec![0.0; self.r * o.c], vec![0.0; self.r * o.c]);
        for j in 0..o.c {
            for k in 0..self.c {
                let b = o.at(k, j);
                for i in 0..self.r {
                    p[i + j * self.r] += self.at(i, k) * b;
                    s[i + j * self.r] += (self.at(i, k) * b).abs();
                }
            }
        }
        (
            M {
                r: self.r,
                c: o.c,
                v: p,
            },
            M {
                r: self.r,
                c: o.c,
                v: s,
            },
        )
    }
}

/// op(A) of a stored triangle as a dense matrix (zeros elsewhere, unit diagonal applied).
fn tri_dense(a: &M, upper: bool, trans: bool, unit: bool) -> M {
    let n = a.r;
    let mut v = vec![0.0; n * n];
    for j in 0..n {
        for i in 0..n {
            if (upper && i <= j) || (!upper && i >= j) {
                v[i + j * n] = if i == j && unit { 1.0 } else { a.at(i, j) };
            }
        }
    }
    let e = M { r: n, c: n, v };
    if trans { e.t() } else { e }
}

/// A well-conditioned triangular test matrix: small off-diagonal entries, diagonal 2..4.
fn tri_data<T: E>(n: usize, ld: usize, batch: usize, seed: f64) -> Vec<T> {
    let raw = vals(ld * n * batch, seed);
    (0..raw.len())
        .map(|x| {
            let (i, j) = ((x % (ld * n)) % ld, (x % (ld * n)) / ld);
            T::from(if i == j {
                3.0 + raw[x] / 4.0
            } else {
                raw[x] / (2.0 * n as f64)
            })
        })
        .collect()
}

/// trsm and trmm in every side / uplo / trans / diag, strided-batched and batched; trtri
/// (n 300: 128-blocks joined into 256 and then with the last 44 rows).
fn triangular<T: E>(h: H) {
    // Left: k 520 (blocks of 256, each two inverted 128-blocks joined); right: k 140.
    let (m, n, batch) = (520usize, 140usize, 2usize);
    let alpha = T::from(1.25);
    for left in [true, false] {
        let k = if left { m } else { n };
        let (lda, ldb) = (k + 3, m + 5);
        let a = tri_data::<T>(k, lda, batch, 1.0);
        let da = dev(&a);
        for (uplo, trans, diag) in [
            (UPPER, N_OP, NON_UNIT),
            (LOWER, N_OP, UNIT),
            (UPPER, T_OP, UNIT),
            (LOWER, T_OP, NON_UNIT),
        ] {
            let what = format!("left {left} uplo {uplo} trans {trans} diag {diag}");
            let b = data::<T>(ldb * n * batch, 2.0);
            let side = if left { LEFT } else { RIGHT };
            // trsm, strided batched (stride a bit past each matrix).
            let db = dev(&b);
            let r = unsafe {
                tri::trsm::<T>(
                    h,
                    side,
                    uplo,
                    trans,
                    diag,
                    m as i64,
                    n as i64,
                    &alpha,
                    strided(da, lda * k),
                    lda as i64,
                    strided(db, ldb * n),
                    ldb as i64,
                    batch as i64,
                    0,
                )
            };
            assert_eq!(r, Ok(()), "trsm {what}");
            let got = host(db, ldb * n * batch);
            // trmm, batched through pointer arrays, out of place into C.
            let ldc = m + 2;
            let dc = dev(&vec![T::from(f64::NAN); ldc * n * batch]);
            let (pa, pb, pc) = (
                ptr_array(da, lda * k, batch),
                ptr_array(dev(&b), ldb * n, batch),
                ptr_array(dc, ldc * n, batch),
            );
            let r = unsafe {
                tri::trmm::<T>(
                    h,
                    side,
                    uplo,
                    trans,
                    diag,
                    m as i64,
                    n as i64,
                    &alpha,
                    Src::Array(pa as u64),
                    lda as i64,
                    Src::Array(pb as u64),
                    ldb as i64,
                    Some((Src::Array(pc as u64), ldc as i64)),
                    batch as i64,
                    rocblas_status_invalid_value,
                )
            };
            assert_eq!(r, Ok(()), "trmm {what}");
            let got_mm = host(dc, ldc * n * batch);
            for bi in 0..batch {
                let e = tri_dense(
                    &M::of(&a[bi * lda * k..], k, k, lda),
                    uplo == UPPER,
                    trans == T_OP,
                    diag == UNIT,
                );
                let bm = M::of(&b[bi * ldb * n..], m, n, ldb);
                // trsm: the solution X must satisfy op(A) X = alpha B (or X op(A) = alpha B).
                let x = M::of(&got[bi * ldb * n..], m, n, ldb);
                let (prod, scale) = if left { e.mul(&x) } else { x.mul(&e) };
                let want: Vec<(f64, f64)> =
                    bm.v.iter()
                        .zip(&scale.v)
                        .map(|(v, s)| (alpha.f() * v, *s))
                        .collect();
                check(
                    &prod.v.iter().map(|&v| T::from(v)).collect::<Vec<T>>(),
                    &want,
                    &format!("trsm {what} [{bi}]"),
                );
                // trmm: C = alpha op(A) B.
                let (p, s) = if left { e.mul(&bm) } else { bm.mul(&e) };
                let want: Vec<(f64, f64)> =
                    p.v.iter()
                        .zip(&s.v)
                        .map(|(v, s)| (alpha.f() * v, *s))
                        .collect();
                let cm: Vec<T> = M::of(&got_mm[bi * ldc * n..], m, n, ldc)
                    .v
                    .into_iter()
                    .map(T::from)
                    .collect();
                check(&cm, &want, &format!("trmm {what} [{bi}]"));
            }
            for p in [pa.cast::<u8>(), pb.cast(), pc.cast(), db.cast(), dc.cast()] {
                free(p);
            }
        }
        free(da);
    }
    // trsm with a device alpha (read in stream order, as rocBLAS does), right lower T.
    {
        let (m1, n1) = (90usize, 150usize);
        let a = tri_data::<T>(n1, n1, 1, 6.0);
        let b = data::<T>(m1 * n1, 7.0);
        let (da, db, dal) = (dev(&a), dev(&b), dev(&[alpha]));
        mode(h, true);
        let r = unsafe {
            tri::trsm::<T>(
                h,
                RIGHT,
                LOWER,
                T_OP,
                NON_UNIT,
                m1 as i64,
                n1 as i64,
                dal,
                strided(da, 0),
                n1 as i64,
                strided(db, 0),
                m1 as i64,
                1,
                0,
            )
        };
        mode(h, false);
        assert_eq!(r, Ok(()), "trsm, device alpha");
        let x = M::of(&host(db, m1 * n1), m1, n1, m1);
        let (prod, scale) = x.mul(&tri_dense(&M::of(&a, n1, n1, n1), false, true, false));
        let want: Vec<(f64, f64)> = M::of(&b, m1, n1, m1)
            .v
            .iter()
            .zip(&scale.v)
            .map(|(v, s)| (alpha.f() * v, *s))
            .collect();
        check(
            &prod.v.iter().map(|&v| T::from(v)).collect::<Vec<T>>(),
            &want,
            "trsm, device alpha",
        );
        for p in [da, db, dal] {
            free(p);
        }
    }
    // trmm in place (single call), left upper N.
    let (m1, n1) = (170usize, 40usize);
    let a = tri_data::<T>(m1, m1, 1, 3.0);
    let b = data::<T>(m1 * n1, 4.0);
    let (da, db) = (dev(&a), dev(&b));
    let r = unsafe {
        tri::trmm::<T>(
            h,
            LEFT,
            UPPER,
            N_OP,
            NON_UNIT,
            m1 as i64,
            n1 as i64,
            &alpha,
            strided(da, 0),
            m1 as i64,
            strided(db, 0),
            m1 as i64,
            None,
            1,
            rocblas_status_invalid_size,
        )
    };
    assert_eq!(r, Ok(()), "trmm in place");
    let (p, s) = tri_dense(&M::of(&a, m1, m1, m1), true, false, false).mul(&M::of(&b, m1, n1, m1));
    let want: Vec<(f64, f64)> =
        p.v.iter()
            .zip(&s.v)
            .map(|(v, s)| (alpha.f() * v, *s))
            .collect();
    check(&host(db, m1 * n1), &want, "trmm in place");
    free(da);
    free(db);
    // trtri, strided batched, n 300 (three diagonal blocks); the other triangle untouched.
    for (uplo, diag) in [(LOWER, NON_UNIT), (UPPER, UNIT), (UPPER, NON_UNIT)] {
        let (n, ld) = (300usize, 303usize);
        let a = tri_data::<T>(n, ld, batch, 5.0);
        let sentinel = T::from(7.0);
        let (da, di) = (dev(&a), dev(&vec![sentinel; ld * n * batch]));
        let r = unsafe {
            tri::trtri::<T>(
                h,
                uplo,
                diag,
                n as i64,
                strided(da, ld * n),
                ld as i64,
                strided(di, ld * n),
                ld as i64,
                batch as i64,
                TrtriForm::Strided,
            )
        };
        assert_eq!(r, Ok(()), "trtri");
        let got = host(di, ld * n * batch);
        for bi in 0..batch {
            let upper = uplo == UPPER;
            let e = tri_dense(
                &M::of(&a[bi * ld * n..], n, n, ld),
                upper,
                false,
                diag == UNIT,
            );
            let g = M::of(&got[bi * ld * n..], n, n, ld);
            for j in 0..n {
                for i in 0..n {
                    let inside = if upper { i <= j } else { i >= j };
                    if !inside {
                        assert_eq!(
                            g.at(i, j),
                            7.0,
                            "trtri wrote outside its triangle at ({i}, {j})"
                        );
                    }
                }
            }
            // E X = I
            let (p, s) = e.mul(&tri_dense(&g, upper, false, false));
            let want: Vec<(f64, f64)> = (0..n * n)
                .map(|x| (if x % n == x / n { 1.0 } else { 0.0 }, s.v[x]))
                .collect();
            check(
                &p.v.iter().map(|&v| T::from(v)).collect::<Vec<T>>(),
                &want,
                &format!("trtri uplo {uplo} diag {diag} [{bi}]"),
            );
        }
        free(da);
        free(di);
    }
}

/// symm, syrk, syrkx, syr2k and their triangles (the other triangle of C untouched).
fn symmetric<T: E>(h: H) {
    let batch = 2usize;
    let (alpha, beta) = (T::from(0.75), T::from(-1.5));
    // symm, strided batched: m 180, n 140.
    let (m, n) = (180usize, 140usize);
    for left in [true, false] {
        for uplo in [UPPER, LOWER] {
            let k = if left { m } else { n };
            let (lda, ldb, ldc) = (k + 1, m + 2, m + 3);
            let a = data::<T>(lda * k * batch, 1.0);
            let b = data::<T>(ldb * n * batch, 2.0);
            let c = data::<T>(ldc * n * batch, 3.0);
            let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
            let side = if left { LEFT } else { RIGHT };
            let r = unsafe {
                sym::symm::<T>(
                    h,
                    side,
                    uplo,
                    m as i64,
                    n as i64,
                    &alpha,
                    strided(da, lda * k),
                    lda as i64,
                    strided(db, ldb * n),
                    ldb as i64,
                    &beta,
                    strided(dc, ldc * n),
                    ldc as i64,
                    batch as i64,
                    false,
                )
            };
            assert_eq!(r, Ok(()), "symm");
            let got = host(dc, ldc * n * batch);
            for bi in 0..batch {
                let am = M::of(&a[bi * lda * k..], k, k, lda);
                let full = M {
                    r: k,
                    c: k,
                    v: (0..k * k)
                        .map(|x| {
                            let (i, j) = (x % k, x / k);
                            if (uplo == UPPER) == (i <= j) {
                                am.at(i, j)
                            } else {
                                am.at(j, i)
                            }
                        })
                        .collect(),
                };
                let bm = M::of(&b[bi * ldb * n..], m, n, ldb);
                let cm = M::of(&c[bi * ldc * n..], m, n, ldc);
                let (p, s) = if left { full.mul(&bm) } else { bm.mul(&full) };
                let want: Vec<(f64, f64)> = (0..m * n)
                    .map(|x| {
                        (
                            alpha.f() * p.v[x] + beta.f() * cm.v[x],
                            s.v[x] + cm.v[x].abs(),
                        )
                    })
                    .collect();
                let g: Vec<T> = M::of(&got[bi * ldc * n..], m, n, ldc)
                    .v
                    .into_iter()
                    .map(T::from)
                    .collect();
                check(&g, &want, &format!("symm left {left} uplo {uplo} [{bi}]"));
            }
            for p in [da, db, dc] {
                free(p);
            }
        }
    }
    // syrk with device alpha and beta (beta 0: C's NaNs are not read), lower N.
    {
        let (n, k) = (150usize, 40usize);
        let a = data::<T>(n * k, 8.0);
        let (da, dc, dal, dbe) = (
            dev(&a),
            dev(&vec![T::from(f64::NAN); n * n]),
            dev(&[alpha]),
            dev(&[T::from(0.0)]),
        );
        mode(h, true);
        let r = unsafe {
            sym::rank_k::<T, T, T>(
                h,
                RankK::Syrk,
                LOWER,
                N_OP,
                n as i64,
                k as i64,
                dal,
                strided(da, 0),
                n as i64,
                strided(da, 0),
                n as i64,
                dbe,
                strided(dc, 0),
                n as i64,
                1,
            )
        };
        mode(h, false);
        assert_eq!(r, Ok(()), "syrk, device scalars");
        let g = M::of(&host(dc, n * n), n, n, n);
        let am = M::of(&a, n, k, n);
        let (p, sc) = am.mul(&am.t());
        let (mut gv, mut want) = (Vec::new(), Vec::new());
        for j in 0..n {
            for i in j..n {
                gv.push(T::from(g.at(i, j)));
                want.push((alpha.f() * p.at(i, j), sc.at(i, j)));
            }
        }
        check(&gv, &want, "syrk, device scalars");
        for p in [da, dc, dal, dbe] {
            free(p);
        }
    }
    // syrk / syrkx / syr2k, n 260, k 70, batched through pointer arrays.
    let (n, k) = (260usize, 70usize);
    for kind in [RankK::Syrk, RankK::Syrkx, RankK::Syr2k] {
        for (uplo, trans) in [(UPPER, N_OP), (LOWER, T_OP), (LOWER, N_OP), (UPPER, T_OP)] {
            let (ra, ca) = if trans == N_OP { (n, k) } else { (k, n) };
            let (lda, ldc) = (ra + 1, n + 4);
            let a = data::<T>(lda * ca * batch, 4.0);
            let b = data::<T>(lda * ca * batch, 5.0);
            let c = data::<T>(ldc * n * batch, 6.0);
            let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
            let (pa, pb, pc) = (
                ptr_array(da, lda * ca, batch),
                ptr_array(db, lda * ca, batch),
                ptr_array(dc, ldc * n, batch),
            );
            let r = unsafe {
                sym::rank_k::<T, T, T>(
                    h,
                    kind,
                    uplo,
                    trans,
                    n as i64,
                    k as i64,
                    &alpha,
                    Src::Array(pa as u64),
                    lda as i64,
                    Src::Array(pb as u64),
                    lda as i64,
                    &beta,
                    Src::Array(pc as u64),
                    ldc as i64,
                    batch as i64,
                )
            };
            assert_eq!(r, Ok(()), "{kind:?}");
            let got = host(dc, ldc * n * batch);
            for bi in 0..batch {
                let op = |s: &[T]| {
                    let x = M::of(&s[bi * lda * ca..], ra, ca, lda);
                    if trans == N_OP { x } else { x.t() }
                };
                let (oa, ob) = (op(&a), op(&b));
                let (p1, s1) = oa.mul(&if kind == RankK::Syrk { oa.t() } else { ob.t() });
                let (p2, s2) = if kind == RankK::Syr2k {
                    ob.mul(&oa.t())
                } else {
                    (
                        M {
                            r: n,
                            c: n,
                            v: vec![0.0; n * n],
                        },
                        M {
                            r: n,
                            c: n,
                            v: vec![0.0; n * n],
                        },
                    )
                };
                let cm = M::of(&c[bi * ldc * n..], n, n, ldc);
                let g = M::of(&got[bi * ldc * n..], n, n, ldc);
                let (mut gv, mut want) = (Vec::new(), Vec::new());
                for j in 0..n {
                    for i in 0..n {
                        let x = i + j * n;
                        if (uplo == UPPER && i <= j) || (uplo == LOWER && i >= j) {
                            gv.push(T::from(g.at(i, j)));
                            want.push((
                                alpha.f() * (p1.v[x] + p2.v[x]) + beta.f() * cm.v[x],
                                s1.v[x] + s2.v[x] + cm.v[x].abs(),
                            ));
                        } else {
                            assert_eq!(
                                g.at(i, j),
                                cm.at(i, j),
                                "{kind:?} wrote outside its triangle at ({i}, {j})"
                            );
                        }
                    }
                }
                check(
                    &gv,
                    &want,
                    &format!("{kind:?} uplo {uplo} trans {trans} [{bi}]"),
                );
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
    }
}

/// geam in every transpose pair (and with one term skipped), dgmm on both sides with a
/// negative increment.
fn geam_dgmm<T: E>(h: H) {
    let (m, n, batch) = (130usize, 75usize, 2usize);
    let (alpha, beta) = (T::from(1.5), T::from(-0.5));
    for (ta, tb) in [(N_OP, N_OP), (T_OP, N_OP), (N_OP, T_OP), (T_OP, T_OP)] {
        let dims = |t: i32| if t == N_OP { (m, n) } else { (n, m) };
        let ((ra, ca), (rb, cb)) = (dims(ta), dims(tb));
        let (lda, ldb, ldc) = (ra + 2, rb + 3, m + 1);
        let a = data::<T>(lda * ca * batch, 1.0);
        let b = data::<T>(ldb * cb * batch, 2.0);
        let (da, db, dc) = (
            dev(&a),
            dev(&b),
            dev(&vec![T::from(f64::NAN); ldc * n * batch]),
        );
        for skip_b in [false, true] {
            let be = if skip_b { T::from(0.0) } else { beta };
            let r = unsafe {
                sym::geam::<T>(
                    h,
                    ta,
                    tb,
                    m as i64,
                    n as i64,
                    &alpha,
                    strided(da, lda * ca),
                    lda as i64,
                    &be,
                    strided(db, ldb * cb),
                    ldb as i64,
                    strided(dc, ldc * n),
                    ldc as i64,
                    batch as i64,
                )
            };
            assert_eq!(r, Ok(()), "geam");
            let got = host(dc, ldc * n * batch);
            for bi in 0..batch {
                let op = |s: &[T], ld: usize, r: usize, c: usize, t: i32| {
                    let x = M::of(s, r, c, ld);
                    if t == N_OP { x } else { x.t() }
                };
                let (oa, ob) = (
                    op(&a[bi * lda * ca..], lda, ra, ca, ta),
                    op(&b[bi * ldb * cb..], ldb, rb, cb, tb),
                );
                let want: Vec<(f64, f64)> = (0..m * n)
                    .map(|x| {
                        (
                            alpha.f() * oa.v[x] + be.f() * ob.v[x],
                            oa.v[x].abs() + ob.v[x].abs(),
                        )
                    })
                    .collect();
                let g: Vec<T> = M::of(&got[bi * ldc * n..], m, n, ldc)
                    .v
                    .into_iter()
                    .map(T::from)
                    .collect();
                check(&g, &want, &format!("geam {ta} {tb} skip_b {skip_b} [{bi}]"));
            }
        }
        for p in [da, db, dc] {
            free(p);
        }
    }
    for (side, incx) in [(LEFT, -2i64), (RIGHT, 3)] {
        let len = if side == LEFT { m } else { n };
        let (lda, ldc, sx) = (m + 2, m + 1, 3 * len + 4);
        let a = data::<T>(lda * n, 3.0);
        let x = data::<T>(sx * batch, 4.0);
        let (da, dx, dc) = (dev(&a), dev(&x), dev(&vec![T::from(0.0); ldc * n * batch]));
        let (pa, px, pc) = (
            ptr_array(da, 0, batch),
            ptr_array(dx, sx, batch),
            ptr_array(dc, ldc * n, batch),
        );
        let r = unsafe {
            sym::dgmm::<T>(
                h,
                side,
                m as i64,
                n as i64,
                Src::Array(pa as u64),
                lda as i64,
                Src::Array(px as u64),
                incx,
                Src::Array(pc as u64),
                ldc as i64,
                batch as i64,
            )
        };
        assert_eq!(r, Ok(()), "dgmm");
        let got = host(dc, ldc * n * batch);
        for bi in 0..batch {
            let xe = |e: usize| {
                x[bi * sx
                    + if incx >= 0 {
                        e * incx as usize
                    } else {
                        (len - 1 - e) * incx.unsigned_abs() as usize
                    }]
                .f()
            };
            let (mut g, mut want) = (Vec::new(), Vec::new());
            for j in 0..n {
                for i in 0..m {
                    g.push(got[bi * ldc * n + i + j * ldc]);
                    let v = a[i + j * lda].f() * xe(if side == LEFT { i } else { j });
                    want.push((v, v.abs()));
                }
            }
            check(&g, &want, &format!("dgmm side {side} [{bi}]"));
        }
        for p in [
            pa.cast::<u8>(),
            px.cast(),
            pc.cast(),
            da.cast(),
            dx.cast(),
            dc.cast(),
        ] {
            free(p);
        }
    }
}

#[test]
fn triangular_solves_products_and_inverses_run_as_kernels() {
    let fr = Frame::start();
    triangular::<f32>(fr.h);
    triangular::<f64>(fr.h);
    fr.finish(&[
        "blas3_f32",
        "blas3_f64",
        "blas3_inv_f32",
        "blas3_inv_f64",
        "gemm_f32",
        "gemm_f64",
    ]);
}

#[test]
fn symmetric_products_and_rank_k_updates_run_as_kernels() {
    let fr = Frame::start();
    symmetric::<f32>(fr.h);
    symmetric::<f64>(fr.h);
    let mut used: Vec<&str> = f32::MODULES.to_vec();
    used.extend(f64::MODULES);
    fr.finish(&used);
}

#[test]
fn geam_and_dgmm_run_as_kernels() {
    let fr = Frame::start();
    geam_dgmm::<f32>(fr.h);
    geam_dgmm::<f64>(fr.h);
    fr.finish(&["blas3_f32", "blas3_f64"]);
}
