// The step that turns a real transform of even length N into a complex FFT of half length
// h = N / 2. Forward, the last step (z[n] = x[2n] + i x[2n+1], Z = FFT_h(z), written where
// the half-spectrum goes): the spectra of the even and odd samples are
//   Ze[k] = (Z[k] + conj Z[h-k]) / 2,   Zo[k] = (Z[k] - conj Z[h-k]) / (2i)   (indices mod h)
// and X[k] = Ze[k] + w_N^k Zo[k], X[h-k] = conj(Ze[k] - w_N^k Zo[k]) for 0 <= k <= h/2.
// One invocation per pair (k, h - k) reads both and writes both, so it works in place; k = 0
// also writes X[h] (no Z there). Inverse (F_INVERSE), the first step, from the half-spectrum
// X into `half_out` (contiguous, out_dist apart), unnormalised: with D = X[k] - conj X[h-k],
//   Z[k] = (X[k] + conj X[h-k]) + i D conj(w_N^k),  Z[h-k] = conj(X[k] + conj X[h-k]) + i conj(D conj(w_N^k)),
// Z[0] from the real parts of X[0] and X[h] (their imaginary parts, which a real signal
// cannot have, are ignored); an inverse FFT of Z then gives z, the N reals as h complex
// values. w_N^k = lo[k mod split] hi[k / split] (split a power of two, tables from the host
// in f64). REAL/CPLX: float/vec2 or double/dvec2.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Cx { CPLX v[]; };

layout(push_constant) uniform Params {
    uint64_t data, lo, hi, half_out;
    // h: half length; pairs: h / 2 + 1 per transform; es, dist: element stride and distance
    // between transforms (complex elements) of `data`; out_dist: distance in `half_out` (inverse).
    uint h, pairs, batch, es;
    uint dist, split, out_dist, flags;
    SCALE_T scale;
} p;

const uint F_INVERSE = 1u;

CPLX cmul(CPLX a, CPLX b) { return CPLX(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
CPLX conj_(CPLX a) { return CPLX(a.x, -a.y); }

void main() {
    uint groups = gl_NumWorkGroups.x * gl_NumWorkGroups.y;
    uint total = p.pairs * p.batch, lgs = findLSB(p.split);
    bool inv = (p.flags & F_INVERSE) != 0u;
    Cx d = Cx(p.data), o = Cx(p.half_out), lo = Cx(p.lo), hi = Cx(p.hi);
    for (uint t = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * 256u + gl_LocalInvocationIndex; t < total; t += groups * 256u) {
        uint b = t / p.pairs, k = t - b * p.pairs;
        uint base = b * p.dist;
        CPLX w = cmul(lo.v[k & (p.split - 1u)], hi.v[k >> lgs]);
        if (inv) {
            CPLX a = d.v[base + k * p.es], c = conj_(d.v[base + (p.h - k) * p.es]);
            if (k == 0u) { a.y = REAL(0); c.y = REAL(0); }
            CPLX fe = a + c, fo = cmul(a - c, conj_(w));
            uint ob = b * p.out_dist;
            // i fo = (-fo.y, fo.x); i conj(fo) = (fo.y, fo.x)
            o.v[ob + k] = fe + CPLX(-fo.y, fo.x);
            if (k != 0u && p.h - k != k) o.v[ob + p.h - k] = conj_(fe) + CPLX(fo.y, fo.x);
            continue;
        }
        uint kr = k == 0u ? 0u : p.h - k;
        CPLX a = d.v[base + k * p.es], c = conj_(d.v[base + kr * p.es]);
        CPLX ze = REAL(0.5) * (a + c), df = REAL(0.5) * (a - c);
        // Zo = df / i = -i df
        CPLX zo = CPLX(df.y, -df.x);
        CPLX t1 = cmul(w, zo);
        REAL s = REAL(p.scale);
        d.v[base + k * p.es] = s * (ze + t1);
        if (p.h - k != k) d.v[base + (p.h - k) * p.es] = s * conj_(ze - t1);
    }
}
