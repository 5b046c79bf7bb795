//! One long 1D FFT over every thread (rustfft runs a transform on one thread): the
//! four-step algorithm. With N = N1·N2, input index n = N2·n1 + n2 and output index
//! k = k1 + N1·k2:
//!
//!   X[k1 + N1·k2] = Σ_n2 W_N2^(n2·k2) · W_N^(n2·k1) · Σ_n1 W_N1^(n1·k1) · x[N2·n1 + n2]
//!
//! so: length-N1 FFTs down the N2 columns of x seen as an N1×N2 matrix (in place), then
//! per row k1 a twiddle by W_N^(n2·k1) and a length-N2 FFT, written transposed into a
//! scratch array, which is copied back. Rows and columns are spread over the threads.

use super::lines::{self, PARALLEL_MIN, Shared};
use rayon::prelude::*;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftDirection, FftNum, FftPlanner};
use std::sync::{Arc, Mutex};

/// Rows transformed together before their transposed write: each output line then gets
/// 16 neighbouring values (a cache line or two) at once.
const ROWS_PER_TASK: usize = 16;
/// Lengths from which a lone transform is split (below, one thread is as fast).
pub const MIN_LENGTH: usize = 1 << 16;

/// Threads from which a lone complex row goes four-step by default. Measured (c2c 2^20,
/// single precision, against FFTW with as many threads): on a 16-core Xeon, 1.47 ms four-step
/// against 5.18 ms for rustfft on one thread with 16 threads, 2.28 against 5.06 with 8; on
/// 2 threads the four-step lost there (7.9 against 4.8 ms) and on the 2-core EPYC (rustfft
/// works from cache; the strided column pass, the transposed row writes and the copy back
/// are three passes over memory with page-sized strides).
const MIN_THREADS: usize = 4;

/// `OXROCM_ROCFFT_FOUR_STEP`: "1" on, "0" off, unset: the default.
pub fn setting() -> Option<bool> {
    static SET: std::sync::OnceLock<Option<bool>> = std::sync::OnceLock::new();
    *SET.get_or_init(|| match std::env::var("OXROCM_ROCFFT_FOUR_STEP").as_deref() {
        Ok("1") => Some(true),
        Ok("0") => Some(false),
        _ => None,
    })
}

pub struct FourStep<T: FftNum> {
    n1: usize,
    n2: usize,
    columns: Arc<dyn Fft<T>>,
    rows: Arc<dyn Fft<T>>,
    twiddles: Twiddles<T>,
    /// The transposed output, kept between executions (taken by one execution at a time).
    scratch: Mutex<Vec<Complex<T>>>,
}

/// The split of `n` into n1·n2 with n1 ≤ n2 and n1 as close to √n as a divisor gets.
fn split(n: usize) -> (usize, usize) {
    let mut n1 = (n as f64).sqrt() as usize;
    while n1 > 1 && !n.is_multiple_of(n1) {
        n1 -= 1;
    }
    (n1, n / n1)
}

/// exp(sign·2πi·m/N) for any m < N from two tables of about √N values each (computed in
/// f64): W^m = fine[m % S] · coarse[m / S], S a power of two near √N. One rounding more than a full table, a
/// thousandth of its memory for N = 2^24.
pub struct Twiddles<T> {
    fine: Vec<Complex<T>>,
    coarse: Vec<Complex<T>>,
    /// S = 2^shift, so that the split of m costs a mask and a shift.
    shift: u32,
}

impl<T: FftNum> Twiddles<T> {
    pub fn new(n: usize, sign: f64) -> Twiddles<T> {
        let table = |count: usize, stride: usize| -> Vec<Complex<T>> {
            (0..count)
                .map(|i| {
                    let a = sign * 2.0 * std::f64::consts::PI * ((i * stride) % n) as f64 / n as f64;
                    Complex::new(T::from_f64(a.cos()).unwrap(), T::from_f64(a.sin()).unwrap())
                })
                .collect()
        };
        let shift = n.max(1).ilog2().div_ceil(2);
        let step = 1usize << shift;
        Twiddles { fine: table(step, 1), coarse: table(n.div_ceil(step), step), shift }
    }

    /// W^m for m < N.
    #[inline]
    pub fn at(&self, m: usize) -> Complex<T> {
        self.fine[m & ((1 << self.shift) - 1)] * self.coarse[m >> self.shift]
    }
}

