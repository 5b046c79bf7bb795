//! Communicators (single process: `ncclCommInitAll`, and `ncclCommInitRank[Multi]` ranks
//! joined by unique id inside this process), their queries, unique ids, version, and error
//! strings. Collectives are generated stubs for now.

use crate::hip;
use crate::types::*;
use std::collections::HashSet;
use std::ffi::{CString, c_char};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Debug)]
pub struct Comm {
    pub id: [u8; NCCL_UNIQUE_ID_BYTES],
    pub nranks: i32,
    pub rank: i32,
    pub device: i32,
}

static LIVE: Mutex<Option<HashSet<usize>>> = Mutex::new(None);
static LAST_ERROR: Mutex<Option<CString>> = Mutex::new(None);
static GROUP_DEPTH: Mutex<i32> = Mutex::new(0);

fn live() -> std::sync::MutexGuard<'static, Option<HashSet<usize>>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records the message `ncclGetLastError` returns.
pub fn set_last_error(msg: String) {
    let c = CString::new(msg).unwrap_or_default();
    *LAST_ERROR.lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
}

fn fail(code: ncclResult_t, msg: String) -> ncclResult_t {
    oxrocm_ffi::log::write("rccl", 2, format_args!("{msg}"));
    set_last_error(msg);
    code
}

fn with_comm(c: ncclComm_t, f: impl FnOnce(&Comm) -> ncclResult_t) -> ncclResult_t {
    let g = live();
    if c.is_null() || !g.as_ref().is_some_and(|s| s.contains(&(c as usize))) {
        drop(g);
        return fail(ncclInvalidArgument, format!("invalid communicator {c:?}"));
    }
    f(unsafe { &*(c as *const Comm) })
}

fn new_comm(id: [u8; NCCL_UNIQUE_ID_BYTES], nranks: i32, rank: i32, device: i32) -> ncclComm_t {
    let p = Box::into_raw(Box::new(Comm { id, nranks, rank, device }));
    live().get_or_insert_with(HashSet::new).insert(p as usize);
    p.cast()
}

fn device_count() -> i32 {
    let mut n = 0;
    if unsafe { hip::hipGetDeviceCount(&mut n) } != 0 { 0 } else { n }
}

/// 128 bytes nobody else generates: pid, time, a counter, and random bytes.
pub fn unique_id() -> [u8; NCCL_UNIQUE_ID_BYTES] {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut id = [0u8; NCCL_UNIQUE_ID_BYTES];
    let pid = std::process::id() as u64;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    id[0..8].copy_from_slice(&pid.to_le_bytes());
    id[8..16].copy_from_slice(&now.to_le_bytes());
    id[16..24].copy_from_slice(&n.to_le_bytes());
    unsafe { libc::getrandom(id[24..].as_mut_ptr().cast(), NCCL_UNIQUE_ID_BYTES - 24, 0) };
    id
}

unsafe fn init_rank(comm: *mut ncclComm_t, nranks: i32, id: ncclUniqueId, rank: i32) -> ncclResult_t {
    if comm.is_null() {
        return fail(ncclInvalidArgument, "comm argument is NULL".into());
    }
    if nranks < 1 || rank < 0 || rank >= nranks {
        return fail(ncclInvalidArgument, format!("invalid rank {rank} of {nranks}"));
    }
    let mut device = 0;
    if unsafe { hip::hipGetDevice(&mut device) } != 0 {
        return fail(ncclUnhandledCudaError, "hipGetDevice failed".into());
    }
    unsafe { *comm = new_comm(id.internal, nranks, rank, device) };
    ncclSuccess
}

