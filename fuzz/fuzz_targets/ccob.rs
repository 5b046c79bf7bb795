//! Compressed offload bundles (`CCOB` v1-v3, zlib or zstd): the extent, the bounded
//! decompression, and what the inner bundle holds. Inputs without the magic get it
//! prepended, so the fuzzer spends its time past the first four bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.starts_with(b"CCOB") {
        oxrocm_fuzz::load_image(data);
    } else {
        let mut b = b"CCOB".to_vec();
        b.extend_from_slice(data);
        oxrocm_fuzz::load_image(&b);
    }
});
