/* Multi-stream, multi-device host program on the HIP C API: asynchronous copies between
 * pinned host memory and two devices, memsets, peer copies, events (ordering and timing),
 * stream callbacks and host functions, cross-stream waits, a captured graph replayed
 * several times, stream-ordered memory pools, 2-D/3-D copies, a host kernel launched with
 * hipLaunchKernel, and the error codes of bad calls. Every result is compared with a
 * reference computed on the host. Prints "PASS <check>" / "FAIL <check>" lines and exits
 * non-zero on any failure. Needs at least two devices (OXROCM_CPU_DEVICES=2). */
#include <hip/hip_runtime_api.h>
#include <oxrocm/oxrocm_private.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define HIP(call)                                                                          \
    do {                                                                                   \
        hipError_t e_ = (call);                                                            \
        if (e_ != hipSuccess) {                                                            \
            printf("FAIL %s:%d %s -> %s\n", __FILE__, __LINE__, #call, hipGetErrorName(e_)); \
            exit(2);                                                                       \
        }                                                                                  \
    } while (0)

static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    if (!ok) failures++;
}

static void expect(hipError_t got, hipError_t want, const char *what) {
    if (got != want) printf("    got %s, want %s\n", hipGetErrorName(got), hipGetErrorName(want));
    check(got == want, what);
}

/* ---- callbacks: each appends its tag to a log, so order is checkable ---- */
static int order_log[64];
static int order_len;
static float *callback_view; /* pinned buffer the callback inspects */
static float callback_saw;

static void stream_callback(hipStream_t s, hipError_t status, void *user) {
    (void)s;
    (void)status;
    order_log[order_len++] = (int)(intptr_t)user;
    callback_saw = callback_view[7];
}

static void host_fn(void *user) { order_log[order_len++] = (int)(intptr_t)user; }

/* ---- a host kernel: y[i] = a * x[i] + y[i] over the whole grid ---- */
static void saxpy_host(const oxrocm_launch_info *info, void *const *args) {
    float a = *(const float *)args[0];
    const float *x = *(float *const *)args[1];
    float *y = *(float *const *)args[2];
    int n = *(const int *)args[3];
    size_t total = (size_t)info->grid[0] * info->block[0];
    for (size_t i = 0; i < total && i < (size_t)n; i++) y[i] = a * x[i] + y[i];
}
static const char saxpy_handle = 0; /* the "kernel handle": any unique address */

/* ---- a host computation through the private interface: sum of a device buffer ---- */
struct sum_job {
    uint64_t src;
    size_t n;
    double *result;
    int released;
};
static int sum_compute(void *user, const void *view, oxrocm_host_ptr_fn host_ptr) {
    struct sum_job *j = user;
    const float *p = host_ptr(view, j->src);
    double s = 0;
    for (size_t i = 0; i < j->n; i++) s += p[i];
    *j->result += s;
    return 0;
}
static void sum_release(void *user) { ((struct sum_job *)user)->released++; }

enum { N = 1 << 16 };

static void test_devices(int *ndev) {
    HIP(hipGetDeviceCount(ndev));
    check(*ndev >= 2, "at least two devices");
    hipDeviceProp_t p;
    HIP(hipGetDeviceProperties(&p, 1));
    check(p.warpSize == 32 && strncmp(p.gcnArchName, "gfx", 3) == 0 && p.totalGlobalMem > 0 &&
              p.multiProcessorCount > 0,
          "device properties look like an AMD GPU");
    int v = 0;
    HIP(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0));
    check(v == 32, "hipDeviceGetAttribute(WarpSize)");
    int can = 0;
    HIP(hipDeviceCanAccessPeer(&can, 0, 1));
    check(can == 1, "peer access possible between the two devices");
    HIP(hipSetDevice(0));
    HIP(hipDeviceEnablePeerAccess(1, 0));
    expect(hipDeviceEnablePeerAccess(1, 0), hipErrorPeerAccessAlreadyEnabled, "enabling peer access twice");
}

