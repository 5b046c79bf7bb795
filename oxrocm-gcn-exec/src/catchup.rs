//! Where a wave lets the other waves of its workgroup catch up.
//!
//! Here a workgroup's waves take turns on one thread ([`crate::workgroup`]); on hardware
//! they run side by side, a few instructions apart. Two kinds of code notice the
//! difference, and the scheduler gives each what hardware would.
//!
//! Code written for 64-lane waves and built for 32-lane ones can read, in every wave, a
//! word that the waves later overwrite. rocSPARSE's `bsrgemm_block_per_row_atomic_multipass`
//! does: the 64 threads that share a row of A each read the row's workspace entry, loop,
//! and write the entry's next value, with no barrier between the read and the write. On a
//! gfx11 GPU both 32-lane halves read before either writes (the write comes after the
//! loop); if the first half ran to its barrier before the second began, the second would
//! read the new value and skip the chunk's products (a quarter of C's values came out 0).
//! So a wave *parks* before its first store to memory others read (global, flat or
//! buffer) after the workgroup's last barrier: it yields there, and the other waves have
//! their turn first. Each wave parks at most once per barrier interval.
//!
//! Waves also wait for each other: rocSPARSE's csrsv solves a row in each wave and spins,
//! on a flag in global or shared memory, until the waves of the rows it needs are done.
//! Taking turns in order, those (earlier) waves used to finish first; a parked one would
//! leave the spinning wave waiting forever. So a wave also yields every [`SLICE`]
//! backward jumps while other waves of its workgroup can run: any loop, a spin among
//! them, gives the others their turn, and every wait ends as on hardware. A loop pays for
//! one switch per slice.

use crate::ir::Inst;
use crate::wave::Wave;

/// Backward jumps a wave takes between yields while other waves of its workgroup can run.
pub const SLICE: u32 = 4096;

/// Whether `name` stores to memory other waves read: global, flat and buffer stores (not
/// LDS or scratch stores, nor atomics, which are meant to race).
pub fn is_shared_store(name: &str) -> bool {
    ["global_store", "flat_store", "buffer_store", "tbuffer_store"].iter().any(|p| name.starts_with(p))
}

/// Whether `w` parks before running `i`; if so, notes that it did (its next stores in
/// this barrier interval go ahead).
#[inline(always)]
pub fn parks_before(i: &Inst, w: &mut Wave) -> bool {
    if w.hold_stores && i.shared_store {
        w.hold_stores = false;
        return true;
    }
    false
}

/// Counts a backward jump of `w`: whether its slice is used up (it yields at the jump's
/// target, and the workgroup starts its next slice when it runs it again).
#[inline(always)]
pub fn backedge(w: &mut Wave) -> bool {
    w.backedges_left = w.backedges_left.saturating_sub(1);
    w.backedges_left == 0
}

/// The slice a wave starts a run with: [`SLICE`] if other waves can run meanwhile, else
/// (practically) no limit.
pub fn slice(others_runnable: bool) -> u32 {
    if others_runnable { SLICE } else { u32::MAX }
}
