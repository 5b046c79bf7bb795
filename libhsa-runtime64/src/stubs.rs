//! Generated "not supported" exports for every symbol of `abi/hsa.symbols` that no module
//! of this crate implements (see `build.rs`).

use crate::types::HSA_STATUS_ERROR;
use oxrocm_ffi::boundary::LogOnce;

static REPORTED: LogOnce = LogOnce::new();

/// Logs the first call of an unimplemented entry point and returns HSA_STATUS_ERROR.
pub fn not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    HSA_STATUS_ERROR
}

pub fn log_unsupported(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_ffi::log::write("hsa", 1, format_args!("{name} is not supported by oxrocm yet (returning an error)"));
    }
}


include!(concat!(env!("OUT_DIR"), "/hsa_stubs.rs"));
