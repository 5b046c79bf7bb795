//! Memory pools (`hsa_amd_*memory_pool*`) and their HSA 1.0 form, regions: what each agent
//! offers, described as ROCm describes a discrete GPU's and the host's pools. Queries only:
//! allocation goes through HIP.

use crate::agents::{AGENT_BASE, Agent, agent, agent_at, index_of, put};
use crate::types::*;
use std::ffi::c_void;

/// Pool (and region) handles are `POOL_BASE + (agent index << 4) + pool index`.
pub const POOL_BASE: u64 = 0x4f58_3000_0000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pool {
    /// `hsa_amd_segment_t` (GLOBAL or GROUP).
    pub segment: u32,
    /// `hsa_amd_memory_pool_global_flag_t` bits of a global pool.
    pub flags: u32,
    pub size: u64,
    pub alloc_allowed: bool,
    pub granule: u64,
    pub rec_granule: u64,
    pub alignment: u64,
    pub accessible_by_all: bool,
    /// `hsa_amd_memory_pool_location_t`.
    pub location: u32,
}

const PAGE: u64 = 4096;

/// A GPU: its memory as a coarse-grained and a fine-grained pool, and the group segment
/// (LDS). The host: its memory as fine-grained, kernel-argument and coarse-grained pools,
/// which every agent may use.
pub fn pools_of(a: &Agent) -> Vec<Pool> {
    if a.is_gpu() {
        let global = |flags| Pool {
            segment: HSA_AMD_SEGMENT_GLOBAL,
            flags,
            size: a.memory,
            alloc_allowed: true,
            granule: PAGE,
            rec_granule: 2 << 20,
            alignment: PAGE,
            accessible_by_all: false,
            location: HSA_AMD_MEMORY_POOL_LOCATION_GPU,
        };
        vec![
            global(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED),
            global(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED),
            Pool {
                segment: HSA_AMD_SEGMENT_GROUP,
                flags: 0,
                size: a.lds,
                alloc_allowed: false,
                granule: 0,
                rec_granule: 0,
                alignment: 0,
                accessible_by_all: false,
                location: HSA_AMD_MEMORY_POOL_LOCATION_GPU,
            },
        ]
    } else {
        let host = |flags| Pool {
            segment: HSA_AMD_SEGMENT_GLOBAL,
            flags,
            size: a.memory,
            alloc_allowed: true,
            granule: PAGE,
            rec_granule: PAGE,
            alignment: PAGE,
            accessible_by_all: true,
            location: HSA_AMD_MEMORY_POOL_LOCATION_CPU,
        };
        vec![
            host(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED),
            host(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT | HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED),
            host(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED),
        ]
    }
}

fn pool_handle(agent_index: u64, pool: usize) -> Handle {
    Handle { handle: POOL_BASE + (agent_index << 4) + pool as u64 }
}

/// (owner's index, owner, pool) of a pool or region handle.
fn pool(h: Handle, invalid: hsa_status_t) -> Result<(u64, Agent, Pool), hsa_status_t> {
    let rel = h.handle.checked_sub(POOL_BASE).ok_or(invalid)?;
    let owner = agent_at(rel >> 4, invalid)?;
    let p = *pools_of(&owner).get((rel & 0xf) as usize).ok_or(invalid)?;
    Ok((rel >> 4, owner, p))
}

/// How `agent_index` may use a pool of `owner_index`.
fn access(agent_index: u64, owner_index: u64, owner: &Agent, p: &Pool) -> u32 {
    if !owner.is_gpu() || agent_index == owner_index {
        HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT
    } else if p.segment == HSA_AMD_SEGMENT_GROUP {
        HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED
    } else {
        HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT
    }
}

pub type PoolCallback = Option<unsafe extern "C" fn(pool: hsa_amd_memory_pool_t, data: *mut c_void) -> hsa_status_t>;

unsafe fn walk(a: hsa_agent_t, callback: PoolCallback, data: *mut c_void) -> hsa_status_t {
    let ag = match agent(a) { Ok(x) => x, Err(e) => return e };
    let Some(cb) = callback else { return HSA_STATUS_ERROR_INVALID_ARGUMENT };
    let index = a.handle - AGENT_BASE;
    for i in 0..pools_of(&ag).len() {
        let st = unsafe { cb(pool_handle(index, i), data) };
        if st != HSA_STATUS_SUCCESS {
            return st;
        }
    }
    HSA_STATUS_SUCCESS
}

