//! `AMD_LOG_LEVEL`-controlled logging to stderr (1 errors, 2 warnings, 3 API calls, 4 debug).

use std::sync::OnceLock;

static LEVEL: OnceLock<u32> = OnceLock::new();

fn level() -> u32 {
    *LEVEL.get_or_init(|| std::env::var("AMD_LOG_LEVEL").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(0))
}

pub fn enabled(level_wanted: u32) -> bool {
    level_wanted <= level()
}

pub fn write(level: u32, msg: std::fmt::Arguments) {
    if enabled(level) {
        eprintln!(":{level}:oxrocm: {msg}");
    }
}

#[macro_export]
macro_rules! log_at {
    ($level:expr, $($arg:tt)*) => {
        if $crate::log::enabled($level) { $crate::log::write($level, format_args!($($arg)*)) }
    };
}
