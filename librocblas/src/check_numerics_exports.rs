//! The C++ exports of rocBLAS's numerics checks, one line per pointer form and type:
//! `T*` and `const T*` (strided batches), `T* const*` and `const T* const*` (pointer
//! arrays), for float, double, the two complex types, rocblas_half and rocblas_bfloat16:
//! rocBLAS 2.47's (`rocblas_int` sizes, librocblas.so.0) and 4.x/5.x's (`int64_t` sizes,
//! librocblas.so.4 and .so.5).

use crate::blas1::exec::Src;
use crate::blas1::num::{C32, C64};
use crate::check_numerics;
use crate::types::*;
use half::{bf16, f16};
use std::ffi::{c_char, c_void};

fn src(form: &str, p: *const c_void, stride: rocblas_stride) -> Src {
    if form == "array" {
        Src::array(p)
    } else {
        Src::strided(p, stride)
    }
}

/// One line: element type, pointer form, the two exported names. rocBLAS 2.47's forms take
/// `rocblas_int` sizes and check nothing for `inc_x <= 0`; 4.x/5.x's (`int i64;` first)
/// take `int64_t` sizes and check the vector whichever way its increment runs.
macro_rules! check_numerics_exports {
    (int $I:ty, skip_nonpositive_inc $skip:literal;
     $($T:ty, $form:ident: vector export_name = $v:literal, matrix export_name = $m:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $v)]
            #[allow(clippy::too_many_arguments)]
            pub unsafe extern "C" fn vector(function: *const c_char, handle: rocblas_handle, n: $I, x: *const c_void,
                                            offset_x: rocblas_stride, inc_x: $I, stride_x: rocblas_stride,
                                            batch_count: $I, mode: i32, is_input: bool) -> rocblas_status {
                if $skip && inc_x <= 0 {
                    return rocblas_status_success;
                }
                let x = src(stringify!($form), x, stride_x);
                oxrocm_ffi::boundary::guard("rocblas_internal_check_numerics_vector_template", rocblas_status_internal_error, move || {
                    check_numerics::vector::<$T>(function, handle, n.into(), x, offset_x, inc_x.into(), batch_count.into(), mode,
                        is_input)
                })
            }
            #[unsafe(export_name = $m)]
            #[allow(clippy::too_many_arguments)]
            pub unsafe extern "C" fn matrix(function: *const c_char, handle: rocblas_handle, trans: i32, uplo: i32, kind: i32,
                                            m: $I, n: $I, a: *const c_void, offset_a: rocblas_stride, lda: $I,
                                            stride_a: rocblas_stride, batch_count: $I, mode: i32,
                                            is_input: bool) -> rocblas_status {
                let a = src(stringify!($form), a, stride_a);
                oxrocm_ffi::boundary::guard("rocblas_internal_check_numerics_matrix_template", rocblas_status_internal_error, move || {
                    check_numerics::matrix::<$T>(function, handle, trans, uplo, kind, m.into(), n.into(), a, offset_a, lda.into(),
                        batch_count.into(), mode, is_input)
                })
            }
        };
    )*};
    ($($line:tt)*) => { check_numerics_exports! { int rocblas_int, skip_nonpositive_inc true; $($line)* } };
}

// rocBLAS 2.47 (librocblas.so.0)
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

// rocBLAS 4.x/5.x (librocblas.so.4, .so.5)
check_numerics_exports! {
    int i64, skip_nonpositive_inc false;
    f32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPfE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKfE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPfE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPKfE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPKfE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPdE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKdE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPdE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPKdE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPKdE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C32, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKP19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C32, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPK19rocblas_complex_numIfEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C64, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKP19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    C64, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPK19rocblas_complex_numIdEE15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPDF16_E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKDF16_E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPDF16_E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    f16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPKDF16_E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPKDF16_E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    bf16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    bf16, strided: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    bf16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKP16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
    bf16, array: vector export_name = "_Z47rocblas_internal_check_numerics_vector_templateIPKPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handlelT_llllib",
        matrix export_name = "_Z47rocblas_internal_check_numerics_matrix_templateIPKPK16rocblas_bfloat16E15rocblas_status_PKcP15_rocblas_handle18rocblas_operation_13rocblas_fill_26rocblas_check_matrix_type_llT_llllib";
}
