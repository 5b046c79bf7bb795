//! One execution of a plan on host memory: each transform of the batch is gathered from
//! its strided (interleaved, planar or real) layout into a contiguous array, transformed by
//! the plan's engine, scaled and scattered to the output layout. A load callback takes the
//! place of the gather's reads, a store callback that of the scatter's writes
//! ([`crate::callback`]), each called once per element, after scaling.

use crate::callback::{self, Callback, Callbacks, Failed};
use crate::engine::Engine;
use crate::layout::Side;
use crate::plan::{Engines, PlanCore};
use crate::types::*;
use rayon::prelude::*;
use rustfft::FftNum;
use rustfft::num_complex::Complex;
use rustfft::num_traits::Zero;

/// How values are stored (f16, f32, f64) and the float they are transformed in.
pub trait Stored: Copy + Send + Sync + 'static + callback::Words {
    type C: FftNum;
    fn widen(self) -> Self::C;
    fn narrow(c: Self::C) -> Self;
    fn scale(c: Self::C, s: f64) -> Self::C;
}

impl Stored for f32 {
    type C = f32;
    fn widen(self) -> f32 { self }
    fn narrow(c: f32) -> f32 { c }
    fn scale(c: f32, s: f64) -> f32 { (c as f64 * s) as f32 }
}
impl Stored for f64 {
    type C = f64;
    fn widen(self) -> f64 { self }
    fn narrow(c: f64) -> f64 { c }
    fn scale(c: f64, s: f64) -> f64 { c * s }
}
impl Stored for half::f16 {
    type C = f32;
    fn widen(self) -> f32 { self.to_f32() }
    fn narrow(c: f32) -> half::f16 { half::f16::from_f32(c) }
    fn scale(c: f32, s: f64) -> f32 { (c as f64 * s) as f32 }
}

/// Host addresses of a side's buffers (real parts, imaginary parts for planar data).
#[derive(Clone, Copy)]
pub struct Buffers(pub [*mut u8; 2]);
unsafe impl Send for Buffers {}
unsafe impl Sync for Buffers {}

/// Calls `f(k, index)` for every element of one transform on `side`: `k` counts elements
/// with dimension 0 fastest, `index` is the element's offset from the transform's start.
fn each_element(side: &Side, mut f: impl FnMut(usize, usize)) {
    let mut l = [1usize; 3];
    let mut s = [0usize; 3];
    for (d, (&len, &stride)) in side.lengths.iter().zip(&side.strides).enumerate() {
        l[d] = len;
        s[d] = stride;
    }
    let mut k = 0;
    for i2 in 0..l[2] {
        for i1 in 0..l[1] {
            let row = i2 * s[2] + i1 * s[1];
            for i0 in 0..l[0] {
                f(k, row + i0 * s[0]);
                k += 1;
            }
        }
    }
}

/// Offsets of transform `b`'s elements on `side` from the start of buffer 0 (what rocFFT's
/// callbacks get), in the order [`each_element`] visits them.
fn element_offsets(side: &Side, b: usize) -> Vec<usize> {
    let start = side.offsets[0] + b * side.distance;
    let mut out = vec![0; side.count()];
    each_element(side, |k, i| out[k] = start + i);
    out
}

/// Reads transform `b` of a complex side (through the load callback when there is one).
unsafe fn load_complex<S: Stored>(side: &Side, bufs: Buffers, b: usize, cb: Option<&Callback>) -> Result<Vec<Complex<S::C>>, Failed> {
    let mut out = vec![Complex::new(S::C::zero(), S::C::zero()); side.count()];
    if let Some(cb) = cb {
        callback::load_complex::<S>(cb, &element_offsets(side, b), |k, re, im| out[k] = Complex::new(re.widen(), im.widen()))?;
        return Ok(out);
    }
    let start = b * side.distance;
    if side.array.is_planar() {
        let (re, im) = (bufs.0[0] as *const S, bufs.0[1] as *const S);
        let (o0, o1) = (side.offsets[0] + start, side.offsets[1] + start);
        each_element(side, |k, i| unsafe { out[k] = Complex::new((*re.add(o0 + i)).widen(), (*im.add(o1 + i)).widen()) });
    } else {
        let p = bufs.0[0] as *const S;
        let o = side.offsets[0] + start;
        each_element(side, |k, i| unsafe {
            let at = p.add(2 * (o + i));
            out[k] = Complex::new((*at).widen(), (*at.add(1)).widen());
        });
    }
    Ok(out)
}

