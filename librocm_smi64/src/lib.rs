//! librocm_smi64: ROCm SMI (`rsmi_*`) over the HIP runtime in libamdhip64, for the ROCm
//! clients that link it — `rocm-smi`, rocBLAS's and hipBLASLt's benchmarks and tests, which
//! find their HIP device's SMI index by PCI address and read its clocks (also from the GPU
//! metrics table). The monitored devices are HIP's devices; what HIP knows about them (names,
//! target, PCI address, UUID, memory, clocks) is answered, sensors and controls it has no
//! notion of (temperature, power, fans, utilization, firmware, overdrive, partitions, events,
//! counters) are generated stubs returning RSMI_STATUS_NOT_SUPPORTED. Staged as librocm_smi64.so.1 (ROCm 6.4's SONAME in
//! Debian) and librocm_smi64.so.7 (ROCm 7.x).

#![allow(non_snake_case, non_camel_case_types, non_upper_case_globals, clippy::missing_safety_doc)]

#[cfg(test)]
use amdhip64 as _;

pub mod api;
pub mod devices;
pub mod hip;
pub mod metrics;
pub mod stubs;
#[cfg(test)]
mod tests;
pub mod types;
