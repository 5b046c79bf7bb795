//! Every Level-2 family through its SPIR-V kernels (`shaders/blas2.glsl`): s, d, c and z;
//! general, band, full-triangle, band-triangle and packed storage; the plain, `_batched`
//! (device pointer arrays) and `_strided_batched` forms; negative increments; host and
//! device pointer modes; against f64 references computed here from a dense copy of each
//! matrix. On a Vulkan device (lavapipe in CI) each test also asserts that the `blas2_*`
//! modules ran as SPIR-V and that no byte of device memory came to the host (issue 24); on
//! the CPU backend, that the modules' host twins ran.

mod common;

use amdhip64 as _;
use common::{Frame, dev, free, host, in_child, mode, on_vulkan, ptr_array, rerun_in_child, vals};
use rocblas::blas1::exec::Src;
use rocblas::blas1::num::{C32, C64, Complex, Promote};
use rocblas::blas2::kern::Num;
use rocblas::blas2::ops::{self, SymKind, TriKind, Upd};
use rocblas::types::*;

type H = rocblas_handle;

const MODULES: [&str; 4] = ["blas2_f32", "blas2_f64", "blas2_c32", "blas2_c64"];

/// MODULES and, on a Vulkan device, the 16-byte-load modules (gemv N and symv/hemv over
/// aligned full storage take them; the CPU backend never does).
fn with_wide() -> Vec<&'static str> {
    let mut m = MODULES.to_vec();
    if on_vulkan() {
        m.extend(["blas2_wide_f32", "blas2_wide_f64", "blas2_wide_c32"]);
    }
    m
}

const N_OP: i32 = 111;
const T_OP: i32 = 112;
const C_OP: i32 = 113;
const UPPER: i32 = 121;
const LOWER: i32 = 122;
const NON_UNIT: i32 = 131;
const UNIT: i32 = 132;

/// Element types: conversion to and from (re, im) in f64.
trait E: Num + PartialEq {
    const CPLX: bool;
    const TOL: f64;
    fn from(re: f64, im: f64) -> Self;
    fn c(self) -> C;
}
impl E for f32 {
    const CPLX: bool = false;
    const TOL: f64 = 4e-6;
    fn from(re: f64, _: f64) -> Self {
        re as f32
    }
    fn c(self) -> C {
        (self as f64, 0.0)
    }
}
impl E for f64 {
    const CPLX: bool = false;
    const TOL: f64 = 1e-13;
    fn from(re: f64, _: f64) -> Self {
        re
    }
    fn c(self) -> C {
        (self, 0.0)
    }
}
impl E for C32 {
    const CPLX: bool = true;
    const TOL: f64 = 4e-6;
    fn from(re: f64, im: f64) -> Self {
        Complex {
            re: re as f32,
            im: im as f32,
        }
    }
    fn c(self) -> C {
        (self.re as f64, self.im as f64)
    }
}
impl E for C64 {
    const CPLX: bool = true;
    const TOL: f64 = 1e-13;
    fn from(re: f64, im: f64) -> Self {
        Complex { re, im }
    }
    fn c(self) -> C {
        (self.re, self.im)
    }
}

type C = (f64, f64);
fn mul(a: C, b: C) -> C {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}
fn add(a: C, b: C) -> C {
    (a.0 + b.0, a.1 + b.1)
}
fn conj(a: C) -> C {
    (a.0, -a.1)
}
fn abs(a: C) -> f64 {
    a.0.abs() + a.1.abs()
}
const ZERO: C = (0.0, 0.0);
const ONE: C = (1.0, 0.0);

fn data<T: E>(len: usize, seed: f64) -> Vec<T> {
    let (re, im) = (vals(len, seed), vals(len, seed + 7.5));
    (0..len)
        .map(|i| T::from(re[i], if T::CPLX { im[i] } else { 0.0 }))
        .collect()
}

/// Logical element i of a BLAS vector of n (negative increments from the end).
fn at(i: usize, n: usize, inc: i64) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs() as usize
    }
}

/// Each value against its reference, within TOL of the magnitudes that went into it.
fn check<T: E>(got: &[T], want: &[(C, f64)], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, (w, scale))) in got.iter().zip(want).enumerate() {
        let g = g.c();
        let err = ((g.0 - w.0).powi(2) + (g.1 - w.1).powi(2)).sqrt();
        assert!(
            err <= T::TOL * scale.max(1.0),
            "{what}[{i}]: got {g:?}, want {w:?}"
        );
    }
}

