// Double-precision register FFT of power-of-two lines (16..2048 points); see fft_pow2.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define CPLX dvec2
#define SCALE_T double
#define THREADS 128u
#include "fft_pow2.glsl"
