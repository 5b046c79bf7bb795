//! Logging: errors and unsupported features through the runtime's `AMD_LOG_LEVEL` log, and
//! rocFFT's bench layer (`ROCFFT_LAYER` bit 2: each plan as a rocfft-bench command line, to
//! `ROCFFT_LOG_BENCH_PATH` or stderr).

use oxrocm_ffi::boundary::LogOnce;
use std::io::Write;

static UNSUPPORTED: LogOnce = LogOnce::new();

pub fn error(msg: std::fmt::Arguments) {
    oxrocm_ffi::log::write("rocfft", 1, msg);
}

/// Logs the first use of a feature this library does not have yet.
pub fn unsupported(what: &'static str) {
    if UNSUPPORTED.first(what) {
        oxrocm_ffi::log::write("rocfft", 1, format_args!("{what} is not supported by oxrocm yet (returning an error)"));
    }
}

const LAYER_BENCH: u32 = 2;

fn layer() -> u32 {
    std::env::var("ROCFFT_LAYER").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}

pub fn bench(line: &str) {
    if layer() & LAYER_BENCH == 0 {
        return;
    }
    match std::env::var_os("ROCFFT_LOG_BENCH_PATH") {
        Some(path) => {
            if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
                let _ = writeln!(f, "{line}");
            }
        }
        None => eprintln!("{line}"),
    }
}
