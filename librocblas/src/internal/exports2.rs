//! The Level-2 instantiations rocSOLVER imports: `rocblas_internal_gemv_template`,
//! `_ger_template`, `_hemv_symv_template`, `_her2_template`, `_syr2_template`,
//! `_trmv_template` and `_trsv_substitution_template`, for strided batches and pointer
//! arrays. One line per instantiation: element type, pointer form (and the conjugating or
//! Hermitian variant), exported name.

use super::level2;
use super::part::{Form, at, call};
use crate::blas1::num::{C32, C64};
use crate::types::*;
use std::ffi::c_void;

type P = *const c_void;

/// `gemv_template<T, T, TConstPtr, TPtr>(handle, trans, m, n, alpha, stride_alpha, A,
/// offset_a, lda, stride_a, x, offset_x, incx, stride_x, beta, stride_beta, y, offset_y,
/// incy, stride_y, batch_count, workspace)`.
macro_rules! gemv {
    ($($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn gemv(handle: rocblas_handle, trans: i32, m: i32, n: i32, alpha: *const $T, stride_alpha: i64,
                                      a: P, offset_a: i64, lda: i32, stride_a: i64, x: P, offset_x: i64, incx: i32,
                                      stride_x: i64, beta: *const $T, stride_beta: i64, y: P, offset_y: i64, incy: i32,
                                      stride_y: i64, batch_count: i32, _workspace: *mut $T) -> rocblas_status {
                let a = at::<$T>(Form::$form, a, offset_a, stride_a);
                let (x, y) = (at::<$T>(Form::$form, x, offset_x, stride_x), at::<$T>(Form::$form, y, offset_y, stride_y));
                call("rocblas_internal_gemv_template", move || unsafe {
                    level2::gemv::<$T, _>(handle, trans, m, n, alpha, stride_alpha, a, lda, x, incx, beta, stride_beta, y, incy,
                        batch_count)
                })
            }
        };
    )*};
}
pub(super) use gemv;

/// `ger_template<CONJ, T, TConstPtr, T, TPtr>(handle, m, n, alpha, stride_alpha, x,
/// offset_x, incx, stride_x, y, offset_y, incy, stride_y, A, offset_a, lda, stride_a,
/// batch_count)`.
macro_rules! ger {
    (int $I:ty; $($T:ty, $form:ident, conj $conj:literal: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn ger(handle: rocblas_handle, m: $I, n: $I, alpha: *const $T, stride_alpha: i64, x: P,
                                     offset_x: i64, incx: $I, stride_x: i64, y: P, offset_y: i64, incy: $I, stride_y: i64,
                                     a: P, offset_a: i64, lda: $I, stride_a: i64, batch_count: $I) -> rocblas_status {
                let (x, y) = (at::<$T>(Form::$form, x, offset_x, stride_x), at::<$T>(Form::$form, y, offset_y, stride_y));
                let a = at::<$T>(Form::$form, a, offset_a, stride_a);
                call("rocblas_internal_ger_template", move || unsafe {
                    level2::ger::<$T, $I>(handle, m, n, alpha, stride_alpha, x, incx, y, incy, a, lda, batch_count, $conj)
                })
            }
        };
    )*};
    ($($line:tt)*) => { ger! { int i32; $($line)* } };
}
pub(super) use ger;

/// `hemv_symv_template<HERM, T, TConstPtr, TPtr, T*>(handle, uplo, n, alpha, stride_alpha,
/// A, offset_a, lda, stride_a, x, offset_x, incx, stride_x, beta, stride_beta, y, offset_y,
/// incy, stride_y, batch_count, workspace)`.
macro_rules! hemv_symv {
    ($($T:ty, $form:ident, herm $herm:literal: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn hemv_symv(handle: rocblas_handle, uplo: i32, n: i32, alpha: *const $T, stride_alpha: i64, a: P,
                                           offset_a: i64, lda: i32, stride_a: i64, x: P, offset_x: i64, incx: i32,
                                           stride_x: i64, beta: *const $T, stride_beta: i64, y: P, offset_y: i64, incy: i32,
                                           stride_y: i64, batch_count: i32, _workspace: *mut $T) -> rocblas_status {
                let a = at::<$T>(Form::$form, a, offset_a, stride_a);
                let (x, y) = (at::<$T>(Form::$form, x, offset_x, stride_x), at::<$T>(Form::$form, y, offset_y, stride_y));
                call("rocblas_internal_hemv_symv_template", move || unsafe {
                    level2::symv::<$T, _>(handle, $herm, uplo, n, alpha, stride_alpha, a, lda, x, incx, beta, stride_beta, y, incy,
                        batch_count)
                })
            }
        };
    )*};
}
pub(super) use hemv_symv;

