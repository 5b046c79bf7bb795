// The last step of a real forward transform of even length N done as a complex FFT of
// half length h = N / 2 (z[n] = x[2n] + i x[2n+1], Z = FFT_h(z), written where the
// half-spectrum goes): the spectra of the even and odd samples are
//   Ze[k] = (Z[k] + conj Z[h-k]) / 2,   Zo[k] = (Z[k] - conj Z[h-k]) / (2i)   (indices mod h)
// and X[k] = Ze[k] + w_N^k Zo[k], X[h-k] = conj(Ze[k] - w_N^k Zo[k]) for 0 <= k <= h/2.
// One invocation per pair (k, h - k) reads both and writes both, so it works in place; k = 0
// also writes X[h] (no Z there). w_N^k = lo[k mod split] hi[k / split] (split a power of two,
// tables from the host in f64). REAL/CPLX: float/vec2 or double/dvec2.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Cx { CPLX v[]; };

layout(push_constant) uniform Params {
    uint64_t data, lo, hi;
    // h: half length; pairs: h / 2 + 1 per transform; es, dist: element stride and distance
    // between transforms (complex elements).
    uint h, pairs, batch, es;
    uint dist, split, pad0, pad1;
    SCALE_T scale;
} p;

CPLX cmul(CPLX a, CPLX b) { return CPLX(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
CPLX conj_(CPLX a) { return CPLX(a.x, -a.y); }

void main() {
    uint groups = gl_NumWorkGroups.x * gl_NumWorkGroups.y;
    uint total = p.pairs * p.batch, lgs = findLSB(p.split);
    Cx d = Cx(p.data), lo = Cx(p.lo), hi = Cx(p.hi);
    for (uint t = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * 256u + gl_LocalInvocationIndex; t < total; t += groups * 256u) {
        uint b = t / p.pairs, k = t - b * p.pairs;
        uint base = b * p.dist, kr = k == 0u ? 0u : p.h - k;
        CPLX a = d.v[base + k * p.es], c = conj_(d.v[base + kr * p.es]);
        CPLX ze = REAL(0.5) * (a + c), df = REAL(0.5) * (a - c);
        // Zo = df / i = -i df
        CPLX zo = CPLX(df.y, -df.x);
        CPLX w = cmul(lo.v[k & (p.split - 1u)], hi.v[k >> lgs]);
        CPLX t1 = cmul(w, zo);
        REAL s = REAL(p.scale);
        d.v[base + k * p.es] = s * (ze + t1);
        if (p.h - k != k) d.v[base + (p.h - k) * p.es] = s * conj_(ze - t1);
    }
}
