//! The memory-bound Level-3 kernels of `shaders/blas3.glsl` (geam, dgmm, the dense expansion
//! of a triangular or symmetric operand, the inverses of a triangular matrix's diagonal
//! blocks): their parameter block, launch and host twin. The twin is the CPU backend's path
//! and the fallback of Vulkan devices that cannot run a module; it computes the same
//! parameter blocks on the host, threaded over columns.

use crate::auxiliary::status_from_hip;
use crate::blas1::exec::Status;
use crate::blas1::kernel::{Kern, Mem};
use crate::blas1::num::{C32, C64};
use crate::blas2::kernel::K2;
use crate::blas3::spirv_kernel::{launch, spirv_kernel, u32_at, u64_at};
use crate::handle::Ctx;
use crate::hip::{oxrocm_host_ptr_fn, oxrocm_range, oxrocm_spirv_kernel};
use rayon::prelude::*;
use std::any::TypeId;
use std::ffi::c_void;

/// The grid's y and z limits on every Vulkan device (the host keeps batches within it).
pub const MAX_GRID: usize = 65535;

/// Operations (the shader's values).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum MOp {
    Geam = 0,
    Dgmm = 1,
    Expand = 2,
    InvDiag = 3,
}

/// Flags (the shader's values).
pub mod f {
    pub const TRANS_A: u32 = 1;
    pub const TRANS_B: u32 = 2;
    pub const SKIP_A: u32 = 4;
    pub const SKIP_B: u32 = 8;
    pub const A_ARRAY: u32 = 16;
    pub const B_ARRAY: u32 = 32;
    pub const C_ARRAY: u32 = 64;
    pub const C_LOWER: u32 = 128;
    pub const C_UPPER: u32 = 256;
    pub const LEFT: u32 = 512;
    pub const UPPER: u32 = 1024;
    /// EXPAND: conjugate; GEAM: conjugate op(A).
    pub const CONJ: u32 = 2048;
    pub const UNIT: u32 = 4096;
    pub const SYM: u32 = 8192;
    /// EXPAND: Hermitian mirror; GEAM: conjugate op(B).
    pub const HERM: u32 = 16384;
    /// INV_DIAG: block q's inverse at C's (q aux, q aux) instead of (q aux, 0).
    pub const DIAG_AT: u32 = 32768;
}

static BLAS3_F32: oxrocm_spirv_kernel = spirv_kernel!("blas3_f32", twin::<f32>);
static BLAS3_F64: oxrocm_spirv_kernel = spirv_kernel!("blas3_f64", twin::<f64>);
static BLAS3_INV_F32: oxrocm_spirv_kernel = spirv_kernel!("blas3_inv_f32", twin::<f32>);
static BLAS3_INV_F64: oxrocm_spirv_kernel = spirv_kernel!("blas3_inv_f64", twin::<f64>);
static BLAS3_C32: oxrocm_spirv_kernel = spirv_kernel!("blas3_c32", twin::<C32>);
static BLAS3_C64: oxrocm_spirv_kernel = spirv_kernel!("blas3_c64", twin::<C64>);
static BLAS3_INV_C32: oxrocm_spirv_kernel = spirv_kernel!("blas3_inv_c32", twin::<C32>);
static BLAS3_INV_C64: oxrocm_spirv_kernel = spirv_kernel!("blas3_inv_c64", twin::<C64>);

/// The modules of one element type: GEAM, DGMM and EXPAND; INV_DIAG (a module of its own,
/// see blas3.glsl); the element size.
#[derive(Clone, Copy)]
pub struct Modules {
    pub main: &'static oxrocm_spirv_kernel,
    pub inv: &'static oxrocm_spirv_kernel,
    pub elem: usize,
}

/// The modules of element type `X` (f32, f64, c32, c64).
pub fn module_of<X: 'static>() -> Option<Modules> {
    let t = TypeId::of::<X>();
    if t == TypeId::of::<f32>() {
        Some(Modules {
            main: &BLAS3_F32,
            inv: &BLAS3_INV_F32,
            elem: 4,
        })
    } else if t == TypeId::of::<f64>() {
        Some(Modules {
            main: &BLAS3_F64,
            inv: &BLAS3_INV_F64,
            elem: 8,
        })
    } else if t == TypeId::of::<C32>() {
        Some(Modules {
            main: &BLAS3_C32,
            inv: &BLAS3_INV_C32,
            elem: 8,
        })
    } else if t == TypeId::of::<C64>() {
        Some(Modules {
            main: &BLAS3_C64,
            inv: &BLAS3_INV_C64,
            elem: 16,
        })
    } else {
        None
    }
}

