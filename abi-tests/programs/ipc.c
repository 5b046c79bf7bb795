/* Device memory shared between processes through IPC handles: a parent exports a buffer,
 * a forked child opens the handle, reads the parent's data and writes its own, and the
 * parent sees the child's writes. Also checks the error codes of bad handles. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 100000 };

int main(void) {
    int *d = NULL;
    static int h[N];
    for (int i = 0; i < N; i++) h[i] = i * 3;
    if (hipMalloc((void **)&d, N * sizeof(int)) != hipSuccess) return 2;
    hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
    hipIpcMemHandle_t handle;
    if (hipIpcGetMemHandle(&handle, d) != hipSuccess) { printf("FAIL get handle\n"); return 1; }

    pid_t pid = fork();
    if (pid == 0) {
        int *peer = NULL;
        static int seen[N];
        if (hipIpcOpenMemHandle((void **)&peer, handle, hipIpcMemLazyEnablePeerAccess) != hipSuccess) _exit(3);
        if (hipMemcpy(seen, peer, sizeof seen, hipMemcpyDeviceToHost) != hipSuccess) _exit(4);
        for (int i = 0; i < N; i++) if (seen[i] != i * 3) _exit(5);
        if (hipMemsetD32(peer, 77, 10) != hipSuccess) _exit(6);
        if (hipFree(peer) != hipErrorInvalidValue) _exit(7); /* imported memory is not freed */
        if (hipIpcCloseMemHandle(peer) != hipSuccess) _exit(8);
        if (hipIpcCloseMemHandle(peer) != hipErrorInvalidValue) _exit(9);
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    int child = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    int ok = child == 0;
    for (int i = 0; i < N; i++) ok &= h[i] == (i < 10 ? 77 : i * 3);
    hipIpcMemHandle_t bad;
    memset(&bad, 0x5a, sizeof bad);
    int *p = NULL;
    ok &= hipIpcOpenMemHandle((void **)&p, bad, 0) == hipErrorInvalidValue;
    int stack = 0;
    ok &= hipIpcGetMemHandle(&handle, &stack) == hipErrorInvalidValue;
    ok &= hipFree(d) == hipSuccess;
    printf("%s device memory shared with a child process through an IPC handle (child status %d)\n",
           ok ? "PASS" : "FAIL", child);
    return ok ? 0 : 1;
}
