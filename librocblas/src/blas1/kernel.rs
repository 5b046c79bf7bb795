//! Level-1 work as the SPIR-V kernels of `shaders/blas1.glsl` (f32, f64 and their complex
//! forms), launched in stream order with no operand leaving the device: the vectors, device
//! scalars and pointer arrays are read by the kernel, reductions run in two passes through
//! the handle's scratch memory. The host twin below computes the same parameter block on
//! the host: it is the CPU backend's path (threaded over the elements) and the fallback of
//! Vulkan devices that cannot run a module.
//!
//! `ops.rs` validates every call as rocBLAS does and then offers it here; what this does not
//! take (other element types, mixed-type `_ex` forms, ILP64 sizes past 32 bits, misaligned
//! complex vectors) keeps the generic host closure.

use super::exec::{Src, Status, Strided, capturing};
use super::num::{Blue, C32, C64, Complex, Field, Real};
use crate::auxiliary::status_from_hip;
use crate::blas3::gemm_pack::Scratch;
use crate::blas3::spirv_kernel::{launch, spirv_kernel, u32_at, u64_at};
use crate::handle::Ctx;
use crate::hip::{self, oxrocm_host_ptr_fn, oxrocm_range, oxrocm_spirv_kernel};
use crate::prefetch;
use crate::types::*;
use std::any::TypeId;
use std::ffi::c_void;

/// Invocations per workgroup and elements per invocation per round (the shader's TPB,
/// UNROLL for elementwise kernels, RUNROLL for a reduction's first pass, by element size):
/// a reduction's first pass uses ceil(n / (TPB RUNROLL)) groups, at most `MAX_PARTIALS`, so
/// the partition depends on n and the type alone (deterministic results).
const TPB: u64 = 256;
fn unroll(elem: usize) -> u64 {
    if elem <= 4 { 8 } else { 4 }
}
fn reduction_unroll(elem: usize) -> u64 {
    match elem {
        0..=4 => 16,
        5..=8 => 8,
        _ => 4,
    }
}
const MAX_PARTIALS: u64 = 1024;
/// Batch entries a launch takes: the grid's y and z (65,535 each on every Vulkan device).
const MAX_BATCH: i64 = 65535 * 65535;
/// Groups of an elementwise launch: enough to fill a large GPU, each invocation then loops.
const MAX_ELEMENTWISE_GROUPS: u64 = 32768;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum Op {
    Axpy = 0,
    Scal = 1,
    Copy = 2,
    Swap = 3,
    Rot = 4,
    Rotm = 5,
    Dot = 6,
    Asum = 7,
    Nrm2 = 8,
    Iamax = 9,
    FinDot = 10,
    FinReal = 11,
    FinIamax = 12,
    Rotg = 13,
    Rotmg = 14,
}

impl Op {
    fn from_u32(v: u32) -> Option<Op> {
        use Op::*;
        [
            Axpy, Scal, Copy, Swap, Rot, Rotm, Dot, Asum, Nrm2, Iamax, FinDot, FinReal, FinIamax,
            Rotg, Rotmg,
        ]
        .get(v as usize)
        .copied()
    }
}

const F_X_ARRAY: u32 = 1;
const F_Y_ARRAY: u32 = 2;
const F_SA_DEV: u32 = 4;
const F_SB_DEV: u32 = 8;
const F_SA_ARRAY: u32 = 16;
const F_CONJ: u32 = 32;
const F_SA_REAL: u32 = 64;
const F_SB_REAL: u32 = 128;
const F_SQRT: u32 = 256;
const F_MIN: u32 = 512;
const F_I64: u32 = 1024;
const F_SB_ARRAY: u32 = 2048;
const F_OUT_ARRAY: u32 = 4096;

/// Parameter block offsets (std430 push constants).
const P_SCALARS: usize = 96;

/// Element types with a module: memory and arithmetic are the same type.
pub trait Kern: Field {
    fn parts(re: f64, im: f64) -> Self;
}
impl Kern for f32 {
    fn parts(re: f64, _: f64) -> Self {
        re as f32
    }
}
impl Kern for f64 {
    fn parts(re: f64, _: f64) -> Self {
        re
    }
}
impl Kern for C32 {
    fn parts(re: f64, im: f64) -> Self {
        Complex {
            re: re as f32,
            im: im as f32,
        }
    }
}
impl Kern for C64 {
    fn parts(re: f64, im: f64) -> Self {
        Complex { re, im }
    }
}

static BLAS1_F32: oxrocm_spirv_kernel = spirv_kernel!("blas1_f32", twin::<f32>);
static BLAS1_F64: oxrocm_spirv_kernel = spirv_kernel!("blas1_f64", twin::<f64>);
static BLAS1_C32: oxrocm_spirv_kernel = spirv_kernel!("blas1_c32", twin::<C32>);
static BLAS1_C64: oxrocm_spirv_kernel = spirv_kernel!("blas1_c64", twin::<C64>);

/// The module of one element type: its element size and whether it is complex.
#[derive(Clone, Copy)]
struct Module {
    kernel: &'static oxrocm_spirv_kernel,
    elem: usize,
    complex: bool,
}

impl Module {
    /// Bytes of the real type (a complex element's half).
    fn real_bytes(&self) -> usize {
        if self.complex {
            self.elem / 2
        } else {
            self.elem
        }
    }
}

/// The module of vectors of `X`.
fn module_of<X: 'static>() -> Option<Module> {
    let t = TypeId::of::<X>();
    let (kernel, elem, complex) = if t == TypeId::of::<f32>() {
        (&BLAS1_F32, 4, false)
    } else if t == TypeId::of::<f64>() {
        (&BLAS1_F64, 8, false)
    } else if t == TypeId::of::<C32>() {
        (&BLAS1_C32, 8, true)
    } else if t == TypeId::of::<C64>() {
        (&BLAS1_C64, 16, true)
    } else {
        return None;
    };
    Some(Module {
        kernel,
        elem,
        complex,
    })
}

/// Whether `A` is the real type of complex `X` (csscal, csrot's c and s).
pub fn real_of<A: 'static, X: 'static>() -> bool {
    let (a, x) = (TypeId::of::<A>(), TypeId::of::<X>());
    (a == TypeId::of::<f32>() && x == TypeId::of::<C32>())
        || (a == TypeId::of::<f64>() && x == TypeId::of::<C64>())
}

/// One vector argument of a batch: its start (or pointer array), batch stride in bytes (or
/// the entries' byte shift), increment.
#[derive(Clone, Copy, Debug)]
pub struct Vector {
    pub(crate) ptr: u64,
    pub(crate) bs: i64,
    pub(crate) array: bool,
    pub(crate) inc: i64,
}

impl Vector {
    /// No vector (a parameter block's unused slot).
    pub(crate) const NONE: Vector = Vector {
        ptr: 0,
        bs: 0,
        array: false,
        inc: 0,
    };

    /// `None` where the kernels cannot address it (a strided complex vector not aligned to
    /// its element size, which the shader's wide loads need).
    pub fn new(src: Src, inc: i64, elem: usize, complex: bool) -> Option<Vector> {
        let v = match src {
            Src::Strided(p, stride) => Vector {
                ptr: p,
                bs: stride.checked_mul(elem as i64)?,
                array: false,
                inc,
            },
            Src::Array(p) => Vector {
                ptr: p,
                bs: 0,
                array: true,
                inc,
            },
            Src::ArrayAt(p, shift) => Vector {
                ptr: p,
                bs: shift,
                array: true,
                inc,
            },
        };
        if complex && !v.array && (v.ptr % elem as u64 != 0 || v.bs % elem as i64 != 0) {
            return None;
        }
        Some(v)
    }

