//! The allocation map: every device, host and managed allocation by address, so that
//! pointer queries, bounds checks and copy-direction inference work on any pointer.

use crate::error::{HipError, Result};
use parking_lot::RwLock;
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemKind {
    /// Device memory (`hipMalloc`, `hipMallocAsync`, pools).
    Device,
    /// Page-locked host memory allocated by the runtime (`hipHostMalloc`).
    HostPinned,
    /// Host memory of the application, registered with `hipHostRegister`.
    HostRegistered,
    /// Managed memory (`hipMallocManaged`): valid on host and device.
    Managed,
}

#[derive(Clone, Copy, Debug)]
pub struct Allocation {
    /// The address handed out (device address for device memory, host address otherwise).
    pub base: u64,
    pub size: usize,
    pub kind: MemKind,
    /// Owning device (the current device at allocation time for host memory).
    pub device: usize,
    /// API flags the allocation was made with (hipHostMalloc*/hipHostRegister*/hipMemAttach*).
    pub flags: u32,
    /// Host address of the same memory where one exists (pinned/registered/managed; CPU backend: all).
    pub host: u64,
    /// Device-side address of host memory (`hipHostGetDevicePointer`).
    pub device_addr: u64,
    /// Stream-ordered allocation from this pool (pool id), if any.
    pub pool: Option<u64>,
    /// Requested size (the size reported back; `size` may be rounded up).
    pub requested: usize,
}

impl Allocation {
    pub fn is_host(&self) -> bool {
        matches!(self.kind, MemKind::HostPinned | MemKind::HostRegistered)
    }
}

#[derive(Default)]
pub struct MemoryMap {
    map: RwLock<BTreeMap<u64, Allocation>>,
}

impl MemoryMap {
    pub fn insert(&self, a: Allocation) {
        self.map.write().insert(a.base, a);
    }

    pub fn remove(&self, base: u64) -> Option<Allocation> {
        self.map.write().remove(&base)
    }

    /// The allocation containing `addr` (one past the end does not count).
    pub fn find(&self, addr: u64) -> Option<Allocation> {
        let m = self.map.read();
        let (_, a) = m.range(..=addr).next_back()?;
        (addr < a.base + a.size.max(1) as u64).then_some(*a)
    }

    /// The allocation that starts exactly at `base`.
    pub fn get(&self, base: u64) -> Option<Allocation> {
        self.map.read().get(&base).copied()
    }

    /// Checks that `[addr, addr+len)` lies inside one known allocation.
    pub fn check_range(&self, addr: u64, len: usize) -> Result<Allocation> {
        let a = self.find(addr).ok_or(HipError::INVALID_VALUE)?;
        if addr + len as u64 > a.base + a.size as u64 {
            return Err(HipError::INVALID_VALUE);
        }
        Ok(a)
    }

    /// Whether any known allocation overlaps `[addr, addr+len)`.
    pub fn overlaps(&self, addr: u64, len: usize) -> bool {
        let m = self.map.read();
        m.range(..addr + len as u64).next_back().is_some_and(|(_, a)| a.base + a.size as u64 > addr)
    }

    pub fn all(&self) -> Vec<Allocation> {
        self.map.read().values().copied().collect()
    }
}
