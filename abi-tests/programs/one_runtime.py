"""One runtime per process from Python: ctypes.CDLL opens libraries with RTLD_LOCAL.

Usage: python3 one_runtime.py LIBDIR HIP_MAJOR ROCBLAS_MAJOR

Allocates through libamdhip64.so.HIP_MAJOR, runs rocblas_sscal and rocblas_sgemm through
librocblas.so.ROCBLAS_MAJOR (which brings libamdhip64.so.5) on those pointers, and checks
the results against a float64 reference computed here. Exit status 0 only if all pass."""
import ctypes
import sys

libdir, hip_major, blas_major = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
hip = ctypes.CDLL(f"{libdir}/libamdhip64.so.{hip_major}")  # RTLD_LOCAL (ctypes' default)
blas = ctypes.CDLL(f"{libdir}/librocblas.so.{blas_major}")
failures = 0


def check(ok, what):
    global failures
    print(("PASS " if ok else "FAIL ") + what)
    failures += not ok


def loaded(part):
    with open("/proc/self/maps") as f:
        return {line.split()[-1] for line in f if part in line}


check(len(loaded("liboxrocm-runtime.so")) == 1, "exactly one runtime file in the process")

H2D, D2H, OP_NONE, OP_T = 1, 2, 111, 112
FloatArray = ctypes.c_float * 1


def device(values):
    n = len(values)
    p = ctypes.c_void_p()
    check(hip.hipMalloc(ctypes.byref(p), ctypes.c_size_t(4 * n)) == 0 and p.value, "hipMalloc")
    host = (ctypes.c_float * n)(*values)
    check(hip.hipMemcpy(p, host, ctypes.c_size_t(4 * n), H2D) == 0, "hipMemcpy to the device")
    return p


def host(p, n):
    out = (ctypes.c_float * n)()
    check(hip.hipMemcpy(out, p, ctypes.c_size_t(4 * n), D2H) == 0, "hipMemcpy back")
    return list(out)


handle = ctypes.c_void_p()
check(blas.rocblas_create_handle(ctypes.byref(handle)) == 0, "rocblas_create_handle")

n = 1000
x = [float(i % 37) - 18.5 for i in range(n)]
dx = device(x)
alpha = ctypes.c_float(2.5)
st = blas.rocblas_sscal(handle, n, ctypes.byref(alpha), dx, 1)
check(st == 0, f"rocblas_sscal on the HIP allocation returns {st}")
check(hip.hipDeviceSynchronize() == 0, "hipDeviceSynchronize")
check(host(dx, n) == [v * 2.5 for v in x], "sscal result (x * 2.5 exactly)")

# column-major C (m x nn) = A^T B, A stored k x m, B stored k x nn
m, nn, k = 37, 29, 53
a = [((i * 7) % 11) / 8.0 - 0.6 for i in range(k * m)]
b = [((i * 5) % 13) / 4.0 - 1.5 for i in range(k * nn)]
a32 = list((ctypes.c_float * len(a))(*a))  # the float32 values the device sees
b32 = list((ctypes.c_float * len(b))(*b))
da, db, dc = device(a), device(b), device([0.0] * (m * nn))
one, zero = ctypes.c_float(1.0), ctypes.c_float(0.0)
st = blas.rocblas_sgemm(handle, OP_T, OP_NONE, m, nn, k, ctypes.byref(one), da, k, db, k, ctypes.byref(zero), dc, m)
check(st == 0, f"rocblas_sgemm returns {st}")
c = host(dc, m * nn)
worst = 0.0
for j in range(nn):
    for i in range(m):
        ref = sum(a32[i * k + kk] * b32[j * k + kk] for kk in range(k))
        worst = max(worst, abs(ref - c[j * m + i]) / (1.0 + abs(ref)))
check(worst < 1e-5, f"sgemm matches the float64 reference (worst relative error {worst:.3g})")

blas.rocblas_destroy_handle(handle)
for p in (dx, da, db, dc):
    hip.hipFree(p)
print(f"{'FAIL' if failures else 'PASS'}: {failures} failures")
sys.exit(1 if failures else 0)
