//! `hsa_init`/`hsa_shut_down` (reference counted), the agent list (one CPU agent, then one
//! GPU agent per HIP device), `hsa_agent_get_info`, `hsa_system_get_info`, `hsa_status_string`.

use crate::hip;
use crate::types::*;
use std::ffi::{c_char, c_void};
use std::sync::Mutex;

/// Agent handles are `AGENT_BASE + index` (index 0 = CPU).
pub const AGENT_BASE: u64 = 0x4f58_0000_0000;

#[derive(Clone, Debug)]
pub struct Agent {
    pub device: hsa_device_type_t,
    /// HIP ordinal of a GPU agent.
    pub ordinal: i32,
    pub name: String,
    pub product: String,
    pub wavefront: u32,
    pub compute_units: u32,
    pub clock_mhz: u32,
    pub l2: u32,
    pub bdf: u32,
    pub domain: u32,
}

struct State {
    refcount: u32,
    agents: Vec<Agent>,
}

static STATE: Mutex<State> = Mutex::new(State { refcount: 0, agents: Vec::new() });

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| t.lines().find(|l| l.starts_with("model name")).and_then(|l| l.split_once(':')).map(|(_, v)| v.trim().to_string()))
        .unwrap_or_else(|| "CPU".into())
}

fn read_i32(p: &[u8], off: usize) -> i32 {
    i32::from_ne_bytes(p[off..off + 4].try_into().unwrap())
}

fn read_cstr(p: &[u8], off: usize, max: usize) -> String {
    let s = &p[off..off + max];
    let end = s.iter().position(|&c| c == 0).unwrap_or(max);
    String::from_utf8_lossy(&s[..end]).into_owned()
}

fn discover() -> Vec<Agent> {
    let mut agents = vec![Agent {
        device: HSA_DEVICE_TYPE_CPU,
        ordinal: -1,
        name: cpu_name(),
        product: cpu_name(),
        wavefront: 0,
        compute_units: std::thread::available_parallelism().map_or(1, |n| n.get() as u32),
        clock_mhz: 0,
        l2: 0,
        bdf: 0,
        domain: 0,
    }];
    let mut n = 0;
    if unsafe { hip::hipGetDeviceCount(&mut n) } != 0 {
        n = 0;
    }
    for d in 0..n {
        let mut p = vec![0u8; hip::DEVICE_PROP_R0000_SIZE];
        if unsafe { hip::hipGetDeviceProperties(p.as_mut_ptr(), d) } != 0 {
            continue;
        }
        use hip::prop::*;
        let arch = read_cstr(&p, GCN_ARCH_NAME, 256);
        agents.push(Agent {
            device: HSA_DEVICE_TYPE_GPU,
            ordinal: d,
            name: arch.split(':').next().unwrap_or_default().to_string(),
            product: read_cstr(&p, NAME, 256),
            wavefront: read_i32(&p, WARP_SIZE) as u32,
            compute_units: read_i32(&p, MULTIPROCESSOR_COUNT) as u32,
            clock_mhz: (read_i32(&p, CLOCK_RATE) / 1000) as u32,
            l2: read_i32(&p, L2_CACHE_SIZE) as u32,
            bdf: ((read_i32(&p, PCI_BUS_ID) as u32) << 8) | ((read_i32(&p, PCI_DEVICE_ID) as u32) << 3),
            domain: read_i32(&p, PCI_DOMAIN_ID) as u32,
        });
    }
    agents
}

fn agent(a: hsa_agent_t) -> Result<Agent, hsa_status_t> {
    let s = state();
    if s.refcount == 0 {
        return Err(HSA_STATUS_ERROR_NOT_INITIALIZED);
    }
    a.handle
        .checked_sub(AGENT_BASE)
        .and_then(|i| s.agents.get(i as usize))
        .cloned()
        .ok_or(HSA_STATUS_ERROR_INVALID_AGENT)
}

/// Writes `s` into a fixed `char[n]` field, NUL-padded and truncated.
unsafe fn put_str(value: *mut c_void, n: usize, s: &str) {
    let b = s.as_bytes();
    let len = b.len().min(n - 1);
    unsafe {
        std::ptr::write_bytes(value.cast::<u8>(), 0, n);
        std::ptr::copy_nonoverlapping(b.as_ptr(), value.cast::<u8>(), len);
    }
}

