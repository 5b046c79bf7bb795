//! One complex GEMM launch, C = alpha op(A) op(B) + beta C over a batch, op(X) = X, X^T or
//! X^H, for c32 and c64 (`shaders/gemm_cplx.glsl`): the parameter block, the device ranges
//! it touches, and the host twin (the `gemm` crate's complex kernels, with their conjugation
//! flags).

use super::gemm_kernel::{
    FLAG_BETA_ZERO, FLAG_TRANS_A, FLAG_TRANS_B, HostGemm, Mats, common_flags, gemm_ranges,
    host_gemm, mats_of, op_strides, shape,
};
use super::matrix_kernel::{bits, unbits};
use super::spirv_kernel::{launch, spirv_kernel, u32_at, u64_at};
use crate::blas1::num::{C32, C64, Complex};
use crate::hip::{oxrocm_host_ptr_fn, oxrocm_spirv_kernel};
use rayon::prelude::*;
use std::ffi::c_void;

const FLAG_CONJ_A: u32 = 16384;
const FLAG_CONJ_B: u32 = 32768;
/// c32 operands in 16-byte pairs where aligned (the shader checks the alignment).
const FLAG_WIDE: u32 = 131072;

/// c32 operands loaded as 16-byte pairs where aligned (cgemm 4096 on the H100: 36.7 -> 40.6
/// TFLOP/s, the complex Level-3 families 8-14% faster); `OXROCM_ROCBLAS_CGEMM_WIDE=0` keeps
/// the 8-byte loads.
fn wide_loads() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| !std::env::var("OXROCM_ROCBLAS_CGEMM_WIDE").is_ok_and(|v| v.trim() == "0"))
}

/// The `shape` flags this kernel takes (gemm_kernel's, with the same values, and REAL_DIAG).
const SHAPES: u32 = shape::ALL | shape::REAL_DIAG;

/// Output tile of one workgroup.
const TILE: u32 = 64;

/// Complex element types with a module.
pub trait CplxElem: Copy + Send + Sync + 'static {
    const KERNEL: &'static oxrocm_spirv_kernel;
    /// Bytes of one real part.
    const REAL: usize;
}

static GEMM_C32: oxrocm_spirv_kernel = spirv_kernel!("gemm_c32", host_twin::<C32>);
static GEMM_C64: oxrocm_spirv_kernel = spirv_kernel!("gemm_c64", host_twin::<C64>);

impl CplxElem for C32 {
    const KERNEL: &'static oxrocm_spirv_kernel = &GEMM_C32;
    const REAL: usize = 4;
}
impl CplxElem for C64 {
    const KERNEL: &'static oxrocm_spirv_kernel = &GEMM_C64;
    const REAL: usize = 8;
}

/// A validated complex GEMM with host scalars (re, im).
#[derive(Clone, Copy, Debug)]
pub struct GemmC {
    pub trans_a: bool,
    pub conj_a: bool,
    pub trans_b: bool,
    pub conj_b: bool,
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub a: Mats,
    pub lda: u32,
    pub b: Mats,
    pub ldb: u32,
    pub c: Mats,
    pub ldc: u32,
    pub alpha: (f64, f64),
    pub beta: (f64, f64),
    pub batch: u32,
    pub shape: u32,
}

/// Parameter block offsets (gemm_cplx.glsl).
mod at {
    pub const M: usize = 48;
    pub const FLAGS: usize = 72;
    pub const ALPHA: usize = 80;
    pub const BETA: usize = 96;
    pub const SIZE: usize = 112;
}

impl GemmC {
    fn alpha_zero(&self) -> bool {
        self.alpha == (0.0, 0.0)
    }

    fn flags(&self) -> u32 {
        let f = common_flags(
            [self.trans_a, self.trans_b],
            [self.a, self.b, self.c],
            self.shape,
            SHAPES,
            self.beta == (0.0, 0.0),
        );
        f | if self.conj_a { FLAG_CONJ_A } else { 0 }
            | if self.conj_b { FLAG_CONJ_B } else { 0 }
            | if wide_loads() { FLAG_WIDE } else { 0 }
    }

    fn push(&self, real: usize) -> Vec<u8> {
        let fields = |m: Mats| match m {
            Mats::Strided { base, stride } => (base, stride as u64),
            Mats::Array(p) => (p, 0),
        };
        let mut p = Vec::with_capacity(at::SIZE);
        for m in [self.a, self.b, self.c] {
            p.extend_from_slice(&fields(m).0.to_le_bytes());
        }
        for m in [self.a, self.b, self.c] {
            p.extend_from_slice(&fields(m).1.to_le_bytes());
        }
        // alpha = 0: A and B are not read (they may hold NaN).
        let k = if self.alpha_zero() { 0 } else { self.k };
        for v in [
            self.m,
            self.n,
            k,
            self.lda,
            self.ldb,
            self.ldc,
            self.flags(),
            0,
        ] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        for w in bits(self.alpha.0, self.alpha.1, real).iter().chain(&bits(
            self.beta.0,
            self.beta.1,
            real,
        )) {
            p.extend_from_slice(&w.to_le_bytes());
        }
        p
    }

