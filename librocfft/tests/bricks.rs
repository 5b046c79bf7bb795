//! rocFFT's fields and bricks through the C API: transforms whose input and/or output lie in
//! bricks (split along a transform axis or the batch, with contiguous, padded or transposed
//! strides) on two devices or one, against a direct f64 DFT; and the statuses bad fields get.
//! The process asks for two devices (`OXROCM_CPU_DEVICES=2`, or each Vulkan device twice)
//! before HIP starts.

#![allow(clippy::needless_range_loop)] // index arithmetic over dimensions reads clearer with indices

mod support;

use amdhip64::device::{hipDeviceSynchronize, hipGetDeviceCount, hipSetDevice};
use rocfft::execute::rocfft_execute;
use rocfft::objects::*;
use rocfft::plan::*;
use rocfft::types::*;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::Once;
use support::{C64, Dev, Prec, dft, rel_l2, signal};

/// Two devices for every test of this binary (the runtime reads its settings once).
fn two_devices() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        if std::env::var_os("OXROCM_CPU_DEVICES").is_none() {
            std::env::set_var("OXROCM_CPU_DEVICES", "2");
        }
        if std::env::var_os("OXROCM_VULKAN_DEVICE_REPEAT").is_none() {
            std::env::set_var("OXROCM_VULKAN_DEVICE_REPEAT", "2");
        }
    });
    let mut n = 0;
    assert_eq!(unsafe { hipGetDeviceCount(&mut n) }, 0);
    assert!(n >= 2, "these tests need two devices, got {n}");
}

/// How a brick's elements lie in its buffer.
#[derive(Clone, Copy, Debug)]
enum Strides {
    /// Dimension 0 fastest, no gaps.
    Contiguous,
    /// Dimension 0 fastest, each run of dimension 0 padded by 3 elements.
    Padded,
    /// The last dimension (the batch) fastest: a transposed brick.
    Transposed,
}

/// One side's field: its index space cut along `axis` (0 = the fastest transform dimension,
/// rank = the batch) into `parts` bricks, placed on devices 0, 1, 0, ... or all on device 0.
#[derive(Clone, Copy, Debug)]
struct Split {
    axis: usize,
    parts: usize,
    two_devices: bool,
    strides: Strides,
}

#[derive(Clone, Debug)]
struct Brick {
    lower: Vec<usize>,
    upper: Vec<usize>,
    stride: Vec<usize>,
    device: i32,
}

impl Brick {
    fn lengths(&self) -> Vec<usize> {
        self.lower.iter().zip(&self.upper).map(|(l, u)| u - l).collect()
    }
    /// Elements its buffer holds.
    fn extent(&self) -> usize {
        self.lengths().iter().zip(&self.stride).map(|(l, s)| (l - 1) * s).sum::<usize>() + 1
    }
    /// Where field index `idx` lies in this brick's buffer, if it is in the brick.
    fn local(&self, idx: &[usize]) -> Option<usize> {
        let inside = idx.iter().enumerate().all(|(d, &i)| self.lower[d] <= i && i < self.upper[d]);
        inside.then(|| idx.iter().enumerate().map(|(d, &i)| (i - self.lower[d]) * self.stride[d]).sum())
    }
}

fn bricks(whole: &[usize], split: Split) -> Vec<Brick> {
    (0..split.parts)
        .map(|p| {
            let (mut lower, mut upper) = (vec![0; whole.len()], whole.to_vec());
            lower[split.axis] = p * whole[split.axis] / split.parts;
            upper[split.axis] = (p + 1) * whole[split.axis] / split.parts;
            let lens: Vec<usize> = lower.iter().zip(&upper).map(|(l, u)| u - l).collect();
            let mut stride = vec![0; lens.len()];
            let mut next = 1;
            let order: Vec<usize> = match split.strides {
                Strides::Transposed => (0..lens.len()).rev().collect(),
                _ => (0..lens.len()).collect(),
            };
            for (k, &d) in order.iter().enumerate() {
                stride[d] = next;
                next *= lens[d] + if k == 0 && matches!(split.strides, Strides::Padded) { 3 } else { 0 };
            }
            let device = if split.two_devices { (p % 2) as i32 } else { 0 };
            Brick { lower, upper, stride, device }
        })
        .collect()
}

