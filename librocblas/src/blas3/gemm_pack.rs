//! Operand repacking for the GEMM kernels. On the H100 both kernel families run fastest
//! with A stored M-contiguous and B stored N-contiguous, the layout of the transposes
//! (N, T): 8192^3 sgemm NT 40.9 TFLOP/s against NN 38.7, TN 35.4, TT 29.0; hgemm NT 345
//! against NN 325, TN 307, TT 326 (bench/results/h100-gemm-2026-11-24.txt). A large GEMM
//! therefore first transposes an operand stored the other way (A transposed, B not) into
//! stream-ordered scratch memory (`shaders/transpose.glsl`) and runs the (N, T) kernel on
//! the copy. The copy is one pass over the operand, whose elements are 2 m (B) or 2 n (A)
//! times fewer than the GEMM's flops, so it pays only above the sizes below.
//!
//! `OXROCM_ROCBLAS_GEMM_PACK=auto|always|never`: `auto` (default) repacks on Vulkan devices
//! above the sizes; `always` repacks every kernel GEMM, also on the CPU backend, where the
//! host twins would take any layout (a testing aid); `never` keeps every operand in place.

use super::gemm::Args;
use super::gemm_host::span;
use super::spirv_kernel::{launch, spirv_kernel, u32_at, u64_at};
use crate::blas1::exec::Src;
use crate::handle::{Ctx, with_handle};
use crate::hip::{self, oxrocm_host_ptr_fn, oxrocm_range, oxrocm_spirv_kernel};
use crate::types::{hipEvent_t, hipStream_t, rocblas_handle};
use std::ffi::c_void;
use std::sync::OnceLock;

/// From which sizes repacking pays: the product's other dimension (m for B, n for A) and
/// k. f32: the transpose of B costs about 55 / m of an 8192^3-class GEMM's time on the
/// H100 (1.4% at m = 4096) against NN's 5% loss; A's layouts lose 15-40%. 16-bit: about 230 / m
/// against 5-12% (the tensor-core products are 8x faster, the copy only 2x).
pub struct Thresholds {
    pub other: usize,
    pub k: usize,
}
pub const F32: Thresholds = Thresholds {
    other: 2048,
    k: 256,
};
pub const F16: Thresholds = Thresholds {
    other: 8192,
    k: 256,
};
/// Complex: a copy of B costs about 28 / m of a c32 GEMM's time on the H100 (four real
/// products per element), against the complex kernel's 20-30% loss for an operand stored
/// along K (cgemm 4096: NT 35.3 TFLOP/s, NN 28.0, CN 24.3; bench/results/
/// h100-blas1-blas3-2026-12-07-session6.txt).
pub const CPLX: Thresholds = Thresholds { other: 512, k: 128 };

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Auto,
    Always,
    Never,
}

fn mode() -> Mode {
    static MODE: OnceLock<Mode> = OnceLock::new();
    *MODE.get_or_init(
        || match std::env::var("OXROCM_ROCBLAS_GEMM_PACK").as_deref() {
            Ok("always") => Mode::Always,
            Ok("never") | Ok("0") => Mode::Never,
            _ => Mode::Auto,
        },
    )
}

/// Whether this process's devices run the SPIR-V kernels (the CPU backend runs their host
/// twins, which read any layout at the same speed).
pub(crate) fn kernels_on_gpu() -> bool {
    static GPU: OnceLock<bool> = OnceLock::new();
    *GPU.get_or_init(|| {
        let name = unsafe { hip::oxrocm_private_v1_backend_name() };
        !name.is_null() && unsafe { std::ffi::CStr::from_ptr(name) }.to_bytes() == b"vulkan"
    })
}

fn capturing(stream: *mut c_void) -> bool {
    let mut status = 0;
    unsafe { hip::hipStreamIsCapturing(stream, &mut status) == 0 && status != 0 }
}

/// An operand's copy in scratch memory, with its leading dimension.
pub struct Repacked {
    /// Strided, or a pointer array (also in scratch) where the call's matrices came as one:
    /// the kernels read every matrix of a batch in one form.
    pub src: Src,
    pub ld: u32,
    /// Each batch entry's start.
    pub bases: Vec<u64>,
}

