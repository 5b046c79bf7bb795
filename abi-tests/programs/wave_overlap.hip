// The waves of a workgroup run side by side on a GPU; here they take turns on one thread,
// and two patterns of real kernels must still come out as on hardware:
// - every wave of a block reads a word, loops, then overwrites the word (rocSPARSE's
//   bsrgemm does this with a workspace entry): every wave sees the value from before the
//   overwrite;
// - each wave spins until another wave of its block sets a flag (rocSPARSE's csrsv does
//   this in global and shared memory): the flags are set and every wait ends, in either
//   order of the waves.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>

#define CHECK(x) do { hipError_t e_ = (x); if (e_ != hipSuccess) { printf("FAIL %s: %s\n", #x, hipGetErrorString(e_)); return false; } } while (0)

// Each block reads its counter, runs `rounds[block]` rounds of a hash on it, then stores
// the counter + 1 (the store depends on the hash, so it comes after the loop) and notes
// what each thread read.
__global__ void read_then_bump(int* counters, const int* rounds, int* seen, unsigned* hashes) {
    int b = blockIdx.x, t = threadIdx.x;
    int old = counters[b];
    unsigned h = old + t;
    for (int i = 0; i < rounds[b]; i++) h = h * 2654435761u + 0x9e3779b9u;
    if (t % warpSize == 0) counters[b] = old + 1 + (h == 0x12345678u);
    seen[b * blockDim.x + t] = old;
    hashes[b * blockDim.x + t] = h;
}

// Wave w of the block waits for flag `w + step` (the first or last wave waits for none),
// then writes its rank, one more than that wave's, and sets its own flag. `shared`: the
// flags live in LDS.
__global__ void chain(int* ranks, int* flags, int step, bool shared) {
    __shared__ int sflags[32];
    int waves = blockDim.x / warpSize, w = threadIdx.x / warpSize, lane = threadIdx.x % warpSize;
    if (threadIdx.x < 32) sflags[threadIdx.x] = 0;
    __syncthreads();
    int* f = shared ? sflags : flags;
    int before = w + step, rank = 0;
    if (before >= 0 && before < waves) {
        while (__hip_atomic_load(&f[before], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) == 0) {}
        rank = ranks[before] + 1;
    }
    if (lane == 0) {
        ranks[w] = rank;
        __hip_atomic_store(&f[w], 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
    }
}

static bool reads_before_overwrites() {
    const int blocks = 16, threads = 256;
    std::vector<int> counters(blocks), rounds(blocks);
    for (int b = 0; b < blocks; b++) { counters[b] = 100 * b; rounds[b] = 50 + 37 * b; }
    int *dc, *dr, *ds; unsigned* dh;
    CHECK(hipMalloc(&dc, blocks * sizeof(int)));
    CHECK(hipMalloc(&dr, blocks * sizeof(int)));
    CHECK(hipMalloc(&ds, blocks * threads * sizeof(int)));
    CHECK(hipMalloc(&dh, blocks * threads * sizeof(unsigned)));
    CHECK(hipMemcpy(dc, counters.data(), blocks * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dr, rounds.data(), blocks * sizeof(int), hipMemcpyHostToDevice));
    read_then_bump<<<blocks, threads>>>(dc, dr, ds, dh);
    CHECK(hipGetLastError());
    std::vector<int> after(blocks), seen(blocks * threads);
    std::vector<unsigned> hashes(blocks * threads);
    CHECK(hipMemcpy(after.data(), dc, blocks * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(seen.data(), ds, seen.size() * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(hashes.data(), dh, hashes.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++) {
        for (int t = 0; t < threads; t++) {
            unsigned h = counters[b] + t;
            for (int i = 0; i < rounds[b]; i++) h = h * 2654435761u + 0x9e3779b9u;
            if (seen[b * threads + t] != counters[b] || hashes[b * threads + t] != h) {
                printf("FAIL block %d thread %d read %d (hash %08x), before any overwrite the counter was %d (hash %08x)\n",
                       b, t, seen[b * threads + t], hashes[b * threads + t], counters[b], h);
                return false;
            }
        }
        if (after[b] != counters[b] + 1) { printf("FAIL block %d: counter %d, want %d\n", b, after[b], counters[b] + 1); return false; }
    }
    CHECK(hipFree(dc)); CHECK(hipFree(dr)); CHECK(hipFree(ds)); CHECK(hipFree(dh));
    return true;
}

static bool waits_end(int step, bool shared) {
    const int threads = 256;
    int warp = 0;
    CHECK(hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, 0));
    int waves = threads / warp;
    int *ranks, *flags;
    CHECK(hipMalloc(&ranks, waves * sizeof(int)));
    CHECK(hipMalloc(&flags, waves * sizeof(int)));
    CHECK(hipMemset(ranks, 0xff, waves * sizeof(int)));
    CHECK(hipMemset(flags, 0, waves * sizeof(int)));
    chain<<<1, threads>>>(ranks, flags, step, shared);
    CHECK(hipGetLastError());
    std::vector<int> got(waves);
    CHECK(hipMemcpy(got.data(), ranks, waves * sizeof(int), hipMemcpyDeviceToHost));
    for (int w = 0; w < waves; w++) {
        int want = step < 0 ? w : waves - 1 - w;
        if (got[w] != want) {
            printf("FAIL chain (step %d, %s flags): wave %d has rank %d, want %d\n", step, shared ? "shared" : "global", w, got[w], want);
            return false;
        }
    }
    CHECK(hipFree(ranks)); CHECK(hipFree(flags));
    return true;
}

int main() {
    bool ok = reads_before_overwrites();
    for (int step : {-1, 1})
        for (bool shared : {false, true}) ok = waits_end(step, shared) && ok;
    if (!ok) return 1;
    printf("PASS wave_overlap\n");
    return 0;
}
