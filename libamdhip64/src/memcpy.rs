//! Copies and fills of every form (1-D, 2-D, 3-D, driver-style parameter blocks, peer,
//! symbol), synchronous and asynchronous. Each validates its pointers against the
//! allocation map and becomes one [`Op`] on a stream.

use crate::api::abi_major;
use crate::stream::stream;
use crate::types::*;
use oxrocm_runtime::ops::{Copy3D, Fill3D, Op};
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::c_void;

pub const H2H: hipMemcpyKind = 0;
pub const H2D: hipMemcpyKind = 1;
pub const D2H: hipMemcpyKind = 2;
pub const D2D: hipMemcpyKind = 3;
pub const DEFAULT: hipMemcpyKind = 4;
pub const D2D_NO_CU: hipMemcpyKind = 1024;

/// Checks one side of a copy: memory the device must reach has to be a known allocation;
/// host memory may be pageable (unknown), but if known it must contain the whole range.
fn check_side(addr: u64, len: usize, device_side: bool) -> Result<()> {
    if len == 0 {
        return Ok(());
    }
    if addr == 0 {
        return Err(HipError::INVALID_VALUE);
    }
    match runtime().memory.find(addr) {
        Some(a) if addr + len as u64 <= a.base + a.size as u64 => Ok(()),
        Some(_) => Err(HipError::INVALID_VALUE),
        None if device_side => Err(HipError::INVALID_VALUE),
        None => Ok(()),
    }
}

/// Validates `c` for `kind` and turns it into an op.
pub fn copy_op(c: Copy3D, kind: hipMemcpyKind) -> Result<Op> {
    let (src_dev, dst_dev) = match kind {
        H2H | DEFAULT => (false, false),
        H2D => (false, true),
        D2H => (true, false),
        D2D | D2D_NO_CU => (true, true),
        _ => return Err(HipError::INVALID_MEMCPY_DIRECTION),
    };
    let (s, d) = (c.src_range(), c.dst_range());
    check_side(s.addr, s.len, src_dev)?;
    check_side(d.addr, d.len, dst_dev)?;
    Ok(Op::copy(c))
}

/// Runs a copy synchronously (on the legacy stream unless given one).
fn copy_sync(c: Copy3D, kind: hipMemcpyKind, s: hipStream_t) -> Result<()> {
    let op = copy_op(c, kind)?;
    if c.width == 0 || c.height == 0 || c.depth == 0 {
        return Ok(());
    }
    runtime().run_sync(&stream(s)?, op)
}

fn copy_async(c: Copy3D, kind: hipMemcpyKind, s: hipStream_t) -> Result<()> {
    let op = copy_op(c, kind)?;
    let st = stream(s)?;
    if c.width == 0 || c.height == 0 || c.depth == 0 {
        return Ok(());
    }
    // As ROCm documents it: with pageable host memory (not from hipHostMalloc or
    // registered) on either side the copy is performed synchronously. Callers rely on
    // it: rocSPARSE copies a stack variable to the device with hipMemcpyAsync and
    // returns; read later, when the stream got to it, the variable held garbage. A
    // capturing stream records the copy as it is.
    if st.capture().is_none() && (pageable(c.src_range()) || pageable(c.dst_range())) {
        return runtime().run_sync(&st, op);
    }
    runtime().enqueue(&st, op).map(drop)
}

/// Whether a non-empty range lies outside every runtime allocation: pageable host memory.
fn pageable(r: oxrocm_runtime::ops::MemRange) -> bool {
    r.len != 0 && runtime().memory.find(r.addr).is_none()
}

/// Synchronous copy on the legacy stream (for other modules' entry points).
pub fn copy_sync_op(c: Copy3D, kind: hipMemcpyKind) -> Result<()> {
    copy_sync(c, kind, std::ptr::null_mut())
}

pub fn copy_async_op(c: Copy3D, kind: hipMemcpyKind, s: hipStream_t) -> Result<()> {
    copy_async(c, kind, s)
}

fn linear(dst: *const c_void, src: *const c_void, n: usize) -> Copy3D {
    Copy3D::linear(dst as u64, src as u64, n)
}

