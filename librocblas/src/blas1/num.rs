//! Element types of rocBLAS vectors and the arithmetic Level-1 computes in.
//!
//! `Elem` is what memory holds (`f32`, `f64`, complex pairs, `f16`, `bf16`); `Field` is what
//! arithmetic runs in (`f32`, `f64` and their complex forms: half types compute in `f32`, as
//! rocBLAS's kernels and its test references do).

use half::{bf16, f16};
use std::fmt::Debug;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// `rocblas_float_complex` / `rocblas_double_complex`: `{ real, imag }`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Complex<T> {
    pub re: T,
    pub im: T,
}
pub type C32 = Complex<f32>;
pub type C64 = Complex<f64>;

/// A real arithmetic type (`f32`, `f64`).
pub trait Real: Field<R = Self> + PartialOrd + Default + Div<Output = Self> {
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn max_value() -> Self;
}

/// Arithmetic of a real or complex type.
pub trait Field:
    Copy
    + Send
    + Sync
    + 'static
    + Debug
    + PartialEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    type R: Real;
    const COMPLEX: bool;
    fn zero() -> Self;
    fn from_re(r: Self::R) -> Self;
    fn re(self) -> Self::R;
    fn im(self) -> Self::R;
    fn conj(self) -> Self;
    /// |re| + |im| (BLAS's asum/iamax measure).
    fn abs1(self) -> Self::R {
        self.re().abs() + self.im().abs()
    }
}

macro_rules! real {
    ($t:ty) => {
        impl Field for $t {
            type R = $t;
            const COMPLEX: bool = false;
            fn zero() -> Self {
                0.0
            }
            fn from_re(r: $t) -> Self {
                r
            }
            fn re(self) -> $t {
                self
            }
            fn im(self) -> $t {
                0.0
            }
            fn conj(self) -> Self {
                self
            }
            fn abs1(self) -> $t {
                <$t>::abs(self)
            }
        }
        impl Real for $t {
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(v: f64) -> Self {
                v as $t
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn max_value() -> Self {
                <$t>::MAX
            }
        }
    };
}
real!(f32);
real!(f64);

impl<T: Real> Add for Complex<T> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Complex {
            re: self.re + o.re,
            im: self.im + o.im,
        }
    }
}
impl<T: Real> Sub for Complex<T> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Complex {
            re: self.re - o.re,
            im: self.im - o.im,
        }
    }
}
impl<T: Real> Mul for Complex<T> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        Complex {
            re: self.re * o.re - self.im * o.im,
            im: self.re * o.im + self.im * o.re,
        }
    }
}
impl<T: Real> Neg for Complex<T> {
    type Output = Self;
    fn neg(self) -> Self {
        Complex {
            re: -self.re,
            im: -self.im,
        }
    }
}
impl<T: Real> Field for Complex<T> {
    type R = T;
    const COMPLEX: bool = true;
    fn zero() -> Self {
        Complex {
            re: T::zero(),
            im: T::zero(),
        }
    }
    fn from_re(r: T) -> Self {
        Complex {
            re: r,
            im: T::zero(),
        }
    }
    fn re(self) -> T {
        self.re
    }
    fn im(self) -> T {
        self.im
    }
    fn conj(self) -> Self {
        Complex {
            re: self.re,
            im: -self.im,
        }
    }
}

/// What a vector element is in memory, and the field it computes in.
pub trait Elem: Copy + Send + Sync + 'static {
    type F: Field;
    fn load(self) -> Self::F;
    fn store(v: Self::F) -> Self;
}

macro_rules! same {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            type F = $t;
            fn load(self) -> $t { self }
            fn store(v: $t) -> Self { v }
        }
    )*};
}
same!(f32, f64, C32, C64);

impl Elem for f16 {
    type F = f32;
    fn load(self) -> f32 {
        self.to_f32()
    }
    fn store(v: f32) -> Self {
        f16::from_f32(v)
    }
}
impl Elem for bf16 {
    type F = f32;
    fn load(self) -> f32 {
        self.to_f32()
    }
    fn store(v: f32) -> Self {
        bf16::from_f32(v)
    }
}

