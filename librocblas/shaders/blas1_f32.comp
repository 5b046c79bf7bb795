// Level-1 kernels of f32 vectors; see blas1.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define RALIGN 4
#include "blas1.glsl"
