//! rocFFT load and store callbacks through the C API: the callbacks are AMDGCN device
//! functions of the code objects compiled from tests/fixtures/callbacks.hip (gfx1030 and
//! gfx1100), found by address as a client finds them, and run by the executor on the CPU
//! backend. Each transform is checked against a direct f64 DFT of what the load callback
//! returns (the input scaled by its data's factor), with the store callback's offset added
//! to what it stores; the elements no store reaches must keep their old values. Also the
//! refusals: an address no code object holds, planar data, and a callback that faults.

#![allow(clippy::needless_range_loop)]

mod support;

use amdhip64::memcpy::hipMemcpy;

use amdhip64::module::{hipModuleGetGlobal, hipModuleLoadData};
use rocfft::execute::rocfft_execute;
use rocfft::objects::*;
use rocfft::plan::*;
use std::ffi::{CString, c_void};
use std::ptr::null_mut;
use support::{Dev, Prec, signal};

type C64 = (f64, f64);

unsafe extern "C" {
    fn oxrocm_private_v1_backend_name() -> *const std::ffi::c_char;
    fn hipDeviceSynchronize() -> i32;
}

fn on_cpu() -> bool {
    unsafe { std::ffi::CStr::from_ptr(oxrocm_private_v1_backend_name()) }.to_bytes() == b"cpu"
}

/// Direct 1D DFT.
fn dft(x: &[C64], forward: bool) -> Vec<C64> {
    let n = x.len();
    let sign = if forward { -1.0 } else { 1.0 };
    (0..n)
        .map(|k| {
            x.iter().enumerate().fold((0.0, 0.0), |acc, (j, v)| {
                let a = sign * 2.0 * std::f64::consts::PI * ((j * k) % n) as f64 / n as f64;
                (acc.0 + v.0 * a.cos() - v.1 * a.sin(), acc.1 + v.0 * a.sin() + v.1 * a.cos())
            })
        })
        .collect()
}


/// The bound on a case's error: a direct O(N²) DFT as the reference leaves double precision
/// a little above issue 23's 1e-14.
fn tolerance(p: Prec) -> f64 {
    if p == Prec::Double { 1e-13 } else { p.bound() }
}

/// The fixture's code object for `target`, loaded as a module.
fn module(target: &str) -> *mut c_void {
    let path = format!("{}/tests/fixtures/callbacks.{target}.co", env!("CARGO_MANIFEST_DIR"));
    let image = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut m = null_mut();
    assert_eq!(unsafe { hipModuleLoadData(&mut m, image.as_ptr().cast()) }, 0, "{path}");
    // The image is copied at load; `image` may go.
    m
}

/// The address a `__device__` function-pointer variable of `m` holds (what a client reads
/// with hipMemcpyFromSymbol).
fn function(m: *mut c_void, var: &str) -> *mut c_void {
    let name = CString::new(var).unwrap();
    let (mut at, mut size) = (null_mut(), 0usize);
    assert_eq!(unsafe { hipModuleGetGlobal(&mut at, &mut size, m, name.as_ptr()) }, 0, "{var}");
    assert_eq!(size, 8);
    let mut f: *mut c_void = null_mut();
    assert_eq!(unsafe { hipMemcpy((&mut f as *mut *mut c_void).cast(), at, 8, 2) }, 0);
    assert!(!f.is_null(), "{var} holds no address");
    f
}

/// The callbacks' data (`cb_data` in callbacks.hip) in device memory.
fn cb_data(base: *mut c_void, scale: f64, add: f64) -> Dev {
    let mut b = Vec::new();
    b.extend((base as u64).to_le_bytes());
    b.extend(scale.to_le_bytes());
    b.extend(add.to_le_bytes());
    Dev::new(&b)
}

/// One 1D transform with callbacks, interleaved data, strided and offset on both sides.
#[derive(Clone, Copy, Debug)]
struct Case {
    /// rocfft_transform_type: 0 complex forward, 2 real forward, 3 real inverse.
    transform: i32,
    prec: Prec,
    n: usize,
    batch: usize,
    inplace: bool,
    load: bool,
    store: bool,
    /// The plan's scale factor (applied before the store callback, as in rocFFT).
    scale: f64,
}

