//! Counts the opcodes (encoding suffix dropped) in the gfx1030/gfx1100 code objects of the
//! given files: which instructions an executor must know for them.
//!
//!   cargo run -p oxrocm-amdgcn --example mnemonics -- FILES...

use std::collections::BTreeMap;

fn main() {
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for f in std::env::args().skip(1) {
        let Ok(bytes) = std::fs::read(&f) else { continue };
        for co in oxrocm_amdgcn::corpus::code_objects(&bytes) {
            let target = match oxrocm_amdgcn::corpus::mach(&co.bytes) {
                Some("gfx1030") => oxrocm_amdgcn::Target::Gfx1030,
                Some("gfx1100") => oxrocm_amdgcn::Target::Gfx1100,
                _ => continue,
            };
            let Some((text, _)) = oxrocm_amdgcn::corpus::text(&co.bytes) else { continue };
            let words: Vec<u32> = text.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            let mut i = 0;
            while i < words.len() {
                match oxrocm_amdgcn::decode(&words[i..], target) {
                    Ok((inst, n)) => {
                        *counts.entry((target.name().into(), inst.info.base_name().into())).or_default() += 1;
                        if let Some(y) = &inst.vopd_y {
                            *counts.entry((target.name().into(), y.info.base_name().into())).or_default() += 1;
                        }
                        i += n;
                    }
                    Err(e) => {
                        *counts.entry((target.name().into(), format!("<{e}>"))).or_default() += 1;
                        i += 1;
                    }
                }
            }
        }
    }
    for ((t, m), n) in counts {
        println!("{t} {m} {n}");
    }
}
