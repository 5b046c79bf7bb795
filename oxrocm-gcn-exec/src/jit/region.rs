//! The code one compiled function covers: every instruction reachable from a start
//! address through fall-through and direct branches, without following calls (a call's
//! target is another function, entered through the driver). Where a wave may leave the
//! function and come back (after a barrier, a call, any other program-flow instruction),
//! the next instruction is an entry the driver can start the function at; so are the
//! stores a wave may park before and the targets of backward jumps, where it may yield
//! ([`crate::catchup`]).

use crate::fast::{BranchIf, Fast};
use crate::interp::Interp;
use std::collections::{BTreeMap, BTreeSet};

/// Reachable code from one start address.
pub struct Region {
    /// Reached instructions by address, with their index in the program's code.
    pub insts: BTreeMap<u64, usize>,
    /// Addresses where a block of the compiled function begins: the start, branch
    /// targets, the instruction after a conditional branch, and the entries.
    pub leaders: BTreeSet<u64>,
    /// Addresses the driver may enter at, the start first; the function takes the index.
    pub entries: Vec<u64>,
}

/// Program-flow instructions after which the wave ends for good (no entry follows).
fn ends_flow(name: &str) -> bool {
    matches!(name, "s_endpgm" | "s_setpc_b64")
}

/// Explores `program` from `start`, taking in at most `cap` instructions; successors left
/// out become exits to the driver.
pub fn discover(program: &Interp, start: u64, cap: usize) -> Region {
    let mut r = Region { insts: BTreeMap::new(), leaders: BTreeSet::from([start]), entries: vec![start] };
    let mut entries = BTreeSet::from([start]);
    let mut entry = |r: &mut Region, pc: u64| {
        if entries.insert(pc) {
            r.entries.push(pc);
        }
        r.leaders.insert(pc);
    };
    let mut work = vec![start];
    while let Some(mut pc) = work.pop() {
        while r.insts.len() < cap && !r.insts.contains_key(&pc) {
            let Some((at, i)) = program.inst_at(pc) else { break };
            r.insts.insert(pc, at);
            let next = pc + i.len as u64;
            // A wave may park before a store and come back in there (`catchup`).
            if i.shared_store {
                entry(&mut r, pc);
            }
            if i.pair.is_some() {
                pc = next;
                continue;
            }
            match i.fast {
                Fast::Branch(b) => {
                    let target = next.wrapping_add_signed(i.offset as i64 * 4);
                    r.leaders.insert(target);
                    // A wave may yield at a backward jump and come back in at its target.
                    if target <= pc {
                        entry(&mut r, target);
                    }
                    work.push(target);
                    if matches!(b, BranchIf::Always) {
                        break;
                    }
                    r.leaders.insert(next);
                }
                Fast::Flow if ends_flow(i.name) => break,
                Fast::Flow => entry(&mut r, next),
                _ => {}
            }
            pc = next;
        }
    }
    r
}
