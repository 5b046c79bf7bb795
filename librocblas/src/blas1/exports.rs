//! The Level-1 C entry points, generated from declaration lists: one line per function
//! names its precision; the family macro knows the C signature of each form.

use super::num::{C32, C64};
use super::ops::{self, Reduce};
use crate::export::{arr as a, export, one as s, st};
use crate::types::*;
use half::{bf16, f16};

type I = rocblas_int;
type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! axpy_api {
    (single: $(fn $n:ident($T:ty)),*; batched: $(fn $b:ident($Tb:ty)),*; strided: $(fn $sb:ident($Ts:ty)),*;) => {
        $(export!($n(handle: H, n: I, alpha: *const $T, x: *const $T, incx: I, y: *mut $T, incy: I) {
            ops::axpy::<$T, $T, $T>(handle, n, alpha, s(x), incx, s(y), incy, 1)
        });)*
        $(export!($b(handle: H, n: I, alpha: *const $Tb, x: *const *const $Tb, incx: I, y: *const *mut $Tb, incy: I, batch_count: I) {
            ops::axpy::<$Tb, $Tb, $Tb>(handle, n, alpha, a(x), incx, a(y), incy, batch_count)
        });)*
        $(export!($sb(handle: H, n: I, alpha: *const $Ts, x: *const $Ts, incx: I, stridex: St, y: *mut $Ts, incy: I, stridey: St, batch_count: I) {
            ops::axpy::<$Ts, $Ts, $Ts>(handle, n, alpha, st(x, stridex), incx, st(y, stridey), incy, batch_count)
        });)*
    };
}
axpy_api! {
    single: fn rocblas_haxpy(f16), fn rocblas_saxpy(f32), fn rocblas_daxpy(f64), fn rocblas_caxpy(C32), fn rocblas_zaxpy(C64);
    batched: fn rocblas_haxpy_batched(f16), fn rocblas_saxpy_batched(f32), fn rocblas_daxpy_batched(f64),
        fn rocblas_caxpy_batched(C32), fn rocblas_zaxpy_batched(C64);
    strided: fn rocblas_haxpy_strided_batched(f16), fn rocblas_saxpy_strided_batched(f32), fn rocblas_daxpy_strided_batched(f64),
        fn rocblas_caxpy_strided_batched(C32), fn rocblas_zaxpy_strided_batched(C64);
}

/// copy and swap share their signatures (swap's x is writable).
macro_rules! copy_swap_api {
    ($op:ident, $xp:tt; single: $(fn $n:ident($T:ty)),*; batched: $(fn $b:ident($Tb:ty)),*; strided: $(fn $sb:ident($Ts:ty)),*;) => {
        $(export!($n(handle: H, n: I, x: *$xp $T, incx: I, y: *mut $T, incy: I) {
            ops::$op::<$T>(handle, n, s(x), incx, s(y), incy, 1)
        });)*
        $(export!($b(handle: H, n: I, x: *const *$xp $Tb, incx: I, y: *const *mut $Tb, incy: I, batch_count: I) {
            ops::$op::<$Tb>(handle, n, a(x), incx, a(y), incy, batch_count)
        });)*
        $(export!($sb(handle: H, n: I, x: *$xp $Ts, incx: I, stridex: St, y: *mut $Ts, incy: I, stridey: St, batch_count: I) {
            ops::$op::<$Ts>(handle, n, st(x, stridex), incx, st(y, stridey), incy, batch_count)
        });)*
    };
}
copy_swap_api! { copy, const;
    single: fn rocblas_scopy(f32), fn rocblas_dcopy(f64), fn rocblas_ccopy(C32), fn rocblas_zcopy(C64);
    batched: fn rocblas_scopy_batched(f32), fn rocblas_dcopy_batched(f64), fn rocblas_ccopy_batched(C32), fn rocblas_zcopy_batched(C64);
    strided: fn rocblas_scopy_strided_batched(f32), fn rocblas_dcopy_strided_batched(f64),
        fn rocblas_ccopy_strided_batched(C32), fn rocblas_zcopy_strided_batched(C64);
}
copy_swap_api! { swap, mut;
    single: fn rocblas_sswap(f32), fn rocblas_dswap(f64), fn rocblas_cswap(C32), fn rocblas_zswap(C64);
    batched: fn rocblas_sswap_batched(f32), fn rocblas_dswap_batched(f64), fn rocblas_cswap_batched(C32), fn rocblas_zswap_batched(C64);
    strided: fn rocblas_sswap_strided_batched(f32), fn rocblas_dswap_strided_batched(f64),
        fn rocblas_cswap_strided_batched(C32), fn rocblas_zswap_strided_batched(C64);
}

