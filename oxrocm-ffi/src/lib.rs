//! C-ABI plumbing shared by every oxrocm library.
//!
//! Holds no device state: the runtime lives in `libamdhip64` only. What is here is
//! per-library machinery: the panic boundary every export goes through, a log-once set
//! for "not supported" entry points, the libraries' side of the private interface
//! (`private`: its types and stream-ordered host work), the building blocks of C++ data exports (`cxxabi`), and
//! (feature `codegen`, used from build scripts and the xtask) the generators that turn a
//! reference symbol list into export stubs and an ELF version script (`codegen`) and a C++
//! declaration list into functions, data, typeinfo objects and vtables (`cxxgen`).

pub mod boundary;
#[cfg(feature = "codegen")]
pub mod codegen;
pub mod cxxabi;
#[cfg(feature = "codegen")]
pub mod cxxgen;
pub mod symbols;
pub mod log;
pub mod private;

/// Defines exported C functions of a library that returns a status enum: each is
/// `#[no_mangle] extern "C"`, traced at `AMD_LOG_LEVEL` 3, and runs inside the panic
/// boundary, a panic becoming `on_panic`. Bodies are `unsafe` blocks returning the status.
///
/// ```ignore
/// oxrocm_ffi::c_api! { lib = "rocblas", ret = i32, on_panic = 6;
///     fn rocblas_foo(x: *mut i32) { 0 }
/// }
/// ```
#[macro_export]
macro_rules! c_api {
    (lib = $lib:expr, ret = $ret:ty, on_panic = $panic:expr;
     $( $(#[$m:meta])* fn $name:ident($($arg:ident : $ty:ty),* $(,)?) $body:block )*) => {$(
        $(#[$m])*
        #[unsafe(no_mangle)]
        #[allow(clippy::missing_safety_doc)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
            if $crate::log::enabled(3) {
                #[allow(unused_mut)]
                let mut s = String::new();
                $( s += &format!("{}={:?} ", stringify!($arg), $arg); )*
                $crate::log::write($lib, 3, format_args!("{} ( {})", stringify!($name), s));
            }
            let r: $ret = $crate::boundary::guard(stringify!($name), $panic, move || -> $ret {
                #[allow(unused_unsafe)]
                unsafe { $body }
            });
            $crate::log::write($lib, 3, format_args!("{}: returned {:?}", stringify!($name), r));
            r
        }
    )*};
}
