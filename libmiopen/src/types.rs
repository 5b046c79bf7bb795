//! MIOpen C values (`miopen/miopen.h`, ROCm/MIOpen).
#![allow(non_camel_case_types, non_upper_case_globals, dead_code)]

pub type miopenStatus_t = i32;
pub const miopenStatusSuccess: miopenStatus_t = 0;
pub const miopenStatusNotInitialized: miopenStatus_t = 1;
pub const miopenStatusInvalidValue: miopenStatus_t = 2;
pub const miopenStatusBadParm: miopenStatus_t = 3;
pub const miopenStatusAllocFailed: miopenStatus_t = 4;
pub const miopenStatusInternalError: miopenStatus_t = 5;
pub const miopenStatusNotImplemented: miopenStatus_t = 6;
pub const miopenStatusUnknownError: miopenStatus_t = 7;
pub const miopenStatusUnsupportedOp: miopenStatus_t = 8;
pub const miopenStatusGpuOperationsSkipped: miopenStatus_t = 9;
pub const miopenStatusVersionMismatch: miopenStatus_t = 10;

pub const STATUS_NAMES: &[(miopenStatus_t, &std::ffi::CStr)] = &[
    (0, c"miopenStatusSuccess"),
    (1, c"miopenStatusNotInitialized"),
    (2, c"miopenStatusInvalidValue"),
    (3, c"miopenStatusBadParm"),
    (4, c"miopenStatusAllocFailed"),
    (5, c"miopenStatusInternalError"),
    (6, c"miopenStatusNotImplemented"),
    (7, c"miopenStatusUnknownError"),
    (8, c"miopenStatusUnsupportedOp"),
    (9, c"miopenStatusGpuOperationsSkipped"),
    (10, c"miopenStatusVersionMismatch"),
];

/// The MIOpen release whose ABI baseline this library follows (ROCm 5.7.1 ships MIOpen 2.20.0).
pub const VERSION: (usize, usize, usize) = (2, 20, 0);

pub type miopenHandle_t = *mut std::ffi::c_void;
pub type miopenAcceleratorQueue_t = *mut std::ffi::c_void;
