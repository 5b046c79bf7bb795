//! One launch of an AMDGCN kernel, prepared for the CPU executor (`oxrocm-gcn-exec`): the
//! kernarg segment and AQL dispatch packet in memory the kernel can read, the initial
//! register state its descriptor asks for, the workgroup's LDS and scratch sizes, and the
//! entry address in the loaded image. What runs it is the instruction interpreter over
//! the image's decoded code ([`LoadedCode`]), in [`execute`].

use crate::codeobj::descriptor::packed_workitem_ids;
use crate::codeobj::kernarg::{self, Dispatch, Explicit, HiddenValues};
use crate::error::{HipError, Result};
use crate::kernel::{GcnKernel, LaunchInfo};
use crate::codeobj::CodeObject;
use crate::log_at;
use oxrocm_gcn_exec::dispatch::{EntryState, Launch, PRIVATE_APERTURE, SHARED_APERTURE, run_grid, run_grid_cooperative};
use oxrocm_gcn_exec::hostcall::{Hostcall, print_to_c_stream};
use oxrocm_gcn_exec::interp::Interp;
use oxrocm_gcn_exec::memory::Memory;
use std::sync::Arc;

/// Targets whose code the interpreter executes, in order of preference when a binary has
/// no code object for the device's own target.
pub const EXECUTABLE_TARGETS: [&str; 2] = ["gfx1100", "gfx1030"];

/// A code object's `.text` as loaded at `base`, decoded once for all its kernels.
pub struct LoadedCode {
    pub base: u64,
    pub target: String,
    pub program: Interp,
    /// Functions of the code object: (name, start, size), addresses relative to `base`.
    pub functions: Vec<(String, u64, u64)>,
}

impl LoadedCode {
    /// Decodes the text section of `co` (loaded at `base`); words that do not decode
    /// inside a function are reported once here, with the function's name, and trap
    /// only if executed.
    pub fn decode(co: &CodeObject, base: u64) -> Result<LoadedCode> {
        let target = match co.processor() {
            "gfx1030" => oxrocm_gcn_exec::Target::Gfx1030,
            "gfx1100" => oxrocm_gcn_exec::Target::Gfx1100,
            other => {
                log_at!(1, "code object {other}: executing code for this target is not supported (runs: {})", EXECUTABLE_TARGETS.join(", "));
                return Err(HipError::NO_BINARY_FOR_GPU);
            }
        };
        let elf = crate::codeobj::elf::Elf::new(&co.image).ok_or(HipError::INVALID_IMAGE)?;
        let text = elf.section(".text").ok_or(HipError::INVALID_IMAGE)?;
        // The code lies within the loaded image (a damaged header could put it anywhere).
        let span = crate::codeobj::image::span(&elf)? as u64;
        if text.addr.checked_add(text.size as u64).is_none_or(|end| end > span) {
            return Err(HipError::INVALID_IMAGE);
        }
        let t0 = std::time::Instant::now();
        let cache = cache_dir();
        let (decoded, hit) = oxrocm_gcn_exec::lower::decode_text_cached(elf.section_bytes(&text), base.wrapping_add(text.addr), target, cache.as_deref());
        let funcs: Vec<_> = elf.symbols().into_iter().filter(|s| s.kind == 2 && s.size > 0).collect();
        let mut reported = std::collections::HashSet::new();
        for (addr, why) in &decoded.undecodable {
            let off = addr.wrapping_sub(base);
            if let Some(f) = funcs.iter().find(|f| (f.value..f.value.saturating_add(f.size)).contains(&off)) {
                if reported.insert(f.name.clone()) {
                    log_at!(1, "kernel code '{}' ({}): instruction at +{:#x} does not decode ({why}); running it will fail", f.name, co.target, off - f.value);
                }
            }
        }
        let how = if hit { "read from the kernel cache" } else { "decoded" };
        log_at!(3, "code object {}: {} bytes of code {how} in {:.1} ms", co.target, text.size, t0.elapsed().as_secs_f64() * 1e3);
        let functions = funcs.iter().map(|f| (f.name.clone(), f.value, f.size)).collect();
        Ok(LoadedCode { base, target: co.target.clone(), program: decoded.program, functions })
    }

