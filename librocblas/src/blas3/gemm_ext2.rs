//! `rocblas_gemm_ext2`: D = alpha A B + beta C where every matrix has its own row and
//! column strides (any, including 0), in gemm_ex's type combinations. rocBLAS 2.47 checks
//! sizes and pointers (not strides) and computes on the host where Tensile has no
//! solution; oxrocm computes it on the host always, in the wide type.

use super::gemm::{Val, scalars};
use crate::blas1::exec::*;
use crate::blas1::num::{C32, C64, Field};
use crate::blas2::kern::{Num, Wide};
use crate::export::export;
use crate::handle::{Ctx, ctx};
use crate::types::*;
use half::{bf16, f16};
use std::ffi::c_void;

/// One strided matrix: base address and (row, column) strides in elements.
#[derive(Clone, Copy)]
struct Strides {
    p: u64,
    row: i64,
    col: i64,
}

impl Strides {
    /// Element offsets of the lowest and past the highest element of a rows x cols matrix.
    fn extent(&self, rows: usize, cols: usize) -> (i64, i64) {
        let ends = [
            0,
            (rows as i64 - 1) * self.row,
            (cols as i64 - 1) * self.col,
            (rows as i64 - 1) * self.row + (cols as i64 - 1) * self.col,
        ];
        (
            *ends.iter().min().unwrap_or(&0),
            ends.iter().max().unwrap_or(&0) + 1,
        )
    }
    fn declare<T>(&self, acc: &mut Access, rows: usize, cols: usize, write: bool) {
        if rows == 0 || cols == 0 || self.p == 0 {
            return;
        }
        let (lo, hi) = self.extent(rows, cols);
        let start = self.p.wrapping_add_signed(lo * size_of::<T>() as i64);
        let len = (hi - lo) as usize * size_of::<T>();
        if write {
            acc.write(start, len)
        } else {
            acc.read(start, len)
        }
    }
    fn at(&self, r: usize, c: usize, elem: usize) -> u64 {
        self.p
            .wrapping_add_signed((r as i64 * self.row + c as i64 * self.col) * elem as i64)
    }
}

#[allow(clippy::too_many_arguments)]
unsafe fn ext2(
    h: rocblas_handle,
    m: i32,
    n: i32,
    k: i32,
    alpha: *const c_void,
    a: Strides,
    at: rocblas_datatype,
    b: Strides,
    bt: rocblas_datatype,
    beta: *const c_void,
    c: Strides,
    ct: rocblas_datatype,
    d: Strides,
    dt: rocblas_datatype,
    compute: rocblas_datatype,
) -> Status {
    use crate::types::{
        rocblas_datatype_bf16_r as BF16, rocblas_datatype_f16_r as F16,
        rocblas_datatype_f32_r as F32,
    };
    use crate::types::{
        rocblas_datatype_f32_c as CF32, rocblas_datatype_f64_c as CF64,
        rocblas_datatype_f64_r as F64,
    };
    const I8: rocblas_datatype = 160;
    const I32: rocblas_datatype = 162;
    let cx = ctx(h)?;
    let x = Ext2 {
        m,
        n,
        k,
        alpha,
        a,
        b,
        beta,
        c,
        d,
    };
    match (at, bt, ct, dt, compute) {
        (F64, F64, F64, F64, F64) => typed::<f64, f64, f64>(&cx, &x),
        (F32, F32, F32, F32, F32) => typed::<f32, f32, f32>(&cx, &x),
        (F16, F16, F16, F16, F16) => typed::<f16, f16, f16>(&cx, &x),
        (F16, F16, F16, F16, F32) => typed::<f16, f16, f32>(&cx, &x),
        (F16, F16, F32, F32, F32) => typed::<f16, f32, f32>(&cx, &x),
        (BF16, BF16, BF16, BF16, F32) => typed::<bf16, bf16, f32>(&cx, &x),
        (BF16, BF16, F32, F32, F32) => typed::<bf16, f32, f32>(&cx, &x),
        (I8, I8, I32, I32, I32) => typed::<i8, i32, i32>(&cx, &x),
        (CF32, CF32, CF32, CF32, CF32) => typed::<C32, C32, C32>(&cx, &x),
        (CF64, CF64, CF64, CF64, CF64) => typed::<C64, C64, C64>(&cx, &x),
        _ => {
            // rocBLAS reads the scalars (as the compute type) and checks before it finds
            // no implementation.
            let checked = match compute {
                F16 | F32 | F64 | I32 | CF32 | CF64 => checks(&cx, &x)?,
                _ => return Err(rocblas_status_not_implemented),
            };
            if checked {
                Err(rocblas_status_not_implemented)
            } else {
                Ok(())
            }
        }
    }
}

