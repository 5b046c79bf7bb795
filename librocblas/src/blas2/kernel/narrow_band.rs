//! MV_N's and MV_T's host twins over a narrow band (sbmv, hbmv, tbmv, gbmv with a few
//! diagonals): MV_N adds the columns' few entries into the task's accumulator (the same
//! additions in the same order as the general path), MV_T dots each column with x, in loops
//! compiled for AVX2 with the band's shape and the diagonal's rule in registers. The
//! general paths' per-column bookkeeping cost more than 33 entries take to stream (tbmv at
//! 0.49x of OpenBLAS).

use super::{
    F_BAND, F_CONJ_A, F_REAL_DIAG, F_SKIP_DIAG, F_UNIT_DIAG, K2, Params, lanes_dot_body,
    sweep_cols_body,
};
use crate::blas1::kernel::HostVec;
use std::ops::Range;

/// Diagonals (kl + ku + 1) up to which the twins take this path.
pub(super) const NARROW: usize = 64;

/// Whether MV_N's and MV_T's twins take this path for `p`.
pub(super) fn narrow(p: &Params) -> bool {
    p.has(F_BAND) && p.kl + p.ku < NARROW
}

/// The diagonal's value under the operation's rules.
#[derive(Clone, Copy, PartialEq)]
enum Diag {
    /// As stored (conjugated with the rest of the column).
    Stored,
    Unit,
    Skip,
    Real,
}

/// Band columns: column j stores rows [j - ku, j + kl] (clipped to m), entry (i, j) at
/// a[j * step + ku + i] (`Params`' step is the band's leading dimension less one).
#[derive(Clone, Copy)]
pub(super) struct Band<T> {
    a: *const T,
    m: usize,
    step: usize,
    kl: usize,
    ku: usize,
    conj: bool,
    diag: Diag,
}

impl<T: K2> Band<T> {
    /// The diagonal's value under a rule other than `Stored`, `stored` as stored.
    #[inline(always)]
    fn ruled_diag(&self, stored: T) -> T {
        match self.diag {
            Diag::Unit => T::one(),
            Diag::Skip => T::zero(),
            _ => stored.real_part(),
        }
    }
    pub(super) fn new(p: &Params, a: *const T) -> Band<T> {
        let diag = if p.has(F_UNIT_DIAG) {
            Diag::Unit
        } else if p.has(F_SKIP_DIAG) {
            Diag::Skip
        } else if p.has(F_REAL_DIAG) {
            Diag::Real
        } else {
            Diag::Stored
        };
        Band {
            a,
            m: p.m,
            step: p.step,
            kl: p.kl,
            ku: p.ku,
            conj: p.has(F_CONJ_A),
            diag,
        }
    }
}

avx2_twin!(@cap Avx2, pub(super) band_sweeps, band_sweeps_avx2, band_sweeps_body, (acc: &mut [T], r0: usize, cols: Range<usize>, band: Band<T>, x: &HostVec<T>));

