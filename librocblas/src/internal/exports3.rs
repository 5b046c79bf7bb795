//! The Level-3 instantiations rocSOLVER imports: `rocblas_internal_gemm_template`,
//! `_symm_template`, `_syrk_template`, `_herk_template`, `_syr2k_her2k_template`,
//! `_trmm_template`, `_trsm_template` and `_trtri_template`, for strided batches and
//! pointer arrays. One line per instantiation: element type (and the scalars' types, the
//! variant), pointer form, exported name.

use super::level3;
use super::part::{Form, at, call};
use crate::blas1::num::{C32, C64};
use crate::blas3::sym::kern::RankK;
use crate::types::*;
use std::ffi::c_void;

type P = *const c_void;

/// `gemm_template<BATCHED, T, TConstPtr, TPtr>(handle, trans_a, trans_b, m, n, k, alpha, A,
/// offset_a, lda, stride_a, B, offset_b, ldb, stride_b, beta, C, offset_c, ldc, stride_c,
/// batch_count)`.
macro_rules! gemm {
    (int $I:ty; $($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn gemm(handle: rocblas_handle, trans_a: i32, trans_b: i32, m: $I, n: $I, k: $I,
                                      alpha: *const $T, a: P, offset_a: i64, lda: $I, stride_a: i64, b: P, offset_b: i64,
                                      ldb: $I, stride_b: i64, beta: *const $T, c: P, offset_c: i64, ldc: $I,
                                      stride_c: i64, batch_count: $I) -> rocblas_status {
                let (a, b) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, b, offset_b, stride_b));
                let c = at::<$T>(Form::$form, c, offset_c, stride_c);
                call("rocblas_internal_gemm_template", move || unsafe {
                    level3::gemm::<$T, $I>(handle, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, batch_count)
                })
            }
        };
    )*};
    ($($line:tt)*) => { gemm! { int i32; $($line)* } };
}
pub(super) use gemm;

/// `symm_template<BATCHED, HERM, T, const T*, TConstPtr, TPtr>(handle, side, uplo, m, n,
/// alpha, A, offset_a, lda, stride_a, B, offset_b, ldb, stride_b, beta, C, offset_c, ldc,
/// stride_c, batch_count)`.
macro_rules! symm {
    ($($T:ty, $form:ident, herm $herm:literal: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn symm(handle: rocblas_handle, side: i32, uplo: i32, m: i32, n: i32, alpha: *const $T, a: P,
                                      offset_a: i64, lda: i32, stride_a: i64, b: P, offset_b: i64, ldb: i32, stride_b: i64,
                                      beta: *const $T, c: P, offset_c: i64, ldc: i32, stride_c: i64,
                                      batch_count: i32) -> rocblas_status {
                let (a, b) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, b, offset_b, stride_b));
                let c = at::<$T>(Form::$form, c, offset_c, stride_c);
                call("rocblas_internal_symm_template", move || unsafe {
                    level3::symm::<$T, _>(handle, $herm, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc, batch_count)
                })
            }
        };
    )*};
}
pub(super) use symm;

/// `syrk_template<NB, BATCHED, T, const S*, TConstPtr, TPtr>` and `herk_template<...>`
/// (S real): `(handle, uplo, trans, n, k, alpha, A, offset_a, lda, stride_a, beta, C,
/// offset_c, ldc, stride_c, batch_count)`.
macro_rules! syrk_herk {
    ($($T:ty, $S:ty, $form:ident, $kind:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn syrk(handle: rocblas_handle, uplo: i32, trans: i32, n: i32, k: i32, alpha: *const $S, a: P,
                                      offset_a: i64, lda: i32, stride_a: i64, beta: *const $S, c: P, offset_c: i64, ldc: i32,
                                      stride_c: i64, batch_count: i32) -> rocblas_status {
                let (a, c) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, c, offset_c, stride_c));
                let name = if RankK::$kind.herm() { "rocblas_internal_herk_template" } else { "rocblas_internal_syrk_template" };
                call(name, move || unsafe {
                    level3::rank_k::<$T, $S, $S, _>(handle, RankK::$kind, uplo, trans, n, k, alpha, a, lda, a, lda, beta, c, ldc,
                        batch_count)
                })
            }
        };
    )*};
}
pub(super) use syrk_herk;

