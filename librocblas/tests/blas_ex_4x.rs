//! rocBLAS 4.x / 5.x additions through the C API on the CPU backend, against float64
//! references computed here: the bf16 type combinations of axpy_ex / scal_ex / nrm2_ex (f32
//! compute), dot_ex / dotc_ex of f32 vectors into an f64 result computed in f64, rocBLAS
//! 5.x's syrk_ex (every type combination, both triangles, both operations, host and device
//! scalars, its argument checks), the ILP64 Level-2 functions' `invalid_size` for orders
//! beyond int32_t, rocBLAS's HIP error mapping (hipErrorInvalidValue: internal_error) and
//! the quick returns of the set/get copies before their size checks.

mod common;

use amdhip64 as _;
use common::{dev, handle, host, vals};
use half::{bf16, f16};
use rocblas::handle::*;
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

type H = rocblas_handle;
const BF16: i32 = rocblas_datatype_bf16_r;
const F16: i32 = rocblas_datatype_f16_r;
const F32: i32 = rocblas_datatype_f32_r;
const F64: i32 = rocblas_datatype_f64_r;
const N: i32 = 111;
const T: i32 = 112;
const UPPER: i32 = 121;
const LOWER: i32 = 122;

unsafe extern "C" {
    fn rocblas_axpy_ex(
        h: H,
        n: i32,
        al: *const c_void,
        at: i32,
        x: *const c_void,
        xt: i32,
        incx: i32,
        y: *mut c_void,
        yt: i32,
        incy: i32,
        et: i32,
    ) -> i32;
    fn rocblas_axpy_batched_ex(
        h: H,
        n: i32,
        al: *const c_void,
        at: i32,
        x: *const c_void,
        xt: i32,
        incx: i32,
        y: *mut c_void,
        yt: i32,
        incy: i32,
        batch: i32,
        et: i32,
    ) -> i32;
    fn rocblas_axpy_strided_batched_ex(
        h: H,
        n: i32,
        al: *const c_void,
        at: i32,
        x: *const c_void,
        xt: i32,
        incx: i32,
        sx: i64,
        y: *mut c_void,
        yt: i32,
        incy: i32,
        sy: i64,
        batch: i32,
        et: i32,
    ) -> i32;
    fn rocblas_scal_ex(
        h: H,
        n: i32,
        al: *const c_void,
        at: i32,
        x: *mut c_void,
        xt: i32,
        incx: i32,
        et: i32,
    ) -> i32;
    fn rocblas_scal_batched_ex(
        h: H,
        n: i32,
        al: *const c_void,
        at: i32,
        x: *mut c_void,
        xt: i32,
        incx: i32,
        batch: i32,
        et: i32,
    ) -> i32;
    fn rocblas_scal_strided_batched_ex(
        h: H,
        n: i32,
        al: *const c_void,
        at: i32,
        x: *mut c_void,
        xt: i32,
        incx: i32,
        sx: i64,
        batch: i32,
        et: i32,
    ) -> i32;
    fn rocblas_nrm2_ex(
        h: H,
        n: i32,
        x: *const c_void,
        xt: i32,
        incx: i32,
        r: *mut c_void,
        rt: i32,
        et: i32,
    ) -> i32;
    fn rocblas_dot_ex(
        h: H,
        n: i32,
        x: *const c_void,
        xt: i32,
        incx: i32,
        y: *const c_void,
        yt: i32,
        incy: i32,
        r: *mut c_void,
        rt: i32,
        et: i32,
    ) -> i32;
    fn rocblas_dotc_strided_batched_ex(
        h: H,
        n: i32,
        x: *const c_void,
        xt: i32,
        incx: i32,
        sx: i64,
        y: *const c_void,
        yt: i32,
        incy: i32,
        sy: i64,
        batch: i32,
        r: *mut c_void,
        rt: i32,
        et: i32,
    ) -> i32;
    fn rocblas_syrk_ex(
        h: H,
        uplo: i32,
        trans: i32,
        n: i32,
        k: i32,
        al: *const c_void,
        a: *const c_void,
        at: i32,
        lda: i32,
        be: *const c_void,
        c: *mut c_void,
        ct: i32,
        ldc: i32,
        et: i32,
    ) -> i32;
    fn rocblas_dgbmv_64(
        h: H,
        t: i32,
        m: i64,
        n: i64,
        kl: i64,
        ku: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        x: *const f64,
        incx: i64,
        be: *const f64,
        y: *mut f64,
        incy: i64,
    ) -> i32;
    fn rocblas_dsbmv_64(
        h: H,
        uplo: i32,
        n: i64,
        k: i64,
        al: *const f64,
        a: *const f64,
        lda: i64,
        x: *const f64,
        incx: i64,
        be: *const f64,
        y: *mut f64,
        incy: i64,
    ) -> i32;
    fn rocblas_dspmv_64(
        h: H,
        uplo: i32,
        n: i64,
        al: *const f64,
        a: *const f64,
        x: *const f64,
        incx: i64,
        be: *const f64,
        y: *mut f64,
        incy: i64,
    ) -> i32;
    fn rocblas_dtpmv_64(
        h: H,
        uplo: i32,
        t: i32,
        diag: i32,
        n: i64,
        a: *const f64,
        x: *mut f64,
        incx: i64,
    ) -> i32;
    fn hipGetLastError() -> i32;
    fn rocblas_set_vector(
        n: i32,
        elem: i32,
        x: *const c_void,
        incx: i32,
        y: *mut c_void,
        incy: i32,
    ) -> i32;
    fn rocblas_get_vector_async_64(
        n: i64,
        elem: i64,
        x: *const c_void,
        incx: i64,
        y: *mut c_void,
        incy: i64,
        stream: *mut c_void,
    ) -> i32;
    fn rocblas_set_matrix(
        rows: i32,
        cols: i32,
        elem: i32,
        a: *const c_void,
        lda: i32,
        b: *mut c_void,
        ldb: i32,
    ) -> i32;
    fn rocblas_get_matrix_async(
        rows: i32,
        cols: i32,
        elem: i32,
        a: *const c_void,
        lda: i32,
        b: *mut c_void,
        ldb: i32,
        stream: *mut c_void,
    ) -> i32;
}

