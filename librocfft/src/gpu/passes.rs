//! A plan as kernel launches ("passes") over the user's buffers, a work buffer and the
//! plan's tables, decided once at plan time.
//!
//! Complex interleaved transforms of f32/f64 data read and write the user's arrays directly:
//! one line pass per dimension (the first reads the input, the others work in place on the
//! output). Everything else (planar, real, hermitian, half precision) is gathered into a
//! contiguous complex array in the work buffer (real data with zero imaginary parts;
//! hermitian half-spectra filled out to full spectra by symmetry), transformed there and
//! scattered to the output, keeping what the output holds (real parts, or the N0/2+1
//! non-redundant columns).
//!
//! One dimension of length N (`Builder::axis`): a line pass where N fits a workgroup's
//! shared memory and has no prime factor above 13; the four-step method (N = N1 N2: N1
//! transforms of length N2 with twiddles into the work buffer, then N2 of length N1 into
//! place) up to the square of that; Bluestein's algorithm (a convolution with a chirp through
//! power-of-two FFTs) for other lengths.

use super::kernels::*;
use super::tables::{Table, Tables};
use crate::hip::oxrocm_spirv_kernel;
use crate::plan::PlanCore;
use crate::types::*;

/// Largest prime factor the line kernel's radices cover.
const LARGEST_RADIX: usize = 13;

/// A buffer a pass touches; its address is known at execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buf {
    In(usize),
    Out(usize),
    Work,
    Tables,
}

/// A position in a buffer (bytes from its start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub buf: Buf,
    pub byte: u64,
}

#[derive(Clone, Debug)]
pub enum Push {
    Line(LinePush),
    Copy(CopyPush),
    Real(RealPush),
}

/// One launch: the kernel, its parameter block with addresses relative to `addrs`' buffers
/// (slot i: the i-th u64 of the block), its grid and the buffers it reads and writes.
pub struct Pass {
    pub kernel: &'static oxrocm_spirv_kernel,
    pub double: bool,
    pub push: Push,
    pub addrs: Vec<(usize, Buf)>,
    pub groups: [u32; 3],
    pub reads: Vec<Buf>,
    pub writes: Vec<Buf>,
}

/// One dimension of the space of lines: count, stride on the source and on the destination
/// (elements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim {
    pub n: usize,
    pub si: usize,
    pub so: usize,
}

/// Drops single-element dimensions and joins neighbours that step evenly on both sides.
pub fn merge(dims: &[Dim]) -> Vec<Dim> {
    let mut out: Vec<Dim> = Vec::new();
    for d in dims.iter().filter(|d| d.n > 1) {
        match out.last_mut() {
            Some(l) if l.n * l.si == d.si && l.n * l.so == d.so => l.n *= d.n,
            _ => out.push(*d),
        }
    }
    out
}

/// A grid of `groups` workgroups within the per-dimension limit (x fastest).
fn grid(groups: usize) -> Option<[u32; 3]> {
    let x = groups.clamp(1, MAX_GROUPS);
    let y = groups.div_ceil(x);
    (y <= MAX_GROUPS).then_some([x as u32, y as u32, 1])
}

/// Element indices the kernels compute in 32 bits.
fn fits(x: usize) -> Option<u32> {
    u32::try_from(x).ok().filter(|&v| v < u32::MAX / 2)
}

/// The longest column length of a four-step split: `default` (128 bytes of lines per
/// workgroup), or `OXROCM_ROCFFT_FOUR_STEP_COLUMNS` (a developer's aid for measuring other
/// splits, such as 4096 × 4096 in two passes).
fn four_step_columns(default: usize) -> usize {
    static SET: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    SET.get_or_init(|| std::env::var("OXROCM_ROCFFT_FOUR_STEP_COLUMNS").ok().and_then(|v| v.parse().ok()).filter(|&v: &usize| v >= 2)).unwrap_or(default)
}

pub struct Builder {
    pub double: bool,
    /// The longest line of one workgroup.
    pub smax: usize,
    /// Bytes of a complex value in the work arrays.
    pub cb: usize,
    pub passes: Vec<Pass>,
    pub tables: Tables,
    /// Work-buffer bytes in use at this point of planning, and the most ever.
    top: usize,
    pub peak: usize,
}

