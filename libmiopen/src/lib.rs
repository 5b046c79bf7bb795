//! libMIOpen: the MIOpen C ABI (libMIOpen.so.1, version node MIOPEN_HIP_1). So far: handles,
//! streams, the tuning policy, version and error strings; every other entry point is a
//! generated stub returning `miopenStatusNotImplemented` (`stubs`), or checks its arguments
//! first (`later`). The C++ internals that MIOpen's own test programs import (MIOpenDriver,
//! miopen_gtest) are exported too (`internal`, a few with a body in `cxx`), so those load. No
//! runtime of its own: HIP comes from libamdhip64.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod cxx;
pub mod handle;
pub mod hip;
pub mod internal;
pub mod later;
pub mod stubs;
pub mod types;