fn strided<U>(p: *mut U, stride: usize) -> Src {
    Src::Strided(p as u64, stride as i64)
}

/// Storage of a triangle (or the stored half of a symmetric / Hermitian matrix).
#[derive(Clone, Copy, Debug)]
enum Store {
    Full(usize),
    Band(usize, usize),
    Packed,
}

/// Index of stored entry (i, j) of an n x n triangle, if it is stored.
fn stored(s: Store, n: usize, upper: bool, i: usize, j: usize) -> Option<usize> {
    let inside = if upper { i <= j } else { i >= j };
    if !inside {
        return None;
    }
    match s {
        Store::Full(ld) => Some(i + j * ld),
        Store::Band(ld, k) => {
            if i.abs_diff(j) > k {
                None
            } else if upper {
                Some(k + i - j + j * ld)
            } else {
                Some(i - j + j * ld)
            }
        }
        Store::Packed => Some(if upper {
            i + j * (j + 1) / 2
        } else {
            i + j * (2 * n - j - 1) / 2
        }),
    }
}

fn span(s: Store, n: usize) -> usize {
    match s {
        Store::Full(ld) => (n - 1) * ld + n,
        Store::Band(ld, k) => (n - 1) * ld + k + 1,
        Store::Packed => n * (n + 1) / 2,
    }
}

/// y := alpha op(A) x + beta y on logical vectors, with each result's scale.
fn mv_ref(
    a: &dyn Fn(usize, usize) -> C,
    rows: usize,
    cols: usize,
    alpha: C,
    x: &[C],
    beta: C,
    y: &[C],
) -> Vec<(C, f64)> {
    (0..rows)
        .map(|i| {
            let (mut s, mut mag) = (ZERO, 0.0);
            for (j, &xj) in x.iter().enumerate().take(cols) {
                let v = a(i, j);
                s = add(s, mul(v, xj));
                mag += abs(v) * abs(xj);
            }
            let yv = if beta == ZERO { ZERO } else { mul(beta, y[i]) };
            (
                add(mul(alpha, s), yv),
                abs(alpha) * mag + abs(beta) * abs(y[i]),
            )
        })
        .collect()
}

fn logical<T: E>(v: &[T], n: usize, inc: i64) -> Vec<C> {
    (0..n).map(|i| v[at(i, n, inc)].c()).collect()
}

/// The vector `base` with logical elements replaced by `vals` (what a call writes).
fn placed<T: E>(base: &[T], vals: &[(C, f64)], inc: i64) -> Vec<(C, f64)> {
    let mut out: Vec<(C, f64)> = base.iter().map(|v| (v.c(), 0.0)).collect();
    for (i, v) in vals.iter().enumerate() {
        out[at(i, vals.len(), inc)] = *v;
    }
    out
}

fn scalar<T: E>(re: f64, im: f64) -> T {
    T::from(re, if T::CPLX { im } else { 0.0 })
}

