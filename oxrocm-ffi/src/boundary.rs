//! The panic boundary and "not supported" logging used by every exported C function.

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;

/// Runs `body`; a panic inside it is caught, reported on stderr, and turned into `on_panic`.
/// No panic may unwind across an `extern "C"` frame (that aborts the host process).
pub fn guard<R>(api: &str, on_panic: R, body: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(r) => r,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            eprintln!("oxrocm: internal error in {api}: {msg} (reported as an error status)");
            on_panic
        }
    }
}

/// Remembers which entry points were already reported, so each unsupported call logs once.
pub struct LogOnce {
    seen: Mutex<Option<HashSet<&'static str>>>,
}

impl LogOnce {
    pub const fn new() -> Self {
        LogOnce { seen: Mutex::new(None) }
    }

    /// True the first time `name` is seen.
    pub fn first(&self, name: &'static str) -> bool {
        let mut g = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        g.get_or_insert_with(HashSet::new).insert(name)
    }
}

impl Default for LogOnce {
    fn default() -> Self {
        Self::new()
    }
}
