//! Communicators (single process: `ncclCommInitAll`, and `ncclCommInitRank[Multi|Config]`
//! ranks joined by unique id inside this process), their queries, unique ids, version, and
//! error strings. Collectives are generated stubs for now.
//!
//! Bootstrap: as in NCCL, every rank of a communicator calls `ncclCommInitRank` with the
//! same unique id and rank count, each with its own rank, and the call returns once all of
//! them have joined. Here the ranks meet inside the process (threads, usually one device
//! each). A rank whose peers do not all arrive within the bootstrap timeout gets
//! `ncclSystemError`, the error NCCL 2.13's bootstrap returns when it cannot connect (its
//! socket connect gives up on a refused connection after 20 s); a unique id made by another
//! process gets that error after the timeout too (cross-process bootstrap is not
//! implemented). The timeout is `OXROCM_RCCL_BOOTSTRAP_TIMEOUT_MS` milliseconds (default
//! 20000; 0: wait without limit). A call whose rank count differs from that of ranks
//! already waiting on the id gets `ncclInvalidArgument`, a rank that already checked in
//! `ncclInvalidUsage` (NCCL's bootstrap root rejects both: "mismatch in rank count",
//! "rank … has already checked in"); the ranks already waiting keep waiting. Between
//! ncclGroupStart and ncclGroupEnd (per thread, as in NCCL) ncclCommInitRank only hands out
//! the communicator; the bootstraps run at the outermost ncclGroupEnd, all ranks checked in
//! before any waits, so one thread may initialize every rank of a communicator.

use crate::hip;
use crate::types::*;
use std::collections::{HashMap, HashSet};
use std::ffi::{CString, c_char, c_void};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

#[derive(Debug)]
pub struct Comm {
    pub id: [u8; NCCL_UNIQUE_ID_BYTES],
    pub nranks: i32,
    pub rank: i32,
    pub device: i32,
    /// The device of every rank, by rank.
    pub devices: Vec<i32>,
}

static LIVE: Mutex<Option<HashSet<usize>>> = Mutex::new(None);
static LAST_ERROR: Mutex<Option<CString>> = Mutex::new(None);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn live() -> MutexGuard<'static, Option<HashSet<usize>>> {
    lock(&LIVE)
}

