//! Texture objects over linear device memory (`hipResourceTypeLinear`), the kind
//! `tex1Dfetch` reads and rocPRIM's texture-cache iterator binds.
//!
//! A texture object is, as in ROCm, the device address of a descriptor block: HIP's device
//! headers read the image resource from its first 8 dwords (`__ockl_image_load_1Db` takes
//! dwords 0-3 as a buffer resource and issues `buffer_load_format_*` with the texel index),
//! the sampler from the 4 after. The block holds a gfx10/gfx11 buffer resource: base
//! address, stride = texel size, number of texels (reads past it return 0, as on the GPU).
//! Texels of 32-bit channels (int, uint, float and their 2/4-vectors) and of one or two
//! 8/16-bit integer channels are accepted, read as their element type; half floats,
//! normalized-float reads, arrays and pitched resources answer hipErrorNotSupported.

use crate::api::out;
use crate::memcpy::copy_sync_op;
use crate::types::*;
use oxrocm_runtime::ops::Copy3D;
use oxrocm_runtime::{HipError, Result, log_at, runtime};
use parking_lot::Mutex;
use std::collections::HashMap;

/// Bytes of the descriptor block: image resource (8 dwords), sampler (4), spare.
const DESCRIPTOR_BYTES: usize = 64;

const H2D: hipMemcpyKind = 1;

/// What a live texture object was created from, by handle (the block's device address).
#[derive(Clone, Copy)]
struct Texture {
    res: hipResourceDesc,
    tex: hipTextureDesc,
    view: Option<hipResourceViewDesc>,
}

// SAFETY: the descriptors hold device addresses, never dereferenced on the host.
unsafe impl Send for Texture {}

static TEXTURES: Mutex<Option<HashMap<usize, Texture>>> = Mutex::new(None);

fn texture(handle: hipTextureObject_t) -> Result<Texture> {
    TEXTURES.lock().as_ref().and_then(|m| m.get(&(handle as usize)).copied()).ok_or(HipError::INVALID_VALUE)
}

/// The layout of a texel: bytes, and the buffer data format (gfx11 unified-format code)
/// a formatted load of it uses. Channels are taken in order x, y, z, w.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Texel {
    bytes: usize,
    format: u32,
}

/// The texel of a channel description: 1, 2 or 4 channels of one width; 32-bit channels
/// of any kind, 8/16-bit channels of integers (1 or 2 of them). The executor widens the
/// 8/16-bit formats (`SmallFormat` in oxrocm-gcn-exec) and reads 32-bit ones raw.
fn texel_of(d: &hipChannelFormatDesc) -> Result<Texel> {
    let signed = match d.f {
        hipChannelFormatKindSigned => true,
        hipChannelFormatKindUnsigned | hipChannelFormatKindFloat => false,
        _ => return Err(HipError::INVALID_VALUE),
    };
    let bits = [d.x, d.y, d.z, d.w];
    let channels = bits.iter().take_while(|b| **b != 0).count();
    if channels == 0 || bits[channels..].iter().any(|b| *b != 0) || !matches!(channels, 1 | 2 | 4) {
        return Err(HipError::INVALID_VALUE);
    }
    let width = bits[0];
    if bits[..channels].iter().any(|b| *b != width) || !matches!(width, 8 | 16 | 32) {
        return Err(HipError::INVALID_VALUE);
    }
    let float = d.f == hipChannelFormatKindFloat;
    // gfx11 unified formats: 8_UINT 5, 16_UINT 11, 8_8_UINT 18, 16_16_UINT 27, 32_UINT 20,
    // 32_32_UINT 48, 32_32_32_32_UINT 61; SINT is one more, FLOAT (32-bit) two more.
    let format = match (width, channels, float) {
        (32, 1, _) => 20,
        (32, 2, _) => 48,
        (32, 4, _) => 61,
        (8, 1, false) => 5,
        (16, 1, false) => 11,
        (8, 2, false) => 18,
        (16, 2, false) => 27,
        _ => {
            log_at!(1, "hipCreateTextureObject: {channels} channel(s) of {width}-bit {} are not supported", if float { "floats" } else { "integers" });
            return Err(HipError::NOT_SUPPORTED);
        }
    } + if float { 2 } else { signed as u32 };
    Ok(Texel { bytes: width as usize / 8 * channels, format })
}

/// The descriptor block of a linear resource: a buffer resource (V#) in dwords 0-3.
fn linear_descriptor(base: u64, texel: Texel, texels: usize) -> [u32; DESCRIPTOR_BYTES / 4] {
    let mut d = [0u32; DESCRIPTOR_BYTES / 4];
    d[0] = base as u32;
    // Base address bits 47:32, stride in bits 29:16 (swizzling off).
    d[1] = (base >> 32) as u32 & 0xffff | (texel.bytes as u32 & 0x3fff) << 16;
    // With a stride, num_records counts elements: an index past it reads 0.
    d[2] = texels.min(u32::MAX as usize) as u32;
    // dst_sel x, y, z, w = the components themselves (4, 5, 6, 7); the data format.
    d[3] = 4 | 5 << 3 | 6 << 6 | 7 << 9 | texel.format << 12;
    d
}

