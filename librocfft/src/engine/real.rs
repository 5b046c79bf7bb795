//! A long real transform of even length N over every thread (with the four-step FFT, so
//! only where `OXROCM_ROCFFT_FOUR_STEP=1`): the N reals seen as M = N/2
//! complex values z[m] = x[2m] + i·x[2m+1], one complex FFT of length M (four-step, so
//! threaded), and a pass pairing bins k and M−k. realfft does the same on one thread;
//! this one keeps the data where they are (the hermitian row's M+1 slots hold z in their
//! first M) and spreads the pairing pass over the threads.
//!
//! Forward, with a = Z[k], b = Z[M−k], W = exp(−2πi/N):
//!   Fe = (a + b*)/2, Fo = −i(a − b*)/2, X[k] = Fe + W^k·Fo, X[M−k] = (Fe − W^k·Fo)*,
//!   and X[0], X[M] = Re Z[0] ± Im Z[0].
//! Inverse (unnormalised, N·x as rocFFT and FFTW give), with D = X[k] − X[M−k]*:
//!   Z[k] = (X[k] + X[M−k]*) + i·D·(W^k)*, Z[M−k] = (X[k] + X[M−k]*)* + i·(D·(W^k)*)*,
//!   Z[0] = (r0 + rM) + i(r0 − rM) from the real parts of X[0] and X[M] (their imaginary
//!   parts, which a real signal cannot have, are ignored); then z = IFFT_M(Z).

use super::fourstep::{self, FourStep, Twiddles};
use super::lines::{PARALLEL_MIN, Shared, par_ranges};
use rustfft::num_complex::Complex;
use rustfft::{FftDirection, FftNum, FftPlanner};

/// X[0] and X[M] of the real transform from Z[0] of its half-length one.
#[inline(always)]
pub(super) fn ends_forward<T: FftNum>(z0: Complex<T>) -> (Complex<T>, Complex<T>) {
    (Complex::new(z0.re + z0.im, T::zero()), Complex::new(z0.re - z0.im, T::zero()))
}

/// X[k] and X[M−k] from a = Z[k], b = Z[M−k] and w = W_N^k.
#[inline(always)]
pub(super) fn pair_forward<T: FftNum>(a: Complex<T>, b: Complex<T>, w: Complex<T>) -> (Complex<T>, Complex<T>) {
    let half = T::from_f64(0.5).unwrap();
    let fe = (a + b.conj()) * half;
    let d = a - b.conj();
    let fo = Complex::new(d.im, -d.re) * half; // −i·d/2
    let t = w * fo;
    (fe + t, (fe - t).conj())
}

/// Z[0] from X[0] and X[M] (their imaginary parts ignored).
#[inline(always)]
pub(super) fn end_inverse<T: FftNum>(x0: Complex<T>, xm: Complex<T>) -> Complex<T> {
    Complex::new(x0.re + xm.re, x0.re - xm.re)
}

/// Z[k] and Z[M−k] from a = X[k], b = X[M−k] and w = W_N^k (unnormalised).
#[inline(always)]
pub(super) fn pair_inverse<T: FftNum>(a: Complex<T>, b: Complex<T>, w: Complex<T>) -> (Complex<T>, Complex<T>) {
    let fe = a + b.conj();
    let fo = (a - b.conj()) * w.conj();
    let ifo = Complex::new(-fo.im, fo.re); // i·fo
    (fe + ifo, fe.conj() + Complex::new(fo.im, fo.re)) // (fe)* + i·(fo)*
}

pub struct HalfLength<T: FftNum> {
    m: usize,
    fft: FourStep<T>,
    /// W_N^k, forward sign.
    twiddles: Twiddles<T>,
}

impl<T: FftNum> HalfLength<T> {
    /// Only with `OXROCM_ROCFFT_FOUR_STEP=1` (the radix-4 split of `split.rs` was faster at
    /// every thread count measured: 2^20 reals on 16 threads of a Xeon 0.92 ms against 1.18),
    /// for an even length whose half is long enough for four-step.
    pub fn new(planner: &mut FftPlanner<T>, n: usize, forward: bool, threads: usize) -> Option<HalfLength<T>> {
        if !n.is_multiple_of(2) || fourstep::setting() != Some(true) {
            return None;
        }
        let direction = if forward { FftDirection::Forward } else { FftDirection::Inverse };
        let fft = FourStep::new(planner, n / 2, direction, threads)?;
        Some(Self::with(fft, n))
    }

