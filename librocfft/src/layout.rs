//! Where a transform's data lie: per side (input or output) the array type, the lengths
//! of that side's elements, strides, batch distance and buffer offsets, all in elements,
//! fastest dimension first, with rocFFT's defaults for what the description left out.

use crate::objects::SideLayout;
use crate::types::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    pub array: ArrayType,
    /// Element counts per dimension on this side (N0/2+1 in dimension 0 for hermitian data).
    pub lengths: Vec<usize>,
    pub strides: Vec<usize>,
    pub distance: usize,
    /// Element offsets of buffer 0 and (planar) buffer 1.
    pub offsets: [usize; 2],
}

impl Side {
    /// Bytes of one element in one of this side's buffers.
    pub fn element_bytes(&self, precision: Precision) -> usize {
        match self.array {
            ArrayType::ComplexInterleaved | ArrayType::HermitianInterleaved => 2 * precision.real_bytes(),
            _ => precision.real_bytes(),
        }
    }

    /// Index of the last element of one transform, relative to its first (None on overflow).
    pub fn last_index(&self) -> Option<usize> {
        self.lengths.iter().zip(&self.strides).try_fold(0usize, |acc, (&l, &s)| acc.checked_add(l.checked_sub(1)?.checked_mul(s)?))
    }

    /// Bytes of buffer `buffer` that `batch` transforms reach, from the buffer's start
    /// (offset included); None where the numbers overflow.
    pub fn span_bytes(&self, buffer: usize, batch: usize, precision: Precision) -> Option<usize> {
        let last = self.last_index()?.checked_add(batch.checked_sub(1)?.checked_mul(self.distance)?)?;
        let elements = self.offsets[buffer].checked_add(last)?.checked_add(1)?;
        elements.checked_mul(self.element_bytes(precision))
    }

    /// Elements of one transform (product of the lengths).
    pub fn count(&self) -> usize {
        self.lengths.iter().product()
    }
}

/// The two sides of a plan, from the description (or its defaults) as rocFFT's
/// `init_defaults` fills them: contiguous strides, except that in-place real transforms pad
/// each real row to 2·(N0/2+1) values; distances cover one transform (with that padding for
/// in-place 1D real ones).
pub fn sides(transform: Transform, inplace: bool, lengths: &[usize], input: &SideLayout, output: &SideLayout) -> Result<(Side, Side), rocfft_status> {
    let rank = lengths.len();
    let mut half = lengths.to_vec();
    half[0] = lengths[0] / 2 + 1;
    // Element lengths of each side.
    let (in_lengths, out_lengths) = match transform {
        Transform::ComplexForward | Transform::ComplexInverse => (lengths.to_vec(), lengths.to_vec()),
        Transform::RealForward => (lengths.to_vec(), half.clone()),
        Transform::RealInverse => (half.clone(), lengths.to_vec()),
    };
    let default_array = |is_input: bool| match (transform, is_input) {
        (Transform::ComplexForward | Transform::ComplexInverse, _) => ArrayType::ComplexInterleaved,
        (Transform::RealForward, true) | (Transform::RealInverse, false) => ArrayType::Real,
        _ => ArrayType::HermitianInterleaved,
    };
    let array = |given: i32, is_input: bool| {
        if given == ARRAY_TYPE_UNSET { Ok(default_array(is_input)) } else { ArrayType::from_c(given).ok_or(rocfft_status_invalid_array_type) }
    };
    let in_array = array(input.array_type, true)?;
    let out_array = array(output.array_type, false)?;

    // Contiguous strides over `lens`, the first row padded to `row` elements when given.
    let contiguous = |lens: &[usize], row: Option<usize>| -> Option<Vec<usize>> {
        let mut s = vec![1usize];
        let mut next = row.unwrap_or(lens[0]);
        for &l in &lens[1..] {
            s.push(next);
            next = next.checked_mul(l)?;
        }
        Some(s)
    };
    let padded_row = 2 * (lengths[0] / 2 + 1);
    let given_strides = |side: &SideLayout| -> Result<Option<Vec<usize>>, rocfft_status> {
        match side.strides.len() {
            0 => Ok(None),
            n if n >= rank => Ok(Some(side.strides[..rank].to_vec())),
            _ => Err(rocfft_status_invalid_strides),
        }
    };
    let in_strides = match given_strides(input)? {
        Some(s) => s,
        None => {
            let row = (transform == Transform::RealForward && inplace).then_some(padded_row);
            contiguous(&in_lengths, row).ok_or(rocfft_status_invalid_strides)?
        }
    };
    let out_strides = match given_strides(output)? {
        Some(s) => s,
        None => {
            let row = (transform == Transform::RealInverse && inplace).then_some(padded_row);
            contiguous(&out_lengths, row).ok_or(rocfft_status_invalid_strides)?
        }
    };
    let default_distance = |lens: &[usize], strides: &[usize], padded: bool| -> Option<usize> {
        if padded && rank == 1 {
            padded_row.checked_mul(strides[0])
        } else {
            lens[rank - 1].checked_mul(strides[rank - 1])
        }
    };
    let in_distance = match input.distance {
        0 => default_distance(&in_lengths, &in_strides, transform == Transform::RealForward && inplace).ok_or(rocfft_status_invalid_distance)?,
        d => d,
    };
    let out_distance = match output.distance {
        0 => default_distance(&out_lengths, &out_strides, transform == Transform::RealInverse && inplace).ok_or(rocfft_status_invalid_distance)?,
        d => d,
    };
    let in_side = Side { array: in_array, lengths: in_lengths, strides: in_strides, distance: in_distance, offsets: input.offsets };
    let out_side = Side { array: out_array, lengths: out_lengths, strides: out_strides, distance: out_distance, offsets: output.offsets };
    Ok((in_side, out_side))
}

