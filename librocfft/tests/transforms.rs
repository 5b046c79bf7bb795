//! rocFFT transforms through the C API on the CPU backend, against a direct f64 DFT computed
//! here (a separate algorithm from the library's FFTs): complex, real-forward and
//! real-inverse; 1D/2D/3D; in and out of place; interleaved and planar; strided and batched;
//! single, double and half precision. And the statuses rocFFT gives bad plans.

#![allow(clippy::needless_range_loop)] // index arithmetic over dimensions reads clearer with indices

mod support;

use rocfft::execute::rocfft_execute;
use rocfft::objects::*;
use rocfft::plan::*;
use rocfft::types::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use support::{C64, Dev, Prec, dft, rel_l2, signal};

/// One layout side in real values per buffer: strides/distance in elements.
#[derive(Clone, Debug)]
struct SideSpec { planar: bool, strides: Vec<usize>, dist: usize, offset: usize }

#[derive(Clone, Debug)]
struct Case {
    transform: i32, // 0..3
    prec: Prec,
    lens: Vec<usize>,
    batch: usize,
    inplace: bool,
    input: Option<SideSpec>,
    output: Option<SideSpec>,
    scale: f64,
}

/// Element lengths of each side.
fn side_lengths(c: &Case) -> (Vec<usize>, Vec<usize>) {
    let mut h = c.lens.clone();
    h[0] = c.lens[0] / 2 + 1;
    match c.transform {
        0 | 1 => (c.lens.clone(), c.lens.clone()),
        2 => (c.lens.clone(), h),
        _ => (h, c.lens.clone()),
    }
}

fn contiguous(lens: &[usize]) -> (Vec<usize>, usize) {
    let mut s = vec![1];
    for d in 1..lens.len() { s.push(s[d - 1] * lens[d - 1]); }
    let dist = s[lens.len() - 1] * lens[lens.len() - 1];
    (s, dist)
}

fn each_index(lens: &[usize], strides: &[usize], mut f: impl FnMut(usize, usize)) {
    let n: usize = lens.iter().product();
    for k in 0..n {
        let (mut rem, mut idx) = (k, 0);
        for d in 0..lens.len() { idx += (rem % lens[d]) * strides[d]; rem /= lens[d]; }
        f(k, idx);
    }
}

