// Single-precision register FFT of 4096-point lines: 16 elements per invocation, 256
// invocations per group (SMAX 4096; 16 was 10% faster than 8 elements in 512-invocation
// groups on an H200); see fft_pow2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#define THREADS 256u
#define LGE 4
#include "fft_pow2.glsl"
