//! Every Level-1 family through its SPIR-V kernels (`shaders/blas1.glsl`): s, d, c and z, the
//! plain, `_batched` (device pointer arrays) and `_strided_batched` forms, negative
//! increments, host and device pointer modes, against f64 references computed here. On a
//! Vulkan device (lavapipe in CI) each test also asserts that the `blas1_*` modules ran as
//! SPIR-V and that no byte of device memory came to the host (issue 24: no host staging for
//! a rocBLAS call on a GPU); on the CPU backend, that the modules' host twins ran.

mod common;

use amdhip64 as _;
use common::{Frame, dev, free, host, mode, ptr_array, vals};
use rocblas::types::*;
use std::ffi::c_void;

type H = rocblas_handle;
type P = *const c_void;
type M = *mut c_void;

/// Element types: memory layout and conversion to (re, im) in f64.
trait E: Copy + Default + 'static {
    const CPLX: bool;
    /// Relative tolerance of results against the f64 reference.
    const TOL: f64;
    const MODULE: &'static str;
    fn from(re: f64, im: f64) -> Self;
    fn re(self) -> f64;
    fn im(self) -> f64;
}

macro_rules! real {
    ($t:ty, $tol:expr, $m:literal) => {
        impl E for $t {
            const CPLX: bool = false;
            const TOL: f64 = $tol;
            const MODULE: &'static str = $m;
            fn from(re: f64, _: f64) -> Self {
                re as $t
            }
            fn re(self) -> f64 {
                self as f64
            }
            fn im(self) -> f64 {
                0.0
            }
        }
    };
}
real!(f32, 2e-6, "blas1_f32");
real!(f64, 1e-13, "blas1_f64");

#[repr(C)]
#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct Cx<T> {
    re: T,
    im: T,
}
macro_rules! cplx {
    ($t:ty, $tol:expr, $m:literal) => {
        impl E for Cx<$t> {
            const CPLX: bool = true;
            const TOL: f64 = $tol;
            const MODULE: &'static str = $m;
            fn from(re: f64, im: f64) -> Self {
                Cx {
                    re: re as $t,
                    im: im as $t,
                }
            }
            fn re(self) -> f64 {
                self.re as f64
            }
            fn im(self) -> f64 {
                self.im as f64
            }
        }
    };
}
cplx!(f32, 2e-6, "blas1_c32");
cplx!(f64, 1e-13, "blas1_c64");

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
fn c_of<T: E>(v: T) -> C {
    (v.re(), v.im())
}

/// `len` test values of T (complex: two seeds).
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

fn close(got: C, want: C, tol: f64, scale: f64, what: &str) {
    let err = ((got.0 - want.0).powi(2) + (got.1 - want.1).powi(2)).sqrt();
    assert!(
        err <= tol * scale.max(1.0),
        "{what}: got {got:?}, want {want:?}"
    );
}

fn check_vec<T: E>(got: &[T], want: &[C], what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        close(
            c_of(*g),
            *w,
            T::TOL,
            w.0.abs() + w.1.abs(),
            &format!("{what}[{i}]"),
        );
    }
}

/// The C entry points of one element type (pointers untyped: the signatures agree).
struct Fns {
    axpy: unsafe extern "C" fn(H, i32, P, P, i32, M, i32) -> i32,
    axpy_sb: unsafe extern "C" fn(H, i32, P, P, i32, i64, M, i32, i64, i32) -> i32,
    axpy_b: unsafe extern "C" fn(H, i32, P, P, i32, M, i32, i32) -> i32,
    scal_sb: unsafe extern "C" fn(H, i32, P, M, i32, i64, i32) -> i32,
    scal_b: unsafe extern "C" fn(H, i32, P, M, i32, i32) -> i32,
    copy: unsafe extern "C" fn(H, i32, P, i32, M, i32) -> i32,
    swap_b: unsafe extern "C" fn(H, i32, M, i32, M, i32, i32) -> i32,
    dot_sb: unsafe extern "C" fn(H, i32, P, i32, i64, P, i32, i64, i32, M) -> i32,
    dotc_b: Option<unsafe extern "C" fn(H, i32, P, i32, P, i32, i32, M) -> i32>,
    asum_sb: unsafe extern "C" fn(H, i32, P, i32, i64, i32, M) -> i32,
    nrm2_b: unsafe extern "C" fn(H, i32, P, i32, i32, M) -> i32,
    nrm2: unsafe extern "C" fn(H, i32, P, i32, M) -> i32,
    iamax_sb: unsafe extern "C" fn(H, i32, P, i32, i64, i32, M) -> i32,
    iamin: unsafe extern "C" fn(H, i32, P, i32, M) -> i32,
    rot_sb: unsafe extern "C" fn(H, i32, M, i32, i64, M, i32, i64, P, P, i32) -> i32,
}

