/* oxrocm: HIP host API headers (ROCm 5.7 ABI). Written for oxrocm; see abi-tests/ for the checks. */
#ifndef OXROCM_HIP_TEXTURE_TYPES_H
#define OXROCM_HIP_TEXTURE_TYPES_H
#include <hip/driver_types.h>

struct __hip_texture;
typedef struct __hip_texture *hipTextureObject_t;
enum hipTextureAddressMode {
    hipAddressModeWrap = 0, hipAddressModeClamp = 1, hipAddressModeMirror = 2,
    hipAddressModeBorder = 3
};
enum hipTextureFilterMode {
    hipFilterModePoint = 0, hipFilterModeLinear = 1
};
enum hipTextureReadMode {
    hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1
};
typedef struct textureReference {
    int normalized;
    enum hipTextureReadMode readMode;
    enum hipTextureFilterMode filterMode;
    enum hipTextureAddressMode addressMode[3];
    struct hipChannelFormatDesc channelDesc;
    int sRGB;
    unsigned int maxAnisotropy;
    enum hipTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    hipTextureObject_t textureObject;
    int numChannels;
    enum hipArray_Format format;
} textureReference;
typedef struct hipTextureDesc {
    enum hipTextureAddressMode addressMode[3];
    enum hipTextureFilterMode filterMode;
    enum hipTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum hipTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
} hipTextureDesc;

#define hipTextureType1D                             0x01
#define hipTextureType2D                             0x02
#define hipTextureType3D                             0x03
#define hipTextureTypeCubemap                        0x0C
#define hipTextureType1DLayered                      0xF1
#define hipTextureType2DLayered                      0xF2
#define hipTextureTypeCubemapLayered                 0xFC
#define HIP_IMAGE_OBJECT_SIZE_DWORD                  12
#define HIP_SAMPLER_OBJECT_SIZE_DWORD                8
#define HIP_SAMPLER_OBJECT_OFFSET_DWORD              HIP_IMAGE_OBJECT_SIZE_DWORD
#define HIP_TEXTURE_OBJECT_SIZE_DWORD                (HIP_IMAGE_OBJECT_SIZE_DWORD + HIP_SAMPLER_OBJECT_SIZE_DWORD)

#endif /* OXROCM_HIP_TEXTURE_TYPES_H */
