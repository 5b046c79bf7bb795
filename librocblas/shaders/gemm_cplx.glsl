// Complex GEMM for column-major BLAS matrices: C = alpha op(A) op(B) + beta C, op(X) = X,
// X^T or X^H, over a batch (strided, or arrays of matrix pointers). Included by
// gemm_c32.comp and gemm_c64.comp, which define REAL (float, double), T (its 2-vector: re,
// im), V4 / M4 (its 4-vector and 4x4 matrix), ES (bytes per element), PAD (V4 slots added
// to a shared row) and SCALAR (a value from its parameter-block bits: f32 re, im in words
// 0, 1; f64 re in words 0-1, im in 2-3).
//
// 64 x 64 tiles of C per workgroup of 16 x 16 invocations. Invocation (tx, ty) owns rows
// 2tx, 2tx+1, 2tx+32, 2tx+33 and the same columns of ty: two neighbouring complex values sit
// in one V4 (re, im, re, im), so a step of K reads two V4 of op(A) and two of op(B) from
// shared memory for 16 complex multiply-adds (64 FMAs, as gemm.glsl's 8 x 8 real tile), and
// the accumulators are two M4 (columns = C's columns; arrays of accumulators went to local
// memory on the H100's compiler in gemm.glsl). K advances 16 at a time; the next step's
// values are loaded into registers while the current one computes, and interior tiles load
// without guards. Each operand's tile is loaded along its stored columns, two neighbouring
// complex values per invocation and round, so neighbouring invocations read neighbouring
// addresses whatever the transpose; conjugation is applied at load time. The flags carry
// gemm.glsl's triangle and K-range options (the Level-3 families build on them) and
// REAL_DIAG (herk's real diagonal). Grid: (ceil(m / 64), ceil(n / 64), batch).
// (The first kernel, 4 x 4 complex values 16 apart per invocation in T arrays, no prefetch:
// cgemm 4096 at 24.7-25.6 TFLOP/s on the H100; this one 24.3-35.3 by transposes, same call.)
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 16, local_size_y = 16) in;
layout(buffer_reference, std430, buffer_reference_align = ES) buffer Elems { T v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ptrs { uint64_t v[]; };
#if ES == 8
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Quads { V4 v; };
#endif

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
// c32 only: pairs of values in one 16-byte load where the operand and its leading dimension
// allow (OXROCM_ROCBLAS_CGEMM_WIDE=1; not yet timed on a GPU, so off by default).
const uint FLAG_WIDE = 131072u;

const uint BM = 64u, BN = 64u, BK = 16u;
// Row kk of a tile: its 64 values along M (N) as 32 pairs. PAD spreads the k-contiguous
// loads' stores (16 rows, one pair each) over the banks.
shared V4 As[BK][BM / 2u + PAD];
shared V4 Bs[BK][BN / 2u + PAD];

bool has(uint f) { return (p.flags & f) != 0u; }
T cmul(T a, T b) { return T(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
T cj(T a, bool c) { return c ? T(a.x, -a.y) : a; }

uint64_t matrix(uint64_t base, uint64_t stride, uint batch, uint array_flag) {
    if (has(FLAG_PTR_ARRAY | array_flag)) return Ptrs(base).v[batch];
    return base + uint64_t(ES) * stride * uint64_t(batch);
}
uint64_t elem_at(uint64_t base, uint row, uint col, uint ld) {
    return base + uint64_t(ES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld));
}
T ld_(uint64_t base, uint row, uint col, uint ld) { return Elems(elem_at(base, row, col, ld)).v[0]; }

// An invocation's share of an operand's K step: for rounds h = 0, 1, the pair (o, o + 1)
// along the tile's 64 (o = 2 q) at tile row kk. By how the operand is stored: OUTER (along
// the 64: q = t % 32, kk = t / 32 + 8 h, 32 invocations on 512 contiguous bytes), OUTER16
// (the same, each pair one 16-byte load), KCOL (along K: kk = t % 16, q = t / 16 + 16 h,
// one value per load) or KPAIR (along K, 16-byte loads of two K values: kk = 2 (t % 8) + h,
// q = t / 8).
const uint OUTER = 0u, OUTER16 = 1u, KCOL = 2u, KPAIR = 3u;
uint share_q(uint mode, uint t, uint h) {
    return mode <= OUTER16 ? t % 32u : (mode == KCOL ? t / 16u + 16u * h : t / 8u);
}
uint share_k(uint mode, uint t, uint h) {
    return mode <= OUTER16 ? t / 32u + 8u * h : (mode == KCOL ? t % 16u : 2u * (t % 8u) + h);
}
uint mode_of(uint64_t X, uint ld, bool outer) {
    bool wide = ES == 8 && has(FLAG_WIDE) && (X & 15ul) == 0ul && (ld & 1u) == 0u;
    return outer ? (wide ? OUTER16 : OUTER) : (wide ? KPAIR : KCOL);
}

// X's share for tile offset o0 (along the 64) and K step k0 into h0, h1: X(o, k) is stored
// at (o, k) for OUTER modes, else at (k, o); zero beyond `olim` or `khi` unless `interior`.
void fetch(uint64_t X, uint ld, uint mode, bool conj, uint o0, uint k0, uint olim, uint khi,
           bool interior, uint t, out V4 h0, out V4 h1) {
#if ES == 8
    // Round 0's pair (po, pk); round 1's follows from it.
    uint po = o0 + 2u * share_q(mode, t, 0u), pk = k0 + share_k(mode, t, 0u);
    if (interior && mode == KPAIR) {
        // (pk, pk + 1) of columns po and po + 1, regrouped into the pairs along o.
        V4 x0 = Quads(elem_at(X, pk, po, ld)).v, x1 = Quads(elem_at(X, pk, po + 1u, ld)).v;
        h0 = V4(cj(x0.xy, conj), cj(x1.xy, conj));
        h1 = V4(cj(x0.zw, conj), cj(x1.zw, conj));
        return;
    }
    if (interior && mode == OUTER16) {
        V4 x0 = Quads(elem_at(X, po, pk, ld)).v, x1 = Quads(elem_at(X, po, pk + 8u, ld)).v;
        h0 = V4(cj(x0.xy, conj), cj(x0.zw, conj));
        h1 = V4(cj(x1.xy, conj), cj(x1.zw, conj));
        return;
    }
#endif
    bool outer = mode <= OUTER16;
    [[unroll]] for (uint h = 0u; h < 2u; h++) {
        uint o = o0 + 2u * share_q(mode, t, h), kk = k0 + share_k(mode, t, h);
        T v0 = T(0), v1 = T(0);
        if (interior || (o < olim && kk < khi)) v0 = outer ? ld_(X, o, kk, ld) : ld_(X, kk, o, ld);
        if (interior || (o + 1u < olim && kk < khi)) v1 = outer ? ld_(X, o + 1u, kk, ld) : ld_(X, kk, o + 1u, ld);
        V4 v = V4(cj(v0, conj), cj(v1, conj));
        if (h == 0u) h0 = v; else h1 = v;
    }
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
    // op(A) is stored along M unless transposed; op(B) along N only when transposed.
    uint ma = mode_of(A, p.lda, !has(FLAG_TRANS_A)), mb = mode_of(B, p.ldb, has(FLAG_TRANS_B));
    bool ca = has(FLAG_CONJ_A), cb = has(FLAG_CONJ_B);
    bool rows_in = m0 + BM <= p.m, cols_in = n0 + BN <= p.n;

    M4 acc0 = M4(0), acc1 = M4(0);  // rows 2tx.. and 2tx+32.., column j of the four
    V4 a_h0, a_h1, b_h0, b_h1;  // the next K step's shares
    if (k_lo < k_hi) {
        bool in_k = k_lo + BK <= k_hi;
        fetch(A, p.lda, ma, ca, m0, k_lo, p.m, k_hi, rows_in && in_k, t, a_h0, a_h1);
        fetch(B, p.ldb, mb, cb, n0, k_lo, p.n, k_hi, cols_in && in_k, t, b_h0, b_h1);
    }
    for (uint k0 = k_lo; k0 < k_hi; k0 += BK) {
        As[share_k(ma, t, 0u)][share_q(ma, t, 0u)] = a_h0;
        As[share_k(ma, t, 1u)][share_q(ma, t, 1u)] = a_h1;
        Bs[share_k(mb, t, 0u)][share_q(mb, t, 0u)] = b_h0;
        Bs[share_k(mb, t, 1u)][share_q(mb, t, 1u)] = b_h1;
        barrier();
        uint k1 = k0 + BK;
        if (k1 < k_hi) {
            bool in_k = k1 + BK <= k_hi;
            fetch(A, p.lda, ma, ca, m0, k1, p.m, k_hi, rows_in && in_k, t, a_h0, a_h1);
            fetch(B, p.ldb, mb, cb, n0, k1, p.n, k_hi, cols_in && in_k, t, b_h0, b_h1);
        }
        [[unroll]] for (uint kk = 0u; kk < BK; kk++) {
            V4 a0 = As[kk][tx], a1 = As[kk][tx + 16u];
            V4 b0 = Bs[kk][ty], b1 = Bs[kk][ty + 16u];
            // a times (re, im) = a re + (i a) im, i a = (-a.im, a.re) per value.
            V4 i0 = V4(-a0.y, a0.x, -a0.w, a0.z), i1 = V4(-a1.y, a1.x, -a1.w, a1.z);
            [[unroll]] for (uint j = 0u; j < 4u; j++) {
                V4 bq = j < 2u ? b0 : b1;
                T bj = (j & 1u) == 0u ? bq.xy : bq.zw;
                acc0[j] = fma(a0, V4(bj.x), fma(i0, V4(bj.y), acc0[j]));
                acc1[j] = fma(a1, V4(bj.x), fma(i1, V4(bj.y), acc1[j]));
            }
        }
        barrier();
    }

    T alpha = SCALAR(p.alpha), beta = SCALAR(p.beta);
    bool beta_zero = has(FLAG_BETA_ZERO);
    [[unroll]] for (uint i = 0u; i < 4u; i++) {
        [[unroll]] for (uint j = 0u; j < 4u; j++) {
            uint gm = m0 + 2u * tx + (i & 1u) + 32u * (i >> 1u);
            uint gn = n0 + 2u * ty + (j & 1u) + 32u * (j >> 1u);
            if (gm >= p.m || gn >= p.n) continue;
            if (has(FLAG_C_LOWER) && gm < gn) continue;
            if (has(FLAG_C_UPPER) && gm > gn) continue;
            V4 col = i < 2u ? acc0[j] : acc1[j];
            T a = (i & 1u) == 0u ? col.xy : col.zw;
            Elems e = Elems(C + uint64_t(ES) * (uint64_t(gm) + uint64_t(gn) * uint64_t(p.ldc)));
            T v = cmul(alpha, a) + (beta_zero ? T(0) : cmul(beta, e.v[0]));
            if (has(FLAG_REAL_DIAG) && gm == gn) v.y = REAL(0);
            e.v[0] = v;
        }
    }
}