impl Builder {
    pub fn new(double: bool) -> Builder {
        let (smax, cb) = if double { (SMAX_F64, 16) } else { (SMAX_F32, 8) };
        Builder { double, smax, cb, passes: Vec::new(), tables: Tables::default(), top: 0, peak: 0 }
    }

    /// `bytes` of the work buffer (256-byte aligned), until `release(mark)`.
    pub fn alloc(&mut self, bytes: usize) -> u64 {
        let at = self.top;
        self.top += bytes.next_multiple_of(256);
        self.peak = self.peak.max(self.top);
        at as u64
    }

    fn table(&mut self, t: Table) -> At {
        At { buf: Buf::Tables, byte: self.tables.offset(t, self.cb) as u64 }
    }

    /// The two-level table of w_N^e = lo[e mod split]·hi[e div split]: (split, lo, hi), the
    /// split a power of two near √N, so that the kernels split exponents with a mask and a
    /// shift.
    fn big_tables(&mut self, n: usize) -> (u32, At, At) {
        let split = ((n as f64).sqrt().ceil() as usize).next_power_of_two();
        (split as u32, self.table(Table::BigLo { n, split }), self.table(Table::BigHi { n, split }))
    }

    /// The kernel for lines of `len` and its SMAX (the longest line a workgroup holds, which
    /// sets the lines per group): a register kernel for power-of-two lines, the small-group
    /// module where the line fits it, else the general kernel.
    fn line_kernel(&self, len: usize) -> (&'static oxrocm_spirv_kernel, usize) {
        let small = pow2_smax(self.double);
        let pow2 = len.is_power_of_two() && len >= POW2_MIN;
        match (pow2, self.double) {
            (true, false) if len <= small => (&POW2_F32, small),
            (true, true) if len <= small => (&POW2_F64, small),
            (true, false) => (&POW2_4096_F32, self.smax),
            (true, true) => (&POW2_2048_F64, self.smax),
            (false, false) => (&LINE_F32, self.smax),
            (false, true) => (&LINE_F64, self.smax),
        }
    }

    /// Whether lines of `n` that are columns on both sides (strided elements, neighbouring
    /// lines side by side) would read and write segments of less than 32 bytes per row: a
    /// group holds too few of them (one 4096-point f32 column: 8 bytes of each 32-byte
    /// sector). Such lines go four-step instead, whose passes take 256-point columns several
    /// to a group and rows 2 KiB wide (r2c 4096² on an H200: the single pass over 2049
    /// columns of 4096 points took most of 0.32 ms).
    fn narrow_columns(&self, n: usize, es: (usize, usize), dims: &[Dim]) -> bool {
        let neighbours = dims.iter().any(|d| d.si == 1 && d.so == 1 && d.n > 1);
        let per_group = self.line_kernel(n).1 / n;
        es.0 != 1 && es.1 != 1 && neighbours && n > 256 && per_group * self.cb < 32 && self.direct_length(n)
    }

    /// Whether a length's prime factors are all radices of the line kernel (else Bluestein).
    fn direct_length(&self, n: usize) -> bool {
        crate::plan::largest_prime_factor(n) <= LARGEST_RADIX
    }

