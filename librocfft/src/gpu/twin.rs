//! Host twins of the SPIR-V kernels: the same parameter blocks, the same results, run where
//! a device cannot run the module (no f64 or 16-bit storage, too little shared memory) and
//! on the CPU backend when the kernel path is forced there for testing. The line FFT is
//! rustfft's (in f64 whatever the module's precision); everything else is element by
//! element as in the shaders.

use super::kernels::*;
use crate::hip::oxrocm_host_ptr_fn;
use rayon::prelude::*;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftPlanner};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, OnceLock};

type C64 = Complex<f64>;

/// A device address's host pointer for the launch, shareable by the threads of a twin
/// (each touches elements no other one does).
#[derive(Clone, Copy)]
struct Host(*mut u8);
unsafe impl Send for Host {}
unsafe impl Sync for Host {}

struct View {
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
}

impl View {
    fn at(&self, addr: u64) -> Host {
        if addr == 0 {
            return Host(std::ptr::null_mut());
        }
        Host(unsafe { (self.host_ptr)(self.view, addr) as *mut u8 })
    }
}

/// Reads complex element `i` of an interleaved array of f64 (`double`) or f32.
unsafe fn get_c(base: Host, i: usize, double: bool) -> C64 {
    unsafe {
        if double {
            let p = (base.0 as *const f64).add(2 * i);
            C64::new(p.read_unaligned(), p.add(1).read_unaligned())
        } else {
            let p = (base.0 as *const f32).add(2 * i);
            C64::new(p.read_unaligned() as f64, p.add(1).read_unaligned() as f64)
        }
    }
}

unsafe fn put_c(base: Host, i: usize, v: C64, double: bool) {
    unsafe {
        if double {
            let p = (base.0 as *mut f64).add(2 * i);
            p.write_unaligned(v.re);
            p.add(1).write_unaligned(v.im);
        } else {
            let p = (base.0 as *mut f32).add(2 * i);
            p.write_unaligned(v.re as f32);
            p.add(1).write_unaligned(v.im as f32);
        }
    }
}

/// A real value of `fmt`'s storage (f16, else the module's REAL).
unsafe fn get_r(base: Host, i: usize, fmt: u32, double: bool) -> f64 {
    unsafe {
        if fmt & FMT_F16 != 0 {
            (base.0 as *const half::f16).add(i).read_unaligned().to_f64()
        } else if double {
            (base.0 as *const f64).add(i).read_unaligned()
        } else {
            (base.0 as *const f32).add(i).read_unaligned() as f64
        }
    }
}

unsafe fn put_r(base: Host, i: usize, v: f64, fmt: u32, double: bool) {
    unsafe {
        if fmt & FMT_F16 != 0 {
            (base.0 as *mut half::f16).add(i).write_unaligned(half::f16::from_f32(v as f32))
        } else if double {
            (base.0 as *mut f64).add(i).write_unaligned(v)
        } else {
            (base.0 as *mut f32).add(i).write_unaligned(v as f32)
        }
    }
}

/// rustfft's planner and the plans it made, by length.
type Plans = (FftPlanner<f64>, HashMap<usize, Arc<dyn Fft<f64>>>);

fn forward_fft(len: usize) -> Arc<dyn Fft<f64>> {
    static PLANS: OnceLock<Mutex<Plans>> = OnceLock::new();
    let mut g = PLANS.get_or_init(|| Mutex::new((FftPlanner::new(), HashMap::new()))).lock().unwrap_or_else(|e| e.into_inner());
    let (planner, plans) = &mut *g;
    plans.entry(len).or_insert_with(|| planner.plan_fft_forward(len)).clone()
}

fn level_index(l: usize, c0: usize, c1: usize) -> [usize; 3] {
    [l % c0, (l / c0) % c1, l / (c0 * c1)]
}