macro_rules! decl {
    ($($name:ident: ($($a:ty),*);)*) => {
        unsafe extern "C" { $(fn $name(h: H, $(_: $a),*) -> i32;)* }
    };
}
decl! {
    rocblas_saxpy: (i32, P, P, i32, M, i32); rocblas_daxpy: (i32, P, P, i32, M, i32);
    rocblas_caxpy: (i32, P, P, i32, M, i32); rocblas_zaxpy: (i32, P, P, i32, M, i32);
    rocblas_saxpy_strided_batched: (i32, P, P, i32, i64, M, i32, i64, i32); rocblas_daxpy_strided_batched: (i32, P, P, i32, i64, M, i32, i64, i32);
    rocblas_caxpy_strided_batched: (i32, P, P, i32, i64, M, i32, i64, i32); rocblas_zaxpy_strided_batched: (i32, P, P, i32, i64, M, i32, i64, i32);
    rocblas_saxpy_batched: (i32, P, P, i32, M, i32, i32); rocblas_daxpy_batched: (i32, P, P, i32, M, i32, i32);
    rocblas_caxpy_batched: (i32, P, P, i32, M, i32, i32); rocblas_zaxpy_batched: (i32, P, P, i32, M, i32, i32);
    rocblas_sscal_strided_batched: (i32, P, M, i32, i64, i32); rocblas_dscal_strided_batched: (i32, P, M, i32, i64, i32);
    rocblas_cscal_strided_batched: (i32, P, M, i32, i64, i32); rocblas_zscal_strided_batched: (i32, P, M, i32, i64, i32);
    rocblas_sscal_batched: (i32, P, M, i32, i32); rocblas_dscal_batched: (i32, P, M, i32, i32);
    rocblas_cscal_batched: (i32, P, M, i32, i32); rocblas_zscal_batched: (i32, P, M, i32, i32);
    rocblas_csscal: (i32, P, M, i32); rocblas_zdscal: (i32, P, M, i32);
    rocblas_scopy: (i32, P, i32, M, i32); rocblas_dcopy: (i32, P, i32, M, i32); rocblas_ccopy: (i32, P, i32, M, i32); rocblas_zcopy: (i32, P, i32, M, i32);
    rocblas_sswap_batched: (i32, M, i32, M, i32, i32); rocblas_dswap_batched: (i32, M, i32, M, i32, i32);
    rocblas_cswap_batched: (i32, M, i32, M, i32, i32); rocblas_zswap_batched: (i32, M, i32, M, i32, i32);
    rocblas_sdot_strided_batched: (i32, P, i32, i64, P, i32, i64, i32, M); rocblas_ddot_strided_batched: (i32, P, i32, i64, P, i32, i64, i32, M);
    rocblas_cdotu_strided_batched: (i32, P, i32, i64, P, i32, i64, i32, M); rocblas_zdotu_strided_batched: (i32, P, i32, i64, P, i32, i64, i32, M);
    rocblas_cdotc_batched: (i32, P, i32, P, i32, i32, M); rocblas_zdotc_batched: (i32, P, i32, P, i32, i32, M);
    rocblas_sasum_strided_batched: (i32, P, i32, i64, i32, M); rocblas_dasum_strided_batched: (i32, P, i32, i64, i32, M);
    rocblas_scasum_strided_batched: (i32, P, i32, i64, i32, M); rocblas_dzasum_strided_batched: (i32, P, i32, i64, i32, M);
    rocblas_snrm2_batched: (i32, P, i32, i32, M); rocblas_dnrm2_batched: (i32, P, i32, i32, M);
    rocblas_scnrm2_batched: (i32, P, i32, i32, M); rocblas_dznrm2_batched: (i32, P, i32, i32, M);
    rocblas_snrm2: (i32, P, i32, M); rocblas_dnrm2: (i32, P, i32, M); rocblas_scnrm2: (i32, P, i32, M); rocblas_dznrm2: (i32, P, i32, M);
    rocblas_isamax_strided_batched: (i32, P, i32, i64, i32, M); rocblas_idamax_strided_batched: (i32, P, i32, i64, i32, M);
    rocblas_icamax_strided_batched: (i32, P, i32, i64, i32, M); rocblas_izamax_strided_batched: (i32, P, i32, i64, i32, M);
    rocblas_isamin: (i32, P, i32, M); rocblas_idamin: (i32, P, i32, M); rocblas_icamin: (i32, P, i32, M); rocblas_izamin: (i32, P, i32, M);
    rocblas_srot_strided_batched: (i32, M, i32, i64, M, i32, i64, P, P, i32); rocblas_drot_strided_batched: (i32, M, i32, i64, M, i32, i64, P, P, i32);
    rocblas_crot_strided_batched: (i32, M, i32, i64, M, i32, i64, P, P, i32); rocblas_zrot_strided_batched: (i32, M, i32, i64, M, i32, i64, P, P, i32);
    rocblas_csrot: (i32, M, i32, M, i32, P, P); rocblas_zdrot: (i32, M, i32, M, i32, P, P);
    rocblas_srotm: (i32, M, i32, M, i32, P);
    rocblas_drotm_strided_batched: (i32, M, i32, i64, M, i32, i64, P, i64, i32);
}

