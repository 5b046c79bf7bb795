//! libMIOpen: the MIOpen C ABI (libMIOpen.so.1, version node MIOPEN_HIP_1). So far: handles,
//! streams, version and error strings; every other entry point is a generated stub returning
//! `miopenStatusNotImplemented`. No runtime of its own: HIP comes from libamdhip64.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod handle;
pub mod hip;
pub mod stubs;
pub mod types;