fn bf(v: &[f64]) -> Vec<bf16> {
    v.iter().map(|&x| bf16::from_f64(x)).collect()
}
fn unbf(v: &[bf16]) -> Vec<f64> {
    v.iter().map(|x| x.to_f64()).collect()
}
/// Element i of a vector with increment inc (negative: from the end).
fn at(i: usize, n: usize, inc: i32) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * (-inc) as usize
    }
}
fn vp<U>(p: *const U) -> *const c_void {
    p.cast()
}

// ---------------------------------------------------------------------------------------
// axpy_ex, scal_ex, nrm2_ex with bf16 vectors

/// y := alpha x + y over bf16 x and y, alpha bf16 (`at` BF16) or f32, computed in f32.
fn axpy_ref(alpha: f64, x: &[f64], y: &[f64], n: usize, incx: i32, incy: i32) -> Vec<f64> {
    let mut out = y.to_vec();
    for i in 0..n {
        let (ix, iy) = (at(i, n, incx), at(i, n, incy));
        out[iy] = bf16::from_f64(alpha * x[ix] + y[iy]).to_f64();
    }
    out
}

#[test]
fn axpy_ex_bf16_vectors_f32_compute() {
    let h = handle();
    let (n, incx, incy) = (37usize, 2i32, -3i32);
    for (at_, alpha_bytes, alpha) in [
        (
            BF16,
            bf16::from_f32(1.5).to_bits().to_le_bytes().to_vec(),
            1.5f64,
        ),
        (F32, (-0.75f32).to_le_bytes().to_vec(), -0.75),
    ] {
        let x = unbf(&bf(&vals(n * 2, 1.0)));
        let y = unbf(&bf(&vals(n * 3, 2.0)));
        let want = axpy_ref(alpha, &x, &y, n, incx, incy);
        // single, host alpha
        let (dx, dy) = (dev(&bf(&x)), dev(&bf(&y)));
        let st = unsafe {
            rocblas_axpy_ex(
                h,
                n as i32,
                vp(alpha_bytes.as_ptr()),
                at_,
                vp(dx),
                BF16,
                incx,
                dy.cast(),
                BF16,
                incy,
                F32,
            )
        };
        assert_eq!(st, rocblas_status_success, "alpha type {at_}");
        assert_eq!(unbf(&host(dy, y.len())), want, "axpy_ex alpha type {at_}");
        // strided batched, device alpha
        let batch = 3usize;
        let (sx, sy) = (x.len() + 5, y.len() + 2);
        let xs: Vec<f64> = (0..batch * sx)
            .map(|i| x[i % sx % x.len()] + (i / sx) as f64)
            .collect();
        let ys: Vec<f64> = (0..batch * sy)
            .map(|i| y[i % sy % y.len()] - (i / sy) as f64)
            .collect();
        let (xs, ys) = (unbf(&bf(&xs)), unbf(&bf(&ys)));
        let (dxs, dys, dal) = (dev(&bf(&xs)), dev(&bf(&ys)), dev(&alpha_bytes));
        unsafe {
            assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
            let st = rocblas_axpy_strided_batched_ex(
                h,
                n as i32,
                vp(dal),
                at_,
                vp(dxs),
                BF16,
                incx,
                sx as i64,
                dys.cast(),
                BF16,
                incy,
                sy as i64,
                batch as i32,
                F32,
            );
            assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
            assert_eq!(st, rocblas_status_success);
        }
        let got = unbf(&host(dys, ys.len()));
        for b in 0..batch {
            let w = axpy_ref(
                alpha,
                &xs[b * sx..b * sx + x.len()],
                &ys[b * sy..b * sy + y.len()],
                n,
                incx,
                incy,
            );
            assert_eq!(
                &got[b * sy..b * sy + y.len()],
                &w[..],
                "strided batch {b}, alpha type {at_}"
            );
        }
        // batched: device arrays of vector pointers
        let (dx0, dx1, dy0, dy1) = (dev(&bf(&x)), dev(&bf(&y)), dev(&bf(&y)), dev(&bf(&x)));
        let (px, py) = (dev(&[dx0, dx1]), dev(&[dy0, dy1]));
        let st = unsafe {
            rocblas_axpy_batched_ex(
                h,
                n as i32,
                vp(alpha_bytes.as_ptr()),
                at_,
                vp(px),
                BF16,
                1,
                py.cast(),
                BF16,
                1,
                2,
                F32,
            )
        };
        assert_eq!(st, rocblas_status_success);
        assert_eq!(unbf(&host(dy0, y.len())), axpy_ref(alpha, &x, &y, n, 1, 1));
        assert_eq!(unbf(&host(dy1, x.len())), axpy_ref(alpha, &y, &x, n, 1, 1));
    }
    // bf16 vectors with a bf16 execution type stay unimplemented, as in rocBLAS
    let (dx, dy, one) = (
        dev(&bf(&[1.0; 4])),
        dev(&bf(&[1.0; 4])),
        bf16::from_f32(1.0),
    );
    let st = unsafe {
        rocblas_axpy_ex(
            h,
            4,
            vp(&one),
            BF16,
            vp(dx),
            BF16,
            1,
            dy.cast(),
            BF16,
            1,
            BF16,
        )
    };
    assert_eq!(st, rocblas_status_not_implemented);
}

