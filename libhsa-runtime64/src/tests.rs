//! What `rocminfo` asks, checked against HIP's own answers for the same devices.

use crate::agents::*;
use crate::hip;
use crate::isa::*;
use crate::memory::*;
use crate::types::*;
use amdhip64::types::{hipDeviceProp_tR0000, hipUUID};
use std::ffi::{CStr, c_char, c_void};
use std::sync::Mutex;

/// The HSA reference count is process-wide: tests that init and shut down take turns.
pub static HSA_LOCK: Mutex<()> = Mutex::new(());

pub fn lock() -> std::sync::MutexGuard<'static, ()> {
    HSA_LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

unsafe extern "C" fn collect(h: Handle, data: *mut c_void) -> hsa_status_t {
    unsafe { (*data.cast::<Vec<Handle>>()).push(h) };
    HSA_STATUS_SUCCESS
}

unsafe extern "C" fn collect_agent(a: hsa_agent_t, data: *mut c_void) -> hsa_status_t {
    unsafe { (*data.cast::<Vec<hsa_agent_t>>()).push(a) };
    HSA_STATUS_SUCCESS
}

fn as_data<T>(v: &mut Vec<T>) -> *mut c_void {
    (v as *mut Vec<T>).cast()
}

fn info<T: Copy>(a: hsa_agent_t, attribute: u32) -> T {
    let mut v = std::mem::MaybeUninit::<T>::zeroed();
    assert_eq!(unsafe { hsa_agent_get_info(a, attribute, v.as_mut_ptr().cast()) }, HSA_STATUS_SUCCESS, "attribute {attribute:#x}");
    unsafe { v.assume_init() }
}

fn pool_info<T: Copy>(p: Handle, attribute: u32) -> T {
    let mut v = std::mem::MaybeUninit::<T>::zeroed();
    assert_eq!(unsafe { hsa_amd_memory_pool_get_info(p, attribute, v.as_mut_ptr().cast()) }, HSA_STATUS_SUCCESS, "pool attribute {attribute}");
    unsafe { v.assume_init() }
}

fn isa_info<T: Copy>(i: Handle, attribute: u32) -> T {
    let mut v = std::mem::MaybeUninit::<T>::zeroed();
    assert_eq!(unsafe { hsa_isa_get_info_alt(i, attribute, v.as_mut_ptr().cast()) }, HSA_STATUS_SUCCESS, "isa attribute {attribute}");
    unsafe { v.assume_init() }
}

fn c_string(b: &[c_char]) -> String {
    unsafe { CStr::from_ptr(b.as_ptr()) }.to_string_lossy().into_owned()
}

fn props(d: i32) -> hipDeviceProp_tR0000 {
    let mut p = hipDeviceProp_tR0000::default();
    assert_eq!(unsafe { hip::hipGetDeviceProperties((&mut p as *mut hipDeviceProp_tR0000).cast(), d) }, 0);
    p
}

/// MemTotal as the kernel's sysinfo(2) gives it.
fn host_ram() -> u64 {
    let mut si: libc::sysinfo = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::sysinfo(&mut si) }, 0);
    si.totalram as u64 * si.mem_unit as u64
}

#[test]
fn property_offsets_match_hip() {
    use hip::prop::*;
    use std::mem::offset_of;
    type P = hipDeviceProp_tR0000;
    assert_eq!(std::mem::size_of::<P>(), hip::DEVICE_PROP_R0000_SIZE);
    for (ours, theirs) in [
        (NAME, offset_of!(P, name)),
        (TOTAL_GLOBAL_MEM, offset_of!(P, totalGlobalMem)),
        (SHARED_MEM_PER_BLOCK, offset_of!(P, sharedMemPerBlock)),
        (WARP_SIZE, offset_of!(P, warpSize)),
        (MAX_THREADS_PER_BLOCK, offset_of!(P, maxThreadsPerBlock)),
        (MAX_THREADS_DIM, offset_of!(P, maxThreadsDim)),
        (CLOCK_RATE, offset_of!(P, clockRate)),
        (MEMORY_CLOCK_RATE, offset_of!(P, memoryClockRate)),
        (MEMORY_BUS_WIDTH, offset_of!(P, memoryBusWidth)),
        (MULTIPROCESSOR_COUNT, offset_of!(P, multiProcessorCount)),
        (L2_CACHE_SIZE, offset_of!(P, l2CacheSize)),
        (MAX_THREADS_PER_MULTIPROCESSOR, offset_of!(P, maxThreadsPerMultiProcessor)),
        (PCI_DOMAIN_ID, offset_of!(P, pciDomainID)),
        (PCI_BUS_ID, offset_of!(P, pciBusID)),
        (PCI_DEVICE_ID, offset_of!(P, pciDeviceID)),
        (GCN_ARCH_NAME, offset_of!(P, gcnArchName)),
        (INTEGRATED, offset_of!(P, integrated)),
        (ASIC_REVISION, offset_of!(P, asicRevision)),
    ] {
        assert_eq!(ours, theirs);
    }
    assert_eq!(std::mem::size_of::<hipUUID>(), std::mem::size_of::<hip::HipUuid>());
}

