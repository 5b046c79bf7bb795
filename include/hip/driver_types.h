/* oxrocm: HIP host API headers (ROCm 5.7 ABI). Written for oxrocm; see abi-tests/ for the checks. */
#ifndef OXROCM_HIP_DRIVER_TYPES_H
#define OXROCM_HIP_DRIVER_TYPES_H
#include <hip/hip_common.h>

typedef enum hipMemoryType {
    hipMemoryTypeHost = 0, hipMemoryTypeDevice = 1, hipMemoryTypeArray = 2,
    hipMemoryTypeUnified = 3, hipMemoryTypeManaged = 4
} hipMemoryType;
typedef void *hipDeviceptr_t;
typedef enum hipChannelFormatKind {
    hipChannelFormatKindSigned = 0, hipChannelFormatKindUnsigned = 1,
    hipChannelFormatKindFloat = 2, hipChannelFormatKindNone = 3
} hipChannelFormatKind;
typedef struct hipChannelFormatDesc {
    int x, y, z, w;
    enum hipChannelFormatKind f;
} hipChannelFormatDesc;
typedef enum hipArray_Format {
    HIP_AD_FORMAT_UNSIGNED_INT8 = 1, HIP_AD_FORMAT_UNSIGNED_INT16 = 2,
    HIP_AD_FORMAT_UNSIGNED_INT32 = 3, HIP_AD_FORMAT_SIGNED_INT8 = 8,
    HIP_AD_FORMAT_SIGNED_INT16 = 9, HIP_AD_FORMAT_SIGNED_INT32 = 10, HIP_AD_FORMAT_HALF = 16,
    HIP_AD_FORMAT_FLOAT = 32
} hipArray_Format;
typedef struct HIP_ARRAY_DESCRIPTOR {
    size_t Width, Height;
    enum hipArray_Format Format;
    unsigned int NumChannels;
} HIP_ARRAY_DESCRIPTOR;
typedef struct HIP_ARRAY3D_DESCRIPTOR {
    size_t Width, Height, Depth;
    enum hipArray_Format Format;
    unsigned int NumChannels, Flags;
} HIP_ARRAY3D_DESCRIPTOR;
typedef struct hipArray {
    void *data;
    struct hipChannelFormatDesc desc;
    unsigned int type, width, height, depth;
    enum hipArray_Format Format;
    unsigned int NumChannels;
    bool isDrv;
    unsigned int textureType, flags;
} hipArray;
typedef struct hip_Memcpy2D {
    size_t srcXInBytes, srcY;
    hipMemoryType srcMemoryType;
    const void *srcHost;
    hipDeviceptr_t srcDevice;
    hipArray *srcArray;
    size_t srcPitch, dstXInBytes, dstY;
    hipMemoryType dstMemoryType;
    void *dstHost;
    hipDeviceptr_t dstDevice;
    hipArray *dstArray;
    size_t dstPitch, WidthInBytes, Height;
} hip_Memcpy2D;
typedef struct hipArray *hipArray_t;
typedef hipArray_t hiparray;
typedef const struct hipArray *hipArray_const_t;
typedef struct hipMipmappedArray {
    void *data;
    struct hipChannelFormatDesc desc;
    unsigned int type, width, height, depth, min_mipmap_level;
    unsigned int max_mipmap_level, flags;
    enum hipArray_Format format;
    unsigned int num_channels;
} hipMipmappedArray;
typedef struct hipMipmappedArray *hipMipmappedArray_t;
typedef hipMipmappedArray_t hipmipmappedArray;
typedef const struct hipMipmappedArray *hipMipmappedArray_const_t;
typedef enum hipResourceType {
    hipResourceTypeArray = 0, hipResourceTypeMipmappedArray = 1, hipResourceTypeLinear = 2,
    hipResourceTypePitch2D = 3
} hipResourceType;
typedef enum HIPresourcetype_enum {
    HIP_RESOURCE_TYPE_ARRAY = 0, HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY = 1,
    HIP_RESOURCE_TYPE_LINEAR = 2, HIP_RESOURCE_TYPE_PITCH2D = 3
} HIPresourcetype;
typedef enum HIPresourcetype_enum hipResourcetype;
typedef enum HIPaddress_mode_enum {
    HIP_TR_ADDRESS_MODE_WRAP = 0, HIP_TR_ADDRESS_MODE_CLAMP = 1, HIP_TR_ADDRESS_MODE_MIRROR = 2,
    HIP_TR_ADDRESS_MODE_BORDER = 3
} HIPaddress_mode;
typedef enum HIPfilter_mode_enum {
    HIP_TR_FILTER_MODE_POINT = 0, HIP_TR_FILTER_MODE_LINEAR = 1
} HIPfilter_mode;
typedef struct HIP_TEXTURE_DESC_st {
    HIPaddress_mode addressMode[3];
    HIPfilter_mode filterMode;
    unsigned int flags, maxAnisotropy;
    HIPfilter_mode mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    float borderColor[4];
    int reserved[12];
} HIP_TEXTURE_DESC;
typedef enum hipResourceViewFormat {
    hipResViewFormatNone = 0, hipResViewFormatUnsignedChar1 = 1, hipResViewFormatUnsignedChar2 = 2,
    hipResViewFormatUnsignedChar4 = 3, hipResViewFormatSignedChar1 = 4,
    hipResViewFormatSignedChar2 = 5, hipResViewFormatSignedChar4 = 6,
    hipResViewFormatUnsignedShort1 = 7, hipResViewFormatUnsignedShort2 = 8,
    hipResViewFormatUnsignedShort4 = 9, hipResViewFormatSignedShort1 = 10,
    hipResViewFormatSignedShort2 = 11, hipResViewFormatSignedShort4 = 12,
    hipResViewFormatUnsignedInt1 = 13, hipResViewFormatUnsignedInt2 = 14,
    hipResViewFormatUnsignedInt4 = 15, hipResViewFormatSignedInt1 = 16,
    hipResViewFormatSignedInt2 = 17, hipResViewFormatSignedInt4 = 18, hipResViewFormatHalf1 = 19,
    hipResViewFormatHalf2 = 20, hipResViewFormatHalf4 = 21, hipResViewFormatFloat1 = 22,
    hipResViewFormatFloat2 = 23, hipResViewFormatFloat4 = 24,
    hipResViewFormatUnsignedBlockCompressed1 = 25, hipResViewFormatUnsignedBlockCompressed2 = 26,
    hipResViewFormatUnsignedBlockCompressed3 = 27, hipResViewFormatUnsignedBlockCompressed4 = 28,
    hipResViewFormatSignedBlockCompressed4 = 29, hipResViewFormatUnsignedBlockCompressed5 = 30,
    hipResViewFormatSignedBlockCompressed5 = 31, hipResViewFormatUnsignedBlockCompressed6H = 32,
    hipResViewFormatSignedBlockCompressed6H = 33, hipResViewFormatUnsignedBlockCompressed7 = 34
} hipResourceViewFormat;
typedef enum HIPresourceViewFormat_enum {
    HIP_RES_VIEW_FORMAT_NONE = 0, HIP_RES_VIEW_FORMAT_UINT_1X8 = 1,
    HIP_RES_VIEW_FORMAT_UINT_2X8 = 2, HIP_RES_VIEW_FORMAT_UINT_4X8 = 3,
    HIP_RES_VIEW_FORMAT_SINT_1X8 = 4, HIP_RES_VIEW_FORMAT_SINT_2X8 = 5,
    HIP_RES_VIEW_FORMAT_SINT_4X8 = 6, HIP_RES_VIEW_FORMAT_UINT_1X16 = 7,
    HIP_RES_VIEW_FORMAT_UINT_2X16 = 8, HIP_RES_VIEW_FORMAT_UINT_4X16 = 9,
    HIP_RES_VIEW_FORMAT_SINT_1X16 = 10, HIP_RES_VIEW_FORMAT_SINT_2X16 = 11,
    HIP_RES_VIEW_FORMAT_SINT_4X16 = 12, HIP_RES_VIEW_FORMAT_UINT_1X32 = 13,
    HIP_RES_VIEW_FORMAT_UINT_2X32 = 14, HIP_RES_VIEW_FORMAT_UINT_4X32 = 15,
    HIP_RES_VIEW_FORMAT_SINT_1X32 = 16, HIP_RES_VIEW_FORMAT_SINT_2X32 = 17,
    HIP_RES_VIEW_FORMAT_SINT_4X32 = 18, HIP_RES_VIEW_FORMAT_FLOAT_1X16 = 19,
    HIP_RES_VIEW_FORMAT_FLOAT_2X16 = 20, HIP_RES_VIEW_FORMAT_FLOAT_4X16 = 21,
    HIP_RES_VIEW_FORMAT_FLOAT_1X32 = 22, HIP_RES_VIEW_FORMAT_FLOAT_2X32 = 23,
    HIP_RES_VIEW_FORMAT_FLOAT_4X32 = 24, HIP_RES_VIEW_FORMAT_UNSIGNED_BC1 = 25,
    HIP_RES_VIEW_FORMAT_UNSIGNED_BC2 = 26, HIP_RES_VIEW_FORMAT_UNSIGNED_BC3 = 27,
    HIP_RES_VIEW_FORMAT_UNSIGNED_BC4 = 28, HIP_RES_VIEW_FORMAT_SIGNED_BC4 = 29,
    HIP_RES_VIEW_FORMAT_UNSIGNED_BC5 = 30, HIP_RES_VIEW_FORMAT_SIGNED_BC5 = 31,
    HIP_RES_VIEW_FORMAT_UNSIGNED_BC6H = 32, HIP_RES_VIEW_FORMAT_SIGNED_BC6H = 33,
    HIP_RES_VIEW_FORMAT_UNSIGNED_BC7 = 34
} HIPresourceViewFormat;
typedef struct hipResourceDesc {
    enum hipResourceType resType;
    union {
        struct {
            hipArray_t array;
        } array;
        struct {
            hipMipmappedArray_t mipmap;
        } mipmap;
        struct {
            void *devPtr;
            struct hipChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void *devPtr;
            struct hipChannelFormatDesc desc;
            size_t width, height, pitchInBytes;
        } pitch2D;
    } res;
} hipResourceDesc;
typedef struct HIP_RESOURCE_DESC_st {
    HIPresourcetype resType;
    union {
        struct {
            hipArray_t hArray;
        } array;
        struct {
            hipMipmappedArray_t hMipmappedArray;
        } mipmap;
        struct {
            hipDeviceptr_t devPtr;
            hipArray_Format format;
            unsigned int numChannels;
            size_t sizeInBytes;
        } linear;
        struct {
            hipDeviceptr_t devPtr;
            hipArray_Format format;
            unsigned int numChannels;
            size_t width, height, pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned int flags;
} HIP_RESOURCE_DESC;
struct hipResourceViewDesc {
    enum hipResourceViewFormat format;
    size_t width, height, depth;
    unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
};
typedef struct HIP_RESOURCE_VIEW_DESC_st {
    HIPresourceViewFormat format;
    size_t width, height, depth;
    unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
    unsigned int reserved[16];
} HIP_RESOURCE_VIEW_DESC;
typedef enum hipMemcpyKind {
    hipMemcpyHostToHost = 0, hipMemcpyHostToDevice = 1, hipMemcpyDeviceToHost = 2,
    hipMemcpyDeviceToDevice = 3, hipMemcpyDefault = 4
} hipMemcpyKind;
typedef struct hipPitchedPtr {
    void *ptr;
    size_t pitch, xsize, ysize;
} hipPitchedPtr;
typedef struct hipExtent {
    size_t width, height, depth;
} hipExtent;
typedef struct hipPos {
    size_t x, y, z;
} hipPos;
typedef struct hipMemcpy3DParms {
    hipArray_t srcArray;
    struct hipPos srcPos;
    struct hipPitchedPtr srcPtr;
    hipArray_t dstArray;
    struct hipPos dstPos;
    struct hipPitchedPtr dstPtr;
    struct hipExtent extent;
    enum hipMemcpyKind kind;
} hipMemcpy3DParms;
typedef struct HIP_MEMCPY3D {
    unsigned int srcXInBytes, srcY, srcZ, srcLOD;
    hipMemoryType srcMemoryType;
    const void *srcHost;
    hipDeviceptr_t srcDevice;
    hipArray_t srcArray;
    unsigned int srcPitch, srcHeight, dstXInBytes, dstY, dstZ;
    unsigned int dstLOD;
    hipMemoryType dstMemoryType;
    void *dstHost;
    hipDeviceptr_t dstDevice;
    hipArray_t dstArray;
    unsigned int dstPitch, dstHeight, WidthInBytes, Height, Depth;
} HIP_MEMCPY3D;
typedef enum hipFunction_attribute {
    HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
    HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2, HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
    HIP_FUNC_ATTRIBUTE_NUM_REGS = 4, HIP_FUNC_ATTRIBUTE_PTX_VERSION = 5,
    HIP_FUNC_ATTRIBUTE_BINARY_VERSION = 6, HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
    HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
    HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9, HIP_FUNC_ATTRIBUTE_MAX = 10
} hipFunction_attribute;
typedef enum hipPointer_attribute {
    HIP_POINTER_ATTRIBUTE_CONTEXT = 1, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
    HIP_POINTER_ATTRIBUTE_DEVICE_POINTER = 3, HIP_POINTER_ATTRIBUTE_HOST_POINTER = 4,
    HIP_POINTER_ATTRIBUTE_P2P_TOKENS = 5, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS = 6,
    HIP_POINTER_ATTRIBUTE_BUFFER_ID = 7, HIP_POINTER_ATTRIBUTE_IS_MANAGED = 8,
    HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9, HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE = 10,
    HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11, HIP_POINTER_ATTRIBUTE_RANGE_SIZE = 12,
    HIP_POINTER_ATTRIBUTE_MAPPED = 13, HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES = 14,
    HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE = 15, HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS = 16,
    HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE = 17
} hipPointer_attribute;

/* small constructors for the 3D copy descriptors */
static inline struct hipPitchedPtr make_hipPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) {
    struct hipPitchedPtr r; r.ptr = d; r.pitch = p; r.xsize = xsz; r.ysize = ysz; return r;
}
static inline struct hipPos make_hipPos(size_t x, size_t y, size_t z) {
    struct hipPos r; r.x = x; r.y = y; r.z = z; return r;
}
static inline struct hipExtent make_hipExtent(size_t w, size_t h, size_t d) {
    struct hipExtent r; r.width = w; r.height = h; r.depth = d; return r;
}

#define HIP_TRSA_OVERRIDE_FORMAT                     0x01
#define HIP_TRSF_READ_AS_INTEGER                     0x01
#define HIP_TRSF_NORMALIZED_COORDINATES              0x02
#define HIP_TRSF_SRGB                                0x10

#endif /* OXROCM_HIP_DRIVER_TYPES_H */
