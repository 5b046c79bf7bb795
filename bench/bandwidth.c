/* Transfer bandwidth and launch latency of the HIP runtime in use (oxrocm on its default
 * backend): device-to-device copy, pinned host-to-device and device-to-host copies, and
 * the cost of launching a small kernel (oxrocm's built-in fill) back to back and with a
 * synchronization after each. Prints "name value unit" lines; bench/cuda_reference.py
 * prints the same lines for CUDA (PyTorch) on the same machine.
 * Env: BENCH_MIB (copy size, default 1024), BENCH_ITERS (default 20). */
#include <hip/hip_runtime_api.h>
#include <oxrocm/oxrocm_private.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(x) do { hipError_t e_ = (x); if (e_ != hipSuccess) { fprintf(stderr, "%s: %s\n", #x, hipGetErrorName(e_)); exit(2); } } while (0)

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double copy_gbps(void *dst, const void *src, size_t bytes, hipMemcpyKind kind, int iters, hipStream_t s) {
    for (int i = 0; i < 3; i++) CHECK(hipMemcpyAsync(dst, src, bytes, kind, s)); /* warm-up (clocks) */
    CHECK(hipStreamSynchronize(s));
    hipEvent_t a, b;
    CHECK(hipEventCreate(&a));
    CHECK(hipEventCreate(&b));
    CHECK(hipEventRecord(a, s));
    for (int i = 0; i < iters; i++) CHECK(hipMemcpyAsync(dst, src, bytes, kind, s));
    CHECK(hipEventRecord(b, s));
    CHECK(hipEventSynchronize(b));
    float ms = 0;
    CHECK(hipEventElapsedTime(&ms, a, b));
    return (double)bytes * iters / (ms * 1e-3) / 1e9;
}

int main(void) {
    size_t mib = getenv("BENCH_MIB") ? strtoull(getenv("BENCH_MIB"), NULL, 10) : 1024;
    int iters = getenv("BENCH_ITERS") ? atoi(getenv("BENCH_ITERS")) : 20;
    size_t bytes = mib << 20;
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, 0));
    printf("device %s\n", p.name);
    hipStream_t s;
    CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
    void *d0, *d1, *h;
    CHECK(hipMalloc(&d0, bytes));
    CHECK(hipMalloc(&d1, bytes));
    CHECK(hipHostMalloc(&h, bytes, 0));
    memset(h, 1, bytes);
    printf("d2d_copy %.1f GB/s\n", copy_gbps(d1, d0, bytes, hipMemcpyDeviceToDevice, iters, s));
    printf("h2d_pinned %.1f GB/s\n", copy_gbps(d0, h, bytes, hipMemcpyHostToDevice, iters, s));
    printf("d2h_pinned %.1f GB/s\n", copy_gbps(h, d0, bytes, hipMemcpyDeviceToHost, iters, s));

    /* launch latency: a 1-workgroup fill of 256 words */
    uint64_t dst = (uint64_t)(uintptr_t)d0, count = 256;
    uint32_t value = 7;
    unsigned char push[20];
    memcpy(push, &dst, 8);
    memcpy(push + 8, &count, 8);
    memcpy(push + 16, &value, 4);
    oxrocm_range w = {dst, count * 4};
    int n = 2000;
    CHECK(oxrocm_private_v1_launch_builtin(s, "fill", push, sizeof push, 1, NULL, 0, &w, 1));
    CHECK(hipStreamSynchronize(s));
    double t0 = now();
    for (int i = 0; i < n; i++) CHECK(oxrocm_private_v1_launch_builtin(s, "fill", push, sizeof push, 1, NULL, 0, &w, 1));
    CHECK(hipStreamSynchronize(s));
    double back_to_back = (now() - t0) / n * 1e6;
    /* launch + synchronize, one at a time: mean and median of 2000 round trips */
    enum { ROUNDS = 2000 };
    static double each[ROUNDS];
    double sum = 0, launch_call = 0;
    for (int i = 0; i < ROUNDS; i++) {
        double t = now();
        CHECK(oxrocm_private_v1_launch_builtin(s, "fill", push, sizeof push, 1, NULL, 0, &w, 1));
        double launched = now();
        CHECK(hipStreamSynchronize(s));
        each[i] = (now() - t) * 1e6;
        launch_call += (launched - t) * 1e6 / ROUNDS;
        sum += each[i];
    }
    double with_sync = sum / ROUNDS;
    qsort(each, ROUNDS, sizeof each[0], by_value);
    printf("launch_back_to_back %.2f us\n", back_to_back);
    printf("launch_and_sync %.2f us (median %.2f; the launch call %.2f)\n", with_sync, each[ROUNDS / 2], launch_call);
    uint32_t check[256];
    CHECK(hipMemcpy(check, d0, sizeof check, hipMemcpyDeviceToHost));
    for (int i = 0; i < 256; i++) if (check[i] != 7) { fprintf(stderr, "fill kernel wrong at %d\n", i); return 1; }
    return 0;
}