/// Agents, ISAs, caches and pools: rocminfo's walk, each answer checked against HIP.
#[test]
fn rocminfo_queries_follow_hip_properties() {
    let _g = lock();
    unsafe {
        assert_eq!(hsa_init(), HSA_STATUS_SUCCESS);
        let mut agents: Vec<hsa_agent_t> = Vec::new();
        assert_eq!(hsa_iterate_agents(Some(collect_agent), as_data(&mut agents)), HSA_STATUS_SUCCESS);
        let mut n = 0;
        assert_eq!(hip::hipGetDeviceCount(&mut n), 0);
        assert_eq!(agents.len(), n as usize + 1);
        let cpu = agents[0];

        // the host agent: no ISA, host memory in three pools every agent may use, one of them for kernel arguments
        assert_eq!(info::<u32>(cpu, HSA_AGENT_INFO_DEVICE), HSA_DEVICE_TYPE_CPU);
        assert_eq!(info::<u32>(cpu, HSA_AGENT_INFO_NODE), 0);
        let mut isas: Vec<Handle> = Vec::new();
        assert_eq!(hsa_agent_iterate_isas(cpu, Some(collect), as_data(&mut isas)), HSA_STATUS_SUCCESS);
        assert!(isas.is_empty());
        let mut cpu_pools: Vec<Handle> = Vec::new();
        assert_eq!(hsa_amd_agent_iterate_memory_pools(cpu, Some(collect), as_data(&mut cpu_pools)), HSA_STATUS_SUCCESS);
        assert!(!cpu_pools.is_empty());
        for p in &cpu_pools {
            assert_eq!(pool_info::<u32>(*p, HSA_AMD_MEMORY_POOL_INFO_SEGMENT), HSA_AMD_SEGMENT_GLOBAL);
            assert_eq!(pool_info::<usize>(*p, HSA_AMD_MEMORY_POOL_INFO_SIZE) as u64, host_ram());
            assert!(pool_info::<bool>(*p, HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL));
            assert!(pool_info::<bool>(*p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED));
        }
        let kernarg = cpu_pools.iter().filter(|p| pool_info::<u32>(**p, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS) & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT != 0).count();
        assert_eq!(kernarg, 1);

        for (d, a) in agents[1..].iter().enumerate() {
            let p = props(d as i32);
            let arch = c_string(&p.gcnArchName);
            assert_eq!(info::<u32>(*a, HSA_AGENT_INFO_DEVICE), HSA_DEVICE_TYPE_GPU);
            assert_eq!(info::<u32>(*a, HSA_AGENT_INFO_NODE), d as u32 + 1);
            let name: [c_char; 64] = info(*a, HSA_AGENT_INFO_NAME);
            assert_eq!(c_string(&name), arch.split(':').next().unwrap());
            let product: [c_char; 64] = info(*a, HSA_AMD_AGENT_INFO_PRODUCT_NAME);
            assert_eq!(c_string(&product), c_string(&p.name)[..c_string(&product).len()]);
            assert_eq!(info::<u32>(*a, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT), p.multiProcessorCount as u32);
            assert_eq!(info::<u32>(*a, HSA_AGENT_INFO_WAVEFRONT_SIZE), p.warpSize as u32);
            assert_eq!(info::<u32>(*a, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE), p.maxThreadsPerBlock as u32);
            assert_eq!(info::<[u16; 3]>(*a, HSA_AGENT_INFO_WORKGROUP_MAX_DIM).map(i32::from), p.maxThreadsDim);
            assert_eq!(info::<u32>(*a, HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU) * p.warpSize as u32, p.maxThreadsPerMultiProcessor as u32);
            assert_eq!(info::<[u32; 4]>(*a, HSA_AGENT_INFO_CACHE_SIZE)[1], p.l2CacheSize as u32);
            assert_eq!(info::<u32>(*a, HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY), p.clockRate as u32 / 1000);
            assert_eq!(info::<u32>(*a, HSA_AMD_AGENT_INFO_BDFID), ((p.pciBusID as u32) << 8) | ((p.pciDeviceID as u32) << 3));
            assert_eq!(info::<u32>(*a, HSA_AMD_AGENT_INFO_DOMAIN), p.pciDomainID as u32);
            assert_eq!(info::<u32>(*a, HSA_AMD_AGENT_INFO_ASIC_REVISION), p.asicRevision as u32);
            // the UUID HIP reports is the 16 characters after "GPU-"
            let mut u = hipUUID::default();
            assert_eq!(hip::hipDeviceGetUuid((&mut u as *mut hipUUID).cast(), d as i32), 0);
            let uuid: [c_char; 21] = info(*a, HSA_AMD_AGENT_INFO_UUID);
            let bytes: [u8; 16] = u.bytes.map(|b| b as u8);
            assert_eq!(c_string(&uuid), uuid_string(&bytes));
            if bytes.iter().all(|b| b.is_ascii_graphic()) {
                assert_eq!(c_string(&uuid)[4..].as_bytes(), &bytes);
            }

            // one ISA: the device's target
            let mut isas: Vec<Handle> = Vec::new();
            assert_eq!(hsa_agent_iterate_isas(*a, Some(collect), as_data(&mut isas)), HSA_STATUS_SUCCESS);
            assert_eq!(isas.len(), 1);
            assert_eq!(info::<Handle>(*a, HSA_AGENT_INFO_ISA), isas[0]);
            let len = isa_info::<u32>(isas[0], HSA_ISA_INFO_NAME_LENGTH) as usize;
            let mut buf = vec![0 as c_char; len];
            assert_eq!(hsa_isa_get_info_alt(isas[0], HSA_ISA_INFO_NAME, buf.as_mut_ptr().cast()), HSA_STATUS_SUCCESS);
            let isa_name = c_string(&buf);
            assert_eq!(isa_name, format!("amdgcn-amd-amdhsa--{arch}"));
            assert_eq!(len, isa_name.len() + 1);
            let mut found = Handle { handle: 0 };
            let cname = std::ffi::CString::new(isa_name).unwrap();
            assert_eq!(hsa_isa_from_name(cname.as_ptr(), &mut found), HSA_STATUS_SUCCESS);
            assert_eq!(crate::isa::isa_name(&agent(agents[found.handle as usize - ISA_BASE as usize]).unwrap()), cname.to_str().unwrap());
            assert_eq!(isa_info::<[u16; 3]>(isas[0], HSA_ISA_INFO_WORKGROUP_MAX_DIM).map(i32::from), p.maxThreadsDim);
            assert_eq!(isa_info::<u32>(isas[0], HSA_ISA_INFO_WORKGROUP_MAX_SIZE), p.maxThreadsPerBlock as u32);
            assert_eq!(isa_info::<[bool; 2]>(isas[0], HSA_ISA_INFO_MACHINE_MODELS), [false, true]);
            let mut w = 0u32;
            let mut fronts: Vec<Handle> = Vec::new();
            assert_eq!(hsa_isa_iterate_wavefronts(isas[0], Some(collect), as_data(&mut fronts)), HSA_STATUS_SUCCESS);
            assert_eq!(hsa_wavefront_get_info(fronts[0], HSA_WAVEFRONT_INFO_SIZE, (&mut w as *mut u32).cast()), HSA_STATUS_SUCCESS);
            assert_eq!(w, p.warpSize as u32);

            // caches: L1 and the device's L2
            let mut caches: Vec<Handle> = Vec::new();
            assert_eq!(hsa_agent_iterate_caches(*a, Some(collect), as_data(&mut caches)), HSA_STATUS_SUCCESS);
            let mut l2 = 0u32;
            let mut level = 0u8;
            assert_eq!(hsa_cache_get_info(caches[1], HSA_CACHE_INFO_LEVEL, (&mut level as *mut u8).cast()), HSA_STATUS_SUCCESS);
            assert_eq!(hsa_cache_get_info(caches[1], HSA_CACHE_INFO_SIZE, (&mut l2 as *mut u32).cast()), HSA_STATUS_SUCCESS);
            assert_eq!((level, l2), (2, p.l2CacheSize as u32));

            // pools: device memory coarse- and fine-grained, and the group segment (LDS)
            let mut pools: Vec<Handle> = Vec::new();
            assert_eq!(hsa_amd_agent_iterate_memory_pools(*a, Some(collect), as_data(&mut pools)), HSA_STATUS_SUCCESS);
            let global: Vec<&Handle> = pools.iter().filter(|p| pool_info::<u32>(**p, HSA_AMD_MEMORY_POOL_INFO_SEGMENT) == HSA_AMD_SEGMENT_GLOBAL).collect();
            let flags: Vec<u32> = global.iter().map(|h| pool_info::<u32>(**h, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS)).collect();
            assert!(flags.contains(&HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) && flags.contains(&HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED));
            for g in &global {
                assert_eq!(pool_info::<usize>(**g, HSA_AMD_MEMORY_POOL_INFO_SIZE), p.totalGlobalMem);
                assert!(pool_info::<bool>(**g, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED));
                assert!(!pool_info::<bool>(**g, HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL));
                assert_eq!(pool_info::<u32>(**g, HSA_AMD_MEMORY_POOL_INFO_LOCATION), HSA_AMD_MEMORY_POOL_LOCATION_GPU);
                let mut acc = 9u32;
                assert_eq!(hsa_amd_agent_memory_pool_get_info(*a, **g, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, (&mut acc as *mut u32).cast()), HSA_STATUS_SUCCESS);
                assert_eq!(acc, HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
                assert_eq!(hsa_amd_agent_memory_pool_get_info(cpu, **g, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, (&mut acc as *mut u32).cast()), HSA_STATUS_SUCCESS);
                assert_eq!(acc, HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT);
            }
            let group: Vec<&Handle> = pools.iter().filter(|p| pool_info::<u32>(**p, HSA_AMD_MEMORY_POOL_INFO_SEGMENT) == HSA_AMD_SEGMENT_GROUP).collect();
            assert_eq!(group.len(), 1);
            assert_eq!(pool_info::<usize>(*group[0], HSA_AMD_MEMORY_POOL_INFO_SIZE), p.sharedMemPerBlock);
            assert!(!pool_info::<bool>(*group[0], HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED));

            // the same memory as HSA 1.0 regions
            let mut regions: Vec<Handle> = Vec::new();
            assert_eq!(hsa_agent_iterate_regions(*a, Some(collect), as_data(&mut regions)), HSA_STATUS_SUCCESS);
            assert_eq!(regions.len(), pools.len());
            let mut size = 0usize;
            assert_eq!(hsa_region_get_info(regions[0], HSA_REGION_INFO_SIZE, (&mut size as *mut usize).cast()), HSA_STATUS_SUCCESS);
            assert_eq!(size, p.totalGlobalMem);
        }

        // system attributes rocminfo reads
        let mut ext = [0u16; 2];
        assert_eq!(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_EXT_VERSION_MAJOR, (&mut ext[0] as *mut u16).cast()), HSA_STATUS_SUCCESS);
        assert_eq!(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_EXT_VERSION_MINOR, (&mut ext[1] as *mut u16).cast()), HSA_STATUS_SUCCESS);
        assert_eq!((ext[0], ext[1]), HSA_AMD_INTERFACE_VERSION);
        let mut b = true;
        assert_eq!(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_XNACK_ENABLED, (&mut b as *mut bool).cast()), HSA_STATUS_SUCCESS);
        let mut supported = true;
        assert_eq!(hsa_system_extension_supported(1, 1, 0, &mut supported), HSA_STATUS_SUCCESS);
        assert!(!supported);

        // bad handles
        let mut v = 0u64;
        assert_eq!(hsa_amd_memory_pool_get_info(Handle { handle: 7 }, HSA_AMD_MEMORY_POOL_INFO_SIZE, (&mut v as *mut u64).cast()), HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
        assert_eq!(hsa_isa_get_info_alt(Handle { handle: ISA_BASE }, HSA_ISA_INFO_NAME_LENGTH, (&mut v as *mut u64).cast()), HSA_STATUS_ERROR_INVALID_ISA);
        assert_eq!(hsa_isa_from_name(c"amdgcn-amd-amdhsa--gfx9999".as_ptr(), &mut Handle { handle: 0 }), HSA_STATUS_ERROR_INVALID_ISA_NAME);
        assert_eq!(hsa_shut_down(), HSA_STATUS_SUCCESS);
        assert_eq!(hsa_amd_agent_iterate_memory_pools(cpu, Some(collect), as_data(&mut cpu_pools)), HSA_STATUS_ERROR_NOT_INITIALIZED);
    }
}