    /// The device range the batch's vectors occupy (strided: one range over every entry; a
    /// pointer array: the array itself, the vectors being reached through it).
    pub(crate) fn range(&self, n: usize, elem: usize, batch: usize) -> Option<oxrocm_range> {
        if self.array {
            return Some(oxrocm_range {
                addr: self.ptr,
                len: batch * 8,
            });
        }
        let span = Strided::new(n as i64, self.inc).span(elem) as i128;
        let last = self.ptr as i128 + (batch as i128 - 1) * self.bs as i128;
        let lo = (self.ptr as i128).min(last);
        let hi = (self.ptr as i128).max(last) + span;
        (lo >= 0 && hi <= u64::MAX as i128).then(|| oxrocm_range {
            addr: lo as u64,
            len: (hi - lo) as usize,
        })
    }
}

/// A scalar argument: host value (re, im) or device address.
#[derive(Clone, Copy, Debug)]
pub enum Scal {
    Host(f64, f64),
    Dev(u64),
}

/// Scalar `p` of a call on vectors of `X` under the handle's pointer mode (`real_typed`: the
/// real type of complex `X`); `None` if `X` has no module.
pub unsafe fn scalar<X: 'static>(
    p: *const c_void,
    mode: rocblas_pointer_mode,
    real_typed: bool,
) -> Option<Scal> {
    let m = module_of::<X>()?;
    if mode == rocblas_pointer_mode_device {
        return Some(Scal::Dev(p as u64));
    }
    let at = |k: usize| unsafe {
        if m.real_bytes() == 4 {
            (p as *const f32).add(k).read_unaligned() as f64
        } else {
            (p as *const f64).add(k).read_unaligned()
        }
    };
    Some(Scal::Host(
        at(0),
        if m.complex && !real_typed { at(1) } else { 0.0 },
    ))
}

/// Whether `A` and `B` are one type.
pub fn same<A: 'static, B: 'static>() -> bool {
    TypeId::of::<A>() == TypeId::of::<B>()
}

/// Whether `R` is the real type of `X` (f32 for f32 and C32, f64 for f64 and C64).
pub fn real_result<X: 'static, R: 'static>() -> bool {
    match module_of::<X>() {
        Some(m) if m.real_bytes() == 4 => same::<R, f32>(),
        Some(_) => same::<R, f64>(),
        None => false,
    }
}

/// A launch's parameter block and grid.
struct Launch {
    op: Op,
    n: u32,
    x: Vector,
    y: Option<Vector>,
    sa: u64,
    sb: u64,
    out: u64,
    bsa: i64,
    flags: u32,
    batch: u32,
    scalars: [f64; 4],
    groups_x: u32,
    real_bytes: usize,
}

impl Launch {
    fn push(&self) -> Vec<u8> {
        let mut p = Vec::with_capacity(128);
        let y = self.y.unwrap_or(Vector::NONE);
        for v in [self.x.ptr, y.ptr, self.sa, self.sb, self.out] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        for v in [self.x.bs, y.bs, self.x.inc, y.inc, self.bsa] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        let mut flags = self.flags;
        if self.x.array {
            flags |= F_X_ARRAY;
        }
        if y.array {
            flags |= F_Y_ARRAY;
        }
        for v in [self.n, self.op as u32, flags, self.batch] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        for s in self.scalars {
            if self.real_bytes == 4 {
                p.extend_from_slice(&(s as f32).to_le_bytes());
            } else {
                p.extend_from_slice(&s.to_le_bytes());
            }
        }
        p
    }

    /// Batch entries over the grid's y and z (Vulkan guarantees 65,535 in each).
    fn groups(&self) -> [u32; 3] {
        let y = self.batch.clamp(1, 65535);
        [self.groups_x, y, self.batch.div_ceil(y)]
    }

    fn run(
        &self,
        stream: hipStream_t,
        kernel: &oxrocm_spirv_kernel,
        reads: &[oxrocm_range],
        writes: &[oxrocm_range],
    ) -> Status {
        match launch(stream, kernel, &self.push(), self.groups(), reads, writes) {
            0 => Ok(()),
            e => Err(status_from_hip(e)),
        }
    }
}

/// Sizes the kernels take: n and the batch in 32 bits, the batch within the grid.
fn sized(n: i64, batch: i64) -> bool {
    (1..=i32::MAX as i64).contains(&n) && (1..=MAX_BATCH).contains(&batch)
}

/// Workgroups sharing one vector of n elements in an elementwise launch.
fn elementwise_groups(n: i64, elem: usize) -> u32 {
    (n as u64)
        .div_ceil(TPB * unroll(elem))
        .clamp(1, MAX_ELEMENTWISE_GROUPS) as u32
}

fn scalars_of(a: Option<Scal>, b: Option<Scal>) -> [f64; 4] {
    let host = |s: Option<Scal>| match s {
        Some(Scal::Host(re, im)) => (re, im),
        _ => (0.0, 0.0),
    };
    let ((a0, a1), (b0, b1)) = (host(a), host(b));
    [a0, a1, b0, b1]
}

/// Elementwise operations: axpy (a = alpha), scal (a = alpha; `a_real`: a real alpha of a
/// complex vector), copy, swap, rot (a = c, b = s; `b_real`: real s of complex vectors).
/// `None`: not a kernel case (the caller computes on the host).
#[allow(clippy::too_many_arguments)]
pub fn elementwise<X: 'static>(
    c: &Ctx,
    op: Op,
    n: i64,
    x: Src,
    incx: i64,
    y: Option<(Src, i64)>,
    a: Option<Scal>,
    a_real: bool,
    b: Option<Scal>,
    b_real: bool,
    batch: i64,
) -> Option<Status> {
    let m = module_of::<X>()?;
    let (elem, real_bytes) = (m.elem, m.real_bytes());
    if !sized(n, batch) {
        return None;
    }
    let xv = Vector::new(x, incx, elem, m.complex)?;
    let yv = match y {
        Some((s, inc)) => Some(Vector::new(s, inc, elem, m.complex)?),
        None => None,
    };
    let (nb, nu) = (batch as usize, n as usize);
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    let xr = xv.range(nu, elem, nb)?;
    let yr = match yv {
        Some(v) => Some(v.range(nu, elem, nb)?),
        None => None,
    };
    // Pointer arrays are read; the vectors behind them are written through them.
    let mut declare = |v: &Vector, r: oxrocm_range, write: bool| {
        if write && !v.array {
            writes.push(r)
        } else {
            reads.push(r)
        }
    };
    match op {
        Op::Axpy | Op::Copy => {
            declare(&xv, xr, false);
            declare(yv.as_ref()?, yr?, true);
        }
        Op::Scal => declare(&xv, xr, true),
        Op::Swap | Op::Rot => {
            declare(&xv, xr, true);
            declare(yv.as_ref()?, yr?, true);
        }
        _ => return None,
    }
    let mut flags = 0;
    let (mut sa, mut sb) = (0, 0);
    if let Some(Scal::Dev(p)) = a {
        flags |= F_SA_DEV;
        sa = p;
        reads.push(oxrocm_range {
            addr: p,
            len: if a_real || op == Op::Rot {
                real_bytes
            } else {
                elem
            },
        });
    }
    if let Some(Scal::Dev(p)) = b {
        flags |= F_SB_DEV;
        sb = p;
        reads.push(oxrocm_range {
            addr: p,
            len: if b_real { real_bytes } else { elem },
        });
    }
    if a_real {
        flags |= F_SA_REAL;
    }
    if b_real {
        flags |= F_SB_REAL;
    }
    let l = Launch {
        op,
        n: n as u32,
        x: xv,
        y: yv,
        sa,
        sb,
        out: 0,
        bsa: 0,
        flags,
        batch: batch as u32,
        scalars: scalars_of(a, b),
        groups_x: elementwise_groups(n, elem),
        real_bytes,
    };
    Some(l.run(c.stream, m.kernel, &reads, &writes))
}

