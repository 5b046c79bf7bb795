//! librocblas: the rocBLAS 2.47 C ABI (librocblas.so.0) over the HIP runtime in libamdhip64.
//!
//! This library holds no runtime of its own: it reaches devices only through the HIP C API
//! exported by libamdhip64 (`hip`). Implemented so far: handles and their modes, device
//! memory bookkeeping, host ⇄ device vector/matrix copies, version and status strings, and
//! the C++ `rocblas_internal_ostream` that rocBLAS clients print through. Every other symbol
//! of the real library is a generated stub returning `rocblas_status_not_implemented`.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod auxiliary;
pub mod export;
pub mod handle;
pub mod logging;
pub mod hip;
pub mod ostream;
pub mod stubs;
pub mod types;
pub mod blas1;
pub mod blas2;
pub mod blas3;
pub mod check_numerics;
mod check_numerics_exports;
