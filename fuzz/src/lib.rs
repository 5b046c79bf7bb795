//! Shared pieces of the fuzz targets (issue 22): what loading an image does with it, as
//! `hipModuleLoad*` and a later `hipModuleGetFunction` would, and a guarded buffer for
//! inputs read through a raw pointer.

use oxrocm_runtime::codeobj::elf::Elf;
use oxrocm_runtime::codeobj::kernarg::{self, Dispatch, Explicit, HiddenValues};
use oxrocm_runtime::codeobj::{CodeObject, image, image_extent, parse_image};

/// Loaded images and globals bigger than this are not made (their declared size is only
/// checked): the runtime allows up to `MAX_IMAGE_LEN`, more than a fuzzer's memory limit.
pub const MAKE_LIMIT: usize = 64 << 20;

/// The image's extent and its code objects, each taken through [`touch_code_object`].
pub fn load_image(bytes: &[u8]) {
    if let Some(n) = image_extent(bytes) {
        assert!(n <= bytes.len(), "image_extent {n} beyond the {} bytes given", bytes.len());
    }
    if let Ok(cos) = parse_image(bytes) {
        for co in &cos {
            touch_code_object(co);
        }
    }
}

/// Everything the runtime reads from one code object up to its loaded image: target,
/// symbols, metadata, descriptors, entries, kernargs, globals, notes, relocations and the
/// relocated image (when at most `MAKE_LIMIT`).
pub fn touch_code_object(co: &CodeObject) {
    let _ = (co.processor(), co.symbols());
    let mut names = co.kernel_names();
    names.sort();
    let meta = co.metadata();
    for name in names.iter().take(16) {
        let _ = (co.has_kernel(name), co.entry(name));
        if let Some((_, kd)) = co.descriptor(name) {
            touch_descriptor(&kd);
        }
        if let Some(km) = meta.as_ref().ok().and_then(|m| m.kernel(name)) {
            touch_kernel_meta(km);
        }
    }
    let Some(elf) = Elf::new(&co.image) else { return };
    let _ = (elf.notes().len(), elf.relocations().len(), elf.abi_version(), elf.load_segments().len());
    for s in elf.symbols().iter().filter(|s| s.defined() && s.kind == 1 && (s.size as usize) <= MAKE_LIMIT).take(64) {
        let _ = co.global(&s.name);
    }
    if let Ok(n) = image::span(&elf)
        && n <= MAKE_LIMIT
    {
        let _ = image::relocated(&elf, 0x7f00_0000_0000);
    }
}

/// Every accessor of a kernel descriptor, for both register-file layouts.
pub fn touch_descriptor(kd: &oxrocm_runtime::codeobj::descriptor::KernelDescriptor) {
    let _ = (kd.sgpr_layout(), kd.workitem_id_dims(), kd.user_sgpr_count(), kd.uses_dynamic_stack());
    let _ = (kd.denorm_mode_f32(), kd.denorm_mode_f16_f64(), kd.ieee_mode(), kd.dx10_clamp());
    for (w32, like90a) in [(false, false), (true, false), (false, true), (true, true)] {
        let _ = kd.vgpr_count(w32, like90a);
    }
    let _ = kd.vgpr_count(kd.wave32(), false);
}

/// A kernel's explicit arguments and its kernarg segment built from zeroed arguments.
pub fn touch_kernel_meta(km: &oxrocm_runtime::codeobj::metadata::KernelMeta) {
    let _ = km.explicit_args().count();
    if km.kernarg_size > oxrocm_runtime::codeobj::metadata::MAX_KERNARG_SIZE {
        return;
    }
    let packed = vec![0u8; km.kernarg_size];
    let d = Dispatch { groups: [2, 1, 1], block: [64, 1, 1], dynamic_lds: 0 };
    // SAFETY: `Packed` reads only from `packed`, which is kernarg_size bytes.
    let _ = unsafe { kernarg::build(km, Explicit::Packed(&packed), &d, &HiddenValues::default()) };
}

/// Memory whose last readable byte is followed by an inaccessible page (shared with the
/// tests' mutation harnesses).
pub use oxrocm_testkit::Guarded;
