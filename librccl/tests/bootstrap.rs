//! ncclCommInitRank's bootstrap: ranks of one unique id (threads, one device each) meet
//! before any of them returns; a missing rank, a foreign id, a rank count that disagrees
//! or a rank checked in twice get the errors.

use amdhip64::device::hipSetDevice;
use rccl::comm::*;
use rccl::types::*;
use std::ffi::CStr;
use std::ptr::null_mut;
use std::sync::{Mutex, MutexGuard, Once};
use std::thread;
use std::time::{Duration, Instant};

const TIMEOUT_MS: u64 = 1500;

/// Four virtual devices and a short bootstrap timeout (read at first use). The tests run
/// one at a time: ncclGetLastError's message is process-wide.
fn init() -> MutexGuard<'static, ()> {
    static ONCE: Once = Once::new();
    static SERIAL: Mutex<()> = Mutex::new(());
    ONCE.call_once(|| unsafe {
        std::env::set_var("OXROCM_CPU_DEVICES", "4");
        std::env::set_var("OXROCM_RCCL_BOOTSTRAP_TIMEOUT_MS", TIMEOUT_MS.to_string());
    });
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn new_id() -> ncclUniqueId {
    let mut id = ncclUniqueId { internal: [0; NCCL_UNIQUE_ID_BYTES] };
    assert_eq!(unsafe { ncclGetUniqueId(&mut id) }, ncclSuccess);
    id
}

/// A communicator handle that can cross threads.
#[derive(Clone, Copy, Debug)]
struct Handle(usize);

/// Rank `rank` of `nranks` on device `device`, in a new thread: its result and handle.
fn spawn_rank(id: ncclUniqueId, nranks: i32, rank: i32, device: i32) -> thread::JoinHandle<(ncclResult_t, Handle)> {
    thread::spawn(move || unsafe {
        assert_eq!(hipSetDevice(device), 0);
        let mut c = null_mut();
        let r = ncclCommInitRank(&mut c, nranks, id, rank);
        (r, Handle(c as usize))
    })
}

/// (count, device, rank) of a communicator.
fn query(c: Handle) -> (i32, i32, i32) {
    let c = c.0 as ncclComm_t;
    let (mut count, mut dev, mut rank) = (-1, -1, -1);
    unsafe {
        assert_eq!(ncclCommCount(c, &mut count), ncclSuccess);
        assert_eq!(ncclCommCuDevice(c, &mut dev), ncclSuccess);
        assert_eq!(ncclCommUserRank(c, &mut rank), ncclSuccess);
    }
    (count, dev, rank)
}

fn last_error() -> String {
    unsafe { CStr::from_ptr(ncclGetLastError(null_mut())) }.to_string_lossy().into_owned()
}

#[test]
fn ranks_in_threads_meet_and_see_each_other() {
    let _serial = init();
    let id = new_id();
    // Devices in reverse rank order, started in reverse: no rank returns before the last joins.
    let started = Instant::now();
    let threads: Vec<_> = (0..4).rev().map(|r| spawn_rank(id, 4, r, 3 - r)).collect();
    let mut comms: Vec<(ncclResult_t, Handle)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    comms.reverse();
    assert!(started.elapsed() < Duration::from_millis(TIMEOUT_MS), "completed without waiting out the timeout");
    for (rank, (r, c)) in comms.iter().enumerate() {
        assert_eq!(*r, ncclSuccess, "rank {rank}: {}", last_error());
        assert_eq!(query(*c), (4, 3 - rank as i32, rank as i32));
        let comm = unsafe { &*(c.0 as *const Comm) };
        assert_eq!(comm.devices, vec![3, 2, 1, 0]);
        assert_eq!(comm.id, id.internal);
    }
    for (_, c) in comms {
        assert_eq!(unsafe { ncclCommDestroy(c.0 as ncclComm_t) }, ncclSuccess);
    }
}

