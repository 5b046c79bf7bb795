//! The copy under the engine's column gathers and scatters: a transposed copy of a
//! rows × cols block, dst[j·d_stride + i] = src[i·s_stride + j].
//!
//! Complex f32 (8 bytes) and complex f64 (16 bytes) move as 4×4 and 2×2 blocks of 256-bit
//! registers where the CPU has AVX2 (checked once); anything else, and the edges, by 8×8
//! tiles of single values. A 128³ transform spent 58% of its time in the scalar tiles (two
//! cores, single precision), against 33% in the FFTs.

/// Side of the scalar tiles: 8 rows of 8 values, so that both sides are touched a cache
/// line (or two) at a time.
const TILE: usize = 8;

/// dst[j·d_stride + i] = src[i·s_stride + j] for i < rows, j < cols.
///
/// # Safety
/// `src` reaches (rows−1)·s_stride + cols values, `dst` (cols−1)·d_stride + rows, and the
/// two do not overlap.
pub unsafe fn transpose_copy<T: Copy>(src: *const T, s_stride: usize, dst: *mut T, d_stride: usize, rows: usize, cols: usize) {
    let (mut done_rows, mut done_cols) = (0, 0);
    if x86::available() {
        // SAFETY: the caller's bounds; the blocks cover rows and columns below the returned
        // counts, the edges follow below.
        (done_rows, done_cols) = unsafe {
            match std::mem::size_of::<T>() {
                8 => x86::blocks_8(src as *const f64, s_stride, dst as *mut f64, d_stride, rows, cols),
                16 => x86::blocks_16(src as *const f64, s_stride, dst as *mut f64, d_stride, rows, cols),
                _ => (0, 0),
            }
        };
    }
    // SAFETY: the caller's bounds.
    unsafe {
        // The rows below done_rows past done_cols, then every row from done_rows.
        scalar(src, s_stride, dst, d_stride, 0..done_rows, done_cols..cols);
        scalar(src, s_stride, dst, d_stride, done_rows..rows, 0..cols);
    }
}

