// fill: dst[i] = value for i < count (32-bit words). Grid-stride loop: any grid covers
// any count; no assumption about the subgroup size.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint w[]; };
layout(push_constant) uniform Params { uint64_t dst; uint64_t count; uint value; } p;

void main() {
    uint64_t stride = uint64_t(gl_NumWorkGroups.x) * gl_WorkGroupSize.x;
    for (uint64_t i = gl_GlobalInvocationID.x; i < p.count; i += stride) {
        Words(p.dst + 4ul * i).w[0] = p.value;
    }
}