unsafe fn load_real<S: Stored>(side: &Side, bufs: Buffers, b: usize, cb: Option<&Callback>) -> Result<Vec<S::C>, Failed> {
    let mut out = vec![S::C::zero(); side.count()];
    if let Some(cb) = cb {
        callback::load_real::<S>(cb, &element_offsets(side, b), |k, v| out[k] = v.widen())?;
        return Ok(out);
    }
    let p = bufs.0[0] as *const S;
    let o = side.offsets[0] + b * side.distance;
    each_element(side, |k, i| unsafe { out[k] = (*p.add(o + i)).widen() });
    Ok(out)
}

unsafe fn store_complex<S: Stored>(side: &Side, bufs: Buffers, b: usize, data: &[Complex<S::C>], scale: f64, cb: Option<&Callback>) -> Result<(), Failed> {
    let v = |c: S::C| S::narrow(if scale == 1.0 { c } else { S::scale(c, scale) });
    if let Some(cb) = cb {
        return callback::store_complex::<S>(cb, &element_offsets(side, b), |k| (v(data[k].re), v(data[k].im)));
    }
    let start = b * side.distance;
    if side.array.is_planar() {
        let (re, im) = (bufs.0[0] as *mut S, bufs.0[1] as *mut S);
        let (o0, o1) = (side.offsets[0] + start, side.offsets[1] + start);
        each_element(side, |k, i| unsafe {
            *re.add(o0 + i) = v(data[k].re);
            *im.add(o1 + i) = v(data[k].im);
        });
    } else {
        let p = bufs.0[0] as *mut S;
        let o = side.offsets[0] + start;
        each_element(side, |k, i| unsafe {
            let at = p.add(2 * (o + i));
            *at = v(data[k].re);
            *at.add(1) = v(data[k].im);
        });
    }
    Ok(())
}

unsafe fn store_real<S: Stored>(side: &Side, bufs: Buffers, b: usize, data: &[S::C], scale: f64, cb: Option<&Callback>) -> Result<(), Failed> {
    let v = |c: S::C| S::narrow(if scale == 1.0 { c } else { S::scale(c, scale) });
    if let Some(cb) = cb {
        return callback::store_real::<S>(cb, &element_offsets(side, b), |k| v(data[k]));
    }
    let p = bufs.0[0] as *mut S;
    let o = side.offsets[0] + b * side.distance;
    each_element(side, |k, i| unsafe { *p.add(o + i) = v(data[k]) });
    Ok(())
}

/// A transform's input, gathered.
enum Loaded<C> {
    Complex(Vec<Complex<C>>),
    Real(Vec<C>),
}

unsafe fn load<S: Stored>(plan: &PlanCore, bufs: Buffers, b: usize, cbs: &Callbacks) -> Result<Loaded<S::C>, Failed> {
    let cb = cbs.load.as_ref();
    Ok(if plan.input.array == ArrayType::Real {
        Loaded::Real(unsafe { load_real::<S>(&plan.input, bufs, b, cb)? })
    } else {
        Loaded::Complex(unsafe { load_complex::<S>(&plan.input, bufs, b, cb)? })
    })
}