fn copy_2d(dst: *const c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize) -> Result<Copy3D> {
    // As ROCm: an empty copy succeeds before its pitches are checked.
    if width != 0 && height != 0 && (width > dpitch || width > spitch) {
        return Err(HipError::INVALID_PITCH_VALUE);
    }
    Ok(Copy3D {
        dst: dst as u64,
        src: src as u64,
        width,
        height,
        depth: 1,
        dst_pitch: dpitch,
        dst_slice: dpitch * height,
        src_pitch: spitch,
        src_slice: spitch * height,
    })
}

fn copy_3d_params_ptr(p: *const hipMemcpy3DParms) -> Result<(Copy3D, hipMemcpyKind)> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    copy_3d_params(unsafe { &*p })
}

/// The strided copy a `hipMemcpy3DParms` describes. With an array on either side, the
/// extent and positions count that array's elements (bytes otherwise).
pub fn copy_3d_params(p: &hipMemcpy3DParms) -> Result<(Copy3D, hipMemcpyKind)> {
    let e = p.extent;
    let elem = match (p.srcArray.is_null(), p.dstArray.is_null()) {
        (true, true) => 1,
        (false, _) => crate::array::array(p.srcArray)?.elem,
        (true, false) => crate::array::array(p.dstArray)?.elem,
    };
    let w = e.width * elem;
    let side = |arr: hipArray_t, ptr: hipPitchedPtr, pos: hipPos| -> Result<(u64, usize, usize)> {
        if !arr.is_null() {
            let a = crate::array::array(arr)?;
            return crate::array::array_region(&a, pos.x * elem, pos.y, pos.z, w, e.height, e.depth);
        }
        if w > ptr.pitch {
            return Err(HipError::INVALID_PITCH_VALUE);
        }
        let slice = ptr.pitch * ptr.ysize.max(1);
        Ok((ptr.ptr as u64 + (pos.z * slice + pos.y * ptr.pitch + pos.x * elem) as u64, ptr.pitch, slice))
    };
    let (src, sp, ss) = side(p.srcArray, p.srcPtr, p.srcPos)?;
    let (dst, dp, ds) = side(p.dstArray, p.dstPtr, p.dstPos)?;
    let c = Copy3D { src, dst, width: w, height: e.height, depth: e.depth, src_pitch: sp, src_slice: ss, dst_pitch: dp, dst_slice: ds };
    Ok((c, p.kind))
}

/// One side of a driver-style copy descriptor: memory type (in the loaded ABI's encoding)
/// → (address, device-side, array pitch and height if it is an array).
fn driver_side(mem_type: hipMemoryType, host: *const c_void, device: hipDeviceptr_t, array: hipArray_t) -> Result<(u64, bool, Option<(usize, usize)>)> {
    let (host_t, dev_t, arr_t, uni_t) = if abi_major() >= 6 {
        (memtype_v6::hipMemoryTypeHost, memtype_v6::hipMemoryTypeDevice, memtype_v6::hipMemoryTypeArray, memtype_v6::hipMemoryTypeUnified)
    } else {
        (memtype_v5::hipMemoryTypeHost, memtype_v5::hipMemoryTypeDevice, memtype_v5::hipMemoryTypeArray, memtype_v5::hipMemoryTypeUnified)
    };
    match mem_type {
        t if t == host_t => Ok((host as u64, false, None)),
        t if t == dev_t || t == uni_t => Ok((device as u64, true, None)),
        t if t == arr_t => {
            let a = crate::array::array(array)?;
            Ok((a.data, true, Some((a.pitch(), a.height))))
        }
        _ => Err(HipError::INVALID_VALUE),
    }
}

fn param_2d(p: *const hip_Memcpy2D) -> Result<(Copy3D, hipMemcpyKind)> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    let p = unsafe { &*p };
    let (src, s_dev, s_arr) = driver_side(p.srcMemoryType, p.srcHost, p.srcDevice, p.srcArray)?;
    let (dst, d_dev, d_arr) = driver_side(p.dstMemoryType, p.dstHost, p.dstDevice, p.dstArray)?;
    let spitch = s_arr.map(|a| a.0).unwrap_or(if p.srcPitch == 0 { p.WidthInBytes } else { p.srcPitch });
    let dpitch = d_arr.map(|a| a.0).unwrap_or(if p.dstPitch == 0 { p.WidthInBytes } else { p.dstPitch });
    let mut c = copy_2d(
        (dst + (p.dstY * dpitch + p.dstXInBytes) as u64) as *const c_void,
        dpitch,
        (src + (p.srcY * spitch + p.srcXInBytes) as u64) as *const c_void,
        spitch,
        p.WidthInBytes,
        p.Height,
    )?;
    c.depth = 1;
    Ok((c, kind_of(s_dev, d_dev)))
}

