//! Level-2 work as the SPIR-V kernels of `shaders/blas2.glsl` (f32, f64 and their complex
//! forms), launched in stream order with no operand leaving the device: matrix-vector
//! products in two deterministic passes through the handle's scratch, rank-1/2 updates in
//! one, triangular solves by one workgroup per batch entry (over full storage in panels, with
//! a gemv updating the rest of x between them). The host twin below computes
//! the same parameter blocks on the host: the CPU backend's path (threaded over the same
//! partition) and the fallback of Vulkan devices that cannot run a module.
//!
//! `ops.rs` validates every call as rocBLAS does and then offers it here; what this does not
//! take (mixed-precision gemv, sizes past 32 bits, misaligned complex data) keeps the
//! generic host closure.

use super::kern::{Op, Shape, Tri, smith};
use crate::auxiliary::status_from_hip;
use crate::blas1::exec::{Src, Status, Strided};
use crate::blas1::kernel::{HostVec, Kern, Mem, Scal, Vector};
use crate::blas1::num::{C32, C64, Complex, Real};
use crate::blas3::gemm_pack::{Scratch, kernels_on_gpu};
use crate::blas3::spirv_kernel::{launch, spirv_kernel, u32_at, u64_at};
use crate::handle::Ctx;
use crate::hip::{oxrocm_host_ptr_fn, oxrocm_range, oxrocm_spirv_kernel};
use crate::types::rocblas_status_internal_error;
use rayon::prelude::*;
use std::any::TypeId;
use std::ffi::c_void;

/// Invocations per workgroup; invocations per column of a transposed product.
const TPB: u64 = 256;
const LANES: u64 = 32;
/// Workgroups a product's first pass aims at (fills a large GPU; the partition, and so the
/// rounding, depends on the sizes only).
const TARGET_GROUPS: u64 = 2048;
/// The grid's y and z limits on every Vulkan device.
const MAX_GRID: u64 = 65535;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
enum Pass {
    MvN = 0,
    MvT = 1,
    MvFin = 2,
    Update = 3,
    MvSym = 4,
    Trsv = 5,
    SymStrip = 6,
    TrsvInv = 7,
    TrsvPanel = 8,
    TrsvUpdate = 9,
    TrsvStep = 10,
    TrsvChain = 11,
}

impl Pass {
    fn from_u32(v: u32) -> Option<Pass> {
        use Pass::*;
        match v {
            0 => Some(MvN),
            1 => Some(MvT),
            2 => Some(MvFin),
            3 => Some(Update),
            4 => Some(MvSym),
            5 => Some(Trsv),
            6 => Some(SymStrip),
            7 => Some(TrsvInv),
            8 => Some(TrsvPanel),
            9 => Some(TrsvUpdate),
            10 => Some(TrsvStep),
            11 => Some(TrsvChain),
            _ => None,
        }
    }
}

const F_A_ARRAY: u32 = 1;
const F_X_ARRAY: u32 = 2;
const F_Y_ARRAY: u32 = 4;
const F_ALPHA_DEV: u32 = 8;
const F_BETA_DEV: u32 = 16;
const F_ALPHA_REAL: u32 = 32;
const F_BAND: u32 = 64;
const F_PACKED: u32 = 128;
const F_UPPER: u32 = 256;
const F_CONJ_A: u32 = 512;
const F_SKIP_DIAG: u32 = 1024;
const F_UNIT_DIAG: u32 = 2048;
const F_REAL_DIAG: u32 = 4096;
const F_CONJ_Y: u32 = 8192;
const F_RANK2: u32 = 16384;
const F_HERM: u32 = 32768;
const F_TRANS: u32 = 65536;
const F_ONE_LANE: u32 = 131072;
/// MV_FIN after SYM_STRIP: sum only the slots SYM_STRIP wrote for each element.
const F_SYM_SLOTS: u32 = 262144;
/// SYM_STRIP over full storage reads 16 bytes per load (several rows of a column): the
/// launch takes the module's wide kernel (so do F_GEMV_VEC's).
const F_SYM_VEC: u32 = 1048576;

/// MV_N over a general matrix reads 16 bytes per load (several rows of a column).
const F_GEMV_VEC: u32 = 2097152;

/// Whether a pass over A may take 16-byte loads: full storage, not a pointer array, A, its
/// batch stride and its column step 16-byte aligned, and elements narrower than 16 bytes.
fn loads16(g: &Geom, a: &Vector, elem: usize) -> bool {
    elem < 16
        && g.flags & (F_BAND | F_PACKED) == 0
        && !a.array
        && a.ptr % 16 == 0
        && a.bs % 16 == 0
        && (g.step as usize * elem) % 16 == 0
}

/// An on/off setting (`1` / `0`; `None` unset or anything else): the 16-byte loads'
/// switches, for comparison on a device.
fn on_off(cell: &'static std::sync::OnceLock<Option<bool>>, name: &str) -> Option<bool> {
    *cell.get_or_init(|| match std::env::var(name) {
        Ok(v) if v.trim() == "0" => Some(false),
        Ok(v) if v.trim() == "1" => Some(true),
        _ => None,
    })
}

/// Whether SYM_STRIP takes 16-byte loads (`OXROCM_ROCBLAS_SYMV_VEC=0`: one element each).
fn sym_vec(g: &Geom, a: &Vector, elem: usize) -> bool {
    static ON: std::sync::OnceLock<Option<bool>> = std::sync::OnceLock::new();
    on_off(&ON, "OXROCM_ROCBLAS_SYMV_VEC").unwrap_or(true) && loads16(g, a, elem)
}

/// Rows per invocation of gemv N with 16-byte loads, or `None` (the setting off, or A, its
/// strides or m not in whole 16 bytes). On the H100 with the cooperative MV_FIN (8192²,
/// same call) s went from 2,159 to 2,351 GB/s, d 2,599 to 2,652, c 2,147 to 2,499;
/// `OXROCM_ROCBLAS_GEMV_VEC=0` keeps one row per invocation.
fn gemv_vec(g: &Geom, a: &Vector, m: &Module) -> Option<u64> {
    static ON: std::sync::OnceLock<Option<bool>> = std::sync::OnceLock::new();
    let vw = 16 / m.elem as u64;
    (on_off(&ON, "OXROCM_ROCBLAS_GEMV_VEC").unwrap_or(true)
        && kernels_on_gpu()
        && loads16(g, a, m.elem)
        && g.m as u64 % vw == 0)
        .then_some(vw)
}

/// Columns of at most this many stored rows take one invocation each in MV_T.
const SHORT_COLUMN: u64 = 256;

/// Element types with a module, with the arithmetic the twin needs beyond `Field`.
pub trait K2: Kern {
    fn one() -> Self;
    fn real_part(self) -> Self;
    fn div(self, o: Self) -> Self;
}
impl K2 for f32 {
    fn one() -> f32 {
        1.0
    }
    fn real_part(self) -> f32 {
        self
    }
    fn div(self, o: f32) -> f32 {
        self / o
    }
}
impl K2 for f64 {
    fn one() -> f64 {
        1.0
    }
    fn real_part(self) -> f64 {
        self
    }
    fn div(self, o: f64) -> f64 {
        self / o
    }
}
impl K2 for C32 {
    fn one() -> C32 {
        Complex { re: 1.0, im: 0.0 }
    }
    fn real_part(self) -> C32 {
        Complex {
            re: self.re,
            im: 0.0,
        }
    }
    fn div(self, o: C32) -> C32 {
        smith(self, o)
    }
}
impl K2 for C64 {
    fn one() -> C64 {
        Complex { re: 1.0, im: 0.0 }
    }
    fn real_part(self) -> C64 {
        Complex {
            re: self.re,
            im: 0.0,
        }
    }
    fn div(self, o: C64) -> C64 {
        smith(self, o)
    }
}

static BLAS2_F32: oxrocm_spirv_kernel = spirv_kernel!("blas2_f32", twin::<f32>);
static BLAS2_F64: oxrocm_spirv_kernel = spirv_kernel!("blas2_f64", twin::<f64>);
static BLAS2_C32: oxrocm_spirv_kernel = spirv_kernel!("blas2_c32", twin::<C32>);
static BLAS2_C64: oxrocm_spirv_kernel = spirv_kernel!("blas2_c64", twin::<C64>);
// The 16-byte-load passes (blas2.glsl's WIDE_MODULE); c64 elements are 16 bytes already.
static BLAS2_WIDE_F32: oxrocm_spirv_kernel = spirv_kernel!("blas2_wide_f32", twin::<f32>);
static BLAS2_WIDE_F64: oxrocm_spirv_kernel = spirv_kernel!("blas2_wide_f64", twin::<f64>);
static BLAS2_WIDE_C32: oxrocm_spirv_kernel = spirv_kernel!("blas2_wide_c32", twin::<C32>);

/// The modules of one element type (the 16-byte-load passes in `wide`), its element size
/// and whether it is complex.
#[derive(Clone, Copy)]
struct Module {
    kernel: &'static oxrocm_spirv_kernel,
    wide: &'static oxrocm_spirv_kernel,
    elem: usize,
    complex: bool,
}

fn module_of<X: 'static>() -> Option<Module> {
    let t = TypeId::of::<X>();
    let (kernel, wide, elem, complex) = if t == TypeId::of::<f32>() {
        (&BLAS2_F32, &BLAS2_WIDE_F32, 4, false)
    } else if t == TypeId::of::<f64>() {
        (&BLAS2_F64, &BLAS2_WIDE_F64, 8, false)
    } else if t == TypeId::of::<C32>() {
        (&BLAS2_C32, &BLAS2_WIDE_C32, 8, true)
    } else if t == TypeId::of::<C64>() {
        // Never launched: loads16 refuses 16-byte elements.
        (&BLAS2_C64, &BLAS2_C64, 16, true)
    } else {
        return None;
    };
    Some(Module {
        kernel,
        wide,
        elem,
        complex,
    })
}

/// How the shader addresses a matrix (see blas2.glsl): m x n, column step, stored band.
#[derive(Clone, Copy, Debug)]
pub struct Geom {
    m: u32,
    n: u32,
    step: u32,
    kl: u32,
    ku: u32,
    flags: u32,
    /// Elements from the first to past the last stored one.
    span: usize,
}

fn u32_of(v: usize) -> Option<u32> {
    (v <= i32::MAX as usize).then_some(v as u32)
}

impl Geom {
    /// A general m x n matrix.
    pub fn general(m: usize, n: usize, lda: usize) -> Option<Geom> {
        if m == 0 || n == 0 {
            return None;
        }
        Some(Geom {
            m: u32_of(m)?,
            n: u32_of(n)?,
            step: u32_of(lda)?,
            kl: u32_of(m - 1)?,
            ku: u32_of(n - 1)?,
            flags: 0,
            span: (n - 1) * lda + m,
        })
    }
    /// A general band matrix (gbmv's storage).
    pub fn band(m: usize, n: usize, kl: usize, ku: usize, lda: usize) -> Option<Geom> {
        if m == 0 || n == 0 || lda == 0 {
            return None;
        }
        Some(Geom {
            m: u32_of(m)?,
            n: u32_of(n)?,
            step: u32_of(lda - 1)?,
            kl: u32_of(kl)?,
            ku: u32_of(ku)?,
            flags: F_BAND,
            span: (n - 1) * lda + kl + ku + 1,
        })
    }
    /// A stored triangle in full, band or packed storage.
    pub fn tri(t: Tri) -> Option<Geom> {
        let n = t.n;
        if n == 0 {
            return None;
        }
        let (step, k, flags) = match t.shape {
            Shape::Full { ld } => (ld, n - 1, 0),
            Shape::Band { ld, k } if ld > 0 => (ld - 1, k, F_BAND),
            Shape::Band { .. } => return None,
            Shape::Packed => (0, n - 1, F_PACKED),
        };
        let (kl, ku) = if t.upper { (0, k) } else { (k, 0) };
        let flags = flags | if t.upper { F_UPPER } else { 0 };
        Some(Geom {
            m: u32_of(n)?,
            n: u32_of(n)?,
            step: u32_of(step)?,
            kl: u32_of(kl)?,
            ku: u32_of(ku)?,
            flags,
            span: t.span(),
        })
    }
}

