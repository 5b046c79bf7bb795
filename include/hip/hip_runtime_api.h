/* oxrocm: HIP host API headers (ROCm 5.7 ABI). Written for oxrocm; see abi-tests/ for the checks. */
#ifndef OXROCM_HIP_HIP_RUNTIME_API_H
#define OXROCM_HIP_HIP_RUNTIME_API_H
#include <hip/hip_common.h>
#include <hip/hip_version.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

#include <hip/driver_types.h>

enum {
    HIP_SUCCESS = 0, HIP_ERROR_INVALID_VALUE = 1, HIP_ERROR_NOT_INITIALIZED = 2,
    HIP_ERROR_LAUNCH_OUT_OF_RESOURCES = 3
};
typedef struct {
    unsigned hasGlobalInt32Atomics : 1, hasGlobalFloatAtomicExch : 1;
    unsigned hasSharedInt32Atomics : 1, hasSharedFloatAtomicExch : 1, hasFloatAtomicAdd : 1;
    unsigned hasGlobalInt64Atomics : 1, hasSharedInt64Atomics : 1, hasDoubles : 1;
    unsigned hasWarpVote : 1, hasWarpBallot : 1, hasWarpShuffle : 1, hasFunnelShift : 1;
    unsigned hasThreadFenceSystem : 1, hasSyncThreadsExt : 1, hasSurfaceFuncs : 1;
    unsigned has3dGrid : 1, hasDynamicParallelism : 1;
} hipDeviceArch_t;
typedef struct hipUUID_t {
    char bytes[16];
} hipUUID;
typedef struct hipDeviceProp_tR0000 {
    char name[256];
    size_t totalGlobalMem, sharedMemPerBlock;
    int regsPerBlock, warpSize, maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate, memoryClockRate, memoryBusWidth;
    size_t totalConstMem;
    int major, minor, multiProcessorCount, l2CacheSize;
    int maxThreadsPerMultiProcessor, computeMode, clockInstructionRate;
    hipDeviceArch_t arch;
    int concurrentKernels, pciDomainID, pciBusID, pciDeviceID;
    size_t maxSharedMemoryPerMultiProcessor;
    int isMultiGpuBoard, canMapHostMemory, gcnArch;
    char gcnArchName[256];
    int integrated, cooperativeLaunch, cooperativeMultiDeviceLaunch;
    int maxTexture1DLinear, maxTexture1D;
    int maxTexture2D[2];
    int maxTexture3D[3];
    unsigned int *hdpMemFlushCntl;
    unsigned int *hdpRegFlushCntl;
    size_t memPitch, textureAlignment, texturePitchAlignment;
    int kernelExecTimeoutEnabled, ECCEnabled, tccDriver;
    int cooperativeMultiDeviceUnmatchedFunc, cooperativeMultiDeviceUnmatchedGridDim;
    int cooperativeMultiDeviceUnmatchedBlockDim;
    int cooperativeMultiDeviceUnmatchedSharedMem, isLargeBar, asicRevision;
    int managedMemory, directManagedMemAccessFromHost, concurrentManagedAccess;
    int pageableMemoryAccess, pageableMemoryAccessUsesHostPageTables;
} hipDeviceProp_tR0000;
typedef hipDeviceProp_tR0000 hipDeviceProp_t;
typedef struct hipDeviceProp_tR0600 {
    char name[256];
    hipUUID uuid;
    char luid[8];
    unsigned int luidDeviceNodeMask;
    size_t totalGlobalMem, sharedMemPerBlock;
    int regsPerBlock, warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    size_t totalConstMem;
    int major, minor;
    size_t textureAlignment, texturePitchAlignment;
    int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled;
    int integrated, canMapHostMemory, computeMode, maxTexture1D;
    int maxTexture1DMipmap, maxTexture1DLinear;
    int maxTexture2D[2];
    int maxTexture2DMipmap[2];
    int maxTexture2DLinear[3];
    int maxTexture2DGather[2];
    int maxTexture3D[3];
    int maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2];
    int maxTexture2DLayered[3];
    int maxTextureCubemapLayered[2];
    int maxSurface1D;
    int maxSurface2D[2];
    int maxSurface3D[3];
    int maxSurface1DLayered[2];
    int maxSurface2DLayered[3];
    int maxSurfaceCubemap;
    int maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID;
    int pciDomainID, tccDriver, asyncEngineCount, unifiedAddressing;
    int memoryClockRate, memoryBusWidth, l2CacheSize;
    int persistingL2CacheMaxSize, maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported, globalL1CacheSupported, localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor, managedMemory, isMultiGpuBoard;
    int multiGpuBoardGroupID, hostNativeAtomicSupported;
    int singleToDoublePrecisionPerfRatio, pageableMemoryAccess;
    int concurrentManagedAccess, computePreemptionSupported;
    int canUseHostPointerForRegisteredMem, cooperativeLaunch;
    int cooperativeMultiDeviceLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported, sparseHipArraySupported;
    int hostRegisterReadOnlySupported, timelineSemaphoreInteropSupported;
    int memoryPoolsSupported, gpuDirectRDMASupported;
    unsigned int gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned int memoryPoolSupportedHandleTypes;
    int deferredMappingHipArraySupported, ipcEventSupported, clusterLaunch;
    int unifiedFunctionPointers;
    int reserved[63];
    int hipReserved[32];
    char gcnArchName[256];
    size_t maxSharedMemoryPerMultiProcessor;
    int clockInstructionRate;
    hipDeviceArch_t arch;
    unsigned int *hdpMemFlushCntl;
    unsigned int *hdpRegFlushCntl;
    int cooperativeMultiDeviceUnmatchedFunc, cooperativeMultiDeviceUnmatchedGridDim;
    int cooperativeMultiDeviceUnmatchedBlockDim;
    int cooperativeMultiDeviceUnmatchedSharedMem, isLargeBar, asicRevision;
} hipDeviceProp_tR0600;
typedef struct hipPointerAttribute_t {
    union 
{
  enum hipMemoryType memoryType;
  enum hipMemoryType type;
};
    int device;
    void *devicePointer;
    void *hostPointer;
    int isManaged;
    unsigned allocationFlags;
} hipPointerAttribute_t;
typedef enum hipError_t {
    hipSuccess = 0, hipErrorInvalidValue = 1, hipErrorOutOfMemory = 2,
    hipErrorMemoryAllocation = 2, hipErrorNotInitialized = 3, hipErrorInitializationError = 3,
    hipErrorDeinitialized = 4, hipErrorProfilerDisabled = 5, hipErrorProfilerNotInitialized = 6,
    hipErrorProfilerAlreadyStarted = 7, hipErrorProfilerAlreadyStopped = 8,
    hipErrorInvalidConfiguration = 9, hipErrorInvalidPitchValue = 12, hipErrorInvalidSymbol = 13,
    hipErrorInvalidDevicePointer = 17, hipErrorInvalidMemcpyDirection = 21,
    hipErrorInsufficientDriver = 35, hipErrorMissingConfiguration = 52,
    hipErrorPriorLaunchFailure = 53, hipErrorInvalidDeviceFunction = 98, hipErrorNoDevice = 100,
    hipErrorInvalidDevice = 101, hipErrorInvalidImage = 200, hipErrorInvalidContext = 201,
    hipErrorContextAlreadyCurrent = 202, hipErrorMapFailed = 205,
    hipErrorMapBufferObjectFailed = 205, hipErrorUnmapFailed = 206, hipErrorArrayIsMapped = 207,
    hipErrorAlreadyMapped = 208, hipErrorNoBinaryForGpu = 209, hipErrorAlreadyAcquired = 210,
    hipErrorNotMapped = 211, hipErrorNotMappedAsArray = 212, hipErrorNotMappedAsPointer = 213,
    hipErrorECCNotCorrectable = 214, hipErrorUnsupportedLimit = 215,
    hipErrorContextAlreadyInUse = 216, hipErrorPeerAccessUnsupported = 217,
    hipErrorInvalidKernelFile = 218, hipErrorInvalidGraphicsContext = 219,
    hipErrorInvalidSource = 300, hipErrorFileNotFound = 301,
    hipErrorSharedObjectSymbolNotFound = 302, hipErrorSharedObjectInitFailed = 303,
    hipErrorOperatingSystem = 304, hipErrorInvalidHandle = 400,
    hipErrorInvalidResourceHandle = 400, hipErrorIllegalState = 401, hipErrorNotFound = 500,
    hipErrorNotReady = 600, hipErrorIllegalAddress = 700, hipErrorLaunchOutOfResources = 701,
    hipErrorLaunchTimeOut = 702, hipErrorPeerAccessAlreadyEnabled = 704,
    hipErrorPeerAccessNotEnabled = 705, hipErrorSetOnActiveProcess = 708,
    hipErrorContextIsDestroyed = 709, hipErrorAssert = 710,
    hipErrorHostMemoryAlreadyRegistered = 712, hipErrorHostMemoryNotRegistered = 713,
    hipErrorLaunchFailure = 719, hipErrorCooperativeLaunchTooLarge = 720,
    hipErrorNotSupported = 801, hipErrorStreamCaptureUnsupported = 900,
    hipErrorStreamCaptureInvalidated = 901, hipErrorStreamCaptureMerge = 902,
    hipErrorStreamCaptureUnmatched = 903, hipErrorStreamCaptureUnjoined = 904,
    hipErrorStreamCaptureIsolation = 905, hipErrorStreamCaptureImplicit = 906,
    hipErrorCapturedEvent = 907, hipErrorStreamCaptureWrongThread = 908,
    hipErrorGraphExecUpdateFailure = 910, hipErrorUnknown = 999, hipErrorRuntimeMemory = 1052,
    hipErrorRuntimeOther = 1053, hipErrorTbd = 1054
} hipError_t;
typedef enum hipDeviceAttribute_t {
    hipDeviceAttributeCudaCompatibleBegin = 0, hipDeviceAttributeEccEnabled = 0,
    hipDeviceAttributeAccessPolicyMaxWindowSize = 1, hipDeviceAttributeAsyncEngineCount = 2,
    hipDeviceAttributeCanMapHostMemory = 3,
    hipDeviceAttributeCanUseHostPointerForRegisteredMem = 4, hipDeviceAttributeClockRate = 5,
    hipDeviceAttributeComputeMode = 6, hipDeviceAttributeComputePreemptionSupported = 7,
    hipDeviceAttributeConcurrentKernels = 8, hipDeviceAttributeConcurrentManagedAccess = 9,
    hipDeviceAttributeCooperativeLaunch = 10, hipDeviceAttributeCooperativeMultiDeviceLaunch = 11,
    hipDeviceAttributeDeviceOverlap = 12, hipDeviceAttributeDirectManagedMemAccessFromHost = 13,
    hipDeviceAttributeGlobalL1CacheSupported = 14,
    hipDeviceAttributeHostNativeAtomicSupported = 15, hipDeviceAttributeIntegrated = 16,
    hipDeviceAttributeIsMultiGpuBoard = 17, hipDeviceAttributeKernelExecTimeout = 18,
    hipDeviceAttributeL2CacheSize = 19, hipDeviceAttributeLocalL1CacheSupported = 20,
    hipDeviceAttributeLuid = 21, hipDeviceAttributeLuidDeviceNodeMask = 22,
    hipDeviceAttributeComputeCapabilityMajor = 23, hipDeviceAttributeManagedMemory = 24,
    hipDeviceAttributeMaxBlocksPerMultiProcessor = 25, hipDeviceAttributeMaxBlockDimX = 26,
    hipDeviceAttributeMaxBlockDimY = 27, hipDeviceAttributeMaxBlockDimZ = 28,
    hipDeviceAttributeMaxGridDimX = 29, hipDeviceAttributeMaxGridDimY = 30,
    hipDeviceAttributeMaxGridDimZ = 31, hipDeviceAttributeMaxSurface1D = 32,
    hipDeviceAttributeMaxSurface1DLayered = 33, hipDeviceAttributeMaxSurface2D = 34,
    hipDeviceAttributeMaxSurface2DLayered = 35, hipDeviceAttributeMaxSurface3D = 36,
    hipDeviceAttributeMaxSurfaceCubemap = 37, hipDeviceAttributeMaxSurfaceCubemapLayered = 38,
    hipDeviceAttributeMaxTexture1DWidth = 39, hipDeviceAttributeMaxTexture1DLayered = 40,
    hipDeviceAttributeMaxTexture1DLinear = 41, hipDeviceAttributeMaxTexture1DMipmap = 42,
    hipDeviceAttributeMaxTexture2DWidth = 43, hipDeviceAttributeMaxTexture2DHeight = 44,
    hipDeviceAttributeMaxTexture2DGather = 45, hipDeviceAttributeMaxTexture2DLayered = 46,
    hipDeviceAttributeMaxTexture2DLinear = 47, hipDeviceAttributeMaxTexture2DMipmap = 48,
    hipDeviceAttributeMaxTexture3DWidth = 49, hipDeviceAttributeMaxTexture3DHeight = 50,
    hipDeviceAttributeMaxTexture3DDepth = 51, hipDeviceAttributeMaxTexture3DAlt = 52,
    hipDeviceAttributeMaxTextureCubemap = 53, hipDeviceAttributeMaxTextureCubemapLayered = 54,
    hipDeviceAttributeMaxThreadsDim = 55, hipDeviceAttributeMaxThreadsPerBlock = 56,
    hipDeviceAttributeMaxThreadsPerMultiProcessor = 57, hipDeviceAttributeMaxPitch = 58,
    hipDeviceAttributeMemoryBusWidth = 59, hipDeviceAttributeMemoryClockRate = 60,
    hipDeviceAttributeComputeCapabilityMinor = 61, hipDeviceAttributeMultiGpuBoardGroupID = 62,
    hipDeviceAttributeMultiprocessorCount = 63, hipDeviceAttributeName = 64,
    hipDeviceAttributePageableMemoryAccess = 65,
    hipDeviceAttributePageableMemoryAccessUsesHostPageTables = 66, hipDeviceAttributePciBusId = 67,
    hipDeviceAttributePciDeviceId = 68, hipDeviceAttributePciDomainID = 69,
    hipDeviceAttributePersistingL2CacheMaxSize = 70, hipDeviceAttributeMaxRegistersPerBlock = 71,
    hipDeviceAttributeMaxRegistersPerMultiprocessor = 72,
    hipDeviceAttributeReservedSharedMemPerBlock = 73,
    hipDeviceAttributeMaxSharedMemoryPerBlock = 74, hipDeviceAttributeSharedMemPerBlockOptin = 75,
    hipDeviceAttributeSharedMemPerMultiprocessor = 76,
    hipDeviceAttributeSingleToDoublePrecisionPerfRatio = 77,
    hipDeviceAttributeStreamPrioritiesSupported = 78, hipDeviceAttributeSurfaceAlignment = 79,
    hipDeviceAttributeTccDriver = 80, hipDeviceAttributeTextureAlignment = 81,
    hipDeviceAttributeTexturePitchAlignment = 82, hipDeviceAttributeTotalConstantMemory = 83,
    hipDeviceAttributeTotalGlobalMem = 84, hipDeviceAttributeUnifiedAddressing = 85,
    hipDeviceAttributeUuid = 86, hipDeviceAttributeWarpSize = 87,
    hipDeviceAttributeMemoryPoolsSupported = 88,
    hipDeviceAttributeVirtualMemoryManagementSupported = 89,
    hipDeviceAttributeCudaCompatibleEnd = 0x270f, hipDeviceAttributeAmdSpecificBegin = 0x2710,
    hipDeviceAttributeClockInstructionRate = 0x2710, hipDeviceAttributeArch = 0x2711,
    hipDeviceAttributeMaxSharedMemoryPerMultiprocessor = 0x2712,
    hipDeviceAttributeGcnArch = 0x2713, hipDeviceAttributeGcnArchName = 0x2714,
    hipDeviceAttributeHdpMemFlushCntl = 0x2715, hipDeviceAttributeHdpRegFlushCntl = 0x2716,
    hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc = 0x2717,
    hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim = 0x2718,
    hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim = 0x2719,
    hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem = 0x271a,
    hipDeviceAttributeIsLargeBar = 0x271b, hipDeviceAttributeAsicRevision = 0x271c,
    hipDeviceAttributeCanUseStreamWaitValue = 0x271d, hipDeviceAttributeImageSupport = 0x271e,
    hipDeviceAttributePhysicalMultiProcessorCount = 0x271f,
    hipDeviceAttributeFineGrainSupport = 0x2720, hipDeviceAttributeWallClockRate = 0x2721,
    hipDeviceAttributeAmdSpecificEnd = 0x4e1f, hipDeviceAttributeVendorSpecificBegin = 0x4e20
} hipDeviceAttribute_t;
enum hipComputeMode {
    hipComputeModeDefault = 0, hipComputeModeExclusive = 1, hipComputeModeProhibited = 2,
    hipComputeModeExclusiveProcess = 3
};

