//! A `rocblas-bench` work-alike for GEMM: the same options, calling the library's C API
//! (rocblas_sgemm/dgemm/hgemm, rocblas_gemm_ex for mixed types), printing rocblas-bench's
//! CSV line with GFLOP/s and microseconds per call.
//!
//!   cargo run --release -p librocblas --example rocblas_bench -- -f gemm -r s -m 4096 -n 4096 -k 4096 --transposeA N --transposeB T -i 10
//!
//! Options: -f gemm|gemm_ex, -r s|d|h|f32_r|f64_r|f16_r|bf16_r|c|z (data type; complex through
//! gemm_ex, GFLOP/s counting 8 real flops per complex multiply-add), --compute_type
//! (gemm_ex; default f32_r for f16/bf16), -m -n -k, --lda --ldb --ldc (default: tight),
//! --transposeA/--transposeB N|T|C, --alpha --beta, -i (timed calls), -j (cold calls),
//! -v 1 (check 2,000 sampled entries of the result against an f64 reference).
//! Experiments: --init pattern|zero|rand (matrix values; -v needs pattern), --one_alloc 1
//! (A, B and C carved from one allocation at 2 MiB boundaries), --gap_kib N (an N KiB
//! allocation between the matrices), --per_call 1 (also print each timed call's time), --warmup_ms N (call for N ms
//! before timing).
//! The backend is OXROCM_BACKEND's (cpu, vulkan).
//!
//! Level 1 (`level1.rs`): -f axpy|scal|copy|swap|dot|dotc|nrm2|asum|iamax|iamin|rot|rotm with
//! -r s|d|c|z, -n, --incx, --incy, --pointer_mode, -i, -j, -v.
//! Level 2 (`level2.rs`): -f gemv|gbmv|ger|geru|gerc|symv|hemv|sbmv|hbmv|spmv|hpmv|syr|her|
//! spr|hpr|syr2|her2|spr2|hpr2|trmv|tbmv|tpmv|trsv|tbsv|tpsv with -m, -n, --kl, --ku, -k,
//! --lda, --incx, --incy, --transposeA, --uplo, --diag, -i, -j, -v.
//! Level 3 beyond GEMM (`level3.rs`): -f trsm|trmm|trtri|symm|hemm|syrk|herk|syrkx|herkx|
//! syr2k|her2k|geam|dgmm with -r s|d|c|z, -m, -n, -k, --side, --uplo, --transposeA,
//! --transposeB, --diag, --alpha, --alphai, --beta, --betai, -i, -j, -v.

mod level1;
mod level2;
mod level3;

use amdhip64 as _;
use half::{bf16, f16};
use rocblas::handle::rocblas_create_handle;
use rocblas::hip;
use rocblas::types::*;
use std::collections::HashMap;
use std::ffi::c_void;
use std::ptr::null_mut;

unsafe extern "C" {
    fn rocblas_sgemm(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: *const f32,
        a: *const f32,
        lda: i32,
        b: *const f32,
        ldb: i32,
        beta: *const f32,
        c: *mut f32,
        ldc: i32,
    ) -> rocblas_status;
    fn rocblas_dgemm(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: *const f64,
        a: *const f64,
        lda: i32,
        b: *const f64,
        ldb: i32,
        beta: *const f64,
        c: *mut f64,
        ldc: i32,
    ) -> rocblas_status;
    fn rocblas_hgemm(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: *const f16,
        a: *const f16,
        lda: i32,
        b: *const f16,
        ldb: i32,
        beta: *const f16,
        c: *mut f16,
        ldc: i32,
    ) -> rocblas_status;
    fn rocblas_gemm_ex(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        alpha: *const c_void,
        a: *const c_void,
        at: i32,
        lda: i32,
        b: *const c_void,
        bt: i32,
        ldb: i32,
        beta: *const c_void,
        c: *const c_void,
        ct: i32,
        ldc: i32,
        d: *mut c_void,
        dt: i32,
        ldd: i32,
        compute: i32,
        algo: i32,
        solution: i32,
        flags: u32,
    ) -> rocblas_status;
}

const OP_N: i32 = 111;
const OP_T: i32 = 112;
const OP_C: i32 = 113;

/// Test values in [-1, 1) of element e of array `salt`, exact in f32 (Levels 1 and 2).
pub fn value(e: usize, salt: usize) -> f64 {
    (((e * 7 + salt * 13) % 17) as f64 - 8.0) / 16.0
}

