//! rocBLAS's logging layers, as rocBLAS prints them. `ROCBLAS_LAYER` (a bit mask read when a
//! handle is created, like rocBLAS's `init_logging`) turns on, for that handle:
//!   1 trace: `rocblas_sgemm,N,T,m,n,k,alpha,A,lda,...,atomics_allowed` (enums as letters or
//!     type names, scalars by value, result pointers left out), in `ROCBLAS_LOG_TRACE_PATH`;
//!   2 bench: the `./rocblas-bench -f gemm -r f32_r --transposeA N ...` command line that
//!     repeats the call, in `ROCBLAS_LOG_BENCH_PATH`;
//!   4 profile: each distinct call (function, atomics mode and its rocBLAS profile keys)
//!     counted, and printed once at process exit as
//!     `- { rocblas_function: "rocblas_sgemm", atomics_mode: atomics_allowed, transA: 'N', ...,
//!     call_count: 2 }`, in `ROCBLAS_LOG_PROFILE_PATH` (see `log_profile`).
//! Without a path the stream is `ROCBLAS_LOG_PATH`, else stderr. Every exported call also
//! logs `name ( args )` at `AMD_LOG_LEVEL=3`, like the other oxrocm libraries.
//!
//! The lines are built from each export's argument names (the declaration lists use
//! rocBLAS's names): `trans*`, `uplo`, `diag`, `side` print as letters, `*_type` as type
//! names, `alpha`/`beta` as values of their pointee (or of the call's compute type).

use crate::handle;
use crate::hip;
use crate::types::*;
use half::{bf16, f16};
use std::any::Any;
use std::collections::HashMap;
use std::ffi::c_void;
use std::fmt::{Debug, Write as _};
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

const LAYER_TRACE: u32 = 1;
const LAYER_BENCH: u32 = 2;
const LAYER_PROFILE: u32 = 4;

/// An exported function's argument, for the logs.
pub trait Arg: Debug {
    fn as_any_value(&self) -> &dyn Any;
}
impl<T: Debug + Any> Arg for T {
    fn as_any_value(&self) -> &dyn Any {
        self
    }
}

/// A log stream shared by every handle that opened the same path (rocBLAS shares one
/// writer per file, so lines of several handles interleave whole).
#[derive(Clone)]
pub struct Sink(Arc<Mutex<Box<dyn Write + Send>>>);

impl Debug for Sink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sink")
    }
}

impl Sink {
    pub(crate) fn line(&self, s: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = w.write_all(s.as_bytes());
        let _ = w.flush();
    }
}

/// A handle's logging: its layer bits and streams.
#[derive(Clone, Debug, Default)]
pub struct Logs {
    pub layer: u32,
    /// The rocBLAS major version of the handle's library file (2 or less: 2.47). rocBLAS
    /// 5.x ends bench lines with `--atomics_allowed` when atomics are allowed and with a bare
    /// separator when not (older versions name only `--atomics_not_allowed`); 4.x and later
    /// name the order of trmv, tbmv, tpmv and trsv `-n` in bench lines (2.47: `-m`).
    pub abi: u32,
    pub trace: Option<Sink>,
    pub bench: Option<Sink>,
    /// Where this handle's calls are counted to; rocBLAS prints each profile table at exit
    /// into the stream of the handle that made its first call.
    pub profile: Option<Sink>,
}

/// C's `strtol(s, 0, 0)`: decimal, `0x` hex or leading-0 octal; garbage reads as 0.
fn strtol(s: &str) -> u32 {
    let s = s.trim();
    let (neg, s) = s.strip_prefix('-').map_or((false, s), |r| (true, r));
    let (radix, digits) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (16, h)
    } else if s.len() > 1 && s.starts_with('0') {
        (8, &s[1..])
    } else {
        (10, s)
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    let v = i64::from_str_radix(&digits[..end], radix).unwrap_or(0);
    (if neg { -v } else { v }) as u32
}

