//! The GEMM family's operations: `?gemm` (+ batched, strided) and `gemm_ex` (+ batched,
//! strided) with rocBLAS 2.47's argument checks, in its order: device-mode scalars are
//! read first (as rocBLAS copies them to the host), then `validateArgs`, then the type
//! dispatch. f32/f64 GEMMs run as the SPIR-V kernel (`gemm_kernel`, whose host twin is the
//! `gemm` crate); every other type runs on the host in the wide type (`gemm_host`).

use super::gemm_host::{self, Problem, Stored};
use super::gemm_kernel::{Gemm, Mats};
use super::gemm_pack::{Repacked, Scratch};
use crate::auxiliary::status_from_hip;
use crate::blas1::exec::*;
use crate::blas1::num::{C32, C64, Field};
use crate::blas2::kern::{Num, Op, Wide};
use crate::handle::{Ctx, ctx};
use crate::hip;
use crate::types::*;
use half::{bf16, f16};
use std::ffi::c_void;

const BAD_PTR: Status = Err(rocblas_status_invalid_pointer);
const BAD_SIZE: Status = Err(rocblas_status_invalid_size);
const BAD_VALUE: Status = Err(rocblas_status_invalid_value);

pub const rocblas_gemm_flags_pack_int8x4: u32 = 1;
const rocblas_datatype_i8_r: rocblas_datatype = 160;
const rocblas_datatype_i32_r: rocblas_datatype = 162;
const hipMemcpyDeviceToDevice: i32 = 3;

/// One call's matrices and sizes as the C API passed them (`d` is `c` for `?gemm`).
#[derive(Clone, Copy)]
pub struct Args {
    pub trans_a: i32,
    pub trans_b: i32,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub alpha: *const c_void,
    pub a: Src,
    pub lda: i64,
    pub b: Src,
    pub ldb: i64,
    pub beta: *const c_void,
    pub c: Src,
    pub ldc: i64,
    pub d: Src,
    pub ldd: i64,
    pub batch: i64,
}

fn op_of(t: i32) -> Status<Op> {
    match t {
        111 => Ok(Op::N),
        112 => Ok(Op::T),
        113 => Ok(Op::C),
        _ => Err(rocblas_status_invalid_value),
    }
}

/// A scalar as the computation will see it: its value (host mode, or device mode read at
/// call time as rocBLAS does), or device memory read when the work runs (device mode while
/// the stream is captured into a graph).
#[derive(Clone, Copy)]
pub(crate) enum Val<W> {
    Known(W),
    /// Device address, bytes, and how to read the compute type there.
    Dev(u64, usize, fn(*const u8) -> W),
}

impl<W: Wide> Val<W> {
    pub(crate) fn is(&self, v: W) -> bool {
        matches!(self, Val::Known(x) if *x == v)
    }
    pub(crate) fn is_zero(&self) -> bool {
        self.is(W::zero())
    }
}

/// alpha and beta (`None`: a null pointer).
#[derive(Clone, Copy)]
pub(crate) struct Scalars<W> {
    pub(crate) alpha: Option<Val<W>>,
    pub(crate) beta: Option<Val<W>>,
}

/// rocBLAS's `copy_alpha_beta_to_host_if_on_device`: device-mode scalars are read now, in
/// stream order; alpha reads as 0 when k is 0.
pub(crate) fn scalars<Tc: Num>(
    c: &Ctx,
    alpha: *const c_void,
    beta: *const c_void,
    k: i64,
) -> Status<Scalars<Tc::W>> {
    let (alpha, beta) = (alpha as *const Tc, beta as *const Tc);
    let dev = c.mode == rocblas_pointer_mode_device;
    let capturing = dev && is_capturing(c.stream);
    let get = |p: *const Tc, zero: bool| -> Status<Option<Val<Tc::W>>> {
        if p.is_null() {
            return Ok(None);
        }
        if zero {
            return Ok(Some(Val::Known(Tc::W::zero())));
        }
        if !dev {
            return Ok(Some(Val::Known(unsafe { p.read_unaligned() }.w())));
        }
        if capturing {
            let read: fn(*const u8) -> Tc::W = |q| unsafe { (q as *const Tc).read_unaligned() }.w();
            return Ok(Some(Val::Dev(p as u64, size_of::<Tc>(), read)));
        }
        Ok(Some(Val::Known(
            read_device::<Tc>(c.stream, p as u64, 1)?[0].w(),
        )))
    };
    Ok(Scalars {
        alpha: get(alpha, dev && k == 0)?,
        beta: get(beta, false)?,
    })
}