/// rotm's parameters: the five values on the host (single call, host pointer mode) or each
/// batch entry's on the device (strided with a stride in elements, or a pointer array).
pub enum RotmParams {
    Host([f64; 5]),
    Dev(Src),
}

#[allow(clippy::too_many_arguments)]
pub fn rotm<X: 'static>(
    c: &Ctx,
    n: i64,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    params: RotmParams,
    batch: i64,
) -> Option<Status> {
    let m = module_of::<X>()?;
    let elem = m.elem;
    if m.complex || !sized(n, batch) {
        return None;
    }
    let (xv, yv) = (
        Vector::new(x, incx, elem, false)?,
        Vector::new(y, incy, elem, false)?,
    );
    let (nu, nb) = (n as usize, batch as usize);
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    for v in [&xv, &yv] {
        let r = v.range(nu, elem, nb)?;
        if v.array {
            reads.push(r)
        } else {
            writes.push(r)
        }
    }
    let (mut flags, mut sa, mut bsa, mut scalars) = (0, 0, 0, [0.0; 4]);
    match params {
        RotmParams::Host(p) => {
            // The matrix the flag selects (flag -2, the identity, never gets here).
            let (flag, one) = (p[0], 1.0);
            scalars = if flag < 0.0 {
                [p[1], p[2], p[3], p[4]]
            } else if flag == 0.0 {
                [one, p[2], p[3], one]
            } else {
                [p[1], -one, one, p[4]]
            };
        }
        RotmParams::Dev(src) => {
            flags |= F_SA_DEV;
            let pv = Vector::new(src, 1, elem, false)?;
            sa = pv.ptr;
            bsa = pv.bs;
            if pv.array {
                flags |= F_SA_ARRAY;
            }
            reads.push(pv.range(5, elem, nb)?);
        }
    }
    let l = Launch {
        op: Op::Rotm,
        n: n as u32,
        x: xv,
        y: Some(yv),
        sa,
        sb: 0,
        out: 0,
        bsa,
        flags,
        batch: batch as u32,
        scalars,
        groups_x: elementwise_groups(n, elem),
        real_bytes: elem,
    };
    Some(l.run(c.stream, m.kernel, &reads, &writes))
}

/// rotg over a batch of (a, b, c, s) (`Rotg`; c is real for complex types) or rotmg over
/// (d1, d2, x1, y1, param) (`Rotmg`, real types), scalars in device memory read and written
/// by the kernel, one invocation per batch entry (device pointer mode; host mode computes
/// on the host at once, as rocBLAS does).
pub fn scalars<X: 'static>(c: &Ctx, op: Op, args: &[Src], batch: i64) -> Option<Status> {
    let m = module_of::<X>()?;
    let (elem, complex, real_bytes) = (m.elem, m.complex, m.real_bytes());
    let rotmg = op == Op::Rotmg;
    if (rotmg && complex)
        || !(1..=MAX_BATCH).contains(&batch)
        || args.len() != if rotmg { 5 } else { 4 }
    {
        return None;
    }
    let nb = batch as usize;
    let mut v = Vec::new();
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    for (k, &src) in args.iter().enumerate() {
        // rotg's c is real; rotmg's param holds five values.
        let (size, wide) = match (rotmg, k) {
            (false, 2) => (real_bytes, false),
            (true, 4) => (5 * elem, false),
            _ => (elem, complex),
        };
        let vec = Vector::new(src, 1, if rotmg && k == 4 { elem } else { size }, wide)?;
        let r = if vec.array {
            oxrocm_range {
                addr: vec.ptr,
                len: nb * 8,
            }
        } else {
            Vector { inc: 1, ..vec }.range(1, size, nb)?
        };
        // rotmg's y1 is only read; pointer arrays are read.
        if vec.array || (rotmg && k == 3) {
            reads.push(r)
        } else {
            writes.push(r)
        }
        v.push(vec);
    }
    let mut flags = 0;
    for (k, f) in [(2, F_SA_ARRAY), (3, F_SB_ARRAY), (4, F_OUT_ARRAY)] {
        if v.get(k).is_some_and(|a| a.array) {
            flags |= f;
        }
    }
    let out = v.get(4).copied().unwrap_or(Vector::NONE);
    let l = Launch {
        op,
        n: 1,
        x: Vector {
            inc: v[2].bs,
            ..v[0]
        },
        y: Some(Vector {
            inc: v[3].bs,
            ..v[1]
        }),
        sa: v[2].ptr,
        sb: v[3].ptr,
        out: out.ptr,
        bsa: out.bs,
        flags,
        batch: batch as u32,
        scalars: [0.0; 4],
        groups_x: 1,
        real_bytes,
    };
    Some(l.run(c.stream, m.kernel, &reads, &writes))
}

/// What a reduction computes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reduction {
    /// dot (`true`: dotc, x conjugated); the result is of the vectors' type.
    Dot(bool),
    Asum,
    Nrm2,
    /// iamax (`false`) / iamin (`true`); `true` in the second field: 64-bit results.
    Iamax(bool, bool),
}

