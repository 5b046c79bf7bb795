//! One f16 GEMM launch on cooperative matrices (`shaders/gemm_f16_coopmat.glsl`): f16 A
//! and B, f32 sums, C and D f16 or f32, over a batch; the parameter block it and its host
//! twin read. The runtime runs the twin wherever the device lacks cooperative matrices or
//! 16-bit floats (and on the CPU backend).

use super::gemm_host::{self, Problem, Stored};
use super::spirv_kernel::{launch, spirv_kernel, u32_at, u64_at};
use crate::blas2::kern::Op;
use crate::hip::{oxrocm_host_ptr_fn, oxrocm_range, oxrocm_spirv_kernel};
use half::{bf16, f16};
use std::ffi::c_void;

const FLAG_TRANS_A: u32 = 1;
const FLAG_TRANS_B: u32 = 2;
const FLAG_PTR_ARRAY: u32 = 4;
const FLAG_BETA_ZERO: u32 = 8;
const FLAG_OUT_F32: u32 = 16;
/// bfloat16 data (the bf16 kernel; read by the host twin only).
const FLAG_BF16: u32 = 32;

/// One compiled tiling of the kernel (`shaders/gemm_f16_*.comp`): the whole tiles it
/// computes (it has no edge handling), and its module per transpose pair (NN, NT, TN, TT;
/// the same module four times where one reads the transposes from the flags).
pub struct Variant {
    pub name: &'static str,
    kernels: [&'static oxrocm_spirv_kernel; 4],
    pub bm: usize,
    pub bn: usize,
    pub bk: usize,
}

impl Variant {
    fn kernel(&self, trans_a: bool, trans_b: bool) -> &'static oxrocm_spirv_kernel {
        self.kernels[2 * trans_a as usize + trans_b as usize]
    }
}

// The default tiling (2 x 2 subgroups of 64 x 64, K 32), one module per transpose pair:
// fixing the transposes at compile time ran 25% faster on the H100 than reading them from
// the flags (hgemm 8192^3 NN 311 against 246 TFLOP/s, NT 343 against 268; NN 326 since with the
// K-contiguous tiles spread over the bank groups, see kline in the shader).
static F16: [oxrocm_spirv_kernel; 4] = [
    spirv_kernel!("gemm_f16_nn", host_twin),
    spirv_kernel!("gemm_f16_nt", host_twin),
    spirv_kernel!("gemm_f16_tn", host_twin),
    spirv_kernel!("gemm_f16_tt", host_twin),
];
static BF16_PAIRS: [oxrocm_spirv_kernel; 4] = [
    spirv_kernel!("gemm_bf16_nn", host_twin),
    spirv_kernel!("gemm_bf16_nt", host_twin),
    spirv_kernel!("gemm_bf16_tn", host_twin),
    spirv_kernel!("gemm_bf16_tt", host_twin),
];
// Alternatives for measurements, each one module reading the transposes from the flags
// (except peak: NN only and wrong results).
static FLAGS_W4: oxrocm_spirv_kernel = spirv_kernel!("gemm_f16_w4_128x128", host_twin);
static W8_256X128: oxrocm_spirv_kernel = spirv_kernel!("gemm_f16_w8_256x128", host_twin);
static CM2_K64: oxrocm_spirv_kernel = spirv_kernel!("gemm_f16_cm2_k64", host_twin);
static PEAK: oxrocm_spirv_kernel = spirv_kernel!("gemm_f16_peak", host_twin);

const fn per_pair(name: &'static str, k: &'static [oxrocm_spirv_kernel; 4]) -> Variant {
    Variant {
        name,
        kernels: [&k[0], &k[1], &k[2], &k[3]],
        bm: 128,
        bn: 128,
        bk: 32,
    }
}
const fn one(
    name: &'static str,
    k: &'static oxrocm_spirv_kernel,
    bm: usize,
    bn: usize,
    bk: usize,
) -> Variant {
    Variant {
        name,
        kernels: [k; 4],
        bm,
        bn,
        bk,
    }
}