/// Runs `case` and returns the relative L2 error against the direct DFT.
fn run(case: &Case) -> f64 {
    let (in_lens, out_lens) = side_lengths(case);
    let real_in = case.transform == 2;
    let real_out = case.transform == 3;
    let (in_s, in_d) = contiguous(&in_lens);
    let (out_s, out_d) = contiguous(&out_lens);
    let ispec = case.input.clone().unwrap_or(SideSpec { planar: false, strides: in_s, dist: in_d, offset: 0 });
    let ospec = case.output.clone().unwrap_or(SideSpec { planar: false, strides: out_s, dist: out_d, offset: 0 });
    let in_count: usize = in_lens.iter().product();
    let out_count: usize = out_lens.iter().product();
    let extent = |s: &SideSpec, lens: &[usize]| s.offset + (case.batch - 1) * s.dist + lens.iter().zip(&s.strides).map(|(l, st)| (l - 1) * st).sum::<usize>() + 1;
    let (in_ext, out_ext) = (extent(&ispec, &in_lens), extent(&ospec, &out_lens));
    // Real values per buffer: interleaved complex takes two per element.
    let per = |complex: bool, planar: bool| if complex && !planar { 2 } else { 1 };
    let in_per = per(!real_in, ispec.planar);
    let out_per = per(!real_out, ospec.planar);
    let in_len = if case.inplace { (in_ext * in_per).max(out_ext * out_per) } else { in_ext * in_per };

    // Input values (buffer 0 and planar buffer 1), filled with noise beyond the data.
    let mut in_bufs = [signal(in_len, 1), signal(in_len, 2)];
    let mut logical: Vec<Vec<C64>> = Vec::new();
    for b in 0..case.batch {
        let mut x = vec![(0.0, 0.0); in_count];
        each_index(&in_lens, &ispec.strides, |k, i| {
            let at = ispec.offset + b * ispec.dist + i;
            let (re, im) = if real_in {
                (case.prec.round(in_bufs[0][at]), 0.0)
            } else if ispec.planar {
                (case.prec.round(in_bufs[0][at]), case.prec.round(in_bufs[1][at]))
            } else {
                (case.prec.round(in_bufs[0][2 * at]), case.prec.round(in_bufs[0][2 * at + 1]))
            };
            x[k] = (re, im);
        });
        logical.push(x);
    }
    // Hermitian input of a real inverse transform: make it the spectrum of a real signal,
    // so that the direct inverse DFT of its full extension is defined.
    if real_out {
        for (b, x) in logical.iter_mut().enumerate() {
            let real = signal(case.lens.iter().product(), 10 + b as u64);
            let full = dft(&real.iter().map(|&r| (r, 0.0)).collect::<Vec<_>>(), &case.lens, true);
            each_index(&in_lens, &contiguous(&in_lens).0, |k, _| {
                let (mut rem, mut idx, mut stride) = (k, 0, 1);
                for d in 0..in_lens.len() { idx += (rem % in_lens[d]) * stride; rem /= in_lens[d]; stride *= case.lens[d]; }
                let v = full[idx];
                x[k] = (case.prec.round(v.0), case.prec.round(v.1));
            });
            each_index(&in_lens, &ispec.strides, |k, i| {
                let at = ispec.offset + b * ispec.dist + i;
                if ispec.planar { in_bufs[0][at] = x[k].0; in_bufs[1][at] = x[k].1; } else { in_bufs[0][2 * at] = x[k].0; in_bufs[0][2 * at + 1] = x[k].1; }
            });
        }
    }
    let in_dev: Vec<Dev> = (0..if ispec.planar { 2 } else { 1 }).map(|i| Dev::new(&case.prec.encode(&in_bufs[i]))).collect();
    let out_len = out_ext * out_per;
    let out_dev: Vec<Dev> = if case.inplace { vec![] } else { (0..if ospec.planar { 2 } else { 1 }).map(|_| Dev::new(&case.prec.encode(&vec![0.0; out_len]))).collect() };

    unsafe {
        let mut desc = null_mut();
        assert_eq!(rocfft_plan_description_create(&mut desc), 0);
        let ty = |complex: bool, planar: bool, herm: bool| match (complex, planar, herm) {
            (false, _, _) => 2,
            (true, false, false) => 0,
            (true, true, false) => 1,
            (true, false, true) => 3,
            (true, true, true) => 4,
        };
        let herm = case.transform >= 2;
        let it = ty(!real_in, ispec.planar, herm);
        let ot = ty(!real_out, ospec.planar, herm);
        let io = [ispec.offset, ispec.offset];
        let oo = [ospec.offset, ospec.offset];
        assert_eq!(rocfft_plan_description_set_data_layout(desc, it, ot, io.as_ptr(), oo.as_ptr(),
            ispec.strides.len(), ispec.strides.as_ptr(), ispec.dist, ospec.strides.len(), ospec.strides.as_ptr(), ospec.dist), 0);
        assert_eq!(rocfft_plan_description_set_scale_factor(desc, case.scale), 0);
        let mut plan = null_mut();
        let st = rocfft_plan_create(&mut plan, if case.inplace { 0 } else { 1 }, case.transform, case.prec.c(), case.lens.len(), case.lens.as_ptr(), case.batch, desc);
        assert_eq!(st, 0, "{case:?}");
        let mut ins: Vec<*mut c_void> = in_dev.iter().map(|d| d.0).collect();
        let mut outs: Vec<*mut c_void> = out_dev.iter().map(|d| d.0).collect();
        assert_eq!(rocfft_execute(plan, ins.as_mut_ptr(), if case.inplace { null_mut() } else { outs.as_mut_ptr() }, null_mut()), 0);
        assert_eq!(rocfft_plan_destroy(plan), 0);
        assert_eq!(rocfft_plan_description_destroy(desc), 0);
    }
    let out_vals: Vec<Vec<f64>> = if case.inplace { in_dev.iter().map(|d| case.prec.decode(&d.read())).collect() } else { out_dev.iter().map(|d| case.prec.decode(&d.read())).collect() };

    let mut got = Vec::new();
    let mut want = Vec::new();
    for (b, x) in logical.iter().enumerate() {
        // The reference: full complex DFT, then the output side's part of it.
        let full = if real_out {
            // Inverse of a hermitian spectrum: extend it to the full grid by symmetry.
            let n: usize = case.lens.iter().product();
            let mut spec = vec![(0.0, 0.0); n];
            let h = in_lens[0];
            for k in 0..n {
                let mut idx = [0usize; 3];
                let mut rem = k;
                for d in 0..case.lens.len() { idx[d] = rem % case.lens[d]; rem /= case.lens[d]; }
                let (src, conj) = if idx[0] < h { (idx, false) } else {
                    let mut m = idx;
                    for d in 0..case.lens.len() { m[d] = (case.lens[d] - idx[d]) % case.lens[d]; }
                    (m, true)
                };
                let (mut at, mut stride) = (0, 1);
                for d in 0..case.lens.len() { at += src[d] * stride; stride *= in_lens[d]; }
                let v = x[at];
                spec[k] = if conj { (v.0, -v.1) } else { v };
            }
            dft(&spec, &case.lens, false)
        } else {
            dft(x, &case.lens, case.transform != 1)
        };
        let mut out_ref = vec![(0.0, 0.0); out_count];
        each_index(&out_lens, &contiguous(&out_lens).0, |k, _| {
            let (mut rem, mut idx, mut stride) = (k, 0, 1);
            for d in 0..out_lens.len() { idx += (rem % out_lens[d]) * stride; rem /= out_lens[d]; stride *= case.lens[d]; }
            let v = full[idx];
            out_ref[k] = (v.0 * case.scale, v.1 * case.scale);
        });
        each_index(&out_lens, &ospec.strides, |k, i| {
            let at = ospec.offset + b * ospec.dist + i;
            let v = if real_out { (out_vals[0][at], 0.0) } else if ospec.planar { (out_vals[0][at], out_vals[1][at]) } else { (out_vals[0][2 * at], out_vals[0][2 * at + 1]) };
            got.push(v);
            want.push(if real_out { (out_ref[k].0, 0.0) } else { out_ref[k] });
        });
    }
    rel_l2(&got, &want)
}

