//! Plain offload bundles (`__CLANG_OFFLOAD_BUNDLE__`): the extent from the entry table, the
//! entries, and every code object found taken up to its loaded image.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    oxrocm_fuzz::load_image(data);
});