#[test]
fn a_rank_waits_for_its_peers() {
    let _serial = init();
    let id = new_id();
    let first = spawn_rank(id, 2, 0, 0);
    thread::sleep(Duration::from_millis(200));
    assert!(!first.is_finished(), "rank 0 returned before rank 1 joined");
    let (r1, c1) = spawn_rank(id, 2, 1, 1).join().unwrap();
    let (r0, c0) = first.join().unwrap();
    assert_eq!((r0, r1), (ncclSuccess, ncclSuccess));
    assert_eq!((query(c0), query(c1)), ((2, 0, 0), (2, 1, 1)));
    unsafe {
        assert_eq!(ncclCommDestroy(c0.0 as ncclComm_t), ncclSuccess);
        assert_eq!(ncclCommDestroy(c1.0 as ncclComm_t), ncclSuccess);
    }
}

#[test]
fn a_missing_rank_times_out_with_a_system_error() {
    let _serial = init();
    let id = new_id();
    let started = Instant::now();
    let threads: Vec<_> = (0..2).map(|r| spawn_rank(id, 3, r, r)).collect();
    let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert!(started.elapsed() >= Duration::from_millis(TIMEOUT_MS));
    assert!(last_error().contains("of 3 ranks joined within"), "{}", last_error());
    for (r, c) in results {
        assert_eq!(r, ncclSystemError);
        let mut count = 0;
        assert_eq!(unsafe { ncclCommCount(c.0 as ncclComm_t, &mut count) }, ncclInvalidArgument, "no communicator made");
    }
    // The ranks left: the id gathers a fresh set afterwards.
    let threads: Vec<_> = (0..3).map(|r| spawn_rank(id, 3, r, r)).collect();
    for (rank, t) in threads.into_iter().enumerate() {
        let (r, c) = t.join().unwrap();
        assert_eq!(r, ncclSuccess);
        assert_eq!(query(c), (3, rank as i32, rank as i32));
        assert_eq!(unsafe { ncclCommDestroy(c.0 as ncclComm_t) }, ncclSuccess);
    }
}

#[test]
fn mismatched_rank_counts_and_duplicate_ranks_are_rejected() {
    let _serial = init();
    let id = new_id();
    let waiting = spawn_rank(id, 2, 0, 0);
    thread::sleep(Duration::from_millis(100));
    let (r, _) = spawn_rank(id, 3, 1, 1).join().unwrap();
    assert_eq!(r, ncclInvalidArgument, "rank count differs from the waiting rank's");
    let (r, _) = spawn_rank(id, 2, 0, 2).join().unwrap();
    assert_eq!(r, ncclInvalidUsage, "rank 0 twice");
    let (r1, c1) = spawn_rank(id, 2, 1, 1).join().unwrap();
    let (r0, c0) = waiting.join().unwrap();
    assert_eq!((r0, r1), (ncclSuccess, ncclSuccess), "{}", last_error());
    assert_eq!((query(c0), query(c1)), ((2, 0, 0), (2, 1, 1)));
    unsafe {
        assert_eq!(ncclCommDestroy(c0.0 as ncclComm_t), ncclSuccess);
        assert_eq!(ncclCommDestroy(c1.0 as ncclComm_t), ncclSuccess);
    }
}

#[test]
fn an_id_from_another_process_never_succeeds() {
    let _serial = init();
    let mut foreign = new_id();
    let other_pid = (std::process::id() as u64 + 1).to_le_bytes();
    foreign.internal[0..8].copy_from_slice(&other_pid);
    let started = Instant::now();
    // Even alone (one rank), and with every rank of it here.
    let (r, _) = spawn_rank(foreign, 1, 0, 0).join().unwrap();
    assert_eq!(r, ncclSystemError);
    let threads: Vec<_> = (0..2).map(|r| spawn_rank(foreign, 2, r, r)).collect();
    for t in threads {
        assert_eq!(t.join().unwrap().0, ncclSystemError);
    }
    assert!(started.elapsed() >= Duration::from_millis(2 * TIMEOUT_MS));
    assert!(last_error().contains("not created in this process"), "{}", last_error());
    let (r, _) = spawn_rank(ncclUniqueId { internal: [7; NCCL_UNIQUE_ID_BYTES] }, 1, 0, 0).join().unwrap();
    assert_eq!(r, ncclSystemError, "an id nobody made");
}

