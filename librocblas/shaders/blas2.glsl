// Level-2 BLAS over column-major matrices of one element type (the module defines REAL and,
// for complex modules, CPLX). Every storage rocBLAS has is one addressing rule: element
// (i, j) sits at i + colbase(j), and column j stores rows [j - ku, j + kl] of [0, m):
//   general:        colbase = j lda,               kl = m - 1, ku = n - 1
//   general band:   colbase = j (lda - 1) + ku      (gbmv's kl, ku)
//   triangle:       colbase = j lda,               upper kl = 0, ku = n - 1; lower the mirror
//   triangle band:  colbase = j (lda - 1) + ku      (upper ku = k, lower kl = k and ku = 0)
//   packed:         colbase = j (j + 1) / 2 (upper), j (2n - j - 1) / 2 (lower)
// The host passes the column step (lda or lda - 1) and the flags say band or packed.
//
// Operations (op in the flags' top byte):
//   MV_N   partial products over a chunk of columns, one invocation per row:
//          ws[aux + c][b][i] = sum_{j in chunk c} A(i, j) x_j        (grid: rows, chunks, batch)
//   MV_T   partial products over a chunk of rows, 32 invocations per column (or one, for short ones):
//          ws[aux + c][b][j] = sum_{i in chunk c} op(A(i, j)) x_i    (grid: columns/8 or /256, chunks, batch)
//   MV_FIN y_i := alpha sum_c ws[c][b][i] + beta y_i over aux chunks (beta 0: y not read)
//   MV_SYM the host twin's one pass for symv / hemv on the CPU backend (no shader code)
//   SYM_STRIP symv / hemv in one pass over A (full or packed storage), a workgroup per
//          group of 64 columns and segment of 1024 rows (grid: groups, segments, batch)
//   UPDATE A(i, j) += alpha x_i y'_j (+ alpha' y_i x'_j) over the stored entries
//   TRSV   x := op(A)^-1 x in blocks of B rows, one workgroup per batch entry
//   TRSV_INV, TRSV_PANEL, TRSV_UPDATE  the blocked solve of long triangles (below)
// gemv / gbmv are one MV pass and MV_FIN; symv / hemv are SYM_STRIP (full, packed) or, band,
// MV_N over the stored triangle plus MV_T over it without the diagonal, then MV_FIN; trmv and its band and
// packed forms are one MV pass, then MV_FIN into x (alpha 1, beta 0). Partial sums go
// through ws in a partition fixed by the sizes, so results do not depend on timing.
// Host twin: librocblas/src/blas2/kernel.rs.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_arithmetic : require

const uint TPB = 256u;
layout(local_size_x = TPB) in;

layout(buffer_reference, std430, buffer_reference_align = RALIGN) buffer Rv { REAL v[]; };
// x of a triangular solve is written and read back by the invocations of a workgroup while
// it runs: those accesses bypass incoherent caches.
layout(buffer_reference, std430, buffer_reference_align = RALIGN) coherent buffer RvC { REAL v[]; };
#ifdef CPLX
layout(buffer_reference, std430, buffer_reference_align = CALIGN) buffer Cv { CPLX v[]; };
layout(buffer_reference, std430, buffer_reference_align = CALIGN) coherent buffer CvC { CPLX v[]; };
#define T CPLX
#define ES (2u * RALIGN)
#else
#define T REAL
#define ES RALIGN
#endif
layout(buffer_reference, std430, buffer_reference_align = 8) buffer U64v { uint64_t v[]; };

layout(push_constant) uniform Params {
    uint64_t a, x, y;  // matrix, vectors (or pointer arrays)
    uint64_t ws;       // partial sums
    int64_t bsa, bsx, bsy;  // batch strides in bytes, or byte shifts of pointer-array entries
    int incx, incy;
    uint m, n;
    uint lda;          // column step (lda, or lda - 1 for band storage)
    uint kl, ku;
    uint aux;          // MV passes: first chunk slot; MV_FIN: chunks
    uint flags;        // op << 24 | flags
    uint batch;
    uvec4 alpha, beta; // host values (re, im as REAL bits) or a device address (flags)
} p;

const uint OP_MV_N = 0u, OP_MV_T = 1u, OP_MV_FIN = 2u, OP_UPDATE = 3u, OP_MV_SYM = 4u, OP_TRSV = 5u,
           OP_SYM_STRIP = 6u, OP_TRSV_INV = 7u, OP_TRSV_PANEL = 8u,
           OP_TRSV_UPDATE = 9u, OP_TRSV_STEP = 10u, OP_TRSV_CHAIN = 11u;

const uint F_A_ARRAY = 1u, F_X_ARRAY = 2u, F_Y_ARRAY = 4u, F_ALPHA_DEV = 8u, F_BETA_DEV = 16u;
const uint F_ALPHA_REAL = 32u, F_BAND = 64u, F_PACKED = 128u, F_UPPER = 256u, F_CONJ_A = 512u;
const uint F_SKIP_DIAG = 1024u, F_UNIT_DIAG = 2048u, F_REAL_DIAG = 4096u, F_CONJ_Y = 8192u;
const uint F_RANK2 = 16384u, F_HERM = 32768u, F_TRANS = 65536u, F_ONE_LANE = 131072u;
const uint F_SYM_SLOTS = 262144u;  // (bits 20-21: the host's marks for the wide module)

bool has(uint f) { return (p.flags & f) != 0u; }
uint op_() { return p.flags >> 24; }

