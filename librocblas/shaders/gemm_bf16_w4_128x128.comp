// bf16 GEMM on cooperative matrices: the f16 kernel's w4_128x128 tiling with every 16-bit
// float turned into bfloat16 after compilation (tools/spirv-bf16.py): A and B bf16, C and D
// bf16 (or f32 with FLAG_OUT_F32), sums in f32. See gemm_f16_coopmat.glsl.
#version 460
// build: spirv-opt, bf16 (glslang 13 has no bfloat16 type; the module is rewritten)
#extension GL_GOOGLE_include_directive : require
#define WARPS_M 2u
#define WARPS_N 2u
#define TM 4u
#define TN 4u
#define BK 32u
#include "gemm_f16_coopmat.glsl"
