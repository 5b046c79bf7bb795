//! `miopenHandle_t` (device, stream, profiling flag, tuning policy) and the error/version queries.

use crate::hip;
use crate::types::*;
use std::collections::HashSet;
use std::ffi::c_char;
use std::sync::Mutex;

#[derive(Debug)]
pub struct Handle {
    pub device: i32,
    pub stream: miopenAcceleratorQueue_t,
    pub profiling: bool,
    /// `miopenTuningPolicy_t` (MIOpen 6.4+): None 1, DbUpdate 2, Search 3, SearchDbUpdate 4, DbClean 5.
    pub tuning_policy: i32,
}

const TUNING_POLICY_NONE: i32 = 1;
const TUNING_POLICY_DB_CLEAN: i32 = 5;

static LIVE: Mutex<Option<HashSet<usize>>> = Mutex::new(None);

fn live() -> std::sync::MutexGuard<'static, Option<HashSet<usize>>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on a handle we handed out; NULL or unknown → miopenStatusBadParm.
fn with_handle(h: miopenHandle_t, f: impl FnOnce(&mut Handle) -> miopenStatus_t) -> miopenStatus_t {
    let g = live();
    if h.is_null() || !g.as_ref().is_some_and(|s| s.contains(&(h as usize))) {
        return miopenStatusBadParm;
    }
    f(unsafe { &mut *(h as *mut Handle) })
}

unsafe fn create(handle: *mut miopenHandle_t, stream: miopenAcceleratorQueue_t) -> miopenStatus_t {
    if handle.is_null() {
        return miopenStatusBadParm;
    }
    let mut device = 0;
    unsafe { hip::hipGetDevice(&mut device) };
    let h = Box::into_raw(Box::new(Handle { device, stream, profiling: false, tuning_policy: TUNING_POLICY_NONE }));
    live().get_or_insert_with(HashSet::new).insert(h as usize);
    unsafe { *handle = h.cast() };
    miopenStatusSuccess
}

