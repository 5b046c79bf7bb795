//! The backend trait: everything that differs between executing on host threads and on a
//! GPU. The rest of the runtime (streams, events, graphs, allocation map) is shared.

use crate::device::DeviceProperties;
use crate::error::Result;
use crate::ops::Op;

pub trait Backend: Send + Sync {
    fn name(&self) -> &'static str;
    /// Properties of every device this backend exposes (before HIP_VISIBLE_DEVICES).
    fn devices(&self) -> &[DeviceProperties];
    /// (free, total) bytes of device memory.
    fn mem_info(&self, device: usize) -> (usize, usize);

    /// Device memory; returns its device address (the HIP pointer).
    fn alloc_device(&self, device: usize, size: usize) -> Result<u64>;
    fn free_device(&self, device: usize, addr: u64, size: usize);
    /// Host memory the device can reach (pinned); returns the host address.
    fn alloc_host(&self, size: usize) -> Result<u64>;
    fn free_host(&self, addr: u64, size: usize);
    /// Managed memory valid on both sides; returns an address usable by host and device.
    fn alloc_managed(&self, device: usize, size: usize) -> Result<u64>;
    fn free_managed(&self, device: usize, addr: u64, size: usize);
    /// Makes application host memory reachable by devices; returns its device address.
    fn register_host(&self, host: u64, size: usize) -> Result<u64>;
    fn unregister_host(&self, host: u64, size: usize);

    /// Executes one operation on `device`, called in stream order from the stream's worker.
    fn execute(&self, device: usize, op: &Op) -> Result<()>;
}
