// f16 GEMM on workgroup-scope cooperative matrices, 128 x 128 blocks, K 64 (see gemm_f16_cm2.glsl).
#version 460
// build: glslang15 (GL_NV_cooperative_matrix2 is newer than the pinned glslang 13)
#extension GL_GOOGLE_include_directive : require
const uint BM = 128u, BN = 128u, BK = 64u;
#define THREADS 256
#include "gemm_f16_cm2.glsl"
