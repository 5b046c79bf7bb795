//! MIOpen's C++ internals that its own programs link against: Debian's `MIOpenDriver` and
//! `miopen_gtest` (libmiopen1-tests, MIOpen 6.4 and 7.2) import 638 `miopen::` functions, data,
//! typeinfo objects and vtables besides the C API, and do not load without them.
//!
//! All are generated from `abi/miopen-internal.symbols` (`tools/miopen-internal-symbols.sh`
//! reads names, sizes and shapes from the real library) by `oxrocm_ffi::cxxgen`:
//! - a function logs its first call (`AMD_LOG_LEVEL=1`) and returns 0; the `miopen*`
//!   C++-linkage helpers (`miopenGet4dTensorDescriptorLengths(...)` ...) return
//!   miopenStatusNotImplemented, as they return `miopenStatus_t`;
//! - data (`miopen::debug::LoggingQuiet`, `FindEnforceDisable` ...) is zeroed and writable, of
//!   the real size and alignment;
//! - typeinfo objects have the real size and a valid layout (libstdc++'s `__class_type_info`,
//!   `__si_class_type_info` or `__vmi_class_type_info` vptr, the mangled name, the bases);
//! - vtables have the real size: offset-to-top 0, the class's typeinfo, and every virtual
//!   function slot at a stub that logs once and returns 0, so nothing calls through NULL.
//!
//! A name defined by hand elsewhere in `src/` (`export_name = "..."`) is left out.

#![allow(static_mut_refs)]

use oxrocm_ffi::cxxabi::*;

// The typeinfo objects' vptrs are libstdc++'s.
#[link(name = "stdc++")]
unsafe extern "C" {}

include!(concat!(env!("OUT_DIR"), "/miopen_internal.rs"));
