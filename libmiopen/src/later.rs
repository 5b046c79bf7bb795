//! C entry points of MIOpen 6.4 and 7.2 that Debian's MIOpenDriver and miopen_gtest import
//! and that have no implementation here yet: each checks its arguments as MIOpen does (a NULL
//! handle, descriptor or result pointer that MIOpen dereferences is miopenStatusBadParm), then
//! logs its first call and answers miopenStatusNotImplemented. The tuning policy, a property of
//! the handle, is in `handle.rs`.
//!
//! The find mode belongs to a convolution descriptor, which this library cannot create yet
//! (miopenCreateConvolutionDescriptor answers miopenStatusNotImplemented), so no descriptor
//! passed here can be one of ours.

use crate::stubs::not_supported;
use crate::types::*;
use std::ffi::c_void;

type Desc = *mut c_void;

/// miopenStatusBadParm if any pointer is NULL, else `then()`.
fn non_null(ptrs: &[*const c_void], then: impl FnOnce() -> miopenStatus_t) -> miopenStatus_t {
    if ptrs.iter().any(|p| p.is_null()) { miopenStatusBadParm } else { then() }
}

oxrocm_ffi::c_api! { lib = "miopen", ret = miopenStatus_t, on_panic = miopenStatusInternalError;

    fn miopenSetConvolutionFindMode(convDesc: Desc, findMode: i32) {
        let _ = findMode;
        non_null(&[convDesc], || not_supported("miopenSetConvolutionFindMode"))
    }

    fn miopenGetConvolutionFindMode(convDesc: Desc, findMode: *mut i32) {
        non_null(&[convDesc, findMode.cast()], || not_supported("miopenGetConvolutionFindMode"))
    }

    /// The same as miopenSetConvolutionFindMode with an `int` mode (MIGraphX's hidden entry).
    fn miopenHiddenSetConvolutionFindMode(convDesc: Desc, findMode: i32) {
        let _ = findMode;
        non_null(&[convDesc], || not_supported("miopenHiddenSetConvolutionFindMode"))
    }

    fn miopenBatchNormBackwardActivation(
        handle: miopenHandle_t, bn_mode: i32,
        alphaDataDiff: *const c_void, betaDataDiff: *const c_void,
        alphaParamDiff: *const c_void, betaParamDiff: *const c_void,
        xDesc: Desc, x: *const c_void, dyDesc: Desc, dy: *const c_void, dxDesc: Desc, dx: *mut c_void,
        scaleDesc: Desc, biasDesc: Desc, savedMeanDesc: Desc, savedVarianceDesc: Desc,
        bnScale: *const c_void, bnBias: *const c_void,
        resultBnScaleDiff: *mut c_void, resultBnBiasDiff: *mut c_void, epsilon: f64,
        savedMean: *const c_void, savedInvVariance: *const c_void, activDesc: Desc,
    ) {
        let _ = (bn_mode, alphaDataDiff, betaDataDiff, alphaParamDiff, betaParamDiff, x, dy, dx, bnScale, bnBias);
        let _ = (resultBnScaleDiff, resultBnBiasDiff, epsilon, savedMean, savedInvVariance);
        non_null(
            &[handle, xDesc, dyDesc, dxDesc, scaleDesc, biasDesc, savedMeanDesc, savedVarianceDesc, activDesc],
            || not_supported("miopenBatchNormBackwardActivation"),
        )
    }

    fn miopenExecuteFusionPlan_v2(
        handle: miopenHandle_t, fusePlanDesc: Desc, inputDesc: Desc, input: *const c_void,
        outputDesc: Desc, output: *mut c_void, args: Desc, workspace: *mut c_void, workspaceSize: usize,
    ) {
        let _ = (input, output, workspace, workspaceSize);
        non_null(&[handle, fusePlanDesc, inputDesc, outputDesc, args], || not_supported("miopenExecuteFusionPlan_v2"))
    }

    fn miopenGetLayerNormBackwardWorkspaceSize(
        handle: miopenHandle_t, mode: i32, dyDesc: Desc, xDesc: Desc, weightDesc: Desc,
        meanDesc: Desc, rstdDesc: Desc, normalized_dim: i32, dxDesc: Desc, dwDesc: Desc,
        dbDesc: Desc, sizeInBytes: *mut usize,
    ) {
        let _ = (mode, normalized_dim);
        non_null(
            &[handle, dyDesc, xDesc, weightDesc, meanDesc, rstdDesc, dxDesc, dwDesc, dbDesc, sizeInBytes.cast()],
            || not_supported("miopenGetLayerNormBackwardWorkspaceSize"),
        )
    }

    fn miopenLayerNormBackward(
        handle: miopenHandle_t, mode: i32, workspace: *mut c_void, workspaceSizeInBytes: usize,
        dyDesc: Desc, dy: *const c_void, xDesc: Desc, x: *const c_void,
        weightDesc: Desc, weight: *const c_void, meanDesc: Desc, mean: *const c_void,
        rstdDesc: Desc, rstd: *const c_void, normalized_dim: i32,
        dxDesc: Desc, dx: *mut c_void, dwDesc: Desc, dw: *mut c_void, dbDesc: Desc, db: *mut c_void,
    ) {
        let _ = (mode, workspace, workspaceSizeInBytes, dy, x, weight, mean, rstd, normalized_dim, dx, dw, db);
        non_null(
            &[handle, dyDesc, xDesc, weightDesc, meanDesc, rstdDesc, dxDesc, dwDesc, dbDesc],
            || not_supported("miopenLayerNormBackward"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ptr::{null, null_mut};

    #[test]
    fn null_arguments_are_bad_parameters() {
        let d = 0x1000 as Desc;
        let mut mode = 0;
        let mut size = 0usize;
        unsafe {
            assert_eq!(miopenSetConvolutionFindMode(null_mut(), 1), miopenStatusBadParm);
            assert_eq!(miopenSetConvolutionFindMode(d, 1), miopenStatusNotImplemented);
            assert_eq!(miopenHiddenSetConvolutionFindMode(null_mut(), 1), miopenStatusBadParm);
            assert_eq!(miopenGetConvolutionFindMode(d, null_mut()), miopenStatusBadParm);
            assert_eq!(miopenGetConvolutionFindMode(d, &mut mode), miopenStatusNotImplemented);
            assert_eq!(
                miopenExecuteFusionPlan_v2(d, d, d, null(), d, null_mut(), null_mut(), null_mut(), 0),
                miopenStatusBadParm
            );
            assert_eq!(miopenExecuteFusionPlan_v2(d, d, d, null(), d, null_mut(), d, null_mut(), 0), miopenStatusNotImplemented);
            assert_eq!(
                miopenGetLayerNormBackwardWorkspaceSize(d, 0, d, d, d, d, d, 1, d, d, d, null_mut()),
                miopenStatusBadParm
            );
            assert_eq!(
                miopenGetLayerNormBackwardWorkspaceSize(d, 0, d, d, d, d, d, 1, d, d, d, &mut size),
                miopenStatusNotImplemented
            );
            let n = null();
            let m = null_mut();
            assert_eq!(
                miopenLayerNormBackward(null_mut(), 0, m, 0, d, n, d, n, d, n, d, n, d, n, 1, d, m, d, m, d, m),
                miopenStatusBadParm
            );
            assert_eq!(
                miopenLayerNormBackward(d, 0, m, 0, d, n, d, n, d, n, d, n, d, n, 1, d, m, d, m, d, m),
                miopenStatusNotImplemented
            );
            assert_eq!(
                miopenBatchNormBackwardActivation(d, 0, n, n, n, n, d, n, d, n, d, m, d, d, d, d, n, n, m, m, 1e-5, n, n, null_mut()),
                miopenStatusBadParm
            );
            assert_eq!(
                miopenBatchNormBackwardActivation(d, 0, n, n, n, n, d, n, d, n, d, m, d, d, d, d, n, n, m, m, 1e-5, n, n, d),
                miopenStatusNotImplemented
            );
        }
    }
}
