//! Level-1 BLAS: asum, axpy, copy, dot/dotu/dotc (with h/bf16 dot), iamax, iamin, nrm2, rot,
//! rotg, rotm, rotmg, scal, swap in every rocBLAS precision, each in its single,
//! `_batched` and `_strided_batched` forms, plus the `_ex` variants; all with ILP64 `_64` twins.

mod ex;
pub mod exec;
mod exports;
pub mod kernel;
pub mod num;
pub mod ops;
