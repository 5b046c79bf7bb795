// FFTs of power-of-two lines (16 <= L <= SMAX) kept in registers: each invocation holds
// E = 2^LGE elements of one line (the module defines LGE: 4 or 3), elements u + c P (c < E) where P = L / E invocations share
// the line. A radix-R Stockham stage then finds every butterfly's inputs in the invocation's
// own registers (butterfly i takes x[i + r E / R]), so only the exchange between stages goes
// through shared memory, and the first stage reads global memory while the last writes it
// (its outputs land on the same register positions). fft_line.glsl is the general kernel
// (any length, radices 2..13); this one exists for speed: no dynamically indexed array, every
// loop unrolled, shared-memory indices swizzled so that neither a stage's strided writes nor
// line-fast accesses collide on banks. A radix-R stage's twiddles w^r: r = 1..4 and the
// multiples of 4 from the host's f64 table, the others one product w^(4q) w^j of two of them
// (radix 16: 6 loads instead of 15, measured 4% faster on an H200, one rounding more).
//
// Same parameter block, flags and line space as fft_line.glsl (the host picks the module by
// length; F_SWIZZLE is implied). REAL/CPLX: float/vec2 or double/dvec2; THREADS per group,
// SMAX = E THREADS complex values of shared memory. Two sizes per precision: 128-invocation
// groups for lines up to 2048 (f32) / 1024 (f64) points, and 256-invocation groups for the
// longest lines (4096 / 2048, fft_line's SMAX). On an H200 the small groups were 20-30%
// faster than 256-invocation ones: registers (~110 in f32) allow as many resident invocations
// either way, but four groups per SM keep memory busy while others sit at barriers, where two
// leave gaps.
// Stages: radix E while E divides what is left, then one of 8, 4, 2.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = THREADS) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Cx { CPLX v[]; };
#ifdef VAR_READONLY
layout(buffer_reference, std430, buffer_reference_align = 8) readonly restrict buffer CxR { CPLX v[]; };
#else
#define CxR Cx
#endif

layout(push_constant) uniform Params {
    uint64_t src, dst, tw, big_lo, big_hi;
    uint L, flags, lines, per_group;
    uint es_in, es_out, c0, c1;
    uint in_s0, in_s1, in_s2, out_s0;
    uint out_s1, out_s2, split, pad0;
    SCALE_T scale;
} p;

// Measurement variants (never in the committed modules; wrong results but for READONLY):
// VAR_NOTW drops the stages' twiddles, VAR_NOCOMPUTE the stages, VAR_NOEXCHANGE the
// exchanges through shared memory, VAR_NOPOST the four-step twiddle; VAR_READONLY declares
// the inputs readonly restrict.
#ifdef VAR_NOEXCHANGE
#define EXCHANGED false
#else
#define EXCHANGED (!last)
#endif
#ifdef VAR_NOPOST
#define POSTED false
#else
#define POSTED ((p.flags & F_POST_TWIDDLE) != 0u)
#endif
#ifdef VAR_NOTW
#define TWIDDLED false
#else
#define TWIDDLED (Ns > 1u)
#endif
const uint F_INVERSE = 1u, F_POST_TWIDDLE = 2u, F_LOAD_KFAST = 4u, F_STORE_KFAST = 8u, F_SCALE = 16u;
const uint E = 1u << LGE;
const uint SMAX = E * THREADS;

shared CPLX sh[SMAX];
uint gL, gLgL;

