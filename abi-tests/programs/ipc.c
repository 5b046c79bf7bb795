/* Device memory shared between processes through IPC handles: a parent exports a buffer,
 * another process (this program run again, as a fresh process like an MPI rank) opens
 * the handle, reads the parent's data and writes its own, and the parent sees the
 * child's writes. Also checks the error codes of bad handles. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 100000 };

/* The other process: argv[2] is the handle in hex. */
static int child(const char *hex) {
    hipIpcMemHandle_t handle;
    unsigned char *raw = (unsigned char *)&handle;
    for (size_t i = 0; i < sizeof handle; i++) {
        unsigned v = 0;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return 2;
        raw[i] = (unsigned char)v;
    }
    int *peer = NULL;
    static int seen[N];
    if (hipIpcOpenMemHandle((void **)&peer, handle, hipIpcMemLazyEnablePeerAccess) != hipSuccess) return 3;
    if (hipMemcpy(seen, peer, sizeof seen, hipMemcpyDeviceToHost) != hipSuccess) return 4;
    for (int i = 0; i < N; i++) if (seen[i] != i * 3) return 5;
    if (hipMemsetD32(peer, 77, 10) != hipSuccess) return 6;
    if (hipDeviceSynchronize() != hipSuccess) return 10;
    if (hipFree(peer) != hipErrorInvalidValue) return 7; /* imported memory is not freed */
    if (hipIpcCloseMemHandle(peer) != hipSuccess) return 8;
    if (hipIpcCloseMemHandle(peer) != hipErrorInvalidValue) return 9;
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "child") == 0) return child(argv[2]);
    int *d = NULL;
    static int h[N];
    for (int i = 0; i < N; i++) h[i] = i * 3;
    if (hipMalloc((void **)&d, N * sizeof(int)) != hipSuccess) return 2;
    hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
    hipIpcMemHandle_t handle;
    if (hipIpcGetMemHandle(&handle, d) != hipSuccess) { printf("FAIL get handle\n"); return 1; }

    char hex[2 * sizeof handle + 1];
    for (size_t i = 0; i < sizeof handle; i++) sprintf(hex + 2 * i, "%02x", ((unsigned char *)&handle)[i]);
    pid_t pid = fork();
    if (pid == 0) {
        execl("/proc/self/exe", argv[0], "child", hex, (char *)NULL);
        _exit(127);
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