/// Calls `f(k, idx)` for every index of `whole` (dimension 0 fastest), `k` counting them.
fn each_index(whole: &[usize], mut f: impl FnMut(usize, &[usize])) {
    let count: usize = whole.iter().product();
    let mut idx = vec![0; whole.len()];
    for k in 0..count {
        let mut rem = k;
        for d in 0..whole.len() {
            idx[d] = rem % whole[d];
            rem /= whole[d];
        }
        f(k, &idx);
    }
}

/// Device memory on `device` holding `bytes`.
fn on_device(device: i32, bytes: &[u8]) -> Dev {
    assert_eq!(unsafe { hipSetDevice(device) }, 0);
    let d = Dev::new(bytes);
    assert_eq!(unsafe { hipSetDevice(0) }, 0);
    d
}

/// A field's values (interleaved or real) written into fresh brick buffers.
fn scatter_to_bricks(whole: &[usize], bs: &[Brick], data: &[C64], complex: bool, prec: Prec) -> Vec<Dev> {
    let per = if complex { 2 } else { 1 };
    let mut bufs: Vec<Vec<f64>> = bs.iter().enumerate().map(|(i, b)| signal(b.extent() * per, 50 + i as u64)).collect();
    each_index(whole, |k, idx| {
        let (i, at) = bs.iter().enumerate().find_map(|(i, b)| b.local(idx).map(|at| (i, at))).expect("bricks cover the field");
        if complex {
            bufs[i][2 * at] = data[k].0;
            bufs[i][2 * at + 1] = data[k].1;
        } else {
            bufs[i][at] = data[k].0;
        }
    });
    bs.iter().zip(&bufs).map(|(b, v)| on_device(b.device, &prec.encode(v))).collect()
}

fn gather_from_bricks(whole: &[usize], bs: &[Brick], devs: &[Dev], complex: bool, prec: Prec) -> Vec<C64> {
    let vals: Vec<Vec<f64>> = devs.iter().map(|d| prec.decode(&d.read())).collect();
    let mut out = vec![(0.0, 0.0); whole.iter().product()];
    each_index(whole, |k, idx| {
        let (i, at) = bs.iter().enumerate().find_map(|(i, b)| b.local(idx).map(|at| (i, at))).expect("bricks cover the field");
        out[k] = if complex { (vals[i][2 * at], vals[i][2 * at + 1]) } else { (vals[i][at], 0.0) };
    });
    out
}

#[derive(Clone, Debug)]
struct Case {
    transform: i32,
    prec: Prec,
    lens: Vec<usize>,
    batch: usize,
    inplace: bool,
    input: Option<Split>,
    output: Option<Split>,
}

/// Makes a field of `bs` on `desc`'s input or output side.
unsafe fn add_field(desc: *mut PlanDescription, bs: &[Brick], input: bool) {
    unsafe {
        let mut field = null_mut();
        assert_eq!(rocfft_field_create(&mut field), 0);
        for b in bs {
            let mut brick = null_mut();
            assert_eq!(rocfft_brick_create(&mut brick, b.lower.as_ptr(), b.upper.as_ptr(), b.stride.as_ptr(), b.lower.len(), b.device), 0);
            assert_eq!(rocfft_field_add_brick(field, brick), 0);
            assert_eq!(rocfft_brick_destroy(brick), 0);
        }
        let st = if input { rocfft_plan_description_add_infield(desc, field) } else { rocfft_plan_description_add_outfield(desc, field) };
        assert_eq!(st, 0);
        assert_eq!(rocfft_field_destroy(field), 0);
    }
}

