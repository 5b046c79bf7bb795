//! `cargo xtask test` and `cargo xtask example`.
//!
//! All tests: the project's HIP programs built by Debian's hipcc (their code objects are the
//! AMDGCN corpus), cargo's tests (CPU backend), the SPIR-V blob check, the HIP API and GEMM
//! tests again on the Vulkan backend (lavapipe in CI), the C-level suite (abi-tests/run.sh) on
//! the staged libraries once per backend, and slices of rocBLAS's own test suite. Every part
//! states the fewest tests it must run; fewer fails the run. Ends with one summary line.
//!
//! Required-components mode (`--require-all`, on whenever `CI` is set): a part that cannot
//! run because something is missing (the ROCm peers, a Vulkan device, hipcc, valgrind,
//! llvm-objdump-15) fails instead of being skipped. Skips by design (a backend-independent
//! check done on another pass) stay skips.
//!
//!   cargo xtask test [--require-all] [--only PART,...] [--extra-filter GLOB]
//!
//! PART: kernels, cargo, shaders, vulkan-api, abi-cpu, abi-vulkan, abi-vulkan-staging,
//! rocblas-cpu, rocblas-vulkan (rocBLAS 2.47's suite, Debian trixie), rocblas4-cpu,
//! rocblas5-cpu (rocBLAS 4.x's and 5.x's, sid and experimental), hipblas3-cpu (hipBLAS 3.2's
//! hipblas-test, experimental, through Debian's libhipblas.so.3), rand-cpu (rocRAND's and
//! hipRAND's tests, sid and experimental), hipblaslt-cpu (hipBLASLt 7.2's hipblaslt-test,
//! experimental; both through Debian's real libraries), rocfft-cpu (rocFFT 6.1's rocfft-test
//! and hipfft-test, trixie, the latter through Debian's libhipfft; 7.2's rocfft-test emulation
//! sample and multi-device tests on two CPU devices, experimental; and librocfft's quick
//! accuracy sweep against FFTW), rocfft-vulkan (the sweep and librocfft's transforms test, zero
//! staged bytes included, on a Vulkan device). `--extra-filter` adds a pattern (minimum 1 test) to both
//! rocBLAS slices (tools/check-test-driver.sh uses it to prove a dead pattern fails the run).

use crate::fft_slices::fft_slices;
use crate::peer_slices::{hipblaslt_slice, rand_slices};
use crate::rocblas_slices::{Slice, hipblas_slice, later_slices, slices};
use crate::stage::stage;
use crate::{gtest, root, run};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const PARTS: [&str; 16] = [
    "kernels", "cargo", "shaders", "vulkan-api", "abi-cpu", "abi-vulkan", "abi-vulkan-staging", "rocblas-cpu", "rocblas-vulkan",
    "rocblas4-cpu", "rocblas5-cpu", "hipblas3-cpu", "rand-cpu", "hipblaslt-cpu", "rocfft-cpu", "rocfft-vulkan",
];

/// Transforms the quick rocFFT accuracy sweep runs (6,264 today: 261 shapes, 3 precisions,
/// 4 types, 2 placements).
const MIN_FFT_SWEEP: usize = 6_000;
/// librocfft's transforms and bricks tests on a Vulkan device (6 + 4 today, the zero-staged one among them).
const MIN_FFT_VULKAN_TESTS: usize = 10;

/// The fewest tests each part must run (at or a little below today's counts: 264 cargo tests,
/// 72 in each Vulkan pass, librocblas's Level-1, Level-2 and Level-3 kernel tests (complex too) among them; dropping
/// a test file, a filter that stops matching or a pass that silently runs nothing fails the
/// run).
const MIN_CARGO_TESTS: usize = 250;
const MIN_VULKAN_API_TESTS: usize = 70;
/// abi-tests/run.sh: tests that must pass on each backend (all 30 on the CPU pass; the
/// Vulkan passes skip by design the 15 backend-independent and 2 CPU-backend tests).
const MIN_ABI_PASSED: [(&str, usize); 3] = [("cpu", 30), ("vulkan", 13), ("vulkan-staging", 13)];

/// HIP API test passes on the Vulkan backend: mapped memory, forced GPU transfers, and
/// lavapipe's subgroup sizes 4 and 16 (default 8) for the subgroup-size-agnostic kernels.
const VULKAN_PASSES: [(&str, &[(&str, &str)]); 4] = [
    ("vulkan", &[]),
    ("vulkan-staging", &[("OXROCM_VULKAN_STAGING", "1")]),
    ("vulkan-subgroup-4", &[("OXROCM_VULKAN_STAGING", "1"), ("LP_NATIVE_VECTOR_WIDTH", "128")]),
    ("vulkan-subgroup-16", &[("OXROCM_VULKAN_STAGING", "1"), ("LP_NATIVE_VECTOR_WIDTH", "512")]),
];

