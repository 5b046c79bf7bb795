//! The AMDGCN decoder on arbitrary words, for gfx1030 and gfx1100, and the interpreter's
//! lowering of what decodes: `lower::lower` of each instruction, its mnemonic and branch
//! and waitcnt fields, then the whole input as `.text` through `lower_text` and
//! `decode_text` (laid out at an address, with the interpreter's load-time forms).
#![no_main]
use libfuzzer_sys::fuzz_target;
use oxrocm_gcn_exec::{Target, lower};

fuzz_target!(|data: &[u8]| {
    let words: Vec<u32> = data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    for target in [Target::Gfx1030, Target::Gfx1100] {
        let mut i = 0;
        while i < words.len() {
            match oxrocm_amdgcn::decode(&words[i..], target) {
                Ok((inst, n)) => {
                    assert!(n >= 1 && n <= words.len() - i, "decode used {n} words of {}", words.len() - i);
                    let _ = (inst.mnemonic(), inst.waitcnt(), inst.branch_offset());
                    let low = lower::lower(&inst);
                    assert_eq!(low.len as usize, 4 * n, "lowered length of {}", inst.mnemonic());
                    i += n;
                }
                Err(e) => {
                    let _ = e.to_string();
                    i += 1;
                }
            }
        }
        let lowered = lower::lower_text(data, target);
        assert_eq!(lowered.insts.iter().map(|x| x.len as usize).sum::<usize>(), 4 * words.len());
        let _ = lower::decode_text(data, 0x7f00_0000_1000, target);
    }
});
