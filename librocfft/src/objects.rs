//! Library setup/cleanup, version, and the bookkeeping objects: plan descriptions and
//! execution infos (plans and execution are not implemented yet).

use crate::types::*;
use std::collections::HashSet;
use std::ffi::{c_char, c_void};
use std::sync::Mutex;

/// `rocfft_comm_none` of `rocfft_comm_type` (`rocfft_comm_mpi` is 1).
const COMM_NONE: i32 = 0;

#[derive(Debug, Default)]
pub struct PlanDescription {
    pub scale_factor: f64,
}

#[derive(Debug)]
pub struct ExecutionInfo {
    pub stream: *mut c_void,
    pub work_buffer: *mut c_void,
    pub work_buffer_size: usize,
}

/// Live objects we handed out (address, is-description).
static LIVE: Mutex<Option<HashSet<(usize, bool)>>> = Mutex::new(None);
static SETUP: Mutex<u32> = Mutex::new(0);

fn register(p: usize, desc: bool) {
    LIVE.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashSet::new).insert((p, desc));
}

fn unregister(p: usize, desc: bool) -> bool {
    LIVE.lock().unwrap_or_else(|e| e.into_inner()).as_mut().is_some_and(|s| s.remove(&(p, desc)))
}

fn is_live(p: usize, desc: bool) -> bool {
    LIVE.lock().unwrap_or_else(|e| e.into_inner()).as_ref().is_some_and(|s| s.contains(&(p, desc)))
}

pub fn setup_count() -> u32 {
    *SETUP.lock().unwrap_or_else(|e| e.into_inner())
}

