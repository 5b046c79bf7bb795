//! The Level-1 C entry points, generated from declaration lists: one line per function
//! names its 32-bit and ILP64 (`_64`) symbols and its precision; the family macro knows the
//! C signature of each form (`I`: `rocblas_int` or `int64_t`, see `export!`).

use super::num::{C32, C64};
use super::ops::{self, Reduce};
use crate::export::{arr as a, export, one as s, st};
use crate::types::*;
use half::{bf16, f16};

type H = rocblas_handle;
type St = rocblas_stride;

macro_rules! axpy_api {
    (
        single: $(fn $n:ident / $n64:ident ($T:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, n: I, alpha: *const $T, x: *const $T, incx: I, y: *mut $T, incy: I) {
            ops::axpy::<$T, $T, $T>(handle, n.into(), alpha, s(x), incx.into(), s(y), incy.into(), 1)
        });)*
        $(export!(fn $b / $b64 (handle: H, n: I, alpha: *const $Tb, x: *const *const $Tb, incx: I, y: *const *mut $Tb,
            incy: I, batch_count: I) {
            ops::axpy::<$Tb, $Tb, $Tb>(handle, n.into(), alpha, a(x), incx.into(), a(y), incy.into(), batch_count.into())
        });)*
        $(export!(fn $sb / $sb64 (handle: H, n: I, alpha: *const $Ts, x: *const $Ts, incx: I, stridex: St, y: *mut $Ts,
            incy: I, stridey: St, batch_count: I) {
            ops::axpy::<$Ts, $Ts, $Ts>(handle, n.into(), alpha, st(x, stridex), incx.into(), st(y, stridey), incy.into(),
                batch_count.into())
        });)*
    };
}
axpy_api! {
    single:
        fn rocblas_haxpy / rocblas_haxpy_64(f16),
        fn rocblas_saxpy / rocblas_saxpy_64(f32),
        fn rocblas_daxpy / rocblas_daxpy_64(f64),
        fn rocblas_caxpy / rocblas_caxpy_64(C32),
        fn rocblas_zaxpy / rocblas_zaxpy_64(C64);
    batched:
        fn rocblas_haxpy_batched / rocblas_haxpy_batched_64(f16),
        fn rocblas_saxpy_batched / rocblas_saxpy_batched_64(f32),
        fn rocblas_daxpy_batched / rocblas_daxpy_batched_64(f64),
        fn rocblas_caxpy_batched / rocblas_caxpy_batched_64(C32),
        fn rocblas_zaxpy_batched / rocblas_zaxpy_batched_64(C64);
    strided:
        fn rocblas_haxpy_strided_batched / rocblas_haxpy_strided_batched_64(f16),
        fn rocblas_saxpy_strided_batched / rocblas_saxpy_strided_batched_64(f32),
        fn rocblas_daxpy_strided_batched / rocblas_daxpy_strided_batched_64(f64),
        fn rocblas_caxpy_strided_batched / rocblas_caxpy_strided_batched_64(C32),
        fn rocblas_zaxpy_strided_batched / rocblas_zaxpy_strided_batched_64(C64);
}