/// Whether transposing an operand pays for a product whose other dimension is `other`
/// over inner dimension `k` (`OXROCM_ROCBLAS_GEMM_PACK` decides first).
pub fn pays(other: usize, k: usize, t: &Thresholds) -> bool {
    match mode() {
        Mode::Never => false,
        Mode::Always => true,
        Mode::Auto => kernels_on_gpu() && other >= t.other && k >= t.k,
    }
}

/// An operand as stored: rows x cols per batch entry (`bases`: each entry's start) with
/// leading dimension `ld`.
#[derive(Clone)]
pub struct Stored<'a> {
    pub src: Src,
    pub bases: &'a [u64],
    pub rows: usize,
    pub cols: usize,
    pub ld: usize,
}

/// Largest scratch a handle keeps between calls; a GEMM needing more allocates its own
/// for the call.
const KEEP_MAX: usize = 1 << 30;

/// Where one GEMM's repacked operands go: the handle's scratch, which it keeps between
/// calls (`Handle::gemm_scratch`, freed with the handle: a fresh device allocation per call
/// cost about 2 ms for 256 MiB on the H100, more than the copy), or, beyond `KEEP_MAX`, a
/// block of its own, freed in stream order when this is dropped (after the GEMM that reads
/// it was queued).
pub struct Scratch {
    handle: rocblas_handle,
    stream: hipStream_t,
    own: Option<*mut c_void>,
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(p) = self.own {
            unsafe { hip::hipFreeAsync(p, self.stream) };
        }
    }
}

/// The layout of one operand's copy: cols x rows with ld = cols rounded up to 8 elements
/// (the kernels' wide loads), `stride` elements per batch entry, and where the call passed
/// pointer arrays, the copy's pointer array after the data (`array_at` bytes in).
struct Plan {
    ld: usize,
    stride: usize,
    array_at: usize,
    bytes: usize,
}

impl Plan {
    fn new(
        elem: usize,
        src: Src,
        rows: usize,
        cols: usize,
        ld: usize,
        batch: usize,
    ) -> Option<Plan> {
        let ldd = cols.next_multiple_of(8);
        // Grid limits of Vulkan's y and z dimensions; 32-bit sizes in the parameter block.
        if cols.div_ceil(32) > 65535
            || batch > 65535
            || batch == 0
            || [rows, ldd, ld].iter().any(|&v| v > u32::MAX as usize)
        {
            return None;
        }
        let stride = ldd.checked_mul(rows)?;
        let array_at = stride
            .checked_mul(batch)?
            .checked_mul(elem)?
            .next_multiple_of(256);
        let bytes = if matches!(src, Src::Array(_)) {
            array_at + 8 * batch
        } else {
            array_at
        };
        Some(Plan {
            ld: ldd,
            stride,
            array_at,
            bytes: bytes.next_multiple_of(256),
        })
    }
}

impl Scratch {
    pub fn new(c: &Ctx) -> Scratch {
        Scratch {
            handle: c.handle,
            stream: c.stream,
            own: None,
        }
    }

    /// A and B of a validated GEMM (`bases`: each batch entry's start, empty where the
    /// operand is not read) brought into the (N, T) layout where that pays: `[A, B]`, each
    /// `None` where the kernel reads the operand in place (already in that layout, too
    /// small to pay, or no scratch memory).
    pub fn repack_nt(
        &mut self,
        x: &Args,
        bases: [&[u64]; 2],
        elem: usize,
        t: &Thresholds,
    ) -> [Option<Repacked>; 2] {
        let (m, n, k, batch) = (x.m as usize, x.n as usize, x.k as usize, x.batch as usize);
        // Stored shapes: A transposed is k x m, B untransposed k x n.
        let a = (x.trans_a != 111 && !bases[0].is_empty() && pays(n, k, t)).then_some(Stored {
            src: x.a,
            bases: bases[0],
            rows: k,
            cols: m,
            ld: x.lda as usize,
        });
        let b = (x.trans_b == 111 && !bases[1].is_empty() && pays(m, k, t)).then_some(Stored {
            src: x.b,
            bases: bases[1],
            rows: k,
            cols: n,
            ld: x.ldb as usize,
        });
        let wanted: Vec<Stored> = a.iter().chain(b.iter()).cloned().collect();
        let mut copies = match self.transposed(elem, batch, &wanted) {
            Some(c) => c.into_iter(),
            None => return [None, None],
        };
        [a.and_then(|_| copies.next()), b.and_then(|_| copies.next())]
    }

