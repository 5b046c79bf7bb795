//! HSA 1.1 / ROCr values used here (`hsa/hsa.h`, `hsa/hsa_ext_amd.h`).
#![allow(non_camel_case_types, dead_code)]

pub type hsa_status_t = i32;
pub const HSA_STATUS_SUCCESS: hsa_status_t = 0x0;
pub const HSA_STATUS_INFO_BREAK: hsa_status_t = 0x1;
pub const HSA_STATUS_ERROR: hsa_status_t = 0x1000;
pub const HSA_STATUS_ERROR_INVALID_ARGUMENT: hsa_status_t = 0x1001;
pub const HSA_STATUS_ERROR_INVALID_AGENT: hsa_status_t = 0x1004;
pub const HSA_STATUS_ERROR_OUT_OF_RESOURCES: hsa_status_t = 0x1008;
pub const HSA_STATUS_ERROR_NOT_INITIALIZED: hsa_status_t = 0x100B;
pub const HSA_STATUS_ERROR_REFCOUNT_OVERFLOW: hsa_status_t = 0x100C;
pub const HSA_STATUS_ERROR_INVALID_INDEX: hsa_status_t = 0x100E;
pub const HSA_STATUS_ERROR_INVALID_ISA: hsa_status_t = 0x100F;
pub const HSA_STATUS_ERROR_INVALID_ISA_NAME: hsa_status_t = 0x1017;
pub const HSA_STATUS_ERROR_INVALID_REGION: hsa_status_t = 0x1005;
pub const HSA_STATUS_ERROR_INVALID_CACHE: hsa_status_t = 0x1022;
pub const HSA_STATUS_ERROR_INVALID_WAVEFRONT: hsa_status_t = 0x1023;
/// `hsa_ext_amd.h` additions to `hsa_status_t`.
pub const HSA_STATUS_ERROR_INVALID_MEMORY_POOL: hsa_status_t = 40;

/// `hsa_agent_t`: `{ uint64_t handle; }`, passed by value.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct hsa_agent_t {
    pub handle: u64,
}

/// `hsa_isa_t`, `hsa_amd_memory_pool_t`, `hsa_region_t`, `hsa_cache_t`, `hsa_wavefront_t`:
/// `{ uint64_t handle; }`, passed by value.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handle {
    pub handle: u64,
}
pub type hsa_isa_t = Handle;
pub type hsa_amd_memory_pool_t = Handle;
pub type hsa_region_t = Handle;
pub type hsa_cache_t = Handle;
pub type hsa_wavefront_t = Handle;

/// `hsa_dim3_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct hsa_dim3_t {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

pub type hsa_device_type_t = u32;
pub const HSA_DEVICE_TYPE_CPU: hsa_device_type_t = 0;
pub const HSA_DEVICE_TYPE_GPU: hsa_device_type_t = 1;

// hsa_system_info_t
pub const HSA_SYSTEM_INFO_VERSION_MAJOR: u32 = 0;
pub const HSA_SYSTEM_INFO_VERSION_MINOR: u32 = 1;
pub const HSA_SYSTEM_INFO_TIMESTAMP: u32 = 2;
pub const HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY: u32 = 3;
pub const HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT: u32 = 4;
pub const HSA_SYSTEM_INFO_ENDIANNESS: u32 = 5;
pub const HSA_SYSTEM_INFO_MACHINE_MODEL: u32 = 6;
pub const HSA_SYSTEM_INFO_EXTENSIONS: u32 = 7;
pub const HSA_AMD_SYSTEM_INFO_BUILD_VERSION: u32 = 0x200;
pub const HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED: u32 = 0x201;
pub const HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT: u32 = 0x202;
pub const HSA_AMD_SYSTEM_INFO_MWAITX_ENABLED: u32 = 0x203;
pub const HSA_AMD_SYSTEM_INFO_DMABUF_SUPPORTED: u32 = 0x204;
pub const HSA_AMD_SYSTEM_INFO_VIRTUAL_MEM_API_SUPPORTED: u32 = 0x205;
pub const HSA_AMD_SYSTEM_INFO_XNACK_ENABLED: u32 = 0x206;
pub const HSA_AMD_SYSTEM_INFO_EXT_VERSION_MAJOR: u32 = 0x207;
pub const HSA_AMD_SYSTEM_INFO_EXT_VERSION_MINOR: u32 = 0x208;
/// `HSA_AMD_INTERFACE_VERSION_MAJOR/MINOR` of ROCm 7.2's `hsa_ext_amd.h`.
pub const HSA_AMD_INTERFACE_VERSION: (u16, u16) = (1, 15);

