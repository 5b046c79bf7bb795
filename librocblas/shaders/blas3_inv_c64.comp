// The inverses of diagonal blocks of c64 triangular matrices (blas3.glsl's INV_DIAG). Needs the device's
// shaderFloat64; without it the host twin runs.
#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_float64 : require
#define REAL double
#define RALIGN 8
#define CPLX dvec2
#define BITS_TO_REAL(u) packDouble2x32(u)
#define INV_DIAG_MODULE
#include "blas3.glsl"