/// gemv in three forms and gbmv: (m, n) = (300, 200), lda 312 (16-byte columns in every precision but C64), incx -2, incy 3.
fn general<T: E>(h: H) {
    let (m, n, lda, batch) = (300usize, 200usize, 312usize, 2usize);
    let (alpha, beta) = (scalar::<T>(1.5, -0.5), scalar::<T>(-0.75, 0.25));
    let (al, be) = (alpha.c(), beta.c());
    let a = data::<T>(lda * n * batch, 1.0);
    let da = dev(&a);
    for (op, opn) in [(N_OP, "N"), (T_OP, "T"), (C_OP, "C")] {
        let (xl, yl) = if op == N_OP { (n, m) } else { (m, n) };
        let (incx, incy) = (-2i64, 3i64);
        let (sx, sy) = (2 * xl + 5, 3 * yl + 7);
        let x = data::<T>(sx * batch, 2.0);
        let y = data::<T>(sy * batch, 3.0);
        let (dx, dy) = (dev(&x), dev(&y));
        // strided batched, host scalars
        mode(h, false);
        let r = unsafe {
            ops::gemv::<T>(
                h,
                op,
                m as i64,
                n as i64,
                &alpha,
                strided(da, lda * n),
                lda as i64,
                strided(dx, sx),
                incx,
                &beta,
                strided(dy, sy),
                incy,
                batch as i64,
            )
        };
        assert_eq!(r, Ok(()), "gemv {opn}");
        let got = host(dy, sy * batch);
        for b in 0..batch {
            let ab = &a[b * lda * n..];
            let e = |i: usize, j: usize| match op {
                N_OP => ab[i + j * lda].c(),
                T_OP => ab[j + i * lda].c(),
                _ => conj(ab[j + i * lda].c()),
            };
            let want = mv_ref(
                &e,
                yl,
                xl,
                al,
                &logical(&x[b * sx..], xl, incx),
                be,
                &logical(&y[b * sy..], yl, incy),
            );
            check(
                &got[b * sy..(b + 1) * sy],
                &placed(&y[b * sy..(b + 1) * sy], &want, incy),
                &format!("gemv_strided_batched {opn} [{b}]"),
            );
        }
        free(dx);
        free(dy);
    }

    // batched through pointer arrays, device alpha and beta, op T, beta 0 (y not read)
    mode(h, true);
    let zero = scalar::<T>(0.0, 0.0);
    let (dal, dbe) = (dev(&[alpha]), dev(&[zero]));
    let x = data::<T>(m * batch, 4.0);
    let nan = vec![T::from(f64::NAN, f64::NAN); n * batch];
    let (dx, dy) = (dev(&x), dev(&nan));
    let (pa, px, py) = (
        ptr_array(da, lda * n, batch),
        ptr_array(dx, m, batch),
        ptr_array(dy, n, batch),
    );
    let r = unsafe {
        ops::gemv::<T>(
            h,
            T_OP,
            m as i64,
            n as i64,
            dal,
            Src::Array(pa as u64),
            lda as i64,
            Src::Array(px as u64),
            1,
            dbe,
            Src::Array(py as u64),
            1,
            batch as i64,
        )
    };
    assert_eq!(r, Ok(()), "gemv_batched");
    let got = host(dy, n * batch);
    for b in 0..batch {
        let ab = &a[b * lda * n..];
        let e = |i: usize, j: usize| ab[j + i * lda].c();
        let want = mv_ref(
            &e,
            n,
            m,
            al,
            &logical(&x[b * m..], m, 1),
            ZERO,
            &vec![ZERO; n],
        );
        check(
            &got[b * n..(b + 1) * n],
            &want,
            &format!("gemv_batched [{b}]"),
        );
    }
    for p in [
        pa.cast::<u8>(),
        px.cast(),
        py.cast(),
        dal.cast(),
        dbe.cast(),
        dx.cast(),
        dy.cast(),
    ] {
        free(p);
    }

    // gbmv, kl 4, ku 7, lda 14, both ops, host scalars
    mode(h, false);
    let (kl, ku, ldb) = (4usize, 7usize, 14usize);
    let band = data::<T>(ldb * n, 5.0);
    let db = dev(&band);
    for op in [N_OP, C_OP] {
        let (xl, yl) = if op == N_OP { (n, m) } else { (m, n) };
        let (x, y) = (data::<T>(xl, 6.0), data::<T>(2 * yl, 7.0));
        let (dx, dy) = (dev(&x), dev(&y));
        let r = unsafe {
            ops::gbmv::<T>(
                h,
                op,
                m as i64,
                n as i64,
                kl as i64,
                ku as i64,
                &alpha,
                strided(db, 0),
                ldb as i64,
                strided(dx, 0),
                1,
                &beta,
                strided(dy, 0),
                -2,
                1,
            )
        };
        assert_eq!(r, Ok(()), "gbmv");
        let el = |i: usize, j: usize| {
            if i + ku >= j && i <= j + kl {
                band[ku + i - j + j * ldb].c()
            } else {
                ZERO
            }
        };
        let e = |i: usize, j: usize| if op == N_OP { el(i, j) } else { conj(el(j, i)) };
        let want = mv_ref(
            &e,
            yl,
            xl,
            al,
            &logical(&x, xl, 1),
            be,
            &logical(&y, yl, -2),
        );
        check(
            &host(dy, 2 * yl),
            &placed(&y, &want, -2),
            &format!("gbmv {op}"),
        );
        free(dx);
        free(dy);
    }
    free(db);
    free(da);
}