/// A matrix operand: a base (or pointer array), the byte stride between batch entries and
/// the leading dimension in elements.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mat {
    pub ptr: u64,
    pub bs: i64,
    pub array: bool,
    pub ld: u32,
}

impl Mat {
    pub const NONE: Mat = Mat {
        ptr: 0,
        bs: 0,
        array: false,
        ld: 1,
    };
    /// This matrix's element (i, j) as the start of a sub-matrix (strided operands only).
    pub fn sub(self, i: usize, j: usize, elem: usize) -> Mat {
        debug_assert!(!self.array);
        Mat {
            ptr: self.ptr + ((i + j * self.ld as usize) * elem) as u64,
            ..self
        }
    }
}

/// A value's bits in the parameter block (re, im as REAL bits).
pub fn bits(re: f64, im: f64, real_bytes: usize) -> [u32; 4] {
    if real_bytes == 4 {
        [(re as f32).to_bits(), (im as f32).to_bits(), 0, 0]
    } else {
        let (r, i) = (re.to_bits(), im.to_bits());
        [r as u32, (r >> 32) as u32, i as u32, (i >> 32) as u32]
    }
}

/// One launch: operation, operands, C's shape, flags and scalars.
#[derive(Clone, Copy, Debug)]
pub struct MLaunch {
    pub op: MOp,
    pub a: Mat,
    pub b: Mat,
    pub c: Mat,
    pub m: u32,
    pub n: u32,
    pub incx: i32,
    pub flags: u32,
    pub aux: u32,
    pub alpha: [u32; 4],
    pub beta: [u32; 4],
    pub batch: u32,
}

/// Parameter block offsets (see blas3.glsl).
mod at {
    pub const M: usize = 48;
    pub const FLAGS: usize = 72;
    pub const AUX: usize = 76;
    pub const ALPHA: usize = 80;
    pub const BETA: usize = 96;
    pub const SIZE: usize = 112;
}

impl MLaunch {
    pub fn new(op: MOp, m: usize, n: usize, batch: usize) -> MLaunch {
        MLaunch {
            op,
            a: Mat::NONE,
            b: Mat::NONE,
            c: Mat::NONE,
            m: m as u32,
            n: n as u32,
            incx: 1,
            flags: 0,
            aux: 0,
            alpha: [0; 4],
            beta: [0; 4],
            batch: batch as u32,
        }
    }

    fn push(&self) -> Vec<u8> {
        let mut p = Vec::with_capacity(at::SIZE);
        for v in [self.a.ptr, self.b.ptr, self.c.ptr] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        for v in [self.a.bs, self.b.bs, self.c.bs] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        let mut flags = self.flags | (self.op as u32) << 24;
        for (m, bit) in [
            (&self.a, f::A_ARRAY),
            (&self.b, f::B_ARRAY),
            (&self.c, f::C_ARRAY),
        ] {
            if m.array {
                flags |= bit;
            }
        }
        for v in [
            self.m,
            self.n,
            self.a.ld,
            self.b.ld,
            self.c.ld,
            self.incx as u32,
            flags,
            self.aux,
        ] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        for w in self.alpha.iter().chain(&self.beta) {
            p.extend_from_slice(&w.to_le_bytes());
        }
        p
    }

    /// GEAM reads a transposed operand (the tiled path).
    fn transposes(&self) -> bool {
        (self.flags & f::TRANS_A != 0 && self.flags & f::SKIP_A == 0)
            || (self.flags & f::TRANS_B != 0 && self.flags & f::SKIP_B == 0)
    }

    fn grid(&self) -> [u32; 3] {
        let z = self.batch.min(MAX_GRID as u32);
        match self.op {
            MOp::InvDiag => [self.m.div_ceil(self.aux.max(1)), 1, z],
            // Tiles of 32 rows by 128 columns where GEAM transposes (blas3.glsl's COLS), else
            // runs of 256 rows by 16 columns (LIN_ROWS, LIN_COLS).
            MOp::Geam if self.transposes() => {
                let x = self.m.div_ceil(32);
                [x, column_blocks(self.n.div_ceil(128), x, z), z]
            }
            _ => {
                let x = self.m.div_ceil(256);
                [x, column_blocks(self.n.div_ceil(16), x, z), z]
            }
        }
    }