/// Records the message `ncclGetLastError` returns.
pub fn set_last_error(msg: String) {
    let c = CString::new(msg).unwrap_or_default();
    *lock(&LAST_ERROR) = Some(c);
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

fn new_comm(id: [u8; NCCL_UNIQUE_ID_BYTES], rank: i32, devices: Vec<i32>) -> ncclComm_t {
    let comm = Comm { id, nranks: devices.len() as i32, rank, device: devices[rank as usize], devices };
    let p = Box::into_raw(Box::new(comm));
    live().get_or_insert_with(HashSet::new).insert(p as usize);
    p.cast()
}

fn device_count() -> i32 {
    let mut n = 0;
    if unsafe { hip::hipGetDeviceCount(&mut n) } != 0 { 0 } else { n }
}

/// Unique ids this process made (`ncclGetUniqueId`): only their ranks can meet here.
static ISSUED: Mutex<Option<HashSet<[u8; NCCL_UNIQUE_ID_BYTES]>>> = Mutex::new(None);

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

/// Whether `id` was made by this process (a forked child's copy of its parent's set does
/// not count: the pid inside the id differs).
fn made_here(id: &[u8; NCCL_UNIQUE_ID_BYTES]) -> bool {
    id[0..8] == (std::process::id() as u64).to_le_bytes() && lock(&ISSUED).as_ref().is_some_and(|s| s.contains(id))
}

/// `OXROCM_RCCL_BOOTSTRAP_TIMEOUT_MS` (default 20 s, NCCL's connect retry window); `None`: no limit.
pub fn bootstrap_timeout() -> Option<Duration> {
    let ms = std::env::var("OXROCM_RCCL_BOOTSTRAP_TIMEOUT_MS").ok().and_then(|v| v.trim().parse::<u64>().ok()).unwrap_or(20_000);
    (ms > 0).then(|| Duration::from_millis(ms))
}

/// The ranks of one unique id that have checked in, waiting for the rest.
struct Round {
    state: Mutex<RoundState>,
    all_joined: Condvar,
}

struct RoundState {
    nranks: i32,
    /// Device of each rank that has checked in.
    devices: Vec<Option<i32>>,
    joined: usize,
    /// Set by the last rank to arrive: every rank's device.
    done: Option<Vec<i32>>,
}

/// Rounds still gathering ranks, by unique id (a complete round leaves the table).
static ROUNDS: Mutex<Option<HashMap<[u8; NCCL_UNIQUE_ID_BYTES], Arc<Round>>>> = Mutex::new(None);

/// A rank's place in its bootstrap after checking in.
enum Joined {
    /// It was the last rank: every rank's device.
    Done(Vec<i32>),
    Waiting(Arc<Round>),
    /// The id's root is in another process: nothing here can complete it.
    Foreign,
}

/// Checks rank `rank` of `id` in (errors: a rank count differing from that of the ranks
/// already waiting, a rank already checked in).
fn join(id: [u8; NCCL_UNIQUE_ID_BYTES], nranks: i32, rank: i32, device: i32) -> Result<Joined, ncclResult_t> {
    if !made_here(&id) {
        return Ok(Joined::Foreign);
    }
    let mut rounds = lock(&ROUNDS);
    let rounds = rounds.get_or_insert_with(HashMap::new);
    let round = rounds
        .entry(id)
        .or_insert_with(|| {
            let state = RoundState { nranks, devices: vec![None; nranks as usize], joined: 0, done: None };
            Arc::new(Round { state: Mutex::new(state), all_joined: Condvar::new() })
        })
        .clone();
    let mut st = lock(&round.state);
    if st.nranks != nranks {
        let msg = format!("bootstrap: mismatch in rank count: rank {rank} says {nranks}, the ranks already waiting on this id say {}", st.nranks);
        return Err(fail(ncclInvalidArgument, msg));
    }
    if st.devices[rank as usize].is_some() {
        return Err(fail(ncclInvalidUsage, format!("bootstrap: rank {rank} of {nranks} ranks has already checked in")));
    }
    st.devices[rank as usize] = Some(device);
    st.joined += 1;
    if st.joined < nranks as usize {
        drop(st);
        return Ok(Joined::Waiting(round));
    }
    let all: Vec<i32> = st.devices.iter().map(|d| d.unwrap_or(-1)).collect();
    st.done = Some(all.clone());
    drop(st);
    rounds.remove(&id);
    round.all_joined.notify_all();
    Ok(Joined::Done(all))
}

/// Takes rank `rank` out of `round` (a bootstrap given up); `Some` if the round completed
/// first after all.
fn leave(id: &[u8; NCCL_UNIQUE_ID_BYTES], round: &Arc<Round>, rank: i32) -> Option<Vec<i32>> {
    // The table before the round, as when joining.
    let mut rounds = lock(&ROUNDS);
    let mut st = lock(&round.state);
    if let Some(all) = &st.done {
        return Some(all.clone());
    }
    st.devices[rank as usize] = None;
    st.joined -= 1;
    if st.joined == 0
        && let Some(m) = rounds.as_mut()
        && m.get(id).is_some_and(|r| Arc::ptr_eq(r, round))
    {
        m.remove(id);
    }
    None
}

/// Waits, until `deadline` (`None`: without limit), for the other ranks of a joined bootstrap.
fn wait(id: &[u8; NCCL_UNIQUE_ID_BYTES], joined: Joined, nranks: i32, rank: i32, deadline: Option<Instant>) -> Result<Vec<i32>, ncclResult_t> {
    let round = match joined {
        Joined::Done(all) => return Ok(all),
        Joined::Waiting(r) => r,
        Joined::Foreign => {
            // NCCL would connect to the id's root; this library cannot, and says so once
            // the timeout has passed.
            match deadline {
                Some(d) => std::thread::sleep(d.saturating_duration_since(Instant::now())),
                None => loop {
                    std::thread::sleep(Duration::from_secs(3600));
                },
            }
            let msg = format!("bootstrap: rank {rank} of {nranks}: the unique id was not created in this process, and cross-process bootstrap is not supported: no root to connect to");
            return Err(fail(ncclSystemError, msg));
        }
    };
    let mut st = lock(&round.state);
    loop {
        if let Some(all) = &st.done {
            return Ok(all.clone());
        }
        match deadline {
            None => st = round.all_joined.wait(st).unwrap_or_else(|e| e.into_inner()),
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                st = round.all_joined.wait_timeout(st, left).unwrap_or_else(|e| e.into_inner()).0;
            }
        }
    }
    let present = st.joined;
    drop(st);
    if let Some(all) = leave(id, &round, rank) {
        return Ok(all);
    }
    let ms = bootstrap_timeout().map_or(0, |t| t.as_millis());
    let msg = format!("bootstrap: rank {rank} of {nranks}: only {present} of {nranks} ranks joined within {ms} ms (OXROCM_RCCL_BOOTSTRAP_TIMEOUT_MS)");
    Err(fail(ncclSystemError, msg))
}

fn deadline() -> Option<Instant> {
    // A limit past what the clock can represent is none (a huge OXROCM_RCCL_BOOTSTRAP_TIMEOUT_MS).
    bootstrap_timeout().and_then(|t| Instant::now().checked_add(t))
}