/// scal: (alpha type, vector type).
macro_rules! scal_api {
    (single: $(fn $n:ident($A:ty, $T:ty)),*; batched: $(fn $b:ident($Ab:ty, $Tb:ty)),*; strided: $(fn $sb:ident($As:ty, $Ts:ty)),*;) => {
        $(export!($n(handle: H, n: I, alpha: *const $A, x: *mut $T, incx: I) {
            ops::scal::<$A, $T>(handle, n, alpha, s(x), incx, 1, true)
        });)*
        $(export!($b(handle: H, n: I, alpha: *const $Ab, x: *const *mut $Tb, incx: I, batch_count: I) {
            ops::scal::<$Ab, $Tb>(handle, n, alpha, a(x), incx, batch_count, false)
        });)*
        $(export!($sb(handle: H, n: I, alpha: *const $As, x: *mut $Ts, incx: I, stridex: St, batch_count: I) {
            ops::scal::<$As, $Ts>(handle, n, alpha, st(x, stridex), incx, batch_count, false)
        });)*
    };
}
scal_api! {
    single: fn rocblas_sscal(f32, f32), fn rocblas_dscal(f64, f64), fn rocblas_cscal(C32, C32), fn rocblas_zscal(C64, C64),
        fn rocblas_csscal(f32, C32), fn rocblas_zdscal(f64, C64);
    batched: fn rocblas_sscal_batched(f32, f32), fn rocblas_dscal_batched(f64, f64), fn rocblas_cscal_batched(C32, C32),
        fn rocblas_zscal_batched(C64, C64), fn rocblas_csscal_batched(f32, C32), fn rocblas_zdscal_batched(f64, C64);
    strided: fn rocblas_sscal_strided_batched(f32, f32), fn rocblas_dscal_strided_batched(f64, f64),
        fn rocblas_cscal_strided_batched(C32, C32), fn rocblas_zscal_strided_batched(C64, C64),
        fn rocblas_csscal_strided_batched(f32, C32), fn rocblas_zdscal_strided_batched(f64, C64);
}

/// dot: (element type, conjugate x).
macro_rules! dot_api {
    (single: $(fn $n:ident($T:ty, $c:expr)),*; batched: $(fn $b:ident($Tb:ty, $cb:expr)),*; strided: $(fn $sb:ident($Ts:ty, $cs:expr)),*;) => {
        $(export!($n(handle: H, n: I, x: *const $T, incx: I, y: *const $T, incy: I, result: *mut $T) {
            ops::dot::<$T, $T, $T>(handle, n, s(x), incx, s(y), incy, 1, result, $c)
        });)*
        $(export!($b(handle: H, n: I, x: *const *const $Tb, incx: I, y: *const *const $Tb, incy: I, batch_count: I, result: *mut $Tb) {
            ops::dot::<$Tb, $Tb, $Tb>(handle, n, a(x), incx, a(y), incy, batch_count, result, $cb)
        });)*
        $(export!($sb(handle: H, n: I, x: *const $Ts, incx: I, stridex: St, y: *const $Ts, incy: I, stridey: St, batch_count: I, result: *mut $Ts) {
            ops::dot::<$Ts, $Ts, $Ts>(handle, n, st(x, stridex), incx, st(y, stridey), incy, batch_count, result, $cs)
        });)*
    };
}
dot_api! {
    single: fn rocblas_sdot(f32, false), fn rocblas_ddot(f64, false), fn rocblas_hdot(f16, false), fn rocblas_bfdot(bf16, false),
        fn rocblas_cdotu(C32, false), fn rocblas_zdotu(C64, false), fn rocblas_cdotc(C32, true), fn rocblas_zdotc(C64, true);
    batched: fn rocblas_sdot_batched(f32, false), fn rocblas_ddot_batched(f64, false), fn rocblas_hdot_batched(f16, false),
        fn rocblas_bfdot_batched(bf16, false), fn rocblas_cdotu_batched(C32, false), fn rocblas_zdotu_batched(C64, false),
        fn rocblas_cdotc_batched(C32, true), fn rocblas_zdotc_batched(C64, true);
    strided: fn rocblas_sdot_strided_batched(f32, false), fn rocblas_ddot_strided_batched(f64, false),
        fn rocblas_hdot_strided_batched(f16, false), fn rocblas_bfdot_strided_batched(bf16, false),
        fn rocblas_cdotu_strided_batched(C32, false), fn rocblas_zdotu_strided_batched(C64, false),
        fn rocblas_cdotc_strided_batched(C32, true), fn rocblas_zdotc_strided_batched(C64, true);
}

