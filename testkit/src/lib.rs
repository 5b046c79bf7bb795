//! Test support for untrusted-input tests (issue 22), shared by the runtime's and
//! libamdhip64's tests and the fuzz targets: never linked into a shipped library.
//!
//! - [`mutate`]: a seeded generator and the byte flips and truncations the mutation
//!   harnesses apply to real inputs;
//! - [`Guarded`]: memory whose last readable byte is followed by an inaccessible page, so
//!   that a parser reading past an image faults instead of reading on;
//! - [`bundle`]: offload bundles and `CCOB` compressed bundles made from code objects.
//!
//! The code objects inside real programs' `.hip_fatbin` sections come from
//! `oxrocm_amdgcn::corpus`.

pub mod bundle;
pub mod guarded;
pub mod mutate;

pub use guarded::Guarded;
pub use mutate::{Rng, mutate};