/// Runs `case` and returns the relative L2 error of the whole output against a direct DFT.
fn run(case: &Case) -> f64 {
    two_devices();
    let n: usize = case.lens.iter().product();
    let mut half = case.lens.clone();
    half[0] = case.lens[0] / 2 + 1;
    let (in_lens, out_lens) = match case.transform {
        0 | 1 => (case.lens.clone(), case.lens.clone()),
        2 => (case.lens.clone(), half.clone()),
        _ => (half.clone(), case.lens.clone()),
    };
    let with_batch = |l: &[usize]| {
        let mut v = l.to_vec();
        v.push(case.batch);
        v
    };
    let (in_whole, out_whole) = (with_batch(&in_lens), with_batch(&out_lens));
    let (in_complex, out_complex) = (case.transform != 2, case.transform != 3);
    let p = |v: f64| case.prec.round(v);

    // Input field and expected output, batch by batch (fields are contiguous in index order).
    let mut input = Vec::new();
    let mut want = Vec::new();
    for b in 0..case.batch {
        let sig = signal(2 * n, 7 + b as u64);
        match case.transform {
            0 | 1 => {
                let x: Vec<C64> = (0..n).map(|i| (p(sig[2 * i]), p(sig[2 * i + 1]))).collect();
                want.extend(dft(&x, &case.lens, case.transform == 0));
                input.extend(x);
            }
            2 => {
                let x: Vec<C64> = (0..n).map(|i| (p(sig[i]), 0.0)).collect();
                let full = dft(&x, &case.lens, true);
                each_index(&out_lens, |_, idx| want.push(full[flat(idx, &case.lens)]));
                input.extend(x);
            }
            _ => {
                // The half spectrum of a real signal r (as stored); its unnormalised inverse is n·r.
                let r: Vec<C64> = (0..n).map(|i| (sig[i], 0.0)).collect();
                let full = dft(&r, &case.lens, true);
                let mut spec: Vec<C64> = Vec::new();
                each_index(&in_lens, |_, idx| {
                    let v = full[flat(idx, &case.lens)];
                    spec.push((p(v.0), p(v.1)));
                });
                // The reference inverts the stored (rounded) half spectrum, extended by symmetry.
                let mut ext = vec![(0.0, 0.0); n];
                each_index(&case.lens, |k, idx| {
                    let (src, conj) = if idx[0] < in_lens[0] {
                        (idx.to_vec(), false)
                    } else {
                        (idx.iter().zip(&case.lens).map(|(&i, &l)| (l - i) % l).collect(), true)
                    };
                    let v = spec[flat(&src, &in_lens)];
                    ext[k] = if conj { (v.0, -v.1) } else { v };
                });
                want.extend(dft(&ext, &case.lens, false).into_iter().map(|v| (v.0, 0.0)));
                input.extend(spec);
            }
        }
    }

    let in_bricks = case.input.map(|s| bricks(&in_whole, s));
    let out_bricks = case.output.map(|s| bricks(&out_whole, s));
    // Sides without a field: default contiguous buffers on device 0.
    let per = |complex: bool| if complex { 2 } else { 1 };
    let flat_values = |v: &[C64], complex: bool| -> Vec<f64> { v.iter().flat_map(|c| if complex { vec![c.0, c.1] } else { vec![c.0] }).collect() };
    let in_devs = match &in_bricks {
        Some(bs) => scatter_to_bricks(&in_whole, bs, &input, in_complex, case.prec),
        None => vec![on_device(0, &case.prec.encode(&flat_values(&input, in_complex)))],
    };
    let out_devs = match (&out_bricks, case.inplace) {
        (_, true) => vec![],
        (Some(bs), false) => scatter_to_bricks(&out_whole, bs, &vec![(0.0, 0.0); out_whole.iter().product()], out_complex, case.prec),
        (None, false) => vec![on_device(0, &vec![0u8; out_whole.iter().product::<usize>() * per(out_complex) * case.prec.bytes()])],
    };
    unsafe {
        let mut desc = null_mut();
        assert_eq!(rocfft_plan_description_create(&mut desc), 0);
        if let Some(bs) = &in_bricks {
            add_field(desc, bs, true);
        }
        if let Some(bs) = &out_bricks {
            add_field(desc, bs, false);
        }
        let mut plan = null_mut();
        let st = rocfft_plan_create(&mut plan, if case.inplace { 0 } else { 1 }, case.transform, case.prec.c(), case.lens.len(), case.lens.as_ptr(), case.batch, desc);
        assert_eq!(st, 0, "{case:?}");
        let mut ins: Vec<*mut c_void> = in_devs.iter().map(|d| d.0).collect();
        let mut outs: Vec<*mut c_void> = out_devs.iter().map(|d| d.0).collect();
        let out_ptr = if case.inplace { null_mut() } else { outs.as_mut_ptr() };
        assert_eq!(rocfft_execute(plan, ins.as_mut_ptr(), out_ptr, null_mut()), 0, "{case:?}");
        assert_eq!(hipDeviceSynchronize(), 0);
        assert_eq!(rocfft_plan_destroy(plan), 0);
        assert_eq!(rocfft_plan_description_destroy(desc), 0);
    }
    let result_devs = if case.inplace { &in_devs } else { &out_devs };
    let got = match &out_bricks {
        Some(bs) => gather_from_bricks(&out_whole, bs, result_devs, out_complex, case.prec),
        None => {
            let v = case.prec.decode(&result_devs[0].read());
            if out_complex { v.chunks(2).map(|c| (c[0], c[1])).collect() } else { v.iter().map(|&r| (r, 0.0)).collect() }
        }
    };
    assert!(want.iter().any(|v| v.0 != 0.0 || v.1 != 0.0), "a reference of zeros proves nothing");
    rel_l2(&got, &want)
}

