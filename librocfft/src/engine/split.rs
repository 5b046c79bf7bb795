//! One long real row over every thread: its half-length complex FFT (M = N/2 values
//! z[m] = x[2m] + i·x[2m+1], as realfft does) split by one radix-r step into r independent
//! FFTs of length L = M/r spread over the threads, r = 4 or 2.
//! Unlike the four-step (`fourstep.rs`), every pass streams through memory: the split reads
//! r contiguous runs and writes r contiguous arrays, each sub-FFT works on its own
//! contiguous array (rustfft, from cache), and the even/odd pairing that finishes a real
//! transform reads the sub-FFTs' outputs where they are instead of after a reordering pass.
//! r is 4 (or 2 where M is not a multiple of 4): more sub-FFTs than two threads, but each
//! about the size of a core's L2.
//!
//! Forward (decimation in frequency), n = m + q·L, W = exp(−2πi/·):
//!   y_j[m] = W_M^(j·m) · Σ_q z[m + q·L]·W_r^(q·j),  Z[r·k + j] = FFT_L(y_j)[k],
//! then the pairing of `real.rs` (X[k] and X[M−k] from Z[k] and Z[M−k]; its functions).
//! Inverse (decimation in time): the inverse pairing writes Z[r·k + j] to array j,
//! u_j = IFFT_L(array j), and z[m + q·L] = Σ_j W_r^(−j·q)·(W_M^(−j·m)·u_j[m]).
//!
//! Measured on the 2-core machine (2^20 reals, single precision): r = 2, 3.0 ms for the row
//! (split 0.6, sub-FFTs 1.5, pairing 1.0) against realfft's 5.7 on one thread; r = 4, 9%
//! less. Radices 2 and 4 have their own loops: general r-point sums were 3.5× slower for
//! the split pass.

use super::fourstep::Twiddles;
use super::lines::{PARALLEL_MIN, Shared, par_ranges};
use super::real::{end_inverse, ends_forward, pair_forward, pair_inverse};
use rayon::prelude::*;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftDirection, FftNum, FftPlanner};
use std::sync::{Arc, Mutex};

/// Shortest sub-FFT worth a split: below it one thread does the whole row about as fast.
const MIN_SUB_LENGTH: usize = 1 << 14;
/// The radices the split has loops for. 4 even on two threads: four sub-FFTs of 2^17 points
/// (about L2-sized) ran 9% faster than two of 2^18 for 2^20 reals on the 2-core machine.
const RADICES: [usize; 2] = [4, 2];

pub struct SplitReal<T: FftNum> {
    m: usize,
    r: usize,
    forward: bool,
    /// The length-L sub-FFT in the transform's direction.
    sub: Arc<dyn Fft<T>>,
    /// W_M^e in the transform's direction (the split's twiddles).
    tw_m: Twiddles<T>,
    /// W_N^k, forward sign (the pairing's).
    tw_n: Twiddles<T>,
    /// The r sub-arrays (M values), kept between executions, taken by one at a time.
    scratch: Mutex<Vec<Complex<T>>>,
}

fn zero<T: FftNum>() -> Complex<T> {
    Complex::new(T::zero(), T::zero())
}

/// The 4-point DFT of `a` (forward: W_4 = −i; inverse: +i), outputs in natural order.
#[inline(always)]
fn dft4<T: FftNum>(a: [Complex<T>; 4], forward: bool) -> [Complex<T>; 4] {
    let (t0, t1, t2) = (a[0] + a[2], a[0] - a[2], a[1] + a[3]);
    let d = a[1] - a[3];
    let t3 = if forward { Complex::new(d.im, -d.re) } else { Complex::new(-d.im, d.re) };
    [t0 + t2, t1 + t3, t0 - t2, t1 - t3]
}

impl<T: FftNum> SplitReal<T> {
    /// The split for real rows of length `n` on `threads` threads, where it pays: an even
    /// length whose half divides into at least two sub-FFTs of MIN_SUB_LENGTH or more.
    /// `OXROCM_ROCFFT_SPLIT=0` turns it off (realfft on one thread; for comparisons).
    pub fn new(planner: &mut FftPlanner<T>, n: usize, forward: bool, threads: usize) -> Option<SplitReal<T>> {
        if !n.is_multiple_of(2) || threads < 2 || std::env::var("OXROCM_ROCFFT_SPLIT").is_ok_and(|v| v == "0") {
            return None;
        }
        let m = n / 2;
        let r = RADICES.into_iter().find(|&r| m.is_multiple_of(r) && m / r >= MIN_SUB_LENGTH)?;
        Some(Self::with_radix(planner, n, forward, r))
    }

