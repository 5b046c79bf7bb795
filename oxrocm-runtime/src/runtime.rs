//! The process-wide runtime: visible devices, the allocation map, handle tables, and the
//! enqueue path every stream operation goes through (capture, null-stream semantics).

use crate::backend::Backend;
use crate::codeobj::metadata::CodeObjectMeta;
use crate::codeobj::{self, CodeObject, limits};
use crate::completion::Completion;
use crate::config::{BackendChoice, Config, visible_devices};
use crate::cpu::CpuBackend;
use crate::device::DeviceProperties;
use crate::error::{HipError, Result};
use crate::event::{CapturedRecord, Event, Recorded};
use crate::graph::{Graph, GraphExec, Node, NodeKind, Step};
use crate::kernel::{GcnKernel, HostKernelFn, Kernel, KernelBody};
use crate::log_at;
use crate::memory::{Allocation, MemKind, MemoryMap};
use crate::ops::{Op, OpKind};
use crate::pool::MemPool;
use crate::registry::Registry;
use crate::stream::{Capture, Stream, StreamRole};
use crate::vulkan;
use parking_lot::Mutex;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, Weak};

pub struct Device {
    pub ordinal: usize,
    /// Index of this device in the backend's own list.
    pub backend_index: usize,
    pub props: DeviceProperties,
    pub null_stream: Arc<Stream>,
    streams: Mutex<Vec<Weak<Stream>>>,
    /// Peers this device may access (`hipDeviceEnablePeerAccess`).
    pub peers: Mutex<HashSet<usize>>,
    pub default_pool: Arc<MemPool>,
    pub current_pool: Mutex<Arc<MemPool>>,
    /// `hipSetDeviceFlags` value.
    pub flags: Mutex<u32>,
    /// `hipDeviceSetLimit` values by `hipLimit_t`.
    pub limits: Mutex<HashMap<u32, usize>>,
    pub cache_config: Mutex<u32>,
    pub shared_mem_config: Mutex<u32>,
}

/// A `__device__`/`__constant__` variable: host shadow → device copy made on first use.
pub struct DeviceVar {
    pub name: String,
    pub size: usize,
    pub host: usize,
    /// The module whose code object defines it (its image holds the variable).
    pub module: usize,
    pub device_addr: OnceLock<u64>,
}

/// A registered fat binary (`__hipRegisterFatBinary`) or loaded module (`hipModuleLoad*`).
pub struct Module {
    pub code_objects: Vec<CodeObject>,
    pub kernels: Mutex<HashMap<String, Arc<Kernel>>>,
    pub vars: Mutex<HashMap<String, Arc<DeviceVar>>>,
    /// Device ordinal → load address of the code object's image in that device's memory
    /// (made on first use: a launch or a variable's address).
    pub images: Mutex<HashMap<usize, u64>>,
    /// `__managed__` variables: the code object's pointer variable of that name must hold
    /// the managed allocation's address.
    pub managed: Mutex<Vec<(String, u64)>>,
    /// Device ordinal → the loaded image's code, decoded (made on a kernel's first launch).
    pub code: Mutex<HashMap<usize, Arc<crate::gcn::LoadedCode>>>,
    /// Parsed metadata notes by code-object target (parsed once: a library registers
    /// thousands of kernels of one code object).
    metas: Mutex<HashMap<String, Arc<CodeObjectMeta>>>,
}

impl Module {
    fn new(code_objects: Vec<CodeObject>) -> Module {
        Module { code_objects, kernels: Mutex::default(), vars: Mutex::default(), images: Mutex::default(), managed: Mutex::default(), code: Mutex::default(), metas: Mutex::default() }
    }

    /// Kernel `name` of code object `co` (one of this module's), from its metadata and
    /// descriptor; why not where the code object lacks either or they are outside the
    /// hardware's ranges (`codeobj::limits`).
    fn gcn_kernel(&self, handle: usize, co: &CodeObject, name: &str) -> std::result::Result<GcnKernel, String> {
        let meta = {
            let mut metas = self.metas.lock();
            match metas.get(&co.target) {
                Some(m) => m.clone(),
                None => {
                    let m = Arc::new(co.metadata().map_err(|e| format!("no usable metadata ({e})"))?);
                    metas.insert(co.target.clone(), m.clone());
                    m
                }
            }
        };
        let km = meta.kernel(name).ok_or("no metadata for it")?.clone();
        let (_, descriptor) = co.descriptor(name).ok_or("no descriptor for it")?;
        let entry = co.entry(name).ok_or("its descriptor's entry lies outside the address space")?;
        limits::check_meta(&km, co.processor()).map_err(|e| format!("its metadata asks for {e}"))?;
        limits::check_descriptor(&descriptor, co.processor()).map_err(|e| format!("its descriptor asks for {e}"))?;
        let arg_sizes = km.explicit_args().map(|a| a.size).collect();
        Ok(GcnKernel { target: co.target.clone(), module: handle, meta: km, descriptor, entry, arg_sizes })
    }

    /// The kernel body for `name` from `co`: its metadata, or a placeholder that reports
    /// at launch.
    fn gcn_body(&self, handle: usize, co: &CodeObject, name: &str) -> KernelBody {
        match self.gcn_kernel(handle, co, name) {
            Ok(k) => KernelBody::Gcn(Box::new(k)),
            Err(why) => {
                log_at!(2, "kernel '{name}' ({}): not launchable: {why}", co.target);
                KernelBody::Unusable
            }
        }
    }
}

impl Module {
    /// The code object for `arch`, matching the processor name (features ignored).
    /// The code object to use on a device of target `arch`: its own, else one for a target
    /// the executor runs (on the CPU, gfx1030 and gfx1100 code run alike).
    pub fn code_object_for(&self, arch: &str) -> Option<&CodeObject> {
        let by = |t: &str| self.code_objects.iter().find(|c| c.processor() == t);
        by(arch).or_else(|| crate::gcn::EXECUTABLE_TARGETS.iter().find_map(|t| by(t)))
    }
}

