//! Kernels and launches. A kernel is either AMDGCN code from a registered code object
//! (run by the instruction interpreter, `gcn`) or a host implementation that an oxrocm
//! library registered through the private interface.

use crate::codeobj::descriptor::KernelDescriptor;
use crate::codeobj::metadata::KernelMeta;
use crate::error::{HipError, Result};
use crate::ops::HostView;
use std::ffi::c_void;
use std::sync::Arc;

/// Launch geometry as a host kernel sees it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct LaunchInfo {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared_mem_bytes: usize,
}

/// A host implementation of a kernel: called once per launch with the grid and the
/// argument pointers, exactly like `hipLaunchKernel`'s `args`.
pub type HostKernelFn = unsafe extern "C" fn(info: *const LaunchInfo, args: *const *mut c_void);

/// An AMDGCN kernel of a code object: what its metadata and descriptor say.
#[derive(Clone, Debug)]
pub struct GcnKernel {
    /// Target of the code object it comes from (`gfx1100`, `gfx90a:xnack-`).
    pub target: String,
    /// The module (registry handle) holding the code object.
    pub module: usize,
    pub meta: KernelMeta,
    pub descriptor: KernelDescriptor,
    /// Address of its first instruction in the code object's address space.
    pub entry: u64,
    /// Sizes of the explicit arguments, in order.
    pub arg_sizes: Vec<usize>,
}

pub enum KernelBody {
    Host { f: HostKernelFn, arg_sizes: Vec<usize> },
    /// AMDGCN code from a registered code object.
    Gcn(Box<GcnKernel>),
    /// Registered by `__hipRegisterFunction` but no code object for any device target.
    Missing,
    /// The device's code object lacks the kernel's descriptor or metadata.
    Unusable,
}

pub struct Kernel {
    pub name: String,
    pub body: KernelBody,
}

impl Kernel {
    /// Sizes of the explicit arguments, where known (needed to copy `void** args` at launch).
    pub fn arg_sizes(&self) -> Option<&[usize]> {
        match &self.body {
            KernelBody::Host { arg_sizes, .. } => Some(arg_sizes),
            KernelBody::Gcn(g) => Some(&g.arg_sizes),
            KernelBody::Missing | KernelBody::Unusable => None,
        }
    }
}

#[derive(Clone)]
pub struct KernelLaunch {
    pub kernel: Arc<Kernel>,
    pub info: LaunchInfo,
    /// Argument values copied at launch time (one buffer per argument).
    pub args: Arc<Vec<Vec<u8>>>,
    /// AMDGCN kernels: the decoded code of the device's loaded image.
    pub code: Option<Arc<crate::gcn::LoadedCode>>,
    /// `hipLaunchCooperativeKernel`: every workgroup resident at once (grid barriers work).
    pub cooperative: bool,
}

impl KernelLaunch {
    /// Copies the arguments out of `args` (pointer array) so the caller's storage may go.
    ///
    /// # Safety
    /// `args` must point to one readable pointer per argument of `kernel`.
    pub unsafe fn capture(kernel: Arc<Kernel>, info: LaunchInfo, args: *const *mut c_void) -> Result<Self> {
        let sizes = kernel.arg_sizes().ok_or(HipError::NOT_SUPPORTED)?.to_vec();
        if !sizes.is_empty() && args.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let mut copied = Vec::with_capacity(sizes.len());
        for (i, n) in sizes.iter().enumerate() {
            let p = unsafe { *args.add(i) } as *const u8;
            if p.is_null() {
                return Err(HipError::INVALID_VALUE);
            }
            copied.push(unsafe { std::slice::from_raw_parts(p, *n) }.to_vec());
        }
        Ok(KernelLaunch { kernel, info, args: Arc::new(copied), code: None, cooperative: false })
    }

    pub fn run_on_host(&self, view: &dyn HostView) -> Result<()> {
        match &self.kernel.body {
            KernelBody::Host { f, .. } => {
                // Pointer-sized arguments that point into device memory the host cannot
                // reach are rewritten to the staged copies (written back after the call).
                let args: Vec<Vec<u8>> = self
                    .args
                    .iter()
                    .map(|a| match <[u8; 8]>::try_from(a.as_slice()) {
                        Ok(b) => view.translate(u64::from_le_bytes(b)).map(|h| h.to_le_bytes().to_vec()).unwrap_or_else(|| a.clone()),
                        Err(_) => a.clone(),
                    })
                    .collect();
                // The kernel receives pointers to the argument copies.
                let ptrs: Vec<*mut c_void> = args.iter().map(|a| a.as_ptr() as *mut c_void).collect();
                unsafe { f(&self.info, ptrs.as_ptr()) };
                Ok(())
            }
            KernelBody::Gcn(g) => {
                let code = self.code.as_ref().ok_or(HipError::NOT_SUPPORTED)?;
                crate::gcn::execute(&self.kernel.name, g, code, &self.info, &self.args, self.cooperative, view)
            }
            _ => Err(HipError::NOT_SUPPORTED),
        }
    }

    /// A launch of an AMDGCN kernel whose explicit arguments sit at their kernarg offsets
    /// in `packed` (`hipModuleLaunchKernel`'s `extra` buffer).
    pub fn from_packed(kernel: Arc<Kernel>, info: LaunchInfo, packed: &[u8]) -> Result<Self> {
        let KernelBody::Gcn(g) = &kernel.body else { return Err(HipError::NOT_SUPPORTED) };
        let mut args = Vec::new();
        for a in g.meta.explicit_args() {
            args.push(packed.get(a.offset..a.offset + a.size).ok_or(HipError::INVALID_VALUE)?.to_vec());
        }
        Ok(KernelLaunch { kernel, info, args: Arc::new(args), code: None, cooperative: false })
    }
}