#include <hip/hip_vector_types.h>
#include <hip/texture_types.h>
#include <hip/surface_types.h>

typedef struct ihipCtx_t *hipCtx_t;
typedef int hipDevice_t;
typedef enum hipDeviceP2PAttr {
    hipDevP2PAttrPerformanceRank = 0, hipDevP2PAttrAccessSupported = 1,
    hipDevP2PAttrNativeAtomicSupported = 2, hipDevP2PAttrHipArrayAccessSupported = 3
} hipDeviceP2PAttr;
typedef struct ihipStream_t *hipStream_t;
typedef struct hipIpcMemHandle_st {
    char reserved[64];
} hipIpcMemHandle_t;
typedef struct hipIpcEventHandle_st {
    char reserved[64];
} hipIpcEventHandle_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef struct ihipMemPoolHandle_t *hipMemPool_t;
typedef struct hipFuncAttributes {
    int binaryVersion, cacheModeCA;
    size_t constSizeBytes, localSizeBytes;
    int maxDynamicSharedSizeBytes, maxThreadsPerBlock, numRegs;
    int preferredShmemCarveout, ptxVersion;
    size_t sharedSizeBytes;
} hipFuncAttributes;
typedef struct ihipEvent_t *hipEvent_t;
enum hipLimit_t {
    hipLimitStackSize = 0, hipLimitPrintfFifoSize = 1, hipLimitMallocHeapSize = 2,
    hipLimitRange = 3
};
typedef enum hipMemoryAdvise {
    hipMemAdviseSetReadMostly = 1, hipMemAdviseUnsetReadMostly = 2,
    hipMemAdviseSetPreferredLocation = 3, hipMemAdviseUnsetPreferredLocation = 4,
    hipMemAdviseSetAccessedBy = 5, hipMemAdviseUnsetAccessedBy = 6,
    hipMemAdviseSetCoarseGrain = 100, hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;
typedef enum hipMemRangeCoherencyMode {
    hipMemRangeCoherencyModeFineGrain = 0, hipMemRangeCoherencyModeCoarseGrain = 1,
    hipMemRangeCoherencyModeIndeterminate = 2
} hipMemRangeCoherencyMode;
typedef enum hipMemRangeAttribute {
    hipMemRangeAttributeReadMostly = 1, hipMemRangeAttributePreferredLocation = 2,
    hipMemRangeAttributeAccessedBy = 3, hipMemRangeAttributeLastPrefetchLocation = 4,
    hipMemRangeAttributeCoherencyMode = 100
} hipMemRangeAttribute;
typedef enum hipMemPoolAttr {
    hipMemPoolReuseFollowEventDependencies = 1, hipMemPoolReuseAllowOpportunistic = 2,
    hipMemPoolReuseAllowInternalDependencies = 3, hipMemPoolAttrReleaseThreshold = 4,
    hipMemPoolAttrReservedMemCurrent = 5, hipMemPoolAttrReservedMemHigh = 6,
    hipMemPoolAttrUsedMemCurrent = 7, hipMemPoolAttrUsedMemHigh = 8
} hipMemPoolAttr;
typedef enum hipMemLocationType {
    hipMemLocationTypeInvalid = 0, hipMemLocationTypeDevice = 1
} hipMemLocationType;
typedef struct hipMemLocation {
    hipMemLocationType type;
    int id;
} hipMemLocation;
typedef enum hipMemAccessFlags {
    hipMemAccessFlagsProtNone = 0, hipMemAccessFlagsProtRead = 1,
    hipMemAccessFlagsProtReadWrite = 3
} hipMemAccessFlags;
typedef struct hipMemAccessDesc {
    hipMemLocation location;
    hipMemAccessFlags flags;
} hipMemAccessDesc;
typedef enum hipMemAllocationType {
    hipMemAllocationTypeInvalid = 0, hipMemAllocationTypePinned = 1,
    hipMemAllocationTypeMax = 0x7fffffff
} hipMemAllocationType;
typedef enum hipMemAllocationHandleType {
    hipMemHandleTypeNone = 0, hipMemHandleTypePosixFileDescriptor = 1, hipMemHandleTypeWin32 = 2,
    hipMemHandleTypeWin32Kmt = 4
} hipMemAllocationHandleType;
typedef struct hipMemPoolProps {
    hipMemAllocationType allocType;
    hipMemAllocationHandleType handleTypes;
    hipMemLocation location;
    void *win32SecurityAttributes;
    unsigned char reserved[64];
} hipMemPoolProps;
typedef struct hipMemPoolPtrExportData {
    unsigned char reserved[64];
} hipMemPoolPtrExportData;
typedef enum hipJitOption {
    hipJitOptionMaxRegisters = 0, hipJitOptionThreadsPerBlock = 1, hipJitOptionWallTime = 2,
    hipJitOptionInfoLogBuffer = 3, hipJitOptionInfoLogBufferSizeBytes = 4,
    hipJitOptionErrorLogBuffer = 5, hipJitOptionErrorLogBufferSizeBytes = 6,
    hipJitOptionOptimizationLevel = 7, hipJitOptionTargetFromContext = 8, hipJitOptionTarget = 9,
    hipJitOptionFallbackStrategy = 10, hipJitOptionGenerateDebugInfo = 11,
    hipJitOptionLogVerbose = 12, hipJitOptionGenerateLineInfo = 13, hipJitOptionCacheMode = 14,
    hipJitOptionSm3xOpt = 15, hipJitOptionFastCompile = 16, hipJitOptionNumOptions = 17
} hipJitOption;
typedef enum hipFuncAttribute {
    hipFuncAttributeMaxDynamicSharedMemorySize = 8,
    hipFuncAttributePreferredSharedMemoryCarveout = 9, hipFuncAttributeMax = 10
} hipFuncAttribute;
typedef enum hipFuncCache_t {
    hipFuncCachePreferNone = 0, hipFuncCachePreferShared = 1, hipFuncCachePreferL1 = 2,
    hipFuncCachePreferEqual = 3
} hipFuncCache_t;
typedef enum hipSharedMemConfig {
    hipSharedMemBankSizeDefault = 0, hipSharedMemBankSizeFourByte = 1,
    hipSharedMemBankSizeEightByte = 2
} hipSharedMemConfig;
typedef struct dim3 {
    uint32_t x, y, z;
#ifdef __cplusplus
    constexpr dim3(uint32_t _x = 1, uint32_t _y = 1, uint32_t _z = 1) : x(_x), y(_y), z(_z) {}
#endif
} dim3;
typedef struct hipLaunchParams_t {
    void *func;
    dim3 gridDim, blockDim;
    void **args;
    size_t sharedMem;
    hipStream_t stream;
} hipLaunchParams;
typedef struct hipFunctionLaunchParams_t {
    hipFunction_t function;
    unsigned int gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY;
    unsigned int blockDimZ, sharedMemBytes;
    hipStream_t hStream;
    void **kernelParams;
} hipFunctionLaunchParams;
typedef enum hipExternalMemoryHandleType_enum {
    hipExternalMemoryHandleTypeOpaqueFd = 1, hipExternalMemoryHandleTypeOpaqueWin32 = 2,
    hipExternalMemoryHandleTypeOpaqueWin32Kmt = 3, hipExternalMemoryHandleTypeD3D12Heap = 4,
    hipExternalMemoryHandleTypeD3D12Resource = 5, hipExternalMemoryHandleTypeD3D11Resource = 6,
    hipExternalMemoryHandleTypeD3D11ResourceKmt = 7
} hipExternalMemoryHandleType;
typedef struct hipExternalMemoryHandleDesc_st {
    hipExternalMemoryHandleType type;
    union {
        int fd;
        struct {
            void *handle;
            const void *name;
        } win32;
    } handle;
    unsigned long long size;
    unsigned int flags;
} hipExternalMemoryHandleDesc;
typedef struct hipExternalMemoryBufferDesc_st {
    unsigned long long offset, size;
    unsigned int flags;
} hipExternalMemoryBufferDesc;
typedef void *hipExternalMemory_t;
typedef enum hipExternalSemaphoreHandleType_enum {
    hipExternalSemaphoreHandleTypeOpaqueFd = 1, hipExternalSemaphoreHandleTypeOpaqueWin32 = 2,
    hipExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3, hipExternalSemaphoreHandleTypeD3D12Fence = 4
} hipExternalSemaphoreHandleType;
typedef struct hipExternalSemaphoreHandleDesc_st {
    hipExternalSemaphoreHandleType type;
    union {
        int fd;
        struct {
            void *handle;
            const void *name;
        } win32;
    } handle;
    unsigned int flags;
} hipExternalSemaphoreHandleDesc;
typedef void *hipExternalSemaphore_t;
typedef struct hipExternalSemaphoreSignalParams_st {
    struct {
        struct {
            unsigned long long value;
        } fence;
        struct {
            unsigned long long key;
        } keyedMutex;
        unsigned int reserved[12];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
} hipExternalSemaphoreSignalParams;
typedef struct hipExternalSemaphoreWaitParams_st {
    struct {
        struct {
            unsigned long long value;
        } fence;
        struct {
            unsigned long long key;
            unsigned int timeoutMs;
        } keyedMutex;
        unsigned int reserved[10];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
} hipExternalSemaphoreWaitParams;
typedef enum hipGLDeviceList {
    hipGLDeviceListAll = 1, hipGLDeviceListCurrentFrame = 2, hipGLDeviceListNextFrame = 3
} hipGLDeviceList;
typedef enum hipGraphicsRegisterFlags {
    hipGraphicsRegisterFlagsNone = 0, hipGraphicsRegisterFlagsReadOnly = 1,
    hipGraphicsRegisterFlagsWriteDiscard = 2, hipGraphicsRegisterFlagsSurfaceLoadStore = 4,
    hipGraphicsRegisterFlagsTextureGather = 8
} hipGraphicsRegisterFlags;
typedef struct _hipGraphicsResource hipGraphicsResource;
typedef hipGraphicsResource *hipGraphicsResource_t;
typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef struct hipUserObject *hipUserObject_t;
typedef enum hipGraphNodeType {
    hipGraphNodeTypeKernel = 0, hipGraphNodeTypeMemcpy = 1, hipGraphNodeTypeMemset = 2,
    hipGraphNodeTypeHost = 3, hipGraphNodeTypeGraph = 4, hipGraphNodeTypeEmpty = 5,
    hipGraphNodeTypeWaitEvent = 6, hipGraphNodeTypeEventRecord = 7,
    hipGraphNodeTypeExtSemaphoreSignal = 8, hipGraphNodeTypeExtSemaphoreWait = 9,
    hipGraphNodeTypeMemAlloc = 10, hipGraphNodeTypeMemFree = 11,
    hipGraphNodeTypeMemcpyFromSymbol = 12, hipGraphNodeTypeMemcpyToSymbol = 13,
    hipGraphNodeTypeCount = 14
} hipGraphNodeType;
typedef void (*hipHostFn_t)(void *userData);
typedef struct hipHostNodeParams {
    hipHostFn_t fn;
    void *userData;
} hipHostNodeParams;
typedef struct hipKernelNodeParams {
    dim3 blockDim;
    void **extra;
    void *func;
    dim3 gridDim;
    void **kernelParams;
    unsigned int sharedMemBytes;
} hipKernelNodeParams;
typedef struct hipMemsetParams {
    void *dst;
    unsigned int elementSize;
    size_t height, pitch;
    unsigned int value;
    size_t width;
} hipMemsetParams;
typedef struct hipMemAllocNodeParams {
    hipMemPoolProps poolProps;
    const hipMemAccessDesc *accessDescs;
    size_t accessDescCount, bytesize;
    void *dptr;
} hipMemAllocNodeParams;
typedef enum hipKernelNodeAttrID {
    hipKernelNodeAttributeAccessPolicyWindow = 1, hipKernelNodeAttributeCooperative = 2
} hipKernelNodeAttrID;
typedef enum hipAccessProperty {
    hipAccessPropertyNormal = 0, hipAccessPropertyStreaming = 1, hipAccessPropertyPersisting = 2
} hipAccessProperty;
typedef struct hipAccessPolicyWindow {
    void *base_ptr;
    hipAccessProperty hitProp;
    float hitRatio;
    hipAccessProperty missProp;
    size_t num_bytes;
} hipAccessPolicyWindow;
typedef union hipKernelNodeAttrValue {
    hipAccessPolicyWindow accessPolicyWindow;
    int cooperative;
} hipKernelNodeAttrValue;
typedef enum hipGraphExecUpdateResult {
    hipGraphExecUpdateSuccess = 0, hipGraphExecUpdateError = 1,
    hipGraphExecUpdateErrorTopologyChanged = 2, hipGraphExecUpdateErrorNodeTypeChanged = 3,
    hipGraphExecUpdateErrorFunctionChanged = 4, hipGraphExecUpdateErrorParametersChanged = 5,
    hipGraphExecUpdateErrorNotSupported = 6, hipGraphExecUpdateErrorUnsupportedFunctionChange = 7
} hipGraphExecUpdateResult;
typedef enum hipStreamCaptureMode {
    hipStreamCaptureModeGlobal = 0, hipStreamCaptureModeThreadLocal = 1,
    hipStreamCaptureModeRelaxed = 2
} hipStreamCaptureMode;
typedef enum hipStreamCaptureStatus {
    hipStreamCaptureStatusNone = 0, hipStreamCaptureStatusActive = 1,
    hipStreamCaptureStatusInvalidated = 2
} hipStreamCaptureStatus;
typedef enum hipStreamUpdateCaptureDependenciesFlags {
    hipStreamAddCaptureDependencies = 0, hipStreamSetCaptureDependencies = 1
} hipStreamUpdateCaptureDependenciesFlags;
typedef enum hipGraphMemAttributeType {
    hipGraphMemAttrUsedMemCurrent = 0, hipGraphMemAttrUsedMemHigh = 1,
    hipGraphMemAttrReservedMemCurrent = 2, hipGraphMemAttrReservedMemHigh = 3
} hipGraphMemAttributeType;
typedef enum hipUserObjectFlags {
    hipUserObjectNoDestructorSync = 1
} hipUserObjectFlags;
typedef enum hipUserObjectRetainFlags {
    hipGraphUserObjectMove = 1
} hipUserObjectRetainFlags;
typedef enum hipGraphInstantiateFlags {
    hipGraphInstantiateFlagAutoFreeOnLaunch = 1, hipGraphInstantiateFlagUpload = 2,
    hipGraphInstantiateFlagDeviceLaunch = 4, hipGraphInstantiateFlagUseNodePriority = 8
} hipGraphInstantiateFlags;
enum hipGraphDebugDotFlags {
    hipGraphDebugDotFlagsVerbose = 1, hipGraphDebugDotFlagsKernelNodeParams = 4,
    hipGraphDebugDotFlagsMemcpyNodeParams = 8, hipGraphDebugDotFlagsMemsetNodeParams = 16,
    hipGraphDebugDotFlagsHostNodeParams = 32, hipGraphDebugDotFlagsEventNodeParams = 64,
    hipGraphDebugDotFlagsExtSemasSignalNodeParams = 128,
    hipGraphDebugDotFlagsExtSemasWaitNodeParams = 256,
    hipGraphDebugDotFlagsKernelNodeAttributes = 512, hipGraphDebugDotFlagsHandles = 1024
};
typedef struct hipMemAllocationProp {
    hipMemAllocationType type;
    hipMemAllocationHandleType requestedHandleType;
    hipMemLocation location;
    void *win32HandleMetaData;
    struct {
        unsigned char compressionType, gpuDirectRDMACapable;
        unsigned short usage;
    } allocFlags;
} hipMemAllocationProp;
typedef struct hipExternalSemaphoreSignalNodeParams {
    hipExternalSemaphore_t *extSemArray;
    const hipExternalSemaphoreSignalParams *paramsArray;
    unsigned int numExtSems;
} hipExternalSemaphoreSignalNodeParams;
typedef struct hipExternalSemaphoreWaitNodeParams {
    hipExternalSemaphore_t *extSemArray;
    const hipExternalSemaphoreWaitParams *paramsArray;
    unsigned int numExtSems;
} hipExternalSemaphoreWaitNodeParams;
typedef struct ihipMemGenericAllocationHandle *hipMemGenericAllocationHandle_t;
typedef enum hipMemAllocationGranularity_flags {
    hipMemAllocationGranularityMinimum = 0, hipMemAllocationGranularityRecommended = 1
} hipMemAllocationGranularity_flags;
typedef enum hipMemHandleType {
    hipMemHandleTypeGeneric = 0
} hipMemHandleType;
typedef enum hipMemOperationType {
    hipMemOperationTypeMap = 1, hipMemOperationTypeUnmap = 2
} hipMemOperationType;
typedef enum hipArraySparseSubresourceType {
    hipArraySparseSubresourceTypeSparseLevel = 0, hipArraySparseSubresourceTypeMiptail = 1
} hipArraySparseSubresourceType;
typedef struct hipArrayMapInfo {
    hipResourceType resourceType;
    union {
        hipMipmappedArray mipmap;
        hipArray_t array;
    } resource;
    hipArraySparseSubresourceType subresourceType;
    union {
        struct {
            unsigned int level, layer, offsetX, offsetY, offsetZ;
            unsigned int extentWidth, extentHeight, extentDepth;
        } sparseLevel;
        struct {
            unsigned int layer;
            unsigned long long offset, size;
        } miptail;
    } subresource;
    hipMemOperationType memOperationType;
    hipMemHandleType memHandleType;
    union {
        hipMemGenericAllocationHandle_t memHandle;
    } memHandle;
    unsigned long long offset;
    unsigned int deviceBitMask, flags;
    unsigned int reserved[2];
} hipArrayMapInfo;
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void *userData);
typedef unsigned int GLuint;
typedef unsigned int GLenum;

/* ---- flag and limit macros ---- */
#define HIP_LAUNCH_PARAM_BUFFER_POINTER              ((void*)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE                 ((void*)0x02)
#define HIP_LAUNCH_PARAM_END                         ((void*)0x03)
#define hipIpcMemLazyEnablePeerAccess                0
#define HIP_IPC_HANDLE_SIZE                          64
#define hipStreamDefault                             0x00
#define hipStreamNonBlocking                         0x01
#define hipEventDefault                              0x0
#define hipEventBlockingSync                         0x1
#define hipEventDisableTiming                        0x2
#define hipEventInterprocess                         0x4
#define hipEventDisableSystemFence                   0x20000000
#define hipEventReleaseToDevice                      0x40000000
#define hipEventReleaseToSystem                      0x80000000
#define hipHostMallocDefault                         0x0
#define hipHostMallocPortable                        0x1
#define hipHostMallocMapped                          0x2
#define hipHostMallocWriteCombined                   0x4
#define hipHostMallocNumaUser                        0x20000000
#define hipHostMallocCoherent                        0x40000000
#define hipHostMallocNonCoherent                     0x80000000
#define hipMemAttachGlobal                           0x01
#define hipMemAttachHost                             0x02
#define hipMemAttachSingle                           0x04
#define hipDeviceMallocDefault                       0x0
#define hipDeviceMallocFinegrained                   0x1
#define hipMallocSignalMemory                        0x2
#define hipDeviceMallocUncached                      0x3
#define hipHostRegisterDefault                       0x0
#define hipHostRegisterPortable                      0x1
#define hipHostRegisterMapped                        0x2
#define hipHostRegisterIoMemory                      0x4
#define hipHostRegisterReadOnly                      0x08
#define hipExtHostRegisterCoarseGrained              0x8
#define hipDeviceScheduleAuto                        0x0
#define hipDeviceScheduleSpin                        0x1
#define hipDeviceScheduleYield                       0x2
#define hipDeviceScheduleBlockingSync                0x4
#define hipDeviceScheduleMask                        0x7
#define hipDeviceMapHost                             0x8
#define hipDeviceLmemResizeToMax                     0x10
#define hipArrayDefault                              0x00
#define hipArrayLayered                              0x01
#define hipArraySurfaceLoadStore                     0x02
#define hipArrayCubemap                              0x04
#define hipArrayTextureGather                        0x08
#define hipOccupancyDefault                          0x00
#define hipOccupancyDisableCachingOverride           0x01
#define hipCooperativeLaunchMultiDeviceNoPreSync     0x01
#define hipCooperativeLaunchMultiDeviceNoPostSync    0x02
#define hipCpuDeviceId                               ((int)-1)
#define hipInvalidDeviceId                           ((int)-2)
#define hipExtAnyOrderLaunch                         0x01
#define hipStreamWaitValueGte                        0x0
#define hipStreamWaitValueEq                         0x1
#define hipStreamWaitValueAnd                        0x2
#define hipStreamWaitValueNor                        0x3
#define hipStreamPerThread                           ((hipStream_t)2)
#define hipExternalMemoryDedicated                   0x1

/* ---- functions ---- */
HIP_EXTERN_C_BEGIN
struct hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, enum hipChannelFormatKind f);
void __hipGetPCH(const char **pch, unsigned int *size);
hipError_t hipInit(unsigned int flags);
hipError_t hipDriverGetVersion(int *driverVersion);
hipError_t hipRuntimeGetVersion(int *runtimeVersion);
hipError_t hipDeviceGet(hipDevice_t *device, int ordinal);
hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device);
hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device);
hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device);
hipError_t hipDeviceGetP2PAttribute(int *value, hipDeviceP2PAttr attr, int srcDevice, int dstDevice);
hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device);
hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId);
hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipSetDevice(int deviceId);
hipError_t hipGetDevice(int *deviceId);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId);
hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);
hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int deviceId);
hipError_t hipGetDevicePropertiesR0000(hipDeviceProp_tR0000 *prop, int deviceId);
hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_tR0600 *prop, int deviceId);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig);
hipError_t hipDeviceGetLimit(size_t *pValue, enum hipLimit_t limit);
hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig);
hipError_t hipGetDeviceFlags(unsigned int *flags);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipSetDeviceFlags(unsigned flags);
hipError_t hipChooseDevice(int *device, const hipDeviceProp_t *prop);
hipError_t hipChooseDeviceR0000(int *device, const hipDeviceProp_tR0000 *prop);
hipError_t hipChooseDeviceR0600(int *device, const hipDeviceProp_tR0600 *prop);
hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t *linktype, uint32_t *hopcount);
hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *handle, void *devPtr);
hipError_t hipIpcOpenMemHandle(void **devPtr, hipIpcMemHandle_t handle, unsigned int flags);
hipError_t hipIpcCloseMemHandle(void *devPtr);
hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t *handle, hipEvent_t event);
hipError_t hipIpcOpenEventHandle(hipEvent_t *event, hipIpcEventHandle_t handle);
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value);
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config);
hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorName(hipError_t hip_error);
const char *hipGetErrorString(hipError_t hipError);
hipError_t hipDrvGetErrorName(hipError_t hipError, const char **errorString);
hipError_t hipDrvGetErrorString(hipError_t hipError, const char **errorString);
hipError_t hipStreamCreate(hipStream_t *stream);
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority);
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags);
hipError_t hipStreamGetPriority(hipStream_t stream, int *priority);
hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device);
hipError_t hipExtStreamCreateWithCUMask(hipStream_t *stream, uint32_t cuMaskSize, const uint32_t *cuMask);
hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize, uint32_t *cuMask);
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
    unsigned int flags);
