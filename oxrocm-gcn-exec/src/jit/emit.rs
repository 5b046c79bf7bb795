//! Translation of a [`Region`] into one host function (Cranelift IR, then machine code).
//!
//! The function takes the frame and an entry index; a jump table at its start reaches the
//! entry's block. Each leader of the region is a block; instructions follow in address
//! order, falling through as the wave would. Branches test SCC/VCC/EXEC in place. Whatever
//! [`super::inline`] does not translate is a call to [`super::calls::exec`], after which a
//! non-zero status returns to the driver. A successor outside the region stores its
//! address as the wave's PC and returns `JUMP`.

use super::region::Region;
use super::{Compiled, FRAME_VGPR, FRAME_WAVE, calls, status};
use crate::fast::{BranchIf, Fast};
use crate::interp::Interp;
use crate::ir::Inst;
use cranelift_codegen::ir::{AbiParam, Block, BlockArg, InstBuilder, JumpTableData, MemFlagsData, Signature, Value, condcodes::IntCC, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module as _};
use std::collections::HashMap;

/// Byte offsets of the wave's registers, for compiled loads and stores.
pub(crate) mod off {
    use crate::wave::Wave;
        pub const PC: i32 = std::mem::offset_of!(Wave, pc) as i32;
    pub const EXEC: i32 = std::mem::offset_of!(Wave, exec) as i32;
    pub const VCC: i32 = std::mem::offset_of!(Wave, vcc) as i32;
    pub const SCC: i32 = std::mem::offset_of!(Wave, scc) as i32;
    pub const M0: i32 = std::mem::offset_of!(Wave, m0) as i32;
    pub const SGPR: i32 = std::mem::offset_of!(Wave, sgpr) as i32;
    pub const MODE: i32 = std::mem::offset_of!(Wave, mode) as i32;
    pub const BACKEDGES: i32 = std::mem::offset_of!(Wave, backedges_left) as i32;
}

/// Flags of the wave's own registers: never trapping (live, exclusive), maybe unaligned.
pub(crate) fn mem() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

/// The host code generator and the code it made (freed with it).
pub struct Module {
    /// Dropped by `free_memory` (which takes it by value) when the module goes.
    jit: std::mem::ManuallyDrop<JITModule>,
    fctx: FunctionBuilderContext,
    made: usize,
}

// SAFETY: the module is only used under the `Jit`'s mutex; the code it made is immutable.
unsafe impl Send for Module {}

impl Module {
    pub fn new() -> Result<Module, String> {
        let mut flags = settings::builder();
        flags.set("opt_level", "speed").map_err(|e| e.to_string())?;
        // The IR is checked by the differential tests, not at every compile (the verifier
        // costs as much as the rest).
        flags.set("enable_verifier", "false").map_err(|e| e.to_string())?;
        // The backtracking register allocator: the single-pass one compiles 2-3 times
        // faster but gives every value its own spill slot, and a large region's frame then
        // outgrew a 2 MiB thread stack (rocPRIM's merge sort).
        let isa = cranelift_native::builder()?.finish(settings::Flags::new(flags)).map_err(|e| e.to_string())?;
        let jit = JITModule::new(JITBuilder::with_isa(isa, cranelift_module::default_libcall_names()));
        Ok(Module { jit: std::mem::ManuallyDrop::new(jit), fctx: FunctionBuilderContext::new(), made: 0 })
    }

