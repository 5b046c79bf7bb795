//! One long real row over every thread: its half-length complex FFT (M = N/2 values
//! z[m] = x[2m] + i·x[2m+1], as realfft does) split by one radix-R step into R independent
//! FFTs of length L = M/R spread over the threads, R = 4 or 2.
//!
//! Three passes over memory, each streaming:
//! 1. forward: the deinterleave u_j[m] = z[R·m + j] into R contiguous sub-arrays;
//! 2. the R sub-FFTs, each on its own contiguous array (rustfft, from cache);
//! 3. the radix-R combination and the even/odd pairing that finishes a real transform, in
//!    one visit: bins k and L−k of every sub-array give Z[k + p·L] and Z[(L−k) + p·L] for
//!    every p, and those are exactly the partners the pairing needs (M − (k + p·L) =
//!    (L−k) + (R−1−p)·L), so the output is written once, in runs forward and backward.
//!
//! The inverse runs the same passes backwards: the inverse pairing and the radix-R split
//! (decimation in frequency) in one visit, the sub-FFTs, the interleave.
//!
//! Forward, W_X = exp(−2πi/X), t_j(k) = W_M^(j·k), 1 ≤ k ≤ L/2:
//!   Z[k + p·L]     = Σ_j t_j(k)·U_j[k]·W_R^(j·p)
//!   Z[L−k + p·L]   = Σ_j W_R^j·t_j(k)*·U_j[L−k]·W_R^(j·p)     (W_M^(j·L) = W_R^j)
//!   X[k'], X[M−k'] = pair_forward(Z[k'], Z[M−k'], W_N^k'),  W_N^(k+p·L) = W_N^k·W_(2R)^p.
//! Inverse: the pairs by pair_inverse, then y_j[k] = t_j(k)*·Σ_p Z[k+p·L]·W_R^(−j·p),
//! y_j[L−k] = (W_R^j)*·t_j(k)·Σ_p Z[L−k+p·L]·W_R^(−j·p), u_j = IFFT_L(y_j), z[R·m+j] = u_j[m].
//!
//! Single precision on x86-64 with AVX2 and FMA runs passes 1 and 3 four values at a time
//! (`split_avx.rs`): the scalar loops spent 60% of a 2^20-point row's time in them.

use super::lines::{PARALLEL_MIN, Shared, par_ranges};
use super::real::{end_inverse, ends_forward, pair_forward, pair_inverse};
use super::split_avx;
use rayon::prelude::*;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftDirection, FftNum, FftPlanner};
use std::sync::{Arc, Mutex};

/// Shortest sub-FFT worth a split: below it one thread does the whole row about as fast.
const MIN_SUB_LENGTH: usize = 1 << 14;
/// The radices the split has loops for. 4 even on two threads: four sub-FFTs of 2^17 points
/// (about L2-sized) ran 9% faster than two of 2^18 for 2^20 reals on the 2-core machine.
const RADICES: [usize; 2] = [4, 2];

/// The combination's twiddles for 0 ≤ k ≤ L/2 (forward sign, computed in f64): W_N^k and
/// t_j(k) = W_M^(j·k) for j = 1..R−1, one table each so that consecutive k are contiguous.
pub(super) struct SplitTwiddles<T> {
    pub n_k: Vec<Complex<T>>,
    pub m_jk: [Vec<Complex<T>>; 3],
}

impl<T: FftNum> SplitTwiddles<T> {
    fn new(n: usize, r: usize) -> SplitTwiddles<T> {
        let l = n / 2 / r;
        let table = |mult: usize| -> Vec<Complex<T>> {
            (0..=l / 2)
                .map(|k| {
                    let a = -2.0 * std::f64::consts::PI * ((mult * k) % n) as f64 / n as f64;
                    Complex::new(T::from_f64(a.cos()).unwrap(), T::from_f64(a.sin()).unwrap())
                })
                .collect()
        };
        // W_M^(j·k) = W_N^(2·j·k); tables past R−1 stay empty.
        SplitTwiddles { n_k: table(1), m_jk: [1, 2, 3].map(|j| if j < r { table(2 * j) } else { Vec::new() }) }
    }
}

