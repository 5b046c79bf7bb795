//! Which optional SPIR-V capabilities a device was opened with, and whether a kernel's
//! module declares only those. A library kernel that needs more (f16 arithmetic,
//! cooperative matrices, f64 …) runs as its host twin on that device instead of failing
//! in the driver.

use crate::builtin::HostReason;
use ash::vk;

/// SPIR-V capability numbers (SPIR-V spec, "Capability") of the features devices may lack.
pub mod cap {
    pub const FLOAT16: u32 = 9;
    pub const FLOAT64: u32 = 10;
    pub const INT64: u32 = 11;
    pub const INT16: u32 = 22;
    pub const INT8: u32 = 39;
    pub const STORAGE_BUFFER_16BIT_ACCESS: u32 = 4433;
    pub const VULKAN_MEMORY_MODEL: u32 = 5345;
    pub const COOPERATIVE_MATRIX_KHR: u32 = 6022;
    pub const BFLOAT16_TYPE_KHR: u32 = 5116;
    pub const BFLOAT16_COOPERATIVE_MATRIX_KHR: u32 = 5118;
    pub const COOPERATIVE_MATRIX_REDUCTIONS_NV: u32 = 5430;
    pub const COOPERATIVE_MATRIX_CONVERSIONS_NV: u32 = 5431;
    pub const COOPERATIVE_MATRIX_PER_ELEMENT_OPERATIONS_NV: u32 = 5432;
    pub const COOPERATIVE_MATRIX_TENSOR_ADDRESSING_NV: u32 = 5433;
    pub const COOPERATIVE_MATRIX_BLOCK_LOADS_NV: u32 = 5434;
    pub const TENSOR_ADDRESSING_NV: u32 = 5439;
}

/// Gated capabilities: a module that declares one of these runs only where it is in the
/// device's set; every other capability is one Vulkan 1.2 compute devices all have.
const GATED: [u32; 16] = [
    cap::FLOAT16,
    cap::FLOAT64,
    cap::INT64,
    cap::INT16,
    cap::INT8,
    cap::STORAGE_BUFFER_16BIT_ACCESS,
    cap::VULKAN_MEMORY_MODEL,
    cap::COOPERATIVE_MATRIX_KHR,
    cap::BFLOAT16_TYPE_KHR,
    cap::BFLOAT16_COOPERATIVE_MATRIX_KHR,
    cap::COOPERATIVE_MATRIX_REDUCTIONS_NV,
    cap::COOPERATIVE_MATRIX_CONVERSIONS_NV,
    cap::COOPERATIVE_MATRIX_PER_ELEMENT_OPERATIONS_NV,
    cap::COOPERATIVE_MATRIX_TENSOR_ADDRESSING_NV,
    cap::COOPERATIVE_MATRIX_BLOCK_LOADS_NV,
    cap::TENSOR_ADDRESSING_NV,
];

#[derive(Clone, Debug, Default)]
pub struct ShaderCaps {
    enabled: Vec<u32>,
    /// Highest SPIR-V version the device takes (1.5 on Vulkan 1.2, 1.6 on 1.3).
    spirv: u32,
    /// `maxComputeSharedMemorySize` (0: not checked).
    shared_limit: u64,
}

/// SPIR-V versions as the module header writes them.
pub const SPIRV_1_5: u32 = 0x0001_0500;
pub const SPIRV_1_6: u32 = 0x0001_0600;

impl ShaderCaps {
    pub fn new(enabled: Vec<u32>) -> Self {
        ShaderCaps { enabled, spirv: SPIRV_1_5, shared_limit: 0 }
    }

    /// The same, for a device with `bytes` of shared memory per workgroup.
    pub fn with_shared_limit(mut self, bytes: u64) -> Self {
        self.shared_limit = bytes;
        self
    }

    /// The same, for a device that takes SPIR-V up to `spirv`.
    pub fn with_spirv(mut self, spirv: u32) -> Self {
        self.spirv = spirv;
        self
    }

    /// Whether the device takes `module`'s SPIR-V version, every gated capability it
    /// declares is enabled and its shared memory fits (the runtime asks `refusal`).
    #[cfg(test)]
    pub fn allows(&self, module: &[u32]) -> bool {
        self.refusal(module).is_none()
    }

