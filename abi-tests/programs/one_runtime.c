/* One runtime per process, however the HIP files get loaded.
 *
 * Usage: one_runtime LIBDIR HIP_MAJOR ROCBLAS_MAJOR
 *
 * Opens LIBDIR/libamdhip64.so.HIP_MAJOR and LIBDIR/librocblas.so.ROCBLAS_MAJOR with
 * dlopen(RTLD_LOCAL) (as Python's ctypes and plugin loaders do; our librocblas needs
 * libamdhip64.so.5, so three HIP files end up in the process), allocates through HIP, runs
 * rocblas_sscal and rocblas_sgemm through rocBLAS on those pointers and checks the results
 * against a double-precision reference. Built with -DLINKED_HIP, the program links
 * libamdhip64.so.HIP_MAJOR instead of opening it. It also checks that the HIP file it called
 * kept its own ABI's rules (hipGetLastError: the last failure in 7.x, the last call's status
 * before) and that exactly one runtime file is in the process. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*malloc_fn)(void **, size_t);
typedef int (*free_fn)(void *);
typedef int (*memcpy_fn)(void *, const void *, size_t, int);
typedef int (*status_fn)(void);
typedef int (*set_device_fn)(int);
typedef int (*handle_fn)(void **);
typedef int (*destroy_fn)(void *);
typedef int (*sscal_fn)(void *, int, const float *, float *, int);
typedef int (*sgemm_fn)(void *, int, int, int, int, int, const float *, const float *, int, const float *, int,
                        const float *, float *, int);

#ifdef LINKED_HIP
int hipMalloc(void **, size_t);
int hipFree(void *);
int hipMemcpy(void *, const void *, size_t, int);
int hipGetLastError(void);
int hipSetDevice(int);
int hipDeviceSynchronize(void);
#endif

enum { H2D = 1, D2H = 2, OP_NONE = 111, OP_TRANSPOSE = 112 };

static int failures;
static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

static void *need(void *lib, const char *name) {
    void *f = dlsym(lib, name);
    if (!f) {
        fprintf(stderr, "dlsym %s: %s\n", name, dlerror());
        exit(2);
    }
    return f;
}

static void *open_local(const char *dir, const char *file) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "dlopen %s: %s\n", path, dlerror());
        exit(2);
    }
    return h;
}

/* Counts loaded objects whose file name contains `part`. */
struct count { const char *part; int n; };
static int count_objects(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct count *c = data;
    if (info->dlpi_name && strstr(info->dlpi_name, c->part)) c->n++;
    return 0;
}
static int loaded(const char *part) {
    struct count c = {part, 0};
    dl_iterate_phdr(count_objects, &c);
    return c.n;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s LIBDIR HIP_MAJOR ROCBLAS_MAJOR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    int hip_abi = atoi(argv[2]), blas_abi = atoi(argv[3]);
    char name[64];

#ifdef LINKED_HIP
    malloc_fn hip_malloc = hipMalloc;
    free_fn hip_free = hipFree;
    memcpy_fn hip_memcpy = hipMemcpy;
    status_fn hip_last = hipGetLastError, hip_sync = hipDeviceSynchronize;
    set_device_fn hip_set = hipSetDevice;
#else
    snprintf(name, sizeof name, "libamdhip64.so.%d", hip_abi);
    void *hip = open_local(dir, name);
    malloc_fn hip_malloc = (malloc_fn)need(hip, "hipMalloc");
    free_fn hip_free = (free_fn)need(hip, "hipFree");
    memcpy_fn hip_memcpy = (memcpy_fn)need(hip, "hipMemcpy");
    status_fn hip_last = (status_fn)need(hip, "hipGetLastError");
    status_fn hip_sync = (status_fn)need(hip, "hipDeviceSynchronize");
    set_device_fn hip_set = (set_device_fn)need(hip, "hipSetDevice");
#endif
    snprintf(name, sizeof name, "librocblas.so.%d", blas_abi);
    void *blas = open_local(dir, name);
    handle_fn create = (handle_fn)need(blas, "rocblas_create_handle");
    destroy_fn destroy = (destroy_fn)need(blas, "rocblas_destroy_handle");
    sscal_fn sscal = (sscal_fn)need(blas, "rocblas_sscal");
    sgemm_fn sgemm = (sgemm_fn)need(blas, "rocblas_sgemm");

    check(loaded("liboxrocm-runtime.so") == 1, "exactly one runtime file in the process");
    check(loaded("libamdhip64.so.5") == 1, "librocblas brought its libamdhip64.so.5 (two HIP files, one runtime)");

    /* rocblas_sscal on memory from hipMalloc through the other HIP file */
    enum { N = 1000 };
    float x[N], back[N];
    for (int i = 0; i < N; i++) x[i] = (float)(i % 37) - 18.5f;
    float *dx = NULL;
    check(hip_malloc((void **)&dx, sizeof x) == 0 && dx, "hipMalloc");
    check(hip_memcpy(dx, x, sizeof x, H2D) == 0, "hipMemcpy to the device");
    void *handle = NULL;
    check(create(&handle) == 0, "rocblas_create_handle");
    const float alpha = 2.5f;
    int st = sscal(handle, N, &alpha, dx, 1);
    printf("rocblas_sscal returned %d\n", st);
    check(st == 0, "rocblas_sscal on the HIP allocation succeeds");
    check(hip_sync() == 0, "hipDeviceSynchronize");
    check(hip_memcpy(back, dx, sizeof back, D2H) == 0, "hipMemcpy back");
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += back[i] != x[i] * alpha;
    check(wrong == 0, "sscal result (x * 2.5 exactly)");

    /* rocblas_sgemm, column-major C = A^T B with a float64 reference */
    enum { M = 37, NN = 29, K = 53 };
    static float a[K * M], b[K * NN], c[M * NN];
    for (int i = 0; i < K * M; i++) a[i] = (float)((i * 7) % 11) / 8.0f - 0.6f;
    for (int i = 0; i < K * NN; i++) b[i] = (float)((i * 5) % 13) / 4.0f - 1.5f;
    float *da, *db, *dc;
    check(hip_malloc((void **)&da, sizeof a) == 0 && hip_malloc((void **)&db, sizeof b) == 0 &&
              hip_malloc((void **)&dc, sizeof c) == 0,
          "hipMalloc for gemm");
    hip_memcpy(da, a, sizeof a, H2D);
    hip_memcpy(db, b, sizeof b, H2D);
    const float one = 1.0f, zero = 0.0f;
    st = sgemm(handle, OP_TRANSPOSE, OP_NONE, M, NN, K, &one, da, K, db, K, &zero, dc, M);
    check(st == 0, "rocblas_sgemm succeeds");
    check(hip_memcpy(c, dc, sizeof c, D2H) == 0, "hipMemcpy gemm result back");
    double worst = 0;
    for (int j = 0; j < NN; j++)
        for (int i = 0; i < M; i++) {
            double ref = 0;
            for (int k = 0; k < K; k++) ref += (double)a[i * K + k] * (double)b[j * K + k];
            double err = fabs(ref - c[j * M + i]) / (1.0 + fabs(ref));
            if (err > worst) worst = err;
        }
    printf("sgemm worst relative error %.3g\n", worst);
    check(worst < 1e-5, "sgemm matches the float64 reference");

    /* the HIP file the program called keeps its ABI's hipGetLastError rule, although
     * rocBLAS called the runtime through libamdhip64.so.5 in between */
    (void)hip_last();
    check(hip_set(99) != 0, "hipSetDevice(99) fails");
    check(sscal(handle, N, &alpha, dx, 1) == 0, "a rocBLAS call in between");
    check(hip_sync() == 0, "a later HIP call succeeds");
    int last = hip_last();
    check(hip_abi >= 7 ? last != 0 : last == 0, "hipGetLastError follows the rules of the file called");

    destroy(handle);
    hip_free(dx);
    hip_free(da);
    hip_free(db);
    hip_free(dc);
    printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
    return failures != 0;
}
