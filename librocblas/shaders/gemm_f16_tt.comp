// f16 GEMM, op(A) op(B) = TT: the w4_128x128 tiling with the transposes fixed at compile time
// (see gemm_f16_coopmat.glsl; one module per transpose pair ran 25% faster than one module
// reading them from the flags on the H100).
#version 460
// build: spirv-opt (glslang -Os crashes on the cooperative-matrix shaders)
#extension GL_GOOGLE_include_directive : require
#define WARPS_M 2u
#define WARPS_N 2u
#define TM 4u
#define TN 4u
#define BK 32u
#define TRANS_A true
#define TRANS_B true
#include "gemm_f16_coopmat.glsl"
