//! `ROCBLAS_LAYER=4`: rocBLAS's profile lines, checked as text against
//! `fixtures/rocblas-profile-format.txt`: rocBLAS's profile format stated as facts from its
//! source (ROCm/rocBLAS rocm-5.5.1, origin in the file) and the profile expected of each
//! scenario below. The profile prints only at process exit, so each test runs this binary
//! again (its `child` test, the calls) with the logging environment set, and reads the file
//! the child left.

mod common;

use amdhip64 as _;
use common::{dev, handle};
use rocblas::handle::rocblas_set_atomics_mode;
use rocblas::types::*;
use std::ffi::c_void;
use std::process::Command;

const N: i32 = 111;
const T: i32 = 112;
const F32: i32 = rocblas_datatype_f32_r;

unsafe extern "C" {
    fn rocblas_sgemm(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        b: *const f32,
        ldb: i32,
        be: *const f32,
        c: *mut f32,
        ldc: i32,
    ) -> i32;
    fn rocblas_dgemm(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const f64,
        a: *const f64,
        lda: i32,
        b: *const f64,
        ldb: i32,
        be: *const f64,
        c: *mut f64,
        ldc: i32,
    ) -> i32;
    fn rocblas_gemm_ex(
        h: rocblas_handle,
        ta: i32,
        tb: i32,
        m: i32,
        n: i32,
        k: i32,
        al: *const c_void,
        a: *const c_void,
        at: i32,
        lda: i32,
        b: *const c_void,
        bt: i32,
        ldb: i32,
        be: *const c_void,
        c: *const c_void,
        ct: i32,
        ldc: i32,
        d: *mut c_void,
        dt: i32,
        ldd: i32,
        compute: i32,
        algo: i32,
        sol: i32,
        flags: u32,
    ) -> i32;
    fn rocblas_sgemv(
        h: rocblas_handle,
        t: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        x: *const f32,
        incx: i32,
        be: *const f32,
        y: *mut f32,
        incy: i32,
    ) -> i32;
    fn rocblas_saxpy(
        h: rocblas_handle,
        n: i32,
        al: *const f32,
        x: *const f32,
        incx: i32,
        y: *mut f32,
        incy: i32,
    ) -> i32;
    fn rocblas_sdot(
        h: rocblas_handle,
        n: i32,
        x: *const f32,
        incx: i32,
        y: *const f32,
        incy: i32,
        r: *mut f32,
    ) -> i32;
    fn rocblas_sscal(h: rocblas_handle, n: i32, al: *const f32, x: *mut f32, incx: i32) -> i32;
    fn rocblas_strsm(
        h: rocblas_handle,
        side: i32,
        uplo: i32,
        t: i32,
        diag: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        b: *mut f32,
        ldb: i32,
    ) -> i32;
    fn rocblas_dtrsm_batched(
        h: rocblas_handle,
        side: i32,
        uplo: i32,
        t: i32,
        diag: i32,
        m: i32,
        n: i32,
        al: *const f64,
        a: *const *const f64,
        lda: i32,
        b: *const *mut f64,
        ldb: i32,
        batch: i32,
    ) -> i32;
}

/// Set in the child run: which calls to make.
const CHILD: &str = "OXROCM_TEST_PROFILE_CHILD";

/// The calls the child makes, by scenario. Each returns rocblas_status_success.
#[test]
fn child() {
    let Ok(scenario) = std::env::var(CHILD) else {
        return;
    };
    let h = handle();
    let a = dev(&[1.0f32, 0.0, 0.5, 2.0]);
    let b = dev(&[1.0f32; 8]);
    let c = dev(&[0.0f32; 4]);
    let (one, zero, other, minus) = (1.0f32, 0.0f32, 2.5f32, -1.0f64);
    unsafe {
        match scenario.as_str() {
            "families" => {
                // Two identical sgemm calls count as one line; other values make their own.
                for _ in 0..2 {
                    assert_eq!(
                        rocblas_sgemm(h, N, T, 2, 2, 2, &one, a, 2, b, 2, &zero, c, 2),
                        0
                    );
                }
                assert_eq!(
                    rocblas_sgemm(h, N, T, 2, 2, 2, &one, a, 2, b, 2, &other, c, 2),
                    0
                );
                assert_eq!(rocblas_sgemv(h, T, 2, 2, &one, a, 2, b, 1, &zero, c, 1), 0);
                // sdot's keys and value types are saxpy's: rocBLAS counts both in one table,
                // the one saxpy made, before sscal's.
                assert_eq!(rocblas_saxpy(h, 4, &other, a, 1, c, 1), 0);
                assert_eq!(rocblas_sscal(h, 4, &other, c, 1), 0);
                let mut r = 0.0f32;
                assert_eq!(rocblas_sdot(h, 4, a, 1, b, 2, &mut r), 0);
                assert_eq!(
                    rocblas_strsm(h, 141, 121, N, 131, 2, 2, &one, a, 2, c, 2),
                    0
                );
                assert_eq!(
                    rocblas_gemm_ex(
                        h,
                        N,
                        N,
                        2,
                        2,
                        2,
                        (&one as *const f32).cast(),
                        a.cast(),
                        F32,
                        2,
                        b.cast(),
                        F32,
                        2,
                        (&zero as *const f32).cast(),
                        c.cast(),
                        F32,
                        2,
                        c.cast(),
                        F32,
                        2,
                        F32,
                        0,
                        0,
                        0
                    ),
                    0
                );
                // dgemm shares sgemm's table in rocBLAS (same keys and value types).
                let (ad, cd) = (dev(&[1.0f64; 4]), dev(&[0.0f64; 4]));
                assert_eq!(
                    rocblas_dgemm(h, T, N, 2, 2, 2, &minus, ad, 2, ad, 2, &(0.0f64), cd, 2),
                    0
                );
                // The handle's atomics mode is part of the key.
                assert_eq!(rocblas_set_atomics_mode(h, rocblas_atomics_not_allowed), 0);
                assert_eq!(
                    rocblas_sgemm(h, N, T, 2, 2, 2, &one, a, 2, b, 2, &zero, c, 2),
                    0
                );
            }
            "names" => {
                let ad = dev(&[1.0f64; 4]);
                let arr = dev(&[ad as *const f64]);
                let barr = dev(&[dev(&[0.0f64; 4])]);
                assert_eq!(
                    rocblas_dtrsm_batched(h, 142, 122, T, 132, 2, 2, &(2.0f64), arr, 2, barr, 2, 1),
                    0
                );
            }
            s => panic!("unknown scenario {s}"),
        }
    }
}

