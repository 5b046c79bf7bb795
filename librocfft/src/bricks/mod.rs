//! rocFFT's multi-device "fields and bricks" at plan creation: a side (input or output)
//! described by a field holds its data in bricks, boxes of the side's index space (the
//! side's element lengths, fastest first, then the batch) each in its own buffer with its
//! own strides, possibly on another device. Here each field is checked as rocFFT's
//! `ValidateFields` checks it and turned into what an execution needs ([`FieldPlan`]);
//! [`run`] gathers, transforms and scatters.
//!
//! The transform itself runs on the gathered data: the plan's core gets, for a side with a
//! field, a contiguous layout in the field's index order (offset 0, no padding) in a device
//! array the plan owns; it runs in place in one array when both sides are complex fields,
//! otherwise out of place (the user's buffer on a side without a field). The
//! description's strides, distance and offsets of a field side therefore do not matter, as in
//! rocFFT, where they only lay out its internal gather buffer.

pub mod copy;
pub mod run;

use crate::layout::Side;
use crate::objects::{Brick, PlanDescription};
use crate::types::*;
use std::sync::Arc;

/// One brick as an execution copies it: all vectors have the field's rank (transform
/// dimensions + batch), fastest first.
#[derive(Clone, Debug)]
pub struct BrickGeometry {
    pub lower: Vec<usize>,
    pub lengths: Vec<usize>,
    pub strides: Vec<usize>,
    pub device: i32,
    /// Bytes of the brick's buffer one execution reaches (0 for an empty brick).
    pub span_bytes: usize,
}

impl BrickGeometry {
    pub fn count(&self) -> usize {
        self.lengths.iter().product()
    }
}

/// The field of one side.
#[derive(Clone, Debug)]
pub struct FieldSide {
    /// The whole field: the side's element lengths, then the batch.
    pub lengths: Vec<usize>,
    pub bricks: Vec<BrickGeometry>,
    /// Bytes of one element (a complex interleaved or a real value).
    pub element_bytes: usize,
}

impl FieldSide {
    /// Bytes of the gathered field (every element once, in index order).
    pub fn bytes(&self) -> usize {
        self.lengths.iter().product::<usize>() * self.element_bytes
    }
}

/// Device memory a plan with fields owns: the arrays its fields are gathered into and
/// scattered from, allocated at plan creation on the current device as rocFFT allocates its
/// gather buffers.
pub struct DeviceArray {
    pub addr: u64,
}

impl DeviceArray {
    fn new(bytes: usize) -> Option<DeviceArray> {
        let mut p: *mut std::ffi::c_void = std::ptr::null_mut();
        (unsafe { crate::hip::hipMalloc(&mut p, bytes.max(1)) } == 0 && !p.is_null()).then_some(DeviceArray { addr: p as u64 })
    }
}

impl Drop for DeviceArray {
    fn drop(&mut self) {
        // hipFree waits for the device's queued work, so no gather or scatter still uses it.
        unsafe { crate::hip::hipFree(self.addr as *mut std::ffi::c_void) };
    }
}

/// What a plan with fields adds to its core.
pub struct FieldPlan {
    pub input: Option<Arc<FieldSide>>,
    pub output: Option<Arc<FieldSide>>,
    /// The placement the client asked for.
    pub inplace: bool,
    /// Whether the core transforms the gathered input array in place (complex transforms
    /// with both sides fields: one array, as rocFFT does); otherwise out of place.
    pub core_inplace: bool,
    /// The gathered input field (none without an input field).
    pub in_array: Option<DeviceArray>,
    /// The output field before it is scattered (none without an output field, or when the
    /// core runs in place in `in_array`).
    pub out_array: Option<DeviceArray>,
}

/// Refuses a field rocFFT refuses (rocFFT throws inside plan creation and returns
/// `rocfft_status_failure`), with a log line saying why.
fn refuse(why: std::fmt::Arguments) -> rocfft_status {
    crate::log::error(format_args!("rocfft_plan_create: {why}"));
    rocfft_status_failure
}

/// Element count of a box, `None` on overflow. rocFFT's brick lengths clamp at 0 (a brick
/// whose upper bound is not above its lower bound in some dimension is empty).
fn box_lengths(lower: &[usize], upper: &[usize]) -> Vec<usize> {
    lower.iter().zip(upper).map(|(&l, &u)| u.saturating_sub(l)).collect()
}

