// Double-precision register FFT of power-of-two lines of 16..1024 points: 8 elements per
// invocation (16 took 154 registers and was slower on an H200), 128 invocations per group
// (SMAX 1024); see fft_pow2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define CPLX dvec2
#define SCALE_T double
#define THREADS 128u
#define LGE 3
#include "fft_pow2.glsl"
