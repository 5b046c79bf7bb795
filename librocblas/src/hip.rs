//! The HIP runtime entry points this library calls, resolved from libamdhip64.so.5.
#![allow(non_snake_case, dead_code)]

use std::ffi::c_void;

pub const hipMemcpyHostToDevice: i32 = 1;
pub const hipMemcpyDeviceToHost: i32 = 2;

/// ROCm 5.x `hipDeviceProp_t` (hipDeviceProp_tR0000): 792 bytes, `gcnArchName[256]` at 396.
pub const DEVICE_PROP_R0000_SIZE: usize = 792;
pub const DEVICE_PROP_R0000_GCN_ARCH_NAME: usize = 396;

/// ROCm 5.x `hipPointerAttribute_t`.
#[repr(C)]
pub struct hipPointerAttribute_t {
    pub memory_type: i32,
    pub device: i32,
    pub device_pointer: *mut c_void,
    pub host_pointer: *mut c_void,
    pub is_managed: i32,
    pub allocation_flags: u32,
}
/// ROCm 5.x `hipMemoryTypeDevice`.
pub const hipMemoryTypeDevice: i32 = 1;

// The private interface's types and entry points (`include/oxrocm/oxrocm_private.h`),
// bound once for every library.
pub use oxrocm_ffi::private::*;

unsafe extern "C" {
    pub fn hipMemcpyAsync(
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: i32,
        stream: *mut c_void,
    ) -> i32;
    pub fn hipStreamIsCapturing(stream: *mut c_void, status: *mut i32) -> i32;
    pub fn hipMemsetAsync(dst: *mut c_void, value: i32, size: usize, stream: *mut c_void) -> i32;
    pub fn hipGetDevice(device: *mut i32) -> i32;
    pub fn hipGetDeviceProperties(prop: *mut u8, device: i32) -> i32;
    pub fn hipMemcpy2D(
        dst: *mut c_void,
        dpitch: usize,
        src: *const c_void,
        spitch: usize,
        width: usize,
        height: usize,
        kind: i32,
    ) -> i32;
    pub fn hipMemcpy2DAsync(
        dst: *mut c_void,
        dpitch: usize,
        src: *const c_void,
        spitch: usize,
        width: usize,
        height: usize,
        kind: i32,
        stream: *mut c_void,
    ) -> i32;
    pub fn hipPointerGetAttributes(attr: *mut hipPointerAttribute_t, ptr: *const c_void) -> i32;
    pub fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> i32;
    pub fn hipFree(ptr: *mut c_void) -> i32;
    pub fn hipMemcpy(dst: *mut c_void, src: *const c_void, size: usize, kind: i32) -> i32;
    pub fn hipStreamCreate(stream: *mut *mut c_void) -> i32;
    pub fn hipStreamDestroy(stream: *mut c_void) -> i32;
    pub fn hipStreamSynchronize(stream: *mut c_void) -> i32;
    pub fn hipMallocAsync(ptr: *mut *mut c_void, size: usize, stream: *mut c_void) -> i32;
    pub fn hipFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> i32;
    pub fn hipEventCreateWithFlags(event: *mut *mut c_void, flags: u32) -> i32;
    pub fn hipEventRecord(event: *mut c_void, stream: *mut c_void) -> i32;
    pub fn hipEventDestroy(event: *mut c_void) -> i32;
    pub fn hipStreamWaitEvent(stream: *mut c_void, event: *mut c_void, flags: u32) -> i32;
}

/// `gcnArchName` of the current device without its feature suffix (`gfx90a:sramecc+:xnack-` → `gfx90a`).
pub fn current_arch_name() -> Option<String> {
    let props = device_props(current_device()?)?;
    let name = &props[DEVICE_PROP_R0000_GCN_ARCH_NAME..DEVICE_PROP_R0000_GCN_ARCH_NAME + 256];
    let end = name.iter().position(|&c| c == 0).unwrap_or(name.len());
    let full = String::from_utf8_lossy(&name[..end]).into_owned();
    Some(full.split(':').next().unwrap_or_default().to_string())
}

/// Whether the current device is lavapipe (Mesa's Vulkan CPU device: `llvmpipe (...)`), where
/// a kernel's workgroups that wait on each other do not hand data on reliably (see
/// blas2.glsl's TRSV_CHAIN). Cached per device index.
pub fn current_device_is_lavapipe() -> bool {
    use std::sync::Mutex;
    static SEEN: Mutex<[u8; 64]> = Mutex::new([0; 64]);
    let Some(dev) = current_device() else {
        return false;
    };
    let slot = dev.clamp(0, 63) as usize;
    if let Some(v) = SEEN.lock().ok().map(|s| s[slot]).filter(|&v| v != 0) {
        return v == 1;
    }
    // hipDeviceProp_t starts with the name (char[256]).
    let is = device_props(dev).is_some_and(|p| p.starts_with(b"llvmpipe"));
    if let Ok(mut s) = SEEN.lock() {
        s[slot] = if is { 1 } else { 2 };
    }
    is
}

fn current_device() -> Option<i32> {
    let mut dev = 0;
    (unsafe { hipGetDevice(&mut dev) } == 0).then_some(dev)
}

/// Device `dev`'s hipDeviceProp_t (the R0000 layout) as bytes.
fn device_props(dev: i32) -> Option<Vec<u8>> {
    let mut props = vec![0u8; DEVICE_PROP_R0000_SIZE];
    (unsafe { hipGetDeviceProperties(props.as_mut_ptr(), dev) } == 0).then_some(props)
}

/// A stream argument carried into helpers.
#[derive(Clone, Copy)]
pub struct HipStream(pub *mut c_void);
