//! The constant tables a plan's kernels read, computed on the host in f64 at plan time and
//! uploaded once into device memory the plan owns: twiddles of each line length, the
//! four-step method's two-level twiddles, Bluestein's chirp and the chirp's spectrum.

use crate::hip;
use rustfft::FftPlanner;
use rustfft::num_complex::Complex;
use std::collections::HashMap;
use std::f64::consts::PI;

type C64 = Complex<f64>;

/// What a table holds (its key: a plan asks for each table once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// w_L^k = exp(-2 pi i k / L), k < L.
    Twiddle(usize),
    /// w_N^k for k < split (the low part of w_N^e = lo[e % split] hi[e / split]).
    BigLo { n: usize, split: usize },
    /// w_N^(j split) for j < ceil(N / split).
    BigHi { n: usize, split: usize },
    /// Bluestein's chirp exp(-pi i n^2 / N) for n < N, zeros up to M.
    Chirp { n: usize, m: usize },
    /// The FFT of length M of the conjugate chirp wrapped around (b[j] = b[M - j] =
    /// conj(chirp[j]) for j < N), divided by M (the inverse FFT's scale).
    ChirpSpectrum { n: usize, m: usize },
}

/// exp(-2 pi i num / den) with the angle reduced exactly first.
fn root(num: u128, den: u128) -> C64 {
    let a = -2.0 * PI * ((num % den) as f64) / den as f64;
    C64::new(a.cos(), a.sin())
}

fn chirp(n: usize, j: usize) -> C64 {
    // exp(-pi i j^2 / N) = root(j^2 mod 2N, 2N).
    root((j as u128 * j as u128) % (2 * n as u128), 2 * n as u128)
}

impl Table {
    pub fn values(self) -> Vec<C64> {
        match self {
            Table::Twiddle(l) => (0..l).map(|k| root(k as u128, l as u128)).collect(),
            Table::BigLo { n, split } => (0..split).map(|k| root(k as u128, n as u128)).collect(),
            Table::BigHi { n, split } => (0..n.div_ceil(split)).map(|j| root((j * split) as u128, n as u128)).collect(),
            Table::Chirp { n, m } => (0..m).map(|j| if j < n { chirp(n, j) } else { C64::new(0.0, 0.0) }).collect(),
            Table::ChirpSpectrum { n, m } => {
                let mut b = vec![C64::new(0.0, 0.0); m];
                for j in 0..n {
                    b[j] = chirp(n, j).conj();
                    b[(m - j) % m] = b[j];
                }
                FftPlanner::new().plan_fft_forward(m).process(&mut b);
                b.iter().map(|v| v / m as f64).collect()
            }
        }
    }
}

/// Device memory the plan owns, freed with it.
pub struct DeviceMemory {
    pub addr: u64,
    pub bytes: usize,
}

impl DeviceMemory {
    pub fn new(bytes: usize) -> Option<DeviceMemory> {
        let mut p: *mut std::ffi::c_void = std::ptr::null_mut();
        (unsafe { hip::hipMalloc(&mut p, bytes.max(1)) } == 0 && !p.is_null()).then_some(DeviceMemory { addr: p as u64, bytes })
    }
}

impl Drop for DeviceMemory {
    fn drop(&mut self) {
        // hipFree waits for the device's work, so no queued transform still reads it.
        unsafe { hip::hipFree(self.addr as *mut std::ffi::c_void) };
    }
}

/// A plan's tables: which ones, and where each starts (bytes) in one upload.
#[derive(Default)]
pub struct Tables {
    at: HashMap<Table, usize>,
    order: Vec<Table>,
    bytes: usize,
    pub memory: Option<DeviceMemory>,
}

impl Tables {
    /// The byte offset of `t` (queued for upload if new).
    pub fn offset(&mut self, t: Table, complex_bytes: usize) -> usize {
        if let Some(&o) = self.at.get(&t) {
            return o;
        }
        let o = self.bytes;
        let len = match t {
            Table::Twiddle(l) => l,
            Table::BigLo { split, .. } => split,
            Table::BigHi { n, split } => n.div_ceil(split),
            Table::Chirp { m, .. } | Table::ChirpSpectrum { m, .. } => m,
        };
        // 256-byte alignment keeps every table's start aligned for any access width.
        self.bytes += (len * complex_bytes).next_multiple_of(256);
        self.at.insert(t, o);
        self.order.push(t);
        o
    }

    /// Computes every table and copies them to the device, in f64 or f32.
    pub fn upload(&mut self, double: bool) -> bool {
        let mut host = vec![0u8; self.bytes];
        for t in &self.order {
            let mut o = self.at[t];
            for v in t.values() {
                if double {
                    host[o..o + 8].copy_from_slice(&v.re.to_le_bytes());
                    host[o + 8..o + 16].copy_from_slice(&v.im.to_le_bytes());
                    o += 16;
                } else {
                    host[o..o + 4].copy_from_slice(&(v.re as f32).to_le_bytes());
                    host[o + 4..o + 8].copy_from_slice(&(v.im as f32).to_le_bytes());
                    o += 8;
                }
            }
        }
        let Some(mem) = DeviceMemory::new(self.bytes) else { return false };
        let ok = unsafe { hip::hipMemcpy(mem.addr as *mut std::ffi::c_void, host.as_ptr() as *const _, host.len(), hip::HOST_TO_DEVICE) } == 0;
        self.memory = Some(mem);
        ok
    }

    pub fn len(&self) -> usize {
        self.bytes
    }

    pub fn is_empty(&self) -> bool {
        self.bytes == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_level_twiddles_multiply_to_the_root() {
        let (n, split) = (1 << 20, 1024);
        let (lo, hi) = (Table::BigLo { n, split }.values(), Table::BigHi { n, split }.values());
        for e in [0usize, 1, 1023, 1024, 777_777, n - 1] {
            let a = -2.0 * PI * e as f64 / n as f64;
            let w = lo[e % split] * hi[e / split];
            assert!((w - C64::new(a.cos(), a.sin())).norm() < 1e-14, "{e}");
        }
    }

    #[test]
    fn chirp_spectrum_convolves_to_the_dft() {
        // Bluestein's identity with the tables, against a direct DFT of length 17.
        let (n, m) = (17usize, 64usize);
        let x: Vec<C64> = (0..n).map(|j| C64::new((j as f64 * 0.37).sin(), (j as f64 * 0.11).cos())).collect();
        let (c, s) = (Table::Chirp { n, m }.values(), Table::ChirpSpectrum { n, m }.values());
        let mut a: Vec<C64> = (0..m).map(|j| if j < n { x[j] * c[j] } else { C64::new(0.0, 0.0) }).collect();
        let mut planner = FftPlanner::new();
        planner.plan_fft_forward(m).process(&mut a);
        a.iter_mut().zip(&s).for_each(|(a, s)| *a *= s);
        planner.plan_fft_inverse(m).process(&mut a);
        for k in 0..n {
            let want: C64 = (0..n).map(|j| x[j] * root((j * k) as u128, n as u128)).sum();
            assert!((a[k] * c[k] - want).norm() < 1e-12, "{k}");
        }
    }
}
