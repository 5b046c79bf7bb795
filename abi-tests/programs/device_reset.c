/* hipDeviceReset releases the device's memory and streams; the device stays usable. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>

int main(void) {
    void *d = NULL, *pinned = NULL;
    hipStream_t s;
    int ok = hipMalloc(&d, 1 << 20) == hipSuccess && hipHostMalloc(&pinned, 4096, 0) == hipSuccess &&
             hipStreamCreate(&s) == hipSuccess && hipMemsetAsync(d, 1, 1 << 20, s) == hipSuccess;
    ok &= hipDeviceReset() == hipSuccess;
    ok &= hipFree(d) == hipErrorInvalidValue;       /* already released */
    ok &= hipStreamQuery(s) == hipErrorInvalidHandle;
    ok &= hipMalloc(&d, 64) == hipSuccess && hipMemset(d, 0, 64) == hipSuccess && hipFree(d) == hipSuccess;
    printf("%s hipDeviceReset releases memory and streams\n", ok ? "PASS" : "FAIL");
    return !ok;
}
