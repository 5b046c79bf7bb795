//! rocFFT C values (`rocfft/rocfft.h`, `rocfft-version.h`): the same numbers in rocFFT 6.1,
//! 6.4 and 7.2.
#![allow(non_camel_case_types, non_upper_case_globals, dead_code)]

pub type rocfft_status = i32;
pub const rocfft_status_success: rocfft_status = 0;
pub const rocfft_status_failure: rocfft_status = 1;
pub const rocfft_status_invalid_arg_value: rocfft_status = 2;
pub const rocfft_status_invalid_dimensions: rocfft_status = 3;
pub const rocfft_status_invalid_array_type: rocfft_status = 4;
pub const rocfft_status_invalid_strides: rocfft_status = 5;
pub const rocfft_status_invalid_distance: rocfft_status = 6;
pub const rocfft_status_invalid_offset: rocfft_status = 7;
pub const rocfft_status_invalid_work_buffer: rocfft_status = 8;

pub const VERSION: &std::ffi::CStr = c"1.0.27.oxrocm";

/// `rocfft_transform_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transform {
    ComplexForward,
    ComplexInverse,
    RealForward,
    RealInverse,
}

impl Transform {
    pub fn from_c(v: i32) -> Option<Transform> {
        Some(match v {
            0 => Transform::ComplexForward,
            1 => Transform::ComplexInverse,
            2 => Transform::RealForward,
            3 => Transform::RealInverse,
            _ => return None,
        })
    }
    pub fn is_real(self) -> bool {
        matches!(self, Transform::RealForward | Transform::RealInverse)
    }
    /// The sign of the exponent: forward transforms are e^{-i...}.
    pub fn is_forward(self) -> bool {
        matches!(self, Transform::ComplexForward | Transform::RealForward)
    }
    pub fn c_value(self) -> i32 {
        self as i32
    }
}

/// `rocfft_precision`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precision {
    Single,
    Double,
    Half,
}

impl Precision {
    pub fn from_c(v: i32) -> Option<Precision> {
        Some(match v {
            0 => Precision::Single,
            1 => Precision::Double,
            2 => Precision::Half,
            _ => return None,
        })
    }
    /// Bytes of one real value.
    pub fn real_bytes(self) -> usize {
        match self {
            Precision::Single => 4,
            Precision::Double => 8,
            Precision::Half => 2,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Precision::Single => "single",
            Precision::Double => "double",
            Precision::Half => "half",
        }
    }
}

/// `rocfft_array_type` (`rocfft_array_type_unset` is `None` where it may appear).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrayType {
    ComplexInterleaved,
    ComplexPlanar,
    Real,
    HermitianInterleaved,
    HermitianPlanar,
}

pub const ARRAY_TYPE_UNSET: i32 = 5;

impl ArrayType {
    pub fn from_c(v: i32) -> Option<ArrayType> {
        Some(match v {
            0 => ArrayType::ComplexInterleaved,
            1 => ArrayType::ComplexPlanar,
            2 => ArrayType::Real,
            3 => ArrayType::HermitianInterleaved,
            4 => ArrayType::HermitianPlanar,
            _ => return None,
        })
    }
    /// Planar data has its real and imaginary parts in two buffers.
    pub fn is_planar(self) -> bool {
        matches!(self, ArrayType::ComplexPlanar | ArrayType::HermitianPlanar)
    }
    pub fn is_complex(self) -> bool {
        !matches!(self, ArrayType::Real)
    }
    /// Buffers (pointers in `rocfft_execute`'s arrays) one field of this type takes.
    pub fn buffers(self) -> usize {
        if self.is_planar() { 2 } else { 1 }
    }
    pub fn short_name(self) -> &'static str {
        match self {
            ArrayType::ComplexInterleaved => "CI",
            ArrayType::ComplexPlanar => "CP",
            ArrayType::Real => "R",
            ArrayType::HermitianInterleaved => "HI",
            ArrayType::HermitianPlanar => "HP",
        }
    }
}
