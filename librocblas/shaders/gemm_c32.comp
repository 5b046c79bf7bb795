// Single-precision complex GEMM (rocblas_cgemm and its batched forms); see gemm_cplx.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define T vec2
#define V4 vec4
#define M4 mat4
#define ES 8
#define PAD 1u
#define SCALAR(u) vec2(uintBitsToFloat((u).x), uintBitsToFloat((u).y))
#include "gemm_cplx.glsl"