/// symv / hemv (full), sbmv / hbmv (band), spmv / hpmv (packed); n 190 and 2,100.
fn symmetric<T: E>(h: H) {
    let (alpha, beta) = (scalar::<T>(0.5, 1.25), scalar::<T>(2.0, -1.0));
    let (al, be) = (alpha.c(), beta.c());
    for herm in [false, true] {
        if herm && !T::CPLX {
            continue;
        }
        // Full and packed storage take the one-pass kernel (on a GPU groups of 64 columns
        // and segments of 1,024 rows: 190 ends in a partial group; 2,100 has whole
        // segments off the diagonal and a partial last one; lda 2,101 keeps one element per
        // load), band storage two passes; x with negative and wide increments.
        for (n, store, upper, kind, incx) in [
            (190usize, Store::Full(200), true, SymKind::Full, 1i64),
            (190, Store::Full(191), false, SymKind::Full, -2),
            (190, Store::Band(9, 6), false, SymKind::Band(6), 1),
            (190, Store::Packed, true, SymKind::Packed, 3),
            (190, Store::Packed, false, SymKind::Packed, 1),
            (2100, Store::Full(2101), false, SymKind::Full, 1),
            (2100, Store::Full(2100), true, SymKind::Full, -1),
            (2100, Store::Full(2104), false, SymKind::Full, 2),
            (2100, Store::Packed, true, SymKind::Packed, 2),
        ] {
            let len = span(store, n);
            // Batch strides of whole 16 bytes: where lda is too (2,100 and 2,104 in every
            // precision, 200 but for C64), the GPU kernel reads several rows per load.
            let (batch, sa) = (2usize, (len + 3).next_multiple_of(4));
            let sx = 1 + (n - 1) * incx.unsigned_abs() as usize;
            let a = data::<T>(sa * batch, 8.0);
            let x = data::<T>(sx * batch, 9.0);
            let y = data::<T>(n * batch, 10.0);
            let (da, dx, dy) = (dev(&a), dev(&x), dev(&y));
            mode(h, false);
            let lda = match store {
                Store::Full(ld) | Store::Band(ld, _) => ld as i64,
                Store::Packed => 1,
            };
            let uplo = if upper { UPPER } else { LOWER };
            let r = unsafe {
                ops::symv::<T>(
                    h,
                    uplo,
                    n as i64,
                    kind,
                    herm,
                    &alpha,
                    strided(da, sa),
                    lda,
                    strided(dx, sx),
                    incx,
                    &beta,
                    strided(dy, n),
                    1,
                    batch as i64,
                )
            };
            assert_eq!(r, Ok(()), "symv {kind:?} upper {upper} herm {herm}");
            let got = host(dy, n * batch);
            for b in 0..batch {
                let ab = &a[b * sa..];
                let e = |i: usize, j: usize| match (
                    stored(store, n, upper, i, j),
                    stored(store, n, upper, j, i),
                ) {
                    (Some(k), _) if herm && i == j => (ab[k].c().0, 0.0),
                    (Some(k), _) => ab[k].c(),
                    (None, Some(k)) if herm => conj(ab[k].c()),
                    (None, Some(k)) => ab[k].c(),
                    _ => ZERO,
                };
                let want = mv_ref(
                    &e,
                    n,
                    n,
                    al,
                    &logical(&x[b * sx..], n, incx),
                    be,
                    &logical(&y[b * n..], n, 1),
                );
                check(
                    &got[b * n..(b + 1) * n],
                    &want,
                    &format!("symv {kind:?} n {n} upper {upper} herm {herm} incx {incx} [{b}]"),
                );
            }
            for p in [da, dx, dy] {
                free(p);
            }
        }
    }
}

