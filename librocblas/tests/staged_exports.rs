//! The staged librocblas.so.4 and .so.5 (`cargo xtask stage --release`, in
//! target/oxrocm/release/lib) define every name of their symbol lists
//! (librocblas/abi/rocblas-4.symbols, rocblas-5.symbols), the rocBLAS 4.x/5.x C++ internals
//! included, and export no C++ name beyond them (2.47's internals stay in .so.0). Without
//! staged files (or `nm`) the test skips with the reason, or fails under
//! OXROCM_REQUIRE_ALL=1.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn absent(why: String) {
    assert!(
        std::env::var("OXROCM_REQUIRE_ALL").as_deref() != Ok("1"),
        "required (OXROCM_REQUIRE_ALL=1): {why}"
    );
    println!("SKIP: {why}");
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The names of a symbol list (`#` comments, tab-separated version nodes).
fn list(name: &str) -> BTreeSet<String> {
    let path = root().join("librocblas/abi").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap_or_default().trim().to_string())
        .collect()
}

/// The names `file` defines in its dynamic symbol table, or why they cannot be had.
fn exports(file: &Path) -> Result<BTreeSet<String>, String> {
    if !file.exists() {
        return Err(format!(
            "{} is not staged (cargo xtask stage --release)",
            file.display()
        ));
    }
    let out = Command::new("nm")
        .args(["-D", "--defined-only", "--format=posix"])
        .arg(file)
        .output()
        .map_err(|e| format!("nm: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "nm {}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        // versioned names print as name@@node
        .map(|n| n.split('@').next().unwrap_or(n).to_string())
        .collect())
}

#[test]
fn staged_so4_and_so5_export_their_lists() {
    let lib = root().join("target/oxrocm/release/lib");
    for (file, symbols, min_cxx) in [
        ("librocblas.so.4", "rocblas-4.symbols", 270),
        ("librocblas.so.5", "rocblas-5.symbols", 270),
    ] {
        let want = list(symbols);
        let cxx: BTreeSet<&String> = want.iter().filter(|n| n.starts_with("_Z")).collect();
        assert!(
            cxx.len() >= min_cxx,
            "{symbols}: {} C++ names, expected at least {min_cxx}",
            cxx.len()
        );
        let have = match exports(&lib.join(file)) {
            Ok(h) => h,
            Err(why) => return absent(why),
        };
        let missing: Vec<&String> = want.iter().filter(|n| !have.contains(*n)).collect();
        assert!(
            missing.is_empty(),
            "{file} lacks {} names of {symbols}: {:?}",
            missing.len(),
            &missing[..missing.len().min(20)]
        );
        let extra: Vec<&String> = have
            .iter()
            .filter(|n| n.starts_with("_Z") && !want.contains(*n))
            .collect();
        assert!(
            extra.is_empty(),
            "{file} exports C++ names outside {symbols}: {:?}",
            &extra[..extra.len().min(20)]
        );
    }
    // rocBLAS 5.x only
    let four = list("rocblas-4.symbols");
    assert!(!four.contains("_Z32rocblas_internal_get_device_propP15_rocblas_handle"));
    assert!(!four.contains("rocblas_get_commit_hash_string"));
}
