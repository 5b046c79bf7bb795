//! Lane masks to and from per-lane flags. A whole-wave op computes a flag per lane (0 or
//! all ones) in a loop the compiler turns into vector compares; packing the flags into a
//! mask bit by bit would serialize it again, so on x86-64 four lanes are packed at a time
//! from their sign bits (SSE2, which every x86-64 CPU has).

/// The mask whose bit l is the sign bit of `flags[l]` (flags are 0 or `u32::MAX`).
#[inline]
pub fn pack(flags: &[u32]) -> u64 {
    debug_assert!(flags.len() <= 64);
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{__m128i, _mm_castsi128_ps, _mm_loadu_si128, _mm_movemask_ps};
        let mut m = 0u64;
        let quads = flags.chunks_exact(4);
        let rest = quads.remainder();
        for (k, q) in quads.enumerate() {
            // SAFETY: SSE2 is part of x86-64; `q` holds four u32 (16 readable bytes).
            let bits = unsafe { _mm_movemask_ps(_mm_castsi128_ps(_mm_loadu_si128(q.as_ptr() as *const __m128i))) };
            m |= (bits as u64) << (4 * k);
        }
        let base = flags.len() - rest.len();
        for (l, f) in rest.iter().enumerate() {
            m |= ((f >> 31) as u64) << (base + l);
        }
        m
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        flags.iter().enumerate().fold(0u64, |m, (l, f)| m | ((f >> 31) as u64) << l)
    }
}

/// Bit l of `mask` as lane l's 0 or 1.
#[inline]
pub fn unpack<const N: usize>(mask: u64) -> [u32; N] {
    std::array::from_fn(|l| (mask >> l & 1) as u32)
}

/// A flag from a condition: all ones when true.
#[inline(always)]
pub fn flag(c: bool) -> u32 {
    (c as u32).wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_and_unpack_agree_with_bit_by_bit_masks() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for n in [32usize, 64, 7] {
            for _ in 0..100 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let want = if n == 64 { seed } else { seed & ((1 << n) - 1) };
                let flags: Vec<u32> = (0..n).map(|l| flag(want >> l & 1 != 0)).collect();
                assert_eq!(pack(&flags), want, "n={n}");
                let ones: [u32; 64] = unpack(seed);
                assert!((0..64).all(|l| ones[l] == (seed >> l & 1) as u32));
            }
        }
    }
}