/// Reductions of one vector: (element type, result type) and the call that computes them.
macro_rules! reduce_api {
    ($call:ident, $arg:expr; single: $(fn $n:ident($T:ty, $R:ty)),*; batched: $(fn $b:ident($Tb:ty, $Rb:ty)),*; strided: $(fn $sb:ident($Ts:ty, $Rs:ty)),*;) => {
        $(export!($n(handle: H, n: I, x: *const $T, incx: I, result: *mut $R) {
            ops::$call::<$T, $R>(handle, n, s(x), incx, 1, result, $arg)
        });)*
        $(export!($b(handle: H, n: I, x: *const *const $Tb, incx: I, batch_count: I, result: *mut $Rb) {
            ops::$call::<$Tb, $Rb>(handle, n, a(x), incx, batch_count, result, $arg)
        });)*
        $(export!($sb(handle: H, n: I, x: *const $Ts, incx: I, stridex: St, batch_count: I, result: *mut $Rs) {
            ops::$call::<$Ts, $Rs>(handle, n, st(x, stridex), incx, batch_count, result, $arg)
        });)*
    };
}
reduce_api! { real_reduce, Reduce::Asum;
    single: fn rocblas_sasum(f32, f32), fn rocblas_dasum(f64, f64), fn rocblas_scasum(C32, f32), fn rocblas_dzasum(C64, f64);
    batched: fn rocblas_sasum_batched(f32, f32), fn rocblas_dasum_batched(f64, f64), fn rocblas_scasum_batched(C32, f32),
        fn rocblas_dzasum_batched(C64, f64);
    strided: fn rocblas_sasum_strided_batched(f32, f32), fn rocblas_dasum_strided_batched(f64, f64),
        fn rocblas_scasum_strided_batched(C32, f32), fn rocblas_dzasum_strided_batched(C64, f64);
}
reduce_api! { real_reduce, Reduce::Nrm2;
    single: fn rocblas_snrm2(f32, f32), fn rocblas_dnrm2(f64, f64), fn rocblas_scnrm2(C32, f32), fn rocblas_dznrm2(C64, f64);
    batched: fn rocblas_snrm2_batched(f32, f32), fn rocblas_dnrm2_batched(f64, f64), fn rocblas_scnrm2_batched(C32, f32),
        fn rocblas_dznrm2_batched(C64, f64);
    strided: fn rocblas_snrm2_strided_batched(f32, f32), fn rocblas_dnrm2_strided_batched(f64, f64),
        fn rocblas_scnrm2_strided_batched(C32, f32), fn rocblas_dznrm2_strided_batched(C64, f64);
}
reduce_api! { iamax, true;
    single: fn rocblas_isamax(f32, I), fn rocblas_idamax(f64, I), fn rocblas_icamax(C32, I), fn rocblas_izamax(C64, I);
    batched: fn rocblas_isamax_batched(f32, I), fn rocblas_idamax_batched(f64, I), fn rocblas_icamax_batched(C32, I),
        fn rocblas_izamax_batched(C64, I);
    strided: fn rocblas_isamax_strided_batched(f32, I), fn rocblas_idamax_strided_batched(f64, I),
        fn rocblas_icamax_strided_batched(C32, I), fn rocblas_izamax_strided_batched(C64, I);
}
reduce_api! { iamax, false;
    single: fn rocblas_isamin(f32, I), fn rocblas_idamin(f64, I), fn rocblas_icamin(C32, I), fn rocblas_izamin(C64, I);
    batched: fn rocblas_isamin_batched(f32, I), fn rocblas_idamin_batched(f64, I), fn rocblas_icamin_batched(C32, I),
        fn rocblas_izamin_batched(C64, I);
    strided: fn rocblas_isamin_strided_batched(f32, I), fn rocblas_idamin_strided_batched(f64, I),
        fn rocblas_icamin_strided_batched(C32, I), fn rocblas_izamin_strided_batched(C64, I);
}