/// copy and swap share their signatures (swap's x is writable).
macro_rules! copy_swap_api {
    ($op:ident, $xp:tt;
        single: $(fn $n:ident / $n64:ident ($T:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, n: I, x: *$xp $T, incx: I, y: *mut $T, incy: I) {
            ops::$op::<$T>(handle, n.into(), s(x), incx.into(), s(y), incy.into(), 1)
        });)*
        $(export!(fn $b / $b64 (handle: H, n: I, x: *const *$xp $Tb, incx: I, y: *const *mut $Tb, incy: I, batch_count: I) {
            ops::$op::<$Tb>(handle, n.into(), a(x), incx.into(), a(y), incy.into(), batch_count.into())
        });)*
        $(export!(fn $sb / $sb64 (handle: H, n: I, x: *$xp $Ts, incx: I, stridex: St, y: *mut $Ts, incy: I, stridey: St,
            batch_count: I) {
            ops::$op::<$Ts>(handle, n.into(), st(x, stridex), incx.into(), st(y, stridey), incy.into(), batch_count.into())
        });)*
    };
}
copy_swap_api! { copy, const;
    single:
        fn rocblas_scopy / rocblas_scopy_64(f32),
        fn rocblas_dcopy / rocblas_dcopy_64(f64),
        fn rocblas_ccopy / rocblas_ccopy_64(C32),
        fn rocblas_zcopy / rocblas_zcopy_64(C64);
    batched:
        fn rocblas_scopy_batched / rocblas_scopy_batched_64(f32),
        fn rocblas_dcopy_batched / rocblas_dcopy_batched_64(f64),
        fn rocblas_ccopy_batched / rocblas_ccopy_batched_64(C32),
        fn rocblas_zcopy_batched / rocblas_zcopy_batched_64(C64);
    strided:
        fn rocblas_scopy_strided_batched / rocblas_scopy_strided_batched_64(f32),
        fn rocblas_dcopy_strided_batched / rocblas_dcopy_strided_batched_64(f64),
        fn rocblas_ccopy_strided_batched / rocblas_ccopy_strided_batched_64(C32),
        fn rocblas_zcopy_strided_batched / rocblas_zcopy_strided_batched_64(C64);
}
copy_swap_api! { swap, mut;
    single:
        fn rocblas_sswap / rocblas_sswap_64(f32),
        fn rocblas_dswap / rocblas_dswap_64(f64),
        fn rocblas_cswap / rocblas_cswap_64(C32),
        fn rocblas_zswap / rocblas_zswap_64(C64);
    batched:
        fn rocblas_sswap_batched / rocblas_sswap_batched_64(f32),
        fn rocblas_dswap_batched / rocblas_dswap_batched_64(f64),
        fn rocblas_cswap_batched / rocblas_cswap_batched_64(C32),
        fn rocblas_zswap_batched / rocblas_zswap_batched_64(C64);
    strided:
        fn rocblas_sswap_strided_batched / rocblas_sswap_strided_batched_64(f32),
        fn rocblas_dswap_strided_batched / rocblas_dswap_strided_batched_64(f64),
        fn rocblas_cswap_strided_batched / rocblas_cswap_strided_batched_64(C32),
        fn rocblas_zswap_strided_batched / rocblas_zswap_strided_batched_64(C64);
}

/// scal: (alpha type, vector type).
macro_rules! scal_api {
    (
        single: $(fn $n:ident / $n64:ident ($A:ty, $T:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Ab:ty, $Tb:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($As:ty, $Ts:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, n: I, alpha: *const $A, x: *mut $T, incx: I) {
            ops::scal::<$A, $T>(handle, n.into(), alpha, s(x), incx.into(), 1, true)
        });)*
        $(export!(fn $b / $b64 (handle: H, n: I, alpha: *const $Ab, x: *const *mut $Tb, incx: I, batch_count: I) {
            ops::scal::<$Ab, $Tb>(handle, n.into(), alpha, a(x), incx.into(), batch_count.into(), false)
        });)*
        $(export!(fn $sb / $sb64 (handle: H, n: I, alpha: *const $As, x: *mut $Ts, incx: I, stridex: St, batch_count: I) {
            ops::scal::<$As, $Ts>(handle, n.into(), alpha, st(x, stridex), incx.into(), batch_count.into(), false)
        });)*
    };
}
scal_api! {
    single:
        fn rocblas_sscal / rocblas_sscal_64(f32, f32),
        fn rocblas_dscal / rocblas_dscal_64(f64, f64),
        fn rocblas_cscal / rocblas_cscal_64(C32, C32),
        fn rocblas_zscal / rocblas_zscal_64(C64, C64),
        fn rocblas_csscal / rocblas_csscal_64(f32, C32),
        fn rocblas_zdscal / rocblas_zdscal_64(f64, C64);
    batched:
        fn rocblas_sscal_batched / rocblas_sscal_batched_64(f32, f32),
        fn rocblas_dscal_batched / rocblas_dscal_batched_64(f64, f64),
        fn rocblas_cscal_batched / rocblas_cscal_batched_64(C32, C32),
        fn rocblas_zscal_batched / rocblas_zscal_batched_64(C64, C64),
        fn rocblas_csscal_batched / rocblas_csscal_batched_64(f32, C32),
        fn rocblas_zdscal_batched / rocblas_zdscal_batched_64(f64, C64);
    strided:
        fn rocblas_sscal_strided_batched / rocblas_sscal_strided_batched_64(f32, f32),
        fn rocblas_dscal_strided_batched / rocblas_dscal_strided_batched_64(f64, f64),
        fn rocblas_cscal_strided_batched / rocblas_cscal_strided_batched_64(C32, C32),
        fn rocblas_zscal_strided_batched / rocblas_zscal_strided_batched_64(C64, C64),
        fn rocblas_csscal_strided_batched / rocblas_csscal_strided_batched_64(f32, C32),
        fn rocblas_zdscal_strided_batched / rocblas_zdscal_strided_batched_64(f64, C64);
}