pub struct Runtime {
    backend: Box<dyn Backend>,
    pub devices: Vec<Device>,
    pub memory: MemoryMap,
    pub streams: Registry<Stream>,
    pub events: Registry<Event>,
    pub graphs: Registry<Graph>,
    pub nodes: Registry<Node>,
    pub execs: Registry<GraphExec>,
    pub pools: Registry<MemPool>,
    pub modules: Registry<Module>,
    /// Kernel handles: host stub address (or module function handle) → kernel.
    pub kernels: Mutex<HashMap<usize, Arc<Kernel>>>,
    /// Device variables by host shadow address.
    pub vars: Mutex<HashMap<usize, Arc<DeviceVar>>>,
    /// Fat binaries by image address (several TUs may register the same one).
    fatbins: Mutex<HashMap<usize, usize>>,
    /// IPC: exported allocations (base → backend payload) and imported mappings (base → size).
    ipc_exports: Mutex<HashMap<u64, Vec<u8>>>,
    ipc_imports: Mutex<HashMap<u64, usize>>,
    next_capture: AtomicU64,
}

thread_local! {
    static CURRENT: Cell<usize> = const { Cell::new(0) };
    static PER_THREAD: RefCell<HashMap<usize, Arc<Stream>>> = RefCell::new(HashMap::new());
}

static RUNTIME: OnceLock<Runtime> = OnceLock::new();

/// The runtime, created on first use from the environment.
pub fn runtime() -> &'static Runtime {
    RUNTIME.get_or_init(|| Runtime::new(Config::from_env()))
}

/// Handle value of `hipStreamPerThread`.
pub const STREAM_PER_THREAD: usize = 2;

const EXECUTOR: crate::stream::Executor = crate::stream::Executor {
    run: |device, ops| runtime().execute_batch(device, ops),
    batchable: |op| runtime().batchable(op),
};

impl Runtime {
    fn new(cfg: Config) -> Runtime {
        let cpu = || Box::new(CpuBackend::new(cfg.cpu_devices, &cfg.cpu_arch, cfg.cpu_memory)) as Box<dyn Backend>;
        let vulkan = |sel| vulkan::probe(sel, cfg.vulkan_repeat, &cfg.vulkan_arch).map(|b| Box::new(b) as Box<dyn Backend>);
        let backend: Box<dyn Backend> = match cfg.backend {
            BackendChoice::Cpu => cpu(),
            BackendChoice::Auto => vulkan(vulkan::Selection::GpusOnly).unwrap_or_else(cpu),
            BackendChoice::Vulkan => vulkan(vulkan::Selection::All).unwrap_or_else(|| {
                log_at!(1, "OXROCM_BACKEND=vulkan: no usable Vulkan device (Vulkan 1.2 with bufferDeviceAddress); no devices");
                Box::new(CpuBackend::new(0, &cfg.cpu_arch, cfg.cpu_memory))
            }),
        };
        let visible = visible_devices(cfg.visible.as_deref(), backend.devices().len());
        let devices = visible
            .iter()
            .enumerate()
            .map(|(ordinal, &bi)| {
                let pool = Arc::new(MemPool::new(ordinal, true));
                Device {
                    ordinal,
                    backend_index: bi,
                    props: backend.devices()[bi].clone(),
                    null_stream: Stream::new(ordinal, 0, 0, StreamRole::Null),
                    streams: Mutex::new(Vec::new()),
                    peers: Mutex::new(HashSet::new()),
                    current_pool: Mutex::new(pool.clone()),
                    default_pool: pool,
                    flags: Mutex::new(0),
                    limits: Mutex::new(HashMap::new()),
                    cache_config: Mutex::new(0),
                    shared_mem_config: Mutex::new(0),
                }
            })
            .collect::<Vec<_>>();
        log_at!(3, "runtime up: backend {}, {} visible device(s)", backend.name(), devices.len());
        let rt = Runtime {
            backend,
            devices,
            memory: MemoryMap::default(),
            // Destroyed streams and events keep their addresses a while (see `Registry`):
            // programs and tests query a handle right after destroying it.
            streams: Registry::with_quarantine(HipError::INVALID_HANDLE, 64),
            events: Registry::with_quarantine(HipError::INVALID_HANDLE, 64),
            graphs: Registry::new(HipError::INVALID_VALUE),
            nodes: Registry::new(HipError::INVALID_VALUE),
            execs: Registry::new(HipError::INVALID_VALUE),
            pools: Registry::new(HipError::INVALID_VALUE),
            modules: Registry::new(HipError::INVALID_HANDLE),
            kernels: Mutex::new(HashMap::new()),
            vars: Mutex::new(HashMap::new()),
            fatbins: Mutex::new(HashMap::new()),
            ipc_exports: Mutex::new(HashMap::new()),
            ipc_imports: Mutex::new(HashMap::new()),
            next_capture: AtomicU64::new(1),
        };
        for d in &rt.devices {
            rt.pools.insert(d.default_pool.clone());
        }
        // SAFETY: registers plain extern "C" handlers; see `fork` below.
        unsafe { libc::pthread_atfork(Some(fork::prepare), Some(fork::parent), Some(fork::child)) };
        // Registered after the backend loaded its driver, so it runs before the driver's own
        // exit-time destructors: no stream worker may touch the device while they run.
        unsafe { libc::atexit(quiesce_at_exit) };
        rt
    }

    /// Every live stream (legacy, per-thread and user streams of all devices).
    pub fn all_streams(&self) -> Vec<Arc<Stream>> {
        let mut out = Vec::new();
        for d in &self.devices {
            out.push(d.null_stream.clone());
            out.extend(d.streams.lock().iter().filter_map(Weak::upgrade));
        }
        out
    }