fn check(case: Case) {
    let e = run(&case);
    assert!(e <= case.prec.bound(), "relative L2 error {e:e} for {case:?}");
}

fn simple(transform: i32, prec: Prec, lens: &[usize], batch: usize, inplace: bool) -> Case {
    Case { transform, prec, lens: lens.to_vec(), batch, inplace, input: None, output: None, scale: 1.0 }
}

#[test]
fn complex_1d_every_small_length_and_precision() {
    let _counts = shared_counts();
    for n in (1..=64).chain([97, 100, 127, 128, 243, 625, 1000, 1024, 2187, 4096]) {
        for prec in [Prec::Single, Prec::Double, Prec::Half] {
            if prec == Prec::Half && n > 1024 { continue; }
            check(simple(0, prec, &[n], 2, n % 2 == 0));
            check(simple(1, prec, &[n], 1, n % 2 == 1));
        }
    }
}

#[test]
fn real_1d_forward_and_inverse() {
    let _counts = shared_counts();
    for n in (1..=40).chain([64, 97, 128, 1000, 1024]) {
        for prec in [Prec::Single, Prec::Double, Prec::Half] {
            for inplace in [false, true] {
                check(simple(2, prec, &[n], 3, inplace));
                check(simple(3, prec, &[n], 3, inplace));
            }
        }
    }
}

#[test]
fn multi_dimensional_transforms() {
    let _counts = shared_counts();
    for lens in [vec![4, 4], vec![5, 6], vec![16, 9], vec![3, 5, 7], vec![8, 8, 8], vec![1, 6], vec![6, 1, 4], vec![32, 24, 2]] {
        for prec in [Prec::Single, Prec::Double] {
            for t in 0..4 {
                check(simple(t, prec, &lens, 2, false));
                check(simple(t, prec, &lens, 2, true));
            }
        }
    }
}