fn checked_count(lengths: &[usize]) -> Option<usize> {
    lengths.iter().try_fold(1usize, |acc, &l| acc.checked_mul(l))
}

/// Whether two bricks share an index (their intersection is not empty).
fn overlap(a: &Brick, b: &Brick) -> bool {
    (0..a.lower.len()).all(|d| a.lower[d].max(b.lower[d]) < a.upper[d].min(b.upper[d]))
}

/// Checks one side's field against `side` (its element lengths) and `batch`, and returns its
/// geometry. Rules as rocFFT's: every brick has the field's rank, lies within the field
/// (upper bounds at most the field's lengths), no two bricks overlap, and together they hold
/// as many elements as the field (so, not overlapping, they cover it).
fn check_side(name: &str, bricks: &[Brick], side: &Side, batch: usize, precision: Precision, device_count: i32) -> Result<FieldSide, rocfft_status> {
    if side.array.is_planar() {
        return Err(refuse(format_args!("{name} field with planar data (rocFFT's fields must not be planar)")));
    }
    let mut whole = side.lengths.clone();
    whole.push(batch);
    let rank = whole.len();
    for b in bricks {
        if b.lower.len() != rank || b.upper.len() != rank || b.stride.len() != rank {
            return Err(refuse(format_args!("{name} brick of dimension {} in a field of dimension {rank} (transform dimensions + batch)", b.lower.len())));
        }
        if b.upper.iter().zip(&whole).any(|(&u, &w)| u > w) {
            return Err(refuse(format_args!("{name} brick {:?}..{:?} is not within the field {whole:?}", b.lower, b.upper)));
        }
        if b.device < 0 || b.device >= device_count {
            return Err(refuse(format_args!("{name} brick {:?}..{:?} is on device {}, of {device_count} devices", b.lower, b.upper, b.device)));
        }
    }
    for (i, a) in bricks.iter().enumerate() {
        if let Some(b) = bricks[i + 1..].iter().find(|b| overlap(a, b)) {
            return Err(refuse(format_args!("{name} brick {:?}..{:?} overlaps brick {:?}..{:?}", a.lower, a.upper, b.lower, b.upper)));
        }
    }
    let field_count = checked_count(&whole).ok_or_else(|| refuse(format_args!("{name} field {whole:?} is too large")))?;
    // Bricks lie within the field, so their counts cannot exceed it without overlapping.
    let brick_count: usize = bricks.iter().map(|b| checked_count(&box_lengths(&b.lower, &b.upper)).unwrap_or(0)).sum();
    if brick_count != field_count {
        return Err(refuse(format_args!("{name} field has {field_count} elements but its bricks have {brick_count}")));
    }
    let element_bytes = side.element_bytes(precision);
    let mut out = Vec::with_capacity(bricks.len());
    for b in bricks {
        let lengths = box_lengths(&b.lower, &b.upper);
        let span_bytes = if lengths.contains(&0) {
            0
        } else {
            lengths
                .iter()
                .zip(&b.stride)
                .try_fold(0usize, |acc, (&l, &s)| acc.checked_add((l - 1).checked_mul(s)?))
                .and_then(|last| last.checked_add(1)?.checked_mul(element_bytes))
                .ok_or_else(|| refuse(format_args!("{name} brick {:?}..{:?} with strides {:?} spans more memory than exists", b.lower, b.upper, b.stride)))?
        };
        out.push(BrickGeometry { lower: b.lower.clone(), lengths, strides: b.stride.clone(), device: b.device, span_bytes });
    }
    Ok(FieldSide { lengths: whole, bricks: out, element_bytes })
}

/// Contiguous, unpadded layout of `side` at offset 0: the gathered field's order.
fn contiguous(side: &mut Side) {
    let mut next = 1;
    side.strides = side.lengths.iter().map(|&l| {
        let s = next;
        next *= l;
        s
    }).collect();
    side.distance = next;
    side.offsets = [0, 0];
}

