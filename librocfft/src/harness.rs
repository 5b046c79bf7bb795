//! Kernel harnesses (`ROCFFT_DEBUG_GENERATE_KERNEL_HARNESS`, see `rtc`): for one compiled
//! transform shape, a standalone HIP program that runs it through librocfft.so.0 (loaded
//! at run time, so it builds with nothing but hipcc) on the current HIP device and checks
//! it against a direct DFT in double precision: a reproducer to run, edit and bisect with
//! when one shape misbehaves on one device.

use crate::types::*;

/// The program for `transform` in `precision` over `lengths` (fastest first).
pub fn source(kernel: &str, transform: Transform, precision: Precision, lengths: &[usize]) -> String {
    let (value_type, bound) = match precision {
        Precision::Single => ("float", "1e-6"),
        Precision::Double => ("double", "1e-12"),
        Precision::Half => ("_Float16", "1e-2"),
    };
    let mut dims = [1usize; 3];
    dims[..lengths.len()].copy_from_slice(lengths);
    TEMPLATE
        .replace("@KERNEL@", kernel)
        .replace("@TYPE@", value_type)
        .replace("@BOUND@", bound)
        .replace("@TRANSFORM@", &transform.c_value().to_string())
        .replace("@PRECISION@", &(precision as i32).to_string())
        .replace("@RANK@", &lengths.len().to_string())
        .replace("@L0@", &dims[0].to_string())
        .replace("@L1@", &dims[1].to_string())
        .replace("@L2@", &dims[2].to_string())
}

const TEMPLATE: &str = r#"// rocFFT kernel harness for @KERNEL@, written by oxrocm's librocfft
// (ROCFFT_DEBUG_GENERATE_KERNEL_HARNESS). Runs this one transform through librocfft.so.0,
// loaded at run time, on the current HIP device, and compares it with a direct DFT in
// double precision. Build and run: hipcc -std=c++17 -o harness <this file> && ./harness
#include <hip/hip_runtime.h>
#include <dlfcn.h>
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

typedef @TYPE@ value_t;
static const int transform_type = @TRANSFORM@; // 0 c2c forward, 1 c2c inverse, 2 r2c, 3 c2r
static const int precision = @PRECISION@;      // rocfft_precision
static const size_t rank = @RANK@;
static const size_t lengths[3] = {@L0@, @L1@, @L2@}; // fastest first
static const double bound = @BOUND@;

typedef std::complex<double> cd;
typedef int (*setup_fn)();
typedef int (*create_fn)(void**, int, int, int, size_t, const size_t*, size_t, const void*);
typedef int (*execute_fn)(void*, void**, void**, void*);
typedef int (*destroy_fn)(void*);

// Direct DFT of x (lengths, fastest first) along every dimension.
static std::vector<cd> dft(const std::vector<cd>& x, double sign) {
    std::vector<cd> cur = x;
    size_t inner = 1;
    for(size_t d = 0; d < rank; ++d) {
        size_t n = lengths[d];
        std::vector<cd> next(cur.size());
        for(size_t i = 0; i < cur.size(); ++i) {
            size_t k = (i / inner) % n, base = i - k * inner;
            cd sum = 0;
            for(size_t t = 0; t < n; ++t) {
                double a = sign * 2 * M_PI * double((k * t) % n) / double(n);
                sum += cur[base + t * inner] * cd(std::cos(a), std::sin(a));
            }
            next[i] = sum;
        }
        cur.swap(next);
        inner *= n;
    }
    return cur;
}

