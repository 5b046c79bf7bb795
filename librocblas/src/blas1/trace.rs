//! API tracing of Level-1 calls: `AMD_LOG_LEVEL=3` lines (as every oxrocm export) and
//! rocBLAS's own `ROCBLAS_LAYER` trace bit (1): one CSV line per call, `name,arg,arg,...`,
//! on stderr or in `ROCBLAS_LOG_TRACE_PATH`.

use std::fmt::Debug;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

struct Layer {
    trace: bool,
    out: Option<Mutex<Box<dyn Write + Send>>>,
}

fn layer() -> &'static Layer {
    static L: OnceLock<Layer> = OnceLock::new();
    L.get_or_init(|| {
        let bits = std::env::var("ROCBLAS_LAYER").ok().and_then(|v| v.trim().parse::<u32>().ok()).unwrap_or(0);
        let trace = bits & 1 != 0;
        let out: Option<Mutex<Box<dyn Write + Send>>> = if !trace {
            None
        } else {
            match std::env::var("ROCBLAS_LOG_TRACE_PATH").ok().and_then(|p| std::fs::File::create(p).ok()) {
                Some(f) => Some(Mutex::new(Box::new(f))),
                None => Some(Mutex::new(Box::new(std::io::stderr()))),
            }
        };
        Layer { trace, out }
    })
}

/// Logs a call with its arguments (the handle first, left out of the rocBLAS trace line).
pub fn api(name: &str, args: &[&dyn Debug]) {
    if oxrocm_ffi::log::enabled(3) {
        let s: Vec<String> = args.iter().map(|a| format!("{a:?}")).collect();
        oxrocm_ffi::log::write("rocblas", 3, format_args!("{name} ( {} )", s.join(", ")));
    }
    let l = layer();
    if l.trace {
        let mut line = name.to_string();
        for a in args.iter().skip(1) {
            line.push(',');
            line += &format!("{a:?}");
        }
        line.push('\n');
        if let Some(out) = &l.out {
            let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
            let _ = o.write_all(line.as_bytes());
            let _ = o.flush();
        }
    }
}

pub fn ret(name: &str, status: i32) {
    oxrocm_ffi::log::write("rocblas", 3, format_args!("{name}: returned {status}"));
}
