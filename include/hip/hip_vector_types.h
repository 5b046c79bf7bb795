/* oxrocm: minimal host-side HIP vector types (plain structs, no operators). */
#ifndef OXROCM_HIP_HIP_VECTOR_TYPES_H
#define OXROCM_HIP_HIP_VECTOR_TYPES_H

#define OXHIP_VEC_(T, N) \
    typedef struct { T x; } N##1; \
    typedef struct { T x, y; } N##2; \
    typedef struct { T x, y, z; } N##3; \
    typedef struct { T x, y, z, w; } N##4; \
    static inline N##1 make_##N##1(T x) { N##1 r; r.x = x; return r; } \
    static inline N##2 make_##N##2(T x, T y) { N##2 r; r.x = x; r.y = y; return r; } \
    static inline N##3 make_##N##3(T x, T y, T z) { N##3 r; r.x = x; r.y = y; r.z = z; return r; } \
    static inline N##4 make_##N##4(T x, T y, T z, T w) { N##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }

OXHIP_VEC_(unsigned char, uchar)
OXHIP_VEC_(signed char, char)
OXHIP_VEC_(unsigned short, ushort)
OXHIP_VEC_(short, short)
OXHIP_VEC_(unsigned int, uint)
OXHIP_VEC_(int, int)
OXHIP_VEC_(unsigned long, ulong)
OXHIP_VEC_(long, long)
OXHIP_VEC_(unsigned long long, ulonglong)
OXHIP_VEC_(long long, longlong)
OXHIP_VEC_(float, float)
OXHIP_VEC_(double, double)
#undef OXHIP_VEC_

#endif
