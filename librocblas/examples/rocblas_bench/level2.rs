//! rocblas-bench's Level-2 functions: -f gemv|gbmv|ger|geru|gerc|symv|hemv|sbmv|hbmv|spmv|
//! hpmv|syr|her|spr|hpr|syr2|her2|spr2|hpr2|trmv|tbmv|tpmv|trsv|tbsv|tpsv with -r s|d|c|z,
//! -m, -n, --kl, --ku, -k (band widths), --lda (default: tight), --incx, --incy,
//! --transposeA N|T|C, --uplo U|L, --diag N|U, -i, -j, --warmup_ms, -v 1 (one call checked
//! against an f64 reference; triangles are made diagonally dominant so solves stay
//! accurate). Scalars in host memory. Prints rocblas-bench's CSV line with GB/s (every
//! stored matrix entry and vector element read once, every written one written once) and
//! microseconds per call.

use super::{hip, value};
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
    rocblas_sgemv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_dgemv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_cgemv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_zgemv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_sgbmv: (i32, i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_dgbmv: (i32, i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_cgbmv: (i32, i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_zgbmv: (i32, i32, i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_sger: (i32, i32, P, P, i32, P, i32, M, i32); rocblas_dger: (i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_cgeru: (i32, i32, P, P, i32, P, i32, M, i32); rocblas_zgeru: (i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_cgerc: (i32, i32, P, P, i32, P, i32, M, i32); rocblas_zgerc: (i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_ssymv: (i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_dsymv: (i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_csymv: (i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_zsymv: (i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_chemv: (i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_zhemv: (i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_ssbmv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_dsbmv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_chbmv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32); rocblas_zhbmv: (i32, i32, i32, P, P, i32, P, i32, P, M, i32);
    rocblas_sspmv: (i32, i32, P, P, P, i32, P, M, i32); rocblas_dspmv: (i32, i32, P, P, P, i32, P, M, i32);
    rocblas_chpmv: (i32, i32, P, P, P, i32, P, M, i32); rocblas_zhpmv: (i32, i32, P, P, P, i32, P, M, i32);
    rocblas_ssyr: (i32, i32, P, P, i32, M, i32); rocblas_dsyr: (i32, i32, P, P, i32, M, i32);
    rocblas_csyr: (i32, i32, P, P, i32, M, i32); rocblas_zsyr: (i32, i32, P, P, i32, M, i32);
    rocblas_cher: (i32, i32, P, P, i32, M, i32); rocblas_zher: (i32, i32, P, P, i32, M, i32);
    rocblas_sspr: (i32, i32, P, P, i32, M); rocblas_dspr: (i32, i32, P, P, i32, M);
    rocblas_cspr: (i32, i32, P, P, i32, M); rocblas_zspr: (i32, i32, P, P, i32, M);
    rocblas_chpr: (i32, i32, P, P, i32, M); rocblas_zhpr: (i32, i32, P, P, i32, M);
    rocblas_ssyr2: (i32, i32, P, P, i32, P, i32, M, i32); rocblas_dsyr2: (i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_csyr2: (i32, i32, P, P, i32, P, i32, M, i32); rocblas_zsyr2: (i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_cher2: (i32, i32, P, P, i32, P, i32, M, i32); rocblas_zher2: (i32, i32, P, P, i32, P, i32, M, i32);
    rocblas_sspr2: (i32, i32, P, P, i32, P, i32, M); rocblas_dspr2: (i32, i32, P, P, i32, P, i32, M);
    rocblas_chpr2: (i32, i32, P, P, i32, P, i32, M); rocblas_zhpr2: (i32, i32, P, P, i32, P, i32, M);
    rocblas_strmv: (i32, i32, i32, i32, P, i32, M, i32); rocblas_dtrmv: (i32, i32, i32, i32, P, i32, M, i32);
    rocblas_ctrmv: (i32, i32, i32, i32, P, i32, M, i32); rocblas_ztrmv: (i32, i32, i32, i32, P, i32, M, i32);
    rocblas_strsv: (i32, i32, i32, i32, P, i32, M, i32); rocblas_dtrsv: (i32, i32, i32, i32, P, i32, M, i32);
    rocblas_ctrsv: (i32, i32, i32, i32, P, i32, M, i32); rocblas_ztrsv: (i32, i32, i32, i32, P, i32, M, i32);
    rocblas_stbmv: (i32, i32, i32, i32, i32, P, i32, M, i32); rocblas_dtbmv: (i32, i32, i32, i32, i32, P, i32, M, i32);
    rocblas_ctbmv: (i32, i32, i32, i32, i32, P, i32, M, i32); rocblas_ztbmv: (i32, i32, i32, i32, i32, P, i32, M, i32);
    rocblas_stbsv: (i32, i32, i32, i32, i32, P, i32, M, i32); rocblas_dtbsv: (i32, i32, i32, i32, i32, P, i32, M, i32);
    rocblas_ctbsv: (i32, i32, i32, i32, i32, P, i32, M, i32); rocblas_ztbsv: (i32, i32, i32, i32, i32, P, i32, M, i32);
    rocblas_stpmv: (i32, i32, i32, i32, P, M, i32); rocblas_dtpmv: (i32, i32, i32, i32, P, M, i32);
    rocblas_ctpmv: (i32, i32, i32, i32, P, M, i32); rocblas_ztpmv: (i32, i32, i32, i32, P, M, i32);
    rocblas_stpsv: (i32, i32, i32, i32, P, M, i32); rocblas_dtpsv: (i32, i32, i32, i32, P, M, i32);
    rocblas_ctpsv: (i32, i32, i32, i32, P, M, i32); rocblas_ztpsv: (i32, i32, i32, i32, P, M, i32);
}

pub const FUNCTIONS: [&str; 25] = [
    "gemv", "gbmv", "ger", "geru", "gerc", "symv", "hemv", "sbmv", "hbmv", "spmv", "hpmv", "syr",
    "her", "spr", "hpr", "syr2", "her2", "spr2", "hpr2", "trmv", "tbmv", "tpmv", "trsv", "tbsv",
    "tpsv",
];

/// Matrix storage of a function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Store {
    General,
    GBand,
    Full,
    Band,
    Packed,
}

fn store_of(f: &str) -> Store {
    match f {
        "gemv" | "ger" | "geru" | "gerc" => Store::General,
        "gbmv" => Store::GBand,
        "sbmv" | "hbmv" | "tbmv" | "tbsv" => Store::Band,
        "spmv" | "hpmv" | "spr" | "hpr" | "spr2" | "hpr2" | "tpmv" | "tpsv" => Store::Packed,
        _ => Store::Full,
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

/// The shape of one call: sizes, storage, where element (i, j) of the matrix is stored.
struct Shape {
    store: Store,
    m: usize,
    n: usize,
    kl: usize,
    ku: usize,
    k: usize,
    lda: usize,
    upper: bool,
}

impl Shape {
    fn idx(&self, i: usize, j: usize) -> Option<usize> {
        let (n, k) = (self.n, self.k);
        match self.store {
            Store::General => Some(i + j * self.lda),
            Store::GBand => {
                (i + self.ku >= j && i <= j + self.kl).then(|| self.ku + i - j + j * self.lda)
            }
            _ if (self.upper && i > j) || (!self.upper && i < j) => None,
            Store::Full => Some(i + j * self.lda),
            Store::Band => (i.abs_diff(j) <= k).then(|| {
                if self.upper {
                    k + i - j + j * self.lda
                } else {
                    i - j + j * self.lda
                }
            }),
            Store::Packed => Some(if self.upper {
                i + j * (j + 1) / 2
            } else {
                i + j * (2 * n - j - 1) / 2
            }),
        }
    }
    /// Elements of the stored array.
    fn len(&self) -> usize {
        match self.store {
            Store::Packed => self.n * (self.n + 1) / 2,
            _ => self.lda * self.n,
        }
    }
    /// Entries the call touches.
    fn entries(&self) -> usize {
        let n = self.n;
        match self.store {
            Store::General => self.m * n,
            Store::GBand => (0..n)
                .map(|j| (j + self.kl + 1).min(self.m) - j.saturating_sub(self.ku))
                .sum(),
            Store::Band => (0..n)
                .map(|j| {
                    if self.upper {
                        j + 1 - j.saturating_sub(self.k)
                    } else {
                        (j + self.k + 1).min(n) - j
                    }
                })
                .sum(),
            _ => n * (n + 1) / 2,
        }
    }
}

pub fn run(opt: &HashMap<String, String>) {
    let get = |k: &str, d: &str| opt.get(k).cloned().unwrap_or_else(|| d.to_string());
    let num = |k: &str, d: i64| get(k, &d.to_string()).parse::<i64>().unwrap_or(d);
    let f = get("f", "gemv");
    let r = get("r", "s");
    let t = match r.as_str() {
        "s" | "f32_r" => 's',
        "d" | "f64_r" => 'd',
        "c" | "f32_c" => 'c',
        "z" | "f64_c" => 'z',
        _ => {
            eprintln!("unsupported -r {r}");
            std::process::exit(2)
        }
    };
    let cplx = t == 'c' || t == 'z';
    let rb = if t == 's' || t == 'c' { 4 } else { 8 };
    let herm = matches!(
        f.as_str(),
        "hemv" | "hbmv" | "hpmv" | "her" | "hpr" | "her2" | "hpr2"
    );
    let real_only = matches!(f.as_str(), "ger" | "sbmv" | "spmv" | "spr2");
    if (herm || f == "geru" || f == "gerc") && !cplx || real_only && cplx {
        eprintln!("{f} has no -r {r} form");
        std::process::exit(2)
    }
    let store = store_of(&f);
    let n = num("n", 4096) as usize;
    let m = if matches!(store, Store::General | Store::GBand) {
        num("m", n as i64) as usize
    } else {
        n
    };
    let (kl, ku, k) = (
        num("kl", 32) as usize,
        num("ku", 32) as usize,
        num("k", 32) as usize,
    );
    let tight = match store {
        Store::General | Store::Full => m,
        Store::GBand => kl + ku + 1,
        Store::Band => k + 1,
        Store::Packed => 1,
    };
    let lda = num("lda", tight as i64) as usize;
    let upper = get("uplo", "U") == "U";
    let sh = Shape {
        store,
        m,
        n,
        kl,
        ku,
        k,
        lda,
        upper,
    };
    let trans = match get("transposeA", "N").as_str() {
        "T" => 112,
        "C" => 113,
        _ => 111,
    };
    let unit = get("diag", "N") == "U";
    let (incx, incy) = (num("incx", 1), num("incy", 1));
    let (iters, cold) = (num("i", 10).max(1), num("j", 2));
    let solve = matches!(f.as_str(), "trsv" | "tbsv" | "tpsv");
    let tri = f.starts_with('t');
    let update = matches!(
        f.as_str(),
        "ger" | "geru" | "gerc" | "syr" | "her" | "spr" | "hpr" | "syr2" | "her2" | "spr2" | "hpr2"
    );
    // x and y lengths: gemv/gbmv by op, ger x of m and y of n, the rest n.
    let (xl, yl) = match store {
        Store::General | Store::GBand if !update => {
            if trans == 111 {
                (n, m)
            } else {
                (m, n)
            }
        }
        Store::General => (m, n),
        _ => (n, n),
    };
    let w = if cplx { 2 } else { 1 };
    // Matrix values: off-diagonal entries scaled by 1/n for triangles, whose diagonals get
    // 2 added (a solve then stays accurate in f32).
    let mut a = vec![0.0; sh.len() * w];
    for j in 0..n {
        // the rows column j stores (a superset for band storage: idx decides)
        let rows = match store {
            Store::General => 0..m,
            Store::GBand => j.saturating_sub(ku)..m.min(j + kl + 1),
            Store::Band if upper => j.saturating_sub(k)..j + 1,
            Store::Band => j..n.min(j + k + 1),
            _ if upper => 0..j + 1,
            _ => j..n,
        };
        for i in rows {
            if let Some(e) = sh.idx(i, j) {
                for q in 0..w {
                    let v = value(e * w + q, 1);
                    a[e * w + q] = if tri && i == j && q == 0 {
                        2.0 + v
                    } else if tri {
                        v / n as f64
                    } else {
                        v
                    };
                }
            }
        }
    }
    let vlen = |len: usize, inc: i64| (len - 1) * inc.unsigned_abs() as usize + 1;
    let xv: Vec<f64> = (0..vlen(xl, incx) * w).map(|e| value(e, 2)).collect();
    let yv: Vec<f64> = (0..vlen(yl, incy) * w).map(|e| value(e, 3)).collect();
    let encode = |vals: &[f64]| -> Vec<u8> {
        vals.iter()
            .flat_map(|&v| {
                if rb == 4 {
                    (v as f32).to_le_bytes().to_vec()
                } else {
                    v.to_le_bytes().to_vec()
                }
            })
            .collect()
    };
    let upload = |vals: &[f64]| -> M {
        let b = encode(vals);
        let mut d: M = null_mut();
        assert_eq!(unsafe { hip::hipMalloc(&mut d, b.len().max(1)) }, 0);
        assert_eq!(
            unsafe { hip::hipMemcpy(d, b.as_ptr().cast(), b.len(), hip::hipMemcpyHostToDevice) },
            0
        );
        d
    };
    let reload = |d: M, vals: &[f64]| {
        let b = encode(vals);
        assert_eq!(
            unsafe { hip::hipMemcpy(d, b.as_ptr().cast(), b.len(), hip::hipMemcpyHostToDevice) },
            0
        );
    };
    let (da, dx, dy) = (upload(&a), upload(&xv), upload(&yv));
    let alpha: C = if cplx { (0.75, -0.25) } else { (0.75, 0.0) };
    let beta: C = if cplx { (0.5, 0.25) } else { (0.5, 0.0) };
    // her / hpr take a real alpha
    let al_b = if f == "her" || f == "hpr" {
        encode(&[alpha.0])
    } else {
        encode(&[alpha.0, alpha.1][..w])
    };
    let be_b = encode(&[beta.0, beta.1][..w]);
    let (pa, pb): (P, P) = (al_b.as_ptr().cast(), be_b.as_ptr().cast());
    let mut h: H = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut h) }, 0);
    let (mi, ni, ldi, ix, iy) = (m as i32, n as i32, lda as i32, incx as i32, incy as i32);
    let uplo = if upper { 121 } else { 122 };
    let diag = if unit { 132 } else { 131 };
    macro_rules! by_type {
        ($s:ident, $d:ident, $c:ident, $z:ident, ($($arg:expr),*)) => {
            match t { 's' => $s(h, $($arg),*), 'd' => $d(h, $($arg),*), 'c' => $c(h, $($arg),*), _ => $z(h, $($arg),*) }
        };
    }
    let call = || -> i32 {
        unsafe {
            match f.as_str() {
                "gemv" => by_type!(
                    rocblas_sgemv,
                    rocblas_dgemv,
                    rocblas_cgemv,
                    rocblas_zgemv,
                    (trans, mi, ni, pa, da, ldi, dx, ix, pb, dy, iy)
                ),
                "gbmv" => by_type!(
                    rocblas_sgbmv,
                    rocblas_dgbmv,
                    rocblas_cgbmv,
                    rocblas_zgbmv,
                    (
                        trans, mi, ni, kl as i32, ku as i32, pa, da, ldi, dx, ix, pb, dy, iy
                    )
                ),
                "ger" | "geru" => by_type!(
                    rocblas_sger,
                    rocblas_dger,
                    rocblas_cgeru,
                    rocblas_zgeru,
                    (mi, ni, pa, dx, ix, dy, iy, da, ldi)
                ),
                "gerc" => by_type!(
                    rocblas_cgerc,
                    rocblas_cgerc,
                    rocblas_cgerc,
                    rocblas_zgerc,
                    (mi, ni, pa, dx, ix, dy, iy, da, ldi)
                ),
                "symv" => by_type!(
                    rocblas_ssymv,
                    rocblas_dsymv,
                    rocblas_csymv,
                    rocblas_zsymv,
                    (uplo, ni, pa, da, ldi, dx, ix, pb, dy, iy)
                ),
                "hemv" => by_type!(
                    rocblas_chemv,
                    rocblas_chemv,
                    rocblas_chemv,
                    rocblas_zhemv,
                    (uplo, ni, pa, da, ldi, dx, ix, pb, dy, iy)
                ),
                "sbmv" => by_type!(
                    rocblas_ssbmv,
                    rocblas_dsbmv,
                    rocblas_ssbmv,
                    rocblas_dsbmv,
                    (uplo, ni, k as i32, pa, da, ldi, dx, ix, pb, dy, iy)
                ),
                "hbmv" => by_type!(
                    rocblas_chbmv,
                    rocblas_chbmv,
                    rocblas_chbmv,
                    rocblas_zhbmv,
                    (uplo, ni, k as i32, pa, da, ldi, dx, ix, pb, dy, iy)
                ),
                "spmv" => by_type!(
                    rocblas_sspmv,
                    rocblas_dspmv,
                    rocblas_sspmv,
                    rocblas_dspmv,
                    (uplo, ni, pa, da, dx, ix, pb, dy, iy)
                ),
                "hpmv" => by_type!(
                    rocblas_chpmv,
                    rocblas_chpmv,
                    rocblas_chpmv,
                    rocblas_zhpmv,
                    (uplo, ni, pa, da, dx, ix, pb, dy, iy)
                ),
                "syr" => by_type!(
                    rocblas_ssyr,
                    rocblas_dsyr,
                    rocblas_csyr,
                    rocblas_zsyr,
                    (uplo, ni, pa, dx, ix, da, ldi)
                ),
                "her" => by_type!(
                    rocblas_cher,
                    rocblas_cher,
                    rocblas_cher,
                    rocblas_zher,
                    (uplo, ni, pa, dx, ix, da, ldi)
                ),
                "spr" => by_type!(
                    rocblas_sspr,
                    rocblas_dspr,
                    rocblas_cspr,
                    rocblas_zspr,
                    (uplo, ni, pa, dx, ix, da)
                ),
                "hpr" => by_type!(
                    rocblas_chpr,
                    rocblas_chpr,
                    rocblas_chpr,
                    rocblas_zhpr,
                    (uplo, ni, pa, dx, ix, da)
                ),
                "syr2" => by_type!(
                    rocblas_ssyr2,
                    rocblas_dsyr2,
                    rocblas_csyr2,
                    rocblas_zsyr2,
                    (uplo, ni, pa, dx, ix, dy, iy, da, ldi)
                ),
                "her2" => by_type!(
                    rocblas_cher2,
                    rocblas_cher2,
                    rocblas_cher2,
                    rocblas_zher2,
                    (uplo, ni, pa, dx, ix, dy, iy, da, ldi)
                ),
                "spr2" => by_type!(
                    rocblas_sspr2,
                    rocblas_dspr2,
                    rocblas_sspr2,
                    rocblas_dspr2,
                    (uplo, ni, pa, dx, ix, dy, iy, da)
                ),
                "hpr2" => by_type!(
                    rocblas_chpr2,
                    rocblas_chpr2,
                    rocblas_chpr2,
                    rocblas_zhpr2,
                    (uplo, ni, pa, dx, ix, dy, iy, da)
                ),
                "trmv" => by_type!(
                    rocblas_strmv,
                    rocblas_dtrmv,
                    rocblas_ctrmv,
                    rocblas_ztrmv,
                    (uplo, trans, diag, ni, da, ldi, dx, ix)
                ),
                "trsv" => by_type!(
                    rocblas_strsv,
                    rocblas_dtrsv,
                    rocblas_ctrsv,
                    rocblas_ztrsv,
                    (uplo, trans, diag, ni, da, ldi, dx, ix)
                ),
                "tbmv" => by_type!(
                    rocblas_stbmv,
                    rocblas_dtbmv,
                    rocblas_ctbmv,
                    rocblas_ztbmv,
                    (uplo, trans, diag, ni, k as i32, da, ldi, dx, ix)
                ),
                "tbsv" => by_type!(
                    rocblas_stbsv,
                    rocblas_dtbsv,
                    rocblas_ctbsv,
                    rocblas_ztbsv,
                    (uplo, trans, diag, ni, k as i32, da, ldi, dx, ix)
                ),
                "tpmv" => by_type!(
                    rocblas_stpmv,
                    rocblas_dtpmv,
                    rocblas_ctpmv,
                    rocblas_ztpmv,
                    (uplo, trans, diag, ni, da, dx, ix)
                ),
                _ => by_type!(
                    rocblas_stpsv,
                    rocblas_dtpsv,
                    rocblas_ctpsv,
                    rocblas_ztpsv,
                    (uplo, trans, diag, ni, da, dx, ix)
                ),
            }
        }
    };
    let check = |s: i32| {
        if s != 0 {
            eprintln!("{f} returned rocblas status {s}");
            std::process::exit(1);
        }
    };
    if num("v", 0) != 0 {
        check(call());
        assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
        let read = |d: M, count: usize| -> Vec<f64> {
            let mut b = vec![0u8; count * rb];
            assert_eq!(
                unsafe {
                    hip::hipMemcpy(
                        b.as_mut_ptr().cast(),
                        d,
                        b.len(),
                        hip::hipMemcpyDeviceToHost,
                    )
                },
                0
            );
            b.chunks(rb)
                .map(|c| {
                    if rb == 4 {
                        f32::from_le_bytes(c.try_into().unwrap()) as f64
                    } else {
                        f64::from_le_bytes(c.try_into().unwrap())
                    }
                })
                .collect()
        };
        let ctx = Ref {
            sh: &sh,
            a: &a,
            w,
            herm,
            trans,
            unit,
            alpha,
            beta,
            xv: &xv,
            yv: &yv,
            incx,
            incy,
            xl,
            yl,
            f: &f,
        };
        let (got, want) = if update {
            (read(da, a.len()), ctx.update())
        } else if tri {
            (read(dx, xv.len()), ctx.triangular(solve))
        } else {
            (read(dy, yv.len()), ctx.product())
        };
        let tol = if rb == 4 { 2e-5 } else { 1e-12 };
        let mut worst = 0f64;
        for (e, (g, (wv, scale))) in got.chunks(w).zip(&want).enumerate() {
            let g = (g[0], if w == 2 { g[1] } else { 0.0 });
            let err = ((g.0 - wv.0).abs() + (g.1 - wv.1).abs()) / scale.max(1.0);
            worst = worst.max(err);
            if err.is_nan() || err > tol {
                eprintln!("verify: element {e} = {g:?}, expected {wv:?}");
                std::process::exit(1);
            }
        }
        eprintln!("verify: {f} within {tol:.0e} (worst {worst:.2e})");
        for (d, v) in [(da, &a), (dx, &xv), (dy, &yv)] {
            reload(d, v);
        }
    }
    let us = super::time_calls(|| check(call()), cold, num("warmup_ms", 0), iters);
    // Elements moved: the stored entries once (twice for updates: read and written), x
    // read, y read and written for products (beta != 0), x read and written for trmv/trsv.
    let es = (rb * w) as f64;
    let rank2 = f.ends_with('2');
    let elems = match () {
        _ if update => 2 * sh.entries() + xl + if rank2 || f.starts_with("ger") { yl } else { 0 },
        _ if tri => sh.entries() + 2 * n,
        _ => sh.entries() + xl + 2 * yl,
    } as f64;
    println!("function,precision,M,N,lda,incx,incy,rocblas-GB/s,us");
    println!(
        "{f},{r},{m},{n},{lda},{incx},{incy},{:.1},{us:.2}",
        elems * es / us / 1e3
    );
}

/// An f64 reference of one call, with each result's scale (sum of magnitudes).
struct Ref<'a> {
    sh: &'a Shape,
    a: &'a [f64],
    w: usize,
    herm: bool,
    trans: i32,
    unit: bool,
    alpha: C,
    beta: C,
    xv: &'a [f64],
    yv: &'a [f64],
    incx: i64,
    incy: i64,
    xl: usize,
    yl: usize,
    f: &'a str,
}

impl Ref<'_> {
    fn el(&self, v: &[f64], k: usize) -> C {
        if self.w == 2 {
            (v[2 * k], v[2 * k + 1])
        } else {
            (v[k], 0.0)
        }
    }
    fn at(i: usize, len: usize, inc: i64) -> usize {
        if inc >= 0 {
            i * inc as usize
        } else {
            (len - 1 - i) * inc.unsigned_abs() as usize
        }
    }
    fn mag(c: C) -> f64 {
        c.0.abs() + c.1.abs()
    }
    /// Stored (i, j) of A, or its mirror for symmetric / Hermitian matrices, 0 outside.
    fn full(&self, i: usize, j: usize) -> C {
        let sym =
            !matches!(self.sh.store, Store::General | Store::GBand) && !self.f.starts_with('t');
        match (self.sh.idx(i, j), self.sh.idx(j, i)) {
            (Some(e), _) if self.herm && i == j => (self.el(self.a, e).0, 0.0),
            (Some(e), _) => self.el(self.a, e),
            (None, Some(e)) if sym && self.herm => conj(self.el(self.a, e)),
            (None, Some(e)) if sym => self.el(self.a, e),
            _ => (0.0, 0.0),
        }
    }
    fn op(&self, i: usize, j: usize) -> C {
        if self.f.starts_with('t') && i == j && self.unit {
            return (1.0, 0.0);
        }
        match self.trans {
            111 => self.full(i, j),
            112 => self.full(j, i),
            _ => conj(self.full(j, i)),
        }
    }
    fn product(&self) -> Vec<(C, f64)> {
        let sym = !matches!(self.sh.store, Store::General | Store::GBand);
        let mut out: Vec<(C, f64)> = self
            .yv
            .chunks(self.w)
            .map(|c| ((c[0], if self.w == 2 { c[1] } else { 0.0 }), 0.0))
            .collect();
        for i in 0..self.yl {
            let (mut s, mut mag) = ((0.0, 0.0), 0.0);
            for j in 0..self.xl {
                let v = if sym { self.full(i, j) } else { self.op(i, j) };
                let xj = self.el(self.xv, Self::at(j, self.xl, self.incx));
                s = add(s, mul(v, xj));
                mag += Self::mag(v) * Self::mag(xj);
            }
            let k = Self::at(i, self.yl, self.incy);
            let y = out[k].0;
            out[k] = (
                add(mul(self.alpha, s), mul(self.beta, y)),
                Self::mag(self.alpha) * mag + Self::mag(self.beta) * Self::mag(y),
            );
        }
        out
    }
    fn update(&self) -> Vec<(C, f64)> {
        let sh = self.sh;
        let mut out: Vec<(C, f64)> = self
            .a
            .chunks(self.w)
            .map(|c| {
                (
                    (c[0], if self.w == 2 { c[1] } else { 0.0 }),
                    Self::mag((c[0], 0.0)) + 1.0,
                )
            })
            .collect();
        let x = |i: usize| self.el(self.xv, Self::at(i, self.xl, self.incx));
        let y = |i: usize| self.el(self.yv, Self::at(i, self.yl, self.incy));
        let conj_y = self.herm || self.f == "gerc";
        let cj = |v: C| if conj_y { conj(v) } else { v };
        let al = if self.f == "her" || self.f == "hpr" {
            (self.alpha.0, 0.0)
        } else {
            self.alpha
        };
        for j in 0..sh.n {
            for i in 0..sh.m {
                let Some(e) = sh.idx(i, j) else { continue };
                let mut t = match self.f {
                    "ger" | "geru" | "gerc" => mul(mul(al, x(i)), cj(y(j))),
                    "syr" | "spr" | "her" | "hpr" => mul(mul(al, x(i)), cj(x(j))),
                    _ => add(
                        mul(mul(al, x(i)), cj(y(j))),
                        mul(mul(if self.herm { conj(al) } else { al }, y(i)), cj(x(j))),
                    ),
                };
                let mut v = add(out[e].0, t);
                if self.herm && i == j {
                    v.1 = 0.0;
                    t.1 = 0.0;
                }
                out[e] = (v, out[e].1 + Self::mag(t));
            }
        }
        out
    }
    fn triangular(&self, solve: bool) -> Vec<(C, f64)> {
        let n = self.sh.n;
        let mut out: Vec<(C, f64)> = self
            .xv
            .chunks(self.w)
            .map(|c| ((c[0], if self.w == 2 { c[1] } else { 0.0 }), 0.0))
            .collect();
        let xs: Vec<C> = (0..n)
            .map(|i| self.el(self.xv, Self::at(i, n, self.incx)))
            .collect();
        let res: Vec<(C, f64)> = if !solve {
            (0..n)
                .map(|i| {
                    let (mut s, mut mag) = ((0.0, 0.0), 0.0);
                    for (j, &xj) in xs.iter().enumerate() {
                        let v = self.op(i, j);
                        s = add(s, mul(v, xj));
                        mag += Self::mag(v) * Self::mag(xj);
                    }
                    (s, mag)
                })
                .collect()
        } else {
            // op(A) is lower triangular when (lower, N) or (upper, T/C): forward order.
            let lower_op = (self.trans == 111) != self.sh.upper;
            let mut sol = vec![(0.0, 0.0); n];
            let order: Vec<usize> = if lower_op {
                (0..n).collect()
            } else {
                (0..n).rev().collect()
            };
            for &i in &order {
                let mut s = xs[i];
                for j in 0..n {
                    if j != i && (if lower_op { j < i } else { j > i }) {
                        let p = mul(self.op(i, j), sol[j]);
                        s = (s.0 - p.0, s.1 - p.1);
                    }
                }
                let d = self.op(i, i);
                let den = d.0 * d.0 + d.1 * d.1;
                sol[i] = if self.unit {
                    s
                } else {
                    ((s.0 * d.0 + s.1 * d.1) / den, (s.1 * d.0 - s.0 * d.1) / den)
                };
            }
            sol.into_iter()
                .map(|v| (v, 4.0 * Self::mag(v) + 1.0))
                .collect()
        };
        for (i, v) in res.into_iter().enumerate() {
            out[Self::at(i, n, self.incx)] = v;
        }
        out
    }
}
