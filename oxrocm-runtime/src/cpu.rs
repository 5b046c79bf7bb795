//! The CPU backend: `OXROCM_CPU_DEVICES` virtual devices whose memory is host memory.
//! Device addresses are host addresses, so every op executes directly.

use crate::backend::Backend;
use crate::device::{DeviceProperties, host};
use crate::error::{HipError, Result};
use crate::ops::{Copy3D, Fill3D, HostView, Op, OpKind};
use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Device allocations are 256-byte aligned, as on ROCm.
const ALIGN: usize = 256;

pub struct CpuBackend {
    devices: Vec<DeviceProperties>,
    used: Vec<AtomicUsize>,
}

impl CpuBackend {
    pub fn new(count: usize, arch: &str) -> Self {
        let (total, _) = host::memory();
        let cores = host::cores() as i32;
        let (major, minor, gcn) = arch_numbers(arch);
        let devices = (0..count)
            .map(|i| DeviceProperties {
                name: format!("oxrocm CPU device {i} ({arch})"),
                gcn_arch_name: arch.to_string(),
                gcn_arch: gcn,
                major,
                minor,
                total_global_mem: total,
                shared_mem_per_block: 64 * 1024,
                max_shared_mem_per_multiprocessor: 64 * 1024,
                regs_per_block: 65536,
                warp_size: 32,
                max_threads_per_block: 1024,
                max_threads_dim: [1024, 1024, 1024],
                max_grid_size: [i32::MAX, 65535, 65535],
                clock_rate_khz: host::clock_khz(),
                memory_clock_rate_khz: 1_000_000,
                memory_bus_width: 64,
                total_const_mem: 2 << 30,
                multi_processor_count: cores.max(1),
                l2_cache_size: 4 << 20,
                max_threads_per_multiprocessor: 2048,
                pci_domain_id: 0,
                pci_bus_id: 0xC0 + i as i32,
                pci_device_id: 0,
                integrated: true,
                can_map_host_memory: true,
                managed_memory: true,
                concurrent_managed_access: true,
                pageable_memory_access: true,
                texture_alignment: 256,
                texture_pitch_alignment: 256,
                mem_pitch: i32::MAX as usize,
                async_engine_count: 1,
                uuid: uuid_for(i),
            })
            .collect();
        CpuBackend { used: (0..count).map(|_| AtomicUsize::new(0)).collect(), devices }
    }

    fn alloc_bytes(size: usize) -> Result<u64> {
        let layout = Layout::from_size_align(size.max(1), ALIGN).map_err(|_| HipError::OUT_OF_MEMORY)?;
        // Zeroed: cheap for large blocks (fresh pages) and keeps reads of never-written
        // device memory deterministic.
        let p = unsafe { alloc_zeroed(layout) };
        if p.is_null() { Err(HipError::OUT_OF_MEMORY) } else { Ok(p as u64) }
    }

    fn free_bytes(addr: u64, size: usize) {
        if let Ok(layout) = Layout::from_size_align(size.max(1), ALIGN) {
            unsafe { dealloc(addr as *mut u8, layout) }
        }
    }
}

/// (major, minor, gcnArch) for a gfx target name such as `gfx1100` or `gfx90a`.
fn arch_numbers(arch: &str) -> (i32, i32, i32) {
    let digits = arch.trim_start_matches("gfx");
    let (maj, rest) = digits.split_at(digits.len().saturating_sub(2));
    let major = maj.parse().unwrap_or(11);
    let minor = i32::from_str_radix(&rest[..1.min(rest.len())], 16).unwrap_or(0);
    let step = i32::from_str_radix(&rest[1.min(rest.len())..], 16).unwrap_or(0);
    (major, minor, major * 100 + minor * 10 + step)
}

fn uuid_for(i: usize) -> [u8; 16] {
    let mut u = *b"oxrocm-cpu-dev00";
    u[14] = b'0' + (i / 10 % 10) as u8;
    u[15] = b'0' + (i % 10) as u8;
    u
}

struct Direct;
impl HostView for Direct {
    fn host_ptr(&self, addr: u64) -> *mut u8 {
        addr as *mut u8
    }
}

pub fn copy3d(c: &Copy3D) {
    for z in 0..c.depth {
        for y in 0..c.height {
            let s = c.src + (z * c.src_slice + y * c.src_pitch) as u64;
            let d = c.dst + (z * c.dst_slice + y * c.dst_pitch) as u64;
            // `copy` (memmove): overlapping device-to-device copies stay defined.
            unsafe { std::ptr::copy(s as *const u8, d as *mut u8, c.width) }
        }
    }
}

pub fn fill3d(f: &Fill3D) {
    for z in 0..f.depth {
        for y in 0..f.height {
            let row = f.dst + (z * f.slice + y * f.pitch) as u64;
            unsafe {
                match f.elem_size {
                    1 => std::ptr::write_bytes(row as *mut u8, f.value as u8, f.width),
                    2 => std::slice::from_raw_parts_mut(row as *mut u16, f.width).fill(f.value as u16),
                    4 => std::slice::from_raw_parts_mut(row as *mut u32, f.width).fill(f.value as u32),
                    _ => std::slice::from_raw_parts_mut(row as *mut u64, f.width).fill(f.value),
                }
            }
        }
    }
}

impl Backend for CpuBackend {
    fn name(&self) -> &'static str {
        "cpu"
    }

    fn devices(&self) -> &[DeviceProperties] {
        &self.devices
    }

    fn mem_info(&self, device: usize) -> (usize, usize) {
        let (total, avail) = host::memory();
        let used = self.used[device].load(Ordering::Relaxed);
        (avail.min(total.saturating_sub(used)), total)
    }

    fn alloc_device(&self, device: usize, size: usize) -> Result<u64> {
        let (total, _) = host::memory();
        if size > total {
            return Err(HipError::OUT_OF_MEMORY);
        }
        let a = Self::alloc_bytes(size)?;
        self.used[device].fetch_add(size, Ordering::Relaxed);
        Ok(a)
    }

    fn free_device(&self, device: usize, addr: u64, size: usize) {
        self.used[device].fetch_sub(size, Ordering::Relaxed);
        Self::free_bytes(addr, size)
    }

    fn alloc_host(&self, size: usize) -> Result<u64> {
        Self::alloc_bytes(size)
    }

    fn free_host(&self, addr: u64, size: usize) {
        Self::free_bytes(addr, size)
    }

    fn alloc_managed(&self, device: usize, size: usize) -> Result<u64> {
        self.alloc_device(device, size)
    }

    fn free_managed(&self, device: usize, addr: u64, size: usize) {
        self.free_device(device, addr, size)
    }

    fn register_host(&self, host: u64, _size: usize) -> Result<u64> {
        Ok(host)
    }

    fn unregister_host(&self, _host: u64, _size: usize) {}

    fn execute(&self, _device: usize, op: &Op) -> Result<()> {
        match &op.kind {
            OpKind::Copy(c) => copy3d(c),
            OpKind::Fill(f) => fill3d(f),
            OpKind::Host(f) => f(),
            OpKind::Compute(f) => f(&Direct)?,
            OpKind::Kernel(k) => k.run_on_host(&Direct)?,
            OpKind::Record(_) | OpKind::Free(_) | OpKind::Nop => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arch_numbers_parse_gfx_names() {
        assert_eq!(arch_numbers("gfx1100"), (11, 0, 1100));
        assert_eq!(arch_numbers("gfx1030"), (10, 3, 1030));
        assert_eq!(arch_numbers("gfx90a"), (9, 0, 910));
    }
}
