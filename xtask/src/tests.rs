//! `cargo xtask test` and `cargo xtask example`.
//!
//! All tests: cargo's tests (CPU backend), the HIP API tests again on the Vulkan backend
//! (lavapipe in CI; mapped and forced-staging memory paths), then the C-level suite
//! (abi-tests/run.sh) on the staged libraries once per backend. Ends with one summary line.

use crate::stage::stage;
use crate::{root, run};
use std::process::Command;

/// HIP API test passes on the Vulkan backend: mapped memory, forced GPU transfers, and
/// lavapipe's subgroup sizes 4 and 16 (default 8) for the subgroup-size-agnostic kernels.
const VULKAN_PASSES: [(&str, &[(&str, &str)]); 4] = [
    ("vulkan", &[]),
    ("vulkan-staging", &[("OXROCM_VULKAN_STAGING", "1")]),
    ("vulkan-subgroup-4", &[("OXROCM_VULKAN_STAGING", "1"), ("LP_NATIVE_VECTOR_WIDTH", "128")]),
    ("vulkan-subgroup-16", &[("OXROCM_VULKAN_STAGING", "1"), ("LP_NATIVE_VECTOR_WIDTH", "512")]),
];

fn vulkan_env(cmd: &mut Command, extra: &[(&str, &str)]) {
    cmd.env("OXROCM_BACKEND", "vulkan")
        .env("OXROCM_VULKAN_DEVICE_REPEAT", "2")
        .env("OXROCM_VULKAN_VALIDATION", "1")
        .env("XDG_RUNTIME_DIR", std::env::var("XDG_RUNTIME_DIR").unwrap_or_else(|_| "/tmp".into()));
    for (k, v) in extra {
        cmd.env(k, v);
    }
}

/// Whether the Vulkan backend finds a device here (lavapipe or a GPU).
fn vulkan_available() -> bool {
    let mut probe = Command::new(env!("CARGO"));
    probe.current_dir(root()).args(["test", "-q", "-p", "libamdhip64", "--test", "api", "two_virtual_devices"]);
    vulkan_env(&mut probe, &[]);
    probe.output().map(|o| o.status.success()).unwrap_or(false)
}

pub fn all() -> Result<(), String> {
    let mut summary = Vec::new();
    let mut cargo = Command::new(env!("CARGO"));
    cargo.current_dir(root()).args(["test", "--workspace", "--exclude", "xtask"]).env("OXROCM_BACKEND", "cpu");
    let cargo_ok = run(&mut cargo).is_ok();
    summary.push(format!("cargo test: {}", if cargo_ok { "ok" } else { "FAILED" }));

    // Committed SPIR-V blobs must validate and match their GLSL sources.
    let mut shaders = Command::new("bash");
    shaders.current_dir(root()).args(["tools/build-shaders.sh", "--check"]);
    let shaders_ok = run(&mut shaders).is_ok();
    summary.push(format!("shaders: {}", if shaders_ok { "ok" } else { "FAILED" }));

    let vulkan = vulkan_available();
    let mut vulkan_ok = true;
    if vulkan {
        for (name, extra) in VULKAN_PASSES {
            let mut api = Command::new(env!("CARGO"));
            api.current_dir(root()).args(["test", "-p", "libamdhip64", "--test", "api", "-p", "librocblas", "--test", "gemm_kernel", "--test", "blas3_gemm", "--test", "gemm_pack", "--test", "ilp64"]);
            vulkan_env(&mut api, extra);
            eprintln!("[test] HIP API tests and library kernels on the {name} backend");
            let ok = run(&mut api).is_ok();
            vulkan_ok &= ok;
            summary.push(format!("api tests [{name}]: {}", if ok { "ok" } else { "FAILED" }));
        }
    } else {
        summary.push("api tests [vulkan]: skipped (no Vulkan device; install mesa-vulkan-drivers)".into());
    }

    let staged = stage(true)?;
    let mut abi_ok = true;
    for backend in ["cpu", "vulkan", "vulkan-staging"] {
        let mut sh = Command::new("bash");
        sh.current_dir(root()).arg("abi-tests/run.sh").env("OXROCM_LIB_DIR", &staged.lib_dir).env("OXROCM_TEST_BACKEND", backend);
        let out = sh.output().map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&out.stdout);
        print!("{text}");
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
        abi_ok &= out.status.success();
        if let Some(line) = text.lines().rev().find(|l| l.starts_with("abi-tests")) {
            summary.push(line.to_string());
        }
    }
    let mut rocblas_ok = true;
    let runs = [("cpu", rocblas_cpu_filter()), ("vulkan", rocblas_lavapipe_filter())];
    for (backend, filter) in runs {
        if backend == "vulkan" && !vulkan {
            summary.push("rocblas-test [vulkan]: skipped (no Vulkan device)".into());
            continue;
        }
        match rocblas_subset(&staged.lib_dir, backend, &filter) {
            Ok(line) => summary.push(line),
            Err(line) => {
                summary.push(line);
                rocblas_ok = false;
            }
        }
    }
    let ok = cargo_ok && shaders_ok && vulkan_ok && abi_ok && rocblas_ok;
    println!("\noxrocm test summary: {} — {}", if ok { "PASSED" } else { "FAILED" }, summary.join("; "));
    if ok { Ok(()) } else { Err("some tests failed".into()) }
}