/// The tilings, the default first. `OXROCM_ROCBLAS_F16_TILE=<name>` picks another
/// (benchmarking aid). H100, hgemm 8192^3 NN, TFLOP/s: w4_128x128 311, flags 246,
/// w8_256x128 176 (its flags form), cm2_k64 110, peak 626 (the products alone); more in
/// bench/results/h100-gemm-2026-11-23.txt.
pub static VARIANTS: [Variant; 5] = [
    per_pair("w4_128x128", &F16),
    one("flags", &FLAGS_W4, 128, 128, 32),
    one("w8_256x128", &W8_256X128, 256, 128, 32),
    // Workgroup-scope cooperative matrices (VK_NV_cooperative_matrix2), tiled by the driver:
    // an experiment (slower on the H100, see the shader).
    one("cm2_k64", &CM2_K64, 128, 128, 64),
    one("peak", &PEAK, 128, 128, 32),
];

/// The bf16 kernels: the default tiling with bfloat16 for every 16-bit float
/// (`shaders/gemm_bf16_*.comp`).
pub static BF16: Variant = per_pair("bf16_w4_128x128", &BF16_PAIRS);

/// The tiling f16 launches use.
pub fn variant() -> &'static Variant {
    static PICK: std::sync::OnceLock<&'static Variant> = std::sync::OnceLock::new();
    PICK.get_or_init(|| {
        let want = std::env::var("OXROCM_ROCBLAS_F16_TILE").unwrap_or_default();
        custom_tile(&want).unwrap_or_else(|| {
            VARIANTS
                .iter()
                .find(|v| v.name == want)
                .unwrap_or(&VARIANTS[0])
        })
    })
}

/// `custom:BMxBNxBK`: the per-pair modules launched for BM x BN tiles stepping BK, for
/// replacements of other tilings from `OXROCM_ROCBLAS_SPIRV_DIR` (see `spirv_dir`).
fn custom_tile(want: &str) -> Option<&'static Variant> {
    let dims: Vec<usize> = want
        .strip_prefix("custom:")?
        .split('x')
        .map(|d| d.parse().ok())
        .collect::<Option<_>>()?;
    let [bm, bn, bk] = dims[..] else { return None };
    (bm % 16 == 0 && bn % 16 == 0 && bk % 16 == 0 && bm * bn * bk > 0).then(|| {
        &*Box::leak(Box::new(Variant {
            name: "custom",
            bm,
            bn,
            bk,
            ..per_pair("custom", &F16)
        }))
    })
}

/// Where a batch's matrices are: strided from a base (element stride) or a pointer array.
#[derive(Clone, Copy, Debug)]
pub enum Mats {
    Strided(u64, i64),
    Array(u64),
}

/// A validated f16 GEMM the kernel takes (whole tiles, 16-byte aligned).
#[derive(Clone, Copy, Debug)]
pub struct GemmF16 {
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
    pub d: Mats,
    pub ldd: u32,
    pub alpha: f32,
    pub beta: f32,
    pub out_f32: bool,
    /// bfloat16 instead of f16 (A, B, and C and D unless `out_f32`).
    pub bf16: bool,
    pub batch: u32,
}

/// Parameter block offsets (std430 push constants of the shader).
const M_AT: usize = 64;
const ALPHA_AT: usize = 92;
const SIZE: usize = 104;

impl GemmF16 {
    /// Whether the kernel computes this shape: whole tiles, leading dimensions of 8
    /// elements, every matrix start (`bases`) 16-byte aligned.
    pub fn fits(
        bf16: bool,
        m: usize,
        n: usize,
        k: usize,
        lds: [usize; 4],
        bases: &[&[u64]],
    ) -> bool {
        let v = if bf16 { &BF16 } else { variant() };
        m % v.bm == 0
            && n % v.bn == 0
            && k % v.bk == 0
            && k > 0
            && lds.iter().all(|ld| ld % 8 == 0)
            && bases.iter().all(|b| b.iter().all(|a| a % 16 == 0))
    }

