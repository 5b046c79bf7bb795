//! The Level-2 instantiations of rocBLAS 4.x/5.x: `rocblas_internal_gemv_template<T>`,
//! `_ger_template<T>` / `_gerc_template<T>` (and `_64`), `_hemv_template<T>` /
//! `_symv_template<T>`, `_her2_template<T>` / `_syr2_template<T>`, `_trmv_template<T>` and
//! `_trsv_template<T>`, each also `_batched_` (pointer arrays). All but trsv take 2.47's
//! parameters and come from 2.47's declaration macros; trsv lost 2.47's alpha. One line per
//! instantiation: element type, pointer form, variant, name.

use super::super::exports2::{gemv, ger, hemv_symv, syr2, trmv};
use super::super::level2;
use super::super::part::{Form, at, call};
use crate::blas1::num::{C32, C64};
use crate::types::*;
use std::ffi::c_void;

type P = *const c_void;

/// `trsv_template<T>` / `trsv_batched_template<T>(handle, uplo, transA, diag, m, A,
/// offset_A, lda, stride_A, x, offset_x, incx, stride_x, batch_count, w_completed_sec)`:
/// x := op(A)^-1 x by substitution; the completion counters are not needed.
macro_rules! trsv {
    ($($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn trsv(handle: rocblas_handle, uplo: i32, trans: i32, diag: i32, m: i32, a: P, offset_a: i64,
                                      lda: i32, stride_a: i64, x: P, offset_x: i64, incx: i32, stride_x: i64,
                                      batch_count: i32, _w_completed_sec: *mut i32) -> rocblas_status {
                let (a, x) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, x, offset_x, stride_x));
                call("rocblas_internal_trsv_template", move || unsafe {
                    level2::trsv::<$T, i32>(handle, uplo, trans, diag, m, a, lda, std::ptr::null(), x, incx, batch_count)
                })
            }
        };
    )*};
}

gemv! {
    f32, Strided: export_name = "_Z30rocblas_internal_gemv_templateIfE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lS6_lilS6_lilS6_lPS4_liliS7_";
    f32, Array: export_name = "_Z38rocblas_internal_gemv_batched_templateIfE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lPKS6_lilS8_lilS6_lPKPS4_liliS9_";
    f64, Strided: export_name = "_Z30rocblas_internal_gemv_templateIdE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lS6_lilS6_lilS6_lPS4_liliS7_";
    f64, Array: export_name = "_Z38rocblas_internal_gemv_batched_templateIdE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lPKS6_lilS8_lilS6_lPKPS4_liliS9_";
    C32, Strided: export_name = "_Z30rocblas_internal_gemv_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lS8_lilS8_lilS8_lPS6_liliS9_";
    C32, Array: export_name = "_Z38rocblas_internal_gemv_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lPKS8_lilSA_lilS8_lPKPS6_liliSB_";
    C64, Strided: export_name = "_Z30rocblas_internal_gemv_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lS8_lilS8_lilS8_lPS6_liliS9_";
    C64, Array: export_name = "_Z38rocblas_internal_gemv_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT_lPKS8_lilSA_lilS8_lPKPS6_liliSB_";
}

ger! {
    f32, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateIfE15rocblas_status_P15_rocblas_handleiiPKT_lS5_lilS5_lilPS3_lili";
    f32, Array, conj false: export_name = "_Z37rocblas_internal_ger_batched_templateIfE15rocblas_status_P15_rocblas_handleiiPKT_lPKS5_lilS7_lilPKPS3_lili";
    f64, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateIdE15rocblas_status_P15_rocblas_handleiiPKT_lS5_lilS5_lilPS3_lili";
    f64, Array, conj false: export_name = "_Z37rocblas_internal_ger_batched_templateIdE15rocblas_status_P15_rocblas_handleiiPKT_lPKS5_lilS7_lilPKPS3_lili";
    C32, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handleiiPKT_lS7_lilS7_lilPS5_lili";
    C32, Strided, conj true: export_name = "_Z30rocblas_internal_gerc_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handleiiPKT_lS7_lilS7_lilPS5_lili";
    C32, Array, conj false: export_name = "_Z37rocblas_internal_ger_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handleiiPKT_lPKS7_lilS9_lilPKPS5_lili";
    C32, Array, conj true: export_name = "_Z38rocblas_internal_gerc_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handleiiPKT_lPKS7_lilS9_lilPKPS5_lili";
    C64, Strided, conj false: export_name = "_Z29rocblas_internal_ger_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handleiiPKT_lS7_lilS7_lilPS5_lili";
    C64, Strided, conj true: export_name = "_Z30rocblas_internal_gerc_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handleiiPKT_lS7_lilS7_lilPS5_lili";
    C64, Array, conj false: export_name = "_Z37rocblas_internal_ger_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handleiiPKT_lPKS7_lilS9_lilPKPS5_lili";
    C64, Array, conj true: export_name = "_Z38rocblas_internal_gerc_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handleiiPKT_lPKS7_lilS9_lilPKPS5_lili";
}

