//! What rocFFT calls run-time compilation, and its caches, for our kernels: the kernels of a
//! transform shape (precision, type, lengths) are "compiled" when a plan first needs them
//! (rustfft/realfft plans and twiddles on the host, kernel launch lists and tables on a
//! Vulkan device). rocFFT's settings work as rocFFT has them, read at `rocfft_setup`:
//!
//! - `ROCFFT_RTC_CACHE_PATH`: the user cache, a file of shapes compiled before (in the format
//!   of [`crate::cache`]); read at setup, each newly compiled shape added to it. `:memory:`
//!   (or unset) keeps the cache in the process only.
//! - `ROCFFT_RTC_SYS_CACHE_PATH`: a system cache, read, never written.
//! - `ROCFFT_RTC_CACHE_READ_DISABLE`, `ROCFFT_RTC_CACHE_WRITE_DISABLE`: as named.
//! - The RTC log layer (`ROCFFT_LAYER` bit 32, `ROCFFT_LOG_RTC_PATH`): a
//!   `ROCFFT_RTC_BEGIN`/`ROCFFT_RTC_END` pair for each compilation.
//! - `ROCFFT_DEBUG_GENERATE_KERNEL_HARNESS` (in `ROCFFT_DEBUG_KERNEL_HARNESS_PATH`, else the
//!   temporary directory): for each compilation a standalone HIP program,
//!   `rocfft_kernel_harness_<n>.cpp`, that runs that one transform through librocfft.so.0
//!   and checks it against a direct DFT (see [`crate::harness`]).
//!
//! `rocfft_cleanup` forgets what was compiled in the process; the user cache file keeps it.

use crate::cache::{self, Key};
use crate::types::*;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Default)]
struct Caches {
    /// The user cache file (None: in memory only).
    user: Option<PathBuf>,
    /// What the cache files held at setup (and what was added to the user one since).
    stored: BTreeSet<Key>,
    read: bool,
    write: bool,
    /// Where kernel harnesses go, and the next one's number.
    harness: Option<(PathBuf, usize)>,
}

static CACHES: Mutex<Option<Caches>> = Mutex::new(None);

fn set(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The shapes a cache file holds; none where it is missing or not ours (it is then
/// rewritten whole when something is added).
fn load(path: &std::path::Path) -> Vec<Key> {
    std::fs::read(path).ok().and_then(|b| cache::decode(&b)).unwrap_or_default()
}

/// `rocfft_setup`: the caches and the harness setting, from the environment.
pub fn setup() {
    let file = |var: &str| std::env::var_os(var).filter(|p| !p.is_empty() && p != ":memory:").map(PathBuf::from);
    let mut c = Caches { user: file("ROCFFT_RTC_CACHE_PATH"), read: !set("ROCFFT_RTC_CACHE_READ_DISABLE"), write: !set("ROCFFT_RTC_CACHE_WRITE_DISABLE"), ..Default::default() };
    if c.read {
        for path in [c.user.clone(), file("ROCFFT_RTC_SYS_CACHE_PATH")].into_iter().flatten() {
            c.stored.extend(load(&path));
        }
    }
    if set("ROCFFT_DEBUG_GENERATE_KERNEL_HARNESS") {
        let dir = std::env::var_os("ROCFFT_DEBUG_KERNEL_HARNESS_PATH").filter(|p| !p.is_empty()).map(PathBuf::from).unwrap_or_else(std::env::temp_dir);
        c.harness = Some((dir, 0));
    }
    *CACHES.lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
    cache::forget();
}

/// `rocfft_cleanup`.
pub fn cleanup() {
    *CACHES.lock().unwrap_or_else(|e| e.into_inner()) = None;
    cache::forget();
}

/// A plan needs the kernels of this shape: found in a cache, or compiled (logged, added to
/// the user cache file, a harness written).
pub fn compile(transform: Transform, precision: Precision, lengths: &[usize]) {
    let key = Key { transform: transform.c_value() as u8, precision: precision as u8, lengths: lengths.iter().map(|&l| l as u64).collect() };
    if !cache::insert(key.clone()) {
        return; // compiled earlier in this process
    }
    let mut guard = CACHES.lock().unwrap_or_else(|e| e.into_inner());
    let Some(c) = guard.as_mut() else { return };
    if c.read && c.stored.contains(&key) {
        return;
    }
    let name = kernel_name(&key);
    crate::log::rtc(&format!("ROCFFT_RTC_BEGIN {name}"));
    if let Some((dir, n)) = c.harness.as_mut() {
        let path = dir.join(format!("rocfft_kernel_harness_{n}.cpp"));
        match std::fs::write(&path, crate::harness::source(&name, transform, precision, lengths)) {
            Ok(()) => *n += 1,
            Err(e) => crate::log::error(format_args!("kernel harness {}: {e}", path.display())),
        }
    }
    c.stored.insert(key.clone());
    if let (Some(path), true) = (&c.user, c.write) {
        persist(path, &[key]);
    }
    crate::log::rtc(&format!("ROCFFT_RTC_END {name}"));
}

/// Adds shapes to the user cache (`rocfft_cache_deserialize` keeps them there too).
pub fn deserialized(keys: &[Key]) {
    let mut guard = CACHES.lock().unwrap_or_else(|e| e.into_inner());
    let Some(c) = guard.as_mut() else { return };
    c.stored.extend(keys.iter().cloned());
    if let (Some(path), true) = (&c.user, c.write) {
        persist(path, keys);
    }
}

/// The file's shapes and `keys`, written whole (a partial write leaves a file that fails
/// its checksum, which reads as empty).
fn persist(path: &std::path::Path, keys: &[Key]) {
    let mut all: BTreeSet<Key> = load(path).into_iter().collect();
    all.extend(keys.iter().cloned());
    if let Err(e) = std::fs::write(path, cache::encode(&all)) {
        crate::log::error(format_args!("kernel cache {}: {e}", path.display()));
    }
}

/// rocFFT-style kernel name: `fft_<type>_<precision>_<lengths>`.
fn kernel_name(k: &Key) -> String {
    let t = ["fwd_c2c", "back_c2c", "fwd_r2c", "back_c2r"][k.transform as usize % 4];
    let p = ["sp", "dp", "half"][k.precision as usize % 3];
    let lengths: Vec<String> = k.lengths.iter().map(|l| l.to_string()).collect();
    format!("fft_{t}_{p}_len{}", lengths.join("x"))
}
