//! The private, versioned interface through which the other oxrocm libraries (rocBLAS,
//! rocFFT, MIOpen, RCCL, HSA) reach the one runtime in this library. Exported in ELF
//! version node `OXROCM_PRIVATE_1`; declared for C in `include/oxrocm/oxrocm_private.h`.
//! Changing a signature means a new `_v2` symbol, never an edit of a `_v1` one.

use crate::stream::stream;
use crate::types::hipStream_t;
use oxrocm_runtime::kernel::HostKernelFn;
use oxrocm_runtime::ops::{HostView, MemRange, Op, OpKind};
use oxrocm_runtime::{HipError, runtime};
use std::ffi::{c_char, c_void};
use std::sync::Arc;

/// Interface version reported by [`oxrocm_private_v1_version`].
pub const PRIVATE_VERSION: u32 = 1;

// The interface's types, shared with the libraries that call it (one definition).
pub use oxrocm_ffi::private::{oxrocm_compute_fn, oxrocm_host_ptr_fn, oxrocm_range, oxrocm_release_fn, oxrocm_spirv_host_fn, oxrocm_spirv_kernel};

struct UserData {
    user: usize,
    release: Option<oxrocm_release_fn>,
}

impl Drop for UserData {
    fn drop(&mut self) {
        if let Some(r) = self.release {
            unsafe { r(self.user as *mut c_void) }
        }
    }
}

/// The runtime's descriptor of each library kernel launched so far, by the address of the
/// library's (static) `oxrocm_spirv_kernel`.
static LIBRARY_KERNELS: std::sync::Mutex<Vec<(usize, &'static oxrocm_runtime::builtin::Builtin)>> = std::sync::Mutex::new(Vec::new());

/// The runtime's descriptor for each library kernel, by the address of the library's
/// (static) `oxrocm_spirv_kernel`: made once, it lives as long as the process.
fn library_kernel(k: &oxrocm_spirv_kernel) -> Result<&'static oxrocm_runtime::builtin::Builtin, HipError> {
    use oxrocm_runtime::builtin::{Builtin, CpuTwin};
    let key = k as *const oxrocm_spirv_kernel as usize;
    let mut known = LIBRARY_KERNELS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, b)) = known.iter().find(|(a, _)| *a == key) {
        return Ok(b);
    }
    let host = k.host.ok_or(HipError::INVALID_VALUE)?;
    if k.spirv.is_null() || k.spirv_size < 20 || k.spirv_size % 4 != 0 {
        return Err(HipError::INVALID_IMAGE);
    }
    // SAFETY: the interface requires the words to stay valid while the process runs.
    let spirv: &'static [u8] = unsafe { std::slice::from_raw_parts(k.spirv as *const u8, k.spirv_size) };
    if u32::from_le_bytes([spirv[0], spirv[1], spirv[2], spirv[3]]) != 0x0723_0203 {
        return Err(HipError::INVALID_IMAGE);
    }
    let name: &'static str = Box::leak(unsafe { crate::api::c_str(k.name) }.unwrap_or("library kernel").to_owned().into_boxed_str());
    let twin = move |push: &[u8], groups: [u32; 3], view: &dyn HostView| {
        let v: &dyn HostView = view;
        let rc = unsafe { host(push.as_ptr() as *const c_void, push.len(), groups.as_ptr(), &v as *const &dyn HostView as *const c_void, view_host_ptr) };
        if rc == 0 { Ok(()) } else { Err(HipError(rc)) }
    };
    let b: &'static Builtin = Box::leak(Box::new(Builtin { name, spirv, local_size: 0, cpu: CpuTwin::Foreign(Box::new(twin)), launches: Default::default() }));
    known.push((key, b));
    Ok(b)
}

/// Every kernel the runtime knows: its own built-ins and the library kernels launched so far.
fn known_kernels() -> Vec<&'static oxrocm_runtime::builtin::Builtin> {
    let mut all = oxrocm_runtime::builtin::ALL.to_vec();
    all.extend(LIBRARY_KERNELS.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|&(_, b)| b));
    all
}

unsafe extern "C" fn view_host_ptr(view: *const c_void, addr: u64) -> *mut c_void {
    let v = unsafe { &*(view as *const &dyn HostView) };
    v.host_ptr(addr) as *mut c_void
}

/// The declared read and write ranges, each inside an allocation the runtime knows.
fn checked_ranges(reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize) -> Result<(Vec<MemRange>, Vec<MemRange>), HipError> {
    let (reads, writes) = (ranges(reads, n_reads), ranges(writes, n_writes));
    for r in reads.iter().chain(&writes) {
        if r.len > 0 {
            runtime().memory.check_range(r.addr, r.len)?;
        }
    }
    Ok((reads, writes))
}

/// A kernel's parameter block, copied (the caller's memory is free after the call).
fn push_bytes(push: *const c_void, size: usize) -> Vec<u8> {
    if size == 0 { Vec::new() } else { unsafe { std::slice::from_raw_parts(push as *const u8, size) }.to_vec() }
}

