//! The host side of ROCm's hostcall buffer (`hidden_hostcall_buffer`), through which device
//! code asks the host for services — in practice `printf`. Layout and protocol as ROCm's
//! device library uses them (`__ockl_hostcall_internal`):
//!
//! - `buffer_t`: headers pointer, payloads pointer, doorbell signal, free-stack top,
//!   ready-stack top, index mask (u64 each). Stack tops are an index in the mask's bits
//!   plus a tag above them (bumped by mask + 1 on each reuse against ABA); index 0 is
//!   never a packet, so a top of 0 is an empty stack.
//! - a header per packet: next (u64), active lane mask (u64), service id (u32), control
//!   (u32, bit 0 = ready); a payload per packet: 64 lanes × 8 u64.
//! - A wave pops a free packet, fills its lanes' slots, pushes it on the ready stack, adds
//!   1 to the doorbell signal and spins until the host clears the ready bit; it then reads
//!   two u64 results from its slot and returns the packet to the free stack.
//!
//! The executor calls [`Hostcall::service`] whenever a wave waits (`s_sleep`), so a
//! request is answered on the thread that made it, without a host thread of its own.
//! Services: printf (2) — messages of words accumulated per lane (descriptor bits: 0
//! begin, 1 end, 5-7 words in this call, 8-63 message id), printed at their end.

use crate::printf::format_message;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

const SERVICE_PRINTF: u32 = 2;
const HEADER_BYTES: usize = 24;
const PAYLOAD_BYTES: usize = 64 * 8 * 8;
const BUFFER_AT: usize = 0;
const SIGNAL_AT: usize = 64;
const HEADERS_AT: usize = 128;

/// A hostcall buffer in host memory (= device memory on the CPU backend).
pub struct Hostcall {
    mem: Box<[u64]>,
    packets: usize,
    index_size: u32,
    payloads_at: usize,
    /// Messages being received: id → words.
    messages: Mutex<HashMap<u64, Vec<u64>>>,
    next_id: AtomicU64,
}

// SAFETY: the words are only touched through atomics or under the packet protocol (one
// owner at a time), as the device code does.
unsafe impl Sync for Hostcall {}

impl Hostcall {
    /// A buffer with `packets` packets: enough for every wave that can be inside a
    /// hostcall at once (one per executing thread).
    pub fn new(packets: usize) -> Hostcall {
        let index_size = usize::BITS - packets.leading_zeros(); // indices 1..=packets fit
        let headers = (packets + 1) * HEADER_BYTES;
        let payloads_at = (HEADERS_AT + headers).next_multiple_of(64);
        let bytes = payloads_at + (packets + 1) * PAYLOAD_BYTES;
        let mut h = Hostcall {
            mem: vec![0u64; bytes / 8].into_boxed_slice(),
            packets,
            index_size,
            payloads_at,
            messages: Mutex::default(),
            next_id: AtomicU64::new(1),
        };
        let base = h.address();
        let w = |h: &mut Hostcall, at: usize, v: u64| h.mem[at / 8] = v;
        w(&mut h, BUFFER_AT, base + HEADERS_AT as u64);
        w(&mut h, BUFFER_AT + 8, base + payloads_at as u64);
        w(&mut h, BUFFER_AT + 16, base + SIGNAL_AT as u64);
        w(&mut h, BUFFER_AT + 24, 1); // free stack: packet 1, then 2, …
        w(&mut h, BUFFER_AT + 32, 0);
        w(&mut h, BUFFER_AT + 40, (1u64 << index_size) - 1);
        // The doorbell: an amd_signal_t of kind "user" (1) with no event mailbox, so the
        // device only adds to its value.
        w(&mut h, SIGNAL_AT, 1);
        for i in 1..=packets {
            let next = if i < packets { i as u64 + 1 } else { 0 };
            w(&mut h, HEADERS_AT + i * HEADER_BYTES, next);
        }
        h
    }

    /// Device address of the `buffer_t` (the kernel's hidden hostcall argument).
    pub fn address(&self) -> u64 {
        self.mem.as_ptr() as u64
    }

    /// The bytes device code may touch (for the launch's checked memory).
    pub fn range(&self) -> (u64, usize) {
        (self.address(), self.mem.len() * 8)
    }

