//! Differential test on the hip-samples corpus: every instruction of every gfx1030 and
//! gfx1100 code object built by `shared/hip-samples/build.sh` must print exactly as
//! llvm-objdump-15 prints it. Skips (with the reason) when the corpus or
//! llvm-objdump-15 is missing. Corpus root: $OXROCM_HIP_SAMPLES or
//! ${TMPDIR:-/tmp}/hip-samples.

mod support;

use support::oracle;

#[test]
fn hip_samples_agree_with_llvm_objdump() {
    let root = std::env::var("OXROCM_HIP_SAMPLES").map(std::path::PathBuf::from).unwrap_or_else(|_| {
        std::path::PathBuf::from(std::env::var("TMPDIR").unwrap_or_else(|_| "/tmp".into())).join("hip-samples")
    });
    if !oracle::objdump_available() {
        println!("SKIP: {} not installed", oracle::OBJDUMP);
        return;
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for target in ["gfx1030", "gfx1100"] {
        let dir = root.join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            println!("SKIP {target}: no corpus at {} (run shared/hip-samples/build.sh gfx1030 gfx1100)", dir.display());
            continue;
        };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
        files.sort();
        for f in files {
            let bytes = std::fs::read(&f).unwrap();
            for co in oxrocm_amdgcn::corpus::code_objects(&bytes) {
                let Some(t) = oxrocm_amdgcn::corpus::mach(&co.bytes).and_then(oracle::target_of) else { continue };
                let st = oracle::compare(&co.bytes, t, None).expect("llvm-objdump-15 runs");
                checked += st.total;
                for (mn, (n, want, got)) in st.bad {
                    failures.push(format!("{} {}: {n}x {mn}\n  want: {want}\n  got:  {got}", f.display(), t.name()));
                }
            }
        }
    }
    println!("checked {checked} instructions");
    assert!(failures.is_empty(), "{} mismatching mnemonics:\n{}", failures.len(), failures.join("\n"));
}
