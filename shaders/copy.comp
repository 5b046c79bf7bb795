// copy: dst[i] = src[i] for i < count (32-bit words), grid-stride.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint w[]; };
layout(push_constant) uniform Params { uint64_t dst; uint64_t src; uint64_t count; } p;

void main() {
    uint64_t stride = uint64_t(gl_NumWorkGroups.x) * gl_WorkGroupSize.x;
    for (uint64_t i = gl_GlobalInvocationID.x; i < p.count; i += stride) {
        Words(p.dst + 4ul * i).w[0] = Words(p.src + 4ul * i).w[0];
    }
}