static void test_async_pipeline(void) {
    /* device 0: H2D on s0, memset+copy on s1 after s0 (event), D2H, callbacks in order */
    float *h_in, *h_out, *d0a, *d0b, *d1;
    HIP(hipHostMalloc((void **)&h_in, N * sizeof(float), hipHostMallocDefault));
    HIP(hipHostMalloc((void **)&h_out, N * sizeof(float), hipHostMallocDefault));
    for (int i = 0; i < N; i++) h_in[i] = (float)i * 0.5f;
    HIP(hipSetDevice(0));
    HIP(hipMalloc((void **)&d0a, N * sizeof(float)));
    HIP(hipMalloc((void **)&d0b, N * sizeof(float)));
    HIP(hipSetDevice(1));
    HIP(hipMalloc((void **)&d1, N * sizeof(float)));
    HIP(hipSetDevice(0));

    hipStream_t s0, s1, s2;
    HIP(hipStreamCreateWithFlags(&s0, hipStreamNonBlocking));
    HIP(hipStreamCreateWithPriority(&s1, hipStreamNonBlocking, -1));
    HIP(hipSetDevice(1));
    HIP(hipStreamCreate(&s2));
    HIP(hipSetDevice(0));
    hipEvent_t copied, start, stop;
    HIP(hipEventCreateWithFlags(&copied, hipEventDisableTiming));
    HIP(hipEventCreate(&start));
    HIP(hipEventCreate(&stop));

    order_len = 0;
    callback_view = h_out;
    HIP(hipEventRecord(start, s0));
    HIP(hipMemcpyAsync(d0a, h_in, N * sizeof(float), hipMemcpyHostToDevice, s0));
    HIP(hipLaunchHostFunc(s0, host_fn, (void *)1));
    HIP(hipEventRecord(copied, s0));
    HIP(hipStreamWaitEvent(s1, copied, 0));
    HIP(hipMemsetAsync(d0b, 0, N * sizeof(float), s1));
    HIP(hipMemcpyAsync(d0b, d0a, N / 2 * sizeof(float), hipMemcpyDeviceToDevice, s1));
    /* to device 1 and back, on device 1's stream, after s1's work */
    HIP(hipEventRecord(copied, s1));
    HIP(hipStreamWaitEvent(s2, copied, 0));
    HIP(hipMemcpyPeerAsync(d1, 1, d0b, 0, N * sizeof(float), s2));
    HIP(hipMemcpyAsync(h_out, d1, N * sizeof(float), hipMemcpyDeviceToHost, s2));
    HIP(hipStreamAddCallback(s2, stream_callback, (void *)2, 0));
    HIP(hipLaunchHostFunc(s2, host_fn, (void *)3));
    HIP(hipEventRecord(stop, s2));
    HIP(hipEventSynchronize(stop));
    HIP(hipStreamSynchronize(s2));

    int ok = 1;
    for (int i = 0; i < N; i++) {
        float want = i < N / 2 ? (float)i * 0.5f : 0.0f;
        if (h_out[i] != want) { ok = 0; break; }
    }
    check(ok, "async H2D -> D2D (event-ordered) -> peer -> D2H pipeline");
    check(order_len == 3 && order_log[0] == 1 && order_log[1] == 2 && order_log[2] == 3,
          "callbacks and host functions run once, in stream order");
    check(callback_saw == 3.5f, "stream callback sees the copy queued before it");
    float ms = -1;
    HIP(hipEventElapsedTime(&ms, start, stop));
    check(ms >= 0.0f && ms < 60000.0f, "event elapsed time");
    expect(hipEventElapsedTime(&ms, start, copied), hipErrorInvalidHandle, "elapsed time with a DisableTiming event");
    expect(hipEventQuery(stop), hipSuccess, "event query after synchronize");
    expect(hipStreamQuery(s1), hipSuccess, "stream query after its work is done");

    HIP(hipStreamDestroy(s0));
    HIP(hipStreamDestroy(s1));
    HIP(hipStreamDestroy(s2));
    HIP(hipEventDestroy(copied));
    HIP(hipEventDestroy(start));
    HIP(hipEventDestroy(stop));
    HIP(hipFree(d0a));
    HIP(hipFree(d0b));
    HIP(hipFree(d1));
    HIP(hipHostFree(h_in));
    HIP(hipHostFree(h_out));
}

