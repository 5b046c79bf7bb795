//! Software prefetch for the CPU backend's streaming loops (the Level-1 twins, the Level-2
//! update columns and symv). On the
//! 2-core VM the benchmarks run on, the hardware prefetchers kept one stream per core near
//! 9 GB/s: asking for the line 2 KiB ahead of each load took dasum over 2^24 elements from
//! 18 to 32 GB/s on two threads (1, 4 and 8 KiB ahead did less). A prefetch changes no
//! value, so the loops' results are the same with and without it.

/// How far ahead of the loads the lines are requested.
pub const AHEAD: usize = 2048;
const LINE: usize = 64;

/// Requests the cache lines of `bytes` bytes starting AHEAD bytes past element `at` of
/// `p`. Addresses past the end of a buffer are fine: a prefetch never faults.
#[inline(always)]
pub fn ahead<T>(p: *const T, at: usize, bytes: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let base = (p as *const i8).wrapping_add(at * size_of::<T>() + AHEAD);
        let mut off = 0;
        while off < bytes {
            // SAFETY: a prefetch reads nothing architecturally and cannot fault; SSE is
            // part of x86-64.
            #[allow(unused_unsafe)]
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(base.wrapping_add(off));
            }
            off += LINE;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (p, at, bytes);
}

/// Calls `f` on `r` in blocks of 1 KiB of `T`, first requesting the lines AHEAD of each
/// block in every stream (the address of element 0 of a `T` vector; 0: none). Blocking
/// changes no result of an elementwise loop.
#[inline(always)]
pub fn blocks<T>(
    r: std::ops::Range<usize>,
    streams: &[usize],
    mut f: impl FnMut(std::ops::Range<usize>),
) {
    let block = (1024 / size_of::<T>()).max(1);
    let mut i = r.start;
    while i < r.end {
        let end = (i + block).min(r.end);
        for &s in streams.iter().filter(|&&s| s != 0) {
            ahead(s as *const T, i, (end - i) * size_of::<T>());
        }
        f(i..end);
        i = end;
    }
}