/// ger / geru / gerc (strided batched, device alpha), syr / her, syr2 / her2 in full and
/// packed storage.
fn updates<T: E + RealOf>(h: H)
where
    <<T as RealOf>::R as Num>::W: Promote<<T as Num>::W>,
{
    let (m, n, lda, batch) = (170usize, 130usize, 180usize, 2usize);
    let alpha = scalar::<T>(0.75, -1.5);
    let al = alpha.c();
    for conj_y in [false, true] {
        let a = data::<T>(lda * n * batch, 11.0);
        let x = data::<T>(2 * m * batch, 12.0);
        let y = data::<T>(n * batch, 13.0);
        let (da, dx, dy, dal) = (dev(&a), dev(&x), dev(&y), dev(&[alpha]));
        mode(h, true);
        let r = unsafe {
            ops::ger::<T>(
                h,
                m as i64,
                n as i64,
                dal,
                strided(dx, 2 * m),
                -2,
                strided(dy, n),
                1,
                strided(da, lda * n),
                lda as i64,
                batch as i64,
                conj_y,
            )
        };
        assert_eq!(r, Ok(()), "ger");
        let got = host(da, lda * n * batch);
        let mut want: Vec<(C, f64)> = a.iter().map(|v| (v.c(), abs(v.c()))).collect();
        for b in 0..batch {
            let xs = logical(&x[b * 2 * m..], m, -2);
            for j in 0..n {
                let yj = if conj_y {
                    conj(y[b * n + j].c())
                } else {
                    y[b * n + j].c()
                };
                for (i, &xi) in xs.iter().enumerate() {
                    let w = &mut want[b * lda * n + i + j * lda];
                    let t = mul(mul(al, xi), yj);
                    *w = (add(w.0, t), w.1 + abs(t));
                }
            }
        }
        check(&got, &want, &format!("ger conj {conj_y}"));
        for p in [da, dx, dy, dal] {
            free(p);
        }
    }

    let n = 150usize;
    for (kind, herm) in [
        (Upd::Syr, false),
        (Upd::Her, true),
        (Upd::Syr2, false),
        (Upd::Her2, true),
    ] {
        if herm && !T::CPLX {
            continue;
        }
        for (store, upper) in [(Store::Full(160), false), (Store::Packed, true)] {
            let len = span(store, n);
            let a = data::<T>(len, 14.0);
            let x = data::<T>(n, 15.0);
            let y = data::<T>(3 * n, 16.0);
            let (da, dx, dy) = (dev(&a), dev(&x), dev(&y));
            mode(h, false);
            let uplo = if upper { UPPER } else { LOWER };
            let lda = if let Store::Full(ld) = store {
                Some(ld as i64)
            } else {
                None
            };
            // her / hpr take a real alpha
            let ral = al.0;
            let r = unsafe {
                if kind == Upd::Her {
                    ops::sym_update::<T, <T as RealOf>::R>(
                        h,
                        uplo,
                        n as i64,
                        &<T as RealOf>::real(ral),
                        strided(dx, 0),
                        1,
                        strided(dy, 0),
                        -3,
                        strided(da, 0),
                        lda,
                        1,
                        kind,
                    )
                } else {
                    ops::sym_update::<T, T>(
                        h,
                        uplo,
                        n as i64,
                        &alpha,
                        strided(dx, 0),
                        1,
                        strided(dy, 0),
                        -3,
                        strided(da, 0),
                        lda,
                        1,
                        kind,
                    )
                }
            };
            assert_eq!(r, Ok(()), "{kind:?} {store:?}");
            let xs = logical(&x, n, 1);
            let ys = logical(&y, n, -3);
            let mut want: Vec<(C, f64)> = a.iter().map(|v| (v.c(), abs(v.c()))).collect();
            for j in 0..n {
                for i in 0..n {
                    let Some(k) = stored(store, n, upper, i, j) else {
                        continue;
                    };
                    let cj = |v: C| if herm { conj(v) } else { v };
                    let t = match kind {
                        Upd::Her => mul(mul((ral, 0.0), xs[i]), conj(xs[j])),
                        Upd::Syr => mul(mul(al, xs[i]), xs[j]),
                        _ => add(
                            mul(mul(al, xs[i]), cj(ys[j])),
                            mul(mul(if herm { conj(al) } else { al }, ys[i]), cj(xs[j])),
                        ),
                    };
                    let mut v = add(want[k].0, t);
                    if herm && i == j {
                        v.1 = 0.0;
                    }
                    want[k] = (v, want[k].1 + abs(t));
                }
            }
            check(&host(da, len), &want, &format!("{kind:?} {store:?}"));
            for p in [da, dx, dy] {
                free(p);
            }
        }
    }
}