const LOAD_SCALE: f64 = 0.5;
const STORE_ADD: f64 = 0.25;
/// What output elements hold before the transform: those no store reaches keep it.
const UNTOUCHED: f64 = 7.0;

/// Runs `case` with the callbacks of module `m` and returns the relative L2 error against
/// the reference; panics where an element outside the output's elements changed.
fn run(m: *mut c_void, case: Case) -> f64 {
    let p = case.prec;
    let n = case.n;
    let h = n / 2 + 1;
    let (in_len, out_len, real_in, real_out) = match case.transform {
        0 => (n, n, false, false),
        2 => (n, h, true, false),
        _ => (h, n, false, true),
    };
    // Out of place: strides 2 (a gap after each element), distances with slack, offsets 3
    // and 1. In place the sides share their bytes: complex data as out of place on both
    // sides; real data contiguous, rows padded to 2 * (n / 2 + 1) values plus a gap, the
    // hermitian side at the same bytes.
    let per = |real: bool| if real { 1 } else { 2 };
    let (iper, oper) = (per(real_in), per(real_out));
    let (istride, ostride, ioff, ooff, idist, odist) = match (case.inplace, case.transform) {
        (false, _) => (2, 2, 3, 1, in_len * 2 + 5, out_len * 2 + 3),
        (true, 0) => (2, 2, 3, 3, n * 2 + 5, n * 2 + 5),
        (true, 2) => (1, 1, 2, 1, 2 * h + 2, h + 1),
        (true, _) => (1, 1, 1, 2, h + 1, 2 * h + 2),
    };
    let extent = |off: usize, dist: usize, stride: usize, len: usize| off + (case.batch - 1) * dist + (len - 1) * stride + 1;
    let (mut in_vals, mut out_vals) = (extent(ioff, idist, istride, in_len), extent(ooff, odist, ostride, out_len));
    if case.inplace {
        assert_eq!((ioff * iper, idist * iper), (ooff * oper, odist * oper), "in-place sides share their bytes");
        let reals = (in_vals * iper).max(out_vals * oper);
        (in_vals, out_vals) = (reals.div_ceil(iper), reals.div_ceil(oper));
    }

    // Input values, and the logical (loaded) input of each transform.
    let mut ibuf: Vec<f64> = signal(in_vals * iper, 7).iter().map(|&v| p.round(v)).collect();
    let mut loaded: Vec<Vec<C64>> = Vec::new();
    for b in 0..case.batch {
        let at = |k: usize| ioff + b * idist + k * istride;
        if case.transform == 3 {
            // A hermitian spectrum (of a real signal) in the input's elements.
            let real = signal(n, 20 + b as u64);
            let spec = dft(&real.iter().map(|&r| (r, 0.0)).collect::<Vec<_>>(), true);
            for k in 0..h {
                ibuf[2 * at(k)] = p.round(spec[k].0);
                ibuf[2 * at(k) + 1] = p.round(if k == 0 || 2 * k == n { 0.0 } else { spec[k].1 });
            }
        }
        let scaled = |v: f64| if case.load { p.round(v * LOAD_SCALE) } else { v };
        loaded.push((0..in_len).map(|k| if real_in { (scaled(ibuf[at(k)]), 0.0) } else { (scaled(ibuf[2 * at(k)]), scaled(ibuf[2 * at(k) + 1])) }).collect());
    }
    let idev = Dev::new(&p.encode(&ibuf));
    let odev = if case.inplace { None } else { Some(Dev::new(&p.encode(&vec![UNTOUCHED; out_vals * oper]))) };
    let obase = odev.as_ref().map_or(idev.0, |d| d.0);
    let load_data = cb_data(idev.0, LOAD_SCALE, 0.0);
    let store_data = cb_data(obase, 1.0, STORE_ADD);

    unsafe {
        let mut desc = null_mut();
        assert_eq!(rocfft_plan_description_create(&mut desc), 0);
        let ty = |real: bool| if real { 2 } else if case.transform == 0 { 0 } else { 3 };
        let (io, oo) = ([ioff, 0], [ooff, 0]);
        assert_eq!(
            rocfft_plan_description_set_data_layout(desc, ty(real_in), ty(real_out), io.as_ptr(), oo.as_ptr(), 1, &istride, idist, 1, &ostride, odist),
            0
        );
        assert_eq!(rocfft_plan_description_set_scale_factor(desc, case.scale), 0);
        let mut plan = null_mut();
        assert_eq!(rocfft_plan_create(&mut plan, if case.inplace { 0 } else { 1 }, case.transform, p.c(), 1, &n, case.batch, desc), 0, "{case:?}");
        let mut info = null_mut();
        assert_eq!(rocfft_execution_info_create(&mut info), 0);
        let kind = |real: bool| if real { "real" } else { "cplx" };
        if case.load {
            let mut f = [function(m, &format!("load_{}_{}_dev", kind(real_in), p.type_name()))];
            let mut d = [load_data.0];
            assert_eq!(rocfft_execution_info_set_load_callback(info, f.as_mut_ptr(), d.as_mut_ptr(), 0), 0);
        }
        if case.store {
            let mut f = [function(m, &format!("store_{}_{}_dev", kind(real_out), p.type_name()))];
            let mut d = [store_data.0];
            assert_eq!(rocfft_execution_info_set_store_callback(info, f.as_mut_ptr(), d.as_mut_ptr(), 0), 0);
        }
        let mut ins = [idev.0];
        let mut outs = [obase];
        assert_eq!(rocfft_execute(plan, ins.as_mut_ptr(), if case.inplace { null_mut() } else { outs.as_mut_ptr() }, info), 0, "{case:?}");
        assert_eq!(hipDeviceSynchronize(), 0, "{case:?}");
        assert_eq!(rocfft_execution_info_destroy(info), 0);
        assert_eq!(rocfft_plan_destroy(plan), 0);
        assert_eq!(rocfft_plan_description_destroy(desc), 0);
    }
    let got_all = p.decode(&odev.as_ref().unwrap_or(&idev).read());
    let (mut got, mut want) = (Vec::new(), Vec::new());
    let mut written = vec![false; got_all.len()];
    for (b, x) in loaded.iter().enumerate() {
        let full = if real_out {
            // Extend the hermitian half to the full spectrum, then invert.
            let spec: Vec<C64> = (0..n).map(|k| if k < h { x[k] } else { (x[n - k].0, -x[n - k].1) }).collect();
            dft(&spec, false)
        } else {
            dft(x, case.transform == 0 || case.transform == 2)
        };
        for k in 0..out_len {
            let at = ooff + b * odist + k * ostride;
            let (mut re, mut im) = (full[k].0 * case.scale, full[k].1 * case.scale);
            if case.store {
                re += STORE_ADD;
                im -= STORE_ADD;
            }
            if real_out {
                written[at] = true;
                got.push((got_all[at], 0.0));
                want.push((re, 0.0));
            } else {
                written[2 * at] = true;
                written[2 * at + 1] = true;
                got.push((got_all[2 * at], got_all[2 * at + 1]));
                want.push((re, im));
            }
        }
    }
    if !case.inplace {
        for (i, (&v, &w)) in got_all.iter().zip(&written).enumerate() {
            assert!(w || v == UNTOUCHED, "{case:?}: value {i} outside the output's elements changed to {v}");
        }
        // Out of place, the input is only read.
        assert_eq!(p.decode(&idev.read()), ibuf, "{case:?}: the input changed");
    }
    let err: f64 = got.iter().zip(&want).map(|(a, b)| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sum();
    let norm: f64 = want.iter().map(|b| b.0 * b.0 + b.1 * b.1).sum();
    (err / norm).sqrt()
}

/// The two tests take turns: a faulting callback's launch failure is reported by the next
/// HIP call of the process, which must be the faulting test's own synchronize, not the other
/// test's hipMalloc (the two ran into each other in a full run, 2026-11-28).
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn load_and_store_callbacks_run_as_device_code() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !on_cpu() {
        // Elsewhere a callback is refused (checked in the test below).
        return;
    }
    for target in ["gfx1030", "gfx1100"] {
        let m = module(target);
        for prec in [Prec::Single, Prec::Double, Prec::Half] {
            for transform in [0, 2, 3] {
                for (load, store) in [(true, false), (false, true), (true, true)] {
                    for inplace in [false, true] {
                        for n in [1, 16, 35, 257] {
                            // Half-precision FFTs are short in rocFFT's tests too.
                            if prec == Prec::Half && n > 64 {
                                continue;
                            }
                            let scale = if store { 0.75 } else { 1.0 };
                            let case = Case { transform, prec, n, batch: 3, inplace, load, store, scale };
                            let e = run(m, case);
                            assert!(e <= tolerance(prec), "{target}: relative L2 error {e:e} for {case:?}");
                        }
                    }
                }
            }
        }
    }
}

