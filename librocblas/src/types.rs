//! rocBLAS 2.47 C types and enumerator values (`rocblas-types.h`).
#![allow(non_camel_case_types, non_upper_case_globals, dead_code)]

use std::ffi::c_void;

pub type rocblas_status = i32;
pub const rocblas_status_success: rocblas_status = 0;
pub const rocblas_status_invalid_handle: rocblas_status = 1;
pub const rocblas_status_not_implemented: rocblas_status = 2;
pub const rocblas_status_invalid_pointer: rocblas_status = 3;
pub const rocblas_status_invalid_size: rocblas_status = 4;
pub const rocblas_status_memory_error: rocblas_status = 5;
pub const rocblas_status_internal_error: rocblas_status = 6;
pub const rocblas_status_perf_degraded: rocblas_status = 7;
pub const rocblas_status_size_query_mismatch: rocblas_status = 8;
pub const rocblas_status_size_increased: rocblas_status = 9;
pub const rocblas_status_size_unchanged: rocblas_status = 10;
pub const rocblas_status_invalid_value: rocblas_status = 11;
pub const rocblas_status_continue: rocblas_status = 12;
pub const rocblas_status_check_numerics_fail: rocblas_status = 13;
pub const rocblas_status_excluded_from_build: rocblas_status = 14;
pub const rocblas_status_arch_mismatch: rocblas_status = 15;

/// (value, name) of every `rocblas_status` enumerator.
pub const STATUS_NAMES: &[(rocblas_status, &std::ffi::CStr)] = &[
    (0, c"rocblas_status_success"),
    (1, c"rocblas_status_invalid_handle"),
    (2, c"rocblas_status_not_implemented"),
    (3, c"rocblas_status_invalid_pointer"),
    (4, c"rocblas_status_invalid_size"),
    (5, c"rocblas_status_memory_error"),
    (6, c"rocblas_status_internal_error"),
    (7, c"rocblas_status_perf_degraded"),
    (8, c"rocblas_status_size_query_mismatch"),
    (9, c"rocblas_status_size_increased"),
    (10, c"rocblas_status_size_unchanged"),
    (11, c"rocblas_status_invalid_value"),
    (12, c"rocblas_status_continue"),
    (13, c"rocblas_status_check_numerics_fail"),
];

pub type rocblas_int = i32;
pub type rocblas_stride = i64;

pub type rocblas_datatype = i32;
pub const rocblas_datatype_f16_r: rocblas_datatype = 150;
pub const rocblas_datatype_f32_r: rocblas_datatype = 151;
pub const rocblas_datatype_f64_r: rocblas_datatype = 152;
pub const rocblas_datatype_f16_c: rocblas_datatype = 153;
pub const rocblas_datatype_f32_c: rocblas_datatype = 154;
pub const rocblas_datatype_f64_c: rocblas_datatype = 155;
pub const rocblas_datatype_bf16_r: rocblas_datatype = 168;
pub const rocblas_datatype_bf16_c: rocblas_datatype = 169;
pub type rocblas_handle = *mut c_void;
pub type hipStream_t = *mut c_void;
pub type hipEvent_t = *mut c_void;

pub type rocblas_pointer_mode = i32;
pub const rocblas_pointer_mode_host: rocblas_pointer_mode = 0;
pub const rocblas_pointer_mode_device: rocblas_pointer_mode = 1;

pub type rocblas_atomics_mode = i32;
pub const rocblas_atomics_not_allowed: rocblas_atomics_mode = 0;
pub const rocblas_atomics_allowed: rocblas_atomics_mode = 1;

pub type rocblas_performance_metric = i32;
pub const rocblas_default_performance_metric: rocblas_performance_metric = 0;
pub const rocblas_device_efficiency_performance_metric: rocblas_performance_metric = 1;
pub const rocblas_cu_efficiency_performance_metric: rocblas_performance_metric = 2;

pub type rocblas_int8_type_for_hipblas = i32;
pub const rocblas_int8_type_for_hipblas_default: rocblas_int8_type_for_hipblas = 0;
pub const rocblas_int8_type_for_hipblas_int8: rocblas_int8_type_for_hipblas = 1;
pub const rocblas_int8_type_for_hipblas_pack_int8x4: rocblas_int8_type_for_hipblas = 2;

pub const ROCBLAS_VERSION_MAJOR: u32 = 2;
pub const ROCBLAS_VERSION_MINOR: u32 = 47;
pub const ROCBLAS_VERSION_PATCH: u32 = 0;
