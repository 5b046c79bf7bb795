/* Behaviour that differs between the HIP ABIs one build serves: run against
 * libamdhip64.so.5 (ROCm 5.7 semantics) and .so.7 (ROCm 7 semantics).
 * Usage: abi_versions 5|7 */
#include <hip/hip_runtime_api.h>
#include <hip/oxrocm_abi_variants.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

int main(int argc, char **argv) {
    int abi = argc > 1 ? atoi(argv[1]) : 5;
    int dev = -1, stack_var = 0;

    /* hipGetLastError: 5.x returns the last call's status; 7.x the last failure. */
    (void)hipGetLastError();
    check(hipSetDevice(99) == hipErrorInvalidDevice, "hipSetDevice(99) fails");
    check(hipGetDevice(&dev) == hipSuccess, "a later call succeeds");
    hipError_t last = hipGetLastError();
    check(abi >= 7 ? last == hipErrorInvalidDevice : last == hipSuccess, "hipGetLastError semantics of this ABI");

    /* hipPointerGetAttributes of unregistered host memory: error in 5.x, Unregistered in 6+. */
    hipPointerAttribute_t a;
    hipError_t e = hipPointerGetAttributes(&a, &stack_var);
    check(abi >= 6 ? (e == hipSuccess && (int)a.type == hipMemoryTypeUnregistered_v6) : e == hipErrorInvalidValue,
          "pointer attributes of unregistered host memory");
    void *d = NULL;
    check(hipMalloc(&d, 64) == hipSuccess, "hipMalloc");
    check(hipPointerGetAttributes(&a, d) == hipSuccess &&
              (int)a.type == (abi >= 6 ? (int)hipMemoryTypeDevice_v6 : (int)hipMemoryTypeDevice),
          "device memory type encoding of this ABI");

    /* Both property layouts are served by every ABI. */
    hipDeviceProp_t p5;
    hipDeviceProp_tR0600 p6;
    check(hipGetDeviceProperties(&p5, 0) == hipSuccess && hipGetDevicePropertiesR0600(&p6, 0) == hipSuccess &&
              strcmp(p5.gcnArchName, p6.gcnArchName) == 0 && p5.totalGlobalMem == p6.totalGlobalMem,
          "R0000 and R0600 device properties agree");

    /* Memset graph node parameters. Every ABI has the 5.7/6.x member order (48 bytes): HIP 7.0's
     * release notes announce CUDA's order (40 bytes), but ROCm 7.x's hip_runtime_api.h (7.2.4)
     * keeps the old one. .so.7 gets the 7.x declaration, hipMemsetParams_v7. Read in CUDA's
     * order, these parameters would have elementSize 0 (the high half of height) and be refused;
     * the parameters read back must be those given (the node writes the same layout). */
    _Static_assert(sizeof(hipMemsetParams_v7) == 48 && offsetof(hipMemsetParams_v7, value) == 32,
                   "hipMemsetParams_v7 has ROCm 7.x's layout");
    hipGraph_t g;
    hipGraphNode_t n;
    hipGraphCreate(&g, 0);
    hipError_t add;
    int back_ok;
    if (abi >= 7) {
        hipMemsetParams_v7 m7 = {.dst = d, .elementSize = 1, .height = 1, .pitch = 64, .value = 0x11, .width = 64};
        hipMemsetParams_v7 b7;
        memset(&b7, 0, sizeof b7);
        add = hipGraphAddMemsetNode(&n, g, NULL, 0, (const hipMemsetParams *)&m7);
        back_ok = add == hipSuccess && hipGraphMemsetNodeGetParams(n, (hipMemsetParams *)&b7) == hipSuccess &&
                  b7.dst == d && b7.elementSize == 1 && b7.height == 1 && b7.value == 0x11 && b7.width == 64;
    } else {
        hipMemsetParams m5 = {.dst = d, .elementSize = 1, .height = 1, .pitch = 64, .value = 0x11, .width = 64};
        hipMemsetParams b5;
        memset(&b5, 0, sizeof b5);
        add = hipGraphAddMemsetNode(&n, g, NULL, 0, &m5);
        back_ok = add == hipSuccess && hipGraphMemsetNodeGetParams(n, &b5) == hipSuccess &&
                  b5.dst == d && b5.elementSize == 1 && b5.height == 1 && b5.value == 0x11 && b5.width == 64;
    }
    check(back_ok, "memset graph node parameters read back in this ABI's layout");
    hipGraphExec_t ge;
    unsigned char h[64];
    int ok = add == hipSuccess && hipGraphInstantiate(&ge, g, NULL, NULL, 0) == hipSuccess &&
             hipGraphLaunch(ge, NULL) == hipSuccess && hipMemcpy(h, d, 64, hipMemcpyDeviceToHost) == hipSuccess;
    for (int i = 0; ok && i < 64; i++) ok = h[i] == 0x11;
    check(ok, "memset graph node in this ABI's parameter layout");
    printf("abi_versions(%d): %s\n", abi, failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
