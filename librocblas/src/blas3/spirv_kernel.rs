//! What the library's SPIR-V kernels (`shaders/spv/*.spv`) share: their descriptor, built
//! from the module's file name and its host twin, their launch, and the readers the twins
//! use on the parameter block (push constants, little-endian).

use crate::hip::{self, oxrocm_range, oxrocm_spirv_kernel};

/// The kernel of `shaders/spv/<file>.spv` ("rocblas <file>" in logs) with host twin `twin`.
macro_rules! spirv_kernel {
    ($file:literal, $twin:expr) => {
        $crate::hip::oxrocm_spirv_kernel {
            name: concat!("rocblas ", $file, "\0").as_ptr() as *const std::ffi::c_char,
            spirv: include_bytes!(concat!("../../shaders/spv/", $file, ".spv")).as_ptr()
                as *const std::ffi::c_void,
            spirv_size: include_bytes!(concat!("../../shaders/spv/", $file, ".spv")).len(),
            host: Some($twin),
        }
    };
}
pub(crate) use spirv_kernel;

pub fn u32_at(p: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(p[o..o + 4].try_into().unwrap_or_default())
}

pub fn u64_at(p: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(p[o..o + 8].try_into().unwrap_or_default())
}

/// Queues `kernel` on `stream` over `groups` workgroups with parameter block `push`,
/// declaring the device ranges it reads and writes (the private interface's
/// `launch_spirv`); returns its hipError_t.
pub fn launch(
    stream: *mut std::ffi::c_void,
    kernel: &oxrocm_spirv_kernel,
    push: &[u8],
    groups: [u32; 3],
    reads: &[oxrocm_range],
    writes: &[oxrocm_range],
) -> i32 {
    // SAFETY: every pointer comes from a live slice or reference for the call's duration;
    // the runtime copies what it keeps.
    unsafe {
        hip::oxrocm_private_v1_launch_spirv(
            stream,
            kernel,
            push.as_ptr() as *const std::ffi::c_void,
            push.len(),
            groups.as_ptr(),
            reads.as_ptr(),
            reads.len(),
            writes.as_ptr(),
            writes.len(),
        )
    }
}
