//! ISAs (one per GPU agent: its target), their wavefronts, the agents' caches, and the
//! extension queries (no HSA extension is offered).

use crate::agents::{AGENT_BASE, Agent, agent, agent_at, agents, put, put_str};
use crate::types::*;
use std::ffi::{c_char, c_void};

/// ISA handles are `ISA_BASE + agent index`; a GPU agent's one wavefront shares its ISA's handle.
pub const ISA_BASE: u64 = 0x4f58_1000_0000;
/// Cache handles are `CACHE_BASE + (agent index << 4) + level`.
pub const CACHE_BASE: u64 = 0x4f58_2000_0000;

/// The prefix ROCm puts before a target in an ISA name.
pub const ISA_PREFIX: &str = "amdgcn-amd-amdhsa--";

pub fn isa_handle(agent_index: u64) -> hsa_isa_t {
    Handle { handle: ISA_BASE + agent_index }
}

/// The GPU agent an ISA (or wavefront) handle names.
fn isa_agent(h: Handle, invalid: hsa_status_t) -> Result<Agent, hsa_status_t> {
    let i = h.handle.checked_sub(ISA_BASE).ok_or(invalid)?;
    let a = agent_at(i, invalid)?;
    if a.is_gpu() { Ok(a) } else { Err(invalid) }
}

/// `amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-`.
pub fn isa_name(a: &Agent) -> String {
    format!("{ISA_PREFIX}{}", a.target)
}

/// The processor of a target or ISA name: `gfx90a` of `amdgcn-amd-amdhsa--gfx90a:xnack-`.
fn processor(name: &str) -> &str {
    name.strip_prefix(ISA_PREFIX).unwrap_or(name).split(':').next().unwrap_or_default()
}

/// The cache levels an agent has (nonzero sizes), as (level, bytes).
fn caches_of(a: &Agent) -> Vec<(u8, u32)> {
    a.caches.iter().enumerate().filter(|(_, s)| **s != 0).map(|(i, s)| (i as u8 + 1, *s)).collect()
}

unsafe fn isa_info(a: &Agent, attribute: u32, value: *mut c_void) -> hsa_status_t {
    let name = isa_name(a);
    unsafe {
        match attribute {
            HSA_ISA_INFO_NAME_LENGTH => put::<u32>(value, name.len() as u32 + 1),
            HSA_ISA_INFO_NAME => put_str(value, name.len() + 1, &name),
            HSA_ISA_INFO_CALL_CONVENTION_COUNT => put::<u32>(value, 1),
            HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE => put::<u32>(value, a.wavefront),
            HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT => put::<u32>(value, a.max_waves_per_cu),
            // indexed by hsa_machine_model_t, hsa_profile_t, hsa_default_float_rounding_mode_t
            HSA_ISA_INFO_MACHINE_MODELS => put::<[bool; 2]>(value, [false, true]),
            HSA_ISA_INFO_PROFILES => put::<[bool; 2]>(value, [true, false]),
            HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES | HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES => {
                put::<[bool; 3]>(value, [false, false, true])
            }
            HSA_ISA_INFO_FAST_F16_OPERATION => put::<bool>(value, true),
            HSA_ISA_INFO_WORKGROUP_MAX_DIM => put::<[u16; 3]>(value, a.workgroup_max_dim),
            HSA_ISA_INFO_WORKGROUP_MAX_SIZE => put::<u32>(value, a.workgroup_max_size),
            HSA_ISA_INFO_GRID_MAX_DIM => put::<hsa_dim3_t>(value, hsa_dim3_t { x: u32::MAX, y: u32::MAX, z: u32::MAX }),
            HSA_ISA_INFO_GRID_MAX_SIZE => put::<u64>(value, u32::MAX as u64),
            HSA_ISA_INFO_FBARRIER_MAX_SIZE => put::<u32>(value, 32),
            _ => return HSA_STATUS_ERROR_INVALID_ARGUMENT,
        }
    }
    HSA_STATUS_SUCCESS
}

pub type IsaCallback = Option<unsafe extern "C" fn(isa: hsa_isa_t, data: *mut c_void) -> hsa_status_t>;
pub type CacheCallback = Option<unsafe extern "C" fn(cache: hsa_cache_t, data: *mut c_void) -> hsa_status_t>;