/// rot: (vector type, c type, s type).
macro_rules! rot_api {
    (single: $(fn $n:ident($T:ty, $C:ty, $S:ty)),*; batched: $(fn $b:ident($Tb:ty, $Cb:ty, $Sb:ty)),*; strided: $(fn $sb:ident($Ts:ty, $Cs:ty, $Ss:ty)),*;) => {
        $(export!($n(handle: H, n: I, x: *mut $T, incx: I, y: *mut $T, incy: I, c: *const $C, s_: *const $S) {
            ops::rot::<$T, $C, $S>(handle, n, s(x), incx, s(y), incy, c, s_, 1)
        });)*
        $(export!($b(handle: H, n: I, x: *const *mut $Tb, incx: I, y: *const *mut $Tb, incy: I, c: *const $Cb, s_: *const $Sb, batch_count: I) {
            ops::rot::<$Tb, $Cb, $Sb>(handle, n, a(x), incx, a(y), incy, c, s_, batch_count)
        });)*
        $(export!($sb(handle: H, n: I, x: *mut $Ts, incx: I, stride_x: St, y: *mut $Ts, incy: I, stride_y: St, c: *const $Cs, s_: *const $Ss, batch_count: I) {
            ops::rot::<$Ts, $Cs, $Ss>(handle, n, st(x, stride_x), incx, st(y, stride_y), incy, c, s_, batch_count)
        });)*
    };
}
rot_api! {
    single: fn rocblas_srot(f32, f32, f32), fn rocblas_drot(f64, f64, f64), fn rocblas_crot(C32, f32, C32),
        fn rocblas_csrot(C32, f32, f32), fn rocblas_zrot(C64, f64, C64), fn rocblas_zdrot(C64, f64, f64);
    batched: fn rocblas_srot_batched(f32, f32, f32), fn rocblas_drot_batched(f64, f64, f64), fn rocblas_crot_batched(C32, f32, C32),
        fn rocblas_csrot_batched(C32, f32, f32), fn rocblas_zrot_batched(C64, f64, C64), fn rocblas_zdrot_batched(C64, f64, f64);
    strided: fn rocblas_srot_strided_batched(f32, f32, f32), fn rocblas_drot_strided_batched(f64, f64, f64),
        fn rocblas_crot_strided_batched(C32, f32, C32), fn rocblas_csrot_strided_batched(C32, f32, f32),
        fn rocblas_zrot_strided_batched(C64, f64, C64), fn rocblas_zdrot_strided_batched(C64, f64, f64);
}

