//! The SPIR-V kernels (`shaders/spv/*.spv`) as the runtime takes them, and their parameter
//! blocks: written here for a launch, read back by the host twins (`twin.rs`). The layouts
//! are the shaders' push-constant blocks (std430, little-endian).

use super::twin;
use crate::hip::oxrocm_spirv_kernel;

/// The kernel of `shaders/spv/<file>.spv` ("rocfft <file>" in logs) with host twin `twin`.
macro_rules! spirv_kernel {
    ($file:literal, $twin:expr) => {
        oxrocm_spirv_kernel {
            name: concat!("rocfft ", $file, "\0").as_ptr() as *const std::ffi::c_char,
            spirv: include_bytes!(concat!("../../shaders/spv/", $file, ".spv")).as_ptr() as *const std::ffi::c_void,
            spirv_size: include_bytes!(concat!("../../shaders/spv/", $file, ".spv")).len(),
            host: Some($twin),
        }
    };
}

pub static LINE_F32: oxrocm_spirv_kernel = spirv_kernel!("fft_line_f32", twin::line::<false>);
pub static LINE_F64: oxrocm_spirv_kernel = spirv_kernel!("fft_line_f64", twin::line::<true>);
pub static POW2_F32: oxrocm_spirv_kernel = spirv_kernel!("fft_pow2_f32", twin::line::<false>);
pub static POW2_F64: oxrocm_spirv_kernel = spirv_kernel!("fft_pow2_f64", twin::line::<true>);
pub static POW2_4096_F32: oxrocm_spirv_kernel = spirv_kernel!("fft_pow2_4096_f32", twin::line::<false>);
pub static POW2_2048_F64: oxrocm_spirv_kernel = spirv_kernel!("fft_pow2_2048_f64", twin::line::<true>);
pub static POW2_REAL_F32: oxrocm_spirv_kernel = spirv_kernel!("fft_pow2_real_f32", twin::line::<false>);
pub static POW2_REAL_F64: oxrocm_spirv_kernel = spirv_kernel!("fft_pow2_real_f64", twin::line::<true>);
pub static REAL_F32: oxrocm_spirv_kernel = spirv_kernel!("fft_real_f32", twin::real::<false>);
pub static REAL_F64: oxrocm_spirv_kernel = spirv_kernel!("fft_real_f64", twin::real::<true>);
pub static COPY_F32: oxrocm_spirv_kernel = spirv_kernel!("fft_copy_f32", twin::copy::<false>);
pub static COPY_F16: oxrocm_spirv_kernel = spirv_kernel!("fft_copy_f16", twin::copy::<false>);
pub static COPY_F64: oxrocm_spirv_kernel = spirv_kernel!("fft_copy_f64", twin::copy::<true>);

/// Complex values of shared memory a line workgroup has (the shaders' SMAX): the longest
/// line one workgroup transforms.
pub const SMAX_F32: usize = 4096;
pub const SMAX_F64: usize = 2048;
/// Shortest line of the register kernels (`fft_pow2`: 16 elements per invocation).
pub const POW2_MIN: usize = 16;
/// Complex values of shared memory an `fft_pow2_f32`/`_f64` workgroup has (its SMAX): the
/// longest line it takes. Longer power-of-two lines, up to SMAX_F32/F64, go to the
/// 256-invocation modules `fft_pow2_4096_f32`/`fft_pow2_2048_f64` (SMAX = SMAX_F32/F64).
pub const POW2_SMAX_F32: usize = 2048;
pub const POW2_SMAX_F64: usize = 1024;

/// The small `fft_pow2` modules' SMAX: the constants, or `OXROCM_ROCFFT_POW2_SMAX` where a
/// developer measures replacement modules of another size (`resolve`, so only together with
/// `OXROCM_ROCFFT_SPIRV_DIR`), which must then be built with that SMAX in both precisions.
pub fn pow2_smax(double: bool) -> usize {
    use std::sync::OnceLock;
    static SET: OnceLock<Option<usize>> = OnceLock::new();
    // Only with replacement modules: the built-in ones hold exactly the constants' lines.
    let set = *SET.get_or_init(|| {
        std::env::var_os("OXROCM_ROCFFT_SPIRV_DIR")?;
        std::env::var("OXROCM_ROCFFT_POW2_SMAX").ok().and_then(|v| v.parse().ok()).filter(|v: &usize| v.is_power_of_two() && (POW2_MIN..=SMAX_F32).contains(v))
    });
    set.unwrap_or(if double { POW2_SMAX_F64 } else { POW2_SMAX_F32 })
}
/// Workgroups per grid dimension every Vulkan device dispatches.
pub const MAX_GROUPS: usize = 65535;

// fft_line flags.
pub const LINE_INVERSE: u32 = 1;
pub const LINE_POST_TWIDDLE: u32 = 2;
pub const LINE_LOAD_KFAST: u32 = 4;
pub const LINE_STORE_KFAST: u32 = 8;
pub const LINE_SCALE: u32 = 16;
pub const LINE_SWIZZLE: u32 = 32;
/// The fft_pow2_real modules' pass (the last pass of a real forward transform, pairing bins
/// as fft_real does; `passes::fuse_real_pairs`): the modules imply it, the twin reads it.
pub const LINE_REAL_PAIRS: u32 = 64;
pub const LINE_LEVEL_SHIFT: u32 = 8;

