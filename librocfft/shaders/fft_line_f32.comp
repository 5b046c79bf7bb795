// Single-precision shared-memory FFT of lines (and half precision: those are converted to
// f32 first); see fft_line.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#define SMAX 4096u
#include "fft_line.glsl"
