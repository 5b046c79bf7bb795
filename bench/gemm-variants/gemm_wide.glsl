// MEASURED VARIANT, not a library module (bench/results/h100-gemm-2026-11-25.txt, section 1:
// 38.0-40.9 TFLOP/s against the committed gemm_f32_nt's 40.9 at 8192^3 on the H100). Built
// into replacement modules for bench/device-gemm-sweep.sh by a .comp that defines QM, QN, BK
// and NBUF and includes this file; the library's OXROCM_ROCBLAS_SPIRV_DIR runs them in place
// of gemm_f32_nt.
//
// Single-precision GEMM for one operand layout, D = alpha * A * B^T + beta * C, column-major:
// A stored M-contiguous (op(A) = A), B stored N-contiguous (op(B) = B^T). In that layout every
// row of a K step is a run of 16-byte quads in memory and in shared memory alike, so tiles
// move without being transposed on the way.
//
// Included by the gemm_f32_wide*.comp modules, which define the tiling:
//   QM x QN  (plain integers, for #if) quads of 4 x 4 results per invocation, 64 rows / 4 TY columns apart
//            (BM = 64 QM, BN = 4 TY QN per workgroup of 16 x TY invocations; TY default 16),
//   BK       K per shared-memory step,
//   NBUF     2: two shared tiles, one barrier per step; 1: one tile, two barriers.
// The next step's values are fetched into registers while the current one multiplies.
// Accumulators are named variables (M4 cQJ), not an array: arrays of accumulators ended
// up in local memory on the H100's compiler (gemm.glsl).
//
// The parameter block is gemm.glsl's (the host twin reads it unchanged); the transpose
// flags are not read. Tiles are numbered over the grid (x + y * width, any grid with at
// least ceil(m / BM) * ceil(n / BN) workgroups; z = batch entry), GROUP_M tiles down M at
// a time so that neighbouring workgroups share panels of A and B in L2.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

#define T float
#define V4 vec4
#define M4 mat4
#define T_BYTES 4

#ifndef TY
#define TY 16
#endif
layout(local_size_x = 16 * TY) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Elems { T v[]; };
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

const uint FLAG_PTR_ARRAY = 4u;
const uint FLAG_BETA_ZERO = 8u;
const uint FLAG_ALIGNED = 16u;
const uint THREADS = 16u * uint(TY);
const uint BM = 64u * uint(QM), BN = 4u * uint(TY) * uint(QN);
const uint GROUP_M = 8u;
// Quads per invocation and step: A's tile is BK rows of BM / 4 quads, B's of BN / 4.
const uint A_QUADS = BK * BM / 4u / THREADS, B_QUADS = BK * BN / 4u / THREADS;

shared V4 As[uint(NBUF)][BK][BM / 4u];
shared V4 Bs[uint(NBUF)][BK][BN / 4u];

uint64_t matrix(uint64_t base, uint64_t stride, uint batch) {
    if ((p.flags & FLAG_PTR_ARRAY) != 0u) return Ptrs(base).v[batch];
    return base + uint64_t(T_BYTES) * stride * uint64_t(batch);
}
uint64_t addr(uint64_t base, uint row, uint col, uint ld) {
    return base + uint64_t(T_BYTES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld));
}
// Element (row, col) of a rows x cols matrix, zero outside.
T at(uint64_t base, uint row, uint col, uint ld, uint rows, uint cols) {
    if (row >= rows || col >= cols) return T(0);
    return Elems(addr(base, row, col, ld)).v[0];
}
// The quad at rows row..row+3 of column col: one 16-byte load where the tile is interior
// and aligned, else four (checked at the edges).
V4 quad(uint64_t base, uint row, uint col, uint ld, uint rows, uint cols, bool inside, bool aligned) {
    if (inside && aligned) return Quads(addr(base, row, col, ld)).v;
    if (inside) {
        return V4(Elems(addr(base, row, col, ld)).v[0], Elems(addr(base, row + 1u, col, ld)).v[0],
                  Elems(addr(base, row + 2u, col, ld)).v[0], Elems(addr(base, row + 3u, col, ld)).v[0]);
    }
    return V4(at(base, row, col, ld, rows, cols), at(base, row + 1u, col, ld, rows, cols),
              at(base, row + 2u, col, ld, rows, cols), at(base, row + 3u, col, ld, rows, cols));
}

