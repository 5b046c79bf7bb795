//! Kernel metadata: the input is the MessagePack of an `NT_AMDGPU_METADATA` note, put in a
//! minimal ELF (one SHT_NOTE section) and read by `CodeObjectMeta::from_elf`; each kernel
//! found gets its explicit arguments listed and a kernarg segment built.
#![no_main]
use libfuzzer_sys::fuzz_target;
use oxrocm_runtime::codeobj::elf::Elf;
use oxrocm_runtime::codeobj::metadata::CodeObjectMeta;

const NT_AMDGPU_METADATA: u32 = 32;

/// An AMDGPU ELF whose only section is one note holding `desc`.
fn elf_with_note(desc: &[u8]) -> Vec<u8> {
    let mut note = Vec::new();
    note.extend(7u32.to_le_bytes());
    note.extend((desc.len() as u32).to_le_bytes());
    note.extend(NT_AMDGPU_METADATA.to_le_bytes());
    note.extend(b"AMDGPU\0\0");
    note.extend(desc);
    note.resize(note.len().next_multiple_of(4), 0);

    let mut e = vec![0u8; 64];
    e[..8].copy_from_slice(b"\x7fELF\x02\x01\x01\x40"); // 64-bit, LE, ELFOSABI_AMDGPU_HSA
    e[8] = 2; // code object v4
    e[0x10..0x12].copy_from_slice(&3u16.to_le_bytes()); // ET_DYN
    e[0x12..0x14].copy_from_slice(&224u16.to_le_bytes()); // EM_AMDGPU
    e[0x14..0x18].copy_from_slice(&1u32.to_le_bytes());
    e[0x28..0x30].copy_from_slice(&64u64.to_le_bytes()); // e_shoff
    e[0x30..0x34].copy_from_slice(&0x41u32.to_le_bytes()); // gfx1100
    e[0x34..0x36].copy_from_slice(&64u16.to_le_bytes());
    e[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes()); // e_shentsize
    e[0x3C..0x3E].copy_from_slice(&2u16.to_le_bytes()); // e_shnum
    let mut sh = [0u8; 64];
    sh[4..8].copy_from_slice(&7u32.to_le_bytes()); // SHT_NOTE
    sh[0x18..0x20].copy_from_slice(&192u64.to_le_bytes());
    sh[0x20..0x28].copy_from_slice(&(note.len() as u64).to_le_bytes());
    sh[0x30..0x38].copy_from_slice(&4u64.to_le_bytes());
    e.extend([0u8; 64]);
    e.extend(sh);
    e.extend(note);
    e
}

fuzz_target!(|data: &[u8]| {
    let image = elf_with_note(data);
    let elf = Elf::new(&image).expect("the wrapper is an ELF");
    if let Ok(meta) = CodeObjectMeta::from_elf(&elf) {
        for km in meta.kernels.iter().take(64) {
            assert!(meta.kernel(&km.name).is_some());
            oxrocm_fuzz::touch_kernel_meta(km);
        }
    }
});
