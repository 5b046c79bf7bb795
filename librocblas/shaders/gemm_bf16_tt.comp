// bf16 GEMM, op(A) op(B) = TT: gemm_f16_tt's kernel with every 16-bit float turned into
// bfloat16 after compilation (tools/spirv-bf16.py). See gemm_f16_coopmat.glsl.
#version 460
// build: spirv-opt, bf16 (glslang 13 has no bfloat16 type; the module is rewritten)
#extension GL_GOOGLE_include_directive : require
#define WARPS_M 2u
#define WARPS_N 2u
#define TM 4u
#define TN 4u
#define BK 32u
#define TRANS_A true
#define TRANS_B true
#include "gemm_f16_coopmat.glsl"