fn kind_of(src_dev: bool, dst_dev: bool) -> hipMemcpyKind {
    match (src_dev, dst_dev) {
        (false, false) => H2H,
        (false, true) => H2D,
        (true, false) => D2H,
        (true, true) => D2D,
    }
}

/// The fields of `HIP_MEMCPY3D` (u32 in ROCm 5.x, size_t in 6.x) widened to usize.
struct Drv3D {
    src: (usize, usize, usize, hipMemoryType, *const c_void, hipDeviceptr_t, hipArray_t, usize, usize),
    dst: (usize, usize, usize, hipMemoryType, *const c_void, hipDeviceptr_t, hipArray_t, usize, usize),
    extent: (usize, usize, usize),
}

fn drv_3d(p: *const c_void) -> Result<(Copy3D, hipMemcpyKind)> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    let d = if abi_major() >= 6 {
        let p = unsafe { &*(p as *const HIP_MEMCPY3D_v6) };
        Drv3D {
            src: (p.srcXInBytes, p.srcY, p.srcZ, p.srcMemoryType, p.srcHost, p.srcDevice, p.srcArray, p.srcPitch, p.srcHeight),
            dst: (p.dstXInBytes, p.dstY, p.dstZ, p.dstMemoryType, p.dstHost, p.dstDevice, p.dstArray, p.dstPitch, p.dstHeight),
            extent: (p.WidthInBytes, p.Height, p.Depth),
        }
    } else {
        let p = unsafe { &*(p as *const HIP_MEMCPY3D) };
        let u = |v: u32| v as usize;
        Drv3D {
            src: (u(p.srcXInBytes), u(p.srcY), u(p.srcZ), p.srcMemoryType, p.srcHost, p.srcDevice, p.srcArray, u(p.srcPitch), u(p.srcHeight)),
            dst: (u(p.dstXInBytes), u(p.dstY), u(p.dstZ), p.dstMemoryType, p.dstHost, p.dstDevice as _, p.dstArray, u(p.dstPitch), u(p.dstHeight)),
            extent: (u(p.WidthInBytes), u(p.Height), u(p.Depth)),
        }
    };
    let (w, h, depth) = d.extent;
    let side = |s: &(usize, usize, usize, hipMemoryType, *const c_void, hipDeviceptr_t, hipArray_t, usize, usize)| -> Result<(u64, bool, usize, usize)> {
        let (addr, dev, arr) = driver_side(s.3, s.4, s.5, s.6)?;
        let (pitch, height) = arr.unwrap_or((if s.7 == 0 { w } else { s.7 }, if s.8 == 0 { h } else { s.8 }));
        if w > pitch {
            return Err(HipError::INVALID_PITCH_VALUE);
        }
        let slice = pitch * height;
        Ok((addr + (s.2 * slice + s.1 * pitch + s.0) as u64, dev, pitch, slice))
    };
    let (src, s_dev, sp, ss) = side(&d.src)?;
    let (dst, d_dev, dp, ds) = side(&d.dst)?;
    let c = Copy3D { src, dst, width: w, height: h, depth, src_pitch: sp, src_slice: ss, dst_pitch: dp, dst_slice: ds };
    Ok((c, kind_of(s_dev, d_dev)))
}

// ------------------------------------------------------------------- fills --

/// Validates a fill: the whole range must lie in one device-reachable allocation.
pub fn fill_op(f: Fill3D) -> Result<Option<Op>> {
    let r = f.range();
    if r.len == 0 {
        return Ok(None);
    }
    if f.dst == 0 {
        return Err(HipError::INVALID_VALUE);
    }
    check_side(r.addr, r.len, true)?;
    Ok(Some(Op::fill(f)))
}

