//! What librocfft's tests and examples share: precisions and how their values are stored,
//! deterministic signals, and device buffers that free themselves. Used as `mod support;`
//! by tests and through `#[path]` by examples.
#![allow(dead_code)] // each user takes a part

use amdhip64::memcpy::hipMemcpy;
use amdhip64::memory::{hipFree, hipMalloc};
use std::ffi::c_void;
use std::ptr::null_mut;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    Half,
    Single,
    Double,
}

impl Prec {
    /// rocfft_precision.
    pub fn c(self) -> i32 {
        match self {
            Prec::Single => 0,
            Prec::Double => 1,
            Prec::Half => 2,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Prec::Single => "single",
            Prec::Double => "double",
            Prec::Half => "half",
        }
    }
    /// The element type's short name ("f16", "f32", "f64").
    pub fn type_name(self) -> &'static str {
        match self {
            Prec::Half => "f16",
            Prec::Single => "f32",
            Prec::Double => "f64",
        }
    }
    pub fn bytes(self) -> usize {
        match self {
            Prec::Half => 2,
            Prec::Single => 4,
            Prec::Double => 8,
        }
    }
    /// Issue 23's bound on the relative L2 error against a double-precision reference.
    pub fn bound(self) -> f64 {
        match self {
            Prec::Half => 1e-2,
            Prec::Single => 1e-6,
            Prec::Double => 1e-14,
        }
    }
    /// Values as the library stores them (little-endian).
    pub fn encode(self, v: &[f64]) -> Vec<u8> {
        let mut out = Vec::with_capacity(v.len() * self.bytes());
        for &x in v {
            match self {
                Prec::Half => out.extend(half::f16::from_f64(x).to_le_bytes()),
                Prec::Single => out.extend((x as f32).to_le_bytes()),
                Prec::Double => out.extend(x.to_le_bytes()),
            }
        }
        out
    }
    pub fn decode(self, b: &[u8]) -> Vec<f64> {
        match self {
            Prec::Half => b.chunks_exact(2).map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f64()).collect(),
            Prec::Single => b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64).collect(),
            Prec::Double => b.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect(),
        }
    }
    /// The value as stored (what the library reads, so what a reference must transform).
    pub fn round(self, x: f64) -> f64 {
        match self {
            Prec::Half => half::f16::from_f64(x).to_f64(),
            Prec::Single => x as f32 as f64,
            Prec::Double => x,
        }
    }
}

/// A deterministic signal in [-1, 1) (xorshift).
pub fn signal(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
        .collect()
}

/// Device memory holding a copy of some bytes, freed on drop.
pub struct Dev(pub *mut c_void, pub usize);

impl Dev {
    pub fn new(bytes: &[u8]) -> Dev {
        let mut p = null_mut();
        assert_eq!(unsafe { hipMalloc(&mut p, bytes.len().max(1)) }, 0, "hipMalloc({})", bytes.len());
        assert_eq!(unsafe { hipMemcpy(p, bytes.as_ptr().cast(), bytes.len(), 1) }, 0);
        Dev(p, bytes.len())
    }
    pub fn read(&self) -> Vec<u8> {
        let mut v = vec![0u8; self.1];
        assert_eq!(unsafe { hipMemcpy(v.as_mut_ptr().cast(), self.0, self.1, 2) }, 0);
        v
    }
}

impl Drop for Dev {
    fn drop(&mut self) {
        unsafe { hipFree(self.0) };
    }
}

pub type C64 = (f64, f64);

/// Direct DFT (a separate algorithm from the library's FFTs) of `x` (contiguous, dimension 0 fastest) along every dimension.
pub fn dft(x: &[C64], lens: &[usize], forward: bool) -> Vec<C64> {
    let sign = if forward { -1.0 } else { 1.0 };
    let mut cur = x.to_vec();
    for d in 0..lens.len() {
        let inner: usize = lens[..d].iter().product();
        let n = lens[d];
        let twiddle: Vec<C64> = (0..n).map(|j| {
            let a = sign * 2.0 * std::f64::consts::PI * j as f64 / n as f64;
            (a.cos(), a.sin())
        }).collect();
        let mut next = vec![(0.0, 0.0); cur.len()];
        for (i, out) in next.iter_mut().enumerate() {
            let k = (i / inner) % n;
            let base = i - k * inner;
            let (mut re, mut im) = (0.0, 0.0);
            for t in 0..n {
                let (a, b) = cur[base + t * inner];
                let (c, s) = twiddle[k * t % n];
                re += a * c - b * s;
                im += a * s + b * c;
            }
            *out = (re, im);
        }
        cur = next;
    }
    cur
}

pub fn rel_l2(got: &[C64], want: &[C64]) -> f64 {
    let err: f64 = got.iter().zip(want).map(|(a, b)| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sum();
    let norm: f64 = want.iter().map(|b| b.0 * b.0 + b.1 * b.1).sum();
    (err / norm.max(f64::MIN_POSITIVE)).sqrt()
}
