//! Triangular Level-3 BLAS (trsm, trsm_ex, trmm, trmm_outofplace, trtri) through the C API
//! on the CPU backend, against references computed here in f64: products by plain triple
//! loops over the dense op(A), solves checked by multiplying back, inverses by A * inv = I.

use amdhip64 as _;
use rocblas::blas1::num::{C32, C64};
use rocblas::handle::*;
use rocblas::hip;
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

const N: i32 = 111;
const T: i32 = 112;
const C: i32 = 113;
const UPPER: i32 = 121;
const LOWER: i32 = 122;
const NON_UNIT: i32 = 131;
const UNIT: i32 = 132;
const LEFT: i32 = 141;
const RIGHT: i32 = 142;

type H = rocblas_handle;

unsafe extern "C" {
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
    fn rocblas_ctrsm_strided_batched(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const C32,
        a: *const C32,
        lda: i32,
        sa: i64,
        b: *mut C32,
        ldb: i32,
        sb: i64,
        batch: i32,
    ) -> i32;
    fn rocblas_strsm_batched(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const *const f32,
        lda: i32,
        b: *const *mut f32,
        ldb: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_trsm_ex(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const c_void,
        a: *const c_void,
        lda: i32,
        b: *mut c_void,
        ldb: i32,
        inv: *const c_void,
        inv_size: i32,
        ty: rocblas_datatype,
    ) -> i32;
    fn rocblas_ztrmm(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const C64,
        a: *const C64,
        lda: i32,
        b: *mut C64,
        ldb: i32,
    ) -> i32;
    fn rocblas_strmm_outofplace_batched(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const *const f32,
        lda: i32,
        b: *const *const f32,
        ldb: i32,
        c: *const *mut f32,
        ldc: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_dtrmm_outofplace_strided_batched(
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
        sa: i64,
        b: *const f64,
        ldb: i32,
        sb: i64,
        c: *mut f64,
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
    fn rocblas_dtrtri(
        h: H,
        u: i32,
        d: i32,
        n: i32,
        a: *const f64,
        lda: i32,
        inv: *mut f64,
        ldinv: i32,
    ) -> i32;
    fn rocblas_ctrtri_batched(
        h: H,
        u: i32,
        d: i32,
        n: i32,
        a: *const *const C32,
        lda: i32,
        inv: *const *mut C32,
        ldinv: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_ztrtri_strided_batched(
        h: H,
        u: i32,
        d: i32,
        n: i32,
        a: *const C64,
        lda: i32,
        sa: i64,
        inv: *mut C64,
        ldinv: i32,
        sinv: i64,
        batch: i32,
    ) -> i32;
}

/// An element type as (re, im) pairs of f64.
trait El: Copy + Default + std::fmt::Debug {
    fn from(v: (f64, f64)) -> Self;
    fn to(self) -> (f64, f64);
    const COMPLEX: bool;
}
impl El for f32 {
    fn from(v: (f64, f64)) -> Self {
        v.0 as f32
    }
    fn to(self) -> (f64, f64) {
        (self as f64, 0.0)
    }
    const COMPLEX: bool = false;
}
impl El for f64 {
    fn from(v: (f64, f64)) -> Self {
        v.0
    }
    fn to(self) -> (f64, f64) {
        (self, 0.0)
    }
    const COMPLEX: bool = false;
}
impl El for C32 {
    fn from(v: (f64, f64)) -> Self {
        C32 {
            re: v.0 as f32,
            im: v.1 as f32,
        }
    }
    fn to(self) -> (f64, f64) {
        (self.re as f64, self.im as f64)
    }
    const COMPLEX: bool = true;
}
impl El for C64 {
    fn from(v: (f64, f64)) -> Self {
        C64 { re: v.0, im: v.1 }
    }
    fn to(self) -> (f64, f64) {
        (self.re, self.im)
    }
    const COMPLEX: bool = true;
}

type Z = (f64, f64);
fn mul(a: Z, b: Z) -> Z {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}
fn add(a: Z, b: Z) -> Z {
    (a.0 + b.0, a.1 + b.1)
}

fn dev<U: Copy>(v: &[U]) -> *mut U {
    let mut d: *mut c_void = null_mut();
    assert_eq!(unsafe { hip::hipMalloc(&mut d, size_of_val(v).max(1)) }, 0);
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                d,
                v.as_ptr().cast(),
                size_of_val(v),
                hip::hipMemcpyHostToDevice,
            )
        },
        0
    );
    d.cast()
}
fn host<U: Copy + Default>(d: *const U, n: usize) -> Vec<U> {
    let mut v = vec![U::default(); n];
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                v.as_mut_ptr().cast(),
                d.cast(),
                n * size_of::<U>(),
                hip::hipMemcpyDeviceToHost,
            )
        },
        0
    );
    v
}
fn handle() -> H {
    let mut h = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut h) }, 0);
    h
}

