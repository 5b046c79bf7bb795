//! C-ABI mirrors of the HIP types of ROCm 5.7 (libamdhip64.so.5), plus the later layouts
//! that differ (ROCm 6.x `hipDeviceProp_tR0600`, 6.x `hipMemoryType` numbering and size_t
//! `HIP_MEMCPY3D`; 7.x `hipMemsetParams` keeps the 5.x/6.x layout). Names are the C names;
//! C enums are `c_int` aliases with one `const` per enumerator. `abi-tests/` and
//! `tests/abi_layout.rs` check every size, offset and value here against the C headers.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, dead_code)]

use core::ffi::{c_char, c_int, c_uint, c_void};

// ---- opaque handles ----
pub type hipStream_t = *mut c_void;
pub type hipEvent_t = *mut c_void;
pub type hipCtx_t = *mut c_void;
pub type hipModule_t = *mut c_void;
pub type hipFunction_t = *mut c_void;
pub type hipMemPool_t = *mut c_void;
pub type hipGraph_t = *mut c_void;
pub type hipGraphNode_t = *mut c_void;
pub type hipGraphExec_t = *mut c_void;
pub type hipUserObject_t = *mut c_void;
pub type hipDeviceptr_t = *mut c_void;
pub type hipTextureObject_t = *mut c_void;
pub type hipSurfaceObject_t = *mut c_void;
pub type hipExternalMemory_t = *mut c_void;
pub type hipExternalSemaphore_t = *mut c_void;
pub type hipGraphicsResource_t = *mut c_void;
pub type hipMemGenericAllocationHandle_t = *mut c_void;
pub type hipMipmappedArray_t = *mut c_void;
pub type hipArray_t = *mut hipArray;
pub type hipArray_const_t = *const hipArray;
pub type hipDevice_t = c_int;
pub type hipHostFn_t = Option<unsafe extern "C" fn(userData: *mut c_void)>;
pub type hipStreamCallback_t =
    Option<unsafe extern "C" fn(stream: hipStream_t, status: hipError_t, userData: *mut c_void)>;

// ---- enums (C enums are int-sized) ----

pub type HIPaddress_mode = c_int;
pub type HIPaddress_mode_enum = c_int;
pub type HIPfilter_mode = c_int;
pub type HIPfilter_mode_enum = c_int;
pub type HIPresourceViewFormat = c_int;
pub type HIPresourceViewFormat_enum = c_int;
pub type HIPresourcetype = c_int;
pub type HIPresourcetype_enum = c_int;
pub type hipAccessProperty = c_int;
pub type hipArraySparseSubresourceType = c_int;
pub type hipArray_Format = c_int;
pub type hipChannelFormatKind = c_int;
pub type hipComputeMode = c_int;
pub type hipDeviceAttribute_t = c_int;
pub type hipDeviceP2PAttr = c_int;
pub type hipError_t = i32;
pub type hipExternalMemoryHandleType = c_int;
pub type hipExternalMemoryHandleType_enum = c_int;
pub type hipExternalSemaphoreHandleType = c_int;
pub type hipExternalSemaphoreHandleType_enum = c_int;
pub type hipFuncAttribute = c_int;
pub type hipFuncCache_t = c_int;
pub type hipFunction_attribute = c_int;
pub type hipGLDeviceList = c_int;
pub type hipGraphDebugDotFlags = c_int;
pub type hipGraphExecUpdateResult = c_int;
pub type hipGraphInstantiateFlags = c_int;
pub type hipGraphMemAttributeType = c_int;
pub type hipGraphNodeType = c_int;
pub type hipGraphicsRegisterFlags = c_int;
pub type hipJitOption = c_int;
pub type hipKernelNodeAttrID = c_int;
pub type hipLimit_t = c_int;
pub type hipMemAccessFlags = c_int;
pub type hipMemAllocationGranularity_flags = c_int;
pub type hipMemAllocationHandleType = c_int;
pub type hipMemAllocationType = c_int;
pub type hipMemHandleType = c_int;
pub type hipMemLocationType = c_int;
pub type hipMemOperationType = c_int;
pub type hipMemPoolAttr = c_int;
pub type hipMemRangeAttribute = c_int;
pub type hipMemRangeCoherencyMode = c_int;
pub type hipMemcpyKind = c_int;
pub type hipMemoryAdvise = c_int;
pub type hipPointer_attribute = c_int;
pub type hipResourceType = c_int;
pub type hipResourceViewFormat = c_int;
pub type hipResourcetype = c_int;
pub type hipSharedMemConfig = c_int;
pub type hipStreamCaptureMode = c_int;
pub type hipStreamCaptureStatus = c_int;
pub type hipStreamUpdateCaptureDependenciesFlags = c_int;
pub type hipSurfaceBoundaryMode = c_int;
pub type hipTextureAddressMode = c_int;
pub type hipTextureFilterMode = c_int;
pub type hipTextureReadMode = c_int;
pub type hipUserObjectFlags = c_int;
pub type hipUserObjectRetainFlags = c_int;
pub type hipMemoryType = c_int;


// hipError_t
pub const hipSuccess: hipError_t = 0;
pub const hipErrorInvalidValue: hipError_t = 1;
pub const hipErrorOutOfMemory: hipError_t = 2;
pub const hipErrorMemoryAllocation: hipError_t = 2;
pub const hipErrorNotInitialized: hipError_t = 3;
pub const hipErrorInitializationError: hipError_t = 3;
pub const hipErrorDeinitialized: hipError_t = 4;
pub const hipErrorProfilerDisabled: hipError_t = 5;
pub const hipErrorProfilerNotInitialized: hipError_t = 6;
pub const hipErrorProfilerAlreadyStarted: hipError_t = 7;
pub const hipErrorProfilerAlreadyStopped: hipError_t = 8;
pub const hipErrorInvalidConfiguration: hipError_t = 9;
pub const hipErrorInvalidPitchValue: hipError_t = 12;
pub const hipErrorInvalidSymbol: hipError_t = 13;
pub const hipErrorInvalidDevicePointer: hipError_t = 17;
pub const hipErrorInvalidMemcpyDirection: hipError_t = 21;
pub const hipErrorInsufficientDriver: hipError_t = 35;
pub const hipErrorMissingConfiguration: hipError_t = 52;
pub const hipErrorPriorLaunchFailure: hipError_t = 53;
pub const hipErrorInvalidDeviceFunction: hipError_t = 98;
pub const hipErrorNoDevice: hipError_t = 100;
pub const hipErrorInvalidDevice: hipError_t = 101;
pub const hipErrorInvalidImage: hipError_t = 200;
pub const hipErrorInvalidContext: hipError_t = 201;
pub const hipErrorContextAlreadyCurrent: hipError_t = 202;
pub const hipErrorMapFailed: hipError_t = 205;
pub const hipErrorMapBufferObjectFailed: hipError_t = 205;
pub const hipErrorUnmapFailed: hipError_t = 206;
pub const hipErrorArrayIsMapped: hipError_t = 207;
pub const hipErrorAlreadyMapped: hipError_t = 208;
pub const hipErrorNoBinaryForGpu: hipError_t = 209;
pub const hipErrorAlreadyAcquired: hipError_t = 210;
pub const hipErrorNotMapped: hipError_t = 211;
pub const hipErrorNotMappedAsArray: hipError_t = 212;
pub const hipErrorNotMappedAsPointer: hipError_t = 213;
pub const hipErrorECCNotCorrectable: hipError_t = 214;
pub const hipErrorUnsupportedLimit: hipError_t = 215;
pub const hipErrorContextAlreadyInUse: hipError_t = 216;
pub const hipErrorPeerAccessUnsupported: hipError_t = 217;
pub const hipErrorInvalidKernelFile: hipError_t = 218;
pub const hipErrorInvalidGraphicsContext: hipError_t = 219;
pub const hipErrorInvalidSource: hipError_t = 300;
pub const hipErrorFileNotFound: hipError_t = 301;
pub const hipErrorSharedObjectSymbolNotFound: hipError_t = 302;
pub const hipErrorSharedObjectInitFailed: hipError_t = 303;
pub const hipErrorOperatingSystem: hipError_t = 304;
pub const hipErrorInvalidHandle: hipError_t = 400;
pub const hipErrorInvalidResourceHandle: hipError_t = 400;
pub const hipErrorIllegalState: hipError_t = 401;
pub const hipErrorNotFound: hipError_t = 500;
pub const hipErrorNotReady: hipError_t = 600;
pub const hipErrorIllegalAddress: hipError_t = 700;
pub const hipErrorLaunchOutOfResources: hipError_t = 701;
pub const hipErrorLaunchTimeOut: hipError_t = 702;
pub const hipErrorPeerAccessAlreadyEnabled: hipError_t = 704;
pub const hipErrorPeerAccessNotEnabled: hipError_t = 705;
pub const hipErrorSetOnActiveProcess: hipError_t = 708;
pub const hipErrorContextIsDestroyed: hipError_t = 709;
pub const hipErrorAssert: hipError_t = 710;
pub const hipErrorHostMemoryAlreadyRegistered: hipError_t = 712;
pub const hipErrorHostMemoryNotRegistered: hipError_t = 713;
pub const hipErrorLaunchFailure: hipError_t = 719;
pub const hipErrorCooperativeLaunchTooLarge: hipError_t = 720;
pub const hipErrorNotSupported: hipError_t = 801;
pub const hipErrorStreamCaptureUnsupported: hipError_t = 900;
pub const hipErrorStreamCaptureInvalidated: hipError_t = 901;
pub const hipErrorStreamCaptureMerge: hipError_t = 902;
pub const hipErrorStreamCaptureUnmatched: hipError_t = 903;
pub const hipErrorStreamCaptureUnjoined: hipError_t = 904;
pub const hipErrorStreamCaptureIsolation: hipError_t = 905;
pub const hipErrorStreamCaptureImplicit: hipError_t = 906;
pub const hipErrorCapturedEvent: hipError_t = 907;
pub const hipErrorStreamCaptureWrongThread: hipError_t = 908;
pub const hipErrorGraphExecUpdateFailure: hipError_t = 910;
pub const hipErrorUnknown: hipError_t = 999;
pub const hipErrorRuntimeMemory: hipError_t = 1052;
pub const hipErrorRuntimeOther: hipError_t = 1053;
pub const hipErrorTbd: hipError_t = 1054;