/// The real type of an element type (her's alpha).
trait RealOf {
    type R: Num;
    fn real(v: f64) -> Self::R;
}
impl RealOf for f32 {
    type R = f32;
    fn real(v: f64) -> f32 {
        v as f32
    }
}
impl RealOf for f64 {
    type R = f64;
    fn real(v: f64) -> f64 {
        v
    }
}
impl RealOf for C32 {
    type R = f32;
    fn real(v: f64) -> f32 {
        v as f32
    }
}
impl RealOf for C64 {
    type R = f64;
    fn real(v: f64) -> f64 {
        v
    }
}

/// trmv / tbmv / tpmv and trsv / tbsv / tpsv, each operation and both triangles, on
/// well-conditioned triangles (small off-diagonal entries), n 200 (several trsv blocks,
/// some out of a band's reach) and 600 (trsv in panels), strided batched over 3 entries.
/// Each storage in one panel of a blocked solve (n 200; batches of 3) and in three (n 600,
/// one entry: on the GPU a gemv updates the rest of x between full storage's panels, the
/// host twin's panels update it themselves, band storage's only the k rows past the panel,
/// part of the columns for a wide band).
const TRIANGULAR_CASES: [(usize, Store, TriKind, TriKind, usize); 8] = [
    (200, Store::Full(210), TriKind::Trmv, TriKind::Trsv, 3),
    (600, Store::Full(601), TriKind::Trmv, TriKind::Trsv, 3),
    (
        200,
        Store::Band(6, 5),
        TriKind::Tbmv(5),
        TriKind::Tbsv(5),
        3,
    ),
    (
        200,
        Store::Band(120, 119),
        TriKind::Tbmv(119),
        TriKind::Tbsv(119),
        3,
    ),
    (
        600,
        Store::Band(34, 33),
        TriKind::Tbmv(33),
        TriKind::Tbsv(33),
        1,
    ),
    (
        600,
        Store::Band(301, 300),
        TriKind::Tbmv(300),
        TriKind::Tbsv(300),
        1,
    ),
    (200, Store::Packed, TriKind::Tpmv, TriKind::Tpsv, 3),
    (600, Store::Packed, TriKind::Tpmv, TriKind::Tpsv, 1),
];

fn triangular<T: E>(h: H) {
    let mut k = 0;
    for (n, store, mv, sv, batch) in TRIANGULAR_CASES {
        for upper in [false, true] {
            for (op, diag) in [
                (N_OP, NON_UNIT),
                (T_OP, UNIT),
                (C_OP, NON_UNIT),
                (N_OP, UNIT),
            ] {
                k += 1;
                let len = span(store, n);
                let sa = len + 1;
                // off-diagonal entries small against the diagonal's
                let raw = data::<T>(sa * batch, 17.0 + k as f64);
                let mut diagonal = vec![false; sa];
                for i in 0..n {
                    diagonal[stored(store, n, upper, i, i).unwrap()] = true;
                }
                let a: Vec<T> = (0..sa * batch)
                    .map(|e| {
                        let is_diag = diagonal[e % sa];
                        let v = raw[e].c();
                        if is_diag {
                            T::from(4.0 + v.0.abs(), v.1)
                        } else {
                            T::from(v.0 / 64.0, v.1 / 64.0)
                        }
                    })
                    .collect();
                let incx = if k % 2 == 0 { -2i64 } else { 1 };
                let sx = 2 * n + 1;
                let x = data::<T>(sx * batch, 18.0 + k as f64);
                let lda = match store {
                    Store::Full(ld) | Store::Band(ld, _) => ld as i64,
                    Store::Packed => 1,
                };
                let uplo = if upper { UPPER } else { LOWER };
                let el = |ab: &[T], i: usize, j: usize| -> C {
                    if i == j && diag == UNIT {
                        return ONE;
                    }
                    let (r, c) = if op == N_OP { (i, j) } else { (j, i) };
                    match stored(store, n, upper, r, c) {
                        Some(k) if op == C_OP => conj(ab[k].c()),
                        Some(k) => ab[k].c(),
                        None => ZERO,
                    }
                };
                let (da, dx) = (dev(&a), dev(&x));
                mode(h, false);
                // x := op(A) x
                let r = unsafe {
                    ops::tri::<T>(
                        h,
                        uplo,
                        op,
                        diag,
                        n as i64,
                        mv,
                        strided(da, sa),
                        lda,
                        strided(dx, sx),
                        incx,
                        batch as i64,
                    )
                };
                assert_eq!(r, Ok(()), "{mv:?}");
                let got = host(dx, sx * batch);
                for b in 0..batch {
                    let e = |i: usize, j: usize| el(&a[b * sa..], i, j);
                    let want = mv_ref(
                        &e,
                        n,
                        n,
                        ONE,
                        &logical(&x[b * sx..], n, incx),
                        ZERO,
                        &vec![ZERO; n],
                    );
                    let what = format!("{mv:?} upper {upper} op {op} diag {diag} [{b}]");
                    check(
                        &got[b * sx..(b + 1) * sx],
                        &placed(&x[b * sx..(b + 1) * sx], &want, incx),
                        &what,
                    );
                }
                // x := op(A)^-1 (op(A) x) gives x back
                let r = unsafe {
                    ops::tri::<T>(
                        h,
                        uplo,
                        op,
                        diag,
                        n as i64,
                        sv,
                        strided(da, sa),
                        lda,
                        strided(dx, sx),
                        incx,
                        batch as i64,
                    )
                };
                assert_eq!(r, Ok(()), "{sv:?}");
                let back = host(dx, sx * batch);
                let want: Vec<(C, f64)> = x.iter().map(|v| (v.c(), 64.0 * abs(v.c()))).collect();
                check(
                    &back,
                    &want,
                    &format!("{sv:?} upper {upper} op {op} diag {diag}"),
                );
                free(da);
                free(dx);
            }
        }
    }
}

