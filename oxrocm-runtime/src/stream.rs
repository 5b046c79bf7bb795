//! Asynchronous in-order streams. Each stream owns a queue and a worker thread (started
//! on first use) that runs its operations one after another; ordering across streams
//! comes from completion tokens each queued operation may wait on.

use crate::completion::Completion;
use crate::error::{HipError, Result};
use crate::graph::{Graph, Node};
use crate::ops::Op;
use std::collections::VecDeque;
// std's futex-based primitives (see completion.rs: parking_lot's are not fork-safe).
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::ThreadId;

/// `hipStreamNonBlocking`: no implicit synchronization with the legacy null stream.
pub const NON_BLOCKING: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamRole {
    /// The legacy default stream of a device (handle NULL).
    Null,
    /// `hipStreamPerThread`: one per thread and device.
    PerThread,
    User,
}

/// An active stream capture: new work becomes graph nodes instead of running.
#[derive(Clone)]
pub struct Capture {
    pub id: u64,
    pub graph: Arc<Graph>,
    /// Nodes the next captured operation depends on.
    pub deps: Vec<Arc<Node>>,
    pub mode: u32,
    /// The stream that began the capture (only it may end it).
    pub origin: bool,
    pub thread: ThreadId,
}

struct Work {
    op: Op,
    queued_at: std::time::Instant,
    deps: Vec<Arc<Completion>>,
    done: Arc<Completion>,
}

struct State {
    queue: VecDeque<Work>,
    /// Completion of the most recently enqueued operation.
    last: Arc<Completion>,
    worker: bool,
    /// The worker sleeps on the condition variable (else it is busy or polling, and a new
    /// op needs no wake-up system call).
    sleeping: bool,
    /// Process that started the worker: after `fork` the child has no worker thread even
    /// though `worker` was copied as true, so it starts its own (RCCL's tests fork).
    worker_pid: u32,
    closed: bool,
    /// First asynchronous error, reported by the next synchronization.
    error: Option<HipError>,
    capture: Option<Capture>,
    /// Last capture's status after it was invalidated (reported by end-capture).
    invalidated: bool,
}

/// A stream's state lock held across `fork` (see `runtime::fork`).
pub struct ForkGuard<'a>(#[allow(dead_code)] MutexGuard<'a, State>);

pub struct Stream {
    pub device: usize,
    pub flags: u32,
    pub priority: i32,
    pub role: StreamRole,
    state: Mutex<State>,
    cv: Condvar,
    /// Number of queued ops (read without the lock by the worker's short poll).
    queued: std::sync::atomic::AtomicUsize,
}

/// Runs operations for a stream worker, provided by the runtime: `run` executes a batch in
/// order, `batchable` says whether an op may join one.
#[derive(Clone, Copy)]
pub struct Executor {
    pub run: fn(device: usize, ops: &[&Op]) -> Result<()>,
    pub batchable: fn(op: &Op) -> bool,
}

/// At most this many queued ops go into one batch.
const MAX_BATCH: usize = 64;

