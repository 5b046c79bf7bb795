// Measurement aid, wrong results: the w4_128x128 tiling's products alone, without loads
// (PEAK_ONLY in gemm_f16_coopmat.glsl): the rate cooperative matrices reach on a device.
#version 460
// build: spirv-opt (glslang -Os crashes on the cooperative-matrix shaders)
#extension GL_GOOGLE_include_directive : require
#define WARPS_M 2u
#define WARPS_N 2u
#define TM 4u
#define TN 4u
#define BK 32u
#define TRANS_A false
#define TRANS_B false
#define PEAK_ONLY
#include "gemm_f16_coopmat.glsl"
