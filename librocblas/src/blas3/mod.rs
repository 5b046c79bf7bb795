//! Level-3 BLAS. GEMM runs as a SPIR-V kernel on Vulkan devices (`shaders/gemm.glsl`) and
//! through the `gemm` crate on the CPU backend and wherever the kernel cannot run; complex
//! GEMM runs as `shaders/gemm_cplx.glsl` (`gemm_cplx_kernel`); the narrow and mixed types
//! compute on the host in a wide type (`gemm_host`).
//! `sym`: geam, dgmm and the symmetric/Hermitian families; `tri`: trsm, trmm, trtri; in
//! f32 and f64 they run as kernels (`level3_gpu`: GEMMs around `matrix_kernel`).

pub mod gemm;
pub mod gemm_cplx_kernel;
mod gemm_exports;
mod gemm_ext2;
pub mod gemm_f16_kernel;
pub mod gemm_host;
pub mod gemm_kernel;
pub(crate) mod gemm_pack;
pub mod level3_gpu;
pub mod matrix_kernel;
mod spirv_dir;
pub(crate) mod spirv_kernel;
pub mod sym;
pub mod tri;
