//! The slices of rocBLAS's own test suite (Debian's rocblas-test, fetched by
//! tools/fetch-rocm-peers.sh) that `cargo xtask test` runs, and what each must run: every
//! pattern selects at least its minimum of listed tests (1 unless stated), and the slice as a
//! whole at least `min_tests`. A pattern that matches nothing (a transpose rocBLAS does not
//! list, a renamed family) fails the run instead of silently running nothing.

/// One gtest filter pattern and the fewest listed tests it must select.
pub struct Pattern {
    pub glob: String,
    pub min: usize,
}

/// A named subset of a ROCm test binary run on one backend.
pub struct Slice {
    /// The `cargo xtask test --only` part that runs it.
    pub part: &'static str,
    /// The Debian suite whose test tree holds the binary: trixie (ROCm 5.7), sid (6.4),
    /// experimental (7.2).
    pub suite: &'static str,
    /// The runner's test name (`run-peer-test [--suite S] NAME`).
    pub binary: &'static str,
    pub backend: &'static str,
    pub patterns: Vec<Pattern>,
    /// Negative patterns (gtest's `-a:b`): tests rocBLAS itself marks as known bugs.
    pub exclude: &'static [&'static str],
    pub min_tests: usize,
    /// GoogleTest sharding (`GTEST_SHARD_INDEX`, `GTEST_TOTAL_SHARDS`): runs every
    /// `total`-th test of the filtered list from `index`, an interleaved sample of all of it.
    pub shard: Option<(usize, usize)>,
    /// Extra arguments for the binary, given the suite's tree (e.g. rocBLAS 4.x's `--data`).
    pub args: fn(&std::path::Path) -> Vec<String>,
    /// Settings for the run (e.g. `OXROCM_CPU_DEVICES`: rocFFT's multi-device tests exist
    /// only where the process sees two devices).
    pub env: &'static [(&'static str, &'static str)],
}

/// No extra arguments.
pub fn no_args(_: &std::path::Path) -> Vec<String> {
    Vec::new()
}

impl Slice {
    /// The `--gtest_filter` value.
    pub fn filter(&self) -> String {
        let pos: Vec<&str> = self.patterns.iter().map(|p| p.glob.as_str()).collect();
        format!("{}-{}", pos.join(":"), self.exclude.join(":"))
    }

    /// Checks the listed names against every pattern's minimum and the slice's; the
    /// problems found, one line each.
    pub fn check_listing(&self, names: &[String]) -> Vec<String> {
        let kept = self.selected(names);
        let mut problems = Vec::new();
        for p in &self.patterns {
            let n = kept.iter().filter(|name| crate::gtest::glob(&p.glob, name)).count();
            if n < p.min {
                problems.push(format!("pattern {} selects {n} tests (minimum {})", p.glob, p.min));
            }
        }
        if kept.len() < self.min_tests {
            problems.push(format!("the slice lists {} tests (minimum {})", kept.len(), self.min_tests));
        }
        problems
    }

    /// The listed tests this slice runs: without the exclusions, and only its shard (as
    /// GoogleTest counts: the n-th runnable test, disabled ones not counted, goes to shard
    /// n mod total).
    pub fn selected<'a>(&self, names: &'a [String]) -> Vec<&'a String> {
        let kept = names.iter().filter(|n| !self.exclude.iter().any(|x| crate::gtest::glob(x, n)));
        match self.shard {
            None => kept.collect(),
            Some((index, total)) => kept
                .filter(|n| !n.contains("DISABLED_"))
                .enumerate()
                .filter(|(i, _)| i % total == index)
                .map(|(_, n)| n)
                .collect(),
        }
    }
}

const KNOWN_BUGS: &[&str] = &["*known_bug*"];

/// Patterns that must select more than one test: the batched GEMM families run numeric
/// tests on both backends (rocBLAS lists their quick tests only as NN, NT, CN and TC; the
/// TN, CT and TT patterns once here selected nothing). Counts as rocblas-test 2.47 lists them.
const MINIMUMS: &[(&str, usize)] = &[
    ("_/gemm_batched.*quick*f64_r_TC*", 300),
    ("_/gemm_strided_batched.*quick*f32_c_CN*", 255),
    ("_/gemm_batched_ex.*quick_gemm_batched_small_bf16*_NT_*", 480),
    ("_/gemm_strided_batched_ex.*quick*f16_r*_NT_*", 1680),
    ("_/gemm_batched.*quick_gemm_batched_small_f64_r_NT*", 240),
    ("_/gemm_batched_ex.*quick_gemm_batched_small_f32_r*_NN_*", 240),
    ("_/gemm_strided_batched.*quick*f32_r_NN*", 356),
    ("_/gemm_strided_batched_ex.*quick_gemm_strided_batched_small_f32_r*_TC_*", 243),
];