/// fft_line's parameter block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinePush {
    pub src: u64,
    pub dst: u64,
    pub tw: u64,
    pub big_lo: u64,
    pub big_hi: u64,
    pub len: u32,
    pub flags: u32,
    pub lines: u32,
    pub per_group: u32,
    pub es_in: u32,
    pub es_out: u32,
    pub c0: u32,
    pub c1: u32,
    pub in_s: [u32; 3],
    pub out_s: [u32; 3],
    pub split: u32,
    pub scale: f64,
}

// fft_copy flags and formats.
pub const COPY_HERMITIAN: u32 = 1;
pub const COPY_REFLECT1: u32 = 2;
pub const COPY_REFLECT2: u32 = 4;
pub const COPY_CONJ_IN: u32 = 8;
pub const COPY_TABLE: u32 = 16;
pub const COPY_CONJ_OUT: u32 = 32;
pub const FMT_INTERLEAVED: u32 = 0;
pub const FMT_PLANAR: u32 = 1;
pub const FMT_REAL: u32 = 2;
pub const FMT_F16: u32 = 4;

/// fft_copy's parameter block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CopyPush {
    pub src: [u64; 2],
    pub dst: [u64; 2],
    pub table: u64,
    pub c: [u32; 4],
    pub s: [u32; 4],
    pub d: [u32; 4],
    pub src_n0: u32,
    pub src_fmt: u32,
    pub dst_fmt: u32,
    pub flags: u32,
    pub scale: f64,
}

/// fft_real's parameter block: the half-spectrum at `data` (h + 1 elements `es` apart per
/// transform, transforms `dist` apart), w_N^k from the split tables.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RealPush {
    pub data: u64,
    pub lo: u64,
    pub hi: u64,
    /// The inverse's contiguous half-length arrays (REAL_INVERSE), `out_dist` apart.
    pub out: u64,
    pub h: u32,
    pub pairs: u32,
    pub batch: u32,
    pub es: u32,
    pub dist: u32,
    pub split: u32,
    pub out_dist: u32,
    pub flags: u32,
    pub scale: f64,
}

/// fft_real's flag: the inverse's first step (half-spectrum in `data` to `out`).
pub const REAL_INVERSE: u32 = 1;

impl RealPush {
    pub fn bytes(&self, double: bool) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(64));
        for v in [self.data, self.lo, self.hi, self.out] {
            w.u64(v);
        }
        for v in [self.h, self.pairs, self.batch, self.es, self.dist, self.split, self.out_dist, self.flags] {
            w.u32(v);
        }
        w.scale(self.scale, double);
        w.0
    }

    pub fn parse(b: &[u8], double: bool) -> RealPush {
        let mut r = Reader(b, 0);
        let [data, lo, hi, out] = [(); 4].map(|_| r.u64());
        let [h, pairs, batch, es, dist, split, out_dist, flags] = [(); 8].map(|_| r.u32());
        let scale = r.scale(double);
        RealPush { data, lo, hi, out, h, pairs, batch, es, dist, split, out_dist, flags, scale }
    }
}

struct Writer(Vec<u8>);
impl Writer {
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    /// The scale as the module's real type.
    fn scale(&mut self, v: f64, double: bool) {
        if double {
            self.0.extend_from_slice(&v.to_le_bytes())
        } else {
            self.0.extend_from_slice(&(v as f32).to_le_bytes())
        }
    }
}

struct Reader<'a>(&'a [u8], usize);
impl Reader<'_> {
    fn u64(&mut self) -> u64 {
        let v = self.0.get(self.1..self.1 + 8).map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or_default()));
        self.1 += 8;
        v
    }
    fn u32(&mut self) -> u32 {
        let v = self.0.get(self.1..self.1 + 4).map_or(0, |b| u32::from_le_bytes(b.try_into().unwrap_or_default()));
        self.1 += 4;
        v
    }
    fn scale(&mut self, double: bool) -> f64 {
        if double {
            f64::from_bits(self.u64())
        } else {
            f32::from_bits(self.u32()) as f64
        }
    }
}

impl LinePush {
    pub fn bytes(&self, double: bool) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(112));
        for v in [self.src, self.dst, self.tw, self.big_lo, self.big_hi] {
            w.u64(v);
        }
        for v in [self.len, self.flags, self.lines, self.per_group, self.es_in, self.es_out, self.c0, self.c1] {
            w.u32(v);
        }
        for v in self.in_s.iter().chain(&self.out_s) {
            w.u32(*v);
        }
        w.u32(self.split);
        w.u32(0);
        w.scale(self.scale, double);
        w.0
    }

    pub fn parse(b: &[u8], double: bool) -> LinePush {
        let mut r = Reader(b, 0);
        let [src, dst, tw, big_lo, big_hi] = [(); 5].map(|_| r.u64());
        let [len, flags, lines, per_group, es_in, es_out, c0, c1] = [(); 8].map(|_| r.u32());
        let in_s = [(); 3].map(|_| r.u32());
        let out_s = [(); 3].map(|_| r.u32());
        let split = r.u32();
        r.u32();
        let scale = r.scale(double);
        LinePush { src, dst, tw, big_lo, big_hi, len, flags, lines, per_group, es_in, es_out, c0, c1, in_s, out_s, split, scale }
    }
}

