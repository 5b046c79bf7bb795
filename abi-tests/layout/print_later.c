/* Prints one "kind name value" line (as print_layout.c does) for each later-ROCm item: the
 * ABI_OXROCM_ONLY part of items.h plus items_later.h, for oxrocm's headers or for the real
 * headers of ROCm release ABI_ROCM_MAJOR (6 or 7). Lines are named by oxrocm's per-ABI names;
 * against the real headers each name is mapped to the real declaration below, so that the two
 * outputs compare line by line (abi-tests/run.sh, test layout_later_rocm_facts).
 * Builds as C (gcc -std=c11) and as C++ (g++ -x c++). */
#ifndef ABI_ROCM_MAJOR
#error "define ABI_ROCM_MAJOR (6 or 7)"
#endif
#include <hip/hip_runtime_api.h>
#ifdef OXROCM_HIP_HEADERS
#include <hip/oxrocm_abi_variants.h>
#else
#if HIP_VERSION_MAJOR != ABI_ROCM_MAJOR
#error "these headers are not of ROCm ABI_ROCM_MAJOR (HIP_VERSION_MAJOR differs)"
#endif
/* hipDeviceProp_tR0000 (the 5.7 layout, kept for hipGetDevicePropertiesR0000) */
#include <hip/hip_deprecated.h>
/* oxrocm name -> ROCm 6.x/7.x name. hipDeviceProp_tR0600 and hipDeviceProp_tR0000 are the real
 * headers' own names (their hipDeviceProp_t is a macro for hipDeviceProp_tR0600). */
#define HIP_MEMCPY3D_v6 HIP_MEMCPY3D
#define hipMemsetParams_v7 hipMemsetParams
#define hipMemoryTypeUnregistered_v6 hipMemoryTypeUnregistered
#define hipMemoryTypeHost_v6 hipMemoryTypeHost
#define hipMemoryTypeDevice_v6 hipMemoryTypeDevice
#define hipMemoryTypeManaged_v6 hipMemoryTypeManaged
#define hipMemoryTypeArray_v6 hipMemoryTypeArray
#define hipMemoryTypeUnified_v6 hipMemoryTypeUnified
#endif
#define ABI_LATER_ONLY 1
#define ABI_OXROCM_ONLY 1
/* #T / #f print the oxrocm name; sizeof/offsetof see the mapped one. */
#include "printer.h"

int main(void) {
#include "items.h"
#include "items_later.h"
    return 0;
}