fn fill(f: Fill3D, s: hipStream_t, sync: bool) -> Result<()> {
    let st = stream(s)?;
    let Some(op) = fill_op(f)? else { return Ok(()) };
    if sync { runtime().run_sync(&st, op) } else { runtime().enqueue(&st, op).map(drop) }
}

fn fill_2d(dst: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) -> Result<Fill3D> {
    if width > pitch && height > 1 {
        return Err(HipError::INVALID_PITCH_VALUE);
    }
    Ok(Fill3D { dst: dst as u64, value: value as u8 as u64, elem_size: 1, width, height, depth: 1, pitch, slice: pitch * height })
}

fn fill_3d(p: hipPitchedPtr, value: i32, e: hipExtent) -> Result<Fill3D> {
    if e.width > p.pitch && (e.height > 1 || e.depth > 1) {
        return Err(HipError::INVALID_PITCH_VALUE);
    }
    let slice = p.pitch * p.ysize.max(e.height);
    Ok(Fill3D { dst: p.ptr as u64, value: value as u8 as u64, elem_size: 1, width: e.width, height: e.height, depth: e.depth, pitch: p.pitch, slice })
}

// ----------------------------------------------------------------- symbols --

fn symbol_range(symbol: *const c_void, size: usize, offset: usize) -> Result<u64> {
    if symbol.is_null() {
        return Err(HipError::INVALID_SYMBOL);
    }
    let (addr, len) = runtime().symbol(symbol as usize)?;
    if offset.checked_add(size).is_none_or(|end| end > len) {
        return Err(HipError::INVALID_VALUE);
    }
    Ok(addr + offset as u64)
}

fn symbol_kind(kind: hipMemcpyKind, to_symbol: bool) -> Result<hipMemcpyKind> {
    match (kind, to_symbol) {
        (H2D | D2D | DEFAULT, true) => Ok(if kind == DEFAULT { DEFAULT } else { kind }),
        (D2H | D2D | DEFAULT, false) => Ok(kind),
        _ => Err(HipError::INVALID_MEMCPY_DIRECTION),
    }
}