fn with_minimums(globs: Vec<String>) -> Vec<Pattern> {
    globs
        .into_iter()
        .map(|glob| {
            let min = MINIMUMS.iter().find(|(g, _)| *g == glob).map_or(1, |(_, n)| *n);
            Pattern { glob, min }
        })
        .collect()
}

/// The CPU-backend slice and the Vulkan-backend (lavapipe in CI) slice; rocblas-test 2.47
/// lists 26,531 and about 15,000 tests for them.
pub fn slices(extra: &[String]) -> [Slice; 2] {
    let add = |mut v: Vec<String>| {
        v.extend(extra.iter().cloned());
        with_minimums(v)
    };
    [
        Slice { part: "rocblas-cpu", suite: "trixie", binary: "rocblas-test", backend: "cpu", patterns: add(cpu_patterns()), exclude: KNOWN_BUGS, min_tests: 26_000, shard: None, args: no_args, env: &[] },
        Slice { part: "rocblas-vulkan", suite: "trixie", binary: "rocblas-test", backend: "vulkan", patterns: add(lavapipe_patterns()), exclude: KNOWN_BUGS, min_tests: 14_900, shard: None, args: no_args, env: &[] },
    ]
}

impl Slice {
    /// How the summary names it, e.g. `rocblas-test [cpu]`, `rocblas-test sid [cpu]`.
    pub fn name(&self) -> String {
        if self.suite == "trixie" {
            format!("{} [{}]", self.binary, self.backend)
        } else {
            format!("{} {} [{}]", self.binary, self.suite, self.backend)
        }
    }
}

/// Level 2: every family's quick tests in one precision (and one triangle or operation where
/// there are many), a batched / strided-batched sample (5,897 tests in rocblas-test 2.47);
/// the CPU slice and the lavapipe slice both run them.
fn level2_patterns() -> [&'static str; 34] {
    [
        "gemv.*quick*_f32_r_", "trsv.*quick*_f64_r_", "ger.*quick*_f32_r_", "geru.*quick*_f32_c_", "gerc.*quick*_f64_c_",
        "symv.*quick*_f64_c_", "hemv.*quick*_f32_c_U_", "trmv.*quick*_f64_c_L_", "tbmv.*quick*_f32_r_U_", "tpmv.*quick*_f64_r_L_",
        "tbsv.*quick*_f32_c_U", "tpsv.*quick*_f64_c_L", "gbmv.*quick*_f64_c_T_", "hbmv.*quick*_f64_c_U_", "sbmv.*quick*_f32_r_",
        "hpmv.*quick*_f32_c_L_", "spmv.*quick*_f64_r_", "syr.*quick*_f32_c_", "syr2.*quick*_f64_r_", "her.*quick*_f64_c_",
        "her2.*quick*_f32_c_", "spr.*quick*_f64_c_", "spr2.*quick*_f32_r_", "hpr.*quick*_f32_c_", "hpr2.*quick*_f64_c_",
        "gemv_batched.*quick*f64_c", "gemv_strided_batched.*quick*f32_r_T", "trsv_batched.*quick*f32_r_UN",
        "hemv_strided_batched.*quick*f64_c_L_4", "tbmv_batched.*quick*f64_r_L_C", "ger_strided_batched.*quick*f64_r_1_",
        "syr2_batched.*quick*f32_c_U", "hpmv_batched.*quick*f64_c_U_1", "tpsv_strided_batched.*quick*f32_r_LT",
    ]
}