unsafe fn transform_and_store<S: Stored>(plan: &PlanCore, engine: &Engine<S::C>, input: Loaded<S::C>, out: Buffers, b: usize, cbs: &Callbacks) -> Result<(), Failed> {
    let cb = cbs.store.as_ref();
    match (plan.transform, input) {
        (Transform::ComplexForward | Transform::ComplexInverse, Loaded::Complex(mut data)) => {
            engine.complex_passes(&mut data, 0);
            unsafe { store_complex::<S>(&plan.output, out, b, &data, plan.scale, cb) }
        }
        (Transform::RealForward, Loaded::Real(mut real)) => {
            let mut herm = vec![Complex::new(S::C::zero(), S::C::zero()); plan.output.count()];
            engine.real_rows_forward(&mut real, &mut herm);
            engine.complex_passes(&mut herm, 1);
            unsafe { store_complex::<S>(&plan.output, out, b, &herm, plan.scale, cb) }
        }
        (Transform::RealInverse, Loaded::Complex(mut herm)) => {
            engine.complex_passes(&mut herm, 1);
            let mut real = vec![S::C::zero(); plan.output.count()];
            engine.real_rows_inverse(&mut herm, &mut real);
            unsafe { store_real::<S>(&plan.output, out, b, &real, plan.scale, cb) }
        }
        _ => unreachable!("array types were checked against the transform at plan creation"),
    }
}

/// Whether each transform of an in-place batch reads and writes only its own stretch of the
/// buffers, so that transforms may run in parallel, each gathering before it scatters.
fn batches_are_disjoint(plan: &PlanCore) -> bool {
    let one = |s: &Side| s.last_index().map(|l| (l + 1) * s.element_bytes(plan.precision));
    let dist = |s: &Side| s.distance * s.element_bytes(plan.precision);
    match (one(&plan.input), one(&plan.output)) {
        (Some(i), Some(o)) => {
            plan.batch == 1
                || (dist(&plan.input) == dist(&plan.output)
                    && i <= dist(&plan.input)
                    && o <= dist(&plan.output)
                    && plan.input.offsets == plan.output.offsets)
        }
        _ => false,
    }
}

/// Runs every transform of the batch from `input` to `output` (the same buffers in place),
/// through the callbacks `cbs` where set (then that side's buffers are not touched here).
///
/// # Safety
/// The buffers cover the plan's spans (those without a callback).
pub unsafe fn execute(plan: &PlanCore, input: Buffers, output: Buffers, cbs: &Callbacks) -> Result<(), Failed> {
    match (&plan.engines, plan.precision) {
        (Engines::F64(e), _) => unsafe { execute_as::<f64>(plan, e, input, output, cbs) },
        (Engines::F32(e), Precision::Half) => unsafe { execute_as::<half::f16>(plan, e, input, output, cbs) },
        (Engines::F32(e), _) => unsafe { execute_as::<f32>(plan, e, input, output, cbs) },
    }
}

unsafe fn execute_as<S: Stored>(plan: &PlanCore, engine: &Engine<S::C>, input: Buffers, output: Buffers, cbs: &Callbacks) -> Result<(), Failed> {
    // Data laid out as the engine wants them are transformed where they are.
    if cbs.load.is_none() && cbs.store.is_none() && unsafe { crate::direct::try_execute::<S>(plan, engine, input, output) } {
        return Ok(());
    }
    let one = |b: usize| unsafe {
        let data = load::<S>(plan, input, b, cbs)?;
        transform_and_store::<S>(plan, engine, data, output, b, cbs)
    };
    if plan.inplace && !batches_are_disjoint(plan) {
        // Another transform's output may land on this one's input: gather everything first.
        let all = (0..plan.batch).map(|b| unsafe { load::<S>(plan, input, b, cbs) }).collect::<Result<Vec<_>, _>>()?;
        for (b, data) in all.into_iter().enumerate() {
            unsafe { transform_and_store::<S>(plan, engine, data, output, b, cbs)? };
        }
        Ok(())
    } else if plan.batch > 1 {
        (0..plan.batch).into_par_iter().try_for_each(one)
    } else {
        one(0)
    }
}