static void test_legacy_stream_ordering(void) {
    /* work on a blocking stream, then the NULL stream must see it */
    HIP(hipSetDevice(0));
    int *h, *back, *d;
    HIP(hipHostMalloc((void **)&h, 4096 * sizeof(int), 0));
    HIP(hipHostMalloc((void **)&back, 4096 * sizeof(int), 0));
    HIP(hipMalloc((void **)&d, 4096 * sizeof(int)));
    hipStream_t s;
    HIP(hipStreamCreate(&s));
    for (int i = 0; i < 4096; i++) h[i] = i;
    HIP(hipMemcpyAsync(d, h, 4096 * sizeof(int), hipMemcpyHostToDevice, s));
    HIP(hipMemsetD32Async(d, 7, 100, s));
    HIP(hipMemcpy(back, d, 4096 * sizeof(int), hipMemcpyDeviceToHost)); /* legacy stream waits for s */
    int ok = 1;
    for (int i = 0; i < 4096; i++) ok &= back[i] == (i < 100 ? 7 : i);
    check(ok, "legacy NULL stream waits for earlier work on blocking streams");
    HIP(hipStreamDestroy(s));
    HIP(hipFree(d));
    HIP(hipHostFree(h));
    HIP(hipHostFree(back));
}

static void test_graph_capture(void) {
    HIP(hipSetDevice(0));
    enum { M = 1024 };
    float *h, *d;
    HIP(hipHostMalloc((void **)&h, M * sizeof(float), 0));
    HIP(hipMalloc((void **)&d, M * sizeof(float)));
    hipStream_t s, fork;
    HIP(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
    HIP(hipStreamCreateWithFlags(&fork, hipStreamNonBlocking));
    hipEvent_t fe, je;
    HIP(hipEventCreateWithFlags(&fe, hipEventDisableTiming));
    HIP(hipEventCreateWithFlags(&je, hipEventDisableTiming));

    order_len = 0;
    for (int i = 0; i < M; i++) h[i] = (float)i;
    HIP(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
    hipStreamCaptureStatus st;
    HIP(hipStreamIsCapturing(s, &st));
    check(st == hipStreamCaptureStatusActive, "stream reports active capture");
    HIP(hipMemcpyAsync(d, h, M * sizeof(float), hipMemcpyHostToDevice, s));
    HIP(hipEventRecord(fe, s)); /* fork into a second stream */
    HIP(hipStreamWaitEvent(fork, fe, 0));
    HIP(hipMemsetD32Async(d, 0x40400000 /* 3.0f */, 16, fork));
    HIP(hipLaunchHostFunc(fork, host_fn, (void *)10));
    HIP(hipEventRecord(je, fork)); /* join */
    HIP(hipStreamWaitEvent(s, je, 0));
    HIP(hipMemcpyAsync(h, d, M * sizeof(float), hipMemcpyDeviceToHost, s));
    HIP(hipLaunchHostFunc(s, host_fn, (void *)11));
    hipGraph_t g;
    HIP(hipStreamEndCapture(s, &g));
    check(order_len == 0, "captured work does not run during capture");
    size_t nodes = 0;
    HIP(hipGraphGetNodes(g, NULL, &nodes));
    check(nodes == 5, "captured graph has the five operations as nodes");
    hipGraphExec_t ge;
    HIP(hipGraphInstantiate(&ge, g, NULL, NULL, 0));
    int ok = 1;
    for (int rep = 0; rep < 3; rep++) {
        for (int i = 0; i < M; i++) h[i] = (float)(i + rep);
        HIP(hipGraphLaunch(ge, s));
        HIP(hipStreamSynchronize(s));
        for (int i = 0; i < M; i++) ok &= h[i] == (i < 16 ? 3.0f : (float)(i + rep));
    }
    check(ok, "captured graph replayed three times gives the reference result");
    check(order_len == 6 && order_log[0] == 10 && order_log[1] == 11 && order_log[5] == 11,
          "graph host nodes run in dependency order on every launch");

    /* an explicitly built graph: memset -> host node, plus a child graph */
    hipGraph_t g2, child;
    HIP(hipGraphCreate(&g2, 0));
    HIP(hipGraphCreate(&child, 0));
    hipMemsetParams mp;
    memset(&mp, 0, sizeof mp);
    mp.dst = d;
    mp.value = 9;
    mp.elementSize = 4;
    mp.width = M;
    mp.height = 1;
    hipGraphNode_t n_set, n_host, n_child, n_copy;
    HIP(hipGraphAddMemsetNode(&n_set, g2, NULL, 0, &mp));
    HIP(hipGraphAddMemcpyNode1D(&n_copy, child, NULL, 0, h, d, M * sizeof(float), hipMemcpyDeviceToHost));
    HIP(hipGraphAddChildGraphNode(&n_child, g2, &n_set, 1, child));
    hipHostNodeParams hp = {host_fn, (void *)20};
    HIP(hipGraphAddHostNode(&n_host, g2, &n_child, 1, &hp));
    hipGraphNodeType t;
    HIP(hipGraphNodeGetType(n_set, &t));
    check(t == hipGraphNodeTypeMemset, "node type of a memset node");
    hipGraphExec_t ge2;
    HIP(hipGraphInstantiate(&ge2, g2, NULL, NULL, 0));
    order_len = 0;
    HIP(hipGraphLaunch(ge2, s));
    HIP(hipStreamSynchronize(s));
    ok = order_len == 1 && order_log[0] == 20;
    for (int i = 0; i < M; i++) ok &= ((int *)h)[i] == 9;
    check(ok, "explicit graph with a child graph");

    HIP(hipGraphExecDestroy(ge));
    HIP(hipGraphExecDestroy(ge2));
    HIP(hipGraphDestroy(g));
    HIP(hipGraphDestroy(g2));
    HIP(hipGraphDestroy(child));
    HIP(hipEventDestroy(fe));
    HIP(hipEventDestroy(je));
    HIP(hipStreamDestroy(s));
    HIP(hipStreamDestroy(fork));
    HIP(hipFree(d));
    HIP(hipHostFree(h));
}

static void test_memory_pools(void) {
    HIP(hipSetDevice(1));
    hipStream_t s;
    HIP(hipStreamCreate(&s));
    hipMemPool_t pool;
    HIP(hipDeviceGetDefaultMemPool(&pool, 1));
    uint64_t used0 = 0, used1 = 0, used2 = 0;
    HIP(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &used0));
    int *d, h[256];
    HIP(hipMallocAsync((void **)&d, sizeof h, s));
    HIP(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &used1));
    HIP(hipMemsetD32Async(d, 42, 256, s));
    HIP(hipMemcpyAsync(h, d, sizeof h, hipMemcpyDeviceToHost, s));
    HIP(hipFreeAsync(d, s));
    HIP(hipStreamSynchronize(s));
    HIP(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &used2));
    int ok = 1;
    for (int i = 0; i < 256; i++) ok &= h[i] == 42;
    check(ok, "stream-ordered allocation, use and free");
    check(used1 == used0 + sizeof h && used2 == used0, "pool reports used memory before and after free");

    hipMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = hipMemAllocationTypePinned;
    props.location.type = hipMemLocationTypeDevice;
    props.location.id = 1;
    hipMemPool_t own;
    HIP(hipMemPoolCreate(&own, &props));
    void *p;
    HIP(hipMallocFromPoolAsync(&p, 1000, own, s));
    HIP(hipFreeAsync(p, s));
    HIP(hipStreamSynchronize(s));
    HIP(hipMemPoolDestroy(own));
    check(1, "created pool allocates and is destroyed");
    HIP(hipStreamDestroy(s));
    HIP(hipSetDevice(0));
}

