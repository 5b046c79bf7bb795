// Tiled GEMM for column-major BLAS matrices: C = alpha * op(A) * op(B) + beta * C, with
// op(X) = X or X^T, over a batch (strided, or arrays of matrix pointers). Included by
// gemm_f32.comp and gemm_f64.comp, which define T (element type), V4 / M4 (its 4-vector and
// 4x4 matrix), T_BYTES and WIDE_LOADS (whether FLAG_ALIGNED enables 4-element loads).
//
// Optional defines: TRANS_A and TRANS_B (compile-time transposes), TA_COALESCED (how a
// transposed A is loaded, see FETCH_A). 128 x 128 tiles of C per workgroup of 16 x 16 invocations; each invocation owns four 4 x 4
// quadrants 64 rows/columns apart, held in M4 accumulators (registers: arrays of
// accumulators ended up in local memory on the H100's compiler, 10x slower). K advances 16
// at a time through shared memory, as V4 rows; the next tile's values are fetched into
// registers while the current one computes. Interior tiles skip bounds checks. Written for
// any subgroup size. Grid: (ceil(m / 128), ceil(n / 128), batch).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 16, local_size_y = 16) in;
layout(buffer_reference, std430, buffer_reference_align = T_BYTES) buffer Elems { T v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Quads { V4 v; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ptrs { uint64_t v[]; };

layout(push_constant) uniform Params {
    uint64_t a, b, c;
    uint64_t stride_a, stride_b, stride_c;
    uint m, n, k;
    uint lda, ldb, ldc;
    T alpha;
    T beta;
    uint flags;
} p;

const uint FLAG_TRANS_A = 1u;
const uint FLAG_TRANS_B = 2u;
const uint FLAG_PTR_ARRAY = 4u;
const uint FLAG_BETA_ZERO = 8u;
// A, B, their leading dimensions and batch strides are multiples of 4 elements (16 bytes):
// interior tiles load four K- or M-contiguous values at once.
const uint FLAG_ALIGNED = 16u;
// One operand's matrices come as a pointer array (FLAG_PTR_ARRAY: all three do).
const uint FLAG_A_ARRAY = 32u, FLAG_B_ARRAY = 64u, FLAG_C_ARRAY = 128u;
// Only C's lower (row >= column) or upper triangle is written (syrk, syr2k, gemmt); tiles
// wholly outside it return at once.
const uint FLAG_C_LOWER = 256u, FLAG_C_UPPER = 512u;
// The K range a tile needs where op(A) or op(B) is triangular (its other triangle holds
// zeros, so skipping is exact): K from the tile's first row (op(A) upper), K below its last
// row (op(A) lower), K from its first column (op(B) lower), K below its last column
// (op(B) upper). trmm, trsm and trtri use these to skip the zero half.
const uint FLAG_K_FROM_ROW = 1024u, FLAG_K_TO_ROW = 2048u, FLAG_K_FROM_COL = 4096u, FLAG_K_TO_COL = 8192u;
#ifndef GEMM_BK
#define GEMM_BK 16u
#endif
// K per shared-memory tile: 8 rows per fetch half.
const uint BM = 128u, BN = 128u, BK = GEMM_BK, HALVES = GEMM_BK / 8u;

shared V4 As[BK][BM / 4u];
// op(B) tile: rows of 128 columns, filled along K where B is stored K-contiguous.
shared V4 Bs[BK][BN / 4u];

uint64_t matrix(uint64_t base, uint64_t stride, uint batch, uint array_flag) {
    if ((p.flags & (FLAG_PTR_ARRAY | array_flag)) != 0u) return Ptrs(base).v[batch];
    return base + uint64_t(T_BYTES) * stride * uint64_t(batch);
}

T at(uint64_t base, uint row, uint col, uint ld, uint rows, uint cols) {
    if (row >= rows || col >= cols) return T(0);
    return Elems(base + uint64_t(T_BYTES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld))).v[0];
}
T raw(uint64_t base, uint row, uint col, uint ld) {
    return Elems(base + uint64_t(T_BYTES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld))).v[0];
}
V4 quad(uint64_t base, uint row, uint col, uint ld) {
    return Quads(base + uint64_t(T_BYTES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld))).v;
}

// op(A)[row, col] and op(B)[row, col], zero outside.
T opA(uint64_t A, uint row, uint col, bool t) {
    return t ? at(A, col, row, p.lda, p.k, p.m) : at(A, row, col, p.lda, p.m, p.k);
}
T opB(uint64_t B, uint row, uint col, bool t) {
    return t ? at(B, col, row, p.ldb, p.n, p.k) : at(B, row, col, p.ldb, p.k, p.n);
}