    pub fn backend_name(&self) -> &'static str {
        self.backend.name()
    }

    // ---------------------------------------------------------------- devices --

    pub fn device_count(&self) -> usize {
        self.devices.len()
    }

    pub fn device(&self, ordinal: i32) -> Result<&Device> {
        usize::try_from(ordinal).ok().and_then(|i| self.devices.get(i)).ok_or(HipError::INVALID_DEVICE)
    }

    pub fn current(&self) -> Result<&Device> {
        if self.devices.is_empty() {
            return Err(HipError::NO_DEVICE);
        }
        self.device(CURRENT.with(|c| c.get()) as i32)
    }

    pub fn current_ordinal(&self) -> usize {
        CURRENT.with(|c| c.get())
    }

    pub fn set_current(&self, ordinal: i32) -> Result<()> {
        if self.devices.is_empty() {
            return Err(HipError::NO_DEVICE);
        }
        self.device(ordinal)?;
        CURRENT.with(|c| c.set(ordinal as usize));
        Ok(())
    }

    pub fn mem_info(&self, dev: &Device) -> (usize, usize) {
        self.backend.mem_info(dev.backend_index)
    }

    /// Waits for every stream of `dev`; returns the first asynchronous error.
    pub fn synchronize_device(&self, dev: &Device) -> Result<()> {
        let mut first = dev.null_stream.synchronize().err();
        let streams: Vec<Arc<Stream>> = dev.streams.lock().iter().filter_map(Weak::upgrade).collect();
        for s in streams {
            if let Err(e) = s.synchronize() {
                first.get_or_insert(e);
            }
        }
        first.map_or(Ok(()), Err)
    }

    /// `hipDeviceReset`: waits for the device, then frees its memory (but not memory mapped
    /// from another process) and destroys its user streams.
    pub fn reset_device(&self, dev: &Device) -> Result<()> {
        self.synchronize_device(dev).ok();
        let imported = self.ipc_imports.lock().keys().copied().collect::<HashSet<u64>>();
        for a in self.memory.all() {
            if a.device == dev.ordinal && a.kind != MemKind::HostRegistered && !imported.contains(&a.base) {
                self.free_now(a.base)?;
            }
        }
        for s in self.streams.values() {
            if s.device == dev.ordinal {
                let _ = self.destroy_stream(crate::registry::handle_of(&s));
            }
        }
        dev.streams.lock().retain(|w| w.strong_count() > 0);
        *dev.current_pool.lock() = dev.default_pool.clone();
        Ok(())
    }

    pub fn synchronize_all(&self) -> Result<()> {
        let mut first = None;
        for d in &self.devices {
            if let Err(e) = self.synchronize_device(d) {
                first.get_or_insert(e);
            }
        }
        first.map_or(Ok(()), Err)
    }

    // ---------------------------------------------------------------- streams --

    pub fn create_stream(&self, device: usize, flags: u32, priority: i32) -> Arc<Stream> {
        let s = Stream::new(device, flags, priority, StreamRole::User);
        let d = &self.devices[device];
        let mut list = d.streams.lock();
        list.retain(|w| w.strong_count() > 0);
        list.push(Arc::downgrade(&s));
        drop(list);
        self.streams.insert(s.clone());
        s
    }

    /// Resolves a `hipStream_t` value: NULL (legacy stream of the current device),
    /// `hipStreamPerThread`, or a registered stream.
    pub fn stream(&self, handle: usize) -> Result<Arc<Stream>> {
        match handle {
            0 => Ok(self.current()?.null_stream.clone()),
            STREAM_PER_THREAD => {
                let dev = self.current()?.ordinal;
                Ok(PER_THREAD.with(|m| {
                    m.borrow_mut()
                        .entry(dev)
                        .or_insert_with(|| {
                            let s = Stream::new(dev, 0, 0, StreamRole::PerThread);
                            self.devices[dev].streams.lock().push(Arc::downgrade(&s));
                            s
                        })
                        .clone()
                }))
            }
            h => self.streams.get(h),
        }
    }

    pub fn destroy_stream(&self, handle: usize) -> Result<()> {
        if handle == 0 || handle == STREAM_PER_THREAD {
            return Err(HipError::INVALID_HANDLE);
        }
        let s = self.streams.remove(handle)?;
        s.close();
        Ok(())
    }

    /// Implicit dependencies of new work on `s` (legacy default stream semantics).
    fn implicit_deps(&self, s: &Arc<Stream>) -> Vec<Arc<Completion>> {
        let dev = &self.devices[s.device];
        match s.role {
            StreamRole::Null => {
                dev.streams.lock().iter().filter_map(Weak::upgrade).filter(|o| o.is_blocking()).map(|o| o.last()).collect()
            }
            _ if s.is_blocking() => vec![dev.null_stream.last()],
            _ => Vec::new(),
        }
    }

    /// Queues `op` on `s` (or records it as a node if `s` is capturing).
    pub fn enqueue(&self, s: &Arc<Stream>, op: Op) -> Result<Arc<Completion>> {
        if let Some(done) = self.capture_node(s, NodeKind::Op(op.clone()))? {
            return Ok(done);
        }
        let deps = self.implicit_deps(s);
        Ok(s.push(op, deps, EXECUTOR))
    }

    /// Queues `op` after `extra` completions (cross-stream waits).
    pub fn enqueue_after(&self, s: &Arc<Stream>, op: Op, extra: Vec<Arc<Completion>>) -> Arc<Completion> {
        let mut deps = self.implicit_deps(s);
        deps.extend(extra);
        s.push(op, deps, EXECUTOR)
    }

    /// Queues `op` and waits for it: the synchronous API variants.
    pub fn run_sync(&self, s: &Arc<Stream>, op: Op) -> Result<()> {
        if s.capture().is_some() {
            s.invalidate_capture();
            return Err(HipError::STREAM_CAPTURE_UNSUPPORTED);
        }
        let done = self.enqueue(s, op)?;
        done.wait();
        s.synchronize()
    }

    fn batchable(&self, op: &Op) -> bool {
        let kind_ok = match op.kind {
            OpKind::Copy(_) | OpKind::Fill(_) | OpKind::Builtin(_) => true,
            OpKind::Record(_) => self.backend.stamps_on_device(),
            _ => false,
        };
        kind_ok && self.backend.batchable(op)
    }

    /// Executes consecutive ops of one stream (the stream workers' entry point).
    pub fn execute_batch(&self, device: usize, ops: &[&Op]) -> Result<()> {
        match ops {
            [op] => self.execute(device, op),
            _ => self.backend.execute_batch(self.devices[device].backend_index, ops),
        }
    }

    /// Executes one op on its device.
    pub fn execute(&self, device: usize, op: &Op) -> Result<()> {
        match &op.kind {
            OpKind::Free(addr) => self.free_now(*addr),
            OpKind::Record(_) if self.backend.stamps_on_device() => self.backend.execute(self.devices[device].backend_index, op),
            OpKind::Record(stamp) => {
                let _ = stamp.set(std::time::Instant::now());
                Ok(())
            }
            _ => self.backend.execute(self.devices[device].backend_index, op),
        }
    }

    // ---------------------------------------------------------------- capture --

    /// If `s` is capturing, adds `kind` as a node after the capture's current tail.
    fn capture_node(&self, s: &Arc<Stream>, kind: NodeKind) -> Result<Option<Arc<Completion>>> {
        s.with_capture(|cap| {
            let Some(c) = cap else { return Ok(None) };
            let node = c.graph.add(kind, std::mem::take(&mut c.deps))?;
            c.deps = vec![node];
            Ok(Some(Completion::done()))
        })
    }

    pub fn begin_capture(&self, s: &Arc<Stream>, mode: u32) -> Result<()> {
        if s.role == StreamRole::Null {
            return Err(HipError::STREAM_CAPTURE_UNSUPPORTED);
        }
        s.with_capture(|cap| {
            if cap.is_some() {
                return Err(HipError::ILLEGAL_STATE);
            }
            *cap = Some(Capture {
                id: self.next_capture.fetch_add(1, Ordering::Relaxed),
                graph: Graph::new(),
                deps: Vec::new(),
                mode,
                origin: true,
                thread: std::thread::current().id(),
            });
            Ok(())
        })
    }

    pub fn end_capture(&self, s: &Arc<Stream>) -> Result<Arc<Graph>> {
        let c = s.capture().ok_or(HipError::ILLEGAL_STATE)?;
        if !c.origin {
            return Err(HipError::STREAM_CAPTURE_UNMATCHED);
        }
        if c.mode != 2 && c.thread != std::thread::current().id() {
            return Err(HipError::STREAM_CAPTURE_WRONG_THREAD);
        }
        // Every stream forked into this capture must have joined back: its tail must be
        // an ancestor of (or equal to) the origin stream's tail.
        let forks: Vec<Arc<Stream>> = self
            .streams
            .values()
            .into_iter()
            .filter(|o| !Arc::ptr_eq(o, s) && o.capture().is_some_and(|oc| oc.id == c.id))
            .collect();
        let mut reach: HashSet<usize> = HashSet::new();
        let mut stack = c.deps.clone();
        while let Some(n) = stack.pop() {
            if reach.insert(n.key()) {
                stack.extend(n.deps.lock().iter().cloned());
            }
        }
        let unjoined = forks.iter().any(|o| o.capture().is_some_and(|oc| oc.deps.iter().any(|d| !reach.contains(&d.key()))));
        for o in &forks {
            o.set_capture(None);
        }
        s.set_capture(None);
        if s.take_invalidated() {
            return Err(HipError::STREAM_CAPTURE_INVALIDATED);
        }
        if unjoined {
            return Err(HipError::STREAM_CAPTURE_UNJOINED);
        }
        self.graphs.insert(c.graph.clone());
        Ok(c.graph)
    }

    // ----------------------------------------------------------------- events --

    pub fn record_event(&self, e: &Arc<Event>, s: &Arc<Stream>) -> Result<()> {
        if let Some(c) = s.capture() {
            e.set_captured(CapturedRecord { capture_id: c.id, graph: c.graph, deps: c.deps });
            return Ok(());
        }
        let stamp = Arc::new(OnceLock::new());
        let done = self.enqueue(s, Op::simple(OpKind::Record(stamp.clone())))?;
        e.set_recorded(Recorded { done, stamp });
        Ok(())
    }

    pub fn wait_event(&self, s: &Arc<Stream>, e: &Arc<Event>) -> Result<()> {
        if let Some(rec) = e.captured() {
            // Fork or join a capture through the event.
            return s.with_capture(|cap| match cap {
                None => {
                    *cap = Some(Capture {
                        id: rec.capture_id,
                        graph: rec.graph,
                        deps: rec.deps,
                        mode: 0,
                        origin: false,
                        thread: std::thread::current().id(),
                    });
                    Ok(())
                }
                Some(c) if c.id == rec.capture_id => {
                    for d in rec.deps {
                        if !c.deps.iter().any(|x| Arc::ptr_eq(x, &d)) {
                            c.deps.push(d);
                        }
                    }
                    Ok(())
                }
                Some(_) => Err(HipError::STREAM_CAPTURE_MERGE),
            });
        }
        if s.capture().is_some() {
            // Waiting on uncaptured work is a no-op dependency inside a capture.
            return Ok(());
        }
        let wait_for = e.completion();
        self.enqueue_after(s, Op::simple(OpKind::Nop), vec![wait_for]);
        Ok(())
    }

    // ----------------------------------------------------------------- graphs --

    /// Replays an instantiated graph on `s`, step by step in topological order.
    pub fn launch_graph(&self, g: &GraphExec, s: &Arc<Stream>) -> Result<()> {
        for step in g.active_steps() {
            match step {
                Step::Op(op) => {
                    self.enqueue(s, op)?;
                }
                Step::Record(e) => self.record_event(&e, s)?,
                Step::Wait(e) => self.wait_event(s, &e)?,
                Step::Alloc(a) => {
                    self.enqueue(s, Op::host(Arc::new(move || a.activate())))?;
                }
            }
        }
        Ok(())
    }

    // ----------------------------------------------------------------- memory --

    fn track(&self, base: u64, size: usize, kind: MemKind, device: usize, flags: u32, pool: Option<u64>) {
        self.track_split(base, base, size, kind, device, flags, pool)
    }

    /// Records an allocation whose device address may differ from the program's pointer.
    #[allow(clippy::too_many_arguments)]
    fn track_split(&self, base: u64, device_addr: u64, size: usize, kind: MemKind, device: usize, flags: u32, pool: Option<u64>) {
        let host = if kind == MemKind::Device { 0 } else { base };
        self.memory.insert(Allocation { base, size, kind, device, flags, host, device_addr, pool, requested: size });
    }

    pub fn malloc_device(&self, dev: &Device, size: usize) -> Result<u64> {
        let a = self.backend.alloc_device(dev.backend_index, size)?;
        self.track(a, size, MemKind::Device, dev.ordinal, 0, None);
        log_at!(4, "device {} alloc {size} bytes at {a:#x}", dev.ordinal);
        Ok(a)
    }

    pub fn malloc_host(&self, dev: &Device, size: usize, flags: u32) -> Result<u64> {
        let (h, d) = self.backend.alloc_host(size)?;
        self.track_split(h, d, size, MemKind::HostPinned, dev.ordinal, flags, None);
        Ok(h)
    }

    pub fn malloc_managed(&self, dev: &Device, size: usize, flags: u32) -> Result<u64> {
        let (h, d) = self.backend.alloc_managed(dev.backend_index, size)?;
        self.track_split(h, d, size, MemKind::Managed, dev.ordinal, flags, None);
        Ok(h)
    }

    pub fn host_register(&self, dev: &Device, host: u64, size: usize, flags: u32) -> Result<()> {
        if self.memory.overlaps(host, size) {
            return Err(HipError::HOST_MEMORY_ALREADY_REGISTERED);
        }
        let d = self.backend.register_host(host, size)?;
        self.memory.insert(Allocation {
            base: host,
            size,
            kind: MemKind::HostRegistered,
            device: dev.ordinal,
            flags,
            host,
            device_addr: d,
            pool: None,
            requested: size,
        });
        Ok(())
    }

    pub fn host_unregister(&self, host: u64) -> Result<()> {
        match self.memory.get(host) {
            Some(a) if a.kind == MemKind::HostRegistered => {
                self.memory.remove(host);
                self.backend.unregister_host(host, a.size);
                Ok(())
            }
            _ => Err(HipError::HOST_MEMORY_NOT_REGISTERED),
        }
    }

    /// Frees device/managed memory (after the owning device finished its work).
    pub fn free_device_memory(&self, addr: u64) -> Result<()> {
        let a = self.memory.get(addr).ok_or(HipError::INVALID_VALUE)?;
        if a.is_host() {
            return Err(HipError::INVALID_VALUE);
        }
        self.synchronize_device(&self.devices[a.device]).ok();
        self.free_now(addr)
    }

    pub fn free_host_memory(&self, addr: u64) -> Result<()> {
        let a = self.memory.get(addr).ok_or(HipError::INVALID_VALUE)?;
        if a.kind != MemKind::HostPinned {
            return Err(HipError::INVALID_VALUE);
        }
        self.synchronize_all().ok();
        self.free_now(addr)
    }

    fn free_now(&self, addr: u64) -> Result<()> {
        // Graph memory goes back to the graphs' reserve (hipDeviceGraphMemTrim releases it).
        if let Some(r) = crate::graph::free_graph_allocation(addr) {
            return r;
        }
        if self.ipc_imports.lock().contains_key(&addr) {
            // Imported IPC memory is released with hipIpcCloseMemHandle, not freed.
            return Err(HipError::INVALID_VALUE);
        }
        let a = self.memory.remove(addr).ok_or(HipError::INVALID_VALUE)?;
        if let Some(p) = self.ipc_exports.lock().remove(&a.base) {
            self.backend.ipc_withdraw(&p);
        }
        let bi = self.devices[a.device].backend_index;
        match a.kind {
            MemKind::Device => self.backend.free_device(bi, a.base, a.size),
            MemKind::Managed => self.backend.free_managed(bi, a.base, a.size),
            MemKind::HostPinned => self.backend.free_host(a.base, a.size),
            MemKind::HostRegistered => self.backend.unregister_host(a.base, a.size),
        }
        if let Some(p) = a.pool.and_then(|p| self.pools.get(p as usize).ok()) {
            p.on_free(a.size);
        }
        Ok(())
    }

    /// `hipDeviceGraphMemTrim`: gives the graph memory of `dev` that no graph holds and
    /// nothing uses back to the device.
    pub fn trim_graph_memory(&self, dev: &Device) -> Result<()> {
        for addr in crate::graph::take_unused_graph_memory(dev.ordinal) {
            self.free_now(addr)?;
        }
        Ok(())
    }

    /// `hipMallocAsync`/`hipMallocFromPoolAsync`: memory is usable by work queued after this call.
    pub fn malloc_from_pool(&self, pool: &Arc<MemPool>, size: usize) -> Result<u64> {
        let dev = &self.devices[pool.device];
        let a = self.backend.alloc_device(dev.backend_index, size)?;
        self.track(a, size, MemKind::Device, dev.ordinal, 0, Some(Arc::as_ptr(pool) as u64));
        pool.on_alloc(size);
        Ok(a)
    }

    pub fn free_async(&self, addr: u64, s: &Arc<Stream>) -> Result<()> {
        let a = self.memory.get(addr).ok_or(HipError::INVALID_VALUE)?;
        if a.kind != MemKind::Device {
            return Err(HipError::INVALID_VALUE);
        }
        self.enqueue(s, Op::simple(OpKind::Free(addr)))?;
        Ok(())
    }

    /// Reads memory at `addr` to the host through the backend (device memory included).
    pub fn read_memory(&self, addr: u64, out: &mut [u8]) -> Result<()> {
        self.backend.read(addr, out)
    }

    // -------------------------------------------------------------------- IPC --

    /// Handle payload for the device allocation containing `addr` (its base is shared).
    pub fn ipc_export(&self, addr: u64) -> Result<Vec<u8>> {
        let a = self.memory.find(addr).ok_or(HipError::INVALID_VALUE)?;
        if a.kind != MemKind::Device || self.ipc_imports.lock().contains_key(&a.base) {
            return Err(HipError::INVALID_VALUE);
        }
        let mut ex = self.ipc_exports.lock();
        if let Some(p) = ex.get(&a.base) {
            return Ok(p.clone());
        }
        let p = self.backend.ipc_export(a.base, a.size)?;
        ex.insert(a.base, p.clone());
        Ok(p)
    }

    pub fn ipc_import(&self, payload: &[u8]) -> Result<u64> {
        let dev = self.current()?;
        let (addr, size) = self.backend.ipc_import(payload)?;
        self.track(addr, size, MemKind::Device, dev.ordinal, 0, None);
        self.ipc_imports.lock().insert(addr, size);
        Ok(addr)
    }

    pub fn ipc_close(&self, addr: u64) -> Result<()> {
        let size = self.ipc_imports.lock().remove(&addr).ok_or(HipError::INVALID_VALUE)?;
        self.memory.remove(addr);
        self.backend.ipc_unmap(addr, size);
        Ok(())
    }

    // ---------------------------------------------------------- code objects --

    /// Registers a fat binary image (deduplicated by address); never fails: an image we
    /// cannot parse registers with no code objects and its kernels report at launch.
    ///
    /// # Safety
    /// `image` must point to a readable offload bundle, CCOB, or code object.
    pub unsafe fn register_fat_binary(&self, image: *const u8) -> usize {
        let mut fb = self.fatbins.lock();
        if let Some(h) = fb.get(&(image as usize)) {
            return *h;
        }
        let parsed = unsafe { codeobj::image_copy(image) }.map(|b| codeobj::parse_image(&b)).unwrap_or(Err(HipError::INVALID_IMAGE));
        let code_objects = parsed.unwrap_or_else(|e| {
            log_at!(2, "fat binary at {image:p}: cannot parse ({e}); its kernels will not launch");
            Vec::new()
        });
        log_at!(4, "fat binary at {image:p}: {} code object(s): {}", code_objects.len(),
            code_objects.iter().map(|c| c.target.as_str()).collect::<Vec<_>>().join(" "));
        let h = self.modules.insert(Arc::new(Module::new(code_objects)));
        fb.insert(image as usize, h);
        h
    }

    pub fn unregister_fat_binary(&self, handle: usize) {
        self.fatbins.lock().retain(|_, h| *h != handle);
        let _ = self.unload_module(handle);
    }

    /// `hipModuleUnload`: forgets the module and frees its loaded images.
    pub fn unload_module(&self, handle: usize) -> Result<()> {
        let m = self.modules.remove(handle)?;
        // Its functions' handles go with it (launches in flight hold their own reference).
        let mut handles = self.kernels.lock();
        for k in m.kernels.lock().values() {
            handles.remove(&(Arc::as_ptr(k) as usize));
        }
        drop(handles);
        for (_, base) in m.images.lock().drain() {
            let _ = self.free_device_memory(base);
        }
        Ok(())
    }

    /// Load address of `m`'s code object for `dev` in that device's memory: its segments
    /// at their virtual addresses, relocated, `__managed__` pointers filled in. Loaded once
    /// per device.
    pub fn module_image(&self, m: &Module, dev: &Device) -> Result<u64> {
        let co = m.code_object_for(&dev.props.gcn_arch_name).ok_or(HipError::NO_BINARY_FOR_GPU)?;
        let mut images = m.images.lock();
        if let Some(&base) = images.get(&dev.ordinal) {
            return Ok(base);
        }
        let elf = codeobj::elf::Elf::new(&co.image).ok_or(HipError::INVALID_IMAGE)?;
        let span = codeobj::image::span(&elf)?;
        let base = self.malloc_device(dev, span.max(1))?;
        let fill = || -> Result<()> {
            let mut bytes = codeobj::image::relocated(&elf, base)?;
            // The end of the __managed__ pointer fields written here (in .data or .bss).
            let mut written = 0;
            for (name, addr) in m.managed.lock().iter() {
                if let Some(sym) = co.symbol(name).filter(|s| s.size == 8) {
                    let at = usize::try_from(sym.value).map_err(|_| HipError::INVALID_IMAGE)?;
                    let end = at.checked_add(8).ok_or(HipError::INVALID_IMAGE)?;
                    bytes.get_mut(at..end).ok_or(HipError::INVALID_IMAGE)?.copy_from_slice(&addr.to_le_bytes());
                    written = written.max(end);
                }
            }
            // Where fresh device memory is zeros, the zeros after the initialised bytes stay
            // untouched.
            let len = if self.backend.fresh_device_memory_is_zero() { codeobj::image::initialised_len(&elf).max(written).min(bytes.len()) } else { bytes.len() };
            let op = Op::copy(crate::ops::Copy3D::linear(base, bytes.as_ptr() as u64, len));
            self.backend.execute(dev.backend_index, &op)
        };
        if let Err(e) = fill() {
            let _ = self.free_now(base);
            return Err(e);
        }
        log_at!(3, "code object {} loaded on device {} at {base:#x} ({span} bytes)", co.target, dev.ordinal);
        images.insert(dev.ordinal, base);
        Ok(base)
    }

    /// The decoded code of module `module`'s image on `dev` (loading and decoding it once).
    pub fn module_code(&self, module: usize, dev: &Device) -> Result<Arc<crate::gcn::LoadedCode>> {
        let m = self.modules.get(module)?;
        if let Some(c) = m.code.lock().get(&dev.ordinal) {
            return Ok(c.clone());
        }
        let base = self.module_image(&m, dev)?;
        let co = m.code_object_for(&dev.props.gcn_arch_name).ok_or(HipError::NO_BINARY_FOR_GPU)?;
        let code = Arc::new(crate::gcn::LoadedCode::decode(co, base)?);
        m.code.lock().insert(dev.ordinal, code.clone());
        Ok(code)
    }

    /// Address and size of `m`'s data symbol `name` in `dev`'s loaded image.
    fn image_symbol(&self, m: &Module, dev: &Device, name: &str) -> Result<(u64, usize)> {
        let co = m.code_object_for(&dev.props.gcn_arch_name).ok_or(HipError::NOT_FOUND)?;
        let sym = co.symbol(name).filter(|s| s.kind == 1).ok_or(HipError::NOT_FOUND)?;
        let (value, size) = (sym.value, sym.size as usize);
        let base = self.module_image(m, dev)?;
        Ok((base + value, size))
    }

    /// `__hipRegisterManagedVar`: the code object's pointer variable `name` is to hold
    /// `addr` (written now where the image is loaded, else when it loads).
    pub fn register_managed_pointer(&self, module: usize, name: &str, addr: u64) {
        let Ok(m) = self.modules.get(module) else { return };
        m.managed.lock().push((name.to_string(), addr));
        let loaded: Vec<(usize, u64)> = m.images.lock().iter().map(|(d, b)| (*d, *b)).collect();
        for (ordinal, base) in loaded {
            let dev = &self.devices[ordinal];
            let Some(co) = m.code_object_for(&dev.props.gcn_arch_name) else { continue };
            let Some(sym) = co.symbol(name).filter(|s| s.size == 8) else { continue };
            let bytes = addr.to_le_bytes();
            let op = Op::copy(crate::ops::Copy3D::linear(base + sym.value, bytes.as_ptr() as u64, 8));
            let _ = self.backend.execute(dev.backend_index, &op);
        }
    }

    pub fn load_module(&self, bytes: &[u8]) -> Result<usize> {
        let code_objects = codeobj::parse_image(bytes)?;
        let arch = &self.current()?.props.gcn_arch_name;
        let runnable = |c: &CodeObject| c.processor() == arch || crate::gcn::EXECUTABLE_TARGETS.contains(&c.processor());
        if !code_objects.iter().any(runnable) {
            log_at!(1, "hipModuleLoad: no code object for {arch} (have: {})",
                code_objects.iter().map(|c| c.target.as_str()).collect::<Vec<_>>().join(" "));
            return Err(HipError::NO_BINARY_FOR_GPU);
        }
        Ok(self.modules.insert(Arc::new(Module::new(code_objects))))
    }

    /// A kernel of `module` for the current device's target.
    pub fn module_function(&self, module: usize, name: &str) -> Result<Arc<Kernel>> {
        let m = self.modules.get(module)?;
        if let Some(k) = m.kernels.lock().get(name) {
            return Ok(k.clone());
        }
        let arch = self.current()?.props.gcn_arch_name.clone();
        let co = m.code_object_for(&arch).ok_or(HipError::NOT_FOUND)?;
        if !co.has_kernel(name) {
            return Err(HipError::NOT_FOUND);
        }
        let k = Arc::new(Kernel { name: name.to_string(), body: m.gcn_body(module, co, name) });
        m.kernels.lock().insert(name.to_string(), k.clone());
        self.kernels.lock().insert(Arc::as_ptr(&k) as usize, k.clone());
        Ok(k)
    }

    /// `hipModuleGetGlobal`: a module's global variable in device memory (made on first
    /// use from the code object's initial bytes).
    pub fn module_global(&self, module: usize, name: &str) -> Result<(u64, usize)> {
        let m = self.modules.get(module)?;
        if let Some(v) = m.vars.lock().get(name) {
            if let Some(a) = v.device_addr.get() {
                return Ok((*a, v.size));
            }
        }
        let dev = self.current()?;
        // In the loaded image, where the module's kernels reach it. An image the device
        // cannot hold is the answer: a copy of the variable elsewhere would not be the one
        // its kernels use.
        match self.image_symbol(&m, dev, name) {
            Ok(found) => return Ok(found),
            Err(HipError::OUT_OF_MEMORY) => return Err(HipError::OUT_OF_MEMORY),
            Err(_) => {}
        }
        let init = m.code_object_for(&dev.props.gcn_arch_name).and_then(|co| co.global(name)).ok_or(HipError::NOT_FOUND)?;
        let addr = self.malloc_device(dev, init.len().max(1))?;
        if !init.is_empty() {
            let op = Op::copy(crate::ops::Copy3D::linear(addr, init.as_ptr() as u64, init.len()));
            self.backend.execute(dev.backend_index, &op)?;
        }
        let v = Arc::new(DeviceVar { name: name.to_string(), size: init.len(), host: 0, module, device_addr: OnceLock::new() });
        let _ = v.device_addr.set(addr);
        m.vars.lock().insert(name.to_string(), v);
        Ok((addr, init.len()))
    }

    /// `__hipRegisterFunction`: binds a host stub address to a kernel of the fat binary.
    pub fn register_function(&self, module: usize, host_fn: usize, name: &str) {
        let body = match self.modules.get(module) {
            Ok(m) => {
                let arch = self.devices.first().map(|d| d.props.gcn_arch_name.clone()).unwrap_or_default();
                match m.code_object_for(&arch) {
                    Some(co) => m.gcn_body(module, co, name),
                    None => KernelBody::Missing,
                }
            }
            Err(_) => KernelBody::Missing,
        };
        let k = Arc::new(Kernel { name: name.to_string(), body });
        self.kernels.lock().insert(host_fn, k);
    }

    /// Private interface: a library registers a host implementation of a kernel.
    pub fn register_host_kernel(&self, host_fn: usize, name: &str, f: HostKernelFn, arg_sizes: Vec<usize>) {
        let k = Arc::new(Kernel { name: name.to_string(), body: KernelBody::Host { f, arg_sizes } });
        self.kernels.lock().insert(host_fn, k);
    }

    pub fn kernel(&self, handle: usize) -> Result<Arc<Kernel>> {
        self.kernels.lock().get(&handle).cloned().ok_or(HipError::INVALID_DEVICE_FUNCTION)
    }

    /// `__hipRegisterVar`: a device variable shadowed by host storage at `host`.
    pub fn register_var(&self, module: usize, host: usize, name: &str, size: usize) {
        let v = Arc::new(DeviceVar { name: name.to_string(), size, host, module, device_addr: OnceLock::new() });
        if let Ok(m) = self.modules.get(module) {
            m.vars.lock().insert(name.to_string(), v.clone());
        }
        self.vars.lock().insert(host, v);
    }

    /// Device address and size of a registered variable (made on first use from the
    /// host shadow's initial contents).
    pub fn symbol(&self, host: usize) -> Result<(u64, usize)> {
        let v = self.vars.lock().get(&host).cloned().ok_or(HipError::INVALID_SYMBOL)?;
        let dev = self.current()?;
        // A variable of a code object for this device lives in its loaded image.
        if let Ok(m) = self.modules.get(v.module)
            && let Ok((addr, _)) = self.image_symbol(&m, dev, &v.name)
        {
            return Ok((addr, v.size));
        }
        let mut err = None;
        let addr = *v.device_addr.get_or_init(|| match self.malloc_device(dev, v.size) {
            Ok(a) => {
                let init = Op::copy(crate::ops::Copy3D::linear(a, v.host as u64, v.size));
                if let Err(e) = self.backend.execute(dev.backend_index, &init) {
                    err = Some(e);
                }
                a
            }
            Err(e) => {
                err = Some(e);
                0
            }
        });
        match err {
            Some(e) => Err(e),
            None if addr == 0 => Err(HipError::OUT_OF_MEMORY),
            None => Ok((addr, v.size)),
        }
    }
}

