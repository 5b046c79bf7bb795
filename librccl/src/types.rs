//! RCCL 5.4 / NCCL 2.13 C values (`rccl/rccl.h`).
#![allow(non_camel_case_types, non_upper_case_globals, dead_code)]

pub type ncclResult_t = i32;
pub const ncclSuccess: ncclResult_t = 0;
pub const ncclUnhandledCudaError: ncclResult_t = 1;
pub const ncclSystemError: ncclResult_t = 2;
pub const ncclInternalError: ncclResult_t = 3;
pub const ncclInvalidArgument: ncclResult_t = 4;
pub const ncclInvalidUsage: ncclResult_t = 5;
pub const ncclRemoteError: ncclResult_t = 6;

/// `NCCL_VERSION_CODE` of rccl.h (NCCL 2.13.4, RCCL 5.4.3).
pub const NCCL_VERSION_CODE: i32 = 21304;
pub const NCCL_UNIQUE_ID_BYTES: usize = 128;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct ncclUniqueId {
    pub internal: [u8; NCCL_UNIQUE_ID_BYTES],
}

impl std::fmt::Debug for ncclUniqueId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ncclUniqueId(")?;
        for b in &self.internal[..16] {
            write!(f, "{b:02x}")?;
        }
        write!(f, "…)")
    }
}

pub type ncclComm_t = *mut std::ffi::c_void;
