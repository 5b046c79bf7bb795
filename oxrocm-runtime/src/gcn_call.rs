//! Calls of a device function by its address: a client's `__device__` function whose
//! address it read with `hipMemcpyFromSymbol` and handed to a library (rocFFT's load and
//! store callbacks). The address is looked up among the loaded code-object images; the
//! function runs in the AMDGCN executor a wave of lanes at a time
//! (`oxrocm_gcn_exec::call`), with every allocation reachable as for a kernel launch.
//! Called from inside a library's host computation, in stream order: nothing is queued.

use crate::error::{HipError, Result};
use crate::gcn::LoadedCode;
use crate::log_at;
use oxrocm_gcn_exec::call::{Call, call};
use std::sync::{Arc, Mutex};

/// Private (stack) bytes each lane of a called function has. Functions record no stack
/// size a caller can read; callbacks are leaf functions that rarely spill, and a deeper
/// stack fails the call with a scratch fault rather than corrupting anything.
const CALL_PRIVATE_BYTES: usize = 4096;

/// MODE of a called function: round to nearest, denormals kept for every width, IEEE
/// mode and DX10 clamp on, as hipcc's kernels set it (their descriptors' defaults).
const CALL_MODE: u32 = 0xf0 | 1 << 8 | 1 << 9;

/// A resolved function: the decoded code holding it and the wave size it was built for.
struct Resolved {
    code: Arc<LoadedCode>,
    lanes: usize,
}

/// Wave sizes by loaded code (its base and target): the code object's metadata, parsed
/// once per image rather than on every call.
static WAVE_SIZES: Mutex<Vec<(u64, String, usize)>> = Mutex::new(Vec::new());

/// The wave size of `co`'s code: its kernels' `.wavefront_size` (one per code object in
/// hipcc's output), else 32 (the default of the gfx10 and gfx11 targets the executor runs).
fn wave_lanes(code: &LoadedCode, co: &crate::codeobj::CodeObject) -> usize {
    let mut known = WAVE_SIZES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, n)) = known.iter().find(|(b, t, _)| *b == code.base && *t == code.target) {
        return *n;
    }
    let n = co.metadata().ok().and_then(|m| m.kernels.iter().map(|k| k.wavefront_size).find(|&w| w == 32 || w == 64)).unwrap_or(32) as usize;
    known.retain(|(b, _, _)| *b != code.base);
    known.push((code.base, code.target.clone(), n));
    n
}

/// The loaded code holding a function that starts at `function`.
fn resolve(function: u64) -> Result<Resolved> {
    let rt = crate::runtime::runtime();
    for m in rt.modules.values() {
        let images: Vec<(usize, u64)> = m.images.lock().iter().map(|(d, b)| (*d, *b)).collect();
        for (ordinal, base) in images {
            let Some(dev) = rt.devices.get(ordinal) else { continue };
            let Some(co) = m.code_object_for(&dev.props.gcn_arch_name) else { continue };
            let Some(elf) = crate::codeobj::elf::Elf::new(&co.image) else { continue };
            let Ok(span) = crate::codeobj::image::span(&elf) else { continue };
            if !(base..base.saturating_add(span as u64)).contains(&function) {
                continue;
            }
            let code = rt.module_code(crate::registry::handle_of(&m), dev)?;
            let off = function - base;
            if !code.functions.iter().any(|(_, start, _)| *start == off) {
                log_at!(1, "device function call: {function:#x} lies in code object {} but is not the start of a function", co.target);
                return Err(HipError::INVALID_DEVICE_FUNCTION);
            }
            let lanes = wave_lanes(&code, co);
            return Ok(Resolved { code, lanes });
        }
    }
    log_at!(1, "device function call: no loaded code object holds {function:#x}");
    Err(HipError::INVALID_DEVICE_FUNCTION)
}

/// Checks that `function` can be called here: the CPU backend (device addresses are host
/// addresses, so the function reaches every allocation) and a loaded code object that
/// holds it.
pub fn check(function: u64) -> Result<()> {
    callable(function).map(drop)
}

fn callable(function: u64) -> Result<Resolved> {
    let backend = crate::runtime::runtime().backend_name();
    if backend != "cpu" {
        log_at!(1, "device function call: not available on the {backend} backend (the CPU backend runs AMDGCN code)");
        return Err(HipError::NOT_SUPPORTED);
    }
    resolve(function)
}

/// Calls `function` for `n` lanes: lane `i`'s `arg_words` argument words from `args`, its
/// `result_words` result words into `results` (see `oxrocm_gcn_exec::call`). A fault or a
/// time-out inside the function fails with hipErrorLaunchFailure / hipErrorLaunchTimeOut
/// and a log line naming the function and the place.
pub fn call_function(function: u64, n: usize, args: &[u32], arg_words: usize, results: &mut [u32], result_words: usize) -> Result<()> {
    if args.len() != n.checked_mul(arg_words).ok_or(HipError::INVALID_VALUE)?
        || results.len() != n.checked_mul(result_words).ok_or(HipError::INVALID_VALUE)?
        || arg_words > oxrocm_gcn_exec::call::CALL_VGPRS
        || result_words > oxrocm_gcn_exec::call::CALL_VGPRS
    {
        return Err(HipError::INVALID_VALUE);
    }
    let r = callable(function)?;
    struct Direct;
    impl crate::ops::HostView for Direct {
        fn host_ptr(&self, addr: u64) -> *mut u8 {
            addr as *mut u8
        }
    }
    let memory = crate::gcn::device_memory(&Direct, &[]);
    let c = Call {
        entry: function,
        lanes: r.lanes,
        private_size: CALL_PRIVATE_BYTES,
        mode: CALL_MODE,
        deadline: crate::gcn::launch_timeout().and_then(|t| std::time::Instant::now().checked_add(t)),
    };
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call(&r.code.program, &c, &memory, n, args, arg_words, results, result_words)));
    let name = r.code.describe(function);
    match run {
        Ok(Ok(())) => {
            log_at!(4, "device function {name} ({}): called for {n} lanes", r.code.target);
            Ok(())
        }
        Ok(Err(trap)) => {
            let place = trap.pc().map(|pc| format!(" [{}]", r.code.describe(pc))).unwrap_or_default();
            log_at!(1, "device function {name} ({}): {trap}{place}", r.code.target);
            Err(if matches!(trap, oxrocm_gcn_exec::workgroup::Trap::TimedOut) { HipError::LAUNCH_TIMEOUT } else { HipError::LAUNCH_FAILURE })
        }
        Err(_) => {
            log_at!(1, "device function {name} ({}): the interpreter failed (internal error)", r.code.target);
            Err(HipError::LAUNCH_FAILURE)
        }
    }
}
