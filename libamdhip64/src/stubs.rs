//! Generated "not supported" exports for every symbol of `abi/hip.symbols` that no module
//! of this crate implements (see `build.rs`).

use oxrocm_ffi::boundary::LogOnce;

static REPORTED: LogOnce = LogOnce::new();

/// Logs the first call of an unimplemented entry point and returns hipErrorNotSupported.
pub fn not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    801
}

/// hipRTC entry points: HIPRTC_ERROR_INTERNAL_ERROR.
pub fn hiprtc_not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    11
}

pub fn log_unsupported(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_runtime::log_at!(1, "{name} is not supported by oxrocm yet (returning an error)");
    }
}

include!(concat!(env!("OUT_DIR"), "/hip_stubs.rs"));
