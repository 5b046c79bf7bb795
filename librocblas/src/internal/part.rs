//! What every template shares: its pointers as batch sources with their element offsets,
//! runs split into single batch entries where scalars differ per entry, and the boundary of
//! an exported call.

use crate::blas1::exec::{Src, Status};
use crate::handle::ctx;
use crate::types::*;
use std::ffi::c_void;

/// The integer type of a template's sizes, increments, leading dimensions and batch count:
/// `rocblas_int` (the 2.47 templates and 4.x/5.x's plain forms) or `int64_t` (the `_64`
/// forms). Every run widens it to the operations' `i64`.
pub trait Idx: Copy + Into<i64> {}
impl Idx for i32 {}
impl Idx for i64 {}

/// How a template instantiation passes a matrix or vector.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// `T*` / `const T*`: entry `b` starts `b * stride` elements further.
    Strided,
    /// `T* const*` / `const T* const*`: a device array of `batch_count` pointers.
    Array,
}

/// The batch source of pointer `p` (of `form`) with `offset` elements added to it, or to
/// each pointer of the array; `stride` between the entries of a strided batch.
pub fn at<T>(form: Form, p: *const c_void, offset: i64, stride: i64) -> Src {
    let base = match form {
        Form::Strided => Src::strided(p, stride),
        Form::Array => Src::array(p),
    };
    base.offset(offset, size_of::<T>())
}

/// Which batch entries one run covers: all of them, or entry `b` alone (device scalars
/// with a stride between entries, which the operations read as one value per call).
#[derive(Clone, Copy, Debug)]
pub struct Part(Option<usize>);

impl Part {
    /// The matrix or vector source of this run (`elem`: element bytes).
    pub fn src(&self, s: Src, elem: usize) -> Src {
        match self.0 {
            None => s,
            Some(b) => s.entry(b, elem),
        }
    }
    /// The source of this run for elements of type `T`.
    pub fn of<T>(&self, s: Src) -> Src {
        self.src(s, size_of::<T>())
    }
    /// The scalar this run reads: entry `b`'s is `stride` elements after entry `b - 1`'s.
    pub fn scalar<T>(&self, p: *const T, stride: i64) -> *const T {
        match self.0 {
            Some(b) if !p.is_null() => p.wrapping_offset(b as isize * stride as isize),
            _ => p,
        }
    }
    /// The batch count of this run.
    pub fn batch(&self, batch: impl Idx) -> i64 {
        if self.0.is_some() { 1 } else { batch.into() }
    }
}

/// Runs `f` over the whole batch, or once per entry when the handle reads device scalars
/// and any of `strides` (the scalars' strides) is not zero. rocBLAS reads strided scalars
/// only in device pointer mode; host scalars are one value for every entry.
pub fn split(
    h: rocblas_handle,
    batch: impl Idx,
    strides: &[i64],
    f: impl Fn(Part) -> Status,
) -> Status {
    let c = ctx(h)?;
    let batch: i64 = batch.into();
    if c.mode == rocblas_pointer_mode_device && strides.iter().any(|&s| s != 0) && batch > 1 {
        (0..batch as usize).try_for_each(|b| f(Part(Some(b))))
    } else {
        f(Part(None))
    }
}

/// The boundary of an exported template: a panic becomes rocblas_status_internal_error, a
/// failing status is logged (`AMD_LOG_LEVEL=1`) under the template's name.
pub fn call(name: &'static str, body: impl FnOnce() -> Status) -> rocblas_status {
    let r = oxrocm_ffi::boundary::guard(name, rocblas_status_internal_error, move || {
        crate::export::done(body())
    });
    if r != rocblas_status_success {
        oxrocm_ffi::log::write("rocblas", 1, format_args!("{name}: returned {r}"));
    }
    r
}
