/* Behaviour that differs between the HIP ABIs one build serves: run against
 * libamdhip64.so.5 (ROCm 5.7 semantics) and .so.7 (ROCm 7 semantics).
 * Usage: abi_versions 5|7 */
#include <hip/hip_runtime_api.h>
#include <hip/oxrocm_abi_variants.h>
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

    /* Memset graph node parameters: 5.x/6.x member order vs 7.x (CUDA) order. */
    hipGraph_t g;
    hipGraphNode_t n;
    hipGraphCreate(&g, 0);
    hipError_t add;
    if (abi >= 7) {
        hipMemsetParams_v7 m7 = {d, 64, 0x11, 1, 64, 1};
        add = hipGraphAddMemsetNode(&n, g, NULL, 0, (const hipMemsetParams *)&m7);
    } else {
        hipMemsetParams m5;
        memset(&m5, 0, sizeof m5);
        m5.dst = d; m5.value = 0x11; m5.elementSize = 1; m5.width = 64; m5.height = 1;
        add = hipGraphAddMemsetNode(&n, g, NULL, 0, &m5);
    }
    hipGraphExec_t ge;
    unsigned char h[64];
    int ok = add == hipSuccess && hipGraphInstantiate(&ge, g, NULL, NULL, 0) == hipSuccess &&
             hipGraphLaunch(ge, NULL) == hipSuccess && hipMemcpy(h, d, 64, hipMemcpyDeviceToHost) == hipSuccess;
    for (int i = 0; ok && i < 64; i++) ok = h[i] == 0x11;
    check(ok, "memset graph node in this ABI's parameter layout");
    printf("abi_versions(%d): %s\n", abi, failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