    fn word(&self, byte: usize) -> &AtomicU64 {
        // SAFETY: in bounds (callers pass offsets inside the layout) and 8-aligned.
        unsafe { AtomicU64::from_ptr(self.mem.as_ptr().add(byte / 8) as *mut u64) }
    }

    fn index(&self, ptr: u64) -> usize {
        (ptr & ((1u64 << self.index_size) - 1)) as usize
    }

    /// Answers every packet on the ready stack; `out(fd, bytes)` prints (1 stdout, 2
    /// stderr). Returns how many packets it answered.
    pub fn service(&self, out: &mut dyn FnMut(i32, &[u8])) -> usize {
        let mut top = self.word(BUFFER_AT + 32).swap(0, Ordering::Acquire);
        let mut n = 0;
        while top != 0 {
            let i = self.index(top);
            if i == 0 || i > self.packets {
                break;
            }
            let header = HEADERS_AT + i * HEADER_BYTES;
            top = self.word(header).load(Ordering::Relaxed);
            let active = self.word(header + 8).load(Ordering::Relaxed);
            // SAFETY: the control word is the upper half of the header's third u64.
            let service = unsafe { AtomicU32::from_ptr(self.mem.as_ptr().add((header + 16) / 8) as *mut u32) }.load(Ordering::Relaxed);
            let control = unsafe { AtomicU32::from_ptr((self.mem.as_ptr() as *mut u8).add(header + 20) as *mut u32) };
            for lane in (0..64).filter(|l| active >> l & 1 != 0) {
                let slot = self.payloads_at + i * PAYLOAD_BYTES + lane * 64;
                let args: Vec<u64> = (0..8).map(|k| self.word(slot + 8 * k).load(Ordering::Relaxed)).collect();
                let (r0, r1) = if service == SERVICE_PRINTF { self.printf(&args, out) } else { (0, 0) };
                self.word(slot).store(r0, Ordering::Relaxed);
                self.word(slot + 8).store(r1, Ordering::Relaxed);
            }
            // Clearing the ready bit hands the packet back to the wave.
            control.fetch_and(!1, Ordering::Release);
            n += 1;
        }
        n
    }

    /// One lane's printf hostcall: appends to (or starts) its message; at the end prints it.
    fn printf(&self, args: &[u64], out: &mut dyn FnMut(i32, &[u8])) -> (u64, u64) {
        let desc = args[0];
        let (begin, end, len) = (desc & 1 != 0, desc & 2 != 0, ((desc >> 5) & 7) as usize);
        let mut messages = self.messages.lock().unwrap_or_else(|e| e.into_inner());
        let id = if begin { self.next_id.fetch_add(1, Ordering::Relaxed) } else { desc >> 8 };
        let words = messages.entry(id).or_default();
        words.extend_from_slice(&args[1..1 + len.min(7)]);
        if !end {
            return (id << 8, 0);
        }
        let words = messages.remove(&id).unwrap_or_default();
        drop(messages);
        let (fd, text) = format_message(&words);
        out(fd, &text);
        (text.len() as u64, 0)
    }
}

