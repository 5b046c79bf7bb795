//! The host transform of one plan: rustfft/realfft plans made once per plan, and the
//! passes over a transform held contiguously in host memory (dimension 0 fastest).
//!
//! A multi-dimensional DFT is separable: 1D transforms along each dimension in turn. Real
//! transforms do dimension 0 as a real↔hermitian transform of each row and the other
//! dimensions as complex transforms of the N0/2+1 hermitian columns.

mod fourstep;
mod lines;
mod real;
mod split;
mod split_avx;
mod transpose;

use fourstep::FourStep;
use lines::{PARALLEL_MIN, Shared};
use rayon::prelude::*;
use real::HalfLength;
use split::SplitReal;
use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftDirection, FftNum, FftPlanner};
use std::sync::Arc;

pub struct Engine<T: FftNum> {
    /// Per dimension, the complex FFT along it (None for dimension 0 of real transforms).
    complex: Vec<Option<Arc<dyn Fft<T>>>>,
    /// Dimension 0 split over the threads, for long rows (complex transforms).
    four_step: Option<FourStep<T>>,
    real_forward: Option<Arc<dyn RealToComplex<T>>>,
    real_inverse: Option<Arc<dyn ComplexToReal<T>>>,
    /// Long even real rows split over the threads: the four-step half-length transform
    /// where `OXROCM_ROCFFT_FOUR_STEP=1`, else the radix-r split.
    half_length: Option<HalfLength<T>>,
    split_real: Option<SplitReal<T>>,
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

/// Where a row of real values sits: its first real and the distance between rows, in
/// reals. Hermitian rows likewise, in complex values.
#[derive(Clone, Copy)]
pub struct Rows<P> {
    pub base: P,
    pub stride: usize,
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
        let threads = crate::threads::pool().current_num_threads();
        let four_step = if real { None } else { FourStep::new(&mut planner, lengths[0], direction, threads) };
        let half_length = if real { HalfLength::new(&mut planner, lengths[0], kind == Kind::RealForward, threads) } else { None };
        let split_real = match (real, &half_length) {
            (true, None) => SplitReal::new(&mut planner, lengths[0], kind == Kind::RealForward, threads),
            _ => None,
        };
        let mut real_planner = RealFftPlanner::<T>::new();
        Engine {
            split_real,
            complex,
            four_step,
            real_forward: (kind == Kind::RealForward).then(|| real_planner.plan_fft_forward(lengths[0])),
            real_inverse: (kind == Kind::RealInverse).then(|| real_planner.plan_fft_inverse(lengths[0])),
            half_length,
            complex_lengths,
            real_length: lengths[0],
        }
    }

    /// Complex transform of `data` (complex_lengths, contiguous) along every dimension.
    pub fn complex_passes(&self, data: &mut [Complex<T>], from_dim: usize) {
        self.complex_passes_batched(data, from_dim);
    }

    /// The same over consecutive transforms: `data` holds any number of them back to back
    /// (each pass then spans the whole batch).
    pub fn complex_passes_batched(&self, data: &mut [Complex<T>], from_dim: usize) {
        let count: usize = self.complex_lengths.iter().product();
        if count == 0 || data.is_empty() {
            return;
        }
        let mut lens = self.complex_lengths.clone();
        lens.push(data.len() / count);
        let mut from_dim = from_dim;
        // Small planes with more than one of them (3D, or batched 2D): both of their
        // dimensions in one visit (a single large plane keeps the passes, which spread
        // its rows and columns over the threads).
        if from_dim == 0
            && lens.len() > 2
            && lens[0] * lens[1] <= lines::PLANE_VALUES
            && data.len() > lens[0] * lens[1]
            && let (Some(rows), Some(cols)) = (&self.complex[0], &self.complex[1])
        {
            lines::planes(rows.as_ref(), cols.as_ref(), data, &lens);
            from_dim = 2;
        }
        for d in from_dim..self.complex_lengths.len() {
            if let Some(fft) = &self.complex[d] {
                lines::along(fft.as_ref(), self.four_step.as_ref().filter(|_| d == 0), data, &lens, d);
            }
        }
    }

    /// Real rows (`real_length` each) to hermitian rows (`complex_lengths[0]` each).
    pub fn real_rows_forward(&self, real: &mut [T], out: &mut [Complex<T>]) {
        let rows = real.len() / self.real_length;
        // SAFETY: `real` holds rows·N reals and `out` rows·(N/2+1) values, rows back to back.
        unsafe {
            self.real_rows_forward_at(Rows { base: real.as_ptr(), stride: self.real_length }, Rows { base: out.as_mut_ptr(), stride: self.complex_lengths[0] }, rows)
        }
    }

    /// Hermitian rows back to real rows. The imaginary parts that a real signal cannot have
    /// (at 0 and, for even lengths, N/2) are ignored, as FFTW and rocFFT ignore them.
    pub fn real_rows_inverse(&self, herm: &mut [Complex<T>], out: &mut [T]) {
        let rows = herm.len() / self.complex_lengths[0];
        // SAFETY: as for real_rows_forward.
        unsafe {
            self.real_rows_inverse_at(Rows { base: herm.as_ptr(), stride: self.complex_lengths[0] }, Rows { base: out.as_mut_ptr(), stride: self.real_length }, rows)
        }
    }

