//! The oxrocm device runtime: one instance per process, living inside `libamdhip64`.
//!
//! Devices come from a [`backend::Backend`] (CPU now; Vulkan next). Everything that
//! touches device memory is an [`ops::Op`] queued on a [`stream::Stream`], declaring the
//! ranges it reads and writes, so library code never dereferences a device pointer.

pub mod backend;
pub mod builtin;
pub mod codeobj;
pub mod completion;
pub mod config;
pub mod cpu;
pub mod device;
pub mod error;
pub mod event;
pub mod gcn;
pub mod gcn_call;
pub mod graph;
pub mod kernel;
pub mod log;
pub mod memory;
pub mod ops;
pub mod pool;
pub mod profile;
pub mod registry;
pub mod runtime;
pub mod stream;
pub mod vulkan;

pub use error::{HipError, Result};
pub use runtime::{Runtime, runtime};
