// Single-precision GEMM with A transposed (TN, TT): A loaded along K (TA_COALESCED); see
// gemm.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define T float
#define V4 vec4
#define M4 mat4
#define T_BYTES 4
#define WIDE_LOADS true
#define GEMM_BK 32u
#define TA_COALESCED
#include "gemm.glsl"
