// Device math through ROCm's device libraries (OCML), compiled to AMDGCN and run on our
// runtime: every function against the host's double-precision libm on 256 inputs spread
// over several periods and magnitudes. The device code exercises VOP3 source modifiers,
// VOPD pairs, range reductions and class checks. Prints "PASS gcn_math" or the misses.
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>

enum { LOG, SIN, COS, SQRT, EXP, SINCOS_S, SINCOS_C, BOX_MULLER, SINPI, COSPI, LOG1P, TAN, POW, ATAN2, ERF, NF };
static const char* kNames[NF] = {"logf", "sinf", "cosf", "sqrtf", "expf", "sincosf.sin", "sincosf.cos", "sqrt(-2 log)",
                                 "sinpif", "cospif", "log1pf", "tanf", "powf", "atan2f", "erff"};

__global__ void eval(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i], w = v * 7.f - 3.f;
  float* o = out + i * NF;
  o[LOG] = logf(v);
  o[SIN] = sinf(w);
  o[COS] = cosf(w);
  o[SQRT] = sqrtf(v);
  o[EXP] = expf(w);
  float s, c;
  sincosf(w, &s, &c);
  o[SINCOS_S] = s;
  o[SINCOS_C] = c;
  o[BOX_MULLER] = sqrtf(-2.f * logf(v));
  o[SINPI] = sinpif(w);
  o[COSPI] = cospif(w);
  o[LOG1P] = log1pf(v);
  o[TAN] = tanf(w * 0.2f);
  o[POW] = powf(v, 2.5f);
  o[ATAN2] = atan2f(w, v);
  o[ERF] = erff(w);
}

int main() {
  const int n = 256;
  static float hx[n], ho[n * NF];
  for (int i = 0; i < n; ++i) hx[i] = (i + 0.5f) / n;
  float *dx, *dout;
  if (hipMalloc(&dx, sizeof hx) || hipMalloc(&dout, sizeof ho)) { printf("FAIL alloc\n"); return 1; }
  hipMemcpy(dx, hx, sizeof hx, hipMemcpyHostToDevice);
  eval<<<4, 64>>>(dx, dout, n);
  if (hipMemcpy(ho, dout, sizeof ho, hipMemcpyDeviceToHost) != hipSuccess) { printf("FAIL launch\n"); return 1; }
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    double v = hx[i], w = (double)(float)(hx[i] * 7.f - 3.f);
    double want[NF] = {log(v), sin(w), cos(w), sqrt(v), exp(w), sin(w), cos(w), sqrt(-2 * log(v)), sin(M_PI * w),
                       cos(M_PI * w), log1p(v), tan((double)(float)(w * 0.2f)), pow(v, 2.5), atan2(w, v), erf(w)};
    for (int f = 0; f < NF; ++f) {
      double got = ho[i * NF + f];
      // OCML's float functions are within a few ulp: 4e-6 relative, or absolute near zero.
      if (!(fabs(got - want[f]) <= 4e-6 * fmax(1.0, fabs(want[f])))) {
        if (bad++ < 20) printf("%s(%.7g): got %.9g want %.9g\n", kNames[f], f == LOG || f == SQRT || f == BOX_MULLER || f == LOG1P || f == POW ? v : w, got, want[f]);
      }
    }
  }
  hipFree(dx);
  hipFree(dout);
  if (bad) { printf("FAIL gcn_math: %d of %d results off\n", bad, n * NF); return 1; }
  printf("PASS gcn_math\n");
  return 0;
}
