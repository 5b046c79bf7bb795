#!/usr/bin/env python3
"""cuFFT (through torch.fft) timings of the rocFFT benchmark shapes, for bench/device-fft.sh.

Each shape: WARMUP_MS of warm-up, then ITERS transforms back to back between two CUDA
events; prints milliseconds per transform. Shapes as rocfft-bench writes them:
  NAME:c2c|r2c:single|double:LENGTHS(x-separated, slowest first):BATCH
"""
import sys
import time

import torch


def run(spec, iters=50, warmup_ms=1000):
    name, kind, prec, lens, batch = spec.split(":")
    lens = [int(n) for n in lens.split("x")]
    batch = int(batch)
    shape = ([batch] if batch > 1 else []) + lens
    real = torch.float64 if prec == "double" else torch.float32
    dims = tuple(range(-len(lens), 0))
    if kind == "c2c":
        x = torch.randn(shape, dtype=real, device="cuda") + 1j * torch.randn(shape, dtype=real, device="cuda")
        f = lambda: torch.fft.fftn(x, dim=dims)
    elif kind == "c2r":
        # The half-spectrum in, the reals out, unnormalised as rocFFT's inverse ("forward"
        # puts torch's 1/n on the forward side).
        half = shape[:-1] + [shape[-1] // 2 + 1]
        x = torch.randn(half, dtype=real, device="cuda") + 1j * torch.randn(half, dtype=real, device="cuda")
        f = lambda: torch.fft.irfftn(x, s=lens, dim=dims, norm="forward")
    else:
        x = torch.randn(shape, dtype=real, device="cuda")
        f = lambda: torch.fft.rfftn(x, dim=dims)
    f()
    torch.cuda.synchronize()
    t = time.time()
    while (time.time() - t) * 1e3 < warmup_ms:
        f()
        torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        f()
    end.record()
    torch.cuda.synchronize()
    print(f"cufft {name}: {start.elapsed_time(end) / iters:.4f} ms per transform ({torch.cuda.get_device_name()})")


if __name__ == "__main__":
    for spec in sys.argv[1:]:
        run(spec)
