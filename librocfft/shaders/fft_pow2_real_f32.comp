// Single-precision register FFT whose groups take lines in mirror pairs and write the
// bins of a real forward transform (the last pass of its half-length FFT): fft_pow2_f32
// with REAL_PAIRS; see fft_pow2.glsl. A module of its own, so that fft_pow2_f32 stays
// free of the pairing's code (with it compiled in, the plain passes ran 2-4% slower on an
// H200).
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#define THREADS 128u
#define LGE 4
#define REAL_PAIRS
#include "fft_pow2.glsl"
