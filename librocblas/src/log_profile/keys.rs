//! Which keys rocBLAS 2.47's profile layer records for each function, and under which name.
//!
//! rocBLAS writes the keys out by hand at every `log_profile(handle, name, "key", value, ...)`
//! call (one per source file: library/src/blas*/rocblas_*.cpp, blas3/Tensile/gemm*.cpp,
//! blas1/rocblas_reduction_impl.hpp), so they follow no single rule: `M`/`N`/`K` in upper case
//! but `m`/`n` for trsm and trmm, `batch` for axpy's batch count, `--batch_count` for dgmm and
//! geam, and scalars only for the GEMM family and geam_ex (as value categories). The table
//! below holds those key lists as facts, per function family (the name without `rocblas_`,
//! precision and `_64`), so that the profile prints what rocBLAS prints. The same lists, read
//! from rocBLAS's source with their origin stated, are the `[keys]` section of
//! librocblas/tests/fixtures/rocblas-profile-format.txt; a test below checks the two agree.

/// Per family, its keys in rocBLAS's order. A token is `key` (the value is the argument whose
/// name, lower-cased without `_`, equals the key's), `key=arg` (another argument), or
/// `@key` (a scalar, recorded as its value category).
const TABLE: &[(&str, &str)] = &[
    ("axpy", "N incx incy"),
    ("axpy_batched", "N incx incy batch=batchcount"),
    (
        "axpy_strided_batched",
        "N incx stride_x incy stride_y batch=batchcount",
    ),
    ("copy", "N incx incy"),
    ("copy_batched", "N incx incy batch_count"),
    (
        "copy_strided_batched",
        "N incx stride_x incy stride_y batch_count",
    ),
    ("dot", "N incx incy"),
    ("dot_batched", "N incx incy batch_count"),
    (
        "dot_strided_batched",
        "N incx stride_x incy stride_y batch_count",
    ),
    // asum, nrm2, iamax and iamin share rocblas_reduction_impl.hpp's keys.
    ("reduction", "N incx"),
    ("reduction_batched", "N incx batch_count"),
    ("reduction_strided_batched", "N incx stride_x batch_count"),
    ("rot", "N incx incy"),
    ("rot_batched", "N incx incy batch_count"),
    (
        "rot_strided_batched",
        "N incx stride_x incy stride_y batch_count",
    ),
    ("rotg", ""),
    ("rotg_batched", "batch_count"),
    (
        "rotg_strided_batched",
        "stride_a stride_b stride_c stride_d=strides batch_count",
    ),
    ("rotm", "N incx incy"),
    ("rotm_batched", "N incx incy batch_count"),
    (
        "rotm_strided_batched",
        "N incx stride_x incy stride_y batch_count",
    ),
    ("rotmg", ""),
    ("rotmg_batched", "batch_count"),
    (
        "rotmg_strided_batched",
        "stride_a=strided1 stride_b=strided2 stride_c=strideparam stride_x=stridex1 stride_y=stridey1 batch_count",
    ),
    ("scal", "N incx"),
    ("scal_batched", "N incx batch_count"),
    ("scal_strided_batched", "N incx stride_x batch_count"),
    ("swap", "N incx incy"),
    ("swap_batched", "N incx incy batch_count"),
    (
        "swap_strided_batched",
        "N incx stride_x incy stride_y batch_count",
    ),
    ("gbmv", "transA M N kl ku lda incx incy"),
    ("gbmv_batched", "transA M N kl ku lda incx incy batch_count"),
    (
        "gbmv_strided_batched",
        "transA M N kl ku lda stride_a incx stride_x incy stride_y batch_count",
    ),
    ("gemv", "transA M N lda incx incy"),
    ("gemv_batched", "transA M N lda incx incy batch_count"),
    (
        "gemv_strided_batched",
        "transA M N lda stride_a incx stride_x incy stride_y batch_count",
    ),
    ("ger", "M N incx incy lda"),
    ("ger_batched", "M N incx incy lda batch_count"),
    (
        "ger_strided_batched",
        "M N incx stride_x incy stride_y lda stride_a batch_count",
    ),
    ("hbmv", "uplo N K lda incx incy"),
    ("hbmv_batched", "uplo N K lda incx incy batch_count"),
    (
        "hbmv_strided_batched",
        "uplo N k lda stride_a incx stride_x incy stride_y batch_count",
    ),
    ("hemv", "uplo N lda incx incy"),
    ("hemv_batched", "uplo N lda incx incy batch_count"),
    (
        "hemv_strided_batched",
        "uplo N lda stride_a incx stride_x incy stride_y batch_count",
    ),
    ("her", "uplo N incx lda"),
    ("her_batched", "uplo N incx lda batch_count"),
    (
        "her_strided_batched",
        "uplo N incx stride_x lda stride_a batch_count",
    ),
    ("her2", "uplo N incx incy lda"),
    ("her2_batched", "uplo N incx incy lda batch_count"),
    (
        "her2_strided_batched",
        "uplo N incx stride_x incy stride_y lda stride_a batch_count",
    ),
    ("hpmv", "uplo N incx incy"),
    ("hpmv_batched", "uplo N incx incy batch_count"),
    (
        "hpmv_strided_batched",
        "uplo N stride_a incx stride_x incy stride_y batch_count",
    ),
    ("hpr", "uplo N incx"),
    ("hpr_batched", "uplo N incx batch_count"),
    (
        "hpr_strided_batched",
        "uplo N incx stride_x stride_a batch_count",
    ),
    ("hpr2", "uplo N incx incy"),
    ("hpr2_batched", "uplo N incx incy batch_count"),
    (
        "hpr2_strided_batched",
        "uplo N incx stride_x incy stride_y stride_a batch_count",
    ),
    ("sbmv", "uplo N K lda incx incy"),
    ("sbmv_batched", "uplo N K lda incx incy batch_count"),
    (
        "sbmv_strided_batched",
        "uplo N K lda stride_a incx stride_x incy stride_y batch_count",
    ),
    ("spmv", "uplo N incx incy"),
    ("spmv_batched", "uplo N incx incy batch_count"),
    (
        "spmv_strided_batched",
        "uplo N stride_a incx stride_x incy stride_y batch_count",
    ),
    ("spr", "uplo N incx"),
    ("spr_batched", "uplo N incx batch_count"),
    (
        "spr_strided_batched",
        "uplo N incx stride_x stride_a batch_count",
    ),
    ("spr2", "uplo N incx incy"),
    ("spr2_batched", "uplo N incx incy batch_count"),
    (
        "spr2_strided_batched",
        "uplo N incx incy stride_x stride_y stride_a batch_count",
    ),
    ("symv", "uplo N lda incx incy"),
    ("symv_batched", "uplo N lda incx incy batch_count"),
    (
        "symv_strided_batched",
        "uplo N lda stride_a incx stride_x incy stride_y batch_count",
    ),
    ("syr", "uplo N incx lda"),
    ("syr_batched", "uplo N incx lda batch_count"),
    (
        "syr_strided_batched",
        "uplo N incx stride_x lda stride_a batch_count",
    ),
    ("syr2", "uplo N lda incx incy"),
    ("syr2_batched", "uplo N incx incy lda batch_count"),
    (
        "syr2_strided_batched",
        "uplo N incx incy lda stride_x stride_y stride_a batch_count",
    ),
    ("tbmv", "uplo transA diag M k lda incx"),
    ("tbmv_batched", "uplo transA diag M k lda incx batch_count"),
    (
        "tbmv_strided_batched",
        "uplo transA diag M k lda stride_a incx stride_x batch_count",
    ),
    ("tbsv", "uplo transA diag N K lda incx"),
    ("tbsv_batched", "uplo transA diag N K lda incx batch_count"),
    (
        "tbsv_strided_batched",
        "uplo transA diag N K lda stride_a incx stride_x batch_count",
    ),
    ("tpmv", "uplo transA diag M incx"),
    ("tpmv_batched", "uplo transA diag M incx batch_count"),
    (
        "tpmv_strided_batched",
        "uplo transA diag M stride_a incx stride_x batch_count",
    ),
    ("tpsv", "uplo transA diag N incx"),
    ("tpsv_batched", "uplo transA diag N incx batch_count"),
    (
        "tpsv_strided_batched",
        "uplo transA diag N stride_a incx stride_x batch_count",
    ),
    ("trmv", "uplo transA diag M lda incx"),
    ("trmv_batched", "uplo transA diag M lda incx batch_count"),
    (
        "trmv_strided_batched",
        "uplo transA diag M lda stride_a incx stride_x batch_count",
    ),
    ("trsv", "uplo transA diag M lda incx"),
    ("trsv_batched", "uplo transA diag M lda incx batch_count"),
    (
        "trsv_strided_batched",
        "uplo transA diag M lda stride_a incx stride_x batch_count",
    ),
    ("gemm", "transA transB M N K @alpha lda ldb @beta ldc"),
    (
        "gemm_batched",
        "transA transB M N K @alpha lda ldb @beta ldc batch_count",
    ),
    (
        "gemm_strided_batched",
        "transA transB M N K @alpha lda stride_a ldb stride_b @beta ldc stride_c batch_count",
    ),
    ("dgmm", "side M N lda incx ldc"),
    (
        "dgmm_batched",
        "side M N lda incx ldc --batch_count=batchcount",
    ),
    (
        "dgmm_strided_batched",
        "side M N lda --stride_a=stridea incx --stride_x=stridex ldc --stride_c=stridec --batch_count=batchcount",
    ),
    ("geam", "transA transB M N lda ldb ldc"),
    (
        "geam_batched",
        "transA transB M N lda ldb ldc --batch_count=batchcount",
    ),
    (
        "geam_strided_batched",
        "transA transB M N lda --stride_a=stridea ldb --stride_b=strideb ldc --stride_c=stridec --batch_count=batchcount",
    ),
    ("hemm", "side uplo M N lda ldb ldc"),
    ("hemm_batched", "side uplo M N lda ldb ldc batch_count"),
    (
        "hemm_strided_batched",
        "side uplo M N lda stride_a ldb stride_b ldc stride_c batch_count",
    ),
    ("her2k", "uplo trans=transa N K lda ldb ldc"),
    (
        "her2k_batched",
        "uplo trans=transa N K lda ldb ldc batch_count",
    ),
    (
        "her2k_strided_batched",
        "uplo trans=transa N K lda stride_a ldb stride_b ldc stride_c batch_count",
    ),
    ("herk", "uplo transA N K lda ldc"),
    ("herk_batched", "uplo transA N K lda ldc batch_count"),
    (
        "herk_strided_batched",
        "uplo transA N K lda stride_a ldc stride_c batch_count",
    ),
    ("herkx", "uplo trans=transa N K lda ldb ldc"),
    (
        "herkx_batched",
        "uplo trans=transa N K lda ldb ldc batch_count",
    ),
    (
        "herkx_strided_batched",
        "uplo trans=transa N K lda stride_a ldb stride_b ldc stride_c batch_count",
    ),
    ("symm", "side uplo M N lda ldb ldc"),
    ("symm_batched", "side uplo M N lda ldb ldc batch_count"),
    (
        "symm_strided_batched",
        "side uplo M N lda stride_a ldb stride_b ldc stride_c batch_count",
    ),
    ("syr2k", "uplo transA N K lda ldb ldc"),
    ("syr2k_batched", "uplo transA N K lda ldb ldc batch_count"),
    (
        "syr2k_strided_batched",
        "uplo transA N K lda stride_a ldb stride_b ldc stride_c batch_count",
    ),
    ("syrk", "uplo transA N K lda ldc"),
    ("syrk_batched", "uplo transA N K lda ldc batch_count"),
    (
        "syrk_strided_batched",
        "uplo transA N K lda stride_a ldc stride_c batch_count",
    ),
    ("syrkx", "uplo transA=trans N K lda ldb ldc"),
    (
        "syrkx_batched",
        "uplo transA=trans N K lda ldb ldc batch_count",
    ),
    (
        "syrkx_strided_batched",
        "uplo transA=trans N K lda stride_a ldb stride_b ldc stride_c batch_count",
    ),
    ("trmm", "side uplo transa diag m n lda ldb"),
    (
        "trmm_batched",
        "side uplo transa diag m n lda ldb batch_count",
    ),
    (
        "trmm_strided_batched",
        "side uplo transa diag m n lda stride_a ldb stride_b batch_count",
    ),
    // trsm_ex and its batched forms record these too (rocBLAS routes them to trsm's code).
    ("trsm", "side uplo transA diag m n lda ldb"),
    (
        "trsm_batched",
        "side uplo transA diag m n lda ldb batch_count",
    ),
    (
        "trsm_strided_batched",
        "side uplo transA diag m n lda stride_A ldb stride_B batch_count",
    ),
    ("trtri", "uplo diag N lda ldinvA"),
    ("trtri_batched", "uplo diag N lda ldinvA batch_count"),
    (
        "trtri_strided_batched",
        "uplo diag N lda bsa=stridea ldinvA bsinvA=strideinva batch_count",
    ),
    (
        "axpy_ex",
        "N a_type=alphatype b_type=xtype incx c_type=ytype incy compute_type=executiontype",
    ),
    (
        "axpy_batched_ex",
        "N a_type=alphatype b_type=xtype incx c_type=ytype incy batch_count compute_type=executiontype",
    ),
    (
        "axpy_strided_batched_ex",
        "N a_type=alphatype b_type=xtype incx stride_x c_type=ytype incy stride_y batch_count compute_type=executiontype",
    ),
    (
        "dot_ex",
        "N a_type=xtype incx b_type=ytype incy c_type=resulttype compute_type=executiontype",
    ),
    (
        "dot_batched_ex",
        "N a_type=xtype incx b_type=ytype incy batch_count c_type=resulttype compute_type=executiontype",
    ),
    (
        "dot_strided_batched_ex",
        "N a_type=xtype incx stride_x b_type=ytype incy stride_y batch_count c_type=resulttype compute_type=executiontype",
    ),
    (
        "nrm2_ex",
        "N a_type=xtype incx b_type=resulttype compute_type=executiontype",
    ),
    (
        "nrm2_batched_ex",
        "N a_type=xtype incx b_type=resulttype batch_count compute_type=executiontype",
    ),
    (
        "nrm2_strided_batched_ex",
        "N a_type=xtype incx stride_x b_type=resulttype batch_count compute_type=executiontype",
    ),
    (
        "rot_ex",
        "N a_type=xtype incx b_type=ytype incy c_type=cstype compute_type=executiontype",
    ),
    (
        "rot_batched_ex",
        "N a_type=xtype incx b_type=ytype incy c_type=cstype batch_count compute_type=executiontype",
    ),
    (
        "rot_strided_batched_ex",
        "N a_type=xtype incx stride_x b_type=ytype incy stride_y c_type=cstype batch_count compute_type=executiontype",
    ),
    (
        "scal_ex",
        "N a_type=alphatype b_type=xtype incx compute_type=executiontype",
    ),
    (
        "scal_batched_ex",
        "N a_type=alphatype b_type=xtype incx batch_count compute_type=executiontype",
    ),
    (
        "scal_strided_batched_ex",
        "N a_type=alphatype b_type=xtype incx stride_x batch_count compute_type=executiontype",
    ),
    // geam_ex records alpha and beta only in host pointer mode (see `keys`).
    (
        "geam_ex",
        "a_type b_type c_type d_type compute_type transA transB M N K @alpha lda ldb @beta ldc ldd geam_ex_op",
    ),
    (
        "gemm_ex",
        "a_type b_type c_type d_type compute_type transA transB M N K @alpha lda ldb @beta ldc ldd algo solution_index flags",
    ),
    (
        "gemm_batched_ex",
        "a_type b_type c_type d_type compute_type transA transB M N K @alpha lda ldb @beta ldc ldd batch_count algo solution_index flags",
    ),
    (
        "gemm_strided_batched_ex",
        "a_type b_type c_type d_type compute_type transA transB M N K @alpha lda stride_a ldb stride_b @beta ldc stride_c ldd stride_d batch_count algo solution_index flags",
    ),
    (
        "gemm_ext2",
        "a_type b_type c_type d_type compute_type M N K @alpha row_stride_a col_stride_a row_stride_b col_stride_b @beta row_stride_c col_stride_c row_stride_d col_stride_d algo solution_index flags",
    ),
    ("trmm_outofplace", "side uplo transa diag m n lda ldb ldc"),
    (
        "trmm_outofplace_batched",
        "side uplo transa diag m n lda ldb ldc batch_count",
    ),
    (
        "trmm_outofplace_strided_batched",
        "side uplo transa diag m n lda stride_a ldb stride_b ldc stride_c batch_count",
    ),
    ("trsv_ex", "uplo transA diag M lda incx"),
    ("trsv_batched_ex", "uplo transA diag M lda incx batch_count"),
    (
        "trsv_strided_batched_ex",
        "uplo transA diag M lda stride_a incx stride_x batch_count",
    ),
];

