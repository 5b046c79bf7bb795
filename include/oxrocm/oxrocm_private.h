/* oxrocm private interface, version 1 (ELF version node OXROCM_PRIVATE_1 of libamdhip64).
 *
 * How the other oxrocm libraries (rocBLAS, rocFFT, MIOpen, RCCL, HSA) reach the single
 * runtime inside libamdhip64 besides the public HIP API. Not part of ROCm. Symbols are
 * never changed once published: an incompatible change adds a _v2 symbol.
 */
#ifndef OXROCM_PRIVATE_H
#define OXROCM_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A device memory range an operation reads or writes. */
typedef struct oxrocm_range {
    uint64_t addr;
    size_t len;
} oxrocm_range;

/* Maps a device address inside a declared range to host memory, valid during the call. */
typedef void *(*oxrocm_host_ptr_fn)(const void *view, uint64_t device_addr);
/* A host computation; returns 0 or a hipError_t that the stream reports at its next sync. */
typedef int (*oxrocm_compute_fn)(void *user, const void *view, oxrocm_host_ptr_fn host_ptr);
/* Called once the operation can no longer run (after it ran, or when its graph is gone). */
typedef void (*oxrocm_release_fn)(void *user);

/* Launch geometry passed to a host kernel. */
typedef struct oxrocm_launch_info {
    uint32_t grid[3];
    uint32_t block[3];
    size_t shared_mem_bytes;
} oxrocm_launch_info;
typedef void (*oxrocm_host_kernel_fn)(const oxrocm_launch_info *info, void *const *args);

/* Interface version (1). */
uint32_t oxrocm_private_v1_version(void);
/* "cpu" or "vulkan". */
const char *oxrocm_private_v1_backend_name(void);
/* Queues fn(user, ...) on stream after all earlier work; reads/writes must lie in
 * allocations known to the runtime (else hipErrorInvalidValue). Captured by stream capture. */
hipError_t oxrocm_private_v1_enqueue_compute(hipStream_t stream, oxrocm_compute_fn fn, void *user,
                                             oxrocm_release_fn release, const oxrocm_range *reads,
                                             size_t n_reads, const oxrocm_range *writes, size_t n_writes);
/* Launches a built-in kernel ("fill", "copy", "axpy", "reduce_sum"; see
 * oxrocm-runtime/src/builtin.rs for each parameter block): SPIR-V on the Vulkan backend, the
 * same contract on the CPU. push_size <= 128; groups workgroups of 256 invocations. */
hipError_t oxrocm_private_v1_launch_builtin(hipStream_t stream, const char *name, const void *push,
                                            size_t push_size, uint32_t groups, const oxrocm_range *reads,
                                            size_t n_reads, const oxrocm_range *writes, size_t n_writes);
/* A compute kernel a library brings: SPIR-V (run on Vulkan devices; pipelines are cached
 * per descriptor, so the descriptor and the words must stay valid while the process runs,
 * e.g. static data of the library) and its host implementation (run on the CPU backend and
 * wherever the device cannot run the SPIR-V). The SPIR-V takes its parameters as a push-
 * constant block of at most 128 bytes; the host function gets the same bytes and the grid
 * and returns 0 or a hipError_t. */
typedef int (*oxrocm_spirv_host_fn)(const void *push, size_t push_size, const uint32_t groups[3],
                                    const void *view, oxrocm_host_ptr_fn host_ptr);
typedef struct oxrocm_spirv_kernel {
    const char *name;
    const void *spirv;
    size_t spirv_size; /* bytes, a multiple of 4 */
    oxrocm_spirv_host_fn host;
} oxrocm_spirv_kernel;
/* Launches kernel over groups[0] x groups[1] x groups[2] workgroups in stream order;
 * reads/writes as for enqueue_compute. */
hipError_t oxrocm_private_v1_launch_spirv(hipStream_t stream, const oxrocm_spirv_kernel *kernel,
                                          const void *push, size_t push_size, const uint32_t groups[3],
                                          const oxrocm_range *reads, size_t n_reads,
                                          const oxrocm_range *writes, size_t n_writes);