// hsa_agent_info_t
pub const HSA_AGENT_INFO_NAME: u32 = 0;
pub const HSA_AGENT_INFO_VENDOR_NAME: u32 = 1;
pub const HSA_AGENT_INFO_FEATURE: u32 = 2;
pub const HSA_AGENT_INFO_MACHINE_MODEL: u32 = 3;
pub const HSA_AGENT_INFO_PROFILE: u32 = 4;
pub const HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE: u32 = 5;
pub const HSA_AGENT_INFO_WAVEFRONT_SIZE: u32 = 6;
pub const HSA_AGENT_INFO_WORKGROUP_MAX_DIM: u32 = 7;
pub const HSA_AGENT_INFO_WORKGROUP_MAX_SIZE: u32 = 8;
pub const HSA_AGENT_INFO_GRID_MAX_DIM: u32 = 9;
pub const HSA_AGENT_INFO_GRID_MAX_SIZE: u32 = 10;
pub const HSA_AGENT_INFO_FBARRIER_MAX_SIZE: u32 = 11;
pub const HSA_AGENT_INFO_QUEUES_MAX: u32 = 12;
pub const HSA_AGENT_INFO_QUEUE_MIN_SIZE: u32 = 13;
pub const HSA_AGENT_INFO_QUEUE_MAX_SIZE: u32 = 14;
pub const HSA_AGENT_INFO_QUEUE_TYPE: u32 = 15;
pub const HSA_AGENT_INFO_NODE: u32 = 16;
pub const HSA_AGENT_INFO_DEVICE: u32 = 17;
pub const HSA_AGENT_INFO_CACHE_SIZE: u32 = 18;
pub const HSA_AGENT_INFO_ISA: u32 = 19;
pub const HSA_AGENT_INFO_EXTENSIONS: u32 = 20;
pub const HSA_AGENT_INFO_VERSION_MAJOR: u32 = 21;
pub const HSA_AGENT_INFO_VERSION_MINOR: u32 = 22;
pub const HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES: u32 = 23;
pub const HSA_AGENT_INFO_FAST_F16_OPERATION: u32 = 24;
// hsa_amd_agent_info_t
pub const HSA_AMD_AGENT_INFO_CHIP_ID: u32 = 0xA000;
pub const HSA_AMD_AGENT_INFO_CACHELINE_SIZE: u32 = 0xA001;
pub const HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT: u32 = 0xA002;
pub const HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY: u32 = 0xA003;
pub const HSA_AMD_AGENT_INFO_DRIVER_NODE_ID: u32 = 0xA004;
pub const HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS: u32 = 0xA005;
pub const HSA_AMD_AGENT_INFO_BDFID: u32 = 0xA006;
pub const HSA_AMD_AGENT_INFO_MEMORY_WIDTH: u32 = 0xA007;
pub const HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY: u32 = 0xA008;
pub const HSA_AMD_AGENT_INFO_PRODUCT_NAME: u32 = 0xA009;
pub const HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU: u32 = 0xA00A;
pub const HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU: u32 = 0xA00B;
pub const HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES: u32 = 0xA00C;
pub const HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE: u32 = 0xA00D;
pub const HSA_AMD_AGENT_INFO_DOMAIN: u32 = 0xA00F;
pub const HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES: u32 = 0xA010;
pub const HSA_AMD_AGENT_INFO_UUID: u32 = 0xA011;
pub const HSA_AMD_AGENT_INFO_ASIC_REVISION: u32 = 0xA012;
pub const HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS: u32 = 0xA013;
pub const HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT: u32 = 0xA014;
pub const HSA_AMD_AGENT_INFO_MEMORY_AVAIL: u32 = 0xA015;
pub const HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY: u32 = 0xA016;
pub const HSA_AMD_AGENT_INFO_UCODE_VERSION: u32 = 0xA108;
pub const HSA_AMD_AGENT_INFO_SDMA_UCODE_VERSION: u32 = 0xA109;
pub const HSA_AMD_AGENT_INFO_NUM_SDMA_ENG: u32 = 0xA10A;
pub const HSA_AMD_AGENT_INFO_NUM_SDMA_XGMI_ENG: u32 = 0xA10B;
pub const HSA_AMD_AGENT_INFO_IOMMU_SUPPORT: u32 = 0xA110;
pub const HSA_AMD_AGENT_INFO_NUM_XCC: u32 = 0xA111;
pub const HSA_AMD_AGENT_INFO_DRIVER_UID: u32 = 0xA112;
pub const HSA_AMD_AGENT_INFO_NEAREST_CPU: u32 = 0xA113;
pub const HSA_AMD_AGENT_INFO_MEMORY_PROPERTIES: u32 = 0xA114;
pub const HSA_AMD_MEMORY_PROPERTY_AGENT_IS_APU: u64 = 1;
pub const HSA_IOMMU_SUPPORT_NONE: u32 = 0;

