//! Code objects and kernels: fat-binary registration from static constructors, the
//! `<<<>>>` call configuration, module loading, kernel launches, function queries.

use crate::api::{c_str, out};
use crate::stream::stream;
use crate::types::*;
use oxrocm_ffi::boundary::guard;
use oxrocm_runtime::device::DeviceProperties;
use oxrocm_runtime::kernel::{GcnKernel, Kernel, KernelBody, KernelLaunch, LaunchInfo};
use oxrocm_runtime::ops::{Op, OpKind};
use oxrocm_runtime::{HipError, Result, log_at, runtime};
use std::cell::RefCell;
use std::ffi::{c_char, c_void};

/// `__hip_fatbin_wrapper` as clang emits it: magic "HIPF", version, image pointer.
#[repr(C)]
struct FatbinWrapper {
    magic: u32,
    version: u32,
    binary: *const u8,
    unused: *const c_void,
}
const HIPF_MAGIC: u32 = 0x4849_5046;

const MAX_BLOCK_THREADS: u64 = 1024;

/// Validates a launch and builds its op: a host implementation, or AMDGCN code run by the
/// interpreter (decoded on the kernel's first launch on a device). `packed`: the
/// explicit arguments at their kernarg offsets (`hipModuleLaunchKernel`'s `extra`)
/// instead of `args`.
pub fn launch_op(func: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shared: usize) -> Result<Op> {
    launch_op_with(func, grid, block, args, None, shared, false)
}

/// `cooperative`: every workgroup resident at once (`hipLaunchCooperativeKernel`), so the
/// kernel may synchronise its whole grid.
fn launch_op_with(func: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, packed: Option<&[u8]>, shared: usize, cooperative: bool) -> Result<Op> {
    if func.is_null() {
        return Err(HipError::INVALID_DEVICE_FUNCTION);
    }
    let threads = block.x as u64 * block.y as u64 * block.z as u64;
    if grid.x == 0 || grid.y == 0 || grid.z == 0 || threads == 0 || threads > MAX_BLOCK_THREADS {
        return Err(HipError::INVALID_CONFIGURATION);
    }
    let rt = runtime();
    let dev = rt.current()?;
    let (gy, gz) = (dev.props.max_grid_size[1] as u32, dev.props.max_grid_size[2] as u32);
    if grid.y > gy || grid.z > gz || shared > dev.props.shared_mem_per_block {
        return Err(HipError::INVALID_CONFIGURATION);
    }
    let kernel = rt.kernel(func as usize)?;
    let mut code = None;
    match &kernel.body {
        KernelBody::Host { .. } => {}
        KernelBody::Gcn(g) => {
            if threads > g.meta.max_flat_workgroup_size.max(1) as u64 {
                log_at!(1, "kernel '{}': block of {threads} threads exceeds its maximum of {}", kernel.name, g.meta.max_flat_workgroup_size);
                return Err(HipError::INVALID_CONFIGURATION);
            }
            let lds = g.meta.group_segment_fixed_size as usize + shared;
            if lds > dev.props.shared_mem_per_block {
                log_at!(1, "kernel '{}': {lds} bytes of LDS (static and dynamic) exceed the {} a workgroup has", kernel.name, dev.props.shared_mem_per_block);
                return Err(HipError::INVALID_CONFIGURATION);
            }
            code = Some(rt.module_code(g.module, dev)?);
        }
        KernelBody::Unusable => {
            log_at!(1, "kernel '{}': its code object for {} has no usable descriptor or metadata for it", kernel.name, dev.props.gcn_arch_name);
            return Err(HipError::INVALID_DEVICE_FUNCTION);
        }
        KernelBody::Missing => {
            log_at!(1, "kernel '{}': no code object for {}", kernel.name, dev.props.gcn_arch_name);
            return Err(HipError::NO_BINARY_FOR_GPU);
        }
    }
    if cooperative {
        // Every workgroup must fit on the device at once, as ROCm checks.
        let per_cu = max_blocks_per_cu(&kernel, &dev.props, threads as i32, shared)?;
        let blocks = grid.x as u64 * grid.y as u64 * grid.z as u64;
        if blocks > per_cu.max(0) as u64 * dev.props.multi_processor_count.max(1) as u64 {
            log_at!(1, "kernel '{}': cooperative launch of {blocks} workgroups exceeds the {} that fit at once", kernel.name, per_cu as i64 * dev.props.multi_processor_count as i64);
            return Err(HipError::COOPERATIVE_LAUNCH_TOO_LARGE);
        }
    }
    let info = LaunchInfo { grid: [grid.x, grid.y, grid.z], block: [block.x, block.y, block.z], shared_mem_bytes: shared };
    let mut launch = match packed {
        Some(p) => KernelLaunch::from_packed(kernel, info, p)?,
        None => unsafe { KernelLaunch::capture(kernel, info, args as *const *mut c_void)? },
    };
    launch.code = code;
    launch.cooperative = cooperative;
    Ok(Op::simple(OpKind::Kernel(launch)))
}

