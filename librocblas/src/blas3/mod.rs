//! Level-3 BLAS. GEMM runs as a SPIR-V kernel on Vulkan devices (`shaders/gemm.glsl`) and
//! through the `gemm` crate on the CPU backend and wherever the kernel cannot run.

pub mod gemm_kernel;
pub mod tri;