    /// One line pass: FFTs of length `len` over `dims`, elements `es_in`/`es_out` apart.
    #[allow(clippy::too_many_arguments)]
    fn line(&mut self, src: At, dst: At, len: usize, es: (usize, usize), dims: &[Dim], inverse: bool, scale: f64, post: Option<usize>) -> Option<()> {
        let mut dims = merge(dims);
        if dims.len() > 3 {
            return None;
        }
        // The side whose lines' elements are contiguous is read (written) element-fast; the
        // other side coalesces where level 0 is its neighbouring lines, so such a dimension
        // goes first (the four-step twiddle's level 0 is never moved: its pass has no
        // contiguous side).
        let neighbours = |dims: &[Dim], out: bool| dims.iter().position(|d| if out { d.so == 1 } else { d.si == 1 });
        if post.is_none() && !dims.is_empty() {
            let j = if es.0 == 1 && dims[0].so != 1 { neighbours(&dims, true) } else if es.1 == 1 && dims[0].si != 1 { neighbours(&dims, false) } else { None };
            if let Some(j) = j {
                let d = dims.remove(j);
                dims.insert(0, d);
            }
        }
        let d = |i: usize| dims.get(i).copied().unwrap_or(Dim { n: 1, si: 0, so: 0 });
        let lines: usize = dims.iter().map(|d| d.n).product();
        let (kernel, smax) = self.line_kernel(len);
        let per_group = (smax / len).clamp(1, lines.max(1));
        let mut flags = if inverse { LINE_INVERSE } else { 0 };
        // Element-fast where a line's elements are contiguous or lines are not neighbours;
        // else line-fast, so that neighbouring invocations touch neighbouring columns.
        if es.0 == 1 || d(0).si != 1 {
            flags |= LINE_LOAD_KFAST;
        }
        if es.1 == 1 || d(0).so != 1 {
            flags |= LINE_STORE_KFAST;
        }
        if scale != 1.0 {
            flags |= LINE_SCALE;
        }
        // Line-fast accesses of power-of-two lines would all hit one shared-memory bank:
        // each line's elements are rotated by its index in the workgroup.
        if per_group > 1 && len.is_power_of_two() && len >= 32 && flags & (LINE_LOAD_KFAST | LINE_STORE_KFAST) != (LINE_LOAD_KFAST | LINE_STORE_KFAST) {
            flags |= LINE_SWIZZLE;
        }
        let tw = self.table(Table::Twiddle(len));
        let mut push = LinePush {
            src: src.byte,
            dst: dst.byte,
            tw: tw.byte,
            len: fits(len)?,
            lines: fits(lines)?,
            per_group: per_group as u32,
            es_in: fits(es.0)?,
            es_out: fits(es.1)?,
            c0: fits(d(0).n)?,
            c1: fits(d(1).n)?,
            in_s: [fits(d(0).si)?, fits(d(1).si)?, fits(d(2).si)?],
            out_s: [fits(d(0).so)?, fits(d(1).so)?, fits(d(2).so)?],
            scale,
            ..Default::default()
        };
        let mut addrs = vec![(0, src.buf), (1, dst.buf), (2, Buf::Tables)];
        if let Some(n) = post {
            // The four-step twiddle w_N^(q k), q the line's index at level 0.
            let (split, lo, hi) = self.big_tables(n);
            (push.big_lo, push.big_hi, push.split) = (lo.byte, hi.byte, split);
            flags |= LINE_POST_TWIDDLE;
            addrs.extend([(3, Buf::Tables), (4, Buf::Tables)]);
        }
        push.flags = flags;
        let groups = grid(lines.div_ceil(per_group))?;
        let writes = vec![dst.buf];
        let reads = vec![src.buf, Buf::Tables];
        self.passes.push(Pass { kernel, double: self.double, push: Push::Line(push), addrs, groups, reads, writes });
        Some(())
    }

    /// An element-wise pass (`fft_copy`) over `c` elements; `half` picks the f16 module.
    pub fn copy(&mut self, src: [At; 2], dst: [At; 2], table: Option<Table>, mut push: CopyPush, half: bool) -> Option<()> {
        let total: usize = push.c.iter().map(|&c| c as usize).product();
        fits(total)?;
        let mut addrs = vec![(0, src[0].buf), (2, dst[0].buf)];
        let mut reads = vec![src[0].buf];
        let mut writes = vec![dst[0].buf];
        push.src = [src[0].byte, 0];
        push.dst = [dst[0].byte, 0];
        if push.src_fmt & 3 == FMT_PLANAR {
            push.src[1] = src[1].byte;
            addrs.push((1, src[1].buf));
            reads.push(src[1].buf);
        }
        if push.dst_fmt & 3 == FMT_PLANAR {
            push.dst[1] = dst[1].byte;
            addrs.push((3, dst[1].buf));
            writes.push(dst[1].buf);
        }
        if let Some(t) = table {
            push.table = self.table(t).byte;
            push.flags |= COPY_TABLE;
            addrs.push((4, Buf::Tables));
            reads.push(Buf::Tables);
        }
        let kernel = if half {
            &COPY_F16
        } else if self.double {
            &COPY_F64
        } else {
            &COPY_F32
        };
        let groups = grid(total.div_ceil(256).min(1 << 16))?;
        self.passes.push(Pass { kernel, double: self.double, push: Push::Copy(push), addrs, groups, reads, writes });
        Some(())
    }