/// rocBLAS's own tests (Debian's rocblas-test, tools/fetch-rocm-peers.sh) on the CPU
/// backend: every single-vector Level-1 function's `quick` tests, every Level-1
/// bad-argument test, a batched, strided-batched and `_ex` sample; a Level-2 subset (every
/// family in one precision, batched samples and every Level-2 bad-argument test); a
/// Level-3 subset (GEMM family in every type, batched samples, bad arguments).
fn rocblas_cpu_filter() -> Vec<String> {
    let singles = ["asum", "axpy", "copy", "dot", "dotc", "iamax", "iamin", "nrm2", "rot", "rotg", "rotm", "rotmg", "scal", "swap"];
    let mut filter: Vec<String> = singles.iter().map(|f| format!("_/{f}.*quick*")).collect();
    for f in ["asum", "axpy", "copy", "dot", "iamax", "iamin", "nrm2", "rot", "scal", "swap"] {
        filter.push(format!("_/{f}*bad_arg*"));
    }
    for f in ["dot_batched", "nrm2_strided_batched", "rotm_batched", "iamax_strided_batched", "swap_batched", "nrm2_ex", "rot_strided_batched_ex"] {
        filter.push(format!("_/{f}.*quick*"));
    }
    // Level 2: every family's quick tests in one precision (and one triangle or operation
    // where there are many), a batched / strided-batched sample, every bad-argument test.
    let level2 = [
        "gemv.*quick*_f32_r_", "trsv.*quick*_f64_r_", "ger.*quick*_f32_r_", "geru.*quick*_f32_c_", "gerc.*quick*_f64_c_",
        "symv.*quick*_f64_c_", "hemv.*quick*_f32_c_U_", "trmv.*quick*_f64_c_L_", "tbmv.*quick*_f32_r_U_", "tpmv.*quick*_f64_r_L_",
        "tbsv.*quick*_f32_c_U", "tpsv.*quick*_f64_c_L", "gbmv.*quick*_f64_c_T_", "hbmv.*quick*_f64_c_U_", "sbmv.*quick*_f32_r_",
        "hpmv.*quick*_f32_c_L_", "spmv.*quick*_f64_r_", "syr.*quick*_f32_c_", "syr2.*quick*_f64_r_", "her.*quick*_f64_c_",
        "her2.*quick*_f32_c_", "spr.*quick*_f64_c_", "spr2.*quick*_f32_r_", "hpr.*quick*_f32_c_", "hpr2.*quick*_f64_c_",
        "gemv_batched.*quick*f64_c", "gemv_strided_batched.*quick*f32_r_T", "trsv_batched.*quick*f32_r_UN",
        "hemv_strided_batched.*quick*f64_c_L_4", "tbmv_batched.*quick*f64_r_L_C", "ger_strided_batched.*quick*f64_r_1_",
        "syr2_batched.*quick*f32_c_U", "hpmv_batched.*quick*f64_c_U_1", "tpsv_strided_batched.*quick*f32_r_LT",
    ];
    filter.extend(level2.iter().map(|p| format!("_/{p}*")));
    for f in ["gbmv", "gemv", "ger", "geru", "gerc", "hbmv", "hemv", "her", "her2", "hpmv", "hpr", "hpr2", "sbmv", "spmv", "spr", "spr2",
        "symv", "syr", "syr2", "tbmv", "tbsv", "tpmv", "tpsv", "trmv", "trsv"] {
        for form in ["", "_batched", "_strided_batched"] {
            filter.push(format!("_/{f}{form}.*bad_arg*"));
        }
    }
    // Level 3, symmetric / extension families (blas3::sym): each family's quick tests in one
    // precision, batched / strided-batched samples, every bad-argument test (about 2,000).
    let level3_sym = [
        "geam.*quick*_f64_r_", "geam_ex.*quick*min_plus_f32_r_", "geam_ex.*quick*plus_min_f16_r_", "dgmm.*quick*_f32_c_",
        "symm.*quick*_f32_r_", "hemm.*quick*_f32_c_", "syrk.*quick*", "herk.*quick*_f64_c_", "syr2k.*quick*_f32_r_",
        "her2k.*quick*_f64_c_", "syrkx.*quick*_f64_r_", "herkx.*quick*_f32_c_",
        "geam_batched.*quick*_f32_c_NT", "geam_strided_batched.*quick*_f64_c_TC", "dgmm_strided_batched.*quick*_f64_r_",
        "herk_strided_batched.*quick*_f32_c_UN", "herkx_strided_batched.*quick*_f64_c_UC", "hemm_strided_batched.*quick*f64_c_R",
    ];
    filter.extend(level3_sym.iter().map(|p| format!("_/{p}*")));
    for f in ["dgmm", "geam", "hemm", "her2k", "herk", "herkx", "symm", "syr2k", "syrk", "syrkx"] {
        for form in ["", "_batched", "_strided_batched"] {
            filter.push(format!("_/{f}{form}.*bad_arg*"));
        }
    }
    filter.push("_/geam_ex.*bad_arg*".into());
    // Level 3, triangular family (trsm, trsm_ex, trmm, trmm_outofplace, trtri): one precision
    // and triangle or side per form, batched / strided-batched samples, every bad-argument
    // test (about 1,700 tests).
    let level3_tri = [
        "trsm.*quick*_f32_r_LU", "trsm_batched.*quick*_f64_r_RLCN", "trsm_strided_batched.*quick*_f32_c_RUNU*_F",
        "trsm_ex.*quick*_f32_r_LU", "trsm_batched_ex.*quick*_f64_r_RL", "trsm_strided_batched_ex.*quick*_f32_c_RL",
        "trtri.*quick*_f64_r_", "trtri_batched.*quick*_f32_c_U", "trtri_strided_batched.*quick*_f64_c_U",
        "trmm.*quick*_f32_r_", "trmm_outofplace.*quick*_f64_c_", "trmm_batched.*quick*", "trmm_outofplace_strided_batched.*quick*",
    ];
    filter.extend(level3_tri.iter().map(|p| format!("_/{p}*")));
    for f in ["trsm", "trmm", "trmm_outofplace", "trtri"] {
        for form in ["", "_batched", "_strided_batched"] {
            filter.push(format!("_/{f}{form}.*bad_arg*"));
        }
    }
    for f in ["trsm_ex", "trsm_batched_ex", "trsm_strided_batched_ex"] {
        filter.push(format!("_/{f}.*bad_arg*"));
    }
    // Level 3, GEMM family: every type combination of gemm_ex in small shapes, the
    // int8x4-packed and out-of-place (ldd) forms, batched and strided samples, solution
    // indices, and every GEMM bad-argument test.
    let gemm = [
        "gemm.*quick_gemm_small_f32_r", "gemm.*quick_gemm_small_complex_f64_c*_NT_", "gemm.*quick_gemm_zerok",
        "gemm_ex.*quick_gemm_small_f16*_TN_", "gemm_ex.*quick_gemm_small_bf16*_NT_", "gemm_ex.*quick_gemm_small_int8*_NN_",
        "gemm_ex.*quick_gemm_ldd_f16*", "gemm_ex.*quick_gemm_fortran", "gemm_batched.*quick*f64_r_TN",
        "gemm_strided_batched.*quick*f32_c_CT", "gemm_batched_ex.*quick_gemm_small_bf16*_TT_", "gemm_strided_batched_ex.*quick*f16_r*_NT_",
        "gemm_ex_get_solutions.*", "gemm_batched_ex_get_solutions.*",
    ];
    filter.extend(gemm.iter().map(|p| format!("_/{p}*")));
    for f in ["gemm", "gemm_batched", "gemm_strided_batched", "gemm_ex", "gemm_batched_ex", "gemm_strided_batched_ex"] {
        filter.push(format!("_/{f}.*bad_arg*"));
    }
    // ROCBLAS_LAYER's exact trace and bench lines; the numerics checks.
    filter.push("_/logging.*".into());
    filter.push("*check_numerics*".into());
    filter
}

