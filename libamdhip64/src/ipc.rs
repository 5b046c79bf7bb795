//! Inter-process memory handles (`hipIpcGetMemHandle` / `hipIpcOpenMemHandle`), as RCCL
//! and multi-process programs use them. The 64-byte handle holds a tag, the exporting
//! process id, and the backend's payload.

use crate::api::abi_major;
use crate::types::*;
use oxrocm_runtime::backend::IPC_PAYLOAD;
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::c_void;

const TAG: &[u8; 8] = b"OXIPC\x001\x00";
const HEADER: usize = 16;
const _: () = assert!(HEADER + IPC_PAYLOAD <= 64);

fn encode(payload: &[u8]) -> Result<hipIpcMemHandle_t> {
    if payload.len() > IPC_PAYLOAD {
        return Err(HipError::UNKNOWN);
    }
    let mut bytes = [0u8; 64];
    bytes[..8].copy_from_slice(TAG);
    bytes[8..12].copy_from_slice(&std::process::id().to_le_bytes());
    bytes[HEADER..HEADER + payload.len()].copy_from_slice(payload);
    Ok(hipIpcMemHandle_t { reserved: bytes.map(|b| b as i8) })
}

fn decode(h: &hipIpcMemHandle_t) -> Result<Vec<u8>> {
    let bytes = h.reserved.map(|b| b as u8);
    if &bytes[..8] != TAG {
        return Err(HipError::INVALID_VALUE);
    }
    Ok(bytes[HEADER..HEADER + IPC_PAYLOAD].to_vec())
}

/// `hipIpcMemLazyEnablePeerAccess`: 0 in ROCm 5.x, 1 from 6.0 on.
fn lazy_flag() -> u32 {
    if abi_major() >= 6 { 1 } else { hipIpcMemLazyEnablePeerAccess }
}

hip_api! {
    fn hipIpcGetMemHandle(h: *mut hipIpcMemHandle_t, p: *mut c_void) {
        if h.is_null() || p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *h = encode(&runtime().ipc_export(p as u64)?)?;
        Ok(())
    }

    fn hipIpcOpenMemHandle(p: *mut *mut c_void, h: hipIpcMemHandle_t, flags: u32) {
        if p.is_null() || (flags != 0 && flags != lazy_flag()) {
            return Err(HipError::INVALID_VALUE);
        }
        *p = runtime().ipc_import(&decode(&h)?)? as *mut c_void;
        Ok(())
    }

    fn hipIpcCloseMemHandle(p: *mut c_void) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        runtime().ipc_close(p as u64)
    }
}
