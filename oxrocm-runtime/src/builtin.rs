//! Built-in kernels: SPIR-V compute shaders (GLSL in `shaders/`, compiled blobs in
//! `shaders/spv/`, see tools/build-shaders.sh) with a CPU implementation of the same
//! contract, so an op using one runs on every backend. Parameters travel as the shader's
//! push-constant block (std430: u64 device addresses and counts first).

use crate::error::Result;
use crate::ops::HostView;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// A kernel's host implementation: parameter block, workgroup grid, device memory view.
pub type CpuImpl = fn(push: &[u8], groups: [u32; 3], view: &dyn HostView) -> Result<()>;
/// The same, for kernels a library brings (private interface `launch_spirv`).
pub type ForeignImpl = Box<dyn Fn(&[u8], [u32; 3], &dyn HostView) -> Result<()> + Send + Sync>;

/// How a kernel runs where its SPIR-V cannot (the CPU backend, a failed pipeline).
pub enum CpuTwin {
    Native(CpuImpl),
    Foreign(ForeignImpl),
}

/// Why a launch of a kernel ran as its host twin rather than as SPIR-V.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostReason {
    /// The CPU backend: every kernel is host code there.
    CpuBackend,
    /// The module's SPIR-V version (header word) is newer than the device takes.
    SpirvVersion { module: u32, device: u32 },
    /// The module declares a gated capability (its SPIR-V number, the first missing one)
    /// the device was not opened with.
    Capability(u32),
    /// The module's Workgroup variables take more bytes than the device's
    /// `maxComputeSharedMemorySize`.
    SharedMemory { needed: u64, limit: u64 },
    /// The words are not a SPIR-V module.
    BadModule,
    /// The device could run the module, but building its pipeline or the dispatch failed.
    LaunchFailed,
}

/// How a kernel's launches ran, counted as each one finishes: as SPIR-V on a Vulkan device
/// or as the host twin (and why, for the latest such). Read through the private interface
/// (`oxrocm_private_v1_kernel_launches`), so library tests can assert which path ran.
pub struct Launches {
    spirv: AtomicU64,
    host: AtomicU64,
    last_host_reason: Mutex<Option<HostReason>>,
}

/// A snapshot of [`Launches`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaunchCounts {
    pub spirv: u64,
    pub host: u64,
    pub last_host_reason: Option<HostReason>,
}

impl Launches {
    pub const fn new() -> Launches {
        Launches { spirv: AtomicU64::new(0), host: AtomicU64::new(0), last_host_reason: Mutex::new(None) }
    }

    /// A dispatch of the module finished on a Vulkan device.
    pub fn ran_spirv(&self) {
        self.spirv.fetch_add(1, Ordering::Relaxed);
    }

    /// The host twin ran (or was started) in the module's place, for `why`.
    pub fn ran_host(&self, why: HostReason) {
        *self.last_host_reason.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
        self.host.fetch_add(1, Ordering::Relaxed);
    }

    pub fn counts(&self) -> LaunchCounts {
        LaunchCounts {
            spirv: self.spirv.load(Ordering::Relaxed),
            host: self.host.load(Ordering::Relaxed),
            last_host_reason: *self.last_host_reason.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }
}

impl Default for Launches {
    fn default() -> Self {
        Launches::new()
    }
}

/// A SPIR-V compute kernel with its host twin: the runtime's own (this module) or one a
/// library registered (leaked, it lives as long as the process).
pub struct Builtin {
    pub name: &'static str,
    pub spirv: &'static [u8],
    /// Workgroup size (x) the shader declares (informational for library kernels).
    pub local_size: u32,
    pub cpu: CpuTwin,
    /// Which path its launches took.
    pub launches: Launches,
}

impl Builtin {
    /// Runs the host twin in the kernel's place, counted with the reason.
    pub fn run_on_host(&self, why: HostReason, push: &[u8], groups: [u32; 3], view: &dyn HostView) -> Result<()> {
        self.launches.ran_host(why);
        match &self.cpu {
            CpuTwin::Native(f) => f(push, groups, view),
            CpuTwin::Foreign(f) => f(push, groups, view),
        }
    }

