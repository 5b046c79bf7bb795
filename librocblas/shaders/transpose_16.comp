// Transpose of 16-bit elements (f16/bf16 GEMM operand repacking), their bits moved through
// 32-bit shared memory unchanged; see transpose.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_16bit_storage : require
#define ELEM uint16_t
#define ELEM_BYTES 2
#include "transpose.glsl"
