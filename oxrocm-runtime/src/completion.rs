//! A one-shot completion flag that threads can wait on: the unit of ordering between
//! enqueued operations, streams, events and the host.

// std's futex-based primitives, not parking_lot's: after `fork` a parking_lot condvar still
// queues the parent's (vanished) waiters in its global table and a notify can go to them.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// How long a waiter spins before it sleeps: short GPU round trips (launch + synchronize)
/// then cost no thread wake-ups.
pub const SPIN: std::time::Duration = std::time::Duration::from_micros(100);

#[derive(Default)]
pub struct Completion {
    done: Mutex<bool>,
    cv: Condvar,
    /// Mirror of `done` for lock-free spinning.
    flag: AtomicBool,
}

impl Completion {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// An already-signalled completion (the "nothing pending" token).
    pub fn done() -> Arc<Self> {
        let c = Self::new();
        c.signal();
        c
    }

    fn lock(&self) -> MutexGuard<'_, bool> {
        self.done.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn signal(&self) {
        *self.lock() = true;
        self.flag.store(true, Ordering::Release);
        self.cv.notify_all();
    }

    pub fn is_done(&self) -> bool {
        self.flag.load(Ordering::Acquire)
    }

    /// Spins for up to [`SPIN`]; true if the completion was signalled meanwhile.
    fn spin(&self) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < SPIN {
            if self.is_done() {
                return true;
            }
            // yield, not spin: other runnable threads (a CPU Vulkan driver's, on few cores) go first
                std::thread::yield_now();
        }
        false
    }

    /// Waits at most `d`; true if the completion was signalled.
    pub fn wait_for(&self, d: std::time::Duration) -> bool {
        let (done, _) = self.cv.wait_timeout_while(self.lock(), d, |done| !*done).unwrap_or_else(|e| e.into_inner());
        *done
    }

    pub fn wait(&self) {
        if self.spin() {
            return;
        }
        let _done = self.cv.wait_while(self.lock(), |done| !*done).unwrap_or_else(|e| e.into_inner());
    }
}
