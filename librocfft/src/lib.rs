//! librocfft: the rocFFT C ABI (librocfft.so.0; rocFFT 6.1, 6.4 and 7.2 clients) over
//! libamdhip64. Plans are checked as rocFFT checks them; transforms are queued on the
//! client's stream and run on the host with rustfft/realfft (CPU backend; staged on
//! Vulkan devices until the SPIR-V kernels exist). No runtime of its own: HIP comes from
//! libamdhip64.

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod bricks;
pub mod cache;
pub mod callback;
pub mod direct;
pub mod engine;
pub mod execute;
pub mod gpu;
pub mod handles;
pub mod harness;
pub mod hip;
pub mod host;
pub mod layout;
pub mod log;
pub mod objects;
pub mod plan;
pub mod rtc;
pub mod stubs;
pub mod threads;
pub mod types;
