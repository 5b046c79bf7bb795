//! ROCm SMI values used here (`rocm_smi/rocm_smi.h` of ROCm 6.4.1 / 7.2.4: the same enums and
//! the same layouts of the structures this library fills).
#![allow(non_camel_case_types, dead_code)]

use std::ffi::CStr;

pub type rsmi_status_t = i32;
pub const RSMI_STATUS_SUCCESS: rsmi_status_t = 0;
pub const RSMI_STATUS_INVALID_ARGS: rsmi_status_t = 1;
pub const RSMI_STATUS_NOT_SUPPORTED: rsmi_status_t = 2;
pub const RSMI_STATUS_FILE_ERROR: rsmi_status_t = 3;
pub const RSMI_STATUS_PERMISSION: rsmi_status_t = 4;
pub const RSMI_STATUS_OUT_OF_RESOURCES: rsmi_status_t = 5;
pub const RSMI_STATUS_INTERNAL_EXCEPTION: rsmi_status_t = 6;
pub const RSMI_STATUS_INPUT_OUT_OF_BOUNDS: rsmi_status_t = 7;
pub const RSMI_STATUS_INIT_ERROR: rsmi_status_t = 8;
pub const RSMI_STATUS_NOT_YET_IMPLEMENTED: rsmi_status_t = 9;
pub const RSMI_STATUS_NOT_FOUND: rsmi_status_t = 10;
pub const RSMI_STATUS_INSUFFICIENT_SIZE: rsmi_status_t = 11;
pub const RSMI_STATUS_INTERRUPT: rsmi_status_t = 12;
pub const RSMI_STATUS_UNEXPECTED_SIZE: rsmi_status_t = 13;
pub const RSMI_STATUS_NO_DATA: rsmi_status_t = 14;
pub const RSMI_STATUS_UNEXPECTED_DATA: rsmi_status_t = 15;
pub const RSMI_STATUS_BUSY: rsmi_status_t = 16;
pub const RSMI_STATUS_REFCOUNT_OVERFLOW: rsmi_status_t = 17;
pub const RSMI_STATUS_SETTING_UNAVAILABLE: rsmi_status_t = 18;
pub const RSMI_STATUS_AMDGPU_RESTART_ERR: rsmi_status_t = 19;
pub const RSMI_STATUS_DRM_ERROR: rsmi_status_t = 20;
pub const RSMI_STATUS_FAIL_LOAD_MODULE: rsmi_status_t = 21;
pub const RSMI_STATUS_FAIL_LOAD_SYMBOL: rsmi_status_t = 22;
/// `0xFFFFFFFF` as the C enum's `int`.
pub const RSMI_STATUS_UNKNOWN_ERROR: rsmi_status_t = -1;

/// (status, text) for `rsmi_status_string`: the enumerator's name, then what it means.
pub const STATUS_TEXT: &[(rsmi_status_t, &CStr)] = &[
    (0, c"RSMI_STATUS_SUCCESS: The call succeeded."),
    (1, c"RSMI_STATUS_INVALID_ARGS: An argument is not valid (a null pointer, a device index out of range, an unknown type)."),
    (2, c"RSMI_STATUS_NOT_SUPPORTED: The device or the software does not offer this information or setting."),
    (3, c"RSMI_STATUS_FILE_ERROR: A file the call needed could not be read or written."),
    (4, c"RSMI_STATUS_PERMISSION: Permission denied."),
    (5, c"RSMI_STATUS_OUT_OF_RESOURCES: Memory or another resource could not be obtained."),
    (6, c"RSMI_STATUS_INTERNAL_EXCEPTION: An internal error was caught."),
    (7, c"RSMI_STATUS_INPUT_OUT_OF_BOUNDS: A value is outside the range the call accepts."),
    (8, c"RSMI_STATUS_INIT_ERROR: ROCm SMI is not initialized (rsmi_init) or could not initialize."),
    (9, c"RSMI_STATUS_NOT_YET_IMPLEMENTED: The call is not implemented."),
    (10, c"RSMI_STATUS_NOT_FOUND: The item searched for was not found."),
    (11, c"RSMI_STATUS_INSUFFICIENT_SIZE: The buffer is too small for the answer; it holds as much as fits."),
    (12, c"RSMI_STATUS_INTERRUPT: The call was interrupted."),
    (13, c"RSMI_STATUS_UNEXPECTED_SIZE: An unexpected amount of data was read."),
    (14, c"RSMI_STATUS_NO_DATA: There is no data for the given input."),
    (15, c"RSMI_STATUS_UNEXPECTED_DATA: The data read or given is not what was expected."),
    (16, c"RSMI_STATUS_BUSY: A resource or lock is busy."),
    (17, c"RSMI_STATUS_REFCOUNT_OVERFLOW: A reference count overflowed."),
    (18, c"RSMI_STATUS_SETTING_UNAVAILABLE: The setting is not available."),
    (19, c"RSMI_STATUS_AMDGPU_RESTART_ERR: The amdgpu driver could not be restarted."),
    (20, c"RSMI_STATUS_DRM_ERROR: A libdrm call failed."),
    (21, c"RSMI_STATUS_FAIL_LOAD_MODULE: A library could not be loaded."),
    (22, c"RSMI_STATUS_FAIL_LOAD_SYMBOL: A symbol could not be found."),
    (-1, c"RSMI_STATUS_UNKNOWN_ERROR: An unknown error occurred."),
];

// rsmi_memory_type_t
pub const RSMI_MEM_TYPE_VRAM: u32 = 0;
pub const RSMI_MEM_TYPE_VIS_VRAM: u32 = 1;
pub const RSMI_MEM_TYPE_GTT: u32 = 2;

// rsmi_clk_type_t
pub const RSMI_CLK_TYPE_SYS: u32 = 0;
pub const RSMI_CLK_TYPE_DF: u32 = 1;
pub const RSMI_CLK_TYPE_DCEF: u32 = 2;
pub const RSMI_CLK_TYPE_SOC: u32 = 3;
pub const RSMI_CLK_TYPE_MEM: u32 = 4;
pub const RSMI_CLK_TYPE_PCIE: u32 = 5;

// rsmi_sw_component_t
pub const RSMI_SW_COMP_DRIVER: u32 = 0;

/// `RSMI_MAX_NUM_FREQUENCIES` (ROCm SMI 7.x; 32 before).
pub const RSMI_MAX_NUM_FREQUENCIES: usize = 33;

/// `rsmi_frequencies_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rsmi_frequencies_t {
    pub has_deep_sleep: bool,
    pub num_supported: u32,
    pub current: u32,
    pub frequency: [u64; RSMI_MAX_NUM_FREQUENCIES],
}

/// `rsmi_version_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rsmi_version_t {
    pub major: u32,
    pub minor: u32,
    pub patch: u32,
    pub build: *const std::ffi::c_char,
}

/// The PCI vendor ID of AMD, and its name in pci.ids (what ROCm SMI reports).
pub const AMD_VENDOR_ID: u16 = 0x1002;
pub const AMD_VENDOR_NAME: &str = "Advanced Micro Devices, Inc. [AMD/ATI]";
