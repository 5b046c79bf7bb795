// Half-precision GEMM on cooperative matrices (VK_KHR_cooperative_matrix, 16 x 16 x 16
// f16 products summed in f32): D = alpha * op(A) op(B) + beta * C for column-major f16
// A and B, C and D f16 or f32 (FLAG_OUT_F32), over a batch (strided or pointer arrays).
// rocblas_hgemm and gemm_ex with f16 inputs use it. Included by the gemm_f16_*.comp
// variants, which define the tiling:
//   WARPS_M x WARPS_N  subgroups of 32 per workgroup (NVIDIA's wave),
//   TM x TN            16 x 16 accumulators per subgroup,
//   BK                 K per shared-memory tile,
// and optionally TRANS_A / TRANS_B (the transposes at compile time: 25% faster on the H100
// than reading them from the flags) and PEAK_ONLY (a measurement aid, see below).
// A workgroup computes a BM x BN tile of D, BM = 16 WARPS_M TM, BN = 16 WARPS_N TN.
//
// Only whole tiles: the library launches it where m is a multiple of BM, n of BN and k of
// BK, leading dimensions and batch strides are multiples of 8 elements and every matrix
// is 16-byte aligned (other shapes take the host path). K advances BK at a time through
// shared memory (uvec4 = 8 halves per access); the next tile is fetched into registers
// while the current one multiplies (two shared tiles with one barrier per K step ran at
// two thirds of this speed on the H100: 161 against 243 TFLOP/s at 8192^3, and 184 against
// 313 with the transposes compiled in). Workgroups
// run in groups of GROUP_M tiles down M so that neighbours share panels of A and B in L2. A device whose subgroups are not 32 wide
// runs a plain per-invocation loop instead (correct, slow).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_control_flow_attributes : require

const uint WARPS = WARPS_M * WARPS_N, THREADS = 32u * WARPS;
const uint BM = 16u * WARPS_M * TM, BN = 16u * WARPS_N * TN;
// (4 and 16 measured the same as 8 on the H100.)
const uint GROUP_M = 8u;
layout(local_size_x = THREADS) in;

