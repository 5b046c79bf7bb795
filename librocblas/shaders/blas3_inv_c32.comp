// The inverses of diagonal blocks of c32 triangular matrices (blas3.glsl's INV_DIAG).
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define RALIGN 4
#define CPLX vec2
#define BITS_TO_REAL(u) uintBitsToFloat((u).x)
#define INV_DIAG_MODULE
#include "blas3.glsl"