/// dot: (element type, conjugate x).
macro_rules! dot_api {
    (
        single: $(fn $n:ident / $n64:ident ($T:ty, $c:expr)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty, $cb:expr)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty, $cs:expr)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, n: I, x: *const $T, incx: I, y: *const $T, incy: I, result: *mut $T) {
            ops::dot::<$T, $T, $T>(handle, n.into(), s(x), incx.into(), s(y), incy.into(), 1, result, $c)
        });)*
        $(export!(fn $b / $b64 (handle: H, n: I, x: *const *const $Tb, incx: I, y: *const *const $Tb, incy: I,
            batch_count: I, result: *mut $Tb) {
            ops::dot::<$Tb, $Tb, $Tb>(handle, n.into(), a(x), incx.into(), a(y), incy.into(), batch_count.into(), result,
                $cb)
        });)*
        $(export!(fn $sb / $sb64 (handle: H, n: I, x: *const $Ts, incx: I, stridex: St, y: *const $Ts, incy: I, stridey: St,
            batch_count: I, result: *mut $Ts) {
            ops::dot::<$Ts, $Ts, $Ts>(handle, n.into(), st(x, stridex), incx.into(), st(y, stridey), incy.into(),
                batch_count.into(), result, $cs)
        });)*
    };
}
dot_api! {
    single:
        fn rocblas_sdot / rocblas_sdot_64(f32, false),
        fn rocblas_ddot / rocblas_ddot_64(f64, false),
        fn rocblas_hdot / rocblas_hdot_64(f16, false),
        fn rocblas_bfdot / rocblas_bfdot_64(bf16, false),
        fn rocblas_cdotu / rocblas_cdotu_64(C32, false),
        fn rocblas_zdotu / rocblas_zdotu_64(C64, false),
        fn rocblas_cdotc / rocblas_cdotc_64(C32, true),
        fn rocblas_zdotc / rocblas_zdotc_64(C64, true);
    batched:
        fn rocblas_sdot_batched / rocblas_sdot_batched_64(f32, false),
        fn rocblas_ddot_batched / rocblas_ddot_batched_64(f64, false),
        fn rocblas_hdot_batched / rocblas_hdot_batched_64(f16, false),
        fn rocblas_bfdot_batched / rocblas_bfdot_batched_64(bf16, false),
        fn rocblas_cdotu_batched / rocblas_cdotu_batched_64(C32, false),
        fn rocblas_zdotu_batched / rocblas_zdotu_batched_64(C64, false),
        fn rocblas_cdotc_batched / rocblas_cdotc_batched_64(C32, true),
        fn rocblas_zdotc_batched / rocblas_zdotc_batched_64(C64, true);
    strided:
        fn rocblas_sdot_strided_batched / rocblas_sdot_strided_batched_64(f32, false),
        fn rocblas_ddot_strided_batched / rocblas_ddot_strided_batched_64(f64, false),
        fn rocblas_hdot_strided_batched / rocblas_hdot_strided_batched_64(f16, false),
        fn rocblas_bfdot_strided_batched / rocblas_bfdot_strided_batched_64(bf16, false),
        fn rocblas_cdotu_strided_batched / rocblas_cdotu_strided_batched_64(C32, false),
        fn rocblas_zdotu_strided_batched / rocblas_zdotu_strided_batched_64(C64, false),
        fn rocblas_cdotc_strided_batched / rocblas_cdotc_strided_batched_64(C32, true),
        fn rocblas_zdotc_strided_batched / rocblas_zdotc_strided_batched_64(C64, true);
}

