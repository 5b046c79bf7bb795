//! libhsa-runtime64: the HSA runtime queries ROCm clients make before (or instead of) using
//! HIP — RCCL's UnitTests count GPUs through HSA in the parent before forking — answered from
//! the HIP runtime in libamdhip64. Not an HSA implementation: no queues, signals or memory
//! pools; every other listed symbol is a stub returning `HSA_STATUS_ERROR`.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod agents;
pub mod hip;
pub mod stubs;
pub mod types;
