//! The `NT_AMDGPU_METADATA` note of a code object (v3+): a MessagePack map with the code
//! object version, its target, and per kernel its name, descriptor symbol, segment sizes,
//! wavefront size, register counts and argument layout (LLVM AMDGPUUsage, "Code Object
//! V3+ Metadata"). Tensile's assembly code objects carry one note per kernel: all notes
//! are merged.

use super::elf::Elf;
use crate::error::{HipError, Result};
use rmpv::Value;

const NT_AMDGPU_METADATA: u32 = 32;
/// Nesting of the metadata map (LLVM writes 4 levels: root, kernels, kernel, argument).
const MAX_DEPTH: usize = 16;
/// The largest kernarg segment a kernel may declare (HIP's limit is 4 KiB; LLVM allows
/// more): arguments and the segment must end within it.
pub const MAX_KERNARG_SIZE: usize = 1 << 20;

/// What an argument is: the explicit kinds and the hidden arguments the runtime fills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueKind {
    ByValue,
    GlobalBuffer,
    DynamicSharedPointer,
    Image,
    Sampler,
    Pipe,
    Queue,
    HiddenGlobalOffsetX,
    HiddenGlobalOffsetY,
    HiddenGlobalOffsetZ,
    HiddenNone,
    HiddenPrintfBuffer,
    HiddenHostcallBuffer,
    HiddenDefaultQueue,
    HiddenCompletionAction,
    HiddenMultigridSyncArg,
    HiddenBlockCountX,
    HiddenBlockCountY,
    HiddenBlockCountZ,
    HiddenGroupSizeX,
    HiddenGroupSizeY,
    HiddenGroupSizeZ,
    HiddenRemainderX,
    HiddenRemainderY,
    HiddenRemainderZ,
    HiddenGridDims,
    HiddenHeapV1,
    HiddenDynamicLdsSize,
    HiddenPrivateBase,
    HiddenSharedBase,
    HiddenQueuePtr,
    /// A kind this runtime does not know (filled with zeros).
    Other(String),
}

impl ValueKind {
    fn parse(s: &str) -> ValueKind {
        use ValueKind::*;
        match s {
            "by_value" => ByValue,
            "global_buffer" => GlobalBuffer,
            "dynamic_shared_pointer" => DynamicSharedPointer,
            "image" => Image,
            "sampler" => Sampler,
            "pipe" => Pipe,
            "queue" => Queue,
            "hidden_global_offset_x" => HiddenGlobalOffsetX,
            "hidden_global_offset_y" => HiddenGlobalOffsetY,
            "hidden_global_offset_z" => HiddenGlobalOffsetZ,
            "hidden_none" => HiddenNone,
            "hidden_printf_buffer" => HiddenPrintfBuffer,
            "hidden_hostcall_buffer" => HiddenHostcallBuffer,
            "hidden_default_queue" => HiddenDefaultQueue,
            "hidden_completion_action" => HiddenCompletionAction,
            "hidden_multigrid_sync_arg" => HiddenMultigridSyncArg,
            "hidden_block_count_x" => HiddenBlockCountX,
            "hidden_block_count_y" => HiddenBlockCountY,
            "hidden_block_count_z" => HiddenBlockCountZ,
            "hidden_group_size_x" => HiddenGroupSizeX,
            "hidden_group_size_y" => HiddenGroupSizeY,
            "hidden_group_size_z" => HiddenGroupSizeZ,
            "hidden_remainder_x" => HiddenRemainderX,
            "hidden_remainder_y" => HiddenRemainderY,
            "hidden_remainder_z" => HiddenRemainderZ,
            "hidden_grid_dims" => HiddenGridDims,
            "hidden_heap_v1" => HiddenHeapV1,
            "hidden_dynamic_lds_size" => HiddenDynamicLdsSize,
            "hidden_private_base" => HiddenPrivateBase,
            "hidden_shared_base" => HiddenSharedBase,
            "hidden_queue_ptr" => HiddenQueuePtr,
            other => Other(other.to_string()),
        }
    }

    /// Whether the caller passes this argument (in `kernelParams` / the packed `extra`).
    pub fn explicit(&self) -> bool {
        matches!(self, ValueKind::ByValue | ValueKind::GlobalBuffer | ValueKind::DynamicSharedPointer | ValueKind::Image | ValueKind::Sampler | ValueKind::Pipe | ValueKind::Queue)
    }
}

/// One kernel argument's place in the kernarg segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgMeta {
    pub name: Option<String>,
    pub offset: usize,
    pub size: usize,
    pub kind: ValueKind,
    /// `global`, `constant`, `local`, … for pointers.
    pub address_space: Option<String>,
}