pub struct Options {
    pub require_all: bool,
    only: Option<Vec<String>>,
    extra_filter: Vec<String>,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
        let mut o = Options { require_all: ci, only: None, extra_filter: Vec::new() };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--require-all" => o.require_all = true,
                "--only" => {
                    let list: Vec<String> = it.next().ok_or("--only needs a list")?.split(',').map(str::to_string).collect();
                    if let Some(bad) = list.iter().find(|p| !PARTS.contains(&p.as_str())) {
                        return Err(format!("unknown part {bad} (parts: {})", PARTS.join(", ")));
                    }
                    o.only = Some(list);
                }
                "--extra-filter" => o.extra_filter.push(it.next().ok_or("--extra-filter needs a pattern")?.clone()),
                other => return Err(format!("unknown option {other}")),
            }
        }
        Ok(o)
    }

    fn wants(&self, part: &str) -> bool {
        self.only.as_ref().is_none_or(|l| l.iter().any(|p| p == part))
    }
}

/// What one part reports for the summary.
struct Outcome {
    line: String,
    ok: bool,
    passed: usize,
    failed: usize,
}

impl Outcome {
    fn ok(line: String, passed: usize) -> Outcome {
        Outcome { line, ok: true, passed, failed: 0 }
    }
    fn failed(line: String, passed: usize, failed: usize) -> Outcome {
        Outcome { line, ok: false, passed, failed: failed.max(1) }
    }
    /// A part that could not run: a failure in required mode, else a skip.
    fn missing(opts: &Options, part: &str, why: &str) -> Outcome {
        if opts.require_all {
            Outcome::failed(format!("{part}: FAILED (required: {why})"), 0, 1)
        } else {
            Outcome { line: format!("{part}: skipped ({why})"), ok: true, passed: 0, failed: 0 }
        }
    }
}

/// Runs `cmd` with its stdout echoed as it comes and kept; stderr goes through.
fn run_captured(cmd: &mut Command) -> (bool, String) {
    let mut child = match cmd.stdout(Stdio::piped()).spawn() {
        Ok(c) => c,
        Err(e) => return (false, format!("{cmd:?}: {e}")),
    };
    let mut kept = String::new();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            println!("{line}");
            kept.push_str(&line);
            kept.push('\n');
        }
    }
    let ok = child.wait().is_ok_and(|s| s.success());
    (ok, kept)
}

/// Passed and failed counts summed over cargo's `test result:` lines.
fn cargo_counts(out: &str) -> (usize, usize) {
    let mut sum = (0, 0);
    for line in out.lines().filter(|l| l.starts_with("test result:")) {
        for part in line.split(['.', ';']) {
            let mut w = part.split_whitespace();
            if let (Some(n), Some(what)) = (w.next(), w.next()) {
                match (n.parse::<usize>(), what) {
                    (Ok(n), "passed") => sum.0 += n,
                    (Ok(n), "failed") => sum.1 += n,
                    _ => {}
                }
            }
        }
    }
    sum
}

/// A cargo test run that must pass and run at least `min` tests.
fn cargo_part(name: &str, cmd: &mut Command, min: usize) -> Outcome {
    let (ok, out) = run_captured(cmd);
    let (passed, failed) = cargo_counts(&out);
    if !ok || failed > 0 {
        Outcome::failed(format!("{name}: FAILED ({passed} passed, {failed} failed)"), passed, failed)
    } else if passed < min {
        Outcome::failed(format!("{name}: FAILED ({passed} tests passed, minimum {min})"), passed, 0)
    } else {
        Outcome::ok(format!("{name}: ok ({passed} passed)"), passed)
    }
}

fn vulkan_env(cmd: &mut Command, extra: &[(&str, &str)]) {
    cmd.env("OXROCM_BACKEND", "vulkan")
        .env("OXROCM_VULKAN_DEVICE_REPEAT", "2")
        .env("OXROCM_VULKAN_VALIDATION", "1")
        .env("XDG_RUNTIME_DIR", std::env::var("XDG_RUNTIME_DIR").unwrap_or_else(|_| "/tmp".into()));
    for (k, v) in extra {
        cmd.env(k, v);
    }
}