hip_api! {
    fn hipCreateTextureObject(obj: *mut hipTextureObject_t, res: *const hipResourceDesc, tex: *const hipTextureDesc, view: *const hipResourceViewDesc) {
        if obj.is_null() || res.is_null() || tex.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let (r, t) = (*res, *tex);
        if r.resType != hipResourceTypeLinear {
            log_at!(1, "hipCreateTextureObject: resource type {} is not supported (linear memory only)", r.resType);
            return Err(HipError::NOT_SUPPORTED);
        }
        let lin = r.res.linear;
        if lin.devPtr.is_null() || lin.sizeInBytes == 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let texel = texel_of(&lin.desc)?;
        if t.readMode == hipReadModeNormalizedFloat && lin.desc.f != hipChannelFormatKindFloat {
            // Reads of 8/16-bit integers as floats in [0, 1] / [-1, 1]: not implemented.
            log_at!(1, "hipCreateTextureObject: normalized-float reads are not supported");
            return Err(HipError::NOT_SUPPORTED);
        }
        let words = linear_descriptor(lin.devPtr as u64, texel, lin.sizeInBytes / texel.bytes);
        let rt = runtime();
        let block = rt.malloc_device(rt.current()?, DESCRIPTOR_BYTES)?;
        if let Err(e) = copy_sync_op(Copy3D::linear(block, words.as_ptr() as u64, DESCRIPTOR_BYTES), H2D) {
            let _ = rt.free_device_memory(block);
            return Err(e);
        }
        let view = if view.is_null() { None } else { Some(*view) };
        TEXTURES.lock().get_or_insert_with(HashMap::new).insert(block as usize, Texture { res: r, tex: t, view });
        out(obj, block as hipTextureObject_t)
    }

    fn hipDestroyTextureObject(obj: hipTextureObject_t) {
        if obj.is_null() {
            return Ok(());
        }
        TEXTURES.lock().as_mut().and_then(|m| m.remove(&(obj as usize))).ok_or(HipError::INVALID_VALUE)?;
        runtime().free_device_memory(obj as u64)
    }

    fn hipGetTextureObjectResourceDesc(res: *mut hipResourceDesc, obj: hipTextureObject_t) {
        if res.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        out(res, texture(obj)?.res)
    }

    fn hipGetTextureObjectTextureDesc(tex: *mut hipTextureDesc, obj: hipTextureObject_t) {
        if tex.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        out(tex, texture(obj)?.tex)
    }

    fn hipGetTextureObjectResourceViewDesc(view: *mut hipResourceViewDesc, obj: hipTextureObject_t) {
        if view.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        // Created without a view: there is none to report.
        out(view, texture(obj)?.view.ok_or(HipError::INVALID_VALUE)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(x: i32, y: i32, z: i32, w: i32, f: hipChannelFormatKind) -> hipChannelFormatDesc {
        hipChannelFormatDesc { x, y, z, w, f }
    }

    #[test]
    fn texels_follow_the_channels() {
        let t = |bytes, format| Ok(Texel { bytes, format });
        assert_eq!(texel_of(&desc(32, 0, 0, 0, hipChannelFormatKindFloat)), t(4, 22));
        assert_eq!(texel_of(&desc(32, 32, 0, 0, hipChannelFormatKindSigned)), t(8, 49));
        assert_eq!(texel_of(&desc(32, 32, 32, 32, hipChannelFormatKindUnsigned)), t(16, 61));
        assert_eq!(texel_of(&desc(8, 0, 0, 0, hipChannelFormatKindUnsigned)), t(1, 5));
        assert_eq!(texel_of(&desc(16, 16, 0, 0, hipChannelFormatKindSigned)), t(4, 28));
        assert_eq!(texel_of(&desc(16, 0, 0, 0, hipChannelFormatKindFloat)), Err(HipError::NOT_SUPPORTED));
        assert_eq!(texel_of(&desc(8, 8, 8, 8, hipChannelFormatKindUnsigned)), Err(HipError::NOT_SUPPORTED));
        assert_eq!(texel_of(&desc(32, 0, 32, 0, hipChannelFormatKindFloat)), Err(HipError::INVALID_VALUE));
        assert_eq!(texel_of(&desc(32, 32, 32, 0, hipChannelFormatKindFloat)), Err(HipError::INVALID_VALUE));
        assert_eq!(texel_of(&desc(32, 8, 0, 0, hipChannelFormatKindSigned)), Err(HipError::INVALID_VALUE));
        assert_eq!(texel_of(&desc(32, 0, 0, 0, hipChannelFormatKindNone)), Err(HipError::INVALID_VALUE));
    }

    #[test]
    fn descriptor_structs_have_rocm_layouts() {
        assert_eq!(std::mem::size_of::<hipResourceDesc>(), 64);
        assert_eq!(std::mem::size_of::<hipTextureDesc>(), 64);
        assert_eq!(std::mem::size_of::<hipResourceViewDesc>(), 48);
    }

    #[test]
    fn the_descriptor_is_a_buffer_resource() {
        let d = linear_descriptor(0x7f12_3456_7890, Texel { bytes: 8, format: 49 }, 1000);
        assert_eq!(d[0], 0x3456_7890);
        assert_eq!(d[1] & 0xffff, 0x7f12);
        assert_eq!(d[1] >> 16 & 0x3fff, 8);
        assert_eq!(d[2], 1000);
        assert_eq!(d[3] >> 12 & 0x7f, 49);
    }
}
