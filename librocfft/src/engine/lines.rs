//! 1D FFTs along one dimension of a contiguous array (dimension 0 fastest): contiguous
//! rows handed to rustfft many at a time, strided columns gathered a block at a time into a
//! thread's buffer, transformed and put back. Each rayon task keeps its buffers for all the
//! work it takes, so a pass allocates once per thread, not once per line.

use super::fourstep::FourStep;
use super::transpose::transpose_copy;
use rayon::prelude::*;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftNum};

/// Values gathered at once from a strided dimension (256 KiB in f32, half a core's L2):
/// as many columns as fit, so that each row's stretch read is long enough for the
/// prefetcher (16 to 256 neighbouring values).
const GATHER_VALUES: usize = 1 << 15;

fn columns_per_gather(len: usize, inner: usize) -> usize {
    (GATHER_VALUES / len).clamp(16, 256).min(inner)
}
/// Below this many values a pass runs on the calling thread.
pub const PARALLEL_MIN: usize = 1 << 15;

fn zero<T: FftNum>() -> Complex<T> {
    Complex::new(T::zero(), T::zero())
}

/// A pointer shared by threads that touch disjoint elements.
#[derive(Clone, Copy)]
pub struct Shared<T>(pub *mut T);
unsafe impl<T> Send for Shared<T> {}
unsafe impl<T> Sync for Shared<T> {}

/// `f` over `range` cut into chunks of `chunk` indices, the chunks spread over the threads.
pub fn par_ranges(range: std::ops::Range<usize>, chunk: usize, f: impl Fn(std::ops::Range<usize>) + Sync + Send) {
    let chunk = chunk.max(1);
    let count = range.len().div_ceil(chunk);
    (0..count).into_par_iter().for_each(|c| {
        let from = range.start + c * chunk;
        f(from..(from + chunk).min(range.end))
    });
}

/// `fft` along dimension `d` of `data`, whose lengths are `lens` (dimension 0 contiguous;
/// any dimensions after the transformed ones, e.g. the batch, only repeat the work).
/// `four_step` takes single long rows of dimension 0 over several threads.
pub fn along<T: FftNum>(fft: &dyn Fft<T>, four_step: Option<&FourStep<T>>, data: &mut [Complex<T>], lens: &[usize], d: usize) {
    let len = lens[d];
    if len <= 1 {
        return;
    }
    if d == 0 {
        rows(fft, four_step, data, len);
    } else {
        columns(fft, data, lens, d);
    }
}

/// Contiguous rows of `len` values.
fn rows<T: FftNum>(fft: &dyn Fft<T>, four_step: Option<&FourStep<T>>, data: &mut [Complex<T>], len: usize) {
    let count = data.len() / len;
    let threads = rayon::current_num_threads();
    if let Some(fs) = four_step.filter(|_| count < threads && threads > 1) {
        // Too few rows to keep every thread busy: each row is split over all of them.
        for row in data.chunks_exact_mut(len) {
            fs.process(row);
        }
        return;
    }
    if data.len() < 2 * PARALLEL_MIN || count == 1 {
        let mut scratch = vec![zero(); fft.get_inplace_scratch_len()];
        fft.process_with_scratch(data, &mut scratch);
        return;
    }
    // Enough rows per task to amortise a task, and enough tasks to balance the threads.
    let per_task = (PARALLEL_MIN / len).clamp(1, count.div_ceil(4 * threads).max(1));
    data.par_chunks_mut(per_task * len).for_each_init(
        || vec![zero(); fft.get_inplace_scratch_len()],
        |scratch, chunk| fft.process_with_scratch(chunk, scratch),
    );
}

