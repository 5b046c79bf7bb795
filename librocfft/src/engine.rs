//! The host transform of one plan: rustfft/realfft plans made once per plan, and the
//! passes over a transform held contiguously in host memory (dimension 0 fastest).
//!
//! A multi-dimensional DFT is separable: 1D transforms along each dimension in turn. Real
//! transforms do dimension 0 as a real↔hermitian transform of each row and the other
//! dimensions as complex transforms of the N0/2+1 hermitian columns.

use rayon::prelude::*;
use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftDirection, FftNum, FftPlanner};
use std::sync::Arc;

/// Lines at once gathered from a strided dimension, so that each cache line fetched
/// serves several transforms.
const COLUMNS_PER_GATHER: usize = 16;
/// Below this many values a pass runs on the calling thread.
const PARALLEL_MIN: usize = 1 << 15;

pub struct Engine<T: FftNum> {
    /// Per dimension, the complex FFT along it (None for dimension 0 of real transforms).
    complex: Vec<Option<Arc<dyn Fft<T>>>>,
    real_forward: Option<Arc<dyn RealToComplex<T>>>,
    real_inverse: Option<Arc<dyn ComplexToReal<T>>>,
    /// Lengths of the complex (hermitian for real transforms) working array.
    pub complex_lengths: Vec<usize>,
    /// Real row length of real transforms.
    pub real_length: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Complex { forward: bool },
    RealForward,
    RealInverse,
}

impl<T: FftNum> Engine<T> {
    pub fn new(kind: Kind, lengths: &[usize]) -> Engine<T> {
        let mut planner = FftPlanner::<T>::new();
        let real = !matches!(kind, Kind::Complex { .. });
        let direction = match kind {
            Kind::Complex { forward: true } | Kind::RealForward => FftDirection::Forward,
            _ => FftDirection::Inverse,
        };
        let mut complex_lengths = lengths.to_vec();
        if real {
            complex_lengths[0] = lengths[0] / 2 + 1;
        }
        let complex = (0..lengths.len())
            .map(|d| (!(real && d == 0)).then(|| planner.plan_fft(lengths[d], direction)))
            .collect();
        let mut real_planner = RealFftPlanner::<T>::new();
        Engine {
            complex,
            real_forward: (kind == Kind::RealForward).then(|| real_planner.plan_fft_forward(lengths[0])),
            real_inverse: (kind == Kind::RealInverse).then(|| real_planner.plan_fft_inverse(lengths[0])),
            complex_lengths,
            real_length: lengths[0],
        }
    }

    /// Complex transform of `data` (complex_lengths, contiguous) along every dimension.
    pub fn complex_passes(&self, data: &mut [Complex<T>], from_dim: usize) {
        for d in from_dim..self.complex_lengths.len() {
            if let Some(fft) = &self.complex[d] {
                along(fft.as_ref(), data, &self.complex_lengths, d);
            }
        }
    }

    /// Real rows (`real_length` each) to hermitian rows (`complex_lengths[0]` each).
    pub fn real_rows_forward(&self, real: &mut [T], out: &mut [Complex<T>]) {
        let fft = self.real_forward.as_ref().expect("a real forward plan");
        let (n, h) = (self.real_length, self.complex_lengths[0]);
        let rows = real.len() / n;
        let work = |(r, o): (&mut [T], &mut [Complex<T>])| {
            let mut scratch = fft.make_scratch_vec();
            let _ = fft.process_with_scratch(r, o, &mut scratch);
        };
        if rows * n >= PARALLEL_MIN && rows > 1 {
            real.par_chunks_mut(n).zip(out.par_chunks_mut(h)).for_each(work);
        } else {
            real.chunks_mut(n).zip(out.chunks_mut(h)).for_each(work);
        }
    }

    /// Hermitian rows back to real rows. The imaginary parts that a real signal cannot have
    /// (at 0 and, for even lengths, N/2) are ignored, as FFTW and rocFFT ignore them.
    pub fn real_rows_inverse(&self, herm: &mut [Complex<T>], out: &mut [T]) {
        let fft = self.real_inverse.as_ref().expect("a real inverse plan");
        let (n, h) = (self.real_length, self.complex_lengths[0]);
        let work = |(c, o): (&mut [Complex<T>], &mut [T])| {
            c[0].im = T::zero();
            if n % 2 == 0 {
                c[h - 1].im = T::zero();
            }
            let mut scratch = fft.make_scratch_vec();
            let _ = fft.process_with_scratch(c, o, &mut scratch);
        };
        let rows = herm.len() / h;
        if rows * n >= PARALLEL_MIN && rows > 1 {
            herm.par_chunks_mut(h).zip(out.par_chunks_mut(n)).for_each(work);
        } else {
            herm.chunks_mut(h).zip(out.chunks_mut(n)).for_each(work);
        }
    }
}

