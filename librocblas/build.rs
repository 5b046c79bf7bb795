//! Generates "not supported" exports for the listed rocBLAS symbols this crate does not define:
//! the lists of every ABI the staged outputs export (2.47 for .so.0, 4.x for .so.4, 5.x for
//! .so.5), so each output finds every name of its list in the one archive.

use oxrocm_ffi::codegen::{StubKind, StubSpec, build_script_for};
use oxrocm_ffi::symbols::Symbol;

/// Entry points that return something other than `rocblas_status`.
fn kind_of(s: &Symbol) -> StubKind {
    let n = s.name.as_str();
    match n {
        "rocblas_status_to_string" => StubKind::Str,
        // bool-returning queries: false
        "rocblas_is_device_memory_size_query"
        | "rocblas_is_managing_device_memory"
        | "rocblas_is_user_managing_device_memory"
        | "rocblas_device_malloc_success" => StubKind::Null,
        // C++: size_t workspace sizes (0) and bool queries (false)
        _ if n.contains("kernel_workspace_size") || n.contains("trtri_temp_size") => StubKind::Null,
        _ if n.contains("tensile_debug_skip_launch") => StubKind::Null,
        // returns std::shared_ptr by hidden pointer: only called from inside the real library
        _ if n.contains("get_worker") => StubKind::Null,
        _ => StubKind::Status,
    }
}

fn main() {
    build_script_for(
        &[
            "abi/rocblas-2.47.symbols",
            "abi/rocblas-4.symbols",
            "abi/rocblas-5.symbols",
        ],
        "rocblas_stubs.rs",
        &StubSpec {
            status_fn: "crate::stubs::not_supported",
            log_fn: "crate::stubs::log_unsupported",
            kind_of: &kind_of,
        },
    );
}
