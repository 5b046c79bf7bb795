/* Prints one "kind name value" line per item of items.h, for whichever HIP headers are on
 * the include path. Builds as C (gcc -std=c11) and as C++ (g++ -x c++). */
#include <hip/hip_runtime_api.h>
#ifdef OXROCM_HIP_HEADERS
#include <hip/oxrocm_abi_variants.h>
#else
/* ROCm's headers lack oxrocm's later-ROCm variants: print only the common items. */
#define ABI_OXROCM_ONLY 0
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
#define ABI_ALIGNOF(T) alignof(T)
#else
#define ABI_ALIGNOF(T) _Alignof(T)
#endif

#define ABI_STRUCT(T) \
    printf("size %s %zu\nalign %s %zu\n", #T, sizeof(T), #T, (size_t)ABI_ALIGNOF(T));
#define ABI_FIELD(T, f) \
    printf("offset %s.%s %zu\nfsize %s.%s %zu\n", #T, #f, offsetof(T, f), #T, #f, sizeof(((T *)0)->f));
#define ABI_CONST(c) printf("const %s %lld\n", #c, (long long)(intptr_t)(c));

int main(void) {
#include "items.h"
    return 0;
}
