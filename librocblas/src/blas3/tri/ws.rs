//! Workspace sizes rocBLAS 2.47 reports for trsm and trtri: under a device memory size query
//! and through the C++ size functions rocSOLVER calls (`internal::sizes`). The computation
//! here runs on the host and needs no workspace; these sizes only answer as rocBLAS does, so
//! that callers allocate what they would for rocBLAS. The block-size tables are rocBLAS's
//! tuning data for choosing its substitution kernel (which needs no workspace).

/// rocBLAS's trsm block (`ROCBLAS_TRSM_NB`) and trtri block (`ROCBLAS_TRTRI_NB`).
const TRSM_NB: usize = 128;
const TRTRI_NB: usize = 16;

/// One block-size table: row and column interval bounds and the sizes (0: no substitution;
/// 1: min(rows, 512)).
struct BlkTable {
    rows: &'static [i32],
    cols: &'static [i32],
    sizes: &'static [&'static [i32]],
}

const REAL: BlkTable = BlkTable {
    rows: &[40, 56, 80, 112, 144, 176, 208, 240, 288, 352, 480],
    cols: &[
        448, 768, 960, 1152, 1408, 1920, 2304, 2816, 3840, 4096, 4736, 4992, 5888, 7680, 9728,
    ],
    sizes: &[
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 24, 24, 24, 16],
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 32, 32, 32, 32, 32, 24, 16],
        &[1, 1, 1, 1, 1, 1, 1, 48, 48, 48, 48, 32, 32, 32, 24, 16],
        &[1, 1, 1, 1, 1, 1, 64, 64, 64, 48, 48, 32, 32, 32, 24, 16],
        &[1, 1, 1, 1, 1, 80, 80, 80, 56, 56, 40, 40, 40, 32, 32, 32],
        &[1, 1, 1, 1, 80, 80, 80, 80, 80, 48, 48, 48, 40, 32, 0, 0],
        &[1, 1, 1, 80, 80, 80, 80, 80, 56, 56, 32, 32, 32, 32, 0, 0],
        &[1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
};

const COMPLEX: BlkTable = BlkTable {
    rows: &[40, 56, 80, 112, 144, 208, 240, 288, 480],
    cols: &[
        704, 960, 1344, 1920, 2304, 2816, 3200, 3840, 4864, 5888, 7680,
    ],
    sizes: &[
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 24, 24, 24],
        &[1, 1, 1, 1, 1, 1, 1, 1, 32, 32, 32, 32],
        &[1, 1, 1, 1, 1, 72, 72, 56, 48, 32, 32, 32],
        &[1, 1, 1, 1, 64, 64, 64, 64, 48, 32, 32, 32],
        &[1, 1, 1, 80, 80, 80, 64, 64, 48, 32, 32, 32],
        &[1, 1, 80, 80, 80, 80, 64, 64, 40, 40, 32, 32],
        &[1, 1, 72, 72, 64, 64, 64, 64, 32, 32, 32, 0],
        &[1, 80, 80, 80, 80, 80, 64, 64, 48, 40, 32, 0],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
};

