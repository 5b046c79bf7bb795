/* oxrocm: HIP runtime header for host-only compilation (gcc/g++): the host API plus the
 * C++ helpers a host translation unit needs. Device code needs a HIP device compiler. */
#ifndef OXROCM_HIP_HIP_RUNTIME_H
#define OXROCM_HIP_HIP_RUNTIME_H

#ifdef __cplusplus
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#else
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#endif

#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>

/* Version of the debugger API the runtime was built with (exported by libamdhip64). */
HIP_EXTERN_C_BEGIN
const char *amd_dbgapi_get_build_name(void);
const char *amd_dbgapi_get_git_hash(void);
size_t amd_dbgapi_get_build_id(void);
HIP_EXTERN_C_END

#endif /* OXROCM_HIP_HIP_RUNTIME_H */