/// rotg: (a/b/s type, c type).
macro_rules! rotg_api {
    (single: $(fn $n:ident($T:ty, $U:ty)),*; batched: $(fn $b:ident($Tb:ty, $Ub:ty)),*; strided: $(fn $sb:ident($Ts:ty, $Us:ty)),*;) => {
        $(export!($n(handle: H, a_: *mut $T, b: *mut $T, c: *mut $U, s_: *mut $T) {
            ops::rotg::<$T>(handle, s(a_), s(b), s(c), s(s_), 1)
        });)*
        $(export!($b(handle: H, a_: *const *mut $Tb, b: *const *mut $Tb, c: *const *mut $Ub, s_: *const *mut $Tb, batch_count: I) {
            ops::rotg::<$Tb>(handle, a(a_), a(b), a(c), a(s_), batch_count)
        });)*
        $(export!($sb(handle: H, a_: *mut $Ts, stride_a: St, b: *mut $Ts, stride_b: St, c: *mut $Us, stride_c: St, s_: *mut $Ts, stride_s: St, batch_count: I) {
            ops::rotg::<$Ts>(handle, st(a_, stride_a), st(b, stride_b), st(c, stride_c), st(s_, stride_s), batch_count)
        });)*
    };
}
rotg_api! {
    single: fn rocblas_srotg(f32, f32), fn rocblas_drotg(f64, f64), fn rocblas_crotg(C32, f32), fn rocblas_zrotg(C64, f64);
    batched: fn rocblas_srotg_batched(f32, f32), fn rocblas_drotg_batched(f64, f64), fn rocblas_crotg_batched(C32, f32),
        fn rocblas_zrotg_batched(C64, f64);
    strided: fn rocblas_srotg_strided_batched(f32, f32), fn rocblas_drotg_strided_batched(f64, f64),
        fn rocblas_crotg_strided_batched(C32, f32), fn rocblas_zrotg_strided_batched(C64, f64);
}

macro_rules! rotm_api {
    (single: $(fn $n:ident($T:ty)),*; batched: $(fn $b:ident($Tb:ty)),*; strided: $(fn $sb:ident($Ts:ty)),*;) => {
        $(export!($n(handle: H, n: I, x: *mut $T, incx: I, y: *mut $T, incy: I, param: *const $T) {
            ops::rotm::<$T>(handle, n, s(x), incx, s(y), incy, s(param), 1, true)
        });)*
        $(export!($b(handle: H, n: I, x: *const *mut $Tb, incx: I, y: *const *mut $Tb, incy: I, param: *const *const $Tb, batch_count: I) {
            ops::rotm::<$Tb>(handle, n, a(x), incx, a(y), incy, a(param), batch_count, false)
        });)*
        $(export!($sb(handle: H, n: I, x: *mut $Ts, incx: I, stride_x: St, y: *mut $Ts, incy: I, stride_y: St, param: *const $Ts, stride_param: St, batch_count: I) {
            ops::rotm::<$Ts>(handle, n, st(x, stride_x), incx, st(y, stride_y), incy, st(param, stride_param), batch_count, false)
        });)*
    };
}
rotm_api! {
    single: fn rocblas_srotm(f32), fn rocblas_drotm(f64);
    batched: fn rocblas_srotm_batched(f32), fn rocblas_drotm_batched(f64);
    strided: fn rocblas_srotm_strided_batched(f32), fn rocblas_drotm_strided_batched(f64);
}

macro_rules! rotmg_api {
    (single: $(fn $n:ident($T:ty)),*; batched: $(fn $b:ident($Tb:ty)),*; strided: $(fn $sb:ident($Ts:ty)),*;) => {
        $(export!($n(handle: H, d1: *mut $T, d2: *mut $T, x1: *mut $T, y1: *const $T, param: *mut $T) {
            ops::rotmg::<$T>(handle, s(d1), s(d2), s(x1), s(y1), s(param), 1)
        });)*
        $(export!($b(handle: H, d1: *const *mut $Tb, d2: *const *mut $Tb, x1: *const *mut $Tb, y1: *const *const $Tb, param: *const *mut $Tb, batch_count: I) {
            ops::rotmg::<$Tb>(handle, a(d1), a(d2), a(x1), a(y1), a(param), batch_count)
        });)*
        $(export!($sb(handle: H, d1: *mut $Ts, stride_d1: St, d2: *mut $Ts, stride_d2: St, x1: *mut $Ts, stride_x1: St, y1: *const $Ts, stride_y1: St, param: *mut $Ts, stride_param: St, batch_count: I) {
            ops::rotmg::<$Ts>(handle, st(d1, stride_d1), st(d2, stride_d2), st(x1, stride_x1), st(y1, stride_y1), st(param, stride_param), batch_count)
        });)*
    };
}
rotmg_api! {
    single: fn rocblas_srotmg(f32), fn rocblas_drotmg(f64);
    batched: fn rocblas_srotmg_batched(f32), fn rocblas_drotmg_batched(f64);
    strided: fn rocblas_srotmg_strided_batched(f32), fn rocblas_drotmg_strided_batched(f64);
}