/// How many devices the Vulkan backend finds here (lavapipe or a GPU), asked through the
/// staged libraries: a device count, not the verdict of some test.
fn vulkan_device_count(lib_dir: &Path) -> Result<usize, String> {
    let exe = root().join("target/oxrocm/device_count");
    let mut cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cc.arg("-std=c11")
        .arg("-I")
        .arg(root().join("include"))
        .arg(root().join("abi-tests/programs/env_settings.c"))
        .arg("-o")
        .arg(&exe)
        .arg(format!("-L{}", lib_dir.display()))
        .arg("-l:libamdhip64.so.5");
    run(&mut cc)?;
    let mut probe = Command::new(&exe);
    probe.env("LD_LIBRARY_PATH", lib_dir);
    vulkan_env(&mut probe, &[]);
    probe.env("OXROCM_VULKAN_DEVICE_REPEAT", "1").env_remove("OXROCM_VULKAN_VALIDATION");
    let out = probe.output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("count ")).ok_or_else(|| format!("device count probe printed {text:?}"))?;
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).ok_or_else(|| format!("device count probe printed {line:?}"))
}

/// Builds the project's HIP programs (abi-tests/build-kernels.sh) into `dir`.
fn build_kernels(opts: &Options, dir: &Path) -> Outcome {
    if Command::new("hipcc").arg("--version").output().is_err() {
        return Outcome::missing(opts, "hip programs", "hipcc not installed: apt-get install hipcc");
    }
    let mut sh = Command::new("bash");
    sh.current_dir(root()).arg("abi-tests/build-kernels.sh").arg(dir);
    let (ok, out) = run_captured(&mut sh);
    // Its last line: "built N files in DIR[ (up to date)]".
    let built: usize = out.lines().rev().find_map(|l| l.strip_prefix("built ")?.split_whitespace().next()?.parse().ok()).unwrap_or(0);
    if ok && built > 0 {
        Outcome::ok(format!("hip programs: ok ({built} files)"), 0)
    } else {
        Outcome::failed(format!("hip programs: FAILED ({built} built)"), 0, 1)
    }
}

/// One pass of abi-tests/run.sh on `backend`.
fn abi_pass(opts: &Options, lib_dir: &Path, kernels: Option<&Path>, backend: &str) -> Outcome {
    let mut sh = Command::new("bash");
    sh.current_dir(root()).arg("abi-tests/run.sh").env("OXROCM_LIB_DIR", lib_dir).env("OXROCM_TEST_BACKEND", backend);
    if opts.require_all {
        sh.env("OXROCM_REQUIRE_ALL", "1");
    }
    if let Some(k) = kernels {
        sh.env("HIP_PROGRAMS_DIR", k);
    }
    let (ok, out) = run_captured(&mut sh);
    let Some(line) = out.lines().rev().find(|l| l.starts_with("abi-tests")) else {
        return Outcome::failed(format!("abi-tests [{backend}]: FAILED (no summary)"), 0, 1);
    };
    let count = |what: &str| -> usize {
        line.split(',').find(|p| p.trim_end().ends_with(what)).and_then(|p| p.split_whitespace().rev().nth(1)?.parse().ok()).unwrap_or(0)
    };
    let (passed, failed) = (count("passed"), count("failed"));
    let min = MIN_ABI_PASSED.iter().find(|(b, _)| *b == backend).map_or(1, |(_, n)| *n);
    if !ok || failed > 0 {
        Outcome::failed(line.to_string(), passed, failed)
    } else if passed < min {
        Outcome::failed(format!("{line} — FAILED: minimum {min} passed"), passed, 0)
    } else {
        Outcome::ok(line.to_string(), passed)
    }
}

