// Tiled GEMM for column-major BLAS matrices: C = alpha * op(A) * op(B) + beta * C, with
// op(X) = X or X^T, over a batch (strided, or arrays of matrix pointers). Included by
// gemm_f64.comp, which defines T (the element type) and T_BYTES (gemm_f32.comp has its own
// larger-tile kernel with the same parameters).
//
// Workgroup: 16 x 16 invocations compute a 64 x 64 tile of C, each a 4 x 4 block whose rows
// and columns are 16 apart (shared-memory reads without bank conflicts); K advances 16 at a
// time through shared memory. Written for any subgroup size: no subgroup operations.
// Grid: (ceil(m / 64), ceil(n / 64), batch).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 16, local_size_y = 16) in;
layout(buffer_reference, std430, buffer_reference_align = T_BYTES) buffer Elems { T v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ptrs { uint64_t v[]; };

// 88 bytes: matrices (device addresses, or of pointer arrays with FLAG_PTR_ARRAY), batch
// strides in elements, sizes, leading dimensions, scalars, flags.
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
const uint FLAG_BETA_ZERO = 8u; // C is not read (it may hold NaN), as BLAS requires

const uint BM = 64u, BN = 64u, BK = 16u;
shared T As[BK][BM];
shared T Bs[BK][BN];

uint64_t matrix(uint64_t base, uint64_t stride, uint batch) {
    if ((p.flags & FLAG_PTR_ARRAY) != 0u) return Ptrs(base).v[batch];
    return base + uint64_t(T_BYTES) * stride * uint64_t(batch);
}

T load(uint64_t base, uint row, uint col, uint ld) {
    return Elems(base + uint64_t(T_BYTES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld))).v[0];
}

void main() {
    uint batch = gl_WorkGroupID.z;
    uint64_t A = matrix(p.a, p.stride_a, batch);
    uint64_t B = matrix(p.b, p.stride_b, batch);
    uint64_t C = matrix(p.c, p.stride_c, batch);
    uint m0 = gl_WorkGroupID.x * BM, n0 = gl_WorkGroupID.y * BN;
    uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
    uint tid = ty * 16u + tx;
    bool ta = (p.flags & FLAG_TRANS_A) != 0u, tb = (p.flags & FLAG_TRANS_B) != 0u;

    T acc[4][4];
    for (uint i = 0u; i < 4u; i++)
        for (uint j = 0u; j < 4u; j++) acc[i][j] = T(0);

    for (uint k0 = 0u; k0 < p.k; k0 += BK) {
        // 64 x 16 elements of op(A) and 16 x 64 of op(B), 4 per invocation, read along
        // the matrix's contiguous dimension.
        for (uint r = 0u; r < 4u; r++) {
            uint e = tid + 256u * r;
            uint mi = ta ? e / BK : e % BM, ki = ta ? e % BK : e / BM;
            uint gm = m0 + mi, gk = k0 + ki;
            T va = T(0);
            if (gm < p.m && gk < p.k) va = ta ? load(A, gk, gm, p.lda) : load(A, gm, gk, p.lda);
            As[ki][mi] = va;
            uint ni = tb ? e % BN : e / BK, kj = tb ? e / BN : e % BK;
            uint gn = n0 + ni, gk2 = k0 + kj;
            T vb = T(0);
            if (gn < p.n && gk2 < p.k) vb = tb ? load(B, gn, gk2, p.ldb) : load(B, gk2, gn, p.ldb);
            Bs[kj][ni] = vb;
        }
        barrier();
        for (uint kk = 0u; kk < BK; kk++) {
            T av[4], bv[4];
            for (uint i = 0u; i < 4u; i++) av[i] = As[kk][tx + 16u * i];
            for (uint j = 0u; j < 4u; j++) bv[j] = Bs[kk][ty + 16u * j];
            for (uint i = 0u; i < 4u; i++)
                for (uint j = 0u; j < 4u; j++) acc[i][j] = fma(av[i], bv[j], acc[i][j]);
        }
        barrier();
    }

    bool beta_zero = (p.flags & FLAG_BETA_ZERO) != 0u;
    for (uint j = 0u; j < 4u; j++) {
        uint gn = n0 + ty + 16u * j;
        if (gn >= p.n) continue;
        for (uint i = 0u; i < 4u; i++) {
            uint gm = m0 + tx + 16u * i;
            if (gm >= p.m) continue;
            Elems c = Elems(C + uint64_t(T_BYTES) * (uint64_t(gm) + uint64_t(gn) * uint64_t(p.ldc)));
            T prior = beta_zero ? T(0) : p.beta * c.v[0];
            c.v[0] = fma(p.alpha, acc[i][j], prior);
        }
    }
}
