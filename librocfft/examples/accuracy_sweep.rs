//! rocFFT accuracy sweep against FFTW 3 in double precision (an independent FFT: Debian's
//! libfftw3.so.3, loaded at run time), through the C API on the current backend:
//! every transform type (complex forward/inverse, real forward/inverse) × placement ×
//! precision, over 1D lengths, large and prime 1D lengths and 2D/3D shapes. Prints, per
//! type and precision, the largest relative L2 error and where it occurred, lists every case
//! over the bound (single 1e-6, double 1e-14, half 1e-2), and exits 1 if there is one.
//!
//! `cargo run --release -p librocfft --example accuracy_sweep -- [--quick] [--max-1d N]
//!  [--fftw PATH] [--no-large] [--shapes 256,1024,64x64]` (`--shapes`: only those)
//!
//! `--quick`: 1D lengths 1..=256 and a few shapes (what CI runs). Default: 1..=4096, large
//! lengths up to 2^24, 2D/3D shapes up to 256³. FFTW: `--fftw`, else `$OXROCM_FFTW`, else
//! libfftw3.so.3 from the loader path or the ROCm peers tree. Cases run on every core
//! (`RAYON_NUM_THREADS` to limit them).

#[path = "../tests/support/mod.rs"]
mod support;

use rocfft::execute::rocfft_execute;
use rocfft::plan::{rocfft_plan_create, rocfft_plan_destroy};
use std::ffi::{CString, c_int, c_void};
use std::ptr::null_mut;
use rayon::prelude::*;
use support::{Dev, Prec, signal};

type PlanDft = unsafe extern "C" fn(c_int, *const c_int, *mut [f64; 2], *mut [f64; 2], c_int, u32) -> *mut c_void;
type Execute = unsafe extern "C" fn(*mut c_void);
type Destroy = unsafe extern "C" fn(*mut c_void);

struct Fftw {
    plan_dft: PlanDft,
    execute: Execute,
    destroy: Destroy,
}

const FFTW_ESTIMATE: u32 = 1 << 6;

impl Fftw {
    fn load(explicit: Option<String>) -> Fftw {
        let home = std::env::var("HOME").unwrap_or_default();
        let candidates: Vec<String> = explicit
            .into_iter()
            .chain(std::env::var("OXROCM_FFTW").ok())
            .chain(["libfftw3.so.3".to_string(), format!("{home}/.cache/rocm-peers/root/usr/lib/x86_64-linux-gnu/libfftw3.so.3")])
            .collect();
        for c in &candidates {
            let name = CString::new(c.as_str()).unwrap();
            let h = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            if h.is_null() {
                continue;
            }
            let sym = |s: &str| {
                let n = CString::new(s).unwrap();
                let p = unsafe { libc::dlsym(h, n.as_ptr()) };
                assert!(!p.is_null(), "{c} has no {s}");
                p
            };
            return unsafe {
                Fftw {
                    plan_dft: std::mem::transmute::<*mut c_void, PlanDft>(sym("fftw_plan_dft")),
                    execute: std::mem::transmute::<*mut c_void, Execute>(sym("fftw_execute")),
                    destroy: std::mem::transmute::<*mut c_void, Destroy>(sym("fftw_destroy_plan")),
                }
            };
        }
        eprintln!("accuracy_sweep: FFTW 3 (libfftw3.so.3) not found; tried {candidates:?}");
        std::process::exit(2);
    }

    /// Complex DFT of `x` (dimension 0 fastest, as rocFFT orders lengths). FFTW's planner
    /// is not thread-safe (its execution is): planning and destruction hold a lock.
    fn dft(&self, x: &[[f64; 2]], lengths: &[usize], forward: bool) -> Vec<[f64; 2]> {
        static PLANNER: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let mut input = x.to_vec();
        let mut out = vec![[0.0; 2]; x.len()];
        // FFTW takes row-major dimensions: slowest first.
        let n: Vec<c_int> = lengths.iter().rev().map(|&l| l as c_int).collect();
        unsafe {
            let p = {
                let _planning = PLANNER.lock().unwrap_or_else(|e| e.into_inner());
                (self.plan_dft)(n.len() as c_int, n.as_ptr(), input.as_mut_ptr(), out.as_mut_ptr(), if forward { -1 } else { 1 }, FFTW_ESTIMATE)
            };
            assert!(!p.is_null());
            (self.execute)(p);
            let _planning = PLANNER.lock().unwrap_or_else(|e| e.into_inner());
            (self.destroy)(p);
        }
        out
    }
}

