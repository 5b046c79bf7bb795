//! Offload bundles and compressed bundles made from code objects, laid out as clang and
//! clang-offload-bundler write them.

/// A `__CLANG_OFFLOAD_BUNDLE__` of `entries` (id, bytes), entries 4096-aligned as clang does.
pub fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut head = b"__CLANG_OFFLOAD_BUNDLE__".to_vec();
    head.extend((entries.len() as u64).to_le_bytes());
    let table: usize = 32 + entries.iter().map(|(id, _)| 24 + id.len()).sum::<usize>();
    let mut offsets = Vec::new();
    let mut at = table;
    for (_, data) in entries {
        at = if data.is_empty() { at } else { at.next_multiple_of(4096) };
        offsets.push(at);
        at += data.len();
    }
    for ((id, data), off) in entries.iter().zip(&offsets) {
        head.extend((*off as u64).to_le_bytes());
        head.extend((data.len() as u64).to_le_bytes());
        head.extend((id.len() as u64).to_le_bytes());
        head.extend(id.as_bytes());
    }
    for ((_, data), off) in entries.iter().zip(&offsets) {
        head.resize(*off, 0);
        head.extend(*data);
    }
    head
}

/// `CCOB` v2 (zlib) or v3 (zstd) of `inner`.
pub fn ccob(version: u16, inner: &[u8]) -> Vec<u8> {
    let mut c = b"CCOB".to_vec();
    c.extend(version.to_le_bytes());
    if version == 2 {
        let z = miniz_oxide::deflate::compress_to_vec_zlib(inner, 6);
        c.extend(0u16.to_le_bytes());
        c.extend(((24 + z.len()) as u32).to_le_bytes());
        c.extend((inner.len() as u32).to_le_bytes());
        c.extend(0u64.to_le_bytes());
        c.extend(z);
    } else {
        let z = ruzstd::encoding::compress_to_vec(inner, ruzstd::encoding::CompressionLevel::Fastest);
        c.extend(1u16.to_le_bytes());
        c.extend(((32 + z.len()) as u64).to_le_bytes());
        c.extend((inner.len() as u64).to_le_bytes());
        c.extend(0u64.to_le_bytes());
        c.extend(z);
    }
    c
}
