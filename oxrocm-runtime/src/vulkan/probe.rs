//! Finding Vulkan devices and describing them as HIP devices.
//!
//! `gcnArchName` rule: every Vulkan device reports `OXROCM_VULKAN_ARCH` (default `gfx1100`),
//! a wave32 target. The name decides which code objects of a fat binary are picked, and
//! `warpSize` is that target's wave size (32) whatever the device's subgroup size; kernels
//! emulate the wave where the subgroup differs.

use super::VulkanBackend;
use super::caps::{self, ShaderCaps, cap};
use super::gpu::{Exportable, Gpu, Placed};
use crate::device::{DeviceProperties, host};
use crate::log_at;
use ash::vk;
use std::ffi::CStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Hardware GPUs only (`OXROCM_BACKEND=auto`): no software rasterizers.
    GpusOnly,
    /// Every device with the needed features, lavapipe included (`OXROCM_BACKEND=vulkan`).
    All,
}

const VALIDATION_LAYER: &CStr = c"VK_LAYER_KHRONOS_validation";

/// The Vulkan backend over the devices `sel` admits, each repeated `repeat` times as
/// separate logical devices (`OXROCM_VULKAN_DEVICE_REPEAT`, for multi-device tests on
/// one GPU); `None` if there is no loader or no usable device.
pub fn probe(sel: Selection, repeat: usize, arch: &str) -> Option<VulkanBackend> {
    let entry = match unsafe { ash::Entry::load() } {
        Ok(e) => e,
        Err(e) => {
            log_at!(3, "Vulkan loader not available: {e}");
            return None;
        }
    };
    // Vulkan 1.3 where the loader has it: SPIR-V 1.6 modules (the cooperative-matrix-2
    // GEMM kernels) on devices that take them; everything else needs 1.2.
    let loader = unsafe { entry.try_enumerate_instance_version() }.ok().flatten().unwrap_or(vk::API_VERSION_1_0);
    let app = vk::ApplicationInfo::default()
        .application_name(c"oxrocm")
        .api_version(if loader >= vk::API_VERSION_1_3 { vk::API_VERSION_1_3 } else { vk::API_VERSION_1_2 });
    let want_validation = std::env::var("OXROCM_VULKAN_VALIDATION").is_ok_and(|v| v == "1");
    let layers: Vec<*const std::ffi::c_char> = if want_validation && has_layer(&entry, VALIDATION_LAYER) {
        vec![VALIDATION_LAYER.as_ptr()]
    } else {
        if want_validation {
            log_at!(2, "OXROCM_VULKAN_VALIDATION=1 but the validation layer is not installed");
        }
        Vec::new()
    };
    let extensions: Vec<*const std::ffi::c_char> =
        if layers.is_empty() { Vec::new() } else { vec![ash::ext::debug_utils::NAME.as_ptr()] };
    let info = vk::InstanceCreateInfo::default()
        .application_info(&app)
        .enabled_layer_names(&layers)
        .enabled_extension_names(&extensions);
    let instance = match unsafe { entry.create_instance(&info, None) } {
        Ok(i) => i,
        Err(e) => {
            log_at!(2, "vkCreateInstance failed: {e:?}");
            return None;
        }
    };
    if !layers.is_empty() {
        report_validation(&entry, &instance);
    }
    let mut gpus = Vec::new();
    let mut props = Vec::new();
    for pd in unsafe { instance.enumerate_physical_devices() }.unwrap_or_default() {
        let Some((family, p)) = usable(&instance, pd, sel, arch) else { continue };
        for _ in 0..repeat.max(1) {
            match unsafe { open(&entry, &instance, pd, family, &p) } {
                Some(g) => {
                    let mut q = p.clone();
                    q.pci_bus_id = props.len() as i32;
                    q.uuid[15] = q.uuid[15].wrapping_add(props.len() as u8);
                    gpus.push(g);
                    props.push(q);
                }
                None => log_at!(2, "cannot open Vulkan device {}", p.name),
            }
        }
    }
    if gpus.is_empty() {
        return None;
    }
    log_at!(3, "Vulkan backend: {}", props.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "));
    // The loader and instance live as long as the process (the runtime is never torn down):
    // neither is destroyed; `entry` keeps libvulkan loaded.
    std::mem::forget(entry);
    let _ = instance;
    Some(VulkanBackend::new(gpus, props))
}

/// Validation messages go to stderr as errors, so tests can fail on them.
fn report_validation(entry: &ash::Entry, instance: &ash::Instance) {
    unsafe extern "system" fn callback(
        severity: vk::DebugUtilsMessageSeverityFlagsEXT,
        _types: vk::DebugUtilsMessageTypeFlagsEXT,
        data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
        _user: *mut std::ffi::c_void,
    ) -> vk::Bool32 {
        let msg = unsafe { data.as_ref().and_then(|d| d.message_as_c_str()) }.map(|m| m.to_string_lossy().into_owned()).unwrap_or_default();
        eprintln!(":1:oxrocm: Vulkan validation ({severity:?}): {msg}");
        vk::FALSE
    }
    let utils = ash::ext::debug_utils::Instance::new(entry, instance);
    let info = vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR | vk::DebugUtilsMessageSeverityFlagsEXT::WARNING)
        .message_type(vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION | vk::DebugUtilsMessageTypeFlagsEXT::GENERAL)
        .pfn_user_callback(Some(callback));
    match unsafe { utils.create_debug_utils_messenger(&info, None) } {
        // A plain handle: it lives as long as the instance (the process).
        Ok(_) => {}
        Err(e) => log_at!(2, "validation messenger: {e:?}"),
    }
}