#[test]
fn scal_ex_bf16_vectors_f32_compute() {
    let h = handle();
    let (n, incx) = (41usize, 2i32);
    for (at_, alpha_bytes, alpha) in [
        (
            BF16,
            bf16::from_f32(-0.5).to_bits().to_le_bytes().to_vec(),
            -0.5f64,
        ),
        (F32, 2.25f32.to_le_bytes().to_vec(), 2.25),
    ] {
        let x = unbf(&bf(&vals(n * 2, 3.0)));
        let want: Vec<f64> = x
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                if i % 2 == 0 && i / 2 < n {
                    bf16::from_f64(alpha * v).to_f64()
                } else {
                    v
                }
            })
            .collect();
        let dx = dev(&bf(&x));
        assert_eq!(
            unsafe {
                rocblas_scal_ex(
                    h,
                    n as i32,
                    vp(alpha_bytes.as_ptr()),
                    at_,
                    dx.cast(),
                    BF16,
                    incx,
                    F32,
                )
            },
            0
        );
        assert_eq!(unbf(&host(dx, x.len())), want, "scal_ex alpha type {at_}");
        // strided batched (device alpha) and batched
        let batch = 3usize;
        let sx = x.len() + 3;
        let xs: Vec<f64> = unbf(&bf(&(0..batch * sx)
            .map(|i| x[i % sx % x.len()] * (1 + i / sx) as f64)
            .collect::<Vec<_>>()));
        let (dxs, dal) = (dev(&bf(&xs)), dev(&alpha_bytes));
        unsafe {
            assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
            let st = rocblas_scal_strided_batched_ex(
                h,
                n as i32,
                vp(dal),
                at_,
                dxs.cast(),
                BF16,
                incx,
                sx as i64,
                batch as i32,
                F32,
            );
            assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
            assert_eq!(st, 0);
        }
        let got = unbf(&host(dxs, xs.len()));
        for (i, (&g, &v)) in got.iter().zip(&xs).enumerate() {
            let j = i % sx;
            let w = if j % 2 == 0 && j / 2 < n {
                bf16::from_f64(alpha * v).to_f64()
            } else {
                v
            };
            assert_eq!(g, w, "strided element {i}");
        }
        let (d0, d1) = (dev(&bf(&x)), dev(&bf(&x)));
        let arr = dev(&[d0, d1]);
        assert_eq!(
            unsafe {
                rocblas_scal_batched_ex(
                    h,
                    n as i32,
                    vp(alpha_bytes.as_ptr()),
                    at_,
                    arr.cast(),
                    BF16,
                    incx,
                    2,
                    F32,
                )
            },
            0
        );
        assert_eq!(unbf(&host(d0, x.len())), want);
        assert_eq!(unbf(&host(d1, x.len())), want);
    }
}

