// Level-2 kernels of f32 matrices; see blas2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define RALIGN 4
#include "blas2.glsl"