hip_api! {
    fn hipMemcpy(dst: *mut c_void, src: *const c_void, n: usize, kind: hipMemcpyKind) {
        copy_sync(linear(dst, src, n), kind, std::ptr::null_mut())
    }

    fn hipMemcpyWithStream(dst: *mut c_void, src: *const c_void, n: usize, kind: hipMemcpyKind, s: hipStream_t) {
        copy_sync(linear(dst, src, n), kind, s)
    }

    fn hipMemcpyAsync(dst: *mut c_void, src: *const c_void, n: usize, kind: hipMemcpyKind, s: hipStream_t) {
        copy_async(linear(dst, src, n), kind, s)
    }

    fn hipMemcpyHtoD(dst: hipDeviceptr_t, src: *mut c_void, n: usize) {
        copy_sync(linear(dst, src, n), H2D, std::ptr::null_mut())
    }

    fn hipMemcpyDtoH(dst: *mut c_void, src: hipDeviceptr_t, n: usize) {
        copy_sync(linear(dst, src, n), D2H, std::ptr::null_mut())
    }

    fn hipMemcpyDtoD(dst: hipDeviceptr_t, src: hipDeviceptr_t, n: usize) {
        copy_sync(linear(dst, src, n), D2D, std::ptr::null_mut())
    }

    fn hipMemcpyHtoDAsync(dst: hipDeviceptr_t, src: *mut c_void, n: usize, s: hipStream_t) {
        copy_async(linear(dst, src, n), H2D, s)
    }

    fn hipMemcpyDtoHAsync(dst: *mut c_void, src: hipDeviceptr_t, n: usize, s: hipStream_t) {
        copy_async(linear(dst, src, n), D2H, s)
    }

    fn hipMemcpyDtoDAsync(dst: hipDeviceptr_t, src: hipDeviceptr_t, n: usize, s: hipStream_t) {
        copy_async(linear(dst, src, n), D2D, s)
    }

    fn hipMemcpyPeer(dst: *mut c_void, dst_dev: i32, src: *const c_void, src_dev: i32, n: usize) {
        runtime().device(dst_dev)?;
        runtime().device(src_dev)?;
        copy_sync(linear(dst, src, n), D2D, std::ptr::null_mut())
    }

    fn hipMemcpyPeerAsync(dst: *mut c_void, dst_dev: i32, src: *const c_void, src_dev: i32, n: usize, s: hipStream_t) {
        runtime().device(dst_dev)?;
        runtime().device(src_dev)?;
        copy_async(linear(dst, src, n), D2D, s)
    }

    fn hipMemcpy2D(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: hipMemcpyKind) {
        copy_sync(copy_2d(dst, dpitch, src, spitch, width, height)?, kind, std::ptr::null_mut())
    }

    fn hipMemcpy2DAsync(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: hipMemcpyKind, s: hipStream_t) {
        copy_async(copy_2d(dst, dpitch, src, spitch, width, height)?, kind, s)
    }

    fn hipMemcpy3D(p: *const hipMemcpy3DParms) {
        let (c, kind) = copy_3d_params_ptr(p)?;
        copy_sync(c, kind, std::ptr::null_mut())
    }

    fn hipMemcpy3DAsync(p: *const hipMemcpy3DParms, s: hipStream_t) {
        let (c, kind) = copy_3d_params_ptr(p)?;
        copy_async(c, kind, s)
    }

    fn hipMemcpyParam2D(p: *const hip_Memcpy2D) {
        let (c, kind) = param_2d(p)?;
        copy_sync(c, kind, std::ptr::null_mut())
    }

    fn hipMemcpyParam2DAsync(p: *const hip_Memcpy2D, s: hipStream_t) {
        let (c, kind) = param_2d(p)?;
        copy_async(c, kind, s)
    }

    fn hipDrvMemcpy2DUnaligned(p: *const hip_Memcpy2D) {
        let (c, kind) = param_2d(p)?;
        copy_sync(c, kind, std::ptr::null_mut())
    }

    fn hipDrvMemcpy3D(p: *const c_void) {
        let (c, kind) = drv_3d(p)?;
        copy_sync(c, kind, std::ptr::null_mut())
    }

    fn hipDrvMemcpy3DAsync(p: *const c_void, s: hipStream_t) {
        let (c, kind) = drv_3d(p)?;
        copy_async(c, kind, s)
    }

    fn hipMemcpyToSymbol(symbol: *const c_void, src: *const c_void, n: usize, offset: usize, kind: hipMemcpyKind) {
        let kind = symbol_kind(kind, true)?;
        let dst = symbol_range(symbol, n, offset)?;
        copy_sync(Copy3D::linear(dst, src as u64, n), kind, std::ptr::null_mut())
    }

    fn hipMemcpyToSymbolAsync(symbol: *const c_void, src: *const c_void, n: usize, offset: usize, kind: hipMemcpyKind, s: hipStream_t) {
        let kind = symbol_kind(kind, true)?;
        let dst = symbol_range(symbol, n, offset)?;
        copy_async(Copy3D::linear(dst, src as u64, n), kind, s)
    }

    fn hipMemcpyFromSymbol(dst: *mut c_void, symbol: *const c_void, n: usize, offset: usize, kind: hipMemcpyKind) {
        let kind = symbol_kind(kind, false)?;
        let src = symbol_range(symbol, n, offset)?;
        copy_sync(Copy3D::linear(dst as u64, src, n), kind, std::ptr::null_mut())
    }

    fn hipMemcpyFromSymbolAsync(dst: *mut c_void, symbol: *const c_void, n: usize, offset: usize, kind: hipMemcpyKind, s: hipStream_t) {
        let kind = symbol_kind(kind, false)?;
        let src = symbol_range(symbol, n, offset)?;
        copy_async(Copy3D::linear(dst as u64, src, n), kind, s)
    }

    fn hipGetSymbolAddress(p: *mut *mut c_void, symbol: *const c_void) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *p = symbol_range(symbol, 0, 0)? as *mut c_void;
        Ok(())
    }

    fn hipGetSymbolSize(size: *mut usize, symbol: *const c_void) {
        if size.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        if symbol.is_null() {
            return Err(HipError::INVALID_SYMBOL);
        }
        *size = runtime().symbol(symbol as usize)?.1;
        Ok(())
    }

    fn hipMemset(dst: *mut c_void, value: i32, n: usize) {
        fill(Fill3D::linear(dst as u64, value as u8 as u64, 1, n), std::ptr::null_mut(), true)
    }

    fn hipMemsetAsync(dst: *mut c_void, value: i32, n: usize, s: hipStream_t) {
        fill(Fill3D::linear(dst as u64, value as u8 as u64, 1, n), s, false)
    }

    fn hipMemsetD8(dst: hipDeviceptr_t, value: u8, n: usize) {
        fill(Fill3D::linear(dst as u64, value as u64, 1, n), std::ptr::null_mut(), true)
    }

    fn hipMemsetD8Async(dst: hipDeviceptr_t, value: u8, n: usize, s: hipStream_t) {
        fill(Fill3D::linear(dst as u64, value as u64, 1, n), s, false)
    }

    fn hipMemsetD16(dst: hipDeviceptr_t, value: u16, n: usize) {
        fill(Fill3D::linear(dst as u64, value as u64, 2, n), std::ptr::null_mut(), true)
    }

    fn hipMemsetD16Async(dst: hipDeviceptr_t, value: u16, n: usize, s: hipStream_t) {
        fill(Fill3D::linear(dst as u64, value as u64, 2, n), s, false)
    }

    fn hipMemsetD32(dst: hipDeviceptr_t, value: i32, n: usize) {
        fill(Fill3D::linear(dst as u64, value as u32 as u64, 4, n), std::ptr::null_mut(), true)
    }

    fn hipMemsetD32Async(dst: hipDeviceptr_t, value: i32, n: usize, s: hipStream_t) {
        fill(Fill3D::linear(dst as u64, value as u32 as u64, 4, n), s, false)
    }

    fn hipMemset2D(dst: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) {
        fill(fill_2d(dst, pitch, value, width, height)?, std::ptr::null_mut(), true)
    }

    fn hipMemset2DAsync(dst: *mut c_void, pitch: usize, value: i32, width: usize, height: usize, s: hipStream_t) {
        fill(fill_2d(dst, pitch, value, width, height)?, s, false)
    }

    fn hipMemset3D(p: hipPitchedPtr, value: i32, e: hipExtent) {
        fill(fill_3d(p, value, e)?, std::ptr::null_mut(), true)
    }

    fn hipMemset3DAsync(p: hipPitchedPtr, value: i32, e: hipExtent, s: hipStream_t) {
        fill(fill_3d(p, value, e)?, s, false)
    }
}