const REAL_BATCH: BlkTable = BlkTable {
    rows: &[20, 28, 40, 80, 112, 176, 208, 288, 352, 480],
    cols: &[
        6, 10, 12, 22, 28, 30, 36, 42, 46, 50, 60, 96, 432, 928, 960, 1472,
    ],
    sizes: &[
        &[1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[1, 1, 1, 1, 16, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[1, 1, 1, 1, 16, 16, 16, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0],
        &[
            1, 24, 24, 24, 24, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
        ],
        &[
            48, 48, 32, 32, 24, 24, 16, 16, 16, 32, 32, 32, 16, 16, 16, 16, 16,
        ],
        &[
            64, 64, 32, 32, 24, 24, 16, 16, 16, 32, 32, 32, 24, 24, 24, 24, 24,
        ],
        &[
            64, 64, 32, 32, 24, 24, 24, 24, 32, 32, 32, 32, 32, 24, 24, 24, 24,
        ],
        &[
            64, 64, 64, 32, 32, 32, 32, 40, 40, 40, 40, 32, 32, 24, 24, 32, 32,
        ],
        &[
            64, 64, 64, 32, 32, 32, 32, 40, 48, 48, 40, 32, 32, 32, 32, 32, 32,
        ],
        &[
            64, 64, 64, 32, 32, 32, 32, 40, 48, 48, 40, 32, 32, 32, 32, 32, 0,
        ],
        &[
            64, 64, 64, 32, 32, 32, 48, 48, 48, 48, 40, 32, 32, 32, 0, 0, 0,
        ],
    ],
};

const COMPLEX_BATCH: BlkTable = BlkTable {
    rows: &[20, 28, 40, 56, 80, 112, 144, 176, 480],
    cols: &[
        4, 12, 16, 28, 32, 40, 48, 50, 60, 72, 88, 176, 232, 400, 464,
    ],
    sizes: &[
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        &[1, 1, 1, 1, 1, 1, 1, 1, 8, 1, 1, 1, 1, 1, 1, 1],
        &[1, 1, 1, 1, 16, 16, 16, 16, 1, 1, 1, 16, 16, 16, 16, 16],
        &[1, 1, 1, 24, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16],
        &[1, 1, 32, 32, 32, 32, 32, 32, 32, 32, 32, 16, 16, 16, 16, 16],
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 48, 48, 32],
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 64, 64, 64, 64, 64, 32],
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 80, 80, 56, 56, 32, 32],
        &[
            1, 64, 32, 32, 32, 64, 48, 32, 32, 32, 32, 32, 32, 32, 32, 32,
        ],
        &[1, 1, 1, 1, 1, 1, 64, 64, 64, 64, 64, 64, 64, 48, 48, 48],
    ],
};

/// Index of the first interval bound >= `dim` (the number of bounds when none is).
fn interval(bounds: &[i32], dim: i64) -> usize {
    bounds
        .iter()
        .position(|&b| dim <= b as i64)
        .unwrap_or(bounds.len())
}

/// The substitution block size for a `rows` x `cols` solve (0: rocBLAS would not substitute).
fn blksize(complex: bool, batched: bool, rows: i64, cols: i64) -> i64 {
    let t = match (complex, batched) {
        (false, false) => &REAL,
        (true, false) => &COMPLEX,
        (false, true) => &REAL_BATCH,
        (true, true) => &COMPLEX_BATCH,
    };
    let b = t.sizes[interval(t.rows, rows)][interval(t.cols, cols)];
    if b == 1 { rows.min(512) } else { b as i64 }
}

fn round64(b: usize) -> usize {
    b.div_ceil(64) * 64
}

/// What one trsm call asks of the workspace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrsmNeed {
    /// Total bytes, each of rocBLAS's four chunks rounded to 64 bytes (0: none needed).
    pub bytes: usize,
}

/// rocBLAS's trsm workspace in its parts (`rocblas_internal_trsm_workspace_size`), bytes:
/// the solution temporary (shared with trtri's), the pointer arrays of the batched form for
/// it and for the inverse, the inverted diagonal blocks, and the smaller temporary rocBLAS
/// falls back to when the first cannot be had.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrsmParts {
    pub x_tmp: usize,
    pub x_tmp_arr: usize,
    pub inv: usize,
    pub inv_arr: usize,
    pub x_tmp_backup: usize,
}

/// rocBLAS's trsm workspace for the given problem (`elem`: element bytes; `batched`: the
/// pointer-array form). `None`: the small and substitution kernels, which need none.
#[allow(clippy::too_many_arguments)]
pub fn trsm(
    elem: usize,
    complex: bool,
    batched: bool,
    left: bool,
    trans_none: bool,
    m: i64,
    n: i64,
    batch: i64,
    inv_a_size: i64,
) -> Option<TrsmNeed> {
    let p = trsm_parts(
        elem, complex, batched, left, trans_none, m, n, batch, inv_a_size,
    )?;
    Some(TrsmNeed {
        bytes: round64(p.x_tmp) + round64(p.x_tmp_arr) + round64(p.inv) + round64(p.inv_arr),
    })
}

