//! Mutation harness through the HIP C API (issue 22): real code objects with seeded random
//! byte flips and truncations (`oxrocm_testkit::mutate`), each handed to `hipModuleLoadData`
//! by pointer alone, placed to end at an unreadable page as a program's image may. Every load
//! must succeed or return a HIP error; a module that loads gets `hipModuleGetFunctionCount`,
//! `hipModuleGetFunction` for some of its kernels and `hipModuleUnload`, and every
//! `OXROCM_MUTATION_LAUNCH_EVERY`-th one has up to three kernels launched (checked mode,
//! `OXROCM_LAUNCH_TIMEOUT_MS`), each completing or failing its launch. A panic anywhere
//! (also one a boundary turns into `hipErrorUnknown`) fails the test.
//!
//! Inputs: the loader fixtures (gfx1030, gfx1100), the hip-samples' `module_kernels.co`
//! built by `cargo xtask test --only kernels`, and rocRAND's gfx1030/gfx1100 code objects
//! from Debian's `librocrand.so.1` of ROCm 5.7, 6.4 and 7.2 (`tools/fetch-rocm-peers*.sh`).
//! Under `CI` a missing one fails the test. Settings: `OXROCM_MUTATION_ITERS` (per input;
//! default 250), `OXROCM_MUTATION_SEED`, `OXROCM_MUTATION_EXTRA` (more files, `:`-separated:
//! code objects, bundles, or programs/libraries whose `.hip_fatbin` holds gfx1030/gfx1100
//! code objects, e.g. rocPRIM's test programs), `OXROCM_MUTATION_ONLY` (inputs whose name
//! contains it), `OXROCM_MUTATION_LAUNCH_EVERY` (default 125: the original and two mutations
//! per input launch; launches lower the whole `.text`, slow in a debug build).
//!
//! `fuzz_regressions_load_or_fail` hands every input the fuzz targets once failed on
//! (`fuzz/regressions/<target>/`) to `hipModuleLoadData` the same way.

use amdhip64::device::*;
use amdhip64::error::*;
use amdhip64::memory::*;
use amdhip64::module::*;
use amdhip64::types::*;
use oxrocm_testkit::{Guarded, Rng, mutate};
use std::ffi::{CString, c_void};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicU64, Ordering};

const DEFAULT_ITERS: u64 = 250;
const DEFAULT_SEED: u64 = 0x22_4d0d_10ad;
const DEFAULT_LAUNCH_EVERY: u64 = 125;
/// Kernels looked up per loaded module, and launched per launching iteration.
const LOOKUPS: usize = 8;
const LAUNCHES: usize = 3;
/// Every pointer-sized argument points at this much zeroed device memory.
const ARG_BUFFER: usize = 1 << 20;

static PANICS: AtomicU64 = AtomicU64::new(0);

/// Once per test binary, before either test reaches the runtime: launches stop after
/// 200 ms, lowered code of mutated modules is not written to the on-disk cache, and panics
/// are counted.
fn init() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: the first thing either test does; no other thread reads the environment.
        unsafe {
            std::env::set_var("OXROCM_LAUNCH_TIMEOUT_MS", "200");
            std::env::set_var("OXROCM_GCN_CACHE", "0");
        }
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::Relaxed);
            default_hook(info);
        }));
    });
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn required() -> bool {
    std::env::var_os("CI").is_some()
}

fn workspace() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn peers() -> std::path::PathBuf {
    std::env::var_os("ROCM_PEERS").map(Into::into).unwrap_or_else(|| std::path::Path::new(&std::env::var("HOME").unwrap_or_default()).join(".cache/rocm-peers"))
}