/// A scalar's parameter-block slot (host value bits or device address) and whether it is
/// a device address.
fn slot(s: Scal, real_bytes: usize) -> ([u32; 4], bool) {
    match s {
        Scal::Dev(addr) => ([addr as u32, (addr >> 32) as u32, 0, 0], true),
        Scal::Host(re, im) if real_bytes == 4 => {
            ([(re as f32).to_bits(), (im as f32).to_bits(), 0, 0], false)
        }
        Scal::Host(re, im) => {
            let (r, i) = (re.to_bits(), im.to_bits());
            (
                [r as u32, (r >> 32) as u32, i as u32, (i >> 32) as u32],
                false,
            )
        }
    }
}

/// One launch's parameter block and grid.
struct Launch {
    pass: Pass,
    a: Vector,
    x: Vector,
    y: Vector,
    ws: u64,
    g: Geom,
    aux: u32,
    flags: u32,
    batch: u32,
    alpha: Option<(Scal, bool)>,
    beta: Option<Scal>,
    grid: [u32; 3],
    real_bytes: usize,
    /// The solve passes' rows and columns (TRSV_PANEL, TRSV_UPDATE), in alpha's place.
    window: Option<[u32; 4]>,
}

impl Launch {
    fn new(pass: Pass, g: Geom, batch: usize, real_bytes: usize) -> Launch {
        Launch {
            pass,
            a: Vector::NONE,
            x: Vector::NONE,
            y: Vector::NONE,
            ws: 0,
            g,
            aux: 0,
            flags: g.flags,
            batch: batch as u32,
            alpha: None,
            beta: None,
            grid: [1, 1, batch.min(MAX_GRID as usize) as u32],
            real_bytes,
            window: None,
        }
    }

    fn push(&self) -> Vec<u8> {
        let mut p = Vec::with_capacity(128);
        for v in [self.a.ptr, self.x.ptr, self.y.ptr, self.ws] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        for v in [self.a.bs, self.x.bs, self.y.bs] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        for v in [self.x.inc as i32, self.y.inc as i32] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        let mut flags = self.flags;
        for (v, f) in [
            (&self.a, F_A_ARRAY),
            (&self.x, F_X_ARRAY),
            (&self.y, F_Y_ARRAY),
        ] {
            if v.array {
                flags |= f;
            }
        }
        let (alpha, beta) = (
            self.alpha.map(|(s, _)| slot(s, self.real_bytes)),
            self.beta.map(|s| slot(s, self.real_bytes)),
        );
        if let Some((_, true)) = alpha {
            flags |= F_ALPHA_DEV;
        }
        if let Some((_, true)) = beta {
            flags |= F_BETA_DEV;
        }
        if let Some((_, true)) = self.alpha {
            flags |= F_ALPHA_REAL;
        }
        let g = &self.g;
        for v in [
            g.m,
            g.n,
            g.step,
            g.kl,
            g.ku,
            self.aux,
            flags | (self.pass as u32) << 24,
            self.batch,
        ] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        let alpha_words = self.window.unwrap_or(alpha.map_or([0; 4], |a| a.0));
        for s in [alpha_words, beta.map_or([0; 4], |b| b.0)] {
            for w in s {
                p.extend_from_slice(&w.to_le_bytes());
            }
        }
        p
    }

    fn run(&self, c: &Ctx, m: &Module, reads: &[oxrocm_range], writes: &[oxrocm_range]) -> Status {
        let kernel = if self.flags & (F_SYM_VEC | F_GEMV_VEC) != 0 {
            m.wide
        } else {
            m.kernel
        };
        match launch(c.stream, kernel, &self.push(), self.grid, reads, writes) {
            0 => Ok(()),
            e => Err(status_from_hip(e)),
        }
    }
}

/// The batch fits the kernels (the grid loops over entries past 65,535).
fn batch_ok(batch: i64) -> bool {
    (1..=u32::MAX as i64).contains(&batch)
}

fn vector(src: Src, inc: i64, m: &Module) -> Option<Vector> {
    if inc.unsigned_abs() > i32::MAX as u64 {
        return None;
    }
    Vector::new(src, inc, m.elem, m.complex)
}

/// Scratch of the handle for a launch sequence: `bytes`, and its range.
fn scratch(s: &mut Scratch, bytes: usize) -> Option<(u64, oxrocm_range)> {
    let bytes = bytes.max(256).next_multiple_of(256);
    let base = s.memory(bytes)?;
    Some((
        base,
        oxrocm_range {
            addr: base,
            len: bytes,
        },
    ))
}

/// What a matrix-vector product computes.
#[derive(Clone, Copy, Debug)]
pub enum Mv {
    /// gemv, gbmv: y := alpha op(A) x + beta y.
    General(Op),
    /// symv, hemv and their band and packed forms.
    Sym { herm: bool },
    /// trmv, tbmv, tpmv: x := op(A) x.
    Tri { op: Op, unit: bool },
}

/// A first pass's grid and chunk count: MV_N over m rows (chunks of columns, at least 64 of
/// the columns a row stores each), MV_T over n columns (chunks of at least 256 stored rows).
fn first_grid(pass: Pass, g: &Geom, batch: usize) -> [u32; 3] {
    let bz = (batch as u64).min(MAX_GRID);
    let (gx, len, per) = match pass {
        Pass::MvN => (
            (g.m as u64).div_ceil(TPB),
            (g.n as u64).min(g.kl as u64 + g.ku as u64 + 1),
            64,
        ),
        _ if short_columns(g) => ((g.n as u64).div_ceil(TPB), SHORT_COLUMN, TPB),
        _ => (
            (g.n as u64).div_ceil(TPB / LANES),
            (g.m as u64).min(g.kl as u64 + g.ku as u64 + 1),
            TPB,
        ),
    };
    let chunks = TARGET_GROUPS
        .div_ceil(gx * bz)
        .clamp(1, (len / per).clamp(1, MAX_GRID));
    [gx as u32, chunks as u32, bz as u32]
}

/// Elements of y per MV_FIN workgroup (the shader's FIN_E).
const FIN_ELEMS: u64 = 32;

/// SYM_STRIP's column group (the shader's GW) and row segment (SEG): a workgroup's share.
const STRIP_GROUP: u64 = 64;
/// Rows of a segment: 1024, 512 or 256 (`OXROCM_ROCBLAS_SYMV_SEG`, a tuning setting); the
/// shader reads it from flag bits 22-23 (1024 >> shift).
fn strip_seg() -> u64 {
    static SEG: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *SEG.get_or_init(|| {
        match std::env::var("OXROCM_ROCBLAS_SYMV_SEG")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
        {
            Some(v @ (256 | 512 | 1024)) => v,
            _ => 1024,
        }
    })
}

/// The flag bits that tell the shader `strip_seg()`.
fn strip_seg_flags() -> u32 {
    (1024 / strip_seg()).trailing_zeros() << 22
}

/// MV_SYM's column chunks on the CPU backend, where only the host twin runs: a few of
/// equal area (`sym_chunk`) keep the threads busy, where the shader's one slot per 64-column
/// tile made every call write and sum 64 runs of n partials (ssymv 4096 on two threads:
/// 25-31 GB/s with 8 chunks, 17-24 with 64, three runs each).
const SYM_TWIN_CHUNKS: u32 = 8;

/// The twin's chunks for MV_N (of columns) and MV_T (of rows) on the CPU backend, at most
/// the shader's. Its grid (64 chunks of 64 columns for sgemv N 4096, four of 1024 rows for
/// T) cut each task's columns into short runs and made every call write and sum that many
/// partials: here MV_N takes 16 chunks (8 left triangles unbalanced over two threads: stpmv
/// 32 GB/s, 16: 37-39) and MV_T sweeps whole columns up to TWIN_T_ROWS rows, the threads
/// taking the column groups (sgemv 4096 on one thread, N 21 to 23-24 GB/s, T 20.7 to 23-24;
/// OpenBLAS 28, a plain read 28). Fixed counts, not the thread count: the sums are the same
/// on every machine.
const TWIN_N_CHUNKS: u32 = 16;

fn twin_chunks(pass: Pass, g: &Geom) -> u32 {
    const TWIN_T_ROWS: u64 = 16384;
    match pass {
        Pass::MvT => (g.m as u64).div_ceil(TWIN_T_ROWS).clamp(1, MAX_GRID) as u32,
        _ => TWIN_N_CHUNKS,
    }
}

/// Columns [lo, hi) of the twin's MV_SYM chunk c of k: equal shares of the stored
/// triangle (upper: column j stores j + 1 rows, so the edges lie at n sqrt(c / k); lower
/// the mirror).
fn sym_chunk(n: usize, k: usize, c: usize, upper: bool) -> (usize, usize) {
    let edge = |c: usize| -> usize {
        let share = (c.min(k) as f64 / k as f64).sqrt();
        ((n as f64 * share).round() as usize).min(n)
    };
    if upper {
        (edge(c), edge(c + 1))
    } else {
        (n - edge(k - c), n - edge(k - c - 1))
    }
}

/// SYM_STRIP's grid, when symv/hemv take one pass: full or packed storage (not band: its
/// strips would be mostly outside the band) and groups within the grid's limits. It has
/// one row slot per group and one column slot per segment (`strip_slots`).
fn strip_grid(g: &Geom, batch: usize) -> Option<[u32; 3]> {
    if g.flags & F_BAND != 0 {
        return None;
    }
    let groups = (g.n as u64).div_ceil(STRIP_GROUP);
    let segs = (g.n as u64).div_ceil(strip_seg());
    (groups <= MAX_GRID).then(|| {
        [
            groups as u32,
            segs as u32,
            (batch as u64).min(MAX_GRID) as u32,
        ]
    })
}

/// The partial slots a pass over `grid` writes.
fn slots_of(pass: Pass, grid: &[u32; 3]) -> u32 {
    match pass {
        Pass::SymStrip => grid[0] + grid[1],
        _ => grid[1],
    }
}

/// Whether MV_T takes one invocation per column (columns store at most SHORT_COLUMN rows).
fn short_columns(g: &Geom) -> bool {
    (g.m as u64).min(g.kl as u64 + g.ku as u64 + 1) <= SHORT_COLUMN
}

/// A matrix-vector product's passes (with their extra flags), grids and partial slots.
struct MvPlan {
    passes: Vec<(Pass, u32)>,
    grids: Vec<[u32; 3]>,
    /// (x's, y's) logical lengths
    lens: (u32, u32),
}

