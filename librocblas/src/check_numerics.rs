//! rocBLAS's numerics checks: the C++ entry points
//! `rocblas_internal_check_numerics_{vector,matrix}_template<T>` that rocblas-test and
//! rocSOLVER call. They scan a vector or matrix batch for NaN, zero, Inf and denormal values
//! in stream order, wait for the answer (rocBLAS copies its flags back synchronously), print
//! what they found when the mode asks for it, and fail with
//! `rocblas_status_check_numerics_fail` on NaN, Inf or denormals in "fail" mode.

use crate::blas1::exec::{self, Access, Bases, Src, View};
use crate::blas1::num::{C32, C64};
use crate::handle;
use crate::types::*;
use half::{bf16, f16};
use std::sync::{Arc, Mutex};

const MODE_INFO: i32 = 0x1;
const MODE_WARN: i32 = 0x2;
const MODE_FAIL: i32 = 0x4;

/// rocBLAS's internal `rocblas_check_matrix_type` (library/src/include/utility.hpp).
const GENERAL: i32 = 0;
const HERMITIAN: i32 = 1;
const SYMMETRIC: i32 = 2;
const TRIANGULAR: i32 = 3;

const OPERATION_NONE: i32 = 111;
const FILL_UPPER: i32 = 121;

/// What a scan found (rocBLAS's `rocblas_check_numerics_t`).
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct Found {
    pub nan: bool,
    pub zero: bool,
    pub inf: bool,
    pub denorm: bool,
}

impl Found {
    fn add(&mut self, o: Found) {
        self.nan |= o.nan;
        self.zero |= o.zero;
        self.inf |= o.inf;
        self.denorm |= o.denorm;
    }
}

/// One element's classification, by rocBLAS's rules (a complex value is NaN, Inf or
/// denormal if either part is; zero if both parts are).
pub trait Classify: Copy + Send + Sync + 'static {
    fn classify(self) -> Found;
}

impl Classify for f32 {
    fn classify(self) -> Found {
        Found {
            nan: self.is_nan(),
            zero: self == 0.0,
            inf: self.is_infinite(),
            denorm: self.is_subnormal(),
        }
    }
}
impl Classify for f64 {
    fn classify(self) -> Found {
        Found {
            nan: self.is_nan(),
            zero: self == 0.0,
            inf: self.is_infinite(),
            denorm: self.is_subnormal(),
        }
    }
}
/// 16-bit floats by their bits: `min_normal` is the smallest normal magnitude's pattern.
fn classify_16(bits: u16, exp_mask: u16, min_normal: u16) -> Found {
    let mag = bits & 0x7fff;
    let all_ones = mag & exp_mask == exp_mask;
    Found {
        nan: all_ones && mag & !exp_mask != 0,
        zero: mag == 0,
        inf: all_ones && mag & !exp_mask == 0,
        denorm: mag >= 1 && mag < min_normal,
    }
}
impl Classify for f16 {
    fn classify(self) -> Found {
        classify_16(self.to_bits(), 0x7c00, 0x0400)
    }
}
impl Classify for bf16 {
    fn classify(self) -> Found {
        classify_16(self.to_bits(), 0x7f80, 0x0080)
    }
}
macro_rules! complex_classify {
    ($($c:ty),*) => {$(
        impl Classify for $c {
            fn classify(self) -> Found {
                let (r, i) = (Classify::classify(self.re), Classify::classify(self.im));
                Found { nan: r.nan || i.nan, zero: r.zero && i.zero, inf: r.inf || i.inf, denorm: r.denorm || i.denorm }
            }
        }
    )*};
}
complex_classify!(C32, C64);

/// The elements a scan visits: element offsets (from a batch entry's start) in rocBLAS's
/// kernel order, and the bytes they span.
#[derive(Clone, Copy)]
enum Shape {
    /// `n` elements `inc` apart.
    Vector { n: usize, inc: usize },
    /// `rows` x `cols`, column-major with leading dimension `ld`.
    General { rows: usize, cols: usize, ld: usize },
    /// The stored triangle of an `n` x `n` matrix.
    Triangle { n: usize, ld: usize, upper: bool },
}

impl Shape {
    fn span(&self, elem: usize) -> usize {
        let last = match *self {
            Shape::Vector { n, inc } => (n - 1) * inc,
            Shape::General { rows, cols, ld } => rows - 1 + (cols - 1) * ld,
            Shape::Triangle { n, ld, .. } => n - 1 + (n - 1) * ld,
        };
        (last + 1) * elem
    }

    fn scan<T: Classify>(&self, p: *const T) -> Found {
        let mut found = Found::default();
        let at = |o: usize| Classify::classify(unsafe { p.add(o).read_unaligned() });
        match *self {
            Shape::Vector { n, inc } => (0..n).for_each(|i| found.add(at(i * inc))),
            Shape::General { rows, cols, ld } => {
                (0..cols).for_each(|c| (0..rows).for_each(|r| found.add(at(r + c * ld))))
            }
            Shape::Triangle { n, ld, upper } => (0..n).for_each(|c| {
                let rows = if upper { 0..c + 1 } else { c..n };
                rows.for_each(|r| found.add(at(r + c * ld)))
            }),
        }
        found
    }
}

