//! `ROCBLAS_LAYER=3` trace and bench lines per library version, as rocBLAS 4.x's and 5.x's
//! `testing_logging.hpp` expects them: ILP64 functions keep `_64` in the trace and bench as
//! `./rocblas-bench --api 1 -f <name>`; per-ABI entry points log their public name;
//! scal names the vector's type, then alpha's; dotu/dotc bench as dot; axpy_ex names its types `--a_type/--b_type/--c_type/--compute_type` and, under device
//! scalars, traces without alpha and writes no bench line (nor do trsv/tbsv/tpsv); 4.x names
//! the order of trmv `-n` (2.47: `-m`); 5.x handles end bench lines with a bare separator
//! (atomics not allowed) or `--atomics_allowed`; every new handle truncates its log file,
//! or creates it again when it was removed.
//!
//! One test in its own binary: the logging environment is process-wide.

mod common;

use amdhip64 as _;
use common::dev;
use rocblas::handle::*;
use rocblas::types::*;
use std::ffi::c_void;
use std::ptr::null_mut;

type H = rocblas_handle;
const F32: i32 = rocblas_datatype_f32_r;

unsafe extern "C" {
    fn oxrocm_abi4_rocblas_create_handle(h: *mut H) -> i32;
    fn oxrocm_abi5_rocblas_create_handle(h: *mut H) -> i32;
    fn rocblas_saxpy(
        h: H,
        n: i32,
        al: *const f32,
        x: *const f32,
        incx: i32,
        y: *mut f32,
        incy: i32,
    ) -> i32;
    fn rocblas_saxpy_64(
        h: H,
        n: i64,
        al: *const f32,
        x: *const f32,
        incx: i64,
        y: *mut f32,
        incy: i64,
    ) -> i32;
    fn rocblas_axpy_ex(
        h: H,
        n: i32,
        al: *const c_void,
        at: i32,
        x: *const c_void,
        xt: i32,
        incx: i32,
        y: *mut c_void,
        yt: i32,
        incy: i32,
        et: i32,
    ) -> i32;
    fn rocblas_csscal(h: H, n: i32, al: *const f32, x: *mut [f32; 2], incx: i32) -> i32;
    fn rocblas_cscal(h: H, n: i32, al: *const [f32; 2], x: *mut [f32; 2], incx: i32) -> i32;
    fn rocblas_cdotc(
        h: H,
        n: i32,
        x: *const [f32; 2],
        incx: i32,
        y: *const [f32; 2],
        incy: i32,
        r: *mut [f32; 2],
    ) -> i32;
    fn rocblas_strmv(
        h: H,
        uplo: i32,
        t: i32,
        diag: i32,
        n: i32,
        a: *const f32,
        lda: i32,
        x: *mut f32,
        incx: i32,
    ) -> i32;
    fn rocblas_strsv(
        h: H,
        uplo: i32,
        t: i32,
        diag: i32,
        n: i32,
        a: *const f32,
        lda: i32,
        x: *mut f32,
        incx: i32,
    ) -> i32;
    fn oxrocm_abi4_rocblas_strmm(
        h: H,
        side: i32,
        uplo: i32,
        t: i32,
        diag: i32,
        m: i32,
        n: i32,
        al: *const f32,
        a: *const f32,
        lda: i32,
        b: *const f32,
        ldb: i32,
        c: *mut f32,
        ldc: i32,
    ) -> i32;
}

fn new_handle(abi: u32) -> H {
    let mut h = null_mut();
    let st = unsafe {
        match abi {
            4 => oxrocm_abi4_rocblas_create_handle(&mut h),
            5 => oxrocm_abi5_rocblas_create_handle(&mut h),
            _ => rocblas_create_handle(&mut h),
        }
    };
    assert_eq!(st, 0);
    h
}

