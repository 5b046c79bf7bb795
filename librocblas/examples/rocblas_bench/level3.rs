//! rocblas-bench's Level-3 functions beyond GEMM: -f trsm|trmm|trtri|symm|syrk|syrkx|syr2k|
//! geam|dgmm with -r s|d, -m, -n, -k, --side L|R, --uplo U|L, --transposeA N|T,
//! --transposeB N|T (geam), --diag N|U, --alpha, --beta, -i, -j, --warmup_ms, -v 1 (600
//! sampled entries of one call checked against an f64 reference: trsm by its residual).
//! trmm is rocBLAS 2.47's trmm_outofplace (C := alpha op(A) B, as cuBLAS's trmm). Triangles
//! are made diagonally dominant so solves and inverses stay accurate. Prints rocblas-bench's
//! CSV line with GFLOP/s (geam, dgmm: GB/s) and microseconds per call.

use super::{hip, time_calls, value};
use rocblas::handle::rocblas_create_handle;
use rocblas::types::*;
use std::collections::HashMap;
use std::ffi::c_void;
use std::ptr::null_mut;

type H = rocblas_handle;
type P = *const c_void;
type M = *mut c_void;

macro_rules! decl {
    ($($name:ident: ($($a:ty),*);)*) => {
        unsafe extern "C" { $(fn $name(h: H, $(_: $a),*) -> i32;)* }
    };
}
decl! {
    rocblas_strsm: (i32, i32, i32, i32, i32, i32, P, P, i32, M, i32); rocblas_dtrsm: (i32, i32, i32, i32, i32, i32, P, P, i32, M, i32);
    rocblas_strmm_outofplace: (i32, i32, i32, i32, i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_dtrmm_outofplace: (i32, i32, i32, i32, i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_strtri: (i32, i32, i32, P, i32, M, i32); rocblas_dtrtri: (i32, i32, i32, P, i32, M, i32);
    rocblas_ssymm: (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_dsymm: (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_ssyrk: (i32, i32, i32, i32, P, P, i32, P, M, i32); rocblas_dsyrk: (i32, i32, i32, i32, P, P, i32, P, M, i32);
    rocblas_ssyrkx: (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_dsyrkx: (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_ssyr2k: (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_dsyr2k: (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_sgeam: (i32, i32, i32, i32, P, P, i32, P, P, i32, M, i32); rocblas_dgeam: (i32, i32, i32, i32, P, P, i32, P, P, i32, M, i32);
    rocblas_sdgmm: (i32, i32, i32, P, i32, P, i32, M, i32); rocblas_ddgmm: (i32, i32, i32, P, i32, P, i32, M, i32);
}

pub const FUNCTIONS: [&str; 9] = ["trsm", "trmm", "trtri", "symm", "syrk", "syrkx", "syr2k", "geam", "dgmm"];

/// A column-major f64 matrix as uploaded.
struct Mat {
    v: Vec<f64>,
    ld: usize,
}
impl Mat {
    fn at(&self, i: usize, j: usize) -> f64 {
        self.v[i + j * self.ld]
    }
}

pub fn run(opt: &HashMap<String, String>) {
    let get = |k: &str, d: &str| opt.get(k).cloned().unwrap_or_else(|| d.to_string());
    let num = |k: &str, d: i64| get(k, &d.to_string()).parse::<i64>().unwrap_or(d);
    let f = get("f", "trsm");
    let double = matches!(get("r", "s").as_str(), "d" | "f64_r");
    let size = if double { 8 } else { 4 };
    let (m, n, k) = (num("m", 1024) as usize, num("n", 1024) as usize, num("k", 1024) as usize);
    let left = get("side", "L") == "L";
    let upper = get("uplo", "U") == "U";
    let ta = get("transposeA", "N") == "T";
    let tb = get("transposeB", "N") == "T";
    let unit = get("diag", "N") == "U";
    let (alpha, beta) = (get("alpha", "1").parse::<f64>().unwrap_or(1.0), get("beta", "0").parse::<f64>().unwrap_or(0.0));
    let (iters, cold, warmup) = (num("i", 10).max(1), num("j", 2), num("warmup_ms", 0));
    let op = |t: bool| if t { 112 } else { 111 };
    let side = if left { 141 } else { 142 };
    let uplo = if upper { 121 } else { 122 };
    let diag = if unit { 132 } else { 131 };
    // Operand shapes (rows, cols) of A, B, C by function.
    let ka = if left { m } else { n };
    let (sa, sb, sc) = match f.as_str() {
        "trsm" => ((ka, ka), (m, n), (0, 0)),
        "trmm" => ((ka, ka), (m, n), (m, n)),
        "trtri" => ((n, n), (0, 0), (n, n)),
        "symm" => ((ka, ka), (m, n), (m, n)),
        "syrk" | "syrkx" | "syr2k" => (if ta { (k, n) } else { (n, k) }, if ta { (k, n) } else { (n, k) }, (n, n)),
        "geam" => (if ta { (n, m) } else { (m, n) }, if tb { (n, m) } else { (m, n) }, (m, n)),
        "dgmm" => ((m, n), (if left { m } else { n }, 1), (m, n)),
        _ => {
            eprintln!("unknown -f {f}");
            std::process::exit(2)
        }
    };
    let tri_like = matches!(f.as_str(), "trsm" | "trmm" | "trtri");
    let host_of = |(r, c): (usize, usize), salt: usize, tri: bool| -> Mat {
        let ld = r.max(1);
        let v = (0..ld * c.max(1))
            .map(|e| {
                let (i, j) = (e % ld, e / ld);
                let x = value(e, salt);
                // Diagonally dominant triangles: small off-diagonal entries.
                if tri { if i == j { 2.0 + x } else { x / (r as f64).max(1.0) } } else { x }
            })
            .collect();
        Mat { v, ld }
    };
    let a = host_of(sa, 1, tri_like);
    let b = host_of(sb, 2, false);
    let c = host_of(sc, 3, false);
    let upload = |mat: &Mat| -> M {
        let bytes: Vec<u8> = mat.v.iter().flat_map(|&x| if double { x.to_le_bytes().to_vec() } else { (x as f32).to_le_bytes().to_vec() }).collect();
        let mut d: M = null_mut();
        assert_eq!(unsafe { hip::hipMalloc(&mut d, bytes.len().max(16)) }, 0);
        assert_eq!(unsafe { hip::hipMemcpy(d, bytes.as_ptr().cast(), bytes.len(), hip::hipMemcpyHostToDevice) }, 0);
        d
    };
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    let mut h = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut h) }, 0);
    let sc_bytes = |v: f64| if double { v.to_le_bytes().to_vec() } else { (v as f32).to_le_bytes().to_vec() };
    let (al, be) = (sc_bytes(alpha), sc_bytes(beta));
    let (pa, pb) = (al.as_ptr() as P, be.as_ptr() as P);
    let (mi, ni, ki) = (m as i32, n as i32, k as i32);
    let (lda, ldb, ldc) = (a.ld as i32, b.ld as i32, c.ld as i32);
    macro_rules! by_type {
        ($s:ident, $d:ident, ($($arg:expr),*)) => {
            if double { $d(h, $($arg),*) } else { $s(h, $($arg),*) }
        };
    }
    let call = || {
        let s = unsafe {
            match f.as_str() {
                "trsm" => by_type!(rocblas_strsm, rocblas_dtrsm, (side, uplo, op(ta), diag, mi, ni, pa, da, lda, db, ldb)),
                "trmm" => by_type!(rocblas_strmm_outofplace, rocblas_dtrmm_outofplace, (side, uplo, op(ta), diag, mi, ni, pa, da, lda, db, ldb, dc, ldc)),
                "trtri" => by_type!(rocblas_strtri, rocblas_dtrtri, (uplo, diag, ni, da, lda, dc, ldc)),
                "symm" => by_type!(rocblas_ssymm, rocblas_dsymm, (side, uplo, mi, ni, pa, da, lda, db, ldb, pb, dc, ldc)),
                "syrk" => by_type!(rocblas_ssyrk, rocblas_dsyrk, (uplo, op(ta), ni, ki, pa, da, lda, pb, dc, ldc)),
                "syrkx" => by_type!(rocblas_ssyrkx, rocblas_dsyrkx, (uplo, op(ta), ni, ki, pa, da, lda, db, ldb, pb, dc, ldc)),
                "syr2k" => by_type!(rocblas_ssyr2k, rocblas_dsyr2k, (uplo, op(ta), ni, ki, pa, da, lda, db, ldb, pb, dc, ldc)),
                "geam" => by_type!(rocblas_sgeam, rocblas_dgeam, (op(ta), op(tb), mi, ni, pa, da, lda, pb, db, ldb, dc, ldc)),
                _ => by_type!(rocblas_sdgmm, rocblas_ddgmm, (side, mi, ni, da, lda, db, 1, dc, ldc)),
            }
        };
        assert_eq!(s, 0, "{f} returned rocblas status {s}");
    };
    // trsm solves in place: time it on B as given (each call solves the previous result).
    if opt.get("v").map(|v| v == "1").unwrap_or(false) {
        call();
        verify(&f, (m, n, k), (left, upper, ta, tb, unit), (alpha, beta), &a, &b, &c, if f == "trsm" { db } else { dc }, double);
        // Fresh inputs for timing.
        for (d, mat) in [(da, &a), (db, &b), (dc, &c)] {
            let bytes: Vec<u8> = mat.v.iter().flat_map(|&x| if double { x.to_le_bytes().to_vec() } else { (x as f32).to_le_bytes().to_vec() }).collect();
            assert_eq!(unsafe { hip::hipMemcpy(d, bytes.as_ptr().cast(), bytes.len(), hip::hipMemcpyHostToDevice) }, 0);
        }
    }
    let us = time_calls(call, cold, warmup, iters);
    let (mf, nf, kf) = (m as f64, n as f64, k as f64);
    let flops = match f.as_str() {
        "trsm" | "trmm" => if left { mf * mf * nf } else { mf * nf * nf },
        "trtri" => nf * nf * nf / 3.0,
        "symm" => 2.0 * if left { mf * mf * nf } else { mf * nf * nf },
        "syrk" | "syrkx" => nf * nf * kf,
        "syr2k" => 2.0 * nf * nf * kf,
        _ => 0.0,
    };
    let bytes = match f.as_str() {
        "geam" => (if beta != 0.0 { 3.0 } else { 2.0 }) * mf * nf * size as f64,
        "dgmm" => 2.0 * mf * nf * size as f64,
        _ => 0.0,
    };
    let (rate, unit_name) = if flops > 0.0 { (flops / us / 1e3, "rocblas-Gflops") } else { (bytes / us / 1e3, "rocblas-GB/s") };
    println!("function,type,side,uplo,transA,transB,diag,M,N,K,alpha,beta,{unit_name},us");
    println!(
        "{f},{},{},{},{},{},{},{m},{n},{k},{alpha},{beta},{rate:.1},{us:.1}",
        if double { "d" } else { "s" }, if left { "L" } else { "R" }, if upper { "U" } else { "L" }, if ta { "T" } else { "N" }, if tb { "T" } else { "N" },
        if unit { "U" } else { "N" }
    );
}

/// Checks 600 sampled entries of the result at `out` against an f64 reference.
#[allow(clippy::too_many_arguments)]
fn verify(f: &str, (m, n, k): (usize, usize, usize), (left, upper, ta, tb, unit): (bool, bool, bool, bool, bool), (alpha, beta): (f64, f64), a: &Mat, b: &Mat, c: &Mat, out: M, double: bool) {
    assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
    let (rows, cols, ld) = match f {
        "trsm" => (m, n, b.ld),
        _ => (if f == "trtri" || f.starts_with("syr") { n } else { m }, n, c.ld),
    };
    let len = ld * cols;
    let mut raw = vec![0u8; len * if double { 8 } else { 4 }];
    assert_eq!(unsafe { hip::hipMemcpy(raw.as_mut_ptr().cast(), out, raw.len(), hip::hipMemcpyDeviceToHost) }, 0);
    let got: Vec<f64> = if double { raw.chunks_exact(8).map(|x| f64::from_le_bytes(x.try_into().unwrap())).collect() } else { raw.chunks_exact(4).map(|x| f32::from_le_bytes(x.try_into().unwrap()) as f64).collect() };
    let g = |i: usize, j: usize| got[i + j * ld];
    // op(A) of a triangle (zeros outside, unit diagonal applied).
    let tri = |i: usize, j: usize| -> f64 {
        let (r, cc) = if ta { (j, i) } else { (i, j) };
        if (upper && r > cc) || (!upper && r < cc) { 0.0 } else if r == cc && unit { 1.0 } else { a.at(r, cc) }
    };
    let sym = |i: usize, j: usize| if (upper && i <= j) || (!upper && i >= j) { a.at(i, j) } else { a.at(j, i) };
    let opx = |x: &Mat, t: bool, i: usize, j: usize| if t { x.at(j, i) } else { x.at(i, j) };
    let tol = if double { 1e-10 } else { 2e-4 };
    let mut worst: f64 = 0.0;
    for s in 0..600usize {
        let (i, j) = ((s * 7919 + 13) % rows, (s * 104_729 + 7) % cols);
        let (i, j) = if f.starts_with("syr") && ((upper && i > j) || (!upper && i < j)) { (j, i) } else { (i, j) };
        let (want, mag) = match f {
            "trsm" => {
                // Residual: (op(A) X)(i, j) or (X op(A))(i, j) against alpha B(i, j).
                let kk = if left { m } else { n };
                let terms: Vec<f64> = (0..kk).map(|t| if left { tri(i, t) * g(t, j) } else { g(i, t) * tri(t, j) }).collect();
                let (sum, mag): (f64, f64) = (terms.iter().sum(), terms.iter().map(|x| x.abs()).sum());
                let err = (sum - alpha * b.at(i, j)).abs() / mag.max(1.0);
                worst = worst.max(err);
                continue;
            }
            "trmm" => {
                let kk = if left { m } else { n };
                let terms: Vec<f64> = (0..kk).map(|t| if left { tri(i, t) * b.at(t, j) } else { b.at(i, t) * tri(t, j) }).collect();
                (alpha * terms.iter().sum::<f64>(), terms.iter().map(|x| x.abs()).sum())
            }
            "trtri" => {
                // (A X)(i, j) against the identity, X's triangle as returned.
                let xi = |r: usize, cc: usize| if (upper && r > cc) || (!upper && r < cc) { 0.0 } else { g(r, cc) };
                let at_ = |r: usize, cc: usize| if (upper && r > cc) || (!upper && r < cc) { 0.0 } else if r == cc && unit { 1.0 } else { a.at(r, cc) };
                let terms: Vec<f64> = (0..n).map(|t| at_(i, t) * xi(t, j)).collect();
                let (sum, mag): (f64, f64) = (terms.iter().sum(), terms.iter().map(|x| x.abs()).sum());
                worst = worst.max((sum - if i == j { 1.0 } else { 0.0 }).abs() / mag.max(1.0));
                continue;
            }
            "symm" => {
                let kk = if left { m } else { n };
                let terms: Vec<f64> = (0..kk).map(|t| if left { sym(i, t) * b.at(t, j) } else { b.at(i, t) * sym(t, j) }).collect();
                (alpha * terms.iter().sum::<f64>() + beta * c.at(i, j), terms.iter().map(|x| x.abs()).sum::<f64>() + c.at(i, j).abs())
            }
            "syrk" | "syrkx" | "syr2k" => {
                let other = if f == "syrk" { a } else { b };
                let mut terms: Vec<f64> = (0..k).map(|t| opx(a, ta, i, t) * opx(other, ta, j, t)).collect();
                if f == "syr2k" {
                    terms.extend((0..k).map(|t| opx(b, ta, i, t) * opx(a, ta, j, t)));
                }
                (alpha * terms.iter().sum::<f64>() + beta * c.at(i, j), terms.iter().map(|x| x.abs()).sum::<f64>() + c.at(i, j).abs())
            }
            "geam" => (alpha * opx(a, ta, i, j) + beta * opx(b, tb, i, j), opx(a, ta, i, j).abs() + opx(b, tb, i, j).abs()),
            _ => {
                let x = b.v[if left { i } else { j }];
                (a.at(i, j) * x, (a.at(i, j) * x).abs())
            }
        };
        worst = worst.max((g(i, j) - want).abs() / mag.max(1.0));
    }
    let ok = worst <= tol;
    println!("# verify {f}: worst scaled error {worst:.2e} (tolerance {tol:.0e}) {}", if ok { "PASS" } else { "FAIL" });
    if !ok {
        std::process::exit(1);
    }
}