void main() {
    uint batch = gl_WorkGroupID.z;
    uint m0 = gl_WorkGroupID.x * BM, n0 = gl_WorkGroupID.y * BN;
    // A tile wholly outside C's written triangle (uniform across the workgroup).
    if ((p.flags & FLAG_C_LOWER) != 0u && m0 + BM <= n0) return;
    if ((p.flags & FLAG_C_UPPER) != 0u && n0 + BN <= m0) return;
    uint64_t A = matrix(p.a, p.stride_a, batch, FLAG_A_ARRAY);
    uint64_t B = matrix(p.b, p.stride_b, batch, FLAG_B_ARRAY);
    uint64_t C = matrix(p.c, p.stride_c, batch, FLAG_C_ARRAY);
    // This tile's K range (multiples of BK: BM and BN are).
    uint k_lo = 0u, k_hi = p.k;
    if ((p.flags & FLAG_K_FROM_ROW) != 0u) k_lo = max(k_lo, m0);
    if ((p.flags & FLAG_K_TO_ROW) != 0u) k_hi = min(k_hi, m0 + BM);
    if ((p.flags & FLAG_K_FROM_COL) != 0u) k_lo = max(k_lo, n0);
    if ((p.flags & FLAG_K_TO_COL) != 0u) k_hi = min(k_hi, n0 + BN);
    uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
    uint tid = ty * 16u + tx;
    // A module may fix the transposes at compile time (TRANS_A, TRANS_B); else the flags say.
#ifdef TRANS_A
    const bool ta = TRANS_A, tb = TRANS_B;
#else
    bool ta = (p.flags & FLAG_TRANS_A) != 0u, tb = (p.flags & FLAG_TRANS_B) != 0u;
#endif
    // This invocation's share of each tile: one V4 of op(A) (4 rows of one column
    // lk), and 4 values of op(B): along K for a K-contiguous B (column bn, rows 4bh..),
    // else along N (row lk, columns 4l4..).
    uint lk = tid / 32u, l4 = tid % 32u;
    uint bn = tid / 2u, bh = tid % 2u;
    bool interior = m0 + BM <= p.m && n0 + BN <= p.n;
    bool aligned = WIDE_LOADS && (p.flags & FLAG_ALIGNED) != 0u;

    M4 c00 = M4(T(0)), c01 = M4(T(0)), c10 = M4(T(0)), c11 = M4(T(0));
    V4 pa[HALVES], pb[HALVES];
    // op(A)'s share of a tile. Untransposed: 4 rows of column lk (M-contiguous). Transposed,
    // with TA_COALESCED: 4 columns of row bn (K-contiguous in memory, so neighbours load
    // neighbouring addresses), scattered into the shared tile; without it, 4 rows of
    // column lk one value at a time (strided). Which of the two is faster differs per
    // module on the H100, so each module picks (gemm_kernel.rs says which runs where).
    // (Also measured and dropped: B untransposed read one row of 4 columns at a time into
    // padded rows, 36.8 against 38.7 TFLOP/s; K steps of 16 through two shared tiles, 37.4.)
#ifdef TA_COALESCED
    #define FETCH_A(h, k0) { \
        if (!ta) { \
            uint r = m0 + 4u * l4, kc = (k0) + lk + 8u * h; \
            if (interior && (k0) + BK <= p.k) { \
                pa[h] = aligned ? quad(A, r, kc, p.lda) : V4(raw(A, r, kc, p.lda), raw(A, r + 1u, kc, p.lda), raw(A, r + 2u, kc, p.lda), raw(A, r + 3u, kc, p.lda)); \
            } else { \
                pa[h] = V4(opA(A, r, kc, false), opA(A, r + 1u, kc, false), opA(A, r + 2u, kc, false), opA(A, r + 3u, kc, false)); \
            } \
        } else { \
            uint ka = (k0) + 4u * bh + 8u * h, rm = m0 + bn; \
            if (interior && (k0) + BK <= p.k) { \
                pa[h] = aligned ? quad(A, ka, rm, p.lda) : V4(raw(A, ka, rm, p.lda), raw(A, ka + 1u, rm, p.lda), raw(A, ka + 2u, rm, p.lda), raw(A, ka + 3u, rm, p.lda)); \
            } else { \
                pa[h] = V4(opA(A, rm, ka, true), opA(A, rm, ka + 1u, true), opA(A, rm, ka + 2u, true), opA(A, rm, ka + 3u, true)); \
            } \
        } \
    }
    #define STORE_A(h) { \
        if (!ta) { \
            As[lk + 8u * h][l4] = pa[h]; \
        } else { \
            uint q = bn / 4u, e = bn % 4u, ka = 4u * bh + 8u * h; \
            As[ka][q][e] = pa[h].x; As[ka + 1u][q][e] = pa[h].y; As[ka + 2u][q][e] = pa[h].z; As[ka + 3u][q][e] = pa[h].w; \
        } \
    }
#else
    #define FETCH_A(h, k0) { \
        uint r = m0 + 4u * l4, kc = (k0) + lk + 8u * h; \
        if (interior && (k0) + BK <= p.k && !ta) { \
            pa[h] = aligned ? quad(A, r, kc, p.lda) : V4(raw(A, r, kc, p.lda), raw(A, r + 1u, kc, p.lda), raw(A, r + 2u, kc, p.lda), raw(A, r + 3u, kc, p.lda)); \
        } else { \
            pa[h] = V4(opA(A, r, kc, ta), opA(A, r + 1u, kc, ta), opA(A, r + 2u, kc, ta), opA(A, r + 3u, kc, ta)); \
        } \
    }
    #define STORE_A(h) { As[lk + 8u * h][l4] = pa[h]; }