/// `syr2k_her2k_template<NB, BATCHED, TWOK, HERK, T, U, TConstPtr, TPtr>(handle, uplo,
/// trans, n, k, alpha, A, offset_a, lda, stride_a, B, offset_b, ldb, stride_b, beta (a U),
/// C, offset_c, ldc, stride_c, batch_count)`.
macro_rules! syr2k_her2k {
    ($($T:ty, $U:ty, $form:ident, $kind:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn syr2k(handle: rocblas_handle, uplo: i32, trans: i32, n: i32, k: i32, alpha: *const $T, a: P,
                                       offset_a: i64, lda: i32, stride_a: i64, b: P, offset_b: i64, ldb: i32, stride_b: i64,
                                       beta: *const $U, c: P, offset_c: i64, ldc: i32, stride_c: i64,
                                       batch_count: i32) -> rocblas_status {
                let (a, b) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, b, offset_b, stride_b));
                let c = at::<$T>(Form::$form, c, offset_c, stride_c);
                call("rocblas_internal_syr2k_her2k_template", move || unsafe {
                    level3::rank_k::<$T, $T, $U, _>(handle, RankK::$kind, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                        batch_count)
                })
            }
        };
    )*};
}
pub(super) use syr2k_her2k;

/// `trmm_template<NB, BATCHED, T, const T, TConstPtr, TPtr>(handle, side, uplo, trans,
/// diag, m, n, alpha, stride_alpha, A, offset_a, lda, stride_a, B, offset_b, ldb, stride_b,
/// C, offset_c, ldc, stride_c, batch_count)`.
macro_rules! trmm {
    ($($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn trmm(handle: rocblas_handle, side: i32, uplo: i32, trans: i32, diag: i32, m: i32, n: i32,
                                      alpha: *const $T, stride_alpha: i64, a: P, offset_a: i64, lda: i32, stride_a: i64, b: P,
                                      offset_b: i64, ldb: i32, stride_b: i64, c: P, offset_c: i64, ldc: i32, stride_c: i64,
                                      batch_count: i32) -> rocblas_status {
                let (a, b) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, b, offset_b, stride_b));
                let c = at::<$T>(Form::$form, c, offset_c, stride_c);
                call("rocblas_internal_trmm_template", move || unsafe {
                    level3::trmm::<$T, _>(handle, side, uplo, trans, diag, m, n, alpha, stride_alpha, a, lda, b, ldb, c, ldc,
                        batch_count)
                })
            }
        };
    )*};
}
pub(super) use trmm;

/// `trsm_template<BLOCK, DIM_X, BATCHED, T, TConstPtr, TPtr>(handle, side, uplo, trans,
/// diag, m, n, alpha, A, offset_a, lda, stride_a, B, offset_b, ldb, stride_b, batch_count,
/// optimal_mem, w_x_temp, w_x_temparr, invA, invAarr, supplied_invA, supplied_invA_size,
/// offset_invA, stride_invA)`: the workspace and a supplied inverse are not needed.
macro_rules! trsm {
    (int $I:ty; $($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn trsm(handle: rocblas_handle, side: i32, uplo: i32, trans: i32, diag: i32, m: $I, n: $I,
                                      alpha: *const $T, a: P, offset_a: i64, lda: $I, stride_a: i64, b: P, offset_b: i64,
                                      ldb: $I, stride_b: i64, batch_count: $I, _optimal_mem: bool, _w_x_temp: *mut c_void,
                                      _w_x_temparr: *mut c_void, _inv_a: *mut c_void, _inv_a_arr: *mut c_void,
                                      _supplied_inv_a: P, _supplied_inv_a_size: $I, _offset_inv_a: i64,
                                      _stride_inv_a: i64) -> rocblas_status {
                let (a, b) = (at::<$T>(Form::$form, a, offset_a, stride_a), at::<$T>(Form::$form, b, offset_b, stride_b));
                call("rocblas_internal_trsm_template", move || unsafe {
                    level3::trsm::<$T, $I>(handle, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb, batch_count)
                })
            }
        };
    )*};
    ($($line:tt)*) => { trsm! { int i32; $($line)* } };
}
pub(super) use trsm;

/// `trtri_template<NB, BATCHED, STRIDED, T, TConstPtr, TPtr>(handle, uplo, diag, n, A,
/// offset_a, lda, stride_a, sub_stride_a, invA, offset_inv, ldinv, stride_inv,
/// sub_stride_inv, batch_count, sub_batch_count, w_C_tmp)`.
macro_rules! trtri {
    ($($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn trtri(handle: rocblas_handle, uplo: i32, diag: i32, n: i32, a: P, offset_a: i64, lda: i32,
                                       stride_a: i64, sub_stride_a: i64, inv: P, offset_inv: i64, ldinv: i32, stride_inv: i64,
                                       sub_stride_inv: i64, batch_count: i32, sub_batch_count: i32,
                                       _w_c_tmp: P) -> rocblas_status {
                let a = at::<$T>(Form::$form, a, offset_a, stride_a);
                let inv = at::<$T>(Form::$form, inv, offset_inv, stride_inv);
                call("rocblas_internal_trtri_template", move || unsafe {
                    level3::trtri::<$T, _>(handle, uplo, diag, n, a, lda, sub_stride_a, inv, ldinv, sub_stride_inv, batch_count,
                        sub_batch_count)
                })
            }
        };
    )*};
}
pub(super) use trtri;

