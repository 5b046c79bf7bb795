//! One Vulkan logical device: its queue, command buffers for submissions in flight, the suballocator,
//! the buffers behind HIP allocations, and a staging buffer for unmappable memory.

use crate::error::{HipError, Result};
use ash::vk;
use gpu_allocator::MemoryLocation;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme, Allocator, AllocatorCreateDesc};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Staging chunk for transfers to and from memory the host cannot map.
const STAGING: usize = 16 << 20;

/// What every buffer behind HIP memory is used for: shader access by device address and
/// transfers in both directions.
const HIP_BUFFER_USAGE: vk::BufferUsageFlags = vk::BufferUsageFlags::from_raw(
    vk::BufferUsageFlags::STORAGE_BUFFER.as_raw()
        | vk::BufferUsageFlags::TRANSFER_SRC.as_raw()
        | vk::BufferUsageFlags::TRANSFER_DST.as_raw()
        | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS.as_raw(),
);

/// Push-constant bytes padded to whole words.
fn padded(push: &[u8]) -> Vec<u8> {
    let mut bytes = push.to_vec();
    bytes.resize(bytes.len().div_ceil(4) * 4, 0);
    bytes
}

/// A command recorded into a batched submission.
pub enum GpuCmd<'a> {
    /// Copies between two buffers of this device: (src offset, dst offset, bytes).
    Copy { src: u64, dst: u64, regions: Vec<(u64, u64, u64)> },
    Fill { id: u64, offset: u64, size: u64, word: u32 },
    /// `host_writes`: the kernel may write memory the host reads through a mapping.
    Dispatch { kernel: &'static crate::builtin::Builtin, push: &'a [u8], groups: [u32; 3], host_writes: bool },
    /// A dispatch whose parameters were made for it (e.g. a copy turned into a shader copy).
    DispatchOwned { kernel: &'static crate::builtin::Builtin, push: Vec<u8>, groups: [u32; 3], host_writes: bool },
    /// An event record: the GPU writes a timestamp when everything before it finished.
    Timestamp(crate::ops::Stamp),
}

/// At most this many timestamps per submission (a stream batch is at most 64 ops).
const MAX_STAMPS: u32 = 64;

/// GPU timestamps and the host instant they correspond to.
struct Clock {
    /// Nanoseconds per tick.
    period: f64,
    /// Mask of the valid timestamp bits.
    mask: u64,
    /// (host instant, GPU ticks) taken together at start-up.
    base: (std::time::Instant, u64),
}

/// What one submission records into: its own command pool and buffer, and timestamp
/// queries when the device has a clock. Submissions in flight each hold one, so threads
/// record while earlier work runs.
struct Slot {
    pool: vk::CommandPool,
    cmd: vk::CommandBuffer,
    queries: Option<vk::QueryPool>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Device-local memory (`hipMalloc`).
    Device,
    /// Host-visible memory (pinned host, managed).
    Host,
}

struct Buf {
    buffer: vk::Buffer,
    alloc: Option<Allocation>,
    mapped: Option<usize>,
    /// Memory owned outside the allocator: imported from the program (`hipHostRegister`)
    /// or from another process (IPC), or a dedicated exportable allocation.
    own_memory: Option<vk::DeviceMemory>,
    /// Bytes this buffer counts against the device's memory.
    counted: usize,
    /// Exportable to other processes: (allocation size, memory type index).
    export: Option<(u64, u32)>,
    /// Counts against the dedicated-allocation budget.
    dedicated: bool,
}

/// `VK_KHR_external_memory_fd`: device allocations from [`IPC_MIN`] on are dedicated,
/// exportable allocations (as many as the driver allows, keeping half its allocation
/// count for the suballocator), so `hipIpcGetMemHandle` works on them.
pub struct Exportable {
    pub fd: ash::khr::external_memory_fd::Device,
    pub memory: vk::PhysicalDeviceMemoryProperties,
    pub budget: usize,
}

/// `VK_EXT_map_memory_placed`: host-visible allocations (pinned, managed) are mapped at
/// the host address equal to their device address, so one pointer works on both sides,
/// as with ROCm's unified addressing.
pub struct Placed {
    pub map2: ash::khr::map_memory2::Device,
    pub align: u64,
    pub memory: vk::PhysicalDeviceMemoryProperties,
}

/// Smallest device allocation made exportable (IPC users share large buffers; small ones
/// stay suballocated, sparing the driver's allocation count).
pub const IPC_MIN: usize = 64 << 10;

/// `OXROCM_VULKAN_IPC=0`: no exportable allocations (hipIpcGetMemHandle then fails), for
/// programs that share no memory between processes.
fn ipc_enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("OXROCM_VULKAN_IPC").map_or(true, |v| v.trim() != "0"))
}

/// Host-pointer import (`VK_EXT_external_memory_host`): the extension's functions, the
/// alignment it needs, and the memory types to pick from.
pub type HostImport = (ash::ext::external_memory_host::Device, vk::DeviceSize, vk::PhysicalDeviceMemoryProperties);

struct Inner {
    allocator: Allocator,
    /// Compute pipelines of built-in kernels, created on first use.
    pipelines: HashMap<usize, (vk::Pipeline, vk::PipelineLayout)>,
    bufs: HashMap<u64, Buf>,
    next: u64,
    family: u32,
    /// Slots not in flight.
    slots: Vec<Slot>,
    /// Timeline semaphore of this device's queue: submission n signals n and waits for
    /// n-1, which makes the previous one's writes visible to it (cheaper than a leading
    /// pipeline barrier: on the H100 a barrier costs 4-6 us, this wait under 1 us).
    timeline: vk::Semaphore,
    /// Value the last submission signals.
    submitted: u64,
    staging: Option<Buf>,
    clock: Option<Clock>,
}

