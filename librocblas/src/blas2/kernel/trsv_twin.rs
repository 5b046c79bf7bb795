//! The triangular solve's host twin, blocked: panels of `PANEL` unknowns in solving order,
//! each solved on one thread while its triangle sits in cache, the rest of x brought up to
//! date from the panel's columns by the thread pool. On the CPU backend this one launch
//! does the whole solve (full, packed and band storage alike): the GPU path's panel
//! launches (a solve and a gemv per 256 rows, 32 launches for n = 4096) cost more there
//! than the arithmetic (strsv 4096 at 0.38x of OpenBLAS).

use super::{F_BAND, F_CONJ_A, F_PACKED, F_TRANS, F_UNIT_DIAG, F_UPPER};
use super::{HM, K2, Params, lanes_dot, lanes_dot_body, lanes_dot4, sweep_cols, update_col};
use crate::blas1::kernel::HostVec;
use crate::blas1::num::Real;
use rayon::prelude::*;
use std::ops::Range;

/// Unknowns per panel: its triangle (256 KiB in f32) stays in L2 while it is solved.
const PANEL: usize = 256;
/// Elements of A below which a panel's update of the rest runs on one thread: about 0.5 MB
/// of f32, tens of microseconds, against a wake of the pool's threads. (At 1 << 20 no
/// panel of a 4096 solve reached it, and two threads ran dtrsv T at one's speed: 17-18
/// GB/s; at 1 << 17, 22-27, and dtrsv N 18 -> 25-28.)
const SERIAL_ELEMS: usize = 1 << 17;
/// Fewest rows per task of a panel's update (op N). The rows go to the threads in one
/// run each: the columns' long runs keep the prefetchers streaming (1,024-row tasks, one
/// page of each f32 column a time, ran strsv at half the speed).
const TASK_ROWS: usize = 1024;

/// x := op(A)^-1 x for one batch entry.
pub(super) fn trsv_twin<T: K2>(p: &Params, a: HM<T>, x: HostVec<T>)
where
    T::R: Real,
{
    let n = p.n;
    // Unit stride: x in place (a copy of a long x cost its pages' faults on every call).
    let mut gathered: Vec<T> = Vec::new();
    let xs: &mut [T] = if p.incx == 1 {
        // SAFETY: the launch's ranges cover x's n elements, which no other task touches.
        unsafe { std::slice::from_raw_parts_mut(x.p, n) }
    } else {
        gathered = (0..n).map(|i| x.get(i)).collect();
        &mut gathered
    };
    let s = Solve {
        a: a.p as *const T,
        n,
        ku: p.ku,
        kl: p.kl,
        step: p.step,
        off: if p.has(F_BAND) { p.ku } else { 0 },
        packed: p.has(F_PACKED),
        upper: p.has(F_UPPER),
        forward: p.has(F_UPPER) == p.has(F_TRANS),
        unit: p.has(F_UNIT_DIAG),
        conj: p.has(F_CONJ_A),
    };
    for q in 0..n.div_ceil(PANEL) {
        let panel = if s.forward {
            q * PANEL..((q + 1) * PANEL).min(n)
        } else {
            n.saturating_sub((q + 1) * PANEL)..n - q * PANEL
        };
        if p.has(F_TRANS) {
            s.dots_from_solved(xs, panel.clone());
            solve_panel_dots(&s, xs, panel);
        } else {
            solve_panel_sweeps(&s, xs, panel.clone());
            s.sweep_rest(xs, panel);
        }
    }
    for (i, v) in gathered.into_iter().enumerate() {
        x.set(i, v);
    }
}

/// The solve's constants, copied out of the parameter block so that the per-unknown loops
/// keep them in registers (through `Params` every column's address reloaded the flags).
#[derive(Clone, Copy)]
struct Solve<T> {
    a: *const T,
    n: usize,
    /// Column j stores rows [j - ku, j + kl] (clipped to [0, n)).
    ku: usize,
    kl: usize,
    /// Column j starts at j * step + off (full and band storage).
    step: usize,
    off: usize,
    packed: bool,
    upper: bool,
    /// Unknowns solved from the first to the last (else from the last).
    forward: bool,
    unit: bool,
    /// Transposed solves conjugate A (op C).
    conj: bool,
}

// SAFETY: A is only read, and only within the launch's ranges, while the launch runs.
unsafe impl<T> Send for Solve<T> {}
unsafe impl<T> Sync for Solve<T> {}