// c += a (4 rows) times b (4 columns), one column of c per component of b.
#define FMA_Q(c, a, b) { \
    c[0] = fma(a, V4(b.x), c[0]); c[1] = fma(a, V4(b.y), c[1]); \
    c[2] = fma(a, V4(b.z), c[2]); c[3] = fma(a, V4(b.w), c[3]); }
#if QN == 4
#define ROW_Q(i, a) { FMA_Q(c##i##0, a, b0); FMA_Q(c##i##1, a, b1); FMA_Q(c##i##2, a, b2); FMA_Q(c##i##3, a, b3); }
#else
#define ROW_Q(i, a) { FMA_Q(c##i##0, a, b0); FMA_Q(c##i##1, a, b1); }
#endif

void main() {
    uint tiles_m = (p.m + BM - 1u) / BM, tiles_n = (p.n + BN - 1u) / BN;
    // Workgroups take tiles in turn: any grid computes the whole product.
    uint turn = gl_NumWorkGroups.x * gl_NumWorkGroups.y;
    for (uint id = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x; id < tiles_m * tiles_n; id += turn) {
    uint group = id / (GROUP_M * tiles_n), first_m = group * GROUP_M;
    uint rows = min(tiles_m - first_m, GROUP_M);
    uint tm = first_m + (id % (GROUP_M * tiles_n)) % rows, tn = (id % (GROUP_M * tiles_n)) / rows;
    uint m0 = tm * BM, n0 = tn * BN;

    uint batch = gl_WorkGroupID.z;
    uint64_t A = matrix(p.a, p.stride_a, batch);
    uint64_t B = matrix(p.b, p.stride_b, batch);
    uint64_t C = matrix(p.c, p.stride_c, batch);
    uint tid = gl_LocalInvocationIndex, tx = tid % 16u, ty = tid / 16u;
    bool interior = m0 + BM <= p.m && n0 + BN <= p.n;
    bool aligned = (p.flags & FLAG_ALIGNED) != 0u;

    M4 c00 = M4(0.0), c01 = M4(0.0), c10 = M4(0.0), c11 = M4(0.0);
#if QN == 4
    M4 c02 = M4(0.0), c03 = M4(0.0), c12 = M4(0.0), c13 = M4(0.0);
#endif
#if QM == 4
    M4 c20 = M4(0.0), c21 = M4(0.0), c30 = M4(0.0), c31 = M4(0.0);
#endif

    V4 pa[A_QUADS], pb[B_QUADS];
    // Quad q of this invocation in a step: row (K) q_idx / (width / 4), quad q_idx % (width / 4).
    #define FETCH(k0) { \
        bool inside = interior && (k0) + BK <= p.k; \
        [[unroll]] for (uint i = 0u; i < A_QUADS; i++) { \
            uint q = tid + THREADS * i; \
            pa[i] = quad(A, m0 + 4u * (q % (BM / 4u)), (k0) + q / (BM / 4u), p.lda, p.m, p.k, inside, aligned); \
        } \
        [[unroll]] for (uint i = 0u; i < B_QUADS; i++) { \
            uint q = tid + THREADS * i; \
            pb[i] = quad(B, n0 + 4u * (q % (BN / 4u)), (k0) + q / (BN / 4u), p.ldb, p.n, p.k, inside, aligned); \
        } \
    }
    #define STORE(buf) { \
        [[unroll]] for (uint i = 0u; i < A_QUADS; i++) { \
            uint q = tid + THREADS * i; \
            As[buf][q / (BM / 4u)][q % (BM / 4u)] = pa[i]; \
        } \
        [[unroll]] for (uint i = 0u; i < B_QUADS; i++) { \
            uint q = tid + THREADS * i; \
            Bs[buf][q / (BN / 4u)][q % (BN / 4u)] = pb[i]; \
        } \
    }