fn is_capturing(stream: hipStream_t) -> bool {
    let mut status = 0;
    unsafe { hip::hipStreamIsCapturing(stream, &mut status) == 0 && status != 0 }
}

/// Sizes and leading dimensions, shared by both validators. `Ok(false)`: quick return.
fn check_sizes(x: &Args, ld_d: bool) -> Status<bool> {
    op_of(x.trans_a)?;
    op_of(x.trans_b)?;
    if x.m < 0 || x.n < 0 || x.k < 0 || x.batch < 0 {
        return BAD_SIZE.map(|_| false);
    }
    let rows_a = if x.trans_a == 111 { x.m } else { x.k };
    let rows_b = if x.trans_b == 111 { x.k } else { x.n };
    if rows_a > x.lda || rows_b > x.ldb || x.m > x.ldc || (ld_d && x.m > x.ldd) {
        return BAD_SIZE.map(|_| false);
    }
    Ok(x.m != 0 && x.n != 0 && x.batch != 0)
}

/// `validateArgs` of `?gemm*` (gemm.hpp). `Ok(false)`: quick return with success.
fn validate_gemm<W: Wide>(x: &Args, s: &Scalars<W>) -> Status<bool> {
    if !check_sizes(x, false)? {
        return Ok(false);
    }
    let Some(beta) = s.beta else {
        return BAD_PTR.map(|_| false);
    };
    if beta.is(W::one()) {
        if x.k == 0 {
            return Ok(false);
        }
        match s.alpha {
            None => return BAD_PTR.map(|_| false),
            Some(a) if a.is_zero() => return Ok(false),
            _ => {}
        }
    }
    let ab_invalid = match s.alpha {
        None => true,
        Some(a) => !a.is_zero() && (x.a.is_null() || x.b.is_null()),
    };
    if x.c.is_null() || (x.k != 0 && ab_invalid) {
        return BAD_PTR.map(|_| false);
    }
    Ok(true)
}

/// `validateArgs` of `gemm_ex*` (rocblas_gemm_ex.hpp). `Ok(false)`: quick return.
fn validate_ex<W: Wide>(
    x: &Args,
    s: &Scalars<W>,
    c_type: rocblas_datatype,
    d_type: rocblas_datatype,
) -> Status<bool> {
    if !check_sizes(x, true)? {
        return Ok(false);
    }
    if (x.k != 0 && s.alpha.is_none()) || s.beta.is_none() || x.d.is_null() {
        return BAD_PTR.map(|_| false);
    }
    let nonzero = |v: Option<Val<W>>| v.is_some_and(|v| !v.is_zero());
    if x.c.is_null() && nonzero(s.beta) {
        return BAD_PTR.map(|_| false);
    }
    if x.k != 0 && (x.a.is_null() || x.b.is_null()) && nonzero(s.alpha) {
        return BAD_PTR.map(|_| false);
    }
    if same_base(x.c, x.d) {
        if x.ldc != x.ldd {
            return BAD_SIZE.map(|_| false);
        }
        if c_type != d_type {
            return BAD_VALUE.map(|_| false);
        }
    }
    Ok(true)
}

fn same_base(a: Src, b: Src) -> bool {
    match (a, b) {
        (Src::Strided(p, _), Src::Strided(q, _)) | (Src::Array(p), Src::Array(q)) => p == q,
        _ => false,
    }
}

/// `rocblas_?gemm`, `_batched`, `_strided_batched`.
pub unsafe fn gemm<T: Num + Kernel>(h: rocblas_handle, x: Args) -> Status {
    let c = ctx(h)?;
    if c.query {
        return Err(rocblas_status_size_unchanged);
    }
    let s = scalars::<T>(&c, x.alpha, x.beta, x.k)?;
    if !validate_gemm(&x, &s)? {
        return Ok(());
    }
    run::<T, T>(&c, &x, s, false)
}