/// The stream of a log path, opened as rocBLAS's `rocblas_internal_ostream` opens it for
/// each new handle: created or truncated, written in append mode, and shared by every
/// handle whose path names the same file (device and inode), so that a handle created after
/// the file was removed or rewritten starts a fresh file.
fn open(var: &str) -> Sink {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    static OPEN: OnceLock<Mutex<HashMap<(u64, u64), Sink>>> = OnceLock::new();
    // Paths as the OS gives them (a file name need not be UTF-8); an empty one is unset.
    let path = [var, "ROCBLAS_LOG_PATH"]
        .iter()
        .filter_map(std::env::var_os)
        .find(|p| !p.is_empty());
    let Some(path) = path else {
        return Sink(Arc::new(Mutex::new(Box::new(std::io::stderr()))));
    };
    let file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .custom_flags(libc::O_TRUNC | libc::O_CLOEXEC)
        .mode(0o644)
        .open(&path)
        .and_then(|f| f.metadata().map(|m| (f, (m.dev(), m.ino()))));
    match file {
        Ok((f, key)) => {
            let mut open = OPEN
                .get_or_init(Default::default)
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            open.entry(key)
                .or_insert_with(|| Sink(Arc::new(Mutex::new(Box::new(f)))))
                .clone()
        }
        Err(e) => {
            eprintln!(
                "rocBLAS: cannot open log file {}: {e}; logging to stderr",
                path.to_string_lossy()
            );
            Sink(Arc::new(Mutex::new(Box::new(std::io::stderr()))))
        }
    }
}

/// Whether any handle was created with a layer on (calls skip the handle lookup otherwise).
static ANY_LAYER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The logging a new handle gets from the environment (`abi`: see `Logs::abi`).
pub fn for_new_handle(abi: u32) -> Logs {
    let layer = std::env::var("ROCBLAS_LAYER")
        .map(|v| strtol(&v))
        .unwrap_or(0);
    if layer != 0 {
        ANY_LAYER.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    Logs {
        layer,
        abi,
        trace: (layer & LAYER_TRACE != 0).then(|| open("ROCBLAS_LOG_TRACE_PATH")),
        bench: (layer & LAYER_BENCH != 0).then(|| open("ROCBLAS_LOG_BENCH_PATH")),
        profile: (layer & LAYER_PROFILE != 0).then(|| open("ROCBLAS_LOG_PROFILE_PATH")),
    }
}

/// What a call's log lines need from its handle.
struct Call {
    logs: Logs,
    device_scalars: bool,
    atomics: rocblas_atomics_mode,
}

/// The rocBLAS name of an exported function: entry points that differ per ABI are defined
/// as `oxrocm_abi4_*` / `oxrocm_abi5_*` and staged under the name after the prefix.
pub(crate) fn public_name(name: &str) -> &str {
    name.strip_prefix("oxrocm_abi4_")
        .or_else(|| name.strip_prefix("oxrocm_abi5_"))
        .unwrap_or(name)
}

/// `_ex` Level-1 functions whose alpha rocBLAS logs only from host memory: under a device
/// pointer mode their trace leaves alpha out and they write no bench line.
fn alpha_host_only(func: &str) -> bool {
    (func.starts_with("axpy") || func.starts_with("scal")) && func.ends_with("_ex")
}

/// Functions whose bench line rocBLAS writes only in host pointer mode.
fn bench_host_only(func: &str) -> bool {
    alpha_host_only(func) || ["tbsv", "tpsv", "trsv"].iter().any(|p| func.starts_with(p))
}

fn call_of(h: rocblas_handle) -> Option<Call> {
    if !ANY_LAYER.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    handle::with_handle(h, |h| Call {
        logs: h.logs.clone(),
        device_scalars: h.pointer_mode == rocblas_pointer_mode_device,
        atomics: h.atomics_mode,
    })
    .ok()
    .filter(|c| c.logs.layer & (LAYER_TRACE | LAYER_BENCH | LAYER_PROFILE) != 0)
}

/// A pointer as C++'s ostream prints it (for auxiliary traces).
pub fn ptr<T>(p: *mut T) -> String {
    if p.is_null() {
        "0".into()
    } else {
        format!("{p:p}")
    }
}

pub fn atomics_string(mode: rocblas_atomics_mode) -> &'static str {
    if mode == rocblas_atomics_not_allowed {
        "atomics_not_allowed"
    } else {
        "atomics_allowed"
    }
}