#[test]
fn nrm2_ex_bf16_vector_f32_compute() {
    let h = handle();
    let n = 50usize;
    let x = unbf(&bf(&vals(n, 0.5)));
    let want = x.iter().map(|v| v * v).sum::<f64>().sqrt();
    let dx = dev(&bf(&x));
    let mut r = bf16::ZERO;
    assert_eq!(
        unsafe {
            rocblas_nrm2_ex(
                h,
                n as i32,
                vp(dx),
                BF16,
                1,
                (&mut r as *mut bf16).cast(),
                BF16,
                F32,
            )
        },
        0
    );
    assert!(
        (r.to_f64() - want).abs() <= want * 2f64.powi(-8),
        "{} vs {want}",
        r.to_f64()
    );
}

// ---------------------------------------------------------------------------------------
// dot_ex / dotc_ex: f32 vectors, f64 result and compute

#[test]
fn dot_ex_f32_vectors_f64_result_and_compute() {
    let h = handle();
    let n = 3000usize;
    // products that f32 cannot hold exactly: an f32 sum would lose their low bits
    let x: Vec<f32> = (0..n)
        .map(|i| 1.0 + (i as f32) * 2f32.powi(-20) + 1.0 / 3.0)
        .collect();
    let y: Vec<f32> = (0..n)
        .map(|i| 0.7 - (i % 17) as f32 * 2f32.powi(-19))
        .collect();
    let want: f64 = x.iter().zip(&y).map(|(&a, &b)| a as f64 * b as f64).sum();
    let f32_sum = x.iter().zip(&y).fold(0f32, |s, (&a, &b)| s + a * b) as f64;
    assert!(
        (f32_sum - want).abs() > 1e-9 * want,
        "the f32 sum must differ for the test to tell"
    );
    let (dx, dy) = (dev(&x), dev(&y));
    let mut r = 0f64;
    let st = unsafe {
        rocblas_dot_ex(
            h,
            n as i32,
            vp(dx),
            F32,
            1,
            vp(dy),
            F32,
            1,
            (&mut r as *mut f64).cast(),
            F64,
            F64,
        )
    };
    assert_eq!(st, 0);
    assert!((r - want).abs() <= 1e-12 * want, "{r} vs {want}");
    // dotc, strided batched, device result; then n = 0 zeroes the results
    let dr = dev(&[7.0f64; 2]);
    unsafe {
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        let st = rocblas_dotc_strided_batched_ex(
            h,
            (n / 2) as i32,
            vp(dx),
            F32,
            1,
            (n / 2) as i64,
            vp(dy),
            F32,
            1,
            (n / 2) as i64,
            2,
            dr.cast(),
            F64,
            F64,
        );
        assert_eq!(st, 0);
        let got = host(dr, 2);
        for (b, g) in got.iter().enumerate() {
            let w: f64 = (b * n / 2..(b + 1) * n / 2)
                .map(|i| x[i] as f64 * y[i] as f64)
                .sum();
            assert!((g - w).abs() <= 1e-12 * w, "batch {b}: {g} vs {w}");
        }
        let st = rocblas_dotc_strided_batched_ex(
            h,
            0,
            null(),
            F32,
            1,
            0,
            null(),
            F32,
            1,
            0,
            2,
            dr.cast(),
            F64,
            F64,
        );
        assert_eq!(st, 0);
        assert_eq!(host(dr, 2), vec![0.0, 0.0]);
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
    }
    // f32 vectors into an f32 result with f64 compute: not a rocBLAS combination
    let st = unsafe {
        rocblas_dot_ex(
            h,
            4,
            vp(dx),
            F32,
            1,
            vp(dy),
            F32,
            1,
            (&mut r as *mut f64).cast(),
            F32,
            F64,
        )
    };
    assert_eq!(st, rocblas_status_not_implemented);
}