/// `rocblas_gemm_ex`, `_batched_ex`, `_strided_batched_ex`: the datatype combinations of
/// rocBLAS 2.47 (anything else is `rocblas_status_not_implemented`, after the checks).
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm_ex(
    h: rocblas_handle,
    x: Args,
    a_type: rocblas_datatype,
    b_type: rocblas_datatype,
    c_type: rocblas_datatype,
    d_type: rocblas_datatype,
    compute: rocblas_datatype,
    flags: u32,
    want: Want,
) -> Status {
    use crate::types::{
        rocblas_datatype_bf16_r as BF16, rocblas_datatype_f16_r as F16,
        rocblas_datatype_f32_r as F32,
    };
    use crate::types::{
        rocblas_datatype_f32_c as CF32, rocblas_datatype_f64_c as CF64,
        rocblas_datatype_f64_r as F64,
    };
    const I8: rocblas_datatype = rocblas_datatype_i8_r;
    const I32: rocblas_datatype = rocblas_datatype_i32_r;
    let c = ctx(h)?;
    let hpa = compute == F32 && (a_type == F16 || a_type == BF16);
    if c.query && !hpa {
        return Err(rocblas_status_size_unchanged);
    }
    let t = Types {
        c: c_type,
        d: d_type,
        flags,
        want,
    };
    match (a_type, b_type, c_type, d_type, compute) {
        (F64, F64, F64, F64, F64) => ex::<f64, f64, f64>(&c, x, t),
        (F32, F32, F32, F32, F32) => ex::<f32, f32, f32>(&c, x, t),
        (F16, F16, F16, F16, F16) => ex::<f16, f16, f16>(&c, x, t),
        (F16, F16, F16, F16, F32) => ex::<f16, f16, f32>(&c, x, t),
        (F16, F16, F32, F32, F32) => ex::<f16, f32, f32>(&c, x, t),
        (BF16, BF16, BF16, BF16, F32) => ex::<bf16, bf16, f32>(&c, x, t),
        (BF16, BF16, F32, F32, F32) => ex::<bf16, f32, f32>(&c, x, t),
        (I8, I8, I32, I32, I32) => ex::<i8, i32, i32>(&c, x, t),
        (CF32, CF32, CF32, CF32, CF32) => ex::<C32, C32, C32>(&c, x, t),
        (CF64, CF64, CF64, CF64, CF64) => ex::<C64, C64, C64>(&c, x, t),
        // Unsupported combinations: rocBLAS still reads the scalars and checks the
        // arguments as the compute type before it finds no implementation.
        _ => {
            let r = match compute {
                F16 => ex_checks::<f16>(&c, &x, t).map(|s| s.is_some()),
                F32 => ex_checks::<f32>(&c, &x, t).map(|s| s.is_some()),
                F64 => ex_checks::<f64>(&c, &x, t).map(|s| s.is_some()),
                I32 => ex_checks::<i32>(&c, &x, t).map(|s| s.is_some()),
                CF32 => ex_checks::<C32>(&c, &x, t).map(|s| s.is_some()),
                CF64 => ex_checks::<C64>(&c, &x, t).map(|s| s.is_some()),
                _ => return Err(rocblas_status_not_implemented),
            };
            if r? {
                Err(rocblas_status_not_implemented)
            } else {
                Ok(())
            }
        }
    }
}

/// What a gemm_ex call asks for: the product, or (`*_get_solutions`) the indices of the
/// solutions that compute it.
#[derive(Clone, Copy)]
pub enum Want {
    /// `algo`, `solution_index`.
    Product(i32, i32),
    /// `list_array`, `list_size`.
    Solutions(*mut i32, *mut i32),
}

/// oxrocm has one solution per problem (the kernel, or the host path where it does not
/// apply); its index, as `*_get_solutions` reports it and `solution_index` accepts it.
pub const SOLUTION_INDEX: i32 = 1;
const rocblas_gemm_algo_solution_index: i32 = 1;
const rocblas_gemm_flags_check_solution_index: u32 = 8;

