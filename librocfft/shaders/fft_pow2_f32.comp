// Single-precision register FFT of power-of-two lines of 16..2048 points: 16 elements per
// invocation, 128 invocations per group (SMAX 2048); see fft_pow2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#define THREADS 128u
#define LGE 4
#include "fft_pow2.glsl"