macro_rules! fns {
    ($p:ident, $dot:ident, $dotc:expr, $asum:ident, $nrm2b:ident, $nrm2:ident, $iamax:ident, $iamin:ident) => {
        Fns {
            axpy: pick!($p, axpy),
            axpy_sb: pick!($p, axpy_strided_batched),
            axpy_b: pick!($p, axpy_batched),
            scal_sb: pick!($p, scal_strided_batched),
            scal_b: pick!($p, scal_batched),
            copy: pick!($p, copy),
            swap_b: pick!($p, swap_batched),
            dot_sb: $dot,
            dotc_b: $dotc,
            asum_sb: $asum,
            nrm2_b: $nrm2b,
            nrm2: $nrm2,
            iamax_sb: $iamax,
            iamin: $iamin,
            rot_sb: pick!($p, rot_strided_batched),
        }
    };
}
macro_rules! pick {
    (s, axpy) => {
        rocblas_saxpy
    };
    (d, axpy) => {
        rocblas_daxpy
    };
    (c, axpy) => {
        rocblas_caxpy
    };
    (z, axpy) => {
        rocblas_zaxpy
    };
    (s, axpy_strided_batched) => {
        rocblas_saxpy_strided_batched
    };
    (d, axpy_strided_batched) => {
        rocblas_daxpy_strided_batched
    };
    (c, axpy_strided_batched) => {
        rocblas_caxpy_strided_batched
    };
    (z, axpy_strided_batched) => {
        rocblas_zaxpy_strided_batched
    };
    (s, axpy_batched) => {
        rocblas_saxpy_batched
    };
    (d, axpy_batched) => {
        rocblas_daxpy_batched
    };
    (c, axpy_batched) => {
        rocblas_caxpy_batched
    };
    (z, axpy_batched) => {
        rocblas_zaxpy_batched
    };
    (s, scal_strided_batched) => {
        rocblas_sscal_strided_batched
    };
    (d, scal_strided_batched) => {
        rocblas_dscal_strided_batched
    };
    (c, scal_strided_batched) => {
        rocblas_cscal_strided_batched
    };
    (z, scal_strided_batched) => {
        rocblas_zscal_strided_batched
    };
    (s, scal_batched) => {
        rocblas_sscal_batched
    };
    (d, scal_batched) => {
        rocblas_dscal_batched
    };
    (c, scal_batched) => {
        rocblas_cscal_batched
    };
    (z, scal_batched) => {
        rocblas_zscal_batched
    };
    (s, copy) => {
        rocblas_scopy
    };
    (d, copy) => {
        rocblas_dcopy
    };
    (c, copy) => {
        rocblas_ccopy
    };
    (z, copy) => {
        rocblas_zcopy
    };
    (s, swap_batched) => {
        rocblas_sswap_batched
    };
    (d, swap_batched) => {
        rocblas_dswap_batched
    };
    (c, swap_batched) => {
        rocblas_cswap_batched
    };
    (z, swap_batched) => {
        rocblas_zswap_batched
    };
    (s, rot_strided_batched) => {
        rocblas_srot_strided_batched
    };
    (d, rot_strided_batched) => {
        rocblas_drot_strided_batched
    };
    (c, rot_strided_batched) => {
        rocblas_crot_strided_batched
    };
    (z, rot_strided_batched) => {
        rocblas_zrot_strided_batched
    };
}

fn table<T: E>() -> Fns {
    match T::MODULE {
        "blas1_f32" => fns!(
            s,
            rocblas_sdot_strided_batched,
            None,
            rocblas_sasum_strided_batched,
            rocblas_snrm2_batched,
            rocblas_snrm2,
            rocblas_isamax_strided_batched,
            rocblas_isamin
        ),
        "blas1_f64" => fns!(
            d,
            rocblas_ddot_strided_batched,
            None,
            rocblas_dasum_strided_batched,
            rocblas_dnrm2_batched,
            rocblas_dnrm2,
            rocblas_idamax_strided_batched,
            rocblas_idamin
        ),
        "blas1_c32" => fns!(
            c,
            rocblas_cdotu_strided_batched,
            Some(rocblas_cdotc_batched),
            rocblas_scasum_strided_batched,
            rocblas_scnrm2_batched,
            rocblas_scnrm2,
            rocblas_icamax_strided_batched,
            rocblas_icamin
        ),
        _ => fns!(
            z,
            rocblas_zdotu_strided_batched,
            Some(rocblas_zdotc_batched),
            rocblas_dzasum_strided_batched,
            rocblas_dznrm2_batched,
            rocblas_dznrm2,
            rocblas_izamax_strided_batched,
            rocblas_izamin
        ),
    }
}

const MODULES: [&str; 4] = ["blas1_f32", "blas1_f64", "blas1_c32", "blas1_c64"];

