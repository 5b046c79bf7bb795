//! The C++ side of rocBLAS that its clients compile against: `rocblas_internal_ostream`
//! (rocblas-test's `rocblas_cout`/`rocblas_cerr`) and `rocblas_internal_get_arch_name()`.
//!
//! Clients inline most of `rocblas_internal_ostream` (the `<<` operators write straight into
//! its `std::ostringstream` member) and call the out-of-line constructors, `flush()` and the
//! destructor, and take the vtable's address. Layout (x86-64, libstdc++ new ABI):
//! `{ vptr; std::ostringstream m_os (376 bytes); std::shared_ptr<worker> m_worker_ptr; bool m_yaml; ... }`.
//! We construct and destroy `m_os` through libstdc++'s exported instantiation and keep the
//! output file descriptor + 1 in the shared_ptr's object pointer, with a NULL control block
//! (so inline shared_ptr copies and moves in clients never touch a reference count).

use std::collections::HashMap;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::mem::MaybeUninit;
use std::sync::Mutex;

const OFF_OS: usize = 8;
const SIZEOF_OSTRINGSTREAM: usize = 376;
const OFF_WORKER: usize = OFF_OS + SIZEOF_OSTRINGSTREAM;

/// libstdc++'s `std::__cxx11::basic_string<char>`.
#[repr(C)]
pub struct CxxString {
    ptr: *mut u8,
    len: usize,
    /// SSO buffer (15 chars + NUL), or the capacity when heap-allocated.
    buf: [u8; 16],
}

#[link(name = "stdc++")]
unsafe extern "C" {
    #[link_name = "_ZNSt7__cxx1119basic_ostringstreamIcSt11char_traitsIcESaIcEEC1Ev"]
    fn ostringstream_ctor(this: *mut c_void);
    #[link_name = "_ZNSt7__cxx1119basic_ostringstreamIcSt11char_traitsIcESaIcEED1Ev"]
    fn ostringstream_dtor(this: *mut c_void);
    /// `str() const`: returns the string through a hidden result pointer.
    #[link_name = "_ZNKSt7__cxx1119basic_ostringstreamIcSt11char_traitsIcESaIcEE3strEv"]
    fn ostringstream_str(ret: *mut CxxString, this: *const c_void) -> *mut CxxString;
    #[link_name = "_ZNSt7__cxx1119basic_ostringstreamIcSt11char_traitsIcESaIcEE3strERKNS_12basic_stringIcS2_S3_EE"]
    fn ostringstream_set_str(this: *mut c_void, s: *const CxxString);
    #[link_name = "_Znwm"]
    fn operator_new(size: usize) -> *mut u8;
    #[link_name = "_ZdlPv"]
    fn operator_delete(p: *mut c_void);
    /// `vtable for __cxxabiv1::__class_type_info`.
    #[link_name = "_ZTVN10__cxxabiv117__class_type_infoE"]
    static CLASS_TYPE_INFO_VTABLE: [*const c_void; 4];
}

/// Builds `s` into the (uninitialized) string object at `out`.
unsafe fn make_string(out: *mut CxxString, s: &[u8]) {
    unsafe {
        let buf = (&raw mut (*out).buf).cast::<u8>();
        let data = if s.len() < 16 {
            buf
        } else {
            let p = operator_new(s.len() + 1);
            buf.cast::<usize>().write_unaligned(s.len());
            p
        };
        std::ptr::copy_nonoverlapping(s.as_ptr(), data, s.len());
        *data.add(s.len()) = 0;
        (&raw mut (*out).ptr).write(data);
        (&raw mut (*out).len).write(s.len());
    }
}

/// Destroys a string object we own.
unsafe fn drop_string(s: *mut CxxString) {
    unsafe {
        let local = (&raw mut (*s).buf).cast::<u8>();
        if (*s).ptr != local {
            operator_delete((*s).ptr.cast());
        }
    }
}

fn os_of(this: *mut c_void) -> *mut c_void {
    this.cast::<u8>().wrapping_add(OFF_OS).cast()
}

fn worker_slot(this: *mut c_void) -> *mut [usize; 2] {
    this.cast::<u8>().wrapping_add(OFF_WORKER).cast()
}

/// Output fd of the stream, if it has one.
unsafe fn fd_of(this: *mut c_void) -> Option<c_int> {
    let w = unsafe { worker_slot(this).read() };
    (w[0] != 0).then(|| (w[0] - 1) as c_int)
}

unsafe fn construct(this: *mut c_void, fd: Option<c_int>) {
    unsafe {
        this.cast::<*const c_void>()
            .write((&raw const VTABLE.0[2]).cast());
        ostringstream_ctor(os_of(this));
        worker_slot(this).write([fd.map_or(0, |f| f as usize + 1), 0]);
        // m_yaml (and later flags) follow the shared_ptr.
        this.cast::<u8>()
            .add(OFF_WORKER + 16)
            .cast::<u64>()
            .write(0);
    }
}

