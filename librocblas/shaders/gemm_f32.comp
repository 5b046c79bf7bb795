// Single-precision GEMM (rocblas_sgemm and its batched forms); see gemm.glsl.
// H100: 38 TFLOP/s at 8192^3 (README).
#version 460
#extension GL_GOOGLE_include_directive : require
#define T float
#define V4 vec4
#define M4 mat4
#define T_BYTES 4
#define WIDE_LOADS true
#include "gemm.glsl"