/// Values with small binary fractions (exact in f32), nonzero imaginary parts for complex.
fn vals<E: El>(len: usize, seed: f64) -> Vec<E> {
    (0..len)
        .map(|i| {
            let f = |s: f64| ((i as f64 * 0.37 + s).sin() * 4.0).round() / 4.0 + 0.125;
            E::from((f(seed), if E::COMPLEX { f(seed + 7.0) } else { 0.0 }))
        })
        .collect()
}

/// A k x k triangular matrix (lda) with a dominant diagonal and junk in the other triangle.
fn tri_matrix<E: El>(k: usize, lda: usize, seed: f64) -> Vec<E> {
    let mut a: Vec<E> = vals(lda * k, seed);
    for j in 0..k {
        let d = a[j + j * lda].to();
        a[j + j * lda] = E::from((d.0.abs() + k as f64, d.1));
        for i in k..lda {
            a[i + j * lda] = E::from((f64::NAN, 0.0)); // padding is never read
        }
    }
    a
}

/// Dense op(A) (k x k, column major) from the stored triangle; unit diagonal applied.
fn op_dense<E: El>(a: &[E], k: usize, lda: usize, upper: bool, op: i32, unit: bool) -> Vec<Z> {
    let mut e = vec![(0.0, 0.0); k * k];
    for j in 0..k {
        for i in 0..k {
            if (upper && i > j) || (!upper && i < j) {
                continue;
            }
            let v = if i == j && unit {
                (1.0, 0.0)
            } else {
                a[i + j * lda].to()
            };
            match op {
                N => e[i + j * k] = v,
                T => e[j + i * k] = v,
                _ => e[j + i * k] = (v.0, -v.1),
            }
        }
    }
    e
}

/// alpha * op(A) * B (left) or alpha * B * op(A) (right); B is m x n with leading dim ldb.
#[allow(clippy::too_many_arguments)]
fn ref_trmm<E: El>(
    left: bool,
    e: &[Z],
    k: usize,
    alpha: Z,
    b: &[E],
    m: usize,
    n: usize,
    ldb: usize,
) -> Vec<Z> {
    let mut c = vec![(0.0, 0.0); m * n];
    for j in 0..n {
        for i in 0..m {
            let mut s = (0.0, 0.0);
            for l in 0..k {
                let p = if left {
                    mul(e[i + l * k], b[l + j * ldb].to())
                } else {
                    mul(b[i + l * ldb].to(), e[l + j * k])
                };
                s = add(s, p);
            }
            c[i + j * m] = mul(alpha, s);
        }
    }
    c
}

fn close(got: Z, want: Z, tol: f64, what: &str) {
    let scale = 1.0 + want.0.abs() + want.1.abs();
    assert!(
        (got.0 - want.0).abs() <= tol * scale && (got.1 - want.1).abs() <= tol * scale,
        "{what}: got {got:?}, want {want:?}"
    );
}

/// Checks m x n results (leading dim ld) against a dense reference; entries past row m stay.
fn check<E: El>(
    got: &[E],
    want: &[Z],
    m: usize,
    n: usize,
    ld: usize,
    before: &[E],
    tol: f64,
    what: &str,
) {
    for j in 0..n {
        for i in 0..ld {
            if i < m {
                close(got[i + j * ld].to(), want[i + j * m], tol, what);
            } else {
                assert_eq!(
                    got[i + j * ld].to(),
                    before[i + j * ld].to(),
                    "{what}: padding written"
                );
            }
        }
    }
}

