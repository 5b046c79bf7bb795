//! `hipModuleLoadData` through the HIP C API (libamdhip64's rlib, the CPU backend): the
//! input is placed to end at an unreadable page, as a program's image in its own memory
//! may, and loaded by pointer alone (the runtime finds its extent from the headers). A
//! module that loads gets `hipModuleGetFunctionCount`, `hipModuleGetFunction` for up to 8
//! of its kernels (made ready to launch: loaded image, descriptor, code) and is unloaded.
#![no_main]
use amdhip64::module::*;
use amdhip64::types::*;
use libfuzzer_sys::fuzz_target;
use std::sync::Mutex;

/// Inputs larger than this are cut (libFuzzer's -max_len is smaller anyway).
const MAX_INPUT: usize = 8 << 20;

static BUFFER: Mutex<Option<oxrocm_fuzz::Guarded>> = Mutex::new(None);

fuzz_target!(|data: &[u8]| {
    let data = &data[..data.len().min(MAX_INPUT)];
    let mut guard = BUFFER.lock().unwrap_or_else(|e| e.into_inner());
    let buf = guard.get_or_insert_with(|| oxrocm_fuzz::Guarded::new(MAX_INPUT));
    let p = buf.place(data);
    let mut m: hipModule_t = std::ptr::null_mut();
    // SAFETY: `p` points at readable memory up to the guard page.
    let rc = unsafe { hipModuleLoadData(&mut m, p.cast()) };
    if rc != hipSuccess {
        return;
    }
    let mut count = 0u32;
    // SAFETY: a loaded module and a valid out pointer.
    let _ = unsafe { hipModuleGetFunctionCount(&mut count, m) };
    let names: Vec<String> = oxrocm_runtime::codeobj::parse_image(data)
        .map(|cos| cos.iter().flat_map(|c| c.kernel_names()).collect())
        .unwrap_or_default();
    for name in names.iter().take(8) {
        let Ok(c) = std::ffi::CString::new(name.as_str()) else { continue };
        let mut f: hipFunction_t = std::ptr::null_mut();
        // SAFETY: valid module, out pointer and NUL-terminated name.
        let _ = unsafe { hipModuleGetFunction(&mut f, m, c.as_ptr()) };
    }
    // SAFETY: the module loaded above.
    let rc = unsafe { hipModuleUnload(m) };
    assert_eq!(rc, hipSuccess, "unloading a module that loaded");
});
