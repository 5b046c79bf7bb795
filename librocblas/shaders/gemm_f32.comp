// Single-precision GEMM (rocblas_sgemm and its batched forms); see gemm.glsl.
// K steps of 32 (f64: 16, within 32 KiB of shared memory). Runs NN; gemm_f32_nt and
// gemm_f32_t run the other transposes (gemm_kernel.rs).
#version 460
#extension GL_GOOGLE_include_directive : require
#define T float
#define V4 vec4
#define M4 mat4
#define T_BYTES 4
#define WIDE_LOADS true
#define GEMM_BK 32u
#include "gemm.glsl"