/// Prints through the C library's `stdout`/`stderr`, as ROCm does, so device output
/// keeps its place among the program's own buffered `printf` output.
pub fn print_to_c_stream(fd: i32, bytes: &[u8]) {
    unsafe extern "C" {
        static stdout: *mut libc::FILE;
        static stderr: *mut libc::FILE;
    }
    // SAFETY: glibc's standard streams exist for the life of the process.
    unsafe {
        let f = if fd == 2 { stderr } else { stdout };
        libc::fwrite(bytes.as_ptr() as *const libc::c_void, 1, bytes.len(), f);
        libc::fflush(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `__ockl_hostcall_internal` does for one wave, step by step, through raw
    /// memory (as device code would): returns each lane's two results.
    fn device_call(h: &Hostcall, service: u32, lanes: &[[u64; 8]]) -> Vec<(u64, u64)> {
        let base = h.address() as *mut u8;
        let at = |o: u64| unsafe { AtomicU64::from_ptr(base.add((o - h.address()) as usize) as *mut u64) };
        let buf = h.address();
        let (headers, payloads) = (at(buf).load(Ordering::Relaxed), at(buf + 8).load(Ordering::Relaxed));
        let index_mask = at(buf + 40).load(Ordering::Relaxed);
        let idx = |p: u64| p & index_mask;
        // pop free
        let free = at(buf + 24);
        let ptr = free.load(Ordering::Acquire);
        let header = headers + idx(ptr) * 24;
        free.store(at(header).load(Ordering::Relaxed), Ordering::Release);
        // fill
        let mask = (1u64 << lanes.len()) - 1;
        at(header + 8).store(mask, Ordering::Relaxed);
        at(header + 16).store(service as u64 | 1 << 32, Ordering::Relaxed);
        for (l, a) in lanes.iter().enumerate() {
            for (k, v) in a.iter().enumerate() {
                at(payloads + idx(ptr) * 4096 + l as u64 * 64 + 8 * k as u64).store(*v, Ordering::Relaxed);
            }
        }
        // push ready, ring the doorbell
        let ready = at(buf + 32);
        at(header).store(ready.load(Ordering::Relaxed), Ordering::Relaxed);
        ready.store(ptr, Ordering::Release);
        let signal = at(buf + 16).load(Ordering::Relaxed);
        at(signal + 8).fetch_add(1, Ordering::Release);
        // the host answers (here, synchronously)
        let mut printed = Vec::new();
        assert_eq!(h.service(&mut |fd, b| printed.push((fd, b.to_vec()))), 1);
        OUT.with(|o| o.borrow_mut().extend(printed));
        assert_eq!(at(header + 16).load(Ordering::Acquire) >> 32 & 1, 0, "ready bit cleared");
        let res = (0..lanes.len()).map(|l| {
            let s = payloads + idx(ptr) * 4096 + l as u64 * 64;
            (at(s).load(Ordering::Relaxed), at(s + 8).load(Ordering::Relaxed))
        }).collect();
        // return the packet (tag + 1)
        let back = ptr + (index_mask + 1);
        at(header).store(free.load(Ordering::Relaxed), Ordering::Relaxed);
        free.store(back, Ordering::Release);
        res
    }

    thread_local! {
        static OUT: std::cell::RefCell<Vec<(i32, Vec<u8>)>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    fn words(s: &str) -> Vec<u64> {
        let mut b = s.as_bytes().to_vec();
        b.push(0);
        b.chunks(8).map(|c| { let mut w = [0u8; 8]; w[..c.len()].copy_from_slice(c); u64::from_le_bytes(w) }).collect()
    }

    #[test]
    fn printf_messages_from_two_lanes_across_several_hostcalls() {
        let h = Hostcall::new(4);
        // printf("lane %d: %s\n", lane, "hi"): begin, format (2 words), one arg, the string.
        let begin = [33u64, 0, 0, 0, 0, 0, 0, 0]; // begin flag, 1 word: stdout
        let ids = device_call(&h, SERVICE_PRINTF, &[begin, begin]);
        assert_ne!(ids[0].0, ids[1].0, "each lane gets its own message");
        let fmt = words("lane %d: %s\n");
        assert_eq!(fmt.len(), 2);
        let f = |d: u64| [d | 2 << 5, fmt[0], fmt[1], 0, 0, 0, 0, 0];
        let ids = device_call(&h, SERVICE_PRINTF, &[f(ids[0].0), f(ids[1].0)]);
        let a = |d: u64, v: u64| [d | 1 << 5, v, 0, 0, 0, 0, 0, 0];
        let ids = device_call(&h, SERVICE_PRINTF, &[a(ids[0].0, 0), a(ids[1].0, 1)]);
        let s = words("hi")[0];
        let done = device_call(&h, SERVICE_PRINTF, &[[ids[0].0 | 2 | 1 << 5, s, 0, 0, 0, 0, 0, 0], [ids[1].0 | 2 | 1 << 5, s, 0, 0, 0, 0, 0, 0]]);
        assert_eq!(done, [(11, 0), (11, 0)], "printf returns the bytes printed");
        let out = OUT.with(|o| o.take());
        assert_eq!(out, [(1, b"lane 0: hi\n".to_vec()), (1, b"lane 1: hi\n".to_vec())]);
        // Packets went back: the free stack still serves more calls than there are packets.
        for _ in 0..10 {
            device_call(&h, 0, &[[0; 8]]);
        }
    }
}