impl<T: K2> Solve<T> {
    /// Where column j's row 0 would be.
    #[inline(always)]
    fn colbase(&self, j: usize) -> usize {
        if !self.packed {
            j * self.step + self.off
        } else if self.upper {
            j * (j + 1) / 2
        } else {
            j * (2 * self.n - j - 1) / 2
        }
    }
    /// Rows `rows` (clipped to what column j stores) of column j.
    #[inline(always)]
    fn col(&self, j: usize, rows: Range<usize>) -> (usize, &[T]) {
        let lo = rows.start.max(j.saturating_sub(self.ku));
        let hi = rows.end.min(self.n.min(j + self.kl + 1));
        if lo >= hi {
            return (rows.start, &[]);
        }
        // SAFETY: the launch's ranges cover every stored entry of every column.
        let s = unsafe { std::slice::from_raw_parts(self.a.add(self.colbase(j) + lo), hi - lo) };
        (lo, s)
    }
    /// The rows some column of `cols` stores (a column's first and last rows grow with j:
    /// the first column's first to the last column's last).
    fn rows_of(&self, cols: &Range<usize>) -> Range<usize> {
        cols.start.saturating_sub(self.ku)..self.n.min(cols.end - 1 + self.kl + 1)
    }
    /// The `t`-th unknown of `r` in solving order.
    #[inline(always)]
    fn nth(&self, r: &Range<usize>, t: usize) -> usize {
        if self.forward {
            r.start + t
        } else {
            r.end - 1 - t
        }
    }
    #[inline(always)]
    fn diag(&self, j: usize) -> T {
        unsafe { self.a.add(j + self.colbase(j)).read_unaligned() }
    }
    /// Unknowns of `panel` still to be solved after `j`, in storage order.
    fn after(&self, panel: &Range<usize>, j: usize) -> Range<usize> {
        if self.forward {
            j + 1..panel.end
        } else {
            panel.start..j
        }
    }
    /// Unknowns outside `panel` still to be solved after it.
    fn rest(&self, panel: &Range<usize>) -> Range<usize> {
        if self.forward {
            panel.end..self.n
        } else {
            0..panel.start
        }
    }

    /// op N: the rest of x minus the panel's columns times its solved unknowns, in tasks of
    /// rows (four columns a sweep where they store the same rows: full and packed storage).
    fn sweep_rest(&self, xs: &mut [T], panel: Range<usize>) {
        let rest = self.rest(&panel);
        // Rows of the rest that some column of the panel stores (band: k at most).
        let stored = self.rows_of(&panel);
        let touched = rest.start.max(stored.start)..rest.end.min(stored.end);
        if touched.is_empty() {
            return;
        }
        let (solved, later) = split_around(xs, &panel, &touched);
        let neg: Vec<T> = solved.iter().map(|&v| -v).collect();
        // The panel's columns that store a touched row (band: the k nearest the rest).
        let t = &touched;
        let cols = panel.start.max(t.start.saturating_sub(self.kl))..panel.end.min(t.end + self.ku);
        let task = |r0: usize, acc: &mut [T]| {
            let rows = r0..r0 + acc.len();
            let mut j = cols.start;
            while j < cols.end {
                let q4 = j + 4 <= cols.end;
                let cols4: Option<[(usize, &[T]); 4]> =
                    q4.then(|| std::array::from_fn(|q| self.col(j + q, rows.clone())));
                match cols4 {
                    Some(c) if c.iter().all(|(lo, s)| *lo == r0 && s.len() == acc.len()) => {
                        let xj = std::array::from_fn(|q| neg[j + q - panel.start]);
                        sweep_cols(acc, c.map(|(_, s)| s), xj, false);
                        j += 4;
                    }
                    _ => {
                        let (lo, s) = self.col(j, rows.clone());
                        let xj = neg[j - panel.start];
                        if xj != T::zero() && !s.is_empty() {
                            update_col(&mut acc[lo - r0..lo - r0 + s.len()], s, &[], xj, T::zero());
                        }
                        j += 1;
                    }
                }
            }
        };
        if touched.len() * panel.len() < SERIAL_ELEMS {
            task(touched.start, later);
        } else {
            let rows = touched
                .len()
                .div_ceil(rayon::current_num_threads().max(1))
                .max(TASK_ROWS);
            later
                .par_chunks_mut(rows)
                .enumerate()
                .for_each(|(t, acc)| task(touched.start + t * rows, acc));
        }
    }

