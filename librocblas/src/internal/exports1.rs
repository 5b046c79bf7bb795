//! The Level-1 instantiations rocSOLVER imports: `rocblas_internal_axpy_template`,
//! `_scal_template` and `_dot_template` for float, double and the complex types, each for
//! strided batches and pointer arrays. One line per instantiation: element type, pointer
//! form (and dot's conjugation), exported name.

use super::level1;
use super::part::{Form, at, call};
use crate::blas1::num::{C32, C64};
use crate::types::*;
use std::ffi::c_void;

type P = *const c_void;

/// `axpy_template<NB, T, T, TConstPtr, TPtr>(handle, n, alpha, stride_alpha, x, offset_x,
/// incx, stride_x, y, offset_y, incy, stride_y, batch_count)`.
macro_rules! axpy {
    (int $I:ty; $($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn axpy(handle: rocblas_handle, n: $I, alpha: *const $T, stride_alpha: i64, x: P, offset_x: i64,
                                      incx: $I, stride_x: i64, y: P, offset_y: i64, incy: $I, stride_y: i64,
                                      batch_count: $I) -> rocblas_status {
                let (x, y) = (at::<$T>(Form::$form, x, offset_x, stride_x), at::<$T>(Form::$form, y, offset_y, stride_y));
                call("rocblas_internal_axpy_template", move || unsafe {
                    level1::axpy::<$T, $I>(handle, n, alpha, stride_alpha, x, incx, y, incy, batch_count)
                })
            }
        };
    )*};
    ($($line:tt)*) => { axpy! { int i32; $($line)* } };
}
pub(super) use axpy;

/// `scal_template<NB, T, T, TPtr>(handle, n, alpha, stride_alpha, x, offset_x, incx,
/// stride_x, batch_count)`; one line: x's element type, alpha's, pointer form, name.
macro_rules! scal {
    (int $I:ty; $($T:ty, $A:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn scal(handle: rocblas_handle, n: $I, alpha: *const $A, stride_alpha: i64, x: P, offset_x: i64,
                                      incx: $I, stride_x: i64, batch_count: $I) -> rocblas_status {
                let x = at::<$T>(Form::$form, x, offset_x, stride_x);
                call("rocblas_internal_scal_template", move || unsafe {
                    level1::scal::<$T, $A, $I>(handle, n, alpha, stride_alpha, x, incx, batch_count)
                })
            }
        };
    )*};
    ($($line:tt)*) => { scal! { int i32; $($line)* } };
}
pub(super) use scal;

/// `dot_template<NB, CONJ, T, TConstPtr, T>(handle, n, x, offset_x, incx, stride_x, y,
/// offset_y, incy, stride_y, batch_count, results, workspace)`.
macro_rules! dot {
    ($($T:ty, $form:ident, conj $conj:literal: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn dot(handle: rocblas_handle, n: i32, x: P, offset_x: i64, incx: i32, stride_x: i64, y: P,
                                     offset_y: i64, incy: i32, stride_y: i64, batch_count: i32, results: *mut $T,
                                     _workspace: *mut $T) -> rocblas_status {
                let (x, y) = (at::<$T>(Form::$form, x, offset_x, stride_x), at::<$T>(Form::$form, y, offset_y, stride_y));
                call("rocblas_internal_dot_template", move || unsafe {
                    level1::dot::<$T, i32>(handle, n, x, incx, y, incy, batch_count, results, $conj)
                })
            }
        };
    )*};
}
pub(super) use dot;

axpy! {
    C32, Array: export_name = "_Z30rocblas_internal_axpy_templateILi256E19rocblas_complex_numIfES1_PKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
    C32, Strided: export_name = "_Z30rocblas_internal_axpy_templateILi256E19rocblas_complex_numIfES1_PKS1_PS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
    C64, Array: export_name = "_Z30rocblas_internal_axpy_templateILi256E19rocblas_complex_numIdES1_PKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
    C64, Strided: export_name = "_Z30rocblas_internal_axpy_templateILi256E19rocblas_complex_numIdES1_PKS1_PS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
    f32, Array: export_name = "_Z30rocblas_internal_axpy_templateILi256EffPKPKfPKPfE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
    f32, Strided: export_name = "_Z30rocblas_internal_axpy_templateILi256EffPKfPfE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
    f64, Array: export_name = "_Z30rocblas_internal_axpy_templateILi256EddPKPKdPKPdE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
    f64, Strided: export_name = "_Z30rocblas_internal_axpy_templateILi256EddPKdPdE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili";
}

scal! {
    C32, C32, Array: export_name = "_Z30rocblas_internal_scal_templateILi256E19rocblas_complex_numIfES1_PKPS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
    C32, C32, Strided: export_name = "_Z30rocblas_internal_scal_templateILi256E19rocblas_complex_numIfES1_PS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
    C64, C64, Array: export_name = "_Z30rocblas_internal_scal_templateILi256E19rocblas_complex_numIdES1_PKPS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
    C64, C64, Strided: export_name = "_Z30rocblas_internal_scal_templateILi256E19rocblas_complex_numIdES1_PS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
    f32, f32, Array: export_name = "_Z30rocblas_internal_scal_templateILi256EffPKPfE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
    f32, f32, Strided: export_name = "_Z30rocblas_internal_scal_templateILi256EffPfE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
    f64, f64, Array: export_name = "_Z30rocblas_internal_scal_templateILi256EddPKPdE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
    f64, f64, Strided: export_name = "_Z30rocblas_internal_scal_templateILi256EddPdE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili";
}

dot! {
    C32, Array, conj true: export_name = "_Z29rocblas_internal_dot_templateILi512ELb1E19rocblas_complex_numIfEPKPKS1_S1_E15rocblas_status_P15_rocblas_handleiT2_lilS9_liliPT1_PT3_";
    C32, Strided, conj true: export_name = "_Z29rocblas_internal_dot_templateILi512ELb1E19rocblas_complex_numIfEPKS1_S1_E15rocblas_status_P15_rocblas_handleiT2_lilS7_liliPT1_PT3_";
    C64, Array, conj true: export_name = "_Z29rocblas_internal_dot_templateILi512ELb1E19rocblas_complex_numIdEPKPKS1_S1_E15rocblas_status_P15_rocblas_handleiT2_lilS9_liliPT1_PT3_";
    C64, Strided, conj true: export_name = "_Z29rocblas_internal_dot_templateILi512ELb1E19rocblas_complex_numIdEPKS1_S1_E15rocblas_status_P15_rocblas_handleiT2_lilS7_liliPT1_PT3_";
    f32, Array, conj false: export_name = "_Z29rocblas_internal_dot_templateILi512ELb0EfPKPKffE15rocblas_status_P15_rocblas_handleiT2_lilS7_liliPT1_PT3_";
    f32, Strided, conj false: export_name = "_Z29rocblas_internal_dot_templateILi512ELb0EfPKffE15rocblas_status_P15_rocblas_handleiT2_lilS5_liliPT1_PT3_";
    f64, Array, conj false: export_name = "_Z29rocblas_internal_dot_templateILi512ELb0EdPKPKddE15rocblas_status_P15_rocblas_handleiT2_lilS7_liliPT1_PT3_";
    f64, Strided, conj false: export_name = "_Z29rocblas_internal_dot_templateILi512ELb0EdPKddE15rocblas_status_P15_rocblas_handleiT2_lilS5_liliPT1_PT3_";
}
