//! Benchmarking aid: `OXROCM_ROCBLAS_SPIRV_DIR=dir` runs `dir/<module>.spv` in place of the
//! committed GEMM module of that name (e.g. `gemm_f32.spv`, `gemm_f16_nn.spv`) wherever such
//! a file exists, so one run on a GPU machine can compare shader variants without a
//! rebuild. The replacement keeps the module's host twin and push-constant layout.

use crate::hip::oxrocm_spirv_kernel;
use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::sync::{Mutex, OnceLock};

/// `k`, or its replacement from the directory (loaded once per process and kept).
pub fn module(k: &'static oxrocm_spirv_kernel) -> &'static oxrocm_spirv_kernel {
    static DIR: OnceLock<Option<std::path::PathBuf>> = OnceLock::new();
    let Some(dir) =
        DIR.get_or_init(|| std::env::var_os("OXROCM_ROCBLAS_SPIRV_DIR").map(Into::into))
    else {
        return k;
    };
    static LOADED: OnceLock<Mutex<HashMap<usize, &'static oxrocm_spirv_kernel>>> = OnceLock::new();
    let mut loaded = LOADED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    *loaded.entry(k as *const _ as usize).or_insert_with(|| {
        // Names are "rocblas <module>".
        let name = unsafe { CStr::from_ptr(k.name) }.to_string_lossy();
        let file = dir.join(format!("{}.spv", name.trim_start_matches("rocblas ")));
        let Ok(bytes) = std::fs::read(&file) else {
            return k;
        };
        eprintln!("[rocblas] {name}: running {}", file.display());
        // SPIR-V words must be 4-byte aligned.
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .collect();
        let words = Box::leak(words.into_boxed_slice());
        let label = CString::new(format!("{name} ({})", file.display())).unwrap_or_default();
        Box::leak(Box::new(oxrocm_spirv_kernel {
            name: Box::leak(label.into_boxed_c_str()).as_ptr(),
            spirv: words.as_ptr() as *const _,
            spirv_size: words.len() * 4,
            host: k.host,
        }))
    })
}
