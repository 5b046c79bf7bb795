// Half-precision GEMM on cooperative matrices (VK_KHR_cooperative_matrix, 16 x 16 x 16
// f16 products summed in f32): D = alpha * op(A) op(B) + beta * C for column-major f16
// A and B, C and D f16 or f32 (FLAG_OUT_F32), over a batch (strided or pointer arrays).
// rocblas_hgemm and gemm_ex f16 in / f32 compute use it.
//
// Only whole tiles: the library launches it where m and n are multiples of 128, k of 32,
// leading dimensions and batch strides of 8 elements and every matrix is 16-byte aligned
// (other shapes take the host path). One workgroup computes a 128 x 128 tile of D with 8
// subgroups of 32 (NVIDIA's wave): subgroup w owns rows 64 (w % 2) .. + 64 and columns
// 32 (w / 2) .. + 32, as 4 x 2 accumulators. K advances 32 at a time through shared
// memory (uvec4 = 8 halves per access); the next tile is fetched into registers while
// the current one multiplies. A device whose subgroups are not 32 wide runs a plain
// per-invocation loop instead (correct, slow).
#version 460
// build: spirv-opt (glslang -Os crashes on this shader)
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 256) in;

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

const uint BM = 128u, BN = 128u, BK = 32u;
// Shared tiles in uvec4 units, rows padded by 8 halves against bank conflicts. A not
// transposed is stored K-major (As[k][m], 17 per k), transposed M-major (As[m][k], 5 per
// m); B not transposed N-major (Bs[n][k], 5), transposed K-major (Bs[k][n], 17).
const uint WIDE = (BM + 8u) / 8u, NARROW = (BK + 8u) / 8u;
shared uvec4 As[BM * NARROW];
shared uvec4 Bs[BN * NARROW];

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
    for (uint e = 0u; e < (BM * BN) / 256u; e++) {
        uint idx = tid + 256u * e, row = m0 + idx % BM, col = n0 + idx / BM;
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
    uint m0 = gl_WorkGroupID.x * BM, n0 = gl_WorkGroupID.y * BN;
    bool ta = (p.flags & FLAG_TRANS_A) != 0u, tb = (p.flags & FLAG_TRANS_B) != 0u;
    if (gl_NumSubgroups != 8u) {
        plain(A, B, C, D, m0, n0, ta, tb, out32);
        return;
    }
    uint tid = gl_LocalInvocationIndex;
    uint w = gl_SubgroupID, wm = (w % 2u) * 64u, wn = (w / 2u) * 32u;

    // This invocation's two chunks of each tile: c = tid + 256 i.
    uvec4 ra[2], rb[2];
    #define FETCH(k0) { \
        [[unroll]] for (uint i = 0u; i < 2u; i++) { \
            uint c = tid + 256u * i; \
            ra[i] = ta ? chunk(A, (k0) + 8u * (c % 4u), m0 + c / 4u, p.lda) : chunk(A, m0 + 8u * (c % 16u), (k0) + c / 16u, p.lda); \
            rb[i] = tb ? chunk(B, n0 + 8u * (c % 16u), (k0) + c / 16u, p.ldb) : chunk(B, (k0) + 8u * (c % 4u), n0 + c / 4u, p.ldb); \
        } \
    }
    #define STORE() { \
        [[unroll]] for (uint i = 0u; i < 2u; i++) { \
            uint c = tid + 256u * i; \
            As[ta ? (c / 4u) * NARROW + c % 4u : (c / 16u) * WIDE + c % 16u] = ra[i]; \
            Bs[tb ? (c / 16u) * WIDE + c % 16u : (c / 4u) * NARROW + c % 4u] = rb[i]; \
        } \
    }

    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> acc[4][2];
    [[unroll]] for (uint i = 0u; i < 4u; i++) {
        [[unroll]] for (uint j = 0u; j < 2u; j++) {
            acc[i][j] = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(0.0);
        }
    }

    FETCH(0u);
    STORE();
    barrier();
    for (uint k0 = 0u; k0 < p.k; k0 += BK) {
        bool more = k0 + BK < p.k;
        if (more) FETCH(k0 + BK);
        [[unroll]] for (uint kk = 0u; kk < BK; kk += 16u) {
            coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> fa[4];
            coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> fb[2];
            [[unroll]] for (uint i = 0u; i < 4u; i++) {
                uint r = wm + 16u * i;
                // The layout operand must be a constant: one load per layout.
                if (ta) coopMatLoad(fa[i], As, r * NARROW + kk / 8u, NARROW, gl_CooperativeMatrixLayoutRowMajor);
                else coopMatLoad(fa[i], As, kk * WIDE + r / 8u, WIDE, gl_CooperativeMatrixLayoutColumnMajor);
            }
            [[unroll]] for (uint j = 0u; j < 2u; j++) {
                uint cidx = wn + 16u * j;
                if (tb) coopMatLoad(fb[j], Bs, kk * WIDE + cidx / 8u, WIDE, gl_CooperativeMatrixLayoutRowMajor);
                else coopMatLoad(fb[j], Bs, cidx * NARROW + kk / 8u, NARROW, gl_CooperativeMatrixLayoutColumnMajor);
            }
            [[unroll]] for (uint i = 0u; i < 4u; i++) {
                [[unroll]] for (uint j = 0u; j < 2u; j++) {
                    acc[i][j] = coopMatMulAdd(fa[i], fb[j], acc[i][j]);
                }
            }
        }
        barrier();
        if (more) STORE();
        barrier();
    }

    bool beta0 = (p.flags & FLAG_BETA_ZERO) != 0u;
    [[unroll]] for (uint i = 0u; i < 4u; i++) {
        [[unroll]] for (uint j = 0u; j < 2u; j++) {
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