    /// The FFT of length `n` along lines `dims` from `src` to `dst` (complex arrays of the
    /// work precision; they may be the same array); `scale` multiplies the result.
    #[allow(clippy::too_many_arguments)]
    pub fn axis(&mut self, src: At, dst: At, n: usize, es: (usize, usize), dims: &[Dim], inverse: bool, scale: f64) -> Option<()> {
        let dims = merge(dims);
        if dims.len() > 3 {
            return None;
        }
        if n == 1 && src == dst && scale == 1.0 {
            return Some(());
        }
        let lines: usize = dims.iter().map(|d| d.n).product();
        let mark = self.top;
        if n <= self.smax && crate::plan::largest_prime_factor(n) <= LARGEST_RADIX && !self.narrow_columns(n, es, &dims) {
            self.line(src, dst, n, es, &dims, inverse, scale, None)?;
        } else if self.direct_length(n) {
            // Four-step: N1 columns of length N2 (with twiddles) into the work buffer, then N2
            // rows of length N1 (recursively four-step again where N1 is still too long) into
            // place. N2 is kept to 128 bytes' worth of lines per workgroup, so that the strided
            // first pass reads and writes whole 128-byte segments of neighbouring columns.
            let n2 = (2..=four_step_columns(self.smax * self.cb / 128).min(self.smax).min(n - 1)).rev().find(|&d| n.is_multiple_of(d))?;
            let n1 = n / n2;
            let region = At { buf: Buf::Work, byte: self.alloc(n * lines * self.cb) };
            // The work array holds each line's N values contiguously, line after line.
            let mut stride = n;
            let work: Vec<usize> = dims.iter().map(|d| { let s = stride; stride *= d.n; s }).collect();
            let mut a = vec![Dim { n: n1, si: es.0, so: 1 }];
            a.extend(dims.iter().zip(&work).map(|(d, &w)| Dim { n: d.n, si: d.si, so: w }));
            self.line(src, region, n2, (es.0 * n1, n1), &a, inverse, 1.0, Some(n))?;
            let mut b = vec![Dim { n: n2, si: n1, so: es.1 }];
            b.extend(dims.iter().zip(&work).map(|(d, &w)| Dim { n: d.n, si: w, so: d.so }));
            self.axis(region, dst, n1, (1, es.1 * n2), &b, inverse, scale)?;
        } else {
            // Bluestein: x c (zero-padded to M) -> FFT -> times the chirp spectrum -> inverse
            // FFT -> times c. Inverse transforms conjugate on the way in and out.
            let m = (2 * n - 1).next_power_of_two();
            let region = At { buf: Buf::Work, byte: self.alloc(m * lines * self.cb) };
            let mut stride = m;
            let work: Vec<usize> = dims.iter().map(|d| { let s = stride; stride *= d.n; s }).collect();
            let pad = |v: &[usize], first: usize| -> Option<[u32; 4]> {
                let mut out = [first as u32, 1, 1, 1];
                for (i, &x) in v.iter().enumerate() {
                    out[i + 1] = fits(x)?;
                }
                Some(out)
            };
            let counts: Vec<usize> = dims.iter().map(|d| d.n).collect();
            let src_s: Vec<usize> = dims.iter().map(|d| d.si).collect();
            let dst_s: Vec<usize> = dims.iter().map(|d| d.so).collect();
            let pre = CopyPush {
                c: pad(&counts, m)?,
                s: pad(&src_s, es.0)?,
                d: pad(&work, 1)?,
                src_n0: fits(n)?,
                flags: if inverse { COPY_CONJ_IN } else { 0 },
                scale: 1.0,
                ..Default::default()
            };
            self.copy([src, src], [region, region], Some(Table::Chirp { n, m }), pre, false)?;
            let lines_m: Vec<Dim> = dims.iter().zip(&work).map(|(d, &w)| Dim { n: d.n, si: w, so: w }).collect();
            self.axis(region, region, m, (1, 1), &lines_m, false, 1.0)?;
            let mul = CopyPush { c: pad(&counts, m)?, s: pad(&work, 1)?, d: pad(&work, 1)?, src_n0: fits(m)?, scale: 1.0, ..Default::default() };
            self.copy([region, region], [region, region], Some(Table::ChirpSpectrum { n, m }), mul, false)?;
            self.axis(region, region, m, (1, 1), &lines_m, true, 1.0)?;
            let post = CopyPush {
                c: pad(&counts, n)?,
                s: pad(&work, 1)?,
                d: pad(&dst_s, es.1)?,
                src_n0: fits(n)?,
                flags: if inverse { COPY_CONJ_OUT } else { 0 },
                scale,
                ..Default::default()
            };
            self.copy([region, region], [dst, dst], Some(Table::Chirp { n, m }), post, false)?;
        }
        self.top = mark;
        Some(())
    }
}

