// Single-precision GEMM, B transposed (NT), the transposes fixed at compile time; see
// gemm.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define T float
#define V4 vec4
#define M4 mat4
#define T_BYTES 4
#define WIDE_LOADS true
#define GEMM_BK 32u
#define TRANS_A false
#define TRANS_B true
#include "gemm.glsl"
