//! Device memory as kernels reach it on the CPU backend, where a device address is the
//! host address of the same bytes. In checked mode every access must lie inside one of
//! the ranges the launch may touch (the live allocations, the kernarg segment, the
//! dispatch packet, the loaded code object); anything else is a [`Fault`] naming the
//! address, not a host crash.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// A device access outside every allowed range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub addr: u64,
    pub len: usize,
    pub write: bool,
    /// Which memory: "global", "lds", "scratch", or an instruction fetch ("code").
    pub space: &'static str,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op = if self.write { "write" } else { "read" };
        write!(f, "{} {op} of {} bytes at {:#x} outside any allocation", self.space, self.len, self.addr)
    }
}

/// The memory a launch may access.
pub struct Memory {
    /// Sorted, non-overlapping regions; `None`: unchecked.
    regions: Option<Vec<Region>>,
    /// The launch's hostcall buffer, which waiting waves service (device printf).
    hostcall: Option<std::sync::Arc<crate::hostcall::Hostcall>>,
    /// Reads just outside a region fault too (see [`Memory::read`]).
    strict: bool,
}

/// Device addresses [start, end) and the host address of `start`.
#[derive(Clone, Copy, Debug)]
struct Region {
    start: u64,
    end: u64,
    host: u64,
}

impl Memory {
    /// Accesses are checked against `ranges` (start, length), which may overlap; device
    /// addresses are host addresses.
    pub fn checked(ranges: Vec<(u64, usize)>) -> Memory {
        Memory::mapped(ranges.into_iter().map(|(a, n)| (a, n, a)).collect())
    }

    /// Accesses are checked against `regions` (device address, length, host address of
    /// the same bytes) and go to the host copy: device memory the host cannot address
    /// directly (a GPU backend) is reached through its staged copy.
    pub fn mapped(mut regions: Vec<(u64, usize, u64)>) -> Memory {
        regions.sort_unstable();
        let mut merged: Vec<Region> = Vec::with_capacity(regions.len());
        for (start, len, host) in regions {
            let end = start.saturating_add(len as u64);
            match merged.last_mut() {
                // Overlapping or touching ranges with the same mapping become one.
                Some(last) if start <= last.end && last.host.wrapping_sub(last.start) == host.wrapping_sub(start) => last.end = last.end.max(end),
                _ => merged.push(Region { start, end, host }),
            }
        }
        Memory { regions: Some(merged), hostcall: None, strict: false }
    }

    /// No checks: every address is taken for a valid host address.
    ///
    /// # Safety
    /// Every access the kernel makes must be to readable (and, for writes, writable) host
    /// memory.
    pub unsafe fn unchecked() -> Memory {
        Memory { regions: None, hostcall: None, strict: false }
    }

    /// Attaches the hostcall buffer that waves of this launch call into.
    pub fn with_hostcall(mut self, h: std::sync::Arc<crate::hostcall::Hostcall>) -> Memory {
        self.hostcall = Some(h);
        self
    }

    /// Every access outside the regions faults, also reads next to one (a debugging aid:
    /// finds the kernel's first stray read).
    pub fn strict(mut self) -> Memory {
        self.strict = true;
        self
    }

    pub fn hostcall(&self) -> Option<&crate::hostcall::Hostcall> {
        self.hostcall.as_deref()
    }

    pub fn is_checked(&self) -> bool {
        self.regions.is_some()
    }

    /// The host address of `[addr, addr + len)`, which must lie inside one region.
    fn check(&self, addr: u64, len: usize, write: bool) -> Result<u64, Fault> {
        let Some(r) = &self.regions else { return Ok(addr) };
        let end = addr.checked_add(len as u64);
        // The last region starting at or below addr must cover [addr, addr + len).
        let i = r.partition_point(|g| g.start <= addr);
        match (i.checked_sub(1).map(|i| r[i]), end) {
            (Some(g), Some(end)) if end <= g.end => Ok(g.host + (addr - g.start)),
            _ => Err(Fault { addr, len, write, space: "global" }),
        }
    }

    /// The host address of `[addr, addr + len)` when one region holds it all: a wave's
    /// accesses that fall in one allocation are checked once for all lanes.
    pub fn host_span(&self, addr: u64, len: usize) -> Option<u64> {
        self.check(addr, len, false).ok()
    }

    /// Whether `[addr, addr + len)` lies within a page's distance of some region: memory a
    /// GPU has mapped next to an allocation (its neighbours), where reads do not fault.
    fn near_region(&self, addr: u64, len: usize) -> bool {
        const GUARD: u64 = 4096;
        let Some(r) = &self.regions else { return true };
        let i = r.partition_point(|g| g.start <= addr);
        let below = i.checked_sub(1).map(|i| r[i]).is_some_and(|g| addr < g.end + GUARD);
        let above = r.get(i).is_some_and(|g| addr + len as u64 + GUARD > g.start);
        below || above
    }