// hipDeviceAttribute_t
pub const hipDeviceAttributeCudaCompatibleBegin: hipDeviceAttribute_t = 0;
pub const hipDeviceAttributeEccEnabled: hipDeviceAttribute_t = 0;
pub const hipDeviceAttributeAccessPolicyMaxWindowSize: hipDeviceAttribute_t = 1;
pub const hipDeviceAttributeAsyncEngineCount: hipDeviceAttribute_t = 2;
pub const hipDeviceAttributeCanMapHostMemory: hipDeviceAttribute_t = 3;
pub const hipDeviceAttributeCanUseHostPointerForRegisteredMem: hipDeviceAttribute_t = 4;
pub const hipDeviceAttributeClockRate: hipDeviceAttribute_t = 5;
pub const hipDeviceAttributeComputeMode: hipDeviceAttribute_t = 6;
pub const hipDeviceAttributeComputePreemptionSupported: hipDeviceAttribute_t = 7;
pub const hipDeviceAttributeConcurrentKernels: hipDeviceAttribute_t = 8;
pub const hipDeviceAttributeConcurrentManagedAccess: hipDeviceAttribute_t = 9;
pub const hipDeviceAttributeCooperativeLaunch: hipDeviceAttribute_t = 10;
pub const hipDeviceAttributeCooperativeMultiDeviceLaunch: hipDeviceAttribute_t = 11;
pub const hipDeviceAttributeDeviceOverlap: hipDeviceAttribute_t = 12;
pub const hipDeviceAttributeDirectManagedMemAccessFromHost: hipDeviceAttribute_t = 13;
pub const hipDeviceAttributeGlobalL1CacheSupported: hipDeviceAttribute_t = 14;
pub const hipDeviceAttributeHostNativeAtomicSupported: hipDeviceAttribute_t = 15;
pub const hipDeviceAttributeIntegrated: hipDeviceAttribute_t = 16;
pub const hipDeviceAttributeIsMultiGpuBoard: hipDeviceAttribute_t = 17;
pub const hipDeviceAttributeKernelExecTimeout: hipDeviceAttribute_t = 18;
pub const hipDeviceAttributeL2CacheSize: hipDeviceAttribute_t = 19;
pub const hipDeviceAttributeLocalL1CacheSupported: hipDeviceAttribute_t = 20;
pub const hipDeviceAttributeLuid: hipDeviceAttribute_t = 21;
pub const hipDeviceAttributeLuidDeviceNodeMask: hipDeviceAttribute_t = 22;
pub const hipDeviceAttributeComputeCapabilityMajor: hipDeviceAttribute_t = 23;
pub const hipDeviceAttributeManagedMemory: hipDeviceAttribute_t = 24;
pub const hipDeviceAttributeMaxBlocksPerMultiProcessor: hipDeviceAttribute_t = 25;
pub const hipDeviceAttributeMaxBlockDimX: hipDeviceAttribute_t = 26;
pub const hipDeviceAttributeMaxBlockDimY: hipDeviceAttribute_t = 27;
pub const hipDeviceAttributeMaxBlockDimZ: hipDeviceAttribute_t = 28;
pub const hipDeviceAttributeMaxGridDimX: hipDeviceAttribute_t = 29;
pub const hipDeviceAttributeMaxGridDimY: hipDeviceAttribute_t = 30;
pub const hipDeviceAttributeMaxGridDimZ: hipDeviceAttribute_t = 31;
pub const hipDeviceAttributeMaxSurface1D: hipDeviceAttribute_t = 32;
pub const hipDeviceAttributeMaxSurface1DLayered: hipDeviceAttribute_t = 33;
pub const hipDeviceAttributeMaxSurface2D: hipDeviceAttribute_t = 34;
pub const hipDeviceAttributeMaxSurface2DLayered: hipDeviceAttribute_t = 35;
pub const hipDeviceAttributeMaxSurface3D: hipDeviceAttribute_t = 36;
pub const hipDeviceAttributeMaxSurfaceCubemap: hipDeviceAttribute_t = 37;
pub const hipDeviceAttributeMaxSurfaceCubemapLayered: hipDeviceAttribute_t = 38;
pub const hipDeviceAttributeMaxTexture1DWidth: hipDeviceAttribute_t = 39;
pub const hipDeviceAttributeMaxTexture1DLayered: hipDeviceAttribute_t = 40;
pub const hipDeviceAttributeMaxTexture1DLinear: hipDeviceAttribute_t = 41;
pub const hipDeviceAttributeMaxTexture1DMipmap: hipDeviceAttribute_t = 42;
pub const hipDeviceAttributeMaxTexture2DWidth: hipDeviceAttribute_t = 43;
pub const hipDeviceAttributeMaxTexture2DHeight: hipDeviceAttribute_t = 44;
pub const hipDeviceAttributeMaxTexture2DGather: hipDeviceAttribute_t = 45;
pub const hipDeviceAttributeMaxTexture2DLayered: hipDeviceAttribute_t = 46;
pub const hipDeviceAttributeMaxTexture2DLinear: hipDeviceAttribute_t = 47;
pub const hipDeviceAttributeMaxTexture2DMipmap: hipDeviceAttribute_t = 48;
pub const hipDeviceAttributeMaxTexture3DWidth: hipDeviceAttribute_t = 49;
pub const hipDeviceAttributeMaxTexture3DHeight: hipDeviceAttribute_t = 50;
pub const hipDeviceAttributeMaxTexture3DDepth: hipDeviceAttribute_t = 51;
pub const hipDeviceAttributeMaxTexture3DAlt: hipDeviceAttribute_t = 52;
pub const hipDeviceAttributeMaxTextureCubemap: hipDeviceAttribute_t = 53;
pub const hipDeviceAttributeMaxTextureCubemapLayered: hipDeviceAttribute_t = 54;
pub const hipDeviceAttributeMaxThreadsDim: hipDeviceAttribute_t = 55;
pub const hipDeviceAttributeMaxThreadsPerBlock: hipDeviceAttribute_t = 56;
pub const hipDeviceAttributeMaxThreadsPerMultiProcessor: hipDeviceAttribute_t = 57;
pub const hipDeviceAttributeMaxPitch: hipDeviceAttribute_t = 58;
pub const hipDeviceAttributeMemoryBusWidth: hipDeviceAttribute_t = 59;
pub const hipDeviceAttributeMemoryClockRate: hipDeviceAttribute_t = 60;
pub const hipDeviceAttributeComputeCapabilityMinor: hipDeviceAttribute_t = 61;
pub const hipDeviceAttributeMultiGpuBoardGroupID: hipDeviceAttribute_t = 62;
pub const hipDeviceAttributeMultiprocessorCount: hipDeviceAttribute_t = 63;
pub const hipDeviceAttributeName: hipDeviceAttribute_t = 64;
pub const hipDeviceAttributePageableMemoryAccess: hipDeviceAttribute_t = 65;
pub const hipDeviceAttributePageableMemoryAccessUsesHostPageTables: hipDeviceAttribute_t = 66;
pub const hipDeviceAttributePciBusId: hipDeviceAttribute_t = 67;
pub const hipDeviceAttributePciDeviceId: hipDeviceAttribute_t = 68;
pub const hipDeviceAttributePciDomainID: hipDeviceAttribute_t = 69;
pub const hipDeviceAttributePersistingL2CacheMaxSize: hipDeviceAttribute_t = 70;
pub const hipDeviceAttributeMaxRegistersPerBlock: hipDeviceAttribute_t = 71;
pub const hipDeviceAttributeMaxRegistersPerMultiprocessor: hipDeviceAttribute_t = 72;
pub const hipDeviceAttributeReservedSharedMemPerBlock: hipDeviceAttribute_t = 73;
pub const hipDeviceAttributeMaxSharedMemoryPerBlock: hipDeviceAttribute_t = 74;
pub const hipDeviceAttributeSharedMemPerBlockOptin: hipDeviceAttribute_t = 75;
pub const hipDeviceAttributeSharedMemPerMultiprocessor: hipDeviceAttribute_t = 76;
pub const hipDeviceAttributeSingleToDoublePrecisionPerfRatio: hipDeviceAttribute_t = 77;
pub const hipDeviceAttributeStreamPrioritiesSupported: hipDeviceAttribute_t = 78;
pub const hipDeviceAttributeSurfaceAlignment: hipDeviceAttribute_t = 79;
pub const hipDeviceAttributeTccDriver: hipDeviceAttribute_t = 80;
pub const hipDeviceAttributeTextureAlignment: hipDeviceAttribute_t = 81;
pub const hipDeviceAttributeTexturePitchAlignment: hipDeviceAttribute_t = 82;
pub const hipDeviceAttributeTotalConstantMemory: hipDeviceAttribute_t = 83;
pub const hipDeviceAttributeTotalGlobalMem: hipDeviceAttribute_t = 84;
pub const hipDeviceAttributeUnifiedAddressing: hipDeviceAttribute_t = 85;
pub const hipDeviceAttributeUuid: hipDeviceAttribute_t = 86;
pub const hipDeviceAttributeWarpSize: hipDeviceAttribute_t = 87;
pub const hipDeviceAttributeMemoryPoolsSupported: hipDeviceAttribute_t = 88;
pub const hipDeviceAttributeVirtualMemoryManagementSupported: hipDeviceAttribute_t = 89;
pub const hipDeviceAttributeCudaCompatibleEnd: hipDeviceAttribute_t = 9999;
pub const hipDeviceAttributeAmdSpecificBegin: hipDeviceAttribute_t = 10000;
pub const hipDeviceAttributeClockInstructionRate: hipDeviceAttribute_t = 10000;
pub const hipDeviceAttributeArch: hipDeviceAttribute_t = 10001;
pub const hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: hipDeviceAttribute_t = 10002;
pub const hipDeviceAttributeGcnArch: hipDeviceAttribute_t = 10003;
pub const hipDeviceAttributeGcnArchName: hipDeviceAttribute_t = 10004;
pub const hipDeviceAttributeHdpMemFlushCntl: hipDeviceAttribute_t = 10005;
pub const hipDeviceAttributeHdpRegFlushCntl: hipDeviceAttribute_t = 10006;
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc: hipDeviceAttribute_t = 10007;
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim: hipDeviceAttribute_t = 10008;
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim: hipDeviceAttribute_t = 10009;
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem: hipDeviceAttribute_t = 10010;
pub const hipDeviceAttributeIsLargeBar: hipDeviceAttribute_t = 10011;
pub const hipDeviceAttributeAsicRevision: hipDeviceAttribute_t = 10012;
pub const hipDeviceAttributeCanUseStreamWaitValue: hipDeviceAttribute_t = 10013;
pub const hipDeviceAttributeImageSupport: hipDeviceAttribute_t = 10014;
pub const hipDeviceAttributePhysicalMultiProcessorCount: hipDeviceAttribute_t = 10015;
pub const hipDeviceAttributeFineGrainSupport: hipDeviceAttribute_t = 10016;
pub const hipDeviceAttributeWallClockRate: hipDeviceAttribute_t = 10017;
pub const hipDeviceAttributeAmdSpecificEnd: hipDeviceAttribute_t = 19999;
pub const hipDeviceAttributeVendorSpecificBegin: hipDeviceAttribute_t = 20000;

