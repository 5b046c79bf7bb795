// Cooperative launch with grid-wide barriers (cooperative groups' grid.sync(), which the
// device libraries compile to ds_gws_barrier): each of ROUNDS phases reads what other
// workgroups wrote in the phase before, so any barrier that opens early gives wrong sums.
// Checked against the same recurrence computed on the host. Prints "PASS grid_sync".
// With a code object path argument (this file built with --genco), the kernel is loaded from
// it and launched through hipModuleLaunchCooperativeKernel instead.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cstdio>
#include <dlfcn.h>
#include <vector>

namespace cg = cooperative_groups;
constexpr int ROUNDS = 4;

// Phase r: x[i] += x[(i + stride) % n] with stride = one workgroup's width times r + 1, read
// from the previous phase's copy: every value depends on other workgroups' results.
__global__ void phases(int* a, int* b, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < ROUNDS; ++r) {
    int* src = (r % 2 == 0) ? a : b;
    int* dst = (r % 2 == 0) ? b : a;
    int stride = blockDim.x * (r + 1) + 1;
    // Workgroups pass different numbers of workgroup barriers before they write, so only a
    // real grid barrier (not workgroups merely taking turns) keeps the phases apart.
    for (int k = 0; k < (int)(blockIdx.x % 4); ++k) __syncthreads();
    if (i < n) dst[i] = src[i] + 3 * src[(i + stride) % n];
    grid.sync();
  }
}

int main(int argc, char** argv) {
  int dev = 0, coop = 0;
  hipFunction_t from_module = nullptr;
  if (argc > 1) {
    hipModule_t mod;
    if (hipModuleLoad(&mod, argv[1]) != hipSuccess || hipModuleGetFunction(&from_module, mod, "_Z6phasesPiS_i") != hipSuccess) {
      std::printf("FAIL: cannot load the kernel from %s\n", argv[1]);
      return 1;
    }
  }
  // hipModuleLaunchCooperativeKernel is ROCm 5.5's: Debian's HIP 5.2 headers and library
  // lack it, so it is looked up in the loaded libamdhip64.
  using ModuleCoop = hipError_t (*)(hipFunction_t, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                    unsigned, hipStream_t, void**);
  auto module_coop = (ModuleCoop)dlsym(RTLD_DEFAULT, "hipModuleLaunchCooperativeKernel");
  if (from_module && !module_coop) { std::printf("FAIL: no hipModuleLaunchCooperativeKernel\n"); return 1; }
  auto cooperative = [&](int groups, void** args) {
    if (from_module) return module_coop(from_module, groups, 1, 1, 128, 1, 1, 0, nullptr, args);
    return hipLaunchCooperativeKernel((const void*)phases, dim3(groups), dim3(128), args, 0, 0);
  };
  hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch, dev);
  if (!coop) { std::printf("FAIL: device does not report cooperative launch\n"); return 1; }
  // As many workgroups as fit at once, up to 12 (a cooperative launch may not exceed them).
  const int threads = 128;
  int per_cu = 0, cus = 0;
  hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, (const void*)phases, threads, 0);
  hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, dev);
  const int blocks = per_cu * cus < 12 ? per_cu * cus : 12, n = threads * blocks - 5;
  if (blocks < 2) { std::printf("FAIL: occupancy %d x %d CUs\n", per_cu, cus); return 1; }
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 7919) % 101 - 50;
  want = h;
  for (int r = 0; r < ROUNDS; ++r) {
    std::vector<int> next(n);
    int stride = threads * (r + 1) + 1;
    for (int i = 0; i < n; ++i) next[i] = want[i] + 3 * want[(i + stride) % n];
    want = next;
  }
  int *a, *b;
  hipMalloc(&a, n * 4); hipMalloc(&b, n * 4);
  hipMemcpy(a, h.data(), n * 4, hipMemcpyHostToDevice);
  int nn = n;
  void* args[] = {&a, &b, &nn};
  hipError_t e = cooperative(blocks, args);
  if (e == hipSuccess) e = hipDeviceSynchronize();
  if (e != hipSuccess) { std::printf("FAIL: %s\n", hipGetErrorString(e)); return 1; }
  std::vector<int> got(n);
  hipMemcpy(got.data(), ROUNDS % 2 == 0 ? a : b, n * 4, hipMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i]) { std::printf("FAIL at %d: %d, expected %d\n", i, got[i], want[i]); return 1; }
  // More workgroups than fit at once: ROCm refuses the cooperative launch.
  e = cooperative(per_cu * cus + 1, args);
  if (e != hipErrorCooperativeLaunchTooLarge) { std::printf("FAIL: oversized launch gave %s\n", hipGetErrorName(e)); return 1; }
  std::printf("PASS grid_sync (%d workgroups, %d grid barriers; %d x %d fit%s)\n", blocks, ROUNDS, per_cu, cus, from_module ? "; module launch" : "");
  return 0;
}