    /// Reads `out.len()` bytes. Reads just outside an allocation (within a page of one:
    /// speculative loads before a bounds check, or the element before an array) return
    /// zeros, as neighbouring mapped memory would not fault on a GPU; reads elsewhere fault.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), Fault> {
        let host = match self.check(addr, out.len(), false) {
            Ok(h) => h,
            Err(_) if !self.strict && self.near_region(addr, out.len()) => {
                out.fill(0);
                return Ok(());
            }
            Err(f) => return Err(f),
        };
        // SAFETY: checked against live allocations, or the caller of `unchecked` vouched.
        // Dword reads (most of them) as one unaligned load rather than a memcpy call.
        unsafe {
            if out.len() == 4 {
                out.copy_from_slice(&(host as *const [u8; 4]).read_unaligned());
            } else {
                std::ptr::copy_nonoverlapping(host as *const u8, out.as_mut_ptr(), out.len());
            }
        }
        Ok(())
    }

    pub fn write(&self, addr: u64, data: &[u8]) -> Result<(), Fault> {
        let host = self.check(addr, data.len(), true)?;
        // SAFETY: as in `read`. Other waves may write the same bytes concurrently, as on
        // the GPU; plain stores of the same width are what the ISA promises there too.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), host as *mut u8, data.len()) };
        Ok(())
    }

    pub fn read_u32(&self, addr: u64) -> Result<u32, Fault> {
        let mut b = [0u8; 4];
        self.read(addr, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    pub fn read_u64(&self, addr: u64) -> Result<u64, Fault> {
        let mut b = [0u8; 8];
        self.read(addr, &mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    pub fn write_u32(&self, addr: u64, v: u32) -> Result<(), Fault> {
        self.write(addr, &v.to_le_bytes())
    }

    /// Atomic read-modify-write of an aligned u32: `f(old)` is stored, `old` returned.
    pub fn atomic_u32(&self, addr: u64, f: impl Fn(u32) -> u32) -> Result<u32, Fault> {
        let host = self.check(addr, 4, true)?;
        if !addr.is_multiple_of(4) {
            return Err(Fault { addr, len: 4, write: true, space: "global (misaligned atomic)" });
        }
        // SAFETY: checked (or vouched) and aligned; device memory is only ever accessed
        // through such atomics or plain copies, as on the GPU.
        let a = unsafe { AtomicU32::from_ptr(host as *mut u32) };
        Ok(a.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |v| Some(f(v))).unwrap_or_else(|v| v))
    }

    /// Atomic read-modify-write of an aligned u64.
    pub fn atomic_u64(&self, addr: u64, f: impl Fn(u64) -> u64) -> Result<u64, Fault> {
        let host = self.check(addr, 8, true)?;
        if !addr.is_multiple_of(8) {
            return Err(Fault { addr, len: 8, write: true, space: "global (misaligned atomic)" });
        }
        // SAFETY: as in `atomic_u32`.
        let a = unsafe { AtomicU64::from_ptr(host as *mut u64) };
        Ok(a.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |v| Some(f(v))).unwrap_or_else(|v| v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_accesses_stay_inside_allocations() {
        let mut buf = vec![0u32; 8];
        let base = buf.as_mut_ptr() as u64;
        let other = [5u32; 2];
        let m = Memory::checked(vec![(base, 32), (other.as_ptr() as u64, 8)]);
        m.write_u32(base + 28, 0xdead_beef).unwrap();
        assert_eq!(m.read_u32(base + 28).unwrap(), 0xdead_beef);
        assert_eq!(m.read_u32(other.as_ptr() as u64 + 4).unwrap(), 5);
        let f = m.write_u32(base + 30, 1).unwrap_err();
        assert_eq!((f.addr, f.len, f.write), (base + 30, 4, true));
        assert!(m.write_u32(base - 4, 1).is_err());
        assert!(m.read_u64(u64::MAX - 3).is_err());
        // Reads next to an allocation see zeros; reads far from every one fault.
        let far = Memory::checked(vec![(0x10_0000, 64)]);
        assert_eq!(far.read_u32(0x10_0040).unwrap(), 0);
        assert_eq!(far.read_u32(0x0f_fff0).unwrap(), 0);
        assert!(far.read_u32(0x20_0000).is_err());
        assert_eq!(m.atomic_u32(base, |v| v + 3).unwrap(), 0);
        assert_eq!(m.atomic_u32(base, |v| v * 2).unwrap(), 3);
        assert_eq!(buf[0], 6);
        assert!(m.atomic_u32(base + 2, |v| v).is_err());
        assert!(f.to_string().contains("outside any allocation"));
    }

    #[test]
    fn overlapping_ranges_merge() {
        let buf = [0u8; 64];
        let b = buf.as_ptr() as u64;
        let m = Memory::checked(vec![(b + 16, 48), (b, 32)]);
        let mut out = [0u8; 64];
        m.read(b, &mut out).unwrap();
    }
}
