//! The C++ exports of rocBLAS's numerics checks, one line per pointer form and type:
//! `T*` and `const T*` (strided batches), `T* const*` and `const T* const*` (pointer
//! arrays), for float, double, the two complex types, rocblas_half and rocblas_bfloat16.

use crate::blas1::exec::Src;
use crate::blas1::num::{C32, C64};
use crate::check_numerics;
use crate::types::*;
use half::{bf16, f16};
use std::ffi::{c_char, c_void};

fn src(form: &str, p: *const c_void, stride: rocblas_stride) -> Src {
    if form == "array" { Src::array(p) } else { Src::strided(p, stride) }
}

macro_rules! check_numerics_exports {
    ($($T:ty, $form:ident: vector export_name = $v:literal, matrix export_name = $m:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $v)]
            #[allow(clippy::too_many_arguments)]
            pub unsafe extern "C" fn vector(function: *const c_char, handle: rocblas_handle, n: rocblas_int, x: *const c_void,
                                            offset_x: rocblas_stride, inc_x: rocblas_int, stride_x: rocblas_stride,
                                            batch_count: rocblas_int, mode: i32, is_input: bool) -> rocblas_status {
                let x = src(stringify!($form), x, stride_x);
                oxrocm_ffi::boundary::guard("rocblas_internal_check_numerics_vector_template", rocblas_status_internal_error, move || {
                    check_numerics::vector::<$T>(function, handle, n, x, offset_x, inc_x, batch_count, mode, is_input)
                })
            }
            #[unsafe(export_name = $m)]
            #[allow(clippy::too_many_arguments)]
            pub unsafe extern "C" fn matrix(function: *const c_char, handle: rocblas_handle, trans: i32, uplo: i32, kind: i32,
                                            m: rocblas_int, n: rocblas_int, a: *const c_void, offset_a: rocblas_stride,
                                            lda: rocblas_int, stride_a: rocblas_stride, batch_count: rocblas_int, mode: i32,
                                            is_input: bool) -> rocblas_status {
                let a = src(stringify!($form), a, stride_a);
                oxrocm_ffi::boundary::guard("rocblas_internal_check_numerics_matrix_template", rocblas_status_internal_error, move || {
                    check_numerics::matrix::<$T>(function, handle, trans, uplo, kind, m, n, a, offset_a, lda, batch_count, mode, is_input)
                })
            }
        };
    )*};
}

check_numerics_exports! {
    f32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPfE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKfE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPfE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPKfE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPKfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPdE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKdE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPdE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPKdE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPKdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    C64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPDF16_E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKDF16_E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPDF16_E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    f16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPKDF16_E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPKDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    bf16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    bf16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    bf16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
    bf16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handleiT_liliib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_iiT_liliib";
}