    pub(super) fn with_radix(planner: &mut FftPlanner<T>, n: usize, forward: bool, r: usize) -> SplitReal<T> {
        let m = n / 2;
        let (direction, sign) = if forward { (FftDirection::Forward, -1.0) } else { (FftDirection::Inverse, 1.0) };
        debug_assert!(RADICES.contains(&r));
        SplitReal {
            m,
            r,
            forward,
            sub: planner.plan_fft(m / r, direction),
            tw_m: Twiddles::new(m, sign),
            tw_n: Twiddles::new(n, -1.0),
            scratch: Mutex::new(Vec::new()),
        }
    }

    /// The sub-arrays: the kept scratch, or a fresh one while another execution holds it.
    fn with_scratch(&self, f: impl FnOnce(&mut [Complex<T>])) {
        let mut kept = self.scratch.try_lock().ok();
        let mut own = Vec::new();
        let y = match kept.as_deref_mut() {
            Some(v) => v,
            None => &mut own,
        };
        y.resize(self.m, zero());
        f(y);
    }

    /// Chunks of `count` indices for the streaming passes: a few per thread.
    fn chunk(&self, count: usize) -> usize {
        (PARALLEL_MIN / self.r).max(count.div_ceil(4 * rayon::current_num_threads())).max(1)
    }

    fn sub_ffts(&self, y: &mut [Complex<T>]) {
        let l = self.m / self.r;
        y.par_chunks_mut(l).for_each_init(|| vec![zero(); self.sub.get_inplace_scratch_len()], |scratch, c| self.sub.process_with_scratch(c, scratch));
    }

    /// One forward row: `input` N reals, `output` M+1 bins (the two may overlap).
    ///
    /// # Safety
    /// `input` is valid for N reads and `output` for M+1 writes for the call.
    pub unsafe fn forward(&self, input: *const T, output: *mut Complex<T>) {
        debug_assert!(self.forward);
        let (m, r) = (self.m, self.r);
        let l = m / r;
        let z = Shared(input as *mut Complex<T>);
        let out = Shared(output);
        self.with_scratch(|y| {
            let ys = Shared(y.as_mut_ptr());
            // The split: the whole input is read into the sub-arrays before any output is
            // written, so an in-place row is safe.
            par_ranges(0..l, self.chunk(l), |is| {
                #[allow(clippy::redundant_locals)]
                let (z, ys) = (z, ys);
                if r == 2 {
                    for i in is {
                        // SAFETY: i and i + L < M, the input's complex values; L + i < M.
                        unsafe {
                            let (a0, a1) = (z.0.add(i).read_unaligned(), z.0.add(i + l).read_unaligned());
                            *ys.0.add(i) = a0 + a1;
                            *ys.0.add(l + i) = (a0 - a1) * self.tw_m.at(i);
                        }
                    }
                    return;
                }
                // r == 4
                for i in is {
                    // SAFETY: i + q·L < M, the input's complex values; j·L + i < M.
                    unsafe {
                        let a = [0, 1, 2, 3].map(|q| z.0.add(i + q * l).read_unaligned());
                        let y = dft4(a, true);
                        *ys.0.add(i) = y[0];
                        for (j, v) in y.into_iter().enumerate().skip(1) {
                            *ys.0.add(j * l + i) = v * self.tw_m.at(j * i);
                        }
                    }
                }
            });
            self.sub_ffts(y);
            // Z[i] sits in sub-array i mod r at i / r (r a power of two: no division).
            let lg_r = r.trailing_zeros();
            let y: &[Complex<T>] = y;
            // SAFETY: (i mod r)·L + i/r < M for i < M.
            let zi = |i: usize| unsafe { *y.get_unchecked((i & (r - 1)) * l + (i >> lg_r)) };
            // SAFETY: bins 0 and M of the output.
            unsafe { (*out.0, *out.0.add(m)) = ends_forward(zi(0)) };
            let last = m / 2;
            par_ranges(1..last + 1, self.chunk(last), |ks| {
                #[allow(clippy::redundant_locals)]
                let out = out;
                for k in ks {
                    let (xk, xj) = pair_forward(zi(k), zi(m - k), self.tw_n.at(k));
                    // SAFETY: k ≤ M/2 ≤ M−k ≤ M; tasks own disjoint k (and so M−k).
                    unsafe {
                        *out.0.add(m - k) = xj;
                        *out.0.add(k) = xk;
                    }
                }
            });
        });
    }