/// The parts of [`trsm`]'s workspace. `None`: no workspace (rocBLAS's size function then
/// answers `rocblas_status_continue` with zeros).
#[allow(clippy::too_many_arguments)]
pub fn trsm_parts(
    elem: usize,
    complex: bool,
    batched: bool,
    left: bool,
    trans_none: bool,
    m: i64,
    n: i64,
    batch: i64,
    inv_a_size: i64,
) -> Option<TrsmParts> {
    let (mu, nu, bu) = (m as usize, n as usize, batch as usize);
    if n == 1 && left {
        return Some(TrsmParts {
            x_tmp: bu * 4,
            ..TrsmParts::default()
        });
    }
    let k = if left { m } else { n };
    if k <= 32 || (m <= 64 && n <= 64) {
        return None;
    }
    let (rows, cols) = if left { (m, n) } else { (n, m) };
    let blk = blksize(complex, batched, rows, cols);
    let substitute =
        left && ((n <= 32 && batch >= 16 && m < 512) || (n > 32 && n <= 128 && m <= 340));
    if substitute && blk != 0 {
        return None;
    }
    let ku = k as usize;
    let exact = ku.is_multiple_of(TRSM_NB);
    // rocBLAS's "special" kernel: exact blocks, not tiny, and (for skinny left solves) the
    // regular kernel's memory above 128 MiB
    let inv_supplied = (inv_a_size.max(0) as usize) / TRSM_NB >= ku;
    let special = m > 64 && n > 64 && exact && {
        let skinny = left && trans_none && m > n * 4 && m > 8192;
        if !skinny {
            true
        } else {
            let (mut inv, mut x) = (0, 0);
            if !inv_supplied {
                inv = TRSM_NB * ku * elem * bu;
                x = (ku / TRSM_NB) * (TRSM_NB / 2) * (TRSM_NB / 2) * elem;
            }
            x = x.max(mu * nu * elem * bu);
            x + inv + if batched { 2 * elem * bu } else { 0 } > 128 << 20
        }
    };
    let (mut inv, mut c) = (0, 0);
    if !inv_supplied {
        inv = TRSM_NB * ku * elem * bu;
        c = (ku / TRSM_NB) * (TRSM_NB / 2) * (TRSM_NB / 2) * elem;
        if !exact {
            c = c.max(TRTRI_NB * TRSM_NB * 2 * elem);
        }
    }
    let (x, backup) = if special {
        (TRSM_NB * (mu + nu - ku) * elem * bu, TRSM_NB * elem * bu)
    } else {
        (mu * nu * elem * bu, mu * nu * elem * bu)
    };
    let arr = if batched { 8 * bu } else { 0 };
    Some(TrsmParts {
        x_tmp: x.max(c),
        x_tmp_arr: arr,
        inv,
        inv_arr: arr,
        x_tmp_backup: backup,
    })
}

fn is_po2(x: i64) -> bool {
    x > 0 && x & (x - 1) == 0
}
fn prev_po2(x: i64) -> i64 {
    if x <= 0 {
        0
    } else {
        1 << (63 - x.leading_zeros())
    }
}

/// Elements of rocBLAS's trtri temporary for `batch` n x n inverses.
pub fn trtri_elems(n: i64, batch: i64) -> usize {
    let ib = 2 * TRTRI_NB as i64;
    if n <= ib || batch <= 0 {
        return 0;
    }
    let mut cur = ib;
    while cur * 2 <= n {
        cur *= 2;
    }
    let mut rem = (n / ib) * ib - cur;
    if !is_po2(rem) {
        rem = prev_po2(rem);
    }
    let mut odd = n - cur - rem;
    let size_rem = if rem != 0 { rem * cur } else { 0 };
    let mut size_odd = 0;
    while odd != 0 {
        let c = n - odd;
        size_odd = size_odd.max(odd * (n - odd));
        if !is_po2(odd) && odd > ib {
            odd = n - c - prev_po2(odd);
        } else {
            odd = 0;
        }
    }
    (size_rem.max(size_odd) * batch) as usize
}

/// Is `n` above the small trtri kernel's size (the batched forms need no workspace below)?
pub fn trtri_large(n: i64) -> bool {
    n as usize > TRTRI_NB
}