/// rocFFT's `check_array_type_validity`: complex transforms take and give complex data (the
/// same format in place); real forward takes real and gives hermitian (interleaved in
/// place); real inverse the reverse.
pub fn check_array_types(transform: Transform, inplace: bool, input: ArrayType, output: ArrayType) -> Result<(), rocfft_status> {
    use ArrayType::*;
    let ok = match transform {
        Transform::ComplexForward | Transform::ComplexInverse => {
            matches!(input, ComplexInterleaved | ComplexPlanar) && matches!(output, ComplexInterleaved | ComplexPlanar) && (!inplace || input == output)
        }
        Transform::RealForward => input == Real && matches!(output, HermitianInterleaved | HermitianPlanar) && (!inplace || output == HermitianInterleaved),
        Transform::RealInverse => output == Real && matches!(input, HermitianInterleaved | HermitianPlanar) && (!inplace || input == HermitianInterleaved),
    };
    if ok { Ok(()) } else { Err(rocfft_status_invalid_array_type) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unset() -> SideLayout {
        SideLayout { array_type: ARRAY_TYPE_UNSET, ..Default::default() }
    }

    #[test]
    fn defaults_follow_rocfft() {
        // 2D in-place real forward: rows padded to 2*(N0/2+1) reals.
        let (i, o) = sides(Transform::RealForward, true, &[6, 4], &unset(), &unset()).unwrap();
        assert_eq!((i.array, i.lengths.clone(), i.strides.clone(), i.distance), (ArrayType::Real, vec![6, 4], vec![1, 8], 32));
        assert_eq!((o.array, o.lengths.clone(), o.strides.clone(), o.distance), (ArrayType::HermitianInterleaved, vec![4, 4], vec![1, 4], 16));
        // 1D in-place real inverse: output distance padded.
        let (i, o) = sides(Transform::RealInverse, true, &[7], &unset(), &unset()).unwrap();
        assert_eq!((i.lengths.clone(), i.distance, o.lengths.clone(), o.distance), (vec![4], 4, vec![7], 8));
        // 3D complex out of place: contiguous.
        let (i, _) = sides(Transform::ComplexForward, false, &[2, 3, 5], &unset(), &unset()).unwrap();
        assert_eq!((i.strides.clone(), i.distance), (vec![1, 2, 6], 30));
        assert_eq!(i.span_bytes(0, 3, Precision::Double), Some(90 * 16));
        // Too few strides.
        let short = SideLayout { array_type: 0, strides: vec![1], ..Default::default() };
        assert_eq!(sides(Transform::ComplexForward, false, &[2, 3], &short, &unset()), Err(rocfft_status_invalid_strides));
    }

    #[test]
    fn array_types_match_rocfft_rules() {
        use ArrayType::*;
        assert!(check_array_types(Transform::ComplexForward, true, ComplexPlanar, ComplexPlanar).is_ok());
        assert!(check_array_types(Transform::ComplexForward, true, ComplexPlanar, ComplexInterleaved).is_err());
        assert!(check_array_types(Transform::RealForward, false, Real, HermitianPlanar).is_ok());
        assert!(check_array_types(Transform::RealForward, true, Real, HermitianPlanar).is_err());
        assert!(check_array_types(Transform::RealInverse, false, ComplexInterleaved, Real).is_err());
    }
}