unsafe fn put<T>(value: *mut c_void, v: T) {
    unsafe { value.cast::<T>().write_unaligned(v) }
}

pub type IterateCallback = Option<unsafe extern "C" fn(agent: hsa_agent_t, data: *mut c_void) -> hsa_status_t>;

oxrocm_ffi::c_api! { lib = "hsa", ret = hsa_status_t, on_panic = HSA_STATUS_ERROR;

    fn hsa_init() {
        let mut s = state();
        if s.refcount == u32::MAX {
            return HSA_STATUS_ERROR_REFCOUNT_OVERFLOW;
        }
        if s.refcount == 0 {
            s.agents = discover();
        }
        s.refcount += 1;
        HSA_STATUS_SUCCESS
    }

    fn hsa_shut_down() {
        let mut s = state();
        if s.refcount == 0 {
            return HSA_STATUS_ERROR_NOT_INITIALIZED;
        }
        s.refcount -= 1;
        if s.refcount == 0 {
            s.agents.clear();
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_iterate_agents(callback: IterateCallback, data: *mut c_void) {
        let agents = {
            let s = state();
            if s.refcount == 0 {
                return HSA_STATUS_ERROR_NOT_INITIALIZED;
            }
            s.agents.len()
        };
        let Some(cb) = callback else { return HSA_STATUS_ERROR_INVALID_ARGUMENT };
        // The lock is not held across callbacks: they call hsa_agent_get_info.
        for i in 0..agents {
            let st = cb(hsa_agent_t { handle: AGENT_BASE + i as u64 }, data);
            if st != HSA_STATUS_SUCCESS {
                return st;
            }
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_agent_get_info(a: hsa_agent_t, attribute: u32, value: *mut c_void) {
        let ag = match agent(a) { Ok(x) => x, Err(e) => return e };
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        let gpu = ag.device == HSA_DEVICE_TYPE_GPU;
        match attribute {
            HSA_AGENT_INFO_NAME => put_str(value, 64, &ag.name),
            HSA_AGENT_INFO_VENDOR_NAME => put_str(value, 64, if gpu { "AMD" } else { "CPU" }),
            HSA_AGENT_INFO_FEATURE => put::<u32>(value, if gpu { HSA_AGENT_FEATURE_KERNEL_DISPATCH } else { HSA_AGENT_FEATURE_AGENT_DISPATCH }),
            HSA_AGENT_INFO_MACHINE_MODEL => put::<u32>(value, HSA_MACHINE_MODEL_LARGE),
            HSA_AGENT_INFO_PROFILE => put::<u32>(value, if gpu { HSA_PROFILE_BASE } else { HSA_PROFILE_FULL }),
            HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE => put::<u32>(value, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR),
            HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES => put::<u32>(value, HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO | HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR),
            HSA_AGENT_INFO_FAST_F16_OPERATION => put::<bool>(value, gpu),
            HSA_AGENT_INFO_WAVEFRONT_SIZE => put::<u32>(value, ag.wavefront),
            HSA_AGENT_INFO_WORKGROUP_MAX_DIM => put::<[u16; 3]>(value, if gpu { [1024; 3] } else { [0; 3] }),
            HSA_AGENT_INFO_WORKGROUP_MAX_SIZE => put::<u32>(value, if gpu { 1024 } else { 0 }),
            HSA_AGENT_INFO_GRID_MAX_DIM => put::<[u32; 3]>(value, if gpu { [u32::MAX; 3] } else { [0; 3] }),
            HSA_AGENT_INFO_GRID_MAX_SIZE => put::<u32>(value, if gpu { u32::MAX } else { 0 }),
            HSA_AGENT_INFO_FBARRIER_MAX_SIZE => put::<u32>(value, if gpu { 32 } else { 0 }),
            HSA_AGENT_INFO_QUEUES_MAX => put::<u32>(value, if gpu { 128 } else { 0 }),
            HSA_AGENT_INFO_QUEUE_MIN_SIZE => put::<u32>(value, if gpu { 64 } else { 0 }),
            HSA_AGENT_INFO_QUEUE_MAX_SIZE => put::<u32>(value, if gpu { 131072 } else { 0 }),
            HSA_AGENT_INFO_QUEUE_TYPE => put::<u32>(value, HSA_QUEUE_TYPE_MULTI),
            HSA_AGENT_INFO_NODE | HSA_AMD_AGENT_INFO_DRIVER_NODE_ID => put::<u32>(value, (a.handle - AGENT_BASE) as u32),
            HSA_AGENT_INFO_DEVICE => put::<u32>(value, ag.device),
            HSA_AGENT_INFO_CACHE_SIZE => put::<[u32; 4]>(value, [16 << 10, ag.l2, 0, 0]),
            HSA_AGENT_INFO_EXTENSIONS => put::<[u8; 128]>(value, [0; 128]),
            HSA_AGENT_INFO_VERSION_MAJOR => put::<u16>(value, 1),
            HSA_AGENT_INFO_VERSION_MINOR => put::<u16>(value, 1),
            HSA_AMD_AGENT_INFO_CHIP_ID => put::<u32>(value, 0),
            HSA_AMD_AGENT_INFO_CACHELINE_SIZE => put::<u32>(value, if gpu { 128 } else { 64 }),
            HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT => put::<u32>(value, ag.compute_units),
            HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY => put::<u32>(value, ag.clock_mhz),
            HSA_AMD_AGENT_INFO_BDFID => put::<u32>(value, ag.bdf),
            HSA_AMD_AGENT_INFO_DOMAIN => put::<u32>(value, ag.domain),
            HSA_AMD_AGENT_INFO_PRODUCT_NAME => put_str(value, 64, &ag.product),
            HSA_AMD_AGENT_INFO_UUID => put_str(value, 21, if gpu { "GPU-XX" } else { "CPU-XX" }),
            _ => {
                oxrocm_ffi::log::write("hsa", 1, format_args!("hsa_agent_get_info: attribute {attribute:#x} is not supported by oxrocm"));
                return HSA_STATUS_ERROR_INVALID_ARGUMENT;
            }
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_system_get_info(attribute: u32, value: *mut c_void) {
        if state().refcount == 0 {
            return HSA_STATUS_ERROR_NOT_INITIALIZED;
        }
        if value.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        match attribute {
            HSA_SYSTEM_INFO_VERSION_MAJOR => put::<u16>(value, 1),
            HSA_SYSTEM_INFO_VERSION_MINOR => put::<u16>(value, 1),
            HSA_SYSTEM_INFO_TIMESTAMP => {
                let mut ts: libc::timespec = std::mem::zeroed();
                libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts);
                put::<u64>(value, ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
            }
            HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY => put::<u64>(value, 1_000_000_000),
            HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT => put::<u64>(value, u64::MAX),
            HSA_SYSTEM_INFO_ENDIANNESS => put::<u32>(value, HSA_ENDIANNESS_LITTLE),
            HSA_SYSTEM_INFO_MACHINE_MODEL => put::<u32>(value, HSA_MACHINE_MODEL_LARGE),
            HSA_SYSTEM_INFO_EXTENSIONS => put::<[u8; 128]>(value, [0; 128]),
            _ => {
                oxrocm_ffi::log::write("hsa", 1, format_args!("hsa_system_get_info: attribute {attribute:#x} is not supported by oxrocm"));
                return HSA_STATUS_ERROR_INVALID_ARGUMENT;
            }
        }
        HSA_STATUS_SUCCESS
    }

    fn hsa_status_string(status: hsa_status_t, status_string: *mut *const c_char) {
        if status_string.is_null() {
            return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        }
        match STATUS_TEXT.iter().find(|(s, _)| *s == status) {
            Some((_, t)) => { *status_string = t.as_ptr(); HSA_STATUS_SUCCESS }
            None => HSA_STATUS_ERROR_INVALID_ARGUMENT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    unsafe extern "C" fn collect(a: hsa_agent_t, data: *mut c_void) -> hsa_status_t {
        unsafe { (*data.cast::<Vec<hsa_agent_t>>()).push(a) };
        HSA_STATUS_SUCCESS
    }

    unsafe extern "C" fn stop_at_first_gpu(a: hsa_agent_t, data: *mut c_void) -> hsa_status_t {
        let mut t = 99u32;
        assert_eq!(unsafe { hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, (&mut t as *mut u32).cast()) }, HSA_STATUS_SUCCESS);
        unsafe { *data.cast::<u32>() += 1 };
        if t == HSA_DEVICE_TYPE_GPU { HSA_STATUS_INFO_BREAK } else { HSA_STATUS_SUCCESS }
    }

    /// One test: the init reference count is process-wide.
    #[test]
    fn agents_follow_hip_devices() {
        unsafe {
            let mut v: Vec<hsa_agent_t> = Vec::new();
            assert_eq!(hsa_iterate_agents(Some(collect), (&mut v as *mut Vec<hsa_agent_t>).cast()), HSA_STATUS_ERROR_NOT_INITIALIZED);
            assert_eq!(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
            assert_eq!(hsa_init(), HSA_STATUS_SUCCESS);
            assert_eq!(hsa_init(), HSA_STATUS_SUCCESS);
            assert_eq!(hsa_iterate_agents(None, std::ptr::null_mut()), HSA_STATUS_ERROR_INVALID_ARGUMENT);
            assert_eq!(hsa_iterate_agents(Some(collect), (&mut v as *mut Vec<hsa_agent_t>).cast()), HSA_STATUS_SUCCESS);
            let mut n = 0;
            assert_eq!(hip::hipGetDeviceCount(&mut n), 0);
            assert!(n >= 1);
            assert_eq!(v.len(), n as usize + 1);

            let mut types = Vec::new();
            for a in &v {
                let mut t = 99u32;
                assert_eq!(hsa_agent_get_info(*a, HSA_AGENT_INFO_DEVICE, (&mut t as *mut u32).cast()), HSA_STATUS_SUCCESS);
                types.push(t);
                let mut name = [0 as c_char; 64];
                assert_eq!(hsa_agent_get_info(*a, HSA_AGENT_INFO_NAME, name.as_mut_ptr().cast()), HSA_STATUS_SUCCESS);
                let name = CStr::from_ptr(name.as_ptr()).to_str().unwrap().to_string();
                if t == HSA_DEVICE_TYPE_GPU {
                    assert!(name.starts_with("gfx"), "{name}");
                    let mut w = 0u32;
                    assert_eq!(hsa_agent_get_info(*a, HSA_AGENT_INFO_WAVEFRONT_SIZE, (&mut w as *mut u32).cast()), HSA_STATUS_SUCCESS);
                    assert!(w == 32 || w == 64, "{w}");
                }
            }
            assert_eq!(types[0], HSA_DEVICE_TYPE_CPU);
            assert!(types[1..].iter().all(|&t| t == HSA_DEVICE_TYPE_GPU));

            // INFO_BREAK stops the walk and is returned
            let mut visited = 0u32;
            assert_eq!(hsa_iterate_agents(Some(stop_at_first_gpu), (&mut visited as *mut u32).cast()), HSA_STATUS_INFO_BREAK);
            assert_eq!(visited, 2);

            // bad agents, bad attributes
            let mut t = 0u32;
            let bogus = hsa_agent_t { handle: 42 };
            assert_eq!(hsa_agent_get_info(bogus, HSA_AGENT_INFO_DEVICE, (&mut t as *mut u32).cast()), HSA_STATUS_ERROR_INVALID_AGENT);
            assert_eq!(hsa_agent_get_info(v[0], 0x7fff_fff0, (&mut t as *mut u32).cast()), HSA_STATUS_ERROR_INVALID_ARGUMENT);

            let mut major = 0u16;
            assert_eq!(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, (&mut major as *mut u16).cast()), HSA_STATUS_SUCCESS);
            assert_eq!(major, 1);
            let mut s: *const c_char = std::ptr::null();
            assert_eq!(hsa_status_string(HSA_STATUS_ERROR_INVALID_AGENT, &mut s), HSA_STATUS_SUCCESS);
            assert!(CStr::from_ptr(s).to_str().unwrap().starts_with("HSA_STATUS_ERROR_INVALID_AGENT"));
            assert_eq!(hsa_status_string(0x7777, &mut s), HSA_STATUS_ERROR_INVALID_ARGUMENT);

            assert_eq!(hsa_shut_down(), HSA_STATUS_SUCCESS);
            assert_eq!(hsa_iterate_agents(Some(collect), (&mut v as *mut Vec<hsa_agent_t>).cast()), HSA_STATUS_SUCCESS);
            assert_eq!(hsa_shut_down(), HSA_STATUS_SUCCESS);
            assert_eq!(hsa_agent_get_info(v[0], HSA_AGENT_INFO_DEVICE, (&mut t as *mut u32).cast()), HSA_STATUS_ERROR_NOT_INITIALIZED);
        }
    }
}
