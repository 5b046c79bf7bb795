//! The Vulkan backend: every Vulkan physical device (or, for testing on one GPU, several
//! logical devices on it) is a HIP device. Device memory is a `VkBuffer` whose buffer
//! device address is the HIP pointer, so pointer arithmetic works as on ROCm.
//!
//! Operations run in stream order on the stream's worker thread. Copies and fills between
//! memory the host can map are plain memory operations; otherwise they are GPU transfer
//! commands or go through a staging buffer. Library work without a SPIR-V kernel runs as
//! a host fallback: its declared read ranges come to the host, the CPU implementation
//! runs, and its declared write ranges go back.

mod caps;
mod gpu;
mod ipc;
mod probe;
mod workgroup_mem;

use crate::backend::Backend;
use crate::device::DeviceProperties;
use crate::error::{HipError, Result};
use crate::ops::{Copy3D, Fill3D, HostView, MemRange, Op, OpKind};
use gpu::{Gpu, GpuCmd, Place};
use parking_lot::RwLock;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

pub use probe::{Selection, probe};

/// Where a buffer lives: (owning device, buffer id in that device's table).
#[derive(Clone, Copy, Debug)]
struct Owner {
    device: usize,
    id: u64,
    size: usize,
    /// Device-local (`hipMalloc`) rather than host-visible memory.
    local: bool,
}

pub struct VulkanBackend {
    gpus: Vec<Gpu>,
    props: Vec<DeviceProperties>,
    /// Device addresses → owning buffer (all devices; peer copies need the owner).
    by_device_addr: RwLock<BTreeMap<u64, Owner>>,
    /// Host pointers of host-visible allocations (pinned, managed) → owning buffer.
    by_host_addr: RwLock<BTreeMap<u64, Owner>>,
    /// `OXROCM_VULKAN_STAGING=1`: treat device-local memory as unmappable even where the
    /// driver maps it (lavapipe), so tests exercise the GPU transfer and staging paths.
    force_staging: bool,
    /// This process is a child forked after the devices were opened: like CUDA and ROCm
    /// drivers, Vulkan drivers do not survive `fork`, so device work fails cleanly here.
    orphaned: std::sync::atomic::AtomicBool,
}

/// How memory at an address can be reached: through a host pointer (mapped memory or
/// the program's own memory) and/or as a buffer of a device (for transfer commands).
#[derive(Clone, Copy)]
struct Loc {
    host: Option<*mut u8>,
    buffer: Option<(usize, u64, u64)>,
    /// Device-local memory (`hipMalloc`), whose HIP pointer is its device address.
    local: bool,
}