oxrocm_ffi::c_api! { lib = "rccl", ret = ncclResult_t, on_panic = ncclInternalError;

    fn ncclGetVersion(version: *mut i32) {
        if version.is_null() {
            return fail(ncclInvalidArgument, "version argument is NULL".into());
        }
        *version = NCCL_VERSION_CODE;
        ncclSuccess
    }

    fn ncclGetUniqueId(unique_id: *mut ncclUniqueId) {
        if unique_id.is_null() {
            return fail(ncclInvalidArgument, "uniqueId argument is NULL".into());
        }
        (*unique_id).internal = self::unique_id();
        ncclSuccess
    }

    fn ncclCommInitAll(comms: *mut ncclComm_t, ndev: i32, devlist: *const i32) {
        if comms.is_null() {
            return fail(ncclInvalidArgument, "comms argument is NULL".into());
        }
        if ndev < 1 {
            return fail(ncclInvalidArgument, format!("invalid device count {ndev}"));
        }
        let available = device_count();
        let devices: Vec<i32> = (0..ndev).map(|i| if devlist.is_null() { i } else { *devlist.add(i as usize) }).collect();
        if let Some(bad) = devices.iter().find(|&&d| d < 0 || d >= available) {
            return fail(ncclInvalidArgument, format!("invalid device {bad} ({available} available)"));
        }
        let id = self::unique_id();
        for (rank, &dev) in devices.iter().enumerate() {
            *comms.add(rank) = new_comm(id, ndev, rank as i32, dev);
        }
        ncclSuccess
    }

    fn ncclCommInitRank(comm: *mut ncclComm_t, nranks: i32, comm_id: ncclUniqueId, rank: i32) {
        init_rank(comm, nranks, comm_id, rank)
    }

    /// RCCL 5.4: several ranks per GPU (`virtualId`).
    fn ncclCommInitRankMulti(comm: *mut ncclComm_t, nranks: i32, comm_id: ncclUniqueId, rank: i32, virtual_id: i32) {
        let _ = virtual_id;
        init_rank(comm, nranks, comm_id, rank)
    }

    fn ncclCommDestroy(comm: ncclComm_t) {
        if comm.is_null() {
            return ncclSuccess;
        }
        let removed = live().as_mut().is_some_and(|s| s.remove(&(comm as usize)));
        if !removed {
            return fail(ncclInvalidArgument, format!("invalid communicator {comm:?}"));
        }
        drop(Box::from_raw(comm as *mut Comm));
        ncclSuccess
    }

    fn ncclCommAbort(comm: ncclComm_t) {
        ncclCommDestroy(comm)
    }

    fn ncclCommCount(comm: ncclComm_t, count: *mut i32) {
        with_comm(comm, |c| {
            if count.is_null() { return fail(ncclInvalidArgument, "count argument is NULL".into()); }
            *count = c.nranks;
            ncclSuccess
        })
    }

    fn ncclCommCuDevice(comm: ncclComm_t, device: *mut i32) {
        with_comm(comm, |c| {
            if device.is_null() { return fail(ncclInvalidArgument, "device argument is NULL".into()); }
            *device = c.device;
            ncclSuccess
        })
    }

    fn ncclCommUserRank(comm: ncclComm_t, rank: *mut i32) {
        with_comm(comm, |c| {
            if rank.is_null() { return fail(ncclInvalidArgument, "rank argument is NULL".into()); }
            *rank = c.rank;
            ncclSuccess
        })
    }

    fn ncclCommGetAsyncError(comm: ncclComm_t, async_error: *mut ncclResult_t) {
        with_comm(comm, |_| {
            if async_error.is_null() { return fail(ncclInvalidArgument, "asyncError argument is NULL".into()); }
            *async_error = ncclSuccess;
            ncclSuccess
        })
    }

    fn ncclGroupStart() {
        *GROUP_DEPTH.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        ncclSuccess
    }

    fn ncclGroupEnd() {
        let mut d = GROUP_DEPTH.lock().unwrap_or_else(|e| e.into_inner());
        if *d == 0 {
            drop(d);
            return fail(ncclInvalidUsage, "ncclGroupEnd without ncclGroupStart".into());
        }
        *d -= 1;
        ncclSuccess
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn ncclGetErrorString(result: ncclResult_t) -> *const c_char {
    match result {
        0 => c"no error",
        1 => c"unhandled cuda error",
        2 => c"unhandled system error",
        3 => c"internal error",
        4 => c"invalid argument",
        5 => c"invalid usage",
        6 => c"remote process exited or there was a network error",
        _ => c"unknown result code",
    }
    .as_ptr()
}

/// Message of the last failure in this library (the `comm` argument is unused, as in NCCL).
#[unsafe(no_mangle)]
pub extern "C" fn ncclGetLastError(_comm: ncclComm_t) -> *const c_char {
    let g = LAST_ERROR.lock().unwrap_or_else(|e| e.into_inner());
    // The string stays alive until the next failure replaces it (same contract as NCCL).
    g.as_ref().map_or(c"".as_ptr(), |s| s.as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;
    use std::ptr::null_mut;

    #[test]
    fn version_ids_and_strings() {
        unsafe {
            let mut v = 0;
            assert_eq!(ncclGetVersion(&mut v), ncclSuccess);
            assert_eq!(v, 21304);
            assert_eq!(ncclGetVersion(null_mut()), ncclInvalidArgument);
            assert!(!CStr::from_ptr(ncclGetLastError(null_mut())).to_bytes().is_empty());
            let mut a = ncclUniqueId { internal: [0; 128] };
            let mut b = a;
            assert_eq!(ncclGetUniqueId(&mut a), ncclSuccess);
            assert_eq!(ncclGetUniqueId(&mut b), ncclSuccess);
            assert_ne!(a.internal, b.internal);
            assert_ne!(a.internal, [0; 128]);
            assert_eq!(CStr::from_ptr(ncclGetErrorString(ncclInvalidArgument)).to_str().unwrap(), "invalid argument");
            assert_eq!(CStr::from_ptr(ncclGetErrorString(77)).to_str().unwrap(), "unknown result code");
        }
    }

    #[test]
    fn comm_init_all_and_queries() {
        unsafe {
            let n = device_count();
            assert!(n >= 1);
            let mut comms = vec![null_mut(); n as usize];
            assert_eq!(ncclCommInitAll(comms.as_mut_ptr(), n, std::ptr::null()), ncclSuccess);
            for (i, &c) in comms.iter().enumerate() {
                let (mut count, mut dev, mut rank) = (-1, -1, -1);
                assert_eq!(ncclCommCount(c, &mut count), ncclSuccess);
                assert_eq!(ncclCommCuDevice(c, &mut dev), ncclSuccess);
                assert_eq!(ncclCommUserRank(c, &mut rank), ncclSuccess);
                assert_eq!((count, dev, rank), (n, i as i32, i as i32));
            }
            let bad_dev = [n];
            let mut c1 = null_mut();
            assert_eq!(ncclCommInitAll(&mut c1, 1, bad_dev.as_ptr()), ncclInvalidArgument);
            assert_eq!(ncclCommInitAll(&mut c1, 0, std::ptr::null()), ncclInvalidArgument);
            for c in comms {
                assert_eq!(ncclCommDestroy(c), ncclSuccess);
                let mut count = 0;
                assert_eq!(ncclCommCount(c, &mut count), ncclInvalidArgument);
            }
            assert_eq!(ncclCommDestroy(null_mut()), ncclSuccess);
        }
    }

    #[test]
    fn comm_init_rank() {
        unsafe {
            let mut id = ncclUniqueId { internal: [0; 128] };
            assert_eq!(ncclGetUniqueId(&mut id), ncclSuccess);
            let mut c = null_mut();
            assert_eq!(ncclCommInitRank(&mut c, 1, id, 1), ncclInvalidArgument);
            assert_eq!(ncclCommInitRank(&mut c, 1, id, 0), ncclSuccess);
            let mut count = 0;
            assert_eq!(ncclCommCount(c, &mut count), ncclSuccess);
            assert_eq!(count, 1);
            assert_eq!((*(c as *const Comm)).id, id.internal);
            let mut e = -1;
            assert_eq!(ncclCommGetAsyncError(c, &mut e), ncclSuccess);
            assert_eq!(e, ncclSuccess);
            assert_eq!(ncclCommAbort(c), ncclSuccess);
        }
    }
}