/// Offset of `idx` in a contiguous array of `lens` (dimension 0 fastest; extra indices ignored).
fn flat(idx: &[usize], lens: &[usize]) -> usize {
    let mut at = 0;
    let mut stride = 1;
    for d in 0..lens.len() {
        at += idx[d] * stride;
        stride *= lens[d];
    }
    at
}

fn check(case: Case) {
    let err = run(&case);
    let bound = match case.prec {
        Prec::Double => 1e-13,
        _ => 2e-6,
    };
    assert!(err < bound, "relative L2 error {err:e} for {case:?}");
}

fn split(axis: usize, parts: usize, two_devices: bool, strides: Strides) -> Option<Split> {
    Some(Split { axis, parts, two_devices, strides })
}

#[test]
fn complex_fields_on_two_devices() {
    use Strides::*;
    // 1D split along the transform axis; out of place, forward.
    check(Case { transform: 0, prec: Prec::Double, lens: vec![64], batch: 3, inplace: false, input: split(0, 2, true, Contiguous), output: split(0, 2, true, Contiguous) });
    // 1D split along the batch, in place (one field for both sides), inverse, single precision.
    check(Case { transform: 1, prec: Prec::Single, lens: vec![60], batch: 4, inplace: true, input: split(1, 2, true, Padded), output: split(1, 2, true, Padded) });
    // 2D: input split along dimension 1 with padded rows, output along dimension 0, transposed.
    check(Case { transform: 0, prec: Prec::Double, lens: vec![16, 12], batch: 2, inplace: false, input: split(1, 2, true, Padded), output: split(0, 2, true, Transposed) });
    // 3D: input in three uneven bricks along dimension 2, output an ordinary buffer.
    check(Case { transform: 1, prec: Prec::Double, lens: vec![8, 6, 5], batch: 1, inplace: false, input: split(2, 3, true, Transposed), output: None });
    // 3D: ordinary input, output bricks along the batch.
    check(Case { transform: 0, prec: Prec::Single, lens: vec![4, 6, 10], batch: 2, inplace: false, input: None, output: split(3, 2, true, Padded) });
}

#[test]
fn real_fields_on_two_devices() {
    use Strides::*;
    // r2c 1D: input split along the batch, output along the (hermitian) dimension 0.
    check(Case { transform: 2, prec: Prec::Double, lens: vec![30], batch: 3, inplace: false, input: split(1, 3, true, Contiguous), output: split(0, 2, true, Padded) });
    // r2c 2D: input split along dimension 1, output an ordinary buffer.
    check(Case { transform: 2, prec: Prec::Single, lens: vec![16, 10], batch: 2, inplace: false, input: split(1, 2, true, Padded), output: None });
    // c2r 3D: hermitian input split along dimension 0 (5 = 2 + 3), output along dimension 2.
    check(Case { transform: 3, prec: Prec::Double, lens: vec![8, 4, 6], batch: 2, inplace: false, input: split(0, 2, true, Transposed), output: split(2, 2, true, Contiguous) });
    // c2r 2D: ordinary input, output bricks along dimension 1 (odd real length).
    check(Case { transform: 3, prec: Prec::Double, lens: vec![9, 6], batch: 1, inplace: false, input: None, output: split(1, 3, true, Padded) });
}