/// Reductions of one vector: (element type, result type) and the call that computes them.
macro_rules! reduce_api {
    ($call:ident, $arg:expr;
        single: $(fn $n:ident / $n64:ident ($T:ty, $R:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty, $Rb:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty, $Rs:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, n: I, x: *const $T, incx: I, result: *mut $R) {
            ops::$call::<$T, $R>(handle, n.into(), s(x), incx.into(), 1, result, $arg)
        });)*
        $(export!(fn $b / $b64 (handle: H, n: I, x: *const *const $Tb, incx: I, batch_count: I, result: *mut $Rb) {
            ops::$call::<$Tb, $Rb>(handle, n.into(), a(x), incx.into(), batch_count.into(), result, $arg)
        });)*
        $(export!(fn $sb / $sb64 (handle: H, n: I, x: *const $Ts, incx: I, stridex: St, batch_count: I, result: *mut $Rs) {
            ops::$call::<$Ts, $Rs>(handle, n.into(), st(x, stridex), incx.into(), batch_count.into(), result, $arg)
        });)*
    };
}
reduce_api! { real_reduce, Reduce::Asum;
    single:
        fn rocblas_sasum / rocblas_sasum_64(f32, f32),
        fn rocblas_dasum / rocblas_dasum_64(f64, f64),
        fn rocblas_scasum / rocblas_scasum_64(C32, f32),
        fn rocblas_dzasum / rocblas_dzasum_64(C64, f64);
    batched:
        fn rocblas_sasum_batched / rocblas_sasum_batched_64(f32, f32),
        fn rocblas_dasum_batched / rocblas_dasum_batched_64(f64, f64),
        fn rocblas_scasum_batched / rocblas_scasum_batched_64(C32, f32),
        fn rocblas_dzasum_batched / rocblas_dzasum_batched_64(C64, f64);
    strided:
        fn rocblas_sasum_strided_batched / rocblas_sasum_strided_batched_64(f32, f32),
        fn rocblas_dasum_strided_batched / rocblas_dasum_strided_batched_64(f64, f64),
        fn rocblas_scasum_strided_batched / rocblas_scasum_strided_batched_64(C32, f32),
        fn rocblas_dzasum_strided_batched / rocblas_dzasum_strided_batched_64(C64, f64);
}
reduce_api! { real_reduce, Reduce::Nrm2;
    single:
        fn rocblas_snrm2 / rocblas_snrm2_64(f32, f32),
        fn rocblas_dnrm2 / rocblas_dnrm2_64(f64, f64),
        fn rocblas_scnrm2 / rocblas_scnrm2_64(C32, f32),
        fn rocblas_dznrm2 / rocblas_dznrm2_64(C64, f64);
    batched:
        fn rocblas_snrm2_batched / rocblas_snrm2_batched_64(f32, f32),
        fn rocblas_dnrm2_batched / rocblas_dnrm2_batched_64(f64, f64),
        fn rocblas_scnrm2_batched / rocblas_scnrm2_batched_64(C32, f32),
        fn rocblas_dznrm2_batched / rocblas_dznrm2_batched_64(C64, f64);
    strided:
        fn rocblas_snrm2_strided_batched / rocblas_snrm2_strided_batched_64(f32, f32),
        fn rocblas_dnrm2_strided_batched / rocblas_dnrm2_strided_batched_64(f64, f64),
        fn rocblas_scnrm2_strided_batched / rocblas_scnrm2_strided_batched_64(C32, f32),
        fn rocblas_dznrm2_strided_batched / rocblas_dznrm2_strided_batched_64(C64, f64);
}
reduce_api! { iamax, true;
    single:
        fn rocblas_isamax / rocblas_isamax_64(f32, I),
        fn rocblas_idamax / rocblas_idamax_64(f64, I),
        fn rocblas_icamax / rocblas_icamax_64(C32, I),
        fn rocblas_izamax / rocblas_izamax_64(C64, I);
    batched:
        fn rocblas_isamax_batched / rocblas_isamax_batched_64(f32, I),
        fn rocblas_idamax_batched / rocblas_idamax_batched_64(f64, I),
        fn rocblas_icamax_batched / rocblas_icamax_batched_64(C32, I),
        fn rocblas_izamax_batched / rocblas_izamax_batched_64(C64, I);
    strided:
        fn rocblas_isamax_strided_batched / rocblas_isamax_strided_batched_64(f32, I),
        fn rocblas_idamax_strided_batched / rocblas_idamax_strided_batched_64(f64, I),
        fn rocblas_icamax_strided_batched / rocblas_icamax_strided_batched_64(C32, I),
        fn rocblas_izamax_strided_batched / rocblas_izamax_strided_batched_64(C64, I);
}
reduce_api! { iamax, false;
    single:
        fn rocblas_isamin / rocblas_isamin_64(f32, I),
        fn rocblas_idamin / rocblas_idamin_64(f64, I),
        fn rocblas_icamin / rocblas_icamin_64(C32, I),
        fn rocblas_izamin / rocblas_izamin_64(C64, I);
    batched:
        fn rocblas_isamin_batched / rocblas_isamin_batched_64(f32, I),
        fn rocblas_idamin_batched / rocblas_idamin_batched_64(f64, I),
        fn rocblas_icamin_batched / rocblas_icamin_batched_64(C32, I),
        fn rocblas_izamin_batched / rocblas_izamin_batched_64(C64, I);
    strided:
        fn rocblas_isamin_strided_batched / rocblas_isamin_strided_batched_64(f32, I),
        fn rocblas_idamin_strided_batched / rocblas_idamin_strided_batched_64(f64, I),
        fn rocblas_icamin_strided_batched / rocblas_icamin_strided_batched_64(C32, I),
        fn rocblas_izamin_strided_batched / rocblas_izamin_strided_batched_64(C64, I);
}

