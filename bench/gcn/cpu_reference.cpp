// The computations of kernels.hip written for the CPU (g++ -O2 -fopenmp): the same grid
// of blocks and threads, blocks spread over the cores by OpenMP, each thread's work a
// plain loop; block_reduce's shuffles and LDS become a per-block sum. Median of 7 runs.
#include <omp.h>
#include <algorithm>
#include <cstdio>
#include <vector>

static void vadd(const float* a, const float* b, float* c, int n, int blocks, int threads) {
#pragma omp parallel for schedule(static)
  for (int blk = 0; blk < blocks; ++blk)
    for (int t = 0; t < threads; ++t)
      for (int i = blk * threads + t; i < n; i += threads * blocks) c[i] = a[i] + b[i];
}

static void reduce_sum(const int* in, int* out, int n, int blocks) {
#pragma omp parallel for schedule(static)
  for (int blk = 0; blk < blocks; ++blk) {
    int sum = 0;
    for (int t = 0; t < 256; ++t)
      for (int i = blk * 256 + t; i < n; i += 256 * blocks) sum += in[i];
    out[blk] = sum;
  }
}

template <class F> static double median_ms(F f) {
  std::vector<double> t;
  for (int r = 0; r < 7; ++r) {
    double s = omp_get_wtime(); f(); t.push_back((omp_get_wtime() - s) * 1e3);
  }
  std::sort(t.begin(), t.end());
  return t[3];
}

int main() {
  const int n = 1 << 22, blocks = 256;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) { a[i] = i * 0.5f; b[i] = (float)(n - i); }
  vadd(a.data(), b.data(), c.data(), n, blocks, 256);
  double ms = median_ms([&] { vadd(a.data(), b.data(), c.data(), n, blocks, 256); });
  for (int i = 0; i < n; ++i) if (c[i] != a[i] + b[i]) { std::printf("FAIL vadd\n"); return 1; }
  std::printf("vector_add n=%d: %.3f ms, %.1f M elements/s (%d threads)\n", n, ms, n / ms / 1e3, omp_get_max_threads());
  const int m = 3 * 1000 * 1000 + 7, rblocks = 120;
  std::vector<int> h(m), part(rblocks);
  long long want = 0;
  for (int i = 0; i < m; ++i) { h[i] = (int)((i * 2654435761u) % 17) - 8; want += h[i]; }
  reduce_sum(h.data(), part.data(), m, rblocks);
  ms = median_ms([&] { reduce_sum(h.data(), part.data(), m, rblocks); });
  long long got = 0;
  for (int p : part) got += p;
  if (got != want) { std::printf("FAIL reduce\n"); return 1; }
  std::printf("block_reduce n=%d: %.3f ms, %.1f M elements/s\n", m, ms, m / ms / 1e3);
  return 0;
}