// hipComputeMode
pub const hipComputeModeDefault: hipComputeMode = 0;
pub const hipComputeModeExclusive: hipComputeMode = 1;
pub const hipComputeModeProhibited: hipComputeMode = 2;
pub const hipComputeModeExclusiveProcess: hipComputeMode = 3;

// hipChannelFormatKind
pub const hipChannelFormatKindSigned: hipChannelFormatKind = 0;
pub const hipChannelFormatKindUnsigned: hipChannelFormatKind = 1;
pub const hipChannelFormatKindFloat: hipChannelFormatKind = 2;
pub const hipChannelFormatKindNone: hipChannelFormatKind = 3;

// hipArray_Format
pub const HIP_AD_FORMAT_UNSIGNED_INT8: hipArray_Format = 1;
pub const HIP_AD_FORMAT_UNSIGNED_INT16: hipArray_Format = 2;
pub const HIP_AD_FORMAT_UNSIGNED_INT32: hipArray_Format = 3;
pub const HIP_AD_FORMAT_SIGNED_INT8: hipArray_Format = 8;
pub const HIP_AD_FORMAT_SIGNED_INT16: hipArray_Format = 9;
pub const HIP_AD_FORMAT_SIGNED_INT32: hipArray_Format = 10;
pub const HIP_AD_FORMAT_HALF: hipArray_Format = 16;
pub const HIP_AD_FORMAT_FLOAT: hipArray_Format = 32;

// hipResourceType
pub const hipResourceTypeArray: hipResourceType = 0;
pub const hipResourceTypeMipmappedArray: hipResourceType = 1;
pub const hipResourceTypeLinear: hipResourceType = 2;
pub const hipResourceTypePitch2D: hipResourceType = 3;

// HIPresourcetype
pub const HIP_RESOURCE_TYPE_ARRAY: HIPresourcetype = 0;
pub const HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY: HIPresourcetype = 1;
pub const HIP_RESOURCE_TYPE_LINEAR: HIPresourcetype = 2;
pub const HIP_RESOURCE_TYPE_PITCH2D: HIPresourcetype = 3;

// HIPaddress_mode
pub const HIP_TR_ADDRESS_MODE_WRAP: HIPaddress_mode = 0;
pub const HIP_TR_ADDRESS_MODE_CLAMP: HIPaddress_mode = 1;
pub const HIP_TR_ADDRESS_MODE_MIRROR: HIPaddress_mode = 2;
pub const HIP_TR_ADDRESS_MODE_BORDER: HIPaddress_mode = 3;

// HIPfilter_mode
pub const HIP_TR_FILTER_MODE_POINT: HIPfilter_mode = 0;
pub const HIP_TR_FILTER_MODE_LINEAR: HIPfilter_mode = 1;

// hipResourceViewFormat
pub const hipResViewFormatNone: hipResourceViewFormat = 0;
pub const hipResViewFormatUnsignedChar1: hipResourceViewFormat = 1;
pub const hipResViewFormatUnsignedChar2: hipResourceViewFormat = 2;
pub const hipResViewFormatUnsignedChar4: hipResourceViewFormat = 3;
pub const hipResViewFormatSignedChar1: hipResourceViewFormat = 4;
pub const hipResViewFormatSignedChar2: hipResourceViewFormat = 5;
pub const hipResViewFormatSignedChar4: hipResourceViewFormat = 6;
pub const hipResViewFormatUnsignedShort1: hipResourceViewFormat = 7;
pub const hipResViewFormatUnsignedShort2: hipResourceViewFormat = 8;
pub const hipResViewFormatUnsignedShort4: hipResourceViewFormat = 9;
pub const hipResViewFormatSignedShort1: hipResourceViewFormat = 10;
pub const hipResViewFormatSignedShort2: hipResourceViewFormat = 11;
pub const hipResViewFormatSignedShort4: hipResourceViewFormat = 12;
pub const hipResViewFormatUnsignedInt1: hipResourceViewFormat = 13;
pub const hipResViewFormatUnsignedInt2: hipResourceViewFormat = 14;
pub const hipResViewFormatUnsignedInt4: hipResourceViewFormat = 15;
pub const hipResViewFormatSignedInt1: hipResourceViewFormat = 16;
pub const hipResViewFormatSignedInt2: hipResourceViewFormat = 17;
pub const hipResViewFormatSignedInt4: hipResourceViewFormat = 18;
pub const hipResViewFormatHalf1: hipResourceViewFormat = 19;
pub const hipResViewFormatHalf2: hipResourceViewFormat = 20;
pub const hipResViewFormatHalf4: hipResourceViewFormat = 21;
pub const hipResViewFormatFloat1: hipResourceViewFormat = 22;
pub const hipResViewFormatFloat2: hipResourceViewFormat = 23;
pub const hipResViewFormatFloat4: hipResourceViewFormat = 24;
pub const hipResViewFormatUnsignedBlockCompressed1: hipResourceViewFormat = 25;
pub const hipResViewFormatUnsignedBlockCompressed2: hipResourceViewFormat = 26;
pub const hipResViewFormatUnsignedBlockCompressed3: hipResourceViewFormat = 27;
pub const hipResViewFormatUnsignedBlockCompressed4: hipResourceViewFormat = 28;
pub const hipResViewFormatSignedBlockCompressed4: hipResourceViewFormat = 29;
pub const hipResViewFormatUnsignedBlockCompressed5: hipResourceViewFormat = 30;
pub const hipResViewFormatSignedBlockCompressed5: hipResourceViewFormat = 31;
pub const hipResViewFormatUnsignedBlockCompressed6H: hipResourceViewFormat = 32;
pub const hipResViewFormatSignedBlockCompressed6H: hipResourceViewFormat = 33;
pub const hipResViewFormatUnsignedBlockCompressed7: hipResourceViewFormat = 34;