#[test]
fn dtrsm_every_side_triangle_op_and_diagonal_recovers_x() {
    let h = handle();
    // one diagonal block, and several (blocked solves)
    for (m, n) in [(13usize, 9usize), (70, 75)] {
        for side in [LEFT, RIGHT] {
            let k = if side == LEFT { m } else { n };
            let (lda, ldb) = (k + 2, m + 3);
            for uplo in [UPPER, LOWER] {
                for op in [N, T, C] {
                    for diag in [NON_UNIT, UNIT] {
                        let a = tri_matrix::<f64>(k, lda, 1.0);
                        let x: Vec<f64> = vals(ldb * n, 2.0);
                        let alpha = 2.5f64;
                        // B = op(A) X / alpha (or X op(A) / alpha): the solve must give back X
                        let e = op_dense(&a, k, lda, uplo == UPPER, op, diag == UNIT);
                        let bz = ref_trmm(side == LEFT, &e, k, (1.0 / alpha, 0.0), &x, m, n, ldb);
                        let mut b = x.clone();
                        for j in 0..n {
                            for i in 0..m {
                                b[i + j * ldb] = bz[i + j * m].0;
                            }
                        }
                        let (da, db) = (dev(&a), dev(&b));
                        let st = unsafe {
                            rocblas_dtrsm(
                                h, side, uplo, op, diag, m as i32, n as i32, &alpha, da,
                                lda as i32, db, ldb as i32,
                            )
                        };
                        assert_eq!(st, 0);
                        let want: Vec<Z> = (0..m * n)
                            .map(|p| (x[p % m + (p / m) * ldb], 0.0))
                            .collect();
                        check(&host(db, b.len()), &want, m, n, ldb, &b, 1e-12, "dtrsm");
                    }
                }
            }
        }
    }
}

#[test]
fn ctrsm_strided_batched_device_alpha_and_zero_alpha() {
    let h = handle();
    let (m, n, batch) = (7usize, 11usize, 3usize);
    let (k, lda, ldb) = (n, n + 1, m + 1);
    let (sa, sb) = (lda * k + 5, ldb * n + 2);
    let a: Vec<C32> = (0..batch)
        .flat_map(|b| {
            let mut v = tri_matrix::<C32>(k, lda, 3.0 + b as f64);
            v.resize(sa, C32::default());
            v
        })
        .collect();
    let x: Vec<C32> = vals(sb * batch, 4.0);
    let alpha = C32 { re: 0.5, im: -1.0 };
    let mut b = x.clone();
    for bi in 0..batch {
        let e = op_dense(&a[bi * sa..], k, lda, false, C, false);
        let inv_al = {
            let d = 0.5f64 * 0.5 + 1.0;
            (0.5 / d, 1.0 / d)
        };
        let bz = ref_trmm(false, &e, k, inv_al, &x[bi * sb..], m, n, ldb);
        for j in 0..n {
            for i in 0..m {
                b[bi * sb + i + j * ldb] = <C32 as El>::from(bz[i + j * m]);
            }
        }
    }
    let (da, db, dal) = (dev(&a), dev(&b), dev(&[alpha]));
    unsafe {
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        let st = rocblas_ctrsm_strided_batched(
            h,
            RIGHT,
            LOWER,
            C,
            NON_UNIT,
            m as i32,
            n as i32,
            dal,
            da,
            lda as i32,
            sa as i64,
            db,
            ldb as i32,
            sb as i64,
            batch as i32,
        );
        assert_eq!(st, 0);
        let got = host(db, b.len());
        for bi in 0..batch {
            let want: Vec<Z> = (0..m * n)
                .map(|p| x[bi * sb + p % m + (p / m) * ldb].to())
                .collect();
            check(
                &got[bi * sb..],
                &want,
                m,
                n,
                ldb,
                &b[bi * sb..],
                1e-4,
                "ctrsm_strided_batched",
            );
        }
        // alpha == 0 in host mode: B := 0 and A may be null
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
        let zero = C32::default();
        let st = rocblas_ctrsm_strided_batched(
            h,
            RIGHT,
            LOWER,
            C,
            NON_UNIT,
            m as i32,
            n as i32,
            &zero,
            null(),
            lda as i32,
            sa as i64,
            db,
            ldb as i32,
            sb as i64,
            batch as i32,
        );
        assert_eq!(st, 0);
        let got = host(db, b.len());
        for bi in 0..batch {
            let want = vec![(0.0, 0.0); m * n];
            check(
                &got[bi * sb..],
                &want,
                m,
                n,
                ldb,
                &b[bi * sb..],
                0.0,
                "ctrsm alpha 0",
            );
        }
    }
}

