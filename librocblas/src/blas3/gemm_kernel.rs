//! One GEMM launch, C = alpha * op(A) * op(B) + beta * C over a batch, for f32 and f64:
//! the parameter block both the SPIR-V kernels (`shaders/gemm.glsl`) and their host twin read,
//! the device ranges it touches, and the host twin itself.

use super::spirv_kernel::{launch, spirv_kernel, u32_at, u64_at};
use crate::hip::{oxrocm_host_ptr_fn, oxrocm_range, oxrocm_spirv_kernel};
use rayon::prelude::*;
use std::ffi::c_void;

pub(crate) const FLAG_TRANS_A: u32 = 1;
pub(crate) const FLAG_TRANS_B: u32 = 2;
const FLAG_PTR_ARRAY: u32 = 4;
pub(crate) const FLAG_BETA_ZERO: u32 = 8;
/// A and B (every matrix of the batch) start 16-byte aligned and their leading
/// dimensions are multiples of 4 elements: the f32 kernel loads 4 values at once.
const FLAG_ALIGNED: u32 = 16;
const FLAG_A_ARRAY: u32 = 32;
const FLAG_B_ARRAY: u32 = 64;
const FLAG_C_ARRAY: u32 = 128;

/// `Gemm::shape` flags (the shader's values): which part of C is written and which K range
/// a tile needs where an operand is triangular with zeros in its other triangle.
pub mod shape {
    /// Write only C's lower triangle (row >= column).
    pub const C_LOWER: u32 = 256;
    /// Write only C's upper triangle.
    pub const C_UPPER: u32 = 512;
    /// op(A) is upper triangular: a tile's K starts at its first row.
    pub const K_FROM_ROW: u32 = 1024;
    /// op(A) is lower triangular: a tile's K ends after its last row.
    pub const K_TO_ROW: u32 = 2048;
    /// op(B) is lower triangular: a tile's K starts at its first column.
    pub const K_FROM_COL: u32 = 4096;
    /// op(B) is upper triangular: a tile's K ends after its last column.
    pub const K_TO_COL: u32 = 8192;
    pub const ALL: u32 = C_LOWER | C_UPPER | K_FROM_ROW | K_TO_ROW | K_FROM_COL | K_TO_COL;
    /// The complex kernel only (gemm_cplx.glsl, whose flags share these values): C's
    /// diagonal is made real (herk, her2k, herkx).
    pub const REAL_DIAG: u32 = 65536;
}

/// The flags both GEMM shaders (gemm.glsl, gemm_cplx.glsl) read the same way: transposes,
/// per-operand pointer arrays, beta 0 and the `shape` flags in `shape_mask`.
pub(crate) fn common_flags(
    trans: [bool; 2],
    mats: [Mats; 3],
    shape_bits: u32,
    shape_mask: u32,
    beta_zero: bool,
) -> u32 {
    let mut f = shape_bits & shape_mask;
    for (on, bit) in [
        (trans[0], FLAG_TRANS_A),
        (trans[1], FLAG_TRANS_B),
        (beta_zero, FLAG_BETA_ZERO),
    ] {
        if on {
            f |= bit;
        }
    }
    for (m, bit) in mats
        .into_iter()
        .zip([FLAG_A_ARRAY, FLAG_B_ARRAY, FLAG_C_ARRAY])
    {
        if matches!(m, Mats::Array(_)) {
            f |= bit;
        }
    }
    f
}

/// The parameter block's A, B and C as `Mats` (pointer arrays by their flags); `matrix(i)`
/// reads operand i's base and element stride.
pub(crate) fn mats_of(flags: u32, matrix: impl Fn(usize) -> (u64, i64)) -> [Mats; 3] {
    let bits = [FLAG_A_ARRAY, FLAG_B_ARRAY, FLAG_C_ARRAY];
    std::array::from_fn(|i| {
        let (base, stride) = matrix(i);
        if flags & (FLAG_PTR_ARRAY | bits[i]) != 0 {
            Mats::Array(base)
        } else {
            Mats::Strided { base, stride }
        }
    })
}

