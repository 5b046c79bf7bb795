// Single-precision register FFT of power-of-two lines (16..4096 points); see fft_pow2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#define THREADS 256u
#include "fft_pow2.glsl"