    /// Pipeline-cache key: the kernel's identity.
    pub fn key(&self) -> usize {
        self as *const Builtin as usize
    }
}

/// One launch: the kernel, its push-constant bytes and the workgroup grid.
#[derive(Clone)]
pub struct BuiltinLaunch {
    pub kernel: &'static Builtin,
    pub push: Vec<u8>,
    pub groups: [u32; 3],
}

impl BuiltinLaunch {
    pub fn total_groups(&self) -> u64 {
        self.groups.iter().map(|&g| g as u64).product()
    }
}

fn u64_at(p: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(p[o..o + 8].try_into().unwrap_or_default())
}
fn u32_at(p: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(p[o..o + 4].try_into().unwrap_or_default())
}

/// Host slice of `n` elements of `T` at device address `addr`.
unsafe fn slice<'a, T>(view: &dyn HostView, addr: u64, n: usize) -> &'a mut [T] {
    unsafe { std::slice::from_raw_parts_mut(view.host_ptr(addr) as *mut T, n) }
}

/// `fill`: { dst: u64, count: u64 (words), value: u32 }
pub static FILL: Builtin = Builtin {
    name: "fill",
    spirv: include_bytes!("../../shaders/spv/fill.spv"),
    local_size: 256,
    cpu: CpuTwin::Native(|p, _, v| {
        unsafe { slice::<u32>(v, u64_at(p, 0), u64_at(p, 8) as usize) }.fill(u32_at(p, 16));
        Ok(())
    }),
    launches: Launches::new(),
};

/// `copy`: { dst: u64, src: u64, count: u64 (words) }
pub static COPY: Builtin = Builtin {
    name: "copy",
    spirv: include_bytes!("../../shaders/spv/copy.spv"),
    local_size: 256,
    cpu: CpuTwin::Native(|p, _, v| {
        let n = u64_at(p, 16) as usize;
        let (dst, src) = (v.host_ptr(u64_at(p, 0)) as *mut u32, v.host_ptr(u64_at(p, 8)) as *const u32);
        unsafe { std::ptr::copy(src, dst, n) };
        Ok(())
    }),
    launches: Launches::new(),
};

/// `copy_vec4`: { dst: u64, src: u64, count: u64 (16-byte elements, 16-aligned addresses) }
pub static COPY_VEC4: Builtin = Builtin {
    name: "copy_vec4",
    spirv: include_bytes!("../../shaders/spv/copy_vec4.spv"),
    local_size: 256,
    cpu: CpuTwin::Native(|p, _, v| {
        let n = u64_at(p, 16) as usize * 16;
        let (dst, src) = (v.host_ptr(u64_at(p, 0)), v.host_ptr(u64_at(p, 8)) as *const u8);
        unsafe { std::ptr::copy(src, dst, n) };
        Ok(())
    }),
    launches: Launches::new(),
};

/// `axpy`: { x: u64, y: u64, n: u64, a: f32 } — y = a·x + y (fused multiply-add, as the shader).
pub static AXPY: Builtin = Builtin {
    name: "axpy",
    spirv: include_bytes!("../../shaders/spv/axpy.spv"),
    local_size: 256,
    cpu: CpuTwin::Native(|p, _, v| {
        let n = u64_at(p, 16) as usize;
        let a = f32::from_bits(u32_at(p, 24));
        let x = unsafe { slice::<f32>(v, u64_at(p, 0), n) }.to_vec();
        for (yi, xi) in unsafe { slice::<f32>(v, u64_at(p, 8), n) }.iter_mut().zip(x) {
            *yi = a.mul_add(xi, *yi);
        }
        Ok(())
    }),
    launches: Launches::new(),
};

/// `reduce_sum`: { src: u64, partial: u64, n: u64 } — partial[g] = sum of workgroup g's
/// grid-stride share (256 invocations per group); run again on the partials for the total.
pub static REDUCE_SUM: Builtin = Builtin {
    name: "reduce_sum",
    spirv: include_bytes!("../../shaders/spv/reduce_sum.spv"),
    local_size: 256,
    cpu: CpuTwin::Native(|p, groups, v| {
        let n = u64_at(p, 16) as usize;
        let src = unsafe { slice::<f32>(v, u64_at(p, 0), n) }.to_vec();
        let partial = unsafe { slice::<f32>(v, u64_at(p, 8), groups[0] as usize) };
        let stride = groups[0] as usize * 256;
        for (g, out) in partial.iter_mut().enumerate() {
            let mut lanes = [0f32; 256];
            for (t, lane) in lanes.iter_mut().enumerate() {
                let mut i = g * 256 + t;
                while i < n {
                    *lane += src[i];
                    i += stride;
                }
            }
            let mut s = 128;
            while s > 0 {
                for t in 0..s {
                    lanes[t] += lanes[t + s];
                }
                s >>= 1;
            }
            *out = lanes[0];
        }
        Ok(())
    }),
    launches: Launches::new(),
};

/// Push-constant bytes from little-endian fields.
pub fn push(fields: &[&[u8]]) -> Vec<u8> {
    fields.iter().flat_map(|f| f.iter().copied()).collect()
}

/// Every built-in kernel, by name (the private interface launches them by name).
pub static ALL: [&Builtin; 5] = [&FILL, &COPY, &COPY_VEC4, &AXPY, &REDUCE_SUM];

pub fn by_name(name: &str) -> Option<&'static Builtin> {
    ALL.iter().copied().find(|b| b.name == name)
}
