//! Generated "not supported" exports for every symbol of `abi/rocfft.symbols` that no module
//! of this crate implements (see `build.rs`).

use crate::types::rocfft_status_failure;
use oxrocm_ffi::boundary::LogOnce;

static REPORTED: LogOnce = LogOnce::new();

/// Logs the first call of an unimplemented entry point and returns rocfft_status_failure
/// (rocFFT has no "not implemented" status).
pub fn not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    rocfft_status_failure
}

pub fn log_unsupported(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_ffi::log::write("rocfft", 1, format_args!("{name} is not supported by oxrocm yet (returning an error)"));
    }
}

include!(concat!(env!("OUT_DIR"), "/rocfft_stubs.rs"));
