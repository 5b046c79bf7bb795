/* A process that used HIP streams forks; the child keeps using the runtime (as RCCL's
 * tests do after counting devices in the parent). The child must not hang on streams
 * whose worker threads stayed in the parent. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
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
    if (pid == 0) _exit(round_trip(s, 3) && round_trip(NULL, 4) ? 0 : 1);
    int status = 0;
    waitpid(pid, &status, 0);
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && round_trip(s, 5);
    printf("%s streams keep working in a forked child\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