static void test_copies_2d_3d(void) {
    HIP(hipSetDevice(0));
    enum { W = 37, H = 11, D = 3 };
    unsigned char src[D][H][W], out[D][H][W];
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) src[z][y][x] = (unsigned char)(x * 7 + y * 13 + z * 29);
    void *dp;
    size_t pitch;
    HIP(hipMallocPitch(&dp, &pitch, W, H));
    check(pitch >= W && pitch % 256 == 0, "hipMallocPitch pitch");
    HIP(hipMemcpy2D(dp, pitch, src[0], W, W, H, hipMemcpyHostToDevice));
    memset(out, 0, sizeof out);
    HIP(hipMemcpy2D(out[0], W, dp, pitch, W, H, hipMemcpyDeviceToHost));
    check(memcmp(out[0], src[0], W * H) == 0, "2-D copy round trip through a pitched allocation");
    HIP(hipFree(dp));

    hipPitchedPtr pp;
    HIP(hipMalloc3D(&pp, make_hipExtent(W, H, D)));
    hipMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_hipPitchedPtr(src, W, W, H);
    p.dstPtr = pp;
    p.extent = make_hipExtent(W, H, D);
    p.kind = hipMemcpyHostToDevice;
    HIP(hipMemcpy3D(&p));
    HIP(hipMemset3D(pp, 0xAB, make_hipExtent(5, 2, 1)));
    memset(out, 0, sizeof out);
    memset(&p, 0, sizeof p);
    p.srcPtr = pp;
    p.dstPtr = make_hipPitchedPtr(out, W, W, H);
    p.extent = make_hipExtent(W, H, D);
    p.kind = hipMemcpyDeviceToHost;
    HIP(hipMemcpy3D(&p));
    int ok = 1;
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                ok &= out[z][y][x] == ((z == 0 && y < 2 && x < 5) ? 0xAB : src[z][y][x]);
    check(ok, "3-D copies and a 3-D memset");
    HIP(hipFree(pp.ptr));
}

