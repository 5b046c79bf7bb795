//! Stream-ordered allocation: `hipMallocAsync`, `hipFreeAsync`, memory pools.

use crate::api::out;
use crate::stream::stream;
use crate::types::*;
use oxrocm_runtime::pool::MemPool;
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::c_void;
use std::sync::Arc;

fn pool(h: hipMemPool_t) -> Result<Arc<MemPool>> {
    runtime().pools.get(h as usize)
}

fn alloc(p: *mut *mut c_void, size: usize, pool: &Arc<MemPool>, s: hipStream_t) -> Result<()> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    stream(s)?;
    let a = if size == 0 { 0 } else { runtime().malloc_from_pool(pool, size)? };
    unsafe { out(p, a as *mut c_void) }
}

/// hipMemLocationTypeDevice
const LOCATION_DEVICE: i32 = 1;

hip_api! {
    fn hipMallocAsync(p: *mut *mut c_void, size: usize, s: hipStream_t) {
        let st = stream(s)?;
        let pool = runtime().devices[st.device].current_pool.lock().clone();
        alloc(p, size, &pool, s)
    }

    fn hipMallocFromPoolAsync(p: *mut *mut c_void, size: usize, mp: hipMemPool_t, s: hipStream_t) {
        alloc(p, size, &pool(mp)?, s)
    }

    fn hipFreeAsync(p: *mut c_void, s: hipStream_t) {
        let st = stream(s)?;
        if p.is_null() {
            return Ok(());
        }
        runtime().free_async(p as u64, &st)
    }

    fn hipMemPoolCreate(mp: *mut hipMemPool_t, props: *const hipMemPoolProps) {
        if mp.is_null() || props.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let pr = &*props;
        if pr.location.r#type != LOCATION_DEVICE {
            return Err(HipError::INVALID_VALUE);
        }
        let dev = crate::device::device(pr.location.id)?;
        let p = Arc::new(MemPool::new(dev.ordinal, false));
        *mp = runtime().pools.insert(p) as hipMemPool_t;
        Ok(())
    }

    fn hipMemPoolDestroy(mp: hipMemPool_t) {
        let p = pool(mp)?;
        if p.is_default {
            return Err(HipError::INVALID_VALUE);
        }
        runtime().pools.remove(mp as usize).map(drop)
    }

    fn hipMemPoolSetAttribute(mp: hipMemPool_t, attr: hipMemPoolAttr, v: *mut c_void) {
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let p = pool(mp)?;
        let mut s = p.stats.lock();
        match attr {
            1..=3 => s.reuse[attr as usize - 1] = *(v as *const i32) != 0,
            hipMemPoolAttrReleaseThreshold => s.release_threshold = *(v as *const u64),
            // Only the high watermarks may be set (reset to zero).
            hipMemPoolAttrReservedMemHigh => s.reserved_high = s.reserved,
            hipMemPoolAttrUsedMemHigh => s.used_high = s.used,
            _ => return Err(HipError::INVALID_VALUE),
        }
        Ok(())
    }

    fn hipMemPoolGetAttribute(mp: hipMemPool_t, attr: hipMemPoolAttr, v: *mut c_void) {
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let p = pool(mp)?;
        let s = *p.stats.lock();
        match attr {
            1..=3 => *(v as *mut i32) = s.reuse[attr as usize - 1] as i32,
            hipMemPoolAttrReleaseThreshold => *(v as *mut u64) = s.release_threshold,
            hipMemPoolAttrReservedMemCurrent => *(v as *mut u64) = s.reserved,
            hipMemPoolAttrReservedMemHigh => *(v as *mut u64) = s.reserved_high,
            hipMemPoolAttrUsedMemCurrent => *(v as *mut u64) = s.used,
            hipMemPoolAttrUsedMemHigh => *(v as *mut u64) = s.used_high,
            _ => return Err(HipError::INVALID_VALUE),
        }
        Ok(())
    }

    fn hipMemPoolTrimTo(mp: hipMemPool_t, min_keep: usize) {
        let _ = min_keep;
        pool(mp).map(drop)
    }

    fn hipMemPoolSetAccess(mp: hipMemPool_t, desc: *const hipMemAccessDesc, count: usize) {
        let p = pool(mp)?;
        if count > 0 && desc.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        for i in 0..count {
            let d = &*desc.add(i);
            if d.location.r#type != LOCATION_DEVICE {
                return Err(HipError::INVALID_VALUE);
            }
            crate::device::device(d.location.id)?;
            let mut acc = p.access.lock();
            acc.retain(|(dev, _)| *dev != d.location.id as usize);
            acc.push((d.location.id as usize, d.flags as u32));
        }
        Ok(())
    }

    fn hipMemPoolGetAccess(flags: *mut hipMemAccessFlags, mp: hipMemPool_t, loc: *mut hipMemLocation) {
        if flags.is_null() || loc.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let p = pool(mp)?;
        let id = (*loc).id;
        crate::device::device(id)?;
        // The owner always has read-write access (hipMemAccessFlagsProtReadWrite = 3).
        *flags = if id as usize == p.device { 3 } else {
            p.access.lock().iter().find(|(d, _)| *d == id as usize).map(|(_, f)| *f as i32).unwrap_or(0)
        };
        Ok(())
    }
}