/// `her2_template<const T*, TConstPtr, TPtr>` / `syr2_template<...>(handle, uplo, n, alpha,
/// x, offset_x, incx, stride_x, y, offset_y, incy, stride_y, A, lda, offset_a, stride_a,
/// batch_count)`: A's leading dimension comes before its offset.
macro_rules! syr2 {
    ($($T:ty, $form:ident, herm $herm:literal: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn syr2(handle: rocblas_handle, uplo: i32, n: i32, alpha: *const $T, x: P, offset_x: i64, incx: i32,
                                      stride_x: i64, y: P, offset_y: i64, incy: i32, stride_y: i64, a: P, lda: i32,
                                      offset_a: i64, stride_a: i64, batch_count: i32) -> rocblas_status {
                let (x, y) = (at::<$T>(Form::$form, x, offset_x, stride_x), at::<$T>(Form::$form, y, offset_y, stride_y));
                let a = at::<$T>(Form::$form, a, offset_a, stride_a);
                let name = if $herm { "rocblas_internal_her2_template" } else { "rocblas_internal_syr2_template" };
                call(name, move || unsafe { level2::syr2::<$T, _>(handle, $herm, uplo, n, alpha, x, incx, y, incy, a, lda, batch_count) })
            }
        };
    )*};
}
pub(super) use syr2;

/// `trmv_template<TConstPtr, TPtr, T*>(handle, uplo, trans, diag, m, A, offset_a, lda,
/// stride_a, x, offset_x, incx, stride_x, workspace, stride_w, batch_count)`.
macro_rules! trmv {
    ($($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn trmv(handle: rocblas_handle, uplo: i32, trans: i32, diag: i32, m: i32, a: P, offset_a: i64,
                                      lda: i32, stride_a: i64, x: P, offset_x: i64, incx: i32, stride_x: i64,
                                      _workspace: *mut $T, _stride_w: i64, batch_count: i32) -> rocblas_status {
                let (a, x) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, x, offset_x, stride_x));
                call("rocblas_internal_trmv_template", move || unsafe {
                    level2::trmv::<$T, _>(handle, uplo, trans, diag, m, a, lda, x, incx, batch_count)
                })
            }
        };
    )*};
}
pub(super) use trmv;

/// `trsv_substitution_template<DIM_X, T, TConstPtr, TPtr>(handle, uplo, trans, diag, m, A,
/// offset_a, lda, stride_a, alpha, x, offset_x, incx, stride_x, batch_count,
/// w_completed_sec)`.
macro_rules! trsv_substitution {
    ($($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn trsv(handle: rocblas_handle, uplo: i32, trans: i32, diag: i32, m: i32, a: P, offset_a: i64,
                                      lda: i32, stride_a: i64, alpha: *const $T, x: P, offset_x: i64, incx: i32,
                                      stride_x: i64, batch_count: i32, _w_completed_sec: *mut i32) -> rocblas_status {
                let (a, x) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, x, offset_x, stride_x));
                call("rocblas_internal_trsv_substitution_template", move || unsafe {
                    level2::trsv::<$T, _>(handle, uplo, trans, diag, m, a, lda, alpha, x, incx, batch_count)
                })
            }
        };
    )*};
}

gemv! {
    C32, Array: export_name = "_Z30rocblas_internal_gemv_templateI19rocblas_complex_numIfES1_PKS1_KPS1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilSF_lilSC_lPT2_liliPT_";
    C32, Strided: export_name = "_Z30rocblas_internal_gemv_templateI19rocblas_complex_numIfES1_S1_S1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilSB_lilS8_lPT2_liliPT_";
    C64, Array: export_name = "_Z30rocblas_internal_gemv_templateI19rocblas_complex_numIdES1_PKS1_KPS1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilSF_lilSC_lPT2_liliPT_";
    C64, Strided: export_name = "_Z30rocblas_internal_gemv_templateI19rocblas_complex_numIdES1_S1_S1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilSB_lilS8_lPT2_liliPT_";
    f32, Array: export_name = "_Z30rocblas_internal_gemv_templateIffPKfKPfE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilSD_lilSA_lPT2_liliPT_";
    f32, Strided: export_name = "_Z30rocblas_internal_gemv_templateIffffE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilS9_lilS6_lPT2_liliPT_";
    f64, Array: export_name = "_Z30rocblas_internal_gemv_templateIddPKdKPdE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilSD_lilSA_lPT2_liliPT_";
    f64, Strided: export_name = "_Z30rocblas_internal_gemv_templateIddddE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilS9_lilS6_lPT2_liliPT_";
}

ger! {
    C32, Array, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0E19rocblas_complex_numIfEPKS1_S1_KPS1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSE_lilPT3_lili";
    C32, Array, conj true: export_name = "_Z29rocblas_internal_ger_templateILb1E19rocblas_complex_numIfEPKS1_S1_KPS1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSE_lilPT3_lili";
    C32, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0E19rocblas_complex_numIfES1_S1_S1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSA_lilPT3_lili";
    C32, Strided, conj true: export_name = "_Z29rocblas_internal_ger_templateILb1E19rocblas_complex_numIfES1_S1_S1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSA_lilPT3_lili";
    C64, Array, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0E19rocblas_complex_numIdEPKS1_S1_KPS1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSE_lilPT3_lili";
    C64, Array, conj true: export_name = "_Z29rocblas_internal_ger_templateILb1E19rocblas_complex_numIdEPKS1_S1_KPS1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSE_lilPT3_lili";
    C64, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0E19rocblas_complex_numIdES1_S1_S1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSA_lilPT3_lili";
    C64, Strided, conj true: export_name = "_Z29rocblas_internal_ger_templateILb1E19rocblas_complex_numIdES1_S1_S1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSA_lilPT3_lili";
    f32, Array, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0EfPKffKPfE15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSC_lilPT3_lili";
    f32, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0EffffE15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilS8_lilPT3_lili";
    f64, Array, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0EdPKddKPdE15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSC_lilPT3_lili";
    f64, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateILb0EddddE15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilS8_lilPT3_lili";
}

