//! HIP arrays: 1-D/2-D/3-D element grids in device memory. An array here is a tightly
//! packed linear device allocation (row pitch = width × element size) described by the
//! public `hipArray` struct ROCm 5.7 exposes; copies to and from it are strided copies.

use crate::api::out;
use crate::memcpy::{copy_async_op, copy_sync_op};
use crate::types::*;
use oxrocm_runtime::ops::Copy3D;
use oxrocm_runtime::{HipError, Result, runtime};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::ffi::c_void;

/// Geometry of a live array, by `hipArray*` address.
#[derive(Clone, Copy, Debug)]
pub struct ArrayInfo {
    pub data: u64,
    pub elem: usize,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

impl ArrayInfo {
    pub fn pitch(&self) -> usize {
        self.width * self.elem
    }
    pub fn slice(&self) -> usize {
        self.pitch() * self.height
    }
    pub fn bytes(&self) -> usize {
        self.slice() * self.depth
    }
}

static ARRAYS: Mutex<Option<HashMap<usize, ArrayInfo>>> = Mutex::new(None);

pub fn array(a: hipArray_const_t) -> Result<ArrayInfo> {
    ARRAYS.lock().as_ref().and_then(|m| m.get(&(a as usize)).copied()).ok_or(HipError::INVALID_VALUE)
}

fn format_size(f: hipArray_Format) -> Result<usize> {
    Ok(match f {
        HIP_AD_FORMAT_UNSIGNED_INT8 | HIP_AD_FORMAT_SIGNED_INT8 => 1,
        HIP_AD_FORMAT_UNSIGNED_INT16 | HIP_AD_FORMAT_SIGNED_INT16 | HIP_AD_FORMAT_HALF => 2,
        HIP_AD_FORMAT_UNSIGNED_INT32 | HIP_AD_FORMAT_SIGNED_INT32 | HIP_AD_FORMAT_FLOAT => 4,
        _ => return Err(HipError::INVALID_VALUE),
    })
}

/// (array format, channels) equivalent to a channel descriptor.
fn format_of(d: &hipChannelFormatDesc) -> (hipArray_Format, u32) {
    let channels = [d.x, d.y, d.z, d.w].iter().filter(|b| **b > 0).count() as u32;
    let f = match (d.f, d.x) {
        (hipChannelFormatKindFloat, 16) => HIP_AD_FORMAT_HALF,
        (hipChannelFormatKindFloat, _) => HIP_AD_FORMAT_FLOAT,
        (hipChannelFormatKindSigned, 8) => HIP_AD_FORMAT_SIGNED_INT8,
        (hipChannelFormatKindSigned, 16) => HIP_AD_FORMAT_SIGNED_INT16,
        (hipChannelFormatKindSigned, _) => HIP_AD_FORMAT_SIGNED_INT32,
        (_, 8) => HIP_AD_FORMAT_UNSIGNED_INT8,
        (_, 16) => HIP_AD_FORMAT_UNSIGNED_INT16,
        _ => HIP_AD_FORMAT_UNSIGNED_INT32,
    };
    (f, channels)
}

fn channel_desc_of(format: hipArray_Format, channels: u32) -> hipChannelFormatDesc {
    let bits = (format_size(format).unwrap_or(1) * 8) as i32;
    let kind = match format {
        HIP_AD_FORMAT_HALF | HIP_AD_FORMAT_FLOAT => hipChannelFormatKindFloat,
        HIP_AD_FORMAT_SIGNED_INT8 | HIP_AD_FORMAT_SIGNED_INT16 | HIP_AD_FORMAT_SIGNED_INT32 => hipChannelFormatKindSigned,
        _ => hipChannelFormatKindUnsigned,
    };
    let c = |i: u32| if channels > i { bits } else { 0 };
    hipChannelFormatDesc { x: c(0), y: c(1), z: c(2), w: c(3), f: kind }
}

/// Allocates the storage and the public `hipArray` struct; returns the handle.
fn create(desc: hipChannelFormatDesc, format: hipArray_Format, channels: u32, w: usize, h: usize, d: usize, flags: u32, drv: bool) -> Result<hipArray_t> {
    let elem = format_size(format)? * channels as usize;
    if w == 0 || elem == 0 || !(1..=4).contains(&channels) {
        return Err(HipError::INVALID_VALUE);
    }
    let info = ArrayInfo { data: 0, elem, width: w, height: h.max(1), depth: d.max(1) };
    let rt = runtime();
    let data = rt.malloc_device(rt.current()?, info.bytes())?;
    let a = Box::into_raw(Box::new(hipArray {
        data: data as *mut c_void,
        desc,
        r#type: if d > 0 { 2 } else if h > 0 { 1 } else { 0 },
        width: w as u32,
        height: h as u32,
        depth: d as u32,
        Format: format,
        NumChannels: channels,
        isDrv: drv,
        textureType: 0,
        flags,
    }));
    ARRAYS.lock().get_or_insert_with(HashMap::new).insert(a as usize, ArrayInfo { data, ..info });
    Ok(a)
}

fn destroy(a: hipArray_t) -> Result<()> {
    let info = ARRAYS.lock().as_mut().and_then(|m| m.remove(&(a as usize))).ok_or(HipError::INVALID_VALUE)?;
    runtime().free_device_memory(info.data)?;
    drop(unsafe { Box::from_raw(a) });
    Ok(())
}

/// A strided copy between an array region (x in bytes, y rows, z slices) and linear memory.
pub fn array_region(a: &ArrayInfo, x_bytes: usize, y: usize, z: usize, w_bytes: usize, h: usize, d: usize) -> Result<(u64, usize, usize)> {
    if x_bytes + w_bytes > a.pitch() || y + h > a.height || z + d > a.depth {
        return Err(HipError::INVALID_VALUE);
    }
    Ok((a.data + (z * a.slice() + y * a.pitch() + x_bytes) as u64, a.pitch(), a.slice()))
}

fn to_array(dst: hipArray_const_t, x: usize, y: usize, src: *const c_void, spitch: usize, w: usize, h: usize) -> Result<Copy3D> {
    let a = array(dst)?;
    if w > spitch {
        return Err(HipError::INVALID_PITCH_VALUE);
    }
    let (d, dp, ds) = array_region(&a, x, y, 0, w, h, 1)?;
    Ok(Copy3D { dst: d, src: src as u64, width: w, height: h, depth: 1, dst_pitch: dp, dst_slice: ds, src_pitch: spitch, src_slice: spitch * h })
}

fn from_array(dst: *mut c_void, dpitch: usize, src: hipArray_const_t, x: usize, y: usize, w: usize, h: usize) -> Result<Copy3D> {
    let a = array(src)?;
    if w > dpitch {
        return Err(HipError::INVALID_PITCH_VALUE);
    }
    let (s, sp, ss) = array_region(&a, x, y, 0, w, h, 1)?;
    Ok(Copy3D { dst: dst as u64, src: s, width: w, height: h, depth: 1, dst_pitch: dpitch, dst_slice: dpitch * h, src_pitch: sp, src_slice: ss })
}

/// A linear byte range of an array (the driver API's `*toA`/`Ato*` offsets are bytes).
fn array_bytes(a: hipArray_const_t, offset: usize, count: usize) -> Result<u64> {
    let info = array(a)?;
    if offset.checked_add(count).is_none_or(|e| e > info.bytes()) {
        return Err(HipError::INVALID_VALUE);
    }
    Ok(info.data + offset as u64)
}

/// Row-major linear copy into an array starting at (x bytes, y rows), wrapping rows.
fn linear_into(dst: hipArray_const_t, x: usize, y: usize, count: usize) -> Result<u64> {
    let a = array(dst)?;
    array_bytes(dst, y * a.pitch() + x, count)
}

const H2D: hipMemcpyKind = 1;
const D2H: hipMemcpyKind = 2;
const D2D: hipMemcpyKind = 3;

#[unsafe(no_mangle)]
pub extern "C" fn hipCreateChannelDesc(x: i32, y: i32, z: i32, w: i32, f: hipChannelFormatKind) -> hipChannelFormatDesc {
    hipChannelFormatDesc { x, y, z, w, f }
}

hip_api! {
    fn hipMallocArray(a: *mut hipArray_t, desc: *const hipChannelFormatDesc, width: usize, height: usize, flags: u32) {
        if a.is_null() || desc.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let (f, ch) = format_of(&*desc);
        *a = create(*desc, f, ch, width, height, 0, flags, false)?;
        Ok(())
    }

    fn hipMalloc3DArray(a: *mut hipArray_t, desc: *const hipChannelFormatDesc, e: hipExtent, flags: u32) {
        if a.is_null() || desc.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let (f, ch) = format_of(&*desc);
        *a = create(*desc, f, ch, e.width, e.height, e.depth, flags, false)?;
        Ok(())
    }

    fn hipArrayCreate(a: *mut hipArray_t, d: *const HIP_ARRAY_DESCRIPTOR) {
        if a.is_null() || d.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let d = &*d;
        *a = create(channel_desc_of(d.Format, d.NumChannels), d.Format, d.NumChannels, d.Width, d.Height, 0, 0, true)?;
        Ok(())
    }

    fn hipArray3DCreate(a: *mut hipArray_t, d: *const HIP_ARRAY3D_DESCRIPTOR) {
        if a.is_null() || d.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let d = &*d;
        *a = create(channel_desc_of(d.Format, d.NumChannels), d.Format, d.NumChannels, d.Width, d.Height, d.Depth, d.Flags, true)?;
        Ok(())
    }

    fn hipFreeArray(a: hipArray_t) {
        if a.is_null() {
            return Ok(());
        }
        destroy(a)
    }

    fn hipArrayDestroy(a: hipArray_t) {
        destroy(a)
    }

    fn hipGetChannelDesc(desc: *mut hipChannelFormatDesc, a: hipArray_const_t) {
        array(a)?;
        out(desc, (*a).desc)
    }

    fn hipArrayGetInfo(desc: *mut hipChannelFormatDesc, e: *mut hipExtent, flags: *mut u32, a: hipArray_t) {
        array(a)?;
        let arr = &*a;
        if !desc.is_null() { *desc = arr.desc; }
        if !e.is_null() { *e = hipExtent { width: arr.width as usize, height: arr.height as usize, depth: arr.depth as usize }; }
        if !flags.is_null() { *flags = arr.flags; }
        Ok(())
    }

    fn hipArrayGetDescriptor(d: *mut HIP_ARRAY_DESCRIPTOR, a: hipArray_t) {
        array(a)?;
        let arr = &*a;
        out(d, HIP_ARRAY_DESCRIPTOR { Width: arr.width as usize, Height: arr.height as usize, Format: arr.Format, NumChannels: arr.NumChannels })
    }

    fn hipArray3DGetDescriptor(d: *mut HIP_ARRAY3D_DESCRIPTOR, a: hipArray_t) {
        array(a)?;
        let arr = &*a;
        out(d, HIP_ARRAY3D_DESCRIPTOR { Width: arr.width as usize, Height: arr.height as usize, Depth: arr.depth as usize, Format: arr.Format, NumChannels: arr.NumChannels, Flags: arr.flags })
    }

    fn hipMemcpyToArray(dst: hipArray_t, x: usize, y: usize, src: *const c_void, count: usize, kind: hipMemcpyKind) {
        let d = linear_into(dst, x, y, count)?;
        copy_sync_op(Copy3D::linear(d, src as u64, count), kind)
    }

    fn hipMemcpyFromArray(dst: *mut c_void, src: hipArray_const_t, x: usize, y: usize, count: usize, kind: hipMemcpyKind) {
        let s = linear_into(src, x, y, count)?;
        copy_sync_op(Copy3D::linear(dst as u64, s, count), kind)
    }

    fn hipMemcpy2DToArray(dst: hipArray_t, x: usize, y: usize, src: *const c_void, spitch: usize, w: usize, h: usize, kind: hipMemcpyKind) {
        copy_sync_op(to_array(dst, x, y, src, spitch, w, h)?, kind)
    }

    fn hipMemcpy2DToArrayAsync(dst: hipArray_t, x: usize, y: usize, src: *const c_void, spitch: usize, w: usize, h: usize, kind: hipMemcpyKind, s: hipStream_t) {
        copy_async_op(to_array(dst, x, y, src, spitch, w, h)?, kind, s)
    }

    fn hipMemcpy2DFromArray(dst: *mut c_void, dpitch: usize, src: hipArray_const_t, x: usize, y: usize, w: usize, h: usize, kind: hipMemcpyKind) {
        copy_sync_op(from_array(dst, dpitch, src, x, y, w, h)?, kind)
    }

    fn hipMemcpy2DFromArrayAsync(dst: *mut c_void, dpitch: usize, src: hipArray_const_t, x: usize, y: usize, w: usize, h: usize, kind: hipMemcpyKind, s: hipStream_t) {
        copy_async_op(from_array(dst, dpitch, src, x, y, w, h)?, kind, s)
    }

    fn hipMemcpy2DArrayToArray(dst: hipArray_t, xd: usize, yd: usize, src: hipArray_const_t, xs: usize, ys: usize, w: usize, h: usize, kind: hipMemcpyKind) {
        let (da, sa) = (array(dst)?, array(src)?);
        let (d, dp, dsl) = array_region(&da, xd, yd, 0, w, h, 1)?;
        let (s, sp, ssl) = array_region(&sa, xs, ys, 0, w, h, 1)?;
        let c = Copy3D { dst: d, src: s, width: w, height: h, depth: 1, dst_pitch: dp, dst_slice: dsl, src_pitch: sp, src_slice: ssl };
        copy_sync_op(c, if kind == 4 { 4 } else { D2D })
    }

    fn hipMemcpyAtoH(dst: *mut c_void, src: hipArray_t, offset: usize, count: usize) {
        copy_sync_op(Copy3D::linear(dst as u64, array_bytes(src, offset, count)?, count), D2H)
    }

    fn hipMemcpyAtoHAsync(dst: *mut c_void, src: hipArray_t, offset: usize, count: usize, s: hipStream_t) {
        copy_async_op(Copy3D::linear(dst as u64, array_bytes(src, offset, count)?, count), D2H, s)
    }

    fn hipMemcpyHtoA(dst: hipArray_t, offset: usize, src: *const c_void, count: usize) {
        copy_sync_op(Copy3D::linear(array_bytes(dst, offset, count)?, src as u64, count), H2D)
    }

    fn hipMemcpyHtoAAsync(dst: hipArray_t, offset: usize, src: *const c_void, count: usize, s: hipStream_t) {
        copy_async_op(Copy3D::linear(array_bytes(dst, offset, count)?, src as u64, count), H2D, s)
    }

    fn hipMemcpyAtoD(dst: hipDeviceptr_t, src: hipArray_t, offset: usize, count: usize) {
        copy_sync_op(Copy3D::linear(dst as u64, array_bytes(src, offset, count)?, count), D2D)
    }

    fn hipMemcpyDtoA(dst: hipArray_t, offset: usize, src: hipDeviceptr_t, count: usize) {
        copy_sync_op(Copy3D::linear(array_bytes(dst, offset, count)?, src as u64, count), D2D)
    }

    fn hipMemcpyAtoA(dst: hipArray_t, doff: usize, src: hipArray_t, soff: usize, count: usize) {
        copy_sync_op(Copy3D::linear(array_bytes(dst, doff, count)?, array_bytes(src, soff, count)?, count), D2D)
    }
}