// HIPresourceViewFormat
pub const HIP_RES_VIEW_FORMAT_NONE: HIPresourceViewFormat = 0;
pub const HIP_RES_VIEW_FORMAT_UINT_1X8: HIPresourceViewFormat = 1;
pub const HIP_RES_VIEW_FORMAT_UINT_2X8: HIPresourceViewFormat = 2;
pub const HIP_RES_VIEW_FORMAT_UINT_4X8: HIPresourceViewFormat = 3;
pub const HIP_RES_VIEW_FORMAT_SINT_1X8: HIPresourceViewFormat = 4;
pub const HIP_RES_VIEW_FORMAT_SINT_2X8: HIPresourceViewFormat = 5;
pub const HIP_RES_VIEW_FORMAT_SINT_4X8: HIPresourceViewFormat = 6;
pub const HIP_RES_VIEW_FORMAT_UINT_1X16: HIPresourceViewFormat = 7;
pub const HIP_RES_VIEW_FORMAT_UINT_2X16: HIPresourceViewFormat = 8;
pub const HIP_RES_VIEW_FORMAT_UINT_4X16: HIPresourceViewFormat = 9;
pub const HIP_RES_VIEW_FORMAT_SINT_1X16: HIPresourceViewFormat = 10;
pub const HIP_RES_VIEW_FORMAT_SINT_2X16: HIPresourceViewFormat = 11;
pub const HIP_RES_VIEW_FORMAT_SINT_4X16: HIPresourceViewFormat = 12;
pub const HIP_RES_VIEW_FORMAT_UINT_1X32: HIPresourceViewFormat = 13;
pub const HIP_RES_VIEW_FORMAT_UINT_2X32: HIPresourceViewFormat = 14;
pub const HIP_RES_VIEW_FORMAT_UINT_4X32: HIPresourceViewFormat = 15;
pub const HIP_RES_VIEW_FORMAT_SINT_1X32: HIPresourceViewFormat = 16;
pub const HIP_RES_VIEW_FORMAT_SINT_2X32: HIPresourceViewFormat = 17;
pub const HIP_RES_VIEW_FORMAT_SINT_4X32: HIPresourceViewFormat = 18;
pub const HIP_RES_VIEW_FORMAT_FLOAT_1X16: HIPresourceViewFormat = 19;
pub const HIP_RES_VIEW_FORMAT_FLOAT_2X16: HIPresourceViewFormat = 20;
pub const HIP_RES_VIEW_FORMAT_FLOAT_4X16: HIPresourceViewFormat = 21;
pub const HIP_RES_VIEW_FORMAT_FLOAT_1X32: HIPresourceViewFormat = 22;
pub const HIP_RES_VIEW_FORMAT_FLOAT_2X32: HIPresourceViewFormat = 23;
pub const HIP_RES_VIEW_FORMAT_FLOAT_4X32: HIPresourceViewFormat = 24;
pub const HIP_RES_VIEW_FORMAT_UNSIGNED_BC1: HIPresourceViewFormat = 25;
pub const HIP_RES_VIEW_FORMAT_UNSIGNED_BC2: HIPresourceViewFormat = 26;
pub const HIP_RES_VIEW_FORMAT_UNSIGNED_BC3: HIPresourceViewFormat = 27;
pub const HIP_RES_VIEW_FORMAT_UNSIGNED_BC4: HIPresourceViewFormat = 28;
pub const HIP_RES_VIEW_FORMAT_SIGNED_BC4: HIPresourceViewFormat = 29;
pub const HIP_RES_VIEW_FORMAT_UNSIGNED_BC5: HIPresourceViewFormat = 30;
pub const HIP_RES_VIEW_FORMAT_SIGNED_BC5: HIPresourceViewFormat = 31;
pub const HIP_RES_VIEW_FORMAT_UNSIGNED_BC6H: HIPresourceViewFormat = 32;
pub const HIP_RES_VIEW_FORMAT_SIGNED_BC6H: HIPresourceViewFormat = 33;
pub const HIP_RES_VIEW_FORMAT_UNSIGNED_BC7: HIPresourceViewFormat = 34;

// hipMemcpyKind
pub const hipMemcpyHostToHost: hipMemcpyKind = 0;
pub const hipMemcpyHostToDevice: hipMemcpyKind = 1;
pub const hipMemcpyDeviceToHost: hipMemcpyKind = 2;
pub const hipMemcpyDeviceToDevice: hipMemcpyKind = 3;
pub const hipMemcpyDefault: hipMemcpyKind = 4;

// hipFunction_attribute
pub const HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: hipFunction_attribute = 0;
pub const HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: hipFunction_attribute = 1;
pub const HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: hipFunction_attribute = 2;
pub const HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: hipFunction_attribute = 3;
pub const HIP_FUNC_ATTRIBUTE_NUM_REGS: hipFunction_attribute = 4;
pub const HIP_FUNC_ATTRIBUTE_PTX_VERSION: hipFunction_attribute = 5;
pub const HIP_FUNC_ATTRIBUTE_BINARY_VERSION: hipFunction_attribute = 6;
pub const HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA: hipFunction_attribute = 7;
pub const HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: hipFunction_attribute = 8;
pub const HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: hipFunction_attribute = 9;
pub const HIP_FUNC_ATTRIBUTE_MAX: hipFunction_attribute = 10;

// hipPointer_attribute
pub const HIP_POINTER_ATTRIBUTE_CONTEXT: hipPointer_attribute = 1;
pub const HIP_POINTER_ATTRIBUTE_MEMORY_TYPE: hipPointer_attribute = 2;
pub const HIP_POINTER_ATTRIBUTE_DEVICE_POINTER: hipPointer_attribute = 3;
pub const HIP_POINTER_ATTRIBUTE_HOST_POINTER: hipPointer_attribute = 4;
pub const HIP_POINTER_ATTRIBUTE_P2P_TOKENS: hipPointer_attribute = 5;
pub const HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS: hipPointer_attribute = 6;
pub const HIP_POINTER_ATTRIBUTE_BUFFER_ID: hipPointer_attribute = 7;
pub const HIP_POINTER_ATTRIBUTE_IS_MANAGED: hipPointer_attribute = 8;
pub const HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL: hipPointer_attribute = 9;
pub const HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE: hipPointer_attribute = 10;
pub const HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR: hipPointer_attribute = 11;
pub const HIP_POINTER_ATTRIBUTE_RANGE_SIZE: hipPointer_attribute = 12;
pub const HIP_POINTER_ATTRIBUTE_MAPPED: hipPointer_attribute = 13;
pub const HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES: hipPointer_attribute = 14;
pub const HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE: hipPointer_attribute = 15;
pub const HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS: hipPointer_attribute = 16;
pub const HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE: hipPointer_attribute = 17;

// hipTextureAddressMode
pub const hipAddressModeWrap: hipTextureAddressMode = 0;
pub const hipAddressModeClamp: hipTextureAddressMode = 1;
pub const hipAddressModeMirror: hipTextureAddressMode = 2;
pub const hipAddressModeBorder: hipTextureAddressMode = 3;

// hipTextureFilterMode
pub const hipFilterModePoint: hipTextureFilterMode = 0;
pub const hipFilterModeLinear: hipTextureFilterMode = 1;

// hipTextureReadMode
pub const hipReadModeElementType: hipTextureReadMode = 0;
pub const hipReadModeNormalizedFloat: hipTextureReadMode = 1;

// hipSurfaceBoundaryMode
pub const hipBoundaryModeZero: hipSurfaceBoundaryMode = 0;
pub const hipBoundaryModeTrap: hipSurfaceBoundaryMode = 1;
pub const hipBoundaryModeClamp: hipSurfaceBoundaryMode = 2;

// hipDeviceP2PAttr
pub const hipDevP2PAttrPerformanceRank: hipDeviceP2PAttr = 0;
pub const hipDevP2PAttrAccessSupported: hipDeviceP2PAttr = 1;
pub const hipDevP2PAttrNativeAtomicSupported: hipDeviceP2PAttr = 2;
pub const hipDevP2PAttrHipArrayAccessSupported: hipDeviceP2PAttr = 3;

// hipLimit_t
pub const hipLimitStackSize: hipLimit_t = 0;
pub const hipLimitPrintfFifoSize: hipLimit_t = 1;
pub const hipLimitMallocHeapSize: hipLimit_t = 2;
pub const hipLimitRange: hipLimit_t = 3;

// hipMemoryAdvise
pub const hipMemAdviseSetReadMostly: hipMemoryAdvise = 1;
pub const hipMemAdviseUnsetReadMostly: hipMemoryAdvise = 2;
pub const hipMemAdviseSetPreferredLocation: hipMemoryAdvise = 3;
pub const hipMemAdviseUnsetPreferredLocation: hipMemoryAdvise = 4;
pub const hipMemAdviseSetAccessedBy: hipMemoryAdvise = 5;
pub const hipMemAdviseUnsetAccessedBy: hipMemoryAdvise = 6;
pub const hipMemAdviseSetCoarseGrain: hipMemoryAdvise = 100;
pub const hipMemAdviseUnsetCoarseGrain: hipMemoryAdvise = 101;

// hipMemRangeCoherencyMode
pub const hipMemRangeCoherencyModeFineGrain: hipMemRangeCoherencyMode = 0;
pub const hipMemRangeCoherencyModeCoarseGrain: hipMemRangeCoherencyMode = 1;
pub const hipMemRangeCoherencyModeIndeterminate: hipMemRangeCoherencyMode = 2;

// hipMemRangeAttribute
pub const hipMemRangeAttributeReadMostly: hipMemRangeAttribute = 1;
pub const hipMemRangeAttributePreferredLocation: hipMemRangeAttribute = 2;
pub const hipMemRangeAttributeAccessedBy: hipMemRangeAttribute = 3;
pub const hipMemRangeAttributeLastPrefetchLocation: hipMemRangeAttribute = 4;
pub const hipMemRangeAttributeCoherencyMode: hipMemRangeAttribute = 100;

// hipMemPoolAttr
pub const hipMemPoolReuseFollowEventDependencies: hipMemPoolAttr = 1;
pub const hipMemPoolReuseAllowOpportunistic: hipMemPoolAttr = 2;
pub const hipMemPoolReuseAllowInternalDependencies: hipMemPoolAttr = 3;
pub const hipMemPoolAttrReleaseThreshold: hipMemPoolAttr = 4;
pub const hipMemPoolAttrReservedMemCurrent: hipMemPoolAttr = 5;
pub const hipMemPoolAttrReservedMemHigh: hipMemPoolAttr = 6;
pub const hipMemPoolAttrUsedMemCurrent: hipMemPoolAttr = 7;
pub const hipMemPoolAttrUsedMemHigh: hipMemPoolAttr = 8;

// hipMemLocationType
pub const hipMemLocationTypeInvalid: hipMemLocationType = 0;
pub const hipMemLocationTypeDevice: hipMemLocationType = 1;

// hipMemAccessFlags
pub const hipMemAccessFlagsProtNone: hipMemAccessFlags = 0;
pub const hipMemAccessFlagsProtRead: hipMemAccessFlags = 1;
pub const hipMemAccessFlagsProtReadWrite: hipMemAccessFlags = 3;