/// One kernel's metadata.
#[derive(Clone, Debug, Default)]
pub struct KernelMeta {
    pub name: String,
    /// Its descriptor's symbol (`<name>.kd`).
    pub symbol: String,
    pub kernarg_size: usize,
    pub kernarg_align: usize,
    pub group_segment_fixed_size: u32,
    pub private_segment_fixed_size: u32,
    pub wavefront_size: u32,
    pub sgpr_count: u32,
    pub vgpr_count: u32,
    pub agpr_count: u32,
    pub max_flat_workgroup_size: u32,
    pub uses_dynamic_stack: bool,
    pub args: Vec<ArgMeta>,
}

impl KernelMeta {
    /// The explicit arguments, in order: what a launch's `kernelParams` point to.
    pub fn explicit_args(&self) -> impl Iterator<Item = &ArgMeta> {
        self.args.iter().filter(|a| a.kind.explicit())
    }
}

/// A code object's metadata.
#[derive(Clone, Debug, Default)]
pub struct CodeObjectMeta {
    /// `amdhsa.version`: [1, 0] v3, [1, 1] v4, [1, 2] v5.
    pub version: (u32, u32),
    pub target: String,
    pub kernels: Vec<KernelMeta>,
}

impl CodeObjectMeta {
    pub fn from_elf(elf: &Elf) -> Result<CodeObjectMeta> {
        let mut out = CodeObjectMeta::default();
        let mut found = false;
        for note in elf.notes() {
            if note.name != b"AMDGPU" || note.ty != NT_AMDGPU_METADATA {
                continue;
            }
            let value = rmpv::decode::read_value_with_max_depth(&mut &note.desc[..], MAX_DEPTH).map_err(|_| HipError::INVALID_IMAGE)?;
            out.merge(&value)?;
            found = true;
        }
        if found { Ok(out) } else { Err(HipError::INVALID_IMAGE) }
    }

    /// The metadata of kernel `name`.
    pub fn kernel(&self, name: &str) -> Option<&KernelMeta> {
        self.kernels.iter().find(|k| k.name == name)
    }

    fn merge(&mut self, root: &Value) -> Result<()> {
        if let Some(v) = get(root, "amdhsa.version").and_then(Value::as_array)
            && let [major, minor, ..] = v.as_slice()
        {
            self.version = (major.as_u64().unwrap_or(0) as u32, minor.as_u64().unwrap_or(0) as u32);
        }
        if let Some(t) = get(root, "amdhsa.target").and_then(Value::as_str) {
            self.target = t.to_string();
        }
        for k in get(root, "amdhsa.kernels").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
            self.kernels.push(kernel(k)?);
        }
        Ok(())
    }
}

/// Value of key `key` of a MessagePack map.
fn get<'v>(map: &'v Value, key: &str) -> Option<&'v Value> {
    map.as_map()?.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
}

fn num(map: &Value, key: &str) -> u64 {
    get(map, key).and_then(Value::as_u64).unwrap_or(0)
}

/// A 32-bit field, saturated: a damaged value past `u32::MAX` stays out of range instead of
/// wrapping into it (`limits` checks the ranges).
fn num32(map: &Value, key: &str) -> u32 {
    num(map, key).min(u32::MAX as u64) as u32
}

fn kernel(k: &Value) -> Result<KernelMeta> {
    let text = |key: &str| get(k, key).and_then(Value::as_str).map(str::to_string);
    let name = text(".name").ok_or(HipError::INVALID_IMAGE)?;
    let args = get(k, ".args").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    let meta = KernelMeta {
        symbol: text(".symbol").unwrap_or_else(|| format!("{name}.kd")),
        name,
        kernarg_size: num(k, ".kernarg_segment_size") as usize,
        kernarg_align: num(k, ".kernarg_segment_align").max(1) as usize,
        group_segment_fixed_size: num32(k, ".group_segment_fixed_size"),
        private_segment_fixed_size: num32(k, ".private_segment_fixed_size"),
        wavefront_size: num32(k, ".wavefront_size"),
        sgpr_count: num32(k, ".sgpr_count"),
        vgpr_count: num32(k, ".vgpr_count"),
        agpr_count: num32(k, ".agpr_count"),
        max_flat_workgroup_size: num32(k, ".max_flat_workgroup_size"),
        uses_dynamic_stack: get(k, ".uses_dynamic_stack").and_then(Value::as_bool).unwrap_or(false),
        args: args
            .iter()
            .map(|a| ArgMeta {
                name: get(a, ".name").and_then(Value::as_str).map(str::to_string),
                offset: num(a, ".offset") as usize,
                size: num(a, ".size") as usize,
                kind: ValueKind::parse(get(a, ".value_kind").and_then(Value::as_str).unwrap_or("")),
                address_space: get(a, ".address_space").and_then(Value::as_str).map(str::to_string),
            })
            .collect(),
    };
    // Launches allocate and index the kernarg segment by these: they must be sane.
    let within = |n: usize| n <= MAX_KERNARG_SIZE;
    let args_fit = meta.args.iter().all(|a| a.offset.checked_add(a.size).is_some_and(within));
    if !args_fit || !within(meta.kernarg_size) || !within(meta.kernarg_align) {
        return Err(HipError::INVALID_IMAGE);
    }
    Ok(meta)
}