#[test]
fn gemv_and_gbmv_run_as_kernels() {
    let fr = Frame::start();
    general::<f32>(fr.h);
    general::<f64>(fr.h);
    general::<C32>(fr.h);
    general::<C64>(fr.h);
    fr.finish(&with_wide());
}

#[test]
fn symmetric_and_hermitian_products_run_as_kernels() {
    let fr = Frame::start();
    symmetric::<f32>(fr.h);
    symmetric::<f64>(fr.h);
    symmetric::<C32>(fr.h);
    symmetric::<C64>(fr.h);
    fr.finish(&with_wide());
}

#[test]
fn rank_updates_run_as_kernels() {
    let fr = Frame::start();
    updates::<f32>(fr.h);
    updates::<f64>(fr.h);
    updates::<C32>(fr.h);
    updates::<C64>(fr.h);
    fr.finish(&MODULES);
}

#[test]
fn triangular_products_and_solves_run_as_kernels() {
    let fr = Frame::start();
    triangular::<f32>(fr.h);
    triangular::<f64>(fr.h);
    triangular::<C32>(fr.h);
    triangular::<C64>(fr.h);
    fr.finish(&MODULES);
}

/// trsv's one-launch chain (TRSV_CHAIN, a GPU's default for full storage) on lavapipe, which
/// otherwise takes the launches: in a child process with one lavapipe thread (with more it
/// goes wrong there, see blas2.glsl) and 64-row panels, so that the triangular cases (n 200
/// and 600) solve in chains of 4 to 19 blocks; f32 (64-row blocks, one word an element) and
/// complex f64 (32-row blocks, four words).
#[test]
fn one_launch_chain_solves_on_one_lavapipe_thread() {
    if in_child() {
        let fr = Frame::start();
        triangular::<f32>(fr.h);
        triangular::<C64>(fr.h);
        fr.finish(&["blas2_f32", "blas2_c64"]);
        return;
    }
    if !on_vulkan() {
        return; // the chain is a Vulkan kernel: the Vulkan pass runs this test
    }
    rerun_in_child(
        "one_launch_chain_solves_on_one_lavapipe_thread",
        &[
            ("LP_NUM_THREADS", "1"),
            ("OXROCM_ROCBLAS_TRSV_CHAIN", "lavapipe"),
            ("OXROCM_ROCBLAS_TRSV_PANEL", "64"),
        ],
    );
}