fn lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn trace_and_bench_lines_per_rocblas_version() {
    let dir = std::env::temp_dir().join(format!("oxrocm-log-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (trace, bench) = (dir.join("trace.csv"), dir.join("bench.txt"));
    // SAFETY: the only test of this binary; no other thread reads the environment yet.
    unsafe {
        std::env::set_var("ROCBLAS_LAYER", "3");
        std::env::set_var("ROCBLAS_LOG_TRACE_PATH", &trace);
        std::env::set_var("ROCBLAS_LOG_BENCH_PATH", &bench);
    }
    let a = dev(&[1.0f32; 64]);
    let b = dev(&[1.0f32; 64]);
    let c = dev(&[1.0f32; 64]);
    let x = dev(&[1.0f32; 8]);
    let y = dev(&[1.0f32; 8]);
    let alpha = 1.5f32;
    let d_alpha = dev(&[alpha]);
    let xc = dev(&[[1.0f32, 0.5]; 4]);
    let xc_ = format!("{xc:p}");
    let mut r = [0f32; 2];
    let (a_, b_, c_, x_, y_) = (
        format!("{a:p}"),
        format!("{b:p}"),
        format!("{c:p}"),
        format!("{x:p}"),
        format!("{y:p}"),
    );

    // rocBLAS 4.x
    let h = new_handle(4);
    unsafe {
        assert_eq!(rocblas_saxpy_64(h, 2, &alpha, x, 1, y, 1), 0);
        assert_eq!(
            oxrocm_abi4_rocblas_strmm(h, 141, 121, 111, 132, 3, 2, &alpha, a, 4, b, 5, c, 6),
            0
        );
        assert_eq!(
            rocblas_axpy_ex(
                h,
                2,
                (&alpha as *const f32).cast(),
                F32,
                x.cast(),
                F32,
                1,
                y.cast(),
                F32,
                1,
                F32
            ),
            0
        );
        assert_eq!(rocblas_csscal(h, 2, &alpha, xc, 1), 0);
        assert_eq!(rocblas_cscal(h, 2, &[alpha, 0.0], xc, 1), 0);
        assert_eq!(rocblas_cdotc(h, 2, xc, 1, xc, 1, &mut r), 0);
        assert_eq!(rocblas_strmv(h, 121, 111, 132, 2, a, 4, x, 1), 0);
        assert_eq!(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), 0);
        assert_eq!(
            rocblas_axpy_ex(
                h,
                2,
                d_alpha.cast(),
                F32,
                x.cast(),
                F32,
                1,
                y.cast(),
                F32,
                1,
                F32
            ),
            0
        );
        assert_eq!(rocblas_strsv(h, 121, 111, 132, 2, a, 4, x, 1), 0);
        assert_eq!(rocblas_destroy_handle(h), 0);
    }
    assert_eq!(
        lines(&trace),
        [
            "rocblas_create_handle,atomics_allowed".to_string(),
            format!("rocblas_saxpy_64,2,1.5,{x_},1,{y_},1,atomics_allowed"),
            format!("rocblas_strmm,L,U,N,U,3,2,1.5,{a_},4,{b_},5,{c_},6,atomics_allowed"),
            format!("rocblas_axpy_ex,2,1.5,f32_r,{x_},f32_r,1,{y_},f32_r,1,f32_r,atomics_allowed"),
            format!("rocblas_csscal,2,1.5,{xc_},1,atomics_allowed"),
            format!("rocblas_cscal,2,(1.5,0),{xc_},1,atomics_allowed"),
            format!("rocblas_cdotc,2,{xc_},1,{xc_},1,atomics_allowed"),
            format!("rocblas_strmv,U,N,U,2,{a_},4,{x_},1,atomics_allowed"),
            "rocblas_set_pointer_mode,1,atomics_allowed".to_string(),
            format!("rocblas_axpy_ex,2,f32_r,{x_},f32_r,1,{y_},f32_r,1,f32_r,atomics_allowed"),
            format!("rocblas_strsv,U,N,U,2,{a_},4,{x_},1,atomics_allowed"),
            "rocblas_destroy_handle,atomics_allowed".to_string(),
        ]
    );
    assert_eq!(
        lines(&bench),
        [
            "./rocblas-bench --api 1 -f axpy -r f32_r -n 2 --alpha 1.5 --incx 1 --incy 1",
            "./rocblas-bench -f trmm -r f32_r --side L --uplo U --transposeA N --diag U -m 3 -n 2 --alpha 1.5 --lda 4 --ldb 5 --ldc 6",
            "./rocblas-bench -f axpy_ex -n 2 --alpha 1.5 --a_type f32_r --b_type f32_r --incx 1 --c_type f32_r --incy 1 --compute_type f32_r",
            "./rocblas-bench -f scal --a_type f32_c --b_type f32_r -n 2 --alpha 1.5 --incx 1",
            "./rocblas-bench -f scal --a_type f32_c --b_type f32_c -n 2 --alpha 1.5 --incx 1",
            "./rocblas-bench -f dot -r f32_c -n 2 --incx 1 --incy 1",
            "./rocblas-bench -f trmv -r f32_r --uplo U --transposeA N --diag U -n 2 --lda 4 --incx 1",
        ]
    );

    // rocBLAS 5.x: the files were removed; a new handle makes them again
    std::fs::remove_file(&trace).unwrap();
    std::fs::remove_file(&bench).unwrap();
    let h = new_handle(5);
    unsafe {
        assert_eq!(rocblas_saxpy(h, 2, &alpha, x, 1, y, 1), 0);
        assert_eq!(rocblas_set_atomics_mode(h, rocblas_atomics_allowed), 0);
        assert_eq!(rocblas_saxpy(h, 2, &alpha, x, 1, y, 1), 0);
        assert_eq!(rocblas_destroy_handle(h), 0);
    }
    assert_eq!(
        lines(&trace)[..2],
        [
            "rocblas_create_handle,atomics_not_allowed".to_string(),
            format!("rocblas_saxpy,2,1.5,{x_},1,{y_},1,atomics_not_allowed"),
        ]
    );
    let raw = std::fs::read_to_string(&bench).unwrap();
    assert_eq!(
        raw,
        "./rocblas-bench -f axpy -r f32_r -n 2 --alpha 1.5 --incx 1 --incy 1 \n\
        ./rocblas-bench -f axpy -r f32_r -n 2 --alpha 1.5 --incx 1 --incy 1 --atomics_allowed\n"
    );

    // rocBLAS 2.47: a new handle truncates the files; trmv's order is -m
    let h = new_handle(2);
    unsafe {
        assert_eq!(rocblas_strmv(h, 121, 111, 132, 2, a, 4, x, 1), 0);
        assert_eq!(rocblas_destroy_handle(h), 0);
    }
    assert_eq!(
        lines(&bench),
        ["./rocblas-bench -f trmv -r f32_r --uplo U --transposeA N --diag U -m 2 --lda 4 --incx 1"]
    );
    assert_eq!(lines(&trace)[0], "rocblas_create_handle,atomics_allowed");
    let _ = std::fs::remove_dir_all(&dir);
}