gemm! {
    C32, Array: export_name = "_Z30rocblas_internal_gemm_templateILb1E19rocblas_complex_numIfEPKS1_KPS1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_S9_iiiPKT0_PKT1_lilSF_lilSC_PT2_lili";
    C32, Strided: export_name = "_Z30rocblas_internal_gemm_templateILb0E19rocblas_complex_numIfES1_S1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_S5_iiiPKT0_PKT1_lilSB_lilS8_PT2_lili";
    C64, Array: export_name = "_Z30rocblas_internal_gemm_templateILb1E19rocblas_complex_numIdEPKS1_KPS1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_S9_iiiPKT0_PKT1_lilSF_lilSC_PT2_lili";
    C64, Strided: export_name = "_Z30rocblas_internal_gemm_templateILb0E19rocblas_complex_numIdES1_S1_E15rocblas_status_P15_rocblas_handle18rocblas_operation_S5_iiiPKT0_PKT1_lilSB_lilS8_PT2_lili";
    f32, Array: export_name = "_Z30rocblas_internal_gemm_templateILb1EfPKfKPfE15rocblas_status_P15_rocblas_handle18rocblas_operation_S7_iiiPKT0_PKT1_lilSD_lilSA_PT2_lili";
    f32, Strided: export_name = "_Z30rocblas_internal_gemm_templateILb0EfffE15rocblas_status_P15_rocblas_handle18rocblas_operation_S3_iiiPKT0_PKT1_lilS9_lilS6_PT2_lili";
    f64, Array: export_name = "_Z30rocblas_internal_gemm_templateILb1EdPKdKPdE15rocblas_status_P15_rocblas_handle18rocblas_operation_S7_iiiPKT0_PKT1_lilSD_lilSA_PT2_lili";
    f64, Strided: export_name = "_Z30rocblas_internal_gemm_templateILb0EdddE15rocblas_status_P15_rocblas_handle18rocblas_operation_S3_iiiPKT0_PKT1_lilS9_lilS6_PT2_lili";
}

symm! {
    C32, Array, herm true: export_name = "_Z30rocblas_internal_symm_templateILb1ELb1E19rocblas_complex_numIfEPKS1_PKS3_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilSF_lilSE_T4_lili";
    C32, Strided, herm true: export_name = "_Z30rocblas_internal_symm_templateILb0ELb1E19rocblas_complex_numIfEPKS1_S3_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilSB_lilSA_T4_lili";
    C64, Array, herm true: export_name = "_Z30rocblas_internal_symm_templateILb1ELb1E19rocblas_complex_numIdEPKS1_PKS3_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilSF_lilSE_T4_lili";
    C64, Strided, herm true: export_name = "_Z30rocblas_internal_symm_templateILb0ELb1E19rocblas_complex_numIdEPKS1_S3_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilSB_lilSA_T4_lili";
    f32, Array, herm false: export_name = "_Z30rocblas_internal_symm_templateILb1ELb0EfPKfPKS1_PKPfE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilSD_lilSC_T4_lili";
    f32, Strided, herm false: export_name = "_Z30rocblas_internal_symm_templateILb0ELb0EfPKfS1_PfE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilS9_lilS8_T4_lili";
    f64, Array, herm false: export_name = "_Z30rocblas_internal_symm_templateILb1ELb0EdPKdPKS1_PKPdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilSD_lilSC_T4_lili";
    f64, Strided, herm false: export_name = "_Z30rocblas_internal_symm_templateILb0ELb0EdPKdS1_PdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilS9_lilS8_T4_lili";
}

syrk_herk! {
    f32, f32, Array, Syrk: export_name = "_Z30rocblas_internal_syrk_templateILi16ELb1EfPKfPKS1_PKPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilSC_T4_lili";
    f32, f32, Strided, Syrk: export_name = "_Z30rocblas_internal_syrk_templateILi32ELb0EfPKfS1_PfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilS8_T4_lili";
    f64, f64, Array, Syrk: export_name = "_Z30rocblas_internal_syrk_templateILi16ELb1EdPKdPKS1_PKPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilSC_T4_lili";
    f64, f64, Strided, Syrk: export_name = "_Z30rocblas_internal_syrk_templateILi32ELb0EdPKdS1_PdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilS8_T4_lili";
    C32, f32, Array, Herk: export_name = "_Z30rocblas_internal_herk_templateILi8ELb1E19rocblas_complex_numIfEPKfPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilSG_T4_lili";
    C32, f32, Strided, Herk: export_name = "_Z30rocblas_internal_herk_templateILi64ELb0E19rocblas_complex_numIfEPKfPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilSC_T4_lili";
    C64, f64, Array, Herk: export_name = "_Z30rocblas_internal_herk_templateILi8ELb1E19rocblas_complex_numIdEPKdPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilSG_T4_lili";
    C64, f64, Strided, Herk: export_name = "_Z30rocblas_internal_herk_templateILi128ELb0E19rocblas_complex_numIdEPKdPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilSC_T4_lili";
}

