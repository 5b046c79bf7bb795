// Level-3 memory-bound kernels of c32 matrices; see blas3.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define RALIGN 4
#define CPLX vec2
#define BITS_TO_REAL(u) uintBitsToFloat((u).x)
#include "blas3.glsl"