/// Lines of dimension `d`: `inner` columns (the product of the faster lengths), `len` apart,
/// in each of `outer` blocks.
fn columns<T: FftNum>(fft: &dyn Fft<T>, data: &mut [Complex<T>], lens: &[usize], d: usize) {
    let len = lens[d];
    let inner: usize = lens[..d].iter().product();
    let outer = data.len() / (inner * len);
    let per_gather = columns_per_gather(len, inner);
    let groups_per_block = inner.div_ceil(per_gather);
    let base = Shared(data.as_mut_ptr());
    let scratch_len = fft.get_inplace_scratch_len();
    let init = || (vec![zero(); per_gather * len], vec![zero(); scratch_len]);
    let task = |(lines, scratch): &mut (Vec<Complex<T>>, Vec<Complex<T>>), g: usize| {
        // The whole wrapper, not its raw-pointer field, is what the closure must capture
        // (a captured `*mut` alone would not be Send).
        #[allow(clippy::redundant_locals)]
        let base = base;
        let (block, group) = (g / groups_per_block, g % groups_per_block);
        let first = group * per_gather;
        let cols = per_gather.min(inner - first);
        let start = block * inner * len + first;
        let lines = &mut lines[..cols * len];
        // SAFETY: task g touches columns first..first+cols of its block only; no two tasks
        // share an element, `data` outlives the parallel loop, and every index stays below
        // cols·len in `lines` and below outer·inner·len in `data`.
        unsafe {
            gather(base.0.add(start), inner, lines.as_mut_ptr(), len, cols);
            fft.process_with_scratch(lines, scratch);
            scatter(lines.as_ptr(), len, base.0.add(start), inner, cols);
        }
    };
    let tasks = outer * groups_per_block;
    if data.len() >= PARALLEL_MIN && tasks > 1 {
        (0..tasks).into_par_iter().for_each_init(init, task);
    } else {
        let mut buffers = init();
        (0..tasks).for_each(|g| task(&mut buffers, g));
    }
}

/// Copies `cols` columns of `len` rows (`row_stride` apart, from `src`) into `cols` lines of
/// `len` values at `dst` (line c at dst + c·len).
///
/// # Safety
/// `src` reaches (len−1)·row_stride + cols values; `dst` holds cols·len values.
unsafe fn gather<T: Copy>(src: *const T, row_stride: usize, dst: *mut T, len: usize, cols: usize) {
    // SAFETY: the caller's bounds, as transpose_copy states them.
    unsafe { transpose_copy(src, row_stride, dst, len, len, cols) }
}

/// The inverse of [`gather`]: lines back into their columns.
///
/// # Safety
/// As for [`gather`], with the roles of the pointers swapped.
unsafe fn scatter<T: Copy>(src: *const T, len: usize, dst: *mut T, row_stride: usize, cols: usize) {
    // SAFETY: as above.
    unsafe { transpose_copy(src, len, dst, row_stride, cols, len) }
}

/// Values of one plane (dimensions 0 and 1) small enough to be transformed along both
/// while it stays in a core's L2 (256 KiB in f32).
pub const PLANE_VALUES: usize = 1 << 15;

/// FFTs along dimensions 0 (`rows`) and 1 (`cols`) of every plane of `data` (planes of
/// `lens[0]·lens[1]` values back to back), one plane at a time per thread: each plane is
/// read from memory once for both dimensions instead of once per dimension.
pub fn planes<T: FftNum>(rows: &dyn Fft<T>, cols: &dyn Fft<T>, data: &mut [Complex<T>], lens: &[usize]) {
    let (l0, l1) = (lens[0], lens[1]);
    let plane = l0 * l1;
    let scratch_len = rows.get_inplace_scratch_len().max(cols.get_inplace_scratch_len());
    let init = || (vec![zero(); plane], vec![zero(); scratch_len]);
    let work = |(lines, scratch): &mut (Vec<Complex<T>>, Vec<Complex<T>>), p: &mut [Complex<T>]| {
        if l0 > 1 {
            rows.process_with_scratch(p, scratch);
        }
        if l1 > 1 {
            // SAFETY: `p` holds l1 rows of l0 values; `lines` holds l0 lines of l1.
            unsafe { gather(p.as_ptr(), l0, lines.as_mut_ptr(), l1, l0) };
            cols.process_with_scratch(lines, scratch);
            unsafe { scatter(lines.as_ptr(), l1, p.as_mut_ptr(), l0, l0) };
        }
    };
    if data.len() >= PARALLEL_MIN && data.len() > plane {
        data.par_chunks_mut(plane).for_each_init(init, work);
    } else {
        let mut buffers = init();
        data.chunks_mut(plane).for_each(|p| work(&mut buffers, p));
    }
}