fn ranges(p: *const oxrocm_range, n: usize) -> Vec<MemRange> {
    if p.is_null() {
        return Vec::new();
    }
    unsafe { std::slice::from_raw_parts(p, n) }.iter().map(|r| MemRange { addr: r.addr, len: r.len }).collect()
}

#[unsafe(no_mangle)]
pub extern "C" fn oxrocm_private_v1_version() -> u32 {
    PRIVATE_VERSION
}

/// `oxrocm_kernel_launches::host_reason`: why the latest host-twin launch of a kernel ran there.
pub const OXROCM_HOST_REASON_NONE: u32 = 0;
pub const OXROCM_HOST_REASON_CPU_BACKEND: u32 = 1;
pub const OXROCM_HOST_REASON_SPIRV_VERSION: u32 = 2;
pub const OXROCM_HOST_REASON_CAPABILITY: u32 = 3;
pub const OXROCM_HOST_REASON_SHARED_MEMORY: u32 = 4;
pub const OXROCM_HOST_REASON_BAD_MODULE: u32 = 5;
pub const OXROCM_HOST_REASON_LAUNCH_FAILED: u32 = 6;

/// Which path the finished launches of the kernels of one name took.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct oxrocm_kernel_launches {
    pub spirv: u64,
    pub host: u64,
    pub host_reason: u32,
    pub capability: u32,
    pub module_spirv: u32,
    pub device_spirv: u32,
    pub shared_bytes: u64,
    pub shared_limit: u64,
}

impl oxrocm_kernel_launches {
    fn add(&mut self, c: oxrocm_runtime::builtin::LaunchCounts) {
        use oxrocm_runtime::builtin::HostReason as R;
        self.spirv += c.spirv;
        self.host += c.host;
        let Some(why) = c.last_host_reason else { return };
        if self.host_reason != OXROCM_HOST_REASON_NONE {
            return;
        }
        self.host_reason = match why {
            R::CpuBackend => OXROCM_HOST_REASON_CPU_BACKEND,
            R::SpirvVersion { module, device } => {
                (self.module_spirv, self.device_spirv) = (module, device);
                OXROCM_HOST_REASON_SPIRV_VERSION
            }
            R::Capability(c) => {
                self.capability = c;
                OXROCM_HOST_REASON_CAPABILITY
            }
            R::SharedMemory { needed, limit } => {
                (self.shared_bytes, self.shared_limit) = (needed, limit);
                OXROCM_HOST_REASON_SHARED_MEMORY
            }
            R::BadModule => OXROCM_HOST_REASON_BAD_MODULE,
            R::LaunchFailed => OXROCM_HOST_REASON_LAUNCH_FAILED,
        };
    }
}

/// Name of the active backend ("cpu", "vulkan").
#[unsafe(no_mangle)]
pub extern "C" fn oxrocm_private_v1_backend_name() -> *const c_char {
    match runtime().backend_name() {
        "cpu" => c"cpu".as_ptr(),
        _ => c"vulkan".as_ptr(),
    }
}