/// rocBLAS's own tests (Debian's rocblas-test, tools/fetch-rocm-peers.sh) on the CPU
/// backend: every single-vector Level-1 function's `quick` tests, every Level-1
/// bad-argument test, a batched, strided-batched and `_ex` sample; a Level-2 subset (every
/// family in one precision, batched samples and every Level-2 bad-argument test); a
/// Level-3 subset (GEMM family in every type, batched samples, bad arguments).
fn cpu_patterns() -> Vec<String> {
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
    let level2 = level2_patterns();
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
        "gemm_ex.*quick_gemm_small_f16*_TC_", "gemm_ex.*quick_gemm_small_bf16*_NT_", "gemm_ex.*quick_gemm_small_int8*_NN_",
        "gemm_ex.*quick_gemm_ldd_f16*", "gemm_ex.*quick_gemm_fortran", "gemm_batched.*quick*f64_r_TC",
        "gemm_strided_batched.*quick*f32_c_CN", "gemm_batched_ex.*quick_gemm_batched_small_bf16*_NT_", "gemm_strided_batched_ex.*quick*f16_r*_NT_",
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

/// A sample of every level for the Vulkan backend (lavapipe in CI), with the CPU slice's
/// Level-2 patterns, every real Level-3 family beyond GEMM (their kernels, with their
/// bad-argument tests) and complex samples of GEMM and of every Level-3 family beyond it:
/// all of them run as SPIR-V.
fn lavapipe_patterns() -> Vec<String> {
    let level3_real = [
        "trsm_batched.*quick*_f64_r_RLCN", "trsm_ex.*quick*_f32_r_LU", "trmm_outofplace_strided_batched.*quick*_r_", "trmm_batched.*quick*_r_",
        "symm.*quick*_f32_r_", "syr2k.*quick*_f32_r_", "syrkx.*quick*_f64_r_", "geam.*quick*_f64_r_", "dgmm_strided_batched.*quick*_f64_r_",
        "trtri.*quick*_f64_r_", "gemm.*quick_gemm_small_complex_f64_c*_NT_", "gemm_strided_batched.*quick*f32_c_CN",
    ];
    let level3_complex = [
        "trsm_strided_batched.*quick*_f32_c_RUNU*_F", "trsm.*quick*_f64_c_LLC", "trmm_outofplace.*quick*_f64_c_", "trtri.*quick*_f64_c_L",
        "hemm_strided_batched.*quick*f64_c_R", "herk.*quick*_f64_c_", "her2k.*quick*_f32_c_", "dgmm.*quick*_f32_c_", "geam.*quick*_f32_c_",
        // rocblas-test 2.47 has complex symm and syr2k only among its pre-checkin tests.
        "symm.*pre_checkin_symm_medium_f32_c_LU", "symm.*pre_checkin_symm_NaN_f64_c_LU", "syr2k.*pre_checkin_syr2k_medium_complex_f64_c_UT",
        "syr2k.*pre_checkin_syr2k_NaN_f32_c_UN",
    ];
    let mut level3_bad = Vec::new();
    for f in ["dgmm", "geam", "symm", "syr2k", "syrk", "syrkx", "trsm", "trmm", "trmm_outofplace", "trtri"] {
        for form in ["", "_batched", "_strided_batched"] {
            level3_bad.push(format!("{f}{form}.*bad_arg"));
        }
    }
    [
        "axpy.*quick*f32_r", "dot_strided_batched.*quick*f64_r", "nrm2_batched.*quick*f32_c", "iamax.*quick*f64_r", "rot.*quick*f32_r",
        "gemv.*quick*_f64_r_", "trsv_batched.*quick*f32_r_UN", "her2.*quick*_f32_c_", "tbmv_strided_batched.*quick*f64_r_U_N",
        "gemm.*quick_gemm_small_f32_r", "gemm.*quick_gemm_small_f64_r*_NT_", "gemm_strided_batched.*quick*f32_r_NN",
        "gemm_batched.*quick_gemm_batched_small_f64_r_NT", "gemm_batched_ex.*quick_gemm_batched_small_f32_r*_NN_",
        "gemm_strided_batched_ex.*quick_gemm_strided_batched_small_f32_r*_TC_", "gemm_ex.*quick_gemm_small_f16*_NN_", "gemm_ex.*quick_gemm_ldd_f32*",
        "geam_strided_batched.*quick*_f64_c_TC", "syrk.*quick*", "herkx.*quick*_f32_c_", "trsm.*quick*_f64_r_LU",
        "trmm.*quick*_f32_r_", "trtri_batched.*quick*_f32_c_U",
    ]
    .iter()
    .chain(level2_patterns().iter())
    .chain(level3_real.iter())
    .chain(level3_complex.iter())
    .map(|p| format!("_/{p}*"))
    .chain(level3_bad.iter().map(|p| format!("_/{p}*")))
    .collect()
}

/// The ROCm 6.4 (Debian sid) and 7.2 (experimental) suites, from
/// tools/fetch-rocm-peers-later.sh: rocBLAS 4.x's and 5.x's own rocblas-test on the CPU
/// backend, every `quick` test but the known bugs and what is not done yet (`LATER_NOT_YET`),
/// one interleaved fortieth of them (about 9,000 tests each, every family; the whole set is
/// 330,000-380,000 tests, measured in docs/status.md).
pub fn later_slices() -> Vec<Slice> {
    let quick = || vec![Pattern { glob: "*quick*".into(), min: LATER_MIN_TESTS }];
    vec![
        Slice {
            part: "rocblas4-cpu",
            suite: "sid",
            binary: "rocblas-test",
            backend: "cpu",
            patterns: quick(),
            exclude: LATER_EXCLUDE,
            min_tests: LATER_MIN_TESTS,
            shard: Some((0, 40)),
            args: rocblas4_data,
            env: &[],
        },
        Slice {
            part: "rocblas5-cpu",
            suite: "experimental",
            binary: "rocblas-test",
            backend: "cpu",
            patterns: quick(),
            exclude: LATER_EXCLUDE,
            min_tests: LATER_MIN_TESTS,
            shard: Some((0, 40)),
            args: no_args,
            env: &[],
        },
    ]
}

/// hipBLAS 3.2's hipblas-test (experimental) through Debian's real libhipblas.so.3 on our
/// librocblas.so.5: every BLAS group (the solver groups go through Debian's rocSOLVER, fetched
/// with `--with-large`), one interleaved fortieth (about 1,150 tests).
pub fn hipblas_slice() -> Slice {
    Slice {
        part: "hipblas3-cpu",
        suite: "experimental",
        binary: "hipblas-test",
        backend: "cpu",
        patterns: vec![Pattern { glob: "*".into(), min: HIPBLAS_MIN_TESTS }],
        exclude: &["*getrf*", "*getrs*", "*geqrf*", "*gels*", "*getri*"],
        min_tests: HIPBLAS_MIN_TESTS,
        shard: Some((0, 40)),
        args: no_args,
        env: &[],
    }
}

const HIPBLAS_MIN_TESTS: usize = 1_000;

/// The fewest tests each later rocBLAS slice runs.
const LATER_MIN_TESTS: usize = 9_000;

/// Only rocBLAS's own known bugs: since 4e37a43 the fortieth passes whole (10,533 and 9,488
/// tests); the earlier failures are in bench/results/rocblas-later-suites-2026-11-27.txt.
const LATER_EXCLUDE: &[&str] = &["*known_bug*"];

/// rocBLAS 4.x's rocblas-test looks for its data at /usr/share/librocblas4-tests/data, an
/// absolute path: point it into the suite's tree.
fn rocblas4_data(tree: &std::path::Path) -> Vec<String> {
    let data = tree.join("usr/share/librocblas4-tests/data/rocblas_gtest.data");
    if data.exists() { vec!["--data".into(), data.display().to_string()] } else { Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stated_minimum_names_a_pattern_of_a_slice() {
        let all: Vec<String> = slices(&[]).iter().flat_map(|s| s.patterns.iter().map(|p| p.glob.clone())).collect();
        for (glob, _) in MINIMUMS {
            assert!(all.iter().any(|g| g == glob), "MINIMUMS names {glob}, which no slice has");
        }
    }

    #[test]
    fn both_backends_run_every_batched_gemm_family() {
        for slice in slices(&[]) {
            for family in ["gemm_batched", "gemm_strided_batched", "gemm_batched_ex", "gemm_strided_batched_ex"] {
                let numeric = slice.patterns.iter().any(|p| p.glob.starts_with(&format!("_/{family}.*quick")) && p.min > 1);
                assert!(numeric, "{} slice has no numeric {family} pattern with a stated minimum", slice.backend);
            }
        }
    }
}
