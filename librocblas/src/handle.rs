//! `rocblas_handle`: creation, stream, modes, and device-memory bookkeeping.

use crate::hip;
use crate::types::*;
use std::collections::HashSet;
use std::ffi::c_void;
use std::sync::Mutex;

/// rocBLAS's default per-handle device workspace (bookkeeping only: nothing is allocated yet).
pub const DEFAULT_DEVICE_MEMORY_SIZE: usize = 32 << 20;

#[derive(Debug)]
pub struct Handle {
    pub device: i32,
    pub stream: hipStream_t,
    pub pointer_mode: rocblas_pointer_mode,
    pub atomics_mode: rocblas_atomics_mode,
    pub performance_metric: rocblas_performance_metric,
    pub int8_type: rocblas_int8_type_for_hipblas,
    pub start_event: hipEvent_t,
    pub stop_event: hipEvent_t,
    pub solution_fitness_query: *mut f64,
    /// Device memory size the handle manages (0 = rocBLAS's default).
    pub device_memory_size: usize,
    pub user_managed_memory: bool,
    pub workspace: (*mut c_void, usize),
    /// `Some(size so far)` between start/stop_device_memory_size_query.
    pub size_query: Option<usize>,
    /// ROCBLAS_LAYER's logs, set up when the handle is created.
    pub logs: crate::logging::Logs,
    /// rocBLAS 4.x's `rocblas_math_mode` (0 default, 1 xf32: f32 GEMM may use reduced-
    /// precision tensor ops, which oxrocm never does; the mode is kept and reported).
    pub math_mode: i32,
    /// Device memory the GEMM operand repacking keeps between calls (`blas3::gemm_pack`):
    /// start, size, and the stream whose work last used it. Freed with the handle.
    pub gemm_scratch: Option<(*mut c_void, usize, hipStream_t)>,
    /// rocBLAS 4.x/5.x: rocSOLVER's per-handle data (`rocblas_internal_set_data_ptr`), a
    /// `std::shared_ptr<void>` reference released with the handle.
    pub data_ptr: crate::internal::abi4::handle::SharedPtr,
}

/// Addresses of the live handles we handed out.
static LIVE: Mutex<Option<HashSet<usize>>> = Mutex::new(None);

fn live() -> std::sync::MutexGuard<'static, Option<HashSet<usize>>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on the handle, or returns `rocblas_status_invalid_handle` for NULL or a
/// pointer this library did not hand out (or already destroyed).
pub fn with_handle<R>(
    h: rocblas_handle,
    f: impl FnOnce(&mut Handle) -> R,
) -> Result<R, rocblas_status> {
    let g = live();
    if h.is_null() || !g.as_ref().is_some_and(|s| s.contains(&(h as usize))) {
        return Err(rocblas_status_invalid_handle);
    }
    // The set lock is held while the handle is used: destroy cannot free it under us.
    Ok(f(unsafe { &mut *(h as *mut Handle) }))
}

fn status(r: Result<rocblas_status, rocblas_status>) -> rocblas_status {
    r.unwrap_or_else(|e| e)
}

/// Runs a trace after a successful query (outside the handle lock the query held).
trait Logged {
    fn logged(self, log: impl FnOnce()) -> Self;
}
impl Logged for rocblas_status {
    fn logged(self, log: impl FnOnce()) -> Self {
        if self == rocblas_status_success {
            log();
        }
        self
    }
}

/// Validates `h`; `Ok(())` when it is a live handle.
pub fn check(h: rocblas_handle) -> rocblas_status {
    status(with_handle(h, |_| rocblas_status_success))
}

/// What an operation needs from its handle, copied out (no lock held while it runs).
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    pub handle: rocblas_handle,
    pub stream: hipStream_t,
    pub mode: rocblas_pointer_mode,
    /// Between start/stop_device_memory_size_query.
    pub query: bool,
}

