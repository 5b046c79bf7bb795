//! Moving a field between its bricks and one contiguous array in the field's index order
//! (dimension 0 fastest, the batch last): the gather before a transform and the scatter
//! after it. Rows along dimension 0 are the unit of work, spread over the library's
//! threads; a brick whose dimension 0 is contiguous moves a row with one copy.

use super::{BrickGeometry, FieldSide};
use rayon::prelude::*;

/// A host address shared by the row tasks (each task touches its own rows).
#[derive(Clone, Copy)]
pub struct Addr(pub *mut u8);
unsafe impl Send for Addr {}
unsafe impl Sync for Addr {}

impl Addr {
    /// The address `bytes` further (a method, so closures capture the whole `Addr`).
    unsafe fn at(self, bytes: usize) -> *mut u8 {
        unsafe { self.0.add(bytes) }
    }
}

/// Rows handed to one task at least: short rows (2-point transforms) would otherwise cost
/// more in scheduling than in copying.
const MIN_ROWS: usize = 256;

/// Calls `f(field_element, brick_element)` with the first element of each of the brick's
/// rows, as element offsets into the gathered field and into the brick's buffer.
fn each_row(field: &FieldSide, b: &BrickGeometry, f: impl Fn(usize, usize) + Sync + Send) {
    if b.count() == 0 {
        return;
    }
    let mut field_strides = Vec::with_capacity(field.lengths.len());
    let mut next = 1;
    for &l in &field.lengths {
        field_strides.push(next);
        next *= l;
    }
    let rows: usize = b.lengths[1..].iter().product();
    (0..rows).into_par_iter().with_min_len(MIN_ROWS).for_each(|r| {
        let (mut rest, mut at_field, mut at_brick) = (r, b.lower[0], 0);
        for d in 1..b.lengths.len() {
            let i = rest % b.lengths[d];
            rest /= b.lengths[d];
            at_field += (b.lower[d] + i) * field_strides[d];
            at_brick += i * b.strides[d];
        }
        f(at_field, at_brick);
    });
}

/// Copies one row of `n` elements of `size` bytes: `from` elements `from_stride` apart,
/// `to` elements `to_stride` apart.
///
/// # Safety
/// Both rows lie in memory the caller may read (`from`) and write (`to`), not overlapping.
unsafe fn copy_row(from: *const u8, from_stride: usize, to: *mut u8, to_stride: usize, n: usize, size: usize) {
    if from_stride == 1 && to_stride == 1 {
        unsafe { std::ptr::copy_nonoverlapping(from, to, n * size) };
        return;
    }
    for k in 0..n {
        unsafe { std::ptr::copy_nonoverlapping(from.add(k * from_stride * size), to.add(k * to_stride * size), size) };
    }
}

/// Gathers every brick (host addresses of their buffers, in the field's brick order) into
/// `field_data`, which holds the whole field.
///
/// # Safety
/// `bricks[i]` reaches brick i's span; `field_data` holds `field.bytes()` bytes.
pub unsafe fn gather(field: &FieldSide, bricks: &[Addr], field_data: Addr) {
    let size = field.element_bytes;
    for (b, &src) in field.bricks.iter().zip(bricks) {
        each_row(field, b, |at_field, at_brick| unsafe {
            copy_row(src.at(at_brick * size), b.strides[0], field_data.at(at_field * size), 1, b.lengths[0], size)
        });
    }
}

/// Scatters the whole field in `field_data` into the bricks.
///
/// # Safety
/// As for [`gather`], with the bricks written.
pub unsafe fn scatter(field: &FieldSide, field_data: Addr, bricks: &[Addr]) {
    let size = field.element_bytes;
    for (b, &dst) in field.bricks.iter().zip(bricks) {
        each_row(field, b, |at_field, at_brick| unsafe {
            copy_row(field_data.at(at_field * size), 1, dst.at(at_brick * size), b.strides[0], b.lengths[0], size)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_then_scatter_round_trips_strided_bricks() {
        // A 3 x 4 field (batch 1 folded in as dimension 1), two bricks: columns 0..2 with
        // padded rows, columns 2..3 stored transposed.
        let geom = |lower: Vec<usize>, lengths: Vec<usize>, strides: Vec<usize>| BrickGeometry { lower, lengths, strides, device: 0, span_bytes: 0 };
        let field = FieldSide {
            lengths: vec![3, 4],
            bricks: vec![geom(vec![0, 0], vec![3, 2], vec![1, 5]), geom(vec![0, 2], vec![3, 2], vec![2, 1])],
            element_bytes: 4,
        };
        let mut a: Vec<u32> = (0..10).map(|i| 100 + i).collect();
        let mut b: Vec<u32> = (0..6).map(|i| 200 + i).collect();
        let mut whole = vec![0u32; 12];
        let bricks = [Addr(a.as_mut_ptr().cast()), Addr(b.as_mut_ptr().cast())];
        unsafe { gather(&field, &bricks, Addr(whole.as_mut_ptr().cast())) };
        assert_eq!(whole, vec![100, 101, 102, 105, 106, 107, 200, 202, 204, 201, 203, 205]);
        let (a0, b0) = (a.clone(), b.clone());
        a.iter_mut().chain(b.iter_mut()).for_each(|v| *v = 0);
        unsafe { scatter(&field, Addr(whole.as_mut_ptr().cast()), &bricks) };
        assert_eq!(b, b0);
        assert_eq!([&a[0..3], &a[5..8]], [&a0[0..3], &a0[5..8]]);
        assert_eq!([a[3], a[4], a[8], a[9]], [0; 4]);
    }
}
