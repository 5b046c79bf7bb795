// Double-precision complex GEMM (rocblas_zgemm and its batched forms); see gemm_cplx.glsl.
// Needs the device's shaderFloat64; without it the host twin runs. No padding: lavapipe's
// 32 KiB of shared memory.
#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_float64 : require
#define REAL double
#define T dvec2
#define V4 dvec4
#define M4 dmat4
#define ES 16
#define PAD 0u
#define SCALAR(u) dvec2(packDouble2x32((u).xy), packDouble2x32((u).zw))
#include "gemm_cplx.glsl"
