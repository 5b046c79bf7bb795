//! rocBLAS 4.x/5.x's C++ `rocblas_internal_*` templates (librocblas.so.4 and .so.5: ROCm
//! 6.4/7.2's rocSOLVER, rocblas-test and rocblas-bench call them) through their exported
//! (mangled) names on the CPU backend: gemm (strided, pointer arrays, `_64`, `_Float16`),
//! trsm (strided, pointer arrays, `_64`), axpy, scal (real alpha on complex x, `_64`) and
//! dot/dotc, with element offsets, strides between batch entries and batch counts above one,
//! against float64 (complex float64) references computed here; the workspace sizes, which
//! answer that nothing is needed; the handle's `std::shared_ptr<void>` and device properties.

mod common;

use amdhip64 as _;
use common::{LEFT, LOWER, NON_UNIT, RIGHT, UNIT, UPPER, dev, handle, host, vals};
use half::f16;
use rocblas::blas1::num::{C32, C64, Field};
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicI32, Ordering};

type H = rocblas_handle;
type P = *const c_void;
const N: i32 = 111;
const T: i32 = 112;
const C: i32 = 113;

unsafe extern "C" {
    // gemm<T>(handle, transA, transB, m, n, k, alpha, A, offA, lda, sA, B, offB, ldb, sB, beta, C, offC, ldc, sC, batch)
    #[link_name = "_Z30rocblas_internal_gemm_templateIdE15rocblas_status_P15_rocblas_handle18rocblas_operation_S3_iiiPKT_S6_lilS6_lilS6_PS4_lili"]
    fn dgemm(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i32,
        sb: i64,
        be: *const f64,
        c: P,
        oc: i64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    #[link_name = "_Z38rocblas_internal_gemm_batched_templateIfE15rocblas_status_P15_rocblas_handle18rocblas_operation_S3_iiiPKT_PKS6_lilS8_lilS6_PKPS4_lili"]
    fn sgemm_batched(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i32,
        sb: i64,
        be: *const f32,
        c: P,
        oc: i64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    #[link_name = "_Z38rocblas_internal_gemm_batched_templateIDF16_E15rocblas_status_P15_rocblas_handle18rocblas_operation_S3_iiiPKT_PKS6_lilS8_lilS6_PKPS4_lili"]
    fn hgemm_batched(
        h: H,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f16,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i32,
        sb: i64,
        be: *const f16,
        c: P,
        oc: i64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    #[link_name = "_Z41rocblas_internal_gemm_batched_template_64IdE15rocblas_status_P15_rocblas_handle18rocblas_operation_S3_lllPKT_PKS6_lllS8_lllS6_PKPS4_llll"]
    fn dgemm_batched_64(
        h: H,
        ta: i32,
        tb: i32,
        m: i64,
        n: i64,
        k: i64,
        al: *const f64,
        a: P,
        oa: i64,
        lda: i64,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i64,
        sb: i64,
        be: *const f64,
        c: P,
        oc: i64,
        ldc: i64,
        sc: i64,
        batch: i64,
    ) -> i32;
    #[link_name = "_Z33rocblas_internal_gemm_template_64I19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle18rocblas_operation_S5_lllPKT_S8_lllS8_lllS8_PS6_llll"]
    fn zgemm_64(
        h: H,
        ta: i32,
        tb: i32,
        m: i64,
        n: i64,
        k: i64,
        al: *const C64,
        a: P,
        oa: i64,
        lda: i64,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i64,
        sb: i64,
        be: *const C64,
        c: P,
        oc: i64,
        ldc: i64,
        sc: i64,
        batch: i64,
    ) -> i32;

    // trsm<T>(handle, side, uplo, transA, diag, m, n, alpha, A, offA, lda, sA, B, offB, ldb, sB, batch, optimal_mem,
    //         w_x_temp, w_x_temparr, invA, invAarr, supplied_invA, supplied_invA_size, offset_invA, stride_invA)
    #[link_name = "_Z30rocblas_internal_trsm_templateIdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT_S9_lilPS7_lilibPvSB_SB_SB_S9_ill"]
    fn dtrsm(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i32,
        sb: i64,
        batch: i32,
        optimal: bool,
        w1: P,
        w2: P,
        w3: P,
        w4: P,
        inv: P,
        inv_size: i32,
        oi: i64,
        si: i64,
    ) -> i32;
    #[link_name = "_Z38rocblas_internal_trsm_batched_templateI19rocblas_complex_numIfEE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT_PKSB_lilPKPS9_lilibPvSH_SH_SH_SD_ill"]
    fn ctrsm_batched(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const C32,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i32,
        sb: i64,
        batch: i32,
        optimal: bool,
        w1: P,
        w2: P,
        w3: P,
        w4: P,
        inv: P,
        inv_size: i32,
        oi: i64,
        si: i64,
    ) -> i32;
    #[link_name = "_Z41rocblas_internal_trsm_batched_template_64IdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_llPKT_PKS9_lllPKPS7_llllbPvSF_SF_SF_SB_lll"]
    fn dtrsm_batched_64(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i64,
        n: i64,
        al: *const f64,
        a: P,
        oa: i64,
        lda: i64,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i64,
        sb: i64,
        batch: i64,
        optimal: bool,
        w1: P,
        w2: P,
        w3: P,
        w4: P,
        inv: P,
        inv_size: i64,
        oi: i64,
        si: i64,
    ) -> i32;
    #[link_name = "_Z33rocblas_internal_trsm_template_64I19rocblas_complex_numIdEE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_llPKT_SB_lllPS9_llllbPvSD_SD_SD_SB_lll"]
    fn ztrsm_64(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i64,
        n: i64,
        al: *const C64,
        a: P,
        oa: i64,
        lda: i64,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i64,
        sb: i64,
        batch: i64,
        optimal: bool,
        w1: P,
        w2: P,
        w3: P,
        w4: P,
        inv: P,
        inv_size: i64,
        oi: i64,
        si: i64,
    ) -> i32;

    // axpy<T>(handle, n, alpha, stride_alpha, x, offx, incx, sx, y, offy, incy, sy, batch)
    #[link_name = "_Z30rocblas_internal_axpy_templateIfE15rocblas_status_P15_rocblas_handleiPKT_lS5_lilPS3_lili"]
    fn saxpy(
        h: H,
        n: i32,
        al: *const f32,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z38rocblas_internal_axpy_batched_templateIdE15rocblas_status_P15_rocblas_handleiPKT_lPKS5_lilPKPS3_lili"]
    fn daxpy_batched(
        h: H,
        n: i32,
        al: *const f64,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_axpy_templateIDF16_E15rocblas_status_P15_rocblas_handleiPKT_lS5_lilPS3_lili"]
    fn haxpy(
        h: H,
        n: i32,
        al: *const f16,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        b: i32,
    ) -> i32;

    // scal<T, Tex>(handle, n, alpha, stride_alpha, x, offx, incx, sx, batch)
    #[link_name = "_Z30rocblas_internal_scal_templateI19rocblas_complex_numIdEdE15rocblas_status_P15_rocblas_handleiPKT0_lPT_lili"]
    fn zdscal(
        h: H,
        n: i32,
        al: *const f64,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z38rocblas_internal_scal_batched_templateI19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handleiPKT0_lPKPT_lili"]
    fn cscal_batched(
        h: H,
        n: i32,
        al: *const C32,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z41rocblas_internal_scal_batched_template_64IffE15rocblas_status_P15_rocblas_handlelPKT0_lPKPT_llll"]
    fn sscal_batched_64(
        h: H,
        n: i64,
        al: *const f32,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i64,
        sx: i64,
        b: i64,
    ) -> i32;

    // dot<T, T>(handle, n, x, offx, incx, sx, y, offy, incy, sy, batch, results, workspace)
    #[link_name = "_Z29rocblas_internal_dot_templateIddE15rocblas_status_P15_rocblas_handleiPKT_lilS5_liliPS3_PT0_"]
    fn ddot(
        h: H,
        n: i32,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        b: i32,
        r: *mut f64,
        w: *mut f64,
    ) -> i32;
    #[link_name = "_Z38rocblas_internal_dotc_batched_templateI19rocblas_complex_numIfES1_E15rocblas_status_P15_rocblas_handleiPKPKT_lilS9_liliPS5_PT0_"]
    fn cdotc_batched(
        h: H,
        n: i32,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        b: i32,
        r: *mut C32,
        w: *mut C32,
    ) -> i32;

    // workspace sizes
    #[link_name = "_Z36rocblas_internal_trsm_workspace_sizeIdE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_"]
    fn dtrsm_ws(
        s: i32,
        t: i32,
        m: i32,
        n: i32,
        b: i32,
        inv: i32,
        x: *mut usize,
        xa: *mut usize,
        i: *mut usize,
        ia: *mut usize,
        xb: *mut usize,
    ) -> i32;
    #[link_name = "_Z39rocblas_internal_trsm_workspace_size_64IfE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS3_S3_S3_S3_"]
    fn strsm_ws_64(
        s: i32,
        t: i32,
        m: i64,
        n: i64,
        lda: i64,
        ldb: i64,
        b: i64,
        inv: i64,
        x: *mut usize,
        xa: *mut usize,
        i: *mut usize,
        ia: *mut usize,
        xb: *mut usize,
    ) -> i32;
    #[link_name = "_Z51rocblas_internal_trsm_batched_workspace_max_size_64IdE15rocblas_status_13rocblas_side_lllPmS2_S2_S2_S2_"]
    fn dtrsm_batched_ws_max(
        s: i32,
        m: i64,
        n: i64,
        b: i64,
        x: *mut usize,
        xa: *mut usize,
        i: *mut usize,
        ia: *mut usize,
        xb: *mut usize,
    ) -> i32;
    #[link_name = "_Z43rocblas_internal_trsm_workspace_max_size_64I19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_lllPmS4_S4_"]
    fn ctrsm_ws_max(
        s: i32,
        m: i64,
        n: i64,
        b: i64,
        x: *mut usize,
        i: *mut usize,
        xb: *mut usize,
    ) -> i32;
    #[link_name = "_Z36rocblas_internal_trtri_temp_elementsii"]
    fn trtri_temp_elements(n: i32, batch: i32) -> usize;
    /// 4.x/5.x's definition (2.47's name; `cargo xtask stage` renames it in .so.4/.so.5).
    #[link_name = "oxrocm_abi4__Z48rocblas_internal_hemv_symv_kernel_workspace_sizeIdEmii"]
    fn dsymv_ws(n: i32, batch: i32) -> usize;

    // handle extras
    #[link_name = "_Z29rocblas_internal_set_data_ptrP15_rocblas_handleRSt10shared_ptrIvE"]
    fn set_data_ptr(h: H, p: *mut SharedPtr) -> i32;
    #[link_name = "_Z29rocblas_internal_get_data_ptrP15_rocblas_handleRSt10shared_ptrIvE"]
    fn get_data_ptr(h: H, p: *mut SharedPtr) -> i32;
    #[link_name = "_Z32rocblas_internal_get_device_propP15_rocblas_handle"]
    fn get_device_prop(h: H) -> *const u8;
    #[link_name = "_Z54rocblas_internal_convert_hip_to_rocblas_status_and_log10hipError_t"]
    fn convert_and_log(e: i32) -> i32;
}

// ---------------------------------------------------------------------------------------
// element types, data and references

/// What the references need of an element type: its value as complex f64, one made from
/// f64 parts (the imaginary part dropped for real types), and the tolerance of its results.
trait Elem4: Copy + Default + std::fmt::Debug {
    const TOL: f64;
    fn z(self) -> C64;
    fn make(re: f64, im: f64) -> Self;
}
impl Elem4 for f64 {
    const TOL: f64 = 1e-12;
    fn z(self) -> C64 {
        C64 { re: self, im: 0.0 }
    }
    fn make(re: f64, _: f64) -> Self {
        re
    }
}
impl Elem4 for f32 {
    const TOL: f64 = 1e-5;
    fn z(self) -> C64 {
        C64 {
            re: self as f64,
            im: 0.0,
        }
    }
    fn make(re: f64, _: f64) -> Self {
        re as f32
    }
}
impl Elem4 for f16 {
    const TOL: f64 = 4e-3;
    fn z(self) -> C64 {
        C64 {
            re: self.to_f64(),
            im: 0.0,
        }
    }
    fn make(re: f64, _: f64) -> Self {
        f16::from_f64(re)
    }
}
impl Elem4 for C64 {
    const TOL: f64 = 1e-12;
    fn z(self) -> C64 {
        self
    }
    fn make(re: f64, im: f64) -> Self {
        C64 { re, im }
    }
}
impl Elem4 for C32 {
    const TOL: f64 = 1e-5;
    fn z(self) -> C64 {
        C64 {
            re: self.re as f64,
            im: self.im as f64,
        }
    }
    fn make(re: f64, im: f64) -> Self {
        C32 {
            re: re as f32,
            im: im as f32,
        }
    }
}

/// `len` deterministic values (quarters and eighths: exact in every type here).
fn values<E: Elem4>(len: usize, seed: f64) -> Vec<E> {
    vals(len, seed)
        .into_iter()
        .zip(vals(len, seed + 7.0))
        .map(|(r, i)| E::make(r, i))
        .collect()
}
fn zs<E: Elem4>(v: &[E]) -> Vec<C64> {
    v.iter().map(|e| e.z()).collect()
}
/// Every element of `got` within `E::TOL` (relative to the reference's size) of `want`.
fn near<E: Elem4>(got: &[E], want: &[C64]) {
    assert_eq!(got.len(), want.len());
    let scale = want.iter().map(|w| w.abs1()).fold(1.0, f64::max);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g.z() - *w).abs1() <= E::TOL * scale,
            "element {i}: got {g:?}, want {w:?}"
        );
    }
}
/// Element (i, j) of op(A) for column-major A at `a`.
fn op(a: &[C64], lda: usize, t: i32, i: usize, j: usize) -> C64 {
    match t {
        N => a[i + j * lda],
        T => a[j + i * lda],
        _ => a[j + i * lda].conj(),
    }
}
/// C (m x n, ldc) := alpha op(A) op(B) + beta C.
#[allow(clippy::too_many_arguments)]
fn gemm_ref(
    ta: i32,
    tb: i32,
    m: usize,
    n: usize,
    k: usize,
    alpha: C64,
    a: &[C64],
    lda: usize,
    b: &[C64],
    ldb: usize,
    beta: C64,
    c: &mut [C64],
    ldc: usize,
) {
    for j in 0..n {
        for i in 0..m {
            let s = (0..k).fold(C64::zero(), |s, l| {
                s + op(a, lda, ta, i, l) * op(b, ldb, tb, l, j)
            });
            c[i + j * ldc] = alpha * s + beta * c[i + j * ldc];
        }
    }
}
/// The k x k triangle of A (`upper`/`unit`) as a full matrix, other entries zero.
fn tri(a: &[C64], lda: usize, k: usize, upper: bool, unit: bool) -> Vec<C64> {
    let mut f = vec![C64::zero(); k * k];
    for j in 0..k {
        for i in 0..k {
            let stored = if upper { i <= j } else { i >= j };
            f[i + j * k] = if i == j && unit {
                C64 { re: 1.0, im: 0.0 }
            } else if stored {
                a[i + j * lda]
            } else {
                C64::zero()
            };
        }
    }
    f
}
/// A triangular matrix store that is well conditioned: diagonal raised by 6.
fn tri_store<E: Elem4>(len: usize, seed: f64, at: impl Fn(usize) -> usize, k: usize) -> Vec<E> {
    let mut v: Vec<E> = values(len, seed);
    for i in 0..k {
        let d = v[at(i)].z();
        v[at(i)] = E::make(d.re + 6.0, d.im);
    }
    v
}
/// Checks a trsm solution: op(A) X (left) or X op(A) (right) equals alpha B_old, for the
/// m x n matrices at `x` and `b` (leading dimension `ldb`).
#[allow(clippy::too_many_arguments)]
fn trsm_check<E: Elem4>(
    side: i32,
    uplo: i32,
    t: i32,
    diag: i32,
    m: usize,
    n: usize,
    alpha: C64,
    a: &[C64],
    lda: usize,
    x: &[E],
    b: &[C64],
    ldb: usize,
) {
    let k = if side == LEFT { m } else { n };
    let f = tri(a, lda, k, uplo == UPPER, diag == UNIT);
    let x = zs(x);
    let mut lhs = vec![C64::zero(); m * n];
    let mut rhs = vec![C64::zero(); m * n];
    for j in 0..n {
        for i in 0..m {
            lhs[i + j * m] = if side == LEFT {
                (0..k).fold(C64::zero(), |s, l| s + op(&f, k, t, i, l) * x[l + j * ldb])
            } else {
                (0..k).fold(C64::zero(), |s, l| s + x[i + l * ldb] * op(&f, k, t, l, j))
            };
            rhs[i + j * m] = alpha * b[i + j * ldb];
        }
    }
    // the residual's tolerance: the type's, on sums of products of |A| and |X|
    let scale = rhs.iter().map(|w| w.abs1()).fold(1.0, f64::max);
    for (i, (l, r)) in lhs.iter().zip(&rhs).enumerate() {
        assert!(
            (*l - *r).abs1() <= 50.0 * E::TOL * scale,
            "entry {i}: op(A) X = {l:?}, alpha B = {r:?}"
        );
    }
}
/// A device array of device copies of `parts`.
fn dev_array<U: Copy>(parts: &[Vec<U>]) -> (Vec<*mut U>, *mut *mut U) {
    let ptrs: Vec<*mut U> = parts.iter().map(|p| dev(p)).collect();
    let arr = dev(&ptrs);
    (ptrs, arr)
}

// ---------------------------------------------------------------------------------------
// gemm

#[test]
fn gemm_strided_and_64_pointer_arrays() {
    let h = handle();
    let (m, n, k, lda, ldb, ldc) = (4usize, 3usize, 5usize, 6usize, 7usize, 5usize);
    let (oa, ob, oc, sa, sb, sc) = (2usize, 1usize, 3usize, 40usize, 30usize, 20usize);
    let a: Vec<f64> = values(oa + 2 * sa, 1.0); // op(A) = A^T: k x m stored
    let b: Vec<f64> = values(ob + 2 * sb, 2.0); // B: k x n
    let c: Vec<f64> = values(oc + 2 * sc, 3.0);
    let (alpha, beta) = (1.5, -0.5);
    let dc = dev(&c);
    let st = unsafe {
        dgemm(
            h,
            T,
            N,
            m as i32,
            n as i32,
            k as i32,
            &alpha,
            dev(&a).cast(),
            oa as i64,
            lda as i32,
            sa as i64,
            dev(&b).cast(),
            ob as i64,
            ldb as i32,
            sb as i64,
            &beta,
            dc.cast(),
            oc as i64,
            ldc as i32,
            sc as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    let (za, zb, mut want) = (zs(&a), zs(&b), zs(&c));
    for e in 0..2 {
        gemm_ref(
            T,
            N,
            m,
            n,
            k,
            alpha.z(),
            &za[oa + e * sa..],
            lda,
            &zb[ob + e * sb..],
            ldb,
            beta.z(),
            &mut want[oc + e * sc..],
            ldc,
        );
    }
    near(&host(dc, c.len()), &want);

    // the int64_t form over pointer arrays
    let as_: Vec<Vec<f64>> = (0..3)
        .map(|e| values(oa + lda * k, 4.0 + e as f64))
        .collect(); // A: m x k
    let bs: Vec<Vec<f64>> = (0..3)
        .map(|e| values(ob + ldb * k, 8.0 + e as f64))
        .collect(); // op(B) = B^T: n x k stored
    let cs: Vec<Vec<f64>> = (0..3)
        .map(|e| values(oc + ldc * n, 12.0 + e as f64))
        .collect();
    let ((_, aa), (_, ba), (pc, ca)) = (dev_array(&as_), dev_array(&bs), dev_array(&cs));
    let st = unsafe {
        dgemm_batched_64(
            h,
            N,
            T,
            m as i64,
            n as i64,
            k as i64,
            &alpha,
            aa.cast(),
            oa as i64,
            lda as i64,
            0,
            ba.cast(),
            ob as i64,
            ldb as i64,
            0,
            &beta,
            ca.cast(),
            oc as i64,
            ldc as i64,
            0,
            3,
        )
    };
    assert_eq!(st, 0);
    for e in 0..3 {
        let mut want = zs(&cs[e]);
        gemm_ref(
            N,
            T,
            m,
            n,
            k,
            alpha.z(),
            &zs(&as_[e])[oa..],
            lda,
            &zs(&bs[e])[ob..],
            ldb,
            beta.z(),
            &mut want[oc..],
            ldc,
        );
        near(&host(pc[e], want.len()), &want);
    }
}

#[test]
fn gemm_complex_64_and_float_half_pointer_arrays() {
    let h = handle();
    let (m, n, k, lda, ldb, ldc) = (3usize, 4usize, 2usize, 3usize, 5usize, 4usize);
    let (oa, ob, oc, sa, sb, sc) = (1usize, 2usize, 0usize, 12usize, 25usize, 20usize);
    let a: Vec<C64> = values(oa + 2 * sa, 1.0); // op(A) = A^H: k x m stored
    let b: Vec<C64> = values(ob + 2 * sb, 2.0); // op(B) = B^T: n x k stored
    let c: Vec<C64> = values(oc + 2 * sc, 3.0);
    let (alpha, beta) = (C64 { re: 0.5, im: -1.0 }, C64 { re: 2.0, im: 0.25 });
    let dc = dev(&c);
    let st = unsafe {
        zgemm_64(
            h,
            C,
            T,
            m as i64,
            n as i64,
            k as i64,
            &alpha,
            dev(&a).cast(),
            oa as i64,
            lda as i64,
            sa as i64,
            dev(&b).cast(),
            ob as i64,
            ldb as i64,
            sb as i64,
            &beta,
            dc.cast(),
            oc as i64,
            ldc as i64,
            sc as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    let mut want = c.clone();
    for e in 0..2 {
        gemm_ref(
            C,
            T,
            m,
            n,
            k,
            alpha,
            &a[oa + e * sa..],
            lda,
            &b[ob + e * sb..],
            ldb,
            beta,
            &mut want[oc + e * sc..],
            ldc,
        );
    }
    near(&host(dc, c.len()), &want);

    fn arrays<E: Elem4>(
        h: H,
        call: unsafe extern "C" fn(
            H,
            i32,
            i32,
            i32,
            i32,
            i32,
            *const E,
            P,
            i64,
            i32,
            i64,
            P,
            i64,
            i32,
            i64,
            *const E,
            P,
            i64,
            i32,
            i64,
            i32,
        ) -> i32,
    ) {
        let (m, n, k, ld, off) = (5usize, 3usize, 4usize, 6usize, 2usize);
        let as_: Vec<Vec<E>> = (0..2).map(|e| values(off + ld * k, e as f64)).collect();
        let bs: Vec<Vec<E>> = (0..2)
            .map(|e| values(off + ld * n, 3.0 + e as f64))
            .collect();
        let cs: Vec<Vec<E>> = (0..2)
            .map(|e| values(off + ld * n, 6.0 + e as f64))
            .collect();
        let ((_, aa), (_, ba), (pc, ca)) = (dev_array(&as_), dev_array(&bs), dev_array(&cs));
        let (alpha, beta) = (E::make(0.5, 0.0), E::make(-1.0, 0.0));
        let st = unsafe {
            call(
                h,
                N,
                N,
                m as i32,
                n as i32,
                k as i32,
                &alpha,
                aa.cast(),
                off as i64,
                ld as i32,
                0,
                ba.cast(),
                off as i64,
                ld as i32,
                0,
                &beta,
                ca.cast(),
                off as i64,
                ld as i32,
                0,
                2,
            )
        };
        assert_eq!(st, 0);
        for e in 0..2 {
            let mut want = zs(&cs[e]);
            gemm_ref(
                N,
                N,
                m,
                n,
                k,
                alpha.z(),
                &zs(&as_[e])[off..],
                ld,
                &zs(&bs[e])[off..],
                ld,
                beta.z(),
                &mut want[off..],
                ld,
            );
            near(&host(pc[e], want.len()), &want);
        }
    }
    arrays::<f32>(h, sgemm_batched);
    arrays::<f16>(h, hgemm_batched);
}

// ---------------------------------------------------------------------------------------
// trsm

#[test]
fn trsm_strided_and_pointer_arrays() {
    let h = handle();
    // left, lower, not transposed: op(A) is m x m
    let (m, n, lda, ldb, oa, ob, sa, sb) = (
        5usize, 3usize, 6usize, 7usize, 2usize, 1usize, 40usize, 30usize,
    );
    let mut a: Vec<f64> = values(oa + 2 * sa, 1.0);
    for e in 0..2 {
        (0..m).for_each(|i| a[oa + e * sa + i * (lda + 1)] += 6.0); // well conditioned
    }
    let b: Vec<f64> = values(ob + 2 * sb, 2.0);
    let alpha = 2.0;
    let db = dev(&b);
    let st = unsafe {
        dtrsm(
            h,
            LEFT,
            LOWER,
            N,
            NON_UNIT,
            m as i32,
            n as i32,
            &alpha,
            dev(&a).cast(),
            oa as i64,
            lda as i32,
            sa as i64,
            db.cast(),
            ob as i64,
            ldb as i32,
            sb as i64,
            2,
            true,
            null(),
            null(),
            null(),
            null(),
            null(),
            0,
            0,
            0,
        )
    };
    assert_eq!(st, 0);
    let x = host(db, b.len());
    let (za, zb) = (zs(&a), zs(&b));
    for e in 0..2 {
        trsm_check(
            LEFT,
            LOWER,
            N,
            NON_UNIT,
            m,
            n,
            alpha.z(),
            &za[oa + e * sa..],
            lda,
            &x[ob + e * sb..],
            &zb[ob + e * sb..],
            ldb,
        );
    }

    // right, upper, conjugate-transposed, unit diagonal, complex float pointer arrays
    let (m, n, lda, ldb, off) = (3usize, 4usize, 5usize, 4usize, 2usize);
    let as_: Vec<Vec<C32>> = (0..2)
        .map(|e| tri_store(off + lda * n, e as f64, |i| off + i * (lda + 1), n))
        .collect();
    let bs: Vec<Vec<C32>> = (0..2)
        .map(|e| values(off + ldb * n, 4.0 + e as f64))
        .collect();
    let ((_, aa), (pb, ba)) = (dev_array(&as_), dev_array(&bs));
    let alpha = C32 { re: 1.0, im: 0.5 };
    let st = unsafe {
        ctrsm_batched(
            h,
            RIGHT,
            UPPER,
            C,
            UNIT,
            m as i32,
            n as i32,
            &alpha,
            aa.cast(),
            off as i64,
            lda as i32,
            0,
            ba.cast(),
            off as i64,
            ldb as i32,
            0,
            2,
            false,
            null(),
            null(),
            null(),
            null(),
            null(),
            0,
            0,
            0,
        )
    };
    assert_eq!(st, 0);
    for e in 0..2 {
        let x = host(pb[e], bs[e].len());
        trsm_check(
            RIGHT,
            UPPER,
            C,
            UNIT,
            m,
            n,
            alpha.z(),
            &zs(&as_[e])[off..],
            lda,
            &x[off..],
            &zs(&bs[e])[off..],
            ldb,
        );
    }
}

#[test]
fn trsm_64_strided_and_pointer_arrays() {
    let h = handle();
    // left, upper, transposed, double pointer arrays
    let (m, n, lda, ldb, off) = (4usize, 2usize, 4usize, 6usize, 3usize);
    let as_: Vec<Vec<f64>> = (0..3)
        .map(|e| tri_store(off + lda * m, e as f64, |i| off + i * (lda + 1), m))
        .collect();
    let bs: Vec<Vec<f64>> = (0..3)
        .map(|e| values(off + ldb * n, 5.0 + e as f64))
        .collect();
    let ((_, aa), (pb, ba)) = (dev_array(&as_), dev_array(&bs));
    let alpha = -1.0;
    let st = unsafe {
        dtrsm_batched_64(
            h,
            LEFT,
            UPPER,
            T,
            NON_UNIT,
            m as i64,
            n as i64,
            &alpha,
            aa.cast(),
            off as i64,
            lda as i64,
            0,
            ba.cast(),
            off as i64,
            ldb as i64,
            0,
            3,
            true,
            null(),
            null(),
            null(),
            null(),
            null(),
            0,
            0,
            0,
        )
    };
    assert_eq!(st, 0);
    for e in 0..3 {
        let x = host(pb[e], bs[e].len());
        trsm_check(
            LEFT,
            UPPER,
            T,
            NON_UNIT,
            m,
            n,
            alpha.z(),
            &zs(&as_[e])[off..],
            lda,
            &x[off..],
            &zs(&bs[e])[off..],
            ldb,
        );
    }

    // right, lower, not transposed, complex double, strided
    let (m, n, lda, ldb, oa, ob, sa, sb) = (
        2usize, 3usize, 3usize, 2usize, 1usize, 2usize, 12usize, 9usize,
    );
    let mut a: Vec<C64> = values(oa + 2 * sa, 1.0);
    for e in 0..2 {
        (0..n).for_each(|i| a[oa + e * sa + i * (lda + 1)].re += 6.0);
    }
    let b: Vec<C64> = values(ob + 2 * sb, 2.0);
    let alpha = C64 { re: 0.5, im: 0.5 };
    let db = dev(&b);
    let st = unsafe {
        ztrsm_64(
            h,
            RIGHT,
            LOWER,
            N,
            NON_UNIT,
            m as i64,
            n as i64,
            &alpha,
            dev(&a).cast(),
            oa as i64,
            lda as i64,
            sa as i64,
            db.cast(),
            ob as i64,
            ldb as i64,
            sb as i64,
            2,
            true,
            null(),
            null(),
            null(),
            null(),
            null(),
            0,
            0,
            0,
        )
    };
    assert_eq!(st, 0);
    let x = host(db, b.len());
    for e in 0..2 {
        trsm_check(
            RIGHT,
            LOWER,
            N,
            NON_UNIT,
            m,
            n,
            alpha,
            &a[oa + e * sa..],
            lda,
            &x[ob + e * sb..],
            &b[ob + e * sb..],
            ldb,
        );
    }
}

// ---------------------------------------------------------------------------------------
// Level 1

/// Position of logical element `i` of an `n`-vector with increment `inc`.
fn pos(i: usize, n: usize, inc: i64) -> usize {
    if inc > 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs() as usize
    }
}

#[test]
fn axpy_strided_pointer_arrays_and_half() {
    let h = handle();
    let (n, ox, oy, sx, sy) = (5usize, 2usize, 1usize, 12usize, 17usize);
    let x: Vec<f32> = values(ox + 2 * sx, 1.0);
    let y: Vec<f32> = values(oy + 2 * sy, 2.0);
    let alpha = 1.5f32;
    let dy = dev(&y);
    let st = unsafe {
        saxpy(
            h,
            n as i32,
            &alpha,
            0,
            dev(&x).cast(),
            ox as i64,
            2,
            sx as i64,
            dy.cast(),
            oy as i64,
            -3,
            sy as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    let mut want = zs(&y);
    for e in 0..2 {
        for i in 0..n {
            let at = oy + e * sy + pos(i, n, -3);
            want[at] = want[at] + alpha.z() * x[ox + e * sx + 2 * i].z();
        }
    }
    near(&host(dy, y.len()), &want);

    let xs: Vec<Vec<f64>> = (0..3).map(|e| values(ox + n, e as f64)).collect();
    let ys: Vec<Vec<f64>> = (0..3).map(|e| values(oy + n, 4.0 + e as f64)).collect();
    let ((_, xa), (py, ya)) = (dev_array(&xs), dev_array(&ys));
    let alpha = -0.5f64;
    let st = unsafe {
        daxpy_batched(
            h,
            n as i32,
            &alpha,
            0,
            xa.cast(),
            ox as i64,
            1,
            0,
            ya.cast(),
            oy as i64,
            1,
            0,
            3,
        )
    };
    assert_eq!(st, 0);
    for e in 0..3 {
        let mut want = zs(&ys[e]);
        (0..n).for_each(|i| want[oy + i] = want[oy + i] + alpha.z() * xs[e][ox + i].z());
        near(&host(py[e], want.len()), &want);
    }

    let x: Vec<f16> = values(n, 1.0);
    let y: Vec<f16> = values(n, 2.0);
    let alpha = f16::from_f32(2.0);
    let dy = dev(&y);
    assert_eq!(
        unsafe {
            haxpy(
                h,
                n as i32,
                &alpha,
                0,
                dev(&x).cast(),
                0,
                1,
                0,
                dy.cast(),
                0,
                1,
                0,
                1,
            )
        },
        0
    );
    let want: Vec<C64> = (0..n).map(|i| y[i].z() + alpha.z() * x[i].z()).collect();
    near(&host(dy, n), &want);
}

#[test]
fn scal_real_alpha_pointer_arrays_and_64() {
    let h = handle();
    let (n, ox, sx) = (4usize, 1usize, 10usize);
    let x: Vec<C64> = values(ox + 2 * sx, 1.0);
    let alpha = -2.5f64;
    let dx = dev(&x);
    assert_eq!(
        unsafe {
            zdscal(
                h,
                n as i32,
                &alpha,
                0,
                dx.cast(),
                ox as i64,
                2,
                sx as i64,
                2,
            )
        },
        0
    );
    let mut want = x.clone();
    for e in 0..2 {
        (0..n).for_each(|i| want[ox + e * sx + 2 * i] = alpha.z() * x[ox + e * sx + 2 * i]);
    }
    near(&host(dx, x.len()), &want);

    let xs: Vec<Vec<C32>> = (0..2).map(|e| values(ox + 3 * n, e as f64)).collect();
    let (px, xa) = dev_array(&xs);
    let alpha = C32 { re: 0.5, im: -1.0 };
    assert_eq!(
        unsafe { cscal_batched(h, n as i32, &alpha, 0, xa.cast(), ox as i64, 3, 0, 2) },
        0
    );
    for e in 0..2 {
        let mut want = zs(&xs[e]);
        (0..n).for_each(|i| want[ox + 3 * i] = alpha.z() * want[ox + 3 * i]);
        near(&host(px[e], want.len()), &want);
    }

    let xs: Vec<Vec<f32>> = (0..3).map(|e| values(ox + n, 3.0 + e as f64)).collect();
    let (px, xa) = dev_array(&xs);
    let alpha = 4.0f32;
    assert_eq!(
        unsafe { sscal_batched_64(h, n as i64, &alpha, 0, xa.cast(), ox as i64, 1, 0, 3) },
        0
    );
    for e in 0..3 {
        let mut want = zs(&xs[e]);
        (0..n).for_each(|i| want[ox + i] = alpha.z() * want[ox + i]);
        near(&host(px[e], want.len()), &want);
    }
}

#[test]
fn dot_strided_and_dotc_pointer_arrays() {
    let h = handle();
    let (n, ox, oy, sx, sy) = (6usize, 2usize, 1usize, 14usize, 9usize);
    let x: Vec<f64> = values(ox + 2 * sx, 1.0);
    let y: Vec<f64> = values(oy + 2 * sy, 2.0);
    let mut r = [0.0f64; 2];
    let st = unsafe {
        ddot(
            h,
            n as i32,
            dev(&x).cast(),
            ox as i64,
            2,
            sx as i64,
            dev(&y).cast(),
            oy as i64,
            -1,
            sy as i64,
            2,
            r.as_mut_ptr(),
            null_mut(),
        )
    };
    assert_eq!(st, 0);
    let want: Vec<C64> = (0..2)
        .map(|e| {
            (0..n).fold(C64::zero(), |s, i| {
                s + x[ox + e * sx + 2 * i].z() * y[oy + e * sy + pos(i, n, -1)].z()
            })
        })
        .collect();
    near(&r, &want);

    let xs: Vec<Vec<C32>> = (0..3).map(|e| values(ox + n, e as f64)).collect();
    let ys: Vec<Vec<C32>> = (0..3).map(|e| values(oy + n, 5.0 + e as f64)).collect();
    let ((_, xa), (_, ya)) = (dev_array(&xs), dev_array(&ys));
    let mut r = [C32::default(); 3];
    let st = unsafe {
        cdotc_batched(
            h,
            n as i32,
            xa.cast(),
            ox as i64,
            1,
            0,
            ya.cast(),
            oy as i64,
            1,
            0,
            3,
            r.as_mut_ptr(),
            null_mut(),
        )
    };
    assert_eq!(st, 0);
    let want: Vec<C64> = (0..3)
        .map(|e| {
            (0..n).fold(C64::zero(), |s, i| {
                s + xs[e][ox + i].z().conj() * ys[e][oy + i].z()
            })
        })
        .collect();
    near(&r, &want);
}

// ---------------------------------------------------------------------------------------
// workspace sizes

#[test]
fn workspace_sizes_say_none_is_needed() {
    let mut o = [7usize; 5];
    let [a, b, c, d, e] = o.each_mut().map(|p| p as *mut usize);
    // rocBLAS's "no memory needed": all zero and rocblas_status_continue
    assert_eq!(
        unsafe { dtrsm_ws(LEFT, N, 500, 300, 4, 0, a, b, c, d, e) },
        rocblas_status_continue
    );
    assert_eq!(o, [0; 5]);
    let [a, b, c, _, e] = o.each_mut().map(|p| p as *mut usize);
    assert_eq!(
        unsafe { dtrsm_ws(LEFT, N, 500, 300, 4, 0, a, b, c, null_mut(), e) },
        rocblas_status_invalid_pointer
    );
    o = [7; 5];
    let [a, b, c, d, e] = o.each_mut().map(|p| p as *mut usize);
    assert_eq!(
        unsafe { strsm_ws_64(RIGHT, T, 1 << 33, 64, 1 << 33, 1 << 33, 2, 0, a, b, c, d, e) },
        rocblas_status_continue
    );
    assert_eq!(o, [0; 5]);
    o = [7; 5];
    let [a, b, c, d, e] = o.each_mut().map(|p| p as *mut usize);
    assert_eq!(
        unsafe { dtrsm_batched_ws_max(LEFT, 4096, 4096, 8, a, b, c, d, e) },
        rocblas_status_success
    );
    assert_eq!(o, [0; 5]);
    let mut p = [7usize; 3];
    let [a, b, c] = p.each_mut().map(|q| q as *mut usize);
    assert_eq!(
        unsafe { ctrsm_ws_max(RIGHT, 100, 900, 1, a, b, c) },
        rocblas_status_success
    );
    assert_eq!(p, [0; 3]);
    assert_eq!(
        unsafe { ctrsm_ws_max(RIGHT, 100, 900, 1, null_mut(), b, c) },
        rocblas_status_invalid_pointer
    );
    assert_eq!(unsafe { trtri_temp_elements(1000, 3) }, 0);
    assert_eq!(unsafe { dsymv_ws(1000, 3) }, 0);
}

// ---------------------------------------------------------------------------------------
// the handle's extras

/// libstdc++'s `std::shared_ptr<void>` and its control block, built here the way
/// `std::make_shared` leaves them, with a vtable that counts disposals and destructions.
#[repr(C)]
struct SharedPtr {
    ptr: *mut c_void,
    ctrl: *mut Counted,
}
#[repr(C)]
struct Counted {
    vptr: *const unsafe extern "C" fn(*mut Counted),
    uses: AtomicI32,
    weak: AtomicI32,
}
static DISPOSED: AtomicI32 = AtomicI32::new(0);
static DESTROYED: AtomicI32 = AtomicI32::new(0);
unsafe extern "C" fn not_called(_: *mut Counted) {
    panic!("destructor slot called");
}
unsafe extern "C" fn dispose(_: *mut Counted) {
    DISPOSED.fetch_add(1, Ordering::SeqCst);
}
unsafe extern "C" fn destroy(_: *mut Counted) {
    DESTROYED.fetch_add(1, Ordering::SeqCst);
}
static VTABLE: [unsafe extern "C" fn(*mut Counted); 5] =
    [not_called, not_called, dispose, destroy, not_called];

#[test]
fn data_ptr_is_shared_with_the_handle_and_released_with_it() {
    let h = handle();
    let mut empty = SharedPtr {
        ptr: null_mut(),
        ctrl: null_mut(),
    };
    assert_eq!(unsafe { get_data_ptr(h, &mut empty) }, 0);
    assert!(empty.ptr.is_null() && empty.ctrl.is_null());

    let mut object = 42u64;
    let ctrl = Box::into_raw(Box::new(Counted {
        vptr: VTABLE.as_ptr(),
        uses: AtomicI32::new(1),
        weak: AtomicI32::new(1),
    }));
    let mut mine = SharedPtr {
        ptr: (&raw mut object).cast(),
        ctrl,
    };
    assert_eq!(unsafe { set_data_ptr(h, &mut mine) }, 0);
    let uses = || unsafe { (*ctrl).uses.load(Ordering::SeqCst) };
    assert_eq!(uses(), 2);
    let mut got = SharedPtr {
        ptr: null_mut(),
        ctrl: null_mut(),
    };
    assert_eq!(unsafe { get_data_ptr(h, &mut got) }, 0);
    assert_eq!((got.ptr, got.ctrl), (mine.ptr, mine.ctrl));
    assert_eq!(uses(), 3);
    // getting into a pointer that already holds the object keeps the count
    assert_eq!(unsafe { get_data_ptr(h, &mut got) }, 0);
    assert_eq!(uses(), 3);
    assert_eq!(
        unsafe { set_data_ptr(null_mut(), &mut mine) },
        rocblas_status_invalid_handle
    );

    // the caller's two references go (as their destructors would), then the handle's
    unsafe { (*ctrl).uses.fetch_sub(2, Ordering::SeqCst) };
    assert_eq!(
        (
            DISPOSED.load(Ordering::SeqCst),
            DESTROYED.load(Ordering::SeqCst)
        ),
        (0, 0)
    );
    assert_eq!(unsafe { rocblas::handle::rocblas_destroy_handle(h) }, 0);
    assert_eq!(
        (
            DISPOSED.load(Ordering::SeqCst),
            DESTROYED.load(Ordering::SeqCst)
        ),
        (1, 1)
    );
    drop(unsafe { Box::from_raw(ctrl) });
}

#[test]
fn device_prop_and_hip_status() {
    let h = handle();
    let p = unsafe { get_device_prop(h) };
    assert!(!p.is_null());
    // hipDeviceProp_tR0600 starts with the device's name
    let name = unsafe { std::ffi::CStr::from_ptr(p.cast()) };
    assert!(!name.to_bytes().is_empty());
    assert_eq!(unsafe { get_device_prop(h) }, p, "kept, not read again");
    assert!(unsafe { get_device_prop(null_mut()) }.is_null());
    assert_eq!(unsafe { convert_and_log(2) }, rocblas_status_memory_error);
    assert_eq!(
        unsafe { convert_and_log(209) },
        rocblas_status_arch_mismatch
    );
}