/// rot: (vector type, c type, s type).
macro_rules! rot_api {
    (
        single: $(fn $n:ident / $n64:ident ($T:ty, $C:ty, $S:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty, $Cb:ty, $Sb:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty, $Cs:ty, $Ss:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, n: I, x: *mut $T, incx: I, y: *mut $T, incy: I, c: *const $C, s_: *const $S) {
            ops::rot::<$T, $C, $S>(handle, n.into(), s(x), incx.into(), s(y), incy.into(), c, s_, 1)
        });)*
        $(export!(fn $b / $b64 (handle: H, n: I, x: *const *mut $Tb, incx: I, y: *const *mut $Tb, incy: I, c: *const $Cb,
            s_: *const $Sb, batch_count: I) {
            ops::rot::<$Tb, $Cb, $Sb>(handle, n.into(), a(x), incx.into(), a(y), incy.into(), c, s_, batch_count.into())
        });)*
        $(export!(fn $sb / $sb64 (handle: H, n: I, x: *mut $Ts, incx: I, stride_x: St, y: *mut $Ts, incy: I, stride_y: St,
            c: *const $Cs, s_: *const $Ss, batch_count: I) {
            ops::rot::<$Ts, $Cs, $Ss>(handle, n.into(), st(x, stride_x), incx.into(), st(y, stride_y), incy.into(), c, s_,
                batch_count.into())
        });)*
    };
}
rot_api! {
    single:
        fn rocblas_srot / rocblas_srot_64(f32, f32, f32),
        fn rocblas_drot / rocblas_drot_64(f64, f64, f64),
        fn rocblas_crot / rocblas_crot_64(C32, f32, C32),
        fn rocblas_csrot / rocblas_csrot_64(C32, f32, f32),
        fn rocblas_zrot / rocblas_zrot_64(C64, f64, C64),
        fn rocblas_zdrot / rocblas_zdrot_64(C64, f64, f64);
    batched:
        fn rocblas_srot_batched / rocblas_srot_batched_64(f32, f32, f32),
        fn rocblas_drot_batched / rocblas_drot_batched_64(f64, f64, f64),
        fn rocblas_crot_batched / rocblas_crot_batched_64(C32, f32, C32),
        fn rocblas_csrot_batched / rocblas_csrot_batched_64(C32, f32, f32),
        fn rocblas_zrot_batched / rocblas_zrot_batched_64(C64, f64, C64),
        fn rocblas_zdrot_batched / rocblas_zdrot_batched_64(C64, f64, f64);
    strided:
        fn rocblas_srot_strided_batched / rocblas_srot_strided_batched_64(f32, f32, f32),
        fn rocblas_drot_strided_batched / rocblas_drot_strided_batched_64(f64, f64, f64),
        fn rocblas_crot_strided_batched / rocblas_crot_strided_batched_64(C32, f32, C32),
        fn rocblas_csrot_strided_batched / rocblas_csrot_strided_batched_64(C32, f32, f32),
        fn rocblas_zrot_strided_batched / rocblas_zrot_strided_batched_64(C64, f64, C64),
        fn rocblas_zdrot_strided_batched / rocblas_zdrot_strided_batched_64(C64, f64, f64);
}