fn has_layer(entry: &ash::Entry, name: &CStr) -> bool {
    unsafe { entry.enumerate_instance_layer_properties() }
        .unwrap_or_default()
        .iter()
        .any(|l| l.layer_name_as_c_str().is_ok_and(|n| n == name))
}

/// The compute queue family and HIP properties of `pd`, if it can serve as a HIP device.
fn usable(instance: &ash::Instance, pd: vk::PhysicalDevice, sel: Selection, arch: &str) -> Option<(u32, DeviceProperties)> {
    let p = unsafe { instance.get_physical_device_properties(pd) };
    let name = p.device_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
    if sel == Selection::GpusOnly && p.device_type == vk::PhysicalDeviceType::CPU {
        return None;
    }
    if p.api_version < vk::API_VERSION_1_2 {
        log_at!(3, "{name}: Vulkan {} < 1.2, skipped", vk::api_version_minor(p.api_version));
        return None;
    }
    let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
    let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut f12);
    unsafe { instance.get_physical_device_features2(pd, &mut f2) };
    if f12.buffer_device_address == 0 {
        log_at!(3, "{name}: no bufferDeviceAddress, skipped");
        return None;
    }
    if f12.timeline_semaphore == 0 {
        log_at!(3, "{name}: no timelineSemaphore, skipped");
        return None;
    }
    let families = unsafe { instance.get_physical_device_queue_family_properties(pd) };
    let family = families.iter().position(|q| q.queue_flags.contains(vk::QueueFlags::COMPUTE))? as u32;
    let mem = unsafe { instance.get_physical_device_memory_properties(pd) };
    let heap = mem.memory_heaps[..mem.memory_heap_count as usize]
        .iter()
        .filter(|h| h.flags.contains(vk::MemoryHeapFlags::DEVICE_LOCAL))
        .map(|h| h.size as usize)
        .max()
        .unwrap_or(0);
    let mut id = vk::PhysicalDeviceIDProperties::default();
    let mut sm = vk::PhysicalDeviceShaderSMBuiltinsPropertiesNV::default();
    let mut core = vk::PhysicalDeviceShaderCorePropertiesAMD::default();
    let exts: Vec<String> = unsafe { instance.enumerate_device_extension_properties(pd) }
        .unwrap_or_default()
        .iter()
        .filter_map(|e| e.extension_name_as_c_str().ok().map(|c| c.to_string_lossy().into_owned()))
        .collect();
    let has = |e: &str| exts.iter().any(|x| x == e);
    let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut id);
    if has("VK_NV_shader_sm_builtins") {
        p2 = p2.push_next(&mut sm);
    }
    if has("VK_AMD_shader_core_properties") {
        p2 = p2.push_next(&mut core);
    }
    unsafe { instance.get_physical_device_properties2(pd, &mut p2) };
    // Compute units: SMs on NVIDIA, CUs on AMD, cores for a CPU implementation.
    let cus = if sm.shader_sm_count > 0 {
        sm.shader_sm_count as i32
    } else if core.compute_units_per_shader_array > 0 {
        (core.shader_engine_count * core.shader_arrays_per_engine_count * core.compute_units_per_shader_array) as i32
    } else if p.device_type == vk::PhysicalDeviceType::CPU {
        host::cores() as i32
    } else {
        1
    };
    let l = &p.limits;
    let (major, minor) = arch
        .trim_start_matches("gfx")
        .split_at(arch.trim_start_matches("gfx").len().saturating_sub(2))
        .0
        .parse::<i32>()
        .map(|m| (m, 0))
        .unwrap_or((11, 0));
    let props = DeviceProperties {
        name,
        gcn_arch_name: arch.to_string(),
        gcn_arch: major * 100 + minor,
        major,
        minor,
        total_global_mem: heap,
        shared_mem_per_block: l.max_compute_shared_memory_size as usize,
        max_shared_mem_per_multiprocessor: l.max_compute_shared_memory_size as usize,
        regs_per_block: 65536,
        warp_size: 32,
        max_threads_per_block: l.max_compute_work_group_invocations.min(1024) as i32,
        max_threads_dim: l.max_compute_work_group_size.map(|v| v.min(1024) as i32),
        max_grid_size: l.max_compute_work_group_count.map(|v| v.min(i32::MAX as u32) as i32),
        clock_rate_khz: 1_500_000,
        memory_clock_rate_khz: 1_000_000,
        memory_bus_width: 256,
        total_const_mem: l.max_uniform_buffer_range as usize,
        multi_processor_count: cus.max(1),
        l2_cache_size: 4 << 20,
        max_threads_per_multiprocessor: 2048,
        pci_domain_id: 0,
        pci_bus_id: 0,
        pci_device_id: 0,
        integrated: p.device_type != vk::PhysicalDeviceType::DISCRETE_GPU,
        can_map_host_memory: true,
        managed_memory: true,
        concurrent_managed_access: false,
        pageable_memory_access: false,
        texture_alignment: 256,
        texture_pitch_alignment: 256,
        mem_pitch: i32::MAX as usize,
        async_engine_count: 1,
        uuid: id.device_uuid,
    };
    Some((family, props))
}