ger! {
    int i64;
    f32, Strided, conj false: export_name = "_Z32rocblas_internal_ger_template_64IfE15rocblas_status_P15_rocblas_handlellPKT_lS5_lllS5_lllPS3_llll";
    f32, Array, conj false: export_name = "_Z40rocblas_internal_ger_batched_template_64IfE15rocblas_status_P15_rocblas_handlellPKT_lPKS5_lllS7_lllPKPS3_llll";
    f64, Strided, conj false: export_name = "_Z32rocblas_internal_ger_template_64IdE15rocblas_status_P15_rocblas_handlellPKT_lS5_lllS5_lllPS3_llll";
    f64, Array, conj false: export_name = "_Z40rocblas_internal_ger_batched_template_64IdE15rocblas_status_P15_rocblas_handlellPKT_lPKS5_lllS7_lllPKPS3_llll";
    C32, Strided, conj false: export_name = "_Z32rocblas_internal_ger_template_64I19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handlellPKT_lS7_lllS7_lllPS5_llll";
    C32, Strided, conj true: export_name = "_Z33rocblas_internal_gerc_template_64I19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handlellPKT_lS7_lllS7_lllPS5_llll";
    C32, Array, conj false: export_name = "_Z40rocblas_internal_ger_batched_template_64I19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handlellPKT_lPKS7_lllS9_lllPKPS5_llll";
    C32, Array, conj true: export_name = "_Z41rocblas_internal_gerc_batched_template_64I19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handlellPKT_lPKS7_lllS9_lllPKPS5_llll";
    C64, Strided, conj false: export_name = "_Z32rocblas_internal_ger_template_64I19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handlellPKT_lS7_lllS7_lllPS5_llll";
    C64, Strided, conj true: export_name = "_Z33rocblas_internal_gerc_template_64I19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handlellPKT_lS7_lllS7_lllPS5_llll";
    C64, Array, conj false: export_name = "_Z40rocblas_internal_ger_batched_template_64I19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handlellPKT_lPKS7_lllS9_lllPKPS5_llll";
    C64, Array, conj true: export_name = "_Z41rocblas_internal_gerc_batched_template_64I19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handlellPKT_lPKS7_lllS9_lllPKPS5_llll";
}

hemv_symv! {
    f32, Strided, herm false: export_name = "_Z30rocblas_internal_symv_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lS6_lilS6_lilS6_lPS4_liliS7_";
    f32, Array, herm false: export_name = "_Z38rocblas_internal_symv_batched_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lPKS6_lilS8_lilS6_lPKPS4_liliS9_";
    f64, Strided, herm false: export_name = "_Z30rocblas_internal_symv_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lS6_lilS6_lilS6_lPS4_liliS7_";
    f64, Array, herm false: export_name = "_Z38rocblas_internal_symv_batched_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lPKS6_lilS8_lilS6_lPKPS4_liliS9_";
    C32, Strided, herm true: export_name = "_Z30rocblas_internal_hemv_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lS8_lilS8_lilS8_lPS6_liliS9_";
    C32, Array, herm true: export_name = "_Z38rocblas_internal_hemv_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lPKS8_lilSA_lilS8_lPKPS6_liliSB_";
    C64, Strided, herm true: export_name = "_Z30rocblas_internal_hemv_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lS8_lilS8_lilS8_lPS6_liliS9_";
    C64, Array, herm true: export_name = "_Z38rocblas_internal_hemv_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_lPKS8_lilSA_lilS8_lPKPS6_liliSB_";
}

syr2! {
    f32, Strided, herm false: export_name = "_Z30rocblas_internal_syr2_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_S6_lilS6_lilPS4_illi";
    f32, Array, herm false: export_name = "_Z38rocblas_internal_syr2_batched_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_PKS6_lilS8_lilPKPS4_illi";
    f64, Strided, herm false: export_name = "_Z30rocblas_internal_syr2_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_S6_lilS6_lilPS4_illi";
    f64, Array, herm false: export_name = "_Z38rocblas_internal_syr2_batched_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_PKS6_lilS8_lilPKPS4_illi";
    C32, Strided, herm true: export_name = "_Z30rocblas_internal_her2_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_S8_lilS8_lilPS6_illi";
    C32, Array, herm true: export_name = "_Z38rocblas_internal_her2_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_PKS8_lilSA_lilPKPS6_illi";
    C64, Strided, herm true: export_name = "_Z30rocblas_internal_her2_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_S8_lilS8_lilPS6_illi";
    C64, Array, herm true: export_name = "_Z38rocblas_internal_her2_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT_PKS8_lilSA_lilPKPS6_illi";
}

trmv! {
    f32, Strided: export_name = "_Z30rocblas_internal_trmv_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS6_lilS9_li";
    f32, Array: export_name = "_Z38rocblas_internal_trmv_batched_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS6_lilSB_li";
    f64, Strided: export_name = "_Z30rocblas_internal_trmv_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS6_lilS9_li";
    f64, Array: export_name = "_Z38rocblas_internal_trmv_batched_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS6_lilSB_li";
    C32, Strided: export_name = "_Z30rocblas_internal_trmv_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS8_lilSB_li";
    C32, Array: export_name = "_Z38rocblas_internal_trmv_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS8_lilSD_li";
    C64, Strided: export_name = "_Z30rocblas_internal_trmv_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS8_lilSB_li";
    C64, Array: export_name = "_Z38rocblas_internal_trmv_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS8_lilSD_li";
}

trsv! {
    f32, Strided: export_name = "_Z30rocblas_internal_trsv_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS6_liliPi";
    f32, Array: export_name = "_Z38rocblas_internal_trsv_batched_templateIfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS6_liliPi";
    f64, Strided: export_name = "_Z30rocblas_internal_trsv_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS6_liliPi";
    f64, Array: export_name = "_Z38rocblas_internal_trsv_batched_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS6_liliPi";
    C32, Strided: export_name = "_Z30rocblas_internal_trsv_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS8_liliPi";
    C32, Array: export_name = "_Z38rocblas_internal_trsv_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS8_liliPi";
    C64, Strided: export_name = "_Z30rocblas_internal_trsv_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKT_lilPS8_liliPi";
    C64, Array: export_name = "_Z38rocblas_internal_trsv_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iPKPKT_lilPKPS8_liliPi";
}
