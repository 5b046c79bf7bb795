//! A buffer that ends at an inaccessible page: bytes placed at its end are followed by
//! memory that faults when read, as an image at the end of a program's mapping may be.

pub struct Guarded {
    base: *mut u8,
    len: usize,
}

impl Guarded {
    /// Room for `len` bytes (rounded up to whole pages) before the guard page.
    pub fn new(len: usize) -> Guarded {
        let page = 4096;
        let len = len.max(1).next_multiple_of(page);
        // SAFETY: a fresh private anonymous mapping; its last page is made inaccessible.
        unsafe {
            let base = libc::mmap(std::ptr::null_mut(), len + page, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0);
            assert_ne!(base, libc::MAP_FAILED);
            assert_eq!(libc::mprotect(base.cast::<u8>().add(len).cast(), page, libc::PROT_NONE), 0);
            Guarded { base: base.cast(), len }
        }
    }

    pub fn capacity(&self) -> usize {
        self.len
    }

    /// `bytes` placed to end at the guard page (at most `capacity`), the bytes before them
    /// zeroed.
    pub fn place(&mut self, bytes: &[u8]) -> *const u8 {
        assert!(bytes.len() <= self.len);
        // SAFETY: within the writable part of the mapping.
        unsafe {
            std::ptr::write_bytes(self.base, 0, self.len - bytes.len());
            let p = self.base.add(self.len - bytes.len());
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len());
            p
        }
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`.
        unsafe { libc::munmap(self.base.cast(), self.len + 4096) };
    }
}

// SAFETY: the mapping is owned by the value; users share it behind a lock.
unsafe impl Send for Guarded {}