impl MvPlan {
    /// `vec_rows`: rows per invocation of gemv N with 16-byte loads (`gemv_vec`).
    fn new(kind: Mv, g: &Geom, nb: usize, vec_rows: Option<u64>) -> MvPlan {
        let passes: Vec<(Pass, u32)> = match kind {
            Mv::General(Op::N) if vec_rows.is_some() => vec![(Pass::MvN, F_GEMV_VEC)],
            Mv::General(Op::N) => vec![(Pass::MvN, 0)],
            Mv::General(op) => vec![(Pass::MvT, if op == Op::C { F_CONJ_A } else { 0 })],
            // Full and packed storage: one pass over A (both of its triangles' products),
            // on a GPU in column groups and row segments, on the CPU backend in the twin's
            // chunks. (Two passes, MV_N and MV_T, read A twice: at most half of cuBLAS's
            // rate.)
            Mv::Sym { herm } if strip_grid(g, nb).is_some() => {
                let pass = if kernels_on_gpu() {
                    Pass::SymStrip
                } else {
                    Pass::MvSym
                };
                vec![(pass, if herm { F_HERM } else { 0 })]
            }
            Mv::Sym { herm } => vec![
                (Pass::MvN, if herm { F_REAL_DIAG } else { 0 }),
                (Pass::MvT, F_SKIP_DIAG | if herm { F_CONJ_A } else { 0 }),
            ],
            Mv::Tri { op, unit } => {
                let u = if unit { F_UNIT_DIAG } else { 0 };
                if op == Op::N {
                    vec![(Pass::MvN, u)]
                } else {
                    vec![(Pass::MvT, u | if op == Op::C { F_CONJ_A } else { 0 })]
                }
            }
        };
        let grids = passes
            .iter()
            .map(|(p, extra)| match p {
                Pass::MvN if extra & F_GEMV_VEC != 0 => {
                    let rows = vec_rows.unwrap_or(1);
                    let bz = (nb as u64).min(MAX_GRID);
                    let gx = (g.m as u64).div_ceil(TPB * rows);
                    let chunks = TARGET_GROUPS
                        .div_ceil(gx * bz)
                        .clamp(1, (g.n as u64 / 64).clamp(1, MAX_GRID));
                    [gx as u32, chunks as u32, bz as u32]
                }
                Pass::MvSym => {
                    // Only the CPU backend takes MV_SYM: the twin's chunks (SYM_TWIN_CHUNKS).
                    let chunks = (g.n as u64).div_ceil(64).clamp(1, SYM_TWIN_CHUNKS as u64);
                    [1, chunks as u32, (nb as u64).min(MAX_GRID) as u32]
                }
                Pass::SymStrip => strip_grid(g, nb).unwrap_or([1, 1, 1]),
                Pass::MvN | Pass::MvT if !kernels_on_gpu() => {
                    let mut grid = first_grid(*p, g, nb);
                    grid[1] = grid[1].min(twin_chunks(*p, g));
                    grid
                }
                _ => first_grid(*p, g, nb),
            })
            .collect();
        let lens = match kind {
            Mv::General(Op::N) => (g.n, g.m),
            Mv::General(_) => (g.m, g.n),
            _ => (g.n, g.n),
        };
        MvPlan {
            passes,
            grids,
            lens,
        }
    }

    fn slots(&self) -> usize {
        self.passes
            .iter()
            .zip(&self.grids)
            .map(|((p, _), g)| slots_of(*p, g) as usize)
            .sum()
    }

    /// Bytes of the partial sums for `nb` batch entries of `elem`-byte elements.
    fn scratch_bytes(&self, nb: usize, elem: usize) -> Option<usize> {
        self.slots()
            .checked_mul(nb)?
            .checked_mul(self.lens.1 as usize)?
            .checked_mul(elem)
    }
}

/// A matrix-vector product (`alpha`, `beta` unused for triangles: x := op(A) x). `None`: not
/// a kernel case. Under a device alpha, a null A or x reads as alpha == 0, as on the host path.
/// `ws`: scratch (address, range) for the partial sums where the caller holds the handle's
/// scratch already (it is one block: a second request would take the caller's); `None`
/// takes it here.
#[allow(clippy::too_many_arguments)]
pub fn mv<X: 'static>(
    c: &Ctx,
    kind: Mv,
    a: Src,
    g: Geom,
    alpha: Option<Scal>,
    beta: Option<Scal>,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    batch: i64,
    ws: Option<(u64, oxrocm_range)>,
) -> Option<Status> {
    let m = module_of::<X>()?;
    let real_bytes = if m.complex { m.elem / 2 } else { m.elem };
    if !batch_ok(batch) {
        return None;
    }
    let nb = batch as usize;
    let av = vector(a, 1, &m)?;
    let xv = vector(x, incx, &m)?;
    let (yv, alpha, beta) = match kind {
        Mv::Tri { .. } => (xv, Scal::Host(1.0, 0.0), Scal::Host(0.0, 0.0)),
        _ if y.is_null() => return Some(Ok(())),
        _ => (vector(y, incy, &m)?, alpha?, beta?),
    };
    let vec_rows = match kind {
        Mv::General(Op::N) => gemv_vec(&g, &av, &m),
        _ => None,
    };
    let plan = MvPlan::new(kind, &g, nb, vec_rows);
    let (xl, yl) = plan.lens;
    // A host alpha of 0, or a null A or x: only y := beta y.
    let skip =
        a.is_null() || x.is_null() || matches!(alpha, Scal::Host(re, im) if re == 0.0 && im == 0.0);
    let slots = if skip { 0 } else { plan.slots() };
    let part_bytes = if skip {
        0
    } else {
        plan.scratch_bytes(nb, m.elem)?
    };
    let mut s = Scratch::new(c);
    let (ws, ws_range) = match ws {
        Some((base, range)) if range.len >= part_bytes => (base, range),
        Some(_) => return None,
        None => scratch(&mut s, part_bytes)?,
    };
    if !skip {
        let reads = [
            av.range(g.span, m.elem, nb)?,
            xv.range(xl as usize, m.elem, nb)?,
        ];
        let mut first_slot = 0;
        for ((pass, extra), grid) in plan.passes.iter().zip(&plan.grids) {
            let mut l = Launch::new(*pass, g, nb, real_bytes);
            (l.a, l.x, l.ws, l.aux, l.grid) = (av, xv, ws, first_slot, *grid);
            l.flags |= extra;
            if *pass == Pass::MvT && short_columns(&g) {
                l.flags |= F_ONE_LANE;
            }
            if *pass == Pass::SymStrip {
                l.flags |= strip_seg_flags();
                if sym_vec(&g, &av, m.elem) {
                    l.flags |= F_SYM_VEC;
                }
            }
            if let Err(e) = l.run(c, &m, &reads, &[ws_range]) {
                return Some(Err(e));
            }
            first_slot += slots_of(*pass, grid);
        }
    }
    // MV_FIN over y's yl elements (its m).
    let fin_geom = Geom { m: yl, ..g };
    let mut fin = Launch::new(Pass::MvFin, fin_geom, nb, real_bytes);
    (fin.y, fin.ws, fin.aux) = (yv, ws, slots as u32);
    (fin.alpha, fin.beta) = (Some((alpha, false)), Some(beta));
    if plan.passes.iter().any(|(p, _)| *p == Pass::SymStrip) {
        fin.flags |= F_SYM_SLOTS | strip_seg_flags();
    }
    fin.grid[0] = (yl as u64).div_ceil(FIN_ELEMS).min(MAX_GRID) as u32;
    let y_range = yv.range(yl as usize, m.elem, nb)?;
    Some(fin.run(c, &m, &[ws_range, y_range], &[y_range]))
}

/// Which rank-1 or rank-2 update (ger: general A, y of n elements; the rest: a triangle).
#[derive(Clone, Copy, Debug)]
pub struct Upd {
    /// conjugate y (and x in the second term): gerc, her, her2
    pub conj: bool,
    /// A += alpha x y' + alpha' y x'
    pub rank2: bool,
    /// Hermitian: real diagonal, alpha' = conj(alpha)
    pub herm: bool,
    /// alpha is of the real type (her, hpr)
    pub real_alpha: bool,
}

/// A := A + alpha x y' (+ alpha' y x'); rank-1 symmetric updates pass x as y. `None`: not a
/// kernel case.
#[allow(clippy::too_many_arguments)]
pub fn update<X: 'static>(
    c: &Ctx,
    u: Upd,
    a: Src,
    g: Geom,
    alpha: Scal,
    x: Src,
    incx: i64,
    y: Src,
    incy: i64,
    batch: i64,
) -> Option<Status> {
    let m = module_of::<X>()?;
    let real_bytes = if m.complex { m.elem / 2 } else { m.elem };
    if !batch_ok(batch) {
        return None;
    }
    // Under a device alpha rocBLAS leaves these pointers unchecked: a null one is nothing
    // to do (the host path's answer too).
    if a.is_null() || x.is_null() || y.is_null() {
        return Some(Ok(()));
    }
    let nb = batch as usize;
    let (av, xv, yv) = (
        vector(a, 1, &m)?,
        vector(x, incx, &m)?,
        vector(y, incy, &m)?,
    );
    let mut l = Launch::new(Pass::Update, g, nb, real_bytes);
    (l.a, l.x, l.y, l.alpha) = (av, xv, yv, Some((alpha, u.real_alpha)));
    for (on, f) in [
        (u.conj, F_CONJ_Y),
        (u.rank2, F_RANK2),
        (u.herm, F_HERM | F_REAL_DIAG),
    ] {
        if on {
            l.flags |= f;
        }
    }
    let gx = (g.m as u64).div_ceil(TPB);
    let bz = l.grid[2] as u64;
    let chunks = TARGET_GROUPS
        .div_ceil(gx * bz)
        .clamp(1, (g.n as u64 / 8).clamp(1, MAX_GRID));
    l.grid = [gx as u32, chunks as u32, bz as u32];
    let a_range = av.range(g.span, m.elem, nb)?;
    let reads = [
        a_range,
        xv.range(g.m as usize, m.elem, nb)?,
        yv.range(g.n as usize, m.elem, nb)?,
    ];
    Some(l.run(c, &m, &reads, &[a_range]))
}

/// Rows of a panel of the blocked triangular solve over band and packed storage on a GPU
/// (see TRSV_INV in the shader): one workgroup solves the panel with the diagonal blocks'
/// inverses, then TRSV_UPDATE brings the rows within reach up to date. Also the size above
/// which every storage takes the blocked paths (smaller solves go in one launch). A
/// multiple of the shader's block (`trsv_block`), at most its square (the panel's x sits
/// in that shared memory). `OXROCM_ROCBLAS_TRSV_PANEL` overrides it, for tuning on a device.
fn panel(elem: usize) -> usize {
    static PANEL: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let b = trsv_block(elem);
    rows_setting(&PANEL, "OXROCM_ROCBLAS_TRSV_PANEL")
        .unwrap_or(512)
        .clamp(b, b * b)
        / b
        * b
}

/// A tuning setting's row count, read once.
fn rows_setting(cell: &'static std::sync::OnceLock<Option<usize>>, name: &str) -> Option<usize> {
    *cell.get_or_init(|| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
    })
}

/// Rows a TRSV_STEP solves (a whole number of blocks, at most 1,024: the shader keeps them
/// in shared memory); `OXROCM_ROCBLAS_TRSV_UNIT` sets it for tuning. Each launch costs
/// ~10 us on the H100, so a unit of several blocks pays it fewer times.
fn step_unit(elem: usize) -> usize {
    static UNIT: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let b = trsv_block(elem);
    rows_setting(&UNIT, "OXROCM_ROCBLAS_TRSV_UNIT")
        .unwrap_or(128)
        .clamp(b, 1024)
        / b
        * b
}

/// Whether full storage solves in one TRSV_CHAIN launch (GPUs: strsv 8192 in 377 us on an
/// H200, cuBLAS 432 us; 1,491 us in steps on an H100) or in TRSV_STEP units (lavapipe, where the chain went
/// wrong with 8 threads: blas2.glsl). `OXROCM_ROCBLAS_TRSV_CHAIN=0` keeps the steps on a GPU;
/// `=lavapipe` takes the chain on lavapipe too (tests, with one lavapipe thread).
fn chain_on() -> bool {
    static SET: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    match SET
        .get_or_init(|| std::env::var("OXROCM_ROCBLAS_TRSV_CHAIN").ok())
        .as_deref()
        .map(str::trim)
    {
        Some("0") => false,
        Some("lavapipe") => true,
        _ => !crate::hip::current_device_is_lavapipe(),
    }
}

/// The shader's trsv block (B): rows whose inverse TRSV_INV forms in one workgroup.
fn trsv_block(elem: usize) -> usize {
    if elem <= 4 { 64 } else { 32 }
}

