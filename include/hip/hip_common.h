/* oxrocm: platform macros shared by the HIP headers. */
#ifndef OXROCM_HIP_HIP_COMMON_H
#define OXROCM_HIP_HIP_COMMON_H

/* These headers describe the AMD platform only. */
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_NVCC__)
#define __HIP_PLATFORM_AMD__ 1
#endif
#if defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_HCC__)
#define __HIP_PLATFORM_HCC__ 1
#endif

/* Marks oxrocm's headers (the ABI tests use it to tell them from ROCm's). */
#define OXROCM_HIP_HEADERS 1

#define HIP_PUBLIC_API __attribute__((visibility("default")))
#define HIP_INTERNAL_EXPORTED_API __attribute__((visibility("default")))

#ifdef __cplusplus
#define HIP_DEFAULT_ARG(v) = v
#define HIP_EXTERN_C_BEGIN extern "C" {
#define HIP_EXTERN_C_END }
#else
#include <stdbool.h>
#define HIP_DEFAULT_ARG(v)
#define HIP_EXTERN_C_BEGIN
#define HIP_EXTERN_C_END
#endif

#if defined(__cplusplus) && __cplusplus >= 201703L
#define __HIP_NODISCARD [[nodiscard]]
#else
#define __HIP_NODISCARD
#endif

/* Host-only compilation: the device qualifiers expand to nothing. */
#if !defined(__HIPCC__) && !defined(__CUDACC__)
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __shared__
#define __shared__
#endif
#ifndef __constant__
#define __constant__
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#endif

#endif /* OXROCM_HIP_HIP_COMMON_H */