fn write_all(fd: c_int, mut data: &[u8]) {
    while !data.is_empty() {
        let n = unsafe { libc::write(fd, data.as_ptr().cast(), data.len()) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        data = &data[n as usize..];
    }
}

/// `rocblas_internal_ostream::rocblas_internal_ostream(int fd)` (C1 and C2).
#[unsafe(export_name = "_ZN24rocblas_internal_ostreamC1Ei")]
pub unsafe extern "C" fn ostream_ctor_fd(this: *mut c_void, fd: c_int) {
    oxrocm_ffi::boundary::guard("rocblas_internal_ostream(int)", (), || unsafe {
        construct(this, Some(fd))
    })
}

#[unsafe(export_name = "_ZN24rocblas_internal_ostreamC2Ei")]
pub unsafe extern "C" fn ostream_ctor_fd_base(this: *mut c_void, fd: c_int) {
    unsafe { ostream_ctor_fd(this, fd) }
}

/// Files opened by name stay open for the process (one descriptor per path).
static FILES: Mutex<Option<HashMap<String, c_int>>> = Mutex::new(None);

/// `rocblas_internal_ostream::rocblas_internal_ostream(const char* filename)`: appends.
#[unsafe(export_name = "_ZN24rocblas_internal_ostreamC1EPKc")]
pub unsafe extern "C" fn ostream_ctor_file(this: *mut c_void, filename: *const c_char) {
    oxrocm_ffi::boundary::guard("rocblas_internal_ostream(const char*)", (), || unsafe {
        let mut fd = None;
        if !filename.is_null() {
            let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
            let mut files = FILES.lock().unwrap_or_else(|e| e.into_inner());
            let files = files.get_or_insert_with(HashMap::new);
            fd = files.get(&name).copied();
            if fd.is_none() {
                let f = libc::open(
                    filename,
                    libc::O_WRONLY | libc::O_CREAT | libc::O_APPEND | libc::O_CLOEXEC,
                    0o644,
                );
                if f >= 0 {
                    files.insert(name, f);
                    fd = Some(f);
                } else {
                    oxrocm_ffi::log::write("rocblas", 1, format_args!("cannot open {name}"));
                }
            }
        }
        construct(this, fd)
    })
}

#[unsafe(export_name = "_ZN24rocblas_internal_ostreamC2EPKc")]
pub unsafe extern "C" fn ostream_ctor_file_base(this: *mut c_void, filename: *const c_char) {
    unsafe { ostream_ctor_file(this, filename) }
}

/// `flush()`: writes the buffered text to the stream's file and empties the buffer.
#[unsafe(export_name = "_ZN24rocblas_internal_ostream5flushEv")]
pub unsafe extern "C" fn ostream_flush(this: *mut c_void) {
    oxrocm_ffi::boundary::guard("rocblas_internal_ostream::flush", (), || unsafe {
        let Some(fd) = fd_of(this) else { return };
        let mut s = MaybeUninit::<CxxString>::uninit();
        ostringstream_str(s.as_mut_ptr(), os_of(this));
        let sp = s.as_mut_ptr();
        let text = std::slice::from_raw_parts((*sp).ptr, (*sp).len);
        if !text.is_empty() {
            write_all(fd, text);
            let mut empty = MaybeUninit::<CxxString>::uninit();
            make_string(empty.as_mut_ptr(), b"");
            ostringstream_set_str(os_of(this), empty.as_ptr());
        }
        drop_string(sp);
    })
}

/// Complete- and base-object destructor: flush, then destroy the members.
#[unsafe(export_name = "_ZN24rocblas_internal_ostreamD1Ev")]
pub unsafe extern "C" fn ostream_dtor(this: *mut c_void) {
    unsafe {
        ostream_flush(this);
        oxrocm_ffi::boundary::guard("~rocblas_internal_ostream", (), || {
            ostringstream_dtor(os_of(this))
        });
    }
}

#[unsafe(export_name = "_ZN24rocblas_internal_ostreamD2Ev")]
pub unsafe extern "C" fn ostream_dtor_base(this: *mut c_void) {
    unsafe { ostream_dtor(this) }
}

/// Deleting destructor.
#[unsafe(export_name = "_ZN24rocblas_internal_ostreamD0Ev")]
pub unsafe extern "C" fn ostream_dtor_delete(this: *mut c_void) {
    unsafe {
        ostream_dtor(this);
        operator_delete(this);
    }
}

/// `static std::ostream& yaml_on(std::ostream&)` / `yaml_off`: manipulators that clients
/// compare by address; as functions they return their argument.
#[unsafe(export_name = "_ZN24rocblas_internal_ostream7yaml_onERSo")]
pub extern "C" fn ostream_yaml_on(os: *mut c_void) -> *mut c_void {
    os
}

#[unsafe(export_name = "_ZN24rocblas_internal_ostream8yaml_offERSo")]
pub extern "C" fn ostream_yaml_off(os: *mut c_void) -> *mut c_void {
    os
}

/// `static void clear_workers()`: files stay open (nothing to clear).
#[unsafe(export_name = "_ZN24rocblas_internal_ostream13clear_workersEv")]
pub extern "C" fn ostream_clear_workers() {}

#[repr(C)]
pub struct VTable(pub [*const c_void; 4]);
unsafe impl Sync for VTable {}

#[repr(C)]
pub struct TypeInfo(pub [*const c_void; 2]);
unsafe impl Sync for TypeInfo {}

/// `typeinfo name for rocblas_internal_ostream`.
#[unsafe(export_name = "_ZTS24rocblas_internal_ostream")]
pub static TYPE_NAME: [u8; 27] = *b"24rocblas_internal_ostream\0";

/// `typeinfo for rocblas_internal_ostream` (a class without bases).
#[unsafe(export_name = "_ZTI24rocblas_internal_ostream")]
pub static TYPE_INFO: TypeInfo = TypeInfo([
    (&raw const CLASS_TYPE_INFO_VTABLE)
        .cast::<*const c_void>()
        .wrapping_add(2)
        .cast(),
    (&raw const TYPE_NAME).cast(),
]);

/// `vtable for rocblas_internal_ostream`: offset-to-top, typeinfo, then the virtual destructor.
#[unsafe(export_name = "_ZTV24rocblas_internal_ostream")]
pub static VTABLE: VTable = VTable([
    std::ptr::null(),
    (&raw const TYPE_INFO).cast(),
    ostream_dtor as *const c_void,
    ostream_dtor_delete as *const c_void,
]);

/// `std::string rocblas_internal_get_arch_name()`: the current device's gfx name.
#[unsafe(export_name = "_Z30rocblas_internal_get_arch_nameB5cxx11v")]
pub unsafe extern "C" fn rocblas_internal_get_arch_name(ret: *mut CxxString) -> *mut CxxString {
    let name = oxrocm_ffi::boundary::guard(
        "rocblas_internal_get_arch_name",
        None,
        crate::hip::current_arch_name,
    )
    .unwrap_or_default();
    unsafe { make_string(ret, name.as_bytes()) };
    ret
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cxx_string_helpers() {
        unsafe {
            for text in [&b""[..], b"gfx90a", b"a string longer than fifteen bytes"] {
                let mut s = MaybeUninit::<CxxString>::uninit();
                make_string(s.as_mut_ptr(), text);
                let p = s.as_mut_ptr();
                assert_eq!(std::slice::from_raw_parts((*p).ptr, (*p).len), text);
                assert_eq!(*(*p).ptr.add(text.len()), 0);
                drop_string(p);
            }
        }
    }

    /// Drives the object the way inline client code does: construct on an fd, write into
    /// `m_os` (here through `str(const string&)`), flush to a pipe, destroy.
    #[test]
    fn ostream_writes_to_its_fd() {
        unsafe {
            let mut fds = [0; 2];
            assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
            let mut obj = vec![0u64; 64]; // 512 bytes > sizeof(rocblas_internal_ostream)
            let this = obj.as_mut_ptr().cast::<c_void>();
            ostream_ctor_fd(this, fds[1]);
            assert_eq!(
                *this.cast::<*const c_void>(),
                (&raw const VTABLE.0[2]).cast::<c_void>()
            );
            let mut s = MaybeUninit::<CxxString>::uninit();
            make_string(s.as_mut_ptr(), b"hello from rocBLAS\n");
            ostringstream_set_str(os_of(this), s.as_ptr());
            drop_string(s.as_mut_ptr());
            ostream_flush(this);
            let mut buf = [0u8; 64];
            let n = libc::read(fds[0], buf.as_mut_ptr().cast(), buf.len());
            assert_eq!(&buf[..n as usize], b"hello from rocBLAS\n");
            // the buffer was emptied: destroying writes nothing more
            ostream_dtor(this);
            libc::close(fds[1]);
            assert_eq!(libc::read(fds[0], buf.as_mut_ptr().cast(), buf.len()), 0);
            libc::close(fds[0]);
        }
    }

    #[test]
    fn arch_name_is_a_gfx_target() {
        unsafe {
            let mut s = MaybeUninit::<CxxString>::uninit();
            rocblas_internal_get_arch_name(s.as_mut_ptr());
            let p = s.as_mut_ptr();
            let name = std::str::from_utf8(std::slice::from_raw_parts((*p).ptr, (*p).len))
                .unwrap()
                .to_string();
            drop_string(p);
            assert!(name.starts_with("gfx"), "{name}");
        }
    }
}