/// The device ranges a GEMM touches: A and B (`shapes`: rows, columns, leading dimension of
/// each stored matrix) where `touches_ab`, C as a write range (beta != 0 also reads it), and
/// the pointer arrays; `bases`: each matrix's start per batch entry.
pub(crate) fn gemm_ranges(
    shapes: [(u32, u32, u32); 3],
    mats: [Mats; 3],
    bases: [&[u64]; 3],
    elem: usize,
    batch: u32,
    touches_ab: bool,
) -> (Vec<oxrocm_range>, Vec<oxrocm_range>) {
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    for (i, ((rows, cols, ld), m)) in shapes.into_iter().zip(mats).enumerate() {
        if i < 2 && !touches_ab {
            continue;
        }
        let len = if rows == 0 || cols == 0 {
            0
        } else {
            ((cols as usize - 1) * ld as usize + rows as usize) * elem
        };
        if len > 0 {
            let list = if i == 2 { &mut writes } else { &mut reads };
            list.extend(bases[i].iter().map(|&addr| oxrocm_range { addr, len }));
        }
        if let Mats::Array(p) = m {
            reads.push(oxrocm_range {
                addr: p,
                len: batch as usize * 8,
            });
        }
    }
    (reads, writes)
}

/// Element types the kernels exist for.
pub trait GemmElem:
    Copy
    + Default
    + Send
    + Sync
    + 'static
    + PartialEq
    + std::ops::Add<Output = Self>
    + std::ops::Mul<Output = Self>
{
    /// The kernel for transposes NN, NT, TN, TT. The modules are variants of one source:
    /// the H100 (NVIDIA's compiler) ran each pair fastest with a different one
    /// (sgemm 8192^3, TFLOP/s: NN 38.6 generic vs 29.1 specialized; NT 40.9 specialized vs
    /// 38.1; TN 35.4 with A loaded along K vs 18.2 strided, 24.6 specialized).
    const KERNELS: [&'static oxrocm_spirv_kernel; 4];
    /// Output tile of one workgroup (the shader's BM = BN).
    const TILE: u32;
    /// From which sizes A and B are repacked into the fastest layout (`gemm_pack`); `None`:
    /// never (f64: one module for every transpose pair, not measured per layout).
    const REPACK: Option<&'static super::gemm_pack::Thresholds>;
    fn to_bytes(self) -> Vec<u8>;
    fn from_bytes(b: &[u8]) -> Self;
    fn zero() -> Self;
    fn scale(a: Self, b: Self) -> Self;
    fn add(a: Self, b: Self) -> Self;
}

static GEMM_F32: oxrocm_spirv_kernel = spirv_kernel!("gemm_f32", host_twin::<f32>);
static GEMM_F32_NT: oxrocm_spirv_kernel = spirv_kernel!("gemm_f32_nt", host_twin::<f32>);
static GEMM_F32_T: oxrocm_spirv_kernel = spirv_kernel!("gemm_f32_t", host_twin::<f32>);
static GEMM_F64: oxrocm_spirv_kernel = spirv_kernel!("gemm_f64", host_twin::<f64>);

impl GemmElem for f32 {
    const KERNELS: [&'static oxrocm_spirv_kernel; 4] =
        [&GEMM_F32, &GEMM_F32_NT, &GEMM_F32_T, &GEMM_F32_T];
    const TILE: u32 = 128;
    const REPACK: Option<&'static super::gemm_pack::Thresholds> = Some(&super::gemm_pack::F32);
    fn to_bytes(self) -> Vec<u8> {
        self.to_le_bytes().to_vec()
    }
    fn from_bytes(b: &[u8]) -> Self {
        f32::from_le_bytes(b[..4].try_into().unwrap_or_default())
    }
    fn zero() -> Self {
        0.0
    }
    fn scale(a: Self, b: Self) -> Self {
        a * b
    }
    fn add(a: Self, b: Self) -> Self {
        a + b
    }
}

impl GemmElem for f64 {
    const KERNELS: [&'static oxrocm_spirv_kernel; 4] = [&GEMM_F64; 4];
    const TILE: u32 = 128;
    const REPACK: Option<&'static super::gemm_pack::Thresholds> = None;
    fn to_bytes(self) -> Vec<u8> {
        self.to_le_bytes().to_vec()
    }
    fn from_bytes(b: &[u8]) -> Self {
        f64::from_le_bytes(b[..8].try_into().unwrap_or_default())
    }
    fn zero() -> Self {
        0.0
    }
    fn scale(a: Self, b: Self) -> Self {
        a * b
    }
    fn add(a: Self, b: Self) -> Self {
        a + b
    }
}

/// Where the matrices of a batch are: strided from a base (element stride), or a device
/// array of pointers (`_batched`).
#[derive(Clone, Copy, Debug)]
pub enum Mats {
    Strided { base: u64, stride: i64 },
    Array(u64),
}

/// A validated GEMM with host scalars (device-mode scalars are read before the launch).
#[derive(Clone, Copy, Debug)]
pub struct Gemm<T> {
    pub trans_a: bool,
    pub trans_b: bool,
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub a: Mats,
    pub lda: u32,
    pub b: Mats,
    pub ldb: u32,
    pub c: Mats,
    pub ldc: u32,
    pub alpha: T,
    pub beta: T,
    pub batch: u32,
    /// `shape` flags (0: a plain GEMM).
    pub shape: u32,
}

/// Parameter block layout (std430 push constants: T-aligned scalars after 72 bytes).
struct Layout;
impl Layout {
    const M: usize = 48;
    const SCALARS: usize = 72;
}

impl<T: GemmElem> Gemm<T> {
    fn flags(&self, aligned: bool) -> u32 {
        let f = common_flags(
            [self.trans_a, self.trans_b],
            [self.a, self.b, self.c],
            self.shape,
            shape::ALL,
            self.beta == T::zero(),
        );
        if aligned { f | FLAG_ALIGNED } else { f }
    }

    fn push(&self, aligned: bool) -> Vec<u8> {
        let fields = |m: Mats| match m {
            Mats::Strided { base, stride } => (base, stride as u64),
            Mats::Array(p) => (p, 0),
        };
        let mut p = Vec::with_capacity(96);
        for m in [self.a, self.b, self.c] {
            p.extend_from_slice(&fields(m).0.to_le_bytes());
        }
        for m in [self.a, self.b, self.c] {
            p.extend_from_slice(&fields(m).1.to_le_bytes());
        }
        // alpha = 0: A and B are not referenced (they may hold NaN), as with k = 0.
        let k = if self.alpha == T::zero() { 0 } else { self.k };
        for v in [self.m, self.n, k, self.lda, self.ldb, self.ldc] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        let sz = size_of::<T>();
        p.resize(Layout::SCALARS, 0);
        p.extend_from_slice(&self.alpha.to_bytes());
        p.extend_from_slice(&self.beta.to_bytes());
        p.extend_from_slice(&self.flags(aligned).to_le_bytes());
        p.resize((Layout::SCALARS + 2 * sz + 4).div_ceil(sz) * sz, 0);
        p
    }

    fn from_push(p: &[u8], batch: u32) -> (Gemm<T>, [u64; 3]) {
        let sz = size_of::<T>();
        let flags = u32_at(p, Layout::SCALARS + 2 * sz);
        let [a, b, c] = mats_of(flags, |i| (u64_at(p, 8 * i), u64_at(p, 24 + 8 * i) as i64));
        let g = Gemm {
            trans_a: flags & FLAG_TRANS_A != 0,
            trans_b: flags & FLAG_TRANS_B != 0,
            m: u32_at(p, Layout::M),
            n: u32_at(p, Layout::M + 4),
            k: u32_at(p, Layout::M + 8),
            a,
            lda: u32_at(p, Layout::M + 12),
            b,
            ldb: u32_at(p, Layout::M + 16),
            c,
            ldc: u32_at(p, Layout::M + 20),
            alpha: T::from_bytes(&p[Layout::SCALARS..]),
            beta: if flags & FLAG_BETA_ZERO != 0 {
                T::zero()
            } else {
                T::from_bytes(&p[Layout::SCALARS + sz..])
            },
            batch,
            shape: flags & shape::ALL,
        };
        (g, [u64_at(p, 0), u64_at(p, 8), u64_at(p, 16)])
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

    /// Queues the GEMM on `stream`. `bases`: each matrix's start per batch entry (for
    /// pointer arrays, the pointers read from the device), to declare what is touched.
    pub fn launch(&self, stream: *mut c_void, bases: [&[u64]; 3]) -> i32 {
        let touches_ab = self.k > 0 && self.alpha != T::zero();
        let (reads, writes) = gemm_ranges(
            self.shapes(),
            [self.a, self.b, self.c],
            bases,
            size_of::<T>(),
            self.batch,
            touches_ab,
        );
        let aligned = self.lda % 4 == 0
            && self.ldb % 4 == 0
            && bases[0].iter().chain(bases[1]).all(|b| b % 16 == 0);
        let push = self.push(aligned);
        let groups = [
            self.m.div_ceil(T::TILE),
            self.n.div_ceil(T::TILE),
            self.batch,
        ];
        launch(
            stream,
            super::spirv_dir::module(T::KERNELS[2 * self.trans_a as usize + self.trans_b as usize]),
            &push,
            groups,
            &reads,
            &writes,
        )
    }
}

/// The host twin: the same parameter block, computed with the `gemm` crate.
unsafe extern "C" fn host_twin<T: GemmElem>(
    push: *const c_void,
    size: usize,
    groups: *const u32,
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    let p = unsafe { std::slice::from_raw_parts(push as *const u8, size) };
    let batch = unsafe { *groups.add(2) };
    let (g, _) = Gemm::<T>::from_push(p, batch);
    let host = |addr: u64| unsafe { host_ptr(view, addr) };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        for b in 0..batch as usize {
            let at = |m: Mats| -> u64 {
                match m {
                    Mats::Strided { base, stride } => {
                        base.wrapping_add_signed(stride * b as i64 * size_of::<T>() as i64)
                    }
                    Mats::Array(arr) => unsafe {
                        (host(arr) as *const u64).add(b).read_unaligned()
                    },
                }
            };
            let c_ptr = host(at(g.c)) as *mut T;
            if g.k == 0 {
                // C = beta * C (beta = 0 writes zeros, whatever C held).
                for j in 0..g.n as usize {
                    for i in 0..g.m as usize {
                        if (g.shape & shape::C_LOWER != 0 && i < j)
                            || (g.shape & shape::C_UPPER != 0 && i > j)
                        {
                            continue;
                        }
                        let e = unsafe { c_ptr.add(i + j * g.ldc as usize) };
                        let v = if g.beta == T::zero() {
                            T::zero()
                        } else {
                            T::scale(g.beta, unsafe { e.read_unaligned() })
                        };
                        unsafe { e.write_unaligned(v) };
                    }
                }
                continue;
            }
            let (a_ptr, b_ptr) = (host(at(g.a)) as *const T, host(at(g.b)) as *const T);
            unsafe { twin_product(&g, a_ptr, b_ptr, c_ptr) };
        }
    }));
    if r.is_ok() { 0 } else { 999 }
}

/// K range [k0, k1) of a block of C (rows r0.., columns c0..) under the shape's K flags: the
/// zero half of a triangular operand is skipped, as the kernel's tiles skip it. The host
/// twins of the real and the complex GEMM share it (`flags`: the shape flags).
pub(crate) fn k_range(
    flags: u32,
    k: usize,
    r0: usize,
    rows: usize,
    c0: usize,
    cols: usize,
) -> (usize, usize) {
    let (mut k0, mut k1) = (0, k);
    if flags & shape::K_FROM_ROW != 0 {
        k0 = k0.max(r0);
    }
    if flags & shape::K_TO_ROW != 0 {
        k1 = k1.min(r0 + rows);
    }
    if flags & shape::K_FROM_COL != 0 {
        k0 = k0.max(c0);
    }
    if flags & shape::K_TO_COL != 0 {
        k1 = k1.min(c0 + cols);
    }
    (k0, k1.max(k0))
}

/// The blocks (r0, rows, c0, cols) a host twin computes an m x n C in when all of C is
/// written: row blocks of 512 where op(A) is triangular, column blocks where op(B) is (each
/// with its own K range), else C whole.
pub(crate) fn k_blocks(flags: u32, m: usize, n: usize) -> Vec<(usize, usize, usize, usize)> {
    const KB: usize = 512;
    if flags & (shape::K_FROM_ROW | shape::K_TO_ROW) != 0 {
        (0..m)
            .step_by(KB)
            .map(|r0| (r0, KB.min(m - r0), 0, n))
            .collect()
    } else if flags & (shape::K_FROM_COL | shape::K_TO_COL) != 0 {
        (0..n)
            .step_by(KB)
            .map(|c0| (0, m, c0, KB.min(n - c0)))
            .collect()
    } else {
        vec![(0, m, 0, n)]
    }
}

/// Edge of the diagonal blocks a host twin computes aside when one triangle of C is written.
pub(crate) const TRI_LEAF: usize = 256;
/// Products (rows x cols x k) from which a twin's block of a triangle runs over all threads;
/// smaller blocks run side by side, a thread each.
pub(crate) const TRI_LARGE: usize = 1024 * 1024 * 1024;

/// A block of C a host twin computes: rows r0.., columns c0..; `diag`: a diagonal block
/// (computed aside, only its triangle merged).
pub(crate) struct TriTile {
    pub r0: usize,
    pub rows: usize,
    pub c0: usize,
    pub cols: usize,
    pub diag: bool,
}

/// The blocks covering one triangle of an m x n C (lower: i >= j), by halving: the square
/// part's off-diagonal half at each level one GEMM, diagonal blocks of at most TRI_LEAF, and
/// what lies beyond the square (lower: rows past n; upper: columns past m) one GEMM. (Column
/// blocks of 256 from the diagonal made every GEMM 256 columns wide: ssyrk 2048 at 0.68x of
/// OpenBLAS with op T.)
pub(crate) fn tri_tiles(lower: bool, m: usize, n: usize) -> Vec<TriTile> {
    fn halve(lower: bool, lo: usize, hi: usize, out: &mut Vec<TriTile>) {
        let len = hi - lo;
        if len <= TRI_LEAF {
            out.push(TriTile {
                r0: lo,
                rows: len,
                c0: lo,
                cols: len,
                diag: true,
            });
            return;
        }
        // Split at a multiple of 64 near the middle.
        let mid = lo + (len / 2).next_multiple_of(64).min(len - 1);
        let (r0, rows, c0, cols) = if lower {
            (mid, hi - mid, lo, mid - lo)
        } else {
            (lo, mid - lo, mid, hi - mid)
        };
        out.push(TriTile {
            r0,
            rows,
            c0,
            cols,
            diag: false,
        });
        halve(lower, lo, mid, out);
        halve(lower, mid, hi, out);
    }
    let mut out = Vec::new();
    let sq = m.min(n);
    if sq > 0 {
        halve(lower, 0, sq, &mut out);
    }
    if lower && m > n && n > 0 {
        out.push(TriTile {
            r0: n,
            rows: m - n,
            c0: 0,
            cols: n,
            diag: false,
        });
    }
    if !lower && n > m && m > 0 {
        out.push(TriTile {
            r0: 0,
            rows: m,
            c0: m,
            cols: n - m,
            diag: false,
        });
    }
    out
}

/// C = alpha op(A) op(B) + beta C for one batch entry (see [`host_gemm`]).
unsafe fn twin_product<T: GemmElem>(g: &Gemm<T>, a: *const T, b: *const T, c: *mut T) {
    let (a_rs, a_cs) = op_strides(g.trans_a, g.lda);
    let (b_rs, b_cs) = op_strides(g.trans_b, g.ldb);
    let h = HostGemm {
        m: g.m as usize,
        n: g.n as usize,
        k: g.k as usize,
        a: (a as usize, a_rs, a_cs),
        b: (b as usize, b_rs, b_cs),
        c: (c as usize, g.ldc as isize),
        alpha: g.alpha,
        beta: g.beta,
        zero: T::zero(),
        shape: g.shape,
        serial_below: 1 << 18,
    };
    unsafe { host_gemm(&h) };
}

/// (row stride, column stride) of op(X) for X column-major with leading dimension `ld`.
pub(crate) fn op_strides(trans: bool, ld: u32) -> (isize, isize) {
    let ld = ld as isize;
    if trans { (ld, 1) } else { (1, ld) }
}

/// One batch entry's GEMM on host memory through the gemm crate, for the twins of the real
/// and the complex kernels: C = beta C + alpha op(A) op(B) with op already in the strides
/// (a conjugated operand comes as a conjugated copy). Matrices as (address, row stride,
/// column stride); C column-major with its ld.
pub(crate) struct HostGemm<E> {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub a: (usize, isize, isize),
    pub b: (usize, isize, isize),
    pub c: (usize, isize),
    pub alpha: E,
    pub beta: E,
    pub zero: E,
    /// The kernels' shape flags: the K range a triangular operand needs, the triangle of C
    /// written.
    pub shape: u32,
    /// Products (rows x cols x k) below which a block runs on one thread.
    pub serial_below: usize,
}

/// [`HostGemm`] on the part of C the shape flags write: all of it (row or column blocks
/// where op(A) or op(B) is triangular, each with its K range), or one triangle in the
/// blocks of `tri_tiles` (diagonal blocks through a temporary, so the other triangle stays
/// as it was); the small blocks of a triangle side by side, a thread each.
///
/// # Safety
/// The addresses and strides describe live host matrices of the sizes given.
pub(crate) unsafe fn host_gemm<E>(h: &HostGemm<E>)
where
    E: Copy
        + Send
        + Sync
        + PartialEq
        + 'static
        + std::ops::Add<Output = E>
        + std::ops::Mul<Output = E>,
{
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let ((a_at, a_rs, a_cs), (b_at, b_rs, b_cs), (c_at, ldc)) = (h.a, h.b, h.c);
    let beta_zero = h.beta == h.zero;
    // Block (r0.., c0..) of rows x cols over its K range into dst (column stride d_cs),
    // dst scaled by keep first where read.
    let block = |r0: usize,
                 rows: usize,
                 c0: usize,
                 cols: usize,
                 dst: *mut E,
                 d_cs: isize,
                 keep: E,
                 read: bool,
                 alone: bool| {
        if rows == 0 || cols == 0 {
            return;
        }
        let (k0, k1) = k_range(h.shape, h.k, r0, rows, c0, cols);
        let par = if rows * cols * (k1 - k0) < h.serial_below || alone {
            gemm::Parallelism::None
        } else {
            gemm::Parallelism::Rayon(threads)
        };
        let (a, b) = (a_at as *const E, b_at as *const E);
        unsafe {
            // gemm computes dst = alpha·dst + beta·lhs·rhs (BLAS's beta and alpha).
            gemm::gemm(
                rows,
                cols,
                k1 - k0,
                dst,
                d_cs,
                1,
                read,
                a.offset(r0 as isize * a_rs + k0 as isize * a_cs),
                a_cs,
                a_rs,
                b.offset(c0 as isize * b_cs + k0 as isize * b_rs),
                b_cs,
                b_rs,
                keep,
                h.alpha,
                false,
                false,
                false,
                par,
            );
        }
    };
    let at = |i: usize, j: usize| (c_at as *mut E).wrapping_offset(i as isize + j as isize * ldc);
    let (m, n) = (h.m, h.n);
    if h.shape & (shape::C_LOWER | shape::C_UPPER) == 0 {
        for (r0, rows, c0, cols) in k_blocks(h.shape, m, n) {
            block(
                r0,
                rows,
                c0,
                cols,
                at(r0, c0),
                ldc,
                h.beta,
                !beta_zero,
                false,
            );
        }
        return;
    }
    let lower = h.shape & shape::C_LOWER != 0;
    // The large blocks one after another over all threads, then the small ones side by
    // side, one thread each (a 256 x 256 GEMM split over the threads waited on them more
    // than it computed).
    let (large, small): (Vec<TriTile>, Vec<TriTile>) = tri_tiles(lower, m, n)
        .into_iter()
        .partition(|t| !t.diag && t.rows * t.cols * h.k >= TRI_LARGE);
    let tile = |t: &TriTile, alone: bool| {
        if !t.diag {
            let dst = at(t.r0, t.c0);
            block(
                t.r0, t.rows, t.c0, t.cols, dst, ldc, h.beta, !beta_zero, alone,
            );
            return;
        }
        // A diagonal block: computed aside, then its triangle merged.
        let mut tmp = vec![h.zero; t.rows * t.cols];
        let ld = t.rows as isize;
        block(
            t.r0,
            t.rows,
            t.c0,
            t.cols,
            tmp.as_mut_ptr(),
            ld,
            h.zero,
            false,
            alone,
        );
        for jj in 0..t.cols {
            for ii in 0..t.rows {
                if (lower && ii < jj) || (!lower && ii > jj) {
                    continue;
                }
                let e = at(t.r0 + ii, t.c0 + jj);
                let prior = if beta_zero {
                    h.zero
                } else {
                    h.beta * unsafe { e.read_unaligned() }
                };
                unsafe { e.write_unaligned(prior + tmp[ii + jj * t.rows]) };
            }
        }
    };
    for t in &large {
        tile(t, false);
    }
    // The tiles are disjoint parts of C.
    small.par_iter().for_each(|t| tile(t, true));
}
