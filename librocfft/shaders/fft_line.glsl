// One complete 1D FFT of length L per line, for several lines per workgroup, through
// shared memory (Stockham autosort: every stage reads its inputs from shared memory, does
// its butterflies in registers and writes them back in the next stage's order, so the
// result ends in natural order without a bit-reversal pass).
//
// REAL/CPLX: float/vec2 or double/dvec2; SMAX: complex values of shared memory (32 KiB).
//
// Lines: l in [0, lines) decomposes as l0 = l % c0, l1 = (l / c0) % c1, l2 = l / (c0 c1);
// a line starts at element l0 s0 + l1 s1 + l2 s2 of its side and its k-th element is k es
// further (elements: complex values of the buffer's precision). Workgroup g (x + y * the
// grid's width) takes lines g M .. g M + M - 1.
//
// flags: inverse (conjugate on load and store: IDFT(x) = conj(DFT(conj x))); post-twiddle
// (the four-step method's multiply of element k by w_N^(q k), q the line's index at level
// `tw_level`, w_N^e = big_lo[e % split] * big_hi[e / split] from two tables the host made
// in f64, split a power of two); load and store element-fast (contiguous lines: consecutive invocations take
// consecutive elements of a line) or line-fast (consecutive invocations take element k of
// consecutive lines, which coalesces where lines are neighbours in memory: columns).
//
// Twiddles: tw[k] = w_L^k = exp(-2 pi i k / L) for k < L, computed by the host in f64.
// Stages: radix 8 while it divides what is left, then 4, 2, 3, 5, 7, 11, 13 (the host sends
// only lengths of these factors; larger prime factors go through Bluestein's algorithm).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Cx { CPLX v[]; };

layout(push_constant) uniform Params {
    uint64_t src, dst, tw, big_lo, big_hi;
    uint L, flags, lines, per_group;
    uint es_in, es_out, c0, c1;
    uint in_s0, in_s1, in_s2, out_s0;
    uint out_s1, out_s2, split, pad0;
    SCALE_T scale;
} p;

const uint F_INVERSE = 1u, F_POST_TWIDDLE = 2u, F_LOAD_KFAST = 4u, F_STORE_KFAST = 8u, F_SCALE = 16u, F_SWIZZLE = 32u;
const uint THREADS = 256u;
// Butterflies one invocation does per radix-8, -4, -2 stage (M L <= SMAX).
const uint NB8 = SMAX / 8u / THREADS, NB4 = SMAX / 4u / THREADS, NB2 = SMAX / 2u / THREADS;
// Values one invocation keeps between an odd-radix stage's reads and writes:
// ceil(SMAX / R / 256) R stays below SMAX / 256 + 13.
const uint MAXV = SMAX / 256u + 16u;

shared CPLX sh[SMAX];
uint gL;
bool gSwz;
// Power-of-two lengths (and lines per workgroup): indices by shifts and masks, as integer
// division by a run-time value costs tens of instructions.
bool gP2, gMP2;
uint gLgL, gLgM;

// The workgroup's line m and element k of slot t: element-fast (kfast) or line-fast.
uvec2 slot(uint t, bool kfast, uint M) {
    if (kfast) return gP2 ? uvec2(t >> gLgL, t & (gL - 1u)) : uvec2(t / gL, t % gL);
    return gMP2 ? uvec2(t & (M - 1u), t >> gLgM) : uvec2(t % M, t / M);
}

