//! The triangular Level-3 family in every rocBLAS precision (s, d, c, z): trsm, trmm (in
//! place: 2.47; out of place under the same name: 4.0+, see `exports`), trmm_outofplace and
//! trtri, each in its single, `_batched` and `_strided_batched` forms (trsm and the 4.0+
//! trmm also as ILP64 `_64`), and `rocblas_trsm_ex`, `_batched_ex`, `_strided_batched_ex`.
//! Computed on the host over the declared device ranges, in stream order, through Level
//! 1's execution layer (`blas1::exec`) and Level 2's wide arithmetic (`blas2::kern`).
//!
//! - `exports`: the C entry points, generated from declaration lists
//! - `ops`: argument checks, quick returns, size queries, queuing
//! - `kern`: the products, solves and inverses on host memory
//! - `ws`: the workspace sizes rocBLAS reports (size queries, rocSOLVER's size functions)

mod exports;
mod kern;
pub mod ops;
pub(crate) mod ws;