/// The tiled scalar copy of rows `is` × columns `js`.
///
/// # Safety
/// As for `transpose_copy`.
unsafe fn scalar<T: Copy>(src: *const T, s_stride: usize, dst: *mut T, d_stride: usize, is: std::ops::Range<usize>, js: std::ops::Range<usize>) {
    for i0 in is.clone().step_by(TILE) {
        let i1 = (i0 + TILE).min(is.end);
        for j0 in js.clone().step_by(TILE) {
            let j1 = (j0 + TILE).min(js.end);
            for i in i0..i1 {
                // SAFETY: i < rows, j < cols.
                let row = unsafe { src.add(i * s_stride) };
                for j in j0..j1 {
                    unsafe { *dst.add(j * d_stride + i) = *row.add(j) };
                }
            }
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) mod x86 {
    pub fn available() -> bool {
        false
    }
    pub unsafe fn blocks_8(_: *const f64, _: usize, _: *mut f64, _: usize, _: usize, _: usize) -> (usize, usize) {
        (0, 0)
    }
    pub unsafe fn blocks_16(_: *const f64, _: usize, _: *mut f64, _: usize, _: usize, _: usize) -> (usize, usize) {
        (0, 0)
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod x86 {
    use std::arch::x86_64::*;

    /// AVX2, unless `OXROCM_ROCFFT_SIMD=0` (the engine's vector paths: these transposes and
    /// `split_avx.rs`).
    pub fn available() -> bool {
        static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *HAS.get_or_init(|| std::is_x86_feature_detected!("avx2") && std::env::var("OXROCM_ROCFFT_SIMD").map_or(true, |v| v != "0"))
    }

    /// 8-byte values: 8×4 blocks (two 4×4 register transposes), so that each store writes
    /// 64 contiguous bytes. Returns (rows, cols) covered: multiples of 8 and 4.
    ///
    /// # Safety
    /// AVX2 is available; `transpose_copy`'s bounds, with values as f64 bit patterns.
    #[target_feature(enable = "avx2")]
    pub unsafe fn blocks_8(src: *const f64, s_stride: usize, dst: *mut f64, d_stride: usize, rows: usize, cols: usize) -> (usize, usize) {
        let (rows8, cols4) = (rows / 8 * 8, cols / 4 * 4);
        for i in (0..rows8).step_by(8) {
            for j in (0..cols4).step_by(4) {
                // SAFETY: i + 7 < rows, j + 3 < cols.
                unsafe {
                    let at = |r: usize| src.add((i + r) * s_stride + j);
                    let top = transpose4([_mm256_loadu_pd(at(0)), _mm256_loadu_pd(at(1)), _mm256_loadu_pd(at(2)), _mm256_loadu_pd(at(3))]);
                    let bottom = transpose4([_mm256_loadu_pd(at(4)), _mm256_loadu_pd(at(5)), _mm256_loadu_pd(at(6)), _mm256_loadu_pd(at(7))]);
                    for c in 0..4 {
                        let out = dst.add((j + c) * d_stride + i);
                        _mm256_storeu_pd(out, top[c]);
                        _mm256_storeu_pd(out.add(4), bottom[c]);
                    }
                }
            }
        }
        (rows8, cols4)
    }

    /// The 4×4 transpose of 64-bit values: row r's value c goes to row c's value r.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn transpose4(rows: [__m256d; 4]) -> [__m256d; 4] {
        let [a, b, c, d] = rows;
        let (ab_even, ab_odd) = (_mm256_unpacklo_pd(a, b), _mm256_unpackhi_pd(a, b));
        let (cd_even, cd_odd) = (_mm256_unpacklo_pd(c, d), _mm256_unpackhi_pd(c, d));
        [
            _mm256_permute2f128_pd(ab_even, cd_even, 0x20),
            _mm256_permute2f128_pd(ab_odd, cd_odd, 0x20),
            _mm256_permute2f128_pd(ab_even, cd_even, 0x31),
            _mm256_permute2f128_pd(ab_odd, cd_odd, 0x31),
        ]
    }

    /// 16-byte values: 4×2 blocks (two 2×2 register transposes), each store 64 bytes.
    /// Returns (rows, cols) covered: multiples of 4 and 2.
    ///
    /// # Safety
    /// AVX2 is available; `transpose_copy`'s bounds, with each value two f64 bit patterns.
    #[target_feature(enable = "avx2")]
    pub unsafe fn blocks_16(src: *const f64, s_stride: usize, dst: *mut f64, d_stride: usize, rows: usize, cols: usize) -> (usize, usize) {
        let (rows4, cols2) = (rows / 4 * 4, cols / 2 * 2);
        for i in (0..rows4).step_by(4) {
            for j in (0..cols2).step_by(2) {
                // SAFETY: i + 3 < rows, j + 1 < cols; a value is two f64.
                unsafe {
                    let at = |r: usize| src.add(2 * ((i + r) * s_stride + j));
                    let [r0, r1, r2, r3] = [_mm256_loadu_pd(at(0)), _mm256_loadu_pd(at(1)), _mm256_loadu_pd(at(2)), _mm256_loadu_pd(at(3))];
                    let out0 = dst.add(2 * (j * d_stride + i));
                    let out1 = dst.add(2 * ((j + 1) * d_stride + i));
                    _mm256_storeu_pd(out0, _mm256_permute2f128_pd(r0, r1, 0x20));
                    _mm256_storeu_pd(out0.add(4), _mm256_permute2f128_pd(r2, r3, 0x20));
                    _mm256_storeu_pd(out1, _mm256_permute2f128_pd(r0, r1, 0x31));
                    _mm256_storeu_pd(out1.add(4), _mm256_permute2f128_pd(r2, r3, 0x31));
                }
            }
        }
        (rows4, cols2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<T: Copy + PartialEq + std::fmt::Debug>(make: impl Fn(usize) -> T) {
        for (rows, cols) in [(1, 1), (3, 5), (8, 4), (9, 7), (16, 12), (37, 29), (128, 256)] {
            let (s_stride, d_stride) = (cols + 3, rows + 5);
            let src: Vec<T> = (0..rows * s_stride).map(&make).collect();
            let mut dst = vec![make(usize::MAX / 2); cols * d_stride];
            unsafe { transpose_copy(src.as_ptr(), s_stride, dst.as_mut_ptr(), d_stride, rows, cols) };
            for i in 0..rows {
                for j in 0..cols {
                    assert_eq!(dst[j * d_stride + i], src[i * s_stride + j], "{rows}x{cols} at {i},{j}");
                }
            }
            // Padding between the lines untouched.
            for j in 0..cols {
                for i in rows..d_stride.min(dst.len() - j * d_stride) {
                    assert_eq!(dst[j * d_stride + i], make(usize::MAX / 2));
                }
            }
        }
    }

    #[test]
    fn transposed_copies_of_every_value_size() {
        check(|i| rustfft::num_complex::Complex::new(i as f32, -(i as f32) * 0.5));
        check(|i| rustfft::num_complex::Complex::new(i as f64, (i as f64) * 0.25));
        check(|i| i as u16);
    }
}