impl Stream {
    pub fn new(device: usize, flags: u32, priority: i32, role: StreamRole) -> Arc<Stream> {
        Arc::new(Stream {
            device,
            flags,
            priority,
            role,
            state: Mutex::new(State {
                queue: VecDeque::new(),
                last: Completion::done(),
                worker: false,
                sleeping: false,
                worker_pid: 0,
                closed: false,
                error: None,
                capture: None,
                invalidated: false,
            }),
            cv: Condvar::new(),
            queued: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Blocking streams synchronize implicitly with the legacy null stream.
    pub fn is_blocking(&self) -> bool {
        self.role != StreamRole::Null && self.flags & NON_BLOCKING == 0
    }

    pub fn last(&self) -> Arc<Completion> {
        self.lock().last.clone()
    }

    /// Queues `op` to run after `deps` and everything queued before; returns its completion.
    pub fn push(self: &Arc<Self>, op: Op, deps: Vec<Arc<Completion>>, exec: Executor) -> Arc<Completion> {
        let done = Completion::new();
        let mut st = self.lock();
        st.queue.push_back(Work { op, queued_at: std::time::Instant::now(), deps, done: done.clone() });
        self.queued.fetch_add(1, std::sync::atomic::Ordering::Release);
        st.last = done.clone();
        let pid = std::process::id();
        if !st.worker || st.worker_pid != pid {
            st.worker = true;
            st.worker_pid = pid;
            let me = self.clone();
            std::thread::Builder::new()
                .name(format!("oxrocm-stream-d{}", self.device))
                // Kernels run on this thread too: compiled AMDGCN code needs deep frames.
                .stack_size(oxrocm_gcn_exec::dispatch::WAVE_STACK)
                .spawn(move || me.work(exec))
                .expect("spawn stream worker");
        } else if st.sleeping {
            drop(st);
            self.cv.notify_one();
        }
        done
    }

    fn work(self: Arc<Self>, exec: Executor) {
        loop {
            let batch: Vec<Work> = {
                let mut st = self.lock();
                let first = loop {
                    if let Some(w) = st.queue.pop_front() {
                        break w;
                    }
                    if st.closed {
                        st.worker = false;
                        return;
                    }
                    // Briefly poll for more work before sleeping (cheap back-to-back ops).
                    drop(st);
                    let start = std::time::Instant::now();
                    while self.queued.load(std::sync::atomic::Ordering::Acquire) == 0 && start.elapsed() < crate::completion::SPIN {
                        crate::completion::pause();
                    }
                    st = self.lock();
                    if st.queue.is_empty() && !st.closed {
                        st.sleeping = true;
                        st = self.cv.wait(st).unwrap_or_else(|e| e.into_inner());
                        st.sleeping = false;
                    }
                };
                // Ops queued right behind a batchable one join its submission when nothing
                // else must happen first.
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH
                    && (exec.batchable)(&batch[batch.len() - 1].op)
                    && st.queue.front().is_some_and(|w| (exec.batchable)(&w.op) && w.deps.iter().all(|d| d.is_done()))
                {
                    batch.extend(st.queue.pop_front());
                }
                self.queued.fetch_sub(batch.len(), std::sync::atomic::Ordering::Release);
                batch
            };
            for d in &batch[0].deps {
                d.wait();
            }
            let ops: Vec<&Op> = batch.iter().map(|w| &w.op).collect();
            let started = std::time::Instant::now();
            crate::profile::add(&crate::profile::HANDOFF, started - batch[0].queued_at);
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (exec.run)(self.device, &ops)))
                .unwrap_or(Err(HipError::LAUNCH_FAILURE));
            crate::profile::add(&crate::profile::RUN, started.elapsed());
            crate::runtime::rearm_exit_drain();
            if let Err(e) = r {
                crate::log_at!(1, "asynchronous {} failed on device {}: {e}", ops[0].describe(), self.device);
                let mut st = self.lock();
                st.error.get_or_insert(e);
            }
            drop(ops);
            for w in batch {
                let Work { op, done, .. } = w;
                // Release what the op holds (library user data) before anyone can observe
                // its completion.
                drop(op);
                done.signal();
                crate::profile::signalled();
            }
        }
    }

    /// Waits for all queued work; returns (and clears) the first asynchronous error.
    pub fn synchronize(&self) -> Result<()> {
        self.last().wait();
        crate::profile::woke();
        match self.lock().error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    pub fn query(&self) -> bool {
        self.last().is_done()
    }

    /// Lets the worker finish the queue and exit; the stream is freed after that.
    pub fn close(&self) {
        let mut st = self.lock();
        st.closed = true;
        self.cv.notify_all();
    }

    /// Waits, at most `limit`, for the work queued so far.
    pub fn drain_for(&self, limit: std::time::Duration) {
        self.last().wait_for(limit);
    }

    /// Fork preparation: lets queued work finish (bounded wait), then returns the state
    /// lock, to be held across `fork` so that no worker owns it at that instant.
    pub fn hold_for_fork(&self) -> ForkGuard<'_> {
        self.drain_for(std::time::Duration::from_secs(2));
        ForkGuard(self.lock())
    }

    pub fn capture(&self) -> Option<Capture> {
        self.lock().capture.clone()
    }

    pub fn set_capture(&self, c: Option<Capture>) {
        self.lock().capture = c;
    }

    pub fn with_capture<R>(&self, f: impl FnOnce(&mut Option<Capture>) -> R) -> R {
        f(&mut self.lock().capture)
    }

    /// Marks the running capture as failed (an illegal call happened during it).
    pub fn invalidate_capture(&self) {
        let mut st = self.lock();
        if st.capture.is_some() {
            st.invalidated = true;
        }
    }

    pub fn take_invalidated(&self) -> bool {
        std::mem::take(&mut self.lock().invalidated)
    }
}