    /// `name+0xoff` for an address in this code.
    pub fn describe(&self, pc: u64) -> String {
        let off = pc.wrapping_sub(self.base);
        match self.functions.iter().find(|(_, s, n)| (*s..s.saturating_add(*n)).contains(&off)) {
            Some((name, s, _)) => format!("{name}+{:#x}", off - s),
            None => format!("{pc:#x}"),
        }
    }
}

/// Where lowered code is cached across processes (`oxrocm_gcn_exec::cache::default_dir`:
/// `OXROCM_GCN_CACHE_DIR`, `$XDG_CACHE_HOME/oxrocm/gcn` or `~/.cache/oxrocm/gcn`;
/// `OXROCM_GCN_CACHE=0` turns it off).
fn cache_dir() -> Option<std::path::PathBuf> {
    static DIR: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    DIR.get_or_init(oxrocm_gcn_exec::cache::default_dir).clone()
}

/// How launches check device accesses against the allocation map, from
/// `OXROCM_GCN_CHECKED`: `0` not at all (faster; CPU backend only), `strict` also faulting
/// reads just past an allocation (by default reads within a page of one return zeros, as
/// GPU memory next to an allocation is mapped: `strict` finds a kernel's first stray read),
/// anything else (default) checked.
#[derive(Clone, Copy, PartialEq)]
enum CheckMode {
    Off,
    Checked,
    Strict,
}

/// `OXROCM_LAUNCH_TIMEOUT_MS`: an opt-in limit on each kernel launch's run time (a kernel
/// loaded from a damaged image, or a program's own bug, may loop forever); past it the
/// launch fails with hipErrorLaunchTimeOut. Unset, 0 or unreadable: no limit.
pub(crate) fn launch_timeout() -> Option<std::time::Duration> {
    static LIMIT: std::sync::OnceLock<Option<std::time::Duration>> = std::sync::OnceLock::new();
    *LIMIT.get_or_init(|| {
        let v = std::env::var("OXROCM_LAUNCH_TIMEOUT_MS").ok()?;
        match v.trim().parse::<u64>() {
            Ok(0) => None,
            Ok(ms) => Some(std::time::Duration::from_millis(ms)),
            Err(_) => {
                log_at!(1, "OXROCM_LAUNCH_TIMEOUT_MS={v:?} is not a number of milliseconds; no launch time limit");
                None
            }
        }
    })
}

/// When a launch starting at `now` must end: `None` for no limit, and also for a limit so
/// long that the clock cannot represent its end (a huge OXROCM_LAUNCH_TIMEOUT_MS).
fn deadline_after(now: std::time::Instant, limit: Option<std::time::Duration>) -> Option<std::time::Instant> {
    limit.and_then(|t| now.checked_add(t))
}

fn check_mode() -> CheckMode {
    static MODE: std::sync::OnceLock<CheckMode> = std::sync::OnceLock::new();
    *MODE.get_or_init(|| match std::env::var("OXROCM_GCN_CHECKED").as_deref() {
        Ok("0") => CheckMode::Off,
        Ok("strict") => CheckMode::Strict,
        _ => CheckMode::Checked,
    })
}

