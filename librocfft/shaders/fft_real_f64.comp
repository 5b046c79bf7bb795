// Real transforms through half-length complex FFTs: the forward's last step, the inverse's
// first; see fft_real.glsl.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL double
#define CPLX dvec2
#define SCALE_T double
#include "fft_real.glsl"