/// The datatypes and flags a gemm_ex check needs beyond the element types.
#[derive(Clone, Copy)]
struct Types {
    c: rocblas_datatype,
    d: rocblas_datatype,
    flags: u32,
    want: Want,
}

/// gemm_ex's scalar read and checks with compute type `Tc`: `None` for a quick return,
/// else the scalars.
fn ex_checks<Tc: Num>(c: &Ctx, x: &Args, t: Types) -> Status<Option<Scalars<Tc::W>>> {
    let s = scalars::<Tc>(c, x.alpha, x.beta, x.k)?;
    if !validate_ex(x, &s, t.c, t.d)? {
        return if c.query {
            Err(rocblas_status_size_unchanged)
        } else {
            Ok(None)
        };
    }
    if c.query {
        return Err(rocblas_status_size_unchanged);
    }
    Ok(Some(s))
}

/// One supported gemm_ex combination: inputs `Ti`, C/D `To`, compute `Tc`.
fn ex<Ti: Num + Kernel, To: Num<W = Ti::W>, Tc: Num<W = Ti::W>>(
    c: &Ctx,
    x: Args,
    t: Types,
) -> Status {
    let Some(s) = ex_checks::<Tc>(c, &x, t)? else {
        return Ok(());
    };
    match t.want {
        Want::Solutions(list, size) => return unsafe { solutions(list, size) },
        Want::Product(algo, index) => {
            // A chosen solution must exist; with check_solution_index the call only
            // checks that (Tensile's runContractionProblem).
            if algo == rocblas_gemm_algo_solution_index && index > 0 && index != SOLUTION_INDEX {
                return Err(rocblas_status_invalid_value);
            }
            if t.flags & rocblas_gemm_flags_check_solution_index != 0 {
                return Ok(());
            }
        }
    }
    // Batched pointer arrays must be pointer-aligned.
    if [x.a, x.b, x.c, x.d]
        .iter()
        .any(|s| matches!(s, Src::Array(p) if p % 8 != 0))
    {
        return BAD_SIZE;
    }
    let packed = size_of::<Ti>() == 1 && t.flags & rocblas_gemm_flags_pack_int8x4 != 0;
    if packed {
        // int8x4 packs four consecutive k into one value: k and the packed dimensions
        // must be multiples of 4.
        let strides = x.batch > 1
            && match (x.a, x.b) {
                (Src::Strided(_, sa), Src::Strided(_, sb)) => sa % 4 != 0 || sb % 4 != 0,
                _ => false,
            };
        if x.k % 4 != 0
            || (x.trans_a == 112 && x.lda % 4 != 0)
            || (x.trans_b == 111 && x.ldb % 4 != 0)
            || strides
        {
            return BAD_SIZE;
        }
    }
    run::<Ti, To>(c, &x, s, packed)
}

/// rocBLAS 4.x's `*_get_solutions_by_type`: the solutions for a type combination (any
/// problem size). Every combination gemm_ex computes has our one solution; the others are
/// not implemented.
pub unsafe fn solutions_by_type(
    h: rocblas_handle,
    input: rocblas_datatype,
    output: rocblas_datatype,
    compute: rocblas_datatype,
    list: *mut i32,
    size: *mut i32,
) -> Status {
    use crate::types::{
        rocblas_datatype_bf16_r as BF16, rocblas_datatype_f16_r as F16,
        rocblas_datatype_f32_r as F32,
    };
    use crate::types::{
        rocblas_datatype_f32_c as CF32, rocblas_datatype_f64_c as CF64,
        rocblas_datatype_f64_r as F64,
    };
    const I8: rocblas_datatype = rocblas_datatype_i8_r;
    const I32: rocblas_datatype = rocblas_datatype_i32_r;
    ctx(h)?;
    let supported = matches!(
        (input, output, compute),
        (F64, F64, F64)
            | (F32, F32, F32)
            | (F16, F16, F16)
            | (F16, F16, F32)
            | (F16, F32, F32)
            | (BF16, BF16, F32)
            | (BF16, F32, F32)
            | (I8, I32, I32)
            | (CF32, CF32, CF32)
            | (CF64, CF64, CF64)
    );
    if !supported {
        return Err(rocblas_status_not_implemented);
    }
    unsafe { solutions(list, size) }
}

