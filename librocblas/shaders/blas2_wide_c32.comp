// The 16-byte-load passes of c32 Level-2 kernels (blas2.glsl's WIDE_MODULE: SYM_STRIP and
// gemv's MV_N), a module of their own so that their unrolled loads do not set the register
// count of the other passes.
#version 460
#extension GL_GOOGLE_include_directive : require
#define REAL float
#define RALIGN 4
#define CPLX vec2
#define CALIGN 8
#define WIDE_MODULE
#include "blas2.glsl"
