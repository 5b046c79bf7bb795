// Double-precision shared-memory FFT of lines; see fft_line.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define CPLX dvec2
#define SCALE_T double
#define SMAX 2048u
#include "fft_line.glsl"