/// Tensile's `getAllSolutions` answer for our one solution.
unsafe fn solutions(list: *mut i32, size: *mut i32) -> Status {
    if size.is_null() {
        return BAD_PTR;
    }
    if list.is_null() {
        unsafe { size.write(1) };
    } else if unsafe { size.read() } > 0 {
        unsafe { list.write(SOLUTION_INDEX) };
    }
    Ok(())
}

/// Element types with a GEMM kernel (f32, f64) take it; the others compute on the host.
pub trait Kernel: Num {
    /// Queues the GEMM as the SPIR-V kernel; `None` where it does not apply.
    fn kernel(_c: &Ctx, _g: &KernelCall<Self::W>) -> Option<Status> {
        None
    }
}
impl Kernel for i8 {}
impl Kernel for C32 {
    fn kernel(c: &Ctx, g: &KernelCall<C64>) -> Option<Status> {
        kernel_sized(g.x).then(|| launch_cplx::<C32>(c, g))
    }
}
impl Kernel for C64 {
    fn kernel(c: &Ctx, g: &KernelCall<C64>) -> Option<Status> {
        kernel_sized(g.x).then(|| launch_cplx::<C64>(c, g))
    }
}

/// A complex GEMM as the kernel of `gemm_cplx.glsl`, in place on D (C copied to D first
/// where it is another matrix and beta reads it), as `launch_kernel` does for the real types.
fn launch_cplx<T: super::gemm_cplx_kernel::CplxElem>(c: &Ctx, g: &KernelCall<C64>) -> Status {
    use super::gemm_cplx_kernel::GemmC;
    let x = g.x;
    let sz = 2 * T::REAL;
    let beta = (g.beta.re, g.beta.im);
    let in_place = same_base(x.c, x.d) && x.ldc == x.ldd;
    if !in_place && beta != (0.0, 0.0) {
        for (&src, &dst) in g.bases[2].iter().zip(g.bases[3]) {
            let rc = unsafe {
                hip::hipMemcpy2DAsync(
                    dst as *mut c_void,
                    x.ldd as usize * sz,
                    src as *const c_void,
                    x.ldc as usize * sz,
                    x.m as usize * sz,
                    x.n as usize,
                    hipMemcpyDeviceToDevice,
                    c.stream,
                )
            };
            if rc != 0 {
                return Err(status_from_hip(rc));
            }
        }
    }
    let mats = |s: Src| match s {
        Src::Strided(base, stride) => Mats::Strided { base, stride },
        Src::Array(p) => Mats::Array(p),
        Src::ArrayAt(..) => unreachable!("kernel_sized excludes shifted pointer arrays"),
    };
    // Operands stored along K are transposed first (the kernel's fast layout is (N, T));
    // conjugation stays the kernel's, applied to the copy's values. The scratch is freed in
    // stream order behind the GEMM when this is dropped, after the launch.
    let mut scratch = Scratch::new(c);
    let packs = scratch.repack_nt(x, [g.bases[0], g.bases[1]], sz, &super::gemm_pack::CPLX);
    let [a, b] = operands(packs, x, g.bases, mats);
    let k = GemmC {
        trans_a: a.trans,
        conj_a: x.trans_a == 113,
        trans_b: b.trans,
        conj_b: x.trans_b == 113,
        m: x.m as u32,
        n: x.n as u32,
        k: x.k as u32,
        a: a.mats,
        lda: a.ld,
        b: b.mats,
        ldb: b.ld,
        c: mats(x.d),
        ldc: x.ldd as u32,
        alpha: (g.alpha.re, g.alpha.im),
        beta,
        batch: x.batch as u32,
        shape: 0,
    };
    match k.launch::<T>(c.stream, [&a.bases, &b.bases, g.bases[3]]) {
        0 => Ok(()),
        e => Err(status_from_hip(e)),
    }
}

