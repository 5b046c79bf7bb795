//! Differential sweep: decode every instruction of the gfx1030/gfx1100 code objects in the
//! given files (host binaries with `.hip_fatbin`, or raw code objects) and compare the
//! printed text with llvm-objdump-15's. Prints agreement per target and the top
//! mismatching mnemonics with an example each.
//!
//!   cargo run -p oxrocm-amdgcn --example diffsweep -- [--max-cos N] [--max-insts N] FILES...

#[path = "../tests/support/oracle.rs"]
mod oracle;

use std::collections::HashMap;

fn main() {
    let mut max_cos = usize::MAX;
    let mut max_insts = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--max-cos" => max_cos = args.next().and_then(|v| v.parse().ok()).unwrap_or(usize::MAX),
            "--max-insts" => max_insts = args.next().and_then(|v| v.parse().ok()),
            _ => files.push(a),
        }
    }
    if !oracle::objdump_available() {
        eprintln!("{} not found", oracle::OBJDUMP);
        std::process::exit(2);
    }
    let mut per: HashMap<&'static str, oracle::Stats> = HashMap::new();
    let mut cos: HashMap<&'static str, usize> = HashMap::new();
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            eprintln!("cannot read {f}");
            continue;
        };
        let mut n_here: HashMap<&'static str, usize> = HashMap::new();
        for co in oxrocm_amdgcn::corpus::code_objects(&bytes) {
            let Some(t) = oxrocm_amdgcn::corpus::mach(&co.bytes).and_then(oracle::target_of) else { continue };
            let n = n_here.entry(t.name()).or_default();
            if *n >= max_cos {
                continue;
            }
            *n += 1;
            *cos.entry(t.name()).or_default() += 1;
            match oracle::compare(&co.bytes, t, max_insts) {
                Ok(st) => per.entry(t.name()).or_default().add(&st),
                Err(e) => eprintln!("{f}: {e}"),
            }
        }
    }
    let mut targets: Vec<_> = per.keys().copied().collect();
    targets.sort();
    for t in targets {
        let st = &per[t];
        println!(
            "{t}: {} code objects, {}/{} instructions agree ({:.4}%)",
            cos[t],
            st.agree,
            st.total,
            100.0 * st.agree as f64 / st.total.max(1) as f64
        );
        let mut bad: Vec<_> = st.bad.iter().collect();
        bad.sort_by_key(|b| std::cmp::Reverse(b.1.0));
        for (mn, (n, e, g)) in bad.iter().take(40) {
            println!("  {n:>8} {mn}\n           want: {e}\n           got:  {g}");
        }
    }
}
