//! The CPU backend's Level-2 loops give the same bits at every x86-64 vector level
//! (`OXROCM_ROCBLAS_SIMD`, chosen once per process): this test runs itself as a child
//! process once per level, each child makes one call of every loop family (column sweeps,
//! dots, rank updates, symmetric products, band sweeps and dots, solves) over odd sizes
//! and prints a digest of each result; the digests must agree and every call must change
//! its output.

#![cfg(target_arch = "x86_64")]

mod common;

use amdhip64 as _;
use common::{LOWER, NON_UNIT, UPPER, dev, handle, host, vals};
use rocblas::blas1::exec::Src;
use rocblas::blas1::num::{C32, C64, Complex};
use rocblas::blas2::kern::Num;
use rocblas::blas2::ops::{self, SymKind, TriKind, Upd};
use rocblas::simd::Level;

const CHILD: &str = "OXROCM_TEST_SIMD_CHILD";
const N_OP: i32 = 111;
const T_OP: i32 = 112;
const C_OP: i32 = 113;

/// The test's element types, built from f64 parts.
trait El: Num + Default {
    fn make(re: f64, im: f64) -> Self;
}
impl El for f32 {
    fn make(re: f64, _: f64) -> Self {
        re as f32
    }
}
impl El for f64 {
    fn make(re: f64, _: f64) -> Self {
        re
    }
}
impl El for C32 {
    fn make(re: f64, im: f64) -> Self {
        Complex {
            re: re as f32,
            im: im as f32,
        }
    }
}
impl El for C64 {
    fn make(re: f64, im: f64) -> Self {
        Complex { re, im }
    }
}

/// FNV-1a over the bytes of `v`.
fn digest<T>(v: &[T]) -> u64 {
    // SAFETY: plain floating-point data, read as bytes.
    let b = unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), size_of_val(v)) };
    b.iter().fold(0xcbf29ce484222325u64, |h, &x| {
        (h ^ x as u64).wrapping_mul(0x100000001b3)
    })
}

/// Values in eighths and 64ths: small enough that the products stay far from overflow.
fn data<T: El>(len: usize, seed: f64) -> Vec<T> {
    let re = vals(len, seed);
    let im = vals(len, seed + 0.5);
    (0..len)
        .map(|i| T::make(re[i] / 8.0, im[i] / 8.0))
        .collect()
}

/// A triangle's matrix, off-diagonal entries scaled by 1/n and 4 on the diagonal of full
/// storage and of both band layouts (rows 0 and k), so that solves stay in range.
fn dominant<T: El>(n: usize, lda: usize, k: usize, seed: f64) -> Vec<T> {
    let (re, im) = (vals(lda * n, seed), vals(lda * n, seed + 0.5));
    let mut a: Vec<T> = (0..lda * n)
        .map(|i| T::make(re[i] / n as f64, im[i] / n as f64))
        .collect();
    for j in 0..n {
        for i in [j + j * lda, j * lda, k + j * lda] {
            a[i] = T::make(4.0, 0.0);
        }
    }
    a
}

fn s<U>(p: *mut U) -> Src {
    Src::Strided(p as u64, 0)
}

/// Runs `call` on a device copy of `out`; prints the result's digest, after checking the
/// call changed it.
fn run<T: El>(name: &str, out: &[T], call: impl FnOnce(Src) -> rocblas::blas1::exec::Status) {
    let d = dev(out);
    assert_eq!(call(s(d)), Ok(()), "{name}");
    let got = host(d, out.len());
    assert_ne!(
        digest(&got),
        digest(out),
        "{name} left its output as it was"
    );
    println!("digest {name} {:016x}", digest(&got));
}

