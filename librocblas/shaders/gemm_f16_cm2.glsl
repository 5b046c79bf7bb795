// f16 GEMM on workgroup-scope cooperative matrices (VK_NV_cooperative_matrix2): the driver
// tiles one BM x BN block of D per workgroup itself, loading A and B straight from
// memory through tensor layouts (a column-major X of r x c with leading dimension ld is the
// row-major tensor [c][r] with row stride ld; a transposed view turns it back). Sums in f32;
// D = alpha op(A) op(B) + beta C with C and D f16 or f32 (FLAG_OUT_F32), batches strided or
// pointer arrays: the same parameter block as gemm_f16_coopmat.glsl, and the same shapes
// (whole tiles, 16-byte aligned). SPIR-V 1.6: Vulkan 1.3 devices. An experiment so far
// (OXROCM_ROCBLAS_F16_TILE=cm2_k64): on the H100 it computes correctly but reaches 110
// TFLOP/s at 8192^3 (K 32: 79; 256 x 128 blocks: 87) against the subgroup-scope kernel's 245.
// With the transposes compiled in (NT, driver 580.159): 72 at 128 x 128 (K 32 or 64, 128 or
// 256 invocations), 88 at 256 x 128, 68-103 at 128 x 256; the driver gives these 255
// registers and spills (bench/results/h100-gemm-2026-11-26.txt).
#pragma use_vulkan_memory_model
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_cooperative_matrix : require
#extension GL_NV_cooperative_matrix2 : require
#extension GL_KHR_shader_subgroup_basic : require

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

uint64_t matrix(uint64_t base, uint64_t stride, uint batch, uint bytes) {
    if ((p.flags & FLAG_PTR_ARRAY) != 0u) return Ptrs(base).v[batch];
    return base + uint64_t(bytes) * stride * uint64_t(batch);
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
#ifdef TRANS_A
    // Transposes fixed at compile time (bench/gemm-variants: no faster on the H100).
    const bool ta = TRANS_A, tb = TRANS_B;
#else
    bool ta = (p.flags & FLAG_TRANS_A) != 0u, tb = (p.flags & FLAG_TRANS_B) != 0u;
#endif

    tensorLayoutNV<2> la = createTensorLayoutNV(2);
    tensorLayoutNV<2> lb = createTensorLayoutNV(2);
    tensorViewNV<2, false, 1, 0> swap = createTensorViewNV(2, false, 1, 0);
    la = ta ? setTensorLayoutDimensionNV(la, p.m, p.k) : setTensorLayoutDimensionNV(la, p.k, p.m);
    la = setTensorLayoutStrideNV(la, p.lda, 1);
    lb = tb ? setTensorLayoutDimensionNV(lb, p.k, p.n) : setTensorLayoutDimensionNV(lb, p.n, p.k);
    lb = setTensorLayoutStrideNV(lb, p.ldb, 1);

    coopmat<float, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator> acc =
        coopmat<float, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator>(0.0);
    coopmat<float16_t, gl_ScopeWorkgroup, BM, BK, gl_MatrixUseA> fa;
    coopmat<float16_t, gl_ScopeWorkgroup, BK, BN, gl_MatrixUseB> fb;
    #define LOAD(k0) { \
        if (ta) coopMatLoadTensorNV(fa, U4(A).v, 0, sliceTensorLayoutNV(la, m0, BM, k0, BK)); \
        else coopMatLoadTensorNV(fa, U4(A).v, 0, sliceTensorLayoutNV(la, k0, BK, m0, BM), swap); \
        if (tb) coopMatLoadTensorNV(fb, U4(B).v, 0, sliceTensorLayoutNV(lb, k0, BK, n0, BN)); \
        else coopMatLoadTensorNV(fb, U4(B).v, 0, sliceTensorLayoutNV(lb, n0, BN, k0, BK), swap); \
    }
    // (Loading the next K step ahead of the multiply measured no faster: 77.8 TFLOP/s.)
    for (uint k0 = 0u; k0 < p.k; k0 += BK) {
        LOAD(k0);
        acc = coopMatMulAdd(fa, fb, acc);
    }

    tensorLayoutNV<2> lc = createTensorLayoutNV(2);
    lc = setTensorLayoutDimensionNV(lc, p.n, p.m);
    lc = setTensorLayoutStrideNV(lc, p.ldc, 1);
    tensorLayoutNV<2> ld = createTensorLayoutNV(2);
    ld = setTensorLayoutDimensionNV(ld, p.n, p.m);
    ld = setTensorLayoutStrideNV(ld, p.ldd, 1);
    bool beta0 = (p.flags & FLAG_BETA_ZERO) != 0u;
    acc = acc * p.alpha;
    if (out32) {
        if (!beta0) {
            coopmat<float, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator> cm;
            coopMatLoadTensorNV(cm, Floats(C).v, 0, sliceTensorLayoutNV(lc, n0, BN, m0, BM), swap);
            acc = acc + cm * p.beta;
        }
        coopMatStoreTensorNV(acc, Floats(D).v, 0, sliceTensorLayoutNV(ld, n0, BN, m0, BM), swap);
    } else {
        if (!beta0) {
            coopmat<float16_t, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator> ch;
            coopMatLoadTensorNV(ch, Halves(C).v, 0, sliceTensorLayoutNV(lc, n0, BN, m0, BM), swap);
            acc = acc + coopmat<float, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator>(ch) * p.beta;
        }
        coopmat<float16_t, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator> h =
            coopmat<float16_t, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator>(acc);
        coopMatStoreTensorNV(h, Halves(D).v, 0, sliceTensorLayoutNV(ld, n0, BN, m0, BM), swap);
    }
}