/// x := op(A)^-1 x for a stored triangle. `None`: not a kernel case.
#[allow(clippy::too_many_arguments)]
pub fn trsv<X: 'static>(
    c: &Ctx,
    a: Src,
    g: Geom,
    op: Op,
    unit: bool,
    x: Src,
    incx: i64,
    batch: i64,
) -> Option<Status> {
    // The host twin blocks the solve itself, in one launch (see trsv_twin.rs); on a GPU
    // one workgroup per entry is the short solves' path.
    let elem = module_of::<X>()?.elem;
    if g.n as usize > panel(elem) && kernels_on_gpu() {
        return trsv_panels::<X>(c, a, g, op, unit, x, incx, batch);
    }
    trsv_one::<X>(c, a, g, op, unit, x, incx, batch)
}

/// trsv in blocks, in solving order: the diagonal blocks' inverses at once (TRSV_INV), then
/// over full storage one TRSV_STEP per block (the block's solve and the update of every row
/// after it, over many workgroups), over band and packed storage per panel of blocks its
/// solve (TRSV_PANEL, one workgroup) and TRSV_UPDATE on the rows within the band's reach.
/// The inverses and the steps' copy of x share one scratch block.
#[allow(clippy::too_many_arguments)]
fn trsv_panels<X: 'static>(
    c: &Ctx,
    a: Src,
    g: Geom,
    op: Op,
    unit: bool,
    x: Src,
    incx: i64,
    batch: i64,
) -> Option<Status> {
    let m = module_of::<X>()?;
    let real_bytes = if m.complex { m.elem / 2 } else { m.elem };
    if !batch_ok(batch) {
        return None;
    }
    let nb = batch as usize;
    let (n, elem) = (g.n as usize, m.elem);
    let upper = g.flags & F_UPPER != 0;
    let full = g.flags & (F_BAND | F_PACKED) == 0;
    let forward = upper == (op != Op::N);
    // How far from the diagonal the triangle stores entries.
    let reach = if upper { g.ku } else { g.kl } as usize;
    let (bs, panel) = (trsv_block(elem), panel(elem));
    let blocks = n.div_ceil(bs);
    let rows_of = |q: usize| {
        if forward {
            (q * panel, ((q + 1) * panel).min(n))
        } else {
            (n.saturating_sub((q + 1) * panel), n - q * panel)
        }
    };
    // The rows [r0, r1) that panel q's columns reach, still to solve.
    let reached = |q: usize| {
        let (lo, hi) = rows_of(q);
        let (r0, r1) = if forward {
            (hi, n.min(hi.saturating_add(reach)))
        } else {
            (lo.saturating_sub(reach), lo)
        };
        (r0 < r1).then_some((r0, r1))
    };
    // The inverses, then (full storage) each block's x as the steps hand it on (the shader's
    // sol_at: right after the inverses).
    let inv_bytes = (blocks * bs * bs).checked_mul(nb)?.checked_mul(elem)?;
    let chain = full && chain_on();
    // sol, then TRSV_CHAIN's counter per entry (the shader's chain_sync).
    let sol_bytes = if full {
        n.checked_mul(nb)?.checked_mul(elem)?.checked_add(4 * nb)?
    } else {
        0
    };
    let mut s = Scratch::new(c);
    let (base, _) = scratch(&mut s, inv_bytes.checked_add(sol_bytes)?)?;
    let inv_range = oxrocm_range {
        addr: base,
        len: inv_bytes + sol_bytes,
    };
    let mut flags = 0;
    if op != Op::N {
        flags |= F_TRANS;
    }
    if op == Op::C {
        flags |= F_CONJ_A;
    }
    if unit {
        flags |= F_UNIT_DIAG;
    }
    let (av, xv) = (vector(a, 1, &m)?, vector(x, incx, &m)?);
    let (a_range, x_range) = (av.range(g.span, elem, nb)?, xv.range(n, elem, nb)?);
    let launch = |pass: Pass, window: Option<[u32; 4]>, grid: [u32; 2]| -> Status {
        let mut l = Launch::new(pass, g, nb, real_bytes);
        (l.a, l.x, l.ws, l.aux, l.window) = (av, xv, base, blocks as u32, window);
        l.flags |= flags;
        (l.grid[0], l.grid[1]) = (grid[0], grid[1]);
        let writes: &[oxrocm_range] = match pass {
            Pass::TrsvInv => &[inv_range],
            Pass::TrsvStep | Pass::TrsvChain => &[x_range, inv_range],
            _ => &[x_range],
        };
        l.run(c, &m, &[a_range, x_range, inv_range], writes)
    };
    // alpha.x 1: TRSV_INV zeroes the chain's counters.
    let inv_window = chain.then_some([1, 0, 0, 0]);
    if let Err(e) = launch(Pass::TrsvInv, inv_window, [u32_of(blocks)?, 1]) {
        return Some(Err(e));
    }
    // After the first launch that writes x the host path cannot take over: every refusal
    // is an error.
    let fail = Err(rocblas_status_internal_error);
    if chain {
        return Some(launch(Pass::TrsvChain, None, [u32_of(blocks)?, 1]));
    }
    if full {
        let k = step_unit(elem) / bs;
        for t in 0..blocks.div_ceil(k) {
            // Rows after unit t in solving order, SL (64) to a workgroup.
            let rest = n - ((t + 1) * k * bs).min(n);
            let Some(gx) = u32_of(rest.div_ceil(STEP_ROWS).max(1)) else {
                return Some(fail);
            };
            if let Err(e) = launch(Pass::TrsvStep, Some([t as u32, k as u32, 0, 0]), [gx, 1]) {
                return Some(Err(e));
            }
        }
        return Some(Ok(()));
    }
    for q in 0..n.div_ceil(panel) {
        let (lo, hi) = rows_of(q);
        if let Err(e) = launch(
            Pass::TrsvPanel,
            Some([lo as u32, (hi - lo) as u32, 0, 0]),
            [1, 1],
        ) {
            return Some(Err(e));
        }
        let Some((r0, r1)) = reached(q) else {
            continue;
        };
        let rows = (r1 - r0) as u64;
        let gx = if op == Op::N {
            rows.div_ceil(TPB)
        } else {
            rows.div_ceil(TRSV_ROWS)
        };
        let window = [r0 as u32, r1 as u32, lo as u32, hi as u32];
        let Some(gx) = u32_of(gx as usize) else {
            return Some(fail);
        };
        if let Err(e) = launch(Pass::TrsvUpdate, Some(window), [gx, 1]) {
            return Some(Err(e));
        }
    }
    Some(Ok(()))
}

/// TRSV_STEP's rows per workgroup (the shader's SL).
const STEP_ROWS: usize = 64;

/// TRSV_UPDATE's rows per workgroup for transposed solves (the shader's TRSV_ROWS).
const TRSV_ROWS: u64 = 8;

/// trsv in one launch: one workgroup per batch entry.
#[allow(clippy::too_many_arguments)]
fn trsv_one<X: 'static>(
    c: &Ctx,
    a: Src,
    g: Geom,
    op: Op,
    unit: bool,
    x: Src,
    incx: i64,
    batch: i64,
) -> Option<Status> {
    let m = module_of::<X>()?;
    let real_bytes = if m.complex { m.elem / 2 } else { m.elem };
    if !batch_ok(batch) {
        return None;
    }
    let nb = batch as usize;
    let (av, xv) = (vector(a, 1, &m)?, vector(x, incx, &m)?);
    let mut l = Launch::new(Pass::Trsv, g, nb, real_bytes);
    (l.a, l.x) = (av, xv);
    if op != Op::N {
        l.flags |= F_TRANS;
    }
    if op == Op::C {
        l.flags |= F_CONJ_A;
    }
    if unit {
        l.flags |= F_UNIT_DIAG;
    }
    let x_range = xv.range(g.n as usize, m.elem, nb)?;
    Some(l.run(c, &m, &[av.range(g.span, m.elem, nb)?, x_range], &[x_range]))
}

// ---------------------------------------------------------------------------------------
// The host twin

/// The parameter block, read back.
struct Params {
    a: u64,
    x: u64,
    y: u64,
    ws: u64,
    bsa: i64,
    bsx: i64,
    bsy: i64,
    incx: i64,
    incy: i64,
    m: usize,
    n: usize,
    step: usize,
    kl: usize,
    ku: usize,
    aux: usize,
    flags: u32,
    pass: Pass,
    batch: usize,
    alpha: [u32; 4],
    beta: [u32; 4],
}

impl Params {
    fn parse(p: &[u8]) -> Option<Params> {
        if p.len() < 128 {
            return None;
        }
        let i64_at = |o: usize| u64_at(p, o) as i64;
        let i32_at = |o: usize| u32_at(p, o) as i32 as i64;
        let u = |o: usize| u32_at(p, o) as usize;
        let words = |o: usize| {
            [
                u32_at(p, o),
                u32_at(p, o + 4),
                u32_at(p, o + 8),
                u32_at(p, o + 12),
            ]
        };
        let flags = u32_at(p, 88);
        Some(Params {
            a: u64_at(p, 0),
            x: u64_at(p, 8),
            y: u64_at(p, 16),
            ws: u64_at(p, 24),
            bsa: i64_at(32),
            bsx: i64_at(40),
            bsy: i64_at(48),
            incx: i32_at(56),
            incy: i32_at(60),
            m: u(64),
            n: u(68),
            step: u(72),
            kl: u(76),
            ku: u(80),
            aux: u(84),
            flags: flags & 0xff_ffff,
            pass: Pass::from_u32(flags >> 24)?,
            batch: u(92),
            alpha: words(96),
            beta: words(112),
        })
    }
    fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }
    fn colbase(&self, j: usize) -> usize {
        if self.has(F_PACKED) {
            return if self.has(F_UPPER) {
                j * (j + 1) / 2
            } else {
                j * (2 * self.n - j - 1) / 2
            };
        }
        j * self.step + if self.has(F_BAND) { self.ku } else { 0 }
    }
    /// Columns of chunk [c0, c1) that store a row of [r0, r1).
    fn col_span(&self, c0: usize, c1: usize, r0: usize, r1: usize) -> std::ops::Range<usize> {
        c0.max(r0.saturating_sub(self.kl))..c1.min(self.n).min(r1 + self.ku)
    }
    fn rows(&self, j: usize) -> std::ops::Range<usize> {
        j.saturating_sub(self.ku)..self.m.min(j + self.kl + 1)
    }
}

/// Rows a twin task sweeps down each column (the partials are per row, so the twin may
/// block rows differently from the shader's workgroups: long runs suit the CPU's
/// prefetchers; 256-row runs ran sgemv at 0.42x of OpenBLAS).
const TWIN_ROWS: usize = 4096;

/// Reads a scalar slot as the shader does.
fn scalar_of<T: K2>(m: &Mem, s: [u32; 4], dev: bool, real_typed: bool) -> T
where
    T::R: Real,
{
    let rb = size_of::<T::R>();
    if dev {
        let addr = s[0] as u64 | (s[1] as u64) << 32;
        if real_typed {
            return T::parts(m.read::<T::R>(addr).to_f64(), 0.0);
        }
        return m.read::<T>(addr);
    }
    if rb == 4 {
        T::parts(f32::from_bits(s[0]) as f64, f32::from_bits(s[1]) as f64)
    } else {
        T::parts(
            f64::from_bits(s[0] as u64 | (s[1] as u64) << 32),
            f64::from_bits(s[2] as u64 | (s[3] as u64) << 32),
        )
    }
}

/// A matrix of one batch entry: element (i, j) at p + i + colbase(j).
#[derive(Clone, Copy)]
struct HM<T> {
    p: *mut T,
}
unsafe impl<T> Send for HM<T> {}
unsafe impl<T> Sync for HM<T> {}

