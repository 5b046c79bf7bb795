// reduce_sum: partial[workgroup] = sum of src[i] over the workgroup's grid-stride share
// (f32, accumulated in f32 in a fixed order per invocation, then a shared-memory tree).
// Run twice (n → groups → 1) for a full sum. Independent of the subgroup size.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float v[]; };
layout(push_constant) uniform Params { uint64_t src; uint64_t partial; uint64_t n; } p;

shared float scratch[256];

void main() {
    uint64_t stride = uint64_t(gl_NumWorkGroups.x) * gl_WorkGroupSize.x;
    float acc = 0.0;
    for (uint64_t i = gl_GlobalInvocationID.x; i < p.n; i += stride) {
        acc += Floats(p.src + 4ul * i).v[0];
    }
    uint t = gl_LocalInvocationID.x;
    scratch[t] = acc;
    barrier();
    for (uint s = 128; s > 0; s >>= 1) {
        if (t < s) {
            scratch[t] += scratch[t + s];
        }
        barrier();
    }
    if (t == 0) {
        Floats(p.partial).v[gl_WorkGroupID.x] = scratch[0];
    }
}
