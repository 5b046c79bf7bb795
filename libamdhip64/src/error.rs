//! Error reporting: names, strings, last error; version queries and `hipInit`.

use crate::api::{last_error, out};
use oxrocm_runtime::{HipError, runtime};
use std::ffi::c_char;

/// Static, NUL-terminated copies of the runtime's error names and texts.
fn leak_c(s: &str) -> *const c_char {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static CACHE: Mutex<Option<HashMap<String, usize>>> = Mutex::new(None);
    let mut g = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let m = g.get_or_insert_with(HashMap::new);
    *m.entry(s.to_string()).or_insert_with(|| {
        let c = std::ffi::CString::new(s).unwrap_or_default();
        Box::leak(c.into_boxed_c_str()).as_ptr() as usize
    }) as *const c_char
}

#[unsafe(no_mangle)]
pub extern "C" fn hipGetErrorName(e: i32) -> *const c_char {
    oxrocm_ffi::boundary::guard("hipGetErrorName", c"hipErrorUnknown".as_ptr(), || leak_c(HipError(e).name()))
}

#[unsafe(no_mangle)]
pub extern "C" fn hipGetErrorString(e: i32) -> *const c_char {
    oxrocm_ffi::boundary::guard("hipGetErrorString", c"unknown error".as_ptr(), || leak_c(HipError(e).description()))
}

#[unsafe(no_mangle)]
pub extern "C" fn hipGetLastError() -> i32 {
    last_error(true)
}

#[unsafe(no_mangle)]
pub extern "C" fn hipPeekAtLastError() -> i32 {
    last_error(false)
}

#[unsafe(no_mangle)]
pub extern "C" fn hipExtGetLastError() -> i32 {
    last_error(true)
}

/// HIP_VERSION of the ABI we implement: major*10^7 + minor*10^5 + patch.
pub fn hip_version() -> i32 {
    match crate::api::abi_major() {
        5 => 50_731_921,
        6 => 60_242_134,
        _ => 70_151_830,
    }
}

hip_api! {
    fn hipInit(flags: u32) {
        if flags != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        if runtime().device_count() == 0 { Err(HipError::NO_DEVICE) } else { Ok(()) }
    }

    fn hipDriverGetVersion(v: *mut i32) {
        out(v, hip_version())
    }

    fn hipRuntimeGetVersion(v: *mut i32) {
        out(v, hip_version())
    }

    fn hipDrvGetErrorName(e: i32, s: *mut *const c_char) {
        if e != 0 && HipError(e).name() == "hipErrorUnknown" && e != 999 {
            return Err(HipError::INVALID_VALUE);
        }
        out(s, hipGetErrorName(e))
    }

    fn hipDrvGetErrorString(e: i32, s: *mut *const c_char) {
        if e != 0 && HipError(e).name() == "hipErrorUnknown" && e != 999 {
            return Err(HipError::INVALID_VALUE);
        }
        out(s, hipGetErrorString(e))
    }
}