/// Microseconds per call of `iters` calls queued back to back, after `cold` calls and
/// `warmup_ms` of calls synchronised every 16 (the GPU stays busy, so its clocks rise
/// before the timed calls). Levels 1 and 2; `call` checks its own status.
pub fn time_calls(call: impl Fn(), cold: i64, warmup_ms: i64, iters: i64) -> f64 {
    let sync = || assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
    for _ in 0..cold {
        call();
    }
    sync();
    let warmup = std::time::Duration::from_millis(warmup_ms.max(0) as u64);
    let t0 = std::time::Instant::now();
    while t0.elapsed() < warmup {
        for _ in 0..16 {
            call();
        }
        sync();
    }
    let start = std::time::Instant::now();
    for _ in 0..iters {
        call();
    }
    sync();
    start.elapsed().as_secs_f64() * 1e6 / iters as f64
}

fn datatype(name: &str) -> Option<(i32, usize)> {
    Some(match name {
        "s" | "f32_r" => (rocblas_datatype_f32_r, 4),
        "d" | "f64_r" => (rocblas_datatype_f64_r, 8),
        "h" | "f16_r" => (rocblas_datatype_f16_r, 2),
        "bf16_r" => (rocblas_datatype_bf16_r, 2),
        // Complex (gemm_ex; values with a zero imaginary part, no -v check).
        "c" | "f32_c" => (rocblas_datatype_f32_c, 8),
        "z" | "f64_c" => (rocblas_datatype_f64_c, 16),
        _ => return None,
    })
}

