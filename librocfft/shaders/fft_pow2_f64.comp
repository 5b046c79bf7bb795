// Double-precision register FFT of power-of-two lines (16..2048 points), 8 elements per
// invocation (measured faster than 16 on an H200: 154 registers cut occupancy); see fft_pow2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define CPLX dvec2
#define SCALE_T double
#define THREADS 256u
#define LGE 3
#include "fft_pow2.glsl"
