// copy_vec4: dst[i] = src[i] for i < count (16-byte elements; both addresses 16-aligned).
// Large device-to-device copies run through the shader cores: on discrete GPUs this is
// several times the bandwidth of the transfer engine behind vkCmdCopyBuffer.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Vec4s { uvec4 v[]; };
layout(push_constant) uniform Params { uint64_t dst; uint64_t src; uint64_t count; } p;

void main() {
    uint64_t stride = uint64_t(gl_NumWorkGroups.x) * gl_WorkGroupSize.x;
    for (uint64_t i = gl_GlobalInvocationID.x; i < p.count; i += stride) {
        Vec4s(p.dst + 16ul * i).v[0] = Vec4s(p.src + 16ul * i).v[0];
    }
}