// ---------------------------------------------------------------------------------------
// syrk_ex

/// Values of type `t` as bytes, and back.
fn to_bytes(t: i32, v: &[f64]) -> Vec<u8> {
    v.iter()
        .flat_map(|&x| match t {
            F16 => f16::from_f64(x).to_le_bytes().to_vec(),
            BF16 => bf16::from_f64(x).to_le_bytes().to_vec(),
            F32 => (x as f32).to_le_bytes().to_vec(),
            _ => x.to_le_bytes().to_vec(),
        })
        .collect()
}
fn from_bytes(t: i32, b: &[u8]) -> Vec<f64> {
    match t {
        F16 => b
            .chunks(2)
            .map(|c| f16::from_le_bytes([c[0], c[1]]).to_f64())
            .collect(),
        BF16 => b
            .chunks(2)
            .map(|c| bf16::from_le_bytes([c[0], c[1]]).to_f64())
            .collect(),
        F32 => b
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        _ => b
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect(),
    }
}
fn round(t: i32, v: f64) -> f64 {
    from_bytes(t, &to_bytes(t, &[v]))[0]
}

#[allow(clippy::too_many_arguments)]
fn syrk_ref(
    upper: bool,
    trans: i32,
    n: usize,
    k: usize,
    alpha: f64,
    a: &[f64],
    lda: usize,
    beta: f64,
    c: &mut [f64],
    ldc: usize,
    ct: i32,
    et: i32,
) {
    for j in 0..n {
        for i in 0..n {
            if (upper && i > j) || (!upper && i < j) {
                continue;
            }
            let op = |r: usize, l: usize| {
                if trans == N {
                    a[r + l * lda]
                } else {
                    a[l + r * lda]
                }
            };
            let dot: f64 = (0..k).map(|l| op(i, l) * op(j, l)).sum();
            let old = if beta == 0.0 {
                0.0
            } else {
                beta * c[i + j * ldc]
            };
            c[i + j * ldc] = round(ct, round(et, alpha * dot + old));
        }
    }
}

