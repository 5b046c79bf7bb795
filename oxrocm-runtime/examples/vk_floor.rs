//! The Vulkan driver's own round-trip floor, without oxrocm's runtime around it: how long a
//! one-workgroup dispatch takes from vkQueueSubmit until the host sees it finished, with a
//! pre-recorded and a freshly recorded command buffer, waited on by fence or timeline
//! semaphore. `cargo run --release --example vk_floor` (the launch-latency budget of the
//! backend is measured against these numbers; see docs/performance.md, "Copies and launches
//! on the H100").

use ash::vk;
use std::time::{Duration, Instant};

const ITERS: usize = 2000;

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e6
}

fn main() {
    unsafe { run() }
}

unsafe fn run() {
    let entry = unsafe { ash::Entry::load() }.expect("Vulkan loader");
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_2);
    let instance = unsafe { entry.create_instance(&vk::InstanceCreateInfo::default().application_info(&app), None) }.expect("instance");
    let pds = unsafe { instance.enumerate_physical_devices() }.expect("devices");
    let pd = *pds
        .iter()
        .find(|&&p| unsafe { instance.get_physical_device_properties(p) }.device_type != vk::PhysicalDeviceType::CPU)
        .unwrap_or(&pds[0]);
    let props = unsafe { instance.get_physical_device_properties(pd) };
    println!("device {:?}", props.device_name_as_c_str().unwrap_or_default());
    let exts: Vec<String> = unsafe { instance.enumerate_device_extension_properties(pd) }
        .unwrap_or_default()
        .iter()
        .filter_map(|e| e.extension_name_as_c_str().ok().map(|c| c.to_string_lossy().into_owned()))
        .collect();
    for want in ["VK_KHR_external_memory_fd", "VK_EXT_map_memory_placed", "VK_EXT_external_memory_host", "VK_KHR_cooperative_matrix"] {
        println!("{want}: {}", exts.iter().any(|e| e == want));
    }
    let family = unsafe { instance.get_physical_device_queue_family_properties(pd) }
        .iter()
        .position(|q| q.queue_flags.contains(vk::QueueFlags::COMPUTE))
        .expect("compute queue") as u32;
    let prio = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&prio)];
    let mut f12 = vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true).timeline_semaphore(true);
    let features = vk::PhysicalDeviceFeatures::default().shader_int64(true);
    let info = vk::DeviceCreateInfo::default().queue_create_infos(&queues).enabled_features(&features).push_next(&mut f12);
    let d = unsafe { instance.create_device(pd, &info, None) }.expect("device");
    let queue = unsafe { d.get_device_queue(family, 0) };

    // A 1 KiB host-visible buffer the fill kernel writes.
    let mem_props = unsafe { instance.get_physical_device_memory_properties(pd) };
    let usage = vk::BufferUsageFlags::STORAGE_BUFFER | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS;
    let buffer = unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(1024).usage(usage), None) }.expect("buffer");
    let req = unsafe { d.get_buffer_memory_requirements(buffer) };
    let type_index = (0..mem_props.memory_type_count)
        .find(|&i| req.memory_type_bits & (1 << i) != 0 && mem_props.memory_types[i as usize].property_flags.contains(vk::MemoryPropertyFlags::HOST_VISIBLE))
        .expect("memory type");
    let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
    let memory = unsafe { d.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(type_index).push_next(&mut flags), None) }
        .expect("memory");
    unsafe { d.bind_buffer_memory(buffer, memory, 0) }.expect("bind");
    let addr = unsafe { d.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer)) };

    let code = ash::util::read_spv(&mut std::io::Cursor::new(&include_bytes!("../../shaders/spv/fill.spv")[..])).expect("spv");
    let module = unsafe { d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&code), None) }.expect("module");
    let range = [vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::COMPUTE).size(128)];
    let layout = unsafe { d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&range), None) }.expect("layout");
    let stage = vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module).name(c"main");
    let pipeline = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &[vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout)], None) }
        .expect("pipeline")[0];
    let mut push = Vec::new();
    push.extend_from_slice(&addr.to_le_bytes());
    push.extend_from_slice(&256u64.to_le_bytes());
    push.extend_from_slice(&7u32.to_le_bytes());
    push.extend_from_slice(&0u32.to_le_bytes());

    let pool = unsafe { d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(family).flags(vk::CommandPoolCreateFlags::TRANSIENT), None) }
        .expect("pool");
    let cmd = unsafe { d.allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1)) }.expect("cmd")[0];
    // Barrier variants: which ones a submission can afford (bit 0: a leading ALL→ALL
    // barrier, bit 1: a trailing ALL→HOST barrier, bit 2: a trailing ALL→ALL barrier,
    // bit 3: a leading COMPUTE→COMPUTE|TRANSFER barrier).
    let record = |barriers: u32| unsafe {
        d.reset_command_pool(pool, vk::CommandPoolResetFlags::empty()).expect("reset");
        d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT)).expect("begin");
        let all = vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE;
        let b = [vk::MemoryBarrier::default().src_access_mask(all).dst_access_mask(all)];
        let none = vk::DependencyFlags::empty();
        if barriers & 1 != 0 {
            d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::ALL_COMMANDS, vk::PipelineStageFlags::ALL_COMMANDS, none, &b, &[], &[]);
        }
        if barriers & 8 != 0 {
            let w = [vk::MemoryBarrier::default().src_access_mask(vk::AccessFlags::MEMORY_WRITE).dst_access_mask(all)];
            d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::COMPUTE_SHADER, vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER, none, &w, &[], &[]);
        }
        d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
        d.cmd_push_constants(cmd, layout, vk::ShaderStageFlags::COMPUTE, 0, &push);
        d.cmd_dispatch(cmd, 1, 1, 1);
        if barriers & 2 != 0 {
            let h = [vk::MemoryBarrier::default().src_access_mask(all).dst_access_mask(all | vk::AccessFlags::HOST_READ)];
            d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::ALL_COMMANDS, vk::PipelineStageFlags::HOST, none, &h, &[], &[]);
        }
        if barriers & 4 != 0 {
            d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::ALL_COMMANDS, vk::PipelineStageFlags::ALL_COMMANDS, none, &b, &[], &[]);
        }
        d.end_command_buffer(cmd).expect("end");
    };
    let fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("fence");
    let mut timeline_info = vk::SemaphoreTypeCreateInfo::default().semaphore_type(vk::SemaphoreType::TIMELINE);
    let timeline = unsafe { d.create_semaphore(&vk::SemaphoreCreateInfo::default().push_next(&mut timeline_info), None) }.expect("timeline");
    let mut value = 0u64;

    let cmds = [cmd];
    // One round trip: submit, then spin until the host sees completion.
    // `chained`: the submission also waits for the previous one's timeline value (a
    // cross-submission memory dependency without a pipeline barrier).
    let stage_mask = std::cell::Cell::new(vk::PipelineStageFlags::ALL_COMMANDS);
    let mut round = |use_timeline: bool, chain: bool| unsafe {
        let t = Instant::now();
        if use_timeline {
            value += 1;
            let values = [value];
            let waits = [value - 1];
            let sems = [timeline];
            let stages = [stage_mask.get()];
            let mut tl = vk::TimelineSemaphoreSubmitInfo::default().signal_semaphore_values(&values);
            if chain {
                tl = tl.wait_semaphore_values(&waits);
            }
            let mut submit = vk::SubmitInfo::default().command_buffers(&cmds).signal_semaphores(&sems);
            if chain {
                submit = submit.wait_semaphores(&sems).wait_dst_stage_mask(&stages);
            }
            let submit = submit.push_next(&mut tl);
            d.queue_submit(queue, &[submit], vk::Fence::null()).expect("submit");
            while d.get_semaphore_counter_value(timeline).expect("counter") < value {
                std::hint::spin_loop();
            }
        } else {
            d.queue_submit(queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], fence).expect("submit");
            while !d.get_fence_status(fence).expect("status") {
                std::hint::spin_loop();
            }
            d.reset_fences(&[fence]).expect("reset fence");
        }
        t.elapsed()
    };

    record(0);
    for _ in 0..100 {
        round(false, false);
    }
    let pre_fence: Vec<Duration> = (0..ITERS).map(|_| round(false, false)).collect();
    let pre_timeline: Vec<Duration> = (0..ITERS).map(|_| round(true, false)).collect();
    println!("prerecorded_fence_us {:.2}", median(pre_fence));
    println!("prerecorded_timeline_us {:.2}", median(pre_timeline));
    let mut record_only = Vec::new();
    for (label, variant, chain) in [("chained", 0, true), ("chained+trail_host", 2, true), ("none", 0, false), ("lead_all", 1, false), ("trail_host", 2, false), ("trail_all", 4, false), ("lead_compute", 8, false), ("lead_all+trail_host", 3, false), ("lead_all+trail_all", 5, false)] {
        let mut each = Vec::new();
        for _ in 0..ITERS {
            let t = Instant::now();
            record(variant);
            record_only.push(t.elapsed());
            each.push(t.elapsed() + round(true, chain));
        }
        println!("recorded_timeline_barriers_{label}_us {:.2}", median(each));
    }
    for (label, mask) in [("compute_transfer", vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER), ("top", vk::PipelineStageFlags::TOP_OF_PIPE)] {
        stage_mask.set(mask);
        let mut each = Vec::new();
        for _ in 0..ITERS {
            let t = Instant::now();
            record(0);
            each.push(t.elapsed() + round(true, true));
        }
        println!("recorded_timeline_chained_{label}_us {:.2}", median(each));
    }
    println!("record_us {:.2}", median(record_only));
}