pub fn all(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(args)?;
    if opts.require_all {
        eprintln!("[test] required-components mode: a missing component fails the run");
    }
    let mut parts: Vec<Outcome> = Vec::new();

    // The project's HIP programs with real AMDGCN kernels: built once, run on every pass,
    // and their code objects are the decoder's corpus in cargo's tests.
    let kernels_dir = root().join("target/oxrocm/hip-programs");
    if opts.wants("kernels") {
        parts.push(build_kernels(&opts, &kernels_dir));
    }
    // The passes share the build there (this run's, or the last good one: a failed build
    // leaves it in place, and has failed the run already).
    let kernels = kernels_dir.join("manifest.txt").exists().then(|| kernels_dir.clone());

    // Staged first: cargo's tests include checks of the staged files (librocblas's
    // staged_exports), which must not depend on an earlier run having staged them.
    let needs_libs = opts.wants("cargo") || PARTS[3..].iter().any(|p| opts.wants(p));
    let staged = if needs_libs { Some(stage(true)?) } else { None };
    let lib_dir: PathBuf = staged.map(|s| s.lib_dir).unwrap_or_default();

    if opts.wants("cargo") {
        let mut cargo = Command::new(env!("CARGO"));
        cargo.current_dir(root()).args(["test", "--workspace"]).env("OXROCM_BACKEND", "cpu");
        if let Some(k) = &kernels {
            cargo.env("OXROCM_HIP_SAMPLES", k);
        }
        if opts.require_all {
            cargo.env("OXROCM_REQUIRE_ALL", "1");
        }
        parts.push(cargo_part("cargo test", &mut cargo, MIN_CARGO_TESTS));
    }

    if opts.wants("shaders") {
        // Committed SPIR-V blobs must validate and match their GLSL sources.
        let mut shaders = Command::new("bash");
        shaders.current_dir(root()).args(["tools/build-shaders.sh", "--check"]);
        let ok = run(&mut shaders).is_ok();
        parts.push(Outcome { line: format!("shaders: {}", if ok { "ok" } else { "FAILED" }), ok, passed: 0, failed: usize::from(!ok) });
    }

    let wants_vulkan = ["vulkan-api", "abi-vulkan", "abi-vulkan-staging", "rocblas-vulkan", "rocfft-vulkan"].iter().any(|p| opts.wants(p));
    let vulkan_devices = if wants_vulkan {
        match vulkan_device_count(&lib_dir) {
            Ok(n) => n,
            Err(e) => {
                parts.push(Outcome::failed(format!("vulkan device count: FAILED ({e})"), 0, 1));
                0
            }
        }
    } else {
        0
    };
    let no_vulkan = "no Vulkan device (install mesa-vulkan-drivers for lavapipe)";

    if opts.wants("vulkan-api") {
        if vulkan_devices == 0 {
            parts.push(Outcome::missing(&opts, "api tests [vulkan]", no_vulkan));
        } else {
            for (name, extra) in VULKAN_PASSES {
                let mut api = Command::new(env!("CARGO"));
                api.current_dir(root()).args([
                    "test", "-p", "libamdhip64", "--test", "api", "-p", "librocblas", "--test", "gemm_kernel", "--test", "blas3_gemm",
                    "--test", "gemm_pack", "--test", "ilp64", "--test", "blas1_kernels", "--test", "blas1", "--test", "blas2_kernels",
                    "--test", "blas3_kernels", "--test", "gemm_cplx_kernel", "--test", "blas3_cplx_kernels",
                ]);
                vulkan_env(&mut api, extra);
                eprintln!("[test] HIP API tests and library kernels on the {name} backend");
                parts.push(cargo_part(&format!("api tests [{name}]"), &mut api, MIN_VULKAN_API_TESTS));
            }
        }
    }

    for backend in ["cpu", "vulkan", "vulkan-staging"] {
        if !opts.wants(&format!("abi-{backend}")) {
            continue;
        }
        if backend != "cpu" && vulkan_devices == 0 {
            parts.push(Outcome::missing(&opts, &format!("abi-tests [{backend}]"), no_vulkan));
            continue;
        }
        parts.push(abi_pass(&opts, &lib_dir, kernels.as_deref(), backend));
    }

    let peer_slices = slices(&opts.extra_filter).into_iter().chain(later_slices()).chain([hipblas_slice()]).chain(rand_slices()).chain([hipblaslt_slice()]).chain(fft_slices());
    for slice in peer_slices {
        let name = slice.name();
        if !opts.wants(slice.part) {
            continue;
        }
        if slice.backend == "vulkan" && vulkan_devices == 0 {
            parts.push(Outcome::missing(&opts, &name, no_vulkan));
            continue;
        }
        parts.push(peer_test_slice(&opts, &lib_dir, &slice));
    }

    if opts.wants("rocfft-cpu") {
        parts.push(fft_sweep(&opts, "cpu"));
    }
    if opts.wants("rocfft-vulkan") {
        parts.push(if vulkan_devices == 0 { Outcome::missing(&opts, "rocFFT accuracy sweep [vulkan]", no_vulkan) } else { fft_sweep(&opts, "vulkan") });
        if vulkan_devices == 0 {
            parts.push(Outcome::missing(&opts, "rocFFT tests [vulkan]", no_vulkan));
        } else {
            // The transforms test against a direct DFT, and that every kind runs as SPIR-V
            // kernels with no device byte staged to the host; the fields-and-bricks test
            // (gathers and scatters on the Vulkan device around the kernels).
            let mut fft = Command::new(env!("CARGO"));
            fft.current_dir(root()).args(["test", "--release", "-p", "librocfft", "--test", "transforms", "--test", "bricks"]);
            vulkan_env(&mut fft, &[]);
            eprintln!("[test] rocFFT transforms on the Vulkan backend");
            parts.push(cargo_part("rocFFT tests [vulkan]", &mut fft, MIN_FFT_VULKAN_TESTS));
        }
    }

    let ok = parts.iter().all(|p| p.ok);
    let lines: Vec<&str> = parts.iter().map(|p| p.line.as_str()).collect();
    println!("\noxrocm test summary: {} — {}", if ok { "PASSED" } else { "FAILED" }, lines.join("; "));
    let (passed, failed) = parts.iter().fold((0, 0), |(p, f), o| (p + o.passed, f + o.failed));
    let skipped = parts.iter().filter(|p| p.line.contains(": skipped")).count();
    println!("oxrocm: {passed} passed, {failed} failed, {skipped} skipped");
    if ok { Ok(()) } else { Err("some tests failed".into()) }
}

