//! The workspace size functions rocSOLVER calls before the templates that take workspaces:
//! `rocblas_internal_trsm_workspace_size<128, BATCHED, T>`,
//! `rocblas_internal_hemv_symv_kernel_workspace_size<T>` and
//! `rocblas_internal_trtri_temp_size<16>`. They answer rocBLAS 2.47's sizes (rocSOLVER
//! allocates them and hands the buffers back); the templates here need none of it.

use crate::blas1::num::{C32, C64, Field};
use crate::blas2::kern::Num;
use crate::blas3::tri::ws;
use crate::types::*;

/// rocBLAS's trsm workspace in parts; `rocblas_status_continue` (all zero) where its
/// kernels need none.
#[allow(clippy::too_many_arguments)]
fn trsm<T: Num>(
    batched: bool,
    side: i32,
    trans: i32,
    m: i32,
    n: i32,
    batch: i32,
    supplied_inv_size: i32,
    out: [*mut usize; 5],
) -> rocblas_status {
    if out.iter().any(|p| p.is_null()) {
        return rocblas_status_invalid_pointer;
    }
    let complex = <T::W as Field>::COMPLEX;
    let left = side == crate::blas3::tri::ops::rocblas_side_left;
    let trans_none = trans == crate::blas2::ops::rocblas_operation_none;
    let parts = ws::trsm_parts(
        size_of::<T>(),
        complex,
        batched,
        left,
        trans_none,
        m.into(),
        n.into(),
        batch.into(),
        supplied_inv_size.into(),
    );
    let p = parts.unwrap_or_default();
    for (dst, v) in out
        .into_iter()
        .zip([p.x_tmp, p.x_tmp_arr, p.inv, p.inv_arr, p.x_tmp_backup])
    {
        unsafe { dst.write(v) };
    }
    if parts.is_some() {
        rocblas_status_success
    } else {
        rocblas_status_continue
    }
}

/// `trsm_workspace_size<BLOCK, BATCHED, T>(side, trans, m, n, batch_count,
/// supplied_invA_size, w_x_tmp_size, w_x_tmp_arr_size, w_invA_size, w_invA_arr_size,
/// w_x_tmp_size_backup)`.
macro_rules! trsm_workspace_size {
    ($($T:ty, batched $batched:literal: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            unsafe extern "C" fn size(side: i32, trans: i32, m: i32, n: i32, batch_count: i32, supplied_inv_a_size: i32,
                                      x_tmp: *mut usize, x_tmp_arr: *mut usize, inv_a: *mut usize, inv_a_arr: *mut usize,
                                      x_tmp_backup: *mut usize) -> rocblas_status {
                let out = [x_tmp, x_tmp_arr, inv_a, inv_a_arr, x_tmp_backup];
                oxrocm_ffi::boundary::guard("rocblas_internal_trsm_workspace_size", rocblas_status_internal_error, move || {
                    trsm::<$T>($batched, side, trans, m, n, batch_count, supplied_inv_a_size, out)
                })
            }
        };
    )*};
}

/// rocBLAS's symv/hemv kernel workspace: one partial column of `n` per 64-row block.
fn hemv_symv(elem: usize, n: i32, batch: i32) -> usize {
    let (n, batch) = (n.max(0) as usize, batch.max(0) as usize);
    elem * n.div_ceil(64).max(1) * n * batch
}

/// `hemv_symv_kernel_workspace_size<T>(n, batch_count)`: bytes.
macro_rules! hemv_symv_kernel_workspace_size {
    ($($T:ty: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            extern "C" fn size(n: i32, batch_count: i32) -> usize {
                hemv_symv(size_of::<$T>(), n, batch_count)
            }
        };
    )*};
}

/// `trtri_temp_size<16>(n, batch_count)`: elements of trtri's temporary.
#[unsafe(export_name = "_Z32rocblas_internal_trtri_temp_sizeILi16EEmii")]
extern "C" fn trtri_temp_size(n: i32, batch_count: i32) -> usize {
    ws::trtri_elems(n.into(), batch_count.into())
}

trsm_workspace_size! {
    C32, batched false: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb0E19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
    C32, batched true: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb1E19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
    C64, batched false: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb0E19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
    C64, batched true: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb1E19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
    f32, batched false: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb0EfE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
    f32, batched true: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb1EfE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
    f64, batched false: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb0EdE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
    f64, batched true: export_name = "_Z36rocblas_internal_trsm_workspace_sizeILi128ELb1EdE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
}

hemv_symv_kernel_workspace_size! {
    C32: export_name = "_Z48rocblas_internal_hemv_symv_kernel_workspace_sizeI19rocblas_complex_numIfEEmii";
    C64: export_name = "_Z48rocblas_internal_hemv_symv_kernel_workspace_sizeI19rocblas_complex_numIdEEmii";
    f32: export_name = "_Z48rocblas_internal_hemv_symv_kernel_workspace_sizeIfEmii";
    f64: export_name = "_Z48rocblas_internal_hemv_symv_kernel_workspace_sizeIdEmii";
}