unsafe extern "C" fn twin<T: K2>(
    push: *const c_void,
    size: usize,
    groups: *const u32,
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
) -> i32
where
    T::R: Real,
{
    let p = unsafe { std::slice::from_raw_parts(push as *const u8, size) };
    let grid = unsafe { [*groups, *groups.add(1), *groups.add(2)] };
    let Some(prm) = Params::parse(p) else {
        return 1;
    };
    let mem = Mem {
        view,
        map: host_ptr,
    };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_twin::<T>(&prm, &mem, grid)
    }));
    if r.is_ok() { 0 } else { 999 }
}

fn run_twin<T: K2>(p: &Params, m: &Mem, grid: [u32; 3])
where
    T::R: Real,
{
    let mat = |b: usize| HM::<T> {
        p: m.host(m.entry(p.a, p.bsa, p.has(F_A_ARRAY), b)),
    };
    let vx = |b: usize, len: usize| HostVec::<T> {
        p: m.host(m.entry(p.x, p.bsx, p.has(F_X_ARRAY), b)),
        s: Strided::new(len as i64, p.incx),
    };
    let vy = |b: usize, len: usize| HostVec::<T> {
        p: m.host(m.entry(p.y, p.bsy, p.has(F_Y_ARRAY), b)),
        s: Strided::new(len as i64, p.incy),
    };
    let ws = m.host::<T>(p.ws) as usize;
    let partial = move |slot: usize, b: usize, i: usize, len: usize, batch: usize| {
        (ws as *mut T).wrapping_add((slot * batch + b) * len + i)
    };
    let conj_a = p.has(F_CONJ_A);
    let opa = move |v: T| if conj_a { v.conj() } else { v };
    // The diagonal's value under the operation's rules.
    let diag = |a: HM<T>, i: usize| -> T {
        if p.has(F_UNIT_DIAG) {
            return T::one();
        }
        if p.has(F_SKIP_DIAG) {
            return T::zero();
        }
        let v = unsafe { a.p.add(i + p.colbase(i)).read_unaligned() };
        if p.has(F_REAL_DIAG) {
            v.real_part()
        } else {
            opa(v)
        }
    };
    let chunks = grid[1] as usize;
    match p.pass {
        Pass::MvN => {
            // Column sweeps over blocks of rows (contiguous, vectorisable), per chunk.
            let gx = p.m.div_ceil(TWIN_ROWS);
            let cw = p.n.div_ceil(chunks);
            (0..p.batch * gx * chunks).into_par_iter().for_each(|task| {
                let (b, g, c) = (task / (gx * chunks), task / chunks % gx, task % chunks);
                let (a, x) = (mat(b), vx(b, p.n));
                let (r0, r1) = (g * TWIN_ROWS, ((g + 1) * TWIN_ROWS).min(p.m));
                let mut acc = vec![T::zero(); r1 - r0];
                // acc += op(A(lo..hi, j)) x_j, the diagonal under the operation's rules.
                let one_col = |acc: &mut [T], j: usize, lo: usize, hi: usize| {
                    if lo >= hi {
                        return;
                    }
                    let xj = x.get(j);
                    let col = unsafe { a.p.add(p.colbase(j)) };
                    let sweep = |acc: &mut [T], from: usize, to: usize| {
                        let col = unsafe { std::slice::from_raw_parts(col.add(from), to - from) };
                        let acc = &mut acc[from - r0..to - r0];
                        if conj_a {
                            acc.iter_mut()
                                .zip(col)
                                .for_each(|(s, &v)| *s = *s + v.conj() * xj);
                        } else {
                            acc.iter_mut().zip(col).for_each(|(s, &v)| *s = *s + v * xj);
                        }
                    };
                    if (lo..hi).contains(&j) {
                        sweep(acc, lo, j);
                        acc[j - r0] = acc[j - r0] + diag(a, j) * xj;
                        sweep(acc, j + 1, hi);
                    } else {
                        sweep(acc, lo, hi);
                    }
                };
                let span = p.col_span(c * cw, (c + 1) * cw, r0, r1);
                let mut j = span.start;
                if narrow(p) {
                    band_sweeps(&mut acc, r0, span.clone(), Band::new(p, a.p), &x);
                    j = span.end;
                }
                while j < span.end {
                    // Eight or four columns at once over the rows they all store (an eighth
                    // or a quarter of the accumulator traffic), then each column's own
                    // remainder. acc(lo..hi) += columns j..j+$q over rows lo..hi:
                    macro_rules! sweep_from_j {
                        ($q:literal, $lo:expr, $hi:expr) => {{
                            let (lo, hi) = ($lo, $hi);
                            let cols: [&[T]; $q] = std::array::from_fn(|k| unsafe {
                                std::slice::from_raw_parts(a.p.add(p.colbase(j + k) + lo), hi - lo)
                            });
                            let xs = std::array::from_fn(|k| x.get(j + k));
                            sweep_cols(&mut acc[lo - r0..hi - r0], cols, xs, conj_a);
                        }};
                    }
                    let whole = |k: usize| rows_in(p, k, r0, r1);
                    let common = four_common(p, j, span.end, r0, r1);
                    if let Some((lo, hi)) = common
                        && (j..j + 8).all(|k| k < span.end && whole(k) == (lo, hi))
                        && four_common(p, j + 4, span.end, r0, r1) == common
                    {
                        // Eight columns that store the same rows: one pass of the
                        // accumulator for two sweeps' worth of columns, the same sums.
                        sweep_from_j!(8, lo, hi);
                        j += 8;
                    } else if let Some((lo, hi)) = common {
                        sweep_from_j!(4, lo, hi);
                        for k in 0..4 {
                            let (olo, ohi) = rows_in(p, j + k, r0, r1);
                            one_col(&mut acc, j + k, olo, lo.min(ohi));
                            one_col(&mut acc, j + k, hi.max(olo), ohi);
                        }
                        j += 4;
                    } else {
                        let (lo, hi) = rows_in(p, j, r0, r1);
                        one_col(&mut acc, j, lo, hi);
                        j += 1;
                    }
                }
                for (k, v) in acc.into_iter().enumerate() {
                    unsafe { partial(p.aux + c, b, r0 + k, p.m, p.batch).write_unaligned(v) };
                }
            });
        }
        Pass::MvT => {
            let per = if p.has(F_ONE_LANE) {
                TPB as usize
            } else {
                (TPB / LANES) as usize
            };
            let gx = p.n.div_ceil(per);
            let rw = p.m.div_ceil(chunks);
            (0..p.batch * gx * chunks).into_par_iter().for_each(|task| {
                let (b, g, c) = (task / (gx * chunks), task / chunks % gx, task % chunks);
                let (a, x) = (mat(b), vx(b, p.m));
                let (cr0, cr1) = (c * rw, ((c + 1) * rw).min(p.m));
                let xs: Vec<T> = if p.incx == 1 {
                    Vec::new()
                } else {
                    (cr0..cr1).map(|i| x.get(i)).collect()
                };
                // x(lo..hi) as a slice.
                let xr = |lo: usize, hi: usize| -> &[T] {
                    if p.incx == 1 {
                        unsafe { std::slice::from_raw_parts(x.p.add(lo), hi - lo) }
                    } else {
                        &xs[lo - cr0..hi - cr0]
                    }
                };
                // sum op(A(lo..hi, j)) x, the diagonal under the operation's rules.
                let one_dot = |j: usize, lo: usize, hi: usize| -> T {
                    let col = unsafe { a.p.add(p.colbase(j)) };
                    let dot = |from: usize, to: usize| -> T {
                        if from >= to {
                            return T::zero();
                        }
                        let col = unsafe { std::slice::from_raw_parts(col.add(from), to - from) };
                        lanes_dot(col, xr(from, to), conj_a)
                    };
                    if lo < hi && (lo..hi).contains(&j) {
                        dot(lo, j) + diag(a, j) * xr(j, j + 1)[0] + dot(j + 1, hi)
                    } else {
                        dot(lo, hi)
                    }
                };
                let jend = ((g + 1) * per).min(p.n);
                if narrow(p) && g * per < jend {
                    let out = unsafe {
                        std::slice::from_raw_parts_mut(
                            partial(p.aux + c, b, g * per, p.n, p.batch),
                            jend - g * per,
                        )
                    };
                    band_dots(out, g * per, Band::new(p, a.p), xr(cr0, cr1), cr0);
                    return;
                }
                let mut j = g * per;
                while j < jend {
                    // Four columns over the rows they all store: one pass over x for four
                    // dots; then each column's own remainder.
                    if let Some((lo, hi)) = four_common(p, j, jend, cr0, cr1) {
                        let cols = std::array::from_fn(|k| unsafe {
                            std::slice::from_raw_parts(a.p.add(p.colbase(j + k) + lo), hi - lo)
                        });
                        for (k, v) in lanes_dot4(cols, xr(lo, hi), conj_a).into_iter().enumerate() {
                            let (olo, ohi) = rows_in(p, j + k, cr0, cr1);
                            let v = v
                                + one_dot(j + k, olo, lo.min(ohi))
                                + one_dot(j + k, hi.max(olo), ohi);
                            unsafe {
                                partial(p.aux + c, b, j + k, p.n, p.batch).write_unaligned(v)
                            };
                        }
                        j += 4;
                    } else {
                        let (lo, hi) = rows_in(p, j, cr0, cr1);
                        unsafe {
                            partial(p.aux + c, b, j, p.n, p.batch)
                                .write_unaligned(one_dot(j, lo, hi))
                        };
                        j += 1;
                    }
                }
            });
        }
        Pass::MvFin => {
            let al: T = scalar_of(m, p.alpha, p.has(F_ALPHA_DEV), false);
            let be: T = scalar_of(m, p.beta, p.has(F_BETA_DEV), false);
            // Blocks of rows over the threads; each block's sums slot by slot, so every
            // partial is read in a contiguous run (the slots lie a row count apart: read
            // row by row, they thrashed one cache set, and one task took half a gemv).
            const FIN_ROWS: usize = 512;
            let blocks = p.m.div_ceil(FIN_ROWS);
            (0..p.batch * blocks).into_par_iter().for_each(|task| {
                let (b, g) = (task / blocks, task % blocks);
                let y = vy(b, p.m);
                let (i0, i1) = (g * FIN_ROWS, ((g + 1) * FIN_ROWS).min(p.m));
                let mut sums = vec![T::zero(); i1 - i0];
                if al != T::zero() {
                    let strips = p.has(F_SYM_SLOTS);
                    for c in 0..p.aux {
                        let run = partial(c, b, i0, p.m, p.batch);
                        for (k, s) in sums.iter_mut().enumerate() {
                            if !strips || strip_slot(c, i0 + k, p.m, p.has(F_UPPER)) {
                                *s = *s + unsafe { run.add(k).read_unaligned() };
                            }
                        }
                    }
                }
                for (i, s) in (i0..i1).zip(sums) {
                    let mut v = if al != T::zero() { al * s } else { T::zero() };
                    if be != T::zero() {
                        v = v + be * y.get(i);
                    }
                    y.set(i, v);
                }
            });
        }
        Pass::Update => {
            let al: T = scalar_of(m, p.alpha, p.has(F_ALPHA_DEV), p.has(F_ALPHA_REAL));
            if al == T::zero() {
                return;
            }
            let al2 = if p.has(F_HERM) { al.conj() } else { al };
            let gx = p.m.div_ceil(TWIN_ROWS);
            let cw = p.n.div_ceil(chunks);
            let cy = p.has(F_CONJ_Y);
            let cj = move |v: T| if cy { v.conj() } else { v };
            let rank2 = p.has(F_RANK2);
            // alpha x and alpha' y over rows [lo, hi) of batch entry b.
            let scaled = |b: usize, lo: usize, hi: usize| -> (Vec<T>, Vec<T>) {
                let (x, y) = (vx(b, p.m), vy(b, p.m));
                let ax = (lo..hi).map(|i| al * x.get(i)).collect();
                let ay = if rank2 {
                    (lo..hi).map(|i| al2 * y.get(i)).collect()
                } else {
                    Vec::new()
                };
                (ax, ay)
            };
            // Once per batch entry where that stays small (each task computed them over
            // all its rows block's rows: 128 tasks x 4096 rows, a large part of an spr2),
            // else per task over the rows its columns store.
            let once: Vec<(Vec<T>, Vec<T>)> = if p.batch.saturating_mul(p.m) <= 1 << 22 {
                (0..p.batch)
                    .into_par_iter()
                    .map(|b| scaled(b, 0, p.m))
                    .collect()
            } else {
                Vec::new()
            };
            (0..p.batch * gx * chunks).into_par_iter().for_each(|task| {
                let (b, g, c) = (task / (gx * chunks), task / chunks % gx, task % chunks);
                let (a, x, y) = (mat(b), vx(b, p.m), vy(b, p.n));
                let (r0, r1) = (g * TWIN_ROWS, ((g + 1) * TWIN_ROWS).min(p.m));
                let span = p.col_span(c * cw, (c + 1) * cw, r0, r1);
                if span.is_empty() {
                    return;
                }
                // Rows the span's columns store (contiguous: rows(j) moves with j).
                let (t0, t1) = (
                    p.rows(span.start).start.max(r0),
                    p.rows(span.end - 1).end.min(r1),
                );
                let local;
                let ((ax, ay), off) = if once.is_empty() {
                    local = scaled(b, t0, t1.max(t0));
                    ((&local.0, &local.1), t0)
                } else {
                    ((&once[b].0, &once[b].1), 0)
                };
                for j in span {
                    let rows = p.rows(j);
                    let (lo, hi) = (rows.start.max(r0), rows.end.min(r1));
                    if lo >= hi {
                        continue;
                    }
                    let col = unsafe {
                        std::slice::from_raw_parts_mut(a.p.add(p.colbase(j) + lo), hi - lo)
                    };
                    let yj = cj(y.get(j));
                    let axs = &ax[lo - off..hi - off];
                    if rank2 {
                        update_col(col, axs, &ay[lo - off..hi - off], yj, cj(x.get(j)));
                    } else {
                        update_col(col, axs, &[], yj, T::zero());
                    }
                    if p.has(F_REAL_DIAG) && (lo..hi).contains(&j) {
                        col[j - lo] = col[j - lo].real_part();
                    }
                }
            });
        }
        Pass::MvSym => {
            // The shader's slot c is a column tile's; here it holds everything the columns
            // of chunk c add (their triangle's products and the mirrored triangle's dots),
            // zeros elsewhere: MV_FIN's sums are the same.
            let n = p.n;
            let (upper, herm) = (p.has(F_UPPER), p.has(F_HERM));
            let xs: Vec<Vec<T>> = if p.incx == 1 {
                Vec::new()
            } else {
                (0..p.batch)
                    .map(|b| {
                        let x = vx(b, n);
                        (0..n).map(|i| x.get(i)).collect()
                    })
                    .collect()
            };
            (0..p.batch * chunks).into_par_iter().for_each(|task| {
                let (b, c) = (task / chunks, task % chunks);
                let a = mat(b);
                let x: &[T] = if p.incx == 1 {
                    unsafe { std::slice::from_raw_parts(vx(b, n).p, n) }
                } else {
                    &xs[b]
                };
                let (j0, j1) = sym_chunk(n, chunks, c, upper);
                // The rows these columns store.
                let (r0, r1) = if upper { (0, j1) } else { (j0, n) };
                let mut acc = vec![T::zero(); r1 - r0];
                let col = |j: usize, lo: usize, hi: usize| unsafe {
                    std::slice::from_raw_parts(a.p.add(p.colbase(j) + lo), hi - lo)
                };
                // Column j's rows [lo, hi), off its diagonal: both products.
                let one = |acc: &mut [T], j: usize, lo: usize, hi: usize| {
                    if lo >= hi {
                        return;
                    }
                    let d = sym4(
                        &mut acc[lo - r0..hi - r0],
                        [col(j, lo, hi); 1],
                        [x[j]],
                        &x[lo..hi],
                        herm,
                    );
                    acc[j - r0] = acc[j - r0] + d[0];
                };
                let mut j = j0;
                while j < j1 {
                    let k = (j1 - j).min(4);
                    // Rows all k columns store off their diagonals, then each column's own.
                    let (lo, hi) = if upper { (r0, j) } else { (j + k, r1) };
                    if k == 4 && lo < hi {
                        let d = sym4::<T, 4>(
                            &mut acc[lo - r0..hi - r0],
                            std::array::from_fn(|q| col(j + q, lo, hi)),
                            std::array::from_fn(|q| x[j + q]),
                            &x[lo..hi],
                            herm,
                        );
                        for (q, v) in d.into_iter().enumerate() {
                            acc[j + q - r0] = acc[j + q - r0] + v;
                        }
                    } else {
                        for q in 0..k {
                            one(&mut acc, j + q, lo, hi);
                        }
                    }
                    for q in 0..k {
                        let jq = j + q;
                        // Between the common rows and the diagonal.
                        if upper {
                            one(&mut acc, jq, j, jq);
                        } else {
                            one(&mut acc, jq, jq + 1, j + k);
                        }
                        let dv = unsafe { a.p.add(jq + p.colbase(jq)).read_unaligned() };
                        let dv = if herm { dv.real_part() } else { dv };
                        acc[jq - r0] = acc[jq - r0] + dv * x[jq];
                    }
                    j += k;
                }
                let run = partial(p.aux + c, b, 0, n, p.batch);
                for i in 0..n {
                    let v = if (r0..r1).contains(&i) {
                        acc[i - r0]
                    } else {
                        T::zero()
                    };
                    unsafe { run.add(i).write_unaligned(v) };
                }
            });
        }
        Pass::SymStrip => {
            // The shader's partition, element by element (a fallback where the SPIR-V cannot
            // run on the device; the CPU backend takes MV_SYM).
            let (n, upper, herm) = (p.n, p.has(F_UPPER), p.has(F_HERM));
            let (groups, segs) = (grid[0] as usize, grid[1] as usize);
            let (gw, seg) = (STRIP_GROUP as usize, strip_seg() as usize);
            (0..p.batch * groups * segs)
                .into_par_iter()
                .for_each(|task| {
                    let (b, grp, sg) = (task / (groups * segs), task / segs % groups, task % segs);
                    let (a, x) = (mat(b), vx(b, n));
                    let (r0, r1) = strip_rows(grp, n, upper);
                    let (i0, i1) = (r0.max(sg * seg), r1.min(sg * seg + seg));
                    if i0 >= i1 {
                        return;
                    }
                    let (g0, g1) = (grp * gw, (grp * gw + gw).min(n));
                    let mut racc = vec![T::zero(); i1 - i0];
                    for j in g0..g1 {
                        let (xj, mut cacc) = (x.get(j), T::zero());
                        for i in i0..i1 {
                            if upper && i > j || !upper && i < j {
                                continue;
                            }
                            let v = unsafe { a.p.add(i + p.colbase(j)).read_unaligned() };
                            let rv = if herm && i == j { v.real_part() } else { v };
                            racc[i - i0] = racc[i - i0] + rv * xj;
                            if i != j {
                                cacc = cacc + if herm { v.conj() } else { v } * x.get(i);
                            }
                        }
                        unsafe {
                            partial(p.aux + groups + sg, b, j, n, p.batch).write_unaligned(cacc)
                        };
                    }
                    for (i, v) in (i0..i1).zip(racc) {
                        unsafe { partial(p.aux + grp, b, i, n, p.batch).write_unaligned(v) };
                    }
                });
        }
        Pass::Trsv => {
            (0..p.batch)
                .into_par_iter()
                .for_each(|b| trsv_twin::<T>(p, mat(b), vx(b, p.n)));
        }
        // A panel's solve by substitution: the same x as the shader's products with the
        // inverses, to rounding (TRSV_INV's inverses then go unread). These twins run only
        // where a GPU cannot take the module (the CPU backend solves in one launch).
        // TRSV_CHAIN's whole solve is the panel of every row (its hand-over is the shader's).
        Pass::TrsvPanel | Pass::TrsvChain => {
            let (lo, len) = if p.pass == Pass::TrsvChain {
                (0, p.n)
            } else {
                (p.alpha[0] as usize, p.alpha[1] as usize)
            };
            let forward = p.has(F_UPPER) == p.has(F_TRANS);
            (0..p.batch).into_par_iter().for_each(|b| {
                let (a, x) = (mat(b), vx(b, p.n));
                for q in 0..len {
                    let i = if forward { lo + q } else { lo + len - 1 - q };
                    let earlier = if forward { lo..i } else { i + 1..lo + len };
                    let mut v = x.get(i);
                    for k in earlier {
                        if let Some(e) = op_entry(p, a, i, k) {
                            v = v - e * x.get(k);
                        }
                    }
                    if !p.has(F_UNIT_DIAG) {
                        v = v.div(op_entry(p, a, i, i).unwrap_or(T::one()));
                    }
                    x.set(i, v);
                }
            });
        }
        Pass::TrsvUpdate => {
            let [r0, r1, c0, c1] = p.alpha.map(|w| w as usize);
            (0..p.batch).into_par_iter().for_each(|b| {
                let (a, x) = (mat(b), vx(b, p.n));
                for r in r0..r1 {
                    let mut v = x.get(r);
                    for k in c0..c1 {
                        if let Some(e) = op_entry(p, a, r, k) {
                            v = v - e * x.get(k);
                        }
                    }
                    x.set(r, v);
                }
            });
        }
        // Unit t solved by substitution (the shader multiplies by the blocks' inverses: the
        // same x to rounding), kept in sol and the previous unit's copied to x, then the
        // rows after it updated: the shader's hand-over, for where a GPU cannot take the
        // module.
        Pass::TrsvStep => {
            let bs = trsv_block(std::mem::size_of::<T>());
            let (t, k) = (p.alpha[0] as usize, p.alpha[1] as usize);
            let forward = p.has(F_UPPER) == p.has(F_TRANS);
            let unit = |t: usize| {
                let (s0, s1) = (t * k * bs, (t * k * bs + k * bs).min(p.n));
                if forward { s0..s1 } else { p.n - s1..p.n - s0 }
            };
            let rows = unit(t);
            let rest = if forward {
                rows.end..p.n
            } else {
                0..rows.start
            };
            let sol0 = p.batch * p.aux as usize * bs * bs;
            (0..p.batch).into_par_iter().for_each(|b| {
                let (a, x) = (mat(b), vx(b, p.n));
                let sol = (ws as *mut T).wrapping_add(sol0 + b * p.n);
                let (lo, len) = (rows.start, rows.len());
                let mut xs = vec![T::zero(); len];
                for q in 0..len {
                    let r = if forward { q } else { len - 1 - q };
                    let mut v = x.get(lo + r);
                    let earlier = if forward { 0..r } else { r + 1..len };
                    for c in earlier {
                        if let Some(e) = op_entry(p, a, lo + r, lo + c) {
                            v = v - e * xs[c];
                        }
                    }
                    if !p.has(F_UNIT_DIAG) {
                        v = v.div(op_entry(p, a, lo + r, lo + r).unwrap_or(T::one()));
                    }
                    xs[r] = v;
                }
                if t > 0 {
                    for i in unit(t - 1) {
                        x.set(i, unsafe { sol.add(i).read_unaligned() });
                    }
                }
                for (c, &v) in xs.iter().enumerate() {
                    if rest.is_empty() {
                        x.set(lo + c, v);
                    } else {
                        unsafe { sol.add(lo + c).write_unaligned(v) };
                    }
                }
                for r in rest.clone() {
                    let mut v = x.get(r);
                    for (c, &xc) in xs.iter().enumerate() {
                        if let Some(e) = op_entry(p, a, r, lo + c) {
                            v = v - e * xc;
                        }
                    }
                    x.set(r, v);
                }
            });
        }
        Pass::TrsvInv => {
            let bs = trsv_block(std::mem::size_of::<T>());
            let blocks = p.n.div_ceil(bs);
            let forward = p.has(F_UPPER) == p.has(F_TRANS);
            (0..p.batch * blocks).into_par_iter().for_each(|task| {
                let (b, t) = (task / blocks, task % blocks);
                let a = mat(b);
                let (lo, len) = if forward {
                    (t * bs, bs.min(p.n - t * bs))
                } else {
                    let hi = p.n - t * bs;
                    (hi.saturating_sub(bs), bs.min(hi))
                };
                // d[r][c] = op(A)(lo + r, lo + c) in its triangle; the inverse by columns.
                let d = |r: usize, c: usize| op_entry(p, a, lo + r, lo + c).unwrap_or(T::zero());
                let diag = |r: usize| {
                    if p.has(F_UNIT_DIAG) {
                        T::one()
                    } else {
                        d(r, r)
                    }
                };
                let mut inv = vec![T::zero(); bs * bs];
                for c in 0..bs {
                    if c >= len {
                        inv[c * bs + c] = T::one();
                        continue;
                    }
                    // Solve D v = e_c in solving order.
                    let order: Vec<usize> = if forward {
                        (c..len).collect()
                    } else {
                        (0..=c).rev().collect()
                    };
                    for &r in &order {
                        let mut acc = if r == c { T::one() } else { T::zero() };
                        let ks = if forward { c..r } else { r + 1..c + 1 };
                        for k in ks {
                            acc = acc - d(r, k) * inv[c * bs + k];
                        }
                        inv[c * bs + r] = acc.div(diag(r));
                    }
                }
                let out = (ws as *mut T).wrapping_add((b * p.aux + t) * bs * bs);
                for (e, v) in inv.into_iter().enumerate() {
                    unsafe { out.add(e).write_unaligned(v) };
                }
            });
        }
    }
}

