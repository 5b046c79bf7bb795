//! Library setup/cleanup, version, and the objects a client fills before planning: plan
//! descriptions (layout, scale, fields), execution infos (stream, work buffer, callbacks),
//! fields and bricks. Every handle we hand out is recorded in `handles`, so a stale or
//! foreign pointer is refused instead of dereferenced.

use crate::handles::{self, Kind};
use crate::log::{self, Ptr};
use crate::types::*;
use std::ffi::{c_char, c_void};
use std::sync::Mutex;

/// `rocfft_comm_none` of `rocfft_comm_type` (`rocfft_comm_mpi` is 1).
const COMM_NONE: i32 = 0;

/// One side (input or output) of a plan description's data layout, as the client set it:
/// values rocFFT fills in at plan creation stay empty/zero here.
#[derive(Clone, Debug, Default)]
pub struct SideLayout {
    /// `rocfft_array_type` as given (`rocfft_array_type_unset` = 5 until set; checked when
    /// a plan is made, as rocFFT does).
    pub array_type: i32,
    /// Element offsets of the one (interleaved, real) or two (planar) buffers.
    pub offsets: [usize; 2],
    /// Empty: contiguous defaults.
    pub strides: Vec<usize>,
    /// 0: the contiguous default.
    pub distance: usize,
    /// Multi-device decomposition of this side (rocFFT's "fields").
    pub fields: Vec<Field>,
}

#[derive(Clone, Debug)]
pub struct PlanDescription {
    pub scale_factor: f64,
    pub input: SideLayout,
    pub output: SideLayout,
}

impl Default for PlanDescription {
    fn default() -> Self {
        let side = SideLayout { array_type: ARRAY_TYPE_UNSET, ..Default::default() };
        PlanDescription { scale_factor: 1.0, input: side.clone(), output: side }
    }
}

/// A device function and its data pointer (rocFFT load/store callbacks).
#[derive(Clone, Copy, Debug)]
pub struct Callback {
    pub function: *mut c_void,
    pub data: *mut c_void,
}

#[derive(Debug)]
pub struct ExecutionInfo {
    pub stream: *mut c_void,
    pub work_buffer: *mut c_void,
    pub work_buffer_size: usize,
    pub load_callback: Option<Callback>,
    pub store_callback: Option<Callback>,
}

/// A box of a field on one device: `lower` inclusive, `upper` exclusive, in the field's
/// index space (the side's element lengths then the batch, fastest dimension first, as
/// rocFFT takes them); `stride` in elements of the brick's own buffer. Checked at plan
/// creation (`crate::bricks`).
#[derive(Clone, Debug)]
pub struct Brick {
    pub lower: Vec<usize>,
    pub upper: Vec<usize>,
    pub stride: Vec<usize>,
    pub device: i32,
}

#[derive(Clone, Debug, Default)]
pub struct Field {
    pub bricks: Vec<Brick>,
}

static SETUP: Mutex<u32> = Mutex::new(0);

pub fn setup_count() -> u32 {
    *SETUP.lock().unwrap_or_else(|e| e.into_inner())
}

/// Copies `n` values from a client array (n is at most 3 where callers pass it).
unsafe fn copy_sizes(p: *const usize, n: usize) -> Vec<usize> {
    if p.is_null() || n == 0 { Vec::new() } else { unsafe { std::slice::from_raw_parts(p, n) }.to_vec() }
}

/// rocFFT's transforms have at most 3 dimensions; a longer stride or brick array is refused
/// rather than read.
const MAX_RANK: usize = 3;

