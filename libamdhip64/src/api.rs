//! The export boundary: the `hip_api!` macro every implemented HIP function is written in,
//! last-error bookkeeping, `AMD_LOG_LEVEL` tracing, and small argument helpers.

use oxrocm_runtime::{HipError, Result, log_at};
use std::cell::Cell;
use std::ffi::{CStr, c_char};
use std::sync::OnceLock;

thread_local! {
    /// Status of the most recent HIP call on this thread (HIP 5.x/6.x `hipGetLastError`).
    static LAST_CALL: Cell<i32> = const { Cell::new(0) };
    /// Most recent failing status on this thread (HIP 7.x `hipGetLastError`).
    static LAST_ERROR: Cell<i32> = const { Cell::new(0) };
}

/// Major version of the HIP ABI this copy of the library was loaded as (5, 6 or 7),
/// from its file name (`libamdhip64.so.N…`); 5 when linked statically (Rust tests).
pub fn abi_major() -> u32 {
    static MAJOR: OnceLock<u32> = OnceLock::new();
    *MAJOR.get_or_init(|| {
        let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
        let here = abi_major as *const () as *const libc::c_void;
        if unsafe { libc::dladdr(here, &mut info) } == 0 || info.dli_fname.is_null() {
            return 5;
        }
        let path = unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy().into_owned();
        path.rsplit_once(".so.")
            .and_then(|(_, v)| v.split('.').next().and_then(|m| m.parse().ok()))
            .unwrap_or(5)
    })
}

/// Runs one API call: tracing, panic boundary, status bookkeeping.
pub fn enter(name: &'static str, args: impl FnOnce() -> String, body: impl FnOnce() -> Result<()>) -> i32 {
    if oxrocm_runtime::log::enabled(3) {
        log_at!(3, "{name} ( {})", args());
    }
    let code = match oxrocm_ffi::boundary::guard(name, Err(HipError::UNKNOWN), body) {
        Ok(()) => 0,
        Err(e) => e.0,
    };
    set_status(code);
    if code != 0 {
        log_at!(1, "{name}: returned {}", HipError(code).name());
    } else {
        log_at!(3, "{name}: returned hipSuccess");
    }
    code
}

pub fn set_status(code: i32) {
    LAST_CALL.with(|c| c.set(code));
    if code != 0 {
        LAST_ERROR.with(|c| c.set(code));
    }
}

/// `hipGetLastError` (resetting) and `hipPeekAtLastError`, per the loaded ABI: HIP 7
/// reports the last failure, earlier versions the status of the last call.
pub fn last_error(reset: bool) -> i32 {
    let v = if abi_major() >= 7 { LAST_ERROR.with(|c| c.get()) } else { LAST_CALL.with(|c| c.get()) };
    if reset {
        LAST_CALL.with(|c| c.set(0));
        LAST_ERROR.with(|c| c.set(0));
    }
    v
}

/// A status returned by another export of this library, as a `Result` for `?`.
pub fn rc(code: i32) -> Result<()> {
    if code == 0 { Ok(()) } else { Err(HipError(code)) }
}

/// Writes `v` through an out-pointer, rejecting NULL with hipErrorInvalidValue.
pub unsafe fn out<T>(p: *mut T, v: T) -> Result<()> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    unsafe { p.write(v) };
    Ok(())
}

/// Reads a C string argument (NULL → hipErrorInvalidValue).
pub unsafe fn c_str<'a>(p: *const c_char) -> Result<&'a str> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    unsafe { CStr::from_ptr(p) }.to_str().map_err(|_| HipError::INVALID_VALUE)
}

/// Copies `s` into a caller buffer of `len` bytes, NUL-terminated and truncated to fit.
pub unsafe fn write_c_string(dst: *mut c_char, len: usize, s: &str) -> Result<()> {
    if dst.is_null() || len == 0 {
        return Err(HipError::INVALID_VALUE);
    }
    let n = s.len().min(len - 1);
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr(), dst as *mut u8, n);
        *dst.add(n) = 0;
    }
    Ok(())
}

/// Defines exported HIP functions: `#[no_mangle] extern "C"`, returning `hipError_t`,
/// with the body a `Result<()>` block run inside [`enter`].
macro_rules! hip_api {
    ($(
        $(#[$m:meta])*
        fn $name:ident($($arg:ident : $ty:ty),* $(,)?) $body:block
    )*) => {$(
        $(#[$m])*
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> i32 {
            $crate::api::enter(
                stringify!($name),
                || { #[allow(unused_mut)] let mut s = String::new(); $( s += &format!("{}={:?} ", stringify!($arg), $arg); )* s },
                move || -> oxrocm_runtime::Result<()> {
                    #[allow(unused_unsafe)]
                    unsafe { $body }
                },
            )
        }
    )*};
}
