//! rocblas-bench's Level-1 functions: -f axpy|scal|copy|swap|dot|dotc|nrm2|asum|iamax|iamin|
//! rot|rotm, -r s|d|c|z (or f32_r, f64_r, f32_c, f64_c), -n, --incx, --incy, -i (timed
//! calls), -j (cold calls), --warmup_ms, --pointer_mode 0|1 (reductions' results and
//! scalars in host or device memory; default 1, so that calls queue like the others do:
//! in host mode each reduction waits for its result), -v 1 (one call on fresh data checked
//! against an f64 reference). Prints rocblas-bench's CSV line with GB/s (bytes each call
//! must move: every vector read once, every written vector written once) and microseconds
//! per call.

use super::{hip, value};
use rocblas::handle::{rocblas_create_handle, rocblas_set_pointer_mode};
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
    rocblas_saxpy: (i32, P, P, i32, M, i32); rocblas_daxpy: (i32, P, P, i32, M, i32); rocblas_caxpy: (i32, P, P, i32, M, i32); rocblas_zaxpy: (i32, P, P, i32, M, i32);
    rocblas_sscal: (i32, P, M, i32); rocblas_dscal: (i32, P, M, i32); rocblas_cscal: (i32, P, M, i32); rocblas_zscal: (i32, P, M, i32);
    rocblas_scopy: (i32, P, i32, M, i32); rocblas_dcopy: (i32, P, i32, M, i32); rocblas_ccopy: (i32, P, i32, M, i32); rocblas_zcopy: (i32, P, i32, M, i32);
    rocblas_sswap: (i32, M, i32, M, i32); rocblas_dswap: (i32, M, i32, M, i32); rocblas_cswap: (i32, M, i32, M, i32); rocblas_zswap: (i32, M, i32, M, i32);
    rocblas_sdot: (i32, P, i32, P, i32, M); rocblas_ddot: (i32, P, i32, P, i32, M); rocblas_cdotu: (i32, P, i32, P, i32, M); rocblas_zdotu: (i32, P, i32, P, i32, M);
    rocblas_cdotc: (i32, P, i32, P, i32, M); rocblas_zdotc: (i32, P, i32, P, i32, M);
    rocblas_snrm2: (i32, P, i32, M); rocblas_dnrm2: (i32, P, i32, M); rocblas_scnrm2: (i32, P, i32, M); rocblas_dznrm2: (i32, P, i32, M);
    rocblas_sasum: (i32, P, i32, M); rocblas_dasum: (i32, P, i32, M); rocblas_scasum: (i32, P, i32, M); rocblas_dzasum: (i32, P, i32, M);
    rocblas_isamax: (i32, P, i32, M); rocblas_idamax: (i32, P, i32, M); rocblas_icamax: (i32, P, i32, M); rocblas_izamax: (i32, P, i32, M);
    rocblas_isamin: (i32, P, i32, M); rocblas_idamin: (i32, P, i32, M); rocblas_icamin: (i32, P, i32, M); rocblas_izamin: (i32, P, i32, M);
    rocblas_srot: (i32, M, i32, M, i32, P, P); rocblas_drot: (i32, M, i32, M, i32, P, P); rocblas_crot: (i32, M, i32, M, i32, P, P); rocblas_zrot: (i32, M, i32, M, i32, P, P);
    rocblas_srotm: (i32, M, i32, M, i32, P); rocblas_drotm: (i32, M, i32, M, i32, P);
}

pub const FUNCTIONS: [&str; 12] = [
    "axpy", "scal", "copy", "swap", "dot", "dotc", "nrm2", "asum", "iamax", "iamin", "rot", "rotm",
];

/// (real bytes, complex) of -r.
fn precision(r: &str) -> Option<(usize, bool)> {
    Some(match r {
        "s" | "f32_r" => (4, false),
        "d" | "f64_r" => (8, false),
        "c" | "f32_c" => (4, true),
        "z" | "f64_c" => (8, true),
        _ => return None,
    })
}

/// The vectors one call reads and writes: (x read, x written, y read, y written).
fn traffic(f: &str) -> (bool, bool, bool, bool) {
    match f {
        "axpy" => (true, false, true, true),
        "scal" => (true, true, false, false),
        "copy" => (true, false, false, true),
        "swap" | "rot" | "rotm" => (true, true, true, true),
        "dot" | "dotc" => (true, false, true, false),
        _ => (true, false, false, false),
    }
}

