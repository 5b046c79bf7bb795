// Level-2 kernels of c64 matrices; see blas2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define RALIGN 8
#define CPLX dvec2
#define CALIGN 16
#include "blas2.glsl"