layout(buffer_reference, std430, buffer_reference_align = 16) buffer U4 { uvec4 v[]; };
layout(buffer_reference, std430, buffer_reference_align = 2) buffer Halves { float16_t v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ptrs { uint64_t v[]; };

layout(push_constant) uniform Params {
    uint64_t a, b, c, d;
    uint64_t stride_a, stride_b, stride_c, stride_d;
    uint m, n, k;
    uint lda, ldb, ldc, ldd;
    float alpha;
    float beta;
    uint flags;
} p;

const uint FLAG_TRANS_A = 1u;
const uint FLAG_TRANS_B = 2u;
const uint FLAG_PTR_ARRAY = 4u;
const uint FLAG_BETA_ZERO = 8u;
const uint FLAG_OUT_F32 = 16u;

// Shared tiles in uvec4 units, rows padded by 8 halves against bank conflicts. A not
// transposed is stored K-major (As[k][m]), transposed M-major (As[m][k]); B not
// transposed N-major (Bs[n][k]), transposed K-major (Bs[k][n]).
const uint A_KMAJOR = (BM + 8u) / 8u, B_KMAJOR = (BN + 8u) / 8u, KROW = (BK + 8u) / 8u;
#ifdef TRANS_A
// Transposes fixed at compile time: each tile only as large as its one layout.
const uint A_SIZE = TRANS_A ? BM * KROW : BK * A_KMAJOR, B_SIZE = TRANS_B ? BK * B_KMAJOR : BN * KROW;
#else
const uint A_SIZE = max(BK * A_KMAJOR, BM * KROW), B_SIZE = max(BK * B_KMAJOR, BN * KROW);
#endif
shared uvec4 As[A_SIZE];
shared uvec4 Bs[B_SIZE];
// Chunks (uvec4) of each tile per invocation.
const uint A_CHUNKS = BM * BK / 8u / THREADS, B_CHUNKS = BN * BK / 8u / THREADS;

// Chunk c of a K-contiguous tile (A transposed, B not): its line (M or N) and its chunk
// along K. With BK 32 (4 chunks per line), lines l and l + 4 share a quarter-warp, whose 8
// stores then fall in 8 distinct 16-byte bank groups at the KROW = 5 pitch (consecutive
// lines would put the eighth store on the first's banks). H100, hgemm 8192^3: NN 310 -> 326
// TFLOP/s, TN 274 -> 307.
const bool KSPREAD = BK == 32u;
uint kline(uint c) {
    if (!KSPREAD) return c / (BK / 8u);
    uint t = c % 32u;
    return (c / 32u) * 8u + ((t % 8u) / 4u) * 4u + t / 8u;
}
uint kchunk(uint c) { return c % (BK / 8u); }

uint64_t matrix(uint64_t base, uint64_t stride, uint batch, uint bytes) {
    if ((p.flags & FLAG_PTR_ARRAY) != 0u) return Ptrs(base).v[batch];
    return base + uint64_t(bytes) * stride * uint64_t(batch);
}

uvec4 chunk(uint64_t base, uint row, uint col, uint ld) {
    return U4(base + 2ul * (uint64_t(row) + uint64_t(col) * uint64_t(ld))).v[0];
}

float half_at(uint64_t base, uint row, uint col, uint ld) {
    return float(Halves(base + 2ul * (uint64_t(row) + uint64_t(col) * uint64_t(ld))).v[0]);
}

// The per-invocation path for subgroups other than 32 wide.
void plain(uint64_t A, uint64_t B, uint64_t C, uint64_t D, uint m0, uint n0, bool ta, bool tb, bool out32) {
    uint tid = gl_LocalInvocationIndex;
    for (uint e = 0u; e < (BM * BN) / THREADS; e++) {
        uint idx = tid + THREADS * e, row = m0 + idx % BM, col = n0 + idx / BM;
        float s = 0.0;
        for (uint l = 0u; l < p.k; l++) {
            float av = ta ? half_at(A, l, row, p.lda) : half_at(A, row, l, p.lda);
            float bv = tb ? half_at(B, col, l, p.ldb) : half_at(B, l, col, p.ldb);
            s = fma(av, bv, s);
        }
        float v = p.alpha * s;
        uint64_t ci = uint64_t(row) + uint64_t(col) * uint64_t(p.ldc);
        uint64_t di = uint64_t(row) + uint64_t(col) * uint64_t(p.ldd);
        if (out32) {
            if ((p.flags & FLAG_BETA_ZERO) == 0u) v += p.beta * Floats(C + 4ul * ci).v[0];
            Floats(D + 4ul * di).v[0] = v;
        } else {
            if ((p.flags & FLAG_BETA_ZERO) == 0u) v += p.beta * float(Halves(C + 2ul * ci).v[0]);
            Halves(D + 2ul * di).v[0] = float16_t(v);
        }
    }
}

void main() {
    uint batch = gl_WorkGroupID.z;
    bool out32 = (p.flags & FLAG_OUT_F32) != 0u;
    uint obytes = out32 ? 4u : 2u;
    uint64_t A = matrix(p.a, p.stride_a, batch, 2u);
    uint64_t B = matrix(p.b, p.stride_b, batch, 2u);
    uint64_t C = matrix(p.c, p.stride_c, batch, obytes);
    uint64_t D = matrix(p.d, p.stride_d, batch, obytes);
    // Grouped order: GROUP_M consecutive workgroups walk down M, then the next column.
    uint tiles_m = gl_NumWorkGroups.x, tiles_n = gl_NumWorkGroups.y;
    uint id = gl_WorkGroupID.x + gl_WorkGroupID.y * tiles_m;
    uint group = id / (GROUP_M * tiles_n), first_m = group * GROUP_M;
    uint rows = min(tiles_m - first_m, GROUP_M);
    uint tm = first_m + (id % (GROUP_M * tiles_n)) % rows, tn = (id % (GROUP_M * tiles_n)) / rows;
    uint m0 = tm * BM, n0 = tn * BN;
#ifdef TRANS_A
    // A module may fix the transposes at compile time (one layout per shared-tile load).
    const bool ta = TRANS_A, tb = TRANS_B;
#else
    bool ta = (p.flags & FLAG_TRANS_A) != 0u, tb = (p.flags & FLAG_TRANS_B) != 0u;
#endif
    if (gl_NumSubgroups != WARPS) {
        plain(A, B, C, D, m0, n0, ta, tb, out32);
        return;
    }
    uint tid = gl_LocalInvocationIndex;
    uint w = gl_SubgroupID, wm = (w % WARPS_M) * 16u * TM, wn = (w / WARPS_M) * 16u * TN;

    // This invocation's chunks of each tile: c = tid + THREADS i.
    uvec4 ra[A_CHUNKS], rb[B_CHUNKS];
    #define FETCH(k0) { \
        [[unroll]] for (uint i = 0u; i < A_CHUNKS; i++) { \
            uint c = tid + THREADS * i; \
            ra[i] = ta ? chunk(A, (k0) + 8u * kchunk(c), m0 + kline(c), p.lda) \
                       : chunk(A, m0 + 8u * (c % (BM / 8u)), (k0) + c / (BM / 8u), p.lda); \
        } \
        [[unroll]] for (uint i = 0u; i < B_CHUNKS; i++) { \
            uint c = tid + THREADS * i; \
            rb[i] = tb ? chunk(B, n0 + 8u * (c % (BN / 8u)), (k0) + c / (BN / 8u), p.ldb) \
                       : chunk(B, (k0) + 8u * kchunk(c), n0 + kline(c), p.ldb); \
        } \
    }
    #define STORE() { \
        [[unroll]] for (uint i = 0u; i < A_CHUNKS; i++) { \
            uint c = tid + THREADS * i; \
            As[ta ? kline(c) * KROW + kchunk(c) : (c / (BM / 8u)) * A_KMAJOR + c % (BM / 8u)] = ra[i]; \
        } \
        [[unroll]] for (uint i = 0u; i < B_CHUNKS; i++) { \
            uint c = tid + THREADS * i; \
            Bs[tb ? (c / (BN / 8u)) * B_KMAJOR + c % (BN / 8u) : kline(c) * KROW + kchunk(c)] = rb[i]; \
        } \
    }

    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> acc[TM][TN];
    [[unroll]] for (uint i = 0u; i < TM; i++) {
        [[unroll]] for (uint j = 0u; j < TN; j++) {
            acc[i][j] = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(0.0);
        }
    }

    // The fragments of one 16-deep step at kk of the shared tiles. The layout operand must
    // be a constant: one load per layout.
    #define LOAD_FRAGS(kk) { \
        [[unroll]] for (uint i = 0u; i < TM; i++) { \
            uint r = wm + 16u * i; \
            if (ta) coopMatLoad(fa[i], As, r * KROW + (kk) / 8u, KROW, gl_CooperativeMatrixLayoutRowMajor); \
            else coopMatLoad(fa[i], As, (kk) * A_KMAJOR + r / 8u, A_KMAJOR, gl_CooperativeMatrixLayoutColumnMajor); \
        } \
        [[unroll]] for (uint j = 0u; j < TN; j++) { \
            uint col = wn + 16u * j; \
            if (tb) coopMatLoad(fb[j], Bs, (kk) * B_KMAJOR + col / 8u, B_KMAJOR, gl_CooperativeMatrixLayoutRowMajor); \
            else coopMatLoad(fb[j], Bs, col * KROW + (kk) / 8u, KROW, gl_CooperativeMatrixLayoutColumnMajor); \
        } \
    }
    #define MMA() { \
        [[unroll]] for (uint i = 0u; i < TM; i++) { \
            [[unroll]] for (uint j = 0u; j < TN; j++) { \
                acc[i][j] = coopMatMulAdd(fa[i], fb[j], acc[i][j]); \
            } \
        } \
    }
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> fa[TM];
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> fb[TN];
#ifdef PEAK_ONLY
    // Measurement aid, wrong results: the products alone, on fragments loaded once (their
    // rate is the ceiling of this tiling; loading them from shared memory each step
    // measured the same on the H100).
    LOAD_FRAGS(0u);
    for (uint k0 = 0u; k0 < p.k; k0 += BK) {
        [[unroll]] for (uint kk = 0u; kk < BK; kk += 16u) MMA();
    }
