// Single-precision GEMM (rocblas_sgemm and its batched forms); see gemm.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define T float
#define T_BYTES 4
#include "gemm.glsl"
