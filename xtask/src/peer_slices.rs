//! Slices of the later ROCm suites beyond rocBLAS (tools/fetch-rocm-peers-later.sh): rocRAND's
//! and hipRAND's tests (ROCm 6.4 from sid, 7.2 from experimental) and hipBLASLt 7.2's
//! hipblaslt-test. These are Debian's real libraries (librocrand, libhiprand, libhipblaslt)
//! running their own gfx1100 kernels on our HIP runtime: the CPU executor, including the
//! true16 half registers and WMMA that ROCm 7.2's compiler emits.

use crate::rocblas_slices::{Pattern, Slice, no_args};

/// One whole binary of a suite, minus `exclude`, at least `min` tests.
fn whole(part: &'static str, suite: &'static str, binary: &'static str, exclude: &'static [&'static str], min: usize) -> Slice {
    Slice {
        part,
        suite,
        binary,
        backend: "cpu",
        patterns: vec![Pattern { glob: "*".into(), min }],
        exclude,
        min_tests: min,
        shard: None,
        args: no_args,
        env: &[],
    }
}

/// hipRAND's API tests of MT19937 (rng type 404, the `/3` instance of each parameterised
/// test): its generator's skip-ahead set-up kernel runs 8192×128 threads of polynomial
/// jumps, more than ten minutes on a CI core. Every other generator runs.
const MT19937: &[&str] = &["hiprand*/hiprand_api*.*/3"];

/// rocRAND's basic and generate tests and hipRAND's API tests, from sid and experimental
/// (44 + 47 + 77 tests each today).
pub fn rand_slices() -> Vec<Slice> {
    let mut v = Vec::new();
    for suite in ["sid", "experimental"] {
        v.push(whole("rand-cpu", suite, "test_rocrand_basic", &[], 44));
        v.push(whole("rand-cpu", suite, "test_rocrand_generate", &[], 47));
        v.push(whole("rand-cpu", suite, "test_hiprand_api", MT19937, 77));
    }
    v
}

/// hipBLASLt 7.2's hipblaslt-test (experimental), its `quick` category, one interleaved
/// quarter (787 of 3,147 tests; all 3,147 pass). sid's libhipblaslt1-tests 7.1.1 ships
/// without its hipblaslt_gtest.data, so its binary cannot run.
pub fn hipblaslt_slice() -> Slice {
    Slice {
        part: "hipblaslt-cpu",
        suite: "experimental",
        binary: "hipblaslt-test",
        backend: "cpu",
        patterns: vec![Pattern { glob: "*quick*".into(), min: 750 }],
        exclude: &[],
        min_tests: 750,
        shard: Some((0, 4)),
        args: no_args,
        env: &[],
    }
}
