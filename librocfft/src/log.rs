//! Logging: errors and unsupported features through the runtime's `AMD_LOG_LEVEL` log, and
//! rocFFT's own layers as rocFFT has them: `ROCFFT_LAYER` (a bit mask, read by
//! `rocfft_setup`) turns on the trace layer (1: every call with its arguments, comma
//! separated), the bench layer (2: each plan as a rocfft-bench command line) and the
//! run-time compilation layer (32: each kernel compiled, `crate::rtc`), written to
//! `ROCFFT_LOG_TRACE_PATH` / `ROCFFT_LOG_BENCH_PATH` / `ROCFFT_LOG_RTC_PATH` when set, else stderr, until
//! `rocfft_cleanup`. Each line is written whole, so threads' lines never interleave.

use oxrocm_ffi::boundary::LogOnce;
use std::fs::File;
use std::io::Write;
use std::sync::Mutex;

static UNSUPPORTED: LogOnce = LogOnce::new();

pub fn error(msg: std::fmt::Arguments) {
    oxrocm_ffi::log::write("rocfft", 1, msg);
}

/// A notice at `AMD_LOG_LEVEL` 3 (info).
pub fn info(msg: std::fmt::Arguments) {
    oxrocm_ffi::log::write("rocfft", 3, msg);
}

/// Logs the first use of a feature this library does not have yet.
pub fn unsupported(what: &'static str) {
    if UNSUPPORTED.first(what) {
        oxrocm_ffi::log::write("rocfft", 1, format_args!("{what} is not supported by oxrocm yet (returning an error)"));
    }
}

const LAYER_TRACE: u32 = 1;
const LAYER_BENCH: u32 = 2;
const LAYER_RTC: u32 = 32;

/// Where one layer's lines go.
enum Sink {
    Stderr,
    File(File),
}

impl Sink {
    fn open(path_var: &str) -> Sink {
        let file = std::env::var_os(path_var).filter(|p| !p.is_empty()).and_then(|p| File::create(p).ok());
        file.map_or(Sink::Stderr, Sink::File)
    }
    fn line(&mut self, text: &str) {
        let mut buf = String::with_capacity(text.len() + 1);
        buf.push_str(text);
        buf.push('\n');
        let _ = match self {
            Sink::Stderr => std::io::stderr().write_all(buf.as_bytes()),
            Sink::File(f) => f.write_all(buf.as_bytes()),
        };
    }
}

struct Layers {
    trace: Option<Sink>,
    bench: Option<Sink>,
    rtc: Option<Sink>,
}

static LAYERS: Mutex<Layers> = Mutex::new(Layers { trace: None, bench: None, rtc: None });

/// `ROCFFT_LAYER` as rocFFT parses it (strtol with base 0: decimal, 0x hex or 0 octal).
fn parse_layer(v: &str) -> u32 {
    let v = v.trim();
    let parsed = if let Some(hex) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        u32::from_str_radix(hex, 16)
    } else if v.len() > 1 && v.starts_with('0') {
        u32::from_str_radix(&v[1..], 8)
    } else {
        v.parse()
    };
    parsed.unwrap_or(0)
}

/// `rocfft_setup`: reads the layers and opens their files.
pub fn setup() {
    let layer = std::env::var("ROCFFT_LAYER").map(|v| parse_layer(&v)).unwrap_or(0);
    let mut l = LAYERS.lock().unwrap_or_else(|e| e.into_inner());
    l.trace = (layer & LAYER_TRACE != 0).then(|| Sink::open("ROCFFT_LOG_TRACE_PATH"));
    l.bench = (layer & LAYER_BENCH != 0).then(|| Sink::open("ROCFFT_LOG_BENCH_PATH"));
    l.rtc = (layer & LAYER_RTC != 0).then(|| Sink::open("ROCFFT_LOG_RTC_PATH"));
}

/// `rocfft_cleanup`: every layer off, files closed.
pub fn cleanup() {
    let mut l = LAYERS.lock().unwrap_or_else(|e| e.into_inner());
    l.trace = None;
    l.bench = None;
    l.rtc = None;
}

pub fn tracing() -> bool {
    LAYERS.lock().unwrap_or_else(|e| e.into_inner()).trace.is_some()
}

/// One trace line: the function, then each argument's name and value.
pub fn trace(function: &str, args: &[(&str, &dyn std::fmt::Display)]) {
    let mut l = LAYERS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(sink) = l.trace.as_mut() {
        let mut line = function.to_string();
        for (name, value) in args {
            line.push_str(&format!(",{name},{value}"));
        }
        sink.line(&line);
    }
}

/// A line of the run-time compilation layer (`crate::rtc`).
pub fn rtc(line: &str) {
    if let Some(sink) = LAYERS.lock().unwrap_or_else(|e| e.into_inner()).rtc.as_mut() {
        sink.line(line);
    }
}

pub fn bench(line: &str) {
    if let Some(sink) = LAYERS.lock().unwrap_or_else(|e| e.into_inner()).bench.as_mut() {
        sink.line(line);
    }
}

/// A pointer as a trace shows it.
pub struct Ptr<T>(pub *const T);

impl<T> std::fmt::Display for Ptr<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:p}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::parse_layer;

    #[test]
    fn layers_parse_as_strtol_base_0() {
        assert_eq!((parse_layer("3"), parse_layer("0x20"), parse_layer("010"), parse_layer("junk")), (3, 32, 8, 0));
    }
}
