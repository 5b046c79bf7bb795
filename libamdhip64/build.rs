//! Generates "not supported" exports for the listed HIP symbols this crate does not define.

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script};
use oxrocm_ffi::symbols::Symbol;

/// Entry points that return something other than `hipError_t`.
fn kind_of(s: &Symbol) -> StubKind {
    match s.name.as_str() {
        n if n.starts_with("hiprtc") && n != "hiprtcGetErrorString" => StubKind::StatusFrom("crate::stubs::hiprtc_not_supported"),
        "hipGetErrorName" | "hipGetErrorString" | "hipApiName" | "hipKernelNameRef" | "hipKernelNameRefByPtr"
        | "hiprtcGetErrorString" | "amd_dbgapi_get_build_name" | "amd_dbgapi_get_git_hash" | "hipGetCmdName" => StubKind::Str,
        "__hipRegisterFatBinary" | "__hipGetPCH" => StubKind::Null,
        _ => StubKind::Status,
    }
}

fn main() {
    build_script(
        "abi/hip.symbols",
        "hip_stubs.rs",
        &StubSpec { status_fn: "crate::stubs::not_supported", log_fn: "crate::stubs::log_unsupported", kind_of: &kind_of },
    );
}
