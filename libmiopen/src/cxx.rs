//! MIOpen C++ internals with a real body: the few that MIOpen's test programs call before
//! anything else (static initialisers), where the generated stub's 0 would leave a returned
//! object unconstructed. Every other internal is generated (`internal.rs`).

use oxrocm_ffi::cxxabi::{STRING_SIZE, construct_string};
use std::ffi::{c_char, c_void};

/// `std::optional<std::string> miopen::env::getEnvironmentVariable(std::string_view name)`:
/// the variable's value, or no value when it is not set. The optional (a string, then the
/// engaged flag) is returned through the hidden result pointer; the `string_view` arrives as
/// its length and data pointer.
#[unsafe(export_name = "_ZN6miopen3env22getEnvironmentVariableB5cxx11ESt17basic_string_viewIcSt11char_traitsIcEE")]
pub unsafe extern "C" fn get_environment_variable(ret: *mut c_void, len: usize, name: *const c_char) -> *mut c_void {
    let name = if name.is_null() { &[][..] } else { unsafe { std::slice::from_raw_parts(name.cast::<u8>(), len) } };
    let value = std::str::from_utf8(name).ok().and_then(|n| std::env::var_os(n));
    unsafe {
        let engaged = ret.cast::<u8>().add(STRING_SIZE);
        match value {
            Some(v) => {
                construct_string(ret, std::os::unix::ffi::OsStrExt::as_bytes(v.as_os_str()));
                engaged.write(1);
            }
            None => engaged.write(0),
        }
    }
    ret
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads back a string built by `construct_string` (data pointer, length).
    unsafe fn read(obj: *const c_void) -> Vec<u8> {
        unsafe {
            let w = obj.cast::<usize>();
            std::slice::from_raw_parts(*w as *const u8, *w.add(1)).to_vec()
        }
    }

    #[test]
    fn environment_variables() {
        let mut obj = [0u64; 5];
        let p = obj.as_mut_ptr().cast::<c_void>();
        let name = "OXROCM_MIOPEN_TEST_ENV";
        unsafe {
            std::env::set_var(name, "a value longer than fifteen bytes");
            assert_eq!(get_environment_variable(p, name.len(), name.as_ptr().cast()), p);
            assert_eq!(obj[4] & 0xff, 1);
            assert_eq!(read(p), b"a value longer than fifteen bytes");
            std::env::set_var(name, "short");
            get_environment_variable(p, name.len(), name.as_ptr().cast());
            assert_eq!(read(p), b"short");
            assert_eq!(obj[0] as usize, p as usize + 16, "short strings are kept in place");
            std::env::remove_var(name);
            get_environment_variable(p, name.len(), name.as_ptr().cast());
            assert_eq!(obj[4] & 0xff, 0);
        }
    }
}