#[test]
fn strided_planar_offset_and_scaled_layouts() {
    let _counts = shared_counts();
    // Complex 2D, input transposed (dimension 1 fastest in memory), planar, with offsets,
    // into interleaved output with padded rows and a scale.
    let case = Case {
        transform: 0, prec: Prec::Double, lens: vec![6, 5], batch: 3, inplace: false,
        input: Some(SideSpec { planar: true, strides: vec![5, 1], dist: 31, offset: 3 }),
        output: Some(SideSpec { planar: false, strides: vec![1, 8], dist: 41, offset: 2 }),
        scale: 0.25,
    };
    check(case);
    // Batched 1D with the batch fastest (stride = batch, distance 1).
    check(Case {
        transform: 1, prec: Prec::Single, lens: vec![16], batch: 4, inplace: true,
        input: Some(SideSpec { planar: false, strides: vec![4], dist: 1, offset: 0 }),
        output: Some(SideSpec { planar: false, strides: vec![4], dist: 1, offset: 0 }),
        scale: 1.0,
    });
    // Real forward out of place to hermitian planar, strided input.
    check(Case {
        transform: 2, prec: Prec::Single, lens: vec![10, 3], batch: 2, inplace: false,
        input: Some(SideSpec { planar: false, strides: vec![2, 23], dist: 70, offset: 1 }),
        output: Some(SideSpec { planar: true, strides: vec![1, 6], dist: 18, offset: 0 }),
        scale: 2.0,
    });
    // Real inverse from hermitian planar.
    check(Case {
        transform: 3, prec: Prec::Double, lens: vec![9, 4], batch: 2, inplace: false,
        input: Some(SideSpec { planar: true, strides: vec![1, 5], dist: 20, offset: 0 }),
        output: Some(SideSpec { planar: false, strides: vec![1, 9], dist: 36, offset: 1 }),
        scale: 1.0 / 36.0,
    });
}