/// Runs the `child` test of this binary for `scenario` with `env` and returns what it wrote
/// to the file `var` names.
fn run_child(scenario: &str, var: &str) -> String {
    let dir =
        std::env::temp_dir().join(format!("oxrocm-profile-{}-{scenario}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("profile.yaml");
    let _ = std::fs::remove_file(&path);
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child", "--test-threads=1"])
        .env(CHILD, scenario)
        .env("ROCBLAS_LAYER", "4")
        .env_remove("ROCBLAS_LOG_PROFILE_PATH")
        .env_remove("ROCBLAS_LOG_PATH")
        .env(var, &path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "child failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    text
}

/// The fixture: rocBLAS's profile format as facts, and each scenario's expected profile.
const FIXTURE: &str = include_str!("fixtures/rocblas-profile-format.txt");

/// The fixture's expected profile of `scenario`: its tables in print order, each a list of
/// lines (newline included) whose order rocBLAS leaves unspecified.
fn expected(scenario: &str) -> Vec<Vec<String>> {
    let head = format!("[expect {scenario}]");
    let mut lines = FIXTURE.lines().skip_while(|l| *l != head);
    assert!(lines.next().is_some(), "fixture has no {head}");
    let mut tables: Vec<Vec<String>> = vec![Vec::new()];
    for l in lines.take_while(|l| !l.starts_with('[')) {
        if l.starts_with("- {") {
            tables.last_mut().unwrap().push(format!("{l}\n"));
        } else if l.trim().is_empty() && !tables.last().unwrap().is_empty() {
            tables.push(Vec::new());
        }
    }
    tables.retain(|t| !t.is_empty());
    tables
}

/// Checks a profile against the fixture's tables: the tables in order, the lines of each as a
/// set (rocBLAS prints a table in its hash map's order).
fn assert_profile(got: &str, scenario: &str) {
    let want = expected(scenario);
    let got_lines: Vec<String> = got.split_inclusive('\n').map(str::to_string).collect();
    let n: usize = want.iter().map(Vec::len).sum();
    let show = || {
        format!(
            "got:\n{got}\nwant (tables in order, lines of each in any order):\n{}",
            want.iter()
                .map(|t| t.concat())
                .collect::<Vec<_>>()
                .join("\n")
        )
    };
    assert_eq!(got_lines.len(), n, "{}", show());
    let mut at = 0;
    for (i, table) in want.iter().enumerate() {
        let mut g = got_lines[at..at + table.len()].to_vec();
        let mut w = table.clone();
        g.sort();
        w.sort();
        assert_eq!(g, w, "table {i} of [expect {scenario}] differs\n{}", show());
        at += table.len();
    }
}

#[test]
fn profile_lines_as_rocblas_prints_them() {
    assert_profile(
        &run_child("families", "ROCBLAS_LOG_PROFILE_PATH"),
        "families",
    );
}

#[test]
fn profile_falls_back_to_log_path_and_rocblas_names() {
    // Without ROCBLAS_LOG_PROFILE_PATH the profile goes to ROCBLAS_LOG_PATH; batched dtrsm
    // is recorded under rocBLAS's own name for it.
    assert_profile(&run_child("names", "ROCBLAS_LOG_PATH"), "names");
}

#[test]
fn fixture_tables_are_well_formed() {
    // Every expected line has F5's shape, and the scenarios exist.
    for scenario in ["families", "names"] {
        for line in expected(scenario).concat() {
            assert!(
                line.starts_with("- { rocblas_function: \"") && line.ends_with(" }\n"),
                "{line}"
            );
            assert!(
                line.contains(", atomics_mode: atomics_") && line.contains(", call_count: "),
                "{line}"
            );
        }
    }
}