    /// Queues the launch with the module `kernel`, declaring what it reads and writes.
    pub fn run(
        &self,
        c: &Ctx,
        kernel: &'static oxrocm_spirv_kernel,
        reads: &[oxrocm_range],
        writes: &[oxrocm_range],
    ) -> Status {
        match launch(c.stream, kernel, &self.push(), self.grid(), reads, writes) {
            0 => Ok(()),
            e => Err(status_from_hip(e)),
        }
    }
}

/// The ranges of an operand's rows x cols matrices (`bases`: each batch entry's start) and
/// of its pointer array.
pub fn ranges(m: &Mat, bases: &[u64], rows: usize, cols: usize, elem: usize) -> Vec<oxrocm_range> {
    let mut out = Vec::new();
    if rows > 0 && cols > 0 {
        let len = ((cols - 1) * m.ld as usize + rows) * elem;
        out.extend(bases.iter().map(|&addr| oxrocm_range { addr, len }));
    }
    if m.array {
        out.push(oxrocm_range {
            addr: m.ptr,
            len: 8 * bases.len(),
        });
    }
    out
}

// ---------------------------------------------------------------------------------------
// The host twin

/// A parsed parameter block.
struct Params {
    ptr: [u64; 3],
    bs: [i64; 3],
    m: usize,
    n: usize,
    ld: [usize; 3],
    incx: i64,
    flags: u32,
    op: u32,
    aux: usize,
    alpha: [u32; 4],
    beta: [u32; 4],
}

impl Params {
    fn parse(p: &[u8]) -> Option<Params> {
        if p.len() < at::SIZE {
            return None;
        }
        let w = |o: usize| u32_at(p, o);
        let words = |o: usize| [w(o), w(o + 4), w(o + 8), w(o + 12)];
        let fl = w(at::FLAGS);
        Some(Params {
            ptr: [u64_at(p, 0), u64_at(p, 8), u64_at(p, 16)],
            bs: [
                u64_at(p, 24) as i64,
                u64_at(p, 32) as i64,
                u64_at(p, 40) as i64,
            ],
            m: w(at::M) as usize,
            n: w(at::M + 4) as usize,
            ld: [
                w(at::M + 8) as usize,
                w(at::M + 12) as usize,
                w(at::M + 16) as usize,
            ],
            incx: w(at::M + 20) as i32 as i64,
            flags: fl & 0xff_ffff,
            op: fl >> 24,
            aux: w(at::AUX) as usize,
            alpha: words(at::ALPHA),
            beta: words(at::BETA),
        })
    }
    fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }
}

/// (re, im) from parameter-block bits written by `bits`.
pub fn unbits(b: [u32; 4], real_bytes: usize) -> (f64, f64) {
    if real_bytes == 4 {
        (f32::from_bits(b[0]) as f64, f32::from_bits(b[1]) as f64)
    } else {
        (
            f64::from_bits(b[0] as u64 | (b[1] as u64) << 32),
            f64::from_bits(b[2] as u64 | (b[3] as u64) << 32),
        )
    }
}

/// A value from its parameter-block bits.
fn value<T: Kern>(b: [u32; 4]) -> T {
    let (re, im) = unbits(b, size_of::<T::R>());
    T::parts(re, im)
}

/// Host pointer of a matrix; Send so the column tasks can share it.
#[derive(Clone, Copy)]
struct HM<T>(*mut T, usize);
unsafe impl<T> Send for HM<T> {}
unsafe impl<T> Sync for HM<T> {}
impl<T: Copy> HM<T> {
    fn get(&self, i: usize, j: usize) -> T {
        unsafe { self.0.add(i + j * self.1).read_unaligned() }
    }
    fn set(&self, i: usize, j: usize, v: T) {
        unsafe { self.0.add(i + j * self.1).write_unaligned(v) }
    }
    /// Column j's first element.
    fn col(&self, j: usize) -> *mut T {
        unsafe { self.0.add(j * self.1) }
    }
    /// Whether whole columns may be read and written as `T` (the column loops below).
    fn aligned(&self) -> bool {
        self.0 as usize % align_of::<T>() == 0
    }
}

/// The column loops of the element-wise twins: `c[i] = f(i)` for rows `lo..hi` through raw
/// pointers (C may be A or B: no slices), a loop the compiler vectorises, where the
/// per-element form with its flag tests ran at a fraction of memory bandwidth (a third of
/// strtri's time on the CPU was its expand/zero/copy steps).
#[inline(always)]
fn fill_col<T: Copy>(c: *mut T, lo: usize, hi: usize, f: impl Fn(usize) -> T) {
    for i in lo..hi {
        unsafe { c.add(i).write(f(i)) };
    }
}