#[test]
fn bad_plans_get_rocfft_statuses() {
    let _counts = shared_counts();
    unsafe {
        let n = [8usize, 8, 8, 8];
        let mut plan = null_mut();
        assert_eq!(rocfft_plan_create(&mut plan, 0, 0, 0, 4, n.as_ptr(), 1, null_mut()), rocfft_status_invalid_dimensions);
        assert_eq!(rocfft_plan_create(&mut plan, 0, 0, 0, 0, n.as_ptr(), 1, null_mut()), rocfft_status_invalid_dimensions);
        assert_eq!(rocfft_plan_create(null_mut(), 0, 0, 0, 1, n.as_ptr(), 1, null_mut()), rocfft_status_invalid_arg_value);
        assert_eq!(rocfft_plan_create(&mut plan, 0, 0, 0, 1, null(), 1, null_mut()), rocfft_status_invalid_arg_value);
        assert_eq!(rocfft_plan_create(&mut plan, 0, 7, 0, 1, n.as_ptr(), 1, null_mut()), rocfft_status_invalid_arg_value);
        let mut desc = null_mut();
        assert_eq!(rocfft_plan_description_create(&mut desc), 0);
        // Real input for a complex transform.
        assert_eq!(rocfft_plan_description_set_data_layout(desc, 2, 0, null(), null(), 0, null(), 0, 0, null(), 0), 0);
        assert_eq!(rocfft_plan_create(&mut plan, 1, 0, 0, 1, n.as_ptr(), 1, desc), rocfft_status_invalid_array_type);
        assert!(plan.is_null());
        // In-place real forward must give interleaved hermitian data.
        assert_eq!(rocfft_plan_description_set_data_layout(desc, 2, 4, null(), null(), 0, null(), 0, 0, null(), 0), 0);
        assert_eq!(rocfft_plan_create(&mut plan, 0, 2, 0, 1, n.as_ptr(), 1, desc), rocfft_status_invalid_array_type);
        // Fewer strides than dimensions.
        let s = [1usize];
        assert_eq!(rocfft_plan_description_set_data_layout(desc, 0, 0, null(), null(), 1, s.as_ptr(), 0, 0, null(), 0), 0);
        assert_eq!(rocfft_plan_create(&mut plan, 1, 0, 0, 2, n.as_ptr(), 1, desc), rocfft_status_invalid_strides);
        assert_eq!(rocfft_plan_description_destroy(desc), 0);
        assert_eq!(rocfft_plan_description_destroy(desc), rocfft_status_invalid_arg_value);

        // A prime length needs a work buffer; a smaller one is refused, none is fine.
        let p = [8191usize];
        assert_eq!(rocfft_plan_create(&mut plan, 0, 0, 0, 1, p.as_ptr(), 1, null_mut()), 0);
        let mut work = 0usize;
        assert_eq!(rocfft_plan_get_work_buffer_size(plan, &mut work), 0);
        assert!(work > 0);
        let data = Dev::new(&vec![0u8; 8191 * 8]);
        let wb = Dev::new(&vec![0u8; work / 2]);
        let mut info = null_mut();
        assert_eq!(rocfft_execution_info_create(&mut info), 0);
        assert_eq!(rocfft_execution_info_set_work_buffer(info, null_mut(), work), rocfft_status_invalid_work_buffer);
        let mut bufs = [data.0];
        assert_eq!(rocfft_execute(plan, bufs.as_mut_ptr(), null_mut(), info), 0);
        assert_eq!(rocfft_execution_info_set_work_buffer(info, wb.0, work / 2), 0);
        assert_eq!(rocfft_execute(plan, bufs.as_mut_ptr(), null_mut(), info), rocfft_status_invalid_work_buffer);
        assert_eq!(rocfft_execute(null_mut(), bufs.as_mut_ptr(), null_mut(), info), rocfft_status_failure);
        // Out of place without output buffers.
        let mut oop = null_mut();
        assert_eq!(rocfft_plan_create(&mut oop, 1, 0, 0, 1, n.as_ptr(), 1, null_mut()), 0);
        assert_eq!(rocfft_execute(oop, bufs.as_mut_ptr(), null_mut(), null_mut()), rocfft_status_invalid_arg_value);
        assert_eq!(rocfft_plan_destroy(oop), 0);
        assert_eq!(rocfft_execution_info_destroy(info), 0);
        assert_eq!(rocfft_plan_destroy(plan), 0);
        assert_eq!(rocfft_plan_destroy(plan), rocfft_status_invalid_arg_value);
    }
}

// What the private interface (include/oxrocm/oxrocm_private.h) reports about the kernels.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
struct Launches { spirv: u64, host: u64, host_reason: u32, capability: u32, module_spirv: u32, device_spirv: u32, shared_bytes: u64, shared_limit: u64 }
unsafe extern "C" {
    fn oxrocm_private_v1_kernel_launches(name: *const std::ffi::c_char, out: *mut Launches) -> i32;
    fn oxrocm_private_v1_staged_bytes(out: *mut u64) -> i32;
    fn oxrocm_private_v1_backend_name() -> *const std::ffi::c_char;
}
const KERNELS: [&str; 13] = ["fft_line_f32", "fft_line_f64", "fft_pow2_f32", "fft_pow2_f64", "fft_pow2_4096_f32", "fft_pow2_2048_f64", "fft_real_f32", "fft_real_f64", "fft_copy_f32", "fft_copy_f16", "fft_copy_f64", "fft_pow2_real_f32", "fft_pow2_real_f64"];

/// Tests that compare launch counts before and after their transforms hold this for writing;
/// every other test holds it for reading while it runs transforms.
static LAUNCH_COUNTS: std::sync::RwLock<()> = std::sync::RwLock::new(());

fn shared_counts() -> std::sync::RwLockReadGuard<'static, ()> {
    LAUNCH_COUNTS.read().unwrap_or_else(|e| e.into_inner())
}

fn launches() -> Vec<Launches> {
    KERNELS.iter().map(|k| {
        let name = std::ffi::CString::new(format!("rocfft {k}")).unwrap();
        let mut l = Launches::default();
        assert_eq!(unsafe { oxrocm_private_v1_kernel_launches(name.as_ptr(), &mut l) }, 0);
        l
    }).collect()
}