hipError_t hipStreamWaitValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags,
    uint32_t mask HIP_DEFAULT_ARG(0xFFFFFFFF));
hipError_t hipStreamWaitValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags,
    uint64_t mask HIP_DEFAULT_ARG(0xFFFFFFFFFFFFFFFF));
hipError_t hipStreamWriteValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags);
hipError_t hipStreamWriteValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags);
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags);
hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream HIP_DEFAULT_ARG(NULL));
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipPointerSetAttribute(const void *value, hipPointer_attribute attribute, hipDeviceptr_t ptr);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr);
hipError_t hipPointerGetAttribute(void *data, hipPointer_attribute attribute, hipDeviceptr_t ptr);
hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes, hipPointer_attribute *attributes,
    void **data, hipDeviceptr_t ptr);
hipError_t hipImportExternalSemaphore(hipExternalSemaphore_t *extSem_out,
    const hipExternalSemaphoreHandleDesc *semHandleDesc);
hipError_t hipSignalExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
    const hipExternalSemaphoreSignalParams *paramsArray, unsigned int numExtSems, hipStream_t stream);
hipError_t hipWaitExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
    const hipExternalSemaphoreWaitParams *paramsArray, unsigned int numExtSems, hipStream_t stream);
hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem);
hipError_t hipImportExternalMemory(hipExternalMemory_t *extMem_out,
    const hipExternalMemoryHandleDesc *memHandleDesc);