#[test]
fn strsm_batched_and_trsm_ex_dispatch() {
    let h = handle();
    let (m, n, batch) = (40usize, 3usize, 2usize);
    let (lda, ldb) = (m, m);
    let mats: Vec<Vec<f32>> = (0..batch)
        .map(|b| tri_matrix::<f32>(m, lda, 5.0 + b as f64))
        .collect();
    let xs: Vec<Vec<f32>> = (0..batch).map(|b| vals(ldb * n, 6.0 + b as f64)).collect();
    let bs: Vec<Vec<f32>> = (0..batch)
        .map(|b| {
            let e = op_dense(&mats[b], m, lda, true, T, true);
            ref_trmm(true, &e, m, (1.0, 0.0), &xs[b], m, n, ldb)
                .iter()
                .map(|z| z.0 as f32)
                .collect()
        })
        .collect();
    let da: Vec<*const f32> = mats.iter().map(|a| dev(a) as *const f32).collect();
    let db: Vec<*mut f32> = bs.iter().map(|b| dev(b)).collect();
    let (dap, dbp) = (dev(&da), dev(&db));
    let alpha = 1.0f32;
    unsafe {
        let st = rocblas_strsm_batched(
            h,
            LEFT,
            UPPER,
            T,
            UNIT,
            m as i32,
            n as i32,
            &alpha,
            dap,
            lda as i32,
            dbp,
            ldb as i32,
            batch as i32,
        );
        assert_eq!(st, 0);
        for b in 0..batch {
            let want: Vec<Z> = xs[b].iter().map(|&v| (v as f64, 0.0)).collect();
            check(
                &host(db[b], bs[b].len()),
                &want,
                m,
                n,
                ldb,
                &bs[b],
                1e-4,
                "strsm_batched",
            );
        }
        // trsm_ex with f64 data, the supplied inverse ignored; an unknown type is not implemented
        let a = tri_matrix::<f64>(m, lda, 8.0);
        let x: Vec<f64> = vals(ldb * n, 9.0);
        let e = op_dense(&a, m, lda, false, N, false);
        let b: Vec<f64> = ref_trmm(true, &e, m, (1.0, 0.0), &x, m, n, ldb)
            .iter()
            .map(|z| z.0)
            .collect();
        let (d_a, d_b) = (dev(&a), dev(&b));
        let one = 1.0f64;
        let st = rocblas_trsm_ex(
            h,
            LEFT,
            LOWER,
            N,
            NON_UNIT,
            m as i32,
            n as i32,
            (&one as *const f64).cast(),
            d_a.cast(),
            lda as i32,
            d_b.cast(),
            ldb as i32,
            null(),
            0,
            rocblas_datatype_f64_r,
        );
        assert_eq!(st, 0);
        let want: Vec<Z> = x.iter().map(|&v| (v, 0.0)).collect();
        check(&host(d_b, b.len()), &want, m, n, ldb, &b, 1e-12, "trsm_ex");
        let st = rocblas_trsm_ex(
            null_mut(),
            LEFT,
            LOWER,
            N,
            NON_UNIT,
            m as i32,
            n as i32,
            (&one as *const f64).cast(),
            d_a.cast(),
            lda as i32,
            d_b.cast(),
            ldb as i32,
            null(),
            0,
            rocblas_datatype_f16_r,
        );
        assert_eq!(st, rocblas_status_not_implemented);
    }
}