fn staged() -> u64 {
    let mut b = 0;
    assert_eq!(unsafe { oxrocm_private_v1_staged_bytes(&mut b) }, 0);
    b
}

/// One transform of each kind (1D small, four-step and Bluestein lengths, real forward and
/// inverse, 2D, 3D, strided, planar, f64, f16), against the direct DFT. On a Vulkan device
/// they must run as SPIR-V kernels with no byte of device memory brought to the host; on
/// the CPU backend they run on the host engine and launch no kernel.
#[test]
fn every_kind_runs_as_kernels_on_vulkan_devices() {
    let _counts = shared_counts();
    let strided = Case {
        input: Some(SideSpec { planar: false, strides: vec![3], dist: 3 * 50 + 1, offset: 2 }),
        output: Some(SideSpec { planar: false, strides: vec![2], dist: 2 * 50 + 5, offset: 1 }),
        ..simple(0, Prec::Single, &[50], 3, false)
    };
    let planar = Case {
        input: Some(SideSpec { planar: true, strides: vec![1, 12], dist: 12 * 10, offset: 1 }),
        output: Some(SideSpec { planar: true, strides: vec![1, 12], dist: 12 * 10, offset: 0 }),
        ..simple(1, Prec::Single, &[12, 10], 2, false)
    };
    let cases = [
        simple(0, Prec::Single, &[64], 3, true),
        simple(1, Prec::Single, &[8192], 1, false),
        simple(0, Prec::Single, &[1009], 2, false),
        simple(2, Prec::Single, &[100], 2, false),
        // Half-length complex FFTs past one workgroup (four-step), out of place and in place.
        simple(2, Prec::Single, &[16384], 1, false),
        Case {
            // In place with padded rows (rocFFT's layout): input row b inside output row b.
            input: Some(SideSpec { planar: false, strides: vec![1], dist: 8194, offset: 0 }),
            output: Some(SideSpec { planar: false, strides: vec![1], dist: 4097, offset: 0 }),
            ..simple(2, Prec::Double, &[8192], 2, true)
        },
        simple(3, Prec::Single, &[63], 1, true),
        simple(0, Prec::Single, &[16, 24], 2, true),
        simple(1, Prec::Double, &[8, 6, 10], 1, false),
        simple(2, Prec::Double, &[6, 4, 5], 2, false),
        strided,
        planar,
        simple(0, Prec::Double, &[4096], 1, false),
        // The 256-invocation register modules' lengths.
        simple(1, Prec::Double, &[2048], 2, true),
        simple(0, Prec::Single, &[4096], 2, false),
        simple(0, Prec::Half, &[128], 2, false),
    ];
    let vulkan = unsafe { std::ffi::CStr::from_ptr(oxrocm_private_v1_backend_name()) }.to_bytes() == b"vulkan";
    let kernels = std::env::var("OXROCM_ROCFFT_KERNELS").ok();
    for case in cases {
        let (before, staged_before) = (launches(), staged());
        check(case.clone());
        let after = launches();
        let spirv: u64 = after.iter().zip(&before).map(|(a, b)| a.spirv - b.spirv).sum();
        let host: u64 = after.iter().zip(&before).map(|(a, b)| a.host - b.host).sum();
        match (vulkan, kernels.as_deref()) {
            (true, None | Some("auto")) => {
                assert!(spirv > 0 && host == 0, "{case:?}: {spirv} SPIR-V and {host} host-twin launches ({after:?})");
                assert_eq!(staged() - staged_before, 0, "{case:?}: device bytes went to the host");
            }
            (false, None | Some("auto")) => assert_eq!(spirv + host, 0, "{case:?}: the CPU backend keeps the host engine"),
            _ => {}
        }
    }
}

