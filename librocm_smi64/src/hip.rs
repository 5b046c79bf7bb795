//! HIP entry points this library calls, resolved from libamdhip64.so.5.
#![allow(non_snake_case)]

/// ROCm 5.x `hipDeviceProp_t` (hipDeviceProp_tR0000): 792 bytes.
pub const DEVICE_PROP_R0000_SIZE: usize = 792;
/// Offsets in it (gcc `offsetof` on the 5.7 `hip_runtime_api.h`; the tests compare them with
/// libamdhip64's own `hipDeviceProp_tR0000`).
pub mod prop {
    pub const NAME: usize = 0;
    pub const TOTAL_GLOBAL_MEM: usize = 256;
    pub const CLOCK_RATE: usize = 308;
    pub const MEMORY_CLOCK_RATE: usize = 312;
    pub const PCI_DOMAIN_ID: usize = 364;
    pub const PCI_BUS_ID: usize = 368;
    pub const PCI_DEVICE_ID: usize = 372;
    pub const GCN_ARCH_NAME: usize = 396;
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
    pub fn hipSetDevice(device: i32) -> i32;
    pub fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> i32;
    pub fn hipDeviceCanAccessPeer(can: *mut i32, device: i32, peer: i32) -> i32;
}