    /// Compiles `region` of `program` for waves of `lanes` lanes.
    /// Returns the function, the number of VGPRs a wave needs to run it, and how many of
    /// the region's instructions became inline code.
    pub fn compile(&mut self, program: &Interp, region: &Region, lanes: usize) -> Result<(Compiled, usize, u32), String> {
        let ptr = self.jit.target_config().pointer_type();
        let mut ctx = self.jit.make_context();
        ctx.func.signature.params.push(AbiParam::new(ptr));
        ctx.func.signature.params.push(AbiParam::new(types::I32));
        ctx.func.signature.returns.push(AbiParam::new(types::I32));
        let mut handler = Signature::new(self.jit.isa().default_call_conv());
        for t in [ptr, ptr, types::I64] {
            handler.params.push(AbiParam::new(t));
        }
        handler.returns.push(AbiParam::new(types::I32));
        let frontend = self.jit.isa().frontend_config();
        let (vgprs, inlined);
        {
            let b = FunctionBuilder::new(&mut ctx.func, &mut self.fctx);
            let mut e = Emitter::start(b, handler, lanes);
            e.region(program, region);
            vgprs = e.max_vgpr as usize + 1;
            inlined = e.inlined;
            if super::log_level() >= 4 {
                let mut called: Vec<_> = e.called.iter().collect();
                called.sort_by(|a, b| b.1.cmp(a.1));
                let list: Vec<String> = called.iter().map(|(n, c)| format!("{n} {c}")).collect();
                eprintln!("oxrocm: AMDGCN compiler: left to the interpreter: {}", list.join(", "));
            }
            e.b.seal_all_blocks();
            e.b.finalize(frontend);
        }
        self.made += 1;
        let name = format!("region{}", self.made);
        let id = self.jit.declare_function(&name, Linkage::Local, &ctx.func.signature).map_err(|e| e.to_string())?;
        self.jit.define_function(id, &mut ctx).map_err(|e| format!("{e:?}"))?;
        self.jit.clear_context(&mut ctx);
        self.jit.finalize_definitions().map_err(|e| e.to_string())?;
        let code = self.jit.get_finalized_function(id);
        // SAFETY: the function was built with this signature.
        Ok((unsafe { std::mem::transmute::<*const u8, Compiled>(code) }, vgprs, inlined))
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // The program owning this module is gone, and with it every wave that ran its code.
        // SAFETY: no compiled function of this module can run any more, and `jit` is not
        // used after this.
        unsafe { std::mem::ManuallyDrop::take(&mut self.jit).free_memory() };
    }
}

/// Builds one function: the builder, the values every block uses, the blocks by address.
pub(crate) struct Emitter<'a> {
    pub b: FunctionBuilder<'a>,
    pub frame: Value,
    pub wave: Value,
    pub vgpr: Value,
    pub lanes: usize,
    handler: cranelift_codegen::ir::SigRef,
    /// Returns its argument (a status) to the driver.
    ret: Block,
    blocks: HashMap<u64, Block>,
    /// Blocks that leave the region for an address (store it as PC, return `JUMP`).
    exits: HashMap<u64, Block>,
    /// Per-lane EXEC masks of the current block, while still valid ([`super::inline`]).
    pub lane_masks: Option<Vec<Value>>,
    /// The highest VGPR inline code touches: waves with fewer may not run this code.
    pub max_vgpr: u16,
    /// Mnemonics left to the interpreter, with their counts (for the log).
    pub called: HashMap<&'static str, u32>,
    /// Instructions translated to inline code (a VOPD pair counts once).
    pub inlined: u32,
    /// While translating a VOPD pair: the halves' VGPR writes, made once both have read
    /// their sources.
    pub deferred: Option<Vec<(u16, Vec<Value>)>>,
    /// Whether this stretch of code has checked that f32 denormals are kept (MODE).
    pub mode_checked: bool,
    /// The region's entries by address, with their indices.
    entry_index: HashMap<u64, u32>,
    /// Backward jumps' slice counts ([`crate::catchup`]): the block that counts, the
    /// jump's target and the target's block; emitted after the instructions.
    slices: Vec<(Block, u64, Block)>,
}