/// `v` in data type `t`, as bytes.
fn scalar(t: i32, v: f64) -> Vec<u8> {
    match t {
        x if x == rocblas_datatype_f64_r => v.to_le_bytes().to_vec(),
        x if x == rocblas_datatype_f16_r => f16::from_f64(v).to_le_bytes().to_vec(),
        x if x == rocblas_datatype_bf16_r => bf16::from_f64(v).to_le_bytes().to_vec(),
        x if x == rocblas_datatype_f32_c => [(v as f32).to_le_bytes(), 0f32.to_le_bytes()].concat(),
        x if x == rocblas_datatype_f64_c => [v.to_le_bytes(), 0f64.to_le_bytes()].concat(),
        _ => (v as f32).to_le_bytes().to_vec(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opt: HashMap<String, String> = HashMap::new();
    let mut i = 0;
    while i + 1 < args.len() {
        opt.insert(
            args[i].trim_start_matches('-').to_string(),
            args[i + 1].clone(),
        );
        i += 2;
    }
    let get = |k: &str, d: &str| opt.get(k).cloned().unwrap_or_else(|| d.to_string());
    let num = |k: &str, d: i64| get(k, &d.to_string()).parse::<i64>().unwrap_or(d);
    let func = get("f", "gemm");
    if level1::FUNCTIONS.contains(&func.as_str()) {
        return level1::run(&opt);
    }
    if level2::FUNCTIONS.contains(&func.as_str()) {
        return level2::run(&opt);
    }
    if level3::FUNCTIONS.contains(&func.as_str()) {
        return level3::run(&opt);
    }
    let (ty, size) = datatype(&get("r", "f32_r")).unwrap_or_else(|| {
        eprintln!("unsupported -r {}", get("r", ""));
        std::process::exit(2)
    });
    let data_name = get("r", "f32_r");
    let compute = datatype(&get(
        "compute_type",
        if size == 2 { "f32_r" } else { &data_name },
    ))
    .map_or(ty, |c| c.0);
    let op = |k: &str| match get(k, "N").as_str() {
        "T" => OP_T,
        "C" => OP_C,
        _ => OP_N,
    };
    let (ta, tb) = (op("transposeA"), op("transposeB"));
    let (m, n, k) = (
        num("m", 128) as i32,
        num("n", 128) as i32,
        num("k", 128) as i32,
    );
    let rows_a = if ta == OP_N { m } else { k };
    let rows_b = if tb == OP_N { k } else { n };
    let (lda, ldb, ldc) = (
        num("lda", rows_a as i64) as i32,
        num("ldb", rows_b as i64) as i32,
        num("ldc", m as i64) as i32,
    );
    let (alpha, beta) = (
        get("alpha", "1").parse::<f64>().unwrap_or(1.0),
        get("beta", "0").parse::<f64>().unwrap_or(0.0),
    );
    let (iters, cold) = (num("i", 10).max(1), num("j", 2));
    let cols_a = if ta == OP_N { k } else { m };
    let cols_b = if tb == OP_N { n } else { k };
    // Small values so sums stay finite in every type (exact in f16).
    let value = |e: usize, salt: usize| (((e * 7 + salt) % 11) as f64 - 5.0) / 8.0;
    let init = get("init", "pattern");
    let fill = |e: usize, salt: usize| match init.as_str() {
        "zero" => 0.0,
        // A fixed-seed hash in [-1, 1): data that toggles every bit, like cuBLAS's random inputs.
        "rand" => {
            let h = ((e as u64 ^ ((salt as u64) << 40)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40)
                as f64;
            h / (1u64 << 23) as f64 - 1.0
        }
        _ => value(e, salt),
    };
    let sizes = [
        lda as usize * cols_a as usize,
        ldb as usize * cols_b as usize,
        ldc as usize * n as usize,
    ];
    let upload = |d: *mut c_void, elems: usize, salt: usize| {
        let host: Vec<u8> = (0..elems).flat_map(|e| scalar(ty, fill(e, salt))).collect();
        assert_eq!(
            unsafe {
                hip::hipMemcpy(
                    d,
                    host.as_ptr().cast(),
                    host.len(),
                    hip::hipMemcpyHostToDevice,
                )
            },
            0
        );
    };
    let malloc = |bytes: usize| {
        let mut d: *mut c_void = null_mut();
        assert_eq!(unsafe { hip::hipMalloc(&mut d, bytes.max(1)) }, 0);
        d
    };
    // --gap_kib N: an N KiB allocation between the matrices (placement experiments).
    let gap = num("gap_kib", 0) as usize;
    let mats: Vec<*mut c_void> = if num("one_alloc", 0) != 0 {
        const ALIGN: usize = 2 << 20;
        let offsets: Vec<usize> = sizes
            .iter()
            .scan(0usize, |at, &e| {
                let o = *at;
                *at += (e * size).div_ceil(ALIGN) * ALIGN + (gap << 10);
                Some(o)
            })
            .collect();
        let total = offsets[2] + sizes[2] * size;
        let base = malloc(total);
        offsets
            .iter()
            .map(|&o| unsafe { base.cast::<u8>().add(o).cast() })
            .collect()
    } else {
        sizes
            .iter()
            .enumerate()
            .map(|(i, &e)| {
                if i > 0 && gap > 0 {
                    malloc(gap << 10);
                }
                malloc(e * size)
            })
            .collect()
    };
    for (i, (&d, &e)) in mats.iter().zip(&sizes).enumerate() {
        upload(d, e, i + 1);
    }
    let (a, b, c) = (mats[0], mats[1], mats[2]);
    let mut handle = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut handle) }, 0);
    let (sa, sb) = (
        scalar(if func == "gemm_ex" { compute } else { ty }, alpha),
        scalar(if func == "gemm_ex" { compute } else { ty }, beta),
    );
    let call = || unsafe {
        match (func.as_str(), ty) {
            ("gemm", t) if t == rocblas_datatype_f32_r => rocblas_sgemm(
                handle,
                ta,
                tb,
                m,
                n,
                k,
                sa.as_ptr().cast(),
                a.cast(),
                lda,
                b.cast(),
                ldb,
                sb.as_ptr().cast(),
                c.cast(),
                ldc,
            ),
            ("gemm", t) if t == rocblas_datatype_f64_r => rocblas_dgemm(
                handle,
                ta,
                tb,
                m,
                n,
                k,
                sa.as_ptr().cast(),
                a.cast(),
                lda,
                b.cast(),
                ldb,
                sb.as_ptr().cast(),
                c.cast(),
                ldc,
            ),
            ("gemm", t) if t == rocblas_datatype_f16_r => rocblas_hgemm(
                handle,
                ta,
                tb,
                m,
                n,
                k,
                sa.as_ptr().cast(),
                a.cast(),
                lda,
                b.cast(),
                ldb,
                sb.as_ptr().cast(),
                c.cast(),
                ldc,
            ),
            _ => rocblas_gemm_ex(
                handle,
                ta,
                tb,
                m,
                n,
                k,
                sa.as_ptr().cast(),
                a,
                ty,
                lda,
                b,
                ty,
                ldb,
                sb.as_ptr().cast(),
                c,
                ty,
                ldc,
                c,
                ty,
                ldc,
                compute,
                0,
                0,
                0,
            ),
        }
    };
    for _ in 0..cold {
        let s = call();
        if s != 0 {
            eprintln!("{func} returned rocblas status {s}");
            std::process::exit(1);
        }
    }
    assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
    // --warmup_ms N: keep calling for N ms first. The NVIDIA driver raises a Vulkan
    // process's GPU clocks only after some sustained work (the first ~100 ms of GEMMs on the
    // H100 run about 5x slower), so short timed runs would measure the idle clock.
    let warmup = std::time::Duration::from_millis(num("warmup_ms", 0) as u64);
    let t0 = std::time::Instant::now();
    let mut warm_calls = 0usize;
    while t0.elapsed() < warmup {
        call();
        assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
        warm_calls += 1;
    }
    let per_call = num("per_call", 0) != 0;
    let t = std::time::Instant::now();
    for _ in 0..iters {
        let t1 = std::time::Instant::now();
        let s = call();
        if s != 0 {
            eprintln!("{func} returned rocblas status {s}");
            std::process::exit(1);
        }
        if per_call {
            assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
            eprintln!("call: {:.1} us", t1.elapsed().as_secs_f64() * 1e6);
        }
    }
    assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
    let us = t.elapsed().as_secs_f64() * 1e6 / iters as f64;
    // A complex multiply-add is 4 real ones.
    let flop_scale = if ty == rocblas_datatype_f32_c || ty == rocblas_datatype_f64_c {
        4.0
    } else {
        1.0
    };
    let gflops = flop_scale * 2.0 * m as f64 * n as f64 * k as f64 / us / 1e3;
    let letter = |o: i32| {
        if o == OP_N {
            "N"
        } else if o == OP_T {
            "T"
        } else {
            "C"
        }
    };
    if num("v", 0) != 0 && init == "pattern" {
        verify(
            &Check {
                ty,
                size,
                ta,
                tb,
                m,
                n,
                k,
                lda,
                ldb,
                ldc,
                alpha,
                beta,
                c,
                calls: (cold + iters) as usize + warm_calls,
            },
            value,
        );
    }
    println!("transA,transB,M,N,K,alpha,lda,beta,ldb,ldc,rocblas-Gflops,us");
    println!(
        "{},{},{m},{n},{k},{alpha},{lda},{beta},{ldb},{ldc},{gflops:.1},{us:.1}",
        letter(ta),
        letter(tb)
    );
}

