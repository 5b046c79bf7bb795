//! Generated "not supported" exports for every symbol of `abi/rccl.symbols` that no module
//! of this crate implements (see `build.rs`).

use crate::types::ncclInternalError;
use oxrocm_ffi::boundary::LogOnce;

static REPORTED: LogOnce = LogOnce::new();

/// Logs the first call of an unimplemented entry point, records the reason for
/// `ncclGetLastError`, and returns ncclInternalError.
pub fn not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    crate::comm::set_last_error(format!("{name} is not supported by oxrocm yet"));
    ncclInternalError
}

pub fn log_unsupported(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_ffi::log::write("rccl", 1, format_args!("{name} is not supported by oxrocm yet (returning an error)"));
    }
}

include!(concat!(env!("OUT_DIR"), "/rccl_stubs.rs"));
