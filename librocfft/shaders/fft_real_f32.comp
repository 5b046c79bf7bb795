// Real transforms through half-length complex FFTs: the forward's last step, the inverse's
// first; see fft_real.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define CPLX vec2
#define SCALE_T float
#include "fft_real.glsl"