/// The handle's stream and modes, or `rocblas_status_invalid_handle`.
pub fn ctx(h: rocblas_handle) -> Result<Ctx, rocblas_status> {
    with_handle(h, |hd| Ctx {
        handle: h,
        stream: hd.stream,
        mode: hd.pointer_mode,
        query: hd.size_query.is_some(),
    })
}

/// rocBLAS's `set_optimal_device_memory_size`: during a size query, records a workspace
/// need of `bytes` (rounded up to 64-byte chunks); size_increased when it raised the maximum.
pub fn report_workspace(h: rocblas_handle, bytes: usize) -> rocblas_status {
    status(with_handle(h, |h| {
        let Some(total) = h.size_query else {
            return rocblas_status_size_query_mismatch;
        };
        let need = bytes.div_ceil(64) * 64;
        if need > total {
            h.size_query = Some(need);
            rocblas_status_size_increased
        } else {
            rocblas_status_size_unchanged
        }
    }))
}

/// A new handle on the current device with rocBLAS's defaults; `abi`: the rocBLAS major
/// version of the library file the client called (2 for 2.47, 4, 5: 5.x does not allow
/// atomics by default; the log lines follow each version).
unsafe fn create(handle: *mut rocblas_handle, abi: u32) -> rocblas_status {
    let atomics = if abi >= 5 {
        rocblas_atomics_not_allowed
    } else {
        rocblas_atomics_allowed
    };
    if handle.is_null() {
        return rocblas_status_invalid_handle;
    }
    let mut device = 0;
    unsafe { hip::hipGetDevice(&mut device) };
    let h = Box::into_raw(Box::new(Handle {
        device,
        stream: std::ptr::null_mut(),
        pointer_mode: rocblas_pointer_mode_host,
        atomics_mode: atomics,
        performance_metric: rocblas_default_performance_metric,
        int8_type: rocblas_int8_type_for_hipblas_default,
        start_event: std::ptr::null_mut(),
        stop_event: std::ptr::null_mut(),
        solution_fitness_query: std::ptr::null_mut(),
        device_memory_size: match crate::device_malloc::DEFAULT_MEMORY_SIZE.with(|d| d.get()) {
            0 => DEFAULT_DEVICE_MEMORY_SIZE,
            size => size,
        },
        user_managed_memory: false,
        workspace: (std::ptr::null_mut(), 0),
        size_query: None,
        logs: crate::logging::for_new_handle(abi),
        math_mode: 0,
        gemm_scratch: None,
        data_ptr: Default::default(),
    }));
    live().get_or_insert_with(HashSet::new).insert(h as usize);
    unsafe { *handle = h as rocblas_handle };
    crate::logging::aux(h as rocblas_handle, "rocblas_create_handle", &[]);
    rocblas_status_success
}