/// Rows `lo..hi` of column j that a written triangle (`C_LOWER`/`C_UPPER`) keeps.
fn written_rows(p: &Params, j: usize) -> (usize, usize) {
    let lo = if p.has(f::C_LOWER) { j.min(p.m) } else { 0 };
    let hi = if p.has(f::C_UPPER) {
        (j + 1).min(p.m)
    } else {
        p.m
    };
    (lo, hi.max(lo))
}

/// The grid's column blocks for `blocks` of them over `x` row blocks and `z` batch entries:
/// all of them up to the grid's y limit (the shader takes the rest in turn), or as many as
/// keep the grid near `OXROCM_ROCBLAS_GEAM_GROUPS` workgroups (a tuning setting).
fn column_blocks(blocks: u32, x: u32, z: u32) -> u32 {
    static GROUPS: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    let target = *GROUPS.get_or_init(|| {
        std::env::var("OXROCM_ROCBLAS_GEAM_GROUPS")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .filter(|&g| g > 0)
    });
    let cap = match target {
        Some(t) => t.div_ceil(x as u64 * z.max(1) as u64).max(1),
        None => MAX_GRID as u64,
    };
    (blocks as u64).min(cap).min(MAX_GRID as u64).max(1) as u32
}

unsafe extern "C" fn twin<T: K2>(
    push: *const c_void,
    size: usize,
    groups: *const u32,
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    let p = unsafe { std::slice::from_raw_parts(push as *const u8, size) };
    let batch = unsafe { *groups.add(2) } as usize;
    let Some(prm) = Params::parse(p) else {
        return 1;
    };
    let mem = Mem {
        view,
        map: host_ptr,
    };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        for b in 0..batch {
            run_twin::<T>(&prm, &mem, b);
        }
    }));
    if r.is_ok() { 0 } else { 999 }
}

