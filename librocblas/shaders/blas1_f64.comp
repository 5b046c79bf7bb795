// Level-1 kernels of f64 vectors; see blas1.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define RALIGN 8
#include "blas1.glsl"