/// A rank initialized inside ncclGroupStart/ncclGroupEnd: its bootstrap runs at the group's end.
struct PendingInit {
    comm: *mut Comm,
    id: [u8; NCCL_UNIQUE_ID_BYTES],
    nranks: i32,
    rank: i32,
    device: i32,
}

thread_local! {
    /// ncclGroupStart nesting of this thread (per thread, as in NCCL).
    static GROUP_DEPTH: std::cell::Cell<i32> = const { std::cell::Cell::new(0) };
    static PENDING: std::cell::RefCell<Vec<PendingInit>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Fills in a communicator whose bootstrap completed and makes it usable.
fn finish(p: &PendingInit, devices: Vec<i32>) {
    let c = unsafe { &mut *p.comm };
    c.device = devices[p.rank as usize];
    c.devices = devices;
    live().get_or_insert_with(HashSet::new).insert(p.comm as usize);
}

/// The bootstraps of the ranks initialized in this thread's group: all check in first (they
/// may be ranks of one communicator), then wait together. Returns the first error; the
/// communicators of failed ranks stay invalid.
fn run_pending() -> ncclResult_t {
    let pending = PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()));
    let until = deadline();
    let mut result = ncclSuccess;
    let mut joined = Vec::new();
    for p in pending {
        match join(p.id, p.nranks, p.rank, p.device) {
            Ok(j) => joined.push((p, j)),
            Err(e) => {
                drop(unsafe { Box::from_raw(p.comm) });
                if result == ncclSuccess {
                    result = e;
                }
            }
        }
    }
    for (p, j) in joined {
        let r = if result != ncclSuccess {
            // An earlier rank failed to check in: the group gives up its bootstrap.
            match j {
                Joined::Done(all) => Ok(all),
                Joined::Waiting(round) => leave(&p.id, &round, p.rank).ok_or(result),
                Joined::Foreign => Err(result),
            }
        } else {
            wait(&p.id, j, p.nranks, p.rank, until)
        };
        match r {
            Ok(all) => finish(&p, all),
            Err(e) => {
                drop(unsafe { Box::from_raw(p.comm) });
                if result == ncclSuccess {
                    result = e;
                }
            }
        }
    }
    result
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
    if GROUP_DEPTH.with(|d| d.get()) > 0 {
        // Inside a group: the handle now, the bootstrap at ncclGroupEnd.
        let c = Box::into_raw(Box::new(Comm { id: id.internal, nranks, rank, device, devices: Vec::new() }));
        PENDING.with(|p| p.borrow_mut().push(PendingInit { comm: c, id: id.internal, nranks, rank, device }));
        unsafe { *comm = c.cast() };
        return ncclSuccess;
    }
    let result = join(id.internal, nranks, rank, device).and_then(|j| wait(&id.internal, j, nranks, rank, deadline()));
    match result {
        Ok(devices) => {
            unsafe { *comm = new_comm(id.internal, rank, devices) };
            ncclSuccess
        }
        Err(e) => e,
    }
}

/// `ncclConfig_t`'s leading fields (NCCL 2.14+): `size`, `magic`, `version`, `blocking`.
#[repr(C)]
struct ConfigHead {
    size: usize,
    magic: u32,
    version: u32,
}

/// `NCCL_CONFIG_INITIALIZER`'s magic.
const CONFIG_MAGIC: u32 = 0xcafe_beef;

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
        let id = self::unique_id();
        lock(&ISSUED).get_or_insert_with(HashSet::new).insert(id);
        (*unique_id).internal = id;
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
        for rank in 0..devices.len() {
            *comms.add(rank) = new_comm(id, rank as i32, devices.clone());
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

    /// NCCL 2.14+: a configuration made with `NCCL_CONFIG_INITIALIZER` (or NULL). The call
    /// returns once the communicator is complete, which non-blocking mode also allows.
    fn ncclCommInitRankConfig(comm: *mut ncclComm_t, nranks: i32, comm_id: ncclUniqueId, rank: i32, config: *mut c_void) {
        if !config.is_null() {
            let head = &*(config as *const ConfigHead);
            if head.magic != CONFIG_MAGIC {
                return fail(ncclInvalidArgument, "config argument not initialized by NCCL_CONFIG_INITIALIZER".into());
            }
            let _ = (head.size, head.version);
        }
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
        GROUP_DEPTH.with(|d| d.set(d.get() + 1));
        ncclSuccess
    }

    fn ncclGroupEnd() {
        let depth = GROUP_DEPTH.with(|d| d.get());
        if depth == 0 {
            return fail(ncclInvalidUsage, "ncclGroupEnd without ncclGroupStart".into());
        }
        GROUP_DEPTH.with(|d| d.set(depth - 1));
        if depth > 1 {
            return ncclSuccess;
        }
        run_pending()
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
    let g = lock(&LAST_ERROR);
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