/// Scans `batch` entries of `shape` starting `offset` elements into each entry of `src`,
/// in stream order on the handle's stream, and waits for the result.
fn scan<T: Classify>(
    handle: rocblas_handle,
    src: Src,
    offset: i64,
    shape: Shape,
    batch: usize,
) -> exec::Status<Found> {
    let ctx = handle::ctx(handle)?;
    let elem = size_of::<T>();
    let shift = move |b: u64| b.wrapping_add_signed(offset * elem as i64);
    let bases = match src.bases(elem, batch, ctx.stream)? {
        Bases::Known(v) => Bases::Known(v.into_iter().map(shift).collect()),
        late => late,
    };
    let mut access = Access::default();
    bases.declare(&mut access, shape.span(elem), false);
    let found = Arc::new(Mutex::new(Found::default()));
    let out = found.clone();
    let late = matches!(bases, Bases::Late(..));
    exec::enqueue(ctx.stream, access, move |view: &View| {
        let mut all = Found::default();
        for b in 0..batch {
            let start = if late {
                shift(view.base(&bases, b))
            } else {
                view.base(&bases, b)
            };
            all.add(shape.scan(view.ptr::<T>(start)));
        }
        *out.lock().unwrap_or_else(|e| e.into_inner()) = all;
    })?;
    exec::sync(ctx.stream)?;
    let r = *found.lock().unwrap_or_else(|e| e.into_inner());
    Ok(r)
}

/// rocBLAS's `rocblas_check_numerics_abnormal_struct`: the report and the status.
fn report(
    function: *const std::ffi::c_char,
    mode: i32,
    is_input: bool,
    f: Found,
) -> rocblas_status {
    let abnormal = f.nan || f.inf || f.denorm;
    if mode & MODE_INFO != 0 || (mode & MODE_WARN != 0 && abnormal) {
        let name = if function.is_null() {
            "".into()
        } else {
            unsafe { std::ffi::CStr::from_ptr(function) }.to_string_lossy()
        };
        // rocBLAS's wording, typo included ("Funtion"), so that log scrapers keep working.
        eprintln!(
            "Funtion name:\t{name} :- {} :\t has_NaN {} has_zero {} has_Inf {} has_denorm {}",
            if is_input { "Input" } else { "Output" },
            f.nan as u8,
            f.zero as u8,
            f.inf as u8,
            f.denorm as u8
        );
    }
    if abnormal && mode & MODE_FAIL != 0 {
        rocblas_status_check_numerics_fail
    } else {
        rocblas_status_success
    }
}

/// A vector's check: the elements are the same set whichever way `inc_x` runs, so its size
/// is the step (rocBLAS 4.x; 2.47 returns early for `inc_x <= 0`, which its export checks).
#[allow(clippy::too_many_arguments)]
pub fn vector<T: Classify>(
    function: *const std::ffi::c_char,
    handle: rocblas_handle,
    n: i64,
    x: Src,
    offset_x: i64,
    inc_x: i64,
    batch_count: i64,
    mode: i32,
    is_input: bool,
) -> rocblas_status {
    // rocBLAS's quick return: nothing to check is not an argument error.
    if n <= 0 || batch_count <= 0 || x.is_null() {
        return rocblas_status_success;
    }
    let shape = Shape::Vector {
        n: n as usize,
        inc: inc_x.unsigned_abs() as usize,
    };
    match scan::<T>(handle, x, offset_x, shape, batch_count as usize) {
        Ok(f) => report(function, mode, is_input, f),
        Err(s) => s,
    }
}

#[allow(clippy::too_many_arguments)]
pub fn matrix<T: Classify>(
    function: *const std::ffi::c_char,
    handle: rocblas_handle,
    trans: i32,
    uplo: i32,
    kind: i32,
    m: i64,
    n: i64,
    a: Src,
    offset_a: i64,
    lda: i64,
    batch_count: i64,
    mode: i32,
    is_input: bool,
) -> rocblas_status {
    if m <= 0 || n <= 0 || batch_count <= 0 || a.is_null() {
        return rocblas_status_success;
    }
    let (rows, cols) = if trans == OPERATION_NONE {
        (m, n)
    } else {
        (n, m)
    };
    let ld = lda.max(1) as usize;
    let shape = match kind {
        GENERAL => Shape::General {
            rows: rows as usize,
            cols: cols as usize,
            ld,
        },
        HERMITIAN | SYMMETRIC | TRIANGULAR => Shape::Triangle {
            n: n as usize,
            ld,
            upper: uplo == FILL_UPPER,
        },
        // rocBLAS launches no check for other kinds: nothing found.
        _ => return report(function, mode, is_input, Found::default()),
    };
    match scan::<T>(handle, a, offset_a, shape, batch_count as usize) {
        Ok(f) => report(function, mode, is_input, f),
        Err(s) => s,
    }
}