/// A reduction in two passes into `result` (`batch` values; device memory in device pointer
/// mode, else host memory written before this returns, unless the stream is being captured).
#[allow(clippy::too_many_arguments)]
pub fn reduce<X: 'static>(
    c: &Ctx,
    what: Reduction,
    n: i64,
    x: Src,
    incx: i64,
    y: Option<(Src, i64)>,
    batch: i64,
    result: u64,
) -> Option<Status> {
    let m = module_of::<X>()?;
    let (elem, real_bytes) = (m.elem, m.real_bytes());
    if !sized(n, batch) {
        return None;
    }
    let xv = Vector::new(x, incx, elem, m.complex)?;
    let yv = match y {
        Some((s, inc)) => Some(Vector::new(s, inc, elem, m.complex)?),
        None => None,
    };
    let (nu, nb) = (n as usize, batch as usize);
    let g = (n as u64)
        .div_ceil(TPB * reduction_unroll(elem))
        .clamp(1, MAX_PARTIALS) as usize;
    let (part_bytes, res_bytes) = match what {
        Reduction::Dot(_) => (elem, elem),
        Reduction::Asum => (real_bytes, real_bytes),
        // Blue's three sums per group.
        Reduction::Nrm2 => (3 * real_bytes, real_bytes),
        // and a 32-bit index each, after the values
        Reduction::Iamax(_, wide) => (real_bytes, if wide { 8 } else { 4 }),
    };
    let iamax = matches!(what, Reduction::Iamax(..));
    // Partial values, then (iamax) their indices, then (host pointer mode) the results.
    let value_bytes = (g * nb * part_bytes).next_multiple_of(8);
    let values = (value_bytes + if iamax { g * nb * 4 } else { 0 }).next_multiple_of(256);
    let host_out = c.mode != rocblas_pointer_mode_device;
    let total = values
        + if host_out {
            (nb * res_bytes).next_multiple_of(256)
        } else {
            0
        };
    let mut scratch = Scratch::new(c);
    let base = scratch.memory(total)?;
    let (partials, indices) = (base, base + value_bytes as u64);
    let out = if host_out {
        base + values as u64
    } else {
        result
    };

    let mut reads = vec![xv.range(nu, elem, nb)?];
    if let Some(v) = &yv {
        reads.push(v.range(nu, elem, nb)?);
    }
    let (op, mut flags) = match what {
        Reduction::Dot(conj) => (Op::Dot, if conj { F_CONJ } else { 0 }),
        Reduction::Asum => (Op::Asum, 0),
        Reduction::Nrm2 => (Op::Nrm2, 0),
        Reduction::Iamax(min, _) => (Op::Iamax, if min { F_MIN } else { 0 }),
    };
    let first = Launch {
        op,
        n: n as u32,
        x: xv,
        y: yv,
        sa: 0,
        sb: indices,
        out: partials,
        bsa: 0,
        flags,
        batch: batch as u32,
        scalars: [0.0; 4],
        groups_x: g as u32,
        real_bytes,
    };
    let scratch_range = oxrocm_range {
        addr: base,
        len: values,
    };
    if let Err(e) = first.run(c.stream, m.kernel, &reads, &[scratch_range]) {
        return Some(Err(e));
    }
    let fin = match what {
        Reduction::Dot(_) => Op::FinDot,
        Reduction::Asum => Op::FinReal,
        Reduction::Nrm2 => {
            flags |= F_SQRT;
            Op::FinReal
        }
        Reduction::Iamax(_, wide) => {
            if wide {
                flags |= F_I64;
            }
            Op::FinIamax
        }
    };
    let second = Launch {
        op: fin,
        n: g as u32,
        x: Vector::NONE,
        y: None,
        sa: partials,
        sb: indices,
        out,
        bsa: 0,
        flags,
        batch: batch as u32,
        scalars: [0.0; 4],
        groups_x: 1,
        real_bytes,
    };
    let out_range = oxrocm_range {
        addr: out,
        len: nb * res_bytes,
    };
    if let Err(e) = second.run(c.stream, m.kernel, &[scratch_range], &[out_range]) {
        return Some(Err(e));
    }
    if host_out {
        let rc = unsafe {
            hip::hipMemcpyAsync(
                result as *mut c_void,
                out as *const c_void,
                nb * res_bytes,
                hip::hipMemcpyDeviceToHost,
                c.stream,
            )
        };
        if rc != 0 {
            return Some(Err(status_from_hip(rc)));
        }
        // rocBLAS waits for host results, except while the stream is captured.
        if !capturing(c.stream) {
            return Some(super::exec::sync(c.stream));
        }
    }
    Some(Ok(()))
}

// ---------------------------------------------------------------------------------------
// The host twin

/// The parameter block, read back.
struct Params {
    x: u64,
    y: u64,
    sa: u64,
    sb: u64,
    out: u64,
    bsx: i64,
    bsy: i64,
    incx: i64,
    incy: i64,
    bsa: i64,
    n: usize,
    op: Op,
    flags: u32,
    batch: usize,
    scalars: [f64; 4],
}

impl Params {
    fn parse(p: &[u8], real_bytes: usize) -> Option<Params> {
        if p.len() < P_SCALARS + 4 * real_bytes {
            return None;
        }
        let i = |o: usize| u64_at(p, o) as i64;
        let real = |k: usize| {
            let o = P_SCALARS + k * real_bytes;
            if real_bytes == 4 {
                f32::from_le_bytes(p[o..o + 4].try_into().unwrap_or_default()) as f64
            } else {
                f64::from_le_bytes(p[o..o + 8].try_into().unwrap_or_default())
            }
        };
        Some(Params {
            x: u64_at(p, 0),
            y: u64_at(p, 8),
            sa: u64_at(p, 16),
            sb: u64_at(p, 24),
            out: u64_at(p, 32),
            bsx: i(40),
            bsy: i(48),
            incx: i(56),
            incy: i(64),
            bsa: i(72),
            n: u32_at(p, 80) as usize,
            op: Op::from_u32(u32_at(p, 84))?,
            flags: u32_at(p, 88),
            batch: u32_at(p, 92) as usize,
            scalars: [real(0), real(1), real(2), real(3)],
        })
    }
    fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }
}

/// Host addresses of device memory, through the runtime's view.
pub(crate) struct Mem {
    pub(crate) view: *const c_void,
    pub(crate) map: oxrocm_host_ptr_fn,
}
// The view outlives the twin's call; the threads it spawns end inside the call.
unsafe impl Sync for Mem {}

impl Mem {
    pub(crate) fn host<T>(&self, addr: u64) -> *mut T {
        unsafe { (self.map)(self.view, addr) as *mut T }
    }
    pub(crate) fn read<T: Copy>(&self, addr: u64) -> T {
        unsafe { self.host::<T>(addr).read_unaligned() }
    }
    /// Start of batch entry `b` of a vector argument.
    pub(crate) fn entry(&self, ptr: u64, bs: i64, array: bool, b: usize) -> u64 {
        if array {
            self.read::<u64>(ptr + 8 * b as u64).wrapping_add_signed(bs)
        } else {
            ptr.wrapping_add_signed(b as i64 * bs)
        }
    }
}

/// A vector of one batch entry on the host: element i at p + off(i).
#[derive(Clone, Copy)]
pub(crate) struct HostVec<T> {
    pub(crate) p: *mut T,
    pub(crate) s: Strided,
}
unsafe impl<T> Send for HostVec<T> {}
unsafe impl<T> Sync for HostVec<T> {}

impl<T: Copy> HostVec<T> {
    #[inline]
    pub(crate) fn get(&self, i: usize) -> T {
        unsafe { self.p.add(self.s.off(i)).read_unaligned() }
    }
    #[inline]
    pub(crate) fn set(&self, i: usize, v: T) {
        unsafe { self.p.add(self.s.off(i)).write_unaligned(v) }
    }
}

/// Elements per task when the twin splits a vector over threads (below: one task).
const TWIN_CHUNK: usize = 1 << 16;

/// Runs `f` over [0, n) in chunks on the thread pool, or at once for short vectors or when
/// a written vector repeats its element (increment 0: the updates must stay in order).
fn over(n: usize, serial: bool, f: impl Fn(std::ops::Range<usize>) + Sync) {
    if serial || n < 2 * TWIN_CHUNK {
        f(0..n);
        return;
    }
    // One contiguous part per thread: each streams its own region (64K-element chunks
    // handed out one at a time ran dscal at 0.65x of OpenBLAS's two halves).
    let parts = rayon::current_num_threads().max(1).min(n / TWIN_CHUNK);
    let per = n.div_ceil(parts);
    rayon::scope(|s| {
        for t in 0..parts {
            let f = &f;
            s.spawn(move |_| f(t * per..((t + 1) * per).min(n)));
        }
    });
}