/// A trace line for an auxiliary call: `name,values...,atomics mode`.
pub fn aux(h: rocblas_handle, name: &str, values: &[&dyn std::fmt::Display]) {
    let Some(c) = call_of(h) else { return };
    if let Some(t) = c
        .logs
        .trace
        .as_ref()
        .filter(|_| c.logs.layer & LAYER_TRACE != 0)
    {
        let mut line = name.to_string();
        for v in values {
            let _ = write!(line, ",{v}");
        }
        let _ = writeln!(line, ",{}", atomics_string(c.atomics));
        t.line(&line);
    }
}

/// Logs an exported call: `args` are (name, value) in declaration order, the handle first.
pub fn api(name: &str, args: &[(&str, &dyn Arg)]) {
    if oxrocm_ffi::log::enabled(3) {
        let s: Vec<String> = args.iter().map(|(_, a)| format!("{a:?}")).collect();
        oxrocm_ffi::log::write("rocblas", 3, format_args!("{name} ( {} )", s.join(", ")));
    }
    let Some(&(_, first)) = args.first() else {
        return;
    };
    let Some(&h) = first.as_any_value().downcast_ref::<rocblas_handle>() else {
        return;
    };
    let Some(c) = call_of(h) else { return };
    let name = public_name(name);
    let rest = &args[1..];
    if let (Some(t), true) = (&c.logs.trace, c.logs.layer & LAYER_TRACE != 0) {
        t.line(&trace_line(name, rest, &c));
    }
    if let (Some(b), true) = (&c.logs.bench, c.logs.layer & LAYER_BENCH != 0) {
        if let Some(line) = bench_line(name, rest, &c) {
            b.line(&line);
        }
    }
    if let (Some(p), true) = (&c.logs.profile, c.logs.layer & LAYER_PROFILE != 0) {
        crate::log_profile::record(p, name, rest, c.device_scalars, c.atomics);
    }
}

pub fn ret(name: &str, status: i32) {
    oxrocm_ffi::log::write("rocblas", 3, format_args!("{name}: returned {status}"));
}

fn trace_line(name: &str, args: &[(&str, &dyn Arg)], c: &Call) -> String {
    let mut line = name.to_string();
    let skip_alpha = c.device_scalars
        && alpha_host_only(&bench_function(name.strip_suffix("_64").unwrap_or(name)).0);
    for &(arg, v) in args {
        if is_result(arg) || (skip_alpha && arg == "alpha") {
            continue;
        }
        let text = match Kind::of(arg) {
            Kind::Scalar => scalar(arg, v, args, c).map_or_else(|| pointer(v), |s| s.trace),
            Kind::Flags => {
                int(v).map_or_else(|| debug(v), |f| gemm_flags_string(f as u32).to_string())
            }
            kind => kind.letter(v).unwrap_or_else(|| pointer(v)),
        };
        line.push(',');
        line += &text;
    }
    let _ = writeln!(line, ",{}", atomics_string(c.atomics));
    line
}