    /// Why the device cannot run `module` (the first check that fails: SPIR-V version,
    /// gated capabilities in declaration order, shared memory), or `None` where it can.
    pub fn refusal(&self, module: &[u32]) -> Option<HostReason> {
        let Some(&version) = module.get(1) else { return Some(HostReason::BadModule) };
        if version > self.spirv {
            return Some(HostReason::SpirvVersion { module: version, device: self.spirv });
        }
        if let Some(c) = declared(module).into_iter().find(|c| GATED.contains(c) && !self.enabled.contains(c)) {
            return Some(HostReason::Capability(c));
        }
        if self.shared_limit > 0 {
            let needed = super::workgroup_mem::workgroup_bytes(module);
            if needed > self.shared_limit {
                return Some(HostReason::SharedMemory { needed, limit: self.shared_limit });
            }
        }
        None
    }
}

/// The instructions of a SPIR-V module after its 5-word header, each as its opcode and
/// operand words; a zero-length or truncated instruction ends the walk.
pub fn instructions(module: &[u32]) -> impl Iterator<Item = (u32, &[u32])> {
    let mut i = 5;
    std::iter::from_fn(move || {
        let word = *module.get(i)?;
        let count = (word >> 16) as usize;
        if count == 0 || i + count > module.len() {
            return None;
        }
        let operands = &module[i + 1..i + count];
        i += count;
        Some((word & 0xffff, operands))
    })
}

/// The `OpCapability` operands of a SPIR-V module (they come first, after the header).
pub fn declared(module: &[u32]) -> Vec<u32> {
    const OP_CAPABILITY: u32 = 17;
    instructions(module).filter(|&(op, w)| op == OP_CAPABILITY && !w.is_empty()).map(|(_, w)| w[0]).collect()
}

/// `VK_COMPONENT_TYPE_BFLOAT16_KHR` (VK_KHR_shader_bfloat16; newer than ash's headers).
pub const COMPONENT_BFLOAT16: vk::ComponentTypeKHR = vk::ComponentTypeKHR::from_raw(1_000_141_000);

/// `VkPhysicalDeviceShaderBfloat16FeaturesKHR` (VK_KHR_shader_bfloat16), which ash 0.38
/// predates.
#[repr(C)]
pub struct Bfloat16Features {
    pub s_type: vk::StructureType,
    pub p_next: *mut std::ffi::c_void,
    pub shader_bfloat16_type: vk::Bool32,
    pub shader_bfloat16_dot_product: vk::Bool32,
    pub shader_bfloat16_cooperative_matrix: vk::Bool32,
}
pub const BFLOAT16_EXTENSION: &std::ffi::CStr = c"VK_KHR_shader_bfloat16";

impl Default for Bfloat16Features {
    fn default() -> Self {
        Bfloat16Features {
            s_type: vk::StructureType::from_raw(1_000_141_000),
            p_next: std::ptr::null_mut(),
            shader_bfloat16_type: 0,
            shader_bfloat16_dot_product: 0,
            shader_bfloat16_cooperative_matrix: 0,
        }
    }
}
// SAFETY: a Vulkan structure (sType, pNext first) valid in both chains.
unsafe impl vk::ExtendsPhysicalDeviceFeatures2 for Bfloat16Features {}
unsafe impl vk::ExtendsDeviceCreateInfo for Bfloat16Features {}

/// `VkPhysicalDeviceCooperativeMatrix2FeaturesNV` (VK_NV_cooperative_matrix2: workgroup-scope
/// cooperative matrices loaded through tensor layouts), which ash 0.38 predates.
#[repr(C)]
pub struct CooperativeMatrix2Features {
    pub s_type: vk::StructureType,
    pub p_next: *mut std::ffi::c_void,
    pub workgroup_scope: vk::Bool32,
    pub flexible_dimensions: vk::Bool32,
    pub reductions: vk::Bool32,
    pub conversions: vk::Bool32,
    pub per_element_operations: vk::Bool32,
    pub tensor_addressing: vk::Bool32,
    pub block_loads: vk::Bool32,
}
pub const COOPERATIVE_MATRIX2_EXTENSION: &std::ffi::CStr = c"VK_NV_cooperative_matrix2";

impl Default for CooperativeMatrix2Features {
    fn default() -> Self {
        CooperativeMatrix2Features {
            s_type: vk::StructureType::from_raw(1_000_593_000),
            p_next: std::ptr::null_mut(),
            workgroup_scope: 0,
            flexible_dimensions: 0,
            reductions: 0,
            conversions: 0,
            per_element_operations: 0,
            tensor_addressing: 0,
            block_loads: 0,
        }
    }
}
// SAFETY: as for Bfloat16Features.
unsafe impl vk::ExtendsPhysicalDeviceFeatures2 for CooperativeMatrix2Features {}
unsafe impl vk::ExtendsDeviceCreateInfo for CooperativeMatrix2Features {}