/// `over` for unit-stride loops: each thread's part through `prefetch::blocks` (the lines
/// of `streams`, vector addresses or 0, requested ahead of each block).
fn over_ahead<T>(
    n: usize,
    serial: bool,
    streams: [usize; 2],
    f: impl Fn(std::ops::Range<usize>) + Sync,
) {
    over(n, serial, |r| prefetch::blocks::<T>(r, &streams, &f));
}

unsafe extern "C" fn twin<T: Kern>(
    push: *const c_void,
    size: usize,
    _groups: *const u32,
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
) -> i32
where
    T::R: Real,
{
    let p = unsafe { std::slice::from_raw_parts(push as *const u8, size) };
    let groups = unsafe { *_groups };
    let Some(prm) = Params::parse(p, size_of::<T::R>()) else {
        return 1;
    };
    let mem = Mem {
        view,
        map: host_ptr,
    };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_twin::<T>(&prm, &mem, groups as usize)
    }));
    if r.is_ok() { 0 } else { 999 }
}

fn run_twin<T: Kern>(p: &Params, m: &Mem, groups: usize)
where
    T::R: Real,
{
    let real = |addr: u64| T::parts(m.read::<T::R>(addr).to_f64(), 0.0);
    let scalar = |dev: bool, real_typed: bool, addr: u64, host: T| {
        if !dev {
            host
        } else if real_typed {
            real(addr)
        } else {
            m.read::<T>(addr)
        }
    };
    let (sx, sy) = (
        Strided::new(p.n as i64, p.incx),
        Strided::new(p.n as i64, p.incy),
    );
    let vec_x = |b: usize| HostVec::<T> {
        p: m.host(m.entry(p.x, p.bsx, p.has(F_X_ARRAY), b)),
        s: sx,
    };
    let vec_y = |b: usize| HostVec::<T> {
        p: m.host(m.entry(p.y, p.bsy, p.has(F_Y_ARRAY), b)),
        s: sy,
    };
    let [a0, a1, b0, b1] = p.scalars;
    match p.op {
        Op::Axpy | Op::Scal | Op::Copy | Op::Swap | Op::Rot | Op::Rotm => {
            let alpha = scalar(p.has(F_SA_DEV), p.has(F_SA_REAL), p.sa, T::parts(a0, a1));
            let s = scalar(p.has(F_SB_DEV), p.has(F_SB_REAL), p.sb, T::parts(b0, b1));
            let c = if p.op == Op::Rot {
                scalar(p.has(F_SA_DEV), true, p.sa, T::parts(a0, 0.0))
            } else {
                alpha
            };
            if p.op == Op::Axpy && alpha == T::zero() {
                return;
            }
            for b in 0..p.batch {
                let (x, y) = (vec_x(b), if p.op == Op::Scal { vec_x(b) } else { vec_y(b) });
                let mut h = [
                    T::parts(a0, 0.0),
                    T::parts(a1, 0.0),
                    T::parts(b0, 0.0),
                    T::parts(b1, 0.0),
                ];
                if p.op == Op::Rotm && p.has(F_SA_DEV) {
                    let at = m.entry(p.sa, p.bsa, p.has(F_SA_ARRAY), b);
                    let v: [T; 5] =
                        std::array::from_fn(|k| m.read::<T>(at + (k * size_of::<T>()) as u64));
                    let flag = v[0].re().to_f64();
                    if flag == -2.0 {
                        continue;
                    }
                    let (one, neg) = (T::parts(1.0, 0.0), T::parts(-1.0, 0.0));
                    h = [
                        if flag == 0.0 { one } else { v[1] },
                        if flag > 0.0 { neg } else { v[2] },
                        if flag > 0.0 { one } else { v[3] },
                        if flag == 0.0 { one } else { v[4] },
                    ];
                }
                let serial = match p.op {
                    Op::Scal => sx.inc == 0,
                    Op::Axpy | Op::Copy => sy.inc == 0,
                    _ => sx.inc == 0 || sy.inc == 0,
                };
                elementwise_twin(p.op, p.n, serial, x, y, [alpha, c, s], h);
            }
        }
        Op::Dot | Op::Asum | Op::Nrm2 | Op::Iamax => {
            partials_twin::<T>(p, m, groups, &vec_x, &vec_y)
        }
        Op::FinDot | Op::FinReal | Op::FinIamax => finish_twin::<T>(p, m),
        Op::Rotg | Op::Rotmg => scalars_twin::<T>(p, m),
    }
}

/// rotg / rotmg on the host, through the host path's own functions (`ops.rs`).
fn scalars_twin<T: Kern>(p: &Params, m: &Mem)
where
    T::R: Real,
{
    use super::ops::{rotg_complex, rotg_real, rotmg_calc};
    for b in 0..p.batch {
        let at = [
            m.entry(p.x, p.bsx, p.has(F_X_ARRAY), b),
            m.entry(p.y, p.bsy, p.has(F_Y_ARRAY), b),
            m.entry(p.sa, p.incx, p.has(F_SA_ARRAY), b),
            m.entry(p.sb, p.incy, p.has(F_SB_ARRAY), b),
            m.entry(p.out, p.bsa, p.has(F_OUT_ARRAY), b),
        ];
        // SAFETY: the addresses are the call's arguments, mapped for this launch; the types
        // are the module's (complex T is Complex<T::R>).
        unsafe {
            if p.op == Op::Rotmg {
                let (d1, d2, x1, y1) = (
                    m.host::<T::R>(at[0]),
                    m.host::<T::R>(at[1]),
                    m.host::<T::R>(at[2]),
                    m.host::<T::R>(at[3]),
                );
                let prm = m.host::<[T::R; 5]>(at[4]);
                let (mut a, mut bb, mut x, y, mut q) = (
                    d1.read_unaligned(),
                    d2.read_unaligned(),
                    x1.read_unaligned(),
                    y1.read_unaligned(),
                    prm.read_unaligned(),
                );
                rotmg_calc(&mut a, &mut bb, &mut x, y, &mut q);
                d1.write_unaligned(a);
                d2.write_unaligned(bb);
                x1.write_unaligned(x);
                prm.write_unaligned(q);
            } else if T::COMPLEX {
                let (pa, pb, pc, ps) = (
                    m.host::<Complex<T::R>>(at[0]),
                    m.host::<Complex<T::R>>(at[1]),
                    m.host::<T::R>(at[2]),
                    m.host::<Complex<T::R>>(at[3]),
                );
                let (mut a, mut bb, mut c, mut s) = (
                    pa.read_unaligned(),
                    pb.read_unaligned(),
                    pc.read_unaligned(),
                    ps.read_unaligned(),
                );
                rotg_complex(&mut a, &mut bb, &mut c, &mut s);
                pa.write_unaligned(a);
                pb.write_unaligned(bb);
                pc.write_unaligned(c);
                ps.write_unaligned(s);
            } else {
                let [pa, pb, pc, ps] = [0, 1, 2, 3].map(|k| m.host::<T::R>(at[k]));
                let (mut a, mut bb, mut c, mut s) = (
                    pa.read_unaligned(),
                    pb.read_unaligned(),
                    pc.read_unaligned(),
                    ps.read_unaligned(),
                );
                rotg_real(&mut a, &mut bb, &mut c, &mut s);
                pa.write_unaligned(a);
                pb.write_unaligned(bb);
                pc.write_unaligned(c);
                ps.write_unaligned(s);
            }
        }
    }
}