pub struct Gpu {
    /// A discrete GPU: its local memory is not host memory.
    pub discrete: bool,
    import: Option<HostImport>,
    exportable: Option<Exportable>,
    placed: Option<Placed>,
    /// Dedicated allocations alive (exportable and placed ones).
    dedicated: AtomicUsize,
    device: ash::Device,
    queue: vk::Queue,
    inner: Mutex<Inner>,
    heap_size: usize,
    used: AtomicUsize,
    /// Optional SPIR-V capabilities this device was opened with.
    caps: super::caps::ShaderCaps,
    /// `refusal`'s verdict per kernel (by `Builtin::key`): a module is read once, not at
    /// every launch.
    runnable: Mutex<HashMap<usize, Option<crate::builtin::HostReason>>>,
    /// `OXROCM_VULKAN_PIPELINE_STATS=1` where the driver has VK_KHR_pipeline_executable_properties:
    /// each compute pipeline's compiler statistics (registers, spills …) go to stderr.
    stats: Option<ash::khr::pipeline_executable_properties::Device>,
}

fn vk_err(e: vk::Result) -> HipError {
    match e {
        vk::Result::ERROR_OUT_OF_DEVICE_MEMORY | vk::Result::ERROR_OUT_OF_HOST_MEMORY => HipError::OUT_OF_MEMORY,
        _ => HipError::UNKNOWN,
    }
}

