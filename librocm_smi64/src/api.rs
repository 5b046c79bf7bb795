//! What ROCm SMI reports about a device that HIP knows too: identity (names, vendor, PCI
//! address, IDs, target), memory, clocks, peer access; the library's version and status
//! strings. Sensors HIP has no answer for (temperatures, power, fans, utilization, firmware)
//! stay generated stubs returning RSMI_STATUS_NOT_SUPPORTED.

use crate::devices::{device, memory_info};
use crate::hip;
use crate::types::*;
use std::ffi::c_char;

/// Writes `s` NUL-terminated into `buf[len]`; a longer `s` is cut and INSUFFICIENT_SIZE
/// returned, as ROCm SMI does.
unsafe fn put_str(buf: *mut c_char, len: usize, s: &str) -> rsmi_status_t {
    if buf.is_null() || len == 0 {
        return RSMI_STATUS_INVALID_ARGS;
    }
    let b = s.as_bytes();
    let n = b.len().min(len - 1);
    unsafe {
        std::ptr::copy_nonoverlapping(b.as_ptr(), buf.cast::<u8>(), n);
        *buf.add(n) = 0;
    }
    if b.len() > n { RSMI_STATUS_INSUFFICIENT_SIZE } else { RSMI_STATUS_SUCCESS }
}

/// Stores `v` through `p` (INVALID_ARGS for a null `p`).
unsafe fn put<T>(p: *mut T, v: T) -> rsmi_status_t {
    if p.is_null() {
        return RSMI_STATUS_INVALID_ARGS;
    }
    unsafe { p.write_unaligned(v) };
    RSMI_STATUS_SUCCESS
}

/// The device or the status to return.
macro_rules! dev {
    ($i:expr) => {
        match device($i) {
            Ok(d) => d,
            Err(e) => return e,
        }
    };
}

/// The kernel release: what ROCm SMI reports as the driver version when amdgpu is part of
/// the kernel.
fn kernel_release() -> String {
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    if unsafe { libc::uname(&mut u) } != 0 {
        return String::new();
    }
    unsafe { std::ffi::CStr::from_ptr(u.release.as_ptr()) }.to_string_lossy().into_owned()
}

static BUILD: &std::ffi::CStr = c"0";

unsafe fn version(v: *mut rsmi_version_t, minor: u32) -> rsmi_status_t {
    unsafe { put(v, rsmi_version_t { major: 7, minor, patch: 0, build: BUILD.as_ptr() }) }
}

