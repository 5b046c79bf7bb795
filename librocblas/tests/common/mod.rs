//! Helpers the rocBLAS integration tests share: device memory through libamdhip64, a
//! handle, and deterministic test values.
#![allow(dead_code)]

use rocblas::handle::rocblas_create_handle;
use rocblas::hip;
use rocblas::types::rocblas_handle;
use std::ffi::c_void;
use std::ptr::null_mut;

/// rocBLAS's fill, diagonal and side values, as the C API takes them.
pub const UPPER: i32 = 121;
pub const LOWER: i32 = 122;
pub const NON_UNIT: i32 = 131;
pub const UNIT: i32 = 132;
pub const LEFT: i32 = 141;
pub const RIGHT: i32 = 142;

/// A device copy of `v`.
pub fn dev<U: Copy>(v: &[U]) -> *mut U {
    let mut d: *mut c_void = null_mut();
    assert_eq!(unsafe { hip::hipMalloc(&mut d, size_of_val(v).max(1)) }, 0);
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                d,
                v.as_ptr().cast(),
                size_of_val(v),
                hip::hipMemcpyHostToDevice,
            )
        },
        0
    );
    d.cast()
}

/// `n` values of device memory at `d`.
pub fn host<U: Copy + Default>(d: *const U, n: usize) -> Vec<U> {
    let mut v = vec![U::default(); n];
    assert_eq!(
        unsafe {
            hip::hipMemcpy(
                v.as_mut_ptr().cast(),
                d.cast(),
                n * size_of::<U>(),
                hip::hipMemcpyDeviceToHost,
            )
        },
        0
    );
    v
}

pub fn handle() -> rocblas_handle {
    let mut h = null_mut();
    assert_eq!(unsafe { rocblas_create_handle(&mut h) }, 0);
    h
}

/// Deterministic values in quarters (exact in every floating type), none of them zero.
pub fn vals(len: usize, seed: f64) -> Vec<f64> {
    (0..len)
        .map(|i| ((i as f64 * 0.37 + seed).sin() * 4.0).round() / 4.0 + 0.125)
        .collect()
}

/// Which path the library's SPIR-V kernels took: the private interface's report
/// (`oxrocm_kernel_launches` of include/oxrocm/oxrocm_private.h).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Launches {
    pub spirv: u64,
    pub host: u64,
    pub host_reason: u32,
    pub capability: u32,
    pub module_spirv: u32,
    pub device_spirv: u32,
    pub shared_bytes: u64,
    pub shared_limit: u64,
}

pub const HOST_REASON_CPU_BACKEND: u32 = 1;
pub const HOST_REASON_CAPABILITY: u32 = 3;
/// SPIR-V capability CooperativeMatrixKHR (SPIR-V spec, "Capability").
pub const CAP_COOPERATIVE_MATRIX_KHR: u32 = 6022;

unsafe extern "C" {
    fn oxrocm_private_v1_kernel_launches(name: *const std::ffi::c_char, out: *mut Launches) -> i32;
    fn oxrocm_private_v1_backend_name() -> *const std::ffi::c_char;
    fn hipDeviceSynchronize() -> i32;
    fn hipGetDevice(device: *mut i32) -> i32;
    fn hipDeviceGetName(name: *mut std::ffi::c_char, len: i32, device: i32) -> i32;
}

/// The committed modules of librocblas (`shaders/spv/<name>.spv`), by file name.
pub fn committed_modules() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders/spv");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".spv")
                .map(str::to_owned)
        })
        .collect();
    names.sort();
    assert!(
        names.iter().any(|n| n == "gemm_f32"),
        "no GEMM modules in {}",
        dir.display()
    );
    names
}

/// The runtime's count for module `name` ("gemm_f32": the kernel "rocblas gemm_f32"),
/// after every launch so far has finished.
pub fn launches(name: &str) -> Launches {
    assert_eq!(unsafe { hipDeviceSynchronize() }, 0);
    let c = std::ffi::CString::new(format!("rocblas {name}")).unwrap();
    let mut out = Launches::default();
    assert_eq!(
        unsafe { oxrocm_private_v1_kernel_launches(c.as_ptr(), &mut out) },
        0
    );
    out
}

