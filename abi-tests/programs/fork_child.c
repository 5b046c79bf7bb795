/* A process that used HIP streams forks; the child keeps using the runtime (as RCCL's
 * tests do after counting devices in the parent). The child must not hang on streams
 * whose worker threads stayed in the parent. On the Vulkan backend the driver's devices
 * do not survive fork (as with ROCm and CUDA): there the child must get a clean
 * hipErrorNotInitialized from device calls, still answer queries, and the parent must
 * keep working. */
#include <hip/hip_runtime_api.h>
#include <oxrocm/oxrocm_private.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int round_trip(hipStream_t s, int value) {
    int *d = NULL, h = 0;
    if (hipMalloc((void **)&d, sizeof h) != hipSuccess) return 0;
    if (hipMemsetD32Async(d, value, 1, s) != hipSuccess) return 0;
    if (hipMemcpyAsync(&h, d, sizeof h, hipMemcpyDeviceToHost, s) != hipSuccess) return 0;
    if (hipStreamSynchronize(s) != hipSuccess) return 0;
    hipFree(d);
    return h == value;
}

int main(void) {
    hipStream_t s;
    if (hipStreamCreate(&s) != hipSuccess || !round_trip(s, 1) || !round_trip(NULL, 2)) {
        printf("FAIL parent\n");
        return 1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        if (strcmp(oxrocm_private_v1_backend_name(), "vulkan") == 0) {
            int *d = NULL, count = 0;
            int clean = hipMalloc((void **)&d, 64) == hipErrorNotInitialized &&
                        hipGetDeviceCount(&count) == hipSuccess && count > 0 &&
                        hipStreamSynchronize(s) == hipSuccess;
            _exit(clean ? 0 : 1);
        }
        _exit(round_trip(s, 3) && round_trip(NULL, 4) ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && round_trip(s, 5);
    printf("%s %s\n", ok ? "PASS" : "FAIL",
           strcmp(oxrocm_private_v1_backend_name(), "vulkan") == 0
               ? "a forked child gets hipErrorNotInitialized from the Vulkan devices; the parent keeps working"
               : "streams keep working in a forked child");
    return ok ? 0 : 1;
}