/// The fields of `desc`, checked, with their device arrays; the core's field sides are made
/// contiguous. `None`: no fields (an ordinary plan).
pub fn plan(desc: &PlanDescription, transform: Transform, inplace: bool, precision: Precision, batch: usize, input: &mut Side, output: &mut Side) -> Result<Option<FieldPlan>, rocfft_status> {
    if desc.input.fields.is_empty() && desc.output.fields.is_empty() {
        return Ok(None);
    }
    // rocFFT gathers every input field from the same user pointers and validates only the
    // first; a second field has no meaning there, so it is refused here.
    if desc.input.fields.len() > 1 || desc.output.fields.len() > 1 {
        return Err(refuse(format_args!("more than one field on a side ({} input, {} output)", desc.input.fields.len(), desc.output.fields.len())));
    }
    let device_count = crate::hip::device_count();
    let side = |fields: &[crate::objects::Field], name: &str, layout: &mut Side| -> Result<Option<Arc<FieldSide>>, rocfft_status> {
        let Some(f) = fields.first() else { return Ok(None) };
        let checked = check_side(name, &f.bricks, layout, batch, precision, device_count)?;
        contiguous(layout);
        Ok(Some(Arc::new(checked)))
    };
    let input_field = side(&desc.input.fields, "input", input)?;
    let output_field = side(&desc.output.fields, "output", output)?;
    let core_inplace = input_field.is_some() && output_field.is_some() && !transform.is_real();
    let array = |f: &Option<Arc<FieldSide>>| -> Result<Option<DeviceArray>, rocfft_status> {
        let Some(f) = f else { return Ok(None) };
        DeviceArray::new(f.bytes()).map(Some).ok_or_else(|| refuse(format_args!("no device memory for a {}-byte field array", f.bytes())))
    };
    let in_array = array(&input_field)?;
    let out_array = if core_inplace { None } else { array(&output_field)? };
    Ok(Some(FieldPlan { input: input_field, output: output_field, inplace, core_inplace, in_array, out_array }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brick(lower: &[usize], upper: &[usize]) -> Brick {
        let lengths = box_lengths(lower, upper);
        let mut stride = vec![1];
        for l in &lengths[..lengths.len() - 1] {
            stride.push(stride.last().unwrap() * l);
        }
        Brick { lower: lower.to_vec(), upper: upper.to_vec(), stride, device: 0 }
    }

    fn side(lengths: &[usize]) -> Side {
        Side { array: ArrayType::ComplexInterleaved, lengths: lengths.to_vec(), strides: vec![1; lengths.len()], distance: 1, offsets: [0, 0] }
    }

    #[test]
    fn fields_are_checked_as_rocfft_checks_them() {
        let s = side(&[8, 4]);
        let ok = [brick(&[0, 0, 0], &[8, 2, 3]), brick(&[0, 2, 0], &[8, 4, 3])];
        let f = check_side("input", &ok, &s, 3, Precision::Single, 1).unwrap();
        assert_eq!(f.lengths, vec![8, 4, 3]);
        assert_eq!(f.bricks[1].span_bytes, 8 * 2 * 3 * 8);
        let fail = |b: &[Brick]| check_side("input", b, &s, 3, Precision::Single, 1).err() == Some(rocfft_status_failure);
        // A brick missing, overlapping, past the field, of the wrong rank, on no device.
        assert!(fail(&ok[..1]));
        assert!(fail(&[brick(&[0, 0, 0], &[8, 3, 3]), brick(&[0, 2, 0], &[8, 4, 3])]));
        assert!(fail(&[brick(&[0, 0, 0], &[8, 2, 3]), brick(&[0, 2, 0], &[8, 5, 3])]));
        assert!(fail(&[brick(&[0, 0], &[8, 4])]));
        let mut far = ok.clone();
        far[1].device = 1;
        assert!(fail(&far));
        // A wrapped-around lower bound makes an empty brick: the field is not covered.
        assert!(fail(&[brick(&[0, 0, 0], &[8, 2, 3]), brick(&[0, usize::MAX, 0], &[8, 4, 3])]));
        let mut planar = s.clone();
        planar.array = ArrayType::ComplexPlanar;
        assert_eq!(check_side("input", &ok, &planar, 3, Precision::Single, 1).err(), Some(rocfft_status_failure));
    }
}