/// op(A)(r, c) of a stored triangle (transposed and conjugated as the flags say), `None`
/// outside what it stores.
fn op_entry<T: K2>(p: &Params, a: HM<T>, r: usize, c: usize) -> Option<T> {
    let (i, j) = if p.has(F_TRANS) { (c, r) } else { (r, c) };
    if !p.rows(j).contains(&i) {
        return None;
    }
    let v = unsafe { a.p.add(i + p.colbase(j)).read_unaligned() };
    Some(if p.has(F_CONJ_A) { v.conj() } else { v })
}

/// Rows [r0, r1) that SYM_STRIP's column group `grp` stores (the shader's `sym_rows`).
fn strip_rows(grp: usize, n: usize, upper: bool) -> (usize, usize) {
    let g0 = grp * STRIP_GROUP as usize;
    if upper {
        (0, n.min(g0 + STRIP_GROUP as usize))
    } else {
        (g0, n)
    }
}

/// Whether SYM_STRIP wrote slot `c` for element `i` of `n` (the shader's `sym_slot`): the
/// row slots of the groups storing row i, the column slots of the segments holding rows
/// of i's group.
fn strip_slot(c: usize, i: usize, n: usize, upper: bool) -> bool {
    let groups = n.div_ceil(STRIP_GROUP as usize);
    let seg = strip_seg() as usize;
    if c < groups {
        let (r0, r1) = strip_rows(c, n, upper);
        return (r0..r1).contains(&i);
    }
    let s = c - groups;
    let (r0, r1) = strip_rows(i / STRIP_GROUP as usize, n, upper);
    s * seg < r1 && s * seg + seg > r0
}

