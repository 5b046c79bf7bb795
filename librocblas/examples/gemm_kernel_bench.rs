//! GFLOP/s of the GEMM kernel on the current backend (Vulkan: the SPIR-V kernel; CPU: the
//! gemm crate): `cargo run --release -p librocblas --example gemm_kernel_bench -- [f32|f64] M N K [iters]`.
//! Column-major, no transposes, alpha 1, beta 0; the time of `iters` launches after one
//! warm-up, to the end of the last.

use amdhip64 as _;
use rocblas::blas3::gemm_kernel::{Gemm, GemmElem, Mats};
use rocblas::hip;
use std::ffi::c_void;
use std::ptr::null_mut;

fn run<T: GemmElem>(one: T, m: u32, n: u32, k: u32, iters: u32) -> f64 {
    let bytes = |r: u32, c: u32| r as usize * c as usize * size_of::<T>();
    let alloc = |len: usize| {
        let mut d: *mut c_void = null_mut();
        assert_eq!(unsafe { hip::hipMalloc(&mut d, len) }, 0);
        assert_eq!(unsafe { hip::hipMemsetAsync(d, 0, len, null_mut()) }, 0);
        d as u64
    };
    let (a, b, c) = (alloc(bytes(m, k)), alloc(bytes(k, n)), alloc(bytes(m, n)));
    let g = Gemm::<T> {
        trans_a: false,
        trans_b: false,
        m,
        n,
        k,
        a: Mats::Strided { base: a, stride: 0 },
        lda: m,
        b: Mats::Strided { base: b, stride: 0 },
        ldb: k,
        c: Mats::Strided { base: c, stride: 0 },
        ldc: m,
        alpha: one,
        beta: T::zero(),
        batch: 1,
        shape: 0,
    };
    assert_eq!(g.launch(null_mut(), [&[a], &[b], &[c]]), 0);
    assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
    let t = std::time::Instant::now();
    for _ in 0..iters {
        assert_eq!(g.launch(null_mut(), [&[a], &[b], &[c]]), 0);
    }
    assert_eq!(unsafe { hip::hipStreamSynchronize(null_mut()) }, 0);
    let s = t.elapsed().as_secs_f64() / iters as f64;
    2.0 * m as f64 * n as f64 * k as f64 / s / 1e9
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ty = args.get(1).map_or("f32", |s| s.as_str());
    let num = |i: usize, d: u32| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (m, n, k, iters) = (num(2, 2048), num(3, 2048), num(4, 2048), num(5, 10));
    let gflops = match ty {
        "f64" => run(1f64, m, n, k, iters),
        _ => run(1f32, m, n, k, iters),
    };
    println!("gemm {ty} {m}x{n}x{k}: {gflops:.1} GFLOP/s");
}
