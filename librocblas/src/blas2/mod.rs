//! Level-2 BLAS: gbmv, gemv, ger/geru/gerc, hbmv, hemv, her, her2, hpmv, hpr, hpr2, sbmv,
//! spmv, spr, spr2, symv, syr, syr2, tbmv, tbsv, tpmv, tpsv, trmv, trsv in every rocBLAS
//! precision, each in its single, `_batched` and `_strided_batched` forms (222 entry
//! points, and as many ILP64 `_64` twins). Computed on the host over the declared device ranges, in stream order, through
//! Level 1's execution layer (`blas1::exec`).

mod exports;
pub mod kern;
pub(crate) mod kernel;
pub mod ops;