/// The bench line of a call; None where rocBLAS writes none. ILP64 (`_64`) functions are
/// named without the suffix after rocblas-bench's `--api 1`.
fn bench_line(name: &str, args: &[(&str, &dyn Arg)], c: &Call) -> Option<String> {
    let (base, api64) = match name.strip_suffix("_64") {
        Some(b) => (b, true),
        None => (name, false),
    };
    let (func, precision) = bench_function(base);
    // dotu and dotc run as rocblas-bench's dot (the precision tells complex from real)
    let func = match func
        .strip_prefix("dotu")
        .or_else(|| func.strip_prefix("dotc"))
    {
        Some(rest) if !func.contains("_ex") => format!("dot{rest}"),
        _ => func,
    };
    if c.device_scalars && bench_host_only(&func) {
        return None;
    }
    let mut line = format!(
        "./rocblas-bench{} -f {func}",
        if api64 { " --api 1" } else { "" }
    );
    // scal_ex and nrm2_ex name their types after the other options, as one precision where
    // all agree (rocBLAS's log_bench_ex_precisions).
    let ex_precisions =
        (func.starts_with("scal") || func.starts_with("nrm2")) && func.ends_with("_ex");
    if func.starts_with("scal") && !func.contains("_ex") {
        // rocBLAS names scal's two types separately, also when they agree: the vector's
        // (--a_type), then alpha's (--b_type).
        let x = precision.unwrap_or("f32_r");
        let s = name.strip_prefix("rocblas_").unwrap_or(name);
        let a = if s.starts_with("csscal") {
            "f32_r"
        } else if s.starts_with("zdscal") {
            "f64_r"
        } else {
            x
        };
        let _ = write!(line, " --a_type {x} --b_type {a}");
    } else if let Some(p) = precision {
        let _ = write!(line, " -r {p}");
    }
    let mut opts: Vec<String> = Vec::new();
    for &(arg, v) in args {
        if is_result(arg) {
            continue;
        }
        let kind = Kind::of(arg);
        if ex_precisions && kind == Kind::Datatype {
            continue;
        }
        let text = match kind {
            Kind::Scalar => match scalar(arg, v, args, c) {
                Some(s) => s.bench,
                None => continue,
            },
            Kind::Flags | Kind::Int => match int(v) {
                Some(i) => format!("{} {i}", option(&func, arg, c.logs.abi)),
                None => continue, // a pointer: not on the command line
            },
            _ => match kind.letter(v) {
                Some(l) => format!("{} {l}", option(&func, arg, c.logs.abi)),
                None => continue,
            },
        };
        opts.push(text);
    }
    if ex_precisions {
        let ty = |n: &str| {
            args.iter()
                .find(|(a, _)| *a == n)
                .and_then(|(_, v)| int(*v))
                .map_or("invalid", |t| datatype_string(t as i32))
        };
        let (a, x) = if func.starts_with("scal") {
            (ty("alpha_type"), ty("x_type"))
        } else {
            (ty("x_type"), ty("result_type"))
        };
        let ex = ty("execution_type");
        opts.push(if a == x && x == ex {
            format!("-r {a}")
        } else {
            format!("--a_type {a} --b_type {x} --compute_type {ex}")
        });
    }
    // rocBLAS's syr2 lines name lda before the increments.
    let (lda, alpha) = (
        opts.iter().position(|o| o.starts_with("--lda ")),
        opts.iter().position(|o| o.starts_with("--alpha ")),
    );
    if let (true, Some(l), Some(at)) = (
        func.starts_with("syr2") && !func.starts_with("syr2k"),
        lda,
        alpha,
    ) {
        let lda = opts.remove(l);
        opts.insert(at + 1, lda);
    }
    for o in opts {
        line.push(' ');
        line += &o;
    }
    if c.logs.abi >= 5 {
        line += if c.atomics == rocblas_atomics_not_allowed {
            " "
        } else {
            " --atomics_allowed"
        };
    } else if c.atomics == rocblas_atomics_not_allowed {
        line += " --atomics_not_allowed";
    }
    line.push('\n');
    Some(line)
}

pub(crate) fn is_result(arg: &str) -> bool {
    arg == "result" || arg == "results"
}

/// How an argument prints, by its name.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    Operation,
    Fill,
    Diagonal,
    Side,
    Datatype,
    Scalar,
    Flags,
    Int,
}

impl Kind {
    pub(crate) fn of(arg: &str) -> Kind {
        match arg {
            "alpha" | "beta" => Kind::Scalar,
            "uplo" => Kind::Fill,
            "diag" => Kind::Diagonal,
            "side" => Kind::Side,
            "flags" => Kind::Flags,
            a if a.starts_with("trans") => Kind::Operation,
            a if a.ends_with("_type") => Kind::Datatype,
            _ => Kind::Int,
        }
    }

    /// The letter or name rocBLAS prints for an enum argument (None for plain values).
    pub(crate) fn letter(self, v: &dyn Arg) -> Option<String> {
        let i = int(v)?;
        let s = match (self, i) {
            (Kind::Operation, 111) => "N",
            (Kind::Operation, 112) => "T",
            (Kind::Operation, 113) => "C",
            (Kind::Fill, 121) => "U",
            (Kind::Fill, 122) => "L",
            (Kind::Fill, 123) => "F",
            (Kind::Diagonal, 131) => "N",
            (Kind::Diagonal, 132) => "U",
            (Kind::Side, 141) => "L",
            (Kind::Side, 142) => "R",
            (Kind::Side, 143) => "B",
            (Kind::Datatype, t) => datatype_string(t as i32),
            (Kind::Int, _) => return Some(i.to_string()),
            _ => "invalid",
        };
        Some(s.to_string())
    }
}

