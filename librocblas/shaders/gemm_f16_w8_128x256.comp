// f16 GEMM on cooperative matrices, 8 subgroups, 128 x 256 tiles of 2 x 4 subgroups of 64 x 64, K 32 (see gemm_f16_coopmat.glsl).
#version 460
// build: spirv-opt (glslang -Os crashes on the cooperative-matrix shaders)
#extension GL_GOOGLE_include_directive : require
#define WARPS_M 2u
#define WARPS_N 4u
#define TM 4u
#define TN 4u
#define BK 32u
#include "gemm_f16_coopmat.glsl"