/// The gfx1030/gfx1100 code objects of `file` (itself, a bundle, or a host ELF's
/// `.hip_fatbin`), with the smallest one per target where a fat binary has several (a
/// library's bundles are one per source file).
fn code_objects_of(file: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    for co in oxrocm_amdgcn::corpus::code_objects(file) {
        let Some(target) = oxrocm_amdgcn::corpus::mach(&co.bytes).filter(|t| matches!(*t, "gfx1030" | "gfx1100")) else { continue };
        match out.iter_mut().find(|(t, _)| t == target) {
            Some(have) if have.1.len() <= co.bytes.len() => {}
            Some(have) => have.1 = co.bytes,
            None => out.push((target.to_string(), co.bytes)),
        }
    }
    out
}

/// Every input: (name, bytes). Missing optional ones are reported (fatal under `CI`).
fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut missing = Vec::new();
    for t in ["gfx1030", "gfx1100"] {
        let path = workspace().join(format!("oxrocm-runtime/tests/fixtures/loader_kernels.{t}.co"));
        out.push((format!("fixture.{t}"), std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))));
        let sample = workspace().join(format!("target/oxrocm/hip-programs/{t}/module_kernels.co"));
        match std::fs::read(&sample) {
            Ok(b) => out.push((format!("hip-samples.module_kernels.{t}"), b)),
            Err(_) => missing.push(sample.display().to_string()),
        }
    }
    for (rocm, dir) in [("5.7", "root"), ("6.4", "sid/root"), ("7.2", "experimental/root")] {
        let lib = peers().join(dir).join("usr/lib/x86_64-linux-gnu/librocrand.so.1");
        match std::fs::read(&lib) {
            Ok(b) => out.extend(code_objects_of(&b).into_iter().map(|(t, co)| (format!("rocrand-{rocm}.{t}"), co))),
            Err(_) => missing.push(lib.display().to_string()),
        }
    }
    for path in std::env::var("OXROCM_MUTATION_EXTRA").unwrap_or_default().split(':').filter(|p| !p.is_empty()) {
        let b = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let name = std::path::Path::new(path).file_name().unwrap().to_string_lossy().into_owned();
        let cos = code_objects_of(&b);
        assert!(!cos.is_empty(), "{path}: no gfx1030/gfx1100 code object");
        out.extend(cos.into_iter().map(|(t, co)| (format!("{name}.{t}"), co)));
    }
    if !missing.is_empty() {
        let msg = format!("module_mutation: inputs missing (cargo xtask test --only kernels; tools/fetch-rocm-peers*.sh): {}", missing.join(", "));
        assert!(!required(), "{msg}");
        eprintln!("{msg}");
    }
    if let Ok(only) = std::env::var("OXROCM_MUTATION_ONLY") {
        out.retain(|(n, _)| n.contains(&only));
    }
    out
}

/// FNV-1a of `b`: a stable per-input seed.
fn fnv1a(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf2_9ce4_8422_2325, |h, &c| (h ^ c as u64).wrapping_mul(0x100_0000_01b3))
}

fn name_of(rc: hipError_t) -> String {
    // SAFETY: hipGetErrorName returns a static string for any value.
    unsafe { std::ffi::CStr::from_ptr(hipGetErrorName(rc)) }.to_string_lossy().into_owned()
}

/// A HIP call's result: success or an error code the runtime defines, never the status a
/// caught panic becomes.
fn is_hip_status(rc: hipError_t) -> bool {
    rc == hipSuccess || (rc != hipErrorUnknown && name_of(rc) != "hipErrorUnknown")
}

/// What happened to the inputs of one original.
#[derive(Default)]
struct Tally {
    loaded: u64,
    refused: std::collections::BTreeMap<String, u64>,
    functions: u64,
    launches: std::collections::BTreeMap<String, u64>,
}

/// Kernel names and explicit argument sizes of a loaded image, from the code object the
/// CPU device runs (its own target, else the first).
fn kernels_of(bytes: &[u8], arch: &str) -> Vec<(String, Vec<usize>)> {
    let Ok(cos) = oxrocm_runtime::codeobj::parse_image(bytes) else { return vec![] };
    let Some(co) = cos.iter().find(|c| c.processor() == arch).or(cos.first()) else { return vec![] };
    let Ok(meta) = co.metadata() else { return vec![] };
    let mut names = co.kernel_names();
    names.sort();
    names.into_iter().map(|n| (n.clone(), meta.kernel(&n).map(|k| k.explicit_args().map(|a| a.size).collect()).unwrap_or_default())).collect()
}

