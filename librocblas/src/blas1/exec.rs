//! Running Level-1 work in stream order on the handle's stream.
//!
//! Library code never touches device memory itself: an operation declares the device ranges
//! it reads and writes and is queued with `oxrocm_private_v1_enqueue_compute`; its closure
//! maps device addresses to host memory through the runtime's view (identity on the CPU
//! backend, staged copies on Vulkan). Pointer arrays of batched calls are brought to the host
//! first (a copy in stream order plus a stream synchronization), so that every vector's range
//! is known when the work is queued.

use crate::auxiliary::status_from_hip;
use crate::hip;
use crate::types::*;
use std::ffi::c_void;

pub type Status<T = ()> = Result<T, rocblas_status>;

/// The device ranges an operation touches.
#[derive(Default)]
pub struct Access {
    ranges: Vec<(u64, usize, bool)>,
}

impl Access {
    pub fn read(&mut self, addr: u64, len: usize) {
        if len > 0 {
            self.ranges.push((addr, len, false));
        }
    }
    pub fn write(&mut self, addr: u64, len: usize) {
        if len > 0 {
            self.ranges.push((addr, len, true));
        }
    }
}

/// Host access to the declared ranges while an operation runs.
pub struct View {
    inner: oxrocm_ffi::private::View,
}

impl View {
    /// Host address of device address `addr` (inside a declared range; a range is
    /// contiguous on the host, so element pointers may be offset from it).
    pub fn ptr<T>(&self, addr: u64) -> *mut T {
        self.inner.ptr(addr)
    }
    /// Start of vector `b` of `bases`.
    pub fn base(&self, bases: &Bases, b: usize) -> u64 {
        bases.at(&|a| self.ptr::<u8>(a), b)
    }
}

/// Queues `work` on `stream` after everything queued before it.
pub fn enqueue(
    stream: hipStream_t,
    access: Access,
    work: impl Fn(&View) + Send + Sync + 'static,
) -> Status {
    match oxrocm_ffi::private::enqueue(stream, "rocblas", access.ranges, move |v| {
        work(&View { inner: *v });
        0
    }) {
        0 => Ok(()),
        e => Err(status_from_hip(e)),
    }
}

pub fn sync(stream: hipStream_t) -> Status {
    match unsafe { hip::hipStreamSynchronize(stream) } {
        0 => Ok(()),
        e => Err(status_from_hip(e)),
    }
}

/// Copies `count` values of device memory at `src` to the host, in stream order.
pub fn read_device<T: Copy + Default>(
    stream: hipStream_t,
    src: u64,
    count: usize,
) -> Status<Vec<T>> {
    let mut out = vec![T::default(); count];
    if count == 0 {
        return Ok(out);
    }
    let bytes = count * size_of::<T>();
    let rc = unsafe {
        hip::hipMemcpyAsync(
            out.as_mut_ptr().cast(),
            src as *const c_void,
            bytes,
            hip::hipMemcpyDeviceToHost,
            stream,
        )
    };
    if rc != 0 {
        return Err(status_from_hip(rc));
    }
    sync(stream)?;
    Ok(out)
}

/// Zeroes `bytes` of device memory in stream order.
pub fn zero_device(stream: hipStream_t, dst: u64, bytes: usize) -> Status {
    match unsafe { hip::hipMemsetAsync(dst as *mut c_void, 0, bytes, stream) } {
        0 => Ok(()),
        e => Err(status_from_hip(e)),
    }
}

/// Where the vectors of a batch start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Src {
    /// `ptr + b * stride` elements (a single vector is stride 0, batch 1).
    Strided(u64, i64),
    /// A device array of `batch_count` pointers.
    Array(u64),
    /// A device array of pointers, each entry shifted by a byte offset (the element offsets
    /// rocBLAS's internal templates take with pointer arrays).
    ArrayAt(u64, i64),
}

