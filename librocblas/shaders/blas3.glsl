// The memory-bound Level-3 pieces over column-major matrices of one element type (the module
// defines REAL and, for complex modules, CPLX); the compute-bound parts of trsm, trmm, trtri,
// symm and the rank-k updates are GEMMs (gemm.glsl) around these.
//
// Operations (op in the flags' top byte), grid (ceil(m / 256), column blocks of 16, batch)
// unless said (GEAM with a transposed operand: (ceil(m / 32), blocks of 128, batch)); a grid
// of fewer column blocks than n has takes the rest in turn (by + k grid y):
//   GEAM       C := alpha op(A) + beta op(B) (SKIP_A / SKIP_B: that term is zero and its
//              matrix is not read); with C_LOWER / C_UPPER only that triangle of C is written
//              (a triangle copy). Transposed operands go through a shared 32 x 32 tile so
//              reads and writes stay coalesced.
//   DGMM       C := A diag(x) (or diag(x) A with LEFT); x at b, increment incx.
//   EXPAND     C := op(A) as a dense m x m matrix from A's stored triangle (UPPER): the other
//              triangle zero, or mirrored (SYM; conjugated with HERM, whose diagonal is real);
//              UNIT puts ones on the diagonal; CONJ conjugates (op = C).
//   INV_DIAG   the inverses of the diagonal blocks (aux rows each) of the dense triangular
//              matrix A (UPPER: upper triangular), block q's inverse at rows q aux.., columns
//              0.. of C. One workgroup per block (grid: blocks, 1, batch), one invocation per
//              column of the inverse, solving A_qq x = e_col in chunks of 32 rows held in
//              registers (DIAG_AT: at C's rows and columns q aux..).
// INV_DIAG is a module of its own (blas3_inv_*, INV_DIAG_MODULE): its unrolled register
// arrays would otherwise set the register count, and so the occupancy, of the
// memory-bound operations too (geam ran at a fifth of the H200's bandwidth that way).
// Host twin: librocblas/src/blas3/matrix_kernel.rs.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 32, local_size_y = 8) in;

