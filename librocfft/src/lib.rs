//! librocfft: the rocFFT 1.0.27 C ABI (librocfft.so.0). So far: setup/cleanup, version and
//! the plan-description / execution-info objects; plans and execution are generated stubs
//! returning `rocfft_status_failure`. No runtime of its own: HIP comes from libamdhip64.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod objects;
pub mod stubs;
pub mod types;
