"""The figures of bench/bandwidth.c measured for CUDA through PyTorch on the same machine:
device-to-device copy, pinned host<->device copies (GB/s, bytes moved once per copy), and the
launch cost of a small kernel back to back and with a synchronize after each."""
import os
import time

import torch

mib = int(os.environ.get("BENCH_MIB", "1024"))
iters = int(os.environ.get("BENCH_ITERS", "20"))
n = mib << 20
dev = torch.device("cuda")
print("device", torch.cuda.get_device_name(0))
s = torch.cuda.Stream()


def gbps(dst, src):
    with torch.cuda.stream(s):
        for _ in range(3):  # warm-up (clocks), as bandwidth.c
            dst.copy_(src, non_blocking=True)
        s.synchronize()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(s)
        for _ in range(iters):
            dst.copy_(src, non_blocking=True)
        b.record(s)
        b.synchronize()
    return n * iters / (a.elapsed_time(b) * 1e-3) / 1e9


d0 = torch.empty(n, dtype=torch.uint8, device=dev)
d1 = torch.empty(n, dtype=torch.uint8, device=dev)
h = torch.ones(n, dtype=torch.uint8).pin_memory()
print(f"d2d_copy {gbps(d1, d0):.1f} GB/s")
print(f"h2d_pinned {gbps(d0, h):.1f} GB/s")
print(f"d2h_pinned {gbps(h, d0):.1f} GB/s")

small = torch.empty(256, dtype=torch.int32, device=dev)
with torch.cuda.stream(s):
    small.fill_(7)
    s.synchronize()
    t0 = time.perf_counter()
    for _ in range(2000):
        small.fill_(7)
    s.synchronize()
    b2b = (time.perf_counter() - t0) / 2000 * 1e6
    each = []
    for _ in range(2000):
        t0 = time.perf_counter()
        small.fill_(7)
        s.synchronize()
        each.append((time.perf_counter() - t0) * 1e6)
    ws = sum(each) / len(each)
    med = sorted(each)[len(each) // 2]
print(f"launch_back_to_back {b2b:.2f} us")
print(f"launch_and_sync {ws:.2f} us (median {med:.2f})")
