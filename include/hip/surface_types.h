/* oxrocm: HIP host API headers (ROCm 5.7 ABI). Written for oxrocm; see abi-tests/ for the checks. */
#ifndef OXROCM_HIP_SURFACE_TYPES_H
#define OXROCM_HIP_SURFACE_TYPES_H
#include <hip/driver_types.h>

struct __hip_surface;
typedef struct __hip_surface *hipSurfaceObject_t;
struct surfaceReference {
    hipSurfaceObject_t surfaceObject;
};
enum hipSurfaceBoundaryMode {
    hipBoundaryModeZero = 0, hipBoundaryModeTrap = 1, hipBoundaryModeClamp = 2
};
#endif /* OXROCM_HIP_SURFACE_TYPES_H */
