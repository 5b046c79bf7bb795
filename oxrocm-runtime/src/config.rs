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
            vulkan_arch: env::var("OXROCM_VULKAN_ARCH").unwrap_or_else(|_| "gfx1100".into()),
            vulkan_repeat: env::var("OXROCM_VULKAN_DEVICE_REPEAT").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(1).clamp(1, 8),
            visible,
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
    use super::visible_devices;

    #[test]
    fn visible_devices_follow_rocm_rules() {
        assert_eq!(visible_devices(None, 3), vec![0, 1, 2]);
        assert_eq!(visible_devices(Some("2,0"), 3), vec![2, 0]);
        assert_eq!(visible_devices(Some("1,7,0"), 3), vec![1]);
        assert_eq!(visible_devices(Some(""), 3), Vec::<usize>::new());
        assert_eq!(visible_devices(Some("1,1"), 3), vec![1]);
    }
}