/// acc (rows r0..) += op(A(rows, j)) x_j for each column j of `cols`, rows clipped to acc's:
/// real data four columns a sweep over the rows they all store where the diagonal is as
/// stored (a column a sweep re-read, one element on, what the last had just stored, and
/// waited for it: stbmv 14 against 17 GB/s), then their other rows; column by column where
/// a diagonal takes a rule, and for complex data (ztbmv 16 against 21 GB/s four a sweep).
#[inline(always)]
fn band_sweeps_body<T: K2>(
    acc: &mut [T],
    r0: usize,
    cols: Range<usize>,
    band: Band<T>,
    x: &HostVec<T>,
) {
    let r1 = r0 + acc.len();
    let rows = |j: usize| {
        (
            j.saturating_sub(band.ku).max(r0),
            (j + band.kl + 1).min(band.m).min(r1),
        )
    };
    // SAFETY: the launch's ranges cover every stored entry of every column.
    let col = |j: usize, lo: usize, hi: usize| unsafe {
        std::slice::from_raw_parts(band.a.add(j * band.step + band.ku + lo), hi - lo)
    };
    let mut j = cols.start;
    while j < cols.end {
        if !T::COMPLEX && band.diag == Diag::Stored && j + 4 <= cols.end {
            let (lo, hi) = (rows(j + 3).0, rows(j).1);
            if lo + 8 <= hi {
                let c4: [&[T]; 4] = std::array::from_fn(|q| col(j + q, lo, hi));
                let x4: [T; 4] = std::array::from_fn(|q| x.get(j + q));
                sweep_cols_body(&mut acc[lo - r0..hi - r0], c4, x4, band.conj);
                for (q, xq) in x4.into_iter().enumerate() {
                    let (clo, chi) = rows(j + q);
                    one_column(
                        &mut acc[clo - r0..lo - r0],
                        col(j + q, clo, lo),
                        band,
                        xq,
                        None,
                    );
                    one_column(
                        &mut acc[hi - r0..chi - r0],
                        col(j + q, hi, chi),
                        band,
                        xq,
                        None,
                    );
                }
                j += 4;
                continue;
            }
        }
        let (lo, hi) = rows(j);
        if lo < hi {
            let d = (lo..hi).contains(&j).then(|| j - lo);
            one_column(
                &mut acc[lo - r0..hi - r0],
                col(j, lo, hi),
                band,
                x.get(j),
                d,
            );
        }
        j += 1;
    }
}

/// acc += op(col) xj, the entry at `diag` (if any) under the diagonal's rule.
#[inline(always)]
fn one_column<T: K2>(acc: &mut [T], col: &[T], band: Band<T>, xj: T, diag: Option<usize>) {
    let sweep = |acc: &mut [T], col: &[T]| {
        for (s, &v) in acc.iter_mut().zip(col) {
            *s = *s + if band.conj { v.conj() } else { v } * xj;
        }
    };
    match diag {
        Some(d) if band.diag != Diag::Stored => {
            sweep(&mut acc[..d], &col[..d]);
            let dv = band.ruled_diag(col[d]);
            acc[d] = acc[d] + dv * xj;
            sweep(&mut acc[d + 1..], &col[d + 1..]);
        }
        _ => sweep(acc, col),
    }
}

avx2_twin!(pub(super) band_dots, band_dots_avx2, band_dots_body, (out: &mut [T], j0: usize, band: Band<T>, x: &[T], x0: usize));

/// MV_T's twin over a narrow band: out[j - j0] = sum op(A(i, j)) x_i over the rows column j
/// stores within x's [x0, x0 + x.len()), the diagonal under its rule; a short dot per
/// column, each summed as `lanes_dot` sums it.
#[inline(always)]
fn band_dots_body<T: K2>(out: &mut [T], j0: usize, band: Band<T>, x: &[T], x0: usize) {
    let x1 = x0 + x.len();
    for (k, o) in out.iter_mut().enumerate() {
        let j = j0 + k;
        let lo = j.saturating_sub(band.ku).max(x0);
        let hi = (j + band.kl + 1).min(band.m).min(x1);
        if lo >= hi {
            *o = T::zero();
            continue;
        }
        // SAFETY: the launch's ranges cover every stored entry of every column.
        let col = unsafe {
            std::slice::from_raw_parts(band.a.add(j * band.step + band.ku + lo), hi - lo)
        };
        let xs = &x[lo - x0..hi - x0];
        *o = if band.diag == Diag::Stored || !(lo..hi).contains(&j) {
            lanes_dot_body(col, xs, band.conj)
        } else {
            let d = j - lo;
            let dv = band.ruled_diag(col[d]);
            lanes_dot_body(&col[..d], &xs[..d], band.conj)
                + dv * xs[d]
                + lanes_dot_body(&col[d + 1..], &xs[d + 1..], band.conj)
        };
    }
}
