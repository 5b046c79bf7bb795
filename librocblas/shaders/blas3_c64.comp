// Level-3 memory-bound kernels of c64 matrices; see blas3.glsl. Needs the device's
// shaderFloat64; without it the host twin runs.
#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_float64 : require
#define REAL double
#define RALIGN 8
#define CPLX dvec2
#define BITS_TO_REAL(u) packDouble2x32(u)
#include "blas3.glsl"