/// A sample of every level for the Vulkan backend (lavapipe in CI): device memory there is
/// reached through the runtime's staging, and the GEMM kernels run as SPIR-V.
fn rocblas_lavapipe_filter() -> Vec<String> {
    [
        "axpy.*quick*f32_r", "dot_strided_batched.*quick*f64_r", "nrm2_batched.*quick*f32_c", "iamax.*quick*f64_r", "rot.*quick*f32_r",
        "gemv.*quick*_f64_r_", "trsv_batched.*quick*f32_r_UN", "her2.*quick*_f32_c_", "tbmv_strided_batched.*quick*f64_r_U_N",
        "gemm.*quick_gemm_small_f32_r", "gemm.*quick_gemm_small_f64_r*_NT_", "gemm_strided_batched.*quick*f32_r_NN",
        "gemm_batched.*quick*f64_r_TN", "gemm_ex.*quick_gemm_small_f16*_NN_", "gemm_ex.*quick_gemm_ldd_f32*",
        "geam_strided_batched.*quick*_f64_c_TC", "syrk.*quick*", "herkx.*quick*_f32_c_", "trsm.*quick*_f64_r_LU",
        "trmm.*quick*_f32_r_", "trtri_batched.*quick*_f32_c_U",
    ]
    .iter()
    .map(|p| format!("_/{p}*"))
    .collect()
}