/// A plan and buffers for the refusal tests: complex forward, length 8, f32.
fn refused(m: *mut c_void, planar: bool, load_fn: *mut c_void) -> (i32, i32) {
    let idev = Dev::new(&vec![0u8; 64 * 4]);
    let odev = Dev::new(&vec![0u8; 64 * 4]);
    let data = cb_data(idev.0, 1.0, 0.0);
    let _ = m;
    unsafe {
        let mut desc = null_mut();
        assert_eq!(rocfft_plan_description_create(&mut desc), 0);
        let ty = if planar { 1 } else { 0 };
        assert_eq!(rocfft_plan_description_set_data_layout(desc, ty, ty, std::ptr::null(), std::ptr::null(), 0, std::ptr::null(), 0, 0, std::ptr::null(), 0), 0);
        let mut plan = null_mut();
        let n = 8usize;
        assert_eq!(rocfft_plan_create(&mut plan, 1, 0, 0, 1, &n, 1, desc), 0);
        let mut info = null_mut();
        assert_eq!(rocfft_execution_info_create(&mut info), 0);
        let mut f = [load_fn];
        let mut d = [data.0];
        assert_eq!(rocfft_execution_info_set_load_callback(info, f.as_mut_ptr(), d.as_mut_ptr(), 0), 0);
        // Planar buffers: two per side, the imaginary parts beside the real ones.
        let mut ins = [idev.0, idev.0.cast::<u8>().add(128).cast()];
        let mut outs = [odev.0, odev.0.cast::<u8>().add(128).cast()];
        let st = rocfft_execute(plan, ins.as_mut_ptr(), outs.as_mut_ptr(), info);
        let sync = hipDeviceSynchronize();
        assert_eq!(rocfft_execution_info_destroy(info), 0);
        assert_eq!(rocfft_plan_destroy(plan), 0);
        assert_eq!(rocfft_plan_description_destroy(desc), 0);
        (st, sync)
    }
}

#[test]
fn callbacks_that_cannot_run_are_refused() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = module("gfx1030");
    let good = function(m, "load_cplx_f32_dev");
    // The backends without an AMDGCN executor refuse every callback at execute.
    if !on_cpu() {
        assert_eq!(refused(m, false, good).0, 1);
        return;
    }
    // An address no loaded code object holds (a host function), and one inside the code
    // object that starts no function: rocfft_status_failure, nothing queued.
    assert_eq!(refused(m, false, (on_cpu as fn() -> bool) as *mut c_void), (1, 0));
    assert_eq!(refused(m, false, good.cast::<u8>().wrapping_add(4).cast()), (1, 0));
    // rocFFT's callbacks do not support planar data.
    assert_eq!(refused(m, true, good), (1, 0));
    // The same plan with an interleaved layout runs.
    assert_eq!(refused(m, false, good), (0, 0));
    // A callback that faults: queued, and the stream reports a launch failure.
    let (st, sync) = refused(m, false, function(m, "load_faulting_dev"));
    assert_eq!(st, 0);
    assert_eq!(sync, 719, "hipErrorLaunchFailure");
}
