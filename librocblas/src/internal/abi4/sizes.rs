//! rocBLAS 4.x/5.x's workspace size functions, which rocSOLVER calls, then allocates what
//! they answer and passes it back: `rocblas_internal_trsm_workspace_size<T>` (and
//! `_batched_`, `_64`), `_trsm_workspace_max_size_64<T>` (and `_batched_`),
//! `rocblas_internal_trtri_temp_elements` and `_hemv_symv_kernel_workspace_size<T>`. The
//! templates here (trsm by substitution, trtri, symv/hemv) need no workspace, so every size
//! is 0. The trsm sizes follow rocBLAS's contract for "no memory needed": a null output is
//! `rocblas_status_invalid_pointer`, otherwise all zero and `rocblas_status_continue`; the
//! maximum sizes answer `rocblas_status_success`. The answers do not depend on the element
//! type: one line per instantiation (type and form for the reader, name).

use crate::types::*;

/// Zeroes every output, or `rocblas_status_invalid_pointer` when one is null.
fn none_needed(out: &[*mut usize], status: rocblas_status) -> rocblas_status {
    if out.iter().any(|p| p.is_null()) {
        return rocblas_status_invalid_pointer;
    }
    out.iter().for_each(|p| unsafe { p.write(0) });
    status
}

/// `trsm_workspace_size<T>` / `trsm_batched_workspace_size<T>(side, transA, m, n,
/// batch_count, supplied_invA_size, w_x_tmp_size, w_x_tmp_arr_size, w_invA_size,
/// w_invA_arr_size, w_x_tmp_size_backup)`; `int i64;`: the `_64` forms, which also take lda
/// and ldb after n.
macro_rules! trsm_workspace_size {
    (int i64; $($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            extern "C" fn size(_side: i32, _trans: i32, _m: i64, _n: i64, _lda: i64, _ldb: i64, _batch_count: i64,
                               _supplied_inv_a_size: i64, x_tmp: *mut usize, x_tmp_arr: *mut usize, inv_a: *mut usize,
                               inv_a_arr: *mut usize, x_tmp_backup: *mut usize) -> rocblas_status {
                none_needed(&[x_tmp, x_tmp_arr, inv_a, inv_a_arr, x_tmp_backup], rocblas_status_continue)
            }
        };
    )*};
    ($($T:ty, $form:ident: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            extern "C" fn size(_side: i32, _trans: i32, _m: i32, _n: i32, _batch_count: i32, _supplied_inv_a_size: i32,
                               x_tmp: *mut usize, x_tmp_arr: *mut usize, inv_a: *mut usize, inv_a_arr: *mut usize,
                               x_tmp_backup: *mut usize) -> rocblas_status {
                none_needed(&[x_tmp, x_tmp_arr, inv_a, inv_a_arr, x_tmp_backup], rocblas_status_continue)
            }
        };
    )*};
}

/// `trsm_workspace_max_size_64<T>(side, m, n, batch_count, w_x_tmp_size, w_invA_size,
/// w_x_tmp_size_backup)` and, `batched:`, `trsm_batched_workspace_max_size_64<T>(side, m, n,
/// batch_count, w_x_tmp_size, w_x_tmp_arr_size, w_invA_size, w_invA_arr_size,
/// w_x_tmp_size_backup)`: the most any m <= M, n <= N needs.
macro_rules! trsm_workspace_max_size {
    (strided: $($T:ty: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            extern "C" fn size(_side: i32, _m: i64, _n: i64, _batch_count: i64, x_tmp: *mut usize, inv_a: *mut usize,
                               x_tmp_backup: *mut usize) -> rocblas_status {
                none_needed(&[x_tmp, inv_a, x_tmp_backup], rocblas_status_success)
            }
        };
    )*};
    (batched: $($T:ty: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            #[allow(clippy::too_many_arguments)]
            extern "C" fn size(_side: i32, _m: i64, _n: i64, _batch_count: i64, x_tmp: *mut usize, x_tmp_arr: *mut usize,
                               inv_a: *mut usize, inv_a_arr: *mut usize, x_tmp_backup: *mut usize) -> rocblas_status {
                none_needed(&[x_tmp, x_tmp_arr, inv_a, inv_a_arr, x_tmp_backup], rocblas_status_success)
            }
        };
    )*};
}

/// `hemv_symv_kernel_workspace_size<T>(n, batch_count)`: bytes. The names are 2.47's too
/// (where the answer is rocBLAS 2.47's size); `cargo xtask stage` gives them these
/// definitions in .so.4 and .so.5.
macro_rules! hemv_symv_kernel_workspace_size {
    ($($T:ty: export_name = $name:literal;)*) => {$(
        const _: () = {
            #[unsafe(export_name = $name)]
            extern "C" fn size(_n: i32, _batch_count: i32) -> usize {
                0
            }
        };
    )*};
}

