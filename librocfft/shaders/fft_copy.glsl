// Element-wise moves between a transform's layouts: user data (interleaved, planar or real
// values, of f16/f32/f64) to and from the contiguous complex work arrays the FFT passes use,
// and the element-wise steps of Bluestein's algorithm (chirp multiplies, zero padding, the
// pointwise product with the chirp's spectrum).
//
// Index space: (k0, k1, k2, k3) < (c0, c1, c2, c3), k0 fastest; element (k0..k3) is at
// sum k_i s_i on the source and sum k_i d_i on the destination (in elements of each side).
// Per element: v = source value (0 where k0 >= src_n0; with F_HERMITIAN, for k0 >= src_n0
// the conjugate of the element at (c0 - k0, -k1 mod c1, -k2 mod c2) along the dimensions
// F_REFLECT1/F_REFLECT2 name: a hermitian half-spectrum filled out to the full one);
// conjugated if F_CONJ_IN; times table[k0] if F_TABLE; conjugated if F_CONJ_OUT; times scale;
// stored (real destinations keep the real part).
//
// Formats: bits 0-1: 0 interleaved complex, 1 planar (buffers 0 and 1), 2 real; bit 2: f16
// storage (modules built with HALF), else REAL. Each invocation moves one element,
// grid-stride over workgroups of 256.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#ifdef HALF
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#endif

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = REAL_ALIGN) buffer Reals { REAL v[]; };
layout(buffer_reference, std430, buffer_reference_align = REAL_ALIGN) buffer Cx { CPLX v[]; };
#ifdef HALF
layout(buffer_reference, std430, buffer_reference_align = 2) buffer Halves { float16_t v[]; };
#endif

layout(push_constant) uniform Params {
    uint64_t src0, src1, dst0, dst1, table;
    uint c0, c1, c2, c3;
    uint s0, s1, s2, s3;
    uint d0, d1, d2, d3;
    uint src_n0, src_fmt, dst_fmt, flags;
    SCALE_T scale;
} p;

const uint F_HERMITIAN = 1u, F_REFLECT1 = 2u, F_REFLECT2 = 4u, F_CONJ_IN = 8u, F_TABLE = 16u, F_CONJ_OUT = 32u;
const uint INTERLEAVED = 0u, PLANAR = 1u, REALS = 2u, F16 = 4u;

REAL get(uint64_t base, uint i, bool half_) {
#ifdef HALF
    if (half_) return REAL(Halves(base).v[i]);
#endif
    return Reals(base).v[i];
}

void put(uint64_t base, uint i, REAL x, bool half_) {
#ifdef HALF
    if (half_) { Halves(base).v[i] = float16_t(x); return; }
#endif
    Reals(base).v[i] = x;
}

CPLX load(uint i) {
    uint kind = p.src_fmt & 3u;
    bool h = (p.src_fmt & F16) != 0u;
    if (kind == INTERLEAVED) {
        if (!h) return Cx(p.src0).v[i];
        return CPLX(get(p.src0, 2u * i, h), get(p.src0, 2u * i + 1u, h));
    }
    if (kind == PLANAR) return CPLX(get(p.src0, i, h), get(p.src1, i, h));
    return CPLX(get(p.src0, i, h), REAL(0));
}

void store(uint i, CPLX v) {
    uint kind = p.dst_fmt & 3u;
    bool h = (p.dst_fmt & F16) != 0u;
    if (kind == INTERLEAVED) {
        if (!h) { Cx(p.dst0).v[i] = v; return; }
        put(p.dst0, 2u * i, v.x, h);
        put(p.dst0, 2u * i + 1u, v.y, h);
    } else if (kind == PLANAR) {
        put(p.dst0, i, v.x, h);
        put(p.dst1, i, v.y, h);
    } else {
        put(p.dst0, i, v.x, h);
    }
}

CPLX cmul(CPLX a, CPLX b) { return CPLX(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

void main() {
    uint total = p.c0 * p.c1 * p.c2 * p.c3;
    uint stride = gl_NumWorkGroups.x * gl_NumWorkGroups.y * 256u;
    for (uint e = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * 256u + gl_LocalInvocationIndex; e < total; e += stride) {
        uint k0 = e % p.c0, t = e / p.c0;
        uint k1 = t % p.c1;
        t /= p.c1;
        uint k2 = t % p.c2, k3 = t / p.c2;
        CPLX v = CPLX(REAL(0), REAL(0));
        if (k0 < p.src_n0) {
            v = load(k0 * p.s0 + k1 * p.s1 + k2 * p.s2 + k3 * p.s3);
        } else if ((p.flags & F_HERMITIAN) != 0u) {
            uint r1 = (p.flags & F_REFLECT1) != 0u ? (p.c1 - k1) % p.c1 : k1;
            uint r2 = (p.flags & F_REFLECT2) != 0u ? (p.c2 - k2) % p.c2 : k2;
            v = load((p.c0 - k0) * p.s0 + r1 * p.s1 + r2 * p.s2 + k3 * p.s3);
            v.y = -v.y;
        }
        if ((p.flags & F_CONJ_IN) != 0u) v.y = -v.y;
        if ((p.flags & F_TABLE) != 0u) v = cmul(v, Cx(p.table).v[k0]);
        if ((p.flags & F_CONJ_OUT) != 0u) v.y = -v.y;
        v *= REAL(p.scale);
        store(k0 * p.d0 + k1 * p.d1 + k2 * p.d2 + k3 * p.d3, v);
    }
}
