/* A host-only HIP program as ROCm users build it: compiled by Debian's hipcc and linked
 * against Debian's libamdhip64, then run unchanged on oxrocm's library. It exercises
 * device queries, memory, copies, streams and events, and checks the results. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                                   \
    do {                                                                              \
        hipError_t e_ = (call);                                                       \
        if (e_ != hipSuccess) {                                                       \
            printf("FAIL %s -> %s (%d)\n", #call, hipGetErrorString(e_), (int)e_);   \
            return 2;                                                                 \
        }                                                                             \
    } while (0)

int main(void) {
    int n = 0, dev = -1, version = 0;
    CHECK(hipGetDeviceCount(&n));
    CHECK(hipSetDevice(n - 1));
    CHECK(hipGetDevice(&dev));
    CHECK(hipRuntimeGetVersion(&version));
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, dev));
    printf("devices %d, using %d: %s (%s), %d CUs, runtime %d\n", n, dev, p.name, p.gcnArchName,
           p.multiProcessorCount, version);

    enum { N = 1 << 20 };
    static int host[N], back[N];
    for (int i = 0; i < N; i++) host[i] = i ^ 0x5a5a;
    int *d = NULL, *pinned = NULL;
    CHECK(hipMalloc((void **)&d, sizeof host));
    CHECK(hipHostMalloc((void **)&pinned, sizeof host, 0));
    hipStream_t s;
    hipEvent_t a, b;
    CHECK(hipStreamCreate(&s));
    CHECK(hipEventCreate(&a));
    CHECK(hipEventCreate(&b));
    CHECK(hipEventRecord(a, s));
    CHECK(hipMemcpyAsync(d, host, sizeof host, hipMemcpyHostToDevice, s));
    CHECK(hipMemsetAsync(d, 0xff, 64 * sizeof(int), s));
    CHECK(hipMemcpyAsync(pinned, d, sizeof host, hipMemcpyDeviceToHost, s));
    CHECK(hipEventRecord(b, s));
    CHECK(hipStreamSynchronize(s));
    float ms = 0;
    CHECK(hipEventElapsedTime(&ms, a, b));
    CHECK(hipMemcpy(back, d, sizeof back, hipMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        int want = i < 64 ? -1 : (i ^ 0x5a5a);
        if (pinned[i] != want || back[i] != want) {
            printf("FAIL data mismatch at %d: %d %d want %d\n", i, pinned[i], back[i], want);
            return 1;
        }
    }
    if (hipMalloc(NULL, 4) != hipErrorInvalidValue) {
        printf("FAIL hipMalloc(NULL) did not return hipErrorInvalidValue\n");
        return 1;
    }
    CHECK(hipStreamDestroy(s));
    CHECK(hipFree(d));
    CHECK(hipHostFree(pinned));
    printf("PASS hipcc host program (%.3f ms for the async round trip)\n", ms);
    return 0;
}
