// Out-of-place transpose of column-major matrices over a batch, dst = src^T, moving each
// element's bits unchanged (ELEM: uint16_t, uint, uvec2 or uvec4 for 2-, 4-, 8- and 16-byte
// elements; TILE: the shared tile's type, uint unless the element is wider). The GEMM
// kernels' operand repacking runs it (gemm_pack.rs). src is rows x cols with leading
// dimension lds, per batch entry at src + src_stride elements (or read from a pointer
// array); dst is cols x rows with leading dimension ldd at dst + dst_stride elements, and
// where dst_ptrs is not 0, each entry's start is also written there (a pointer array for
// GEMMs whose other matrices come as pointer arrays: the kernels take one form for all).
// 32 x 32 tiles pass through shared memory, so that both the reads (down src's columns) and
// the writes (down dst's columns) are contiguous across a subgroup; the odd row pitch keeps
// the column-wise shared reads on distinct banks.
// Grid: (ceil(rows / 32), ceil(cols / 32), batch); workgroups of 32 x 8.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 32, local_size_y = 8) in;
layout(buffer_reference, std430, buffer_reference_align = ELEM_BYTES) buffer Elems { ELEM v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ptrs { uint64_t v[]; };

layout(push_constant) uniform Params {
    uint64_t src, dst;
    uint64_t src_stride, dst_stride;
    uint64_t dst_ptrs;
    uint rows, cols, lds, ldd;
    uint flags;
} p;

const uint FLAG_PTR_ARRAY = 1u;
#ifndef TILE
#define TILE uint
#endif
shared TILE tile[32][33];

uint64_t at(uint64_t base, uint row, uint col, uint ld) {
    return base + uint64_t(ELEM_BYTES) * (uint64_t(row) + uint64_t(col) * uint64_t(ld));
}

void main() {
    uint b = gl_WorkGroupID.z;
    uint64_t S = (p.flags & FLAG_PTR_ARRAY) != 0u ? Ptrs(p.src).v[b] : p.src + uint64_t(ELEM_BYTES) * p.src_stride * uint64_t(b);
    uint64_t D = p.dst + uint64_t(ELEM_BYTES) * p.dst_stride * uint64_t(b);
    uint r0 = gl_WorkGroupID.x * 32u, c0 = gl_WorkGroupID.y * 32u;
    uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
    if (p.dst_ptrs != 0ul && gl_WorkGroupID.x == 0u && gl_WorkGroupID.y == 0u && gl_LocalInvocationIndex == 0u) Ptrs(p.dst_ptrs).v[b] = D;
    for (uint j = ty; j < 32u; j += 8u) {
        uint r = r0 + tx, c = c0 + j;
        if (r < p.rows && c < p.cols) tile[j][tx] = TILE(Elems(at(S, r, c, p.lds)).v[0]);
    }
    barrier();
    for (uint j = ty; j < 32u; j += 8u) {
        uint r = r0 + j, c = c0 + tx;
        if (r < p.rows && c < p.cols) Elems(at(D, c, r, p.ldd)).v[0] = ELEM(tile[tx][j]);
    }
}
