//! rocblas-bench's Level-3 functions beyond GEMM: -f trsm|trmm|trtri|symm|hemm|syrk|herk|
//! syrkx|herkx|syr2k|her2k|geam|dgmm with -r s|d|c|z, -m, -n, -k, --side L|R, --uplo U|L,
//! --transposeA N|T|C, --transposeB N|T|C (geam), --diag N|U, --alpha, --alphai, --beta,
//! --betai, -i, -j, --warmup_ms, -v 1 (600 sampled entries of one call checked against an f64
//! reference: trsm and trtri by their residuals). trmm is rocBLAS 2.47's trmm_outofplace
//! (C := alpha op(A) B, as cuBLAS's trmm). The Hermitian families take real scalars where
//! rocBLAS does (herk's alpha, every beta) and are complex only. Triangles are made
//! diagonally dominant so solves and inverses stay accurate. Prints rocblas-bench's CSV line
//! with GFLOP/s (8 real flops per complex multiply-add; geam, dgmm: GB/s) and microseconds
//! per call.

use super::{hip, time_calls, value};
use rocblas::handle::rocblas_create_handle;
use rocblas::types::*;
use std::collections::HashMap;
use std::ffi::c_void;
use std::ops::{Add, Mul};
use std::ptr::null_mut;

type H = rocblas_handle;
type P = *const c_void;
type M = *mut c_void;