pub fn run(opt: &HashMap<String, String>) {
    let get = |k: &str, d: &str| opt.get(k).cloned().unwrap_or_else(|| d.to_string());
    let num = |k: &str, d: i64| get(k, &d.to_string()).parse::<i64>().unwrap_or(d);
    let f = get("f", "axpy");
    let r = get("r", "s");
    let Some((rb, cplx)) = precision(&r) else {
        eprintln!("unsupported -r {r} for {f}");
        std::process::exit(2)
    };
    if f == "rotm" && cplx || f == "dotc" && !cplx {
        eprintln!("{f} has no -r {r} form");
        std::process::exit(2)
    }
    let es = if cplx { 2 * rb } else { rb };
    let n = num("n", 1 << 20);
    let (incx, incy) = (num("incx", 1), num("incy", 1));
    let (iters, cold) = (num("i", 10).max(1), num("j", 2));
    let device_mode = num("pointer_mode", 1) != 0;
    let len = |inc: i64| (n as usize - 1) * inc.unsigned_abs() as usize + 1;
    let malloc = |bytes: usize| {
        let mut d: M = null_mut();
        assert_eq!(unsafe { hip::hipMalloc(&mut d, bytes.max(1)) }, 0);
        d
    };
    // Values as the type stores them: real, or (re, im) pairs.
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
    let vector = |elems: usize, salt: usize| -> Vec<f64> {
        (0..elems * if cplx { 2 } else { 1 })
            .map(|e| value(e, salt))
            .collect()
    };
    let (xv, yv) = (vector(len(incx), 1), vector(len(incy), 2));
    let (x, y) = (malloc(xv.len() * rb), malloc(yv.len() * rb));
    let upload = |d: M, v: &[f64]| {
        let b = encode(v);
        assert_eq!(
            unsafe { hip::hipMemcpy(d, b.as_ptr().cast(), b.len(), hip::hipMemcpyHostToDevice) },
            0
        );
    };
    upload(x, &xv);
    upload(y, &yv);
    // Scalars: alpha (complex for c/z), rot's c and s, rotm's parameters.
    let alpha = if cplx { vec![0.75, -0.25] } else { vec![0.75] };
    let rot_c = vec![0.6];
    let rot_s = if cplx { vec![0.8, 0.0] } else { vec![0.8] };
    let rotm_p = vec![-1.0, 0.5, -0.25, 0.75, 1.25];
    let scalar_mem = |v: &[f64]| -> (Vec<u8>, M) {
        let b = encode(v);
        let d = malloc(b.len());
        assert_eq!(
            unsafe { hip::hipMemcpy(d, b.as_ptr().cast(), b.len(), hip::hipMemcpyHostToDevice) },
            0
        );
        (b, d)
    };
    let (ha, da) = scalar_mem(&alpha);
    let (hc, dc) = scalar_mem(&rot_c);
    let (hs, ds) = scalar_mem(&rot_s);
    let (hp, dp) = scalar_mem(&rotm_p);
    let pick = |host: &Vec<u8>, dev: M| -> P {
        if device_mode {
            dev as P
        } else {
            host.as_ptr().cast()
        }
    };
    let (pa, pc, ps, pp) = (pick(&ha, da), pick(&hc, dc), pick(&hs, ds), pick(&hp, dp));
    let result_dev = malloc(16);
    let mut result_host = [0u8; 16];
    let res: M = if device_mode {
        result_dev
    } else {
        result_host.as_mut_ptr().cast()
    };
    let mut h: H = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut h) }, 0);
    let mode = if device_mode {
        rocblas_pointer_mode_device
    } else {
        rocblas_pointer_mode_host
    };
    assert_eq!(unsafe { rocblas_set_pointer_mode(h, mode) }, 0);
    let (ni, ix, iy) = (n as i32, incx as i32, incy as i32);
    let t = r.chars().next().unwrap_or('s');
    let t = match r.as_str() {
        "f32_r" => 's',
        "f64_r" => 'd',
        "f32_c" => 'c',
        "f64_c" => 'z',
        _ => t,
    };
    macro_rules! by_type {
        ($s:ident, $d:ident, $c:ident, $z:ident, ($($arg:expr),*)) => {
            match t { 's' => $s(h, $($arg),*), 'd' => $d(h, $($arg),*), 'c' => $c(h, $($arg),*), _ => $z(h, $($arg),*) }
        };
    }
    let call = || -> i32 {
        unsafe {
            match f.as_str() {
                "axpy" => by_type!(
                    rocblas_saxpy,
                    rocblas_daxpy,
                    rocblas_caxpy,
                    rocblas_zaxpy,
                    (ni, pa, x, ix, y, iy)
                ),
                "scal" => by_type!(
                    rocblas_sscal,
                    rocblas_dscal,
                    rocblas_cscal,
                    rocblas_zscal,
                    (ni, pa, x, ix)
                ),
                "copy" => by_type!(
                    rocblas_scopy,
                    rocblas_dcopy,
                    rocblas_ccopy,
                    rocblas_zcopy,
                    (ni, x, ix, y, iy)
                ),
                "swap" => by_type!(
                    rocblas_sswap,
                    rocblas_dswap,
                    rocblas_cswap,
                    rocblas_zswap,
                    (ni, x, ix, y, iy)
                ),
                "dot" => by_type!(
                    rocblas_sdot,
                    rocblas_ddot,
                    rocblas_cdotu,
                    rocblas_zdotu,
                    (ni, x, ix, y, iy, res)
                ),
                "dotc" => by_type!(
                    rocblas_cdotc,
                    rocblas_cdotc,
                    rocblas_cdotc,
                    rocblas_zdotc,
                    (ni, x, ix, y, iy, res)
                ),
                "nrm2" => by_type!(
                    rocblas_snrm2,
                    rocblas_dnrm2,
                    rocblas_scnrm2,
                    rocblas_dznrm2,
                    (ni, x, ix, res)
                ),
                "asum" => by_type!(
                    rocblas_sasum,
                    rocblas_dasum,
                    rocblas_scasum,
                    rocblas_dzasum,
                    (ni, x, ix, res)
                ),
                "iamax" => by_type!(
                    rocblas_isamax,
                    rocblas_idamax,
                    rocblas_icamax,
                    rocblas_izamax,
                    (ni, x, ix, res)
                ),
                "iamin" => by_type!(
                    rocblas_isamin,
                    rocblas_idamin,
                    rocblas_icamin,
                    rocblas_izamin,
                    (ni, x, ix, res)
                ),
                "rot" => by_type!(
                    rocblas_srot,
                    rocblas_drot,
                    rocblas_crot,
                    rocblas_zrot,
                    (ni, x, ix, y, iy, pc, ps)
                ),
                "rotm" => by_type!(
                    rocblas_srotm,
                    rocblas_drotm,
                    rocblas_srotm,
                    rocblas_drotm,
                    (ni, x, ix, y, iy, pp)
                ),
                _ => {
                    eprintln!("unknown -f {f}");
                    std::process::exit(2)
                }
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
        verify(&Verify {
            f: &f,
            cplx,
            rb,
            n: n as usize,
            incx,
            incy,
            xv: &xv,
            yv: &yv,
            x,
            y,
            res,
            device_mode,
            alpha: &alpha,
            rot: (rot_c[0], &rot_s),
            rotm: &rotm_p,
        });
        upload(x, &xv);
        upload(y, &yv);
    }
    let us = super::time_calls(|| check(call()), cold, num("warmup_ms", 0), iters);
    let (xr, xw, yr, yw) = traffic(&f);
    let bytes = (n as f64) * es as f64 * [xr, xw, yr, yw].iter().filter(|&&b| b).count() as f64;
    println!("function,precision,N,incx,incy,rocblas-GB/s,us");
    println!("{f},{r},{n},{incx},{incy},{:.1},{us:.2}", bytes / us / 1e3);
}

struct Verify<'a> {
    f: &'a str,
    cplx: bool,
    rb: usize,
    n: usize,
    incx: i64,
    incy: i64,
    xv: &'a [f64],
    yv: &'a [f64],
    x: M,
    y: M,
    res: M,
    device_mode: bool,
    alpha: &'a [f64],
    rot: (f64, &'a [f64]),
    rotm: &'a [f64],
}

/// One call's results against an f64 reference on the host; exits 1 on a mismatch.
fn verify(v: &Verify) {
    let w = if v.cplx { 2 } else { 1 };
    let read = |d: M, count: usize| -> Vec<f64> {
        let mut b = vec![0u8; count * v.rb];
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
        b.chunks(v.rb)
            .map(|c| {
                if v.rb == 4 {
                    f32::from_le_bytes(c.try_into().unwrap()) as f64
                } else {
                    f64::from_le_bytes(c.try_into().unwrap())
                }
            })
            .collect()
    };
    let at = |i: usize, inc: i64| {
        if inc >= 0 {
            i * inc as usize
        } else {
            (v.n - 1 - i) * inc.unsigned_abs() as usize
        }
    };
    let el = |a: &[f64], k: usize| -> (f64, f64) {
        if v.cplx {
            (a[2 * k], a[2 * k + 1])
        } else {
            (a[k], 0.0)
        }
    };
    let mul = |a: (f64, f64), b: (f64, f64)| (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0);
    let alpha = if v.cplx {
        (v.alpha[0], v.alpha[1])
    } else {
        (v.alpha[0], 0.0)
    };
    let s = if v.cplx {
        (v.rot.1[0], v.rot.1[1])
    } else {
        (v.rot.1[0], 0.0)
    };
    let c = v.rot.0;
    let tol = if v.rb == 4 { 1e-5 } else { 1e-12 };
    let mut worst = 0f64;
    let mut cmp = |got: (f64, f64), want: (f64, f64), scale: f64, what: String| {
        let err = ((got.0 - want.0).abs() + (got.1 - want.1).abs()) / scale.max(1.0);
        worst = worst.max(err);
        // NaN fails too.
        if err.is_nan() || err > tol {
            eprintln!("verify: {what} = {got:?}, expected {want:?}");
            std::process::exit(1);
        }
    };
    let (xn, yn) = (read(v.x, v.xv.len() / w * w), read(v.y, v.yv.len() / w * w));
    let result = || -> Vec<u8> {
        let mut b = vec![0u8; 16];
        if v.device_mode {
            assert_eq!(
                unsafe {
                    hip::hipMemcpy(b.as_mut_ptr().cast(), v.res, 16, hip::hipMemcpyDeviceToHost)
                },
                0
            );
        } else {
            unsafe { std::ptr::copy_nonoverlapping(v.res as *const u8, b.as_mut_ptr(), 16) };
        }
        b
    };
    let real_at = |b: &[u8], k: usize| {
        if v.rb == 4 {
            f32::from_le_bytes(b[4 * k..4 * k + 4].try_into().unwrap()) as f64
        } else {
            f64::from_le_bytes(b[8 * k..8 * k + 8].try_into().unwrap())
        }
    };
    let rotm = |x: (f64, f64), y: (f64, f64)| {
        let p = v.rotm;
        (
            (x.0 * p[1] + y.0 * p[3], 0.0),
            (x.0 * p[2] + y.0 * p[4], 0.0),
        )
    };
    match v.f {
        "axpy" | "scal" | "copy" | "swap" | "rot" | "rotm" => {
            for i in 0..v.n {
                let (kx, ky) = (at(i, v.incx), at(i, v.incy));
                let (x0, y0) = (el(v.xv, kx), el(v.yv, ky));
                let (wx, wy) = match v.f {
                    "axpy" => (x0, {
                        let p = mul(alpha, x0);
                        (p.0 + y0.0, p.1 + y0.1)
                    }),
                    "scal" => (mul(alpha, x0), y0),
                    "copy" => (x0, x0),
                    "swap" => (y0, x0),
                    "rot" => {
                        let (a, b) = (mul((c, 0.0), x0), mul(s, y0));
                        let (d, e) = (mul((c, 0.0), y0), mul((s.0, -s.1), x0));
                        ((a.0 + b.0, a.1 + b.1), (d.0 - e.0, d.1 - e.1))
                    }
                    _ => rotm(x0, y0),
                };
                cmp(el(&xn, kx), wx, 2.0, format!("x[{i}]"));
                cmp(el(&yn, ky), wy, 2.0, format!("y[{i}]"));
            }
        }
        "dot" | "dotc" => {
            let mut sum = (0.0, 0.0);
            let mut scale = 0.0;
            for i in 0..v.n {
                let (mut a, b) = (el(v.xv, at(i, v.incx)), el(v.yv, at(i, v.incy)));
                if v.f == "dotc" {
                    a.1 = -a.1;
                }
                let p = mul(a, b);
                sum = (sum.0 + p.0, sum.1 + p.1);
                scale += (a.0.abs() + a.1.abs()) * (b.0.abs() + b.1.abs());
            }
            let b = result();
            cmp(
                (real_at(&b, 0), if v.cplx { real_at(&b, 1) } else { 0.0 }),
                sum,
                scale,
                "result".into(),
            );
        }
        "nrm2" | "asum" => {
            let vals: Vec<(f64, f64)> = (0..v.n).map(|i| el(v.xv, at(i, v.incx))).collect();
            let want = if v.f == "nrm2" {
                vals.iter()
                    .map(|a| a.0 * a.0 + a.1 * a.1)
                    .sum::<f64>()
                    .sqrt()
            } else {
                vals.iter().map(|a| a.0.abs() + a.1.abs()).sum()
            };
            cmp(
                (real_at(&result(), 0), 0.0),
                (want, 0.0),
                want,
                "result".into(),
            );
        }
        _ => {
            let vals: Vec<f64> = (0..v.n)
                .map(|i| {
                    let a = el(v.xv, at(i, v.incx));
                    a.0.abs() + a.1.abs()
                })
                .collect();
            let mut best = 0;
            for (i, &a) in vals.iter().enumerate() {
                if (v.f == "iamax" && a > vals[best]) || (v.f == "iamin" && a < vals[best]) {
                    best = i;
                }
            }
            let b = result();
            let got = i32::from_le_bytes(b[..4].try_into().unwrap());
            if got as usize != best + 1 {
                eprintln!("verify: {} = {got}, expected {}", v.f, best + 1);
                std::process::exit(1);
            }
        }
    }
    eprintln!("verify: {} within {tol:.0e} (worst {worst:.2e})", v.f);
}