/// `size_t rocblas_internal_trtri_temp_elements(n, batch_count)`: elements of trtri's
/// temporary.
#[unsafe(export_name = "_Z36rocblas_internal_trtri_temp_elementsii")]
extern "C" fn trtri_temp_elements(_n: i32, _batch_count: i32) -> usize {
    0
}

trsm_workspace_size! {
    f32, batched: export_name = "_Z44rocblas_internal_trsm_batched_workspace_sizeIfE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
    f64, batched: export_name = "_Z44rocblas_internal_trsm_batched_workspace_sizeIdE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
    C32, batched: export_name = "_Z44rocblas_internal_trsm_batched_workspace_sizeI19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
    C64, batched: export_name = "_Z44rocblas_internal_trsm_batched_workspace_sizeI19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
    f32, strided: export_name = "_Z36rocblas_internal_trsm_workspace_sizeIfE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
    f64, strided: export_name = "_Z36rocblas_internal_trsm_workspace_sizeIdE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS3_S3_S3_S3_";
    C32, strided: export_name = "_Z36rocblas_internal_trsm_workspace_sizeI19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
    C64, strided: export_name = "_Z36rocblas_internal_trsm_workspace_sizeI19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_18rocblas_operation_iiiiPmS5_S5_S5_S5_";
}

trsm_workspace_size! {
    int i64;
    f32, batched: export_name = "_Z47rocblas_internal_trsm_batched_workspace_size_64IfE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS3_S3_S3_S3_";
    f64, batched: export_name = "_Z47rocblas_internal_trsm_batched_workspace_size_64IdE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS3_S3_S3_S3_";
    C32, batched: export_name = "_Z47rocblas_internal_trsm_batched_workspace_size_64I19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS5_S5_S5_S5_";
    C64, batched: export_name = "_Z47rocblas_internal_trsm_batched_workspace_size_64I19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS5_S5_S5_S5_";
    f32, strided: export_name = "_Z39rocblas_internal_trsm_workspace_size_64IfE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS3_S3_S3_S3_";
    f64, strided: export_name = "_Z39rocblas_internal_trsm_workspace_size_64IdE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS3_S3_S3_S3_";
    C32, strided: export_name = "_Z39rocblas_internal_trsm_workspace_size_64I19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS5_S5_S5_S5_";
    C64, strided: export_name = "_Z39rocblas_internal_trsm_workspace_size_64I19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_18rocblas_operation_llllllPmS5_S5_S5_S5_";
}

trsm_workspace_max_size! {
    strided:
    f32: export_name = "_Z43rocblas_internal_trsm_workspace_max_size_64IfE15rocblas_status_13rocblas_side_lllPmS2_S2_";
    f64: export_name = "_Z43rocblas_internal_trsm_workspace_max_size_64IdE15rocblas_status_13rocblas_side_lllPmS2_S2_";
    C32: export_name = "_Z43rocblas_internal_trsm_workspace_max_size_64I19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_lllPmS4_S4_";
    C64: export_name = "_Z43rocblas_internal_trsm_workspace_max_size_64I19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_lllPmS4_S4_";
}

trsm_workspace_max_size! {
    batched:
    f32: export_name = "_Z51rocblas_internal_trsm_batched_workspace_max_size_64IfE15rocblas_status_13rocblas_side_lllPmS2_S2_S2_S2_";
    f64: export_name = "_Z51rocblas_internal_trsm_batched_workspace_max_size_64IdE15rocblas_status_13rocblas_side_lllPmS2_S2_S2_S2_";
    C32: export_name = "_Z51rocblas_internal_trsm_batched_workspace_max_size_64I19rocblas_complex_numIfEE15rocblas_status_13rocblas_side_lllPmS4_S4_S4_S4_";
    C64: export_name = "_Z51rocblas_internal_trsm_batched_workspace_max_size_64I19rocblas_complex_numIdEE15rocblas_status_13rocblas_side_lllPmS4_S4_S4_S4_";
}

hemv_symv_kernel_workspace_size! {
    f32: export_name = "oxrocm_abi4__Z48rocblas_internal_hemv_symv_kernel_workspace_sizeIfEmii";
    f64: export_name = "oxrocm_abi4__Z48rocblas_internal_hemv_symv_kernel_workspace_sizeIdEmii";
    C32: export_name = "oxrocm_abi4__Z48rocblas_internal_hemv_symv_kernel_workspace_sizeI19rocblas_complex_numIfEEmii";
    C64: export_name = "oxrocm_abi4__Z48rocblas_internal_hemv_symv_kernel_workspace_sizeI19rocblas_complex_numIdEEmii";
}