    fn from_push(p: &[u8], batch: u32, real: usize) -> Option<GemmC> {
        if p.len() < at::SIZE {
            return None;
        }
        let flags = u32_at(p, at::FLAGS);
        let [a, b, c] = mats_of(flags, |i| (u64_at(p, 8 * i), u64_at(p, 24 + 8 * i) as i64));
        let words = |o: usize| {
            [
                u32_at(p, o),
                u32_at(p, o + 4),
                u32_at(p, o + 8),
                u32_at(p, o + 12),
            ]
        };
        Some(GemmC {
            trans_a: flags & FLAG_TRANS_A != 0,
            conj_a: flags & FLAG_CONJ_A != 0,
            trans_b: flags & FLAG_TRANS_B != 0,
            conj_b: flags & FLAG_CONJ_B != 0,
            m: u32_at(p, at::M),
            n: u32_at(p, at::M + 4),
            k: u32_at(p, at::M + 8),
            a,
            lda: u32_at(p, at::M + 12),
            b,
            ldb: u32_at(p, at::M + 16),
            c,
            ldc: u32_at(p, at::M + 20),
            alpha: unbits(words(at::ALPHA), real),
            beta: if flags & FLAG_BETA_ZERO != 0 {
                (0.0, 0.0)
            } else {
                unbits(words(at::BETA), real)
            },
            batch,
            shape: flags & SHAPES,
        })
    }

    fn shapes(&self) -> [(u32, u32, u32); 3] {
        let (ar, ac) = if self.trans_a {
            (self.k, self.m)
        } else {
            (self.m, self.k)
        };
        let (br, bc) = if self.trans_b {
            (self.n, self.k)
        } else {
            (self.k, self.n)
        };
        [
            (ar, ac, self.lda),
            (br, bc, self.ldb),
            (self.m, self.n, self.ldc),
        ]
    }

    /// Queues the GEMM on `stream` with element type `T`; `bases`: each matrix's start per
    /// batch entry, to declare what is touched.
    pub fn launch<T: CplxElem>(&self, stream: *mut c_void, bases: [&[u64]; 3]) -> i32 {
        let touches_ab = self.k > 0 && !self.alpha_zero();
        let (reads, writes) = gemm_ranges(
            self.shapes(),
            [self.a, self.b, self.c],
            bases,
            2 * T::REAL,
            self.batch,
            touches_ab,
        );
        let groups = [self.m.div_ceil(TILE), self.n.div_ceil(TILE), self.batch];
        launch(
            stream,
            T::KERNEL,
            &self.push(T::REAL),
            groups,
            &reads,
            &writes,
        )
    }
}

/// The host twin: the same parameter block, computed with the `gemm` crate.
unsafe extern "C" fn host_twin<T: CplxElem>(
    push: *const c_void,
    size: usize,
    groups: *const u32,
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    let p = unsafe { std::slice::from_raw_parts(push as *const u8, size) };
    let batch = unsafe { *groups.add(2) };
    let Some(g) = GemmC::from_push(p, batch, T::REAL) else {
        return 1;
    };
    let host = |addr: u64| unsafe { host_ptr(view, addr) };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        for b in 0..batch as usize {
            let at = |m: Mats| -> u64 {
                match m {
                    Mats::Strided { base, stride } => {
                        base.wrapping_add_signed(stride * b as i64 * 2 * T::REAL as i64)
                    }
                    Mats::Array(arr) => unsafe {
                        (host(arr) as *const u64).add(b).read_unaligned()
                    },
                }
            };
            let c = host(at(g.c));
            let (a, bm) = if g.k > 0 && !g.alpha_zero() {
                (host(at(g.a)) as *const u8, host(at(g.b)) as *const u8)
            } else {
                (std::ptr::null(), std::ptr::null())
            };
            if T::REAL == 4 {
                unsafe { twin_entry::<f32>(&g, a.cast(), bm.cast(), c.cast()) };
            } else {
                unsafe { twin_entry::<f64>(&g, a.cast(), bm.cast(), c.cast()) };
            }
        }
    }));
    if r.is_ok() { 0 } else { 999 }
}

/// Real parts the twin computes in (f32 for c32, f64 for c64).
trait Part: Copy + Default + Into<f64> + Send + Sync + 'static {
    fn of(v: f64) -> Self;
}
impl Part for f32 {
    fn of(v: f64) -> f32 {
        v as f32
    }
}
impl Part for f64 {
    fn of(v: f64) -> f64 {
        v
    }
}

