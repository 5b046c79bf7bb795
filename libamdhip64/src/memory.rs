//! Allocation and pointer queries: device, pinned host, registered host, managed and
//! pitched memory; `hipPointerGetAttributes` in both the 5.x and 6.x encodings.

use crate::api::{abi_major, out};
use crate::types::*;
use oxrocm_runtime::memory::{Allocation, MemKind};
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::c_void;

/// hipHostMalloc flags: Portable, Mapped, WriteCombined, NumaUser, Coherent, NonCoherent.
const HOST_MALLOC_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x2000_0000 | 0x4000_0000 | 0x8000_0000;
const HOST_MALLOC_COHERENT: u32 = 0x4000_0000;
const HOST_MALLOC_NON_COHERENT: u32 = 0x8000_0000;
/// hipHostRegister flags: Portable, Mapped, IoMemory, ReadOnly.
const HOST_REGISTER_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x8;
/// hipMemAttachGlobal / hipMemAttachHost.
const ATTACH_GLOBAL: u32 = 1;
const ATTACH_HOST: u32 = 2;
/// hipDeviceMallocDefault (0), Finegrained (1), hipMallocSignalMemory (2), Uncached (3),
/// Contiguous (4): values, not bits.
const EXT_MALLOC_MAX: u32 = 4;
/// Pitch alignment of hipMallocPitch/hipMalloc3D rows.
const PITCH_ALIGN: usize = 256;

fn lookup(p: *const c_void) -> Option<Allocation> {
    runtime().memory.find(p as u64)
}

/// `hipMemoryType` of an allocation in the encoding of the loaded ABI.
pub fn memory_type(a: &Allocation) -> hipMemoryType {
    let v6 = abi_major() >= 6;
    match a.kind {
        MemKind::Device => if v6 { memtype_v6::hipMemoryTypeDevice } else { memtype_v5::hipMemoryTypeDevice },
        MemKind::Managed => if v6 { memtype_v6::hipMemoryTypeManaged } else { memtype_v5::hipMemoryTypeManaged },
        _ => if v6 { memtype_v6::hipMemoryTypeHost } else { memtype_v5::hipMemoryTypeHost },
    }
}

fn malloc_device(p: *mut *mut c_void, size: usize) -> Result<()> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    let rt = runtime();
    let dev = rt.current()?;
    let a = if size == 0 { 0 } else { rt.malloc_device(dev, size)? };
    unsafe { out(p, a as *mut c_void) }
}

fn host_malloc(p: *mut *mut c_void, size: usize, flags: u32) -> Result<()> {
    if p.is_null() || flags & !HOST_MALLOC_FLAGS != 0 {
        return Err(HipError::INVALID_VALUE);
    }
    if flags & HOST_MALLOC_COHERENT != 0 && flags & HOST_MALLOC_NON_COHERENT != 0 {
        return Err(HipError::INVALID_VALUE);
    }
    let rt = runtime();
    let dev = rt.current()?;
    let a = if size == 0 { 0 } else { rt.malloc_host(dev, size, flags)? };
    unsafe { out(p, a as *mut c_void) }
}

fn pitched(p: *mut *mut c_void, pitch: *mut usize, width: usize, height: usize, depth: usize) -> Result<()> {
    if p.is_null() || pitch.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    let row = width.div_ceil(PITCH_ALIGN) * PITCH_ALIGN;
    let size = row.checked_mul(height).and_then(|v| v.checked_mul(depth)).ok_or(HipError::INVALID_VALUE)?;
    malloc_device(p, size)?;
    unsafe { *pitch = row };
    Ok(())
}

