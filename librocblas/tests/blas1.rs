//! Level-1 BLAS through the C API on the CPU backend, against f64 references computed here.

mod common;

use common::{handle, host};

use amdhip64 as _;
use rocblas::blas1::num::C32;
use rocblas::handle::*;
use rocblas::hip;
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

unsafe extern "C" {
    fn rocblas_saxpy(
        h: rocblas_handle,
        n: i32,
        alpha: *const f32,
        x: *const f32,
        incx: i32,
        y: *mut f32,
        incy: i32,
    ) -> i32;
    fn rocblas_ddot(
        h: rocblas_handle,
        n: i32,
        x: *const f64,
        incx: i32,
        y: *const f64,
        incy: i32,
        r: *mut f64,
    ) -> i32;
    fn rocblas_cdotc(
        h: rocblas_handle,
        n: i32,
        x: *const C32,
        incx: i32,
        y: *const C32,
        incy: i32,
        r: *mut C32,
    ) -> i32;
    fn rocblas_dnrm2(h: rocblas_handle, n: i32, x: *const f64, incx: i32, r: *mut f64) -> i32;
    fn rocblas_sasum_batched(
        h: rocblas_handle,
        n: i32,
        x: *const *const f32,
        incx: i32,
        batch: i32,
        r: *mut f32,
    ) -> i32;
    fn rocblas_idamax(h: rocblas_handle, n: i32, x: *const f64, incx: i32, r: *mut i32) -> i32;
    fn rocblas_isamin_strided_batched(
        h: rocblas_handle,
        n: i32,
        x: *const f32,
        incx: i32,
        stride: i64,
        batch: i32,
        r: *mut i32,
    ) -> i32;
    fn rocblas_drot(
        h: rocblas_handle,
        n: i32,
        x: *mut f64,
        incx: i32,
        y: *mut f64,
        incy: i32,
        c: *const f64,
        s: *const f64,
    ) -> i32;
    fn rocblas_dscal_batched(
        h: rocblas_handle,
        n: i32,
        alpha: *const f64,
        x: *const *mut f64,
        incx: i32,
        batch: i32,
    ) -> i32;
    fn rocblas_sswap(
        h: rocblas_handle,
        n: i32,
        x: *mut f32,
        incx: i32,
        y: *mut f32,
        incy: i32,
    ) -> i32;
    fn rocblas_drotg(h: rocblas_handle, a: *mut f64, b: *mut f64, c: *mut f64, s: *mut f64) -> i32;
    fn rocblas_drotm(
        h: rocblas_handle,
        n: i32,
        x: *mut f64,
        incx: i32,
        y: *mut f64,
        incy: i32,
        p: *const f64,
    ) -> i32;
    fn rocblas_dot_ex(
        h: rocblas_handle,
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
}

/// Device copy of a host slice.
fn dev<T: Copy>(v: &[T]) -> *mut T {
    let mut d: *mut c_void = null_mut();
    let bytes = size_of_val(v).max(1);
    assert_eq!(unsafe { hip::hipMalloc(&mut d, bytes) }, 0);
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
fn free<T>(d: *mut T) {
    assert_eq!(unsafe { hip::hipFree(d.cast()) }, 0);
}
/// Logical element i of a BLAS vector with increment inc (negative: from the end).
fn at(i: usize, n: usize, inc: i32) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * (-inc) as usize
    }
}
fn vals(len: usize, seed: f64) -> Vec<f64> {
    (0..len)
        .map(|i| ((i as f64 * 0.37 + seed).sin() * 4.0).round() / 2.0 + 0.25)
        .collect()
}