/// Solves long enough that the host twin splits each panel's update of the rest of x over
/// the threads (from 2^20 entries a panel: 4,096 rows past a 256-row panel), both triangles,
/// both orders, x at increment 1 (solved in place) and -1. Against x itself: b = op(A) x is
/// formed in f64 here, A's off-diagonal entries small enough (rows sum to under 1/4 against
/// a diagonal of 4 to 5) that f32's solve keeps x to a few ulps.
#[test]
fn long_solves_split_their_updates_over_threads() {
    let fr = Frame::start();
    let h = fr.h;
    let n = 4400usize;
    let vals = data::<f32>(n * n + n, 3.0);
    let a: Vec<f32> = (0..n * n)
        .map(|e| {
            let (i, j) = (e % n, e / n);
            if i == j {
                4.0 + vals[e].abs()
            } else {
                vals[e] / (4.0 * n as f32)
            }
        })
        .collect();
    let x: Vec<f32> = vals[n * n..].to_vec();
    let da = dev(&a);
    mode(h, false);
    for (k, (uplo, op)) in [(UPPER, N_OP), (UPPER, T_OP), (LOWER, N_OP), (LOWER, T_OP)]
        .into_iter()
        .enumerate()
    {
        let upper = uplo == UPPER;
        let at = |i: usize, j: usize| -> f64 {
            let (r, c) = if op == N_OP { (i, j) } else { (j, i) };
            if (upper && r <= c) || (!upper && r >= c) {
                a[r + c * n] as f64
            } else {
                0.0
            }
        };
        let b: Vec<f32> = (0..n)
            .map(|i| (0..n).map(|j| at(i, j) * x[j] as f64).sum::<f64>() as f32)
            .collect();
        let incx: i64 = if k % 2 == 0 { 1 } else { -1 };
        let stored: Vec<f32> = if incx == 1 {
            b.clone()
        } else {
            b.iter().rev().copied().collect()
        };
        let dx = dev(&stored);
        let r = unsafe {
            ops::tri::<f32>(
                h,
                uplo,
                op,
                NON_UNIT,
                n as i64,
                TriKind::Trsv,
                strided(da, 0),
                n as i64,
                strided(dx, 0),
                incx,
                1,
            )
        };
        assert_eq!(r, Ok(()), "trsv uplo {uplo} op {op}");
        let got = host(dx, n);
        for i in 0..n {
            let g = got[if incx == 1 { i } else { n - 1 - i }];
            assert!(
                (g - x[i]).abs() <= 1e-5 * x[i].abs().max(1.0),
                "trsv uplo {uplo} op {op} incx {incx}: x[{i}] = {g}, want {}",
                x[i]
            );
        }
        free(dx);
    }
    free(da);
    fr.finish(&["blas2_f32"]);
}

/// A rank-1 update over more rows than the twin scales x for once per call (4 Mi elements
/// a call: above it each task scales the rows its columns store), through several 4096-row
/// blocks, x with a negative increment. Checked element by element as it goes (a stored
/// reference would take 200 MB).
#[test]
fn tall_updates_scale_x_per_task() {
    let fr = Frame::start();
    let h = fr.h;
    let (m, n) = ((1usize << 22) + 4100, 2usize);
    let alpha = 0.75f32;
    let a: Vec<f32> = (0..m * n).map(|k| (k % 97) as f32 * 0.25 - 12.0).collect();
    let x: Vec<f32> = (0..m).map(|k| (k % 31) as f32 * 0.5 - 7.0).collect();
    let y = [1.5f32, -2.25];
    let (da, dx, dy) = (dev(&a), dev(&x), dev(&y));
    mode(h, false);
    let r = unsafe {
        ops::ger::<f32>(
            h,
            m as i64,
            n as i64,
            &alpha,
            strided(dx, 0),
            -1,
            strided(dy, 0),
            1,
            strided(da, 0),
            m as i64,
            1,
            false,
        )
    };
    assert_eq!(r, Ok(()), "ger");
    let got = host(da, m * n);
    for j in 0..n {
        for i in 0..m {
            let xi = x[m - 1 - i] as f64;
            let want = a[i + j * m] as f64 + alpha as f64 * xi * y[j] as f64;
            let g = got[i + j * m] as f64;
            assert!(
                (g - want).abs() <= 1e-5 * want.abs().max(1.0),
                "ger ({i}, {j}): {g} against {want}"
            );
        }
    }
    for p in [da, dx, dy] {
        free(p);
    }
    fr.finish(&["blas2_f32"]);
}
