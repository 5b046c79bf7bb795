//! Where a wave lets the other waves of its workgroup catch up.
//!
//! Here a workgroup's waves take turns, each running until it ends or reaches a barrier
//! ([`crate::workgroup`]); on hardware they run side by side, a few instructions apart.
//! Code written for 64-lane waves and built for 32-lane ones can lean on that without
//! knowing. rocSPARSE's `bsrgemm_block_per_row_atomic_multipass` is one: the 64 threads
//! that share a row of A each read the row's workspace entry, loop, and write the
//! entry's next value, with no barrier between the read and the write. On a gfx11 GPU
//! both 32-lane halves read before either writes (the write comes after the loop); taking
//! turns, the first half would write before the second half read, and the second half
//! would skip the products of the chunk (a quarter of C's values came out 0).
//!
//! So a wave's first store to memory other waves read (global, flat or buffer, not
//! atomics, which are meant to race) after the workgroup's last barrier waits: the wave
//! yields there, the other running waves go on until they yield the same way, reach the
//! barrier or end, and then the stores go ahead. Each wave of a workgroup of several
//! yields at most once per barrier interval; a workgroup of one wave never does.

use crate::ir::Inst;
use crate::wave::Wave;

/// Whether `name` stores to memory the workgroup's other waves (or other workgroups) read:
/// global, flat and buffer stores. LDS and scratch stores are not, nor atomics.
pub fn is_shared_store(name: &str) -> bool {
    ["global_store", "flat_store", "buffer_store", "tbuffer_store"].iter().any(|p| name.starts_with(p))
}

/// Whether `w` must yield before running `i`; if so, notes that it did (its next stores
/// in this barrier interval go ahead).
#[inline(always)]
pub fn yields_before(i: &Inst, w: &mut Wave) -> bool {
    if w.hold_stores && i.shared_store {
        w.hold_stores = false;
        return true;
    }
    false
}