/// At process exit: let queued work finish (bounded) and stop every stream worker before
/// libraries tear down (a worker still copying into a driver that is being destroyed
/// would crash a program that exits with work in flight). Registered once, when the runtime
/// starts: it runs after the exit handlers registered later, such as hipcc programs' module
/// destructors, which still synchronize streams (their locks are held from here on).
extern "C" fn quiesce_at_exit() {
    if let Some(rt) = RUNTIME.get() {
        if rt.backend_name() == "vulkan" && std::env::var("OXROCM_VULKAN_PROFILE").is_ok_and(|v| v == "1") {
            crate::profile::report();
        }
        for s in rt.all_streams() {
            // The guard is never released: the worker blocks at its next step until exit.
            std::mem::forget(s.hold_for_fork());
        }
    }
}

/// At process exit, earlier than `quiesce_at_exit`: waits (bounded) for the work queued so
/// far, holding no lock, so that later exit handlers still find working streams.
extern "C" fn drain_at_exit() {
    // Registered more than once (see `rearm_exit_drain`): the latest registration runs first
    // and does the work.
    if DRAINED.swap(true, Ordering::SeqCst) {
        return;
    }
    if let Some(rt) = RUNTIME.get() {
        for s in rt.all_streams() {
            s.drain_for(std::time::Duration::from_secs(2));
        }
    }
}

