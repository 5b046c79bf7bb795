// gfx1100 wave matrix multiply-accumulate (WMMA) through clang's builtins, every form:
// f32 += f16·f16, f32 += bf16·bf16, f16 += f16·f16 (both OPSEL halves), bf16 += bf16·bf16,
// i32 += iu8·iu8 (signed A, unsigned B; and with clamp), i32 += iu4·iu4. Each kernel is a
// small GEMM, D = A·B + C with M = N = 32 and K = 64 (32 for the 16-bit results), one
// 16×16 tile per wave, K walked 16 at a time; each checks itself against a host float64
// (int64) reference. The inputs are chosen so that every partial sum is exact in the
// result type, so the check is exact: a wrong lane, register or half shows as a
// mismatch. One more f16 run on random inputs checks the rounding against the float64
// product within a few f32 ulps of the sum of magnitudes. Prints "PASS wmma".
//
// Fragment layout (wave32, RDNA3): lane l holds row l % 16 of A and column l % 16 of B,
// K in order over its 16 elements (lanes 16-31 repeat lanes 0-15); element e of the C/D
// fragment is row 2e + l / 16, column l % 16 (the 16-bit results in element 2e, or 2e + 1
// with OPSEL).
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef short short16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));
typedef int int8v __attribute__((ext_vector_type(8)));
typedef int int4v __attribute__((ext_vector_type(4)));
typedef int int2v __attribute__((ext_vector_type(2)));

enum { M = 32, N = 32, K = 64, K16 = 32 };

// The tile this wave computes, and its lane.
struct Tile {
  int row, col, lane, r;
};
__device__ Tile tile() {
  int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  Tile t;
  t.row = wave / (N / 16) * 16;
  t.col = wave % (N / 16) * 16;
  t.lane = threadIdx.x % 32;
  t.r = t.lane % 16;
  return t;
}
// Row of the C/D fragment's element e in this lane.
__device__ int out_row(const Tile& t, int e) { return t.row + 2 * e + t.lane / 16; }

// D = A·B + C, 16-bit A (M×K) and B (K×N) as raw bits, f32 C and D.
__global__ void f32_f16(const uint16_t* A, const uint16_t* B, const float* C, float* D, int bf16) {
  Tile t = tile();
  float8 acc;
  for (int e = 0; e < 8; ++e) acc[e] = C[out_row(t, e) * N + t.col + t.r];
  for (int k0 = 0; k0 < K; k0 += 16) {
    short16 a, b;
    for (int k = 0; k < 16; ++k) {
      a[k] = (short)A[(t.row + t.r) * K + k0 + k];
      b[k] = (short)B[(k0 + k) * N + t.col + t.r];
    }
    if (bf16)
      acc = __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32(a, b, acc);
    else
      acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(__builtin_bit_cast(half16, a), __builtin_bit_cast(half16, b), acc);
  }
  for (int e = 0; e < 8; ++e) D[out_row(t, e) * N + t.col + t.r] = acc[e];
}

// Two products at once with 16-bit results: D1 = A1·B1 + C1 in the low halves (OPSEL 0)
// and D2 = A2·B2 + C2 in the high halves (OPSEL 1). 16-bit C and D, K = K16.
__global__ void f16_f16(const uint16_t* A1, const uint16_t* B1, const uint16_t* A2, const uint16_t* B2, const uint16_t* C,
                        uint16_t* D, int bf16) {
  Tile t = tile();
  short16 lo, hi;
  for (int e = 0; e < 8; ++e) {
    lo[2 * e] = (short)C[out_row(t, e) * N + t.col + t.r];
    hi[2 * e + 1] = (short)C[M * N + out_row(t, e) * N + t.col + t.r];
  }
  for (int k0 = 0; k0 < K16; k0 += 16) {
    short16 a1, b1, a2, b2;
    for (int k = 0; k < 16; ++k) {
      a1[k] = (short)A1[(t.row + t.r) * K16 + k0 + k];
      b1[k] = (short)B1[(k0 + k) * N + t.col + t.r];
      a2[k] = (short)A2[(t.row + t.r) * K16 + k0 + k];
      b2[k] = (short)B2[(k0 + k) * N + t.col + t.r];
    }
    if (bf16) {
      lo = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32(a1, b1, lo, false);
      hi = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32(a2, b2, hi, true);
    } else {
      lo = __builtin_bit_cast(short16, __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(__builtin_bit_cast(half16, a1), __builtin_bit_cast(half16, b1),
                                                                                 __builtin_bit_cast(half16, lo), false));
      hi = __builtin_bit_cast(short16, __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(__builtin_bit_cast(half16, a2), __builtin_bit_cast(half16, b2),
                                                                                 __builtin_bit_cast(half16, hi), true));
    }
  }
  for (int e = 0; e < 8; ++e) {
    D[out_row(t, e) * N + t.col + t.r] = (uint16_t)lo[2 * e];
    D[M * N + out_row(t, e) * N + t.col + t.r] = (uint16_t)hi[2 * e + 1];
  }
}