// hsa_isa_info_t
pub const HSA_ISA_INFO_NAME_LENGTH: u32 = 0;
pub const HSA_ISA_INFO_NAME: u32 = 1;
pub const HSA_ISA_INFO_CALL_CONVENTION_COUNT: u32 = 2;
pub const HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE: u32 = 3;
pub const HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT: u32 = 4;
pub const HSA_ISA_INFO_MACHINE_MODELS: u32 = 5;
pub const HSA_ISA_INFO_PROFILES: u32 = 6;
pub const HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES: u32 = 7;
pub const HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES: u32 = 8;
pub const HSA_ISA_INFO_FAST_F16_OPERATION: u32 = 9;
pub const HSA_ISA_INFO_WORKGROUP_MAX_DIM: u32 = 12;
pub const HSA_ISA_INFO_WORKGROUP_MAX_SIZE: u32 = 13;
pub const HSA_ISA_INFO_GRID_MAX_DIM: u32 = 14;
pub const HSA_ISA_INFO_GRID_MAX_SIZE: u32 = 16;
pub const HSA_ISA_INFO_FBARRIER_MAX_SIZE: u32 = 17;
// hsa_wavefront_info_t
pub const HSA_WAVEFRONT_INFO_SIZE: u32 = 0;
// hsa_cache_info_t
pub const HSA_CACHE_INFO_NAME_LENGTH: u32 = 0;
pub const HSA_CACHE_INFO_NAME: u32 = 1;
pub const HSA_CACHE_INFO_LEVEL: u32 = 2;
pub const HSA_CACHE_INFO_SIZE: u32 = 3;

// hsa_amd_memory_pool_info_t
pub const HSA_AMD_MEMORY_POOL_INFO_SEGMENT: u32 = 0;
pub const HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS: u32 = 1;
pub const HSA_AMD_MEMORY_POOL_INFO_SIZE: u32 = 2;
pub const HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED: u32 = 5;
pub const HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE: u32 = 6;
pub const HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT: u32 = 7;
pub const HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL: u32 = 15;
pub const HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE: u32 = 16;
pub const HSA_AMD_MEMORY_POOL_INFO_LOCATION: u32 = 17;
pub const HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_REC_GRANULE: u32 = 18;
// hsa_amd_segment_t
pub const HSA_AMD_SEGMENT_GLOBAL: u32 = 0;
pub const HSA_AMD_SEGMENT_GROUP: u32 = 3;
// hsa_amd_memory_pool_global_flag_t (same bits as hsa_region_global_flag_t)
pub const HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT: u32 = 1;
pub const HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED: u32 = 2;
pub const HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED: u32 = 4;
// hsa_amd_memory_pool_location_t
pub const HSA_AMD_MEMORY_POOL_LOCATION_CPU: u32 = 0;
pub const HSA_AMD_MEMORY_POOL_LOCATION_GPU: u32 = 1;
// hsa_amd_agent_memory_pool_info_t, hsa_amd_memory_pool_access_t
pub const HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS: u32 = 0;
pub const HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS: u32 = 1;
pub const HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED: u32 = 0;
pub const HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT: u32 = 1;
pub const HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT: u32 = 2;

// hsa_region_info_t, hsa_region_segment_t, hsa_amd_region_info_t
pub const HSA_REGION_INFO_SEGMENT: u32 = 0;
pub const HSA_REGION_INFO_GLOBAL_FLAGS: u32 = 1;
pub const HSA_REGION_INFO_SIZE: u32 = 2;
pub const HSA_REGION_INFO_ALLOC_MAX_SIZE: u32 = 4;
pub const HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED: u32 = 5;
pub const HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE: u32 = 6;
pub const HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT: u32 = 7;
pub const HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE: u32 = 8;
pub const HSA_REGION_SEGMENT_GLOBAL: u32 = 0;
pub const HSA_REGION_SEGMENT_GROUP: u32 = 3;
pub const HSA_AMD_REGION_INFO_HOST_ACCESSIBLE: u32 = 0xA000;
pub const HSA_AMD_REGION_INFO_BASE: u32 = 0xA001;
pub const HSA_AMD_REGION_INFO_BUS_WIDTH: u32 = 0xA002;
pub const HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY: u32 = 0xA003;

pub const HSA_AGENT_FEATURE_KERNEL_DISPATCH: u32 = 1;
pub const HSA_AGENT_FEATURE_AGENT_DISPATCH: u32 = 2;
pub const HSA_MACHINE_MODEL_SMALL: u32 = 0;
pub const HSA_MACHINE_MODEL_LARGE: u32 = 1;
pub const HSA_PROFILE_BASE: u32 = 0;
pub const HSA_PROFILE_FULL: u32 = 1;
pub const HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO: u32 = 1;
pub const HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR: u32 = 2;
pub const HSA_ENDIANNESS_LITTLE: u32 = 0;
pub const HSA_QUEUE_TYPE_MULTI: u32 = 0;

