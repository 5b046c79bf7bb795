//! Plans: `rocfft_plan_create` checks a transform against rocFFT's rules, fills in the
//! layout defaults and makes the host FFT plans once; `rocfft_plan_get_work_buffer_size`,
//! `rocfft_plan_get_print` and `rocfft_plan_destroy`.

use crate::engine::{self, Engine};
use crate::handles::{self, Kind};
use crate::layout::{self, Side};
use crate::objects::PlanDescription;
use crate::types::*;
use std::sync::Arc;

pub enum Engines {
    /// Single and half precision (half data are transformed in f32).
    F32(Engine<f32>),
    F64(Engine<f64>),
}

/// What an execution needs of a plan; shared with the work queued on streams, so that a plan
/// destroyed while its transforms are in flight stays alive until they finish.
pub struct PlanCore {
    pub transform: Transform,
    pub precision: Precision,
    pub inplace: bool,
    /// Transform lengths, fastest first (real lengths for real transforms).
    pub lengths: Vec<usize>,
    pub batch: usize,
    pub input: Side,
    pub output: Side,
    pub scale: f64,
    pub engines: Engines,
    /// Bytes of each input and output buffer one execution reads or writes.
    pub in_spans: [usize; 2],
    pub out_spans: [usize; 2],
    pub work_bytes: usize,
    /// The plan as SPIR-V kernel launches (Vulkan devices); `None`: the host path.
    pub gpu: Option<crate::gpu::GpuPlan>,
}

pub struct Plan {
    pub core: Arc<PlanCore>,
    /// Input/output fields (multi-device bricks): the core then transforms gathered data.
    pub fields: Option<crate::bricks::FieldPlan>,
}

/// rocFFT's kernels cover lengths whose prime factors are at most 17; any other length is
/// done with Bluestein's algorithm, which needs a work buffer for the chirp and the padded
/// lines (so `rocfft_plan_get_work_buffer_size` is non-zero for them, as in rocFFT).
const LARGEST_KERNEL_RADIX: usize = 17;

pub(crate) fn largest_prime_factor(mut n: usize) -> usize {
    let mut largest = 1;
    let mut p = 2;
    while p * p <= n {
        while n.is_multiple_of(p) {
            largest = p;
            n /= p;
        }
        p += 1;
    }
    largest.max(n)
}

/// Transforms up to this many points run in one pass through a workgroup's shared memory
/// (rocFFT's single-kernel sizes); larger 1D lengths are decomposed (four-step), and larger
/// multi-dimensional transforms go through transposes, both needing a temporary copy.
const SINGLE_PASS_POINTS: usize = 4096;

/// Work-buffer bytes, as rocFFT plans need them (clients such as rocfft-test's multithread
/// tests count on a work buffer for large transforms): a temporary copy of the batch's data
/// for multi-pass transforms, plus, for each dimension done by Bluestein, the chirp, its
/// transform and a padded line (3·M complex values, M the power of two ≥ 2N−1).
fn work_bytes(transform: Transform, lengths: &[usize], batch: usize, precision: Precision) -> usize {
    let complex_bytes = 2 * precision.real_bytes();
    let complex_lengths: Vec<usize> = lengths.iter().enumerate().map(|(d, &n)| if transform.is_real() && d == 0 { n / 2 + 1 } else { n }).collect();
    // The FFT lengths rocFFT's kernels run: a real row of even length N is an N/2-point
    // complex FFT (plus a pre/post-processing step), an odd one a full N-point one.
    let fft_lengths: Vec<usize> = lengths.iter().enumerate().map(|(d, &n)| if transform.is_real() && d == 0 && n % 2 == 0 { n / 2 } else { n }).collect();
    let bluestein: usize = fft_lengths
        .iter()
        .filter(|&&n| largest_prime_factor(n) > LARGEST_KERNEL_RADIX)
        .map(|&n| 3 * (2 * n - 1).next_power_of_two() * complex_bytes)
        .sum();
    let points: usize = complex_lengths.iter().product();
    let multi_pass = points > SINGLE_PASS_POINTS;
    // Odd real rows go through a complex copy of the data (hipFFT's tests: 2·N reals).
    let odd_real = transform.is_real() && lengths[0] % 2 == 1;
    let copy = if multi_pass || odd_real { lengths.iter().product::<usize>().saturating_mul(batch).saturating_mul(complex_bytes) } else { 0 };
    bluestein.saturating_add(copy)
}