#if QM == 4
    #define ROWS(buf, kk) { \
        V4 a0 = As[buf][kk][tx], a1 = As[buf][kk][16u + tx], a2 = As[buf][kk][32u + tx], a3 = As[buf][kk][48u + tx]; \
        ROW_Q(0, a0); ROW_Q(1, a1); ROW_Q(2, a2); ROW_Q(3, a3); }
#else
    #define ROWS(buf, kk) { \
        V4 a0 = As[buf][kk][tx], a1 = As[buf][kk][16u + tx]; \
        ROW_Q(0, a0); ROW_Q(1, a1); }
#endif
#if QN == 4
    #define COLS(buf, kk) V4 b0 = Bs[buf][kk][ty], b1 = Bs[buf][kk][uint(TY) + ty], b2 = Bs[buf][kk][2u * uint(TY) + ty], b3 = Bs[buf][kk][3u * uint(TY) + ty];
#else
    #define COLS(buf, kk) V4 b0 = Bs[buf][kk][ty], b1 = Bs[buf][kk][uint(TY) + ty];
#endif
    #define COMPUTE(buf) { \
        [[unroll]] for (uint kk = 0u; kk < BK; kk++) { \
            COLS(buf, kk) \
            ROWS(buf, kk) \
        } \
    }
#if NBUF == 2
    // Step at k0 from tile buf: the next step's tile goes into the other one, which every
    // invocation finished reading before the previous step's barrier.
    #define STEP(buf, k0) { \
        bool more = (k0) + BK < p.k; \
        if (more) FETCH((k0) + BK); \
        COMPUTE(buf); \
        if (more) STORE(1u - (buf)); \
        barrier(); \
    }
#else
    #define STEP(buf, k0) { \
        bool more = (k0) + BK < p.k; \
        if (more) FETCH((k0) + BK); \
        COMPUTE(0u); \
        barrier(); \
        if (more) STORE(0u); \
        barrier(); \
    }
#endif

    if (p.k > 0u) {
        FETCH(0u);
        STORE(0u);
    }
    barrier();
    // Two steps per turn keep each step's tile index a constant.
    for (uint k0 = 0u; k0 < p.k; k0 += 2u * BK) {
        STEP(0u, k0);
        if (k0 + BK < p.k) STEP(uint(NBUF) - 1u, k0 + BK);
    }

    bool beta_zero = (p.flags & FLAG_BETA_ZERO) != 0u;
    #define OUT_Q(acc, i, j) { \
        uint rb = m0 + 4u * tx + 64u * (i), cb = n0 + 4u * ty + 4u * uint(TY) * (j); \
        [[unroll]] for (uint jj = 0u; jj < 4u; jj++) { \
            [[unroll]] for (uint ii = 0u; ii < 4u; ii++) { \
                if (rb + ii < p.m && cb + jj < p.n) { \
                    Elems e = Elems(addr(C, rb + ii, cb + jj, p.ldc)); \
                    T prior = beta_zero ? T(0) : p.beta * e.v[0]; \
                    e.v[0] = fma(p.alpha, acc[jj][ii], prior); \
                } \
            } \
        } \
    }
    OUT_Q(c00, 0u, 0u); OUT_Q(c01, 0u, 1u); OUT_Q(c10, 1u, 0u); OUT_Q(c11, 1u, 1u);
#if QN == 4
    OUT_Q(c02, 0u, 2u); OUT_Q(c03, 0u, 3u); OUT_Q(c12, 1u, 2u); OUT_Q(c13, 1u, 3u);
#endif
#if QM == 4
    OUT_Q(c20, 2u, 0u); OUT_Q(c21, 2u, 1u); OUT_Q(c30, 3u, 0u); OUT_Q(c31, 3u, 1u);
#endif
    }
}
