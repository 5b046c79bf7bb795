// Double-precision register FFT of 2048-point lines: 8 elements per invocation, 256
// invocations per group (SMAX 2048); see fft_pow2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define CPLX dvec2
#define SCALE_T double
#define THREADS 256u
#define LGE 3
#include "fft_pow2.glsl"