CPLX cmul(CPLX a, CPLX b) { return CPLX(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
CPLX conj_(CPLX a) { return CPLX(a.x, -a.y); }
// -i a
CPLX mul_mi(CPLX a) { return CPLX(a.y, -a.x); }

// Element k of the group's line m in shared memory. The XOR spreads a stage's writes of
// stride 2..16 over the banks (it permutes aligned groups of 16, so contiguous accesses stay
// conflict-free); rotating line m by m separates the lines of line-fast accesses.
uint at(uint m, uint k) {
    uint s = k ^ ((k >> 4u) & 15u);
    return (m << gLgL) + ((s + m) & (gL - 1u));
}

void dft2(inout CPLX a0, inout CPLX a1) { CPLX t = a0 - a1; a0 += a1; a1 = t; }

void dft4(inout CPLX a0, inout CPLX a1, inout CPLX a2, inout CPLX a3) {
    CPLX t0 = a0 + a2, t1 = a0 - a2, t2 = a1 + a3, t3 = mul_mi(a1 - a3);
    a0 = t0 + t2; a2 = t0 - t2; a1 = t1 + t3; a3 = t1 - t3;
}

void DFT2(inout CPLX y[2]) { dft2(y[0], y[1]); }
void DFT4(inout CPLX y[4]) { dft4(y[0], y[1], y[2], y[3]); }

const REAL H = REAL(0.70710678118654752440084436210485);
const REAL C1 = REAL(0.92387953251128675612818318939679);
const REAL S1 = REAL(0.38268343236508977172845998403040);

// Output in natural order: even frequencies from the DFT4 of sums, odd ones from the
// twiddled DFT4 of differences.
void DFT8(inout CPLX x[8]) {
    CPLX b0 = x[0] + x[4], b1 = x[1] + x[5], b2 = x[2] + x[6], b3 = x[3] + x[7];
    CPLX d0 = x[0] - x[4], d1 = x[1] - x[5], d2 = x[2] - x[6], d3 = x[3] - x[7];
    d1 = CPLX(H * (d1.x + d1.y), H * (d1.y - d1.x));
    d2 = mul_mi(d2);
    d3 = CPLX(H * (d3.y - d3.x), -H * (d3.x + d3.y));
    dft4(b0, b1, b2, b3);
    dft4(d0, d1, d2, d3);
    x[0] = b0; x[2] = b1; x[4] = b2; x[6] = b3;
    x[1] = d0; x[3] = d1; x[5] = d2; x[7] = d3;
}

// 16 = 4 x 4: n = n1 + 4 n2, k = k1 + 4 k2. DFT4s over n2 (stride 4), twiddles w16^(n1 k1),
// DFT4s over n1; X[k1 + 4 k2] ends at position 4 k1 + k2 and is transposed back.
void DFT16(inout CPLX x[16]) {
    [[unroll]] for (uint n1 = 0u; n1 < 4u; n1++) dft4(x[n1], x[n1 + 4u], x[n1 + 8u], x[n1 + 12u]);
    // B[n1][k1] sits at n1 + 4 k1; w16^e = (cos, -sin)(2 pi e / 16).
    x[5] = cmul(x[5], CPLX(C1, -S1));    // e = 1
    x[9] = CPLX(H * (x[9].x + x[9].y), H * (x[9].y - x[9].x));     // e = 2
    x[13] = cmul(x[13], CPLX(S1, -C1));  // e = 3
    x[6] = CPLX(H * (x[6].x + x[6].y), H * (x[6].y - x[6].x));     // e = 2
    x[10] = mul_mi(x[10]);               // e = 4
    x[14] = CPLX(H * (x[14].y - x[14].x), -H * (x[14].x + x[14].y)); // e = 6
    x[7] = cmul(x[7], CPLX(S1, -C1));    // e = 3
    x[11] = CPLX(H * (x[11].y - x[11].x), -H * (x[11].x + x[11].y)); // e = 6
    x[15] = cmul(x[15], CPLX(-C1, S1));  // e = 9
    [[unroll]] for (uint k1 = 0u; k1 < 4u; k1++) dft4(x[4u * k1], x[4u * k1 + 1u], x[4u * k1 + 2u], x[4u * k1 + 3u]);
    CPLX y[16];
    [[unroll]] for (uint k1 = 0u; k1 < 4u; k1++)
        [[unroll]] for (uint k2 = 0u; k2 < 4u; k2++) y[k1 + 4u * k2] = x[4u * k1 + k2];
    x = y;
}

// One radix-R stage over the registers, R a constant (LGR its log, N its digits): butterflies i < E / R on
// x[i + r E / R] (line elements j + r L / R, j = u + i P), twiddled by w_(Ns R)^(r (j mod Ns))
// = tw[(r (j mod Ns)) << (lg L - lg Ns - lg R)]. Between stages the outputs go to shared
// memory in the next stage's order and come back as elements u + c P.
#define STAGE(R, LGR, N)                                                                                  \
    {                                                                                                   \
        uint shift = gLgL - lgNs - LGR;                                                                 \
        [[unroll]] for (uint i = 0u; i < E / R; i++) {                                                  \
            CPLX y[R];                                                                                  \
            [[unroll]] for (uint r = 0u; r < R; r++) y[r] = x[i + r * (E / R)];                         \
            uint kk = (u + i * P) & (Ns - 1u);                                                          \
            if (TWIDDLED) {                                                                             \
                CPLX w[R];                                                                              \
                [[unroll]] for (uint r = 1u; r < R; r++)                                                \
                    w[r] = r > 4u && (r & 3u) != 0u ? cmul(w[r & ~3u], w[r & 3u]) : tw.v[(r * kk) << shift]; \
                [[unroll]] for (uint r = 1u; r < R; r++) y[r] = cmul(y[r], w[r]);                       \
            }                                                                                           \
            DFT##N(y);                                                                                  \
            [[unroll]] for (uint r = 0u; r < R; r++) x[i + r * (E / R)] = y[r];                         \
        }                                                                                               \
        if (EXCHANGED) {                                                                                \
            [[unroll]] for (uint i = 0u; i < E / R; i++) {                                              \
                uint j = u + i * P, o = ((j >> lgNs) << (lgNs + LGR)) + (j & (Ns - 1u));                \
                [[unroll]] for (uint r = 0u; r < R; r++) sh[at(m, o + (r << lgNs))] = x[i + r * (E / R)]; \
            }                                                                                           \
            barrier();                                                                                  \
            [[unroll]] for (uint c = 0u; c < E; c++) x[c] = sh[at(m, u + c * P)];                       \
            barrier();                                                                                  \
        }                                                                                               \
    }

uint line_offset(uint l, uint s0, uint s1, uint s2) {
    uint l0 = l % p.c0, t = l / p.c0;
    return l0 * s0 + (t % p.c1) * s1 + (t / p.c1) * s2;
}

uint line_level(uint l, uint level) {
    uint l0 = l % p.c0, t = l / p.c0;
    return level == 0u ? l0 : (level == 1u ? t % p.c1 : t / p.c1);
}

// The group's line m and position u of invocation tid: element-fast (the P invocations of a
// line are neighbours) or line-fast (neighbouring invocations take neighbouring lines, which
// coalesces columns). lgP = lg(L / E), lgM = lg(SMAX / L).
uvec2 place(uint tid, bool kfast, uint lgP, uint lgM) {
    return kfast ? uvec2(tid >> lgP, tid & ((1u << lgP) - 1u)) : uvec2(tid & ((1u << lgM) - 1u), tid >> lgM);
}

#ifdef REAL_PAIRS
// The last pass of a 1D real forward transform of even length N done as a complex FFT of
// half length M = S L (the fft_pow2_real modules; see fft_real.glsl for the formulas): this pass's S
// lines of L points hold Z[k S + pi] at line pi, element k, so Z[M - k S - pi] is element
// L-1-k of line S - pi (pi != 0), or element (L-k) mod L of line 0. Each group transforms G
// lines and their mirrors, puts them in shared memory, and every invocation then pairs E/2
// elements of the first G lines with their partners and writes both bins X[j], X[M - j]
// (j = k S + pi): the pairing costs no pass of its own. Lines 0 and S/2 pair with themselves;
// their pairs are taken once (k <= L/2, k < L/2).
void real_pairs(uint g, uint tid, uint m, uint u, uint P, uint G, uint S, CPLX x[E]) {
    [[unroll]] for (uint c = 0u; c < E; c++) sh[at(m, u + c * P)] = x[c];
    barrier();
    Cx dst = Cx(p.dst);
    CxR lo = CxR(p.big_lo), hi = CxR(p.big_hi);
    uint M = S * gL, lgs = findLSB(p.split), lgG = findLSB(G);
    REAL s = (p.flags & F_SCALE) != 0u ? REAL(p.scale) : REAL(1);
    [[unroll]] for (uint i = 0u; i < E / 2u; i++) {
        uint q = tid + i * THREADS, mm = q & (G - 1u), k = q >> lgG, pi = g * G + mm;
        bool self0 = pi == 0u, selfh = pi == S / 2u;
        if (pi > S / 2u || (self0 && 2u * k > gL) || (selfh && 2u * k >= gL)) continue;
        CPLX a = sh[at(mm, k)];
        CPLX b = self0 ? sh[at(mm, (gL - k) & (gL - 1u))] : (selfh ? sh[at(mm, gL - 1u - k)] : sh[at(G + mm, gL - 1u - k)]);
        uint j = k * S + pi;
        CPLX c = conj_(b);
        CPLX ze = REAL(0.5) * (a + c), df = REAL(0.5) * (a - c);
        CPLX t1 = cmul(cmul(lo.v[j & (p.split - 1u)], hi.v[j >> lgs]), CPLX(df.y, -df.x));
        dst.v[M - j] = s * conj_(ze - t1);
        dst.v[j] = s * (ze + t1);
    }
}
#endif

void main() {
    uint g = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint tid = gl_LocalInvocationIndex;
    gL = p.L;
    gLgL = findLSB(gL);
    uint lgP = gLgL - LGE, P = 1u << lgP, lgM = findLSB(SMAX) - gLgL;
    bool inv = (p.flags & F_INVERSE) != 0u;
    CxR src = CxR(p.src);
    Cx dst = Cx(p.dst);
    CxR tw = CxR(p.tw);
    bool kin = (p.flags & F_LOAD_KFAST) != 0u, kout = (p.flags & F_STORE_KFAST) != 0u;

    // Invocations past the group's lines compute on zeros and store nothing (they still
    // take part in the barriers).
    uvec2 mu = place(tid, kin, lgP, lgM);
    uint m = mu.x, u = mu.y, l = g * p.per_group + m;
    bool live = m < p.per_group && l < p.lines;
#ifdef REAL_PAIRS
    // The group's slots m < G hold lines pi = g G + m, slots G + m their mirrors S - pi
    // (lines 0 and S/2 are their own mirrors: those slots stay empty).
    uint G = p.per_group >> 1u, S = p.lines;
    {
        bool second = m >= G;
        uint pi = g * G + (second ? m - G : m);
        l = second ? S - pi : pi;
        live = pi <= S / 2u && !(second && (pi == 0u || pi == S / 2u));
    }
#endif
    CPLX x[E];
    uint base = live ? line_offset(l, p.in_s0, p.in_s1, p.in_s2) : 0u;
    [[unroll]] for (uint c = 0u; c < E; c++) {
        CPLX v = live ? src.v[base + (u + c * P) * p.es_in] : CPLX(0);
        x[c] = inv ? conj_(v) : v;
    }

    uint rem = gL, Ns = 1u, lgNs = 0u;
#ifdef VAR_NOCOMPUTE
    rem = 1u;
#endif
    while (rem > 1u) {
        bool last = rem <= E;
#if LGE == 4
        if (rem >= 16u) { STAGE(16u, 4u, 16) rem >>= 4u; Ns <<= 4u; lgNs += 4u; }
        else if (rem == 8u) { STAGE(8u, 3u, 8) rem = 1u; }
#else
        if (rem >= 8u) { STAGE(8u, 3u, 8) rem >>= 3u; Ns <<= 3u; lgNs += 3u; }
#endif
        else if (rem == 4u) { STAGE(4u, 2u, 4) rem = 1u; }
        else { STAGE(2u, 1u, 2) rem = 1u; }
    }

#ifdef REAL_PAIRS
    real_pairs(g, tid, m, u, P, G, S, x);
    return;
#endif

    // Stores in the other order go through shared memory once more.
    if (kout != kin) {
        [[unroll]] for (uint c = 0u; c < E; c++) sh[at(m, u + c * P)] = x[c];
        barrier();
        mu = place(tid, kout, lgP, lgM);
        m = mu.x; u = mu.y; l = g * p.per_group + m;
        live = m < p.per_group && l < p.lines;
        [[unroll]] for (uint c = 0u; c < E; c++) x[c] = sh[at(m, u + c * P)];
    }
    if (!live) return;
    base = line_offset(l, p.out_s0, p.out_s1, p.out_s2);
    bool post = POSTED;
    // The four-step twiddle w_N^(q k) = lo[e mod split] hi[e / split], split a power of two;
    // per invocation 2 + 2·6 (E = 16) loads instead of 2·E (8% faster for 2^24 on an H200).
    uint q = post ? line_level(l, p.flags >> 8u) : 0u, lgs = findLSB(p.split);
    CxR lo = CxR(p.big_lo), hi = CxR(p.big_hi);
    // w(q (u + c P)) = w(q u) w(q P c), the second for c = 1..4 and multiples of 4 from the
    // tables, the others one product of two.
    CPLX wp[E];
    if (post) {
        [[unroll]] for (uint c = 1u; c < E; c++) {
            uint e = q * P * c;
            wp[c] = c > 4u && (c & 3u) != 0u ? cmul(wp[c & ~3u], wp[c & 3u]) : cmul(lo.v[e & (p.split - 1u)], hi.v[e >> lgs]);
        }
        uint e = q * u;
        wp[0] = cmul(lo.v[e & (p.split - 1u)], hi.v[e >> lgs]);
        [[unroll]] for (uint c = 1u; c < E; c++) wp[c] = cmul(wp[0], wp[c]);
    }
    [[unroll]] for (uint c = 0u; c < E; c++) {
        uint k = u + c * P;
        CPLX v = x[c];
        if (inv) v = conj_(v);
        if (post) {
            CPLX w = wp[c];
            v = cmul(v, inv ? conj_(w) : w);
        }
        if ((p.flags & F_SCALE) != 0u) v *= REAL(p.scale);
        dst.v[base + k * p.es_out] = v;
    }
}
