//! The Level-1 instantiations of rocBLAS 4.x/5.x: `rocblas_internal_axpy_template<T>`
//! (and `_batched_`), `_scal_template<T, Tex>` (Tex real for csscal/zdscal; and `_64`),
//! `_dot_template<T, T>` / `_dotc_template<T, T>` (and `_batched_`). The parameters are
//! 2.47's, so 2.47's declaration macros make them; one line per instantiation: element type
//! (alpha's type for scal), pointer form (`_batched_`: pointer arrays), conjugation, name.

use super::super::exports1::{axpy, dot, scal};
use super::super::level1;
use super::super::part::{Form, at, call};
use crate::blas1::num::{C32, C64};
use crate::types::*;
use half::f16;
use std::ffi::c_void;

type P = *const c_void;

axpy! {
    f32, Strided: export_name = "_Z30rocblas_internal_axpy_templateIfE15rocblas_status_P15_rocblas_handleiPKT_lS5_lilPS3_lili";
    f32, Array: export_name = "_Z38rocblas_internal_axpy_batched_templateIfE15rocblas_status_P15_rocblas_handleiPKT_lPKS5_lilPKPS3_lili";
    f64, Strided: export_name = "_Z30rocblas_internal_axpy_templateIdE15rocblas_status_P15_rocblas_handleiPKT_lS5_lilPS3_lili";
    f64, Array: export_name = "_Z38rocblas_internal_axpy_batched_templateIdE15rocblas_status_P15_rocblas_handleiPKT_lPKS5_lilPKPS3_lili";
    C32, Strided: export_name = "_Z30rocblas_internal_axpy_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handleiPKT_lS7_lilPS5_lili";
    C32, Array: export_name = "_Z38rocblas_internal_axpy_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handleiPKT_lPKS7_lilPKPS5_lili";
    C64, Strided: export_name = "_Z30rocblas_internal_axpy_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handleiPKT_lS7_lilPS5_lili";
    C64, Array: export_name = "_Z38rocblas_internal_axpy_batched_templateI19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handleiPKT_lPKS7_lilPKPS5_lili";
    f16, Strided: export_name = "_Z30rocblas_internal_axpy_templateIDF16_E15rocblas_status_P15_rocblas_handleiPKT_lS5_lilPS3_lili";
}

scal! {
    f32, f32, Strided: export_name = "_Z30rocblas_internal_scal_templateIffE15rocblas_status_P15_rocblas_handleiPKT0_lPT_lili";
    f32, f32, Array: export_name = "_Z38rocblas_internal_scal_batched_templateIffE15rocblas_status_P15_rocblas_handleiPKT0_lPKPT_lili";
    f64, f64, Strided: export_name = "_Z30rocblas_internal_scal_templateIddE15rocblas_status_P15_rocblas_handleiPKT0_lPT_lili";
    f64, f64, Array: export_name = "_Z38rocblas_internal_scal_batched_templateIddE15rocblas_status_P15_rocblas_handleiPKT0_lPKPT_lili";
    C32, C32, Strided: export_name = "_Z30rocblas_internal_scal_templateI19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handleiPKT0_lPT_lili";
    C32, f32, Strided: export_name = "_Z30rocblas_internal_scal_templateI19rocblas_complex_numIfEfE15rocblas_status_P15_rocblas_handleiPKT0_lPT_lili";
    C32, C32, Array: export_name = "_Z38rocblas_internal_scal_batched_templateI19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handleiPKT0_lPKPT_lili";
    C64, C64, Strided: export_name = "_Z30rocblas_internal_scal_templateI19rocblas_complex_numIdES1_E15rocblas_status_P15_rocblas_handleiPKT0_lPT_lili";
    C64, f64, Strided: export_name = "_Z30rocblas_internal_scal_templateI19rocblas_complex_numIdEdE15rocblas_status_P15_rocblas_handleiPKT0_lPT_lili";
    C64, C64, Array: export_name = "_Z38rocblas_internal_scal_batched_templateI19rocblas_complex_numIdES1_E15rocblas_status_P15_rocblas_handleiPKT0_lPKPT_lili";
}

scal! {
    int i64;
    f32, f32, Strided: export_name = "_Z33rocblas_internal_scal_template_64IffE15rocblas_status_P15_rocblas_handlelPKT0_lPT_llll";
    f32, f32, Array: export_name = "_Z41rocblas_internal_scal_batched_template_64IffE15rocblas_status_P15_rocblas_handlelPKT0_lPKPT_llll";
    f64, f64, Strided: export_name = "_Z33rocblas_internal_scal_template_64IddE15rocblas_status_P15_rocblas_handlelPKT0_lPT_llll";
    f64, f64, Array: export_name = "_Z41rocblas_internal_scal_batched_template_64IddE15rocblas_status_P15_rocblas_handlelPKT0_lPKPT_llll";
    C32, C32, Strided: export_name = "_Z33rocblas_internal_scal_template_64I19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handlelPKT0_lPT_llll";
    C32, C32, Array: export_name = "_Z41rocblas_internal_scal_batched_template_64I19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handlelPKT0_lPKPT_llll";
    C64, C64, Strided: export_name = "_Z33rocblas_internal_scal_template_64I19rocblas_complex_numIdES1_E15rocblas_status_P15_rocblas_handlelPKT0_lPT_llll";
    C64, C64, Array: export_name = "_Z41rocblas_internal_scal_batched_template_64I19rocblas_complex_numIdES1_E15rocblas_status_P15_rocblas_handlelPKT0_lPKPT_llll";
}

dot! {
    f32, Strided, conj false: export_name = "_Z29rocblas_internal_dot_templateIffE15rocblas_status_P15_rocblas_handleiPKT_lilS5_liliPS3_PT0_";
    f32, Array, conj false: export_name = "_Z37rocblas_internal_dot_batched_templateIffE15rocblas_status_P15_rocblas_handleiPKPKT_lilS7_liliPS3_PT0_";
    f64, Strided, conj false: export_name = "_Z29rocblas_internal_dot_templateIddE15rocblas_status_P15_rocblas_handleiPKT_lilS5_liliPS3_PT0_";
    f64, Array, conj false: export_name = "_Z37rocblas_internal_dot_batched_templateIddE15rocblas_status_P15_rocblas_handleiPKPKT_lilS7_liliPS3_PT0_";
    C32, Strided, conj true: export_name = "_Z30rocblas_internal_dotc_templateI19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handleiPKT_lilS7_liliPS5_PT0_";
    C32, Array, conj true: export_name = "_Z38rocblas_internal_dotc_batched_templateI19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handleiPKPKT_lilS9_liliPS5_PT0_";
    C64, Strided, conj true: export_name = "_Z30rocblas_internal_dotc_templateI19rocblas_complex_numIdES1_E15rocblas_status_P15_rocblas_handleiPKT_lilS7_liliPS5_PT0_";
    C64, Array, conj true: export_name = "_Z38rocblas_internal_dotc_batched_templateI19rocblas_complex_numIdES1_E15rocblas_status_P15_rocblas_handleiPKPKT_lilS9_liliPS5_PT0_";
}