    /// One inverse row: `input` M+1 bins, `output` N reals, unnormalised (N·x); the two may
    /// overlap. The imaginary parts of bins 0 and M are ignored.
    ///
    /// # Safety
    /// `input` is valid for M+1 reads and `output` for N writes for the call.
    pub unsafe fn inverse(&self, input: *const Complex<T>, output: *mut T) {
        debug_assert!(!self.forward);
        let (m, r) = (self.m, self.r);
        let l = m / r;
        let x = Shared(input as *mut Complex<T>);
        let z = Shared(output as *mut Complex<T>);
        self.with_scratch(|y| {
            let ys = Shared(y.as_mut_ptr());
            // The inverse pairing, into the sub-arrays (Z[i] to array i mod r at i / r).
            let lg_r = r.trailing_zeros();
            let put = |i: usize, v: Complex<T>| {
                #[allow(clippy::redundant_locals)]
                let ys = ys;
                // SAFETY: i < M; every i is written by one task.
                unsafe { *ys.0.add((i & (r - 1)) * l + (i >> lg_r)) = v }
            };
            // SAFETY: bins 0 and M of the input.
            put(0, unsafe { end_inverse(*x.0, *x.0.add(m)) });
            let last = m / 2;
            par_ranges(1..last + 1, self.chunk(last), |ks| {
                #[allow(clippy::redundant_locals)]
                let x = x;
                for k in ks {
                    // SAFETY: k and M−k ≤ M.
                    let (a, b) = unsafe { (*x.0.add(k), *x.0.add(m - k)) };
                    let (zk, zj) = pair_inverse(a, b, self.tw_n.at(k));
                    put(k, zk);
                    if k != m - k {
                        put(m - k, zj);
                    }
                }
            });
            self.sub_ffts(y);
            // The combination, into the output (read only from the sub-arrays).
            par_ranges(0..l, self.chunk(l), |is| {
                #[allow(clippy::redundant_locals)]
                let (z, ys) = (z, ys);
                if r == 2 {
                    for i in is {
                        // SAFETY: i and L + i < M; i + L < M, the output's complex values.
                        unsafe {
                            let (u0, u1) = (*ys.0.add(i), *ys.0.add(l + i) * self.tw_m.at(i));
                            z.0.add(i).write_unaligned(u0 + u1);
                            z.0.add(i + l).write_unaligned(u0 - u1);
                        }
                    }
                    return;
                }
                // r == 4
                for i in is {
                    // SAFETY: j·L + i < M and i + q·L < M, the output's complex values.
                    unsafe {
                        let b = [0, 1, 2, 3].map(|j| if j == 0 { *ys.0.add(i) } else { *ys.0.add(j * l + i) * self.tw_m.at(j * i) });
                        for (q, v) in dft4(b, false).into_iter().enumerate() {
                            z.0.add(i + q * l).write_unaligned(v);
                        }
                    }
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use realfft::RealFftPlanner;

    #[test]
    fn split_real_transforms_match_realfft() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        pool.install(|| {
            for (n, r) in [(1usize << 17, 2), (1 << 17, 4), (3 * 5 * 7 * 16 * 64, 4), (3 * 5 * 7 * 2 * 64, 2)] {
                let m = n / 2;
                let x: Vec<f64> = (0..n).map(|i| (i as f64 * 0.173).sin() + (i % 7) as f64 * 0.1).collect();
                let mut real_planner = RealFftPlanner::<f64>::new();
                let mut expect = vec![Complex::new(0.0, 0.0); m + 1];
                real_planner.plan_fft_forward(n).process(&mut x.clone(), &mut expect).unwrap();

                let mut planner = FftPlanner::<f64>::new();
                let fwd = SplitReal::with_radix(&mut planner, n, true, r);
                let mut got = vec![Complex::new(0.0, 0.0); m + 1];
                unsafe { fwd.forward(x.as_ptr(), got.as_mut_ptr()) };
                let norm: f64 = expect.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
                let err: f64 = got.iter().zip(&expect).map(|(a, b)| (a - b).norm_sqr()).sum::<f64>().sqrt();
                assert!(err / norm < 1e-13, "forward {n} radix {r}: {}", err / norm);

                // In place, as rocFFT lays out in-place real rows: the reals inside the bins.
                let mut row = vec![Complex::new(0.0, 0.0); m + 1];
                unsafe { std::ptr::copy_nonoverlapping(x.as_ptr(), row.as_mut_ptr() as *mut f64, n) };
                unsafe { fwd.forward(row.as_ptr() as *const f64, row.as_mut_ptr()) };
                assert_eq!(row, got, "in place {n}");

                let inv = SplitReal::with_radix(&mut planner, n, false, r);
                let mut back = vec![0.0f64; n];
                unsafe { inv.inverse(got.as_ptr(), back.as_mut_ptr()) };
                let err: f64 = back.iter().zip(&x).map(|(a, b)| (a / n as f64 - b).powi(2)).sum::<f64>().sqrt();
                let norm: f64 = x.iter().map(|a| a * a).sum::<f64>().sqrt();
                assert!(err / norm < 1e-13, "inverse {n} radix {r}: {}", err / norm);
                unsafe { inv.inverse(row.as_ptr(), row.as_mut_ptr() as *mut f64) };
                let in_place = unsafe { std::slice::from_raw_parts(row.as_ptr() as *const f64, n) };
                assert_eq!(in_place, &back[..], "inverse in place {n}");
            }
        });
    }
}


