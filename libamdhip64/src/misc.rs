//! Smaller queries: multi-attribute pointer queries, managed-range attributes, occupancy
//! variants, context-scoped configuration, version strings for tools.

use crate::api::out;
use crate::device::device;
use crate::memory::hipPointerGetAttribute;
use crate::module::{hipModuleOccupancyMaxActiveBlocksPerMultiprocessor, hipModuleOccupancyMaxPotentialBlockSize};
use crate::api::rc;
use crate::types::*;
use oxrocm_runtime::memory::MemKind;
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::{c_char, c_void};

/// `hipInvalidDeviceId`: "no location" in managed-range attributes.
const INVALID_DEVICE_ID: i32 = -2;

fn range_attribute(data: *mut c_void, size: usize, attr: hipMemRangeAttribute, p: *const c_void, count: usize) -> Result<()> {
    if data.is_null() || p.is_null() || count == 0 {
        return Err(HipError::INVALID_VALUE);
    }
    let a = runtime().memory.find(p as u64).ok_or(HipError::INVALID_VALUE)?;
    if a.kind != MemKind::Managed || p as u64 + count as u64 > a.base + a.size as u64 {
        return Err(HipError::INVALID_VALUE);
    }
    let word = |v: i32| -> Result<()> {
        if size < 4 {
            return Err(HipError::INVALID_VALUE);
        }
        unsafe { *(data as *mut i32) = v };
        Ok(())
    };
    match attr {
        // ReadMostly: no advice is recorded.
        1 => word(0),
        2 | 4 => word(INVALID_DEVICE_ID),
        3 => {
            if size % 4 != 0 {
                return Err(HipError::INVALID_VALUE);
            }
            let slots = unsafe { std::slice::from_raw_parts_mut(data as *mut i32, size / 4) };
            slots.fill(INVALID_DEVICE_ID);
            Ok(())
        }
        100 => word(0),
        _ => Err(HipError::INVALID_VALUE),
    }
}


hip_api! {
    fn hipDrvPointerGetAttributes(n: u32, attrs: *mut hipPointer_attribute, data: *mut *mut c_void, p: hipDeviceptr_t) {
        if n == 0 || attrs.is_null() || data.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        for i in 0..n as usize {
            rc(hipPointerGetAttribute(*data.add(i), *attrs.add(i), p))?;
        }
        Ok(())
    }

    fn hipMemRangeGetAttribute(data: *mut c_void, size: usize, attr: hipMemRangeAttribute, p: *const c_void, count: usize) {
        range_attribute(data, size, attr, p, count)
    }

    fn hipMemRangeGetAttributes(data: *mut *mut c_void, sizes: *mut usize, attrs: *mut hipMemRangeAttribute, n: usize, p: *const c_void, count: usize) {
        if data.is_null() || sizes.is_null() || attrs.is_null() || n == 0 {
            return Err(HipError::INVALID_VALUE);
        }
        for i in 0..n {
            range_attribute(*data.add(i), *sizes.add(i), *attrs.add(i), p, count)?;
        }
        Ok(())
    }

    fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n: *mut i32, f: hipFunction_t, block: i32, shared: usize, flags: u32) {
        let _ = flags;
        rc(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(n, f, block, shared))
    }

    fn hipModuleOccupancyMaxPotentialBlockSizeWithFlags(grid: *mut i32, block: *mut i32, f: hipFunction_t, shared: usize, limit: i32, flags: u32) {
        let _ = flags;
        rc(hipModuleOccupancyMaxPotentialBlockSize(grid, block, f, shared, limit))
    }

    fn hipOccupancyAvailableDynamicSMemPerBlock(size: *mut usize, f: *const c_void, blocks: i32, block_size: i32) {
        if blocks <= 0 || block_size <= 0 {
            return Err(HipError::INVALID_VALUE);
        }
        runtime().kernel(f as usize)?;
        let p = &runtime().current()?.props;
        out(size, (p.max_shared_mem_per_multiprocessor / blocks as usize).min(p.shared_mem_per_block))
    }

    fn hipDeviceGetTexture1DLinearMaxWidth(w: *mut usize, desc: *const hipChannelFormatDesc, d: i32) {
        if desc.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        device(d)?;
        let d = &*desc;
        let bytes = ((d.x + d.y + d.z + d.w) / 8).max(1) as usize;
        out(w, (1usize << 27) / bytes)
    }

    fn hipSetValidDevices(list: *mut i32, len: i32) {
        if len < 0 || (len > 0 && list.is_null()) {
            return Err(HipError::INVALID_VALUE);
        }
        for i in 0..len as usize {
            device(*list.add(i))?;
        }
        if len > 0 {
            runtime().set_current(*list)?;
        }
        Ok(())
    }

    fn hipExtGetLinkTypeAndHopCount(d1: i32, d2: i32, link: *mut u32, hops: *mut u32) {
        device(d1)?;
        device(d2)?;
        if link.is_null() || hops.is_null() || d1 == d2 {
            return Err(HipError::INVALID_VALUE);
        }
        // Virtual devices share host memory: report one hop over the host interconnect
        // (HSA_AMD_LINK_INFO_TYPE_PCIE = 1 in hsa_ext_amd.h).
        *link = 1;
        *hops = 1;
        Ok(())
    }

    fn hipCtxGetCacheConfig(c: *mut hipFuncCache_t) {
        rc(crate::device::hipDeviceGetCacheConfig(c))
    }

    fn hipCtxSetCacheConfig(c: hipFuncCache_t) {
        rc(crate::device::hipDeviceSetCacheConfig(c))
    }

    fn hipCtxGetSharedMemConfig(c: *mut hipSharedMemConfig) {
        rc(crate::device::hipDeviceGetSharedMemConfig(c))
    }

    fn hipCtxSetSharedMemConfig(c: hipSharedMemConfig) {
        rc(crate::device::hipDeviceSetSharedMemConfig(c))
    }

    fn hipCtxEnablePeerAccess(peer: hipCtx_t, flags: u32) {
        let d = (peer as usize).checked_sub(1).ok_or(HipError::INVALID_CONTEXT)? as i32;
        rc(crate::device::hipDeviceEnablePeerAccess(d, flags))
    }

    fn hipCtxDisablePeerAccess(peer: hipCtx_t) {
        let d = (peer as usize).checked_sub(1).ok_or(HipError::INVALID_CONTEXT)? as i32;
        rc(crate::device::hipDeviceDisablePeerAccess(d))
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn hipApiName(_id: u32) -> *const c_char {
    c"unknown".as_ptr()
}

#[unsafe(no_mangle)]
pub extern "C" fn hipGetCmdName(_id: u32) -> *const c_char {
    c"unknown".as_ptr()
}

#[unsafe(no_mangle)]
pub extern "C" fn amd_dbgapi_get_build_name() -> *const c_char {
    c"oxrocm".as_ptr()
}

#[unsafe(no_mangle)]
pub extern "C" fn amd_dbgapi_get_git_hash() -> *const c_char {
    c"".as_ptr()
}

#[unsafe(no_mangle)]
pub extern "C" fn amd_dbgapi_get_build_id() -> usize {
    0
}