impl<'a> Emitter<'a> {
    fn start(mut b: FunctionBuilder<'a>, handler: Signature, lanes: usize) -> Emitter<'a> {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let frame = b.block_params(entry)[0];
        let handler = b.import_signature(handler);
        let wave = b.ins().load(types::I64, mem(), frame, FRAME_WAVE);
        let vgpr = b.ins().load(types::I64, mem(), frame, FRAME_VGPR);
        let ret = b.create_block();
        b.append_block_param(ret, types::I32);
        Emitter { b, frame, wave, vgpr, lanes, handler, ret, blocks: HashMap::new(), exits: HashMap::new(), lane_masks: None, max_vgpr: 0, called: HashMap::new(), inlined: 0, deferred: None, mode_checked: false, entry_index: HashMap::new(), slices: Vec::new() }
    }

    /// The block that runs `pc`: the region's, else an exit to it.
    fn target(&mut self, region: &Region, pc: u64) -> Block {
        if region.insts.contains_key(&pc) {
            return *self.blocks.entry(pc).or_insert_with(|| self.b.create_block());
        }
        if let Some(b) = self.exits.get(&pc) {
            return *b;
        }
        let b = self.b.create_block();
        self.exits.insert(pc, b);
        b
    }

    fn region(&mut self, program: &Interp, region: &Region) {
        let entry_block = self.b.current_block().expect("entry block");
        let entry_index = self.b.block_params(entry_block)[1];
        self.entry_index = region.entries.iter().enumerate().map(|(k, &pc)| (pc, k as u32)).collect();
        let entries: Vec<Block> = region.entries.iter().map(|&pc| self.target(region, pc)).collect();
        let calls: Vec<_> = entries.iter().map(|&b| self.b.func.dfg.block_call(b, &[])).collect();
        let table = self.b.create_jump_table(JumpTableData::new(calls[0], &calls));
        self.b.ins().br_table(entry_index, table);

        let mut open = false;
        for (&pc, &at) in &region.insts {
            let i = program.inst(at);
            if region.leaders.contains(&pc) || !open {
                let b = self.target(region, pc);
                if open {
                    self.b.ins().jump(b, &[]);
                }
                self.b.switch_to_block(b);
                self.lane_masks = None;
                self.mode_checked = false;
            }
            let next = pc + i.len as u64;
            open = self.inst(region, i, pc, next);
            if open && !region.insts.contains_key(&next) {
                let b = self.target(region, next);
                self.b.ins().jump(b, &[]);
                open = false;
            }
        }
        // Backward jumps count against the wave's slice; one that ends it yields at the
        // jump's target (an entry of the region, `region::discover`).
        for (check, target, to) in std::mem::take(&mut self.slices) {
            self.b.switch_to_block(check);
            let n = self.b.ins().load(types::I32, mem(), self.wave, off::BACKEDGES);
            let left = self.b.ins().iadd_imm_s(n, -1);
            self.b.ins().store(mem(), left, self.wave, off::BACKEDGES);
            let yield_here = self.b.create_block();
            self.b.ins().brif(left, to, &[], yield_here, &[]);
            self.b.switch_to_block(yield_here);
            self.set_pc(target);
            let k = self.entry_index.get(&target).copied().unwrap_or(u32::MAX);
            let k = self.b.ins().iconst(types::I32, k as i64);
            self.b.ins().store(mem(), k, self.frame, super::FRAME_RESUME);
            let s = self.b.ins().iconst(types::I32, status::YIELD as i64);
            self.b.ins().jump(self.ret, &[BlockArg::Value(s)]);
        }
        // Exits: the wave goes on at their address, wherever the driver finds it.
        let exits: Vec<(u64, Block)> = self.exits.iter().map(|(&pc, &b)| (pc, b)).collect();
        for (pc, b) in exits {
            self.b.switch_to_block(b);
            self.set_pc(pc);
            let s = self.b.ins().iconst(types::I32, status::JUMP as i64);
            self.b.ins().jump(self.ret, &[BlockArg::Value(s)]);
        }
        self.b.switch_to_block(self.ret);
        let s = self.b.block_params(self.ret)[0];
        self.b.ins().return_(&[s]);
    }

    /// Notes that inline code accesses VGPR r.
    pub fn note_vgpr(&mut self, r: u16) {
        self.max_vgpr = self.max_vgpr.max(r);
    }

    fn set_pc(&mut self, pc: u64) {
        let v = self.b.ins().iconst(types::I64, pc as i64);
        self.b.ins().store(mem(), v, self.wave, off::PC);
    }

    /// Emits instruction `i`; false when it never falls through.
    fn inst(&mut self, region: &Region, i: &Inst, pc: u64, next: u64) -> bool {
        if i.pair.is_none() {
            match i.fast {
                Fast::Nop => return true,
                // The common stops, without a call: the driver turns the status into the stop.
                Fast::Flow if matches!(i.name, "s_barrier" | "s_endpgm") => {
                    self.set_pc(next);
                    let s = if i.name == "s_barrier" {
                        let k = *self.entry_index.get(&next).expect("the address after a barrier is an entry");
                        let k = self.b.ins().iconst(types::I32, k as i64);
                        self.b.ins().store(mem(), k, self.frame, super::FRAME_RESUME);
                        status::BARRIER
                    } else {
                        status::ENDED
                    };
                    let s = self.b.ins().iconst(types::I32, s as i64);
                    self.b.ins().jump(self.ret, &[BlockArg::Value(s)]);
                    return false;
                }
                Fast::Branch(c) => {
                    let target = next.wrapping_add_signed(i.offset as i64 * 4);
                    let mut t = self.target(region, target);
                    if target <= pc {
                        let check = self.b.create_block();
                        self.slices.push((check, target, t));
                        t = check;
                    }
                    let Some(cond) = self.condition(c) else {
                        self.b.ins().jump(t, &[]);
                        return false;
                    };
                    let f = self.target(region, next);
                    self.b.ins().brif(cond, t, &[], f, &[]);
                    return false;
                }
                _ => {}
            }
            if super::inline::inst(self, i, pc) {
                self.inlined += 1;
                return true;
            }
        } else if self.pair(i, pc) {
            self.inlined += 1;
            return true;
        }
        self.call(i, pc, next);
        true
    }

    /// A VOPD pair inline: both halves read their sources, then both write. As the
    /// interpreter, which orders the halves so neither sees the other's result, this
    /// needs distinct destinations that are not both read by the other half.
    fn pair(&mut self, x: &Inst, pc: u64) -> bool {
        let Some(y) = x.pair.as_deref() else { return false };
        if x.dst == y.dst || (y.src.contains(&x.dst) && x.src.contains(&y.dst)) {
            return false;
        }
        self.deferred = Some(Vec::new());
        let both = super::inline::inst(self, x, pc) && super::inline::inst(self, y, pc);
        let writes = self.deferred.take().expect("deferring");
        if !both {
            // What was emitted only read registers; the interpreter runs the pair.
            return false;
        }
        for (d, vals) in writes {
            super::inline::store_vgpr(self, d, &vals);
        }
        true
    }

    /// Code after this runs only while MODE keeps f32 denormals (the interpreter's fast
    /// f32 path has the same condition); otherwise the wave goes back to the interpreter
    /// at `pc`, the instruction not yet run.
    pub fn require_f32_denormals(&mut self, pc: u64) {
        if self.mode_checked {
            return;
        }
        let mode = self.b.ins().load(types::I32, mem(), self.wave, off::MODE);
        let bits = self.b.ins().band_imm_s(mode, 0x30);
        let ok = self.b.ins().icmp_imm_s(IntCC::Equal, bits, 0x30);
        let (go_on, bail) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, go_on, &[], bail, &[]);
        self.b.switch_to_block(bail);
        self.set_pc(pc);
        let s = self.b.ins().iconst(types::I32, status::INTERPRET as i64);
        self.b.ins().jump(self.ret, &[BlockArg::Value(s)]);
        self.b.switch_to_block(go_on);
        self.mode_checked = true;
    }