#else
    FETCH(0u);
    STORE();
    barrier();
    for (uint k0 = 0u; k0 < p.k; k0 += BK) {
        bool more = k0 + BK < p.k;
        if (more) FETCH(k0 + BK);
        [[unroll]] for (uint kk = 0u; kk < BK; kk += 16u) {
            LOAD_FRAGS(kk);
            MMA();
        }
        barrier();
        if (more) STORE();
        barrier();
    }
#endif

    bool beta0 = (p.flags & FLAG_BETA_ZERO) != 0u;
    [[unroll]] for (uint i = 0u; i < TM; i++) {
        [[unroll]] for (uint j = 0u; j < TN; j++) {
            uint row = m0 + wm + 16u * i, col = n0 + wn + 16u * j;
            coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> r = acc[i][j] * p.alpha;
            uint ci = row + col * p.ldc, di = row + col * p.ldd;
            if (out32) {
                if (!beta0) {
                    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> cm;
                    coopMatLoad(cm, Floats(C).v, ci, p.ldc, gl_CooperativeMatrixLayoutColumnMajor);
                    r = r + cm * p.beta;
                }
                coopMatStore(r, Floats(D).v, di, p.ldd, gl_CooperativeMatrixLayoutColumnMajor);
            } else {
                if (!beta0) {
                    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> ch;
                    coopMatLoad(ch, Halves(C).v, ci, p.ldc, gl_CooperativeMatrixLayoutColumnMajor);
                    r = r + coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(ch) * p.beta;
                }
                coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> h =
                    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(r);
                coopMatStore(h, Halves(D).v, di, p.ldd, gl_CooperativeMatrixLayoutColumnMajor);
            }
        }
    }
}
