//! Which instructions of the gfx1030/gfx1100 code objects in the given files the
//! interpreter does not implement yet, with how often each occurs (static count).
//!
//!   cargo run --release -p oxrocm-gcn-exec --example coverage -- FILES...

use oxrocm_amdgcn::corpus;
use oxrocm_gcn_exec::{interp, lower};
use std::collections::{BTreeMap, HashMap};

fn main() {
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let mut seen: HashMap<String, bool> = HashMap::new();
    let (mut total, mut covered) = (0usize, 0usize);
    for f in std::env::args().skip(1) {
        let Ok(bytes) = std::fs::read(&f) else { continue };
        for co in corpus::code_objects(&bytes) {
            let target = match corpus::mach(&co.bytes) {
                Some("gfx1030") => oxrocm_amdgcn::Target::Gfx1030,
                Some("gfx1100") => oxrocm_amdgcn::Target::Gfx1100,
                _ => continue,
            };
            let Some((text, _)) = corpus::text(&co.bytes) else { continue };
            let words: Vec<u32> = text.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            let mut i = 0;
            while i < words.len() {
                let Ok((d, n)) = oxrocm_amdgcn::decode(&words[i..], target) else {
                    i += 1;
                    continue;
                };
                i += n.max(1);
                let inst = lower::lower(&d);
                let key = format!("{} {}", target.name(), d.mnemonic());
                let ok = *seen.entry(key.clone()).or_insert_with(|| interp::implements(&inst));
                total += 1;
                if ok {
                    covered += 1;
                } else {
                    *missing.entry(key).or_default() += 1;
                }
            }
        }
    }
    let mut v: Vec<_> = missing.into_iter().collect();
    v.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    for (k, n) in &v {
        println!("{n:>10} {k}");
    }
    println!("{covered}/{total} instructions implemented ({:.3}%), {} distinct missing", 100.0 * covered as f64 / total.max(1) as f64, v.len());
}