struct Check {
    ty: i32,
    size: usize,
    ta: i32,
    tb: i32,
    m: i32,
    n: i32,
    k: i32,
    lda: i32,
    ldb: i32,
    ldc: i32,
    alpha: f64,
    beta: f64,
    c: *mut c_void,
    /// Calls made: C = alpha AB + beta C applied this often to the initial C.
    calls: usize,
}

/// Compares sampled entries of the result with an f64 reference; exits 1 on a mismatch.
fn verify(x: &Check, value: impl Fn(usize, usize) -> f64) {
    let elems = x.ldc as usize * x.n as usize;
    let mut out = vec![0u8; elems * x.size];
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                out.as_mut_ptr().cast(),
                x.c,
                out.len(),
                hip::hipMemcpyDeviceToHost,
            )
        },
        0
    );
    let got = |i: usize| -> f64 {
        let b = &out[i * x.size..(i + 1) * x.size];
        match x.ty {
            t if t == rocblas_datatype_f64_r => f64::from_le_bytes(b.try_into().unwrap()),
            t if t == rocblas_datatype_f16_r => f16::from_le_bytes(b.try_into().unwrap()).to_f64(),
            t if t == rocblas_datatype_bf16_r => {
                bf16::from_le_bytes(b.try_into().unwrap()).to_f64()
            }
            _ => f32::from_le_bytes(b.try_into().unwrap()) as f64,
        }
    };
    let tol = if x.size == 2 {
        2e-2
    } else if x.size == 4 {
        1e-4
    } else {
        1e-10
    };
    let (mut worst, mut checked) = (0f64, 0);
    for s in 0..2000usize {
        let (i, j) = ((s * 7919) % x.m as usize, (s * 104_729 / 3) % x.n as usize);
        let a = |r: usize, l: usize| {
            if x.ta == OP_N {
                value(r + l * x.lda as usize, 1)
            } else {
                value(l + r * x.lda as usize, 1)
            }
        };
        let b = |l: usize, c: usize| {
            if x.tb == OP_N {
                value(l + c * x.ldb as usize, 2)
            } else {
                value(c + l * x.ldb as usize, 2)
            }
        };
        let ab: f64 = (0..x.k as usize).map(|l| a(i, l) * b(l, j)).sum();
        let mut want = value(i + j * x.ldc as usize, 3);
        for _ in 0..x.calls {
            want = x.alpha * ab + x.beta * want;
        }
        let have = got(i + j * x.ldc as usize);
        let err = (have - want).abs() / want.abs().max(1.0);
        worst = worst.max(err);
        checked += 1;
        if err > tol {
            eprintln!(
                "verify: C({i},{j}) = {have}, expected {want} (relative error {err:.2e} > {tol:.0e})"
            );
            std::process::exit(1);
        }
    }
    eprintln!("verify: {checked} sampled entries within {tol:.0e} (worst {worst:.2e})");
}
