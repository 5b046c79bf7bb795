"""What the cuBLAS reference scripts (blas1/2/3_cuda_reference.py) share: PyTorch's bundled
libcublas through ctypes, and a handle on PyTorch's current CUDA stream.

  from cublas_handle import cublas
  lib, handle = cublas()"""
import ctypes, glob, os
import torch


def load_cublas():
    here = os.path.dirname(torch.__file__)
    cands = glob.glob(os.path.join(here, "..", "nvidia", "cublas", "lib", "libcublas.so*")) + glob.glob(os.path.join(here, "lib", "libcublas.so*"))
    for c in cands + ["libcublas.so.12", "libcublas.so"]:
        try:
            return ctypes.CDLL(c)
        except OSError:
            continue
    raise SystemExit("libcublas not found")


def cublas():
    lib = load_cublas()
    torch.zeros(1, device="cuda")  # the CUDA context cuBLAS attaches to
    handle = ctypes.c_void_p()
    assert lib.cublasCreate_v2(ctypes.byref(handle)) == 0
    assert lib.cublasSetStream_v2(handle, ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)) == 0
    return lib, handle
