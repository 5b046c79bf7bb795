//! Generates "not supported" exports for the listed RCCL symbols this crate does not define.

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script};
use oxrocm_ffi::symbols::Symbol;

/// Entry points that return something other than `ncclResult_t`.
fn kind_of(s: &Symbol) -> StubKind {
    match s.name.as_str() {
        "ncclGetErrorString" | "ncclGetLastError" => StubKind::Str,
        // void ncclResetDebugInit(void)
        "ncclResetDebugInit" => StubKind::Null,
        // latency_profiler::CollTrace::~CollTrace() (RCCL 7.2, imported by its UnitTests):
        // returns nothing; the stub only logs that it is not supported.
        "_ZN16latency_profiler9CollTraceD1Ev" => StubKind::Null,
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