// Groups of functions with one argument list each.
macro_rules! decl {
    ($(($($name:ident),*): $args:tt;)*) => {
        $($(decl!(@one $name $args);)*)*
    };
    (@one $name:ident ($($a:ty),*)) => {
        unsafe extern "C" { fn $name(h: H, $(_: $a),*) -> i32; }
    };
}
decl! {
    (rocblas_strsm, rocblas_dtrsm, rocblas_ctrsm, rocblas_ztrsm): (i32, i32, i32, i32, i32, i32, P, P, i32, M, i32);
    (rocblas_strmm_outofplace, rocblas_dtrmm_outofplace, rocblas_ctrmm_outofplace, rocblas_ztrmm_outofplace):
        (i32, i32, i32, i32, i32, i32, P, P, i32, P, i32, M, i32);
    (rocblas_strtri, rocblas_dtrtri, rocblas_ctrtri, rocblas_ztrtri): (i32, i32, i32, P, i32, M, i32);
    (rocblas_ssymm, rocblas_dsymm, rocblas_csymm, rocblas_zsymm, rocblas_chemm, rocblas_zhemm): (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    (rocblas_ssyrk, rocblas_dsyrk, rocblas_csyrk, rocblas_zsyrk, rocblas_cherk, rocblas_zherk): (i32, i32, i32, i32, P, P, i32, P, M, i32);
    (rocblas_ssyrkx, rocblas_dsyrkx, rocblas_csyrkx, rocblas_zsyrkx, rocblas_cherkx, rocblas_zherkx,
     rocblas_ssyr2k, rocblas_dsyr2k, rocblas_csyr2k, rocblas_zsyr2k, rocblas_cher2k, rocblas_zher2k): (i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    (rocblas_sgeam, rocblas_dgeam, rocblas_cgeam, rocblas_zgeam): (i32, i32, i32, i32, P, P, i32, P, P, i32, M, i32);
    (rocblas_sdgmm, rocblas_ddgmm, rocblas_cdgmm, rocblas_zdgmm): (i32, i32, i32, P, i32, P, i32, M, i32);
}

pub const FUNCTIONS: [&str; 13] = [
    "trsm", "trmm", "trtri", "symm", "hemm", "syrk", "herk", "syrkx", "herkx", "syr2k", "her2k",
    "geam", "dgmm",
];

/// A complex f64, the reference's number (real data has im 0).
#[derive(Clone, Copy, Default)]
struct Z {
    re: f64,
    im: f64,
}
impl Add for Z {
    type Output = Z;
    fn add(self, o: Z) -> Z {
        Z {
            re: self.re + o.re,
            im: self.im + o.im,
        }
    }
}
impl Mul for Z {
    type Output = Z;
    fn mul(self, o: Z) -> Z {
        Z {
            re: self.re * o.re - self.im * o.im,
            im: self.re * o.im + self.im * o.re,
        }
    }
}
impl Z {
    const ZERO: Z = Z { re: 0.0, im: 0.0 };
    const ONE: Z = Z { re: 1.0, im: 0.0 };
    fn conj(self) -> Z {
        Z {
            re: self.re,
            im: -self.im,
        }
    }
    fn abs(self) -> f64 {
        self.re.hypot(self.im)
    }
    fn real(self) -> Z {
        Z {
            re: self.re,
            im: 0.0,
        }
    }
}

/// A column-major matrix as uploaded.
struct Mat {
    v: Vec<Z>,
    ld: usize,
}
impl Mat {
    fn at(&self, i: usize, j: usize) -> Z {
        self.v[i + j * self.ld]
    }
}

/// The element type: bytes of one real part, complex or not, and rocBLAS's letter.
#[derive(Clone, Copy)]
struct Ty {
    real_bytes: usize,
    complex: bool,
    letter: char,
}
impl Ty {
    fn of(r: &str) -> Option<Ty> {
        let (real_bytes, complex, letter) = match r {
            "s" | "f32_r" => (4, false, 's'),
            "d" | "f64_r" => (8, false, 'd'),
            "c" | "f32_c" => (4, true, 'c'),
            "z" | "f64_c" => (8, true, 'z'),
            _ => return None,
        };
        Some(Ty {
            real_bytes,
            complex,
            letter,
        })
    }
    fn elem(self) -> usize {
        self.real_bytes * if self.complex { 2 } else { 1 }
    }
    fn real_to_bytes(self, x: f64, out: &mut Vec<u8>) {
        if self.real_bytes == 8 {
            out.extend_from_slice(&x.to_le_bytes());
        } else {
            out.extend_from_slice(&(x as f32).to_le_bytes());
        }
    }
    /// `v` as the library stores it (a complex scalar's both parts only where `complex`).
    fn bytes(self, v: &[Z], complex: bool) -> Vec<u8> {
        let mut out = Vec::with_capacity(v.len() * self.elem());
        for z in v {
            self.real_to_bytes(z.re, &mut out);
            if complex {
                self.real_to_bytes(z.im, &mut out);
            }
        }
        out
    }
    fn from_bytes(self, raw: &[u8]) -> Vec<Z> {
        let real = |x: &[u8]| {
            if self.real_bytes == 8 {
                f64::from_le_bytes(x.try_into().unwrap())
            } else {
                f32::from_le_bytes(x.try_into().unwrap()) as f64
            }
        };
        raw.chunks_exact(self.elem())
            .map(|e| {
                if self.complex {
                    Z {
                        re: real(&e[..self.real_bytes]),
                        im: real(&e[self.real_bytes..]),
                    }
                } else {
                    Z {
                        re: real(e),
                        im: 0.0,
                    }
                }
            })
            .collect()
    }
}

/// The shape of one call, as the options give it.
#[derive(Clone, Copy)]
struct Call {
    m: usize,
    n: usize,
    k: usize,
    left: bool,
    upper: bool,
    ta: char,
    tb: char,
    unit: bool,
    alpha: Z,
    beta: Z,
}

fn rank_k(f: &str) -> bool {
    matches!(f, "syrk" | "herk" | "syrkx" | "herkx" | "syr2k" | "her2k")
}

pub fn run(opt: &HashMap<String, String>) {
    let get = |k: &str, d: &str| opt.get(k).cloned().unwrap_or_else(|| d.to_string());
    let num = |k: &str, d: i64| get(k, &d.to_string()).parse::<i64>().unwrap_or(d);
    let real = |k: &str, d: f64| get(k, &d.to_string()).parse::<f64>().unwrap_or(d);
    let f = get("f", "trsm");
    let Some(ty) = Ty::of(&get("r", "s")) else {
        eprintln!("unsupported -r {}", get("r", ""));
        std::process::exit(2)
    };
    let hermitian = matches!(f.as_str(), "hemm" | "herk" | "herkx" | "her2k");
    if hermitian && !ty.complex {
        eprintln!("-f {f} is complex only (-r c|z)");
        std::process::exit(2);
    }
    // N, T or C; C means T for real data.
    let op_of = |s: String| match s.as_str() {
        "T" => 'T',
        "C" if ty.complex => 'C',
        "C" => 'T',
        _ => 'N',
    };
    // herk takes a real alpha; herk, herkx and her2k a real beta.
    let (alpha_complex, beta_complex) = (
        ty.complex && f != "herk",
        ty.complex && !matches!(f.as_str(), "herk" | "herkx" | "her2k"),
    );
    let scalar = |re: &str, im: &str, d: f64, complex: bool| Z {
        re: real(re, d),
        im: if complex { real(im, 0.0) } else { 0.0 },
    };
    let c = Call {
        m: num("m", 1024) as usize,
        n: num("n", 1024) as usize,
        k: num("k", 1024) as usize,
        left: get("side", "L") == "L",
        upper: get("uplo", "U") == "U",
        ta: op_of(get("transposeA", "N")),
        tb: op_of(get("transposeB", "N")),
        unit: get("diag", "N") == "U",
        alpha: scalar("alpha", "alphai", 1.0, alpha_complex),
        beta: scalar("beta", "betai", 0.0, beta_complex),
    };
    let (m, n, k) = (c.m, c.n, c.k);
    let (iters, cold, warmup) = (num("i", 10).max(1), num("j", 2), num("warmup_ms", 0));
    let op = |t: char| match t {
        'T' => 112,
        'C' => 113,
        _ => 111,
    };
    let side = if c.left { 141 } else { 142 };
    let uplo = if c.upper { 121 } else { 122 };
    let diag = if c.unit { 132 } else { 131 };
    // Operand shapes (rows, cols) of A, B, C by function.
    let ka = if c.left { m } else { n };
    let (ta, tb) = (c.ta != 'N', c.tb != 'N');
    let (sa, sb, sc) = match f.as_str() {
        "trsm" => ((ka, ka), (m, n), (0, 0)),
        "trmm" => ((ka, ka), (m, n), (m, n)),
        "trtri" => ((n, n), (0, 0), (n, n)),
        "symm" | "hemm" => ((ka, ka), (m, n), (m, n)),
        _ if rank_k(&f) => (
            if ta { (k, n) } else { (n, k) },
            if ta { (k, n) } else { (n, k) },
            (n, n),
        ),
        "geam" => (
            if ta { (n, m) } else { (m, n) },
            if tb { (n, m) } else { (m, n) },
            (m, n),
        ),
        "dgmm" => ((m, n), (if c.left { m } else { n }, 1), (m, n)),
        _ => {
            eprintln!("unknown -f {f}");
            std::process::exit(2)
        }
    };
    let tri_like = matches!(f.as_str(), "trsm" | "trmm" | "trtri");
    let host_of = |(r, cols): (usize, usize), salt: usize, tri: bool| -> Mat {
        let ld = r.max(1);
        let v = (0..ld * cols.max(1))
            .map(|e| {
                let (i, j) = (e % ld, e / ld);
                let x = Z {
                    re: value(e, salt),
                    im: if ty.complex { value(e, salt + 5) } else { 0.0 },
                };
                // Diagonally dominant triangles: small off-diagonal entries.
                let s = (r as f64).max(1.0);
                if !tri {
                    x
                } else if i == j {
                    Z {
                        re: 2.0 + x.re,
                        im: x.im,
                    }
                } else {
                    Z {
                        re: x.re / s,
                        im: x.im / s,
                    }
                }
            })
            .collect();
        Mat { v, ld }
    };
    let a = host_of(sa, 1, tri_like);
    let b = host_of(sb, 2, false);
    let cm = host_of(sc, 3, false);
    let upload = |mat: &Mat| -> M {
        let bytes = ty.bytes(&mat.v, ty.complex);
        let mut d: M = null_mut();
        assert_eq!(unsafe { hip::hipMalloc(&mut d, bytes.len().max(16)) }, 0);
        assert_eq!(
            unsafe {
                hip::hipMemcpy(
                    d,
                    bytes.as_ptr().cast(),
                    bytes.len(),
                    hip::hipMemcpyHostToDevice,
                )
            },
            0
        );
        d
    };
    let (da, db, dc) = (upload(&a), upload(&b), upload(&cm));
    let mut h = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut h) }, 0);
    let (al, be) = (
        ty.bytes(&[c.alpha], alpha_complex),
        ty.bytes(&[c.beta], beta_complex),
    );
    let (pa, pb) = (al.as_ptr() as P, be.as_ptr() as P);
    let (mi, ni, ki) = (m as i32, n as i32, k as i32);
    let (lda, ldb, ldc) = (a.ld as i32, b.ld as i32, cm.ld as i32);
    let letter = ty.letter;
    macro_rules! by_type {
        ($s:ident, $d:ident, $c:ident, $z:ident, ($($arg:expr),*)) => {
            match letter {
                's' => $s(h, $($arg),*),
                'd' => $d(h, $($arg),*),
                'c' => $c(h, $($arg),*),
                _ => $z(h, $($arg),*),
            }
        };
    }
    // The Hermitian functions: complex only (checked above).
    macro_rules! by_cz {
        ($c:ident, $z:ident, ($($arg:expr),*)) => {
            if letter == 'c' { $c(h, $($arg),*) } else { $z(h, $($arg),*) }
        };
    }
    let call = || {
        let s = unsafe {
            match f.as_str() {
                "trsm" => by_type!(
                    rocblas_strsm,
                    rocblas_dtrsm,
                    rocblas_ctrsm,
                    rocblas_ztrsm,
                    (side, uplo, op(c.ta), diag, mi, ni, pa, da, lda, db, ldb)
                ),
                "trmm" => by_type!(
                    rocblas_strmm_outofplace,
                    rocblas_dtrmm_outofplace,
                    rocblas_ctrmm_outofplace,
                    rocblas_ztrmm_outofplace,
                    (
                        side,
                        uplo,
                        op(c.ta),
                        diag,
                        mi,
                        ni,
                        pa,
                        da,
                        lda,
                        db,
                        ldb,
                        dc,
                        ldc
                    )
                ),
                "trtri" => by_type!(
                    rocblas_strtri,
                    rocblas_dtrtri,
                    rocblas_ctrtri,
                    rocblas_ztrtri,
                    (uplo, diag, ni, da, lda, dc, ldc)
                ),
                "symm" => by_type!(
                    rocblas_ssymm,
                    rocblas_dsymm,
                    rocblas_csymm,
                    rocblas_zsymm,
                    (side, uplo, mi, ni, pa, da, lda, db, ldb, pb, dc, ldc)
                ),
                "hemm" => by_cz!(
                    rocblas_chemm,
                    rocblas_zhemm,
                    (side, uplo, mi, ni, pa, da, lda, db, ldb, pb, dc, ldc)
                ),
                "syrk" => by_type!(
                    rocblas_ssyrk,
                    rocblas_dsyrk,
                    rocblas_csyrk,
                    rocblas_zsyrk,
                    (uplo, op(c.ta), ni, ki, pa, da, lda, pb, dc, ldc)
                ),
                "herk" => by_cz!(
                    rocblas_cherk,
                    rocblas_zherk,
                    (uplo, op(c.ta), ni, ki, pa, da, lda, pb, dc, ldc)
                ),
                "syrkx" => by_type!(
                    rocblas_ssyrkx,
                    rocblas_dsyrkx,
                    rocblas_csyrkx,
                    rocblas_zsyrkx,
                    (uplo, op(c.ta), ni, ki, pa, da, lda, db, ldb, pb, dc, ldc)
                ),
                "herkx" => by_cz!(
                    rocblas_cherkx,
                    rocblas_zherkx,
                    (uplo, op(c.ta), ni, ki, pa, da, lda, db, ldb, pb, dc, ldc)
                ),
                "syr2k" => by_type!(
                    rocblas_ssyr2k,
                    rocblas_dsyr2k,
                    rocblas_csyr2k,
                    rocblas_zsyr2k,
                    (uplo, op(c.ta), ni, ki, pa, da, lda, db, ldb, pb, dc, ldc)
                ),
                "her2k" => by_cz!(
                    rocblas_cher2k,
                    rocblas_zher2k,
                    (uplo, op(c.ta), ni, ki, pa, da, lda, db, ldb, pb, dc, ldc)
                ),
                "geam" => by_type!(
                    rocblas_sgeam,
                    rocblas_dgeam,
                    rocblas_cgeam,
                    rocblas_zgeam,
                    (
                        op(c.ta),
                        op(c.tb),
                        mi,
                        ni,
                        pa,
                        da,
                        lda,
                        pb,
                        db,
                        ldb,
                        dc,
                        ldc
                    )
                ),
                _ => by_type!(
                    rocblas_sdgmm,
                    rocblas_ddgmm,
                    rocblas_cdgmm,
                    rocblas_zdgmm,
                    (side, mi, ni, da, lda, db, 1, dc, ldc)
                ),
            }
        };
        assert_eq!(s, 0, "{f} returned rocblas status {s}");
    };
    // trsm solves in place: time it on B as given (each call solves the previous result).
    if opt.get("v").map(|v| v == "1").unwrap_or(false) {
        call();
        verify(&f, c, ty, &a, &b, &cm, if f == "trsm" { db } else { dc });
        // Fresh inputs for timing.
        for (d, mat) in [(da, &a), (db, &b), (dc, &cm)] {
            let bytes = ty.bytes(&mat.v, ty.complex);
            assert_eq!(
                unsafe {
                    hip::hipMemcpy(
                        d,
                        bytes.as_ptr().cast(),
                        bytes.len(),
                        hip::hipMemcpyHostToDevice,
                    )
                },
                0
            );
        }
    }
    let us = time_calls(call, cold, warmup, iters);
    let (mf, nf, kf) = (m as f64, n as f64, k as f64);
    // 8 real flops per complex multiply-add, 2 per real one.
    let per_fma = if ty.complex { 4.0 } else { 1.0 };
    let flops = per_fma
        * match f.as_str() {
            "trsm" | "trmm" => {
                if c.left {
                    mf * mf * nf
                } else {
                    mf * nf * nf
                }
            }
            "trtri" => nf * nf * nf / 3.0,
            "symm" | "hemm" => 2.0 * if c.left { mf * mf * nf } else { mf * nf * nf },
            "syrk" | "herk" | "syrkx" | "herkx" => nf * nf * kf,
            "syr2k" | "her2k" => 2.0 * nf * nf * kf,
            _ => 0.0,
        };
    let elem = ty.elem() as f64;
    let bytes = match f.as_str() {
        "geam" => (if c.beta.abs() != 0.0 { 3.0 } else { 2.0 }) * mf * nf * elem,
        "dgmm" => 2.0 * mf * nf * elem,
        _ => 0.0,
    };
    let (rate, unit_name) = if flops > 0.0 {
        (flops / us / 1e3, "rocblas-Gflops")
    } else {
        (bytes / us / 1e3, "rocblas-GB/s")
    };
    println!("function,type,side,uplo,transA,transB,diag,M,N,K,alpha,beta,{unit_name},us");
    println!(
        "{f},{letter},{},{},{},{},{},{m},{n},{k},{},{},{rate:.1},{us:.1}",
        if c.left { "L" } else { "R" },
        if c.upper { "U" } else { "L" },
        c.ta,
        c.tb,
        if c.unit { "U" } else { "N" },
        c.alpha.re,
        c.beta.re
    );
}