/// The argument as an integer, if it is one.
pub(crate) fn int(v: &dyn Arg) -> Option<i64> {
    let a = v.as_any_value();
    a.downcast_ref::<i32>()
        .map(|&x| x as i64)
        .or_else(|| a.downcast_ref::<i64>().copied())
        .or_else(|| a.downcast_ref::<u32>().map(|&x| x as i64))
        .or_else(|| a.downcast_ref::<u64>().map(|&x| x as i64))
        .or_else(|| a.downcast_ref::<usize>().map(|&x| x as i64))
}

fn debug(v: &dyn Arg) -> String {
    format!("{v:?}")
}

/// A pointer as C++'s ostream prints `(void*)p`: hex, and `0` for NULL.
fn pointer(v: &dyn Arg) -> String {
    let s = debug(v);
    if s == "0x0" { "0".into() } else { s }
}

pub fn datatype_string(t: i32) -> &'static str {
    match t {
        150 => "f16_r",
        151 => "f32_r",
        152 => "f64_r",
        153 => "f16_c",
        154 => "f32_c",
        155 => "f64_c",
        160 => "i8_r",
        161 => "u8_r",
        162 => "i32_r",
        163 => "u32_r",
        164 => "i8_c",
        165 => "u8_c",
        166 => "i32_c",
        167 => "u32_c",
        168 => "bf16_r",
        169 => "bf16_c",
        _ => "invalid",
    }
}

pub(crate) fn gemm_flags_string(f: u32) -> &'static str {
    match f {
        0 => "none",
        1 => "pack_int",
        2 => "use_cu_efficiency",
        4 => "fp16_alt_impl",
        8 => "check_solution_index",
        _ => "invalid",
    }
}

/// The `-f` name and `-r` precision of an exported function's bench line:
/// rocblas_sgemm_strided_batched → (gemm_strided_batched, f32_r), rocblas_isamax → (iamax,
/// f32_r), rocblas_gemm_ex → (gemm_ex, none).
pub(crate) fn bench_function(name: &str) -> (String, Option<&'static str>) {
    let s = name.strip_prefix("rocblas_").unwrap_or(name);
    let precision = |c: char| match c {
        's' => Some("f32_r"),
        'd' => Some("f64_r"),
        'c' => Some("f32_c"),
        'z' => Some("f64_c"),
        'h' => Some("f16_r"),
        _ => None,
    };
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        _ if s.contains("_ex") => (s.to_string(), None),
        (Some('i'), Some(p)) if s[2..].starts_with("amax") || s[2..].starts_with("amin") => {
            (format!("i{}", &s[2..]), precision(p))
        }
        // Mixed real/complex names (csscal, zdrot, scasum, dznrm2): the vector's type.
        _ if ["cs", "zd"].iter().any(|p| s.starts_with(p))
            && ["scal", "rot"].iter().any(|b| s[2..].starts_with(b)) =>
        {
            (
                s[2..].to_string(),
                precision(if s.starts_with('c') { 'c' } else { 'z' }),
            )
        }
        _ if ["sc", "dz"].iter().any(|p| s.starts_with(p))
            && ["asum", "nrm2"].iter().any(|b| s[2..].starts_with(b)) =>
        {
            (
                s[2..].to_string(),
                precision(if s.starts_with('s') { 'c' } else { 'z' }),
            )
        }
        (Some(p), _) if precision(p).is_some() => (s[1..].to_string(), precision(p)),
        _ => (s.to_string(), None),
    }
}