oxrocm_ffi::c_api! { lib = "rocfft", ret = rocfft_status, on_panic = rocfft_status_failure;

    fn rocfft_setup() {
        *SETUP.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        rocfft_status_success
    }

    fn rocfft_cleanup() {
        let mut n = SETUP.lock().unwrap_or_else(|e| e.into_inner());
        *n = n.saturating_sub(1);
        rocfft_status_success
    }

    fn rocfft_get_version_string(buf: *mut c_char, len: usize) {
        let v = VERSION.to_bytes_with_nul();
        if buf.is_null() || len < v.len() {
            return rocfft_status_invalid_arg_value;
        }
        std::ptr::copy_nonoverlapping(v.as_ptr(), buf.cast::<u8>(), v.len());
        rocfft_status_success
    }

    fn rocfft_plan_description_create(description: *mut *mut PlanDescription) {
        if description.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        let p = Box::into_raw(Box::new(PlanDescription { scale_factor: 1.0 }));
        register(p as usize, true);
        *description = p;
        rocfft_status_success
    }

    fn rocfft_plan_description_destroy(description: *mut PlanDescription) {
        if description.is_null() {
            return rocfft_status_success;
        }
        if !unregister(description as usize, true) {
            return rocfft_status_invalid_arg_value;
        }
        drop(Box::from_raw(description));
        rocfft_status_success
    }

    fn rocfft_plan_description_set_scale_factor(description: *mut PlanDescription, scale_factor: f64) {
        if !is_live(description as usize, true) || !scale_factor.is_finite() {
            return rocfft_status_invalid_arg_value;
        }
        (*description).scale_factor = scale_factor;
        rocfft_status_success
    }

    /// The communication library for distributed plans, answered as a rocFFT built without
    /// MPI answers: no communicator (`rocfft_comm_none` = 0) is accepted, a communicator type
    /// without a handle is an invalid value, and MPI (1) or any other type a failure.
    fn rocfft_plan_description_set_comm(description: *mut PlanDescription, comm_type: i32, comm_handle: *mut c_void) {
        if !is_live(description as usize, true) || (comm_type != COMM_NONE && comm_handle.is_null()) {
            return rocfft_status_invalid_arg_value;
        }
        if comm_type != COMM_NONE {
            return rocfft_status_failure;
        }
        rocfft_status_success
    }

    fn rocfft_execution_info_create(info: *mut *mut ExecutionInfo) {
        if info.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        let p = Box::into_raw(Box::new(ExecutionInfo { stream: std::ptr::null_mut(), work_buffer: std::ptr::null_mut(), work_buffer_size: 0 }));
        register(p as usize, false);
        *info = p;
        rocfft_status_success
    }

    fn rocfft_execution_info_destroy(info: *mut ExecutionInfo) {
        if info.is_null() {
            return rocfft_status_success;
        }
        if !unregister(info as usize, false) {
            return rocfft_status_invalid_arg_value;
        }
        drop(Box::from_raw(info));
        rocfft_status_success
    }

    fn rocfft_execution_info_set_stream(info: *mut ExecutionInfo, stream: *mut c_void) {
        if !is_live(info as usize, false) {
            return rocfft_status_invalid_arg_value;
        }
        (*info).stream = stream;
        rocfft_status_success
    }

    fn rocfft_execution_info_set_work_buffer(info: *mut ExecutionInfo, work_buffer: *mut c_void, size_in_bytes: usize) {
        if !is_live(info as usize, false) {
            return rocfft_status_invalid_arg_value;
        }
        if work_buffer.is_null() {
            return rocfft_status_invalid_work_buffer;
        }
        (*info).work_buffer = work_buffer;
        (*info).work_buffer_size = size_in_bytes;
        rocfft_status_success
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;
    use std::ptr::null_mut;

    #[test]
    fn setup_version_and_objects() {
        unsafe {
            assert_eq!(rocfft_setup(), rocfft_status_success);
            assert!(setup_count() >= 1);
            let mut buf = [0 as c_char; 64];
            assert_eq!(rocfft_get_version_string(buf.as_mut_ptr(), 4), rocfft_status_invalid_arg_value);
            assert_eq!(rocfft_get_version_string(buf.as_mut_ptr(), buf.len()), rocfft_status_success);
            assert!(CStr::from_ptr(buf.as_ptr()).to_str().unwrap().starts_with("1.0.27"));

            let mut d: *mut PlanDescription = null_mut();
            assert_eq!(rocfft_plan_description_create(&mut d), rocfft_status_success);
            assert_eq!(rocfft_plan_description_set_scale_factor(d, 0.5), rocfft_status_success);
            assert_eq!((*d).scale_factor, 0.5);
            assert_eq!(rocfft_plan_description_set_scale_factor(d, f64::NAN), rocfft_status_invalid_arg_value);
            assert_eq!(rocfft_plan_description_create(null_mut()), rocfft_status_invalid_arg_value);
            // without MPI: no communicator is fine, MPI fails, a type without a handle is invalid
            let mut comm = 0u64;
            assert_eq!(rocfft_plan_description_set_comm(d, 0, null_mut()), rocfft_status_success);
            assert_eq!(rocfft_plan_description_set_comm(d, 1, (&raw mut comm).cast()), rocfft_status_failure);
            assert_eq!(rocfft_plan_description_set_comm(d, 1, null_mut()), rocfft_status_invalid_arg_value);
            assert_eq!(rocfft_plan_description_set_comm(null_mut(), 0, null_mut()), rocfft_status_invalid_arg_value);

            let mut info: *mut ExecutionInfo = null_mut();
            assert_eq!(rocfft_execution_info_create(&mut info), rocfft_status_success);
            let s = 0x55usize as *mut c_void;
            assert_eq!(rocfft_execution_info_set_stream(info, s), rocfft_status_success);
            assert_eq!((*info).stream, s);
            assert_eq!(rocfft_execution_info_set_work_buffer(info, null_mut(), 16), rocfft_status_invalid_work_buffer);
            assert_eq!(rocfft_execution_info_set_work_buffer(info, s, 16), rocfft_status_success);
            assert_eq!((*info).work_buffer_size, 16);
            // a description is not an execution info
            assert_eq!(rocfft_execution_info_set_stream(d.cast(), s), rocfft_status_invalid_arg_value);

            assert_eq!(rocfft_execution_info_destroy(info), rocfft_status_success);
            assert_eq!(rocfft_execution_info_destroy(info), rocfft_status_invalid_arg_value);
            assert_eq!(rocfft_execution_info_set_stream(info, s), rocfft_status_invalid_arg_value);
            assert_eq!(rocfft_plan_description_destroy(d), rocfft_status_success);
            assert_eq!(rocfft_plan_description_destroy(null_mut()), rocfft_status_success);
            assert_eq!(rocfft_cleanup(), rocfft_status_success);
        }
    }
}