/* Which path the launches of a kernel took (for tests: did the SPIR-V run, or its host
 * twin, and why). Counted as each launch finishes, so synchronize first. */
#define OXROCM_HOST_REASON_NONE 0          /* no host-twin launch yet */
#define OXROCM_HOST_REASON_CPU_BACKEND 1   /* the CPU backend: every kernel is host code */
#define OXROCM_HOST_REASON_SPIRV_VERSION 2 /* module_spirv is newer than device_spirv */
#define OXROCM_HOST_REASON_CAPABILITY 3    /* the module declares SPIR-V capability
                                            * `capability`, which the device lacks */
#define OXROCM_HOST_REASON_SHARED_MEMORY 4 /* the module's shared_bytes of Workgroup memory
                                            * exceed shared_limit (maxComputeSharedMemorySize) */
#define OXROCM_HOST_REASON_BAD_MODULE 5    /* the words are not a SPIR-V module */
#define OXROCM_HOST_REASON_LAUNCH_FAILED 6 /* the device could run it, but the pipeline or the
                                            * dispatch failed */
typedef struct oxrocm_kernel_launches {
    uint64_t spirv;        /* launches that ran as SPIR-V on a Vulkan device */
    uint64_t host;         /* launches that ran as the host twin */
    uint32_t host_reason;  /* OXROCM_HOST_REASON_*: why the latest host-twin launch did */
    uint32_t capability;   /* the fields below as host_reason says; else 0 */
    uint32_t module_spirv;
    uint32_t device_spirv;
    uint64_t shared_bytes;
    uint64_t shared_limit;
} oxrocm_kernel_launches;
/* Sums over every kernel named name: a built-in's name ("fill", ...) or the name of a
 * library's oxrocm_spirv_kernel (e.g. "rocblas gemm_f32"); zeros for a name not launched
 * yet. */
hipError_t oxrocm_private_v1_kernel_launches(const char *name, oxrocm_kernel_launches *out);
/* Bytes of device memory that host fallbacks (enqueue_compute jobs, host twins of SPIR-V
 * kernels) have brought to the host on Vulkan devices since the process started: each
 * declared range once on its way to the host and once more if written back (staged copies,
 * or the mapping used where the host maps device memory, e.g. lavapipe, counted the same);
 * 0 on the CPU backend. Counted as work runs, so synchronize first. For tests that a
 * library path keeps its operands on the device. */
hipError_t oxrocm_private_v1_staged_bytes(uint64_t *out);
/* Calls the device function at address fn (in a code object the runtime has loaded: a
 * client's __device__ function pointer, read with hipMemcpyFromSymbol, such as a rocFFT
 * load/store callback) once per lane for n_lanes lanes, a wave at a time, now and on the
 * calling thread (a host computation's own thread, in stream order). The AMDGPU calling
 * convention's registers: lane i's arguments are the arg_words 32-bit words
 * args[i * arg_words ...] in v0, v1, ... (a pointer or size_t as two words, low first;
 * float or half one; half2 packed in one; float2 and double two; double2 four); its result
 * is the result_words words in v0, v1, ... when it returns, written to
 * results[i * result_words ...]. Every allocation is reachable from the function. n_lanes
 * == 0 only checks that fn can be called. hipErrorInvalidDeviceFunction: no loaded code
 * object has a function starting at fn; hipErrorNotSupported: not the CPU backend (only it
 * runs AMDGCN code); hipErrorLaunchFailure / hipErrorLaunchTimeOut: the function faulted
 * or ran past OXROCM_LAUNCH_TIMEOUT_MS (logged with the place). */
hipError_t oxrocm_private_v1_call_device_function(uint64_t fn, size_t n_lanes, const uint32_t *args,
                                                  uint32_t arg_words, uint32_t *results,
                                                  uint32_t result_words);
/* Makes hipLaunchKernel(handle, ...) run fn on the host; arg_sizes gives each argument's size. */
hipError_t oxrocm_private_v1_register_host_kernel(const void *handle, const char *name,
                                                  oxrocm_host_kernel_fn fn, const size_t *arg_sizes,
                                                  size_t n_args);

#ifdef __cplusplus
}
#endif
#endif