/// `hsa_extension_t` names (`hsa.h`).
const EXTENSION_NAMES: &[(u16, &std::ffi::CStr)] = &[
    (0, c"HSA_EXTENSION_FINALIZER"),
    (1, c"HSA_EXTENSION_IMAGES"),
    (2, c"HSA_EXTENSION_PERFORMANCE_COUNTERS"),
    (3, c"HSA_EXTENSION_PROFILING_EVENTS"),
    (0x200, c"HSA_EXTENSION_AMD_PROFILER"),
    (0x201, c"HSA_EXTENSION_AMD_LOADER"),
    (0x202, c"HSA_EXTENSION_AMD_AQLPROFILE"),
    (0x203, c"HSA_EXTENSION_AMD_PC_SAMPLING"),
];

fn known_extension(e: u16) -> bool {
    EXTENSION_NAMES.iter().any(|(x, _)| *x == e)
}

oxrocm_ffi::c_api! { lib = "hsa", ret = hsa_status_t, on_panic = HSA_STATUS_ERROR;

    fn hsa_agent_iterate_isas(a: hsa_agent_t, callback: IsaCallback, data: *mut c_void) {
        let ag = match agent(a) { Ok(x) => x, Err(e) => return e };
        let Some(cb) = callback else { return HSA_STATUS_ERROR_INVALID_ARGUMENT };
        if !ag.is_gpu() {
            return HSA_STATUS_SUCCESS;
        }
        cb(isa_handle(a.handle - AGENT_BASE), data)
    }

    fn hsa_isa_get_info_alt(isa: hsa_isa_t, attribute: u32, value: *mut c_void) {
        let ag = match isa_agent(isa, HSA_STATUS_ERROR_INVALID_ISA) { Ok(x) => x, Err(e) => return e };
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        isa_info(&ag, attribute, value)
    }

    /// The HSA 1.0 form: `index` selects a call convention, of which there is one.
    fn hsa_isa_get_info(isa: hsa_isa_t, attribute: u32, index: u32, value: *mut c_void) {
        let ag = match isa_agent(isa, HSA_STATUS_ERROR_INVALID_ISA) { Ok(x) => x, Err(e) => return e };
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        let per_convention = matches!(attribute,
            HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE | HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT);
        if per_convention && index != 0 {
            return HSA_STATUS_ERROR_INVALID_INDEX;
        }
        isa_info(&ag, attribute, value)
    }

    /// A name of one of our GPU agents' ISAs, with or without its target features.
    fn hsa_isa_from_name(name: *const c_char, isa: *mut hsa_isa_t) {
        let list = match agents() { Ok(x) => x, Err(e) => return e };
        if name.is_null() || isa.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        let want = std::ffi::CStr::from_ptr(name).to_string_lossy().into_owned();
        if !want.starts_with(ISA_PREFIX) {
            return HSA_STATUS_ERROR_INVALID_ISA_NAME;
        }
        let found = list.iter().position(|a| a.is_gpu() && isa_name(a) == want)
            .or_else(|| list.iter().position(|a| a.is_gpu() && !want.contains(':') && processor(&a.target) == processor(&want)));
        match found {
            Some(i) => { *isa = isa_handle(i as u64); HSA_STATUS_SUCCESS }
            None => HSA_STATUS_ERROR_INVALID_ISA_NAME,
        }
    }

    /// Code for `code_object_isa` runs on `agent_isa` when both name the same processor.
    fn hsa_isa_compatible(code_object_isa: hsa_isa_t, agent_isa: hsa_isa_t, result: *mut bool) {
        let a = match isa_agent(code_object_isa, HSA_STATUS_ERROR_INVALID_ISA) { Ok(x) => x, Err(e) => return e };
        let b = match isa_agent(agent_isa, HSA_STATUS_ERROR_INVALID_ISA) { Ok(x) => x, Err(e) => return e };
        if result.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        *result = processor(&a.target) == processor(&b.target);
        HSA_STATUS_SUCCESS
    }

    fn hsa_isa_iterate_wavefronts(isa: hsa_isa_t, callback: Option<unsafe extern "C" fn(hsa_wavefront_t, *mut c_void) -> hsa_status_t>, data: *mut c_void) {
        if let Err(e) = isa_agent(isa, HSA_STATUS_ERROR_INVALID_ISA) {
            return e;
        }
        let Some(cb) = callback else { return HSA_STATUS_ERROR_INVALID_ARGUMENT };
        cb(Handle { handle: isa.handle }, data)
    }

    fn hsa_wavefront_get_info(wavefront: hsa_wavefront_t, attribute: u32, value: *mut c_void) {
        let ag = match isa_agent(wavefront, HSA_STATUS_ERROR_INVALID_WAVEFRONT) { Ok(x) => x, Err(e) => return e };
        if value.is_null() || attribute != HSA_WAVEFRONT_INFO_SIZE {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        put::<u32>(value, ag.wavefront);
        HSA_STATUS_SUCCESS
    }

    fn hsa_agent_iterate_caches(a: hsa_agent_t, callback: CacheCallback, data: *mut c_void) {
        let ag = match agent(a) { Ok(x) => x, Err(e) => return e };
        let Some(cb) = callback else { return HSA_STATUS_ERROR_INVALID_ARGUMENT };
        let index = a.handle - AGENT_BASE;
        for (level, _) in caches_of(&ag) {
            let st = cb(Handle { handle: CACHE_BASE + (index << 4) + level as u64 }, data);
            if st != HSA_STATUS_SUCCESS {
                return st;
            }
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_cache_get_info(cache: hsa_cache_t, attribute: u32, value: *mut c_void) {
        let Some(rel) = cache.handle.checked_sub(CACHE_BASE) else { return HSA_STATUS_ERROR_INVALID_CACHE };
        let ag = match agent_at(rel >> 4, HSA_STATUS_ERROR_INVALID_CACHE) { Ok(x) => x, Err(e) => return e };
        let level = (rel & 0xf) as u8;
        let Some(&(_, size)) = caches_of(&ag).iter().find(|(l, _)| *l == level) else { return HSA_STATUS_ERROR_INVALID_CACHE };
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        let name = format!("L{level}");
        match attribute {
            HSA_CACHE_INFO_NAME_LENGTH => put::<u32>(value, name.len() as u32 + 1),
            HSA_CACHE_INFO_NAME => put_str(value, name.len() + 1, &name),
            HSA_CACHE_INFO_LEVEL => put::<u8>(value, level),
            HSA_CACHE_INFO_SIZE => put::<u32>(value, size),
            _ => return HSA_STATUS_ERROR_INVALID_ARGUMENT,
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_extension_get_name(extension: u16, name: *mut *const c_char) {
        if let Err(e) = agents() {
            return e;
        }
        if name.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        match EXTENSION_NAMES.iter().find(|(x, _)| *x == extension) {
            Some((_, n)) => { *name = n.as_ptr(); HSA_STATUS_SUCCESS }
            None => HSA_STATUS_ERROR_INVALID_ARGUMENT,
        }
    }

    fn hsa_system_extension_supported(extension: u16, version_major: u16, version_minor: u16, result: *mut bool) {
        let _ = (version_major, version_minor);
        if let Err(e) = agents() {
            return e;
        }
        if result.is_null() || !known_extension(extension) {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        *result = false;
        HSA_STATUS_SUCCESS
    }

    fn hsa_system_major_extension_supported(extension: u16, version_major: u16, version_minor: *mut u16, result: *mut bool) {
        let _ = version_major;
        if let Err(e) = agents() {
            return e;
        }
        if result.is_null() || version_minor.is_null() || !known_extension(extension) {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        *result = false;
        HSA_STATUS_SUCCESS
    }

    fn hsa_agent_extension_supported(extension: u16, a: hsa_agent_t, version_major: u16, version_minor: u16, result: *mut bool) {
        let _ = (version_major, version_minor);
        if let Err(e) = agent(a) {
            return e;
        }
        if result.is_null() || !known_extension(extension) {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        *result = false;
        HSA_STATUS_SUCCESS
    }

    fn hsa_agent_major_extension_supported(extension: u16, a: hsa_agent_t, version_major: u16, version_minor: *mut u16, result: *mut bool) {
        let _ = version_major;
        if let Err(e) = agent(a) {
            return e;
        }
        if result.is_null() || version_minor.is_null() || !known_extension(extension) {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        *result = false;
        HSA_STATUS_SUCCESS
    }
}
