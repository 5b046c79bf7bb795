/* A client that links only librocblas (found through its own RUNPATH, no LD_LIBRARY_PATH):
 * librocblas's own dependency, libamdhip64.so.5, must resolve to the file beside it (its
 * RUNPATH $ORIGIN), not to another libamdhip64.so.5 in the system path (Debian's real one,
 * installed with hipcc). The HIP entry points are looked up at run time from the libamdhip64
 * the loader chose; the program reports which file that is, then scales a vector on the
 * device with rocblas_sscal. Usage: runpath EXPECTED_LIB_DIR */
#define _GNU_SOURCE /* RTLD_DEFAULT, dladdr */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef void *rocblas_handle;
typedef int rocblas_status;
rocblas_status rocblas_create_handle(rocblas_handle *handle);
rocblas_status rocblas_destroy_handle(rocblas_handle handle);
rocblas_status rocblas_sscal(rocblas_handle handle, int n, const float *alpha, float *x, int incx);

typedef int (*hip_malloc_t)(void **ptr, size_t size);
typedef int (*hip_memcpy_t)(void *dst, const void *src, size_t size, int kind);
typedef int (*hip_free_t)(void *ptr);
enum { hipMemcpyHostToDevice = 1, hipMemcpyDeviceToHost = 2 };

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: runpath EXPECTED_LIB_DIR\n");
        return 2;
    }
    hip_malloc_t hip_malloc = (hip_malloc_t)dlsym(RTLD_DEFAULT, "hipMalloc");
    hip_memcpy_t hip_memcpy = (hip_memcpy_t)dlsym(RTLD_DEFAULT, "hipMemcpy");
    hip_free_t hip_free = (hip_free_t)dlsym(RTLD_DEFAULT, "hipFree");
    if (!hip_malloc || !hip_memcpy || !hip_free) {
        printf("FAIL no HIP entry points loaded with librocblas\n");
        return 1;
    }
    Dl_info info;
    if (!dladdr((void *)hip_malloc, &info) || !info.dli_fname) {
        printf("FAIL dladdr(hipMalloc)\n");
        return 1;
    }
    size_t dir_len = strlen(argv[1]);
    int beside = strncmp(info.dli_fname, argv[1], dir_len) == 0 && info.dli_fname[dir_len] == '/';
    printf("libamdhip64: %s\n", info.dli_fname);
    if (!beside) {
        printf("FAIL libamdhip64 did not resolve to %s\n", argv[1]);
        return 1;
    }

    enum { n = 64 };
    float host[n], back[n];
    for (int i = 0; i < n; i++) host[i] = (float)i - 20.5f;
    float *d = NULL;
    rocblas_handle h = NULL;
    const float alpha = -3.0f;
    if (hip_malloc((void **)&d, sizeof host) || hip_memcpy(d, host, sizeof host, hipMemcpyHostToDevice) ||
        rocblas_create_handle(&h) || rocblas_sscal(h, n, &alpha, d, 1) ||
        hip_memcpy(back, d, sizeof back, hipMemcpyDeviceToHost)) {
        printf("FAIL a HIP or rocBLAS call failed\n");
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) bad += back[i] != host[i] * alpha;
    rocblas_destroy_handle(h);
    hip_free(d);
    printf("%s rocblas_sscal through the HIP beside librocblas (%d wrong)\n", bad ? "FAIL" : "PASS", bad);
    return bad != 0;
}