impl Src {
    pub fn strided<T>(p: *const T, stride: i64) -> Src {
        Src::Strided(p as u64, stride)
    }
    pub fn array<P>(p: *const P) -> Src {
        Src::Array(p as u64)
    }
    pub fn is_null(&self) -> bool {
        match *self {
            Src::Strided(p, _) | Src::Array(p) | Src::ArrayAt(p, _) => p == 0,
        }
    }
    /// `elems` elements of `elem` bytes past each start: the pointer moves for a strided
    /// batch, each array entry for a pointer array. A null pointer stays null (rocBLAS
    /// checks pointers before it adds offsets).
    pub fn offset(self, elems: i64, elem: usize) -> Src {
        let bytes = elems * elem as i64;
        match self {
            Src::Strided(0, _) => self,
            Src::Strided(p, s) => Src::Strided(p.wrapping_add_signed(bytes), s),
            Src::Array(p) if bytes == 0 => Src::Array(p),
            Src::Array(p) => Src::ArrayAt(p, bytes),
            Src::ArrayAt(p, o) => Src::ArrayAt(p, o + bytes),
        }
    }
    /// Batch entry `b` alone, as a batch of one (a null pointer stays null).
    pub fn entry(self, b: usize, elem: usize) -> Src {
        match self {
            Src::Strided(0, _) | Src::Array(0) | Src::ArrayAt(0, _) => self,
            Src::Strided(p, s) => {
                Src::Strided(p.wrapping_add_signed(b as i64 * s * elem as i64), 0)
            }
            Src::Array(p) => Src::Array(p + 8 * b as u64),
            Src::ArrayAt(p, o) => Src::ArrayAt(p + 8 * b as u64, o),
        }
    }
    /// The start address of each of `batch` vectors of `elem`-byte elements. A device
    /// pointer array is read now (in stream order), except while the stream is being
    /// captured into a graph: then it is read when the work runs.
    pub fn bases(&self, elem: usize, batch: usize, stream: hipStream_t) -> Status<Bases> {
        match *self {
            Src::Strided(p, stride) => Ok(Bases::Known(
                (0..batch)
                    .map(|b| p.wrapping_add_signed(b as i64 * stride * elem as i64))
                    .collect(),
            )),
            Src::Array(p) | Src::ArrayAt(p, _) if capturing(stream) => {
                Ok(Bases::Late(p, batch, self.shift()))
            }
            Src::Array(p) | Src::ArrayAt(p, _) => {
                let shift = self.shift();
                Ok(Bases::Known(
                    read_device::<u64>(stream, p, batch)?
                        .into_iter()
                        .map(|a| a.wrapping_add_signed(shift))
                        .collect(),
                ))
            }
        }
    }
    /// Bytes added to each entry of a pointer array.
    fn shift(&self) -> i64 {
        if let Src::ArrayAt(_, o) = *self { o } else { 0 }
    }
}

/// Whether `stream` is being captured into a graph.
pub(crate) fn capturing(stream: hipStream_t) -> bool {
    let mut status = 0;
    unsafe { hip::hipStreamIsCapturing(stream, &mut status) == 0 && status != 0 }
}

/// Where the vectors of a batch start: known addresses, or a device pointer array read
/// when the work runs (graph capture; the vectors are then reached through the runtime's
/// view without declared ranges, which backends that stage copy in on first touch), its
/// entries shifted by a byte offset.
#[derive(Clone, Debug)]
pub enum Bases {
    Known(Vec<u64>),
    Late(u64, usize, i64),
}

impl Bases {
    /// Start of vector `b`; `map` turns a device address into a host one.
    pub fn at(&self, map: &dyn Fn(u64) -> *mut u8, b: usize) -> u64 {
        match self {
            Bases::Known(v) => v[b],
            Bases::Late(array, _, shift) => {
                unsafe { (map(array + 8 * b as u64) as *const u64).read_unaligned() }
                    .wrapping_add_signed(*shift)
            }
        }
    }
    /// Declares the vectors (`span` bytes from each start), or the pointer array itself.
    pub fn declare(&self, acc: &mut Access, span: usize, write: bool) {
        match self {
            Bases::Known(v) => {
                for &b in v {
                    if write {
                        acc.write(b, span)
                    } else {
                        acc.read(b, span)
                    }
                }
            }
            Bases::Late(array, n, _) => acc.read(*array, 8 * n),
        }
    }
}

/// A strided vector of `n` elements: BLAS order, negative increments start at the end.
#[derive(Clone, Copy, Debug)]
pub struct Strided {
    pub n: usize,
    pub inc: i64,
}