/// The bins X[k] and X[h−k] of a real forward transform from a = Z[k] and b = Z[h−k] of its
/// half-length FFT, w = w_N^k (fft_real.glsl's formulas; also fft_pow2_real's pairing).
fn real_pair(a: C64, b: C64, w: C64) -> (C64, C64) {
    let c = b.conj();
    let (ze, zo) = ((a + c) * 0.5, (a - c) * C64::new(0.0, -0.5));
    let t = w * zo;
    (ze + t, (ze - t).conj())
}

/// A twin's arguments, carried onto librocfft's pool.
struct Args(*const c_void, usize, *const u32, *const c_void, oxrocm_host_ptr_fn);
// SAFETY: the pointers stay valid for the launch, which waits for the twin to return.
unsafe impl Send for Args {}

/// Runs a twin on librocfft's own pool (`threads.rs`), not rayon's global one: the stream
/// thread that runs the twin would otherwise wait for global workers that a client may hold,
/// blocked in hipFree or a synchronize on this very stream (the accuracy sweep's tasks do:
/// with `OXROCM_ROCFFT_KERNELS=always` its 64×64 shape deadlocked).
fn on_pool(a: Args, f: fn(Args) -> i32) -> i32 {
    crate::threads::pool().install(move || f(a))
}

/// fft_line's twin.
pub unsafe extern "C" fn line<const DOUBLE: bool>(
    push: *const c_void, size: usize, groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    // SAFETY: the runtime's arguments, passed on unchanged.
    on_pool(Args(push, size, groups, view, host_ptr), |a| unsafe { line_here::<DOUBLE>(a.0, a.1, a.2, a.3, a.4) })
}

unsafe fn line_here<const DOUBLE: bool>(
    push: *const c_void, size: usize, _groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    if push.is_null() {
        return 1; // hipErrorInvalidValue
    }
    let p = LinePush::parse(unsafe { std::slice::from_raw_parts(push as *const u8, size) }, DOUBLE);
    let v = View { view, host_ptr };
    let (src, dst, tw_lo, tw_hi) = (v.at(p.src), v.at(p.dst), v.at(p.big_lo), v.at(p.big_hi));
    let (len, c0, c1) = (p.len as usize, p.c0.max(1) as usize, p.c1.max(1) as usize);
    let fft = forward_fft(len);
    let inverse = p.flags & LINE_INVERSE != 0;
    let level = (p.flags >> LINE_LEVEL_SHIFT) as usize;
    let offset = |s: &[u32; 3], l: usize| level_index(l, c0, c1).iter().zip(s).map(|(&i, &s)| i * s as usize).sum::<usize>();
    if p.flags & LINE_REAL_PAIRS != 0 {
        // The S lines' FFTs in natural order (Z[k S + l]), then fft_real's pairs.
        let s_lines = p.lines as usize;
        let m = s_lines * len;
        let mut z = vec![C64::new(0.0, 0.0); m];
        z.par_chunks_mut(len).enumerate().for_each(|(l, line)| {
            let ib = offset(&p.in_s, l);
            for (k, c) in line.iter_mut().enumerate() {
                *c = unsafe { get_c(src, ib + k * p.es_in as usize, DOUBLE) };
            }
            fft.process(line);
        });
        let split = p.split.max(1) as usize;
        let scale = if p.flags & LINE_SCALE != 0 { p.scale } else { 1.0 };
        for j in 0..=m / 2 {
            // z holds line l's element k at l·len + k, which is Z[k S + l].
            let zj = |j: usize| z[(j % s_lines) * len + j / s_lines];
            let w = unsafe { get_c(tw_lo, j % split, DOUBLE) * get_c(tw_hi, j / split, DOUBLE) };
            let (xj, xmj) = real_pair(zj(j), zj((m - j) % m), w);
            unsafe {
                put_c(dst, m - j, xmj * scale, DOUBLE);
                put_c(dst, j, xj * scale, DOUBLE);
            }
        }
        return 0;
    }
    (0..p.lines as usize).into_par_iter().for_each(|l| {
        let (src, dst) = (src, dst);
        let (ib, ob) = (offset(&p.in_s, l), offset(&p.out_s, l));
        let mut x: Vec<C64> = (0..len).map(|k| unsafe { get_c(src, ib + k * p.es_in as usize, DOUBLE) }).collect();
        if inverse {
            x.iter_mut().for_each(|c| *c = c.conj());
        }
        fft.process(&mut x);
        let q = level_index(l, c0, c1)[level.min(2)];
        for (k, mut c) in x.into_iter().enumerate() {
            if inverse {
                c = c.conj();
            }
            if p.flags & LINE_POST_TWIDDLE != 0 {
                let e = q * k;
                let split = p.split.max(1) as usize;
                let w = unsafe { get_c(tw_lo, e % split, DOUBLE) * get_c(tw_hi, e / split, DOUBLE) };
                c *= if inverse { w.conj() } else { w };
            }
            if p.flags & LINE_SCALE != 0 {
                c *= p.scale;
            }
            unsafe { put_c(dst, ob + k * p.es_out as usize, c, DOUBLE) };
        }
    });
    0
}