/// One transform of `lengths` with default (contiguous, padded in place) layouts: the
/// relative L2 error of our result against FFTW's.
fn case(fftw: &Fftw, t: i32, prec: Prec, inplace: bool, lengths: &[usize], seed: u64) -> f64 {
    let n: usize = lengths.iter().product();
    let h0 = lengths[0] / 2 + 1;
    let rows = n / lengths[0];
    let herm = h0 * rows;
    let real_row = if inplace { 2 * h0 } else { lengths[0] };
    // Logical input (what the library reads, rounded to the precision) and the reference.
    let (input_values, reference): (Vec<f64>, Vec<[f64; 2]>) = match t {
        0 | 1 => {
            let v: Vec<f64> = signal(2 * n, seed).into_iter().map(|x| prec.round(x)).collect();
            let x: Vec<[f64; 2]> = v.chunks(2).map(|c| [c[0], c[1]]).collect();
            (v, fftw.dft(&x, lengths, t == 0))
        }
        2 => {
            let v: Vec<f64> = signal(n, seed).into_iter().map(|x| prec.round(x)).collect();
            let full = fftw.dft(&v.iter().map(|&r| [r, 0.0]).collect::<Vec<_>>(), lengths, true);
            let half: Vec<[f64; 2]> = (0..herm).map(|k| full[(k / h0) * lengths[0] + k % h0]).collect();
            // Input laid out with padded rows in place.
            let mut laid = vec![0.0; rows * real_row];
            for r in 0..rows {
                laid[r * real_row..r * real_row + lengths[0]].copy_from_slice(&v[r * lengths[0]..(r + 1) * lengths[0]]);
            }
            (laid, half)
        }
        _ => {
            // The spectrum of a real signal, so that the inverse is real.
            let real = signal(n, seed);
            let full = fftw.dft(&real.iter().map(|&r| [r, 0.0]).collect::<Vec<_>>(), lengths, true);
            let half: Vec<[f64; 2]> = (0..herm).map(|k| full[(k / h0) * lengths[0] + k % h0]).map(|c| [prec.round(c[0]), prec.round(c[1])]).collect();
            // Reference: the inverse of the full spectrum rebuilt from the rounded half.
            let mut spectrum = vec![[0.0; 2]; n];
            for (i, s) in spectrum.iter_mut().enumerate() {
                let mut idx = [0usize; 3];
                let mut rem = i;
                for d in 0..lengths.len() {
                    idx[d] = rem % lengths[d];
                    rem /= lengths[d];
                }
                let conj = idx[0] >= h0;
                if conj {
                    for d in 0..lengths.len() {
                        idx[d] = (lengths[d] - idx[d]) % lengths[d];
                    }
                }
                let (mut at, mut stride) = (0, 1);
                for d in 0..lengths.len() {
                    at += idx[d] * stride;
                    stride *= if d == 0 { h0 } else { lengths[d] };
                }
                *s = if conj { [half[at][0], -half[at][1]] } else { half[at] };
            }
            let back = fftw.dft(&spectrum, lengths, false);
            (half.iter().flat_map(|c| [c[0], c[1]]).collect(), back.iter().map(|c| [c[0], 0.0]).collect())
        }
    };
    let out_values = match t {
        0 | 1 => 2 * n,
        2 => 2 * herm,
        _ => rows * real_row,
    };
    let in_buf = Dev::new(&prec.encode(&if inplace && input_values.len() < out_values {
        let mut v = input_values.clone();
        v.resize(out_values, 0.0);
        v
    } else {
        input_values
    }));
    let out_buf = (!inplace).then(|| Dev::new(&prec.encode(&vec![0.0; out_values])));
    let mut plan = null_mut();
    let st = unsafe { rocfft_plan_create(&mut plan, if inplace { 0 } else { 1 }, t, prec.c(), lengths.len(), lengths.as_ptr(), 1, null_mut()) };
    assert_eq!(st, 0, "plan {t} {lengths:?}");
    let mut ins = [in_buf.0];
    let mut outs = [out_buf.as_ref().map_or(null_mut(), |b| b.0)];
    assert_eq!(unsafe { rocfft_execute(plan, ins.as_mut_ptr(), outs.as_mut_ptr(), null_mut()) }, 0);
    unsafe { rocfft_plan_destroy(plan) };
    let got = prec.decode(&out_buf.as_ref().unwrap_or(&in_buf).read());
    let got: Vec<[f64; 2]> = match t {
        3 => (0..n).map(|i| [got[(i / lengths[0]) * real_row + i % lengths[0]], 0.0]).collect(),
        _ => got.chunks(2).take(reference.len()).map(|c| [c[0], c[1]]).collect(),
    };
    let (mut err, mut norm) = (0.0, 0.0);
    for (g, r) in got.iter().zip(&reference) {
        err += (g[0] - r[0]).powi(2) + (g[1] - r[1]).powi(2);
        norm += r[0] * r[0] + r[1] * r[1];
    }
    if norm == 0.0 { err.sqrt() } else { (err / norm).sqrt() }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let large = !quick && !args.iter().any(|a| a == "--no-large");
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let max_1d: usize = flag("--max-1d").and_then(|v| v.parse().ok()).unwrap_or(if quick { 256 } else { 4096 });
    let fftw = Fftw::load(flag("--fftw"));

    let mut shapes: Vec<Vec<usize>> = (1..=max_1d).map(|n| vec![n]).collect();
    if large {
        for n in [8192, 10000, 16384, 65536, 65537, 59049, 390625, 1 << 20, 1000003, 1 << 22, 1 << 24] {
            shapes.push(vec![n]);
        }
    }
    let multi: &[&[usize]] = if quick {
        &[&[4, 4], &[5, 7], &[64, 64], &[3, 5, 7], &[16, 16, 16]]
    } else {
        &[&[4, 4], &[5, 7], &[64, 64], &[1024, 1024], &[3, 5, 7], &[16, 16, 16], &[100, 50, 10], &[128, 128, 128], &[256, 256, 256]]
    };
    shapes.extend(multi.iter().map(|s| s.to_vec()));
    // `--shapes 256,1024,64x64`: only these (a shader variant's quick check).
    if let Some(list) = flag("--shapes") {
        shapes = list.split(',').map(|s| s.split('x').map(|n| n.parse().expect("--shapes: lengths such as 256,64x64")).collect()).collect();
    }

    let names = ["complex forward", "complex inverse", "real forward", "real inverse"];
    // Every case, in a fixed order; they run on all cores (each has its own buffers and
    // plan), and their errors are reduced in this order, so the report does not depend on
    // the threads.
    let mut jobs = Vec::new();
    for (si, shape) in shapes.iter().enumerate() {
        let points: usize = shape.iter().product();
        for prec in [Prec::Single, Prec::Double, Prec::Half] {
            // Half precision's range ends at 65504: an unnormalised inverse of 2^16 points
            // or more returns N·x, past it for |x| near 1 (as with rocFFT or any f16 FFT).
            if prec == Prec::Half && points >= 1 << 16 {
                continue;
            }
            for t in 0..4 {
                for inplace in [false, true] {
                    // One placement for the largest transforms.
                    if points > 1 << 20 && inplace {
                        continue;
                    }
                    jobs.push((si, prec, t, inplace));
                }
            }
        }
    }
    let start = std::time::Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let errors: Vec<f64> = jobs
        .par_iter()
        .map(|&(si, prec, t, inplace)| {
            let e = case(&fftw, t, prec, inplace, &shapes[si], (si * 31 + t as usize) as u64);
            let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if !quick && d.is_multiple_of(10_000) {
                eprintln!("[sweep] {d} of {} transforms, {:.0} s", jobs.len(), start.elapsed().as_secs_f64());
            }
            e
        })
        .collect();
    let mut worst = vec![(0.0f64, String::new()); 4 * 3];
    let mut over = Vec::new();
    let count = jobs.len();
    for (&(si, prec, t, inplace), &e) in jobs.iter().zip(&errors) {
        let slot = &mut worst[t as usize * 3 + prec.c() as usize];
        let what = format!("{:?} {}", shapes[si], if inplace { "in-place" } else { "out-of-place" });
        if e > slot.0 || !e.is_finite() {
            *slot = (e, what.clone());
        }
        if e.is_nan() || e > prec.bound() {
            over.push(format!("{} {} {what}: {e:.3e}", names[t as usize], prec.name()));
        }
    }
    println!("accuracy sweep: {count} transforms ({} shapes: 1D 1..={max_1d}{}, {} 2D/3D), {:.0} s, against FFTW 3 double", shapes.len(), if large { " and large" } else { "" }, multi.len(), start.elapsed().as_secs_f64());
    println!("{:<16} {:<7} {:>12}  where", "transform", "prec", "max rel L2");
    for t in 0..4 {
        for prec in [Prec::Single, Prec::Double, Prec::Half] {
            let (e, at) = &worst[t * 3 + prec.c() as usize];
            println!("{:<16} {:<7} {:>12.3e}  {at}", names[t], prec.name(), e);
        }
    }
    if over.is_empty() {
        println!("all within bounds (single 1e-6, double 1e-14, half 1e-2)");
    } else {
        println!("{} over the bound:", over.len());
        for o in &over {
            println!("  {o}");
        }
        std::process::exit(1);
    }
}