    /// Transposed: each unknown of the panel minus its column's dot with the unknowns solved
    /// before the panel (columns in parallel, four a pass where they store the same rows).
    fn dots_from_solved(&self, xs: &mut [T], panel: Range<usize>) {
        let solved = if self.forward {
            0..panel.start
        } else {
            panel.end..self.n
        };
        if solved.is_empty() {
            return;
        }
        let (done, own) = split_around(xs, &solved, &panel);
        let groups = panel.len().div_ceil(4);
        let dots = |g: usize| -> [T; 4] {
            let j0 = panel.start + 4 * g;
            let k = (panel.end - j0).min(4);
            let cols: [(usize, &[T]); 4] = std::array::from_fn(|q| {
                if q < k {
                    self.col(j0 + q, solved.clone())
                } else {
                    (solved.start, &[][..])
                }
            });
            let whole = |(lo, s): &(usize, &[T])| *lo == solved.start && s.len() == solved.len();
            if k == 4 && cols.iter().all(whole) {
                return lanes_dot4(cols.map(|(_, s)| s), done, self.conj);
            }
            cols.map(|(lo, s)| {
                let off = lo - solved.start;
                lanes_dot(s, &done[off..off + s.len()], self.conj)
            })
        };
        // Rows of the solved part the panel's columns store (band: k at most).
        let stored = self.rows_of(&panel);
        let stored = stored.start.max(solved.start)..stored.end.min(solved.end);
        let d: Vec<[T; 4]> = if stored.len() * panel.len() < SERIAL_ELEMS {
            (0..groups).map(dots).collect()
        } else {
            (0..groups).into_par_iter().map(dots).collect()
        };
        for (i, v) in own.iter_mut().enumerate() {
            *v = *v - d[i / 4][i % 4];
        }
    }
}

// The in-panel loops, one short column or dot per unknown: dispatched once per panel and
// compiled for AVX2 with everything inlined and the solve's constants in registers (a call
// per column ran tbsv, 33 entries a column, at 0.4x of OpenBLAS; blocks of four unknowns,
// their triangle by scalars and their columns in one sweep, at half the speed of this).
avx2_twin!(solve_panel_sweeps, solve_panel_sweeps_avx2, solve_panel_sweeps_body, (s: &Solve<T>, xs: &mut [T], panel: Range<usize>));
avx2_twin!(solve_panel_dots, solve_panel_dots_avx2, solve_panel_dots_body, (s: &Solve<T>, xs: &mut [T], panel: Range<usize>));

/// op N: each unknown of the panel in turn, its column then taken off the panel's later
/// unknowns.
#[inline(always)]
fn solve_panel_sweeps_body<T: K2>(s: &Solve<T>, xs: &mut [T], panel: Range<usize>) {
    let s = *s;
    for t in 0..panel.len() {
        let j = s.nth(&panel, t);
        if !s.unit {
            xs[j] = xs[j].div(s.diag(j));
        }
        let xj = xs[j];
        if xj != T::zero() {
            let (lo, col) = s.col(j, s.after(&panel, j));
            for (v, &e) in xs[lo..lo + col.len()].iter_mut().zip(col) {
                *v = *v - e * xj;
            }
        }
    }
}

/// Transposed: each unknown of the panel in turn, minus its column's dot with the panel's
/// unknowns solved before it, over op(its diagonal).
#[inline(always)]
fn solve_panel_dots_body<T: K2>(s: &Solve<T>, xs: &mut [T], panel: Range<usize>) {
    let s = *s;
    for t in 0..panel.len() {
        let i = s.nth(&panel, t);
        let before = if s.forward {
            panel.start..i
        } else {
            i + 1..panel.end
        };
        let (lo, col) = s.col(i, before);
        // The unknown solved last on its own: the dot of the others does not wait for it
        // (a dot's lanes summed after it came added their latency to every unknown's).
        let (lo, col, last) = match col.len() {
            0 => (lo, col, T::zero()),
            len if s.forward => {
                let a = if s.conj {
                    col[len - 1].conj()
                } else {
                    col[len - 1]
                };
                (lo, &col[..len - 1], a * xs[lo + len - 1])
            }
            _ => {
                let a = if s.conj { col[0].conj() } else { col[0] };
                (lo + 1, &col[1..], a * xs[lo])
            }
        };
        let mut v = xs[i] - lanes_dot_body(col, &xs[lo..lo + col.len()], s.conj) - last;
        if !s.unit {
            let d = s.diag(i);
            v = v.div(if s.conj { d.conj() } else { d });
        }
        xs[i] = v;
    }
}

/// `xs[a]` to read and `xs[b]` to write, for disjoint ranges.
fn split_around<'x, T>(
    xs: &'x mut [T],
    a: &Range<usize>,
    b: &Range<usize>,
) -> (&'x [T], &'x mut [T]) {
    if a.end <= b.start {
        let (l, r) = xs.split_at_mut(b.start);
        (&l[a.clone()], &mut r[..b.len()])
    } else {
        let (l, r) = xs.split_at_mut(a.start);
        (&r[..a.len()], &mut l[b.clone()])
    }
}
