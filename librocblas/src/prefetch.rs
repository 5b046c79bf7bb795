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

/// Calls `f` on `r` in the blocks of `Blocks`. Blocking changes no result of an
/// elementwise loop.
#[inline(always)]
pub fn blocks<T>(
    r: std::ops::Range<usize>,
    streams: &[usize],
    mut f: impl FnMut(std::ops::Range<usize>),
) {
    for b in Blocks::<T>::new(r, streams) {
        f(b);
    }
}

/// `r` in blocks of 1 KiB of `T`, each yielded after requesting the lines AHEAD of it in
/// every stream (the address of element 0 of a `T` vector; 0: none), none past `r.end`:
/// the columns of a triangle end where the next one does not begin, and requesting 2 KiB
/// beyond each of them moved a quarter more bytes than ssyr 4096 needs (38 GB/s on one
/// thread, 45 clipped; sger, whose columns touch, 51). An iterator rather than a callback
/// so that the loop body stays in its caller, compiled with the caller's target features
/// (a closure is compiled on its own, for baseline x86-64).
pub struct Blocks<'s, T> {
    at: usize,
    end: usize,
    streams: &'s [usize],
    elem: std::marker::PhantomData<T>,
}

impl<'s, T> Blocks<'s, T> {
    #[inline(always)]
    pub fn new(r: std::ops::Range<usize>, streams: &'s [usize]) -> Self {
        Blocks {
            at: r.start,
            end: r.end,
            streams,
            elem: std::marker::PhantomData,
        }
    }
}

impl<T> Iterator for Blocks<'_, T> {
    type Item = std::ops::Range<usize>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if self.at >= self.end {
            return None;
        }
        let sz = size_of::<T>();
        let (i, end) = (self.at, (self.at + (1024 / sz).max(1)).min(self.end));
        let bytes = ((end - i) * sz).min((self.end * sz).saturating_sub(i * sz + AHEAD));
        for &s in self.streams.iter().filter(|&&s| s != 0) {
            ahead(s as *const T, i, bytes);
        }
        self.at = end;
        Some(i..end)
    }
}
