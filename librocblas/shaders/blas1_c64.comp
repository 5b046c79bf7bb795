// Level-1 kernels of c64 vectors; see blas1.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define RALIGN 8
#define CPLX dvec2
#define CALIGN 16
#include "blas1.glsl"