#[test]
fn ranks_of_one_thread_meet_at_group_end() {
    let _serial = init();
    let id = new_id();
    let mut comms = [null_mut(); 2];
    unsafe {
        assert_eq!(ncclGroupStart(), ncclSuccess);
        for (r, c) in comms.iter_mut().enumerate() {
            assert_eq!(hipSetDevice(r as i32 + 2), 0);
            assert_eq!(ncclCommInitRank(c, 2, id, r as i32), ncclSuccess);
        }
        let mut count = 0;
        assert_eq!(ncclCommCount(comms[0], &mut count), ncclInvalidArgument, "not usable before ncclGroupEnd");
        assert_eq!(ncclGroupEnd(), ncclSuccess);
        for (r, c) in comms.iter().enumerate() {
            assert_eq!(query(Handle(*c as usize)), (2, r as i32 + 2, r as i32));
            assert_eq!(ncclCommDestroy(*c), ncclSuccess);
        }
        // A group whose communicator lacks a rank fails at its end.
        let id = new_id();
        let mut c = null_mut();
        assert_eq!(ncclGroupStart(), ncclSuccess);
        assert_eq!(ncclCommInitRank(&mut c, 2, id, 0), ncclSuccess);
        assert_eq!(ncclGroupEnd(), ncclSystemError);
        let mut count = 0;
        assert_eq!(ncclCommCount(c, &mut count), ncclInvalidArgument);
        assert_eq!(ncclGroupEnd(), ncclInvalidUsage, "no group open");
        assert_eq!(hipSetDevice(0), 0);
    }
}

/// `ncclConfig_t` as NCCL_CONFIG_INITIALIZER fills it (NCCL 2.17 layout).
#[repr(C)]
struct Config {
    size: usize,
    magic: u32,
    version: u32,
    blocking: i32,
    cga_cluster_size: i32,
    min_ctas: i32,
    max_ctas: i32,
    net_name: *const i8,
    split_share: i32,
}

#[test]
fn config_and_multi_variants_take_the_same_path() {
    let _serial = init();
    let undef = i32::MIN;
    let mut good = Config { size: size_of::<Config>(), magic: 0xcafe_beef, version: 21703, blocking: undef, cga_cluster_size: undef, min_ctas: undef, max_ctas: undef, net_name: std::ptr::null(), split_share: undef };
    let mut bad = Config { magic: 0, ..good };
    let id = new_id();
    unsafe {
        let mut c = null_mut();
        assert_eq!(ncclCommInitRankConfig(&mut c, 1, id, 0, &mut bad as *mut Config as _), ncclInvalidArgument);
        assert_eq!(ncclCommInitRankConfig(&mut c, 1, id, 0, &mut good as *mut Config as _), ncclSuccess);
        assert_eq!(query(Handle(c as usize)), (1, 0, 0));
        assert_eq!(ncclCommDestroy(c), ncclSuccess);
        assert_eq!(ncclCommInitRankConfig(&mut c, 1, new_id(), 0, null_mut()), ncclSuccess);
        assert_eq!(ncclCommDestroy(c), ncclSuccess);
    }
    let id = new_id();
    let other = thread::spawn(move || unsafe {
        assert_eq!(hipSetDevice(1), 0);
        let mut c = null_mut();
        (ncclCommInitRankMulti(&mut c, 2, id, 1, 0), Handle(c as usize))
    });
    let mut c0 = null_mut();
    assert_eq!(unsafe { ncclCommInitRankMulti(&mut c0, 2, id, 0, 0) }, ncclSuccess);
    let (r1, c1) = other.join().unwrap();
    assert_eq!(r1, ncclSuccess);
    assert_eq!((query(Handle(c0 as usize)), query(c1)), ((2, 0, 0), (2, 1, 1)));
    unsafe {
        assert_eq!(ncclCommDestroy(c0), ncclSuccess);
        assert_eq!(ncclCommDestroy(c1.0 as ncclComm_t), ncclSuccess);
    }
}