fn run_twin<T: K2>(p: &Params, mem: &Mem, b: usize) {
    let arrays = [f::A_ARRAY, f::B_ARRAY, f::C_ARRAY];
    let mat = |i: usize| {
        HM::<T>(
            mem.host(mem.entry(p.ptr[i], p.bs[i], p.has(arrays[i]), b)),
            p.ld[i],
        )
    };
    let cm = mat(2);
    let writes =
        |i: usize, j: usize| !(p.has(f::C_LOWER) && i < j) && !(p.has(f::C_UPPER) && i > j);
    match p.op {
        0 => {
            let (use_a, use_b) = (!p.has(f::SKIP_A), !p.has(f::SKIP_B));
            let am = if use_a { Some(mat(0)) } else { None };
            let bm = if use_b { Some(mat(1)) } else { None };
            let (alpha, beta) = (value::<T>(p.alpha), value::<T>(p.beta));
            let term = |m: Option<HM<T>>, t: bool, conj: bool, s: T, i: usize, j: usize| {
                m.map(|m| {
                    let x = if t { m.get(j, i) } else { m.get(i, j) };
                    s * if conj { x.conj() } else { x }
                })
            };
            // Untransposed, unconjugated, aligned operands go a column at a time.
            let plain = |m: Option<HM<T>>, t: u32, conj: u32| {
                m.is_none_or(|m| m.aligned() && !p.has(t) && !p.has(conj))
            };
            let by_columns =
                cm.aligned() && plain(am, f::TRANS_A, f::CONJ) && plain(bm, f::TRANS_B, f::HERM);
            (0..p.n).into_par_iter().for_each(|j| {
                if by_columns {
                    let (lo, hi) = written_rows(p, j);
                    let c = cm.col(j);
                    let at = |m: HM<T>| m.col(j) as *const T;
                    let get = |x: *const T, i: usize| unsafe { x.add(i).read() };
                    match (am, bm) {
                        (Some(a), Some(b)) => {
                            let (a, b) = (at(a), at(b));
                            fill_col(c, lo, hi, |i| alpha * get(a, i) + beta * get(b, i));
                        }
                        (Some(x), None) => {
                            let x = at(x);
                            fill_col(c, lo, hi, |i| alpha * get(x, i));
                        }
                        (None, Some(x)) => {
                            let x = at(x);
                            fill_col(c, lo, hi, |i| beta * get(x, i));
                        }
                        (None, None) => fill_col(c, lo, hi, |_| T::zero()),
                    }
                    return;
                }
                for i in 0..p.m {
                    if !writes(i, j) {
                        continue;
                    }
                    let va = term(am, p.has(f::TRANS_A), p.has(f::CONJ), alpha, i, j);
                    let vb = term(bm, p.has(f::TRANS_B), p.has(f::HERM), beta, i, j);
                    let v = match (va, vb) {
                        (Some(x), Some(y)) => x + y,
                        (Some(x), None) | (None, Some(x)) => x,
                        (None, None) => T::zero(),
                    };
                    cm.set(i, j, v);
                }
            });
        }
        1 => {
            let am = mat(0);
            let x = HM::<T>(
                mem.host(mem.entry(p.ptr[1], p.bs[1], p.has(f::B_ARRAY), b)),
                0,
            );
            let left = p.has(f::LEFT);
            let len = if left { p.m } else { p.n };
            let inc = p.incx;
            let xe = move |e: usize| -> T {
                let off = if inc >= 0 {
                    e as i64 * inc
                } else {
                    (len - 1 - e) as i64 * -inc
                };
                debug_assert!(off >= 0);
                x.get(off as usize, 0)
            };
            (0..p.n).into_par_iter().for_each(|j| {
                for i in 0..p.m {
                    cm.set(i, j, am.get(i, j) * xe(if left { i } else { j }));
                }
            });
        }
        2 => {
            let am = mat(0);
            let by_columns = am.aligned()
                && cm.aligned()
                && !p.has(f::TRANS_A)
                && !p.has(f::CONJ)
                && !p.has(f::SYM);
            (0..p.n).into_par_iter().for_each(|j| {
                if by_columns {
                    // The stored triangle copied, the other one zero, then the diagonal.
                    let (c, a) = (cm.col(j), am.col(j) as *const T);
                    let edge = (j + 1).min(p.m);
                    let (copy, zero) = if p.has(f::UPPER) {
                        ((0, edge), (edge, p.m))
                    } else {
                        ((j.min(p.m), p.m), (0, j.min(p.m)))
                    };
                    fill_col(c, copy.0, copy.1, |i| unsafe { a.add(i).read() });
                    fill_col(c, zero.0, zero.1, |_| T::zero());
                    if j < p.m {
                        let d = unsafe { c.add(j) };
                        if p.has(f::UNIT) {
                            unsafe { d.write(T::one()) };
                        } else if p.has(f::HERM) {
                            unsafe { d.write(d.read().real_part()) };
                        }
                    }
                    return;
                }
                for i in 0..p.m {
                    let (sr, sc) = if p.has(f::TRANS_A) { (j, i) } else { (i, j) };
                    let stored = if p.has(f::UPPER) { sr <= sc } else { sr >= sc };
                    let mut v = if stored {
                        am.get(sr, sc)
                    } else if p.has(f::SYM) {
                        let m = am.get(sc, sr);
                        if p.has(f::HERM) { m.conj() } else { m }
                    } else {
                        T::zero()
                    };
                    if sr == sc {
                        if p.has(f::UNIT) {
                            v = T::one();
                        } else if p.has(f::HERM) {
                            v = v.real_part();
                        }
                    }
                    cm.set(i, j, if p.has(f::CONJ) { v.conj() } else { v });
                }
            });
        }
        3 => {
            let am = mat(0);
            let nbk = p.aux.max(1);
            let upper = p.has(f::UPPER);
            let blocks = p.m.div_ceil(nbk);
            (0..blocks).into_par_iter().for_each(|q| {
                let r0 = q * nbk;
                let nb = nbk.min(p.m - r0);
                let e = |i: usize, j: usize| am.get(r0 + i, r0 + j);
                for col in 0..nb {
                    // Substitution on the column, in the kernel's order.
                    let mut x: Vec<T> = (0..nb)
                        .map(|i| if i == col { T::one() } else { T::zero() })
                        .collect();
                    if upper {
                        for r in (0..=col).rev() {
                            x[r] = x[r].div(e(r, r));
                            let xr = x[r];
                            for (k, xk) in x.iter_mut().enumerate().take(r) {
                                *xk = *xk - e(k, r) * xr;
                            }
                        }
                    } else {
                        for r in col..nb {
                            x[r] = x[r].div(e(r, r));
                            let xr = x[r];
                            for (k, xk) in x.iter_mut().enumerate().skip(r + 1) {
                                *xk = *xk - e(k, r) * xr;
                            }
                        }
                    }
                    let c0 = if p.has(f::DIAG_AT) { r0 } else { 0 };
                    for (i, v) in x.into_iter().enumerate() {
                        cm.set(r0 + i, c0 + col, v);
                    }
                }
            });
        }
        _ => {}
    }
}