CPLX cmul(CPLX a, CPLX b) { return CPLX(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
CPLX conj_(CPLX a) { return CPLX(a.x, -a.y); }
// -i a
CPLX mul_mi(CPLX a) { return CPLX(a.y, -a.x); }

// Element k of the workgroup's line m in shared memory. With F_SWIZZLE (power-of-two
// lengths) each line is rotated by m, so that line-fast accesses spread over the banks.
uint at(uint m, uint k) { return m * gL + (gSwz ? ((k + m) & (gL - 1u)) : k); }

uint line_offset(uint l, uint s0, uint s1, uint s2) {
    uint l0 = l % p.c0, t = l / p.c0;
    return l0 * s0 + (t % p.c1) * s1 + (t / p.c1) * s2;
}

uint line_level(uint l, uint level) {
    uint l0 = l % p.c0, t = l / p.c0;
    return level == 0u ? l0 : (level == 1u ? t % p.c1 : t / p.c1);
}

void dft4(inout CPLX a0, inout CPLX a1, inout CPLX a2, inout CPLX a3) {
    CPLX t0 = a0 + a2, t1 = a0 - a2, t2 = a1 + a3, t3 = mul_mi(a1 - a3);
    a0 = t0 + t2; a2 = t0 - t2; a1 = t1 + t3; a3 = t1 - t3;
}

void dft8(inout CPLX x[8]) {
    const REAL h = REAL(0.70710678118654752440084436210485);
    CPLX b0 = x[0] + x[4], b1 = x[1] + x[5], b2 = x[2] + x[6], b3 = x[3] + x[7];
    CPLX d0 = x[0] - x[4], d1 = x[1] - x[5], d2 = x[2] - x[6], d3 = x[3] - x[7];
    // d_r *= w8^r
    d1 = CPLX(h * (d1.x + d1.y), h * (d1.y - d1.x));
    d2 = mul_mi(d2);
    d3 = CPLX(h * (d3.y - d3.x), -h * (d3.x + d3.y));
    dft4(b0, b1, b2, b3);
    dft4(d0, d1, d2, d3);
    x[0] = b0; x[2] = b1; x[4] = b2; x[6] = b3;
    x[1] = d0; x[3] = d1; x[5] = d2; x[7] = d3;
}

// One Stockham stage of radix R in {2, 4, 8} with NB butterflies per invocation at most:
// constant trip counts, so the values stay in registers across the barrier.
#define POW2_STAGE(R, NB)                                                                       \
    {                                                                                           \
        uint Lr = L / R, nb = M * Lr, step = L / (Ns * R), lgLr = findLSB(Lr), lgNs = findLSB(Ns); \
        CPLX v[NB * R];                                                                         \
        for (uint i = 0u; i < NB; i++) {                                                        \
            uint b = tid + i * THREADS;                                                         \
            if (b < nb) {                                                                       \
                uint m = gP2 ? b >> lgLr : b / Lr, j = b - m * Lr, kk = j & (Ns - 1u);           \
                CPLX x[8];                                                                      \
                for (uint r = 0u; r < R; r++) x[r] = sh[at(m, j + r * Lr)];                      \
                for (uint r = 1u; r < R; r++) x[r] = cmul(x[r], tw.v[r * kk * step]);           \
                if (R == 8u) dft8(x);                                                           \
                else if (R == 4u) dft4(x[0], x[1], x[2], x[3]);                                 \
                else { CPLX t = x[0] - x[1]; x[0] += x[1]; x[1] = t; }                          \
                for (uint r = 0u; r < R; r++) v[i * R + r] = x[r];                              \
            }                                                                                   \
        }                                                                                       \
        barrier();                                                                              \
        for (uint i = 0u; i < NB; i++) {                                                        \
            uint b = tid + i * THREADS;                                                         \
            if (b < nb) {                                                                       \
                uint m = gP2 ? b >> lgLr : b / Lr, j = b - m * Lr, kk = j & (Ns - 1u);           \
                uint o = (j >> lgNs) * Ns * R + kk;                                             \
                for (uint r = 0u; r < R; r++) sh[at(m, o + r * Ns)] = v[i * R + r];             \
            }                                                                                   \
        }                                                                                       \
        barrier();                                                                              \
    }

void main() {
    uint g = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint L = p.L, M = p.per_group, tid = gl_LocalInvocationIndex;
    gL = L;
    gSwz = (p.flags & F_SWIZZLE) != 0u;
    gP2 = (L & (L - 1u)) == 0u;
    gMP2 = (M & (M - 1u)) == 0u;
    gLgL = findLSB(L);
    gLgM = findLSB(M);
    uint first = g * M;
    bool inv = (p.flags & F_INVERSE) != 0u;
    Cx src = Cx(p.src), dst = Cx(p.dst), tw = Cx(p.tw);

    // Load M lines.
    bool kfast = (p.flags & F_LOAD_KFAST) != 0u;
    // A line's offset is computed once per line an invocation meets (line-fast: always the
    // same line, as THREADS is a multiple of M there).
    uint seen = 0xffffffffu, base = 0u;
    for (uint t = tid; t < M * L; t += THREADS) {
        uvec2 mk = slot(t, kfast, M);
        uint m = mk.x, k = mk.y;
        uint l = first + m;
        if (l < p.lines) {
            if (m != seen) { seen = m; base = line_offset(l, p.in_s0, p.in_s1, p.in_s2); }
            CPLX v = src.v[base + k * p.es_in];
            sh[at(m, k)] = inv ? conj_(v) : v;
        }
    }
    barrier();

    uint rem = L, Ns = 1u;
    while (rem % 8u == 0u) { POW2_STAGE(8u, NB8) Ns *= 8u; rem /= 8u; }
    if (rem % 4u == 0u) { POW2_STAGE(4u, NB4) Ns *= 4u; rem /= 4u; }
    if (rem % 2u == 0u) { POW2_STAGE(2u, NB2) Ns *= 2u; rem /= 2u; }
    while (rem > 1u) {
        uint R = (rem % 3u == 0u) ? 3u : (rem % 5u == 0u) ? 5u : (rem % 7u == 0u) ? 7u : (rem % 11u == 0u) ? 11u : 13u;
        uint Lr = L / R, nb = M * Lr, step = L / (Ns * R);
        CPLX v[MAXV];
        uint c = 0u;
        for (uint b = tid; b < nb; b += THREADS) {
            uint m = b / Lr, j = b % Lr, kk = j % Ns;
            CPLX x[13];
            x[0] = sh[at(m, j)];
            for (uint r = 1u; r < R; r++) x[r] = cmul(sh[at(m, j + r * Lr)], tw.v[r * kk * step]);
            if (R == 3u) {
                const REAL s3 = REAL(0.86602540378443864676372317075294);
                CPLX t = x[1] + x[2], m0 = x[0] - REAL(0.5) * t, s = mul_mi(x[1] - x[2]) * s3;
                v[c + 0u] = x[0] + t; v[c + 1u] = m0 + s; v[c + 2u] = m0 - s;
            } else {
                // A direct DFT of the other odd radices: w_R^e = tw[e L / R].
                for (uint k = 0u; k < R; k++) {
                    CPLX acc = x[0];
                    for (uint r = 1u; r < R; r++) acc += cmul(x[r], tw.v[((r * k) % R) * Lr]);
                    v[c + k] = acc;
                }
            }
            c += R;
        }
        barrier();
        c = 0u;
        for (uint b = tid; b < nb; b += THREADS) {
            uint m = b / Lr, j = b % Lr, kk = j % Ns;
            uint o = (j / Ns) * Ns * R + kk;
            for (uint r = 0u; r < R; r++) sh[at(m, o + r * Ns)] = v[c + r];
            c += R;
        }
        barrier();
        Ns *= R;
        rem /= R;
    }

    // Store M lines.
    kfast = (p.flags & F_STORE_KFAST) != 0u;
    bool post = (p.flags & F_POST_TWIDDLE) != 0u;
    uint level = p.flags >> 8u;
    Cx lo = Cx(p.big_lo), hi = Cx(p.big_hi);
    seen = 0xffffffffu;
    uint q = 0u;
    for (uint t = tid; t < M * L; t += THREADS) {
        uvec2 mk = slot(t, kfast, M);
        uint m = mk.x, k = mk.y;
        uint l = first + m;
        if (l < p.lines) {
            if (m != seen) { seen = m; base = line_offset(l, p.out_s0, p.out_s1, p.out_s2); q = post ? line_level(l, level) : 0u; }
            CPLX v = sh[at(m, k)];
            if (inv) v = conj_(v);
            if (post) {
                uint e = q * k;
                CPLX w = cmul(lo.v[e & (p.split - 1u)], hi.v[e >> findLSB(p.split)]);
                v = cmul(v, inv ? conj_(w) : w);
            }
            if ((p.flags & F_SCALE) != 0u) v *= REAL(p.scale);
            dst.v[base + k * p.es_out] = v;
        }
    }
}
