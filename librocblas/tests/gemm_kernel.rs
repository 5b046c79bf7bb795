//! The GEMM kernel (SPIR-V on Vulkan devices, the `gemm` crate's host twin on the CPU
//! backend) against a float64 reference computed here, on whichever backend
//! OXROCM_BACKEND selects: every transpose pair, edge tiles, strided and pointer-array
//! batches, alpha = 0 and beta = 0 with NaN in the unreferenced operand. Each test also
//! asserts which path its launches took (`common::KernelPaths`): SPIR-V on a Vulkan device
//! (lavapipe in CI), the host twin on the CPU backend.

mod common;

use amdhip64 as _;
use rocblas::blas3::gemm_kernel::{Gemm, GemmElem, Mats};
use rocblas::hip;
use std::ffi::c_void;
use std::ptr::null_mut;

fn dev<T: Copy>(v: &[T]) -> u64 {
    let mut d: *mut c_void = null_mut();
    assert_eq!(unsafe { hip::hipMalloc(&mut d, size_of_val(v).max(1)) }, 0);
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                d,
                v.as_ptr().cast(),
                size_of_val(v),
                hip::hipMemcpyHostToDevice,
            )
        },
        0
    );
    d as u64
}
fn host<T: Copy + Default>(d: u64, n: usize) -> Vec<T> {
    let mut v = vec![T::default(); n];
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                v.as_mut_ptr().cast(),
                d as *const c_void,
                n * size_of::<T>(),
                hip::hipMemcpyDeviceToHost,
            )
        },
        0
    );
    v
}