/// Launches `f` on one workgroup with arguments of `sizes`: pointer-sized ones point at
/// `buffer`, others hold small values (counts of 1), so that what the kernel does is
/// bounded by its code, not by its arguments.
fn launch(f: hipFunction_t, sizes: &[usize], buffer: *mut c_void) -> (hipError_t, hipError_t) {
    let mut storage: Vec<Vec<u8>> = sizes
        .iter()
        .map(|&n| if n == 8 { (buffer as u64).to_le_bytes().to_vec() } else { (0..n).map(|i| if i % 4 == 0 { 1 } else { 0 }).collect() })
        .collect();
    let mut params: Vec<*mut c_void> = storage.iter_mut().map(|a| a.as_mut_ptr().cast()).collect();
    // SAFETY: one parameter buffer of the kernel's declared size per explicit argument.
    let rc = unsafe { hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, null_mut(), params.as_mut_ptr(), null_mut()) };
    // SAFETY: no arguments.
    let sync = unsafe { hipDeviceSynchronize() };
    (rc, sync)
}

/// The inputs that made a fuzz target fail once (kept in `fuzz/regressions/<target>/`):
/// each is refused with a HIP error or loads.
#[test]
fn fuzz_regressions_load_or_fail() {
    init();
    let dir = workspace().join("fuzz/regressions");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .flat_map(|t| std::fs::read_dir(t.path()).into_iter().flatten().flatten().map(|f| f.path()))
        .collect();
    files.sort();
    // One so far (hip_module_load: a CCOB v2 declaring 4 GiB, reserved before its bytes
    // were found unreadable).
    assert!(!files.is_empty(), "no regression inputs under {}", dir.display());
    let mut guard = Guarded::new(files.iter().map(|f| std::fs::metadata(f).map_or(0, |m| m.len() as usize)).max().unwrap_or(0) + 4096);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let p = guard.place(&bytes);
        let mut m: hipModule_t = null_mut();
        // SAFETY: `p` points at readable memory up to the guard page.
        let rc = unsafe { hipModuleLoadData(&mut m, p.cast()) };
        assert!(is_hip_status(rc), "{}: {rc}", f.display());
        if rc == hipSuccess {
            // SAFETY: the module loaded above.
            assert_eq!(unsafe { hipModuleUnload(m) }, hipSuccess);
        }
        eprintln!("fuzz regression {}: {}", f.display(), name_of(rc));
    }
}