int main() {
    void* lib = dlopen("librocfft.so.0", RTLD_NOW);
    if(!lib) { std::fprintf(stderr, "%s\n", dlerror()); return 2; }
    setup_fn setup = (setup_fn)dlsym(lib, "rocfft_setup");
    create_fn create = (create_fn)dlsym(lib, "rocfft_plan_create");
    execute_fn execute = (execute_fn)dlsym(lib, "rocfft_execute");
    destroy_fn destroy = (destroy_fn)dlsym(lib, "rocfft_plan_destroy");
    if(!setup || !create || !execute || !destroy) { std::fprintf(stderr, "librocfft.so.0 lacks the C API\n"); return 2; }
    setup();

    size_t n = 1;
    for(size_t d = 0; d < rank; ++d) n *= lengths[d];
    size_t h0 = lengths[0] / 2 + 1, herm = n / lengths[0] * h0;
    // A deterministic signal in [-1, 1), rounded to the data type.
    std::vector<double> signal(2 * n);
    unsigned long long s = 0x9E3779B97F4A7C15ull;
    for(auto& v : signal) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        v = (double)(value_t)((double)(s >> 11) / (double)(1ull << 52) - 1.0);
    }
    std::vector<double> in, expect; // interleaved reals
    if(transform_type <= 1) {
        std::vector<cd> x(n);
        for(size_t i = 0; i < n; ++i) x[i] = cd(signal[2 * i], signal[2 * i + 1]);
        for(auto v : x) { in.push_back(v.real()); in.push_back(v.imag()); }
        for(auto v : dft(x, transform_type == 0 ? -1 : 1)) { expect.push_back(v.real()); expect.push_back(v.imag()); }
    } else {
        std::vector<cd> x(n);
        for(size_t i = 0; i < n; ++i) x[i] = cd(signal[i], 0);
        std::vector<cd> full = dft(x, -1);
        std::vector<double> half; // the hermitian half, rounded to the data type
        for(size_t r = 0; r < n / lengths[0]; ++r)
            for(size_t k = 0; k < h0; ++k) {
                cd v = full[r * lengths[0] + k];
                half.push_back((double)(value_t)v.real());
                half.push_back((double)(value_t)v.imag());
            }
        if(transform_type == 2) { for(size_t i = 0; i < n; ++i) in.push_back(signal[i]); expect = half; }
        // The unnormalised inverse of a real signal's spectrum is N times the signal.
        else { in = half; for(size_t i = 0; i < n; ++i) expect.push_back(double(n) * signal[i]); }
    }

    std::vector<value_t> host_in(in.begin(), in.end()), host_out(expect.size());
    void *din = nullptr, *dout = nullptr;
    if(hipMalloc(&din, host_in.size() * sizeof(value_t)) != hipSuccess || hipMalloc(&dout, host_out.size() * sizeof(value_t)) != hipSuccess) return 2;
    if(hipMemcpy(din, host_in.data(), host_in.size() * sizeof(value_t), hipMemcpyHostToDevice) != hipSuccess) return 2;
    void* plan = nullptr;
    if(create(&plan, 1 /* out of place */, transform_type, precision, rank, lengths, 1, nullptr) != 0) { std::fprintf(stderr, "plan refused\n"); return 1; }
    void* ins[1] = {din};
    void* outs[1] = {dout};
    int st = execute(plan, ins, outs, nullptr);
    if(hipDeviceSynchronize() != hipSuccess) st = -1;
    if(hipMemcpy(host_out.data(), dout, host_out.size() * sizeof(value_t), hipMemcpyDeviceToHost) != hipSuccess) st = -1;
    destroy(plan);
    if(hipFree(din) != hipSuccess || hipFree(dout) != hipSuccess) st = -1;

    double err = 0, norm = 0;
    for(size_t i = 0; i < expect.size(); ++i) {
        double g = (double)host_out[i];
        err += (g - expect[i]) * (g - expect[i]);
        norm += expect[i] * expect[i];
    }
    double rel = norm > 0 ? std::sqrt(err / norm) : std::sqrt(err);
    std::printf("@KERNEL@: execute status %d, relative L2 error %.3e (bound %.0e): %s\n", st, rel, bound, st == 0 && rel <= bound ? "PASS" : "FAIL");
    return st == 0 && rel <= bound ? 0 : 1;
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harnesses_name_their_shape() {
        let s = source("fft_fwd_r2c_sp_len25x25x25", Transform::RealForward, Precision::Single, &[25, 25, 25]);
        assert!(s.contains("typedef float value_t;"));
        assert!(s.contains("static const size_t lengths[3] = {25, 25, 25};"));
        assert!(s.contains("static const int transform_type = 2;"));
        assert!(!s.contains('@'), "a placeholder left over");
    }
}
