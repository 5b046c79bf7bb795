//! rocBLAS 4.x/5.x's (ROCm 6.x/7.x) C++ internals that librocblas.so.4 and .so.5 export for
//! rocSOLVER, rocblas-test and rocblas-bench: the `rocblas_internal_*_template<T>` families
//! (4.x names the strided and pointer-array forms `_template` and `_batched_template`, adds
//! `int64_t` `_64` forms and drops the block-size template parameters), their workspace
//! sizes, and the handle's and status helpers.
//!
//! The templates keep 2.47's parameters (trsv lost its alpha), so the declaration macros of
//! `super::exports1..3` make them over the same runs in `super::level1..3`; where a name is
//! 2.47's too with another answer (`hemv_symv_kernel_workspace_size`), the 4.x definition is
//! `oxrocm_abi4_<name>` and `cargo xtask stage` puts it in place in .so.4 and .so.5. The
//! symbol lists (librocblas/abi/rocblas-4.symbols, rocblas-5.symbols) pick which names each
//! file exports.
//!
//! - `level1`, `level2`, `level3`: the template instantiations, one line each
//! - `sizes`: trsm's workspace sizes (and maxima), trtri's temporary, symv/hemv's workspace
//! - `handle`: `get/set_data_ptr` (a `std::shared_ptr<void>` in the handle), `get_device_prop`
//! - `status`: HIP error mapping, the xf32 query, 5.x's commit hash strings

pub(crate) mod handle;
mod level1;
mod level2;
mod level3;
mod sizes;
mod status;