#[test]
fn syrk_ex_types_triangles_operations_and_pointer_modes() {
    let h = handle();
    let (n, k) = (6usize, 4usize);
    let combos = [
        (F16, F16, F32),
        (F16, F32, F32),
        (BF16, BF16, F32),
        (BF16, F32, F32),
        (F32, F32, F64),
        (F32, F64, F64),
    ];
    for &(at_, ct, et) in &combos {
        for uplo in [UPPER, LOWER] {
            for trans in [N, T] {
                for device in [false, true] {
                    let (ra, ca) = if trans == N { (n, k) } else { (k, n) };
                    let (lda, ldc) = (ra + 1, n + 2);
                    let a: Vec<f64> =
                        from_bytes(at_, &to_bytes(at_, &vals(lda * ca, 1.0 + at_ as f64)));
                    let c0: Vec<f64> =
                        from_bytes(ct, &to_bytes(ct, &vals(ldc * n, 2.0 + uplo as f64)));
                    let (alpha, beta) = (1.5, -0.5);
                    let mut want = c0.clone();
                    syrk_ref(
                        uplo == UPPER,
                        trans,
                        n,
                        k,
                        alpha,
                        &a,
                        lda,
                        beta,
                        &mut want,
                        ldc,
                        ct,
                        et,
                    );
                    let (da, dc) = (dev(&to_bytes(at_, &a)), dev(&to_bytes(ct, &c0)));
                    let (al, be) = (to_bytes(et, &[alpha]), to_bytes(et, &[beta]));
                    let (dal, dbe) = (dev(&al), dev(&be));
                    let st = unsafe {
                        if device {
                            assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
                        }
                        let st = rocblas_syrk_ex(
                            h,
                            uplo,
                            trans,
                            n as i32,
                            k as i32,
                            vp(if device { dal } else { al.as_ptr() as *mut u8 }),
                            vp(da),
                            at_,
                            lda as i32,
                            vp(if device { dbe } else { be.as_ptr() as *mut u8 }),
                            dc.cast(),
                            ct,
                            ldc as i32,
                            et,
                        );
                        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
                        st
                    };
                    let what =
                        format!("types {at_}/{ct}/{et} uplo {uplo} trans {trans} device {device}");
                    assert_eq!(st, rocblas_status_success, "{what}");
                    let got = from_bytes(ct, &host(dc, want.len() * to_bytes(ct, &[0.0]).len()));
                    assert_eq!(got, want, "{what}");
                }
            }
        }
    }
}

