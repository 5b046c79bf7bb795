//! The handles this library gave out, by kind: a pointer a client passes back is used only
//! if it is one of ours, of the expected kind, and not destroyed yet.

use crate::types::*;
use std::collections::HashSet;
use std::sync::Mutex;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Description,
    ExecutionInfo,
    Field,
    Brick,
    Plan,
}

static LIVE: Mutex<Option<HashSet<(usize, Kind)>>> = Mutex::new(None);

fn with<R>(f: impl FnOnce(&mut HashSet<(usize, Kind)>) -> R) -> R {
    f(LIVE.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashSet::new))
}

/// Boxes `value` and records the pointer as a live handle of `kind`.
pub fn create<T>(kind: Kind, value: T) -> *mut T {
    let p = Box::into_raw(Box::new(value));
    with(|s| s.insert((p as usize, kind)));
    p
}

/// Destroys a handle of `kind`: null is accepted (rocFFT deletes null as a no-op), anything
/// else that is not a live handle of that kind is an invalid value.
///
/// # Safety
/// `p` was made by [`create`] with the same `T` for `kind`, if it is live.
pub unsafe fn destroy<T>(kind: Kind, p: *mut T) -> rocfft_status {
    if p.is_null() {
        return rocfft_status_success;
    }
    if !with(|s| s.remove(&(p as usize, kind))) {
        return rocfft_status_invalid_arg_value;
    }
    drop(unsafe { Box::from_raw(p) });
    rocfft_status_success
}

/// The object behind a live handle of `kind`.
///
/// # Safety
/// As for [`destroy`]; the client does not use the handle from two threads at once.
pub unsafe fn get_mut<'a, T>(kind: Kind, p: *mut T) -> Option<&'a mut T> {
    if p.is_null() || !with(|s| s.contains(&(p as usize, kind))) {
        return None;
    }
    Some(unsafe { &mut *p })
}

/// Whether `p` is a live handle of `kind`.
pub fn is_live<T>(kind: Kind, p: *const T) -> bool {
    !p.is_null() && with(|s| s.contains(&(p as usize, kind)))
}
