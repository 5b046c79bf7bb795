//! libamdhip64: the HIP runtime C API over the oxrocm device runtime.
//!
//! Thin layer: every export validates and converts its arguments and calls the runtime.
//! Exports go through `hip_api!` (panic boundary, `AMD_LOG_LEVEL` tracing, last-error
//! bookkeeping). Symbols of the real library that are not implemented are generated from
//! `abi/hip.symbols` by the build script as "not supported" stubs (see `stubs`).

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[macro_use]
pub mod api;
pub mod array;
pub mod context;
pub mod device;
pub mod error;
pub mod event;
pub mod graph;
pub mod graph_extra;
pub mod half;
pub mod ipc;
pub mod memcpy;
pub mod memory;
pub mod misc;
pub mod module;
pub mod pool;
pub mod private;
pub mod spt;
pub mod stream;
pub mod stubs;
pub mod texture;
pub mod types;
