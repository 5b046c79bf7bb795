//! Generates "not supported" exports for the listed RCCL symbols this crate does not define.

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script};
use oxrocm_ffi::symbols::Symbol;

/// Entry points that return something other than `ncclResult_t`.
fn kind_of(s: &Symbol) -> StubKind {
    match s.name.as_str() {
        "ncclGetErrorString" | "ncclGetLastError" => StubKind::Str,
        // void ncclResetDebugInit(void)
        "ncclResetDebugInit" => StubKind::Null,
        _ => StubKind::Status,
    }
}

fn main() {
    build_script(
        "abi/rccl.symbols",
        "rccl_stubs.rs",
        &StubSpec { status_fn: "crate::stubs::not_supported", log_fn: "crate::stubs::log_unsupported", kind_of: &kind_of },
    );
}
