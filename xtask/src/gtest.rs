//! GoogleTest's name filters and output, as the test driver needs them: which listed tests a
//! pattern selects (so every pattern of a suite slice is checked against the real listing
//! before the run), and how many tests a run reports.

/// Whether `name` matches the glob `pattern` as GoogleTest matches one filter pattern
/// against a full test name (`Suite.Test`): `*` is any string, `?` any one character.
pub fn glob(pattern: &str, name: &str) -> bool {
    let (p, n) = (pattern.as_bytes(), name.as_bytes());
    // Iterative wildcard match with one backtrack point (the last `*`).
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && (p[pi] == b'?' || p[pi] == n[ni]) {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, ni));
            pi += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// Full test names from `--gtest_list_tests` output: a suite line (`Suite.`, no indent,
/// optionally followed by `  # TypeParam = ...`) then its tests indented by two spaces
/// (optionally followed by `  # GetParam() = ...`).
pub fn listed_names(listing: &str) -> Vec<String> {
    let mut suite = String::new();
    let mut names = Vec::new();
    for line in listing.lines() {
        if let Some(test) = line.strip_prefix("  ") {
            let test = test.split("  # ").next().unwrap_or(test).trim_end();
            if !suite.is_empty() && !test.is_empty() {
                names.push(format!("{suite}{test}"));
            }
        } else if !line.starts_with(' ') && line.trim_end().ends_with('.') {
            suite = line.trim_end().to_string();
        } else if !line.starts_with(' ') {
            let head = line.split("  # ").next().unwrap_or(line).trim_end();
            if head.ends_with('.') {
                suite = head.to_string();
            }
        }
    }
    names
}

/// The number of tests a GoogleTest run says it ran (`[==========] N tests from M test
/// suites ran.`), or None when it never got there.
pub fn tests_ran(output: &str) -> Option<usize> {
    output.lines().filter_map(|l| l.strip_prefix("[==========] ")).find_map(|rest| {
        if !rest.contains(" ran.") {
            return None;
        }
        rest.split_whitespace().next()?.replace(',', "").parse().ok()
    })
}

/// The tests a GoogleTest run reports failed, each once: the `[  FAILED  ] NAME...` lines
/// (a parameterised test's line goes on with `, where GetParam() = ...`), not the summary's
/// `[  FAILED  ] N tests, listed below:`.
pub fn failed_tests(output: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for rest in output.lines().filter_map(|l| l.strip_prefix("[  FAILED  ] ")) {
        let name = rest.split([',', ' ']).next().unwrap_or("");
        if name.is_empty() || name.bytes().all(|b| b.is_ascii_digit()) || names.contains(&name) {
            continue;
        }
        names.push(name);
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_tests_are_named_once() {
        let out = "[ RUN      ] a/b.c/0\n[  FAILED  ] a/b.c/0, where GetParam() = 404 (3 ms)\n\
                   [  FAILED  ] s.t (1 ms)\n[==========] 2 tests from 1 test suite ran.\n\
                   [  FAILED  ] 2 tests, listed below:\n[  FAILED  ] a/b.c/0, where GetParam() = 404\n\
                   [  FAILED  ] s.t\n\n 2 FAILED TESTS\n";
        assert_eq!(failed_tests(out), vec!["a/b.c/0", "s.t"]);
        assert!(failed_tests("[  PASSED  ] 3 tests.\n").is_empty());
    }

    #[test]
    fn glob_matches_as_googletest_does() {
        assert!(glob("_/gemm_batched.*quick*f64_r_TN*", "_/gemm_batched.blas3/quick_gemm_batched_f64_r_TN_1_2"));
        // The pattern that matched nothing: rocBLAS lists no TN quick test of gemm_batched.
        assert!(!glob("_/gemm_batched.*quick*f64_r_TN*", "_/gemm_batched.blas3/quick_gemm_batched_f64_r_NT_1_2"));
        assert!(glob("*known_bug*", "_/x.blas3/known_bug_y"));
        assert!(glob("a?c", "abc"));
        assert!(!glob("a?c", "ac"));
        assert!(glob("*", ""));
        assert!(!glob("", "a"));
        assert!(glob("**a**", "xxaxx"));
        assert!(!glob("a*b*c", "aXbXd"));
    }

    #[test]
    fn listing_gives_full_names() {
        let listing = "Running main() from gtest\n_/axpy.\n  blas1/quick_blas1_f32_r_1  # GetParam() = 0x1\n  blas1/quick_blas1_f64_r_2  # GetParam() = 0x2\nSuite.  # TypeParam = int\n  Plain\n";
        assert_eq!(listed_names(listing), ["_/axpy.blas1/quick_blas1_f32_r_1", "_/axpy.blas1/quick_blas1_f64_r_2", "Suite.Plain"]);
    }

    #[test]
    fn run_counts_are_read() {
        let out = "[==========] Running 12 tests from 3 test suites.\n...\n[==========] 1,234 tests from 3 test suites ran. (5 ms total)\n";
        assert_eq!(tests_ran(out), Some(1234));
        assert_eq!(tests_ran("[==========] Running 3 tests from 1 test suite.\n"), None);
    }
}
