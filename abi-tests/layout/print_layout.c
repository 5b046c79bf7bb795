/* Prints one "kind name value" line per item of items.h, for whichever HIP headers are on
 * the include path. Builds as C (gcc -std=c11) and as C++ (g++ -x c++). */
#include <hip/hip_runtime_api.h>
#ifdef OXROCM_HIP_HEADERS
#include <hip/oxrocm_abi_variants.h>
#else
/* ROCm's headers lack oxrocm's later-ROCm variants: print only the common items. */
#define ABI_OXROCM_ONLY 0
#endif
#include "printer.h"

int main(void) {
#include "items.h"
    return 0;
}