oxrocm_ffi::c_api! { lib = "rocm_smi", ret = rsmi_status_t, on_panic = RSMI_STATUS_INTERNAL_EXCEPTION;

    /// ROCm SMI 7.6.0, the library Debian ships as librocm_smi64.so.1 (ROCm 6.4).
    fn rsmi_version_get(v: *mut rsmi_version_t) {
        version(v, 6)
    }

    /// librocm_smi64.so.7 (ROCm 7.2) is ROCm SMI 7.8.0: this takes `rsmi_version_get`'s place
    /// there (xtask/src/libs.rs).
    fn oxrocm_smi7_rsmi_version_get(v: *mut rsmi_version_t) {
        version(v, 8)
    }

    fn rsmi_version_str_get(component: u32, ver_str: *mut c_char, len: u32) {
        if component != RSMI_SW_COMP_DRIVER {
            return RSMI_STATUS_INVALID_ARGS;
        }
        put_str(ver_str, len as usize, &kernel_release())
    }

    fn rsmi_status_string(status: rsmi_status_t, status_string: *mut *const c_char) {
        if status_string.is_null() {
            return RSMI_STATUS_INVALID_ARGS;
        }
        match STATUS_TEXT.iter().find(|(s, _)| *s == status) {
            Some((_, t)) => { *status_string = t.as_ptr(); RSMI_STATUS_SUCCESS }
            None => RSMI_STATUS_INVALID_ARGS,
        }
    }

    fn rsmi_dev_name_get(dv_ind: u32, name: *mut c_char, len: usize) {
        put_str(name, len, &dev!(dv_ind).name)
    }

    fn rsmi_dev_market_name_get(dv_ind: u32, market_name: *mut c_char, len: u32) {
        put_str(market_name, len as usize, &dev!(dv_ind).name)
    }

    /// No SKU to derive a brand from: the product name, as ROCm SMI falls back to.
    fn rsmi_dev_brand_get(dv_ind: u32, brand: *mut c_char, len: u32) {
        put_str(brand, len as usize, &dev!(dv_ind).name)
    }

    fn rsmi_dev_vendor_name_get(dv_ind: u32, name: *mut c_char, len: usize) {
        dev!(dv_ind);
        put_str(name, len, AMD_VENDOR_NAME)
    }

    fn rsmi_dev_vendor_id_get(dv_ind: u32, id: *mut u16) {
        dev!(dv_ind);
        put(id, AMD_VENDOR_ID)
    }

    fn rsmi_dev_subsystem_vendor_id_get(dv_ind: u32, id: *mut u16) {
        dev!(dv_ind);
        put(id, AMD_VENDOR_ID)
    }

    fn rsmi_dev_id_get(dv_ind: u32, id: *mut u16) {
        let d = dev!(dv_ind);
        if d.device_id() == 0 {
            return RSMI_STATUS_NOT_SUPPORTED;
        }
        put(id, d.device_id())
    }

    fn rsmi_dev_revision_get(dv_ind: u32, revision: *mut u16) {
        put(revision, dev!(dv_ind).asic_revision)
    }

    fn rsmi_dev_pci_id_get(dv_ind: u32, bdfid: *mut u64) {
        put(bdfid, dev!(dv_ind).bdfid())
    }

    fn rsmi_dev_unique_id_get(dv_ind: u32, id: *mut u64) {
        put(id, dev!(dv_ind).unique_id())
    }

    fn rsmi_dev_serial_number_get(dv_ind: u32, serial_num: *mut c_char, len: u32) {
        put_str(serial_num, len as usize, &dev!(dv_ind).serial())
    }

    fn rsmi_dev_guid_get(dv_ind: u32, guid: *mut u64) {
        put(guid, dev!(dv_ind).gpu_id())
    }

    fn rsmi_dev_node_id_get(dv_ind: u32, node_id: *mut u32) {
        put(node_id, dev!(dv_ind).node_id())
    }

    /// Whole devices, not partitions of one: partition 0.
    fn rsmi_dev_partition_id_get(dv_ind: u32, partition_id: *mut u32) {
        dev!(dv_ind);
        put(partition_id, 0)
    }

    fn rsmi_dev_target_graphics_version_get(dv_ind: u32, gfx_version: *mut u64) {
        let d = dev!(dv_ind);
        if gfx_version.is_null() {
            return RSMI_STATUS_INVALID_ARGS;
        }
        match d.gfx_version() {
            Some(v) => put(gfx_version, v),
            None => { put(gfx_version, u64::MAX); RSMI_STATUS_NOT_SUPPORTED }
        }
    }

    /// VRAM (all of it visible to the host): HIP's `hipMemGetInfo` total.
    fn rsmi_dev_memory_total_get(dv_ind: u32, mem_type: u32, total: *mut u64) {
        let d = dev!(dv_ind);
        if total.is_null() || mem_type > RSMI_MEM_TYPE_GTT {
            return RSMI_STATUS_INVALID_ARGS;
        }
        if mem_type == RSMI_MEM_TYPE_GTT {
            return RSMI_STATUS_NOT_SUPPORTED;
        }
        match memory_info(&d) { Ok((_, t)) => put(total, t), Err(e) => e }
    }

    /// VRAM in use: `hipMemGetInfo`'s total less its free.
    fn rsmi_dev_memory_usage_get(dv_ind: u32, mem_type: u32, used: *mut u64) {
        let d = dev!(dv_ind);
        if used.is_null() || mem_type > RSMI_MEM_TYPE_GTT {
            return RSMI_STATUS_INVALID_ARGS;
        }
        if mem_type == RSMI_MEM_TYPE_GTT {
            return RSMI_STATUS_NOT_SUPPORTED;
        }
        match memory_info(&d) { Ok((u, _)) => put(used, u), Err(e) => e }
    }

    /// The engine clock (HIP's clockRate) and the memory clock (memoryClockRate), each one
    /// level, current; other clocks are not supported.
    fn rsmi_dev_gpu_clk_freq_get(dv_ind: u32, clk_type: u32, f: *mut rsmi_frequencies_t) {
        let d = dev!(dv_ind);
        if f.is_null() || clk_type > RSMI_CLK_TYPE_PCIE {
            return RSMI_STATUS_INVALID_ARGS;
        }
        let hz = match clk_type {
            RSMI_CLK_TYPE_SYS => d.sys_clock_hz,
            RSMI_CLK_TYPE_MEM => d.mem_clock_hz,
            _ => 0,
        };
        if hz == 0 {
            return RSMI_STATUS_NOT_SUPPORTED;
        }
        let mut frequency = [0u64; RSMI_MAX_NUM_FREQUENCIES];
        frequency[0] = hz;
        put(f, rsmi_frequencies_t { has_deep_sleep: false, num_supported: 1, current: 0, frequency })
    }

    /// One die per device (libhsa-runtime64 reports one XCC).
    fn rsmi_dev_metrics_xcd_counter_get(dv_ind: u32, xcd_counter_value: *mut u16) {
        dev!(dv_ind);
        put(xcd_counter_value, 1)
    }

    /// A device reaches its own memory; another's where HIP allows peer access.
    fn rsmi_is_P2P_accessible(dv_ind_src: u32, dv_ind_dst: u32, accessible: *mut bool) {
        let s = dev!(dv_ind_src);
        let d = dev!(dv_ind_dst);
        if accessible.is_null() {
            return RSMI_STATUS_INVALID_ARGS;
        }
        if s.ordinal == d.ordinal {
            return put(accessible, true);
        }
        let mut can = 0;
        if hip::hipDeviceCanAccessPeer(&mut can, s.ordinal, d.ordinal) != 0 {
            return RSMI_STATUS_INTERNAL_EXCEPTION;
        }
        put(accessible, can != 0)
    }
}
