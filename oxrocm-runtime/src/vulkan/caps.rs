//! Which optional SPIR-V capabilities a device was opened with, and whether a kernel's
//! module declares only those. A library kernel that needs more (f16 arithmetic,
//! cooperative matrices, f64 …) runs as its host twin on that device instead of failing
//! in the driver.

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
}

/// Gated capabilities: a module that declares one of these runs only where it is in the
/// device's set; every other capability is one Vulkan 1.2 compute devices all have.
const GATED: [u32; 8] = [
    cap::FLOAT16,
    cap::FLOAT64,
    cap::INT64,
    cap::INT16,
    cap::INT8,
    cap::STORAGE_BUFFER_16BIT_ACCESS,
    cap::VULKAN_MEMORY_MODEL,
    cap::COOPERATIVE_MATRIX_KHR,
];

#[derive(Clone, Debug, Default)]
pub struct ShaderCaps {
    enabled: Vec<u32>,
}

impl ShaderCaps {
    pub fn new(enabled: Vec<u32>) -> Self {
        ShaderCaps { enabled }
    }

    /// Whether every gated capability `module` declares is enabled.
    pub fn allows(&self, module: &[u32]) -> bool {
        declared(module).into_iter().all(|c| !GATED.contains(&c) || self.enabled.contains(&c))
    }
}

/// The `OpCapability` operands of a SPIR-V module (they come first, after the header).
pub fn declared(module: &[u32]) -> Vec<u32> {
    const OP_CAPABILITY: u32 = 17;
    let mut out = Vec::new();
    let mut i = 5;
    while i < module.len() {
        let (count, op) = ((module[i] >> 16) as usize, module[i] & 0xffff);
        if count == 0 {
            break;
        }
        if op == OP_CAPABILITY && i + 1 < module.len() {
            out.push(module[i + 1]);
        }
        i += count;
    }
    out
}

/// The cooperative-matrix shape oxrocm's f16 kernels use: 16 x 16 x 16, f16 inputs, f32
/// accumulators, subgroup scope.
pub fn has_f16_coopmat(props: &[vk::CooperativeMatrixPropertiesKHR]) -> bool {
    props.iter().any(|p| {
        p.m_size == 16
            && p.n_size == 16
            && p.k_size == 16
            && p.a_type == vk::ComponentTypeKHR::FLOAT16
            && p.b_type == vk::ComponentTypeKHR::FLOAT16
            && p.c_type == vk::ComponentTypeKHR::FLOAT32
            && p.result_type == vk::ComponentTypeKHR::FLOAT32
            && p.scope == vk::ScopeKHR::SUBGROUP
    })
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
    }
}
