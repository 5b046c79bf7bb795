//! rocBLAS 2.47's C++ `rocblas_internal_*` templates that rocSOLVER imports, called through
//! their exported (mangled) names on the CPU backend: one instantiation of each family with
//! element offsets, strides between batch entries and batch counts above one, in both
//! pointer forms, against f64 (complex f64) references computed here; and the workspace
//! sizes rocBLAS 2.47 answers.

mod common;

use amdhip64 as _;
use common::{LEFT, LOWER, NON_UNIT, RIGHT, UNIT, UPPER, dev, handle, host, vals};
use rocblas::blas1::num::{C64, Field};
use rocblas::handle::rocblas_set_pointer_mode;
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::null;

type H = rocblas_handle;
type P = *const c_void;
const N: i32 = 111;
const T: i32 = 112;
const C: i32 = 113;

unsafe extern "C" {
    #[link_name = "_Z30rocblas_internal_axpy_templateILi256EddPKdPdE15rocblas_status_P15_rocblas_handleiPKT1_lT2_lilT3_lili"]
    fn daxpy(
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
    #[link_name = "_Z30rocblas_internal_scal_templateILi256E19rocblas_complex_numIdES1_PKPS1_E15rocblas_status_P15_rocblas_handleiPKT1_lT2_lili"]
    fn zscal_arr(
        h: H,
        n: i32,
        al: *const C64,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z29rocblas_internal_dot_templateILi512ELb0EdPKPKddE15rocblas_status_P15_rocblas_handleiT2_lilS7_liliPT1_PT3_"]
    fn ddot_arr(
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
    #[link_name = "_Z29rocblas_internal_dot_templateILi512ELb1E19rocblas_complex_numIdEPKS1_S1_E15rocblas_status_P15_rocblas_handleiT2_lilS7_liliPT1_PT3_"]
    fn zdotc(
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
        r: *mut C64,
        w: *mut C64,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_gemv_templateIddddE15rocblas_status_P15_rocblas_handle18rocblas_operation_iiPKT0_lPKT1_lilS9_lilS6_lPT2_liliPT_"]
    fn dgemv(
        h: H,
        t: i32,
        m: i32,
        n: i32,
        al: *const f64,
        s_al: i64,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        be: *const f64,
        s_be: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        b: i32,
        w: *mut f64,
    ) -> i32;
    #[link_name = "_Z29rocblas_internal_ger_templateILb1E19rocblas_complex_numIdEPKS1_S1_KPS1_E15rocblas_status_P15_rocblas_handleiiPKT2_lPKT1_lilSE_lilPT3_lili"]
    fn zgerc_arr(
        h: H,
        m: i32,
        n: i32,
        al: *const C64,
        s_al: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z35rocblas_internal_hemv_symv_templateILb1E19rocblas_complex_numIdEPKS1_PS1_S4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iPKT0_lT1_lilSC_lilSB_lT2_liliT3_"]
    fn zhemv(
        h: H,
        u: i32,
        n: i32,
        al: *const C64,
        s_al: i64,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        be: *const C64,
        s_be: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        b: i32,
        w: *mut C64,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_her2_templateIPK19rocblas_complex_numIdES3_PS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSA_lilT1_illi"]
    fn zher2(
        h: H,
        u: i32,
        n: i32,
        al: *const C64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        a: P,
        lda: i32,
        oa: i64,
        sa: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_syr2_templateIPKdPKS1_PKPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_iT_T0_lilSC_lilT1_illi"]
    fn dsyr2_arr(
        h: H,
        u: i32,
        n: i32,
        al: *const f64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        y: P,
        oy: i64,
        incy: i32,
        sy: i64,
        a: P,
        lda: i32,
        oa: i64,
        sa: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_trmv_templateIPKPKdPKPdS4_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT_lilT0_lilT1_li"]
    fn dtrmv_arr(
        h: H,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        w: *mut f64,
        sw: i64,
        b: i32,
    ) -> i32;
    #[link_name = "_Z43rocblas_internal_trsv_substitution_templateILi64EdPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iT1_lilPKT0_T2_liliPi"]
    fn dtrsv(
        h: H,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        al: *const f64,
        x: P,
        ox: i64,
        incx: i32,
        sx: i64,
        b: i32,
        w: *mut i32,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_gemm_templateILb1EdPKdKPdE15rocblas_status_P15_rocblas_handle18rocblas_operation_S7_iiiPKT0_PKT1_lilSD_lilSA_PT2_lili"]
    fn dgemm_arr(
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
    #[link_name = "_Z30rocblas_internal_gemm_templateILb0EdddE15rocblas_status_P15_rocblas_handle18rocblas_operation_S3_iiiPKT0_PKT1_lilS9_lilS6_PT2_lili"]
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
    #[link_name = "_Z30rocblas_internal_symm_templateILb0ELb0EdPKdS1_PdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_iiT2_T3_lilS9_lilS8_T4_lili"]
    fn dsymm(
        h: H,
        s: i32,
        u: i32,
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
        be: *const f64,
        c: P,
        oc: i64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_herk_templateILi8ELb1E19rocblas_complex_numIdEPKdPKPKS1_PKPS1_E15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiT2_T3_lilSG_T4_lili"]
    fn zherk_arr(
        h: H,
        u: i32,
        t: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        be: *const f64,
        c: P,
        oc: i64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    #[link_name = "_Z37rocblas_internal_syr2k_her2k_templateILi32ELb0ELb1ELb0EddPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_18rocblas_operation_iiPKT3_T5_lilSB_lilPKT4_T6_lili"]
    fn dsyr2k(
        h: H,
        u: i32,
        t: i32,
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
    #[link_name = "_Z30rocblas_internal_trmm_templateILi32ELb0EdKdS0_dE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPT2_lPT3_lilSB_lilPT4_lili"]
    fn dtrmm(
        h: H,
        s: i32,
        u: i32,
        t: i32,
        d: i32,
        m: i32,
        n: i32,
        al: *const f64,
        s_al: i64,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        b: P,
        ob: i64,
        ldb: i32,
        sb: i64,
        c: P,
        oc: i64,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> i32;
    #[link_name = "_Z30rocblas_internal_trsm_templateILi128ELi64ELb1EdPKPKdPKPdE15rocblas_status_P15_rocblas_handle13rocblas_side_13rocblas_fill_18rocblas_operation_17rocblas_diagonal_iiPKT2_T3_lilT4_lilibPvSJ_SJ_SJ_SH_ill"]
    fn dtrsm_arr(
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
    #[link_name = "_Z31rocblas_internal_trtri_templateILi16ELb0ELb1EdPKdPdE15rocblas_status_P15_rocblas_handle13rocblas_fill_17rocblas_diagonal_iT3_lillT4_lilliiS9_"]
    fn dtrtri(
        h: H,
        u: i32,
        d: i32,
        n: i32,
        a: P,
        oa: i64,
        lda: i32,
        sa: i64,
        ssa: i64,
        inv: P,
        oi: i64,
        ldi: i32,
        si: i64,
        ssi: i64,
        batch: i32,
        sub_batch: i32,
        w: P,
    ) -> i32;
    #[link_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb1EdE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_"]
    fn dtrsm_ws_batched(
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
    #[link_name = "_Z48rocblas_internal_hemv_symv_kernel_workspace_sizeI19rocblas_complex_numIfEEmii"]
    fn chemv_ws(n: i32, batch: i32) -> usize;
    #[link_name = "_Z32rocblas_internal_trtri_temp_sizeILi16EEmii"]
    fn trtri_temp(n: i32, batch: i32) -> usize;
}

// ---------------------------------------------------------------------------------------
// data and references

fn z(re: f64, im: f64) -> C64 {
    C64 { re, im }
}
fn zvals(len: usize, seed: f64) -> Vec<C64> {
    vals(len, seed)
        .into_iter()
        .zip(vals(len, seed + 7.0))
        .map(|(r, i)| z(r, i))
        .collect()
}
fn near<F: Field<R = f64>>(got: &[F], want: &[F]) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (*g - *w).abs1() <= 1e-9 * (1.0 + w.abs1()),
            "element {i}: got {g:?}, want {w:?}"
        );
    }
}
/// Element (i, j) of op(A) for column-major A at `a`.
fn op<F: Field>(a: &[F], lda: usize, t: i32, i: usize, j: usize) -> F {
    match t {
        N => a[i + j * lda],
        T => a[j + i * lda],
        _ => a[j + i * lda].conj(),
    }
}
/// The full matrix of a stored triangle (`sym`: mirrored, conjugated for `herm`; else
/// triangular with zeros, the diagonal 1 for `unit`).
fn full<F: Field<R = f64>>(
    a: &[F],
    lda: usize,
    n: usize,
    upper: bool,
    sym: bool,
    herm: bool,
    unit: bool,
) -> Vec<F> {
    let mut f = vec![F::zero(); n * n];
    for j in 0..n {
        for i in 0..n {
            let stored = if upper { i <= j } else { i >= j };
            f[i + j * n] = if i == j {
                let d = if unit {
                    F::from_re(1.0)
                } else {
                    a[i + j * lda]
                };
                if herm { F::from_re(d.re()) } else { d }
            } else if stored {
                a[i + j * lda]
            } else if sym {
                if herm {
                    a[j + i * lda].conj()
                } else {
                    a[j + i * lda]
                }
            } else {
                F::zero()
            };
        }
    }
    f
}
/// C (m x n, ldc) := alpha op(A) op(B) + beta C.
#[allow(clippy::too_many_arguments)]
fn gemm_ref<F: Field>(
    ta: i32,
    tb: i32,
    m: usize,
    n: usize,
    k: usize,
    alpha: F,
    a: &[F],
    lda: usize,
    b: &[F],
    ldb: usize,
    beta: F,
    c: &mut [F],
    ldc: usize,
) {
    for j in 0..n {
        for i in 0..m {
            let s = (0..k).fold(F::zero(), |s, l| {
                s + op(a, lda, ta, i, l) * op(b, ldb, tb, l, j)
            });
            c[i + j * ldc] = alpha * s + beta * c[i + j * ldc];
        }
    }
}
/// A device array of device copies of `parts`.
fn dev_array<U: Copy>(parts: &[Vec<U>]) -> (Vec<*mut U>, *mut *mut U) {
    let ptrs: Vec<*mut U> = parts.iter().map(|p| dev(p)).collect();
    let arr = dev(&ptrs);
    (ptrs, arr)
}
fn device_mode(h: H) {
    assert_eq!(
        unsafe { rocblas_set_pointer_mode(h, rocblas_pointer_mode_device) },
        0
    );
}
/// Position of logical element `i` of an `n`-vector with increment `inc`.
fn pos(i: usize, n: usize, inc: i32) -> usize {
    if inc > 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs() as usize
    }
}

// ---------------------------------------------------------------------------------------
// Level 1

#[test]
fn axpy_strided_device_alphas() {
    let h = handle();
    device_mode(h);
    let (n, batch, ox, oy, sx, sy) = (5usize, 3usize, 3usize, 1usize, 17usize, 13usize);
    let x = vals(ox + sx * batch, 1.0);
    let y = vals(oy + sy * batch, 2.0);
    let alphas = [0.5, -2.0, 0.0, 9.0];
    let (dx, dy, da) = (dev(&x), dev(&y), dev(&alphas));
    // each entry its own alpha (stride 1); y runs backwards
    let st = unsafe {
        daxpy(
            h,
            n as i32,
            da,
            1,
            dx.cast(),
            ox as i64,
            2,
            sx as i64,
            dy.cast(),
            oy as i64,
            -3,
            sy as i64,
            batch as i32,
        )
    };
    assert_eq!(st, 0);
    let mut want = y.clone();
    for b in 0..batch {
        for i in 0..n {
            let yi = oy + b * sy + pos(i, n, -3);
            want[yi] += alphas[b] * x[ox + b * sx + 2 * i];
        }
    }
    near(&host(dy, want.len()), &want);
}

#[test]
fn scal_pointer_array_with_offset() {
    let h = handle();
    let (n, off) = (4usize, 2usize);
    let parts = [zvals(off + 2 * n, 1.0), zvals(off + 2 * n, 2.0)];
    let (ptrs, arr) = dev_array(&parts);
    let alpha = z(0.5, -1.5);
    assert_eq!(
        unsafe { zscal_arr(h, n as i32, &alpha, 0, arr.cast(), off as i64, 2, 0, 2) },
        0
    );
    for (p, d) in parts.iter().zip(&ptrs) {
        let mut want = p.clone();
        (0..n).for_each(|i| want[off + 2 * i] = alpha * p[off + 2 * i]);
        near(&host(*d, want.len()), &want);
    }
}

#[test]
fn dot_pointer_arrays_and_conjugated_strided() {
    let h = handle();
    let (n, ox, oy) = (6usize, 1usize, 4usize);
    let xs: Vec<Vec<f64>> = (0..3).map(|b| vals(ox + n, b as f64)).collect();
    let ys: Vec<Vec<f64>> = (0..3).map(|b| vals(oy + 2 * n, 5.0 + b as f64)).collect();
    let ((_, xa), (_, ya)) = (dev_array(&xs), dev_array(&ys));
    let mut r = [0.0f64; 3];
    let st = unsafe {
        ddot_arr(
            h,
            n as i32,
            xa.cast(),
            ox as i64,
            1,
            0,
            ya.cast(),
            oy as i64,
            2,
            0,
            3,
            r.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(st, 0);
    let want: Vec<f64> = (0..3)
        .map(|b| (0..n).map(|i| xs[b][ox + i] * ys[b][oy + 2 * i]).sum())
        .collect();
    near(&r, &want);

    let (sx, sy) = (9usize, 8usize);
    let x = zvals(2 + 2 * sx, 3.0);
    let y = zvals(2 * sy + 3, 4.0);
    let mut r = [C64::default(); 2];
    let st = unsafe {
        zdotc(
            h,
            3,
            dev(&x).cast(),
            2,
            1,
            sx as i64,
            dev(&y).cast(),
            3,
            -1,
            sy as i64,
            2,
            r.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(st, 0);
    let want: Vec<C64> = (0..2)
        .map(|b| {
            (0..3).fold(C64::zero(), |s, i| {
                s + x[2 + b * sx + i].conj() * y[3 + b * sy + pos(i, 3, -1)]
            })
        })
        .collect();
    near(&r, &want);
}

// ---------------------------------------------------------------------------------------
// Level 2

#[test]
fn gemv_strided_device_scalars() {
    let h = handle();
    device_mode(h);
    let (m, n, lda, batch) = (4usize, 3usize, 6usize, 2usize);
    let (oa, sa, ox, sx, oy, sy) = (2usize, 20usize, 1usize, 6usize, 3usize, 5usize);
    let a = vals(oa + sa * batch, 1.0);
    let x = vals(ox + sx * batch, 2.0);
    let y = vals(oy + sy * batch, 3.0);
    let scalars = [2.0, -1.0, 0.5, 3.0]; // alphas at 0 and 2, betas at 1 and 3
    let (da, dx, dy, ds) = (dev(&a), dev(&x), dev(&y), dev(&scalars));
    let st = unsafe {
        dgemv(
            h,
            T,
            m as i32,
            n as i32,
            ds,
            2,
            da.cast(),
            oa as i64,
            lda as i32,
            sa as i64,
            dx.cast(),
            ox as i64,
            1,
            sx as i64,
            ds.add(1),
            2,
            dy.cast(),
            oy as i64,
            1,
            sy as i64,
            batch as i32,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(st, 0);
    let mut want = y.clone();
    for b in 0..batch {
        let (al, be) = (scalars[2 * b], scalars[2 * b + 1]);
        for j in 0..n {
            let s: f64 = (0..m)
                .map(|i| a[oa + b * sa + i + j * lda] * x[ox + b * sx + i])
                .sum();
            want[oy + b * sy + j] = al * s + be * y[oy + b * sy + j];
        }
    }
    near(&host(dy, want.len()), &want);
}

/// A null pointer stays null whatever its offset: under a device alpha rocBLAS leaves A and
/// x unchecked, and a zero alpha (null A and x) only scales y by beta.
#[test]
fn null_matrices_stay_null_under_offsets() {
    let h = handle();
    device_mode(h);
    let y = vals(8, 1.0);
    let dy = dev(&y);
    let scalars = dev(&[0.0f64, 2.0]);
    let st = unsafe {
        dgemv(
            h,
            N,
            4,
            3,
            scalars,
            0,
            null(),
            5,
            4,
            0,
            null(),
            7,
            1,
            0,
            scalars.add(1),
            0,
            dy.cast(),
            2,
            1,
            0,
            1,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(st, 0);
    let want: Vec<f64> = y
        .iter()
        .enumerate()
        .map(|(i, &v)| if (2..6).contains(&i) { 2.0 * v } else { v })
        .collect();
    near(&host(dy, y.len()), &want);
}

#[test]
fn gerc_pointer_arrays() {
    let h = handle();
    let (m, n, lda, oa, ox, oy) = (3usize, 4usize, 5usize, 2usize, 1usize, 3usize);
    let xs: Vec<Vec<C64>> = (0..2).map(|b| zvals(ox + m, b as f64)).collect();
    let ys: Vec<Vec<C64>> = (0..2).map(|b| zvals(oy + n, 4.0 + b as f64)).collect();
    let as_: Vec<Vec<C64>> = (0..2)
        .map(|b| zvals(oa + lda * n, 8.0 + b as f64))
        .collect();
    let ((_, xa), (_, ya), (pa, aa)) = (dev_array(&xs), dev_array(&ys), dev_array(&as_));
    let alpha = z(1.5, 0.5);
    let st = unsafe {
        zgerc_arr(
            h,
            m as i32,
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
            aa.cast(),
            oa as i64,
            lda as i32,
            0,
            2,
        )
    };
    assert_eq!(st, 0);
    for b in 0..2 {
        let mut want = as_[b].clone();
        for j in 0..n {
            for i in 0..m {
                want[oa + i + j * lda] =
                    want[oa + i + j * lda] + alpha * xs[b][ox + i] * ys[b][oy + j].conj();
            }
        }
        near(&host(pa[b], want.len()), &want);
    }
}

#[test]
fn hemv_strided() {
    let h = handle();
    let (n, lda, batch, oa, sa, ox, sx, oy, sy) = (
        4usize, 5usize, 2usize, 3usize, 24usize, 2usize, 4usize, 1usize, 5usize,
    );
    let a = zvals(oa + sa * batch, 1.0);
    let x = zvals(ox + sx * batch, 2.0);
    let y = zvals(oy + sy * batch, 3.0);
    let (alpha, beta) = (z(1.0, -2.0), z(0.5, 0.25));
    let (da, dx, dy) = (dev(&a), dev(&x), dev(&y));
    let st = unsafe {
        zhemv(
            h,
            UPPER,
            n as i32,
            &alpha,
            0,
            da.cast(),
            oa as i64,
            lda as i32,
            sa as i64,
            dx.cast(),
            ox as i64,
            1,
            sx as i64,
            &beta,
            0,
            dy.cast(),
            oy as i64,
            1,
            sy as i64,
            batch as i32,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(st, 0);
    let mut want = y.clone();
    for b in 0..batch {
        let f = full(&a[oa + b * sa..], lda, n, true, true, true, false);
        for i in 0..n {
            let s = (0..n).fold(C64::zero(), |s, j| s + f[i + j * n] * x[ox + b * sx + j]);
            want[oy + b * sy + i] = alpha * s + beta * y[oy + b * sy + i];
        }
    }
    near(&host(dy, want.len()), &want);
}

#[test]
fn her2_strided_and_syr2_pointer_arrays() {
    let h = handle();
    let (n, lda, oa, sa, ox, sx) = (3usize, 4usize, 2usize, 16usize, 1usize, 4usize);
    let a = zvals(oa + 2 * sa, 1.0);
    let x = zvals(ox + 2 * sx, 2.0);
    let y = zvals(ox + 2 * sx, 3.0);
    let alpha = z(0.5, 1.0);
    let (da, dx, dy) = (dev(&a), dev(&x), dev(&y));
    let st = unsafe {
        zher2(
            h,
            LOWER,
            n as i32,
            &alpha,
            dx.cast(),
            ox as i64,
            1,
            sx as i64,
            dy.cast(),
            ox as i64,
            1,
            sx as i64,
            da.cast(),
            lda as i32,
            oa as i64,
            sa as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    let mut want = a.clone();
    for b in 0..2 {
        let (xb, yb) = (&x[ox + b * sx..], &y[ox + b * sx..]);
        for j in 0..n {
            for i in j..n {
                let at = oa + b * sa + i + j * lda;
                let v =
                    want[at] + alpha * xb[i] * yb[j].conj() + alpha.conj() * yb[i] * xb[j].conj();
                want[at] = if i == j { z(v.re, 0.0) } else { v };
            }
        }
    }
    near(&host(da, want.len()), &want);

    let (oa, ox) = (1usize, 2usize);
    let as_: Vec<Vec<f64>> = (0..2).map(|b| vals(oa + lda * n, b as f64)).collect();
    let xs: Vec<Vec<f64>> = (0..2).map(|b| vals(ox + n, 3.0 + b as f64)).collect();
    let ys: Vec<Vec<f64>> = (0..2).map(|b| vals(ox + n, 6.0 + b as f64)).collect();
    let ((pa, aa), (_, xa), (_, ya)) = (dev_array(&as_), dev_array(&xs), dev_array(&ys));
    let alpha = -1.5;
    let st = unsafe {
        dsyr2_arr(
            h,
            UPPER,
            n as i32,
            &alpha,
            xa.cast(),
            ox as i64,
            1,
            0,
            ya.cast(),
            ox as i64,
            1,
            0,
            aa.cast(),
            lda as i32,
            oa as i64,
            0,
            2,
        )
    };
    assert_eq!(st, 0);
    for b in 0..2 {
        let mut want = as_[b].clone();
        for j in 0..n {
            for i in 0..=j {
                want[oa + i + j * lda] +=
                    alpha * (xs[b][ox + i] * ys[b][ox + j] + ys[b][ox + i] * xs[b][ox + j]);
            }
        }
        near(&host(pa[b], want.len()), &want);
    }
}

#[test]
fn trmv_pointer_arrays() {
    let h = handle();
    let (m, lda, oa, ox) = (4usize, 6usize, 3usize, 2usize);
    let as_: Vec<Vec<f64>> = (0..2).map(|b| vals(oa + lda * m, b as f64)).collect();
    let xs: Vec<Vec<f64>> = (0..2).map(|b| vals(ox + 2 * m, 4.0 + b as f64)).collect();
    let ((_, aa), (px, xa)) = (dev_array(&as_), dev_array(&xs));
    let w = dev(&vec![0.0f64; 2 * m]);
    let st = unsafe {
        dtrmv_arr(
            h,
            LOWER,
            T,
            NON_UNIT,
            m as i32,
            aa.cast(),
            oa as i64,
            lda as i32,
            0,
            xa.cast(),
            ox as i64,
            2,
            0,
            w,
            m as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    for b in 0..2 {
        let f = full(&as_[b][oa..], lda, m, false, false, false, false);
        let mut want = xs[b].clone();
        for i in 0..m {
            want[ox + 2 * i] = (0..m).map(|j| f[j + i * m] * xs[b][ox + 2 * j]).sum();
        }
        near(&host(px[b], want.len()), &want);
    }
}

#[test]
fn trsv_substitution_strided_with_alpha() {
    let h = handle();
    let (m, lda, oa, sa, ox, sx) = (5usize, 6usize, 2usize, 40usize, 3usize, 12usize);
    let mut a = vals(oa + 2 * sa, 1.0);
    for b in 0..2 {
        for i in 0..m {
            a[oa + b * sa + i * (lda + 1)] += 4.0; // well conditioned
        }
    }
    let x = vals(ox + 2 * sx, 2.0);
    let alpha = 2.0;
    let (da, dx) = (dev(&a), dev(&x));
    let st = unsafe {
        dtrsv(
            h,
            UPPER,
            N,
            NON_UNIT,
            m as i32,
            da.cast(),
            oa as i64,
            lda as i32,
            sa as i64,
            &alpha,
            dx.cast(),
            ox as i64,
            -2,
            sx as i64,
            2,
            dev(&[0i32; 2]),
        )
    };
    assert_eq!(st, 0);
    let got = host(dx, x.len());
    for b in 0..2 {
        // op(A) x_new == alpha x_old
        let f = full(&a[oa + b * sa..], lda, m, true, false, false, false);
        let xn: Vec<f64> = (0..m).map(|i| got[ox + b * sx + pos(i, m, -2)]).collect();
        let lhs: Vec<f64> = (0..m)
            .map(|i| (0..m).map(|j| f[i + j * m] * xn[j]).sum())
            .collect();
        let rhs: Vec<f64> = (0..m)
            .map(|i| alpha * x[ox + b * sx + pos(i, m, -2)])
            .collect();
        near(&lhs, &rhs);
    }
}

// ---------------------------------------------------------------------------------------
// Level 3

#[test]
fn gemm_pointer_arrays_with_offsets_and_strided() {
    let h = handle();
    let (m, n, k, lda, ldb, ldc) = (5usize, 4usize, 3usize, 4usize, 6usize, 7usize);
    let (oa, ob, oc) = (2usize, 3usize, 1usize);
    let as_: Vec<Vec<f64>> = (0..3).map(|b| vals(oa + lda * m, b as f64)).collect(); // op(A) = A^T: k x m stored
    let bs: Vec<Vec<f64>> = (0..3).map(|b| vals(ob + ldb * k, 4.0 + b as f64)).collect(); // B^T: n x k stored
    let cs: Vec<Vec<f64>> = (0..3).map(|b| vals(oc + ldc * n, 8.0 + b as f64)).collect();
    let ((_, aa), (_, ba), (pc, ca)) = (dev_array(&as_), dev_array(&bs), dev_array(&cs));
    let (alpha, beta) = (1.5, -0.5);
    let st = unsafe {
        dgemm_arr(
            h,
            T,
            T,
            m as i32,
            n as i32,
            k as i32,
            &alpha,
            aa.cast(),
            oa as i64,
            lda as i32,
            0,
            ba.cast(),
            ob as i64,
            ldb as i32,
            0,
            &beta,
            ca.cast(),
            oc as i64,
            ldc as i32,
            0,
            3,
        )
    };
    assert_eq!(st, 0);
    for b in 0..3 {
        let mut want = cs[b].clone();
        gemm_ref(
            T,
            T,
            m,
            n,
            k,
            alpha,
            &as_[b][oa..],
            lda,
            &bs[b][ob..],
            ldb,
            beta,
            &mut want[oc..],
            ldc,
        );
        near(&host(pc[b], want.len()), &want);
    }

    // strided, in device pointer mode, A not transposed
    device_mode(h);
    let (sa, sb, sc) = (30i64, 20i64, 40i64);
    let a = vals(oa + 2 * sa as usize, 1.0);
    let bm = vals(ob + 2 * sb as usize, 2.0);
    let c = vals(oc + 2 * sc as usize, 3.0);
    let (dc, ds) = (dev(&c), dev(&[alpha, beta]));
    let st = unsafe {
        dgemm(
            h,
            N,
            T,
            m as i32,
            n as i32,
            k as i32,
            ds,
            dev(&a).cast(),
            oa as i64,
            5,
            sa,
            dev(&bm).cast(),
            ob as i64,
            ldb as i32,
            sb,
            ds.add(1),
            dc.cast(),
            oc as i64,
            ldc as i32,
            sc,
            2,
        )
    };
    assert_eq!(st, 0);
    let mut want = c.clone();
    for b in 0..2usize {
        let (ab, bb, cb) = (
            oa + b * sa as usize,
            ob + b * sb as usize,
            oc + b * sc as usize,
        );
        let mut cc = want[cb..].to_vec();
        gemm_ref(
            N,
            T,
            m,
            n,
            k,
            alpha,
            &a[ab..],
            5,
            &bm[bb..],
            ldb,
            beta,
            &mut cc,
            ldc,
        );
        want[cb..cb + cc.len()].copy_from_slice(&cc);
    }
    near(&host(dc, want.len()), &want);
}

#[test]
fn symm_strided_right() {
    let h = handle();
    let (m, n, lda, ldb, ldc, oa, ob, oc, s) = (
        3usize, 4usize, 5usize, 4usize, 6usize, 1usize, 2usize, 3usize, 40usize,
    );
    let a = vals(oa + 2 * s, 1.0);
    let bm = vals(ob + 2 * s, 2.0);
    let c = vals(oc + 2 * s, 3.0);
    let (alpha, beta) = (2.0, 0.5);
    let dc = dev(&c);
    let st = unsafe {
        dsymm(
            h,
            RIGHT,
            LOWER,
            m as i32,
            n as i32,
            &alpha,
            dev(&a).cast(),
            oa as i64,
            lda as i32,
            s as i64,
            dev(&bm).cast(),
            ob as i64,
            ldb as i32,
            s as i64,
            &beta,
            dc.cast(),
            oc as i64,
            ldc as i32,
            s as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    let mut want = c.clone();
    for b in 0..2 {
        let f = full(&a[oa + b * s..], lda, n, false, true, false, false);
        let mut cc = want[oc + b * s..].to_vec();
        gemm_ref(
            N,
            N,
            m,
            n,
            n,
            alpha,
            &bm[ob + b * s..],
            ldb,
            &f,
            n,
            beta,
            &mut cc,
            ldc,
        );
        let end = oc + b * s + cc.len();
        want[oc + b * s..end].copy_from_slice(&cc);
    }
    near(&host(dc, want.len()), &want);
}

/// The `uplo` triangle of `c` (n x n, ldc) replaced by that of `full` (n x n, ld n).
fn tri_of<F: Field>(c: &mut [F], ldc: usize, full: &[F], n: usize, upper: bool) {
    for j in 0..n {
        for i in 0..n {
            if (upper && i <= j) || (!upper && i >= j) {
                c[i + j * ldc] = full[i + j * n];
            }
        }
    }
}

#[test]
fn herk_pointer_arrays_and_syr2k_strided() {
    let h = handle();
    let (n, k, lda, ldc, oa, oc) = (3usize, 4usize, 5usize, 4usize, 2usize, 1usize);
    let as_: Vec<Vec<C64>> = (0..2).map(|b| zvals(oa + lda * n, b as f64)).collect(); // op(A) = A^H: A is k x n
    let cs: Vec<Vec<C64>> = (0..2)
        .map(|b| zvals(oc + ldc * n, 5.0 + b as f64))
        .collect();
    let ((_, aa), (pc, ca)) = (dev_array(&as_), dev_array(&cs));
    let (alpha, beta) = (1.5f64, -0.5f64);
    let st = unsafe {
        zherk_arr(
            h,
            LOWER,
            C,
            n as i32,
            k as i32,
            &alpha,
            aa.cast(),
            oa as i64,
            lda as i32,
            0,
            &beta,
            ca.cast(),
            oc as i64,
            ldc as i32,
            0,
            2,
        )
    };
    assert_eq!(st, 0);
    for b in 0..2 {
        let mut f: Vec<C64> = full(&cs[b][oc..], ldc, n, false, true, true, false);
        gemm_ref(
            C,
            N,
            n,
            n,
            k,
            z(alpha, 0.0),
            &as_[b][oa..],
            lda,
            &as_[b][oa..],
            lda,
            z(beta, 0.0),
            &mut f,
            n,
        );
        (0..n).for_each(|i| f[i * (n + 1)] = z(f[i * (n + 1)].re, 0.0));
        let mut want = cs[b].clone();
        tri_of(&mut want[oc..], ldc, &f, n, false);
        near(&host(pc[b], want.len()), &want);
    }

    let s = 30usize;
    let a = vals(oa + 2 * s, 1.0);
    let bm = vals(oa + 2 * s, 2.0);
    let c = vals(oc + 2 * s, 3.0);
    let (alpha, beta) = (0.5, 2.0);
    let dc = dev(&c);
    let st = unsafe {
        dsyr2k(
            h,
            UPPER,
            N,
            n as i32,
            k as i32,
            &alpha,
            dev(&a).cast(),
            oa as i64,
            lda as i32,
            s as i64,
            dev(&bm).cast(),
            oa as i64,
            lda as i32,
            s as i64,
            &beta,
            dc.cast(),
            oc as i64,
            ldc as i32,
            s as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    let mut want = c.clone();
    for b in 0..2 {
        let (ab, cb) = (&a[oa + b * s..], &bm[oa + b * s..]);
        let mut f = full(&c[oc + b * s..], ldc, n, true, true, false, false);
        gemm_ref(N, T, n, n, k, alpha, ab, lda, cb, lda, beta, &mut f, n);
        gemm_ref(N, T, n, n, k, alpha, cb, lda, ab, lda, 1.0, &mut f, n);
        tri_of(&mut want[oc + b * s..], ldc, &f, n, true);
    }
    near(&host(dc, want.len()), &want);
}

#[test]
fn trmm_strided_device_alphas_out_of_place() {
    let h = handle();
    device_mode(h);
    let (m, n, lda, ldb, ldc, oa, ob, oc, s) = (
        4usize, 3usize, 5usize, 6usize, 4usize, 1usize, 2usize, 3usize, 40usize,
    );
    let a = vals(oa + 2 * s, 1.0);
    let bm = vals(ob + 2 * s, 2.0);
    let c = vals(oc + 2 * s, 3.0);
    let alphas = [2.0, 7.0, -0.5];
    let (dc, dal) = (dev(&c), dev(&alphas));
    let st = unsafe {
        dtrmm(
            h,
            LEFT,
            UPPER,
            T,
            UNIT,
            m as i32,
            n as i32,
            dal,
            2,
            dev(&a).cast(),
            oa as i64,
            lda as i32,
            s as i64,
            dev(&bm).cast(),
            ob as i64,
            ldb as i32,
            s as i64,
            dc.cast(),
            oc as i64,
            ldc as i32,
            s as i64,
            2,
        )
    };
    assert_eq!(st, 0);
    let mut want = c.clone();
    for b in 0..2 {
        let f = full(&a[oa + b * s..], lda, m, true, false, false, true);
        let mut cc = want[oc + b * s..].to_vec();
        gemm_ref(
            T,
            N,
            m,
            n,
            m,
            alphas[2 * b],
            &f,
            m,
            &bm[ob + b * s..],
            ldb,
            0.0,
            &mut cc,
            ldc,
        );
        let end = oc + b * s + cc.len();
        want[oc + b * s..end].copy_from_slice(&cc);
    }
    near(&host(dc, want.len()), &want);
}

#[test]
fn trsm_pointer_arrays() {
    let h = handle();
    let (m, n, lda, ldb, oa, ob) = (5usize, 3usize, 6usize, 7usize, 4usize, 2usize);
    let as_: Vec<Vec<f64>> = (0..3).map(|b| vals(oa + lda * m, b as f64)).collect();
    let bs: Vec<Vec<f64>> = (0..3).map(|b| vals(ob + ldb * n, 4.0 + b as f64)).collect();
    let ((_, aa), (pb, ba)) = (dev_array(&as_), dev_array(&bs));
    let alpha = 3.0;
    let st = unsafe {
        dtrsm_arr(
            h,
            LEFT,
            LOWER,
            N,
            UNIT,
            m as i32,
            n as i32,
            &alpha,
            aa.cast(),
            oa as i64,
            lda as i32,
            0,
            ba.cast(),
            ob as i64,
            ldb as i32,
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
    for b in 0..3 {
        // A X == alpha B
        let got = host(pb[b], bs[b].len());
        let f = full(&as_[b][oa..], lda, m, false, false, false, true);
        let mut lhs = vec![0.0; m * n];
        gemm_ref(N, N, m, n, m, 1.0, &f, m, &got[ob..], ldb, 0.0, &mut lhs, m);
        let rhs: Vec<f64> = (0..m * n)
            .map(|e| alpha * bs[b][ob + e % m + (e / m) * ldb])
            .collect();
        near(&lhs, &rhs);
    }
}

#[test]
fn trtri_sub_batches() {
    let h = handle();
    let (n, lda, ldi, oa, oi, ssa, ssi, sa, si) = (
        4usize, 5usize, 4usize, 3usize, 1usize, 25usize, 17usize, 60usize, 40usize,
    );
    let mut a = vals(oa + 2 * sa, 1.0);
    for b in 0..2 {
        for s in 0..2 {
            (0..n).for_each(|i| a[oa + b * sa + s * ssa + i * (lda + 1)] += 3.0);
        }
    }
    let inv = vec![0.0; oi + 2 * si];
    let di = dev(&inv);
    let st = unsafe {
        dtrtri(
            h,
            UPPER,
            NON_UNIT,
            n as i32,
            dev(&a).cast(),
            oa as i64,
            lda as i32,
            sa as i64,
            ssa as i64,
            di.cast(),
            oi as i64,
            ldi as i32,
            si as i64,
            ssi as i64,
            2,
            2,
            null(),
        )
    };
    assert_eq!(st, 0);
    let got = host(di, inv.len());
    for b in 0..2 {
        for s in 0..2 {
            let f = full(
                &a[oa + b * sa + s * ssa..],
                lda,
                n,
                true,
                false,
                false,
                false,
            );
            let g = full(
                &got[oi + b * si + s * ssi..],
                ldi,
                n,
                true,
                false,
                false,
                false,
            );
            let mut prod = vec![0.0; n * n];
            gemm_ref(N, N, n, n, n, 1.0, &f, n, &g, n, 0.0, &mut prod, n);
            let eye: Vec<f64> = (0..n * n)
                .map(|e| if e % n == e / n { 1.0 } else { 0.0 })
                .collect();
            near(&prod, &eye);
        }
    }
}

// ---------------------------------------------------------------------------------------
// workspace sizes

#[test]
fn workspace_sizes() {
    let mut o = [7usize; 5];
    let [a, b, c, d, e] = o.each_mut().map(|p| p as *mut usize);
    // n == 1 on the left: one completion flag per entry
    assert_eq!(
        unsafe { dtrsm_ws_batched(LEFT, N, 100, 1, 3, 0, a, b, c, d, e) },
        rocblas_status_success
    );
    assert_eq!(o, [12, 0, 0, 0, 0]);
    // small problems need none: rocblas_status_continue
    let mut o = [7usize; 5];
    let [a, b, c, d, e] = o.each_mut().map(|p| p as *mut usize);
    assert_eq!(
        unsafe { dtrsm_ws_batched(LEFT, N, 32, 40, 3, 0, a, b, c, d, e) },
        rocblas_status_continue
    );
    assert_eq!(o, [0; 5]);
    // 256 x 512 (exact blocks, the special kernel): x 128 * (m + n - k), the inverse 128 * k
    let mut o = [7usize; 5];
    let [a, b, c, d, e] = o.each_mut().map(|p| p as *mut usize);
    assert_eq!(
        unsafe { dtrsm_ws_batched(LEFT, N, 256, 512, 2, 0, a, b, c, d, e) },
        rocblas_status_success
    );
    assert_eq!(
        o,
        [128 * 512 * 8 * 2, 16, 128 * 256 * 8 * 2, 16, 128 * 8 * 2]
    );
    assert_eq!(
        unsafe {
            dtrsm_ws_batched(
                LEFT,
                N,
                256,
                512,
                2,
                0,
                a,
                null::<usize>() as *mut usize,
                c,
                d,
                e,
            )
        },
        rocblas_status_invalid_pointer
    );
    // symv/hemv: a column of n per 64-row block
    assert_eq!(unsafe { chemv_ws(100, 3) }, 8 * 2 * 100 * 3);
    assert_eq!(unsafe { chemv_ws(0, 3) }, 0);
    // trtri: nothing up to 2 * 16, then rocBLAS's remainder blocks
    assert_eq!(unsafe { trtri_temp(32, 4) }, 0);
    assert_eq!(unsafe { trtri_temp(64, 2) }, 0);
    assert_eq!(unsafe { trtri_temp(96, 2) }, 32 * 64 * 2);
}