/// What a profile key's value is.
#[derive(Debug, PartialEq)]
pub enum Source<'a> {
    /// The argument of this (normalized) name.
    Arg(String),
    /// The value category (0, 1, -1 or 2) of the scalar argument of this name.
    Category(&'a str),
}

/// An argument name as the table matches it: lower case, without `_` (rocBLAS's
/// `stride_A`, `strideA` and our `stride_a` are one argument).
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Our names for an argument rocBLAS calls otherwise, tried when no argument has the name
/// itself: gemv's `trans` is rocBLAS's `transA` (and syrkx's `transA` our `trans`), tbmv's
/// and tpmv's order `n` is rocBLAS's `m`, the `_ex` functions' `execution_type` is named
/// `compute_type` in some of ours.
pub fn aliases(name: &str) -> &'static [&'static str] {
    match name {
        "transa" => &["trans"],
        "trans" => &["transa"],
        "m" => &["n"],
        "executiontype" => &["computetype"],
        _ => &[],
    }
}

/// The function family whose keys `name` records: `rocblas_` and the precision dropped
/// (rocblas_dgemm_strided_batched → gemm_strided_batched), conjugate/unconjugated forms and
/// reductions folded together, None for functions rocBLAS does not profile.
pub fn family(name: &str) -> Option<String> {
    let base = name.strip_suffix("_64").unwrap_or(name);
    if base.contains("get_solutions") {
        return None; // rocBLAS's solution queries do not log
    }
    let (mut f, _) = crate::logging::bench_function(base);
    for (from, to) in [
        ("geru", "ger"),
        ("gerc", "ger"),
        ("dotu", "dot"),
        ("dotc", "dot"),
        ("bfdot", "dot"),
    ] {
        if let Some(rest) = f.strip_prefix(from) {
            f = format!("{to}{rest}");
        }
    }
    for red in ["asum", "nrm2", "iamax", "iamin"] {
        if let Some(rest) = f.strip_prefix(red).filter(|r| !r.ends_with("_ex")) {
            f = format!("reduction{rest}");
        }
    }
    if f.starts_with("trsm") {
        f = f.trim_end_matches("_ex").to_string();
    }
    Some(f)
}