/// Real transforms through half-length complex FFTs on the kernels' path (1D forward and
/// inverse, 2D/3D forward). A lone real
/// forward transform whose half-length FFT is four-step pairs its bins in the
/// FFT's last pass (fft_pow2_real, no fft_real launch), out of place and in place, single and double,
/// against the direct DFT; transforms the fold does not take (a batch of two) keep fft_real.
/// Where kernels run (Vulkan, or OXROCM_ROCFFT_KERNELS=always on the CPU backend: the host
/// twins).
#[test]
fn real_forward_pairs_in_the_last_fft_pass() {
    // The launch counts are the process's: no other test may launch while this one counts.
    let _counts = LAUNCH_COUNTS.write().unwrap_or_else(|e| e.into_inner());
    let vulkan = unsafe { std::ffi::CStr::from_ptr(oxrocm_private_v1_backend_name()) }.to_bytes() == b"vulkan";
    let kernels = std::env::var("OXROCM_ROCFFT_KERNELS").ok();
    let runs_kernels = match kernels.as_deref() {
        Some("always") => true,
        None | Some("auto") => vulkan,
        _ => false,
    };
    let count = |l: &[Launches], at: &[usize]| at.iter().map(|&i| l[i].spirv + l[i].host).sum::<u64>();
    let real = |l: &[Launches]| count(l, &[6, 7]);
    let pairs = |l: &[Launches]| count(l, &[11, 12]);
    for (case, fused) in [
        (simple(2, Prec::Single, &[16384], 1, false), true),
        (simple(2, Prec::Single, &[32768], 1, true), true),
        (simple(2, Prec::Double, &[16384], 1, false), true),
        (simple(2, Prec::Single, &[16384], 2, false), false),
    ] {
        let before = launches();
        check(case.clone());
        let after = launches();
        if runs_kernels {
            assert_eq!(pairs(&after) > pairs(&before), fused, "{case:?}: fft_pow2_real launches {} -> {}", pairs(&before), pairs(&after));
            assert_eq!(real(&after) == real(&before), fused, "{case:?}: fft_real launches {} -> {}", real(&before), real(&after));
        }
    }
    // 2D and 3D real forward transforms: the rows as above, then the other dimensions over
    // the hermitian columns in place (no fft_copy gather or scatter).
    let copies = |l: &[Launches]| count(l, &[8, 9, 10]);
    // In place with rocFFT's padded rows (each input row inside its own output row).
    let padded = |lens: &[usize], batch: usize, prec: Prec| {
        let h = lens[0] / 2 + 1;
        let (mut si, mut so) = (vec![1], vec![1]);
        for d in 1..lens.len() {
            si.push(if d == 1 { 2 * h } else { si[d - 1] * lens[d - 1] });
            so.push(if d == 1 { h } else { so[d - 1] * lens[d - 1] });
        }
        let last = lens.len() - 1;
        let (di, dout) = (si[last] * lens[last], so[last] * lens[last]);
        Case {
            input: Some(SideSpec { planar: false, strides: si, dist: di, offset: 0 }),
            output: Some(SideSpec { planar: false, strides: so, dist: dout, offset: 0 }),
            ..simple(2, prec, lens, batch, true)
        }
    };
    // Real inverse transforms of even length: fft_real's inverse step and a half-length
    // complex FFT straight into the output (no fft_copy gather or scatter either).
    for case in [
        simple(2, Prec::Single, &[64, 32], 2, false),
        padded(&[16, 8, 6], 1, Prec::Double),
        padded(&[100, 20], 3, Prec::Single),
        simple(2, Prec::Double, &[12, 10, 4], 2, false),
        simple(3, Prec::Single, &[100], 2, false),
        // Four-step half-length FFTs (h past 4096 in f32, 2048 in f64), then one pass.
        simple(3, Prec::Single, &[16384], 1, false),
        simple(3, Prec::Double, &[8192], 1, true),
        simple(3, Prec::Single, &[8192], 2, true),
        simple(3, Prec::Double, &[4096], 2, false),
    ] {
        let before = launches();
        check(case.clone());
        let after = launches();
        if runs_kernels {
            assert!(real(&after) > real(&before), "{case:?}: no fft_real launch");
            assert_eq!(copies(&after), copies(&before), "{case:?}: gathered or scattered");
        }
    }
}