oxrocm_ffi::c_api! { lib = "rocfft", ret = rocfft_status, on_panic = rocfft_status_failure;

    fn rocfft_setup() {
        *SETUP.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        log::setup();
        crate::rtc::setup();
        log::trace("rocfft_setup", &[]);
        rocfft_status_success
    }

    fn rocfft_cleanup() {
        log::trace("rocfft_cleanup", &[]);
        crate::rtc::cleanup();
        log::cleanup();
        let mut n = SETUP.lock().unwrap_or_else(|e| e.into_inner());
        *n = n.saturating_sub(1);
        rocfft_status_success
    }

    fn rocfft_get_version_string(buf: *mut c_char, len: usize) {
        let v = VERSION.to_bytes_with_nul();
        if buf.is_null() || len < v.len() {
            return rocfft_status_invalid_arg_value;
        }
        std::ptr::copy_nonoverlapping(v.as_ptr(), buf.cast::<u8>(), v.len());
        rocfft_status_success
    }

    fn rocfft_plan_description_create(description: *mut *mut PlanDescription) {
        if description.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        *description = handles::create(Kind::Description, PlanDescription::default());
        log::trace("rocfft_plan_description_create", &[("description", &Ptr(*description))]);
        rocfft_status_success
    }

    fn rocfft_plan_description_destroy(description: *mut PlanDescription) {
        log::trace("rocfft_plan_description_destroy", &[("description", &Ptr(description))]);
        handles::destroy(Kind::Description, description)
    }

    fn rocfft_plan_description_set_scale_factor(description: *mut PlanDescription, scale_factor: f64) {
        log::trace("rocfft_plan_description_set_scale_factor", &[("description", &Ptr(description)), ("scale", &scale_factor)]);
        let Some(d) = handles::get_mut(Kind::Description, description) else { return rocfft_status_invalid_arg_value };
        if !scale_factor.is_finite() {
            return rocfft_status_invalid_arg_value;
        }
        d.scale_factor = scale_factor;
        rocfft_status_success
    }

    /// Records the layout as given; rocFFT checks it against the transform when a plan is
    /// made (array types, then the defaults for what was left out).
    fn rocfft_plan_description_set_data_layout(
        description: *mut PlanDescription, in_array_type: i32, out_array_type: i32,
        in_offsets: *const usize, out_offsets: *const usize,
        in_strides_size: usize, in_strides: *const usize, in_distance: usize,
        out_strides_size: usize, out_strides: *const usize, out_distance: usize
    ) {
        let Some(d) = handles::get_mut(Kind::Description, description) else { return rocfft_status_invalid_arg_value };
        if (!in_strides.is_null() && in_strides_size > MAX_RANK) || (!out_strides.is_null() && out_strides_size > MAX_RANK) {
            return rocfft_status_invalid_strides;
        }
        let set = |side: &mut SideLayout, ty: i32, offsets: *const usize, strides: *const usize, n: usize, dist: usize| {
            side.array_type = ty;
            if !offsets.is_null() {
                let planar = ArrayType::from_c(ty).is_some_and(|t| t.is_planar());
                side.offsets[0] = unsafe { *offsets };
                if planar {
                    side.offsets[1] = unsafe { *offsets.add(1) };
                }
            }
            if !strides.is_null() {
                side.strides = unsafe { copy_sizes(strides, n) };
            }
            if dist != 0 {
                side.distance = dist;
            }
        };
        set(&mut d.input, in_array_type, in_offsets, in_strides, in_strides_size, in_distance);
        set(&mut d.output, out_array_type, out_offsets, out_strides, out_strides_size, out_distance);
        rocfft_status_success
    }

    /// The communication library for distributed plans, answered as a rocFFT built without
    /// MPI answers: no communicator (`rocfft_comm_none` = 0) is accepted, a communicator type
    /// without a handle is an invalid value, and MPI (1) or any other type a failure.
    fn rocfft_plan_description_set_comm(description: *mut PlanDescription, comm_type: i32, comm_handle: *mut c_void) {
        if handles::get_mut(Kind::Description, description).is_none() || (comm_type != COMM_NONE && comm_handle.is_null()) {
            return rocfft_status_invalid_arg_value;
        }
        if comm_type != COMM_NONE {
            return rocfft_status_failure;
        }
        rocfft_status_success
    }

    fn rocfft_plan_description_add_infield(description: *mut PlanDescription, field: *mut Field) {
        add_field(description, field, true)
    }

    fn rocfft_plan_description_add_outfield(description: *mut PlanDescription, field: *mut Field) {
        add_field(description, field, false)
    }

    fn rocfft_field_create(field: *mut *mut Field) {
        if field.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        *field = handles::create(Kind::Field, Field::default());
        rocfft_status_success
    }

    fn rocfft_field_destroy(field: *mut Field) {
        handles::destroy(Kind::Field, field)
    }

    fn rocfft_brick_create(brick: *mut *mut Brick, field_lower: *const usize, field_upper: *const usize,
                           brick_stride: *const usize, dim: usize, device_id: i32) {
        if brick.is_null() || dim > MAX_RANK + 1 || (dim > 0 && (field_lower.is_null() || field_upper.is_null() || brick_stride.is_null())) {
            return rocfft_status_invalid_arg_value;
        }
        let b = Brick {
            lower: copy_sizes(field_lower, dim),
            upper: copy_sizes(field_upper, dim),
            stride: copy_sizes(brick_stride, dim),
            device: device_id,
        };
        *brick = handles::create(Kind::Brick, b);
        rocfft_status_success
    }

    fn rocfft_brick_destroy(brick: *mut Brick) {
        handles::destroy(Kind::Brick, brick)
    }

    fn rocfft_field_add_brick(field: *mut Field, brick: *mut Brick) {
        let Some(b) = handles::get_mut(Kind::Brick, brick).map(|b| b.clone()) else { return rocfft_status_invalid_arg_value };
        let Some(f) = handles::get_mut(Kind::Field, field) else { return rocfft_status_invalid_arg_value };
        f.bricks.push(b);
        rocfft_status_success
    }

    fn rocfft_execution_info_create(info: *mut *mut ExecutionInfo) {
        if info.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        let i = ExecutionInfo {
            stream: std::ptr::null_mut(),
            work_buffer: std::ptr::null_mut(),
            work_buffer_size: 0,
            load_callback: None,
            store_callback: None,
        };
        *info = handles::create(Kind::ExecutionInfo, i);
        log::trace("rocfft_execution_info_create", &[("info", &Ptr(*info))]);
        rocfft_status_success
    }

    fn rocfft_execution_info_destroy(info: *mut ExecutionInfo) {
        log::trace("rocfft_execution_info_destroy", &[("info", &Ptr(info))]);
        handles::destroy(Kind::ExecutionInfo, info)
    }

    fn rocfft_execution_info_set_stream(info: *mut ExecutionInfo, stream: *mut c_void) {
        let Some(i) = handles::get_mut(Kind::ExecutionInfo, info) else { return rocfft_status_invalid_arg_value };
        i.stream = stream;
        rocfft_status_success
    }

    fn rocfft_execution_info_set_work_buffer(info: *mut ExecutionInfo, work_buffer: *mut c_void, size_in_bytes: usize) {
        let Some(i) = handles::get_mut(Kind::ExecutionInfo, info) else { return rocfft_status_invalid_arg_value };
        if work_buffer.is_null() {
            return rocfft_status_invalid_work_buffer;
        }
        i.work_buffer = work_buffer;
        i.work_buffer_size = size_in_bytes;
        rocfft_status_success
    }

    /// rocFFT takes the first function and data pointer; it has no shared memory for
    /// callbacks, so asking for some is an invalid value.
    fn rocfft_execution_info_set_load_callback(info: *mut ExecutionInfo, cb_functions: *mut *mut c_void,
                                               cb_data: *mut *mut c_void, shared_mem_bytes: usize) {
        set_callback(info, cb_functions, cb_data, shared_mem_bytes, true)
    }

    fn rocfft_execution_info_set_store_callback(info: *mut ExecutionInfo, cb_functions: *mut *mut c_void,
                                                cb_data: *mut *mut c_void, shared_mem_bytes: usize) {
        set_callback(info, cb_functions, cb_data, shared_mem_bytes, false)
    }
}