/// Validates and builds a plan (statuses as rocFFT returns them).
///
/// # Safety
/// `lengths` holds `dimensions` values; `description` is null or any pointer.
pub unsafe fn create(
    placement: i32, transform: i32, precision: i32, dimensions: usize, lengths: *const usize, batch: usize,
    description: *mut PlanDescription,
) -> Result<Plan, rocfft_status> {
    if dimensions == 0 || dimensions > 3 {
        return Err(rocfft_status_invalid_dimensions);
    }
    if lengths.is_null() {
        return Err(rocfft_status_invalid_arg_value);
    }
    let inplace = match placement {
        0 => true,
        1 => false,
        _ => return Err(rocfft_status_invalid_arg_value),
    };
    let transform = Transform::from_c(transform).ok_or(rocfft_status_invalid_arg_value)?;
    let precision = Precision::from_c(precision).ok_or(rocfft_status_invalid_arg_value)?;
    let lengths = unsafe { std::slice::from_raw_parts(lengths, dimensions) }.to_vec();
    if lengths.contains(&0) || batch == 0 {
        crate::log::error(format_args!("rocfft_plan_create: lengths {lengths:?} and batch {batch} must be positive"));
        return Err(rocfft_status_invalid_arg_value);
    }
    let desc = if description.is_null() {
        PlanDescription::default()
    } else {
        unsafe { handles::get_mut(Kind::Description, description) }.ok_or(rocfft_status_invalid_arg_value)?.clone()
    };
    let (mut input, mut output) = layout::sides(transform, inplace, &lengths, &desc.input, &desc.output)?;
    layout::check_array_types(transform, inplace, input.array, output.array)?;
    // Fields are checked after the array types, as rocFFT does; their sides become the
    // contiguous device arrays the bricks are gathered into (crate::bricks).
    let fields = crate::bricks::plan(&desc, transform, inplace, precision, batch, &mut input, &mut output)?;
    let inplace = fields.as_ref().map_or(inplace, |f| f.core_inplace);
    let spans = |side: &Side| -> Result<[usize; 2], rocfft_status> {
        let span = |b: usize| side.span_bytes(b, batch, precision).ok_or(rocfft_status_invalid_arg_value);
        Ok([span(0)?, if side.array.is_planar() { span(1)? } else { 0 }])
    };
    let (in_spans, out_spans) = (spans(&input)?, spans(&output)?);
    let kind = match transform {
        Transform::ComplexForward => engine::Kind::Complex { forward: true },
        Transform::ComplexInverse => engine::Kind::Complex { forward: false },
        Transform::RealForward => engine::Kind::RealForward,
        Transform::RealInverse => engine::Kind::RealInverse,
    };
    let engines = match precision {
        Precision::Double => Engines::F64(Engine::new(kind, &lengths)),
        _ => Engines::F32(Engine::new(kind, &lengths)),
    };
    let work_bytes = work_bytes(transform, &lengths, batch, precision);
    crate::rtc::compile(transform, precision, &lengths);
    let mut core = PlanCore { transform, precision, inplace, lengths, batch, input, output, scale: desc.scale_factor, engines, in_spans, out_spans, work_bytes, gpu: None };
    core.gpu = crate::gpu::plan(&core);
    // The kernels' passes may need more work memory than rocFFT's model asks for.
    core.work_bytes = core.work_bytes.max(core.gpu.as_ref().map_or(0, |g| g.work_bytes));
    Ok(Plan { core: Arc::new(core), fields })
}