/// Modules lavapipe (Mesa's CPU Vulkan driver, the CI device) cannot run, and why: the
/// runtime runs their host twins there. Every other committed module must run as SPIR-V on
/// it. The f32/f64 GEMMs declare 32,768 B of shared memory, exactly lavapipe's
/// maxComputeSharedMemorySize, so they fit. A change either way (a module that stops
/// fitting, or a driver that gains cooperative matrices) fails the tests until this list
/// says so.
pub const LAVAPIPE_HOST_TWINS: &[(&str, &str, u32)] = &[
    // f16 and bf16 GEMMs are built on cooperative matrices (VK_KHR_cooperative_matrix),
    // which lavapipe does not offer (Mesa 22.3 of CI). The test declares capability
    // CooperativeMatrixKHR first among those lavapipe lacks (bf16: BFloat16TypeKHR after it).
    (
        "gemm_f16_nn",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
    (
        "gemm_f16_nt",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
    (
        "gemm_f16_tn",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
    (
        "gemm_f16_tt",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
    (
        "gemm_bf16_nn",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
    (
        "gemm_bf16_nt",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
    (
        "gemm_bf16_tn",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
    (
        "gemm_bf16_tt",
        "no cooperative matrices (VK_KHR_cooperative_matrix)",
        CAP_COOPERATIVE_MATRIX_KHR,
    ),
];

/// The device the tests run on, as the path each module must take there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Device {
    /// The CPU backend: every kernel runs as its host twin.
    Cpu,
    /// lavapipe: exactly the modules of `LAVAPIPE_HOST_TWINS` run as host twins.
    Lavapipe,
    /// Another Vulkan device: host twins only for capabilities it lacks.
    OtherVulkan,
}

/// Whether the tests run on a Vulkan device (passes that only a GPU takes launch there).
pub fn on_vulkan() -> bool {
    device() != Device::Cpu
}

/// Set in a child process that `rerun_in_child` started.
const CHILD_ENV: &str = "OXROCM_TEST_CHILD";

/// Whether this process is a test's child (`rerun_in_child`).
pub fn in_child() -> bool {
    std::env::var_os(CHILD_ENV).is_some()
}

/// Runs test `name` of this binary again in a child process with `envs` set (settings the
/// libraries read once per process) and fails, with the child's output, if the child does.
pub fn rerun_in_child(name: &str, envs: &[(&str, &str)]) {
    let mut cmd = std::process::Command::new(std::env::current_exe().unwrap());
    cmd.args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, "1");
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "child failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn device() -> Device {
    let backend = unsafe { std::ffi::CStr::from_ptr(oxrocm_private_v1_backend_name()) }
        .to_str()
        .unwrap();
    if backend == "cpu" {
        return Device::Cpu;
    }
    assert_eq!(backend, "vulkan");
    let mut d = 0;
    assert_eq!(unsafe { hipGetDevice(&mut d) }, 0);
    let mut name = [0 as std::ffi::c_char; 256];
    assert_eq!(
        unsafe { hipDeviceGetName(name.as_mut_ptr(), name.len() as i32, d) },
        0
    );
    let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }.to_string_lossy();
    if name.starts_with("llvmpipe") {
        Device::Lavapipe
    } else {
        Device::OtherVulkan
    }
}

/// The launch counts of every committed module before a test's launches; `check` then
/// asserts which path each module the test used took. The counts are the process's, so
/// the tests of one binary that take these run one at a time (the guard): a module's count
/// goes up only for launches of the test that checks it.
pub struct KernelPaths {
    before: Vec<(String, Launches)>,
    _one_at_a_time: std::sync::MutexGuard<'static, ()>,
}

impl KernelPaths {
    pub fn start() -> KernelPaths {
        static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
        // A failed test poisons it on the way out; the next one still gets its turn.
        let guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        KernelPaths {
            before: committed_modules()
                .into_iter()
                .map(|m| {
                    let l = launches(&m);
                    (m, l)
                })
                .collect(),
            _one_at_a_time: guard,
        }
    }

    /// Asserts that each module of `used` was launched since `start` and took the path it
    /// must on this device: SPIR-V on a Vulkan device (lavapipe: except the listed modules,
    /// which must have run their host twin for the listed reason), the host twin on the
    /// CPU backend (everything is host code there; the SPIR-V path is checked on the Vulkan
    /// passes). No other committed module may have been launched.
    pub fn check(&self, used: &[&str]) {
        let dev = device();
        for u in used {
            assert!(
                self.before.iter().any(|(m, _)| m == u),
                "{u} is not a committed module"
            );
        }
        for (m, before) in &self.before {
            let now = launches(m);
            let (spirv, host) = (now.spirv - before.spirv, now.host - before.host);
            let listed = LAVAPIPE_HOST_TWINS.iter().find(|(n, ..)| n == m);
            let what = format!(
                "{m} on {dev:?}: {spirv} SPIR-V and {host} host-twin launches since the test started, now {now:?}"
            );
            if !used.contains(&m.as_str()) {
                // The test's list is complete. (The other tests of these binaries that launch
                // library kernels take a `KernelPaths` too, so none runs meanwhile.)
                assert_eq!(
                    (spirv, host),
                    (0, 0),
                    "{what}: launched, but not in the test's list"
                );
                continue;
            }
            match (dev, listed) {
                (Device::Cpu, _) => {
                    assert!(host > 0, "{what}: the test should have launched it");
                    assert_eq!(spirv, 0, "{what}: SPIR-V on the CPU backend");
                    assert_eq!(now.host_reason, HOST_REASON_CPU_BACKEND, "{what}");
                }
                (Device::Lavapipe, Some((_, why, cap))) => {
                    assert!(
                        host > 0 && spirv == 0,
                        "{what}: listed as running its host twin on lavapipe ({why}); if it now runs as SPIR-V, take it off LAVAPIPE_HOST_TWINS"
                    );
                    assert_eq!(
                        (now.host_reason, now.capability),
                        (HOST_REASON_CAPABILITY, *cap),
                        "{what}: not for the listed reason ({why})"
                    );
                }
                (Device::OtherVulkan, _) if host > 0 => {
                    assert_eq!(
                        now.host_reason, HOST_REASON_CAPABILITY,
                        "{what}: host twin for a reason other than a missing capability"
                    );
                    assert_eq!(spirv, 0, "{what}");
                    eprintln!(
                        "note: {m} runs its host twin on this device: it lacks SPIR-V capability {}",
                        now.capability
                    );
                }
                _ => {
                    assert!(spirv > 0, "{what}: did not run as SPIR-V");
                    assert_eq!(
                        host, 0,
                        "{what}: ran its host twin (reason code {})",
                        now.host_reason
                    );
                }
            }
        }
    }
}

unsafe extern "C" {
    fn oxrocm_private_v1_staged_bytes(out: *mut u64) -> i32;
    fn hipFree(p: *mut c_void) -> i32;
}

/// Bytes of device memory the runtime has staged to the host so far.
pub fn staged() -> u64 {
    let mut b = 0;
    assert_eq!(unsafe { oxrocm_private_v1_staged_bytes(&mut b) }, 0);
    b
}

pub fn free<U>(p: *mut U) {
    assert_eq!(unsafe { hipFree(p.cast()) }, 0);
}

/// Host (false) or device (true) pointer mode on `h`.
pub fn mode(h: rocblas_handle, device: bool) {
    use rocblas::types::{rocblas_pointer_mode_device, rocblas_pointer_mode_host};
    let m = if device {
        rocblas_pointer_mode_device
    } else {
        rocblas_pointer_mode_host
    };
    assert_eq!(
        unsafe { rocblas::handle::rocblas_set_pointer_mode(h, m) },
        0
    );
}

/// Device pointer array of `batch` entries at `base` + b * stride elements.
pub fn ptr_array<U>(base: *mut U, stride: usize, batch: usize) -> *mut *mut U {
    let ptrs: Vec<*mut U> = (0..batch)
        .map(|b| unsafe { base.add(b * stride) })
        .collect();
    dev(&ptrs)
}

/// A kernel test's frame: the kernel paths it takes, the staged bytes it must not add, a
/// handle.
pub struct Frame {
    paths: KernelPaths,
    staged: u64,
    pub h: rocblas_handle,
}

impl Frame {
    pub fn start() -> Frame {
        let paths = KernelPaths::start();
        Frame {
            paths,
            staged: staged(),
            h: handle(),
        }
    }
    /// Asserts `modules` took their path (`KernelPaths::check`) and nothing was staged.
    pub fn finish(self, modules: &[&str]) {
        self.paths.check(modules);
        assert_eq!(staged() - self.staged, 0, "device memory came to the host");
        assert_eq!(
            unsafe { rocblas::handle::rocblas_destroy_handle(self.h) },
            0
        );
    }
}
