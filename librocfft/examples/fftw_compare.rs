//! Our rocFFT on the current backend against FFTW 3 on the same machine, same run: the
//! CPU benchmark of issue 23. Single precision, in place, FFTW planned with FFTW_MEASURE and
//! as many threads as the machine has (our transforms use every core through rayon).
//!
//! `cargo run --release -p librocfft --example fftw_compare [-- --runs 20] [--threads N]
//!  [--only TEXT] [--ours-only]` (`--threads`: N for both, FFTW's plans and librocfft's pool)
//!
//! FFTW: Debian's libfftw3f.so.3 and libfftw3f_threads.so.3, from `$OXROCM_FFTWF_DIR`, the
//! loader path, or the ROCm peers tree (tools/fetch-rocm-peers.sh). Each line: the shape,
//! both medians in ms, and our speed as a multiple of FFTW's (above 1: we are faster).

use amdhip64::memcpy::hipMemcpy;
use amdhip64::memory::{hipFree, hipMalloc};
use amdhip64::stream::hipStreamSynchronize;
use rocfft::execute::rocfft_execute;
use rocfft::plan::{rocfft_plan_create, rocfft_plan_destroy};
use std::ffi::{CString, c_int, c_uint, c_void};
use std::ptr::null_mut;
use std::time::Instant;

const FFTW_MEASURE: c_uint = 0;
const FFTW_FORWARD: c_int = -1;

/// A benchmark shape: lengths slowest first (FFTW's order), batch, real or complex.
struct Shape {
    name: &'static str,
    lengths: &'static [usize],
    batch: usize,
    real: bool,
}

const SHAPES: &[Shape] = &[
    Shape { name: "c2c 2^20", lengths: &[1 << 20], batch: 1, real: false },
    Shape { name: "r2c 2^20", lengths: &[1 << 20], batch: 1, real: true },
    Shape { name: "c2c 1024 x batch 1024", lengths: &[1024], batch: 1024, real: false },
    Shape { name: "c2c 3D 128^3", lengths: &[128, 128, 128], batch: 1, real: false },
];

type PlanMany = unsafe extern "C" fn(c_int, *const c_int, c_int, *mut f32, *const c_int, c_int, c_int, *mut f32, *const c_int, c_int, c_int, c_int, c_uint) -> *mut c_void;
type PlanManyR2c = unsafe extern "C" fn(c_int, *const c_int, c_int, *mut f32, *const c_int, c_int, c_int, *mut f32, *const c_int, c_int, c_int, c_uint) -> *mut c_void;

/// The single-precision FFTW entry points this benchmark calls.
struct Fftw {
    plan_many: PlanMany,
    plan_many_r2c: PlanManyR2c,
    execute: unsafe extern "C" fn(*mut c_void),
    destroy: unsafe extern "C" fn(*mut c_void),
    version: String,
}

fn open_fftw(threads: usize) -> Fftw {
    let home = std::env::var("HOME").unwrap_or_default();
    let dirs: Vec<String> = std::env::var("OXROCM_FFTWF_DIR")
        .ok()
        .into_iter()
        .chain([String::new(), format!("{home}/.cache/rocm-peers/root/usr/lib/x86_64-linux-gnu/")])
        .map(|d| if d.is_empty() || d.ends_with('/') { d } else { d + "/" })
        .collect();
    let open = |file: &str| {
        dirs.iter()
            .find_map(|d| {
                let path = CString::new(format!("{d}{file}")).ok()?;
                let h = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
                (!h.is_null()).then_some(h)
            })
            .unwrap_or_else(|| panic!("{file} not found in {dirs:?} (set OXROCM_FFTWF_DIR)"))
    };
    let lib = open("libfftw3f.so.3");
    let threads_lib = open("libfftw3f_threads.so.3");
    let sym = |h: *mut c_void, name: &str| {
        let c = CString::new(name).unwrap();
        let p = unsafe { libc::dlsym(h, c.as_ptr()) };
        assert!(!p.is_null(), "FFTW lacks {name}");
        p
    };
    unsafe {
        let init = std::mem::transmute::<*mut c_void, unsafe extern "C" fn() -> c_int>(sym(threads_lib, "fftwf_init_threads"));
        assert_ne!(init(), 0, "fftwf_init_threads");
        let with = std::mem::transmute::<*mut c_void, unsafe extern "C" fn(c_int)>(sym(threads_lib, "fftwf_plan_with_nthreads"));
        with(threads as c_int);
        let version = std::ffi::CStr::from_ptr(sym(lib, "fftwf_version") as *const std::ffi::c_char).to_string_lossy().into_owned();
        Fftw {
            plan_many: std::mem::transmute::<*mut c_void, PlanMany>(sym(lib, "fftwf_plan_many_dft")),
            plan_many_r2c: std::mem::transmute::<*mut c_void, PlanManyR2c>(sym(lib, "fftwf_plan_many_dft_r2c")),
            execute: std::mem::transmute::<*mut c_void, unsafe extern "C" fn(*mut c_void)>(sym(lib, "fftwf_execute")),
            destroy: std::mem::transmute::<*mut c_void, unsafe extern "C" fn(*mut c_void)>(sym(lib, "fftwf_destroy_plan")),
            version,
        }
    }
}

/// Median of `runs` timings (ms) of `f`, after one warm-up call.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(|a, b| a.total_cmp(b));
    t[t.len() / 2]
}