fn family<T: El>(h: rocblas::types::rocblas_handle, t: &str) {
    let (m, n, k) = (1203usize, 1001usize, 33usize);
    let lda = m + 5;
    let (alpha, beta) = (T::make(0.75, -0.25), T::make(0.5, 0.125));
    let a: Vec<T> = data(lda * n, 1.0);
    let da = dev(&a);
    let x: Vec<T> = data(m.max(n), 2.0);
    let dx = dev(&x);
    let y: Vec<T> = data(m.max(n), 3.0);
    for (op, on) in [(N_OP, "N"), (T_OP, "T"), (C_OP, "C")] {
        run(&format!("{t}gemv {on}"), &y, |dy| unsafe {
            ops::gemv::<T>(
                h,
                op,
                m as i64,
                n as i64,
                &alpha,
                s(da),
                lda as i64,
                s(dx),
                1,
                &beta,
                dy,
                1,
                1,
            )
        });
        run(&format!("{t}gbmv {on}"), &y, |dy| unsafe {
            ops::gbmv::<T>(
                h,
                op,
                n as i64,
                n as i64,
                k as i64,
                7,
                &alpha,
                s(da),
                lda as i64,
                s(dx),
                1,
                &beta,
                dy,
                1,
                1,
            )
        });
    }
    for (conj, gn) in [(false, "geru"), (true, "gerc")] {
        run(&format!("{t}{gn}"), &a, |a2| unsafe {
            ops::ger::<T>(
                h,
                m as i64,
                n as i64,
                &alpha,
                s(dx),
                1,
                s(dx),
                1,
                a2,
                lda as i64,
                1,
                conj,
            )
        });
    }
    for (uplo, un) in [(UPPER, "U"), (LOWER, "L")] {
        for (kind, herm, sn) in [
            (SymKind::Full, false, "symv"),
            (SymKind::Full, true, "hemv"),
            (SymKind::Band(k as i64), false, "sbmv"),
        ] {
            run(&format!("{t}{sn} {un}"), &y, |dy| unsafe {
                ops::symv::<T>(
                    h,
                    uplo,
                    n as i64,
                    kind,
                    herm,
                    &alpha,
                    s(da),
                    lda as i64,
                    s(dx),
                    1,
                    &beta,
                    dy,
                    1,
                    1,
                )
            });
        }
        for (kind, rn) in [(Upd::Syr, "syr"), (Upd::Syr2, "syr2")] {
            run(&format!("{t}{rn} {un}"), &a, |a2| unsafe {
                ops::sym_update::<T, T>(
                    h,
                    uplo,
                    n as i64,
                    &alpha,
                    s(dx),
                    1,
                    s(dx),
                    1,
                    a2,
                    Some(lda as i64),
                    1,
                    kind,
                )
            });
        }
        let tri = dominant::<T>(n, lda, k, 4.0);
        let dt = dev(&tri);
        for (op, on) in [(N_OP, "N"), (T_OP, "T")] {
            for (kind, kn) in [
                (TriKind::Trmv, "trmv"),
                (TriKind::Trsv, "trsv"),
                (TriKind::Tbmv(k as i64), "tbmv"),
                (TriKind::Tbsv(k as i64), "tbsv"),
            ] {
                run(&format!("{t}{kn} {un}{on}"), &x[..n], |dxo| unsafe {
                    ops::tri::<T>(
                        h,
                        uplo,
                        op,
                        NON_UNIT,
                        n as i64,
                        kind,
                        s(dt),
                        lda as i64,
                        dxo,
                        1,
                        1,
                    )
                });
            }
        }
    }
}

/// One child's work: every family in every precision, digests on stdout.
fn child() {
    // On a line of its own: the harness prints the test name before it.
    println!("\nlevel {:?}", rocblas::simd::level());
    let h = handle();
    family::<f32>(h, "s");
    family::<f64>(h, "d");
    family::<C32>(h, "c");
    family::<C64>(h, "z");
}

#[test]
fn every_vector_level_gives_the_same_bits() {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    let exe = std::env::current_exe().unwrap();
    let mut runs = Vec::new();
    for cap in ["baseline", "avx2", "avx512"] {
        let out = std::process::Command::new(&exe)
            .args([
                "--exact",
                "every_vector_level_gives_the_same_bits",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "1")
            .env("OXROCM_BACKEND", "cpu")
            .env("OXROCM_ROCBLAS_SIMD", cap)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "child at {cap} failed:\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let level = text
            .lines()
            .find_map(|l| l.strip_prefix("level "))
            .unwrap()
            .to_string();
        let digests: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("digest "))
            .map(String::from)
            .collect();
        runs.push((cap, level, digests));
    }
    // Every family in four precisions: 6 + 2 + 2 x (3 + 2 + 8) = 34 calls each.
    for (cap, _, d) in &runs {
        assert_eq!(d.len(), 4 * 34, "calls at {cap}");
    }
    // The caps took effect: the levels differ (every CI machine has AVX2).
    let levels: std::collections::BTreeSet<_> = runs.iter().map(|r| r.1.clone()).collect();
    assert!(levels.len() >= 2, "only {levels:?} ran");
    assert_eq!(runs[0].1, format!("{:?}", Level::Baseline));
    for (cap, level, d) in &runs[1..] {
        for (want, got) in runs[0].2.iter().zip(d) {
            assert_eq!(got, want, "{cap} ({level}) against baseline");
        }
    }
}