hemv_symv! {
    C32, Array, herm true: export_name = "_Z35rocblas_internal_hemv_symv_templateILb1E19rocblas_complex_numIfEPKPKS1_PKPS1_S6_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSG_lilSF_lT2_liliT3_";
    C32, Strided, herm true: export_name = "_Z35rocblas_internal_hemv_symv_templateILb1E19rocblas_complex_numIfEPKS1_PS1_S4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSC_lilSB_lT2_liliT3_";
    C64, Array, herm true: export_name = "_Z35rocblas_internal_hemv_symv_templateILb1E19rocblas_complex_numIdEPKPKS1_PKPS1_S6_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSG_lilSF_lT2_liliT3_";
    C64, Strided, herm true: export_name = "_Z35rocblas_internal_hemv_symv_templateILb1E19rocblas_complex_numIdEPKS1_PS1_S4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSC_lilSB_lT2_liliT3_";
    f32, Array, herm false: export_name = "_Z35rocblas_internal_hemv_symv_templateILb0EfPKPKfPKPfS4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSE_lilSD_lT2_liliT3_";
    f32, Strided, herm false: export_name = "_Z35rocblas_internal_hemv_symv_templateILb0EfPKfPfS2_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSA_lilS9_lT2_liliT3_";
    f64, Array, herm false: export_name = "_Z35rocblas_internal_hemv_symv_templateILb0EdPKPKdPKPdS4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSE_lilSD_lT2_liliT3_";
    f64, Strided, herm false: export_name = "_Z35rocblas_internal_hemv_symv_templateILb0EdPKdPdS2_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSA_lilS9_lT2_liliT3_";
}

syr2! {
    C32, Array, herm true: export_name = "_Z30rocblas_internal_her2_templateIPK19rocblas_complex_numIfEPKS3_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSE_lilT1_illi";
    C32, Strided, herm true: export_name = "_Z30rocblas_internal_her2_templateIPK19rocblas_complex_numIfES3_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSA_lilT1_illi";
    C64, Array, herm true: export_name = "_Z30rocblas_internal_her2_templateIPK19rocblas_complex_numIdEPKS3_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSE_lilT1_illi";
    C64, Strided, herm true: export_name = "_Z30rocblas_internal_her2_templateIPK19rocblas_complex_numIdES3_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSA_lilT1_illi";
    f32, Array, herm false: export_name = "_Z30rocblas_internal_syr2_templateIPKfPKS1_PKPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSC_lilT1_illi";
    f32, Strided, herm false: export_name = "_Z30rocblas_internal_syr2_templateIPKfS1_PfE15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilS8_lilT1_illi";
    f64, Array, herm false: export_name = "_Z30rocblas_internal_syr2_templateIPKdPKS1_PKPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSC_lilT1_illi";
    f64, Strided, herm false: export_name = "_Z30rocblas_internal_syr2_templateIPKdS1_PdE15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilS8_lilT1_illi";
}

trmv! {
    C32, Array: export_name = "_Z30rocblas_internal_trmv_templateIPKPK19rocblas_complex_numIfEPKPS1_S6_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
    C32, Strided: export_name = "_Z30rocblas_internal_trmv_templateIPK19rocblas_complex_numIfEPS1_S4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
    C64, Array: export_name = "_Z30rocblas_internal_trmv_templateIPKPK19rocblas_complex_numIdEPKPS1_S6_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
    C64, Strided: export_name = "_Z30rocblas_internal_trmv_templateIPK19rocblas_complex_numIdEPS1_S4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
    f32, Array: export_name = "_Z30rocblas_internal_trmv_templateIPKPKfPKPfS4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
    f32, Strided: export_name = "_Z30rocblas_internal_trmv_templateIPKfPfS2_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
    f64, Array: export_name = "_Z30rocblas_internal_trmv_templateIPKPKdPKPdS4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
    f64, Strided: export_name = "_Z30rocblas_internal_trmv_templateIPKdPdS2_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li";
}

trsv_substitution! {
    C32, Array: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi64E19rocblas_complex_numIfEPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
    C32, Strided: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi64E19rocblas_complex_numIfEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
    C64, Array: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi32E19rocblas_complex_numIdEPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
    C64, Strided: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi32E19rocblas_complex_numIdEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
    f32, Array: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi64EfPKPKfPKPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
    f32, Strided: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi64EfPKfPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
    f64, Array: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi64EdPKPKdPKPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
    f64, Strided: export_name = "_Z43rocblas_internal_trsv_substitution_templateILi64EdPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi";
}
