// axpy: y[i] = a * x[i] + y[i] for i < n (f32), grid-stride.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float v[]; };
layout(push_constant) uniform Params { uint64_t x; uint64_t y; uint64_t n; float a; } p;

void main() {
    uint64_t stride = uint64_t(gl_NumWorkGroups.x) * gl_WorkGroupSize.x;
    for (uint64_t i = gl_GlobalInvocationID.x; i < p.n; i += stride) {
        Floats y = Floats(p.y + 4ul * i);
        y.v[0] = fma(p.a, Floats(p.x + 4ul * i).v[0], y.v[0]);
    }
}
