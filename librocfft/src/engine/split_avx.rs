//! The streaming passes of `split.rs` for single precision and R = 4, four complex values per
//! 256-bit register (x86-64 with AVX2 and FMA, checked at run time). Each pass takes the
//! range its caller was given, does whole blocks of four and returns where the caller's
//! scalar loop goes on (the range's tail, and the bins next to L/2 where the forward and
//! backward runs meet).
//!
//! Registers hold [re0, im0, re1, im1, re2, im2, re3, im3]. A run read backwards (bins L−k
//! for k, k+1, k+2, k+3) is loaded forwards and its four values reversed, so that every lane
//! works on one k.

use super::split::SplitTwiddles;
use rustfft::num_complex::Complex;

pub struct Passes<'a> {
    m: usize,
    n_k: &'a [Complex<f32>],
    m_jk: [&'a [Complex<f32>]; 3],
}

impl<'a> Passes<'a> {
    /// The passes for a split of M = `m` complex values, where the CPU has them.
    pub fn new(m: usize, tw: &'a SplitTwiddles<f32>) -> Option<Passes<'a>> {
        if !x86::available() {
            return None;
        }
        Some(Passes { m, n_k: &tw.n_k, m_jk: [&tw.m_jk[0], &tw.m_jk[1], &tw.m_jk[2]] })
    }

    fn l(&self) -> usize {
        self.m / 4
    }

    /// u_j[i] = z[4·i + j] for i in `is`; returns the first i left to the caller.
    ///
    /// # Safety
    /// `z` holds M complex values, `y` M; is ⊂ 0..L.
    pub unsafe fn deinterleave(&self, z: *const f32, y: *mut f32, is: std::ops::Range<usize>) -> usize {
        // SAFETY: available() held when self was made; the caller's bounds.
        unsafe { x86::deinterleave(z, y, self.l(), is) }
    }

    /// z[4·i + j] = u_j[i] for i in `is`; returns the first i left to the caller.
    ///
    /// # Safety
    /// As for `deinterleave`, the other way.
    pub unsafe fn interleave(&self, y: *const f32, z: *mut f32, is: std::ops::Range<usize>) -> usize {
        // SAFETY: as above.
        unsafe { x86::interleave(y, z, self.l(), is) }
    }

    /// The forward combination and pairing of `split.rs` for k in `ks` (⊂ 1..=L/2), while
    /// k + 3 < L/2; returns the first k left to the caller.
    ///
    /// # Safety
    /// `y` holds the M sub-FFT outputs, `out` M+1 bins of which no other thread writes these.
    pub unsafe fn combine_forward(&self, y: *const f32, out: *mut f32, ks: std::ops::Range<usize>) -> usize {
        // SAFETY: as above.
        unsafe { x86::combine_forward(self, y, out, ks) }
    }

    /// The inverse pairing and split for k in `ks` (⊂ 1..=L/2), while k + 3 < L/2; returns
    /// the first k left to the caller.
    ///
    /// # Safety
    /// `x` holds M+1 bins, `y` M values of which no other thread writes these.
    pub unsafe fn split_inverse(&self, x: *const f32, y: *mut f32, ks: std::ops::Range<usize>) -> usize {
        // SAFETY: as above.
        unsafe { x86::split_inverse(self, x, y, ks) }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod x86 {
    //! No vector passes on other architectures: the scalar loops do everything.
    use super::Passes;
    pub fn available() -> bool {
        false
    }
    pub unsafe fn deinterleave(_: *const f32, _: *mut f32, _: usize, is: std::ops::Range<usize>) -> usize {
        is.start
    }
    pub unsafe fn interleave(_: *const f32, _: *mut f32, _: usize, is: std::ops::Range<usize>) -> usize {
        is.start
    }
    pub unsafe fn combine_forward(_: &Passes, _: *const f32, _: *mut f32, ks: std::ops::Range<usize>) -> usize {
        ks.start
    }
    pub unsafe fn split_inverse(_: &Passes, _: *const f32, _: *mut f32, ks: std::ops::Range<usize>) -> usize {
        ks.start
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::transpose::x86::transpose4;
    use super::Passes;
    use std::arch::x86_64::*;

    /// The transposes' AVX2 (and their `OXROCM_ROCFFT_SIMD` switch) and FMA.
    pub fn available() -> bool {
        super::super::transpose::x86::available() && std::is_x86_feature_detected!("fma")
    }

    /// a·b
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn mul(a: __m256, b: __m256) -> __m256 {
        let swapped = _mm256_permute_ps(a, 0xB1);
        _mm256_fmaddsub_ps(a, _mm256_moveldup_ps(b), _mm256_mul_ps(swapped, _mm256_movehdup_ps(b)))
    }

    /// a·b*
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn mul_conj(a: __m256, b: __m256) -> __m256 {
        let swapped = _mm256_permute_ps(a, 0xB1);
        _mm256_fmsubadd_ps(a, _mm256_moveldup_ps(b), _mm256_mul_ps(swapped, _mm256_movehdup_ps(b)))
    }

    /// Sign bits of the imaginary (`odd`) or real lanes.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn signs(odd: bool) -> __m256 {
        if odd { _mm256_setr_ps(0.0, -0.0, 0.0, -0.0, 0.0, -0.0, 0.0, -0.0) } else { _mm256_setr_ps(-0.0, 0.0, -0.0, 0.0, -0.0, 0.0, -0.0, 0.0) }
    }

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn conj(a: __m256) -> __m256 {
        _mm256_xor_ps(a, signs(true))
    }

    /// −i·a = (im, −re)
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn neg_i(a: __m256) -> __m256 {
        _mm256_xor_ps(_mm256_permute_ps(a, 0xB1), signs(true))
    }

    /// i·a = (−im, re)
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn pos_i(a: __m256) -> __m256 {
        _mm256_xor_ps(_mm256_permute_ps(a, 0xB1), signs(false))
    }

    /// i·a* = (im, re)
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn swap(a: __m256) -> __m256 {
        _mm256_permute_ps(a, 0xB1)
    }

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn neg(a: __m256) -> __m256 {
        _mm256_xor_ps(a, _mm256_set1_ps(-0.0))
    }

    /// The four complex values in reverse order.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn reverse(a: __m256) -> __m256 {
        _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(a), 0x1B))
    }

