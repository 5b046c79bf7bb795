// Element-wise layout moves and Bluestein steps in single precision; see fft_copy.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#define REAL_ALIGN 4
#include "fft_copy.glsl"