/// Checks 600 sampled entries of the result at `out` against an f64 reference.
fn verify(f: &str, c: Call, ty: Ty, a: &Mat, b: &Mat, cm: &Mat, out: M) {
    let Call {
        m,
        n,
        k,
        left,
        upper,
        ta,
        tb,
        unit,
        alpha,
        beta,
    } = c;
    assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
    let (rows, cols, ld) = match f {
        "trsm" => (m, n, b.ld),
        _ => (if f == "trtri" || rank_k(f) { n } else { m }, n, cm.ld),
    };
    let mut raw = vec![0u8; ld * cols * ty.elem()];
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                raw.as_mut_ptr().cast(),
                out,
                raw.len(),
                hip::hipMemcpyDeviceToHost,
            )
        },
        0
    );
    let got = ty.from_bytes(&raw);
    let g = |i: usize, j: usize| got[i + j * ld];
    let outside = |r: usize, cc: usize| (upper && r > cc) || (!upper && r < cc);
    // op(x)(i, j) for N, T or C.
    let opx = |x: &Mat, t: char, i: usize, j: usize| match t {
        'N' => x.at(i, j),
        'T' => x.at(j, i),
        _ => x.at(j, i).conj(),
    };
    // op(A) of a triangle (zeros outside, unit diagonal applied).
    let tri = |i: usize, j: usize| -> Z {
        let (r, cc) = if ta == 'N' { (i, j) } else { (j, i) };
        if outside(r, cc) {
            Z::ZERO
        } else if r == cc && unit {
            Z::ONE
        } else {
            opx(a, ta, i, j)
        }
    };
    // symm's symmetric A, hemm's Hermitian A (its diagonal's imaginary part ignored).
    let sym = |i: usize, j: usize| match (f == "hemm", outside(i, j), i == j) {
        (true, _, true) => a.at(i, i).real(),
        (true, true, _) => a.at(j, i).conj(),
        (false, true, _) => a.at(j, i),
        _ => a.at(i, j),
    };
    let sum = |terms: &[Z]| {
        (
            terms.iter().fold(Z::ZERO, |s, &t| s + t),
            terms.iter().map(|t| t.abs()).sum::<f64>(),
        )
    };
    let tol = if ty.real_bytes == 8 { 1e-10 } else { 2e-4 };
    let mut worst: f64 = 0.0;
    for s in 0..600usize {
        let (i, j) = ((s * 7919 + 13) % rows, (s * 104_729 + 7) % cols);
        let (i, j) = if rank_k(f) && outside(i, j) {
            (j, i)
        } else {
            (i, j)
        };
        let (want, mag) = match f {
            "trsm" => {
                // Residual: (op(A) X)(i, j) or (X op(A))(i, j) against alpha B(i, j).
                let kk = if left { m } else { n };
                let terms: Vec<Z> = (0..kk)
                    .map(|t| {
                        if left {
                            tri(i, t) * g(t, j)
                        } else {
                            g(i, t) * tri(t, j)
                        }
                    })
                    .collect();
                let (s, mag) = sum(&terms);
                worst = worst
                    .max((s + Z { re: -1.0, im: 0.0 } * alpha * b.at(i, j)).abs() / mag.max(1.0));
                continue;
            }
            "trmm" => {
                let kk = if left { m } else { n };
                let terms: Vec<Z> = (0..kk)
                    .map(|t| {
                        if left {
                            tri(i, t) * b.at(t, j)
                        } else {
                            b.at(i, t) * tri(t, j)
                        }
                    })
                    .collect();
                let (s, mag) = sum(&terms);
                (alpha * s, mag)
            }
            "trtri" => {
                // (A X)(i, j) against the identity, X's triangle as returned.
                let xi = |r: usize, cc: usize| if outside(r, cc) { Z::ZERO } else { g(r, cc) };
                let at_ = |r: usize, cc: usize| {
                    if outside(r, cc) {
                        Z::ZERO
                    } else if r == cc && unit {
                        Z::ONE
                    } else {
                        a.at(r, cc)
                    }
                };
                let terms: Vec<Z> = (0..n).map(|t| at_(i, t) * xi(t, j)).collect();
                let (s, mag) = sum(&terms);
                let id = if i == j { Z::ONE } else { Z::ZERO };
                worst = worst.max(
                    (s + Z {
                        re: -id.re,
                        im: 0.0,
                    })
                    .abs()
                        / mag.max(1.0),
                );
                continue;
            }
            "symm" | "hemm" => {
                let kk = if left { m } else { n };
                let terms: Vec<Z> = (0..kk)
                    .map(|t| {
                        if left {
                            sym(i, t) * b.at(t, j)
                        } else {
                            b.at(i, t) * sym(t, j)
                        }
                    })
                    .collect();
                let (s, mag) = sum(&terms);
                (alpha * s + beta * cm.at(i, j), mag + cm.at(i, j).abs())
            }
            _ if rank_k(f) => {
                let herm = f.starts_with("her");
                // x(i, t) * y(j, t), y conjugated for the Hermitian kinds.
                let prod = |x: &Mat, y: &Mat| -> Vec<Z> {
                    (0..k)
                        .map(|t| {
                            let yj = opx(y, ta, j, t);
                            opx(x, ta, i, t) * if herm { yj.conj() } else { yj }
                        })
                        .collect()
                };
                let other = if f.ends_with("rk") { a } else { b };
                let (s1, mut mag) = sum(&prod(a, other));
                let mut want = alpha * s1;
                if f.ends_with("2k") {
                    let (s2, mag2) = sum(&prod(b, a));
                    want = want + if herm { alpha.conj() } else { alpha } * s2;
                    mag += mag2;
                }
                // The Hermitian kinds: C's diagonal is real in and out.
                let cij = if herm && i == j {
                    cm.at(i, j).real()
                } else {
                    cm.at(i, j)
                };
                want = want + beta * cij;
                (
                    if herm && i == j { want.real() } else { want },
                    mag + cij.abs(),
                )
            }
            "geam" => (
                alpha * opx(a, ta, i, j) + beta * opx(b, tb, i, j),
                opx(a, ta, i, j).abs() + opx(b, tb, i, j).abs(),
            ),
            _ => {
                let v = a.at(i, j) * b.v[if left { i } else { j }];
                (v, v.abs())
            }
        };
        let d = g(i, j)
            + Z {
                re: -want.re,
                im: -want.im,
            };
        worst = worst.max(d.abs() / mag.max(1.0));
    }
    let ok = worst <= tol;
    println!(
        "# verify {f}: worst scaled error {worst:.2e} (tolerance {tol:.0e}) {}",
        if ok { "PASS" } else { "FAIL" }
    );
    if !ok {
        std::process::exit(1);
    }
}
