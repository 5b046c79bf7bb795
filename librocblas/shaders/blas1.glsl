// Level-1 BLAS over strided vectors of one element type (the module defines REAL and, for
// complex modules, CPLX): axpy, scal, copy, swap, rot, rotm, and the reductions dot/dotc,
// asum, nrm2, iamax/iamin in two deterministic passes (per-group partials in a fixed
// partition of the elements, then one group per batch entry sums them in a fixed tree, so a
// result does not depend on the GPU or on timing). One module per type and the operation in
// the parameter block: these kernels are bound by memory, a uniform branch costs nothing.
//
// Grid: x = the groups that share one vector (G), y and z = batch entries (b = y + Y z).
// Element i of a vector of n: base + i inc elements, or base + (n-1-i) |inc| for negative
// increments (BLAS order). A batch entry's base: ptr + b stride (bytes), or entry b of a
// device pointer array plus a byte shift (rocBLAS's internal templates offset the entries).
// Host twin: librocblas/src/blas1/kernel.rs (the same parameter block, on the host).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

const uint TPB = 256u;
layout(local_size_x = TPB) in;

layout(buffer_reference, std430, buffer_reference_align = RALIGN) buffer Rv { REAL v[]; };
#ifdef CPLX
// rocBLAS's complex types are aligned to their size; the host checks strided bases.
layout(buffer_reference, std430, buffer_reference_align = CALIGN) buffer Cv { CPLX v[]; };
#define T CPLX
#define ES (2u * RALIGN)
#else
#define T REAL
#define ES RALIGN
#endif
// Elements each invocation takes per round, loaded together so that enough memory requests
// are in flight. Elementwise kernels hold two vectors' elements and addresses; a reduction's first pass
// reads up to 64 bytes per invocation at once (a kernel that reads 16 bytes per invocation
// per round, at full occupancy, keeps too few requests in flight for an H200's bandwidth:
// measured f32 asum 2.3 TB/s against f64's 3.5).
const uint UNROLL = ES <= 4u ? 8u : 4u;
const uint RUNROLL = ES <= 4u ? 16u : (ES <= 8u ? 8u : 4u);
// Round r of group g takes the tile of TILE (RTILE) elements from (g + r G) TILE, invocation
// l its elements l + k TPB: an invocation's loads of a round sit within one tile (a
// grid-stride loop over single elements put them G TPB elements apart, tens of MiB on a
// large vector).
const uint TILE = TPB * UNROLL;
const uint RTILE = TPB * RUNROLL;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer U64v { uint64_t v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer U32v { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer I64v { int64_t v[]; };

layout(push_constant) uniform Params {
    uint64_t x, y;     // vectors (or pointer arrays)
    uint64_t sa, sb;   // device scalars, rotm parameters, or a finishing pass's partials
    uint64_t out_;     // partials (first pass) or results (finishing pass)
    int64_t bsx, bsy;  // batch stride in bytes, or the byte shift of pointer-array entries
    int64_t incx, incy;
    int64_t bsa;       // batch stride in bytes of rotm's parameters
    uint n, op, flags, batch;
    REAL a0, a1, b0, b1;  // host scalars
} p;

const uint OP_AXPY = 0u, OP_SCAL = 1u, OP_COPY = 2u, OP_SWAP = 3u, OP_ROT = 4u, OP_ROTM = 5u;
const uint OP_DOT = 6u, OP_ASUM = 7u, OP_NRM2 = 8u, OP_IAMAX = 9u;
const uint OP_FIN_DOT = 10u, OP_FIN_REAL = 11u, OP_FIN_IAMAX = 12u;
// Scalar work, one invocation per batch entry: the five pointer arguments are x, y, sa, sb,
// out_ with batch strides bsx, bsy, incx, incy, bsa (bytes) or pointer arrays (flags).
const uint OP_ROTG = 13u, OP_ROTMG = 14u;

const uint F_X_ARRAY = 1u, F_Y_ARRAY = 2u, F_SA_DEV = 4u, F_SB_DEV = 8u, F_SA_ARRAY = 16u;
const uint F_CONJ = 32u, F_SA_REAL = 64u, F_SB_REAL = 128u, F_SQRT = 256u, F_MIN = 512u;
const uint F_I64 = 1024u, F_SB_ARRAY = 2048u, F_OUT_ARRAY = 4096u;

bool has(uint f) { return (p.flags & f) != 0u; }

#ifdef CPLX
T mul(T a, T b) { return T(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
T conj_(T a) { return T(a.x, -a.y); }
REAL abs1(T a) { return abs(a.x) + abs(a.y); }
T from_real(REAL r) { return T(r, REAL(0)); }
T ld(uint64_t a) { return Cv(a).v[0]; }
void st(uint64_t a, T v) { Cv(a).v[0] = v; }
T host_a() { return T(p.a0, p.a1); }
T host_b() { return T(p.b0, p.b1); }
#else
T mul(T a, T b) { return a * b; }
T conj_(T a) { return a; }
REAL abs1(T a) { return abs(a); }
T from_real(REAL r) { return r; }
T ld(uint64_t a) { return Rv(a).v[0]; }
void st(uint64_t a, T v) { Rv(a).v[0] = v; }
T host_a() { return p.a0; }
T host_b() { return p.b0; }
#endif

// A scalar argument: the host's value, or read from device memory (real-typed where the
// flag says so: csscal's alpha, rot's c, csrot's s).
T scalar(bool dev, bool real_typed, uint64_t addr, T host) {
    if (!dev) return host;
    return real_typed ? from_real(Rv(addr).v[0]) : ld(addr);
}

uint64_t entry(uint64_t ptr, int64_t bstride, bool array, uint b) {
    return array ? U64v(ptr).v[b] + uint64_t(bstride) : ptr + uint64_t(int64_t(b) * bstride);
}

uint64_t at(uint64_t base, int64_t inc, uint i) {
    int64_t k = inc >= 0 ? int64_t(i) * inc : (int64_t(p.n) - 1 - int64_t(i)) * (-inc);
    return base + uint64_t(k) * ES;
}

// nrm2 without overflow or underflow in the sum of squares (Blue's three accumulators, as
// LAPACK's nrm2 does it): squares of |x| < TSML scaled up by SSML, of |x| > TBIG down by SBIG,
// the rest plain; powers of two for the type (rocBLAS's kernel sums plain squares and
// overflows beyond sqrt(max)).
#if RALIGN == 4
const REAL TSML = REAL(1.0842021724855044e-19), TBIG = REAL(4503599627370496.0);
const REAL SSML = REAL(3.7778931862957162e+22), SBIG = REAL(1.3234889800848443e-23);
#else
const REAL TSML = REAL(1.4916681462400413e-154LF), TBIG = REAL(1.9979190722022350e+146LF);
const REAL SSML = REAL(4.4989137945431964e+161LF), SBIG = REAL(1.1113793747425387e-162LF);
#endif

struct Blue { REAL sml, med, big; };

void blue_add(inout Blue a, REAL v) {
    REAL ax = abs(v);
    if (ax > TBIG) { REAL t = ax * SBIG; a.big += t * t; }
    else if (ax < TSML) { REAL t = ax * SSML; a.sml += t * t; }
    else a.med += ax * ax;  // NaN lands here and stays
}

REAL blue_norm(Blue a) {
    if (a.big > REAL(0)) {
        if (a.med > REAL(0) || a.med != a.med) a.big += (a.med * SBIG) * SBIG;
        return sqrt(a.big) / SBIG;
    }
    if (a.sml > REAL(0)) {
        if (a.med > REAL(0) || a.med != a.med) {
            REAL m = sqrt(a.med), s = sqrt(a.sml) / SSML;
            REAL hi = max(m, s), lo = min(m, s);
            return hi * sqrt(REAL(1) + (lo / hi) * (lo / hi));
        }
        return sqrt(a.sml) / SSML;
    }
    return sqrt(a.med);
}

shared T sh[TPB];
shared REAL shv[TPB];
shared uint shi[TPB];

// Tree sums over the group (fixed order: deterministic).
T group_sum(T v) {
    uint l = gl_LocalInvocationID.x;
    sh[l] = v;
    barrier();
    [[unroll]] for (uint s = TPB / 2u; s > 0u; s >>= 1u) {
        if (l < s) sh[l] += sh[l + s];
        barrier();
    }
    T r = sh[0];
    barrier();  // the next reduction reuses the array
    return r;
}

REAL group_rsum(REAL v) {
    uint l = gl_LocalInvocationID.x;
    shv[l] = v;
    barrier();
    [[unroll]] for (uint s = TPB / 2u; s > 0u; s >>= 1u) {
        if (l < s) shv[l] += shv[l + s];
        barrier();
    }
    REAL r = shv[0];
    barrier();
    return r;
}

// iamax/iamin's order on (value, index) pairs: whether (bv, bi) replaces (av, ai): bi is
// an element and ai is none, or bv is strictly better (larger; smaller with `mn`), or as good
// at a lower index. Index ~0 is "none" (NaN elements never win). Integer logic, so that no
// branch is emitted.
bool takes(bool mn, REAL av, uint ai, REAL bv, uint bi) {
    uint strictly = mn ? uint(bv < av) : uint(bv > av);
    uint tie = uint(bv == av) & uint(bi < ai);
    return (uint(bi != ~0u) & (uint(ai == ~0u) | strictly | tie)) != 0u;
}

void group_best(inout REAL v, inout uint i) {
    uint l = gl_LocalInvocationID.x;
    shv[l] = v;
    shi[l] = i;
    barrier();
    [[unroll]] for (uint s = TPB / 2u; s > 0u; s >>= 1u) {
        if (l < s && takes(has(F_MIN), shv[l], shi[l], shv[l + s], shi[l + s])) {
            shv[l] = shv[l + s];
            shi[l] = shi[l + s];
        }
        barrier();
    }
    v = shv[0];
    i = shi[0];
    barrier();
}

void elementwise(uint b) {
    uint n = p.n, G = gl_NumWorkGroups.x, stride = G * TILE;
    uint t = gl_WorkGroupID.x * TILE + gl_LocalInvocationID.x;
    uint64_t xb = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    bool two = p.op != OP_SCAL;
    uint64_t yb = two ? entry(p.y, p.bsy, has(F_Y_ARRAY), b) : 0ul;
    T a = host_a(), s = host_b();
    REAL h11 = p.a0, h21 = p.a1, h12 = p.b0, h22 = p.b1;
    if (p.op == OP_AXPY || p.op == OP_SCAL) {
        a = scalar(has(F_SA_DEV), has(F_SA_REAL), p.sa, host_a());
        // rocBLAS's axpy returns at once for alpha 0 (x is not read: it may hold NaN).
        if (p.op == OP_AXPY && a == T(0)) return;
    } else if (p.op == OP_ROT) {
        a = scalar(has(F_SA_DEV), true, p.sa, host_a());
        s = scalar(has(F_SB_DEV), has(F_SB_REAL), p.sb, host_b());
    } else if (p.op == OP_ROTM && has(F_SA_DEV)) {
        // flag h11 h21 h12 h22 of this batch entry; flag -2 is the identity.
        uint64_t pa = entry(p.sa, p.bsa, has(F_SA_ARRAY), b);
        Rv pr = Rv(pa);
        REAL flag = pr.v[0];
        if (flag == REAL(-2)) return;
        h11 = flag == REAL(0) ? REAL(1) : pr.v[1];
        h21 = flag > REAL(0) ? REAL(-1) : pr.v[2];
        h12 = flag > REAL(0) ? REAL(1) : pr.v[3];
        h22 = flag == REAL(0) ? REAL(1) : pr.v[4];
    }
    for (uint i0 = t; i0 < n; i0 += stride) {
        T xv[UNROLL], yv[UNROLL];
        uint64_t xa[UNROLL], ya[UNROLL];
        [[unroll]] for (uint k = 0u; k < UNROLL; k++) {
            uint i = i0 + k * TPB;
            if (i < n) {
                xa[k] = at(xb, p.incx, i);
                xv[k] = ld(xa[k]);
                if (two) {
                    ya[k] = at(yb, p.incy, i);
                    if (p.op != OP_COPY) yv[k] = ld(ya[k]);
                }
            }
        }
        [[unroll]] for (uint k = 0u; k < UNROLL; k++) {
            if (i0 + k * TPB >= n) continue;
            T xi = xv[k], yi = yv[k];
            if (p.op == OP_AXPY) {
                st(ya[k], mul(a, xi) + yi);
            } else if (p.op == OP_SCAL) {
                st(xa[k], mul(a, xi));
            } else if (p.op == OP_COPY) {
                st(ya[k], xi);
            } else if (p.op == OP_SWAP) {
                st(xa[k], yi);
                st(ya[k], xi);
            } else if (p.op == OP_ROT) {
                st(xa[k], mul(a, xi) + mul(s, yi));
                st(ya[k], mul(a, yi) - mul(conj_(s), xi));
            } else {
                st(xa[k], xi * h11 + yi * h12);
                st(ya[k], xi * h21 + yi * h22);
            }
        }
    }
}

// First pass of a reduction: group g's partial over elements g TPB + l + k G TPB.
void partial(uint b) {
    uint n = p.n, G = gl_NumWorkGroups.x, stride = G * RTILE, g = gl_WorkGroupID.x;
    uint t = g * RTILE + gl_LocalInvocationID.x;
    uint64_t xb = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    uint slot = b * G + g;
    if (p.op == OP_DOT) {
        uint64_t yb = entry(p.y, p.bsy, has(F_Y_ARRAY), b);
        T acc = T(0);
        for (uint i0 = t; i0 < n; i0 += stride) {
            T xv[RUNROLL], yv[RUNROLL];
            [[unroll]] for (uint k = 0u; k < RUNROLL; k++) {
                uint i = i0 + k * TPB;
                xv[k] = i < n ? ld(at(xb, p.incx, i)) : T(0);
                yv[k] = i < n ? ld(at(yb, p.incy, i)) : T(0);
            }
            [[unroll]] for (uint k = 0u; k < RUNROLL; k++) acc += mul(has(F_CONJ) ? conj_(xv[k]) : xv[k], yv[k]);
        }
        T s = group_sum(acc);
        if (gl_LocalInvocationID.x == 0u) st(p.out_ + uint64_t(slot) * ES, s);
    } else if (p.op == OP_IAMAX) {
        // A round's best value first (a max/min tree over its elements, two instructions
        // an element), and the index only when that value beats the invocation's best, which
        // after the first rounds is rare. An invocation's elements come in increasing index
        // order (rounds, and lanes k within a round), so a strictly better value replaces
        // the best and the first lane holding it is the lowest index; the invocations meet
        // under the full order (takes). Missing and NaN elements read as `none`: -1 for
        // iamax, +inf for iamin, so that they never win the tree; a lane's raw value stays
        // NaN or -1, so that the index search never matches them. (Keeping a best per lane,
        // as before, compared and selected twice per element: isamax at 0.33x of cuBLAS on
        // the H100, slower per element than idamax.)
        bool mn = has(F_MIN);
#if RALIGN == 4
        REAL inf_ = uintBitsToFloat(0x7f800000u);
#else
        REAL inf_ = packDouble2x32(uvec2(0u, 0x7ff00000u));
#endif
        REAL none = mn ? inf_ : REAL(-1);
        REAL bv = none;
        uint bi = ~0u;
        for (uint i0 = t; i0 < n; i0 += stride) {
            REAL v[RUNROLL];
            if (i0 + (RUNROLL - 1u) * TPB < n) {
                // A whole round: loads without guards, all in flight at once. (With a guard
                // per element the H100's compiler issued them one after another: isamax at
                // 1,040 GB/s against 2,464 unguarded, idamax 1,814 against 2,725.)
                [[unroll]] for (uint k = 0u; k < RUNROLL; k++) v[k] = abs1(ld(at(xb, p.incx, i0 + k * TPB)));
            } else {
                [[unroll]] for (uint k = 0u; k < RUNROLL; k++) {
                    uint i = i0 + k * TPB;
                    v[k] = i < n ? abs1(ld(at(xb, p.incx, i))) : REAL(-1);
                }
            }
            REAL m = v[0] >= REAL(0) ? v[0] : none;
            [[unroll]] for (uint k = 1u; k < RUNROLL; k++) {
                REAL c = v[k] >= REAL(0) ? v[k] : none;
                m = mn ? min(m, c) : max(m, c);
            }
            // iamin's +inf: taken by the first round that holds one, if nothing came before.
            bool better = mn ? (m < bv || (bi == ~0u && m == inf_)) : m > bv;
            if (better) {
                uint at_k = ~0u;
                [[unroll]] for (uint k = 0u; k < RUNROLL; k++) at_k = at_k == ~0u && v[k] == m ? k : at_k;
                if (at_k != ~0u) {
                    bv = m;
                    bi = i0 + at_k * TPB;
                }
            }
        }
        group_best(bv, bi);
        if (gl_LocalInvocationID.x == 0u) {
            Rv(p.out_).v[slot] = bv;
            U32v(p.sb).v[slot] = bi;
        }
    } else if (p.op == OP_NRM2) {
        // Three partials per group (small, medium, big squares).
        Blue acc = Blue(REAL(0), REAL(0), REAL(0));
        for (uint i0 = t; i0 < n; i0 += stride) {
            T xv[RUNROLL];
            [[unroll]] for (uint k = 0u; k < RUNROLL; k++) {
                uint i = i0 + k * TPB;
                xv[k] = i < n ? ld(at(xb, p.incx, i)) : T(0);
            }
            [[unroll]] for (uint k = 0u; k < RUNROLL; k++) {
#ifdef CPLX
                blue_add(acc, xv[k].x);
                blue_add(acc, xv[k].y);
#else
                blue_add(acc, xv[k]);
#endif
            }
        }
        REAL sml = group_rsum(acc.sml);
        REAL med = group_rsum(acc.med);
        REAL big = group_rsum(acc.big);
        if (gl_LocalInvocationID.x == 0u) {
            Rv(p.out_).v[3u * slot] = sml;
            Rv(p.out_).v[3u * slot + 1u] = med;
            Rv(p.out_).v[3u * slot + 2u] = big;
        }
    } else {
        REAL acc = REAL(0);
        for (uint i0 = t; i0 < n; i0 += stride) {
            T xv[RUNROLL];
            [[unroll]] for (uint k = 0u; k < RUNROLL; k++) {
                uint i = i0 + k * TPB;
                xv[k] = i < n ? ld(at(xb, p.incx, i)) : T(0);
            }
            [[unroll]] for (uint k = 0u; k < RUNROLL; k++) acc += abs1(xv[k]);
        }
        REAL s = group_rsum(acc);
        if (gl_LocalInvocationID.x == 0u) Rv(p.out_).v[slot] = s;
    }
}

// Second pass: one group per batch entry over the G = n partials at sa (indices at sb).
void finish(uint b) {
    uint G = p.n, l = gl_LocalInvocationID.x, first = b * G;
    if (p.op == OP_FIN_DOT) {
        T acc = T(0);
        for (uint g = l; g < G; g += TPB) acc += ld(p.sa + uint64_t(first + g) * ES);
        T s = group_sum(acc);
        if (l == 0u) st(p.out_ + uint64_t(b) * ES, s);
    } else if (p.op == OP_FIN_REAL && has(F_SQRT)) {
        Blue acc = Blue(REAL(0), REAL(0), REAL(0));
        for (uint g = l; g < G; g += TPB) {
            uint o = 3u * (first + g);
            acc.sml += Rv(p.sa).v[o];
            acc.med += Rv(p.sa).v[o + 1u];
            acc.big += Rv(p.sa).v[o + 2u];
        }
        Blue s = Blue(group_rsum(acc.sml), group_rsum(acc.med), group_rsum(acc.big));
        if (l == 0u) Rv(p.out_).v[b] = blue_norm(s);
    } else if (p.op == OP_FIN_REAL) {
        REAL acc = REAL(0);
        for (uint g = l; g < G; g += TPB) acc += Rv(p.sa).v[first + g];
        REAL s = group_rsum(acc);
        if (l == 0u) Rv(p.out_).v[b] = s;
    } else {
        REAL bv = REAL(0);
        uint bi = ~0u;
        for (uint g = l; g < G; g += TPB) {
            REAL v = Rv(p.sa).v[first + g];
            uint i = U32v(p.sb).v[first + g];
            if (takes(has(F_MIN), bv, bi, v, i)) { bv = v; bi = i; }
        }
        group_best(bv, bi);
        if (l == 0u) {
            // 1-based; a vector of NaNs answers 1, as a scan that starts at element 0 does.
            int64_t r = bi == ~0u ? 1l : int64_t(bi) + 1l;
            if (has(F_I64)) I64v(p.out_).v[b] = r;
            else U32v(p.out_).v[b] = uint(r);
        }
    }
}

// rotg: the Givens rotation of (a, b) (BLAS's srotg / crotg): r and z (complex: r, b kept)
// into a and b, c and s out; c real.
void rotg(uint b) {
    uint64_t pa = entry(p.x, p.bsx, has(F_X_ARRAY), b), pb = entry(p.y, p.bsy, has(F_Y_ARRAY), b);
    uint64_t pc = entry(p.sa, p.incx, has(F_SA_ARRAY), b), ps = entry(p.sb, p.incy, has(F_SB_ARRAY), b);
#ifdef CPLX
    T a = ld(pa), bb = ld(pb);
    REAL aa = length(a);
    if (aa == REAL(0)) {
        Rv(pc).v[0] = REAL(0);
        st(ps, T(1, 0));
        st(pa, bb);
        return;
    }
    REAL scale = aa + length(bb);
    REAL sa = length(a / scale), sb = length(bb / scale);
    REAL norm = scale * sqrt(sa * sa + sb * sb);
    T alpha = a / aa;
    Rv(pc).v[0] = aa / norm;
    st(ps, mul(alpha, conj_(bb)) / norm);
    st(pa, alpha * norm);
#else
    REAL a = ld(pa), bb = ld(pb);
    REAL aa = abs(a), ab = abs(bb), scale = aa + ab;
    if (scale == REAL(0)) {
        st(pc, REAL(1)); st(ps, REAL(0)); st(pa, REAL(0)); st(pb, REAL(0));
        return;
    }
    REAL sa = a / scale, sb = bb / scale;
    REAL r = scale * sqrt(sa * sa + sb * sb);
    if ((aa > ab ? a : bb) < REAL(0)) r = -r;
    REAL c = a / r, s = bb / r, z = REAL(1);
    if (aa > ab) z = s;
    if (ab >= aa && c != REAL(0)) z = REAL(1) / c;
    st(pc, c); st(ps, s); st(pa, r); st(pb, z);
#endif
}

#ifndef CPLX
// rotmg: the modified Givens transformation of (d1, d2, x1, y1) into param (BLAS's srotmg,
// with its rescaling by gam = 4096).
void rotmg(uint b) {
    uint64_t p1a = entry(p.x, p.bsx, has(F_X_ARRAY), b), p2a = entry(p.y, p.bsy, has(F_Y_ARRAY), b);
    uint64_t pxa = entry(p.sa, p.incx, has(F_SA_ARRAY), b), pya = entry(p.sb, p.incy, has(F_SB_ARRAY), b);
    uint64_t ppa = entry(p.out_, p.bsa, has(F_OUT_ARRAY), b);
    REAL d1 = ld(p1a), d2 = ld(p2a), x1 = ld(pxa), y1 = ld(pya);
    const REAL gam = REAL(4096), gamsq = REAL(16777216), rgamsq = REAL(1) / REAL(16777216);
    REAL flag = REAL(-1), h11 = REAL(0), h21 = REAL(0), h12 = REAL(0), h22 = REAL(0);
    if (d1 < REAL(0)) {
        d1 = REAL(0); d2 = REAL(0); x1 = REAL(0);
    } else {
        REAL p2 = d2 * y1;
        if (p2 == REAL(0)) {
            Rv(ppa).v[0] = REAL(-2);
            return;
        }
        REAL p1 = d1 * x1, q2 = p2 * y1, q1 = p1 * x1;
        if (abs(q1) > abs(q2)) {
            h21 = -y1 / x1;
            h12 = p2 / p1;
            REAL u = REAL(1) - h12 * h21;
            if (u > REAL(0)) {
                flag = REAL(0);
                d1 /= u; d2 /= u; x1 *= u;
            } else {
                // Reference BLAS's safety path (rounding edge cases): everything zero.
                h21 = REAL(0); h12 = REAL(0);
                d1 = REAL(0); d2 = REAL(0); x1 = REAL(0);
            }
        } else if (q2 < REAL(0)) {
            d1 = REAL(0); d2 = REAL(0); x1 = REAL(0);
        } else {
            flag = REAL(1);
            h11 = p1 / p2;
            h22 = x1 / y1;
            REAL u = REAL(1) + h11 * h22, t = d2 / u;
            d2 = d1 / u; d1 = t; x1 = y1 * u;
        }
        if (d1 != REAL(0)) {
            while (d1 <= rgamsq || d1 >= gamsq) {
                if (flag == REAL(0)) { h11 = REAL(1); h22 = REAL(1); } else if (flag > REAL(0)) { h21 = REAL(-1); h12 = REAL(1); }
                flag = REAL(-1);
                if (d1 <= rgamsq) { d1 *= gamsq; x1 /= gam; h11 /= gam; h12 /= gam; }
                else { d1 /= gamsq; x1 *= gam; h11 *= gam; h12 *= gam; }
            }
        }
        if (d2 != REAL(0)) {
            while (abs(d2) <= rgamsq || abs(d2) >= gamsq) {
                if (flag == REAL(0)) { h11 = REAL(1); h22 = REAL(1); } else if (flag > REAL(0)) { h21 = REAL(-1); h12 = REAL(1); }
                flag = REAL(-1);
                if (abs(d2) <= rgamsq) { d2 *= gamsq; h21 /= gam; h22 /= gam; }
                else { d2 /= gamsq; h21 *= gam; h22 *= gam; }
            }
        }
    }
    Rv pr = Rv(ppa);
    if (flag < REAL(0)) { pr.v[1] = h11; pr.v[2] = h21; pr.v[3] = h12; pr.v[4] = h22; }
    else if (flag == REAL(0)) { pr.v[2] = h21; pr.v[3] = h12; }
    else { pr.v[1] = h11; pr.v[4] = h22; }
    pr.v[0] = flag;
    st(p1a, d1); st(p2a, d2); st(pxa, x1);
}
#endif

void main() {
    uint b = gl_WorkGroupID.y + gl_NumWorkGroups.y * gl_WorkGroupID.z;
    if (b >= p.batch) return;
    if (p.op <= OP_ROTM) elementwise(b);
    else if (p.op <= OP_IAMAX) partial(b);
    else if (p.op <= OP_FIN_IAMAX) finish(b);
    else if (gl_LocalInvocationID.x == 0u && gl_WorkGroupID.x == 0u) {
        if (p.op == OP_ROTG) rotg(b);
#ifndef CPLX
        else rotmg(b);
#endif
    }
}