// Integer D = A·B + C: iu8 with signed A and unsigned B (clamp as asked), iu4 signed both.
// A and B as bytes (one element each, iu4 in the low nibble).
__global__ void i32_iu(const uint8_t* A, const uint8_t* B, const int* C, int* D, int four, int clamp) {
  Tile t = tile();
  int8v acc;
  for (int e = 0; e < 8; ++e) acc[e] = C[out_row(t, e) * N + t.col + t.r];
  for (int k0 = 0; k0 < K; k0 += 16) {
    uint32_t a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0};
    int bits = four ? 4 : 8;
    for (int k = 0; k < 16; ++k) {
      uint32_t mask = four ? 0xf : 0xff;
      a[k * bits / 32] |= (A[(t.row + t.r) * K + k0 + k] & mask) << (k * bits % 32);
      b[k * bits / 32] |= (B[(k0 + k) * N + t.col + t.r] & mask) << (k * bits % 32);
    }
    if (four) {
      int2v a2 = {(int)a[0], (int)a[1]}, b2 = {(int)b[0], (int)b[1]};
      acc = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32(true, a2, true, b2, acc, false);
    } else {
      int4v a4 = {(int)a[0], (int)a[1], (int)a[2], (int)a[3]}, b4 = {(int)b[0], (int)b[1], (int)b[2], (int)b[3]};
      if (clamp)
        acc = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32(true, a4, false, b4, acc, true);
      else
        acc = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32(true, a4, false, b4, acc, false);
    }
  }
  for (int e = 0; e < 8; ++e) D[out_row(t, e) * N + t.col + t.r] = acc[e];
}

// ---- host: formats and references ----
static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bits_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
// Exact conversions of the values used here (bf16: the high half of an f32).
static uint16_t to_bf16(double x) { return (uint16_t)(f32_bits((float)x) >> 16); }
static double from_bf16(uint16_t b) { return bits_f32((uint32_t)b << 16); }
static double from_f16(uint16_t h) {
  int s = h >> 15, e = h >> 10 & 31, m = h & 1023;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
  return s ? -v : v;
}
// Nearest f16 (ties to even; the values used here are in range).
static uint16_t to_f16(double x) {
  uint16_t best = 0;
  double bd = INFINITY;
  for (uint32_t b = 0; b < 0x7c00; ++b) {
    double d = fabs(fabs(x) - from_f16((uint16_t)b));
    if (d < bd || (d == bd && (b & 1) == 0)) bd = d, best = (uint16_t)b;
  }
  return (uint16_t)(best | (x < 0 ? 0x8000 : 0));
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)(rng >> 11); }
// A multiple of `step` in [-lim, lim].
static double pick(double step, double lim) { int n = (int)(lim / step); return step * ((int)(next() % (2 * n + 1)) - n); }

template <class T> static T* dev(const std::vector<T>& h) {
  T* d;
  if (hipMalloc(&d, h.size() * sizeof(T)) != hipSuccess) { printf("FAIL hipMalloc\n"); exit(1); }
  hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> back(const T* d, size_t n) {
  std::vector<T> h(n);
  if (hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost) != hipSuccess) { printf("FAIL launch or copy\n"); exit(1); }
  return h;
}

static int bad = 0;
static void miss(const char* what, int i, int j, double got, double want) {
  if (bad++ < 20) printf("%s D[%d][%d]: got %.17g want %.17g\n", what, i, j, got, want);
}

// Waves: one per 16×16 tile, two per block.
static const dim3 kGrid(M * N / 256 / 2), kBlock(64);

static void run_f32(int bf16, bool random) {
  const char* what = bf16 ? "f32 += bf16*bf16" : random ? "f32 += f16*f16 (random)" : "f32 += f16*f16";
  std::vector<uint16_t> A(M * K), B(K * N);
  std::vector<double> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i) {
    a[i] = random ? (double)(next() % 20001) / 10000 - 1 : pick(0.25, 2);
    A[i] = bf16 ? to_bf16(a[i]) : to_f16(a[i]);
    a[i] = bf16 ? from_bf16(A[i]) : from_f16(A[i]);
  }
  for (int i = 0; i < K * N; ++i) {
    b[i] = random ? (double)(next() % 20001) / 10000 - 1 : pick(0.25, 2);
    B[i] = bf16 ? to_bf16(b[i]) : to_f16(b[i]);
    b[i] = bf16 ? from_bf16(B[i]) : from_f16(B[i]);
  }
  std::vector<float> C(M * N);
  for (auto& c : C) c = (float)pick(0.0625, 8);
  uint16_t *dA = dev(A), *dB = dev(B);
  float *dC = dev(C), *dD = dev(std::vector<float>(M * N, -1.f));
  f32_f16<<<kGrid, kBlock>>>(dA, dB, dC, dD, bf16);
  std::vector<float> D = back(dD, M * N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double want = C[i * N + j], mag = fabs(want);
      for (int k = 0; k < K; ++k) want += a[i * K + k] * b[k * N + j], mag += fabs(a[i * K + k] * b[k * N + j]);
      double got = D[i * N + j];
      // Exact inputs: exact; random ones: four roundings of a 17-term sum, each within
      // half an f32 ulp of the running magnitude.
      if (random ? !(fabs(got - want) <= 4 * mag * 0x1p-24) : got != want) miss(what, i, j, got, want);
    }
  hipFree(dA); hipFree(dB); hipFree(dC); hipFree(dD);
}