hip_api! {
    /// Queues a host computation over declared device ranges on `s`, in stream order.
    fn oxrocm_private_v1_enqueue_compute(s: hipStream_t, f: Option<oxrocm_compute_fn>, user: *mut c_void,
                                         release: Option<oxrocm_release_fn>, reads: *const oxrocm_range, n_reads: usize,
                                         writes: *const oxrocm_range, n_writes: usize) {
        let data = Arc::new(UserData { user: user as usize, release });
        let Some(f) = f else { return Err(HipError::INVALID_VALUE) };
        let st = stream(s)?;
        let (reads, writes) = checked_ranges(reads, n_reads, writes, n_writes)?;
        let compute = Arc::new(move |view: &dyn HostView| {
            let v: &dyn HostView = view;
            let rc = unsafe { f(data.user as *mut c_void, &v as *const &dyn HostView as *const c_void, view_host_ptr) };
            if rc == 0 { Ok(()) } else { Err(HipError(rc)) }
        });
        runtime().enqueue(&st, Op { kind: OpKind::Compute(compute), reads, writes }).map(drop)
    }

    /// Launches built-in kernel `name` (SPIR-V on Vulkan, its CPU twin on the CPU backend)
    /// with `push` as its parameter block and `groups` workgroups, in stream order.
    fn oxrocm_private_v1_launch_builtin(s: hipStream_t, name: *const c_char, push: *const c_void, push_size: usize, groups: u32,
                                        reads: *const oxrocm_range, n_reads: usize, writes: *const oxrocm_range, n_writes: usize) {
        let kernel = oxrocm_runtime::builtin::by_name(crate::api::c_str(name)?).ok_or(HipError::INVALID_DEVICE_FUNCTION)?;
        if push_size > 128 || (push_size > 0 && push.is_null()) || groups == 0 {
            return Err(HipError::INVALID_VALUE);
        }
        let st = stream(s)?;
        let (reads, writes) = checked_ranges(reads, n_reads, writes, n_writes)?;
        let push = push_bytes(push, push_size);
        let launch = oxrocm_runtime::builtin::BuiltinLaunch { kernel, push, groups: [groups, 1, 1] };
        runtime().enqueue(&st, Op { kind: OpKind::Builtin(launch), reads, writes }).map(drop)
    }

    /// Launches a library's SPIR-V kernel (its host twin on the CPU backend, or where the
    /// Vulkan device cannot run it) with `push` as its parameter block over a grid of
    /// `groups[0] x groups[1] x groups[2]` workgroups, in stream order.
    fn oxrocm_private_v1_launch_spirv(s: hipStream_t, kernel: *const oxrocm_spirv_kernel, push: *const c_void, push_size: usize,
                                      groups: *const u32, reads: *const oxrocm_range, n_reads: usize,
                                      writes: *const oxrocm_range, n_writes: usize) {
        if kernel.is_null() || groups.is_null() || push_size > 128 || (push_size > 0 && push.is_null()) {
            return Err(HipError::INVALID_VALUE);
        }
        let grid = [*groups, *groups.add(1), *groups.add(2)];
        if grid.contains(&0) {
            return Err(HipError::INVALID_VALUE);
        }
        let kernel = library_kernel(&*kernel)?;
        let st = stream(s)?;
        let (reads, writes) = checked_ranges(reads, n_reads, writes, n_writes)?;
        let push = push_bytes(push, push_size);
        let launch = oxrocm_runtime::builtin::BuiltinLaunch { kernel, push, groups: grid };
        runtime().enqueue(&st, Op { kind: OpKind::Builtin(launch), reads, writes }).map(drop)
    }

    /// How the finished launches of every kernel named `name` ran (a built-in's name, or a
    /// library kernel's `oxrocm_spirv_kernel::name`): counts of SPIR-V dispatches and of
    /// host-twin runs, and why the latest host-twin run did. Zeros for a name not launched.
    fn oxrocm_private_v1_kernel_launches(name: *const c_char, out: *mut oxrocm_kernel_launches) {
        if out.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let name = crate::api::c_str(name)?;
        let mut sum = oxrocm_kernel_launches::default();
        for k in known_kernels().into_iter().filter(|k| k.name == name) {
            sum.add(k.launches.counts());
        }
        out.write(sum);
        Ok(())
    }

    /// Bytes of device memory that host fallbacks (host computations, host twins of
    /// kernels) have brought to the host on Vulkan devices since the process started:
    /// staged copies, or the declared ranges used through the mapping where the host maps
    /// device memory (lavapipe), each written range counted again for its way back. Always
    /// 0 on the CPU backend, where device memory is host memory.
    fn oxrocm_private_v1_staged_bytes(out: *mut u64) {
        if out.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        out.write(oxrocm_runtime::vulkan::STAGED_BYTES.load(std::sync::atomic::Ordering::Relaxed));
        Ok(())
    }

    /// Calls the device function at `function` (an address in a loaded code object, as a
    /// client's `__device__` function pointer holds it) once per lane for `n_lanes` lanes,
    /// now, on the calling thread (a library's host computation, in stream order): lane
    /// i's `arg_words` 32-bit argument words from `args` go to v0, v1, ..., its
    /// `result_words` result words come back from v0, v1, ... into `results`
    /// (`oxrocm_gcn_exec::call`). `n_lanes == 0` only checks that the function can be
    /// called. CPU backend only (hipErrorNotSupported elsewhere).
    fn oxrocm_private_v1_call_device_function(function: u64, n_lanes: usize, args: *const u32, arg_words: u32,
                                              results: *mut u32, result_words: u32) {
        if n_lanes == 0 {
            return oxrocm_runtime::gcn_call::check(function);
        }
        let (arg_words, result_words) = (arg_words as usize, result_words as usize);
        let n_args = n_lanes.checked_mul(arg_words).ok_or(HipError::INVALID_VALUE)?;
        let n_results = n_lanes.checked_mul(result_words).ok_or(HipError::INVALID_VALUE)?;
        if (n_args > 0 && args.is_null()) || (n_results > 0 && results.is_null()) {
            return Err(HipError::INVALID_VALUE);
        }
        let args: &[u32] = if n_args == 0 { &[] } else { std::slice::from_raw_parts(args, n_args) };
        let results: &mut [u32] = if n_results == 0 { &mut [] } else { std::slice::from_raw_parts_mut(results, n_results) };
        oxrocm_runtime::gcn_call::call_function(function, n_lanes, args, arg_words, results, result_words)
    }

    /// Registers a host implementation for the kernel handle `handle` (as passed to
    /// `hipLaunchKernel`), with the byte size of each argument.
    fn oxrocm_private_v1_register_host_kernel(handle: *const c_void, name: *const c_char, f: Option<HostKernelFn>,
                                              arg_sizes: *const usize, n_args: usize) {
        let Some(f) = f else { return Err(HipError::INVALID_VALUE) };
        if handle.is_null() || (n_args > 0 && arg_sizes.is_null()) {
            return Err(HipError::INVALID_VALUE);
        }
        let name = crate::api::c_str(name)?;
        let sizes = if n_args == 0 { Vec::new() } else { std::slice::from_raw_parts(arg_sizes, n_args).to_vec() };
        runtime().register_host_kernel(handle as usize, name, f, sizes);
        Ok(())
    }
}