    /// A branch condition as a value (non-zero: taken); `None` for always.
    fn condition(&mut self, c: BranchIf) -> Option<Value> {
        let full = if self.lanes == 64 { -1i64 } else { (1i64 << self.lanes) - 1 };
        let mask_is = |e: &mut Self, at: i32, cc: IntCC| {
            let m = e.b.ins().load(types::I64, mem(), e.wave, at);
            let m = e.b.ins().band_imm_s(m, full);
            e.b.ins().icmp_imm_s(cc, m, 0)
        };
        Some(match c {
            BranchIf::Always => return None,
            BranchIf::Scc0 | BranchIf::Scc1 => {
                let s = self.b.ins().load(types::I8, mem(), self.wave, off::SCC);
                let cc = if matches!(c, BranchIf::Scc1) { IntCC::NotEqual } else { IntCC::Equal };
                self.b.ins().icmp_imm_s(cc, s, 0)
            }
            BranchIf::Vccz => mask_is(self, off::VCC, IntCC::Equal),
            BranchIf::Vccnz => mask_is(self, off::VCC, IntCC::NotEqual),
            BranchIf::Execz => mask_is(self, off::EXEC, IntCC::Equal),
            BranchIf::Execnz => mask_is(self, off::EXEC, IntCC::NotEqual),
        })
    }

    /// A call to the interpreter for `i` (or to the direct handler of its resolved memory
    /// form); a non-zero status goes back to the driver.
    fn call(&mut self, i: &Inst, pc: u64, next: u64) {
        let handler = if i.pair.is_none() { calls::direct(i.fast) } else { None };
        if handler.is_none() {
            *self.called.entry(i.name).or_insert(0) += 1;
        }
        let handler = handler.unwrap_or(calls::exec);
        self.set_pc(next);
        // Where the wave comes back in if this stops it (a barrier): noted by the driver
        // so that resuming needs no lookup.
        if let Some(k) = self.entry_index.get(&next) {
            let k = self.b.ins().iconst(types::I32, *k as i64);
            self.b.ins().store(mem(), k, self.frame, super::FRAME_RESUME);
        }
        let f = self.b.ins().iconst(types::I64, handler as usize as i64);
        let inst = self.b.ins().iconst(types::I64, i as *const Inst as i64);
        let at = self.b.ins().iconst(types::I64, pc as i64);
        let call = self.b.ins().call_indirect(self.handler, f, &[self.frame, inst, at]);
        let s = self.b.inst_results(call)[0];
        let go_on = self.b.create_block();
        self.b.ins().brif(s, self.ret, &[BlockArg::Value(s)], go_on, &[]);
        self.b.switch_to_block(go_on);
        // The interpreter may have changed EXEC or MODE.
        self.lane_masks = None;
        self.mode_checked = false;
    }
}