/// The keys rocBLAS records for `family`, None where rocBLAS has no profile call for it.
pub fn table(family: &str) -> Option<Vec<(&'static str, Source<'static>)>> {
    let (_, spec) = TABLE.iter().find(|(f, _)| *f == family)?;
    Some(
        spec.split_whitespace()
            .map(|tok| {
                if let Some(k) = tok.strip_prefix('@') {
                    (k, Source::Category(k))
                } else if let Some((k, arg)) = tok.split_once('=') {
                    (k, Source::Arg(arg.to_string()))
                } else {
                    (tok, Source::Arg(normalize(tok)))
                }
            })
            .collect(),
    )
}

/// The name rocBLAS records a call under: the function's own, except where rocBLAS's
/// per-file name tables say otherwise (batched trsm is `rocblas_batched_strsm` and has no
/// complex names, `unknown`; the trsm_ex forms are named by their compute type; nrm2_ex's
/// names lack `rocblas_`).
pub fn function_name(name: &str, compute_type: Option<i64>) -> String {
    let base = name.strip_suffix("_64").unwrap_or(name);
    let letter = |c: Option<i64>| match c {
        Some(151) => Some('s'),
        Some(152) => Some('d'),
        Some(154) => Some('c'),
        Some(155) => Some('z'),
        _ => None,
    };
    let (p, form) = match base {
        "rocblas_trsm_ex" => (letter(compute_type), ""),
        "rocblas_trsm_batched_ex" => (letter(compute_type), "batched"),
        "rocblas_trsm_strided_batched_ex" => (letter(compute_type), "strided_batched"),
        _ => match base.strip_prefix("rocblas_").and_then(|s| {
            s.strip_suffix("trsm_batched")
                .or(s.strip_suffix("trsm_strided_batched"))
                .map(|p| (s, p))
        }) {
            Some((s, p)) if p.len() == 1 => (
                p.chars().next(),
                if s.ends_with("_strided_batched") {
                    "strided_batched"
                } else {
                    "batched"
                },
            ),
            _ => {
                return match base.strip_prefix("rocblas_") {
                    Some(rest) if rest.starts_with("nrm2_") && rest.ends_with("_ex") => {
                        rest.to_string()
                    }
                    _ => name.to_string(),
                };
            }
        },
    };
    match (p, form) {
        (Some(p), "") => format!("rocblas_{p}trsm"),
        (Some(p @ ('s' | 'd')), "batched") => format!("rocblas_batched_{p}trsm"),
        (Some(p), "strided_batched") => format!("rocblas_strided_batched_{p}trsm"),
        _ => "unknown".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families() {
        assert_eq!(
            family("rocblas_sgemm_strided_batched").as_deref(),
            Some("gemm_strided_batched")
        );
        assert_eq!(
            family("rocblas_dzasum_batched").as_deref(),
            Some("reduction_batched")
        );
        assert_eq!(family("rocblas_isamax_64").as_deref(), Some("reduction"));
        assert_eq!(family("rocblas_nrm2_ex").as_deref(), Some("nrm2_ex"));
        assert_eq!(
            family("rocblas_cgerc_batched").as_deref(),
            Some("ger_batched")
        );
        assert_eq!(
            family("rocblas_zdotc_strided_batched").as_deref(),
            Some("dot_strided_batched")
        );
        assert_eq!(family("rocblas_dotc_ex").as_deref(), Some("dot_ex"));
        assert_eq!(
            family("rocblas_trsm_batched_ex").as_deref(),
            Some("trsm_batched")
        );
        assert_eq!(family("rocblas_gemm_ex_get_solutions"), None);
        for (f, _) in TABLE {
            assert!(table(f).is_some(), "{f}");
        }
    }

    /// TABLE's keys (without `@` and `=arg`) are the fixture's rocBLAS key lists, family by
    /// family, and the two list the same families.
    #[test]
    fn table_is_the_fixtures_rocblas_keys() {
        let fixture = include_str!("../../tests/fixtures/rocblas-profile-format.txt");
        let mut section = fixture.lines().skip_while(|l| *l != "[keys]");
        assert!(section.next().is_some(), "fixture has no [keys]");
        let mut seen = Vec::new();
        for line in section.take_while(|l| !l.starts_with('[')) {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (fam, keys) = line.split_once(':').expect("family: keys");
            let (_, spec) = TABLE
                .iter()
                .find(|(f, _)| *f == fam)
                .unwrap_or_else(|| panic!("{fam}: not in TABLE"));
            let ours: Vec<&str> = spec
                .split_whitespace()
                .map(|t| t.trim_start_matches('@').split('=').next().unwrap())
                .collect();
            assert_eq!(ours, keys.split_whitespace().collect::<Vec<_>>(), "{fam}");
            seen.push(fam);
        }
        for (f, _) in TABLE {
            assert!(seen.contains(f), "{f}: in TABLE, not in the fixture");
        }
    }

    #[test]
    fn names() {
        assert_eq!(function_name("rocblas_sgemm", None), "rocblas_sgemm");
        assert_eq!(
            function_name("rocblas_strsm_batched", None),
            "rocblas_batched_strsm"
        );
        assert_eq!(function_name("rocblas_ctrsm_batched", None), "unknown");
        assert_eq!(
            function_name("rocblas_ztrsm_strided_batched", None),
            "rocblas_strided_batched_ztrsm"
        );
        assert_eq!(function_name("rocblas_trsm_ex", Some(152)), "rocblas_dtrsm");
        assert_eq!(
            function_name("rocblas_trsm_batched_ex", Some(151)),
            "rocblas_batched_strsm"
        );
        assert_eq!(
            function_name("rocblas_nrm2_strided_batched_ex", None),
            "nrm2_strided_batched_ex"
        );
        assert_eq!(function_name("rocblas_sgemm_64", None), "rocblas_sgemm_64");
    }
}