oxrocm_ffi::c_api! { lib = "rocblas", ret = rocblas_status, on_panic = rocblas_status_internal_error;

    fn rocblas_create_handle(handle: *mut rocblas_handle) {
        create(handle, 2)
    }

    /// `rocblas_create_handle` of librocblas.so.4 (`cargo xtask stage` renames
    /// `oxrocm_abi4_*` there): a rocBLAS 4.x handle.
    fn oxrocm_abi4_rocblas_create_handle(handle: *mut rocblas_handle) {
        create(handle, 4)
    }

    /// rocBLAS 5.0 (ROCm 7) made "atomics not allowed" the default: `rocblas_create_handle`
    /// of librocblas.so.5 (`cargo xtask stage` renames `oxrocm_abi5_*` there).
    fn oxrocm_abi5_rocblas_create_handle(handle: *mut rocblas_handle) {
        create(handle, 5)
    }

    fn rocblas_destroy_handle(handle: rocblas_handle) {
        crate::logging::aux(handle, "rocblas_destroy_handle", &[]);
        let mut g = live();
        if handle.is_null() || !g.as_mut().is_some_and(|s| s.remove(&(handle as usize))) {
            return rocblas_status_invalid_handle;
        }
        let mut h = Box::from_raw(handle as *mut Handle);
        if let Some((p, _, _)) = h.gemm_scratch {
            // hipFree waits for the work that may still read it.
            hip::hipFree(p);
        }
        // rocSOLVER's data goes last, outside the lock: its deleter is the caller's code.
        let data = std::mem::take(&mut h.data_ptr);
        drop(h);
        drop(g);
        drop(data);
        rocblas_status_success
    }

    fn rocblas_set_stream(handle: rocblas_handle, stream: hipStream_t) {
        crate::logging::aux(handle, "rocblas_set_stream", &[&crate::logging::ptr(stream)]);
        status(with_handle(handle, |h| { h.stream = stream; rocblas_status_success }))
    }

    fn rocblas_get_stream(handle: rocblas_handle, stream: *mut hipStream_t) {
        status(with_handle(handle, |h| {
            if stream.is_null() { return rocblas_status_invalid_pointer; }
            *stream = h.stream;
            rocblas_status_success
        })).logged(|| crate::logging::aux(handle, "rocblas_get_stream", &[&crate::logging::ptr(*stream)]))
    }

    fn rocblas_set_pointer_mode(handle: rocblas_handle, mode: rocblas_pointer_mode) {
        crate::logging::aux(handle, "rocblas_set_pointer_mode", &[&mode]);
        status(with_handle(handle, |h| {
            if mode != rocblas_pointer_mode_host && mode != rocblas_pointer_mode_device {
                return rocblas_status_invalid_value;
            }
            h.pointer_mode = mode;
            rocblas_status_success
        }))
    }

    fn rocblas_get_pointer_mode(handle: rocblas_handle, mode: *mut rocblas_pointer_mode) {
        status(with_handle(handle, |h| {
            if mode.is_null() { return rocblas_status_invalid_pointer; }
            *mode = h.pointer_mode;
            rocblas_status_success
        })).logged(|| crate::logging::aux(handle, "rocblas_get_pointer_mode", &[&*mode]))
    }

    fn rocblas_set_math_mode(handle: rocblas_handle, mode: i32) {
        crate::logging::aux(handle, "rocblas_set_math_mode", &[&mode]);
        status(with_handle(handle, |h| {
            // rocblas_default_math, rocblas_xf32_xdl_math_op
            if mode != 0 && mode != 1 {
                return rocblas_status_invalid_value;
            }
            h.math_mode = mode;
            rocblas_status_success
        }))
    }

    fn rocblas_get_math_mode(handle: rocblas_handle, mode: *mut i32) {
        status(with_handle(handle, |h| {
            if mode.is_null() { return rocblas_status_invalid_pointer; }
            *mode = h.math_mode;
            rocblas_status_success
        })).logged(|| crate::logging::aux(handle, "rocblas_get_math_mode", &[&*mode]))
    }

    fn rocblas_set_atomics_mode(handle: rocblas_handle, mode: rocblas_atomics_mode) {
        crate::logging::aux(handle, "rocblas_set_atomics_mode", &[&crate::logging::atomics_string(mode)]);
        status(with_handle(handle, |h| {
            if mode != rocblas_atomics_not_allowed && mode != rocblas_atomics_allowed {
                return rocblas_status_invalid_value;
            }
            h.atomics_mode = mode;
            rocblas_status_success
        }))
    }

    fn rocblas_get_atomics_mode(handle: rocblas_handle, mode: *mut rocblas_atomics_mode) {
        status(with_handle(handle, |h| {
            if mode.is_null() { return rocblas_status_invalid_pointer; }
            *mode = h.atomics_mode;
            rocblas_status_success
        })).logged(|| crate::logging::aux(handle, "rocblas_get_atomics_mode", &[&crate::logging::atomics_string(*mode)]))
    }

    fn rocblas_set_performance_metric(handle: rocblas_handle, metric: rocblas_performance_metric) {
        status(with_handle(handle, |h| {
            if !(0..=2).contains(&metric) { return rocblas_status_invalid_value; }
            h.performance_metric = metric;
            rocblas_status_success
        }))
    }

    fn rocblas_get_performance_metric(handle: rocblas_handle, metric: *mut rocblas_performance_metric) {
        status(with_handle(handle, |h| {
            if metric.is_null() { return rocblas_status_invalid_pointer; }
            *metric = h.performance_metric;
            rocblas_status_success
        }))
    }

    fn rocblas_set_int8_type_for_hipblas(handle: rocblas_handle, t: rocblas_int8_type_for_hipblas) {
        status(with_handle(handle, |h| {
            if !(0..=2).contains(&t) { return rocblas_status_invalid_value; }
            h.int8_type = t;
            rocblas_status_success
        }))
    }

    fn rocblas_get_int8_type_for_hipblas(handle: rocblas_handle, t: *mut rocblas_int8_type_for_hipblas) {
        status(with_handle(handle, |h| {
            if t.is_null() { return rocblas_status_invalid_pointer; }
            *t = h.int8_type;
            rocblas_status_success
        }))
    }

    /// hipBLAS asks which int8 layout gemm_ex wants: rocBLAS 2.47 answers plain int8 on
    /// gfx908 only and packed int8x4 elsewhere, unless the handle's int8 type says which.
    fn rocblas_query_int8_layout_flag(handle: rocblas_handle, flag: *mut u32) {
        let pack = crate::blas3::gemm::rocblas_gemm_flags_pack_int8x4;
        status(with_handle(handle, |h| {
            if flag.is_null() { return rocblas_status_invalid_pointer; }
            let value = match h.int8_type {
                rocblas_int8_type_for_hipblas_default => {
                    let gfx908 = crate::hip::current_arch_name().is_some_and(|a| a.starts_with("gfx908"));
                    if gfx908 { 0 } else { pack }
                }
                rocblas_int8_type_for_hipblas_int8 => (unsafe { *flag }) & !pack,
                rocblas_int8_type_for_hipblas_pack_int8x4 => (unsafe { *flag }) | pack,
                _ => return rocblas_status_invalid_value,
            };
            unsafe { *flag = value };
            rocblas_status_success
        }))
    }

    fn rocblas_set_start_stop_events(handle: rocblas_handle, start: hipEvent_t, stop: hipEvent_t) {
        status(with_handle(handle, |h| { h.start_event = start; h.stop_event = stop; rocblas_status_success }))
    }

    fn rocblas_set_solution_fitness_query(handle: rocblas_handle, fitness: *mut f64) {
        status(with_handle(handle, |h| { h.solution_fitness_query = fitness; rocblas_status_success }))
    }

    fn rocblas_start_device_memory_size_query(handle: rocblas_handle) {
        status(with_handle(handle, |h| {
            if h.size_query.is_some() { return rocblas_status_size_query_mismatch; }
            h.size_query = Some(0);
            rocblas_status_success
        }))
    }

    fn rocblas_stop_device_memory_size_query(handle: rocblas_handle, size: *mut usize) {
        status(with_handle(handle, |h| {
            let Some(total) = h.size_query else { return rocblas_status_size_query_mismatch };
            if size.is_null() { return rocblas_status_invalid_pointer; }
            h.size_query = None;
            *size = total;
            rocblas_status_success
        }))
    }

    fn rocblas_get_device_memory_size(handle: rocblas_handle, size: *mut usize) {
        status(with_handle(handle, |h| {
            if size.is_null() { return rocblas_status_invalid_pointer; }
            *size = if h.user_managed_memory { h.workspace.1 } else { h.device_memory_size };
            rocblas_status_success
        }))
    }

    fn rocblas_set_device_memory_size(handle: rocblas_handle, size: usize) {
        status(with_handle(handle, |h| {
            h.device_memory_size = if size == 0 { DEFAULT_DEVICE_MEMORY_SIZE } else { size };
            h.user_managed_memory = false;
            h.workspace = (std::ptr::null_mut(), 0);
            rocblas_status_success
        }))
    }

    fn rocblas_set_workspace(handle: rocblas_handle, addr: *mut c_void, size: usize) {
        status(with_handle(handle, |h| {
            if addr.is_null() || size == 0 {
                // back to library-managed memory
                h.user_managed_memory = false;
                h.workspace = (std::ptr::null_mut(), 0);
            } else {
                h.user_managed_memory = true;
                h.workspace = (addr, size);
            }
            rocblas_status_success
        }))
    }
}