/// Runs rocblas-test with `filter` on `backend`; a summary line either way.
fn rocblas_subset(lib_dir: &std::path::Path, backend: &str, filter: &[String]) -> Result<String, String> {
    let peers = std::env::var("ROCM_PEERS").unwrap_or_else(|_| format!("{}/.cache/rocm-peers", std::env::var("HOME").unwrap_or_default()));
    let runner = std::path::Path::new(&peers).join("bin/run-peer-test");
    if !runner.exists() {
        return Ok(format!("rocblas-test [{backend}]: skipped (no ROCm peers; tools/fetch-rocm-peers.sh)"));
    }
    let mut cmd = Command::new(&runner);
    cmd.args(["rocblas-test", &format!("--gtest_filter={}:-*known_bug*", filter.join(":")), "--gtest_brief=1"])
        .env("ROCM_PEERS_LIBS", lib_dir)
        .env("OXROCM_BACKEND", backend);
    eprintln!("[test] rocblas-test subset on the {backend} backend");
    let out = cmd.output().map_err(|e| format!("rocblas-test [{backend}]: FAILED ({e})"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let failed: Vec<&str> = text.lines().filter(|l| l.starts_with("[  FAILED  ] _/")).collect();
    for l in &failed {
        eprintln!("{l}");
    }
    let ran = text.lines().find(|l| l.starts_with("[==========]")).unwrap_or("no tests ran").to_string();
    if out.status.success() && failed.is_empty() {
        Ok(format!("rocblas-test [{backend}]: ok ({})", ran.trim_start_matches("[==========] ")))
    } else {
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
        Err(format!("rocblas-test [{backend}]: FAILED ({} failed; {})", failed.len(), ran.trim_start_matches("[==========] ")))
    }
}

/// The main job: builds and runs the multi-stream example against the staged libraries.
pub fn example() -> Result<(), String> {
    let staged = stage(true)?;
    let mut sh = Command::new("bash");
    sh.current_dir(root()).arg("abi-tests/run.sh").arg("--example").env("OXROCM_LIB_DIR", &staged.lib_dir);
    run(&mut sh)
}
