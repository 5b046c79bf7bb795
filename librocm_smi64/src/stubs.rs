//! Generated "not supported" exports for every symbol of `abi/rocm_smi64.symbols` that no
//! module of this crate implements (see `build.rs`).

use crate::types::RSMI_STATUS_NOT_SUPPORTED;
use oxrocm_ffi::boundary::LogOnce;

static REPORTED: LogOnce = LogOnce::new();

/// Logs the first call of an unimplemented entry point and returns RSMI_STATUS_NOT_SUPPORTED,
/// what ROCm SMI answers for a metric a device does not offer.
pub fn not_supported(name: &'static str) -> i32 {
    log_unsupported(name);
    RSMI_STATUS_NOT_SUPPORTED
}

pub fn log_unsupported(name: &'static str) {
    if REPORTED.first(name) {
        oxrocm_ffi::log::write("rocm_smi", 1, format_args!("{name} is not supported by oxrocm (returning RSMI_STATUS_NOT_SUPPORTED)"));
    }
}

include!(concat!(env!("OUT_DIR"), "/rsmi_stubs.rs"));
