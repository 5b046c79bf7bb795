//! `hsa_init`/`hsa_shut_down` (reference counted), the agent list (one CPU agent, then one
//! GPU agent per HIP device), `hsa_agent_get_info`, `hsa_system_get_info`, `hsa_status_string`.
//! What a GPU agent reports comes from HIP's device properties; the CPU agent describes the
//! host (/proc, /sys).

use crate::hip;
use crate::types::*;
use std::ffi::{c_char, c_void};
use std::sync::Mutex;

/// Agent handles are `AGENT_BASE + index` (index 0 = CPU). The index is also the agent's
/// node id, as KFD numbers CPU nodes before GPU nodes.
pub const AGENT_BASE: u64 = 0x4f58_0000_0000;

#[derive(Clone, Debug)]
pub struct Agent {
    pub device: hsa_device_type_t,
    /// HIP ordinal of a GPU agent.
    pub ordinal: i32,
    pub name: String,
    /// The target with its features, as HIP's gcnArchName (`gfx90a:sramecc+:xnack-`); empty
    /// for the CPU, which has no ISA.
    pub target: String,
    pub product: String,
    pub uuid: String,
    pub wavefront: u32,
    pub compute_units: u32,
    pub clock_mhz: u32,
    /// L1..L4 sizes in bytes (0: none).
    pub caches: [u32; 4],
    pub bdf: u32,
    pub domain: u32,
    pub chip_id: u32,
    pub asic_revision: u32,
    pub workgroup_max_dim: [u16; 3],
    pub workgroup_max_size: u32,
    pub max_waves_per_cu: u32,
    /// Bytes of the agent's global memory (GPU: totalGlobalMem; CPU: MemTotal).
    pub memory: u64,
    /// Group-segment (LDS) bytes a workgroup may use (GPU).
    pub lds: u64,
    pub memory_width: u32,
    pub memory_clock_mhz: u32,
    /// Shares memory with the host (HIP's `integrated`).
    pub integrated: bool,
}

impl Agent {
    pub fn is_gpu(&self) -> bool {
        self.device == HSA_DEVICE_TYPE_GPU
    }
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

/// The CPU's maximum clock in MHz: cpufreq's maximum, else /proc/cpuinfo's current clock.
fn cpu_clock_mhz() -> u32 {
    let khz = std::fs::read_to_string("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq").ok().and_then(|t| t.trim().parse::<u64>().ok());
    if let Some(k) = khz {
        return (k / 1000) as u32;
    }
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| t.lines().find(|l| l.starts_with("cpu MHz")).and_then(|l| l.split_once(':')).and_then(|(_, v)| v.trim().parse::<f64>().ok()))
        .map_or(0, |m| m as u32)
}

/// `32K`, `512K`, `32768K`, `1M` (sysfs cache sizes) in bytes.
fn parse_size(t: &str) -> Option<u64> {
    let t = t.trim();
    let (num, mul) = match t.chars().last()? {
        'K' => (&t[..t.len() - 1], 1u64 << 10),
        'M' => (&t[..t.len() - 1], 1 << 20),
        'G' => (&t[..t.len() - 1], 1 << 30),
        _ => (t, 1),
    };
    num.parse::<u64>().ok().map(|n| n * mul)
}

/// Data and unified cache sizes of CPU 0 per level, from sysfs.
fn cpu_caches() -> [u32; 4] {
    let mut out = [0u32; 4];
    for i in 0..16 {
        let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{i}");
        let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).ok();
        let Some(level) = read("level").and_then(|l| l.trim().parse::<usize>().ok()) else { break };
        if read("type").is_some_and(|t| t.trim() == "Instruction") || !(1..=4).contains(&level) {
            continue;
        }
        if let Some(size) = read("size").and_then(|s| parse_size(&s)) {
            out[level - 1] = out[level - 1].max(size.min(u32::MAX as u64) as u32);
        }
    }
    out
}

