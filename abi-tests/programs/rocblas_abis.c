/* Behaviour that differs between the rocBLAS ABIs one archive serves, through the staged
 * files a client links: librocblas.so.0 (rocBLAS 2.47: in-place trmm), .so.4 (4.x:
 * out-of-place trmm under the same name, ILP64 _64 forms) and .so.5 (5.x: as 4.x, atomics
 * not allowed by default). Declarations written out from rocBLAS's headers (oxrocm ships no
 * rocBLAS header). Usage: rocblas_abis 0|4|5 */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *rocblas_handle;
typedef int rocblas_status;
enum { rocblas_status_success = 0, rocblas_status_invalid_size = 4, rocblas_status_invalid_value = 11 };
enum { rocblas_operation_none = 111, rocblas_fill_upper = 121, rocblas_diagonal_non_unit = 131, rocblas_side_left = 141 };
enum { rocblas_atomics_not_allowed = 0, rocblas_atomics_allowed = 1 };

rocblas_status rocblas_create_handle(rocblas_handle *handle);
rocblas_status rocblas_destroy_handle(rocblas_handle handle);
rocblas_status rocblas_get_atomics_mode(rocblas_handle handle, int *mode);
rocblas_status rocblas_get_version_string(char *buf, size_t len);
/* The ABI-dependent trmm, called through a pointer of the signature the ABI declares. */
typedef rocblas_status (*trmm_inplace_t)(rocblas_handle, int, int, int, int, int, int, const float *, const float *, int,
                                         float *, int);
typedef rocblas_status (*trmm_outofplace_t)(rocblas_handle, int, int, int, int, int, int, const float *, const float *,
                                            int, const float *, int, float *, int);
/* Resolved at run time: absent from .so.0, whose clients never call it. */
typedef rocblas_status (*saxpy_64_t)(rocblas_handle, int64_t, const float *, const float *, int64_t, float *, int64_t);

static int failures;
static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

static float *dev(const float *h, size_t n) {
    void *d = NULL;
    if (hipMalloc(&d, n * sizeof(float)) != hipSuccess || hipMemcpy(d, h, n * sizeof(float), hipMemcpyHostToDevice) != hipSuccess)
        exit(2);
    return d;
}
static void get(float *h, const float *d, size_t n) {
    if (hipMemcpy(h, d, n * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) exit(2);
}

int main(int argc, char **argv) {
    int abi = argc > 1 ? atoi(argv[1]) : 0;
    rocblas_handle h = NULL;
    check(rocblas_create_handle(&h) == rocblas_status_success, "rocblas_create_handle");

    char version[64] = "";
    check(rocblas_get_version_string(version, sizeof version) == rocblas_status_success &&
              strncmp(version, abi == 0 ? "2.47." : abi == 4 ? "4." : "5.", abi == 0 ? 5 : 2) == 0,
          "version string of this ABI");
    printf("  version %s\n", version);

    int atomics = -1;
    check(rocblas_get_atomics_mode(h, &atomics) == rocblas_status_success &&
              atomics == (abi >= 5 ? rocblas_atomics_not_allowed : rocblas_atomics_allowed),
          "default atomics mode of this ABI");

    /* 2 x 2 upper triangular A = [1 2; 0 3], B = [1 0; 1 1]: A B = [3 2; 3 3] (column major) */
    const float a[4] = {1, 0, 2, 3}, b[4] = {1, 1, 0, 1}, ab[4] = {3, 3, 2, 3}, alpha = 1;
    float *da = dev(a, 4), *db = dev(b, 4), out[4];
    void *strmm = dlsym(RTLD_DEFAULT, "rocblas_strmm");
    if (strmm == NULL) {
        check(0, "rocblas_strmm exported");
    } else if (abi == 0) {
        trmm_inplace_t trmm = (trmm_inplace_t)strmm;
        check(trmm(h, rocblas_side_left, rocblas_fill_upper, rocblas_operation_none, rocblas_diagonal_non_unit, 2, 2, &alpha,
                   da, 2, db, 2) == rocblas_status_success,
              "rocblas_strmm in place (12 arguments)");
        get(out, db, 4);
        check(memcmp(out, ab, sizeof out) == 0, "B := A B");
    } else {
        trmm_outofplace_t trmm = (trmm_outofplace_t)strmm;
        const float zero[4] = {0};
        float *dc = dev(zero, 4);
        check(trmm(h, rocblas_side_left, rocblas_fill_upper, rocblas_operation_none, rocblas_diagonal_non_unit, 2, 2, &alpha,
                   da, 2, db, 2, dc, 2) == rocblas_status_success,
              "rocblas_strmm out of place (14 arguments)");
        get(out, dc, 4);
        check(memcmp(out, ab, sizeof out) == 0, "C := A B");
        get(out, db, 4);
        check(memcmp(out, b, sizeof out) == 0, "B unchanged");
        check(trmm(h, rocblas_side_left, rocblas_fill_upper, rocblas_operation_none, rocblas_diagonal_non_unit, 2, 2, &alpha,
                   da, 2, db, 2, db, 3) == rocblas_status_invalid_value,
              "C == B with ldc != ldb: invalid_value");
    }

    saxpy_64_t saxpy_64 = (saxpy_64_t)dlsym(RTLD_DEFAULT, "rocblas_saxpy_64");
    if (abi == 0) {
        check(saxpy_64 == NULL, "no ILP64 forms in the 2.47 ABI");
    } else if (saxpy_64 == NULL) {
        check(0, "rocblas_saxpy_64 exported");
    } else {
        const float x[3] = {1, 2, 3}, y[3] = {10, 20, 30}, two = 2;
        float *dx = dev(x, 3), *dy = dev(y, 3), got[3];
        /* n beyond 32 bits with a null x: an error, not the quick return n = 0 would be */
        check(saxpy_64(h, (int64_t)1 << 32, &two, NULL, 1, dy, 1) != rocblas_status_success, "saxpy_64 keeps 64-bit n");
        check(saxpy_64(h, 3, &two, dx, 1, dy, 1) == rocblas_status_success, "rocblas_saxpy_64");
        get(got, dy, 3);
        check(got[0] == 12 && got[1] == 24 && got[2] == 36, "y := 2 x + y");
    }
    check(rocblas_destroy_handle(h) == rocblas_status_success, "rocblas_destroy_handle");
    return failures != 0;
}