impl VulkanBackend {
    fn new(gpus: Vec<Gpu>, props: Vec<DeviceProperties>) -> Self {
        let force_staging = std::env::var("OXROCM_VULKAN_STAGING").is_ok_and(|v| v == "1");
        VulkanBackend {
            gpus,
            props,
            by_device_addr: RwLock::default(),
            by_host_addr: RwLock::default(),
            force_staging,
            orphaned: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// `hipErrorNotInitialized` in a forked child (see `orphaned`).
    fn usable(&self) -> Result<()> {
        if self.orphaned.load(std::sync::atomic::Ordering::Relaxed) {
            static LOGGED: std::sync::Once = std::sync::Once::new();
            LOGGED.call_once(|| {
                crate::log_at!(1, "Vulkan devices opened before fork() cannot be used in the child process (as with ROCm and CUDA): \
                    device calls return hipErrorNotInitialized");
            });
            return Err(HipError::NOT_INITIALIZED);
        }
        Ok(())
    }

    fn find(map: &BTreeMap<u64, Owner>, addr: u64) -> Option<(u64, Owner)> {
        let (base, o) = map.range(..=addr).next_back()?;
        (addr < base + o.size.max(1) as u64).then_some((*base, *o))
    }

    /// The allocation holding `addr`, by device address and then by host address. One map
    /// lock at a time: holding the device map's read lock while taking the host map's
    /// deadlocked against `free_host`, which takes them the other way round (seen as a hung
    /// stream worker and hipHostFree in the HIP API tests on lavapipe).
    fn owner_of(&self, addr: u64) -> Option<(u64, Owner)> {
        let by_device = Self::find(&self.by_device_addr.read(), addr);
        by_device.or_else(|| Self::find(&self.by_host_addr.read(), addr))
    }

    /// Where `addr` lives: a device buffer (device address or host pointer of host-visible
    /// memory) with its mapping if any, or else the program's own host memory.
    fn locate(&self, addr: u64) -> Loc {
        match self.owner_of(addr) {
            Some((base, o)) => {
                let off = addr - base;
                // Device-local memory is used through the host only where it is host memory
                // anyway (integrated or CPU devices); on a discrete GPU a mapped BAR would turn
                // copies into slow CPU reads over PCIe.
                let host_ok = !o.local || (!self.force_staging && !self.gpus[o.device].discrete);
                let mapped = if host_ok { self.gpus[o.device].mapped(o.id) } else { None };
                Loc { host: mapped.map(|p| unsafe { p.add(off as usize) }), buffer: Some((o.device, o.id, off)), local: o.local }
            }
            None => Loc { host: Some(addr as *mut u8), buffer: None, local: false },
        }
    }

    fn read_at(&self, addr: u64, out: &mut [u8]) -> Result<()> {
        match self.locate(addr) {
            Loc { host: Some(p), .. } => unsafe { std::ptr::copy(p, out.as_mut_ptr(), out.len()) },
            Loc { buffer: Some((device, id, off)), .. } => self.gpus[device].read(id, off, out)?,
            _ => return Err(HipError::INVALID_VALUE),
        }
        Ok(())
    }

    fn write(&self, addr: u64, data: &[u8]) -> Result<()> {
        match self.locate(addr) {
            Loc { host: Some(p), .. } => unsafe { std::ptr::copy(data.as_ptr(), p, data.len()) },
            Loc { buffer: Some((device, id, off)), .. } => self.gpus[device].write(id, off, data)?,
            _ => return Err(HipError::INVALID_VALUE),
        }
        Ok(())
    }

    fn rows(c: &Copy3D) -> impl Iterator<Item = (u64, u64)> + '_ {
        (0..c.depth).flat_map(move |z| {
            (0..c.height).map(move |y| {
                (c.src + (z * c.src_slice + y * c.src_pitch) as u64, c.dst + (z * c.dst_slice + y * c.dst_pitch) as u64)
            })
        })
    }

    fn copy(&self, c: &Copy3D) -> Result<()> {
        if c.width == 0 {
            return Ok(());
        }
        let (src, dst) = (self.locate(c.src), self.locate(c.dst));
        // Both sides host-reachable: plain memory copies.
        if src.host.is_some() && dst.host.is_some() {
            for (s, d) in Self::rows(c) {
                let (sp, dp) = (self.locate(s).host, self.locate(d).host);
                if let (Some(sp), Some(dp)) = (sp, dp) {
                    unsafe { std::ptr::copy(sp, dp, c.width) };
                }
            }
            return Ok(());
        }
        // Both sides buffers of one device (device memory, pinned host memory): transfer
        // commands, no staging.
        if let (Some((ds, is, os)), Some((dd, id_, od))) = (src.buffer, dst.buffer)
            && ds == dd
        {
            let regions: Vec<(u64, u64, u64)> =
                Self::rows(c).map(|(s, d)| (os + (s - c.src), od + (d - c.dst), c.width as u64)).collect();
            return self.gpus[ds].run_batch(&[GpuCmd::Copy { src: is, dst: id_, regions }]);
        }
        // Otherwise through the host, row by row (staging where a side is unmappable).
        let mut row = vec![0u8; c.width];
        for (s, d) in Self::rows(c) {
            self.read_at(s, &mut row)?;
            self.write(d, &row)?;
        }
        Ok(())
    }

    fn fill(&self, f: &Fill3D) -> Result<()> {
        let row_bytes = f.width * f.elem_size;
        if row_bytes == 0 {
            return Ok(());
        }
        let mut pattern = vec![0u8; row_bytes];
        for chunk in pattern.chunks_mut(f.elem_size) {
            chunk.copy_from_slice(&f.value.to_le_bytes()[..f.elem_size]);
        }
        for z in 0..f.depth {
            for y in 0..f.height {
                let row = f.dst + (z * f.slice + y * f.pitch) as u64;
                match self.locate(row) {
                    Loc { host: Some(p), .. } => unsafe { std::ptr::copy_nonoverlapping(pattern.as_ptr(), p, row_bytes) },
                    Loc { buffer: Some((device, id, offset)), .. } => match fill_word(f.value, f.elem_size) {
                        // vkCmdFillBuffer repeats a 32-bit word at 4-byte granularity.
                        Some(word) if offset % 4 == 0 && row_bytes % 4 == 0 => {
                            self.gpus[device].run_batch(&[GpuCmd::Fill { id, offset, size: row_bytes as u64, word }])?
                        }
                        _ => self.gpus[device].write(id, offset, &pattern)?,
                    },
                    _ => return Err(HipError::INVALID_VALUE),
                }
            }
        }
        Ok(())
    }

    /// Host fallback: declared ranges come to the host, `f` runs, written ranges go back.
    /// Memory `f` touches without declaring it (host kernels know no ranges) is staged
    /// whole allocation by whole allocation on first touch and written back afterwards.
    fn on_host(&self, reads: &[MemRange], writes: &[MemRange], f: impl FnOnce(&dyn HostView) -> Result<()>) -> Result<()> {
        let mut view = StagedView { backend: self, direct: Vec::new(), staged: Vec::new(), lazy: RefCell::new(Vec::new()) };
        for r in reads.iter().chain(writes) {
            if r.len == 0 {
                continue;
            }
            let loc = self.locate(r.addr);
            if loc.local {
                // Device memory brought to the host (read now; written ranges go back too),
                // counted whether it is copied or mapped, so that tests on devices the host
                // maps (lavapipe) see what a discrete GPU would stage.
                let back = if writes.iter().any(|w| w.addr < r.addr + r.len as u64 && r.addr < w.addr + w.len as u64) { 2 } else { 1 };
                STAGED_BYTES.fetch_add(back * r.len as u64, Ordering::Relaxed);
            }
            match loc.host {
                Some(p) => view.direct.push((*r, p)),
                None => {
                    let mut buf = vec![0u8; r.len];
                    self.read_at(r.addr, &mut buf)?;
                    view.staged.push((*r, buf));
                }
            }
        }
        f(&view)?;
        for (r, buf) in &view.staged {
            if writes.iter().any(|w| w.addr < r.addr + r.len as u64 && r.addr < w.addr + w.len as u64) {
                self.write(r.addr, buf)?;
            }
        }
        for (r, buf) in view.lazy.borrow().iter() {
            STAGED_BYTES.fetch_add(2 * r.len as u64, Ordering::Relaxed);
            self.write(r.addr, buf)?;
        }
        Ok(())
    }

    /// The whole allocation containing `addr`, if it is memory the host cannot map.
    fn unmapped_allocation(&self, addr: u64) -> Option<MemRange> {
        let (base, o) = self.owner_of(addr)?;
        self.locate(addr).host.is_none().then_some(MemRange { addr: base, len: o.size })
    }
}

/// Bytes of device memory that host fallbacks (host computations, host twins of library
/// kernels) have had on the host: each declared range once when it comes over and once
/// more when it is written back, and undeclared allocations staged on first touch likewise.
/// Read by `oxrocm_private_v1_staged_bytes`, so libraries' tests can assert that a path
/// keeps its operands on the device.
pub static STAGED_BYTES: AtomicU64 = AtomicU64::new(0);

/// Device-to-device copies from this size on use the copy shader instead of the transfer engine.
const SHADER_COPY_MIN: usize = 1 << 20;
/// Workgroups of a shader copy (grid-stride: enough to fill a large GPU);
/// `OXROCM_VULKAN_COPY_GROUPS` overrides it for tuning.
fn shader_copy_groups() -> u64 {
    static GROUPS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    // At least one workgroup (0 would copy nothing), at most the 65,535 every Vulkan device
    // dispatches in x.
    *GROUPS.get_or_init(|| std::env::var("OXROCM_VULKAN_COPY_GROUPS").ok().and_then(|v| v.trim().parse::<u64>().ok()).unwrap_or(32768).clamp(1, 65535))
}

/// The 32-bit word that repeats an element pattern of 1, 2 or 4 bytes.
fn fill_word(value: u64, elem: usize) -> Option<u32> {
    match elem {
        1 => Some(u32::from_ne_bytes([value as u8; 4])),
        2 => Some((value as u16 as u32) * 0x0001_0001),
        4 => Some(value as u32),
        _ => None,
    }
}

/// Host addresses for a host-fallback op: mapped memory directly, the rest in copies.
struct StagedView<'a> {
    backend: &'a VulkanBackend,
    direct: Vec<(MemRange, *mut u8)>,
    staged: Vec<(MemRange, Vec<u8>)>,
    /// Allocations staged on first touch (each inner buffer keeps its address).
    lazy: RefCell<Vec<(MemRange, Vec<u8>)>>,
}