static void test_host_kernel_and_compute(void) {
    HIP(hipSetDevice(0));
    size_t sizes[] = {sizeof(float), sizeof(float *), sizeof(float *), sizeof(int)};
    HIP(oxrocm_private_v1_register_host_kernel(&saxpy_handle, "saxpy_host", saxpy_host, sizes, 4));
    enum { M = 4096 };
    float hx[M], hy[M], ref[M];
    for (int i = 0; i < M; i++) {
        hx[i] = sinf((float)i);
        hy[i] = cosf((float)i);
        ref[i] = 2.5f * hx[i] + hy[i];
    }
    float *dx, *dy;
    HIP(hipMalloc((void **)&dx, sizeof hx));
    HIP(hipMalloc((void **)&dy, sizeof hy));
    HIP(hipMemcpy(dx, hx, sizeof hx, hipMemcpyHostToDevice));
    HIP(hipMemcpy(dy, hy, sizeof hy, hipMemcpyHostToDevice));
    float a = 2.5f;
    int n = M;
    void *args[] = {&a, &dx, &dy, &n};
    dim3 grid = {M / 256, 1, 1}, block = {256, 1, 1};
    HIP(hipLaunchKernel(&saxpy_handle, grid, block, args, 0, NULL));
    HIP(hipMemcpy(hy, dy, sizeof hy, hipMemcpyDeviceToHost));
    int ok = 1;
    for (int i = 0; i < M; i++) ok &= fabsf(hy[i] - ref[i]) <= 1e-6f * (1.0f + fabsf(ref[i]));
    check(ok, "hipLaunchKernel of a registered host kernel");
    dim3 bad = {2048, 1, 1};
    expect(hipLaunchKernel(&saxpy_handle, grid, bad, args, 0, NULL), hipErrorInvalidConfiguration,
           "launch with 2048 threads per block");
    expect(hipLaunchKernel((const void *)&n, grid, block, args, 0, NULL), hipErrorInvalidDeviceFunction,
           "launch of an unregistered function");

    double sum = 0, want = 0;
    for (int i = 0; i < M; i++) want += hx[i];
    struct sum_job job = {(uint64_t)(uintptr_t)dx, M, &sum, 0};
    oxrocm_range r = {(uint64_t)(uintptr_t)dx, sizeof hx};
    HIP(oxrocm_private_v1_enqueue_compute(NULL, sum_compute, &job, sum_release, &r, 1, NULL, 0));
    HIP(hipDeviceSynchronize());
    check(fabs(sum - want) < 1e-9 && job.released == 1, "private interface host computation over device memory");
    oxrocm_range outside = {(uint64_t)(uintptr_t)dx, sizeof hx + 4};
    expect(oxrocm_private_v1_enqueue_compute(NULL, sum_compute, &job, NULL, &outside, 1, NULL, 0),
           hipErrorInvalidValue, "compute op declaring a range past its allocation");
    HIP(hipFree(dx));
    HIP(hipFree(dy));
}

