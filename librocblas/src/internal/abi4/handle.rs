//! What rocBLAS 4.x/5.x's handle holds for rocSOLVER: a `std::shared_ptr<void>` to
//! rocSOLVER's own per-handle data (`rocblas_internal_set_data_ptr` /
//! `_get_data_ptr`), and (5.x) the device's `hipDeviceProp_t`
//! (`rocblas_internal_get_device_prop`).
//!
//! The shared pointer is libstdc++'s (x86-64): `{ T* ptr; _Sp_counted_base* refcount }`, the
//! control block `{ vptr; int use_count; int weak_count }` with the virtual functions
//! `~_Sp_counted_base` (complete, deleting), `_M_dispose`, `_M_destroy`,
//! `_M_get_deleter`. The handle keeps one reference: taken with the count's atomic
//! increment, given back as libstdc++'s `_M_release` does (the last use disposes of the
//! object, the last weak reference destroys the block).

use crate::handle::with_handle;
use crate::types::*;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI32, Ordering};

/// libstdc++'s `_Sp_counted_base<_S_atomic>`.
#[repr(C)]
pub struct Counted {
    vptr: *const unsafe extern "C" fn(*mut Counted),
    use_count: AtomicI32,
    weak_count: AtomicI32,
}

/// Slots of the control block's virtual functions (after the two destructors).
const DISPOSE: usize = 2;
const DESTROY: usize = 3;

/// A `std::shared_ptr<void>` as the C++ ABI lays it out; owns one reference (none when
/// empty).
#[repr(C)]
#[derive(Debug)]
pub struct SharedPtr {
    ptr: *mut c_void,
    ctrl: *mut Counted,
}

impl Default for SharedPtr {
    fn default() -> Self {
        SharedPtr {
            ptr: std::ptr::null_mut(),
            ctrl: std::ptr::null_mut(),
        }
    }
}

impl SharedPtr {
    /// A new owner of what `p` points at (`shared_ptr`'s copy constructor).
    unsafe fn copy_of(p: *const SharedPtr) -> SharedPtr {
        let (ptr, ctrl) = unsafe { ((*p).ptr, (*p).ctrl) };
        if !ctrl.is_null() {
            unsafe { (*ctrl).use_count.fetch_add(1, Ordering::AcqRel) };
        }
        SharedPtr { ptr, ctrl }
    }
}

impl Drop for SharedPtr {
    fn drop(&mut self) {
        let c = std::mem::replace(&mut self.ctrl, std::ptr::null_mut());
        if c.is_null() {
            return;
        }
        unsafe {
            if (*c).use_count.fetch_sub(1, Ordering::AcqRel) == 1 {
                let vtable = (*c).vptr;
                (*vtable.add(DISPOSE))(c);
                if (*c).weak_count.fetch_sub(1, Ordering::AcqRel) == 1 {
                    (*vtable.add(DESTROY))(c);
                }
            }
        }
    }
}

/// Stores `new` in `*slot` and hands back the old value, to be dropped (released) once no
/// lock is held: its deleter is the caller's code.
fn replace(slot: &mut SharedPtr, new: SharedPtr) -> SharedPtr {
    std::mem::replace(slot, new)
}

/// `rocblas_status rocblas_internal_set_data_ptr(rocblas_handle, std::shared_ptr<void>&)`:
/// the handle shares `data_ptr`'s object.
#[unsafe(export_name = "_Z29rocblas_internal_set_data_ptrP15_rocblas_handleRSt10shared_ptrIvE")]
unsafe extern "C" fn set_data_ptr(
    handle: rocblas_handle,
    data_ptr: *mut SharedPtr,
) -> rocblas_status {
    oxrocm_ffi::boundary::guard(
        "rocblas_internal_set_data_ptr",
        rocblas_status_internal_error,
        || {
            if data_ptr.is_null() {
                return rocblas_status_invalid_pointer;
            }
            match with_handle(handle, |h| {
                replace(&mut h.data_ptr, unsafe { SharedPtr::copy_of(data_ptr) })
            }) {
                Ok(old) => {
                    drop(old);
                    rocblas_status_success
                }
                Err(s) => s,
            }
        },
    )
}

