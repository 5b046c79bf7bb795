//! The export boundary: the `hip_api!` macro every implemented HIP function is written in,
//! last-error bookkeeping, `AMD_LOG_LEVEL` tracing, and small argument helpers.

use oxrocm_runtime::{HipError, Result, log_at};
use std::cell::Cell;
use std::ffi::{CStr, c_char};
use std::sync::atomic::{AtomicU32, Ordering};

thread_local! {
    /// Status of the most recent HIP call on this thread (HIP 5.x/6.x `hipGetLastError`).
    static LAST_CALL: Cell<i32> = const { Cell::new(0) };
    /// Most recent failing status on this thread (HIP 7.x `hipGetLastError`).
    static LAST_ERROR: Cell<i32> = const { Cell::new(0) };
}

thread_local! {
    /// HIP ABI (5, 6 or 7) of the `libamdhip64.so.N` file this thread last entered through;
    /// 0 before its first call.
    static CALLER_ABI: Cell<u32> = const { Cell::new(0) };
}

/// ABI of the most recent call on any thread: the answer for threads that never called HIP
/// themselves (the runtime's own workers).
static PROCESS_ABI: AtomicU32 = AtomicU32::new(5);

/// Called by the ABI layers (`libamdhip64.so.5/.6/.7`, generated trampolines) before every
/// export they forward to this runtime, so one runtime serves each caller by the rules of the
/// file it called (docs/one-runtime.md). Exported as `oxrocm_core_set_caller_abi`.
#[unsafe(no_mangle)]
pub extern "C" fn oxrocm_core_set_caller_abi(abi: u32) {
    // Const-initialised Cell: no lazy init, no destructor, cannot panic.
    CALLER_ABI.with(|c| c.set(abi));
    // Read first: threads calling HIP concurrently through one ABI keep the line shared.
    if PROCESS_ABI.load(Ordering::Relaxed) != abi {
        PROCESS_ABI.store(abi, Ordering::Relaxed);
    }
}

/// Major version of the HIP ABI the current caller entered through (5, 6 or 7); 5 where no
/// layer is in between (Rust tests link the crate statically).
pub fn abi_major() -> u32 {
    match CALLER_ABI.with(|c| c.get()) {
        0 => PROCESS_ABI.load(Ordering::Relaxed),
        abi => abi,
    }
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