/// rocblas-bench's option for an argument (`abi`: see `Logs::abi`).
fn option(func: &str, arg: &str, abi: u32) -> String {
    // The mixed-precision Level-1 functions name their types a, b, c and compute.
    if func.ends_with("_ex") {
        let renamed = if func.starts_with("axpy") {
            match arg {
                "alpha_type" => Some("--a_type"),
                "x_type" => Some("--b_type"),
                "y_type" => Some("--c_type"),
                "execution_type" => Some("--compute_type"),
                _ => None,
            }
        } else if func.starts_with("dot") {
            match arg {
                "x_type" => Some("--a_type"),
                "y_type" => Some("--b_type"),
                "result_type" => Some("--c_type"),
                "execution_type" => Some("--compute_type"),
                _ => None,
            }
        } else {
            None
        };
        if let Some(o) = renamed {
            return o.into();
        }
    }
    match arg {
        // rocBLAS 4.x calls the order of the triangular matrix-vector functions n; 2.47
        // calls it m (trmv and trsv also name their argument m).
        "m" | "n"
            if abi >= 4
                && ["trmv", "trsv", "tbmv", "tpmv"]
                    .iter()
                    .any(|p| func.starts_with(p)) =>
        {
            "-n".into()
        }
        "m" | "k" => format!("-{arg}"),
        "n" if func.starts_with("tbmv") || func.starts_with("tpmv") => "-m".into(),
        "n" => "-n".into(),
        "trans" | "trans_a" | "transa" | "transA" => "--transposeA".into(),
        "trans_b" | "transb" | "transB" => "--transposeB".into(),
        "stridex" => "--stride_x".into(),
        "stridey" => "--stride_y".into(),
        _ => format!("--{arg}"),
    }
}

/// A scalar argument's trace and bench renderings.
struct ScalarText {
    trace: String,
    bench: String,
}