#[test]
fn axpy_strided_negative_increments_host_and_device_alpha() {
    let h = handle();
    let (n, incx, incy) = (37usize, -2i32, 3i32);
    let x: Vec<f32> = vals(n * 2, 1.0).iter().map(|&v| v as f32).collect();
    let y0: Vec<f32> = vals(n * 3, 2.0).iter().map(|&v| v as f32).collect();
    let alpha = 1.5f32;
    let mut want: Vec<f64> = y0.iter().map(|&v| v as f64).collect();
    for i in 0..n {
        want[at(i, n, incy)] += alpha as f64 * x[at(i, n, incx)] as f64;
    }
    let (dx, dy) = (dev(&x), dev(&y0));
    unsafe {
        assert_eq!(rocblas_saxpy(h, n as i32, &alpha, dx, incx, dy, incy), 0);
        let got = host(dy, y0.len());
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(*g as f64, *w);
        }
        // device pointer mode: alpha in device memory
        let dy2 = dev(&y0);
        let da = dev(&[alpha]);
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        assert_eq!(rocblas_saxpy(h, n as i32, da, dx, incx, dy2, incy), 0);
        assert_eq!(host(dy2, y0.len()), got);
        // device mode: a null alpha is still an error, n = 0 is not
        assert_eq!(
            rocblas_saxpy(h, n as i32, null(), dx, incx, dy2, incy),
            rocblas_status_invalid_pointer
        );
        assert_eq!(
            rocblas_saxpy(h, 0, null(), null(), incx, null_mut(), incy),
            0
        );
        assert_eq!(
            rocblas_saxpy(null_mut(), n as i32, da, dx, incx, dy2, incy),
            rocblas_status_invalid_handle
        );
        free(dx);
        free(dy);
        free(dy2);
        free(da);
        rocblas_destroy_handle(h);
    }
}

#[test]
fn dot_nrm2_iamax_results_host_and_device() {
    let h = handle();
    let n = 50usize;
    let x = vals(n, 0.5);
    let y = vals(n, 3.0);
    let want_dot: f64 = x.iter().zip(&y).map(|(a, b)| a * b).sum();
    let want_nrm: f64 = x.iter().map(|a| a * a).sum::<f64>().sqrt();
    let want_amax = x
        .iter()
        .enumerate()
        .fold((0, 0.0f64), |(bi, bv), (i, v)| {
            if v.abs() > bv { (i, v.abs()) } else { (bi, bv) }
        })
        .0 as i32
        + 1;
    let (dx, dy) = (dev(&x), dev(&y));
    unsafe {
        let mut r = 0f64;
        assert_eq!(rocblas_ddot(h, n as i32, dx, 1, dy, 1, &mut r), 0);
        assert!(
            (r - want_dot).abs() <= 1e-12 * want_dot.abs(),
            "{r} vs {want_dot}"
        );
        assert_eq!(rocblas_dnrm2(h, n as i32, dx, 1, &mut r), 0);
        assert!((r - want_nrm).abs() <= 1e-14 * want_nrm);
        let mut k = 0i32;
        assert_eq!(rocblas_idamax(h, n as i32, dx, 1, &mut k), 0);
        assert_eq!(k, want_amax);
        // n <= 0: result zeroed, x may be null; result null is an error
        r = 7.0;
        assert_eq!(rocblas_dnrm2(h, 0, null(), 1, &mut r), 0);
        assert_eq!(r, 0.0);
        assert_eq!(
            rocblas_dnrm2(h, n as i32, dx, 1, null_mut()),
            rocblas_status_invalid_pointer
        );

        // device pointer mode: results in device memory
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        let dr = dev(&[0f64; 2]);
        assert_eq!(rocblas_ddot(h, n as i32, dx, 1, dy, 1, dr), 0);
        assert_eq!(rocblas_dnrm2(h, n as i32, dx, 1, dr.add(1)), 0);
        let got = host(dr, 2);
        assert!((got[0] - want_dot).abs() <= 1e-12 * want_dot.abs());
        assert!((got[1] - want_nrm).abs() <= 1e-14 * want_nrm);
        free(dr);

        // overflow-safe nrm2
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), 0);
        let big = [3e200, 4e200];
        let db = dev(&big);
        assert_eq!(rocblas_dnrm2(h, 2, db, 1, &mut r), 0);
        assert!((r / 5e200 - 1.0).abs() < 1e-15, "{r}");
        free(db);
        free(dx);
        free(dy);
        rocblas_destroy_handle(h);
    }
}

