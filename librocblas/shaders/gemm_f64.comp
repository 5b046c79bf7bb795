// Double-precision GEMM (rocblas_dgemm and its batched forms); see gemm.glsl. Needs the
// device's shaderFloat64; without it the host twin runs. FLAG_ALIGNED promises 16 bytes, not
// the 32 a 4-double load needs: f64 loads one value at a time.
#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_float64 : require
#define T double
#define V4 dvec4
#define M4 dmat4
#define T_BYTES 8
#define WIDE_LOADS false
#define TA_COALESCED
#include "gemm.glsl"