/// `rocblas_status rocblas_internal_get_data_ptr(rocblas_handle, std::shared_ptr<void>&)`:
/// `data_ptr` becomes another owner of the handle's object (empty when none was set).
#[unsafe(export_name = "_Z29rocblas_internal_get_data_ptrP15_rocblas_handleRSt10shared_ptrIvE")]
unsafe extern "C" fn get_data_ptr(
    handle: rocblas_handle,
    data_ptr: *mut SharedPtr,
) -> rocblas_status {
    oxrocm_ffi::boundary::guard(
        "rocblas_internal_get_data_ptr",
        rocblas_status_internal_error,
        || {
            if data_ptr.is_null() {
                return rocblas_status_invalid_pointer;
            }
            match with_handle(handle, |h| unsafe { SharedPtr::copy_of(&h.data_ptr) }) {
                // The caller's old value is released after the new one is in place (self-assignment
                // keeps the object alive).
                Ok(copy) => {
                    drop(replace(unsafe { &mut *data_ptr }, copy));
                    rocblas_status_success
                }
                Err(s) => s,
            }
        },
    )
}

unsafe extern "C" {
    fn hipGetDevicePropertiesR0600(prop: *mut c_void, device: i32) -> i32;
}

/// Room for HIP 6.x/7.x's `hipDeviceProp_t` (`hipDeviceProp_tR0600`, 1472 bytes).
type PropBuf = [u64; 512];

/// Each device's properties, read once and kept for the process.
static PROPS: Mutex<Option<HashMap<i32, &'static PropBuf>>> = Mutex::new(None);

/// `const hipDeviceProp_t* rocblas_internal_get_device_prop(rocblas_handle)` (rocBLAS 5.x):
/// the properties of the handle's device, in HIP 6.x/7.x's layout; null for an invalid
/// handle or when HIP cannot answer.
#[unsafe(export_name = "_Z32rocblas_internal_get_device_propP15_rocblas_handle")]
extern "C" fn get_device_prop(handle: rocblas_handle) -> *const c_void {
    oxrocm_ffi::boundary::guard("rocblas_internal_get_device_prop", std::ptr::null(), || {
        let Ok(device) = with_handle(handle, |h| h.device) else {
            return std::ptr::null();
        };
        let mut props = PROPS.lock().unwrap_or_else(|e| e.into_inner());
        let props = props.get_or_insert_with(HashMap::new);
        if let Some(p) = props.get(&device) {
            return (*p as *const PropBuf).cast();
        }
        let mut buf: Box<PropBuf> = Box::new([0; 512]);
        if unsafe { hipGetDevicePropertiesR0600(buf.as_mut_ptr().cast(), device) } != 0 {
            return std::ptr::null();
        }
        let p: &'static PropBuf = Box::leak(buf);
        props.insert(device, p);
        (p as *const PropBuf).cast()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    static DISPOSED: AtomicI32 = AtomicI32::new(0);
    static DESTROYED: AtomicI32 = AtomicI32::new(0);

    unsafe extern "C" fn never(_: *mut Counted) {
        unreachable!()
    }
    unsafe extern "C" fn dispose(_: *mut Counted) {
        DISPOSED.fetch_add(1, Ordering::SeqCst);
    }
    unsafe extern "C" fn destroy(_: *mut Counted) {
        DESTROYED.fetch_add(1, Ordering::SeqCst);
    }
    static VTABLE: [unsafe extern "C" fn(*mut Counted); 5] =
        [never, never, dispose, destroy, never];

    /// A control block the way `std::make_shared` leaves it (one use, one weak for the uses).
    fn block() -> Counted {
        Counted {
            vptr: VTABLE.as_ptr(),
            use_count: AtomicI32::new(1),
            weak_count: AtomicI32::new(1),
        }
    }

    #[test]
    fn copies_count_and_the_last_release_disposes_and_destroys() {
        let mut ctrl = block();
        let mut object = 7u64;
        let first = SharedPtr {
            ptr: (&raw mut object).cast(),
            ctrl: &raw mut ctrl,
        };
        let second = unsafe { SharedPtr::copy_of(&first) };
        assert_eq!(ctrl_uses(&first), 2);
        drop(first);
        assert_eq!(
            (
                DISPOSED.load(Ordering::SeqCst),
                DESTROYED.load(Ordering::SeqCst)
            ),
            (0, 0)
        );
        drop(second);
        assert_eq!(
            (
                DISPOSED.load(Ordering::SeqCst),
                DESTROYED.load(Ordering::SeqCst)
            ),
            (1, 1)
        );
        drop(SharedPtr::default());
    }

    fn ctrl_uses(p: &SharedPtr) -> i32 {
        unsafe { (*p.ctrl).use_count.load(Ordering::SeqCst) }
    }
}
