//! Runtime errors, numbered as HIP's `hipError_t` so the C layer passes them through unchanged.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HipError(pub i32);

pub type Result<T> = std::result::Result<T, HipError>;

macro_rules! codes {
    ($($name:ident = $val:expr, $cname:expr, $text:expr;)*) => {
        impl HipError {
            $(pub const $name: HipError = HipError($val);)*
            /// The `hipError_t` enumerator name (`hipGetErrorName`).
            pub fn name(self) -> &'static str {
                match self.0 { 0 => "hipSuccess", $($val => $cname,)* _ => "hipErrorUnknown" }
            }
            /// Human-readable description (`hipGetErrorString`).
            pub fn description(self) -> &'static str {
                match self.0 { 0 => "no error", $($val => $text,)* _ => "unknown error" }
            }
        }
    };
}

codes! {
    INVALID_VALUE = 1, "hipErrorInvalidValue", "invalid argument";
    OUT_OF_MEMORY = 2, "hipErrorOutOfMemory", "out of memory";
    NOT_INITIALIZED = 3, "hipErrorNotInitialized", "initialization error";
    INVALID_CONFIGURATION = 9, "hipErrorInvalidConfiguration", "invalid configuration argument";
    INVALID_PITCH_VALUE = 12, "hipErrorInvalidPitchValue", "invalid pitch argument";
    INVALID_SYMBOL = 13, "hipErrorInvalidSymbol", "invalid device symbol";
    INVALID_DEVICE_POINTER = 17, "hipErrorInvalidDevicePointer", "invalid device pointer";
    INVALID_MEMCPY_DIRECTION = 21, "hipErrorInvalidMemcpyDirection", "invalid copy direction for memcpy";
    MISSING_CONFIGURATION = 52, "hipErrorMissingConfiguration", "__global__ function call is not configured";
    INVALID_DEVICE_FUNCTION = 98, "hipErrorInvalidDeviceFunction", "invalid device function";
    NO_DEVICE = 100, "hipErrorNoDevice", "no ROCm-capable device is detected";
    INVALID_DEVICE = 101, "hipErrorInvalidDevice", "invalid device ordinal";
    INVALID_IMAGE = 200, "hipErrorInvalidImage", "device kernel image is invalid";
    INVALID_CONTEXT = 201, "hipErrorInvalidContext", "invalid device context";
    MAP_FAILED = 205, "hipErrorMapFailed", "mapping of buffer object failed";
    NO_BINARY_FOR_GPU = 209, "hipErrorNoBinaryForGpu", "no kernel image is available for execution on the device";
    UNSUPPORTED_LIMIT = 215, "hipErrorUnsupportedLimit", "limit is not supported on this architecture";
    CONTEXT_ALREADY_IN_USE = 216, "hipErrorContextAlreadyInUse", "exclusive-thread device already in use by a different thread";
    PEER_ACCESS_UNSUPPORTED = 217, "hipErrorPeerAccessUnsupported", "peer access is not supported between these two devices";
    FILE_NOT_FOUND = 301, "hipErrorFileNotFound", "file not found";
    INVALID_HANDLE = 400, "hipErrorInvalidHandle", "invalid resource handle";
    ILLEGAL_STATE = 401, "hipErrorIllegalState", "the operation cannot be performed in the present state";
    NOT_FOUND = 500, "hipErrorNotFound", "named symbol not found";
    NOT_READY = 600, "hipErrorNotReady", "device not ready";
    ILLEGAL_ADDRESS = 700, "hipErrorIllegalAddress", "an illegal memory access was encountered";
    LAUNCH_OUT_OF_RESOURCES = 701, "hipErrorLaunchOutOfResources", "too many resources requested for launch";
    LAUNCH_TIMEOUT = 702, "hipErrorLaunchTimeOut", "the launch timed out and was terminated";
    PEER_ACCESS_ALREADY_ENABLED = 704, "hipErrorPeerAccessAlreadyEnabled", "peer access is already enabled";
    PEER_ACCESS_NOT_ENABLED = 705, "hipErrorPeerAccessNotEnabled", "peer access has not been enabled";
    SET_ON_ACTIVE_PROCESS = 708, "hipErrorSetOnActiveProcess", "cannot set while device is active in this process";
    HOST_MEMORY_ALREADY_REGISTERED = 712, "hipErrorHostMemoryAlreadyRegistered", "part or all of the requested memory range is already mapped";
    HOST_MEMORY_NOT_REGISTERED = 713, "hipErrorHostMemoryNotRegistered", "pointer does not correspond to a registered memory region";
    LAUNCH_FAILURE = 719, "hipErrorLaunchFailure", "unspecified launch failure";
    COOPERATIVE_LAUNCH_TOO_LARGE = 720, "hipErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch";
    NOT_SUPPORTED = 801, "hipErrorNotSupported", "operation not supported";
    STREAM_CAPTURE_UNSUPPORTED = 900, "hipErrorStreamCaptureUnsupported", "operation not permitted when stream is capturing";
    STREAM_CAPTURE_INVALIDATED = 901, "hipErrorStreamCaptureInvalidated", "operation failed due to a previous error during capture";
    STREAM_CAPTURE_MERGE = 902, "hipErrorStreamCaptureMerge", "operation would result in a merge of separate capture sequences";
    STREAM_CAPTURE_UNMATCHED = 903, "hipErrorStreamCaptureUnmatched", "capture was not ended in the same stream as it began";
    STREAM_CAPTURE_UNJOINED = 904, "hipErrorStreamCaptureUnjoined", "capturing stream has unjoined work";
    STREAM_CAPTURE_ISOLATION = 905, "hipErrorStreamCaptureIsolation", "dependency created on uncaptured work in another stream";
    STREAM_CAPTURE_IMPLICIT = 906, "hipErrorStreamCaptureImplicit", "operation would make the legacy stream depend on a capturing blocking stream";
    CAPTURED_EVENT = 907, "hipErrorCapturedEvent", "operation not permitted on an event last recorded in a capturing stream";
    STREAM_CAPTURE_WRONG_THREAD = 908, "hipErrorStreamCaptureWrongThread", "attempt to terminate a thread-local capture sequence from another thread";
    GRAPH_EXEC_UPDATE_FAILURE = 910, "hipErrorGraphExecUpdateFailure", "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update";
    UNKNOWN = 999, "hipErrorUnknown", "unknown error";
}

impl fmt::Debug for HipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", self.name(), self.0)
    }
}

impl fmt::Display for HipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