hipError_t hipExternalMemoryGetMappedBuffer(void **devPtr, hipExternalMemory_t extMem,
    const hipExternalMemoryBufferDesc *bufferDesc);
hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem);
hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags);
hipError_t hipMallocHost(void **ptr, size_t size);
hipError_t hipMemAllocHost(void **ptr, size_t size);
hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags HIP_DEFAULT_ARG(0x01));
hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipMemRangeGetAttribute(void *data, size_t data_size, hipMemRangeAttribute attribute,
    const void *dev_ptr, size_t count);
hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes, hipMemRangeAttribute *attributes,
    size_t num_attributes, const void *dev_ptr, size_t count);
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *dev_ptr, size_t length HIP_DEFAULT_ARG(0),
    unsigned int flags HIP_DEFAULT_ARG(0x04));
hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream);
hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold);
hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list, size_t count);
hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool, hipMemLocation *location);
hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props);
hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool, hipStream_t stream);
hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
    hipMemAllocationHandleType handle_type, unsigned int flags);
hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool, void *shared_handle,
    hipMemAllocationHandleType handle_type, unsigned int flags);
hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr);
hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool,
    hipMemPoolPtrExportData *export_data);
hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags);
hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr);
hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags);
hipError_t hipHostUnregister(void *hostPtr);
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t widthInBytes, size_t height,
    unsigned int elementSizeBytes);
