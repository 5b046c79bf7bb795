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
// in f64); load and store element-fast (contiguous lines: consecutive invocations take
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

const uint F_INVERSE = 1u, F_POST_TWIDDLE = 2u, F_LOAD_KFAST = 4u, F_STORE_KFAST = 8u, F_SCALE = 16u;
const uint THREADS = 256u;
// Values one invocation keeps between a stage's reads and writes: ceil(SMAX / R / 256) R
// for the radices used stays at most SMAX / 256 + 13.
const uint MAXV = SMAX / 256u + 16u;

shared CPLX sh[SMAX];

CPLX cmul(CPLX a, CPLX b) { return CPLX(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
CPLX conj_(CPLX a) { return CPLX(a.x, -a.y); }
// -i a
CPLX mul_mi(CPLX a) { return CPLX(a.y, -a.x); }

uint line_offset(uint l, uint s0, uint s1, uint s2) {
    uint l0 = l % p.c0, t = l / p.c0;
    return l0 * s0 + (t % p.c1) * s1 + (t / p.c1) * s2;
}

uint line_level(uint l, uint level) {
    uint l0 = l % p.c0, t = l / p.c0;
    return level == 0u ? l0 : (level == 1u ? t % p.c1 : t / p.c1);
}

void main() {
    uint g = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint L = p.L, M = p.per_group, tid = gl_LocalInvocationIndex;
    uint first = g * M;
    bool inv = (p.flags & F_INVERSE) != 0u;
    Cx src = Cx(p.src), dst = Cx(p.dst), tw = Cx(p.tw);

    // Load M lines.
    bool kfast = (p.flags & F_LOAD_KFAST) != 0u;
    for (uint t = tid; t < M * L; t += THREADS) {
        uint m = kfast ? t / L : t % M, k = kfast ? t % L : t / M;
        uint l = first + m;
        if (l < p.lines) {
            CPLX v = src.v[line_offset(l, p.in_s0, p.in_s1, p.in_s2) + k * p.es_in];
            sh[m * L + k] = inv ? conj_(v) : v;
        }
    }
    barrier();

    uint rem = L, Ns = 1u;
    while (rem > 1u) {
        uint R = (rem % 8u == 0u) ? 8u : (rem % 4u == 0u) ? 4u : (rem % 2u == 0u) ? 2u : (rem % 3u == 0u) ? 3u
               : (rem % 5u == 0u) ? 5u : (rem % 7u == 0u) ? 7u : (rem % 11u == 0u) ? 11u : 13u;
        uint Lr = L / R, nb = M * Lr, step = L / (Ns * R);
        CPLX v[MAXV];
        uint c = 0u;
        for (uint b = tid; b < nb; b += THREADS) {
            uint m = b / Lr, j = b % Lr, kk = j % Ns;
            uint base = m * L + j;
            CPLX x[13];
            x[0] = sh[base];
            for (uint r = 1u; r < R; r++) x[r] = cmul(sh[base + r * Lr], tw.v[(r * kk * step) % L]);
            if (R == 8u) {
                CPLX b0 = x[0] + x[4], b1 = x[1] + x[5], b2 = x[2] + x[6], b3 = x[3] + x[7];
                CPLX d0 = x[0] - x[4], d1 = x[1] - x[5], d2 = x[2] - x[6], d3 = x[3] - x[7];
                // d_r *= w8^r
                const REAL h = REAL(0.70710678118654752440084436210485);
                d1 = CPLX(h * (d1.x + d1.y), h * (d1.y - d1.x));
                d2 = mul_mi(d2);
                d3 = CPLX(h * (d3.y - d3.x), -h * (d3.x + d3.y));
                CPLX t0 = b0 + b2, t1 = b0 - b2, t2 = b1 + b3, t3 = mul_mi(b1 - b3);
                v[c + 0u] = t0 + t2; v[c + 4u] = t0 - t2; v[c + 2u] = t1 + t3; v[c + 6u] = t1 - t3;
                t0 = d0 + d2; t1 = d0 - d2; t2 = d1 + d3; t3 = mul_mi(d1 - d3);
                v[c + 1u] = t0 + t2; v[c + 5u] = t0 - t2; v[c + 3u] = t1 + t3; v[c + 7u] = t1 - t3;
            } else if (R == 4u) {
                CPLX t0 = x[0] + x[2], t1 = x[0] - x[2], t2 = x[1] + x[3], t3 = mul_mi(x[1] - x[3]);
                v[c + 0u] = t0 + t2; v[c + 2u] = t0 - t2; v[c + 1u] = t1 + t3; v[c + 3u] = t1 - t3;
            } else if (R == 2u) {
                v[c + 0u] = x[0] + x[1]; v[c + 1u] = x[0] - x[1];
            } else if (R == 3u) {
                const REAL s3 = REAL(0.86602540378443864676372317075294);
                CPLX t = x[1] + x[2], m0 = x[0] - REAL(0.5) * t, s = mul_mi(x[1] - x[2]) * s3;
                v[c + 0u] = x[0] + t; v[c + 1u] = m0 + s; v[c + 2u] = m0 - s;
            } else {
                // A direct DFT of the odd radices: w_R^e = tw[e L / R].
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
            uint o = m * L + (j / Ns) * Ns * R + kk;
            for (uint r = 0u; r < R; r++) sh[o + r * Ns] = v[c + r];
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
    for (uint t = tid; t < M * L; t += THREADS) {
        uint m = kfast ? t / L : t % M, k = kfast ? t % L : t / M;
        uint l = first + m;
        if (l < p.lines) {
            CPLX v = sh[m * L + k];
            if (inv) v = conj_(v);
            if (post) {
                uint e = line_level(l, level) * k;
                CPLX w = cmul(lo.v[e % p.split], hi.v[e / p.split]);
                v = cmul(v, inv ? conj_(w) : w);
            }
            if ((p.flags & F_SCALE) != 0u) v *= REAL(p.scale);
            dst.v[line_offset(l, p.out_s0, p.out_s1, p.out_s2) + k * p.es_out] = v;
        }
    }
}
