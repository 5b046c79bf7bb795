// Level-2 kernels of f64 matrices; see blas2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define RALIGN 8
#include "blas2.glsl"