#[test]
fn mutated_modules_load_or_fail_through_the_c_api() {
    init();
    let iters = env_u64("OXROCM_MUTATION_ITERS", DEFAULT_ITERS);
    let seed = env_u64("OXROCM_MUTATION_SEED", DEFAULT_SEED);
    let launch_every = env_u64("OXROCM_MUTATION_LAUNCH_EVERY", DEFAULT_LAUNCH_EVERY).max(1);
    let inputs = inputs();
    assert!(!inputs.is_empty());
    let mut buffer: *mut c_void = null_mut();
    // SAFETY: valid out pointer.
    assert_eq!(unsafe { hipMalloc(&mut buffer, ARG_BUFFER) }, hipSuccess);
    let mut prop = std::mem::MaybeUninit::<hipDeviceProp_tR0600>::zeroed();
    // SAFETY: a properties struct of the 6.x layout.
    assert_eq!(unsafe { hipGetDevicePropertiesR0600(prop.as_mut_ptr(), 0) }, hipSuccess);
    // SAFETY: filled by the call above.
    let arch_name = unsafe { std::ffi::CStr::from_ptr(prop.assume_init_ref().gcnArchName.as_ptr()) }.to_string_lossy().into_owned();
    let arch = arch_name.split(':').next().unwrap_or("").to_string();
    let mut guard = Guarded::new(inputs.iter().map(|(_, b)| b.len()).max().unwrap() + 4096);
    let mut failures: Vec<String> = Vec::new();
    let mut lines = Vec::new();
    let t0 = std::time::Instant::now();
    for (name, original) in &inputs {
        let t = std::time::Instant::now();
        let mut tally = Tally::default();
        // Seeded by name, so that a run of one input (OXROCM_MUTATION_ONLY) replays it.
        let mut rng = Rng(seed ^ fnv1a(name.as_bytes()));
        for i in 0..=iters {
            // Iteration 0 is the original, which must load.
            let bytes = if i == 0 { original.clone() } else { mutate(&mut rng, original) };
            let panics_before = PANICS.load(Ordering::Relaxed);
            let p = guard.place(&bytes);
            let mut m: hipModule_t = null_mut();
            // SAFETY: `p` points at readable memory up to the guard page.
            let rc = unsafe { hipModuleLoadData(&mut m, p.cast()) };
            if !is_hip_status(rc) {
                failures.push(format!("{name} iteration {i}: hipModuleLoadData returned {rc} ({})", name_of(rc)));
            }
            if rc != hipSuccess {
                assert!(i > 0, "{name}: the original does not load ({})", name_of(rc));
                *tally.refused.entry(name_of(rc)).or_default() += 1;
            } else {
                tally.loaded += 1;
                let mut count = 0u32;
                // SAFETY: a loaded module, valid out pointer.
                let rc = unsafe { hipModuleGetFunctionCount(&mut count, m) };
                if rc != hipSuccess {
                    failures.push(format!("{name} iteration {i}: hipModuleGetFunctionCount of a loaded module: {}", name_of(rc)));
                }
                let kernels = kernels_of(&bytes, &arch);
                let launching = i % launch_every == 0;
                let mut launched = 0;
                for (kernel, sizes) in kernels.iter().take(LOOKUPS) {
                    let Ok(c) = CString::new(kernel.as_str()) else { continue };
                    let mut f: hipFunction_t = null_mut();
                    // SAFETY: valid module, out pointer and NUL-terminated name.
                    let rc = unsafe { hipModuleGetFunction(&mut f, m, c.as_ptr()) };
                    if !is_hip_status(rc) {
                        failures.push(format!("{name} iteration {i}: hipModuleGetFunction returned {rc}"));
                    }
                    if rc != hipSuccess {
                        continue;
                    }
                    tally.functions += 1;
                    if launching && launched < LAUNCHES {
                        launched += 1;
                        let (rc, sync) = launch(f, sizes, buffer);
                        for r in [rc, sync] {
                            if !is_hip_status(r) {
                                failures.push(format!("{name} iteration {i}: launching {kernel}: {r} ({})", name_of(r)));
                            }
                        }
                        let outcome = if rc != hipSuccess { format!("launch {}", name_of(rc)) } else { name_of(sync) };
                        *tally.launches.entry(outcome).or_default() += 1;
                    }
                }
                // SAFETY: the module loaded above.
                let rc = unsafe { hipModuleUnload(m) };
                if rc != hipSuccess {
                    failures.push(format!("{name} iteration {i}: hipModuleUnload of a loaded module: {}", name_of(rc)));
                }
            }
            if PANICS.load(Ordering::Relaxed) != panics_before {
                failures.push(format!("{name} iteration {i}: a panic (message above)"));
            }
        }
        let line = format!(
            "{name} ({} bytes): {iters} mutations + the original in {:.1} s: {} loaded, refused {:?}, {} functions, launches {:?}",
            original.len(),
            t.elapsed().as_secs_f64(),
            tally.loaded,
            tally.refused,
            tally.functions,
            tally.launches
        );
        eprintln!("module_mutation: {line}");
        lines.push(line);
    }
    eprintln!("module_mutation (seed {seed:#x}, {} inputs, {:.1} s):\n  {}", inputs.len(), t0.elapsed().as_secs_f64(), lines.join("\n  "));
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n"));
}
