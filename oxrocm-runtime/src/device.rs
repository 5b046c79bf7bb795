//! Backend-neutral device properties; libamdhip64 turns them into both `hipDeviceProp_t`
//! layouts and `hipDeviceGetAttribute` answers.

#[derive(Clone, Debug)]
pub struct DeviceProperties {
    pub name: String,
    /// Target of the code objects this device runs, e.g. `gfx1100`.
    pub gcn_arch_name: String,
    /// Numeric form used by `gcnArch` (e.g. 1100).
    pub gcn_arch: i32,
    pub major: i32,
    pub minor: i32,
    pub total_global_mem: usize,
    pub shared_mem_per_block: usize,
    pub max_shared_mem_per_multiprocessor: usize,
    pub regs_per_block: i32,
    pub warp_size: i32,
    pub max_threads_per_block: i32,
    pub max_threads_dim: [i32; 3],
    pub max_grid_size: [i32; 3],
    pub clock_rate_khz: i32,
    pub memory_clock_rate_khz: i32,
    pub memory_bus_width: i32,
    pub total_const_mem: usize,
    pub multi_processor_count: i32,
    pub l2_cache_size: i32,
    pub max_threads_per_multiprocessor: i32,
    pub pci_domain_id: i32,
    pub pci_bus_id: i32,
    pub pci_device_id: i32,
    pub integrated: bool,
    pub can_map_host_memory: bool,
    pub managed_memory: bool,
    pub concurrent_managed_access: bool,
    pub pageable_memory_access: bool,
    pub texture_alignment: usize,
    pub texture_pitch_alignment: usize,
    pub mem_pitch: usize,
    pub async_engine_count: i32,
    pub uuid: [u8; 16],
}

/// Host facts used to describe CPU devices truthfully.
pub mod host {
    /// (MemTotal, MemAvailable) in bytes from /proc/meminfo.
    pub fn memory() -> (usize, usize) {
        let text = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let field = |key: &str| {
            text.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<usize>().ok())
                .map(|kb| kb * 1024)
        };
        let total = field("MemTotal:").unwrap_or(8 << 30);
        (total, field("MemAvailable:").unwrap_or(total / 2))
    }

    pub fn cores() -> usize {
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    }

    /// Nominal clock in kHz from /proc/cpuinfo (first "cpu MHz"), else 2 GHz.
    pub fn clock_khz() -> i32 {
        std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|t| {
                t.lines()
                    .find(|l| l.starts_with("cpu MHz"))
                    .and_then(|l| l.split(':').nth(1))
                    .and_then(|v| v.trim().parse::<f64>().ok())
            })
            .map(|mhz| (mhz * 1000.0) as i32)
            .unwrap_or(2_000_000)
    }
}