impl HostView for StagedView<'_> {
    fn host_ptr(&self, addr: u64) -> *mut u8 {
        let inside = |r: &MemRange| addr >= r.addr && addr < r.addr + r.len as u64;
        if let Some((r, p)) = self.direct.iter().find(|(r, _)| inside(r)) {
            return unsafe { p.add((addr - r.addr) as usize) };
        }
        if let Some((r, b)) = self.staged.iter().find(|(r, _)| inside(r)) {
            return unsafe { (b.as_ptr() as *mut u8).add((addr - r.addr) as usize) };
        }
        if let Some((r, b)) = self.lazy.borrow().iter().find(|(r, _)| inside(r)) {
            return unsafe { (b.as_ptr() as *mut u8).add((addr - r.addr) as usize) };
        }
        if let Some(r) = self.backend.unmapped_allocation(addr) {
            let mut buf = vec![0u8; r.len];
            if self.backend.read_at(r.addr, &mut buf).is_ok() {
                let p = unsafe { buf.as_mut_ptr().add((addr - r.addr) as usize) };
                self.lazy.borrow_mut().push((r, buf));
                return p;
            }
        }
        // The program's own host memory, or mapped memory.
        match self.backend.locate(addr).host {
            Some(p) => p,
            None => addr as *mut u8,
        }
    }

    fn translate(&self, addr: u64) -> Option<u64> {
        self.backend.unmapped_allocation(addr)?;
        Some(self.host_ptr(addr) as u64)
    }
}