fn fill_d2d(dst: hipDeviceptr_t, pitch: usize, value: u64, elem: usize, w: usize, h: usize) -> Result<Fill3D> {
    if w * elem > pitch && h > 1 {
        return Err(HipError::INVALID_PITCH_VALUE);
    }
    Ok(Fill3D { dst: dst as u64, value, elem_size: elem, width: w, height: h, depth: 1, pitch, slice: pitch * h })
}

hip_api! {
    fn hipMemsetD2D8(dst: hipDeviceptr_t, pitch: usize, v: u8, w: usize, h: usize) {
        fill(fill_d2d(dst, pitch, v as u64, 1, w, h)?, std::ptr::null_mut(), true)
    }
    fn hipMemsetD2D8Async(dst: hipDeviceptr_t, pitch: usize, v: u8, w: usize, h: usize, s: hipStream_t) {
        fill(fill_d2d(dst, pitch, v as u64, 1, w, h)?, s, false)
    }
    fn hipMemsetD2D16(dst: hipDeviceptr_t, pitch: usize, v: u16, w: usize, h: usize) {
        fill(fill_d2d(dst, pitch, v as u64, 2, w, h)?, std::ptr::null_mut(), true)
    }
    fn hipMemsetD2D16Async(dst: hipDeviceptr_t, pitch: usize, v: u16, w: usize, h: usize, s: hipStream_t) {
        fill(fill_d2d(dst, pitch, v as u64, 2, w, h)?, s, false)
    }
    fn hipMemsetD2D32(dst: hipDeviceptr_t, pitch: usize, v: u32, w: usize, h: usize) {
        fill(fill_d2d(dst, pitch, v as u64, 4, w, h)?, std::ptr::null_mut(), true)
    }
    fn hipMemsetD2D32Async(dst: hipDeviceptr_t, pitch: usize, v: u32, w: usize, h: usize, s: hipStream_t) {
        fill(fill_d2d(dst, pitch, v as u64, 4, w, h)?, s, false)
    }
}