#endif
    // Loads of the tile at k0 into registers (prefetched while the previous one computes):
    // two halves of 8 rows of K each.
    #define FETCH(k0) { \
        [[unroll]] for (uint h = 0u; h < HALVES; h++) { \
            FETCH_A(h, k0); \
            if (!tb) { \
                uint kb = (k0) + 4u * bh + 8u * h, cn = n0 + bn; \
                if (interior && (k0) + BK <= p.k) { \
                    pb[h] = aligned ? quad(B, kb, cn, p.ldb) : V4(raw(B, kb, cn, p.ldb), raw(B, kb + 1u, cn, p.ldb), raw(B, kb + 2u, cn, p.ldb), raw(B, kb + 3u, cn, p.ldb)); \
                } else { \
                    pb[h] = V4(opB(B, kb, cn, false), opB(B, kb + 1u, cn, false), opB(B, kb + 2u, cn, false), opB(B, kb + 3u, cn, false)); \
                } \
            } else { \
                uint cn = n0 + 4u * l4, kc = (k0) + lk + 8u * h; \
                pb[h] = V4(opB(B, kc, cn, true), opB(B, kc, cn + 1u, true), opB(B, kc, cn + 2u, true), opB(B, kc, cn + 3u, true)); \
            } \
        } \
    }
    #define STORE() { \
        [[unroll]] for (uint h = 0u; h < HALVES; h++) { \
            STORE_A(h); \
            if (!tb) { \
                uint q = bn / 4u, e = bn % 4u, kb = 4u * bh + 8u * h; \
                Bs[kb][q][e] = pb[h].x; Bs[kb + 1u][q][e] = pb[h].y; Bs[kb + 2u][q][e] = pb[h].z; Bs[kb + 3u][q][e] = pb[h].w; \
            } else { \
                Bs[lk + 8u * h][l4] = pb[h]; \
            } \
        } \
    }

    if (k_lo < k_hi) {
        FETCH(k_lo);
        STORE();
    }
    barrier();
    for (uint k0 = k_lo; k0 < k_hi; k0 += BK) {
        bool more = k0 + BK < k_hi;
        if (more) FETCH(k0 + BK);
        [[unroll]] for (uint kk = 0u; kk < BK; kk++) {
            V4 a0 = As[kk][tx], a1 = As[kk][16u + tx];
            V4 b0 = Bs[kk][ty], b1 = Bs[kk][16u + ty];
            c00[0] = fma(a0, V4(b0.x), c00[0]); c00[1] = fma(a0, V4(b0.y), c00[1]);
            c00[2] = fma(a0, V4(b0.z), c00[2]); c00[3] = fma(a0, V4(b0.w), c00[3]);
            c01[0] = fma(a0, V4(b1.x), c01[0]); c01[1] = fma(a0, V4(b1.y), c01[1]);
            c01[2] = fma(a0, V4(b1.z), c01[2]); c01[3] = fma(a0, V4(b1.w), c01[3]);
            c10[0] = fma(a1, V4(b0.x), c10[0]); c10[1] = fma(a1, V4(b0.y), c10[1]);
            c10[2] = fma(a1, V4(b0.z), c10[2]); c10[3] = fma(a1, V4(b0.w), c10[3]);
            c11[0] = fma(a1, V4(b1.x), c11[0]); c11[1] = fma(a1, V4(b1.y), c11[1]);
            c11[2] = fma(a1, V4(b1.z), c11[2]); c11[3] = fma(a1, V4(b1.w), c11[3]);
        }
        barrier();
        if (more) STORE();
        barrier();
    }

    bool beta_zero = (p.flags & FLAG_BETA_ZERO) != 0u;
    bool lower_only = (p.flags & FLAG_C_LOWER) != 0u, upper_only = (p.flags & FLAG_C_UPPER) != 0u;
    [[unroll]] for (uint q = 0u; q < 4u; q++) {
        M4 acc = q == 0u ? c00 : q == 1u ? c01 : q == 2u ? c10 : c11;
        uint rb = m0 + 4u * tx + (q >= 2u ? 64u : 0u), cb = n0 + 4u * ty + ((q & 1u) != 0u ? 64u : 0u);
        [[unroll]] for (uint j = 0u; j < 4u; j++) {
            uint gn = cb + j;
            [[unroll]] for (uint i = 0u; i < 4u; i++) {
                uint gm = rb + i;
                if (gm < p.m && gn < p.n && !(lower_only && gm < gn) && !(upper_only && gm > gn)) {
                    Elems c = Elems(C + uint64_t(T_BYTES) * (uint64_t(gm) + uint64_t(gn) * uint64_t(p.ldc)));
                    T prior = beta_zero ? T(0) : p.beta * c.v[0];
                    c.v[0] = fma(p.alpha, acc[j][i], prior);
                }
            }
        }
    }
}