impl VulkanBackend {
    /// Whether a kernel op may write memory the host reads through a mapping (undeclared
    /// writes count as such).
    fn host_visible_writes(&self, op: &Op) -> bool {
        op.writes.is_empty() || op.writes.iter().any(|w| self.locate(w.addr).host.is_some())
    }

    /// The transfer/dispatch commands `op` is on `device`, if it is pure GPU work there
    /// (else it runs on its own through `execute`).
    fn gpu_cmds<'a>(&self, device: usize, op: &'a Op) -> Option<Vec<GpuCmd<'a>>> {
        match &op.kind {
            OpKind::Record(stamp) if self.gpus[device].has_clock() => Some(vec![GpuCmd::Timestamp(stamp.clone())]),
            // A kernel whose capabilities the device lacks runs on its own, as its host twin.
            OpKind::Builtin(b) if !self.gpus[device].can_run(b.kernel) => None,
            OpKind::Builtin(b) => Some(vec![GpuCmd::Dispatch { kernel: b.kernel, push: &b.push, groups: b.groups, host_writes: self.host_visible_writes(op) }]),
            OpKind::Copy(c) => {
                let (src, dst) = (self.locate(c.src), self.locate(c.dst));
                if src.host.is_some() && dst.host.is_some() {
                    return None;
                }
                let ((ds, is, os), (dd, id_, od)) = (src.buffer?, dst.buffer?);
                if ds != device || dd != device {
                    return None;
                }
                // Large aligned copies within device memory: through the shader cores on
                // discrete GPUs (on a CPU implementation the transfer path is faster).
                let contiguous = c.height * c.depth == 1;
                if contiguous && self.gpus[device].discrete && src.local && dst.local && c.width >= SHADER_COPY_MIN && (c.src | c.dst | c.width as u64) % 16 == 0 {
                    let count = (c.width / 16) as u64;
                    let push = crate::builtin::push(&[&c.dst.to_le_bytes(), &c.src.to_le_bytes(), &count.to_le_bytes()]);
                    let groups = [count.div_ceil(256).min(shader_copy_groups()) as u32, 1, 1];
                    return Some(vec![GpuCmd::DispatchOwned { kernel: &crate::builtin::COPY_VEC4, push, groups, host_writes: false }]);
                }
                Some({
                    let regions = Self::rows(c).map(|(s, d)| (os + (s - c.src), od + (d - c.dst), c.width as u64)).collect();
                    vec![GpuCmd::Copy { src: is, dst: id_, regions }]
                })
            }
            OpKind::Fill(f) => {
                let row_bytes = f.width * f.elem_size;
                let word = fill_word(f.value, f.elem_size)?;
                let mut cmds = Vec::new();
                for z in 0..f.depth {
                    for y in 0..f.height {
                        let l = self.locate(f.dst + (z * f.slice + y * f.pitch) as u64);
                        let (d, id, off) = l.buffer?;
                        if l.host.is_some() || d != device || off % 4 != 0 || row_bytes % 4 != 0 {
                            return None;
                        }
                        cmds.push(GpuCmd::Fill { id, offset: off, size: row_bytes as u64, word });
                    }
                }
                Some(cmds)
            }
            _ => None,
        }
    }
}

