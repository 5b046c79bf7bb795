//! Devices: enumeration, selection, properties (both `hipDeviceProp_t` layouts),
//! attributes, limits, flags, synchronization, peer access, primary contexts.

use crate::api::{out, write_c_string};
use crate::types::*;
use oxrocm_runtime::device::DeviceProperties;
use oxrocm_runtime::runtime::Device;
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::c_char;

pub fn device(ordinal: i32) -> Result<&'static Device> {
    let rt = runtime();
    if rt.device_count() == 0 {
        return Err(HipError::NO_DEVICE);
    }
    rt.device(ordinal)
}

fn copy_name(dst: &mut [c_char], s: &str) {
    let room = dst.len() - 1;
    for (d, b) in dst.iter_mut().zip(s.bytes().take(room)) {
        *d = b as c_char;
    }
}

/// hipDeviceArch_t bits: every capability flag of a gfx10/gfx11 GPU (17 bits) except
/// dynamic parallelism (bit 16).
const ARCH_BITS: u32 = 0xFFFF;
const MAX_TEXTURE_1D: i32 = 16384;
const MAX_TEXTURE_2D: [i32; 2] = [16384, 16384];
const MAX_TEXTURE_3D: [i32; 3] = [16384, 16384, 8192];

/// `hipDeviceProp_t` as ROCm 5.x lays it out (`hipGetDeviceProperties`, `...R0000`).
pub fn props_r0000(p: &DeviceProperties) -> hipDeviceProp_tR0000 {
    let mut r = hipDeviceProp_tR0000::default();
    copy_name(&mut r.name, &p.name);
    copy_name(&mut r.gcnArchName, &p.gcn_arch_name);
    r.totalGlobalMem = p.total_global_mem;
    r.sharedMemPerBlock = p.shared_mem_per_block;
    r.regsPerBlock = p.regs_per_block;
    r.warpSize = p.warp_size;
    r.maxThreadsPerBlock = p.max_threads_per_block;
    r.maxThreadsDim = p.max_threads_dim;
    r.maxGridSize = p.max_grid_size;
    r.clockRate = p.clock_rate_khz;
    r.memoryClockRate = p.memory_clock_rate_khz;
    r.memoryBusWidth = p.memory_bus_width;
    r.totalConstMem = p.total_const_mem;
    r.major = p.major;
    r.minor = p.minor;
    r.multiProcessorCount = p.multi_processor_count;
    r.l2CacheSize = p.l2_cache_size;
    r.maxThreadsPerMultiProcessor = p.max_threads_per_multiprocessor;
    r.clockInstructionRate = p.clock_rate_khz;
    r.arch = hipDeviceArch_t { bits: ARCH_BITS };
    r.concurrentKernels = 1;
    r.pciDomainID = p.pci_domain_id;
    r.pciBusID = p.pci_bus_id;
    r.pciDeviceID = p.pci_device_id;
    r.maxSharedMemoryPerMultiProcessor = p.max_shared_mem_per_multiprocessor;
    r.canMapHostMemory = p.can_map_host_memory as i32;
    r.gcnArch = p.gcn_arch;
    r.integrated = p.integrated as i32;
    r.cooperativeLaunch = 1;
    r.cooperativeMultiDeviceLaunch = 1;
    r.maxTexture1DLinear = i32::MAX;
    r.maxTexture1D = MAX_TEXTURE_1D;
    r.maxTexture2D = MAX_TEXTURE_2D;
    r.maxTexture3D = MAX_TEXTURE_3D;
    r.memPitch = p.mem_pitch;
    r.textureAlignment = p.texture_alignment;
    r.texturePitchAlignment = p.texture_pitch_alignment;
    r.isLargeBar = 1;
    r.managedMemory = p.managed_memory as i32;
    r.directManagedMemAccessFromHost = 1;
    r.concurrentManagedAccess = p.concurrent_managed_access as i32;
    r.pageableMemoryAccess = p.pageable_memory_access as i32;
    r.pageableMemoryAccessUsesHostPageTables = p.pageable_memory_access as i32;
    r
}

