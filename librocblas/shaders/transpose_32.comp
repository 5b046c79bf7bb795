// Transpose of 32-bit elements (f32 GEMM operand repacking); see transpose.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define ELEM uint
#define ELEM_BYTES 4
#include "transpose.glsl"