pub struct SplitReal<T: FftNum> {
    m: usize,
    r: usize,
    forward: bool,
    /// The length-L sub-FFT in the transform's direction.
    sub: Arc<dyn Fft<T>>,
    tw: SplitTwiddles<T>,
    /// W_(2R)^p for p < R, forward sign.
    w2r: [Complex<T>; 4],
    /// The R sub-arrays (M values) and each sub-FFT's scratch, kept between executions,
    /// taken by one execution at a time.
    scratch: Mutex<Vec<Complex<T>>>,
}

fn zero<T: FftNum>() -> Complex<T> {
    Complex::new(T::zero(), T::zero())
}

fn constant<T: FftNum>(re: f64, im: f64) -> Complex<T> {
    Complex::new(T::from_f64(re).unwrap(), T::from_f64(im).unwrap())
}

/// −i·c
#[inline(always)]
fn neg_i<T: FftNum>(c: Complex<T>) -> Complex<T> {
    Complex::new(c.im, -c.re)
}

/// i·c
#[inline(always)]
fn pos_i<T: FftNum>(c: Complex<T>) -> Complex<T> {
    Complex::new(-c.im, c.re)
}

/// W_R^j·c for R = 4 or 2 (W_4 = −i, W_2 = −1); `conj` takes (W_R^j)* instead.
#[inline(always)]
fn rotate<T: FftNum>(r: usize, j: usize, c: Complex<T>, conj: bool) -> Complex<T> {
    // Quarter turns: W_4^j = (−i)^j, W_2^j = (−i)^(2·j).
    match (j * 4 / r % 4, conj) {
        (0, _) => c,
        (2, _) => -c,
        (1, false) | (3, true) => neg_i(c),
        _ => pos_i(c),
    }
}