/// axpy in its three forms (negative increments; host alpha, then device alpha for the
/// batches), scal batched and strided batched, copy, swap batched.
fn elementwise<T: E>(h: H) {
    let f = table::<T>();
    let alpha = T::from(1.5, if T::CPLX { -0.75 } else { 0.0 });
    let a = c_of(alpha);
    // axpy, single, incx -2, incy 3, n spans several groups' rounds
    let (n, incx, incy) = (2500usize, -2i64, 3i64);
    let (x, y0) = (data::<T>(2 * n, 1.0), data::<T>(3 * n, 2.0));
    let (dx, dy) = (dev(&x), dev(&y0));
    mode(h, false);
    assert_eq!(
        unsafe {
            (f.axpy)(
                h,
                n as i32,
                (&alpha as *const T).cast(),
                dx.cast(),
                incx as i32,
                dy.cast(),
                incy as i32,
            )
        },
        0
    );
    let mut want: Vec<C> = y0.iter().map(|v| c_of(*v)).collect();
    for i in 0..n {
        want[at(i, n, incy)] = add(want[at(i, n, incy)], mul(a, c_of(x[at(i, n, incx)])));
    }
    check_vec(&host(dy, 3 * n), &want, "axpy");

    // axpy strided batched, device alpha: 3 vectors of 700, batch stride 800
    let (n, batch, stride) = (700usize, 3usize, 800usize);
    let (x, y0) = (
        data::<T>(batch * stride, 3.0),
        data::<T>(batch * stride, 4.0),
    );
    let (dx2, dy2, da) = (dev(&x), dev(&y0), dev(&[alpha]));
    mode(h, true);
    assert_eq!(
        unsafe {
            (f.axpy_sb)(
                h,
                n as i32,
                da.cast(),
                dx2.cast(),
                1,
                stride as i64,
                dy2.cast(),
                1,
                stride as i64,
                batch as i32,
            )
        },
        0
    );
    let mut want: Vec<C> = y0.iter().map(|v| c_of(*v)).collect();
    for b in 0..batch {
        for i in 0..n {
            want[b * stride + i] = add(want[b * stride + i], mul(a, c_of(x[b * stride + i])));
        }
    }
    check_vec(&host(dy2, batch * stride), &want, "axpy_strided_batched");

    // axpy batched through pointer arrays, device alpha
    let y1 = host(dy2, batch * stride);
    let (px, py) = (ptr_array(dx2, stride, batch), ptr_array(dy2, stride, batch));
    assert_eq!(
        unsafe {
            (f.axpy_b)(
                h,
                n as i32,
                da.cast(),
                px.cast(),
                1,
                py.cast(),
                1,
                batch as i32,
            )
        },
        0
    );
    let mut want: Vec<C> = y1.iter().map(|v| c_of(*v)).collect();
    for b in 0..batch {
        for i in 0..n {
            want[b * stride + i] = add(want[b * stride + i], mul(a, c_of(x[b * stride + i])));
        }
    }
    check_vec(&host(dy2, batch * stride), &want, "axpy_batched");

    // scal strided batched (host alpha, incx 2) and batched (device alpha)
    mode(h, false);
    let xs0 = host(dx2, batch * stride);
    assert_eq!(
        unsafe {
            (f.scal_sb)(
                h,
                350,
                (&alpha as *const T).cast(),
                dx2.cast(),
                2,
                stride as i64,
                batch as i32,
            )
        },
        0
    );
    let mut want: Vec<C> = xs0.iter().map(|v| c_of(*v)).collect();
    for b in 0..batch {
        for i in 0..350 {
            want[b * stride + 2 * i] = mul(a, want[b * stride + 2 * i]);
        }
    }
    check_vec(&host(dx2, batch * stride), &want, "scal_strided_batched");
    mode(h, true);
    assert_eq!(
        unsafe { (f.scal_b)(h, n as i32, da.cast(), px.cast(), 1, batch as i32) },
        0
    );
    for b in 0..batch {
        for i in 0..n {
            want[b * stride + i] = mul(a, want[b * stride + i]);
        }
    }
    check_vec(&host(dx2, batch * stride), &want, "scal_batched");

    // copy with a negative increment, then swap batched
    mode(h, false);
    assert_eq!(unsafe { (f.copy)(h, 600, dx.cast(), -1, dy.cast(), 2) }, 0);
    let (xc, yc) = (host(dx, 2 * 2500), host(dy, 3 * 2500));
    for i in 0..600 {
        assert_eq!(c_of(yc[2 * i]), c_of(xc[599 - i]), "copy[{i}]");
    }
    let (before_x, before_y) = (host(dx2, batch * stride), host(dy2, batch * stride));
    assert_eq!(
        unsafe { (f.swap_b)(h, n as i32, px.cast(), 1, py.cast(), 1, batch as i32) },
        0
    );
    let (after_x, after_y) = (host(dx2, batch * stride), host(dy2, batch * stride));
    for b in 0..batch {
        for i in 0..stride {
            let k = b * stride + i;
            let (wx, wy) = if i < n {
                (before_y[k], before_x[k])
            } else {
                (before_x[k], before_y[k])
            };
            assert_eq!(
                (c_of(after_x[k]), c_of(after_y[k])),
                (c_of(wx), c_of(wy)),
                "swap[{k}]"
            );
        }
    }
    for p in [dx, dy, dx2, dy2, da] {
        free(p);
    }
    free(px);
    free(py);
}

#[test]
fn axpy_scal_copy_swap_run_as_kernels() {
    let fr = Frame::start();
    elementwise::<f32>(fr.h);
    elementwise::<f64>(fr.h);
    elementwise::<Cx<f32>>(fr.h);
    elementwise::<Cx<f64>>(fr.h);
    fr.finish(&MODULES);
}