/// (status, description) for `hsa_status_string`.
pub const STATUS_TEXT: &[(hsa_status_t, &std::ffi::CStr)] = &[
    (0x0, c"HSA_STATUS_SUCCESS: The function has been executed successfully."),
    (0x1, c"HSA_STATUS_INFO_BREAK: A traversal over a list of elements has been interrupted by the application before completing."),
    (0x1000, c"HSA_STATUS_ERROR: A generic error has occurred."),
    (0x1001, c"HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual arguments does not meet a precondition stated in the documentation of the corresponding formal argument."),
    (0x1002, c"HSA_STATUS_ERROR_INVALID_QUEUE_CREATION: The requested queue creation is not valid."),
    (0x1003, c"HSA_STATUS_ERROR_INVALID_ALLOCATION: The requested allocation is not valid."),
    (0x1004, c"HSA_STATUS_ERROR_INVALID_AGENT: The agent is invalid."),
    (0x1005, c"HSA_STATUS_ERROR_INVALID_REGION: The memory region is invalid."),
    (0x1006, c"HSA_STATUS_ERROR_INVALID_SIGNAL: The signal is invalid."),
    (0x1007, c"HSA_STATUS_ERROR_INVALID_QUEUE: The queue is invalid."),
    (0x1008, c"HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources."),
    (0x1009, c"HSA_STATUS_ERROR_INVALID_PACKET_FORMAT: The AQL packet is malformed."),
    (0x100A, c"HSA_STATUS_ERROR_RESOURCE_FREE: An error has been detected while releasing a resource."),
    (0x100B, c"HSA_STATUS_ERROR_NOT_INITIALIZED: An API other than hsa_init has been invoked while the reference count of the HSA runtime is zero."),
    (0x100C, c"HSA_STATUS_ERROR_REFCOUNT_OVERFLOW: The maximum reference count for the object has been reached."),
    (0x100D, c"HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: The arguments passed to a functions are not compatible."),
    (0x100E, c"HSA_STATUS_ERROR_INVALID_INDEX: The index is invalid."),
    (0x100F, c"HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture is invalid."),
    (0x1010, c"HSA_STATUS_ERROR_INVALID_CODE_OBJECT: The code object is invalid."),
    (0x1011, c"HSA_STATUS_ERROR_INVALID_EXECUTABLE: The executable is invalid."),
    (0x1012, c"HSA_STATUS_ERROR_FROZEN_EXECUTABLE: The executable is frozen."),
    (0x1013, c"HSA_STATUS_ERROR_INVALID_SYMBOL_NAME: There is no symbol with the given name."),
    (0x1014, c"HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED: The variable is already defined."),
    (0x1015, c"HSA_STATUS_ERROR_VARIABLE_UNDEFINED: The variable is undefined."),
    (0x1016, c"HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a hardware exception."),
    (0x1017, c"HSA_STATUS_ERROR_INVALID_ISA_NAME: The instruction set architecture name is invalid."),
    (0x1018, c"HSA_STATUS_ERROR_INVALID_CODE_SYMBOL: The code object symbol is invalid."),
    (0x1019, c"HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL: The executable symbol is invalid."),
    (0x1020, c"HSA_STATUS_ERROR_INVALID_FILE: The file descriptor is invalid."),
    (0x1021, c"HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER: The code object reader is invalid."),
    (0x1022, c"HSA_STATUS_ERROR_INVALID_CACHE: The cache is invalid."),
    (0x1023, c"HSA_STATUS_ERROR_INVALID_WAVEFRONT: The wavefront is invalid."),
    (0x1024, c"HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP: The signal group is invalid."),
    (0x1025, c"HSA_STATUS_ERROR_INVALID_RUNTIME_STATE: The HSA runtime is not in the configured state."),
    (0x1026, c"HSA_STATUS_ERROR_FATAL: A fatal error has occurred."),
    (40, c"HSA_STATUS_ERROR_INVALID_MEMORY_POOL: The memory pool is invalid."),
    (41, c"HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent accessed memory beyond the maximum legal address."),
    (42, c"HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: The agent executed an invalid shader instruction."),
    (43, c"HSA_STATUS_ERROR_MEMORY_FAULT: The agent attempted to access an inaccessible address."),
    (44, c"HSA_STATUS_CU_MASK_REDUCED: The CU mask was set, but it enabled CUs disabled for the process."),
    (45, c"HSA_STATUS_ERROR_OUT_OF_REGISTERS: The kernel needs more VGPRs than the agent has."),
    (46, c"HSA_STATUS_ERROR_RESOURCE_BUSY: A resource is busy or temporarily unavailable."),
];
