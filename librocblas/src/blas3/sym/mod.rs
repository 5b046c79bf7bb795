//! Level-3 extension families: geam, geam_ex, dgmm, symm, hemm, syrk, herk, syr2k, her2k,
//! syrkx, herkx in every rocBLAS precision (and rocBLAS 5.x's mixed-precision syrk_ex), each (but geam_ex) in its single,
//! `_batched` and `_strided_batched` forms and their ILP64 `_64` twins. Computed on the host over the declared device
//! ranges, in stream order, through Level 1's execution layer (`blas1::exec`), with Level 2's
//! argument helpers and wide arithmetic.

mod exports;
pub mod kern;
pub mod ops;
mod syrk_ex;