hipError_t hipFree(void *ptr);
hipError_t hipFreeHost(void *ptr);
hipError_t hipHostFree(void *ptr);
hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
    hipStream_t stream);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream);
hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod, const char *name);
hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol);
hipError_t hipGetSymbolSize(size_t *size, const void *symbol);
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes,
    size_t offset HIP_DEFAULT_ARG(0), hipMemcpyKind kind HIP_DEFAULT_ARG(hipMemcpyHostToDevice));
hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
    hipMemcpyKind kind, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes,
    size_t offset HIP_DEFAULT_ARG(0), hipMemcpyKind kind HIP_DEFAULT_ARG(hipMemcpyDeviceToHost));
hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
    hipMemcpyKind kind, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemset(void *dst, int value, size_t sizeBytes);
hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count);
hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemGetInfo(size_t *free, size_t *total);
hipError_t hipMemPtrGetInfo(void *ptr, size_t *size);
hipError_t hipMallocArray(hipArray **array, const hipChannelFormatDesc *desc, size_t width,
    size_t height HIP_DEFAULT_ARG(0), unsigned int flags HIP_DEFAULT_ARG(0x00));
hipError_t hipArrayCreate(hipArray **pHandle, const HIP_ARRAY_DESCRIPTOR *pAllocateArray);
hipError_t hipArrayDestroy(hipArray *array);
hipError_t hipArray3DCreate(hipArray **array, const HIP_ARRAY3D_DESCRIPTOR *pAllocateArray);
hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent);
hipError_t hipFreeArray(hipArray *array);
hipError_t hipMalloc3DArray(hipArray **array, const struct hipChannelFormatDesc *desc,
    struct hipExtent extent, unsigned int flags);
hipError_t hipArrayGetInfo(hipChannelFormatDesc *desc, hipExtent *extent, unsigned int *flags,
    hipArray *array);
hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR *pArrayDescriptor, hipArray *array);
hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR *pArrayDescriptor, hipArray *array);
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
    size_t height, hipMemcpyKind kind);