/// The passes of a whole plan, the work bytes they need and their tables (not uploaded).
pub struct Passes {
    pub passes: Vec<Pass>,
    pub work_bytes: usize,
    pub tables: Tables,
}

/// Plans `core` as kernel passes; `None` where some part is out of the kernels' reach
/// (lengths past the four-step method's, indices past 32 bits, strides the line space
/// cannot express): that plan runs on the host.
pub fn build(core: &PlanCore) -> Option<Passes> {
    let double = core.precision == Precision::Double;
    let direct = matches!(core.transform, Transform::ComplexForward | Transform::ComplexInverse)
        && core.precision != Precision::Half
        && core.input.array == ArrayType::ComplexInterleaved
        && core.output.array == ArrayType::ComplexInterleaved
        && lines_disjoint(core);
    if direct && let Some(p) = build_direct(core, double) {
        return Some(p);
    }
    if core.transform == Transform::RealForward && core.precision != Precision::Half && let Some(p) = build_real_forward(core, double) {
        return Some(p);
    }
    if core.transform == Transform::RealInverse && core.precision != Precision::Half && let Some(p) = build_real_inverse(core, double) {
        return Some(p);
    }
    build_general(core, double)
}

/// Whether the transforms of the batch keep to their own elements (else passes working in
/// place on the output could see another transform's data).
fn lines_disjoint(core: &PlanCore) -> bool {
    let extent = |s: &crate::layout::Side| s.last_index().map(|l| l + 1);
    core.batch == 1
        || matches!((extent(&core.input), extent(&core.output)), (Some(i), Some(o)) if i <= core.input.distance && o <= core.output.distance)
}

fn finish(b: Builder) -> Option<Passes> {
    Some(Passes { passes: b.passes, work_bytes: b.peak, tables: b.tables })
}

fn build_direct(core: &PlanCore, double: bool) -> Option<Passes> {
    let mut b = Builder::new(double);
    let cb = b.cb;
    fits(core.in_spans[0] / cb)?;
    fits(core.out_spans[0] / cb)?;
    let input = At { buf: Buf::In(0), byte: (core.input.offsets[0] * cb) as u64 };
    let output = At { buf: Buf::Out(0), byte: (core.output.offsets[0] * cb) as u64 };
    let rank = core.lengths.len();
    let inverse = core.transform == Transform::ComplexInverse;
    for d in 0..rank {
        let first = d == 0;
        let (src, si) = if first { (input, &core.input) } else { (output, &core.output) };
        let so = &core.output;
        let mut dims: Vec<Dim> = (0..rank).filter(|&j| j != d).map(|j| Dim { n: core.lengths[j], si: si.strides[j], so: so.strides[j] }).collect();
        dims.push(Dim { n: core.batch, si: si.distance, so: so.distance });
        let scale = if d == rank - 1 { core.scale } else { 1.0 };
        b.axis(src, output, core.lengths[d], (si.strides[d], so.strides[d]), &dims, inverse, scale)?;
    }
    finish(b)
}