/// dot (strided batched, host results), dotc (batched, device results), asum, nrm2 (plain,
/// batched), iamax (strided batched, with ties), iamin.
fn reductions<T: E>(h: H) {
    let f = table::<T>();
    let (n, batch, stride) = (5000usize, 3usize, 5100usize);
    let (x, y) = (
        data::<T>(batch * stride, 5.0),
        data::<T>(batch * stride, 6.0),
    );
    let (dx, dy) = (dev(&x), dev(&y));
    let entry = |b: usize, i: usize, v: &[T]| c_of(v[b * stride + i]);
    let dot_want = |b: usize, conjugate: bool| {
        (0..n).fold((0.0, 0.0), |s, i| {
            add(
                s,
                mul(
                    if conjugate {
                        conj(entry(b, i, &x))
                    } else {
                        entry(b, i, &x)
                    },
                    entry(b, i, &y),
                ),
            )
        })
    };
    let scale = |b: usize| {
        (0..n)
            .map(|i| {
                (entry(b, i, &x).0.abs() + entry(b, i, &x).1.abs())
                    * (entry(b, i, &y).0.abs() + entry(b, i, &y).1.abs())
            })
            .sum::<f64>()
    };

    mode(h, false);
    let mut r = vec![T::default(); batch];
    assert_eq!(
        unsafe {
            (f.dot_sb)(
                h,
                n as i32,
                dx.cast(),
                1,
                stride as i64,
                dy.cast(),
                1,
                stride as i64,
                batch as i32,
                r.as_mut_ptr().cast(),
            )
        },
        0
    );
    for b in 0..batch {
        close(
            c_of(r[b]),
            dot_want(b, false),
            T::TOL,
            scale(b),
            &format!("dot[{b}]"),
        );
    }

    if let Some(dotc) = f.dotc_b {
        mode(h, true);
        let (px, py) = (ptr_array(dx, stride, batch), ptr_array(dy, stride, batch));
        let dr = dev(&vec![T::default(); batch]);
        assert_eq!(
            unsafe {
                dotc(
                    h,
                    n as i32,
                    px.cast(),
                    1,
                    py.cast(),
                    1,
                    batch as i32,
                    dr.cast(),
                )
            },
            0
        );
        let got = host(dr, batch);
        for b in 0..batch {
            close(
                c_of(got[b]),
                dot_want(b, true),
                T::TOL,
                scale(b),
                &format!("dotc[{b}]"),
            );
        }
        free(dr);
        free(px);
        free(py);
    }

    // asum strided batched with incx 3 over 1600 elements
    mode(h, false);
    let real = |v: f64| -> (f64, f64) { (v, 0.0) };
    macro_rules! reals {
        ($call:expr) => {{
            if T::TOL < 1e-10 {
                let mut out = [0f64; 3];
                assert_eq!(unsafe { $call(out.as_mut_ptr().cast()) }, 0);
                out
            } else {
                let mut out = [0f32; 3];
                assert_eq!(unsafe { $call(out.as_mut_ptr().cast()) }, 0);
                out.map(|v| v as f64)
            }
        }};
    }
    let rr = reals!(|p: M| (f.asum_sb)(h, 1600, dx.cast(), 3, stride as i64, batch as i32, p));
    for b in 0..batch {
        let want: f64 = (0..1600)
            .map(|i| entry(b, 3 * i, &x).0.abs() + entry(b, 3 * i, &x).1.abs())
            .sum();
        close(real(rr[b]), real(want), T::TOL, want, &format!("asum[{b}]"));
    }

    // nrm2 batched and plain
    let px = ptr_array(dx, stride, batch);
    let rr = reals!(|p: M| (f.nrm2_b)(h, n as i32, px.cast(), 1, batch as i32, p));
    for b in 0..batch {
        let want = (0..n)
            .map(|i| entry(b, i, &x).0.powi(2) + entry(b, i, &x).1.powi(2))
            .sum::<f64>()
            .sqrt();
        close(
            real(rr[b]),
            real(want),
            T::TOL,
            want,
            &format!("nrm2_batched[{b}]"),
        );
    }
    free(px);
    // Values past sqrt(max) and below sqrt(min): no overflow or underflow in the sum.
    let (big, tiny) = if T::TOL < 1e-10 {
        (3e200, 3e-200)
    } else {
        (3e30, 3e-30)
    };
    for s in [big, tiny] {
        let v = [
            T::from(3.0 * s, 0.0),
            T::from(0.0, if T::CPLX { 4.0 * s } else { 0.0 }),
            T::from(if T::CPLX { 0.0 } else { 4.0 * s }, 0.0),
        ];
        let dv = dev(&v);
        let got = reals!(|p: M| (f.nrm2)(h, 3, dv.cast(), 1, p));
        assert!(
            (got[0] / (5.0 * s) - 1.0).abs() < T::TOL * 4.0,
            "nrm2 of {s}: {}",
            got[0]
        );
        free(dv);
    }

    // iamax strided batched: ties resolve to the first index; iamin plain
    let mut xi = data::<T>(batch * stride, 9.0);
    for b in 0..batch {
        // Equal maxima in other groups, and in the same invocation's round (i + 512: two
        // rows of 256 further in the same tile).
        for i in [4000 - 1000 * b, 4500 - 1000 * b, 4000 - 1000 * b + 512] {
            xi[b * stride + i] = T::from(-100.0, 1.0);
        }
    }
    let dxi = dev(&xi);
    let mut ri = [0i32; 3];
    assert_eq!(
        unsafe {
            (f.iamax_sb)(
                h,
                n as i32,
                dxi.cast(),
                1,
                stride as i64,
                batch as i32,
                ri.as_mut_ptr().cast(),
            )
        },
        0
    );
    for b in 0..batch {
        assert_eq!(ri[b] as usize, 4000 - 1000 * b + 1, "iamax[{b}]");
    }
    let mut rmin = 0i32;
    xi[2345] = T::from(0.0, 0.0);
    xi[4321] = T::from(0.0, 0.0);
    let dxm = dev(&xi);
    assert_eq!(
        unsafe { (f.iamin)(h, n as i32, dxm.cast(), 1, (&mut rmin as *mut i32).cast()) },
        0
    );
    assert_eq!(rmin, 2346, "iamin");
    for p in [dx, dy, dxi, dxm] {
        free(p);
    }
    special_values_in_iamax_iamin::<T>(h, &f, n);
}

/// NaN never wins, +inf does (iamin takes one only where nothing finite exists), and a vector
/// of NaNs answers 1: the host scan's answers, which the kernel's "none" sentinels must keep.
fn special_values_in_iamax_iamin<T: E>(h: H, f: &Fns, n: usize) {
    let nan = T::from(f64::NAN, 0.0);
    let one = |xs: &[T], min: bool| {
        let d = dev(xs);
        let mut r = 0i32;
        let rc = unsafe {
            if min {
                (f.iamin)(h, n as i32, d.cast(), 1, (&mut r as *mut i32).cast())
            } else {
                (f.iamax_sb)(
                    h,
                    n as i32,
                    d.cast(),
                    1,
                    n as i64,
                    1,
                    (&mut r as *mut i32).cast(),
                )
            }
        };
        assert_eq!(rc, 0);
        free(d);
        r as usize
    };
    let mut xs = vec![nan; n];
    assert_eq!(one(&xs, false), 1, "iamax of NaNs");
    assert_eq!(one(&xs, true), 1, "iamin of NaNs");
    // +inf twice, in different rounds of different invocations: the first one.
    xs[4200] = T::from(f64::INFINITY, 0.0);
    xs[2999] = T::from(f64::NEG_INFINITY, 0.0);
    assert_eq!(one(&xs, false), 3000, "iamax of NaNs and infinities");
    assert_eq!(one(&xs, true), 3000, "iamin of NaNs and infinities");
    // A finite value beats +inf for iamin; a larger finite value loses to +inf for iamax.
    xs[4700] = T::from(7.0, 0.0);
    xs[10] = T::from(-2.0, 0.0);
    assert_eq!(one(&xs, false), 3000, "iamax with finite values");
    assert_eq!(one(&xs, true), 11, "iamin with finite values");
    // Zero ties (the smallest possible value), NaN between them.
    xs[4999] = T::from(0.0, 0.0);
    xs[1234] = T::from(-0.0, 0.0);
    assert_eq!(one(&xs, true), 1235, "iamin of zeros");
}

