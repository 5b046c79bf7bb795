//! HIP entry points this library calls, resolved from libamdhip64.so.5.
#![allow(non_snake_case)]

/// ROCm 5.x `hipDeviceProp_t` (hipDeviceProp_tR0000): 792 bytes.
pub const DEVICE_PROP_R0000_SIZE: usize = 792;
/// Offsets in it (gcc `offsetof` on the 5.7 `hip_runtime_api.h`).
pub mod prop {
    pub const NAME: usize = 0;
    pub const WARP_SIZE: usize = 276;
    pub const CLOCK_RATE: usize = 308;
    pub const MULTIPROCESSOR_COUNT: usize = 336;
    pub const L2_CACHE_SIZE: usize = 340;
    pub const PCI_DOMAIN_ID: usize = 364;
    pub const PCI_BUS_ID: usize = 368;
    pub const PCI_DEVICE_ID: usize = 372;
    pub const GCN_ARCH_NAME: usize = 396;
}

unsafe extern "C" {
    pub fn hipGetDeviceCount(count: *mut i32) -> i32;
    pub fn hipGetDeviceProperties(prop: *mut u8, device: i32) -> i32;
}
