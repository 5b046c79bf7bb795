//! rocBLAS 2.47's C++ `rocblas_internal_*` templates, the ones rocSOLVER 5.5
//! (librocsolver.so.0) imports from librocblas.so.0: its building blocks for LAPACK on the
//! device (axpy, dot, scal; gemv, ger, symv/hemv, syr2/her2, trmv, trsv by substitution;
//! gemm, symm/hemm, syrk/herk, syr2k/her2k, trmm, trsm, trtri) and the workspace sizes it
//! allocates for them.
//!
//! Each template takes every matrix or vector as a pointer (a strided batch) or a device
//! array of pointers, plus an element offset added to the pointer (to every pointer of an
//! array) and a stride between batch entries; some take strided device scalars. They run on
//! the Level 1-3 operations of this crate: the operations' argument checks stay (rocSOLVER
//! passes arguments those checks accept), the work is queued on the handle's stream over the
//! declared ranges as for the C API. These operations need no workspace, so the buffers
//! rocSOLVER sizes with `sizes` and passes back are not used.
//!
//! - `part`: pointer forms and offsets, per-entry runs for strided scalars, the call boundary
//! - `level1`, `level2`, `level3`: each template over the operations
//! - `sizes`: the workspace size functions
//! - `exports1`, `exports2`, `exports3`: the exported instantiations, one line each, under
//!   their C++ (Itanium-mangled) names
//! - `abi4`: rocBLAS 4.x/5.x's forms of these (librocblas.so.4 and .so.5), made by the same
//!   declaration macros over the same runs

pub(crate) mod abi4;
mod exports1;
mod exports2;
mod exports3;
mod level1;
mod level2;
mod level3;
mod part;
mod sizes;