oxrocm_ffi::c_api! { lib = "miopen", ret = miopenStatus_t, on_panic = miopenStatusInternalError;

    fn miopenGetVersion(major: *mut usize, minor: *mut usize, patch: *mut usize) {
        if !major.is_null() { *major = VERSION.0; }
        if !minor.is_null() { *minor = VERSION.1; }
        if !patch.is_null() { *patch = VERSION.2; }
        miopenStatusSuccess
    }

    fn miopenCreate(handle: *mut miopenHandle_t) {
        create(handle, std::ptr::null_mut())
    }

    fn miopenCreateWithStream(handle: *mut miopenHandle_t, stream: miopenAcceleratorQueue_t) {
        create(handle, stream)
    }

    fn miopenDestroy(handle: miopenHandle_t) {
        let mut g = live();
        if handle.is_null() || !g.as_mut().is_some_and(|s| s.remove(&(handle as usize))) {
            return miopenStatusBadParm;
        }
        drop(Box::from_raw(handle as *mut Handle));
        miopenStatusSuccess
    }

    fn miopenSetStream(handle: miopenHandle_t, stream: miopenAcceleratorQueue_t) {
        with_handle(handle, |h| { h.stream = stream; miopenStatusSuccess })
    }

    fn miopenGetStream(handle: miopenHandle_t, stream: *mut miopenAcceleratorQueue_t) {
        with_handle(handle, |h| {
            if stream.is_null() { return miopenStatusBadParm; }
            *stream = h.stream;
            miopenStatusSuccess
        })
    }

    fn miopenEnableProfiling(handle: miopenHandle_t, enable: bool) {
        with_handle(handle, |h| { h.profiling = enable; miopenStatusSuccess })
    }

    /// The value is checked before the handle, as MIOpen does.
    fn miopenSetTuningPolicy(handle: miopenHandle_t, newValue: i32) {
        if !(TUNING_POLICY_NONE..=TUNING_POLICY_DB_CLEAN).contains(&newValue) {
            return miopenStatusBadParm;
        }
        with_handle(handle, |h| { h.tuning_policy = newValue; miopenStatusSuccess })
    }

    fn miopenGetTuningPolicy(handle: miopenHandle_t, value: *mut i32) {
        if value.is_null() {
            return miopenStatusBadParm;
        }
        with_handle(handle, |h| { *value = h.tuning_policy; miopenStatusSuccess })
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn miopenGetErrorString(error: miopenStatus_t) -> *const c_char {
    STATUS_NAMES.iter().find(|(v, _)| *v == error).map(|(_, n)| n.as_ptr()).unwrap_or(c"Unknown error".as_ptr())
}


#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::{CStr, c_void};
    use std::ptr::null_mut;

    #[test]
    fn handle_lifecycle() {
        unsafe {
            let mut h: miopenHandle_t = null_mut();
            assert_eq!(miopenCreate(&mut h), miopenStatusSuccess);
            let mut s: miopenAcceleratorQueue_t = 1usize as *mut c_void;
            assert_eq!(miopenGetStream(h, &mut s), miopenStatusSuccess);
            assert!(s.is_null());
            let q = 0x77usize as *mut c_void;
            assert_eq!(miopenSetStream(h, q), miopenStatusSuccess);
            assert_eq!(miopenGetStream(h, &mut s), miopenStatusSuccess);
            assert_eq!(s, q);
            assert_eq!(miopenGetStream(h, null_mut()), miopenStatusBadParm);
            assert_eq!(miopenDestroy(h), miopenStatusSuccess);
            assert_eq!(miopenDestroy(h), miopenStatusBadParm);
            assert_eq!(miopenGetStream(h, &mut s), miopenStatusBadParm);
            assert_eq!(miopenSetStream(null_mut(), q), miopenStatusBadParm);
            assert_eq!(miopenCreate(null_mut()), miopenStatusBadParm);

            let mut h2: miopenHandle_t = null_mut();
            assert_eq!(miopenCreateWithStream(&mut h2, q), miopenStatusSuccess);
            assert_eq!(miopenGetStream(h2, &mut s), miopenStatusSuccess);
            assert_eq!(s, q);
            assert_eq!(miopenDestroy(h2), miopenStatusSuccess);
        }
    }

    #[test]
    fn tuning_policy() {
        unsafe {
            let mut h: miopenHandle_t = null_mut();
            assert_eq!(miopenCreate(&mut h), miopenStatusSuccess);
            let mut p = 0;
            assert_eq!(miopenGetTuningPolicy(h, &mut p), miopenStatusSuccess);
            assert_eq!(p, TUNING_POLICY_NONE);
            for v in 1..=5 {
                assert_eq!(miopenSetTuningPolicy(h, v), miopenStatusSuccess);
                assert_eq!(miopenGetTuningPolicy(h, &mut p), miopenStatusSuccess);
                assert_eq!(p, v);
            }
            for bad in [-1, 0, 6] {
                assert_eq!(miopenSetTuningPolicy(h, bad), miopenStatusBadParm);
            }
            assert_eq!(miopenGetTuningPolicy(h, &mut p), miopenStatusSuccess);
            assert_eq!(p, 5);
            assert_eq!(miopenGetTuningPolicy(h, null_mut()), miopenStatusBadParm);
            assert_eq!(miopenGetTuningPolicy(null_mut(), &mut p), miopenStatusBadParm);
            assert_eq!(miopenSetTuningPolicy(null_mut(), 1), miopenStatusBadParm);
            assert_eq!(miopenDestroy(h), miopenStatusSuccess);
        }
    }

    #[test]
    fn version_and_errors() {
        unsafe {
            let (mut a, mut b, mut c) = (9, 9, 9);
            assert_eq!(miopenGetVersion(&mut a, &mut b, null_mut()), miopenStatusSuccess);
            assert_eq!((a, b), (VERSION.0, VERSION.1));
            assert_eq!(miopenGetVersion(null_mut(), null_mut(), &mut c), miopenStatusSuccess);
            assert_eq!(c, VERSION.2);
            assert_eq!(CStr::from_ptr(miopenGetErrorString(miopenStatusBadParm)).to_str().unwrap(), "miopenStatusBadParm");
            assert_eq!(CStr::from_ptr(miopenGetErrorString(1234)).to_str().unwrap(), "Unknown error");
        }
    }
}