#ifdef CPLX
T mul(T a, T b) { return T(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
T conj_(T a) { return T(a.x, -a.y); }
T real_part(T a) { return T(a.x, REAL(0)); }
T zero() { return T(REAL(0)); }
T one() { return T(REAL(1), REAL(0)); }
bool is_zero(T a) { return a.x == REAL(0) && a.y == REAL(0); }
bool is_one(T a) { return a.x == REAL(1) && a.y == REAL(0); }
// Smith's division, as the host path divides.
T div_(T a, T b) {
    if (abs(b.x) >= abs(b.y)) {
        REAL r = b.y / b.x, d = b.x + b.y * r;
        return T((a.x + a.y * r) / d, (a.y - a.x * r) / d);
    }
    REAL r = b.x / b.y, d = b.x * r + b.y;
    return T((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
T ld(uint64_t addr) { return Cv(addr).v[0]; }
void st(uint64_t addr, T v) { Cv(addr).v[0] = v; }
T ldc(uint64_t addr) { return CvC(addr).v[0]; }
void stc(uint64_t addr, T v) { CvC(addr).v[0] = v; }
#else
T mul(T a, T b) { return a * b; }
T conj_(T a) { return a; }
T real_part(T a) { return a; }
T zero() { return REAL(0); }
T one() { return REAL(1); }
bool is_zero(T a) { return a == REAL(0); }
bool is_one(T a) { return a == REAL(1); }
T div_(T a, T b) { return a / b; }
T ld(uint64_t addr) { return Rv(addr).v[0]; }
void st(uint64_t addr, T v) { Rv(addr).v[0] = v; }
T ldc(uint64_t addr) { return RvC(addr).v[0]; }
void stc(uint64_t addr, T v) { RvC(addr).v[0] = v; }
#endif

REAL bits_real(uvec2 w) {
#if RALIGN == 4
    return uintBitsToFloat(w.x);
#else
    return packDouble2x32(w);
#endif
}

// A scalar slot: the host's (re, im), or read at the device address it holds (a real value
// where `real_typed`: her's and hpr's alpha).
T scalar(uvec4 s, bool dev, bool real_typed) {
#if RALIGN == 4
    uvec2 re = uvec2(s.x, 0u), im = uvec2(s.y, 0u);
#else
    uvec2 re = s.xy, im = s.zw;
#endif
    if (!dev) {
#ifdef CPLX
        return T(bits_real(re), bits_real(im));
#else
        return bits_real(re);
#endif
    }
    uint64_t addr = packUint2x32(s.xy);
#ifdef CPLX
    if (real_typed) return T(Rv(addr).v[0], REAL(0));
#endif
    return ld(addr);
}
T alpha_() { return scalar(p.alpha, has(F_ALPHA_DEV), has(F_ALPHA_REAL)); }
T beta_() { return scalar(p.beta, has(F_BETA_DEV), false); }

uint64_t entry(uint64_t ptr, int64_t bstride, bool array, uint b) {
    return array ? U64v(ptr).v[b] + uint64_t(bstride) : ptr + uint64_t(int64_t(b) * bstride);
}

// Element i of a vector of len elements (BLAS order for negative increments).
uint64_t at(uint64_t base, int inc, uint i, uint len) {
    int64_t k = inc >= 0 ? int64_t(i) * int64_t(inc) : (int64_t(len) - 1 - int64_t(i)) * int64_t(-inc);
    return base + uint64_t(k) * ES;
}

int64_t colbase(uint j) {
    if (has(F_PACKED)) {
        int64_t jj = int64_t(j);
        return has(F_UPPER) ? jj * (jj + 1) / 2 : jj * (2 * int64_t(p.n) - jj - 1) / 2;
    }
    return int64_t(j) * int64_t(p.lda) + (has(F_BAND) ? int64_t(p.ku) : 0);
}
uint64_t el(uint64_t a, uint i, uint j) { return a + uint64_t(int64_t(i) + colbase(j)) * ES; }
// Stored rows of column j, and stored columns of row i: [lo, hi).
uint row_lo(uint j) { return j > p.ku ? j - p.ku : 0u; }
uint row_hi(uint j) { return uint(min(uint64_t(p.m), uint64_t(j) + p.kl + 1u)); }
uint col_lo(uint i) { return i > p.kl ? i - p.kl : 0u; }
uint col_hi(uint i) { return uint(min(uint64_t(p.n), uint64_t(i) + p.ku + 1u)); }

// Stored value (i, j) as the operation uses it (diagonal rules, conjugation).
T value(uint64_t a, uint i, uint j) {
    if (i == j) {
        if (has(F_UNIT_DIAG)) return one();
        if (has(F_SKIP_DIAG)) return zero();
        T v = ld(el(a, i, j));
        if (has(F_REAL_DIAG)) return real_part(v);
        return has(F_CONJ_A) ? conj_(v) : v;
    }
    T v = ld(el(a, i, j));
    return has(F_CONJ_A) ? conj_(v) : v;
}

uint64_t partial(uint slot, uint b, uint i, uint len) {
    return p.ws + ((uint64_t(slot) * p.batch + b) * len + i) * ES;
}

// ---------------------------------------------------------------------------------------
// Matrix-vector products

// Byte steps between consecutive columns of A (not packed storage) and elements of x:
// loops advance addresses by them instead of recomputing each one (the per-element 64-bit
// arithmetic made f32 gemv instruction-bound on an H200).
int64_t col_step() { return int64_t(p.lda) * int64_t(ES); }
int64_t vec_step(int inc) { return int64_t(inc) * int64_t(ES); }
T opa(T v) { return has(F_CONJ_A) ? conj_(v) : v; }

// Columns a step of the row loops (MV_N, UPDATE): enough loads in flight per invocation;
// f32 takes twice as many, its loads carrying half the bytes.
const uint UNR = ES <= 4u ? 16u : 8u;

// 16-byte loads of VW consecutive elements (where A and its column step are 16-byte
// aligned): fewer, wider loads put more bytes in flight per invocation. PB: columns whose
// loads go out together.
#if defined(CPLX) && RALIGN == 8
#define VW_ 1
#elif defined(CPLX) || RALIGN == 8
#define VW_ 2
#else
#define VW_ 4
#endif
#if RALIGN == 4
#define V16_T vec4
#else
#define V16_T dvec2
#endif
layout(buffer_reference, std430, buffer_reference_align = 16) buffer V16 { V16_T v; };
const uint VW = VW_, PB = VW_ == 4 ? 16u : 8u;
// The 16-byte paths live in a module of their own (blas2_wide_*.comp): compiled into every
// module, their unrolled loads set the register count, and so the occupancy, of every pass
// (cgemv T fell from 0.88x to 0.72x of cuBLAS on the H100 while they shared the module).
#ifdef WIDE_MODULE
const bool WIDE = true;
#else
const bool WIDE = false;
#endif
const uint VR = 4u;  // room of the arrays ld16 fills (VW <= VR)

// Elements r0 .. r0 + VW - 1 of v from one 16-byte load at addr.
void ld16(uint64_t addr, uint r0, inout T v[VR]) {
    V16_T w = V16(addr).v;
#if VW_ == 4
    v[r0] = w.x; v[r0 + 1u] = w.y; v[r0 + 2u] = w.z; v[r0 + 3u] = w.w;
#elif defined(CPLX) && VW_ == 2
    v[r0] = T(w.x, w.y); v[r0 + 1u] = T(w.z, w.w);
#elif VW_ == 2
    v[r0] = w.x; v[r0 + 1u] = w.y;
#else
    v[r0] = T(w.x, w.y);
#endif
}

// sum_{j in [j0, j1)} A(i, j) x_j off the diagonal, UNR columns at a time so that enough
// loads are in flight.
T row_span(uint64_t a, uint64_t x, uint i, uint j0, uint j1) {
    T acc = zero();
    if (j0 >= j1) return acc;
    uint j = j0;
    if (has(F_PACKED)) {
        // Packed columns lie at no fixed step: each column's address from its base, the
        // loads of a step still all in flight together (one at a time, ztpmv ran at 0.65x
        // of cuBLAS on the H100).
        for (; j + UNR <= j1; j += UNR) {
            T av[UNR], xv[UNR];
            [[unroll]] for (uint k = 0u; k < UNR; k++) {
                av[k] = ld(el(a, i, j + k));
                xv[k] = ld(at(x, p.incx, j + k, p.n));
            }
            [[unroll]] for (uint k = 0u; k < UNR; k++) acc += mul(opa(av[k]), xv[k]);
        }
    } else {
        uint64_t ap = el(a, i, j0), xp = at(x, p.incx, j0, p.n);
        int64_t as_ = col_step(), xs = vec_step(p.incx);
        for (; j + UNR <= j1; j += UNR) {
            T av[UNR], xv[UNR];
            [[unroll]] for (uint k = 0u; k < UNR; k++) {
                av[k] = ld(ap + uint64_t(int64_t(k) * as_));
                xv[k] = ld(xp + uint64_t(int64_t(k) * xs));
            }
            [[unroll]] for (uint k = 0u; k < UNR; k++) acc += mul(opa(av[k]), xv[k]);
            ap += uint64_t(int64_t(UNR) * as_);
            xp += uint64_t(int64_t(UNR) * xs);
        }
    }
    for (; j < j1; j++) acc += mul(opa(ld(el(a, i, j))), ld(at(x, p.incx, j, p.n)));
    return acc;
}

// MV_N over a general matrix with 16-byte loads (the wide module: A, its column step and m
// whole 16 bytes): invocation t takes rows VW t .. VW t + VW - 1, UNR columns a step.
void mv_n_vec(uint b) {
    uint i0 = (gl_WorkGroupID.x * TPB + gl_LocalInvocationID.x) * VW;
    if (i0 >= p.m) return;
    uint chunks = gl_NumWorkGroups.y, c = gl_WorkGroupID.y;
    uint cw = (p.n + chunks - 1u) / chunks;
    uint j0 = c * cw, j1 = min(p.n, c * cw + cw);
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    T acc[VR];
    [[unroll]] for (uint r = 0u; r < VR; r++) acc[r] = zero();
    if (j0 < j1) {
        uint64_t ap = el(a, i0, j0), xp = at(x, p.incx, j0, p.n);
        int64_t as_ = col_step(), xs = vec_step(p.incx);
        uint j = j0;
        for (; j + UNR <= j1; j += UNR) {
            T xv[UNR], av[UNR][VR];
            [[unroll]] for (uint k = 0u; k < UNR; k++) {
                xv[k] = ld(xp + uint64_t(int64_t(k) * xs));
                ld16(ap + uint64_t(int64_t(k) * as_), 0u, av[k]);
            }
            [[unroll]] for (uint k = 0u; k < UNR; k++) {
                [[unroll]] for (uint r = 0u; r < VW; r++) acc[r] += mul(av[k][r], xv[k]);
            }
            ap += uint64_t(int64_t(UNR) * as_);
            xp += uint64_t(int64_t(UNR) * xs);
        }
        for (; j < j1; j++) {
            T xj = ld(xp), av[VR];
            ld16(ap, 0u, av);
            [[unroll]] for (uint r = 0u; r < VW; r++) acc[r] += mul(av[r], xj);
            ap += uint64_t(as_);
            xp += uint64_t(xs);
        }
    }
    [[unroll]] for (uint r = 0u; r < VW; r++) st(partial(p.aux + c, b, i0 + r, p.m), acc[r]);
}

void mv_n(uint b) {
#ifdef WIDE_MODULE
    mv_n_vec(b);
    return;
#endif
    uint i = gl_WorkGroupID.x * TPB + gl_LocalInvocationID.x;
    if (i >= p.m) return;
    uint chunks = gl_NumWorkGroups.y, c = gl_WorkGroupID.y;
    uint cw = (p.n + chunks - 1u) / chunks;
    uint j0 = max(c * cw, col_lo(i)), j1 = min(min(p.n, c * cw + cw), col_hi(i));
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    T acc;
    if (i >= j0 && i < j1) {
        // the diagonal's rules (unit, real, skipped) apply to one column
        acc = row_span(a, x, i, j0, i) + mul(value(a, i, i), ld(at(x, p.incx, i, p.n))) + row_span(a, x, i, i + 1u, j1);
    } else {
        acc = row_span(a, x, i, j0, max(j0, j1));
    }
    st(partial(p.aux + c, b, i, p.m), acc);
}

const uint LANES = 32u;  // invocations per column in MV_T
shared T red[TPB];
// trsv's blocks (B rows: its diagonal block sits in shared memory).
const uint B = ES <= 4u ? 64u : 32u;
const uint S = TPB / B;  // slices of the workgroup over a block's other dimension
shared T tri_d[B * B];   // the diagonal block (op applied), or partial sums to reduce
shared T tri_x[B];

// MV_T over short columns (fewer rows than a workgroup): one invocation per column, no
// reduction (32 invocations on 32 rows would idle and synchronise for nothing; lavapipe
// runs such barriers slowly).
void mv_t_short(uint b) {
    uint j = gl_WorkGroupID.x * TPB + gl_LocalInvocationID.x;
    if (j >= p.n) return;
    uint chunks = gl_NumWorkGroups.y, c = gl_WorkGroupID.y;
    uint rw = (p.m + chunks - 1u) / chunks;
    uint i0 = max(c * rw, row_lo(j)), i1 = min(min(p.m, c * rw + rw), row_hi(j));
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    T acc = zero();
    for (uint i = i0; i < i1; i++) acc += mul(value(a, i, j), ld(at(x, p.incx, i, p.m)));
    st(partial(p.aux + c, b, j, p.n), acc);
}

void mv_t(uint b) {
    if (has(F_ONE_LANE)) {
        mv_t_short(b);
        return;
    }
    uint lane = gl_LocalInvocationID.x % LANES, s = gl_LocalInvocationID.x / LANES;
    uint j = gl_WorkGroupID.x * (TPB / LANES) + s;
    uint chunks = gl_NumWorkGroups.y, c = gl_WorkGroupID.y;
    T acc = zero();
    if (j < p.n) {
        uint rw = (p.m + chunks - 1u) / chunks;
        uint i0 = max(c * rw, row_lo(j)), i1 = min(min(p.m, c * rw + rw), row_hi(j));
        uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
        uint i = i0 + lane;
        // Column j is contiguous: addresses advance by LANES elements.
        uint64_t ap = el(a, i, j), xp = at(x, p.incx, i, p.m);
        int64_t xs = vec_step(p.incx) * int64_t(LANES);
        const uint64_t as_ = uint64_t(LANES * ES);
        for (; i + 7u * LANES < i1; i += 8u * LANES) {
            T av[8], xv[8];
            [[unroll]] for (uint k = 0u; k < 8u; k++) {
                av[k] = ld(ap + k * as_);
                xv[k] = ld(xp + uint64_t(int64_t(k) * xs));
            }
            [[unroll]] for (uint k = 0u; k < 8u; k++) {
                uint r = i + k * LANES;
                acc += mul(r == j ? value(a, r, j) : opa(av[k]), xv[k]);
            }
            ap += 8u * as_;
            xp += uint64_t(8 * xs);
        }
        for (; i < i1; i += LANES) acc += mul(value(a, i, j), ld(at(x, p.incx, i, p.m)));
    }
    red[gl_LocalInvocationID.x] = acc;
    barrier();
    [[unroll]] for (uint h = LANES / 2u; h > 0u; h >>= 1) {
        if (lane < h) red[gl_LocalInvocationID.x] += red[gl_LocalInvocationID.x + h];
        barrier();
    }
    if (lane == 0u && j < p.n) st(partial(p.aux + c, b, j, p.n), red[gl_LocalInvocationID.x]);
    barrier();  // the next batch entry reuses red
}

// SYM_STRIP: symv / hemv in one pass over the stored triangle (full or packed storage).
// Workgroup (G, s) takes the GW columns of group G and the rows of segment s (SEG rows from
// s SEG, SEG of 256 to 1024) that the group stores: lower [g0, n), upper [0, g0 + GW). Each element is read once
// and used twice: A(i, j) x_j adds to row i (slot G) and, off the diagonal, A(i, j)' x_i to
// column j (slot groups + s; ' conjugates for hemv). Invocation (lane, q) holds the column
// sums of the CW columns of quarter q for the whole segment and walks its rows in chunks of
// CH: RC rows a chunk, consecutive lanes on consecutive rows (coalesced). A chunk's row sums
// meet over the quarters in shared memory; the column sums meet once, at the end. Slots a
// row or column has no writer for are skipped by MV_FIN (F_SYM_SLOTS): nothing is zeroed.
// (A strip of the group's 64 columns per invocation, 4 rows each, spent more on the 64
// column reductions than on the loads: ssymv 8192 ran at 0.11x of cuBLAS on the H100, the
// 64 x 64 shared tile kernel before it at 0.21-0.45x.)
const uint GW = 64u;         // columns of a group
const uint SL = 64u;         // row lanes: invocations down a column
const uint CQ = TPB / SL;    // column quarters
const uint CW = GW / CQ;     // columns of an invocation
const uint RC = 4u;          // rows of an invocation per chunk
const uint CH = SL * RC;     // rows of a chunk (= TPB: one invocation per row reduces it)
// Rows of a segment: 1024 >> (flags bits 22-23), at least a chunk (OXROCM_ROCBLAS_SYMV_SEG).
uint seg_rows() { return 1024u >> ((p.flags >> 22) & 3u); }
const uint SG_MIN = 8u;      // sym_red holds the sums of subgroups this wide or wider
shared T sym_x[GW];
shared T sym_red[(TPB / SG_MIN) * CW];
// A chunk's row sums per quarter (CQ * CH entries) sit in tri_d (B * B >= 1024 entries).

// In the wide module (full storage, A and its column step 16-byte aligned) each invocation reads
// VW consecutive rows of a column in one 16-byte load (ld16). One element per load kept
// too few bytes in flight: ssymv 8192 on the H100 took 207 us, dsymv (twice the bytes) 239
// us. The loads of PB columns go out before their products.

// Rows of a chunk an invocation takes: register r is row ro(r) of the chunk. Scalar loads
// put consecutive lanes on consecutive rows; vector loads give each lane vw consecutive rows.
uint sym_row(uint r, uint lane, uint vw) {
    return (r / vw) * (SL * vw) + lane * vw + r % vw;
}

// Rows [r0, r1) that group G stores.
uvec2 sym_rows(uint G, uint n) {
    uint g0 = G * GW;
    return has(F_UPPER) ? uvec2(0u, min(n, g0 + GW)) : uvec2(g0, n);
}

void sym_strip(uint b) {
    uint G = gl_WorkGroupID.x, s = gl_WorkGroupID.y, lid = gl_LocalInvocationID.x;
    uint lane = lid % SL, q = lid / SL;
    bool up = has(F_UPPER), herm = has(F_HERM), vec = WIDE && VW > 1u;  // RC == VR
    uint g0 = G * GW, ng = min(GW, p.n - g0);
    uvec2 rows = sym_rows(G, p.n);
    uint SEG = seg_rows();
    uint i0 = max(s * SEG, rows.x), i1 = min(s * SEG + SEG, rows.y);
    if (i0 >= i1) return;  // uniform over the workgroup
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    if (lid < GW) sym_x[lid] = lid < ng ? ld(at(x, p.incx, g0 + lid, p.n)) : zero();
    barrier();
    uint jq = g0 + q * CW, jend = g0 + ng, vw = vec ? VW : 1u;
    uint ro[RC];
    [[unroll]] for (uint r = 0u; r < RC; r++) ro[r] = sym_row(r, lane, vw);
    T cacc[CW];
    [[unroll]] for (uint c = 0u; c < CW; c++) cacc[c] = zero();
    for (uint c0 = s * SEG; c0 < s * SEG + SEG; c0 += CH) {
        if (c0 >= i1 || c0 + CH <= i0) continue;  // uniform
        // Every row of the chunk stores every column of the group, off the diagonal.
        bool plain = ng == GW && c0 >= i0 && c0 + CH <= i1 && (up ? c0 + CH <= g0 : c0 >= g0 + GW);
        T racc[RC], xi[RC];
        [[unroll]] for (uint r = 0u; r < RC; r++) racc[r] = zero();
        if (plain) {
            // Unguarded, so that the loads go out together (a guard per load had the H100's
            // compiler issue them one after another, as in iamax).
            [[unroll]] for (uint r = 0u; r < RC; r++) xi[r] = ld(at(x, p.incx, c0 + ro[r], p.n));
        } else {
            [[unroll]] for (uint r = 0u; r < RC; r++) {
                uint i = c0 + ro[r];
                xi[r] = i >= i0 && i < i1 ? ld(at(x, p.incx, i, p.n)) : zero();
            }
        }
        if (plain && vec) {
            [[unroll]] for (uint cb = 0u; cb < CW; cb += PB) {
                T v[PB][RC];
                [[unroll]] for (uint c = 0u; c < PB; c++) {
                    uint64_t col = a + uint64_t(colbase(jq + cb + c) + int64_t(c0 + lane * VW)) * ES;
                    [[unroll]] for (uint k = 0u; k < RC; k += VW)
                        ld16(col + uint64_t(k * SL) * ES, k, v[c]);
                }
                [[unroll]] for (uint c = 0u; c < PB; c++) {
                    T xj = sym_x[q * CW + cb + c];
                    [[unroll]] for (uint r = 0u; r < RC; r++) {
                        racc[r] += mul(v[c][r], xj);
                        cacc[cb + c] += mul(herm ? conj_(v[c][r]) : v[c][r], xi[r]);
                    }
                }
            }
        } else if (plain) {
            [[unroll]] for (uint c = 0u; c < CW; c++) {
                uint64_t col = a + uint64_t(colbase(jq + c) + int64_t(c0)) * ES;
                T xj = sym_x[q * CW + c], v[RC];
                [[unroll]] for (uint r = 0u; r < RC; r++) v[r] = ld(col + uint64_t(ro[r]) * ES);
                [[unroll]] for (uint r = 0u; r < RC; r++) {
                    racc[r] += mul(v[r], xj);
                    cacc[c] += mul(herm ? conj_(v[r]) : v[r], xi[r]);
                }
            }
        } else {
            [[unroll]] for (uint c = 0u; c < CW; c++) {
                uint j = jq + c;
                if (j < jend) {
                    uint64_t col = a + uint64_t(colbase(j) + int64_t(c0)) * ES;
                    T xj = sym_x[q * CW + c];
                    [[unroll]] for (uint r = 0u; r < RC; r++) {
                        uint i = c0 + ro[r];
                        if (i >= i0 && i < i1 && (up ? i <= j : i >= j)) {
                            T v = ld(col + uint64_t(ro[r]) * ES);
                            racc[r] += mul(herm && i == j ? real_part(v) : v, xj);
                            if (i != j) cacc[c] += mul(herm ? conj_(v) : v, xi[r]);
                        }
                    }
                }
            }
        }
        // The chunk's row sums over the quarters: invocation lid takes row c0 + lid.
        [[unroll]] for (uint r = 0u; r < RC; r++) tri_d[q * CH + ro[r]] = racc[r];
        barrier();
        uint i = c0 + lid;
        if (i >= i0 && i < i1) {
            T t = tri_d[lid];
            [[unroll]] for (uint k = 1u; k < CQ; k++) t += tri_d[k * CH + lid];
            st(partial(p.aux + G, b, i, p.n), t);
        }
        barrier();
    }
    // The column sums over the lanes: subgroup sums (subgroups within a quarter), then one
    // invocation per column over its quarter's subgroups; other subgroup widths go through
    // red a column at a time.
    uint groups = (p.n + GW - 1u) / GW, slot = p.aux + groups + s;
    if (gl_SubgroupSize >= SG_MIN && gl_SubgroupSize <= SL) {
        [[unroll]] for (uint c = 0u; c < CW; c++) {
            T v = subgroupAdd(cacc[c]);
            if (subgroupElect()) sym_red[gl_SubgroupID * CW + c] = v;
        }
        barrier();
        if (lid < ng) {
            uint per = SL / gl_SubgroupSize, qq = lid / CW, c = lid % CW;
            T t = zero();
            for (uint u = 0u; u < per; u++) t += sym_red[(qq * per + u) * CW + c];
            st(partial(slot, b, g0 + lid, p.n), t);
        }
    } else {
        [[unroll]] for (uint c = 0u; c < CW; c++) {
            red[lid] = cacc[c];
            barrier();
            if (lid < CQ && lid * CW + c < ng) {
                T t = zero();
                for (uint u = 0u; u < SL; u++) t += red[lid * SL + u];
                st(partial(slot, b, g0 + lid * CW + c, p.n), t);
            }
            barrier();
        }
    }
    barrier();  // the next batch entry reuses sym_x and sym_red
}

// Whether SYM_STRIP wrote slot c for element i (F_SYM_SLOTS in MV_FIN, over m = n
// elements): the row slots of the groups storing row i, the column slots of the segments
// holding rows of i's group.
bool sym_slot(uint c, uint i) {
    uint groups = (p.m + GW - 1u) / GW;
    if (c < groups) {
        uvec2 rows = sym_rows(c, p.m);
        return i >= rows.x && i < rows.y;
    }
    uint s = c - groups;
    uvec2 rows = sym_rows(i / GW, p.m);
    uint SEG = seg_rows();
    return s * SEG < rows.y && s * SEG + SEG > rows.x;
}

// y_i := alpha sum + beta y_i over the aux partial slots; y has m elements. A workgroup
// takes FIN_E elements, FIN_S invocations each: invocation (e, l) sums slots l, l + FIN_S,
// ... of element e (four loads in flight), and the FIN_S sums meet in order in red. (One
// invocation per element summing every slot in turn waited on one load at a time over
// few workgroups: about 50 us of every sgemv on an H200, whatever its size.)
const uint FIN_E = 32u, FIN_S = TPB / FIN_E;

void mv_fin_block(uint b, uint blk);

T fin_slot(uint c, uint b, uint i) {
    return !has(F_SYM_SLOTS) || sym_slot(c, i) ? ld(partial(c, b, i, p.m)) : zero();
}

void mv_fin(uint b) {
    uint blocks = (p.m + FIN_E - 1u) / FIN_E;
    for (uint blk = gl_WorkGroupID.x; blk < blocks; blk += gl_NumWorkGroups.x) mv_fin_block(b, blk);
}

// MV_FIN over elements blk FIN_E .. (the grid may hold fewer blocks than m has: its x limit).
void mv_fin_block(uint b, uint blk) {
    uint lid = gl_LocalInvocationID.x, e = lid % FIN_E, l = lid / FIN_E;
    uint i = blk * FIN_E + e;
    T al = alpha_(), be = beta_();
    T s = zero();
    if (i < p.m && !is_zero(al)) {
        T acc[4];
        [[unroll]] for (uint k = 0u; k < 4u; k++) acc[k] = zero();
        uint c = l;
        for (; c + 3u * FIN_S < p.aux; c += 4u * FIN_S) {
            [[unroll]] for (uint k = 0u; k < 4u; k++) acc[k] += fin_slot(c + k * FIN_S, b, i);
        }
        for (; c < p.aux; c += FIN_S) acc[0] += fin_slot(c, b, i);
        s = (acc[0] + acc[1]) + (acc[2] + acc[3]);
    }
    red[lid] = s;
    barrier();
    if (l == 0u && i < p.m) {
        T t = red[e];
        [[unroll]] for (uint u = 1u; u < FIN_S; u++) t += red[u * FIN_E + e];
        uint64_t y = at(entry(p.y, p.bsy, has(F_Y_ARRAY), b), p.incy, i, p.m);
        T v = is_zero(al) ? zero() : mul(al, t);
        if (!is_zero(be)) v += mul(be, ld(y));
        st(y, v);
    }
    barrier();  // the next block reuses red
}

// ---------------------------------------------------------------------------------------
// Rank-1 and rank-2 updates: A(i, j) += alpha x_i y'_j (+ alpha' y_i x'_j), x of m and y of
// n elements, ' conjugating where F_CONJ_Y says (gerc, her, her2), alpha' = conj(alpha)
// for Hermitian rank-2 updates. Invocation per row, each over a chunk of columns.
void update(uint b) {
    uint i = gl_WorkGroupID.x * TPB + gl_LocalInvocationID.x;
    if (i >= p.m) return;
    T al = alpha_();
    if (is_zero(al)) return;
    T al2 = has(F_HERM) ? conj_(al) : al;
    uint chunks = gl_NumWorkGroups.y, c = gl_WorkGroupID.y;
    uint cw = (p.n + chunks - 1u) / chunks;
    uint j0 = max(c * cw, col_lo(i)), j1 = min(min(p.n, c * cw + cw), col_hi(i));
    if (j0 >= j1) return;
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    uint64_t y = entry(p.y, p.bsy, has(F_Y_ARRAY), b);
    T xi = ld(at(x, p.incx, i, p.m));
    T yi = has(F_RANK2) ? ld(at(y, p.incy, i, p.m)) : zero();
    T axi = mul(al, xi), ayi = mul(al2, yi);
    // Addresses advance column by column (packed storage: recomputed).
    uint64_t ap = el(a, i, j0), yp = at(y, p.incy, j0, p.n), xp = at(x, p.incx, j0, p.n);
    int64_t as_ = col_step(), ys = vec_step(p.incy), xs = vec_step(p.incx);
    uint j = j0;
    if (!has(F_PACKED)) {
        // UNR columns a step, every load before any store: a store to A may alias the
        // next column's loads, so one column at a time kept a single load in flight per
        // invocation (f32 ger and syr at 0.4x of cuBLAS on an H100 and an H200).
        for (; j + UNR <= j1; j += UNR) {
            T av[UNR], yv[UNR], xv[UNR];
            uint64_t e = ap, q = yp, r = xp;
            [[unroll]] for (uint k = 0u; k < UNR; k++) {
                av[k] = ld(e);
                yv[k] = ld(q);
                xv[k] = has(F_RANK2) ? ld(r) : zero();
                e += uint64_t(as_);
                q += uint64_t(ys);
                r += uint64_t(xs);
            }
            [[unroll]] for (uint k = 0u; k < UNR; k++) {
                T v = av[k] + mul(axi, has(F_CONJ_Y) ? conj_(yv[k]) : yv[k]);
                if (has(F_RANK2)) v += mul(ayi, has(F_CONJ_Y) ? conj_(xv[k]) : xv[k]);
                if (i == j + k && has(F_REAL_DIAG)) v = real_part(v);
                st(ap, v);
                ap += uint64_t(as_);
            }
            yp = q;
            xp = r;
        }
    }
    for (; j < j1; j++) {
        uint64_t e = has(F_PACKED) ? el(a, i, j) : ap;
        T yj = ld(yp);
        T v = ld(e) + mul(axi, has(F_CONJ_Y) ? conj_(yj) : yj);
        if (has(F_RANK2)) {
            T xj = ld(xp);
            v += mul(ayi, has(F_CONJ_Y) ? conj_(xj) : xj);
        }
        if (i == j && has(F_REAL_DIAG)) v = real_part(v);
        st(e, v);
        ap += uint64_t(as_);
        yp += uint64_t(ys);
        xp += uint64_t(xs);
    }
}

// ---------------------------------------------------------------------------------------
// Triangular solve, x := op(A)^-1 x over an n x n triangle (full, band or packed storage).
//
// One workgroup per batch entry takes blocks of B rows in solving order: forward (lower with
// op N, upper transposed) from row 0, backward from row n - 1. Block t subtracts the
// contributions of the earlier blocks within the band's reach (coalesced: op N reads down
// columns, transposed ones down the stored column of each row), solves its diagonal block
// in shared memory and writes its x. (A chain of one workgroup per block, handing x on
// through flags, read stale x on lavapipe with plain atomics and barriers: docs.)

bool forward() { return has(F_UPPER) == has(F_TRANS); }
// First row of block t and its row count.
uint block_lo(uint t) {
    if (forward()) return t * B;
    uint hi = p.n - t * B;
    return hi > B ? hi - B : 0u;
}
uint block_len(uint t) {
    if (forward()) return min(B, p.n - t * B);
    uint hi = p.n - t * B;
    return min(B, hi);
}
// op(A)(r, c) for stored-triangle rows r and c (0 where it is not stored).
T op_at(uint64_t a, uint r, uint c) {
    uint i = has(F_TRANS) ? c : r, j = has(F_TRANS) ? r : c;
    if (i < row_lo(j) || i >= row_hi(j)) return zero();
    T v = ld(el(a, i, j));
    return has(F_CONJ_A) ? conj_(v) : v;
}

void trsv(uint b) {
    uint lid = gl_LocalInvocationID.x;
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    uint reach = has(F_UPPER) ? p.ku : p.kl;  // how far from the diagonal entries are stored
    uint lane = lid % B, s = lid / B;
    uint blocks = (p.n + B - 1u) / B;
    for (uint t = 0u; t < blocks; t++) {
        uint lo = block_lo(t), len = block_len(t);
        // Per invocation: op N sums rows `lane` over columns s, s + S, ... of each earlier
        // block; transposed, it sums column entries `lane` (contiguous in memory) for rows
        // s + k S.
        T acc[B / S];
        [[unroll]] for (uint k = 0u; k < B / S; k++) acc[k] = zero();
        for (uint c = 0u; c < t; c++) {
            uint clo = block_lo(c), clen = block_len(c);
            // nearest distance between a row of block c and one of block t
            uint dist = forward() ? lo - (clo + clen - 1u) : clo - (lo + len - 1u);
            if (dist > reach) continue;
            if (!has(F_TRANS)) {
                if (lane < len) {
                    for (uint r = s; r < clen; r += S) {
                        acc[0] += mul(op_at(a, lo + lane, clo + r), ldc(at(x, p.incx, clo + r, p.n)));
                    }
                }
            } else if (lane < clen) {
                T xr = ldc(at(x, p.incx, clo + lane, p.n));
                [[unroll]] for (uint k = 0u; k < B / S; k++) {
                    uint r = s + k * S;
                    if (r < len) acc[k] += mul(op_at(a, lo + r, clo + lane), xr);
                }
            }
        }
        // Reduce the sums to one per row of the block: tri_d[row * B + part].
        if (!has(F_TRANS)) {
            tri_d[lane * B + s] = acc[0];
        } else {
            [[unroll]] for (uint k = 0u; k < B / S; k++) tri_d[(s + k * S) * B + lane] = acc[k];
        }
        barrier();
        uint parts = has(F_TRANS) ? B : S;
        T xi = zero();
        if (lid < len) {
            T sum = zero();
            for (uint q = 0u; q < parts; q++) sum += tri_d[lid * B + q];
            xi = ldc(at(x, p.incx, lo + lid, p.n)) - sum;
        }
        barrier();
        // The diagonal block: tri_d[r * B + c] = op(A)(lo + r, lo + c).
        for (uint e = lid; e < B * B; e += TPB) {
            uint r = e / B, c = e % B;
            tri_d[e] = r < len && c < len ? op_at(a, lo + r, lo + c) : zero();
        }
        barrier();
        // Substitution in solving order, sub-block by sub-block of W rows (W = the subgroup
        // size, at most B). Within a sub-block its subgroup hands each finished row to the
        // later ones by shuffle, no workgroup barrier; then the rows of later sub-blocks
        // subtract it (one barrier per sub-block, not per row: with a barrier per row n 8192
        // took 8,192 in sequence, 0.1x of cuBLAS). Subgroups are taken to hold consecutive
        // invocations (row r in lane r % SG), as every implementation lays out 1-D groups.
        uint sg = gl_SubgroupSize, w = min(sg, B);
        uint subs = (len + w - 1u) / w;
        for (uint k = 0u; k < subs; k++) {
            uint s0 = (forward() ? k : subs - 1u - k) * w, s1 = min(len, s0 + w);
            bool mine = lid >= s0 && lid < s1;
            if (lid / sg == s0 / sg) {
                T d = mine && !has(F_UNIT_DIAG) ? tri_d[lid * B + lid] : one();
                for (uint q = s0; q < s1; q++) {
                    uint r = forward() ? q : s1 - 1u - (q - s0);
                    T xr = subgroupShuffle(has(F_UNIT_DIAG) ? xi : div_(xi, d), r % sg);
                    if (mine && (forward() ? lid > r : lid < r)) xi -= mul(tri_d[lid * B + r], xr);
                    if (lid == r) xi = xr;
                }
                if (mine) tri_x[lid] = xi;
            }
            if (k + 1u == subs) break;  // no later rows in this block
            barrier();
            if (lid < len && (forward() ? lid >= s1 : lid < s0)) {
                for (uint q = s0; q < s1; q++) {
                    uint r = forward() ? q : s1 - 1u - (q - s0);
                    xi -= mul(tri_d[lid * B + r], tri_x[r]);
                }
            }
        }
        if (lid < len) stc(at(x, p.incx, lo + lid, p.n), xi);
        // the next blocks read this one's x, and tri_d is refilled
        memoryBarrierBuffer();
        barrier();
    }
}

// ---------------------------------------------------------------------------------------
// Blocked triangular solve on a GPU, as rocBLAS does it: TRSV_INV inverts every diagonal
// block of op(A) at once (workgroup t: block t in solving order), then full storage goes
// in TRSV_STEP units (a unit's solve and the update of the rows after it, one launch), band
// and packed storage per panel of rows: TRSV_PANEL solves the panel with those inverses
// (one workgroup, x of the panel in shared memory) and TRSV_UPDATE brings the rows within
// reach up to date. Per block the
// solve is then a B x B product, not B dependent substitution steps (the substitution
// kernel took ~140 us per 256-row panel on the H100: strsv 8192 at 0.09x of cuBLAS).
// The inverses sit in ws, block t of batch entry b at ((b aux + t) B B) elements, column-
// major, op applied and unit diagonals as ones.

// TRSV_CHAIN's counter (blocks solved) of batch entry b, after the inverses and sol.
layout(buffer_reference, std430, buffer_reference_align = 4) coherent buffer U32c { uint v[]; };
const uint WORDS = ES / 4u;  // 32-bit words of an element
shared T chain_x[B];  // the earlier block in use

uint64_t chain_sync(uint b) {
    return p.ws + (uint64_t(p.batch) * p.aux * (B * B) + uint64_t(p.batch) * p.n) * ES + uint64_t(b) * 4u;
}

// Element (r, c) of block t's inverse.
uint64_t inv_at(uint b, uint t, uint r, uint c) {
    return p.ws + ((uint64_t(b) * p.aux + t) * (B * B) + c * B + r) * ES;
}

void trsv_inv(uint b) {
    uint t = gl_WorkGroupID.x, lid = gl_LocalInvocationID.x;
    uint blocks = (p.n + B - 1u) / B;
    if (t >= blocks) return;
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b);
    if (p.alpha.x == 1u && t == 0u && lid == 0u) {
        // TRSV_CHAIN runs next: its counters start at zero.
        U32c sync = U32c(chain_sync(b));
        atomicExchange(sync.v[0], 0u);
    }
    uint lo = block_lo(t), len = block_len(t);
    // tri_d[r B + c] = D(r, c) = op(A)(lo + r, lo + c): lower for forward solves, else upper.
    for (uint e = lid; e < B * B; e += TPB) {
        uint r = e / B, c = e % B;
        T v = r < len && c < len ? op_at(a, lo + r, lo + c) : zero();
        if (r == c) v = r < len && !has(F_UNIT_DIAG) ? v : one();
        tri_d[e] = v;
    }
    barrier();
    // In place, a column per step (LAPACK's trti2): lower from the last column, each
    // column below the diagonal times the inverted block below-right; upper the mirror.
    bool low = forward();
    for (uint k = 0u; k < len; k++) {
        uint j = low ? len - 1u - k : k;
        if (lid < len) tri_x[lid] = tri_d[lid * B + j];  // column j before it changes
        barrier();
        T d = div_(one(), tri_x[j]);
        uint i = lid;
        if (i < len && (low ? i > j : i < j)) {
            T acc = zero();
            if (low) {
                for (uint q = j + 1u; q <= i; q++) acc += mul(tri_d[i * B + q], tri_x[q]);
            } else {
                for (uint q = i; q < j; q++) acc += mul(tri_d[i * B + q], tri_x[q]);
            }
            tri_d[i * B + j] = -mul(acc, d);
        }
        if (i == j) tri_d[j * B + j] = d;
        barrier();
    }
    for (uint e = lid; e < B * B; e += TPB) {
        uint r = e % B, c = e / B;
        st(inv_at(b, t, r, c), tri_d[r * B + c]);
    }
    barrier();  // the next batch entry refills tri_d
}

// Row lid's sum of the S slices' partial sums (invocation (lid % B, lid / B) holds slice
// lid / B's of row lid % B), for invocations lid < len (zero to the others). The caller's
// next barrier must come before red is reused.
T meet_slices(T part, uint len) {
    uint lid = gl_LocalInvocationID.x;
    red[lid] = part;  // = red[s B + il]
    barrier();
    T v = zero();
    if (lid < len) {
        for (uint q = 0u; q < S; q++) v += red[q * B + lid];
    }
    return v;
}

// x of block t: its inverse times the right-hand side in tri_x. Invocation (lid % B, lid / B)
// takes columns lid / B + S q of the inverse (consecutive invocations, consecutive rows of
// a column); the slices meet in red (meet_slices), and row lid's value returns to
// invocation lid < len (zero to the others).
T inv_times_rhs(uint b, uint t, uint len) {
    uint lid = gl_LocalInvocationID.x, il = lid % B, s = lid / B;
    T xv = zero();
    if (il < len) {
        for (uint c = s; c < len; c += S) xv += mul(ld(inv_at(b, t, il, c)), tri_x[c]);
    }
    return meet_slices(xv, len);
}

// TRSV_STEP (full storage): unit t of the solve (alpha.x = t; a unit is alpha.y = K blocks
// in solving order) and the update of the rows after it, in one launch over workgroups of
// SL of those rows. Every workgroup solves the unit itself, block by block (the block's x
// less the unit's earlier blocks' products, times its inverse: B x B products from L2),
// then subtracts its rows' products with the unit's columns. The unit's x cannot go to x
// while other workgroups still read it: workgroup 0 keeps it in sol (ws after the
// inverses) and the next step copies it over; the last step, with no rows after it, writes
// x itself. A launch costs ~10 us on the H100 (mostly the barrier between launches): a
// unit of several blocks takes fewer. (Panels of 512 rows solved by one workgroup were
// latency-bound: strsv 8192 at 0.28x of cuBLAS on the H100, larger panels slower.)
uint64_t sol_at(uint b, uint i) {
    return p.ws + (uint64_t(p.batch) * p.aux * (B * B) + uint64_t(b) * p.n + i) * ES;
}
// Rows of unit t (K blocks), in solving order from row 0 (forward) or row n - 1.
uvec2 unit_rows(uint t, uint K) {
    uint s0 = t * K * B, s1 = min(p.n, s0 + K * B);
    return forward() ? uvec2(s0, s1) : uvec2(p.n - s1, p.n - s0);
}

void trsv_step(uint b) {
    uint lid = gl_LocalInvocationID.x, lane = lid % SL, q = lid / SL;
    uint t = p.alpha.x, K = p.alpha.y;
    uint blocks = (p.n + B - 1u) / B, tb0 = t * K, kn = min(K, blocks - tb0);
    uvec2 u = unit_rows(t, K);
    uint ulo = u.x, ulen = u.y - u.x;
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    uint r0 = forward() ? u.y : 0u, r1 = forward() ? p.n : u.x;
    // The unit's x in tri_d[row - ulo], block by block.
    uint il = lid % B, s = lid / B;
    for (uint k = 0u; k < kn; k++) {
        uint tb = tb0 + k, blo = block_lo(tb), len = block_len(tb);
        // The unit's columns solved before this block: before it (forward) or after it.
        uint c0 = forward() ? ulo : blo + len, c1 = forward() ? blo : u.y;
        T acc = zero();
        if (il < len) {
            for (uint c = c0 + s; c < c1; c += S) {
                acc += mul(opa(ld(has(F_TRANS) ? el(a, c, blo + il) : el(a, blo + il, c))), tri_d[c - ulo]);
            }
        }
        red[s * B + il] = acc;
        barrier();
        if (lid < B) {
            T v = zero();
            if (lid < len) {
                v = ld(at(x, p.incx, blo + lid, p.n));
                for (uint m = 0u; m < S; m++) v -= red[m * B + lid];
            }
            tri_x[lid] = v;
        }
        barrier();
        T v = inv_times_rhs(b, tb, len);
        if (lid < len) tri_d[blo - ulo + lid] = v;
        barrier();
    }
    if (gl_WorkGroupID.x == 0u) {
        for (uint e = lid; e < ulen; e += TPB) {
            st(r0 < r1 ? sol_at(b, ulo + e) : at(x, p.incx, ulo + e, p.n), tri_d[e]);
        }
        if (t > 0u) {
            uvec2 pu = unit_rows(t - 1u, K);
            for (uint i = pu.x + lid; i < pu.y; i += TPB) st(at(x, p.incx, i, p.n), ld(sol_at(b, i)));
        }
    }
    // The update: invocation (lane, q) takes row r over the unit's columns of quarter q
    // (a unit with rows after it is whole: K B columns).
    uint r = r0 + gl_WorkGroupID.x * SL + lane;
    T acc = zero();
    if (r < r1) {
        uint ucw = ulen / CQ, cb = ulo + q * ucw;
        for (uint c = 0u; c < ucw; c += 8u) {
            T v[8];
            [[unroll]] for (uint m = 0u; m < 8u; m++) {
                uint k = cb + c + m;
                v[m] = opa(ld(has(F_TRANS) ? el(a, k, r) : el(a, r, k)));
            }
            [[unroll]] for (uint m = 0u; m < 8u; m++) acc += mul(v[m], tri_d[cb + c + m - ulo]);
        }
    }
    red[lid] = acc;  // = red[q SL + lane]
    barrier();
    if (lid < SL && r < r1) {
        T v = red[lid];
        [[unroll]] for (uint k = 1u; k < CQ; k++) v += red[k * SL + lid];
        uint64_t xa = at(x, p.incx, r, p.n);
        st(xa, ld(xa) - v);
    }
    barrier();  // the next batch entry refills the shared arrays
}

// TRSV_CHAIN (full storage): the whole solve in one launch, workgroup t for block t in
// solving order. It subtracts the earlier blocks' products as their x arrive, multiplies by
// its block's inverse and hands its x on: into x, and as words in sol (ws after the
// inverses) that the later blocks read with atomics; then `solved` counts it. Blocks finish
// in order (each waits for all before it), so one counter says which x are ready. A's block
// is loaded before the wait, so its reads overlap it. Workgroups wait only for lower
// indices, so the chain relies on GPUs starting workgroups in index order (NVIDIA, AMD and
// lavapipe do). A ticket counter would not rely on it, but its value, handed to the
// workgroup through shared memory, reached some of lavapipe's invocations stale (8
// threads): blocks solved twice, others never. Only atomics carry x between workgroups:
// a chain with plain loads after the flag read stale x on lavapipe. Even this form reads
// a few stale values on lavapipe with 8 threads (not understood), so lavapipe takes the
// TRSV_STEP launches; its tests run the chain with one thread. TRSV_INV zeroes the
// counter (a word per batch entry after sol).
T sol_load(uint b, uint i) {
    U32c w = U32c(sol_at(b, i));
    uint v[WORDS];
    [[unroll]] for (uint k = 0u; k < WORDS; k++) v[k] = atomicOr(w.v[k], 0u);
#if RALIGN == 4 && defined(CPLX)
    return T(uintBitsToFloat(v[0]), uintBitsToFloat(v[1]));
#elif RALIGN == 4
    return uintBitsToFloat(v[0]);
#elif defined(CPLX)
    return T(packDouble2x32(uvec2(v[0], v[1])), packDouble2x32(uvec2(v[2], v[3])));
#else
    return packDouble2x32(uvec2(v[0], v[1]));
#endif
}
void sol_store(uint b, uint i, T x) {
    U32c w = U32c(sol_at(b, i));
#if RALIGN == 4 && defined(CPLX)
    uint v[2] = uint[2](floatBitsToUint(x.x), floatBitsToUint(x.y));
#elif RALIGN == 4
    uint v[1] = uint[1](floatBitsToUint(x));
#elif defined(CPLX)
    uvec2 re = unpackDouble2x32(x.x), im = unpackDouble2x32(x.y);
    uint v[4] = uint[4](re.x, re.y, im.x, im.y);
#else
    uvec2 d = unpackDouble2x32(x);
    uint v[2] = uint[2](d.x, d.y);
#endif
    [[unroll]] for (uint k = 0u; k < WORDS; k++) atomicExchange(w.v[k], v[k]);
}

const uint CQ_ = B / S;  // an invocation's elements of a block product
void trsv_chain(uint b) {
    uint lid = gl_LocalInvocationID.x, il = lid % B, s = lid / B;
    U32c sync = U32c(chain_sync(b));
    uint t = gl_WorkGroupID.x, blo = block_lo(t), len = block_len(t);
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    bool tr = has(F_TRANS);
    // op N: invocation (il, s) takes row blo + il over columns s + S q of each earlier
    // block; transposed: column il of op(A)'s block (A's row, contiguous) and rows s + S q.
    T acc[CQ_];
    [[unroll]] for (uint q = 0u; q < CQ_; q++) acc[q] = zero();
    // This invocation's share of the diagonal block's inverse (inv_times_rhs's elements),
    // loaded now: the multiply at the end is on the chain's critical path, its loads not.
    T inv[CQ_];
    [[unroll]] for (uint q = 0u; q < CQ_; q++) {
        uint c = s + S * q;
        inv[q] = il < len && c < len ? ld(inv_at(b, t, il, c)) : zero();
    }
    uint known = 0u;  // invocation 0's count of blocks seen solved
    for (uint j = 0u; j < t; j++) {
        uint jlo = block_lo(j);  // a whole block: only the last in solving order is short
        T av[CQ_];
        [[unroll]] for (uint q = 0u; q < CQ_; q++) {
            uint r = tr ? s + S * q : il, c = tr ? il : s + S * q;
            av[q] = r < len ? opa(ld(tr ? el(a, jlo + c, blo + r) : el(a, blo + r, jlo + c))) : zero();
        }
        // Block j's x into chain_x, a block at a time: no shared scalar decides when to
        // wait (a shared "solved so far" choosing when to restage several blocks went wrong
        // on lavapipe with 8 threads, as the shared ticket did).
        if (lid == 0u) {
            while (known <= j) known = atomicOr(sync.v[0], 0u);
        }
        memoryBarrierBuffer();
        barrier();
        if (lid < B) chain_x[lid] = sol_load(b, jlo + lid);
        barrier();
        [[unroll]] for (uint q = 0u; q < CQ_; q++) acc[q] += mul(av[q], chain_x[tr ? il : s + S * q]);
    }
    barrier();
    // The right-hand side less the earlier blocks' products, in tri_x.
    if (tr) {
        [[unroll]] for (uint q = 0u; q < CQ_; q++) tri_d[(s + S * q) * B + il] = acc[q];
    } else {
        T v = zero();
        [[unroll]] for (uint q = 0u; q < CQ_; q++) v += acc[q];
        red[lid] = v;  // = red[s B + il]
    }
    barrier();
    if (lid < B) {
        T v = zero();
        if (lid < len) {
            v = ld(at(x, p.incx, blo + lid, p.n));
            if (tr) {
                for (uint c = 0u; c < B; c++) v -= tri_d[lid * B + c];
            } else {
                for (uint m = 0u; m < S; m++) v -= red[m * B + lid];
            }
        }
        tri_x[lid] = v;
    }
    barrier();
    // The inverse times the right-hand side (as inv_times_rhs, from the loaded elements).
    T part = zero();
    [[unroll]] for (uint q = 0u; q < CQ_; q++) part += mul(inv[q], tri_x[s + S * q]);
    T v = meet_slices(part, len);
    if (lid < len) {
        st(at(x, p.incx, blo + lid, p.n), v);
        sol_store(b, blo + lid, v);
    }
    memoryBarrierBuffer();
    barrier();
    if (lid == 0u) atomicAdd(sync.v[0], 1u);
    barrier();  // the next batch entry reuses the shared arrays
}

// Rows [lo, lo + len) of a band or packed triangle (one panel: whole blocks in solving
// order) solved with the blocks' inverses, the rows before them in solving order already
// subtracted (full storage goes in TRSV_STEP units).
// x of the panel sits in tri_d; each block's rows less the earlier blocks' products (within
// the band's reach), times the block's inverse. alpha.xy = (lo, len).
void trsv_panel(uint b) {
    uint lid = gl_LocalInvocationID.x;
    uint lo = p.alpha.x, plen = p.alpha.y;
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    for (uint e = lid; e < plen; e += TPB) tri_d[e] = ld(at(x, p.incx, lo + e, p.n));
    barrier();
    uint reach = has(F_UPPER) ? p.ku : p.kl;
    uint t0 = (forward() ? lo : p.n - lo - plen) / B, tn = (plen + B - 1u) / B;
    uint lane = lid % B, s = lid / B;
    for (uint t = t0; t < t0 + tn; t++) {
        uint blo = block_lo(t), len = block_len(t);
        // The panel's earlier columns of op(A) that rows of this block reach: before the
        // block (forward) or after it.
        uint k0 = forward() ? max(lo, blo > reach ? blo - reach : 0u) : blo + len;
        uint k1 = forward() ? blo : min(lo + plen, uint(min(uint64_t(blo) + len + reach, uint64_t(p.n))));
        T acc = zero();
        if (!has(F_TRANS)) {
            // op N: invocation (lane, s) sums row blo + lane over columns k0 + s + S q;
            // consecutive lanes read consecutive rows of a column.
            if (lane < len) {
                for (uint k = k0 + s; k < k1; k += S) acc += mul(op_at(a, blo + lane, k), tri_d[k - lo]);
            }
            red[s * B + lane] = acc;
        } else {
            // Transposed: row r of op(A) is column r of A, contiguous over k. A subgroup
            // takes a row at a time, its invocations consecutive k.
            uint sl = gl_SubgroupInvocationID, sn = gl_SubgroupSize;
            for (uint r = gl_SubgroupID; r < len; r += gl_NumSubgroups) {
                T racc = zero();
                for (uint k = k0 + sl; k < k1; k += sn) racc += mul(op_at(a, blo + r, k), tri_d[k - lo]);
                racc = subgroupAdd(racc);
                if (subgroupElect()) red[r] = racc;
            }
        }
        barrier();
        // The block's right-hand side.
        if (lid < len) {
            T sum = zero();
            if (!has(F_TRANS)) {
                for (uint q = 0u; q < S; q++) sum += red[q * B + lid];
            } else {
                sum = red[lid];
            }
            tri_x[lid] = tri_d[blo - lo + lid] - sum;
        }
        barrier();
        T v = inv_times_rhs(b, t, len);
        if (lid < len) tri_d[blo - lo + lid] = v;
        barrier();
    }
    for (uint e = lid; e < plen; e += TPB) st(at(x, p.incx, lo + e, p.n), tri_d[e]);
    barrier();  // the next batch entry refills tri_d
}

// After a panel of band or packed storage: x_r -= sum_k op(A)(r, k) x_k for rows r in
// [r0, r1) and the panel's columns k in [c0, c1) (alpha = (r0, r1, c0, c1)). Each row has one
// writer, so x is updated in place: op N an invocation per row (consecutive rows of a
// column are consecutive in both storages), transposed a subgroup per row (its column of A,
// contiguous), TRSV_ROWS rows per workgroup.
const uint TRSV_ROWS = 8u;
void trsv_update(uint b) {
    uint lid = gl_LocalInvocationID.x;
    uint r0 = p.alpha.x, r1 = p.alpha.y, c0 = p.alpha.z, c1 = p.alpha.w;
    uint64_t a = entry(p.a, p.bsa, has(F_A_ARRAY), b), x = entry(p.x, p.bsx, has(F_X_ARRAY), b);
    if (!has(F_TRANS)) {
        uint r = r0 + gl_WorkGroupID.x * TPB + lid;
        if (r >= r1) return;
        uint k0 = max(c0, col_lo(r)), k1 = min(c1, col_hi(r));
        if (k0 >= k1) return;
        uint64_t xr = at(x, p.incx, r, p.n);
        st(xr, ld(xr) - row_span(a, x, r, k0, k1));
        return;
    }
    uint sl = gl_SubgroupInvocationID, sn = gl_SubgroupSize;
    uint first = r0 + gl_WorkGroupID.x * TRSV_ROWS, last = min(r1, first + TRSV_ROWS);
    for (uint r = first + gl_SubgroupID; r < last; r += gl_NumSubgroups) {
        uint k0 = max(c0, row_lo(r)), k1 = min(c1, row_hi(r));
        T acc = zero();
        for (uint k = k0 + sl; k < k1; k += sn) acc += mul(opa(ld(el(a, k, r))), ld(at(x, p.incx, k, p.n)));
        acc = subgroupAdd(acc);
        if (subgroupElect() && k0 < k1) {
            uint64_t xr = at(x, p.incx, r, p.n);
            st(xr, ld(xr) - acc);
        }
    }
}

void main() {
    uint op = op_();
#ifdef WIDE_MODULE
    for (uint b = gl_WorkGroupID.z; b < p.batch; b += gl_NumWorkGroups.z) {
        if (op == OP_MV_N) mv_n(b);
        else if (op == OP_SYM_STRIP) sym_strip(b);
    }
    return;
#endif
    for (uint b = gl_WorkGroupID.z; b < p.batch; b += gl_NumWorkGroups.z) {
        if (op == OP_MV_N) mv_n(b);
        else if (op == OP_MV_T) mv_t(b);
        else if (op == OP_MV_FIN) mv_fin(b);
        else if (op == OP_SYM_STRIP) sym_strip(b);
        else if (op == OP_TRSV_INV) trsv_inv(b);
        else if (op == OP_TRSV_PANEL) trsv_panel(b);
        else if (op == OP_TRSV_UPDATE) trsv_update(b);
        else if (op == OP_TRSV_STEP) trsv_step(b);
        else if (op == OP_TRSV_CHAIN) trsv_chain(b);
        else if (op == OP_UPDATE) update(b);
        else if (op == OP_TRSV) trsv(b);
    }
}
