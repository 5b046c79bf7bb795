// Double-precision GEMM (rocblas_dgemm and its batched forms); see gemm.glsl. Needs the
// device's shaderFloat64; without it the host twin runs.
#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_float64 : require
#define T double
#define T_BYTES 8
#include "gemm.glsl"
