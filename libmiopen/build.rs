//! Generates "not supported" exports for the listed MIOpen symbols this crate does not define:
//! the C API (`abi/miopen.symbols`) and the C++ internals that MIOpen's own test programs
//! import (`abi/miopen-internal.symbols`: functions, data, typeinfo objects, vtables).

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script};
use oxrocm_ffi::cxxgen::{self, CxxSpec};
use oxrocm_ffi::symbols::Symbol;

/// Entry points that return something other than `miopenStatus_t`.
fn kind_of(s: &Symbol) -> StubKind {
    match s.name.as_str() {
        "miopenGetErrorString" => StubKind::Str,
        _ => StubKind::Status,
    }
}

fn main() {
    build_script(
        "abi/miopen.symbols",
        "miopen_stubs.rs",
        &StubSpec { status_fn: "crate::stubs::not_supported", log_fn: "crate::stubs::log_unsupported", kind_of: &kind_of },
    );
    cxxgen::build_script(
        "abi/miopen-internal.symbols",
        "miopen_internal.rs",
        &CxxSpec { log_fn: "crate::stubs::log_internal", status_fn: "crate::stubs::not_supported" },
    );
}
