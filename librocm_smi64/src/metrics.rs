//! `rsmi_dev_gpu_metrics_info_get`: the clocks of the GPU metrics table, for rocBLAS's and
//! hipBLASLt's frequency monitors (ROCm SMI 7.x clients read `current_gfxclks[xcd]`). Every
//! other field holds its all-ones "not available" value, as ROCm SMI fills the fields a device
//! does not report.
//!
//! `rsmi_gpu_metrics_t` grew between the two libraries (7.6: 2368 bytes; 7.8: 4544 bytes — its
//! per-partition JPEG array and four accumulator arrays), after the fields written here, whose
//! offsets are the same in both (gcc `offsetof` on Debian's `rocm_smi.h` 6.4.1 and 7.2.4).
//! librocm_smi64.so.7 exports the 7.8 form under the name (`oxrocm_smi7_`, xtask/src/libs.rs).

use crate::devices::{Device, device};
use crate::types::*;

/// `sizeof(rsmi_gpu_metrics_t)` of ROCm SMI 7.6 (librocm_smi64.so.1) and 7.8 (.so.7).
pub const METRICS_SIZE_7_6: usize = 2368;
pub const METRICS_SIZE_7_8: usize = 4544;

/// Offsets in `rsmi_gpu_metrics_t` (the same in both).
pub mod offset {
    pub const COMMON_HEADER: usize = 0;
    pub const AVERAGE_GFXCLK_FREQUENCY: usize = 40;
    pub const AVERAGE_UCLK_FREQUENCY: usize = 44;
    pub const CURRENT_GFXCLK: usize = 54;
    pub const CURRENT_UCLK: usize = 58;
    /// `uint16_t current_gfxclks[RSMI_MAX_NUM_GFX_CLKS]`, one per XCD.
    pub const CURRENT_GFXCLKS: usize = 312;
}

/// The table header: its size, format 1, content 4 (the first content revision with the
/// per-XCD clock arrays).
fn header(size: usize) -> [u8; 4] {
    let s = (size as u16).to_le_bytes();
    [s[0], s[1], 1, 4]
}

fn mhz(hz: u64) -> u16 {
    (hz / 1_000_000).min(u16::MAX as u64 - 1) as u16
}

/// The table of `d` in `size` bytes.
pub fn table(d: &Device, size: usize) -> Vec<u8> {
    let mut t = vec![0xffu8; size];
    let mut put16 = |off: usize, v: u16| t[off..off + 2].copy_from_slice(&v.to_le_bytes());
    let (gfx, mem) = (mhz(d.sys_clock_hz), mhz(d.mem_clock_hz));
    put16(offset::AVERAGE_GFXCLK_FREQUENCY, gfx);
    put16(offset::AVERAGE_UCLK_FREQUENCY, mem);
    put16(offset::CURRENT_GFXCLK, gfx);
    put16(offset::CURRENT_UCLK, mem);
    // one XCD (rsmi_dev_metrics_xcd_counter_get)
    put16(offset::CURRENT_GFXCLKS, gfx);
    t[offset::COMMON_HEADER..offset::COMMON_HEADER + 4].copy_from_slice(&header(size));
    t
}

unsafe fn metrics(dv_ind: u32, out: *mut u8, size: usize) -> rsmi_status_t {
    let d = match device(dv_ind) {
        Ok(d) => d,
        Err(e) => return e,
    };
    if out.is_null() {
        return RSMI_STATUS_INVALID_ARGS;
    }
    let t = table(&d, size);
    unsafe { std::ptr::copy_nonoverlapping(t.as_ptr(), out, size) };
    RSMI_STATUS_SUCCESS
}

oxrocm_ffi::c_api! { lib = "rocm_smi", ret = rsmi_status_t, on_panic = RSMI_STATUS_INTERNAL_EXCEPTION;

    /// ROCm SMI 7.6's table (librocm_smi64.so.1).
    fn rsmi_dev_gpu_metrics_info_get(dv_ind: u32, pgpu_metrics: *mut u8) {
        metrics(dv_ind, pgpu_metrics, METRICS_SIZE_7_6)
    }

    /// ROCm SMI 7.8's table: `rsmi_dev_gpu_metrics_info_get` of librocm_smi64.so.7.
    fn oxrocm_smi7_rsmi_dev_gpu_metrics_info_get(dv_ind: u32, pgpu_metrics: *mut u8) {
        metrics(dv_ind, pgpu_metrics, METRICS_SIZE_7_8)
    }
}