hip_api! {
    fn hipMalloc(p: *mut *mut c_void, size: usize) {
        malloc_device(p, size)
    }

    fn hipExtMallocWithFlags(p: *mut *mut c_void, size: usize, flags: u32) {
        if flags > EXT_MALLOC_MAX {
            return Err(HipError::INVALID_VALUE);
        }
        malloc_device(p, size)
    }

    fn hipMallocPitch(p: *mut *mut c_void, pitch: *mut usize, width: usize, height: usize) {
        pitched(p, pitch, width, height, 1)
    }

    fn hipMemAllocPitch(p: *mut hipDeviceptr_t, pitch: *mut usize, width: usize, height: usize, elem: u32) {
        if ![4, 8, 16].contains(&elem) {
            return Err(HipError::INVALID_VALUE);
        }
        pitched(p, pitch, width, height, 1)
    }

    fn hipMalloc3D(pp: *mut hipPitchedPtr, extent: hipExtent) {
        if pp.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let mut p = std::ptr::null_mut();
        let mut pitch = 0usize;
        pitched(&mut p, &mut pitch, extent.width, extent.height, extent.depth)?;
        *pp = hipPitchedPtr { ptr: p, pitch, xsize: extent.width, ysize: extent.height };
        Ok(())
    }

    fn hipFree(p: *mut c_void) {
        if p.is_null() {
            return Ok(());
        }
        runtime().free_device_memory(p as u64)
    }

    fn hipMallocManaged(p: *mut *mut c_void, size: usize, flags: u32) {
        if p.is_null() || size == 0 || (flags != ATTACH_GLOBAL && flags != ATTACH_HOST) {
            return Err(HipError::INVALID_VALUE);
        }
        let rt = runtime();
        let dev = rt.current()?;
        let a = rt.malloc_managed(dev, size, flags)?;
        out(p, a as *mut c_void)
    }

    fn hipHostMalloc(p: *mut *mut c_void, size: usize, flags: u32) {
        host_malloc(p, size, flags)
    }

    fn hipMallocHost(p: *mut *mut c_void, size: usize) {
        host_malloc(p, size, 0)
    }

    fn hipMemAllocHost(p: *mut *mut c_void, size: usize) {
        host_malloc(p, size, 0)
    }

    fn hipHostAlloc(p: *mut *mut c_void, size: usize, flags: u32) {
        host_malloc(p, size, flags)
    }

    fn hipHostFree(p: *mut c_void) {
        if p.is_null() {
            return Ok(());
        }
        runtime().free_host_memory(p as u64)
    }

    fn hipFreeHost(p: *mut c_void) {
        if p.is_null() {
            return Ok(());
        }
        runtime().free_host_memory(p as u64)
    }

    fn hipHostRegister(p: *mut c_void, size: usize, flags: u32) {
        if p.is_null() || size == 0 || flags & !HOST_REGISTER_FLAGS != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let rt = runtime();
        rt.host_register(rt.current()?, p as u64, size, flags)
    }

    fn hipHostUnregister(p: *mut c_void) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        runtime().host_unregister(p as u64)
    }

    fn hipHostGetDevicePointer(d: *mut *mut c_void, h: *mut c_void, flags: u32) {
        if d.is_null() || h.is_null() || flags != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let a = lookup(h).filter(|a| a.is_host()).ok_or(HipError::INVALID_VALUE)?;
        out(d, (a.device_addr + (h as u64 - a.base)) as *mut c_void)
    }

    fn hipHostGetFlags(flags: *mut u32, h: *mut c_void) {
        if flags.is_null() || h.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let a = lookup(h).filter(|a| a.is_host()).ok_or(HipError::INVALID_VALUE)?;
        out(flags, a.flags)
    }

    fn hipMemGetInfo(free: *mut usize, total: *mut usize) {
        if free.is_null() || total.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let rt = runtime();
        let (f, t) = rt.mem_info(rt.current()?);
        *free = f;
        *total = t;
        Ok(())
    }

    fn hipMemGetAddressRange(base: *mut hipDeviceptr_t, size: *mut usize, p: hipDeviceptr_t) {
        let a = lookup(p).ok_or(HipError::NOT_FOUND)?;
        if !base.is_null() { *base = a.base as hipDeviceptr_t; }
        if !size.is_null() { *size = a.requested; }
        Ok(())
    }

    fn hipMemPtrGetInfo(p: *mut c_void, size: *mut usize) {
        if p.is_null() || size.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let a = lookup(p).ok_or(HipError::INVALID_VALUE)?;
        out(size, a.requested)
    }

    fn hipPointerGetAttributes(attr: *mut hipPointerAttribute_t, p: *const c_void) {
        if attr.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        match lookup(p) {
            Some(a) => {
                let off = p as u64 - a.base;
                *attr = hipPointerAttribute_t {
                    r#type: memory_type(&a),
                    device: a.device as i32,
                    devicePointer: (a.device_addr + off) as *mut c_void,
                    hostPointer: if a.kind == MemKind::Device { std::ptr::null_mut() } else { (a.host + off) as *mut c_void },
                    isManaged: (a.kind == MemKind::Managed) as i32,
                    allocationFlags: a.flags,
                };
                Ok(())
            }
            // HIP 6+ describes unknown host memory as "unregistered"; 5.x rejects it.
            None if abi_major() >= 6 => {
                *attr = hipPointerAttribute_t { r#type: memtype_v6::hipMemoryTypeUnregistered, device: -1, ..Default::default() };
                Ok(())
            }
            None => Err(HipError::INVALID_VALUE),
        }
    }

    fn hipPointerGetAttribute(data: *mut c_void, attribute: hipPointer_attribute, p: hipDeviceptr_t) {
        if data.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let a = lookup(p).ok_or(HipError::INVALID_VALUE)?;
        let off = p as u64 - a.base;
        match attribute {
            // MEMORY_TYPE uses the driver encoding (hipMemoryType of the loaded ABI).
            2 => *(data as *mut u32) = memory_type(&a) as u32,
            3 => *(data as *mut u64) = a.device_addr + off,
            4 => *(data as *mut u64) = if a.kind == MemKind::Device { 0 } else { a.host + off },
            6 => *(data as *mut u32) = 1,
            7 => *(data as *mut u64) = a.base,
            8 => *(data as *mut u32) = (a.kind == MemKind::Managed) as u32,
            9 => *(data as *mut i32) = a.device as i32,
            11 => *(data as *mut u64) = a.base,
            12 => *(data as *mut usize) = a.requested,
            13 => *(data as *mut u32) = 1,
            16 => *(data as *mut u32) = 3,
            _ => return Err(HipError::INVALID_VALUE),
        }
        Ok(())
    }

    fn hipMemPrefetchAsync(p: *const c_void, count: usize, device: i32, s: hipStream_t) {
        let a = lookup(p).ok_or(HipError::INVALID_VALUE)?;
        if a.kind != MemKind::Managed || p as u64 + count as u64 > a.base + a.size as u64 {
            return Err(HipError::INVALID_VALUE);
        }
        // -1 (hipCpuDeviceId) prefetches to the host; memory is shared on this backend.
        if device != -1 {
            runtime().device(device)?;
        }
        crate::stream::stream(s)?;
        Ok(())
    }

    fn hipMemAdvise(p: *const c_void, count: usize, advice: i32, device: i32) {
        let a = lookup(p).ok_or(HipError::INVALID_VALUE)?;
        if a.kind != MemKind::Managed || count == 0 || !(1..=8).contains(&advice) {
            return Err(HipError::INVALID_VALUE);
        }
        if device != -1 {
            runtime().device(device)?;
        }
        Ok(())
    }

    fn hipStreamAttachMemAsync(s: hipStream_t, p: *mut c_void, length: usize, flags: u32) {
        crate::stream::stream(s)?;
        let a = lookup(p).ok_or(HipError::INVALID_VALUE)?;
        if a.kind != MemKind::Managed || (length != 0 && length != a.requested) || ![1, 2, 4].contains(&flags) {
            return Err(HipError::INVALID_VALUE);
        }
        Ok(())
    }
}