fn peers_runner() -> PathBuf {
    let peers = std::env::var("ROCM_PEERS").unwrap_or_else(|_| format!("{}/.cache/rocm-peers", std::env::var("HOME").unwrap_or_default()));
    Path::new(&peers).join("bin/run-peer-test")
}

/// Runs a slice of a ROCm test binary: lists it first and checks every pattern's minimum
/// against the listing, then runs it and checks that every listed test ran and passed.
fn peer_test_slice(opts: &Options, lib_dir: &Path, slice: &Slice) -> Outcome {
    let name = slice.name();
    let runner = peers_runner();
    let suite_tree = runner.parent().and_then(Path::parent).map(|d| d.join(slice.suite).join("root"));
    if !runner.exists() || (slice.suite != "trixie" && !suite_tree.as_ref().is_some_and(|t| t.exists())) {
        let fetch = if slice.suite == "trixie" { "tools/fetch-rocm-peers.sh" } else { "tools/fetch-rocm-peers-later.sh" };
        return Outcome::missing(opts, &name, &format!("no ROCm peers of {}; {fetch}", slice.suite));
    }
    let filter = format!("--gtest_filter={}", slice.filter());
    let args = (slice.args)(&suite_tree.unwrap_or_default());
    let peer = |extra: &[&str]| {
        let mut cmd = Command::new(&runner);
        if slice.suite != "trixie" {
            cmd.args(["--suite", slice.suite]);
        }
        cmd.arg(slice.binary).args(&args).arg(&filter).args(extra).env("ROCM_PEERS_LIBS", lib_dir).env("OXROCM_BACKEND", slice.backend);
        cmd.envs(slice.env.iter().copied());
        if let Some((index, total)) = slice.shard {
            cmd.env("GTEST_SHARD_INDEX", index.to_string()).env("GTEST_TOTAL_SHARDS", total.to_string());
        }
        cmd
    };
    let listing = match peer(&["--gtest_list_tests"]).output() {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
        Ok(o) => return Outcome::failed(format!("{name}: FAILED (listing: {})", String::from_utf8_lossy(&o.stderr).trim()), 0, 1),
        Err(e) => return Outcome::failed(format!("{name}: FAILED ({e})"), 0, 1),
    };
    let all_listed = gtest::listed_names(&listing);
    let listed = slice.selected(&all_listed);
    let problems = slice.check_listing(&all_listed);
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("[test] {name}: {p}");
        }
        return Outcome::failed(format!("{name}: FAILED ({})", problems.join("; ")), 0, problems.len());
    }
    eprintln!("[test] {name}: {} tests, {} patterns", listed.len(), slice.patterns.len());
    let out = match peer(&["--gtest_brief=1"]).output() {
        Ok(o) => o,
        Err(e) => return Outcome::failed(format!("{name}: FAILED ({e})"), 0, 1),
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let failed = gtest::failed_tests(&text);
    for l in &failed {
        eprintln!("{l}");
    }
    let ran = gtest::tests_ran(&text).unwrap_or(0);
    // The batched GEMM families' numeric tests, which once silently ran none.
    let batched = listed.iter().filter(|n| n.starts_with("_/gemm_") && n.contains("batched") && n.contains("quick")).count();
    if out.status.success() && failed.is_empty() && ran == listed.len() {
        let batched = if slice.binary == "rocblas-test" { format!("; {batched} batched GEMM") } else { String::new() };
        Outcome::ok(format!("{name}: ok ({ran} tests ran, minimum {}{batched})", slice.min_tests), ran - failed.len())
    } else {
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
        Outcome::failed(format!("{name}: FAILED ({} failed; {ran} of {} listed tests ran)", failed.len(), listed.len()), ran.saturating_sub(failed.len()), failed.len())
    }
}