/// rotg: (a/b/s type, c type).
macro_rules! rotg_api {
    (
        single: $(fn $n:ident / $n64:ident ($T:ty, $U:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty, $Ub:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty, $Us:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, a_: *mut $T, b: *mut $T, c: *mut $U, s_: *mut $T) {
            ops::rotg::<$T>(handle, s(a_), s(b), s(c), s(s_), 1)
        });)*
        $(export!(fn $b / $b64 (handle: H, a_: *const *mut $Tb, b: *const *mut $Tb, c: *const *mut $Ub, s_: *const *mut $Tb,
            batch_count: I) {
            ops::rotg::<$Tb>(handle, a(a_), a(b), a(c), a(s_), batch_count.into())
        });)*
        $(export!(fn $sb / $sb64 (handle: H, a_: *mut $Ts, stride_a: St, b: *mut $Ts, stride_b: St, c: *mut $Us,
            stride_c: St, s_: *mut $Ts, stride_s: St, batch_count: I) {
            ops::rotg::<$Ts>(handle, st(a_, stride_a), st(b, stride_b), st(c, stride_c), st(s_, stride_s),
                batch_count.into())
        });)*
    };
}
rotg_api! {
    single:
        fn rocblas_srotg / rocblas_srotg_64(f32, f32),
        fn rocblas_drotg / rocblas_drotg_64(f64, f64),
        fn rocblas_crotg / rocblas_crotg_64(C32, f32),
        fn rocblas_zrotg / rocblas_zrotg_64(C64, f64);
    batched:
        fn rocblas_srotg_batched / rocblas_srotg_batched_64(f32, f32),
        fn rocblas_drotg_batched / rocblas_drotg_batched_64(f64, f64),
        fn rocblas_crotg_batched / rocblas_crotg_batched_64(C32, f32),
        fn rocblas_zrotg_batched / rocblas_zrotg_batched_64(C64, f64);
    strided:
        fn rocblas_srotg_strided_batched / rocblas_srotg_strided_batched_64(f32, f32),
        fn rocblas_drotg_strided_batched / rocblas_drotg_strided_batched_64(f64, f64),
        fn rocblas_crotg_strided_batched / rocblas_crotg_strided_batched_64(C32, f32),
        fn rocblas_zrotg_strided_batched / rocblas_zrotg_strided_batched_64(C64, f64);
}

