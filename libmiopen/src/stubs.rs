//! Generated "not supported" exports for every symbol of `abi/miopen.symbols` that no module
//! of this crate implements (see `build.rs`).

use crate::types::miopenStatusNotImplemented;
use oxrocm_ffi::boundary::LogOnce;

static REPORTED: LogOnce = LogOnce::new();

/// Logs the first call of an unimplemented entry point and returns miopenStatusNotImplemented.
pub fn not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    miopenStatusNotImplemented
}

pub fn log_unsupported(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_ffi::log::write("miopen", 1, format_args!("{name} is not supported by oxrocm yet (returning an error)"));
    }
}

/// Logs the first call of one of MIOpen's C++ internals (`crate::internal`), which return 0.
pub fn log_internal(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_ffi::log::write("miopen", 1, format_args!("{name}: MIOpen C++ internal, not implemented by oxrocm (returning 0)"));
    }
}

include!(concat!(env!("OUT_DIR"), "/miopen_stubs.rs"));
