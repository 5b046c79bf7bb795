//! rocBLAS 4.x/5.x's small exported helpers: the HIP-to-rocBLAS status mapping rocSOLVER and
//! rocblas-test call (`rocblas_internal_convert_hip_to_rocblas_status`, `_and_log`), the
//! test's "does this device do xf32 (XDL) math" query, and 5.x's commit hash strings.

use crate::types::*;
use std::ffi::{CStr, c_char};

/// `rocblas_status rocblas_internal_convert_hip_to_rocblas_status(hipError_t)`: rocBLAS
/// 4.x's table (library/src/utility.cpp). HIP's codes: hipSuccess 0, hipErrorInvalidValue 1,
/// hipErrorOutOfMemory 2, hipErrorInvalidDevicePointer 17, hipErrorInvalidDevice 101,
/// hipErrorNoBinaryForGpu 209, hipErrorInvalidHandle 400, hipErrorLaunchOutOfResources 701.
#[unsafe(export_name = "_Z46rocblas_internal_convert_hip_to_rocblas_status10hipError_t")]
pub extern "C" fn convert_hip_to_rocblas_status(status: i32) -> rocblas_status {
    match status {
        0 => rocblas_status_success,
        2 | 701 => rocblas_status_memory_error,
        17 => rocblas_status_invalid_pointer,
        101 | 400 => rocblas_status_invalid_handle,
        209 => rocblas_status_arch_mismatch,
        // hipErrorInvalidValue (the library using HIP wrongly), hipErrorNotFound,
        // hipErrorNoDevice, hipErrorUnknown and the rest
        _ => rocblas_status_internal_error,
    }
}

unsafe extern "C" {
    fn hipGetErrorName(e: i32) -> *const c_char;
}

/// `..._and_log(hipError_t)`: the same, after writing rocBLAS's line about it to stderr.
#[unsafe(export_name = "_Z54rocblas_internal_convert_hip_to_rocblas_status_and_log10hipError_t")]
pub extern "C" fn convert_hip_to_rocblas_status_and_log(status: i32) -> rocblas_status {
    let name = unsafe { hipGetErrorName(status) };
    let name = if name.is_null() {
        "".into()
    } else {
        unsafe { CStr::from_ptr(name) }.to_string_lossy()
    };
    eprintln!("rocBLAS error from hip error code: '{name}':{status}");
    convert_hip_to_rocblas_status(status)
}

/// `bool rocblas_internal_tensile_supports_xdl_math_op(rocblas_math_mode)`: rocBLAS's answer
/// for the current device, true on gfx940, gfx941 and gfx942 (rocBLAS 4.4). oxrocm keeps the
/// xf32 mode but computes in full f32 there too, which those tests accept.
#[unsafe(export_name = "_Z45rocblas_internal_tensile_supports_xdl_math_op18rocblas_math_mode_")]
pub extern "C" fn tensile_supports_xdl_math_op(_mode: i32) -> bool {
    oxrocm_ffi::boundary::guard(
        "rocblas_internal_tensile_supports_xdl_math_op",
        false,
        || {
            crate::hip::current_arch_name()
                .is_some_and(|a| ["gfx940", "gfx941", "gfx942"].contains(&a.as_str()))
        },
    )
}

/// What `rocblas_get_commit_hash_string` reports (rocBLAS 5.x: the source commit).
pub const COMMIT_HASH: &CStr =
    match CStr::from_bytes_with_nul(concat!("oxrocm-", env!("CARGO_PKG_VERSION"), "\0").as_bytes())
    {
        Ok(s) => s,
        Err(_) => panic!("commit hash string"),
    };

oxrocm_ffi::c_api! { lib = "rocblas", ret = rocblas_status, on_panic = rocblas_status_internal_error;

    /// rocBLAS 5.x: the commit hash with its terminating NUL into `buf` (`len` bytes).
    fn rocblas_get_commit_hash_string(buf: *mut c_char, len: usize) {
        let s = COMMIT_HASH.to_bytes_with_nul();
        if buf.is_null() {
            return rocblas_status_invalid_pointer;
        }
        if len < s.len() {
            return rocblas_status_invalid_size;
        }
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), s.len());
        rocblas_status_success
    }

    /// rocBLAS 5.x: the buffer size `rocblas_get_commit_hash_string` needs.
    fn rocblas_get_commit_hash_string_size(len: *mut usize) {
        if len.is_null() {
            return rocblas_status_invalid_pointer;
        }
        *len = COMMIT_HASH.to_bytes_with_nul().len();
        rocblas_status_success
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hip_errors_map_as_rocblas_4() {
        for (hip, want) in [
            (0, rocblas_status_success),
            (1, rocblas_status_internal_error),
            (2, rocblas_status_memory_error),
            (701, rocblas_status_memory_error),
            (17, rocblas_status_invalid_pointer),
            (101, rocblas_status_invalid_handle),
            (400, rocblas_status_invalid_handle),
            (209, rocblas_status_arch_mismatch),
            (999, rocblas_status_internal_error),
        ] {
            assert_eq!(convert_hip_to_rocblas_status(hip), want, "hipError_t {hip}");
        }
    }

    #[test]
    fn commit_hash_strings() {
        unsafe {
            let mut n = 0usize;
            assert_eq!(
                rocblas_get_commit_hash_string_size(&mut n),
                rocblas_status_success
            );
            let mut buf = vec![0 as c_char; n];
            assert_eq!(
                rocblas_get_commit_hash_string(buf.as_mut_ptr(), n - 1),
                rocblas_status_invalid_size
            );
            assert_eq!(
                rocblas_get_commit_hash_string(std::ptr::null_mut(), n),
                rocblas_status_invalid_pointer
            );
            assert_eq!(
                rocblas_get_commit_hash_string(buf.as_mut_ptr(), n),
                rocblas_status_success
            );
            assert!(
                CStr::from_ptr(buf.as_ptr())
                    .to_str()
                    .unwrap()
                    .starts_with("oxrocm-")
            );
        }
    }
}
