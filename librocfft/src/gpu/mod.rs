//! The transforms on Vulkan devices: SPIR-V kernels (`shaders/`) launched through the
//! runtime's private interface in stream order, so no operand leaves the device. Planned
//! once per plan (`passes.rs`), launched per execution (`launch.rs`).
//!
//! The CPU backend keeps the host engine (rustfft is faster there than the kernels' host
//! twins); `OXROCM_ROCFFT_KERNELS=always` runs the kernels there too (their twins: a test
//! aid), `never` keeps every device on the host path.

pub mod kernels;
pub mod launch;
pub mod passes;
pub mod tables;
pub mod twin;

use crate::plan::PlanCore;
use std::sync::{Mutex, OnceLock};

/// Whether plans use the kernels on this process's backend.
pub fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| match std::env::var("OXROCM_ROCFFT_KERNELS").as_deref() {
        Ok("always") => true,
        Ok("never") => false,
        _ => {
            let name = unsafe { crate::hip::oxrocm_private_v1_backend_name() };
            !name.is_null() && unsafe { std::ffi::CStr::from_ptr(name) }.to_bytes() == b"vulkan"
        }
    })
}

/// A plan's kernel form: its passes, their tables on the device, and the work buffer it
/// allocates for executions that bring none.
pub struct GpuPlan {
    pub passes: Vec<passes::Pass>,
    pub work_bytes: usize,
    pub tables: tables::Tables,
    pub own_work: Mutex<Option<tables::DeviceMemory>>,
}

/// The plan's kernel form, or `None` (host path) where the kernels are off or do not reach.
pub fn plan(core: &PlanCore) -> Option<GpuPlan> {
    if !enabled() {
        return None;
    }
    let p = passes::build(core)?;
    let mut tables = p.tables;
    if !tables.is_empty() && !tables.upload(core.precision == crate::types::Precision::Double) {
        crate::log::error(format_args!("rocfft: could not upload the plan's twiddle tables; the plan runs on the host"));
        return None;
    }
    Some(GpuPlan { passes: p.passes, work_bytes: p.work_bytes, tables, own_work: Mutex::new(None) })
}