    /// Transposed copies (cols x rows, leading dimension cols rounded up to 8 elements) of
    /// `ops`, in one block of scratch, queued on the stream; `None` where none could be
    /// (nothing asked, a capture running, no scratch memory, sizes beyond the kernel's grid
    /// or an element size it has no transpose for).
    pub fn transposed(
        &mut self,
        elem: usize,
        batch: usize,
        ops: &[Stored],
    ) -> Option<Vec<Repacked>> {
        if ops.is_empty() || capturing(self.stream) {
            return None;
        }
        let plans: Vec<Plan> = ops
            .iter()
            .map(|o| Plan::new(elem, o.src, o.rows, o.cols, o.ld, batch))
            .collect::<Option<_>>()?;
        let total = plans.iter().map(|p| p.bytes).sum();
        let mut at = self.memory(total)?;
        let mut out = Vec::with_capacity(ops.len());
        for (o, plan) in ops.iter().zip(&plans) {
            out.push(self.transpose(elem, plan, at, o.src, o.bases, o.rows, o.cols, o.ld, batch)?);
            at += plan.bytes as u64;
        }
        Some(out)
    }

    /// `bytes` of scratch usable by work queued on the stream from now on.
    pub(crate) fn memory(&mut self, bytes: usize) -> Option<u64> {
        let stream = self.stream;
        if bytes > KEEP_MAX {
            let mut p: *mut c_void = std::ptr::null_mut();
            if unsafe { hip::hipMallocAsync(&mut p, bytes, stream) } != 0 || p.is_null() {
                return None;
            }
            self.own = Some(p);
            return Some(p as u64);
        }
        with_handle(self.handle, |h| {
            if let Some((p, size, last)) = h.gemm_scratch
                && size >= bytes
            {
                // Work of another stream may still read it: this stream waits for that.
                if last != stream && !follow(last, stream) {
                    return None;
                }
                h.gemm_scratch = Some((p, size, stream));
                return Some(p as u64);
            }
            if let Some((p, _, last)) = h.gemm_scratch.take() {
                unsafe { hip::hipFreeAsync(p, last) };
            }
            let mut p: *mut c_void = std::ptr::null_mut();
            if unsafe { hip::hipMallocAsync(&mut p, bytes, stream) } != 0 || p.is_null() {
                return None;
            }
            h.gemm_scratch = Some((p, bytes, stream));
            Some(p as u64)
        })
        .ok()
        .flatten()
    }

    /// Queues the transpose of `src`'s rows x cols matrices (leading dimension ld) into
    /// scratch at `dst`, laid out by `plan`; `None` where it could not be queued.
    #[allow(clippy::too_many_arguments)]
    fn transpose(
        &self,
        elem: usize,
        plan: &Plan,
        dst: u64,
        src: Src,
        bases: &[u64],
        rows: usize,
        cols: usize,
        ld: usize,
        batch: usize,
    ) -> Option<Repacked> {
        let kernel = match elem {
            2 => &TRANSPOSE_16,
            4 => &TRANSPOSE_32,
            8 => &TRANSPOSE_64,
            16 => &TRANSPOSE_128,
            _ => return None,
        };
        let (src_base, src_stride, flags, dst_ptrs) = match src {
            Src::Strided(base, stride) => (base, stride as u64, 0u32, 0u64),
            Src::Array(p) => (p, 0, FLAG_PTR_ARRAY, dst + plan.array_at as u64),
            // Shifted pointer arrays never reach the kernels (`gemm::kernel_sized`).
            Src::ArrayAt(..) => return None,
        };
        let mut push = Vec::with_capacity(PUSH_SIZE);
        for v in [src_base, dst, src_stride, plan.stride as u64, dst_ptrs] {
            push.extend_from_slice(&v.to_le_bytes());
        }
        for v in [rows as u32, cols as u32, ld as u32, plan.ld as u32, flags] {
            push.extend_from_slice(&v.to_le_bytes());
        }
        let len = span::<u8>(rows, cols, ld, false) * elem;
        let mut reads: Vec<oxrocm_range> = bases
            .iter()
            .map(|&addr| oxrocm_range { addr, len })
            .collect();
        if let Src::Array(p) = src {
            reads.push(oxrocm_range {
                addr: p,
                len: batch * 8,
            });
        }
        let writes = [oxrocm_range {
            addr: dst,
            len: plan.bytes,
        }];
        let groups = [
            rows.div_ceil(32) as u32,
            cols.div_ceil(32) as u32,
            batch as u32,
        ];
        let rc = launch(self.stream, kernel, &push, groups, &reads, &writes);
        (rc == 0).then(|| Repacked {
            src: if dst_ptrs != 0 {
                Src::Array(dst_ptrs)
            } else {
                Src::Strided(dst, plan.stride as i64)
            },
            ld: plan.ld as u32,
            bases: (0..batch)
                .map(|b| dst + (b * plan.stride * elem) as u64)
                .collect(),
        })
    }
}