/// A real forward transform whose dimension 0 has even length N: each row's N reals read as
/// N/2 complex values (z[n] = x[2n] + i x[2n+1]), a complex FFT of length N/2 into the output,
/// then fft_real's separation of the even and odd samples' spectra there (or, for a lone 1D
/// transform, that separation folded into the FFT's last pass: `fuse_real_pairs`); 2D and 3D
/// transforms then run the other dimensions' FFTs over the N/2+1 hermitian columns in place.
/// Half the work of transforming the real data as complex, and no gather or scatter. Needs
/// contiguous real rows starting at even offsets (the complex view's alignment), rows evenly
/// spaced on both sides (dimension 1's stride for every row of every transform), and in place
/// each input row inside its own output row (rocFFT's padded layout).
fn build_real_forward(core: &PlanCore, double: bool) -> Option<Passes> {
    let (i, o, n) = (&core.input, &core.output, *core.lengths.first()?);
    let rank = core.lengths.len();
    let count = core.lengths[1..].iter().product::<usize>() * core.batch;
    // The rows' spacing on a side: dimension 1's stride where every further dimension and the
    // batch continue it evenly (anything for a single row).
    let row_step = |side: &crate::layout::Side| -> Option<usize> {
        if count == 1 {
            return Some(0);
        }
        let step = if rank > 1 { side.strides[1] } else { side.distance };
        let mut next = step;
        for d in 1..rank {
            if side.strides[d] != next {
                return None;
            }
            next *= core.lengths[d];
        }
        (core.batch == 1 || side.distance == next).then_some(step)
    };
    let (in_step, out_step) = (row_step(i)?, row_step(o)?);
    let contiguous = i.array == ArrayType::Real && i.strides.first() == Some(&1) && i.offsets[0].is_multiple_of(2) && in_step.is_multiple_of(2);
    // In place, each input row must lie inside its own output row (padded rows): a line then
    // reads only what it overwrites itself.
    let own_rows = !core.inplace || (i.offsets[0] == 2 * o.offsets[0] && in_step == 2 * out_step && o.strides.first() == Some(&1));
    if rank > 3 || !n.is_multiple_of(2) || n < 4 || !contiguous || !own_rows || o.array != ArrayType::HermitianInterleaved || !lines_disjoint(core) {
        return None;
    }
    let mut b = Builder::new(double);
    let cb = b.cb;
    fits(core.in_spans[0] / cb)?;
    fits(core.out_spans[0] / cb)?;
    let h = n / 2;
    let input = At { buf: Buf::In(0), byte: (i.offsets[0] * cb / 2) as u64 };
    let output = At { buf: Buf::Out(0), byte: (o.offsets[0] * cb) as u64 };
    let rows = [Dim { n: count, si: in_step / 2, so: out_step }];
    b.axis(input, output, h, (1, o.strides[0]), &rows, false, 1.0)?;
    if rank == 1 && fuse_real_pairs(&mut b, n, core.scale) {
        return finish(b);
    }
    let scale = if rank == 1 { core.scale } else { 1.0 };
    real_pass(&mut b, n, count, (output, o.strides[0], out_step), None, scale)?;
    // The other dimensions over the hermitian columns, in place on the output.
    let mut lens = core.lengths.clone();
    lens[0] = h + 1;
    for d in 1..rank {
        let mut dims: Vec<Dim> = (0..rank).filter(|&j| j != d).map(|j| Dim { n: lens[j], si: o.strides[j], so: o.strides[j] }).collect();
        dims.push(Dim { n: core.batch, si: o.distance, so: o.distance });
        let scale = if d == rank - 1 { core.scale } else { 1.0 };
        b.axis(output, output, lens[d], (o.strides[d], o.strides[d]), &dims, false, scale)?;
    }
    finish(b)
}

/// A 1D real inverse transform of even length N as fft_real's inverse step (the
/// half-spectrum into N/2 complex values Z in the work buffer) and an inverse complex FFT of
/// length N/2 from there into the output read as complex values (z[n] = x[2n] + i x[2n+1]):
/// half the FFT work of transforming the data as complex, and no gather or scatter. Needs
/// contiguous real output rows starting at even offsets (the complex view's alignment); the
/// whole input is read before the FFT writes, so in place works with any row layout.
fn build_real_inverse(core: &PlanCore, double: bool) -> Option<Passes> {
    let (i, o, n) = (&core.input, &core.output, *core.lengths.first()?);
    let contiguous = o.array == ArrayType::Real && o.strides.first() == Some(&1) && o.offsets[0].is_multiple_of(2) && (core.batch == 1 || o.distance.is_multiple_of(2));
    if core.lengths.len() != 1 || !n.is_multiple_of(2) || n < 4 || !contiguous || i.array != ArrayType::HermitianInterleaved || !lines_disjoint(core) {
        return None;
    }
    let mut b = Builder::new(double);
    let cb = b.cb;
    fits(core.in_spans[0] / cb)?;
    fits(core.out_spans[0] / cb)?;
    let h = n / 2;
    let input = At { buf: Buf::In(0), byte: (i.offsets[0] * cb) as u64 };
    let output = At { buf: Buf::Out(0), byte: (o.offsets[0] * cb / 2) as u64 };
    let z = At { buf: Buf::Work, byte: b.alloc(h.checked_mul(core.batch)? * cb) };
    real_pass(&mut b, n, core.batch, (input, i.strides[0], i.distance), Some((z, h)), 1.0)?;
    let dims = [Dim { n: core.batch, si: h, so: o.distance / 2 }];
    b.axis(z, output, h, (1, 1), &dims, true, core.scale)?;
    finish(b)
}

