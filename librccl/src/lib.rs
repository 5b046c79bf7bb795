//! librccl: the RCCL 5.4 / NCCL 2.13 C ABI (librccl.so.1). So far: version, unique ids,
//! error strings, single-process communicators and their queries, groups; collectives are
//! generated stubs returning `ncclInternalError` (with `ncclGetLastError` saying why).
//! No runtime of its own: HIP comes from libamdhip64.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod comm;
pub mod hip;
pub mod stubs;
pub mod types;
