// Transpose of 16-byte elements (double-complex GEMM operand repacking); see transpose.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define ELEM uvec4
#define ELEM_BYTES 16
#define TILE uvec4
#include "transpose.glsl"
