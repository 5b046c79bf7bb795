//! libhsa-runtime64: the HSA runtime queries ROCm clients make before (or instead of) using
//! HIP — RCCL's UnitTests count GPUs through HSA in the parent before forking — answered from
//! the HIP runtime in libamdhip64, and what `rocminfo` asks: agents, their ISAs, caches and
//! memory pools (regions). Not an HSA implementation: no queues, signals, executables or
//! allocations; every other listed symbol is a stub returning `HSA_STATUS_ERROR`.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod agents;
pub mod hip;
pub mod isa;
pub mod memory;
pub mod stubs;
#[cfg(test)]
mod tests;
pub mod types;
