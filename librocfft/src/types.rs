//! rocFFT 1.0.27 C values (`rocfft/rocfft.h`, `rocfft-version.h`).
#![allow(non_camel_case_types, non_upper_case_globals, dead_code)]

pub type rocfft_status = i32;
pub const rocfft_status_success: rocfft_status = 0;
pub const rocfft_status_failure: rocfft_status = 1;
pub const rocfft_status_invalid_arg_value: rocfft_status = 2;
pub const rocfft_status_invalid_dimensions: rocfft_status = 3;
pub const rocfft_status_invalid_array_type: rocfft_status = 4;
pub const rocfft_status_invalid_strides: rocfft_status = 5;
pub const rocfft_status_invalid_distance: rocfft_status = 6;
pub const rocfft_status_invalid_offset: rocfft_status = 7;
pub const rocfft_status_invalid_work_buffer: rocfft_status = 8;

pub const VERSION: &std::ffi::CStr = c"1.0.27.oxrocm";