static DRAINED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static BATCHES_RUN: AtomicU64 = AtomicU64::new(0);

/// Called by stream workers after each batch. Exit handlers run newest first, and drivers
/// and layers register some of theirs lazily, on their first use of a path (C++
/// function-local statics: the Vulkan validation layer's first command recording does), so
/// `quiesce_at_exit`, registered when the runtime started, can run after a layer already
/// tore its state down while a worker still records into it (a segfault at exit). Registering
/// `drain_at_exit` after batches 1, 2, 4, 8, … keeps a wait for the queued work ahead of
/// those first-use registrations while adding at most 64 entries to the exit list in the
/// life of the process. (The quiesce itself cannot move there: a hipcc program's module
/// destructor, registered after the runtime started, synchronizes streams at exit, and
/// deadlocked on the locks it holds.)
pub(crate) fn rearm_exit_drain() {
    let n = BATCHES_RUN.fetch_add(1, Ordering::Relaxed) + 1;
    if n.is_power_of_two() && !DRAINED.load(Ordering::SeqCst) {
        // SAFETY: registers a plain extern "C" handler.
        unsafe { libc::atexit(drain_at_exit) };
    }
}

/// `fork` support: stream workers are threads, which a child does not inherit. Before the
/// fork, queued work drains and every stream's state lock is held, so the child never
/// inherits a lock owned by a vanished worker; the child then starts workers on demand.
mod fork {
    use super::*;