    /// `rows` real rows to hermitian rows, wherever they lie; a row's input and output may
    /// share memory (rocFFT's in-place layout: real rows padded to N/2+1 complex values).
    ///
    /// # Safety
    /// Every row lies in memory valid for the call; rows of different indexes do not overlap.
    pub unsafe fn real_rows_forward_at(&self, input: Rows<*const T>, output: Rows<*mut Complex<T>>, rows: usize) {
        let (n, h) = (self.real_length, self.complex_lengths[0]);
        let (src, dst) = (Shared(input.base as *mut T), Shared(output.base));
        if let Some(hl) = self.half_length.as_ref().filter(|_| rows < rayon::current_num_threads()) {
            for r in 0..rows {
                // SAFETY: the row's n reals move into the first n/2 slots of its output row
                // (std::ptr::copy allows the two to overlap), which the split transforms in place.
                unsafe {
                    let out = dst.0.add(r * output.stride);
                    std::ptr::copy(src.0.add(r * input.stride), out as *mut T, n);
                    hl.forward(std::slice::from_raw_parts_mut(out, h));
                }
            }
            return;
        }
        if let Some(sp) = self.split_real.as_ref().filter(|_| rows < rayon::current_num_threads()) {
            for r in 0..rows {
                // SAFETY: the caller's rows; the split reads a row whole before writing it.
                unsafe { sp.forward(src.0.add(r * input.stride), dst.0.add(r * output.stride)) };
            }
            return;
        }
        let fft = self.real_forward.as_ref().expect("a real forward plan");
        let work = |(line, scratch): &mut (Vec<T>, Vec<Complex<T>>), r: usize| {
            #[allow(clippy::redundant_locals)]
            let (src, dst) = (src, dst);
            // SAFETY: the row is copied out before its output (which may overlap it) is written.
            unsafe {
                line.copy_from_slice(std::slice::from_raw_parts(src.0.add(r * input.stride), n));
                let out = std::slice::from_raw_parts_mut(dst.0.add(r * output.stride), h);
                let _ = fft.process_with_scratch(line, out, scratch);
            }
        };
        let init = || (vec![T::zero(); n], fft.make_scratch_vec());
        if rows * n >= PARALLEL_MIN && rows > 1 {
            (0..rows).into_par_iter().for_each_init(init, work);
        } else {
            let mut buffers = init();
            (0..rows).for_each(|r| work(&mut buffers, r));
        }
    }

    /// `rows` hermitian rows to real rows, wherever they lie (sharing memory allowed, as
    /// above). The input rows are not modified, except where they share the output's memory.
    ///
    /// # Safety
    /// As for [`Engine::real_rows_forward_at`].
    pub unsafe fn real_rows_inverse_at(&self, input: Rows<*const Complex<T>>, output: Rows<*mut T>, rows: usize) {
        let (n, h) = (self.real_length, self.complex_lengths[0]);
        let (src, dst) = (Shared(input.base as *mut Complex<T>), Shared(output.base));
        let same_memory = |r: usize| src.0.wrapping_add(r * input.stride) as *mut T == dst.0.wrapping_add(r * output.stride);
        if let Some(hl) = self.half_length.as_ref().filter(|_| rows < rayon::current_num_threads()) {
            let mut line = Vec::new();
            for r in 0..rows {
                // SAFETY: in place the row is transformed where it is; otherwise in a copy,
                // whose first n/2 values are then the n reals of the output row.
                unsafe {
                    let input_row = src.0.add(r * input.stride);
                    if same_memory(r) {
                        hl.inverse(std::slice::from_raw_parts_mut(input_row, h));
                    } else {
                        line.clear();
                        line.extend_from_slice(std::slice::from_raw_parts(input_row, h));
                        hl.inverse(&mut line);
                        std::ptr::copy_nonoverlapping(line.as_ptr() as *const T, dst.0.add(r * output.stride), n);
                    }
                }
            }
            return;
        }
        if let Some(sp) = self.split_real.as_ref().filter(|_| rows < rayon::current_num_threads()) {
            for r in 0..rows {
                // SAFETY: as above.
                unsafe { sp.inverse(src.0.add(r * input.stride), dst.0.add(r * output.stride)) };
            }
            return;
        }
        let fft = self.real_inverse.as_ref().expect("a real inverse plan");
        let work = |(line, scratch): &mut (Vec<Complex<T>>, Vec<Complex<T>>), r: usize| {
            #[allow(clippy::redundant_locals)]
            let (src, dst) = (src, dst);
            // SAFETY: the row is copied out (realfft uses its input as scratch) before the
            // output, which may overlap it, is written.
            unsafe {
                line.copy_from_slice(std::slice::from_raw_parts(src.0.add(r * input.stride), h));
                line[0].im = T::zero();
                if n % 2 == 0 {
                    line[h - 1].im = T::zero();
                }
                let out = std::slice::from_raw_parts_mut(dst.0.add(r * output.stride), n);
                let _ = fft.process_with_scratch(line, out, scratch);
            }
        };
        let init = || (vec![Complex::new(T::zero(), T::zero()); h], fft.make_scratch_vec());
        if rows * n >= PARALLEL_MIN && rows > 1 {
            (0..rows).into_par_iter().for_each_init(init, work);
        } else {
            let mut buffers = init();
            (0..rows).for_each(|r| work(&mut buffers, r));
        }
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
