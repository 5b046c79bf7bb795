//! Generates "not supported" exports for the listed ROCm SMI symbols this crate does not define.

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script};
use oxrocm_ffi::symbols::Symbol;

fn kind_of(s: &Symbol) -> StubKind {
    // two C++ objects of the real library's internals, exported as data
    if matches!(s.name.as_str(), "devInfoTypesStrings" | "logFileName") { StubKind::Data } else { StubKind::Status }
}

fn main() {
    build_script(
        "abi/rocm_smi64.symbols",
        "rsmi_stubs.rs",
        &StubSpec { status_fn: "crate::stubs::not_supported", log_fn: "crate::stubs::log_unsupported", kind_of: &kind_of },
    );
}