/// Runs one launch of `k` to completion on the CPU. A trap (device access outside every
/// allocation, an instruction the interpreter lacks) fails the launch with
/// hipErrorLaunchFailure and a log line naming the kernel and the address.
pub fn execute(name: &str, k: &GcnKernel, code: &LoadedCode, info: &LaunchInfo, args: &[Vec<u8>], cooperative: bool, view: &dyn crate::ops::HostView) -> Result<()> {
    log_at!(4, "kernel '{name}' ({}): grid {:?} of {:?}, {} bytes dynamic LDS", code.target, info.grid, info.block, info.shared_mem_bytes);
    let hostcall = Arc::new(Hostcall::new(256));
    let hidden = HiddenValues { hostcall_buffer: hostcall.address(), private_base: PRIVATE_APERTURE, shared_base: SHARED_APERTURE, ..Default::default() };
    let g = prepare(k, code.base, info, args, &hidden)?;
    let own: Vec<(u64, usize)> = g.own_ranges().into_iter().chain([hostcall.range()]).collect();
    let memory = device_memory(view, &own).with_hostcall(hostcall.clone());
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if cooperative { run_grid_cooperative(&code.program, &g.launch, &memory) } else { run_grid(&code.program, &g.launch, &memory, true) }
    }));
    // Messages a wave finished just before it ended.
    hostcall.service(&mut print_to_c_stream);
    match run {
        Ok(Ok(())) => Ok(()),
        Ok(Err(trap)) => {
            let place = trap.pc().map(|pc| format!(" [{}]", code.describe(pc))).unwrap_or_default();
            log_at!(1, "kernel '{name}' ({}): {trap}{place}", code.target);
            Err(if matches!(trap, oxrocm_gcn_exec::workgroup::Trap::TimedOut) { HipError::LAUNCH_TIMEOUT } else { HipError::LAUNCH_FAILURE })
        }
        Err(_) => {
            log_at!(1, "kernel '{name}' ({}): the interpreter failed (internal error)", code.target);
            Err(HipError::LAUNCH_FAILURE)
        }
    }
}

/// The memory a launch or a device-function call reaches: every allocation, at the host
/// address the backend gives it (the CPU backend: the same address; a GPU backend: a
/// staged copy, written back after the op), and `own` ranges of the runtime's (kernarg,
/// packet, hostcall buffer; device address = host address). Unchecked where the user asked
/// (`OXROCM_GCN_CHECKED=0`, CPU backend only).
pub(crate) fn device_memory(view: &dyn crate::ops::HostView, own: &[(u64, usize)]) -> Memory {
    let on_cpu = crate::runtime::runtime().backend_name() == "cpu";
    let mode = check_mode();
    if mode == CheckMode::Off && on_cpu {
        // SAFETY: the user asked for unchecked execution; on the CPU backend device
        // addresses are host addresses.
        return unsafe { Memory::unchecked() };
    }
    let mut regions: Vec<(u64, usize, u64)> = Vec::new();
    for a in crate::runtime::runtime().memory.all() {
        // The CPU backend hands out whole pages and maps a slack after them, as memory
        // past a GPU allocation is mapped: kernels may read and write past the requested
        // size (loads before a bounds check are common; some tests store a whole
        // block past the end), which faults nowhere on a GPU.
        let whole_pages = on_cpu && a.kind != crate::memory::MemKind::HostRegistered && mode != CheckMode::Strict;
        let len = if whole_pages { crate::cpu::page_round(a.size) + crate::cpu::ALLOCATION_SLACK } else { a.size };
        regions.push((a.base, len, view.host_ptr(a.base) as u64));
        if a.device_addr != 0 && a.device_addr != a.base {
            regions.push((a.device_addr, a.size, view.host_ptr(a.device_addr) as u64));
        }
    }
    regions.extend(own.iter().map(|&(a, n)| (a, n, a)));
    let m = Memory::mapped(regions);
    if mode == CheckMode::Strict { m.strict() } else { m }
}

/// A prepared launch; owns the kernarg and packet bytes `launch` points to.
pub struct GcnLaunch {
    pub launch: Launch,
    pub kernarg: Box<[u8]>,
    pub packet: Box<[u8; 64]>,
}

impl GcnLaunch {
    /// The byte ranges this launch adds to the kernel's readable memory.
    pub fn own_ranges(&self) -> [(u64, usize); 2] {
        [(self.kernarg.as_ptr() as u64, self.kernarg.len()), (self.packet.as_ptr() as u64, 64)]
    }
}

