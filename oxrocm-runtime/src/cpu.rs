//! The CPU backend: `OXROCM_CPU_DEVICES` virtual devices whose memory is host memory.
//! Device addresses are host addresses, so every op executes directly.

use crate::backend::Backend;
use crate::config::MemoryShare;
use crate::device::{DeviceProperties, host};
use crate::error::{HipError, Result};
use crate::ops::{Copy3D, Fill3D, HostView, Op, OpKind};
use std::sync::atomic::{AtomicUsize, Ordering};

pub fn page_round(size: usize) -> usize {
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as usize;
    size.max(1).div_ceil(page) * page
}

/// Bytes mapped (never touched unless written, so free) after the last page of every
/// allocation. GPU memory past an allocation's end is mapped in practice (allocations
/// come out of larger fragments), and kernels rely on it: rocPRIM's block-sort tests
/// store a whole block's worth past the end of a buffer whose size is not a multiple of
/// the block. Kernels may read and write here; the launch checks allow it.
pub const ALLOCATION_SLACK: usize = 64 << 10;

/// What is mapped for an allocation of `size` bytes.
fn mapped_len(size: usize) -> usize {
    page_round(size) + ALLOCATION_SLACK
}

pub struct CpuBackend {
    devices: Vec<DeviceProperties>,
    used: Vec<AtomicUsize>,
    /// Each device's memory: a share of the host's RAM (`OXROCM_CPU_DEVICE_MEMORY`).
    device_bytes: usize,
}

impl CpuBackend {
    pub fn new(count: usize, arch: &str, memory: MemoryShare) -> Self {
        let (ram, _) = host::memory();
        let total = memory.of(ram);
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
        CpuBackend { used: (0..count).map(|_| AtomicUsize::new(0)).collect(), devices, device_bytes: total }
    }

    /// Whole pages from the kernel: zeroed (reads of never-written device memory are
    /// deterministic), 256-byte aligned as on ROCm, and remappable onto shared memory
    /// when the allocation is exported through IPC.
    fn alloc_bytes(size: usize) -> Result<u64> {
        let len = mapped_len(size);
        let p = unsafe {
            libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE, -1, 0)
        };
        if p == libc::MAP_FAILED {
            return Err(HipError::OUT_OF_MEMORY);
        }
        // Large allocations ask for transparent huge pages (where the system gives them on
        // request, THP "madvise", as Debian's and Ubuntu's kernels default to): streaming
        // kernels over 4 KiB pages spend their time in TLB misses, much more so in a virtual
        // machine (measured: dscal over 128 MiB at 0.46x OpenBLAS, whose numpy arrays ask
        // for huge pages the same way). A refusal changes nothing.
        if len >= HUGE_PAGE_MIN {
            unsafe { libc::madvise(p, len, libc::MADV_HUGEPAGE) };
        }
        Ok(p as u64)
    }

    fn free_bytes(addr: u64, size: usize) {
        unsafe { libc::munmap(addr as *mut libc::c_void, mapped_len(size)) };
    }
}

