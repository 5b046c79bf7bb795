//! HIP entry points this library calls, resolved from libamdhip64.so.5.
#![allow(non_snake_case)]

/// ROCm 5.x `hipDeviceProp_t` (hipDeviceProp_tR0000): 792 bytes.
pub const DEVICE_PROP_R0000_SIZE: usize = 792;
/// Offsets in it (gcc `offsetof` on the 5.7 `hip_runtime_api.h`; the tests compare them with
/// libamdhip64's own `hipDeviceProp_tR0000`).
pub mod prop {
    pub const NAME: usize = 0;
    pub const TOTAL_GLOBAL_MEM: usize = 256;
    pub const SHARED_MEM_PER_BLOCK: usize = 264;
    pub const WARP_SIZE: usize = 276;
    pub const MAX_THREADS_PER_BLOCK: usize = 280;
    pub const MAX_THREADS_DIM: usize = 284;
    pub const CLOCK_RATE: usize = 308;
    pub const MEMORY_CLOCK_RATE: usize = 312;
    pub const MEMORY_BUS_WIDTH: usize = 316;
    pub const MULTIPROCESSOR_COUNT: usize = 336;
    pub const L2_CACHE_SIZE: usize = 340;
    pub const MAX_THREADS_PER_MULTIPROCESSOR: usize = 344;
    pub const PCI_DOMAIN_ID: usize = 364;
    pub const PCI_BUS_ID: usize = 368;
    pub const PCI_DEVICE_ID: usize = 372;
    pub const GCN_ARCH_NAME: usize = 396;
    pub const INTEGRATED: usize = 652;
    pub const ASIC_REVISION: usize = 768;
}

/// `hipUUID`: 16 bytes.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct HipUuid {
    pub bytes: [u8; 16],
}

unsafe extern "C" {
    pub fn hipGetDeviceCount(count: *mut i32) -> i32;
    pub fn hipGetDeviceProperties(prop: *mut u8, device: i32) -> i32;
    pub fn hipDeviceGetUuid(uuid: *mut HipUuid, device: i32) -> i32;
}
