//! A one-shot completion flag that threads can wait on: the unit of ordering between
//! enqueued operations, streams, events and the host.

// std's futex-based primitives, not parking_lot's: after `fork` a parking_lot condvar still
// queues the parent's (vanished) waiters in its global table and a notify can go to them.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// How long an idle stream worker polls for new work before it sleeps.
pub const SPIN: std::time::Duration = std::time::Duration::from_micros(100);

/// How long a thread waiting for work to finish polls before it sleeps: short GPU round
/// trips (launch + synchronize) then cost no thread wake-up, which takes tens of
/// microseconds from an idle core. With cores to spare it polls as long as CUDA's default
/// spin does for short waits; otherwise briefly, yielding.
pub fn wait_spin() -> std::time::Duration {
    if may_busy_wait() { std::time::Duration::from_millis(2) } else { SPIN }
}

/// Whether short waits may busy-poll: only with cores to spare. On a machine with few
/// cores, a busy waiter would take the core from the thread it waits for (a stream
/// worker, a CPU Vulkan driver's threads), so waits yield instead.
pub fn may_busy_wait() -> bool {
    static BUSY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *BUSY.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()) >= 4)
}

/// One step of a polling loop (see [`may_busy_wait`]).
pub fn pause() {
    if may_busy_wait() {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

#[derive(Default)]
pub struct Completion {
    done: Mutex<bool>,
    cv: Condvar,
    /// Mirror of `done` for lock-free spinning.
    flag: AtomicBool,
    /// Threads asleep on `cv` (changed under `done`'s lock): signalling skips the wake-up
    /// system call when nobody sleeps, which is the common case after a short spin.
    sleepers: std::sync::atomic::AtomicUsize,
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
        let mut done = self.lock();
        *done = true;
        self.flag.store(true, Ordering::Release);
        let sleepers = self.sleepers.load(Ordering::Relaxed);
        drop(done);
        if sleepers > 0 {
            self.cv.notify_all();
        }
    }

    /// Sleeps on the condition variable until signalled or `timeout` passes.
    fn sleep(&self, timeout: Option<std::time::Duration>) -> bool {
        let mut done = self.lock();
        let deadline = timeout.and_then(|t| std::time::Instant::now().checked_add(t));
        while !*done {
            self.sleepers.fetch_add(1, Ordering::Relaxed);
            done = match deadline {
                None => self.cv.wait(done).unwrap_or_else(|e| e.into_inner()),
                Some(at) => {
                    let left = at.saturating_duration_since(std::time::Instant::now());
                    if left.is_zero() {
                        self.sleepers.fetch_sub(1, Ordering::Relaxed);
                        break;
                    }
                    self.cv.wait_timeout(done, left).unwrap_or_else(|e| e.into_inner()).0
                }
            };
            self.sleepers.fetch_sub(1, Ordering::Relaxed);
        }
        *done
    }

    pub fn is_done(&self) -> bool {
        self.flag.load(Ordering::Acquire)
    }

    /// Polls for up to [`wait_spin`]; true if the completion was signalled meanwhile.
    fn spin(&self) -> bool {
        let start = std::time::Instant::now();
        let limit = wait_spin();
        while start.elapsed() < limit {
            if self.is_done() {
                return true;
            }
            pause();
        }
        false
    }

    /// Waits at most `d`; true if the completion was signalled.
    pub fn wait_for(&self, d: std::time::Duration) -> bool {
        self.sleep(Some(d))
    }

    pub fn wait(&self) {
        if self.spin() {
            return;
        }
        self.sleep(None);
    }
}