/// One batch entry of an elementwise operation on the host: unit-stride vectors through
/// plain pointer loops (which the compiler vectorizes), others element by element; chunks
/// of the vectors on the thread pool (`over`). `k`: alpha, rot's c and s; `h`: rotm's matrix.
fn elementwise_twin<T: Kern>(
    op: Op,
    n: usize,
    serial: bool,
    x: HostVec<T>,
    y: HostVec<T>,
    k: [T; 3],
    h: [T; 4],
) {
    let [alpha, c, s] = k;
    let unit = x.s.inc == 1 && y.s.inc == 1;
    if T::COMPLEX && unit && matches!(op, Op::Axpy | Op::Rot | Op::Scal) {
        // Complex data as interleaved reals: loops the compiler vectorizes (complex
        // products element by element it does not; measured zaxpy at half OpenBLAS's rate).
        // Addresses as integers: raw pointers are not Sync.
        let (xa, ya) = (x.p as usize, y.p as usize);
        let (ar, ai) = (alpha.re(), alpha.im());
        let (cr, sr, si) = (c.re(), s.re(), s.im());
        let streams = [xa, if op == Op::Scal { 0 } else { ya }];
        over_ahead::<T>(n, serial, streams, |r| {
            let (xr, yr) = (xa as *mut T::R, ya as *mut T::R);
            let (ld, st) = (
                |p: *mut T::R, i: usize| unsafe { p.add(i).read_unaligned() },
                |p: *mut T::R, i: usize, v: T::R| unsafe { p.add(i).write_unaligned(v) },
            );
            match op {
                Op::Axpy => r.for_each(|i| {
                    let (xre, xim, yre, yim) = (
                        ld(xr, 2 * i),
                        ld(xr, 2 * i + 1),
                        ld(yr, 2 * i),
                        ld(yr, 2 * i + 1),
                    );
                    st(yr, 2 * i, yre + ar * xre - ai * xim);
                    st(yr, 2 * i + 1, yim + ar * xim + ai * xre);
                }),
                Op::Scal => r.for_each(|i| {
                    let (xre, xim) = (ld(xr, 2 * i), ld(xr, 2 * i + 1));
                    st(xr, 2 * i, ar * xre - ai * xim);
                    st(xr, 2 * i + 1, ar * xim + ai * xre);
                }),
                _ => r.for_each(|i| {
                    // x' = c x + s y, y' = c y - conj(s) x
                    let (xre, xim, yre, yim) = (
                        ld(xr, 2 * i),
                        ld(xr, 2 * i + 1),
                        ld(yr, 2 * i),
                        ld(yr, 2 * i + 1),
                    );
                    st(xr, 2 * i, cr * xre + sr * yre - si * yim);
                    st(xr, 2 * i + 1, cr * xim + sr * yim + si * yre);
                    st(yr, 2 * i, cr * yre - sr * xre - si * xim);
                    st(yr, 2 * i + 1, cr * yim - sr * xim + si * xre);
                }),
            }
        });
        return;
    }
    let run = |r: std::ops::Range<usize>| {
        let (xp, yp) = (x.p, y.p);
        // SAFETY: the range lies within the vectors the runtime mapped for this launch.
        let (ld, st) = (
            |p: *mut T, i: usize| unsafe { p.add(i).read_unaligned() },
            |p: *mut T, i: usize, v: T| unsafe { p.add(i).write_unaligned(v) },
        );
        match (op, unit) {
            (Op::Axpy, true) => r.for_each(|i| st(yp, i, alpha * ld(xp, i) + ld(yp, i))),
            (Op::Axpy, false) => r.for_each(|i| y.set(i, alpha * x.get(i) + y.get(i))),
            (Op::Scal, _) if x.s.inc == 1 => r.for_each(|i| st(xp, i, alpha * ld(xp, i))),
            (Op::Scal, _) => r.for_each(|i| x.set(i, alpha * x.get(i))),
            (Op::Copy, true) => r.for_each(|i| st(yp, i, ld(xp, i))),
            (Op::Copy, false) => r.for_each(|i| y.set(i, x.get(i))),
            (Op::Swap, true) => r.for_each(|i| {
                let t = ld(xp, i);
                st(xp, i, ld(yp, i));
                st(yp, i, t);
            }),
            (Op::Swap, false) => r.for_each(|i| {
                let t = x.get(i);
                x.set(i, y.get(i));
                y.set(i, t);
            }),
            (Op::Rot, true) => r.for_each(|i| {
                let (xi, yi) = (ld(xp, i), ld(yp, i));
                st(xp, i, c * xi + s * yi);
                st(yp, i, c * yi - s.conj() * xi);
            }),
            (Op::Rot, false) => r.for_each(|i| {
                let (xi, yi) = (x.get(i), y.get(i));
                x.set(i, c * xi + s * yi);
                y.set(i, c * yi - s.conj() * xi);
            }),
            (_, true) => r.for_each(|i| {
                let (xi, yi) = (ld(xp, i), ld(yp, i));
                st(xp, i, xi * h[0] + yi * h[2]);
                st(yp, i, xi * h[1] + yi * h[3]);
            }),
            (_, false) => r.for_each(|i| {
                let (xi, yi) = (x.get(i), y.get(i));
                x.set(i, xi * h[0] + yi * h[2]);
                y.set(i, xi * h[1] + yi * h[3]);
            }),
        }
    };
    let scal_unit = op == Op::Scal && x.s.inc == 1;
    if unit || scal_unit {
        let second = if op == Op::Scal { 0 } else { y.p as usize };
        over_ahead::<T>(n, serial, [x.p as usize, second], run);
    } else {
        over(n, serial, run);
    }
}

/// The first pass on the host. The layout is the shader's (G partials per batch entry,
/// which the finishing pass sums), but the host need not follow the shader's partition:
/// contiguous parts, one per thread, stream far better than the GPU's tiles G tiles apart
/// (measured dasum at half OpenBLAS's rate that way). The parts' sums are combined in order
/// (deterministic) into partial 0; the other partials are neutral (zero, or no index).
fn partials_twin<T: Kern>(
    p: &Params,
    m: &Mem,
    g: usize,
    vec_x: &(dyn Fn(usize) -> HostVec<T> + Sync),
    vec_y: &(dyn Fn(usize) -> HostVec<T> + Sync),
) where
    T::R: Real,
{
    use rayon::prelude::*;
    let n = p.n;
    let parts = if n < 2 * TWIN_CHUNK {
        1
    } else {
        rayon::current_num_threads().max(1).min(n / TWIN_CHUNK)
    };
    let per = n.div_ceil(parts);
    let ranges = |_: ()| {
        (0..parts)
            .into_par_iter()
            .map(move |k| k * per..((k + 1) * per).min(n))
    };
    let (conj, min) = (p.has(F_CONJ), p.has(F_MIN));
    for b in 0..p.batch {
        let x = vec_x(b);
        let y = if p.op == Op::Dot { vec_y(b) } else { x };
        let t = Tile { x, y, conj, min };
        let slot = b * g;
        match p.op {
            Op::Dot => {
                let sums: Vec<T> = ranges(()).map(|r| t.dot(r)).collect();
                put_partials(
                    m.host::<T>(p.out),
                    slot,
                    g,
                    sums.iter().fold(T::zero(), |a, &s| a + s),
                    T::zero(),
                );
            }
            Op::Asum => {
                let sums: Vec<T::R> = ranges(()).map(|r| t.asum(r)).collect();
                put_partials(
                    m.host::<T::R>(p.out),
                    slot,
                    g,
                    sums.iter().fold(T::R::zero(), |a, &s| a + s),
                    T::R::zero(),
                );
            }
            Op::Nrm2 => {
                // Three values (small, medium, big) per partial.
                let sums: Vec<Blue<T::R>> = ranges(()).map(|r| t.nrm2(r)).collect();
                let v = sums.iter().fold(Blue::default(), |a, &s| a.merge(s));
                put_partials(
                    m.host::<[T::R; 3]>(p.out),
                    slot,
                    g,
                    [v.sml, v.med, v.big],
                    [T::R::zero(); 3],
                );
            }
            _ => {
                let bests: Vec<(T::R, u32)> = ranges(()).map(|r| t.best(r)).collect();
                let best = bests
                    .into_iter()
                    .fold((T::R::zero(), u32::MAX), |b, (v, i)| {
                        if better(min, v, i, b) { (v, i) } else { b }
                    });
                put_partials(m.host::<T::R>(p.out), slot, g, best.0, T::R::zero());
                put_partials(m.host::<u32>(p.sb), slot, g, best.1, u32::MAX);
            }
        }
    }
}

