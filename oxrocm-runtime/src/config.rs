//! Environment settings read once at start-up: ROCm's own variables and `OXROCM_*` ones.

use std::env;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendChoice {
    Auto,
    Cpu,
    Vulkan,
}

#[derive(Clone, Debug)]
pub struct Config {
    /// `OXROCM_BACKEND=auto|cpu|vulkan` (default auto).
    pub backend: BackendChoice,
    /// `OXROCM_CPU_DEVICES`: virtual CPU devices (default 1).
    pub cpu_devices: usize,
    /// `OXROCM_CPU_ARCH`: the `gcnArchName` CPU devices report (default gfx1100).
    pub cpu_arch: String,
    /// `OXROCM_CPU_DEVICE_MEMORY`: each CPU device's memory, out of the host's RAM.
    pub cpu_memory: MemoryShare,
    /// `OXROCM_VULKAN_ARCH`: the `gcnArchName` Vulkan devices report (default gfx1100).
    pub vulkan_arch: String,
    /// `OXROCM_VULKAN_DEVICE_REPEAT`: expose each Vulkan device this many times (default 1).
    pub vulkan_repeat: usize,
    /// `HIP_VISIBLE_DEVICES` (else `ROCR_VISIBLE_DEVICES`, `CUDA_VISIBLE_DEVICES`).
    pub visible: Option<String>,
}

impl Config {
    pub fn from_env() -> Config {
        let backend = match env::var("OXROCM_BACKEND").unwrap_or_default().to_ascii_lowercase().as_str() {
            "cpu" => BackendChoice::Cpu,
            "vulkan" => BackendChoice::Vulkan,
            _ => BackendChoice::Auto,
        };
        let cpu_devices = env::var("OXROCM_CPU_DEVICES").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(1);
        let visible = ["HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"]
            .iter()
            .find_map(|k| env::var(k).ok());
        Config {
            backend,
            cpu_devices: cpu_devices.min(64),
            cpu_arch: env::var("OXROCM_CPU_ARCH").unwrap_or_else(|_| "gfx1100".into()),
            cpu_memory: env::var("OXROCM_CPU_DEVICE_MEMORY").ok().and_then(|v| MemoryShare::parse(&v)).unwrap_or(MemoryShare::Percent(50)),
            vulkan_arch: env::var("OXROCM_VULKAN_ARCH").unwrap_or_else(|_| "gfx1100".into()),
            vulkan_repeat: env::var("OXROCM_VULKAN_DEVICE_REPEAT").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(1).clamp(1, 8),
            visible,
        }
    }
}

/// How much of the host's RAM a CPU device reports as its own (`totalGlobalMem`). A CPU
/// device is an APU whose memory is the host's, and ROCm clients treat an integrated
/// device's `totalGlobalMem` as carved out of RAM: rocFFT's and hipFFT's tests take it off
/// the host memory they allow themselves, so all of RAM would leave them none. Half, the
/// default, is what Linux's amdgpu driver lets an APU map (its default GTT size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryShare {
    Percent(u32),
    Bytes(usize),
}

impl MemoryShare {
    /// "50%", "16G", "512M", "4096K" or a byte count.
    pub fn parse(text: &str) -> Option<MemoryShare> {
        let t = text.trim();
        if let Some(p) = t.strip_suffix('%') {
            return p.trim().parse().ok().filter(|p| (1..=100).contains(p)).map(MemoryShare::Percent);
        }
        let (digits, shift) = match t.chars().last()?.to_ascii_uppercase() {
            'G' => (&t[..t.len() - 1], 30),
            'M' => (&t[..t.len() - 1], 20),
            'K' => (&t[..t.len() - 1], 10),
            _ => (t, 0),
        };
        let n: usize = digits.trim().parse().ok()?;
        n.checked_mul(1 << shift).filter(|&b| b > 0).map(MemoryShare::Bytes)
    }

    /// The device's bytes on a host with `ram` bytes (never more than the RAM).
    pub fn of(self, ram: usize) -> usize {
        match self {
            MemoryShare::Percent(p) => (ram as u128 * p as u128 / 100) as usize,
            MemoryShare::Bytes(b) => b.min(ram),
        }
    }
}

/// Maps visible ordinals to backend device indices. Like ROCm/CUDA, the list stops at the
/// first entry that is not a valid, unused device index; an empty value hides all devices.
pub fn visible_devices(spec: Option<&str>, available: usize) -> Vec<usize> {
    let Some(spec) = spec else { return (0..available).collect() };
    let mut out = Vec::new();
    for item in spec.split(',') {
        match item.trim().parse::<usize>() {
            Ok(i) if i < available && !out.contains(&i) => out.push(i),
            _ => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{MemoryShare, visible_devices};

    #[test]
    fn cpu_device_memory_shares_parse() {
        assert_eq!(MemoryShare::parse("50%"), Some(MemoryShare::Percent(50)));
        assert_eq!(MemoryShare::parse("16G"), Some(MemoryShare::Bytes(16 << 30)));
        assert_eq!(MemoryShare::parse("512m"), Some(MemoryShare::Bytes(512 << 20)));
        assert_eq!(MemoryShare::parse("4096"), Some(MemoryShare::Bytes(4096)));
        for bad in ["0%", "101%", "", "G", "-1", "x", "0"] {
            assert_eq!(MemoryShare::parse(bad), None, "{bad}");
        }
        assert_eq!(MemoryShare::Percent(50).of(24 << 30), 12 << 30);
        assert_eq!(MemoryShare::Bytes(64 << 30).of(24 << 30), 24 << 30);
    }

    #[test]
    fn visible_devices_follow_rocm_rules() {
        assert_eq!(visible_devices(None, 3), vec![0, 1, 2]);
        assert_eq!(visible_devices(Some("2,0"), 3), vec![2, 0]);
        assert_eq!(visible_devices(Some("1,7,0"), 3), vec![1]);
        assert_eq!(visible_devices(Some(""), 3), Vec::<usize>::new());
        assert_eq!(visible_devices(Some("1,1"), 3), vec![1]);
    }
}
