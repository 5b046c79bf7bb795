// Single-precision GEMM (rocblas_sgemm and its batched forms); see gemm.glsl.
// K steps of 32 (f64: 16, within 32 KiB of shared memory). H100: 38.6 TFLOP/s at 8192^3.
#version 460
#extension GL_GOOGLE_include_directive : require
#define T float
#define V4 vec4
#define M4 mat4
#define T_BYTES 4
#define WIDE_LOADS true
#define GEMM_BK 32u
#include "gemm.glsl"