macro_rules! rotm_api {
    (
        single: $(fn $n:ident / $n64:ident ($T:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, n: I, x: *mut $T, incx: I, y: *mut $T, incy: I, param: *const $T) {
            ops::rotm::<$T>(handle, n.into(), s(x), incx.into(), s(y), incy.into(), s(param), 1, true)
        });)*
        $(export!(fn $b / $b64 (handle: H, n: I, x: *const *mut $Tb, incx: I, y: *const *mut $Tb, incy: I,
            param: *const *const $Tb, batch_count: I) {
            ops::rotm::<$Tb>(handle, n.into(), a(x), incx.into(), a(y), incy.into(), a(param), batch_count.into(), false)
        });)*
        $(export!(fn $sb / $sb64 (handle: H, n: I, x: *mut $Ts, incx: I, stride_x: St, y: *mut $Ts, incy: I, stride_y: St,
            param: *const $Ts, stride_param: St, batch_count: I) {
            ops::rotm::<$Ts>(handle, n.into(), st(x, stride_x), incx.into(), st(y, stride_y), incy.into(),
                st(param, stride_param), batch_count.into(), false)
        });)*
    };
}
rotm_api! {
    single:
        fn rocblas_srotm / rocblas_srotm_64(f32),
        fn rocblas_drotm / rocblas_drotm_64(f64);
    batched:
        fn rocblas_srotm_batched / rocblas_srotm_batched_64(f32),
        fn rocblas_drotm_batched / rocblas_drotm_batched_64(f64);
    strided:
        fn rocblas_srotm_strided_batched / rocblas_srotm_strided_batched_64(f32),
        fn rocblas_drotm_strided_batched / rocblas_drotm_strided_batched_64(f64);
}

macro_rules! rotmg_api {
    (
        single: $(fn $n:ident / $n64:ident ($T:ty)),*;
        batched: $(fn $b:ident / $b64:ident ($Tb:ty)),*;
        strided: $(fn $sb:ident / $sb64:ident ($Ts:ty)),*;
    ) => {
        $(export!(fn $n / $n64 (handle: H, d1: *mut $T, d2: *mut $T, x1: *mut $T, y1: *const $T, param: *mut $T) {
            ops::rotmg::<$T>(handle, s(d1), s(d2), s(x1), s(y1), s(param), 1)
        });)*
        $(export!(fn $b / $b64 (handle: H, d1: *const *mut $Tb, d2: *const *mut $Tb, x1: *const *mut $Tb,
            y1: *const *const $Tb, param: *const *mut $Tb, batch_count: I) {
            ops::rotmg::<$Tb>(handle, a(d1), a(d2), a(x1), a(y1), a(param), batch_count.into())
        });)*
        $(export!(fn $sb / $sb64 (handle: H, d1: *mut $Ts, stride_d1: St, d2: *mut $Ts, stride_d2: St, x1: *mut $Ts,
            stride_x1: St, y1: *const $Ts, stride_y1: St, param: *mut $Ts, stride_param: St, batch_count: I) {
            ops::rotmg::<$Ts>(handle, st(d1, stride_d1), st(d2, stride_d2), st(x1, stride_x1), st(y1, stride_y1),
                st(param, stride_param), batch_count.into())
        });)*
    };
}
rotmg_api! {
    single:
        fn rocblas_srotmg / rocblas_srotmg_64(f32),
        fn rocblas_drotmg / rocblas_drotmg_64(f64);
    batched:
        fn rocblas_srotmg_batched / rocblas_srotmg_batched_64(f32),
        fn rocblas_drotmg_batched / rocblas_drotmg_batched_64(f64);
    strided:
        fn rocblas_srotmg_strided_batched / rocblas_srotmg_strided_batched_64(f32),
        fn rocblas_drotmg_strided_batched / rocblas_drotmg_strided_batched_64(f64);
}
