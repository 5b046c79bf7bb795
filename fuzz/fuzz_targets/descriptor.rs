//! Kernel descriptors (64 bytes, `amd_kernel_code_t`'s successor): every field accessor,
//! the SGPR layout and VGPR counts. Seeds are the descriptors of our code objects.
#![no_main]
use libfuzzer_sys::fuzz_target;
use oxrocm_runtime::codeobj::descriptor::{KernelDescriptor, packed_workitem_ids};

fuzz_target!(|data: &[u8]| {
    if let Some(kd) = KernelDescriptor::parse(data) {
        oxrocm_fuzz::touch_descriptor(&kd);
    }
    for p in ["gfx1030", "gfx1100", "gfx90a", "gfx942"] {
        let _ = packed_workitem_ids(p);
    }
});