/// A deterministic value in [-1, 1) for element `i` of matrix `which`.
fn value(which: u64, i: usize) -> f64 {
    let x = (i as u64 ^ (which << 40)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
    (x % 2000) as f64 / 1000.0 - 1.0
}

trait Elem: GemmElem + Into<f64> + std::fmt::Debug {
    fn from_f64(v: f64) -> Self;
    const EPS: f64;
}
impl Elem for f32 {
    fn from_f64(v: f64) -> Self {
        v as f32
    }
    const EPS: f64 = 1.2e-7;
}
impl Elem for f64 {
    fn from_f64(v: f64) -> Self {
        v
    }
    const EPS: f64 = 2.3e-16;
}

#[allow(clippy::too_many_arguments)]
fn check<T: Elem>(
    ta: bool,
    tb: bool,
    m: u32,
    n: u32,
    k: u32,
    alpha: f64,
    beta: f64,
    batch: u32,
    arrays: bool,
    nan_in: Option<usize>,
) {
    check_padded::<T>(ta, tb, m, n, k, alpha, beta, batch, arrays, nan_in, true)
}

/// `padded`: leading dimensions and batch strides with odd padding (else exact, which
/// with sizes in multiples of 4 takes the kernels' aligned loads).
#[allow(clippy::too_many_arguments)]
fn check_padded<T: Elem>(
    ta: bool,
    tb: bool,
    m: u32,
    n: u32,
    k: u32,
    alpha: f64,
    beta: f64,
    batch: u32,
    arrays: bool,
    nan_in: Option<usize>,
    padded: bool,
) {
    let pad = |v: u32| if padded { v } else { 0 };
    let (lda, ldb, ldc) = (
        if ta { k } else { m } + pad(3),
        if tb { n } else { k } + pad(1),
        m + pad(2),
    );
    let (a_cols, b_cols) = (if ta { m } else { k }, if tb { k } else { n });
    let (sa, sb, sc) = (
        lda as usize * a_cols as usize + pad(5) as usize,
        ldb as usize * b_cols as usize + pad(7) as usize,
        ldc as usize * n as usize + pad(1) as usize,
    );
    let total = |s: usize| s * batch as usize;
    let mut a: Vec<T> = (0..total(sa)).map(|i| T::from_f64(value(1, i))).collect();
    let mut b: Vec<T> = (0..total(sb)).map(|i| T::from_f64(value(2, i))).collect();
    let mut c: Vec<T> = (0..total(sc)).map(|i| T::from_f64(value(3, i))).collect();
    // NaN where BLAS must not look: A and B when alpha = 0, C when beta = 0.
    match nan_in {
        Some(0) => a.iter_mut().for_each(|v| *v = T::from_f64(f64::NAN)),
        Some(1) => b.iter_mut().for_each(|v| *v = T::from_f64(f64::NAN)),
        Some(2) => c.iter_mut().for_each(|v| *v = T::from_f64(f64::NAN)),
        _ => {}
    }
    let (da, db, dc) = (dev(&a), dev(&b), dev(&c));
    let elem = size_of::<T>() as u64;
    let bases = |d: u64, s: usize| {
        (0..batch as u64)
            .map(|i| d + i * s as u64 * elem)
            .collect::<Vec<u64>>()
    };
    let (ba, bb, bc) = (bases(da, sa), bases(db, sb), bases(dc, sc));
    let (pa, pb, pc) = (dev(&ba), dev(&bb), dev(&bc));
    let mats = |d: u64, s: usize, p: u64| {
        if arrays {
            Mats::Array(p)
        } else {
            Mats::Strided {
                base: d,
                stride: s as i64,
            }
        }
    };
    let g = Gemm::<T> {
        trans_a: ta,
        trans_b: tb,
        m,
        n,
        k,
        a: mats(da, sa, pa),
        lda,
        b: mats(db, sb, pb),
        ldb,
        c: mats(dc, sc, pc),
        ldc,
        alpha: T::from_f64(alpha),
        beta: T::from_f64(beta),
        batch,
        shape: 0,
    };
    assert_eq!(g.launch(null_mut(), [&ba, &bb, &bc]), 0);
    let out: Vec<T> = host(dc, total(sc));
    for bi in 0..batch as usize {
        for j in 0..n as usize {
            for i in 0..m as usize {
                let (mut sum, mut mag) = (0f64, 0f64);
                if alpha != 0.0 {
                    for l in 0..k as usize {
                        let av: f64 = a[bi * sa
                            + if ta {
                                l + i * lda as usize
                            } else {
                                i + l * lda as usize
                            }]
                        .into();
                        let bv: f64 = b[bi * sb
                            + if tb {
                                j + l * ldb as usize
                            } else {
                                l + j * ldb as usize
                            }]
                        .into();
                        sum += av * bv;
                        mag += (av * bv).abs();
                    }
                }
                let idx = bi * sc + i + j * ldc as usize;
                let prior: f64 = if beta == 0.0 {
                    0.0
                } else {
                    beta * Into::<f64>::into(c[idx])
                };
                let want = alpha * sum + prior;
                let got: f64 = out[idx].into();
                let tol =
                    T::EPS * 4.0 * (k as f64 + 2.0) * (alpha.abs() * mag + prior.abs() + 1e-30);
                assert!(
                    (got - want).abs() <= tol,
                    "ta {ta} tb {tb} m {m} n {n} k {k} batch {bi}: C[{i},{j}] = {got}, want {want}"
                );
            }
        }
        // Padding rows between columns are left alone.
        for j in 0..n as usize {
            for i in m as usize..ldc as usize {
                let idx = bi * sc + i + j * ldc as usize;
                assert!(
                    out[idx] == c[idx]
                        || (Into::<f64>::into(c[idx]).is_nan()
                            && Into::<f64>::into(out[idx]).is_nan()),
                    "padding at {i},{j}"
                );
            }
        }
    }
    for d in [da, db, dc, pa, pb, pc] {
        assert_eq!(unsafe { hip::hipFree(d as *mut c_void) }, 0);
    }
}

fn sweep<T: Elem>() {
    for (ta, tb) in [(false, false), (true, false), (false, true), (true, true)] {
        check::<T>(ta, tb, 70, 33, 29, 1.5, -0.5, 1, false, None);
    }
    check::<T>(false, false, 129, 65, 130, 1.0, 0.0, 1, false, Some(2));
    check::<T>(true, false, 17, 80, 5, 0.75, 2.0, 3, false, None);
    check::<T>(false, true, 40, 9, 64, -1.0, 1.0, 4, true, None);
    check::<T>(false, false, 31, 31, 40, 0.0, 0.5, 2, false, Some(0));
    check::<T>(true, true, 12, 13, 0, 2.0, 3.0, 2, true, None);
    check::<T>(false, false, 5, 7, 11, 0.0, 0.0, 1, false, Some(1));
    // Exact leading dimensions: whole 128-tiles with aligned loads, plus edge tiles.
    for (ta, tb) in [(false, false), (true, false), (true, true), (false, true)] {
        check_padded::<T>(ta, tb, 256, 132, 48, 1.0, 0.5, 2, false, None, false);
    }
    // Interior tiles with padded (unaligned) leading dimensions, A transposed.
    check::<T>(true, false, 256, 130, 40, 1.25, 0.5, 1, false, None);
    check_padded::<T>(false, false, 384, 128, 36, 2.0, 0.0, 2, true, None, false);
}

#[test]
fn sgemm_kernel_matches_float64_reference() {
    let paths = common::KernelPaths::start();
    sweep::<f32>();
    paths.check(&["gemm_f32", "gemm_f32_nt", "gemm_f32_t"]);
}

#[test]
fn dgemm_kernel_matches_float64_reference() {
    let paths = common::KernelPaths::start();
    sweep::<f64>();
    paths.check(&["gemm_f64"]);
}