static void test_pointers_and_errors(void) {
    HIP(hipSetDevice(1));
    float *d, *h, *m;
    HIP(hipMalloc((void **)&d, 1000));
    HIP(hipHostMalloc((void **)&h, 1000, hipHostMallocMapped));
    HIP(hipMallocManaged((void **)&m, 1000, hipMemAttachGlobal));
    hipPointerAttribute_t a;
    HIP(hipPointerGetAttributes(&a, d + 10));
    check(a.type == hipMemoryTypeDevice && a.device == 1 && a.devicePointer == (void *)(d + 10),
          "pointer attributes of device memory (interior pointer)");
    HIP(hipPointerGetAttributes(&a, h));
    check(a.type == hipMemoryTypeHost && a.hostPointer == h, "pointer attributes of pinned host memory");
    HIP(hipPointerGetAttributes(&a, m));
    check(a.isManaged == 1, "pointer attributes of managed memory");
    m[3] = 4.0f; /* managed memory is host-accessible */
    float back = 0;
    HIP(hipMemcpy(&back, m + 3, sizeof back, hipMemcpyDeviceToHost));
    check(back == 4.0f, "managed memory written by the host is seen by a device copy");
    void *dp = NULL;
    HIP(hipHostGetDevicePointer(&dp, h, 0));
    check(dp != NULL, "hipHostGetDevicePointer of mapped pinned memory");
    static char plain[64];
    HIP(hipHostRegister(plain, sizeof plain, hipHostRegisterDefault));
    expect(hipHostRegister(plain, sizeof plain, 0), hipErrorHostMemoryAlreadyRegistered, "registering twice");
    HIP(hipHostUnregister(plain));
    expect(hipHostUnregister(plain), hipErrorHostMemoryNotRegistered, "unregistering twice");

    expect(hipMalloc(NULL, 16), hipErrorInvalidValue, "hipMalloc(NULL)");
    expect(hipSetDevice(99), hipErrorInvalidDevice, "hipSetDevice(99)");
    expect(hipMemcpy(d, d, 4, (hipMemcpyKind)77), hipErrorInvalidMemcpyDirection, "bad memcpy kind");
    expect(hipMemcpy(d, h, 2000, hipMemcpyHostToDevice), hipErrorInvalidValue, "copy past the end of an allocation");
    expect(hipMemset(d + 200, 0, 201), hipErrorInvalidValue, "memset past the end of an allocation");
    expect(hipStreamDestroy((hipStream_t)(intptr_t)0x12345678), hipErrorInvalidHandle, "destroying a garbage stream");
    hipEvent_t e;
    HIP(hipEventCreate(&e));
    HIP(hipEventDestroy(e));
    expect(hipEventRecord(e, NULL), hipErrorInvalidHandle, "recording a destroyed event");
    expect(hipFree((void *)0x1000), hipErrorInvalidValue, "freeing an unknown pointer");
    (void)hipGetLastError();
    (void)hipSetDevice(99);
    expect(hipGetLastError(), hipErrorInvalidDevice, "hipGetLastError reports the failed call");
    expect(hipGetLastError(), hipSuccess, "hipGetLastError resets");
    check(strcmp(hipGetErrorName(hipErrorInvalidValue), "hipErrorInvalidValue") == 0,
          "hipGetErrorName");
    HIP(hipFree(d));
    HIP(hipHostFree(h));
    HIP(hipFree(m));
    HIP(hipSetDevice(0));
}

int main(void) {
    int ndev = 0;
    test_devices(&ndev);
    if (ndev < 2) return 1;
    test_async_pipeline();
    test_legacy_stream_ordering();
    test_graph_capture();
    test_memory_pools();
    test_copies_2d_3d();
    test_host_kernel_and_compute();
    test_pointers_and_errors();
    HIP(hipDeviceSynchronize());
    printf("multistream: %s (%d failure%s)\n", failures ? "FAILED" : "all checks passed", failures,
           failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