/// Makes work queued on `next` from now on wait for what `prev` has queued so far.
fn follow(prev: hipStream_t, next: hipStream_t) -> bool {
    let mut ev: hipEvent_t = std::ptr::null_mut();
    unsafe {
        if hip::hipEventCreateWithFlags(&mut ev, HIP_EVENT_DISABLE_TIMING) != 0 {
            return false;
        }
        let ok = hip::hipEventRecord(ev, prev) == 0 && hip::hipStreamWaitEvent(next, ev, 0) == 0;
        hip::hipEventDestroy(ev);
        ok
    }
}
const HIP_EVENT_DISABLE_TIMING: u32 = 2;

static TRANSPOSE_16: oxrocm_spirv_kernel = spirv_kernel!("transpose_16", transpose_twin::<2>);
static TRANSPOSE_32: oxrocm_spirv_kernel = spirv_kernel!("transpose_32", transpose_twin::<4>);
static TRANSPOSE_64: oxrocm_spirv_kernel = spirv_kernel!("transpose_64", transpose_twin::<8>);
static TRANSPOSE_128: oxrocm_spirv_kernel = spirv_kernel!("transpose_128", transpose_twin::<16>);

const FLAG_PTR_ARRAY: u32 = 1;
/// The shader's parameter block: five u64 (src, dst, their strides, dst_ptrs), five u32.
const PUSH_SIZE: usize = 60;

/// The transpose's host twin for elements of `E` bytes: the same parameter block, element
/// by element.
unsafe extern "C" fn transpose_twin<const E: usize>(
    push: *const c_void,
    size: usize,
    groups: *const u32,
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    if size < PUSH_SIZE {
        return 1; // hipErrorInvalidValue
    }
    let p = unsafe { std::slice::from_raw_parts(push as *const u8, size) };
    let batch = unsafe { *groups.add(2) } as usize;
    let [src, dst, src_stride, dst_stride, dst_ptrs] = [0, 8, 16, 24, 32].map(|o| u64_at(p, o));
    let [rows, cols, lds, ldd, flags] = [40, 44, 48, 52, 56].map(|o| u32_at(p, o) as usize);
    let host = |addr: u64| unsafe { host_ptr(view, addr) as *mut u8 };
    for b in 0..batch {
        let s = if flags as u32 & FLAG_PTR_ARRAY != 0 {
            unsafe { (host(src) as *const u64).add(b).read_unaligned() }
        } else {
            src + (b * E) as u64 * src_stride
        };
        let start = dst + (b * E) as u64 * dst_stride;
        if dst_ptrs != 0 {
            unsafe { (host(dst_ptrs) as *mut u64).add(b).write_unaligned(start) };
        }
        let (s, d) = (host(s) as *const u8, host(start));
        for c in 0..cols {
            for r in 0..rows {
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        s.add((r + c * lds) * E),
                        d.add((c + r * ldd) * E),
                        E,
                    )
                };
            }
        }
    }
    0
}
