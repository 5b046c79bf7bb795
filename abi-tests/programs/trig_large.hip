// Double-precision sin and cos of large arguments through ROCm's device libraries (OCML),
// whose Payne-Hanek argument reduction takes 2/π's bits from v_trig_preop_f64, against the
// host's libm. Prints "PASS trig_large".
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void sin_cos(const double* x, double* s, double* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    s[i] = sin(x[i]);
    c[i] = cos(x[i]);
  }
}

int main() {
  std::vector<double> x = {1e6, 12345678.9, 1073741825.0, 1e15, 1e22, 3.7e50, -2.5e80, 1e100, 6.02e123,
                           1e200, -9.9e250, 1e300, 1.7e308, -1.7e308, 0x1.921fb54442d18p+1000};
  // And a spread of exponents from 2^20 to 2^1020.
  for (int e = 20; e <= 1020; e += 25) x.push_back(std::ldexp(1.2345678901234567, e));
  int n = (int)x.size();
  double *dx, *ds, *dc;
  hipMalloc(&dx, n * sizeof(double));
  hipMalloc(&ds, n * sizeof(double));
  hipMalloc(&dc, n * sizeof(double));
  hipMemcpy(dx, x.data(), n * sizeof(double), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(sin_cos, dim3((n + 63) / 64), dim3(64), 0, 0, dx, ds, dc, n);
  std::vector<double> s(n), c(n);
  hipMemcpy(s.data(), ds, n * sizeof(double), hipMemcpyDeviceToHost);
  hipMemcpy(c.data(), dc, n * sizeof(double), hipMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    double ws = std::sin(x[i]), wc = std::cos(x[i]);
    // OCML's sin/cos are within a few ulp of the true value; a wrong reduction is off by
    // everything.
    bool ok = std::fabs(s[i] - ws) <= 4e-16 + 4e-15 * std::fabs(ws) && std::fabs(c[i] - wc) <= 4e-16 + 4e-15 * std::fabs(wc);
    if (!ok && bad++ < 8) std::printf("x=%a: sin %.17g want %.17g, cos %.17g want %.17g\n", x[i], s[i], ws, c[i], wc);
  }
  std::printf("%s trig_large: sin/cos of %d large doubles against libm (%d off)\n", bad ? "FAIL" : "PASS", n, bad);
  return bad ? 1 : 0;
}
