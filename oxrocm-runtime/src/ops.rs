//! Operations enqueued on streams. Each declares the device memory it reads and writes,
//! so a backend whose memory the host cannot touch (Vulkan) can stage exactly those
//! ranges for a host fallback.

use crate::error::Result;
use crate::kernel::KernelLaunch;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemRange {
    pub addr: u64,
    pub len: usize,
}

/// A strided 3-D copy; a plain copy is `width = bytes`, `height = depth = 1`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Copy3D {
    pub dst: u64,
    pub src: u64,
    /// Bytes per row.
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub dst_pitch: usize,
    pub dst_slice: usize,
    pub src_pitch: usize,
    pub src_slice: usize,
}

impl Copy3D {
    pub fn linear(dst: u64, src: u64, bytes: usize) -> Self {
        Copy3D { dst, src, width: bytes, height: 1, depth: 1, dst_pitch: bytes, dst_slice: bytes, src_pitch: bytes, src_slice: bytes }
    }

    fn extent(base: u64, w: usize, h: usize, d: usize, pitch: usize, slice: usize) -> MemRange {
        let len = if w == 0 || h == 0 || d == 0 { 0 } else { (d - 1) * slice + (h - 1) * pitch + w };
        MemRange { addr: base, len }
    }

    pub fn src_range(&self) -> MemRange {
        Self::extent(self.src, self.width, self.height, self.depth, self.src_pitch, self.src_slice)
    }

    pub fn dst_range(&self) -> MemRange {
        Self::extent(self.dst, self.width, self.height, self.depth, self.dst_pitch, self.dst_slice)
    }
}

/// A strided 3-D fill with an element pattern of 1, 2, 4 or 8 bytes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fill3D {
    pub dst: u64,
    pub value: u64,
    pub elem_size: usize,
    /// Elements per row.
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub pitch: usize,
    pub slice: usize,
}

impl Fill3D {
    pub fn linear(dst: u64, value: u64, elem_size: usize, count: usize) -> Self {
        let bytes = count * elem_size;
        Fill3D { dst, value, elem_size, width: count, height: 1, depth: 1, pitch: bytes, slice: bytes }
    }

    pub fn range(&self) -> MemRange {
        Copy3D::extent(self.dst, self.width * self.elem_size, self.height, self.depth, self.pitch, self.slice)
    }
}

/// Host access to the declared ranges of a host-computed op. On the CPU backend device
/// addresses are host addresses; other backends stage the ranges first.
pub trait HostView {
    /// Host pointer for device address `addr` (must lie in a declared range).
    fn host_ptr(&self, addr: u64) -> *mut u8;

    /// If `addr` is device memory the host cannot reach directly, a host address of its
    /// staged copy (used to rewrite pointer arguments of host kernels).
    fn translate(&self, _addr: u64) -> Option<u64> {
        None
    }
}

pub type HostFn = Arc<dyn Fn() + Send + Sync>;
pub type ComputeFn = Arc<dyn Fn(&dyn HostView) -> Result<()> + Send + Sync>;

/// When an event-record marker ran.
pub type Stamp = Arc<OnceLock<Instant>>;

#[derive(Clone)]
pub enum OpKind {
    Copy(Copy3D),
    Fill(Fill3D),
    /// A host function in stream order (callbacks, `hipLaunchHostFunc`, graph host nodes).
    Host(HostFn),
    /// Library work computed on the host over its declared ranges.
    Compute(ComputeFn),
    Kernel(KernelLaunch),
    /// A built-in kernel: SPIR-V on GPU backends, its CPU implementation elsewhere.
    Builtin(crate::builtin::BuiltinLaunch),
    /// Event record: stamps the time it ran.
    Record(Stamp),
    /// Stream-ordered free (`hipFreeAsync`).
    Free(u64),
    /// Orders only (waits for its dependencies).
    Nop,
}

#[derive(Clone)]
pub struct Op {
    pub kind: OpKind,
    pub reads: Vec<MemRange>,
    pub writes: Vec<MemRange>,
}

impl Op {
    pub fn copy(c: Copy3D) -> Op {
        Op { kind: OpKind::Copy(c), reads: vec![c.src_range()], writes: vec![c.dst_range()] }
    }
    pub fn fill(f: Fill3D) -> Op {
        Op { kind: OpKind::Fill(f), reads: vec![], writes: vec![f.range()] }
    }
    pub fn host(f: HostFn) -> Op {
        Op { kind: OpKind::Host(f), reads: vec![], writes: vec![] }
    }
    pub fn simple(kind: OpKind) -> Op {
        Op { kind, reads: vec![], writes: vec![] }
    }

    pub fn describe(&self) -> &'static str {
        match self.kind {
            OpKind::Copy(_) => "copy",
            OpKind::Fill(_) => "fill",
            OpKind::Host(_) => "host function",
            OpKind::Compute(_) => "host compute",
            OpKind::Kernel(_) => "kernel",
            OpKind::Builtin(_) => "built-in kernel",
            OpKind::Record(_) => "event record",
            OpKind::Free(_) => "free",
            OpKind::Nop => "wait",
        }
    }
}
