//! Events: markers recorded into streams, waited on by the host or other streams, and
//! timed by the moment their marker ran.

use crate::completion::Completion;
use crate::error::{HipError, Result};
use crate::graph::{Graph, Node};
use crate::ops::Stamp;
use parking_lot::Mutex;
use std::sync::Arc;

pub const DISABLE_TIMING: u32 = 2;

#[derive(Clone)]
pub struct Recorded {
    pub done: Arc<Completion>,
    pub stamp: Stamp,
}

/// Where an event was last recorded inside a stream capture (fork/join between streams).
#[derive(Clone)]
pub struct CapturedRecord {
    pub capture_id: u64,
    pub graph: Arc<Graph>,
    pub deps: Vec<Arc<Node>>,
}

#[derive(Default)]
struct State {
    recorded: Option<Recorded>,
    captured: Option<CapturedRecord>,
}

pub struct Event {
    pub device: usize,
    pub flags: u32,
    state: Mutex<State>,
}

impl Event {
    pub fn new(device: usize, flags: u32) -> Arc<Event> {
        Arc::new(Event { device, flags, state: Mutex::default() })
    }

    pub fn set_recorded(&self, r: Recorded) {
        let mut st = self.state.lock();
        st.recorded = Some(r);
        st.captured = None;
    }

    pub fn set_captured(&self, c: CapturedRecord) {
        self.state.lock().captured = Some(c);
    }

    pub fn captured(&self) -> Option<CapturedRecord> {
        self.state.lock().captured.clone()
    }

    pub fn recorded(&self) -> Option<Recorded> {
        self.state.lock().recorded.clone()
    }

    /// Completion to wait for (an unrecorded event counts as complete, as on ROCm).
    pub fn completion(&self) -> Arc<Completion> {
        self.recorded().map(|r| r.done).unwrap_or_else(Completion::done)
    }

    pub fn query(&self) -> Result<()> {
        if self.completion().is_done() { Ok(()) } else { Err(HipError::NOT_READY) }
    }

    pub fn synchronize(&self) {
        self.completion().wait()
    }

    /// Milliseconds between two recorded, completed events.
    pub fn elapsed_ms(start: &Event, stop: &Event) -> Result<f32> {
        if start.flags & DISABLE_TIMING != 0 || stop.flags & DISABLE_TIMING != 0 {
            return Err(HipError::INVALID_HANDLE);
        }
        let (Some(a), Some(b)) = (start.recorded(), stop.recorded()) else {
            return Err(HipError::INVALID_HANDLE);
        };
        if !a.done.is_done() || !b.done.is_done() {
            return Err(HipError::NOT_READY);
        }
        let (Some(ta), Some(tb)) = (a.stamp.get(), b.stamp.get()) else {
            return Err(HipError::INVALID_HANDLE);
        };
        let ms = if tb >= ta {
            tb.duration_since(*ta).as_secs_f64() * 1e3
        } else {
            -(ta.duration_since(*tb).as_secs_f64() * 1e3)
        };
        Ok(ms as f32)
    }
}