#[test]
fn fields_on_one_device() {
    use Strides::*;
    check(Case { transform: 0, prec: Prec::Double, lens: vec![12, 10], batch: 2, inplace: false, input: split(0, 3, false, Transposed), output: split(2, 2, false, Padded) });
    check(Case { transform: 2, prec: Prec::Double, lens: vec![6, 4, 5], batch: 2, inplace: false, input: split(2, 2, false, Contiguous), output: split(1, 2, false, Contiguous) });
    check(Case { transform: 1, prec: Prec::Single, lens: vec![128], batch: 1, inplace: true, input: split(0, 1, false, Contiguous), output: split(0, 1, false, Contiguous) });
}

/// rocFFT refuses a plan whose field does not describe the data (rocfft_status_failure), and
/// our execute refuses missing brick pointers (rocfft_status_invalid_arg_value).
#[test]
fn bad_fields_are_refused() {
    two_devices();
    let lens = [8usize, 4];
    let whole = [8usize, 4, 2];
    let good = bricks(&whole, Split { axis: 1, parts: 2, two_devices: true, strides: Strides::Contiguous });
    let plan_with = |bs: &[Brick], array_types: Option<(i32, i32)>| -> (i32, *mut Plan) {
        unsafe {
            let mut desc = null_mut();
            assert_eq!(rocfft_plan_description_create(&mut desc), 0);
            if let Some((i, o)) = array_types {
                assert_eq!(rocfft_plan_description_set_data_layout(desc, i, o, std::ptr::null(), std::ptr::null(), 0, std::ptr::null(), 0, 0, std::ptr::null(), 0), 0);
            }
            add_field(desc, bs, true);
            let mut plan = null_mut();
            let st = rocfft_plan_create(&mut plan, 1, 0, 0, 2, lens.as_ptr(), 2, desc);
            assert_eq!(rocfft_plan_description_destroy(desc), 0);
            (st, plan)
        }
    };
    let refused = |bs: Vec<Brick>, why: &str| assert_eq!(plan_with(&bs, None).0, rocfft_status_failure, "{why}");
    refused(good[..1].to_vec(), "a brick missing");
    let mut overlap = good.clone();
    overlap[1].lower[1] -= 1;
    refused(overlap, "overlapping bricks");
    let mut short = good.clone();
    short[1].lower[1] += 1;
    refused(short, "a row not covered");
    let mut past = good.clone();
    past[1].upper[0] += 1;
    refused(past, "past the field");
    let mut wrapped = good.clone();
    wrapped[0].lower[0] = usize::MAX;
    refused(wrapped, "a lower bound wrapped around");
    let wrong_rank: Vec<Brick> = good.iter().map(|b| Brick { lower: b.lower[..2].to_vec(), upper: b.upper[..2].to_vec(), stride: b.stride[..2].to_vec(), device: b.device }).collect();
    refused(wrong_rank, "bricks without the batch dimension");
    let mut nowhere = good.clone();
    nowhere[1].device = 99;
    refused(nowhere, "a device that does not exist");
    assert_eq!(plan_with(&good, Some((1, 1))).0, rocfft_status_failure, "planar fields");

    // A good field, executed without one of its brick pointers.
    let (st, plan) = plan_with(&good, None);
    assert_eq!(st, 0);
    let devs: Vec<Dev> = good.iter().map(|b| on_device(b.device, &vec![0u8; b.extent() * 8])).collect();
    let out = on_device(0, &[0u8; 8 * 8 * 4 * 2]);
    let mut outs = [out.0];
    let mut missing = [devs[0].0, null_mut()];
    unsafe {
        assert_eq!(rocfft_execute(plan, missing.as_mut_ptr(), outs.as_mut_ptr(), null_mut()), rocfft_status_invalid_arg_value);
        let mut ins = [devs[0].0, devs[1].0];
        assert_eq!(rocfft_execute(plan, ins.as_mut_ptr(), outs.as_mut_ptr(), null_mut()), 0);
        assert_eq!(hipDeviceSynchronize(), 0);
        assert_eq!(rocfft_plan_destroy(plan), 0);
    }
}
