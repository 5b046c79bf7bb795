//! Generates "not supported" exports for the listed HSA symbols this crate does not define.

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script};
use oxrocm_ffi::symbols::Symbol;

fn kind_of(s: &Symbol) -> StubKind {
    // the loader's `r_debug` for GPU code objects: data, exported zeroed
    if s.name == "_amdgpu_r_debug" { StubKind::Data } else { StubKind::Status }
}

fn main() {
    build_script(
        "abi/hsa.symbols",
        "hsa_stubs.rs",
        &StubSpec { status_fn: "crate::stubs::not_supported", log_fn: "crate::stubs::log_unsupported", kind_of: &kind_of },
    );
}
