//! Mutation harness for untrusted code objects (issue 22): real code objects with seeded
//! random byte flips (1-8 bytes) and truncations, each taken through what `hipModuleLoad*`
//! and a later `hipModuleGetFunction`/launch do with an image: its extent from the headers
//! (`image_extent`, and `image_len` on an image that ends at an unreadable page), bundle and
//! `CCOB` parsing, the ELF reader (sections, symbols, notes, relocations, segments), the
//! metadata note, kernel descriptors and entry points, kernarg layouts, globals, the
//! relocated image and the decoded `.text`. Every input must load or be refused with an
//! error: no panic, and no single allocation beyond a bound set by the input's size.
//!
//! Inputs: the two fixtures (gfx1030, gfx1100), an offload bundle of both, and that bundle
//! compressed (`CCOB` v2 zlib, v3 zstd). `OXROCM_MUTATION_ITERS` sets the iterations per
//! input (default 1,000: 5,000 loads, seconds in CI); `OXROCM_MUTATION_SEED` the base seed;
//! `OXROCM_MUTATION_EXTRA` adds code objects or bundles (paths, `:`-separated) for local runs.

use oxrocm_runtime::codeobj::elf::Elf;
use oxrocm_runtime::codeobj::kernarg::{self, Dispatch, Explicit, HiddenValues};
use oxrocm_runtime::codeobj::{image, image_extent, image_len, parse_image};
use oxrocm_testkit::bundle::{bundle, ccob};
use oxrocm_testkit::{Guarded, Rng, mutate};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

const DEFAULT_ITERS: u64 = 1_000;
const DEFAULT_SEED: u64 = 0x22_0c0d_e0b1;
/// Larger single allocations than this abort the run at once (they are the bug hunted).
const HARD_LIMIT: usize = 1 << 31;
/// Loaded images and globals bigger than this are not made (their size is checked only).
const MAKE_LIMIT: usize = 64 << 20;
/// `.text` up to this size is decoded too.
const DECODE_LIMIT: usize = 256 << 10;

// --- allocation tracking: the largest single request of the running case -------------------

struct Tracking;
thread_local! {
    static PEAK: Cell<usize> = const { Cell::new(0) };
}
/// Which case runs (input index << 32 | iteration), for the message on a huge request.
static CASE: AtomicU64 = AtomicU64::new(0);