/// `hipDeviceProp_tR0600` (ROCm 6.x/7.x `hipGetDevicePropertiesR0600`).
pub fn props_r0600(p: &DeviceProperties) -> hipDeviceProp_tR0600 {
    let mut r = hipDeviceProp_tR0600::default();
    copy_name(&mut r.name, &p.name);
    copy_name(&mut r.gcnArchName, &p.gcn_arch_name);
    r.uuid = hipUUID { bytes: p.uuid.map(|b| b as c_char) };
    r.totalGlobalMem = p.total_global_mem;
    r.sharedMemPerBlock = p.shared_mem_per_block;
    r.regsPerBlock = p.regs_per_block;
    r.warpSize = p.warp_size;
    r.memPitch = p.mem_pitch;
    r.maxThreadsPerBlock = p.max_threads_per_block;
    r.maxThreadsDim = p.max_threads_dim;
    r.maxGridSize = p.max_grid_size;
    r.clockRate = p.clock_rate_khz;
    r.totalConstMem = p.total_const_mem;
    r.major = p.major;
    r.minor = p.minor;
    r.textureAlignment = p.texture_alignment;
    r.texturePitchAlignment = p.texture_pitch_alignment;
    r.deviceOverlap = 1;
    r.multiProcessorCount = p.multi_processor_count;
    r.integrated = p.integrated as i32;
    r.canMapHostMemory = p.can_map_host_memory as i32;
    r.maxTexture1D = MAX_TEXTURE_1D;
    r.maxTexture1DLinear = i32::MAX;
    r.maxTexture2D = MAX_TEXTURE_2D;
    r.maxTexture3D = MAX_TEXTURE_3D;
    r.surfaceAlignment = p.texture_alignment;
    r.concurrentKernels = 1;
    r.pciBusID = p.pci_bus_id;
    r.pciDeviceID = p.pci_device_id;
    r.pciDomainID = p.pci_domain_id;
    r.asyncEngineCount = p.async_engine_count;
    r.unifiedAddressing = 1;
    r.memoryClockRate = p.memory_clock_rate_khz;
    r.memoryBusWidth = p.memory_bus_width;
    r.l2CacheSize = p.l2_cache_size;
    r.maxThreadsPerMultiProcessor = p.max_threads_per_multiprocessor;
    r.streamPrioritiesSupported = 1;
    r.sharedMemPerMultiprocessor = p.max_shared_mem_per_multiprocessor;
    r.regsPerMultiprocessor = p.regs_per_block;
    r.managedMemory = p.managed_memory as i32;
    r.hostNativeAtomicSupported = 1;
    r.pageableMemoryAccess = p.pageable_memory_access as i32;
    r.concurrentManagedAccess = p.concurrent_managed_access as i32;
    r.canUseHostPointerForRegisteredMem = 1;
    r.cooperativeLaunch = 1;
    r.cooperativeMultiDeviceLaunch = 1;
    r.sharedMemPerBlockOptin = p.shared_mem_per_block;
    r.pageableMemoryAccessUsesHostPageTables = p.pageable_memory_access as i32;
    r.directManagedMemAccessFromHost = 1;
    r.maxBlocksPerMultiProcessor = p.max_threads_per_multiprocessor / 32;
    r.hostRegisterSupported = 1;
    r.memoryPoolsSupported = 1;
    r.maxSharedMemoryPerMultiProcessor = p.max_shared_mem_per_multiprocessor;
    r.clockInstructionRate = p.clock_rate_khz;
    r.arch = hipDeviceArch_t { bits: ARCH_BITS };
    r.isLargeBar = 1;
    r
}

