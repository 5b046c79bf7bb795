//! rocFFT load and store callbacks: `__device__` functions of the client's own code object
//! (their addresses read with `hipMemcpyFromSymbol`), called through the runtime's private
//! interface (`oxrocm_private_v1_call_device_function`), which runs them in the AMDGCN
//! executor a wave of elements at a time.
//!
//! rocFFT's signatures (docs, "Load and Store Callbacks"):
//! `T load(T* buffer, size_t offset, void* data, void* shared)` and
//! `void store(T* buffer, size_t offset, T element, void* data, void* shared)`, `offset`
//! counting elements from the buffer the client passed to `rocfft_execute`, `shared` always
//! null. In registers each lane gets the buffer (two words), the offset (two), for a store
//! the element, then the data and shared pointers (two each): a real value takes one word
//! (half, float) or two (double); a complex one two floats, four words for doubles, and one
//! word for half precision (both halves packed, real part low).

use crate::hip;

/// One callback of an execution: the device function, its data pointer, and the device
/// address of the buffer it is called for (buffer 0 of that side).
#[derive(Clone, Copy, Debug)]
pub struct Callback {
    pub function: u64,
    pub data: u64,
    pub buffer: u64,
}

/// The callbacks of one execution.
#[derive(Clone, Copy, Debug, Default)]
pub struct Callbacks {
    pub load: Option<Callback>,
    pub store: Option<Callback>,
}

impl Callbacks {
    pub fn is_empty(&self) -> bool {
        self.load.is_none() && self.store.is_none()
    }
}

/// Elements per call into the runtime: bounds the argument arrays (a store of doubles
/// takes 12 words per element) while leaving each call thousands of waves to spread over
/// the cores.
const CHUNK: usize = 1 << 16;

/// A stored real value (f16, f32, f64) as the registers hold it.
pub trait Words: Copy + Send + Sync {
    /// Words of one real value.
    const REAL: usize;
    /// Words of one complex value.
    const COMPLEX: usize;
    fn real_to(self, out: &mut [u32]);
    fn real_from(w: &[u32]) -> Self;
    fn complex_to(re: Self, im: Self, out: &mut [u32]);
    fn complex_from(w: &[u32]) -> (Self, Self);
}

impl Words for half::f16 {
    const REAL: usize = 1;
    const COMPLEX: usize = 1;
    fn real_to(self, out: &mut [u32]) {
        out[0] = self.to_bits() as u32;
    }
    fn real_from(w: &[u32]) -> Self {
        half::f16::from_bits(w[0] as u16)
    }
    fn complex_to(re: Self, im: Self, out: &mut [u32]) {
        out[0] = re.to_bits() as u32 | (im.to_bits() as u32) << 16;
    }
    fn complex_from(w: &[u32]) -> (Self, Self) {
        (half::f16::from_bits(w[0] as u16), half::f16::from_bits((w[0] >> 16) as u16))
    }
}

impl Words for f32 {
    const REAL: usize = 1;
    const COMPLEX: usize = 2;
    fn real_to(self, out: &mut [u32]) {
        out[0] = self.to_bits();
    }
    fn real_from(w: &[u32]) -> Self {
        f32::from_bits(w[0])
    }
    fn complex_to(re: Self, im: Self, out: &mut [u32]) {
        out[0] = re.to_bits();
        out[1] = im.to_bits();
    }
    fn complex_from(w: &[u32]) -> (Self, Self) {
        (f32::from_bits(w[0]), f32::from_bits(w[1]))
    }
}

impl Words for f64 {
    const REAL: usize = 2;
    const COMPLEX: usize = 4;
    fn real_to(self, out: &mut [u32]) {
        let b = self.to_bits();
        out[0] = b as u32;
        out[1] = (b >> 32) as u32;
    }
    fn real_from(w: &[u32]) -> Self {
        f64::from_bits(w[0] as u64 | (w[1] as u64) << 32)
    }
    fn complex_to(re: Self, im: Self, out: &mut [u32]) {
        re.real_to(&mut out[..2]);
        im.real_to(&mut out[2..4]);
    }
    fn complex_from(w: &[u32]) -> (Self, Self) {
        (f64::real_from(&w[..2]), f64::real_from(&w[2..4]))
    }
}

/// Why a callback could not run: the runtime's `hipError_t`, which the stream reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failed(pub i32);

fn split(v: u64) -> [u32; 2] {
    [v as u32, (v >> 32) as u32]
}

/// Whether the runtime can call `function` (a loaded code object holds it, and this
/// backend runs AMDGCN code); the runtime logs why not.
pub fn callable(function: u64) -> Result<(), Failed> {
    let rc = unsafe { hip::oxrocm_private_v1_call_device_function(function, 0, std::ptr::null(), 0, std::ptr::null_mut(), 0) };
    if rc == 0 { Ok(()) } else { Err(Failed(rc)) }
}