/// Allocations from this size on are offered transparent huge pages.
const HUGE_PAGE_MIN: usize = 4 << 20;

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

    /// Free: what the device's share has left, or less where the host has less available.
    fn mem_info(&self, device: usize) -> (usize, usize) {
        let (_, avail) = host::memory();
        let used = self.used[device].load(Ordering::Relaxed);
        (avail.min(self.device_bytes.saturating_sub(used)), self.device_bytes)
    }

    fn alloc_device(&self, device: usize, size: usize) -> Result<u64> {
        if size > self.device_bytes {
            return Err(HipError::OUT_OF_MEMORY);
        }
        let a = Self::alloc_bytes(size)?;
        self.used[device].fetch_add(size, Ordering::Relaxed);
        Ok(a)
    }

    /// Every allocation is a fresh anonymous mapping.
    fn fresh_device_memory_is_zero(&self) -> bool {
        true
    }

    fn free_device(&self, device: usize, addr: u64, size: usize) {
        self.used[device].fetch_sub(size, Ordering::Relaxed);
        Self::free_bytes(addr, size)
    }

    fn alloc_host(&self, size: usize) -> Result<(u64, u64)> {
        Self::alloc_bytes(size).map(|a| (a, a))
    }

    fn free_host(&self, addr: u64, size: usize) {
        Self::free_bytes(addr, size)
    }

    fn alloc_managed(&self, device: usize, size: usize) -> Result<(u64, u64)> {
        self.alloc_device(device, size).map(|a| (a, a))
    }

    fn free_managed(&self, device: usize, addr: u64, size: usize) {
        self.free_device(device, addr, size)
    }

    fn register_host(&self, host: u64, _size: usize) -> Result<u64> {
        Ok(host)
    }

    fn unregister_host(&self, _host: u64, _size: usize) {}

    fn read(&self, addr: u64, out: &mut [u8]) -> Result<()> {
        unsafe { std::ptr::copy(addr as *const u8, out.as_mut_ptr(), out.len()) };
        Ok(())
    }

    fn ipc_export(&self, addr: u64, size: usize) -> Result<Vec<u8>> {
        ipc::export(addr, size)
    }

    fn ipc_import(&self, payload: &[u8]) -> Result<(u64, usize)> {
        ipc::import(payload)
    }

    fn ipc_unmap(&self, addr: u64, size: usize) {
        Self::free_bytes(addr, size)
    }

    fn ipc_withdraw(&self, payload: &[u8]) {
        ipc::withdraw(payload)
    }

    fn execute(&self, _device: usize, op: &Op) -> Result<()> {
        match &op.kind {
            OpKind::Copy(c) => copy3d(c),
            OpKind::Fill(f) => fill3d(f),
            OpKind::Host(f) => f(),
            OpKind::Compute(f) => f(&Direct)?,
            OpKind::Kernel(k) => k.run_on_host(&Direct)?,
            OpKind::Builtin(b) => b.kernel.run_on_host(crate::builtin::HostReason::CpuBackend, &b.push, b.groups, &Direct)?,
            OpKind::Record(_) | OpKind::Free(_) | OpKind::Nop => {}
        }
        Ok(())
    }
}

/// Device memory shared between processes: the pages of an exported allocation are moved
/// into a POSIX shared-memory object (same address, same contents) that importers map.
/// Named objects need no fd passing and no ptrace rights between sibling processes.
mod ipc {
    use super::{mapped_len, page_round};
    use crate::error::{HipError, Result};
    use std::ffi::CString;
    use std::sync::atomic::{AtomicU64, Ordering};

    static NEXT: AtomicU64 = AtomicU64::new(0);
    const NAME_LEN: usize = 40;

    /// payload = NUL-padded object name (40 bytes) + size (8 bytes, LE).
    fn payload(name: &str, size: usize) -> Vec<u8> {
        let mut p = vec![0u8; NAME_LEN + 8];
        p[..name.len()].copy_from_slice(name.as_bytes());
        p[NAME_LEN..].copy_from_slice(&(size as u64).to_le_bytes());
        p
    }

    fn parse(p: &[u8]) -> Result<(CString, usize)> {
        if p.len() < NAME_LEN + 8 || !p.starts_with(b"/oxrocm-ipc-") {
            return Err(HipError::INVALID_VALUE);
        }
        let end = p[..NAME_LEN].iter().position(|&c| c == 0).unwrap_or(NAME_LEN);
        let name = CString::new(&p[..end]).map_err(|_| HipError::INVALID_VALUE)?;
        let size = u64::from_le_bytes(p[NAME_LEN..NAME_LEN + 8].try_into().unwrap_or_default()) as usize;
        Ok((name, size))
    }