impl Gpu {
    /// # Safety
    /// `device` was created from `physical` of `instance` with buffer device addresses on.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn new(instance: &ash::Instance, physical: vk::PhysicalDevice, device: ash::Device, family: u32, heap_size: usize, discrete: bool,
                      import: Option<HostImport>, exportable: Option<Exportable>, placed: Option<Placed>,
                      caps: super::caps::ShaderCaps) -> Result<Gpu> {
        let limits = unsafe { instance.get_physical_device_properties(physical) }.limits;
        let valid_bits = unsafe { instance.get_physical_device_queue_family_properties(physical) }
            .get(family as usize)
            .map(|f| f.timestamp_valid_bits)
            .unwrap_or(0);
        let allocator = Allocator::new(&AllocatorCreateDesc {
            instance: instance.clone(),
            device: device.clone(),
            physical_device: physical,
            debug_settings: Default::default(),
            buffer_device_address: true,
            allocation_sizes: Default::default(),
        })
        .map_err(|_| HipError::UNKNOWN)?;
        let queue = unsafe { device.get_device_queue(family, 0) };
        let mut kind = vk::SemaphoreTypeCreateInfo::default().semaphore_type(vk::SemaphoreType::TIMELINE);
        let timeline = unsafe { device.create_semaphore(&vk::SemaphoreCreateInfo::default().push_next(&mut kind), None) }.map_err(vk_err)?;
        let clock = (valid_bits > 0 && limits.timestamp_period > 0.0).then(|| Clock {
            period: limits.timestamp_period as f64,
            mask: if valid_bits >= 64 { u64::MAX } else { (1u64 << valid_bits) - 1 },
            base: (std::time::Instant::now(), 0),
        });
        let gpu = Gpu {
            discrete,
            import,
            exportable,
            placed,
            dedicated: AtomicUsize::new(0),
            caps,
            runnable: Mutex::new(HashMap::new()),
            stats: None,
            device,
            queue,
            inner: Mutex::new(Inner {
                allocator,
                pipelines: HashMap::new(),
                bufs: HashMap::new(),
                next: 1,
                family,
                slots: Vec::new(),
                timeline,
                submitted: 0,
                staging: None,
                clock,
            }),
            heap_size,
            used: AtomicUsize::new(0),
        };
        gpu.calibrate();
        Ok(gpu)
    }

    /// Pairs a GPU timestamp with the host instant in the middle of its submission, so
    /// device stamps map to host instants (differences between stamps are exact).
    fn calibrate(&self) {
        let mut inner = self.inner.lock();
        if inner.clock.is_none() {
            return;
        }
        // The tightest of a few samples: under load one submission can take milliseconds,
        // and the error of the pairing is half the window (it shows as skew between the
        // clocks of two devices when an event pair spans them).
        let mut best: Option<(std::time::Duration, std::time::Instant, u64)> = None;
        for _ in 0..5 {
            let before = std::time::Instant::now();
            let mut ticks = [0u64; 1];
            let ok = self.submit_read(&mut inner, false, |d, cmd, queries| unsafe {
                if let Some(q) = queries {
                    d.cmd_reset_query_pool(cmd, q, 0, 1);
                    d.cmd_write_timestamp(cmd, vk::PipelineStageFlags::BOTTOM_OF_PIPE, q, 0);
                }
            }, |d, queries| match queries {
                Some(q) => unsafe { d.get_query_pool_results(q, 0, &mut ticks, vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT) }.is_ok(),
                None => false,
            });
            let after = std::time::Instant::now();
            if !matches!(ok, Ok(true)) {
                inner.clock = None;
                return;
            }
            let window = after - before;
            if best.is_none_or(|b| window < b.0) {
                best = Some((window, before + window / 2, ticks[0]));
            }
        }
        if let (Some(c), Some((_, at, ticks))) = (inner.clock.as_mut(), best) {
            c.base = (at, ticks & c.mask);
        }
    }

    pub fn has_clock(&self) -> bool {
        self.inner.lock().clock.is_some()
    }

    pub fn mem_info(&self) -> (usize, usize) {
        (self.heap_size.saturating_sub(self.used.load(Ordering::Relaxed)), self.heap_size)
    }

    fn make_buffer(&self, inner: &mut Inner, size: usize, place: Place) -> Result<Buf> {
        let usage = HIP_BUFFER_USAGE;
        // Sizes round up to 4 bytes so whole-buffer fills and copies stay legal.
        let info = vk::BufferCreateInfo::default().size(size.max(4).div_ceil(4) as u64 * 4).usage(usage).sharing_mode(vk::SharingMode::EXCLUSIVE);
        let buffer = unsafe { self.device.create_buffer(&info, None) }.map_err(vk_err)?;
        let requirements = unsafe { self.device.get_buffer_memory_requirements(buffer) };
        // Host-visible allocations are the program's host memory (pinned, managed, staging):
        // system RAM the host reads fast, not a BAR window into device memory.
        let location = if place == Place::Device { MemoryLocation::GpuOnly } else { MemoryLocation::GpuToCpu };
        let alloc = inner.allocator.allocate(&AllocationCreateDesc {
            name: "hip",
            requirements,
            location,
            linear: true,
            allocation_scheme: AllocationScheme::GpuAllocatorManaged,
        });
        let alloc = match alloc {
            Ok(a) => a,
            Err(_) => {
                unsafe { self.device.destroy_buffer(buffer, None) };
                return Err(HipError::OUT_OF_MEMORY);
            }
        };
        unsafe { self.device.bind_buffer_memory(buffer, alloc.memory(), alloc.offset()) }.map_err(vk_err)?;
        let mapped = alloc.mapped_ptr().map(|p| p.as_ptr() as usize);
        let counted = if place == Place::Device { size } else { 0 };
        Ok(Buf { buffer, alloc: Some(alloc), mapped, own_memory: None, counted, export: None, dedicated: false })
    }

    /// Allocates a buffer; returns (id, device address, mapped host pointer if any).
    pub fn alloc(&self, size: usize, place: Place) -> Result<(u64, u64, Option<*mut u8>)> {
        // Asking vkAllocateMemory for more than its heap holds is invalid usage (lavapipe
        // hands out the memory anyway and the validation layer objects), not an error it
        // must return: HIP's answer for an allocation larger than the device is
        // hipErrorOutOfMemory.
        if place == Place::Device && size > self.heap_size {
            crate::log_at!(2, "hipMalloc of {size} bytes: more than the device's {} bytes", self.heap_size);
            return Err(HipError::OUT_OF_MEMORY);
        }
        let mut inner = self.inner.lock();
        let buf = match self.make_exportable(size, place).or_else(|| self.make_placed(size, place)) {
            Some(b) => b,
            None => self.make_buffer(&mut inner, size, place)?,
        };
        let addr = unsafe { self.device.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buf.buffer)) };
        let mapped = buf.mapped.map(|p| p as *mut u8);
        let id = inner.next;
        inner.next += 1;
        let buffer = buf.buffer;
        inner.bufs.insert(id, buf);
        // New memory reads as zeros, as on the CPU backend.
        match mapped {
            Some(p) => unsafe { std::ptr::write_bytes(p, 0, size) },
            None => {
                let len = size.max(4).div_ceil(4) as u64 * 4;
                self.submit(&mut inner, false, |d, cmd, _| unsafe { d.cmd_fill_buffer(cmd, buffer, 0, len, 0) })?;
            }
        }
        if place == Place::Device {
            self.used.fetch_add(size, Ordering::Relaxed);
        }
        Ok((id, addr, mapped))
    }

    pub fn free(&self, id: u64) {
        let mut inner = self.inner.lock();
        if let Some(mut b) = inner.bufs.remove(&id) {
            self.used.fetch_sub(b.counted.min(self.used.load(Ordering::Relaxed)), Ordering::Relaxed);
            if b.dedicated {
                self.dedicated.fetch_sub(1, Ordering::Relaxed);
            }
            if let Some(a) = b.alloc.take() {
                let _ = inner.allocator.free(a);
            }
            unsafe {
                self.device.destroy_buffer(b.buffer, None);
                if let Some(m) = b.own_memory.take() {
                    self.device.free_memory(m, None);
                }
            }
        }
    }

    /// Makes the program's memory `[host, host+size)` a buffer of this device (zero copy)
    /// where the driver supports importing host pointers and the range is aligned as it
    /// needs; returns (id, device address).
    pub fn import_host(&self, host: u64, size: usize) -> Option<(u64, u64)> {
        let (ext, align, mem) = self.import.as_ref()?;
        if host % align != 0 || size as u64 % align != 0 || size == 0 {
            return None;
        }
        let handle = vk::ExternalMemoryHandleTypeFlags::HOST_ALLOCATION_EXT;
        let d = &self.device;
        unsafe {
            let mut props = vk::MemoryHostPointerPropertiesEXT::default();
            // ash 0.38 has no wrapper for this one: call the function pointer.
            let r = (ext.fp().get_memory_host_pointer_properties_ext)(ext.device(), handle, host as *const std::ffi::c_void, &mut props);
            if r != vk::Result::SUCCESS {
                return None;
            }
            let mut ext_info = vk::ExternalMemoryBufferCreateInfo::default().handle_types(handle);
            let usage = HIP_BUFFER_USAGE;
            let info = vk::BufferCreateInfo::default().size(size as u64).usage(usage).push_next(&mut ext_info);
            let buffer = d.create_buffer(&info, None).ok()?;
            let req = d.get_buffer_memory_requirements(buffer);
            let bits = props.memory_type_bits & req.memory_type_bits;
            let Some(type_index) = (0..mem.memory_type_count).find(|i| bits & (1 << i) != 0) else {
                d.destroy_buffer(buffer, None);
                return None;
            };
            let mut import = vk::ImportMemoryHostPointerInfoEXT::default().handle_type(handle).host_pointer(host as *mut std::ffi::c_void);
            let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
            let alloc = vk::MemoryAllocateInfo::default()
                .allocation_size(size as u64)
                .memory_type_index(type_index)
                .push_next(&mut import)
                .push_next(&mut flags);
            let memory = self.bind_new_memory(buffer, &alloc)?;
            let addr = d.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
            let mut inner = self.inner.lock();
            let id = inner.next;
            inner.next += 1;
            inner.bufs.insert(id, Buf { buffer, alloc: None, mapped: Some(host as usize), own_memory: Some(memory), counted: 0, export: None, dedicated: false });
            Some((id, addr))
        }
    }

    /// A buffer with its own memory that other processes can import (`external` from
    /// [`import_fd`]) or that this process can export: dedicated, device-local, with a
    /// device address; mapped where that memory is host-visible (CPU implementations).
    /// `None` where the device cannot export or the allocation does not qualify.
    fn make_exportable(&self, size: usize, place: Place) -> Option<Buf> {
        let ex = self.exportable.as_ref()?;
        if !ipc_enabled() || place != Place::Device || size < IPC_MIN || self.dedicated.load(Ordering::Relaxed) >= ex.budget {
            return None;
        }
        let buf = unsafe { self.dedicated_buffer(size as u64, None) }?;
        self.dedicated.fetch_add(1, Ordering::Relaxed);
        Some(buf)
    }

    /// Host-visible memory mapped at its own device address (see [`Placed`]); `None` where
    /// the device cannot, or that host address range is taken (then the allocation gets a
    /// separate host pointer).
    fn make_placed(&self, size: usize, place: Place) -> Option<Buf> {
        let pl = self.placed.as_ref()?;
        let budget = self.exportable.as_ref().map_or(2048, |e| e.budget);
        if place != Place::Host || self.dedicated.load(Ordering::Relaxed) >= budget {
            return None;
        }
        let d = &self.device;
        let usage = HIP_BUFFER_USAGE;
        let len = (size.max(4) as u64).div_ceil(pl.align) * pl.align;
        unsafe {
            let buffer = d.create_buffer(&vk::BufferCreateInfo::default().size(len).usage(usage), None).ok()?;
            let req = d.get_buffer_memory_requirements(buffer);
            // System memory the host reads fast: host-visible, coherent, preferably cached
            // and not a window into device memory.
            let wanted = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
            let types = &pl.memory.memory_types[..pl.memory.memory_type_count as usize];
            let ok = |i: usize| req.memory_type_bits & (1 << i) != 0 && types[i].property_flags.contains(wanted);
            let score = |i: usize| {
                let f = types[i].property_flags;
                f.contains(vk::MemoryPropertyFlags::HOST_CACHED) as u32 * 2 + !f.contains(vk::MemoryPropertyFlags::DEVICE_LOCAL) as u32
            };
            let Some(type_index) = (0..types.len()).filter(|&i| ok(i)).max_by_key(|&i| score(i)) else {
                d.destroy_buffer(buffer, None);
                return None;
            };
            let alloc_size = req.size.div_ceil(pl.align) * pl.align;
            let mut dedicated = vk::MemoryDedicatedAllocateInfo::default().buffer(buffer);
            let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
            let info = vk::MemoryAllocateInfo::default()
                .allocation_size(alloc_size)
                .memory_type_index(type_index as u32)
                .push_next(&mut dedicated)
                .push_next(&mut flags);
            let Ok(memory) = d.allocate_memory(&info, None) else {
                d.destroy_buffer(buffer, None);
                return None;
            };
            let cleanup = || {
                d.destroy_buffer(buffer, None);
                d.free_memory(memory, None);
            };
            if d.bind_buffer_memory(buffer, memory, 0).is_err() {
                cleanup();
                return None;
            }
            let addr = d.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
            let mapped = self.map_at(memory, addr, alloc_size).or_else(|| {
                crate::log_at!(4, "host address {addr:#x} is taken: host-visible allocation gets its own host pointer");
                d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()).ok().map(|p| p as usize)
            });
            let Some(mapped) = mapped else {
                cleanup();
                return None;
            };
            self.dedicated.fetch_add(1, Ordering::Relaxed);
            Some(Buf { buffer, alloc: None, mapped: Some(mapped), own_memory: Some(memory), counted: 0, export: None, dedicated: true })
        }
    }

    /// Maps `memory` at host address `addr` (reserved first, so nothing of the program's is
    /// replaced); the mapped address, or `None`.
    unsafe fn map_at(&self, memory: vk::DeviceMemory, addr: u64, len: u64) -> Option<usize> {
        let pl = self.placed.as_ref()?;
        if addr % pl.align != 0 {
            return None;
        }
        unsafe {
            let want = addr as *mut libc::c_void;
            let r = libc::mmap(want, len as usize, libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_FIXED_NOREPLACE, -1, 0);
            if r != want {
                if r != libc::MAP_FAILED {
                    libc::munmap(r, len as usize);
                }
                return None;
            }
            let mut placed = vk::MemoryMapPlacedInfoEXT::default().placed_address(want);
            let info = vk::MemoryMapInfoKHR::default()
                .flags(vk::MemoryMapFlags::PLACED_EXT)
                .memory(memory)
                .offset(0)
                .size(vk::WHOLE_SIZE)
                .push_next(&mut placed);
            let mut out = std::ptr::null_mut();
            let res = (pl.map2.fp().map_memory2_khr)(self.device.handle(), &info, &mut out);
            if res != vk::Result::SUCCESS || out != want {
                libc::munmap(want, len as usize);
                return None;
            }
            Some(addr as usize)
        }
    }

    /// Creates a buffer of `size` bytes bound to new dedicated memory: exportable memory of
    /// a device-local type, or, with `import = (fd, allocation size, type)`, the memory
    /// another process exported (the descriptor is consumed on success).
    unsafe fn dedicated_buffer(&self, size: u64, import: Option<(RawFd, u64, u32)>) -> Option<Buf> {
        let ex = self.exportable.as_ref()?;
        let d = &self.device;
        let handle = vk::ExternalMemoryHandleTypeFlags::OPAQUE_FD;
        let usage = HIP_BUFFER_USAGE;
        let mut ext_info = vk::ExternalMemoryBufferCreateInfo::default().handle_types(handle);
        let info = vk::BufferCreateInfo::default().size(size.max(4).div_ceil(4) * 4).usage(usage).push_next(&mut ext_info);
        unsafe {
            let buffer = d.create_buffer(&info, None).ok()?;
            let req = d.get_buffer_memory_requirements(buffer);
            let mem = &ex.memory;
            let (alloc_size, type_index) = match import {
                Some((_, a, t)) => (a, t),
                None => {
                    let t = (0..mem.memory_type_count).find(|&i| {
                        req.memory_type_bits & (1 << i) != 0
                            && mem.memory_types[i as usize].property_flags.contains(vk::MemoryPropertyFlags::DEVICE_LOCAL)
                    });
                    match t {
                        Some(t) => (req.size, t),
                        None => {
                            d.destroy_buffer(buffer, None);
                            return None;
                        }
                    }
                }
            };
            let mut export = vk::ExportMemoryAllocateInfo::default().handle_types(handle);
            let mut import_info = vk::ImportMemoryFdInfoKHR::default().handle_type(handle).fd(import.map_or(-1, |i| i.0));
            let mut dedicated = vk::MemoryDedicatedAllocateInfo::default().buffer(buffer);
            let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
            let mut alloc = vk::MemoryAllocateInfo::default().allocation_size(alloc_size).memory_type_index(type_index);
            alloc = if import.is_some() { alloc.push_next(&mut import_info) } else { alloc.push_next(&mut export) };
            let alloc = alloc.push_next(&mut dedicated).push_next(&mut flags);
            let memory = self.bind_new_memory(buffer, &alloc)?;
            let host_visible = mem.memory_types.get(type_index as usize).is_some_and(|t| t.property_flags.contains(vk::MemoryPropertyFlags::HOST_VISIBLE));
            let mapped = if host_visible {
                d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()).ok().map(|p| p as usize)
            } else {
                None
            };
            let counted = if import.is_some() { 0 } else { size as usize };
            Some(Buf { buffer, alloc: None, mapped, own_memory: Some(memory), counted, export: Some((alloc_size, type_index)), dedicated: import.is_none() })
        }
    }

    /// An opaque descriptor of buffer `id`'s memory for another process, with the memory's
    /// (allocation size, memory type); `None` if the buffer is not exportable.
    pub fn export_fd(&self, id: u64) -> Option<(OwnedFd, u64, u32)> {
        let ex = self.exportable.as_ref()?;
        let inner = self.inner.lock();
        let b = inner.bufs.get(&id)?;
        let (alloc_size, type_index) = b.export?;
        let info = vk::MemoryGetFdInfoKHR::default().memory(b.own_memory?).handle_type(vk::ExternalMemoryHandleTypeFlags::OPAQUE_FD);
        let fd = unsafe { ex.fd.get_memory_fd(&info) }.ok()?;
        Some((unsafe { OwnedFd::from_raw_fd(fd) }, alloc_size, type_index))
    }

    /// Maps memory another process exported as a buffer of this device; returns (id,
    /// device address).
    pub fn import_fd(&self, fd: OwnedFd, size: u64, alloc_size: u64, type_index: u32) -> Option<(u64, u64)> {
        let raw = fd.as_raw_fd();
        let buf = unsafe { self.dedicated_buffer(size, Some((raw, alloc_size, type_index))) }?;
        // The driver owns the descriptor now.
        std::mem::forget(fd);
        let addr = unsafe { self.device.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buf.buffer)) };
        let mut inner = self.inner.lock();
        let id = inner.next;
        inner.next += 1;
        inner.bufs.insert(id, Buf { export: None, ..buf });
        Some((id, addr))
    }

    /// Allocates memory as `alloc` describes and binds `buffer` to it; on failure destroys
    /// `buffer` (and the memory) and returns `None`.
    unsafe fn bind_new_memory(&self, buffer: vk::Buffer, alloc: &vk::MemoryAllocateInfo) -> Option<vk::DeviceMemory> {
        let d = &self.device;
        unsafe {
            let Ok(memory) = d.allocate_memory(alloc, None) else {
                d.destroy_buffer(buffer, None);
                return None;
            };
            if d.bind_buffer_memory(buffer, memory, 0).is_err() {
                d.destroy_buffer(buffer, None);
                d.free_memory(memory, None);
                return None;
            }
            Some(memory)
        }
    }

    pub fn mapped(&self, id: u64) -> Option<*mut u8> {
        self.inner.lock().bufs.get(&id).and_then(|b| b.mapped).map(|p| p as *mut u8)
    }

    /// A free slot, or a new one.
    fn take_slot(&self, inner: &mut Inner) -> Result<Slot> {
        if let Some(s) = inner.slots.pop() {
            return Ok(s);
        }
        let d = &self.device;
        unsafe {
            // Transient, reset as a whole: resetting one command buffer at a time costs
            // tens of microseconds per submission on some drivers.
            let info = vk::CommandPoolCreateInfo::default().queue_family_index(inner.family).flags(vk::CommandPoolCreateFlags::TRANSIENT);
            let pool = d.create_command_pool(&info, None).map_err(vk_err)?;
            let cmd = match d.allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1)) {
                Ok(c) => c[0],
                Err(e) => {
                    d.destroy_command_pool(pool, None);
                    return Err(vk_err(e));
                }
            };
            let queries = if inner.clock.is_some() {
                let info = vk::QueryPoolCreateInfo::default().query_type(vk::QueryType::TIMESTAMP).query_count(MAX_STAMPS);
                d.create_query_pool(&info, None).ok()
            } else {
                None
            };
            Ok(Slot { pool, cmd, queries })
        }
    }

    /// Records `record` into a slot's command buffer and submits it (under the device lock,
    /// which orders submissions); returns the slot and the timeline value that signals its
    /// completion. `host_reads`: the host will read memory the commands write through a
    /// mapping, which needs a barrier to the host (each pipeline barrier costs microseconds
    /// on discrete GPUs, so a submission has none it does not need).
    fn record_and_submit(&self, inner: &mut Inner, host_reads: bool,
                         record: impl FnOnce(&ash::Device, vk::CommandBuffer, Option<vk::QueryPool>)) -> Result<(Slot, u64)> {
        let d = &self.device;
        let slot = self.take_slot(inner)?;
        let t0 = std::time::Instant::now();
        let result = unsafe {
            (|| -> Result<u64> {
                d.reset_command_pool(slot.pool, vk::CommandPoolResetFlags::empty()).map_err(vk_err)?;
                d.begin_command_buffer(slot.cmd, &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT))
                    .map_err(vk_err)?;
                // Host writes before vkQueueSubmit are visible to the batch without a barrier;
                // earlier submissions are ordered by the timeline wait below.
                record(d, slot.cmd, slot.queries);
                if host_reads {
                    let all = vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE;
                    let after = vk::MemoryBarrier::default().src_access_mask(all).dst_access_mask(vk::AccessFlags::HOST_READ);
                    d.cmd_pipeline_barrier(slot.cmd, vk::PipelineStageFlags::ALL_COMMANDS, vk::PipelineStageFlags::HOST,
                        vk::DependencyFlags::empty(), &[after], &[], &[]);
                }
                d.end_command_buffer(slot.cmd).map_err(vk_err)?;
                let cmds = [slot.cmd];
                let sems = [inner.timeline];
                let (wait, signal) = ([inner.submitted], [inner.submitted + 1]);
                // The wait orders this batch's memory work after the previous submission and
                // makes its writes visible, at the stages that access memory here (a narrower
                // mask than ALL_COMMANDS costs the GPU about 2 us less per submission);
                // timestamps follow all earlier commands of the queue by themselves.
                let stages = [vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER];
                let mut values = vk::TimelineSemaphoreSubmitInfo::default().signal_semaphore_values(&signal);
                let mut submit = vk::SubmitInfo::default().command_buffers(&cmds).signal_semaphores(&sems);
                if inner.submitted > 0 {
                    values = values.wait_semaphore_values(&wait);
                    submit = submit.wait_semaphores(&sems).wait_dst_stage_mask(&stages);
                }
                let submit = submit.push_next(&mut values);
                let t1 = std::time::Instant::now();
                d.queue_submit(self.queue, &[submit], vk::Fence::null()).map_err(vk_err)?;
                inner.submitted += 1;
                crate::profile::add(&crate::profile::RECORD, t1 - t0);
                crate::profile::add(&crate::profile::SUBMIT, t1.elapsed());
                Ok(inner.submitted)
            })()
        };
        match result {
            Ok(v) => Ok((slot, v)),
            Err(e) => {
                inner.slots.push(slot);
                Err(e)
            }
        }
    }

    /// Records, submits and waits while holding the device lock (staging transfers, whose
    /// buffer is shared, and set-up work).
    fn submit(&self, inner: &mut Inner, host_reads: bool, record: impl FnOnce(&ash::Device, vk::CommandBuffer, Option<vk::QueryPool>)) -> Result<()> {
        self.submit_read(inner, host_reads, record, |_, _| ()).map(drop)
    }

    /// [`submit`], then `read` the slot's queries before the slot is reused.
    fn submit_read<R>(&self, inner: &mut Inner, host_reads: bool, record: impl FnOnce(&ash::Device, vk::CommandBuffer, Option<vk::QueryPool>),
                      read: impl FnOnce(&ash::Device, Option<vk::QueryPool>) -> R) -> Result<R> {
        let (slot, value) = self.record_and_submit(inner, host_reads, record)?;
        let start = std::time::Instant::now();
        let waited = self.wait_value(inner.timeline, value);
        crate::profile::add(&crate::profile::WAIT, start.elapsed());
        let r = waited.map(|()| read(&self.device, slot.queries));
        inner.slots.push(slot);
        r
    }

    /// Waits until the timeline reaches `value`: short batches finish within microseconds,
    /// so it polls first and then sleeps in the driver.
    fn wait_value(&self, timeline: vk::Semaphore, value: u64) -> Result<()> {
        let d = &self.device;
        let start = std::time::Instant::now();
        let limit = crate::completion::wait_spin();
        loop {
            if unsafe { d.get_semaphore_counter_value(timeline) }.map_err(vk_err)? >= value {
                return Ok(());
            }
            if start.elapsed() > limit {
                let (sems, values) = ([timeline], [value]);
                let info = vk::SemaphoreWaitInfo::default().semaphores(&sems).values(&values);
                return unsafe { d.wait_semaphores(&info, u64::MAX) }.map_err(vk_err);
            }
            crate::completion::pause();
        }
    }

    fn staging(&self, inner: &mut Inner) -> Result<(vk::Buffer, *mut u8)> {
        if inner.staging.is_none() {
            let b = self.make_buffer(inner, STAGING, Place::Host)?;
            inner.staging = Some(b);
        }
        let s = inner.staging.as_ref().ok_or(HipError::UNKNOWN)?;
        Ok((s.buffer, s.mapped.ok_or(HipError::UNKNOWN)? as *mut u8))
    }

    /// Whether buffer `id` is memory the host reads through a mapping.
    fn mapped_buf(inner: &Inner, id: u64) -> bool {
        inner.bufs.get(&id).is_some_and(|b| b.mapped.is_some())
    }

    fn buffer(inner: &Inner, id: u64) -> Result<vk::Buffer> {
        inner.bufs.get(&id).map(|b| b.buffer).ok_or(HipError::INVALID_VALUE)
    }

    /// Copies `out.len()` bytes from buffer `id` at `offset` to the host.
    pub fn read(&self, id: u64, offset: u64, out: &mut [u8]) -> Result<()> {
        let mut inner = self.inner.lock();
        let src = Self::buffer(&inner, id)?;
        let (stage, host) = self.staging(&mut inner)?;
        for (i, chunk) in out.chunks_mut(STAGING).enumerate() {
            let region = vk::BufferCopy { src_offset: offset + (i * STAGING) as u64, dst_offset: 0, size: chunk.len() as u64 };
            self.submit(&mut inner, true, |d, cmd, _| unsafe { d.cmd_copy_buffer(cmd, src, stage, &[region]) })?;
            unsafe { std::ptr::copy_nonoverlapping(host, chunk.as_mut_ptr(), chunk.len()) };
        }
        Ok(())
    }

    /// Copies `data` from the host into buffer `id` at `offset`.
    pub fn write(&self, id: u64, offset: u64, data: &[u8]) -> Result<()> {
        let mut inner = self.inner.lock();
        let dst = Self::buffer(&inner, id)?;
        let (stage, host) = self.staging(&mut inner)?;
        for (i, chunk) in data.chunks(STAGING).enumerate() {
            unsafe { std::ptr::copy_nonoverlapping(chunk.as_ptr(), host, chunk.len()) };
            let region = vk::BufferCopy { src_offset: 0, dst_offset: offset + (i * STAGING) as u64, size: chunk.len() as u64 };
            self.submit(&mut inner, false, |d, cmd, _| unsafe { d.cmd_copy_buffer(cmd, stage, dst, &[region]) })?;
        }
        Ok(())
    }

    /// Whether `k`'s module needs only capabilities and shared memory this device has (else
    /// its host twin runs).
    pub fn can_run(&self, k: &crate::builtin::Builtin) -> bool {
        self.refusal(k).is_none()
    }

    /// Why `k`'s module cannot run on this device (its host twin runs instead), or `None`.
    pub fn refusal(&self, k: &crate::builtin::Builtin) -> Option<crate::builtin::HostReason> {
        *self.runnable.lock().entry(k.key()).or_insert_with(|| match ash::util::read_spv(&mut std::io::Cursor::new(k.spirv)) {
            Ok(code) => self.caps.refusal(&code),
            Err(_) => Some(crate::builtin::HostReason::BadModule),
        })
    }

    fn pipeline(&self, inner: &mut Inner, k: &'static crate::builtin::Builtin) -> Result<(vk::Pipeline, vk::PipelineLayout)> {
        if let Some(p) = inner.pipelines.get(&k.key()) {
            return Ok(*p);
        }
        let code = ash::util::read_spv(&mut std::io::Cursor::new(k.spirv)).map_err(|_| HipError::INVALID_IMAGE)?;
        if !self.can_run(k) {
            return Err(HipError::NOT_SUPPORTED);
        }
        let d = &self.device;
        unsafe {
            let module = d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&code), None).map_err(vk_err)?;
            // 128 bytes: the push-constant size every Vulkan device guarantees.
            let range = [vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::COMPUTE).size(128)];
            let layout = d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&range), None).map_err(vk_err)?;
            let stage = vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module).name(c"main");
            let flags = if self.stats.is_some() { vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR } else { vk::PipelineCreateFlags::empty() };
            let info = [vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout).flags(flags)];
            let pipeline = d.create_compute_pipelines(vk::PipelineCache::null(), &info, None).map_err(|(_, e)| vk_err(e))?[0];
            d.destroy_shader_module(module, None);
            if let Some(stats) = &self.stats {
                Self::print_stats(stats, pipeline, k.name);
            }
            inner.pipelines.insert(k.key(), (pipeline, layout));
            Ok((pipeline, layout))
        }
    }

    /// Opts into printing each pipeline's compiler statistics (see `stats`).
    pub fn with_stats(mut self, stats: Option<ash::khr::pipeline_executable_properties::Device>) -> Gpu {
        self.stats = stats;
        self
    }

    /// One stderr line per executable of `pipeline`: the driver's statistics by name.
    fn print_stats(ext: &ash::khr::pipeline_executable_properties::Device, pipeline: vk::Pipeline, name: &str) {
        let info = vk::PipelineInfoKHR::default().pipeline(pipeline);
        let Ok(execs) = (unsafe { ext.get_pipeline_executable_properties(&info) }) else { return };
        for i in 0..execs.len() as u32 {
            let exec = vk::PipelineExecutableInfoKHR::default().pipeline(pipeline).executable_index(i);
            let Ok(list) = (unsafe { ext.get_pipeline_executable_statistics(&exec) }) else { continue };
            let text: Vec<String> = list
                .iter()
                .map(|st| {
                    let key = st.name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
                    let v = unsafe {
                        match st.format {
                            vk::PipelineExecutableStatisticFormatKHR::BOOL32 => st.value.b32.to_string(),
                            vk::PipelineExecutableStatisticFormatKHR::INT64 => st.value.i64.to_string(),
                            vk::PipelineExecutableStatisticFormatKHR::UINT64 => st.value.u64.to_string(),
                            _ => st.value.f64.to_string(),
                        }
                    };
                    format!("{key}={v}")
                })
                .collect();
            eprintln!("[oxrocm] pipeline {name} #{i}: {}", text.join(", "));
        }
    }

    /// Records `cmds` in order (full barriers between them) into one submission and waits.
    #[allow(clippy::needless_lifetimes)]
    pub fn run_batch(&self, cmds: &[GpuCmd]) -> Result<()> {
        let mut inner = self.inner.lock();
        // Resolve buffers and pipelines before recording.
        enum Ready {
            Stamp(u32),
            Copy(vk::Buffer, vk::Buffer, Vec<vk::BufferCopy>),
            Fill(vk::Buffer, u64, u64, u32),
            Dispatch(vk::Pipeline, vk::PipelineLayout, Vec<u8>, [u32; 3]),
        }
        let mut ready = Vec::with_capacity(cmds.len());
        let mut stamps: Vec<&crate::ops::Stamp> = Vec::new();
        let mut host_reads = false;
        let has_clock = inner.clock.is_some();
        for c in cmds {
            ready.push(match c {
                GpuCmd::Timestamp(stamp) => {
                    if !has_clock || stamps.len() as u32 >= MAX_STAMPS {
                        let _ = stamp.set(std::time::Instant::now());
                        continue;
                    }
                    stamps.push(stamp);
                    Ready::Stamp(stamps.len() as u32 - 1)
                }
                GpuCmd::Copy { src, dst, regions } => Ready::Copy(
                    {
                        host_reads |= Self::mapped_buf(&inner, *dst);
                        Self::buffer(&inner, *src)?
                    },
                    Self::buffer(&inner, *dst)?,
                    regions.iter().map(|&(s, d, n)| vk::BufferCopy { src_offset: s, dst_offset: d, size: n }).collect(),
                ),
                GpuCmd::Fill { id, offset, size, word } => {
                    host_reads |= Self::mapped_buf(&inner, *id);
                    Ready::Fill(Self::buffer(&inner, *id)?, *offset, *size, *word)
                }
                GpuCmd::Dispatch { kernel, push, groups, host_writes } => {
                    host_reads |= host_writes;
                    let (p, l) = self.pipeline(&mut inner, kernel)?;
                    Ready::Dispatch(p, l, padded(push), *groups)
                }
                GpuCmd::DispatchOwned { kernel, push, groups, host_writes } => {
                    host_reads |= host_writes;
                    let (p, l) = self.pipeline(&mut inner, kernel)?;
                    Ready::Dispatch(p, l, padded(push), *groups)
                }
            });
        }
        let n_stamps = stamps.len() as u32;
        let (slot, value) = self.record_and_submit(&mut inner, host_reads, |d, cmd, queries| unsafe {
            if let (Some(pool), true) = (queries, n_stamps > 0) {
                d.cmd_reset_query_pool(cmd, pool, 0, n_stamps);
            }
            let all = vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE;
            let between = vk::MemoryBarrier::default().src_access_mask(all).dst_access_mask(all);
            for (i, r) in ready.iter().enumerate() {
                if i > 0 {
                    d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::ALL_COMMANDS, vk::PipelineStageFlags::ALL_COMMANDS,
                        vk::DependencyFlags::empty(), &[between], &[], &[]);
                }
                match r {
                    Ready::Stamp(q) => {
                        if let Some(pool) = queries {
                            d.cmd_write_timestamp(cmd, vk::PipelineStageFlags::BOTTOM_OF_PIPE, pool, *q);
                        }
                    }
                    Ready::Copy(s, t, regions) => d.cmd_copy_buffer(cmd, *s, *t, regions),
                    Ready::Fill(b, o, n, w) => d.cmd_fill_buffer(cmd, *b, *o, *n, *w),
                    Ready::Dispatch(p, l, push, groups) => {
                        d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, *p);
                        d.cmd_push_constants(cmd, *l, vk::ShaderStageFlags::COMPUTE, 0, push);
                        d.cmd_dispatch(cmd, groups[0].max(1), groups[1].max(1), groups[2].max(1));
                    }
                }
            }
        })?;
        let clock = inner.clock.as_ref().map(|c| (c.period, c.mask, c.base));
        let timeline = inner.timeline;
        // Other threads record and submit while this batch runs.
        drop(inner);
        let start = std::time::Instant::now();
        let waited = self.wait_value(timeline, value);
        crate::profile::add(&crate::profile::WAIT, start.elapsed());
        if let (true, Some((period, mask, base)), Some(pool)) = (n_stamps > 0, clock, slot.queries) {
            let mut ticks = vec![0u64; n_stamps as usize];
            let read = waited.is_ok()
                && unsafe { self.device.get_query_pool_results(pool, 0, &mut ticks, vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT) }.is_ok();
            for (stamp, t) in stamps.iter().zip(ticks) {
                let at = if read {
                    // Ticks since calibration (wrapping within the valid bits) → instant.
                    let delta = (t & mask).wrapping_sub(base.1) & mask;
                    base.0 + std::time::Duration::from_nanos((delta as f64 * period) as u64)
                } else {
                    std::time::Instant::now()
                };
                let _ = stamp.set(at);
            }
        }
        self.inner.lock().slots.push(slot);
        if waited.is_ok() {
            for c in cmds {
                if let GpuCmd::Dispatch { kernel, .. } | GpuCmd::DispatchOwned { kernel, .. } = c {
                    kernel.launches.ran_spirv();
                }
            }
        }
        waited
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        let inner = self.inner.get_mut();
        unsafe {
            let _ = self.device.device_wait_idle();
            for (_, mut b) in inner.bufs.drain().chain(inner.staging.take().map(|b| (0, b))) {
                if let Some(a) = b.alloc.take() {
                    let _ = inner.allocator.free(a);
                }
                self.device.destroy_buffer(b.buffer, None);
                if let Some(m) = b.own_memory.take() {
                    self.device.free_memory(m, None);
                }
            }
            for (_, (p, l)) in inner.pipelines.drain() {
                self.device.destroy_pipeline(p, None);
                self.device.destroy_pipeline_layout(l, None);
            }
            for slot in inner.slots.drain(..) {
                if let Some(q) = slot.queries {
                    self.device.destroy_query_pool(q, None);
                }
                self.device.destroy_command_pool(slot.pool, None);
            }
            self.device.destroy_semaphore(inner.timeline, None);
        }
    }
}
