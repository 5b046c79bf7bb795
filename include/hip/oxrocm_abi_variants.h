/* oxrocm: HIP host API headers (ROCm 5.7 ABI). Written for oxrocm; see abi-tests/ for the checks. */
#ifndef OXROCM_HIP_OXROCM_ABI_VARIANTS_H
#define OXROCM_HIP_OXROCM_ABI_VARIANTS_H
#include <hip/hip_runtime_api.h>

/* Layouts of later ROCm releases, under distinct names; not part of the HIP API. */
typedef struct HIP_MEMCPY3D_v6 {
    size_t srcXInBytes, srcY, srcZ, srcLOD;
    hipMemoryType srcMemoryType;
    const void *srcHost;
    hipDeviceptr_t srcDevice;
    hipArray_t srcArray;
    size_t srcPitch, srcHeight, dstXInBytes, dstY, dstZ;
    size_t dstLOD;
    hipMemoryType dstMemoryType;
    void *dstHost;
    hipDeviceptr_t dstDevice;
    hipArray_t dstArray;
    size_t dstPitch, dstHeight, WidthInBytes, Height, Depth;
} HIP_MEMCPY3D_v6;

/* ROCm 7.x hipMemsetParams. HIP 7.0's release notes announce CUDA's member order (40 bytes),
 * but the 7.x headers as shipped keep the 5.7/6.x order, 48 bytes: hip_runtime_api.h of
 * ROCm 7.2.4 (Debian libamdhip64-dev 7.2.4-1~exp2), compared by abi-tests/run.sh
 * (layout_later_rocm_facts). The same layout as hipMemsetParams. */
typedef struct hipMemsetParams_v7 {
    void *dst;
    unsigned int elementSize;
    size_t height;
    size_t pitch;
    unsigned int value;
    size_t width;
} hipMemsetParams_v7;

/* hipMemoryType numbering of ROCm 6.x and later */
enum hipMemoryType_v6 {
    hipMemoryTypeUnregistered_v6 = 0, hipMemoryTypeHost_v6 = 1, hipMemoryTypeDevice_v6 = 2,
    hipMemoryTypeManaged_v6 = 3, hipMemoryTypeArray_v6 = 10, hipMemoryTypeUnified_v6 = 11
};

#endif /* OXROCM_HIP_OXROCM_ABI_VARIANTS_H */
