//! rocFFT's kernel-cache calls. rocFFT compiles FFT kernels at run time and can hand its
//! cache to the client as a buffer; here the "kernels" are the transform shapes this process
//! planned (what a device backend builds pipelines for; see `rtc`), and the buffer (and the
//! cache files of `rtc`) hold them:
//!
//! `OXRFFTC1`, u32 count, per entry u8 transform, u8 precision, u8 rank and rank u64
//! lengths, then a u64 FNV-1a of everything before it. A buffer is checked whole before any
//! entry is taken from it.

use crate::types::*;
use std::collections::{BTreeSet, HashSet};
use std::ffi::c_void;
use std::sync::Mutex;

const MAGIC: &[u8; 8] = b"OXRFFTC1";

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    pub transform: u8,
    pub precision: u8,
    pub lengths: Vec<u64>,
}

static KERNELS: Mutex<BTreeSet<Key>> = Mutex::new(BTreeSet::new());
/// Buffers handed out by `rocfft_cache_serialize` and not freed yet.
static BUFFERS: Mutex<Option<HashSet<usize>>> = Mutex::new(None);

/// Records a shape compiled in this process; false if it was already.
pub fn insert(key: Key) -> bool {
    KERNELS.lock().unwrap_or_else(|e| e.into_inner()).insert(key)
}

/// Forgets what this process compiled (`rocfft_setup`/`rocfft_cleanup`: the user cache
/// file, if any, keeps it).
pub fn forget() {
    KERNELS.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

pub fn encode(keys: &BTreeSet<Key>) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend((keys.len() as u32).to_le_bytes());
    for k in keys {
        out.extend([k.transform, k.precision, k.lengths.len() as u8]);
        for l in &k.lengths {
            out.extend(l.to_le_bytes());
        }
    }
    let sum = fnv1a(&out);
    out.extend(sum.to_le_bytes());
    out
}

/// The entries of a buffer, or None if any part of it is wrong.
pub fn decode(bytes: &[u8]) -> Option<Vec<Key>> {
    let body = bytes.len().checked_sub(8)?;
    let (data, sum) = bytes.split_at(body);
    if data.get(..8)? != MAGIC || fnv1a(data) != u64::from_le_bytes(sum.try_into().ok()?) {
        return None;
    }
    let count = u32::from_le_bytes(data.get(8..12)?.try_into().ok()?) as usize;
    let mut at = 12;
    // Each entry takes at least 11 bytes: the count cannot promise more than the buffer has.
    if count > (data.len() - at) / 11 {
        return None;
    }
    let mut keys = Vec::with_capacity(count);
    for _ in 0..count {
        let head = data.get(at..at + 3)?;
        let (transform, precision, rank) = (head[0], head[1], head[2] as usize);
        if transform > 3 || precision > 2 || !(1..=3).contains(&rank) {
            return None;
        }
        at += 3;
        let mut lengths = Vec::with_capacity(rank);
        for _ in 0..rank {
            let l = u64::from_le_bytes(data.get(at..at + 8)?.try_into().ok()?);
            if l == 0 {
                return None;
            }
            lengths.push(l);
            at += 8;
        }
        keys.push(Key { transform, precision, lengths });
    }
    (at == data.len()).then_some(keys)
}

oxrocm_ffi::c_api! { lib = "rocfft", ret = rocfft_status, on_panic = rocfft_status_failure;

    fn rocfft_cache_serialize(buffer: *mut *mut c_void, buffer_len_bytes: *mut usize) {
        if buffer.is_null() || buffer_len_bytes.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        let bytes = encode(&KERNELS.lock().unwrap_or_else(|e| e.into_inner()));
        let p = libc::malloc(bytes.len()) as *mut u8;
        if p.is_null() {
            return rocfft_status_failure;
        }
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len());
        BUFFERS.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashSet::new).insert(p as usize);
        *buffer = p.cast();
        *buffer_len_bytes = bytes.len();
        rocfft_status_success
    }

    fn rocfft_cache_buffer_free(buffer: *mut c_void) {
        if buffer.is_null() {
            return rocfft_status_success;
        }
        let ours = BUFFERS.lock().unwrap_or_else(|e| e.into_inner()).as_mut().is_some_and(|s| s.remove(&(buffer as usize)));
        if !ours {
            return rocfft_status_invalid_arg_value;
        }
        libc::free(buffer);
        rocfft_status_success
    }

    fn rocfft_cache_deserialize(buffer: *const c_void, buffer_len_bytes: usize) {
        if buffer.is_null() || buffer_len_bytes == 0 {
            return rocfft_status_invalid_arg_value;
        }
        let bytes = std::slice::from_raw_parts(buffer as *const u8, buffer_len_bytes);
        match decode(bytes) {
            Some(keys) => {
                KERNELS.lock().unwrap_or_else(|e| e.into_inner()).extend(keys.iter().cloned());
                crate::rtc::deserialized(&keys);
                rocfft_status_success
            }
            None => {
                crate::log::error(format_args!("rocfft_cache_deserialize: not a kernel cache of this library ({buffer_len_bytes} bytes)"));
                rocfft_status_failure
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_round_trip_and_every_damage_is_refused() {
        let keys: BTreeSet<Key> = [
            Key { transform: 0, precision: 0, lengths: vec![2304] },
            Key { transform: 2, precision: 1, lengths: vec![64, 32, 3] },
        ].into_iter().collect();
        let bytes = encode(&keys);
        assert_eq!(decode(&bytes).unwrap(), keys.iter().cloned().collect::<Vec<_>>());
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x20;
            assert!(decode(&b).is_none(), "byte {i}");
        }
        for n in 0..bytes.len() {
            assert!(decode(&bytes[..n]).is_none(), "{n} bytes");
        }
        assert!(decode(&encode(&BTreeSet::new())).unwrap().is_empty());
    }
}