/// The rows of [r0, r1) column j stores.
fn rows_in(p: &Params, j: usize, r0: usize, r1: usize) -> (usize, usize) {
    let rows = p.rows(j);
    (rows.start.max(r0), rows.end.min(r1))
}

/// Rows [lo, hi) of [r0, r1) that columns j..j+4 (all below `end`) all store, without a
/// diagonal whose value a flag changes (unit, skipped, real): the four-column paths take
/// these, each column its own rows outside them. `None` where there are none (or a
/// diagonal would fall strictly inside): column by column.
fn four_common(p: &Params, j: usize, end: usize, r0: usize, r1: usize) -> Option<(usize, usize)> {
    if j + 4 > end {
        return None;
    }
    let (mut lo, mut hi) = (0..4)
        .map(|k| rows_in(p, j + k, r0, r1))
        .fold((r0, r1), |(l, h), (a, b)| (l.max(a), h.min(b)));
    if p.has(F_UNIT_DIAG | F_SKIP_DIAG | F_REAL_DIAG) && lo < j + 4 && j < hi {
        // The diagonals j..j+4 meet the common rows: keep the part beside them.
        if lo >= j {
            lo = j + 4;
        } else if hi <= j + 4 {
            hi = j;
        } else {
            return None;
        }
    }
    // Too few rows to gain from.
    (lo + 8 <= hi).then_some((lo, hi))
}

/// Columns of a symmetric (Hermitian: `conj`) triangle over rows off their diagonals, in
/// one pass over memory: acc_i += sum_q col_q[i] x_q (the stored triangle's product) and
/// the result's d_q = sum_i op(col_q[i]) x_i (the mirrored one's). Blocks of rows small
/// enough that the dots re-read the columns from L1: the two loops each vectorise (one
/// fused loop did not: shuffles and spills, ssymv at 13 GB/s). One or four columns (`Q`).
#[inline(always)]
fn sym4_body<T: K2, const Q: usize>(
    acc: &mut [T],
    cols: [&[T]; Q],
    xq: [T; Q],
    x: &[T],
    conj: bool,
) -> [T; Q] {
    const ROWS: usize = 256;
    if Q == 4 && !T::COMPLEX {
        let c4: [&[T]; 4] = std::array::from_fn(|q| cols[q]);
        let d = sym4_real(acc, c4, std::array::from_fn(|q| xq[q]), x);
        return std::array::from_fn(|q| d[q]);
    }
    let n = acc.len();
    let mut out = [T::zero(); Q];
    for lo in (0..n).step_by(ROWS) {
        let hi = (lo + ROWS).min(n);
        let (ab, xb) = (&mut acc[lo..hi], &x[lo..hi]);
        if Q == 4 {
            let c4: [&[T]; 4] = std::array::from_fn(|q| &cols[q][lo..hi]);
            sweep_cols_body(ab, c4, std::array::from_fn(|q| xq[q]), false);
            for (o, v) in out.iter_mut().zip(lanes_dot4_body(c4, xb, conj)) {
                *o = *o + v;
            }
        } else {
            for q in 0..Q {
                let c = &cols[q][lo..hi];
                ab.iter_mut().zip(c).for_each(|(s, &v)| *s = *s + v * xq[q]);
                out[q] = out[q] + lanes_dot_body(c, xb, conj);
            }
        }
    }
    out
}

/// Four columns of a real symmetric triangle in one loop over their rows: each load of a
/// column serves both acc_i += sum_q col_q[i] x_q and d_q += col_q[i] x_i, the dots in one
/// register's worth of lanes (8 f32, 4 f64). Two loops over L1-resident blocks moved 13
/// GB/s a core, half of OpenBLAS's ssymv; LLVM does not vectorise the fused loop without
/// shuffling across columns, so with AVX2 it is written in intrinsics, lane for lane the
/// operations of the portable loop (no FMA): the same results on every x86-64.
fn sym4_real<T: K2>(acc: &mut [T], cols: [&[T]; 4], xq: [T; 4], x: &[T]) -> [T; 4] {
    let n = acc.len();
    let cols = cols.map(|c| &c[..n]);
    let x = &x[..n];
    #[cfg(target_arch = "x86_64")]
    if crate::simd::level() != crate::simd::Level::Baseline {
        // SAFETY: T is real (callers check), so of its size it is f32 or f64, and the CPU
        // has AVX2.
        unsafe {
            let f32s = |v: &[T]| std::slice::from_raw_parts(v.as_ptr() as *const f32, v.len());
            let f64s = |v: &[T]| std::slice::from_raw_parts(v.as_ptr() as *const f64, v.len());
            if size_of::<T>() == 4 {
                let acc = std::slice::from_raw_parts_mut(acc.as_mut_ptr() as *mut f32, n);
                let xq = xq.map(|v| std::mem::transmute_copy::<T, f32>(&v));
                let d = sym4_f32_avx2(acc, cols.map(f32s), xq, f32s(x));
                return d.map(|v| std::mem::transmute_copy::<f32, T>(&v));
            }
            let acc = std::slice::from_raw_parts_mut(acc.as_mut_ptr() as *mut f64, n);
            let xq = xq.map(|v| std::mem::transmute_copy::<T, f64>(&v));
            let d = sym4_f64_avx2(acc, cols.map(f64s), xq, f64s(x));
            return d.map(|v| std::mem::transmute_copy::<f64, T>(&v));
        }
    }
    if size_of::<T>() == 4 {
        sym4_real_lanes::<T, 8>(acc, cols, xq, x)
    } else {
        sym4_real_lanes::<T, 4>(acc, cols, xq, x)
    }
}

/// `sym4_real` in portable code, L lanes per dot.
fn sym4_real_lanes<T: K2, const L: usize>(
    acc: &mut [T],
    cols: [&[T]; 4],
    xq: [T; 4],
    x: &[T],
) -> [T; 4] {
    let n = acc.len();
    let body = n / L * L;
    let mut d = [[T::zero(); L]; 4];
    for i in (0..body).step_by(L) {
        for k in i..i + L {
            let v = [cols[0][k], cols[1][k], cols[2][k], cols[3][k]];
            acc[k] = acc[k] + v[0] * xq[0] + v[1] * xq[1] + v[2] * xq[2] + v[3] * xq[3];
            for q in 0..4 {
                d[q][k - i] = d[q][k - i] + v[q] * x[k];
            }
        }
    }
    sym4_tail(acc, cols, xq, x, body, d)
}

/// The rows past the last full register of `sym4_real`, then each dot's lanes summed in
/// order.
fn sym4_tail<T: K2, const L: usize>(
    acc: &mut [T],
    cols: [&[T]; 4],
    xq: [T; 4],
    x: &[T],
    body: usize,
    d: [[T; L]; 4],
) -> [T; 4] {
    let mut out = [T::zero(); 4];
    for i in body..acc.len() {
        let v = [cols[0][i], cols[1][i], cols[2][i], cols[3][i]];
        acc[i] = acc[i] + v[0] * xq[0] + v[1] * xq[1] + v[2] * xq[2] + v[3] * xq[3];
        for q in 0..4 {
            out[q] = out[q] + v[q] * x[i];
        }
    }
    std::array::from_fn(|q| d[q].iter().fold(out[q], |s, &v| s + v))
}

