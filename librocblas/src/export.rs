//! The one shape of every implemented rocBLAS C entry point: API trace (`AMD_LOG_LEVEL`,
//! `ROCBLAS_LAYER`), panic boundary, status. Families generate their exports through
//! `export!` from declaration lists, so no entry point is written out by hand.

use crate::blas1::exec::Src;
use crate::blas1::exec::Status;
use crate::types::*;

/// Status of a finished call.
pub fn done(r: Status) -> rocblas_status {
    match r {
        Ok(()) => rocblas_status_success,
        Err(s) => s,
    }
}

/// One exported function: `export!(name(arg: Type, ...) { body returning Status })`
/// (a leading `fn` is accepted, so that the build script's stub generator sees the name).
///
/// `export!(fn name / name_64(arg: Type, ...) { body })` declares a function and its ILP64
/// twin (rocBLAS 4.1+): every argument typed `I` is a `rocblas_int` in `name` and an
/// `int64_t` in `name_64`, the rest is shared. Bodies pass `I` arguments on with
/// `.into()`, as the operations take `i64`.
macro_rules! export {
    (fn $name:ident / $name64:ident ( $($a:ident : $t:ty),* $(,)? ) $body:block) => {
        const _: () = {
            #[allow(dead_code)]
            type I = $crate::types::rocblas_int;
            $crate::export::export!($name($($a: $t),*) $body);
        };
        const _: () = {
            #[allow(dead_code)]
            type I = i64;
            $crate::export::export!($name64($($a: $t),*) $body);
        };
    };
    (fn $name:ident ( $($a:ident : $t:ty),* $(,)? ) $body:block) => {
        $crate::export::export!($name($($a: $t),*) $body);
    };
    ($name:ident ( $($a:ident : $t:ty),* $(,)? ) $body:block) => {
        #[unsafe(no_mangle)]
        #[allow(clippy::missing_safety_doc, clippy::too_many_arguments, clippy::useless_conversion)]
        pub unsafe extern "C" fn $name($($a: $t),*) -> $crate::types::rocblas_status {
            $crate::logging::api(stringify!($name), &[$((stringify!($a), &$a as &dyn $crate::logging::Arg)),*]);
            let r = oxrocm_ffi::boundary::guard(stringify!($name), $crate::types::rocblas_status_internal_error, move || {
                #[allow(unused_unsafe)]
                $crate::export::done(unsafe { $body })
            });
            $crate::logging::ret(stringify!($name), r);
            r
        }
    };
}
pub(crate) use export;

/// A single vector or matrix (batch 1).
pub fn one<T>(p: *const T) -> Src {
    Src::strided(p, 0)
}
/// A strided batch.
pub fn st<T>(p: *const T, stride: rocblas_stride) -> Src {
    Src::strided(p, stride)
}
/// A device array of pointers.
pub fn arr<P>(p: *const P) -> Src {
    Src::array(p)
}