/// Floats one in-place transform of `shape` needs (real rows padded to 2·(N/2+1)).
fn floats(shape: &Shape) -> usize {
    let (&fast, slow) = shape.lengths.split_last().unwrap();
    let rows: usize = slow.iter().product();
    let row = if shape.real { 2 * (fast / 2 + 1) } else { 2 * fast };
    rows * row * shape.batch
}

/// Deterministic data in [-1, 1).
fn data(n: usize) -> Vec<f32> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}

fn fftw_ms(fftw: &Fftw, shape: &Shape, runs: usize) -> f64 {
    let n: Vec<c_int> = shape.lengths.iter().map(|&l| l as c_int).collect();
    let len = floats(shape);
    let mut buf = vec![0f32; len];
    let per = (len / shape.batch) as c_int;
    let plan = unsafe {
        if shape.real {
            // In place: the real rows are padded, so the input's embedding differs from the logical size.
            let mut inembed = n.clone();
            *inembed.last_mut().unwrap() = 2 * (*n.last().unwrap() / 2 + 1);
            let mut onembed = n.clone();
            *onembed.last_mut().unwrap() = *n.last().unwrap() / 2 + 1;
            (fftw.plan_many_r2c)(n.len() as c_int, n.as_ptr(), shape.batch as c_int, buf.as_mut_ptr(), inembed.as_ptr(), 1, per, buf.as_mut_ptr(), onembed.as_ptr(), 1, per / 2, FFTW_MEASURE)
        } else {
            (fftw.plan_many)(n.len() as c_int, n.as_ptr(), shape.batch as c_int, buf.as_mut_ptr(), null_mut(), 1, per / 2, buf.as_mut_ptr(), null_mut(), 1, per / 2, FFTW_FORWARD, FFTW_MEASURE)
        }
    };
    assert!(!plan.is_null(), "FFTW refused {}", shape.name);
    // FFTW_MEASURE overwrites the array while planning: fill it afterwards.
    buf.copy_from_slice(&data(len));
    let ms = median_ms(runs, || unsafe { (fftw.execute)(plan) });
    unsafe { (fftw.destroy)(plan) };
    ms
}

fn ours_ms(shape: &Shape, runs: usize) -> f64 {
    let len = floats(shape);
    let bytes = len * 4;
    let mut dev = null_mut();
    assert_eq!(unsafe { hipMalloc(&mut dev, bytes) }, 0, "hipMalloc({bytes})");
    let host = data(len);
    assert_eq!(unsafe { hipMemcpy(dev, host.as_ptr() as *const c_void, bytes, 1) }, 0);
    // The C API takes lengths fastest first.
    let lengths: Vec<usize> = shape.lengths.iter().rev().copied().collect();
    let mut plan = null_mut();
    let transform = if shape.real { 2 } else { 0 };
    assert_eq!(unsafe { rocfft_plan_create(&mut plan, 0, transform, 0, lengths.len(), lengths.as_ptr(), shape.batch, null_mut()) }, 0);
    let mut ins = [dev];
    let mut outs = [null_mut()];
    let ms = median_ms(runs, || {
        assert_eq!(unsafe { rocfft_execute(plan, ins.as_mut_ptr(), outs.as_mut_ptr(), null_mut()) }, 0);
        assert_eq!(unsafe { hipStreamSynchronize(null_mut()) }, 0);
    });
    unsafe { rocfft_plan_destroy(plan) };
    unsafe { hipFree(dev) };
    ms
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse::<usize>().ok());
    let runs = arg("--runs").unwrap_or(20).max(1);
    let threads = arg("--threads").unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    // The same thread count for ours: librocfft's pool reads RAYON_NUM_THREADS when first
    // used, which is after this (no transform has run yet).
    if args.iter().any(|a| a == "--threads") {
        // SAFETY: no other thread runs yet.
        unsafe { std::env::set_var("RAYON_NUM_THREADS", threads.to_string()) };
    }
    let fftw = open_fftw(threads);
    println!("rocFFT (oxrocm, backend {}) against {} with {threads} threads, FFTW_MEASURE, single precision, in place, median of {runs}", backend(), fftw.version);
    println!("{:<24} {:>12} {:>12} {:>10}", "shape", "oxrocm ms", "FFTW ms", "speed");
    // `--only TEXT`: the shapes whose name contains TEXT (e.g. for a profiler).
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).cloned().unwrap_or_default();
    let skip_fftw = args.iter().any(|a| a == "--ours-only");
    for shape in SHAPES.iter().filter(|s| s.name.contains(only.as_str())) {
        if skip_fftw {
            println!("{:<24} {:>12.3}", shape.name, ours_ms(shape, runs));
            continue;
        }
        let ours = ours_ms(shape, runs);
        let theirs = fftw_ms(&fftw, shape, runs);
        println!("{:<24} {:>12.3} {:>12.3} {:>9.2}x", shape.name, ours, theirs, theirs / ours);
    }
}

fn backend() -> String {
    unsafe extern "C" {
        fn oxrocm_private_v1_backend_name() -> *const std::ffi::c_char;
    }
    let p = unsafe { oxrocm_private_v1_backend_name() };
    if p.is_null() { "?".into() } else { unsafe { std::ffi::CStr::from_ptr(p) }.to_string_lossy().into_owned() }
}