/// One cooperative-matrix configuration a device offers.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    mnk: (u32, u32, u32),
    a: vk::ComponentTypeKHR,
    b: vk::ComponentTypeKHR,
    c: vk::ComponentTypeKHR,
    result: vk::ComponentTypeKHR,
    scope: vk::ScopeKHR,
}

impl Shape {
    pub fn of(p: &vk::CooperativeMatrixPropertiesKHR) -> Shape {
        Shape { mnk: (p.m_size, p.n_size, p.k_size), a: p.a_type, b: p.b_type, c: p.c_type, result: p.result_type, scope: p.scope }
    }
}

/// The cooperative-matrix shape oxrocm's f16 kernels use: 16 x 16 x 16, f16 inputs, f32
/// accumulators, subgroup scope.
pub fn has_f16_coopmat(shapes: &[Shape]) -> bool {
    has_coopmat(shapes, vk::ComponentTypeKHR::FLOAT16)
}

/// The same shape with `input` A and B.
pub fn has_coopmat(shapes: &[Shape], input: vk::ComponentTypeKHR) -> bool {
    let f32 = vk::ComponentTypeKHR::FLOAT32;
    shapes.iter().any(|p| p.mnk == (16, 16, 16) && p.a == input && p.b == input && p.c == f32 && p.result == f32 && p.scope == vk::ScopeKHR::SUBGROUP)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module header plus `OpCapability` instructions and one other instruction.
    fn module(caps: &[u32]) -> Vec<u32> {
        let mut m = vec![0x0723_0203, 0x0001_0500, 0, 100, 0];
        for &c in caps {
            m.extend([(2 << 16) | 17, c]);
        }
        m.extend([(3 << 16) | 14, 0, 1]); // OpMemoryModel
        m
    }

    #[test]
    fn gated_capabilities_need_the_feature_and_others_pass() {
        let m = module(&[1, cap::FLOAT16, 61]);
        assert_eq!(declared(&m), vec![1, cap::FLOAT16, 61]);
        assert!(!ShaderCaps::new(vec![]).allows(&m));
        assert!(ShaderCaps::new(vec![cap::FLOAT16]).allows(&m));
        assert!(ShaderCaps::new(vec![]).allows(&module(&[1, 61, 5347])));
        // The reason names the first gated capability missing, in declaration order.
        let two = module(&[1, cap::FLOAT64, cap::COOPERATIVE_MATRIX_KHR]);
        assert_eq!(ShaderCaps::new(vec![]).refusal(&two), Some(HostReason::Capability(cap::FLOAT64)));
        assert_eq!(ShaderCaps::new(vec![cap::FLOAT64]).refusal(&two), Some(HostReason::Capability(cap::COOPERATIVE_MATRIX_KHR)));
        assert_eq!(ShaderCaps::new(vec![cap::FLOAT64, cap::COOPERATIVE_MATRIX_KHR]).refusal(&two), None);
    }

    #[test]
    fn spirv_1_6_modules_need_a_vulkan_1_3_device() {
        let mut m = module(&[1]);
        m[1] = SPIRV_1_6;
        assert!(!ShaderCaps::new(vec![]).allows(&m));
        assert_eq!(ShaderCaps::new(vec![]).refusal(&m), Some(HostReason::SpirvVersion { module: SPIRV_1_6, device: SPIRV_1_5 }));
        assert!(ShaderCaps::new(vec![]).with_spirv(SPIRV_1_6).allows(&m));
    }

    #[test]
    fn modules_with_more_shared_memory_than_the_device_has_are_refused() {
        // shared float s[4096]: 16 KiB.
        let mut m = module(&[1]);
        m.extend([(3 << 16) | 22, 2, 32]); // OpTypeFloat %2 32
        m.extend([(4 << 16) | 43, 9, 3, 4096]); // OpConstant %3 = 4096 (its type id unused here)
        m.extend([(4 << 16) | 28, 4, 2, 3]); // OpTypeArray %4 = float[4096]
        m.extend([(4 << 16) | 32, 5, 4, 4]); // OpTypePointer %5 Workgroup %4
        m.extend([(4 << 16) | 59, 5, 6, 4]); // OpVariable %6 Workgroup
        let caps = ShaderCaps::new(vec![]);
        assert!(caps.clone().with_shared_limit(16 * 1024).allows(&m));
        assert!(!caps.clone().with_shared_limit(16 * 1024 - 4).allows(&m));
        assert_eq!(caps.clone().with_shared_limit(16 * 1024 - 4).refusal(&m), Some(HostReason::SharedMemory { needed: 16 * 1024, limit: 16 * 1024 - 4 }));
        assert!(caps.allows(&m), "no limit known: not checked");
    }
}
