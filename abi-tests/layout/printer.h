/* The line printers print_layout.c and print_later.c share: for each item of items.h (and
 * items_later.h) one "kind name value" line, sizes, alignments, offsets and constants. */
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
