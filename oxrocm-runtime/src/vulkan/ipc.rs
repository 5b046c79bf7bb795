//! Device memory shared between processes on the Vulkan backend (`hipIpcGetMemHandle`).
//!
//! An exported allocation's memory is a Vulkan opaque file descriptor. File descriptors
//! cannot travel inside a 64-byte handle, so the exporting process answers requests on an
//! abstract Unix socket named after its pid (started on the first export) and passes the
//! descriptor with `SCM_RIGHTS`. Unlike `pidfd_getfd`, this needs no ptrace rights, so
//! sibling processes (MPI ranks, RCCL's test workers) can import from each other.
//!
//! Handle payload: `b"oxvk"`, exporter pid (u32), export id, size the program asked
//! for, Vulkan allocation size (u64 each), memory type index (u32) — all little-endian.
//! The handle is outside data: the exporter sends its own copy of the shape after the
//! descriptor, and an importer whose handle disagrees refuses it (Vulkan's import of
//! memory with another allocation size or type is undefined behaviour).

use crate::error::{HipError, Result};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::linux::net::SocketAddrExt;
use std::os::unix::net::{SocketAddr, UnixListener, UnixStream};
use std::sync::atomic::{AtomicU64, Ordering};

const MAGIC: &[u8; 4] = b"oxvk";
const PAYLOAD_LEN: usize = 36;

/// What an importer needs besides the descriptor: the memory must be imported with the
/// exporter's allocation size and memory type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub size: u64,
    pub alloc_size: u64,
    pub type_index: u32,
}

struct Export {
    fd: OwnedFd,
    shape: Shape,
}

const SHAPE_LEN: usize = 20;

fn shape_bytes(s: Shape) -> [u8; SHAPE_LEN] {
    let mut b = [0u8; SHAPE_LEN];
    b[..8].copy_from_slice(&s.size.to_le_bytes());
    b[8..16].copy_from_slice(&s.alloc_size.to_le_bytes());
    b[16..].copy_from_slice(&s.type_index.to_le_bytes());
    b
}

static EXPORTS: Mutex<Option<HashMap<u64, Export>>> = Mutex::new(None);
static NEXT: AtomicU64 = AtomicU64::new(1);
/// Pid whose server is running (after `fork` a child has none until it exports).
static SERVING: Mutex<u32> = Mutex::new(0);

fn socket_addr(pid: u32) -> std::io::Result<SocketAddr> {
    SocketAddr::from_abstract_name(format!("oxrocm-ipc-{pid}").as_bytes())
}

fn encode(pid: u32, id: u64, s: Shape) -> Vec<u8> {
    let mut p = Vec::with_capacity(PAYLOAD_LEN);
    p.extend_from_slice(MAGIC);
    p.extend_from_slice(&pid.to_le_bytes());
    p.extend_from_slice(&id.to_le_bytes());
    p.extend_from_slice(&s.size.to_le_bytes());
    p.extend_from_slice(&s.alloc_size.to_le_bytes());
    p.extend_from_slice(&s.type_index.to_le_bytes());
    p
}

fn decode(p: &[u8]) -> Result<(u32, u64, Shape)> {
    if p.len() < PAYLOAD_LEN || &p[..4] != MAGIC {
        return Err(HipError::INVALID_VALUE);
    }
    let u32_at = |o: usize| u32::from_le_bytes(p[o..o + 4].try_into().unwrap_or_default());
    let u64_at = |o: usize| u64::from_le_bytes(p[o..o + 8].try_into().unwrap_or_default());
    Ok((u32_at(4), u64_at(8), Shape { size: u64_at(16), alloc_size: u64_at(24), type_index: u32_at(32) }))
}

/// Starts this process's server if it is not running yet.
fn ensure_server() -> Result<()> {
    let pid = std::process::id();
    let mut serving = SERVING.lock();
    if *serving == pid {
        return Ok(());
    }
    let listener = socket_addr(pid).and_then(|a| UnixListener::bind_addr(&a)).map_err(|e| {
        crate::log_at!(1, "hipIpcGetMemHandle: cannot open the IPC socket: {e}");
        HipError::MAP_FAILED
    })?;
    std::thread::Builder::new()
        .name("oxrocm-ipc".into())
        .spawn(move || serve(listener))
        .map_err(|_| HipError::OUT_OF_MEMORY)?;
    *serving = pid;
    Ok(())
}

/// Answers each connection: 8 bytes of export id in, the descriptor out (or, for an
/// unknown or withdrawn id, one byte and no descriptor).
fn serve(listener: UnixListener) {
    for conn in listener.incoming() {
        let Ok(mut conn) = conn else { continue };
        let mut id = [0u8; 8];
        if conn.read_exact(&mut id).is_err() {
            continue;
        }
        let found = EXPORTS.lock().as_ref().and_then(|m| m.get(&u64::from_le_bytes(id)).map(|e| (e.fd.as_raw_fd(), e.shape)));
        // The descriptor is sent while the table lock is not held; a concurrent withdraw
        // could close it, so send a duplicate.
        let dup = found.and_then(|(fd, shape)| {
            let d = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
            (d >= 0).then_some((d, shape))
        });
        match dup {
            Some((d, shape)) => {
                let owned = unsafe { OwnedFd::from_raw_fd(d) };
                if send_fd(&conn, owned.as_raw_fd()).is_ok() {
                    let _ = conn.write_all(&shape_bytes(shape));
                }
            }
            None => {
                let _ = conn.write_all(&[0]);
            }
        }
    }
}

/// Control-buffer bytes for one descriptor.
fn control_len() -> usize {
    unsafe { libc::CMSG_SPACE(std::mem::size_of::<RawFd>() as u32) as usize }
}

