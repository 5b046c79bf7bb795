//! Generated "not supported" exports for every symbol of `abi/rocblas-*.symbols` that no
//! module of this crate implements (see `build.rs`).

use crate::types::rocblas_status_not_implemented;
use oxrocm_ffi::boundary::LogOnce;

static REPORTED: LogOnce = LogOnce::new();

/// Logs the first call of an unimplemented entry point and returns rocblas_status_not_implemented.
pub fn not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    rocblas_status_not_implemented
}

pub fn log_unsupported(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_ffi::log::write(
            "rocblas",
            1,
            format_args!("{name} is not supported by oxrocm yet (returning an error)"),
        );
    }
}

include!(concat!(env!("OUT_DIR"), "/rocblas_stubs.rs"));