impl PlanCore {
    /// The equivalent rocfft-bench command line, as rocFFT logs it.
    pub fn bench_command(&self) -> String {
        let rev = |v: &[usize]| v.iter().rev().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
        format!(
            "rocfft-bench --length {} -b {} {}-t {} --precision {} --itype {} --otype {} --istride {} --ostride {} --idist {} --odist {} --ioffset {} {} --ooffset {} {}",
            rev(&self.lengths),
            self.batch,
            if self.inplace { "" } else { "-o " },
            self.transform.c_value(),
            self.precision.name(),
            self.input.array as i32,
            self.output.array as i32,
            rev(&self.input.strides),
            rev(&self.output.strides),
            self.input.distance,
            self.output.distance,
            self.input.offsets[0],
            self.input.offsets[1],
            self.output.offsets[0],
            self.output.offsets[1],
        )
    }
}

oxrocm_ffi::c_api! { lib = "rocfft", ret = rocfft_status, on_panic = rocfft_status_failure;

    fn rocfft_plan_create(plan: *mut *mut Plan, placement: i32, transform_type: i32, precision: i32,
                          dimensions: usize, lengths: *const usize, number_of_transforms: usize,
                          description: *mut PlanDescription) {
        if plan.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        *plan = std::ptr::null_mut();
        if crate::log::tracing() {
            let dims = if lengths.is_null() || dimensions > 3 { Vec::new() } else { std::slice::from_raw_parts(lengths, dimensions).to_vec() };
            let dims = dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",");
            crate::log::trace("rocfft_plan_create", &[("placement", &placement), ("transform_type", &transform_type), ("precision", &precision),
                ("dimensions", &dimensions), ("lengths", &dims), ("number_of_transforms", &number_of_transforms),
                ("description", &crate::log::Ptr(description))]);
        }
        match create(placement, transform_type, precision, dimensions, lengths, number_of_transforms, description) {
            Ok(p) => {
                crate::log::bench(&p.core.bench_command());
                *plan = handles::create(Kind::Plan, p);
                rocfft_status_success
            }
            Err(status) => status,
        }
    }

    fn rocfft_plan_destroy(plan: *mut Plan) {
        crate::log::trace("rocfft_plan_destroy", &[("plan", &crate::log::Ptr(plan))]);
        handles::destroy(Kind::Plan, plan)
    }

    fn rocfft_plan_get_work_buffer_size(plan: *mut Plan, size_in_bytes: *mut usize) {
        let Some(p) = handles::get_mut(Kind::Plan, plan) else { return rocfft_status_failure };
        if size_in_bytes.is_null() {
            return rocfft_status_invalid_arg_value;
        }
        *size_in_bytes = p.core.work_bytes;
        rocfft_status_success
    }

    fn rocfft_plan_get_print(plan: *mut Plan) {
        let Some(p) = handles::get_mut(Kind::Plan, plan) else { return rocfft_status_failure };
        let c = &p.core;
        println!();
        println!("precision: {}", c.precision.name());
        println!("transform type: {:?}", c.transform);
        println!("result placement: {}", if c.inplace { "in-place" } else { "not in-place" });
        println!("input array type: {:?}", c.input.array);
        println!("output array type: {:?}", c.output.array);
        println!("dimensions: {}", c.lengths.len());
        println!("lengths: {:?}", c.lengths);
        println!("batch size: {}", c.batch);
        println!("input offset: {:?}", c.input.offsets);
        println!("output offset: {:?}", c.output.offsets);
        println!("input strides: {:?}", c.input.strides);
        println!("output strides: {:?}", c.output.strides);
        println!("input distance: {}", c.input.distance);
        println!("output distance: {}", c.output.distance);
        println!("scale factor: {}", c.scale);
        println!("work buffer bytes: {}", c.work_bytes);
        println!();
        rocfft_status_success
    }
}
