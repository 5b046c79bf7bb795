//! A one-shot completion flag that threads can wait on: the unit of ordering between
//! enqueued operations, streams, events and the host.

use parking_lot::{Condvar, Mutex};
use std::sync::Arc;

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

    pub fn signal(&self) {
        *self.done.lock() = true;
        self.cv.notify_all();
    }

    pub fn is_done(&self) -> bool {
        *self.done.lock()
    }

    pub fn wait(&self) {
        let mut d = self.done.lock();
        while !*d {
            self.cv.wait(&mut d);
        }
    }
}