/// `sym4_real` in AVX2 registers for one real type: `$lanes` per register, the column
/// lines prefetched once per 64 bytes (every `64 / size_of` rows).
macro_rules! sym4_avx2 {
    ($name:ident, $t:ty, $lanes:literal, $load:ident, $store:ident, $set1:ident, $zero:ident, $add:ident, $mul:ident) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        unsafe fn $name(acc: &mut [$t], cols: [&[$t]; 4], xq: [$t; 4], x: &[$t]) -> [$t; 4] {
            use std::arch::x86_64::*;
            let n = acc.len();
            let body = n / $lanes * $lanes;
            let per_line = 64 / size_of::<$t>();
            // No requests past the column's end (see prefetch::blocks).
            let last_ahead = n.saturating_sub(crate::prefetch::AHEAD / size_of::<$t>());
            let (a, c, xp) = (acc.as_mut_ptr(), cols.map(|c| c.as_ptr()), x.as_ptr());
            let xb = xq.map(|v| $set1(v));
            let mut d = [$zero(); 4];
            for i in (0..body).step_by($lanes) {
                // SAFETY: i + $lanes <= n, the length of every slice.
                unsafe {
                    let xv = $load(xp.add(i));
                    let mut s = $load(a.add(i));
                    for q in 0..4 {
                        if i % per_line == 0 && i < last_ahead {
                            crate::prefetch::ahead(c[q], i, 64);
                        }
                        let v = $load(c[q].add(i));
                        s = $add(s, $mul(v, xb[q]));
                        d[q] = $add(d[q], $mul(v, xv));
                    }
                    $store(a.add(i), s);
                }
            }
            let lanes = d.map(|v| {
                let mut l = [0.0 as $t; $lanes];
                // SAFETY: l holds one register's lanes.
                unsafe { $store(l.as_mut_ptr(), v) };
                l
            });
            sym4_tail(acc, cols, xq, x, body, lanes)
        }
    };
}
sym4_avx2!(
    sym4_f32_avx2,
    f32,
    8,
    _mm256_loadu_ps,
    _mm256_storeu_ps,
    _mm256_set1_ps,
    _mm256_setzero_ps,
    _mm256_add_ps,
    _mm256_mul_ps
);
sym4_avx2!(
    sym4_f64_avx2,
    f64,
    4,
    _mm256_loadu_pd,
    _mm256_storeu_pd,
    _mm256_set1_pd,
    _mm256_setzero_pd,
    _mm256_add_pd,
    _mm256_mul_pd
);

/// The twins' inner loops, also compiled for AVX2 and for AVX-512 and chosen at run time:
/// two or four times the lanes per instruction, the same operations in the same order (Rust
/// contracts nothing into an FMA and reassociates no sum), so the same results on every
/// x86-64. `name` dispatches, `body` is the loop. `@cap Avx2,` first: a loop that runs no
/// faster with 512-bit registers stays at AVX2 (the narrow-band sweeps, whose 33-row columns
/// fill two AVX-512 registers and leave a long remainder: stbmv 13.5 GB/s with AVX2, 11 with
/// AVX-512).
macro_rules! avx2_twin {
    (@cap $cap:ident, $vis:vis $name:ident, $avx:ident, $body:ident, $([$($g:tt)*])? ($($a:ident: $t:ty),*) $(-> $r:ty)?) => {
        $vis fn $name<T: K2 $(, $($g)*)?>($($a: $t),*) $(-> $r)? {
            #[cfg(target_arch = "x86_64")]
            match crate::simd::level().min(crate::simd::Level::$cap) {
                // SAFETY: the CPU has the features level() found.
                crate::simd::Level::Avx512 => return unsafe { $avx::avx512($($a),*) },
                crate::simd::Level::Avx2 => return unsafe { $avx::avx2($($a),*) },
                crate::simd::Level::Baseline => {}
            }
            $body($($a),*)
        }
        #[cfg(target_arch = "x86_64")]
        mod $avx {
            use super::*;
            #[target_feature(enable = "avx2")]
            pub(super) unsafe fn avx2<T: K2 $(, $($g)*)?>($($a: $t),*) $(-> $r)? {
                $body($($a),*)
            }
            #[target_feature(enable = "avx512f")]
            #[allow(dead_code)]
            pub(super) unsafe fn avx512<T: K2 $(, $($g)*)?>($($a: $t),*) $(-> $r)? {
                $body($($a),*)
            }
        }
    };
    ($($t:tt)*) => {
        avx2_twin!(@cap Avx512, $($t)*);
    };
}
avx2_twin!(sweep_cols, sweep_cols_avx2, sweep_cols_body, [const Q: usize] (acc: &mut [T], cols: [&[T]; Q], xs: [T; Q], conj: bool));
avx2_twin!(lanes_dot4, lanes_dot4_avx2, lanes_dot4_body, (cols: [&[T]; 4], x: &[T], conj: bool) -> [T; 4]);
avx2_twin!(lanes_dot, lanes_dot_avx2, lanes_dot_body, (col: &[T], x: &[T], conj: bool) -> T);
avx2_twin!(update_col, update_col_avx2, update_col_body, (col: &mut [T], ax: &[T], ay: &[T], yj: T, xj: T));
avx2_twin!(sym4, sym4_avx2, sym4_body, [const Q: usize] (acc: &mut [T], cols: [&[T]; Q], xq: [T; Q], x: &[T], conj: bool) -> [T; Q]);

// After the macro, which they use.
mod narrow_band;
mod trsv_twin;
use narrow_band::{Band, band_dots, band_sweeps, narrow};
use trsv_twin::trsv_twin;

/// A column of a rank-1 update, col += ax yj, or (ay not empty) rank-2, col += ax yj + ay xj.
#[inline(always)]
fn update_col_body<T: K2>(col: &mut [T], ax: &[T], ay: &[T], yj: T, xj: T) {
    let ax = &ax[..col.len()];
    let rank2 = !ay.is_empty();
    let streams = [col.as_ptr() as usize];
    for r in crate::prefetch::Blocks::<T>::new(0..col.len(), &streams) {
        let (c, s) = (&mut col[r.clone()], &ax[r.clone()]);
        if rank2 {
            let t = &ay[r];
            c.iter_mut()
                .zip(s.iter().zip(t))
                .for_each(|(v, (&s, &t))| *v = *v + s * yj + t * xj);
        } else {
            c.iter_mut().zip(s).for_each(|(v, &s)| *v = *v + s * yj);
        }
    }
}

/// acc += sum over Q columns of op(col) x_col, element by element, the columns added in
/// order (so eight columns give the bits of two four-column sweeps in a row).
#[inline(always)]
fn sweep_cols_body<T: K2, const Q: usize>(acc: &mut [T], cols: [&[T]; Q], xs: [T; Q], conj: bool) {
    let cols = cols.map(|c| &c[..acc.len()]);
    if conj {
        for i in 0..acc.len() {
            let mut s = acc[i];
            for q in 0..Q {
                s = s + cols[q][i].conj() * xs[q];
            }
            acc[i] = s;
        }
    } else {
        for i in 0..acc.len() {
            let mut s = acc[i];
            for q in 0..Q {
                s = s + cols[q][i] * xs[q];
            }
            acc[i] = s;
        }
    }
}

/// Four dots sum op(col_i) x_i sharing each load of x, in lanes per column (the order is
/// fixed): eight for real data (one AVX2 register of f32; four lanes, which the compiler
/// spread across the columns with shuffles, ran strsv T at 8.5 GB/s on one core), four for
/// double complex; single-precision complex data as pairs of floats (`c32_dots4`).
#[inline(always)]
fn lanes_dot4_body<T: K2>(cols: [&[T]; 4], x: &[T], conj: bool) -> [T; 4] {
    if T::COMPLEX && size_of::<T>() == 8 {
        // SAFETY: T is C32 (two f32, no padding): its slices are twice as many f32.
        let f =
            |c: &[T]| unsafe { std::slice::from_raw_parts(c.as_ptr() as *const f32, 2 * c.len()) };
        let n = x.len();
        return c32_dots4(cols.map(|c| f(&c[..n])), f(x), conj)
            .map(|(re, im)| T::parts(re as f64, im as f64));
    }
    if T::COMPLEX {
        lanes_dot4_in::<T, 4>(cols, x, conj)
    } else {
        lanes_dot4_in::<T, 8>(cols, x, conj)
    }
}

/// Four single-precision complex dots over their floats (re, im interleaved): p = col * x
/// and q = col * x with each pair of x swapped, lane by lane, then re = p's even lanes less
/// its odd ones (conjugated: all of p) and im = all of q (conjugated: q's even lanes less
/// its odd). No shuffles but q's in-register swap: complex lanes had LLVM deinterleave
/// every load (cgemv T at 14-20 GB/s, 0.6x of OpenBLAS). Blocks of 64 rows as
/// `lanes_dot4_in`.
#[inline(always)]
fn c32_dots4(cols: [&[f32]; 4], x: &[f32], conj: bool) -> [(f32, f32); 4] {
    const BLOCK: usize = 128;
    let n = x.len();
    let body = n / 8 * 8;
    let mut p = [[0f32; 8]; 4];
    let mut q = [[0f32; 8]; 4];
    for lo in (0..body).step_by(BLOCK) {
        let hi = (lo + BLOCK).min(body);
        let xb = &x[lo..hi];
        for (c, col) in cols.iter().enumerate() {
            let (mut pv, mut qv) = (p[c], q[c]);
            for (cl, xl) in col[lo..hi].chunks_exact(8).zip(xb.chunks_exact(8)) {
                for k in 0..8 {
                    pv[k] += cl[k] * xl[k];
                    qv[k] += cl[k] * xl[k ^ 1];
                }
            }
            (p[c], q[c]) = (pv, qv);
        }
    }
    std::array::from_fn(|c| {
        let (mut pe, mut po, mut qe, mut qo) = (0f32, 0f32, 0f32, 0f32);
        for k in (0..8).step_by(2) {
            (pe, po, qe, qo) = (
                pe + p[c][k],
                po + p[c][k + 1],
                qe + q[c][k],
                qo + q[c][k + 1],
            );
        }
        for k in (body..n).step_by(2) {
            let (cr, ci, xr, xi) = (cols[c][k], cols[c][k + 1], x[k], x[k + 1]);
            (pe, po, qe, qo) = (pe + cr * xr, po + ci * xi, qe + cr * xi, qo + ci * xr);
        }
        if conj {
            (pe + po, qe - qo)
        } else {
            (pe - po, qe + qo)
        }
    })
}

#[inline(always)]
fn lanes_dot4_in<T: K2, const L: usize>(cols: [&[T]; 4], x: &[T], conj: bool) -> [T; 4] {
    // Rows a column is swept over before the next column's turn: x's block stays in L1.
    // Column by column within a block, each loop one column's lanes: LLVM vectorises that
    // along the lanes (a loop over all four columns it vectorised across them, shuffling).
    const BLOCK: usize = 64;
    let n = x.len();
    let body = n / L * L;
    let mut acc = [[T::zero(); L]; 4];
    let op = |v: T| if conj { v.conj() } else { v };
    let cols = cols.map(|c| &c[..n]);
    for lo in (0..body).step_by(BLOCK) {
        let hi = (lo + BLOCK).min(body);
        let xb = &x[lo..hi];
        for (a, col) in acc.iter_mut().zip(cols) {
            let mut v = *a;
            for (cl, xl) in col[lo..hi].chunks_exact(L).zip(xb.chunks_exact(L)) {
                for k in 0..L {
                    v[k] = v[k] + op(cl[k]) * xl[k];
                }
            }
            *a = v;
        }
    }
    std::array::from_fn(|c| {
        let mut s = T::zero();
        for i in body..n {
            s = s + op(cols[c][i]) * x[i];
        }
        acc[c].iter().fold(s, |s, &v| s + v)
    })
}

/// sum op(col_i) x_i in eight independent lanes (vectorisable; the order is fixed).
#[inline(always)]
fn lanes_dot_body<T: K2>(col: &[T], x: &[T], conj: bool) -> T {
    let mut acc = [T::zero(); 8];
    let (cc, cr) = col.split_at(col.len() / 8 * 8);
    let (xc, xr) = x.split_at(cc.len());
    for (c8, x8) in cc.chunks_exact(8).zip(xc.chunks_exact(8)) {
        for k in 0..8 {
            let v = if conj { c8[k].conj() } else { c8[k] };
            acc[k] = acc[k] + v * x8[k];
        }
    }
    let mut s = T::zero();
    for (v, &xi) in cr.iter().zip(xr) {
        s = s + if conj { v.conj() } else { *v } * xi;
    }
    for a in acc {
        s = s + a;
    }
    s
}