pub fn launch(func: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shared: usize, s: hipStream_t) -> Result<()> {
    launch_with(func, grid, block, args, shared, s, false)
}

/// Queues a launch on `s`; `cooperative` as in `launch_op_with`.
fn launch_with(func: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shared: usize, s: hipStream_t, cooperative: bool) -> Result<()> {
    let st = stream(s)?;
    let op = launch_op_with(func, grid, block, args, None, shared, cooperative)?;
    runtime().enqueue(&st, op).map(drop)
}

thread_local! {
    /// `__hipPushCallConfiguration` stack (one entry per pending `<<<>>>`).
    static CALL_CONFIG: RefCell<Vec<(dim3, dim3, usize, hipStream_t)>> = const { RefCell::new(Vec::new()) };
}

// ------------------------------------------------ registration (never fails) --

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __hipRegisterFatBinary(data: *const c_void) -> *mut *mut c_void {
    guard("__hipRegisterFatBinary", std::ptr::null_mut(), || {
        let w = data as *const FatbinWrapper;
        if w.is_null() {
            return std::ptr::null_mut();
        }
        let w = unsafe { &*w };
        // The wrapper is optional in hipModule-style registrations: accept a bare image too.
        let image = if w.magic == HIPF_MAGIC { w.binary } else { data as *const u8 };
        if image.is_null() {
            return std::ptr::null_mut();
        }
        unsafe { runtime().register_fat_binary(image) as *mut *mut c_void }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __hipUnregisterFatBinary(modules: *mut *mut c_void) {
    guard("__hipUnregisterFatBinary", (), || runtime().unregister_fat_binary(modules as usize))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __hipRegisterFunction(
    modules: *mut *mut c_void,
    host_function: *const c_void,
    device_function: *mut c_char,
    device_name: *const c_char,
    _thread_limit: u32,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _block_dim: *mut dim3,
    _grid_dim: *mut dim3,
    _wsize: *mut i32,
) {
    guard("__hipRegisterFunction", (), || {
        let name = unsafe { c_str(device_name).or_else(|_| c_str(device_function)) }.unwrap_or("<unnamed>");
        runtime().register_function(modules as usize, host_function as usize, name);
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __hipRegisterVar(
    modules: *mut *mut c_void,
    var: *mut c_void,
    host_var: *mut c_char,
    device_var: *const c_char,
    _ext: i32,
    size: usize,
    _constant: i32,
    _global: i32,
) {
    guard("__hipRegisterVar", (), || {
        let name = unsafe { c_str(device_var).or_else(|_| c_str(host_var)) }.unwrap_or("<unnamed>");
        runtime().register_var(modules as usize, var as usize, name, size);
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __hipRegisterManagedVar(
    module: *mut c_void,
    pointer: *mut *mut c_void,
    init_value: *mut c_void,
    name: *const c_char,
    size: usize,
    _align: u32,
) {
    guard("__hipRegisterManagedVar", (), || {
        let rt = runtime();
        let name = unsafe { c_str(name) }.unwrap_or("<unnamed>");
        let Ok(dev) = rt.current() else {
            log_at!(1, "__managed__ variable '{name}': no device to place it on");
            return;
        };
        match rt.malloc_managed(dev, size.max(1), 1) {
            Ok(addr) => unsafe {
                if !init_value.is_null() {
                    std::ptr::copy_nonoverlapping(init_value as *const u8, addr as *mut u8, size);
                }
                if !pointer.is_null() {
                    *pointer = addr as *mut c_void;
                }
                // Device code reaches it through the code object's pointer variable.
                rt.register_managed_pointer(module as usize, name, addr);
            },
            Err(e) => log_at!(1, "__managed__ variable '{name}': {e}"),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __hipRegisterSurface(_m: *mut *mut c_void, _var: *mut c_void, _h: *const c_char, _d: *const c_char, _dim: i32, _ext: i32) {}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __hipRegisterTexture(_m: *mut *mut c_void, _var: *mut c_void, _h: *const c_char, _d: *const c_char, _dim: i32, _norm: i32, _ext: i32) {}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn hipKernelNameRef(f: hipFunction_t) -> *const c_char {
    kernel_name(f as usize)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn hipKernelNameRefByPtr(f: *const c_void, _s: hipStream_t) -> *const c_char {
    kernel_name(f as usize)
}

fn kernel_name(h: usize) -> *const c_char {
    guard("hipKernelNameRef", std::ptr::null(), || match runtime().kernel(h) {
        Ok(k) => {
            // Names live as long as the process (kernels are never unregistered by name).
            let c = std::ffi::CString::new(k.name.clone()).unwrap_or_default();
            Box::leak(c.into_boxed_c_str()).as_ptr()
        }
        Err(_) => std::ptr::null(),
    })
}

/// A module from an image named by pointer alone (`hipModuleLoadData`, `…DataEx`,
/// `…FatBinary`): its length from its headers, its bytes copied without trusting them.
unsafe fn load_from_pointer(image: *const c_void) -> Result<hipModule_t> {
    // SAFETY: non-null (the callers check); image_copy reads only what is readable.
    let bytes = unsafe { oxrocm_runtime::codeobj::image_copy(image as *const u8) }.ok_or(HipError::INVALID_IMAGE)?;
    Ok(runtime().load_module(&bytes)? as hipModule_t)
}

/// The `extra` launch buffer: HIP_LAUNCH_PARAM_BUFFER_POINTER, ptr, _SIZE, &size, _END.
fn extra_args(extra: *mut *mut c_void) -> Result<Option<(*const u8, usize)>> {
    if extra.is_null() {
        return Ok(None);
    }
    let (mut buf, mut size) = (std::ptr::null::<u8>(), 0usize);
    let mut i = 0;
    loop {
        let key = unsafe { *extra.add(i) };
        match key as usize {
            0 | 3 => break,
            1 => buf = unsafe { *extra.add(i + 1) } as *const u8,
            2 => size = unsafe { *(*extra.add(i + 1) as *const usize) },
            _ => return Err(HipError::INVALID_VALUE),
        }
        i += 2;
    }
    Ok(Some((buf, size)))
}

fn module_launch(f: hipFunction_t, grid: dim3, block: dim3, shared: usize, s: hipStream_t, params: *mut *mut c_void, extra: *mut *mut c_void) -> Result<()> {
    if !params.is_null() && !extra.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    if let Some((buf, size)) = extra_args(extra)? {
        // A packed argument buffer needs the kernel's argument layout (code object metadata).
        let k = runtime().kernel(f as usize)?;
        if let KernelBody::Host { .. } = k.body {
            return Err(HipError::NOT_SUPPORTED);
        }
        if buf.is_null() && size > 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let packed = if size == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(buf, size) } };
        let st = stream(s)?;
        let op = launch_op_with(f as *const c_void, grid, block, std::ptr::null_mut(), Some(packed), shared, false)?;
        return runtime().enqueue(&st, op).map(drop);
    }
    launch(f as *const c_void, grid, block, params, shared, s)
}

fn d3(x: u32, y: u32, z: u32) -> dim3 {
    dim3 { x, y, z }
}

hip_api! {
    fn __hipPushCallConfiguration(grid: dim3, block: dim3, shared: usize, s: hipStream_t) {
        CALL_CONFIG.with(|c| c.borrow_mut().push((grid, block, shared, s)));
        Ok(())
    }

    fn __hipPopCallConfiguration(grid: *mut dim3, block: *mut dim3, shared: *mut usize, s: *mut hipStream_t) {
        let (g, b, sh, st) = CALL_CONFIG.with(|c| c.borrow_mut().pop()).ok_or(HipError::MISSING_CONFIGURATION)?;
        if !grid.is_null() { *grid = g; }
        if !block.is_null() { *block = b; }
        if !shared.is_null() { *shared = sh; }
        if !s.is_null() { *s = st; }
        Ok(())
    }

    fn hipConfigureCall(grid: dim3, block: dim3, shared: usize, s: hipStream_t) {
        CALL_CONFIG.with(|c| c.borrow_mut().push((grid, block, shared, s)));
        Ok(())
    }

    fn hipLaunchKernel(f: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shared: usize, s: hipStream_t) {
        launch(f, grid, block, args, shared, s)
    }

    fn hipLaunchCooperativeKernel(f: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shared: u32, s: hipStream_t) {
        launch_with(f, grid, block, args, shared as usize, s, true)
    }

    fn hipModuleLaunchCooperativeKernel(f: hipFunction_t, gx: u32, gy: u32, gz: u32, bx: u32, by: u32, bz: u32, shared: u32, s: hipStream_t, params: *mut *mut c_void) {
        launch_with(f as *const c_void, d3(gx, gy, gz), d3(bx, by, bz), params, shared as usize, s, true)
    }

    fn hipExtLaunchKernel(f: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shared: usize, s: hipStream_t, start: hipEvent_t, stop: hipEvent_t, flags: i32) {
        let _ = flags;
        if !start.is_null() {
            runtime().record_event(&crate::event::event(start)?, &stream(s)?)?;
        }
        launch(f, grid, block, args, shared, s)?;
        if !stop.is_null() {
            runtime().record_event(&crate::event::event(stop)?, &stream(s)?)?;
        }
        Ok(())
    }

    fn hipModuleLoadData(m: *mut hipModule_t, image: *const c_void) {
        if m.is_null() || image.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *m = load_from_pointer(image)?;
        Ok(())
    }

    fn hipModuleLoadDataEx(m: *mut hipModule_t, image: *const c_void, n: u32, opts: *mut hipJitOption, vals: *mut *mut c_void) {
        let _ = (n, opts, vals);
        if m.is_null() || image.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *m = load_from_pointer(image)?;
        Ok(())
    }

    fn hipModuleLoad(m: *mut hipModule_t, path: *const c_char) {
        if m.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let path = c_str(path)?;
        let bytes = std::fs::read(path).map_err(|_| HipError::FILE_NOT_FOUND)?;
        *m = runtime().load_module(&bytes)? as hipModule_t;
        Ok(())
    }

    fn hipModuleLoadFatBinary(m: *mut hipModule_t, image: *const c_void) {
        if m.is_null() || image.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *m = load_from_pointer(image)?;
        Ok(())
    }

    fn hipModuleGetGlobal(dptr: *mut hipDeviceptr_t, bytes: *mut usize, m: hipModule_t, name: *const c_char) {
        if dptr.is_null() && bytes.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let (addr, size) = runtime().module_global(m as usize, c_str(name)?)?;
        if !dptr.is_null() { *dptr = addr as hipDeviceptr_t; }
        if !bytes.is_null() { *bytes = size; }
        Ok(())
    }

    fn hipModuleGetFunctionCount(count: *mut u32, m: hipModule_t) {
        if count.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let module = runtime().modules.get(m as usize)?;
        let arch = runtime().current()?.props.gcn_arch_name.clone();
        *count = module.code_object_for(&arch).map(|c| c.kernel_names().len()).unwrap_or(0) as u32;
        Ok(())
    }

    fn hipGetFuncBySymbol(f: *mut hipFunction_t, symbol: *const c_void) {
        if f.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        runtime().kernel(symbol as usize)?;
        *f = symbol as hipFunction_t;
        Ok(())
    }

    fn hipModuleUnload(m: hipModule_t) {
        runtime().unload_module(m as usize)
    }

    fn hipModuleGetFunction(f: *mut hipFunction_t, m: hipModule_t, name: *const c_char) {
        if f.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let k = runtime().module_function(m as usize, c_str(name)?)?;
        *f = std::sync::Arc::as_ptr(&k) as hipFunction_t;
        Ok(())
    }

    fn hipModuleLaunchKernel(f: hipFunction_t, gx: u32, gy: u32, gz: u32, bx: u32, by: u32, bz: u32, shared: u32, s: hipStream_t, params: *mut *mut c_void, extra: *mut *mut c_void) {
        module_launch(f, d3(gx, gy, gz), d3(bx, by, bz), shared as usize, s, params, extra)
    }

    fn hipExtModuleLaunchKernel(f: hipFunction_t, gwx: u32, gwy: u32, gwz: u32, lx: u32, ly: u32, lz: u32, shared: usize, s: hipStream_t, params: *mut *mut c_void, extra: *mut *mut c_void, start: hipEvent_t, stop: hipEvent_t, flags: u32) {
        let _ = flags;
        if lx == 0 || ly == 0 || lz == 0 {
            return Err(HipError::INVALID_CONFIGURATION);
        }
        // Global work sizes are in work-items.
        let grid = d3(gwx.div_ceil(lx), gwy.div_ceil(ly), gwz.div_ceil(lz));
        if !start.is_null() {
            runtime().record_event(&crate::event::event(start)?, &stream(s)?)?;
        }
        module_launch(f, grid, d3(lx, ly, lz), shared, s, params, extra)?;
        if !stop.is_null() {
            runtime().record_event(&crate::event::event(stop)?, &stream(s)?)?;
        }
        Ok(())
    }

    fn hipFuncGetAttributes(attr: *mut hipFuncAttributes, f: *const c_void) {
        if attr.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *attr = func_attributes(f)?;
        Ok(())
    }

    fn hipFuncGetAttribute(v: *mut i32, attr: hipFunction_attribute, f: hipFunction_t) {
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let a = func_attributes(f as *const c_void)?;
        // hipFunction_attribute: max threads, shared, const, local, regs, PTX version, binary
        // version, cache mode, max dynamic shared, carveout.
        *v = match attr {
            0 => a.maxThreadsPerBlock,
            1 => a.sharedSizeBytes as i32,
            2 => a.constSizeBytes as i32,
            3 => a.localSizeBytes as i32,
            4 => a.numRegs,
            5 => a.ptxVersion,
            6 | 7 | 9 => 0,
            8 => a.maxDynamicSharedSizeBytes,
            _ => return Err(HipError::INVALID_VALUE),
        };
        Ok(())
    }

    fn hipFuncSetAttribute(f: *const c_void, attr: hipFuncAttribute, v: i32) {
        runtime().kernel(f as usize)?;
        let _ = v;
        if !(0..=1).contains(&attr) { Err(HipError::INVALID_VALUE) } else { Ok(()) }
    }

    fn hipFuncSetCacheConfig(f: *const c_void, c: hipFuncCache_t) {
        runtime().kernel(f as usize)?;
        if !(0..=3).contains(&c) { Err(HipError::INVALID_VALUE) } else { Ok(()) }
    }

    fn hipFuncSetSharedMemConfig(f: *const c_void, c: hipSharedMemConfig) {
        runtime().kernel(f as usize)?;
        if !(0..=2).contains(&c) { Err(HipError::INVALID_VALUE) } else { Ok(()) }
    }

    fn hipOccupancyMaxActiveBlocksPerMultiprocessor(n: *mut i32, f: *const c_void, block: i32, shared: usize) {
        occupancy_blocks(n, f, block, shared)
    }

    fn hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n: *mut i32, f: *const c_void, block: i32, shared: usize, flags: u32) {
        let _ = flags;
        occupancy_blocks(n, f, block, shared)
    }

    fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(n: *mut i32, f: hipFunction_t, block: i32, shared: usize) {
        occupancy_blocks(n, f as *const c_void, block, shared)
    }

    fn hipOccupancyMaxPotentialBlockSize(grid: *mut i32, block: *mut i32, f: *const c_void, shared: usize, limit: i32) {
        potential_block(grid, block, f, shared, limit)
    }

    fn hipModuleOccupancyMaxPotentialBlockSize(grid: *mut i32, block: *mut i32, f: hipFunction_t, shared: usize, limit: i32) {
        potential_block(grid, block, f as *const c_void, shared, limit)
    }
}

/// `hipFuncGetAttributes`: device limits, and for an AMDGCN kernel what its code object
/// says (ROCm reports the same fields from the metadata).
fn func_attributes(f: *const c_void) -> Result<hipFuncAttributes> {
    let k = runtime().kernel(f as usize)?;
    let dev = runtime().current()?;
    let mut a = hipFuncAttributes::default();
    a.maxThreadsPerBlock = dev.props.max_threads_per_block;
    a.maxDynamicSharedSizeBytes = dev.props.shared_mem_per_block as i32;
    a.binaryVersion = dev.props.major * 10 + dev.props.minor;
    a.ptxVersion = a.binaryVersion;
    if let Some(g) = gcn(&k) {
        a.maxThreadsPerBlock = (g.meta.max_flat_workgroup_size as i32).clamp(1, dev.props.max_threads_per_block);
        a.sharedSizeBytes = g.meta.group_segment_fixed_size as usize;
        a.localSizeBytes = g.meta.private_segment_fixed_size as usize;
        a.numRegs = g.meta.vgpr_count as i32;
        a.maxDynamicSharedSizeBytes = (dev.props.shared_mem_per_block as i32 - a.sharedSizeBytes as i32).max(0);
    }
    Ok(a)
}

/// The AMDGCN description of a kernel, if it is one.
fn gcn(k: &Kernel) -> Option<&GcnKernel> {
    match &k.body {
        KernelBody::Gcn(g) => Some(g),
        _ => None,
    }
}

/// Occupancy from the device limits: threads per CU and LDS per CU bound the blocks; for
/// an AMDGCN kernel also its static LDS, its own workgroup-size limit and its VGPRs (an
/// RDNA compute unit: 2 SIMD32s, each with a file of 1024 VGPRs per lane (1536 on gfx11),
/// at most 16 waves each).
fn occupancy_blocks(n: *mut i32, f: *const c_void, block: i32, shared: usize) -> Result<()> {
    if n.is_null() || block <= 0 {
        return Err(HipError::INVALID_VALUE);
    }
    let k = runtime().kernel(f as usize)?;
    let blocks = max_blocks_per_cu(&k, &runtime().current()?.props, block, shared)?;
    unsafe { out(n, blocks) }
}

/// Workgroups of `block` threads of `k` that one compute unit holds at once: bounded by
/// threads, LDS and (AMDGCN kernels) vector registers.
fn max_blocks_per_cu(k: &Kernel, p: &DeviceProperties, block: i32, shared: usize) -> Result<i32> {
    let g = gcn(k);
    let max_block = g.map_or(p.max_threads_per_block, |g| (g.meta.max_flat_workgroup_size as i32).clamp(1, p.max_threads_per_block));
    if block > max_block {
        return Ok(0);
    }
    let lds = shared + g.map_or(0, |g| g.meta.group_segment_fixed_size as usize);
    let by_threads = p.max_threads_per_multiprocessor / block;
    let by_lds = if lds == 0 { i32::MAX } else { (p.max_shared_mem_per_multiprocessor / lds) as i32 };
    let by_regs = g.filter(|g| g.meta.vgpr_count > 0).map_or(i32::MAX, |g| {
        let file = if g.target.starts_with("gfx11") { 1536 } else { 1024 };
        let per_wave = g.meta.vgpr_count.next_multiple_of(8) as i32;
        let waves_per_simd = (file / per_wave).min(16);
        let waves_per_block = (block + 31) / 32;
        2 * waves_per_simd / waves_per_block
    });
    Ok(by_threads.min(by_lds).min(by_regs))
}

fn potential_block(grid: *mut i32, block: *mut i32, f: *const c_void, shared: usize, limit: i32) -> Result<()> {
    if grid.is_null() || block.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    runtime().kernel(f as usize)?;
    let p = &runtime().current()?.props;
    let b = if limit > 0 { limit.min(p.max_threads_per_block) } else { p.max_threads_per_block };
    let mut per_cu = 0;
    occupancy_blocks(&mut per_cu, f, b, shared)?;
    unsafe {
        *block = b;
        *grid = per_cu.max(1) * p.multi_processor_count;
    }
    Ok(())
}
