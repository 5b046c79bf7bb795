//! Differential test on the project's HIP programs: every instruction of every gfx1030 and
//! gfx1100 code object that `abi-tests/build-kernels.sh` builds (`cargo xtask test` builds
//! them first) must print exactly as llvm-objdump-15 prints it. Corpus root:
//! $OXROCM_HIP_SAMPLES, else target/oxrocm/hip-programs. Without the corpus or
//! llvm-objdump-15 the test skips with the reason, or fails under OXROCM_REQUIRE_ALL=1 (CI);
//! with a corpus it must check at least MIN_INSTRUCTIONS.

mod support;

use support::oracle;

/// The corpus holds about 12,000 instructions (the gfx1030 and gfx1100 builds of the
/// samples and the gcn programs); a corpus that shrinks below it checks too little.
const MIN_INSTRUCTIONS: u64 = 10_000;

/// A component is missing: skip, or fail when the run requires every component.
fn absent(why: String) {
    assert!(std::env::var("OXROCM_REQUIRE_ALL").as_deref() != Ok("1"), "required (OXROCM_REQUIRE_ALL=1): {why}");
    println!("SKIP: {why}");
}

#[test]
fn hip_samples_agree_with_llvm_objdump() {
    let root = std::env::var("OXROCM_HIP_SAMPLES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/oxrocm/hip-programs"));
    if !oracle::objdump_available() {
        return absent(format!("{} not installed (apt-get install llvm-15)", oracle::OBJDUMP));
    }
    if !root.join("gfx1030").is_dir() && !root.join("gfx1100").is_dir() {
        return absent(format!("no corpus at {} (bash abi-tests/build-kernels.sh {0})", root.display()));
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for target in ["gfx1030", "gfx1100", "gcn"] {
        let dir = root.join(target);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("corpus folder {}: {e}", dir.display()));
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
    assert!(checked >= MIN_INSTRUCTIONS, "checked {checked} instructions, fewer than {MIN_INSTRUCTIONS}: the corpus at {} is incomplete", root.display());
    assert!(failures.is_empty(), "{} mismatching mnemonics:\n{}", failures.len(), failures.join("\n"));
}
