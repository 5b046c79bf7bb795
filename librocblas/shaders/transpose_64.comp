// Transpose of 8-byte elements (single-complex GEMM operand repacking); see transpose.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define ELEM uvec2
#define ELEM_BYTES 8
#define TILE uvec2
#include "transpose.glsl"