#[test]
fn syrk_ex_argument_checks_and_quick_returns() {
    let h = handle();
    let (n, k) = (4i32, 3i32);
    let a = dev(&[1.0f32; 16]);
    let c0 = [2.0f32; 16];
    let c = dev(&c0);
    let (one, two, zero) = (1.0f64, 2.0f64, 0.0f64);
    let call = |uplo: i32,
                trans: i32,
                n: i32,
                k: i32,
                al: *const f64,
                a: *const f32,
                lda: i32,
                be: *const f64,
                c: *mut f32,
                ldc: i32,
                ct: i32,
                et: i32| unsafe {
        rocblas_syrk_ex(
            h,
            uplo,
            trans,
            n,
            k,
            vp(al),
            vp(a),
            F32,
            lda,
            vp(be),
            c.cast(),
            ct,
            ldc,
            et,
        )
    };
    let (p1, p2, p0) = (&one as *const f64, &two as *const f64, &zero as *const f64);
    unsafe {
        assert_eq!(
            rocblas_syrk_ex(
                null_mut(),
                UPPER,
                N,
                n,
                k,
                vp(p1),
                vp(a),
                F32,
                4,
                vp(p2),
                c.cast(),
                F32,
                4,
                F64
            ),
            rocblas_status_invalid_handle
        );
    }
    assert_eq!(
        call(
            123,
            N,
            n,
            k,
            null(),
            null(),
            4,
            null(),
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_invalid_value
    );
    assert_eq!(
        call(
            UPPER,
            141,
            n,
            k,
            null(),
            null(),
            4,
            null(),
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_invalid_value
    );
    assert_eq!(
        call(
            UPPER,
            N,
            -1,
            k,
            null(),
            null(),
            4,
            null(),
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_invalid_size
    );
    assert_eq!(
        call(
            UPPER,
            N,
            n,
            -1,
            null(),
            null(),
            4,
            null(),
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_invalid_size
    );
    assert_eq!(
        call(
            UPPER,
            N,
            n,
            k,
            null(),
            null(),
            n - 1,
            null(),
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_invalid_size
    );
    assert_eq!(
        call(
            UPPER,
            T,
            n,
            k,
            null(),
            null(),
            k - 1,
            null(),
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_invalid_size
    );
    assert_eq!(
        call(
            UPPER,
            N,
            n,
            k,
            null(),
            null(),
            4,
            null(),
            null_mut(),
            n - 1,
            F32,
            F64
        ),
        rocblas_status_invalid_size
    );
    assert_eq!(
        call(UPPER, N, n, k, null(), a, 4, p2, c, 4, F32, F64),
        rocblas_status_invalid_pointer
    );
    assert_eq!(
        call(UPPER, N, n, k, p1, null(), 4, p2, c, 4, F32, F64),
        rocblas_status_invalid_pointer
    );
    assert_eq!(
        call(UPPER, N, n, k, p1, a, 4, null(), c, 4, F32, F64),
        rocblas_status_invalid_pointer
    );
    assert_eq!(
        call(UPPER, N, n, k, p1, a, 4, p2, null_mut(), 4, F32, F64),
        rocblas_status_invalid_pointer
    );
    // n == 0: everything may be null, also for a type combination rocBLAS lacks
    assert_eq!(
        call(
            UPPER,
            N,
            0,
            k,
            null(),
            null(),
            4,
            null(),
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_success
    );
    assert_eq!(
        call(
            UPPER,
            N,
            0,
            k,
            null(),
            null(),
            4,
            null(),
            null_mut(),
            4,
            F64,
            F32
        ),
        rocblas_status_success
    );
    assert_eq!(
        call(UPPER, N, n, k, p1, a, 4, p2, c, 4, F32, F32),
        rocblas_status_not_implemented
    );
    // k == 0 or alpha == 0 with beta == 1: no pointer needed, C untouched
    assert_eq!(
        call(
            UPPER,
            N,
            n,
            0,
            null(),
            null(),
            4,
            p1,
            null_mut(),
            4,
            F32,
            F64
        ),
        rocblas_status_success
    );
    assert_eq!(
        call(UPPER, N, n, k, p0, null(), 4, p1, null_mut(), 4, F32, F64),
        rocblas_status_success
    );
    // alpha == 0: A may be null, C := beta C on the triangle
    assert_eq!(
        call(LOWER, N, n, k, p0, null(), 4, p2, c, 4, F32, F64),
        rocblas_status_success
    );
    let got = host(c, 16);
    for j in 0..4 {
        for i in 0..4 {
            assert_eq!(got[i + j * 4], if i >= j { 4.0 } else { 2.0 }, "({i},{j})");
        }
    }
    // device scalars: alpha 0 and beta 1 read from device memory still return early
    let (d0, d1) = (dev(&[0.0f64]), dev(&[1.0f64]));
    unsafe {
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        assert_eq!(
            rocblas_syrk_ex(
                h,
                UPPER,
                N,
                n,
                k,
                vp(d0),
                null(),
                F32,
                4,
                vp(d1),
                null_mut(),
                F32,
                4,
                F64
            ),
            0
        );
        assert_eq!(
            rocblas_syrk_ex(
                h,
                UPPER,
                N,
                n,
                k,
                vp(d1),
                null(),
                F32,
                4,
                vp(d1),
                c.cast(),
                F32,
                4,
                F64
            ),
            rocblas_status_invalid_pointer
        );
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
    }
}

// ---------------------------------------------------------------------------------------
// ILP64 Level 2: orders beyond int32_t

#[test]
fn ilp64_level2_orders_beyond_int32_are_invalid_size() {
    let h = handle();
    let big = i32::MAX as i64 + 2;
    let (a, x, y) = (
        dev(&[0.0f64; 1100]),
        dev(&[0.0f64; 100]),
        dev(&[0.0f64; 100]),
    );
    let (one, two) = (1.0f64, 2.0f64);
    unsafe {
        assert_eq!(hipGetLastError(), 0);
        for mode in [rocblas_pointer_mode_host, rocblas_pointer_mode_device] {
            let (al, be) = if mode == rocblas_pointer_mode_device {
                (dev(&[one]) as *const f64, dev(&[two]) as *const f64)
            } else {
                (&one as *const f64, &two as *const f64)
            };
            assert_eq!(rocblas_set_pointer_mode(h, mode), 0);
            assert_eq!(
                rocblas_dgbmv_64(h, N, 100, big, 5, 5, al, a, 100, x, 1, be, y, 1),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_dgbmv_64(h, N, big, 100, 5, 5, al, a, 100, x, 1, be, y, 1),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_dsbmv_64(h, UPPER, big, 5, al, a, 100, x, 1, be, y, 1),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_dspmv_64(h, UPPER, big, al, a, x, 1, be, y, 1),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_dtpmv_64(h, UPPER, N, 131, big, a, y, 1),
                rocblas_status_invalid_size
            );
            // the quick returns of the argument checks come first
            assert_eq!(
                rocblas_dgbmv_64(h, N, 0, big, 5, 5, al, a, 100, x, 1, be, y, 1),
                0
            );
        }
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
        // and no HIP call failed on the way
        assert_eq!(hipGetLastError(), 0);
    }
}

// ---------------------------------------------------------------------------------------
// HIP errors as rocBLAS reports them

#[test]
fn host_memory_passed_as_device_memory_is_an_internal_error() {
    let mut v = [1.0f32; 4];
    let p = v.as_mut_ptr() as *mut c_void;
    unsafe {
        // rocBLAS 5.x's set_get_matrix_bad_dev_ptr: HIP answers hipErrorInvalidValue
        assert_eq!(
            rocblas_set_matrix(1, 1, 4, p, 1, p, 1),
            rocblas_status_internal_error
        );
        assert_eq!(
            rocblas_get_matrix_async(1, 1, 4, p, 1, p, 1, null_mut()),
            rocblas_status_internal_error
        );
        let _ = hipGetLastError();
    }
}

#[test]
fn empty_copies_return_before_their_size_checks() {
    unsafe {
        assert_eq!(
            rocblas_set_vector(0, 4, null(), 1, null_mut(), 0),
            rocblas_status_success
        );
        assert_eq!(
            rocblas_get_vector_async_64(0, 4, null(), 0, null_mut(), 1, null_mut()),
            rocblas_status_success
        );
        assert_eq!(
            rocblas_set_vector(1, 4, null(), 1, null_mut(), 0),
            rocblas_status_invalid_size
        );
        assert_eq!(
            rocblas_set_matrix(0, 3, 4, null(), 0, null_mut(), 0),
            rocblas_status_success
        );
        assert_eq!(
            rocblas_get_matrix_async(3, 0, 4, null(), 1, null_mut(), 1, null_mut()),
            rocblas_status_success
        );
        assert_eq!(
            rocblas_set_matrix(3, 1, 4, null(), 2, null_mut(), 3),
            rocblas_status_invalid_size
        );
    }
}