/// fft_real's pass over `count` transforms of N = `n` reals: `data` (where, element stride,
/// distance) holds the half-spectra; forward (`out` None) it is turned into the bins in place
/// and scaled, inverse it is read and the half-length arrays go to `out` (where, distance).
fn real_pass(b: &mut Builder, n: usize, count: usize, data: (At, usize, usize), out: Option<(At, usize)>, scale: f64) -> Option<()> {
    let (split, lo, hi) = b.big_tables(n);
    let pairs = n / 4 + 1;
    fits(pairs.checked_mul(count)?)?;
    let (at, es, dist) = data;
    let mut push = RealPush {
        data: at.byte,
        lo: lo.byte,
        hi: hi.byte,
        h: fits(n / 2)?,
        pairs: pairs as u32,
        batch: fits(count)?,
        es: fits(es)?,
        dist: fits(dist)?,
        split,
        scale,
        ..Default::default()
    };
    let mut addrs = vec![(0, at.buf), (1, Buf::Tables), (2, Buf::Tables)];
    let mut writes = at.buf;
    if let Some((to, to_dist)) = out {
        (push.out, push.out_dist, push.flags) = (to.byte, fits(to_dist)?, REAL_INVERSE);
        addrs.push((3, to.buf));
        writes = to.buf;
    }
    let groups = grid((pairs * count).div_ceil(256).min(1 << 16))?;
    let kernel = if b.double { &REAL_F64 } else { &REAL_F32 };
    b.passes.push(Pass { kernel, double: b.double, push: Push::Real(push), addrs, groups, reads: vec![at.buf, Buf::Tables], writes: vec![writes] });
    Some(())
}

/// Folds fft_real's pairing into the last line pass of a real forward transform's half-length
/// FFT (h = N/2 points, one transform, contiguous output), where that pass is a small fft_pow2
/// pass of S lines of L points whose line l holds Z[k·S + l] at element k (S even, two lines
/// or more per group): the pass then runs the fft_pow2_real module, whose groups take lines
/// in mirror pairs (l, S−l) and write the bins themselves, which saves fft_real's pass
/// (18% of a 2^24-point transform on an H200). Returns whether it did.
fn fuse_real_pairs(b: &mut Builder, n: usize, scale: f64) -> bool {
    let (split, lo, hi) = b.big_tables(n);
    let Some(last) = b.passes.last_mut() else { return false };
    let Push::Line(push) = &mut last.push else { return false };
    let small = std::ptr::eq(last.kernel, &POW2_F32) || std::ptr::eq(last.kernel, &POW2_F64);
    let (len, lines, per_group) = (push.len as usize, push.lines as usize, push.per_group as usize);
    let (c0, c1) = (push.c0.max(1) as usize, push.c1.max(1) as usize);
    // Line l's first output at l: level 0 contiguous, each further level's stride the count
    // of lines below it.
    let natural = push.out_s[0] == 1 && (lines <= c0 || push.out_s[1] as usize == c0) && (lines <= c0 * c1 || push.out_s[2] as usize == c0 * c1);
    let plain = push.flags & (LINE_POST_TWIDDLE | LINE_INVERSE | LINE_SCALE) == 0;
    if !small || !plain || !natural || per_group < 2 || lines < 2 || !lines.is_multiple_of(2) || len * lines != n / 2 || push.es_out as usize != lines || last.writes != [Buf::Out(0)] {
        return false;
    }
    let Some(groups) = grid((lines / 2 + 1).div_ceil(per_group / 2)) else { return false };
    last.kernel = if last.double { &POW2_REAL_F64 } else { &POW2_REAL_F32 };
    push.flags |= LINE_REAL_PAIRS;
    if scale != 1.0 {
        push.flags |= LINE_SCALE;
        push.scale = scale;
    }
    (push.big_lo, push.big_hi, push.split) = (lo.byte, hi.byte, split);
    last.addrs.extend([(3, Buf::Tables), (4, Buf::Tables)]);
    last.groups = groups;
    true
}

/// The storage format of a side for fft_copy.
fn format(array: ArrayType, precision: Precision) -> u32 {
    let kind = match array {
        ArrayType::ComplexInterleaved | ArrayType::HermitianInterleaved => FMT_INTERLEAVED,
        ArrayType::ComplexPlanar | ArrayType::HermitianPlanar => FMT_PLANAR,
        ArrayType::Real => FMT_REAL,
    };
    kind | if precision == Precision::Half { FMT_F16 } else { 0 }
}