/// C++ ostream's default rendering of a double (6 significant digits, `%g`).
pub fn fmt_g(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() {
            "-nan".into()
        } else {
            "nan".into()
        };
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf".into() } else { "inf".into() };
    }
    if v == 0.0 {
        return if v.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let sci = format!("{v:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let trim = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if !(-4..6).contains(&exp) {
        format!(
            "{}e{}{:02}",
            trim(mantissa),
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    } else {
        trim(&format!("{v:.*}", (5 - exp) as usize))
    }
}

/// Reads `bytes` at `p`: host memory, or device memory in device pointer mode.
fn fetch(p: *const c_void, bytes: usize, device: bool) -> Option<Vec<u8>> {
    if p.is_null() {
        return None;
    }
    let mut out = vec![0u8; bytes];
    if device {
        (unsafe {
            hip::hipMemcpy(
                out.as_mut_ptr().cast(),
                p,
                bytes,
                hip::hipMemcpyDeviceToHost,
            )
        } == 0)
            .then_some(out)
    } else {
        unsafe { std::ptr::copy_nonoverlapping(p as *const u8, out.as_mut_ptr(), bytes) };
        Some(out)
    }
}

/// The value a scalar argument points to, as (real, imaginary, complex), read by its pointee
/// type (or, for `void*` scalars, by the call's `alpha_type`, `compute_type` or
/// `execution_type`); the parts are None for a NULL pointer or unreadable device memory.
/// None: not a readable scalar argument.
pub(crate) fn scalar_parts(
    v: &dyn Arg,
    args: &[(&str, &dyn Arg)],
    device: bool,
) -> Option<(Option<f64>, Option<f64>, bool)> {
    let a = v.as_any_value();
    let ptr_of = |a: &dyn Any| -> Option<(*const c_void, i32)> {
        macro_rules! typed {
            ($($t:ty => $dt:expr),*) => {$(
                if let Some(p) = a.downcast_ref::<*const $t>() {
                    return Some((*p as *const c_void, $dt));
                }
                if let Some(p) = a.downcast_ref::<*mut $t>() {
                    return Some((*p as *const c_void, $dt));
                }
            )*};
        }
        typed!(f32 => rocblas_datatype_f32_r, f64 => rocblas_datatype_f64_r, f16 => rocblas_datatype_f16_r,
               bf16 => rocblas_datatype_bf16_r, crate::blas1::num::C32 => rocblas_datatype_f32_c,
               crate::blas1::num::C64 => rocblas_datatype_f64_c, i32 => 162);
        if let Some(p) = a.downcast_ref::<*const c_void>() {
            let ty = ["alpha_type", "compute_type", "execution_type"]
                .iter()
                .find_map(|n| args.iter().find(|(x, _)| x == n))
                .and_then(|(_, t)| int(*t))?;
            return Some((*p, ty as i32));
        }
        None
    };
    let (p, ty) = ptr_of(a)?;
    Some(match ty {
        151 => (
            fetch(p, 4, device)
                .map(|b| f32::from_le_bytes(b[..4].try_into().unwrap_or_default()) as f64),
            None,
            false,
        ),
        152 => (
            fetch(p, 8, device).map(|b| f64::from_le_bytes(b[..8].try_into().unwrap_or_default())),
            None,
            false,
        ),
        150 => (
            fetch(p, 2, device).map(|b| f16::from_le_bytes([b[0], b[1]]).to_f64()),
            None,
            false,
        ),
        168 => (
            fetch(p, 2, device).map(|b| bf16::from_le_bytes([b[0], b[1]]).to_f64()),
            None,
            false,
        ),
        162 => (
            fetch(p, 4, device)
                .map(|b| i32::from_le_bytes(b[..4].try_into().unwrap_or_default()) as f64),
            None,
            false,
        ),
        154 => {
            let b = fetch(p, 8, device);
            let part = |o: usize| {
                b.as_ref()
                    .map(|b| f32::from_le_bytes(b[o..o + 4].try_into().unwrap_or_default()) as f64)
            };
            (part(0), part(4), true)
        }
        155 => {
            let b = fetch(p, 16, device);
            let part = |o: usize| {
                b.as_ref()
                    .map(|b| f64::from_le_bytes(b[o..o + 8].try_into().unwrap_or_default()))
            };
            (part(0), part(8), true)
        }
        _ => return None,
    })
}

/// `alpha`/`beta` as the trace and bench lines print it. None: not a readable scalar
/// (printed as a pointer in the trace, left out of the bench line).
fn scalar(arg: &str, v: &dyn Arg, args: &[(&str, &dyn Arg)], c: &Call) -> Option<ScalarText> {
    let (re, im, complex) = scalar_parts(v, args, c.device_scalars)?;
    // A NULL scalar prints as NaN, as rocBLAS's log_trace_scalar_value does.
    let (re, im) = (re.unwrap_or(f64::NAN), im.unwrap_or(f64::NAN));
    Some(if complex {
        let mut bench = format!("--{arg} {}", fmt_g(re));
        if im != 0.0 {
            let _ = write!(bench, " --{arg}i {}", fmt_g(im));
        }
        ScalarText {
            trace: format!("({},{})", fmt_g(re), fmt_g(im)),
            bench,
        }
    } else {
        ScalarText {
            trace: fmt_g(re),
            bench: format!("--{arg} {}", fmt_g(re)),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_format_matches_cpp_ostream() {
        for (v, want) in [
            (1.0, "1"),
            (0.5, "0.5"),
            (-2.25, "-2.25"),
            (1e-10, "1e-10"),
            (123456.0, "123456"),
            (1234567.0, "1.23457e+06"),
            (0.0001, "0.0001"),
            (0.00001234, "1.234e-05"),
            (1.0 / 3.0, "0.333333"),
            (100.0, "100"),
            (f64::NAN, "nan"),
            (f64::NEG_INFINITY, "-inf"),
        ] {
            assert_eq!(fmt_g(v), want, "{v}");
        }
    }

    #[test]
    fn bench_names() {
        assert_eq!(
            bench_function("rocblas_sgemm_strided_batched"),
            ("gemm_strided_batched".into(), Some("f32_r"))
        );
        assert_eq!(
            bench_function("rocblas_izamax"),
            ("iamax".into(), Some("f64_c"))
        );
        assert_eq!(bench_function("rocblas_gemm_ex"), ("gemm_ex".into(), None));
        assert_eq!(
            bench_function("rocblas_csscal"),
            ("scal".into(), Some("f32_c"))
        );
        assert_eq!(
            bench_function("rocblas_dznrm2_batched"),
            ("nrm2_batched".into(), Some("f64_c"))
        );
        assert_eq!(strtol("0x3"), 3);
        assert_eq!(strtol("010"), 8);
        assert_eq!(strtol(" 5 "), 5);
    }
}