struct Ext2 {
    m: i32,
    n: i32,
    k: i32,
    alpha: *const c_void,
    a: Strides,
    b: Strides,
    beta: *const c_void,
    c: Strides,
    d: Strides,
}

/// Sizes and pointers in rocBLAS's order. `Ok(false)`: quick return.
fn checks(c: &Ctx, x: &Ext2) -> Status<bool> {
    if x.m < 0 || x.n < 0 || x.k < 0 {
        return Err(rocblas_status_invalid_size);
    }
    if x.m == 0 || x.n == 0 {
        return if c.query {
            Err(rocblas_status_size_unchanged)
        } else {
            Ok(false)
        };
    }
    let null = |p: *const c_void| p.is_null();
    if x.d.p == 0 || (x.c.p == 0 && !null(x.beta)) {
        return Err(rocblas_status_invalid_pointer);
    }
    if x.k != 0 && (x.a.p == 0 || x.b.p == 0) && !null(x.alpha) {
        return Err(rocblas_status_invalid_pointer);
    }
    if (x.k != 0 && null(x.alpha)) || null(x.beta) {
        return Err(rocblas_status_invalid_pointer);
    }
    if c.query {
        return Err(rocblas_status_size_unchanged);
    }
    Ok(true)
}

fn typed<Ti: Num, To: Num<W = Ti::W>, Tc: Num<W = Ti::W>>(c: &Ctx, x: &Ext2) -> Status {
    let s = scalars::<Tc>(c, x.alpha, x.beta, x.k.into())?;
    if !checks(c, x)? {
        return Ok(());
    }
    let (m, n, k) = (x.m as usize, x.n as usize, x.k as usize);
    let zero = <Ti::W as Field>::zero();
    let alpha = s.alpha.unwrap_or(Val::Known(zero));
    let beta = s.beta.unwrap_or(Val::Known(zero));
    let products = k > 0 && !alpha.is_zero() && x.a.p != 0 && x.b.p != 0;
    let reads_c = !beta.is_zero() && x.c.p != 0;
    let mut acc = Access::default();
    if products {
        x.a.declare::<Ti>(&mut acc, m, k, false);
        x.b.declare::<Ti>(&mut acc, k, n, false);
    }
    if reads_c {
        x.c.declare::<To>(&mut acc, m, n, false);
    }
    x.d.declare::<To>(&mut acc, m, n, true);
    for v in [alpha, beta] {
        if let Val::Dev(p, bytes, _) = v {
            acc.read(p, bytes);
        }
    }
    let (a, b, cm, d) = (x.a, x.b, x.c, x.d);
    enqueue(c.stream, acc, move |v| {
        let read = |s: Val<Ti::W>| match s {
            Val::Known(w) => w,
            Val::Dev(p, _, read) => read(v.ptr::<u8>(p)),
        };
        let (al, be) = (read(alpha), read(beta));
        let load = |s: &Strides, r: usize, col: usize| -> Ti::W {
            unsafe { (v.ptr::<u8>(s.at(r, col, size_of::<Ti>())) as *const Ti).read_unaligned() }
                .w()
        };
        // A by rows and B by columns, dense in the wide type: each entry is a dot product.
        let mul = products && !al.is_zero();
        let rows_a: Vec<Ti::W> = if mul {
            (0..m)
                .flat_map(|r| (0..k).map(move |l| (r, l)))
                .map(|(r, l)| load(&a, r, l))
                .collect()
        } else {
            Vec::new()
        };
        let cols_b: Vec<Ti::W> = if mul {
            (0..n)
                .flat_map(|c| (0..k).map(move |l| (l, c)))
                .map(|(l, c)| load(&b, l, c))
                .collect()
        } else {
            Vec::new()
        };
        let shared = SendView(v as *const View);
        let column = |col: usize| {
            let v = unsafe { &*shared.get() };
            for row in 0..m {
                let mut out = zero;
                if mul {
                    let t = rows_a[row * k..(row + 1) * k]
                        .iter()
                        .zip(&cols_b[col * k..(col + 1) * k])
                        .fold(zero, |t, (&x, &y)| t + x * y);
                    out = al * t;
                }
                if reads_c && !be.is_zero() {
                    out = out
                        + be * unsafe {
                            (v.ptr::<u8>(cm.at(row, col, size_of::<To>())) as *const To)
                                .read_unaligned()
                        }
                        .w();
                }
                unsafe {
                    (v.ptr::<u8>(d.at(row, col, size_of::<To>())) as *mut To)
                        .write_unaligned(To::n(out))
                };
            }
        };
        // Columns in parallel only where every element of D has its own address (strides
        // may be 0 or overlap: then the writes stay in order).
        use rayon::prelude::*;
        let (rs, cs) = (d.row.unsigned_abs() as usize, d.col.unsigned_abs() as usize);
        let distinct = rs != 0 && cs != 0 && (cs >= m * rs || rs >= n * cs);
        if m * n * k.max(1) >= 1 << 16 && distinct {
            (0..n).into_par_iter().for_each(column);
        } else {
            (0..n).for_each(column);
        }
    })
}

