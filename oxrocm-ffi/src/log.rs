//! `AMD_LOG_LEVEL`-controlled logging for the libraries outside libamdhip64 (same levels
//! and format as the runtime's: 1 errors, 2 warnings, 3 API calls, 4 debug).

use std::sync::OnceLock;

fn level() -> u32 {
    static LEVEL: OnceLock<u32> = OnceLock::new();
    *LEVEL.get_or_init(|| std::env::var("AMD_LOG_LEVEL").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(0))
}

pub fn enabled(wanted: u32) -> bool {
    wanted <= level()
}

/// Writes `:<level>:oxrocm-<lib>: <msg>` to stderr when `AMD_LOG_LEVEL >= level`.
pub fn write(lib: &str, level: u32, msg: std::fmt::Arguments) {
    if enabled(level) {
        eprintln!(":{level}:oxrocm-{lib}: {msg}");
    }
}
