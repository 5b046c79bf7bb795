// Texture objects over linear memory: tex1Dfetch of 32-bit, 8-bit and 16-bit texels (1, 2
// and 4 channels) inside and past the bound range, against the host's copy of the data;
// the resource description round-trips; bad arguments get ROCm's error codes.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(x) do { hipError_t e_ = (x); if (e_ != hipSuccess) { printf("FAIL %s: %s\n", #x, hipGetErrorString(e_)); return false; } } while (0)

template <class T>
__global__ void fetch(hipTextureObject_t tex, T* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<T>(tex, i);
}

template <class T> bool same(const T& a, const T& b) { return memcmp(&a, &b, sizeof(T)) == 0; }

// Binds `texels` values of T (pattern from `seed`) and fetches `texels + 8` of them: the 8
// past the end must read as zero.
template <class T>
bool check(const char* name, int texels, unsigned seed) {
    std::vector<T> host(texels);
    unsigned char* bytes = reinterpret_cast<unsigned char*>(host.data());
    for (size_t k = 0; k < host.size() * sizeof(T); k++) { seed = seed * 1664525u + 1013904223u; bytes[k] = seed >> 24; }
    T* data; T* out;
    int fetched = texels + 8;
    CHECK(hipMalloc(&data, texels * sizeof(T)));
    CHECK(hipMalloc(&out, fetched * sizeof(T)));
    CHECK(hipMemcpy(data, host.data(), texels * sizeof(T), hipMemcpyHostToDevice));
    hipResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = hipResourceTypeLinear;
    res.res.linear.devPtr = data;
    res.res.linear.desc = hipCreateChannelDesc<T>();
    res.res.linear.sizeInBytes = texels * sizeof(T);
    hipTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.readMode = hipReadModeElementType;
    hipTextureObject_t tex = 0;
    CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));
    hipResourceDesc back;
    CHECK(hipGetTextureObjectResourceDesc(&back, tex));
    if (back.resType != hipResourceTypeLinear || back.res.linear.devPtr != data || back.res.linear.sizeInBytes != res.res.linear.sizeInBytes) {
        printf("FAIL %s: resource description did not round-trip\n", name);
        return false;
    }
    fetch<T><<<(fetched + 127) / 128, 128>>>(tex, out, fetched);
    CHECK(hipGetLastError());
    std::vector<T> got(fetched);
    CHECK(hipMemcpy(got.data(), out, fetched * sizeof(T), hipMemcpyDeviceToHost));
    T zero;
    memset(&zero, 0, sizeof(zero));
    for (int i = 0; i < fetched; i++) {
        const T& want = i < texels ? host[i] : zero;
        if (!same(got[i], want)) {
            printf("FAIL %s: texel %d of %d differs\n", name, i, texels);
            return false;
        }
    }
    CHECK(hipDestroyTextureObject(tex));
    CHECK(hipFree(data));
    CHECK(hipFree(out));
    return true;
}

static bool errors() {
    int* data;
    CHECK(hipMalloc(&data, 64));
    hipResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = hipResourceTypeLinear;
    res.res.linear.devPtr = data;
    res.res.linear.desc = hipCreateChannelDesc<int>();
    res.res.linear.sizeInBytes = 64;
    hipTextureDesc td;
    memset(&td, 0, sizeof(td));
    hipTextureObject_t tex = 0;
    if (hipCreateTextureObject(nullptr, &res, &td, nullptr) != hipErrorInvalidValue ||
        hipCreateTextureObject(&tex, nullptr, &td, nullptr) != hipErrorInvalidValue ||
        hipCreateTextureObject(&tex, &res, nullptr, nullptr) != hipErrorInvalidValue) {
        printf("FAIL errors: null arguments were accepted\n");
        return false;
    }
    res.res.linear.devPtr = nullptr;
    if (hipCreateTextureObject(&tex, &res, &td, nullptr) != hipErrorInvalidValue) {
        printf("FAIL errors: a null resource pointer was accepted\n");
        return false;
    }
    CHECK(hipDestroyTextureObject(0));
    CHECK(hipFree(data));
    return true;
}

int main() {
    bool ok = errors()
        && check<int>("int", 1000, 1) && check<float>("float", 777, 2) && check<uint2>("uint2", 513, 3)
        && check<float4>("float4", 300, 4) && check<unsigned char>("uchar", 1001, 5) && check<char>("char", 999, 6)
        && check<short>("short", 640, 7) && check<ushort2>("ushort2", 321, 8) && check<char2>("char2", 258, 9)
        && check<uchar2>("uchar2", 259, 10) && check<short2>("short2", 97, 11);
    if (!ok) return 1;
    printf("PASS textures\n");
    return 0;
}