/// The main job: builds and runs the multi-stream example against the staged libraries.
pub fn example() -> Result<(), String> {
    let staged = stage(true)?;
    let mut sh = Command::new("bash");
    sh.current_dir(root()).arg("abi-tests/run.sh").arg("--example").env("OXROCM_LIB_DIR", &staged.lib_dir);
    run(&mut sh)
}

#[cfg(test)]
mod driver_tests {
    use super::*;

    #[test]
    fn cargo_result_lines_are_summed() {
        let out = "running 3 tests\ntest result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\
                   test result: FAILED. 10 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s\n";
        assert_eq!(cargo_counts(out), (13, 2));
    }

    #[test]
    fn options_follow_ci_and_flags() {
        let o = Options::parse(&["--require-all".into(), "--only".into(), "cargo,abi-cpu".into()]).unwrap();
        assert!(o.require_all && o.wants("cargo") && o.wants("abi-cpu") && !o.wants("rocblas-cpu"));
        assert!(Options::parse(&["--only".into(), "nonsense".into()]).is_err());
    }

    #[test]
    fn a_missing_component_fails_only_when_required() {
        let mut o = Options::parse(&[]).unwrap();
        o.require_all = false;
        assert!(Outcome::missing(&o, "x", "why").ok);
        o.require_all = true;
        let m = Outcome::missing(&o, "x", "why");
        assert!(!m.ok && m.failed == 1);
    }

    #[test]
    fn a_slice_pattern_that_matches_nothing_fails_the_listing_check() {
        let [cpu, _] = slices(&["_/gemm_batched.*quick*f64_r_TT*".to_string()]);
        let names: Vec<String> = vec!["_/gemm_batched.blas3/quick_gemm_batched_f64_r_NT_1".into()];
        let problems = cpu.check_listing(&names);
        assert!(problems.iter().any(|p| p.contains("_/gemm_batched.*quick*f64_r_TT*") && p.contains("selects 0")), "{problems:?}");
    }
}

/// librocfft's quick accuracy sweep (examples/accuracy_sweep.rs: 1D lengths 1..=256 and small
/// 2D/3D shapes, every type, placement and precision) against FFTW 3, which the trixie ROCm
/// peers bring (libfftw3-double3).
fn fft_sweep(opts: &Options, backend: &str) -> Outcome {
    let name = format!("rocFFT accuracy sweep [{backend}]");
    let fftw = std::env::var("ROCM_PEERS").map(PathBuf::from).unwrap_or_else(|_| PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/rocm-peers")).join("root/usr/lib/x86_64-linux-gnu/libfftw3.so.3");
    if !fftw.exists() {
        return Outcome::missing(opts, &name, &format!("no FFTW at {} (tools/fetch-rocm-peers.sh)", fftw.display()));
    }
    let mut cmd = Command::new(env!("CARGO"));
    cmd.current_dir(root()).args(["run", "--release", "-q", "-p", "librocfft", "--example", "accuracy_sweep", "--", "--quick", "--fftw"]).arg(&fftw);
    if backend == "cpu" {
        cmd.env("OXROCM_BACKEND", "cpu");
    } else {
        vulkan_env(&mut cmd, &[]);
    }
    let (ok, out) = run_captured(&mut cmd);
    let count = out.lines().find_map(|l| l.strip_prefix("accuracy sweep: ")?.split_whitespace().next()?.parse::<usize>().ok()).unwrap_or(0);
    if !ok || !out.contains("all within bounds") {
        Outcome::failed(format!("{name}: FAILED ({count} transforms)"), 0, 1)
    } else if count < MIN_FFT_SWEEP {
        Outcome::failed(format!("{name}: FAILED ({count} transforms, minimum {MIN_FFT_SWEEP})"), count, 0)
    } else {
        Outcome::ok(format!("{name}: ok ({count} transforms within bounds)"), count)
    }
}