/// Writes one batch entry's `g` partials from `slot`: the host's whole result first, the
/// others neutral.
fn put_partials<V: Copy>(out: *mut V, slot: usize, g: usize, first: V, neutral: V) {
    for k in 0..g {
        // SAFETY: the partials lie in the scratch range the runtime mapped for this launch.
        unsafe {
            out.add(slot + k)
                .write_unaligned(if k == 0 { first } else { neutral })
        };
    }
}

/// Lanes of a tile's sums: independent accumulators, so that the compiler vectorizes them
/// (one running sum would have to add in order).
const LANES: usize = 8;

/// One batch entry's vectors, reduced a tile (element range) at a time.
#[derive(Clone, Copy)]
struct Tile<T> {
    x: HostVec<T>,
    y: HostVec<T>,
    conj: bool,
    min: bool,
}

impl<T: Kern> Tile<T>
where
    T::R: Real,
{
    /// Sum of f(i) over the range, in lanes.
    fn lanes<A: Copy + std::ops::Add<Output = A>>(
        r: std::ops::Range<usize>,
        zero: A,
        f: impl Fn(usize) -> A,
    ) -> A {
        Self::lanes_ahead(r, zero, f, |_| {})
    }

    /// `lanes`, calling `pf` with the first index of each step (to prefetch ahead of it).
    fn lanes_ahead<A: Copy + std::ops::Add<Output = A>>(
        r: std::ops::Range<usize>,
        zero: A,
        f: impl Fn(usize) -> A,
        pf: impl Fn(usize),
    ) -> A {
        let mut acc = [zero; LANES];
        let mut i = r.start;
        while i + LANES <= r.end {
            pf(i);
            for (l, a) in acc.iter_mut().enumerate() {
                *a = *a + f(i + l);
            }
            i += LANES;
        }
        for k in i..r.end {
            acc[0] = acc[0] + f(k);
        }
        acc.into_iter().fold(zero, |s, a| s + a)
    }

    /// Element i of x (unit stride: a plain pointer read).
    #[inline]
    fn xi(&self, i: usize) -> T {
        if self.x.s.inc == 1 {
            unsafe { self.x.p.add(i).read_unaligned() }
        } else {
            self.x.get(i)
        }
    }

    fn dot(&self, r: std::ops::Range<usize>) -> T {
        let (x, y, conj) = (self.x, self.y, self.conj);
        if T::COMPLEX && x.s.inc == 1 && y.s.inc == 1 {
            // The vectors as interleaved reals X, Y (2 len values from an even start), in 16
            // lanes whose parity is the component's: P[l] sums X[k] Y[k] and Q[l] sums
            // X[k] Y[k^1] over k = l mod 16. Then (a + ib)(c + id) = ac - bd + i(ad + bc):
            // re = P even - P odd, im = Q all; conjugated x: re = P all, im = Q even - Q odd.
            // Plain real products in fixed lanes vectorize (complex products per element
            // ran the f32 dot at 8 GB/s, a third of the real dot's rate).
            const L: usize = 16;
            let len = 2 * r.len();
            // SAFETY: the range lies within the vectors the runtime mapped for this launch.
            let (xs, ys) = unsafe {
                (
                    std::slice::from_raw_parts((x.p as *const T::R).add(2 * r.start), len),
                    std::slice::from_raw_parts((y.p as *const T::R).add(2 * r.start), len),
                )
            };
            let z = T::R::zero();
            let (mut pl, mut ql) = ([z; L], [z; L]);
            let whole = len / L * L;
            let chunks = xs[..whole].chunks_exact(L).zip(ys[..whole].chunks_exact(L));
            for (k, (xc, yc)) in chunks.enumerate() {
                prefetch::ahead(xs.as_ptr(), k * L, L * size_of::<T::R>());
                prefetch::ahead(ys.as_ptr(), k * L, L * size_of::<T::R>());
                for l in 0..L {
                    pl[l] = pl[l] + xc[l] * yc[l];
                    ql[l] = ql[l] + xc[l] * yc[l ^ 1];
                }
            }
            for k in whole..len {
                pl[k % L] = pl[k % L] + xs[k] * ys[k];
                ql[k % L] = ql[k % L] + xs[k] * ys[k ^ 1];
            }
            let half =
                |v: &[T::R; L], parity: usize| (parity..L).step_by(2).fold(z, |acc, l| acc + v[l]);
            let (pe, po, qe, qo) = (half(&pl, 0), half(&pl, 1), half(&ql, 0), half(&ql, 1));
            let (re, im) = if conj {
                (pe + po, qe - qo)
            } else {
                (pe - po, qe + qo)
            };
            return T::parts(re.to_f64(), im.to_f64());
        }
        if x.s.inc == 1 && y.s.inc == 1 {
            let (xp, yp) = (x.p, y.p);
            let term = |i: usize| unsafe {
                let a = xp.add(i).read_unaligned();
                (if conj { a.conj() } else { a }) * yp.add(i).read_unaligned()
            };
            let pf = |i: usize| {
                prefetch::ahead(xp, i, LANES * size_of::<T>());
                prefetch::ahead(yp, i, LANES * size_of::<T>());
            };
            Self::lanes_ahead(r, T::zero(), term, pf)
        } else {
            Self::lanes(r, T::zero(), |i| {
                (if conj { x.get(i).conj() } else { x.get(i) }) * y.get(i)
            })
        }
    }

    /// A unit-stride range as its interleaved reals (complex: 2 values per element).
    fn reals(&self, r: &std::ops::Range<usize>) -> &[T::R] {
        let w = if T::COMPLEX { 2 } else { 1 };
        // SAFETY: the range lies within the vector the runtime mapped for this launch.
        unsafe {
            std::slice::from_raw_parts((self.x.p as *const T::R).add(w * r.start), w * r.len())
        }
    }

    /// Sum of f over real values in fixed lanes (vectorizes; see `dot`).
    fn real_lanes<A: Copy + std::ops::Add<Output = A>>(
        xs: &[T::R],
        zero: A,
        f: impl Fn(T::R) -> A,
    ) -> A {
        const L: usize = 16;
        let mut acc = [zero; L];
        let whole = xs.len() / L * L;
        for (k, c) in xs[..whole].chunks_exact(L).enumerate() {
            prefetch::ahead(xs.as_ptr(), k * L, L * size_of::<T::R>());
            for l in 0..L {
                acc[l] = acc[l] + f(c[l]);
            }
        }
        for &v in &xs[whole..] {
            acc[0] = acc[0] + f(v);
        }
        acc.into_iter().fold(zero, |s, a| s + a)
    }

    fn asum(&self, r: std::ops::Range<usize>) -> T::R {
        if self.x.s.inc == 1 {
            // |re| + |im| summed over elements = |v| summed over the reals.
            return Self::real_lanes(self.reals(&r), T::R::zero(), |v| v.abs());
        }
        Self::lanes(r, T::R::zero(), |i| self.x.get(i).abs1())
    }

    /// Blue's accumulators of the range. The plain sum of squares in f64 where it cannot
    /// overflow or lose the result (f32 data always; f64 data when the sum is finite and
    /// not tiny or zero, which underflow may have made it), else element by element.
    fn nrm2(&self, r: std::ops::Range<usize>) -> Blue<T::R> {
        let sq = |v: T| v.re().to_f64() * v.re().to_f64() + v.im().to_f64() * v.im().to_f64();
        let sumsq = if self.x.s.inc == 1 {
            Self::real_lanes(self.reals(&r), 0f64, |v| v.to_f64() * v.to_f64())
        } else {
            Self::lanes(r.clone(), 0f64, |i| sq(self.xi(i)))
        };
        // In f64 a square overflows to infinity (caught) before it loses precision, and a
        // sum far above the underflow threshold lost nothing to underflowing squares.
        let (tsml, _, _, _) = Blue::<T::R>::limits();
        let plain = size_of::<T::R>() == 4
            || (sumsq.is_finite() && sumsq > tsml.to_f64() * tsml.to_f64() * 1e10);
        if plain {
            return Blue::from_sumsq(sumsq);
        }
        let mut a = Blue::default();
        for i in r {
            let v = self.xi(i);
            a.add(v.re());
            if T::COMPLEX {
                a.add(v.im());
            }
        }
        a
    }

    /// The extreme |re| + |im| of the range under `beats` (`sentinel` if none beats it), in
    /// fixed lanes over whole chunks; one copy per comparison, so the loop holds no choice.
    fn extreme(
        &self,
        r: &std::ops::Range<usize>,
        sentinel: T::R,
        beats: impl Fn(T::R, T::R) -> bool,
    ) -> T::R {
        let mut lanes = [sentinel; LANES];
        let whole = r.start + r.len() / LANES * LANES;
        let unit = self.x.s.inc == 1;
        for base in (r.start..whole).step_by(LANES) {
            if unit {
                prefetch::ahead(self.x.p, base, LANES * size_of::<T>());
            }
            for (l, m) in lanes.iter_mut().enumerate() {
                let v = self.xi(base + l).abs1();
                *m = if beats(v, *m) { v } else { *m };
            }
        }
        for i in whole..r.end {
            let v = self.xi(i).abs1();
            if beats(v, lanes[0]) {
                lanes[0] = v;
            }
        }
        lanes
            .into_iter()
            .fold(sentinel, |m, v| if beats(v, m) { v } else { m })
    }

    /// The range's (value, index) best under `better`: the extreme |re| + |im| in lanes (NaN
    /// never wins), then its first index; none (u32::MAX) if every element is NaN.
    fn best(&self, r: std::ops::Range<usize>) -> (T::R, u32) {
        let none = (T::R::zero(), u32::MAX);
        if r.is_empty() {
            return none;
        }
        let min = self.min;
        let sentinel = if min {
            T::R::from_f64(f64::INFINITY)
        } else {
            T::R::from_f64(-1.0)
        };
        // Fixed lanes over whole chunks (an index-chosen lane per element did not vectorize:
        // isamax at 0.44-0.88x of OpenBLAS), the decision on `min` outside the loop.
        let extreme = if min {
            self.extreme(&r, sentinel, |v, m| v < m)
        } else {
            self.extreme(&r, sentinel, |v, m| v > m)
        };
        // The first element of that value (for iamin it may be an infinity itself).
        #[allow(clippy::eq_op)]
        r.into_iter()
            .find(|&i| self.xi(i).abs1() == extreme)
            .map_or(none, |i| (extreme, i as u32))
    }
}