/// Prepares kernel `k` (loaded at `image_base`) for `info`, with the explicit argument
/// values `args` (one buffer per argument, as captured at launch).
pub fn prepare(k: &GcnKernel, image_base: u64, info: &LaunchInfo, args: &[Vec<u8>], hidden: &HiddenValues) -> Result<GcnLaunch> {
    let kd = &k.descriptor;
    let lanes = if kd.wave32() { 32 } else { 64 };
    let lds = k.meta.group_segment_fixed_size as usize + info.shared_mem_bytes;
    let d = Dispatch { groups: info.grid, block: info.block, dynamic_lds: info.shared_mem_bytes as u32 };
    let ptrs: Vec<*const u8> = args.iter().map(|a| a.as_ptr()).collect();
    if args.iter().zip(k.meta.explicit_args()).any(|(a, m)| a.len() != m.size) {
        return Err(HipError::INVALID_VALUE);
    }
    // SAFETY: each pointer is a captured buffer of exactly its argument's size.
    let mut kernarg = unsafe { kernarg::build(&k.meta, Explicit::Pointers(&ptrs), &d, hidden)? };
    // Scalar loads fetch up to 64 bytes at a time and may run past the last argument (the
    // hardware's kernarg segment is padded too): zeros up to the next 64 bytes and beyond.
    kernarg.resize(kernarg.len().next_multiple_of(64) + 64, 0);
    let kernarg = kernarg.into_boxed_slice();
    let kd_addr = image_base + k.entry.wrapping_add_signed(-kd.entry_offset);
    let packet = Box::new(kernarg::dispatch_packet(&d, k.meta.private_segment_fixed_size, lds as u32, kd_addr, kernarg.as_ptr() as u64));
    let l = kd.sgpr_layout();
    let processor = k.target.split(':').next().unwrap_or("");
    let state = EntryState {
        private_segment_buffer: l.private_segment_buffer,
        dispatch_ptr: l.dispatch_ptr,
        queue_ptr: l.queue_ptr,
        kernarg_ptr: l.kernarg_ptr,
        dispatch_id: l.dispatch_id,
        flat_scratch_init: l.flat_scratch_init,
        private_segment_size: l.private_segment_size,
        workgroup_id: l.workgroup_id,
        workgroup_info: l.workgroup_info,
        private_segment_wave_offset: l.private_segment_wave_offset,
        packed_ids: packed_workitem_ids(processor),
        id_dims: kd.workitem_id_dims(),
    };
    let launch = Launch {
        entry: image_base + k.entry,
        lanes,
        vgprs: (k.meta.vgpr_count as usize).max(kd.vgpr_count(kd.wave32(), processor == "gfx90a") as usize),
        state,
        kernarg: kernarg.as_ptr() as u64,
        dispatch_packet: packet.as_ptr() as u64,
        groups: info.grid,
        block: info.block,
        lds_bytes: lds,
        private_size: k.meta.private_segment_fixed_size as usize,
        // MODE's float fields as the descriptor sets them (RSRC1 bits 12-19 hold round and
        // denorm modes; MODE keeps them in bits 0-7), with IEEE and DX10 clamp above.
        mode: (kd.rsrc1 >> 12) & 0xff | (kd.ieee_mode() as u32) << 9 | (kd.dx10_clamp() as u32) << 8,
        deadline: deadline_after(std::time::Instant::now(), launch_timeout()),
    };
    Ok(GcnLaunch { launch, kernarg, packet })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_beyond_the_clock_is_no_limit() {
        let now = std::time::Instant::now();
        assert_eq!(deadline_after(now, None), None);
        assert_eq!(deadline_after(now, Some(std::time::Duration::from_millis(5))), Some(now + std::time::Duration::from_millis(5)));
        // OXROCM_LAUNCH_TIMEOUT_MS=18446744073709551615: 585 million years, still on the clock.
        let far = std::time::Duration::from_millis(u64::MAX);
        assert_eq!(deadline_after(now, Some(far)), now.checked_add(far));
        // A limit the clock cannot represent (`Instant + Duration` would panic).
        assert_eq!(deadline_after(now, Some(std::time::Duration::MAX)), None);
    }
}