/// The callbacks of one `rocfft_execute`, from the execution info's, for buffers `input`
/// and `output` (buffer 0 of each side, device addresses); `rocfft_status_failure` where
/// they cannot run (logged): planar data, which rocFFT's callbacks do not support, or a
/// function the runtime cannot call (not in a loaded code object; not the CPU backend).
pub fn prepare(plan: &crate::plan::PlanCore, load: Option<crate::objects::Callback>, store: Option<crate::objects::Callback>, input: u64, output: u64) -> Result<Callbacks, crate::types::rocfft_status> {
    let mut out = Callbacks::default();
    for (given, side, buffer, what) in [(load, &plan.input, input, "load"), (store, &plan.output, output, "store")] {
        let Some(cb) = given else { continue };
        if side.array.is_planar() {
            crate::log::error(format_args!("rocfft_execute: {what} callbacks are not supported for planar data (as in rocFFT)"));
            return Err(crate::types::rocfft_status_failure);
        }
        let function = cb.function as u64;
        if let Err(Failed(rc)) = callable(function) {
            crate::log::error(format_args!("rocfft_execute: the {what} callback at {function:#x} cannot be called here (hipError {rc}; the HIP log says why)"));
            return Err(crate::types::rocfft_status_failure);
        }
        let c = Some(Callback { function, data: cb.data as u64, buffer });
        if what == "load" { out.load = c } else { out.store = c }
    }
    Ok(out)
}

fn call(function: u64, n: usize, args: &[u32], arg_words: usize, results: &mut [u32], result_words: usize) -> Result<(), Failed> {
    let rc = unsafe {
        hip::oxrocm_private_v1_call_device_function(function, n, args.as_ptr(), arg_words as u32, results.as_mut_ptr(), result_words as u32)
    };
    if rc == 0 { Ok(()) } else { Err(Failed(rc)) }
}

/// Loads the elements at `offsets` (elements from the buffer's start) through the load
/// callback, `words` result words each, handing each element's words to `put(k, words)`.
fn load_words(cb: &Callback, offsets: &[usize], words: usize, mut put: impl FnMut(usize, &[u32])) -> Result<(), Failed> {
    const ARGS: usize = 8;
    let mut args = Vec::with_capacity(CHUNK.min(offsets.len()) * ARGS);
    let mut results = Vec::new();
    for (c, chunk) in offsets.chunks(CHUNK).enumerate() {
        args.clear();
        for &o in chunk {
            args.extend_from_slice(&split(cb.buffer));
            args.extend_from_slice(&split(o as u64));
            args.extend_from_slice(&split(cb.data));
            args.extend_from_slice(&[0, 0]);
        }
        results.clear();
        results.resize(chunk.len() * words, 0);
        call(cb.function, chunk.len(), &args, ARGS, &mut results, words)?;
        for (i, w) in results.chunks_exact(words).enumerate() {
            put(c * CHUNK + i, w);
        }
    }
    Ok(())
}

/// Stores element `k` of `offsets` through the store callback, its `words` words written by
/// `get(k, out)`.
fn store_words(cb: &Callback, offsets: &[usize], words: usize, mut get: impl FnMut(usize, &mut [u32])) -> Result<(), Failed> {
    let arg_words = 8 + words;
    let mut args = Vec::with_capacity(CHUNK.min(offsets.len()) * arg_words);
    for (c, chunk) in offsets.chunks(CHUNK).enumerate() {
        args.clear();
        for (i, &o) in chunk.iter().enumerate() {
            args.extend_from_slice(&split(cb.buffer));
            args.extend_from_slice(&split(o as u64));
            let at = args.len();
            args.resize(at + words, 0);
            get(c * CHUNK + i, &mut args[at..]);
            args.extend_from_slice(&split(cb.data));
            args.extend_from_slice(&[0, 0]);
        }
        call(cb.function, chunk.len(), &args, arg_words, &mut [], 0)?;
    }
    Ok(())
}

pub fn load_real<S: Words>(cb: &Callback, offsets: &[usize], mut put: impl FnMut(usize, S)) -> Result<(), Failed> {
    load_words(cb, offsets, S::REAL, |k, w| put(k, S::real_from(w)))
}

pub fn load_complex<S: Words>(cb: &Callback, offsets: &[usize], mut put: impl FnMut(usize, S, S)) -> Result<(), Failed> {
    load_words(cb, offsets, S::COMPLEX, |k, w| {
        let (re, im) = S::complex_from(w);
        put(k, re, im)
    })
}

pub fn store_real<S: Words>(cb: &Callback, offsets: &[usize], get: impl Fn(usize) -> S) -> Result<(), Failed> {
    store_words(cb, offsets, S::REAL, |k, out| get(k).real_to(out))
}

pub fn store_complex<S: Words>(cb: &Callback, offsets: &[usize], get: impl Fn(usize) -> (S, S)) -> Result<(), Failed> {
    store_words(cb, offsets, S::COMPLEX, |k, out| {
        let (re, im) = get(k);
        S::complex_to(re, im, out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_take_the_registers_the_calling_convention_gives_them() {
        let mut w = [0u32; 4];
        half::f16::complex_to(half::f16::from_f32(1.0), half::f16::from_f32(-2.0), &mut w);
        // 1.0 = 0x3c00 in the low half, -2.0 = 0xc000 in the high half of one VGPR.
        assert_eq!(w[0], 0xc000_3c00);
        assert_eq!(half::f16::complex_from(&w), (half::f16::from_f32(1.0), half::f16::from_f32(-2.0)));
        f64::complex_to(1.5, -0.25, &mut w);
        assert_eq!(w, [0, 0x3ff8_0000, 0, 0xbfd0_0000]);
        assert_eq!(f64::complex_from(&w), (1.5, -0.25));
        f32::complex_to(3.0, 0.5, &mut w);
        assert_eq!(&w[..2], &[0x4040_0000, 0x3f00_0000]);
        half::f16::from_f32(0.5).real_to(&mut w);
        assert_eq!(w[0], 0x3800);
    }
}