    fn with(fft: FourStep<T>, n: usize) -> HalfLength<T> {
        HalfLength { m: n / 2, fft, twiddles: Twiddles::new(n, -1.0) }
    }

    /// `row`: M+1 slots whose first M hold z (the N reals); on return, the M+1 bins.
    pub fn forward(&self, row: &mut [Complex<T>]) {
        let m = self.m;
        self.fft.process(&mut row[..m]);
        (row[0], row[m]) = ends_forward(row[0]);
        self.pairs(row, pair_forward);
    }

    /// `row`: the M+1 bins; on return its first M slots hold N·x as M complex values.
    pub fn inverse(&self, row: &mut [Complex<T>]) {
        let m = self.m;
        row[0] = end_inverse(row[0], row[m]);
        self.pairs(row, pair_inverse);
        self.fft.process(&mut row[..m]);
    }

    /// Applies `f(row[k], row[M−k], W^k) -> (new row[k], new row[M−k])` for k in 1..=M/2,
    /// over the threads (each k touches only k and M−k, so ranges of k are disjoint).
    fn pairs(&self, row: &mut [Complex<T>], f: impl Fn(Complex<T>, Complex<T>, Complex<T>) -> (Complex<T>, Complex<T>) + Sync) {
        let m = self.m;
        let base = Shared(row.as_mut_ptr());
        par_ranges(1..m / 2 + 1, PARALLEL_MIN, |ks| {
            #[allow(clippy::redundant_locals)]
            let base = base;
            for k in ks {
                // SAFETY: k ≤ M/2 ≤ M−k < M+1 = row.len(); tasks own disjoint k (and so M−k).
                unsafe {
                    let (pk, pj) = (base.0.add(k), base.0.add(m - k));
                    let (x, y) = f(*pk, *pj, self.twiddles.at(k));
                    if k == m - k {
                        *pk = x;
                    } else {
                        *pk = x;
                        *pj = y;
                    }
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use realfft::RealFftPlanner;

    #[test]
    fn half_length_real_transforms_match_realfft() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        pool.install(|| {
            for n in [1usize << 18, 2 * 3 * 5 * 7 * 11 * 13 * 8] {
                let m = n / 2;
                let x: Vec<f64> = (0..n).map(|i| (i as f64 * 0.173).sin() + (i % 7) as f64 * 0.1).collect();
                let mut real_planner = RealFftPlanner::<f64>::new();
                let mut expect = vec![Complex::new(0.0, 0.0); m + 1];
                real_planner.plan_fft_forward(n).process(&mut x.clone(), &mut expect).unwrap();

                let mut planner = FftPlanner::<f64>::new();
                let fwd = HalfLength::with(FourStep::split_plan(&mut planner, m, FftDirection::Forward).unwrap(), n);
                let mut row: Vec<Complex<f64>> = x.chunks(2).map(|p| Complex::new(p[0], p[1])).chain([Complex::new(0.0, 0.0)]).collect();
                fwd.forward(&mut row);
                let norm: f64 = expect.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
                let err: f64 = row.iter().zip(&expect).map(|(a, b)| (a - b).norm_sqr()).sum::<f64>().sqrt();
                assert!(err / norm < 1e-13, "forward {n}: {}", err / norm);

                let inv = HalfLength::with(FourStep::split_plan(&mut planner, m, FftDirection::Inverse).unwrap(), n);
                inv.inverse(&mut row);
                let back: Vec<f64> = row[..m].iter().flat_map(|c| [c.re, c.im]).collect();
                let err: f64 = back.iter().zip(&x).map(|(a, b)| (a / n as f64 - b).powi(2)).sum::<f64>().sqrt();
                let norm: f64 = x.iter().map(|a| a * a).sum::<f64>().sqrt();
                assert!(err / norm < 1e-13, "inverse {n}: {}", err / norm);
            }
        });
    }
}
