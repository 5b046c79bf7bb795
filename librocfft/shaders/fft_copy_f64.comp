// Element-wise layout moves and Bluestein steps in double precision; see fft_copy.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define CPLX dvec2
#define SCALE_T double
#define REAL_ALIGN 8
#include "fft_copy.glsl"