    /// Four values from complex index `at`.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn load(p: *const f32, at: usize) -> __m256 {
        // SAFETY: the caller's bounds.
        unsafe { _mm256_loadu_ps(p.add(2 * at)) }
    }

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn store(p: *mut f32, at: usize, v: __m256) {
        // SAFETY: the caller's bounds.
        unsafe { _mm256_storeu_ps(p.add(2 * at), v) }
    }

    /// The 4×4 transpose of complex values (64 bits each): row r's value c goes to row c's
    /// value r.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn transpose(rows: [__m256; 4]) -> [__m256; 4] {
        let [a, b, c, d] = rows;
        let t = transpose4([_mm256_castps_pd(a), _mm256_castps_pd(b), _mm256_castps_pd(c), _mm256_castps_pd(d)]);
        [_mm256_castpd_ps(t[0]), _mm256_castpd_ps(t[1]), _mm256_castpd_ps(t[2]), _mm256_castpd_ps(t[3])]
    }

    /// The 4-point DFT across four registers (forward: W_4 = −i).
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn dft4(a: [__m256; 4], forward: bool) -> [__m256; 4] {
        let (t0, t1, t2) = (_mm256_add_ps(a[0], a[2]), _mm256_sub_ps(a[0], a[2]), _mm256_add_ps(a[1], a[3]));
        let d = _mm256_sub_ps(a[1], a[3]);
        let t3 = if forward { neg_i(d) } else { pos_i(d) };
        [_mm256_add_ps(t0, t2), _mm256_add_ps(t1, t3), _mm256_sub_ps(t0, t2), _mm256_sub_ps(t1, t3)]
    }

    /// w·W_8^p (forward sign) for p = 0..3.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn times_w8(w: __m256, p: usize) -> __m256 {
        let s = std::f32::consts::FRAC_1_SQRT_2;
        match p {
            0 => w,
            1 => mul(w, _mm256_setr_ps(s, -s, s, -s, s, -s, s, -s)),
            2 => neg_i(w),
            _ => mul(w, _mm256_setr_ps(-s, -s, -s, -s, -s, -s, -s, -s)),
        }
    }

    /// # Safety
    /// AVX2 and FMA are available; `Passes::deinterleave`'s bounds.
    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn deinterleave(z: *const f32, y: *mut f32, l: usize, is: std::ops::Range<usize>) -> usize {
        let mut i = is.start;
        while i + 4 <= is.end {
            // SAFETY: 4·(i+3) + 3 < M and j·L + i + 3 < M.
            unsafe {
                let rows = [load(z, 4 * i), load(z, 4 * i + 4), load(z, 4 * i + 8), load(z, 4 * i + 12)];
                for (j, v) in transpose(rows).into_iter().enumerate() {
                    store(y, j * l + i, v);
                }
            }
            i += 4;
        }
        i
    }

    /// # Safety
    /// AVX2 and FMA are available; `Passes::interleave`'s bounds.
    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn interleave(y: *const f32, z: *mut f32, l: usize, is: std::ops::Range<usize>) -> usize {
        let mut i = is.start;
        while i + 4 <= is.end {
            // SAFETY: as in deinterleave.
            unsafe {
                let rows = [load(y, i), load(y, l + i), load(y, 2 * l + i), load(y, 3 * l + i)];
                for (t, v) in transpose(rows).into_iter().enumerate() {
                    store(z, 4 * (i + t), v);
                }
            }
            i += 4;
        }
        i
    }

    /// # Safety
    /// AVX2 and FMA are available; `Passes::combine_forward`'s bounds.
    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn combine_forward(p: &Passes, y: *const f32, out: *mut f32, ks: std::ops::Range<usize>) -> usize {
        let (m, l) = (p.m, p.l());
        let limit = ks.end.min(l / 2);
        let half = _mm256_set1_ps(0.5);
        let mut k = ks.start;
        while k + 4 <= limit {
            // SAFETY: k..k+4 and L−k−3..=L−k lie in 1..L, j·L plus those in 0..M; the
            // tables hold L/2 + 1 values; the bins written are < M.
            unsafe {
                let table = |j: usize| p.m_jk[j].as_ptr() as *const f32;
                let tw = [load(table(0), k), load(table(1), k), load(table(2), k)];
                let mut vf = [load(y, k), load(y, l + k), load(y, 2 * l + k), load(y, 3 * l + k)];
                let back = l - k - 3;
                let mut vb = [reverse(load(y, back)), reverse(load(y, l + back)), reverse(load(y, 2 * l + back)), reverse(load(y, 3 * l + back))];
                for j in 1..4 {
                    vf[j] = mul(vf[j], tw[j - 1]);
                    let b = mul_conj(vb[j], tw[j - 1]);
                    vb[j] = match j {
                        1 => neg_i(b),
                        2 => neg(b),
                        _ => pos_i(b),
                    };
                }
                let (zf, zb) = (dft4(vf, true), dft4(vb, true));
                let wn = load(p.n_k.as_ptr() as *const f32, k);
                for q in 0..4 {
                    let (a, b) = (zf[q], conj(zb[3 - q]));
                    let fe = _mm256_mul_ps(_mm256_add_ps(a, b), half);
                    let fo = _mm256_mul_ps(neg_i(_mm256_sub_ps(a, b)), half);
                    let t = mul(times_w8(wn, q), fo);
                    store(out, k + q * l, _mm256_add_ps(fe, t));
                    store(out, m - k - q * l - 3, reverse(conj(_mm256_sub_ps(fe, t))));
                }
            }
            k += 4;
        }
        k
    }

    /// # Safety
    /// AVX2 and FMA are available; `Passes::split_inverse`'s bounds.
    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn split_inverse(p: &Passes, x: *const f32, y: *mut f32, ks: std::ops::Range<usize>) -> usize {
        let (m, l) = (p.m, p.l());
        let limit = ks.end.min(l / 2);
        let mut k = ks.start;
        while k + 4 <= limit {
            // SAFETY: as in combine_forward, the other way.
            unsafe {
                let wn = load(p.n_k.as_ptr() as *const f32, k);
                let (mut zf, mut zb) = ([_mm256_setzero_ps(); 4], [_mm256_setzero_ps(); 4]);
                for q in 0..4 {
                    let a = load(x, k + q * l);
                    let b = conj(reverse(load(x, m - k - q * l - 3)));
                    let fe = _mm256_add_ps(a, b);
                    let fo = mul_conj(_mm256_sub_ps(a, b), times_w8(wn, q));
                    zf[q] = _mm256_add_ps(fe, pos_i(fo));
                    zb[3 - q] = _mm256_add_ps(conj(fe), swap(fo));
                }
                let (gf, gb) = (dft4(zf, false), dft4(zb, false));
                store(y, k, gf[0]);
                store(y, l - k - 3, reverse(gb[0]));
                for j in 1..4 {
                    let t = load(p.m_jk[j - 1].as_ptr() as *const f32, k);
                    store(y, j * l + k, mul_conj(gf[j], t));
                    let b = mul(gb[j], t);
                    let b = match j {
                        1 => pos_i(b),
                        2 => neg(b),
                        _ => neg_i(b),
                    };
                    store(y, j * l + l - k - 3, reverse(b));
                }
            }
            k += 4;
        }
        k
    }
}