fn note(size: usize) -> bool {
    let _ = PEAK.try_with(|p| p.set(p.get().max(size)));
    if size > HARD_LIMIT {
        let case = CASE.load(Ordering::Relaxed);
        let msg = format!("codeobj_mutation: allocation of {size} bytes in input {} iteration {}\n", case >> 32, case & 0xffff_ffff);
        // SAFETY: writing a buffer to stderr; `format!` above allocated little.
        unsafe { libc::write(2, msg.as_ptr().cast(), msg.len()) };
        return false;
    }
    true
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if !note(l.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        if !note(l.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        if !note(size) {
            return std::ptr::null_mut();
        }
        unsafe { System.realloc(p, l, size) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static ALLOC: Tracking = Tracking;

// --- inputs -----------------------------------------------------------------------------------

fn fixture(target: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/loader_kernels.{target}.co", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn inputs() -> Vec<(String, Vec<u8>)> {
    let (a, b) = (fixture("gfx1030"), fixture("gfx1100"));
    let bun = bundle(&[
        ("host-x86_64-unknown-linux-gnu-", &[]),
        ("hipv4-amdgcn-amd-amdhsa--gfx1030", &a),
        ("hipv4-amdgcn-amd-amdhsa--gfx1100", &b),
    ]);
    let mut out = vec![
        ("gfx1030.co".to_string(), a),
        ("gfx1100.co".to_string(), b),
        ("bundle".to_string(), bun.clone()),
        ("ccob-v2-zlib".to_string(), ccob(2, &bun)),
        ("ccob-v3-zstd".to_string(), ccob(3, &bun)),
    ];
    for path in std::env::var("OXROCM_MUTATION_EXTRA").unwrap_or_default().split(':').filter(|p| !p.is_empty()) {
        out.push((path.to_string(), std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))));
    }
    out
}

// --- one load, as the runtime does it -------------------------------------------------------

/// What loading `bytes` gives: code objects loaded, or the error.
fn load(bytes: &[u8]) -> Result<usize, String> {
    let cos = parse_image(bytes).map_err(|e| e.to_string())?;
    for co in &cos {
        let _ = (co.processor(), co.symbols());
        let mut names = co.kernel_names();
        names.sort();
        let meta = co.metadata();
        for name in names.iter().take(16) {
            let _ = (co.has_kernel(name), co.entry(name));
            if let Some((_, kd)) = co.descriptor(name) {
                let _ = (kd.sgpr_layout(), kd.vgpr_count(kd.wave32(), false), kd.workitem_id_dims());
            }
            if let Some(km) = meta.as_ref().ok().and_then(|m| m.kernel(name)) {
                let packed = vec![0u8; km.kernarg_size];
                let d = Dispatch { groups: [2, 1, 1], block: [64, 1, 1], dynamic_lds: 0 };
                // SAFETY: `Packed` reads only from `packed`.
                let _ = unsafe { kernarg::build(km, Explicit::Packed(&packed), &d, &HiddenValues::default()) };
            }
        }
        let Some(elf) = Elf::new(&co.image) else { continue };
        let _ = (elf.notes().len(), elf.relocations().len(), elf.abi_version());
        // Globals and the loaded image are as big as the image declares (checked against
        // MAX_IMAGE_LEN, fallibly allocated): made up to MAKE_LIMIT here, and their
        // allocations held to what was declared rather than to the input's size.
        for s in elf.symbols().iter().filter(|s| s.defined() && s.kind == 1 && (s.size as usize) <= MAKE_LIMIT) {
            declared(s.size as usize, || drop(co.global(&s.name)));
        }
        if let Ok(n) = image::span(&elf)
            && n <= MAKE_LIMIT
        {
            declared(n, || drop(image::relocated(&elf, 0x7f00_0000_0000)));
        }
        let target = match co.processor() {
            "gfx1030" => Some(oxrocm_gcn_exec::Target::Gfx1030),
            "gfx1100" => Some(oxrocm_gcn_exec::Target::Gfx1100),
            _ => None,
        };
        // As LoadedCode::decode at a kernel's first launch: the code within the loaded image.
        // The decoder has its own fuzz target (issue 22): here the code of small images only.
        let within = |s: &oxrocm_runtime::codeobj::elf::Section| {
            image::span(&elf).is_ok_and(|n| s.addr.checked_add(s.size as u64).is_some_and(|e| e <= n as u64))
        };
        if let (Some(t), Some(text)) = (target, elf.section(".text").filter(|s| s.size <= DECODE_LIMIT && within(s))) {
            let _ = oxrocm_gcn_exec::lower::decode_text(elf.section_bytes(&text), 0x7f00_0000_0000 + text.addr, t);
        }
    }
    Ok(cos.len())
}

/// Runs `f`, whose allocations are exempt from the input-size bound but must stay within
/// `size` (plus the tables it reads).
fn declared(size: usize, f: impl FnOnce()) {
    let before = PEAK.with(|p| p.replace(0));
    f();
    let peak = PEAK.with(|p| p.replace(before));
    assert!(peak <= size + (1 << 20), "an allocation of {peak} bytes for {size} declared");
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn mutated_code_objects_load_or_fail_cleanly() {
    let iters = env_u64("OXROCM_MUTATION_ITERS", DEFAULT_ITERS);
    let seed = env_u64("OXROCM_MUTATION_SEED", DEFAULT_SEED);
    let inputs = inputs();
    let mut guard = Guarded::new(inputs.iter().map(|(_, b)| b.len()).max().unwrap_or(0) + 4096);
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    let t0 = std::time::Instant::now();
    for (index, (name, original)) in inputs.iter().enumerate() {
        // Unmutated, every input loads.
        assert!(load(original).is_ok_and(|n| n > 0), "{name}: the unmutated input does not load");
        // (A section holding a bundle may be padded beyond it.)
        assert!(image_extent(original).is_some_and(|n| n <= original.len()), "{name}: extent of the unmutated input");
        let failed_before = failures.len();
        let mut rng = Rng(seed ^ (index as u64).wrapping_mul(0x100_0000_01b3));
        let (mut loaded, mut refused) = (0u64, 0u64);
        for i in 0..iters {
            CASE.store((index as u64) << 32 | i, Ordering::Relaxed);
            let bytes = mutate(&mut rng, original);
            PEAK.with(|p| p.set(0));
            let run = std::panic::catch_unwind(|| {
                // hipModuleLoad: the whole file. hipModuleLoadData: the extent its headers give
                // (from an image ending at an unreadable page), refused where there is none.
                let whole = load(&bytes);
                let extent = image_extent(&bytes);
                if let Some(n) = extent {
                    assert!(n <= bytes.len());
                    if n < bytes.len() {
                        let _ = load(&bytes[..n]);
                    }
                }
                whole
            });
            let peak = PEAK.with(Cell::get);
            // Parsing may copy the input and build tables from it, never more than this.
            let bound = 64 * bytes.len() + (16 << 20);
            match run {
                Ok(r) if peak <= bound => {
                    if r.is_ok() { loaded += 1 } else { refused += 1 }
                }
                Ok(_) => failures.push(format!("{name} iteration {i}: an allocation of {peak} bytes (bound {bound})")),
                Err(e) => {
                    let why = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
                    failures.push(format!("{name} iteration {i}: panic: {why}"));
                }
            }
            if i % 8 == 0 && !bytes.is_empty() {
                let p = guard.place(&bytes);
                // SAFETY: `p` is non-null; reads beyond the image fault unless checked.
                if let Some(n) = unsafe { image_len(p) } {
                    assert!(n <= bytes.len(), "{name} iteration {i}: image_len {n} beyond the image ({})", bytes.len());
                }
            }
        }
        let line = format!("{name}: {iters} mutations, {loaded} loaded, {refused} refused, {} failed", failures.len() - failed_before);
        eprintln!("codeobj_mutation: {line} ({:.1} s)", t0.elapsed().as_secs_f64());
        summary.push(line);
    }
    eprintln!("codeobj_mutation (seed {seed:#x}, {:.1} s):\n  {}", t0.elapsed().as_secs_f64(), summary.join("\n  "));
    assert!(failures.is_empty(), "{} of the mutated inputs failed:\n{}", failures.len(), failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n"));
}

/// Inputs the harness found: each must be refused (or load) without a crash.
#[test]
fn damaged_headers_are_refused() {
    let co = fixture("gfx1100");
    // e_shoff with its top byte set: the extent overflows the image (was a huge slice).
    let mut b = co.clone();
    b[0x2f] = 0xff;
    assert_eq!(image_extent(&b), None);
    // A bundle entry whose offset + size wraps around.
    let mut bun = bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx1100", &co)]);
    bun[32..40].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(parse_image(&bun).is_err());
    assert_eq!(image_extent(&bun), None);
    // An id length that wraps the entry table's offset.
    let mut bun = bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx1100", &co)]);
    bun[48..56].copy_from_slice(&(u64::MAX - 8).to_le_bytes());
    assert!(parse_image(&bun).is_err());
    assert_eq!(image_extent(&bun), None);
    // hipModuleLoadData's crash: e_shoff 4 KiB further on, the extent now beyond the
    // readable bytes (the image ends at an inaccessible page), was a fault copying it.
    let mut guard = Guarded::new(co.len() + 4096);
    let mut b = co.clone();
    let shoff = u64::from_le_bytes(b[0x28..0x30].try_into().unwrap());
    b[0x28..0x30].copy_from_slice(&(shoff + 4096).to_le_bytes());
    let p = guard.place(&b);
    // SAFETY: `p` is non-null; the mapping stays.
    assert_eq!(unsafe { image_len(p) }, None);
    let p = guard.place(&co);
    assert_eq!(unsafe { image_len(p) }, Some(co.len()));
    // A compressed bundle inflating to more than its header declares is refused.
    let bun = bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx1100", &co)]);
    for version in [2u16, 3] {
        let mut c = ccob(version, &bun);
        assert_eq!(parse_image(&c).map(|v| v.len()), Ok(1));
        if version == 2 {
            c[12..16].copy_from_slice(&1000u32.to_le_bytes());
        } else {
            c[16..24].copy_from_slice(&1000u64.to_le_bytes());
        }
        assert!(parse_image(&c).is_err(), "v{version}");
    }
}