static void run_16(int bf16) {
  const char* what = bf16 ? "bf16 += bf16*bf16" : "f16 += f16*f16";
  // f16: multiples of 1/4 within ±2 (sums to 128 in steps of 1/16: exact in f16);
  // bf16: of 1/2 within ±1 (sums to 32 in steps of 1/4: exact in bf16's 8 bits).
  double step = bf16 ? 0.5 : 0.25, lim = bf16 ? 1 : 2;
  std::vector<uint16_t> A[2], B[2], C(2 * M * N);
  std::vector<double> a[2], b[2], c(2 * M * N);
  for (int p = 0; p < 2; ++p) {
    A[p].resize(M * K16); a[p].resize(M * K16); B[p].resize(K16 * N); b[p].resize(K16 * N);
    for (int i = 0; i < M * K16; ++i) a[p][i] = pick(step, lim), A[p][i] = bf16 ? to_bf16(a[p][i]) : to_f16(a[p][i]);
    for (int i = 0; i < K16 * N; ++i) b[p][i] = pick(step, lim), B[p][i] = bf16 ? to_bf16(b[p][i]) : to_f16(b[p][i]);
  }
  for (int i = 0; i < 2 * M * N; ++i) c[i] = pick(0.25, 4), C[i] = bf16 ? to_bf16(c[i]) : to_f16(c[i]);
  uint16_t *dA1 = dev(A[0]), *dB1 = dev(B[0]), *dA2 = dev(A[1]), *dB2 = dev(B[1]), *dC = dev(C);
  uint16_t* dD = dev(std::vector<uint16_t>(2 * M * N, 0x7fff));
  f16_f16<<<kGrid, kBlock>>>(dA1, dB1, dA2, dB2, dC, dD, bf16);
  std::vector<uint16_t> D = back(dD, 2 * M * N);
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double want = c[p * M * N + i * N + j];
        for (int k = 0; k < K16; ++k) want += a[p][i * K16 + k] * b[p][k * N + j];
        uint16_t g = D[p * M * N + i * N + j];
        double got = bf16 ? from_bf16(g) : from_f16(g);
        if (got != want) miss(p ? (bf16 ? "bf16 (OPSEL high half)" : "f16 (OPSEL high half)") : what, i, j, got, want);
      }
  hipFree(dA1); hipFree(dB1); hipFree(dA2); hipFree(dB2); hipFree(dC); hipFree(dD);
}

static void run_int(int four, int clamp) {
  const char* what = four ? "i32 += iu4*iu4 (signed)" : clamp ? "i32 += iu8*iu8 (clamp)" : "i32 += iu8*iu8 (signed A, unsigned B)";
  std::vector<uint8_t> A(M * K), B(K * N);
  for (auto& x : A) x = (uint8_t)(four ? next() % 16 : next() % 256);
  for (auto& x : B) x = (uint8_t)(four ? next() % 16 : next() % 256);
  std::vector<int> C(M * N);
  // With clamp: accumulators near both limits, so some saturate.
  for (auto& x : C) x = clamp ? (next() % 2 ? INT32_MAX - (int)(next() % 4000000) : INT32_MIN + (int)(next() % 4000000)) : (int)(next() % 2000001) - 1000000;
  uint8_t *dA = dev(A), *dB = dev(B);
  int *dC = dev(C), *dD = dev(std::vector<int>(M * N, 0));
  i32_iu<<<kGrid, kBlock>>>(dA, dB, dC, dD, four, clamp);
  std::vector<int> D = back(dD, M * N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int64_t acc = C[i * N + j];
      for (int k0 = 0; k0 < K; k0 += 16) {
        for (int k = k0; k < k0 + 16; ++k) {
          int64_t x = A[i * K + k], y = B[k * N + j];
          if (four) x = x >= 8 ? x - 16 : x, y = y >= 8 ? y - 16 : y;
          else x = (int8_t)x;  // A signed, B unsigned
          acc += x * y;
        }
        // Each instruction saturates (clamp) or wraps to 32 bits.
        acc = clamp ? (acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc) : (int32_t)(uint32_t)acc;
      }
      if (D[i * N + j] != acc) miss(what, i, j, D[i * N + j], (double)acc);
    }
  hipFree(dA); hipFree(dB); hipFree(dC); hipFree(dD);
}

int main() {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, 0) != hipSuccess) { printf("FAIL no device\n"); return 1; }
  run_f32(0, false);
  run_f32(1, false);
  run_f32(0, true);
  run_16(0);
  run_16(1);
  run_int(0, 0);
  run_int(0, 1);
  run_int(1, 0);
  if (bad) { printf("FAIL wmma (%d mismatches) on %s\n", bad, prop.gcnArchName); return 1; }
  printf("PASS wmma (f32/f16/bf16/iu8/iu4 forms, OPSEL halves, clamp) on %s\n", prop.gcnArchName);
  return 0;
}