    pub fn export(addr: u64, size: usize) -> Result<Vec<u8>> {
        let name = format!("/oxrocm-ipc-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let c = CString::new(name.clone()).map_err(|_| HipError::INVALID_VALUE)?;
        let len = page_round(size);
        unsafe {
            let fd = libc::shm_open(c.as_ptr(), libc::O_CREAT | libc::O_EXCL | libc::O_RDWR, 0o600);
            if fd < 0 {
                return Err(HipError::MAP_FAILED);
            }
            if libc::ftruncate(fd, len as libc::off_t) != 0 {
                libc::close(fd);
                libc::shm_unlink(c.as_ptr());
                return Err(HipError::MAP_FAILED);
            }
            // Keep the contents: copy out, put the shared pages in place, copy back.
            let saved = std::slice::from_raw_parts(addr as *const u8, len).to_vec();
            let p = libc::mmap(addr as *mut libc::c_void, len, libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_FIXED, fd, 0);
            libc::close(fd);
            if p == libc::MAP_FAILED {
                libc::shm_unlink(c.as_ptr());
                return Err(HipError::MAP_FAILED);
            }
            std::ptr::copy_nonoverlapping(saved.as_ptr(), addr as *mut u8, len);
        }
        Ok(payload(&name, size))
    }

    pub fn import(p: &[u8]) -> Result<(u64, usize)> {
        let (name, size) = parse(p)?;
        // The size comes from the handle, which another process (or anyone) wrote: it must
        // be one the object holds, or the mapping would reach past the object's end and the
        // first access there would raise SIGBUS.
        if size == 0 || size > isize::MAX as usize / 2 {
            return Err(HipError::INVALID_VALUE);
        }
        unsafe {
            let fd = libc::shm_open(name.as_ptr(), libc::O_RDWR, 0);
            if fd < 0 {
                return Err(HipError::INVALID_VALUE);
            }
            let mut st: libc::stat = std::mem::zeroed();
            if libc::fstat(fd, &mut st) != 0 || (st.st_size as u64) < page_round(size) as u64 {
                libc::close(fd);
                crate::log_at!(1, "hipIpcOpenMemHandle: the handle's size ({size} bytes) is not that of the memory it names");
                return Err(HipError::INVALID_VALUE);
            }
            // Private slack after the shared pages, as every allocation of this backend has
            // (and frees with it).
            let at = libc::mmap(std::ptr::null_mut(), mapped_len(size), libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE, -1, 0);
            if at == libc::MAP_FAILED {
                libc::close(fd);
                return Err(HipError::MAP_FAILED);
            }
            let m = libc::mmap(at, page_round(size), libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_FIXED, fd, 0);
            libc::close(fd);
            if m == libc::MAP_FAILED {
                libc::munmap(at, mapped_len(size));
                return Err(HipError::MAP_FAILED);
            }
            Ok((m as u64, size))
        }
    }

    pub fn withdraw(p: &[u8]) {
        if let Ok((name, _)) = parse(p) {
            unsafe { libc::shm_unlink(name.as_ptr()) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tampered_ipc_handles_are_refused() {
        // Two pages of "device memory", exported; its handle's payload is the object name
        // (40 bytes) and the size (8 bytes).
        let len = page_round(8192);
        let at = unsafe {
            libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0)
        };
        assert_ne!(at, libc::MAP_FAILED);
        unsafe { *(at as *mut u64) = 0x0123_4567_89ab_cdef };
        let good = ipc::export(at as u64, len).unwrap();
        let with_size = |n: u64| {
            let mut p = good.clone();
            p[40..48].copy_from_slice(&n.to_le_bytes());
            p
        };
        // Larger than the object (the mapping would fault past its end), zero, absurd.
        for n in [len as u64 + 1, 1 << 40, 0, u64::MAX] {
            assert!(ipc::import(&with_size(n)).is_err(), "size {n}");
        }
        // Another name, garbage, short.
        let mut renamed = good.clone();
        renamed[13] ^= 1;
        assert!(ipc::import(&renamed).is_err());
        assert!(ipc::import(&[0x5a; 48]).is_err());
        assert!(ipc::import(&good[..20]).is_err());
        // The real handle still opens, and shows the exporter's bytes.
        let (addr, size) = ipc::import(&good).unwrap();
        assert_eq!((unsafe { *(addr as *const u64) }, size), (0x0123_4567_89ab_cdef, len));
        unsafe {
            libc::munmap(addr as *mut libc::c_void, mapped_len(size));
            libc::munmap(at, len);
        }
        ipc::withdraw(&good);
    }

    #[test]
    fn arch_numbers_parse_gfx_names() {
        assert_eq!(arch_numbers("gfx1100"), (11, 0, 1100));
        assert_eq!(arch_numbers("gfx1030"), (10, 3, 1030));
        assert_eq!(arch_numbers("gfx90a"), (9, 0, 910));
    }
}