// hipMemAllocationType
pub const hipMemAllocationTypeInvalid: hipMemAllocationType = 0;
pub const hipMemAllocationTypePinned: hipMemAllocationType = 1;
pub const hipMemAllocationTypeMax: hipMemAllocationType = 2147483647;

// hipMemAllocationHandleType
pub const hipMemHandleTypeNone: hipMemAllocationHandleType = 0;
pub const hipMemHandleTypePosixFileDescriptor: hipMemAllocationHandleType = 1;
pub const hipMemHandleTypeWin32: hipMemAllocationHandleType = 2;
pub const hipMemHandleTypeWin32Kmt: hipMemAllocationHandleType = 4;

// hipJitOption
pub const hipJitOptionMaxRegisters: hipJitOption = 0;
pub const hipJitOptionThreadsPerBlock: hipJitOption = 1;
pub const hipJitOptionWallTime: hipJitOption = 2;
pub const hipJitOptionInfoLogBuffer: hipJitOption = 3;
pub const hipJitOptionInfoLogBufferSizeBytes: hipJitOption = 4;
pub const hipJitOptionErrorLogBuffer: hipJitOption = 5;
pub const hipJitOptionErrorLogBufferSizeBytes: hipJitOption = 6;
pub const hipJitOptionOptimizationLevel: hipJitOption = 7;
pub const hipJitOptionTargetFromContext: hipJitOption = 8;
pub const hipJitOptionTarget: hipJitOption = 9;
pub const hipJitOptionFallbackStrategy: hipJitOption = 10;
pub const hipJitOptionGenerateDebugInfo: hipJitOption = 11;
pub const hipJitOptionLogVerbose: hipJitOption = 12;
pub const hipJitOptionGenerateLineInfo: hipJitOption = 13;
pub const hipJitOptionCacheMode: hipJitOption = 14;
pub const hipJitOptionSm3xOpt: hipJitOption = 15;
pub const hipJitOptionFastCompile: hipJitOption = 16;
pub const hipJitOptionNumOptions: hipJitOption = 17;

// hipFuncAttribute
pub const hipFuncAttributeMaxDynamicSharedMemorySize: hipFuncAttribute = 8;
pub const hipFuncAttributePreferredSharedMemoryCarveout: hipFuncAttribute = 9;
pub const hipFuncAttributeMax: hipFuncAttribute = 10;

// hipFuncCache_t
pub const hipFuncCachePreferNone: hipFuncCache_t = 0;
pub const hipFuncCachePreferShared: hipFuncCache_t = 1;
pub const hipFuncCachePreferL1: hipFuncCache_t = 2;
pub const hipFuncCachePreferEqual: hipFuncCache_t = 3;

// hipSharedMemConfig
pub const hipSharedMemBankSizeDefault: hipSharedMemConfig = 0;
pub const hipSharedMemBankSizeFourByte: hipSharedMemConfig = 1;
pub const hipSharedMemBankSizeEightByte: hipSharedMemConfig = 2;

// hipExternalMemoryHandleType
pub const hipExternalMemoryHandleTypeOpaqueFd: hipExternalMemoryHandleType = 1;
pub const hipExternalMemoryHandleTypeOpaqueWin32: hipExternalMemoryHandleType = 2;
pub const hipExternalMemoryHandleTypeOpaqueWin32Kmt: hipExternalMemoryHandleType = 3;
pub const hipExternalMemoryHandleTypeD3D12Heap: hipExternalMemoryHandleType = 4;
pub const hipExternalMemoryHandleTypeD3D12Resource: hipExternalMemoryHandleType = 5;
pub const hipExternalMemoryHandleTypeD3D11Resource: hipExternalMemoryHandleType = 6;
pub const hipExternalMemoryHandleTypeD3D11ResourceKmt: hipExternalMemoryHandleType = 7;

// hipExternalSemaphoreHandleType
pub const hipExternalSemaphoreHandleTypeOpaqueFd: hipExternalSemaphoreHandleType = 1;
pub const hipExternalSemaphoreHandleTypeOpaqueWin32: hipExternalSemaphoreHandleType = 2;
pub const hipExternalSemaphoreHandleTypeOpaqueWin32Kmt: hipExternalSemaphoreHandleType = 3;
pub const hipExternalSemaphoreHandleTypeD3D12Fence: hipExternalSemaphoreHandleType = 4;

// hipGLDeviceList
pub const hipGLDeviceListAll: hipGLDeviceList = 1;
pub const hipGLDeviceListCurrentFrame: hipGLDeviceList = 2;
pub const hipGLDeviceListNextFrame: hipGLDeviceList = 3;

// hipGraphicsRegisterFlags
pub const hipGraphicsRegisterFlagsNone: hipGraphicsRegisterFlags = 0;
pub const hipGraphicsRegisterFlagsReadOnly: hipGraphicsRegisterFlags = 1;
pub const hipGraphicsRegisterFlagsWriteDiscard: hipGraphicsRegisterFlags = 2;
pub const hipGraphicsRegisterFlagsSurfaceLoadStore: hipGraphicsRegisterFlags = 4;
pub const hipGraphicsRegisterFlagsTextureGather: hipGraphicsRegisterFlags = 8;

// hipGraphNodeType
pub const hipGraphNodeTypeKernel: hipGraphNodeType = 0;
pub const hipGraphNodeTypeMemcpy: hipGraphNodeType = 1;
pub const hipGraphNodeTypeMemset: hipGraphNodeType = 2;
pub const hipGraphNodeTypeHost: hipGraphNodeType = 3;
pub const hipGraphNodeTypeGraph: hipGraphNodeType = 4;
pub const hipGraphNodeTypeEmpty: hipGraphNodeType = 5;
pub const hipGraphNodeTypeWaitEvent: hipGraphNodeType = 6;
pub const hipGraphNodeTypeEventRecord: hipGraphNodeType = 7;
pub const hipGraphNodeTypeExtSemaphoreSignal: hipGraphNodeType = 8;
pub const hipGraphNodeTypeExtSemaphoreWait: hipGraphNodeType = 9;
pub const hipGraphNodeTypeMemAlloc: hipGraphNodeType = 10;
pub const hipGraphNodeTypeMemFree: hipGraphNodeType = 11;
pub const hipGraphNodeTypeMemcpyFromSymbol: hipGraphNodeType = 12;
pub const hipGraphNodeTypeMemcpyToSymbol: hipGraphNodeType = 13;
pub const hipGraphNodeTypeCount: hipGraphNodeType = 14;

// hipKernelNodeAttrID
pub const hipKernelNodeAttributeAccessPolicyWindow: hipKernelNodeAttrID = 1;
pub const hipKernelNodeAttributeCooperative: hipKernelNodeAttrID = 2;

// hipAccessProperty
pub const hipAccessPropertyNormal: hipAccessProperty = 0;
pub const hipAccessPropertyStreaming: hipAccessProperty = 1;
pub const hipAccessPropertyPersisting: hipAccessProperty = 2;

// hipGraphExecUpdateResult
pub const hipGraphExecUpdateSuccess: hipGraphExecUpdateResult = 0;
pub const hipGraphExecUpdateError: hipGraphExecUpdateResult = 1;
pub const hipGraphExecUpdateErrorTopologyChanged: hipGraphExecUpdateResult = 2;
pub const hipGraphExecUpdateErrorNodeTypeChanged: hipGraphExecUpdateResult = 3;
pub const hipGraphExecUpdateErrorFunctionChanged: hipGraphExecUpdateResult = 4;
pub const hipGraphExecUpdateErrorParametersChanged: hipGraphExecUpdateResult = 5;
pub const hipGraphExecUpdateErrorNotSupported: hipGraphExecUpdateResult = 6;
pub const hipGraphExecUpdateErrorUnsupportedFunctionChange: hipGraphExecUpdateResult = 7;

// hipStreamCaptureMode
pub const hipStreamCaptureModeGlobal: hipStreamCaptureMode = 0;
pub const hipStreamCaptureModeThreadLocal: hipStreamCaptureMode = 1;
pub const hipStreamCaptureModeRelaxed: hipStreamCaptureMode = 2;

// hipStreamCaptureStatus
pub const hipStreamCaptureStatusNone: hipStreamCaptureStatus = 0;
pub const hipStreamCaptureStatusActive: hipStreamCaptureStatus = 1;
pub const hipStreamCaptureStatusInvalidated: hipStreamCaptureStatus = 2;

// hipStreamUpdateCaptureDependenciesFlags
pub const hipStreamAddCaptureDependencies: hipStreamUpdateCaptureDependenciesFlags = 0;
pub const hipStreamSetCaptureDependencies: hipStreamUpdateCaptureDependenciesFlags = 1;

// hipGraphMemAttributeType
pub const hipGraphMemAttrUsedMemCurrent: hipGraphMemAttributeType = 0;
pub const hipGraphMemAttrUsedMemHigh: hipGraphMemAttributeType = 1;
pub const hipGraphMemAttrReservedMemCurrent: hipGraphMemAttributeType = 2;
pub const hipGraphMemAttrReservedMemHigh: hipGraphMemAttributeType = 3;

// hipUserObjectFlags
pub const hipUserObjectNoDestructorSync: hipUserObjectFlags = 1;

// hipUserObjectRetainFlags
pub const hipGraphUserObjectMove: hipUserObjectRetainFlags = 1;

// hipGraphInstantiateFlags
pub const hipGraphInstantiateFlagAutoFreeOnLaunch: hipGraphInstantiateFlags = 1;
pub const hipGraphInstantiateFlagUpload: hipGraphInstantiateFlags = 2;
pub const hipGraphInstantiateFlagDeviceLaunch: hipGraphInstantiateFlags = 4;
pub const hipGraphInstantiateFlagUseNodePriority: hipGraphInstantiateFlags = 8;

