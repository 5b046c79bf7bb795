//! The threads host transforms run on: a rayon pool of this library's own, one thread per
//! core (or `RAYON_NUM_THREADS`, as rayon reads it). Not rayon's global pool: a client that calls `rocfft_execute` and waits for the
//! stream from inside its own rayon tasks (as the accuracy sweep does) would otherwise hold
//! every global worker while the transform waits for one, and never finish.

use std::sync::OnceLock;

pub fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("rocfft-{i}"))
            .build()
            .unwrap_or_else(|_| rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool"))
    })
}