/// A pointer shared by threads that touch disjoint elements.
#[derive(Clone, Copy)]
struct Shared<T>(*mut T);
unsafe impl<T> Send for Shared<T> {}
unsafe impl<T> Sync for Shared<T> {}

/// `fft` along dimension `d` of `data` (lengths `lens`, dimension 0 contiguous).
fn along<T: FftNum>(fft: &dyn Fft<T>, data: &mut [Complex<T>], lens: &[usize], d: usize) {
    let len = lens[d];
    if len <= 1 {
        return;
    }
    if d == 0 {
        let rows_per_task = (PARALLEL_MIN / len).max(1);
        let work = |chunk: &mut [Complex<T>]| {
            let mut scratch = vec![Complex::new(T::zero(), T::zero()); fft.get_inplace_scratch_len()];
            fft.process_with_scratch(chunk, &mut scratch);
        };
        if data.len() >= 2 * PARALLEL_MIN {
            data.par_chunks_mut(rows_per_task * len).for_each(work);
        } else {
            work(data);
        }
        return;
    }
    // Lines of dimension d: `inner` columns (the product of the faster lengths) in each of
    // `outer` blocks.
    let inner: usize = lens[..d].iter().product();
    let outer: usize = lens[d + 1..].iter().product();
    let groups_per_block = inner.div_ceil(COLUMNS_PER_GATHER);
    let base = Shared(data.as_mut_ptr());
    let task = |g: usize| {
        // The whole wrapper, not its raw-pointer field, is what the closure must capture
        // (a captured `*mut` alone would not be Send).
        #[allow(clippy::redundant_locals)]
        let base = base;
        let (block, group) = (g / groups_per_block, g % groups_per_block);
        let first = group * COLUMNS_PER_GATHER;
        let cols = COLUMNS_PER_GATHER.min(inner - first);
        let start = block * inner * len + first;
        let mut lines = vec![Complex::new(T::zero(), T::zero()); cols * len];
        let mut scratch = vec![Complex::new(T::zero(), T::zero()); fft.get_inplace_scratch_len()];
        // SAFETY: task g touches columns first..first+cols of its block only; no two tasks
        // share an element, and `data` outlives the parallel loop.
        unsafe {
            for t in 0..len {
                let row = base.0.add(start + t * inner);
                for c in 0..cols {
                    lines[c * len + t] = *row.add(c);
                }
            }
            fft.process_with_scratch(&mut lines, &mut scratch);
            for t in 0..len {
                let row = base.0.add(start + t * inner);
                for c in 0..cols {
                    *row.add(c) = lines[c * len + t];
                }
            }
        }
    };
    let tasks = outer * groups_per_block;
    if data.len() >= PARALLEL_MIN && tasks > 1 {
        (0..tasks).into_par_iter().for_each(task);
    } else {
        (0..tasks).for_each(task);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Direct O(N^2) DFT in f64 along each dimension.
    fn naive(data: &[Complex<f64>], lens: &[usize], forward: bool) -> Vec<Complex<f64>> {
        let mut cur = data.to_vec();
        let sign = if forward { -1.0 } else { 1.0 };
        for d in 0..lens.len() {
            let inner: usize = lens[..d].iter().product();
            let len = lens[d];
            let mut next = cur.clone();
            for (i, out) in next.iter_mut().enumerate() {
                let k = (i / inner) % len;
                let base = i - k * inner;
                *out = (0..len)
                    .map(|t| {
                        let a = sign * 2.0 * std::f64::consts::PI * (k * t % len) as f64 / len as f64;
                        cur[base + t * inner] * Complex::new(a.cos(), a.sin())
                    })
                    .sum();
            }
            cur = next;
        }
        cur
    }

    #[test]
    fn complex_passes_match_a_direct_dft() {
        for lens in [vec![12], vec![5, 7], vec![3, 4, 17], vec![64, 40]] {
            let n: usize = lens.iter().product();
            let input: Vec<Complex<f64>> = (0..n).map(|i| Complex::new((i as f64 * 0.37).sin(), (i as f64 * 0.11).cos())).collect();
            let expect = naive(&input, &lens, true);
            let mut got = input.clone();
            Engine::<f64>::new(Kind::Complex { forward: true }, &lens).complex_passes(&mut got, 0);
            let err: f64 = got.iter().zip(&expect).map(|(a, b)| (a - b).norm_sqr()).sum::<f64>().sqrt();
            let norm: f64 = expect.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
            assert!(err / norm < 1e-13, "{lens:?}: {}", err / norm);
        }
    }
}