// hipGraphDebugDotFlags
pub const hipGraphDebugDotFlagsVerbose: hipGraphDebugDotFlags = 1;
pub const hipGraphDebugDotFlagsKernelNodeParams: hipGraphDebugDotFlags = 4;
pub const hipGraphDebugDotFlagsMemcpyNodeParams: hipGraphDebugDotFlags = 8;
pub const hipGraphDebugDotFlagsMemsetNodeParams: hipGraphDebugDotFlags = 16;
pub const hipGraphDebugDotFlagsHostNodeParams: hipGraphDebugDotFlags = 32;
pub const hipGraphDebugDotFlagsEventNodeParams: hipGraphDebugDotFlags = 64;
pub const hipGraphDebugDotFlagsExtSemasSignalNodeParams: hipGraphDebugDotFlags = 128;
pub const hipGraphDebugDotFlagsExtSemasWaitNodeParams: hipGraphDebugDotFlags = 256;
pub const hipGraphDebugDotFlagsKernelNodeAttributes: hipGraphDebugDotFlags = 512;
pub const hipGraphDebugDotFlagsHandles: hipGraphDebugDotFlags = 1024;

// hipMemAllocationGranularity_flags
pub const hipMemAllocationGranularityMinimum: hipMemAllocationGranularity_flags = 0;
pub const hipMemAllocationGranularityRecommended: hipMemAllocationGranularity_flags = 1;

// hipMemHandleType
pub const hipMemHandleTypeGeneric: hipMemHandleType = 0;

// hipMemOperationType
pub const hipMemOperationTypeMap: hipMemOperationType = 1;
pub const hipMemOperationTypeUnmap: hipMemOperationType = 2;

// hipArraySparseSubresourceType
pub const hipArraySparseSubresourceTypeSparseLevel: hipArraySparseSubresourceType = 0;
pub const hipArraySparseSubresourceTypeMiptail: hipArraySparseSubresourceType = 1;

// status codes of the HIP_SUCCESS enum
pub const HIP_SUCCESS: c_int = 0;
pub const HIP_ERROR_INVALID_VALUE: c_int = 1;
pub const HIP_ERROR_NOT_INITIALIZED: c_int = 2;
pub const HIP_ERROR_LAUNCH_OUT_OF_RESOURCES: c_int = 3;

/// `hipMemoryType` as ROCm 5.x numbers it (`hipPointerAttribute_t`, `hip_Memcpy2D`, `HIP_MEMCPY3D`).
pub mod memtype_v5 {
    use super::hipMemoryType;
    pub const hipMemoryTypeHost: hipMemoryType = 0;
    pub const hipMemoryTypeDevice: hipMemoryType = 1;
    pub const hipMemoryTypeArray: hipMemoryType = 2;
    pub const hipMemoryTypeUnified: hipMemoryType = 3;
    pub const hipMemoryTypeManaged: hipMemoryType = 4;
}

/// `hipMemoryType` as ROCm 6.x and later number it (same names, new values).
pub mod memtype_v6 {
    use super::hipMemoryType;
    pub const hipMemoryTypeUnregistered: hipMemoryType = 0;
    pub const hipMemoryTypeHost: hipMemoryType = 1;
    pub const hipMemoryTypeDevice: hipMemoryType = 2;
    pub const hipMemoryTypeManaged: hipMemoryType = 3;
    pub const hipMemoryTypeArray: hipMemoryType = 10;
    pub const hipMemoryTypeUnified: hipMemoryType = 11;
}

// ---- flag, limit and special-value macros ----
pub const HIP_LAUNCH_PARAM_BUFFER_POINTER: *mut c_void = 1usize as *mut c_void;
pub const HIP_LAUNCH_PARAM_BUFFER_SIZE: *mut c_void = 2usize as *mut c_void;
pub const HIP_LAUNCH_PARAM_END: *mut c_void = 3usize as *mut c_void;
pub const hipIpcMemLazyEnablePeerAccess: c_uint = 0;
pub const HIP_IPC_HANDLE_SIZE: c_uint = 64;
pub const hipStreamDefault: c_uint = 0;
pub const hipStreamNonBlocking: c_uint = 1;
pub const hipEventDefault: c_uint = 0;
pub const hipEventBlockingSync: c_uint = 1;
pub const hipEventDisableTiming: c_uint = 2;
pub const hipEventInterprocess: c_uint = 4;
pub const hipEventDisableSystemFence: c_uint = 0x20000000;
pub const hipEventReleaseToDevice: c_uint = 0x40000000;
pub const hipEventReleaseToSystem: c_uint = 0x80000000;
pub const hipHostMallocDefault: c_uint = 0;
pub const hipHostMallocPortable: c_uint = 1;
pub const hipHostMallocMapped: c_uint = 2;
pub const hipHostMallocWriteCombined: c_uint = 4;
pub const hipHostMallocNumaUser: c_uint = 0x20000000;
pub const hipHostMallocCoherent: c_uint = 0x40000000;
pub const hipHostMallocNonCoherent: c_uint = 0x80000000;
pub const hipMemAttachGlobal: c_uint = 1;
pub const hipMemAttachHost: c_uint = 2;
pub const hipMemAttachSingle: c_uint = 4;
pub const hipDeviceMallocDefault: c_uint = 0;
pub const hipDeviceMallocFinegrained: c_uint = 1;
pub const hipMallocSignalMemory: c_uint = 2;
pub const hipDeviceMallocUncached: c_uint = 3;
pub const hipHostRegisterDefault: c_uint = 0;
pub const hipHostRegisterPortable: c_uint = 1;
pub const hipHostRegisterMapped: c_uint = 2;
pub const hipHostRegisterIoMemory: c_uint = 4;
pub const hipHostRegisterReadOnly: c_uint = 8;
pub const hipExtHostRegisterCoarseGrained: c_uint = 8;
pub const hipDeviceScheduleAuto: c_uint = 0;
pub const hipDeviceScheduleSpin: c_uint = 1;
pub const hipDeviceScheduleYield: c_uint = 2;
pub const hipDeviceScheduleBlockingSync: c_uint = 4;
pub const hipDeviceScheduleMask: c_uint = 7;
pub const hipDeviceMapHost: c_uint = 8;
pub const hipDeviceLmemResizeToMax: c_uint = 16;
pub const hipArrayDefault: c_uint = 0;
pub const hipArrayLayered: c_uint = 1;
pub const hipArraySurfaceLoadStore: c_uint = 2;
pub const hipArrayCubemap: c_uint = 4;
pub const hipArrayTextureGather: c_uint = 8;
pub const hipOccupancyDefault: c_uint = 0;
pub const hipOccupancyDisableCachingOverride: c_uint = 1;
pub const hipCooperativeLaunchMultiDeviceNoPreSync: c_uint = 1;
pub const hipCooperativeLaunchMultiDeviceNoPostSync: c_uint = 2;
pub const hipCpuDeviceId: c_int = -1;
pub const hipInvalidDeviceId: c_int = -2;
pub const hipExtAnyOrderLaunch: c_uint = 1;
pub const hipStreamWaitValueGte: c_uint = 0;
pub const hipStreamWaitValueEq: c_uint = 1;
pub const hipStreamWaitValueAnd: c_uint = 2;
pub const hipStreamWaitValueNor: c_uint = 3;
pub const hipStreamPerThread: hipStream_t = 2usize as hipStream_t;
pub const hipExternalMemoryDedicated: c_uint = 1;
pub const HIP_TRSA_OVERRIDE_FORMAT: c_uint = 1;
pub const HIP_TRSF_READ_AS_INTEGER: c_uint = 1;
pub const HIP_TRSF_NORMALIZED_COORDINATES: c_uint = 2;
pub const HIP_TRSF_SRGB: c_uint = 16;
pub const hipTextureType1D: c_uint = 1;
pub const hipTextureType2D: c_uint = 2;
pub const hipTextureType3D: c_uint = 3;
pub const hipTextureTypeCubemap: c_uint = 12;
pub const hipTextureType1DLayered: c_uint = 241;
pub const hipTextureType2DLayered: c_uint = 242;
pub const hipTextureTypeCubemapLayered: c_uint = 252;
pub const HIP_IMAGE_OBJECT_SIZE_DWORD: c_uint = 12;
pub const HIP_SAMPLER_OBJECT_SIZE_DWORD: c_uint = 8;
pub const HIP_SAMPLER_OBJECT_OFFSET_DWORD: c_uint = 12;
pub const HIP_TEXTURE_OBJECT_SIZE_DWORD: c_uint = 20;

// ---- structs ----

/// 17 one-bit capability flags, least significant bit first, in C declaration order
/// (`hasGlobalInt32Atomics` = bit 0 ... `hasDynamicParallelism` = bit 16).
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct hipDeviceArch_t {
    pub bits: c_uint,
}

