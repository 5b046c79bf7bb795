//! CPU execution of AMDGCN kernels, one wave at a time: a wave's 32 or 64 lanes are data
//! (vectors of registers), not threads. This crate holds the machine state and the launch
//! structure; what each instruction does is a [`Program`]'s business.
//!
//! - [`wave`]: a wave's registers (SGPRs, VGPRs, EXEC, VCC, SCC, M0, PC).
//! - [`memory`]: device memory as the CPU backend holds it (device address = host
//!   address), with an optional bounds check against the live allocations.
//! - [`workgroup`]: a workgroup's waves, its LDS, its scratch, barriers.
//! - [`lower`]: decoded machine code (`oxrocm-amdgcn`) into the interpreter's [`ir`].
//! - [`dispatch`]: the initial register state a kernel descriptor asks for, and the grid
//!   run across threads.
//! - [`call`]: a device function (not a kernel) called for many lanes, a wave at a time.

#[macro_use]
mod access;
pub mod cache;
pub mod call;
mod catchup;
pub mod dispatch;
mod fast;
mod fast_cmp;
pub mod hostcall;
pub mod interp;
pub mod ir;
pub mod jit;
pub mod lanes;
mod lanesel;
mod masks;
mod memfast;
pub mod lower;
mod memops;
pub mod memory;
pub mod printf;
pub mod scalar;
mod true16;
pub mod vector16;
pub mod vector_ext;
pub mod vector_float;
pub mod vector_int;
pub mod vector_wmma;
pub mod wave;
pub mod workgroup;

pub use memory::{Fault, Memory};
pub use wave::Wave;
pub use workgroup::{Program, Stop, Trap, WaveCtx};
pub use oxrocm_amdgcn::Target;