/// A user side's buffers as fft_copy addresses them (offsets in bytes).
fn side_at(side: &crate::layout::Side, precision: Precision, input: bool) -> [At; 2] {
    let elem = side.element_bytes(precision);
    let buf = |i| if input { Buf::In(i) } else { Buf::Out(i) };
    [At { buf: buf(0), byte: (side.offsets[0] * elem) as u64 }, At { buf: buf(1), byte: (side.offsets[1] * elem) as u64 }]
}

fn build_general(core: &PlanCore, double: bool) -> Option<Passes> {
    let mut b = Builder::new(double);
    let cb = b.cb;
    let rank = core.lengths.len();
    let half = core.precision == Precision::Half;
    let mut n = [1usize; 3];
    n[..rank].copy_from_slice(&core.lengths);
    let points: usize = n.iter().product();
    fits(points.checked_mul(core.batch)?.checked_mul(2)?)?;
    for (i, s) in core.in_spans.iter().chain(&core.out_spans).enumerate() {
        let side = if i < 2 { &core.input } else { &core.output };
        fits(s / core.precision.real_bytes().min(side.element_bytes(core.precision)))?;
    }
    let w0 = At { buf: Buf::Work, byte: b.alloc(points * core.batch * cb) };
    let contiguous = [1, n[0], n[0] * n[1], points];
    let strides = |side: &crate::layout::Side| -> Option<[u32; 4]> {
        let mut s = [0u32; 4];
        for (s, &stride) in s.iter_mut().zip(&side.strides[..rank]) {
            *s = fits(stride)?;
        }
        s[3] = fits(side.distance)?;
        Some(s)
    };
    let counts = [n[0] as u32, n[1] as u32, n[2] as u32, fits(core.batch)?];
    let contiguous_u32 = contiguous.map(|x| x as u32);
    // Gather.
    let mut gather = CopyPush {
        c: counts,
        s: strides(&core.input)?,
        d: contiguous_u32,
        src_n0: n[0] as u32,
        src_fmt: format(core.input.array, core.precision),
        dst_fmt: FMT_INTERLEAVED,
        scale: 1.0,
        ..Default::default()
    };
    if core.transform == Transform::RealInverse {
        gather.src_n0 = (n[0] / 2 + 1) as u32;
        gather.flags = COPY_HERMITIAN | if rank >= 2 { COPY_REFLECT1 } else { 0 } | if rank >= 3 { COPY_REFLECT2 } else { 0 };
    }
    b.copy(side_at(&core.input, core.precision, true), [w0, w0], None, gather, half)?;
    // The FFT of every dimension, in place in the work array.
    let inverse = !core.transform.is_forward();
    for d in 0..rank {
        let inner: usize = n[..d].iter().product();
        let outer: usize = n[d + 1..].iter().product::<usize>() * core.batch;
        let dims = [Dim { n: inner, si: 1, so: 1 }, Dim { n: outer, si: inner * n[d], so: inner * n[d] }];
        b.axis(w0, w0, n[d], (inner, inner), &dims, inverse, 1.0)?;
    }
    // Scatter.
    let mut out_counts = counts;
    if core.transform == Transform::RealForward {
        out_counts[0] = (n[0] / 2 + 1) as u32;
    }
    let scatter = CopyPush {
        c: out_counts,
        s: contiguous_u32,
        d: strides(&core.output)?,
        src_n0: out_counts[0],
        src_fmt: FMT_INTERLEAVED,
        dst_fmt: format(core.output.array, core.precision),
        scale: core.scale,
        ..Default::default()
    };
    b.copy([w0, w0], side_at(&core.output, core.precision, false), None, scatter, half)?;
    finish(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_joins_even_steps_only() {
        let d = |n, si, so| Dim { n, si, so };
        assert_eq!(merge(&[d(4, 1, 1), d(1, 9, 9), d(3, 4, 4)]), vec![d(12, 1, 1)]);
        assert_eq!(merge(&[d(4, 1, 1), d(3, 4, 5)]), vec![d(4, 1, 1), d(3, 4, 5)]);
        assert_eq!(merge(&[d(1, 1, 1)]), vec![]);
    }
}