/// `hipDeviceGetAttribute` answers, from the same properties.
fn attribute(attr: hipDeviceAttribute_t, p: &DeviceProperties) -> Result<i32> {
    let clamp = |v: usize| v.min(i32::MAX as usize) as i32;
    Ok(match attr {
        hipDeviceAttributeEccEnabled => 0,
        hipDeviceAttributeAccessPolicyMaxWindowSize => 0,
        hipDeviceAttributeAsyncEngineCount => p.async_engine_count,
        hipDeviceAttributeCanMapHostMemory => p.can_map_host_memory as i32,
        hipDeviceAttributeCanUseHostPointerForRegisteredMem => 1,
        hipDeviceAttributeClockRate => p.clock_rate_khz,
        hipDeviceAttributeComputeMode => 0,
        hipDeviceAttributeComputePreemptionSupported => 0,
        hipDeviceAttributeConcurrentKernels => 1,
        hipDeviceAttributeConcurrentManagedAccess => p.concurrent_managed_access as i32,
        hipDeviceAttributeCooperativeLaunch | hipDeviceAttributeCooperativeMultiDeviceLaunch => 1,
        hipDeviceAttributeDeviceOverlap => 1,
        hipDeviceAttributeDirectManagedMemAccessFromHost => 1,
        hipDeviceAttributeGlobalL1CacheSupported | hipDeviceAttributeLocalL1CacheSupported => 1,
        hipDeviceAttributeHostNativeAtomicSupported => 1,
        hipDeviceAttributeIntegrated => p.integrated as i32,
        hipDeviceAttributeIsMultiGpuBoard => 0,
        hipDeviceAttributeKernelExecTimeout => 0,
        hipDeviceAttributeL2CacheSize => p.l2_cache_size,
        hipDeviceAttributeComputeCapabilityMajor => p.major,
        hipDeviceAttributeComputeCapabilityMinor => p.minor,
        hipDeviceAttributeManagedMemory => p.managed_memory as i32,
        hipDeviceAttributeMaxBlocksPerMultiProcessor => p.max_threads_per_multiprocessor / 32,
        hipDeviceAttributeMaxBlockDimX => p.max_threads_dim[0],
        hipDeviceAttributeMaxBlockDimY => p.max_threads_dim[1],
        hipDeviceAttributeMaxBlockDimZ => p.max_threads_dim[2],
        hipDeviceAttributeMaxGridDimX => p.max_grid_size[0],
        hipDeviceAttributeMaxGridDimY => p.max_grid_size[1],
        hipDeviceAttributeMaxGridDimZ => p.max_grid_size[2],
        hipDeviceAttributeMaxTexture1DWidth => MAX_TEXTURE_1D,
        hipDeviceAttributeMaxTexture1DLinear => i32::MAX,
        hipDeviceAttributeMaxTexture2DWidth => MAX_TEXTURE_2D[0],
        hipDeviceAttributeMaxTexture2DHeight => MAX_TEXTURE_2D[1],
        hipDeviceAttributeMaxTexture3DWidth => MAX_TEXTURE_3D[0],
        hipDeviceAttributeMaxTexture3DHeight => MAX_TEXTURE_3D[1],
        hipDeviceAttributeMaxTexture3DDepth => MAX_TEXTURE_3D[2],
        hipDeviceAttributeMaxThreadsPerBlock => p.max_threads_per_block,
        hipDeviceAttributeMaxThreadsPerMultiProcessor => p.max_threads_per_multiprocessor,
        hipDeviceAttributeMaxPitch => clamp(p.mem_pitch),
        hipDeviceAttributeMemoryBusWidth => p.memory_bus_width,
        hipDeviceAttributeMemoryClockRate => p.memory_clock_rate_khz,
        hipDeviceAttributeMultiGpuBoardGroupID => 0,
        hipDeviceAttributeMultiprocessorCount | hipDeviceAttributePhysicalMultiProcessorCount => p.multi_processor_count,
        hipDeviceAttributePageableMemoryAccess | hipDeviceAttributePageableMemoryAccessUsesHostPageTables => p.pageable_memory_access as i32,
        hipDeviceAttributePciBusId => p.pci_bus_id,
        hipDeviceAttributePciDeviceId => p.pci_device_id,
        hipDeviceAttributePciDomainID => p.pci_domain_id,
        hipDeviceAttributePersistingL2CacheMaxSize => 0,
        hipDeviceAttributeMaxRegistersPerBlock | hipDeviceAttributeMaxRegistersPerMultiprocessor => p.regs_per_block,
        hipDeviceAttributeReservedSharedMemPerBlock => 0,
        hipDeviceAttributeMaxSharedMemoryPerBlock | hipDeviceAttributeSharedMemPerBlockOptin => clamp(p.shared_mem_per_block),
        hipDeviceAttributeSharedMemPerMultiprocessor | hipDeviceAttributeMaxSharedMemoryPerMultiprocessor => clamp(p.max_shared_mem_per_multiprocessor),
        hipDeviceAttributeSingleToDoublePrecisionPerfRatio => 2,
        hipDeviceAttributeStreamPrioritiesSupported => 1,
        hipDeviceAttributeSurfaceAlignment | hipDeviceAttributeTextureAlignment => clamp(p.texture_alignment),
        hipDeviceAttributeTexturePitchAlignment => clamp(p.texture_pitch_alignment),
        hipDeviceAttributeTccDriver => 0,
        hipDeviceAttributeTotalConstantMemory => clamp(p.total_const_mem),
        hipDeviceAttributeTotalGlobalMem => clamp(p.total_global_mem),
        hipDeviceAttributeUnifiedAddressing => 1,
        hipDeviceAttributeWarpSize => p.warp_size,
        hipDeviceAttributeMemoryPoolsSupported => 1,
        hipDeviceAttributeVirtualMemoryManagementSupported => 0,
        hipDeviceAttributeClockInstructionRate | hipDeviceAttributeWallClockRate => p.clock_rate_khz,
        hipDeviceAttributeGcnArch => p.gcn_arch,
        hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc
        | hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim
        | hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim
        | hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem => 1,
        hipDeviceAttributeIsLargeBar => 1,
        hipDeviceAttributeAsicRevision => 0,
        hipDeviceAttributeCanUseStreamWaitValue => 0,
        hipDeviceAttributeImageSupport => 0,
        hipDeviceAttributeFineGrainSupport => 1,
        _ => return Err(HipError::INVALID_VALUE),
    })
}