    fn flags(&self) -> u32 {
        let mut f = 0;
        if self.trans_a {
            f |= FLAG_TRANS_A;
        }
        if self.trans_b {
            f |= FLAG_TRANS_B;
        }
        if matches!(self.a, Mats::Array(_)) {
            f |= FLAG_PTR_ARRAY;
        }
        if self.beta == 0.0 {
            f |= FLAG_BETA_ZERO;
        }
        if self.out_f32 {
            f |= FLAG_OUT_F32;
        }
        if self.bf16 {
            f |= FLAG_BF16;
        }
        f
    }

    fn push(&self) -> Vec<u8> {
        let split = |m: Mats| match m {
            Mats::Strided(b, s) => (b, s as u64),
            Mats::Array(p) => (p, 0),
        };
        let mut p = Vec::with_capacity(SIZE);
        let all = [self.a, self.b, self.c, self.d];
        for m in all {
            p.extend_from_slice(&split(m).0.to_le_bytes());
        }
        for m in all {
            p.extend_from_slice(&split(m).1.to_le_bytes());
        }
        for v in [
            self.m, self.n, self.k, self.lda, self.ldb, self.ldc, self.ldd,
        ] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        p.extend_from_slice(&self.alpha.to_le_bytes());
        p.extend_from_slice(&self.beta.to_le_bytes());
        p.extend_from_slice(&self.flags().to_le_bytes());
        p
    }

    fn from_push(p: &[u8], batch: u32) -> GemmF16 {
        let flags = u32_at(p, ALPHA_AT + 8);
        let arrays = flags & FLAG_PTR_ARRAY != 0;
        let mats = |i: usize| {
            if arrays {
                Mats::Array(u64_at(p, 8 * i))
            } else {
                Mats::Strided(u64_at(p, 8 * i), u64_at(p, 32 + 8 * i) as i64)
            }
        };
        let f32_at = |o: usize| f32::from_le_bytes(p[o..o + 4].try_into().unwrap_or_default());
        GemmF16 {
            trans_a: flags & FLAG_TRANS_A != 0,
            trans_b: flags & FLAG_TRANS_B != 0,
            m: u32_at(p, M_AT),
            n: u32_at(p, M_AT + 4),
            k: u32_at(p, M_AT + 8),
            a: mats(0),
            lda: u32_at(p, M_AT + 12),
            b: mats(1),
            ldb: u32_at(p, M_AT + 16),
            c: mats(2),
            ldc: u32_at(p, M_AT + 20),
            d: mats(3),
            ldd: u32_at(p, M_AT + 24),
            alpha: f32_at(ALPHA_AT),
            beta: if flags & FLAG_BETA_ZERO != 0 {
                0.0
            } else {
                f32_at(ALPHA_AT + 4)
            },
            out_f32: flags & FLAG_OUT_F32 != 0,
            bf16: flags & FLAG_BF16 != 0,
            batch,
        }
    }

    fn out_bytes(&self) -> usize {
        if self.out_f32 { 4 } else { 2 }
    }

    /// Queues the GEMM; `bases`: each matrix's start per batch entry (A, B, C, D; C empty
    /// when beta is 0), to declare what it touches.
    pub fn launch(&self, stream: *mut c_void, bases: [&[u64]; 4]) -> i32 {
        let (m, n, k) = (self.m as usize, self.n as usize, self.k as usize);
        let (ra, ca) = if self.trans_a { (k, m) } else { (m, k) };
        let (rb, cb) = if self.trans_b { (n, k) } else { (k, n) };
        let spans = [
            gemm_host::span::<f16>(ra, ca, self.lda as usize, false),
            gemm_host::span::<f16>(rb, cb, self.ldb as usize, false),
            gemm_host::span::<u8>(m, n, self.ldc as usize, false) * self.out_bytes(),
            gemm_host::span::<u8>(m, n, self.ldd as usize, false) * self.out_bytes(),
        ];
        let (mut reads, mut writes) = (Vec::new(), Vec::new());
        // C computed in place (C = D) is only D's write range, which also brings it in: a
        // read range over the same memory would be a second host copy where backends stage.
        let in_place = bases[2] == bases[3] && self.ldc == self.ldd;
        for (i, (list, mats)) in bases
            .iter()
            .zip([self.a, self.b, self.c, self.d])
            .enumerate()
        {
            if i == 2 && in_place {
                continue;
            }
            for &addr in list.iter() {
                let r = oxrocm_range {
                    addr,
                    len: spans[i],
                };
                if i == 3 {
                    writes.push(r)
                } else {
                    reads.push(r)
                }
            }
            if let Mats::Array(p) = mats
                && !list.is_empty()
            {
                reads.push(oxrocm_range {
                    addr: p,
                    len: self.batch as usize * 8,
                });
            }
        }
        let push = self.push();
        let v = if self.bf16 { &BF16 } else { variant() };
        let groups = [self.m / v.bm as u32, self.n / v.bn as u32, self.batch];
        launch(
            stream,
            super::spirv_dir::module(v.kernel(self.trans_a, self.trans_b)),
            &push,
            groups,
            &reads,
            &writes,
        )
    }
}