#[test]
fn dot_asum_nrm2_iamax_run_as_kernels() {
    let fr = Frame::start();
    reductions::<f32>(fr.h);
    reductions::<f64>(fr.h);
    reductions::<Cx<f32>>(fr.h);
    reductions::<Cx<f64>>(fr.h);
    fr.finish(&MODULES);
}

/// rot strided batched with device c and s (complex s for c/z), csrot/zdrot with a real s.
fn rotations<T: E>(h: H) {
    let f = table::<T>();
    let (n, batch, stride) = (900usize, 2usize, 1000usize);
    let (x0, y0) = (
        data::<T>(batch * stride, 11.0),
        data::<T>(batch * stride, 12.0),
    );
    let (dx, dy) = (dev(&x0), dev(&y0));
    let cval = 0.6;
    let s = T::from(0.8, if T::CPLX { 0.25 } else { 0.0 });
    let (dc, ds) = if T::TOL < 1e-10 {
        (dev(&[cval]).cast::<c_void>(), dev(&[s]).cast::<c_void>())
    } else {
        (
            dev(&[cval as f32]).cast::<c_void>(),
            dev(&[s]).cast::<c_void>(),
        )
    };
    mode(h, true);
    assert_eq!(
        unsafe {
            (f.rot_sb)(
                h,
                n as i32,
                dx.cast(),
                1,
                stride as i64,
                dy.cast(),
                -1,
                stride as i64,
                dc,
                ds,
                batch as i32,
            )
        },
        0
    );
    let sc = c_of(s);
    let (mut wx, mut wy): (Vec<C>, Vec<C>) = (
        x0.iter().map(|v| c_of(*v)).collect(),
        y0.iter().map(|v| c_of(*v)).collect(),
    );
    for b in 0..batch {
        for i in 0..n {
            let (kx, ky) = (b * stride + i, b * stride + (n - 1 - i));
            let (xv, yv) = (wx[kx], wy[ky]);
            wx[kx] = add(mul((cval, 0.0), xv), mul(sc, yv));
            wy[ky] = add(mul((cval, 0.0), yv), mul((-sc.0, sc.1), xv));
        }
    }
    check_vec(&host(dx, batch * stride), &wx, "rot_strided_batched x");
    check_vec(&host(dy, batch * stride), &wy, "rot_strided_batched y");
    free(dx);
    free(dy);
    free(dc as *mut u8);
    free(ds as *mut u8);
}

