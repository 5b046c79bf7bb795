//! C-ABI plumbing shared by every oxrocm library.
//!
//! Holds no device state: the runtime lives in `libamdhip64` only. What is here is
//! per-library machinery: the panic boundary every export goes through, a log-once set
//! for "not supported" entry points, and (feature `codegen`, used from build scripts and
//! the xtask) the generator that turns a reference symbol list into export stubs and an
//! ELF version script.

pub mod boundary;
#[cfg(feature = "codegen")]
pub mod codegen;
pub mod symbols;