#[test]
fn ztrmm_in_place_every_combination_and_device_alpha() {
    let h = handle();
    let (m, n) = (6usize, 8usize);
    for side in [LEFT, RIGHT] {
        let k = if side == LEFT { m } else { n };
        let (lda, ldb) = (k + 1, m + 2);
        for uplo in [UPPER, LOWER] {
            for op in [N, T, C] {
                for diag in [NON_UNIT, UNIT] {
                    let a = tri_matrix::<C64>(k, lda, 10.0);
                    let b: Vec<C64> = vals(ldb * n, 11.0);
                    let alpha = C64 { re: -1.5, im: 0.25 };
                    let e = op_dense(&a, k, lda, uplo == UPPER, op, diag == UNIT);
                    let want = ref_trmm(side == LEFT, &e, k, alpha.to(), &b, m, n, ldb);
                    let (da, db, db2, dal) = (dev(&a), dev(&b), dev(&b), dev(&[alpha]));
                    unsafe {
                        let st = rocblas_ztrmm(
                            h, side, uplo, op, diag, m as i32, n as i32, &alpha, da, lda as i32,
                            db, ldb as i32,
                        );
                        assert_eq!(st, 0);
                        check(&host(db, b.len()), &want, m, n, ldb, &b, 1e-13, "ztrmm");
                        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
                        let st = rocblas_ztrmm(
                            h, side, uplo, op, diag, m as i32, n as i32, dal, da, lda as i32, db2,
                            ldb as i32,
                        );
                        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
                        assert_eq!(st, 0);
                        check(
                            &host(db2, b.len()),
                            &want,
                            m,
                            n,
                            ldb,
                            &b,
                            1e-13,
                            "ztrmm device alpha",
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn trmm_outofplace_batched_and_strided() {
    let h = handle();
    let (m, n, batch) = (9usize, 5usize, 2usize);
    // s: pointer arrays, right side, upper, transposed
    let (lda, ldb, ldc) = (n, m + 1, m + 2);
    let a: Vec<Vec<f32>> = (0..batch)
        .map(|b| tri_matrix::<f32>(n, lda, 12.0 + b as f64))
        .collect();
    let b: Vec<Vec<f32>> = (0..batch).map(|i| vals(ldb * n, 13.0 + i as f64)).collect();
    let c0: Vec<f32> = vals(ldc * n, 14.0);
    let dc: Vec<*mut f32> = (0..batch).map(|_| dev(&c0)).collect();
    let (dap, dbp, dcp) = (
        dev(&a.iter().map(|v| dev(v) as *const f32).collect::<Vec<_>>()),
        dev(&b.iter().map(|v| dev(v) as *const f32).collect::<Vec<_>>()),
        dev(&dc),
    );
    let alpha = 2.0f32;
    unsafe {
        let st = rocblas_strmm_outofplace_batched(
            h,
            RIGHT,
            UPPER,
            T,
            NON_UNIT,
            m as i32,
            n as i32,
            &alpha,
            dap,
            lda as i32,
            dbp,
            ldb as i32,
            dcp,
            ldc as i32,
            batch as i32,
        );
        assert_eq!(st, 0);
        for i in 0..batch {
            let e = op_dense(&a[i], n, lda, true, T, false);
            let want = ref_trmm(false, &e, n, (2.0, 0.0), &b[i], m, n, ldb);
            check(
                &host(dc[i], c0.len()),
                &want,
                m,
                n,
                ldc,
                &c0,
                1e-6,
                "strmm_outofplace_batched",
            );
        }
    }
    // d: strided, left, lower, no transpose, unit; B untouched
    let (k, lda, ldb, ldc) = (m, m, m, m + 1);
    let (sa, sb, sc) = (lda * k, ldb * n + 3, ldc * n);
    let a: Vec<f64> = (0..batch)
        .flat_map(|i| tri_matrix::<f64>(k, lda, 15.0 + i as f64))
        .collect();
    let b: Vec<f64> = vals(sb * batch, 16.0);
    let c: Vec<f64> = vals(sc * batch, 17.0);
    let (da, db, dcs) = (dev(&a), dev(&b), dev(&c));
    let alpha = -0.75f64;
    unsafe {
        let st = rocblas_dtrmm_outofplace_strided_batched(
            h,
            LEFT,
            LOWER,
            N,
            UNIT,
            m as i32,
            n as i32,
            &alpha,
            da,
            lda as i32,
            sa as i64,
            db,
            ldb as i32,
            sb as i64,
            dcs,
            ldc as i32,
            sc as i64,
            batch as i32,
        );
        assert_eq!(st, 0);
        let got = host(dcs, c.len());
        for i in 0..batch {
            let e = op_dense(&a[i * sa..], k, lda, false, N, true);
            let want = ref_trmm(true, &e, k, (alpha, 0.0), &b[i * sb..], m, n, ldb);
            check(
                &got[i * sc..],
                &want,
                m,
                n,
                ldc,
                &c[i * sc..],
                1e-13,
                "dtrmm_outofplace_strided_batched",
            );
        }
        assert_eq!(host(db, b.len()), b, "B is only read");
        // B and C the same matrix with different leading dimensions: invalid size
        let st = rocblas_dtrmm_outofplace(
            h,
            LEFT,
            LOWER,
            N,
            UNIT,
            m as i32,
            n as i32,
            &alpha,
            da,
            lda as i32,
            db,
            ldb as i32,
            db,
            ldb as i32 + 1,
        );
        assert_eq!(st, rocblas_status_invalid_size);
    }
}

/// Max |A * inv - I| over the n x n triangle (A and inv triangular with the same uplo).
fn inverse_error<E: El>(
    a: &[E],
    lda: usize,
    inv: &[E],
    ldinv: usize,
    n: usize,
    upper: bool,
    unit: bool,
) -> f64 {
    let e = op_dense(a, n, lda, upper, N, unit);
    let f = op_dense(inv, n, ldinv, upper, N, unit);
    let mut worst: f64 = 0.0;
    for j in 0..n {
        for i in 0..n {
            let mut s = (0.0, 0.0);
            for l in 0..n {
                s = add(s, mul(e[i + l * n], f[l + j * n]));
            }
            let want = if i == j { 1.0 } else { 0.0 };
            worst = worst.max((s.0 - want).abs()).max(s.1.abs());
        }
    }
    worst
}

#[test]
fn trtri_single_batched_and_strided() {
    let h = handle();
    // d, n = 45 (past rocBLAS's small kernel), upper non-unit, out of place
    let (n, lda) = (45usize, 47usize);
    let a = tri_matrix::<f64>(n, lda, 18.0);
    let inv0: Vec<f64> = vals(lda * n, 19.0);
    let (da, dinv) = (dev(&a), dev(&inv0));
    unsafe {
        assert_eq!(
            rocblas_dtrtri(
                h, UPPER, NON_UNIT, n as i32, da, lda as i32, dinv, lda as i32
            ),
            0
        );
    }
    let inv = host(dinv, inv0.len());
    assert!(inverse_error(&a, lda, &inv, lda, n, true, false) < 1e-12);
    for j in 0..n {
        for i in j + 1..lda {
            assert_eq!(
                inv[i + j * lda].to_bits(),
                inv0[i + j * lda].to_bits(),
                "lower triangle and padding untouched"
            );
        }
    }
    // c, pointer arrays, lower unit
    let (n, lda, batch) = (20usize, 20usize, 3usize);
    // unit diagonal: small off-diagonal entries keep the inverse well scaled
    let a: Vec<Vec<C32>> = (0..batch)
        .map(|b| {
            tri_matrix::<C32>(n, lda, 20.0 + b as f64)
                .iter()
                .map(|v| C32 {
                    re: v.re / 16.0,
                    im: v.im / 16.0,
                })
                .collect()
        })
        .collect();
    let inv: Vec<*mut C32> = (0..batch)
        .map(|_| dev(&vec![C32::default(); lda * n]))
        .collect();
    let (dap, dip) = (
        dev(&a.iter().map(|v| dev(v) as *const C32).collect::<Vec<_>>()),
        dev(&inv),
    );
    unsafe {
        assert_eq!(
            rocblas_ctrtri_batched(
                h,
                LOWER,
                UNIT,
                n as i32,
                dap,
                lda as i32,
                dip,
                lda as i32,
                batch as i32
            ),
            0
        );
    }
    for b in 0..batch {
        let got = host(inv[b], lda * n);
        assert!(inverse_error(&a[b], lda, &got, lda, n, false, true) < 1e-5);
    }
    // z, strided, in place (A is overwritten by its inverse)
    let (n, lda, batch) = (33usize, 35usize, 2usize);
    let sa = lda * n + 4;
    let a: Vec<C64> = (0..batch)
        .flat_map(|b| {
            let mut v = tri_matrix::<C64>(n, lda, 22.0 + b as f64);
            v.resize(sa, C64::default());
            v
        })
        .collect();
    let da = dev(&a);
    unsafe {
        assert_eq!(
            rocblas_ztrtri_strided_batched(
                h,
                UPPER,
                NON_UNIT,
                n as i32,
                da,
                lda as i32,
                sa as i64,
                da,
                lda as i32,
                sa as i64,
                batch as i32
            ),
            0
        );
    }
    let got = host(da, a.len());
    for b in 0..batch {
        assert!(inverse_error(&a[b * sa..], lda, &got[b * sa..], lda, n, true, false) < 1e-12);
    }
}

#[test]
fn argument_checks_and_size_queries() {
    let h = handle();
    let (m, n) = (200i32, 150i32);
    let a = vec![1.0f64; (m * m) as usize];
    let b = vec![1.0f64; (m * n) as usize];
    let (da, db) = (dev(&a), dev(&b));
    let one = 1.0f64;
    unsafe {
        // enums first, then sizes, then pointers
        assert_eq!(
            rocblas_dtrsm(h, 143, UPPER, N, NON_UNIT, m, n, &one, da, m, db, m),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_dtrsm(h, LEFT, UPPER, N, NON_UNIT, m, n, &one, da, m - 1, db, m),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_dtrsm(h, LEFT, UPPER, N, NON_UNIT, m, n, &one, null(), m, db, m),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_dtrsm(
                h,
                LEFT,
                UPPER,
                N,
                NON_UNIT,
                0,
                n,
                null(),
                null(),
                m,
                null_mut(),
                m
            ),
            0
        );
        assert_eq!(
            rocblas_dtrsm(
                null_mut(),
                LEFT,
                UPPER,
                N,
                NON_UNIT,
                m,
                n,
                &one,
                da,
                m,
                db,
                m
            ),
            rocblas_status_invalid_handle
        );
        assert_eq!(
            rocblas_dtrtri(h, UPPER, NON_UNIT, m, da, m, null_mut(), m),
            rocblas_status_invalid_pointer
        );

        // size queries: a large trsm reports rocBLAS's workspace, trmm none
        assert_eq!(rocblas_start_device_memory_size_query(h), 0);
        assert_eq!(
            rocblas_dtrsm(h, LEFT, UPPER, N, NON_UNIT, m, n, &one, da, m, db, m),
            rocblas_status_size_increased
        );
        assert_eq!(
            rocblas_dtrsm(h, LEFT, UPPER, N, NON_UNIT, 8, 8, &one, da, m, db, m),
            rocblas_status_size_unchanged
        );
        let mut size = 0usize;
        assert_eq!(rocblas_stop_device_memory_size_query(h, &mut size), 0);
        // not an exact multiple of 128: inverse blocks (128 * 200 * 8) and X (200 * 150 * 8)
        assert_eq!(size, 200 * 150 * 8 + 128 * 200 * 8);
        assert_eq!(host(db, b.len()), b, "a size query does no work");
    }
}