/// What the kernel path needs: known scalars and known matrix starts (A, B, C, D; A and B
/// empty when they are not read, C when beta is 0), and the bytes of C's and D's elements.
pub struct KernelCall<'a, W> {
    x: &'a Args,
    alpha: W,
    beta: W,
    bases: [&'a [u64]; 4],
    out_bytes: usize,
}

/// f16 and bf16 inputs (16-bit or f32 C and D) take the cooperative-matrix kernels where
/// the shape is whole tiles; other shapes compute on the host.
impl Kernel for f16 {
    fn kernel(c: &Ctx, g: &KernelCall<f64>) -> Option<Status> {
        launch_16bit(c, g, false)
    }
}
impl Kernel for bf16 {
    fn kernel(c: &Ctx, g: &KernelCall<f64>) -> Option<Status> {
        launch_16bit(c, g, true)
    }
}

/// The kernels take sizes, leading dimensions and the batch count as 32-bit values (push
/// constants, workgroup counts): larger ILP64 problems compute on the host instead.
/// Pointer arrays whose entries are shifted (rocBLAS's internal templates) have no kernel
/// form either: the kernels read the arrays as they are.
fn kernel_sized(x: &Args) -> bool {
    [x.m, x.n, x.k, x.lda, x.ldb, x.ldc, x.ldd, x.batch]
        .iter()
        .all(|&v| (0..=i32::MAX as i64).contains(&v))
        && ![x.a, x.b, x.c, x.d]
            .iter()
            .any(|s| matches!(s, Src::ArrayAt(..)))
}

fn launch_16bit(c: &Ctx, g: &KernelCall<f64>, bf16: bool) -> Option<Status> {
    {
        use super::gemm_f16_kernel::{GemmF16, Mats as M16};
        let x = g.x;
        if !kernel_sized(x) {
            return None;
        }
        let (m, n, k) = (x.m as usize, x.n as usize, x.k as usize);
        // C and D must suit the kernel as they are; A and B may be repacked first.
        if g.alpha == 0.0
            || !GemmF16::fits(
                bf16,
                m,
                n,
                k,
                [8, 8, x.ldc as usize, x.ldd as usize],
                &g.bases[2..],
            )
        {
            return None;
        }
        let mats = |s: Src| match s {
            Src::Strided(base, stride) => M16::Strided(base, stride),
            Src::Array(p) => M16::Array(p),
            Src::ArrayAt(..) => unreachable!("kernel_sized excludes shifted pointer arrays"),
        };
        // Dropped after the launch: the scratch is freed in stream order behind the GEMM.
        let mut scratch = Scratch::new(c);
        let packs = scratch.repack_nt(x, [g.bases[0], g.bases[1]], 2, &super::gemm_pack::F16);
        let [a, b] = operands(packs, x, g.bases, mats);
        let lds = [a.ld as usize, b.ld as usize, x.ldc as usize, x.ldd as usize];
        let bases = [&a.bases[..], &b.bases[..], g.bases[2], g.bases[3]];
        if !GemmF16::fits(bf16, m, n, k, lds, &bases) {
            return None;
        }
        let launch = GemmF16 {
            trans_a: a.trans,
            trans_b: b.trans,
            m: m as u32,
            n: n as u32,
            k: k as u32,
            a: a.mats,
            lda: a.ld,
            b: b.mats,
            ldb: b.ld,
            c: mats(x.c),
            ldc: x.ldc as u32,
            d: mats(x.d),
            ldd: x.ldd as u32,
            alpha: g.alpha as f32,
            beta: g.beta as f32,
            out_f32: g.out_bytes == 4,
            bf16,
            batch: x.batch as u32,
        };
        Some(match launch.launch(c.stream, bases) {
            0 => Ok(()),
            e => Err(status_from_hip(e)),
        })
    }
}

/// How a kernel reads A or B: in place, or its repacked copy (`gemm_pack`; then A is read
/// untransposed and B transposed).
struct Operand<M> {
    trans: bool,
    mats: M,
    ld: u32,
    bases: Vec<u64>,
}

