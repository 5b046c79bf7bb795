//! Which x86-64 vector extension the CPU backend's hand-vectorised loops run with, chosen
//! once per process. Every level computes the same operations in the same order (no FMA, no
//! reassociated sums), so the choice changes speed, never a result. `OXROCM_ROCBLAS_SIMD`
//! caps it (`avx2`, `baseline`) to compare speeds on one machine.

/// In order of width: `min` caps a level.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Level {
    /// SSE2 only, the x86-64 baseline.
    Baseline,
    Avx2,
    /// AVX-512 Foundation: 512-bit registers.
    Avx512,
}

/// The widest level the CPU has, capped by `OXROCM_ROCBLAS_SIMD`.
#[cfg(target_arch = "x86_64")]
pub fn level() -> Level {
    static LEVEL: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
    *LEVEL.get_or_init(|| {
        let found = if std::arch::is_x86_feature_detected!("avx512f") {
            Level::Avx512
        } else if std::arch::is_x86_feature_detected!("avx2") {
            Level::Avx2
        } else {
            Level::Baseline
        };
        let cap = match std::env::var("OXROCM_ROCBLAS_SIMD").as_deref() {
            Ok("baseline") | Ok("0") => Level::Baseline,
            Ok("avx2") => Level::Avx2,
            _ => Level::Avx512,
        };
        match (found, cap) {
            (Level::Baseline, _) | (_, Level::Baseline) => Level::Baseline,
            (Level::Avx2, _) | (_, Level::Avx2) => Level::Avx2,
            _ => Level::Avx512,
        }
    })
}