/// The host twin: the same parameter block through the host GEMM (sums in f64).
unsafe extern "C" fn host_twin(
    push: *const c_void,
    size: usize,
    groups: *const u32,
    view: *const c_void,
    host_ptr: oxrocm_host_ptr_fn,
) -> i32 {
    let p = unsafe { std::slice::from_raw_parts(push as *const u8, size) };
    let g = GemmF16::from_push(p, unsafe { *groups.add(2) });
    let host = |addr: u64| unsafe { host_ptr(view, addr) };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let op = |t: bool| if t { Op::T } else { Op::N };
        let prob = Problem {
            op_a: op(g.trans_a),
            op_b: op(g.trans_b),
            m: g.m as usize,
            n: g.n as usize,
            k: g.k as usize,
            alpha: g.alpha as f64,
            beta: g.beta as f64,
        };
        for b in 0..g.batch as usize {
            let at = |m: Mats, bytes: usize| -> *mut u8 {
                let addr = match m {
                    Mats::Strided(base, stride) => {
                        base.wrapping_add_signed(stride * b as i64 * bytes as i64)
                    }
                    Mats::Array(arr) => unsafe {
                        (host(arr) as *const u64).add(b).read_unaligned()
                    },
                };
                host(addr) as *mut u8
            };
            let ob = g.out_bytes();
            let c = if g.beta == 0.0 {
                std::ptr::null_mut()
            } else {
                at(g.c, ob)
            };
            let d = at(g.d, ob);
            let (ldc, ldd) = (g.ldc as usize, g.ldd as usize);
            if g.bf16 {
                let a = Stored {
                    p: at(g.a, 2) as *const bf16,
                    ld: g.lda as usize,
                    packed: false,
                };
                let bm = Stored {
                    p: at(g.b, 2) as *const bf16,
                    ld: g.ldb as usize,
                    packed: false,
                };
                if g.out_f32 {
                    gemm_host::gemm::<bf16, f32>(
                        &prob,
                        a,
                        bm,
                        c as *const f32,
                        ldc,
                        d as *mut f32,
                        ldd,
                    );
                } else {
                    gemm_host::gemm::<bf16, bf16>(
                        &prob,
                        a,
                        bm,
                        c as *const bf16,
                        ldc,
                        d as *mut bf16,
                        ldd,
                    );
                }
            } else {
                let a = Stored {
                    p: at(g.a, 2) as *const f16,
                    ld: g.lda as usize,
                    packed: false,
                };
                let bm = Stored {
                    p: at(g.b, 2) as *const f16,
                    ld: g.ldb as usize,
                    packed: false,
                };
                if g.out_f32 {
                    gemm_host::gemm::<f16, f32>(
                        &prob,
                        a,
                        bm,
                        c as *const f32,
                        ldc,
                        d as *mut f32,
                        ldd,
                    );
                } else {
                    gemm_host::gemm::<f16, f16>(
                        &prob,
                        a,
                        bm,
                        c as *const f16,
                        ldc,
                        d as *mut f16,
                        ldd,
                    );
                }
            }
        }
    }));
    if r.is_ok() { 0 } else { 999 }
}
