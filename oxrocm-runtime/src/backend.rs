//! The backend trait: everything that differs between executing on host threads and on a
//! GPU. The rest of the runtime (streams, events, graphs, allocation map) is shared.

use crate::device::DeviceProperties;
use crate::error::Result;
use crate::ops::Op;

/// Room for a backend's IPC payload inside the 64-byte `hipIpcMemHandle_t`.
pub const IPC_PAYLOAD: usize = 48;

pub trait Backend: Send + Sync {
    fn name(&self) -> &'static str;
    /// Properties of every device this backend exposes (before HIP_VISIBLE_DEVICES).
    fn devices(&self) -> &[DeviceProperties];
    /// (free, total) bytes of device memory.
    fn mem_info(&self, device: usize) -> (usize, usize);

    /// Device memory; returns its device address (the HIP pointer).
    fn alloc_device(&self, device: usize, size: usize) -> Result<u64>;
    fn free_device(&self, device: usize, addr: u64, size: usize);
    /// Host memory the device can reach (pinned): (host address, device address).
    fn alloc_host(&self, size: usize) -> Result<(u64, u64)>;
    fn free_host(&self, addr: u64, size: usize);
    /// Managed memory valid on both sides: (address the program uses, device address).
    fn alloc_managed(&self, device: usize, size: usize) -> Result<(u64, u64)>;
    fn free_managed(&self, device: usize, addr: u64, size: usize);
    /// Makes application host memory reachable by devices; returns its device address.
    fn register_host(&self, host: u64, size: usize) -> Result<u64>;
    fn unregister_host(&self, host: u64, size: usize);

    /// Shares device memory `[addr, addr+size)` with other processes; returns an opaque
    /// payload of at most [`IPC_PAYLOAD`] bytes that [`Backend::ipc_import`] understands.
    fn ipc_export(&self, addr: u64, size: usize) -> Result<Vec<u8>>;
    /// Maps memory another process exported; returns (address, size).
    fn ipc_import(&self, payload: &[u8]) -> Result<(u64, usize)>;
    fn ipc_unmap(&self, addr: u64, size: usize);
    /// The exporter freed the memory: no new process may import it.
    fn ipc_withdraw(&self, payload: &[u8]);

    /// Called in the child after `fork`: devices a driver owns do not survive it.
    fn forked_child(&self) {}

    /// Copies `out.len()` bytes at `addr` (device, host-visible, or host memory) to the host,
    /// outside stream order (the caller orders it).
    fn read(&self, addr: u64, out: &mut [u8]) -> Result<()>;

    /// Executes one operation on `device`, called in stream order from the stream's worker.
    fn execute(&self, device: usize, op: &Op) -> Result<()>;

    /// Whether memory from `alloc_device` reads as zeros until written (the CPU backend's
    /// fresh anonymous mappings): the code-object loader then copies only an image's
    /// initialised bytes, leaving its `.bss` pages untouched (a damaged header may declare
    /// gigabytes of it).
    fn fresh_device_memory_is_zero(&self) -> bool {
        false
    }

    /// Whether event records are timestamped by the device (in `execute`/`execute_batch`)
    /// rather than by the host when the stream reaches them.
    fn stamps_on_device(&self) -> bool {
        false
    }

    /// Whether `op` may run in one submission with the ops queued right after it (no host
    /// code needs to see its effect in between).
    fn batchable(&self, _op: &Op) -> bool {
        false
    }

    /// Executes consecutive batchable ops in order; GPU backends record them into one
    /// submission. On error, the ops before the failing one have run.
    fn execute_batch(&self, device: usize, ops: &[&Op]) -> Result<()> {
        ops.iter().try_for_each(|op| self.execute(device, op))
    }
}