impl<T: FftNum> FourStep<T> {
    /// The four-step plan of a length-`n` transform on `threads` threads, where it pays:
    /// enough threads (or `OXROCM_ROCFFT_FOUR_STEP=1`), long enough, and with factors of
    /// at least 64 on both sides (a prime length has none).
    pub fn new(planner: &mut FftPlanner<T>, n: usize, direction: FftDirection, threads: usize) -> Option<FourStep<T>> {
        if !setting().unwrap_or(threads >= MIN_THREADS) || n < MIN_LENGTH || threads < 2 {
            return None;
        }
        Self::split_plan(planner, n, direction)
    }

    /// The plan whatever the setting (tests).
    pub(super) fn split_plan(planner: &mut FftPlanner<T>, n: usize, direction: FftDirection) -> Option<FourStep<T>> {
        let (n1, n2) = split(n);
        if n1 < 64 {
            return None;
        }
        let sign = if direction == FftDirection::Forward { -1.0 } else { 1.0 };
        Some(FourStep {
            n1,
            n2,
            columns: planner.plan_fft(n1, direction),
            rows: planner.plan_fft(n2, direction),
            twiddles: Twiddles::new(n, sign),
            scratch: Mutex::new(Vec::new()),
        })
    }

    /// Transforms `data` (n values) in place.
    pub fn process(&self, data: &mut [Complex<T>]) {
        let (n1, n2) = (self.n1, self.n2);
        debug_assert_eq!(data.len(), n1 * n2);
        // Step 1: the columns (length n1, n2 apart).
        lines::along(self.columns.as_ref(), None, data, &[n2, n1], 1);
        // Steps 2 and 3: twiddles and row FFTs, written transposed.
        let mut kept = self.scratch.try_lock().ok();
        let mut own = Vec::new();
        let out = match kept.as_deref_mut() {
            Some(v) => v,
            None => &mut own,
        };
        out.resize(data.len(), Complex::new(T::zero(), T::zero()));
        let target = Shared(out.as_mut_ptr());
        let scratch_len = self.rows.get_inplace_scratch_len();
        data.par_chunks_mut(ROWS_PER_TASK * n2).enumerate().for_each_init(
            || vec![Complex::new(T::zero(), T::zero()); scratch_len],
            |scratch, (task, block)| {
                #[allow(clippy::redundant_locals)]
                let target = target;
                let first = task * ROWS_PER_TASK;
                let count = block.len() / n2;
                for (r, row) in block.chunks_exact_mut(n2).enumerate() {
                    let k1 = first + r;
                    if k1 != 0 {
                        for (n, v) in row.iter_mut().enumerate().skip(1) {
                            *v = *v * self.twiddles.at(n * k1);
                        }
                    }
                    self.rows.process_with_scratch(row, scratch);
                }
                // SAFETY: this task writes out[k1 + n1·k2] for its own rows k1 only; the
                // indexes stay below n1·n2 = out.len().
                unsafe {
                    for k2 in 0..n2 {
                        let dst = target.0.add(first + n1 * k2);
                        for r in 0..count {
                            *dst.add(r) = *block.get_unchecked(r * n2 + k2);
                        }
                    }
                }
            },
        );
        // Step 4: back into place.
        let chunk = PARALLEL_MIN.max(data.len() / (4 * rayon::current_num_threads()));
        data.par_chunks_mut(chunk).zip(out.par_chunks(chunk)).for_each(|(d, s)| d.copy_from_slice(s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_step_matches_rustfft_on_one_thread() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        pool.install(|| {
            for (n, direction) in [(1 << 16, FftDirection::Forward), (2 * 3 * 5 * 7 * 11 * 13 * 3, FftDirection::Inverse), (1 << 17, FftDirection::Inverse)] {
                let mut planner = FftPlanner::<f64>::new();
                let fs = FourStep::split_plan(&mut planner, n, direction).expect("a four-step split");
                let input: Vec<Complex<f64>> = (0..n).map(|i| Complex::new((i as f64 * 0.37).sin(), (i as f64 * 0.011).cos())).collect();
                let mut expect = input.clone();
                planner.plan_fft(n, direction).process(&mut expect);
                let mut got = input.clone();
                fs.process(&mut got);
                let err: f64 = got.iter().zip(&expect).map(|(a, b)| (a - b).norm_sqr()).sum::<f64>().sqrt();
                let norm: f64 = expect.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
                assert!(err / norm < 1e-13, "n {n}: relative error {}", err / norm);
            }
        });
    }

    #[test]
    fn splits_are_balanced_divisors() {
        assert_eq!(split(1 << 20), (1024, 1024));
        assert_eq!(split(1 << 21), (1024, 2048));
        assert_eq!(split(30030), (165, 182));
        assert_eq!(split(65537), (1, 65537));
    }
}
