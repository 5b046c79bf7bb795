//! A bare ELF code object up to its loaded image: header, sections, symbols, notes,
//! metadata, descriptors, relocations, program headers, globals and the relocated image.
//! Inputs that are not ELF get the ELF magic prepended.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.starts_with(b"\x7fELF") {
        oxrocm_fuzz::load_image(data);
    } else {
        let mut b = b"\x7fELF".to_vec();
        b.extend_from_slice(data);
        oxrocm_fuzz::load_image(&b);
    }
});