unsafe fn add_field(description: *mut PlanDescription, field: *mut Field, input: bool) -> rocfft_status {
    let Some(f) = (unsafe { handles::get_mut(Kind::Field, field) }).map(|f| f.clone()) else { return rocfft_status_invalid_arg_value };
    let Some(d) = (unsafe { handles::get_mut(Kind::Description, description) }) else { return rocfft_status_invalid_arg_value };
    if f.bricks.is_empty() {
        return rocfft_status_invalid_arg_value;
    }
    if input { d.input.fields.push(f) } else { d.output.fields.push(f) }
    rocfft_status_success
}

unsafe fn set_callback(info: *mut ExecutionInfo, functions: *mut *mut c_void, data: *mut *mut c_void, shared: usize, load: bool) -> rocfft_status {
    let Some(i) = (unsafe { handles::get_mut(Kind::ExecutionInfo, info) }) else { return rocfft_status_invalid_arg_value };
    if shared != 0 {
        return rocfft_status_invalid_arg_value;
    }
    let function = if functions.is_null() { std::ptr::null_mut() } else { unsafe { *functions } };
    let data = if data.is_null() { std::ptr::null_mut() } else { unsafe { *data } };
    let cb = (!function.is_null()).then_some(Callback { function, data });
    if load { i.load_callback = cb } else { i.store_callback = cb }
    rocfft_status_success
}
