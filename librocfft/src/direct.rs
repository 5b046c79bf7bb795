//! The host transform of data already laid out as the engine works on them: interleaved
//! complex or real values in f32/f64, contiguous transforms back to back (real rows may
//! be padded, as rocFFT pads them in place). These run in the caller's buffers, without
//! the gather and scatter copies of `host` (two passes over memory saved, and no
//! allocation of the batch's size): what rocfft-bench and most clients use.

use crate::engine::{Engine, Rows};
use crate::host::{Buffers, Stored};
use crate::layout::Side;
use crate::plan::PlanCore;
use crate::types::*;
use rayon::prelude::*;
use rustfft::FftNum;
use rustfft::num_traits::FromPrimitive;
use rustfft::num_complex::Complex;
use std::any::TypeId;

/// Values handed to one parallel copy or scaling task.
const CHUNK: usize = 1 << 16;

/// Whether `side`'s elements are back to back within a transform, with dimension 0's rows
/// `row` elements apart, and transforms `distance` apart with nothing between them.
fn contiguous(side: &Side, row: usize, batch: usize) -> bool {
    let mut expect = row;
    for (d, (&len, &stride)) in side.lengths.iter().zip(&side.strides).enumerate() {
        if d == 0 {
            if stride != 1 {
                return false;
            }
            continue;
        }
        if stride != expect {
            return false;
        }
        expect *= len;
    }
    batch == 1 || side.distance == expect
}

/// Reals from one real row to the next: dimension 1's stride, or for 1D transforms the
/// batch distance (`single` when there is one row).
fn row_stride(side: &Side, batch: usize, single: usize) -> usize {
    match side.strides.get(1) {
        Some(&s) => s,
        None if batch > 1 => side.distance,
        None => single,
    }
}

/// Runs the plan here when its layout allows; false: the caller gathers and scatters.
///
/// # Safety
/// As for [`crate::host::execute`]: the buffers cover the plan's spans.
pub unsafe fn try_execute<S: Stored>(plan: &PlanCore, engine: &Engine<S::C>, input: Buffers, output: Buffers) -> bool {
    // Only data stored in the float they are transformed in (not f16).
    if TypeId::of::<S>() != TypeId::of::<S::C>() {
        return false;
    }
    let (i, o, n0) = (&plan.input, &plan.output, plan.lengths[0]);
    let h = n0 / 2 + 1;
    let rows_of = |side: &Side| side.lengths[1..].iter().product::<usize>() * plan.batch;
    match plan.transform {
        Transform::ComplexForward | Transform::ComplexInverse => {
            if i.array != ArrayType::ComplexInterleaved || o.array != ArrayType::ComplexInterleaved || !contiguous(i, n0, plan.batch) || !contiguous(o, n0, plan.batch) {
                return false;
            }
            if plan.inplace && i.offsets[0] != o.offsets[0] {
                return false;
            }
            let count = plan.batch * i.count();
            let src = unsafe { (input.0[0] as *const Complex<S::C>).add(i.offsets[0]) };
            let dst = unsafe { (output.0[0] as *mut Complex<S::C>).add(o.offsets[0]) };
            if !plan.inplace {
                unsafe { copy(src, dst, count) };
            }
            let data = unsafe { std::slice::from_raw_parts_mut(dst, count) };
            engine.complex_passes_batched(data, 0);
            scale_complex(data, plan.scale);
        }
        Transform::RealForward => {
            let row_in = row_stride(i, plan.batch, if plan.inplace { 2 * h } else { n0 });
            if i.array != ArrayType::Real || o.array != ArrayType::HermitianInterleaved || row_in < n0 || !contiguous(i, row_in, plan.batch) || !contiguous(o, h, plan.batch) {
                return false;
            }
            // In place, a row's reals and its bins start at the same byte.
            if plan.inplace && (i.offsets[0] != 0 || o.offsets[0] != 0 || row_in != 2 * h) {
                return false;
            }
            let rows = rows_of(o);
            let src = unsafe { (input.0[0] as *const S::C).add(i.offsets[0]) };
            let dst = unsafe { (output.0[0] as *mut Complex<S::C>).add(o.offsets[0]) };
            unsafe { engine.real_rows_forward_at(Rows { base: src, stride: row_in }, Rows { base: dst, stride: h }, rows) };
            let data = unsafe { std::slice::from_raw_parts_mut(dst, rows * h) };
            engine.complex_passes_batched(data, 1);
            scale_complex(data, plan.scale);
        }
        Transform::RealInverse => {
            let row_out = row_stride(o, plan.batch, if plan.inplace { 2 * h } else { n0 });
            if i.array != ArrayType::HermitianInterleaved || o.array != ArrayType::Real || row_out < n0 || !contiguous(i, h, plan.batch) || !contiguous(o, row_out, plan.batch) {
                return false;
            }
            if plan.inplace && (i.offsets[0] != 0 || o.offsets[0] != 0 || row_out != 2 * h) {
                return false;
            }
            // The passes along dimensions 1.. would change an out-of-place input.
            if !plan.inplace && plan.lengths.len() > 1 {
                return false;
            }
            let rows = rows_of(i);
            let src = unsafe { (input.0[0] as *mut Complex<S::C>).add(i.offsets[0]) };
            let dst = unsafe { (output.0[0] as *mut S::C).add(o.offsets[0]) };
            if plan.inplace {
                engine.complex_passes_batched(unsafe { std::slice::from_raw_parts_mut(src, rows * h) }, 1);
            }
            unsafe { engine.real_rows_inverse_at(Rows { base: src as *const _, stride: h }, Rows { base: dst, stride: row_out }, rows) };
            if plan.scale != 1.0 {
                let s = S::C::from_f64(plan.scale).unwrap();
                let out = SharedPtr(dst);
                // SAFETY: each row's n0 reals lie in the output's span; rows are disjoint.
                (0..rows).into_par_iter().with_min_len(CHUNK / n0.max(1) + 1).for_each(|r| {
                    let row = unsafe { std::slice::from_raw_parts_mut(out.get().add(r * row_out), n0) };
                    row.iter_mut().for_each(|v| *v = *v * s);
                });
            }
        }
    }
    true
}

/// A pointer moved into parallel tasks that write disjoint parts of what it points to.
#[derive(Clone, Copy)]
struct SharedPtr<T>(*mut T);
unsafe impl<T> Send for SharedPtr<T> {}
unsafe impl<T> Sync for SharedPtr<T> {}
impl<T> SharedPtr<T> {
    fn get(self) -> *mut T {
        self.0
    }
}

/// `count` values from `src` to `dst` (which may overlap, as a user's buffers may), in
/// parallel where they do not.
unsafe fn copy<T: Copy + Send + Sync>(src: *const T, dst: *mut T, count: usize) {
    let (s, d) = (src as usize, dst as usize);
    let bytes = count * std::mem::size_of::<T>();
    if s.max(d) < s.min(d) + bytes {
        unsafe { std::ptr::copy(src, dst, count) };
        return;
    }
    let (src, dst) = unsafe { (std::slice::from_raw_parts(src, count), std::slice::from_raw_parts_mut(dst, count)) };
    dst.par_chunks_mut(CHUNK).zip(src.par_chunks(CHUNK)).for_each(|(d, s)| d.copy_from_slice(s));
}

fn scale_complex<T: FftNum>(data: &mut [Complex<T>], scale: f64) {
    if scale == 1.0 {
        return;
    }
    let s = T::from_f64(scale).unwrap();
    data.par_chunks_mut(CHUNK).for_each(|c| c.iter_mut().for_each(|v| *v = *v * s));
}
