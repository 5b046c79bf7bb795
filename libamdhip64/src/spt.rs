//! The `_spt` ("stream per thread") entry points that HIP headers select when a program is
//! built with `HIP_API_PER_THREAD_DEFAULT_STREAM`: the same operations, with the NULL stream
//! meaning this thread's default stream (`hipStreamPerThread`) instead of the legacy one.

use crate::array::*;
use crate::event::*;
use crate::graph::*;
use crate::memcpy::*;
use crate::module::*;
use crate::stream::*;
use crate::api::rc;
use crate::types::*;
use oxrocm_runtime::Result;
use std::ffi::c_void;

const PER_THREAD: hipStream_t = 2usize as hipStream_t;

fn per_thread(s: hipStream_t) -> hipStream_t {
    if s.is_null() { PER_THREAD } else { s }
}


/// Queues an operation on the per-thread stream and waits for it (the synchronous calls).
unsafe fn sync(e: hipError_t) -> Result<()> {
    rc(e)?;
    rc(unsafe { hipStreamSynchronize(PER_THREAD) })
}

hip_api! {
    fn hipMemcpy_spt(dst: *mut c_void, src: *const c_void, n: usize, kind: hipMemcpyKind) {
        sync(hipMemcpyAsync(dst, src, n, kind, PER_THREAD))
    }
    fn hipMemcpyAsync_spt(dst: *mut c_void, src: *const c_void, n: usize, kind: hipMemcpyKind, s: hipStream_t) {
        rc(hipMemcpyAsync(dst, src, n, kind, per_thread(s)))
    }
    fn hipMemcpyToSymbol_spt(sym: *const c_void, src: *const c_void, n: usize, off: usize, kind: hipMemcpyKind) {
        sync(hipMemcpyToSymbolAsync(sym, src, n, off, kind, PER_THREAD))
    }
    fn hipMemcpyToSymbolAsync_spt(sym: *const c_void, src: *const c_void, n: usize, off: usize, kind: hipMemcpyKind, s: hipStream_t) {
        rc(hipMemcpyToSymbolAsync(sym, src, n, off, kind, per_thread(s)))
    }
    fn hipMemcpyFromSymbol_spt(dst: *mut c_void, sym: *const c_void, n: usize, off: usize, kind: hipMemcpyKind) {
        sync(hipMemcpyFromSymbolAsync(dst, sym, n, off, kind, PER_THREAD))
    }
    fn hipMemcpyFromSymbolAsync_spt(dst: *mut c_void, sym: *const c_void, n: usize, off: usize, kind: hipMemcpyKind, s: hipStream_t) {
        rc(hipMemcpyFromSymbolAsync(dst, sym, n, off, kind, per_thread(s)))
    }
    fn hipMemcpy2D_spt(dst: *mut c_void, dp: usize, src: *const c_void, sp: usize, w: usize, h: usize, kind: hipMemcpyKind) {
        sync(hipMemcpy2DAsync(dst, dp, src, sp, w, h, kind, PER_THREAD))
    }
    fn hipMemcpy2DAsync_spt(dst: *mut c_void, dp: usize, src: *const c_void, sp: usize, w: usize, h: usize, kind: hipMemcpyKind, s: hipStream_t) {
        rc(hipMemcpy2DAsync(dst, dp, src, sp, w, h, kind, per_thread(s)))
    }
    fn hipMemcpy3D_spt(p: *const hipMemcpy3DParms) {
        sync(hipMemcpy3DAsync(p, PER_THREAD))
    }
    fn hipMemcpy3DAsync_spt(p: *const hipMemcpy3DParms, s: hipStream_t) {
        rc(hipMemcpy3DAsync(p, per_thread(s)))
    }
    fn hipMemcpyFromArray_spt(dst: *mut c_void, src: hipArray_const_t, x: usize, y: usize, n: usize, kind: hipMemcpyKind) {
        rc(hipStreamSynchronize(PER_THREAD))?;
        rc(hipMemcpyFromArray(dst, src, x, y, n, kind))
    }
    fn hipMemcpy2DToArray_spt(dst: hipArray_t, x: usize, y: usize, src: *const c_void, sp: usize, w: usize, h: usize, kind: hipMemcpyKind) {
        sync(hipMemcpy2DToArrayAsync(dst, x, y, src, sp, w, h, kind, PER_THREAD))
    }
    fn hipMemcpy2DToArrayAsync_spt(dst: hipArray_t, x: usize, y: usize, src: *const c_void, sp: usize, w: usize, h: usize, kind: hipMemcpyKind, s: hipStream_t) {
        rc(hipMemcpy2DToArrayAsync(dst, x, y, src, sp, w, h, kind, per_thread(s)))
    }
    fn hipMemcpy2DFromArray_spt(dst: *mut c_void, dp: usize, src: hipArray_const_t, x: usize, y: usize, w: usize, h: usize, kind: hipMemcpyKind) {
        sync(hipMemcpy2DFromArrayAsync(dst, dp, src, x, y, w, h, kind, PER_THREAD))
    }
    fn hipMemcpy2DFromArrayAsync_spt(dst: *mut c_void, dp: usize, src: hipArray_const_t, x: usize, y: usize, w: usize, h: usize, kind: hipMemcpyKind, s: hipStream_t) {
        rc(hipMemcpy2DFromArrayAsync(dst, dp, src, x, y, w, h, kind, per_thread(s)))
    }
    fn hipMemset_spt(dst: *mut c_void, v: i32, n: usize) {
        sync(hipMemsetAsync(dst, v, n, PER_THREAD))
    }
    fn hipMemsetAsync_spt(dst: *mut c_void, v: i32, n: usize, s: hipStream_t) {
        rc(hipMemsetAsync(dst, v, n, per_thread(s)))
    }
    fn hipMemset2D_spt(dst: *mut c_void, pitch: usize, v: i32, w: usize, h: usize) {
        sync(hipMemset2DAsync(dst, pitch, v, w, h, PER_THREAD))
    }
    fn hipMemset2DAsync_spt(dst: *mut c_void, pitch: usize, v: i32, w: usize, h: usize, s: hipStream_t) {
        rc(hipMemset2DAsync(dst, pitch, v, w, h, per_thread(s)))
    }
    fn hipMemset3D_spt(p: hipPitchedPtr, v: i32, e: hipExtent) {
        sync(hipMemset3DAsync(p, v, e, PER_THREAD))
    }
    fn hipMemset3DAsync_spt(p: hipPitchedPtr, v: i32, e: hipExtent, s: hipStream_t) {
        rc(hipMemset3DAsync(p, v, e, per_thread(s)))
    }
    fn hipStreamQuery_spt(s: hipStream_t) {
        rc(hipStreamQuery(per_thread(s)))
    }
    fn hipStreamSynchronize_spt(s: hipStream_t) {
        rc(hipStreamSynchronize(per_thread(s)))
    }
    fn hipStreamGetPriority_spt(s: hipStream_t, p: *mut i32) {
        rc(hipStreamGetPriority(per_thread(s), p))
    }
    fn hipStreamGetFlags_spt(s: hipStream_t, f: *mut u32) {
        rc(hipStreamGetFlags(per_thread(s), f))
    }
    fn hipStreamWaitEvent_spt(s: hipStream_t, e: hipEvent_t, flags: u32) {
        rc(hipStreamWaitEvent(per_thread(s), e, flags))
    }
    fn hipStreamAddCallback_spt(s: hipStream_t, cb: hipStreamCallback_t, user: *mut c_void, flags: u32) {
        rc(hipStreamAddCallback(per_thread(s), cb, user, flags))
    }
    fn hipLaunchHostFunc_spt(s: hipStream_t, f: hipHostFn_t, user: *mut c_void) {
        rc(hipLaunchHostFunc(per_thread(s), f, user))
    }
    fn hipEventRecord_spt(e: hipEvent_t, s: hipStream_t) {
        rc(hipEventRecord(e, per_thread(s)))
    }
    fn hipLaunchKernel_spt(f: *const c_void, g: dim3, b: dim3, args: *mut *mut c_void, shared: usize, s: hipStream_t) {
        rc(hipLaunchKernel(f, g, b, args, shared, per_thread(s)))
    }
    fn hipLaunchCooperativeKernel_spt(f: *const c_void, g: dim3, b: dim3, args: *mut *mut c_void, shared: u32, s: hipStream_t) {
        rc(hipLaunchCooperativeKernel(f, g, b, args, shared, per_thread(s)))
    }
    fn hipGraphLaunch_spt(e: hipGraphExec_t, s: hipStream_t) {
        rc(hipGraphLaunch(e, per_thread(s)))
    }
    fn hipStreamBeginCapture_spt(s: hipStream_t, mode: hipStreamCaptureMode) {
        rc(hipStreamBeginCapture(per_thread(s), mode))
    }
    fn hipStreamEndCapture_spt(s: hipStream_t, g: *mut hipGraph_t) {
        rc(hipStreamEndCapture(per_thread(s), g))
    }
    fn hipStreamIsCapturing_spt(s: hipStream_t, st: *mut hipStreamCaptureStatus) {
        rc(hipStreamIsCapturing(per_thread(s), st))
    }
    fn hipStreamGetCaptureInfo_spt(s: hipStream_t, st: *mut hipStreamCaptureStatus, id: *mut u64) {
        rc(hipStreamGetCaptureInfo(per_thread(s), st, id))
    }
    fn hipStreamGetCaptureInfo_v2_spt(s: hipStream_t, st: *mut hipStreamCaptureStatus, id: *mut u64, g: *mut hipGraph_t,
                                      deps: *mut *const hipGraphNode_t, n: *mut usize) {
        rc(hipStreamGetCaptureInfo_v2(per_thread(s), st, id, g, deps, n))
    }
}
