// The same for half-precision user data (f16 storage, f32 work arrays; needs 16-bit storage
// buffer access, else its host twin runs); see fft_copy.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#define REAL_ALIGN 4
#define HALF
#include "fft_copy.glsl"