syr2k_her2k! {
    C32, f32, Array, Her2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi8ELb1ELb1ELb1E19rocblas_complex_numIfEfPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSH_lilPKT4_T6_lili";
    C32, f32, Strided, Her2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi32ELb0ELb1ELb1E19rocblas_complex_numIfEfPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSD_lilPKT4_T6_lili";
    C64, f64, Array, Her2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi8ELb1ELb1ELb1E19rocblas_complex_numIdEdPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSH_lilPKT4_T6_lili";
    C64, f64, Strided, Her2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi32ELb0ELb1ELb1E19rocblas_complex_numIdEdPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSD_lilPKT4_T6_lili";
    f32, f32, Array, Syr2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi16ELb1ELb1ELb0EffPKPKfPKPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSF_lilPKT4_T6_lili";
    f32, f32, Strided, Syr2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi16ELb0ELb1ELb0EffPKfPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSB_lilPKT4_T6_lili";
    f64, f64, Array, Syr2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi16ELb1ELb1ELb0EddPKPKdPKPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSF_lilPKT4_T6_lili";
    f64, f64, Strided, Syr2k: export_name = "_Z37rocblas_internal_syr2k_her2k_templateILi32ELb0ELb1ELb0EddPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSB_lilPKT4_T6_lili";
}

trmm! {
    C32, Array: export_name = "_Z30rocblas_internal_trmm_templateILi16ELb1E19rocblas_complex_numIfEKS1_KPS2_KPS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSH_lilPT4_lili";
    C32, Strided: export_name = "_Z30rocblas_internal_trmm_templateILi16ELb0E19rocblas_complex_numIfEKS1_S2_S1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSD_lilPT4_lili";
    C64, Array: export_name = "_Z30rocblas_internal_trmm_templateILi16ELb1E19rocblas_complex_numIdEKS1_KPS2_KPS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSH_lilPT4_lili";
    C64, Strided: export_name = "_Z30rocblas_internal_trmm_templateILi16ELb0E19rocblas_complex_numIdEKS1_S2_S1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSD_lilPT4_lili";
    f32, Array: export_name = "_Z30rocblas_internal_trmm_templateILi32ELb1EfKfKPS0_KPfE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSF_lilPT4_lili";
    f32, Strided: export_name = "_Z30rocblas_internal_trmm_templateILi32ELb0EfKfS0_fE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSB_lilPT4_lili";
    f64, Array: export_name = "_Z30rocblas_internal_trmm_templateILi32ELb1EdKdKPS0_KPdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSF_lilPT4_lili";
    f64, Strided: export_name = "_Z30rocblas_internal_trmm_templateILi32ELb0EdKdS0_dE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSB_lilPT4_lili";
}

trsm! {
    C32, Array: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi64ELb1E19rocblas_complex_numIfEPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSL_SL_SL_SJ_ill";
    C32, Strided: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi64ELb0E19rocblas_complex_numIfEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSH_SH_SH_SF_ill";
    C64, Array: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi32ELb1E19rocblas_complex_numIdEPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSL_SL_SL_SJ_ill";
    C64, Strided: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi32ELb0E19rocblas_complex_numIdEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSH_SH_SH_SF_ill";
    f32, Array: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi64ELb1EfPKPKfPKPfE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSJ_SJ_SJ_SH_ill";
    f32, Strided: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi64ELb0EfPKfPfE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSF_SF_SF_SD_ill";
    f64, Array: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi64ELb1EdPKPKdPKPdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSJ_SJ_SJ_SH_ill";
    f64, Strided: export_name = "_Z30rocblas_internal_trsm_templateILi128ELi64ELb0EdPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSF_SF_SF_SD_ill";
}

trtri! {
    C32, Array: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb1ELb0E19rocblas_complex_numIfEPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSF_";
    C32, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb0E19rocblas_complex_numIfEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSB_";
    C32, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb1E19rocblas_complex_numIfEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSB_";
    C64, Array: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb1ELb0E19rocblas_complex_numIdEPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSF_";
    C64, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb0E19rocblas_complex_numIdEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSB_";
    C64, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb1E19rocblas_complex_numIdEPKS1_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSB_";
    f32, Array: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb1ELb0EfPKPKfPKPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSD_";
    f32, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb0EfPKfPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiS9_";
    f32, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb1EfPKfPfE15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiS9_";
    f64, Array: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb1ELb0EdPKPKdPKPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiSD_";
    f64, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb0EdPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiS9_";
    f64, Strided: export_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb1EdPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiS9_";
}