/// fft_real's twin: the same pairs, in f64.
pub unsafe extern "C" fn real<const DOUBLE: bool>(
    push: *const c_void, size: usize, groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    // SAFETY: the runtime's arguments, passed on unchanged.
    on_pool(Args(push, size, groups, view, host_ptr), |a| unsafe { real_here::<DOUBLE>(a.0, a.1, a.2, a.3, a.4) })
}

unsafe fn real_here<const DOUBLE: bool>(
    push: *const c_void, size: usize, _groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    if push.is_null() {
        return 1;
    }
    let p = RealPush::parse(unsafe { std::slice::from_raw_parts(push as *const u8, size) }, DOUBLE);
    let v = View { view, host_ptr };
    let (data, lo, hi, out) = (v.at(p.data), v.at(p.lo), v.at(p.hi), v.at(p.out));
    let (h, es, dist, split) = (p.h as usize, p.es as usize, p.dist as usize, p.split.max(1) as usize);
    if p.flags & REAL_INVERSE != 0 {
        (0..p.batch as usize).into_par_iter().for_each(|b| {
            let at = |k: usize| b * dist + k * es;
            let ob = b * p.out_dist as usize;
            for k in 0..p.pairs as usize {
                let (mut a, mut c) = unsafe { (get_c(data, at(k), DOUBLE), get_c(data, at(h - k), DOUBLE).conj()) };
                if k == 0 {
                    (a.im, c.im) = (0.0, 0.0);
                }
                let w = unsafe { get_c(lo, k % split, DOUBLE) * get_c(hi, k / split, DOUBLE) };
                let (fe, fo) = (a + c, (a - c) * w.conj());
                unsafe { put_c(out, ob + k, fe + C64::new(-fo.im, fo.re), DOUBLE) };
                if k != 0 && h - k != k {
                    unsafe { put_c(out, ob + h - k, fe.conj() + C64::new(fo.im, fo.re), DOUBLE) };
                }
            }
        });
        return 0;
    }
    (0..p.batch as usize).into_par_iter().for_each(|b| {
        let at = |k: usize| b * dist + k * es;
        for k in 0..p.pairs as usize {
            let kr = if k == 0 { 0 } else { h - k };
            let w = unsafe { get_c(lo, k % split, DOUBLE) * get_c(hi, k / split, DOUBLE) };
            let (xk, xhk) = real_pair(unsafe { get_c(data, at(k), DOUBLE) }, unsafe { get_c(data, at(kr), DOUBLE) }, w);
            unsafe { put_c(data, at(k), xk * p.scale, DOUBLE) };
            if h - k != k {
                unsafe { put_c(data, at(h - k), xhk * p.scale, DOUBLE) };
            }
        }
    });
    0
}