/// The view shared by parallel columns (each writes its own elements).
struct SendView(*const View);
unsafe impl Send for SendView {}
unsafe impl Sync for SendView {}
impl SendView {
    /// Through a method, so closures capture the whole (Sync) wrapper.
    fn get(&self) -> *const View {
        self.0
    }
}

export!(
    fn rocblas_gemm_ext2(
        handle: rocblas_handle,
        m: rocblas_int,
        n: rocblas_int,
        k: rocblas_int,
        alpha: *const c_void,
        a: *const c_void,
        a_type: rocblas_datatype,
        row_stride_a: rocblas_stride,
        col_stride_a: rocblas_stride,
        b: *const c_void,
        b_type: rocblas_datatype,
        row_stride_b: rocblas_stride,
        col_stride_b: rocblas_stride,
        beta: *const c_void,
        c: *const c_void,
        c_type: rocblas_datatype,
        row_stride_c: rocblas_stride,
        col_stride_c: rocblas_stride,
        d: *mut c_void,
        d_type: rocblas_datatype,
        row_stride_d: rocblas_stride,
        col_stride_d: rocblas_stride,
        compute_type: rocblas_datatype,
        algo: i32,
        solution_index: i32,
        flags: u32,
    ) {
        let _ = (algo, solution_index, flags);
        let st = |p: *const c_void, row: i64, col: i64| Strides {
            p: p as u64,
            row,
            col,
        };
        ext2(
            handle,
            m,
            n,
            k,
            alpha,
            st(a, row_stride_a, col_stride_a),
            a_type,
            st(b, row_stride_b, col_stride_b),
            b_type,
            beta,
            st(c, row_stride_c, col_stride_c),
            c_type,
            st(d, row_stride_d, col_stride_d),
            d_type,
            compute_type,
        )
    }
);