/// Functions returning `bool`: false for an invalid handle.
fn bool_query(name: &'static str, handle: rocblas_handle, f: impl FnOnce(&Handle) -> bool) -> bool {
    oxrocm_ffi::boundary::guard(name, false, || {
        with_handle(handle, |h| f(h)).unwrap_or(false)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn rocblas_is_device_memory_size_query(handle: rocblas_handle) -> bool {
    bool_query("rocblas_is_device_memory_size_query", handle, |h| {
        h.size_query.is_some()
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn rocblas_is_managing_device_memory(handle: rocblas_handle) -> bool {
    bool_query("rocblas_is_managing_device_memory", handle, |h| {
        !h.user_managed_memory
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn rocblas_is_user_managing_device_memory(handle: rocblas_handle) -> bool {
    bool_query("rocblas_is_user_managing_device_memory", handle, |h| {
        h.user_managed_memory
    })
}

/// `rocblas_pointer_to_mode`: device memory → device mode, anything else → host mode.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocblas_pointer_to_mode(ptr: *mut c_void) -> rocblas_pointer_mode {
    oxrocm_ffi::boundary::guard("rocblas_pointer_to_mode", rocblas_pointer_mode_host, || {
        let mut attr: hip::hipPointerAttribute_t = unsafe { std::mem::zeroed() };
        let rc = unsafe { hip::hipPointerGetAttributes(&mut attr, ptr) };
        if rc == 0 && attr.memory_type == hip::hipMemoryTypeDevice {
            rocblas_pointer_mode_device
        } else {
            rocblas_pointer_mode_host
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifecycle_and_bad_handles() {
        unsafe {
            let mut h: rocblas_handle = std::ptr::null_mut();
            assert_eq!(rocblas_create_handle(&mut h), rocblas_status_success);
            assert!(!h.is_null());
            assert_eq!(
                rocblas_create_handle(std::ptr::null_mut()),
                rocblas_status_invalid_handle
            );

            let mut mode = -1;
            assert_eq!(
                rocblas_get_pointer_mode(h, &mut mode),
                rocblas_status_success
            );
            assert_eq!(mode, rocblas_pointer_mode_host);
            assert_eq!(
                rocblas_set_pointer_mode(h, rocblas_pointer_mode_device),
                rocblas_status_success
            );
            assert_eq!(
                rocblas_get_pointer_mode(h, &mut mode),
                rocblas_status_success
            );
            assert_eq!(mode, rocblas_pointer_mode_device);
            assert_eq!(rocblas_set_pointer_mode(h, 7), rocblas_status_invalid_value);
            assert_eq!(
                rocblas_get_pointer_mode(h, std::ptr::null_mut()),
                rocblas_status_invalid_pointer
            );

            let mut a = -1;
            assert_eq!(
                rocblas_set_atomics_mode(h, rocblas_atomics_not_allowed),
                rocblas_status_success
            );
            assert_eq!(rocblas_get_atomics_mode(h, &mut a), rocblas_status_success);
            assert_eq!(a, rocblas_atomics_not_allowed);

            let fake = 0x1234usize as *mut c_void;
            let mut s: hipStream_t = fake;
            assert_eq!(rocblas_get_stream(h, &mut s), rocblas_status_success);
            assert!(s.is_null());
            assert_eq!(rocblas_set_stream(h, fake), rocblas_status_success);
            assert_eq!(rocblas_get_stream(h, &mut s), rocblas_status_success);
            assert_eq!(s, fake);

            // NULL and foreign handles
            assert_eq!(
                rocblas_set_stream(std::ptr::null_mut(), fake),
                rocblas_status_invalid_handle
            );
            assert_eq!(
                rocblas_get_pointer_mode(fake, &mut mode),
                rocblas_status_invalid_handle
            );
            assert_eq!(
                rocblas_destroy_handle(std::ptr::null_mut()),
                rocblas_status_invalid_handle
            );
            assert!(!rocblas_is_device_memory_size_query(std::ptr::null_mut()));

            assert_eq!(rocblas_destroy_handle(h), rocblas_status_success);
            // destroyed handles are rejected, not dereferenced
            assert_eq!(rocblas_destroy_handle(h), rocblas_status_invalid_handle);
            assert_eq!(rocblas_get_stream(h, &mut s), rocblas_status_invalid_handle);
        }
    }

    #[test]
    fn device_memory_bookkeeping() {
        unsafe {
            let mut h: rocblas_handle = std::ptr::null_mut();
            assert_eq!(rocblas_create_handle(&mut h), rocblas_status_success);
            let mut size = 0usize;
            assert_eq!(
                rocblas_stop_device_memory_size_query(h, &mut size),
                rocblas_status_size_query_mismatch
            );
            assert!(!rocblas_is_device_memory_size_query(h));
            assert_eq!(
                rocblas_start_device_memory_size_query(h),
                rocblas_status_success
            );
            assert!(rocblas_is_device_memory_size_query(h));
            assert_eq!(
                rocblas_start_device_memory_size_query(h),
                rocblas_status_size_query_mismatch
            );
            assert_eq!(
                rocblas_stop_device_memory_size_query(h, std::ptr::null_mut()),
                rocblas_status_invalid_pointer
            );
            assert_eq!(
                rocblas_stop_device_memory_size_query(h, &mut size),
                rocblas_status_success
            );
            assert!(!rocblas_is_device_memory_size_query(h));

            assert_eq!(
                rocblas_get_device_memory_size(h, &mut size),
                rocblas_status_success
            );
            assert_eq!(size, DEFAULT_DEVICE_MEMORY_SIZE);
            assert_eq!(
                rocblas_set_device_memory_size(h, 1 << 20),
                rocblas_status_success
            );
            assert_eq!(
                rocblas_get_device_memory_size(h, &mut size),
                rocblas_status_success
            );
            assert_eq!(size, 1 << 20);
            assert!(rocblas_is_managing_device_memory(h));
            let mut buf = [0u8; 64];
            assert_eq!(
                rocblas_set_workspace(h, buf.as_mut_ptr().cast(), 64),
                rocblas_status_success
            );
            assert!(rocblas_is_user_managing_device_memory(h));
            assert_eq!(
                rocblas_get_device_memory_size(h, &mut size),
                rocblas_status_success
            );
            assert_eq!(size, 64);
            assert_eq!(rocblas_destroy_handle(h), rocblas_status_success);
        }
    }

    #[test]
    fn pointer_to_mode() {
        unsafe {
            let mut d: *mut c_void = std::ptr::null_mut();
            assert_eq!(hip::hipMalloc(&mut d, 256), 0);
            assert_eq!(rocblas_pointer_to_mode(d), rocblas_pointer_mode_device);
            let mut host = 0u64;
            assert_eq!(
                rocblas_pointer_to_mode((&mut host as *mut u64).cast()),
                rocblas_pointer_mode_host
            );
            assert_eq!(hip::hipFree(d), 0);
        }
    }
}