unsafe fn open(entry: &ash::Entry, instance: &ash::Instance, pd: vk::PhysicalDevice, family: u32, p: &DeviceProperties) -> Option<Gpu> {
    let priorities = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&priorities)];
    let supported = unsafe { instance.get_physical_device_features(pd) };
    let mut s11 = vk::PhysicalDeviceVulkan11Features::default();
    let mut s12 = vk::PhysicalDeviceVulkan12Features::default();
    let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut s11).push_next(&mut s12);
    unsafe { instance.get_physical_device_features2(pd, &mut f2) };
    // 64-bit integers carry device addresses in the built-in kernels.
    // 64-bit floats for library kernels (dgemm); where missing, their host twins run.
    // 16-bit floats and storage, and the Vulkan memory model: the f16 GEMM kernels.
    let features = vk::PhysicalDeviceFeatures::default()
        .shader_int64(supported.shader_int64 != 0)
        .shader_int16(supported.shader_int16 != 0)
        .shader_float64(supported.shader_float64 != 0);
    let mut f11 = vk::PhysicalDeviceVulkan11Features::default().storage_buffer16_bit_access(s11.storage_buffer16_bit_access != 0);
    let mut f12 = vk::PhysicalDeviceVulkan12Features::default()
        .buffer_device_address(true)
        .timeline_semaphore(true)
        .shader_float16(s12.shader_float16 != 0)
        .shader_int8(s12.shader_int8 != 0)
        .vulkan_memory_model(s12.vulkan_memory_model != 0)
        .vulkan_memory_model_device_scope(s12.vulkan_memory_model_device_scope != 0);
    let mut caps = Vec::new();
    for (on, c) in [
        (supported.shader_int64, cap::INT64),
        (supported.shader_int16, cap::INT16),
        (supported.shader_float64, cap::FLOAT64),
        (s11.storage_buffer16_bit_access, cap::STORAGE_BUFFER_16BIT_ACCESS),
        (s12.shader_float16, cap::FLOAT16),
        (s12.shader_int8, cap::INT8),
        (s12.vulkan_memory_model, cap::VULKAN_MEMORY_MODEL),
    ] {
        if on != 0 {
            caps.push(c);
        }
    }
    let available: Vec<String> = unsafe { instance.enumerate_device_extension_properties(pd) }
        .unwrap_or_default()
        .iter()
        .filter_map(|e| e.extension_name_as_c_str().ok().map(|c| c.to_string_lossy().into_owned()))
        .collect();
    let has = |name: &std::ffi::CStr| available.iter().any(|a| a.as_bytes() == name.to_bytes());
    // Importing the program's memory (`hipHostRegister`) where the driver can.
    let host_import = has(ash::ext::external_memory_host::NAME);
    // Sharing device memory with other processes (`hipIpcGetMemHandle`).
    let memory_fd = has(ash::khr::external_memory_fd::NAME);
    let mut extensions: Vec<*const std::ffi::c_char> = Vec::new();
    if host_import {
        extensions.push(ash::ext::external_memory_host::NAME.as_ptr());
    }
    if memory_fd {
        extensions.push(ash::khr::external_memory_fd::NAME.as_ptr());
    }
    // Cooperative matrices (16 x 16 x 16 f16 -> f32) for the f16 GEMM kernels.
    let coopmat_props = if has(ash::khr::cooperative_matrix::NAME) {
        let mut cf = vk::PhysicalDeviceCooperativeMatrixFeaturesKHR::default();
        let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut cf);
        unsafe { instance.get_physical_device_features2(pd, &mut f2) };
        let ext = ash::khr::cooperative_matrix::Instance::new(entry, instance);
        let props = unsafe { ext.get_physical_device_cooperative_matrix_properties(pd) }.unwrap_or_default();
        // Which element types the driver offers (AMD_LOG_LEVEL=3): f64 ones would let the
        // f64 GEMMs reach FP64 tensor cores.
        for p in &props {
            crate::log_at!(3, "cooperative matrix {}x{}x{} A {:?} B {:?} C {:?} result {:?} scope {:?}", p.m_size, p.n_size, p.k_size, p.a_type, p.b_type, p.c_type, p.result_type, p.scope);
        }
        if cf.cooperative_matrix != 0 { props.iter().map(caps::Shape::of).collect() } else { Vec::new() }
    } else {
        Vec::new()
    };
    let coopmat = caps::has_f16_coopmat(&coopmat_props);
    if coopmat {
        extensions.push(ash::khr::cooperative_matrix::NAME.as_ptr());
        caps.push(cap::COOPERATIVE_MATRIX_KHR);
    }
    let mut enable_coopmat = vk::PhysicalDeviceCooperativeMatrixFeaturesKHR::default().cooperative_matrix(true);
    // bfloat16 (VK_KHR_shader_bfloat16) for the bf16 GEMM kernels, with cooperative matrices.
    let bf16 = coopmat && has(caps::BFLOAT16_EXTENSION) && caps::has_coopmat(&coopmat_props, caps::COMPONENT_BFLOAT16) && {
        let mut bf = caps::Bfloat16Features::default();
        let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut bf);
        unsafe { instance.get_physical_device_features2(pd, &mut f2) };
        bf.shader_bfloat16_type != 0 && bf.shader_bfloat16_cooperative_matrix != 0
    };
    if bf16 {
        extensions.push(caps::BFLOAT16_EXTENSION.as_ptr());
        caps.push(cap::BFLOAT16_TYPE_KHR);
        caps.push(cap::BFLOAT16_COOPERATIVE_MATRIX_KHR);
    }
    // Workgroup-scope cooperative matrices with tensor addressing (VK_NV_cooperative_matrix2)
    // for the f16 GEMM kernel the driver tiles itself; SPIR-V 1.6, so Vulkan 1.3 devices.
    let instance_13 = unsafe { instance.get_physical_device_properties(pd) }.api_version >= vk::API_VERSION_1_3
        && unsafe { entry.try_enumerate_instance_version() }.ok().flatten().unwrap_or(0) >= vk::API_VERSION_1_3;
    let mut cm2 = caps::CooperativeMatrix2Features::default();
    let coopmat2 = coopmat && instance_13 && has(caps::COOPERATIVE_MATRIX2_EXTENSION) && {
        let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut cm2);
        unsafe { instance.get_physical_device_features2(pd, &mut f2) };
        cm2.p_next = std::ptr::null_mut();
        cm2.workgroup_scope != 0 && cm2.tensor_addressing != 0
    };
    if coopmat2 {
        extensions.push(caps::COOPERATIVE_MATRIX2_EXTENSION.as_ptr());
        caps.push(cap::COOPERATIVE_MATRIX_TENSOR_ADDRESSING_NV);
        caps.push(cap::TENSOR_ADDRESSING_NV);
        for (on, c) in [
            (cm2.reductions, cap::COOPERATIVE_MATRIX_REDUCTIONS_NV),
            (cm2.conversions, cap::COOPERATIVE_MATRIX_CONVERSIONS_NV),
            (cm2.per_element_operations, cap::COOPERATIVE_MATRIX_PER_ELEMENT_OPERATIONS_NV),
            (cm2.block_loads, cap::COOPERATIVE_MATRIX_BLOCK_LOADS_NV),
        ] {
            if on != 0 {
                caps.push(c);
            }
        }
    }
    let mut enable_bf16 = caps::Bfloat16Features { shader_bfloat16_type: 1, shader_bfloat16_cooperative_matrix: 1, ..Default::default() };
    // One pointer for host and device (pinned, managed memory).
    let mut placed_features = vk::PhysicalDeviceMapMemoryPlacedFeaturesEXT::default();
    let placed = has(ash::khr::map_memory2::NAME) && has(ash::ext::map_memory_placed::NAME) && {
        let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut placed_features);
        unsafe { instance.get_physical_device_features2(pd, &mut f2) };
        placed_features.memory_map_placed != 0
    };
    if placed {
        extensions.push(ash::khr::map_memory2::NAME.as_ptr());
        extensions.push(ash::ext::map_memory_placed::NAME.as_ptr());
    }
    let mut enable_placed = vk::PhysicalDeviceMapMemoryPlacedFeaturesEXT::default().memory_map_placed(true);
    // Compiler statistics of each pipeline, on request (a tuning aid: registers, spills).
    let stats = std::env::var("OXROCM_VULKAN_PIPELINE_STATS").is_ok_and(|v| v == "1") && has(ash::khr::pipeline_executable_properties::NAME);
    if stats {
        extensions.push(ash::khr::pipeline_executable_properties::NAME.as_ptr());
    }
    let mut enable_stats = vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default().pipeline_executable_info(true);
    let info = vk::DeviceCreateInfo::default()
        .queue_create_infos(&queues)
        .enabled_features(&features)
        .enabled_extension_names(&extensions)
        .push_next(&mut f11)
        .push_next(&mut f12);
    let info = if placed { info.push_next(&mut enable_placed) } else { info };
    let info = if coopmat { info.push_next(&mut enable_coopmat) } else { info };
    let info = if bf16 { info.push_next(&mut enable_bf16) } else { info };
    let info = if coopmat2 { info.push_next(&mut cm2) } else { info };
    let info = if stats { info.push_next(&mut enable_stats) } else { info };
    let device = unsafe { instance.create_device(pd, &info, None) }.ok()?;
    let import = host_import.then(|| {
        let mut ext = vk::PhysicalDeviceExternalMemoryHostPropertiesEXT::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut ext);
        unsafe { instance.get_physical_device_properties2(pd, &mut p2) };
        let mem = unsafe { instance.get_physical_device_memory_properties(pd) };
        (ash::ext::external_memory_host::Device::new(instance, &device), ext.min_imported_host_pointer_alignment, mem)
    });
    let exportable = memory_fd.then(|| {
        let limits = unsafe { instance.get_physical_device_properties(pd) }.limits;
        Exportable {
            fd: ash::khr::external_memory_fd::Device::new(instance, &device),
            memory: unsafe { instance.get_physical_device_memory_properties(pd) },
            budget: limits.max_memory_allocation_count as usize / 2,
        }
    });
    let placed = placed.then(|| {
        let mut props = vk::PhysicalDeviceMapMemoryPlacedPropertiesEXT::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut props);
        unsafe { instance.get_physical_device_properties2(pd, &mut p2) };
        Placed {
            map2: ash::khr::map_memory2::Device::new(instance, &device),
            align: props.min_placed_memory_map_alignment.max(4096),
            memory: unsafe { instance.get_physical_device_memory_properties(pd) },
        }
    });
    log_at!(3, "{}: shader capabilities {caps:?}", p.name);
    let spirv = if instance_13 { caps::SPIRV_1_6 } else { caps::SPIRV_1_5 };
    let stats = stats.then(|| ash::khr::pipeline_executable_properties::Device::new(instance, &device));
    unsafe { Gpu::new(instance, pd, device, family, p.total_global_mem, !p.integrated, import, exportable, placed, ShaderCaps::new(caps).with_spirv(spirv).with_shared_limit(p.shared_mem_per_block as u64)) }
        .ok()
        .map(|g| g.with_stats(stats))
}
