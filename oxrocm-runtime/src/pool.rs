//! Stream-ordered memory pools (`hipMallocAsync`, `hipMemPool*`): bookkeeping of what a
//! pool holds; the memory itself comes from the backend.

use parking_lot::Mutex;

#[derive(Clone, Copy, Debug, Default)]
pub struct PoolStats {
    pub release_threshold: u64,
    pub used: u64,
    pub used_high: u64,
    pub reserved: u64,
    pub reserved_high: u64,
    /// `hipMemPoolReuse*` flags (attributes 1-3), stored as set.
    pub reuse: [bool; 3],
}

pub struct MemPool {
    pub device: usize,
    pub is_default: bool,
    pub stats: Mutex<PoolStats>,
    /// Devices granted access (`hipMemPoolSetAccess`), besides the owner.
    pub access: Mutex<Vec<(usize, u32)>>,
}

impl MemPool {
    pub fn new(device: usize, is_default: bool) -> MemPool {
        MemPool {
            device,
            is_default,
            stats: Mutex::new(PoolStats { reuse: [true, true, true], ..Default::default() }),
            access: Mutex::new(Vec::new()),
        }
    }

    pub fn on_alloc(&self, size: usize) {
        let mut s = self.stats.lock();
        s.used += size as u64;
        s.reserved += size as u64;
        s.used_high = s.used_high.max(s.used);
        s.reserved_high = s.reserved_high.max(s.reserved);
    }

    pub fn on_free(&self, size: usize) {
        let mut s = self.stats.lock();
        s.used = s.used.saturating_sub(size as u64);
        s.reserved = s.reserved.saturating_sub(size as u64);
    }
}