/// The shader's order on (value, index) pairs: larger (smaller) value, then lower index;
/// index u32::MAX is "none".
fn better<R: PartialOrd>(min: bool, v: R, i: u32, best: (R, u32)) -> bool {
    if i == u32::MAX {
        return false;
    }
    if best.1 == u32::MAX {
        return true;
    }
    let strictly = if min { v < best.0 } else { v > best.0 };
    strictly || (v == best.0 && i < best.1)
}

/// The second pass: each batch entry's partials into its result.
fn finish_twin<T: Kern>(p: &Params, m: &Mem)
where
    T::R: Real,
{
    let g = p.n;
    for b in 0..p.batch {
        let first = b * g;
        match p.op {
            Op::FinDot => {
                let parts = m.host::<T>(p.sa);
                let s = (0..g).fold(T::zero(), |acc, k| {
                    acc + unsafe { parts.add(first + k).read_unaligned() }
                });
                unsafe { m.host::<T>(p.out).add(b).write_unaligned(s) };
            }
            Op::FinReal if p.has(F_SQRT) => {
                let parts = m.host::<T::R>(p.sa);
                let at = |k: usize| unsafe { parts.add(k).read_unaligned() };
                let mut a = Blue::default();
                for k in first..first + g {
                    a.sml = a.sml + at(3 * k);
                    a.med = a.med + at(3 * k + 1);
                    a.big = a.big + at(3 * k + 2);
                }
                unsafe { m.host::<T::R>(p.out).add(b).write_unaligned(a.norm()) };
            }
            Op::FinReal => {
                let parts = m.host::<T::R>(p.sa);
                let s = (0..g).fold(T::R::zero(), |acc, k| {
                    acc + unsafe { parts.add(first + k).read_unaligned() }
                });
                unsafe { m.host::<T::R>(p.out).add(b).write_unaligned(s) };
            }
            _ => {
                let (vals, idx) = (m.host::<T::R>(p.sa), m.host::<u32>(p.sb));
                let mut best = (T::R::zero(), u32::MAX);
                for k in 0..g {
                    let (v, i) = unsafe {
                        (
                            vals.add(first + k).read_unaligned(),
                            idx.add(first + k).read_unaligned(),
                        )
                    };
                    if better(p.has(F_MIN), v, i, best) {
                        best = (v, i);
                    }
                }
                let r = if best.1 == u32::MAX {
                    1i64
                } else {
                    best.1 as i64 + 1
                };
                if p.has(F_I64) {
                    unsafe { m.host::<i64>(p.out).add(b).write_unaligned(r) };
                } else {
                    unsafe { m.host::<i32>(p.out).add(b).write_unaligned(r as i32) };
                }
            }
        }
    }
}
