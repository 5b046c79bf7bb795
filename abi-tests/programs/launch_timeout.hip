// A kernel that never ends (it waits for a flag nobody sets) is stopped by the opt-in
// per-launch time limit, OXROCM_LAUNCH_TIMEOUT_MS, with hipErrorLaunchTimeOut; the process
// goes on. Both shapes: one wave alone in its workgroup, and four workgroups of several
// waves (the waves take turns). Prints "PASS launch_timeout".
#include <hip/hip_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void wait_for(volatile int* flag, int* seen) {
  while (*flag == 0) {
  }
  seen[blockIdx.x * blockDim.x + threadIdx.x] = *flag;
}

int main() {
  // Read when the first kernel launches.
  setenv("OXROCM_LAUNCH_TIMEOUT_MS", "300", 1);
  int *flag = nullptr, *seen = nullptr;
  if (hipMalloc(&flag, sizeof(int)) != hipSuccess || hipMalloc(&seen, 4 * 256 * sizeof(int)) != hipSuccess) {
    std::printf("FAIL: hipMalloc\n");
    return 1;
  }
  hipMemset(flag, 0, sizeof(int));
  bool ok = true;
  const dim3 shapes[2][2] = {{dim3(1), dim3(32)}, {dim3(4), dim3(256)}};
  for (auto& s : shapes) {
    auto start = std::chrono::steady_clock::now();
    hipLaunchKernelGGL(wait_for, s[0], s[1], 0, 0, flag, seen);
    hipError_t launched = hipGetLastError();
    hipError_t done = hipDeviceSynchronize();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("grid %u x %u: launch %d, synchronize %d (%s) after %.0f ms\n", s[0].x, s[1].x, (int)launched, (int)done,
                hipGetErrorName(done), ms);
    ok &= launched == hipSuccess && done == hipErrorLaunchTimeOut && ms < 60000;
  }
  std::printf("%s launch_timeout: a kernel that never ends stopped with hipErrorLaunchTimeOut\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