    /// The streams and their held state locks, from `prepare` to `parent`/`child`.
    struct Held {
        // Field order matters: the guards unlock before the streams they borrow can go.
        _guards: Vec<Box<dyn std::any::Any>>,
        _streams: Vec<Arc<Stream>>,
    }

    static HELD: std::sync::atomic::AtomicPtr<Held> = std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());

    pub extern "C" fn prepare() {
        let Some(rt) = RUNTIME.get() else { return };
        let streams = rt.all_streams();
        let mut guards: Vec<Box<dyn std::any::Any>> = Vec::new();
        for s in &streams {
            let g = s.hold_for_fork();
            // SAFETY: the Arc in `_streams` keeps the stream alive until the guard drops.
            let g: crate::stream::ForkGuard<'static> = unsafe { std::mem::transmute(g) };
            guards.push(Box::new(g));
        }
        let held = Box::new(Held { _guards: guards, _streams: streams });
        HELD.store(Box::into_raw(held), Ordering::SeqCst);
    }

    fn release() {
        let p = HELD.swap(std::ptr::null_mut(), Ordering::SeqCst);
        if !p.is_null() {
            drop(unsafe { Box::from_raw(p) });
        }
    }

    pub extern "C" fn parent() {
        release()
    }

    pub extern "C" fn child() {
        release();
        if let Some(rt) = RUNTIME.get() {
            rt.backend.forked_child();
        }
    }
}