impl Strided {
    pub fn new(n: i64, inc: i64) -> Self {
        Strided {
            n: n.max(0) as usize,
            inc,
        }
    }
    /// Bytes from the lowest to past the highest element.
    pub fn span(&self, elem: usize) -> usize {
        if self.n == 0 {
            0
        } else {
            ((self.n - 1) * self.inc.unsigned_abs() as usize + 1) * elem
        }
    }
    /// Element offset of logical element `i` from the lowest address.
    #[inline]
    pub fn off(&self, i: usize) -> usize {
        if self.inc >= 0 {
            i * self.inc as usize
        } else {
            (self.n - 1 - i) * self.inc.unsigned_abs() as usize
        }
    }
}

/// One vector of a running operation, in host memory.
pub struct HVec<T> {
    p: *mut T,
    s: Strided,
}

impl<T: Copy> HVec<T> {
    pub fn new(view: &View, base: u64, s: Strided) -> Self {
        HVec {
            p: view.ptr(base),
            s,
        }
    }
    #[inline]
    pub fn get(&self, i: usize) -> T {
        unsafe { self.p.add(self.s.off(i)).read_unaligned() }
    }
    #[inline]
    pub fn set(&self, i: usize, v: T) {
        unsafe { self.p.add(self.s.off(i)).write_unaligned(v) }
    }
}

/// A scalar argument: a value read at call time (host pointer mode) or device memory
/// read when the operation runs (device pointer mode).
#[derive(Clone, Copy)]
pub enum Scalar<T> {
    Host(T),
    Dev(u64),
}

impl<T: Copy> Scalar<T> {
    /// `p` under the handle's pointer mode; declares the read of a device scalar.
    pub unsafe fn new(p: *const T, mode: rocblas_pointer_mode, access: &mut Access) -> Self {
        if mode == rocblas_pointer_mode_device {
            access.read(p as u64, size_of::<T>());
            Scalar::Dev(p as u64)
        } else {
            Scalar::Host(unsafe { p.read_unaligned() })
        }
    }
    pub fn get(&self, view: &View) -> T {
        match *self {
            Scalar::Host(v) => v,
            Scalar::Dev(a) => unsafe { view.ptr::<T>(a).read_unaligned() },
        }
    }
}

/// Where reductions put their `batch` results: host memory (written when the work runs;
/// the call waits for the stream, as rocBLAS does, except while the stream is captured into
/// a graph, whose launches write it) or device memory (written in stream order).
pub enum Results<R> {
    Host(u64),
    Dev(u64),
    #[doc(hidden)]
    _Type(std::marker::PhantomData<R>),
}

impl<R: Copy> Results<R> {
    pub fn new(p: *mut R, batch: usize, mode: rocblas_pointer_mode, access: &mut Access) -> Self {
        if mode == rocblas_pointer_mode_device {
            access.write(p as u64, batch * size_of::<R>());
            Results::Dev(p as u64)
        } else {
            Results::Host(p as u64)
        }
    }
    /// The writer the queued work uses.
    pub fn sink(&self) -> Sink<R> {
        match self {
            Results::Host(a) => Sink {
                addr: *a,
                host: true,
                _t: std::marker::PhantomData,
            },
            Results::Dev(a) => Sink {
                addr: *a,
                host: false,
                _t: std::marker::PhantomData,
            },
            Results::_Type(_) => unreachable!(),
        }
    }
    /// After queuing: host results wait for the stream.
    pub fn finish(self, stream: hipStream_t) -> Status {
        if let Results::Host(_) = self
            && !capturing(stream)
        {
            sync(stream)?;
        }
        Ok(())
    }
}

pub struct Sink<R> {
    addr: u64,
    host: bool,
    _t: std::marker::PhantomData<fn(R)>,
}

impl<R: Copy> Sink<R> {
    pub fn put(&self, view: &View, b: usize, v: R) {
        let p = if self.host {
            self.addr as *mut R
        } else {
            view.ptr::<R>(self.addr)
        };
        unsafe { p.add(b).write_unaligned(v) }
    }
}

/// Zero results of an empty reduction (n <= 0): memset in stream order or on the host now.
pub fn zero_results<R>(
    p: *mut R,
    batch: usize,
    mode: rocblas_pointer_mode,
    stream: hipStream_t,
) -> Status {
    if batch == 0 {
        return Ok(());
    }
    if mode == rocblas_pointer_mode_device {
        zero_device(stream, p as u64, batch * size_of::<R>())
    } else {
        unsafe { std::ptr::write_bytes(p, 0, batch) };
        Ok(())
    }
}
