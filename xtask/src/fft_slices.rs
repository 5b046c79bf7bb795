//! Slices of Debian's rocFFT test suites run on our librocfft (CPU backend, and samples on a
//! Vulkan device): of trixie's 6.1, rocfft-test's unit tests that need no tool CI lacks
//! (`rtc_test_harness` builds the kernel harnesses with hipcc), the run-time compilation
//! cache's, and all its load/store callback tests (their callbacks are
//! the test's own AMDGCN device functions, run by the executor), an interleaved sample of
//! its accuracy tests (each checked against FFTW by the test itself), and a sample of
//! hipfft-test through Debian's real libhipfft.so.0; of experimental's 7.2 rocfft-test, a
//! sample of its emulation suites and its multi-device (fields and bricks) tests on two CPU
//! devices.

use crate::rocblas_slices::{Pattern, Slice, no_args};

const NOT_YET: &[&str] = &["*rtc_test_harness*"];
/// The samples leave callbacks out: rocfft-test's run in full in the unit slice, and
/// hipfft-test 6.1's `vs_fftw` returns without transforming when a test has callbacks.
const SAMPLED: &[&str] = &["*callback*", "*rtc_cache", "*rtc_test_harness*"];

/// rocfft-test 7.2 draws some of its parameters at random per process (which callback
/// variants of the multi-device tests exist, for one): a fixed seed makes the listing and
/// the run hold the same tests.
fn seeded(_: &std::path::Path) -> Vec<String> {
    vec!["--seed".into(), "1".into()]
}

fn pattern(glob: &str, min: usize) -> Pattern {
    Pattern { glob: glob.into(), min }
}

/// rocfft-test's unit tests (plan descriptions, work buffers, hermitian symmetry, the
/// cache API's argument checks, trace logging from many threads, the FFTW comparison, the
/// 8 default load/store callbacks), its 82 callback accuracy tests (70 against FFTW with
/// callbacks that scale loads and offset stores, 12 loading shorts as floats), one 1/1000 sample of its 88,988
/// runnable accuracy and random-parameter tests (89), and one 1/800 sample of hipfft-test's
/// 56,918 (71). The multithread/multistream unit tests pass but take minutes each on two
/// cores (64 threads of 2^20-point transforms), so CI leaves them out.
pub fn fft_slices() -> Vec<Slice> {
    let unit = Slice {
        part: "rocfft-cpu",
        suite: "trixie",
        binary: "rocfft-test",
        backend: "cpu",
        patterns: vec![
            pattern("rocfft_UnitTest.plan_description", 1),
            pattern("rocfft_UnitTest.workmem_*", 4),
            pattern("rocfft_UnitTest.1D_hermitian*", 2),
            pattern("rocfft_UnitTest.gpu_symmetrizer", 1),
            pattern("rocfft_UnitTest.rtc_cache_null", 1),
            pattern("rocfft_UnitTest.rtc_cache", 1),
            pattern("rocfft_UnitTest.log_multithreading", 1),
            pattern("manual.*", 1),
            pattern("rocfft_UnitTest.default_*_callback_*", 8),
            pattern("callback/accuracy_test.*", 70),
            pattern("callback/change_type.*", 12),
        ],
        exclude: NOT_YET,
        min_tests: 102,
        shard: None,
        args: no_args,
        env: &[],
    };
    let accuracy = Slice {
        part: "rocfft-cpu",
        suite: "trixie",
        binary: "rocfft-test",
        backend: "cpu",
        patterns: vec![pattern("*accuracy_test*", 80), pattern("*random_params*", 0), pattern("reference_test.*", 0)],
        exclude: SAMPLED,
        min_tests: 80,
        shard: Some((0, 1000)),
        args: no_args,
        env: &[],
    };
    let hipfft = Slice {
        part: "rocfft-cpu",
        suite: "trixie",
        binary: "hipfft-test",
        backend: "cpu",
        patterns: vec![pattern("*", 65)],
        exclude: SAMPLED,
        min_tests: 65,
        shard: Some((0, 800)),
        args: no_args,
        env: &[],
    };
    // hipFFT's own unit tests (plan and work-size queries, auto-allocation, the
    // CheckBufferSize expectations of rocFFT's work buffers).
    let hipfft_unit = Slice {
        part: "rocfft-cpu",
        suite: "trixie",
        binary: "hipfft-test",
        backend: "cpu",
        patterns: vec![pattern("hipfftTest.*", 13)],
        exclude: &[],
        min_tests: 13,
        shard: None,
        args: no_args,
        env: &[],
    };
    // On a Vulkan device (lavapipe in CI): the transforms as SPIR-V kernels, checked by the
    // suites themselves. Callbacks are refused there (AMDGCN code runs on the CPU backend
    // only); CreatePlanMany64 asks for a 1.5 GB work buffer, past lavapipe's 2 GiB heap
    // once the test's own buffers are in.
    const ON_VULKAN: &[&str] = &["*callback*", "*multi_device*", "*multi_gpu*", "*rtc_*", "hipfftTest.CreatePlanMany64", "hipfftw*"];
    let accuracy_vulkan = Slice {
        part: "rocfft-vulkan",
        suite: "trixie",
        binary: "rocfft-test",
        backend: "vulkan",
        patterns: vec![pattern("*accuracy_test*", 25)],
        exclude: ON_VULKAN,
        min_tests: 25,
        shard: Some((5, 3000)),
        args: no_args,
        env: &[],
    };
    let hipfft_vulkan = Slice {
        part: "rocfft-vulkan",
        suite: "trixie",
        binary: "hipfft-test",
        backend: "vulkan",
        patterns: vec![pattern("*", 12)],
        exclude: ON_VULKAN,
        min_tests: 12,
        shard: Some((3, 4000)),
        args: no_args,
        env: &[],
    };
    // rocfft-test 7.2's emulation suites (accuracy tests of 1D/2D/3D shapes with strides and
    // batches, meant for hardware emulators): an interleaved 1/200 of their 31,909 (~160
    // tests, ~30 s here).
    let emulation = Slice {
        part: "rocfft-cpu",
        suite: "experimental",
        binary: "rocfft-test",
        backend: "cpu",
        patterns: vec![pattern("emulation_*", 150)],
        exclude: &[],
        min_tests: 150,
        shard: Some((3, 200)),
        args: seeded,
        env: &[],
    };
    // Multi-device fields and bricks: rocfft-test 7.2 makes its multi_gpu_* tests only where
    // it sees two devices. The bricks' validation test (invalid layouts must fail plan
    // creation) and the 1D and single-precision 2D cases of every split (input and/or output
    // fields on both devices, scaled, with load/store callbacks), each against FFTW; the 3D
    // ones take seconds each on two cores.
    let multi_device = Slice {
        part: "rocfft-cpu",
        suite: "experimental",
        binary: "rocfft-test",
        backend: "cpu",
        patterns: vec![
            pattern("multi_gpu_validate.*", 1),
            pattern("multi_gpu_*len_256_single*", 20),
            pattern("multi_gpu_*len_256_double*", 20),
            pattern("multi_gpu_*len_256_256_single*", 30),
        ],
        exclude: &[],
        min_tests: 100,
        shard: None,
        args: seeded,
        env: &[("OXROCM_CPU_DEVICES", "2")],
    };
    vec![unit, accuracy, hipfft, hipfft_unit, emulation, multi_device, accuracy_vulkan, hipfft_vulkan]
}