oxrocm_ffi::c_api! { lib = "hsa", ret = hsa_status_t, on_panic = HSA_STATUS_ERROR;

    fn hsa_amd_agent_iterate_memory_pools(a: hsa_agent_t, callback: PoolCallback, data: *mut c_void) {
        walk(a, callback, data)
    }

    fn hsa_amd_memory_pool_get_info(memory_pool: hsa_amd_memory_pool_t, attribute: u32, value: *mut c_void) {
        let (_, _, p) = match pool(memory_pool, HSA_STATUS_ERROR_INVALID_MEMORY_POOL) { Ok(x) => x, Err(e) => return e };
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        match attribute {
            HSA_AMD_MEMORY_POOL_INFO_SEGMENT => put::<u32>(value, p.segment),
            // 0 for the group segment (rocminfo asks every pool)
            HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS => put::<u32>(value, p.flags),
            HSA_AMD_MEMORY_POOL_INFO_SIZE => put::<usize>(value, p.size as usize),
            HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED => put::<bool>(value, p.alloc_allowed),
            HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE => put::<usize>(value, p.granule as usize),
            HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_REC_GRANULE => put::<usize>(value, p.rec_granule as usize),
            HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT => put::<usize>(value, p.alignment as usize),
            HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL => put::<bool>(value, p.accessible_by_all),
            HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE => put::<usize>(value, if p.alloc_allowed { p.size as usize } else { 0 }),
            HSA_AMD_MEMORY_POOL_INFO_LOCATION => put::<u32>(value, p.location),
            _ => return HSA_STATUS_ERROR_INVALID_ARGUMENT,
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_amd_agent_memory_pool_get_info(a: hsa_agent_t, memory_pool: hsa_amd_memory_pool_t, attribute: u32, value: *mut c_void) {
        let index = match index_of(a) { Ok(x) => x, Err(e) => return e };
        let (owner_index, owner, p) = match pool(memory_pool, HSA_STATUS_ERROR_INVALID_MEMORY_POOL) { Ok(x) => x, Err(e) => return e };
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        let acc = access(index, owner_index, &owner, &p);
        match attribute {
            HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS => put::<u32>(value, acc),
            // the owner reaches its pool directly; another agent over one link
            HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS => {
                put::<u32>(value, if index == owner_index || acc == HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED { 0 } else { 1 })
            }
            _ => return HSA_STATUS_ERROR_INVALID_ARGUMENT,
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_agent_iterate_regions(a: hsa_agent_t, callback: PoolCallback, data: *mut c_void) {
        walk(a, callback, data)
    }

    fn hsa_region_get_info(region: hsa_region_t, attribute: u32, value: *mut c_void) {
        let (_, owner, p) = match pool(region, HSA_STATUS_ERROR_INVALID_REGION) { Ok(x) => x, Err(e) => return e };
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        let global = p.segment == HSA_AMD_SEGMENT_GLOBAL;
        match attribute {
            HSA_REGION_INFO_SEGMENT => put::<u32>(value, if global { HSA_REGION_SEGMENT_GLOBAL } else { HSA_REGION_SEGMENT_GROUP }),
            HSA_REGION_INFO_GLOBAL_FLAGS => put::<u32>(value, p.flags),
            HSA_REGION_INFO_SIZE => put::<usize>(value, p.size as usize),
            HSA_REGION_INFO_ALLOC_MAX_SIZE => put::<usize>(value, if p.alloc_allowed { p.size as usize } else { 0 }),
            HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE => put::<u32>(value, if owner.is_gpu() { owner.workgroup_max_size } else { 0 }),
            HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED => put::<bool>(value, p.alloc_allowed),
            HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE => put::<usize>(value, p.granule as usize),
            HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT => put::<usize>(value, p.alignment as usize),
            HSA_AMD_REGION_INFO_HOST_ACCESSIBLE => put::<bool>(value, !owner.is_gpu()),
            HSA_AMD_REGION_INFO_BASE => put::<*mut c_void>(value, std::ptr::null_mut()),
            HSA_AMD_REGION_INFO_BUS_WIDTH => put::<u32>(value, owner.memory_width),
            HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY => put::<u32>(value, owner.memory_clock_mhz),
            _ => return HSA_STATUS_ERROR_INVALID_ARGUMENT,
        }
        HSA_STATUS_SUCCESS
    }
}
