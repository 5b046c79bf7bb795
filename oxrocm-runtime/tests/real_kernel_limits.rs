//! The hardware ranges a launch checks (`codeobj::limits`) hold for every kernel real ROCm
//! libraries ship: a range too tight would make real kernels unlaunchable. Checked on the
//! gfx1030/gfx1100 code objects of Debian's rocRAND (ROCm 5.7, 6.4, 7.2: in its
//! `.hip_fatbin`) and hipBLASLt (6.4, 7.2: its `library/*.co`/`*.hsaco` files), fetched by
//! `tools/fetch-rocm-peers*.sh`; under `CI` a missing one fails the test.

use oxrocm_runtime::codeobj::{limits, parse_image};
use std::path::{Path, PathBuf};

fn peers() -> PathBuf {
    std::env::var_os("ROCM_PEERS").map(Into::into).unwrap_or_else(|| Path::new(&std::env::var("HOME").unwrap_or_default()).join(".cache/rocm-peers"))
}

/// (file, code object) pairs for gfx1030/gfx1100, and the files that were missing.
fn real_code_objects() -> (Vec<(String, Vec<u8>)>, Vec<String>) {
    let (mut out, mut missing) = (Vec::new(), Vec::new());
    let mut take = |label: String, file: &[u8]| {
        // Tensile's .co files are offload bundles of their own (parse_image splits them).
        if file.starts_with(b"__CLANG_OFFLOAD_BUNDLE__") || file.starts_with(b"CCOB") {
            out.push((label, file.to_vec()));
            return;
        }
        for co in oxrocm_amdgcn::corpus::code_objects(file) {
            if matches!(oxrocm_amdgcn::corpus::mach(&co.bytes), Some("gfx1030" | "gfx1100")) {
                out.push((label.clone(), co.bytes));
            }
        }
    };
    for dir in ["root", "sid/root", "experimental/root"] {
        let lib = peers().join(dir).join("usr/lib/x86_64-linux-gnu/librocrand.so.1");
        match std::fs::read(&lib) {
            Ok(b) => take(lib.display().to_string(), &b),
            Err(_) => missing.push(lib.display().to_string()),
        }
    }
    for dir in ["sid/root", "experimental/root"] {
        let lib = peers().join(dir).join("usr/lib/x86_64-linux-gnu/hipblaslt/library");
        let Ok(entries) = std::fs::read_dir(&lib) else {
            missing.push(lib.display().to_string());
            continue;
        };
        let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            if (name.contains("gfx1030") || name.contains("gfx1100")) && (name.ends_with(".co") || name.ends_with(".hsaco")) {
                take(f.display().to_string(), &std::fs::read(&f).unwrap());
            }
        }
    }
    (out, missing)
}

#[test]
fn real_kernels_are_within_the_hardware_ranges() {
    let (objects, missing) = real_code_objects();
    if !missing.is_empty() {
        let msg = format!("real_kernel_limits: missing (tools/fetch-rocm-peers*.sh): {}", missing.join(", "));
        assert!(std::env::var_os("CI").is_none(), "{msg}");
        eprintln!("{msg}");
    }
    let (mut kernels, mut bad) = (0usize, Vec::new());
    for (file, bytes) in &objects {
        // A .hsaco of several targets is a bundle; a .co file is one code object.
        for co in parse_image(bytes).unwrap_or_else(|e| panic!("{file}: {e}")) {
            if !matches!(co.processor(), "gfx1030" | "gfx1100") {
                continue;
            }
            let meta = co.metadata().unwrap_or_else(|e| panic!("{file}: metadata: {e}"));
            for k in &meta.kernels {
                kernels += 1;
                if let Err(e) = limits::check_meta(k, co.processor()) {
                    bad.push(format!("{file}: {} metadata: {e}", k.name));
                }
                let (_, kd) = co.descriptor(&k.name).unwrap_or_else(|| panic!("{file}: {}: no descriptor", k.name));
                if let Err(e) = limits::check_descriptor(&kd, co.processor()) {
                    bad.push(format!("{file}: {} descriptor: {e}", k.name));
                }
            }
        }
    }
    eprintln!("real_kernel_limits: {kernels} kernels in {} code objects", objects.len());
    // rocRAND alone has hundreds of kernels per code object; hipBLASLt thousands.
    if missing.is_empty() {
        assert!(kernels >= 5_000, "only {kernels} kernels found");
    }
    assert!(bad.is_empty(), "{} kernels outside the ranges:\n{}", bad.len(), bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n"));
}