#[test]
fn batched_asum_and_scal_read_device_pointer_arrays() {
    let h = handle();
    let (n, batch) = (20usize, 3usize);
    let xs: Vec<Vec<f64>> = (0..batch).map(|b| vals(n, b as f64 * 1.7 - 0.3)).collect();
    let xf: Vec<Vec<f32>> = xs
        .iter()
        .map(|v| v.iter().map(|&a| a as f32).collect())
        .collect();
    let dxs: Vec<*mut f32> = xf.iter().map(|v| dev(v)).collect();
    let darr = dev(&dxs);
    unsafe {
        let mut r = vec![0f32; batch];
        assert_eq!(
            rocblas_sasum_batched(
                h,
                n as i32,
                darr as *const *const f32,
                1,
                batch as i32,
                r.as_mut_ptr()
            ),
            0
        );
        for b in 0..batch {
            let want: f64 = xs[b].iter().map(|v| v.abs()).sum();
            assert_eq!(r[b] as f64, want);
        }
        // batch_count <= 0 with a null array: success
        assert_eq!(
            rocblas_sasum_batched(h, n as i32, null(), 1, 0, r.as_mut_ptr()),
            0
        );

        let ys: Vec<Vec<f64>> = (0..batch).map(|b| vals(2 * n, b as f64 + 0.4)).collect();
        let dd: Vec<*mut f64> = ys.iter().map(|v| dev(v)).collect();
        let dda = dev(&dd);
        let alpha = -2.5f64;
        assert_eq!(
            rocblas_dscal_batched(h, n as i32, &alpha, dda as *const *mut f64, 2, batch as i32),
            0
        );
        for b in 0..batch {
            let got = host(dd[b], 2 * n);
            for i in 0..2 * n {
                let want = if i % 2 == 0 {
                    ys[b][i] * alpha
                } else {
                    ys[b][i]
                };
                assert_eq!(got[i], want, "batch {b} element {i}");
            }
        }
        // strided iamin
        let flat: Vec<f32> = xf.concat();
        let dflat = dev(&flat);
        let mut k = vec![0i32; batch];
        assert_eq!(
            rocblas_isamin_strided_batched(
                h,
                n as i32,
                dflat,
                1,
                n as i64,
                batch as i32,
                k.as_mut_ptr()
            ),
            0
        );
        for b in 0..batch {
            let mut best = 0;
            for i in 1..n {
                if xf[b][i].abs() < xf[b][best].abs() {
                    best = i;
                }
            }
            assert_eq!(k[b], best as i32 + 1);
        }
        free(dflat);
        for p in dxs {
            free(p);
        }
        for p in dd {
            free(p);
        }
        free(darr);
        free(dda);
        rocblas_destroy_handle(h);
    }
}

