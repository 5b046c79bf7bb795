/* ROCm environment conventions: prints what HIP_VISIBLE_DEVICES and OXROCM_CPU_DEVICES
 * expose (device count and each device's PCI bus id), then makes one failing call and one
 * call of an unimplemented entry point so that AMD_LOG_LEVEL output can be checked. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>

int main(void) {
    int n = 0;
    hipError_t e = hipGetDeviceCount(&n);
    printf("count %d %s\n", n, hipGetErrorName(e));
    for (int i = 0; i < n; i++) {
        char bus[32] = {0};
        hipDeviceGetPCIBusId(bus, sizeof bus, i);
        printf("device %d %s\n", i, bus);
    }
    printf("set %s\n", hipGetErrorName(hipSetDevice(n)));
    printf("profiler %s\n", hipGetErrorName(hipProfilerStart()));
    printf("profiler %s\n", hipGetErrorName(hipProfilerStart()));
    return 0;
}