fn pci_bus_id(p: &DeviceProperties) -> String {
    format!("{:04x}:{:02x}:{:02x}.0", p.pci_domain_id, p.pci_bus_id, p.pci_device_id)
}

/// `hipChooseDevice`: every device offers the same properties, so the first one matches best.
fn choose(d: *mut i32, no_props: bool) -> Result<()> {
    if no_props {
        return Err(HipError::INVALID_VALUE);
    }
    device(0)?;
    unsafe { out(d, 0) }
}

/// hipLimit_t values we keep: stack size, printf FIFO size, malloc heap size.
const LIMITS: [(i32, usize); 3] = [(0, 1024), (1, 4 << 20), (2, 8 << 20)];

hip_api! {
    fn hipGetDeviceCount(count: *mut i32) {
        if count.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let n = runtime().device_count() as i32;
        *count = n;
        if n == 0 { Err(HipError::NO_DEVICE) } else { Ok(()) }
    }

    fn hipGetDevice(d: *mut i32) {
        if d.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *d = runtime().current()?.ordinal as i32;
        Ok(())
    }

    fn hipSetDevice(d: i32) {
        device(d)?;
        runtime().set_current(d)
    }

    fn hipDeviceGet(out_dev: *mut hipDevice_t, ordinal: i32) {
        if out_dev.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        device(ordinal)?;
        *out_dev = ordinal;
        Ok(())
    }

    fn hipGetDeviceProperties(p: *mut hipDeviceProp_tR0000, d: i32) {
        out(p, props_r0000(&device(d)?.props))
    }

    fn hipGetDevicePropertiesR0000(p: *mut hipDeviceProp_tR0000, d: i32) {
        out(p, props_r0000(&device(d)?.props))
    }

    fn hipGetDevicePropertiesR0600(p: *mut hipDeviceProp_tR0600, d: i32) {
        out(p, props_r0600(&device(d)?.props))
    }

    fn hipChooseDevice(d: *mut i32, p: *const hipDeviceProp_tR0000) {
        choose(d, p.is_null())
    }

    fn hipChooseDeviceR0000(d: *mut i32, p: *const hipDeviceProp_tR0000) {
        choose(d, p.is_null())
    }

    fn hipChooseDeviceR0600(d: *mut i32, p: *const hipDeviceProp_tR0600) {
        choose(d, p.is_null())
    }

    fn hipDeviceGetAttribute(v: *mut i32, attr: hipDeviceAttribute_t, d: i32) {
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *v = attribute(attr, &device(d)?.props)?;
        Ok(())
    }

    fn hipDeviceGetName(name: *mut c_char, len: i32, d: i32) {
        if name.is_null() || len <= 0 {
            return Err(HipError::INVALID_VALUE);
        }
        write_c_string(name, len as usize, &device(d)?.props.name)
    }

    fn hipDeviceGetUuid(uuid: *mut hipUUID, d: i32) {
        out(uuid, hipUUID { bytes: device(d)?.props.uuid.map(|b| b as c_char) })
    }

    fn hipDeviceTotalMem(bytes: *mut usize, d: i32) {
        out(bytes, device(d)?.props.total_global_mem)
    }

    fn hipDeviceComputeCapability(major: *mut i32, minor: *mut i32, d: i32) {
        if major.is_null() || minor.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let p = &device(d)?.props;
        *major = p.major;
        *minor = p.minor;
        Ok(())
    }

    fn hipDeviceGetPCIBusId(bus: *mut c_char, len: i32, d: i32) {
        if bus.is_null() || len <= 0 {
            return Err(HipError::INVALID_VALUE);
        }
        write_c_string(bus, len as usize, &pci_bus_id(&device(d)?.props))
    }

    fn hipDeviceGetByPCIBusId(d: *mut i32, bus: *const c_char) {
        if d.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let want = crate::api::c_str(bus)?.to_ascii_lowercase();
        let found = runtime().devices.iter().find(|dev| {
            let id = pci_bus_id(&dev.props);
            want == id || id.ends_with(&want)
        });
        *d = found.ok_or(HipError::INVALID_DEVICE)?.ordinal as i32;
        Ok(())
    }

    fn hipDeviceSynchronize() {
        let rt = runtime();
        rt.synchronize_device(rt.current()?)
    }

    fn hipDeviceReset() {
        let rt = runtime();
        rt.reset_device(rt.current()?)
    }

    fn hipSetDeviceFlags(flags: u32) {
        // hipDeviceScheduleMask (0x7) | MapHost (0x8) | LmemResizeToMax (0x10)
        if flags & !0x1F != 0 || flags & 0x7 > 4 || flags & 0x7 == 3 {
            return Err(HipError::INVALID_VALUE);
        }
        *runtime().current()?.flags.lock() = flags;
        Ok(())
    }

    fn hipGetDeviceFlags(flags: *mut u32) {
        out(flags, *runtime().current()?.flags.lock())
    }

    fn hipDeviceGetLimit(v: *mut usize, limit: hipLimit_t) {
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let d = runtime().current()?;
        let default = LIMITS.iter().find(|(l, _)| *l == limit).ok_or(HipError::UNSUPPORTED_LIMIT)?.1;
        *v = *d.limits.lock().get(&(limit as u32)).unwrap_or(&default);
        Ok(())
    }

    fn hipDeviceSetLimit(limit: hipLimit_t, v: usize) {
        let d = runtime().current()?;
        LIMITS.iter().find(|(l, _)| *l == limit).ok_or(HipError::UNSUPPORTED_LIMIT)?;
        d.limits.lock().insert(limit as u32, v);
        Ok(())
    }

    fn hipDeviceGetCacheConfig(c: *mut hipFuncCache_t) {
        out(c, *runtime().current()?.cache_config.lock() as i32)
    }

    fn hipDeviceSetCacheConfig(c: hipFuncCache_t) {
        if !(0..=3).contains(&c) {
            return Err(HipError::INVALID_VALUE);
        }
        *runtime().current()?.cache_config.lock() = c as u32;
        Ok(())
    }

    fn hipDeviceGetSharedMemConfig(c: *mut hipSharedMemConfig) {
        out(c, *runtime().current()?.shared_mem_config.lock() as i32)
    }

    fn hipDeviceSetSharedMemConfig(c: hipSharedMemConfig) {
        if !(0..=2).contains(&c) {
            return Err(HipError::INVALID_VALUE);
        }
        *runtime().current()?.shared_mem_config.lock() = c as u32;
        Ok(())
    }

    fn hipDeviceCanAccessPeer(can: *mut i32, d: i32, peer: i32) {
        if can.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        device(d)?;
        device(peer)?;
        *can = (d != peer) as i32;
        Ok(())
    }

    fn hipDeviceEnablePeerAccess(peer: i32, flags: u32) {
        if flags != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let cur = runtime().current()?;
        device(peer)?;
        if peer as usize == cur.ordinal {
            return Err(HipError::INVALID_DEVICE);
        }
        if !cur.peers.lock().insert(peer as usize) {
            return Err(HipError::PEER_ACCESS_ALREADY_ENABLED);
        }
        Ok(())
    }

    fn hipDeviceDisablePeerAccess(peer: i32) {
        let cur = runtime().current()?;
        device(peer)?;
        if !cur.peers.lock().remove(&(peer as usize)) {
            return Err(HipError::PEER_ACCESS_NOT_ENABLED);
        }
        Ok(())
    }

    fn hipDeviceGetP2PAttribute(v: *mut i32, attr: i32, src: i32, dst: i32) {
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        device(src)?;
        device(dst)?;
        if src == dst {
            return Err(HipError::INVALID_DEVICE);
        }
        // PerformanceRank (0), AccessSupported (1), NativeAtomicSupported (2),
        // HipArrayAccessSupported (3)
        *v = match attr {
            0 => 0,
            1..=3 => 1,
            _ => return Err(HipError::INVALID_VALUE),
        };
        Ok(())
    }

    fn hipDevicePrimaryCtxRetain(ctx: *mut hipCtx_t, d: hipDevice_t) {
        device(d)?;
        out(ctx, (d as usize + 1) as hipCtx_t)
    }

    fn hipDevicePrimaryCtxRelease(d: hipDevice_t) {
        device(d).map(drop)
    }

    fn hipDevicePrimaryCtxReset(d: hipDevice_t) {
        runtime().synchronize_device(device(d)?)
    }

    fn hipDevicePrimaryCtxGetState(d: hipDevice_t, flags: *mut u32, active: *mut i32) {
        if flags.is_null() || active.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let dev = device(d)?;
        *flags = *dev.flags.lock();
        *active = 1;
        Ok(())
    }

    fn hipDevicePrimaryCtxSetFlags(d: hipDevice_t, flags: u32) {
        device(d)?;
        // The primary context is always active: ROCm reports this as already set.
        let _ = flags;
        Err(HipError::CONTEXT_ALREADY_IN_USE)
    }

    fn hipDeviceGetDefaultMemPool(pool: *mut hipMemPool_t, d: i32) {
        let dev = device(d)?;
        out(pool, oxrocm_runtime::registry::handle_of(&dev.default_pool) as hipMemPool_t)
    }

    fn hipDeviceGetMemPool(pool: *mut hipMemPool_t, d: i32) {
        let dev = device(d)?;
        out(pool, oxrocm_runtime::registry::handle_of(&dev.current_pool.lock()) as hipMemPool_t)
    }

    fn hipDeviceSetMemPool(d: i32, pool: hipMemPool_t) {
        let dev = device(d)?;
        let p = runtime().pools.get(pool as usize)?;
        if p.device != dev.ordinal {
            return Err(HipError::INVALID_DEVICE);
        }
        *dev.current_pool.lock() = p;
        Ok(())
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn hipGetStreamDeviceId(s: hipStream_t) -> i32 {
    oxrocm_ffi::boundary::guard("hipGetStreamDeviceId", -1, || crate::stream::stream(s).map(|s| s.device as i32).unwrap_or(-1))
}