/// A one-byte message with room for one descriptor.
fn message(iov: &mut libc::iovec, control: &mut [u8]) -> libc::msghdr {
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = control.len() as _;
    msg
}

fn send_fd(conn: &UnixStream, fd: RawFd) -> std::io::Result<()> {
    let mut byte = [1u8];
    let mut iov = libc::iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
    let mut control = vec![0u8; control_len()];
    let msg = message(&mut iov, &mut control);
    unsafe {
        let cmsg = libc::CMSG_FIRSTHDR(&msg);
        (*cmsg).cmsg_level = libc::SOL_SOCKET;
        (*cmsg).cmsg_type = libc::SCM_RIGHTS;
        (*cmsg).cmsg_len = libc::CMSG_LEN(std::mem::size_of::<RawFd>() as u32) as _;
        std::ptr::write_unaligned(libc::CMSG_DATA(cmsg) as *mut RawFd, fd);
        if libc::sendmsg(conn.as_raw_fd(), &msg, libc::MSG_NOSIGNAL) < 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

fn recv_fd(conn: &UnixStream) -> std::io::Result<Option<OwnedFd>> {
    let mut byte = [0u8];
    let mut iov = libc::iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
    let mut control = vec![0u8; control_len()];
    let mut msg = message(&mut iov, &mut control);
    unsafe {
        if libc::recvmsg(conn.as_raw_fd(), &mut msg, libc::MSG_CMSG_CLOEXEC) < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let cmsg = libc::CMSG_FIRSTHDR(&msg);
        if byte[0] != 1 || cmsg.is_null() || (*cmsg).cmsg_type != libc::SCM_RIGHTS {
            return Ok(None);
        }
        Ok(Some(OwnedFd::from_raw_fd(std::ptr::read_unaligned(libc::CMSG_DATA(cmsg) as *const RawFd))))
    }
}

/// Offers `fd` (the exported memory, owned from now on) to other processes; returns the
/// handle payload.
pub fn publish(fd: OwnedFd, shape: Shape) -> Result<Vec<u8>> {
    ensure_server()?;
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    EXPORTS.lock().get_or_insert_with(HashMap::new).insert(id, Export { fd, shape });
    Ok(encode(std::process::id(), id, shape))
}

/// The exporter's descriptor and the memory's shape, fetched from the exporting process.
pub fn fetch(payload: &[u8]) -> Result<(OwnedFd, Shape)> {
    let (pid, id, shape) = decode(payload)?;
    let addr = socket_addr(pid).map_err(|_| HipError::INVALID_VALUE)?;
    let mut conn = UnixStream::connect_addr(&addr).map_err(|e| {
        crate::log_at!(1, "hipIpcOpenMemHandle: exporting process {pid} does not answer: {e}");
        HipError::INVALID_VALUE
    })?;
    conn.write_all(&id.to_le_bytes()).map_err(|_| HipError::INVALID_VALUE)?;
    let fd = match recv_fd(&conn) {
        Ok(Some(fd)) => fd,
        _ => return Err(HipError::INVALID_VALUE),
    };
    let mut theirs = [0u8; SHAPE_LEN];
    conn.read_exact(&mut theirs).map_err(|_| HipError::INVALID_VALUE)?;
    if theirs != shape_bytes(shape) {
        crate::log_at!(1, "hipIpcOpenMemHandle: the handle's size or memory type is not the exporter's");
        return Err(HipError::INVALID_VALUE);
    }
    Ok((fd, shape))
}

/// The exporter freed the memory: later requests for it are refused.
pub fn withdraw(payload: &[u8]) {
    if let Ok((pid, id, _)) = decode(payload)
        && pid == std::process::id()
        && let Some(m) = EXPORTS.lock().as_mut()
    {
        m.remove(&id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_round_trips_and_rejects_foreign_bytes() {
        let s = Shape { size: 400_000, alloc_size: 401_408, type_index: 3 };
        let p = encode(1234, 7, s);
        assert!(p.len() <= crate::backend::IPC_PAYLOAD);
        assert_eq!(decode(&p).unwrap(), (1234, 7, s));
        assert!(decode(&[0x5a; 48]).is_err());
    }

    #[test]
    fn a_published_descriptor_reaches_another_connection() {
        // A memfd stands in for Vulkan memory: what arrives must be the same file.
        let fd = unsafe { libc::memfd_create(c"oxrocm-ipc-test".as_ptr(), 0) };
        assert!(fd >= 0);
        assert_eq!(unsafe { libc::ftruncate(fd, 4096) }, 0);
        assert_eq!(unsafe { libc::pwrite(fd, b"oxrocm".as_ptr().cast(), 6, 0) }, 6);
        let s = Shape { size: 4096, alloc_size: 4096, type_index: 0 };
        let payload = publish(unsafe { OwnedFd::from_raw_fd(fd) }, s).unwrap();
        let (got, shape) = fetch(&payload).unwrap();
        assert_eq!(shape, s);
        let mut buf = [0u8; 6];
        assert_eq!(unsafe { libc::pread(got.as_raw_fd(), buf.as_mut_ptr().cast(), 6, 0) }, 6);
        assert_eq!(&buf, b"oxrocm");
        // A handle whose shape was changed after export is refused.
        for (at, flip) in [(16, 0x10u8), (24, 0x01), (32, 0x02)] {
            let mut tampered = payload.clone();
            tampered[at] ^= flip;
            assert!(fetch(&tampered).is_err(), "byte {at}");
        }
        withdraw(&payload);
        assert!(fetch(&payload).is_err());
    }
}