hipError_t hipMemcpyParam2D(const hip_Memcpy2D *pCopy);
hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *pCopy, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
    size_t height, hipMemcpyKind kind, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemcpy2DToArray(hipArray *dst, size_t wOffset, size_t hOffset, const void *src,
    size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArrayAsync(hipArray *dst, size_t wOffset, size_t hOffset, const void *src,
    size_t spitch, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemcpyToArray(hipArray *dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
    hipMemcpyKind kind);
hipError_t hipMemcpyFromArray(void *dst, hipArray_const_t srcArray, size_t wOffset, size_t hOffset,
    size_t count, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipMemcpyAtoH(void *dst, hipArray *srcArray, size_t srcOffset, size_t count);
hipError_t hipMemcpyHtoA(hipArray *dstArray, size_t dstOffset, const void *srcHost, size_t count);
hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p);
hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p, hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *pCopy);
hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D *pCopy, hipStream_t stream);
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
hipError_t hipMemGetAddressRange(hipDeviceptr_t *pbase, size_t *psize, hipDeviceptr_t dptr);
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device);
hipError_t hipCtxDestroy(hipCtx_t ctx);
hipError_t hipCtxPopCurrent(hipCtx_t *ctx);
hipError_t hipCtxPushCurrent(hipCtx_t ctx);
hipError_t hipCtxSetCurrent(hipCtx_t ctx);
hipError_t hipCtxGetCurrent(hipCtx_t *ctx);
hipError_t hipCtxGetDevice(hipDevice_t *device);
hipError_t hipCtxGetApiVersion(hipCtx_t ctx, int *apiVersion);
hipError_t hipCtxGetCacheConfig(hipFuncCache_t *cacheConfig);
hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig *pConfig);
hipError_t hipCtxSynchronize(void);
hipError_t hipCtxGetFlags(unsigned int *flags);
hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags);
hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx);
hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int *flags, int *active);
hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev);
hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *pctx, hipDevice_t dev);
hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev);
hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev, unsigned int flags);
hipError_t hipModuleLoad(hipModule_t *module, const char *fname);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *kname);
hipError_t hipFuncGetAttributes(struct hipFuncAttributes *attr, const void *func);
hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib, hipFunction_t hfunc);
hipError_t hipModuleGetTexRef(textureReference **texRef, hipModule_t hmod, const char *name);
hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image, unsigned int numOptions,
    hipJitOption *options, void **optionValues);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, hipStream_t stream, void **kernelParams, void **extra);
hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, hipStream_t stream, void **kernelParams);
hipError_t hipModuleLaunchCooperativeKernelMultiDevice(hipFunctionLaunchParams *launchParamsList,
    unsigned int numDevices, unsigned int flags);
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDimX, void **kernelParams,
    unsigned int sharedMemBytes, hipStream_t stream);
hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams *launchParamsList, int numDevices,
    unsigned int flags);
hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams *launchParamsList, int numDevices,
    unsigned int flags);
hipError_t hipModuleOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, hipFunction_t f,
    size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize, hipFunction_t f,
    size_t dynSharedMemPerBlk, int blockSizeLimit, unsigned int flags);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, hipFunction_t f,
    int blockSize, size_t dynSharedMemPerBlk);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, hipFunction_t f,
    int blockSize, size_t dynSharedMemPerBlk, unsigned int flags);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *f, int blockSize,
    size_t dynSharedMemPerBlk);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *f,
    int blockSize, size_t dynSharedMemPerBlk, unsigned int flags HIP_DEFAULT_ARG(0x00));
hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, const void *f,
    size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipProfilerStart();
hipError_t hipProfilerStop();
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem HIP_DEFAULT_ARG(0),
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipSetupArgument(const void *arg, size_t size, size_t offset);
hipError_t hipLaunchByPtr(const void *func);
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem HIP_DEFAULT_ARG(0),
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem, hipStream_t *stream);
hipError_t hipLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
    size_t sharedMemBytes HIP_DEFAULT_ARG(0), hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData);
hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D *pCopy);
hipError_t hipExtLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
    size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent, hipEvent_t stopEvent, int flags);
hipError_t hipCreateTextureObject(hipTextureObject_t *pTexObject, const hipResourceDesc *pResDesc,
    const hipTextureDesc *pTexDesc, const struct hipResourceViewDesc *pResViewDesc);
hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject);
hipError_t hipGetChannelDesc(hipChannelFormatDesc *desc, hipArray_const_t array);
hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *pResDesc, hipTextureObject_t textureObject);
hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc *pResViewDesc,
    hipTextureObject_t textureObject);
hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *pTexDesc, hipTextureObject_t textureObject);
hipError_t hipTexObjectCreate(hipTextureObject_t *pTexObject, const HIP_RESOURCE_DESC *pResDesc,
    const HIP_TEXTURE_DESC *pTexDesc, const HIP_RESOURCE_VIEW_DESC *pResViewDesc);
hipError_t hipTexObjectDestroy(hipTextureObject_t texObject);
hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC *pResDesc, hipTextureObject_t texObject);
hipError_t hipTexObjectGetResourceViewDesc(HIP_RESOURCE_VIEW_DESC *pResViewDesc,
    hipTextureObject_t texObject);
hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC *pTexDesc, hipTextureObject_t texObject);
hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmappedArray,
    const struct hipChannelFormatDesc *desc, struct hipExtent extent, unsigned int numLevels,
    unsigned int flags HIP_DEFAULT_ARG(0));
hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray);
hipError_t hipGetMipmappedArrayLevel(hipArray_t *levelArray, hipMipmappedArray_const_t mipmappedArray,
    unsigned int level);
hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t *pHandle,
    HIP_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc, unsigned int numMipmapLevels);
hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray);
hipError_t hipMipmappedArrayGetLevel(hipArray_t *pLevelArray, hipMipmappedArray_t hMipMappedArray,
    unsigned int level);
hipError_t hipBindTextureToMipmappedArray(const textureReference *tex,
    hipMipmappedArray_const_t mipmappedArray, const hipChannelFormatDesc *desc);
hipError_t hipGetTextureReference(const textureReference **texref, const void *symbol);
hipError_t hipTexRefSetAddressMode(textureReference *texRef, int dim, enum hipTextureAddressMode am);
hipError_t hipTexRefSetArray(textureReference *tex, hipArray_const_t array, unsigned int flags);
hipError_t hipTexRefSetFilterMode(textureReference *texRef, enum hipTextureFilterMode fm);
hipError_t hipTexRefSetFlags(textureReference *texRef, unsigned int Flags);
hipError_t hipTexRefSetFormat(textureReference *texRef, hipArray_Format fmt, int NumPackedComponents);
hipError_t hipBindTexture(size_t *offset, const textureReference *tex, const void *devPtr,
    const hipChannelFormatDesc *desc, size_t size HIP_DEFAULT_ARG(UINT_MAX));
hipError_t hipBindTexture2D(size_t *offset, const textureReference *tex, const void *devPtr,
    const hipChannelFormatDesc *desc, size_t width, size_t height, size_t pitch);
hipError_t hipBindTextureToArray(const textureReference *tex, hipArray_const_t array,
    const hipChannelFormatDesc *desc);
hipError_t hipGetTextureAlignmentOffset(size_t *offset, const textureReference *texref);
hipError_t hipUnbindTexture(const textureReference *tex);
hipError_t hipTexRefGetAddress(hipDeviceptr_t *dev_ptr, const textureReference *texRef);
hipError_t hipTexRefGetAddressMode(enum hipTextureAddressMode *pam, const textureReference *texRef, int dim);
hipError_t hipTexRefGetFilterMode(enum hipTextureFilterMode *pfm, const textureReference *texRef);
hipError_t hipTexRefGetFlags(unsigned int *pFlags, const textureReference *texRef);
hipError_t hipTexRefGetFormat(hipArray_Format *pFormat, int *pNumChannels, const textureReference *texRef);
hipError_t hipTexRefGetMaxAnisotropy(int *pmaxAnsio, const textureReference *texRef);
hipError_t hipTexRefGetMipmapFilterMode(enum hipTextureFilterMode *pfm, const textureReference *texRef);
hipError_t hipTexRefGetMipmapLevelBias(float *pbias, const textureReference *texRef);
hipError_t hipTexRefGetMipmapLevelClamp(float *pminMipmapLevelClamp, float *pmaxMipmapLevelClamp,
    const textureReference *texRef);
hipError_t hipTexRefGetMipMappedArray(hipMipmappedArray_t *pArray, const textureReference *texRef);
hipError_t hipTexRefSetAddress(size_t *ByteOffset, textureReference *texRef, hipDeviceptr_t dptr,
    size_t bytes);
hipError_t hipTexRefSetAddress2D(textureReference *texRef, const HIP_ARRAY_DESCRIPTOR *desc,
    hipDeviceptr_t dptr, size_t Pitch);
hipError_t hipTexRefSetMaxAnisotropy(textureReference *texRef, unsigned int maxAniso);
hipError_t hipTexRefSetBorderColor(textureReference *texRef, float *pBorderColor);
hipError_t hipTexRefSetMipmapFilterMode(textureReference *texRef, enum hipTextureFilterMode fm);
hipError_t hipTexRefSetMipmapLevelBias(textureReference *texRef, float bias);
hipError_t hipTexRefSetMipmapLevelClamp(textureReference *texRef, float minMipMapLevelClamp,
    float maxMipMapLevelClamp);
hipError_t hipTexRefSetMipmappedArray(textureReference *texRef, struct hipMipmappedArray *mipmappedArray,
    unsigned int Flags);
const char *hipApiName(uint32_t id);
const char *hipKernelNameRef(const hipFunction_t f);
const char *hipKernelNameRefByPtr(const void *hostFunction, hipStream_t stream);
int hipGetStreamDeviceId(hipStream_t stream);
hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph);
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus,
    unsigned long long *pId);
hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream, hipStreamCaptureStatus *captureStatus_out,
    unsigned long long *id_out HIP_DEFAULT_ARG(0), hipGraph_t *graph_out HIP_DEFAULT_ARG(0),
    const hipGraphNode_t **dependencies_out HIP_DEFAULT_ARG(0),
    size_t *numDependencies_out HIP_DEFAULT_ARG(0));
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus);
hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream, hipGraphNode_t *dependencies,
    size_t numDependencies, unsigned int flags HIP_DEFAULT_ARG(0));
hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode);
hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
    size_t numDependencies);
hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t *from,
    const hipGraphNode_t *to, size_t numDependencies);
hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t *from, hipGraphNode_t *to, size_t *numEdges);
hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes);
hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes, size_t *pNumRootNodes);
hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t *pDependencies,
    size_t *pNumDependencies);
hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node, hipGraphNode_t *pDependentNodes,
    size_t *pNumDependentNodes);
hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType);
hipError_t hipGraphDestroyNode(hipGraphNode_t node);
hipError_t hipGraphClone(hipGraph_t *pGraphClone, hipGraph_t originalGraph);
hipError_t hipGraphNodeFindInClone(hipGraphNode_t *pNode, hipGraphNode_t originalNode,
    hipGraph_t clonedGraph);
hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph, hipGraphNode_t *pErrorNode,
    char *pLogBuffer, size_t bufferSize);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph,
    unsigned long long flags);
hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipGraphNode_t *hErrorNode_out,
    hipGraphExecUpdateResult *updateResult_out);
hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams *pNodeParams);
hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node, const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, const hipMemcpy3DParms *pCopyParams);
hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node, hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node, const hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode, hipKernelNodeAttrID attr,
    const hipKernelNodeAttrValue *value);
hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode, hipKernelNodeAttrID attr,
    hipKernelNodeAttrValue *value);
hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
    hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, void *dst, const void *src, size_t count,
    hipMemcpyKind kind);
hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst, const void *src, size_t count,
    hipMemcpyKind kind);
hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst,
    const void *src, size_t count, hipMemcpyKind kind);
hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, void *dst, const void *symbol,
    size_t count, size_t offset, hipMemcpyKind kind);
hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void *dst, const void *symbol,
    size_t count, size_t offset, hipMemcpyKind kind);
hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(hipGraphExec_t hGraphExec, hipGraphNode_t node,
    void *dst, const void *symbol, size_t count, size_t offset, hipMemcpyKind kind);
hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, const void *symbol, const void *src,
    size_t count, size_t offset, hipMemcpyKind kind);
hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node, const void *symbol, const void *src,
    size_t count, size_t offset, hipMemcpyKind kind);
hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const void *symbol, const void *src, size_t count, size_t offset, hipMemcpyKind kind);
hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, const hipMemsetParams *pMemsetParams);
hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node, hipMemsetParams *pNodeParams);
hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node, const hipMemsetParams *pNodeParams);
hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipMemsetParams *pNodeParams);
hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, const hipHostNodeParams *pNodeParams);
hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node, hipHostNodeParams *pNodeParams);
hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node, const hipHostNodeParams *pNodeParams);
hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipHostNodeParams *pNodeParams);
hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, hipGraph_t childGraph);
hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t *pGraph);
hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
    hipGraph_t childGraph);
hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies);
hipError_t hipGraphAddEventRecordNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, hipEvent_t event);
hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out);
hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event);
hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    hipEvent_t event);
hipError_t hipGraphAddEventWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, hipEvent_t event);
hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out);
hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event);
hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    hipEvent_t event);
hipError_t hipGraphAddMemAllocNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, hipMemAllocNodeParams *pNodeParams);
hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node, hipMemAllocNodeParams *pNodeParams);
hipError_t hipGraphAddMemFreeNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies, void *dev_ptr);
hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void *dev_ptr);
hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr, void *value);
hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr, void *value);
hipError_t hipDeviceGraphMemTrim(int device);
hipError_t hipUserObjectCreate(hipUserObject_t *object_out, void *ptr, hipHostFn_t destroy,
    unsigned int initialRefcount, unsigned int flags);
hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count HIP_DEFAULT_ARG(1));
hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count HIP_DEFAULT_ARG(1));
hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
    unsigned int count HIP_DEFAULT_ARG(1), unsigned int flags HIP_DEFAULT_ARG(0));
hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
    unsigned int count HIP_DEFAULT_ARG(1));
hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char *path, unsigned int flags);
hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc, hipGraphNode_t hDst);
hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode, unsigned int isEnabled);
hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode, unsigned int *isEnabled);
hipError_t hipGraphAddExternalSemaphoresWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies,
    const hipExternalSemaphoreWaitNodeParams *nodeParams);
hipError_t hipGraphAddExternalSemaphoresSignalNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
    const hipGraphNode_t *pDependencies, size_t numDependencies,
    const hipExternalSemaphoreSignalNodeParams *nodeParams);
hipError_t hipGraphExternalSemaphoresSignalNodeSetParams(hipGraphNode_t hNode,
    const hipExternalSemaphoreSignalNodeParams *nodeParams);
hipError_t hipGraphExternalSemaphoresWaitNodeSetParams(hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams *nodeParams);
hipError_t hipGraphExternalSemaphoresSignalNodeGetParams(hipGraphNode_t hNode,
    const hipExternalSemaphoreSignalNodeParams *params_out);
hipError_t hipGraphExternalSemaphoresWaitNodeGetParams(hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams *params_out);
hipError_t hipGraphExecExternalSemaphoresSignalNodeSetParams(hipGraphExec_t hGraphExec,
    hipGraphNode_t hNode, const hipExternalSemaphoreSignalNodeParams *nodeParams);
hipError_t hipGraphExecExternalSemaphoresWaitNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams *nodeParams);
hipError_t hipMemAddressFree(void *devPtr, size_t size);
hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr,
    unsigned long long flags);
hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size,
    const hipMemAllocationProp *prop, unsigned long long flags);
hipError_t hipMemExportToShareableHandle(void *shareableHandle, hipMemGenericAllocationHandle_t handle,
    hipMemAllocationHandleType handleType, unsigned long long flags);
hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location, void *ptr);
hipError_t hipMemGetAllocationGranularity(size_t *granularity, const hipMemAllocationProp *prop,
    hipMemAllocationGranularity_flags option);
hipError_t hipMemGetAllocationPropertiesFromHandle(hipMemAllocationProp *prop,
    hipMemGenericAllocationHandle_t handle);
hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle, void *osHandle,
    hipMemAllocationHandleType shHandleType);
hipError_t hipMemMap(void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,
    unsigned long long flags);
hipError_t hipMemMapArrayAsync(hipArrayMapInfo *mapInfoList, unsigned int count, hipStream_t stream);
hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle);
hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle, void *addr);
hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count);
hipError_t hipMemUnmap(void *ptr, size_t size);
hipError_t hipGLGetDevices(unsigned int *pHipDeviceCount, int *pHipDevices, unsigned int hipDeviceCount,
    hipGLDeviceList deviceList);
hipError_t hipGraphicsGLRegisterBuffer(hipGraphicsResource **resource, GLuint buffer, unsigned int flags);
hipError_t hipGraphicsGLRegisterImage(hipGraphicsResource **resource, GLuint image, GLenum target,
    unsigned int flags);
hipError_t hipGraphicsMapResources(int count, hipGraphicsResource_t *resources,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipGraphicsSubResourceGetMappedArray(hipArray_t *array, hipGraphicsResource_t resource,
    unsigned int arrayIndex, unsigned int mipLevel);
hipError_t hipGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, hipGraphicsResource_t resource);
hipError_t hipGraphicsUnmapResources(int count, hipGraphicsResource_t *resources,
    hipStream_t stream HIP_DEFAULT_ARG(0));
hipError_t hipGraphicsUnregisterResource(hipGraphicsResource_t resource);
hipError_t hipCreateSurfaceObject(hipSurfaceObject_t *pSurfObject, const hipResourceDesc *pResDesc);
hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject);

