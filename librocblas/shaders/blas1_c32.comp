// Level-1 kernels of c32 vectors; see blas1.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define RALIGN 4
#define CPLX vec2
#define CALIGN 8
#include "blas1.glsl"