/// A and B for a kernel, from the call and what `Scratch::repack_nt` repacked.
fn operands<M>(
    packs: [Option<Repacked>; 2],
    x: &Args,
    bases: [&[u64]; 4],
    mats: impl Fn(Src) -> M,
) -> [Operand<M>; 2] {
    let [pa, pb] = packs;
    let one = |p: Option<Repacked>,
               src: Src,
               ld: i64,
               trans: bool,
               list: &[u64],
               repacked_trans: bool| match p {
        Some(r) => Operand {
            trans: repacked_trans,
            mats: mats(r.src),
            ld: r.ld,
            bases: r.bases,
        },
        None => Operand {
            trans,
            mats: mats(src),
            ld: ld as u32,
            bases: list.to_vec(),
        },
    };
    [
        one(pa, x.a, x.lda, x.trans_a != 111, bases[0], false),
        one(pb, x.b, x.ldb, x.trans_b != 111, bases[1], true),
    ]
}

macro_rules! kernel_for {
    ($($t:ty),*) => {$(
        impl Kernel for $t {
            fn kernel(c: &Ctx, g: &KernelCall<f64>) -> Option<Status> {
                kernel_sized(g.x).then(|| launch_kernel::<$t>(c, g, g.alpha as $t, g.beta as $t))
            }
        }
    )*};
}
kernel_for!(f32, f64);

/// The kernel works in place on D: when C is another matrix and beta reads it, C is first
/// copied to D in stream order.
fn launch_kernel<T: super::gemm_kernel::GemmElem>(
    c: &Ctx,
    g: &KernelCall<f64>,
    alpha: T,
    beta: T,
) -> Status {
    let x = g.x;
    let sz = size_of::<T>();
    let in_place = same_base(x.c, x.d) && x.ldc == x.ldd;
    if !in_place && beta != T::zero() {
        for (&src, &dst) in g.bases[2].iter().zip(g.bases[3]) {
            let rc = unsafe {
                hip::hipMemcpy2DAsync(
                    dst as *mut c_void,
                    x.ldd as usize * sz,
                    src as *const c_void,
                    x.ldc as usize * sz,
                    x.m as usize * sz,
                    x.n as usize,
                    hipMemcpyDeviceToDevice,
                    c.stream,
                )
            };
            if rc != 0 {
                return Err(status_from_hip(rc));
            }
        }
    }
    let mats = |s: Src| match s {
        Src::Strided(base, stride) => Mats::Strided { base, stride },
        Src::Array(p) => Mats::Array(p),
        Src::ArrayAt(..) => unreachable!("kernel_sized excludes shifted pointer arrays"),
    };
    // Dropped after the launch: the scratch is freed in stream order behind the GEMM.
    let mut scratch = Scratch::new(c);
    let packs = match T::REPACK {
        Some(t) => scratch.repack_nt(x, [g.bases[0], g.bases[1]], sz, t),
        None => [None, None],
    };
    let [a, b] = operands(packs, x, g.bases, mats);
    let k = Gemm::<T> {
        trans_a: a.trans,
        trans_b: b.trans,
        m: x.m as u32,
        n: x.n as u32,
        k: x.k as u32,
        a: a.mats,
        lda: a.ld,
        b: b.mats,
        ldb: b.ld,
        c: mats(x.d),
        ldc: x.ldd as u32,
        alpha,
        beta,
        batch: x.batch as u32,
        shape: 0,
    };
    match k.launch(c.stream, [&a.bases, &b.bases, g.bases[3]]) {
        0 => Ok(()),
        e => Err(status_from_hip(e)),
    }
}

