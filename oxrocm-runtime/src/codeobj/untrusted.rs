//! Reading memory a program names by pointer alone (`hipModuleLoadData`,
//! `__hipRegisterFatBinary`) without trusting it: the copy goes through the kernel
//! (`process_vm_readv` on this very process), so a page that is unmapped, not readable, a
//! file mapping's page past the end of its file (SIGBUS on a direct read) or memory another
//! thread unmaps meanwhile ends the copy instead of faulting.

/// Pages per `process_vm_readv` call (IOV_MAX is 1024 on Linux).
const PAGES_PER_CALL: usize = 1024;

fn page_size() -> usize {
    static PAGE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    *PAGE.get_or_init(|| (unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize).max(4096))
}

/// Up to `len` bytes from address `addr` of this process: all of them, or those before the
/// first page that cannot be read. `None` where the kernel does not let the process read
/// itself this way (`process_vm_readv` filtered by seccomp, or missing): the caller falls
/// back to its own checks. The copy grows a batch at a time, so a damaged `len` costs no
/// more memory than is readable there; an allocation that fails ends the copy.
pub fn copy_readable(addr: usize, len: usize) -> Option<Vec<u8>> {
    let mut out: Vec<u8> = Vec::new();
    let page = page_size();
    let end = addr.checked_add(len)?;
    let mut at = addr;
    while at < end {
        // One iovec per page: a partial transfer never splits an iovec, so the count read
        // stops exactly at the first unreadable page.
        let mut remote = Vec::with_capacity(PAGES_PER_CALL);
        let mut p = at;
        while p < end && remote.len() < PAGES_PER_CALL {
            let next = ((p / page) + 1).saturating_mul(page).min(end);
            remote.push(libc::iovec { iov_base: p as *mut libc::c_void, iov_len: next - p });
            p = next;
        }
        let want = p - at;
        if out.try_reserve_exact(want).is_err() {
            break;
        }
        let filled = out.len();
        let local = libc::iovec { iov_base: out.spare_capacity_mut().as_mut_ptr().cast(), iov_len: want };
        // SAFETY: `local` is the vector's reserved, unused capacity (at least `want`
        // bytes, reserved above); the kernel validates every remote range and reads
        // nothing it cannot.
        let n = unsafe { libc::process_vm_readv(libc::getpid(), &local, 1, remote.as_ptr(), remote.len() as libc::c_ulong, 0) };
        if n < 0 {
            let e = std::io::Error::last_os_error().raw_os_error();
            // EFAULT: the first page is unreadable; ENOMEM: likewise for some kernels.
            return if matches!(e, Some(libc::EFAULT) | Some(libc::ENOMEM)) { Some(out) } else { None };
        }
        // SAFETY: the kernel wrote `n` bytes into the spare capacity.
        unsafe { out.set_len(filled + n as usize) };
        if (n as usize) < want {
            break;
        }
        at = p;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pages` readable pages, then one with `PROT_NONE` (unmapped when `unmap`).
    fn mapping(pages: usize, unmap: bool) -> (*mut u8, usize) {
        let page = page_size();
        let total = (pages + 1) * page;
        // SAFETY: a fresh anonymous mapping, its last page made unreadable or unmapped.
        unsafe {
            let p = libc::mmap(std::ptr::null_mut(), total, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0);
            assert_ne!(p, libc::MAP_FAILED);
            let p = p.cast::<u8>();
            for i in 0..pages * page {
                *p.add(i) = (i % 251) as u8;
            }
            let last = p.add(pages * page).cast();
            if unmap { libc::munmap(last, page) } else { libc::mprotect(last, page, libc::PROT_NONE) };
            (p, total)
        }
    }

    #[test]
    fn the_copy_stops_at_the_first_unreadable_page() {
        let page = page_size();
        for unmap in [false, true] {
            let (p, _) = mapping(3, unmap);
            let a = p as usize;
            // Within the readable pages: all of it, from any offset.
            let c = copy_readable(a + 100, 2 * page).unwrap();
            assert_eq!(c.len(), 2 * page);
            assert!(c.iter().enumerate().all(|(i, &b)| b == ((i + 100) % 251) as u8));
            // Across the unreadable page: up to it.
            assert_eq!(copy_readable(a + 100, 3 * page).unwrap().len(), 3 * page - 100);
            assert_eq!(copy_readable(a + 3 * page, 10).unwrap().len(), 0);
            // More pages than one call takes.
            assert_eq!(copy_readable(a, 3 * page + 5 * PAGES_PER_CALL).unwrap().len(), 3 * page);
            // A damaged length of 4 GiB over 3 readable pages: no 4 GiB allocation.
            let c = copy_readable(a, 1 << 32).unwrap();
            assert_eq!(c.len(), 3 * page);
            assert!(c.capacity() <= PAGES_PER_CALL * page, "{} bytes reserved", c.capacity());
        }
    }

    #[test]
    fn a_file_mapping_ends_with_its_file() {
        // A mapping longer than its file: reading past the file's last page is SIGBUS.
        let page = page_size();
        let path = std::env::temp_dir().join(format!("oxrocm-untrusted-{}", std::process::id()));
        std::fs::write(&path, vec![7u8; page + 10]).unwrap();
        let f = std::fs::File::open(&path).unwrap();
        use std::os::fd::AsRawFd;
        // SAFETY: a read-only private mapping of the file, 4 pages long.
        let p = unsafe { libc::mmap(std::ptr::null_mut(), 4 * page, libc::PROT_READ, libc::MAP_PRIVATE, f.as_raw_fd(), 0) };
        assert_ne!(p, libc::MAP_FAILED);
        let c = copy_readable(p as usize, 4 * page).unwrap();
        // The file's two pages (the second zero-filled after its 10 bytes), nothing beyond.
        assert_eq!(c.len(), 2 * page);
        assert!(c[..page + 10].iter().all(|&b| b == 7));
        // SAFETY: the mapping made above.
        unsafe { libc::munmap(p, 4 * page) };
        let _ = std::fs::remove_file(path);
    }
}
