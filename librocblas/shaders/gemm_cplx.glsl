// Complex GEMM for column-major BLAS matrices: C = alpha op(A) op(B) + beta C, op(X) = X,
// X^T or X^H, over a batch (strided, or arrays of matrix pointers). Included by
// gemm_c32.comp and gemm_c64.comp, which define REAL (float, double), T (its 2-vector: re,
// im), ES (bytes per element) and SCALAR (a value from its parameter-block bits: f32 re, im
// in words 0, 1; f64 re in words 0-1, im in 2-3).
//
// 64 x 64 tiles of C per workgroup of 16 x 16 invocations; each invocation owns the 4 x 4
// entries (tx + 16 i, ty + 16 j). K advances 16 at a time through shared memory; each
// operand's tile is loaded along its stored columns, so neighbouring invocations read
// neighbouring addresses whatever the transpose. The flags carry gemm.glsl's triangle and
// K-range options (the Level-3 families build on them) and REAL_DIAG (herk's real diagonal).
// Grid: (ceil(m / 64), ceil(n / 64), batch).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 16, local_size_y = 16) in;
layout(buffer_reference, std430, buffer_reference_align = ES) buffer Elems { T v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ptrs { uint64_t v[]; };

layout(push_constant) uniform Params {
    uint64_t a, b, c;
    uint64_t stride_a, stride_b, stride_c;  // elements
    uint m, n, k;
    uint lda, ldb, ldc;
    uint flags;
    uint pad;
    uvec4 alpha, beta;  // re, im as REAL bits
} p;

// gemm.glsl's values for what the two share (gemm_kernel.rs sets both): transposes, pointer
// arrays, beta 0, triangle-only writes and K ranges.
const uint FLAG_TRANS_A = 1u, FLAG_TRANS_B = 2u, FLAG_PTR_ARRAY = 4u, FLAG_BETA_ZERO = 8u;
const uint FLAG_A_ARRAY = 32u, FLAG_B_ARRAY = 64u, FLAG_C_ARRAY = 128u;
const uint FLAG_C_LOWER = 256u, FLAG_C_UPPER = 512u;
const uint FLAG_K_FROM_ROW = 1024u, FLAG_K_TO_ROW = 2048u, FLAG_K_FROM_COL = 4096u, FLAG_K_TO_COL = 8192u;
// This kernel's own: conjugated operands, and C's diagonal made real (herk, her2k, herkx).
const uint FLAG_CONJ_A = 16384u, FLAG_CONJ_B = 32768u, FLAG_REAL_DIAG = 65536u;

const uint BM = 64u, BN = 64u, BK = 16u;
shared T As[BK][BM];
shared T Bs[BK][BN];

bool has(uint f) { return (p.flags & f) != 0u; }
T cmul(T a, T b) { return T(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
T cj(T a, bool c) { return c ? T(a.x, -a.y) : a; }

uint64_t matrix(uint64_t base, uint64_t stride, uint batch, uint array_flag) {
    if (has(FLAG_PTR_ARRAY | array_flag)) return Ptrs(base).v[batch];
    return base + uint64_t(ES) * stride * uint64_t(batch);
}
T ld_(uint64_t base, uint row, uint col, uint ld) {
    return Elems(base + uint64_t(ES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld))).v[0];
}

void main() {
    uint batch = gl_WorkGroupID.z;
    uint m0 = gl_WorkGroupID.x * BM, n0 = gl_WorkGroupID.y * BN;
    if (has(FLAG_C_LOWER) && m0 + BM <= n0) return;
    if (has(FLAG_C_UPPER) && n0 + BN <= m0) return;
    uint64_t A = matrix(p.a, p.stride_a, batch, FLAG_A_ARRAY);
    uint64_t B = matrix(p.b, p.stride_b, batch, FLAG_B_ARRAY);
    uint64_t C = matrix(p.c, p.stride_c, batch, FLAG_C_ARRAY);
    uint k_lo = 0u, k_hi = p.k;
    if (has(FLAG_K_FROM_ROW)) k_lo = max(k_lo, m0);
    if (has(FLAG_K_TO_ROW)) k_hi = min(k_hi, m0 + BM);
    if (has(FLAG_K_FROM_COL)) k_lo = max(k_lo, n0);
    if (has(FLAG_K_TO_COL)) k_hi = min(k_hi, n0 + BN);
    uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y, t = ty * 16u + tx;
    bool ta = has(FLAG_TRANS_A), tb = has(FLAG_TRANS_B), ca = has(FLAG_CONJ_A), cb = has(FLAG_CONJ_B);

    T acc[4][4];
    [[unroll]] for (uint i = 0u; i < 4u; i++) {
        [[unroll]] for (uint j = 0u; j < 4u; j++) acc[i][j] = T(0);
    }
    for (uint k0 = k_lo; k0 < k_hi; k0 += BK) {
        [[unroll]] for (uint q = 0u; q < 4u; q++) {
            // op(A)(r, kk): stored A(r, kk) (column r.. contiguous) or A(kk, r).
            uint r = ta ? t / 16u + 16u * q : t % 64u;
            uint kk = ta ? t % 16u : t / 64u + 4u * q;
            uint gr = m0 + r, gk = k0 + kk;
            T va = T(0);
            if (gr < p.m && gk < k_hi) va = cj(ta ? ld_(A, gk, gr, p.lda) : ld_(A, gr, gk, p.lda), ca);
            As[kk][r] = va;
            // op(B)(kk, c): stored B(kk, c) (column c contiguous along k) or B(c, kk).
            uint cc = tb ? t % 64u : t / 16u + 16u * q;
            uint kb = tb ? t / 64u + 4u * q : t % 16u;
            uint gc = n0 + cc, gkb = k0 + kb;
            T vb = T(0);
            if (gc < p.n && gkb < k_hi) vb = cj(tb ? ld_(B, gc, gkb, p.ldb) : ld_(B, gkb, gc, p.ldb), cb);
            Bs[kb][cc] = vb;
        }
        barrier();
        [[unroll]] for (uint kk = 0u; kk < BK; kk++) {
            T av[4], bv[4];
            [[unroll]] for (uint i = 0u; i < 4u; i++) av[i] = As[kk][tx + 16u * i];
            [[unroll]] for (uint j = 0u; j < 4u; j++) bv[j] = Bs[kk][ty + 16u * j];
            [[unroll]] for (uint i = 0u; i < 4u; i++) {
                [[unroll]] for (uint j = 0u; j < 4u; j++) {
                    acc[i][j].x = fma(av[i].x, bv[j].x, fma(-av[i].y, bv[j].y, acc[i][j].x));
                    acc[i][j].y = fma(av[i].x, bv[j].y, fma(av[i].y, bv[j].x, acc[i][j].y));
                }
            }
        }
        barrier();
    }

    T alpha = SCALAR(p.alpha), beta = SCALAR(p.beta);
    bool beta_zero = has(FLAG_BETA_ZERO);
    [[unroll]] for (uint i = 0u; i < 4u; i++) {
        [[unroll]] for (uint j = 0u; j < 4u; j++) {
            uint gm = m0 + tx + 16u * i, gn = n0 + ty + 16u * j;
            if (gm >= p.m || gn >= p.n) continue;
            if (has(FLAG_C_LOWER) && gm < gn) continue;
            if (has(FLAG_C_UPPER) && gm > gn) continue;
            Elems e = Elems(C + uint64_t(ES) * (uint64_t(gm) + uint64_t(gn) * uint64_t(p.ldc)));
            T v = cmul(alpha, acc[i][j]) + (beta_zero ? T(0) : cmul(beta, e.v[0]));
            if (has(FLAG_REAL_DIAG) && gm == gn) v.y = REAL(0);
            e.v[0] = v;
        }
    }
}