#[test]
fn complex_dotc_rot_swap_rotg_rotm_dot_ex() {
    let h = handle();
    let n = 9usize;
    let x: Vec<C32> = (0..n)
        .map(|i| C32 {
            re: i as f32 + 0.5,
            im: 2.0 - i as f32,
        })
        .collect();
    let y: Vec<C32> = (0..n)
        .map(|i| C32 {
            re: 1.0 - i as f32 * 0.25,
            im: i as f32,
        })
        .collect();
    let (mut wre, mut wim) = (0f64, 0f64);
    for i in 0..n {
        let (a, b) = (
            (x[i].re as f64, -(x[i].im as f64)),
            (y[i].re as f64, y[i].im as f64),
        );
        wre += a.0 * b.0 - a.1 * b.1;
        wim += a.0 * b.1 + a.1 * b.0;
    }
    let (dx, dy) = (dev(&x), dev(&y));
    unsafe {
        let mut r = C32::default();
        assert_eq!(rocblas_cdotc(h, n as i32, dx, 1, dy, 1, &mut r), 0);
        assert_eq!((r.re as f64, r.im as f64), (wre, wim));

        // drot with a negative increment
        let a = vals(n, 0.1);
        let b = vals(2 * n, 0.9);
        let (c, s) = (0.6f64, 0.8f64);
        let (da, db) = (dev(&a), dev(&b));
        assert_eq!(rocblas_drot(h, n as i32, da, 1, db, -2, &c, &s), 0);
        let (ga, gb) = (host(da, n), host(db, 2 * n));
        for i in 0..n {
            let (xi, yi) = (a[i], b[at(i, n, -2)]);
            assert!((ga[i] - (c * xi + s * yi)).abs() < 1e-14);
            assert!((gb[at(i, n, -2)] - (c * yi - s * xi)).abs() < 1e-14);
        }
        // drotm with flag -1 (full matrix)
        let p = [-1.0, 2.0, -1.0, 0.5, 3.0f64];
        assert_eq!(rocblas_drotm(h, n as i32, da, 1, db, -2, p.as_ptr()), 0);
        let (ga2, gb2) = (host(da, n), host(db, 2 * n));
        for i in 0..n {
            let (w, z) = (ga[i], gb[at(i, n, -2)]);
            assert!((ga2[i] - (w * p[1] + z * p[3])).abs() < 1e-13);
            assert!((gb2[at(i, n, -2)] - (w * p[2] + z * p[4])).abs() < 1e-13);
        }

        // sswap
        let (u, v) = (vec![1f32, 2.0, 3.0], vec![-1f32, -2.0, -3.0]);
        let (du, dv) = (dev(&u), dev(&v));
        assert_eq!(rocblas_sswap(h, 3, du, 1, dv, 1), 0);
        assert_eq!((host(du, 3), host(dv, 3)), (v.clone(), u.clone()));

        // drotg on host scalars
        let (mut ra, mut rb, mut rc, mut rs) = (3.0f64, 4.0, 0.0, 0.0);
        assert_eq!(rocblas_drotg(h, &mut ra, &mut rb, &mut rc, &mut rs), 0);
        assert!(
            (ra - 5.0).abs() < 1e-15 && (rc - 0.6).abs() < 1e-15 && (rs - 0.8).abs() < 1e-15,
            "{ra} {rc} {rs}"
        );
        assert_eq!(
            rocblas_drotg(h, null_mut(), &mut rb, &mut rc, &mut rs),
            rocblas_status_invalid_pointer
        );

        // dot_ex: f16 in/out, f32 compute; unsupported combination
        let hx: Vec<half::f16> = (0..n)
            .map(|i| half::f16::from_f32(i as f32 * 0.5))
            .collect();
        let dh = dev(&hx);
        let mut hr = half::f16::ZERO;
        assert_eq!(
            rocblas_dot_ex(
                h,
                n as i32,
                dh.cast(),
                150,
                1,
                dh.cast(),
                150,
                1,
                (&mut hr as *mut half::f16).cast(),
                150,
                151
            ),
            0
        );
        let want: f64 = (0..n).map(|i| (i as f64 * 0.5).powi(2)).sum();
        assert_eq!(hr.to_f64(), want);
        assert_eq!(
            rocblas_dot_ex(
                h,
                n as i32,
                dh.cast(),
                150,
                1,
                dh.cast(),
                151,
                1,
                (&mut hr as *mut half::f16).cast(),
                150,
                151
            ),
            rocblas_status_not_implemented
        );
        for p in [da, db] {
            free(p);
        }
        free(du);
        free(dv);
        free(dh);
        free(dx);
        free(dy);
        rocblas_destroy_handle(h);
    }
}

#[test]
fn size_query_reports_reduction_workspace() {
    let h = handle();
    unsafe {
        assert_eq!(rocblas_start_device_memory_size_query(h), 0);
        let mut r = 0f64;
        // reductions need workspace; element-wise ops do not
        assert_eq!(
            rocblas_dnrm2(h, 1000, 0x1000 as *const f64, 1, &mut r),
            rocblas_status_size_increased
        );
        assert_eq!(
            rocblas_dnrm2(h, 10, 0x1000 as *const f64, 1, &mut r),
            rocblas_status_size_unchanged
        );
        let a = 1f32;
        assert_eq!(
            rocblas_saxpy(h, 10, &a, null(), 1, null_mut(), 1),
            rocblas_status_size_unchanged
        );
        let mut size = 0usize;
        assert_eq!(rocblas_stop_device_memory_size_query(h, &mut size), 0);
        assert!(size >= 16);
        rocblas_destroy_handle(h);
    }
}