#[test]
fn rot_rotm_run_as_kernels() {
    let fr = Frame::start();
    rotations::<f32>(fr.h);
    rotations::<f64>(fr.h);
    rotations::<Cx<f32>>(fr.h);
    rotations::<Cx<f64>>(fr.h);
    let h = fr.h;

    // csrot / zdrot (real c and s, host mode) and csscal / zdscal
    mode(h, false);
    let n = 300usize;
    let (x0, y0) = (data::<Cx<f32>>(n, 1.0), data::<Cx<f32>>(n, 2.0));
    let (dx, dy) = (dev(&x0), dev(&y0));
    let (c, s) = (0.6f32, 0.8f32);
    assert_eq!(
        unsafe {
            rocblas_csrot(
                h,
                n as i32,
                dx.cast(),
                1,
                dy.cast(),
                1,
                (&c as *const f32).cast(),
                (&s as *const f32).cast(),
            )
        },
        0
    );
    let wx: Vec<C> = (0..n)
        .map(|i| add(mul((0.6, 0.0), c_of(x0[i])), mul((0.8, 0.0), c_of(y0[i]))))
        .collect();
    let wy: Vec<C> = (0..n)
        .map(|i| add(mul((0.6, 0.0), c_of(y0[i])), mul((-0.8, 0.0), c_of(x0[i]))))
        .collect();
    check_vec(&host(dx, n), &wx, "csrot x");
    check_vec(&host(dy, n), &wy, "csrot y");
    let a = 2.5f32;
    assert_eq!(
        unsafe { rocblas_csscal(h, n as i32, (&a as *const f32).cast(), dx.cast(), 1) },
        0
    );
    check_vec(
        &host(dx, n),
        &wx.iter()
            .map(|v| (2.5 * v.0, 2.5 * v.1))
            .collect::<Vec<_>>(),
        "csscal",
    );
    free(dx);
    free(dy);
    let (z0, w0) = (data::<Cx<f64>>(n, 3.0), data::<Cx<f64>>(2 * n, 4.0));
    let (dz, dw) = (dev(&z0), dev(&w0));
    let (c, s) = (0.28f64, 0.96f64);
    assert_eq!(
        unsafe {
            rocblas_zdrot(
                h,
                n as i32,
                dz.cast(),
                -1,
                dw.cast(),
                2,
                (&c as *const f64).cast(),
                (&s as *const f64).cast(),
            )
        },
        0
    );
    let (gz, gw) = (host(dz, n), host(dw, 2 * n));
    for i in 0..n {
        let (kz, kw) = (n - 1 - i, 2 * i);
        close(
            c_of(gz[kz]),
            add(mul((c, 0.0), c_of(z0[kz])), mul((s, 0.0), c_of(w0[kw]))),
            1e-13,
            10.0,
            "zdrot x",
        );
        close(
            c_of(gw[kw]),
            add(mul((c, 0.0), c_of(w0[kw])), mul((-s, 0.0), c_of(z0[kz]))),
            1e-13,
            10.0,
            "zdrot y",
        );
    }
    let a = -0.5f64;
    assert_eq!(
        unsafe { rocblas_zdscal(h, n as i32, (&a as *const f64).cast(), dz.cast(), 1) },
        0
    );
    let gz2 = host(dz, n);
    for i in 0..n {
        close(
            c_of(gz2[i]),
            (-0.5 * gz[i].re, -0.5 * gz[i].im),
            1e-13,
            10.0,
            "zdscal",
        );
    }
    free(dz);
    free(dw);

    // rotm: every flag, host parameters (single) and device parameters (strided batched)
    for flag in [-1.0f64, 0.0, 1.0, -2.0] {
        let p = [flag, 0.5, -0.25, 0.75, 1.25];
        let (h11, h21, h12, h22) = if flag < -1.5 {
            (1.0, 0.0, 0.0, 1.0)
        } else if flag < 0.0 {
            (p[1], p[2], p[3], p[4])
        } else if flag == 0.0 {
            (1.0, p[2], p[3], 1.0)
        } else {
            (p[1], -1.0, 1.0, p[4])
        };
        let (x0, y0) = (data::<f32>(n, 5.0), data::<f32>(n, 6.0));
        let (dx, dy) = (dev(&x0), dev(&y0));
        let pf = p.map(|v| v as f32);
        mode(h, false);
        assert_eq!(
            unsafe { rocblas_srotm(h, n as i32, dx.cast(), 1, dy.cast(), 1, pf.as_ptr().cast()) },
            0
        );
        let (gx, gy) = (host(dx, n), host(dy, n));
        for i in 0..n {
            let (xv, yv) = (x0[i] as f64, y0[i] as f64);
            close(
                (gx[i] as f64, 0.0),
                (xv * h11 + yv * h12, 0.0),
                2e-6,
                10.0,
                &format!("srotm flag {flag} x"),
            );
            close(
                (gy[i] as f64, 0.0),
                (xv * h21 + yv * h22, 0.0),
                2e-6,
                10.0,
                &format!("srotm flag {flag} y"),
            );
        }
        free(dx);
        free(dy);
    }
    let batch = 4usize;
    let params: Vec<f64> = [-1.0, 0.0, 1.0, -2.0]
        .iter()
        .flat_map(|&fl| [fl, 0.5, -0.25, 0.75, 1.25, 9.0])
        .collect();
    let (x0, y0) = (data::<f64>(batch * n, 7.0), data::<f64>(batch * n, 8.0));
    let (dx, dy, dp) = (dev(&x0), dev(&y0), dev(&params));
    mode(h, true);
    assert_eq!(
        unsafe {
            rocblas_drotm_strided_batched(
                h,
                n as i32,
                dx.cast(),
                1,
                n as i64,
                dy.cast(),
                1,
                n as i64,
                dp.cast(),
                6,
                batch as i32,
            )
        },
        0
    );
    let (gx, gy) = (host(dx, batch * n), host(dy, batch * n));
    for b in 0..batch {
        let p = &params[6 * b..6 * b + 5];
        let flag = p[0];
        let (h11, h21, h12, h22) = if flag < -1.5 {
            (1.0, 0.0, 0.0, 1.0)
        } else if flag < 0.0 {
            (p[1], p[2], p[3], p[4])
        } else if flag == 0.0 {
            (1.0, p[2], p[3], 1.0)
        } else {
            (p[1], -1.0, 1.0, p[4])
        };
        for i in 0..n {
            let k = b * n + i;
            close(
                (gx[k], 0.0),
                (x0[k] * h11 + y0[k] * h12, 0.0),
                1e-13,
                10.0,
                &format!("drotm batch {b} x"),
            );
            close(
                (gy[k], 0.0),
                (x0[k] * h21 + y0[k] * h22, 0.0),
                1e-13,
                10.0,
                &format!("drotm batch {b} y"),
            );
        }
    }
    free(dx);
    free(dy);
    free(dp);
    fr.finish(&MODULES);
}

decl! {
    rocblas_srotg_strided_batched: (M, i64, M, i64, M, i64, M, i64, i32); rocblas_drotg_strided_batched: (M, i64, M, i64, M, i64, M, i64, i32);
    rocblas_crotg_strided_batched: (M, i64, M, i64, M, i64, M, i64, i32); rocblas_zrotg_strided_batched: (M, i64, M, i64, M, i64, M, i64, i32);
    rocblas_srotg: (M, M, M, M); rocblas_drotg: (M, M, M, M); rocblas_crotg: (M, M, M, M); rocblas_zrotg: (M, M, M, M);
    rocblas_drotmg_batched: (M, M, M, P, M, i32); rocblas_drotmg: (M, M, M, P, M);
}

