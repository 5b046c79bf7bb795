//! Generates "not supported" exports for the listed rocFFT symbols this crate does not define.

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script};
use oxrocm_ffi::symbols::Symbol;

/// Every rocFFT C entry point returns `rocfft_status`.
fn kind_of(_: &Symbol) -> StubKind {
    StubKind::Status
}

fn main() {
    build_script(
        "abi/rocfft.symbols",
        "rocfft_stubs.rs",
        &StubSpec { status_fn: "crate::stubs::not_supported", log_fn: "crate::stubs::log_unsupported", kind_of: &kind_of },
    );
}