/// 5.7 layout; the memory type sits in an anonymous union whose two members,
/// `memoryType` and `type`, alias each other (6.x keeps only `type`, same offsets).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipPointerAttribute_t {
    pub r#type: hipMemoryType,
    pub device: c_int,
    pub devicePointer: *mut c_void,
    pub hostPointer: *mut c_void,
    pub isManaged: c_int,
    pub allocationFlags: c_uint,
}
impl Default for hipPointerAttribute_t {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct hipMemAllocationProp_allocFlags {
    pub compressionType: u8,
    pub gpuDirectRDMACapable: u8,
    pub usage: u16,
}
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemAllocationProp {
    pub r#type: hipMemAllocationType,
    pub requestedHandleType: hipMemAllocationHandleType,
    pub location: hipMemLocation,
    pub win32HandleMetaData: *mut c_void,
    pub allocFlags: hipMemAllocationProp_allocFlags,
}
impl Default for hipMemAllocationProp {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

/// `struct hipResourceViewDesc`: a view's format (`hipResourceViewFormat`), extent and levels.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct hipResourceViewDesc {
    pub format: c_int,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub firstMipmapLevel: c_uint,
    pub lastMipmapLevel: c_uint,
    pub firstLayer: c_uint,
    pub lastLayer: c_uint,
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipResourceDesc_array {
    pub array: hipArray_t,
}
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipResourceDesc_mipmap {
    pub mipmap: hipMipmappedArray_t,
}
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipResourceDesc_linear {
    pub devPtr: *mut c_void,
    pub desc: hipChannelFormatDesc,
    pub sizeInBytes: usize,
}
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipResourceDesc_pitch2D {
    pub devPtr: *mut c_void,
    pub desc: hipChannelFormatDesc,
    pub width: usize,
    pub height: usize,
    pub pitchInBytes: usize,
}
#[repr(C)]
#[derive(Copy, Clone)]
pub union hipResourceDesc_res {
    pub array: hipResourceDesc_array,
    pub mipmap: hipResourceDesc_mipmap,
    pub linear: hipResourceDesc_linear,
    pub pitch2D: hipResourceDesc_pitch2D,
}
#[repr(C)]
#[derive(Copy, Clone)]
pub struct hipResourceDesc {
    pub resType: hipResourceType,
    pub res: hipResourceDesc_res,
}
impl Default for hipResourceDesc {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

/// ROCm 7.x `hipMemsetParams`: the same layout as 5.x/6.x ([`hipMemsetParams`], 48 bytes).
/// HIP 7.0's release notes announce CUDA's member order (40 bytes), but the 7.x headers as
/// shipped keep the old order (ROCm 7.2.4's hip_runtime_api.h; see
/// include/hip/oxrocm_abi_variants.h). Kept as a name for the layout checks.
pub type hipMemsetParams_v7 = hipMemsetParams;

/// ROCm 5.7 `hipDeviceProp_t` (792 bytes); what `hipGetDeviceProperties`/`...R0000` fill.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipDeviceProp_tR0000 {
    pub name: [c_char; 256],
    pub totalGlobalMem: usize,
    pub sharedMemPerBlock: usize,
    pub regsPerBlock: c_int,
    pub warpSize: c_int,
    pub maxThreadsPerBlock: c_int,
    pub maxThreadsDim: [c_int; 3],
    pub maxGridSize: [c_int; 3],
    pub clockRate: c_int,
    pub memoryClockRate: c_int,
    pub memoryBusWidth: c_int,
    pub totalConstMem: usize,
    pub major: c_int,
    pub minor: c_int,
    pub multiProcessorCount: c_int,
    pub l2CacheSize: c_int,
    pub maxThreadsPerMultiProcessor: c_int,
    pub computeMode: c_int,
    pub clockInstructionRate: c_int,
    pub arch: hipDeviceArch_t,
    pub concurrentKernels: c_int,
    pub pciDomainID: c_int,
    pub pciBusID: c_int,
    pub pciDeviceID: c_int,
    pub maxSharedMemoryPerMultiProcessor: usize,
    pub isMultiGpuBoard: c_int,
    pub canMapHostMemory: c_int,
    pub gcnArch: c_int,
    pub gcnArchName: [c_char; 256],
    pub integrated: c_int,
    pub cooperativeLaunch: c_int,
    pub cooperativeMultiDeviceLaunch: c_int,
    pub maxTexture1DLinear: c_int,
    pub maxTexture1D: c_int,
    pub maxTexture2D: [c_int; 2],
    pub maxTexture3D: [c_int; 3],
    pub hdpMemFlushCntl: *mut c_uint,
    pub hdpRegFlushCntl: *mut c_uint,
    pub memPitch: usize,
    pub textureAlignment: usize,
    pub texturePitchAlignment: usize,
    pub kernelExecTimeoutEnabled: c_int,
    pub ECCEnabled: c_int,
    pub tccDriver: c_int,
    pub cooperativeMultiDeviceUnmatchedFunc: c_int,
    pub cooperativeMultiDeviceUnmatchedGridDim: c_int,
    pub cooperativeMultiDeviceUnmatchedBlockDim: c_int,
    pub cooperativeMultiDeviceUnmatchedSharedMem: c_int,
    pub isLargeBar: c_int,
    pub asicRevision: c_int,
    pub managedMemory: c_int,
    pub directManagedMemAccessFromHost: c_int,
    pub concurrentManagedAccess: c_int,
    pub pageableMemoryAccess: c_int,
    pub pageableMemoryAccessUsesHostPageTables: c_int,
}
impl Default for hipDeviceProp_tR0000 {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipUUID {
    pub bytes: [c_char; 16],
}
impl Default for hipUUID {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}
impl Default for dim3 {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipExtent {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}
impl Default for hipExtent {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipPos {
    pub x: usize,
    pub y: usize,
    pub z: usize,
}
impl Default for hipPos {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipPitchedPtr {
    pub ptr: *mut c_void,
    pub pitch: usize,
    pub xsize: usize,
    pub ysize: usize,
}
impl Default for hipPitchedPtr {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemcpy3DParms {
    pub srcArray: hipArray_t,
    pub srcPos: hipPos,
    pub srcPtr: hipPitchedPtr,
    pub dstArray: hipArray_t,
    pub dstPos: hipPos,
    pub dstPtr: hipPitchedPtr,
    pub extent: hipExtent,
    pub kind: hipMemcpyKind,
}
impl Default for hipMemcpy3DParms {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hip_Memcpy2D {
    pub srcXInBytes: usize,
    pub srcY: usize,
    pub srcMemoryType: hipMemoryType,
    pub srcHost: *const c_void,
    pub srcDevice: hipDeviceptr_t,
    pub srcArray: *mut hipArray,
    pub srcPitch: usize,
    pub dstXInBytes: usize,
    pub dstY: usize,
    pub dstMemoryType: hipMemoryType,
    pub dstHost: *mut c_void,
    pub dstDevice: hipDeviceptr_t,
    pub dstArray: *mut hipArray,
    pub dstPitch: usize,
    pub WidthInBytes: usize,
    pub Height: usize,
}
impl Default for hip_Memcpy2D {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

/// ROCm 5.x `HIP_MEMCPY3D` (`unsigned int` members, 128 bytes).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct HIP_MEMCPY3D {
    pub srcXInBytes: c_uint,
    pub srcY: c_uint,
    pub srcZ: c_uint,
    pub srcLOD: c_uint,
    pub srcMemoryType: hipMemoryType,
    pub srcHost: *const c_void,
    pub srcDevice: hipDeviceptr_t,
    pub srcArray: hipArray_t,
    pub srcPitch: c_uint,
    pub srcHeight: c_uint,
    pub dstXInBytes: c_uint,
    pub dstY: c_uint,
    pub dstZ: c_uint,
    pub dstLOD: c_uint,
    pub dstMemoryType: hipMemoryType,
    pub dstHost: *mut c_void,
    pub dstDevice: hipDeviceptr_t,
    pub dstArray: hipArray_t,
    pub dstPitch: c_uint,
    pub dstHeight: c_uint,
    pub WidthInBytes: c_uint,
    pub Height: c_uint,
    pub Depth: c_uint,
}
impl Default for HIP_MEMCPY3D {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

/// ROCm 5.x/6.x member order (48 bytes).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemsetParams {
    pub dst: *mut c_void,
    pub elementSize: c_uint,
    pub height: usize,
    pub pitch: usize,
    pub value: c_uint,
    pub width: usize,
}
impl Default for hipMemsetParams {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipKernelNodeParams {
    pub blockDim: dim3,
    pub extra: *mut *mut c_void,
    pub func: *mut c_void,
    pub gridDim: dim3,
    pub kernelParams: *mut *mut c_void,
    pub sharedMemBytes: c_uint,
}
impl Default for hipKernelNodeParams {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipHostNodeParams {
    pub r#fn: hipHostFn_t,
    pub userData: *mut c_void,
}
impl Default for hipHostNodeParams {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipFuncAttributes {
    pub binaryVersion: c_int,
    pub cacheModeCA: c_int,
    pub constSizeBytes: usize,
    pub localSizeBytes: usize,
    pub maxDynamicSharedSizeBytes: c_int,
    pub maxThreadsPerBlock: c_int,
    pub numRegs: c_int,
    pub preferredShmemCarveout: c_int,
    pub ptxVersion: c_int,
    pub sharedSizeBytes: usize,
}
impl Default for hipFuncAttributes {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemPoolProps {
    pub allocType: hipMemAllocationType,
    pub handleTypes: hipMemAllocationHandleType,
    pub location: hipMemLocation,
    pub win32SecurityAttributes: *mut c_void,
    pub reserved: [u8; 64],
}
impl Default for hipMemPoolProps {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemLocation {
    pub r#type: hipMemLocationType,
    pub id: c_int,
}
impl Default for hipMemLocation {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemAccessDesc {
    pub location: hipMemLocation,
    pub flags: hipMemAccessFlags,
}
impl Default for hipMemAccessDesc {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemPoolPtrExportData {
    pub reserved: [u8; 64],
}
impl Default for hipMemPoolPtrExportData {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipIpcMemHandle_t {
    pub reserved: [c_char; 64],
}
impl Default for hipIpcMemHandle_t {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipIpcEventHandle_t {
    pub reserved: [c_char; 64],
}
impl Default for hipIpcEventHandle_t {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipChannelFormatDesc {
    pub x: c_int,
    pub y: c_int,
    pub z: c_int,
    pub w: c_int,
    pub f: hipChannelFormatKind,
}
impl Default for hipChannelFormatDesc {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct HIP_ARRAY_DESCRIPTOR {
    pub Width: usize,
    pub Height: usize,
    pub Format: hipArray_Format,
    pub NumChannels: c_uint,
}
impl Default for HIP_ARRAY_DESCRIPTOR {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct HIP_ARRAY3D_DESCRIPTOR {
    pub Width: usize,
    pub Height: usize,
    pub Depth: usize,
    pub Format: hipArray_Format,
    pub NumChannels: c_uint,
    pub Flags: c_uint,
}
impl Default for HIP_ARRAY3D_DESCRIPTOR {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipLaunchParams {
    pub func: *mut c_void,
    pub gridDim: dim3,
    pub blockDim: dim3,
    pub args: *mut *mut c_void,
    pub sharedMem: usize,
    pub stream: hipStream_t,
}
impl Default for hipLaunchParams {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipFunctionLaunchParams {
    pub function: hipFunction_t,
    pub gridDimX: c_uint,
    pub gridDimY: c_uint,
    pub gridDimZ: c_uint,
    pub blockDimX: c_uint,
    pub blockDimY: c_uint,
    pub blockDimZ: c_uint,
    pub sharedMemBytes: c_uint,
    pub hStream: hipStream_t,
    pub kernelParams: *mut *mut c_void,
}
impl Default for hipFunctionLaunchParams {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipMemAllocNodeParams {
    pub poolProps: hipMemPoolProps,
    pub accessDescs: *const hipMemAccessDesc,
    pub accessDescCount: usize,
    pub bytesize: usize,
    pub dptr: *mut c_void,
}
impl Default for hipMemAllocNodeParams {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipAccessPolicyWindow {
    pub base_ptr: *mut c_void,
    pub hitProp: hipAccessProperty,
    pub hitRatio: f32,
    pub missProp: hipAccessProperty,
    pub num_bytes: usize,
}
impl Default for hipAccessPolicyWindow {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipTextureDesc {
    pub addressMode: [hipTextureAddressMode; 3],
    pub filterMode: hipTextureFilterMode,
    pub readMode: hipTextureReadMode,
    pub sRGB: c_int,
    pub borderColor: [f32; 4],
    pub normalizedCoords: c_int,
    pub maxAnisotropy: c_uint,
    pub mipmapFilterMode: hipTextureFilterMode,
    pub mipmapLevelBias: f32,
    pub minMipmapLevelClamp: f32,
    pub maxMipmapLevelClamp: f32,
}
impl Default for hipTextureDesc {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipArray {
    pub data: *mut c_void,
    pub desc: hipChannelFormatDesc,
    pub r#type: c_uint,
    pub width: c_uint,
    pub height: c_uint,
    pub depth: c_uint,
    pub Format: hipArray_Format,
    pub NumChannels: c_uint,
    pub isDrv: bool,
    pub textureType: c_uint,
    pub flags: c_uint,
}
impl Default for hipArray {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

/// ROCm 6.x `hipDeviceProp_t` (1472 bytes); what `hipGetDevicePropertiesR0600` fills.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct hipDeviceProp_tR0600 {
    pub name: [c_char; 256],
    pub uuid: hipUUID,
    pub luid: [c_char; 8],
    pub luidDeviceNodeMask: c_uint,
    pub totalGlobalMem: usize,
    pub sharedMemPerBlock: usize,
    pub regsPerBlock: c_int,
    pub warpSize: c_int,
    pub memPitch: usize,
    pub maxThreadsPerBlock: c_int,
    pub maxThreadsDim: [c_int; 3],
    pub maxGridSize: [c_int; 3],
    pub clockRate: c_int,
    pub totalConstMem: usize,
    pub major: c_int,
    pub minor: c_int,
    pub textureAlignment: usize,
    pub texturePitchAlignment: usize,
    pub deviceOverlap: c_int,
    pub multiProcessorCount: c_int,
    pub kernelExecTimeoutEnabled: c_int,
    pub integrated: c_int,
    pub canMapHostMemory: c_int,
    pub computeMode: c_int,
    pub maxTexture1D: c_int,
    pub maxTexture1DMipmap: c_int,
    pub maxTexture1DLinear: c_int,
    pub maxTexture2D: [c_int; 2],
    pub maxTexture2DMipmap: [c_int; 2],
    pub maxTexture2DLinear: [c_int; 3],
    pub maxTexture2DGather: [c_int; 2],
    pub maxTexture3D: [c_int; 3],
    pub maxTexture3DAlt: [c_int; 3],
    pub maxTextureCubemap: c_int,
    pub maxTexture1DLayered: [c_int; 2],
    pub maxTexture2DLayered: [c_int; 3],
    pub maxTextureCubemapLayered: [c_int; 2],
    pub maxSurface1D: c_int,
    pub maxSurface2D: [c_int; 2],
    pub maxSurface3D: [c_int; 3],
    pub maxSurface1DLayered: [c_int; 2],
    pub maxSurface2DLayered: [c_int; 3],
    pub maxSurfaceCubemap: c_int,
    pub maxSurfaceCubemapLayered: [c_int; 2],
    pub surfaceAlignment: usize,
    pub concurrentKernels: c_int,
    pub ECCEnabled: c_int,
    pub pciBusID: c_int,
    pub pciDeviceID: c_int,
    pub pciDomainID: c_int,
    pub tccDriver: c_int,
    pub asyncEngineCount: c_int,
    pub unifiedAddressing: c_int,
    pub memoryClockRate: c_int,
    pub memoryBusWidth: c_int,
    pub l2CacheSize: c_int,
    pub persistingL2CacheMaxSize: c_int,
    pub maxThreadsPerMultiProcessor: c_int,
    pub streamPrioritiesSupported: c_int,
    pub globalL1CacheSupported: c_int,
    pub localL1CacheSupported: c_int,
    pub sharedMemPerMultiprocessor: usize,
    pub regsPerMultiprocessor: c_int,
    pub managedMemory: c_int,
    pub isMultiGpuBoard: c_int,
    pub multiGpuBoardGroupID: c_int,
    pub hostNativeAtomicSupported: c_int,
    pub singleToDoublePrecisionPerfRatio: c_int,
    pub pageableMemoryAccess: c_int,
    pub concurrentManagedAccess: c_int,
    pub computePreemptionSupported: c_int,
    pub canUseHostPointerForRegisteredMem: c_int,
    pub cooperativeLaunch: c_int,
    pub cooperativeMultiDeviceLaunch: c_int,
    pub sharedMemPerBlockOptin: usize,
    pub pageableMemoryAccessUsesHostPageTables: c_int,
    pub directManagedMemAccessFromHost: c_int,
    pub maxBlocksPerMultiProcessor: c_int,
    pub accessPolicyMaxWindowSize: c_int,
    pub reservedSharedMemPerBlock: usize,
    pub hostRegisterSupported: c_int,
    pub sparseHipArraySupported: c_int,
    pub hostRegisterReadOnlySupported: c_int,
    pub timelineSemaphoreInteropSupported: c_int,
    pub memoryPoolsSupported: c_int,
    pub gpuDirectRDMASupported: c_int,
    pub gpuDirectRDMAFlushWritesOptions: c_uint,
    pub gpuDirectRDMAWritesOrdering: c_int,
    pub memoryPoolSupportedHandleTypes: c_uint,
    pub deferredMappingHipArraySupported: c_int,
    pub ipcEventSupported: c_int,
    pub clusterLaunch: c_int,
    pub unifiedFunctionPointers: c_int,
    pub reserved: [c_int; 63],
    pub hipReserved: [c_int; 32],
    pub gcnArchName: [c_char; 256],
    pub maxSharedMemoryPerMultiProcessor: usize,
    pub clockInstructionRate: c_int,
    pub arch: hipDeviceArch_t,
    pub hdpMemFlushCntl: *mut c_uint,
    pub hdpRegFlushCntl: *mut c_uint,
    pub cooperativeMultiDeviceUnmatchedFunc: c_int,
    pub cooperativeMultiDeviceUnmatchedGridDim: c_int,
    pub cooperativeMultiDeviceUnmatchedBlockDim: c_int,
    pub cooperativeMultiDeviceUnmatchedSharedMem: c_int,
    pub isLargeBar: c_int,
    pub asicRevision: c_int,
}
impl Default for hipDeviceProp_tR0600 {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}

/// ROCm 6.x `HIP_MEMCPY3D` (`size_t` members, 184 bytes).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct HIP_MEMCPY3D_v6 {
    pub srcXInBytes: usize,
    pub srcY: usize,
    pub srcZ: usize,
    pub srcLOD: usize,
    pub srcMemoryType: hipMemoryType,
    pub srcHost: *const c_void,
    pub srcDevice: hipDeviceptr_t,
    pub srcArray: hipArray_t,
    pub srcPitch: usize,
    pub srcHeight: usize,
    pub dstXInBytes: usize,
    pub dstY: usize,
    pub dstZ: usize,
    pub dstLOD: usize,
    pub dstMemoryType: hipMemoryType,
    pub dstHost: *mut c_void,
    pub dstDevice: hipDeviceptr_t,
    pub dstArray: hipArray_t,
    pub dstPitch: usize,
    pub dstHeight: usize,
    pub WidthInBytes: usize,
    pub Height: usize,
    pub Depth: usize,
}
impl Default for HIP_MEMCPY3D_v6 {
    fn default() -> Self {
        unsafe { core::mem::zeroed() }
    }
}
