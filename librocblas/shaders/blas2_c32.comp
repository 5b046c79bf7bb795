// Level-2 kernels of c32 matrices; see blas2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define RALIGN 4
#define CPLX vec2
#define CALIGN 8
#include "blas2.glsl"