impl CopyPush {
    pub fn bytes(&self, double: bool) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(128));
        for v in [self.src[0], self.src[1], self.dst[0], self.dst[1], self.table] {
            w.u64(v);
        }
        for v in self.c.iter().chain(&self.s).chain(&self.d) {
            w.u32(*v);
        }
        for v in [self.src_n0, self.src_fmt, self.dst_fmt, self.flags] {
            w.u32(v);
        }
        w.scale(self.scale, double);
        w.0
    }

    pub fn parse(b: &[u8], double: bool) -> CopyPush {
        let mut r = Reader(b, 0);
        let [s0, s1, d0, d1, table] = [(); 5].map(|_| r.u64());
        let c = [(); 4].map(|_| r.u32());
        let s = [(); 4].map(|_| r.u32());
        let d = [(); 4].map(|_| r.u32());
        let [src_n0, src_fmt, dst_fmt, flags] = [(); 4].map(|_| r.u32());
        let scale = r.scale(double);
        CopyPush { src: [s0, s1], dst: [d0, d1], table, c, s, d, src_n0, src_fmt, dst_fmt, flags, scale }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_round_trip_at_the_shader_sizes() {
        let l = LinePush { src: 1, dst: 2, tw: 3, big_lo: 4, big_hi: 5, len: 6, flags: 7, lines: 8, per_group: 9, es_in: 10, es_out: 11, c0: 12, c1: 13, in_s: [14, 15, 16], out_s: [17, 18, 19], split: 20, scale: 0.5 };
        assert_eq!(l.bytes(true).len(), 112);
        assert_eq!(l.bytes(false).len(), 108);
        assert_eq!(LinePush::parse(&l.bytes(true), true), l);
        assert_eq!(LinePush::parse(&l.bytes(false), false), l);
        let c = CopyPush { src: [1, 2], dst: [3, 4], table: 5, c: [6, 7, 8, 9], s: [10, 11, 12, 13], d: [14, 15, 16, 17], src_n0: 18, src_fmt: 19, dst_fmt: 20, flags: 21, scale: 0.25 };
        assert_eq!(c.bytes(true).len(), 112);
        assert_eq!(CopyPush::parse(&c.bytes(true), true), c);
        assert_eq!(CopyPush::parse(&c.bytes(false), false), c);
        let r = RealPush { data: 1, lo: 2, hi: 3, out: 9, h: 4, pairs: 5, batch: 6, es: 7, dist: 8, split: 16, out_dist: 10, flags: 1, scale: 0.5 };
        assert_eq!(r.bytes(true).len(), 72);
        assert_eq!(r.bytes(false).len(), 68);
        assert_eq!(RealPush::parse(&r.bytes(true), true), r);
        assert_eq!(RealPush::parse(&r.bytes(false), false), r);
    }
}

/// The kernel a launch uses: `k`, or where `OXROCM_ROCFFT_SPIRV_DIR` names a directory that
/// holds `<file>.spv` for it, that file's module (same parameter block and twin). A
/// developer's aid: shader variants are measured on a device without rebuilding the library.
/// Each replacement is read once and kept for the process's life.
pub fn resolve(k: &'static oxrocm_spirv_kernel) -> &'static oxrocm_spirv_kernel {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static DIR: OnceLock<Option<std::path::PathBuf>> = OnceLock::new();
    static SWAPPED: OnceLock<Mutex<HashMap<usize, &'static oxrocm_spirv_kernel>>> = OnceLock::new();
    let Some(dir) = DIR.get_or_init(|| std::env::var_os("OXROCM_ROCFFT_SPIRV_DIR").map(Into::into)) else { return k };
    let mut swapped = SWAPPED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    *swapped.entry(k as *const _ as usize).or_insert_with(|| {
        // SAFETY: every kernel's name is a static NUL-terminated "rocfft <file>".
        let name = unsafe { std::ffi::CStr::from_ptr(k.name) }.to_string_lossy();
        let file = dir.join(format!("{}.spv", name.trim_start_matches("rocfft ")));
        match std::fs::read(&file) {
            Ok(words) if words.len() % 4 == 0 && words.starts_with(&0x0723_0203u32.to_le_bytes()) => {
                crate::log::info(format_args!("{} from {}", name, file.display()));
                let words: &'static [u8] = Box::leak(words.into_boxed_slice());
                Box::leak(Box::new(oxrocm_spirv_kernel { name: k.name, spirv: words.as_ptr().cast(), spirv_size: words.len(), host: k.host }))
            }
            Ok(_) => {
                crate::log::error(format_args!("{} is not a SPIR-V module: kept the built-in {name}", file.display()));
                k
            }
            Err(_) => k,
        }
    })
}
