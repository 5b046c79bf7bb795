//! Building blocks for a library's C++ data exports (Itanium C++ ABI, x86-64): zeroed data of
//! a given size and alignment, typeinfo objects and vtables as arrays of pointer words.
//! `crate::cxxgen` (feature `codegen`) writes the statics; a library using them links
//! libstdc++, whose `__cxxabiv1` type-info classes provide the typeinfo objects' vtables.
//!
//! Typeinfo layouts (`<cxxabi.h>`): every one starts with its vptr (the vtable of
//! `__cxxabiv1::__class_type_info`, `__si_class_type_info` or `__vmi_class_type_info`, plus two
//! words: past offset-to-top and the RTTI pointer) and a pointer to the mangled type name;
//! `__si_class_type_info` adds its base's typeinfo; `__vmi_class_type_info` a word of flags
//! (low half) and base count (high half), then per base its typeinfo and an offset/flags word.
//! A vtable of a class without secondary bases: offset-to-top (0), the class's typeinfo, then
//! one word per virtual function.

use std::ffi::c_void;

/// A run of pointer-sized words in read-only memory: a typeinfo object or a vtable.
#[repr(C)]
pub struct Words<const N: usize>(pub [*const c_void; N]);
// SAFETY: the words are addresses fixed at load time and never written.
unsafe impl<const N: usize> Sync for Words<N> {}

/// A vtable of a class without secondary bases: offset-to-top, typeinfo, virtual functions.
#[repr(C)]
pub struct VTable<const N: usize> {
    pub offset_to_top: isize,
    pub typeinfo: *const c_void,
    pub slots: [*const c_void; N],
}
// SAFETY: as for `Words`.
unsafe impl<const N: usize> Sync for VTable<N> {}

macro_rules! aligned_bytes {
    ($($name:ident = $align:literal),*) => {$(
        #[doc = concat!("`N` zero-initialised, writable bytes aligned to ", stringify!($align), " (a C++ global of the library).")]
        #[repr(C, align($align))]
        pub struct $name<const N: usize>(pub [u8; N]);
        impl<const N: usize> $name<N> {
            pub const ZERO: Self = $name([0; N]);
        }
    )*};
}
aligned_bytes!(Bytes1 = 1, Bytes2 = 2, Bytes4 = 4, Bytes8 = 8, Bytes16 = 16);

unsafe extern "C" {
    /// `vtable for __cxxabiv1::__class_type_info` (libstdc++): typeinfo of a class without bases.
    #[link_name = "_ZTVN10__cxxabiv117__class_type_infoE"]
    pub static CLASS_TYPE_INFO_VTABLE: [*const c_void; 4];
    /// `vtable for __cxxabiv1::__si_class_type_info`: one public non-virtual base at offset 0.
    #[link_name = "_ZTVN10__cxxabiv120__si_class_type_infoE"]
    pub static SI_CLASS_TYPE_INFO_VTABLE: [*const c_void; 4];
    /// `vtable for __cxxabiv1::__vmi_class_type_info`: any other set of bases.
    #[link_name = "_ZTVN10__cxxabiv121__vmi_class_type_infoE"]
    pub static VMI_CLASS_TYPE_INFO_VTABLE: [*const c_void; 4];
}

/// The vptr of a typeinfo object of shape `class`, `si` or `vmi`: the address two words into
/// that `__cxxabiv1` class's vtable. Usable in a static's initializer.
#[macro_export]
macro_rules! typeinfo_vptr {
    (class) => { $crate::typeinfo_vptr!(@ CLASS_TYPE_INFO_VTABLE) };
    (si) => { $crate::typeinfo_vptr!(@ SI_CLASS_TYPE_INFO_VTABLE) };
    (vmi) => { $crate::typeinfo_vptr!(@ VMI_CLASS_TYPE_INFO_VTABLE) };
    (@ $vt:ident) => {
        (&raw const $crate::cxxabi::$vt).cast::<*const ::std::ffi::c_void>().wrapping_add(2).cast::<::std::ffi::c_void>()
    };
}

unsafe extern "C" {
    /// `operator new(std::size_t)` (libstdc++).
    #[link_name = "_Znwm"]
    fn operator_new(size: usize) -> *mut u8;
}

/// Size of libstdc++'s `std::__cxx11::basic_string<char>`: data pointer, length, and a 16-byte
/// union of the in-place buffer (15 characters and a NUL) and the heap capacity.
pub const STRING_SIZE: usize = 32;

/// Constructs a `std::string` holding `s` in the uninitialised object at `out` (libstdc++'s
/// new ABI); memory for more than 15 bytes comes from `operator new`, as the string's
/// destructor expects.
///
/// # Safety
/// `out` must point to `STRING_SIZE` writable bytes, 8-aligned.
pub unsafe fn construct_string(out: *mut c_void, s: &[u8]) {
    unsafe {
        let words = out.cast::<usize>();
        let local = out.cast::<u8>().add(16);
        let data = if s.len() < 16 {
            local
        } else {
            words.add(2).write(s.len()); // capacity
            operator_new(s.len() + 1)
        };
        std::ptr::copy_nonoverlapping(s.as_ptr(), data, s.len());
        data.add(s.len()).write(0);
        words.write(data as usize);
        words.add(1).write(s.len());
    }
}