/// Queues a validated GEMM: D = alpha op(A) op(B) + beta C over the batch.
fn run<Ti: Num + Kernel, To: Num<W = Ti::W>>(
    c: &Ctx,
    x: &Args,
    s: Scalars<Ti::W>,
    packed: bool,
) -> Status {
    crate::auxiliary::TENSILE_INITIALIZED.store(true, std::sync::atomic::Ordering::Relaxed);
    let (op_a, op_b) = (op_of(x.trans_a)?, op_of(x.trans_b)?);
    let (m, n, k, nb) = (x.m as usize, x.n as usize, x.k as usize, x.batch as usize);
    let alpha = s.alpha.unwrap_or(Val::Known(Ti::W::zero()));
    let beta = s.beta.unwrap_or(Val::Known(Ti::W::zero()));
    let reads_ab = k > 0 && !alpha.is_zero() && !x.a.is_null() && !x.b.is_null();
    let reads_c = !beta.is_zero() && !x.c.is_null();
    let (ra, ca) = if op_a == Op::N { (m, k) } else { (k, m) };
    let (rb, cb) = if op_b == Op::N { (k, n) } else { (n, k) };
    let (pack_a, pack_b) = (packed && op_a == Op::N, packed && op_b != Op::N);

    let mut acc = Access::default();
    let bases = |s: Src, elem: usize, want: bool| -> Status<Option<Bases>> {
        if want {
            Ok(Some(s.bases(elem, nb, c.stream)?))
        } else {
            Ok(None)
        }
    };
    let ab = bases(x.a, size_of::<Ti>(), reads_ab)?;
    let bb = bases(x.b, size_of::<Ti>(), reads_ab)?;
    let cb_ = bases(x.c, size_of::<To>(), reads_c)?;
    let Some(db) = bases(x.d, size_of::<To>(), true)? else {
        return Ok(());
    };

    // The kernel path: f32/f64 with known scalars and matrix starts.
    if let (Val::Known(al), Val::Known(be)) = (alpha, beta) {
        fn known(b: &Option<Bases>) -> Option<&[u64]> {
            match b {
                Some(Bases::Known(v)) => Some(v.as_slice()),
                Some(Bases::Late(..)) => None,
                None => Some(&[]),
            }
        }
        let d_known = if let Bases::Known(v) = &db {
            Some(v.as_slice())
        } else {
            None
        };
        if let (Some(a), Some(b), Some(cc), Some(d)) =
            (known(&ab), known(&bb), known(&cb_), d_known)
        {
            let call = KernelCall {
                x,
                alpha: al,
                beta: be,
                bases: [a, b, cc, d],
                out_bytes: size_of::<To>(),
            };
            if let Some(r) = Ti::kernel(c, &call) {
                return r;
            }
        }
    }

    if let Some(b) = &ab {
        b.declare(
            &mut acc,
            gemm_host::span::<Ti>(ra, ca, x.lda as usize, pack_a),
            false,
        );
    }
    if let Some(b) = &bb {
        b.declare(
            &mut acc,
            gemm_host::span::<Ti>(rb, cb, x.ldb as usize, pack_b),
            false,
        );
    }
    if let Some(b) = &cb_ {
        b.declare(
            &mut acc,
            gemm_host::span::<To>(m, n, x.ldc as usize, false),
            false,
        );
    }
    db.declare(
        &mut acc,
        gemm_host::span::<To>(m, n, x.ldd as usize, false),
        true,
    );
    for v in [alpha, beta] {
        if let Val::Dev(p, bytes, _) = v {
            acc.read(p, bytes);
        }
    }
    let (lda, ldb, ldc, ldd) = (
        x.lda as usize,
        x.ldb as usize,
        x.ldc as usize,
        x.ldd as usize,
    );
    enqueue(c.stream, acc, move |v| {
        let read = |s: Val<Ti::W>| match s {
            Val::Known(w) => w,
            Val::Dev(p, _, read) => read(v.ptr::<u8>(p)),
        };
        let p = Problem {
            op_a,
            op_b,
            m,
            n,
            k: if reads_ab { k } else { 0 },
            alpha: read(alpha),
            beta: read(beta),
        };
        for i in 0..nb {
            let at = |b: &Option<Bases>| b.as_ref().map_or(0, |b| v.base(b, i));
            let a = Stored {
                p: v.ptr::<Ti>(at(&ab)) as *const Ti,
                ld: lda,
                packed: pack_a,
            };
            let bm = Stored {
                p: v.ptr::<Ti>(at(&bb)) as *const Ti,
                ld: ldb,
                packed: pack_b,
            };
            let cp = if cb_.is_some() {
                v.ptr::<To>(at(&cb_)) as *const To
            } else {
                std::ptr::null()
            };
            let dp = v.ptr::<To>(v.base(&db, i));
            gemm_host::gemm::<Ti, To>(&p, a, bm, cp, ldc, dp, ldd);
        }
    })
}