/// fft_copy's twin.
pub unsafe extern "C" fn copy<const DOUBLE: bool>(
    push: *const c_void, size: usize, groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    // SAFETY: the runtime's arguments, passed on unchanged.
    on_pool(Args(push, size, groups, view, host_ptr), |a| unsafe { copy_here::<DOUBLE>(a.0, a.1, a.2, a.3, a.4) })
}

unsafe fn copy_here<const DOUBLE: bool>(
    push: *const c_void, size: usize, _groups: *const u32, view: *const c_void, host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    if push.is_null() {
        return 1;
    }
    let p = CopyPush::parse(unsafe { std::slice::from_raw_parts(push as *const u8, size) }, DOUBLE);
    let v = View { view, host_ptr };
    let (s0, s1, d0, d1, table) = (v.at(p.src[0]), v.at(p.src[1]), v.at(p.dst[0]), v.at(p.dst[1]), v.at(p.table));
    let c = p.c.map(|x| x as usize);
    let dot = |k: [usize; 4], s: &[u32; 4]| k.iter().zip(s).map(|(&k, &s)| k * s as usize).sum::<usize>();
    let load = |i: usize| unsafe {
        match p.src_fmt & 3 {
            FMT_INTERLEAVED if p.src_fmt & FMT_F16 == 0 => get_c(s0, i, DOUBLE),
            FMT_INTERLEAVED => C64::new(get_r(s0, 2 * i, p.src_fmt, DOUBLE), get_r(s0, 2 * i + 1, p.src_fmt, DOUBLE)),
            FMT_PLANAR => C64::new(get_r(s0, i, p.src_fmt, DOUBLE), get_r(s1, i, p.src_fmt, DOUBLE)),
            _ => C64::new(get_r(s0, i, p.src_fmt, DOUBLE), 0.0),
        }
    };
    let store = |i: usize, x: C64| unsafe {
        match p.dst_fmt & 3 {
            FMT_INTERLEAVED if p.dst_fmt & FMT_F16 == 0 => put_c(d0, i, x, DOUBLE),
            FMT_INTERLEAVED => {
                put_r(d0, 2 * i, x.re, p.dst_fmt, DOUBLE);
                put_r(d0, 2 * i + 1, x.im, p.dst_fmt, DOUBLE);
            }
            FMT_PLANAR => {
                put_r(d0, i, x.re, p.dst_fmt, DOUBLE);
                put_r(d1, i, x.im, p.dst_fmt, DOUBLE);
            }
            _ => put_r(d0, i, x.re, p.dst_fmt, DOUBLE),
        }
    };
    // Rows of c0 elements in parallel: each row's elements are its own.
    (0..c[1] * c[2] * c[3]).into_par_iter().for_each(|row| {
        let (k1, k2, k3) = (row % c[1], (row / c[1]) % c[2], row / (c[1] * c[2]));
        for k0 in 0..c[0] {
            let mut x = if k0 < p.src_n0 as usize {
                load(dot([k0, k1, k2, k3], &p.s))
            } else if p.flags & COPY_HERMITIAN != 0 {
                let r1 = if p.flags & COPY_REFLECT1 != 0 { (c[1] - k1) % c[1] } else { k1 };
                let r2 = if p.flags & COPY_REFLECT2 != 0 { (c[2] - k2) % c[2] } else { k2 };
                load(dot([c[0] - k0, r1, r2, k3], &p.s)).conj()
            } else {
                C64::new(0.0, 0.0)
            };
            if p.flags & COPY_CONJ_IN != 0 {
                x = x.conj();
            }
            if p.flags & COPY_TABLE != 0 {
                x *= unsafe { get_c(table, k0, DOUBLE) };
            }
            if p.flags & COPY_CONJ_OUT != 0 {
                x = x.conj();
            }
            store(dot([k0, k1, k2, k3], &p.d), x * p.scale);
        }
    });
    0
}