/// Widening of a scalar into the field a vector computes in (real → complex, f32 → f64).
pub trait Promote<To>: Copy {
    fn promote(self) -> To;
}
impl<T: Field> Promote<T> for T {
    fn promote(self) -> T {
        self
    }
}
impl Promote<C32> for f32 {
    fn promote(self) -> C32 {
        C32::from_re(self)
    }
}
impl Promote<C64> for f64 {
    fn promote(self) -> C64 {
        C64::from_re(self)
    }
}
/// dot_ex of f32 vectors computed in f64.
impl Promote<f64> for f32 {
    fn promote(self) -> f64 {
        self as f64
    }
}

/// A Euclidean norm without overflow or underflow in the sum of squares: Blue's three
/// accumulators (squares of small values scaled up, of big values scaled down, the rest as
/// they are; the thresholds of reference BLAS's nrm2), as `shaders/blas1.glsl` keeps them.
/// The host path's nrm2 (in f64) and the Level-1 kernels' host twin share it.
#[derive(Clone, Copy, Default)]
pub struct Blue<R> {
    pub sml: R,
    pub med: R,
    pub big: R,
}

impl<R: Real> Blue<R> {
    /// (tsml, tbig, ssml, sbig): powers of two for f32 or f64.
    pub fn limits() -> (R, R, R, R) {
        let f = |e: i32| R::from_f64(2f64.powi(e));
        if size_of::<R>() == 4 {
            (f(-63), f(52), f(75), f(-76))
        } else {
            (f(-511), f(486), f(537), f(-538))
        }
    }
    pub fn add(&mut self, v: R) {
        let (tsml, tbig, ssml, sbig) = Self::limits();
        let ax = v.abs();
        if ax > tbig {
            let t = ax * sbig;
            self.big = self.big + t * t;
        } else if ax < tsml {
            let t = ax * ssml;
            self.sml = self.sml + t * t;
        } else {
            self.med = self.med + ax * ax;
        }
    }
    pub fn merge(self, o: Self) -> Self {
        Blue {
            sml: self.sml + o.sml,
            med: self.med + o.med,
            big: self.big + o.big,
        }
    }
    /// The accumulators of a plain f64 sum of squares (scaled into range where R is f32).
    pub fn from_sumsq(s: f64) -> Self {
        let (tsml, tbig, ssml, sbig) = Self::limits();
        let (tsml, tbig, ssml, sbig) = (tsml.to_f64(), tbig.to_f64(), ssml.to_f64(), sbig.to_f64());
        let zero = R::zero();
        if s > tbig * tbig {
            Blue {
                sml: zero,
                med: zero,
                big: R::from_f64(s * sbig * sbig),
            }
        } else if s < tsml * tsml && s > 0.0 {
            Blue {
                sml: R::from_f64(s * ssml * ssml),
                med: zero,
                big: zero,
            }
        } else {
            Blue {
                sml: zero,
                med: R::from_f64(s),
                big: zero,
            }
        }
    }
    pub fn norm(self) -> R {
        let (_, _, ssml, sbig) = Self::limits();
        let zero = R::zero();
        #[allow(clippy::eq_op)]
        let med_counts = self.med > zero || self.med != self.med;
        if self.big > zero {
            let big = if med_counts {
                self.big + (self.med * sbig) * sbig
            } else {
                self.big
            };
            return big.sqrt() / sbig;
        }
        if self.sml > zero {
            if med_counts {
                let (m, s) = (self.med.sqrt(), self.sml.sqrt() / ssml);
                let (hi, lo) = if m > s { (m, s) } else { (s, m) };
                return hi * (R::from_f64(1.0) + (lo / hi) * (lo / hi)).sqrt();
            }
            return self.sml.sqrt() / ssml;
        }
        self.med.sqrt()
    }
}