/* per-thread default stream entry points */
hipError_t hipMemcpy_spt(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyToSymbol_spt(const void *symbol, const void *src, size_t sizeBytes,
    size_t offset HIP_DEFAULT_ARG(0), hipMemcpyKind kind HIP_DEFAULT_ARG(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol_spt(void *dst, const void *symbol, size_t sizeBytes,
    size_t offset HIP_DEFAULT_ARG(0), hipMemcpyKind kind HIP_DEFAULT_ARG(hipMemcpyDeviceToHost));
hipError_t hipMemcpy2D_spt(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
    size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArray_spt(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy3D_spt(const struct hipMemcpy3DParms *p);
hipError_t hipMemset_spt(void *dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync_spt(void *dst, int value, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemset2D_spt(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync_spt(void *dst, size_t pitch, int value, size_t width, size_t height,
    hipStream_t stream);
hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent, hipStream_t stream);
hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemcpyAsync_spt(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
    hipStream_t stream);
hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms *p, hipStream_t stream);
hipError_t hipMemcpy2DAsync_spt(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
    size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromSymbolAsync_spt(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
    hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyToSymbolAsync_spt(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
    hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromArray_spt(void *dst, hipArray_const_t src, size_t wOffsetSrc, size_t hOffset,
    size_t count, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArray_spt(hipArray *dst, size_t wOffset, size_t hOffset, const void *src,
    size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync_spt(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffsetSrc,
    size_t hOffsetSrc, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2DToArrayAsync_spt(hipArray *dst, size_t wOffset, size_t hOffset, const void *src,
    size_t spitch, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipStreamQuery_spt(hipStream_t stream);
hipError_t hipStreamSynchronize_spt(hipStream_t stream);
hipError_t hipStreamGetPriority_spt(hipStream_t stream, int *priority);
hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event, unsigned int flags);
hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int *flags);
hipError_t hipStreamAddCallback_spt(hipStream_t stream, hipStreamCallback_t callback, void *userData,
    unsigned int flags);
hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream HIP_DEFAULT_ARG(NULL));
hipError_t hipLaunchCooperativeKernel_spt(const void *f, dim3 gridDim, dim3 blockDim, void **kernelParams,
    uint32_t sharedMemBytes, hipStream_t hStream);
hipError_t hipLaunchKernel_spt(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
    size_t sharedMemBytes, hipStream_t stream);
hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipStreamBeginCapture_spt(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t *pGraph);
hipError_t hipStreamIsCapturing_spt(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus);
hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus,
    unsigned long long *pId);
hipError_t hipStreamGetCaptureInfo_v2_spt(hipStream_t stream, hipStreamCaptureStatus *captureStatus_out,
    unsigned long long *id_out, hipGraph_t *graph_out, const hipGraphNode_t **dependencies_out,
    size_t *numDependencies_out);
hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void *userData);
HIP_EXTERN_C_END

#if defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
#define hipMemcpy                        hipMemcpy_spt
#define hipMemcpyToSymbol                hipMemcpyToSymbol_spt
#define hipMemcpyFromSymbol              hipMemcpyFromSymbol_spt
#define hipMemcpy2D                      hipMemcpy2D_spt
#define hipMemcpy2DFromArray             hipMemcpy2DFromArray_spt
#define hipMemcpy3D                      hipMemcpy3D_spt
#define hipMemset                        hipMemset_spt
#define hipMemsetAsync                   hipMemsetAsync_spt
#define hipMemset2D                      hipMemset2D_spt
#define hipMemset2DAsync                 hipMemset2DAsync_spt
#define hipMemset3DAsync                 hipMemset3DAsync_spt
#define hipMemset3D                      hipMemset3D_spt
#define hipMemcpyAsync                   hipMemcpyAsync_spt
#define hipMemcpy3DAsync                 hipMemcpy3DAsync_spt
#define hipMemcpy2DAsync                 hipMemcpy2DAsync_spt
#define hipMemcpyFromSymbolAsync         hipMemcpyFromSymbolAsync_spt
#define hipMemcpyToSymbolAsync           hipMemcpyToSymbolAsync_spt
#define hipMemcpyFromArray               hipMemcpyFromArray_spt
#define hipMemcpy2DToArray               hipMemcpy2DToArray_spt
#define hipMemcpy2DFromArrayAsync        hipMemcpy2DFromArrayAsync_spt
#define hipMemcpy2DToArrayAsync          hipMemcpy2DToArrayAsync_spt
#define hipStreamQuery                   hipStreamQuery_spt
#define hipStreamSynchronize             hipStreamSynchronize_spt
#define hipStreamGetPriority             hipStreamGetPriority_spt
#define hipStreamWaitEvent               hipStreamWaitEvent_spt
#define hipStreamGetFlags                hipStreamGetFlags_spt
#define hipStreamAddCallback             hipStreamAddCallback_spt
#define hipEventRecord                   hipEventRecord_spt
#define hipLaunchCooperativeKernel       hipLaunchCooperativeKernel_spt
#define hipLaunchKernel                  hipLaunchKernel_spt
#define hipGraphLaunch                   hipGraphLaunch_spt
#define hipStreamBeginCapture            hipStreamBeginCapture_spt
#define hipStreamEndCapture              hipStreamEndCapture_spt
#define hipStreamIsCapturing             hipStreamIsCapturing_spt
#define hipStreamGetCaptureInfo          hipStreamGetCaptureInfo_spt
#define hipStreamGetCaptureInfo_v2       hipStreamGetCaptureInfo_v2_spt
#define hipLaunchHostFunc                hipLaunchHostFunc_spt
#endif

#ifdef __cplusplus
/* ---- C++ conveniences: typed-pointer overloads and kernel-pointer forms ---- */
template <class T> static inline hipError_t hipMalloc(T **p, size_t n) {
    return hipMalloc(reinterpret_cast<void **>(p), n);
}
template <class T> static inline hipError_t hipHostMalloc(T **p, size_t n, unsigned int flags = hipHostMallocDefault) {
    return hipHostMalloc(reinterpret_cast<void **>(p), n, flags);
}
template <class T> static inline hipError_t hipMallocManaged(T **p, size_t n, unsigned int flags = hipMemAttachGlobal) {
    return hipMallocManaged(reinterpret_cast<void **>(p), n, flags);
}
template <class T> static inline hipError_t hipMallocPitch(T **p, size_t *pitch, size_t w, size_t h) {
    return hipMallocPitch(reinterpret_cast<void **>(p), pitch, w, h);
}
static inline hipError_t hipMallocAsync(void **p, size_t n, hipMemPool_t pool, hipStream_t s) {
    return hipMallocFromPoolAsync(p, n, pool, s);
}
template <class T> static inline hipError_t hipMallocAsync(T **p, size_t n, hipMemPool_t pool, hipStream_t s) {
    return hipMallocFromPoolAsync(reinterpret_cast<void **>(p), n, pool, s);
}
template <class T> static inline hipError_t hipMallocAsync(T **p, size_t n, hipStream_t s) {
    return hipMallocAsync(reinterpret_cast<void **>(p), n, s);
}
template <class T> static inline hipError_t hipMallocFromPoolAsync(T **p, size_t n, hipMemPool_t pool, hipStream_t s) {
    return hipMallocFromPoolAsync(reinterpret_cast<void **>(p), n, pool, s);
}
template <class T> static inline hipError_t hipGetSymbolAddress(void **p, const T &sym) {
    return ::hipGetSymbolAddress(p, static_cast<const void *>(&sym));
}
template <class T> static inline hipError_t hipGetSymbolSize(size_t *n, const T &sym) {
    return ::hipGetSymbolSize(n, static_cast<const void *>(&sym));
}
template <class T>
static inline hipError_t hipMemcpyToSymbol(const T &sym, const void *src, size_t n, size_t off = 0,
                                           hipMemcpyKind k = hipMemcpyHostToDevice) {
    return ::hipMemcpyToSymbol(static_cast<const void *>(&sym), src, n, off, k);
}
template <class T>
static inline hipError_t hipMemcpyToSymbolAsync(const T &sym, const void *src, size_t n, size_t off,
                                                hipMemcpyKind k, hipStream_t s = 0) {
    return ::hipMemcpyToSymbolAsync(static_cast<const void *>(&sym), src, n, off, k, s);
}
template <class T>
static inline hipError_t hipMemcpyFromSymbol(void *dst, const T &sym, size_t n, size_t off = 0,
                                             hipMemcpyKind k = hipMemcpyDeviceToHost) {
    return ::hipMemcpyFromSymbol(dst, static_cast<const void *>(&sym), n, off, k);
}
template <class T>
static inline hipError_t hipMemcpyFromSymbolAsync(void *dst, const T &sym, size_t n, size_t off,
                                                  hipMemcpyKind k, hipStream_t s = 0) {
    return ::hipMemcpyFromSymbolAsync(dst, static_cast<const void *>(&sym), n, off, k, s);
}
template <class F>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *nb, F f, int bs, size_t shm) {
    return ::hipOccupancyMaxActiveBlocksPerMultiprocessor(nb, reinterpret_cast<const void *>(f), bs, shm);
}
template <class F>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *nb, F f, int bs, size_t shm,
                                                                               unsigned int flags) {
    return ::hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(nb, reinterpret_cast<const void *>(f), bs,
                                                                   shm, flags);
}
template <class F>
static inline hipError_t hipOccupancyMaxPotentialBlockSize(int *grid, int *block, F f, size_t shm = 0,
                                                           int limit = 0) {
    return ::hipOccupancyMaxPotentialBlockSize(grid, block, reinterpret_cast<const void *>(f), shm, limit);
}
template <class F>
static inline hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, F f) {
    return ::hipFuncGetAttributes(attr, reinterpret_cast<const void *>(f));
}
template <class F>
static inline hipError_t hipFuncSetAttribute(F f, hipFuncAttribute attr, int value) {
    return ::hipFuncSetAttribute(reinterpret_cast<const void *>(f), attr, value);
}
template <class F>
static inline hipError_t hipFuncSetCacheConfig(F f, hipFuncCache_t c) {
    return ::hipFuncSetCacheConfig(reinterpret_cast<const void *>(f), c);
}
template <class F>
static inline hipError_t hipLaunchKernel(F f, dim3 grid, dim3 block, void **args, size_t shm = 0,
                                         hipStream_t s = 0) {
    return ::hipLaunchKernel(reinterpret_cast<const void *>(f), grid, block, args, shm, s);
}
template <class F>
static inline hipError_t hipLaunchCooperativeKernel(F f, dim3 grid, dim3 block, void **args,
                                                   unsigned int shm, hipStream_t s) {
    return ::hipLaunchCooperativeKernel(reinterpret_cast<const void *>(f), grid, block, args, shm, s);
}
#endif /* __cplusplus */

#endif /* OXROCM_HIP_HIP_RUNTIME_API_H */