/// The R-point DFT of the first R values of `a` (forward: W_R^(j·p); inverse: W_R^(−j·p)).
#[inline(always)]
fn dft<T: FftNum>(r: usize, a: [Complex<T>; 4], forward: bool) -> [Complex<T>; 4] {
    if r == 2 {
        return [a[0] + a[1], a[0] - a[1], zero(), zero()];
    }
    let (t0, t1, t2) = (a[0] + a[2], a[0] - a[2], a[1] + a[3]);
    let d = a[1] - a[3];
    let t3 = if forward { neg_i(d) } else { pos_i(d) };
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
        let direction = if forward { FftDirection::Forward } else { FftDirection::Inverse };
        debug_assert!(RADICES.contains(&r) && m.is_multiple_of(r));
        let w2r = [0, 1, 2, 3].map(|p| {
            let a = -std::f64::consts::PI * p as f64 / r as f64;
            constant(a.cos(), a.sin())
        });
        SplitReal { m, r, forward, sub: planner.plan_fft(m / r, direction), tw: SplitTwiddles::new(n, r), w2r, scratch: Mutex::new(Vec::new()) }
    }

    /// The sub-arrays (M values) and the sub-FFTs' scratch: the kept buffer, or a fresh one
    /// while another execution holds it.
    fn with_scratch(&self, f: impl FnOnce(&mut [Complex<T>], &mut [Complex<T>])) {
        let mut kept = self.scratch.try_lock().ok();
        let mut own = Vec::new();
        let v = match kept.as_deref_mut() {
            Some(v) => v,
            None => &mut own,
        };
        let per_sub = self.sub.get_inplace_scratch_len();
        v.resize(self.m + self.r * per_sub, zero());
        let (y, scratch) = v.split_at_mut(self.m);
        f(y, scratch);
    }

    /// Chunks of `count` indices for the streaming passes: a few per thread.
    fn chunk(&self, count: usize) -> usize {
        (PARALLEL_MIN / self.r).max(count.div_ceil(4 * rayon::current_num_threads())).max(1)
    }

    fn sub_ffts(&self, y: &mut [Complex<T>], scratch: &mut [Complex<T>]) {
        let l = self.m / self.r;
        let per_sub = scratch.len() / self.r;
        if per_sub == 0 {
            y.par_chunks_mut(l).for_each(|c| self.sub.process_with_scratch(c, &mut []));
            return;
        }
        y.par_chunks_mut(l).zip(scratch.par_chunks_mut(per_sub)).for_each(|(c, s)| self.sub.process_with_scratch(c, s));
    }

    /// The four-wide single-precision passes, where this T is f32 and the CPU has them.
    fn avx(&self) -> Option<split_avx::Passes<'_>> {
        if self.r != 4 || std::any::TypeId::of::<T>() != std::any::TypeId::of::<f32>() {
            return None;
        }
        // SAFETY: T is f32, so the tables are Complex<f32>.
        let tw = unsafe { &*(&self.tw as *const SplitTwiddles<T> as *const SplitTwiddles<f32>) };
        split_avx::Passes::new(self.m, tw)
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
        let avx = self.avx();
        self.with_scratch(|y, scratch| {
            let ys = Shared(y.as_mut_ptr());
            // The deinterleave reads the whole input before any output is written, so an
            // in-place row is safe.
            par_ranges(0..l, self.chunk(l), |ms| {
                #[allow(clippy::redundant_locals)]
                let (z, ys) = (z, ys);
                let mut from = ms.start;
                if let Some(p) = &avx {
                    // SAFETY: T is f32; R·m + j < M for m < L.
                    from = unsafe { p.deinterleave(z.0 as *const f32, ys.0 as *mut f32, ms.clone()) };
                }
                for i in from..ms.end {
                    for j in 0..r {
                        // SAFETY: R·i + j < M, the input's complex values; j·L + i < M.
                        unsafe { *ys.0.add(j * l + i) = z.0.add(r * i + j).read_unaligned() };
                    }
                }
            });
            self.sub_ffts(y, scratch);
            let y: &[Complex<T>] = y;
            self.combine_forward_ends(y, out);
            let half = l / 2;
            par_ranges(1..half + 1, self.chunk(half), |ks| {
                let mut from = ks.start;
                if let Some(p) = &avx {
                    // SAFETY: T is f32; the pass writes the bins of its own k (and L−k).
                    from = unsafe { p.combine_forward(y.as_ptr() as *const f32, out.0 as *mut f32, ks.clone()) };
                }
                for k in from..ks.end {
                    // SAFETY: as above, one k at a time.
                    unsafe { self.combine_forward_at(y, out, k) };
                }
            });
        });
    }

    /// Bins p·L (k = 0): their partners are among themselves, and bin 0 gives bins 0 and M.
    fn combine_forward_ends(&self, y: &[Complex<T>], out: Shared<Complex<T>>) {
        let (m, r) = (self.m, self.r);
        let l = m / r;
        let mut u = [zero(); 4];
        for (j, v) in u.iter_mut().enumerate().take(r) {
            *v = y[j * l];
        }
        let z0 = dft(r, u, true);
        // SAFETY: bins 0, M, p·L and M − p·L of the output.
        unsafe {
            (*out.0, *out.0.add(m)) = ends_forward(z0[0]);
            for p in 1..=r / 2 {
                let (xa, xb) = pair_forward(z0[p], z0[r - p], self.w2r[p]);
                *out.0.add(m - p * l) = xb;
                *out.0.add(p * l) = xa;
            }
        }
    }


    /// Bins k + p·L and M − k − p·L for every p, from bins k and L−k of the sub-FFTs.
    ///
    /// # Safety
    /// 1 ≤ k ≤ L/2; `out` is valid for M+1 values and no other thread writes these bins.
    #[inline(always)]
    unsafe fn combine_forward_at(&self, y: &[Complex<T>], out: Shared<Complex<T>>, k: usize) {
        let (m, r) = (self.m, self.r);
        let l = m / r;
        let kb = l - k;
        let (mut vf, mut vb) = ([zero(); 4], [zero(); 4]);
        vf[0] = y[k];
        vb[0] = y[kb];
        for j in 1..r {
            let t = self.tw.m_jk[j - 1][k];
            vf[j] = y[j * l + k] * t;
            vb[j] = rotate(r, j, y[j * l + kb] * t.conj(), false);
        }
        let (zf, zb) = (dft(r, vf, true), dft(r, vb, true));
        let wn = self.tw.n_k[k];
        for p in 0..r {
            let (xa, xb) = pair_forward(zf[p], zb[r - 1 - p], wn * self.w2r[p]);
            // SAFETY: k + p·L and M − k − p·L < M.
            unsafe {
                *out.0.add(m - k - p * l) = xb;
                *out.0.add(k + p * l) = xa;
            }
        }
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
        let avx = self.avx();
        self.with_scratch(|y, scratch| {
            let ys = Shared(y.as_mut_ptr());
            // The inverse pairing and split, into the sub-arrays (the input whole is read
            // before the interleave writes the output).
            // SAFETY: bins 0, M, p·L and M − p·L of the input; y holds M values.
            unsafe { self.split_inverse_ends(x, y) };
            let half = l / 2;
            par_ranges(1..half + 1, self.chunk(half), |ks| {
                #[allow(clippy::redundant_locals)]
                let (x, ys) = (x, ys);
                let mut from = ks.start;
                if let Some(p) = &avx {
                    // SAFETY: T is f32; the pass writes the sub-arrays' k and L−k.
                    from = unsafe { p.split_inverse(x.0 as *const f32, ys.0 as *mut f32, ks.clone()) };
                }
                for k in from..ks.end {
                    // SAFETY: as above, one k at a time.
                    unsafe { self.split_inverse_at(x, ys, k) };
                }
            });
            self.sub_ffts(y, scratch);
            let ys = Shared(y.as_mut_ptr());
            par_ranges(0..l, self.chunk(l), |ms| {
                #[allow(clippy::redundant_locals)]
                let (z, ys) = (z, ys);
                let mut from = ms.start;
                if let Some(p) = &avx {
                    // SAFETY: T is f32; R·m + j < M for m < L.
                    from = unsafe { p.interleave(ys.0 as *const f32, z.0 as *mut f32, ms.clone()) };
                }
                for i in from..ms.end {
                    for j in 0..r {
                        // SAFETY: j·L + i < M; R·i + j < M, the output's complex values.
                        unsafe { z.0.add(r * i + j).write_unaligned(*ys.0.add(j * l + i)) };
                    }
                }
            });
        });
    }

    /// Bins p·L of the sub-arrays (k = 0) from bins 0, M, p·L and M − p·L.
    ///
    /// # Safety
    /// `x` is valid for M+1 reads.
    unsafe fn split_inverse_ends(&self, x: Shared<Complex<T>>, y: &mut [Complex<T>]) {
        let (m, r) = (self.m, self.r);
        let l = m / r;
        let mut z0 = [zero(); 4];
        // SAFETY: p·L ≤ M and M − p·L ≤ M.
        unsafe {
            z0[0] = end_inverse(*x.0, *x.0.add(m));
            for (p, v) in z0.iter_mut().enumerate().take(r).skip(1) {
                *v = pair_inverse(*x.0.add(p * l), *x.0.add(m - p * l), self.w2r[p]).0;
            }
        }
        for (j, v) in dft(r, z0, false).into_iter().take(r).enumerate() {
            y[j * l] = v;
        }
    }

    /// Bins k and L−k of every sub-array from bins k + p·L and M − k − p·L.
    ///
    /// # Safety
    /// 1 ≤ k ≤ L/2; `x` is valid for M+1 reads, `y` for M values of which no other thread
    /// writes these.
    #[inline(always)]
    unsafe fn split_inverse_at(&self, x: Shared<Complex<T>>, y: Shared<Complex<T>>, k: usize) {
        let (m, r) = (self.m, self.r);
        let l = m / r;
        let kb = l - k;
        let (mut zf, mut zb) = ([zero(); 4], [zero(); 4]);
        let wn = self.tw.n_k[k];
        for p in 0..r {
            // SAFETY: k + p·L and M − k − p·L < M.
            let (a, b) = unsafe { (*x.0.add(k + p * l), *x.0.add(m - k - p * l)) };
            (zf[p], zb[r - 1 - p]) = pair_inverse(a, b, wn * self.w2r[p]);
        }
        let (gf, gb) = (dft(r, zf, false), dft(r, zb, false));
        // SAFETY: j·L + k and j·L + L−k < M.
        unsafe {
            *y.0.add(kb) = gb[0];
            *y.0.add(k) = gf[0];
            for j in 1..r {
                let t = self.tw.m_jk[j - 1][k];
                *y.0.add(j * l + kb) = rotate(r, j, gb[j] * t, true);
                *y.0.add(j * l + k) = gf[j] * t.conj();
            }
        }
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
            // Odd L (16385, 4097): no bin pairs with itself at L/2.
            for (n, r) in [(1usize << 17, 2), (1 << 17, 4), (3 * 5 * 7 * 16 * 64, 4), (3 * 5 * 7 * 2 * 64, 2), (4 * 16385, 2), (8 * 4097, 4)] {
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



#[cfg(test)]
mod single_tests {
    use super::*;
    use realfft::RealFftPlanner;

    /// Single precision (the four-wide passes where the CPU has them, and the scalar loops'
    /// tails) against realfft in f64, forward and inverse, in place and not.
    #[test]
    fn split_real_single_precision_matches_f64_reference() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        pool.install(|| {
            for n in [1usize << 20, 8 * 4097, 8 * (1 << 14) + 8 * 12 * 3] {
                let m = n / 2;
                let x: Vec<f64> = (0..n).map(|i| (i as f64 * 0.0173).sin() + ((i * 7919) % 13) as f64 * 0.05).collect();
                let mut expect = vec![Complex::new(0.0, 0.0); m + 1];
                RealFftPlanner::<f64>::new().plan_fft_forward(n).process(&mut x.clone(), &mut expect).unwrap();
                let xs: Vec<f32> = x.iter().map(|&v| v as f32).collect();

                let mut planner = FftPlanner::<f32>::new();
                let fwd = SplitReal::with_radix(&mut planner, n, true, 4);
                let mut got = vec![Complex::new(0.0f32, 0.0); m + 1];
                unsafe { fwd.forward(xs.as_ptr(), got.as_mut_ptr()) };
                let norm: f64 = expect.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
                let err: f64 = got.iter().zip(&expect).map(|(a, b)| (Complex::new(a.re as f64, a.im as f64) - b).norm_sqr()).sum::<f64>().sqrt();
                assert!(err / norm < 1e-6, "forward {n}: {}", err / norm);

                let mut row = vec![Complex::new(0.0f32, 0.0); m + 1];
                unsafe { std::ptr::copy_nonoverlapping(xs.as_ptr(), row.as_mut_ptr() as *mut f32, n) };
                unsafe { fwd.forward(row.as_ptr() as *const f32, row.as_mut_ptr()) };
                assert_eq!(row, got, "in place {n}");

                let inv = SplitReal::with_radix(&mut planner, n, false, 4);
                let mut back = vec![0.0f32; n];
                unsafe { inv.inverse(got.as_ptr(), back.as_mut_ptr()) };
                let err: f64 = back.iter().zip(&x).map(|(a, b)| (*a as f64 / n as f64 - b).powi(2)).sum::<f64>().sqrt();
                let norm: f64 = x.iter().map(|a| a * a).sum::<f64>().sqrt();
                assert!(err / norm < 1e-6, "inverse {n}: {}", err / norm);
                unsafe { inv.inverse(row.as_ptr(), row.as_mut_ptr() as *mut f32) };
                let in_place = unsafe { std::slice::from_raw_parts(row.as_ptr() as *const f32, n) };
                assert_eq!(in_place, &back[..], "inverse in place {n}");
            }
        });
    }
}
