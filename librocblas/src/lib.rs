//! librocblas: the rocBLAS C ABIs over the HIP runtime in libamdhip64. One archive serves
//! rocBLAS 2.47 (librocblas.so.0, ROCm 5.5), 4.x (.so.4, ROCm 6.x) and 5.x (.so.5, ROCm 7.x):
//! the later ones add ILP64 `_64` twins (generated with the 32-bit forms, see `export!`) and
//! entry points that differ under one name, defined as `oxrocm_abi4_*` / `oxrocm_abi5_*` and
//! renamed per output by `cargo xtask stage`.
//!
//! This library holds no runtime of its own: it reaches devices only through the HIP C API
//! exported by libamdhip64 (`hip`). Implemented so far: handles and their modes, device
//! memory bookkeeping, host ⇄ device vector/matrix copies, version and status strings, and
//! the C++ `rocblas_internal_ostream` that rocBLAS clients print through, Levels 1-3
//! (`blas1`, `blas2`, `blas3`), and the C++ `rocblas_internal_*` templates rocSOLVER
//! imports (`internal`). Every other listed symbol is a generated stub returning
//! `rocblas_status_not_implemented`.
// Internal helpers take the C caller's opaque handles (hipStream_t) and, in host pointer mode,
// its result pointers: neither is validated again below the exported entry points, where the
// C contract (and the argument checks rocBLAS makes) vouches for them.
#![allow(clippy::not_unsafe_ptr_arg_deref)]
#![allow(
    non_snake_case,
    non_camel_case_types,
    non_upper_case_globals,
    clippy::missing_safety_doc
)]

#[cfg(test)]
use amdhip64 as _;

pub mod auxiliary;
pub mod blas1;
pub mod blas2;
pub mod blas3;
pub mod check_numerics;
mod check_numerics_exports;
pub mod device_malloc;
pub mod export;
pub mod handle;
pub mod hip;
mod internal;
pub mod log_profile;
pub mod logging;
pub mod ostream;
mod prefetch;
pub mod simd;
pub mod stubs;
pub mod types;
