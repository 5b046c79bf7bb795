//! Times rocFFT transforms through the C API on the current backend, with rocfft-bench's
//! options:
//!
//! `cargo run --release -p librocfft --example rocfft_bench -- --length 1048576 [-t 0]
//!  [--precision single|double|half] [-b 1] [-o | --placeness inplace|notinplace] [-N 10]
//!  [--queued Q] [--warmup_ms MS]`
//!
//! `--length` takes up to three lengths, slowest first (as rocfft-bench); `-t` is the
//! transform type (0 complex forward, 1 complex inverse, 2 real forward, 3 real inverse).
//! Prints each execution's time (to the end of the stream's work) and the median's GFLOP/s,
//! counted as rocfft-bench counts them: 5·N·log2(N) per complex transform of N points, half
//! that for real ones, times the batch. `--queued Q` also times Q executions queued back to
//! back with one synchronization at the end (the device's throughput without a host round
//! trip per execution, as CUDA-event timings of cuFFT measure it); `--warmup_ms` runs the
//! transform that long first (a GPU's clocks rise under load).

use amdhip64::memcpy::hipMemset;
use amdhip64::memory::hipMalloc;
use amdhip64::stream::hipStreamSynchronize;
use rocfft::execute::rocfft_execute;
use rocfft::plan::{rocfft_plan_create, rocfft_plan_destroy, rocfft_plan_get_work_buffer_size};
use std::ffi::c_void;
use std::ptr::null_mut;

struct Options {
    lengths: Vec<usize>,
    transform: i32,
    precision: i32,
    batch: usize,
    inplace: bool,
    runs: usize,
    queued: usize,
    warmup_ms: f64,
}

fn parse() -> Result<Options, String> {
    let mut o = Options { lengths: Vec::new(), transform: 0, precision: 0, batch: 1, inplace: true, runs: 10, queued: 0, warmup_ms: 0.0 };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    let value = |i: &mut usize| -> Result<String, String> {
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| format!("{} needs a value", args[*i - 1]))
    };
    while i < args.len() {
        match args[i].as_str() {
            "--length" => {
                while args.get(i + 1).is_some_and(|a| !a.starts_with('-')) {
                    i += 1;
                    o.lengths.push(args[i].parse().map_err(|_| format!("bad length {}", args[i]))?);
                }
            }
            "-t" | "--transformType" => o.transform = value(&mut i)?.parse().map_err(|_| "bad -t")?,
            "--precision" => {
                o.precision = match value(&mut i)?.as_str() {
                    "single" => 0,
                    "double" => 1,
                    "half" => 2,
                    p => return Err(format!("unknown precision {p}")),
                }
            }
            "--double" => o.precision = 1,
            "-b" | "--batchSize" => o.batch = value(&mut i)?.parse().map_err(|_| "bad -b")?,
            "-o" | "--notInPlace" => o.inplace = false,
            "--placeness" => o.inplace = value(&mut i)? != "notinplace",
            "-N" | "--ntrial" => o.runs = value(&mut i)?.parse().map_err(|_| "bad -N")?,
            "--queued" => o.queued = value(&mut i)?.parse().map_err(|_| "bad --queued")?,
            "--warmup_ms" => o.warmup_ms = value(&mut i)?.parse().map_err(|_| "bad --warmup_ms")?,
            a => return Err(format!("unknown option {a}")),
        }
        i += 1;
    }
    if o.lengths.is_empty() || o.lengths.len() > 3 || !(0..4).contains(&o.transform) || o.runs == 0 {
        return Err("usage: rocfft_bench --length N [N [N]] [-t 0-3] [--precision single|double|half] [-b B] [-o] [-N runs]".into());
    }
    // rocfft-bench takes lengths slowest first; the C API fastest first.
    o.lengths.reverse();
    Ok(o)
}

fn device_buffer(bytes: usize) -> *mut c_void {
    let mut p = null_mut();
    assert_eq!(unsafe { hipMalloc(&mut p, bytes.max(1)) }, 0, "hipMalloc({bytes})");
    assert_eq!(unsafe { hipMemset(p, 0, bytes) }, 0);
    p
}

fn main() {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let real = o.transform >= 2;
    let points: usize = o.lengths.iter().product();
    let half_row = o.lengths[0] / 2 + 1;
    let complex_points = if real { points / o.lengths[0] * half_row } else { points };
    let real_bytes = [4, 8, 2][o.precision as usize];
    // Room for either side (in-place real rows padded to 2·(N0/2+1) reals).
    let bytes = complex_points * 2 * real_bytes * o.batch;
    let input = device_buffer(bytes);
    let output = if o.inplace { null_mut() } else { device_buffer(bytes) };
    let mut plan = null_mut();
    let st = unsafe { rocfft_plan_create(&mut plan, if o.inplace { 0 } else { 1 }, o.transform, o.precision, o.lengths.len(), o.lengths.as_ptr(), o.batch, null_mut()) };
    assert_eq!(st, 0, "rocfft_plan_create");
    let mut work = 0;
    unsafe { rocfft_plan_get_work_buffer_size(plan, &mut work) };
    let mut ins = [input];
    let mut outs = [output];
    let mut once = || {
        let t = std::time::Instant::now();
        assert_eq!(unsafe { rocfft_execute(plan, ins.as_mut_ptr(), outs.as_mut_ptr(), null_mut()) }, 0);
        assert_eq!(unsafe { hipStreamSynchronize(null_mut()) }, 0);
        t.elapsed().as_secs_f64() * 1e3
    };
    once(); // warm-up: first-touch of the buffers
    let warm = std::time::Instant::now();
    while warm.elapsed().as_secs_f64() * 1e3 < o.warmup_ms {
        once();
    }
    let mut ms: Vec<f64> = (0..o.runs).map(|_| once()).collect();
    if o.queued > 0 {
        let t = std::time::Instant::now();
        for _ in 0..o.queued {
            assert_eq!(unsafe { rocfft_execute(plan, ins.as_mut_ptr(), outs.as_mut_ptr(), null_mut()) }, 0);
        }
        assert_eq!(unsafe { hipStreamSynchronize(null_mut()) }, 0);
        println!("queued: {:.4} ms per execution ({} back to back)", t.elapsed().as_secs_f64() * 1e3 / o.queued as f64, o.queued);
    }
    println!("Execution times (ms): {}", ms.iter().map(|t| format!("{t:.4}")).collect::<Vec<_>>().join(" "));
    ms.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = ms[ms.len() / 2];
    let flops = 5.0 * points as f64 * (points as f64).log2() * o.batch as f64 / if real { 2.0 } else { 1.0 };
    let mut lengths = o.lengths.clone();
    lengths.reverse();
    println!("length {lengths:?} batch {} type {} precision {} {} work buffer {work} bytes", o.batch, o.transform, ["single", "double", "half"][o.precision as usize], if o.inplace { "in-place" } else { "out-of-place" });
    println!("median {median:.4} ms, {:.2} GFLOP/s", flops / median / 1e6);
    unsafe { rocfft_plan_destroy(plan) };
}
