//! A one-shot completion flag that threads can wait on: the unit of ordering between
//! enqueued operations, streams, events and the host.

// std's futex-based primitives, not parking_lot's: after `fork` a parking_lot condvar still
// queues the parent's (vanished) waiters in its global table and a notify can go to them.
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

#[derive(Default)]
pub struct Completion {
    done: Mutex<bool>,
    cv: Condvar,
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
        self.cv.notify_all();
    }

    pub fn is_done(&self) -> bool {
        *self.lock()
    }

    /// Waits at most `d`; true if the completion was signalled.
    pub fn wait_for(&self, d: std::time::Duration) -> bool {
        let (done, _) = self.cv.wait_timeout_while(self.lock(), d, |done| !*done).unwrap_or_else(|e| e.into_inner());
        *done
    }

    pub fn wait(&self) {
        let _done = self.cv.wait_while(self.lock(), |done| !*done).unwrap_or_else(|e| e.into_inner());
    }
}