#ifdef CPLX
#define T CPLX
#define ES (2u * RALIGN)
T mul(T a, T b) { return T(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
T conj_(T a) { return T(a.x, -a.y); }
T real_(T a) { return T(a.x, REAL(0)); }
// f32 parts are words 0 and 1, f64 parts words 0-1 and 2-3 (matrix_kernel.rs's bits()).
#if RALIGN == 4
T from_bits(uvec4 s) { return T(BITS_TO_REAL(s.xy), BITS_TO_REAL(s.yz)); }
#else
T from_bits(uvec4 s) { return T(BITS_TO_REAL(s.xy), BITS_TO_REAL(s.zw)); }
#endif
T one_() { return T(REAL(1), REAL(0)); }
T div_(T a, T b) {
    // Smith's division, as the host path.
    if (abs(b.x) >= abs(b.y)) {
        REAL r = b.y / b.x, d = b.x + r * b.y;
        return T((a.x + r * a.y) / d, (a.y - r * a.x) / d);
    }
    REAL r = b.x / b.y, d = b.y + r * b.x;
    return T((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
#else
#define T REAL
#define ES RALIGN
T mul(T a, T b) { return a * b; }
T conj_(T a) { return a; }
T real_(T a) { return a; }
T from_bits(uvec4 s) { return BITS_TO_REAL(s.xy); }
T one_() { return REAL(1); }
T div_(T a, T b) { return a / b; }
#endif
layout(buffer_reference, std430, buffer_reference_align = ES) buffer Ev { T v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer U64v { uint64_t v[]; };

layout(push_constant) uniform Params {
    uint64_t a, b, c;      // matrices (or pointer arrays); DGMM: b is x
    int64_t sa, sb, sc;    // batch strides in bytes
    uint m, n;             // C's rows and columns
    uint lda, ldb, ldc;
    int incx;              // DGMM
    uint flags;            // op << 24 | flags
    uint aux;              // INV_DIAG: block size (at most 256)
    uvec4 alpha, beta;     // host values (re, im as REAL bits)
} p;

const uint OP_GEAM = 0u, OP_DGMM = 1u, OP_EXPAND = 2u, OP_INV_DIAG = 3u;
const uint F_TRANS_A = 1u, F_TRANS_B = 2u, F_SKIP_A = 4u, F_SKIP_B = 8u;
const uint F_A_ARRAY = 16u, F_B_ARRAY = 32u, F_C_ARRAY = 64u;
const uint F_C_LOWER = 128u, F_C_UPPER = 256u, F_LEFT = 512u;
const uint F_UPPER = 1024u, F_CONJ = 2048u, F_UNIT = 4096u, F_SYM = 8192u, F_HERM = 16384u;
// INV_DIAG: block q's inverse goes to C's (q aux, q aux) instead of (q aux, 0).
const uint F_DIAG_AT = 32768u;

bool has(uint f) { return (p.flags & f) != 0u; }

uint64_t mat(uint64_t base, int64_t stride, uint batch, uint array_flag) {
    if (has(array_flag)) return U64v(base).v[batch];
    return uint64_t(int64_t(base) + stride * int64_t(batch));
}
uint64_t at(uint64_t m, uint i, uint j, uint ld) {
    return m + uint64_t(ES) * (uint64_t(i) + uint64_t(j) * uint64_t(ld));
}
T ld_(uint64_t m, uint i, uint j, uint ld) { return Ev(at(m, i, j, ld)).v[0]; }
void st_(uint64_t m, uint i, uint j, uint ld, T v) { Ev(at(m, i, j, ld)).v[0] = v; }
bool writes(uint i, uint j) {
    return !(has(F_C_LOWER) && i < j) && !(has(F_C_UPPER) && i > j);
}

#ifndef INV_DIAG_MODULE
// Transposing tiles, 32 x 32 with row r's columns rotated by r (`tcol`): the column reads of
// a transpose then hit distinct banks without padding, which keeps the two tiles of c64
// (16-byte elements) within 32 KiB.
shared T tile[2][32][32];
uint tcol(uint r, uint c) { return (c + r) & 31u; }
#endif

#ifndef INV_DIAG_MODULE
// Columns a workgroup covers (in blocks of 32): enough loads in flight per invocation to
// reach the memory's bandwidth.
const uint COLS = 128u;

void geam_tiles(uint batch, uint i0, uint j0, bool guard);

// GEAM reads a transposed operand (the tiled path).
bool geam_tiled() {
    return (!has(F_SKIP_A) && has(F_TRANS_A)) || (!has(F_SKIP_B) && has(F_TRANS_B));
}

// Untransposed operations take 256 consecutive rows of LIN_COLS columns per workgroup: each
// workgroup reads and writes runs of 256 elements (on the H200, 32-row tiles of many
// columns reached a third of the bandwidth).
const uint LIN_ROWS = 256u, LIN_COLS = 16u;
uint lin_row() { return gl_WorkGroupID.x * LIN_ROWS + gl_LocalInvocationID.y * 32u + gl_LocalInvocationID.x; }

// GEAM's values of C's row i over column block by (`guard`: skip elements outside C).
void geam_terms(uint64_t A, uint64_t B, uint i, uint by, bool guard, out T v[LIN_COLS]) {
    bool use_a = !has(F_SKIP_A), use_b = !has(F_SKIP_B);
    T alpha = from_bits(p.alpha), beta = from_bits(p.beta);
    bool ca = has(F_CONJ), cb = has(F_HERM);
    [[unroll]] for (uint r = 0u; r < LIN_COLS; r++) {
        uint j = by * LIN_COLS + r;
        v[r] = T(0);
        if (guard && (i >= p.m || j >= p.n)) continue;
        if (use_a) {
            T x = ld_(A, i, j, p.lda);
            v[r] = mul(alpha, ca ? conj_(x) : x);
        }
        if (use_b) {
            T x = ld_(B, i, j, p.ldb);
            v[r] += mul(beta, cb ? conj_(x) : x);
        }
    }
}

void geam(uint batch, uint by) {
    bool use_a = !has(F_SKIP_A), use_b = !has(F_SKIP_B);
    if (geam_tiled()) {
        uint i0 = gl_WorkGroupID.x * 32u, j0 = by * COLS;
        // Unguarded loads where the workgroup's whole region lies inside C (see below).
        if (i0 + 32u <= p.m && j0 + COLS <= p.n) geam_tiles(batch, i0, j0, false);
        else geam_tiles(batch, i0, j0, true);
        return;
    }
    uint64_t A = use_a ? mat(p.a, p.sa, batch, F_A_ARRAY) : 0ul;
    uint64_t B = use_b ? mat(p.b, p.sb, batch, F_B_ARRAY) : 0ul;
    uint64_t C = mat(p.c, p.sc, batch, F_C_ARRAY);
    uint i = lin_row();
    // Every load before any store: C may alias A or B as far as the compiler knows, so
    // interleaved, each load would wait for the previous store (one load in flight).
    // Whole blocks load without per-element guards (a separate copy of the loop): with a
    // guard on each load the H100's compiler issued them one after another (as measured
    // for iamax).
    T v[LIN_COLS];
    if (i < p.m && by * LIN_COLS + LIN_COLS <= p.n) geam_terms(A, B, i, by, false, v);
    else geam_terms(A, B, i, by, true, v);
    [[unroll]] for (uint r = 0u; r < LIN_COLS; r++) {
        uint j = by * LIN_COLS + r;
        if (i < p.m && j < p.n && writes(i, j)) st_(C, i, j, p.ldc, v[r]);
    }
}

// GEAM with a transposed operand over C's rows i0 .. i0 + 31 and columns j0 .. j0 + COLS - 1,
// as COLS / 32 blocks of 32 x 32; invocation (tx, ty) computes C's (i0 + tx, j + ty + 8r) of
// each block. Every load of all the blocks goes out first (32 per invocation, as the
// untransposed path has in flight: one block's loads at a time between barriers ran at 0.42x
// of cuBLAS's bandwidth on the H100); a transposed operand's values, read along its stored
// columns (element (j + tx, i0 + ty + 8r)), then pass through tile[s] one block at a time.
// `guard`: skip elements outside C (uniform over the workgroup: the barriers stay legal).
const uint TB = COLS / 32u;
void geam_tiles(uint batch, uint i0, uint j0, bool guard) {
    uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
    bool use_a = !has(F_SKIP_A), use_b = !has(F_SKIP_B);
    bool ta = use_a && has(F_TRANS_A), tb = use_b && has(F_TRANS_B);
    uint64_t A = use_a ? mat(p.a, p.sa, batch, F_A_ARRAY) : 0ul;
    uint64_t B = use_b ? mat(p.b, p.sb, batch, F_B_ARRAY) : 0ul;
    uint64_t C = mat(p.c, p.sc, batch, F_C_ARRAY);
    T av[TB][4], bv[TB][4];
    [[unroll]] for (uint h = 0u; h < TB; h++) {
        [[unroll]] for (uint r = 0u; r < 4u; r++) {
            uint i = i0 + tx, j = j0 + 32u * h + ty + 8u * r;    // C's element (plain reads)
            uint ti = i0 + ty + 8u * r, tj = j0 + 32u * h + tx;  // stored (tj, ti) (transposed)
            bool in_c = !guard || (i < p.m && j < p.n), in_t = !guard || (ti < p.m && tj < p.n);
            av[h][r] = T(0);
            bv[h][r] = T(0);
            if (use_a && (ta ? in_t : in_c)) av[h][r] = ta ? ld_(A, tj, ti, p.lda) : ld_(A, i, j, p.lda);
            if (use_b && (tb ? in_t : in_c)) bv[h][r] = tb ? ld_(B, tj, ti, p.ldb) : ld_(B, i, j, p.ldb);
        }
    }
    T alpha = from_bits(p.alpha), beta = from_bits(p.beta);
    bool ca = has(F_CONJ), cb = has(F_HERM);  // GEAM: conjugate op(A) / op(B) (op = C)
    [[unroll]] for (uint h = 0u; h < TB; h++) {
        barrier();  // the previous block's (or column block's) reads of the tiles are done
        [[unroll]] for (uint r = 0u; r < 4u; r++) {
            uint row = ty + 8u * r;
            if (ta) tile[0][row][tcol(row, tx)] = av[h][r];
            if (tb) tile[1][row][tcol(row, tx)] = bv[h][r];
        }
        barrier();
        [[unroll]] for (uint r = 0u; r < 4u; r++) {
            uint i = i0 + tx, j = j0 + 32u * h + ty + 8u * r;
            T v = T(0);
            if (use_a) {
                T x = ta ? tile[0][tx][tcol(tx, ty + 8u * r)] : av[h][r];
                v = mul(alpha, ca ? conj_(x) : x);
            }
            if (use_b) {
                T x = tb ? tile[1][tx][tcol(tx, ty + 8u * r)] : bv[h][r];
                v += mul(beta, cb ? conj_(x) : x);
            }
            if (i < p.m && j < p.n && writes(i, j)) st_(C, i, j, p.ldc, v);
        }
    }
}

// DGMM's values of C's row i over column block by (`guard`: skip elements outside C).
void dgmm_terms(uint64_t A, uint64_t X, uint i, uint by, bool guard, out T v[LIN_COLS]) {
    uint len = has(F_LEFT) ? p.m : p.n;
    [[unroll]] for (uint r = 0u; r < LIN_COLS; r++) {
        uint j = by * LIN_COLS + r;
        v[r] = T(0);
        if (guard && (i >= p.m || j >= p.n)) continue;
        uint e = has(F_LEFT) ? i : j;
        // BLAS order: a negative increment starts at the end.
        int64_t off = p.incx >= 0 ? int64_t(e) * p.incx : int64_t(len - 1u - e) * int64_t(-p.incx);
        T x = Ev(uint64_t(int64_t(X) + off * int64_t(ES))).v[0];
        v[r] = mul(ld_(A, i, j, p.lda), x);
    }
}

void dgmm(uint batch, uint by) {
    uint i = lin_row();
    uint64_t A = mat(p.a, p.sa, batch, F_A_ARRAY);
    uint64_t X = mat(p.b, p.sb, batch, F_B_ARRAY);
    uint64_t C = mat(p.c, p.sc, batch, F_C_ARRAY);
    // Loads first, then stores; unguarded loads in whole blocks (see geam).
    T v[LIN_COLS];
    if (i < p.m && by * LIN_COLS + LIN_COLS <= p.n) dgmm_terms(A, X, i, by, false, v);
    else dgmm_terms(A, X, i, by, true, v);
    [[unroll]] for (uint r = 0u; r < LIN_COLS; r++) {
        uint j = by * LIN_COLS + r;
        if (i < p.m && j < p.n) st_(C, i, j, p.ldc, v[r]);
    }
}

void expand(uint batch, uint by) {
    uint i = lin_row();
    uint64_t A = mat(p.a, p.sa, batch, F_A_ARRAY);
    uint64_t C = mat(p.c, p.sc, batch, F_C_ARRAY);
    // Loads first, then stores (see geam).
    T vs[LIN_COLS];
    [[unroll]] for (uint r = 0u; r < LIN_COLS; r++) {
        uint j = by * LIN_COLS + r;
        vs[r] = T(0);
        if (i >= p.m || j >= p.n) continue;
        // op(A)(i, j) is A(sr, sc).
        bool t = has(F_TRANS_A);
        uint sr = t ? j : i, sc = t ? i : j;
        bool stored = has(F_UPPER) ? sr <= sc : sr >= sc;
        T v = T(0);
        if (stored) {
            v = ld_(A, sr, sc, p.lda);
        } else if (has(F_SYM)) {
            v = ld_(A, sc, sr, p.lda);
            if (has(F_HERM)) v = conj_(v);
        }
        if (sr == sc) {
            if (has(F_UNIT)) v = one_();
            else if (has(F_HERM)) v = real_(v);
        }
        vs[r] = has(F_CONJ) ? conj_(v) : v;
    }
    [[unroll]] for (uint r = 0u; r < LIN_COLS; r++) {
        uint j = by * LIN_COLS + r;
        if (i < p.m && j < p.n) st_(C, i, j, p.ldc, vs[r]);
    }
}

#endif

// Column `col` of the inverse of the nb x nb triangular block at A's (r0, r0), written to
// C's rows r0.., column col.
void inv_diag(uint batch) {
    uint nbk = p.aux, q = gl_WorkGroupID.x, r0 = q * nbk;
    uint col = gl_LocalInvocationID.y * 32u + gl_LocalInvocationID.x;
    uint nb = min(nbk, p.m - r0);
    if (col >= nb) return;
    uint64_t A = mat(p.a, p.sa, batch, F_A_ARRAY) + uint64_t(ES) * (uint64_t(r0) + uint64_t(r0) * uint64_t(p.lda));
    uint c0col = has(F_DIAG_AT) ? r0 : 0u;
    uint64_t C = mat(p.c, p.sc, batch, F_C_ARRAY) + uint64_t(ES) * (uint64_t(r0) + uint64_t(c0col) * uint64_t(p.ldc));
    bool upper = has(F_UPPER);
    for (uint i = 0u; i < nb; i++) st_(C, i, col, p.ldc, i == col ? one_() : T(0));
    uint chunks = (nb + 31u) / 32u;
    for (uint s = 0u; s < chunks; s++) {
        // Chunks in solve order: from the top (lower), from the bottom (upper).
        uint c0 = 32u * (upper ? chunks - 1u - s : s);
        // Rows of the inverse's column above (lower) or below (upper) col are zero.
        if (!upper && c0 + 32u <= col) continue;
        if (upper && c0 > col) continue;
        uint cn = min(32u, nb - c0);
        T x[32];
        [[unroll]] for (uint r = 0u; r < 32u; r++) x[r] = r < cn ? ld_(C, c0 + r, col, p.ldc) : T(0);
        if (!upper) {
            [[unroll]] for (uint r = 0u; r < 32u; r++) {
                if (r < cn) {
                    x[r] = div_(x[r], ld_(A, c0 + r, c0 + r, p.lda));
                    [[unroll]] for (uint r2 = r + 1u; r2 < 32u; r2++) {
                        if (r2 < cn) x[r2] -= mul(ld_(A, c0 + r2, c0 + r, p.lda), x[r]);
                    }
                }
            }
        } else {
            [[unroll]] for (uint rr = 0u; rr < 32u; rr++) {
                uint r = 31u - rr;
                if (r < cn) {
                    x[r] = div_(x[r], ld_(A, c0 + r, c0 + r, p.lda));
                    [[unroll]] for (uint r2 = 0u; r2 < r; r2++) x[r2] -= mul(ld_(A, c0 + r2, c0 + r, p.lda), x[r]);
                }
            }
        }
        [[unroll]] for (uint r = 0u; r < 32u; r++) {
            if (r < cn) st_(C, c0 + r, col, p.ldc, x[r]);
        }
        // The rest of the column (below the chunk for lower, above for upper) loses this
        // chunk's share.
        uint lo = upper ? 0u : c0 + cn, hi = upper ? c0 : nb;
        for (uint k = lo; k < hi; k++) {
            T acc = ld_(C, k, col, p.ldc);
            [[unroll]] for (uint r = 0u; r < 32u; r++) {
                if (r < cn) acc -= mul(ld_(A, k, c0 + r, p.lda), x[r]);
            }
            st_(C, k, col, p.ldc, acc);
        }
    }
}

void main() {
    uint op = p.flags >> 24u;
    // The host keeps batches within the grid's z limit (65,535).
    uint batch = gl_WorkGroupID.z;
#ifdef INV_DIAG_MODULE
    if (op == OP_INV_DIAG) inv_diag(batch);
#else
    // Column blocks by, by + (grid y), ...: the grid may hold fewer blocks than n has
    // (its y limit, or OXROCM_ROCBLAS_GEAM_GROUPS).
    uint per = op == OP_GEAM && geam_tiled() ? COLS : LIN_COLS;
    uint blocks = (p.n + per - 1u) / per;
    for (uint by = gl_WorkGroupID.y; by < blocks; by += gl_NumWorkGroups.y) {
        if (op == OP_GEAM) geam(batch, by);
        else if (op == OP_DGMM) dgmm(batch, by);
        else if (op == OP_EXPAND) expand(batch, by);
    }
#endif
}