/// rotg strided batched in device pointer mode against the same call in host mode (the
/// host path, computed at once) entry by entry.
fn rotg_case<T: E>(h: H) {
    type SB = unsafe extern "C" fn(H, M, i64, M, i64, M, i64, M, i64, i32) -> i32;
    type One = unsafe extern "C" fn(H, M, M, M, M) -> i32;
    let (sb, one): (SB, One) = match T::MODULE {
        "blas1_f32" => (rocblas_srotg_strided_batched, rocblas_srotg),
        "blas1_f64" => (rocblas_drotg_strided_batched, rocblas_drotg),
        "blas1_c32" => (rocblas_crotg_strided_batched, rocblas_crotg),
        _ => (rocblas_zrotg_strided_batched, rocblas_zrotg),
    };
    let batch = 6usize;
    // Entries include a = 0, b = 0 and both zero (the special cases).
    let mut a = data::<T>(batch, 21.0);
    let mut b = data::<T>(batch, 22.0);
    a[1] = T::from(0.0, 0.0);
    b[2] = T::from(0.0, 0.0);
    a[3] = T::from(0.0, 0.0);
    b[3] = T::from(0.0, 0.0);
    let (da, db, ds) = (dev(&a), dev(&b), dev(&vec![T::default(); batch]));
    // c is real: f32 for s/c, f64 for d/z; a buffer of the larger suffices.
    let dc = dev(&vec![0f64; batch]);
    let real8 = T::TOL < 1e-10;
    mode(h, true);
    let cstride = 1i64;
    assert_eq!(
        unsafe {
            sb(
                h,
                da.cast(),
                1,
                db.cast(),
                1,
                dc.cast(),
                cstride,
                ds.cast(),
                1,
                batch as i32,
            )
        },
        0
    );
    let (ga, gb, gs) = (host(da, batch), host(db, batch), host(ds, batch));
    let gc: Vec<f64> = if real8 {
        host(dc, batch)
    } else {
        host(dc.cast::<f32>(), batch)
            .into_iter()
            .map(|v| v as f64)
            .collect()
    };
    mode(h, false);
    for k in 0..batch {
        let (mut wa, mut wb, mut ws) = (a[k], b[k], T::default());
        let mut wc = [0u8; 8];
        assert_eq!(
            unsafe {
                one(
                    h,
                    (&mut wa as *mut T).cast(),
                    (&mut wb as *mut T).cast(),
                    wc.as_mut_ptr().cast(),
                    (&mut ws as *mut T).cast(),
                )
            },
            0
        );
        let wc = if real8 {
            f64::from_le_bytes(wc)
        } else {
            f32::from_le_bytes(wc[..4].try_into().unwrap()) as f64
        };
        close(c_of(ga[k]), c_of(wa), T::TOL, 4.0, &format!("rotg a[{k}]"));
        close(c_of(gb[k]), c_of(wb), T::TOL, 4.0, &format!("rotg b[{k}]"));
        close(c_of(gs[k]), c_of(ws), T::TOL, 4.0, &format!("rotg s[{k}]"));
        close(
            (gc[k], 0.0),
            (wc, 0.0),
            T::TOL,
            4.0,
            &format!("rotg c[{k}]"),
        );
        // r^2 = |a|^2 + |b|^2 (real: r = a's new value; complex: |a'| = norm)
        if k != 3 {
            let n2 = c_of(a[k]).0.powi(2)
                + c_of(a[k]).1.powi(2)
                + c_of(b[k]).0.powi(2)
                + c_of(b[k]).1.powi(2);
            let r = c_of(ga[k]);
            close(
                ((r.0 * r.0 + r.1 * r.1).sqrt(), 0.0),
                (n2.sqrt(), 0.0),
                T::TOL * 4.0,
                n2.sqrt(),
                &format!("rotg |r|[{k}]"),
            );
        }
    }
    for p in [da, db, ds] {
        free(p);
    }
    free(dc);
}

#[test]
fn rotg_rotmg_run_as_kernels_in_device_mode() {
    let fr = Frame::start();
    rotg_case::<f32>(fr.h);
    rotg_case::<f64>(fr.h);
    rotg_case::<Cx<f32>>(fr.h);
    rotg_case::<Cx<f64>>(fr.h);
    let h = fr.h;
    // drotmg batched (pointer arrays) against the host path: inputs that take each branch
    // (|q1| > |q2|, the other, d1 < 0, p2 = 0, and a rescaling by gam).
    let cases: [[f64; 4]; 5] = [
        [2.0, 1.5, 0.75, 0.25],
        [0.5, 3.0, 0.25, 2.0],
        [-1.0, 2.0, 1.0, 1.0],
        [1.0, 0.0, 1.0, 2.0],
        [1e-9, 2.0, 3.0, 1e-6],
    ];
    let batch = cases.len();
    let col = |k: usize| -> Vec<f64> { cases.iter().map(|c| c[k]).collect() };
    let (d1, d2, x1, y1) = (dev(&col(0)), dev(&col(1)), dev(&col(2)), dev(&col(3)));
    let prm = dev(&vec![7.0f64; 5 * batch]);
    let ptrs = |base: *mut f64, stride: usize| ptr_array(base, stride, batch);
    let (p1, p2, px, py, pp) = (
        ptrs(d1, 1),
        ptrs(d2, 1),
        ptrs(x1, 1),
        ptrs(y1, 1),
        ptrs(prm, 5),
    );
    mode(h, true);
    assert_eq!(
        unsafe {
            rocblas_drotmg_batched(
                h,
                p1.cast(),
                p2.cast(),
                px.cast(),
                py.cast(),
                pp.cast(),
                batch as i32,
            )
        },
        0
    );
    let (g1, g2, gx, gp) = (
        host(d1, batch),
        host(d2, batch),
        host(x1, batch),
        host(prm, 5 * batch),
    );
    mode(h, false);
    for (k, c) in cases.iter().enumerate() {
        let (mut a, mut b, mut x) = (c[0], c[1], c[2]);
        let mut q = [7.0f64; 5];
        assert_eq!(
            unsafe {
                rocblas_drotmg(
                    h,
                    (&mut a as *mut f64).cast(),
                    (&mut b as *mut f64).cast(),
                    (&mut x as *mut f64).cast(),
                    (&c[3] as *const f64).cast(),
                    q.as_mut_ptr().cast(),
                )
            },
            0
        );
        assert_eq!(gp[5 * k], q[0], "rotmg flag of case {k}");
        for (what, got, want) in [("d1", g1[k], a), ("d2", g2[k], b), ("x1", gx[k], x)] {
            close(
                (got, 0.0),
                (want, 0.0),
                1e-13,
                want.abs(),
                &format!("rotmg {what} of case {k}"),
            );
        }
        for j in 1..5 {
            close(
                (gp[5 * k + j], 0.0),
                (q[j], 0.0),
                1e-13,
                q[j].abs(),
                &format!("rotmg param[{j}] of case {k}"),
            );
        }
    }
    for p in [d1, d2, x1, y1, prm] {
        free(p);
    }
    for p in [p1, p2, px, py, pp] {
        free(p);
    }
    fr.finish(&MODULES);
}