/// The `len` elements at `p`, conjugated.
///
/// # Safety
/// `p` points at `len` readable elements.
unsafe fn conjugated<R: Part + std::ops::Neg<Output = R>>(
    p: *const Complex<R>,
    len: usize,
) -> Vec<Complex<R>> {
    // SAFETY: the caller's.
    let src = unsafe { std::slice::from_raw_parts(p, len) };
    // Over the pool's threads (a copy of k n elements on one thread took cherk 2048 a
    // tenth of its time).
    src.par_iter()
        .with_min_len(1 << 14)
        .map(|v| Complex {
            re: v.re,
            im: -v.im,
        })
        .collect()
}

/// One batch entry through the real twin's `host_gemm`: the gemm crate writes C = beta C +
/// alpha op(A) op(B) in place (a written triangle in blocks, see there); herk's diagonal
/// loses its imaginary part afterwards. (Through a whole m x n temporary merged on one
/// thread, the merge took about a sixth of ctrsm 2048's time.)
unsafe fn twin_entry<R: Part + std::ops::Neg<Output = R>>(
    g: &GemmC,
    a: *const Complex<R>,
    b: *const Complex<R>,
    c: *mut Complex<R>,
) {
    let (m, n, ldc) = (g.m as usize, g.n as usize, g.ldc as usize);
    if m == 0 || n == 0 {
        return;
    }
    let lower = g.shape & shape::C_LOWER != 0;
    let triangle = g.shape & (shape::C_LOWER | shape::C_UPPER) != 0;
    // Whether C's element (i, j) is written.
    let written = |i: usize, j: usize| !triangle || (lower && i >= j) || (!lower && i <= j);
    let runs = g.k > 0 && !g.alpha_zero();
    if !runs {
        // C = beta C on what is written (beta 0 writes zeros, whatever C held).
        let (br, bi) = g.beta;
        for j in 0..n {
            for i in (0..m).filter(|&i| written(i, j)) {
                let e = unsafe { c.add(i + j * ldc) };
                let (mut re, mut im) = (0.0, 0.0);
                if (br, bi) != (0.0, 0.0) {
                    let old = unsafe { e.read_unaligned() };
                    let (or, oi): (f64, f64) = (old.re.into(), old.im.into());
                    (re, im) = (br * or - bi * oi, br * oi + bi * or);
                }
                if g.shape & shape::REAL_DIAG != 0 && i == j {
                    im = 0.0;
                }
                unsafe {
                    e.write_unaligned(Complex {
                        re: R::of(re),
                        im: R::of(im),
                    })
                };
            }
        }
        return;
    }
    // A conjugated operand is conjugated once into a copy (the span its strides reach),
    // and the plain kernel runs on it: the gemm crate's conjugating c64 kernel ran zherk
    // 2048 at 65 GFLOP/s against zsyrk's 109, for a copy of k n elements.
    let span = |rows: usize, cols: usize, ld: usize| {
        if rows == 0 || cols == 0 {
            0
        } else {
            ld * (cols - 1) + rows
        }
    };
    let k = g.k as usize;
    let (a_rows, a_cols) = if g.trans_a { (k, m) } else { (m, k) };
    let (b_rows, b_cols) = if g.trans_b { (n, k) } else { (k, n) };
    let a_conj = g
        .conj_a
        .then(|| unsafe { conjugated(a, span(a_rows, a_cols, g.lda as usize)) });
    let b_conj = g
        .conj_b
        .then(|| unsafe { conjugated(b, span(b_rows, b_cols, g.ldb as usize)) });
    let a = a_conj.as_ref().map_or(a, |v| v.as_ptr());
    let b = b_conj.as_ref().map_or(b, |v| v.as_ptr());
    let (a_rs, a_cs) = op_strides(g.trans_a, g.lda);
    let (b_rs, b_cs) = op_strides(g.trans_b, g.ldb);
    // Complex<R> and num_complex's Complex<R> are both (re, im) pairs of R.
    macro_rules! run {
        ($t:ty, $re:ty) => {{
            let h = HostGemm::<$t> {
                m,
                n,
                k,
                a: (a as usize, a_rs, a_cs),
                b: (b as usize, b_rs, b_cs),
                c: (c as usize, ldc as isize),
                alpha: <$t>::new(g.alpha.0 as $re, g.alpha.1 as $re),
                beta: <$t>::new(g.beta.0 as $re, g.beta.1 as $re),
                zero: <$t>::new(0.0, 0.0),
                shape: g.shape,
                serial_below: 1 << 16,
            };
            unsafe { host_gemm(&h) };
            if g.shape & shape::REAL_DIAG != 0 {
                let c = c as *mut $t;
                for i in 0..m.min(n) {
                    let e = unsafe { c.add(i + i * ldc) };
                    let v = unsafe { e.read_unaligned() };
                    unsafe { e.write_unaligned(<$t>::new(v.re, 0.0)) };
                }
            }
        }};
    }
    if size_of::<R>() == 4 {
        run!(gemm::c32, f32)
    } else {
        run!(gemm::c64, f64)
    }
}
