//! Where time goes between a host call and the host seeing its work finished
//! (`OXROCM_VULKAN_PROFILE=1` prints it at exit): the hand-off to the stream worker, the
//! worker's run of a batch and, on the Vulkan backend, recording, vkQueueSubmit and
//! waiting for the GPU. Off by default: then nothing is counted.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// One phase: how often it ran, and its total, smallest and largest duration in ns.
pub struct Phase {
    name: &'static str,
    count: AtomicU64,
    total: AtomicU64,
    min: AtomicU64,
    max: AtomicU64,
}

impl Phase {
    const fn new(name: &'static str) -> Phase {
        Phase { name, count: AtomicU64::new(0), total: AtomicU64::new(0), min: AtomicU64::new(u64::MAX), max: AtomicU64::new(0) }
    }
}

/// Enqueue until the stream worker starts the op (thread hand-off and dependency waits).
pub static HANDOFF: Phase = Phase::new("hand-off");
/// The worker running one batch, start to finish.
pub static RUN: Phase = Phase::new("batch run");
/// Recording a command buffer.
pub static RECORD: Phase = Phase::new("record");
pub static SUBMIT: Phase = Phase::new("vkQueueSubmit");
/// From submission until the host sees the GPU finished.
pub static WAIT: Phase = Phase::new("GPU wait");
/// From a stream worker signalling an op's completion until a synchronizing thread
/// returns from its wait.
pub static WAKE: Phase = Phase::new("wake");

/// When the last completion was signalled (ns since [`epoch`]).
static SIGNALLED: AtomicU64 = AtomicU64::new(0);

fn epoch() -> std::time::Instant {
    static EPOCH: OnceLock<std::time::Instant> = OnceLock::new();
    *EPOCH.get_or_init(std::time::Instant::now)
}

/// A stream worker signalled a completion.
pub fn signalled() {
    if enabled() {
        SIGNALLED.store(epoch().elapsed().as_nanos() as u64, Ordering::Relaxed);
    }
}

/// A thread finished waiting for a stream.
pub fn woke() {
    if enabled() {
        let now = epoch().elapsed().as_nanos() as u64;
        let at = SIGNALLED.load(Ordering::Relaxed);
        if at > 0 && now >= at {
            add(&WAKE, std::time::Duration::from_nanos(now - at));
        }
    }
}

pub fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var("OXROCM_VULKAN_PROFILE").is_ok_and(|v| v == "1"))
}

pub fn add(p: &Phase, d: std::time::Duration) {
    if !enabled() {
        return;
    }
    let ns = d.as_nanos() as u64;
    p.count.fetch_add(1, Ordering::Relaxed);
    p.total.fetch_add(ns, Ordering::Relaxed);
    p.min.fetch_min(ns, Ordering::Relaxed);
    p.max.fetch_max(ns, Ordering::Relaxed);
}

pub fn report() {
    let mut lines = Vec::new();
    for p in [&HANDOFF, &RUN, &RECORD, &SUBMIT, &WAIT, &WAKE] {
        let n = p.count.load(Ordering::Relaxed);
        if n == 0 {
            continue;
        }
        let us = |a: &AtomicU64| a.load(Ordering::Relaxed) as f64 / 1e3;
        lines.push(format!("{} {n}x min/mean/max {:.2}/{:.2}/{:.2} us", p.name, us(&p.min), us(&p.total) / n as f64, us(&p.max)));
    }
    eprintln!("oxrocm profile: {}", lines.join("; "));
}