/// MemTotal of /proc/meminfo in bytes.
pub fn host_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| t.lines().find(|l| l.starts_with("MemTotal:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse::<u64>().ok()))
        .map_or(0, |kb| kb * 1024)
}

/// A PCI device ID of a product of each target (pci.ids), for the agent's chip ID: our
/// devices are the target, not a particular board. 0 for targets not listed.
pub fn chip_id_of(target: &str) -> u32 {
    let gfx = target.split(':').next().unwrap_or_default();
    match gfx {
        "gfx900" => 0x687f,  // Vega 10 [Radeon RX Vega 56/64]
        "gfx906" => 0x66a1,  // Vega 20 [Radeon Pro VII/Radeon Instinct MI50]
        "gfx908" => 0x738c,  // Arcturus [Instinct MI100]
        "gfx90a" => 0x740f,  // Aldebaran [Instinct MI210]
        "gfx942" => 0x74a1,  // Aqua Vanjaram [Instinct MI300X]
        "gfx1030" => 0x73bf, // Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]
        "gfx1031" => 0x73df, // Navi 22
        "gfx1032" => 0x73ff, // Navi 23
        "gfx1100" => 0x744c, // Navi 31 [Radeon RX 7900 XT/7900 XTX]
        "gfx1101" => 0x747e, // Navi 32
        "gfx1102" => 0x7480, // Navi 33
        "gfx1200" => 0x7590, // Navi 44
        "gfx1201" => 0x7550, // Navi 48 [Radeon RX 9070]
        _ => 0,
    }
}

/// ROCm's agent UUID: `GPU-` and 16 characters, the ones HIP's `hipDeviceGetUuid` returns
/// (HIP takes its UUID from this string); bytes that are not printable ASCII as hex.
pub fn uuid_string(bytes: &[u8; 16]) -> String {
    if bytes.iter().all(|b| b.is_ascii_graphic()) {
        format!("GPU-{}", String::from_utf8_lossy(bytes))
    } else {
        format!("GPU-{}", bytes[..8].iter().map(|b| format!("{b:02x}")).collect::<String>())
    }
}

fn read_i32(p: &[u8], off: usize) -> i32 {
    i32::from_ne_bytes(p[off..off + 4].try_into().unwrap())
}

fn read_u64(p: &[u8], off: usize) -> u64 {
    u64::from_ne_bytes(p[off..off + 8].try_into().unwrap())
}

fn read_cstr(p: &[u8], off: usize, max: usize) -> String {
    let s = &p[off..off + max];
    let end = s.iter().position(|&c| c == 0).unwrap_or(max);
    String::from_utf8_lossy(&s[..end]).into_owned()
}

fn discover() -> Vec<Agent> {
    let cpu_cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let mut agents = vec![Agent {
        device: HSA_DEVICE_TYPE_CPU,
        ordinal: -1,
        name: cpu_name(),
        target: String::new(),
        product: cpu_name(),
        uuid: "CPU-XX".into(),
        wavefront: 0,
        compute_units: cpu_cores,
        clock_mhz: cpu_clock_mhz(),
        caches: cpu_caches(),
        bdf: 0,
        domain: 0,
        chip_id: 0,
        asic_revision: 0,
        workgroup_max_dim: [0; 3],
        workgroup_max_size: 0,
        max_waves_per_cu: 0,
        memory: host_memory(),
        lds: 0,
        memory_width: 0,
        memory_clock_mhz: 0,
        integrated: false,
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
        let mut uuid = hip::HipUuid::default();
        if unsafe { hip::hipDeviceGetUuid(&mut uuid, d) } != 0 {
            uuid = hip::HipUuid::default();
        }
        use hip::prop::*;
        let target = read_cstr(&p, GCN_ARCH_NAME, 256);
        let wavefront = read_i32(&p, WARP_SIZE).max(1) as u32;
        let dim = |i: usize| read_i32(&p, MAX_THREADS_DIM + 4 * i).clamp(0, u16::MAX as i32) as u16;
        agents.push(Agent {
            device: HSA_DEVICE_TYPE_GPU,
            ordinal: d,
            name: target.split(':').next().unwrap_or_default().to_string(),
            chip_id: chip_id_of(&target),
            product: read_cstr(&p, NAME, 256),
            uuid: uuid_string(&uuid.bytes),
            wavefront,
            compute_units: read_i32(&p, MULTIPROCESSOR_COUNT) as u32,
            clock_mhz: (read_i32(&p, CLOCK_RATE) / 1000) as u32,
            caches: [16 << 10, read_i32(&p, L2_CACHE_SIZE) as u32, 0, 0],
            bdf: ((read_i32(&p, PCI_BUS_ID) as u32 & 0xff) << 8) | ((read_i32(&p, PCI_DEVICE_ID) as u32 & 0x1f) << 3),
            domain: read_i32(&p, PCI_DOMAIN_ID) as u32,
            asic_revision: read_i32(&p, ASIC_REVISION) as u32,
            workgroup_max_dim: [dim(0), dim(1), dim(2)],
            workgroup_max_size: read_i32(&p, MAX_THREADS_PER_BLOCK) as u32,
            max_waves_per_cu: read_i32(&p, MAX_THREADS_PER_MULTIPROCESSOR) as u32 / wavefront,
            memory: read_u64(&p, TOTAL_GLOBAL_MEM),
            lds: read_u64(&p, SHARED_MEM_PER_BLOCK),
            memory_width: read_i32(&p, MEMORY_BUS_WIDTH) as u32,
            memory_clock_mhz: (read_i32(&p, MEMORY_CLOCK_RATE) / 1000) as u32,
            integrated: read_i32(&p, INTEGRATED) != 0,
            target,
        });
    }
    agents
}

/// The agent list, or NOT_INITIALIZED.
pub fn agents() -> Result<Vec<Agent>, hsa_status_t> {
    let s = state();
    if s.refcount == 0 {
        return Err(HSA_STATUS_ERROR_NOT_INITIALIZED);
    }
    Ok(s.agents.clone())
}

/// The agent at `index` of the list, or NOT_INITIALIZED / `invalid`.
pub fn agent_at(index: u64, invalid: hsa_status_t) -> Result<Agent, hsa_status_t> {
    let s = state();
    if s.refcount == 0 {
        return Err(HSA_STATUS_ERROR_NOT_INITIALIZED);
    }
    s.agents.get(index as usize).cloned().ok_or(invalid)
}

/// The agent's index in the list (its handle less AGENT_BASE), or NOT_INITIALIZED /
/// INVALID_AGENT.
pub fn index_of(a: hsa_agent_t) -> Result<u64, hsa_status_t> {
    let i = a.handle.checked_sub(AGENT_BASE).ok_or(HSA_STATUS_ERROR_INVALID_AGENT)?;
    agent_at(i, HSA_STATUS_ERROR_INVALID_AGENT).map(|_| i)
}

pub fn agent(a: hsa_agent_t) -> Result<Agent, hsa_status_t> {
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
pub unsafe fn put_str(value: *mut c_void, n: usize, s: &str) {
    let b = s.as_bytes();
    let len = b.len().min(n - 1);
    unsafe {
        std::ptr::write_bytes(value.cast::<u8>(), 0, n);
        std::ptr::copy_nonoverlapping(b.as_ptr(), value.cast::<u8>(), len);
    }
}

pub unsafe fn put<T>(value: *mut c_void, v: T) {
    unsafe { value.cast::<T>().write_unaligned(v) }
}

/// `HSA_AMD_SYSTEM_INFO_BUILD_VERSION`: a `const char*`.
static BUILD_VERSION: &str = concat!("oxrocm ", env!("CARGO_PKG_VERSION"), "\0");

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
        let gpu = ag.is_gpu();
        let index = a.handle - AGENT_BASE;
        match attribute {
            HSA_AGENT_INFO_NAME => put_str(value, 64, &ag.name),
            HSA_AGENT_INFO_VENDOR_NAME => put_str(value, 64, if gpu { "AMD" } else { "CPU" }),
            // ROCr's CPU agent dispatches nothing (no AGENT_DISPATCH queues).
            HSA_AGENT_INFO_FEATURE => put::<u32>(value, if gpu { HSA_AGENT_FEATURE_KERNEL_DISPATCH } else { 0 }),
            HSA_AGENT_INFO_MACHINE_MODEL => put::<u32>(value, HSA_MACHINE_MODEL_LARGE),
            HSA_AGENT_INFO_PROFILE => put::<u32>(value, if gpu { HSA_PROFILE_BASE } else { HSA_PROFILE_FULL }),
            HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE => put::<u32>(value, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR),
            HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES => put::<u32>(value, HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO | HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR),
            HSA_AGENT_INFO_FAST_F16_OPERATION => put::<bool>(value, gpu),
            HSA_AGENT_INFO_WAVEFRONT_SIZE => put::<u32>(value, ag.wavefront),
            HSA_AGENT_INFO_WORKGROUP_MAX_DIM => put::<[u16; 3]>(value, ag.workgroup_max_dim),
            HSA_AGENT_INFO_WORKGROUP_MAX_SIZE => put::<u32>(value, ag.workgroup_max_size),
            HSA_AGENT_INFO_GRID_MAX_DIM => put::<[u32; 3]>(value, if gpu { [u32::MAX; 3] } else { [0; 3] }),
            HSA_AGENT_INFO_GRID_MAX_SIZE => put::<u32>(value, if gpu { u32::MAX } else { 0 }),
            HSA_AGENT_INFO_FBARRIER_MAX_SIZE => put::<u32>(value, if gpu { 32 } else { 0 }),
            HSA_AGENT_INFO_QUEUES_MAX => put::<u32>(value, if gpu { 128 } else { 0 }),
            HSA_AGENT_INFO_QUEUE_MIN_SIZE => put::<u32>(value, if gpu { 64 } else { 0 }),
            HSA_AGENT_INFO_QUEUE_MAX_SIZE => put::<u32>(value, if gpu { 131072 } else { 0 }),
            HSA_AGENT_INFO_QUEUE_TYPE => put::<u32>(value, HSA_QUEUE_TYPE_MULTI),
            HSA_AGENT_INFO_NODE | HSA_AMD_AGENT_INFO_DRIVER_NODE_ID => put::<u32>(value, index as u32),
            HSA_AGENT_INFO_DEVICE => put::<u32>(value, ag.device),
            HSA_AGENT_INFO_CACHE_SIZE => put::<[u32; 4]>(value, ag.caches),
            HSA_AGENT_INFO_ISA => {
                if !gpu {
                    return HSA_STATUS_ERROR_INVALID_AGENT;
                }
                put::<hsa_isa_t>(value, crate::isa::isa_handle(index))
            }
            HSA_AGENT_INFO_EXTENSIONS => put::<[u8; 128]>(value, [0; 128]),
            HSA_AGENT_INFO_VERSION_MAJOR => put::<u16>(value, 1),
            HSA_AGENT_INFO_VERSION_MINOR => put::<u16>(value, 1),
            HSA_AMD_AGENT_INFO_CHIP_ID => put::<u32>(value, ag.chip_id),
            HSA_AMD_AGENT_INFO_ASIC_REVISION => put::<u32>(value, ag.asic_revision),
            HSA_AMD_AGENT_INFO_CACHELINE_SIZE => put::<u32>(value, if gpu { 128 } else { 64 }),
            HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT | HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT => put::<u32>(value, ag.compute_units),
            HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY => put::<u32>(value, ag.clock_mhz),
            HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS => put::<u32>(value, if gpu { 4 } else { 0 }),
            HSA_AMD_AGENT_INFO_BDFID => put::<u32>(value, ag.bdf),
            HSA_AMD_AGENT_INFO_DOMAIN => put::<u32>(value, ag.domain),
            HSA_AMD_AGENT_INFO_MEMORY_WIDTH => put::<u32>(value, ag.memory_width),
            HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY => put::<u32>(value, ag.memory_clock_mhz),
            HSA_AMD_AGENT_INFO_PRODUCT_NAME => put_str(value, 64, &ag.product),
            HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU => put::<u32>(value, ag.max_waves_per_cu),
            // wave64 targets (gfx9) have four SIMDs per CU, wave32 ones (gfx10+) two.
            HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU => put::<u32>(value, match (gpu, ag.wavefront) { (false, _) => 0, (true, 64) => 4, _ => 2 }),
            // A virtual device has no shader-engine layout: all its CUs in one engine, one array.
            HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES | HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE | HSA_AMD_AGENT_INFO_NUM_XCC => put::<u32>(value, gpu as u32),
            HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES => put::<bool>(value, gpu),
            HSA_AMD_AGENT_INFO_UUID => put_str(value, 21, &ag.uuid),
            HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS => put::<bool>(value, !gpu || ag.integrated),
            HSA_AMD_AGENT_INFO_MEMORY_AVAIL => put::<u64>(value, ag.memory),
            HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY => put::<u64>(value, 1_000_000_000),
            HSA_AMD_AGENT_INFO_UCODE_VERSION | HSA_AMD_AGENT_INFO_SDMA_UCODE_VERSION => put::<u32>(value, 0),
            HSA_AMD_AGENT_INFO_NUM_SDMA_ENG => put::<u32>(value, gpu as u32),
            HSA_AMD_AGENT_INFO_NUM_SDMA_XGMI_ENG => put::<u32>(value, 0),
            HSA_AMD_AGENT_INFO_IOMMU_SUPPORT => put::<u32>(value, HSA_IOMMU_SUPPORT_NONE),
            HSA_AMD_AGENT_INFO_DRIVER_UID => put::<u32>(value, index as u32),
            HSA_AMD_AGENT_INFO_NEAREST_CPU => put::<hsa_agent_t>(value, hsa_agent_t { handle: AGENT_BASE }),
            HSA_AMD_AGENT_INFO_MEMORY_PROPERTIES => {
                let bits = if gpu && ag.integrated { HSA_AMD_MEMORY_PROPERTY_AGENT_IS_APU } else { 0 };
                put::<[u8; 8]>(value, bits.to_le_bytes())
            }
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
            HSA_AMD_SYSTEM_INFO_BUILD_VERSION => {
                *value.cast::<*const c_char>() = BUILD_VERSION.as_ptr().cast();
            }
            // Device memory is host memory (CPU backend) or mapped (Vulkan); no XNACK, no
            // mwaitx, no dma-buf export, and no HSA virtual memory calls here.
            HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED => put::<bool>(value, false),
            HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT => put::<bool>(value, false),
            HSA_AMD_SYSTEM_INFO_MWAITX_ENABLED
            | HSA_AMD_SYSTEM_INFO_DMABUF_SUPPORTED
            | HSA_AMD_SYSTEM_INFO_VIRTUAL_MEM_API_SUPPORTED
            | HSA_AMD_SYSTEM_INFO_XNACK_ENABLED => put::<bool>(value, false),
            HSA_AMD_SYSTEM_INFO_EXT_VERSION_MAJOR => put::<u16>(value, HSA_AMD_INTERFACE_VERSION.0),
            HSA_AMD_SYSTEM_INFO_EXT_VERSION_MINOR => put::<u16>(value, HSA_AMD_INTERFACE_VERSION.1),
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
        let _g = crate::tests::lock();
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