impl Backend for VulkanBackend {
    fn name(&self) -> &'static str {
        "vulkan"
    }

    fn devices(&self) -> &[DeviceProperties] {
        &self.props
    }

    fn mem_info(&self, device: usize) -> (usize, usize) {
        self.gpus[device].mem_info()
    }

    fn alloc_device(&self, device: usize, size: usize) -> Result<u64> {
        self.usable()?;
        let (id, addr, _) = self.gpus[device].alloc(size, Place::Device)?;
        self.by_device_addr.write().insert(addr, Owner { device, id, size, local: true });
        Ok(addr)
    }

    fn free_device(&self, device: usize, addr: u64, _size: usize) {
        if let Some(o) = self.by_device_addr.write().remove(&addr) {
            self.gpus[device].free(o.id);
        }
    }

    fn alloc_host(&self, size: usize) -> Result<(u64, u64)> {
        self.usable()?;
        let (id, addr, host) = self.gpus[0].alloc(size, Place::Host)?;
        let host = host.ok_or(HipError::OUT_OF_MEMORY)? as u64;
        self.by_device_addr.write().insert(addr, Owner { device: 0, id, size, local: false });
        self.by_host_addr.write().insert(host, Owner { device: 0, id, size, local: false });
        Ok((host, addr))
    }

    fn free_host(&self, addr: u64, _size: usize) {
        // The host map's lock is released before the device map's is taken (see owner_of).
        let removed = self.by_host_addr.write().remove(&addr);
        if let Some(o) = removed {
            self.by_device_addr.write().retain(|_, v| !(v.device == o.device && v.id == o.id));
            self.gpus[o.device].free(o.id);
        }
    }

    fn alloc_managed(&self, device: usize, size: usize) -> Result<(u64, u64)> {
        self.usable()?;
        // Host-visible device memory: the program uses the mapped host address; kernels
        // get the buffer's device address.
        let (id, addr, host) = self.gpus[device].alloc(size, Place::Host)?;
        let host = host.ok_or(HipError::OUT_OF_MEMORY)? as u64;
        self.by_device_addr.write().insert(addr, Owner { device, id, size, local: false });
        self.by_host_addr.write().insert(host, Owner { device, id, size, local: false });
        Ok((host, addr))
    }

    fn free_managed(&self, _device: usize, addr: u64, size: usize) {
        self.free_host(addr, size)
    }

    fn register_host(&self, host: u64, size: usize) -> Result<u64> {
        self.usable()?;
        // Imported as a buffer of device 0 where the driver can (transfers then need no
        // staging); otherwise the memory stays plain host memory, copied through the host.
        match self.gpus.first().and_then(|g| g.import_host(host, size)) {
            Some((id, addr)) => {
                crate::log_at!(4, "hipHostRegister: imported {size} bytes at {host:#x} as device address {addr:#x}");
                self.by_device_addr.write().insert(addr, Owner { device: 0, id, size, local: false });
                self.by_host_addr.write().insert(host, Owner { device: 0, id, size, local: false });
                Ok(addr)
            }
            None => Ok(host),
        }
    }

    fn unregister_host(&self, host: u64, size: usize) {
        self.free_host(host, size)
    }

    fn read(&self, addr: u64, out: &mut [u8]) -> Result<()> {
        self.usable()?;
        self.read_at(addr, out)
    }

    fn ipc_export(&self, addr: u64, size: usize) -> Result<Vec<u8>> {
        let o = Self::find(&self.by_device_addr.read(), addr).filter(|(base, _)| *base == addr).map(|(_, o)| o).ok_or(HipError::INVALID_VALUE)?;
        let Some((fd, alloc_size, type_index)) = self.gpus[o.device].export_fd(o.id) else {
            crate::log_at!(1, "hipIpcGetMemHandle: allocation at {addr:#x} ({size} bytes) is not exportable on this Vulkan device \
                (needs VK_KHR_external_memory_fd and at least {} bytes)", gpu::IPC_MIN);
            return Err(HipError::INVALID_VALUE);
        };
        ipc::publish(fd, ipc::Shape { size: size as u64, alloc_size, type_index })
    }

    fn ipc_import(&self, payload: &[u8]) -> Result<(u64, usize)> {
        self.usable()?;
        let (fd, shape) = ipc::fetch(payload)?;
        // Opened on the device current in the runtime's view: the first device that can.
        for (device, g) in self.gpus.iter().enumerate() {
            if let Some((id, addr)) = g.import_fd(fd.try_clone().map_err(|_| HipError::OUT_OF_MEMORY)?, shape.size, shape.alloc_size, shape.type_index) {
                let size = shape.size as usize;
                self.by_device_addr.write().insert(addr, Owner { device, id, size, local: true });
                return Ok((addr, size));
            }
        }
        Err(HipError::INVALID_VALUE)
    }

    fn ipc_unmap(&self, addr: u64, _size: usize) {
        if let Some(o) = self.by_device_addr.write().remove(&addr) {
            self.gpus[o.device].free(o.id);
        }
    }

    fn ipc_withdraw(&self, payload: &[u8]) {
        ipc::withdraw(payload)
    }

    fn forked_child(&self) {
        self.orphaned.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    fn batchable(&self, op: &Op) -> bool {
        matches!(op.kind, OpKind::Copy(_) | OpKind::Fill(_) | OpKind::Builtin(_) | OpKind::Record(_))
    }

    /// `Gpu::alloc` clears every buffer it hands out (on the device, with vkCmdFillBuffer):
    /// the code-object loader need not upload an image's `.bss` from the host as well.
    fn fresh_device_memory_is_zero(&self) -> bool {
        true
    }

    fn stamps_on_device(&self) -> bool {
        self.gpus.iter().all(|g| g.has_clock())
    }

    fn execute_batch(&self, device: usize, ops: &[&Op]) -> Result<()> {
        self.usable()?;
        let mut pending: Vec<GpuCmd> = Vec::new();
        for op in ops {
            match self.gpu_cmds(device, op) {
                Some(cmds) => pending.extend(cmds),
                None => {
                    if !pending.is_empty() {
                        self.gpus[device].run_batch(&std::mem::take(&mut pending))?;
                    }
                    self.execute(device, op)?;
                }
            }
        }
        if !pending.is_empty() {
            self.gpus[device].run_batch(&pending)?;
        }
        Ok(())
    }

    fn execute(&self, device: usize, op: &Op) -> Result<()> {
        if !matches!(op.kind, OpKind::Host(_) | OpKind::Free(_) | OpKind::Nop) {
            self.usable()?;
        }
        match &op.kind {
            OpKind::Copy(_) | OpKind::Fill(_) if let Some(cmds) = self.gpu_cmds(device, op) => self.gpus[device].run_batch(&cmds),
            OpKind::Copy(c) => self.copy(c),
            OpKind::Fill(f) => self.fill(f),
            OpKind::Host(f) => {
                f();
                Ok(())
            }
            OpKind::Compute(f) => self.on_host(&op.reads, &op.writes, |v| f(v)),
            OpKind::Kernel(k) => self.on_host(&op.reads, &op.writes, |v| k.run_on_host(v)),
            OpKind::Builtin(b) if let Some(why) = self.gpus[device].refusal(b.kernel) => {
                self.on_host(&op.reads, &op.writes, |v| b.kernel.run_on_host(why, &b.push, b.groups, v))
            }
            OpKind::Builtin(b) => match self.gpus[device].run_batch(&[GpuCmd::Dispatch {
                kernel: b.kernel,
                push: &b.push,
                groups: b.groups,
                host_writes: self.host_visible_writes(op),
            }]) {
                Ok(()) => Ok(()),
                Err(e) => {
                    crate::log_at!(2, "built-in kernel {} failed on Vulkan ({e}); running it on the host", b.kernel.name);
                    self.on_host(&op.reads, &op.writes, |v| b.kernel.run_on_host(crate::builtin::HostReason::LaunchFailed, &b.push, b.groups, v))
                }
            },
            OpKind::Record(stamp) => match self.gpu_cmds(device, op) {
                Some(cmds) => self.gpus[device].run_batch(&cmds),
                None => {
                    let _ = stamp.set(std::time::Instant::now());
                    Ok(())
                }
            },
            OpKind::Free(_) | OpKind::Nop => Ok(()),
        }
    }
}
